"""ButtonPanel on gpiozero mock pins: presses, bounce, UNDO/REDO, unfitted buttons.

Edges are stamped by a fake clock, so whether an edge is bounce depends on the
timestamps the test gives, never on how busy the machine is. Timers (the
settle after each window, the long-press hold) still run in real time.
"""
import threading
import time

import pytest
from hardware_fixtures import mock_factory, recorder  # noqa: F401  (fixtures)
from gpiozero import DigitalInputDevice  # no hold thread: closes at once

from companion.config import Buttons
from companion.inputs import InputEvent
from hardware.buttons import ButtonPanel

FAST = Buttons(debounce_ms=20, long_press_ms=300)  # short times keep the suite quick
WINDOW = FAST.debounce_ms / 1000


class FakeClock:
    def __init__(self):
        self.now = 100.0

    def __call__(self):
        return self.now

    def advance(self, seconds):
        self.now += seconds


@pytest.fixture
def clock():
    return FakeClock()


@pytest.fixture
def panel(mock_factory, recorder, clock):  # noqa: F811
    p = ButtonPanel(FAST, recorder, pin_factory=mock_factory, clock=clock)
    yield p
    p.close()


def drive(pin, pressed):
    (pin.drive_low if pressed else pin.drive_high)()  # pull-up: pressed pulls the pin to GND


def bounce(pin, clock, ends_pressed, edges=7, step=0.002):
    """A chattering contact: alternating levels `step` apart, all inside one window."""
    assert edges * step < WINDOW
    for i in range(edges):
        drive(pin, (i % 2 == 0) == ends_pressed)
        clock.advance(step)
    drive(pin, ends_pressed)


def settle(clock, seconds=0.1):
    """Let time pass: past the window on the clock, and long enough for the settle timer."""
    clock.advance(seconds)
    time.sleep(0.05)


@pytest.mark.parametrize(
    "pin, event", [(17, InputEvent.ROLL), (27, InputEvent.TIMER), (22, InputEvent.CONFIRM)]
)
def test_roll_timer_confirm_are_sent_on_the_press_not_the_release(panel, mock_factory, recorder, clock, pin, event):  # noqa: F811
    drive(mock_factory.pin(pin), True)
    assert recorder.calls == [event]  # already there, before the finger lifts
    settle(clock)
    drive(mock_factory.pin(pin), False)
    settle(clock)
    assert recorder.calls == [event]


def test_a_bouncing_press_and_release_roll_once(panel, mock_factory, recorder, clock):  # noqa: F811
    roll = mock_factory.pin(17)
    bounce(roll, clock, ends_pressed=True)
    assert recorder.calls == [InputEvent.ROLL]  # on the first contact
    settle(clock)
    bounce(roll, clock, ends_pressed=False)
    settle(clock)
    assert recorder.calls == [InputEvent.ROLL]


def test_two_bouncing_presses_further_apart_than_the_window_roll_twice(panel, mock_factory, recorder, clock):  # noqa: F811
    roll = mock_factory.pin(17)
    for _ in range(2):
        bounce(roll, clock, ends_pressed=True)
        clock.advance(WINDOW)
        bounce(roll, clock, ends_pressed=False)
        clock.advance(WINDOW)
    assert recorder.calls == [InputEvent.ROLL, InputEvent.ROLL]


def test_edges_closer_than_the_window_are_bounce_even_when_they_look_like_presses(panel, mock_factory, recorder, clock):  # noqa: F811
    roll = mock_factory.pin(17)
    for at in (0.0, 0.004, 0.009, 0.021):  # press, two bounces, then a real release at +21 ms
        clock.now = 100 + at
        drive(roll, at in (0.0, 0.009))
    assert recorder.calls == [InputEvent.ROLL]  # the press at +9 ms was bounce
    clock.now = 100.05
    drive(roll, True)  # 29 ms after the release: a real second press
    assert recorder.calls == [InputEvent.ROLL, InputEvent.ROLL]


def test_a_tap_shorter_than_the_window_does_not_leave_the_button_stuck(panel, mock_factory, recorder, clock):  # noqa: F811
    roll = mock_factory.pin(17)
    drive(roll, True)
    drive(roll, False)  # released inside the debounce window
    settle(clock)
    drive(roll, True)
    drive(roll, False)
    assert recorder.calls == [InputEvent.ROLL, InputEvent.ROLL]


def test_undo_is_sent_on_release_of_a_short_press(panel, mock_factory, recorder, clock):  # noqa: F811
    undo = mock_factory.pin(23)
    bounce(undo, clock, ends_pressed=True)
    settle(clock)
    assert recorder.calls == []  # could still become a long press
    bounce(undo, clock, ends_pressed=False)
    assert recorder.calls == [InputEvent.UNDO]
    time.sleep(FAST.long_press_ms / 1000)  # past the hold time: no REDO sneaks in
    assert recorder.calls == [InputEvent.UNDO]


def test_a_very_short_undo_tap_sends_undo_promptly_and_never_redo(mock_factory, recorder, clock):  # noqa: F811
    with ButtonPanel(Buttons(debounce_ms=20, long_press_ms=1000), recorder, pin_factory=mock_factory, clock=clock):
        undo = mock_factory.pin(23)
        drive(undo, True)
        drive(undo, False)  # the whole tap inside the window: only the settle timer sees the release
        clock.advance(WINDOW)
        # Promptly: about one debounce window, not when the 1 s hold check runs.
        assert recorder.wait_for(1, timeout=0.5)
        assert recorder.calls == [InputEvent.UNDO]


