"""Past games' list, read a page at a time: what is listed, the page read ahead, and
whether all that still holds.

No Kivy and no thread: the screen asks (through ui/browse.py) for the first page,
the next one, the results still to work out; a page read ahead comes as a `Page`,
read by `read_page` on any connection (a worker's twin) and handed to `offer` on the
thread that owns the list.

The list reads the sessions table only, never a game's log (Store.list_sessions),
the last changed first, a page after the (updated, id) of the last one listed, so a
delete between two pages skips nothing. All of it is held at the store's generation
(stats.generation): the store's triggers bump it in the same commit as every change
to a game or an edit of its result, whichever program makes it, and that is all a
row shows. So the list opened again at the same generation shows its first page
without reading the file, a page read ahead is only shown when nothing changed
since it was read, and a page read across a change leaves the list of no known
generation (read again when next opened). A result kept as its log says is no
change.

Each listed game's row, as the screen draws it, is made once by `row(info)`, in the
language `made_in()` says (made again when that changes): another page costs its own
rows, not all of them.

A game finished before results were kept has none beside it: `settle_some` works
out the listed ones' results from their logs (results.settle, which keeps them), the
top first, for about as long as it is given, so each such game is worked out once.
"""
from __future__ import annotations

import time
from dataclasses import dataclass
from typing import Any, Callable

from . import results, stats

PAGE = 20       # sessions read at a time: a few screenfuls


@dataclass(frozen=True)
class Page:
    """Sessions read after `after` (None: from the newest) at the store's generation `at`."""
    at: int | None
    after: tuple[float, int] | None
    infos: list[dict]


def read_page(store, after: tuple[float, int] | None, limit: int = PAGE) -> Page:
    """The page after `after` and the generation it was read at (StoreError)."""
    at = stats.generation(store)
    return Page(at, after, store.list_sessions(limit=limit, after=after))


def unsettled(info: dict) -> bool:
    """A finished game listed with no result kept beside it."""
    return info["finished"] and info.get("result") is None


