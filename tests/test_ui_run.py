"""`companion run` end to end, in its own process: the real composition root with
the real hardware rig (simulated), the Kivy event loop, keyboard keys for buttons."""
import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

pytestmark = pytest.mark.ui

ROOT = Path(__file__).resolve().parent.parent

# Runs inside the child: schedules a few key presses, then reports what the app shows and stops it.
DRIVER = r"""
import json, sys
from ui.cli import kivy_log_to_terminal, main
kivy_log_to_terminal("--verbose" in sys.argv)     # as main() does, before this driver imports Kivy
from kivy.clock import Clock

def press(key, text):
    from kivy.core.window import Window
    Window.dispatch("on_key_down", key, 0, text, [])
    Window.dispatch("on_key_up", key, 0)

def step1(_dt):
    from kivy.app import App
    app = App.get_running_app()
    report["start_screen"] = app.sm.current
    report["banner"] = app.notice_text
    report["keys"] = app.key_help_text
    press(114, "r")  # R stands in for the ROLL button
    Clock.schedule_once(step2, 0.3)

def step2(_dt):
    from kivy.app import App
    from kivy.core.window import Window
    app = App.get_running_app()
    report["head"] = app.table.session.head if app.table.session else None
    # (the dice screen's words where it is the one shown: asking for it elsewhere would build it)
    report["headline"] = app.screen("dice").ids.headline.text if app.sm.current == "dice" else None
    report["window"] = list(Window.size)
    Clock.schedule_once(step3, 0.6)    # past the settling of the heap, 0.5 s after the first frame

def step3(_dt):
    import gc
    from kivy.app import App
    report["gc"] = gc.isenabled()
    from kivy.lang import Builder
    from ui.widgets.looks import LATER_KV
    report["later_looks"] = all(str(kv) in Builder.files for kv in LATER_KV)    # read on a frame right after the first
    App.get_running_app().stop()

def at_start(_dt):    # the first frame's tick: what start read to draw the table
    from kivy.lang import Builder
    from ui.widgets.looks import LATER_KV
    report["start_read_later_looks"] = sorted(kv.stem for kv in LATER_KV if str(kv) in Builder.files)
    from companion.games import folders
    report["start_games"] = sorted(m.split(".")[2] for m in sys.modules
                                   if m.startswith("companion.games.") and m.split(".")[2] in folders())
    report["start_board"] = "companion.board" in sys.modules
    # what a start makes only where it is needed: TOML with a config file to read, the words
    # of what a game remembers (companion/games/memory_view.py) with a game that remembers
    report["start_modules"] = sorted(m for m in ("tomllib", "companion.games.memory_view") if m in sys.modules)

report = {}
Clock.schedule_once(at_start, 0)
Clock.schedule_once(step1, 0.5)
code = main(sys.argv[1:])
print("REPORT " + json.dumps(report))
sys.exit(code)
"""


@pytest.fixture(scope="module")
def cache(tmp_path_factory):
    """The user's cache dir (the parsed catalogue and kv files, Mesa's shaders), kept from one
    start to the next as a person's is: the first start of the module fills it, the others
    read it (~0.25 s of CPU a start). The first start of all, with none, is
    test_companion_run_reopens_the_table_and_takes_keys's own."""
    return tmp_path_factory.mktemp("cache")


def run_companion(tmp_path, *args, driver=DRIVER, cache=None):
    env = dict(os.environ, SDL_VIDEODRIVER="offscreen", SDL_AUDIODRIVER="dummy", KIVY_NO_ARGS="1",
               KIVY_HOME=str(tmp_path / "kivy"), XDG_CACHE_HOME=str(cache or tmp_path / "cache"),
               PYTHONPATH=str(ROOT))
    for name in ("KIVY_NO_CONSOLELOG", "KIVY_LOG_MODE"):     # as a terminal has it: the app decides
        env.pop(name, None)
    done = subprocess.run([sys.executable, "-c", driver, "run", *args], cwd=ROOT, env=env,
                          capture_output=True, text=True, timeout=120)
    lines = [line for line in done.stdout.splitlines() if line.startswith("REPORT ")]
    assert lines, done.stderr[-3000:]
    run_companion.terminal = done.stdout + done.stderr     # what the person who started it saw
    return done.returncode, json.loads(lines[-1][len("REPORT "):])


