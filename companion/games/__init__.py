"""The games Cellmate can run, by id."""
from .base import ActionSpec, Game, IllegalAction, Option
from .dice_table import DiceTable

GAMES: dict[str, Game] = {game.id: game for game in (DiceTable(),)}


def get(game_id: str) -> Game:
    try:
        return GAMES[game_id]
    except KeyError:
        raise IllegalAction("unknown_game", f"no game called {game_id!r}; choose one of {', '.join(GAMES)}",
                            game=game_id) from None


__all__ = ["ActionSpec", "Game", "GAMES", "IllegalAction", "Option", "get"]
