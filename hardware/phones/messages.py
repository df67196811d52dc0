"""What a phone may send, checked before anything reads it: size, JSON, types.

``parse(text)`` gives the message as a dict, or raises Refused with the key that
says why (phones.refused.<key>); nothing changes for a refused message. A message
for the game is companion.phones' (button, vote, form) with its message id in
"msg": a retry of the same id is answered, not applied again. What a
tap, a vote or a form means for the game is the game's (companion.phones
phone_actions); this only makes sure it is small, well-formed data.
"""
from __future__ import annotations

import json
import re

from .registry import Refused

MAX_BYTES = 2048            # a phone's message is a few dozen bytes
MAX_DEPTH = 4               # {"args": {"item": ...}} at most
MAX_ITEMS = 16              # keys of an object, entries of a list
MAX_TEXT = 200              # characters in one string
ID = re.compile(r"[A-Za-z0-9_.:-]{1,64}")

HELLO, TAKE, PING = "hello", "take", "ping"
BUTTON, VOTE, FORM = "button", "vote", "form"     # companion.phones' messages
ACTS = (BUTTON, VOTE, FORM)     # what goes to the game (phone_actions), each with its message id "msg"
# the fields each type may hold, and each field's check
_FIELDS = {
    HELLO: {"join": str, "seat_key": str},
    TAKE: {"seat": int},
    BUTTON: {"msg": str, "id": str},
    VOTE: {"msg": str, "seat": int},
    FORM: {"msg": str, "id": str, "args": dict},
    PING: {},
}
_NEEDED = {TAKE: ("seat",), BUTTON: ("msg", "id"), VOTE: ("msg", "seat"), FORM: ("msg", "id")}


def parse(text) -> dict:
    if isinstance(text, (bytes, bytearray)):
        raise Refused("not_text")
    if not isinstance(text, str) or len(text) > MAX_BYTES or len(text.encode("utf-8", "replace")) > MAX_BYTES:
        raise Refused("too_big", most=MAX_BYTES)
    try:
        message = json.loads(text)
    except (ValueError, RecursionError):
        raise Refused("not_json") from None
    if not isinstance(message, dict):
        raise Refused("not_json")
    kind = message.get("type")
    if not isinstance(kind, str) or kind not in _FIELDS:
        raise Refused("unknown_type")
    fields = _FIELDS[kind]
    for name, value in message.items():
        if name == "type":
            continue
        want = fields.get(name)
        if want is None:
            raise Refused("bad_field", field=_short(name))
        if not _is(value, want) or not _plain(value, 1):
            raise Refused("bad_field", field=name)
    for name in _NEEDED.get(kind, ()):
        if name not in message:
            raise Refused("bad_field", field=name)
    if "msg" in message and not ID.fullmatch(message["msg"]):
        raise Refused("bad_field", field="msg")
    if kind == HELLO and ("join" in message) == ("seat_key" in message):
        raise Refused("bad_field", field="join")
    return message


def _is(value, want) -> bool:
    if want is int:
        return isinstance(value, int) and not isinstance(value, bool) and -1 <= value <= 99
    return isinstance(value, want)


def _plain(value, depth: int) -> bool:
    """Only small JSON: short strings, small numbers, few items, not deep."""
    if depth > MAX_DEPTH:
        return False
    if value is None or isinstance(value, bool):
        return True
    if isinstance(value, int):
        return -10**9 <= value <= 10**9
    if isinstance(value, float):
        return False
    if isinstance(value, str):
        return len(value) <= MAX_TEXT and value.isprintable()
    if isinstance(value, list):
        return len(value) <= MAX_ITEMS and all(_plain(v, depth + 1) for v in value)
    if isinstance(value, dict):
        return len(value) <= MAX_ITEMS and all(isinstance(k, str) and len(k) <= 40 and _plain(v, depth + 1)
                                               for k, v in value.items())
    return False


def _short(name: str) -> str:
    return name if len(name) <= 40 and name.isprintable() else "?"
