"""The log: every action in words, undo and redo any number of steps.

Its look is in log.kv beside this file. The rows are a RecycleView: only the
rows on the screen are widgets, and a refresh hands it new data (when anything
changed), never new widgets."""
from __future__ import annotations

import logging

from kivy.properties import NumericProperty, ObjectProperty, StringProperty
from kivy.uix.boxlayout import BoxLayout
from kivy.uix.recycleview.views import RecycleDataViewBehavior

from companion.store import StoreError

from .. import actions as A
from .base import BaseScreen

log = logging.getLogger(__name__)
PAGE = 50       # actions described at a time: a screenful needs one page, at most two
REACH = 200     # the newest actions in the list; scrolling to its end brings this many more


class LogRow(RecycleDataViewBehavior, BoxLayout):
    seq = StringProperty("")
    colour = StringProperty("grey")
    letter = StringProperty("")
    text = StringProperty("")
    tag = StringProperty("")
    kind = StringProperty("done")   # done / head / undone / start / more (earlier actions below)
    feed = ObjectProperty(None, allownone=True)   # where an action's words come from (None: given in the data)
    ver = NumericProperty(0)        # the words' version: new words, new data

    def refresh_view_attrs(self, rv, index, data):
        super().refresh_view_attrs(rv, index, data)
        if self.kind == "more":     # the end of the list came into view: the earlier actions after it
            if self.feed is not None:
                self.feed.want_more()
            return
        if self.feed is not None:   # an action: its words are looked up only now it is on the screen
            seat, self.text = self.feed.words(int(self.seq))
            who = self.feed.player(seat)
            self.colour, self.letter = (who["colour"], who["letter"]) if who else ("grey", "")


class _Page:
    __slots__ = ("keys", "words", "vers")

    def __init__(self, keys, words, vers):
        self.keys, self.words, self.vers = keys, words, vers    # vers: each row's words' version


