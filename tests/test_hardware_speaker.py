"""The voice (hardware/speaker.py): the real espeak-ng (installed by scripts/_setup.sh)
makes speech of a sentence in each language; the speaker never blocks, an urgent line
cuts off the one being said, and a missing or failing espeak-ng is a reason in words."""
import shutil
import subprocess
import threading
import time
import wave

import pytest

from companion.config import Speech
from companion.i18n import Catalogue
from companion.speech import Line, time_up, turn
from hardware import speaker
from hardware.speaker import Speaker, argv, check, loudness, wav

SENTENCES = {"en": "Prison riot! The Interrogation Deck is down to seven cards.",
             "de": "Gefängnisaufstand! Im Verhörstapel sind nur noch sieben Karten."}


@pytest.mark.parametrize("lang", ["en", "de"])
def test_espeak_ng_writes_speech_of_a_sentence_in_each_language(lang, tmp_path):
    path = tmp_path / f"{lang}.wav"
    command = argv(SENTENCES[lang], lang, 80, 160)
    result = subprocess.run(command[:-2] + ["-w", str(path)] + command[-2:], capture_output=True, timeout=30)
    assert result.returncode == 0, result.stderr
    with wave.open(str(path)) as wav:
        assert (wav.getnchannels(), wav.getsampwidth()) == (1, 2)
        seconds = wav.getnframes() / wav.getframerate()
        frames = wav.readframes(wav.getnframes())
    assert 2.0 < seconds < 8.0, seconds            # ten words or so at 160 a minute
    assert loudness(frames) > 0.02                 # speech, not silence


def test_both_voices_are_there():
    assert check() is None


def test_loudness_follows_the_volume_setting():
    def rms(volume):
        return loudness(wav("Ann's turn.", "en", volume)[44:])
    assert rms(20) < rms(100) / 2


def collect():
    chunks, first = [], []

    def sink(chunk):
        first.append(time.perf_counter()) if not first else None
        chunks.append(chunk)
    return chunks, first, sink


def test_say_returns_at_once_and_the_worker_speaks_in_the_queues_order():
    chunks, _first, sink = collect()
    with Speaker(Speech(), "en", sink=sink) as voice:
        begun = time.perf_counter()
        voice.say(turn("Ann's turn."))
        voice.say(Line("The Guard moves to Ben."))
        assert time.perf_counter() - begun < 0.05
        assert voice.wait(10)
        # (the worker may have begun the turn before the Guard came, or not: then the Guard goes first)
        assert sorted(line.text for line in voice.said) == ["Ann's turn.", "The Guard moves to Ben."]
    assert sum(map(len, chunks)) > 22050          # a second of sound or more


def test_an_urgent_line_cuts_off_the_one_being_said():
    long_text = " ".join(["The Interrogation Deck is down to seven cards."] * 6)
    full = len(subprocess.run(argv(long_text, "en", 80, 160, stdout=True), capture_output=True, timeout=30).stdout)
    chunks, _first, sink = collect()
    started, urged = threading.Event(), threading.Event()

    def noting(chunk):      # the first sound of the long line holds until the urgent one is in
        started.set()
        urged.wait(5)
        sink(chunk)
    with Speaker(Speech(), "en", sink=noting) as voice:
        voice.say(Line(long_text))
        assert started.wait(5)
        voice.say(time_up(Catalogue("en"), "guess 1"))
        urged.set()
        assert voice.wait(10)
        assert [line.text for line in voice.said] == [long_text, "Time is up!"]
        assert [(line.text, why) for line, why in voice.queue.dropped] == [(long_text, "cut")]
    time_up_alone = len(subprocess.run(argv("Time is up!", "en", 80, 160, stdout=True), capture_output=True).stdout)
    assert sum(map(len, chunks)) < full / 2 + time_up_alone


def test_without_espeak_ng_there_is_a_reason_and_nothing_is_said(tmp_path):
    voice = Speaker(Speech(), "de", program=str(tmp_path / "no-espeak-ng"))
    try:
        assert voice.problem == f"{tmp_path / 'no-espeak-ng'} is not installed (Debian package espeak-ng)"
        assert not voice.working
        voice.say(turn("Ann ist dran."))
        assert voice.wait(1) and voice.said == []
    finally:
        voice.close()


def no_sound_card(tmp_path):
    """An espeak-ng that says its voices like the real one, but every sentence fails as
    with no sound card."""
    fake = tmp_path / "espeak-ng"
    real = shutil.which("espeak-ng")
    fake.write_text(f'#!/bin/sh\ncase "$1" in --voices*) exec {real} "$@";; esac\n'
                    'echo "ALSA lib pcm.c: Unknown PCM default" >&2\nexit 1\n')
    fake.chmod(0o755)
    return fake


def until(condition, seconds=5):
    deadline = time.monotonic() + seconds
    while not condition() and time.monotonic() < deadline:
        time.sleep(0.01)
    return condition()


