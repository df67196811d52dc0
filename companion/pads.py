"""What the seat pads mean to the games: pure, no serial, no Kivy.

Every player has a pad at their seat with two or three buttons and an RGB LED
(the transport is hardware/pads). This module decides:

* ``pad_action(state, seat, button)``: the action a press on seat S's pad
  means in this state, with ``"player": S`` so the game attributes it to that
  seat, or None when it means nothing there (a press out of turn changes no
  state and sounds no warning);
* ``led_policy(state)``: each seat's LED colour and blink (the Soap holder,
  the Guard, the riot in The Snitch; mask and file in Sing Sing; whose turn in
  the others);
* ``PadTable``: the two above plus The Snitch's secret gun vote on the pads
  (ballots held here until every pad at the table has voted);
* ``SeatClaims``: which pad (by its id) sits at which seat, and the
  "press your button to claim your seat" set-up.

Buttons: 1 = MAIN (the big one: roll, verdict "right", cast the vote),
2 = DONE (end the turn / pass the Soap, verdict "wrong", next candidate),
3 = EXTRA (optional: previous candidate in the gun vote).
"""
from __future__ import annotations

import random
from dataclasses import dataclass

from . import games
from .games.base import IllegalAction
from .inputs import InputEvent
from .players import COLOUR_HEX

MAIN, DONE, EXTRA = 1, 2, 3
BUTTONS = (MAIN, DONE, EXTRA)
BLINKS = ("solid", "slow", "fast")


@dataclass(frozen=True)
class Led:
    colour: str = "000000"          # rrggbb, lower case
    blink: str = "solid"            # solid, slow (1 Hz) or fast (4 Hz)

    def __post_init__(self):
        if not (isinstance(self.colour, str) and len(self.colour) == 6
                and all(c in "0123456789abcdef" for c in self.colour)):
            raise ValueError(f"an LED colour is rrggbb in lower-case hex, not {self.colour!r}")
        if self.blink not in BLINKS:
            raise ValueError(f"blink is one of {', '.join(BLINKS)}, not {self.blink!r}")

    @property
    def lit(self) -> bool:
        return self.colour != "000000"


OFF = Led()
# The fixed meanings; a player's own colour (players[i].colour) means "your turn".
WHITE = "ffffff"
RED = "ff0000"          # The Snitch: the Guard (silenced); the shot player
GREEN = "00ff00"        # The Snitch: the Soap holder; everywhere: the winners (slow blink)
AMBER = "ff8000"        # The Snitch: the riot (everybody else); tied seats
BLUE = "0030ff"         # the gun vote: still to vote (slow blink)
MAGENTA = "ff00c0"      # Sing Sing: the mask; The Snitch: the gun holder
VOTED = Led(WHITE)      # the same for every voter, so the LED gives no vote away


def colour_of(state: dict, seat: int) -> str:
    """The seat's player colour as an LED colour (rrggbb)."""
    name = state["players"][seat].get("colour")
    return COLOUR_HEX.get(name, "#" + WHITE)[1:].lower()


def _seats(state: dict) -> range:
    return range(len(state["players"]))


def _valid_seat(state: dict, seat) -> bool:
    return not isinstance(seat, bool) and isinstance(seat, int) and 0 <= seat < len(state.get("players") or ())


# -- LEDs -----------------------------------------------------------------------
def led_policy(state: dict | None) -> dict[int, Led]:
    """Every seat's LED for this state (seats not lit are OFF). No state: all off."""
    if not state or not state.get("players"):
        return {}
    leds = {seat: OFF for seat in _seats(state)}
    policy = _POLICIES.get(state.get("game"), _turn_leds)
    leds.update(policy(state))
    return leds


def _winners(state: dict) -> list[int]:
    winners = state.get("winners")
    if isinstance(winners, list):
        return [w for w in winners if _valid_seat(state, w)]
    return []


def _finished(state: dict) -> dict[int, Led]:
    return {seat: Led(GREEN, "slow") for seat in _winners(state)}


def _turn_leds(state: dict) -> dict[int, Led]:
    """Dice table, and any game without its own policy: whose turn it is, in
    that player's colour."""
    if state.get("finished"):
        return _finished(state)
    seat = state.get("current")
    return {seat: Led(colour_of(state, seat))} if _valid_seat(state, seat) else {}


def _heist_leds(state: dict) -> dict[int, Led]:
    phase = state.get("phase")
    if phase == "over" or state.get("finished"):
        return _finished(state)
    if phase == "first_player":
        fr = state["first_roll"]
        return {s: Led(colour_of(state, s), "slow") for s in fr["contenders"] if fr["rolls"][s] is None}
    if phase == "scoring":
        return {s: Led(colour_of(state, s), "slow") for s, v in enumerate(state["values"]) if v is None}
    if phase == "lay_heists":
        return {}
    return _turn_leds(state)


