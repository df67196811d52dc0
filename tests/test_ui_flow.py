"""A table from the first tap: home -> setup -> start -> roll -> undo -> redo.

Every step is a touch on the real widget, and every check is what a person
sees (labels, enabled buttons) plus what the session committed.
"""
import pytest

from companion.inputs import InputEvent
from ui_fixtures import kivy_window, make_ui, start_table  # noqa: F401  (fixtures)

pytestmark = pytest.mark.ui


def test_new_table_roll_undo_redo_by_touch(make_ui):
    ui = make_ui(seat=1)  # the draw picks seat 2 (Ben)
    home = ui.ids()
    assert ui.app.sm.current == "home"
    assert home.resume.disabled  # nothing to resume on a fresh data dir

    dice = start_table(ui)
    session = ui.app.session
    assert [p["name"] for p in session.setup["players"]] == ["Anna", "Ben", "Cleo"]
    assert ui.app.last_toast == "Ben starts (drawn at random)"
    assert dice.headline.text == "Ben's turn"
    assert dice.turn_chip.letter == "B"
    assert dice.undo_btn.disabled and dice.redo_btn.disabled
    assert dice.die.big == "–"

    ui.tap(dice.die, at=(dice.die.x + 20, dice.die.top - 20))  # anywhere on the die rolls
    assert session.head == 1
    face = session.rolls()[-1].dice[0]
    assert dice.die.big == str(face)
    assert f"Ben rolled {face} = {face}" in dice.die.detail
    assert not dice.undo_btn.disabled and dice.redo_btn.disabled
    assert dice.history.children[0].text == str(face)
    assert dice.histogram.counts[face] == 1
    assert dice.histogram_title.text == "All rolls: 1"

    ui.tap(dice.pass_btn)
    assert dice.headline.text == "Cleo's turn"  # left = the next seat clockwise

    ui.tap(dice.undo_btn)
    assert session.head == 1 and dice.headline.text == "Ben's turn"
    ui.tap(dice.undo_btn)
    assert session.head == 0 and session.length == 2
    assert dice.die.big == "–" and dice.undo_btn.disabled and not dice.redo_btn.disabled
    assert dice.histogram_title.text == "All rolls: 0"

    ui.tap(dice.redo_btn)
    assert session.head == 1 and dice.die.big == str(face)  # the same roll comes back, not a new one
    ui.tap(dice.redo_btn)
    assert session.head == 2 and dice.redo_btn.disabled
    assert dice.headline.text == "Cleo's turn"


def test_buttons_go_the_same_way_as_taps(make_ui):
    ui = make_ui(seat=0)
    dice = start_table(ui, ("Anna", "Ben"))
    ui.rig.played.clear()
    ui.app.on_input(InputEvent.ROLL)
    assert ui.app.session.head == 1 and dice.die.big != "–"  # on screen with no extra frame
    assert ui.rig.played == ["tap"]
    ui.app.on_input(InputEvent.CONFIRM)
    assert dice.headline.text == "Ben's turn"
    ui.app.on_input(InputEvent.UNDO)
    assert dice.headline.text == "Anna's turn"
    ui.app.on_input(InputEvent.REDO)
    assert dice.headline.text == "Ben's turn"
    ui.app.on_input(InputEvent.REDO)  # nothing to redo: said on screen, warning cue
    assert ui.app.last_toast == "Nothing to redo."
    assert ui.rig.played[-1] == "warning"


def test_buttons_do_nothing_away_from_the_table(make_ui):
    ui = make_ui()
    start_table(ui, ("Anna", "Ben"))
    ui.tap(ui.ids().home_btn)
    assert ui.app.sm.current == "home"
    ui.app.on_input(InputEvent.ROLL)
    assert ui.app.session.head == 0
    assert not ui.ids().resume.disabled  # and the running table is one tap away
    ui.tap(ui.ids().resume)
    assert ui.app.sm.current == "dice"


def test_end_game_then_rules_error_is_shown_and_play_again(make_ui):
    ui = make_ui(seat=0)
    dice = start_table(ui, ("Anna", "Ben"))
    ui.tap(dice.timer_btn)
    assert ui.app.timer_phase == "running"
    ui.tap(dice.end_btn)
    session = ui.app.session
    assert session.finished
    assert ui.app.timer_phase == "idle"  # no turn left to time: it will not buzz into the next game
    assert dice.headline.text == "Game over"
    assert dice.die.disabled and dice.pass_btn.disabled  # nothing legal but undo
    assert dice.end_btn.text == "Play again"
    ui.rig.played.clear()
    ui.app.on_input(InputEvent.ROLL)  # a button is not blocked by a disabled widget
    assert session.head == 1  # nothing happened ...
    assert ui.rig.played == []  # ... and the game has no roll to offer: no action, no cue

    ui.tap(dice.end_btn)  # Play again with the same table
    again = ui.app.session
    assert again.id != session.id
    assert [p["name"] for p in again.setup["players"]] == ["Anna", "Ben"]
    assert dice.headline.text == "Anna's turn" and not dice.die.disabled


def test_manual_die_entry(make_ui):
    ui = make_ui(seat=0)
    dice = start_table(ui, ("Anna", "Ben"))
    ui.tap(dice.manual_btn)
    dialog = ui.modal()
    assert dialog is not None and dialog.title == "What does the die show?"
    five = next(b for b in dialog.ids.faces.children if b.text == "5")
    assert five.height >= 64
    ui.tap(five)
    assert ui.modal() is None
    last = ui.app.session.rolls()[-1]
    assert last.dice == (5,) and last.manual
    assert dice.die.big == "5"


def test_log_shows_actions_newest_first_with_the_redo_tail_greyed(make_ui):
    ui = make_ui(seat=0)
    dice = start_table(ui, ("Anna", "Ben"))
    for _ in range(2):
        ui.tap(dice.die)
        ui.tap(dice.pass_btn)
    ui.tap(dice.undo_btn)
    ui.tap(dice.log_btn)
    log = ui.ids("log")
    rows = list(reversed(log.rows.children))
    assert [r.kind for r in rows] == ["undone", "head", "done", "done", "start"]
    assert [r.seq for r in rows] == ["4", "3", "2", "1", "0"]
    assert rows[0].tag == "undone" and rows[1].tag == "now"
    assert rows[1].text.startswith("Ben rolled") and rows[1].letter == "B"
    assert rows[0].text == "Next player"
    assert rows[-1].text == "Table set: Anna starts"
    assert not log.redo_btn.disabled
    ui.tap(log.redo_btn)
    rows = list(reversed(log.rows.children))
    assert [r.kind for r in rows][:2] == ["head", "done"] and log.redo_btn.disabled
    ui.tap(log.back)
    assert ui.app.sm.current == "dice" and dice.headline.text == "Anna's turn"
