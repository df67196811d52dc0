"""The SQLite file every session lives in.

WAL with synchronous=FULL and one transaction per action: once a commit
returns, the action survives a pulled plug. What can go wrong with the file,
and what happens then (README, "Saving and faults"):

* damaged: moved aside to `cellmate.db.corrupt-<date>`, never deleted, and a
  fresh file started; if it cannot be moved (a read-only dir), play goes on in
  memory;
* not Cellmate's (another program's tables): moved aside to
  `cellmate.db.other-<date>` the same way;
* made by a newer Cellmate: left untouched, play goes on in memory;
* read-only (the dir or the file): every saved game is read into memory, so
  all of them show and can be played on, but nothing new is saved;
* full at start (no room even for the WAL index, cellmate.db-shm): the same, with
  its own notice, "the disk is full" (never a bus error: see _hold_shm);
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
"""
from __future__ import annotations

import errno
import fcntl
import json
import os
import sqlite3
import struct
import time
from dataclasses import dataclass
from pathlib import Path

from .files import kind_of as kind_of_file

DB_NAME = "cellmate.db"
LOCK_DIR = DB_NAME + ".locks"
SCHEMA_VERSION = 1

SCHEMA = """
CREATE TABLE IF NOT EXISTS sessions (
    id INTEGER PRIMARY KEY,
    game TEXT NOT NULL,
    setup TEXT NOT NULL,            -- JSON: players, options, first_player
    head INTEGER NOT NULL DEFAULT 0, -- events applied; later ones are the redo tail
    finished INTEGER NOT NULL DEFAULT 0,
    created REAL NOT NULL,
    updated REAL NOT NULL
);
CREATE TABLE IF NOT EXISTS events (
    session_id INTEGER NOT NULL REFERENCES sessions(id) ON DELETE CASCADE,
    seq INTEGER NOT NULL,           -- 1, 2, 3 ... in the order they happened
    action TEXT NOT NULL,           -- JSON, random results included
    at REAL NOT NULL,
    PRIMARY KEY (session_id, seq)
) WITHOUT ROWID;
CREATE TABLE IF NOT EXISTS snapshots (
    session_id INTEGER NOT NULL REFERENCES sessions(id) ON DELETE CASCADE,
    seq INTEGER NOT NULL,           -- the state after this many events
    state TEXT NOT NULL,
    PRIMARY KEY (session_id, seq)
) WITHOUT ROWID;
CREATE TABLE IF NOT EXISTS results (
    session_id INTEGER PRIMARY KEY REFERENCES sessions(id) ON DELETE CASCADE,
    head INTEGER NOT NULL,          -- the result holds while the session's head and updated
    updated REAL NOT NULL,          -- are these (an undo, a redo or another program's change: worked out again)
    result TEXT NOT NULL            -- JSON: Game.result, started, ended, seconds (companion/results.py)
);
-- Past games lists the last changed first, a page at a time: found, not sorted, each time
CREATE INDEX IF NOT EXISTS sessions_by_change ON sessions (updated DESC, id DESC);
CREATE TABLE IF NOT EXISTS settings (
    key TEXT PRIMARY KEY,
    value TEXT NOT NULL
);
-- The statistics as last worked out (companion/stats.py), only a cache: they hold while
-- `generation` is what it was when they were worked out. The triggers below bump it in the
-- same commit as every change the statistics read (a game played, finished, undone, redone
-- or deleted, a kept result edited, two names merged), whichever program or version makes it.
CREATE TABLE IF NOT EXISTS stats_cache (
    id INTEGER PRIMARY KEY CHECK (id = 1),
    generation INTEGER NOT NULL DEFAULT 0,
    made_at INTEGER,                -- the generation `figures` were worked out at
    made_by TEXT,                   -- by which Cellmate (and which figures format)
    figures TEXT                    -- JSON
);
"""
STATS_READ = {"sessions": "", "events": "", "results": "",          # table -> which rows (all: "")
              "settings": "{row}.key = 'stats.names'"}             # companion/stats.py NAMES_KEY
