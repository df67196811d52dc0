import json
import time

import pytest

from companion.i18n import Catalogue
from companion.session import Session
from companion.store import DB_NAME, Store, StoreError

from fs_fixtures import holders, python_line, read_only, run_mounted, sqlite_file  # noqa: F401  (fixture)


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


def damage_the_log(tmp_path) -> bytes:
    """A file of one long game whose log (table events) alone is damaged, checkpointed
    and closed: its root page's header scribbled over. Returns the file's bytes."""
    store = Store.open(tmp_path)
    session = Session.create(store, "dice", ["Ann", "Bob"])
    for _ in range(300):
        session.act({"type": "roll"})
    store.conn.execute("PRAGMA wal_checkpoint(TRUNCATE)")
    root = store.read("SELECT rootpage FROM sqlite_master WHERE name = 'events'")[0][0]
    store.close()
    path = tmp_path / DB_NAME
    data = bytearray(path.read_bytes())
    start = (root - 1) * 4096
    data[start:start + 12] = b"\x0d\xff" * 6
    path.write_bytes(bytes(data))
    return bytes(data)


def test_a_start_checks_what_it_reads_and_the_whole_file_before_the_first_write(tmp_path):
    damaged = damage_the_log(tmp_path)
    store = Store.open(tmp_path)            # the schema, the sessions and the settings are sound
    assert store.notice is None and not store.in_memory
    assert [s["id"] for s in store.list_sessions()] == [1]
    store.set_setting("tour.seen", True)    # the first write waits for the whole check: damage
    assert store.in_memory and store.notice == "store.unwritable"
    assert "integrity check failed" in store.notice_params["reason"]
    assert Catalogue("en")(store.notice, **store.notice_params).startswith("Cannot save (integrity check failed")
    assert store.get_setting("tour.seen") is True and len(store.list_sessions()) == 1   # play goes on in memory
    assert (tmp_path / DB_NAME).read_bytes() == damaged                                  # the file as it was
    store.close()
    reopened = Store.open(tmp_path)         # marked: checked whole at once, moved aside as damaged
    assert reopened.notice == "store.corrupt" and reopened.list_sessions() == []
    moved = list(tmp_path.glob(f"{DB_NAME}.corrupt-*"))
    assert len(moved) == 1 and moved[0].read_bytes() == damaged
    assert not (tmp_path / f"{DB_NAME}-damaged").exists()
    Session.create(reopened, "dice", ["Ann", "Bob"])
    assert not reopened.in_memory and len(Store.open(tmp_path).list_sessions()) == 1


def test_a_script_is_refused_a_write_into_a_file_found_damaged_after_opening(tmp_path):
    damaged = damage_the_log(tmp_path)
    store = Store.open(tmp_path, fallback=False)
    with pytest.raises(StoreError, match="integrity check failed"):
        store.set_setting("tour.seen", True)
    with pytest.raises(StoreError, match="integrity check failed"):
        store.set_setting("tour.seen", True)
    assert not store.in_memory and (tmp_path / DB_NAME).read_bytes() == damaged


def test_the_whole_check_falls_to_the_first_write_when_its_own_connection_cannot_read(tmp_path):
    from companion.store_open import LateCheck

    damaged = damage_the_log(tmp_path)
    store = Store.open(tmp_path)
    store._late.cancel()
    store._late = LateCheck(tmp_path / "elsewhere" / DB_NAME, after=0)   # a file its connection cannot open
    store.set_setting("tour.seen", True)
    assert store.in_memory and "integrity check failed" in store.notice_params["reason"]
    assert (tmp_path / DB_NAME).read_bytes() == damaged


def test_a_sound_file_is_checked_whole_on_its_own_soon_after_opening(tmp_path, monkeypatch):
    store = Store.open(tmp_path)
    Session.create(store, "dice", ["Ann", "Bob"]).act({"type": "roll"})
    store.close()
    monkeypatch.setattr("companion.store_open.CHECK_AFTER", 0.01)
    store = Store.open(tmp_path)
    late = store._late
    late._thread.join(30)                   # on its own, without a write asking for it
    assert late.done and late.found is None
    store.set_setting("tour.seen", True)
    assert not store.in_memory and store.notice is None and store.get_setting("tour.seen") is True
    assert not (tmp_path / f"{DB_NAME}-damaged").exists()


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


