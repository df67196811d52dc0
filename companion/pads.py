"""What the seat pads mean to the games: pure, no serial, no Kivy, no game's name.

Every player has a pad at their seat with two or three buttons and an RGB LED
(the transport is hardware/pads). What a press or a light means is the game's
to say (companion.games.base.Game: ``pad_buttons``, ``pad_may``, ``leds``,
``ballot``); this module applies it:

* ``pad_action(state, seat, button)``: the action a press on seat S's pad
  means in this state, with ``"player": S`` so the game attributes it to that
  seat, or None when it means nothing there (a press out of turn changes no
  state and sounds no warning);
* ``led_policy(state)``: each seat's LED colour and blink;
* ``PadTable``: the two above plus a secret vote (Game.ballot): the ballots,
  cast on the pads or on the screen, are held here, never in the game, until
  every voter has voted; then their totals alone go in, as one action;
* ``SeatClaims``: which pad (by its id) sits at which seat, and the
  "press your button to claim your seat" set-up.

Buttons: 1 = MAIN (the big one: roll, verdict "right", open and cast a ballot),
2 = DONE (end the turn / pass the Soap, verdict "wrong", one seat further left),
3 = EXTRA (optional: one seat back to the right in a vote).
"""
from __future__ import annotations

from . import games
from .games.base import IllegalAction
from .inputs import DONE, EXTRA, MAIN, PAD_BUTTONS as BUTTONS
from .lights import (AMBER, BLINKS, BLUE, GREEN, MAGENTA, OFF, RED, VOTED, WHITE, Led,  # noqa: F401  (the pads' words)
                     colour_of, valid_seat)


def _game(state: dict | None):
    if not state or not state.get("players"):
        return None
    try:
        return games.get(state.get("game"))
    except IllegalAction:
        return None


# -- LEDs -----------------------------------------------------------------------
def led_policy(state: dict | None) -> dict[int, Led]:
    """Every seat's LED for this state (seats not lit are OFF). No state: all off."""
    game = _game(state)
    if game is None:
        return {}
    leds = {seat: OFF for seat in range(len(state["players"]))}
    leds.update({seat: led for seat, led in game.leds(state).items() if valid_seat(state, seat)})
    return leds


def claim_leds(players: list[dict], held) -> dict[int, Led]:
    """LEDs for the seat-claim screen: each seat that has its pad glows in its
    player's colour (pads still without a seat blink white: the hub does that)."""
    table = {"players": players}
    return {seat: Led(colour_of(table, seat)) for seat in held if valid_seat(table, seat)}


# -- presses --------------------------------------------------------------------
def pad_action(state: dict | None, seat: int, button: int) -> dict | None:
    """The action a press of ``button`` on seat ``seat``'s pad means now, with
    ``player`` set to that seat; None when it means nothing. Each table button
    the pad button stands for (Game.pad_buttons) is tried in order; the action
    must be one the game lets this seat's pad send (Game.pad_may). Never raises
    for any seat or button (bad ones mean nothing). A secret vote is PadTable's."""
    game = _game(state)
    if game is None or state.get("finished") or not valid_seat(state, seat) or button not in BUTTONS:
        return None
    for event in game.pad_buttons.get(button, ()):
        action = game.input_action(state, event)
        if action is None:
            continue
        action = dict(action, player=seat)
        if game.pad_may(state, action, seat):
            return action
    return None


# A pad's state as the hub reports it (hardware.pads.driver.PadStatus.state) and the seat-pad screen shows it
CONNECTING = "connecting"       # port open, waiting for the HELLO
ONLINE = "online"
OFFLINE = "offline"             # known by id, unplugged (its seat keeps it)
INCOMPATIBLE = "incompatible"   # speaks another protocol version
IGNORED = "ignored"             # never answered HELLO: not a pad; left alone until it is unplugged