# A result kept (INSERT OR REPLACE: companion/results.py) is what its game's log says, and
# a change of the log bumped already. Counted, it also bumped when the statistics' own first
# reading kept the results missing, so the figures that reading worked out were not kept.
# (Files of then lose that trigger.) An edit of a kept result (UPDATE, DELETE) still counts.
STATS_UNREAD = {("results", "INSERT")}
SCHEMA += "DROP TRIGGER IF EXISTS stats_stale_results_insert;\n"
SCHEMA += "".join(
    f"CREATE TRIGGER IF NOT EXISTS stats_stale_{table}_{event.lower()} AFTER {event} ON {table}"
    + (" WHEN " + " OR ".join(rows.format(row=row) for row in {"INSERT": ["NEW"], "DELETE": ["OLD"]}.get(
        event, ["OLD", "NEW"])) if rows else "")
    + " BEGIN INSERT INTO stats_cache (id, generation) VALUES (1, 1)"
      " ON CONFLICT (id) DO UPDATE SET generation = generation + 1; END;\n"
    for table, rows in STATS_READ.items() for event in ("INSERT", "UPDATE", "DELETE")
    if (table, event) not in STATS_UNREAD)
# What each table must have for this Cellmate to read and write it (`results` is only a
# cache of what the logs say: a file without it gets it, a read-only one does without).
TABLES = {
    "sessions": {"id", "game", "setup", "head", "finished", "created", "updated"},
    "events": {"session_id", "seq", "action", "at"},
    "snapshots": {"session_id", "seq", "state"},
    "settings": {"key", "value"},
}

APP_BUSY_WAIT = 1.0       # the app's screen freezes while it waits: keep it short, then say so
SCRIPT_BUSY_WAIT = 30.0   # a script can wait longer for another program to finish

# The notice_params that are paths, with the catalogue text that says each. The
# notice itself leaves them out (a player cannot act on a path); the About screen's
# Advanced part and a script's stderr name them.
PATH_PARAMS = {"path": "advanced.file", "dir": "advanced.dir", "moved": "advanced.moved"}


class StoreError(Exception):
    """The saved games could not be read or written; nothing changed.
    `key` and `params` name the text in the catalogue (error.<key>)."""

    def __init__(self, key: str, message: str, **params):
        super().__init__(message)
        self.key = key
        self.params = params


# -- what an sqlite3 error means ------------------------------------------------
BUSY, UNWRITABLE, DAMAGED, OTHER = "busy", "unwritable", "damaged", "other"
_KINDS = {5: BUSY, 6: BUSY,                                   # SQLITE_BUSY, SQLITE_LOCKED
          3: UNWRITABLE, 8: UNWRITABLE, 10: UNWRITABLE,       # PERM, READONLY, IOERR
          13: UNWRITABLE, 14: UNWRITABLE, 23: UNWRITABLE,     # FULL, CANTOPEN, AUTH
          11: DAMAGED, 26: DAMAGED}                           # CORRUPT, NOTADB


def kind_of(exc: BaseException) -> str:
    code = getattr(exc, "sqlite_errorcode", None)
    if code is not None:
        return _KINDS.get(code & 0xFF, OTHER)
    text = str(exc).lower()
    if "locked" in text or "busy" in text:
        return BUSY
    if any(s in text for s in ("readonly", "read-only", "disk is full", "disk i/o error", "unable to open")):
        return UNWRITABLE
    if "malformed" in text or "not a database" in text:
        return DAMAGED
    return OTHER


class Unusable(Exception):
    """The file is a database, but not one this Cellmate can use (see Layout): a newer
    Cellmate's (left as it is) or another layout (moved aside)."""

    def __init__(self, layout: "Layout"):
        super().__init__(layout.problem)
        self.layout = layout


@dataclass(frozen=True)
class Layout:
    """What a database file holds, as far as this Cellmate is concerned."""
    state: str            # "cellmate", "empty", "newer", "other", "mismatch"
    version: int
    problem: str = ""     # in words, for the screen and `companion doctor`


