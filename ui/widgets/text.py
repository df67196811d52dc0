"""Text read across the table: labels that wrap, shrink, or break a word with a
hyphen as print does (ui/wrapping.py, by the table's language), and how wide a text
is drawn. Their looks are in text.kv beside this file.
"""
from __future__ import annotations

import weakref
from functools import lru_cache

from kivy.clock import Clock
from kivy.metrics import dp, sp
from kivy.properties import BooleanProperty, ListProperty, NumericProperty, StringProperty
from kivy.core.text import Label as CoreLabel
from kivy.uix.label import Label

from ..wrapping import hyphenated, name_lines


class KeptSource:
    """A text this widget may redraw itself (a word hyphenated): `_source` is the text as
    given, `_shown` what it set; a new text given, or the table's language changed, lays
    the source out again (`_lay_again`)."""
    _source = None
    _shown = None

    def _new_text(self, *_):
        if self.text != self._shown:     # not the text this widget set itself
            self._source = self.text
            self._lay_again()

    def language_changed(self):
        self._lay_again()


class WholeWords(KeptSource):
    """For a button or a line of names: the text shrinks rather than break a word
    over two lines ("Protoko / ll"), down to 24 px; lines still break between words.
    A word too wide even at 24 px breaks as print does, with a hyphen ("Wieder-" /
    "holen": ui/wrapping.py, by the table's language): read across the table, large
    beats whole."""
    _wanted = 0.0           # the size asked for (kv, a caller); the text is drawn at most this big
    _fitting = False

    def keep_words_whole(self):
        self._wanted = self.font_size
        self._source = self.text
        # fitted before the frame is drawn, once laid out: a new widget's width is not yet its own
        self._refit = Clock.create_trigger(self._fit_words, -1)
        self.bind(text=self._new_text, width=self._refit, bold=self._refit, font_size=self._font_asked)
        _on_language(self)
        self._refit()

    def _lay_again(self):
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


class WholeWordsLabel(KeptSource, Label):
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

    def _lay_again(self):
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
    # with `grow`: the room of this many lines kept even when the text is shorter or gone,
    # so what is laid out below does not move (and is not laid out again) as it comes and goes
    min_lines = NumericProperty(0)
    _fitting = False

    def __init__(self, **kwargs):
        self._drawn_heights: dict = {}     # a one-size text's height as drawn, by _drawn_key
        super().__init__(**kwargs)
        self.bind(text=self.fit, width=self.fit, height=self._height_changed, max_font=self.fit,
                  min_font=self.fit, grow=self.fit, max_height=self.fit, min_lines=self.fit,
                  texture_size=self._texture_height)
        self.fit()

    def _create_label(self):
        """Kivy's core label, and for plain text one that keeps its words' widths (_MeasuredLabel)."""
        if self.markup or type(self._label) is not _MeasuredLabel:
            super()._create_label()
            if type(self._label) is CoreLabel:
                self._label.__class__ = _MeasuredLabel

    def _one_size(self) -> bool:
        return self.max_font <= self.min_font

    def _texture_height(self, *_):
        """One font size and `grow`: the height is the texture's, once Kivy has drawn it
        (within the same frame), rather than laying the text out twice; kept, for fit() to
        set at once when the same text comes back."""
        if self.grow and self._one_size():
            height = self.texture_size[1]
            if self.text and height > 1:
                if len(self._drawn_heights) >= 32:
                    self._drawn_heights.clear()
                self._drawn_heights[self._drawn_key()] = height
            self.height = max(height if self.text and height > 1 else 0, self._kept())

    def _drawn_key(self) -> tuple:
        """What a one-size text's height depends on, besides the options its kv rules set once."""
        label = self._label
        return (type(label), label.text, tuple(label.usersize), self.max_font, self.bold, tuple(self.padding),
                self.line_height, self.halign, self.font_name)

    def _kept(self) -> float:
        """The height `min_lines` keeps: that many lines at the largest font, with the padding."""
        if not self.min_lines:
            return 0
        label = self._label
        options = label.options
        # a line's height at a font and size: the same for every label and text, measured once
        key = (type(label), self.max_font, options["font_name"], options["font_family"], options["font_context"],
               options["bold"], options["italic"], options["font_hinting"], options["font_kerning"])
        high = _LINE_HEIGHTS.get(key)
        if high is None:
            label.resolve_font_name()
            size = options["font_size"]
            options["font_size"] = self.max_font
            if len(_LINE_HEIGHTS) >= 64:
                _LINE_HEIGHTS.clear()
            try:
                high = _LINE_HEIGHTS[key] = label.get_extents("Hg")[1]
            finally:
                options["font_size"] = size
        line = high * (self.line_height or 1)
        return round(self.min_lines * line + self.padding[1] + self.padding[3])

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
                    self.height = self._kept()
                elif self.grow:
                    # a text drawn before (undo, a state shown again): its height now, as its
                    # texture had it, and the column it stands in laid out once this frame
                    height = self._drawn_heights.get(self._drawn_key())
                    if height is not None:
                        self.height = max(height, self._kept())
                return
            size, height = self._fitting_size(limit)
            self.font_size = size     # set once: the texture drawn once, and not at all when it is the same
            if self.grow:
                self.height = max(height if self.text else 0, self._kept())
        finally:
            self._fitting = False

    def _fitting_size(self, limit: float) -> tuple[float, int]:
        """The largest size from `max_font` down, `sp(2)` a step, whose lines fit `limit`
        (or `min_font`), and their height there: measured on Kivy's core label, whose
        options the widget keeps current, at each size in turn. The same text in the same
        room and options fits the same (a counter's number going back and forth, its
        tile's height changing under it): kept (_FITS), not measured again."""
        label = self._label
        if not label.text or ((self.halign == "justify" or self.strip) and not label.text.strip()):
            return self.max_font, 0
        options = label.options
        key = (type(label), label.text, tuple(label.usersize), limit, self.max_font, self.min_font,
               tuple((name, tuple(value) if isinstance(value, list) else value)
                     for name, value in options.items() if name not in _NOT_SHAPING))
        fit = _FITS.get(key)
        if fit is not None:
            return fit
        label.resolve_font_name()
        asked = options["font_size"]
        size = self.max_font
        try:
            while True:
                options["font_size"] = size
                height = label.render()[1]
                height = height if height > 1 else 0
                if height <= limit or size <= self.min_font:
                    break
                size = max(self.min_font, size - sp(2))
        finally:
            options["font_size"] = asked
        if len(_FITS) >= 512:
            _FITS.clear()
        _FITS[key] = (size, height)
        return size, height


