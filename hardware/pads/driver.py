"""The seat pads over USB serial: find them, read them, light them.

``PadHub(config, on_event, on_status)`` looks after every pad:

* a watcher thread polls every ``POLL`` seconds for pads: USB serial ports
  with the configured vendor and product id (``serial.tools.list_ports``),
  plus the ports named in the config (``/dev/serial/by-id/...`` paths, glob
  patterns such as ``/dev/cellmate/pad-*``, or pyserial URLs like
  ``loop://``), and opens each new one with a ``serial.threaded.ReaderThread``
  whose protocol, ``PadLink``, frames the lines;
* the host says ``HELLO CELLPAD/1`` and the pad answers with its id, the seat
  it remembers and its firmware; from then on its button events reach
  ``on_event`` as ``PadEvent`` values, attributed to the pad's seat (a few that
  come before the HELLO, a press as the port opens, are held for it);
* a pad pulled out is seen at once by the failing read (and at the latest
  by the next poll, when its device is gone): its seat goes offline and
  ``on_status`` says so. Plugged in again, it is opened again, says hello,
  gets its seat back by its id and its LED as it was;
* LEDs are set per seat (``set_led``, ``apply_leds``); a sender thread writes
  them, so the caller never waits on a port;
* seats are claimed on the pads themselves (``begin_claim``): the next
  press on a pad without a seat takes the seat being claimed.

Bad input (garbage bytes, overlong lines, unknown commands, a wrong protocol
version, two pads claiming one seat, a flood of events) is logged once per pad
and reason, counted in ``problems()``, and otherwise ignored: it changes no
seat, sends no event and never stops a thread. Bytes a pad broke off without
their newline do not take its next line with them: that line is still read.

Threads: ``on_event`` and ``on_status`` are called from the hub's threads, one
call at a time and in the order things happened. The app wraps them with
``hardware.mainthread.to_main_thread`` (``open_pads`` does that).
"""
from __future__ import annotations

import collections
import glob
import logging
import os
import shutil
import tempfile
import threading
import time
from dataclasses import dataclass, replace
from typing import Callable, Iterable

import serial
import serial.threaded
from serial.tools import list_ports

from companion.closing import Closing
from companion.pads import (CONNECTING, IGNORED, INCOMPATIBLE, OFF, OFFLINE, ONLINE,  # noqa: F401  (PadStatus.state)
                            Led, SeatClaims)

from . import protocol as p

log = logging.getLogger(__name__)

POLL = 1.0                  # seconds between looks for pads coming and going (a pulled pad is seen at once by its read)
RESCAN_EVERY = 10.0         # seconds: the USB ports are listed again at least this often, /dev changed or not
HELLO_RETRY = 1.0           # ask again for a HELLO this often ...
HELLO_GIVE_UP = 5.0         # ... and give up on a port that never answers (not a pad?)
REOPEN_AFTER = 1.0          # a port that failed to open (or died) is tried again after this
WRITE_TIMEOUT = 0.5         # a write that cannot finish in this long marks the pad dead
BAUD = 115200               # USB CDC ignores it; a UART adapter would not
EVENT_RATE, EVENT_BURST = 20.0, 30      # button events per second per pad (a human does < 10)
LINE_RATE, LINE_BURST = 200.0, 400      # any lines per second per pad; beyond it lines are dropped
CLAIM_LED = Led("ffffff", "fast")       # a pad without a seat while seats are being claimed
EARLY_EVENTS = 8            # button events before the pad's HELLO held for it (a press as the port opens)


# problems beyond the parser's reasons (protocol.REASONS)
FLOOD = "flood"
NO_HELLO = "no_hello"           # more events before HELLO than are held for it, or no answer to it
BROKEN_LINE = "broken_line"     # bytes without their LF before a pad's line: dropped, the line read
SEAT_TAKEN = "seat_taken"       # two pads claim one seat
DUPLICATE_ID = "duplicate_id"
OUT_OF_ORDER = "out_of_order"
EVENTS_LOST = "events_lost"
PAD_ERROR = "pad_error"         # the pad answered ERR
OPEN_FAILED = "open_failed"
DISCONNECTED = "disconnected"
INTERNAL = "internal"


@dataclass(frozen=True)
class PadEvent:
    """A button going down or up on a pad that holds a seat."""
    seat: int                   # 0-based, as in the games
    pad_id: str
    button: int                 # 1 MAIN, 2 DONE, 3 EXTRA (companion.pads)
    down: bool
    seq: int


