"""The bar's big buttons keep the words of their last two looks (ui/widgets/buttons.py
KeptLooks): "End turn" large while it is the only step and normal beside "Play a
card", back and forth all game, each drawn once; what a player reads is the words of
the look the button has now, never another's."""
import pytest
from ui_fixtures import kivy_window, make_ui  # noqa: F401  (fixtures)

pytestmark = pytest.mark.ui


def test_a_big_button_back_in_a_look_shows_its_words_without_drawing_them_again(make_ui):  # noqa: F811
    from kivy.uix.anchorlayout import AnchorLayout

    from ui.widgets.buttons import BigButton
    ui = make_ui()
    holder = AnchorLayout()
    button = BigButton(text="End turn", size_hint=(None, None), size=(150, 64))
    holder.add_widget(button)
    ui.app.root.add_widget(holder)

    def look(text, width, big):
        button.text, button.width, button.big = text, width, big
        ui.pump(2)
        return button.texture, bytes(button.texture.pixels), tuple(button.texture_size)
    try:
        normal = look("End turn", 150, False)
        large = look("End turn", 580, True)
        assert large[2] != normal[2]                       # at 30 px, wider: drawn anew
        assert look("End turn", 150, False) == normal      # its texture again, its words as drawn
        assert look("End turn", 580, True) == large
        other = look("Play a card", 580, True)             # a third look: the oldest forgotten
        assert other[1] != large[1]
        assert look("End turn", 580, True) == large        # the one before still kept, its words intact
        again = look("End turn", 150, False)               # drawn again, into a texture of its own
        assert again[1:] == normal[1:]
        assert look("Play a card", 580, True)[1:] == other[1:]
    finally:
        ui.app.root.remove_widget(holder)
