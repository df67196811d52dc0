"""Who is connected, which seat each phone holds, and the keys: pure, thread-safe, no network.

The join key (in the address and the QR code) lets a phone in while this game
lasts; ``new_game`` draws a new one and forgets every phone. A phone that joins
gets its own seat key (kept by its browser): with it a phone that dropped off
the Wi-Fi comes back to its seat. Both are 128-bit random (secrets.token_urlsafe)
and are compared in constant time; neither is ever logged (the server's access
log is off) nor written anywhere.

A phone takes a free seat, or the table gives it one on the Pi (``assign``); it
keeps it until the table releases it or the game ends; another phone cannot take
a seat that is held. At most MAX_PHONES phones are known at once (waiting or seated).
"""
from __future__ import annotations

import secrets
import threading
import time
from collections import OrderedDict
from dataclasses import dataclass, field

KEY_BYTES = 16          # 128 bits, for the join key and every seat key
MAX_PHONES = 8
RECENT_IDS = 64         # message ids remembered per phone: a retry among them is answered, not applied again


class Refused(Exception):
    """A phone's message refused, with the catalogue key that says why (phones.refused.<key>)."""

    def __init__(self, key: str, **params):
        super().__init__(key)
        self.key = key
        self.params = params


def new_key() -> str:
    return secrets.token_urlsafe(KEY_BYTES)


def same_key(given, key: str) -> bool:
    return isinstance(given, str) and given.isascii() and secrets.compare_digest(given, key)


class TokenBucket:
    """At most `rate` messages a second on average, `burst` at once: a flood is cut, a
    player's fast taps are not."""

    def __init__(self, rate: float = 20.0, burst: float = 40.0, clock=time.monotonic):
        self.rate, self.burst, self.clock = rate, burst, clock
        self.tokens = burst
        self.stamp = clock()
        self.dropped = 0            # messages cut since the last one let through

    def allow(self) -> bool:
        now = self.clock()
        self.tokens = min(self.burst, self.tokens + (now - self.stamp) * self.rate)
        self.stamp = now
        if self.tokens >= 1.0:
            self.tokens -= 1.0
            return True
        self.dropped += 1
        return False


@dataclass(eq=False)
class Phone:
    number: int                         # "Phone 3" on the Pi's dialog: the order they came in
    seat_key: str = field(repr=False)
    seat: int | None = None
    connected: bool = True
    _answers: OrderedDict = field(default_factory=OrderedDict, repr=False)   # message id -> answer (None: pending)

    def recall(self, message_id: str):
        """("new", None) for a message not seen before (now pending), ("pending", None)
        while it is being applied, ("done", answer) for one already answered."""
        if message_id in self._answers:
            answer = self._answers[message_id]
            return ("pending", None) if answer is None else ("done", answer)
        self._answers[message_id] = None
        while len(self._answers) > RECENT_IDS:
            oldest = next(iter(self._answers))
            if self._answers[oldest] is None:       # never drop one still being applied
                break
            self._answers.popitem(last=False)
        return "new", None

    def answered(self, message_id: str, answer: dict) -> None:
        self._answers[message_id] = answer


class Registry:
    def __init__(self, token=new_key, max_phones: int = MAX_PHONES):
        self._token = token
        self._lock = threading.RLock()
        self.max_phones = max_phones
        self.join_key = token()
        self._phones: list[Phone] = []
        self._numbers = 0

    # -- the game ----------------------------------------------------------------------
    def new_game(self) -> list[Phone]:
        """A new join key; every phone is forgotten (returned, to be told)."""
        with self._lock:
            self.join_key = self._token()
            gone, self._phones, self._numbers = self._phones, [], 0
            return gone

    # -- a phone comes -----------------------------------------------------------------
    def join(self, join_key) -> Phone:
        with self._lock:
            if not same_key(join_key, self.join_key):
                raise Refused("old_code")
            if len(self._phones) >= self.max_phones:
                raise Refused("full", most=self.max_phones)
            self._numbers += 1
            phone = Phone(self._numbers, self._token())
            self._phones.append(phone)
            return phone

    def rejoin(self, seat_key) -> Phone:
        """A phone back with its seat key (after a drop): the same phone, its seat kept."""
        with self._lock:
            phone = next((p for p in self._phones if same_key(seat_key, p.seat_key)), None)
            if phone is None:
                raise Refused("old_code")
            phone.connected = True
            return phone

    def drop(self, phone: Phone) -> None:
        """Its connection is gone: a seated phone keeps its seat (it may come back), a
        waiting one is forgotten."""
        with self._lock:
            phone.connected = False
            if phone.seat is None and phone in self._phones:
                self._phones.remove(phone)

    # -- seats -------------------------------------------------------------------------
    def take(self, phone: Phone, seat, seats: int) -> None:
        """The phone asks for a seat (it has none yet)."""
        with self._lock:
            if phone not in self._phones:
                raise Refused("old_code")
            if phone.seat is not None:
                raise Refused("has_seat")
            if isinstance(seat, bool) or not isinstance(seat, int) or not 0 <= seat < seats:
                raise Refused("no_seat")
            if self.holder(seat) is not None:
                raise Refused("seat_held")
            phone.seat = seat

    def assign(self, number: int, seat: int) -> Phone:
        """On the Pi: phone `number` (waiting) gets `seat` (free)."""
        with self._lock:
            phone = self.phone(number)
            if phone is None:
                raise Refused("gone")
            if self.holder(seat) is not None:
                raise Refused("seat_held")
            phone.seat = seat
            return phone

    def release(self, seat: int) -> Phone | None:
        """On the Pi: the seat is free again; its phone waits (or is forgotten when offline)."""
        with self._lock:
            phone = self.holder(seat)
            if phone is None:
                return None
            phone.seat = None
            phone.seat_key = self._token()      # the old key no longer reaches the seat
            if not phone.connected:
                self._phones.remove(phone)
            return phone

    # -- reading -----------------------------------------------------------------------
    def holder(self, seat: int) -> Phone | None:
        with self._lock:
            return next((p for p in self._phones if p.seat == seat), None)

    def phone(self, number: int) -> Phone | None:
        with self._lock:
            return next((p for p in self._phones if p.number == number), None)

    def seated(self) -> dict[int, Phone]:
        with self._lock:
            return {p.seat: p for p in self._phones if p.seat is not None}

    def waiting(self) -> list[Phone]:
        with self._lock:
            return [p for p in self._phones if p.seat is None and p.connected]

    def phones(self) -> list[Phone]:
        with self._lock:
            return list(self._phones)
