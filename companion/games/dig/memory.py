"""Dig Your Way Out's board map: its places, which two of them each die face leads to,
and what the game remembers of the map across tables (DigMemory, a mixin).

Only face 1 is printed in the rulebook; the others are asked at the table the first
time they are rolled (rules.py), and the map a game learned is remembered in the
store's settings (BOARD_KEY, PLACES_KEY) for the next table. The places added by the
expansion keep the names they were given.
"""
from __future__ import annotations

from itertools import combinations

from ..base import IllegalAction
from ..memory import Memory, MemoryEntry, MemoryList, MemoryView

CELL_BLOCK, CAFETERIA, RECREATION = "cell_block", "cafeteria", "recreational_area"
INFIRMARY, SHOWERS = "infirmary", "showers"
BLOCK_A, BLOCK_B = "cell_block_a", "cell_block_b"

BOARD_PLACES = (CELL_BLOCK, CAFETERIA, RECREATION, INFIRMARY, SHOWERS)  # the names a die face may lead to
STANDARD_PLACES = BOARD_PLACES + (BLOCK_A, BLOCK_B)  # the places the catalogue has names for
RULEBOOK_FACES = {"1": [CELL_BLOCK, CAFETERIA]}  # the only pair the rulebook prints; nothing else is known
FACES = tuple(str(f) for f in range(1, 7))

MAX_EXTRA_PLACES = 6
MAX_PLACE_NAME = 24
PAIR_SEP = "+"

# what the game remembers across tables (the store's settings)
BOARD_KEY, PLACES_KEY = "dig.board", "dig.places"
EXPORT_NAME = "dig-board.json"


def check_pair(value, places) -> list[str]:
    """Two different places, in board order; from a list or "a+b"."""
    if isinstance(value, str):
        value = value.split(PAIR_SEP)
    if not isinstance(value, (list, tuple)) or len(value) != 2:
        raise IllegalAction("dig_bad_pair", f"name two places, not {value!r}")
    a, b = value
    if a not in places or b not in places:
        raise IllegalAction("dig_bad_pair", f"both places must be on the board: {', '.join(places)}")
    if a == b:
        raise IllegalAction("dig_same_place", "a die face leads to two different places")
    return sorted([a, b], key=list(places).index)


def pair_text(pair) -> str:
    """The choice string of a pair of places, as listed in a Param."""
    return PAIR_SEP.join(pair)


def normalize_board(board, places=BOARD_PLACES) -> dict[str, list[str]]:
    """A saved or entered map {face: [place, place]} checked and put in order.

    Faces are "2" to "6" (ints are accepted); face 1 may be given only as the
    rulebook prints it and is left out (it is always known)."""
    if board is None:
        return {}
    if not isinstance(board, dict):
        raise IllegalAction("dig_bad_board", "the board map gives each die face two places")
    out = {}
    for key, value in board.items():
        face = "" if isinstance(key, bool) else str(key).strip()
        if face not in FACES:
            raise IllegalAction("dig_bad_board", f"a die face is 1 to 6, not {key!r}")
        out[face] = check_pair(value, places)
        if face in RULEBOOK_FACES and out.pop(face) != RULEBOOK_FACES[face]:
            raise IllegalAction("dig_face_one", "the rulebook prints face 1 as Cell Block or Cafeteria")
    return dict(sorted(out.items()))


def merge_board(saved, learned, places=BOARD_PLACES) -> dict[str, list[str]]:
    """The saved map with what a game learned written over it (learned wins)."""
    return normalize_board({**normalize_board(saved, places), **normalize_board(learned, places)}, places)


def learned_faces(state: dict) -> dict[str, list[str]]:
    """What this game learned or corrected about the board: the faces whose pair
    differs from the map it started with. The app remembers these."""
    start = state["options"]["board"]
    return {face: list(pair) for face, pair in sorted(state["board"].items())
            if face not in RULEBOOK_FACES and start.get(face) != pair}


def unknown_faces(state: dict) -> list[int]:
    return [int(face) for face in FACES if face not in state["board"]]


def place_name(t, place: str) -> str:
    """A place in the table's language; an added place keeps the name it was given."""
    return t("dig.place." + place) if place in STANDARD_PLACES else place


def check_extra_places(value) -> list[str]:
    """The expansion's added places, by name: at most 6, each its own name without a "+"."""
    if value is None:
        return []
    if not isinstance(value, (list, tuple)) or len(value) > MAX_EXTRA_PLACES:
        raise IllegalAction("dig_bad_places", f"add at most {MAX_EXTRA_PLACES} places, as a list of names",
                            most=MAX_EXTRA_PLACES)
    out, seen = [], {p.casefold() for p in STANDARD_PLACES}
    for raw in value:
        name = raw.strip() if isinstance(raw, str) else ""
        if not name or len(name) > MAX_PLACE_NAME or PAIR_SEP in name or name.casefold() in seen:
            raise IllegalAction("dig_bad_places", f"an added place needs its own name (1 to {MAX_PLACE_NAME} "
                                f"letters, no {PAIR_SEP!r}): {raw!r}", most=MAX_EXTRA_PLACES)
        seen.add(name.casefold())
        out.append(name)
    return out


