"""Coin toss: a tiny game written the way every game is, to show that a new game is
one folder and nothing else (docs/write-a-game.md walks through it). Dropped into
companion/games/ as `coin/`, Cellmate lists it, plays it, saves and replays it,
exports it and counts it in its statistics (tests/test_example_game.py)."""
from .rules import MOVES, CoinTossRules
from .view import CoinTossView


class CoinToss(CoinTossView, CoinTossRules):
    pass


GAME = CoinToss()

__all__ = ["GAME", "MOVES", "CoinToss"]
