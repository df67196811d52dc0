"""Where a seat's name and its counts break (ui/wrapping.py), measured by a
stand-in for the font: every letter 12 px wide, as Roboto bold at 24 px is on
average. The real font, on the real seat cards: tests/test_ui_words.py."""
import pytest

from ui.wrapping import name_lines, pack


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


@pytest.mark.parametrize("name, lines", [
    ("Anna", ["Anna"]),
    ("Anna-Katharina Weber", ["Anna-Katharina", "Weber"]),          # between words
    ("Maximiliane-Friedrun", ["Maximiliane-", "Friedrun"]),          # after its own hyphen: no second one
    ("Wilhelmina Wolkenweg", ["Wilhelmina", "Wolkenweg"]),
    ("Donaudampfschiffahrt", ["Donaudampf-", "schiffahrt"]),         # one word: hyphenated between syllables
    ("Konstantinopolitaner", ["Konstantinopo-", "litaner"]),
])
def test_a_name_breaks_after_a_space_or_hyphen_and_a_long_word_is_hyphenated(name, lines):
    assert name_lines(name, 188, width) == lines


@pytest.mark.parametrize("room", [60, 100, 140, 188, 400])
@pytest.mark.parametrize("name", ["Donaudampfschiffahrt", "Maximiliane-Friedrun", "Bartholomäus Brenner",
                                  "Ottilie Grünschnabel", "Jo", "Ann-Sophie", "Li Wei", "Xxxxxxxxxxxxxxxxxxxx"])
def test_every_letter_is_kept_in_order_and_every_line_fits(name, room):
    lines = name_lines(name, room, width)
    assert letters("".join(lines)) == letters(name) and unbroken(lines, name), lines
    assert all(width(line) <= room for line in lines if len(letters(line)) > 2), lines   # (a part: 2 letters at least)


def test_a_break_hyphen_is_added_only_inside_a_word():
    lines = name_lines("Donaudampfschiffahrt Weber", 188, width)
    assert lines == ["Donaudampf-", "schiffahrt", "Weber"]
    assert name_lines("Anna Weber", 188, width) == ["Anna Weber"]
    assert name_lines("", 188, width) == [""]


def test_a_break_keeps_digraphs_together_and_two_letters_on_each_side():
    assert name_lines("Bachschuster", 100, width) == ["Bach-", "schuster"]    # not "Bac-hschuster", "Bachs-chuster"
    for lines in (name_lines("Abcdefghijklmnop", room, width) for room in (40, 60, 80)):
        assert all(len(letters(line)) >= 2 for line in lines), lines


def test_a_syllable_break_leaves_three_letters_or_more_for_the_next_line():
    # 230 px takes "Donaudampfschiffah-": "h|r" is a syllable break, but "-rt" alone reads badly
    assert name_lines("Donaudampfschiffahrt", 230, width) == ["Donaudampfschif-", "fahrt"]


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


def test_only_a_word_too_wide_for_the_line_is_hyphenated():
    from ui.wrapping import hyphenated
    width = lambda text: 10 * len(text)     # noqa: E731  (ten pixels a letter)
    assert hyphenated("Zurück", 100, width) == "Zurück"
    shown = hyphenated("Zug Wiederholen", 100, width)
    assert shown.startswith("Zug ") and all(width(piece) <= 100 for piece in shown.split())    # the label
    # wraps between words itself: no piece of the long word is wider than the line
    assert shown.replace("-\n", "").replace("\n", "") == "Zug Wiederholen"    # every letter kept


def test_the_key_line_breaks_only_between_two_keys():
    from ui.wrapping import breaks_only_at
    line = "Keys: R / Space: ROLL  ·  U / Backspace: UNDO"
    kept = breaks_only_at(line, "  ·  ")
    assert kept.split("  ·  ") == ["Keys:\u00a0R\u00a0/\u00a0Space:\u00a0ROLL", "U\u00a0/\u00a0Backspace:\u00a0UNDO"]
    assert kept.replace("\u00a0", " ") == line       # nothing else changed