def inspect(conn: sqlite3.Connection) -> Layout:
    """Say whether the open file is a Cellmate database this version can use."""
    version = conn.execute("PRAGMA user_version").fetchone()[0]
    tables = {name for (name,) in conn.execute(
        "SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%'")}
    if version > SCHEMA_VERSION:
        return Layout("newer", version, f"made by a newer Cellmate (format {version}; this one reads "
                                        f"format {SCHEMA_VERSION} and older)")
    if not tables:
        return Layout("empty", version)
    ours = tables & set(TABLES)
    if not ours:
        shown = ", ".join(sorted(tables)[:5]) + (", ..." if len(tables) > 5 else "")
        return Layout("other", version, f"not a Cellmate file: it holds the tables {shown}")
    problems = []
    for table, wanted in TABLES.items():
        if table not in tables:
            problems.append(f"table {table} is missing")
            continue
        have = {row[1] for row in conn.execute(f"PRAGMA table_info({table})")}
        missing = sorted(wanted - have)
        if missing:
            problems.append(f"table {table} lacks {', '.join(missing)}")
    if problems:
        return Layout("mismatch", version, "not laid out as Cellmate's: " + "; ".join(problems))
    return Layout("cellmate", version)


def default_data_dir() -> Path:
    env = os.environ.get("CELLMATE_DATA_DIR")
    if env:
        return Path(env)
    from platformdirs import user_data_dir
    return Path(user_data_dir("cellmate"))


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
        self._claims: dict[int, _Lock] = {}
        self.on_busy = None               # called once per wait, so a script can say it waits
        # finished games' results worked out but not written (a read-only file): companion/results.py
        self.worked_out: dict[tuple, dict] = {}

    @property
    def in_memory(self) -> bool:
        return self.path is None

    @property
    def saving(self) -> bool:
        """True when a write goes to disk (or would be refused, never silently lost)."""
        return self.path is not None and self.refusal is None and self.waiting is None

    # -- opening ---------------------------------------------------------
    @classmethod
    def open(cls, data_dir: Path | str | None = None, *, fallback: bool = True,
             busy_wait: float = APP_BUSY_WAIT, owner: str = "app", on_busy=None) -> "Store":
        """Open (or make) the database in data_dir. Never raises: whatever is wrong
        with the dir or the file ends in `notice`, as the module doc says.
        fallback=False: a file that cannot be written is not replaced by memory;
        writes are refused (`refusal`) so nothing is ever acknowledged unsaved."""
        opts = {"fallback": fallback, "busy_wait": busy_wait, "owner": owner}
        try:
            data_dir = Path(data_dir) if data_dir else default_data_dir()
            if "\x00" in str(data_dir):
                raise ValueError("it holds a NUL character")
            path = data_dir / DB_NAME
        except (TypeError, ValueError) as exc:
            return cls._nowhere(opts, "store.bad_dir", dir=repr(str(data_dir)), reason=str(exc))
        try:
            data_dir.mkdir(parents=True, exist_ok=True)
        except FileExistsError:     # there, but a file (or a pipe, a device) where the folder should be
            return cls._nowhere(opts, "store.bad_dir", dir=str(data_dir), reason=_not_a_folder(data_dir))
        except OSError as exc:
            return cls._nowhere(opts, "store.unwritable", dir=str(data_dir), reason=_reason(exc))
        odd = _not_files(path)      # SQLite would wait forever reading a named pipe
        if odd:
            return cls._nowhere(opts, "store.bad_dir", dir=str(data_dir), reason=odd)
        deadline = time.monotonic() + busy_wait
        told = False
        while True:
            try:
                return cls._open_file(path, opts)
            except sqlite3.Error as exc:
                if kind_of(exc) != BUSY:
                    raise  # _open_file sorts out every other kind itself
                if time.monotonic() >= deadline:
                    store = cls(_memory_conn(), None, "store.busy", {"path": str(path)}, **opts)
                    store.waiting = path
                    return store
                if on_busy is not None and not told:
                    told = True
                    on_busy(str(path))
                time.sleep(0.1)

    @classmethod
    def _open_file(cls, path: Path, opts: dict) -> "Store":
        try:
            conn = _connect(path)
        except Unusable as exc:
            return cls._unusable(path, exc.layout, opts)
        except _DiskFull as exc:
            return cls._read_only(path, str(exc), opts, notice="store.full")
        except sqlite3.Error as exc:
            kind = kind_of(exc)
            if kind == BUSY:
                raise
            if kind == UNWRITABLE:
                return cls._read_only(path, _why_unwritable(path, exc), opts)
            return cls._damaged(path, "store.corrupt", _reason(exc), opts)
        return cls(conn, path, **opts)

    @classmethod
    def _damaged(cls, path: Path, notice: str, reason: str, opts: dict) -> "Store":
        """Move the file aside (never delete it) and start a fresh one."""
        try:
            moved = _move_aside(path, "corrupt" if notice == "store.corrupt" else "other")
        except OSError as exc:
            return cls._nowhere(opts, "store.stuck", path=str(path), reason=reason, why=_reason(exc))
        try:
            conn = _connect(path)
        except (sqlite3.Error, Unusable, _DiskFull) as exc:
            return cls._nowhere(opts, "store.unwritable", dir=str(path.parent), reason=_reason(exc))
        return cls(conn, path, notice, {"moved": str(moved), "reason": reason}, **opts)

    @classmethod
    def _unusable(cls, path: Path, layout: Layout, opts: dict) -> "Store":
        if layout.state == "newer":  # another Cellmate's games: left exactly as they are
            return cls._nowhere(opts, "store.newer", path=str(path), reason=layout.problem, found=layout.version,
                                known=SCHEMA_VERSION)
        return cls._damaged(path, "store.other", layout.problem, opts)

    @classmethod
    def _read_only(cls, path: Path, reason: str, opts: dict, notice: str = "store.read_only") -> "Store":
        """The file cannot be written: read it as it is. The app plays on in a copy
        in memory (every saved game shows); a script keeps the file and refuses writes."""
        if not path.exists():
            return cls._nowhere(opts, "store.unwritable", dir=str(path.parent), reason=reason)
        try:
            conn = _connect_read_only(path)
        except Unusable as exc:
            if exc.layout.state == "newer":
                return cls._nowhere(opts, "store.newer", path=str(path), reason=exc.layout.problem,
                                    found=exc.layout.version, known=SCHEMA_VERSION)
            return cls._nowhere(opts, "store.stuck", path=str(path), reason=exc.layout.problem, why=reason)
        except sqlite3.Error as exc:
            if kind_of(exc) == BUSY:
                raise
            return cls._nowhere(opts, "store.stuck", path=str(path), reason=_reason(exc), why=reason)
        params = {"dir": str(path.parent), "reason": reason}
        if opts["fallback"]:
            mem = _memory_conn(schema=False)
            try:
                conn.backup(mem)
            finally:
                conn.close()
            mem.execute("PRAGMA foreign_keys=ON")
            _create_schema(mem)
            return cls(mem, None, notice, params, **opts)
        store = cls(conn, path, notice, params, **opts)
        store.refusal = StoreError("store_unwritable", f"not saved: {path.parent} cannot be written ({reason})",
                                   reason=reason)
        return store

    @classmethod
    def _nowhere(cls, opts: dict, notice: str, **params) -> "Store":
        """No file to use: memory. With fallback=False every write is refused too."""
        store = cls(_memory_conn(), None, notice, params, **opts)
        if not opts["fallback"]:
            reason = params.get("reason", notice)
            store.refusal = StoreError("store_unwritable", f"not saved: {reason}", reason=reason)
        return store

    @classmethod
    def memory(cls, notice: str | None = None, **params) -> "Store":
        return cls(_memory_conn(), None, notice, params)

    def retry(self) -> bool:
        """A store that was locked at start (`waiting`): try once, without waiting.
        True when the file is open now (the notice is gone)."""
        path = self.waiting
        if path is None:
            return False
        opts = {"fallback": self.fallback, "busy_wait": self.busy_wait, "owner": self.owner}
        try:
            opened = self._open_file(path, opts)
        except sqlite3.Error:
            return False
        self.conn.close()
        self.conn, self.path = opened.conn, opened.path
        self.notice, self.notice_params = opened.notice, opened.notice_params
        self.refusal, self.waiting = opened.refusal, None
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
        return Store(conn, self.path, fallback=False, busy_wait=self.busy_wait, owner=self.owner)

    def fall_back_to_memory(self, reason: str) -> None:
        """The disk refused a write: copy everything so far into memory and go on there."""
        mem = _memory_conn(schema=False)
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
        try:
            return self._patiently(lambda: self._transaction(fn))
        except sqlite3.Error as exc:
            kind = kind_of(exc)
            if kind == BUSY:
                raise StoreError("store_busy", f"not saved: {self.path} is locked by another program",
                                 path=str(self.path)) from None
            reason = _reason(exc)
            if kind in (UNWRITABLE, DAMAGED) and self.fallback and not self.in_memory:
                self.fall_back_to_memory(reason)
                return self._transaction(fn)
            if kind in (UNWRITABLE, DAMAGED) and not self.in_memory:
                self.refusal = StoreError("store_unwritable", f"not saved: {reason}", reason=reason)
            raise StoreError("store_unwritable", f"not saved: {reason}", reason=reason) from None

    def read(self, sql: str, params=()) -> list:
        """All rows of one query; busy waits like a write, then StoreError."""
        try:
            return self._patiently(lambda: self.conn.execute(sql, params).fetchall())
        except sqlite3.Error as exc:
            if kind_of(exc) == BUSY:
                raise StoreError("store_busy", f"{self.path} is locked by another program",
                                 path=str(self.path)) from None
            raise StoreError("store_unreadable", f"the saved games cannot be read: {_reason(exc)}",
                             reason=_reason(exc)) from None

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
            lock = _Lock.take(self.path.parent / LOCK_DIR / f"session-{session_id}", self.owner)
        except OSError:
            return  # no lock dir (read-only): there is nothing to write, nothing to guard
        if lock is None:
            holder = _Lock.holder(self.path.parent / LOCK_DIR / f"session-{session_id}")
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


