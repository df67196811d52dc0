"""Shared pieces for the UI tests: one offscreen window, real widgets, real touches.

Kivy's Window is a process-wide singleton, so `kivy_window` is session-scoped;
each test builds its own app (and root) on it through `ui` and tears it down.
Touches are `kivy.tests.common.UnitTestTouch` events posted at a widget's
window position, so they go the same way a finger does: window -> root ->
screen -> the widget under the point.
"""
from __future__ import annotations

import contextlib
import gc
import random
from pathlib import Path

# tests/conftest.py has made Kivy headless and away from ~/.kivy by now.

import pytest  # noqa: E402

from companion.config import Config  # noqa: E402
from companion.inputs import InputEvent  # noqa: E402
from companion.store import Store, StoreError  # noqa: E402

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


class FakeSpeaker:
    """Stands in for hardware.speaker.Speaker: the real queue (companion.speech) on the test's
    clock, nothing played. `queued` is every line the app gave it, in order; `say_all()` takes
    what would be said now, in the order it would be said; the queue's `dropped` says what not."""

    def __init__(self, config=None, clock=None, problem=None):
        from companion.config import Speech
        from companion.speech import SpeechQueue
        self.config = config or Speech()
        self.lang = "en"
        self.queue = SpeechQueue(clock or (lambda: 0.0), kinds=self.config.events)
        self.problem = problem
        self.queued: list = []
        self.covering = False
        self.closed = False

    @property
    def working(self):
        return self.config.enabled and self.problem is None

    def say(self, line):
        if self.working:
            self.queued.append(line)
            self.queue.push(line)

    def say_all(self) -> list[str]:
        out = []
        while (line := self.queue.take()) is not None:
            out.append(line.text)
        return out

    def cover(self, on):
        self.covering = bool(on) and self.working and self.config.cover_noise

    def configure(self, config, lang=None):
        self.config, self.lang = config, lang or self.lang
        self.queue.kinds = frozenset(config.events)

    def close(self):
        self.closed = True


class FakeClock:
    """A monotonic clock the test moves by hand. It brings its own wake-ups
    (ui/table_clocks.py): moving it on runs each one at the time it fell due,
    in order, the way Kivy's clock would have on the way there."""

    def __init__(self, now: float = 1000.0):
        self.now = now
        self.wakeups: list[_Wakeup] = []
        self.woken = 0           # wake-ups run so far

    def __call__(self) -> float:
        return self.now

    @property
    def pending(self) -> list:
        """The wake-ups still to come (none: nothing will wake the table)."""
        return [w for w in self.wakeups if not w.cancelled]

    def call_later(self, callback, delay: float) -> "_Wakeup":
        wakeup = _Wakeup(self.now + max(0.0, delay), callback)
        self.wakeups.append(wakeup)
        return wakeup

    def advance(self, seconds: float) -> None:
        end = self.now + seconds
        while True:
            due = [w for w in self.wakeups if not w.cancelled and w.at <= end]
            if not due:
                break
            wakeup = min(due, key=lambda w: w.at)
            self.wakeups.remove(wakeup)
            self.now = max(self.now, wakeup.at)
            self.woken += 1
            wakeup.callback(0)
        self.wakeups = [w for w in self.wakeups if not w.cancelled]
        self.now = end


class _Wakeup:
    def __init__(self, at: float, callback):
        self.at, self.callback, self.cancelled = at, callback, False

    def cancel(self) -> None:
        self.cancelled = True


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
    from ui.start import configure_kivy

    configure_kivy(WIDTH, HEIGHT)
    from kivy.base import EventLoop

    EventLoop.ensure_window()
    window = EventLoop.window
    window.size = (WIDTH, HEIGHT)
    _long_lived()
    yield window