def test_settings_survive_a_restart(tmp_path):
    Store.open(tmp_path).set_setting("language", "de")
    assert Store.open(tmp_path).get_setting("language") == "de"
    assert Store.open(tmp_path).get_setting("missing", 5) == 5


# -- a file of another layout (issue 11, item 6) -----------------------------------------
def test_a_newer_cellmates_file_is_left_untouched_and_play_goes_on_in_memory(tmp_path):
    before = sqlite_file(tmp_path / DB_NAME, "CREATE TABLE sessions (id INTEGER PRIMARY KEY, tables_of_v2 TEXT)",
                         version=2)
    store = Store.open(tmp_path)
    assert store.notice == "store.newer" and store.in_memory
    said = Catalogue("en")(store.notice, **store.notice_params)
    assert "newer Cellmate (format 2; this one reads format 1)" in said and "update Cellmate" in said
    session = Session.create(store, "dice", ["Ann", "Bob"])
    session.act({"type": "roll"})
    store.close()
    assert (tmp_path / DB_NAME).read_bytes() == before       # not a byte changed
    assert sorted(p.name for p in tmp_path.iterdir()) == [DB_NAME]   # nothing moved aside


@pytest.mark.parametrize("statements, says", [
    (["CREATE TABLE recipes (name TEXT)", "CREATE TABLE pantry (item TEXT)"],
     "not a Cellmate file: it holds the tables pantry, recipes"),
    (["CREATE TABLE sessions (id INTEGER PRIMARY KEY, game TEXT)", "CREATE TABLE events (x)",
      "CREATE TABLE snapshots (session_id, seq, state)", "CREATE TABLE settings (key, value)"],
     "table sessions lacks created, finished, head, setup, updated; table events lacks action, at, seq, session_id"),
    (["CREATE TABLE sessions (id INTEGER PRIMARY KEY, game, setup, head, finished, created, updated)"],
     "table events is missing"),
])
def test_a_sqlite_file_of_another_layout_is_moved_aside_as_such_and_a_fresh_one_started(tmp_path, statements, says):
    before = sqlite_file(tmp_path / DB_NAME, *statements, version=1)
    store = Store.open(tmp_path)
    assert store.notice == "store.other" and says in store.notice_params["reason"]
    moved = list(tmp_path.glob(f"{DB_NAME}.other-*"))
    assert [m for m in moved if not m.name.endswith(("-wal", "-shm"))] and moved[0].read_bytes() == before
    assert not list(tmp_path.glob(f"{DB_NAME}.corrupt-*"))  # not called damaged: it is someone else's
    said = Catalogue("en")(store.notice, **store.notice_params)
    assert says in said and "moved aside" in said and store.notice_params["moved"] == str(moved[0])
    Session.create(store, "dice", ["Ann", "Bob"]).act({"type": "roll"})
    assert not store.in_memory and len(Store.open(tmp_path).list_sessions()) == 1


def test_an_empty_file_is_simply_a_new_database(tmp_path):
    (tmp_path / DB_NAME).write_bytes(b"")
    store = Store.open(tmp_path)
    assert store.notice is None and not store.in_memory


# -- another program holds a lock (item 5) ---------------------------------------------------
def _saved_game(tmp_path):
    store = Store.open(tmp_path)
    session = Session.create(store, "dice", ["Ann", "Bob"])
    session.act({"type": "roll", "dice": [5]})
    store.close()
    return session.id


def test_an_exclusive_lock_at_start_is_waited_for_and_never_taken_for_damage(tmp_path, holders):
    sid = _saved_game(tmp_path)
    holder = holders(tmp_path / DB_NAME, "exclusive")
    started = time.monotonic()
    store = Store.open(tmp_path, busy_wait=0.5)
    assert 0.4 < time.monotonic() - started < 5            # it waited, a while, not for ever
    assert store.waiting and store.notice == "store.busy"
    assert "locked by another program" in Catalogue("en")(store.notice, **store.notice_params)
    assert sorted(p.name for p in tmp_path.iterdir() if p.name.startswith(DB_NAME + ".")) in ([], [DB_NAME + ".locks"])
    with pytest.raises(StoreError) as refused:              # nothing is acknowledged meanwhile
        Session.create(store, "dice", ["Cy", "Dee"])
    assert refused.value.key == "store_busy"
    assert not store.retry()                                # still locked
    holder.release()
    assert store.retry() and store.notice is None and not store.in_memory
    assert [s["id"] for s in store.list_sessions()] == [sid]
    assert Session.load(store, sid).state["last_roll"]["dice"] == [5]


