"""The tables of a Cellmate file, how they are brought up to date, and whether a file
opened is one this Cellmate can use."""
from __future__ import annotations

import sqlite3
from dataclasses import dataclass

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
-- The faces of a game's rolls counted up to one of its actions (companion/session.py keeps
-- them in settings as 'faces.<session>'), only a cache: any change of the game's stored
-- actions but a new one at its end (a redo tail dropped, the game deleted, an edit) drops
-- them, whichever program or version makes it.
CREATE TRIGGER IF NOT EXISTS faces_stale_events_update AFTER UPDATE ON events BEGIN
    DELETE FROM settings WHERE key IN ('faces.' || OLD.session_id, 'faces.' || NEW.session_id); END;
CREATE TRIGGER IF NOT EXISTS faces_stale_events_delete AFTER DELETE ON events BEGIN
    DELETE FROM settings WHERE key = 'faces.' || OLD.session_id; END;
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


def create_schema(conn: sqlite3.Connection) -> None:
    # one transaction: each CREATE on its own would write the whole (long) schema to the WAL again
    conn.executescript("BEGIN;\n" + SCHEMA + "COMMIT;\n")   # deferred: all there already, no write lock
    if conn.execute("PRAGMA user_version").fetchone()[0] < SCHEMA_VERSION:
        conn.execute(f"PRAGMA user_version = {SCHEMA_VERSION}")

