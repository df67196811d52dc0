"""Fuzz: 100,000 random and malformed lines through the line framing, the
parser and the hub's line handler (several pads at once), then a smaller batch
through a real pseudo-terminal. Nothing may escape, nothing may be logged more
than once per pad and reason, every event that gets through must be a real one,
and the hub must still work afterwards."""
import logging
import random
import re
import threading
import time
from collections import Counter

from companion.config import Pads
from hardware.pads import driver
from hardware.pads import protocol as p
from hardware.pads.driver import ONLINE, PadEvent, PadHub
from hardware.pads.simulator import SimulatedPad

LINES = 100_000
VOCAB = ["HELLO", "CELLPAD/1", "CELLPAD/2", "CELLPAD/", "DOWN", "UP", "STATE", "ERR", "LED", "SEAT", "QUERY",
         "id=f1", "id=f2", "id=f3", "id=", "seat=1", "seat=2", "seat=-", "seat=9", "fw=1.0", "buttons=2",
         "buttons=9", "led=ff0000", "blink=slow", "held=3", "1", "2", "3", "0", "65535", "65536", "-1", "=", "x=y"]


class FakeClock:
    def __init__(self):
        self.now = 0.0

    def __call__(self):
        self.now += 0.004           # 250 lines a second: over the event limit, under the line limit
        return self.now


class Wire:
    """A transport that keeps what the host wrote."""

    def __init__(self):
        self.data = bytearray()

    def write(self, data):
        self.data += data


def valid_line(rng, seqs):
    kind = rng.random()
    if kind < 0.55:
        pad = rng.randrange(3)
        seqs[pad] = (seqs[pad] + 1) % p.SEQ_MODULO
        return p.format_button(rng.randint(1, 3), rng.random() < 0.5, seqs[pad])
    if kind < 0.7:
        return p.format_hello(f"f{rng.randint(1, 3)}", rng.choice([None, 0, 1, 2, 7]), "1.0", rng.randint(1, 3))
    if kind < 0.8:
        return p.format_state(rng.choice([None, 3]), "00ff00", rng.choice(p.BLINKS), rng.randint(0, 7))
    if kind < 0.9:
        return rng.choice([p.format_led("ff0000", "fast"), p.format_seat(2), p.format_query(), p.format_host_hello()])
    return p.format_error(rng.choice(p.REASONS))


def mutate(rng, line):
    data = bytearray(line)
    for _ in range(rng.randint(1, 4)):
        op = rng.random()
        i = rng.randrange(len(data) + 1)
        if op < 0.3 and data:
            data[min(i, len(data) - 1)] = rng.randrange(256)
        elif op < 0.55:
            data[i:i] = bytes([rng.randrange(256)])
        elif op < 0.75 and data:
            del data[min(i, len(data) - 1)]
        elif op < 0.85:
            data[i:i] = rng.choice([b" ", b"  ", b"=", b"\r", b"\x00", b"\xff", b"\n"])
        else:
            data[i:i] = rng.choice(VOCAB).encode()
    return bytes(data)


def fuzz_lines(rng, count):
    seqs = [0, 0, 0]
    out = []
    for _ in range(count):
        r = rng.random()
        if r < 0.3:
            line = valid_line(rng, seqs)
        elif r < 0.6:
            line = mutate(rng, valid_line(rng, seqs))
        elif r < 0.75:
            line = " ".join(rng.choice(VOCAB) for _ in range(rng.randint(0, 8))).encode() + b"\n"
        elif r < 0.85:
            line = bytes(rng.randrange(256) for _ in range(rng.randint(0, 40))) + b"\n"
        elif r < 0.9:
            line = bytes(rng.choice(b"ABCDEF0123 =") for _ in range(rng.randint(81, 400))) + b"\n"
        elif r < 0.95:
            line = rng.choice([b"\n", b"\r\n", b" \n", b"\r\r\n", b"\x03\n", b">>> \n"])
        elif r < 0.951:                                # a burst: a pad flooding events
            start = rng.randrange(p.SEQ_MODULO)
            line = b"".join(p.format_button(1, i % 2 == 0, start + i) for i in range(100))
        else:
            line = bytes(rng.randrange(256) for _ in range(rng.randint(1, 200)))   # no newline at all
        out.append(line if line.endswith(b"\n") or rng.random() < 0.5 else line + b"\n")
    return out


