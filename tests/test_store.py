import sqlite3

import pytest

from companion.session import Session
from companion.store import DB_NAME, Store


def test_database_is_durable_against_power_cuts(tmp_path):
    store = Store.open(tmp_path)
    assert store.conn.execute("PRAGMA journal_mode").fetchone()[0] == "wal"
    assert store.conn.execute("PRAGMA synchronous").fetchone()[0] == 2  # FULL
    assert (tmp_path / DB_NAME).exists() and store.notice is None


def test_a_corrupt_file_is_moved_aside_never_deleted_and_a_fresh_one_started(tmp_path):
    garbage = b"this is not a database" * 100
    (tmp_path / DB_NAME).write_bytes(garbage)
    store = Store.open(tmp_path)
    assert store.notice == "store.corrupt"
    moved = list(tmp_path.glob(f"{DB_NAME}.corrupt-*"))
    assert len(moved) == 1 and moved[0].read_bytes() == garbage
    assert store.notice_params["moved"] == str(moved[0])
    Session.create(store, "dice", ["Ann", "Bob"])  # and play goes on, saved
    assert not store.in_memory and len(Store.open(tmp_path).list_sessions()) == 1


def test_a_damaged_page_is_caught_on_open(tmp_path):
    store = Store.open(tmp_path)
    session = Session.create(store, "dice", ["Ann", "Bob"])
    for _ in range(300):
        session.act({"type": "roll"})
    store.conn.execute("PRAGMA wal_checkpoint(TRUNCATE)")
    store.close()
    path = tmp_path / DB_NAME
    data = bytearray(path.read_bytes())
    page = 4096
    for start in range(page, len(data), page):  # scribble over every b-tree page header
        data[start:start + 12] = b"\x0d\xff" * 6
    path.write_bytes(bytes(data))
    reopened = Store.open(tmp_path)
    assert reopened.notice == "store.corrupt"
    assert reopened.list_sessions() == []
    assert len(list(tmp_path.glob(f"{DB_NAME}.corrupt-*"))) == 1


def test_a_data_dir_that_cannot_be_made_plays_in_memory_with_a_warning(tmp_path):
    blocker = tmp_path / "file"
    blocker.write_text("x")
    store = Store.open(blocker / "cellmate")
    assert store.in_memory and store.notice == "store.unwritable"
    assert str(blocker / "cellmate") in store.notice_params["dir"]
    session = Session.create(store, "dice", ["Ann", "Bob"])
    session.act({"type": "roll"})
    assert session.head == 1


def test_a_full_disk_moves_play_to_memory_and_loses_nothing(tmp_path):
    store = Store.open(tmp_path)
    session = Session.create(store, "dice", ["Ann", "Bob"])
    for _ in range(5):
        session.act({"type": "roll"})
    pages = store.conn.execute("PRAGMA page_count").fetchone()[0]
    store.conn.execute(f"PRAGMA max_page_count = {pages}")  # the disk is now full
    for _ in range(200):
        session.act({"type": "roll", "dice": [6]})
    assert store.in_memory and store.notice == "store.unwritable"
    assert "full" in store.notice_params["reason"]
    assert session.head == 205
    assert Session.load(store, session.id).state == session.state
    assert session.replay()["rolls"] == 205


def test_a_newer_schema_is_not_overwritten(tmp_path):
    conn = sqlite3.connect(tmp_path / DB_NAME)
    conn.execute("PRAGMA user_version = 99")
    conn.close()
    store = Store.open(tmp_path)
    assert store.notice == "store.corrupt"  # moved aside, so the newer app can still read it


def test_settings_survive_a_restart(tmp_path):
    Store.open(tmp_path).set_setting("language", "de")
    assert Store.open(tmp_path).get_setting("language") == "de"
    assert Store.open(tmp_path).get_setting("missing", 5) == 5
