"""What a player reads on the screens, in English and German:

* the hardware buttons by the labels printed on them (the key line, About);
* no developer words: no file paths, no Python identifiers, no simulated pad
  ids, no "debounce" (those live under "Advanced" in Settings and About);
* the longest names a table allows, every letter of them: on a seat card at
  24 px, broken after a space or hyphen and a word too long for the line
  hyphenated as print does; elsewhere wrapped between words or shrunk, never
  a word cut or shortened with "...".

Screenshots: build/screenshots/words-*.png.
"""
import re

import pytest

from companion.config import Config, Pads
from companion.inputs import LABELS, InputEvent
from companion.store import DB_NAME
from test_ui_pads import until
from ui_fixtures import (seat_cards, StubRig, bring_into_view, kivy_window, look, make_ui, start_game,  # noqa: F401
                         start_table)

pytestmark = pytest.mark.ui


# -- the buttons' labels -----------------------------------------------------------------
@pytest.mark.parametrize("lang", ["en", "de"])
def test_the_key_line_and_about_name_the_buttons_by_their_labels(make_ui, lang):
    ui = make_ui(config=Config(language=lang))
    said = {"en": "UNDO held", "de": "UNDO gehalten"}[lang]
    # a named key as the table's language calls it on the keyboard
    names = {"en": ["R / Space", "T", "Enter / C", "U / Backspace", "Y / Shift+U"],
             "de": ["R / Leertaste", "T", "Eingabe / C", "U / Rücktaste", "Y / Umschalt+U"]}[lang]
    expected = [f"{keys}: {LABELS.get(event, said)}" for keys, (_, event) in zip(names, ui.rig.key_help)]
    line = ui.app.key_help_text
    lead = {"en": "Keys: ", "de": "Tasten: "}[lang]
    assert line.startswith(lead) and [part.strip() for part in line[len(lead):].split("·")] == expected
    assert "CONFIRM" in line and "Next" not in line and "Weiter" not in line
    ui.tap(ui.ids().about)
    assert ui.ids().mapping.value.splitlines() == [f"{LABELS.get(event, said)}: {keys}"
                                                   for keys, (_, event) in zip(names, ui.rig.key_help)]


@pytest.mark.parametrize("lang", ["en", "de"])
def test_about_names_the_gpio_buttons_by_their_labels(make_ui, lang):
    ui = make_ui(config=Config(language=lang), rig=StubRig(mode="gpio"))
    ui.tap(ui.ids().about)
    lines = ui.ids().mapping.value.splitlines()
    order = (InputEvent.ROLL, InputEvent.TIMER, InputEvent.CONFIRM, InputEvent.UNDO)
    assert [line.split(":")[0] for line in lines[:4]] == [LABELS[e] for e in order]
    assert "UNDO" in lines[4] and "800 ms" in lines[4]          # redo: UNDO held


# -- no developer words on a player's screen ------------------------------------------------
def internal_words(text: str) -> list[str]:
    """What only a developer could make sense of."""
    found = re.findall(r"(?:^|[\s(:'\"])(~?/[\w.@-]+(?:/[\w.@-]+)+)", text)       # a path: /tmp/x/y
    found += re.findall(r"\b[a-z][a-z0-9]*_[a-z0-9_]+\b", text)                     # data_dir, pass_after_roll
    found += re.findall(r"debounce|entprell", text, re.IGNORECASE)
    found += re.findall(r"\bsim\d+\b|\bpad-\w+", text)                             # a pad's id or device file
    found += re.findall(r"\b(?:None|True|False|Traceback|Errno|gpiozero|lgpio|pid)\b", text)
    return found


