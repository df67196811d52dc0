"""The Snitch (Jumping Turtle Games, 2018; 4 to 6 players): the app as game master.

The rules apart from their words, as OpenSpiel keeps a State apart from its Observer:
rules.py (the moves table, the refusals, the result, the secrets, the pads) over
state.py (the box, the readings, what each move does to the table); view.py puts it
all in words and pictures. Its words: locale/<lang>.json; its doc page: README.md.
"""
from .rules import SnitchRules
from .state import (CONTACTS_START, ESCAPE_CARDS, INTERROGATION_START, ITEMS, PHASES, RIOT_AT, SCHEMES_FOR_GUN,
                    SETUP_CHECKLIST, TOTAL_CARDS, deal, guard_and_soap, gun_vote_result, judge, targets, winners)
from .view import SnitchView


class Snitch(SnitchView, SnitchRules):
    """The Snitch: its rules, shown in its words."""


GAME = Snitch()

__all__ = ["CONTACTS_START", "ESCAPE_CARDS", "GAME", "INTERROGATION_START", "ITEMS", "PHASES", "RIOT_AT",
           "SCHEMES_FOR_GUN", "SETUP_CHECKLIST", "Snitch", "TOTAL_CARDS", "deal", "guard_and_soap",
           "gun_vote_result", "judge", "targets", "winners"]
