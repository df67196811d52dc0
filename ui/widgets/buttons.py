"""The buttons every screen shares: the flat one, a number to change, and the big
button of one step to take. Their looks are in buttons.kv beside this file.
"""
from __future__ import annotations

from kivy.graphics import BorderImage, Canvas, Color, Rectangle
from kivy.metrics import dp, sp
from kivy.properties import BooleanProperty, StringProperty
from kivy.uix.behaviors import ButtonBehavior
from kivy.uix.button import Button
from kivy.uix.label import Label

from .. import rounded, theme
from .chips import Chip
from .text import WholeWords, drawn_width, texel_for_pixel


class InkedWords:
    """A button's words drawn once, in white, and coloured by its canvas (buttons.kv:
    `color`, or `disabled_color` while disabled): a button disabled or enabled again
    (Undo, Redo, More, Adjust, at almost every step on a game screen) changes one
    colour, where Kivy's Label would draw its words again for either. (Kivy 2.3's
    Label: the core label's options are made in _create_label and told of a change
    in _trigger_texture_update; tests/test_ui_texel.py draws both kinds of button.)"""
    _WHITE = (1, 1, 1, 1)

    def _create_label(self):
        super()._create_label()
        self._label.options["color"] = self._WHITE

    def _trigger_texture_update(self, name=None, source=None, value=None):
        if name in ("color", "disabled_color", "disabled"):
            return    # the canvas's colour
        super()._trigger_texture_update(name, source, value)


class Faced:
    """A button's face and words drawn from Python, not by kv rules: its rounded face in
    its tone's colour (theme.face: pressed, disabled), its words (drawn white,
    InkedWords) in their colour, at whole pixels, centred (BigButton: beside its chip).
    Each set as what it shows changes and only when it changed: as kv rules, Kivy's
    builder ran each several times a press for the bar's buttons (Undo, Redo, the steps)."""
    _at = _words_at = _ink_rgba = _face_rgba = None    # what the canvas was last given

    def __init__(self, **kwargs):
        # made before Widget makes a canvas: these first in it (a chip, added as it is made, after)
        canvas = self.canvas = Canvas()
        with canvas.before:
            self._face = Color()
            self._box = BorderImage(texture=rounded.texture(dp(10)), border=rounded.border(dp(10)),
                                    auto_scale="both_lower")
        with canvas:
            self._ink = Color()
            self._words = Rectangle()
        super().__init__(**kwargs)
        bind = self.fbind
        for name in ("tone", "state", "disabled"):
            bind(name, self._paint_face)
        for name in ("disabled", "color", "disabled_color"):
            bind(name, self._paint_ink)
        for name in ("pos", "size"):
            bind(name, self._place)
        bind("texture", self._show_words)
        bind("texture_size", self._sized)
        self._paint_face()
        self._paint_ink()
        self._show_words()
        self._sized()

    def _paint_face(self, *_):
        rgba = theme.face(self.tone, self.state, self.disabled)
        if rgba != self._face_rgba:
            self._face_rgba = rgba
            self._face.rgba = rgba

    def _paint_ink(self, *_):
        rgba = tuple(self.disabled_color if self.disabled else self.color)
        if rgba != self._ink_rgba:
            self._ink_rgba = rgba
            self._ink.rgba = rgba

    def _show_words(self, *_):
        texture = self.texture
        texel_for_pixel(texture)    # (an on_texture kv handler ran through the builder's exec)
        self._words.texture = texture

    def _sized(self, *_):
        """The words drawn at a new size."""
        self._place()

    def _words_left(self, x: float, width: float, words: float) -> float:
        """Where the words begin: centred."""
        return x + width / 2. - words / 2.

    def _place(self, *_):
        """The rounded box 1 px in from the edge; the words at whole pixels (texel for
        pixel: ui/widgets/text.py texel_for_pixel), in the middle of the height."""
        x, y = self.pos
        width, height = self.size
        at = (x, y, width, height)
        if at != self._at:
            self._at = at
            self._box.pos = (x + dp(1), y + dp(1))
            self._box.size = (width - dp(2), height - dp(2))
        words_width, words_height = self.texture_size
        words_at = (int(self._words_left(x, width, words_width)), int(y + height / 2. - words_height / 2.),
                    words_width, words_height)
        if words_at != self._words_at:
            self._words_at = words_at
            self._words.pos = words_at[:2]
            self._words.size = words_at[2:]


class FlatButton(Faced, InkedWords, WholeWords, Button):
    """A big, flat, rounded button; `tone` picks its colour (see theme.TONES)."""
    tone = StringProperty("normal")

    def __init__(self, **kwargs):
        super().__init__(**kwargs)
        self.keep_words_whole()


class NumberCell(FlatButton):
    """A number to change: shown large on a button face; a tap opens the keypad
    (an action's form, a setup option, a setting)."""
    wrong = BooleanProperty(False)


