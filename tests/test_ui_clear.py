"""Each frame starts from the background colour alone (ui/app.py _clear_colour): it
looks the same as with Kivy's own clear, and a Kivy stencil still clips."""
import pytest

from ui_fixtures import drawn_frame as frame, kivy_window, make_ui, start_game  # noqa: F401  (fixtures)

pytestmark = pytest.mark.ui


def pixel(shot, x, y):
    width, _height, data = shot
    at = (y * width + x) * 4
    return tuple(data[at:at + 4])


def test_the_table_looks_the_same_as_with_kivys_own_clear(make_ui):  # noqa: F811
    from kivy.base import EventLoop
    from kivy.core.window import WindowBase

    ui = make_ui()
    start_game(ui, "dice", ("Anna", "Ben", "Cleo"))
    ui.app.root.ids.toast.hide()
    ui.pump(2)
    window = EventLoop.window
    ours = frame()
    assert len(set(ours[2][i:i + 4] for i in range(0, len(ours[2]), 4 * 997))) > 3   # a table, not a blank
    mine = window.clear
    window.clear = WindowBase.clear.__get__(window)        # Kivy's: colour, depth and stencil
    try:
        kivys = frame()
    finally:
        window.clear = mine
    assert ours == kivys


def test_a_kivy_stencil_still_clips_and_leaves_nothing_behind(make_ui):  # noqa: F811
    from kivy.base import EventLoop
    from kivy.graphics import Color, Rectangle
    from kivy.uix.stencilview import StencilView

    from ui import theme

    make_ui()                                               # the app on the window, at home
    window = EventLoop.window
    before = frame()
    clip = StencilView(size_hint=(None, None), size=(100, 80), pos=(40, 30))
    with clip.canvas:
        Color(1, 0, 0, 1)
        Rectangle(pos=(0, 0), size=window.size)            # the whole window, clipped to the box
    window.add_widget(clip)
    try:
        for _ in range(2):                                  # the second frame too: the stencil is made afresh
            shot = frame()
            assert pixel(shot, 90, 70) == (255, 0, 0, 255)                 # inside the box
            for x, y in ((20, 70), (160, 70), (90, 10), (90, 130), (700, 400)):
                assert pixel(shot, x, y) == pixel(before, x, y), (x, y)   # outside: as it was
    finally:
        window.remove_widget(clip)
    assert frame() == before
    assert pixel(before, 2, 2)[:3] == tuple(round(c * 255) for c in theme.BG[:3])
