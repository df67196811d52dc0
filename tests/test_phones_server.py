"""The phones' server without the table: keys, seats, at most 8 phones, every message
checked, a flood cut, a retry applied once, a view only to its seat's phone, nothing
secret in the log. The server is real (aiohttp on its thread); the table is a stub
that answers every act at once."""
import json
import logging
import socket
import threading
from concurrent.futures import Future

import pytest
import websocket

from hardware.phones import messages
from hardware.phones.registry import MAX_PHONES, Refused, Registry, TokenBucket
from hardware.phones.server import PhoneServer


# -- keys and seats (the registry, no network) ----------------------------------------------
def test_keys_are_128_bit_random_and_new_with_every_game():
    registry = Registry()
    first = registry.join_key
    assert len(first) >= 22 and first.replace("-", "").replace("_", "").isalnum()
    phone = registry.join(first)
    other = registry.join(first)
    assert phone.seat_key != other.seat_key and len(phone.seat_key) >= 22
    gone = registry.new_game()
    assert set(gone) == {phone, other} and registry.join_key != first
    with pytest.raises(Refused) as refused:
        registry.join(first)
    assert refused.value.key == "old_code"
    with pytest.raises(Refused):
        registry.rejoin(phone.seat_key)


def test_a_held_seat_cannot_be_taken_and_is_kept_through_a_drop():
    registry = Registry()
    anna, ben = registry.join(registry.join_key), registry.join(registry.join_key)
    registry.take(anna, 0, seats=3)
    with pytest.raises(Refused) as refused:
        registry.take(ben, 0, seats=3)
    assert refused.value.key == "seat_held" and ben.seat is None
    for bad in (3, -1, True, "0"):
        with pytest.raises(Refused):
            registry.take(ben, bad, seats=3)
    registry.drop(anna)
    assert registry.seated()[0] is anna and not anna.connected
    registry.drop(ben)                       # a waiting phone that drops is forgotten
    assert registry.phones() == [anna]
    assert registry.rejoin(anna.seat_key) is anna and anna.connected and anna.seat == 0
    with pytest.raises(Refused):
        registry.rejoin("x" * 22)


def test_the_pi_gives_and_releases_seats():
    registry = Registry()
    phone = registry.join(registry.join_key)
    registry.assign(phone.number, 2)
    assert registry.holder(2) is phone
    old_key = phone.seat_key
    assert registry.release(2) is phone and phone.seat is None and phone.seat_key != old_key
    with pytest.raises(Refused):
        registry.rejoin(old_key)             # the released seat's key reaches nothing


def test_at_most_eight_phones():
    registry = Registry()
    for _ in range(MAX_PHONES):
        registry.join(registry.join_key)
    with pytest.raises(Refused) as refused:
        registry.join(registry.join_key)
    assert refused.value.key == "full" and MAX_PHONES == 8


def test_a_message_id_is_applied_once():
    registry = Registry()
    phone = registry.join(registry.join_key)
    assert phone.recall("m1") == ("new", None)
    assert phone.recall("m1") == ("pending", None)
    phone.answered("m1", {"type": "ack", "msg": "m1"})
    assert phone.recall("m1") == ("done", {"type": "ack", "msg": "m1"})


def test_a_flood_is_cut_to_the_rate():
    now = [0.0]
    bucket = TokenBucket(rate=20, burst=40, clock=lambda: now[0])
    allowed = 0
    for n in range(1000):                   # 1,000 messages in one second
        now[0] = n / 1000
        allowed += bucket.allow()
    assert allowed <= 40 + 20 + 1
    now[0] = 10.0                            # after a pause a player's taps pass again
    assert bucket.allow()


