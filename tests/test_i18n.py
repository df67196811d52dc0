import json
import re
from pathlib import Path

import pytest

from companion.games import IllegalAction
from companion.i18n import Catalogue, LANGUAGES

LOCALE = Path(__file__).parent.parent / "companion" / "locale"


def load(lang):
    merged = json.loads((LOCALE / f"{lang}.json").read_text(encoding="utf-8"))
    for path in sorted(LOCALE.glob(f"*.{lang}.json")) + sorted(LOCALE.parent.glob(f"games/*/locale/{lang}.json")):
        merged.update(json.loads(path.read_text(encoding="utf-8")))
    return merged


def test_english_and_german_have_the_same_keys_and_fields():
    en, de = load("en"), load("de")
    assert set(en) == set(de)
    for key in en:
        assert set(re.findall(r"{(\w+)}", en[key])) == set(re.findall(r"{(\w+)}", de[key])), key
        assert de[key].strip(), key


def test_texts_are_filled_in_the_chosen_language():
    assert Catalogue("de")("dice.turn_of", name="Ann") == "Ann ist dran"
    assert Catalogue("en")("dice.turn_of", name="Ann") == "Ann's turn"
    assert set(LANGUAGES) == {"en", "de"}


def test_unknown_language_and_key_never_crash():
    assert Catalogue("fr")("dice.turn_of", name="Ann") == "Ann's turn"
    assert Catalogue("de")("no.such.key") == "no.such.key"
    assert Catalogue("en")("dice.turn_of") == "{name}'s turn"  # a missing field shows, not crashes


def test_rules_errors_are_said_in_the_tables_language():
    exc = IllegalAction("player_count", "dice is for 2 to 8 players", low=2, high=8)
    assert Catalogue("de").error(exc) == "Dieses Spiel ist für 2 bis 8 Spieler."
    assert Catalogue("en").error(ValueError("plain")) == "plain"


def test_one_die_is_said_in_the_singular_in_both_languages():
    from companion.games.base import Param
    for count, en, de in ((1, "Enter 1 die face.", "Gib 1 Würfelauge ein."),
                          (2, "Enter 2 die faces.", "Gib 2 Würfelaugen ein.")):
        with pytest.raises(IllegalAction) as refused:
            Param("die", "x", count=count).check("dice", [1, 2, 3])
        assert (Catalogue("en").error(refused.value), Catalogue("de").error(refused.value)) == (en, de)


def test_a_text_counted_by_another_field_than_count_agrees_with_it():
    """COUNTED_BY names the field a text agrees with: the pads' "{held} of {count}
    seats" agrees with held, not with the table's count."""
    from companion.i18n import counted_field
    assert counted_field("pads.some_held") == "held" and counted_field("log.more") == "count"
    for held, en, de in ((1, "1 of 2 seats has a pad.", "1 von 2 Plätzen hat ein Pad."),
                         (2, "2 of 3 seats have a pad.", "2 von 3 Plätzen haben ein Pad."),
                         (0, "0 of 2 seats have a pad.", "0 von 2 Plätzen haben ein Pad.")):
        count = max(2, held + 1)
        assert Catalogue("en")("pads.some_held", held=held, count=count).startswith(en)
        assert Catalogue("de")("pads.some_held", held=held, count=count).startswith(de)
    # a count of 1 beside it does not make the text singular
    assert Catalogue("en")("pads.some_held", held=2, count=1).startswith("2 of 1 seats have")


# -- plurals, catalogue-wide --------------------------------------------------------------
# A plural is never made by hand: "card(s)", "Rekrut(en)", "Stab/Stäbe". A slash between
# two words is allowed only where it is no plural.
HAND_MADE_PLURAL = re.compile(r"\w\((?:s|es|n|en|e|er|nen)\)")
SLASH_WORDS = re.compile(r"[^\W\d]+/[^\W\d]+")
NOT_A_PLURAL_SLASH = {"words/min", "Wörter/min", "sie/ihn"}     # a unit; Michel(le)'s "she/him"


