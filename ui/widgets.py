"""Widgets every screen shares. Their looks are in ui/widgets.kv and ui/widgets_later.kv.

They only show what they are given; none of them knows a rule of a game.
"""
from __future__ import annotations

import math
import weakref
from bisect import bisect_left
from functools import lru_cache, partial
from itertools import accumulate
from pathlib import Path

from kivy.animation import Animation
from kivy.clock import Clock
from kivy.metrics import dp, sp
from kivy.graphics import Color, Rectangle
from kivy.properties import (BooleanProperty, ColorProperty, DictProperty, ListProperty, NumericProperty,
                             ObjectProperty, StringProperty)
from kivy.uix.behaviors import ButtonBehavior
from kivy.uix.boxlayout import BoxLayout
from kivy.uix.button import Button
from kivy.uix.floatlayout import FloatLayout
from kivy.uix.label import Label
from kivy.uix.layout import Layout
from kivy.uix.modalview import ModalView
from kivy.uix.recycleboxlayout import RecycleBoxLayout
from kivy.uix.recyclelayout import RecycleLayout
from kivy.uix.recycleview import RecycleView
from kivy.uix.screenmanager import NoTransition, ScreenManager
from kivy.uix.scrollview import ScrollView
from kivy.uix.widget import Widget

from companion.players import COLOUR_SHAPE

from . import kvparse, theme
from .wrapping import hyphenated, name_lines, pack

kvparse.install()   # before any kv file of ours is read

LATER_KV = Path(__file__).resolve().with_name("widgets_later.kv")


class WholeWords:
    """For a button or a line of names: the text shrinks rather than break a word
    over two lines ("Protoko / ll"), down to 24 px; lines still break between words.
    A word too wide even at 24 px breaks as print does, with a hyphen ("Wieder-" /
    "holen": ui/wrapping.py, by the table's language): read across the table, large
    beats whole."""
    _wanted = 0.0           # the size asked for (kv, a caller); the text is drawn at most this big
    _fitting = False
    _source = None          # the text as given; what is shown may have a word hyphenated
    _shown = None

    def keep_words_whole(self):
        self._wanted = self.font_size
        self._source = self.text
        # fitted before the frame is drawn, once laid out: a new widget's width is not yet its own
        self._refit = Clock.create_trigger(self._fit_words, -1)
        self.bind(text=self._new_text, width=self._refit, bold=self._refit, font_size=self._font_asked)
        _on_language(self)
        self._refit()

    def _new_text(self, *_):
        if self.text != self._shown:     # not the hyphenated text this widget set itself
            self._source = self.text
            self._refit()

    def language_changed(self):
        self._refit()

    def _font_asked(self, _widget, value):
        if not self._fitting:
            self._wanted = value
            self._refit()

    def _fit_words(self, *_):
        source = self._source or ""
        words, room = source.split(" "), self.width - dp(12)    # a no-break space joins a phrase
        size, least = self._wanted, min(self._wanted, sp(24))

        def wide(text: str) -> float:
            return _word_width(text, round(size), self.bold)

        while source and room > 0 and size > least and max(map(wide, words)) > room:
            size = max(least, size - sp(1))
        shown = hyphenated(source, room, wide, table_language()) if source and room > 0 else source
        self._fitting = True
        self.font_size = size
        self._fitting = False
        self._shown = shown
        if shown != self.text:
            self.text = shown


class FlatButton(WholeWords, Button):
    """A big, flat, rounded button; `tone` picks its colour (see theme.TONES)."""
    tone = StringProperty("normal")

    def __init__(self, **kwargs):
        super().__init__(**kwargs)
        self.keep_words_whole()


def load_later_looks() -> None:
    """ui/widgets_later.kv: the shared looks no table is drawn with at start (forms,
    dialogs, tiles, a game's seats), read after the first frame (ui/app.py) or by
    the first widget that needs one, whichever comes first."""
    from kivy.lang import Builder

    path = str(LATER_KV)
    if path not in Builder.files:
        Builder.load_file(path)


class LaterLook:
    """A widget whose look is in ui/widgets_later.kv: read before its rules apply."""

    def __init__(self, **kwargs):
        load_later_looks()
        super().__init__(**kwargs)


class PickButton(LaterLook, FlatButton):
    """One answer of a row of them (a form's, a setup option's numbers): stays marked
    while it is the one chosen."""
    selected = BooleanProperty(False)
    value = ObjectProperty(None, allownone=True)


class NumberCell(FlatButton):
    """A number to change: shown large on a button face; a tap opens the keypad
    (an action's form, a setup option, a setting)."""
    wrong = BooleanProperty(False)