def check_invariants(hub, events, wires, caplog, streams=None):
    problems = hub.problems()
    assert not [k for k in problems if k[1] == driver.INTERNAL], problems        # no bug was hit
    per_key = Counter()
    for record in caplog.records:
        match = re.search(r"\[(\w+); logged once", record.getMessage())
        if record.levelno == logging.WARNING and match:
            per_key[(record.getMessage().split(":", 1)[0], match.group(1))] += 1
    assert per_key and max(per_key.values()) == 1, per_key.most_common(3)        # once per pad and reason
    assert all(isinstance(e, PadEvent) and 1 <= e.button <= 3 and 0 <= e.seat < 8 for e in events)
    if streams is not None:                          # nothing invented: each event was sent as such, as a
        sent = set()                                 # line or at the end of one (after bytes broken off)
        for stream in streams:
            for line in bytes(stream).split(b"\n"):
                for start in [0] + [m.start() for m in re.finditer(rb"DOWN |UP ", line)]:
                    message = p.parse_line(line[start:])
                    if isinstance(message, p.Button):
                        sent.add((message.button, message.down, message.seq))
        assert all((e.button, e.down, e.seq) in sent for e in events)
    seats = list(hub.assignments().values())
    assert len(seats) == len(set(seats))              # never two pads at one seat
    for wire in wires:                                # the host only ever wrote well-formed commands
        for line in bytes(wire.data).split(b"\n")[:-1]:
            assert not isinstance(p.parse_command(line), p.ProtocolError), line


def test_100k_random_and_malformed_lines_through_framing_parser_and_hub(caplog):
    caplog.set_level(logging.WARNING)
    rng = random.Random(20240608)        # (a seed whose first HELLOs include two pads for one seat)
    events = []
    hub = PadHub(Pads(enabled=False), events.append, lambda statuses: None, clock=FakeClock())
    wires = [Wire() for _ in range(3)]
    links = [hub.attach(f"fuzz{i}", wire) for i, wire in enumerate(wires)]
    lines = fuzz_lines(rng, LINES)
    start = time.monotonic()
    pending = [bytearray() for _ in links]
    streams = [bytearray() for _ in links]
    for line in lines:
        i = rng.randrange(len(links))
        pending[i] += line
        streams[i] += line
        if len(pending[i]) > rng.randint(1, 600):     # reads of any size, lines split anywhere
            links[i].data_received(bytes(pending[i]))
            pending[i].clear()
    for link, rest in zip(links, pending):
        link.data_received(bytes(rest) + b"\n")
    elapsed = time.monotonic() - start
    assert elapsed < 20, elapsed
    for port, data in hub._collect_writes():           # what the sender thread would write
        port.transport.write(data)
    check_invariants(hub, events, wires, caplog, streams)
    reasons = {why for _, why in hub.problems()}
    assert {p.NOT_ASCII, p.TOO_LONG, p.UNKNOWN_COMMAND, p.BAD_ARGUMENTS, p.WRONG_VERSION, p.ECHO,
            driver.FLOOD, driver.SEAT_TAKEN, driver.OUT_OF_ORDER} <= reasons, reasons
    assert len(events) > 100                           # the valid events did get through

    # and afterwards a well-behaved pad on a fresh link is heard at once
    fresh = hub.attach("fresh", Wire())
    fresh.data_received(p.format_hello("calm", 6, "1.0") + p.format_button(1, True, 0))
    assert events[-1] == PadEvent(6, "calm", 1, True, 0)


def test_a_smaller_batch_through_a_real_pty(tmp_path, caplog):
    caplog.set_level(logging.WARNING)
    rng = random.Random(99)
    events, lock = [], threading.Lock()

    def on_event(event):
        with lock:
            events.append(event)

    pad = SimulatedPad("pty", 0, link_dir=tmp_path)
    hub = PadHub(Pads(scan=False, ports=(pad.port,)), on_event, poll=0.05).start()
    try:
        deadline = time.monotonic() + 3
        while hub.seat_states() != {0: ONLINE} and time.monotonic() < deadline:
            time.sleep(0.01)
        assert hub.seat_states() == {0: ONLINE}
        blob = b"".join(fuzz_lines(rng, 5_000))
        for i in range(0, len(blob), 997):
            assert pad.send_raw(blob[i:i + 997])
        pad.send_raw(b"\n" + p.format_hello("pty", 0, "sim-1"))
        time.sleep(1.2)                                 # let the flood limits refill
        pad.send_raw(p.format_button(2, True, 4242))
        deadline = time.monotonic() + 3
        while time.monotonic() < deadline:
            with lock:
                if events and events[-1].seq == 4242:
                    break
            time.sleep(0.01)
        with lock:
            assert events[-1] == PadEvent(0, "pty", 2, True, 4242)
        assert hub.seat_states() == {0: ONLINE}
        check_invariants(hub, list(events), [], caplog)
    finally:
        hub.stop()
        pad.close()
