"""One word for each hardware button, everywhere a person reads it: the
catalogue (both languages), the README, the wiring sheet and the game docs call
a button by the label printed on it: ROLL, TIMER, CONFIRM, UNDO. German keeps
these labels ("drücke CONFIRM"): they are the words on the buttons.
"""
import re
from pathlib import Path

import pytest

from catalogue import said
from companion.i18n import Catalogue, texts
from companion.inputs import LABELS, InputEvent
from hardware.keyboard import KEY_HELP

ROOT = Path(__file__).resolve().parent.parent
BUTTONS = set(LABELS.values())
PAD_BUTTONS = {"MAIN", "DONE", "EXTRA"}          # printed on the seat pads
PICO_BUTTONS = {"BOOTSEL"}                       # printed on the pad's board (flashing it)
# Printed on the games' own cards and boards (Heist's step cards, English and German editions).
CARD_WORDS = {"PREP", "HEIST", "TAKE", "TRIGGER", "BEUTE", "AUSLÖSER", "PLAY", "IMMEDIATELY"}   # Heist's cards
SCREEN_WORDS = {"OK", "GPIO", "USB"}             # the on-screen OK, the Pi's pin names, its sockets
# What a button was called before it had one name; none may come back.
OTHER_NAMES = {"NEXT", "ENTER", "WEITER", "BESTÄTIGEN", "WÜRFELN", "RÜCKGÄNGIG", "REDO", "WIEDERHOLEN"}
PRESS = re.compile(r"\b(press|presses|pressed|pressing|drück\w*)\b", re.IGNORECASE)
SENTENCE = re.compile(r"[^.;!?]+")


def caps_words(text: str) -> list[str]:
    text = re.sub(r"{\w+}", "", text)     # a field is filled in later
    text = re.sub(r"[“„][^”“]*[”“]", "", text)    # a rulebook's heading quoted as printed ("UPKEEP PHASE")
    return re.findall(r"\b[A-ZÄÖÜ][A-ZÄÖÜ0-9]+\b", text)


@pytest.mark.parametrize("lang", ["en", "de"])
def test_the_button_names_are_the_printed_labels_in_both_languages(lang):
    t = Catalogue(lang)
    for event, label in LABELS.items():
        assert t("input." + event.value) == label
    redo = t("input.redo")
    assert redo.split()[0] == "UNDO" and redo != "UNDO"     # redo is UNDO held, not a button of its own


@pytest.mark.parametrize("lang", ["en", "de"])
def test_every_upper_case_word_in_the_catalogue_is_a_printed_label(lang):
    """Upper case marks a word printed on something: a button, a pad, a card. A
    button under another name ("NEXT", "WEITER") is caught here."""
    allowed = BUTTONS | PAD_BUTTONS | CARD_WORDS | SCREEN_WORDS
    found = {(key, word) for key, text in said(lang) for word in caps_words(text) if word not in allowed}
    assert found == set()


@pytest.mark.parametrize("lang", ["en", "de"])
def test_a_text_that_says_press_says_which_button(lang):
    """"press TIMER", "drück auf dein Pad": never "press Next", never a bare "Weiter drücken"."""
    def names_one(sentence):
        return set(caps_words(sentence)) & (BUTTONS | PAD_BUTTONS) or re.search(r"\bpad\b", sentence, re.IGNORECASE)

    unnamed = []
    for key, text in said(lang):
        sentences = SENTENCE.findall(text)
        for before, sentence in zip([""] + sentences, sentences):    # "press one" may point back
            if PRESS.search(sentence) and not (names_one(sentence) or names_one(before)):
                unnamed.append((key, sentence.strip()))
    assert unnamed == []


@pytest.mark.parametrize("lang", ["en", "de"])
def test_each_games_help_names_the_buttons_it_uses(lang):
    """The help of every game with a table of its own ends with what the buttons do there, by label."""
    from companion.games import GAMES
    t = Catalogue(lang)
    lead = {"en": "Buttons:", "de": "Knöpfe:"}[lang]
    for game_id, game in GAMES.items():
        if game_id == "dice":
            continue    # the dice table has no Help: its two buttons are on the screen's key line and in About
        paragraphs = game.help(t)
        said = [p for p in paragraphs if p.startswith(lead)]
        assert len(said) == 1, (game_id, paragraphs)
        named = set(caps_words(said[0]))
        assert named and named <= BUTTONS, (game_id, said[0])


# -- README, wiring sheet, game docs -------------------------------------------------
def docs() -> dict[str, str]:
    paths = [ROOT / "README.md", ROOT / "hardware" / "WIRING.md", *sorted((ROOT / "docs").rglob("*.md"))]
    return {str(p.relative_to(ROOT)): p.read_text(encoding="utf-8") for p in paths}


