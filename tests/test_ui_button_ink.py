"""A button's words are drawn white once and coloured by its canvas (ui/widgets/buttons.py
InkedWords): disabled they read in the disabled colour, enabled again in their own, as
Kivy draws them; the words are not drawn again for it."""
import pytest
from ui_fixtures import drawn_frame, kivy_window, make_ui  # noqa: F401  (fixtures)

pytestmark = pytest.mark.ui


def brightest_ink(button) -> tuple[int, int, int]:
    """The colour of the most opaque text pixel inside the button's words, as drawn."""
    width, _height, pixels = drawn_frame()
    x0, y0 = button.to_window(*button.pos)
    best = (-1, (0, 0, 0))
    tw, th = button.texture_size
    cx, cy = button.to_window(button.center_x, button.center_y)
    for y in range(int(cy - th / 2) + 2, int(cy + th / 2) - 2):
        for x in range(int(cx - tw / 2) + 2, int(cx + tw / 2) - 2):
            i = (y * width + x) * 4
            r, g, b = pixels[i], pixels[i + 1], pixels[i + 2]
            if r + g + b > best[0]:
                best = (r + g + b, (r, g, b))
    return best[1]


@pytest.mark.parametrize("kind", ["FlatButton", "BigButton"])
def test_disabled_words_in_the_disabled_colour_and_not_drawn_again(make_ui, kind):  # noqa: F811
    from kivy.uix.anchorlayout import AnchorLayout

    from ui.widgets.buttons import BigButton, FlatButton
    ui = make_ui()
    holder = AnchorLayout()
    button = {"FlatButton": FlatButton, "BigButton": BigButton}[kind](
        text="WWW", size_hint=(None, None), size=(300, 80))
    button.color, button.disabled_color = (1, 1, 0, 1), (0, 1, 1, 1)    # after the kv rules
    holder.add_widget(button)
    ui.app.root.add_widget(holder)
    try:
        ui.pump(3)
        texture = button.texture
        r, g, b = brightest_ink(button)
        assert r > 200 and g > 200 and b < 60          # yellow, its colour
        button.disabled = True
        ui.pump(2)
        r, g, b = brightest_ink(button)
        assert r < 60 and g > 200 and b > 200          # cyan, the disabled colour
        button.disabled = False
        ui.pump(2)
        assert button.texture is texture                # the same words: only their colour changed
        r, g, b = brightest_ink(button)
        assert r > 200 and g > 200 and b < 60
    finally:
        ui.app.root.remove_widget(holder)