def test_a_write_lock_mid_game_refuses_the_action_after_a_short_wait_and_changes_nothing(tmp_path, holders):
    store = Store.open(tmp_path)
    session = Session.create(store, "dice", ["Ann", "Bob"])
    session.act({"type": "roll", "dice": [2]})
    before = (session.head, session.state)
    holder = holders(tmp_path / DB_NAME)
    started = time.monotonic()
    with pytest.raises(StoreError) as refused:
        session.act({"type": "roll", "dice": [6]})
    assert refused.value.key == "store_busy" and time.monotonic() - started < 3
    assert (session.head, session.state) == before and not store.in_memory
    assert len(store.list_sessions()) == 1                  # reading goes on meanwhile (WAL)
    holder.release()
    session.act({"type": "roll", "dice": [6]})
    assert Session.load(Store.open(tmp_path), session.id, claim=False).state["last_roll"]["dice"] == [6]


# -- saving fails mid-game with fallback=False (`companion script`, item 2) ------------------------
def test_without_fallback_a_full_disk_refuses_the_write_and_every_later_one(tmp_path):
    store = Store.open(tmp_path, fallback=False)
    session = Session.create(store, "dice", ["Ann", "Bob"])
    for face in (1, 2, 3):
        session.act({"type": "roll", "dice": [face]})
    pages = store.conn.execute("PRAGMA page_count").fetchone()[0]
    store.conn.execute(f"PRAGMA max_page_count = {pages}")  # the disk is now full
    refused = 0
    for _ in range(200):
        try:
            session.act({"type": "roll", "dice": [6]})
        except StoreError as exc:
            assert exc.key == "store_unwritable" and "full" in str(exc)
            refused += 1
    assert refused and not store.in_memory                  # never a silent move to memory
    acknowledged = session.head
    store.close()
    again = Session.load(Store.open(tmp_path), session.id)
    assert again.head == acknowledged and again.state == session.state


# -- a read-only data dir (items 4 and 7), for real: a read-only bind mount ------------------------
PROBE = """
import json, sys
from companion.store import Store
from companion.session import Session
store = Store.open(sys.argv[1], fallback=sys.argv[2] == "app")
out = {"notice": store.notice, "params": store.notice_params, "memory": store.in_memory,
       "sessions": [(s["id"], s["head"], s["finished"]) for s in store.list_sessions()]}
try:
    session = Session.load(store, store.last_unfinished())
    out["state"] = session.state
    session.act({"type": "roll", "dice": [4]})
    out["acted"] = session.head
except Exception as exc:
    out["refused"] = [type(exc).__name__, getattr(exc, "key", None), str(exc)]
print(json.dumps(out))
"""


def _probe(data, mode):
    done = run_mounted([read_only(data)], python_line(PROBE) + f" {data} {mode}")
    assert done.returncode == 0 and "Traceback" not in done.stderr, done.stderr
    return json.loads(done.stdout)


def test_a_read_only_data_dir_shows_every_saved_game_and_plays_on_in_memory(tmp_path):
    data = tmp_path / "data"
    store = Store.open(data)
    done = Session.create(store, "dice", ["Ann", "Bob"])
    done.act({"type": "roll", "dice": [1]})
    open_game = Session.create(store, "dice", ["Cy", "Dee"])
    open_game.act({"type": "roll", "dice": [3]})
    store.close()
    app = _probe(data, "app")
    assert app["notice"] == "store.read_only" and app["memory"]
    assert "Read-only file system" in app["params"]["reason"]
    assert sorted(app["sessions"]) == [[done.id, 1, False], [open_game.id, 1, False]]
    assert app["state"]["last_roll"]["dice"] == [3] and app["acted"] == 2   # the unfinished game, played on
    script = _probe(data, "script")                         # a script may read, never acknowledge
    assert script["notice"] == "store.read_only" and script["state"]["last_roll"]["dice"] == [3]
    assert script["refused"][:2] == ["StoreError", "store_unwritable"]
    assert Session.load(Store.open(data), open_game.id).head == 1     # and the file is as it was


