"""Starting Cellmate: what runs before the app exists and around it.

`run_app(args)` is what `companion run` calls: the config, the store, Kivy's
window options (configure_kivy), the rig, then the app (ui/app.py CellmateApp,
the composition root) and its loop; what waits for the first frame (the seat
pads, the voice, the looks not drawn at start) and what a terminal is told
(start_summary). Tests use `build_app(...)`, which builds the same widget tree
without running the event loop, `close_app` and `screenshot(path)`.
"""
from __future__ import annotations

import gc
import logging
import os
import sys
from dataclasses import replace
from pathlib import Path

from companion import __version__
from companion import config as config_file
from companion.i18n import Catalogue, warm_up
from companion.store import Store, StoreError

from . import prefs
from .app import CellmateApp  # before anything of Kivy's: it picks Kivy's clock (hardware/mainthread.py)

log = logging.getLogger(__name__)


# -- Kivy set-up, before any window exists ---------------------------------------
def configure_kivy(width: int, height: int, fullscreen: bool = False) -> None:
    """Window size and input options; must run before kivy.core.window is imported."""
    from kivy.config import Config as KivyConfig

    KivyConfig.set("graphics", "width", str(width))
    KivyConfig.set("graphics", "height", str(height))
    KivyConfig.set("graphics", "fullscreen", "auto" if fullscreen else "0")
    KivyConfig.set("input", "mouse", "mouse,multitouch_on_demand")  # no red multitouch dots
    # No multisampling: every pixel of every frame costs 2-4 samples for nothing on a
    # screen of rectangles and text (text comes antialiased in its texture); the few
    # slanted edges (chip shapes, round corners) are smoothed by Smooth* instructions.
    KivyConfig.set("graphics", "multisamples", "0")
    if fullscreen:
        # The kiosk: a touchscreen with no keyboard, so names are typed on a docked one.
        KivyConfig.set("kivy", "keyboard_mode", "systemanddock")
        KivyConfig.set("graphics", "show_cursor", "0")
    if "kivy.core.window" in sys.modules:  # already open (tests): just resize
        from kivy.core.window import Window
        if not fullscreen:
            Window.size = (width, height)



def parse_size(text: str | None) -> tuple[int, int] | None:
    if not text:
        return None
    try:
        width, height = (int(part) for part in text.lower().split("x"))
    except ValueError:
        raise ValueError(f"--size must look like 800x480, not {text!r}") from None
    if width < 320 or height < 240:
        raise ValueError(f"--size {text} is too small (at least 320x240)")
    return width, height


# -- for tests: the same tree without the event loop ---------------------------------
def build_app(config: config_file.Config | None = None, store: Store | None = None, rig=None, *,
              pads=None, **kwargs) -> CellmateApp:
    """Build the app and put its root in the (already configured) window.

    ``pads``: None leaves the seat pads out (most tests); True opens them as
    run_app does ([pads] in ``config``: simulated = N gives N pads on ptys); a
    dict opens them with these PadHub options (e.g. ``{"poll": 0.05}``); a
    PadHub (started) is used as it is."""
    from kivy.base import EventLoop

    EventLoop.ensure_window()
    app = CellmateApp(config or config_file.Config(), store or Store.memory(), rig, **kwargs)
    root = app.build()
    EventLoop.window.add_widget(root)
    if isinstance(pads, dict):
        app.table.open_pads(**pads)
    elif pads is True:
        app.table.open_pads()
    elif pads is not None:
        app.table.attach_pads(pads)
    return app


def close_app(app: CellmateApp) -> None:
    """Undo build_app: close dialogs, take the root off the window, shut down."""
    from kivy.base import EventLoop
    from kivy.uix.modalview import ModalView

    window = EventLoop.window
    for child in list(window.children):
        if isinstance(child, ModalView):
            child.dismiss(animation=False)
            window.remove_widget(child)
    if app.root is not None and app.root.parent is window:
        window.remove_widget(app.root)
    app.dispatch("on_stop")  # kv's `app` proxy forgets this app only on on_stop; shuts down too


def screenshot(path: str | Path, frames: int = 30) -> Path:
    """Save what the window shows to `path` (PNG), grabbed right after a frame is drawn."""
    from kivy.base import EventLoop

    window = EventLoop.window
    path = Path(path)
    path.parent.mkdir(parents=True, exist_ok=True)
    done: list[str] = []

    def grab(*_):
        window.unbind(on_flip=grab)
        done.append(window.screenshot(name=str(path.with_name(path.stem + "-grab.png"))))

    window.bind(on_flip=grab)
    for _ in range(frames):
        window.canvas.ask_update()
        EventLoop.idle()
        if done:
            break
    window.unbind(on_flip=grab)
    if not done:
        raise RuntimeError("no frame was drawn")
    os.replace(done[0], path)
    return path


