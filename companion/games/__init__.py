"""The games Cellmate can run, by id.

Every module in this package that defines `GAME` (an instance of a Game
subclass) is a game; adding a game is adding a module.

A game's module is imported when its game is first asked for (`GAMES[id]`,
`get(id)`, `id in GAMES`): reopening a table at start imports that one game,
not all of them. Which module holds which id is read from the sources
(`GAME = ...` and the class's `id = "..."`); a module where that is not plain
is imported to find out. Listing the games (iterating, len) imports them all.
"""
import importlib
import logging
import pkgutil
import re
from collections.abc import MutableMapping
from pathlib import Path

from .base import ActionSpec, Game, IllegalAction, Option, Param


BROKEN: dict[str, str] = {}  # module name -> why it could not be loaded

_GAME_LINE = re.compile(r"^GAME\s*(?::[^=\n]*)?=", re.M)
_ID_LINE = re.compile(r"""^\s+id\s*(?::\s*str\s*)?=\s*["']([^"'\n]+)["']""", re.M)


def _order(game_id: str):
    return (game_id != "dice", game_id)   # the dice table first: it is the shell's own mode


class _Games(MutableMapping):
    """Game id -> Game, each game's module imported the first time it is needed."""

    def __init__(self):
        self._games: dict[str, Game] = {}
        self._where: dict[str, str] | None = None   # id -> module, as the sources say
        self._unclear: list[str] = []               # modules that say GAME but not plainly which id
        self._all = False                           # every module imported
        self._found: set[str] = set()               # ids of the modules' own games (not set by hand)

    def _index(self) -> dict[str, str]:
        if self._where is None:
            where: dict[str, str] = {}
            for info in pkgutil.iter_modules(__path__):
                if info.name == "base":
                    continue
                try:
                    source = (Path(__file__).parent / f"{info.name}.py").read_text(encoding="utf-8")
                except OSError:
                    source = None
                if source is not None and not _GAME_LINE.search(source):
                    continue            # a helper (checklist): imported only when all are listed
                ids = set(_ID_LINE.findall(source)) if source is not None else set()
                if len(ids) == 1:
                    where[ids.pop()] = info.name
                else:
                    self._unclear.append(info.name)
            self._where = where
        return self._where

    def _load(self, module_name: str) -> None:
        try:
            module = importlib.import_module(f"{__name__}.{module_name}")
        except Exception as exc:  # one broken game must not take the others off the table
            BROKEN[module_name] = f"{type(exc).__name__}: {exc}"
            logging.getLogger(__name__).error("game module %s not loaded: %s", module_name, BROKEN[module_name])
            return
        game = getattr(module, "GAME", None)
        if isinstance(game, Game) and game.id not in self._games:   # (a game set by hand, e.g. a test's, stays)
            self._games[game.id] = game
            self._found.add(game.id)

    def _load_all(self) -> None:
        if self._all:
            return
        self._all = True
        for info in sorted(pkgutil.iter_modules(__path__), key=lambda m: m.name):
            if info.name != "base":
                self._load(info.name)

    def _find(self, game_id) -> Game | None:
        game = self._games.get(game_id)
        if game is not None or self._all or not isinstance(game_id, str):
            return game
        module_name = self._index().get(game_id)
        if module_name is not None:
            self._load(module_name)
            game = self._games.get(game_id)
        if game is None and (self._unclear or module_name is not None):
            self._load_all()    # the sources were not plain about it: ask every module
            game = self._games.get(game_id)
        return game

    def __getitem__(self, game_id) -> Game:
        game = self._find(game_id)
        if game is None:
            raise KeyError(game_id)
        return game

    def __contains__(self, game_id) -> bool:
        return self._find(game_id) is not None

    def __setitem__(self, game_id: str, game: Game) -> None:
        self._games[game_id] = game

    def __delitem__(self, game_id: str) -> None:
        del self._games[game_id]
        self._found.discard(game_id)

    def __iter__(self):
        self._load_all()
        found = sorted((game_id for game_id in self._games if game_id in self._found), key=_order)
        return iter(found + [game_id for game_id in self._games if game_id not in self._found])

    def __len__(self) -> int:
        self._load_all()
        return len(self._games)

    def __repr__(self) -> str:
        return f"GAMES({', '.join(self)})"


GAMES: MutableMapping[str, Game] = _Games()


def get(game_id: str) -> Game:
    try:
        return GAMES[game_id]
    except (KeyError, TypeError):
        raise IllegalAction("unknown_game", f"no game called {game_id!r}; choose one of {', '.join(GAMES)}",
                            game=game_id) from None


__all__ = ["ActionSpec", "Game", "GAMES", "IllegalAction", "Option", "Param", "get"]
