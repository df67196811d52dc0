"""Statistics: who plays and wins, per game and over all; how long games take; how
The Snitch ends; whether the dice are fair. Reached from Past games.

Its look is in stats.kv beside this file: bars drawn with Kivy's own graphics
(StatBar), text at 24 px. The numbers come from companion.stats, worked out when the
screen is shown (not per frame): the screen then holds a few dozen widgets."""
from __future__ import annotations

from kivy.metrics import dp
from kivy.properties import ListProperty, NumericProperty, StringProperty
from kivy.uix.boxlayout import BoxLayout
from kivy.uix.label import Label

from companion import stats
from companion.store import StoreError

from .. import theme
from ..widgets import Histogram
from .base import BaseScreen, game_title

def json_setting(store) -> str:
    """The merged names, as text (compared to see whether they changed)."""
    import json
    return json.dumps(store.get_setting(stats.NAMES_KEY, {}), sort_keys=True)


PLAYERS_SHOWN = 12      # the players with the most games; the rest are in the export


class StatBar(BoxLayout):
    """A name, a bar as long as its share, and the numbers in words."""
    label = StringProperty("")
    value = StringProperty("")
    share = NumericProperty(0.0)
    bar_colour = ListProperty(list(theme.TONES["primary"][0]))


class StatHeading(Label):
    pass


class StatText(Label):
    pass


class StatsScreen(BaseScreen):
    _shown = None       # (what the numbers were worked out from, the language)

    def refresh(self):
        """Worked out again only when a game changed since (or the language did): with
        thousands of games that takes a moment, showing the screen again does not."""
        store = self.app.store
        try:
            changed = (tuple(store.read("SELECT COUNT(*), MAX(updated) FROM sessions")[0]), store.path,
                       json_setting(store), self.app.lang)
            if changed == self._shown and self.ids.body.children:
                return
            played, dice = stats.load(store)
        except StoreError as exc:
            self.app.toast(self.t.error(exc), "error")
            return
        body = self.ids.body
        body.clear_widgets()
        for widget in self.widgets(played, dice):
            body.add_widget(widget)
        self._shown = changed

    def number(self, value: float, digits: int = 1) -> str:
        text = f"{value:.{digits}f}".rstrip("0").rstrip(".") if digits else f"{round(value)}"
        return text.replace(".", ",") if self.app.lang == "de" else text

    def widgets(self, played: stats.Stats, dice: dict[str, stats.Dice]) -> list:
        t = self.t
        out: list = []
        if not played.counted:
            out.append(StatText(text=t("stats.empty")))
        else:
            out.append(StatHeading(text=t("stats.players")))
            for name in played.player_order()[:PLAYERS_SHOWN]:
                out.append(self.bar(name, played.players[name][stats.ALL]))
            for game_id in sorted(played.games, key=lambda g: -played.games[g].plays):
                out += self.game_widgets(played, game_id)
        out.append(StatHeading(text=t("stats.dice")))
        all_dice = dice["all"]
        if all_dice.total:
            chart = Histogram(size_hint_y=None, height=dp(180))
            chart.counts = all_dice.counts      # once made: its bars are added to it
            out.append(chart)
        out.append(StatText(text=self.dice_words(all_dice)))
        return out

    def bar(self, name: str, line: stats.Line) -> StatBar:
        t = self.t
        rate = stats.percent(line.win_rate)
        if line.average_score is None:
            value = t("stats.won", wins=line.wins, plays=line.plays, rate=rate)
        else:
            value = t("stats.won_score", wins=line.wins, plays=line.plays, rate=rate,
                      score=self.number(line.average_score))
        return StatBar(label=name, value=value, share=line.win_rate)

    def game_widgets(self, played: stats.Stats, game_id: str) -> list:
        t = self.t
        line = played.games[game_id]
        out: list = [StatHeading(text=game_title(t, game_id))]
        minutes = stats.minutes(line.average_seconds)
        out.append(StatText(text=t("stats.game_line", count=line.plays, minutes=minutes if minutes is not None
                                   else "?")))
        if game_id == "snitch" and line.outcomes.get("snitch"):
            won, count = line.outcome_wins.get("snitch", 0), line.outcomes["snitch"]
            out.append(StatText(text=t("stats.snitch_won", wins=won, count=count,
                                       rate=stats.percent(won / count))))
        for ending, count in sorted(line.endings.items(), key=lambda kv: -kv[1]):
            out.append(StatBar(label=t(f"result.{game_id}.ending.{ending}"), value=str(count),
                               share=count / line.plays, bar_colour=list(theme.TONES["go"][0])))
        players = [(name, lines[game_id]) for name, lines in played.players.items() if game_id in lines]
        players.sort(key=lambda pair: (-pair[1].plays, -pair[1].wins))
        out += [self.bar(name, mine) for name, mine in players[:PLAYERS_SHOWN]]
        return out

    def dice_words(self, dice: stats.Dice) -> str:
        t = self.t
        if not dice.total:
            return t("stats.dice.none")
        if dice.verdict == "few":
            return t("stats.dice.few", count=dice.total, need=stats.MIN_ROLLS)
        p = stats.p_text(dice.p)
        p = p.replace(".", ",") if self.app.lang == "de" else p   # 0,0012 in German
        return t(f"stats.dice.{dice.verdict}", count=dice.total, p=p, chi=self.number(dice.chi_square))


SCREEN = StatsScreen
