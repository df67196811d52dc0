"""RowsLayout (ui/widgets.py): the log and Past games laid out in one plain pass
must put every row exactly where Kivy's RecycleBoxLayout puts it, or a tap on a
row would land on its neighbour and the list would end short of its last game."""
import pytest
from hypothesis import given, settings, HealthCheck, strategies as st

from ui_fixtures import kivy_window  # noqa: F401  (fixture)

pytestmark = pytest.mark.ui

rows = st.lists(st.tuples(st.floats(20, 300), st.sampled_from([1, 0.5])), min_size=1, max_size=60)


def laid_out(cls, heights, padding, spacing, width):
    from kivy.uix.recycleview import RecycleView
    view = RecycleView(size=(width, 400))
    layout = cls(orientation="vertical", size_hint_y=None, default_size=(None, 50), default_size_hint=(1, None),
                 padding=padding, spacing=spacing, viewclass="Label")
    layout.bind(minimum_height=layout.setter("height"))
    view.add_widget(layout)
    view.data = [{"text": str(i), "height": h, "size_hint_x": hint} for i, (h, hint) in enumerate(heights)]
    view.refresh_views()
    view.refresh_from_layout()      # its height follows its rows: a second pass, as in a frame
    view.refresh_views()
    return ([tuple(o["pos"]) + tuple(o["size"]) for o in layout.view_opts], list(layout._rv_positions),
            tuple(layout.minimum_size))


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(heights=rows, padding=st.tuples(*[st.integers(0, 12)] * 4), spacing=st.integers(0, 10),
       width=st.integers(200, 800))
def test_rows_lie_where_kivys_own_layout_puts_them(kivy_window, heights, padding, spacing, width):
    from kivy.uix.recycleboxlayout import RecycleBoxLayout
    from ui.widgets import RowsLayout
    assert laid_out(RowsLayout, heights, padding, spacing, width) == \
        laid_out(RecycleBoxLayout, heights, padding, spacing, width)


def test_past_games_and_the_log_use_it():
    from pathlib import Path
    ui = Path(__file__).resolve().parent.parent / "ui" / "screens"
    assert "RowsLayout:" in (ui / "sessions.kv").read_text() and "@RowsLayout>" in (ui / "log.kv").read_text()
