"""Dig Your Way Out's board map, remembered across games (no Kivy).

The rulebook prints only face 1 (Cell Block or Cafeteria). Every other face is
learned at the table, the first time it is rolled, and kept in the store's
settings: "dig.board" {face: [place, place]} and "dig.places" [name, ...] (the
expansion's other places). Nothing here is ever guessed: a face nobody has
told Cellmate stays unknown. The checks are the game's own (companion.games.dig).
"""
from __future__ import annotations

import json
from itertools import combinations
from pathlib import Path

from companion.games import IllegalAction
from companion.games import dig

BOARD_KEY = "dig.board"
PLACES_KEY = "dig.places"
EXPORT_NAME = "dig-board.json"


def saved_places(store) -> list[str]:
    try:
        return dig._check_extra_places(store.get_setting(PLACES_KEY, []))
    except IllegalAction:
        return []   # a hand-edited value the game would refuse: start without it


def saved_board(store, places=None) -> dict[str, list[str]]:
    places = saved_places(store) if places is None else places
    try:
        return dig.normalize_board(store.get_setting(BOARD_KEY, {}), dig.BOARD_PLACES + tuple(places))
    except IllegalAction:
        return {}


def all_places(places) -> tuple[str, ...]:
    return dig.BOARD_PLACES + tuple(places)


def pair_choices(places) -> list[str]:
    """Every pair a face may lead to, as the game lists them ("a+b")."""
    return [dig.pair_text(pair) for pair in combinations(all_places(places), 2)]


def game_options(store) -> dict:
    """The options a new game of Dig gets from the app: the map and the added places."""
    places = saved_places(store)
    return {"board": saved_board(store, places), "places": places}


def set_face(store, face: str, pair) -> dict:
    """Put one face right (or forget it with pair None); returns the saved map."""
    places = saved_places(store)
    board = saved_board(store, places)
    face = str(face)
    if face in dig.RULEBOOK_FACES:
        raise IllegalAction("dig_face_one", "the rulebook prints face 1")
    if pair is None:
        board.pop(face, None)
    else:
        board.update(dig.normalize_board({face: pair}, all_places(places)))
    board = dig.normalize_board(board, all_places(places))
    store.set_setting(BOARD_KEY, board)
    return board


def add_place(store, name: str) -> list[str]:
    places = dig._check_extra_places(saved_places(store) + [name])
    store.set_setting(PLACES_KEY, places)
    return places


def remove_place(store, name: str) -> list[str]:
    """Drop an added place, and every face that led to it."""
    places = [p for p in saved_places(store) if p != name]
    board = {face: pair for face, pair in saved_board(store).items() if name not in pair}
    store.set_setting(PLACES_KEY, places)
    store.set_setting(BOARD_KEY, board)
    return places


class Memory:
    """What one open game of Dig has taught the saved map.

    After every change of the game (an action, an undo, a redo) `sync` writes
    the faces the game learned or corrected into the saved map, and takes a
    face back out when the step that taught it is undone."""

    def __init__(self, session_id: int):
        self.session_id = session_id
        self.written: dict[str, list[str]] = {}

    def sync(self, store, state: dict) -> bool:
        places = list(dict.fromkeys(saved_places(store) + list(state["options"].get("places", []))))
        learned = dig.learned_faces(state)
        saved = saved_board(store, places)
        changed = False
        for face, pair in learned.items():
            if saved.get(face) != pair:
                saved[face] = list(pair)
                changed = True
            self.written[face] = list(pair)
        for face, pair in list(self.written.items()):
            if face in learned:
                continue
            del self.written[face]
            if saved.get(face) == pair:          # taught by this game, now undone
                start = state["options"]["board"].get(face)
                if start:
                    saved[face] = list(start)
                else:
                    saved.pop(face)
                changed = True
        if changed:
            if places != saved_places(store):
                store.set_setting(PLACES_KEY, places)
            store.set_setting(BOARD_KEY, dig.normalize_board(saved, all_places(places)))
        return changed


def export(store) -> Path:
    """Write the map into the data dir as JSON; returns the file's path.
    Raises OSError when there is nowhere to write (the store runs in memory)."""
    if store.path is None:
        raise OSError("nothing is saved in this session (no data folder)")
    places = saved_places(store)
    board = {**dig.RULEBOOK_FACES, **saved_board(store, places)}
    data = {"game": "dig", "board": dict(sorted(board.items())), "places": places,
            "unknown": [int(f) for f in dig.FACES if f not in board]}
    path = Path(store.path).parent / EXPORT_NAME
    tmp = path.with_suffix(".tmp")
    tmp.write_text(json.dumps(data, indent=2, ensure_ascii=False) + "\n", encoding="utf-8")
    tmp.replace(path)
    return path