@pytest.mark.parametrize("lang", ["en", "de"])
def test_no_text_makes_a_plural_by_hand(lang):
    found = [(key, text) for key, text in load(lang).items()
             if HAND_MADE_PLURAL.search(text) or set(SLASH_WORDS.findall(text)) - NOT_A_PLURAL_SLASH]
    assert found == []


def test_every_counted_text_has_its_one_form_in_both_languages():
    """A text counted by another field than `count` has "<key>.one" in English and
    German, and that field is in the text; every ".one" has its text and no field
    the text lacks. ("{names} wins!" counts by a `count` it does not show.)"""
    from companion.i18n import COUNTED_BY
    for lang in ("en", "de"):
        catalogue = load(lang)
        for key, field in COUNTED_BY.items():
            assert key in catalogue and key + ".one" in catalogue, (lang, key)
            assert "{%s}" % field in catalogue[key], (lang, key, field)
        for one in (k for k in catalogue if k.endswith(".one")):
            key = one[:-len(".one")]
            assert key in catalogue, (lang, one)
            assert set(re.findall(r"{(\w+)}", catalogue[one])) <= set(re.findall(r"{(\w+)}", catalogue[key])), one


# Fields that hold a name or a text put together elsewhere, never a number to agree with.
NOT_NUMBERS = {
    "name", "names", "file", "mask", "other", "michel", "colour", "game", "heist", "challenge", "guesser", "team",
    "place", "places", "text", "tool", "result", "field", "fields", "slot", "window", "mack", "eddie", "joe", "why",
    "option", "cue", "detail", "version", "pin", "path", "dir", "where", "first", "last", "mover", "holder",
    "question", "side", "convict", "convicts", "item", "items", "soap", "guess", "action", "actions", "targets",
    "gems", "faces", "keys", "reason", "draws", "votes", "players", "stashes", "parts", "progress", "steps", "dice",
    "extras", "moved", "reading", "deal", "piles", "modifier", "skill", "rate", "p", "chi", "plans", "backstabs",
    "repeats", "found", "known", "seats", "step", "value", "score", "face", "die", "round", "cue",
}
# Words that must not follow a number 1 (English: any word in -s but these verbs and units).
EN_NOT_PLURAL = {"is", "has", "needs", "leads", "beats", "holds", "ms"}
EN_ONE_WITH_PLURAL = re.compile(r"\b1 (?:more )?(?:[A-Za-z]+ )?([A-Za-z]{2,}s)\b|\b1 of \d+ [A-Za-z]+ (?:have|are)\b")
DE_PLURALS = ("Aktionen Karten Handkarten Suchkarten Rekruten Stäbe Stäben Plätze Plätzen Zigaretten Punkte Punkten "
              "Tunnelpunkte Tunnelpunkten Edelsteine Edelsteinen Pläne Plänen Fluchtpläne Verrats-Symbole Züge "
              "Runden Minuten Spiele Spielen Würfe Probleme Würfelaugen Chips Gegenstände Orte Stimmen Heists "
              "Sträflinge Häftlinge Spitzhacken Schaufeln Wörter").split()
DE_ONE_WITH_PLURAL = re.compile(r"\b1 (?:weitere |mehr )?(?:[\wÄÖÜäöüß-]+ )?(?:%s)(?![\wÄÖÜäöüß-])"
                                r"|\b(?:sind|haben|fehlen|gelten) (?:nur noch )?1\b"
                                r"|\b1 von \d+ [\wÄÖÜäöüß-]+ (?:haben|sind)\b" % "|".join(DE_PLURALS))


