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
    frames_drawn(0.7)                        # the new screen settled
    outcome = ui.app.on_input(InputEvent.ROLL)
    if outcome is None or not outcome.ok:    # ROLL means nothing yet in this game: its first step by touch
        ui.tap(ui.ids().primary)
    drawn = frames_drawn(1.2)
    # the step's frame, and the scroll bars turning dim once (after 0.5 s), not a fade
    assert 1 <= drawn <= 3, f"{drawn} frames drawn in 1.2 s after one step"


def test_a_running_countdown_draws_about_once_a_second(make_ui):
    ui = make_ui(rig=StubRig(mode="gpio"))
    start_game(ui, "singsing", ["Anna", "Ben", "Cleo", "Dora", "Emil"])
    ui.app.on_input(InputEvent.TIMER)        # TIMER starts the guess
    assert ui.app.countdown_on
    ui.clock.advance(0.0)
    frames_drawn(0.7)
    for second in range(3):
        ui.clock.advance(1.0)                # the table's own clock: the countdown's next second
        drawn = frames_drawn(0.6)
        assert 1 <= drawn <= 3, f"second {second}: {drawn} frames drawn for one tick of the countdown"