class PadTable:
    """One session's pads: what a press does, what the LEDs show, and the ballots of
    a secret vote (Game.ballot), from the pads and the screen alike.

    A ballot is never written down: it stays here, out of the game state, until
    every voter has one; then `flush` returns the one action that puts their
    totals in (Ballot.count), and nothing anywhere says who voted for whom. A
    pulled plug loses the ballots held: that vote starts again.

    On a pad nobody can read a ballot from the light (a neighbour sees it as
    well as the voter does): MAIN opens the ballot on yourself, DONE moves one
    seat to the left (clockwise), EXTRA one to the right, MAIN again casts it
    for the seat reached. The light shows none of it: while a ballot is open it
    blinks white, fast; a cast vote is steady white; both the same for every
    voter and every candidate. A press after casting opens the ballot again (MAIN
    at yourself, DONE and EXTRA one seat to the left or the right): a vote can be
    changed until the last one is in, by its own voter.

    Seats without a pad (online) vote on the screen, in the game's order, or on their
    phones, in any order (`cast` both).
    The app calls ``press`` for a pad press, ``cast`` for a vote on the screen and
    ``flush`` after any other change to the state (an undo, a pad going offline),
    performs the returned actions in order and stops at the first refused.
    """

    def __init__(self):
        self._browsing: dict[int, int] = {}     # seat -> seats counted to the left of itself (never shown)
        self._ballots: dict[int, int] = {}      # seat -> the candidate voted for, not yet counted

    def press(self, state: dict | None, seat: int, button: int, pad_seats=()) -> list[dict]:
        ballot = self._sync(state)
        if not state or not valid_seat(state, seat):
            return []
        if ballot is not None:
            return self._vote_press(state, ballot, seat, button)
        action = pad_action(state, seat, button)
        return [action] if action is not None else []

    def cast(self, state: dict | None, seat: int, choice: int) -> list[dict]:
        """A ballot cast by `seat` on the screen (in its turn, only it seeing the screen) or
        on its phone (companion.phones: in any order, several phones at once). Cast again
        before the last one is in, it replaces the one before."""
        ballot = self._sync(state)
        if ballot is None or seat not in ballot.voters or choice not in ballot.candidates:
            return []
        self._browsing.pop(seat, None)
        self._ballots[seat] = choice
        return self.flush(state)

    def flush(self, state: dict | None, pad_seats=()) -> list[dict]:
        """The action that counts the votes, once every voter has cast a ballot (usually none)."""
        ballot = self._sync(state)
        if ballot is None or not ballot.voters or any(voter not in self._ballots for voter in ballot.voters):
            return []
        return [ballot.count(self._ballots)]

    def screen_voters(self, state: dict | None, pad_seats=()) -> list[int]:
        """Who is still to vote on the screen, in the game's order: the voters without a
        pad online and without a ballot."""
        ballot = self._sync(state)
        if ballot is None:
            return []
        return [v for v in ballot.voters if v not in self._ballots and v not in set(pad_seats)]

    def leds(self, state: dict | None) -> dict[int, Led]:
        ballot = self._sync(state)
        leds = led_policy(state)
        if ballot is not None:
            for seat in self._ballots:
                leds[seat] = VOTED
            for seat in self._browsing:
                leds[seat] = CHOOSING
        return leds

    def ballots_cast(self) -> int:
        """How many votes are waiting (not who for: that stays secret)."""
        return len(self._ballots)

    def has_voted(self, seat: int) -> bool:
        return seat in self._ballots

    def reset(self) -> None:
        self._browsing.clear()
        self._ballots.clear()

    # -- the vote --------------------------------------------------------------
    def _sync(self, state):
        """The vote running now (None: none; every held ballot is dropped then)."""
        game = _game(state)
        ballot = game.ballot(state) if game is not None and not state.get("finished") else None
        if ballot is None:
            self.reset()
            return None
        for table in (self._ballots, self._browsing):
            for seat in list(table):
                if seat not in ballot.voters:
                    del table[seat]            # counted (or not a voter in this vote)
        return ballot

    def _vote_press(self, state, ballot, seat, button) -> list[dict]:
        if seat not in ballot.voters or button not in (MAIN, DONE, EXTRA):
            return []
        counted = self._browsing.get(seat)
        if button == MAIN and counted is not None:
            del self._browsing[seat]
            self._ballots[seat] = _seat_from(state, ballot.candidates, seat, counted)
            return self.flush(state)
        self._ballots.pop(seat, None)          # (re)opened: a vote cast before is taken back
        self._browsing[seat] = (counted or 0) + {MAIN: 0, DONE: 1, EXTRA: -1}[button]
        return []


