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
* ``PadTable``: the two above plus a secret vote on the pads (Game.ballot:
  the ballots are held here until every pad at the table has voted);
* ``SeatClaims``: which pad (by its id) sits at which seat, and the
  "press your button to claim your seat" set-up.

Buttons: 1 = MAIN (the big one: roll, verdict "right", cast the vote),
2 = DONE (end the turn / pass the Soap, verdict "wrong", next candidate),
3 = EXTRA (optional: previous candidate in a vote).
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
    """One session's pads: what a press does, what the LEDs show, and a secret
    vote (Game.ballot).

    The vote on the pads: MAIN shows a candidate (the LED takes that player's
    colour; cover the pad) and, pressed again, casts the vote for the candidate
    shown; DONE shows the next candidate, EXTRA the previous one. A cast vote
    turns the LED white, the same for everybody, and can be changed until it is
    committed. The ballots stay here, out of the game state, until every seat
    in ``pad_seats`` (the seats with a working pad) has voted; then they are
    committed in the order the game takes votes. Seats without a pad vote on
    the screen, when it is their turn.

    The app calls ``press`` for a pad press and ``flush`` after any other
    change to the state (a vote on the screen, an undo, a pad going offline),
    performs the returned actions in order and stops at the first refused.
    """

    def __init__(self):
        self._browsing: dict[int, int] = {}     # seat -> candidate shown on its LED
        self._ballots: dict[int, int] = {}      # seat -> cast, not yet committed

    def press(self, state: dict | None, seat: int, button: int, pad_seats=()) -> list[dict]:
        ballot = self._sync(state)
        if not state or not valid_seat(state, seat):
            return []
        if ballot is not None:
            return self._vote_press(state, ballot, seat, button, pad_seats)
        action = pad_action(state, seat, button)
        return [action] if action is not None else []

    def flush(self, state: dict | None, pad_seats=()) -> list[dict]:
        """The votes that can be committed now (usually none)."""
        ballot = self._sync(state)
        if ballot is None:
            return []
        waiting = [s for s in pad_seats if s in ballot.voters and s not in self._ballots]
        if waiting or not self._ballots:
            return []
        out = []
        for voter in ballot.voters:
            if voter not in self._ballots:
                break                      # a seat without a pad votes on the screen first
            out.append(ballot.vote(voter, self._ballots[voter]))
        return out

    def leds(self, state: dict | None) -> dict[int, Led]:
        ballot = self._sync(state)
        leds = led_policy(state)
        if ballot is not None:
            for seat in self._ballots:
                leds[seat] = VOTED
            for seat, candidate in self._browsing.items():
                leds[seat] = Led(colour_of(state, candidate), "fast")
        return leds

    def ballots_cast(self) -> int:
        """How many pad votes are waiting (not who for: that stays secret)."""
        return len(self._ballots)

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
                    del table[seat]            # committed (or voted on the screen)
        return ballot

    def _vote_press(self, state, ballot, seat, button, pad_seats) -> list[dict]:
        if seat not in ballot.voters:
            return []
        candidates = list(ballot.candidates)
        shown = self._browsing.get(seat)
        if button == MAIN:
            if shown is None:
                cast = self._ballots.pop(seat, None)    # re-opened: the vote may change
                self._browsing[seat] = cast if cast is not None else _step(candidates, seat, 1)
                return []
            del self._browsing[seat]
            self._ballots[seat] = shown
            return self.flush(state, pad_seats)
        if button in (DONE, EXTRA):
            self._ballots.pop(seat, None)
            self._browsing[seat] = _step(candidates, shown if shown is not None else seat, 1 if button == DONE else -1)
        return []


def _step(candidates: list[int], start: int, step: int) -> int:
    """The candidate after (or before) `start`, going round the table."""
    n = max(candidates) + 1 if candidates else 1
    seat = start
    for _ in range(n):
        seat = (seat + step) % n
        if seat in candidates:
            return seat
    return start


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