class WholeWordsLabel(Label):
    """What a counter, a place or a heist is called, read across the table: it keeps
    its size (24 px) and its lines break between words; a word wider than the box
    breaks as print does, with a hyphen ("Kontakt-" / "stapel": ui/wrapping.py, by
    the table's language), never drawn smaller and never cut."""

    def __init__(self, **kwargs):
        self._source = self._shown = None
        super().__init__(**kwargs)
        self.bind(text=self._new_text, width=self._rewrap, font_size=self._rewrap, bold=self._rewrap,
                  padding=self._rewrap)
        _on_language(self)
        self._new_text()

    def _new_text(self, *_):
        if self.text != self._shown:     # not the broken text this label set itself
            self._source = self.text
            self._rewrap()

    def language_changed(self):
        self._rewrap()

    def _rewrap(self, *_):
        source = self._source or ""
        room = self.width - 2 * self.padding[0] - dp(4)
        shown = source
        if source and room > 0:
            size, bold = round(self.font_size), self.bold

            def wide(text: str) -> float:
                return _word_width(text, size, bold)

            shown = hyphenated(source, room, wide, table_language())
        self._shown = shown
        if shown != self.text:
            self.text = shown


class NamesLabel(WholeWords, Label):
    """Players' names in a box, each one whole: as many as fit, then `more` ("and
    {count} more") for the rest; a list never ends in "Maximiliane-Frie...". The
    names stand where `template` says {names} ("Sing Sing: {names}"); without
    names the template is the text as it is."""
    names = ListProperty([])
    template = StringProperty("{names}")
    more = StringProperty("+{count}")

    def __init__(self, **kwargs):
        super().__init__(**kwargs)
        self.bind(names=self._fit, template=self._fit, more=self._fit, size=self._fit, bold=self._fit)
        self._fit()
        self.keep_words_whole()     # one name too long for the box: smaller, then hyphenated at 24 px, never cut

    def _fit(self, *_):
        names = list(self.names)
        if not names:
            self.text = self.template
            return

        def text(shown):
            rest = len(names) - len(shown)
            return self.template.format(names=", ".join(shown) + (" " + self.more.format(count=rest) if rest else ""))

        if self._fits(text(names)):
            self.text = text(names)
            return
        # As many as fit, in seat order; a name too long for the line beside "and 3 more"
        # gives way to the ones after it, rather than break onto a line the box has not.
        shown: list[str] = []
        for name in names:
            if self._fits(text(shown + [name])):
                shown.append(name)
        self.text = text(shown or names[:1])

    def _fits(self, text: str) -> bool:
        from kivy.core.text import Label as CoreLabel
        room = max(1, self.width - 2 * self.padding[0])
        size = self._wanted or self.font_size
        if any(_word_width(word, round(size), self.bold) > room - dp(12) for word in text.split(" ")):
            return False     # a name would break: one fewer
        label = CoreLabel(text=text, font_size=size, bold=self.bold, text_size=(room, None))
        label.refresh()
        return label.texture.size[1] <= self.height - 2 * self.padding[1] + 1


class Tile(LaterLook, ButtonBehavior, BoxLayout):
    """A home-screen tile: a big title and a line of detail under it. With `names`
    the detail shows `template` with as many whole names as fit (NamesLabel)."""
    title = StringProperty("")
    detail = StringProperty("")
    tone = StringProperty("normal")
    names = ListProperty([])
    template = StringProperty("")
    more = StringProperty("")


class Caption(Label):
    """Plain text that wraps inside its width."""


class Heading(Label):
    """A screen title in the top bar."""


class FitLabel(Label):
    """Wrapped text that shrinks, down to `min_font`, until it fits: with `grow`
    the label takes the text's height (at most `max_height`), else its own box.
    Nothing is ever cut short with "..."; if even `min_font` does not fit, it shows."""
    max_font = NumericProperty(sp(24))
    min_font = NumericProperty(sp(24))    # read across the table: a smaller floor is asked for, never the default
    grow = BooleanProperty(False)
    max_height = NumericProperty(sp(140))
    _fitting = False

    def __init__(self, **kwargs):
        super().__init__(**kwargs)
        self.bind(text=self.fit, width=self.fit, height=self._height_changed, max_font=self.fit,
                  min_font=self.fit, grow=self.fit, max_height=self.fit, texture_size=self._texture_height)
        self.fit()

    def _one_size(self) -> bool:
        return self.max_font <= self.min_font

    def _texture_height(self, *_):
        """One font size and `grow`: the height is the texture's, once Kivy has drawn it
        (within the same frame), rather than laying the text out twice."""
        if self.grow and self._one_size():
            height = self.texture_size[1]
            self.height = height if self.text and height > 1 else 0

    def _height_changed(self, *_):
        if not self.grow:
            self.fit()

    def fit(self, *_):
        if self._fitting:
            return
        self._fitting = True
        try:
            limit = self.max_height if self.grow else self.height
            self.text_size = (max(1, self.width - 2 * self.padding[0]), None)
            if self._one_size():     # nothing to try: the texture says the height (_texture_height)
                self.font_size = self.max_font
                if self.grow and not self.text:
                    self.height = 0
                return
            size = self.max_font
            while True:
                self.font_size = size
                height = self._measured_height()
                if height <= limit or size <= self.min_font:
                    break
                size = max(self.min_font, size - sp(2))
            if self.grow:
                self.height = height if self.text else 0
        finally:
            self._fitting = False

    def _measured_height(self) -> int:
        """The text's height at the current font size, laid out but not drawn (the
        texture is drawn once, at the size chosen): what texture_size[1] will be."""
        label = self._label                     # Kivy's core label: the widget keeps its options current
        if not label.text or ((self.halign == "justify" or self.strip) and not label.text.strip()):
            return 0
        label.resolve_font_name()
        height = label.render()[1]
        return height if height > 1 else 0


