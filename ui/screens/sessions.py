"""Past games: resume a running one, look back over a finished one, delete
either (deleting asks first).

Its look is in sessions.kv beside this file. The list is a RecycleView fed a
page at a time (companion/past_games.py, asked through ui/browse.py: the screen
reads nothing itself); the next page comes when its end scrolls into view, or with
a tap on "More", and is read ahead while a page is looked at.

A game finished before results were kept has none beside it: its result is worked
out from the log after showing the list, a few games a frame (SETTLE_BUDGET), the
top of the list first, and kept (companion/results.py settle), so each such game
is worked out once. A log that gives no result says "Result unknown"."""
from __future__ import annotations

from kivy.clock import Clock
from kivy.metrics import dp
from kivy.properties import BooleanProperty, ListProperty, NumericProperty, ObjectProperty, StringProperty
from kivy.uix.boxlayout import BoxLayout
from kivy.uix.recycleview.views import RecycleDataViewBehavior

from companion import dates, results, stats
from companion.controller import REFUSED
from companion.past_games import PAGE  # noqa: F401  (a page of the list, as the tests know it)
from companion.session import Session
from companion.store import StoreError

from .. import theme
from ..dialogs.confirm import ConfirmDialog
from ..widgets.buttons import FlatButton
from ..widgets.window import Dialog
from ..wrapping import unbroken
from .base import BaseScreen, PLAYABLE, game_title, players_text
from .log import LogFeed, show

ROW = 112       # a row's height (dp); a finished game's result adds a line
RESULT_LINE = 34
SETTLE_BUDGET = 0.006   # s of a frame spent working out old games' results (a frame is 16.7 ms)


class SessionRow(RecycleDataViewBehavior, BoxLayout):
    session_id = NumericProperty(0)
    title = StringProperty("")          # every name: the dialogs' words
    players = ListProperty([])          # the same names, for the one line the row has
    more_text = StringProperty("")
    detail = StringProperty("")
    result_template = StringProperty("")   # "Won: {names} · 42 min" ("": no result kept)
    winners = ListProperty([])
    finished = BooleanProperty(False)
    playable = BooleanProperty(True)    # this UI has a table screen for its game
    screen = ObjectProperty(None)
    # The buttons' words come with the data: a row may have been made for an earlier app (Kivy
    # keeps recycled views process-wide) and must not keep that app's language.
    resume_text = StringProperty("")
    view_text = StringProperty("")
    delete_text = StringProperty("")


class MoreRow(RecycleDataViewBehavior, FlatButton):
    """The list's last row while older games are still unread: scrolled into view
    it reads the next page (a tap does too)."""
    screen = ObjectProperty(None)


class GameLogDialog(Dialog):
    """A finished game's log, to read: no undo, no redo, nothing played on."""
    players = ListProperty([])          # its title: the names, whole
    more_text = StringProperty("")

    def __init__(self, session: Session, t, **kwargs):
        super().__init__(**kwargs)
        self.session = session
        self.t = t                          # the table's catalogue
        self.feed = LogFeed()

    def on_open(self):
        show(self.ids.scroll, self.feed.rows(self.session, self.t, self.t.lang))


STATS_AHEAD = 0.4       # s on Past games before Statistics is made ready (its kv rules, layout, words: ~30 ms)