# -- the file ------------------------------------------------------------------------
def _connect(path: Path) -> sqlite3.Connection:
    """The file to read and write. _DiskFull: no room for its WAL index."""
    conn = sqlite3.connect(path, isolation_level=None, check_same_thread=False, timeout=0.2,
                           factory=_Connection)
    try:
        if is_wal(path):
            conn.shm_hold = _hold_shm(path)   # before SQLite maps the -shm, at the first read
        _check(conn)  # before a byte is written: a newer or foreign file stays as it is
        if not os.access(path, os.W_OK) or not os.access(path.parent, os.W_OK):
            raise sqlite3.OperationalError("attempt to write a readonly database")
        if conn.shm_hold is None:
            conn.shm_hold = _hold_shm(path)   # a new file (or an old one in another journal mode)
        conn.execute("PRAGMA journal_mode=WAL")
        conn.execute("PRAGMA synchronous=FULL")
        conn.execute("PRAGMA foreign_keys=ON")
        _create_schema(conn)
        return conn
    except BaseException:
        conn.close()
        raise


def _connect_read_only(path: Path) -> sqlite3.Connection:
    """Open the file without writing a byte into it: mode=ro sees a WAL's committed
    transactions when the -shm is there; immutable=1 reads the main file alone.
    On a full disk SQLite may not write its -shm either (_hold_shm): readonly_shm=1
    reads the WAL into memory instead (SQLite's read-only WAL, 3.22 and later)."""
    last: Exception | None = None
    hold = None
    ro = "mode=ro"
    try:
        hold = _hold_shm(path) if is_wal(path) else None
    except _DiskFull:
        ro = "mode=ro&readonly_shm=1"
    for query in (ro, "immutable=1"):
        try:
            conn = sqlite3.connect(f"{path.resolve().as_uri()}?{query}", uri=True, isolation_level=None,
                                   check_same_thread=False, timeout=0.2, factory=_Connection)
        except sqlite3.Error as exc:
            last = exc
            continue
        conn.shm_hold, hold = hold, None
        conn.disk_full = ro != "mode=ro"
        try:
            _check(conn)
            return conn
        except (sqlite3.Error, Unusable) as exc:
            conn.close()
            if isinstance(exc, Unusable) or kind_of(exc) in (BUSY, DAMAGED):
                raise
            last = exc
    raise last