def _ring(corners: int, radius: float = 1.0, turn: float = 90.0, dy: float = 0.0,
          inner: float | None = None) -> tuple:
    """A regular polygon's corners (a star's, with `inner` the notches' radius)."""
    count = corners * 2 if inner else corners
    points = []
    for i in range(count):
        r = radius * inner if inner and i % 2 else radius
        a = math.radians(turn + i * 360 / count)
        points.append((r * math.cos(a), r * math.sin(a) + dy))
    return tuple(points)


_ARM = 0.46    # the cross's half arm: the letter fits in its middle bar
# A chip's shape (companion.players.COLOUR_SHAPE) as its outline in a box from -1
# to 1, with the letter's size and how far it sits below the middle (parts of the
# chip's size; below 0: above), so the whole letter is on the colour, where its ink reads.
CHIP_SHAPES = {
    "circle": (_ring(48), 0.5, 0.0),
    "square": (((-.86, -.86), (.86, -.86), (.86, .86), (-.86, .86)), 0.5, 0.0),
    "triangle": (((-1, -1), (1, -1), (0, 1)), 0.5, 0.2),
    "diamond": (((0, -1), (1, 0), (0, 1), (-1, 0)), 0.5, 0.0),
    "hexagon": (_ring(6, turn=0), 0.5, 0.0),
    "star": (_ring(5, 1.05, dy=-0.1, inner=0.62), 0.5, 0.05),
    "pentagon": (_ring(5, 1.05, dy=-0.1), 0.5, 0.05),
    "cross": (((-_ARM, -1), (_ARM, -1), (_ARM, -_ARM), (1, -_ARM), (1, _ARM), (_ARM, _ARM), (_ARM, 1),
               (-_ARM, 1), (-_ARM, _ARM), (-1, _ARM), (-1, -_ARM), (-_ARM, -_ARM)), 0.5, -0.02),
}


class Chip(Label):
    """A player's colour as its shape with their letter on it: neither colour nor
    shape is the only cue. Give it `colour` and `letter`; the shape follows."""
    colour = StringProperty("grey")
    letter = StringProperty("?")
    shape = StringProperty("")                # from the colour (COLOUR_SHAPE)
    ink = ListProperty([0, 0, 0, 1])
    fill = ListProperty([0.7, 0.7, 0.7, 1])
    outline = ListProperty([])                # the shape's corners on the screen: x, y, x, y ...
    mesh = ListProperty([])                   # the same as a triangle fan from the middle
    mesh_indices = ListProperty([])
    letter_scale = NumericProperty(0.5)
    letter_drop = NumericProperty(0.0)

    def __init__(self, **kwargs):
        super().__init__(**kwargs)
        self.bind(pos=self._draw, size=self._draw, shape=self._draw)
        self.on_colour()
        self._draw()

    def on_colour(self, *_):
        self.fill = list(theme.player_rgba(self.colour))
        self.ink = list(theme.ink_on(self.colour))
        self.shape = COLOUR_SHAPE.get(self.colour, "circle")

    def _draw(self, *_):
        corners, self.letter_scale, self.letter_drop = CHIP_SHAPES.get(self.shape, CHIP_SHAPES["circle"])
        # not self.center: a cached alias, still the old middle while a resize tells `size`'s
        # watchers (a header chip given its width back drew its shape over the Home button)
        cx, cy = self.x + self.width / 2, self.y + self.height / 2
        r = max(0.0, min(self.size) / 2 - dp(2))
        points = [(cx + x * r, cy + y * r) for x, y in corners]
        self.outline = [v for point in points for v in point]
        fan = [(cx, cy)] + points + points[:1]
        self.mesh = [v for x, y in fan for v in (x, y, 0, 0)]
        self.mesh_indices = list(range(len(fan)))


class PlayerChip(ButtonBehavior, Chip):
    """A chip to tap (setup: the next free colour)."""


class BigButton(ButtonBehavior, BoxLayout):
    """A big button for one thing to do; a chip says whose step it is (none: the table's)."""
    text = StringProperty("")
    tone = StringProperty("normal")
    colour = StringProperty("grey")
    letter = StringProperty("")
    big = BooleanProperty(False)        # the one step that normally comes next
    muted = BooleanProperty(False)      # not yet: a tap says why


