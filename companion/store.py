"""The SQLite file every session lives in.

WAL with synchronous=FULL and one transaction per action: once a commit
returns, the action survives a pulled plug. A damaged file is moved aside,
never deleted; a data dir that cannot be written leaves play in memory, with
`notice` saying so for the screen.
"""
from __future__ import annotations

import json
import os
import sqlite3
import time
from pathlib import Path

DB_NAME = "cellmate.db"
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
CREATE TABLE IF NOT EXISTS settings (
    key TEXT PRIMARY KEY,
    value TEXT NOT NULL
);
"""


def default_data_dir() -> Path:
    env = os.environ.get("CELLMATE_DATA_DIR")
    if env:
        return Path(env)
    from platformdirs import user_data_dir
    return Path(user_data_dir("cellmate"))


class Store:
    """One open database: a file in the data dir, or memory as a last resort."""

    def __init__(self, conn: sqlite3.Connection, path: Path | None, notice: str | None = None,
                 notice_params: dict | None = None):
        self.conn = conn
        self.path = path
        self.notice = notice              # catalogue key of a warning for the screen
        self.notice_params = notice_params or {}

    @property
    def in_memory(self) -> bool:
        return self.path is None

    # -- opening ---------------------------------------------------------
    @classmethod
    def open(cls, data_dir: Path | str | None = None) -> "Store":
        data_dir = Path(data_dir) if data_dir else default_data_dir()
        path = data_dir / DB_NAME
        try:
            data_dir.mkdir(parents=True, exist_ok=True)
        except OSError as exc:
            return cls.memory("store.unwritable", dir=str(data_dir), reason=exc.strerror or str(exc))
        notice, params = None, {}
        try:
            conn = cls._connect(path)
        except sqlite3.DatabaseError as exc:
            if _is_unwritable(exc):
                return cls.memory("store.unwritable", dir=str(data_dir), reason=str(exc))
            moved = _move_aside(path)
            notice, params = "store.corrupt", {"moved": str(moved), "reason": str(exc)}
            try:
                conn = cls._connect(path)
            except sqlite3.DatabaseError as exc2:
                return cls.memory("store.unwritable", dir=str(data_dir), reason=str(exc2))
        return cls(conn, path, notice, params)

    @staticmethod
    def _connect(path: Path) -> sqlite3.Connection:
        conn = sqlite3.connect(path, isolation_level=None, check_same_thread=False)
        try:
            conn.execute("PRAGMA journal_mode=WAL")
            conn.execute("PRAGMA synchronous=FULL")
            conn.execute("PRAGMA foreign_keys=ON")
            if not os.access(path, os.W_OK) or not os.access(path.parent, os.W_OK):
                raise sqlite3.OperationalError("attempt to write a readonly database")
            ok = conn.execute("PRAGMA quick_check").fetchone()[0]
            if ok != "ok":
                raise sqlite3.DatabaseError(f"integrity check failed: {ok}")
            _create_schema(conn)
            return conn
        except BaseException:
            conn.close()
            raise

    @classmethod
    def memory(cls, notice: str | None = None, **params) -> "Store":
        conn = sqlite3.connect(":memory:", isolation_level=None, check_same_thread=False)
        conn.execute("PRAGMA foreign_keys=ON")
        _create_schema(conn)
        return cls(conn, None, notice, params)

    def fall_back_to_memory(self, reason: str) -> None:
        """The disk refused a write: copy everything so far into memory and go on there."""
        mem = sqlite3.connect(":memory:", isolation_level=None, check_same_thread=False)
        try:
            if self.conn.in_transaction:
                self.conn.execute("ROLLBACK")
            self.conn.backup(mem)
        except sqlite3.Error:
            _create_schema(mem)
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
        self.conn.close()

    # -- transactions ----------------------------------------------------
    def write(self, fn):
        """Run fn(conn) in one transaction; if the disk refuses, move to memory and retry."""
        try:
            return self._transaction(fn)
        except sqlite3.OperationalError as exc:
            if self.in_memory or not _is_unwritable(exc):
                raise
            self.fall_back_to_memory(str(exc))
            return self._transaction(fn)

    def _transaction(self, fn):
        conn = self.conn
        conn.execute("BEGIN IMMEDIATE")
        try:
            result = fn(conn)
        except BaseException:
            if conn.in_transaction:  # SQLite already rolled back on some errors (disk full)
                conn.execute("ROLLBACK")
            raise
        conn.execute("COMMIT")
        return result

    # -- sessions --------------------------------------------------------
    def list_sessions(self) -> list[dict]:
        rows = self.conn.execute(
            "SELECT id, game, setup, head, finished, created, updated FROM sessions ORDER BY updated DESC, id DESC"
        ).fetchall()
        return [
            {"id": r[0], "game": r[1], "setup": json.loads(r[2]), "head": r[3], "finished": bool(r[4]),
             "created": r[5], "updated": r[6]}
            for r in rows
        ]

    def last_unfinished(self) -> int | None:
        row = self.conn.execute(
            "SELECT id FROM sessions WHERE finished = 0 ORDER BY updated DESC, id DESC LIMIT 1").fetchone()
        return row[0] if row else None

    def delete_session(self, session_id: int) -> None:
        self.write(lambda c: c.execute("DELETE FROM sessions WHERE id = ?", (session_id,)))

    # -- settings (what the settings screen changes) ---------------------
    def get_setting(self, key: str, default=None):
        row = self.conn.execute("SELECT value FROM settings WHERE key = ?", (key,)).fetchone()
        return json.loads(row[0]) if row else default

    def set_setting(self, key: str, value) -> None:
        self.write(lambda c: c.execute(
            "INSERT INTO settings (key, value) VALUES (?, ?) ON CONFLICT(key) DO UPDATE SET value = excluded.value",
            (key, json.dumps(value))))


def _create_schema(conn: sqlite3.Connection) -> None:
    version = conn.execute("PRAGMA user_version").fetchone()[0]
    if version > SCHEMA_VERSION:
        raise sqlite3.DatabaseError(f"made by a newer Cellmate (schema {version})")
    conn.executescript(SCHEMA)
    if version < SCHEMA_VERSION:
        conn.execute(f"PRAGMA user_version = {SCHEMA_VERSION}")


def _is_unwritable(exc: Exception) -> bool:
    text = str(exc).lower()
    return any(s in text for s in ("readonly", "read-only", "disk is full", "disk i/o error", "unable to open"))


def _move_aside(path: Path) -> Path:
    stamp = time.strftime("%Y%m%d-%H%M%S")
    target = path.with_name(f"{path.name}.corrupt-{stamp}")
    n = 1
    while target.exists():
        n += 1
        target = path.with_name(f"{path.name}.corrupt-{stamp}-{n}")
    for suffix in ("", "-wal", "-shm"):
        part = Path(str(path) + suffix)
        if part.exists():
            part.rename(Path(str(target) + suffix))
    return target
