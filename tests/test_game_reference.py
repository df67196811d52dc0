"""The rules in short in Help: every game's turn, actions, end and scoring in
Cellmate's own words with where the rulebook says it, in English and German; the
topics that matter at each point of the game come first, each pointing at a heading
or a page its rulebook has."""
import os
import re
from pathlib import Path

import pytest

from companion.games import GAMES as ALL_GAMES, dig, heist, singsing, snitch
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


# -- every reference points at what its rulebook has ---------------------------------
# The rulebooks are the source of truth beside the project (../shared/rules, or
# CELLMATE_RULEBOOKS): "<name>.<lang>.txt" where the edition is in that language, else
# the English "<name>.en.txt" or "<name>.txt".
RULEBOOKS = Path(os.environ.get("CELLMATE_RULEBOOKS") or Path(__file__).resolve().parents[2] / "shared" / "rules")
RULEBOOK_OF = {"dig": "dig-your-way-out", "heist": "heist-society", "singsing": "sing-sing", "snitch": "the-snitch"}
QUOTED = re.compile(r"[“„]([^“”„]+)[”“]")                     # a heading (or the rulebook's words), quoted
PAGE = re.compile(r"\b(?:p|S)\. (\d+)(?: \(([^()]+)\))?")      # "p. 4 (PREP)", "S. 5"
JOINING = {"and", "und", "its", "example", "mit", "beispiel"}   # the only other words a reference may hold


def rulebook_text(game_id: str, lang: str) -> str:
    """The game's rulebook in `lang` (or English), made searchable: lower case, the
    typographic apostrophe plain, one space for any run of white space, and a heading
    its text layer printed twice ("GRABENGRABEN") once."""
    name = RULEBOOK_OF[game_id]
    path = next(p for p in (RULEBOOKS / f"{name}.{lang}.txt", RULEBOOKS / f"{name}.en.txt", RULEBOOKS / f"{name}.txt")
                if p.exists())
    lines = []
    for line in path.read_text(encoding="utf-8").splitlines():
        line = line.strip()
        half = len(line) // 2
        if line and line.isupper() and line[:half] == line[half:]:
            line = line[:half]
        lines.append(" ".join(w[:len(w) // 2] if len(w) > 3 and w.isupper() and w[:len(w) // 2] == w[len(w) // 2:]
                              else w for w in line.split()))
    return " ".join(" ".join(lines).replace("’", "'").replace("‘", "'").split()).lower()


def has(text: str, words: str) -> bool:
    words = " ".join(words.replace("’", "'").split()).lower()
    return re.search(r"(?<!\w)" + re.escape(words) + r"(?!\w)", text) is not None


def missing_references(game_id: str, lang: str, said: dict | None = None) -> list[str]:
    """What the game's Help points at that its rulebook does not have (a heading, a page,
    or words that are neither). `said`: texts in place of the catalogue's, by key."""
    t, text, wrong = Catalogue(lang), rulebook_text(game_id, lang), []
    for ref in ALL_GAMES[game_id].reference:
        key = f"{game_id}.rules.{ref.topic}.where"
        where = (said or {}).get(key) or t(key)
        for heading in QUOTED.findall(where):
            if not has(text, heading):
                wrong.append(f"{ref.topic}: no heading “{heading}”")
        for page, heading in PAGE.findall(where):
            if not has(text, f"page {page}"):
                wrong.append(f"{ref.topic}: no page {page}")
            if heading and not has(text, heading):
                wrong.append(f"{ref.topic}: no heading “{heading}” on page {page}")
        rest = set(re.findall(r"\w+", PAGE.sub(" ", QUOTED.sub(" ", where)).lower())) - JOINING
        if rest:
            wrong.append(f"{ref.topic}: neither a heading nor a page: {where!r}")
    return wrong


@pytest.fixture
def rulebooks():
    """The rulebooks must be there: a check that cannot read them proves nothing."""
    assert RULEBOOKS.is_dir(), (f"the rulebooks are not at {RULEBOOKS}: put the project's shared/ beside "
                                "the checkout, or point CELLMATE_RULEBOOKS at its rules folder")


@pytest.mark.usefixtures("rulebooks")
@pytest.mark.parametrize("lang", ["en", "de"])
@pytest.mark.parametrize("game_id", sorted(game_id for game_id, game in ALL_GAMES.items() if game.reference))
def test_every_reference_in_help_is_in_the_rulebook(game_id, lang):
    assert game_id in RULEBOOK_OF, f"{game_id}: which rulebook file is its?"
    assert missing_references(game_id, lang) == []


@pytest.mark.usefixtures("rulebooks")
def test_the_reference_check_would_catch_a_heading_the_rulebook_does_not_have():
    """What Dig's Help said: the German edition's heading is „Normale Bewegung“, and
    „Suchen“ is only part of „Durchsuchen“."""
    said = {"dig.rules.move.where": "„Einfache Bewegung“, „Suchen“",
            "dig.rules.end.where": "erste Seiten, p. 9 (GRABEN)"}
    assert missing_references("dig", "de", said) == [
        "move: no heading “Einfache Bewegung”", "move: no heading “Suchen”", "end: no page 9",
        "end: neither a heading nor a page: 'erste Seiten, p. 9 (GRABEN)'"]
