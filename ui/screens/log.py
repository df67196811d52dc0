"""The log: every action in words, undo and redo any number of steps.

Its look is in log.kv beside this file."""
from __future__ import annotations

import json

from kivy.properties import StringProperty
from kivy.uix.boxlayout import BoxLayout


from .. import actions as A
from .base import BaseScreen, LOG_LIMIT


class LogRow(BoxLayout):
    seq = StringProperty("")
    colour = StringProperty("grey")
    letter = StringProperty("")
    text = StringProperty("")
    tag = StringProperty("")
    kind = StringProperty("done")   # done / head / undone / start


class LogScreen(BaseScreen):
    """Every action in words, newest first; the redo tail greyed above them.

    Each action is described once, from the state before it (Session.history),
    and kept until it changes: a redraw after one more action describes one."""

    def __init__(self, **kwargs):
        super().__init__(**kwargs)
        self._words: dict[int, tuple] = {}     # seq -> (what it was described from, (seat, words))
        self._words_for = None                  # (session id, language) the words belong to

    def refresh(self):
        app, t = self.app, self.t
        session = app.session
        box = self.ids.rows
        box.clear_widgets()
        if session is None:
            return
        self.ids.undo_btn.disabled = not session.can_undo
        self.ids.redo_btn.disabled = not session.can_redo
        players = session.setup["players"]
        words = self.words(session)
        rows = []
        for seq in range(session.length, session.head, -1):  # the redo tail, newest first, greyed
            rows.append(self._row(seq, words[seq - 1], players, "undone", t("log.undone")))
        for seq in range(session.head, 0, -1):
            kind, tag = ("head", t("log.now")) if seq == session.head else ("done", "")
            rows.append(self._row(seq, words[seq - 1], players, kind, tag))
            if len(rows) >= LOG_LIMIT:
                break
        hidden = session.head - sum(1 for r in rows if r.kind in ("done", "head"))
        for row in rows:
            box.add_widget(row)
        if hidden > 0:
            box.add_widget(LogRow(text=t("log.older", count=hidden), kind="done"))
        if session.game.announces_first:
            first = players[session.setup.get("first_player", 0)]
            start = LogRow(seq="0", colour=first["colour"], letter=first["letter"], text=t("log.start", name=first["name"]))
        else:  # who "starts" is the game's business (a roll, a Soap): say only that the table is set
            start = LogRow(seq="0", text=t("game.started", game=t(session.game.title)))
        start.kind = "head" if session.head == 0 else "start"
        start.tag = t("log.now") if session.head == 0 else ""
        box.add_widget(start)

    def words(self, session) -> list[tuple]:
        """(seat, words) for every stored action, in order, redo tail included."""
        game, t = session.game, self.t
        if self._words_for != (session.id, self.app.lang):
            self._words, self._words_for = {}, (session.id, self.app.lang)
        stored = session.actions() + session.redo_tail()
        keys = [(json.dumps(action, sort_keys=True), frozenset(game.hidden_args(session.state, action)))
                for action in stored]
        first = next((seq for seq, key in enumerate(keys, 1) if self._words.get(seq, (None,))[0] != key), None)
        if first is not None:
            players = session.setup["players"]
            for seq, action, before in session.history(first):
                key = keys[seq - 1]
                self._words[seq] = (key, A.describe(t, game, players, before, action, key[1]))
        for seq in [s for s in self._words if s > len(stored)]:
            del self._words[seq]
        return [self._words[seq][1] for seq in range(1, len(stored) + 1)]

    def _row(self, seq, words, players, kind, tag) -> LogRow:
        seat, text = words
        who = players[seat] if seat is not None else None
        return LogRow(seq=str(seq), colour=who["colour"] if who else "grey",
                      letter=who["letter"] if who else "", text=text, tag=tag, kind=kind)


SCREEN = LogScreen
