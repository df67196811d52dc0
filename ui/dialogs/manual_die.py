"""Entering a physical die's faces on the dice table: six face buttons, one face a
die in turn. Its look is in manual_die.kv beside this file, read with the first one
(the dice table's own look, read at start, no longer carries it).
"""
from __future__ import annotations

from kivy.properties import NumericProperty, StringProperty

from ..screens.base import running_app
from ..widgets.window import Dialog


class ManualDieDialog(Dialog):
    """Six face buttons for a physical die; with several dice, one face each in turn."""
    count = NumericProperty(1)
    param = StringProperty("dice")     # the roll's argument that takes the faces
    entered = StringProperty("")

    def on_kv_post(self, *_):
        self.faces: list[int] = []
        self._show()

    def _show(self):
        t = running_app().table.t
        self.title = t("dice.manual_title") if self.count == 1 else t(
            "dice.manual_progress", n=len(self.faces) + 1, count=self.count)
        self.entered = " + ".join(map(str, self.faces))

    def face(self, value: int):
        self.faces.append(value)
        if len(self.faces) >= self.count:
            self.dismiss()
            running_app().table.perform({"type": "roll", self.param: list(self.faces)})
        else:
            self._show()