def player_texts(ui) -> list[str]:
    """Every text on the window (banner, screen, key line, toast, an open dialog) but
    what stands under the screen's "Advanced" heading."""
    from kivy.uix.label import Label
    screen = ui.screen
    skip = set()
    heading = screen.ids.get("advanced")
    if heading is not None:
        shown = list(reversed(heading.parent.children))
        for widget in shown[shown.index(heading) + 1:]:
            skip.update(widget.walk())
    out = []
    for top in ui.app.root.get_root_window().children:
        for widget in top.walk():
            if isinstance(widget, Label) and widget.text and widget not in skip:
                out.append(widget.text)
    return out


def check(ui, where, seen):
    ui.pump(2)
    texts = player_texts(ui)
    bad = {text: internal_words(text) for text in texts if internal_words(text)}
    assert bad == {}, where
    seen[where] = texts


@pytest.mark.parametrize("lang", ["en", "de"])
def test_no_paths_ids_or_developer_words_on_any_players_screen(make_ui, tmp_path, lang):
    """A damaged saved-games file, a config with problems, GPIO that failed and two
    simulated pads: every screen of the app, and the technical words only under Advanced."""
    data = tmp_path / "data"
    data.mkdir()
    (data / DB_NAME).write_bytes(b"not a database" * 500)
    config_path = tmp_path / "config.toml"
    config_path.write_text("[buttons]\ndebounce_ms = 9000\n", encoding="utf-8")
    rig = StubRig(notice="GPIO could not be opened on this Raspberry Pi (gpiozero: BadPinFactory; "
                         "is python3-lgpio installed and is the user in the gpio group?)")
    ui = make_ui(data_dir=data, rig=rig, config=Config(language=lang, pads=Pads(scan=False, simulated=2)),
                 config_path=config_path, config_errors=["buttons.debounce_ms: must be 1 to 500"],
                 pads={"poll": 0.05})
    until(ui, lambda: sum(s.state == "online" for s in ui.app.table.pad_statuses) == 2, what="the pads online")
    seen = {}
    banners = []
    while ui.app.root.ids.banner.text:       # each notice in turn: the damaged file, the config, the GPIO
        banners.append(ui.app.root.ids.banner.text)
        check(ui, f"home, notice {len(banners)}", seen)
        ui.tap(ui.app.root.ids.banner.ids.dismiss)
    assert len(banners) == 3

    check(ui, "home", seen)
    ui.tap(ui.ids().pads_btn)
    check(ui, "pads", seen)
    ui.tap(ui.ids().back)

    dice = start_table(ui, ("Anna", "Ben"))
    for _ in range(3):
        ui.tap(dice.die)
        ui.tap(dice.pass_btn)
    check(ui, "dice", seen)
    ui.tap(dice.log_btn)
    check(ui, "log", seen)
    ui.tap(ui.ids().back)
    ui.tap(dice.home_btn)

    for game in ("snitch", "dig", "heist", "singsing"):
        start_game(ui, game, ("Anna", "Ben", "Cleo", "Dora"))
        ui.app.root.ids.toast.hide()
        check(ui, game, seen)
        ui.tap(ui.ids().help_btn)
        check(ui, f"{game} help", seen)
        ui.tap(ui.modal().ids.close)
        ui.tap(ui.ids().home_btn)

    ui.tap(ui.ids().sessions)
    check(ui, "past games", seen)
    ui.tap(ui.ids().back)

    ui.tap(ui.ids().settings)
    board = ui.screen.memory["dig"]
    bring_into_view(ui, board.ids.export)
    ui.tap(board.ids.export)                 # the toast and the line beside the button: a name, not a path
    check(ui, "settings", seen)
    assert str(data) not in " ".join(seen["settings"]) and "dig-board.json" in board.ids.export_path.text
    ui.app.root.ids.toast.hide()
    ui.tap(ui.ids().back)

    ui.tap(ui.ids().about)
    check(ui, "about", seen)
    about = ui.ids()
    # what was left out above is here, under Advanced, for whoever set the box up
    assert str(data / (DB_NAME + ".corrupt-")) in about.adv_data.value
    assert str(config_path) in about.adv_config.value and "buttons.debounce_ms" in about.adv_config.value
    assert "gpiozero" in about.adv_hardware.value
    look(ui, f"words-{lang}-about")
    bring_into_view(ui, about.adv_hardware)
    ui.shot(f"words-{lang}-about-advanced")


