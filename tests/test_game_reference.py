"""The rules in short in Help: every game's turn, actions, end and scoring in
Cellmate's own words with where the rulebook says it, in English and German; the
topics that matter at each point of the game come first."""
import pytest

from companion.games import dig, heist, singsing, snitch
from companion.i18n import Catalogue

GAMES = {"dig": dig, "heist": heist, "singsing": singsing, "snitch": snitch}


def phases(module):
    return tuple(module.PHASES)


@pytest.mark.parametrize("lang", ["en", "de"])
@pytest.mark.parametrize("game_id", sorted(GAMES))
def test_every_point_of_the_game_has_its_rules_first_with_the_rulebook_place(game_id, lang):
    t = Catalogue(lang)
    module = GAMES[game_id]
    game = module.GAME
    rulebook = "(Rulebook: " if lang == "en" else "(Spielregel: "
    topics = {ref.topic for ref in game.reference}
    assert {"turn", "end"} <= topics and "setup" in topics
    for phase in phases(module):
        now, others = game.rules(t, {"phase": phase})
        assert now, f"{game_id}: nothing for {phase}"
        assert len(now) + len(others) == len(game.reference)
        for text in now + others:
            assert rulebook in text and text.endswith(")") and "{" not in text and f"{game_id}.rules" not in text


def test_the_rules_are_told_apart_from_the_readings():
    """The readings stay (how Cellmate reads an unclear rule); the reference is beside them."""
    t = Catalogue("en")
    for module in GAMES.values():
        game = module.GAME
        now, others = game.rules(t, {"phase": "over"})
        assert not set(now + others) & set(game.help(t))


def test_heist_names_its_rulebook_pages():
    now, _ = heist.GAME.rules(Catalogue("en"), {"phase": "start"})
    assert now == ["Your turn: PREP (recruit, then plan twice) or HEIST (attempt the next step of a heist), "
                   "then upkeep. (Rulebook: p. 4 (PREP) and p. 5 (HEIST))"]
