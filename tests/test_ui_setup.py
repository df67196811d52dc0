"""The setup screen: seats, colours, options, and bad input said in place."""
import pytest

from companion.i18n import Catalogue
from companion.players import COLOUR_NAMES, MAX_PLAYERS, MIN_PLAYERS
from ui_fixtures import (act, bring_into_view, key_in, kivy_window, look, make_ui, number, open_keypad,  # noqa: F401
                         open_setup, press, set_number_option, setup_options, start_game)

pytestmark = pytest.mark.ui


def test_two_taps_start_a_table_with_default_names(make_ui):
    ui = make_ui(seat=1)
    setup = open_setup(ui)
    rows = setup.rows()
    assert [r.name for r in rows] == ["Player 1", "Player 2"]
    assert [r.letter for r in rows] == ["1", "2"]  # not P and L
    ui.tap(setup.ids.start)
    session = ui.app.table.session
    assert [(p["name"], p["letter"]) for p in session.setup["players"]] == [("Player 1", "1"), ("Player 2", "2")]
    assert ui.ids("dice").headline.text == "Player 2's turn"


def test_bad_names_are_said_in_place_and_nothing_is_lost(make_ui):
    ui = make_ui()
    setup = open_setup(ui)
    ui.tap(setup.ids.add_seat)
    rows = setup.rows()
    ui.type_into(rows[0].ids.name, "Anna")
    ui.type_into(rows[1].ids.name, "anna")
    ui.type_into(rows[2].ids.name, "Cleo")
    ui.tap(setup.ids.start)
    assert ui.app.sm.current == "setup" and ui.app.table.session is None
    assert setup.ids.message.text == "Two players are called anna. Give them different names."
    assert rows[0].wrong and rows[1].wrong and not rows[2].wrong
    assert [r.name for r in setup.rows()] == ["Anna", "anna", "Cleo"]  # every name still there

    ui.type_into(rows[1].ids.name, "  ")
    assert setup.ids.message.text == ""  # editing clears the old message
    ui.tap(setup.ids.start)
    assert setup.ids.message.text == "Seat 2 needs a name."
    assert ui.app.store.list_sessions() == []

    ui.type_into(rows[1].ids.name, "Ben")
    ui.tap(setup.ids.start)
    assert ui.app.sm.current == "dice"
    assert [p["name"] for p in ui.app.table.session.setup["players"]] == ["Anna", "Ben", "Cleo"]


def test_names_are_capped_at_the_tables_limit(make_ui):
    ui = make_ui()
    setup = open_setup(ui)
    ui.type_into(setup.rows()[0].ids.name, "Maximiliane-Alexandra von Irgendwo")
    assert setup.rows()[0].name == "Maximiliane-Alexandr"  # 20 letters: players.MAX_NAME


def test_seats_from_two_to_eight(make_ui):
    ui = make_ui()
    setup = open_setup(ui)
    assert all(not r.removable for r in setup.rows())  # two is the least
    for _ in range(MAX_PLAYERS - MIN_PLAYERS):
        ui.tap(setup.ids.add_seat)
    rows = setup.rows()
    assert len(rows) == MAX_PLAYERS and setup.ids.add_seat.disabled
    assert [r.colour for r in rows] == list(COLOUR_NAMES)
    assert [r.name for r in rows][-1] == "Player 8"
    remove = [c for c in rows[2].children if getattr(c, "text", None) == "×"][0]
    assert remove.height >= 64
    ui.pump(3)  # the list has scrolled down to the newest seat ...
    assert setup.ids.seat_scroll.scroll_y == 0
    setup.ids.seat_scroll.scroll_to(rows[2], animate=False)  # ... so the finger scrolls up first
    ui.pump(2)
    ui.tap(remove)
    rows = setup.rows()
    assert len(rows) == MAX_PLAYERS - 1 and not setup.ids.add_seat.disabled
    # the default names close the gap; the seats keep clockwise order
    assert [r.name for r in rows] == [f"Player {n}" for n in range(1, MAX_PLAYERS)]
    assert [r.number for r in rows] == list(range(1, MAX_PLAYERS))


def test_tapping_a_chip_gives_the_next_free_colour(make_ui):
    ui = make_ui()
    setup = open_setup(ui)
    first, second = setup.rows()
    assert (first.colour, second.colour) == ("orange", "sky")
    chip = next(c for c in first.children if type(c).__name__ == "PlayerChip")
    assert chip.letter == "1" and chip.height >= 64
    ui.tap(chip)
    assert first.colour == "green"  # sky is taken by seat 2
    ui.tap(setup.ids.start)
    assert [p["colour"] for p in ui.app.table.session.setup["players"]] == ["green", "sky"]


