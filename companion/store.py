"""The SQLite file every session lives in.

WAL with synchronous=FULL and one transaction per action: once a commit
returns, the action survives a pulled plug. What can go wrong with the file,
and what happens then (README, "Saving and faults"):

* damaged: moved aside to `cellmate.db.corrupt-<date>`, never deleted, and a
  fresh file started; if it cannot be moved (a read-only dir), play goes on in
  memory. A start checks what it reads first; the whole file is checked just after
  (store_open.LateCheck), and before the first write: damage found there moves play
  to memory as a damaged write does, and the next start moves the file aside;
* not Cellmate's (another program's tables): moved aside to
  `cellmate.db.other-<date>` the same way;
* made by a newer Cellmate: left untouched, play goes on in memory;
* read-only (the dir or the file): every saved game is read into memory, so
  all of them show and can be played on, but nothing new is saved;
* full at start (no room even for the WAL index, cellmate.db-shm): the same, with
  its own notice, "the disk is full" (never a bus error: see companion/store_shm.py);
* full or refusing writes mid-game: the app moves play to memory, a store
  opened with `fallback=False` (`companion script`) refuses instead;
* locked by another program (busy): waited for, never taken for damage; at
  start a store that stays locked is `waiting` and `retry()` opens it later;
* a file, a named pipe or a device where the folder should be, or a named pipe
  or a device in place of the file or SQLite's files beside it (which SQLite
  would wait on forever): the folder is refused at once (`store.bad_dir`),
  nothing in it touched, play goes on in memory.

Each of these leaves `notice` (a catalogue key) and `notice_params` for the
screen. A write that cannot be committed raises StoreError: the caller's
state is unchanged, so `ok` is only ever said for what is on disk.

One session has one writer at a time: `claim()` takes an OS lock per session
(freed by the kernel when the process dies), so the app and `companion
script` cannot overwrite each other's actions; each commit also checks that
the session is still where its writer left it.

The Store's reads and writes are here; beside it: store_open.py (which file, a
read-only copy or memory, and why), store_shm.py (the WAL index held for a full
disk), store_schema.py (the tables), store_locks.py (one writer per session) and
store_errors.py (what an sqlite3 error means).
"""
from __future__ import annotations

import json
import sqlite3
import time
from pathlib import Path

from .players import repair_name
from .store_errors import BUSY, DAMAGED, UNWRITABLE, StoreError, kind_of, reason_of
from .store_locks import LOCK_DIR, SessionLock
# DB_NAME and default_data_dir: the app, the CLI and the tests import them from here
from .store_open import DB_NAME, default_data_dir, memory_conn, open_data_dir, open_file  # noqa: F401
from .store_open import LateCheck, whole_check

APP_BUSY_WAIT = 1.0       # the app's screen freezes while it waits: keep it short, then say so
#                           (a script waits longer: ui/cli.py SCRIPT_BUSY_WAIT)

# The notice_params that are paths, with the catalogue text that says each. The
# notice itself leaves them out (a player cannot act on a path); the About screen's
# Advanced part and a script's stderr name them.
PATH_PARAMS = {"path": "advanced.file", "dir": "advanced.dir", "moved": "advanced.moved"}