def _long_lived() -> None:
    """What lives as long as the worker (modules, Kivy, the window) is kept out of the
    collector's full passes, as ui/start.py does for the app (see conftest.py)."""
    gc.collect()
    _freeze()


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
        self.pump(1)   # a finger taps what is drawn: a screen shown just now is laid out first
        assert widget.get_root_window() is not None, f"{widget!r} is not on the window"
        x, y = widget.to_window(*(at or widget.center))
        view = _scrollview_of(widget)
        if view is not None:  # a finger can only reach what the ScrollView shows
            assert view.collide_point(*view.parent.to_widget(x, y)), f"{widget!r} is scrolled out of sight"
        assert not getattr(widget, "disabled", False), f"{widget!r} is disabled: a finger would do nothing"
        touch = UnitTestTouch(x, y)
        touch.touch_down()
        touch.touch_up()
        if view is not None and (view.do_scroll_x or view.do_scroll_y):
            self._hand_on_now(view)
        self.pump(1)

    @staticmethod
    def _hand_on_now(view) -> None:
        """A ScrollView that can scroll hands a tap on 0.2 s after the finger lifts (it
        may have been a swipe): run that same scheduled hand-on now instead of sleeping."""
        import functools
        from kivy.clock import Clock
        for event in Clock.get_events():
            callback = event.get_callback()
            if (isinstance(callback, functools.partial) and getattr(callback.func, "__name__", "") == "_do_touch_up"
                    and getattr(callback.func, "__self__", None) is view):
                event.cancel()
                callback(0)

    def _buttons_up_now(self) -> None:
        """A button tapped just now stays "down" for 35 ms (min_state_time), then Kivy's clock
        lets it up: run those let-ups now instead of sleeping 35 ms before each picture."""
        from kivy.clock import Clock
        for event in Clock.get_events():
            callback = event.get_callback()
            if getattr(callback, "__name__", "") == "_do_release":
                event.cancel()
                callback()
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
        self._buttons_up_now()  # a tapped button shows "down" for 35 ms (min_state_time): not in the picture
        path = SHOTS / f"{name}.png"
        path.parent.mkdir(parents=True, exist_ok=True)
        if widget is None:
            return _save_png(path, *drawn_frame(rgba=False))
        from kivy.graphics import Color, Rectangle
        from ui import theme
        # the window's clear colour is the screens' background; a picture of one widget needs it painted
        background = [Color(rgba=theme.BG), Rectangle(pos=widget.pos, size=widget.size)]
        for at, ins in enumerate(background):
            widget.canvas.before.insert(at, ins)
        try:
            widget.export_to_png(str(path))
        finally:
            for ins in background:
                widget.canvas.before.remove(ins)
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


def open_setup(ui, game="dice"):
    """Home -> New game -> the game's tile; returns the setup screen."""
    ui.tap(ui.ids().new_game)
    assert ui.app.sm.current == "games"
    ui.tap(ui.screen.tiles[game])
    assert ui.app.sm.current == "setup" and ui.app.screen("setup").game_id == game
    return ui.app.screen("setup")


def start_game(ui, game, names, options=None):
    """Set up `game` by touch with these names; `options` {name: taps on its button
    (["value"]), or the number to set}; returns the table screen's ids (the dice
    table's, or the game screen's). The setup checklist (on by default on the
    screen) is switched off unless `options` names it: such a game begins in play."""
    setup = open_setup(ui, game)
    options = dict(options or {})
    if "checklist" in setup_options(setup) and "checklist" not in options:
        options["checklist"] = ["value"]
    while len(setup.rows()) < len(names):
        ui.tap(setup.ids.add_seat)
    for row, name in zip(setup.rows(), names):
        ui.pump(1)
        bring_into_view(ui, row.ids.name)   # a long table's last seats are below the fold
        ui.type_into(row.ids.name, name)
    rows = setup_options(setup)
    for name, taps in options.items():
        if isinstance(taps, int):
            set_number_option(ui, rows[name], taps)
            continue
        for target in taps:
            button = option_button(rows[name], target)
            bring_into_view(ui, button)
            ui.tap(button)
    ui.tap(setup.ids.start)
    expected = "dice" if game == "dice" else "game"
    assert ui.app.sm.current == expected, setup.message
    return ui.ids(expected)