# -- the real thing -----------------------------------------------------------------
def run_app(args) -> int:
    config_path = getattr(args, "config", None) or config_file.default_path()
    config, errors = config_file.load(config_path)
    simulated_pads = getattr(args, "pads", None)
    if simulated_pads is not None:      # --pads N: N simulated seat pads, keys 1-8 press them
        config = replace(config, pads=replace(config.pads, enabled=True, simulated=simulated_pads))
    data_dir = getattr(args, "data_dir", None) or config.data_dir or None
    store = Store.open(data_dir)
    layered = prefs.layered(config, store)
    try:
        size = parse_size(getattr(args, "size", None))
    except ValueError as exc:
        size = None
        # (sys.__stderr__: Kivy's quiet log takes sys.stderr into its file)
        print(f"companion: {exc}; using the configured size", file=sys.__stderr__ or sys.stderr)
    width, height = size or (layered.display.width, layered.display.height)
    fullscreen = bool(getattr(args, "fullscreen", False) or layered.display.fullscreen)
    configure_kivy(width, height, fullscreen)

    app = CellmateApp(config, store, config_path=config_path, config_errors=errors)
    # Kivy's graphics context runs a full collection of its own as the window opens (the
    # collector being off does not stop it): what start has made so far (Kivy, the games,
    # the catalogue) lives as long as the app, so it is set aside for that walk, some 2 ms
    # here; _settle_heap takes it back once the table is up.
    gc.freeze()
    from hardware.rig import open_rig  # after configure_kivy: the keyboard stand-in opens the window

    # The buzzer is switched on and off in the app (settings screen, at once), so the
    # rig claims it whenever the file or the setting may want it.
    cfg = app.table.cfg
    rig_config = prefs.with_value(cfg, "buzzer.enabled", config.buzzer.enabled or cfg.buzzer.enabled)
    rig = open_rig(rig_config, app.table.on_input, on_cue=app.table.on_cue, simulate=getattr(args, "simulate", None))
    app.table.attach_rig(rig)
    _after_the_first_frame(app)   # [pads] enabled: look for seat pads (and start the simulated ones)
    _keep_going_when_the_file_refuses(app)
    if not getattr(args, "quiet", False):
        print("\n".join(start_summary(app, config_path, errors, verbose=bool(getattr(args, "verbose", False)),
                                     config_data_dir="" if getattr(args, "data_dir", None) else config.data_dir)),
              flush=True)
    if os.environ.get("CELLMATE_BENCH_MARK"):
        _mark_first_frame(app, quit_after=bool(os.environ.get("CELLMATE_BENCH_EXIT")))
    try:
        app.run()
    finally:
        app.shutdown()
    return 0


def start_summary(app: CellmateApp, config_path, errors, verbose: bool = False,
                  config_data_dir: str = "") -> list[str]:
    """What someone starting Cellmate from a terminal needs: the keys, how to quit,
    where the games are saved (and why nowhere), what is wrong in the config (with
    config_data_dir, the config's data_dir the games went to). Kivy's own log stays
    out of the terminal unless --verbose (README "Two commands")."""
    lines = [f"Cellmate {__version__}: the game master is on the table."]
    rig = app.table.rig
    if rig is not None and app.table.rig_mode() == "simulated":
        words = Catalogue("en")     # the buttons' own labels, as on screen
        keys = ", ".join(f"{label} = {words('input.' + event.value)}" for label, event in getattr(rig, "key_help", ()))
        lines.append(f"  Buttons are keys here: {keys}")
        if getattr(rig, "notice", None):
            lines.append(f"  ({rig.notice})")
    else:
        lines.append("  Buttons: the GPIO push buttons (README \"Buttons and buzzer\")")
    pads = app.table.cfg.pads                 # (the hub itself starts after the first frame)
    if pads.enabled and pads.simulated:
        lines.append(f"  Seat pads: {pads.simulated} simulated; keys 1-8 press MAIN, Shift+1-8 DONE")
    if app.table.cfg.phones.enabled:          # (the server starts after the first frame; no key said here)
        lines.append(f"  Phones at the table: on, port {app.table.cfg.phones.port}; the code to scan is in the "
                     "Phones dialog")
    lines.append("  Quit: close the window, or Ctrl+C here")
    store = app.store
    where = store.path if store.path is not None else "nowhere: this run keeps games in memory only"
    lines.append(f"  Games are saved in: {where}")
    why = None
    if store.path is None and store.notice:     # why nowhere: the words of the notice on the screen
        why = store.notice_params.get("reason") or Catalogue("en")(store.notice, **store.notice_params)
    try:
        there = Path(config_path).is_file() or (None if Path(config_path).exists() else False)
    except (OSError, ValueError):       # not to be looked at (another user's home): its problem is in `errors`
        there = None
    config_text = (str(config_path) if there else f"{config_path} (none there: the defaults)" if there is False
                   else f"{config_path} (cannot be read: the defaults)")
    lines.append(f"  Config: {config_text}")
    for problem in errors:
        lines.append(f"  Config problem: {problem}")
    if why:
        place = config_data_dir or store.notice_params.get("dir") or store.notice_params.get("path")
        said = f"{place}: {why}" if place else why
        # the config's data_dir names what cannot be used: a problem of the config's, said as one
        lines.append(f"  Config problem: data_dir: {said}; games are kept in memory only" if config_data_dir
                     else f"  Why: {said}; games are kept in memory only")
    if not verbose:
        lines.append("  Kivy's own log: start with --verbose to see it here")
    return lines