def test_companion_run_reopens_the_table_and_takes_keys(tmp_path):
    from companion.session import Session
    from companion.store import Store

    data = tmp_path / "data"
    store = Store.open(data)
    Session.create(store, "dice", ["Anna", "Ben"])  # an unfinished table from last night
    store.set_setting("tour.seen", True)            # (played before: no first-run tour over it)
    store.close()
    config = tmp_path / "config.toml"
    config.write_text('language = "de"\nvolume = 11\n', encoding="utf-8")

    code, report = run_companion(tmp_path, "--data-dir", str(data), "--config", str(config),
                                 "--simulate", "--size", "800x480")
    assert code == 0
    assert report["start_screen"] == "dice"  # straight back to the unfinished table
    # start reads only what the table is drawn with: its one game, and its seats' tokens (their
    # figures from the game's seat_figures, without companion.board's Board; SeatCard reads its
    # own look, seats.kv, and none of the other later looks), the rest of the later looks on the
    # frames right after the first, before anybody can tap
    assert report["start_games"] == ["dice"]      # the engine aside, one game's folder
    assert report["start_board"] is False     # the dice table's seats: each one's last roll, no Board
    assert report["start_modules"] == ["tomllib"]     # the config file read; the dice table remembers nothing
    assert report["start_read_later_looks"] == ["seats"] and report["later_looks"] is True
    assert report["banner"].startswith("Die Konfigurationsdatei hat 1 Problem;")
    assert report["keys"].startswith("Tasten: R / Leertaste: ROLL  ·  T: TIMER  ·  Eingabe / C: CONFIRM")
    assert report["head"] == 1  # the R key rolled, through the real keyboard stand-in
    assert report["headline"].endswith("ist dran")
    assert report["window"] == [800, 480]
    assert report["gc"] is True   # off while the table is built, on again once it is up
    # the terminal: a short summary, the config problem named, none of Kivy's own log
    terminal = run_companion.terminal
    assert "Buttons are keys here: R / Space = ROLL, T = TIMER, Enter / C = CONFIRM, U / Backspace = UNDO, Y / Shift+U = UNDO held" in terminal and "Quit: close the window" in terminal
    assert f"Games are saved in: {data / 'cellmate.db'}" in terminal
    assert f"Config: {config}" in terminal and "Config problem:" in terminal and "volume" in terminal
    assert "[Kivy" not in terminal and "[GL" not in terminal and "Traceback" not in terminal


# A German Dig table: its place "Aufenthaltsraum" is wider than its tile, at the first frame and once the
# German hyphenation dictionary has been read (on a thread after the first frame).
DICTIONARY_DRIVER = r"""
import json, sys, threading
from ui.cli import kivy_log_to_terminal, main
kivy_log_to_terminal(False)
from kivy.clock import Clock

def place():
    # the first seat's name as its token draws it, at 24 px
    from kivy.app import App
    screen = App.get_running_app().screen("game")
    return screen.seat_tokens(6)[0].ids.name.text

def at_start(_dt):
    from ui import wrapping
    report["start_read"] = sorted(wrapping._loaded)
    report["start_place"] = place()
    Clock.schedule_interval(wait, 0.05)

def wait(_dt):
    from ui import wrapping
    reading = [t for t in threading.enumerate() if t.name == "cellmate-hyphenation"]
    if not reading and not wrapping._loaded:
        return True     # not begun yet: it begins on the frame after the first
    for thread in reading:
        thread.join(30)
    report["read"] = sorted(wrapping._loaded)
    report["read_place"] = place()      # read, and the words not yet broken again
    Clock.schedule_once(done, 0.2)
    return False      # the words broken again: hopped to the main thread, then drawn

def done(_dt):
    from kivy.app import App
    report["place"] = place()
    App.get_running_app().stop()

report = {}
Clock.schedule_once(at_start, 0)
code = main(sys.argv[1:])
print("REPORT " + json.dumps(report))
sys.exit(code)
"""