def _remembered(memory, places=None):
    """(added places, board map) remembered across tables; a hand-edited value the game refuses is left out."""
    if places is None:
        try:
            places = check_extra_places(memory.get(PLACES_KEY, []))
        except IllegalAction:
            places = []
    try:
        return places, normalize_board(memory.get(BOARD_KEY, {}), BOARD_PLACES + tuple(places))
    except IllegalAction:
        return places, {}


class DigMemory(Memory):
    """What the game remembers across tables: the board map and the added places.
    A mixin before Game (the Game's own answers come after it)."""
    memory_keys = (BOARD_KEY, PLACES_KEY)

    def recall(self, memory):
        places, board = _remembered(memory)
        return {"board": board, "places": places}

    def learn(self, memory, state, taught):
        """Write the faces this game learned or corrected into the map; a face it
        taught is taken back out (or put back as the game began) when undone."""
        before = _remembered(memory)[0]
        places = list(dict.fromkeys(before + list(state["options"].get("places", []))))
        saved, learned, taught = _remembered(memory, places)[1], learned_faces(state), dict(taught)
        changed = False
        for face, pair in learned.items():
            changed |= saved.get(face) != pair
            saved[face] = taught[face] = list(pair)
        for face, pair in [(f, p) for f, p in taught.items() if f not in learned]:
            del taught[face]
            if saved.get(face) == pair:  # taught by this game, now undone
                start = state["options"]["board"].get(face)
                saved.pop(face)
                saved.update({face: list(start)} if start else {})
                changed = True
        if not changed:
            return memory, taught
        memory = {**memory, BOARD_KEY: normalize_board(saved, BOARD_PLACES + tuple(places))}
        return ({**memory, PLACES_KEY: places} if places != before else memory), taught

    def memory_view(self, memory, t):
        places, board = _remembered(memory)
        board = {**RULEBOOK_FACES, **board}

        def words(pair):
            return " + ".join(place_name(t, p) for p in pair)
        pairs = tuple((pair_text(pair), words(pair)) for pair in combinations(BOARD_PLACES + tuple(places), 2))
        faces = tuple(MemoryEntry(face, f"{face}: {words(board[face]) if face in board else t('settings.dig_unknown')}",
                                  face in board, face in RULEBOOK_FACES, () if face in RULEBOOK_FACES else pairs,
                                  t("settings.dig_face_title", face=face)) for face in FACES)
        added = MemoryList("places", t("settings.dig_places"), tuple((p, p) for p in places),
                           len(places) < MAX_EXTRA_PLACES, t("settings.dig_add_place"), t("settings.dig_place_title"))
        return MemoryView(t("settings.dig_title"), t("settings.dig_note"), faces, (added,), t("error.dig_face_one"),
                          EXPORT_NAME, t("settings.dig_forget"), t("settings.dig_export"),
                          t("settings.dig_exported", name="{name}"), t("settings.dig_export_failed", reason="{reason}"))

    def edit_memory(self, memory, change):
        """("set", face, "a+b") / ("forget", face) / ("add" or "remove", "places", name)."""
        kind, key, value = (tuple(change) + (None, None))[:3] if isinstance(change, (tuple, list)) else (None,) * 3
        places, board = _remembered(memory)
        every = BOARD_PLACES + tuple(places)
        if kind in ("set", "forget"):
            if str(key) in RULEBOOK_FACES:
                raise IllegalAction("dig_face_one", "the rulebook prints face 1")
            board.pop(str(key), None)
            if kind == "set":
                board.update(normalize_board({key: value}, every))
            return {**memory, BOARD_KEY: normalize_board(board, every)}
        if (kind, key) == ("add", "places"):
            return {**memory, PLACES_KEY: check_extra_places(places + [value])}
        if (kind, key) == ("remove", "places"):  # and every face that led to it
            return {**memory, PLACES_KEY: [p for p in places if p != value],
                    BOARD_KEY: {face: pair for face, pair in board.items() if value not in pair}}
        return super().edit_memory(memory, change)

    def export_memory(self, memory):
        places, board = _remembered(memory)
        board = {**RULEBOOK_FACES, **board}
        return {"game": "dig", "board": dict(sorted(board.items())), "places": places,
                "unknown": [int(f) for f in FACES if f not in board]}