def never_one():
    """(key, field) whose number is never 1, with the least it can be, read from the code."""
    from companion import config, players, stats
    from companion.games import GAMES, dig, heist, snitch
    least_players = min(game.max_players for game in GAMES.values())
    goals = min([*dig.THRESHOLDS.values(), *dig.TEAM_THRESHOLDS.values()])
    setup = dict(snitch.SETUP_CHECKLIST)
    return {
        ("error.player_count", "high"): least_players, ("games.players", "high"): least_players,
        ("error.table_count", "high"): players.MAX_PLAYERS,
        ("pads.some_held", "count"): players.MIN_PLAYERS,                  # the seats at the table
        ("settings.voice_wpm", "n"): next(n for n in range(1000) if config.CHECKS["speech.speed"](n)[1] is None),
        ("dig.line.tunnel", "goal"): goals, ("dig.line.team_tunnel", "goal"): goals,
        ("dig.banner.wins", "goal"): goals, ("dig.banner.team_wins", "goal"): goals,
        ("dig.prompt.no_actions", "n"): dig.HAND_LIMIT, ("dig.note.hand_limit", "n"): dig.HAND_LIMIT,
        ("error.dig_bad_places", "most"): dig.MAX_EXTRA_PLACES,
        ("error.dig_no_cigarettes", "price"): min(dig.DEALS.values()),
        ("heist.prompt.prep", "limit"): heist.MAX_TEAM, ("heist.prompt.upkeep", "limit"): heist.HAND_LIMIT,
        ("heist.banner.heists", "count"): heist.heists_to_end(GAMES["heist"].min_players),
        ("error.heist_bad_text", "limit"): min(heist.NAME_LENGTH, heist.SKILL_LENGTH),
        ("error.table_long_name", "max"): players.MAX_NAME,
        ("snitch.headline.escape", "goal"): snitch.ESCAPE_CARDS, ("snitch.line.escape_cards", "goal"): snitch.ESCAPE_CARDS,
        ("snitch.line.gun_pile", "goal"): snitch.SCHEMES_FOR_GUN,
        ("snitch.setup.cross", "count"): setup["cross"], ("snitch.setup.deal", "count"): setup["deal"],
        ("snitch.setup.contacts", "count"): setup["contacts"],
        ("stats.dice.fair", "count"): stats.MIN_ROLLS, ("stats.dice.biased", "count"): stats.MIN_ROLLS,
        ("stats.dice.biased", "odds"): stats.rarer_than(stats.P_BIASED * 0.99),   # biased: p < 0.01, 1 in 100 or rarer
    }


def test_the_numbers_said_never_to_be_one_are_not():
    en = load("en")
    for (key, field), least in never_one().items():
        assert "{%s}" % field in en[key], (key, field)      # no exemption outlives its text
        assert least > 1, (key, field, least)


@pytest.mark.parametrize("lang", ["en", "de"])
def test_a_count_of_one_never_meets_a_plural(lang):
    """Every text with a number in it, given 1 for that number through the catalogue
    (so its ".one" form where it has one), says no '1 cards', '1 of 2 seats have',
    'noch 1 Aktionen', 'es fehlen 1'. A number that cannot be 1 is in never_one()."""
    t, rx, exempt = Catalogue(lang), {"en": EN_ONE_WITH_PLURAL, "de": DE_ONE_WITH_PLURAL}[lang], never_one()
    wrong = []
    for key, text in load(lang).items():
        if key.endswith(".one"):
            continue
        fields = set(re.findall(r"{(\w+)}", text))
        for field in sorted(fields - NOT_NUMBERS):
            if (key, field) in exempt:
                continue
            params = {f: "" if f in NOT_NUMBERS else 7 for f in fields}
            params[field] = 1
            said = t(key, **params)
            wrong += [(key, field, m.group(0)) for m in rx.finditer(said)
                      if not (m.lastindex and m.group(1) in EN_NOT_PLURAL)]
    assert wrong == []


def test_the_plural_check_would_catch_what_players_saw():
    """The check above is no blind eye: the wordings of the bug reports fail it."""
    for said in ("Anna: 1 actions left.", "pick up the 1 cards under", "Scheme 0 of 1 cards", "1 of 2 seats have a pad"):
        assert EN_ONE_WITH_PLURAL.search(said), said
    for said in ("noch 1 Aktionen", "Verhörstapel: 1 Karten", "1 von 2 Plätzen haben ein Pad", "es fehlen 1"):
        assert DE_ONE_WITH_PLURAL.search(said), said
    assert HAND_MADE_PLURAL.search("1 recruit(s) ready") and HAND_MADE_PLURAL.search("3 Rekrut(en) bereit")
    assert "Stab/Stäbe" in SLASH_WORDS.findall("noch 1 Stab/Stäbe entfernen")
