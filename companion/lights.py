"""What a seat's light shows: a colour and a blink. Pure data, no hardware.

A game says what each seat's light means (Game.leds); the seat pads show it
(hardware/pads). A player's own colour means "your turn"; the other colours
have one meaning each, listed here.
"""
from __future__ import annotations

from dataclasses import dataclass

from .players import COLOUR_HEX

BLINKS = ("solid", "slow", "fast")


@dataclass(frozen=True)
class Led:
    """What a seat pad's light shows: a colour and how it blinks."""
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
WHITE = "ffffff"
RED = "ff0000"          # The Snitch: the Guard (silenced); the shot player
GREEN = "00ff00"        # The Snitch: the Soap holder; everywhere: the winners (slow blink)
AMBER = "ff8000"        # The Snitch: the riot (everybody else); tied seats
BLUE = "0030ff"         # a secret vote: still to vote (slow blink)
MAGENTA = "ff00c0"      # Sing Sing: the mask; The Snitch: the gun holder
VOTED = Led(WHITE)      # the same for every voter, so the light gives no vote away


def valid_seat(state: dict, seat) -> bool:
    return not isinstance(seat, bool) and isinstance(seat, int) and 0 <= seat < len(state.get("players") or ())


def colour_of(state: dict, seat: int) -> str:
    """The seat's player colour as an LED colour (rrggbb)."""
    name = state["players"][seat].get("colour")
    return COLOUR_HEX.get(name, "#" + WHITE)[1:].lower()


def turn(state: dict) -> dict[int, Led]:
    """Whose turn it is, in that player's colour (the winners once it is over)."""
    if state.get("finished"):
        return winners(state)
    seat = state.get("current")
    return {seat: Led(colour_of(state, seat))} if valid_seat(state, seat) else {}


def winners(state: dict, seats=None) -> dict[int, Led]:
    """The winners blink green (seats: which; default state["winners"])."""
    if seats is None:
        seats = state.get("winners")
        seats = seats if isinstance(seats, list) else []
    return {seat: Led(GREEN, "slow") for seat in seats if valid_seat(state, seat)}


def each_still_to(state: dict, seats) -> dict[int, Led]:
    """Everybody still to do their part (a roll each) blinks slowly in their colour."""
    return {seat: Led(colour_of(state, seat), "slow") for seat in seats if valid_seat(state, seat)}
