"""Past games: resume a running one, look back over a finished one, delete
either (deleting asks first).

Its look is in sessions.kv beside this file. The list is a RecycleView fed a
page at a time from the store (the sessions table only, no game's log); the
next page comes when its end scrolls into view, or with a tap on "More".

A game finished before results were kept has none beside it: the screen works its
result out from the log after showing the list, a few games a frame (SETTLE_BUDGET),
the top of the list first, and keeps it (companion/results.py settle), so each such game
is worked out once. A log that gives no result says "Result unknown"."""
from __future__ import annotations

import time

from kivy.clock import Clock
from kivy.metrics import dp
from kivy.properties import BooleanProperty, ListProperty, NumericProperty, ObjectProperty, StringProperty
from kivy.uix.boxlayout import BoxLayout
from kivy.uix.recycleview.views import RecycleDataViewBehavior

from companion import results, stats
from companion.controller import REFUSED
from companion.session import Session
from companion.store import StoreError

from .. import theme
from ..dialogs.confirm import ConfirmDialog
from ..widgets.buttons import FlatButton
from ..widgets.window import Dialog
from .base import BaseScreen, PLAYABLE, game_title, players_text, running_app
from .log import LogFeed, show

PAGE = 20       # sessions read at a time: a few screenfuls
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

    def __init__(self, session: Session, **kwargs):
        super().__init__(**kwargs)
        self.session = session
        self.feed = LogFeed()

    def on_open(self):
        app = running_app()
        show(self.ids.scroll, self.feed.rows(self.session, app.t, app.lang))


STATS_AHEAD = 0.4       # s on Past games before Statistics is made ready (its kv rules, layout, words: ~30 ms)


