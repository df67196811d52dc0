"""Lists and what scrolls: clipped by a scissor box, a scroll bar that dims at once,
rows laid out only where they changed, and a box's children used again. The one
look, AutoScroll's, is in lists.kv beside this file, read after the first frame
(looks.LATER).
"""
from __future__ import annotations

from bisect import bisect_left
from functools import partial
from itertools import accumulate
from weakref import WeakSet

from kivy.clock import Clock
from kivy.properties import BooleanProperty
from kivy.uix.recycleboxlayout import RecycleBoxLayout
from kivy.uix.recyclelayout import RecycleLayout
from kivy.uix.recycleview import RecycleView
from kivy.uix.scrollview import ScrollView

from .looks import LaterLook


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


class ClipRecycleView(StillBar, ScissorClip, RecycleView):
    """A RecycleView clipped by a scissor box. With `keep_top`, rows added or gone below
    leave what is in view where it was (Past games reading on, page after page): put back
    before the rows in view are picked, so they are picked once."""
    keep_top = BooleanProperty(False)
    _above = None                       # how far below the top of the rows the view began

    def save_viewport(self):
        rows = self.layout_manager
        if self.keep_top and self._above is None and rows is not None:
            self._above = max(0, rows.height - self.height) * (1 - self.scroll_y)

    def restore_viewport(self):
        above, self._above = self._above, None
        rows = self.layout_manager
        if above is not None and rows is not None:
            room = rows.height - self.height
            scroll_y = min(1, max(0, 1 - above / room)) if room > 0 else 1
            if scroll_y != self.scroll_y:
                self.scroll_y = scroll_y


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


def same_upto(new: list, old: list) -> int:
    """How many leading items of `new` equal those of `old`: compared a slice at a time
    (in C, the very same item at once), halving the rest where they differ."""
    n = min(len(new), len(old))
    if new[:n] == old[:n]:
        return n
    lo, hi = 0, n                   # new[:lo] == old[:lo]; they differ before hi
    while hi - lo > 1:
        mid = (lo + hi) // 2
        if new[lo:mid] == old[lo:mid]:
            lo = mid
        else:
            hi = mid
    return lo


