"""A game's board as the table view draws it between the seats (companion.board.Board):
the counters the table keeps, big enough to read across the table; pieces of one
colour each as coloured dots (the gem bag); the places of the board with the pieces
on them (Blackgate's Places with every prisoner and Michel(le), the heists side by
side, Sing Sing's windows with their bars); and at the end the ranked scoreboard in
their place. It fits the room it is given: nothing scrolls. Updated in place: the
same widgets, new numbers.

Its look is in board_view.kv beside this file."""
from __future__ import annotations

from kivy.clock import Clock
from kivy.graphics import Color, Line, Mesh, PopMatrix, PushMatrix, Rectangle, Translate
from kivy.metrics import dp, sp
from kivy.properties import BooleanProperty, ListProperty, NumericProperty, StringProperty, VariableListProperty
from kivy.uix.boxlayout import BoxLayout
from kivy.uix.gridlayout import GridLayout
from kivy.uix.label import Label
from kivy.uix.relativelayout import RelativeLayout
from kivy.uix.widget import Widget

from companion.board import Board

from . import rounded, theme
from .theme import CHIP
from .widgets.chips import Chip
from .widgets.lists import reuse
from .widgets.quiet import Marks, QuietLabel  # noqa: F401  (QuietLabel: board_view.kv's, drawn only with words)
from .widgets.seats import PIP, paint
from .widgets.text import drawn_width


class CounterTile(BoxLayout):
    """One number the table keeps: its value large, what it counts under it, and
    with a total a bar that empties or fills, its thresholds marked on it."""
    value = StringProperty("")
    label = StringProperty("")
    share = NumericProperty(-1.0)       # value / total; -1: no total, no bar
    marks = ListProperty([])            # shares where a threshold lies (the riot at 7 of 18)
    big = BooleanProperty(False)
    colour = StringProperty("")         # of one colour: drawn small, named by its colour
    note = StringProperty("")           # the first threshold's words, by its tick ("riot in 4")
    compact = BooleanProperty(False)    # on one line, the number beside its name (CounterStrip.compact)
    note_shown = BooleanProperty(True)

    def tick(self, index: int) -> list:
        """The line across the bar where threshold `index` lies (none: no points)."""
        if index >= len(self.marks) or self.share < 0:
            return []
        x = self.x + dp(8) + (self.width - dp(16)) * self.marks[index]
        return [x, self.y + dp(1), x, self.y + dp(15)]

    def on_kv_post(self, base_widget):
        super().on_kv_post(base_widget)
        # the bar and its red ticks: drawn only while there is a total and a threshold on it
        self._marks = Marks(self.canvas.before)
        self.bind(pos=self._bar, size=self._bar, share=self._bar, marks=self._bar, big=self._bar,
                  colour=self._bar)
        self._bar()
        self.fbind("value", self._number_width)
        self.fbind("compact", self._number_width)
        self._number_width()

    def _number_width(self, *_):
        """On one line the number is as wide as it is drawn at 48 px; upright its row's
        width. Set only on one line: set at each value, the number upright was drawn at
        that width and again at its row's a frame later (Sing Sing's bars, each TIMER)."""
        if self.compact:
            self.ids.number.width = drawn_width(self.value, sp(48), True) + dp(8)

    def _bar(self, *_):
        """The bar (empty, then filled to `share`) and a tick at each threshold, at most two
        (The Snitch's riot at 7): quiet.Marks, where see-through ones were walked every frame."""
        marks = self._marks
        if self.share < 0:
            marks.show()
            return
        bar = marks.made("bar", lambda: (Color(rgba=theme.LINE), Rectangle(), Color(), Rectangle()))
        ticks = [marks.made(f"tick{i}", lambda: (Line(width=dp(1.5)),)) for i in range(min(2, len(self.marks)))]
        red = marks.made("red", lambda: (Color(rgba=theme.ERROR_TEXT),))
        marks.show(bar, *([red, *ticks] if ticks else []))
        x, y, inner = self.x + dp(8), self.y + dp(5), self.width - dp(16)
        bar[1].pos, bar[1].size = (x, y), (inner, dp(6))
        bar[2].rgba = theme.BADGE if self.big else \
            theme.rgba(theme.text_hex(self.colour)) if self.colour else theme.TEXT_DIM
        bar[3].pos, bar[3].size = (x, y), (max(0, inner * self.share), dp(6))
        for i, (line,) in enumerate(ticks):
            line.points = self.tick(i)


