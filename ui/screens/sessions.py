"""Past games: resume or delete (deleting asks first).

Its look is in sessions.kv beside this file."""
from __future__ import annotations

import time

from kivy.properties import BooleanProperty, NumericProperty, ObjectProperty, StringProperty
from kivy.uix.boxlayout import BoxLayout

from companion import games

from ..dialogs import ConfirmDialog
from .base import BaseScreen, PLAYABLE, players_text


class SessionRow(BoxLayout):
    session_id = NumericProperty(0)
    title = StringProperty("")
    detail = StringProperty("")
    players = ObjectProperty([])
    finished = BooleanProperty(False)
    playable = BooleanProperty(True)    # this UI has a table screen for its game
    screen = ObjectProperty(None)


class SessionsScreen(BaseScreen):
    def refresh(self):
        box = self.ids.rows
        box.clear_widgets()
        sessions = self.app.store.list_sessions()
        self.ids.empty.opacity = 0 if sessions else 1
        for info in sessions:
            box.add_widget(SessionRow(screen=self, session_id=info["id"], players=info["setup"]["players"],
                                      playable=info["game"] in PLAYABLE,
                                      finished=info["finished"], title=self.describe(info),
                                      detail=self.detail(info)))

    def describe(self, info) -> str:
        return players_text(info["setup"]["players"])

    def detail(self, info) -> str:
        t = self.t
        try:
            title = t(games.get(info["game"]).title)
        except games.IllegalAction:
            title = info["game"]
        when = time.strftime(t("date.format"), time.localtime(info["updated"]))
        state = t("sessions.finished" if info["finished"] else "sessions.running")
        return " · ".join((title, when, t("sessions.moves", count=info["head"]), state))

    def ask_delete(self, row: SessionRow):
        # The one question in the app: deleting cannot be undone.
        t = self.t
        dialog = ConfirmDialog(title=t("sessions.confirm_title"),
                               body=t("sessions.confirm_text", players=row.title, detail=row.detail),
                               confirm_text=t("sessions.delete"))
        dialog.action = lambda: self.app.delete_session(row.session_id)
        dialog.open()


SCREEN = SessionsScreen