class SeatCard(LaterLook, BoxLayout):
    """One seat at the table, read from across it (all at 24 px): the name on its
    own line, whole (NameLabel); under it the chip with what lies in front of the
    player beside it ("4 cards · 0 Items"), then the game's tags (Soap, Guard ...),
    packed a few to a line; with seat pads, a dot for a pad online and "pad
    offline" for one unplugged."""
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
    SIDE_LINES = 2                      # lines beside the chip; more go under it, the card's full width

    def on_kv_post(self, base_widget):
        super().on_kv_post(base_widget)
        self.bind(counts=self._flow, tags=self._flow, current=self._flow, width=self._flow)
        self._flow()

    def _flow(self, *_):
        """The counts, then the tags, as many to a line as fit: first beside the chip, then under it."""
        from kivy.utils import escape_markup
        ids = self.ids
        side, rest = ids.side, ids.rest
        full = self.width - self.padding[0] - self.padding[2]
        size = side.font_size
        counts, tags = list(self.counts), list(self.tags)
        rooms = [full - ids.chip.width - ids.row.spacing - dp(2)] * self.SIDE_LINES + [full - dp(2)]
        lines = pack(counts + tags, rooms, lambda text: drawn_width(text, size, False), SEPARATOR)
        # the counts dim, the tags bright (the badge colour on the seat whose turn it is)
        colours = [theme.TEXT_DIM] * len(counts) + [theme.BADGE if self.current else theme.TEXT] * len(tags)
        painted = iter(f"[color={_hex(colour)}]{escape_markup(item)}[/color]"
                       for item, colour in zip(counts + tags, colours))
        separator = f"[color={_hex(theme.TEXT_DIM)}]{SEPARATOR}[/color]"
        lines = [separator.join(next(painted) for _ in line) for line in lines]
        side.text = "\n".join(line for line in lines[:self.SIDE_LINES] if line)
        rest.text = "\n".join(lines[self.SIDE_LINES:])


SEPARATOR = " · "


def _hex(rgba) -> str:
    return "#{:02X}{:02X}{:02X}".format(*(round(v * 255) for v in rgba[:3]))


class NameLabel(Label):
    """A player's name at the size asked (24 px), never shrunk and never cut: it
    breaks after a space or a hyphen, and a word wider than the line is broken
    with a hyphen, as print does (ui/wrapping.py: by the table's language's
    dictionary; where that has no break that fits, after as many letters as fit).
    `name` is the name, `text` the lines drawn; `reserve` keeps room
    free at the lines' end (a seat pad's dot)."""
    name = StringProperty("")
    reserve = NumericProperty(0)

    def __init__(self, **kwargs):
        super().__init__(**kwargs)
        self.bind(name=self._break, width=self._break, font_size=self._break, bold=self._break,
                  reserve=self._break)
        _on_language(self)
        self._break()

    def _break(self, *_):
        size, bold = self.font_size, self.bold
        room = self.width - self.padding[0] - self.padding[2] - self.reserve - dp(2)
        self.text = "\n".join(name_lines(self.name, room, lambda text: drawn_width(text, size, bold),
                                          table_language()))

    def language_changed(self):
        self._break()


def table_language() -> str:
    """The table's language ("en", "de"), which picks the hyphenation dictionary: the
    running app's, English without one."""
    from kivy.app import App
    return getattr(App.get_running_app(), "lang", None) or "en"


_breaking = weakref.WeakSet()     # the widgets that hyphenate, while they live
_watched = weakref.WeakSet()      # the apps whose language they follow


def _on_language(widget) -> None:
    """widget.language_changed() when the table's language changes: a name's break
    follows it. One watch per app, not one per widget, which the app would keep."""
    from kivy.app import App
    _breaking.add(widget)
    app = App.get_running_app()
    if app is not None and hasattr(app, "lang") and app not in _watched:
        _watched.add(app)
        app.bind(lang=rebreak_words)


def rebreak_words(*_) -> None:
    """Every widget that hyphenates breaks its words again: the table's language
    changed, or its dictionary has been read (ui/wrapping.py put_off)."""
    for widget in list(_breaking):
        widget.language_changed()


@lru_cache(maxsize=8192)
def drawn_width(text: str, font_size: float, bold: bool) -> float:
    """How wide one line of text is drawn, measured without drawing it."""
    from kivy.core.text import Label as CoreLabel
    label = CoreLabel(font_size=font_size, bold=bold)
    label.resolve_font_name()
    return label.get_extents(text)[0]


