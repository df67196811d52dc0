"""A game's board as the screen draws it (companion.board.Board): the counters
the table keeps, big enough to read across the table; the players round the
table as they sit (The Snitch), with the pieces at their seats; the places of the board
with the pieces on them (Blackgate's Places with every prisoner and Michel(le),
the heists in a row, Sing Sing's windows with their bars); and at the end the
scoreboard. Updated in place: the same widgets, new numbers.

Its look is in board_view.kv beside this file."""
from __future__ import annotations

from functools import lru_cache

from kivy.graphics import Color, InstructionGroup, Line, Rectangle
from kivy.metrics import dp
from kivy.properties import BooleanProperty, ListProperty, NumericProperty, StringProperty
from kivy.uix.boxlayout import BoxLayout
from kivy.uix.label import Label
from kivy.uix.stacklayout import StackLayout
from kivy.uix.widget import Widget

from companion.board import Board

from . import theme
from .seating import CHIP, chip_boxes, place_tags, table_height
from .widgets.chips import Chip
from .widgets.lists import reuse


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
    chip.size = (dp(CHIP), dp(CHIP))
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


class SeatTag(Label):
    """A piece at a seat on the drawn table (the Soap, the Guard): its short words on
    a tag, at 24 px; words wider than MAX go over two lines."""
    MAX = 124
    key = StringProperty("")            # the token's ("soap", "guard")
    seat = NumericProperty(0)

    def fit(self, text: str) -> None:
        if text == self.text and self.texture_size[0]:
            return                       # the same words: the same size (most steps move no piece)
        self.text = text
        self.text_size = (None, None)
        self.texture_update()
        if self.texture_size[0] > dp(self.MAX):
            self.text_size = (dp(self.MAX), None)
            self.texture_update()
        self.size = (self.texture_size[0] + dp(12), self.texture_size[1] + dp(2))


class TableView(Widget):
    """The players round the table as they sit (Board.table): an oval, each seat's
    chip on its edge in seat order, which is clockwise; the seat whose turn it is
    ringed; the pieces at a seat (the Soap, the Guard, the gun ...) as tags beside
    its chip. Nothing else: what a seat holds is on its seat card."""
    oval = ListProperty([0, 0, 0, 0])   # the table: x, y, width, height
    ring = ListProperty([])             # round the chip whose turn it is: x, y, radius (none: nobody's)

    def __init__(self, **kwargs):
        super().__init__(**kwargs)
        self._table = None
        self._colours = []
        self._drawn = []         # per seat with tags: (its colour, the line from its chip, the frame round them)
        self._lines = InstructionGroup()     # over the table (after the kv rule's), under the chips and tags
        self.bind(pos=self._place, size=self._place)

    def on_kv_post(self, base_widget):
        super().on_kv_post(base_widget)
        self.canvas.before.add(self._lines)

    def show(self, board, players) -> None:
        table = board.table
        self._table = table
        count = len(table.places) if table else 0
        self.height = dp(table_height(count)) if table else 0
        self.opacity = 1 if table else 0
        for seat, chip in enumerate(reuse(self.ids.chips, count, self._chip)):
            chip.colour, chip.letter = players[seat]["colour"], players[seat]["letter"]
        self._colours = [players[seat]["colour"] for seat in range(count)]
        tokens = [t for t in board.tokens if t.seat is not None and t.seat < count] if table else []
        for token, tag in zip(tokens, reuse(self.ids.tags, len(tokens), SeatTag)):
            tag.fit(token.short or token.label)
            tag.key, tag.seat = token.key, token.seat
        self._place()

    def _chip(self) -> Chip:
        chip = Chip()
        chip.size = (dp(CHIP), dp(CHIP))
        return chip

    def _place(self, *_):
        table = self._table
        if table is None:
            self.ring = []
            self._links([], [], [])
            return
        x0, y0 = self.pos
        w, h = self.size
        size = dp(CHIP)
        boxes = chip_boxes(table.places, w, h, size, dp(4))
        for (x, y, _w, _h), chip in zip(boxes, reversed(self.ids.chips.children)):
            chip.pos = (x0 + x, y0 + y)
        # a seat's tags stacked in one block, placed beside its chip
        tags = list(reversed(self.ids.tags.children))
        seats = list(dict.fromkeys(tag.seat for tag in tags))
        mine = {seat: [tag for tag in tags if tag.seat == seat] for seat in seats}
        blocks = tuple((seat, tuple((tag.width, tag.height) for tag in mine[seat])) for seat in seats)
        placed = _placed(tuple(boxes), blocks, w, h)
        self._links(boxes, placed, seats)
        for seat, where in zip(seats, placed):
            for tag, (x, y, _w, _h) in zip(mine[seat], where):
                tag.pos = (x0 + x, y0 + y)
        # the table itself: the oval the chips' middles sit on
        inset = size / 2 + dp(4)
        self.oval = [x0 + inset, y0 + inset, w - 2 * inset, h - 2 * inset]
        turn = table.turn
        if turn is None or not 0 <= turn < len(boxes):
            self.ring = []
        else:
            x, y, cw, _ch = boxes[turn]
            self.ring = [x0 + x + cw / 2, y0 + y + cw / 2, cw / 2 + dp(5)]

    def _links(self, chips, blocks, seats) -> None:
        """Each seat's tags framed in its colour, a line from its chip to the frame:
        whose they are at a glance."""
        if len(self._drawn) != len(blocks):
            self._lines.clear()
            self._drawn = [(Color(), Line(width=dp(2)), Line(width=dp(1.5))) for _ in blocks]
            for instructions in self._drawn:
                for instruction in instructions:
                    self._lines.add(instruction)
        x0, y0 = self.pos
        pad = dp(3)
        for (colour, link, frame), tags, seat in zip(self._drawn, blocks, seats):
            cx, cy, size, _ = chips[seat]
            cx, cy = cx + size / 2, cy + size / 2
            left, bottom = min(t[0] for t in tags) - pad, min(t[1] for t in tags) - pad
            right, top = max(t[0] + t[2] for t in tags) + pad, max(t[1] + t[3] for t in tags) + pad
            px, py = min(max(cx, left), right), min(max(cy, bottom), top)     # the frame's nearest point
            colour.rgba = theme.player_rgba(self._colours[seat])
            link.points = [x0 + cx, y0 + cy, x0 + px, y0 + py]
            frame.rectangle = (x0 + left, y0 + bottom, right - left, top - bottom)


@lru_cache(maxsize=64)
def _placed(chips, blocks, width, height):
    """The tags' places (seating.place_tags), kept: the same table is drawn again on most steps."""
    return place_tags(list(chips), [(seat, list(sizes)) for seat, sizes in blocks], width, height, dp(4),
                      frame=dp(3))


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
        # nothing to draw (a setup checklist): no gaps between empty parts either
        self.spacing = dp(6) if (board.counters or board.table or board.areas or board.scores) else 0
        ids.counters.show(board)
        ids.table.show(board, players)
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