def setup_options(setup):
    """The setup screen's option rows by the option's name."""
    return {row.option.name: row for row in setup.ids.options.children}


def option_button(row, which):
    """An option row's button: "value" (a switch's, a choice's, or the cell of a number
    from a wide range), or a number of a small range's row."""
    if which == "value":
        assert row.button is not None, f"{row.option.name} is a row of numbers"
        return row.button
    return row.numbers[which]


def set_number_option(ui, row, value):
    """A number option set by touch: its button when the range is a row of numbers,
    else its cell tapped, the number typed on the keypad and CONFIRMed."""
    if row.numbers:
        button = row.numbers[value]
        bring_into_view(ui, button)
        ui.tap(button)
        return
    bring_into_view(ui, row.button)
    ui.tap(row.button)
    number(ui, value)
    assert ui.modal() is None, ui.modal().keypad.message


def start_table(ui, names=("Anna", "Ben", "Cleo")):
    """Home -> the dice table with these names -> Start; returns the dice screen's ids."""
    return start_game(ui, "dice", names)


def end_game(ui, dice):
    """End game on the dice table: it asks first; say yes."""
    ui.tap(dice.end_btn)
    dialog = ui.modal()
    assert dialog is not None and dialog.title == ui.app.table.t("dice.confirm_end_title"), "End game did not ask"
    ui.tap(dialog.ids.confirm)


def layout_problems(ui, root=None) -> list[str]:
    """What a person at arm's length would trip over on the current screen:
    touch targets under 64 px, text drawn under 24 px, text cut short or spilling
    out of its box, widgets off the window, colour chips without their letter."""
    from kivy.uix.behaviors import ButtonBehavior
    from kivy.uix.label import Label
    from kivy.uix.scrollview import ScrollView
    from kivy.uix.textinput import TextInput
    from ui.widgets.chips import Chip
    from ui.widgets.window import CueBadge, Toast

    problems = []
    inks = []   # (label, name, where its text is drawn)
    root = root or ui.app.root
    width, height = ui.app.root.get_root_window().size

    def scroller(w):
        node = w.parent
        while node is not None and node.parent is not node:
            if isinstance(node, ScrollView):
                return node
            node = node.parent
        return None

    def shown(w):
        # drawn: every ancestor opaque and sized; inside a ScrollView, wholly in its view
        node = w
        while node is not None and node.parent is not node:
            if node.opacity == 0 or node.width <= 0 or node.height <= 0:
                return False
            node = node.parent
        view = scroller(w)
        if view is not None:
            bottom, top = w.to_window(*w.pos)[1], w.to_window(w.right, w.top)[1]
            vbottom = view.to_window(*view.pos)[1] if view.parent is None else view.parent.to_window(*view.pos)[1]
            if bottom < vbottom - 1 or top > vbottom + view.height + 1:
                return False
        return True

    for w in root.walk():
        if not shown(w):
            continue
        name = f"{type(w).__name__}({getattr(w, 'text', '')!r})"
        x, y = w.to_window(*w.pos)
        if scroller(w) is None and (x < -1 or y < -1 or x + w.width > width + 1 or y + w.height > height + 1):
            problems.append(f"{name} is off the window at {(x, y, w.width, w.height)}")
        if isinstance(w, (ButtonBehavior, TextInput)) and not w.disabled and not isinstance(w, Chip):
            if w.height < 64:
                problems.append(f"{name} is a touch target only {w.height:.0f} px high")
        if isinstance(w, ButtonBehavior) and isinstance(w, Chip) and min(w.size) < 64:
            problems.append(f"{name} chip to tap is only {min(w.size):.0f} px")
        if isinstance(w, Chip) and not w.letter.strip():
            problems.append(f"{name} chip without a letter")
        if isinstance(w, Label) and w.text:
            # Read from 70 cm to 1 m: nothing drawn smaller than 24 px (desktop_only: a test picture's caption).
            if w.font_size < 24 - 0.5 and not getattr(w, "desktop_only", False):
                problems.append(f"{name} is drawn at {w.font_size:.0f} px, under 24")
            w.texture_update()
            tw, th = w.texture_size
            if th > w.height + 2 or tw > w.width + 2:
                problems.append(f"{name} spills out: text {tw}x{th} in a {w.width:.0f}x{w.height:.0f} box")
            # A box of fixed height (text_size) keeps the texture that size: lines taller are cut off.
            lines_high = w._label._internal_size[1]
            if lines_high > w.height + 2:
                problems.append(f"{name} is cut off: its lines are {lines_high:.0f} px high in a {w.height:.0f} px box")
            # Shortened ("...") or lines dropped (max_lines): what is drawn is not the whole text.
            drawn = "".join(word.text for line in w._label._cached_lines for word in line.words)
            whole = plain(w.text) if w.markup else w.text  # drawn: no tags, escapes resolved
            if "".join(drawn.split()) != "".join(whole.split()):
                problems.append(f"{name} is cut short: drawn as {drawn!r}")
            # A word broken over two lines ("Protoko" / "ll") is hard to read across the table.
            words = set(whole.split())
            for line in w._label._cached_lines:
                # a long path may break: nobody reads it aloud; a number never ("12/10", "6/18")
                paths = [word for word in words if "/" in word and any(c.isalpha() for c in word)]
                broken = [x for x in "".join(word.text for word in line.words).split()
                          if x not in words and not any(x in path for path in paths)]
                if broken and len(w._label._cached_lines) > 1:
                    problems.append(f"{name} breaks a word over two lines: {broken}")
                    break
            if not isinstance(w, (Toast, CueBadge, ButtonBehavior)):   # these two lie over the screen a moment
                inks.append((w, name, _ink_box(w)))
        if isinstance(w, ButtonBehavior):    # the whole of what is tapped, its caption within
            bx, by = w.to_window(*w.pos)
            inks.append((w, name, (bx + 2, by + 2, bx + w.width - 2, by + w.height - 2)))
    problems += _overlapping_texts(inks)
    return problems