class Store:
    """One open database: a file in the data dir, or memory as a last resort."""

    def __init__(self, conn: sqlite3.Connection, path: Path | None, notice: str | None = None,
                 notice_params: dict | None = None, *, fallback: bool = True, busy_wait: float = APP_BUSY_WAIT,
                 owner: str = "app"):
        self.conn = conn
        self.path = path                  # the file written to; None: memory (nothing is saved)
        self.notice = notice              # catalogue key of a warning for the screen
        self.notice_params = notice_params or {}
        self.fallback = fallback          # may a refused write move play to memory?
        self.busy_wait = busy_wait
        self.owner = owner                # who holds claimed sessions: "app" or "script"
        self.refusal: StoreError | None = None   # set: every write is refused with it (fallback=False)
        self.waiting: Path | None = None  # the file was locked at start: retry() opens it
        self._claims: dict[int, SessionLock] = {}
        self.on_busy = None               # called once per wait, so a script can say it waits
        # finished games' results worked out but not written (a read-only file): companion/results.py
        self.worked_out: dict[tuple, dict] = {}
        self._late: LateCheck | None = None   # the whole file's check, awaited by the first write

    @property
    def in_memory(self) -> bool:
        return self.path is None

    @property
    def saving(self) -> bool:
        """True when a write goes to disk (or would be refused, never silently lost)."""
        return self.path is not None and self.refusal is None and self.waiting is None

    # -- opening (companion/store_open.py) --------------------------------
    @classmethod
    def open(cls, data_dir: Path | str | None = None, *, fallback: bool = True,
             busy_wait: float = APP_BUSY_WAIT, owner: str = "app", on_busy=None) -> "Store":
        """Open (or make) the database in data_dir. Never raises: whatever is wrong
        with the dir or the file ends in `notice`, as the module doc says.
        fallback=False: a file that cannot be written is not replaced by memory;
        writes are refused (`refusal`) so nothing is ever acknowledged unsaved."""
        opened = open_data_dir(data_dir, fallback=fallback, busy_wait=busy_wait, on_busy=on_busy)
        store = cls(opened.conn, opened.path, opened.notice, opened.notice_params, fallback=fallback,
                    busy_wait=busy_wait, owner=owner)
        store.refusal, store.waiting = opened.refusal, opened.waiting
        if opened.unchecked:
            store._late = LateCheck(opened.path)
        return store

    @classmethod
    def memory(cls, notice: str | None = None, **params) -> "Store":
        return cls(memory_conn(), None, notice, params)

    def retry(self) -> bool:
        """A store that was locked at start (`waiting`): try once, without waiting.
        True when the file is open now (the notice is gone)."""
        path = self.waiting
        if path is None:
            return False
        try:
            opened = open_file(path, self.fallback)
        except sqlite3.Error:
            return False
        self.conn.close()
        self.conn, self.path = opened.conn, opened.path
        self.notice, self.notice_params = opened.notice, opened.notice_params
        self.refusal, self.waiting = opened.refusal, None
        if opened.unchecked:
            self._late = LateCheck(opened.path)
        return True

    def twin(self) -> "Store | None":
        """Another connection to the same file, for a worker thread (a connection's transactions
        are not to be shared between threads): it waits for a busy file like this one and never
        moves play to memory. None: there is no file to open again (memory, or still locked)."""
        if self.path is None or self.waiting is not None or self.refusal is not None:
            return None
        conn = None
        try:
            conn = sqlite3.connect(self.path, isolation_level=None, check_same_thread=False, timeout=0.2)
            conn.execute("PRAGMA foreign_keys=ON")
            conn.execute("PRAGMA synchronous=FULL")
        except sqlite3.Error:
            if conn is not None:
                conn.close()
            return None
        twin = Store(conn, self.path, fallback=False, busy_wait=self.busy_wait, owner=self.owner)
        twin._late = self._late     # its writes wait for the whole file's check too
        return twin

    def fall_back_to_memory(self, reason: str) -> None:
        """The disk refused a write: copy everything so far into memory and go on there."""
        mem = memory_conn(schema=False)
        try:
            if self.conn.in_transaction:
                self.conn.execute("ROLLBACK")
            self.conn.backup(mem)
        except sqlite3.Error as exc:
            mem.close()
            raise StoreError("store_unwritable", f"not saved: {reason}", reason=reason) from exc
        mem.execute("PRAGMA foreign_keys=ON")
        old_dir = str(self.path.parent) if self.path else ""
        try:
            self.conn.close()
        except sqlite3.Error:
            pass
        self.conn = mem
        self.path = None
        self.notice = "store.unwritable"
        self.notice_params = {"dir": old_dir, "reason": reason}

    def close(self) -> None:
        if self._late is not None:
            self._late.cancel()
        for lock in self._claims.values():
            lock.release()
        self._claims.clear()
        self.conn.close()

    # -- transactions ----------------------------------------------------
    def write(self, fn):
        """Run fn(conn) in one committed transaction and return its result.
        Busy: wait up to busy_wait. The disk refuses: the app moves to memory and
        retries there; otherwise StoreError, with nothing written."""
        if self.waiting is not None:
            raise StoreError("store_busy", f"not saved: {self.waiting} is locked by another program",
                             path=str(self.waiting))
        if self.refusal is not None:
            raise self.refusal
        if self._late is not None:
            self._checked_whole()
        try:
            return self._patiently(lambda: self._transaction(fn))
        except sqlite3.Error as exc:
            kind = kind_of(exc)
            if kind == BUSY:
                raise StoreError("store_busy", f"not saved: {self.path} is locked by another program",
                                 path=str(self.path)) from None
            reason = reason_of(exc)
            if kind in (UNWRITABLE, DAMAGED) and self.fallback and not self.in_memory:
                self.fall_back_to_memory(reason)
                return self._transaction(fn)
            if kind in (UNWRITABLE, DAMAGED) and not self.in_memory:
                self.refusal = StoreError("store_unwritable", f"not saved: {reason}", reason=reason)
            raise StoreError("store_unwritable", f"not saved: {reason}", reason=reason) from None

    def _checked_whole(self) -> None:
        """Before the first write: the whole file's check (store_open.LateCheck) is done.
        Damage found there is taken as a damaged write is: play moves to memory (copied
        from the file, which is left as it is), or every write is refused."""
        late, self._late = self._late, None
        found = late.result()
        if not late.done and not self.in_memory:    # its own connection could not read it: here then
            try:
                late.finished(whole_check(self.conn))
            except sqlite3.Error:
                pass            # no verdict: the write meets what is wrong and says it
            found = late.found
        if found is None or self.in_memory:
            return
        if self.fallback:
            try:
                self.fall_back_to_memory(found)
                return
            except StoreError as exc:
                self.refusal = exc
                raise
        self.refusal = StoreError("store_unwritable", f"not saved: {found}", reason=found)
        raise self.refusal

    def read(self, sql: str, params=()) -> list:
        """All rows of one query; busy waits like a write, then StoreError."""
        try:
            return self._patiently(lambda: self.conn.execute(sql, params).fetchall())
        except sqlite3.Error as exc:
            if kind_of(exc) == BUSY:
                raise StoreError("store_busy", f"{self.path} is locked by another program",
                                 path=str(self.path)) from None
            raise StoreError("store_unreadable", f"the saved games cannot be read: {reason_of(exc)}",
                             reason=reason_of(exc)) from None

    def _patiently(self, fn):
        deadline = time.monotonic() + self.busy_wait
        told = False
        while True:
            try:
                return fn()
            except sqlite3.Error as exc:
                if kind_of(exc) != BUSY or time.monotonic() >= deadline:
                    raise
                if self.on_busy is not None and not told:
                    told = True
                    self.on_busy(str(self.path))
                time.sleep(0.05)

    def _transaction(self, fn):
        conn = self.conn
        conn.execute("BEGIN IMMEDIATE")
        try:
            result = fn(conn)
            conn.execute("COMMIT")
        except BaseException:
            if conn.in_transaction:  # SQLite already rolled back on some errors (disk full)
                conn.execute("ROLLBACK")
            raise
        return result

    # -- one writer per session -------------------------------------------
    def claim(self, session_id: int) -> None:
        """Take the session for this process; StoreError if another one plays it."""
        if session_id in self._claims or self.path is None or self.waiting is not None:
            return  # memory is private; a read-only copy writes nowhere
        try:
            lock = SessionLock.take(self.path.parent / LOCK_DIR / f"session-{session_id}", self.owner)
        except OSError:
            return  # no lock dir (read-only): there is nothing to write, nothing to guard
        if lock is None:
            holder = SessionLock.holder(self.path.parent / LOCK_DIR / f"session-{session_id}")
            raise StoreError("session_taken", f"game {session_id} is open in another program ({holder}); "
                             "close it there first", session=session_id, holder=holder)
        self._claims[session_id] = lock

    def release(self, session_id: int) -> None:
        lock = self._claims.pop(session_id, None)
        if lock is not None:
            lock.release()

    # -- sessions --------------------------------------------------------
    def list_sessions(self, limit: int | None = None, after: tuple[float, int] | None = None,
                      unfinished: bool = False) -> list[dict]:
        """Saved sessions, the last changed first. A page at a time: at most `limit`,
        those listed after `after`, the (updated, id) of the last one already listed
        (so a delete between two pages skips nothing); `unfinished`: only those.
        Reads no session's log."""
        # with each finished game's result when it is kept (companion/results.py)
        kept = self.has_results()
        sql = ("SELECT s.id, s.game, s.setup, s.head, s.finished, s.created, s.updated, "
               + ("r.result FROM sessions AS s LEFT JOIN results AS r ON r.session_id = s.id AND r.head = s.head "
                  "AND r.updated = s.updated AND s.finished = 1" if kept else "NULL FROM sessions AS s"))
        params: list = []
        where = ["s.finished = 0"] if unfinished else []
        if after is not None:
            where.append("(s.updated < ? OR (s.updated = ? AND s.id < ?))")
            params += [after[0], after[0], after[1]]
        if where:
            sql += " WHERE " + " AND ".join(where)
        sql += " ORDER BY s.updated DESC, s.id DESC"
        if limit is not None:
            sql += " LIMIT ?"
            params.append(max(0, int(limit)))
        rows = self.read(sql, params)
        sessions = []
        for r in rows:
            setup = load_json(r[2])
            if not isinstance(setup, dict):
                setup = {"players": [], "options": {}}
            result = load_json(r[7]) if r[7] is not None else None
            sessions.append({"id": r[0], "game": r[1], "setup": repair_setup(setup)[0], "head": r[3],
                             "finished": bool(r[4]), "created": r[5], "updated": r[6],
                             "result": result if isinstance(result, dict) else None})
        return sessions

    _results = False

    def has_results(self) -> bool:
        """Whether the file keeps results (companion/results.py): one opened read-only as an
        older Cellmate left it does not. Once there, the table stays: asked once."""
        if not self._results:
            self._results = bool(self.read("SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = 'results'"))
        return self._results

    def count_sessions(self) -> int:
        return self.read("SELECT COUNT(*) FROM sessions")[0][0]

    def last_unfinished(self) -> int | None:
        rows = self.read("SELECT id FROM sessions WHERE finished = 0 ORDER BY updated DESC, id DESC LIMIT 1")
        return rows[0][0] if rows else None

    def delete_session(self, session_id: int) -> None:
        self.claim(session_id)  # never under another program's feet
        try:
            self.write(lambda c: c.execute("DELETE FROM sessions WHERE id = ?", (session_id,)))
        finally:
            self.release(session_id)

    # -- settings (what the settings screen changes) ---------------------
    def get_setting(self, key: str, default=None):
        rows = self.read("SELECT value FROM settings WHERE key = ?", (key,))
        if not rows:
            return default
        value = load_json(rows[0][0])
        return default if value is _BAD else value

    def set_setting(self, key: str, value) -> None:
        self.write(lambda c: c.execute(
            "INSERT INTO settings (key, value) VALUES (?, ?) ON CONFLICT(key) DO UPDATE SET value = excluded.value",
            (key, json.dumps(value))))


# -- reading what an older or damaged version wrote -------------------------------------
_BAD = object()


def load_json(text):
    """JSON from the file; _BAD for text that is not JSON (a hand-edited row)."""
    try:
        return json.loads(text)
    except (TypeError, ValueError, RecursionError):
        return _BAD


def repair_setup(setup: dict) -> tuple[dict, bool]:
    """A stored setup whose player names would break the screen or the output (an
    unpaired surrogate, a control character: saved before names were checked)
    gets printable names. Returns (setup, whether anything changed)."""
    players = setup.get("players")
    if not isinstance(players, list):
        return setup, False
    fixed, changed = [], False
    for seat, player in enumerate(players):
        if isinstance(player, dict):
            name = repair_name(player.get("name"), seat)
            if name != player.get("name"):
                player = {**player, "name": name}
                changed = True
        fixed.append(player)
    return ({**setup, "players": fixed}, True) if changed else (setup, False)

