"""The games Cellmate can run, by id.

A game is a folder in this package named by its id (`companion/games/<id>/`),
whose `__init__.py` defines `GAME` (an instance of a Game subclass): its rules,
its view, its words in every language (`locale/<lang>.ftl`), its doc page
(`README.md`). Adding a game is adding its folder; nothing outside it changes
(docs/write-a-game.md walks through tests/example_game). The other modules
here are the engine every game builds on (base, checklist).

A game's folder is imported when its game is first asked for (`GAMES[id]`,
`get(id)`, `id in GAMES`): reopening a table at start imports that one game,
not all of them. Listing the games (iterating, len) imports them all.
"""
import importlib
import logging
import pkgutil
import re
from collections.abc import MutableMapping
from pathlib import Path

from .base import ActionSpec, Game, IllegalAction, Option, Param


BROKEN: dict[str, str] = {}  # game folder -> why it could not be loaded

_GAME_LINE = re.compile(r"^GAME\s*(?::[^=\n]*)?=", re.M)


def folders() -> dict[str, Path]:
    """Game id -> its folder: every package here (on this package's path) whose
    `__init__.py` defines GAME."""
    found: dict[str, Path] = {}
    for info in pkgutil.iter_modules(__path__):
        if not info.ispkg:
            continue            # the engine's own modules
        folder = Path(info.module_finder.path) / info.name
        try:
            source = (folder / "__init__.py").read_text(encoding="utf-8")
        except OSError:
            continue
        if _GAME_LINE.search(source):
            found.setdefault(info.name, folder)
    return found


def _order(game_id: str):
    return (game_id != "dice", game_id)   # the dice table first: it is the shell's own mode


class _Games(MutableMapping):
    """Game id -> Game, each game's folder imported the first time it is needed."""

    def __init__(self):
        self._games: dict[str, Game] = {}
        self._all = False                           # every folder imported
        self._found: set[str] = set()               # ids of the folders' own games (not set by hand)
        self._folders: dict[str, Path] | None = None

    def folders(self) -> dict[str, Path]:
        if self._folders is None:
            self._folders = folders()
        return self._folders

    def _load(self, name: str) -> None:
        try:
            module = importlib.import_module(f"{__name__}.{name}")
        except Exception as exc:  # one broken game must not take the others off the table
            BROKEN[name] = f"{type(exc).__name__}: {exc}"
            logging.getLogger(__name__).error("game %s not loaded: %s", name, BROKEN[name])
            return
        game = getattr(module, "GAME", None)
        if not isinstance(game, Game) or game.id != name:
            BROKEN[name] = f"its GAME is not a Game with the id {name!r} (the folder's name)"
            logging.getLogger(__name__).error("game %s not loaded: %s", name, BROKEN[name])
        elif game.id not in self._games:   # (a game set by hand, e.g. a test's, stays)
            self._games[game.id] = game
            self._found.add(game.id)

    def _load_all(self) -> None:
        if self._all:
            return
        self._all = True
        for name in sorted(self.folders()):
            self._load(name)

    def forget(self) -> None:
        """Look for the folders again (a game dropped in while running: the tests)."""
        self._games = {k: v for k, v in self._games.items() if k not in self._found}
        self._found.clear()
        self._all, self._folders = False, None

    def _find(self, game_id) -> Game | None:
        game = self._games.get(game_id)
        if game is not None or self._all or not isinstance(game_id, str):
            return game
        if game_id in self.folders():
            self._load(game_id)
        return self._games.get(game_id)

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
