import re

import pytest
from babel import Locale
from fluent.syntax import FluentParser
from fluent.syntax import ast as FTL

from catalogue import declared, forms, messages, places, read, said, selects, shown
from companion.games import GAMES, IllegalAction
from companion.i18n import LANGUAGES, Catalogue, entries, fluent_id, key_of, texts


# -- the files ----------------------------------------------------------------------------
def test_the_languages_are_the_files_found():
    """A language is its set of files: companion/locale/<lang>.ftl makes it one, named as it names itself."""
    found = {path.stem for path in places()["shared"].glob("*.ftl") if "." not in path.stem}
    assert set(LANGUAGES) == found == {"en", "de"}
    assert dict(LANGUAGES) == {"en": "English", "de": "Deutsch"} and list(LANGUAGES)[0] == "en"


@pytest.mark.parametrize("lang", sorted(LANGUAGES))
def test_each_language_has_a_file_wherever_english_has_one(lang):
    english = sorted(path.name.replace(".en.", ".@.").replace("en.", "@.")
                     for folder in places().values() for path in folder.glob("*en.ftl"))
    other = sorted(path.name.replace(f".{lang}.", ".@.").replace(f"{lang}.", "@.")
                   for folder in places().values() for path in folder.glob(f"*{lang}.ftl"))
    assert other == english


def test_every_file_reads_the_same_whole_and_message_by_message():
    """Every .ftl file parses with no error, and cutting it where a line starts at its
    left edge (as the catalogue does, to parse a message only when it is said) gives
    each message as the whole file's parse has it. No two keys meet as Fluent ids."""
    paths = [path for folder in places().values() for path in sorted(folder.glob("*.ftl"))]
    assert len(paths) >= 12
    for path in paths:
        whole = read(path)
        pieces = entries(path.read_text(encoding="utf-8"))
        assert [key_of(identifier) for identifier in pieces] == list(whole), path
        for key, message in whole.items():
            assert fluent_id(key) == message.id.name and "-" not in key, key
            alone = FluentParser(with_spans=False).parse_entry(pieces[message.id.name])
            assert alone.equals(message), (path, key)


def test_a_key_is_in_one_file_only():
    for lang in LANGUAGES:
        seen = {}
        for folder in places().values():
            for path in folder.glob(f"*{lang}.ftl"):
                if path.name == f"{lang}.ftl" or path.name.endswith(f".{lang}.ftl"):
                    for key in read(path):
                        assert key not in seen, (key, path, seen.get(key))
                        seen[key] = path


# -- what every language says ---------------------------------------------------------------
@pytest.mark.parametrize("lang", sorted(set(LANGUAGES) - {"en"}))
def test_every_language_has_the_same_keys_and_shows_the_same_fields(lang):
    """The same keys as English, each showing the same fields (which field a language
    chooses its words by is its own affair: German and English need not agree)."""
    en, other = messages("en"), messages(lang)
    assert set(other) == set(en)
    for key in en:
        assert shown(other[key]) == shown(en[key]), key
        assert all(text.strip() for text in forms(other[key])), key


def test_texts_are_filled_in_the_chosen_language():
    assert Catalogue("de")("dice.turn_of", name="Ann") == "Ann ist dran"
    assert Catalogue("en")("dice.turn_of", name="Ann") == "Ann's turn"
    assert texts("de")["dig.title"] == "Grab dich frei" and "dice.turn_of" in texts("en")


def test_unknown_language_and_key_never_crash():
    assert Catalogue("fr")("dice.turn_of", name="Ann") == "Ann's turn"
    assert Catalogue("fr").lang == "en"
    assert Catalogue("de")("no.such.key") == "no.such.key"
    assert Catalogue("en")("dice.turn_of") == "{name}'s turn"  # a missing field shows, not crashes
    assert Catalogue("en")("dice.last_roll", name="Ann", total=7) == "Ann rolled {dice} = 7"
    assert Catalogue("en")("error.dice_count") == "Enter {count} die faces."      # chosen by a field not given


