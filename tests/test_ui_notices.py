"""The notice banner: a damaged or unwritable store, config errors, no GPIO."""
import pytest

from companion.store import DB_NAME
from ui_fixtures import StubRig, drawn, kivy_window, make_ui, start_table  # noqa: F401  (fixtures)

pytestmark = pytest.mark.ui


def banner(ui):
    return ui.app.root.ids.banner


def test_a_corrupt_database_is_moved_aside_and_said_on_screen(make_ui, tmp_path):
    data = tmp_path / "data"
    data.mkdir()
    (data / DB_NAME).write_bytes(b"this is not a database, it is a shopping list" * 100)
    ui = make_ui(data_dir=data)
    text = banner(ui).text
    assert text.startswith("The saved games file was damaged. It was moved aside and a fresh one was started.")
    assert str(data) not in text        # a path is no use at the table: About, Advanced has it
    assert banner(ui).height >= 64 and banner(ui).opacity == 1
    dismiss = banner(ui).ids.dismiss
    assert dismiss.height >= 64
    # play goes on meanwhile: the banner sits above the screens, it does not block them
    start_table(ui, ("Anna", "Ben"))
    assert ui.app.table.session.head == 0
    ui.tap(dismiss)
    assert banner(ui).text == "" and banner(ui).height == 0
    ui.app.table.go("about")  # still told where it was moved, for whoever looks
    about = ui.ids()
    assert "moved aside" in about.data.value
    assert f"Moved aside to: {data / (DB_NAME + '.corrupt-')}" in about.adv_data.value


def test_the_banner_toast_and_badge_are_drawn_only_while_they_show(make_ui):
    # hidden (opacity 0) they leave the frame, which would walk them for nothing
    ui = make_ui()
    ids = ui.app.root.ids
    banner_, toast, badge = ids.banner, ids.toast, ids.badge

    def walked(widget):
        return widget.parent.canvas.indexof(widget.canvas) >= 0
    assert not any(map(walked, (banner_, toast, badge)))
    ui.app.notice_text = "Play goes on, but nothing is saved: disk is full"
    toast.show("Saved.")
    badge.flash("beep", 1)
    ui.pump(1)
    assert drawn(banner_) and drawn(banner_.ids.dismiss) and drawn(toast) and drawn(badge)
    ui.tap(banner_.ids.dismiss)
    toast.hide()
    badge.hide()
    ui.pump(1)
    assert not any(map(walked, (banner_, toast, badge)))


def test_an_unwritable_data_dir_says_play_goes_on_in_memory(make_ui, tmp_path):
    blocked = tmp_path / "file-not-dir"
    blocked.write_text("x")
    ui = make_ui(data_dir=blocked / "data")
    assert ui.app.store.in_memory
    assert "Play goes on, but nothing is saved" in banner(ui).text
    dice = start_table(ui, ("Anna", "Ben"))
    ui.tap(dice.die)
    assert ui.app.table.session.head == 1  # the table still plays


def test_saving_that_fails_mid_game_shows_up_at_the_next_tap(make_ui):
    ui = make_ui()
    dice = start_table(ui, ("Anna", "Ben"))
    assert banner(ui).text == ""
    ui.app.store.fall_back_to_memory("disk is full")  # what Store.write does when the disk refuses
    ui.tap(dice.die)
    assert "nothing is saved" in banner(ui).text and "disk is full" in banner(ui).text


def test_config_errors_and_the_rig_notice_queue_in_the_banner(make_ui, tmp_path):
    cfg = tmp_path / "config.toml"
    rig = StubRig(notice="No GPIO found (this is not a Raspberry Pi)")
    ui = make_ui(rig=rig, config_path=cfg, config_errors=["buttons.roll: must be a BCM GPIO number", "colour: unknown key"])
    assert banner(ui).text.startswith("The config file has 2 problems;") and str(cfg) not in banner(ui).text
    ui.tap(banner(ui).ids.dismiss)
    assert banner(ui).text == "Not all of the hardware could be used: the keyboard or the screen stands in. Details under About."
    ui.app.table.set_language("de")
    assert banner(ui).text.startswith("Nicht alle Hardware ließ sich nutzen")
    ui.tap(banner(ui).ids.dismiss)
    assert banner(ui).text == ""
    ui.tap(ui.ids().about)
    about = ui.ids()
    assert about.config.value == "2 Probleme, dafür gelten Standardwerte (siehe Erweitert)"
    # the technical words wait under Advanced: the file, each problem by key, what the hardware said
    assert about.adv_config.value.splitlines() == [f"Datei: {cfg}", "• buttons.roll: must be a BCM GPIO number",
                                                   "• colour: unknown key"]
    assert about.adv_hardware.value == "No GPIO found (this is not a Raspberry Pi)"
    assert "ROLL: R / Leertaste" in about.mapping.value and "UNDO gehalten: Y / Umschalt+U" in about.mapping.value


def test_about_shows_gpio_pins_when_the_buttons_are_real(make_ui):
    ui = make_ui(rig=StubRig(mode="gpio"))
    assert ui.app.key_help_text == ""  # no key line on the table with real buttons
    ui.tap(ui.ids().about)
    about = ui.ids()
    assert about.mode.value == "GPIO buttons and buzzer"
    assert about.mapping.value.splitlines()[:4] == ["ROLL: GPIO 17", "TIMER: GPIO 27", "CONFIRM: GPIO 22", "UNDO: GPIO 23"]
    assert "Redo: hold UNDO for 800 ms" in about.mapping.value
    assert about.data.value == "Saving works" and about.adv_data.value == f"File: {ui.app.store.path}"
    assert about.adv_hardware.value == "" and about.adv_hardware.height == 0     # nothing went wrong: no row


