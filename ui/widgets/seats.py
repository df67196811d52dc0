"""A seat at the table, read from across it: the player's name, whole (text.NameLabel),
their chip and what lies in front of them, and the words for its pad. Its look is in
seats.kv beside this file, read after the first frame (looks.LATER).
"""
from __future__ import annotations

from functools import lru_cache

from kivy.clock import Clock
from kivy.graphics import Color, Ellipse, Line, Mesh, Rectangle
from kivy.metrics import dp
from kivy.properties import BooleanProperty, ListProperty, NumericProperty, StringProperty, VariableListProperty
from kivy.uix.layout import Layout
from kivy.uix.widget import Widget
from kivy.utils import escape_markup

from .. import rounded, theme
from ..wrapping import dictionaries_read, name_lines, pack
from .looks import LaterLook
from .quiet import Marks, QuietLabel
from .text import NameLabel, drawn_width, table_language


class SeatName(NameLabel):
    """The name on a seat token, broken into lines for `room` (its room between the chip
    and the pieces beside it) and drawn as tight as its lines, at the room's left. A
    NameLabel as wide as its room drew the same name again whenever a piece came or went
    beside it (the Soap passed on); this one is drawn again only when its lines change."""
    room = NumericProperty(0)

    def __init__(self, **kwargs):
        super().__init__(**kwargs)
        self.bind(room=self._break)

    def _break(self, *_):
        size, bold = self.font_size, self.bold
        room = self.room - self.padding[0] - self.padding[2] - self.reserve - dp(2)
        if self.text == self.name and drawn_width(self.name, size, bold) <= room:
            return      # whole on one line, and still fits: the same line (most names, at every step)
        self.text = "\n".join(name_lines(self.name, room, lambda text: drawn_width(text, size, bold),
                                          table_language()))


class SeatBeside(QuietLabel):
    """The pieces at a seat that fit after a short name (seats.kv), made for a token the
    first time it has one: most tables (the dice table) never do."""


class SeatPadMark(QuietLabel):
    """A seat's pad offline, in words under its figures (seats.kv), made for a token the
    first time its pad says so: a start with no pads makes none."""


class SeatTop(Widget):
    """The row across a seat token's top: its name and the pieces beside it, placed by
    the token (SeatCard.do_layout) beside its chip."""


