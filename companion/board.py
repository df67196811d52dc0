"""What a game's table looks like, as data for the screen to draw (Game.board).

A game describes its board in the table's words (already translated): the
counters it keeps, each seat's progress on a track, the tokens that sit with
a seat or on a place, the places (areas) of the board, and what lies in front
of each player. The screen decides how to draw it; no rule is in here.

Everything a Board says may be shown to the whole table: a game leaves out
what its rulebook keeps hidden.
"""
from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class Counter:
    """A number the table keeps: the Interrogation Deck, bars left, gems in the bag."""
    key: str                                   # stable name ("deck", "bars", "bag.orange")
    label: str                                 # words
    value: int
    total: int | None = None                   # out of (drawn as a dial or bar when given)
    marks: tuple[tuple[int, str], ...] = ()    # thresholds on the way: (7, "riot")
    big: bool = False                          # the table's main number: drawn largest
    colour: str | None = None                  # of one colour (the orange gems in the bag)
    short: str = ""                            # its name where room is short ("Orange")


@dataclass(frozen=True)
class Track:
    """Each seat's progress toward a goal: tunnel points, convicts won."""
    key: str
    label: str
    values: tuple[int, ...]                    # one per seat, in seat order
    goal: int
    short: str = ""                            # its name on a seat, where room is short ("Tunnel")


@dataclass(frozen=True)
class Token:
    """A piece that sits with a seat or on a place: the Soap, the Guard, the mask, Michel(le)."""
    key: str                                   # stable ("soap", "michel", "prisoner.2")
    label: str                                 # words
    seat: int | None = None                    # with this seat
    place: str | None = None                   # or on this area (Area.key)
    colour: str | None = None                  # a player's colour name, when it is that player's piece


@dataclass(frozen=True)
class Area:
    """A place on the board: a Place of Blackgate, a heist, a window of bars."""
    key: str
    label: str
    facts: tuple[str, ...] = ()                # short lines shown in it
    status: str = ""                           # the game's word for its state ("done", "empty", ...)
    pieces: tuple[bool, ...] = ()              # the pieces it holds, there or gone (a window's bars)
    short: str = ""                            # its name where room is short ("7" for window 7)


@dataclass(frozen=True)
class SeatView:
    """What lies in front of one player."""
    seat: int
    facts: tuple[str, ...] = ()                # "2 actions left", "Scheme 4: 2 cards"
    counts: tuple[tuple[str, int], ...] = ()   # (words, number): cards in hand, gems, chips


@dataclass(frozen=True)
class Score:
    """One player's line of the final scoreboard, best first."""
    seat: int
    total: int
    parts: tuple[tuple[str, int], ...] = ()   # (words, points) that make the total
    winner: bool = False


@dataclass(frozen=True)
class Board:
    counters: tuple[Counter, ...] = ()
    tracks: tuple[Track, ...] = ()
    tokens: tuple[Token, ...] = ()
    areas: tuple[Area, ...] = ()
    seats: tuple[SeatView, ...] = ()
    scores: tuple[Score, ...] = ()             # the game is over: its scoreboard
    layout: str = "table"    # how the real board lies: "table" (seats round it), "map" (places), "row" (heists)

    def problems(self, players: int) -> list[str]:
        """What does not add up (for tests): seats out of range, tokens on unknown places."""
        out = []
        places = {a.key for a in self.areas}
        for token in self.tokens:
            if token.seat is not None and not 0 <= token.seat < players:
                out.append(f"token {token.key} at seat {token.seat}")
            if token.place is not None and token.place not in places:
                out.append(f"token {token.key} on unknown place {token.place}")
            if (token.seat is None) == (token.place is None):
                out.append(f"token {token.key} must be at a seat or on a place")
        for track in self.tracks:
            if len(track.values) != players:
                out.append(f"track {track.key} has {len(track.values)} values for {players} seats")
        for view in self.seats:
            if not 0 <= view.seat < players:
                out.append(f"seat view {view.seat}")
        for score in self.scores:
            if not 0 <= score.seat < players:
                out.append(f"score for seat {score.seat}")
        keys = [c.key for c in self.counters] + [a.key for a in self.areas] + [t.key for t in self.tokens]
        if len(keys) != len(set(keys)):
            out.append("keys repeat")
        return out
