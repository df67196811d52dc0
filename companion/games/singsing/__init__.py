"""Sing Sing (Karl-Heinz Schmiel, Moskito 1996): the companion as referee and guess clock.

The game is its rules (rules.py: the state, the moves, the secrets, the guess
clock, the result) and its view (view.py: the screen's words, the board, the
spoken lines, the Help), in every language (locale/<lang>.ftl); README.md is
its page. The names other modules and the tests use are importable from here.
"""
from __future__ import annotations

from .rules import (BARS, CHIPS, CONVICTS, DEFAULT_SECONDS, GUESSING, MOVES, PHASES, SETUP_STEPS, TICK_LAST,
                    TOTAL_BARS, TOTAL_CARDS, WINDOWS, SingSingRules, bars_counted, bars_hidden, bars_left,
                    card_is_free, countdown_cues, first_free, mask_after_wrong, max_free_cards, timer_key, timer_on,
                    win_kind)
from .view import READINGS, SingSingView

__all__ = ["BARS", "bars_counted", "bars_hidden", "bars_left", "card_is_free", "CHIPS", "CONVICTS",
           "countdown_cues", "DEFAULT_SECONDS", "first_free", "GAME", "GUESSING", "mask_after_wrong",
           "max_free_cards", "MOVES", "PHASES", "READINGS", "SETUP_STEPS", "SingSing", "SingSingRules",
           "SingSingView", "TICK_LAST", "timer_key", "timer_on", "TOTAL_BARS", "TOTAL_CARDS", "win_kind", "WINDOWS"]


class SingSing(SingSingView, SingSingRules):
    """The game: Sing Sing's view over its rules."""

    # What the catalogue tests (tests/test_i18n.py) must know of its words: the fields
    # that hold a name or a text (never a number a word agrees with) and the plural
    # nouns a 1 must never meet.
    vocabulary = {
        "not_numbers": {"convict", "convicts", "eddie", "file", "guess", "guesser", "joe", "mack", "mask", "side",
                        "window"},
        "plurals": {"de": {"Chips", "Häftlinge", "Karten", "Stäbe", "Stäben", "Sträflinge"}},
    }


GAME = SingSing()