# -- the saved games refuse: locked, held by a script, another layout (issue 11) -----------------------
import json  # noqa: E402
import sqlite3  # noqa: E402
import subprocess  # noqa: E402
import sys  # noqa: E402
from pathlib import Path  # noqa: E402

from companion.session import Session  # noqa: E402
from companion.store import Store  # noqa: E402
from fs_fixtures import holders, sqlite_file  # noqa: E402,F401  (fixture)

COMPANION = Path(sys.executable).parent / "companion"


def _saved_table(data, names=("Anna", "Ben")):
    store = Store.open(data)
    session = Session.create(store, "dice", list(names))
    session.act({"type": "roll", "dice": [5]})
    store.close()
    return session.id


def test_saved_games_locked_at_start_are_waited_for_then_opened_and_nothing_is_lost(make_ui, tmp_path, holders):
    data = tmp_path / "data"
    sid = _saved_table(data)
    holder = holders(data / DB_NAME, "exclusive")
    ui = make_ui(store=Store.open(data, busy_wait=0.2))
    assert ui.app.sm.current == "home"                     # no exit, no freeze: the home screen
    assert "locked by another program" in banner(ui).text and "Cellmate keeps trying" in banner(ui).text
    ui.shot("store-busy")
    said = ui.app.table.start_game("dice", ["Cleo", "Dan"], {})  # nothing is acknowledged meanwhile
    assert said.startswith("Not saved: the saved games are locked by another program")
    assert ui.app.table.session is None and not list(data.glob(DB_NAME + ".corrupt-*"))
    holder.release()
    ui.wait(1.3)                                           # the next try opens it
    assert banner(ui).text == "" and ui.app.sm.current == "dice"
    assert ui.app.table.session.id == sid and ui.app.table.session.state["last_roll"]["dice"] == [5]


def test_a_write_lock_mid_game_refuses_the_tap_in_words_and_the_game_goes_on(make_ui, tmp_path, holders):
    ui = make_ui(data_dir=tmp_path / "data")
    dice = start_table(ui, ("Anna", "Ben"))
    ui.tap(dice.die)
    head, state = ui.app.table.session.head, ui.app.table.session.state
    holder = holders(tmp_path / "data" / DB_NAME)
    ui.tap(dice.die)
    assert ui.app.table.notices.last_toast.startswith("Not saved: the saved games are locked by another program. Nothing changed")
    assert (ui.app.table.session.head, ui.app.table.session.state) == (head, state) and ui.app.table.rig.played[-1] == "warning"
    holder.release()
    ui.tap(dice.die)
    assert ui.app.table.session.head == head + 1


def test_a_game_a_script_is_playing_is_not_opened_under_it_and_says_by_whom(make_ui, tmp_path):
    data = tmp_path / "data"
    _saved_table(data)
    script = subprocess.Popen([str(COMPANION), "script", "--data-dir", str(data), "--continue"],
                              stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True)
    try:
        assert json.loads(script.stdout.readline())["ok"]      # the script holds the game
        ui = make_ui(data_dir=data)
        assert ui.app.sm.current == "home" and ui.app.table.session is None
        assert banner(ui).text == ("This game is open in another program (companion script, process "
                                   f"{script.pid}). Close it there first.")
        ui.tap(ui.ids().resume)
        assert ui.app.table.session is None and "open in another program" in ui.app.table.notices.last_toast
    finally:
        script.stdin.close()                                   # the script ends: the game is free
        script.wait(timeout=30)
    ui.tap(ui.ids().resume)
    assert ui.app.sm.current == "dice" and ui.app.table.session.head == 1


def test_a_newer_cellmates_file_is_named_and_left_alone_and_a_file_of_another_layout_moved_aside(make_ui, tmp_path):
    newer = tmp_path / "newer"
    before = sqlite_file(newer / DB_NAME, "CREATE TABLE sessions (id INTEGER PRIMARY KEY, v2 TEXT)", version=2)
    ui = make_ui(data_dir=newer)
    assert banner(ui).text.startswith("The saved games file was made by a newer Cellmate "
                                      "(format 2; this one reads format 1)")
    dice = start_table(ui, ("Anna", "Ben"))                # play goes on, in memory
    ui.tap(dice.die)
    assert ui.app.table.session.head == 1 and (newer / DB_NAME).read_bytes() == before
    make_ui.close(ui)
    other = tmp_path / "other"
    sqlite_file(other / DB_NAME, "CREATE TABLE recipes (name TEXT)")
    ui = make_ui(data_dir=other)
    assert "not a Cellmate file: it holds the tables recipes" in banner(ui).text
    assert "moved aside" in banner(ui).text and not ui.app.store.in_memory
    ui.app.table.go("about")                                     # where it went, for whoever looks
    assert f"Moved aside to: {other / DB_NAME}.other-" in ui.ids().adv_data.value


def test_a_name_saved_before_names_were_checked_no_longer_stops_the_app(make_ui, tmp_path):
    data = tmp_path / "data"
    sid = _saved_table(data, ("Anna", "Ben"))
    conn = sqlite3.connect(data / DB_NAME)
    setup = json.loads(conn.execute("SELECT setup FROM sessions").fetchone()[0])
    setup["players"][0]["name"] = "\ud800Anna\x1b[31m"
    conn.execute("UPDATE sessions SET setup = ?", (json.dumps(setup),))
    conn.commit()
    conn.close()
    ui = make_ui(data_dir=data)
    assert ui.app.sm.current == "dice" and ui.app.table.session.id == sid
    assert ui.ids().headline.text in ("\ufffdAnna[31m's turn", "Ben's turn")
    ui.shot("repaired-name")
