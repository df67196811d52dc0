"""The game's own countdown (a guess clock), as big as the screen allows, its
digits drawn once each and only moved after. Its look is in countdown.kv beside
this file, read after the first frame (looks.LATER).
"""
from __future__ import annotations

from functools import lru_cache

from kivy.graphics import Color, Rectangle
from kivy.metrics import dp, sp
from kivy.properties import BooleanProperty, ColorProperty, ListProperty, NumericProperty, StringProperty
from kivy.uix.boxlayout import BoxLayout
from kivy.uix.widget import Widget

from .looks import LaterLook
from .text import drawn_width, texel_for_pixel


@lru_cache(maxsize=64)
def glyph(char: str, font_size: int, bold: bool):
    """One character drawn once at this size, in white (a Color tints it)."""
    from kivy.core.text import Label as CoreLabel
    label = CoreLabel(text=char, font_size=font_size, bold=bold)
    label.refresh()
    texel_for_pixel(label.texture)
    return label.texture


class GlyphNumber(Widget):
    """A number put together from characters each drawn once, centred in the widget.
    A Label draws its whole text again at every change: at the guess clock's size that
    took 4 ms of the frame it costs each second (a Pi without its GPU driver draws
    that frame in software too); this only moves a few rectangles."""
    text = StringProperty("")
    font_size = NumericProperty(sp(15))
    bold = BooleanProperty(False)
    color = ColorProperty([1, 1, 1, 1])
    texture_size = ListProperty([0, 0])     # as a Label's: the size the characters take

    def __init__(self, **kwargs):
        self._glyphs: list = []
        self._rects: list = []
        super().__init__(**kwargs)
        with self.canvas:
            self._tint = Color(rgba=self.color)
        self.fbind("color", lambda _, rgba: setattr(self._tint, "rgba", rgba))
        for name in ("text", "font_size", "bold"):
            self.fbind(name, self._compose)
        self.fbind("pos", self._place)
        self.fbind("size", self._place)
        self._compose()

    def _compose(self, *_):
        size = max(1, int(round(self.font_size)))
        self._glyphs = [glyph(char, size, self.bold) for char in self.text]
        while len(self._rects) < len(self._glyphs):
            self._rects.append(Rectangle())
            self.canvas.add(self._rects[-1])
        while len(self._rects) > len(self._glyphs):
            self.canvas.remove(self._rects.pop())
        for rect, texture in zip(self._rects, self._glyphs):
            rect.texture, rect.size = texture, texture.size
        self.texture_size = [sum(t.width for t in self._glyphs), max((t.height for t in self._glyphs), default=0)]
        self._place()

    def _place(self, *_):
        width, height = self.texture_size
        # not center_x / center_y: cached aliases, still the old middle while `size`'s watchers run
        x, y = int(self.x + (self.width - width) / 2), int(self.y + (self.height - height) / 2)
        for rect, texture in zip(self._rects, self._glyphs):
            rect.pos = (x, y)
            x += texture.width


class BigCountdown(LaterLook, BoxLayout):
    """The game's own countdown (a guess clock), as big as the screen allows."""
    seconds = StringProperty("")
    caption = StringProperty("")
    phase = StringProperty("running")  # running / last / done

    def digits_font(self, height: float, width: float, words: float, seconds: str) -> float:
        """As big as the ring allows beside its words: "1:45" takes more room than "9"."""
        room = width - 2 * dp(10) - self.spacing - words - dp(4)    # a few px spare: glyphs round up
        wide = drawn_width(seconds or "0", 100, True) / 100      # per px of font size
        # whole pixels: each glyph then draws as wide as within the whole number
        return float(int(max(sp(24), min(height * 0.7, dp(180), room / wide if wide else dp(180)))))
