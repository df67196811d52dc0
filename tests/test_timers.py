import pytest

from companion.timers import DONE, PAUSED, RUNNING, Countdown, TimerCues


class FakeClock:
    def __init__(self):
        self.now = 100.0

    def __call__(self):
        return self.now


def run(countdown, clock, until, step=0.016):
    """Poll every frame like the screen does; return (time, cue) pairs."""
    heard = []
    while clock.now < until:
        clock.now = round(clock.now + step, 6)
        heard += [(round(clock.now - 100, 2), c) for c in countdown.poll()]
    return heard


def test_whole_countdown_ticks_in_the_last_three_seconds_then_buzzes_at_zero():
    clock = FakeClock()
    timer = Countdown(15, clock, TimerCues(tick_last=3))
    timer.start()
    heard = run(timer, clock, 120)
    assert [c for _, c in heard] == ["tick", "tick", "tick", "alarm"]
    times = [t for t, _ in heard]
    assert times[0] == pytest.approx(12, abs=0.02)
    assert times[-1] == pytest.approx(15, abs=0.02)  # within one frame of the deadline
    assert timer.state == DONE and timer.remaining() == 0


def test_pause_stops_time_and_resume_goes_on():
    clock = FakeClock()
    timer = Countdown(10, clock)
    timer.toggle()
    clock.now += 4
    timer.toggle()
    assert timer.state == PAUSED
    clock.now += 100  # a long pause costs nothing
    assert timer.remaining() == pytest.approx(6)
    assert timer.poll() == []
    timer.toggle()
    assert timer.state == RUNNING
    clock.now += 5.5
    assert timer.remaining() == pytest.approx(0.5)


def test_a_late_frame_beeps_once_not_twice():
    clock = FakeClock()
    timer = Countdown(5, clock, TimerCues(tick_last=3))
    timer.start()
    clock.now += 3.5  # jumps past 3 and 2 seconds left
    assert timer.poll() == ["tick"]


def test_no_ticks_when_configured_off_and_start_again_after_zero():
    clock = FakeClock()
    timer = Countdown(2, clock, TimerCues(tick_last=0))
    timer.start()
    assert [c for _, c in run(timer, clock, 103)] == ["alarm"]
    timer.toggle()  # TIMER after zero starts a fresh countdown
    assert timer.state == RUNNING and timer.remaining() == pytest.approx(2)


def test_ticks_never_exceed_the_countdown():
    clock = FakeClock()
    timer = Countdown(2, clock, TimerCues(tick_last=5))
    timer.start()
    assert [c for _, c in run(timer, clock, 103)] == ["tick", "alarm"]


def test_non_positive_countdowns_are_refused():
    with pytest.raises(ValueError):
        Countdown(0)


def test_next_change_is_when_the_shown_second_changes():
    clock = FakeClock()
    timer = Countdown(10, clock)
    assert timer.next_change() is None          # not running: nothing will change
    timer.start()
    assert timer.shown() == 10 and timer.next_change() == pytest.approx(1.0)
    clock.now += 0.3
    assert timer.shown() == 10 and timer.next_change() == pytest.approx(0.7)
    clock.now += 0.7
    assert timer.shown() == 9 and timer.next_change() == pytest.approx(1.0)
    clock.now += 8.5
    assert timer.shown() == 1 and timer.next_change() == pytest.approx(0.5)
    timer.pause()
    assert timer.next_change() is None
