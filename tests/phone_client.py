"""A phone without a browser: a WebSocket client (websocket-client) speaking the phones'
protocol to the table built in the test, pumping Kivy's clock while it waits."""
from __future__ import annotations

import itertools
import json
import time
from urllib.parse import urlsplit

import websocket

_ids = itertools.count(1)

# How long a phone waits for a message: a deadline, not a timing (only a failing test waits it
# out), and long enough for a machine busy with other work (5 s was not, with 4 workers and more).
DEADLINE = 30.0


class PhoneClient:
    def __init__(self, address: str, pump=lambda: None, hello=True):
        parts = urlsplit(address)
        self.origin = f"http://{parts.netloc}"
        self.key = parts.path.strip("/")
        self.pump = pump
        self.ws = websocket.create_connection(f"ws://{parts.netloc}/ws", timeout=5, origin=self.origin)
        self.ws.settimeout(0.005)
        self.got: list[dict] = []
        self.seat_key = None
        self.seat = None
        if hello:
            self.send(type="hello", join=self.key)
            self.welcome = self.wait(lambda m: m["type"] in ("welcome", "refused"))

    def send(self, **message) -> None:
        self.ws.send(json.dumps(message))

    def send_raw(self, data) -> None:
        if isinstance(data, bytes):
            self.ws.send_binary(data)
        else:
            self.ws.send(data)

    def act(self, **message) -> str:
        msg = message.pop("msg", None) or f"m{next(_ids)}"
        self.send(msg=msg, **message)
        return msg

    def answer(self, msg: str, seconds: float = DEADLINE) -> dict:
        return self.wait(lambda m: m.get("msg") == msg and m["type"] in ("ack", "refused"), seconds)

    def _read(self) -> bool:
        try:
            data = self.ws.recv()
        except websocket.WebSocketTimeoutException:
            return False
        if not data:
            return False
        message = json.loads(data)
        if message.get("type") == "welcome":
            self.seat_key, self.seat = message["seat_key"], message["seat"]
        self.got.append(message)
        return True

    def wait(self, match, seconds: float = DEADLINE) -> dict:
        """The first message not yet taken that matches (taken now), pumping the table meanwhile."""
        end = time.monotonic() + seconds
        seen = 0
        while time.monotonic() < end:
            while seen < len(self.got):
                message = self.got[seen]
                if match(message):
                    del self.got[seen]
                    return message
                seen += 1
            self.pump()
            self._read()
        raise AssertionError(f"no such message in {seconds} s; got {self.got[-5:]}")

    def view(self, match=lambda v: True, seconds: float = DEADLINE) -> dict:
        return self.wait(lambda m: m["type"] == "view" and match(m["view"]), seconds)["view"]

    def drain(self, seconds: float = 0.05) -> list[dict]:
        end = time.monotonic() + seconds
        while time.monotonic() < end:
            self.pump()
            self._read()
        got, self.got = self.got, []
        return got

    def close(self) -> None:
        self.ws.close()
