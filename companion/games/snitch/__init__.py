"""The Snitch (Jumping Turtle Games, 2018; 4 to 6 players): the app as game master.

The rules apart from their words, as OpenSpiel keeps a State apart from its Observer:
rules.py (the moves table, the refusals, the result, the secrets, the pads) over
state.py (the box, the readings, what each move does to the table); view.py puts it
all in words and pictures. Its words: locale/<lang>.ftl; its doc page: README.md.
"""
from .rules import SnitchRules
from .state import (CONTACTS_START, ESCAPE_CARDS, INTERROGATION_START, ITEMS, PHASES, RIOT_AT, SCHEMES_FOR_GUN,
                    SETUP_CHECKLIST, TOTAL_CARDS, deal, guard_and_soap, gun_vote_result, judge, targets, winners)
from .view import SnitchView


class Snitch(SnitchView, SnitchRules):
    """The Snitch: its rules, shown in its words."""

    # What the catalogue tests (tests/test_i18n.py) must know of its words: the fields
    # that hold a name or a text (never a number a word agrees with), the plural nouns
    # a 1 must never meet, and the numbers never 1 (the least each can be).
    vocabulary = {
        "not_numbers": {"backstabs", "deal", "draws", "extras", "item", "other", "plans", "reading", "repeats",
                        "seat", "shown", "soap", "stashes", "target", "to", "votes"},
        "plurals": {"de": {"Fluchtpläne", "Gegenstände", "Karten", "Plänen", "Verrats-Symbole"}},
        "never_one": {
            ("snitch.headline.escape", "goal"): ESCAPE_CARDS, ("snitch.line.escape_cards", "goal"): ESCAPE_CARDS,
            ("snitch.line.gun_pile", "goal"): SCHEMES_FOR_GUN,
            **{("snitch.setup." + step, "count"): count for step, count in SETUP_CHECKLIST
               if step in ("cross", "deal", "contacts")},
        },
    }


GAME = Snitch()

__all__ = ["CONTACTS_START", "ESCAPE_CARDS", "GAME", "INTERROGATION_START", "ITEMS", "PHASES", "RIOT_AT",
           "SCHEMES_FOR_GUN", "SETUP_CHECKLIST", "Snitch", "TOTAL_CARDS", "deal", "guard_and_soap",
           "gun_vote_result", "judge", "targets", "winners"]