class SeatCard(LaterLook, Layout):
    """One seat round the table, read from across it (all at 24 px): the chip with the
    name beside it, whole (NameLabel); under them what lies in front of the player
    ("4 cards · 0 Items"), the pieces at the seat (Soap, Guard ...) and their pips,
    as many to a line as fit; progress toward the goal as a bar along the bottom;
    with seat pads, a dot for a pad online and "pad offline" for one unplugged. The
    seat whose turn it is stands out: a bright frame and a lighter face."""
    colour = StringProperty("grey")
    letter = StringProperty("?")
    name = StringProperty("")
    tags = ListProperty([])             # the game's short tags: "Soap", "Guard: silent"
    current = BooleanProperty(False)
    pad = StringProperty("")            # "", "online" or "offline"
    pad_text = StringProperty("")       # said only when offline
    counts = ListProperty([])           # what lies in front of them, short: "4 cards", "0 Items"
    track = StringProperty("")          # toward the goal: "Tunnel 3/8"
    track_share = NumericProperty(0.0)
    pips = ListProperty([])             # pieces as coloured dots: (colour, how many), ... (Heist's gems)
    padding = VariableListProperty([0, 0, 0, 0])
    minimum_height = NumericProperty(0)     # its lines' height, padding in: a row of tokens is as high as its tallest
    _below = False      # the chip under a long name, beside the figures (_place_chip)
    _chip_asked = None  # _place_chip: the name, its room, size, language (and dictionaries) it last broke
    _chip_under = False     # and whether that put the chip under it
    _held = False       # within show(): the figures flowed once at its end, not once a field
    _posted = False     # its look read (looks.LATER): its ids there to flow into

    def show(self, **fields) -> None:
        """Set the seat's fields together (colour=..., tags=...): its figures flowed again
        once, if any of them changed, not once for each field that did; only those
        that changed are set (most seats, most steps: none)."""
        changed = [(name, value) for name, value in fields.items() if getattr(self, name) != value]
        if not changed:
            return
        self._held = True
        try:
            for name, value in changed:
                setattr(self, name, value)
        finally:
            self._held = False
        if self._posted:
            self._flow()

    def __init__(self, **kwargs):
        super().__init__(**kwargs)
        for name in ("pos", "size", "padding"):
            self.fbind(name, self._trigger_layout)

    def do_layout(self, *_):
        """The chip, the row of the name and the figures (and the pieces beside the name, a
        pad's words) where a box of chip and name over a box of figures would put them,
        worked out at once rather than by four boxes: the chip and the name in the middle
        of the row's height, the pieces beside it at its end, the figures under it from
        the left (after the chip under a long name), a pad's words under them, the room
        left below."""
        ids = self.ids
        if "side" not in ids:
            return          # its look not read yet
        chip, name, side, row_box = ids.chip, ids.name, ids.side, ids.row
        beside, mark = ids.get("beside"), ids.get("pad_mark")
        left, top_pad, right, bottom = self.padding
        x, inner, gap, below = self.x + left, self.width - left - right, dp(GAP), self._below
        # the name's room: the row less the chip and a gap before the pieces beside it (there or not yet)
        name.room = inner - gap - (0 if below else chip.width + gap) - (beside.width if beside else 0)
        row = self._row_high()
        lower = max(side.height, chip.height if below else 0)
        under = mark.height if mark else 0
        self.minimum_height = top_pad + bottom + row + lower + under
        # a token shorter than its lines keeps their bottom inside, as a box of them did
        top = max(self.top - top_pad, self.y + bottom + row + lower + under)
        middle = top - row / 2
        row_box.pos, row_box.size = (x, top - row), (inner, row)
        if below:
            chip.pos = (x, top - row - (lower + chip.height) / 2)
            side.x, side.width = x + chip.width + gap, inner - chip.width - gap
            name.pos = (x, middle - name.height / 2)
        else:
            chip.pos = (x, middle - chip.height / 2)
            side.x, side.width = x, inner
            name.pos = (x + chip.width + gap, middle - name.height / 2)
        side.y = top - row - side.height
        if beside is not None:
            beside.pos = (x + inner - beside.width, middle - beside.height / 2)
        if mark is not None:
            mark.pos, mark.width = (x, top - row - lower - under), inner

    def _row_high(self) -> float:
        """The height of the row of the chip (unless it is under the name) and the name."""
        ids = self.ids
        return max(0 if self._below else ids.chip.height, ids.name.height)

    def on_kv_post(self, base_widget):
        super().on_kv_post(base_widget)
        self._marks = Marks(self.canvas.before)    # over its face: SeatCard._mark
        self.fbind("pad_text", self._pad_words)
        self._pad_words()
        self.bind(pos=self._mark, size=self._mark, current=self._mark, track=self._mark,
                  track_share=self._mark, pad=self._mark)
        self._mark()
        self._posted = True
        self.bind(counts=self._flow, tags=self._flow, current=self._flow, width=self._flow, pips=self._flow,
                  track=self._flow, name=self._flow)
        # its height changes as its own rows move, the name's lines as the language's
        # dictionary arrives: looked at again once they settle, not within
        again = Clock.create_trigger(self._flow, -1)
        self.bind(height=again)
        self.ids.name.bind(text=again, height=again)     # (the row's height with it)
        self.ids.name.fbind("size", self._trigger_layout)   # (in the row: not the token's own child)
        self.ids.row.funbind("size", self._trigger_layout)  # (sized here, by do_layout)
        self.ids.side.bind(width=again)     # its lines measured at its width (_lines_high)
        self._flow()

    def _mark(self, *_):
        """What the token draws over its face, only while it shows (quiet.Marks): the
        bright frame of the seat whose turn it is, the track's bar along the bottom, the
        pad's green dot (online) or red ring (offline)."""
        marks, x, y, w, h = self._marks, self.x, self.y, self.width, self.height
        ring = marks.made("ring", lambda: (Color(rgba=theme.BADGE), Mesh(
            texture=rounded.ring(dp(10), dp(4)), indices=rounded.RING_INDICES, mode="triangles")))
        track = marks.made("track", lambda: (Color(rgba=theme.LINE), Rectangle(), Color(rgba=theme.BADGE), Rectangle()))
        online = marks.made("online", lambda: (Color(rgba=theme.OK_TEXT), Ellipse(size=(dp(9), dp(9)))))
        offline = marks.made("offline", lambda: (Color(rgba=theme.ERROR_TEXT), Line(width=dp(1.5))))
        marks.show(*(mark for wanted, mark in ((self.current, ring), (self.track, track),
                                               (self.pad == "online", online), (self.pad == "offline", offline))
                     if wanted))
        if self.current:
            ring[1].vertices = rounded.ring_vertices(self.pos, self.size, dp(10))
        if self.track:
            track[1].pos = track[3].pos = (x + dp(8), y + dp(2))
            track[1].size = (w - dp(16), dp(4))
            track[3].size = ((w - dp(16)) * self.track_share, dp(4))
        if self.pad == "online":
            online[1].pos = (x + w - dp(15), y + h - dp(15))
        elif self.pad == "offline":
            offline[1].circle = (x + w - dp(10.5), y + h - dp(10.5), dp(4.5))

    def _pad_words(self, *_):
        """The pad's words under the figures (SeatPadMark), made the first time there are any."""
        mark = self.ids.get("pad_mark")
        if mark is None:
            if not self.pad_text:
                return
            mark = self.ids["pad_mark"] = SeatPadMark()
            self.add_widget(mark)     # under the figures (do_layout)
        mark.text = self.pad_text

    def _beside(self):
        """The label for the pieces beside the name (SeatBeside), made the first time one fits there."""
        beside = self.ids.get("beside")
        if beside is None:
            beside = self.ids["beside"] = SeatBeside()
            beside.fbind("size", self._trigger_layout)
            self.ids.row.add_widget(beside)     # at its end (do_layout)
        return beside

    def _place_chip(self, full: float) -> float:
        """The chip beside the name while the name takes two lines there at most; beside
        the figures, under a name given the whole width, when it would take three: the
        token keeps its height either way. The room left for the figures' lines."""
        ids = self.ids
        chip, name, gap = ids.chip, ids.name, dp(GAP)
        beside = full - chip.width - gap * 2      # chip, name, the pieces beside it: two gaps
        # a few px to spare: on the line between two and three lines the chip goes under
        asked = (self.name, beside - name.reserve - dp(10), name.font_size, table_language(), dictionaries_read())
        if asked != self._chip_asked:   # broken again only when the name, its room or its language changed
            self._chip_asked = asked
            size = name.font_size
            self._chip_under = len(name_lines(asked[0], asked[1], lambda text: drawn_width(text, size, True),
                                              asked[3])) > 2
        below = self._chip_under
        if below != self._below:
            self._below = below
            self._trigger_layout()
        return full - chip.width - gap if below else full    # under the name: one gap

    def _flow(self, *_):
        """The pieces at the seat beside a short name, as many as fit there; under the
        name the track, the counts, the pips, then the other pieces, as many to a line
        as fit. The figures' words are set once, as shown: a longer text set first and
        taken back was drawn again all the same (at every step of the seat's turn)."""
        if self._held:
            return
        ids = self.ids
        side = ids.side
        whole = self.width - self.padding[0] - self.padding[2]
        full = self._place_chip(whole) - dp(2)
        size = side.font_size

        def width(text):
            return drawn_width(text, size, False)

        tag_colour = theme.BADGE if self.current else theme.TEXT
        tags = list(self.tags)
        # beside the name: the pieces that fit after it on its one line
        room = 0.0
        if not self._below and "\n" not in ids.name.text:
            room = (whole - ids.chip.width - dp(GAP) * 2 - ids.name.reserve
                    - drawn_width(self.name, ids.name.font_size, True) - dp(10))
        there = []
        while tags and width(SEPARATOR.join(there + [tags[0]])) <= room:
            there.append(tags.pop(0))
        beside = self._beside() if there else ids.get("beside")
        if beside is not None:
            beside.text = _painted([[(tag, tag_colour) for tag in there]])
            beside.width = width(SEPARATOR.join(there)) + dp(8) if there else 0    # clear of the frame
        # the counts dim, a pip in its colour, the tags bright (the badge colour on the seat whose turn it is)
        figures = [(self.track, theme.TEXT)] if self.track else []
        figures += [(count, theme.TEXT_DIM) for count in self.counts]
        figures += [(f"{PIP}{count}", theme.rgba(theme.text_hex(colour))) for colour, count in self.pips]
        packed = iter(figures)
        lines = [[next(packed) for _ in line] for line in pack([text for text, _ in figures], [full], width, SEPARATOR)]
        pieces = [(tag, tag_colour) for tag in tags]
        fit = len(lines) + len(pieces)      # at most a line each
        limit = self.room_for_lines()
        while True:
            shown = _fitted(lines, pieces, fit, lambda line: width(SEPARATOR.join(text for text, _ in line)) <= full)
            # as many lines as the token's height holds, measured as drawn (a markup line
            # is drawn taller than its font says): a long name, many pieces: "+2"
            # a line is 29 px, a markup line at most 32: clear of the room, no need to draw it now
            if fit <= 1 or len(shown) * dp(32) <= limit or self._lines_high(shown, width) <= limit:
                break
            fit = min(fit, len(shown)) - 1
        side.text = _painted(shown)

    def _lines_high(self, lines, width) -> float:
        """How high the figures' lines (of (text, colour)) are drawn: measured by drawing
        them once for each kind of lines (a line with a pip's font is drawn taller), then
        known without drawing them again (Kivy draws them in the frame anyway). Lines the
        label would wrap are measured each time."""
        side = self.ids.side
        key = (side.font_size, side.font_name, tuple(any(item.startswith(PIP) for item, _ in line) for line in lines))
        high = _LINES_HIGH.get(key)
        wraps = any(width(SEPARATOR.join(item for item, _ in line)) > side.width for line in lines)
        if high is None or wraps:
            side.text = _painted(lines)
            side.texture_update()
            high = side.texture_size[1]
            if not wraps:
                _LINES_HIGH[key] = high
        return high

    def room_for_lines(self) -> float:
        """The height left under the name for the lines of figures."""
        ids = self.ids
        mark = ids.get("pad_mark")
        return self.height - self.padding[1] - self.padding[3] - self._row_high() - (mark.height if mark else 0)