class LogFeed:
    """One session's log as RecycleView data: the redo tail on top (greyed),
    then the head ("now"), everything before it, the table's start at the bottom.

    An action is described from the state before it (Session.history), a page of
    PAGE actions at a time, only when a row of that page is on the screen. After
    every change the pages on the screen are checked again with one read each
    (the action, and what of it is still secret, may have changed); other pages
    are checked when they come into view."""

    def __init__(self):
        self.session = None
        self.t = None
        self._for = None          # (session id, store, language) the words belong to
        self._pages: dict[int, _Page] = {}
        self._checked: set[int] = set()   # pages checked since the last refresh
        self._ver = 0
        self._made: dict[tuple, dict] = {}  # (seq, kind, tag, ver) -> the row's data, as last given
        self.on_more = None       # the screen's: bring REACH more of the earlier actions

    def want_more(self) -> None:
        if self.on_more is not None:
            self.on_more()

    def rows(self, session, t, lang: str, shown=(), reach: int = REACH) -> list[dict]:
        """The data for the RecycleView; `shown`: the seqs on the screen now. Only the
        newest `reach` actions are rows (a press then lays out a few hundred rows, not
        every action of a long game); below them a row says how many came before."""
        if self._for != (session.id, id(session.store), lang):
            self._for, self._pages = (session.id, id(session.store), lang), {}   # _ver goes on: new words, new data
        self.session, self.t = session, t
        self._checked.clear()
        length = session.length
        for page in {_page_of(seq) for seq in shown if 0 < seq <= length} | {_page_of(length)}:
            if length:
                self._try(page)
        for page in [p for p in self._pages if p > _page_of(length)]:
            del self._pages[page]
        now, undone, head = t("log.now"), t("log.undone"), session.head
        rows = []
        low = max(1, length - max(1, reach) + 1)
        made, self._made = self._made, {}
        pages, checked = self._pages, self._checked
        for seq in range(length, low - 1, -1):     # (seq >= 1: its page is (seq - 1) // PAGE)
            kind, tag = ("undone", undone) if seq > head else ("head", now) if seq == head else ("done", "")
            number = (seq - 1) // PAGE
            page = pages.get(number)
            at = seq - number * PAGE - 1
            key = (seq, kind, tag, page.vers[at] if page is not None and at < len(page.vers) else 0)
            # the very same dict (its view kept, words not looked up again) only for a row whose
            # page was checked just now: a page out of sight may have changed (an undo hid a card)
            row = made.get(key) if number in checked else None
            if row is None:
                row = {"seq": str(seq), "kind": kind, "tag": tag, "feed": self, "ver": key[3]}
            rows.append(row)
            self._made[key] = row
        if low > 1:     # earlier actions: a row that brings them when it comes into view
            rows.append({"seq": "", "kind": "more", "tag": "", "feed": self, "ver": 0, "colour": "grey",
                         "letter": "", "text": t("log.more", count=low - 1)})
            return rows
        players = session.setup["players"]
        if session.game.announces_first:
            first = players[session.setup.get("first_player", 0)]
            start = {"colour": first["colour"], "letter": first["letter"], "text": t("log.start", name=first["name"])}
        else:  # who "starts" is the game's business (a roll, a Soap): say only that the table is set
            start = {"colour": "grey", "letter": "", "text": t("game.started", game=t(session.game.title))}
        rows.append({"seq": "0", "kind": "head" if head == 0 else "start", "tag": now if head == 0 else "",
                     "feed": None, "ver": 0, **start})
        return rows

    def words(self, seq: int) -> tuple:
        """(seat or None, words) of the action `seq`."""
        page = _page_of(seq)
        if page not in self._checked:
            problem = self._try(page)
            if problem is not None:     # said in the row; read again next time
                return None, problem
        words = self._pages[page].words if page in self._pages else []
        index = seq - page * PAGE - 1
        return words[index] if 0 <= index < len(words) else (None, "")  # a row from before a change: redrawn

    def _try(self, page: int) -> str | None:
        """Check the page; what went wrong in words, never a crash mid-layout."""
        try:
            self._check(page)
        except StoreError as exc:       # the file refused a read (locked, damaged)
            return self.t.error(exc)
        except Exception as exc:        # a stored action this version cannot replay or describe
            log.warning("log page %s of game %s cannot be described", page, self.session.id, exc_info=True)
            reason = f"{type(exc).__name__}: {exc}"
            return self.t.error(StoreError("session_damaged", reason, session=self.session.id, reason=reason))
        return None

    def player(self, seat):
        players = self.session.setup["players"] if self.session is not None else []
        return players[seat] if seat is not None and 0 <= seat < len(players) else None

    def _check(self, page: int) -> None:
        """The page's words, described again from its first action that changed."""
        session, game = self.session, self.session.game
        first, last = page * PAGE + 1, min((page + 1) * PAGE, session.length)
        keys = [(action, frozenset(session.hidden_args(action)))
                for action in session.stored(first, last)]
        old = self._pages.get(page)
        if old is None or old.keys != keys:
            same = 0
            if old is not None:
                while same < min(len(keys), len(old.keys)) and old.keys[same] == keys[same]:
                    same += 1
            words = old.words[:same] if old is not None else []
            players = session.setup["players"]
            for seq, action, before in session.history(first + same, last):
                words.append(A.describe(self.t, game, players, before, action, keys[seq - first][1]))
            self._ver += 1      # only the rows described again are new data: the others keep their views
            vers = (old.vers[:same] if old is not None else []) + [self._ver] * (len(words) - same)
            self._pages[page] = _Page(keys, words, vers)
        self._checked.add(page)


def _page_of(seq: int) -> int:
    return max(seq - 1, 0) // PAGE