@dataclass(frozen=True)
class PadStatus:
    """One pad (or one port that is not a pad yet) as the screen shows it."""
    pad_id: str | None
    port: str | None
    seat: int | None
    state: str                  # CONNECTING, ONLINE, OFFLINE, INCOMPATIBLE, IGNORED
    fw: str | None = None
    buttons: int = 0
    problem: str | None = None  # the last thing that went wrong, in words
    seat_taken: int | None = None   # the seat it says it has, held by another pad (refused)

    @property
    def online(self) -> bool:
        return self.state == ONLINE


class _Bucket:
    """A token bucket: ``take(now)`` is False once more than ``rate`` a
    second (after a burst of ``burst``) have been taken."""

    def __init__(self, rate: float, burst: float):
        self.rate, self.burst = rate, burst
        self.tokens = burst
        self.at: float | None = None

    def take(self, now: float) -> bool:
        if self.at is not None:
            self.tokens = min(self.burst, self.tokens + (now - self.at) * self.rate)
        self.at = now
        if self.tokens >= 1:
            self.tokens -= 1
            return True
        return False


class _Port:
    """One open serial port and what it has told us."""

    def __init__(self, key: str, path: str, now: float, limits=(EVENT_RATE, EVENT_BURST, LINE_RATE, LINE_BURST)):
        self.key = key                  # realpath of the device, or the URL
        self.path = path                # as found or configured
        self.transport = None           # ReaderThread (or any object with write(bytes))
        self.thread: serial.threaded.ReaderThread | None = None
        self.state = CONNECTING
        self.pad_id: str | None = None
        self.hello: p.Hello | None = None
        self.opened = now
        self.hello_asked = None
        self.alive = True
        self.last_seq: int | None = None
        self.events = _Bucket(limits[0], limits[1])
        self.lines = _Bucket(limits[2], limits[3])
        self.swallow: set[int] = set()  # buttons whose next UP ends a claiming press
        self.early: list[p.Button] = [] # button events before the HELLO, taken once it comes
        self.managed = True             # False: attached by hand, the watcher leaves it alone
        self.outbox: collections.deque[bytes] = collections.deque()
        self.led_dirty = False
        self.led_sent: Led | None = None
        self.problem: str | None = None

    @property
    def who(self) -> str:
        """Who problems are counted (and logged once) for: the pad, else the port."""
        return f"pad {self.pad_id}" if self.pad_id else self.path


class PadLink(serial.threaded.Protocol):
    """The protocol object of one port's ReaderThread: it frames the lines (on
    ``\\n``) and hands each to the hub as bytes.

    A line that grows past ``MAX_LINE`` bytes is reported as it comes in and not
    buffered without bound: only its last bytes are kept, as many as a whole line
    takes, so that a pad's line that ends it (after bytes broken off without their
    LF) is still read (``PadHub._line``, ``protocol.parse_tail``)."""

    KEEP = p.MAX_LINE + 2       # the end of an overlong line kept: a whole line, its CR, one byte before it

    def __init__(self, hub: "PadHub", port: _Port):
        self.hub = hub
        self.port = port
        self.transport = None
        self.buffer = bytearray()   # the line not ended yet
        self._overlong = False      # the line being read has lost its beginning

    def connection_made(self, transport):
        self.transport = transport
        self.port.transport = transport

    def data_received(self, data):
        buffer = self.buffer
        buffer.extend(data)
        start = 0
        while True:
            end = buffer.find(b"\n", start)
            if end < 0:
                break
            line = bytes(buffer[start:end])
            start = end + 1
            overlong, self._overlong = self._overlong, False
            self.hub._line(self.port, line, overlong)
        del buffer[:start]
        if len(buffer) > p.MAX_LINE + 1:          # + 1: a CR before the LF
            if not self._overlong:
                self._overlong = True
                self.hub._refused(self.port, p.ProtocolError(p.TOO_LONG, f"more than {p.MAX_LINE} bytes"))
            del buffer[:-self.KEEP]

    def connection_lost(self, exc):
        self.transport = None               # (not re-raised: the hub logs it)
        self.hub._lost(self.port, exc)


class _ReaderThread(serial.threaded.ReaderThread):
    """pyserial's reader, whose loop asks ``in_waiting`` before each read outside its
    own error handling: a pad pulled between two reads fails there with an OSError
    (EIO), which ended the thread with a traceback and never told the protocol. Here
    that too is the connection lost, as a failing read is."""

    def run(self):
        try:
            super().run()
        except OSError as exc:
            self.alive = False
            protocol, self.protocol = self.protocol, None
            if protocol is not None:
                protocol.connection_lost(exc)


