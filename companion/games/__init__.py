"""The games Cellmate can run, by id.

Every module in this package that defines `GAME` (an instance of a Game
subclass) is a game; adding a game is adding a module.
"""
import importlib
import logging
import pkgutil

from .base import ActionSpec, Game, IllegalAction, Option, Param


BROKEN: dict[str, str] = {}  # module name -> why it could not be loaded


def _discover() -> dict[str, Game]:
    found = {}
    for info in sorted(pkgutil.iter_modules(__path__), key=lambda m: m.name):
        if info.name == "base":
            continue
        try:
            module = importlib.import_module(f"{__name__}.{info.name}")
        except Exception as exc:  # one broken game must not take the others off the table
            BROKEN[info.name] = f"{type(exc).__name__}: {exc}"
            logging.getLogger(__name__).error("game module %s not loaded: %s", info.name, BROKEN[info.name])
            continue
        game = getattr(module, "GAME", None)
        if isinstance(game, Game):
            found[game.id] = game
    # the dice table first: it is the shell's own mode
    return dict(sorted(found.items(), key=lambda kv: (kv[0] != "dice", kv[0])))


GAMES: dict[str, Game] = _discover()


def get(game_id: str) -> Game:
    try:
        return GAMES[game_id]
    except (KeyError, TypeError):
        raise IllegalAction("unknown_game", f"no game called {game_id!r}; choose one of {', '.join(GAMES)}",
                            game=game_id) from None


__all__ = ["ActionSpec", "Game", "GAMES", "IllegalAction", "Option", "Param", "get"]
