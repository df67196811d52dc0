"""Where a seat's name and its counts break (ui/wrapping.py), measured by a
stand-in for the font: every letter 12 px wide, as Roboto bold at 24 px is on
average. The real font, on the real seat cards: tests/test_ui_words.py."""
import pytest
from hypothesis import given, settings, strategies as st

from ui.wrapping import dictionary_breaks, hyphenated, name_lines, pack


def width(text: str) -> float:
    return 12.0 * len(text)


def letters(text: str) -> str:
    return "".join(c for c in text if c.isalpha())


def unbroken(lines: list[str], name: str) -> bool:
    """The lines read as the name: each break at a space, after the name's own
    hyphen, or inside a word with a hyphen added there."""
    at = 0
    for line in lines:
        if name.startswith(line, at):
            at += len(line)
        elif line.endswith("-") and name.startswith(line[:-1], at) and name[at + len(line) - 1:][:1].isalpha():
            at += len(line) - 1
        else:
            return False
        while name[at:at + 1] == " ":
            at += 1
    return at == len(name)


@pytest.mark.parametrize("lang", ["en", "de"])
@pytest.mark.parametrize("name, lines", [
    ("Anna", ["Anna"]),
    ("Anna-Katharina Weber", ["Anna-Katharina", "Weber"]),          # between words
    ("Maximiliane-Friedrun", ["Maximiliane-", "Friedrun"]),          # after its own hyphen: no second one
    ("Wilhelmina Wolkenweg", ["Wilhelmina", "Wolkenweg"]),
    ("Donaudampfschiffahrt", ["Donaudampf-", "schiffahrt"]),         # one word: hyphenated where the dictionary says
])
def test_a_name_breaks_after_a_space_or_hyphen_and_a_long_word_is_hyphenated(name, lines, lang):
    assert name_lines(name, 188, width, lang) == lines


@pytest.mark.parametrize("lang, lines", [("de", ["Konstantinopo-", "litaner"]),      # Kon-stan-ti-no-po-li-ta-ner
                                         ("en", ["Konstanti-", "nopolitaner"])])     # Kon-stanti-nop-o-li-tan-er
def test_the_line_takes_the_word_up_to_the_dictionarys_last_break_that_fits(lang, lines):
    assert name_lines("Konstantinopolitaner", 188, width, lang) == lines


# -- where a word breaks: the table's language's hyphenation dictionary ---------------------
def test_a_german_word_breaks_where_the_german_dictionary_says():
    # "Auf-ent-halts-raum": the syllable guess drew "Aufenthalt-" / "sraum"
    assert dictionary_breaks("Aufenthaltsraum", "de") == [3, 6, 11]
    assert name_lines("Aufenthaltsraum", 150, width, "de") == ["Aufenthalts-", "raum"]
    assert name_lines("Aufenthaltsraum", 110, width, "de") == ["Aufent-", "haltsraum"]
    assert name_lines("Aufenthaltsraum", 80, width, "de") == ["Auf-", "ent-", "halts-", "raum"]


def test_an_english_word_breaks_where_the_english_dictionary_says():
    # "Recre-ation-al": a guess at syllables drew "Recreatio-" / "nal Area"
    assert dictionary_breaks("Recreational", "en") == [5]
    assert hyphenated("Recreational Area", 130, width, "en") == "Recre-\national Area"
    # "Recreation-" fits 140 px too, but pyphen is asked for three letters at least after
    # a break: "al" alone on the next line reads badly
    assert name_lines("Recreational", 140, width, "en") == ["Recre-", "ational"]


def test_the_tables_language_picks_the_dictionary():
    """The same word, each language's own breaks: the English patterns do not know
    German compounds ("Aufen-thalt-sraum"), the German ones read English as German."""
    assert dictionary_breaks("Aufenthaltsraum", "en") == [5, 10]
    assert dictionary_breaks("Recreational", "de") == [2, 6]       # "Re-crea-ti-o-nal": none beside the "o"
    assert dictionary_breaks("Wiederholen", "de") == [3, 6, 8] and dictionary_breaks("Wiederholen", "en") == [6]
    assert name_lines("Aufenthaltsraum", 150, width, "de") != name_lines("Aufenthaltsraum", 150, width, "en")
    assert dictionary_breaks("Aufenthaltsraum", None) == []             # a language without one: between letters


@pytest.mark.parametrize("lang", ["en", "de"])
@pytest.mark.parametrize("room, lines", [
    (100, ["Donau-", "dampf-", "schiff-", "fahrt"]),
    (188, ["Donaudampf-", "schifffahrt"]),
    (230, ["Donaudampfschiff-", "fahrt"]),      # the guess drew "Donaudampfschif-" / "fahrt"
])
def test_a_compound_breaks_between_its_parts(lang, room, lines):
    assert name_lines("Donaudampfschifffahrt", room, width, lang) == lines