def reuse(box, count: int, make) -> list:
    """The first `count` children of `box` in the order shown, made with make() only
    when missing: a screen updates these in place instead of rebuilding its widgets
    on every press. Ones too many are taken off and kept for the box's next need
    (a line that comes and goes with each roll and undo is not made again)."""
    shown = list(reversed(box.children))
    spares = box.__dict__.setdefault("_reuse_spares", [])
    for widget in shown[count:]:
        box.remove_widget(widget)
        spares.append(widget)
    for _ in range(count - len(shown)):
        box.add_widget(spares.pop() if spares else make())
    return list(reversed(box.children))


def pad_mark(t, state: str) -> str:
    """The words a seat shows for its pad: only an offline pad is worth words."""
    return t("pads.offline_mark") if state == "offline" else ""


class PadStrip(BoxLayout):
    """A line of the seats that have a pad: their chips, online first, then the
    ones whose pad is offline. No seat with a pad: the line takes no room."""

    def show(self, t, players, states: dict[int, str]) -> None:
        self.clear_widgets()
        seats = [seat for seat in sorted(states) if 0 <= seat < len(players)]
        if not seats:
            self.height = 0
            self.opacity = 0
            return
        self.height = dp(theme.CHIP)
        self.opacity = 1
        self.add_widget(self._word(t("pads.strip"), theme.TEXT_DIM))
        online = [seat for seat in seats if states[seat] == "online"]
        offline = [seat for seat in seats if states[seat] != "online"]
        for group, word, colour in ((online, t("pads.online_mark"), theme.OK_TEXT),
                                    (offline, t("pads.offline_mark"), theme.ERROR_TEXT)):
            if not group:
                continue
            for seat in group:
                player = players[seat]
                chip = Chip(colour=player["colour"], letter=player["letter"], pos_hint={"center_y": 0.5})
                chip.size = (dp(theme.CHIP), dp(theme.CHIP))    # after the kv rule, which makes a chip a touch target
                self.add_widget(chip)
            self.add_widget(self._word(word, colour, bold=group is offline))
        self.add_widget(Widget())

    @staticmethod
    def _word(text: str, colour, bold: bool = False) -> Label:
        label = Label(text=text, font_size=sp(24), color=colour, bold=bold, size_hint_x=None,
                      halign="left", valign="middle")
        label.texture_update()
        label.width = label.texture_size[0] + dp(8)
        label.text_size = (label.width, None)
        return label


def texel_for_pixel(texture) -> None:
    """Sample a text's texture at the nearest texel. Text is drawn texel for pixel
    (Kivy's Label and GlyphNumber place it at whole pixels, at its own size), where
    nearest draws the very pixels linear filtering does (tests/test_ui_texel.py), and
    a software renderer (llvmpipe: the tests, the bench, a Pi without its GPU driver)
    fills it faster: a tenth of a whole frame's fill on the table and game screens.
    In a list scrolled to a fraction of a pixel, linear blurs text by that fraction;
    nearest keeps it crisp. The rounded boxes' textures are nearest too (ui/rounded.py);
    SmoothLine, smoothed by its texture, keeps linear."""
    if texture is not None and texture.mag_filter != "nearest":
        texture.mag_filter = texture.min_filter = "nearest"


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
        room = width - 2 * dp(10) - self.spacing - words
        wide = drawn_width(seconds or "0", 100, True) / 100      # per px of font size
        return max(sp(24), min(height * 0.7, dp(180), room / wide if wide else dp(180)))


class ChipLabel(BoxLayout):
    """A small chip followed by text: who did what, in the history and the log."""
    colour = StringProperty("grey")
    letter = StringProperty("?")
    text = StringProperty("")


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


class HistogramBar(BoxLayout):
    face = NumericProperty(1)
    count = NumericProperty(0)
    share = NumericProperty(0.0)
    bar_colour = ListProperty([1, 1, 1, 1])
    count_width = NumericProperty(0)
    face_width = NumericProperty(0)


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


class ScissorClip:
    """For a StencilView (a ScrollView, a RecycleView, the ScreenManager): clip to the
    box with a scissor instead of Kivy's stencil. The stencil fills the box twice and
    tests every pixel drawn inside it on each frame, and with the log's tall list
    the software renderer kept ~100 MiB more; a scissor box costs nothing per pixel.
    Nested boxes intersect (ScissorPush); the box is kept in window coordinates."""

    def on_kv_post(self, base_widget):
        # the kv rules (StencilView's among them) are applied by now, also for one made in a kv file
        super().on_kv_post(base_widget)
        from kivy.graphics import ScissorPop, ScissorPush
        from kivy.graphics.stencil_instructions import StencilPop, StencilPush, StencilUnUse, StencilUse

        self._scissor = ScissorPush(x=0, y=0, width=1, height=1)
        _swap(self.canvas.before, StencilPush, StencilUse, self._scissor)
        _swap(self.canvas.after, StencilUnUse, StencilPop, ScissorPop())
        self._watched: list = []
        self.bind(pos=self._place, size=self._place, parent=self._watch)
        self._watch()

    def _watch(self, *_):
        """Every ancestor that can move this box without moving it in its parent
        (a ScrollView scrolling, a RelativeLayout moving) moves the scissor too."""
        for node, names in self._watched:
            node.unbind(**{name: self._place for name in names})
        self._watched = []
        node = self.parent
        while node is not None and node.parent is not node:
            names = ("pos", "scroll_x", "scroll_y") if isinstance(node, ScrollView) else ("pos",)
            node.bind(**{name: self._place for name in names})
            self._watched.append((node, names))
            node = node.parent
        self._place()

    def _place(self, *_):
        x, y = self.to_window(*self.pos)
        # not self.right / self.top: those are cached aliases, still the old value
        # while a resize tells its `size` watchers (the box lagged one resize behind)
        right, top = self.to_window(self.x + self.width, self.y + self.height)
        box = self._scissor
        box.x, box.y = int(round(x)), int(round(y))
        box.width, box.height = max(0, int(round(right - x))), max(0, int(round(top - y)))


