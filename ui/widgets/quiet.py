"""A label that draws nothing while it says nothing, and a widget nothing while unseen.

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
        self._ink = InstructionGroup()    # its own instructions (Label's and its rules'), as one group
        super().__init__(**kwargs)
        self.fbind("text", self._quiet)
        self._quiet()

    def on_kv_post(self, base_widget):
        super().on_kv_post(base_widget)
        self._quiet()    # made by a kv rule: its looks are drawn in only now

    def _quiet(self, *_):
        canvas, ink = self.canvas, self._ink
        groups = (ink, canvas.before if canvas.has_before else None, canvas.after if canvas.has_after else None)
        # instructions its rules drew in since: into its group (a Rectangle takes its
        # texture's binding along, and back when added)
        for ins in [ins for ins in canvas.children if ins not in groups and not isinstance(ins, BindTexture)]:
            canvas.remove(ins)
            ink.add(ins)
        drawn = ink in canvas.children
        if self.text and not drawn:
            canvas.add(ink)
        elif not self.text and drawn:
            canvas.remove(ink)


class Marks:
    """Instructions drawn over a widget's face only while they show (the frame of the
    seat whose turn it is, a track's bar): in its canvas.before then, not there at all
    otherwise, where a see-through colour or an empty mesh was walked every frame."""

    def __init__(self, canvas):
        self._canvas = canvas
        self._drawn: list = []
        self._made: dict = {}

    def made(self, name: str, make) -> tuple:
        """The instructions of one mark, made the first time it is asked for."""
        if name not in self._made:
            self._made[name] = tuple(make())
        return self._made[name]

    def show(self, *marks: tuple) -> None:
        """Draw these marks (each a tuple of instructions), in this order, and no others."""
        wanted = [ins for mark in marks for ins in mark]
        if wanted == self._drawn:
            return
        for ins in self._drawn:
            self._canvas.remove(ins)
        for ins in wanted:
            self._canvas.add(ins)
        self._drawn = wanted


def drawn_while_seen(widget) -> None:
    """A widget at opacity 0 shows nothing, yet Kivy (2.3) still walks its canvas every
    frame, each of its instructions a draw call: while unseen its canvas is out of its
    parent's, and back in its place (before the next sibling's) when it is seen again."""
    def seen(_widget, opacity):
        parent = widget.parent
        if parent is None:
            return
        canvas, own = parent.canvas, widget.canvas
        inside = canvas.indexof(own) >= 0
        if not opacity and inside:
            canvas.remove(own)
        elif opacity and not inside:
            siblings = parent.children       # the last drawn first
            later = (canvas.indexof(w.canvas) for w in reversed(siblings[:siblings.index(widget)]))
            index = next((i for i in later if i >= 0), -1)
            if index < 0:
                canvas.add(own)
            else:
                canvas.insert(index, own)
    widget.fbind("opacity", seen)
    seen(widget, widget.opacity)