class SessionsScreen(BaseScreen):
    def __init__(self, **kwargs):
        super().__init__(**kwargs)
        self.browse = self.table.browse         # reads the store for this screen (ui/browse.py)
        self.past = self.browse.past_games(self.row_data, lambda: self.t.lang)    # what is listed
        self._more = Clock.create_trigger(lambda _dt: self.load_more())
        self._settle = Clock.create_trigger(lambda _dt: self.settle_some())
        self._read_ahead = Clock.create_trigger(lambda _dt: self.read_ahead())

    @property
    def infos(self) -> list[dict]:
        """The sessions listed, the last changed first."""
        return self.past.infos

    def on_pre_enter(self, *args):
        self.ids.scroll.scroll_y = 1    # back at the first page, at the top
        if self.browse.past_again():
            # nothing listed has changed since (read from home and back): the first page of
            # what was read, no reading again and no rows made again
            self._show()
            return
        super().on_pre_enter(*args)

    def prepare(self):
        """The first page read and shown before the screen is (home makes it ready)."""
        if not self.browse.past_again():
            self.refresh()

    def on_enter(self, *args):
        self.make_ready("stats", STATS_AHEAD)

    def still(self) -> bool:
        return self.ids.scroll._touch is None     # a finger on the list: not in the middle of its moving

    def refresh(self):
        """The sessions read so far, read again (a delete, a game played meanwhile); only
        shown again when nothing listed changed (the language did)."""
        try:
            self.browse.read_past()
        except StoreError as exc:
            self.table.toast(self.t.error(exc), "error")
        self._show()

    def read_ahead(self):
        """The next page read and its rows made while this one is looked at, so "More" (or
        scrolling to the end) only shows them."""
        if self.manager is not None and self.manager.current == self.name:
            self.browse.read_ahead()

    def load_more(self):
        try:
            known = self.browse.more_past()
        except StoreError as exc:
            self.table.toast(self.t.error(exc), "error")
            return
        if known is not None:
            # the same rows stay in view, the new ones come below (keep_top): not pinned to the
            # end, reading on and on
            self._show(same_before=known)

    def scrolled(self):
        """The list moved: its end (the "More" row) in view reads the next page, on the next frame."""
        view, rows = self.ids.scroll, self.ids.rows
        if self.past.unread and (rows.height - view.height) * view.scroll_y < dp(theme.TOUCH):
            self._more()

    def _show(self, same_before: int = 0):
        """The rows on the list, and "More" below them while older games are unread. Each
        row's data is made once (a page read, a result worked out, the language changed:
        those rows again), so another page costs its own rows, not all of them."""
        data, remade = self.past.shown()
        if remade:
            same_before = 0
        unread = self.past.unread
        if unread:
            data = data + [{"viewclass": "MoreRow", "screen": self, "height": dp(theme.TOUCH),
                            "text": self.t("sessions.more", count=unread)}]
        self.ids.empty.opacity = 0 if data else 1
        show(self.ids.scroll, data, same_before)
        if self.past.waiting:
            self._settle()              # after this frame: the list first
        if unread:
            self._read_ahead()

    def settle_some(self):
        """Work out the results of listed games finished before results were kept, top
        first, for at most SETTLE_BUDGET (at least one game), then show them; the rest
        on the next frames."""
        first = self.browse.settle_past(SETTLE_BUDGET)
        if first is not None:
            self._show(same_before=first)   # only the rows that changed, and on to the next few
        elif self.past.waiting:
            self._settle()

    def row_data(self, info) -> dict:
        t = self.t
        line, winners = self.result_line(info)
        return {"viewclass": "SessionRow", "screen": self, "session_id": info["id"],
                "result_template": line, "winners": winners,
                "height": dp(ROW + (RESULT_LINE if line or info["finished"] else 0)),
                "title": self.describe(info), "detail": self.detail(info), "finished": info["finished"],
                "players": [p["name"] for p in info["setup"]["players"]], "more_text": t("sessions.more_players"),
                "playable": info["game"] in PLAYABLE, "resume_text": t("sessions.resume"),
                "view_text": t("sessions.view"), "delete_text": t("sessions.delete")}

    def rows(self) -> list[SessionRow]:
        """The session rows on the screen, top to bottom."""
        rows = self.ids.rows
        return sorted((w for w in rows.children if isinstance(w, SessionRow)), key=lambda w: -w.y)

    def describe(self, info) -> str:
        return players_text(info["setup"]["players"])

    def detail(self, info) -> str:
        t = self.t
        title = game_title(t, info["game"])
        when = unbroken(dates.when(info["updated"], t.lang))      # a date, and a count with its word, whole
        state = t("sessions.finished" if info["finished"] else "sessions.running")
        return f"{title} · {state}\n{when} · {unbroken(t('sessions.moves', count=info['head']))}"

    def result_line(self, info) -> tuple[str, list[str]]:
        """A finished game's result, one line under the rest: ("Won: {names} · 42 min", the
        winners' names), the names as many as fit (NamesLabel); "Result unknown" for a log
        that gives none. ("", []): not worked out yet (settle_some, a frame later); a
        finished game's row keeps the line's room meanwhile, so nothing moves."""
        result = info.get("result") if info["finished"] else None
        if not result:
            return "", []
        t = self.t
        if results.unknown(result):
            return t("sessions.result_unknown"), []
        players = info["setup"]["players"]
        names = [players[seat]["name"] for seat in result.get("winners") or [] if 0 <= seat < len(players)]
        length = stats.minutes(result.get("seconds"))
        parts = ([t("result.won", names="{names}")] if names else []) + (
            [t("result.length", count=length)] if length is not None else [])
        return " · ".join(parts), names

    def view(self, row: SessionRow):
        """A finished game's log, read without taking the game (nothing is played on)."""
        try:
            session = self.browse.saved(row.session_id)
        except REFUSED as exc:
            self.table.toast(self.t.error(exc), "error")
            return
        GameLogDialog(session, self.t, title=row.title, players=list(row.players), more_text=row.more_text,
                      body=row.detail.replace("\n", " · ")).open()

    def ask_delete(self, row: SessionRow):
        # The one question in the app: deleting cannot be undone.
        t = self.t
        session_id, detail = row.session_id, row.detail    # (the row may show another game later)
        dialog = ConfirmDialog(title=t("sessions.confirm_title"),
                               body=t("sessions.confirm_text", players=row.title, detail=detail),
                               confirm_text=t("sessions.delete"))
        dialog.action = lambda: self.table.delete_session(session_id)
        dialog.open()


SCREEN = SessionsScreen