@pytest.mark.parametrize("lang", ["en", "de"])
def test_debounce_is_set_under_advanced_at_the_foot_of_the_settings(make_ui, lang):
    ui = make_ui(config=Config(language=lang))
    ui.tap(ui.ids().settings)
    settings = ui.ids()
    heading = settings.advanced
    assert heading.text == {"en": "Advanced", "de": "Erweitert"}[lang]
    rows = list(reversed(heading.parent.children))
    assert rows[-1] is settings.debounce.parent and rows.index(heading) == len(rows) - 2   # the last thing there
    assert not any(internal_words(text) for text in player_texts(ui))
    bring_into_view(ui, settings.debounce)
    look(ui, f"words-{lang}-settings-advanced")


# -- the longest names a table allows, every letter read --------------------------------
def longest_names():
    """As long as a name may be (companion.players.MAX_NAME letters): with a hyphen,
    two words, and single words that only fit a seat card hyphenated."""
    from companion.players import MAX_NAME
    names = ("Maximiliane-Friedrun", "Donaudampfschiffahrt", "Anna-Katharina Weber", "Wilhelmina Wolkenweg",
             "Konstantinopolitaner", "Bartholomäus Brenner", "Ottilie Grünschnabel", "Hildegard Kleinhanns")
    assert {len(name) for name in names} == {MAX_NAME}
    return names


def letters(text: str) -> str:
    return "".join(c for c in text if c.isalpha())


def seat_names_read(ui, names) -> list[list[str]]:
    """Each seat token's name as drawn, line by line, after checking what a player at
    the table needs: at least 24 px, every letter there in order, each line inside
    the token, a line broken only after a space or a hyphen (the name's own, or one
    added inside a word too long for the line, where the table's language's
    dictionary breaks it). A token may put its chip under a long name
    (SeatCard._place_chip): the name then has the token's whole width."""
    from ui.widgets.text import table_language
    from ui.wrapping import dictionary_breaks
    cards = seat_cards(ui)
    assert [card.name for card in cards] == list(names)
    drawn = []
    for card in cards:
        label = card.ids.name
        label.texture_update()
        lines = ["".join(word.text for word in line.words) for line in label._label._cached_lines]
        where = f"{card.name!r} drawn as {lines}"
        assert label.font_size >= 24 and not label.shorten, where
        assert letters("".join(lines)) == letters(card.name), where
        assert label.texture_size[0] <= label.width and label.right <= card.right, where
        x0, y0 = label.to_window(label.x, label.y)
        x1, y1 = label.to_window(label.right, label.top)
        margin = 0.2 * label.texture_size[1] / len(lines)    # above and below the letters (ui_fixtures._ink_box)
        y0, y1 = y0 + margin, y1 - margin
        cx0, cy0 = card.to_window(card.x, card.y)
        cx1, cy1 = card.to_window(card.right, card.top)
        assert cx0 - 1 <= x0 and x1 <= cx1 + 1 and cy0 - 1 <= y0 and y1 <= cy1 + 1, f"{where}: out of its token"
        chip = card.ids.chip
        assert chip.to_window(chip.x, chip.y)[1] >= cy0 - 2 and chip.to_window(chip.x, chip.top)[1] <= cy1 + 2, \
            f"{where}: the chip out of its token"
        for line, after in zip(lines, lines[1:]):
            assert line.endswith("-") or f"{line} {after}".replace("- ", "-") in card.name \
                or card.name.split(line)[1].startswith(" "), where
            head, tail = line[:-1].split(" ")[-1].split("-")[-1], after.split(" ")[0].split("-")[0]
            if line.endswith("-") and f"{head}-{tail}" not in card.name:     # a hyphen added: the dictionary's,
                breaks = dictionary_breaks(head + tail, table_language())    # or after as many letters as fit
                assert len(head) in breaks or not [k for k in breaks if k <= len(head)], where
        drawn.append(lines)
    return drawn