def _ink_box(label) -> tuple[float, float, float, float]:
    """Where a label's lines are drawn on the window, less the empty margin above and
    below the letters (a fifth of a line each way: rows may close up into it)."""
    tw, th = label.texture_size
    cx, cy = label.to_window(label.center_x, label.center_y)
    lines = max(1, len(label._label._cached_lines))
    margin = 0.2 * th / lines
    return cx - tw / 2 + 1, cy - th / 2 + margin, cx + tw / 2 - 1, cy + th / 2 - margin


def _overlapping_texts(inks) -> list[str]:
    """Two texts or buttons drawn over each other (a chart's rows run onto the title
    above them, a list's tag onto the button above it): neither can be read or tapped
    for sure. A text inside the other's widget (a button's caption) is not."""
    def within(child, parent):
        node = child.parent
        while node is not None and node.parent is not node:
            if node is parent:
                return True
            node = node.parent
        return False

    problems = []
    for i, (a, name_a, (ax0, ay0, ax1, ay1)) in enumerate(inks):
        for b, name_b, (bx0, by0, bx1, by1) in inks[i + 1:]:
            if (min(ax1, bx1) - max(ax0, bx0) > 2 and min(ay1, by1) - max(ay0, by0) > 2
                    and not within(a, b) and not within(b, a)):
                problems.append(f"{name_a} and {name_b} are drawn over each other")
    return problems


def drawn_frame(rgba: bool = True):
    """The next frame drawn, as (width, height, RGBA (or RGB) bytes from the bottom row up)."""
    from kivy.base import EventLoop
    from kivy.graphics.opengl import GL_RGB, GL_RGBA, GL_UNSIGNED_BYTE, glReadPixels

    window = EventLoop.window
    width, height = window.size
    got = []

    def grab(*_):   # before the swap: the frame just drawn is still there to read
        got.append(glReadPixels(0, 0, width, height, GL_RGBA if rgba else GL_RGB, GL_UNSIGNED_BYTE))

    window.bind(on_flip=grab)
    try:
        for _ in range(30):
            window.canvas.ask_update()
            EventLoop.idle()
            if got:
                break
    finally:
        window.unbind(on_flip=grab)
    assert got, "no frame was drawn"
    return width, height, got[0]