# -- what a phone may send -------------------------------------------------------------------
@pytest.mark.parametrize("text, key", [
    ("x" * 3000, "too_big"),
    ("{not json", "not_json"),
    ("[1, 2]", "not_json"),
    ('"hello"', "not_json"),
    ('{"type": "launch"}', "unknown_type"),
    ('{"kind": "button"}', "unknown_type"),
    ('{"type": "button", "msg": "m1"}', "bad_field"),                       # no button
    ('{"type": "button", "msg": "m1", "id": 1}', "bad_field"),
    ('{"type": "button", "msg": "m 1", "id": "main"}', "bad_field"),        # an id with a space
    ('{"type": "button", "msg": "m1", "id": "main", "extra": 1}', "bad_field"),
    ('{"type": "vote", "msg": "m1", "seat": true}', "bad_field"),
    ('{"type": "vote", "msg": "m1", "seat": 1.5}', "bad_field"),
    ('{"type": "vote", "msg": "m1", "seat": 100000}', "bad_field"),
    ('{"type": "form", "msg": "m1", "id": "stash", "args": {"a": {"b": {"c": {"d": 1}}}}}', "bad_field"),
    ('{"type": "form", "msg": "m1", "id": "stash", "args": {"a": "' + "y" * 300 + '"}}', "bad_field"),
    ('{"type": "hello"}', "bad_field"),
    ('{"type": "hello", "join": "a", "seat_key": "b"}', "bad_field"),
    ('{"type": "take", "seat": "1"}', "bad_field"),
])
def test_bad_messages_are_refused_with_a_reason(text, key):
    with pytest.raises(Refused) as refused:
        messages.parse(text)
    assert refused.value.key == key


def test_good_messages_pass_as_they_are():
    for message in ({"type": "button", "msg": "m1", "id": "main"}, {"type": "vote", "msg": "a-2", "seat": 3},
                    {"type": "form", "msg": "x", "id": "stash", "args": {"item": "file", "n": 2}},
                    {"type": "hello", "join": "k" * 22}, {"type": "take", "seat": 0}, {"type": "ping"}):
        assert messages.parse(json.dumps(message)) == message


# -- the server, on its thread --------------------------------------------------------------
class StubTable:
    """Answers every act at once (ack), counting them."""

    def __init__(self):
        self.acts: list = []
        self.lock = threading.Lock()

    def act(self, seat, message) -> Future:
        with self.lock:
            self.acts.append((seat, message))
        future = Future()
        future.set_result({"type": "ack"})
        return future


@pytest.fixture
def server():
    table = StubTable()
    server = PhoneServer(0, table.act, host="127.0.0.1", words={"refused.full": "8 phones already"}).start()
    server.table = table
    yield server
    server.stop()


class Client:
    def __init__(self, server, origin=None, hello=True):
        self.ws = websocket.create_connection(f"ws://127.0.0.1:{server.port}/ws", timeout=5,
                                              origin=origin or f"http://127.0.0.1:{server.port}")
        self.got = []
        if hello:
            self.send(type="hello", join=server.registry.join_key)
            self.welcome = self.next("welcome", "refused")

    def send(self, **message):
        self.ws.send(json.dumps(message))

    def next(self, *types, timeout=5.0):
        self.ws.settimeout(timeout)
        while True:
            message = json.loads(self.ws.recv())
            if message["type"] in types:
                return message
            self.got.append(message)

    def close(self):
        self.ws.close()


def seated(server, seat):
    client = Client(server)
    server.publish({}, {"seats": [{"seat": s, "held": False} for s in range(4)], "game": "g"})
    client.send(type="take", seat=seat)
    assert client.next("welcome")["seat"] == seat
    return client


def test_a_retry_is_applied_once_and_answered_twice(server):
    phone = seated(server, 0)
    for _ in range(2):
        phone.send(type="button", msg="tap-1", id="main")
        assert phone.next("ack", "refused") == {"type": "ack", "msg": "tap-1"}
    assert server.table.acts == [(0, {"type": "button", "msg": "tap-1", "id": "main"})]