def seat_table(ui, game_id, names):
    """start_game, with each name field scrolled into view first (8 seats do not fit at once)."""
    from ui_fixtures import open_setup
    setup = open_setup(ui, game_id)
    while len(setup.rows()) < len(names):
        ui.tap(setup.ids.add_seat)
    for row, name in zip(setup.rows(), names):
        bring_into_view(ui, row.ids.name)
        ui.type_into(row.ids.name, name)
    bring_into_view(ui, setup.ids.start)
    ui.tap(setup.ids.start)
    assert ui.app.sm.current == ("dice" if game_id == "dice" else "game"), setup.message
    return ui.ids()


def play_some(ui, steps, seed=3, every=None):
    """Take `steps` legal actions, chosen at random (seeded) from what the game offers;
    `every(step)` after each one taken. Refused tries (a random number out of range) don't count."""
    import random
    from random_play import random_action
    rng = random.Random(seed)
    taken = tries = 0
    while taken < steps and tries < steps * 20 and not ui.app.table.session.finished:
        tries += 1
        session = ui.app.table.session
        specs = [spec for spec in session.game.legal_actions(session.state) if spec.type != "end"]
        if not specs:
            break
        outcome = ui.app.table.perform(random_action(rng.choice(specs), rng))
        if outcome is not None and outcome.ok:
            taken += 1
            ui.app.root.ids.toast.hide()
            if every is not None:
                every(taken)


@pytest.mark.parametrize("lang", ["en", "de"])
@pytest.mark.parametrize("game_id", ["snitch", "dig", "heist", "singsing"])
def test_the_longest_names_stay_whole_on_every_game_screen_the_log_and_past_games(make_ui, lang, game_id):
    from companion.games import GAMES
    from ui_fixtures import layout_problems

    ui = make_ui(config=Config(language=lang))
    names = longest_names()[:GAMES[game_id].max_players]
    seat_table(ui, game_id, names)
    ui.app.root.ids.toast.hide()
    ui.pump(2)
    ui.shot(f"words-{lang}-{game_id}-long-names")     # to look at, whatever the checks find
    seat_names_read(ui, names)
    look(ui, f"words-{lang}-{game_id}-long-names")

    def fits(step):
        ui.pump(2)
        try:
            assert layout_problems(ui) == [], f"{game_id} after {step} actions: {ui.app.table.session.actions()[-1:]}"
            seat_names_read(ui, names)
        except AssertionError:
            ui.shot(f"words-{lang}-{game_id}-long-names-problem")     # a picture of what is wrong, to look at
            raise
    play_some(ui, 12, every=fits)
    look(ui, f"words-{lang}-{game_id}-long-names-played")
    # the questions open to a tap now (names on the answers), without answering them
    from ui.actions import questions
    screen = ui.app.screen("game")
    asking = [g for g in screen.groups if len(g.specs) > 1 or questions(g.specs[0])[0]]
    for n, group in enumerate(asking[:3], 1):
        dialog = screen.choose(group)
        look(ui, f"words-{lang}-{game_id}-long-names-asks-{n}", dialog)
        dialog.dismiss()
        ui.pump(2)
    ui.tap(ui.ids().log_btn)
    look(ui, f"words-{lang}-{game_id}-long-names-log")
    ui.tap(ui.ids().back)
    ui.tap(ui.ids().home_btn)
    ui.tap(ui.ids().sessions)
    look(ui, f"words-{lang}-{game_id}-long-names-past-games")