def _save_png(path: Path, width: int, height: int, rgb: bytes) -> Path:
    """The frame as an 8-bit RGB PNG, top row first. What ui/start.py's screenshot saves
    (Window.screenshot, SDL_image), written by Pillow at a low compression level: the same
    picture a little larger, in a third of the time (a UI worker saves a hundred or more)."""
    from PIL import Image

    stride = len(rgb) // height      # a row as read (GL may pad a row to 4 bytes); bottom row first
    Image.frombytes("RGB", (width, height), rgb, "raw", "RGB", stride, -1).save(path, compress_level=3)
    return path


def drawn(widget) -> bool:
    """Whether a frame draws the widget: its canvas in its parent's, and so on up to the
    window, none of them at opacity 0."""
    node = widget
    while node.parent is not None and node.parent is not node:
        canvas = node.parent.canvas
        groups = [canvas] + [g for g, has in ((canvas.before, canvas.has_before), (canvas.after, canvas.has_after)) if has]
        if node.opacity == 0 or all(group.indexof(node.canvas) < 0 for group in groups):
            return False
        node = node.parent
    return True


def window_instructions() -> list:
    """Every graphics instruction on the window now, depth first (a list: a look walks
    some 10,000 of them twice, and one stack is cheaper than a generator per group)."""
    from kivy.base import EventLoop

    out, stack = [], [iter(EventLoop.window.canvas.children)]
    while stack:
        child = next(stack[-1], None)
        if child is None:
            stack.pop()
            continue
        out.append(child)
        children = getattr(child, "children", None)
        if children:
            stack.append(iter(children))
    return out


def text_rectangles(instructions=None) -> list:
    """The Rectangles of every text drawn on the window now: those whose texture is
    sampled nearest (ui/widgets/text.py texel_for_pixel)."""
    from kivy.graphics import Rectangle

    return [i for i in (window_instructions() if instructions is None else instructions)
            if type(i) is Rectangle and i.texture is not None and i.texture.mag_filter == "nearest"]


def text_drawn_texel_for_pixel(name) -> None:
    """Every text sampled nearest is drawn at its texture's own size, and nothing on the
    window scales or turns what it draws: so each texel lands on one pixel, and nearest
    shows what linear filtering would (tests/test_ui_texel.py: the very pixels). Text
    stretched or squeezed would be blocky sampled nearest."""
    from kivy.graphics.context_instructions import MatrixInstruction, Translate

    instructions = window_instructions()
    rects = text_rectangles(instructions)
    assert rects, f"{name}: no text sampled nearest"
    stretched = [(tuple(r.size), tuple(r.texture.size)) for r in rects
                 if abs(r.size[0] - r.texture.width) > 0.01 or abs(r.size[1] - r.texture.height) > 0.01]
    assert stretched == [], f"{name}: text drawn at another size than its texture's: {stretched[:3]}"
    turned = [type(i).__name__ for i in instructions
              if isinstance(i, MatrixInstruction) and not isinstance(i, Translate)]   # moving is fine
    assert turned == [], f"{name}: the window scales or turns: {turned[:3]}"


def look(ui, name, widget=None, drawn=None):
    """Check what is on screen (or in a dialog) fits, then photograph the window.
    drawn: a picture of this very state taken just before the checks (one to look at
    whatever they find): copied under `name`, not drawn and saved again. The picture is
    saved when a check fails too: what is wrong, to look at."""
    ui.pump(2)
    with pictured(ui, name, drawn):
        problems = layout_problems(ui, widget)
        assert problems == [], f"{name}: {problems}"
        text_drawn_texel_for_pixel(name)
    path = _picture(ui, name, drawn)
    assert path.stat().st_size > 5000  # a picture, not a black frame
    return path