def _check_led(seat, led):
    if isinstance(seat, bool) or not isinstance(seat, int) or not 0 <= seat < p.MAX_SEAT:
        raise ValueError(f"a seat is 0 to {p.MAX_SEAT - 1}, not {seat!r}")
    if not isinstance(led, Led):
        raise TypeError(f"an LED is a companion.pads.Led, not {led!r}")


class _ScanWhenDevChanges:
    """USB serial ports as pyserial lists them (it reads sysfs: ~1 ms of CPU a poll),
    read again only when /dev changed (a device node came or went) or at least every
    RESCAN_EVERY seconds; in between the last list holds."""
    DEV = "/dev"

    def __init__(self, scan: Callable[[], list] = list_ports.comports, clock: Callable[[], float] = time.monotonic):
        self._scan, self._clock = scan, clock
        self._stamp = None
        self._at = 0.0
        self._ports: list = []

    def __call__(self) -> list:
        try:
            stamp = os.stat(self.DEV).st_mtime_ns
        except OSError:
            stamp = None
        now = self._clock()
        if stamp is None or stamp != self._stamp or now - self._at >= RESCAN_EVERY:
            self._ports = list(self._scan())
            self._stamp, self._at = stamp, now
        return self._ports


def _pads_config(config):
    return getattr(config, "pads", config)