@pytest.mark.parametrize("lang", ["en", "de"])
def test_a_twenty_letter_single_word_name_is_hyphenated_at_24_px_on_a_six_seat_table(make_ui, lang):
    """Never shrunk to fit the seat column (it was 11 px), never cut: broken across two
    lines with a hyphen at the break, every letter in order."""
    ui = make_ui(config=Config(language=lang))
    names = ("Donaudampfschiffahrt", "Konstantinopolitaner", "Anna-Katharina Weber", "Jo", "Maximiliane-Friedrun",
             "Ottilie Grünschnabel")
    seat_table(ui, "snitch", names)
    ui.app.root.ids.toast.hide()
    ui.pump(2)
    ui.shot(f"words-{lang}-snitch-six-seats-one-word-names")
    drawn = seat_names_read(ui, names)
    # beside the chip, a token of six has the room for "Konstanti-" (Kon-stan-ti-no-po-li-ta-ner)
    assert drawn[0] == ["Donaudampf-", "schiffahrt"] and drawn[1] == ["Konstanti-", "nopolitaner"]
    assert drawn[2] == ["Anna-Katharina", "Weber"] and drawn[3] == ["Jo"]          # at spaces; short ones on one line
    assert drawn[4] == ["Maximiliane-", "Friedrun"]                                 # after its own hyphen, no second
    look(ui, f"words-{lang}-snitch-six-seats-one-word-names")


def test_a_names_break_is_the_tables_languages_and_follows_a_switch(make_ui):
    """A seat's name breaks by the dictionary of the language the table is in, and
    again by the other one when the table's language is changed in Settings:
    "Wil-helmina" (English), "Wilhel-mina" (German)."""
    from kivy.metrics import dp
    from ui.widgets.text import NameLabel, drawn_width
    ui = make_ui(config=Config(language="en"))
    label = NameLabel(name="Wilhelmina", font_size=24, bold=True, size_hint_x=None)
    label.width = drawn_width("Wilhelmi-", 24, True) + dp(2) + 1     # "Wilhelmina" itself does not fit
    assert label.text.split("\n") == ["Wil-", "helmina"]      # "Wilhelmi-" fits, but not "na" alone after it
    ui.app.table.set_language("de")
    assert label.text.split("\n") == ["Wilhel-", "mina"]
    ui.app.table.set_language("en")
    assert label.text.split("\n") == ["Wil-", "helmina"]


@pytest.mark.parametrize("game_id", ["snitch", "dig", "heist", "singsing", "dice"])
def test_two_long_names_stay_whole_where_each_seat_has_room_to_grow(make_ui, game_id):
    ui = make_ui()
    ids = seat_table(ui, game_id, longest_names()[1:3])       # the single word and the two words
    ui.app.root.ids.toast.hide()
    ui.pump(2)
    look(ui, f"words-en-{game_id}-two-long-names")
    # the headline names both and keeps 24 px: the top bar grows rather than the text shrink
    headline = ids.headline
    headline.texture_update()
    assert headline.font_size >= 24 and headline.text
    assert headline.texture_size[1] <= headline.height + 1 and headline.top <= headline.parent.top + 1
    assert headline.parent.height >= headline.height


@pytest.mark.parametrize("lang", ["en", "de"])
def test_the_longest_names_stay_whole_on_the_dice_table_and_its_log(make_ui, lang):
    ui = make_ui(config=Config(language=lang))
    dice = seat_table(ui, "dice", longest_names())
    for _ in range(9):
        ui.tap(dice.die)
        ui.tap(dice.pass_btn)
    ui.tap(dice.die)
    ui.app.root.ids.toast.hide()
    look(ui, f"words-{lang}-dice-long-names")
    ui.tap(dice.log_btn)
    look(ui, f"words-{lang}-dice-long-names-log")
    ui.tap(ui.ids().back)
    ui.tap(dice.home_btn)
    look(ui, f"words-{lang}-home-long-names")              # the tiles name the players too
    ui.tap(ui.ids().sessions)
    look(ui, f"words-{lang}-dice-long-names-past-games")
