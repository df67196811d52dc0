"""Widgets every screen shares. Their looks are in kv/widgets.kv.

They only show what they are given; none of them knows a rule of a game.
"""
from __future__ import annotations

from kivy.animation import Animation
from kivy.clock import Clock
from kivy.properties import DictProperty, ListProperty, NumericProperty, StringProperty
from kivy.uix.behaviors import ButtonBehavior
from kivy.uix.boxlayout import BoxLayout
from kivy.uix.button import Button
from kivy.uix.floatlayout import FloatLayout
from kivy.uix.label import Label
from kivy.uix.modalview import ModalView

from . import theme


class FlatButton(Button):
    """A big, flat, rounded button; `tone` picks its colour (see theme.TONES)."""
    tone = StringProperty("normal")


class Tile(ButtonBehavior, BoxLayout):
    """A home-screen tile: a big title and a line of detail under it."""
    title = StringProperty("")
    detail = StringProperty("")
    tone = StringProperty("normal")


class Caption(Label):
    """Plain text that wraps inside its width."""


class Heading(Label):
    """A screen title in the top bar."""


class Chip(Label):
    """A player's colour with their letter on it: colour is never the only cue."""
    colour = StringProperty("grey")
    letter = StringProperty("?")
    ink = ListProperty([0, 0, 0, 1])
    fill = ListProperty([0.7, 0.7, 0.7, 1])

    def on_colour(self, *_):
        self.fill = list(theme.player_rgba(self.colour))
        self.ink = list(theme.ink_on(self.colour))


class PlayerChip(ButtonBehavior, Chip):
    """A chip to tap (setup: the next free colour)."""


class ChipLabel(BoxLayout):
    """A small chip followed by text: who did what, in the history and the log."""
    colour = StringProperty("grey")
    letter = StringProperty("?")
    text = StringProperty("")


class Histogram(BoxLayout):
    """Bars per face 1 to 6 with their counts."""
    counts = DictProperty({})
    bar_colour = ListProperty(list(theme.TONES["primary"][0]))

    def on_counts(self, *_):
        self.clear_widgets()
        top = max(self.counts.values(), default=0) or 1
        for face in sorted(self.counts):
            self.add_widget(HistogramBar(face=face, count=self.counts[face], share=self.counts[face] / top,
                                         bar_colour=self.bar_colour))


class HistogramBar(BoxLayout):
    face = NumericProperty(1)
    count = NumericProperty(0)
    share = NumericProperty(0.0)
    bar_colour = ListProperty([1, 1, 1, 1])


class DieArea(ButtonBehavior, BoxLayout):
    """The die: tap anywhere on it to roll for the player whose turn it is."""
    big = StringProperty("")
    caption = StringProperty("")
    detail = StringProperty("")
    edge = ListProperty(list(theme.LINE))


class TimerButton(ButtonBehavior, BoxLayout):
    seconds = StringProperty("")
    caption = StringProperty("")
    phase = StringProperty("idle")   # idle / running / paused / done / last


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


class Dialog(ModalView):
    """A modal panel with a title, a body and buttons, on the dark theme."""
    title = StringProperty("")
    body = StringProperty("")

    # No fade: on the Pi a dialog is there, or gone, on the next frame.
    def open(self, *args, **kwargs):
        kwargs.setdefault("animation", False)
        return super().open(*args, **kwargs)

    def dismiss(self, *args, **kwargs):
        kwargs.setdefault("animation", False)
        return super().dismiss(*args, **kwargs)