class PastGames:
    """The sessions listed so far, the last changed first, with their rows (module doc)."""

    def __init__(self, row: Callable[[dict], Any] = dict, made_in: Callable[[], object] = lambda: None,
                 page: int = PAGE):
        self.row, self.made_in, self.page = row, made_in, page
        self.clear()

    def clear(self) -> None:
        """Nothing listed: read from the first page when next asked."""
        self.infos: list[dict] = []     # the sessions read so far
        self.rows: list = []            # each info's row, in the same order
        self.total = 0                  # the sessions in the store, as last counted
        self.read_at: int | None = None     # the generation the infos were read at (None: unknown)
        self.ahead: tuple[Page, list, object] | None = None     # the next page: (page, its rows, made in)
        self.waiting: list[dict] = []   # listed finished games whose result is still to be worked out, top first
        self._made: object = self.made_in()     # what the rows were made in
        self._listed: set[int] = set()  # the ids of the infos

    # -- what is known ------------------------------------------------------------------
    @property
    def unread(self) -> int:
        """Sessions counted but not listed yet ("More" offers them)."""
        return max(0, self.total - len(self.infos))

    def after(self) -> tuple[float, int] | None:
        """Where the next page begins: the (updated, id) of the last one listed."""
        return (self.infos[-1]["updated"], self.infos[-1]["id"]) if self.infos else None

    def unchanged(self, store) -> bool:
        """Something is listed, and nothing it shows changed since it was read."""
        return bool(self.infos) and self.read_at is not None and self.read_at == stats.generation(store)

    def wants_ahead(self) -> bool:
        """The next page is worth reading now: there is one, it is not read yet, and the
        list holds at a known generation (one read across a change is never shown)."""
        return bool(self.unread) and self.ahead is None and self.read_at is not None

    # -- reading ------------------------------------------------------------------------
    def first(self, store) -> None:
        """The sessions read again, as many as listed (at least a page): a delete, a game
        played meanwhile. A StoreError leaves what was listed (and drops the page ahead)."""
        self.ahead = None
        read_at = stats.generation(store)
        infos = store.list_sessions(limit=max(self.page, len(self.infos)))
        total = store.count_sessions()
        self.infos, self.read_at, self.total = infos, read_at, total
        self._listed = {info["id"] for info in infos}
        self._made = self.made_in()
        self.rows = [self.row(info) for info in infos]
        self.waiting = [info for info in infos if unsettled(info)]

    def rewind(self) -> None:
        """Back at the first page of what was read (opened again with nothing changed):
        the second page becomes the page read ahead, rows and all, and the rest is let go."""
        if len(self.infos) > self.page:
            last = self.infos[self.page - 1]
            self.ahead = (Page(self.read_at, (last["updated"], last["id"]), self.infos[self.page:2 * self.page]),
                          self.rows[self.page:2 * self.page], self._made)
            del self.infos[self.page:], self.rows[self.page:]
            self._listed = {info["id"] for info in self.infos}
            self.waiting = [info for info in self.waiting if info["id"] in self._listed]

    def offer(self, page: Page) -> bool:
        """A page read ahead (read_page, on any connection): kept with its rows when it
        follows the last one listed at the generation the list was read at."""
        if self.ahead is not None or page.at is None or page.at != self.read_at or page.after != self.after():
            return False
        self.ahead = (page, [self.row(info) for info in page.infos], self.made_in())
        return True

    def more(self, store) -> int | None:
        """The next page listed below the rest: the page read ahead when nothing changed
        since, else read now (StoreError). Returns where its rows begin; None: nothing
        more to read."""
        if not self.unread:
            return None
        after = self.after()
        ahead, self.ahead = self.ahead, None
        if (ahead is not None and ahead[0].at == self.read_at and ahead[0].after == after
                and ahead[0].at == stats.generation(store)):
            more = ahead[0].infos       # read while the list was looked at; nothing changed since
            rows = ahead[1] if ahead[2] == self.made_in() else [self.row(info) for info in more]
        else:
            page = read_page(store, after, self.page)
            self.total = store.count_sessions()
            if page.at != self.read_at:
                self.read_at = None     # read across a change: the listed rows may be out of date
            more, rows = page.infos, [self.row(info) for info in page.infos]
        known = len(self.rows)
        fresh = [i for i, info in enumerate(more) if info["id"] not in self._listed]   # a change can move one down
        self._listed.update(more[i]["id"] for i in fresh)
        self.infos += [more[i] for i in fresh]
        self.rows += [rows[i] for i in fresh]
        self.waiting += [more[i] for i in fresh if unsettled(more[i])]
        if not more:                    # fewer than counted (deleted meanwhile): nothing more to offer
            self.total = len(self.infos)
        return known

    # -- drawing ------------------------------------------------------------------------
    def shown(self) -> tuple[list, bool]:
        """The rows to draw, and whether they were all made again (`made_in()` changed)."""
        made = self.made_in()
        if made == self._made:
            return self.rows, False
        self._made = made
        self.rows = [self.row(info) for info in self.infos]
        return self.rows, True

    def settle_some(self, store, budget: float, clock: Callable[[], float] = time.perf_counter) -> int | None:
        """The results of listed games finished before results were kept worked out (and
        kept: results.settle), the top first, for about `budget` s (at least one game);
        the rest on the next call. Returns the first row made again (None: none)."""
        began, changed = clock(), set()
        while self.waiting:
            info = self.waiting.pop(0)
            result = results.settle(store, info["id"], info["head"], info["updated"])
            if result is not None:
                info["result"] = result
                changed.add(info["id"])
            if clock() - began > budget:
                break
        if not changed:
            return None
        # a result kept is what its log says: no change to the store's generation, so what
        # is listed (and the page read ahead) still holds at the one it was read at
        first = None
        for at, info in enumerate(self.infos):
            if info["id"] in changed:
                self.rows[at] = self.row(info)
                first = at if first is None else first
        return first