def _picture(ui, name, drawn=None) -> Path:
    if drawn is None:
        return ui.shot(name)
    import shutil
    path = SHOTS / f"{name}.png"
    if Path(drawn) != path:
        shutil.copyfile(drawn, path)
    return path


@contextlib.contextmanager
def pictured(ui, name, drawn=None):
    """Checks of what is on screen: when one fails, the window as it was is saved under
    `name` (a picture of what is wrong, to look at); when they pass, a later look saves it."""
    try:
        yield
    except BaseException:
        _picture(ui, name, drawn)
        raise


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
    from ui.start import build_app, close_app

    built = []

    def make(data_dir=None, rig=None, clock=None, config=None, seat=0, store=None, tour=False, **kwargs):
        data_dir = Path(data_dir) if data_dir else tmp_path / "data"
        store = store or Store.open(data_dir)
        if not tour:    # a table that has been used before: the first-run tour is behind it
            try:
                store.set_setting("tour.seen", True)
            except StoreError:   # a test of saved games that refuse: it shows, as it would
                pass
        rig = rig or StubRig()
        clock = clock or FakeClock()
        app = build_app(config or Config(), store, rig, clock=clock, rng=FirstSeat(seat), **kwargs)
        ui = UI(app, rig, clock, data_dir)
        built.append(ui)
        ui.pump(2)
        return ui

    def close(ui):
        _APPS.extend(_refs(ui.app))
        close_app(ui.app)
        built.remove(ui)
        ui.pump(1)

    make.close = close
    collecting = gc.isenabled()
    gc.disable()    # the test's app is collected once, as it ends (see _collect)
    try:
        yield make
        for ui in list(built):
            _APPS.extend(_refs(ui.app))
            close_app(ui.app)
        ui = None
        built.clear()
        _let_go()
    finally:
        _collect(collecting)


def _collect(collecting: bool) -> None:
    """A UI test's garbage (its app: some 10,000 to 100,000 Kivy objects in cycles) in one
    full collection as the test ends, and what lives on set aside (frozen) as the module's
    first test does (`_long_lived`). With the collector on, each object built was walked
    in a young pass as it was made, again in the next, and in every full pass while it
    lived; off for the test, it is walked once, in the pass that frees it. The test's
    garbage waits for the end of the test (a few hundred MB at most: every action dialog
    of every game). What still lives is what outlives apps (Kivy's callbacks left on the
    window, caches): nothing of the app, once `_let_go` has dropped what kept it."""
    gc.collect()
    _freeze()
    if collecting:
        gc.enable()


_APPS: list = []     # [weak reference, teardowns since] to the apps closed, their roots and screens
_WAITED = 3          # teardowns a closed app is waited for before it is taken to live on


def _refs(app) -> list:
    import weakref
    screens = [app.sm.get_screen(name) for name in app.sm.screen_names] if app.sm is not None else []
    return [[weakref.ref(w), 0] for w in (app, app.root, *screens) if w is not None]


def _freeze() -> None:
    """Set what lives now aside from the collector's passes, unless a closed app (or one
    of its screens) still lives: a thread or a clock event of its own still holds it. Frozen,
    it would never be freed; left, a later pass frees it once it is let go. One still held
    after _WAITED tests is held for good (a class's focus, a cache): waiting on, nothing
    would be frozen again and each test's collection would walk all made since."""
    for entry in _APPS:
        entry[1] += 1
    _APPS[:] = [entry for entry in _APPS if entry[0]() is not None and entry[1] <= _WAITED]
    if not _APPS:
        gc.freeze()


def _let_go() -> None:
    """Drop the hold-overs by which Kivy keeps a closed app (some 100,000 objects)
    alive into the next test: `App._running_app` (cleared only by App.stop, which a
    test's app never runs), an animation still running (it holds its widget) and the
    arguments TextInput's `_adjust_viewport` trigger keeps from its last call
    (kivy.clock.triggered). Kept, the app would be frozen with what lives on (`_collect`)
    and never freed."""
    import sys
    from kivy.animation import Animation
    from kivy.app import App
    App._running_app = None
    Animation.cancel_all(None)   # a toast's or the buzzer badge's fade, cut short with its app
    if "kivy.uix.textinput" in sys.modules:
        from kivy.uix.textinput import TextInput
        trigger = TextInput._adjust_viewport
        trigger.cancel()
        for cell in trigger.__closure__ or ():
            if isinstance(cell.cell_contents, (list, dict)):   # the last call's args and kwargs
                cell.cell_contents.clear()


