"""A label that draws nothing while it says nothing.

Kivy draws an empty Label all the same: its colours and a see-through rectangle,
every frame (Window.on_draw walks every instruction). The seat tokens and the board
keep several labels that are empty most of the time (the pieces beside a name, a
pad's "offline", a place's facts): each of those was four instructions a frame.
"""
from __future__ import annotations

from kivy.graphics import BindTexture, InstructionGroup
from kivy.uix.label import Label


class QuietLabel(Label):
    """A Label whose drawing leaves its canvas while its text is empty and comes back
    with its text. Its kv rules still set the same instructions while they are away."""

    def __init__(self, **kwargs):
        self._ink = None    # its own instructions (Label's and its rules'), as one group
        super().__init__(**kwargs)
        self._gather()
        self.fbind("text", self._quiet)
        self._quiet()

    def _gather(self) -> None:
        canvas = self.canvas
        groups = [canvas.before if canvas.has_before else None, canvas.after if canvas.has_after else None]
        kept = [ins for ins in canvas.children if not isinstance(ins, BindTexture) and ins not in groups]
        canvas.clear()      # a Rectangle takes its texture's binding with it, and back when added again
        ink = InstructionGroup()
        for ins in kept:
            ink.add(ins)
        self._ink = ink
        canvas.add(ink)

    def _quiet(self, *_):
        ink, canvas = self._ink, self.canvas
        drawn = ink in canvas.children
        if self.text and not drawn:
            canvas.add(ink)
        elif not self.text and drawn:
            canvas.remove(ink)