def test_game_options_come_from_the_game(make_ui):
    ui = make_ui()
    setup = open_setup(ui)
    options = {row.option.name: row for row in setup.ids.options.children}
    assert set(options) == {"dice", "pass_after_roll"}
    dice_row = options["dice"]
    assert dice_row.label == "Dice per roll" and dice_row.value_text == "1"
    # 1 to 3: a small range, one button each (no keypad), the chosen one marked
    buttons = list(reversed(dice_row.ids.controls.children))
    assert [b.text for b in buttons] == ["1", "2", "3"] and dice_row.button is None
    assert [b.selected for b in buttons] == [True, False, False]
    assert all(b.height >= 64 and b.font_size >= 34 for b in buttons)
    ui.tap(buttons[2])
    assert dice_row.value_text == "3" and [b.selected for b in buttons] == [False, False, True]
    bring_into_view(ui, buttons[2])
    look(ui, "setup-en-dice-numbers")
    ui.tap(buttons[1])
    assert ui.modal() is None
    switch = options["pass_after_roll"]
    assert switch.value_text == "Off" and switch.button.text == "Off"
    ui.tap(switch.button)
    assert switch.value_text == "On" and switch.button.tone == "selected"
    ui.tap(setup.ids.start)
    session = ui.app.table.session
    assert session.setup["options"] == {"dice": 2, "pass_after_roll": True}

    # two dice by hand: the dialog asks for each in turn
    dice = ui.ids("dice")
    ui.tap(dice.manual_btn)
    dialog = ui.modal()
    assert dialog.title == "Die 1 of 2"
    ui.tap(next(b for b in dialog.ids.faces.children if b.text == "3"))
    assert dialog.title == "Die 2 of 2" and dialog.entered == "3"
    ui.tap(next(b for b in dialog.ids.faces.children if b.text == "6"))
    assert ui.modal() is None
    assert session.rolls()[-1].dice == (3, 6)
    assert dice.die.big == "3 6"


def test_sing_sings_guess_time_is_typed_on_the_keypad_and_the_game_starts_with_it(make_ui):
    ui = make_ui(seat=0)
    setup = open_setup(ui, "singsing")
    row = setup_options(setup)["seconds"]
    cell = row.button
    assert row.label == "Guess timer (seconds)" and not row.numbers     # 5 to 120: too many for a row
    open_keypad(ui, cell, "15", "Guess timer (seconds)", 15, "5 to 120")
    number(ui, 45)
    assert ui.modal() is None and cell.text == "45" and row.value_text == "45"
    ui.tap(setup.ids.start)
    assert ui.app.sm.current == "game" and ui.app.table.session.setup["options"]["seconds"] == 45
    act(ui, "skip_setup")          # the setup checklist, on as the screen begins: this table knows the game
    act(ui, "pick_first")
    press(ui, "skip")              # who starts: at random
    act(ui, "start_timer")
    assert ui.app.countdown_on and ui.app.countdown_text == "45"


def test_the_keypad_refuses_out_of_range_and_cancel_keeps_the_option(make_ui):
    ui = make_ui()
    setup = open_setup(ui, "singsing")
    row = setup_options(setup)["seconds"]
    set_number_option(ui, row, 30)
    ui.tap(row.button)
    dialog = ui.modal()
    keypad = key_in(ui, 13)
    ui.tap(keypad.keys["0"])                # 130 is over 120: refused, the range said, 13 kept
    assert keypad.entry == "13" and keypad.wrong
    assert keypad.message.replace("\u00a0", " ") == "130? Only 5 to 120"   # the tap that was refused, then the range
    ui.tap(keypad.keys["delete"])
    ui.tap(keypad.ids.confirm)              # 1 is under 5: said, nothing taken, the dialog stays
    assert ui.modal() is dialog and keypad.message == "Only 5 to 120" and row.value_text == "30"
    press(ui, "cancel")
    assert ui.modal() is None and row.button.text == "30" and setup.options["seconds"] == 30
    ui.tap(row.button)
    ui.tap(ui.modal().keypad.ids.confirm)   # CONFIRM on nothing typed: the value shown stays
    assert ui.modal() is None and row.button.text == "30"


@pytest.mark.parametrize("lang", ["en", "de"])
def test_the_setup_keypad_fits(make_ui, lang):
    ui = make_ui()
    ui.app.table.set_language(lang)
    setup = open_setup(ui, "singsing")
    row = setup_options(setup)["seconds"]
    bring_into_view(ui, row.button)         # under the hint: in German below the fold
    look(ui, f"setup-{lang}-singsing-options")
    ui.tap(row.button)
    keypad = key_in(ui, 13)
    ui.tap(keypad.keys["0"])
    look(ui, f"setup-{lang}-keypad-refused", ui.modal())


@pytest.mark.parametrize("lang", ["en", "de"])
def test_only_the_snitch_setup_speaks_of_the_soap(make_ui, lang):
    """The Soap is The Snitch's: the other games' setup says only that the turn passes left."""
    ui = make_ui()
    ui.app.table.set_language(lang)
    soap, turn = {"en": ("Soap", "The turn passes left"), "de": ("Seife", "Der Zug geht nach links")}[lang]
    setup = open_setup(ui, "dice")
    for game in ("dice", "singsing", "dig", "heist", "snitch", "dice"):
        if setup.game_id != game:
            ui.tap(setup.ids.back)
            ui.tap(ui.screen.tiles[game])
            assert ui.app.sm.current == "setup" and setup.game_id == game
        hint = setup.ids.hint.text
        assert (soap in hint) == (game == "snitch"), (game, hint)
        assert (turn in hint) == (game != "snitch"), (game, hint)
    other = "de" if lang == "en" else "en"
    ui.app.table.set_language(other)                                 # the language changes under the open form
    assert setup.ids.hint.text == Catalogue(other)("setup.hint")
    ui.app.table.set_language(lang)
    look(ui, f"setup-{lang}-dice-hint")
