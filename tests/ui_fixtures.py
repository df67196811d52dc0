"""Shared pieces for the UI tests: one offscreen window, real widgets, real touches.

Kivy's Window is a process-wide singleton, so `kivy_window` is session-scoped;
each test builds its own app (and root) on it through `ui` and tears it down.
Touches are `kivy.tests.common.UnitTestTouch` events posted at a widget's
window position, so they go the same way a finger does: window -> root ->
screen -> the widget under the point.
"""
from __future__ import annotations

import os
import random
import tempfile
from pathlib import Path

# Headless and away from the user's ~/.kivy, before anything imports Kivy.
os.environ.setdefault("SDL_VIDEODRIVER", "offscreen")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
os.environ.setdefault("KIVY_NO_ARGS", "1")
os.environ.setdefault("KIVY_LOG_MODE", "PYTHON")
if "KIVY_HOME" not in os.environ:
    os.environ["KIVY_HOME"] = tempfile.mkdtemp(prefix="cellmate-kivy-")

import pytest  # noqa: E402

from companion.config import Config  # noqa: E402
from companion.inputs import InputEvent  # noqa: E402
from companion.store import Store  # noqa: E402

ROOT = Path(__file__).resolve().parent.parent
SHOTS = ROOT / "build" / "screenshots"
WIDTH, HEIGHT = 800, 480


class StubRig:
    """Stands in for hardware.rig.Rig: records what the app plays."""

    def __init__(self, mode="simulated", notice=None, key_help=None):
        self.mode = mode
        self.notice = notice
        self.key_help = key_help if key_help is not None else [
            ("R / Space", InputEvent.ROLL), ("T", InputEvent.TIMER), ("Enter / C", InputEvent.CONFIRM),
            ("U / Backspace", InputEvent.UNDO), ("Y / Shift+U", InputEvent.REDO)]
        self.played: list[str] = []
        self.closed = False

    def play(self, cue: str) -> None:
        self.played.append(cue)

    def close(self) -> None:
        self.closed = True


class FakeClock:
    """A monotonic clock the test moves by hand."""

    def __init__(self, now: float = 1000.0):
        self.now = now

    def __call__(self) -> float:
        return self.now

    def advance(self, seconds: float) -> None:
        self.now += seconds


class FirstSeat(random.Random):
    """Seeded dice, and the first-player draw fixed on seat `seat`."""

    def __init__(self, seat: int = 0, seed: int = 7):
        super().__init__(seed)
        self.seat = seat

    def randrange(self, start, stop=None, step=1):
        if stop is None:  # Session.create's draw of the first player
            return self.seat % start
        return super().randrange(start, stop, step)


def _no_frame_limit():
    """Frames as fast as they render: the 60 fps sleep would make up half the suite's time."""
    import sys
    from kivy.config import Config as KivyConfig
    KivyConfig.set("graphics", "maxfps", "0")
    if "kivy.clock" in sys.modules:  # someone imported Kivy's clock first: it read maxfps already
        from kivy.clock import Clock
        Clock._max_fps = 0.0


@pytest.fixture(scope="session")
def kivy_window():
    _no_frame_limit()
    from ui.app import configure_kivy

    configure_kivy(WIDTH, HEIGHT)
    from kivy.base import EventLoop

    EventLoop.ensure_window()
    window = EventLoop.window
    window.size = (WIDTH, HEIGHT)
    yield window


