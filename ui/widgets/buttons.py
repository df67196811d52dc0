"""The buttons every screen shares: the flat one, a number to change, and the big
button of one step to take. Their looks are in buttons.kv beside this file.
"""
from __future__ import annotations

from kivy.properties import BooleanProperty, StringProperty
from kivy.uix.behaviors import ButtonBehavior
from kivy.uix.boxlayout import BoxLayout
from kivy.uix.button import Button

from .text import WholeWords


class FlatButton(WholeWords, Button):
    """A big, flat, rounded button; `tone` picks its colour (see theme.TONES)."""
    tone = StringProperty("normal")

    def __init__(self, **kwargs):
        super().__init__(**kwargs)
        self.keep_words_whole()


class NumberCell(FlatButton):
    """A number to change: shown large on a button face; a tap opens the keypad
    (an action's form, a setup option, a setting)."""
    wrong = BooleanProperty(False)


class BigButton(ButtonBehavior, BoxLayout):
    """A big button for one thing to do; a chip says whose step it is (none: the table's)."""
    text = StringProperty("")
    tone = StringProperty("normal")
    colour = StringProperty("grey")
    letter = StringProperty("")
    big = BooleanProperty(False)        # the one step that normally comes next
    muted = BooleanProperty(False)      # not yet: a tap says why
