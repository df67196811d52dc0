"""Home: new game, resume, play again; past games, statistics, settings, about & hardware.

Its look is in home.kv beside this file."""
from __future__ import annotations

from companion.i18n import LANGUAGES

from .base import BaseScreen, game_title, players_text

PAST_GAMES_AHEAD = 0.5  # s on home before Past games is made ready (its module, kv rules, first page: ~60 ms)


class HomeScreen(BaseScreen):
    def on_enter(self, *args):
        self.make_ready("sessions", PAST_GAMES_AHEAD)

    def refresh(self):
        table, t = self.table, self.t
        ids = self.ids
        target = table.resume_target()
        if target:
            ids.resume.disabled = False
            self.name_table(ids.resume, target)
        else:
            ids.resume.disabled = True
            ids.resume.detail, ids.resume.names = t("home.nothing_to_resume"), []
        latest = table.latest_table()
        ids.again.disabled = latest is None
        if latest:
            self.name_table(ids.again, latest)
        else:
            ids.again.detail, ids.again.names = t("home.no_table"), []
        ids.sessions.detail = t("home.sessions_detail", count=table.saved.count())
        ids.settings.detail = f"{LANGUAGES[t.lang]} · {t('settings.buzzer_on' if table.buzzer_on else 'settings.buzzer_off')}"
        ids.about.detail = t("home.about_" + table.rig_mode())

    def name_table(self, tile, table) -> None:
        """The game and its players; the tile shows as many whole names as it has room for."""
        t, players = self.t, table["setup"]["players"]
        game = game_title(t, table["game"])
        tile.detail = t("home.resume_detail", game=game, players=players_text(players))
        tile.template = t("home.resume_detail", game=game, players="{names}")
        tile.more = t("sessions.more_players")
        tile.names = [p["name"] for p in players]


SCREEN = HomeScreen
