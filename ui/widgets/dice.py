"""The dice table's own widgets: the die to tap, the timer's button, and the rolls
counted per face (also in the statistics). Their looks are in dice.kv beside this file.
"""
from __future__ import annotations

import math
from functools import lru_cache

from kivy.clock import Clock
from kivy.graphics import Color, InstructionGroup, Rectangle
from kivy.metrics import dp, sp
from kivy.properties import BooleanProperty, DictProperty, ListProperty, NumericProperty, StringProperty
from kivy.uix.behaviors import ButtonBehavior
from kivy.uix.boxlayout import BoxLayout
from kivy.uix.layout import Layout
from kivy.uix.widget import Widget

from .. import theme
from .countdown import glyph
from .lists import reuse
from .text import drawn_width


class DieArea(ButtonBehavior, BoxLayout):
    """The die: tap anywhere on it to roll for the player whose turn it is."""
    big = StringProperty("")
    caption = StringProperty("")
    detail = StringProperty("")
    edge = ListProperty(list(theme.LINE))
    stale = BooleanProperty(False)       # the roll shown is the previous player's: dimmed


class TimerButton(ButtonBehavior, BoxLayout):
    seconds = StringProperty("")
    caption = StringProperty("")
    phase = StringProperty("idle")   # idle / running / paused / done / last

    @staticmethod
    def digits_font(seconds: str, room: float) -> float:
        """40sp, or smaller (never under 24) where "10:00" and more would not fit on one line."""
        wide = drawn_width(seconds or "0", 100, True) / 100      # per px of font size
        return max(sp(24), min(sp(40), (room - dp(4)) / wide if wide else sp(40)))


class Histogram(Layout):
    """A row per face 1 to 6: its bar and its count. Rows, not columns: a count of a
    long game ("858") is wider than a sixth of the panel, and stood over its column it
    ran into its neighbours'. Each row is as high as its text; where the panel is short
    the rows close up into the empty margins above and below the digits, never onto
    the digits themselves, and where six rows still do not fit (a banner or the seat
    pads' line above the keys' help) they fold into columns, 1-3 beside 4-6, then
    three of two: the rows overflowed the panel onto the timer and the title."""
    counts = DictProperty({})
    bar_colour = ListProperty(list(theme.TONES["primary"][0]))
    columns = NumericProperty(1)        # how many columns the rows take now (for tests and the eye)

    def __init__(self, **kwargs):
        super().__init__(**kwargs)
        self.fbind("pos", self._trigger_layout)
        self.fbind("size", self._trigger_layout)

    def on_counts(self, *_):
        top = max(self.counts.values(), default=0) or 1
        faces = sorted(self.counts)
        count_width, row = _digits_box(len(str(max(self.counts.values(), default=0))), sp(24), False)
        face_width, _ = _digits_box(1, sp(24), True)
        for face, bar in zip(faces, reuse(self, len(faces), HistogramBar)):
            bar.face, bar.count, bar.share = face, self.counts[face], self.counts[face] / top
            bar.count_width, bar.face_width, bar.height = count_width, face_width, row
            bar.bar_colour = self.bar_colour
        self._trigger_layout()

    def do_layout(self, *_):
        bars = list(reversed(self.children))
        if not bars:
            return
        row = bars[0].height
        # a digit's ink is some 60 % of its line: a quarter of a line may overlap the next row's margin
        least = -0.25 * row
        for columns in (1, 2, 3, len(bars)):
            per = math.ceil(len(bars) / columns)
            if per * row + (per - 1) * least <= self.height + 0.5:
                break
        spacing = max(least, min(dp(8), (self.height - per * row) / (per - 1))) if per > 1 else 0
        gap = dp(24) if columns > 1 else 0     # a count is not read as the next column's face
        width = (self.width - (columns - 1) * gap) / columns
        for i, bar in enumerate(bars):      # down the first column, then the next: 1 2 3 | 4 5 6
            column, place = divmod(i, per)
            bar.width = width
            bar.pos = (self.x + column * (width + gap), self.y + self.height - (place + 1) * row - place * spacing)
        self.columns = columns


@lru_cache(maxsize=64)
def _digits_box(digits: int, font_size: float, bold: bool) -> tuple[float, float]:
    """Width (plus a pixel or two for rounding) and line height of a number of this many
    digits: digits are all as wide in the app's font."""
    from kivy.core.text import Label as CoreLabel
    label = CoreLabel(font_size=font_size, bold=bold)
    label.resolve_font_name()
    width, height = label.get_extents("0" * digits)
    return math.ceil(width) + 2, math.ceil(height)


class HistogramBar(Widget):
    """One face's row: its number, the bar, the count (counts of thousands fit, set by
    Histogram). Drawn from glyphs each drawn once (countdown.glyph), not three widgets
    in a box: its texts are not drawn again, nor its children laid out, each time the
    rows settle, and one face's digits serve every row."""
    face = NumericProperty(1)
    count = NumericProperty(0)
    share = NumericProperty(0.0)
    bar_colour = ListProperty([1, 1, 1, 1])
    count_width = NumericProperty(0)
    face_width = NumericProperty(0)

    def __init__(self, **kwargs):
        self._face: list[Rectangle] = []
        self._count: list[Rectangle] = []
        kwargs.setdefault("size_hint", (None, None))
        super().__init__(**kwargs)
        with self.canvas:
            Color(rgba=theme.TEXT_DIM)
            self._face_group = InstructionGroup()
            self._tint = Color(rgba=self.bar_colour)
            self._bar = Rectangle()
            Color(rgba=theme.TEXT)
            self._count_group = InstructionGroup()
        self.fbind("bar_colour", lambda _, rgba: setattr(self._tint, "rgba", rgba))
        redraw = Clock.create_trigger(self._draw, -1)     # once before the frame, however much changed
        for name in ("face", "count", "share", "count_width", "face_width", "pos", "size"):
            self.fbind(name, redraw)
        self._draw()

    def _draw(self, *_):
        size = max(1, int(round(sp(24))))
        gap = dp(6)                 # between the number, the bar and the count
        middle = self.y + self.height / 2
        # the face's number in the middle of its column, the count to the right edge
        face = _glyphs(self._face, self._face_group, str(self.face), size, True)
        _place(self._face, face, self.x + (self.face_width - _width(face)) / 2, middle)
        count = _glyphs(self._count, self._count_group, str(self.count), size, False)
        _place(self._count, count, self.right - _width(count), middle)
        start = self.x + self.face_width + gap
        room = self.width - self.face_width - self.count_width - 2 * gap
        self._bar.pos = (start, middle - self.height * 0.3)
        self._bar.size = ((max(dp(2), room * self.share) if self.count else 0), self.height * 0.6)


def _glyphs(rects: list, group, text: str, size: int, bold: bool) -> list:
    """The characters of `text` as glyph textures, one rectangle each in `group`."""
    textures = [glyph(char, size, bold) for char in text]
    while len(rects) < len(textures):
        rects.append(Rectangle())
        group.add(rects[-1])
    while len(rects) > len(textures):
        group.remove(rects.pop())
    for rect, texture in zip(rects, textures):
        rect.texture, rect.size = texture, texture.size
    return textures


def _width(textures) -> float:
    return sum(texture.width for texture in textures)


def _place(rects: list, textures: list, x: float, middle: float) -> None:
    """Side by side from x, their middle at `middle`, at whole pixels (as a Label places its text)."""
    x = int(x)
    for rect, texture in zip(rects, textures):
        rect.pos = (x, int(middle - texture.height / 2))
        x += texture.width
