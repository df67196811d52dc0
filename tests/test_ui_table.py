"""The table the screens call (ui/table.py), without Kivy and without a window: a
shell that records what the table asks of the screens stands in for the app."""
import subprocess
import sys
from pathlib import Path

from ui_fixtures import FakeClock, FakeSpeaker, StubRig

from companion.config import Config
from companion.inputs import InputEvent
from companion.session import Session
from companion.store import Store, StoreError
from ui import prefs
from ui.table import TOUR_SEEN, Table

ROOT = Path(__file__).resolve().parent.parent


class Screen:
    def __init__(self, name):
        self.name = name
        self.refreshed = 0
        self.reset_done = False
        self.chosen = None

    def refresh(self):
        self.refreshed += 1

    def reset(self):
        self.reset_done = True

    def choose(self, game_id):
        self.chosen = game_id

    def correct(self):
        return False


class Shell:
    """What ui/app.py gives the table: the screens, the toast, the properties kv reads."""

    def __init__(self):
        self.screens: dict[str, Screen] = {}
        self.shown: list[str] = []
        self.toasts: list[tuple[str, str]] = []
        self.flashes: list[str] = []
        self.tours: list = []
        self.lang = self.title = self.notice_text = self.key_help_text = ""
        self.pads_present = False

    def current(self):
        return self.shown[-1] if self.shown else None

    def show(self, name):
        self.screen(name)
        self.shown.append(name)

    def screen(self, name):
        return self.screens.setdefault(name, Screen(name))

    def made(self, name):
        return name in self.screens

    def redraw(self):
        self.screen(self.current()).refresh()

    def show_toast(self, text, kind="info", seconds=3.0):
        self.toasts.append((text, kind))

    def hide_toast(self):
        self.toasts.append(("", "hidden"))

    def flash(self, text, seconds):
        self.flashes.append(text)

    def open_tour(self, steps, done):
        self.tours.append((steps, done))
        return steps


def make(store=None, **kwargs):
    store = store or Store.memory()
    shell = Shell()
    table = Table(shell, store, prefs.layered(Config(), store), clock=FakeClock(), **kwargs)
    table.attach_rig(StubRig())
    return table, shell


def test_the_table_module_loads_no_kivy():
    code = "import sys, ui.table, ui.notices\nprint(any(n.split('.')[0] == 'kivy' for n in sys.modules))"
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True, cwd=ROOT)
    assert out.stdout.split() == ["False"]


def test_a_start_with_nothing_saved_shows_home_and_the_idle_timer():
    table, shell = make()
    table.start()
    assert shell.shown == ["home"] and shell.lang == "en"
    assert shell.timer_text == "60" and shell.timer_phase == "idle"
    assert "R / Space" in shell.key_help_text          # the keys of the simulated buttons


def test_a_new_game_opens_its_table_says_who_starts_and_the_tour_once():
    table, shell = make()
    table.start()
    assert table.start_game("dice", [{"name": "Anna"}, {"name": "Ben"}], {}) is None
    assert shell.current() == "dice" and table.session.game.id == "dice"
    assert table.notices.last_toast.endswith("(drawn at random)") and table.rig.played == ["success"]
    assert len(shell.tours) == 1
    steps, done = shell.tours[0]
    done()
    assert table.store.get_setting(TOUR_SEEN) is True
    table.go("home")
    table.open_table()
    assert len(shell.tours) == 1                       # never again


def test_a_button_acts_only_at_the_table_and_undo_redo_take_the_step_back_and_again():
    table, shell = make()
    table.start()
    table.start_game("dice", [{"name": "Anna"}, {"name": "Ben"}], {})
    table.go("home")
    assert table.on_input(InputEvent.ROLL) is None and table.session.head == 0
    table.open_table()
    assert table.on_input(InputEvent.ROLL).ok and table.session.head == 1
    assert shell.screen("dice").refreshed >= 1          # the committed state is on screen first
    assert table.undo().ok and table.session.head == 0
    assert table.redo().ok and table.session.head == 1
    refused = table.redo()
    assert not refused.ok and shell.toasts[-1] == ("Nothing to redo.", "error")
    assert table.rig.played[-1] == "warning"


def test_resume_and_play_again_reopen_the_last_table():
    store = Store.memory()
    first = Session.create(store, "dice", [{"name": "Anna"}, {"name": "Ben"}], {})
    table, shell = make(store)
    table.start()                                      # the last unfinished game reopens
    assert shell.current() == "dice" and table.session.id == first.id
    table.play_again()
    assert table.session.id != first.id and table.session.setup["players"] == first.setup["players"]
    table.resume(first.id)
    assert table.session.id == first.id and shell.current() == "dice"


def test_deleting_the_open_game_closes_it_and_leaves_the_table():
    table, shell = make()
    table.start()
    table.start_game("dice", [{"name": "Anna"}, {"name": "Ben"}], {})
    table.go("sessions")
    table.delete_session(table.session.id)
    assert table.session is None and table.store.list_sessions() == []
    table.go("dice")
    assert shell.current() == "home"                   # no table to go to


def test_a_setting_that_cannot_be_saved_changes_nothing_and_says_why(monkeypatch):
    table, shell = make()
    table.start()

    def locked(*_args):
        raise StoreError("locked", "the saved games are locked")
    monkeypatch.setattr(table.store, "set_setting", locked)
    said = table.change_setting("timer.seconds", 90)
    assert said and shell.toasts[-1][1] == "error" and table.cfg.timer.seconds == 60


def test_a_new_language_reaches_every_word_the_table_sets():
    table, shell = make(config_errors=["colour: unknown key"])
    table.start()
    table.set_language("de")
    assert shell.lang == "de" and table.t.lang == "de" and shell.title
    assert table.store.get_setting("language") == "de"
    assert shell.notice_text == table.t("notice.config", count=1)
    assert shell.timer_caption == table.t("timer.idle")


def test_a_cue_flashes_the_badge_off_a_pi_and_the_voice_says_the_steps():
    speaker = FakeSpeaker()
    table, shell = make()
    table.attach_speaker(speaker)
    table.start()
    table.on_cue("tick")
    assert shell.flashes == [table.t("cue.badge", cue=table.t("cue.tick"))]
    table.start_game("dice", [{"name": "Anna"}, {"name": "Ben"}], {})
    said = len(speaker.queued)
    assert said >= 1                                   # who starts
    table.on_input(InputEvent.CONFIRM)                 # the turn passes: said
    assert len(speaker.queued) > said
