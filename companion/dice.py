"""Dice: fair rolls from the OS's random source, decided once and then stored."""
from __future__ import annotations

import random
from collections import Counter

_SYSTEM = random.SystemRandom()  # os.urandom underneath: no seed to predict


def roll_d6(rng: random.Random | None = None) -> int:
    return (rng or _SYSTEM).randint(1, 6)


def check_face(value) -> int:
    """A die face entered by hand (a physical die)."""
    if isinstance(value, bool) or not isinstance(value, int) or not 1 <= value <= 6:
        raise ValueError(f"a die shows 1 to 6, not {value!r}")
    return value


def histogram(values) -> dict[int, int]:
    counts = Counter(values)
    return {face: counts.get(face, 0) for face in range(1, 7)}