def _swap(group, first, last, instead) -> None:
    """Replace the instructions from a `first` to the next `last` in `group` by `instead`."""
    children = list(group.children)
    start = next((i for i, ins in enumerate(children) if isinstance(ins, first)), None)
    if start is None:
        return
    end = next(i for i in range(start, len(children)) if isinstance(children[i], last))
    from kivy.graphics import BindTexture
    for ins in children[start:end + 1]:
        if not isinstance(ins, BindTexture):   # a Rectangle takes its own BindTexture with it
            group.remove(ins)
    group.insert(start, instead)


class StillBar:
    """For a ScrollView: its bar turns dim at once when scrolling stops. Kivy fades it
    over 0.5 s after every scroll, and after every change of the content's size (a
    new prompt, a step's result), so each press was followed by ~30 frames drawn
    for the fade alone, and a running countdown's every second too. All bars lit by one
    step dim together, in one frame: each on its own 0.5 s after it lit drew a frame per
    layout pass the step took."""
    _lit: set = set()                   # bars lit since the last dimming
    _dim_lit = None                     # the one trigger that dims them all

    @property
    def _bind_inactive_bar_color_ev(self):
        # ScrollView calls this after every scroll and every change of its content's size
        return partial(StillBar._light, self)

    @staticmethod
    def _light(bar) -> None:
        StillBar._lit.add(bar)
        if StillBar._dim_lit is None:
            StillBar._dim_lit = Clock.create_trigger(StillBar._dim_all, 0.5)
        StillBar._dim_lit()

    @staticmethod
    def _dim_all(*_) -> None:
        lit, StillBar._lit = StillBar._lit, set()
        for bar in lit:
            bar._bind_inactive_bar_color()

    def _bind_inactive_bar_color(self, *_):
        self.funbind("bar_color", self._change_bar_color)
        self.fbind("bar_inactive_color", self._change_bar_color)
        self._bar_color = self.bar_inactive_color


class ClipScroll(StillBar, ScissorClip, ScrollView):
    """A ScrollView clipped by a scissor box."""


class ClipRecycleView(StillBar, ScissorClip, RecycleView):
    """A RecycleView clipped by a scissor box. With `keep_top`, rows added or gone below
    leave what is in view where it was (Past games reading on, page after page): put back
    before the rows in view are picked, so they are picked once."""
    keep_top = BooleanProperty(False)
    _above = None                       # how far below the top of the rows the view began

    def save_viewport(self):
        rows = self.layout_manager
        if self.keep_top and self._above is None and rows is not None:
            self._above = max(0, rows.height - self.height) * (1 - self.scroll_y)

    def restore_viewport(self):
        above, self._above = self._above, None
        rows = self.layout_manager
        if above is not None and rows is not None:
            room = rows.height - self.height
            scroll_y = min(1, max(0, 1 - above / room)) if room > 0 else 1
            if scroll_y != self.scroll_y:
                self.scroll_y = scroll_y


class Screens(ScissorClip, ScreenManager):
    """The ScreenManager, clipped by a scissor box."""


class AutoScroll(LaterLook, StillBar, ScissorClip, ScrollView):
    """Scrolls only when its content is taller than itself: a tap on a list that
    fits acts at once (a ScrollView otherwise waits to see if a touch is a swipe).
    With `at_end` it keeps showing the end of its content (the last lines)."""
    at_end = BooleanProperty(False)

    def __init__(self, **kwargs):
        super().__init__(**kwargs)
        self.bind(height=self._check)

    def add_widget(self, widget, *args, **kwargs):
        super().add_widget(widget, *args, **kwargs)
        widget.bind(height=self._check)
        self._check()

    def remove_widget(self, widget, *args, **kwargs):
        widget.unbind(height=self._check)
        super().remove_widget(widget, *args, **kwargs)
        self._check()

    def _check(self, *_):
        content = self.children[0] if self.children else None
        scrolls = bool(content is not None and content.height > self.height + 1)
        self.do_scroll_y = scrolls
        if not scrolls:
            self.scroll_y = 1
        elif self.at_end:
            self.scroll_y = 0

    def on_at_end(self, *_):
        self.scroll_y = 0 if self.at_end else 1