class UI:
    """Drives one built app: taps, frames, what is on screen, screenshots."""

    def __init__(self, app, rig, clock, data_dir):
        self.app = app
        self.rig = rig
        self.clock = clock
        self.data_dir = data_dir

    # -- frames
    def pump(self, frames: int = 2, draw: bool = False) -> None:
        """Run Kivy's frame work: clock events, layout, kv rules; drawing only when asked
        (a software-rendered frame costs more than everything else a test does)."""
        from kivy.base import EventLoop
        from kivy.clock import Clock
        from kivy.lang import Builder
        for _ in range(frames):
            if draw:
                EventLoop.idle()
                continue
            Clock.tick()
            Builder.sync()
            Clock.tick_draw()
            Builder.sync()

    # -- finding
    @property
    def screen(self):
        return self.app.sm.current_screen

    def ids(self, screen: str | None = None):
        return (self.app.screen(screen) if screen else self.screen).ids

    # -- touching
    def tap(self, widget, at=None) -> None:
        """Press and release a finger on the widget's centre (or a point in it)."""
        from kivy.tests.common import UnitTestTouch
        assert widget.get_root_window() is not None, f"{widget!r} is not on the window"
        x, y = widget.to_window(*(at or widget.center))
        view = _scrollview_of(widget)
        if view is not None:  # a finger can only reach what the ScrollView shows
            assert view.collide_point(*view.parent.to_widget(x, y)), f"{widget!r} is scrolled out of sight"
        touch = UnitTestTouch(x, y)
        touch.touch_down()
        touch.touch_up()
        if view is not None:
            self.wait(0.22)  # a ScrollView hands a tap on after 0.2 s (it may be a swipe)
        else:
            self.pump(1)

    def wait(self, seconds: float) -> None:
        import time
        end = time.monotonic() + seconds
        while time.monotonic() < end:
            time.sleep(0.01)
            self.pump(1)

    def type_into(self, text_input, text: str) -> None:
        """What the on-screen (or real) keyboard does: focus, replace, unfocus."""
        self.tap(text_input)
        text_input.select_all()
        text_input.delete_selection()
        text_input.insert_text(text)
        text_input.focus = False
        self.pump(1)

    def shot(self, name: str, widget=None) -> Path:
        """The window as drawn (dialogs included), or one widget rendered on its own."""
        from ui.app import screenshot
        self.wait(0.05)  # a tapped button shows "down" for 35 ms (min_state_time): not in the picture
        path = SHOTS / f"{name}.png"
        if widget is None:
            return screenshot(path)
        path.parent.mkdir(parents=True, exist_ok=True)
        widget.export_to_png(str(path))
        return path

    def texts(self, widget=None) -> list[str]:
        """Every label text under a widget: what a person can read there."""
        from kivy.uix.label import Label
        out = []
        for child in (widget or self.app.root).walk():
            if isinstance(child, Label) and child.text and child.opacity > 0:
                out.append(child.text)
        return out

    def modal(self):
        """The open dialog, if any (dialogs sit on the window, above the root)."""
        from kivy.uix.modalview import ModalView
        views = [c for c in self.app.root.get_root_window().children if isinstance(c, ModalView)]
        return views[0] if views else None


def start_table(ui, names=("Anna", "Ben", "Cleo")):
    """Home -> setup with these names -> Start; returns the dice screen's ids."""
    ui.tap(ui.ids().new_game)
    setup = ui.app.screen("setup")
    assert ui.app.sm.current == "setup"
    while len(setup.rows()) < len(names):
        ui.tap(setup.ids.add_seat)
    for row, name in zip(setup.rows(), names):
        ui.type_into(row.ids.name, name)
    ui.tap(setup.ids.start)
    assert ui.app.sm.current == "dice"
    return ui.ids("dice")


def _scrollview_of(widget):
    from kivy.uix.scrollview import ScrollView
    parent = widget.parent
    while parent is not None and parent is not parent.parent:
        if isinstance(parent, ScrollView):
            return parent
        parent = parent.parent
    return None


@pytest.fixture
def make_ui(kivy_window, tmp_path):
    """make_ui(data_dir=None, rig=None, clock=None, config=None, seat=0) -> UI; closed after the test."""
    from ui.app import build_app, close_app

    built = []

    def make(data_dir=None, rig=None, clock=None, config=None, seat=0, store=None, **kwargs):
        data_dir = Path(data_dir) if data_dir else tmp_path / "data"
        store = store or Store.open(data_dir)
        rig = rig or StubRig()
        clock = clock or FakeClock()
        app = build_app(config or Config(), store, rig, clock=clock, rng=FirstSeat(seat), **kwargs)
        ui = UI(app, rig, clock, data_dir)
        built.append(ui)
        ui.pump(2)
        return ui

    def close(ui):
        close_app(ui.app)
        built.remove(ui)
        ui.pump(1)

    make.close = close
    yield make
    for ui in list(built):
        close_app(ui.app)
