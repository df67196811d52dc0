"""Saved tables: a restart reopens the table where it was; past games resume or delete."""
import pytest

from ui_fixtures import kivy_window, make_ui, start_table  # noqa: F401  (fixtures)

pytestmark = pytest.mark.ui


def test_restart_reopens_the_unfinished_table_exactly_where_it_was(make_ui, tmp_path):
    data = tmp_path / "table"
    ui = make_ui(data_dir=data, seat=2)
    dice = start_table(ui, ("Anna", "Ben", "Cleo"))
    for _ in range(3):
        ui.tap(dice.die)
        ui.tap(dice.pass_btn)
    ui.tap(dice.undo_btn)  # leave a redo tail behind too
    before = {
        "headline": dice.headline.text, "big": dice.die.big, "detail": dice.die.detail,
        "history": [c.text for c in dice.history.children], "counts": dict(dice.histogram.counts),
        "undo": dice.undo_btn.disabled, "redo": dice.redo_btn.disabled,
    }
    session_id, head = ui.app.session.id, ui.app.session.head
    make_ui.close(ui)  # as if the plug was pulled: every tap was already committed

    again = make_ui(data_dir=data)
    assert again.app.sm.current == "dice"  # straight back to the table, no home screen
    assert again.app.session.id == session_id and again.app.session.head == head
    dice = again.ids("dice")
    after = {
        "headline": dice.headline.text, "big": dice.die.big, "detail": dice.die.detail,
        "history": [c.text for c in dice.history.children], "counts": dict(dice.histogram.counts),
        "undo": dice.undo_btn.disabled, "redo": dice.redo_btn.disabled,
    }
    assert after == before
    assert before["headline"] == "Ben's turn" and not before["redo"]
    again.tap(dice.redo_btn)  # the redo tail survived the restart
    assert dice.headline.text == "Cleo's turn"


def test_a_finished_table_starts_at_home(make_ui, tmp_path):
    data = tmp_path / "table"
    ui = make_ui(data_dir=data)
    dice = start_table(ui, ("Anna", "Ben"))
    ui.tap(dice.end_btn)
    make_ui.close(ui)
    again = make_ui(data_dir=data)
    assert again.app.sm.current == "home" and again.app.session is None
    home = again.ids()
    assert home.resume.disabled and home.resume.detail == "No game is running"
    assert not home.again.disabled and home.again.detail == "Dice table: Anna, Ben"
    again.tap(home.again)  # Same table again, from home
    assert again.app.sm.current == "dice"
    assert [p["name"] for p in again.app.session.setup["players"]] == ["Anna", "Ben"]


def test_past_games_list_resume_and_delete_with_confirmation(make_ui):
    ui = make_ui()
    first = start_table(ui, ("Anna", "Ben"))
    ui.tap(first.die)
    first_id = ui.app.session.id
    ui.tap(first.home_btn)
    start_table(ui, ("Cleo", "Dora", "Emil"))
    second_id = ui.app.session.id
    ui.tap(ui.ids().home_btn)
    assert ui.ids().sessions.detail == "2 saved"
    ui.tap(ui.ids().sessions)
    assert ui.app.sm.current == "sessions"
    rows = list(reversed(ui.ids().rows.children))
    assert [r.title for r in rows] == ["Cleo, Dora, Emil", "Anna, Ben"]  # newest first
    assert "Dice table" in rows[1].detail and "Moves: 1" in rows[1].detail and "running" in rows[1].detail
    assert rows[0].ids.delete.height >= 64 and rows[0].ids.resume.height >= 64

    ui.tap(rows[1].ids.resume)
    assert ui.app.sm.current == "dice" and ui.app.session.id == first_id
    ui.tap(ui.ids().home_btn)
    ui.tap(ui.ids().sessions)
    rows = list(reversed(ui.ids().rows.children))

    ui.tap(rows[0].ids.delete)  # deleting asks first: it cannot be undone
    dialog = ui.modal()
    assert dialog is not None and dialog.title == "Delete this game?"
    assert "Cleo, Dora, Emil" in dialog.body and "cannot be undone" in dialog.body
    ui.tap(dialog.ids.cancel)
    assert ui.modal() is None
    assert {s["id"] for s in ui.app.store.list_sessions()} == {first_id, second_id}

    ui.tap(rows[0].ids.delete)
    ui.tap(ui.modal().ids.confirm)
    assert ui.modal() is None
    assert {s["id"] for s in ui.app.store.list_sessions()} == {first_id}
    assert [r.title for r in ui.ids().rows.children] == ["Anna, Ben"]  # the list shows it at once


def test_deleting_the_open_table_closes_it(make_ui):
    ui = make_ui()
    start_table(ui, ("Anna", "Ben"))
    ui.tap(ui.ids().home_btn)
    ui.tap(ui.ids().sessions)
    row = ui.ids().rows.children[0]
    ui.tap(row.ids.delete)
    ui.tap(ui.modal().ids.confirm)
    assert ui.app.session is None
    assert ui.ids().empty.opacity == 1 and ui.ids().empty.text == "No saved games yet."
    ui.tap(ui.ids().back)
    assert ui.ids().resume.disabled and ui.ids().again.disabled


def test_a_game_without_a_table_screen_is_listed_but_not_opened(make_ui, tmp_path):
    import json
    import time
    from companion.store import Store
    store = Store.open(tmp_path / "d")
    # a saved session of a game this UI cannot show (say, made by `companion script`)
    setup = {"players": [{"name": "Ida", "colour": "orange", "letter": "I"},
                         {"name": "Jon", "colour": "sky", "letter": "J"}], "options": {}, "first_player": 0}
    store.write(lambda c: c.execute(
        "INSERT INTO sessions (game, setup, head, finished, created, updated) VALUES (?, ?, 0, 0, ?, ?)",
        ("no-screen-game", json.dumps(setup), time.time(), time.time())))
    ui = make_ui(store=store)
    assert ui.app.sm.current == "home" and ui.app.session is None  # not forced onto the dice table
    assert ui.ids().resume.disabled and ui.ids().again.disabled
    ui.tap(ui.ids().sessions)
    row = ui.ids().rows.children[0]
    assert row.title == "Ida, Jon" and row.detail.startswith("no-screen-game · ")
    assert row.ids.resume.disabled and row.ids.resume.opacity == 0
    ui.tap(row.ids.delete)
    ui.tap(ui.modal().ids.confirm)
    assert ui.app.store.list_sessions() == []
