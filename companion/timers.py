"""Countdowns on an injectable monotonic clock, with cues a game configures.

The clock is any zero-argument callable returning seconds (time.monotonic on
the table, a fake in tests), so a whole countdown can be checked in no time.
"""
from __future__ import annotations

import math
import time
from dataclasses import dataclass

from . import cues as cue_names

IDLE, RUNNING, PAUSED, DONE = "idle", "running", "paused", "done"


@dataclass(frozen=True)
class TimerCues:
    """Beeps in the last `tick_last` whole seconds, a long buzz at zero."""
    tick_last: int = 3
    tick: str = cue_names.TICK
    zero: str = cue_names.ALARM


class Countdown:
    def __init__(self, seconds: float, clock=time.monotonic, cues: TimerCues = TimerCues()):
        if seconds <= 0:
            raise ValueError("a countdown needs a positive number of seconds")
        self.seconds = float(seconds)
        self.clock = clock
        self.cues = cues
        self.state = IDLE
        self._left = self.seconds      # remaining time while not running
        self._deadline: float | None = None
        self._next_tick = self._first_tick()

    def _first_tick(self) -> int | None:
        # Whole seconds remaining at which a tick is due, counting down to 1.
        n = min(self.cues.tick_last, math.ceil(self.seconds) - 1) if self.cues.tick_last else 0
        return n if n >= 1 else None

    @property
    def deadline(self) -> float | None:
        return self._deadline

    def remaining(self) -> float:
        if self.state == RUNNING:
            return max(0.0, self._deadline - self.clock())
        return self._left if self.state != DONE else 0.0

    def shown(self) -> int:
        """The whole seconds a display shows: 2.3 s left shows 3."""
        return math.ceil(self.remaining() - 1e-9)

    def next_change(self) -> float | None:
        """Seconds until the shown second changes (when a cue may fall due too); None
        while it is not running. Whoever shows it need not look before then."""
        if self.state != RUNNING:
            return None
        left = self.remaining()
        return max(0.0, left - (self.shown() - 1))

    def start(self) -> None:
        if self.state in (IDLE, DONE):
            self.reset()
        if self.state == PAUSED or self.state == IDLE:
            self._deadline = self.clock() + self._left
            self.state = RUNNING

    def pause(self) -> None:
        if self.state == RUNNING:
            self._left = self.remaining()
            self._deadline = None
            self.state = PAUSED

    resume = start

    def toggle(self) -> None:
        """What the TIMER button does: start, pause, resume, or start again after zero."""
        if self.state == RUNNING:
            self.pause()
        else:
            self.start()

    def reset(self, seconds: float | None = None) -> None:
        if seconds is not None:
            if seconds <= 0:
                raise ValueError("a countdown needs a positive number of seconds")
            self.seconds = float(seconds)
        self.state = IDLE
        self._left = self.seconds
        self._deadline = None
        self._next_tick = self._first_tick()

    def poll(self) -> list[str]:
        """Cues that fell due since the last poll; call it every frame."""
        if self.state != RUNNING:
            return []
        left = self.remaining()
        due = []
        while self._next_tick is not None and left <= self._next_tick:
            if left > 0 and not due:  # a late frame still beeps only once
                due.append(self.cues.tick)
            self._next_tick = self._next_tick - 1 if self._next_tick > 1 else None
        if left <= 0:
            due = [c for c in due if c != self.cues.tick]  # zero swallows late ticks
            due.append(self.cues.zero)
            self.state = DONE
            self._left = 0.0
            self._deadline = None
        return due