def test_a_dictionary_break_beside_a_piece_of_one_letter_is_left_out():
    """pyphen reads the German dictionary's two levels (compounds, then syllables) as
    one and slips on a few words: "Tun-ne-l-a-r-bei-ter" would draw "Tunnela-" /
    "rbeiter". A break beside a piece of one letter is not taken (the dictionary asks
    for two on either side); the word's others are, and nothing is added."""
    import pyphen
    german = pyphen.Pyphen(lang="de_DE")
    assert german.inserted("Tunnelarbeiter") == "Tun-ne-l-a-r-bei-ter"
    assert dictionary_breaks("Tunnelarbeiter", "de") == [3, 11]
    assert german.inserted("Fertigkeitssumme") == "Fer-tig-keits-s-um-me"
    assert dictionary_breaks("Fertigkeitssumme", "de") == [3, 6]      # ("-me": three letters at least after)
    assert name_lines("Fertigkeitssumme", 140, width, "de") == ["Fertig-", "keitssumme"]
    assert pyphen.Pyphen(lang="en_US").inserted("Konstantinopolitaner") == "Kon-stanti-nop-o-li-tan-er"
    assert dictionary_breaks("Konstantinopolitaner", "en") == [3, 9, 15]


def test_punctuation_around_a_word_is_not_part_of_it():
    assert dictionary_breaks("(Aufenthaltsraum)", "de") == [4, 7, 12]
    assert name_lines("Aufenthaltsraum:", 150, width, "de") == ["Aufenthalts-", "raum:"]
    assert name_lines("(Aufenthaltsraum)", 160, width, "de") == ["(Aufenthalts-", "raum)"]


def test_a_word_the_dictionary_has_no_fitting_break_for_breaks_after_as_many_letters_as_fit():
    """A name can be in any language: where the table's dictionary offers no break
    that fits, the word breaks after as many letters as fit (two at least on either
    side), a hyphen added there; no guess at its syllables."""
    assert dictionary_breaks("Bartholomäus", "en") == []
    assert name_lines("Bartholomäus", 100, width, "en") == ["Barthol-", "omäus"]
    assert name_lines("Bartholomäus", 100, width, "de") == ["Bartho-", "lomäus"]    # Bar-tho-lo-mäus
    assert name_lines("Xxxxxxxxxxxxxxxxxxxx", 140, width, "de") == ["Xxxxxxxxxx-", "xxxxxxxxxx"]
    assert name_lines("Kunstmarkt", 110, width, None) == ["Kunstmar-", "kt"]
    assert name_lines("Kunstmarkt", 110, width, "de") == ["Kunst-", "markt"]
    # a dictionary's break, but its first piece wider than the line: between letters, then the dictionary's
    assert dictionary_breaks("Schifffahrt", "de") == [6]
    assert name_lines("Schifffahrt", 60, width, "de") == ["Schi-", "ff-", "fahrt"]


def test_a_dictionary_put_off_leaves_words_to_break_between_letters_until_it_is_read(monkeypatch):
    """The app's start: its first frame does not wait for the German dictionary (~0.6 s
    to read here); words break between letters until a thread has read it, then by it."""
    import threading
    from ui import wrapping
    monkeypatch.setattr(wrapping, "_loaded", {})
    monkeypatch.setattr(wrapping, "_later", set())
    wrapping.put_off("de")
    assert dictionary_breaks("Aufenthaltsraum", "de") == [] and wrapping._loaded == {}     # not read, not waited for
    assert name_lines("Aufenthaltsraum", 110, width, "de") == ["Aufentha-", "ltsraum"]
    assert dictionary_breaks("Recreational", "en") == [5]            # another language: read when asked
    read = threading.Event()
    wrapping.prepare("de", then=read.set)
    assert read.wait(60)
    assert dictionary_breaks("Aufenthaltsraum", "de") == [3, 6, 11] and wrapping._later == set()
    assert name_lines("Aufenthaltsraum", 110, width, "de") == ["Aufent-", "haltsraum"]


# -- what holds whatever the dictionary says --------------------------------------------------
@pytest.mark.parametrize("lang", ["en", "de", None])
@pytest.mark.parametrize("room", [60, 100, 140, 188, 400])
@pytest.mark.parametrize("name", ["Donaudampfschiffahrt", "Maximiliane-Friedrun", "Bartholomäus Brenner",
                                  "Ottilie Grünschnabel", "Jo", "Ann-Sophie", "Li Wei", "Xxxxxxxxxxxxxxxxxxxx",
                                  "Aufenthaltsraum", "Recreational Area", "Donaudampfschifffahrt",
                                  "Tunnelarbeiter", "Fertigkeitssumme"])
