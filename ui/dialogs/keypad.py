"""The keypad: a number from a wide range typed digit by digit (an action's, a setup
option's, a setting's), and the dialog that asks one number on it. Their looks are
in keypad.kv beside this file; which entries are taken is ui.actions' (keypad_type).
"""
from __future__ import annotations

from kivy.properties import BooleanProperty, StringProperty
from kivy.uix.boxlayout import BoxLayout
from kivy.uix.widget import Widget

from .. import actions as A
from ..widgets.buttons import FlatButton
from ..widgets.looks import OwnLook
from ..widgets.window import Dialog
from ..wrapping import unbroken
from .action_form import number_text


class Keypad(OwnLook, BoxLayout):
    """Digits for a number from a wide range: the entry shown large, a digit that
    cannot lead to a number in the range refused with the range said, CONFIRM
    hands the number on (to `done(keypad)`). `t`: the table's catalogue."""
    entry = StringProperty("")
    placeholder = StringProperty("")    # shown dim while nothing is typed
    message = StringProperty("")
    wrong = BooleanProperty(False)

    def __init__(self, low: int, high: int, t, entry: str = "", placeholder: str = "", done=None, **kwargs):
        super().__init__(**kwargs)
        self.low, self.high = low, high
        self.t = t
        self.done = done
        self.entry = entry
        self.placeholder = placeholder
        self.keys: dict[str, FlatButton] = {}
        self.hint = t("picker.range", low=self.shown(low), high=self.shown(high))
        self.message = self.hint
        grid = self.ids.key_grid
        for key in ("1", "2", "3", "4", "5", "6", "7", "8", "9", "sign", "0", "delete"):
            if key == "sign" and low >= 0:
                grid.add_widget(Widget())     # no negative numbers: nothing to turn
                continue
            text = {"sign": "+/−", "delete": t("keypad.delete")}.get(key, key)
            button = FlatButton(text=text, font_size="24sp" if key == "delete" else "34sp",
                                tone="quiet" if key in ("sign", "delete") else "normal")
            button.bind(on_release=lambda _b, k=key: self.press(k))
            grid.add_widget(button)
            self.keys[key] = button

    @staticmethod
    def shown(bound: int) -> str:
        return "…" if abs(bound) >= A.UNBOUNDED else str(bound).replace("-", "−")

    def press(self, key: str):
        entry, taken = A.keypad_type(self.entry, key, self.low, self.high)
        self.entry = entry
        if taken:
            self.wrong, self.message = False, self.hint
            return
        typed = A.keypad_typed(entry, key)
        if typed is None:
            self.refuse()
        else:       # the number the tap would have made, so the table sees which tap was refused
            # a long one breaks after the number, never inside "Only −99 to 99"
            self.refuse(self.t("keypad.refused_typed", typed=typed.replace("-", "−"),
                                 limits=unbroken(self.limits())))

    def limits(self) -> str:
        """The range in words: "Only 5 to 600"."""
        return self.t("keypad.refused", low=self.shown(self.low), high=self.shown(self.high))

    def refuse(self, text: str = ""):
        self.wrong = True
        self.message = text or self.limits()

    def value(self):
        return A.keypad_value(self.entry, self.low, self.high)

    def confirm(self):
        if self.done is not None:
            self.done(self)


class NumberDialog(Dialog):
    """A number for the table's set-up or the settings, on the keypad: the value now
    shown dim until a digit is typed; CONFIRM hands the number to `done(value)`, which
    returns None once it is taken (the dialog closes) or the words why not (said on the
    keypad, the number kept to put right). Cancel leaves everything as it was; so does
    CONFIRM with nothing typed. `table`: the table presenter (ui/table.py) asking."""

    def __init__(self, low: int, high: int, value: int, done, table, **kwargs):
        super().__init__(**kwargs)
        self.done = done
        self.table = table
        self.keypad = Keypad(low, high, table.t, placeholder=number_text(value), done=self._keyed)
        self.ids.body.add_widget(self.keypad)

    def _keyed(self, keypad):
        if keypad.entry in ("", "-"):
            self.dismiss()                # nothing typed: the value shown stays
            return
        value = keypad.value()
        if value is None:
            keypad.refuse()               # "Only 5 to 600": the entry stays to be put right
            return
        refusal = self.done(value)
        if refusal:
            self.table.hush()             # said on the keypad: not again on the toast behind it
            keypad.refuse(refusal)
            return
        self.dismiss()

