"""Lists and what scrolls: clipped by a scissor box, a scroll bar that dims at once,
rows laid out only where they changed (rows.py), and a box's children used again. The
one look, AutoScroll's, is in lists.kv beside this file, read after the first frame
(looks.LATER).
"""
from __future__ import annotations

from functools import partial
from weakref import WeakSet

from kivy.clock import Clock
from kivy.factory import Factory
from kivy.properties import BooleanProperty
from kivy.uix.scrollview import ScrollView

from .looks import LaterLook

# The recycled lists (the log, Past games) are in rows.py, read when the first is made:
# kv names them through Kivy's Factory, Python through this module. Kivy's RecycleView
# is some 10 M instructions of a start, and the table shows none.
_ROWS = ("ClipRecycleView", "RowsLayout")
for _name in _ROWS:
    Factory.register(_name, module="ui.widgets.rows")


def __getattr__(name: str):
    if name in _ROWS or name == "same_upto":
        from . import rows
        return getattr(rows, name)
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")


class ScissorClip:
    """For a StencilView (a ScrollView, a RecycleView, the ScreenManager): clip to the
    box with a scissor instead of Kivy's stencil. The stencil fills the box twice and
    tests every pixel drawn inside it on each frame, and with the log's tall list
    the software renderer kept ~100 MiB more; a scissor box costs nothing per pixel.
    Nested boxes intersect (ScissorPush); the box is kept in window coordinates."""

    def on_kv_post(self, base_widget):
        # the kv rules (StencilView's among them) are applied by now, also for one made in a kv file
        super().on_kv_post(base_widget)
        from kivy.graphics import ScissorPop, ScissorPush
        from kivy.graphics.stencil_instructions import StencilPop, StencilPush, StencilUnUse, StencilUse

        self._scissor = ScissorPush(x=0, y=0, width=1, height=1)
        _swap(self.canvas.before, StencilPush, StencilUse, self._scissor)
        _swap(self.canvas.after, StencilUnUse, StencilPop, ScissorPop())
        self._watched: list = []
        self.bind(pos=self._place, size=self._place, parent=self._watch)
        self._watch()

    def _watch(self, *_):
        """Every ancestor that can move this box without moving it in its parent
        (a ScrollView scrolling, a RelativeLayout moving) moves the scissor too."""
        for node, names in self._watched:
            node.unbind(**{name: self._place for name in names})
        self._watched = []
        node = self.parent
        while node is not None and node.parent is not node:
            names = ("pos", "scroll_x", "scroll_y") if isinstance(node, ScrollView) else ("pos",)
            node.bind(**{name: self._place for name in names})
            self._watched.append((node, names))
            node = node.parent
        self._place()

    def _place(self, *_):
        x, y = self.to_window(*self.pos)
        # not self.right / self.top: those are cached aliases, still the old value
        # while a resize tells its `size` watchers (the box lagged one resize behind)
        right, top = self.to_window(self.x + self.width, self.y + self.height)
        box = self._scissor
        box.x, box.y = int(round(x)), int(round(y))
        box.width, box.height = max(0, int(round(right - x))), max(0, int(round(top - y)))


def _swap(group, first, last, instead) -> None:
    """Replace the instructions from a `first` to the next `last` in `group` by `instead`."""
    children = list(group.children)
    start = next((i for i, ins in enumerate(children) if isinstance(ins, first)), None)
    if start is None:
        return
    end = next(i for i in range(start, len(children)) if isinstance(children[i], last))
    from kivy.graphics import BindTexture
    for ins in children[start:end + 1]:
        if not isinstance(ins, BindTexture):   # a Rectangle takes its own BindTexture with it
            group.remove(ins)
    group.insert(start, instead)


class StillBar:
    """For a ScrollView: its bar turns dim at once when scrolling stops. Kivy fades it
    over 0.5 s after every scroll, and after every change of the content's size (a
    new prompt, a step's result), so each press was followed by ~30 frames drawn
    for the fade alone, and a running countdown's every second too. All bars lit by one
    step dim together, in one frame: each on its own 0.5 s after it lit drew a frame per
    layout pass the step took."""
    # bars lit since the last dimming; weakly, so a screen dropped before they dim is not kept
    _lit: WeakSet = WeakSet()
    _dim_lit = None                     # the one trigger that dims them all

    @property
    def _bind_inactive_bar_color_ev(self):
        # ScrollView calls this after every scroll and every change of its content's size
        return partial(StillBar._light, self)

    @staticmethod
    def _light(bar) -> None:
        StillBar._lit.add(bar)
        if StillBar._dim_lit is None:
            StillBar._dim_lit = Clock.create_trigger(StillBar._dim_all, 0.5)
        StillBar._dim_lit()

    @staticmethod
    def _dim_all(*_) -> None:
        lit, StillBar._lit = list(StillBar._lit), WeakSet()
        for bar in lit:
            bar._bind_inactive_bar_color()

    def _bind_inactive_bar_color(self, *_):
        self.funbind("bar_color", self._change_bar_color)
        self.fbind("bar_inactive_color", self._change_bar_color)
        self._bar_color = self.bar_inactive_color


class ClipScroll(StillBar, ScissorClip, ScrollView):
    """A ScrollView clipped by a scissor box."""


class AutoScroll(LaterLook, StillBar, ScissorClip, ScrollView):
    """Scrolls only when its content is taller than itself: a tap on a list that
    fits acts at once (a ScrollView otherwise waits to see if a touch is a swipe).
    With `at_end` it keeps showing the end of its content (the last lines)."""
    at_end = BooleanProperty(False)

    def __init__(self, **kwargs):
        super().__init__(**kwargs)
        self.bind(height=self._check)

    def add_widget(self, widget, *args, **kwargs):
        super().add_widget(widget, *args, **kwargs)
        widget.bind(height=self._check)
        self._check()

    def remove_widget(self, widget, *args, **kwargs):
        widget.unbind(height=self._check)
        super().remove_widget(widget, *args, **kwargs)
        self._check()

    def _check(self, *_):
        content = self.children[0] if self.children else None
        scrolls = bool(content is not None and content.height > self.height + 1)
        self.do_scroll_y = scrolls
        if not scrolls:
            self.scroll_y = 1
        elif self.at_end:
            self.scroll_y = 0

    def on_at_end(self, *_):
        self.scroll_y = 0 if self.at_end else 1


def reuse(box, count: int, make) -> list:
    """The first `count` children of `box` in the order shown, made with make() only
    when missing: a screen updates these in place instead of rebuilding its widgets
    on every press. Ones too many are taken off and kept for the box's next need
    (a line that comes and goes with each roll and undo is not made again)."""
    shown = list(reversed(box.children))
    spares = box.__dict__.setdefault("_reuse_spares", [])
    for widget in shown[count:]:
        box.remove_widget(widget)
        spares.append(widget)
    for _ in range(count - len(shown)):
        box.add_widget(spares.pop() if spares else make())
    return list(reversed(box.children))