def _dig_leds(state: dict) -> dict[int, Led]:
    if state.get("finished"):
        winner = state.get("winner") or {}
        if winner.get("team"):
            seats = [s for s, p in enumerate(state["prisoners"]) if p.get("team") == winner["team"]]
        else:
            seats = [winner.get("seat")]
        return {s: Led(GREEN, "slow") for s in seats if _valid_seat(state, s)}
    if state.get("phase") == "choose_place" and _valid_seat(state, (state.get("move") or {}).get("roller")):
        roller = state["move"]["roller"]
        return {roller: Led(colour_of(state, roller), "slow")}
    return _turn_leds(state)


def _singsing_leds(state: dict) -> dict[int, Led]:
    phase = state.get("phase")
    if phase == "over" or state.get("finished"):
        winner = state.get("winner")
        return {winner: Led(GREEN, "slow")} if _valid_seat(state, winner) else {}
    out = {}
    file_, mask = state.get("file"), state.get("mask")
    if _valid_seat(state, mask):
        out[mask] = Led(MAGENTA, "fast" if phase == "second_chance" else "solid")
    if _valid_seat(state, file_):
        # the file holder marks the guess: blinking while a verdict is due
        out[file_] = Led(WHITE, "fast" if phase == "guess" else "solid")
    return out


def _snitch_leds(state: dict) -> dict[int, Led]:
    phase = state.get("phase")
    if phase == "over":
        return _finished(state)
    if phase == "setup" or phase == "final_reveal":
        return {}
    if phase == "gun_vote":
        return {s: (VOTED if v is not None else Led(BLUE, "slow")) for s, v in enumerate(state["votes"])}
    if phase == "tie_break":
        out = {s: Led(AMBER) for s in state.get("tied") or () if _valid_seat(state, s)}
        out[state["soap"]] = Led(WHITE, "slow")
        return out
    if phase in ("shoot", "escape", "escape_reveal"):
        out = {}
        if _valid_seat(state, state.get("shot")):
            out[state["shot"]] = Led(RED)
        if _valid_seat(state, state.get("gun")):
            out[state["gun"]] = Led(RED if phase == "shoot" else MAGENTA, "fast" if phase == "shoot" else "solid")
        return out
    # turn, resolution, stash_item, new_scheme: the Soap, the Guard, the riot
    out = {}
    if state.get("riot"):
        out = {s: Led(AMBER) for s in _seats(state)}
    soap, guard = state.get("soap"), state.get("guard")
    if _valid_seat(state, soap):
        out[soap] = Led(GREEN)
    if _valid_seat(state, guard):
        out[guard] = Led(RED, "slow" if guard == soap else "solid")
    current = state.get("current")
    if phase in ("resolution", "stash_item", "new_scheme") and _valid_seat(state, current) and current != soap:
        out[current] = Led(WHITE, "slow")       # the owner's step
    return out


_POLICIES = {
    "dice": _turn_leds,
    "heist": _heist_leds,
    "dig": _dig_leds,
    "singsing": _singsing_leds,
    "snitch": _snitch_leds,
}


def claim_leds(players: list[dict], held) -> dict[int, Led]:
    """LEDs for the seat-claim screen: each seat that has its pad glows in its
    player's colour (pads still without a seat blink white: the hub does that)."""
    table = {"players": players}
    return {seat: Led(colour_of(table, seat)) for seat in held if _valid_seat(table, seat)}


# -- presses --------------------------------------------------------------------
# Which table button each pad button stands for, per game, tried in order; the
# resulting action must be one the game lists for *this* seat (legal_actions)
# and one it accepts from this seat (resolve), else the press means nothing.
_BUTTON_EVENTS = {
    "singsing": {MAIN: (InputEvent.CONFIRM, InputEvent.TIMER), DONE: (InputEvent.REDO,)},
}
_DEFAULT_EVENTS = {MAIN: (InputEvent.ROLL,), DONE: (InputEvent.CONFIRM,)}
_ROLLS = ("roll", "roll_first", "roll_value", "roll_michel")


def _free_roll(state: dict, action: dict) -> bool:
    """The dice table lets any seat roll (the roll is theirs), unless each roll
    passes the turn: then only whoever's turn it is."""
    return (state.get("game") == "dice" and action.get("type") == "roll"
            and not state["options"].get("pass_after_roll"))