def test_a_failing_sound_card_is_told_once_and_the_voice_goes_quiet(tmp_path):
    fake = no_sound_card(tmp_path)
    told = []
    voice = Speaker(Speech(), "en", program=str(fake), on_problem=told.append)
    try:
        assert voice.problem is None
        voice.say(turn("Ann's turn."))
        assert voice.wait(5)
        until(lambda: told)
        assert told == [f"{fake} failed: ALSA lib pcm.c: Unknown PCM default (exit 1)"]
        assert not voice.working
        voice.say(Line("The Guard moves to Ben."))
        assert voice.wait(1) and len(told) == 1
    finally:
        voice.close()


def test_no_sound_card_is_a_failure_though_espeak_ng_exits_0():
    said = subprocess.run(["espeak-ng", "Ann's turn."], capture_output=True, text=True, timeout=30)
    assert speaker.failure(said.returncode, said.stderr) is None or said.stderr.startswith("ALSA lib")
    assert speaker.failure(0, "ALSA lib confmisc.c:855:(parse_card) cannot find card '0'\nerror: No such file\n") \
        == "ALSA lib confmisc.c:855:(parse_card) cannot find card '0'"
    assert speaker.failure(0, "") is None and speaker.failure(2, "") == "no message (exit 2)"


def test_alsas_words_as_a_working_card_opens_are_no_failure():
    # a card that plays may still say these (its config names outputs it lacks)
    noise = ("ALSA lib pcm.c:2666:(snd_pcm_open_noupdate) Unknown PCM cards.pcm.rear\n"
             "ALSA lib pcm_dmix.c:1032:(snd_pcm_dmix_open) unable to open slave\n")
    assert speaker.failure(0, noise) is None
    rear = "ALSA lib pcm.c:2666:(snd_pcm_open_noupdate) Unknown PCM cards.pcm.rear"
    assert speaker.failure(1, noise) == f"{rear} (exit 1)"
    assert speaker.failure(0, noise + "ALSA lib pcm.c:2666:(snd_pcm_open_noupdate) Unknown PCM default\n") == rear


def test_a_failure_after_the_voice_was_switched_off_and_on_again_is_told_again(tmp_path):
    fake = no_sound_card(tmp_path)
    told = []
    with Speaker(Speech(), "en", program=str(fake), on_problem=told.append) as voice:
        voice.say(turn("Ann's turn."))
        assert until(lambda: len(told) == 1) and not voice.working
        voice.configure(Speech(enabled=False))
        voice.configure(Speech())                       # someone tries again (a card plugged in?)
        assert until(lambda: voice.working)             # espeak-ng and its voices are there
        voice.say(turn("Ben's turn."))
        assert until(lambda: len(told) == 2), told      # still no card: told again, not kept quiet


def test_switching_the_voice_on_does_not_wait_for_espeak_ng_to_be_looked_for(tmp_path):
    slow = tmp_path / "espeak-ng"
    slow.write_text("#!/bin/sh\nsleep 2\nexit 3\n")   # a Pi busy starting up: and no voices in the end
    slow.chmod(0o755)
    told = []
    with Speaker(Speech(enabled=False), "en", program=str(slow), on_problem=told.append) as voice:
        began = time.monotonic()
        voice.configure(Speech())                       # the switch in Settings, on the screen's thread
        assert time.monotonic() - began < 1.0
        voice.say(turn("Ann's turn."))                  # waits for the look, then goes with it
        assert until(lambda: told, 10) and told == [f"{slow} has no voice 'en-gb' for en"]
        assert not voice.working and voice.wait(1) and voice.said == []


def test_switched_off_says_nothing_and_what_is_waiting_goes():
    _chunks, _first, sink = collect()
    with Speaker(Speech(), "en", sink=sink) as voice:
        voice.configure(Speech(enabled=False))
        voice.say(turn("Ann's turn."))
        assert voice.wait(1) and voice.said == []


def test_cover_noise_murmurs_until_a_line_is_said_or_it_stops():
    chunks, _first, sink = collect()
    with Speaker(Speech(cover_noise=True), "en", sink=sink) as voice:
        voice.cover(True)
        deadline = time.monotonic() + 5
        while not chunks and time.monotonic() < deadline:
            time.sleep(0.01)
        assert chunks                                          # murmuring
        voice.say(turn("Ann's turn."))
        assert voice.wait(10) and [line.text for line in voice.said] == ["Ann's turn."]
        voice.cover(False)
        time.sleep(0.2)
        heard = sum(map(len, chunks))
        time.sleep(0.3)
        assert sum(map(len, chunks)) == heard                  # quiet again


def test_the_voices_command():
    assert argv("Hallo", "de", 50, 170, stdout=True) == [
        speaker.PROGRAM, "-v", "de", "-a", "100", "-s", "170", "--stdout", "--", "Hallo"]
    assert argv("-x", "en", 100, 80)[-2:] == ["--", "-x"]     # a text is never read as an option