def _after_the_first_frame(app: CellmateApp) -> None:
    """The seat pads' hub (its module, its threads, its first look for ports) and the
    voice are started once the table is on the screen, the looks the table was not
    drawn with, fluent.runtime (i18n.warm_up), pickle (a press copies its state
    with it: Game.copy) and the recycled lists (ui/widgets/rows.py) are read, and the hyphenation
    dictionary of the table's language (on a thread: ~0.6 s for the German one; the words drawn before it is read break
    between letters, and again by it once read): nothing at start waits for them;
    then the heap is settled (_settle_heap)."""
    from importlib import import_module

    from kivy.clock import Clock
    from kivy.core.window import Window

    from hardware.mainthread import to_main_thread

    from .widgets.looks import load_later_looks
    from .widgets.text import rebreak_words
    from .wrapping import prepare, put_off

    lang = app.table.t.lang
    put_off(lang)
    read = to_main_thread(lambda: app.closed or rebreak_words())

    def first(*_):
        Window.unbind(on_flip=first)
        Clock.schedule_once(lambda _dt: app.closed or load_later_looks(), 0)   # before any tap can need them
        Clock.schedule_once(lambda _dt: app.closed or warm_up(lang), 0)       # fluent.runtime: the same
        Clock.schedule_once(lambda _dt: import_module("pickle"), 0)   # a press's copy of the state (Game.copy)
        Clock.schedule_once(lambda _dt: import_module("ui.widgets.rows"), 0)   # the log's and Past games' lists
        Clock.schedule_once(lambda _dt: app.closed or app.table.open_pads(), 0)
        Clock.schedule_once(lambda _dt: app.closed or app.table.phones.open(), 0)   # [phones] on
        Clock.schedule_once(lambda _dt: app.closed or _open_speaker(app), 0)
        Clock.schedule_once(lambda _dt: app.closed or prepare(lang, then=read), 0)
        Clock.schedule_once(_settle_heap, 0.5)

    Window.bind(on_flip=first)


def _open_speaker(app: CellmateApp) -> None:
    """The voice, looked for once the table is up and on a thread of its own: asking
    espeak-ng for its voices runs a process per language, and no frame waits for them."""
    import threading

    from hardware.mainthread import to_main_thread
    from hardware.speaker import Speaker

    config, lang, failed = app.table.cfg.speech, app.table.t.lang, to_main_thread(app.table.voice_failed)

    def attach(speaker) -> None:
        if app.closed:
            speaker.close()
        else:
            app.table.attach_speaker(speaker)

    attach_there = to_main_thread(attach)
    threading.Thread(target=lambda: attach_there(Speaker(config, lang, on_problem=failed)),
                     name="cellmate-voice", daemon=True).start()


def _settle_heap(*_) -> None:
    """Once the table is up: what start built (Kivy, the kv rules, the screens, the
    catalogue) lives as long as the app, so the garbage collector stops walking it.
    Collection stays on for everything made from here on; a full collection then
    takes a few ms instead of ~30 ms in the middle of some press. (What run_app set aside
    before the window opened is looked at with the rest first: its garbage collected too.)"""
    gc.unfreeze()
    gc.collect()
    gc.freeze()
    gc.enable()    # off from the start of `companion run` (ui/cli.py) until now


def _keep_going_when_the_file_refuses(app: CellmateApp) -> None:
    """The last net under every tap: the saved games refusing a read or a write
    (another program locked them mid-game) is said on screen; the app goes on."""
    from kivy.base import ExceptionHandler, ExceptionManager

    class StoreTrouble(ExceptionHandler):
        def handle_exception(self, exc):
            if not isinstance(exc, StoreError):
                return ExceptionManager.RAISE
            log.warning("the saved games refused: %s", exc)
            app.table.toast(app.table.t.error(exc), "error")
            return ExceptionManager.PASS

    ExceptionManager.add_handler(StoreTrouble())


BENCH_MARK = "CELLMATE-FIRST-FRAME"


def _mark_first_frame(app, quit_after: bool) -> None:
    """For scripts/bench: say when the first frame is on the screen (and stop if asked)."""
    from kivy.core.window import Window

    def first(*_):
        Window.unbind(on_flip=first)
        print(BENCH_MARK, flush=True)
        if quit_after:
            app.stop()

    Window.bind(on_flip=first)
