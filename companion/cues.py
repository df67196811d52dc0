"""Named buzzer cues as data: what each sounds like, not how it is played.

A pattern is a list of (frequency in Hz or None for silence, seconds).
A plain on/off buzzer plays every note as "on"; a tonal buzzer plays the pitch.
"""
from typing import NamedTuple


class Note(NamedTuple):
    frequency: float | None
    seconds: float


TAP = "tap"
SUCCESS = "success"
WARNING = "warning"
ALARM = "alarm"
TICK = "tick"

PATTERNS: dict[str, tuple[Note, ...]] = {
    TAP: (Note(880.0, 0.04),),
    TICK: (Note(1175.0, 0.06),),
    SUCCESS: (Note(659.0, 0.08), Note(None, 0.03), Note(784.0, 0.08), Note(None, 0.03), Note(880.0, 0.16)),
    WARNING: (Note(440.0, 0.15), Note(None, 0.1), Note(440.0, 0.15)),
    ALARM: (Note(523.0, 1.2),),  # the long buzz at zero
}


def duration(name: str) -> float:
    return sum(note.seconds for note in PATTERNS[name])