def test_the_docs_call_a_button_by_its_label():
    """"the CONFIRM button", "press TIMER", "hold UNDO": never "the Next button" or "press Enter"
    for a hardware button (keyboard keys are named in their own tables)."""
    wrong = []
    for name, text in docs().items():
        for word in re.findall(r"\b([A-Za-z]+) button\b", text):
            if word.lower() in {"roll", "timer", "confirm", "undo", "redo", "next", "ok", "enter"} and word not in BUTTONS:
                wrong.append((name, f"{word} button"))
        for verb, word in re.findall(r"\b(press|presses|pressing|hold|holds|holding)\s+([A-Z][A-Za-z]*)\b", text):
            if word not in BUTTONS | PAD_BUTTONS | PICO_BUTTONS:
                wrong.append((name, f"{verb} {word}"))
        for word in re.findall(r"\b[A-Z]{3,}\b", text):
            if word in OTHER_NAMES - {"REDO"}:
                wrong.append((name, word))
    assert wrong == []


def _table(text: str, header: str) -> list[list[str]]:
    """The rows of the markdown table whose header line starts with `header`."""
    lines = text.splitlines()
    start = next(i for i, line in enumerate(lines) if line.startswith(header))
    rows = []
    for line in lines[start + 2:]:
        if not line.startswith("|"):
            break
        rows.append([cell.strip() for cell in line.strip("|").split("|")])
    return rows


def test_the_readme_button_table_has_the_labels_and_the_keys_the_app_uses():
    rows = _table(docs()["README.md"], "| button | GPIO (BCM) | key when simulated |")
    buttons = [row[0] for row in rows]
    assert buttons[:4] == [LABELS[e] for e in (InputEvent.ROLL, InputEvent.TIMER, InputEvent.CONFIRM, InputEvent.UNDO)]
    assert buttons[4].startswith("UNDO held")              # redo: the same button, held
    by_event = dict(zip([InputEvent.ROLL, InputEvent.TIMER, InputEvent.CONFIRM, InputEvent.UNDO, InputEvent.REDO],
                        [row[2] for row in rows]))
    for keys, event in KEY_HELP:                           # the keys the app's key line shows
        assert by_event[event] == keys.replace(" / ", " or "), event


def test_the_wiring_sheet_names_the_four_buttons_and_the_keys_by_label():
    text = docs()["hardware/WIRING.md"]
    wired = [row[0] for row in _table(text, "| what ")]
    assert [w.removesuffix(" button") for w in wired if w.endswith(" button")] == list(LABELS.values())
    keys = {row[0]: row[1] for row in _table(text, "| key ")}
    en = Catalogue("en")
    for label, event in KEY_HELP:
        said = keys[label.replace(" / ", " or ")]
        assert said.split(" (")[0] == en("input." + event.value), label


def test_the_readme_says_german_keeps_the_labels_and_it_does():
    readme = " ".join(docs()["README.md"].split())
    assert "The German texts keep these labels too" in readme and '"drücke CONFIRM"' in readme
    de = Catalogue("de")
    assert de("singsing.prompt.ready", file="Ben", mask="Anna") == "Ben drückt TIMER, Anna rät."


# -- no developer words on a player's screen ---------------------------------------------
@pytest.mark.parametrize("lang", ["en", "de"])
def test_developer_words_are_only_in_the_advanced_texts(lang):
    """Paths, config keys, Python names and "debounce" belong under Advanced (the
    "advanced.*" texts, in Settings and About); a notice points there instead."""
    found = []
    for key, text in said(lang):
        if key.startswith("advanced."):
            continue
        words = re.sub(r"{\w+}", "", text)
        found += [(key, w) for w in re.findall(r"\b[a-z][a-z0-9]*_[a-z0-9_]+\b", words)]      # data_dir
        found += [(key, w) for w in re.findall(r"(?:^|\s)~?/\w[\w./-]*", words)]               # /tmp/...
        found += [(key, w) for w in re.findall(r"debounce|entprell", words, re.IGNORECASE)]
        found += [(key, w) for w in re.findall(r"\{(?:path|dir|moved)\}", text)]              # a path filled in
    assert found == []


def test_one_german_word_for_an_on_screen_button_english_names_one_way():
    """"Skip" is "Überspringen" wherever a button says it, not here "Auslassen", there "Überspringen"."""
    en, de = texts("en"), texts("de")
    buttons = [key for key in en if key.rsplit(".", 1)[-1] in {"skip", "done", "forget", "cancel", "close", "ok",
                                                                "undo", "redo", "resume", "play_again", "delete"}
               or key.endswith("_forget")]
    german = {}
    for key in buttons:
        german.setdefault(en[key], set()).add(de[key])
    assert {word: said for word, said in german.items() if len(said) > 1} == {}