CHOOSING = Led(WHITE, "fast")   # a ballot open on a pad: the same whoever it is for


def _seat_from(state, candidates, seat: int, counted: int) -> int:
    """The candidate `counted` seats to the left (clockwise) of `seat`, yourself first."""
    n = len(state["players"])
    ring = sorted(candidates, key=lambda c: (c - seat) % n)
    return ring[counted % len(ring)]


# -- seats ------------------------------------------------------------------------
class SeatClaims:
    """Which pad sits at which seat (0-based), by pad id, not by USB socket.

    Claiming: ``begin(seats)`` forgets every claim and waits for seat 0; the
    next press on a pad without a seat claims the waited-for seat, and the wait
    moves on to the next seat nobody holds, until all ``seats`` are held
    (``waiting`` is then None). ``begin_seat(seat)`` frees one seat and waits
    just for it. A press on a pad that already holds a seat claims nothing.

    A pad also says which seat it remembers in its hello (``announce``): it
    gets it when no other pad holds it. Two pads for one seat: the first one
    keeps it, the second is refused (``announce`` says why).
    """

    def __init__(self):
        self._seat_of: dict[str, int] = {}
        self.seats: int = 0             # the seats being claimed (0: not claiming)
        self.waiting: int | None = None
        self._single = False            # begin_seat: only that one seat

    # reading
    def seat_of(self, pad_id: str) -> int | None:
        return self._seat_of.get(pad_id)

    def pad_at(self, seat: int) -> str | None:
        for pad, s in self._seat_of.items():
            if s == seat:
                return pad
        return None

    def assignments(self) -> dict[str, int]:
        return dict(self._seat_of)

    @property
    def claiming(self) -> bool:
        return self.waiting is not None

    # changing
    def assign(self, pad_id: str, seat: int | None) -> str | None:
        """Put ``pad_id`` at ``seat`` (None: no seat); whoever held the seat
        loses it. Returns the pad moved off the seat, if any."""
        self._seat_of.pop(pad_id, None)
        if seat is None:
            return None
        previous = self.pad_at(seat)
        if previous is not None:
            del self._seat_of[previous]
        self._seat_of[pad_id] = seat
        return previous

    def release(self, pad_id: str) -> None:
        self._seat_of.pop(pad_id, None)

    def announce(self, pad_id: str, seat: int | None) -> tuple[int | None, str | None]:
        """A pad's hello: (its seat now, None) or (None, why it got none)."""
        mine = self._seat_of.get(pad_id)
        if mine is not None:
            return mine, None           # the host's claim wins over the pad's memory
        if seat is None:
            return None, None
        if self.claiming and (not self._single or seat == self.waiting):
            return None, None           # being claimed afresh: a remembered seat does not count
        holder = self.pad_at(seat)
        if holder is not None:
            return None, f"pad {pad_id} says seat {seat + 1}, but pad {holder} holds it"
        self._seat_of[pad_id] = seat
        return seat, None

    def begin(self, seats: int) -> None:
        if isinstance(seats, bool) or not isinstance(seats, int) or seats < 1:
            raise ValueError("claim at least one seat")
        self._seat_of.clear()
        self.seats = seats
        self.waiting = 0
        self._single = False

    def begin_seat(self, seat: int) -> None:
        if isinstance(seat, bool) or not isinstance(seat, int) or seat < 0:
            raise ValueError(f"no seat {seat!r}")
        holder = self.pad_at(seat)
        if holder is not None:
            del self._seat_of[holder]
        self.seats = seat + 1
        self.waiting = seat
        self._single = True

    def end(self) -> None:
        self.waiting = None
        self.seats = 0
        self._single = False

    def press(self, pad_id: str) -> int | None:
        """A press while claiming: the seat it claimed, or None."""
        if self.waiting is None or pad_id in self._seat_of:
            return None
        seat = self.waiting
        self._seat_of[pad_id] = seat
        self.waiting = None if self._single else next(
            (s for s in range(self.seats) if self.pad_at(s) is None), None)
        if self.waiting is None:
            self.end()
        return seat
