"""Phones at the table, as a user switches them on (issue 34 item 1): off by default, so
no Phones button and no server; On in Settings starts the server at once, the table
view's top bar gets its Phones button, and the dialog it opens shows the code and the
address a phone joins by; Off stops the server and the button goes."""
import pytest

from companion.config import Config, Phones
from ui_fixtures import kivy_window, look, make_ui, start_game  # noqa: F401

pytestmark = pytest.mark.ui


def test_phones_are_switched_on_in_settings_and_the_table_shows_how_to_join(make_ui):
    ui = make_ui(config=Config(phones=Phones(enabled=False, port=0)))   # port 0: any free one, for the test
    start_game(ui, "snitch", ("Anna", "Ben", "Cleo", "Dora"))
    game = ui.ids("game")
    phones = ui.app.table.phones
    assert game.phones_btn.opacity == 0 and game.phones_btn.width == 0 and phones.server is None   # off by default

    ui.app.table.go("settings")
    settings = ui.ids("settings")
    assert settings.phones_off.tone == "selected"
    ui.tap(settings.phones_on)
    assert ui.app.store.get_setting("phones.enabled") is True and settings.phones_on.tone == "selected"
    assert phones.server is not None                   # listening now, no restart

    ui.app.table.go("game")
    ui.pump(2)
    assert game.phones_btn.opacity == 1 and game.phones_btn.text == "Phones"
    ui.app.root.ids.toast.hide()
    look(ui, "phones-switch-1-table")
    ui.tap(game.phones_btn)
    dialog = ui.modal()
    assert dialog is phones.dialog and dialog.address == phones.address() and dialog.address.startswith("http://")
    look(ui, "phones-switch-2-dialog", dialog)
    dialog.dismiss()
    ui.pump(1)

    ui.app.table.go("settings")
    ui.tap(settings.phones_off)
    assert phones.server is None                       # the port is closed again
    ui.app.table.go("game")
    ui.pump(2)
    assert game.phones_btn.opacity == 0


def test_the_dice_tables_phones_button_opens_the_code(make_ui):
    ui = make_ui(config=Config(phones=Phones(enabled=True, port=0)))
    assert ui.app.table.phones.open(host="127.0.0.1") is not None    # as the app does after its first frame
    dice = start_game(ui, "dice", ("Anna", "Ben", "Cleo"))
    ui.pump(2)
    # a table sitting down with phones on sees the code by itself, once for the game
    shown = ui.modal()
    assert shown is ui.app.table.phones.dialog and shown.address.startswith("http://")
    look(ui, "phones-switch-3-dice-code-by-itself", shown)
    shown.dismiss()
    ui.pump(2)
    assert ui.modal() is None              # once: not again at the next step
    ui.app.screen("dice").refresh()           # the next refresh (a roll) does not bring it back
    ui.pump(2)
    assert ui.modal() is None
    assert dice.phones_btn.opacity == 1 and dice.phones_btn.width > 0
    ui.tap(dice.phones_btn)
    dialog = ui.modal()
    assert dialog is ui.app.table.phones.dialog and dialog.address.startswith("http://")
    dialog.dismiss()