def test_a_german_table_starts_without_waiting_for_its_hyphenation_dictionary_then_breaks_by_it(tmp_path, cache):
    """Reading the German dictionary takes ~0.6 s here (seconds on a Pi): the first frame
    does not wait for it (a German game screen started some 0.8 s later). A seat's long
    name breaks after as many letters as fit meanwhile ("Donaudam-" / "pfschiffahrt"
    beside its chip), and by the dictionary once a thread has read it: "Donaudampf-" /
    "schiffahrt", the chip under the name when the dictionary's break takes three lines
    beside it (SeatCard._place_chip), as on a table whose dictionary was there at once."""
    from companion.session import Session
    from companion.store import Store

    data = tmp_path / "data"
    store = Store.open(data)
    Session.create(store, "dig", ["Donaudampfschiffahrt", "Ben", "Cleo", "Dora", "Emil", "Fenja"])   # tokens of six
    store.set_setting("tour.seen", True)
    store.close()
    config = tmp_path / "config.toml"
    config.write_text('language = "de"\n', encoding="utf-8")
    code, report = run_companion(tmp_path, "--data-dir", str(data), "--config", str(config), "--simulate",
                                 "--size", "800x480", driver=DICTIONARY_DRIVER, cache=cache)
    assert code == 0
    assert report["start_read"] == []                   # the first frame did not wait for it
    assert report["start_place"].replace("-\n", "") == "Donaudampfschiffahrt"
    assert report["read"] == ["de_DE"], report
    # read, and not yet broken again: after as many letters as fit (not where the dictionary says)
    assert report["read_place"].replace("-\n", "") == "Donaudampfschiffahrt", report
    assert report["read_place"] != report["place"], report
    assert report["place"] == "Donaudampf-\nschiffahrt", report                 # then the dictionary's, two lines


def test_companion_run_verbose_shows_kivys_log(tmp_path, cache):
    code, report = run_companion(tmp_path, "--data-dir", str(tmp_path / "data"), "--simulate", "--verbose",
                                 cache=cache)
    assert code == 0 and report["start_screen"] == "home"
    assert "[Kivy" in run_companion.terminal and "Games are saved in:" in run_companion.terminal


def test_a_config_that_cannot_be_looked_at_and_a_wrong_size_are_problems_named_not_a_stop(tmp_path, cache):
    # (as the service user finding root's config: stat itself fails; a name too long does that for root too)
    config = tmp_path / ("x" * 300 + ".toml")
    code, report = run_companion(tmp_path, "--data-dir", str(tmp_path / "data"), "--simulate", "--config", str(config),
                                 "--size", "10x10", cache=cache)
    terminal = run_companion.terminal
    assert code == 0 and report["start_screen"] == "home", terminal[-2000:]
    assert report["start_modules"] == []      # no config file read: no TOML parser
    assert report["window"] == [800, 480]
    assert "companion: --size 10x10 is too small (at least 320x240); using the configured size" in terminal
    assert f"Config: {config} (cannot be read: the defaults)" in terminal
    assert f"Config problem: config file {config} cannot be read (" in terminal and "Traceback" not in terminal