class CounterStrip(BoxLayout):
    """The board's counters side by side, sharing the row, the table's main number first;
    when places or pieces below need the room (`roomy` False) and the row is wide
    enough, each on one line, its number beside its name (`compact`)."""
    compact = BooleanProperty(False)
    roomy = BooleanProperty(True)

    def __init__(self, **kwargs):
        super().__init__(**kwargs)
        self._needs: list[tuple[float, float, bool]] = []    # per tile: (upright, on one line, big)
        self._shown = None      # the counters shown: the same again (a press that moved none), as they are
        self.bind(width=self._arrange, roomy=self._arrange)

    def show(self, board) -> None:
        if board.counters == self._shown:
            return
        self._shown = board.counters
        counters = sorted(board.counters, key=lambda c: not c.big)
        self._needs = []
        for counter, tile in zip(counters, reuse(self, len(counters), CounterTile)):
            total = counter.total
            tile.value = str(counter.value) if total is None else f"{counter.value}/{total}"
            tile.label = counter.short or counter.label
            tile.colour = counter.colour or ""
            tile.share = counter.value / total if total else -1.0
            tile.marks = [at / total for at, _words in counter.marks if total and 0 < at < total]
            tile.note = next((words for at, words in counter.marks if total and 0 < at < total), "")
            tile.big = counter.big
            # as wide as its longest word needs (never a word broken for want of room the
            # next tile does not use), the threshold's words on one line; on one line,
            # the number beside them
            words = (counter.short or counter.label).split() or [""]
            upright = max([drawn_width(word, dp(24), False) for word in words]
                          + [drawn_width(tile.note, dp(24), True)]) + dp(16)
            flat = upright + drawn_width(tile.value, dp(48), True) + dp(14) \
                + (drawn_width(tile.note, dp(24), True) + dp(6) if tile.note else 0)
            self._needs.append((max(upright, dp(96)), flat, counter.big))
        self._arrange()

    def _arrange(self, *_):
        needs = self._needs
        self.compact = bool(needs) and not self.roomy and \
            sum(flat for _u, flat, _b in needs) + self.spacing * (len(needs) - 1) <= self.width
        # upright above places that need the room: the threshold's words give way (its tick stays)
        noted = self.roomy or self.compact
        for (upright, flat, _big), tile in zip(needs, reversed(self.children)):
            tile.compact = self.compact
            tile.note_shown = noted
            tile.size_hint_x = flat if self.compact else upright
        # no smaller than the number, its name and a threshold's words need
        self.size_hint_min_y = (dp(112) + (dp(30) if noted and any(tile.note for tile in self.children) else 0)
                                if needs and not self.compact else None)


# px from one row of chips to the next: the letters (24 px) clear, even a triangle's set
# low, the shapes close (a crowded place's two rows under its name, on a place 120 px high)
ROW_PITCH = CHIP - 18


