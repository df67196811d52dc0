"""Masterminds: Heist Society: heist-step dice, the gem bag and final scoring.

The game is its rules (rules.py: the state, the moves, the result) and its view
(view.py: the screen's words, the board, the spoken lines, the Help topics), in
every language (locale/<lang>.ftl); README.md is its page. The names other
modules and the tests use are importable from here.
"""
from __future__ import annotations

from .rules import (CLEAR, CLEAR_GEMS, CLEAR_VALUE, GEMS_PER_COLOUR, HAND_LIMIT, MAX_ACTIVATED, MAX_TEAM, MOVES,
                    NAME_LENGTH, PHASES, PLAY_PHASES, SETUP_STEPS, SKILL_LENGTH, STEPS, HeistRules, bonus_due,
                    empty_places, first_player_result, free_recruits, heist_slots, heists_to_end, judge, score_table,
                    starter_cash, still_to_roll, winners_of)
from .view import HeistView, colour, gems_text, heist_label

__all__ = ["bonus_due", "CLEAR", "CLEAR_GEMS", "CLEAR_VALUE", "colour", "empty_places", "first_player_result",
           "free_recruits", "GAME", "GEMS_PER_COLOUR", "gems_text", "HAND_LIMIT", "Heist", "heist_label",
           "heist_slots", "HeistRules", "heists_to_end", "HeistView", "judge", "MAX_ACTIVATED", "MAX_TEAM", "MOVES",
           "NAME_LENGTH", "PHASES", "PLAY_PHASES", "score_table", "SETUP_STEPS", "SKILL_LENGTH", "starter_cash",
           "STEPS", "still_to_roll", "winners_of"]


class Heist(HeistView, HeistRules):
    """The game: Heist's view over its rules."""

    # What the catalogue tests (tests/test_i18n.py) must know of its words: the fields
    # that hold a name or a text (never a number a word agrees with), the plural nouns
    # a 1 must never meet, and the numbers never 1 (the least each can be).
    vocabulary = {
        "not_numbers": {"challenge", "colour", "die", "face", "field", "gem", "gems", "heist", "modifier", "parts",
                        "progress", "result", "round", "second", "slot", "step", "steps", "team", "value"},
        "plurals": {"de": {"Edelsteine", "Edelsteinen", "Handkarten", "Heists", "Karten", "Punkte", "Punkten",
                           "Rekruten"}},
        "never_one": {
            ("heist.prompt.upkeep", "limit"): HAND_LIMIT,
            ("heist.banner.heists", "count"): heists_to_end(HeistRules.min_players),
            ("error.heist_bad_text", "limit"): min(NAME_LENGTH, SKILL_LENGTH),
        },
    }


GAME = Heist()
