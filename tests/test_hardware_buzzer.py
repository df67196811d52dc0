"""CuePlayer on mock pins: the buzzer pin follows each cue's notes, in the background."""
import time

import pytest
from hardware_fixtures import mock_factory, pwm_factory  # noqa: F401  (fixtures)
from gpiozero import Buzzer as ActiveBuzzer
from gpiozero.pins.mock import MockPWMPin

from companion import cues
from companion.config import Buzzer
from companion.cues import PATTERNS, Note
from hardware.buzzer import CuePlayer

SLACK = 0.08  # how late a note may end on a busy test machine


class RecordingPWMPin(MockPWMPin):
    """A PWM mock pin that also logs every frequency change: the tone heard."""

    def __init__(self, factory, info):
        self.tones = []
        super().__init__(factory, info)

    def _set_frequency(self, value):
        super()._set_frequency(value)
        if not self.tones or self.tones[-1][1] != value:
            self.tones.append((time.monotonic(), value))


@pytest.fixture
def tonal(pwm_factory):  # noqa: F811
    pin = pwm_factory.pin(18, pin_class=RecordingPWMPin)
    player = CuePlayer(Buzzer(pin=18, type="tonal"), pin_factory=pwm_factory)
    pin.tones.clear()
    yield player, pin
    player.close()


def heard(pin):
    """(frequency or None, seconds it lasted) for each tone change but the last."""
    return [(f, round(t2 - t1, 3)) for (t1, f), (t2, _) in zip(pin.tones, pin.tones[1:])]


def test_tonal_success_plays_each_pitch_for_its_time_then_goes_quiet(tonal):
    player, pin = tonal
    player.play(cues.SUCCESS)
    assert player.wait(timeout=2)
    got = heard(pin)
    want = PATTERNS[cues.SUCCESS]
    assert [f for f, _ in got] == pytest.approx([n.frequency for n in want])
    for (_, lasted), note in zip(got, want):
        assert note.seconds - 0.005 <= lasted <= note.seconds + SLACK
    assert pin.tones[-1][1] is None  # silent at the end
    assert pin.state == 0


def test_play_returns_at_once_and_a_newer_cue_cuts_the_old_one_short(tonal):
    player, pin = tonal
    started = time.monotonic()
    player.play(cues.ALARM)  # 1.2 s long
    assert time.monotonic() - started < 0.05
    time.sleep(0.05)
    assert player.busy
    player.play(cues.TAP)
    assert player.wait(timeout=1)
    assert time.monotonic() - started < 0.5  # nowhere near the alarm's 1.2 s
    assert [f for _, f in pin.tones] == pytest.approx([523.0, None, 880.0, None])


def test_pitches_outside_the_buzzer_range_are_clamped_not_dropped(tonal, monkeypatch):
    player, pin = tonal
    monkeypatch.setitem(PATTERNS, "extremes", (Note(40.0, 0.02), Note(9000.0, 0.02)))
    player.play("extremes")
    assert player.wait(timeout=1)
    low, high = player.device.min_tone.frequency, player.device.max_tone.frequency
    assert [f for _, f in pin.tones] == pytest.approx([low, high, None])
    assert low <= 440 and high >= 1175  # every real cue fits unclamped


def test_active_buzzer_is_on_for_notes_and_off_for_silences(mock_factory):  # noqa: F811
    with CuePlayer(Buzzer(pin=18, type="active"), pin_factory=mock_factory) as player:
        pin = mock_factory.pin(18)
        pin.clear_states()
        player.play(cues.WARNING)
        assert player.wait(timeout=2)
        states = pin.states
        assert [s.state for s in states] == [False, True, False, True, False]
        # Each recorded timestamp is how long the previous state lasted.
        for state, note in zip(states[2:], PATTERNS[cues.WARNING]):
            assert note.seconds - 0.005 <= state.timestamp <= note.seconds + SLACK


@pytest.mark.parametrize("config", [Buzzer(enabled=False), Buzzer(pin=None)], ids=["disabled", "no pin"])
def test_a_disabled_or_unwired_buzzer_plays_nothing_and_leaves_the_pin_free(mock_factory, config):  # noqa: F811
    with CuePlayer(config, pin_factory=mock_factory) as player:
        player.play(cues.ALARM)
        assert not player.busy
        other = ActiveBuzzer(18, pin_factory=mock_factory)  # would fail if the player held GPIO18
        other.close()


def test_an_unknown_cue_name_is_refused_with_the_known_names(tonal):
    player, _ = tonal
    with pytest.raises(ValueError, match="alarm"):
        player.play("fanfare")


def test_close_silences_a_cue_mid_note_and_frees_the_pin(pwm_factory):  # noqa: F811
    pin = pwm_factory.pin(18, pin_class=RecordingPWMPin)
    player = CuePlayer(Buzzer(pin=18), pin_factory=pwm_factory)
    player.play(cues.ALARM)
    time.sleep(0.03)
    started = time.monotonic()
    player.close()
    assert time.monotonic() - started < 0.2
    assert pin.frequency is None and pin.state == 0
    player.play(cues.TAP)  # after close: ignored, no error
    ActiveBuzzer(18, pin_factory=pwm_factory).close()
