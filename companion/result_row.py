"""A finished game's row in the results table: the game's own result with its length
(`of`), written inside the commit that finishes the game (`save`).

companion.session writes these rows as a game is played; companion.results reads them
back and works out a missing one by replaying the session. Both take them from here,
so the session never imports the module that imports it.
"""
from __future__ import annotations

import json
import logging

log = logging.getLogger("companion.results")    # (where these lines were always logged)


def of(game, state: dict, started: float | None, ended: float | None) -> dict | None:
    """The game's result with its length, or None (not finished, or a state its result cannot read)."""
    try:
        result = game.result(state)
    except Exception:   # an old or damaged state: no result, never a crash
        log.warning("no result for a %s game", getattr(game, "id", "?"), exc_info=True)
        return None
    if result is None:
        return None
    seconds = ended - started if started is not None and ended is not None else None
    return {**result, "started": started, "ended": ended, "seconds": seconds}


def save(c, session_id: int, head: int, updated: float, result: dict | None) -> None:
    """Inside a transaction: keep (or drop, None) a session's result."""
    if result is None:
        c.execute("DELETE FROM results WHERE session_id = ?", (session_id,))
    else:
        c.execute("INSERT OR REPLACE INTO results (session_id, head, updated, result) VALUES (?, ?, ?, ?)",
                  (session_id, head, updated, json.dumps(result)))


def first_action_at(c, session_id: int) -> float | None:
    row = c.execute("SELECT at FROM events WHERE session_id = ? ORDER BY seq LIMIT 1", (session_id,)).fetchone()
    return row[0] if row else None
