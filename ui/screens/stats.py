"""Statistics: who plays and wins, per game and over all; how long games take; how
each game ends, and its own lines (Game.stats_lines); whether the dice are fair.
Reached from Past games.

Its look is in stats.kv beside this file: bars drawn with Kivy's own graphics
(StatBar), text at 24 px. The numbers come from companion.stats: kept in the store, they
are read back at once; when a game changed since (or none were kept), the screen says it
is working them out and a worker thread does so on its own connection to the file (a
store in memory: at once, here), pausing often so the screen's thread waits little for
Python, then hands them to the main thread. The few dozen
widgets are then made a few a frame (FILL_BUDGET), the top first, so no frame waits
for all of them."""
from __future__ import annotations

from collections.abc import Iterator

import logging
import threading
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
WORKER_SLICE = 0.002    # s the worker works before it sleeps as long: the screen's thread waits little for Python
READING = 10.0          # s a word about the export stays: two sentences, read across the table


def pacer():
    """For the worker: a pause of WORKER_SLICE after each WORKER_SLICE of work (one Python
    thread runs at a time; without pauses the screen's thread would wait up to 5 ms each time)."""
    last = time.perf_counter()

    def pace():
        nonlocal last
        if time.perf_counter() - last > WORKER_SLICE:
            time.sleep(WORKER_SLICE)
            last = time.perf_counter()
    return pace


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
    _shown = None       # (what the numbers were worked out from, the file, the language)
    _asked = 0          # the latest working out asked for: an older one's figures are dropped
    _working = False    # that one is being worked out in a worker thread

    def __init__(self, **kwargs):
        super().__init__(**kwargs)
        self._widgets = iter(())        # those still to be made, the top first
        self._fill = Clock.create_trigger(lambda _dt: self.fill())

    @property
    def filling(self) -> bool:
        """Still working out the numbers, or still making their widgets."""
        return self._working or self._fill.is_triggered

    def refresh(self):
        """Shown again with nothing changed: as it was. Otherwise the kept figures, or
        "working out" and then the figures (module doc)."""
        store = self.app.store
        key = (stats.generation(store), store.path, self.app.lang)
        if key[0] is not None and key == self._shown and (self.ids.body.children or self.filling):
            return
        self._shown = key
        self._asked += 1
        self._working = False
        twin = None
        try:
            got = stats.kept(store)
            twin = store.twin() if got is None else None
            if got is None and twin is None:
                got = stats.figures(store)      # memory: no other connection to work them out on
        except StoreError as exc:
            self._shown = None          # asked again on the next visit
            self.app.toast(self.t.error(exc), "error")
            return
        except Exception:   # never a traceback on the screen: said in words, logged
            log.warning("the statistics could not be worked out", exc_info=True)
            self._shown = None
            self.show_words(self.t("stats.failed"))
            return
        if got is not None:
            self.show(got)
            return
        self.show_words(self.t("stats.working"))
        self._working = True
        threading.Thread(target=self.work_out, args=(twin, self._asked), name="stats", daemon=True).start()

    def work_out(self, twin, asked: int) -> None:
        """In a worker thread, on its own connection: the figures (kept for next time),
        handed to the main thread."""
        try:
            try:
                got = stats.figures(twin, pace=pacer())
            finally:
                twin.close()
        except Exception as exc:    # never a traceback on the screen: said in words, logged
            log.warning("the statistics could not be worked out", exc_info=True)
            got = exc
        Clock.schedule_once(lambda _dt: self.arrived(asked, got), 0)

    def arrived(self, asked: int, got) -> None:
        if asked != self._asked:
            return                      # asked again meanwhile: that one's figures come
        self._working = False
        if isinstance(got, Exception):
            self._shown = None          # tried again when shown again
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
        """Every game as JSON, CSV and a BG Stats file: to a mounted USB stick, else the data dir.
        A stick is written, synced and unmounted by a worker thread (hardware.stick; on its own
        connection to the file where there is one), and the table is told whether it can be
        pulled out; a stick that cannot be written is said, not passed over for the data dir."""
        from companion import export
        from hardware import stick
        t, store = self.t, self.app.store
        folder = export.usb_dir()
        if folder is None and (locked := stick.read_only()) is not None:
            self.app.toast(t("stats.stick_read_only", name=locked.name), "error", READING)
            return
        if folder is None:
            self.export_here(store)
            return
        self.ids.export.disabled = True
        self.app.toast(t("stats.exporting", name=folder.name), seconds=stick.EJECT_WAIT + READING)
        twin = store.twin()
        written = stick.write(store, folder) if twin is None else None    # no other connection: here

        def work():
            try:
                try:
                    outcome = stick.finish(written or stick.write(twin, folder))
                finally:
                    if twin is not None:
                        twin.close()
            except Exception as exc:    # never a traceback on the screen: said in words, logged
                outcome = stick.Outcome(stick.FAILED, folder, detail=f"{exc.__class__.__name__}: {exc}")
            Clock.schedule_once(lambda _dt: self.exported(outcome), 0)
        threading.Thread(target=work, name="export", daemon=True).start()

    def export_here(self, store) -> None:
        """No stick: the export in the data dir, beside the saved games."""
        from companion import export
        t = self.t
        if store.path is None:
            self.app.toast(t("stats.export_nowhere"), "error")
            return
        try:
            for fmt in export.FORMATS:
                export.write(store, fmt, store.path.parent)
        except export.ExportError as exc:
            log.warning("export to %s failed: %s", store.path.parent, exc)
            self.app.toast(t("stats.export_failed"), "error")
            return
        self.app.toast(t("stats.exported_data"))

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
        self.app.toast(text, "info" if outcome.what == stick.WRITTEN else "error", READING)

    def number(self, value: float, digits: int = 1) -> str:
        text = f"{value:.{digits}f}".rstrip("0").rstrip(".") if digits else f"{round(value)}"
        return text.replace(".", ",") if self.app.lang == "de" else text

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
        odds = f"{stats.rarer_than(dice.p):,}".replace(",", "." if self.app.lang == "de" else ",")
        return t(f"stats.dice.{dice.verdict}", count=dice.total, odds=odds)


SCREEN = StatsScreen