def test_an_unexpected_error_at_start_is_said_in_a_line_not_a_silent_exit(tmp_path):
    # a bug, not a bad file: Kivy's quiet log would take the traceback into its file and exit 1 silently
    broken = ("import sys\nfrom ui.cli import kivy_log_to_terminal, main\nkivy_log_to_terminal(False)\n"
              "import ui.start\n"
              "def run_app(args):\n    raise RuntimeError('the screen fell over')\n"
              "ui.start.run_app = run_app\nsys.exit(main(sys.argv[1:]))\n")
    env = dict(os.environ, SDL_VIDEODRIVER="offscreen", SDL_AUDIODRIVER="dummy", KIVY_NO_ARGS="1",
               KIVY_HOME=str(tmp_path / "kivy"), PYTHONPATH=str(ROOT))
    for name in ("KIVY_NO_CONSOLELOG", "KIVY_LOG_MODE"):
        env.pop(name, None)
    done = subprocess.run([sys.executable, "-c", broken, "run", "--simulate"], cwd=ROOT, env=env,
                          capture_output=True, text=True, timeout=120)
    assert done.returncode == 1
    assert ("companion: Cellmate stopped on an unexpected error (RuntimeError: the screen fell over). "
            "Start it with --verbose to see the whole report.") in done.stderr
    assert "Traceback" not in done.stdout + done.stderr


def test_no_look_read_after_the_first_frame_can_override_a_subclass_look():
    """Kivy applies a widget's rules in the order their files were read: a base look
    read after the first frame (ui/widgets/looks.py LATER) would undo a dialog's or a
    button's own look read at start (a ManualDieDialog back at the base size)."""
    import re
    from pathlib import Path

    import importlib

    from kivy.factory import Factory

    from ui.widgets.looks import LATER_KV
    ui_dir = Path(__file__).resolve().parent.parent / "ui"
    for module in sorted(ui_dir.rglob("*.py")):     # every widget class registered
        importlib.import_module(".".join(module.relative_to(ui_dir.parent).with_suffix("").parts))
    rule = re.compile(r"^<([A-Za-z]\w*)(?:@([\w+]+))?>:", re.M)
    later = {name for kv in LATER_KV for name, _ in rule.findall(kv.read_text(encoding="utf-8"))}
    elsewhere = [(path.name, name, bases) for path in ui_dir.rglob("*.kv") if path not in LATER_KV
                 for name, bases in rule.findall(path.read_text(encoding="utf-8"))]
    clashes = []
    for where, name, bases in elsewhere:
        parents = bases.split("+") if bases else [c.__name__ for c in Factory.get(name).__mro__[1:]]
        clashes += [f"{where}: <{name}> under <{base}>" for base in parents if base in later]
    assert clashes == []


def test_a_data_dir_in_the_config_that_is_a_file_is_named_as_the_config_problem_it_is(tmp_path, cache):
    """"memory only" alone left the person at the terminal guessing why (issue 31, section 4)."""
    (tmp_path / "file").write_text("x")
    config = tmp_path / "config.toml"
    config.write_text(f'data_dir = "{tmp_path / "file"}"\n', encoding="utf-8")
    code, report = run_companion(tmp_path, "--config", str(config), "--simulate", cache=cache)
    terminal = run_companion.terminal
    assert code == 0 and report["start_screen"] == "home", terminal[-2000:]
    assert "Games are saved in: nowhere: this run keeps games in memory only" in terminal
    assert (f"Config problem: data_dir: {tmp_path / 'file'}: it is not a folder but a file; games are kept in "
            "memory only") in terminal


def test_a_named_pipe_as_the_config_is_refused_at_once_and_the_app_starts(tmp_path, cache):
    """Reading a FIFO nobody writes to waited forever: the app never started (issue 31, section 4).
    And a --data-dir that cannot be used says why beside "memory only"."""
    config = tmp_path / "config.toml"
    os.mkfifo(config)
    (tmp_path / "file").write_text("x")
    code, report = run_companion(tmp_path, "--config", str(config), "--data-dir", str(tmp_path / "file"),
                                 "--simulate", cache=cache)
    terminal = run_companion.terminal
    assert code == 0 and report["start_screen"] == "home", terminal[-2000:]
    assert f"Config: {config} (cannot be read: the defaults)" in terminal
    assert (f"Config problem: config file {config} is not a file but a named pipe (FIFO); using all defaults"
            in terminal)
    assert f"Why: {tmp_path / 'file'}: it is not a folder but a file; games are kept in memory only" in terminal