def show(view, data: list[dict], same_before: int = 0) -> bool:
    """Hand a RecycleView new data only when it differs, and lay it out at once
    (what a refresh shows is on the screen before the cues play). True if it changed.

    Only the rows that differ are handed over (a press: one row more at the top, the
    head's mark moved, the oldest row gone and the count of earlier ones below it): the
    RecycleView then keeps every other row's measured size instead of guessing all of
    them again. `same_before`: the caller knows the rows before it are the very same (a
    page added below thousands): not looked at again."""
    old = view.data
    if old == data:
        return False
    start, end_old, end_new = min(same_before, len(old), len(data)), len(old), len(data)
    def same_row(a: dict, b: dict) -> bool:
        return a is b or a == b         # a row's data is made once: mostly the very same dict

    while start < min(end_old, end_new) and same_row(old[start], data[start]):
        start += 1
    while end_old > start and end_new > start and same_row(old[end_old - 1], data[end_new - 1]):
        end_old, end_new = end_old - 1, end_new - 1
    # between them, the rows kept as they were, moved by the rows added above them (a press:
    # all but the first few and the last): the rows before them and after them changed
    where = {id(row): i for i, row in enumerate(old[start:end_old], start)}
    first = next((j for j in range(start, end_new) if id(data[j]) in where), None)
    if first is None and start == 0 and end_old == len(old) and end_new == len(data):
        view.data = data                       # nothing in common: a new list
    elif first is None:
        _replace(old, start, end_old, data[start:end_new])
    else:
        at = where[id(data[first])]
        run = 0
        while first + run < end_new and at + run < end_old and same_row(old[at + run], data[first + run]):
            run += 1
        _replace(old, at + run, end_old, data[first + run:end_new])     # below them first: the rows
        _replace(old, start, at, data[start:first])                      # above keep their places
    view.refresh_views()
    return True


def _replace(old, begin: int, end: int, rows: list) -> None:
    """old[begin:end] = rows, as changes the RecycleView follows row by row (rows modified,
    added, gone), where a slice of another length would have it measure every row again."""
    same = min(end - begin, len(rows))
    if same:
        old[begin:begin + same] = rows[:same]              # modified in place
    if len(rows) > same:
        if begin + same == len(old):
            old.extend(rows[same:])                        # rows added at the end: one change
        else:
            for k, row in enumerate(rows[same:]):
                old.insert(begin + same + k, row)          # rows added
    elif end - begin > same:
        del old[begin + same:end]                          # rows gone


class LogScreen(BaseScreen):
    """Every action in words, newest first; the redo tail greyed above them."""

    def __init__(self, **kwargs):
        super().__init__(**kwargs)
        self.feed = LogFeed()
        self.feed.on_more = self._more_soon
        self.reach = REACH
        self._more = None

    def on_pre_enter(self, *args):
        self.ids.scroll.scroll_y = 1    # opened at the newest action
        self.reach = REACH
        super().on_pre_enter(*args)

    def _more_soon(self) -> None:
        """Asked while the RecycleView lays out its rows: the data changes after that."""
        from kivy.clock import Clock
        if self._more is None:
            self._more = Clock.schedule_once(self.show_more, 0)

    def show_more(self, *_):
        """REACH more of the earlier actions below the list, the rows on the screen kept where they are."""
        self._more = None
        view = self.ids.scroll
        if self.table.session is None:
            return
        scrollable = max(1.0, view.children[0].height - view.height) if view.children else 1.0
        from_top = (1 - view.scroll_y) * scrollable
        self.reach += REACH
        self.refresh()
        scrollable = max(1.0, view.children[0].height - view.height) if view.children else 1.0
        view.scroll_y = max(0.0, min(1.0, 1 - from_top / scrollable))

    def refresh(self):
        table = self.table
        session = table.session
        if session is None:
            show(self.ids.scroll, [])
            return
        self.ids.undo_btn.disabled = not session.can_undo
        self.ids.redo_btn.disabled = not session.can_redo
        shown = [int(row.seq) for row in self.ids.rows.children if row.seq]
        show(self.ids.scroll, self.feed.rows(session, self.t, table.t.lang, shown, self.reach))


SCREEN = LogScreen