class PadHub(Closing):
    """Every seat pad: see the module's doc. ``config`` is ``Config`` or its
    ``pads`` section. ``ports`` adds more names to look at (a callable giving
    them is asked on every poll)."""

    def __init__(self, config, on_event: Callable[[PadEvent], object],
                 on_status: Callable[[list[PadStatus]], object] | None = None, *,
                 ports: Iterable[str] | Callable[[], Iterable[str]] = (),
                 assignments: dict[str, int] | None = None,
                 clock: Callable[[], float] = time.monotonic, poll: float = POLL,
                 scan_ports: Callable[[], list] | None = None,
                 event_rate: float = EVENT_RATE, event_burst: float = EVENT_BURST,
                 line_rate: float = LINE_RATE, line_burst: float = LINE_BURST):
        cfg = _pads_config(config)
        self.config = cfg
        self.on_event = on_event
        self.on_status = on_status
        self._extra = ports
        self._clock = clock
        self._poll = poll
        self._scan_ports = scan_ports or _ScanWhenDevChanges()
        self._limits = (event_rate, event_burst, line_rate, line_burst)
        self._lock = threading.RLock()
        self._emit_lock = threading.RLock()   # a callback may call the hub back
        self._outq: collections.deque = collections.deque()
        self._ports: dict[str, _Port] = {}
        self._retry_at: dict[str, float] = {}       # key -> when to try opening again
        self._ignored: dict[str, str] = {}          # key -> path of ports that are not pads (until they vanish)
        self._pads: dict[str, PadStatus] = {}       # by pad id, kept after unplug
        self._want: dict[int, Led] = {}             # seat -> LED
        self.claims = SeatClaims()
        for pad_id, seat in (assignments or {}).items():
            self.claims.assign(pad_id, seat)
            self._pads[pad_id] = PadStatus(pad_id, None, seat, OFFLINE)
        self._problems: collections.Counter = collections.Counter()
        self._logged: set[tuple[str, str]] = set()
        self._stop = threading.Event()
        self._send_cond = threading.Condition(self._lock)
        self._watcher: threading.Thread | None = None
        self._sender: threading.Thread | None = None
        self.simulated: list = []                   # SimulatedPad, with config simulated = N
        self._sim_dir: str | None = None

    # -- life -----------------------------------------------------------------
    def start(self) -> "PadHub":
        if self._watcher is not None:
            return self
        self._stop.clear()
        if self.config.simulated:
            from .simulator import SimulatedPad
            self._sim_dir = tempfile.mkdtemp(prefix="cellmate-pads-")
            self.simulated = [SimulatedPad(f"sim{i + 1}", link_dir=self._sim_dir)
                              for i in range(self.config.simulated)]
        self._sender = threading.Thread(target=self._send_loop, name="cellmate-pads-send", daemon=True)
        self._sender.start()
        self._watcher = threading.Thread(target=self._watch_loop, name="cellmate-pads-watch", daemon=True)
        self._watcher.start()
        return self

    def __enter__(self):
        """`with PadHub(...) as hub:` starts it: a hub does nothing until started, so
        here alone `with` does more than Closing's; its end closes it (Closing)."""
        return self.start()

    def close(self) -> None:
        """The threads stopped, the ports and the simulated pads closed (start() may
        begin again)."""
        self._stop.set()
        with self._send_cond:
            self._send_cond.notify_all()
        for thread in (self._watcher, self._sender):
            if thread is not None:
                thread.join(3)
        self._watcher = self._sender = None
        with self._lock:
            ports = list(self._ports.values())
            self._ports.clear()
        for port in ports:
            port.alive = False
            self._close(port)
        for pad in self.simulated:
            pad.close()
        self.simulated = []
        if self._sim_dir:
            shutil.rmtree(self._sim_dir, ignore_errors=True)
            self._sim_dir = None

    stop = close            # start()'s pair

    # -- what the app asks -----------------------------------------------------
    def status(self) -> list[PadStatus]:
        """Every pad known (online or not) and every port that is not a pad yet."""
        with self._lock:
            return self._status()

    def seat_states(self) -> dict[int, str]:
        """Each seat that has a pad: ONLINE or OFFLINE."""
        with self._lock:
            out = {}
            for status in self._pads.values():
                seat = self.claims.seat_of(status.pad_id)
                if seat is not None:
                    out[seat] = ONLINE if status.state == ONLINE else OFFLINE
            return out

    def online_seats(self) -> set[int]:
        return {seat for seat, state in self.seat_states().items() if state == ONLINE}

    def assignments(self) -> dict[str, int]:
        """pad id -> seat, to keep between runs if the app likes."""
        with self._lock:
            return self.claims.assignments()

    def problems(self) -> dict[tuple[str, str], int]:
        """(who, reason) -> how many times; each was logged the first time only."""
        with self._lock:
            return dict(self._problems)

    def set_led(self, seat: int, led: Led) -> None:
        """Light seat ``seat``'s pad (now, or as soon as it is plugged in)."""
        _check_led(seat, led)
        with self._lock:
            if seat in self._want and self._want[seat] == led:
                return
            self._want[seat] = led
            self._mark_leds(lambda port_seat: port_seat == seat)

    def apply_leds(self, leds: dict[int, Led]) -> None:
        """Set every seat's LED at once; seats not named go dark."""
        for seat, led in leds.items():
            _check_led(seat, led)
        with self._lock:
            want = {seat: leds.get(seat, OFF) for seat in set(leds) | set(self._want)}
            changed = {seat for seat, led in want.items() if self._want.get(seat) != led}
            self._want = want
            if changed:
                self._mark_leds(lambda port_seat: port_seat in changed)

    def led_of(self, seat: int) -> Led:
        with self._lock:
            return self._want.get(seat, OFF)

    # seats
    def begin_claim(self, seats: int) -> None:
        """Forget every seat and claim them afresh: seat 0 first; each press on
        a pad without a seat takes the seat waited for (see SeatClaims)."""
        with self._lock:
            self.claims.begin(seats)
            for port in self._ports.values():
                if port.state == ONLINE:
                    port.outbox.append(p.format_seat(None))
            self._after_claims()
        self._flush()

    def claim_seat(self, seat: int) -> None:
        """Claim one seat again (the next press on a pad without a seat takes it)."""
        with self._lock:
            holder = self.claims.pad_at(seat)
            self.claims.begin_seat(seat)
            if holder is not None:
                self._tell_seat(holder)
            self._after_claims()
        self._flush()

    def end_claim(self) -> None:
        with self._lock:
            self.claims.end()
            self._after_claims()
        self._flush()

    @property
    def claiming(self) -> int | None:
        """The seat waiting to be claimed, or None."""
        with self._lock:
            return self.claims.waiting

    def assign(self, pad_id: str, seat: int | None) -> None:
        """Put a pad at a seat by hand (None: no seat); whoever held it loses it."""
        with self._lock:
            moved = self.claims.assign(pad_id, seat)
            for pad in {pad_id, moved} - {None}:
                self._tell_seat(pad)
            if pad_id not in self._pads:
                self._pads[pad_id] = PadStatus(pad_id, None, seat, OFFLINE)
            self._after_claims()
        self._flush()

    def rescan(self) -> None:
        """Try again the ports given up on (no HELLO) without unplugging them."""
        with self._lock:
            self._ignored.clear()
            self._retry_at.clear()

    # -- attaching a transport (the watcher does it for real ports) ----------------
    def attach(self, path: str, transport) -> PadLink:
        """A PadLink for ``path`` over ``transport`` (anything with
        ``write(bytes)``), already greeted. For tests and the fuzzer; the
        watcher uses the same path with a ReaderThread."""
        with self._lock:
            port = _Port(path, path, self._clock(), self._limits)
            port.managed = False
            self._ports[path] = port
        link = PadLink(self, port)
        link.connection_made(transport)
        self._greet(port)
        return link

    # -- the watcher ------------------------------------------------------------------
    def _watch_loop(self):
        while not self._stop.is_set():
            try:
                self._watch_once()
            except Exception:               # never let the watcher die
                self._note(INTERNAL, "watcher", "the pad watcher hit a bug", exc_info=True)
            self._stop.wait(self._poll)

    def _watch_once(self):
        found = self._discover()
        now = self._clock()
        with self._lock:
            for key in list(self._ignored):
                if key not in found:
                    del self._ignored[key]
                    self._status_changed()
            for key in list(self._retry_at):
                if key not in found:
                    del self._retry_at[key]
            gone = [port for key, port in self._ports.items()
                    if port.managed and (key not in found or not port.alive)]
            for port in gone:
                del self._ports[port.key]
                if port.alive:                  # the device vanished before the read failed
                    port.alive = False
                    self._went_offline(port, "unplugged")
                elif port.pad_id is None:
                    self._status_changed()      # a port that never became a pad is gone
                if port.key in found:
                    self._retry_at[port.key] = now + REOPEN_AFTER
            stale = [port for port in self._ports.values() if port.state == CONNECTING]
            wanted = [(key, path) for key, path in found.items()
                      if key not in self._ports and key not in self._ignored
                      and self._retry_at.get(key, 0) <= now]
        for port in gone:
            self._close(port)
        for port in stale:
            self._hello_timeout(port, now)
        for key, path in wanted:
            self._open(key, path)
        self._flush()

    def _discover(self) -> dict[str, str]:
        cfg = self.config
        found: dict[str, str] = {}
        if not cfg.enabled:
            return found
        if cfg.scan:
            try:
                for info in self._scan_ports():
                    if info.vid == cfg.vid and info.pid == cfg.pid:
                        found[os.path.realpath(info.device)] = info.device
            except Exception as exc:
                self._note(OPEN_FAILED, "list_ports", f"listing USB serial ports failed: {exc}")
        names = list(cfg.ports)
        extra = self._extra() if callable(self._extra) else self._extra
        names += list(extra or ())
        for pad in self.simulated:
            if pad.port:
                names.append(pad.port)
        for name in names:
            if not name:
                continue
            if "://" in name:
                found.setdefault(name, name)
                continue
            paths = glob.glob(name) if glob.has_magic(name) else [name]
            for path in paths:
                if os.path.exists(path):
                    found.setdefault(os.path.realpath(path), path)
        return found

    def _open(self, key: str, path: str):
        now = self._clock()
        try:
            kwargs = {"baudrate": BAUD, "write_timeout": WRITE_TIMEOUT}
            if "://" not in path:
                kwargs["exclusive"] = True
            ser = serial.serial_for_url(path, **kwargs)
        except Exception as exc:
            with self._lock:
                self._retry_at[key] = now + REOPEN_AFTER
            self._note(OPEN_FAILED, path, f"cannot open {path}: {exc}")
            return
        port = _Port(key, path, now, self._limits)
        with self._lock:
            self._ports[key] = port
        thread = _ReaderThread(ser, lambda: PadLink(self, port))
        thread.name = f"cellmate-pad {path}"
        port.thread = thread
        thread.start()
        try:
            thread.connect()
        except RuntimeError:
            return                          # died at once: connection_lost has seen to it
        self._greet(port)

    def _greet(self, port: _Port):
        with self._lock:
            port.hello_asked = self._clock()
            port.outbox.append(p.format_host_hello())
            self._send_cond.notify_all()
        self._flush()

    def _hello_timeout(self, port: _Port, now: float):
        with self._lock:
            if port.state != CONNECTING or not port.alive:
                return
            if now - port.opened >= HELLO_GIVE_UP:
                port.state = IGNORED
                self._ignored[port.key] = port.path
                port.alive = False          # the next poll closes it
                give_up = True
            else:
                give_up = False
                if port.hello_asked is None or now - port.hello_asked >= HELLO_RETRY:
                    port.hello_asked = now
                    port.outbox.append(p.format_host_hello())
                    self._send_cond.notify_all()
        if give_up:
            with self._lock:
                self._status_changed()
            self._refused(port, p.ProtocolError(NO_HELLO, f"no HELLO in {HELLO_GIVE_UP:g} s: not a Cellmate pad? "
                                                          "Left alone until it is unplugged"), sticky=True)

    def _close(self, port: _Port):
        thread = port.thread
        port.thread = None
        if thread is None:
            return
        try:
            if thread is threading.current_thread():
                thread.alive = False
                thread.serial.close()
            else:
                thread.close()
        except Exception as exc:            # closing a vanished device may fail: it is gone anyway
            log.debug("closing %s: %s", port.path, exc)

    # -- the sender -----------------------------------------------------------------------
    def _mark_leds(self, which):
        for port in self._ports.values():
            if port.state == ONLINE and which(self.claims.seat_of(port.pad_id)):
                port.led_dirty = True
        self._send_cond.notify_all()

    def _led_for(self, port: _Port) -> Led:
        seat = self.claims.seat_of(port.pad_id)
        if seat is None:
            return CLAIM_LED if self.claims.claiming else OFF
        return self._want.get(seat, OFF)

    def _send_loop(self):
        while not self._stop.is_set():
            with self._send_cond:
                try:
                    work = self._collect_writes()
                except Exception:           # never let the sender die
                    self._note(INTERNAL, "sender", "the pad sender hit a bug", exc_info=True)
                    work = []
                if not work:
                    # Every write and every new port notifies; the timeout is a net for a
                    # port's LED, and with no port there is nothing it could catch: the
                    # sender then sleeps until one comes instead of waking twice a second.
                    self._send_cond.wait(0.5 if self._ports else None)
                    continue
            for port, data in work:
                try:
                    port.transport.write(data)
                except Exception as exc:
                    with self._lock:
                        if port.alive:
                            port.alive = False
                            self._went_offline(port, f"write failed: {exc}")
                    self._flush()

    def _collect_writes(self) -> list[tuple[_Port, bytes]]:
        work = []
        for port in self._ports.values():
            if not port.alive or port.transport is None:
                continue
            data = b"".join(port.outbox)
            port.outbox.clear()
            if port.led_dirty and port.state == ONLINE:
                port.led_dirty = False
                led = self._led_for(port)
                if led != port.led_sent:
                    port.led_sent = led
                    data += p.format_led(led.colour, led.blink)
            if data:
                work.append((port, data))
        return work

    # -- lines from a pad (reader threads) ---------------------------------------------
    def _line(self, port: _Port, raw: bytes, overlong: bool = False):
        """One line from a pad (``overlong``: only the end of a line already refused
        as too long, which may still end with a pad's line)."""
        try:
            self._handle_line(port, raw, overlong)
        except Exception:                   # a bug here must not kill the reader thread
            self._note(INTERNAL, port.who, f"handling {bytes(raw[:40])!r} failed", exc_info=True)
        self._flush()

    def _handle_line(self, port: _Port, raw: bytes, overlong: bool = False):
        now = self._clock()
        with self._lock:
            if not port.alive:
                return
            if not port.lines.take(now):
                self._flood(port)
                return
        message = p.ProtocolError(p.TOO_LONG) if overlong else p.parse_line(raw)
        if isinstance(message, p.ProtocolError) and message.reason != p.EMPTY:
            # bytes a pad broke off without their LF run into its next line: that line is read
            tail = p.parse_tail(raw)
            if tail is not None:
                if not overlong:            # (an overlong one was reported as it came in)
                    why = p.TOO_LONG if message.reason == p.TOO_LONG else BROKEN_LINE
                    self._refused(port, p.ProtocolError(why, f"{tail[0]} bytes without their LF dropped "
                                                             "before the line after them"))
                message = tail[1]
            elif overlong:
                return
        if isinstance(message, p.ProtocolError):
            if message.reason == p.EMPTY:
                return                      # a stray CR LF: nothing to say
            sticky = False
            if message.reason == p.WRONG_VERSION:
                with self._lock:
                    # a pad that has not said a good HELLO is of another version; one that
                    # has is only garbled this once and stays as it is
                    if port.state == CONNECTING:
                        port.state = INCOMPATIBLE
                        sticky = True
            self._refused(port, message, sticky=sticky)
            return
        if isinstance(message, p.Hello):
            self._on_hello(port, message)
        elif isinstance(message, p.Button):
            self._on_button(port, message, now)
        elif isinstance(message, p.PadError):
            self._refused(port, p.ProtocolError(PAD_ERROR, f"the pad refused a command: {message.reason}"))
        # State: the answer to QUERY; nothing to do with it but read it (doctor)

    def _on_hello(self, port: _Port, hello: p.Hello):
        problem = None
        early: list[p.Button] = []
        with self._lock:
            if port.pad_id is not None and port.pad_id != hello.pad_id:
                problem = p.ProtocolError(DUPLICATE_ID, f"the pad on {port.path} changed its id to {hello.pad_id}")
            else:
                other = next((q for q in self._ports.values()
                              if q is not port and q.alive and q.pad_id == hello.pad_id), None)
                if other is not None:
                    problem = p.ProtocolError(DUPLICATE_ID, f"pad id {hello.pad_id} is already on {other.path}")
            if problem is None:
                was_online = port.state == ONLINE
                port.pad_id = hello.pad_id
                port.hello = hello
                port.state = ONLINE
                port.last_seq = None            # a pad that says hello (again) counts from anew
                seat, why = self.claims.announce(hello.pad_id, hello.seat)
                if why:
                    problem = p.ProtocolError(SEAT_TAKEN, why)
                elif seat != hello.seat:
                    port.outbox.append(p.format_seat(seat))
                port.problem = why
                port.led_sent = None            # (re)send the seat's LED: restored after a replug
                port.led_dirty = True
                self._send_cond.notify_all()
                status = PadStatus(hello.pad_id, port.path, seat, ONLINE, hello.fw, hello.buttons, why,
                                   hello.seat if why else None)
                if not was_online or self._pads.get(hello.pad_id) != status:
                    self._pads[hello.pad_id] = status
                    self._status_changed()
                early, port.early = port.early, []
        if problem is not None:
            self._refused(port, problem, sticky=True)
        if early:
            # the events that came before this HELLO, in order, for the seat it gave; the
            # count then starts afresh from the HELLO, as for any HELLO (PROTOCOL.md, seq)
            for event in early:
                self._on_button(port, event, self._clock())
            with self._lock:
                port.last_seq = None

    def _on_button(self, port: _Port, event: p.Button, now: float):
        with self._lock:
            if port.state == CONNECTING and len(port.early) < EARLY_EVENTS:
                port.early.append(event)    # pressed as the port opened: taken once the HELLO says whose pad
                return
            if port.state != ONLINE:
                reason = f"more than {EARLY_EVENTS} button events before HELLO" if port.state == CONNECTING else \
                    f"a button event from a pad that is {port.state}"
                problem = p.ProtocolError(NO_HELLO, reason)
            elif not port.events.take(now):
                self._flood(port)
                return
            else:
                problem = None
                if port.last_seq is not None:
                    step = (event.seq - port.last_seq) % p.SEQ_MODULO
                    if step == 0 or step > p.SEQ_MODULO // 2:
                        problem = p.ProtocolError(OUT_OF_ORDER, f"event {event.seq} after {port.last_seq}: dropped")
                    elif step > 1:
                        problem = p.ProtocolError(EVENTS_LOST, f"events {port.last_seq + 1} to {event.seq - 1} lost")
                if problem is None or problem.reason == EVENTS_LOST:
                    port.last_seq = event.seq
                    self._deliver(port, event)
        if problem is not None:
            self._refused(port, problem)

    def _deliver(self, port: _Port, event: p.Button):
        pad_id = port.pad_id
        seat = self.claims.seat_of(pad_id)
        if not event.down and event.button in port.swallow:
            port.swallow.discard(event.button)
            return                          # the end of the press that claimed the seat
        if seat is None:
            if event.down and self.claims.claiming:
                self.claims.press(pad_id)
                port.swallow.add(event.button)
                self._tell_seat(pad_id)
                self._after_claims()
            return                          # a pad without a seat sends nothing to the game
        self._outq.append((self.on_event, PadEvent(seat, pad_id, event.button, event.down, event.seq)))

    # -- a pad going away -------------------------------------------------------------------
    def _lost(self, port: _Port, exc):
        with self._lock:
            if not port.alive:
                return
            port.alive = False
            self._went_offline(port, f"disconnected ({exc})" if exc else "disconnected")
        self._flush()

    def _went_offline(self, port: _Port, why: str):
        """(under the lock) the port is dead; its pad's seat goes offline."""
        if port.pad_id and port.state == ONLINE:
            other = next((q for q in self._ports.values()
                          if q is not port and q.alive and q.pad_id == port.pad_id), None)
            if other is None:
                status = self._pads.get(port.pad_id)
                if status is not None:
                    self._pads[port.pad_id] = replace(status, state=OFFLINE, problem=why)
                log.info("pad %s on %s went offline: %s", port.pad_id, port.path, why)
        port.state = OFFLINE if port.pad_id else port.state
        self._status_changed()

    # -- bookkeeping ----------------------------------------------------------------------------
    def _tell_seat(self, pad_id: str):
        """(under the lock) tell the pad its seat, light it for that seat."""
        for port in self._ports.values():
            if port.alive and port.state == ONLINE and port.pad_id == pad_id:
                port.outbox.append(p.format_seat(self.claims.seat_of(pad_id)))
                port.led_dirty = True
        self._send_cond.notify_all()

    def _after_claims(self):
        """(under the lock) seats changed: every pad's LED, and the status."""
        for pad_id, status in list(self._pads.items()):
            seat = self.claims.seat_of(pad_id)
            if status.seat != seat:
                self._pads[pad_id] = replace(status, seat=seat)
        for port in self._ports.values():
            if port.state == ONLINE:
                port.led_dirty = True
        self._send_cond.notify_all()
        self._status_changed()

    def _status_changed(self):
        if self.on_status is not None:
            self._outq.append((self.on_status, self._status()))

    def _status(self) -> list[PadStatus]:
        out = [replace(s, seat=self.claims.seat_of(s.pad_id)) for s in self._pads.values()]
        for port in self._ports.values():
            if port.pad_id is None and port.alive and port.state in (CONNECTING, INCOMPATIBLE):
                out.append(PadStatus(None, port.path, None, port.state, problem=port.problem))
        for path in self._ignored.values():
            out.append(PadStatus(None, path, None, IGNORED, problem="no HELLO: not a Cellmate pad?"))
        return sorted(out, key=lambda s: (s.seat is None, s.seat if s.seat is not None else 0, s.pad_id or "",
                                          s.port or ""))

    def _flood(self, port: _Port):
        """(under the lock) a pad sends more than any hand can: drop the excess."""
        self._note(FLOOD, port.who, f"{port.path}: more than {self._limits[0]:g} button events or "
                                    f"{self._limits[2]:g} lines a second; the excess is dropped")

    def _refused(self, port: _Port, error: p.ProtocolError, sticky: bool = False):
        """Count and log (once) a refused line or event; ``sticky``: it also
        stays on the pad's status until the pad is fine again."""
        with self._lock:
            who = port.who
            if sticky and port.problem != str(error):
                port.problem = str(error)
                self._status_changed()
        where = "" if who == port.path else f"{port.path}: "
        self._note(error.reason, who, f"{where}{error}")

    def _note(self, reason: str, who: str, text: str, exc_info=False):
        """Count a problem; log it the first time for this pad (or port) and reason."""
        with self._lock:
            key = (who, reason)
            self._problems[key] += 1
            first = key not in self._logged
            self._logged.add(key)
        if first:
            log.warning("%s: %s [%s; logged once, later ones are only counted]", who, text, reason,
                        exc_info=exc_info)

    def _flush(self):
        """Run the queued callbacks, in order, outside the lock; one thread at a time."""
        with self._emit_lock:
            while True:
                with self._lock:
                    if not self._outq:
                        return
                    fn, arg = self._outq.popleft()
                try:
                    fn(arg)
                except Exception:
                    self._note(INTERNAL, "callback", f"{getattr(fn, '__name__', fn)} failed", exc_info=True)


def probe(config, timeout: float = 2.0, **kwargs) -> list[PadStatus]:
    """Look for pads once, for a doctor command: open every pad port (as the
    app would), wait until each has answered or ``timeout`` is over, close them.
    Not while the app runs: it holds the ports (they are opened exclusively)."""
    hub = PadHub(config, lambda event: None, poll=min(POLL, 0.1), **kwargs).start()
    try:
        deadline = time.monotonic() + timeout
        time.sleep(min(0.3, timeout))
        while time.monotonic() < deadline:
            statuses = hub.status()
            if statuses and all(s.state != CONNECTING for s in statuses):
                break
            time.sleep(0.05)
        return hub.status()
    finally:
        hub.stop()