class Banner(BoxLayout):
    """A notice for any screen (saving trouble, config errors, no GPIO): dismissable."""
    text = StringProperty("")


class Root(FloatLayout):
    """The window's one child: banner and screens, with the toast and cue badge on top."""


class Toast(Label):
    """A brief message over the screen; lets touches through to what is under it."""
    kind = StringProperty("info")
    _hide = None

    def show(self, text: str, kind: str = "info", seconds: float = 3.0) -> None:
        self.kind = kind
        self.text = text
        self.opacity = 1
        if self._hide:
            self._hide.cancel()
        self._hide = Clock.schedule_once(self.hide, seconds)

    def hide(self, *_):
        self.text = ""
        self.opacity = 0


class CueBadge(Label):
    """In simulation the buzzer is silent: this flashes what it would play."""
    _hide = None

    def flash(self, text: str, seconds: float) -> None:
        Animation.cancel_all(self)
        self.text = text
        self.opacity = 1
        blink = Animation(opacity=0.35, duration=0.12) + Animation(opacity=1, duration=0.12)
        blink.repeat = True
        blink.start(self)
        if self._hide:
            self._hide.cancel()
        self._hide = Clock.schedule_once(self.hide, max(0.8, seconds))

    def hide(self, *_):
        Animation.cancel_all(self)
        self.opacity = 0
        self.text = ""


def load_look(module: str) -> None:
    """The kv file beside a ui module (ui/dialogs.py: ui/dialogs.kv), read once, when
    its widgets are first needed rather than at start."""
    import importlib

    from kivy.lang import Builder

    path = Path(importlib.import_module(module).__file__).resolve().with_suffix(".kv")
    if path.exists() and str(path) not in Builder.files:
        Builder.load_file(str(path))


class Dialog(ModalView):
    """A modal panel with a title, a body and buttons, on the dark theme."""
    title = StringProperty("")
    body = StringProperty("")

    def __init__(self, **kwargs):
        load_look(type(self).__module__)   # its look (ui/dialogs.kv ...) before its rules apply
        super().__init__(**kwargs)

    # No fade: on the Pi a dialog is there, or gone, on the next frame.
    def open(self, *args, **kwargs):
        kwargs.setdefault("animation", False)
        return super().open(*args, **kwargs)

    def dismiss(self, *args, **kwargs):
        kwargs.setdefault("animation", False)
        return super().dismiss(*args, **kwargs)


@lru_cache(maxsize=4096)
def _word_width(word: str, font_size: int, bold: bool) -> float:
    return text_width(word, font_size, bold)


def text_width(text: str, font_size: float, bold: bool = True) -> float:
    """How wide a line of text is drawn (to size a button to its name)."""
    from kivy.core.text import Label as CoreLabel
    label = CoreLabel(text=text, font_size=font_size, bold=bold)
    label.refresh()
    return label.texture.size[0]


class CutTransition(NoTransition):
    """A cut: the screen left is gone before the next frame. Kivy's NoTransition keeps it in
    the tree until a zero-length animation ends a tick later, so the first frame of the new
    screen drew both, one over the other (twice the drawing, and the old one showing through)."""

    def start(self, manager):
        super().start(manager)
        self._anim.cancel(self)
        self._on_complete()             # the old screen removed; on_enter and on_leave said now


def same_upto(new: list, old: list) -> int:
    """How many leading items of `new` equal those of `old`: compared a slice at a time
    (in C, the very same item at once), halving the rest where they differ."""
    n = min(len(new), len(old))
    if new[:n] == old[:n]:
        return n
    lo, hi = 0, n                   # new[:lo] == old[:lo]; they differ before hi
    while hi - lo > 1:
        mid = (lo + hi) // 2
        if new[lo:mid] == old[lo:mid]:
            lo = mid
        else:
            hi = mid
    return lo