def test_numbers_are_shown_as_before_in_every_language():
    """As str.format showed them: no grouping (1234, not 1,234 or 1.234), no decimal
    comma; a text is a text even where it holds a number."""
    for lang in LANGUAGES:
        t = Catalogue(lang)
        assert "7000" in t("dice.histogram", count=7000) and "-4" in t("heist.line.last_roll", score=-4)
        assert "0.5" in t("dice.turn_of", name=0.5) and "True" in t("dice.turn_of", name=True)
        assert "None" in t("dice.turn_of", name=None) and "[1, 2]" in t("dice.turn_of", name=[1, 2])
    assert Catalogue("de")("result.minutes", count=1) == "1 Minute"
    en = Catalogue("en")                      # a flag is no count, also once 1 was said
    assert (en("result.minutes", count=1), en("result.minutes", count=True)) == ("1 minute", "True minutes")


@pytest.mark.parametrize("lang", sorted(LANGUAGES))
def test_a_text_of_words_and_fields_says_what_fluent_runtime_says(lang):
    """Most texts are words and fields alone, said without fluent.runtime (a start does
    not wait for its import): each says exactly what fluent.runtime's bundle says, with
    every kind of field value, a field not given, and a value past fluent.runtime's limits."""
    from companion.i18n_bundle import argument

    t = texts(lang)
    values = ["Ann", 1, -4, 0.5, True, None, [1, 2], "x" * 2600]
    for key in t:
        names = shown(t.message(key))
        cases = [{}] + [{name: value for name in names} for value in values]
        for params in cases:
            said_here = t.format(key, params)
            args = {name: argument(value) for name, value in params.items()}
            missing = {name: "{%s}" % name for name in names if name not in params}
            said_there, _ = t.bundle.format_pattern(t.pattern(key), {**args, **missing})
            assert said_here == said_there, (key, params)


def test_the_first_screens_texts_need_no_fluent_runtime():
    """The texts of a start's first screen (the dice table) are said before fluent.runtime
    and Babel's dates are imported; the first text with a choice imports them."""
    import subprocess
    import sys

    script = ("import sys; from companion.i18n import Catalogue; t = Catalogue('de'); "
              "said = [t('app.title'), t('dice.turn_of', name='Ann'), t('dice.round', turn=12), "
              "t('dice.histogram', count=7000), t('common.undo')]; "
              "before = 'fluent.runtime' in sys.modules or 'babel.dates' in sys.modules; "
              "chosen = t('result.minutes', count=1); "
              "print(before, 'fluent.runtime' in sys.modules, chosen, said[1])")
    out = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True, check=True).stdout
    assert out.split() == ["False", "True", "1", "Minute", "Ann", "ist", "dran"]


# -- the cache a start reads instead of the files ------------------------------------------
@pytest.fixture
def cache(tmp_path, monkeypatch):
    """An empty cache dir of the test's own (the user's is left alone)."""
    from companion import i18n

    monkeypatch.setenv("CELLMATE_CACHE_DIR", str(tmp_path / "cache"))
    i18n.texts.cache_clear()
    yield tmp_path / "cache"
    i18n.texts.cache_clear()


@pytest.fixture(scope="module")
def written(tmp_path_factory):
    """Every language's cache as write_caches writes it, written once for the tests that
    start from a cache (each copies it into its own cache dir: see `start_cached`)."""
    from companion import i18n

    folder = tmp_path_factory.mktemp("written")
    with pytest.MonkeyPatch.context() as patch:
        patch.setenv("CELLMATE_CACHE_DIR", str(folder))
        i18n.write_caches()
    return folder / "catalogue"


def start_cached(cache, written):
    """The test's cache dir as write_caches() leaves it (the parse of every file is some
    0.2 s a language: written once a module, then copied)."""
    import shutil

    shutil.copytree(written, cache / "catalogue")


@pytest.mark.parametrize("lang", sorted(LANGUAGES))
def test_a_start_from_the_cache_says_what_the_files_say(lang, cache, written):
    """Every text said from the cache, with its fields, given or not, is what reading
    and parsing the files says; and the cache knows the same keys."""
    from companion.i18n import Texts

    start_cached(cache, written)
    cached, read_ = Texts(lang), Texts(lang, cached=False)
    assert cached.cached and not read_.cached
    keys = list(read_)
    assert keys and all(cached.has(key) == read_.has(key) for key in keys + ["no.such.key", "-no-term"])
    for key in keys:
        if read_.has(key):
            names = shown(read_.message(key))
            for params in ({}, {name: "Ann" for name in names}, {name: 7 for name in names}):
                assert cached.format(key, params) == read_.format(key, params), (key, params)