class SessionsScreen(BaseScreen):
    def __init__(self, **kwargs):
        super().__init__(**kwargs)
        self.infos: list[dict] = []     # the sessions read so far, the last changed first
        self.total = 0
        self._rows: list[dict] = []     # each info's row data, made once, in the same order
        self._lang = ""                 # the language the rows were made in
        self._read_at: int | None = None    # the store's generation the infos were read at (None: unknown)
        self._ahead: tuple | None = None    # the next page, read once a page is shown:
        #                                     (generation, after, infos, rows, language)
        self._waiting: list[dict] = []  # finished games listed whose result is still to be worked out, top first
        self._listed: set[int] = set()  # the ids of the infos
        self._more = Clock.create_trigger(lambda _dt: self.load_more())
        self._settle = Clock.create_trigger(lambda _dt: self.settle_some())
        self._read_ahead = Clock.create_trigger(lambda _dt: self.read_ahead())

    def on_pre_enter(self, *args):
        self.ids.scroll.scroll_y = 1    # back at the first page, at the top
        if self._unchanged():
            # nothing listed has changed since (read from home and back): the first page of
            # what was read, no reading again and no rows made again
            if len(self.infos) > PAGE:
                last = self.infos[PAGE - 1]     # the second page is the one read ahead
                self._ahead = (self._read_at, (last["updated"], last["id"]),
                               self.infos[PAGE:2 * PAGE], self._rows[PAGE:2 * PAGE], self._lang)
                del self.infos[PAGE:], self._rows[PAGE:]
                self._listed = {info["id"] for info in self.infos}
                self._waiting = [info for info in self._waiting if info["id"] in self._listed]
            self._show()
            return
        self.infos, self._rows, self._waiting, self._ahead, self._listed = [], [], [], None, set()
        super().on_pre_enter(*args)

    def prepare(self):
        """The first page read and shown before the screen is (home makes it ready)."""
        if not self._unchanged():
            self.infos, self._rows, self._waiting, self._ahead, self._listed = [], [], [], None, set()
            self.refresh()

    def on_enter(self, *args):
        self.make_ready("stats", STATS_AHEAD)

    def still(self) -> bool:
        return self.ids.scroll._touch is None     # a finger on the list: not in the middle of its moving

    def _generation(self) -> int | None:
        # bumped by the store's triggers in the same commit as every change to a game or an
        # edit of its result, whichever program makes it: all a row shows (companion/stats.py);
        # a result kept as its log says is no change
        return stats.generation(self.app.store)

    def _unchanged(self) -> bool:
        return bool(self.infos) and self._read_at is not None and self._read_at == self._generation()

    def refresh(self):
        """The sessions read so far, read again (a delete, a game played meanwhile); only
        shown again when nothing listed changed (the language did)."""
        if self._unchanged():
            self._show()
            return
        store = self.app.store
        self._ahead = None
        try:
            read_at = self._generation()
            infos = store.list_sessions(limit=max(PAGE, len(self.infos)))
            self.total = store.count_sessions()
        except StoreError as exc:
            self.app.toast(self.t.error(exc), "error")
        else:
            self.infos, self._read_at = infos, read_at
            self._listed = {info["id"] for info in infos}
            self._rows = [self.row_data(info) for info in infos]
            self._lang = self.app.lang
            self._waiting = [info for info in infos if self._unsettled(info)]
        self._show()

    def _next_page(self) -> tuple[int | None, list[dict]]:
        """The page after the last listed, and the generation it was read at (StoreError)."""
        last = self.infos[-1] if self.infos else None
        read_at = self._generation()
        return read_at, self.app.store.list_sessions(
            limit=PAGE, after=(last["updated"], last["id"]) if last else None)

    def read_ahead(self):
        """The next page read and its rows made while this one is looked at, so "More" (or
        scrolling to the end) only shows them."""
        if (self.app.sm.current != self.name or len(self.infos) >= self.total or self._ahead is not None
                or self._read_at is None):      # listed across a change, or no generation: never shown
            return
        after = (self.infos[-1]["updated"], self.infos[-1]["id"]) if self.infos else None
        try:
            read_at, more = self._next_page()
        except StoreError:
            return                      # said when the page is asked for
        if read_at == self._read_at:
            self._ahead = (read_at, after, more, [self.row_data(info) for info in more], self.app.lang)

    def load_more(self):
        if len(self.infos) >= self.total:
            return
        after = (self.infos[-1]["updated"], self.infos[-1]["id"]) if self.infos else None
        ahead, self._ahead = self._ahead, None
        if (ahead is not None and ahead[0] == self._read_at and ahead[1] == after
                and ahead[4] == self._lang == self.app.lang and ahead[0] == self._generation()):
            more, rows = ahead[2], ahead[3]     # read while the list was looked at; nothing changed since
        else:
            try:
                read_at, more = self._next_page()
                self.total = self.app.store.count_sessions()
            except StoreError as exc:
                self.app.toast(self.t.error(exc), "error")
                return
            if read_at != self._read_at:
                self._read_at = None    # read across a change: the listed rows may be out of date
            rows = [self.row_data(info) for info in more]
        seen = self._listed                         # a change meanwhile can move one down
        fresh = [i for i, info in enumerate(more) if info["id"] not in seen]
        seen.update(more[i]["id"] for i in fresh)
        known = len(self._rows)
        self.infos += [more[i] for i in fresh]
        self._rows += [rows[i] for i in fresh]
        self._waiting += [more[i] for i in fresh if self._unsettled(more[i])]
        if not more:                    # fewer than counted (deleted meanwhile): nothing more to offer
            self.total = len(self.infos)
        # the same rows stay in view, the new ones come below (keep_top): not pinned to the end,
        # reading on and on
        self._show(same_before=known)

    def scrolled(self):
        """The list moved: its end (the "More" row) in view reads the next page, on the next frame."""
        view, rows = self.ids.scroll, self.ids.rows
        if self.total > len(self.infos) and (rows.height - view.height) * view.scroll_y < dp(theme.TOUCH):
            self._more()

    def _show(self, same_before: int = 0):
        """The rows on the list, and "More" below them while older games are unread. Each
        row's data is made once (a page read, a result worked out, the language changed:
        those rows again), so another page costs its own rows, not all of them."""
        if self._lang != self.app.lang:
            self._lang = self.app.lang
            self._rows = [self.row_data(info) for info in self.infos]
            same_before = 0
        data = self._rows
        if self.total > len(self.infos):
            data = data + [{"viewclass": "MoreRow", "screen": self, "height": dp(theme.TOUCH),
                            "text": self.t("sessions.more", count=self.total - len(self.infos))}]
        self.ids.empty.opacity = 0 if data else 1
        show(self.ids.scroll, data, same_before)
        if self._waiting:
            self._settle()              # after this frame: the list first
        if self.total > len(self.infos):
            self._read_ahead()

    def _unsettled(self, info) -> bool:
        return info["finished"] and info.get("result") is None

    def settle_some(self):
        """Work out the results of listed games finished before results were kept, top
        first, for at most SETTLE_BUDGET (at least one game), then show them; the rest
        on the next frames."""
        began, changed = time.perf_counter(), {}
        while self._waiting:
            info = self._waiting.pop(0)
            result = results.settle(self.app.store, info["id"], info["head"], info["updated"])
            if result is not None:
                info["result"] = result
                changed[info["id"]] = info
            if time.perf_counter() - began > SETTLE_BUDGET:
                break
        if changed:
            # a result kept is what its log says: no change to the store's generation, so what
            # is listed (and the page read ahead) still holds at the one it was read at
            first = len(self.infos)
            for at, info in enumerate(self.infos):
                if info["id"] in changed:
                    self._rows[at] = self.row_data(info)
                    first = min(first, at)
            self._show(same_before=first)   # only the rows that changed, and on to the next few
        elif self._waiting:
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
        when = time.strftime(t("date.format"), time.localtime(info["updated"]))
        state = t("sessions.finished" if info["finished"] else "sessions.running")
        return f"{title} · {state}\n{when} · {t('sessions.moves', count=info['head'])}"

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
            session = Session.load(self.app.store, row.session_id, claim=False)
        except REFUSED as exc:
            self.app.toast(self.t.error(exc), "error")
            return
        GameLogDialog(session, title=row.title, players=list(row.players), more_text=row.more_text,
                      body=row.detail.replace("\n", " · ")).open()

    def ask_delete(self, row: SessionRow):
        # The one question in the app: deleting cannot be undone.
        t = self.t
        session_id, detail = row.session_id, row.detail.replace("\n", " · ")  # the row may show another game later
        dialog = ConfirmDialog(title=t("sessions.confirm_title"),
                               body=t("sessions.confirm_text", players=row.title, detail=detail),
                               confirm_text=t("sessions.delete"))
        dialog.action = lambda: self.app.delete_session(session_id)
        dialog.open()


SCREEN = SessionsScreen