class _MeasuredLabel(CoreLabel):
    """Kivy's core label for FitLabel's plain text: a word or a line measured at a font is kept
    (_EXTENTS), not measured again. Kivy measures each word of a text, and each line so far,
    to break its lines, then each line again as it draws it: a prompt of ten words is twenty-five
    measures, each working out its font anew; the words of a game's lines come back (its
    players' names, "turn", "may help"), in this text and the next."""
    _SHAPING = ("font_size", "font_name_r", "bold", "italic", "underline", "strikethrough", "font_hinting",
                "font_kerning", "font_features", "font_context", "font_family", "font_direction",
                "font_script_name", "text_language", "base_direction")

    def get_cached_extents(self):
        measure = super().get_cached_extents()
        options = self.options
        font = tuple([options.get(name) for name in self._SHAPING])
        kept = _EXTENTS.get(font)
        if kept is None:
            if len(_EXTENTS) >= 32:
                _EXTENTS.clear()
            kept = _EXTENTS[font] = {}

        def extents(text):
            size = kept.get(text)
            if size is None:
                if len(kept) >= 2048:
                    kept.clear()
                size = kept[text] = measure(text)
            return size
        return extents


# _MeasuredLabel's measures: by the font's options, a dict of text -> (width, height)
_EXTENTS: dict = {}
# FitLabel's min_lines: a line's height, "Hg" drawn, by the core label's kind, size and font (_kept)
_LINE_HEIGHTS: dict = {}
# FitLabel's fits: (the core label's kind, text, room, limit, sizes, options) -> (size, height)
_FITS: dict = {}
# the core label's options that do not change where its lines break or how high they are
_NOT_SHAPING = frozenset(("color", "outline_color", "font_size", "text_size", "text", "font_name_r", "disabled_color",
                          "disabled_outline_color"))


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
    """How wide one line of text is drawn, measured without drawing it; kept, as the
    table view asks the same words' widths at every step."""
    from kivy.core.text import Label as CoreLabel
    label = CoreLabel(font_size=font_size, bold=bold)
    label.resolve_font_name()
    return label.get_extents(text)[0]


@lru_cache(maxsize=4096)
def _word_width(word: str, font_size: int, bold: bool) -> float:
    return text_width(word, font_size, bold)


def text_width(text: str, font_size: float, bold: bool = True) -> float:
    """How wide a line of text is drawn (to size a button to its name)."""
    from kivy.core.text import Label as CoreLabel
    label = CoreLabel(text=text, font_size=font_size, bold=bold)
    label.refresh()
    return label.texture.size[0]


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
