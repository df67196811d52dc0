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


def seated_phone(ui, seat):
    client = phone(ui)
    client.wait(lambda m: m["type"] == "lobby" and m["seats"])
    client.send(type="take", seat=seat)
    assert client.wait(lambda m: m["type"] == "welcome")["seat"] == seat
    client.view()
    return client


def test_phones_and_the_screen_hand_off_mix_in_one_secret_vote(make_ui):
    ui = phones_on(make_ui)
    table = ui.app.table
    table.start_game("snitch", [{"name": n, "colour": c, "letter": n[0]} for n, c in
                                zip(("Anna", "Ben", "Cleo", "Dora"), ("orange", "sky", "green", "yellow"))],
                     {"vote": "secret"})
    anna, ben = seated_phone(ui, 0), seated_phone(ui, 1)
    to_gun_vote(ui.app)
    ui.pump(2)
    assert ui.app.sm.current == "vote"
    assert table.screen_voters() == [2, 3] or set(table.screen_voters()) == {2, 3}   # phones vote on their own
    ballot = table.session.game.ballot(table.session.state)
    anna.answer(anna.act(type="vote", seat=ballot.candidates[1]))
    view = ben.view(lambda v: v["vote"] and "Anna" not in v["vote"]["waiting"])
    assert view["vote"]["voted"] is False and "Ben" in view["vote"]["waiting"]
    assert table.pad_table.has_voted(0)
    assert ben.answer(ben.act(type="vote", seat=ballot.candidates[0]))["type"] == "ack"
    assert table.session.game.ballot(table.session.state) is not None      # nothing counted yet
    for seat in table.screen_voters():
        table.cast_vote(seat, ballot.candidates[0])
    ui.pump(2)
    assert table.session.game.ballot(table.session.state) is None          # all in: the totals went in
    head = table.session.head
    after = anna.view(lambda v: v["v"] == head)
    assert after["vote"] is None
    refused = anna.answer(anna.act(type="vote", seat=0))
    assert refused["type"] == "refused" and refused["words"]


def test_a_new_game_sends_the_phones_away_with_a_new_code(make_ui):
    ui = phones_on(make_ui)
    table = ui.app.table
    start_game(ui, "dice", ("Anna", "Ben"))
    first = table.phones.address()
    anna = seated_phone(ui, 0)
    table.play_again()
    ui.pump(2)
    bye = anna.wait(lambda m: m["type"] == "bye")
    assert bye["key"] == "new_game" and "Scan" in bye["words"]
    assert table.phones.address() != first
    again = phone(ui)
    assert again.welcome["type"] == "welcome"
    old = PhoneClient(first, pump=lambda: ui.pump(1))
    assert old.welcome["type"] == "refused" and old.welcome["key"] == "old_code"


def test_switched_off_the_port_is_closed(make_ui):
    import socket
    ui = phones_on(make_ui)
    port = ui.app.table.phones.server.port
    ui.app.table.phones.switch(False)
    assert ui.app.table.phones.address() == ""
    with pytest.raises(OSError):
        socket.create_connection(("127.0.0.1", port), timeout=1)


def test_the_phones_follow_the_tables_language(make_ui):
    ui = phones_on(make_ui)
    start_game(ui, "dice", ("Anna", "Ben"))
    anna = seated_phone(ui, 0)
    ui.app.table.set_language("de")
    words = anna.wait(lambda m: m["type"] == "words")
    assert words["lang"] == "de" and words["words"]["choose_seat"] == "Welcher Platz ist deiner?"
    assert anna.view(lambda v: v["lang"] == "de")["prompt"] == "Du bist dran"


def test_a_flood_from_one_phone_neither_floods_the_table_nor_stops_the_others(make_ui):
    ui = phones_on(make_ui)
    table = ui.app.table
    start_game(ui, "dice", ("Anna", "Ben"))
    anna, ben = seated_phone(ui, 0), seated_phone(ui, 1)
    head = table.session.head
    import time
    began = time.monotonic()
    for n in range(1000):
        anna.send(type="button", id="main", msg=f"f{n}")
    # deadlines, not timings: on a loaded 2-core CI machine a thousand messages take seconds
    assert anna.wait(lambda m: m["type"] == "refused" and m["key"] == "slow_down", seconds=20)
    assert ben.answer(ben.act(type="button", id="main"), seconds=20)["type"] == "ack"
    anna.drain(0.3)
    rolled = table.session.head - head
    burst, rate = 40, 20                     # the server's limit (PhoneServer rate, burst): not a thousand steps
    assert 2 <= rolled <= burst + rate * (time.monotonic() - began) + 1


