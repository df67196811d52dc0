"""Play ``companion.cues`` patterns on the GPIO buzzer, in the background.

* type "tonal": a passive piezo on a PWM-capable pin, driven by gpiozero's
  ``TonalBuzzer`` at each note's pitch. Pitches outside what the buzzer is set
  up for are clamped to its range rather than dropped, so a cue never goes
  silent because of one note.
* type "active": a buzzer with its own oscillator on a gpiozero ``Buzzer``:
  on for every note, off for every silence.

``play`` returns at once; one worker thread plays the notes. A newer cue cuts
the one playing short (a stale "tick" must not delay the alarm).
``enabled = false`` or no pin plays nothing and claims no pin.
"""
from __future__ import annotations

import logging
import threading

from gpiozero import Buzzer as ActiveBuzzer
from gpiozero import TonalBuzzer
from gpiozero.tones import Tone

from companion.closing import Closing
from companion.config import Buzzer
from companion.cues import PATTERNS, Note

from .worker import Worker

log = logging.getLogger(__name__)

# A5 +/- 2 octaves = 220..3520 Hz: every cue's pitch fits, and it is where
# small piezos are loud (gpiozero's default, A4 +/- 1 octave, stops at 880 Hz).
MID_TONE = Tone("A5")
OCTAVES = 2


def notes_for(name: str) -> tuple[Note, ...]:
    """The pattern of a cue; an unknown name is a programming error, said clearly."""
    try:
        return PATTERNS[name]
    except KeyError:
        raise ValueError(f"unknown cue {name!r}; known cues: {', '.join(sorted(PATTERNS))}") from None


class CuePlayer(Closing):
    """The buzzer from ``config.buzzer``; ``play(name)`` never blocks."""

    def __init__(self, buzzer: Buzzer, pin_factory=None):
        self.config = buzzer
        self.device: TonalBuzzer | ActiveBuzzer | None = None
        self._cond = threading.Condition()
        self._interrupt = threading.Event()
        self._pending: tuple[Note, ...] | None = None
        self._worker = Worker("cellmate-buzzer", self._cond, self._ready, self._take, self._play)
        if not buzzer.enabled or buzzer.pin is None:
            return
        if buzzer.type == "tonal":
            self.device = TonalBuzzer(buzzer.pin, mid_tone=MID_TONE, octaves=OCTAVES, pin_factory=pin_factory)
        elif buzzer.type == "active":
            self.device = ActiveBuzzer(buzzer.pin, pin_factory=pin_factory)
        else:
            raise ValueError(f"buzzer type must be 'tonal' or 'active', got {buzzer.type!r}")
        self._worker.start()

    @property
    def busy(self) -> bool:
        with self._cond:
            return not self._idle()

    def play(self, name: str) -> None:
        """Start the named cue, cutting off any cue still sounding."""
        notes = notes_for(name)
        if self.device is None:
            return
        with self._cond:
            if self._worker.closed:
                return
            self._pending = notes
            self._interrupt.set()
            self._worker.wake()

    def wait(self, timeout: float | None = None) -> bool:
        """Block until nothing is playing or queued; False if the timeout ran out first."""
        return self._worker.wait(self._idle, timeout)

    def close(self) -> None:
        if self._worker.close(self._cut) and self.device is not None:
            self.device.close()

    # -- the worker (hardware/worker.py) -----------------------------------------------
    def _ready(self) -> bool:
        return self._pending is not None

    def _idle(self) -> bool:
        return self._worker.job is None and self._pending is None

    def _take(self) -> tuple[Note, ...]:
        notes, self._pending = self._pending, None
        # Cleared under the lock: a play() after this point interrupts us.
        self._interrupt.clear()
        return notes

    def _cut(self) -> None:
        self._pending = None
        self._interrupt.set()

    def _play(self, notes: tuple[Note, ...]) -> None:
        try:
            for note in notes:
                self._sound(note.frequency)
                # The interruptible sleep: wakes at once for a newer cue or close().
                if self._interrupt.wait(note.seconds):
                    break
        finally:    # (a GPIO hiccup while playing is logged by the worker, which goes on)
            try:
                self._sound(None)
            except Exception:
                log.exception("buzzer failed to go quiet")

    def _sound(self, frequency: float | None):
        device = self.device
        if isinstance(device, TonalBuzzer):
            if frequency is None:
                device.stop()
            else:
                device.play(Tone.from_frequency(clamp(frequency, device)))
        elif frequency is None:
            device.off()
        else:
            device.on()


def clamp(frequency: float, device: TonalBuzzer) -> float:
    """The nearest pitch the TonalBuzzer accepts."""
    return min(max(frequency, device.min_tone.frequency), device.max_tone.frequency)
