"""Statistics: who plays and wins, per game and over all; how long games take; how
The Snitch ends; whether the dice are fair. Reached from Past games.

Its look is in stats.kv beside this file: bars drawn with Kivy's own graphics
(StatBar), text at 24 px. The numbers come from companion.stats, worked out when the
screen is shown (not per frame): the screen then holds a few dozen widgets."""
from __future__ import annotations

import logging

from kivy.metrics import dp
from kivy.properties import ListProperty, NumericProperty, StringProperty
from kivy.uix.boxlayout import BoxLayout
from kivy.uix.label import Label

from companion import stats
from companion.store import StoreError

from .. import theme
from ..widgets import Dialog, FlatButton, Histogram
from .base import BaseScreen, game_title

def json_setting(store) -> str:
    """The merged names, as text (compared to see whether they changed)."""
    import json
    return json.dumps(store.get_setting(stats.NAMES_KEY, {}), sort_keys=True)


log = logging.getLogger(__name__)
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


class MergeDialog(Dialog):
    """Two names for one player: first which name, then the name it counts as (or, for a
    name merged before, to count it apart again). Kept in the settings (stats.NAMES_KEY)."""
    question = StringProperty("")

    def __init__(self, screen, players: list[str], **kwargs):
        super().__init__(**kwargs)
        self.screen = screen
        self.players = players
        self.names = screen.merged()
        self.ask_which()

    def fill(self, names: list[str], pick) -> None:
        grid = self.ids.choices
        grid.clear_widgets()
        for name in names:
            button = FlatButton(text=name, font_size="24sp", size_hint_y=None, height=dp(theme.TOUCH))
            button.bind(on_release=lambda _b, name=name: pick(name))
            grid.add_widget(button)

    def ask_which(self) -> None:
        t = self.screen.t
        self.question = t("stats.merge_which")
        self.fill(self.players + sorted(self.names), self.ask_into)

    def ask_into(self, name: str) -> None:
        t = self.screen.t
        self.question = t("stats.merge_into", name=name)
        choices = [n for n in self.players if stats.canonical(n, self.names) != stats.canonical(name, self.names)]
        if name in self.names:
            apart = FlatButton(text=t("stats.keep_apart", name=name), font_size="24sp", tone="primary",
                               size_hint_y=None, height=dp(theme.TOUCH))
            apart.bind(on_release=lambda _b: self.done(stats.unmerge(self.names, name)))
            self.fill(choices, lambda into: self.done(stats.merge(stats.unmerge(self.names, name), name, into)))
            self.ids.choices.add_widget(apart, index=len(self.ids.choices.children))
        else:
            self.fill(choices, lambda into: self.done(stats.merge(self.names, name, into)))

    def done(self, names: dict) -> None:
        self.dismiss()
        self.screen.save_names(names)


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

    def merged(self) -> dict:
        names = self.app.store.get_setting(stats.NAMES_KEY, {})
        return names if isinstance(names, dict) else {}

    def ask_merge(self) -> None:
        if self._players:
            MergeDialog(self, list(self._players)).open()

    def save_names(self, names: dict) -> None:
        try:
            self.app.store.set_setting(stats.NAMES_KEY, names)
        except StoreError as exc:
            self.app.toast(self.t.error(exc), "error")
            return
        self.refresh()

    _players: list = []

    def export_all(self) -> None:
        """Every game as JSON, CSV and a BG Stats file: to a mounted USB stick, else the data dir."""
        from companion import export
        t, store = self.t, self.app.store
        stick = export.usb_dir()
        folder = stick or (store.path.parent if store.path is not None else None)
        if folder is None:
            self.app.toast(t("stats.export_nowhere"), "error")
            return
        try:
            for fmt in export.FORMATS:
                export.write(store, fmt, folder)
        except export.ExportError as exc:
            log.warning("export to %s failed: %s", folder, exc)
            self.app.toast(t("stats.export_failed"), "error")
            return
        self.app.toast(t("stats.exported_stick", name=stick.name) if stick else t("stats.exported_data"))

    def number(self, value: float, digits: int = 1) -> str:
        text = f"{value:.{digits}f}".rstrip("0").rstrip(".") if digits else f"{round(value)}"
        return text.replace(".", ",") if self.app.lang == "de" else text

    def widgets(self, played: stats.Stats, dice: dict[str, stats.Dice]) -> list:
        t = self.t
        out: list = []
        self._players = sorted(played.players, key=str.casefold)
        if not played.counted:
            out.append(StatText(text=t("stats.empty")))
        else:
            out.append(StatHeading(text=t("stats.players")))
            for name in played.player_order()[:PLAYERS_SHOWN]:
                out.append(self.bar(name, played.players[name][stats.ALL]))
            merge = FlatButton(text=t("stats.merge"), font_size="24sp", size_hint=(None, None),
                               width=dp(360), height=dp(theme.TOUCH))
            merge.bind(on_release=lambda _b: self.ask_merge())
            self.ids["merge"] = merge
            out.append(merge)
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