def test_the_snitch_stash_is_noted_on_its_owners_phone_alone(make_ui):
    """A failed Scheme leaves a card in its owner's stash; the owner notes the Item on
    the phone: only that phone lists it; the table's screen does not."""
    ui = phones_on(make_ui)
    table = ui.app.table
    names = ("Anna", "Ben", "Cleo", "Dora")
    table.start_game("snitch", [{"name": n, "colour": c, "letter": n[0]} for n, c in
                                zip(names, ("orange", "sky", "green", "yellow"))], {"vote": "secret"})
    phones = [seated_phone(ui, seat) for seat in range(4)]
    owner = 1
    for action in [{"type": "cards_ready"}] + [{"type": "scheme", "player": s, "required": 1} for s in range(4)] + [
            {"type": "pick_guard", "seat": 2}, {"type": "pick_soap", "seat": 0},
            {"type": "play_card", "target": owner}, {"type": "reveal", "repeats": False, "backstabs": 2}]:
        assert table.perform(action).ok, action        # the Scheme fails: a card into Ben's stash
    session = table.session
    phone = phones[owner]
    forms = phone.view(lambda v: v["v"] == session.head)["forms"]
    item = next(f for f in forms if f["id"] == "record_item")["fields"][0]
    choice = item["choices"][0]
    answer = phone.answer(phone.act(type="form", id="record_item", args={item["name"]: choice["value"]}))
    assert answer["type"] == "ack", answer
    head = session.head
    assert any(choice["label"] in line for line in phone.view(lambda v: v["v"] == head)["private"])
    for seat, other in enumerate(phones):
        if seat != owner:
            assert other.view(lambda v: v["v"] == head)["private"] == []
    assert not any(choice["label"] in text for text in ui.texts())       # not on the table's screen


def test_a_failure_applying_a_phones_message_is_refused_in_words_and_logged_without_it(make_ui, caplog, monkeypatch):
    import logging

    from companion import phones as core
    ui = phones_on(make_ui)
    start_game(ui, "dice", ("Anna", "Ben"))
    anna = seated_phone(ui, 0)

    def broken(session, seat, message, pads=None, lang="en"):
        raise RuntimeError(f"secret {message}")
    monkeypatch.setattr(core, "phone_actions", broken)
    caplog.set_level(logging.DEBUG)
    head = ui.app.table.session.head
    answer = anna.answer(anna.act(type="button", id="main"))
    assert answer["type"] == "refused" and answer["words"] == "The table could not do that. Try again."
    assert ui.app.table.session.head == head
    assert "RuntimeError" in caplog.text and "secret" not in caplog.text


def test_phones_are_off_by_default_and_the_dialog_says_how_to_switch_them_on(make_ui):
    ui = make_ui()
    phones = ui.app.table.phones
    assert Config().phones.enabled is False
    assert phones.open() is None and phones.server is None and phones.address() == ""
    dialog = open_dialog(ui)
    assert dialog.ids.qr.opacity == 0 and dialog.address == ""
    assert "[phones] enabled = true" in dialog.note
    ui.shot("phones-dialog-off-en")


def test_a_setting_switches_phones_on_and_off_at_once(make_ui):
    """What the Settings switch does (once ui/prefs.py lists phones.enabled): saved, then at once."""
    import socket
    ui = make_ui(config=Config(phones=Phones(enabled=False, port=0)))
    table = ui.app.table
    table.phones.options = {"host": "127.0.0.1"}
    assert table.phones.server is None
    assert table.change_setting("phones.enabled", True) is None
    server = table.phones.server
    assert server is not None and server.running
    port = server.port
    socket.create_connection(("127.0.0.1", port), timeout=2).close()
    assert table.change_setting("phones.enabled", False) is None
    assert table.phones.server is None
    with pytest.raises(OSError):
        socket.create_connection(("127.0.0.1", port), timeout=1)


def test_the_terminal_is_told_phones_are_on_without_the_key(make_ui):
    from ui.start import start_summary
    ui = phones_on(make_ui)
    lines = start_summary(ui.app, "config.toml", [])
    assert any(line.startswith("  Phones at the table: on, port 0") for line in lines)
    assert ui.app.table.phones.server.registry.join_key not in "\n".join(lines)