def pad_action(state: dict | None, seat: int, button: int) -> dict | None:
    """The action a press of ``button`` on seat ``seat``'s pad means now, with
    ``player`` set to that seat; None when it means nothing. Never raises for
    any seat or button (bad ones mean nothing). The Snitch's gun vote is
    PadTable's."""
    if not state or state.get("finished") or not _valid_seat(state, seat) or button not in BUTTONS:
        return None
    try:
        game = games.get(state.get("game"))
    except IllegalAction:
        return None
    events = _BUTTON_EVENTS.get(game.id, _DEFAULT_EVENTS).get(button, ())
    for event in events:
        action = game.input_action(state, event)
        if action is None:
            continue
        action = dict(action, player=seat)
        if _allowed(game, state, action, seat):
            return action
    return None


def _allowed(game, state: dict, action: dict, seat: int) -> bool:
    kind = action["type"]
    mine = any(spec.type == kind and spec.player == seat for spec in game.legal_actions(state))
    if not mine and not _free_roll(state, action):
        return False
    try:   # the game's own check, on a throwaway random source (the session rolls for real)
        game.resolve(state, action, random.Random(0))
    except IllegalAction:
        return False
    return True


class PadTable:
    """One session's pads: what a press does, what the LEDs show, and the
    secret gun vote of The Snitch.

    The gun vote on the pads: MAIN shows a candidate (the LED takes that
    player's colour; cover the pad) and, pressed again, casts the vote for
    the candidate shown; DONE shows the next candidate, EXTRA the previous
    one. A cast vote turns the LED white, the same for everybody, and can
    be changed until it is committed. The ballots stay here, out of the
    game state, until every seat in ``pad_seats`` (the seats with a working
    pad) has voted; then they are committed in the order the game takes
    votes (from the Soap holder to the left). Seats without a pad vote on
    the screen, when it is their turn.

    The app calls ``press`` for a pad press and ``flush`` after any other
    change to the state (a vote on the screen, an undo, a pad going offline),
    performs the returned actions in order and stops at the first refused.
    """

    def __init__(self):
        self._browsing: dict[int, int] = {}     # seat -> candidate shown on its LED
        self._ballots: dict[int, int] = {}      # seat -> cast, not yet committed

    def press(self, state: dict | None, seat: int, button: int, pad_seats=()) -> list[dict]:
        self._sync(state)
        if not state or not _valid_seat(state, seat):
            return []
        if state.get("game") == "snitch" and state.get("phase") == "gun_vote":
            return self._vote_press(state, seat, button, pad_seats)
        action = pad_action(state, seat, button)
        return [action] if action is not None else []

    def flush(self, state: dict | None, pad_seats=()) -> list[dict]:
        """The gun votes that can be committed now (usually none)."""
        self._sync(state)
        if not state or state.get("game") != "snitch" or state.get("phase") != "gun_vote":
            return []
        votes = state["votes"]
        waiting = [s for s in pad_seats if _valid_seat(state, s) and votes[s] is None and s not in self._ballots]
        if waiting or not self._ballots:
            return []
        n = len(votes)
        out = []
        for i in range(n):
            voter = (state["soap"] + i) % n
            if votes[voter] is not None:
                continue
            if voter not in self._ballots:
                break                      # a seat without a pad votes on the screen first
            out.append({"type": "vote", "player": voter, "target": self._ballots[voter]})
        return out

    def leds(self, state: dict | None) -> dict[int, Led]:
        self._sync(state)
        leds = led_policy(state)
        if state and state.get("game") == "snitch" and state.get("phase") == "gun_vote":
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
        if not state or state.get("game") != "snitch" or state.get("phase") != "gun_vote":
            self.reset()
            return
        votes = state["votes"]
        n = len(votes)
        for table in (self._ballots, self._browsing):
            for seat in list(table):
                if not 0 <= seat < n or votes[seat] is not None:
                    del table[seat]            # committed (or voted on the screen)

    def _vote_press(self, state, seat, button, pad_seats) -> list[dict]:
        n = len(state["players"])
        if state["votes"][seat] is not None:
            return []
        shown = self._browsing.get(seat)
        if button == MAIN:
            if shown is None:
                cast = self._ballots.pop(seat, None)    # re-opened: the vote may change
                self._browsing[seat] = cast if cast is not None else (seat + 1) % n
                return []
            del self._browsing[seat]
            self._ballots[seat] = shown
            return self.flush(state, pad_seats)
        if button in (DONE, EXTRA):
            step = 1 if button == DONE else -1
            start = shown if shown is not None else seat
            self._ballots.pop(seat, None)
            self._browsing[seat] = (start + step) % n
        return []


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