def _fitted(figures: list, pieces: list, fit: int, fits) -> list:
    """The lines shown, `fit` at most, of (text, colour): the figures' lines (packed),
    each other piece in the first line with room for it (else a line of its own while
    there are lines to spare), and for what is left off "+N" at the end. A piece makes
    room for "+N", a figure only when figures are left off anyway: with room for all
    the figures and no more, no "+N" ("0 Heists · +2" left the cash off for the team's
    tag). The first figure stays whole, whatever the room (a long name's chip beside
    the figures leaves them ~140 px): "Tunnel 0/8", and "+1" after it only if it fits."""
    def more(count):
        return (f"+{count}", theme.TEXT_DIM)
    lines = [list(line) for line in figures[:fit]]
    left = sum(map(len, figures[fit:]))
    for piece in pieces:    # each into the first line with room for it: fewer lines
        line = next((line for line in lines if fits(line + [piece])), None)
        if line is not None:
            line.append(piece)
        elif len(lines) < fit:
            lines.append([piece])
        else:
            left += 1
    if not left:
        return lines
    last = lines[-1]
    own = len(figures[len(lines) - 1]) if len(lines) <= len(figures) else 0    # its figures, before its pieces
    if len(figures) > fit:      # figures left off already: "+N" may take a figure's place, not the first's
        own = 1 if fit == 1 else 0
    while len(last) > own and not fits(last + [more(left)]):
        last.pop()
        left += 1
    if fits(last + [more(left)]):
        last.append(more(left))
    return lines


