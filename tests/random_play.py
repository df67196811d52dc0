"""A random player for any game, from its own descriptions of options and actions.

Used by the property tests that run over every registered game, so a new game
gets replay, undo and invariant checks without writing them again.
"""
from __future__ import annotations

import random

from companion.games.base import ActionSpec, Game, Option, Param


def random_options(game: Game, rng: random.Random) -> dict:
    out = {}
    for option in game.options:
        out[option.name] = random_option_value(option, rng)
    return out


def random_option_value(option: Option, rng: random.Random):
    if option.kind == "bool":
        return rng.random() < 0.5
    if option.kind == "choice":
        return rng.choice(option.choices)
    lo = option.minimum if option.minimum is not None else 0
    hi = option.maximum if option.maximum is not None else lo + 10
    return rng.randint(lo, hi)


def random_value(param: Param, rng: random.Random):
    if param.kind == "die":
        return [rng.randint(1, 6) for _ in range(param.count)]
    if param.kind in ("seat", "choice"):
        return rng.choice(param.choices) if param.choices else None
    if param.kind == "bool":
        return rng.random() < 0.5
    if param.kind == "counts":      # a vote's totals: `maximum` votes spread over `count` seats
        counts = [0] * param.count
        for _ in range(param.maximum or 0):
            counts[rng.randrange(param.count)] += 1
        return counts
    if param.kind == "int":
        lo = param.minimum if param.minimum is not None else 0
        hi = param.maximum if param.maximum is not None else lo + 10
        return rng.randint(lo, hi)
    return "x"


def random_action(spec: ActionSpec, rng: random.Random) -> dict:
    action = {"type": spec.type}
    if spec.player is not None:
        action["player"] = spec.player
    for name, param in spec.params.items():
        if param.optional and rng.random() < 0.5:
            continue
        action[name] = random_value(param, rng)
    return action


def garbage_action(rng: random.Random) -> dict:
    return rng.choice([
        {"type": "no-such-action"},
        {"type": "roll", "dice": [0]},
        {"type": "roll", "player": 99},
        {"type": "pass", "player": -1},
        {"type": None},
        {},
    ])
