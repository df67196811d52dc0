"""RowsLayout (ui/widgets/lists.py): the log and Past games, laid out a changed row at a time,
must show every row exactly where Kivy's RecycleBoxLayout shows it, whatever changed
before, or a tap on a row would land on its neighbour and the list would end short of
its last game."""
import pytest
from hypothesis import given, settings, HealthCheck, strategies as st

from ui_fixtures import kivy_window  # noqa: F401  (fixture)

pytestmark = pytest.mark.ui

# heights in quarter pixels, as a row's text and padding measure: sums of these are exact
# both ways, so a row that only touches the view's edge (no pixel in view) is not a difference
# between summing from the top (ours) and from the bottom (Kivy's) in the last bit of a float
row = st.tuples(st.integers(80, 1200).map(lambda q: q / 4), st.sampled_from([1, 0.5]))
rows = st.lists(row, min_size=1, max_size=60)
# what the screens do to their rows (ui/screens/log.py show): a page more below, a new
# action on top, a row changed, a row gone, all new rows; and the list scrolled
change = st.one_of(
    st.tuples(st.just("extend"), st.lists(row, min_size=1, max_size=25)),
    st.tuples(st.just("insert"), row),
    st.tuples(st.just("set"), st.integers(0, 10 ** 6), row),
    st.tuples(st.just("delete"), st.integers(0, 10 ** 6)),
    st.tuples(st.just("replace"), rows),
    st.tuples(st.just("width"), st.integers(200, 800)),
)
SCROLLS = (1, 0.77, 0.3, 0)


def made(cls, padding, spacing, width):
    from kivy.uix.recycleview import RecycleView
    view = RecycleView(size=(width, 400))
    layout = cls(orientation="vertical", size_hint_y=None, default_size=(None, 50), default_size_hint=(1, None),
                 padding=padding, spacing=spacing, viewclass="Label")
    layout.bind(minimum_height=layout.setter("height"))
    view.add_widget(layout)
    return view, layout


def item(n, h, hint):
    return {"text": str(n), "height": h, "size_hint_x": hint}


def apply(view, step, count):
    kind, *args = step
    data = view.data
    if kind == "extend":
        data.extend(item(count + i, *r) for i, r in enumerate(args[0]))
    elif kind == "insert":
        data.insert(0, item(count, *args[0]))
    elif kind == "set" and data:
        data[args[0] % len(data)] = item(count, *args[1])
    elif kind == "delete" and len(data) > 1:
        del data[args[0] % len(data)]
    elif kind == "replace":
        view.data = [item(count + i, *r) for i, r in enumerate(args[0])]
    elif kind == "width":
        view.width = args[0]


def shown(view, layout):
    """What a player sees: each row in view where it is drawn, how the list ends, and
    which row a finger finds at each height."""
    view.refresh_views()
    view.refresh_from_layout()          # its height follows its rows: a second pass, as in a frame
    view.refresh_views()
    seen = []
    for scroll_y in SCROLLS:
        view.scroll_y = scroll_y
        view.refresh_from_viewport()
        view.refresh_views()
        seen.append(sorted((index, widget.text, round(widget.x, 6), round(widget.y, 6),
                            round(widget.width, 6), round(widget.height, 6))
                           for widget, index in layout.view_indices.items()))
    # a finger between two rows, never on the very line halfway between them (there either is right)
    found = [layout.get_view_index_at((0, y + 0.318)) for y in range(-20, int(layout.height) + 20, 7)]
    return seen, found, tuple(round(v, 6) for v in layout.minimum_size)


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(heights=rows, steps=st.lists(change, max_size=6), padding=st.tuples(*[st.integers(0, 12)] * 4),
       spacing=st.integers(0, 10), width=st.integers(200, 800))
def test_rows_lie_where_kivys_own_layout_puts_them(kivy_window, heights, steps, padding, spacing, width):
    from kivy.uix.recycleboxlayout import RecycleBoxLayout
    from ui.widgets.lists import RowsLayout
    ours, kivys = made(RowsLayout, padding, spacing, width), made(RecycleBoxLayout, padding, spacing, width)
    for view, _layout in (ours, kivys):
        view.data = [item(i, *r) for i, r in enumerate(heights)]
    assert shown(*ours) == shown(*kivys)
    for n, step in enumerate(steps):
        for view, _layout in (ours, kivys):
            apply(view, step, 1000 * (n + 1))
        assert shown(*ours) == shown(*kivys), step


def test_same_upto_finds_the_first_row_that_changed():
    from ui.widgets.lists import same_upto
    rows = [{"n": i} for i in range(100)]
    assert same_upto(rows, rows) == 100
    assert same_upto(rows + [{"n": 100}], rows) == 100          # a page more
    assert same_upto(rows[:40], rows) == 40                      # rows gone from the end
    assert same_upto([{"n": -1}] + rows, rows) == 0              # a row on top
    changed = list(rows)
    changed[63] = {"n": "x"}
    assert same_upto(changed, rows) == 63
    assert same_upto([], rows) == 0


def test_past_games_and_the_log_use_it():
    from pathlib import Path
    ui = Path(__file__).resolve().parent.parent / "ui" / "screens"
    assert "RowsLayout:" in (ui / "sessions.kv").read_text() and "@RowsLayout>" in (ui / "log.kv").read_text()