def _painted(lines: list) -> str:
    """Lines of (text, colour) as the label's markup, a dim separator between."""
    return "\n".join(_SEPARATOR_PAINTED.join(paint(text, colour) for text, colour in line) for line in lines)


@lru_cache(maxsize=256)
def paint(text: str, colour) -> str:
    """A figure or a pip ("\u25cf3") as markup in its colour (r, g, b, a): a seat's, or the board's bag."""
    return f"[color={theme.hex_of(colour)}]{_pip_font(escape_markup(text))}[/color]"


GAP = 6     # px: between the chip, the name and the pieces beside it; the chip under a name and the figures
_LINES_HIGH: dict = {}    # SeatCard._lines_high: the figures' height drawn, by kind of lines
SEPARATOR = "\u200a·\u200a"    # hair spaces: one more figure to a line
PIP = "\u25cf"      # a dot; drawn from DejaVu Sans, which has it


def _pip_font(text: str) -> str:
    # the dot and its number in one font span: a line never breaks between them
    return f"[font={theme.SYMBOL_FONT}]{text}[/font]" if text.startswith(PIP) else text


_SEPARATOR_PAINTED = f"[color={theme.hex_of(theme.TEXT_DIM)}]{SEPARATOR}[/color]"


def pad_mark(t, state: str) -> str:
    """The words a seat shows for its pad: only an offline pad is worth words."""
    return t("pads.offline_mark") if state == "offline" else ""