# -- the game screen ------------------------------------------------------------------
def bring_into_view(ui, widget) -> None:
    """What a finger does first when a button is below the fold: scroll to it."""
    view = _scrollview_of(widget)
    if view is None:
        return
    bottom = view.parent.to_widget(*widget.to_window(*widget.pos))[1]
    top = view.parent.to_widget(*widget.to_window(widget.right, widget.top))[1]
    if bottom < view.y - 1 or top > view.top + 1:
        view.scroll_to(widget, padding=10, animate=False)
        ui.pump(2)


def act(ui, key):
    """Tap the game screen's button for an action type (or (type, label)); returns the
    dialog it opened, or None when the tap was the whole action."""
    screen = ui.app.screen("game")
    assert ui.app.sm.current == "game"
    ui.pump(1)     # the layout after the last step: where the finger lands
    for behind, groups, opened in (("open_adjust", screen.panel.adjust, "adjust_dialog"),
                                   ("open_more", screen.panel.others, "more_dialog")):
        if key not in screen.buttons and any(key in (g.type, (g.type, g.label)) for g in groups):
            # a correction behind "Adjust", another step behind "More", as a finger finds it
            ui.tap(screen.button(behind))
            dialog = ui.modal()
            assert dialog is getattr(screen, opened), f"{behind} did not open its list for {key!r}"
            button = dialog.buttons[key]
            bring_into_view(ui, button)
            ui.tap(button)
            return ui.modal()
    button = screen.button(key)
    bring_into_view(ui, button)
    ui.tap(button)
    return ui.modal()


def answer(ui, text):
    """Tap the answer button showing `text` in the open action dialog."""
    dialog = ui.modal()
    assert dialog is not None, f"no dialog open to answer {text!r}"
    texts = [b.text for b in dialog.buttons]
    matches = [b for b in dialog.buttons if b.text == text]
    assert matches, f"{text!r} is not among the answers {texts}"
    bring_into_view(ui, matches[0])
    ui.tap(matches[0])
    return ui.modal()


def number(ui, value):
    """Answer the open number question with `value`: its button when the range is a
    row of numbers, else typed on the keypad and CONFIRMed."""
    dialog = ui.modal()
    if dialog.keypad is None:
        answer(ui, str(value).replace("-", "−"))
        return
    keypad = key_in(ui, value)
    assert keypad.entry == str(value), keypad.message
    ui.tap(keypad.ids.confirm)


def open_keypad(ui, cell, shows, title, value, limits):
    """Tap a wide-range number's cell (large, an ordinary button showing `shows`) and
    check the keypad it opens: its title, the value now (dim, until a digit is
    typed) and the range it takes. Returns the keypad."""
    assert cell.text == shows and cell.font_size >= 34 and cell.height >= 64 and cell.tone == "normal"
    ui.tap(cell)
    dialog = ui.modal()
    keypad = dialog.keypad
    assert dialog.title == title
    assert keypad.ids.display.text == str(value) and keypad.entry == ""
    assert keypad.message == limits
    return keypad


def key_in(ui, value):
    """Type `value` on the open keypad, as a finger does: delete what is there, then
    the sign and the digits. Returns the keypad."""
    keypad = ui.modal().keypad
    assert keypad is not None, "no keypad on show"
    while keypad.entry:
        ui.tap(keypad.keys["delete"])
    text = str(value)
    if text.startswith("-"):
        ui.tap(keypad.keys["sign"])
    for digit in text.lstrip("-"):
        ui.tap(keypad.keys[digit])
    return keypad


