import json
import re
from pathlib import Path

import pytest

from companion.games import IllegalAction
from companion.i18n import Catalogue, LANGUAGES

LOCALE = Path(__file__).parent.parent / "companion" / "locale"


def load(lang):
    merged = json.loads((LOCALE / f"{lang}.json").read_text(encoding="utf-8"))
    for path in sorted(LOCALE.glob(f"*.{lang}.json")):
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
