"""Which game is open at the table, without Kivy: the last unfinished one at start
(or once saved games locked by another program open), a new one, one resumed, the
same table again, one deleted, and the open one read again when another program
wrote to it.

The open session is the table's (`table.session`, which every screen reads); the
table (ui/table.py) holds one Opener and hands start_game, resume, play_again and
delete_session to it. What the saved games hold is ui/saved_games.py's.
"""
from __future__ import annotations

import logging

from companion import controller, cues as cue_names, games
from companion.session import Session
from companion.store import StoreError

from . import game_memory
from .saved_games import playable

log = logging.getLogger(__name__)
REFUSED = controller.REFUSED       # what a refused step raises: the rules said no, or the file did


class Opener:
    def __init__(self, table):
        self.table = table      # ui/table.py: its session, store, saved games, notices, catalogue, screens

    def open_last_unfinished(self) -> None:
        """At start: the last unfinished game this Cellmate can play, else home."""
        table = self.table
        target = table.saved.last_unfinished()
        if target is not None:
            try:
                self.set_session(Session.load(table.store, target["id"], rng=table.rng))
            except REFUSED as exc:
                # unreadable, or played by another program: start at home, it stays listed under past games
                self.set_session(None)
                table.notices.first("error." + exc.key, exc.params)
        table.session_changed()
        table.go(table.table_name() if table.session else "home")

    def retry_store(self, _dt=None) -> bool:
        """The store was locked at start: once it opens, show what it holds. True: try again."""
        table = self.table
        if not table.store.retry():
            return True
        table.notices.check_store()
        if table.session is None:
            self.open_last_unfinished()
        else:
            table.refresh()
        return False

    def set_session(self, session: Session | None) -> None:
        """The open session; the one before is let go (another program may take it)."""
        table = self.table
        old = table.session
        if old is not None and (session is None or old.id != session.id or old.store is not session.store):
            old.close()
        table.session = session

    def resume_target(self) -> dict | None:
        """The unfinished session Resume goes to: the open one, else the last saved."""
        table = self.table
        if table.session is not None and not table.session.finished:
            return table.saved.find(table.session.id)
        return table.saved.last_unfinished()

    def latest_table(self) -> dict | None:
        """The table "Same table again" reuses: the open session's, else the newest saved."""
        session = self.table.session
        return self.table.saved.latest(session.id if session is not None else None)

    def game_options(self, game_id: str, options: dict) -> dict:
        """The options a new session gets: the setup's, plus what the game remembers
        from earlier tables (Dig's board map and added places)."""
        return {**options, **game_memory.options(self.table.store, games.get(game_id))}

    def start_game(self, game_id: str, players: list, options: dict) -> str | None:
        """Create the session (the first player is drawn and recorded by it).
        Returns the message to show in place, or None when the table is open."""
        table = self.table
        try:
            session = Session.create(table.store, game_id, players, self.game_options(game_id, options), rng=table.rng)
        except REFUSED as exc:
            table.play([cue_names.WARNING])
            table.notices.check_store()
            return table.t.error(exc)
        self.open_session(session, announce=True)
        return None

    def open_session(self, session: Session, announce: bool = False) -> None:
        table = self.table
        self.set_session(session)
        table.reset_timer()
        table.session_changed()
        table.go(table.table_name())
        if announce:
            if session.game.announces_first:
                first = session.setup["players"][session.setup["first_player"]]
                table.toast(table.t("table.starts", name=first["name"]))
            else:  # who begins is the game's to say (a roll, the Soap): its headline says it
                table.toast(table.t("game.started", game=table.t(session.game.title)))
            table.play([cue_names.SUCCESS])
            from companion import speech    # (not at start: nothing is said before the first frame)
            table.say(session.game.spoken_start(speech.unspoken(session.game, session.state), table.t))

    def resume(self, session_id: int | None = None) -> None:
        table = self.table
        if session_id is None:
            target = self.resume_target()
            if target is None:
                return
            session_id = target["id"]
        if table.session is not None and table.session.id == session_id:
            table.open_table()
            return
        try:
            info = table.saved.find(session_id)
            if info is not None and not playable(info["game"]):
                return  # the list shows such games without a Resume button
            session = Session.load(table.store, session_id, rng=table.rng)
        except REFUSED as exc:
            table.toast(table.t.error(exc), "error")
            table.refresh()
            return
        self.open_session(session)

    def play_again(self) -> None:
        """The same game, players and options, with a newly drawn first player."""
        table = self.table
        source = table.session
        if source is None:
            latest = self.latest_table()
            if latest is None:
                return
            try:
                source = Session.load(table.store, latest["id"], rng=table.rng, claim=False)  # only read
            except REFUSED as exc:
                table.toast(table.t.error(exc), "error")
                return
        game_id = source.game.id
        try:
            options = self.game_options(game_id, source.setup["options"])  # Dig: the map as it is now
            again = Session.create(table.store, game_id, source.setup["players"], options, rng=table.rng)
        except REFUSED as exc:
            table.notices.check_store()
            table.toast(table.t.error(exc), "error")
            return
        self.open_session(again, announce=True)

    def delete_session(self, session_id: int) -> None:
        table = self.table
        try:
            table.store.delete_session(session_id)
        except StoreError as exc:       # played by another program, or the file refused
            table.notices.check_store()
            table.toast(table.t.error(exc), "error")
            table.refresh()
            return
        if table.session is not None and table.session.id == session_id:
            self.set_session(None)
            table.session_changed()
        table.refresh()

    def reload_session(self) -> None:
        """Another program wrote to the open game: read it again, to show it as saved."""
        table = self.table
        session = table.session
        try:
            table.session = Session.load(table.store, session.id, rng=table.rng)
        except REFUSED as exc:
            log.warning("the open game could not be read again: %s", exc)
