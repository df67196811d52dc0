"""Players and seats. Seats are listed clockwise; left = the next seat clockwise."""
from __future__ import annotations

from dataclasses import dataclass

MIN_PLAYERS = 2
MAX_PLAYERS = 8

# Colour-blind-safe palette (Okabe & Ito, with grey in place of black so it
# shows on a dark screen). Each player also gets a letter, so colour is never
# the only cue.
PALETTE: tuple[tuple[str, str], ...] = (
    ("orange", "#E69F00"),
    ("sky", "#56B4E9"),
    ("green", "#009E73"),
    ("yellow", "#F0E442"),
    ("blue", "#0072B2"),
    ("vermillion", "#D55E00"),
    ("purple", "#CC79A7"),
    ("grey", "#BBBBBB"),
)
COLOUR_NAMES = tuple(name for name, _ in PALETTE)
COLOUR_HEX = dict(PALETTE)

MAX_NAME = 20


class TableError(ValueError):
    """A table that cannot be played: the message says what to fix; `key`
    and `params` name the same text in the catalogue (error.<key>)."""

    def __init__(self, key: str, message: str, **params):
        super().__init__(message)
        self.key = key
        self.params = params


@dataclass(frozen=True)
class Player:
    name: str
    colour: str
    letter: str

    def to_dict(self) -> dict:
        return {"name": self.name, "colour": self.colour, "letter": self.letter}


def make_table(entries: list) -> list[dict]:
    """Validate players (names, or dicts with name/colour/letter) and fill in
    colours and letters nobody chose. Returns JSON-ready dicts in seat order."""
    if not isinstance(entries, list):
        raise TableError("table_not_list", "players must be a list")
    if not MIN_PLAYERS <= len(entries) <= MAX_PLAYERS:
        raise TableError("table_count", f"a table has {MIN_PLAYERS} to {MAX_PLAYERS} players, not {len(entries)}",
                         low=MIN_PLAYERS, high=MAX_PLAYERS, count=len(entries))
    raw = []
    for i, entry in enumerate(entries):
        if isinstance(entry, str):
            entry = {"name": entry}
        if not isinstance(entry, dict):
            raise TableError("table_not_name", f"player {i + 1} must be a name", seat=i + 1)
        name = str(entry.get("name", "")).strip()
        if not name:
            raise TableError("table_no_name", f"player {i + 1} needs a name", seat=i + 1)
        if len(name) > MAX_NAME:
            raise TableError("table_long_name", f"the name of player {i + 1} is longer than {MAX_NAME} letters",
                             seat=i + 1, max=MAX_NAME)
        colour = entry.get("colour")
        if colour is not None and colour not in COLOUR_HEX:
            raise TableError("table_colour", f"{name}: unknown colour {colour!r}; choose one of {', '.join(COLOUR_NAMES)}",
                             name=name)
        letter = entry.get("letter")
        if letter is not None:
            letter = str(letter).strip().upper()[:1]
            if not letter:
                letter = None
        raw.append((name, colour, letter))
    names = [name.casefold() for name, _, _ in raw]
    for name, _, _ in raw:
        if names.count(name.casefold()) > 1:
            raise TableError("table_same_name", f"two players are called {name}; give them different names", name=name)
    chosen = [c for _, c, _ in raw if c]
    if len(set(chosen)) != len(chosen):
        raise TableError("table_same_colour", "two players have the same colour")
    free_colours = [c for c in COLOUR_NAMES if c not in chosen]
    taken_letters = {l for _, _, l in raw if l}
    if len(taken_letters) != len([l for _, _, l in raw if l]):
        raise TableError("table_same_letter", "two players have the same letter")
    table = []
    for name, colour, letter in raw:
        if colour is None:
            colour = free_colours.pop(0)
        if letter is None:
            letter = _free_letter(name, taken_letters)
            taken_letters.add(letter)
        table.append(Player(name, colour, letter).to_dict())
    return table


def _free_letter(name: str, taken: set[str]) -> str:
    for ch in name.upper() + "ABCDEFGHIJKLMNOPQRSTUVWXYZ":
        if ch.isalnum() and ch not in taken:
            return ch
    raise TableError("table_same_letter", "no free letter left")


def left_of(seat: int, count: int) -> int:
    """The next seat clockwise."""
    return (seat + 1) % count


def right_of(seat: int, count: int) -> int:
    """The previous seat clockwise."""
    return (seat - 1) % count
