"""A game's board as the screen draws it (companion.board.Board): the counters
the table keeps, big enough to read across the table. Updated in place.

Its look is in board_view.kv beside this file."""
from __future__ import annotations

from kivy.metrics import dp
from kivy.properties import BooleanProperty, ListProperty, NumericProperty, StringProperty
from kivy.uix.boxlayout import BoxLayout

from .widgets import reuse


class CounterTile(BoxLayout):
    """One number the table keeps: its value large, what it counts under it, and
    with a total a bar that empties or fills, its thresholds marked on it."""
    value = StringProperty("")
    label = StringProperty("")
    share = NumericProperty(-1.0)       # value / total; -1: no total, no bar
    marks = ListProperty([])            # shares where a threshold lies (the riot at 7 of 18)
    big = BooleanProperty(False)

    def tick(self, index: int, *_redrawn_on) -> list:
        """The line across the bar where threshold `index` lies (none: no points);
        kv passes what it depends on so it is drawn again when they change."""
        if index >= len(self.marks) or self.share < 0:
            return []
        x = self.x + dp(8) + (self.width - dp(16)) * self.marks[index]
        return [x, self.y + dp(1), x, self.y + dp(15)]


class CounterStrip(BoxLayout):
    """The board's counters in a row, the table's main number first."""

    def show(self, board) -> None:
        counters = sorted(board.counters if board is not None else (), key=lambda c: not c.big)
        for counter, tile in zip(counters, reuse(self, len(counters), CounterTile)):
            total = counter.total
            tile.value = str(counter.value) if total is None else f"{counter.value}/{total}"
            tile.label = counter.label
            tile.share = counter.value / total if total else -1.0
            tile.marks = [at / total for at, _words in counter.marks if total and 0 < at < total]
            tile.big = counter.big
