"""What every screen shares: the table, the catalogue, a refresh whenever it is shown.

No rules live in a screen: it shows the session's state through the game's
descriptions, and every tap goes to the table (ui/table.py, given to every
screen by the app as it makes it), which runs the controller and then asks the
screen to refresh.
"""
from __future__ import annotations

from weakref import ref

from kivy.app import App
from kivy.clock import Clock
from kivy.properties import ObjectProperty
from kivy.uix.screenmanager import Screen

from companion import games

# Games this UI has a table screen for (Game.table_screen): saved games of a game
# this Cellmate does not know are listed, not played. The registry itself: asking
# about one game imports only that game's module.
PLAYABLE = games.GAMES


def running_app():
    return App.get_running_app()


class BaseScreen(Screen):
    """Refreshes from the table's state whenever it is shown."""
    table = ObjectProperty(None, rebind=True)   # ui/table.py Table: what the screen and its kv call

    @property
    def app(self):
        return running_app()

    @property
    def t(self):
        return self.table.t

    def on_pre_enter(self, *args):
        self.refresh()

    def refresh(self) -> None:
        pass

    def prepare(self) -> None:
        """What this screen does before it is first shown (make_ready); nothing by default."""

    def still(self) -> bool:
        """No finger in the middle of moving something here."""
        return True

    def make_ready(self, name: str, after: float) -> None:
        """The screen `name`, reached from this one only, made, laid out and prepared once
        this one has sat still for `after` s, so its first open draws at once (building a
        screen from its kv rules and its first layout take a few frames)."""
        me = ref(self)      # the clock keeps `ready` while it waits: not the screen, nor its app

        def ready(_dt):
            self = me()
            if self is None:
                return                  # the app closed first
            shell = self.table.shell
            if shell.current() != self.name:
                return                  # moved on: nothing made
            window = self.get_root_window()
            if window is None or self.height < window.height / 2 or not self.still():
                Clock.schedule_once(ready, after)   # not laid out yet (the first frame is to come), or busy
                return
            screen = shell.screen(name)
            screen.size = self.size
            screen.prepare()
        Clock.schedule_once(ready, after)


def players_text(players) -> str:
    return ", ".join(p["name"] for p in players)


def game_title(t, game_id: str) -> str:
    """A game's name; one this version does not know (saved by another) says so."""
    game = games.GAMES.get(game_id)
    return t(game.title) if game is not None else t("sessions.game_unknown", game=game_id)

