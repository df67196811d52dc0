"""The saved games the table looks for, without Kivy: what Resume, Play again and
home's count read from the store.

Saved sessions come the last changed first, a page at a time: what home looks for
is nearly always on the first page, so a table of thousands of finished games
reads a few rows at every start and every look at home.
"""
from __future__ import annotations

from companion import games

SESSIONS_PAGE = 20    # saved games read at once when looking for one


def playable(game_id: str) -> bool:
    """A game this Cellmate has a table screen for: saved games of a game it does not
    know are listed, not played (the registry: asking imports only that game)."""
    return game_id in games.GAMES


class SavedGames:
    def __init__(self, store):
        self.store = store

    def count(self) -> int:
        """How many games are saved (home's Past games tile)."""
        return self.store.count_sessions()

    def listed(self, unfinished: bool = False):
        """Saved sessions (`unfinished`: only those), the last changed first, a page at a time."""
        after = None
        while True:
            page = self.store.list_sessions(limit=SESSIONS_PAGE, after=after, unfinished=unfinished)
            yield from page
            if len(page) < SESSIONS_PAGE:
                return
            after = (page[-1]["updated"], page[-1]["id"])

    def find(self, session_id: int) -> dict | None:
        return next((info for info in self.listed() if info["id"] == session_id), None)

    def last_unfinished(self) -> dict | None:
        """Like store.last_unfinished(), but only games this UI has a table screen for;
        only unfinished ones are read."""
        return next((info for info in self.listed(unfinished=True) if playable(info["game"])), None)

    def latest(self, open_id: int | None = None) -> dict | None:
        """The table "Same table again" reuses: the open session's (`open_id`), else the newest."""
        sessions = (info for info in self.listed() if playable(info["game"]))
        if open_id is not None:
            return next((info for info in sessions if info["id"] == open_id), None)
        return next(sessions, None)
