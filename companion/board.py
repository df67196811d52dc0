"""What a game's table looks like, as data for the screen to draw (Game.board).

A game describes its board in the table's words (already translated): the
counters it keeps, each seat's progress on a track, the tokens that sit with
a seat or on a place, the places (areas) of the board, what lies in front
of each player, and where it matters who sits beside whom, the seats round the
table. The screen decides how to draw it; no rule is in here.

Everything a Board says may be shown to the whole table: a game leaves out
what its rulebook keeps hidden.
"""
from __future__ import annotations

import math
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
    short: str = ""                            # its mark where room is short, on the table drawn ("cuffs up")


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
    short: tuple[str, ...] = ()                # the same counts where room is short, one each ("4 cards")
    # On the seat's token round the table view: at most two figures that matter in the
    # game ("4 cards", "Tunnel 7"; empty: the first two `short`), and pieces as coloured
    # pips, (colour name, how many): Heist's gems
    figures: tuple[str, ...] = ()
    pips: tuple[tuple[str, int], ...] = ()


@dataclass(frozen=True)
class Score:
    """One player's line of the final scoreboard, best first."""
    seat: int
    total: int
    parts: tuple[tuple[str, int], ...] = ()   # (words, points) that make the total
    winner: bool = False
    outcome: str = ""                          # the end in the game's words: "escaped", "shot", "won with the gun"
    rank: int = 0                              # 1 for the best; equal ranks for a tie (0: by order)


@dataclass(frozen=True)
class Table:
    """The players round the table as they sit (The Snitch): each seat's place on
    an oval, clockwise, and whose turn it is. The pieces at a seat are its tokens."""
    places: tuple[tuple[float, float], ...]    # one per seat, in seat order: (x right, y up) on a circle of radius 1
    turn: int | None = None                    # the seat whose turn it is: drawn marked


def round_table(players: int, turn: int | None = None) -> Table:
    """The seats round the table in seat order, which is clockwise as seen from
    above: the first seat at the bottom, the next to its left (the turn passes
    left), evenly spaced."""
    places = []
    for seat in range(players):
        angle = math.radians(-90 - 360 * seat / players)    # clockwise: the angle falls
        places.append((round(math.cos(angle), 9), round(math.sin(angle), 9)))
    return Table(tuple(places), turn)


@dataclass(frozen=True)
class Board:
    """A game's table as the screen draws it: counters, tracks, tokens, places, seats, scores."""
    counters: tuple[Counter, ...] = ()
    tracks: tuple[Track, ...] = ()
    tokens: tuple[Token, ...] = ()
    areas: tuple[Area, ...] = ()
    seats: tuple[SeatView, ...] = ()
    scores: tuple[Score, ...] = ()             # the game is over: its scoreboard
    layout: str = "table"    # how the real board lies: "table" (seats round it), "map" (places), "row" (heists)
    table: Table | None = None                 # the seats drawn round the table, when the game shows them so

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
            if view.short and len(view.short) != len(view.counts):
                out.append(f"seat view {view.seat} says {len(view.short)} short counts for {len(view.counts)}")
            if len(view.figures) > 2:
                out.append(f"seat view {view.seat} has {len(view.figures)} figures for its token (at most 2)")
        if self.table is not None:
            if len(self.table.places) != players:
                out.append(f"the table has {len(self.table.places)} places for {players} seats")
            if self.table.turn is not None and not 0 <= self.table.turn < players:
                out.append(f"the table's turn at seat {self.table.turn}")
        for score in self.scores:
            if not 0 <= score.seat < players:
                out.append(f"score for seat {score.seat}")
        keys = [c.key for c in self.counters] + [a.key for a in self.areas] + [t.key for t in self.tokens]
        if len(keys) != len(set(keys)):
            out.append("keys repeat")
        return out


@dataclass(frozen=True)
class SeatToken:
    """What a seat's token says, wherever it is drawn: round the table view, on the
    phones' list of the seats (companion.phones). All of it public, from the Board."""
    tags: tuple[str, ...] = ()                 # the game's badges, then the pieces at the seat ("Soap", "Mask")
    figures: tuple[str, ...] = ()              # at most two short figures: "4 cards", "Rolled 5"
    track: str = ""                            # progress on the board's first track: "Tunnel 7/15"
    share: float = 0.0                         # of that track done, 0 to 1
    pips: tuple[tuple[str, int], ...] = ()     # pieces as coloured pips: (colour name, how many)


def seat_token(board: Board | None, seat: int, badges=()) -> SeatToken:
    """A seat's token from the board and the summary's badges for the seat: the figures
    (SeatView.figures; else its counts short, those the tags do not say already, two at
    most), its progress on the board's first track with the share done (a figure naming
    the track is said by the track, once), its pips."""
    tags = [str(tag) for tag in badges]
    if board is None:
        return SeatToken(tuple(tags))
    tags += [token.short or token.label for token in board.tokens
             if token.seat == seat and (token.short or token.label) not in tags]
    said = " ".join(tags).lower()
    view = next((v for v in board.seats if v.seat == seat), None)
    pips = tuple(view.pips) if view is not None else ()
    if view is None:
        shown = []
    elif view.figures:
        shown = list(view.figures)
    else:
        shorts = view.short or [f"{words} {number}" for words, number in view.counts]
        # a count the tags name already ("actions: 2" beside "Actions left 2") is said once
        shown = [short for (words, _number), short in zip(view.counts, shorts)
                 if not any(len(word) > 3 and word in said for word in words.lower().split())][:2]
    if not board.tracks:
        return SeatToken(tuple(tags), tuple(shown), pips=pips)
    track = board.tracks[0]
    named = track.short or track.label
    value = track.values[seat] if seat < len(track.values) else 0
    return SeatToken(tuple(tags), tuple(figure for figure in shown if named.lower() not in figure.lower()),
                     f"{named}\u00a0{value}/{track.goal}", min(1.0, value / track.goal) if track.goal else 0.0, pips)
