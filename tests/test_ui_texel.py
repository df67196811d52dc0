"""Text is sampled at the nearest texel (ui/widgets/text.py texel_for_pixel): drawn texel
for pixel, it shows the very pixels linear filtering would, only faster in software.
(Every screen the suite photographs is also checked for text drawn at another size
than its texture's: ui_fixtures.look.)"""
import pytest

from ui_fixtures import drawn_frame, kivy_window, make_ui, text_rectangles  # noqa: F401  (fixtures)

pytestmark = pytest.mark.ui


def differing_with_text_linear():
    """The pixels that differ between the window drawn as it is and drawn again with every
    text texture sampled linear (x, y from the bottom left)."""
    nearest = drawn_frame()
    for _ in range(5):              # the first frames may still lay out what they drew
        again = drawn_frame()
        if again == nearest:
            break
        nearest = again
    assert again == nearest, "the screen never stood still"
    rects = text_rectangles()
    assert len(rects) >= 6          # every text below, sampled nearest
    for rect in rects:
        rect.texture.mag_filter = rect.texture.min_filter = "linear"
    try:
        linear = drawn_frame()
    finally:
        for rect in rects:
            rect.texture.mag_filter = rect.texture.min_filter = "nearest"
    width, _height, a = nearest
    b = linear[2]
    assert len(set(a[i:i + 4] for i in range(0, len(a), 4 * 97))) > 3   # text drawn, not a blank
    return sorted({(i // 4 % width, i // 4 // width) for i in range(0, len(a), 4) if a[i:i + 4] != b[i:i + 4]})


def test_labels_and_buttons_look_the_same_with_text_sampled_linear(make_ui):  # noqa: F811
    """The table's kinds of text, laid out as screens lay them out (boxes at fractions
    of a pixel, text centred in them): the same pixels either way."""
    from kivy.metrics import dp
    from kivy.uix.boxlayout import BoxLayout
    from kivy.uix.label import Label

    from ui.widgets.buttons import BigButton, FlatButton
    from ui.widgets.countdown import GlyphNumber
    ui = make_ui()
    column = BoxLayout(orientation="vertical", padding=dp(7.3), spacing=dp(5.7))
    column.add_widget(Label(text="Anna's turn: roll", font_size="24sp", bold=True))
    column.add_widget(Label(text="Seats go clockwise around the table, 1 first.", font_size="17sp",
                            text_size=(dp(333.3), None), halign="left"))
    column.add_widget(FlatButton(text="Undo"))
    column.add_widget(BigButton(text="Roll"))
    column.add_widget(GlyphNumber(text="1:58", font_size=dp(90), bold=True))
    ui.app.root.add_widget(column)
    try:
        ui.pump(3)
        assert differing_with_text_linear() == []
    finally:
        ui.app.root.remove_widget(column)


@pytest.mark.parametrize("kind", ["Label", "FlatButton"])   # FlatButton's kv rule replaces Label's
def test_text_is_sampled_nearest_whatever_it_says(make_ui, kind):  # noqa: F811
    from kivy.uix.label import Label

    from ui.widgets.buttons import FlatButton
    label = {"Label": Label, "FlatButton": FlatButton}[kind](text="Anna")
    label.texture_update()
    assert label.texture.mag_filter == label.texture.min_filter == "nearest"
    label.text = "Benedikt rolls"       # longer: a new texture
    label.texture_update()
    assert label.texture.mag_filter == label.texture.min_filter == "nearest"