def test_every_letter_is_kept_in_order_and_every_line_fits(name, room, lang):
    lines = name_lines(name, room, width, lang)
    assert letters("".join(lines)) == letters(name) and unbroken(lines, name), lines
    assert all(width(line) <= room for line in lines if len(letters(line)) > 2), lines   # (a part: 2 letters at least)
    assert all(len(letters(line)) >= 2 for line in lines if line.endswith("-")), lines


@settings(max_examples=300, deadline=None)
@given(words=st.lists(st.text(alphabet="abcdefghijklmnopqrstuvwxyzäöüßAEIOUSTÄÖÜ-", min_size=1, max_size=24),
                      min_size=1, max_size=4),
       room=st.integers(min_value=60, max_value=400), lang=st.sampled_from(["en", "de", None]))
def test_any_text_reads_back_letter_for_letter(words, room, lang):
    """Whatever words and whichever dictionary: the lines read back as the text, a
    hyphen added only inside a word, and every line of more than two letters fits."""
    name = " ".join(words)
    lines = name_lines(name, room, width, lang)
    assert letters("".join(lines)) == letters(name), lines
    assert unbroken(lines, " ".join(name.split())), lines
    assert all(width(line) <= room for line in lines if len(letters(line)) > 2), lines


def test_a_break_hyphen_is_added_only_inside_a_word():
    lines = name_lines("Donaudampfschiffahrt Weber", 188, width, "de")
    assert lines == ["Donaudampf-", "schiffahrt", "Weber"]
    assert name_lines("Anna Weber", 188, width, "de") == ["Anna Weber"]
    assert name_lines("", 188, width, "de") == [""]


@pytest.mark.parametrize("lang", ["en", "de", None])
def test_a_break_leaves_two_letters_at_least_on_each_side(lang):
    for lines in (name_lines("Abcdefghijklmnop", room, width, lang) for room in (40, 60, 80)):
        assert all(len(letters(line)) >= 2 for line in lines), lines


@pytest.mark.parametrize("lang", ["en", "de"])
def test_a_dictionarys_break_keeps_what_is_one_sound_together(lang):
    assert name_lines("Bachschuster", 100, width, lang) == ["Bach-", "schuster"]   # not "Bachsch-" / "uster"


def packed(items, rooms):
    return [" · ".join(line) for line in pack(items, rooms, width)]


def test_counts_and_tags_pack_a_few_to_a_line_in_order_never_split():
    items = ["4 cards", "0 Items", "Soap", "Scheme 0/1", "helps B D"]
    assert packed(items, [210]) == ["4 cards · 0 Items", "Soap · Scheme 0/1", "helps B D"]
    # beside the chip two narrow lines, then the card's width
    assert packed(items, [140, 140, 188]) == ["4 cards", "0 Items", "Soap", "Scheme 0/1", "helps B D"]
    assert pack(["4 cards", "0 Items"], [300], width) == [["4 cards", "0 Items"]]
    assert pack(["a · b", "c"], [300], width) == [["a · b", "c"]]        # the items, whatever they hold
    assert pack([], [100], width) == []


def test_an_item_too_wide_for_a_narrow_line_waits_for_a_wide_one():
    assert packed(["10 Zigaretten", "Soap", "Gun"], [140, 140, 188]) == ["", "", "10 Zigaretten", "Soap · Gun"]
    assert packed(["Guard: silent one two three"], [100]) == ["Guard: silent one two three"]   # its label wraps it


@pytest.mark.parametrize("lang", ["en", "de", None])
def test_only_a_word_too_wide_for_the_line_is_hyphenated(lang):
    width = lambda text: 10 * len(text)     # noqa: E731  (ten pixels a letter)
    assert hyphenated("Zurück", 100, width, lang) == "Zurück"
    shown = hyphenated("Zug Wiederholen", 100, width, lang)
    assert shown.startswith("Zug ") and all(width(piece) <= 100 for piece in shown.split())    # the label
    # wraps between words itself: no piece of the long word is wider than the line
    assert shown.replace("-\n", "").replace("\n", "") == "Zug Wiederholen"    # every letter kept


def test_the_key_line_breaks_only_between_two_keys():
    from ui.wrapping import breaks_only_at
    line = "Keys: R / Space: ROLL  ·  U / Backspace: UNDO"
    kept = breaks_only_at(line, "  ·  ")
    assert kept.split("  ·  ") == ["Keys:\u00a0R\u00a0/\u00a0Space:\u00a0ROLL", "U\u00a0/\u00a0Backspace:\u00a0UNDO"]
    assert kept.replace("\u00a0", " ") == line       # nothing else changed