def test_a_damaged_file_in_a_read_only_dir_plays_in_memory_and_says_why(tmp_path):
    data = tmp_path / "data"
    data.mkdir()
    garbage = b"this is not a database" * 100
    (data / DB_NAME).write_bytes(garbage)
    app = _probe(data, "app")
    assert app["notice"] == "store.stuck" and app["memory"]
    said = Catalogue("en")(app["notice"], **app["params"])
    assert "could not be moved aside (Read-only file system)" in said and "nothing is saved" in said
    assert (data / DB_NAME).read_bytes() == garbage and sorted(p.name for p in data.iterdir()) == [DB_NAME]


def test_past_games_are_listed_a_page_at_a_time_and_a_delete_between_pages_skips_none(tmp_path):
    store = Store.open(tmp_path)
    made = [Session.create(store, "dice", ["Ann", "Bob"]) for _ in range(7)]
    for session in made:
        session.close()
    store.write(lambda c: c.execute("UPDATE sessions SET updated = 1000"))   # a tie: the id decides
    whole = store.list_sessions()
    assert [s["id"] for s in whole] == [s.id for s in reversed(made)]
    assert store.count_sessions() == 7
    first = store.list_sessions(limit=3)
    assert first == whole[:3]
    store.delete_session(whole[3]["id"])                 # the next page's first, gone meanwhile
    last = first[-1]
    rest = store.list_sessions(limit=3, after=(last["updated"], last["id"]))
    assert rest == whole[4:7]
    assert store.list_sessions(limit=3, after=(rest[-1]["updated"], rest[-1]["id"])) == []
    assert store.count_sessions() == 6


def test_listing_past_games_reads_no_games_log(tmp_path):
    store = Store.open(tmp_path)
    session = Session.create(store, "dice", ["Ann", "Bob"])
    session.act({"type": "roll"})
    asked = []
    read = store.read
    store.read = lambda sql, params=(): asked.append(sql) or read(sql, params)
    assert [s["head"] for s in store.list_sessions(limit=20)] == [1] and store.count_sessions() == 1
    assert asked and not any("events" in sql or "snapshots" in sql for sql in asked)


# -- a named pipe or a device in place of a file (issue 31, section 4) -----------------------------
@pytest.mark.parametrize("name", [DB_NAME, DB_NAME + "-journal"])
def test_a_named_pipe_in_place_of_a_saved_games_file_is_refused_at_once_never_waited_on(tmp_path, name):
    """SQLite opening a FIFO (the file, or a hot journal it looks into) waits forever for a writer:
    the app, `companion script` and `companion export` hung. The folder is refused, nothing touched."""
    import os
    import shlex
    import subprocess

    from fs_fixtures import COMPANION
    data = tmp_path / "data"
    if name == DB_NAME:
        data.mkdir()
    else:
        Session.create(Store.open(data), "dice", ["Ann", "Bob"]).store.close()
    os.mkfifo(data / name)
    app = ("import sys\nfrom companion.store import Store\nstore = Store.open(sys.argv[1])\n"
           "print(store.notice, store.in_memory, store.notice_params['reason'])")
    companion = f"{shlex.quote(str(COMPANION))} {{}} --data-dir {data}"
    done = subprocess.run(["sh", "-c", f"{python_line(app)} {data}; {companion.format('script --continue')} < /dev/null"
                           f"; echo $?; {companion.format('export')} --out {tmp_path}; echo $?"],
                          capture_output=True, text=True, timeout=60)
    pipe = f"{name} in it is not a file but a named pipe (FIFO)"
    assert done.stdout.splitlines() == [f"store.bad_dir True {pipe}", json.dumps({"ok": False, "error": f"not saved: {pipe}"}),
                                        "2", "2"]
    assert done.stderr.startswith(f"companion: The folder for the saved games cannot be used ({pipe}).")
    assert done.stderr.endswith(f"companion export: the saved games cannot be read: {pipe}\n")
    assert sorted(p.name for p in data.iterdir() if not p.name.endswith(".locks")) == sorted({DB_NAME, name})
