"""Dig Your Way Out (German: Grab dich frei), the tunnel race in Blackgate prison.

The game is its parts put together, as OpenSpiel splits a State from its Observer:
- rules.py: the moves (MOVES), what each does and refuses, setup, result, pads (DigRules);
- state.py: the rules as data and what can be read off a state (pure);
- memory.py: the board map and what the game remembers of it across tables (DigMemory);
- view.py: the game in words and pictures: summary, board, Log, voice, help (DigView);
- locale/<lang>.ftl its words, README.md its page.
"""
# the names the rest of the app, the tests and scripts use: the game's data and pure helpers
from .memory import (BLOCK_A, BLOCK_B, BOARD_KEY, BOARD_PLACES, CAFETERIA, CELL_BLOCK, EXPORT_NAME, FACES,  # noqa: F401
                     INFIRMARY, MAX_EXTRA_PLACES, MAX_PLACE_NAME, PAIR_SEP, PLACES_KEY, RECREATION, RULEBOOK_FACES,
                     SHOWERS, STANDARD_PLACES, DigMemory, check_extra_places, learned_faces, merge_board,
                     normalize_board, pair_text, place_name, unknown_faces)
from .rules import MOVES, DigRules, action, setup_steps  # noqa: F401
from .state import (ACTIONS_PER_TURN, CAUTIOUS_COST, COUNTERS, CRAFTS, DEALS, DIG_POINTS, GANGS,  # noqa: F401
                    HAND_LIMIT, MAX_BEATINGS, MAX_DELTA, MAX_HAND, MAX_SELL, MICHEL_CHOICES, MICHEL_START, PHASES,
                    PILE_OF, PILES, READINGS, SIDES, TEAM_BLOCK_FACES, TEAM_BLOCKS, TEAM_CHOICES, TEAM_THRESHOLDS,
                    THRESHOLDS, TOOLS, home, team_points, threshold)
from .view import DigView


class DigYourWayOut(DigView, DigMemory, DigRules):
    """Dig Your Way Out: its words, its memory across tables, its rules."""

    # What the catalogue tests (tests/test_i18n.py) must know of its words: the fields
    # that hold a name or a text (never a number a word agrees with), the plural nouns
    # a 1 must never meet, a slash that is no plural, and the numbers never 1 (the least each can be).
    vocabulary = {
        "not_numbers": {"actions", "deal", "face", "faces", "gang", "item", "michel", "mover", "other", "pile", "piles",
                        "place", "places", "seat", "side", "target", "team", "teammate", "tool", "what"},
        "plurals": {"de": {"Aktionen", "Handkarten", "Karten", "Orte", "Punkte", "Schaufeln", "Spitzhacken",
                           "Suchkarten", "Tunnelpunkte", "Tunnelpunkten", "Zigaretten"}},
        "not_plural_slashes": {"sie/ihn"},                  # Michel(le): "lass sie/ihn stehen"
        "never_one": {
            **{(key, "goal"): min([*THRESHOLDS.values(), *TEAM_THRESHOLDS.values()])
               for key in ("dig.line.tunnel", "dig.line.team_tunnel", "dig.banner.wins", "dig.banner.team_wins")},
            ("dig.prompt.no_actions", "n"): HAND_LIMIT, ("dig.note.hand_limit", "n"): HAND_LIMIT,
            ("error.dig_bad_places", "most"): MAX_EXTRA_PLACES,
            ("error.dig_no_cigarettes", "price"): min(DEALS.values()),
        },
    }


GAME = DigYourWayOut()
