"""Between presses the table holds still: a step draws the frame that shows it,
and nothing keeps redrawing the whole window afterwards (on a Pi without its GPU
driver each frame is drawn in software; a fading scroll bar used to cost ~30 of
them after every step, and after every second of a countdown)."""
import time

import pytest

from companion.inputs import InputEvent
from ui_fixtures import StubRig, kivy_window, make_ui, start_game  # noqa: F401  (fixtures)

pytestmark = pytest.mark.ui


def frames_drawn(seconds: float) -> int:
    """Run Kivy's loop (no frame limit in the tests) for `seconds`; how many frames it drew."""
    from kivy.base import EventLoop

    window = EventLoop.window
    drawn = []

    def flipped(*_):
        drawn.append(1)

    window.bind(on_flip=flipped)
    try:
        end = time.monotonic() + seconds
        while time.monotonic() < end:
            EventLoop.idle()
            time.sleep(0.002)
    finally:
        window.unbind(on_flip=flipped)
    return len(drawn)


@pytest.mark.parametrize("game, names", [
    ("dice", ["Anna", "Ben", "Cleo"]),
    ("snitch", ["Anna", "Ben", "Cleo", "Dora"]),
    ("dig", ["Anna", "Ben", "Cleo"]),
])
def test_a_step_draws_its_frame_and_then_the_screen_is_still(make_ui, game, names):
    ui = make_ui(rig=StubRig(mode="gpio"))   # real buttons: no on-screen buzzer stand-in blinking
    start_game(ui, game, names)
    ui.app.root.ids.toast.hide()             # ("game started": its own going is not the step's)
    frames_drawn(0.7)                        # the new screen settled
    outcome = ui.app.table.on_input(InputEvent.ROLL)
    if outcome is None or not outcome.ok:    # ROLL means nothing yet in this game: its first step by touch
        ui.tap(ui.ids().primary)
    drawn = frames_drawn(1.2)
    # the step's frame, the button let go, and the scroll bars turning dim once (after 0.5 s),
    # not a fade (some 30); a busy machine may draw one of those in two
    assert 1 <= drawn <= 4, f"{drawn} frames drawn in 1.2 s after one step"
    assert frames_drawn(0.6) == 0, "still drawing 1.2 s after the step"


def test_a_running_countdown_draws_about_once_a_second(make_ui):
    ui = make_ui(rig=StubRig(mode="gpio"))
    start_game(ui, "singsing", ["Anna", "Ben", "Cleo", "Dora", "Emil"])
    ui.app.table.on_input(InputEvent.TIMER)        # TIMER starts the guess
    assert ui.app.countdown_on
    ui.clock.advance(0.0)
    frames_drawn(0.7)
    for second in range(3):
        ui.clock.advance(1.0)                # the table's own clock: the countdown's next second
        drawn = frames_drawn(0.6)
        assert 1 <= drawn <= 3, f"second {second}: {drawn} frames drawn for one tick of the countdown"


def test_scroll_bars_lit_by_one_step_turn_dim_in_one_frame(kivy_window):
    # a step changes the content of several scrolling boxes over a few layout passes;
    # each bar dimming on its own 0.5 s after it lit drew one more frame per pass
    from kivy.base import EventLoop
    from kivy.clock import Clock
    from kivy.uix.widget import Widget

    from ui.widgets.lists import ClipScroll

    bars = []
    for _ in range(2):
        bar = ClipScroll(size=(200, 100), size_hint=(None, None))
        bar.add_widget(Widget(size_hint=(1, None), height=300))
        kivy_window.add_widget(bar)
        bars.append(bar)
    try:
        frames_drawn(0.7)                               # both lit when built, and dimmed again
        dim = list(bars[0].bar_inactive_color)
        assert all(list(bar._bar_color) == dim for bar in bars)
        dimmed_at = {}
        for bar in bars:
            bar.fbind("_bar_color", lambda b, colour: dimmed_at.setdefault(b, Clock.frames) if list(colour) == dim
                      else dimmed_at.pop(b, None))
        bars[0].children[0].height = 320                # the first layout pass
        EventLoop.idle()
        frames_drawn(0.1)
        bars[1].children[0].height = 340                # a later one, in another frame
        EventLoop.idle()
        assert list(bars[1]._bar_color) != dim          # lit by its change
        frames_drawn(0.7)
        assert set(dimmed_at) == set(bars)
        assert len(set(dimmed_at.values())) == 1, f"dimmed in frames {sorted(dimmed_at.values())}"
    finally:
        for bar in bars:
            kivy_window.remove_widget(bar)