def test_a_flood_from_one_phone_is_cut_and_the_others_go_on(server):
    flood, calm = seated(server, 0), seated(server, 1)
    for n in range(1000):
        flood.send(type="button", msg=f"f{n}", id="main")
    calm.send(type="button", msg="c1", id="done")
    assert calm.next("ack") == {"type": "ack", "msg": "c1"}
    refused = flood.next("refused", timeout=10)
    assert refused["key"] == "slow_down"
    import time
    floods = []
    for _ in range(500):                     # every one of the thousand read (applied or cut)
        floods = [a for a in server.table.acts if a[0] == 0]
        if len(floods) + server.flood_cut >= 1000:
            break
        time.sleep(0.02)
    assert 1 <= len(floods) <= 100 and len(floods) + server.flood_cut == 1000


def test_a_bad_message_is_refused_and_changes_nothing(server):
    phone = seated(server, 0)
    phone.ws.send_binary(b"\x00\x01")
    assert phone.next("refused")["key"] == "not_text"
    phone.send(type="button", msg="m1", id="main", cheat=True)
    assert phone.next("refused")["key"] == "bad_field"
    phone.ws.send("{" * 1000)
    assert phone.next("refused")["key"] == "not_json"
    assert server.table.acts == []


def test_a_ninth_phone_is_refused(server):
    phones = [Client(server) for _ in range(8)]
    assert all(p.welcome["type"] == "welcome" for p in phones)
    ninth = Client(server)
    assert ninth.welcome == {"type": "refused", "key": "full", "words": "8 phones already"}
    for p in phones + [ninth]:
        p.close()


def test_another_sites_page_cannot_open_a_socket(server):
    with pytest.raises(websocket.WebSocketBadStatusException) as refused:
        Client(server, origin="http://evil.example", hello=False)
    assert refused.value.status_code == 403


def test_each_seat_gets_its_own_view_and_a_dropped_phone_catches_up(server):
    anna, ben = seated(server, 0), seated(server, 1)
    server.publish({0: {"v": 1, "private": ["Anna's secret"]}, 1: {"v": 1, "private": ["Ben's secret"]}},
                   {"seats": [], "game": "g"})
    assert anna.next("view")["view"]["private"] == ["Anna's secret"]
    assert ben.next("view")["view"]["private"] == ["Ben's secret"]
    key = anna.welcome["seat_key"] if anna.welcome["seat"] == 0 else None
    key = key or server.registry.holder(0).seat_key
    anna.close()
    server.publish({0: {"v": 2, "private": ["Anna's secret"]}, 1: {"v": 2, "private": ["Ben's secret"]}},
                   {"seats": [], "game": "g"})
    back = Client(server, hello=False)
    back.send(type="hello", seat_key=key)
    assert back.next("welcome")["seat"] == 0
    assert back.next("view")["view"] == {"v": 2, "private": ["Anna's secret"]}
    assert all("Ben" not in json.dumps(m) for m in back.got + anna.got)


def test_the_keys_never_reach_the_log_and_the_port_closes_when_stopped(caplog):
    caplog.set_level(logging.DEBUG)
    table = StubTable()
    server = PhoneServer(0, table.act, host="127.0.0.1").start()
    port = server.port
    phone = seated(server, 0)
    import urllib.request
    with urllib.request.urlopen(f"http://127.0.0.1:{port}/{server.registry.join_key}") as page:
        html = page.read().decode()
        assert page.headers["Referrer-Policy"] == "no-referrer" and "app.js" in html
    phone.send(type="button", msg="m1", id="main")
    phone.next("ack")
    keys = (server.registry.join_key, server.registry.holder(0).seat_key)
    server.stop()
    assert not any(key in record.getMessage() for record in caplog.records for key in keys)
    with pytest.raises(OSError):
        socket.create_connection(("127.0.0.1", port), timeout=1)


def test_a_port_in_use_is_said_plainly():
    taken = socket.socket()
    taken.bind(("127.0.0.1", 0))
    taken.listen()
    try:
        with pytest.raises(Exception) as failed:
            PhoneServer(taken.getsockname()[1], StubTable().act, host="127.0.0.1").start()
        assert "in use by another program" in str(failed.value)
    finally:
        taken.close()