def test_the_first_screen_from_a_fresh_cache_reads_no_file_and_parses_nothing(cache, written):
    import subprocess
    import sys

    start_cached(cache, written)
    script = ("import sys; from companion.i18n import Catalogue, texts; t = Catalogue('de'); "
              "said = [t('app.title'), t('dice.turn_of', name='Ann'), t('dice.round', turn=12), "
              "t('dice.histogram', count=7000), t('common.undo')]; "
              "print('fluent.syntax' in sys.modules, texts('de')._sources is None, said[1])")
    out = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True, check=True).stdout
    assert out.split() == ["False", "True", "Ann", "ist", "dran"]


def test_an_edited_file_is_said_as_edited_and_its_cache_made_anew(cache, tmp_path, monkeypatch):
    """A cache made before a file changed (its words, or a file added) is not used: the
    start reads the files, and warm_up writes the cache again for the next one."""
    import os
    import shutil
    import time

    from companion import i18n

    locale = tmp_path / "locale"
    shutil.copytree(i18n._DIR, locale)
    monkeypatch.setattr(i18n, "_DIR", locale)
    i18n.write_caches(["en"])
    assert i18n.Texts("en").cached
    english = locale / "en.ftl"
    text = english.read_text(encoding="utf-8")
    assert "app-title = Cellmate\n" in text
    english.write_text(text.replace("app-title = Cellmate\n", "app-title = Cellmate II\n"), encoding="utf-8")
    later = time.time() + 5     # a modification time of its own, however coarse the file system's clock
    os.utime(english, (later, later))
    i18n.texts.cache_clear()
    i18n._UNCACHED.clear()
    assert not i18n.texts("en").cached and Catalogue("en")("app.title") == "Cellmate II"
    assert i18n._UNCACHED == {"en"}
    written = []
    monkeypatch.setattr(i18n, "write_caches", lambda langs: written.append(langs))   # the thread's work, seen
    i18n.warm_up("en")
    for _ in range(100):
        if written:
            break
        time.sleep(0.01)
    assert written == [["en"]] and not i18n._UNCACHED
    i18n.write_cache("en")
    assert i18n.Texts("en").cached and i18n.Texts("en").format("app.title", {}) == "Cellmate II"