class ChipRow(RelativeLayout):
    """The pieces on a place: the players' chips, then the others' tags (Michel(le)),
    in rows as the place's width holds them, up to `max_rows`; what does not fit then
    closes up in the last row like coins laid out. The pieces sit in the row's own
    coordinates (a RelativeLayout): when the place moves or grows (a line more of
    words above the board), the row moves as a whole and no chip is moved or drawn
    again; they are laid out again only when what decides their places changes."""
    rows = NumericProperty(1)           # rows in use, for the place's height
    max_rows = NumericProperty(2)

    def __init__(self, **kwargs):
        super().__init__(**kwargs)
        self._chips: list = []     # kept from step to step, shown or not
        self._pills: list = []
        self._showing = False      # within show(): laid out once at its end, not at each chip added
        self._laid = None          # what the pieces were last laid out for (_lay)
        self._matrix = None        # its translation's instructions (on_kv_post)
        self._empty = False
        self.bind(width=self._lay, height=self._lay, children=self._lay, max_rows=self._lay)
        self.bind(children=self._translated)

    def on_kv_post(self, base_widget):
        super().on_kv_post(base_widget)
        # its translation (RelativeLayout's kv), walked at every frame only while it has pieces
        self._matrix = ([ins for ins in self.canvas.before.children if isinstance(ins, (PushMatrix, Translate))],
                        [ins for ins in self.canvas.after.children if isinstance(ins, PopMatrix)])
        self._translated()

    def _translated(self, *_):
        """No pieces (a heist no die is on yet, an empty place): its matrix taken out of its canvas."""
        empty = not self.children
        if self._matrix is None or empty == self._empty:
            return
        self._empty = empty
        before, after = self._matrix
        if empty:
            for ins in before:
                self.canvas.before.remove(ins)
            for ins in after:
                self.canvas.after.remove(ins)
            return
        for i, ins in enumerate(before):
            self.canvas.before.insert(i, ins)
        for ins in after:
            self.canvas.after.add(ins)

    def do_layout(self, *_):
        self._lay()     # the pieces at their own sizes, where _lay puts them (not stretched to the row)

    def show(self, chips: list[tuple[str, str]], pills: list[tuple[str, str]]) -> None:
        """chips: (colour, letter) per player's piece; pills: (words, colour or "") the rest."""
        while len(self._chips) < len(chips):
            self._chips.append(_small_chip())
        while len(self._pills) < len(pills):
            pill = TokenPill()
            pill.bind(width=self._lay)     # its words' width is known a moment after they are set
            self._pills.append(pill)
        for (colour, letter), chip in zip(chips, self._chips):
            chip.colour, chip.letter = colour, letter
        for (text, colour), pill in zip(pills, self._pills):
            pill.text, pill.colour = text, colour
        wanted = self._chips[:len(chips)] + self._pills[:len(pills)]
        if list(reversed(self.children)) != wanted:
            self._showing = True
            try:
                self.clear_widgets()
                for widget in wanted:
                    self.add_widget(widget)
            finally:
                self._showing = False
        self._lay()

    def _lay(self, *_):
        if self._showing:
            return
        items = list(reversed(self.children))
        laid = (self.width, self.height, self.max_rows, [(w, w.width, w.height) for w in items])
        if laid == self._laid:
            return
        self._laid = laid
        if not items:
            self.rows = 0
            return
        gap, width, most = dp(4), max(1.0, self.width), max(0, int(self.max_rows))
        rows: list[list] = [[]]
        chips = [w for w in items if not isinstance(w, TokenPill)]
        per_row = max(1, int((width + gap) // (chips[0].width + gap))) if chips else 1
        if most > 1 and len(chips) > per_row:     # more chips than a row: shared evenly among the rows
            per_row = -(-len(chips) // min(most, -(-len(chips) // per_row)))
        for item in items:
            if isinstance(item, TokenPill):
                used = sum(w.width + gap for w in rows[-1])
                # a tag's words are never covered: it opens a row of its own rather than close up
                # (but in the last row, closed up with the chips, rather than not drawn)
                if rows[-1] and used + item.width > width and len(rows) < most:
                    rows.append([])
            elif len(rows[-1]) >= per_row and len(rows) < most:     # the chips shared out evenly
                rows.append([])
            rows[-1].append(item)
        # rows past the room (a heist's numbers first): not drawn rather than drawn over the rest
        for row in rows[most:]:
            for item in row:
                item.opacity = 0
        rows = rows[:most]
        self.rows = len(rows)
        high = max(w.height for w in items)
        for r, row in enumerate(rows):
            need = sum(w.width for w in row) + gap * (len(row) - 1)
            # too many for the row: each steps less than its width, the last one whole
            squeeze = 0.0 if need <= width or len(row) < 2 else (need - width) / (len(row) - 1)
            x = 0
            for item in row:
                item.opacity = 1
                # a row under another overlaps its chips' edges (ROW_PITCH), never their letters
                item.pos = (x, self.height - high - r * ROW_PITCH + (high - item.height) / 2)
                x += item.width + gap - squeeze


class TokenPill(Label):
    """A piece with words on it: nobody's (Michel(le)) on a light tag; a player's with
    what it says (Heist's dice on a heist, "A6 B3") on a tag of their colour, their
    letter first."""
    colour = StringProperty("")


class TopDown(RelativeLayout):
    """Its children one under the other from its top, each as wide as it, `spacing`
    apart, in its own coordinates; as high as they are. Placed by its top (AreaTile):
    when the place moves or its height changes (a line more of words above the board),
    it moves as a whole, one translation, and none of its children is moved."""
    spacing = NumericProperty(0)

    def do_layout(self, *_):
        children = list(reversed(self.children))
        high = sum(child.height for child in children) + self.spacing * max(0, len(children) - 1)
        y = high
        for child in children:
            y -= child.height
            child.pos = (0, y)
            child.width = self.width
            y -= self.spacing
        self.height = high


class AreaTile(Widget):
    """A place of the board: its name, the pieces on it (a chip per player's piece,
    a tag for the others) and its facts, from its top down (TopDown)."""
    padding = VariableListProperty([0, 0, 0, 0])
    spacing = NumericProperty(0)
    title = StringProperty("")
    facts = StringProperty("")
    marked = BooleanProperty(False)      # where the action is (the heist being attempted)

    shown_facts = StringProperty("")    # the facts when the place has room for them under its pieces

    def on_kv_post(self, base_widget):
        super().on_kv_post(base_widget)
        # again once the grid's rows have settled this frame (its share is set more than once)
        again = Clock.create_trigger(self._fit, -1)
        self.bind(size=again, facts=self._fit)
        self.ids.chips.bind(rows=again, children=again)
        self._marks = Marks(self.canvas.before)
        self.bind(pos=self._mark, size=self._mark, marked=self._mark)
        self._mark()

    def _mark(self, *_):
        """The bright outline of the place where the action is, drawn only while it is (quiet.Marks)."""
        ring = self._marks.made("ring", lambda: (Color(rgba=theme.BADGE), Mesh(
            texture=rounded.ring(dp(10), dp(3)), indices=rounded.RING_INDICES, mode="triangles")))
        self._marks.show(*([ring] if self.marked else []))
        if self.marked:
            ring[1].vertices = rounded.ring_vertices(self.pos, self.size, dp(10))

    facts_first = BooleanProperty(False)   # a heist's numbers before the dice on it (Board.layout "row")
    title_shown = BooleanProperty(True)    # no room for both its name and its facts: the facts
    need = NumericProperty(0)              # px its name and a row of its pieces need (PlaceGrid)
    more = NumericProperty(0)              # px a second row of chips adds: a crowded place's
    _fitted = None                         # what the last fit was made for (_fit)

    def _crowded(self) -> bool:
        """More chips than one row holds with their letters clear."""
        chips = [w for w in self.ids.chips.children if not isinstance(w, TokenPill)]
        inner = self.width - self.padding[0] - self.padding[2]
        return len(chips) > max(1, int((inner - dp(CHIP)) // dp(34)) + 1)

    def _fit(self, *_):
        """As many rows of pieces as the place's height holds (two at most), then its
        facts if there is still room for all of them: never a fact cut in half. With
        `facts_first`, the facts first and the pieces in the room left."""
        ids = self.ids
        # what decides the fit; the same again (a place moved, or asked twice in a frame): as it is
        fitted = (tuple(self.size), self.facts, self.title, self.facts_first, ids.title.height,
                  list(ids.chips.children))
        if fitted == self._fitted:
            return
        self._fitted = fitted
        room = self.height - self.padding[1] - self.padding[3] - ids.title.height - self.spacing * 2
        chip_row = dp(ROW_PITCH)    # each row after the first; the first is a chip high
        width = max(1.0, self.width - self.padding[0] - self.padding[2])
        lines = sum(max(1, -(-drawn_width(fact, dp(24), False) // width)) for fact in self.facts.split("\n")) \
            if self.facts else 0
        high = dp(29) * lines     # a line of 24 px text
        # its name always (a player must tell which place it is), its pieces below it: what
        # they need, and what a second row of chips adds (a crowded place, everybody in the
        # Cells at the start), for the map to share out (PlaceGrid); a heist's, the room given
        # (against the room its label breaks its lines at: WholeWordsLabel's, its width less dp(4))
        title_room = max(1.0, width - dp(4))
        title_high = dp(29) * max(1, -(-drawn_width(self.title, dp(24), True) // title_room)) if self.title else 0
        self.more = chip_row if self._crowded() and not self.facts_first else 0
        # (TopDown: its three children two spacings apart)
        # a heist's (facts first): its name whole, the numbers under it as the room holds them
        self.need = self.padding[1] + self.padding[3] + title_high \
            + (self.spacing * 2 + dp(CHIP) if ids.chips.children and not self.facts_first else 0)
        self.title_shown = True
        if self.facts_first or not self.ids.chips.children:
            # as many whole facts as the room holds, in their order (a heist's A and B first)
            kept, used = [], 0.0
            for fact in self.facts.split("\n") if self.facts else []:
                need = dp(29) * max(1, -(-drawn_width(fact, dp(24), False) // width))
                if used + need > room:
                    break
                kept.append(fact)
                used += need
            self.shown_facts = "\n".join(kept)
            ids.chips.max_rows = max(0, min(2, int((room - used - dp(CHIP)) // chip_row) + 1)) \
                if room - used >= dp(CHIP) else 0
            ids.chips._lay()
            return
        # as many rows of chips as the height the map gave it holds (PlaceGrid)
        ids.chips.max_rows = max(1, min(2, int((room - dp(CHIP)) // chip_row) + 1))
        ids.chips._lay()            # its rows for this height, now
        rows = ids.chips.rows
        chips_high = dp(CHIP) + (rows - 1) * chip_row if rows else 0
        self.shown_facts = self.facts if lines and room - chips_high >= high else ""

    _shown = None       # what the place shows (show): the same again, as it is

    def show(self, area, tokens, players) -> None:
        # a press that changed nothing on this place (most do: a heist not rolled on) leaves it be
        shown = (area, tuple(tokens), self.facts_first,
                 tuple((p["colour"], p["letter"]) for p in players) if tokens else ())
        if shown == self._shown:
            return
        self._shown = shown
        self.title = area.short or area.label
        # a heist's numbers a line each (facts first); a place's short facts run on
        self.facts = ("\n" if self.facts_first else " · ").join(area.facts)
        self.marked = area.status == "attempted"
        def letter(token):
            return next((p["letter"] for p in players if p["colour"] == token.colour), "?")
        # a player's piece is their chip; one that says more than their letter, a tag of their colour
        chips = [t for t in tokens if t.colour and len(t.short) <= 1]
        pills = [t for t in tokens if not (t.colour and len(t.short) <= 1)]
        self.ids.chips.show([(token.colour, letter(token)) for token in chips],
                            [(f"{letter(token)} {token.short}" if token.colour else token.short or token.label,
                              token.colour or "") for token in pills])
        self._fit()


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


class ScoreRow(BoxLayout):
    """One player on the final scoreboard: place, chip, name, total, and how it adds up."""
    rank = StringProperty("")
    colour = StringProperty("grey")
    letter = StringProperty("?")
    name = StringProperty("")
    total = StringProperty("")
    parts = StringProperty("")
    winner = BooleanProperty(False)


class PlaceGrid(GridLayout):
    """The places (AreaTile), a map in rows: each row at least as high as its places'
    names and a row of their pieces need; a crowded place its second row of chips only
    when every row still has that room, else its chips close up in one row. `need`: the
    height of those rows with the grid's padding and spacing (BoardPanel keeps it)."""
    need = NumericProperty(0)

    def __init__(self, **kwargs):
        self._share = Clock.create_trigger(self.share, -1)
        super().__init__(**kwargs)
        self.bind(height=self._share, cols=self._share, children=self._share)

    def add_widget(self, widget, *args, **kwargs):
        widget.bind(need=self._share, more=self._share)
        super().add_widget(widget, *args, **kwargs)

    def remove_widget(self, widget, *args, **kwargs):
        widget.unbind(need=self._share, more=self._share)
        super().remove_widget(widget, *args, **kwargs)

    def share(self, *_):
        tiles, cols = list(reversed(self.children)), max(1, int(self.cols or 1))
        rows = [tiles[i:i + cols] for i in range(0, len(tiles), cols)]
        self.need = self.padding[1] + self.padding[3] + self.spacing[1] * (len(rows) - 1) \
            + sum(max(t.need for t in row) for row in rows) if tiles else 0
        free = self.height - self.need
        for row in rows:
            more = max(t.need + t.more for t in row) - max(t.need for t in row)
            grows = more <= free
            free -= more if grows else 0
            for tile in row:
                tile.size_hint_min_y = (tile.need + (tile.more if grows else 0)) or None


class BoardPanel(BoxLayout):
    """The whole board below the prompt: counters, places, pieces, scoreboard. Short of
    room (a banner up above it), never two of them drawn over each other: the places keep
    their names' room (their facts give way inside them), the gem pips' line gives way
    first, then the places; not drawn rather than drawn over the rest."""
    layout = StringProperty("table")
    pips_shown = BooleanProperty(True)
    places_shown = BooleanProperty(True)
    _pips = None        # the counters the pips' line was made for

    def on_kv_post(self, base_widget):
        super().on_kv_post(base_widget)
        ids = self.ids
        room = Clock.create_trigger(self._room, -1)
        self.bind(height=room)
        ids.counters.bind(height=room, size_hint_y=room)
        ids.pips.bind(texture_size=room, text=room)
        ids.areas.bind(need=room, children=room)

    def _room(self, *_):
        """What the board's height holds under its counters: the places' names, then the pips."""
        ids = self.ids
        counters = ids.counters.height if ids.counters.size_hint_y is None else 0
        pips = ids.pips.texture_size[1] + dp(4) if ids.pips.text else 0
        room = self.height - counters
        places = ids.areas.need if ids.areas.children else 0
        self.places_shown = places <= room
        self.pips_shown = pips <= room - (places if self.places_shown else 0)

    def show(self, board, players) -> None:
        board = board or Board()     # a game without a board: nothing drawn
        ids = self.ids
        scores = board.scores
        # at the end the scoreboard is the board; a setup checklist draws nothing
        shown = Board(scores=scores) if scores else board
        plain = Board(counters=tuple(c for c in shown.counters if not c.colour))
        ids.counters.roomy = not shown.areas    # places (or a window's bars) below: a line each
        ids.counters.show(plain)
        pips = tuple(c for c in shown.counters if c.colour)
        if pips != self._pips:      # the bag as it was (most presses): its line as it is
            self._pips = pips
            ids.pips.text = pip_line(pips)
        self.layout = board.layout
        by_piece = [a for a in shown.areas if a.pieces]
        by_name = [a for a in shown.areas if not a.pieces]
        for area, tile in zip(by_name, reuse(ids.areas, len(by_name), AreaTile)):
            tile.facts_first = board.layout == "row"
            tile.show(area, [t for t in board.tokens if t.place == area.key], players)
        for area, tile in zip(by_piece, reuse(ids.pieces, len(by_piece), PieceTile)):
            tile.short, tile.pieces = area.short or area.label, list(area.pieces)
        for place, (score, row) in enumerate(zip(scores, reuse(ids.scores, len(scores), ScoreRow)), start=1):
            who = players[score.seat]
            row.rank, row.colour, row.letter, row.name = str(score.rank or place), who["colour"], who["letter"], who["name"]
            # a total with nothing that adds up to it, beside the end in words (The Snitch's
            # escaped or shot), says nothing more: the words alone
            row.total = "" if score.outcome and not score.parts else str(score.total)
            row.winner = score.winner
            made = " + ".join(words for words, _points in score.parts)
            row.parts = " · ".join(part for part in (score.outcome, made) if part)


def pip_line(counters) -> str:
    """Counters of one colour each (the gems in the bag) as coloured dots with how many,
    in the order the game gives: the same order wherever they are drawn."""
    # as a seat's pips are painted: the dot and its number in one font span, never broken
    return "  ".join(paint(f"{PIP}{c.value}", theme.rgba(theme.text_hex(c.colour))) for c in counters)
