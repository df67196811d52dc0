"""What sits on the window around and over the screens: the root, the screens and
the cut between them, the notice banner, the toast, the buzzer's stand-in badge,
and the base of every dialog. Their looks are in window.kv beside this file.
"""
from __future__ import annotations

from kivy.animation import Animation
from kivy.clock import Clock
from kivy.properties import ObjectProperty, StringProperty
from kivy.uix.boxlayout import BoxLayout
from kivy.uix.floatlayout import FloatLayout
from kivy.uix.label import Label
from kivy.uix.modalview import ModalView
from kivy.uix.screenmanager import NoTransition, ScreenManager

from .lists import ScissorClip
from .looks import OwnLook
from .quiet import drawn_while_seen


class Root(FloatLayout):
    """The window's one child: banner and screens, with the toast and cue badge on top."""

    def on_kv_post(self, base_widget):
        super().on_kv_post(base_widget)
        for name in ("banner", "toast", "badge"):    # hidden (opacity 0) most of the time
            drawn_while_seen(self.ids[name].__self__)


class Screens(ScissorClip, ScreenManager):
    """The ScreenManager, clipped by a scissor box."""


class CutTransition(NoTransition):
    """A cut: the screen left is gone before the next frame. Kivy's NoTransition keeps it in
    the tree until a zero-length animation ends a tick later, so the first frame of the new
    screen drew both, one over the other (twice the drawing, and the old one showing through)."""

    def start(self, manager):
        super().start(manager)
        self._anim.cancel(self)
        self._on_complete()             # the old screen removed; on_enter and on_leave said now


class Banner(BoxLayout):
    """A notice for any screen (saving trouble, config errors, no GPIO): dismissable
    (`table`: ui/table.py, given by the app as it builds the window)."""
    text = StringProperty("")
    table = ObjectProperty(None)


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


class Dialog(OwnLook, ModalView):
    """A modal panel with a title, a body and buttons, on the dark theme. A dialog's
    own look (ui/dialogs/keypad.kv ...) is read when the first one is made (OwnLook)."""
    title = StringProperty("")
    body = StringProperty("")

    # No fade: on the Pi a dialog is there, or gone, on the next frame.
    def open(self, *args, **kwargs):
        kwargs.setdefault("animation", False)
        return super().open(*args, **kwargs)

    def dismiss(self, *args, **kwargs):
        kwargs.setdefault("animation", False)
        return super().dismiss(*args, **kwargs)