@pytest.mark.parametrize("damage", ["cut short", "other bytes", "a word changed", "nothing"])
def test_a_damaged_cache_is_passed_over_quietly_and_made_anew(cache, written, damage, capsys):
    from companion import i18n

    start_cached(cache, written)
    (path,) = (cache / "catalogue").glob("en-*.marshal")
    data = path.read_bytes()
    path.write_bytes({"cut short": data[: len(data) // 2], "other bytes": bytes(range(256)) * 4,
                      "a word changed": data.replace(b"Cellmate", b"Cellmath", 1), "nothing": b""}[damage])
    i18n.texts.cache_clear()
    assert not i18n.texts("en").cached
    assert Catalogue("en")("app.title") == "Cellmate" and Catalogue("en")("dice.turn_of", name="Ann") == "Ann's turn"
    i18n.write_caches(["en"])
    assert i18n.Texts("en").cached
    assert capsys.readouterr() == ("", "")


def test_no_cache_where_none_can_be_written(tmp_path, monkeypatch):
    """A cache dir that cannot be made (a file in its way): the catalogue reads the files, says nothing."""
    from companion import i18n

    blocker = tmp_path / "file"
    blocker.write_text("not a folder")
    monkeypatch.setenv("CELLMATE_CACHE_DIR", str(blocker / "cache"))
    assert i18n.write_cache("en") is False
    i18n.write_caches()
    texts_ = i18n.Texts("de")
    assert not texts_.cached and texts_.format("dice.turn_of", {"name": "Ann"}) == "Ann ist dran"


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


def test_a_text_agrees_with_the_field_it_chooses_by():
    """The pads' "{held} of {count} seats" agrees with held, not with the table's count:
    the message chooses by held, in each language."""
    for held, en, de in ((1, "1 of 2 seats has a pad.", "1 von 2 Plätzen hat ein Pad."),
                         (2, "2 of 3 seats have a pad.", "2 von 3 Plätzen haben ein Pad."),
                         (0, "0 of 2 seats have a pad.", "0 von 2 Plätzen haben ein Pad.")):
        count = max(2, held + 1)
        assert Catalogue("en")("pads.some_held", held=held, count=count).startswith(en)
        assert Catalogue("de")("pads.some_held", held=held, count=count).startswith(de)
    # a count of 1 beside it does not make the text singular
    assert Catalogue("en")("pads.some_held", held=2, count=1).startswith("2 of 1 seats have")


# -- plurals, catalogue-wide --------------------------------------------------------------
@pytest.mark.parametrize("lang", sorted(LANGUAGES))
def test_a_choice_is_by_a_field_and_the_languages_own_plural_forms(lang):
    """Each choice is made on a field, by the language's CLDR plural categories (or an
    exact number), with `other` as the default: no "[singular]", no "[One]"."""
    categories = set(Locale.parse(lang).plural_form.tags) | {"other"}
    for key, message in messages(lang).items():
        for choice in selects(message):
            assert isinstance(choice.selector, FTL.VariableReference), key
            names = {getattr(variant.key, "name", None) for variant in choice.variants} - {None}
            assert names <= categories, (key, names - categories)
            assert [v.key.name for v in choice.variants if v.default] == ["other"], key


# A plural is never made by hand: "card(s)", "Rekrut(en)", "Stab/Stäbe". A slash between
# two words is allowed only where it is no plural.
HAND_MADE_PLURAL = re.compile(r"\w\((?:s|es|n|en|e|er|nen)\)")
SLASH_WORDS = re.compile(r"[^\W\d]+/[^\W\d]+")
NOT_A_PLURAL_SLASH = {"words/min", "Wörter/min"}     # a unit, in Settings


@pytest.mark.parametrize("lang", sorted(LANGUAGES))
def test_no_text_makes_a_plural_by_hand(lang):
    allowed = NOT_A_PLURAL_SLASH.union(*declared("not_plural_slashes").values())
    found = [(key, text) for key, text in said(lang)
             if HAND_MADE_PLURAL.search(text) or set(SLASH_WORDS.findall(text)) - allowed]
    assert found == []


# The shared texts' own words (companion/locale); each game declares its own in its
# folder (`vocabulary`), and the tests below read them from every game.
# Fields that hold a name or a text put together elsewhere, never a number to agree with:
NOT_NUMBERS = {
    "action", "cue", "detail", "dice", "dir", "fields", "first", "found", "game", "holder", "keys", "known", "last",
    "moved", "name", "names", "option", "path", "pin", "players", "question", "rate", "reason", "score", "text",
    "version", "where", "why",
}
# German plural nouns that a number 1 must never meet:
DE_PLURALS = {"Minuten", "Plätze", "Plätzen", "Probleme", "Runden", "Spiele", "Spielen", "Stimmen", "Würfe",
              "Würfelaugen", "Wörter", "Züge"}


def not_numbers() -> set[str]:
    return NOT_NUMBERS.union(*declared("not_numbers").values())


def de_plurals() -> list[str]:
    return sorted(DE_PLURALS.union(*(words.get("de", ()) for words in declared("plurals").values())))


def never_one():
    """(key, field) whose number is never 1, with the least it can be, read from the code:
    the shared texts' here, each game's from its `vocabulary`."""
    from companion import config, players, stats
    least_players = min(game.max_players for game in GAMES.values())
    found = {
        ("error.player_count", "high"): least_players, ("games.players", "high"): least_players,
        ("error.table_count", "high"): players.MAX_PLAYERS,
        ("pads.some_held", "count"): players.MIN_PLAYERS,                  # the seats at the table
        ("settings.voice_wpm", "n"): next(n for n in range(1000) if config.CHECKS["speech.speed"](n)[1] is None),
        ("error.table_long_name", "max"): players.MAX_NAME,
        ("stats.dice.fair", "count"): stats.MIN_ROLLS, ("stats.dice.biased", "count"): stats.MIN_ROLLS,
        ("stats.dice.biased", "odds"): stats.rarer_than(stats.P_BIASED * 0.99),   # biased: p < 0.01, 1 in 100 or rarer
    }
    for numbers in declared("never_one").values():
        found.update(numbers)
    return found


# Words that must not follow a number 1 (English: any word in -s but these verbs and units).
EN_NOT_PLURAL = {"is", "has", "needs", "leads", "beats", "holds", "ms"}
EN_ONE_WITH_PLURAL = re.compile(r"\b1 (?:more )?(?:[A-Za-z]+ )?([A-Za-z]{2,}s)\b|\b1 of \d+ [A-Za-z]+ (?:have|are)\b")


def de_one_with_plural():
    return re.compile(r"\b1 (?:weitere |mehr )?(?:[\wÄÖÜäöüß-]+ )?(?:%s)(?![\wÄÖÜäöüß-])"
                      r"|\b(?:sind|haben|fehlen|gelten) (?:nur noch )?1\b"
                      r"|\b1 von \d+ [\wÄÖÜäöüß-]+ (?:haben|sind)\b" % "|".join(map(re.escape, de_plurals())))


def test_what_each_game_declares_is_its_own_and_in_use():
    """A game's vocabulary names fields, words and texts of its own folder's catalogue:
    none outlives its text, and no game speaks for another's."""
    for game_id, folder in places().items():
        if game_id == "shared":
            continue
        vocabulary = getattr(GAMES[game_id], "vocabulary", {})
        mine = {lang: read(folder / f"{lang}.ftl") for lang in LANGUAGES if (folder / f"{lang}.ftl").exists()}
        fields = {name for found in mine.values() for message in found.values() for name in shown(message)}
        assert set(vocabulary.get("not_numbers", ())) <= fields, (game_id, set(vocabulary["not_numbers"]) - fields)
        for lang, words in vocabulary.get("plurals", {}).items():
            text = " ".join(text for message in mine[lang].values() for text in forms(message))
            assert all(re.search(r"(?<![\wÄÖÜäöüß-])%s(?![\wÄÖÜäöüß-])" % re.escape(w), text) for w in words), game_id
        for slash in vocabulary.get("not_plural_slashes", ()):
            assert any(slash in text for found in mine.values() for m in found.values() for text in forms(m)), slash
        for key, _field in vocabulary.get("never_one", {}):
            assert key in mine["en"], (game_id, key)


def test_the_numbers_said_never_to_be_one_are_not():
    en = messages("en")
    for (key, field), least in never_one().items():
        assert field in shown(en[key]), (key, field)      # no exemption outlives its text
        assert least > 1, (key, field, least)


@pytest.mark.parametrize("lang", sorted(LANGUAGES))
def test_a_count_of_one_never_meets_a_plural(lang):
    """Every text with a number in it, given 1 for that number through the catalogue
    (so the message's own choice for it), says no '1 cards', '1 of 2 seats have',
    'noch 1 Aktionen', 'es fehlen 1'. A number that cannot be 1 is in never_one()."""
    t, exempt, names = Catalogue(lang), never_one(), not_numbers()
    rx = {"en": EN_ONE_WITH_PLURAL, "de": de_one_with_plural()}[lang]
    wrong = []
    for key, message in messages(lang).items():
        fields = shown(message) | {choice.selector.id.name for choice in selects(message)}
        for field in sorted(fields - names):
            if (key, field) in exempt:
                continue
            params = {f: "" if f in names else 7 for f in fields}
            params[field] = 1
            said_ = t(key, **params)
            wrong += [(key, field, m.group(0)) for m in rx.finditer(said_)
                      if not (m.lastindex and m.group(1) in EN_NOT_PLURAL)]
    assert wrong == []


def test_the_plural_check_would_catch_what_players_saw():
    """The check above is no blind eye: the wordings of the bug reports fail it."""
    for said_ in ("Anna: 1 actions left.", "pick up the 1 cards under", "Scheme 0 of 1 cards", "1 of 2 seats have a pad"):
        assert EN_ONE_WITH_PLURAL.search(said_), said_
    for said_ in ("noch 1 Aktionen", "Verhörstapel: 1 Karten", "1 von 2 Plätzen haben ein Pad", "es fehlen 1"):
        assert de_one_with_plural().search(said_), said_
    assert HAND_MADE_PLURAL.search("1 recruit(s) ready") and HAND_MADE_PLURAL.search("3 Rekrut(en) bereit")
    assert "Stab/Stäbe" in SLASH_WORDS.findall("noch 1 Stab/Stäbe entfernen")
