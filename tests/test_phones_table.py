"""Phones at the table, end to end without a browser: the table built offscreen runs the
phones' server on its own thread; WebSocket clients join, take seats, roll, vote in
secret and come back after a drop. What each phone is sent is companion.phones'."""
import pytest

from companion.config import Config, Phones
from phone_client import PhoneClient
from ui_fixtures import kivy_window, make_ui, start_game, to_gun_vote  # noqa: F401

pytestmark = pytest.mark.ui


def phones_on(make_ui, lang="en", seat=0):
    ui = make_ui(seat=seat, config=Config(language=lang, phones=Phones(enabled=True, port=0)))
    assert ui.app.table.phones.open(host="127.0.0.1") is not None, ui.app.table.phones.failure
    return ui


def phone(ui, hello=True):
    return PhoneClient(ui.app.table.phones.address(), pump=lambda: ui.pump(1), hello=hello)


def test_a_phone_takes_a_seat_and_rolls_for_it(make_ui):
    ui = phones_on(make_ui)
    start_game(ui, "dice", ("Anna", "Ben"))
    anna = phone(ui)
    assert anna.welcome["type"] == "welcome" and anna.welcome["seat"] is None
    lobby = anna.wait(lambda m: m["type"] == "lobby" and m["seats"])
    assert [s["name"] for s in lobby["seats"]] == ["Anna", "Ben"]
    anna.send(type="take", seat=0)
    assert anna.wait(lambda m: m["type"] == "welcome")["seat"] == 0
    view = anna.view()
    assert view["you"] == 0 and view["players"][0]["turn"]
    head = ui.app.table.session.head
    msg = anna.act(type="button", id="main")
    assert anna.answer(msg)["type"] == "ack"
    assert ui.app.table.session.head == head + 1          # committed before the ack
    assert anna.view(lambda v: v["v"] == head + 1)
    anna.close()


def open_dialog(ui):
    from ui.dialogs.phones import PhonesDialog
    dialog = PhonesDialog(ui.app.table.phones)
    dialog.open()
    ui.pump(3)
    return dialog


def qr_address(path) -> str:
    """The address in the QR code of a screenshot, read as a phone's camera would."""
    import zxingcpp
    from kivy.core.image import Image as CoreImage
    data = CoreImage(str(path), keep_data=True).image._data[0]      # the PNG's pixels, read by Kivy's SDL2
    form = {"rgba": zxingcpp.ImageFormat.RGBA, "rgb": zxingcpp.ImageFormat.RGB}[data.fmt]
    found = zxingcpp.read_barcodes(zxingcpp.ImageView(data.data, data.width, data.height, form))
    assert [r.format for r in found] == [zxingcpp.BarcodeFormat.QRCode], found
    return found[0].text


def test_the_dialog_shows_the_code_a_phone_joins_with_and_gives_it_a_seat(make_ui):
    ui = phones_on(make_ui)
    start_game(ui, "dice", ("Anna", "Ben", "Cleo"))
    dialog = open_dialog(ui)
    address = qr_address(ui.shot("phones-dialog-en"))
    assert address == ui.app.table.phones.address() == dialog.address
    ben = PhoneClient(address, pump=lambda: ui.pump(1))
    ben.wait(lambda m: m["type"] == "lobby" and m["seats"])
    ui.pump(2)
    rows = list(reversed(dialog.ids.seats.children))
    assert [r.holder for r in rows] == ["free"] * 3 and rows[1].action == "Give to phone 1"
    ui.tap(rows[1].children[0])         # the row's button: Ben's seat to phone 1
    assert ben.wait(lambda m: m["type"] == "welcome")["seat"] == 1
    assert ben.view()["you"] == 1
    rows = list(reversed(dialog.ids.seats.children))
    assert rows[1].holder == "Phone 1" and rows[1].action == "Release"
    ui.shot("phones-dialog-seated-en")
    ui.tap(rows[1].children[0])         # released on the Pi: the phone chooses again
    assert ben.wait(lambda m: m["type"] == "welcome")["seat"] is None
    assert ui.app.table.phones.server.registry.seated() == {}
    ben.close()