class RowsLayout(RecycleBoxLayout):
    """A RecycleBoxLayout of rows across its width, top to bottom (the log, Past games),
    each row as tall as its data says: laid out where Kivy lays them, but only the rows
    that changed. Kivy's pass serves any size hint at about 5 us a row, and runs at every
    change, twice when the list grows: 14 ms with 3,000 past games read, for one page more.
    Here each row's top below the list's top is kept; a change works them out again from
    the first row that changed (below it, in C), and a row gets its place only when it
    comes into view. Rows of any other kind are left to Kivy's pass."""

    def __init__(self, **kwargs):
        self._laid: list | None = None  # the rows' opts the tops were worked out for (None: Kivy's pass)
        self._heights: list[float] = []
        self._tops: list[float] = []    # each row's top below the list's top: padding and spacing in
        self._gaps = None               # (top padding, spacing) they were worked out with
        super().__init__(**kwargs)

    def _plain(self, opts) -> bool:
        return self.orientation == "vertical" and all(
            o["size_hint"][1] is None and o["size_hint"][0] and not o["pos_hint"]
            and not o["size_hint_min"][0] and o["size_hint_max"][0] is None for o in opts)

    def compute_layout(self, data, flags):
        opts = self.view_opts
        laid = self._laid
        left, top, right, bottom = self.padding
        spacing = self.spacing
        first = same_upto(opts, laid) if laid is not None and self._gaps == (top, spacing) else 0
        if not data or not self._plain(opts[first:]):
            self._laid = None
            return super().compute_layout(data, flags)
        RecycleLayout.compute_layout(self, data, flags)    # opts in step with their views' own sizes
        changed = self._changed_views
        if changed is None or changed and not self._update_sizes(changed):
            return
        if changed:                     # a row that measured itself: from there on
            first = min(first, *(c[0] for c in changed))
            if not self._plain(opts[first:]):       # never a row of ours: Kivy's pass, on the next frame
                self._laid = None
                self.recycleview.refresh_from_layout()
                return
        self.clear_layout()
        self._rv_positions = None
        n = len(opts)
        heights = self._heights = self._heights[:first] + [o["size"][1] for o in opts[first:]]
        if first < n:
            start = self._tops[first - 1] + heights[first - 1] + spacing if first else top
            self._tops = self._tops[:first] + list(accumulate([h + spacing for h in heights[first:n - 1]],
                                                              initial=start))
        else:                           # rows gone from the end, or the list's own size changed
            self._tops = self._tops[:n]
        self._laid, self._gaps = list(opts), (top, spacing)
        self.minimum_size = left + right, self._tops[-1] + heights[-1] + bottom

    def _place(self, indices) -> None:
        """Where the rows about to be shown lie (BoxLayout's place: from the list's bottom)."""
        left, _top, right, _bottom = self.padding
        x, base, room = self.x + left, self.y + self.minimum_height, self.width - left - right
        opts, tops, heights = self.view_opts, self._tops, self._heights
        for i in indices:
            opt = opts[i]
            opt["pos"] = x, base - tops[i] - heights[i]
            opt["size"] = [max(0, opt["size_hint"][0] * room), heights[i]]

    def get_view_index_at(self, pos):
        if self._laid is None:
            return super().get_view_index_at(pos)
        # the row whose room, half the spacing above and below it, holds the point
        below = self.y + self.height - pos[1] + self.spacing / 2.
        return max(0, bisect_left(self._tops, below, 1, len(self._tops)) - 1)

    def compute_visible_views(self, data, viewport):
        if self._laid is None:
            return super().compute_visible_views(data, viewport)
        if not data or len(self._tops) != len(data):
            return []
        x, y, w, h = viewport
        return list(range(self.get_view_index_at((x, y + h)), self.get_view_index_at((x, y)) + 1))

    def set_visible_views(self, indices, data, viewport):
        if self._laid is not None:
            self._place(indices)
        super().set_visible_views(indices, data, viewport)
        for view, index in self.view_indices.items():
            view._rows_item = data[index]   # what it shows: clear_layout gives it back to that row

    def clear_layout(self):
        """At any change Kivy sends every view to its cache, each comes back for any row and
        its words are drawn again (a page more in Past games: the three rows in view, twice;
        a press in the log: every row in view). A view whose very data item is still in the
        list, where it was or a little above or below, goes back to it as it is, in step with
        it as Kivy's own kept views are; only the others are made again."""
        rv = self.recycleview
        adapter = rv.view_adapter if rv is not None else None
        if adapter is None:
            return super().clear_layout()
        data = rv.data
        adapter.make_views_dirty()
        for views in adapter.dirty_views.values():
            kept, stale = {}, []
            for index, view in views.items():
                at = _find(data, getattr(view, "_rows_item", None), index)
                if at is None or at in kept:
                    stale.append(view)
                else:
                    kept[at] = view
            views.clear()
            views.update(kept)
            # Kivy takes a view of another row from here (after its own cache) and fills it in
            views.update((-1 - k, view) for k, view in enumerate(stale))
        self.clear_widgets()
        self.view_indices = {}
        self._size_needs_update = False     # as RecycleLayout.clear_layout: its views' sizes are asked anew


FIND_REACH = 64     # rows a kept row is looked for above and below where it was (a page read, a row added)


def _find(data, item, index: int) -> int | None:
    """Where the very `item` is in `data`, near `index`; None if it is not."""
    if item is None:
        return None
    n = len(data)
    if 0 <= index < n and data[index] is item:
        return index
    for at in range(max(0, index - FIND_REACH), min(n, index + FIND_REACH + 1)):
        if data[at] is item:
            return at
    return None