class RowsLayout(RecycleBoxLayout):
    """A RecycleBoxLayout of rows across its width, top to bottom (the log, Past games),
    each row as tall as its data says: laid out where Kivy lays them, but only the rows
    that changed. Kivy's pass serves any size hint at about 5 us a row, and runs at every
    change, twice when the list grows: 14 ms with 3,000 past games read, for one page more.
    Here each row's top below the list's top is kept; a change works them out again from
    the first row that changed (below it, in C), and a row gets its place only when it
    comes into view. Rows of any other kind are left to Kivy's pass."""

    def __init__(self, **kwargs):
        self._laid: list | None = None  # the rows' opts the tops were worked out for (None: Kivy's pass)
        self._heights: list[float] = []
        self._tops: list[float] = []    # each row's top below the list's top: padding and spacing in
        self._gaps = None               # (top padding, spacing) they were worked out with
        super().__init__(**kwargs)

    def _plain(self, opts) -> bool:
        return self.orientation == "vertical" and all(
            o["size_hint"][1] is None and o["size_hint"][0] and not o["pos_hint"]
            and not o["size_hint_min"][0] and o["size_hint_max"][0] is None for o in opts)

    def compute_layout(self, data, flags):
        opts = self.view_opts
        laid = self._laid
        left, top, right, bottom = self.padding
        spacing = self.spacing
        first = same_upto(opts, laid) if laid is not None and self._gaps == (top, spacing) else 0
        if not data or not self._plain(opts[first:]):
            self._laid = None
            return super().compute_layout(data, flags)
        RecycleLayout.compute_layout(self, data, flags)    # opts in step with their views' own sizes
        changed = self._changed_views
        if changed is None or changed and not self._update_sizes(changed):
            return
        if changed:                     # a row that measured itself: from there on
            first = min(first, *(c[0] for c in changed))
            if not self._plain(opts[first:]):       # never a row of ours: Kivy's pass, on the next frame
                self._laid = None
                self.recycleview.refresh_from_layout()
                return
        self.clear_layout()
        self._rv_positions = None
        n = len(opts)
        heights = self._heights = self._heights[:first] + [o["size"][1] for o in opts[first:]]
        if first < n:
            start = self._tops[first - 1] + heights[first - 1] + spacing if first else top
            self._tops = self._tops[:first] + list(accumulate([h + spacing for h in heights[first:n - 1]],
                                                              initial=start))
        else:                           # rows gone from the end, or the list's own size changed
            self._tops = self._tops[:n]
        self._laid, self._gaps = list(opts), (top, spacing)
        self.minimum_size = left + right, self._tops[-1] + heights[-1] + bottom

    def _place(self, indices) -> None:
        """Where the rows about to be shown lie (BoxLayout's place: from the list's bottom)."""
        left, _top, right, _bottom = self.padding
        x, base, room = self.x + left, self.y + self.minimum_height, self.width - left - right
        opts, tops, heights = self.view_opts, self._tops, self._heights
        for i in indices:
            opt = opts[i]
            opt["pos"] = x, base - tops[i] - heights[i]
            opt["size"] = [max(0, opt["size_hint"][0] * room), heights[i]]

    def get_view_index_at(self, pos):
        if self._laid is None:
            return super().get_view_index_at(pos)
        # the row whose room, half the spacing above and below it, holds the point
        below = self.y + self.height - pos[1] + self.spacing / 2.
        return max(0, bisect_left(self._tops, below, 1, len(self._tops)) - 1)

    def compute_visible_views(self, data, viewport):
        if self._laid is None:
            return super().compute_visible_views(data, viewport)
        if not data or len(self._tops) != len(data):
            return []
        x, y, w, h = viewport
        return list(range(self.get_view_index_at((x, y + h)), self.get_view_index_at((x, y)) + 1))

    def set_visible_views(self, indices, data, viewport):
        if self._laid is not None:
            self._place(indices)
        super().set_visible_views(indices, data, viewport)
        for view, index in self.view_indices.items():
            view._rows_item = data[index]   # what it shows: clear_layout gives it back to that row

    def clear_layout(self):
        """At any change Kivy sends every view to its cache, each comes back for any row and
        its words are drawn again (a page more in Past games: the three rows in view, twice;
        a press in the log: every row in view). A view whose very data item is still in the
        list, where it was or a little above or below, goes back to it as it is, in step with
        it as Kivy's own kept views are; only the others are made again."""
        rv = self.recycleview
        adapter = rv.view_adapter if rv is not None else None
        if adapter is None:
            return super().clear_layout()
        data = rv.data
        adapter.make_views_dirty()
        for views in adapter.dirty_views.values():
            kept, stale = {}, []
            for index, view in views.items():
                at = _find(data, getattr(view, "_rows_item", None), index)
                if at is None or at in kept:
                    stale.append(view)
                else:
                    kept[at] = view
            views.clear()
            views.update(kept)
            # Kivy takes a view of another row from here (after its own cache) and fills it in
            views.update((-1 - k, view) for k, view in enumerate(stale))
        self.clear_widgets()
        self.view_indices = {}
        self._size_needs_update = False     # as RecycleLayout.clear_layout: its views' sizes are asked anew


FIND_REACH = 64     # rows a kept row is looked for above and below where it was (a page read, a row added)


def _find(data, item, index: int) -> int | None:
    """Where the very `item` is in `data`, near `index`; None if it is not."""
    if item is None:
        return None
    n = len(data)
    if 0 <= index < n and data[index] is item:
        return index
    for at in range(max(0, index - FIND_REACH), min(n, index + FIND_REACH + 1)):
        if data[at] is item:
            return at
    return None
