"""The buzzer off a Pi: show the cue on screen and beep through the speakers.

Each pattern is synthesised once into a small WAV (22050 Hz, 16-bit mono,
sine tones with a few milliseconds of fade so they do not click) and kept in
the user cache folder; Kivy's ``SoundLoader`` plays it. A machine with no
working audio (no provider, no device, ``SDL_AUDIODRIVER=dummy``) still shows
every cue: sound is a bonus here, never a reason to crash.
"""
from __future__ import annotations

import logging
import math
import os
import sys
import tempfile
from array import array
from pathlib import Path
from typing import Callable, Iterable

from companion.cues import Note

from .buzzer import notes_for

log = logging.getLogger(__name__)

SAMPLE_RATE = 22050
AMPLITUDE = 0.35  # of full scale: audible without startling the table
FADE_SECONDS = 0.003


def synthesize(notes: Iterable[Note], rate: int = SAMPLE_RATE) -> bytes:
    """16-bit little-endian mono PCM: a sine per note, zeros for silence."""
    samples = array("h")
    start = 0.0
    for note in notes:
        # Note boundaries from the running total, so rounding never drifts.
        first, last = round(start * rate), round((start + note.seconds) * rate)
        start += note.seconds
        count = last - first
        if note.frequency is None:
            samples.extend([0] * count)
            continue
        fade = max(1, min(int(FADE_SECONDS * rate), count // 2))
        step = 2 * math.pi * note.frequency / rate
        peak = AMPLITUDE * 32767
        for i in range(count):
            envelope = min(1.0, i / fade, (count - 1 - i) / fade)
            samples.append(int(peak * envelope * math.sin(step * i)))
    if sys.byteorder == "big":
        samples.byteswap()  # WAV is little-endian
    return samples.tobytes()


def write_wav(path: Path, notes: Iterable[Note], rate: int = SAMPLE_RATE) -> Path:
    """Write the pattern as a WAV file; written beside and renamed, so a reader never sees half a file."""
    import wave     # (here and hashlib in cue_wav: at the first cue, not at every start)

    path = Path(path)
    tmp = path.with_name(f".{path.name}.{os.getpid()}.tmp")
    with wave.open(str(tmp), "wb") as out:
        out.setnchannels(1)
        out.setsampwidth(2)
        out.setframerate(rate)
        out.writeframes(synthesize(notes, rate))
    os.replace(tmp, path)
    return path


def default_cache_dir() -> Path:
    from platformdirs import user_cache_dir

    for folder in (Path(user_cache_dir("cellmate")) / "cues", Path(tempfile.gettempdir()) / "cellmate-cues"):
        try:
            folder.mkdir(parents=True, exist_ok=True)
            return folder
        except OSError:
            continue
    raise OSError("no writable folder for the cue sounds")


def cue_wav(name: str, cache_dir: Path | None = None) -> Path:
    """The WAV for a cue, made on first use. The name holds a hash of the
    pattern, so editing a pattern in companion.cues makes a fresh file."""
    import hashlib

    notes = notes_for(name)
    folder = Path(cache_dir) if cache_dir is not None else default_cache_dir()
    folder.mkdir(parents=True, exist_ok=True)
    digest = hashlib.sha256(repr((SAMPLE_RATE, AMPLITUDE, notes)).encode()).hexdigest()[:12]
    path = folder / f"{name}-{digest}.wav"
    if not path.exists():
        write_wav(path, notes)
    return path


class SimulatedCuePlayer:
    """``play(name)`` calls ``on_cue(name)`` and, when ``enabled``, beeps.

    ``on_cue`` is called for every cue, enabled or not: the screen is the
    only place a muted or speakerless machine can show it.
    """

    def __init__(self, enabled: bool, on_cue: Callable[[str], object] | None = None, cache_dir: Path | None = None):
        self.enabled = enabled
        self.on_cue = on_cue
        self.cache_dir = cache_dir
        self._sounds: dict[str, object | None] = {}  # None: this cue could not be loaded
        self._current = None
        self._audio_ok = True  # becomes False after the first failure: one log line, not one per cue

    def play(self, name: str) -> None:
        notes_for(name)  # an unknown cue fails here, as on the GPIO buzzer
        if self.on_cue is not None:
            self.on_cue(name)
        if not self.enabled or not self._audio_ok:
            return
        sound = self._sound(name)
        if sound is None:
            return
        try:
            if self._current is not None and self._current is not sound:
                self._current.stop()  # a newer cue cuts the old one off, like the buzzer
            sound.stop()
            sound.play()
            self._current = sound
        except Exception:
            self._no_audio("playing a cue failed")

    @property
    def audio(self) -> bool:
        """False once sound turned out not to work here; cues are then only shown."""
        return self._audio_ok

    def _sound(self, name: str):
        if name in self._sounds:
            return self._sounds[name]
        sound = None
        try:
            path = cue_wav(name, self.cache_dir)
            from kivy.core.audio import SoundLoader

            sound = SoundLoader.load(str(path))
            if sound is None:
                self._no_audio("no Kivy audio provider could load the cue sound")
        except Exception:
            self._no_audio("cue sounds are unavailable")
        self._sounds[name] = sound
        return sound

    def _no_audio(self, why: str):
        self._audio_ok = False
        log.warning("%s; cues are shown on screen only", why, exc_info=sys.exc_info()[0] is not None)

    def close(self) -> None:
        for sound in self._sounds.values():
            if sound is not None:
                try:
                    sound.stop()
                    sound.unload()
                except Exception:
                    pass
        self._sounds.clear()
        self._current = None
