"""Home: new game, resume, same table again, past games, settings, hardware.

Its look is in home.kv beside this file."""
from __future__ import annotations



from companion.i18n import LANGUAGES

from .base import BaseScreen, game_title, players_text


class HomeScreen(BaseScreen):
    def refresh(self):
        app, t = self.app, self.t
        ids = self.ids
        target = app.resume_target()
        if target:
            ids.resume.disabled = False
            ids.resume.detail = t("home.resume_detail", game=game_title(t, target["game"]),
                                  players=players_text(target["setup"]["players"]))
        else:
            ids.resume.disabled = True
            ids.resume.detail = t("home.nothing_to_resume")
        table = app.latest_table()
        ids.again.disabled = table is None
        ids.again.detail = t("home.resume_detail", game=game_title(t, table["game"]),
                             players=players_text(table["setup"]["players"])) if table else t("home.no_table")
        count = app.store.count_sessions()
        ids.sessions.detail = t("home.sessions_detail", count=count)
        ids.settings.detail = f"{LANGUAGES[app.lang]} · {t('settings.buzzer_on' if app.buzzer_on else 'settings.buzzer_off')}"
        ids.about.detail = t("home.about_" + app.rig_mode())


SCREEN = HomeScreen