# -- the WAL index (cellmate.db-shm) ------------------------------------------------------
# SQLite keeps the WAL's index in cellmate.db-shm, mapped into memory and written through
# the map. The first program to open the file cuts it to 3 bytes and makes it 32 KiB long
# again by writing one byte at the end of each 4 KiB page. On a file system with smaller
# blocks (ext4 with 1 KiB blocks, as on a small SD card partition) the rest of each page
# stays a hole, and when the disk is full the kernel finds no block for it at SQLite's first
# write through the map: SIGBUS, and the process dies without a word.
# So Cellmate opens the -shm before SQLite does. When nobody has it open, Cellmate writes it
# out whole (zeros, which SQLite takes for "rebuild the index from the WAL", as after its own
# cut) and holds a shared lock on its DMS byte (sqlite.org/walformat.html) for as long as its
# connection is open: SQLite then takes the file as it finds it, every block in place. No room
# for those blocks is a full disk, said at start (_DiskFull), not a crash at the first write.
SHM_DMS = 128                 # the byte every user of the -shm holds shared (SQLite's "DMS" lock)
SHM_PAGE = 32 * 1024          # the index grows 32 KiB at a time: 4062 WAL frames in the first
_FLOCK = "@hhqqi0q"           # struct flock: type, whence, start, len, pid (64-bit offsets)


