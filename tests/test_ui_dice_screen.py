"""The dice table screen (ui/screens/dice.py): what the big die shows as the turn passes."""
import pytest

from ui_fixtures import kivy_window, look, make_ui, start_game  # noqa: F401
from ui import theme

pytestmark = pytest.mark.ui


def test_the_last_roll_is_dimmed_once_the_turn_passes_and_bright_again_after_undo(make_ui):
    ui = make_ui(seat=0)
    dice = start_game(ui, "dice", ("Anna", "Ben"))
    number = dice.die.children[-1]                     # the die's big number
    ui.tap(dice.die)
    face = str(ui.app.session.rolls()[-1].dice[0])
    assert dice.die.big == face and not dice.die.stale and list(number.color) == list(theme.TEXT)

    ui.tap(dice.pass_btn)                              # Ben's turn: Anna's roll is not his
    assert dice.headline.text == "Ben's turn"
    assert dice.die.big == face and dice.die.stale and list(number.color) == list(theme.TEXT_OFF)
    ui.app.root.ids.toast.hide()
    look(ui, "dice-previous-roll-dimmed")

    ui.tap(dice.undo_btn)                              # back to Anna, who rolled it
    assert not dice.die.stale and list(number.color) == list(theme.TEXT)
