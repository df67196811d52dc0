"""Players and seats. Seats are listed clockwise; left = the next seat clockwise."""
from __future__ import annotations

import unicodedata

from .errors import IllegalAction

MIN_PLAYERS = 2
MAX_PLAYERS = 8

# Colour-blind-safe palette (Okabe & Ito, with grey in place of black so it
# shows on a dark screen). Each player also gets a letter and their colour's
# shape (COLOUR_SHAPE), so colour is never the only cue.
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

# A shape per colour, drawn as the seat's chip: with the letter, two seats are
# never told apart by colour alone (red/green colour blindness, a dim screen).
# Silhouettes that differ at a glance, the plainest for the first seats.
COLOUR_SHAPE: dict[str, str] = {
    "orange": "circle",
    "sky": "square",
    "green": "triangle",
    "yellow": "diamond",
    "blue": "hexagon",
    "vermillion": "star",
    "purple": "pentagon",
    "grey": "cross",
}

MAX_NAME = 20
MAX_MARKS = 3   # accents stacked on one letter; more is "Zalgo" text that overflows its row

# Characters a name may not hold: they print as nothing, as boxes, or turn the
# text around (bidi controls), or cannot be written out at all (surrogates).
_BANNED_CATEGORIES = {"Cc", "Cs", "Zl", "Zp"}
_BIDI_CONTROLS = set("\u202a\u202b\u202c\u202d\u202e\u2066\u2067\u2068\u2069\u200e\u200f\u061c")
# Characters that show nothing: a name of only these is no name.
_BLANK = set("\u115f\u1160\u3164\uffa0\u2800\u180e\u034f")


# A table that cannot be played is refused like any other action: the message
# says what to fix.
TableError = IllegalAction


def _is_noncharacter(ch: str) -> bool:
    code = ord(ch)
    return 0xFDD0 <= code <= 0xFDEF or (code & 0xFFFE) == 0xFFFE


def _banned(ch: str) -> bool:
    return unicodedata.category(ch) in _BANNED_CATEGORIES or ch in _BIDI_CONTROLS or _is_noncharacter(ch)


def _visible(ch: str) -> bool:
    return unicodedata.category(ch) not in ("Cf", "Mn", "Me", "Zs", "Cc") and ch not in _BLANK


def clean_name(raw, seat: int) -> str:
    """A player's name as typed or scripted, checked and normalised: NFC, runs of
    spaces made one, no control, bidi or unpaired surrogate characters, something
    visible, at most MAX_NAME characters. Raises TableError saying what to fix."""
    if not isinstance(raw, str):
        raise TableError("table_not_name", f"player {seat + 1} must be a name", seat=seat + 1)
    if any(_banned(ch) for ch in raw):
        raise TableError("table_bad_name", f"the name of player {seat + 1} holds a character that cannot be "
                         "shown (a control or broken character)", seat=seat + 1)
    name = " ".join(unicodedata.normalize("NFC", raw).split())
    if not any(_visible(ch) for ch in name):
        raise TableError("table_no_name", f"player {seat + 1} needs a name", seat=seat + 1)
    if len(name) > MAX_NAME:
        raise TableError("table_long_name", f"the name of player {seat + 1} is longer than {MAX_NAME} letters",
                         seat=seat + 1, max=MAX_NAME)
    marks = 0
    for ch in name:
        marks = marks + 1 if unicodedata.category(ch) in ("Mn", "Me") else 0
        if marks > MAX_MARKS:
            raise TableError("table_bad_name", f"the name of player {seat + 1} stacks too many accents on "
                             "one letter", seat=seat + 1)
    return name


def repair_name(raw, seat: int) -> str:
    """A name read back from a file written before names were checked: whatever
    clean_name would refuse is dropped or replaced, so the table still opens."""
    try:
        return clean_name(raw, seat)
    except TableError:
        pass
    text = raw if isinstance(raw, str) else ""
    text = "".join("\ufffd" if unicodedata.category(ch) == "Cs" else ch for ch in text if not
                   (_banned(ch) and unicodedata.category(ch) != "Cs"))
    text = " ".join(unicodedata.normalize("NFC", text).split())[:MAX_NAME]
    if not any(_visible(ch) for ch in text):
        text = f"Player {seat + 1}"
    return text


def same_name_key(name: str) -> str:
    """Names that look alike are the same name: "Ann", "ann", "Ａnn"."""
    return unicodedata.normalize("NFKC", name).casefold()


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
        name = clean_name(entry.get("name", ""), i)
        colour = entry.get("colour")
        if colour is not None and (not isinstance(colour, str) or colour not in COLOUR_HEX):
            raise TableError("table_colour", f"{name}: unknown colour {colour!r}; choose one of {', '.join(COLOUR_NAMES)}",
                             name=name)
        letter = entry.get("letter")
        if isinstance(letter, int) and not isinstance(letter, bool) and 0 <= letter <= 9:
            letter = str(letter)
        if letter is not None:
            if not isinstance(letter, str):
                raise TableError("table_letter", f"{name}: a letter is one letter or digit, not {letter!r}", name=name)
            letter = unicodedata.normalize("NFC", letter).strip().upper()[:1]
            if letter and not letter.isalnum():
                raise TableError("table_letter", f"{name}: a letter is one letter or digit, not {letter!r}", name=name)
            letter = letter or None
        raw.append((name, colour, letter))
    names = [same_name_key(name) for name, _, _ in raw]
    for name, _, _ in raw:
        if names.count(same_name_key(name)) > 1:
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
        table.append({"name": name, "colour": colour, "letter": letter})   # a seat: its player and their chip
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
