"""Statistics: who plays and wins, per game and over all; how long games take; how
each game ends, and its own lines (Game.stats_lines); whether the dice are fair.
Reached from Past games.

Its look is in stats.kv beside this file: bars drawn with Kivy's own graphics
(StatBar), text at 24 px. The numbers come from companion.stats, asked through
ui/browse.py (the screen reads nothing itself): kept in the store, they are read back
at once; when a game changed since (or none were kept), the screen says it is working
them out while the presenter's worker thread does so on its own connection to the file
(a store in memory: at once, here), pausing often so the screen's thread waits little
for Python, then hands them to the main thread. The few dozen
widgets are then made a few a frame (FILL_BUDGET), the top first, so no frame waits
for all of them."""
from __future__ import annotations

from collections.abc import Iterator

import logging
import time

from kivy.clock import Clock
from kivy.metrics import dp
from kivy.properties import ListProperty, NumericProperty, StringProperty
from kivy.uix.boxlayout import BoxLayout
from kivy.uix.label import Label

from companion import games, stats
from companion.store import StoreError

from .. import theme
from ..widgets.buttons import FlatButton
from ..widgets.dice import Histogram
from ..widgets.window import Dialog
from .base import BaseScreen, game_title

log = logging.getLogger(__name__)
PLAYERS_SHOWN = 12      # the players with the most games; the rest are in the export
FILL_BUDGET = 0.004     # s of a frame spent making widgets (their text is drawn after: a frame is 16.7 ms)
READING = 10.0          # s a word about the export stays: two sentences, read across the table


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
    back_to = StringProperty("sessions")     # where Back goes: where it was opened (Table.open_stats)

    def __init__(self, **kwargs):
        super().__init__(**kwargs)
        self.browse = self.table.browse     # reads the store for this screen (ui/browse.py)
        self._widgets = iter(())        # those still to be made, the top first
        self._fill = Clock.create_trigger(lambda _dt: self.fill())

    @property
    def filling(self) -> bool:
        """Still working out the numbers, or still making their widgets."""
        return self.browse.working or self._fill.is_triggered

    def refresh(self):
        """Shown again with nothing changed: as it was. Otherwise the kept figures, or
        "working out" and then the figures (module doc)."""
        if self.browse.statistics_hold(self.t.lang) and (self.ids.body.children or self.filling):
            return
        got = self.browse.statistics(self.arrived, self.t.lang)
        if got is None:
            self.show_words(self.t("stats.working"))
        elif isinstance(got, StoreError):
            self.table.toast(self.t.error(got), "error")
        else:
            self.arrived(got)

    def arrived(self, got) -> None:
        """The figures, or in words why there are none (never a traceback on the screen)."""
        if isinstance(got, Exception):
            self.show_words(self.t.error(got) if isinstance(got, StoreError) else self.t("stats.failed"))
            return
        self.show(got)

    def show_words(self, text: str) -> None:
        self._widgets = iter(())
        self._fill.cancel()
        body = self.ids.body
        body.clear_widgets()
        body.add_widget(StatText(text=text))

    def show(self, got) -> None:
        """The figures' widgets, made a few a frame from the top (the first ones now)."""
        self.ids.body.clear_widgets()
        self._widgets = self.widgets(*got)
        self.fill()

    def fill(self) -> None:
        began = time.perf_counter()
        body = self.ids.body
        for widget in self._widgets:
            body.add_widget(widget)
            if time.perf_counter() - began > FILL_BUDGET:
                self._fill()
                return

    def merged(self) -> dict:
        return self.browse.names()

    def ask_merge(self) -> None:
        if self._players:
            MergeDialog(self, list(self._players)).open()

    def save_names(self, names: dict) -> None:
        try:
            self.browse.set_names(names)
        except StoreError as exc:
            self.table.toast(self.t.error(exc), "error")
            return
        self.refresh()

    _players: list = []

    def export_all(self) -> None:
        """Every game as JSON, CSV and a BG Stats file: to a mounted USB stick, else the data dir
        (Browse.export). A stick is written, synced and unmounted on a thread of its own, and
        the table is told whether it can be pulled out; a stick that cannot be written is
        said, not passed over for the data dir."""
        from hardware import stick
        t = self.t
        what, folder = self.browse.export(self.exported)
        if what == "stick":
            self.ids.export.disabled = True
            self.table.toast(t("stats.exporting", name=folder.name), seconds=stick.EJECT_WAIT + READING)
        elif what == "read_only":
            self.table.toast(t("stats.stick_read_only", name=folder.name), "error", READING)
        elif what == "here":
            self.table.toast(t("stats.exported_data"))
        else:
            self.table.toast(t("stats.export_nowhere" if what == "nowhere" else "stats.export_failed"), "error")

    def exported(self, outcome) -> None:
        """The worker's word on a stick: what was written, and whether it can be pulled out."""
        from hardware import stick
        t = self.t
        self.ids.export.disabled = False
        if outcome.what != stick.WRITTEN:
            log.warning("export to %s: %s (%s)", outcome.folder, outcome.what, outcome.detail)
        said = {stick.WRITTEN: "stats.exported_stick", stick.FULL: "stats.stick_full",
                stick.READ_ONLY: "stats.stick_read_only", stick.PULLED: "stats.stick_pulled"}
        text = t(said.get(outcome.what, "stats.export_failed"), name=outcome.name)
        if outcome.out is not None:
            text += " " + t(f"stats.stick_{outcome.out}")
        self.table.toast(text, "info" if outcome.what == stick.WRITTEN else "error", READING)

    def number(self, value: float, digits: int = 1) -> str:
        text = f"{value:.{digits}f}".rstrip("0").rstrip(".") if digits else f"{round(value)}"
        return text.replace(".", ",") if self.t.lang == "de" else text

    def widgets(self, played: stats.Stats, dice: dict[str, stats.Dice]) -> Iterator:
        t = self.t
        self._players = sorted(played.players, key=str.casefold)
        if not played.counted:
            yield StatText(text=t("stats.empty"))
        else:
            yield StatHeading(text=t("stats.players"))
            for name in played.player_order()[:PLAYERS_SHOWN]:
                yield self.bar(name, played.players[name][stats.ALL])
            merge = FlatButton(text=t("stats.merge"), font_size="24sp", size_hint=(None, None),
                               width=dp(360), height=dp(theme.TOUCH))
            merge.bind(on_release=lambda _b: self.ask_merge())
            self.ids["merge"] = merge
            yield merge
            for game_id in sorted(played.games, key=lambda g: -played.games[g].plays):
                yield from self.game_widgets(played, game_id)
        yield StatHeading(text=t("stats.dice"))
        all_dice = dice["all"]
        if all_dice.total:
            chart = Histogram(size_hint_y=None, height=dp(180))
            chart.counts = all_dice.counts      # once made: its bars are added to it
            yield chart
        yield StatText(text=self.dice_words(all_dice))

    def bar(self, name: str, line: stats.Line) -> StatBar:
        t = self.t
        rate = stats.percent(line.win_rate)
        if line.average_score is None:
            value = t("stats.won", wins=line.wins, plays=line.plays, rate=rate)
        else:
            value = t("stats.won_score", wins=line.wins, plays=line.plays, rate=rate,
                      score=self.number(line.average_score))
        return StatBar(label=name, value=value, share=line.win_rate)

    def game_widgets(self, played: stats.Stats, game_id: str) -> Iterator:
        t = self.t
        line = played.games[game_id]
        yield StatHeading(text=game_title(t, game_id))
        minutes = stats.minutes(line.average_seconds)
        yield StatText(text=t("stats.game_line", count=line.plays, minutes="?" if minutes is None else minutes))
        game = games.GAMES.get(game_id)     # (None: a game this version does not know)
        for text in game.stats_lines(line, t) if game is not None else ():
            yield StatText(text=text)
        for ending, count in sorted(line.endings.items(), key=lambda kv: -kv[1]):
            yield StatBar(label=t(f"result.{game_id}.ending.{ending}"), value=str(count),
                          share=count / line.plays, bar_colour=list(theme.TONES["go"][0]))
        players = [(name, lines[game_id]) for name, lines in played.players.items() if game_id in lines]
        players.sort(key=lambda pair: (-pair[1].plays, -pair[1].wins))
        for name, mine in players[:PLAYERS_SHOWN]:
            yield self.bar(name, mine)

    def dice_words(self, dice: stats.Dice) -> str:
        t = self.t
        if not dice.total:
            return t("stats.dice.none")
        if dice.verdict == "few":
            return t("stats.dice.few", count=dice.total, need=stats.MIN_ROLLS)
        # in words, not a p-value: how rarely a fair die rolls this unevenly
        odds = f"{stats.rarer_than(dice.p):,}".replace(",", "." if self.t.lang == "de" else ",")
        return t(f"stats.dice.{dice.verdict}", count=dice.total, odds=odds)


SCREEN = StatsScreen
