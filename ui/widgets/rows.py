"""The recycled lists (the log, Past games): a RecycleView clipped by a scissor box and
rows laid out only where they changed. Read when the first is made (lists.py registers
them with Kivy's Factory): a start onto the table shows none.
"""
from __future__ import annotations

from bisect import bisect_left
from itertools import accumulate

from kivy.properties import BooleanProperty
from kivy.uix.recycleboxlayout import RecycleBoxLayout
from kivy.uix.recyclelayout import RecycleLayout
from kivy.uix.recycleview import RecycleView

from .lists import ScissorClip, StillBar


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