class KeptLooks:
    """A label that keeps its last two looks (its words at a size, a width and an
    alignment), each as Kivy's core label that drew it, texture and all, and shows one
    again without drawing it: the bar's buttons go back and forth between two looks all
    game ("End turn" large while it is the only step, normal beside "Play a card"; "Play
    a card" at each turn's start, gone once played). A change to anything else of the
    look forgets them. (Kivy 2.3's Label: the core label, _label, holds the options
    and the texture; _create_label makes one from the widget's properties.)"""
    _KEYED = frozenset(("text", "font_size", "font_name", "halign", "text_size",
                        "color", "disabled_color", "disabled"))    # (the colours: the canvas's, InkedWords)
    _looks = None    # look -> the core label that drew it, the last two

    def _look(self) -> tuple:
        return self.text, self.font_size, self.font_name, self.halign, tuple(self.text_size)

    def _trigger_texture_update(self, name=None, source=None, value=None):
        if self._looks and name not in self._KEYED:
            self._looks.clear()
        super()._trigger_texture_update(name, source, value)

    def texture_update(self, *largs):
        looks = self._looks
        if looks is None:
            looks = self._looks = {}
        look = self._look()
        kept = looks.pop(look, None)
        if kept is not None:     # now the newest look, and the label told of this look again
            looks[look] = kept
            kept.text, kept.usersize = self.text, self.text_size
            kept.options.update(font_size=self.font_size, font_name=self.font_name, halign=self.halign)
            self._label = kept
            self.texture = kept.texture
            self.texture_size = list(kept.texture.size)
            return
        if any(label is self._label for label in looks.values()):
            self._label = None      # the one shown is kept: this look into one of its own
            self._create_label()
        super().texture_update(*largs)
        texture = self.texture
        if texture is None or texture is self._label.texture_1px or not self.text:
            return
        if len(looks) >= 2:
            del looks[next(iter(looks))]    # the oldest
        looks[look] = self._label


class BigButton(Faced, KeptLooks, InkedWords, ButtonBehavior, Label):
    """A big button for one thing to do; a chip says whose step it is (none: the table's)."""
    tone = StringProperty("normal")
    colour = StringProperty("grey")
    letter = StringProperty("")
    big = BooleanProperty(False)        # the one step that normally comes next
    muted = BooleanProperty(False)      # not yet: a tap says why
    _chip = None

    def __init__(self, **kwargs):
        super().__init__(**kwargs)
        for name in ("big", "text", "width", "letter"):
            self.fbind(name, self._fit_words)
        self._fit_words()
        self.fbind("letter", self._place)
        self.fbind("text", self._pick_font)
        self.fbind("muted", self._dim)
        self._pick_font()
        self._dim()

    def _pick_font(self, *_):
        """A verdict's tick or cross: a font that has them (Roboto has not). None asked for
        no words (the bar's empty steps): their look is kept, as nothing is drawn."""
        text = self.text
        if text:
            self.font_name = theme.SYMBOL_FONT if text[0] in "\u2713\u2717" else "Roboto"

    def _dim(self, *_):
        self.color = theme.TEXT_DIM if self.muted else theme.TEXT    # disabled: Kivy's disabled_color

    def _sized(self, *_):
        """As high as its words and 8 px over and under them, one touch at least."""
        self.height = max(dp(theme.TOUCH), self.texture_size[1] + dp(16))
        self._place()

    def _words_left(self, x: float, width: float, words: float) -> float:
        """Centred right of the chip (16 px from it: 64 from the left), or in the whole face."""
        return x + (width + (dp(56) if self.letter else dp(8)) - words) / 2.

    def _fit_words(self, *_):
        """The words' size, room and alignment: the primary step larger when its words fit
        on one line so (a bar's button is one touch high); left of a chip, 16 px from it
        (64 beside a chip) and 8 from the right, else centred. Here, not as kv rules: they
        changed at every press, a kv rule each several times."""
        letter = self.letter
        self.font_size = sp(30) if self.big and drawn_width(self.text, sp(30), True) <= \
            self.width - (dp(76) if letter else dp(28)) else sp(24)
        self.text_size = (self.width - (dp(72) if letter else dp(24)), None)
        self.halign = "left" if letter else "center"

    def on_colour(self, _button, colour):
        if self._chip is not None:
            self._chip.colour = colour

    def on_kv_post(self, base_widget):
        super().on_kv_post(base_widget)
        self.on_letter(self, self.letter)    # one given as the button is made: its chip, now it may hold one

    def on_letter(self, _button, letter):
        """The chip is in the button only while it has a letter: none drawn, resized or
        lettered again while the button has none (the bar's steps come and go each press).
        Without it the words keep their place (buttons.kv)."""
        chip = self._chip
        if self.canvas is None:    # still being made (on_kv_post comes)
            return
        if letter:
            if chip is None:
                chip = self._chip = Chip(colour=self.colour, letter=letter)
                chip.size = (dp(theme.CHIP), dp(theme.CHIP))    # after the kv rule, which makes a chip a touch target
                self.fbind("pos", self._place_chip)
                self.fbind("size", self._place_chip)
            chip.letter = letter
            if chip.parent is None:
                self.add_widget(chip)
                self._place_chip()
        elif chip is not None and chip.parent is not None:
            self.remove_widget(chip)

    def _place_chip(self, *_):
        chip = self._chip
        if chip.parent is not None:    # left, in the middle of the height
            chip.pos = (self.x + dp(8), self.y + (self.height - chip.height) / 2)