class _DiskFull(Exception):
    """No room on the disk for the WAL index: nothing can be written."""

    def __init__(self):
        super().__init__("the disk is full")


class _Connection(sqlite3.Connection):
    """A connection that lets go of its hold on the -shm when it closes."""

    shm_hold: "_ShmHold | None" = None
    disk_full = False     # opened read-only because there was no room for the -shm

    def close(self) -> None:
        try:
            super().close()
        finally:
            hold, self.shm_hold = self.shm_hold, None
            if hold is not None:
                hold.close()


class _ShmHold:
    def __init__(self, fd: int):
        self.fd: int | None = fd

    def close(self) -> None:
        fd, self.fd = self.fd, None
        if fd is not None:
            os.close(fd)

    __del__ = close


def _ofd_lock(fd: int, kind: int) -> bool:
    """An open-file-description lock on the DMS byte (seen by SQLite's own locks, even in this
    process); False: another program holds one that conflicts."""
    try:
        fcntl.fcntl(fd, fcntl.F_OFD_SETLK, struct.pack(_FLOCK, kind, os.SEEK_SET, SHM_DMS, 1, 0))
    except OSError as exc:
        if exc.errno in (errno.EAGAIN, errno.EACCES):
            return False
        raise
    return True


def is_wal(path: Path) -> bool:
    """Whether the file says it is in WAL mode (its header's read and write versions are 2)."""
    try:
        with open(path, "rb", buffering=0) as f:
            head = f.read(20)
    except OSError:
        return False
    return len(head) == 20 and head[18:20] == b"\x02\x02"


