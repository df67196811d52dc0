"""What Cellmate says aloud, and in which order: pure, no sound here.

`lines_for(game, before, after, action, t)` words one committed step as Lines,
from the catalogue and only from what the whole table may know: the game's
`spoken` hook sees the state and the action with everything the game declares
secret blanked (Game.secrets), never the state itself.

`SpeechQueue` decides what is said next on an injectable clock (like
companion.timers): an URGENT line (an alarm, "time is up") cuts off what is
being said; a new "whose turn" replaces one not yet said; the same words are
not queued twice nor said again within `repeat_within` seconds; a line not
begun within its `ttl` is dropped (news said late is wrong news).
hardware/speaker.py plays it with espeak-ng.
"""
from __future__ import annotations

import time
from collections import deque
from dataclasses import dataclass, field, replace

from .config import SPEECH_KINDS as KINDS
from .secret import SECRET

# What a line is about: the settings' "which events" (speech.events)
TURN, EVENTS, COUNTDOWN, WINNER = KINDS
# How soon: higher first; URGENT also cuts off the line being said
LOW, NORMAL, HIGH, URGENT = 0, 1, 2, 3
MAX_AGE = 4.0          # s a line may wait before it is too late to say
COUNT_AGE = 0.8        # s for a countdown's number: "3" said at 2 is wrong
REPEAT_WITHIN = 8.0    # s in which the same words are not said again
COUNT_FROM = 5         # a countdown's last seconds said aloud


@dataclass(frozen=True)
class Line:
    """A line for the voice: its words, what kind of news it is, how soon and how long it may wait."""
    text: str
    kind: str = EVENTS
    priority: int = NORMAL
    ttl: float = MAX_AGE
    key: str = ""          # what counts as "the same" (default: the text)
    at: float = field(default=0.0, compare=False)   # when it was queued

    @property
    def same(self) -> str:
        return self.key or self.text


def turn(text: str) -> Line:
    return Line(text, TURN, LOW)


def names(t, seats_names: list[str]) -> str:
    """"Ann", "Ann and Ben", "Ann, Ben and Cleo", in the table's language."""
    if len(seats_names) <= 1:
        return "".join(seats_names)
    return t("speech.and", first=", ".join(seats_names[:-1]), last=seats_names[-1])


def countdown(t, seconds_left: int, key) -> Line | None:
    """A running countdown's shown second, said in its last COUNT_FROM seconds."""
    if not 1 <= seconds_left <= COUNT_FROM:
        return None
    return Line(t("speech.count", n=seconds_left), COUNTDOWN, HIGH, COUNT_AGE, key=f"count {key} {seconds_left}")


def time_up(t, key) -> Line:
    return Line(t("speech.time_up"), COUNTDOWN, URGENT, key=f"zero {key}")


def lines_for(game, before: dict, after: dict, action: dict | None, t) -> list[Line]:
    """What to say for one step (action None: an undo or a redo, which says only whose
    turn it is now). Stricter than the screen: a voice is heard by all, the masked
    player in Sing Sing too, so whatever a game ever declares secret (Game.secrets),
    field or argument, is blanked before its hook sees the step, whether or not the
    screen may show it now."""
    quiet_before, quiet_after = unspoken(game, before), unspoken(game, after)
    if action is None:
        return [line for line in game.spoken(quiet_before, quiet_after, {"type": None}, t) if line.kind == TURN]
    hidden = game.hidden_args(after, action, always=True)
    shown = {key: SECRET if key in hidden else value for key, value in action.items()}
    return game.spoken(quiet_before, quiet_after, shown, t)


def unspoken(game, state: dict) -> dict:
    """The state with every field a game declares secret blanked (SECRET), whatever its `until`."""
    return game.public(state, always=True)


class SpeechQueue:
    """The lines waiting to be said. `push` from the app, `take` from whoever speaks.
    `dropped` keeps (line, reason) for the tests and the log: "repeat", "stale" (a
    newer turn), "late", "cut" (an urgent line cut it off), "off" (its kind is off)."""

    def __init__(self, clock=time.monotonic, repeat_within: float = REPEAT_WITHIN, kinds=KINDS):
        self.clock = clock
        self.repeat_within = repeat_within
        self.kinds = frozenset(kinds)
        self.pending: list[Line] = []
        self.dropped: deque[tuple[Line, str]] = deque(maxlen=200)   # the newest, for tests and the log
        self._said: dict[str, float] = {}

    def push(self, line: Line) -> bool:
        """Queue a line; True when it must cut off the line being said now."""
        now = self.clock()
        line = replace(line, at=now)
        if line.kind not in self.kinds:
            return self._drop(line, "off")
        last = self._said.get(line.same)
        if any(p.same == line.same for p in self.pending) or (last is not None and now - last < self.repeat_within):
            return self._drop(line, "repeat")
        if line.kind == TURN:       # whose turn it was is no news once it has passed on
            for stale in [p for p in self.pending if p.kind == TURN]:
                self.pending.remove(stale)
                self.dropped.append((stale, "stale"))
        self.pending.append(line)
        return line.priority >= URGENT

    def take(self) -> Line | None:
        """The next line to say now (marked as said), or None; drops what waited too long."""
        now = self.clock()
        for late in [p for p in self.pending if now - p.at > p.ttl]:
            self.pending.remove(late)
            self.dropped.append((late, "late"))
        if not self.pending:
            return None
        line = max(self.pending, key=lambda p: (p.priority, -p.at))
        self.pending.remove(line)
        self._said[line.same] = now
        for same, at in list(self._said.items()):     # forget what may be said again
            if now - at >= self.repeat_within:
                del self._said[same]
        return line

    def cut(self, line: Line) -> None:
        """The line being said was cut off by an urgent one."""
        self.dropped.append((line, "cut"))

    def clear(self) -> None:
        self.pending.clear()

    def _drop(self, line: Line, reason: str) -> bool:
        self.dropped.append((line, reason))
        return False
