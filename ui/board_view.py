"""A game's board as the screen draws it (companion.board.Board): the counters
the table keeps, big enough to read across the table; the places of the board
with the pieces on them (Blackgate's Places with every prisoner and Michel(le),
the heists in a row, Sing Sing's windows with their bars); and at the end the
scoreboard. Updated in place: the same widgets, new numbers.

Its look is in board_view.kv beside this file."""
from __future__ import annotations

from kivy.graphics import Color, Line, Rectangle
from kivy.metrics import dp
from kivy.properties import BooleanProperty, ListProperty, NumericProperty, StringProperty
from kivy.uix.boxlayout import BoxLayout
from kivy.uix.label import Label
from kivy.uix.stacklayout import StackLayout
from kivy.uix.widget import Widget

from companion.board import Board

from . import theme
from .widgets import Chip, reuse


class CounterTile(BoxLayout):
    """One number the table keeps: its value large, what it counts under it, and
    with a total a bar that empties or fills, its thresholds marked on it."""
    value = StringProperty("")
    label = StringProperty("")
    share = NumericProperty(-1.0)       # value / total; -1: no total, no bar
    marks = ListProperty([])            # shares where a threshold lies (the riot at 7 of 18)
    big = BooleanProperty(False)
    colour = StringProperty("")         # of one colour: drawn small, named by its colour

    def tick(self, index: int, *_redrawn_on) -> list:
        """The line across the bar where threshold `index` lies (none: no points);
        kv passes what it depends on so it is drawn again when they change."""
        if index >= len(self.marks) or self.share < 0:
            return []
        x = self.x + dp(8) + (self.width - dp(16)) * self.marks[index]
        return [x, self.y + dp(1), x, self.y + dp(15)]


class CounterStrip(StackLayout):
    """The board's counters side by side (wrapping), the table's main number first."""

    def show(self, board) -> None:
        counters = sorted(board.counters, key=lambda c: not c.big)
        for counter, tile in zip(counters, reuse(self, len(counters), CounterTile)):
            total = counter.total
            tile.value = str(counter.value) if total is None else f"{counter.value}/{total}"
            tile.label = counter.short or counter.label
            tile.colour = counter.colour or ""
            tile.share = counter.value / total if total else -1.0
            tile.marks = [at / total for at, _words in counter.marks if total and 0 < at < total]
            tile.big = counter.big


class TokenPill(Label):
    """A piece that is nobody's (Michel(le)): its name on a light tag."""


class AreaTile(BoxLayout):
    """A place of the board: its name, the pieces on it (a chip per player's piece,
    a tag for the others) and its facts."""
    title = StringProperty("")
    facts = StringProperty("")
    marked = BooleanProperty(False)      # where the action is (the heist being attempted)

    def show(self, area, tokens, players) -> None:
        self.title = area.label
        self.facts = "\n".join(area.facts)
        self.marked = area.status == "attempted"
        chips = [t for t in tokens if t.colour]
        pills = [t for t in tokens if not t.colour]
        for token, chip in zip(chips, reuse(self.ids.chips, len(chips), _small_chip)):
            chip.colour = token.colour
            chip.letter = next((p["letter"] for p in players if p["colour"] == token.colour), "?")
        for token, pill in zip(pills, reuse(self.ids.pills, len(pills), TokenPill)):
            pill.text = token.label


def _small_chip() -> Chip:
    chip = Chip()
    chip.size = (dp(40), dp(40))
    return chip


class PieceTile(Widget):
    """A place shown by its pieces (a window of Sing Sing with its bars): its short
    name and each piece drawn standing (solid) or gone (an outline)."""
    short = StringProperty("")
    pieces = ListProperty([])

    def __init__(self, **kwargs):
        super().__init__(**kwargs)
        self._drawn = []
        self.bind(pos=self._draw, size=self._draw, pieces=self._draw)

    def _draw(self, *_):
        if len(self._drawn) != len(self.pieces):     # a new count: new instructions, else moved in place
            self.canvas.after.clear()
            self._drawn = []
            for _piece in self.pieces:
                with self.canvas.after:
                    colour = Color(*theme.TEXT)
                    solid = Rectangle()
                    outline = Line(width=dp(1))
                self._drawn.append((colour, solid, outline))
        count = len(self.pieces)
        if not count:
            return
        left, room = self.x + dp(34), self.width - dp(40)
        step = room / count
        for i, (there, (colour, solid, outline)) in enumerate(zip(self.pieces, self._drawn)):
            x, y, w, h = left + i * step + step * 0.25, self.y + dp(8), step * 0.5, self.height - dp(16)
            colour.rgba = theme.TEXT if there else theme.TEXT_OFF
            solid.pos, solid.size = (x, y), ((w, h) if there else (0, 0))
            outline.rectangle = (x, y, w, h)


class ScoreRow(BoxLayout):
    """One player on the final scoreboard: place, chip, name, total, and how it adds up."""
    rank = StringProperty("")
    colour = StringProperty("grey")
    letter = StringProperty("?")
    name = StringProperty("")
    total = StringProperty("")
    parts = StringProperty("")
    winner = BooleanProperty(False)


class BoardPanel(BoxLayout):
    """The whole board below the prompt: counters, places, pieces, scoreboard."""
    layout = StringProperty("table")

    def show(self, board, players) -> None:
        board = board or Board()     # a game without a board: nothing drawn
        ids = self.ids
        ids.counters.show(board)
        self.layout = board.layout
        by_piece = [a for a in board.areas if a.pieces]
        by_name = [a for a in board.areas if not a.pieces]
        for area, tile in zip(by_name, reuse(ids.areas, len(by_name), AreaTile)):
            tile.show(area, [t for t in board.tokens if t.place == area.key], players)
        for area, tile in zip(by_piece, reuse(ids.pieces, len(by_piece), PieceTile)):
            tile.short, tile.pieces = area.short or area.label, list(area.pieces)
        scores = board.scores
        for rank, (score, row) in enumerate(zip(scores, reuse(ids.scores, len(scores), ScoreRow)), start=1):
            who = players[score.seat]
            row.rank, row.colour, row.letter, row.name = str(rank), who["colour"], who["letter"], who["name"]
            row.total, row.winner = str(score.total), score.winner
            row.parts = " + ".join(words for words, _points in score.parts)