def _index_size(path: Path) -> int:
    """The -shm the WAL beside the file needs (SQLite's walformat: 4062 frames in the first
    32 KiB, 4096 in each further 32 KiB)."""
    try:
        wal = os.stat(str(path) + "-wal").st_size
        with open(path, "rb", buffering=0) as f:
            head = f.read(18)
    except OSError:
        return SHM_PAGE
    page = int.from_bytes(head[16:18], "big") if len(head) == 18 else 4096
    page = 65536 if page == 1 else max(page, 512)
    frames = max(0, wal - 32) // (page + 24)
    return SHM_PAGE * (1 + max(0, -(-(frames - 4062) // 4096)))


def _hold_shm(path: Path) -> "_ShmHold | None":
    """Open the -shm before SQLite does (see above). None: it cannot be held here (a
    read-only folder, a file system without these locks); SQLite opens it as it always
    did. _DiskFull: there is no room for it."""
    shm = str(path) + "-shm"
    try:
        fd = os.open(shm, os.O_RDWR | os.O_CREAT | os.O_CLOEXEC | os.O_NOFOLLOW, 0o644)
    except OSError as exc:
        if exc.errno in (errno.ENOSPC, errno.EDQUOT):
            raise _DiskFull() from None
        return None
    try:
        _like_the_file(fd, path)
        for _ in range(50):
            if _ofd_lock(fd, fcntl.F_WRLCK):        # nobody else has it open: it is ours to make
                os.ftruncate(fd, 0)
                try:
                    _write_zeros(fd, _index_size(path))
                except OSError:
                    os.ftruncate(fd, 0)             # the blocks it got back to the disk
                    raise
                _ofd_lock(fd, fcntl.F_RDLCK)        # and from now on shared, like every user's
                return _ShmHold(fd)
            if _ofd_lock(fd, fcntl.F_RDLCK):        # in use: made whole by whoever opened it first
                return _ShmHold(fd)
            time.sleep(0.01)                        # being made right now by another program
    except OSError as exc:
        os.close(fd)
        if exc.errno in (errno.ENOSPC, errno.EDQUOT):
            raise _DiskFull() from None
        return None
    os.close(fd)
    return None


def _like_the_file(fd: int, path: Path) -> None:
    """The -shm gets the file's owner and permissions, as SQLite gives it (root running
    `companion script` on the kiosk's games must not leave a file the service cannot open)."""
    try:
        st = os.stat(path)
    except OSError:
        return
    mine = os.fstat(fd)
    if mine.st_size == 0 and (mine.st_mode & 0o777) != (st.st_mode & 0o777):
        os.fchmod(fd, st.st_mode & 0o777)
    if os.geteuid() == 0 and (mine.st_uid, mine.st_gid) != (st.st_uid, st.st_gid):
        os.fchown(fd, st.st_uid, st.st_gid)


def _write_zeros(fd: int, size: int) -> None:
    zeros = bytes(SHM_PAGE)
    done = 0
    while done < size:
        done += os.pwrite(fd, zeros[:size - done], done)


def open_to_check(path: Path) -> tuple[sqlite3.Connection, str | None]:
    """For `companion doctor`: the file opened as Store.open reads it, writing nothing into
    it, and why the app will only read it (None: the app reads and writes it). Raises what
    Store.open meets there: Unusable (a newer Cellmate's file, another layout) or
    sqlite3.Error (busy, damaged), OSError (a named pipe or a device in place of a file: the
    app leaves it as it is and plays in memory)."""
    odd = _not_files(path)
    if odd:
        raise OSError(odd)
    conn = _connect_read_only(path)
    return conn, str(_DiskFull()) if conn.disk_full else why_unwritable(path)


def why_unwritable(path: Path, *, folder_only: bool = False) -> str | None:
    """Why Store.open cannot write the file at `path` (as _connect finds it): its folder or
    the file itself is read-only. None: it can (a full disk is found as the file is opened).
    folder_only: why it could not move the file aside (a rename asks only the folder)."""
    if not os.access(path.parent, os.W_OK):
        return _why_unwritable(path, PermissionError(errno.EACCES, os.strerror(errno.EACCES)))
    if not folder_only and path.exists() and not os.access(path, os.W_OK):
        return "the file is read-only"
    return None


def _check(conn: sqlite3.Connection) -> None:
    ok = conn.execute("PRAGMA quick_check").fetchone()[0]
    if ok != "ok":
        raise sqlite3.DatabaseError(f"integrity check failed: {ok}")
    layout = inspect(conn)
    if layout.state not in ("cellmate", "empty"):
        raise Unusable(layout)


def _memory_conn(schema: bool = True) -> sqlite3.Connection:
    conn = sqlite3.connect(":memory:", isolation_level=None, check_same_thread=False)
    if schema:
        conn.execute("PRAGMA foreign_keys=ON")
        _create_schema(conn)
    return conn


def _create_schema(conn: sqlite3.Connection) -> None:
    # one transaction: each CREATE on its own would write the whole (long) schema to the WAL again
    conn.executescript("BEGIN;\n" + SCHEMA + "COMMIT;\n")   # deferred: all there already, no write lock
    if conn.execute("PRAGMA user_version").fetchone()[0] < SCHEMA_VERSION:
        conn.execute(f"PRAGMA user_version = {SCHEMA_VERSION}")


# SQLite's own words for a refused write are terse; these say what the table can do about it.
_PLAIN = {13: "the disk is full",
          8: "the file is read-only",
          778: "the disk refused a write: it is full, over a size limit, or failing",
          1034: "the disk could not confirm a write (fsync failed)",
          4874: "the disk is full (it gave no room for the WAL index)",    # SQLITE_IOERR_SHMSIZE
          10: "the disk reported an error"}


def _reason(exc: BaseException) -> str:
    if isinstance(exc, OSError):
        return exc.strerror or str(exc)
    code = getattr(exc, "sqlite_errorcode", None)
    plain = _PLAIN.get(code) if code is not None else None
    if plain is None and code is not None:
        plain = _PLAIN.get(code & 0xFF)
    return f"{plain} ({exc})" if plain and plain not in str(exc) else str(exc)


def _why_unwritable(path: Path, exc: BaseException) -> str:
    """SQLite says "unable to open database file"; the OS says why (read-only, no permission)."""
    import tempfile
    try:
        with tempfile.TemporaryFile(dir=path.parent):
            pass
    except OSError as os_exc:
        return _reason(os_exc)
    return _reason(exc)


def _not_a_folder(data_dir: Path) -> str:
    try:
        kind = kind_of_file(os.stat(data_dir).st_mode) or "a file"
    except OSError as exc:
        return _reason(exc)
    return f"it is not a folder but {kind}"


def _not_files(path: Path) -> str | None:
    """The database or one of SQLite's files beside it that is there but not a regular file,
    in words (None: none is)."""
    for suffix in ("", "-journal", "-wal", "-shm"):
        try:
            kind = kind_of_file(os.stat(str(path) + suffix).st_mode)
        except OSError:
            continue
        if kind:
            return f"{path.name}{suffix} in it is not a file but {kind}"
    return None


def _move_aside(path: Path, label: str) -> Path:
    stamp = time.strftime("%Y%m%d-%H%M%S")
    target = path.with_name(f"{path.name}.{label}-{stamp}")
    n = 1
    while target.exists():
        n += 1
        target = path.with_name(f"{path.name}.{label}-{stamp}-{n}")
    for suffix in ("", "-wal", "-shm"):
        part = Path(str(path) + suffix)
        if part.exists():
            part.rename(Path(str(target) + suffix))
    return target


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
    from .players import repair_name  # players imports only the error class

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


# -- the per-session lock -----------------------------------------------------------------
class _Lock:
    """flock on one small file per session: exclusive between processes, freed when
    the holder exits in any way. Shared within a process (one table, many objects)."""

    _held: dict[str, list] = {}    # path -> [fd, count]

    def __init__(self, key: str):
        self.key = key

    @classmethod
    def take(cls, path: Path, owner: str) -> "_Lock | None":
        key = str(path)
        held = cls._held.get(key)
        if held is not None:
            held[1] += 1
            return cls(key)
        path.parent.mkdir(exist_ok=True)
        fd = os.open(key, os.O_RDWR | os.O_CREAT | os.O_CLOEXEC, 0o644)
        try:
            fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
        except BlockingIOError:
            os.close(fd)
            return None
        os.ftruncate(fd, 0)
        os.pwrite(fd, f"{os.getpid()} {owner}\n".encode(), 0)
        cls._held[key] = [fd, 1]
        return cls(key)

    def release(self) -> None:
        held = self._held.get(self.key)
        if held is None:
            return
        held[1] -= 1
        if held[1] <= 0:
            del self._held[self.key]
            os.close(held[0])

    @staticmethod
    def holder(path: Path) -> str:
        try:
            pid, owner = path.read_text(encoding="utf-8", errors="replace").split()[:2]
        except (OSError, ValueError):
            return "another Cellmate"
        what = "the Cellmate app" if owner == "app" else "companion script"
        return f"{what}, process {pid}"
