"""ui/screens/log.py show(): the log's rows (and Past games') handed to the RecycleView
as the changes they are, so it keeps the size it measured for every row that stayed:
whatever changed, the list then holds exactly the new rows, in their order."""
import pytest
from hypothesis import given, settings, HealthCheck, strategies as st

from ui_fixtures import kivy_window  # noqa: F401  (fixture)

pytestmark = pytest.mark.ui


def view_of(rows):
    from kivy.uix.recycleboxlayout import RecycleBoxLayout
    from kivy.uix.recycleview import RecycleView
    view = RecycleView(size=(400, 400))
    layout = RecycleBoxLayout(orientation="vertical", size_hint_y=None, default_size=(None, 50),
                              default_size_hint=(1, None), viewclass="Label")
    layout.bind(minimum_height=layout.setter("height"))
    view.add_widget(layout)
    view.data = rows
    view.refresh_views()
    return view, layout


def row(n):
    return {"text": f"row {n}"}


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(old=st.lists(st.integers(0, 30), max_size=25), top=st.integers(0, 3), cut=st.integers(0, 3),
       changed=st.lists(st.integers(0, 30), max_size=3), tail=st.booleans())
def test_after_any_change_the_list_holds_the_new_rows_in_order(kivy_window, old, top, cut, changed, tail):
    from ui.screens.log import show
    rows = [row(n) for n in old]
    view, _layout = view_of(list(rows))
    # new rows on top, some kept (the very dicts), some changed, the oldest gone, the last one new
    kept = rows[:max(0, len(rows) - cut)]
    new = [row(100 + i) for i in range(top)] + [row(200 + n) if n in changed else r for n, r in enumerate(kept)]
    if tail:
        new.append(row(300))
    show(view, new)
    assert [r["text"] for r in view.data] == [r["text"] for r in new]


def test_a_press_at_the_log_s_reach_keeps_the_rows_between_its_ends(kivy_window):
    """A row more on top, the head's mark moved, the oldest row gone and the count of
    earlier actions below it changed: the rows in between keep their measured sizes
    (the RecycleView is not handed a new list, which it would measure all over)."""
    from ui.screens.log import show
    rows = [row(n) for n in range(200, 0, -1)] + [{"text": "99 earlier"}]
    view, layout = view_of(list(rows))
    kept = list(layout.view_opts[2:199])
    head = dict(rows[0], text="row 200 (done)")
    show(view, [row(201), head] + rows[1:199] + [{"text": "100 earlier"}])
    assert [r["text"] for r in view.data][:3] == ["row 201", "row 200 (done)", "row 199"]
    assert view.data[-1]["text"] == "100 earlier" and len(view.data) == 201
    assert all(a is b for a, b in zip(layout.view_opts[3:200], kept))   # not measured again
