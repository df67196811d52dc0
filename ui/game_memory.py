"""What a game remembers across tables, kept in the store's settings (no Kivy).

A game that remembers (it took the Memory part: companion.games.memory) says what
it remembers and what it learns (memory_keys, recall, learn, memory_view,
edit_memory, export_memory); this module reads those
settings from the store and writes back only what changed. A value the store
cannot take is logged and learned again at the next change of the game.
"""
from __future__ import annotations

import json
from pathlib import Path

from companion.games.base import Game
from companion.games.memory import remembers


def read(store, game: Game) -> dict:
    out = {}
    for key in game.memory_keys if remembers(game) else ():
        value = store.get_setting(key)
        if value is not None:
            out[key] = value
    return out


def write(store, before: dict, after: dict) -> bool:
    """Save the keys that changed; True when any did."""
    changed = [key for key in after if after[key] != before.get(key)]
    for key in changed:
        store.set_setting(key, after[key])
    return bool(changed)


def options(store, game: Game) -> dict:
    """What a new game of `game` takes from what earlier tables taught."""
    return game.recall(read(store, game)) if remembers(game) and game.memory_keys else {}


def edit(store, game: Game, change: tuple) -> dict:
    """One change from the settings screen (IllegalAction when the game refuses it)."""
    before = read(store, game)
    after = game.edit_memory(before, change)
    write(store, before, after)
    return after


def export(store, game: Game, name: str) -> Path:
    """Write the memory into the data dir as JSON; returns the file's path.
    OSError when there is nowhere to write (the store runs in memory)."""
    if store.path is None:
        raise OSError("nothing is saved in this session (no data folder)")
    path = Path(store.path).parent / name
    tmp = path.with_suffix(".tmp")
    tmp.write_text(json.dumps(game.export_memory(read(store, game)), indent=2, ensure_ascii=False) + "\n",
                   encoding="utf-8")
    tmp.replace(path)
    return path


class Learning:
    """What one open game has taught the memory so far (Game.learn's `taught`)."""

    def __init__(self, session_id: int):
        self.session_id = session_id
        self.taught: dict = {}

    def sync(self, store, game: Game, state: dict) -> bool:
        before = read(store, game)
        after, self.taught = game.learn(dict(before), state, self.taught)
        return write(store, before, after)
