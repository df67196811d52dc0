"""What a game says aloud (a part a game may add to: companion/speech.py speaks it).
Every game says whose turn it is when it passes on and who won; a game adds its own
events by overriding `spoken` (and `spoken_start`, `spoken_end`, `cover_noise`).
(companion.speech is imported where a line is made: a start says nothing before the
table is up, and speech.py is read on the frame after its first, ui/start.py.)"""
from __future__ import annotations

from typing import TYPE_CHECKING

from .moves import _whole, name_of

if TYPE_CHECKING:
    from .. import speech


class Voice:
    def turn_of(self, state: dict) -> int | None:
        """The seat whose turn it is, as said aloud ("Ann's turn"); None: nobody's now."""
        seat = state.get("current")
        return None if state.get("finished") or not _whole(seat) else seat

    def spoken(self, before: dict, after: dict, action: dict, t) -> list[speech.Line]:
        """What to say aloud for one step (speech.Line), in the catalogue's words. `before`,
        `after` and `action` have every secret blanked, even one the table may see by now
        (speech.lines_for: speech.unspoken), so nothing said can be a secret. Default: whose turn it is when it
        passes on, and who won. A game adds its own events before those."""
        from .. import speech

        out = []
        seat = self.turn_of(after)
        if seat is not None and seat != self.turn_of(before):
            out.append(speech.turn(t("speech.turn", name=name_of(after, seat))))
        if after.get("finished") and not before.get("finished"):
            out.append(self.spoken_end(after, t))
        return out

    def spoken_start(self, state: dict, t) -> list[speech.Line]:
        """What to say when a new game is on the table (public state): whose turn it is."""
        from .. import speech

        seat = self.turn_of(state)
        return [] if seat is None else [speech.turn(t("speech.turn", name=name_of(state, seat)))]

    def cover_noise(self, state: dict) -> bool:
        """Whether a noise should cover the table's sounds now (speech.cover_noise on): Sing
        Sing while a bar is taken out. Default: never."""
        return False

    def spoken_end(self, state: dict, t) -> speech.Line:
        """The end of the game aloud: who won."""
        from .. import speech

        winners = [name_of(state, seat) for seat in (self.result(state) or {}).get("winners", ())]
        text = t("speech.winners", names=speech.names(t, winners), count=len(winners)) if winners else t("speech.over")
        return speech.Line(text, speech.WINNER, speech.HIGH)
