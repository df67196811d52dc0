"""What the table picks from: one answer of a row of them (a form's, a setup
option's) and a tile of the home screen. Their looks are in choices.kv beside this
file, read after the first frame (looks.LATER).
"""
from __future__ import annotations

from kivy.properties import BooleanProperty, ListProperty, ObjectProperty, StringProperty
from kivy.uix.behaviors import ButtonBehavior
from kivy.uix.boxlayout import BoxLayout

from .buttons import FlatButton
from .looks import LaterLook


class PickButton(LaterLook, FlatButton):
    """One answer of a row of them (a form's, a setup option's numbers): stays marked
    while it is the one chosen."""
    selected = BooleanProperty(False)
    value = ObjectProperty(None, allownone=True)


class Tile(LaterLook, ButtonBehavior, BoxLayout):
    """A home-screen tile: a big title and a line of detail under it. With `names`
    the detail shows `template` with as many whole names as fit (NamesLabel)."""
    title = StringProperty("")
    detail = StringProperty("")
    tone = StringProperty("normal")
    names = ListProperty([])
    template = StringProperty("")
    more = StringProperty("")