def test_holding_undo_sends_redo_as_soon_as_the_hold_time_is_reached(panel, mock_factory, recorder, clock):  # noqa: F811
    undo = mock_factory.pin(23)
    start = time.monotonic()
    bounce(undo, clock, ends_pressed=True)
    assert recorder.wait_for(1)
    waited = time.monotonic() - start
    assert recorder.calls == [InputEvent.REDO]
    assert not undo.state  # still held down when REDO arrived
    assert waited >= FAST.long_press_ms / 1000
    clock.advance(FAST.long_press_ms / 1000)
    bounce(undo, clock, ends_pressed=False)
    settle(clock)
    assert recorder.calls == [InputEvent.REDO]  # letting go adds nothing


def test_undo_then_redo_then_undo_in_a_row(panel, mock_factory, recorder, clock):  # noqa: F811
    undo = mock_factory.pin(23)
    drive(undo, True)
    clock.advance(0.1)
    drive(undo, False)
    clock.advance(0.1)
    drive(undo, True)
    assert recorder.wait_for(2)  # the hold timer
    drive(undo, False)
    clock.advance(0.1)
    drive(undo, True)
    clock.advance(0.1)
    drive(undo, False)
    assert recorder.calls == [InputEvent.UNDO, InputEvent.REDO, InputEvent.UNDO]


def test_a_long_hold_on_the_clock_is_redo_even_if_released_before_the_hold_timer(mock_factory, recorder, clock):  # noqa: F811
    slow = Buttons(long_press_ms=5000)  # the hold timer cannot fire during this test
    with ButtonPanel(slow, recorder, pin_factory=mock_factory, clock=clock):
        undo = mock_factory.pin(23)
        drive(undo, True)
        clock.advance(5.5)
        drive(undo, False)
        clock.advance(0.5)
        drive(undo, True)
        clock.advance(0.2)
        drive(undo, False)
        assert recorder.calls == [InputEvent.REDO, InputEvent.UNDO]


def test_unfitted_buttons_claim_no_pin_and_send_nothing(mock_factory, recorder):  # noqa: F811
    only_roll = Buttons(roll=5, timer=None, confirm=None, undo=None)
    with ButtonPanel(only_roll, recorder, pin_factory=mock_factory) as panel:
        assert panel.pins == {InputEvent.ROLL: 5}
        # The default pins are free for something else.
        others = [DigitalInputDevice(pin, pull_up=True, pin_factory=mock_factory) for pin in (17, 27, 22, 23)]
        for pin in (17, 27, 22, 23):
            mock_factory.pin(pin).drive_low()
        mock_factory.pin(5).drive_low()
        assert recorder.calls == [InputEvent.ROLL]
        for other in others:
            other.close()


def test_default_pins_are_the_documented_ones(panel):
    assert panel.pins == {
        InputEvent.ROLL: 17,
        InputEvent.TIMER: 27,
        InputEvent.CONFIRM: 22,
        InputEvent.UNDO: 23,
    }


def test_close_frees_the_pins_and_stops_events(mock_factory, recorder):  # noqa: F811
    panel = ButtonPanel(FAST, recorder, pin_factory=mock_factory)
    panel.close()
    mock_factory.pin(17).drive_low()
    again = DigitalInputDevice(17, pin_factory=mock_factory)  # would raise GPIOPinInUse if still held
    again.close()
    assert recorder.calls == []


def test_buttons_left_alone_run_no_thread(mock_factory, recorder):  # noqa: F811
    """Four buttons cost nothing while nobody presses them: gpiozero's Button kept a
    hold thread per button, each waking ten times a second for the whole game."""
    before = set(threading.enumerate())
    with ButtonPanel(FAST, recorder, pin_factory=mock_factory):
        time.sleep(0.15)
        assert set(threading.enumerate()) - before == set()


def test_closing_while_a_button_is_held_is_quick_and_sends_nothing_later(mock_factory, recorder):  # noqa: F811
    panel = ButtonPanel(FAST, recorder, pin_factory=mock_factory)
    mock_factory.pin(23).drive_low()  # UNDO held: a hold timer is running
    started = time.monotonic()
    panel.close()
    assert time.monotonic() - started < 0.5
    time.sleep(FAST.long_press_ms / 1000 + 0.05)
    assert recorder.calls == []  # no REDO from a closed panel


def test_a_pin_in_use_fails_cleanly_and_frees_what_was_opened(mock_factory, recorder):  # noqa: F811
    blocker = DigitalInputDevice(22, pin_factory=mock_factory)  # the confirm pin is taken
    with pytest.raises(Exception):
        ButtonPanel(FAST, recorder, pin_factory=mock_factory)
    roll_again = DigitalInputDevice(17, pin_factory=mock_factory)  # roll and timer were released again
    roll_again.close()
    blocker.close()


def test_a_failing_handler_does_not_break_the_next_press(mock_factory, clock):  # noqa: F811
    got = []

    def handler(event):
        got.append(event)
        if len(got) == 1:
            raise RuntimeError("ui bug")

    with ButtonPanel(FAST, handler, pin_factory=mock_factory, clock=clock):
        timer = mock_factory.pin(27)
        drive(timer, True)
        clock.advance(0.1)
        drive(timer, False)
        clock.advance(0.1)
        drive(timer, True)
        assert got == [InputEvent.TIMER, InputEvent.TIMER]
