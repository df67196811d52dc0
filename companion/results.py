"""Each finished game's result, kept beside its log for past games, the statistics and the export.

A result is the game's own (Game.result: winners, per seat a score and an outcome in
the game's words, how it ended, its turns) plus its length: the time from its first
to its last action. It is written when a game finishes (Session, with
companion.result_row), in the `results` table, valid while the session's head and
updated are what they were then: an undo past the end, a redo, another program's
change make it stale, and it is worked out again from the log when asked (`finished`,
`settle`). Games finished before results were kept get theirs the same way, once: Past
games works out those it shows, a few a frame, and the statistics and the export every
one they read.

A log this Cellmate cannot replay (damaged, a game it does not know) gets a kept
marker instead, {UNKNOWN: why, "by": this version}: it is tried once, shown as
"result unknown", counted nowhere, and the log itself is left as it is. Another
version of Cellmate tries it again. A file that cannot be written (read-only, no
results table) keeps what was worked out in memory (Store.worked_out) instead.
"""
from __future__ import annotations

import logging

from . import __version__, games
from .result_row import of, save
from .session import Session
from .store import Store, StoreError, load_json, repair_setup

log = logging.getLogger(__name__)
UNKNOWN = "unknown"     # the key of a kept marker: this log gives no result (the value says why)


def unknown(result) -> bool:
    """A kept marker for a log that gives no result (not a result)."""
    return isinstance(result, dict) and UNKNOWN in result


def settled(result) -> bool:
    """A kept result, or a marker this version wrote: nothing more to work out."""
    return isinstance(result, dict) and (UNKNOWN not in result or result.get("by") == __version__)


def has_table(store: Store) -> bool:
    """A file opened read-only as an older Cellmate left it has no results table."""
    return store.has_results()


def finished(store: Store, keep: bool = True, pace=None) -> list[dict]:
    """Every finished game, oldest first: {"id", "game", "setup", "created", "updated", "head",
    "result"} (result None when its log cannot be replayed). A result not kept yet (or stale)
    is worked out from the log and, with `keep`, written back (a read-only file: not kept).
    `pace`: called before each game (a worker thread lets the screen's thread in there)."""
    table = has_table(store)
    sql = ("SELECT s.id, s.game, s.setup, s.head, s.created, s.updated, "
           + ("r.result FROM sessions AS s LEFT JOIN results AS r ON r.session_id = s.id AND r.head = s.head "
              "AND r.updated = s.updated " if table else "NULL FROM sessions AS s ")
           + "WHERE s.finished = 1 ORDER BY s.created, s.id")
    out = []
    for sid, game_id, setup_text, head, created, updated, text in store.read(sql):
        if pace is not None:
            pace()
        setup = load_json(setup_text)
        setup = repair_setup(setup)[0] if isinstance(setup, dict) else {"players": [], "options": {}}
        result = load_json(text) if text is not None else None
        if not settled(result):
            result = settle(store, sid, head, updated, keep=keep and table)
        out.append({"id": sid, "game": game_id, "setup": setup, "head": head, "created": created,
                    "updated": updated, "result": None if unknown(result) else result})
    return out


def settle(store: Store, session_id: int, head: int, updated: float, keep: bool = True) -> dict | None:
    """A finished session's result worked out from its log once: the result, or the
    UNKNOWN marker when its log gives none (both kept, so neither is worked out again).
    None: not now (the file is busy or unreadable, the game was deleted meanwhile)."""
    memo = store.worked_out.get((session_id, head, updated))
    if memo is not None:
        return memo
    try:
        session = Session.load(store, session_id, claim=False)
        started, ended = store.read("SELECT MIN(at), MAX(at) FROM events WHERE session_id = ? AND seq <= ?",
                                    (session_id, head))[0]
        result = of(session.game, session.state, started, ended) or _marker("no_result")
    except StoreError as exc:
        if exc.key != "session_damaged":
            return None                 # busy or unreadable: tried again later
        result = _marker("damaged")
    except games.IllegalAction as exc:
        if exc.key == "no_session":
            return None                 # deleted meanwhile
        result = _marker(exc.key)       # a game this Cellmate does not know
    except Exception:   # a log this version cannot replay
        log.warning("game %s: no result", session_id, exc_info=True)
        result = _marker("replay")
    kept = False
    if keep and store.refusal is None and store.waiting is None:
        try:
            store.write(lambda c: _keep_if_unchanged(c, session_id, head, updated, result))
            kept = True
        except StoreError:
            pass        # only a cache: kept in memory instead
    if not kept:
        store.worked_out[(session_id, head, updated)] = result
    return result


def _marker(why: str) -> dict:
    return {UNKNOWN: why, "by": __version__}


def _keep_if_unchanged(c, session_id, head, updated, result) -> None:
    row = c.execute("SELECT head, updated FROM sessions WHERE id = ?", (session_id,)).fetchone()
    if row is not None and tuple(row) == (head, updated):
        save(c, session_id, head, updated, result)