def form_field(ui, label):
    """The open form's field showing this label."""
    dialog = ui.modal()
    assert dialog is not None and dialog.form is not None, "no form open"
    found = [f for f in dialog.fields.values() if f.label_widget is not None and f.label_widget.text == label]
    assert found, f"{label!r} is not on the form: {[f.label for f in dialog.fields.values()]}"
    return found[0]


def fill(ui, label, value):
    """Enter `value` in the form's field `label` by touch: the answer button showing it,
    the number cell and its keypad, or the text field."""
    field = form_field(ui, label)
    if field.buttons:
        matches = [b for b in field.buttons if b.text == str(value)]
        assert matches, f"{value!r} is not among {[b.text for b in field.buttons]}"
        ui.tap(matches[0])
    elif field.cell.__class__.__name__ == "NumberCell":
        ui.tap(field.cell)
        keypad = key_in(ui, value)
        assert keypad.entry == str(value), keypad.message
        ui.tap(keypad.ids.confirm)
    else:
        ui.type_into(field.cell, str(value))


def press(ui, name):
    """A footer button of the open dialog: back, skip, roll, finish, confirm, ok, close, cancel."""
    dialog = ui.modal()
    assert dialog is not None, f"no dialog open to press {name}"
    ui.tap(dialog.ids[name])
    return ui.modal()


def seat_cards(ui) -> list:
    """The game screen's seat tokens in seat order (clockwise round the edge)."""
    screen = ui.app.screen("game")
    return screen.seat_tokens(len(screen.players(ui.app.table.session)))


def seat_texts(ui):
    """Each seat token as (name, tags), clockwise."""
    screen = ui.app.screen("game")
    cards = screen.seat_tokens(len(screen.players(ui.app.table.session)))
    return [(card.name, " · ".join(card.tags)) for card in cards]


def plain(text: str) -> str:
    """A label's text as a person reads it: markup tags gone, escapes resolved."""
    import re
    text = re.sub(r"\[/?[a-z_]+(=[^\]]*)?\]", "", text)
    return text.replace("&bl;", "[").replace("&br;", "]").replace("&amp;", "&")


def screen_lines(ui):
    """The facts of the table now, as Help lists them first ("On the table now"): the
    table view leaves them out. Help is opened and closed again, as a finger would."""
    from ui.dialogs.help import HelpHeading
    screen = ui.app.screen("game")
    dialog = screen.open_help()
    ui.pump(1)
    heading, inside, out = ui.app.table.t("help.table"), False, []
    for widget in reversed(dialog.ids.paragraphs.children):
        if isinstance(widget, HelpHeading):
            inside = widget.text == heading
        elif inside:
            out.append(plain(widget.text))
    dialog.dismiss()
    ui.pump(1)
    return out


def news_line(ui) -> str:
    """What the last step did, as the line above the board says it ("" when none)."""
    return plain(ui.app.screen("game").ids.news.text)


def marked_lines(ui):
    """The facts, each with whether the last step changed it (the news line shows the last)."""
    fresh = set(ui.app.screen("game").fresh)
    return [(line, line in fresh) for line in screen_lines(ui)]


def to_gun_vote(app):
    """Play The Snitch through the app's one path (app.table.perform) up to the gun vote:
    every Scheme needs 1 card, every reveal is clean."""
    priority = ("cards_ready", "scheme", "pick_guard", "pick_soap", "play_card", "reveal", "new_scheme", "pass_soap")

    def arg(param):
        if param.kind in ("seat", "choice"):
            return list(param.choices)[0]
        if param.kind == "int":
            return 1 if param.label.endswith("required") else param.minimum
        return False

    session = app.table.session
    for _ in range(200):
        if session.state["phase"] == "gun_vote":
            return
        specs = [s for s in session.game.legal_actions(session.state) if s.type in priority]
        spec = min(specs, key=lambda s: priority.index(s.type))
        action = {"type": spec.type, **{name: arg(p) for name, p in spec.params.items()}}
        if spec.player is not None:
            action["player"] = spec.player
        assert app.table.perform(action).ok, action
    raise AssertionError("no gun vote")
