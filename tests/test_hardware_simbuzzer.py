"""SimulatedCuePlayer: WAV synthesis, the cache, and showing cues with or without audio."""
import wave
from array import array

import pytest
import hardware_fixtures  # noqa: F401  (headless Kivy before kivy is imported)

from companion import cues
from companion.cues import PATTERNS, duration
from hardware import simbuzzer
from hardware.simbuzzer import SAMPLE_RATE, SimulatedCuePlayer, cue_wav, synthesize


def samples(notes):
    return array("h", synthesize(notes))  # the tests run on little-endian machines


def zero_crossings(values):
    return sum(1 for a, b in zip(values, values[1:]) if (a < 0) != (b < 0))


def test_warning_is_as_long_as_its_pattern_with_silence_in_the_gap():
    notes = PATTERNS[cues.WARNING]  # 440 Hz 0.15 s, silence 0.1 s, 440 Hz 0.15 s
    pcm = samples(notes)
    assert len(pcm) == round(duration(cues.WARNING) * SAMPLE_RATE)
    first = pcm[: round(0.15 * SAMPLE_RATE)]
    gap = pcm[round(0.15 * SAMPLE_RATE): round(0.25 * SAMPLE_RATE)]
    assert set(gap) == {0}
    assert max(first) > 8000  # clearly audible
    # A 440 Hz sine crosses zero 880 times a second.
    assert zero_crossings(first) == pytest.approx(440 * 2 * 0.15, rel=0.03)


def test_each_note_has_its_own_pitch():
    notes = PATTERNS[cues.SUCCESS]
    pcm = samples(notes)
    start = 0.0
    for note in notes:
        part = pcm[round(start * SAMPLE_RATE): round((start + note.seconds) * SAMPLE_RATE)]
        start += note.seconds
        if note.frequency is None:
            assert set(part) == {0}
        else:
            assert zero_crossings(part) == pytest.approx(2 * note.frequency * note.seconds, rel=0.05)


def test_tones_fade_in_and_out_so_they_do_not_click():
    pcm = samples(PATTERNS[cues.TAP])
    assert abs(pcm[0]) < 200 and abs(pcm[-1]) < 200


def test_cue_wav_is_a_22050_hz_16_bit_mono_wav_made_once(tmp_path, monkeypatch):
    path = cue_wav(cues.ALARM, tmp_path)
    assert path.parent == tmp_path
    with wave.open(str(path)) as wav:
        assert (wav.getframerate(), wav.getsampwidth(), wav.getnchannels()) == (22050, 2, 1)
        assert wav.getnframes() / wav.getframerate() == pytest.approx(duration(cues.ALARM), abs=0.001)

    def no_rewrite(*args):
        raise AssertionError("the cached WAV was written again")

    monkeypatch.setattr(simbuzzer, "write_wav", no_rewrite)
    assert cue_wav(cues.ALARM, tmp_path) == path


def test_an_edited_pattern_gets_a_fresh_file(tmp_path, monkeypatch):
    before = cue_wav(cues.TAP, tmp_path)
    monkeypatch.setitem(PATTERNS, cues.TAP, (cues.Note(1000.0, 0.05),))
    after = cue_wav(cues.TAP, tmp_path)
    assert after != before
    with wave.open(str(after)) as wav:
        assert wav.getnframes() == round(0.05 * SAMPLE_RATE)


class FakeSound:
    def __init__(self, source):
        self.source = source
        self.log = []

    def play(self):
        self.log.append("play")

    def stop(self):
        self.log.append("stop")

    def unload(self):
        self.log.append("unload")


@pytest.fixture
def fake_loader(monkeypatch):
    from kivy.core.audio import SoundLoader

    loaded = []

    def load(filename):
        loaded.append(FakeSound(filename))
        return loaded[-1]

    monkeypatch.setattr(SoundLoader, "load", staticmethod(load))
    return loaded


def test_play_shows_the_cue_and_plays_its_sound(tmp_path, fake_loader):
    shown = []
    player = SimulatedCuePlayer(True, on_cue=shown.append, cache_dir=tmp_path)
    player.play(cues.TICK)
    assert shown == [cues.TICK]
    [sound] = fake_loader
    assert sound.source.endswith(".wav") and sound.log[-1] == "play"


def test_a_newer_cue_stops_the_one_playing_and_sounds_are_loaded_once(tmp_path, fake_loader):
    player = SimulatedCuePlayer(True, cache_dir=tmp_path)
    player.play(cues.ALARM)
    player.play(cues.TAP)
    alarm, tap = fake_loader
    assert alarm.log[-1] == "stop" and tap.log[-1] == "play"  # the tap cut the alarm off
    player.play(cues.ALARM)
    assert len(fake_loader) == 2  # the alarm's sound is reused, not loaded again
    assert alarm.log[-1] == "play" and tap.log[-1] == "stop"
    player.close()
    assert alarm.log[-1] == "unload" and tap.log[-1] == "unload"


def test_a_disabled_buzzer_still_shows_the_cue_but_makes_no_sound(tmp_path, fake_loader):
    shown = []
    player = SimulatedCuePlayer(False, on_cue=shown.append, cache_dir=tmp_path)
    player.play(cues.ALARM)
    assert shown == [cues.ALARM]
    assert fake_loader == []
    assert list(tmp_path.iterdir()) == []  # not even a file made


def test_without_any_audio_provider_cues_are_still_shown(tmp_path, monkeypatch):
    from kivy.core.audio import SoundLoader

    calls = []
    monkeypatch.setattr(SoundLoader, "load", staticmethod(lambda f: calls.append(f)))  # returns None
    shown = []
    player = SimulatedCuePlayer(True, on_cue=shown.append, cache_dir=tmp_path)
    player.play(cues.TICK)
    player.play(cues.ALARM)
    assert shown == [cues.TICK, cues.ALARM]
    assert not player.audio
    assert len(calls) == 1  # gave up after the first failure instead of retrying every cue


def test_a_crashing_audio_backend_does_not_crash_the_game(tmp_path, monkeypatch):
    from kivy.core.audio import SoundLoader

    def broken(filename):
        raise OSError("no audio device")

    monkeypatch.setattr(SoundLoader, "load", staticmethod(broken))
    shown = []
    player = SimulatedCuePlayer(True, on_cue=shown.append, cache_dir=tmp_path)
    player.play(cues.WARNING)
    assert shown == [cues.WARNING]
    assert not player.audio


def test_with_this_machines_real_audio_backend_play_does_not_crash(tmp_path):
    shown = []
    player = SimulatedCuePlayer(True, on_cue=shown.append, cache_dir=tmp_path)
    player.play(cues.TAP)
    player.play(cues.TICK)
    player.close()
    assert shown == [cues.TAP, cues.TICK]
    assert any(p.suffix == ".wav" for p in tmp_path.iterdir())


def test_an_unknown_cue_is_refused_before_anything_is_shown(tmp_path):
    shown = []
    player = SimulatedCuePlayer(True, on_cue=shown.append, cache_dir=tmp_path)
    with pytest.raises(ValueError):
        player.play("fanfare")
    assert shown == []
