"""Text is sampled at the nearest texel (ui/widgets.py texel_for_pixel): drawn texel
for pixel, it shows the very pixels linear filtering would, only faster in software.
(Every screen the suite photographs is also checked for text drawn at another size
than its texture's: ui_fixtures.look.)"""
import pytest

from ui_fixtures import act, drawn_frame, kivy_window, make_ui, start_game, text_rectangles  # noqa: F401

pytestmark = pytest.mark.ui


def same_with_text_linear():
    """The window drawn as it is and again with every text texture sampled linear."""
    nearest = drawn_frame()
    for _ in range(5):              # the first frames may still lay out what they drew
        again = drawn_frame()
        if again == nearest:
            break
        nearest = again
    assert again == nearest, "the screen never stood still"
    rects = text_rectangles()
    assert len(rects) > 10          # a screen full of text, all of it sampled nearest
    for rect in rects:
        rect.texture.mag_filter = rect.texture.min_filter = "linear"
    try:
        linear = drawn_frame()
    finally:
        for rect in rects:
            rect.texture.mag_filter = rect.texture.min_filter = "nearest"
    assert len(set(nearest[2][i:i + 4] for i in range(0, len(nearest[2]), 4 * 997))) > 3   # a screen, not a blank
    return nearest == linear


def test_the_dice_table_looks_the_same_with_text_sampled_linear(make_ui):  # noqa: F811
    ui = make_ui()
    dice = start_game(ui, "dice", ("Anna", "Benedikt", "Cleo", "Dragomir"))
    ui.tap(dice.die)
    ui.app.root.ids.toast.hide()
    ui.pump(2)
    assert same_with_text_linear()


def test_the_guess_countdown_looks_the_same_with_text_sampled_linear(make_ui):  # noqa: F811
    ui = make_ui(seat=0)
    game = start_game(ui, "singsing", ("Anna", "Ben", "Cleo"), options={"seconds": 120})
    act(ui, "start_timer")
    ui.app.root.ids.toast.hide()
    ui.pump(2)
    assert game.countdown.ids.digits.text == "2:00"
    assert same_with_text_linear()


def test_a_label_samples_its_text_nearest_whatever_it_says(make_ui):  # noqa: F811
    from kivy.uix.label import Label
    label = Label(text="Anna")
    label.texture_update()
    assert label.texture.mag_filter == label.texture.min_filter == "nearest"
    label.text = "Benedikt rolls"       # longer: a new texture
    label.texture_update()
    assert label.texture.mag_filter == label.texture.min_filter == "nearest"
