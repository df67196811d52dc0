"""hardware.pads.driver: PadHub over real pseudo-terminals (SimulatedPad) and
pyserial's loop://: hello and seat claiming, events in order, unplug and
replug, floods and bad input logged once, the main-thread hop."""
import errno
import logging
import os
import threading
import time
from types import SimpleNamespace

import pytest
import serial.serialposix
from hardware_fixtures import PressedAsThePortOpens, drain_clock, tick_until

from companion.config import Pads
from companion.pads import Led
from hardware.pads import driver, open_pads
from hardware.pads import protocol as p
from hardware.pads.driver import CLAIM_LED, IGNORED, INCOMPATIBLE, OFFLINE, ONLINE, PadEvent, PadHub
from hardware.pads.simulator import SimulatedPad

POLL = 0.05


class Sink:
    """Collects callback values from any thread and waits for them."""

    def __init__(self):
        self.items = []
        self.cond = threading.Condition()

    def __call__(self, value):
        with self.cond:
            self.items.append(value)
            self.cond.notify_all()

    def wait(self, predicate, timeout=3.0):
        with self.cond:
            return self.cond.wait_for(lambda: predicate(self.items), timeout)

    @property
    def last(self):
        with self.cond:
            return self.items[-1] if self.items else None


def wait_until(predicate, timeout=10.0):   # generous: the suite runs in parallel, under load too
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        if predicate():
            return True
        time.sleep(0.005)
    return predicate()


@pytest.fixture
def links(tmp_path):
    return tmp_path / "by-id"


@pytest.fixture
def make_pad(links):
    made = []

    def make(pad_id, seat=None, **kwargs):
        pad = SimulatedPad(pad_id, seat, link_dir=links, **kwargs)
        made.append(pad)
        return pad

    yield make
    for pad in made:
        pad.close()


@pytest.fixture
def make_hub(links):
    hubs = []

    def make(**kwargs):
        config = kwargs.pop("config", Pads(scan=False, ports=(str(links / "pad-*"),)))
        events, statuses = Sink(), Sink()
        hub = PadHub(config, events, statuses, poll=POLL, **kwargs)
        hub.events, hub.statuses = events, statuses
        hubs.append(hub)
        return hub.start()

    yield make
    for hub in hubs:
        hub.stop()


def online(hub, count):
    assert wait_until(lambda: len([s for s in hub.status() if s.state == ONLINE]) == count), hub.status()


def warnings_about(caplog, reason):
    return [r for r in caplog.records if r.levelno == logging.WARNING and f"[{reason};" in r.getMessage()]


# -- hello and seats -------------------------------------------------------------------
def _wakeups(thread) -> int:
    """How many times a thread has gone to sleep and been woken (Linux counts them)."""
    status = open(f"/proc/self/task/{thread.native_id}/status").read()
    return int(next(line.split()[1] for line in status.splitlines() if line.startswith("voluntary_ctxt_switches")))


def test_with_no_pad_plugged_in_the_sender_sleeps(make_hub, make_pad):
    """No pad, nothing to send: the sender thread stays asleep (it woke twice a second
    for the whole game), and still sends the moment a pad is plugged in."""
    hub = make_hub()
    sender = hub._sender
    time.sleep(0.1)
    before = _wakeups(sender)
    time.sleep(1.2)
    assert _wakeups(sender) - before <= 1
    make_pad("E6614C311B2A7E2F", seat=1)
    online(hub, 1)


def test_with_a_hub_it_runs_and_at_the_end_its_threads_stop(make_pad, links):
    """`with PadHub(...) as hub:` starts it; the block's end closes it (companion.closing)."""
    make_pad("p1", seat=2)
    with PadHub(Pads(scan=False, ports=(str(links / "pad-*"),)), Sink(), Sink(), poll=POLL) as hub:
        online(hub, 1)
    assert not any(t.name.startswith("cellmate-pads") for t in threading.enumerate())      # its threads ended


def test_a_pad_says_hello_and_keeps_the_seat_it_remembers(make_pad, make_hub):
    make_pad("E6614C311B2A7E2F", seat=2, fw="1.0.0", buttons=3)
    hub = make_hub()
    online(hub, 1)
    [status] = hub.status()
    assert (status.pad_id, status.seat, status.fw, status.buttons) == ("E6614C311B2A7E2F", 2, "1.0.0", 3)
    assert hub.seat_states() == {2: ONLINE} and hub.assignments() == {"E6614C311B2A7E2F": 2}
    assert hub.statuses.wait(lambda items: items and items[-1][0].state == ONLINE)


def test_claiming_seats_by_pressing_the_pads_whatever_socket_they_are_in(make_pad, make_hub):
    pads = {name: make_pad(name, seat=4) for name in ("a", "b", "c")}   # old seats from another table
    hub = make_hub()
    online(hub, 3)
    hub.begin_claim(3)
    assert hub.claiming == 0
    for pad in pads.values():                   # every pad forgets its seat and blinks: press me
        assert pad.wait_for(lambda q: q.seat is None and q.led == (CLAIM_LED.colour, CLAIM_LED.blink))
    hub.apply_leds({0: Led("e69f00"), 1: Led("56b4e9"), 2: Led("009e73")})
    for seat, name in enumerate("cab"):
        pads[name].tap(1)
        assert pads[name].wait_for(lambda q: q.seat == seat), (name, pads[name].received)
        assert wait_until(lambda: hub.claiming == (seat + 1 if seat < 2 else None))
    assert hub.assignments() == {"c": 0, "a": 1, "b": 2}
    assert pads["b"].wait_for(lambda q: q.led == ("009e73", "solid"))      # its seat's colour
    assert hub.events.items == []                                            # claiming presses are no game input
    pads["a"].tap(2)
    assert hub.events.wait(lambda items: len(items) == 2)
    assert hub.events.items == [PadEvent(1, "a", 2, True, 2), PadEvent(1, "a", 2, False, 3)]


def test_two_pads_claiming_one_seat_the_first_keeps_it_logged_once(make_pad, make_hub, caplog):
    make_pad("first", seat=1)
    hub = make_hub()
    online(hub, 1)
    second = make_pad("second", seat=1)
    online(hub, 2)
    seats = {s.pad_id: s.seat for s in hub.status()}
    assert seats == {"first": 1, "second": None}
    second.send_raw(p.format_hello("second", 1, "sim-1") * 3)      # says it again and again
    second.tap(1)
    time.sleep(0.3)
    assert hub.events.items == []                                  # a pad without a seat sends nothing
    assert len(warnings_about(caplog, driver.SEAT_TAKEN)) == 1
    assert hub.problems()[("pad second", driver.SEAT_TAKEN)] >= 2
    status = next(s for s in hub.status() if s.pad_id == "second")
    assert "pad second says seat 2, but pad first holds it" in status.problem
    assert status.seat_taken == 1 and status.seat is None          # the screen says "seat 2 is taken" from this


def test_claim_one_seat_again_and_assign_by_hand(make_pad, make_hub):
    a, b = make_pad("a", seat=0), make_pad("b", seat=1)
    hub = make_hub()
    online(hub, 2)
    hub.claim_seat(1)                       # b's seat is free again
    assert b.wait_for(lambda q: q.seat is None)
    b.tap(1)
    assert b.wait_for(lambda q: q.seat == 1)
    hub.assign("a", 3)
    assert a.wait_for(lambda q: q.seat == 3)
    assert hub.seat_states() == {3: ONLINE, 1: ONLINE}
    hub.end_claim()
    assert hub.claiming is None


# -- events ---------------------------------------------------------------------------------
def test_events_arrive_in_order_and_attributed_to_the_seat(make_pad, make_hub):
    a, b = make_pad("a", seat=0), make_pad("b", seat=3)
    hub = make_hub(event_rate=10_000, event_burst=10_000)
    online(hub, 2)

    def presses(pad, count):
        for i in range(count):
            pad.tap(1 + i % 3)

    threads = [threading.Thread(target=presses, args=(pad, 150)) for pad in (a, b)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert hub.events.wait(lambda items: len(items) == 600, timeout=10)
    for seat, pad_id in ((0, "a"), (3, "b")):
        mine = [e for e in hub.events.items if e.pad_id == pad_id]
        assert all(e.seat == seat for e in mine)
        assert [e.seq for e in mine] == list(range(300))
        assert [(e.button, e.down) for e in mine] == [(1 + i // 2 % 3, i % 2 == 0) for i in range(300)]
    assert hub.problems() == {}


def test_leds_reach_the_pad_and_only_the_latest_counts(make_pad, make_hub):
    pad = make_pad("a", seat=0)
    make_pad("b", seat=1)
    hub = make_hub()
    online(hub, 2)
    for i in range(50):
        hub.set_led(0, Led(f"0000{i:02x}"))
    hub.apply_leds({0: Led("ff0000", "fast")})
    assert pad.wait_for(lambda q: q.led == ("ff0000", "fast"))
    assert len(pad.leds) <= 52                      # coalesced, never more than asked
    assert hub.led_of(1) == Led() and hub.led_of(0) == Led("ff0000", "fast")


# -- unplug and replug ------------------------------------------------------------------------------
def test_unplugging_marks_the_seat_offline_within_2_s_and_replugging_restores_it(make_pad, make_hub):
    pad = make_pad("a", seat=2)
    hub = make_hub()
    online(hub, 1)
    hub.set_led(2, Led("d55e00", "slow"))
    assert pad.wait_for(lambda q: q.led == ("d55e00", "slow"))
    old_device = pad.device

    start = time.monotonic()
    pad.unplug()
    assert hub.statuses.wait(lambda items: items[-1][0].state == OFFLINE, timeout=2.0)
    assert time.monotonic() - start < 2.0
    assert hub.seat_states() == {2: OFFLINE}
    hub.set_led(2, Led("0072b2", "fast"))          # the game goes on while it is out

    pad.leds.clear()
    pad.seat = None                                 # e.g. a pad whose flash lost its seat
    start = time.monotonic()
    pad.plug()
    assert pad.device != old_device                 # a new device behind the same by-id link
    assert hub.statuses.wait(lambda items: items[-1][0].state == ONLINE, timeout=2.0)
    assert time.monotonic() - start < 2.0
    assert hub.seat_states() == {2: ONLINE}
    assert pad.wait_for(lambda q: q.led == ("0072b2", "fast") and q.seat == 2)
    pad.tap(1)
    assert hub.events.wait(lambda items: len(items) == 2)
    assert hub.events.items[0] == PadEvent(2, "a", 1, True, 0)


def test_a_port_failing_between_two_reads_goes_offline_at_once_without_a_traceback(make_pad, make_hub,
                                                                                   monkeypatch):
    """pyserial's reader asks how much is waiting before each read, outside its own error
    handling: a pad pulled just between two reads made that fail, and the reader thread
    died with a traceback instead of saying the port was lost (the pad stayed online while
    its device was still listed). Made to fail there on purpose, it goes offline at once."""
    pad = make_pad("a", seat=0)
    hub = make_hub()
    online(hub, 1)
    died = []
    monkeypatch.setattr(threading, "excepthook", died.append)

    def pulled(self):
        raise OSError(errno.EIO, "Input/output error")

    with monkeypatch.context() as patch:
        patch.setattr(serial.serialposix.Serial, "in_waiting", property(pulled))
        pad.tap(1)                                 # the read after the first byte asks first, and fails
        assert wait_until(lambda: hub.seat_states() == {0: OFFLINE}, timeout=2.0), hub.status()
    assert died == []
    online(hub, 1)                                 # and it is opened again as any pad that came back


def test_a_device_that_vanishes_without_a_read_error_goes_offline_at_the_next_look(make_pad, make_hub, links):
    pad = make_pad("a", seat=0)
    hub = make_hub()
    online(hub, 1)
    os.unlink(pad.port)                            # udev removed the name; the read has not failed (yet)
    assert wait_until(lambda: hub.seat_states() == {0: OFFLINE}, timeout=2.0)


def test_a_port_that_is_not_a_pad_is_left_alone(make_hub, tmp_path, monkeypatch, caplog):
    monkeypatch.setattr(driver, "HELLO_GIVE_UP", 0.6)
    monkeypatch.setattr(driver, "HELLO_RETRY", 0.2)
    master, slave = os.openpty()
    try:
        device = os.ttyname(slave)
        hub = make_hub(config=Pads(scan=False, ports=(device,)))
        assert wait_until(lambda: any(s.state == IGNORED for s in hub.status()), timeout=3)
        hellos = os.read(master, 4096)
        assert hellos.count(b"HELLO CELLPAD/1\n") >= 2          # asked, and asked again
        time.sleep(0.3)
        assert [s.state for s in hub.status()] == [IGNORED]     # not reopened while it stays
        assert len(warnings_about(caplog, driver.NO_HELLO)) == 1
    finally:
        os.close(master)
        os.close(slave)


def test_pads_are_found_by_usb_vendor_and_product_id(make_pad, make_hub):
    pad = make_pad("usb", seat=0)
    other = make_pad("modem", seat=1)
    ports = [SimpleNamespace(device=pad.device, vid=0x2E8A, pid=0x0005),
             SimpleNamespace(device=other.device, vid=0x1234, pid=0x0005)]
    hub = make_hub(config=Pads(scan=True), scan_ports=lambda: ports)
    online(hub, 1)
    time.sleep(0.2)
    assert [s.pad_id for s in hub.status()] == ["usb"]


def test_the_usb_ports_are_listed_again_only_when_a_device_came_or_went(tmp_path, monkeypatch):
    monkeypatch.setattr(driver._ScanWhenDevChanges, "DEV", str(tmp_path))
    now = [100.0]
    listed = []

    def scan():
        listed.append(now[0])
        return [SimpleNamespace(device=f"/dev/ttyACM{n}", vid=0x2E8A, pid=0x0005) for n in range(len(listed))]
    ports = driver._ScanWhenDevChanges(scan, clock=lambda: now[0])
    first = ports()
    now[0] += 0.5
    assert ports() == first and len(listed) == 1       # nothing plugged in: the last list, not read again
    (tmp_path / "ttyACM1").write_text("")              # a device node comes: listed at the next poll
    os.utime(tmp_path, ns=(0, os.stat(tmp_path).st_mtime_ns + 1_000_000))
    now[0] += 0.5
    assert [p.device for p in ports()] == ["/dev/ttyACM0", "/dev/ttyACM1"] and len(listed) == 2
    now[0] += driver.RESCAN_EVERY                      # and at least every RESCAN_EVERY seconds anyway
    ports()
    assert len(listed) == 3


def test_disabled_pads_open_nothing(make_pad, make_hub, links):
    make_pad("a", seat=0)
    hub = make_hub(config=Pads(enabled=False, ports=(str(links / "pad-*"),)))
    time.sleep(0.3)
    assert hub.status() == []


# -- bad input --------------------------------------------------------------------------------------
def test_bad_lines_are_logged_once_each_and_change_nothing(make_pad, make_hub, caplog):
    pad = make_pad("a", seat=0)
    hub = make_hub()
    online(hub, 1)
    bad = {
        p.NOT_ASCII: b"\x00\xff\xfe garbage \x1b[31m\n",
        p.TOO_LONG: b"DOWN 1 " + b"9" * 300 + b"\n",
        p.UNKNOWN_COMMAND: b"JUMP 1 2\n",
        p.BAD_ARGUMENTS: b"DOWN 7 1\n",
        driver.PAD_ERROR: b"ERR unknown_command\n",
    }
    for _ in range(5):
        for line in bad.values():
            pad.send_raw(line)
    pad.send_raw(b"X" * 5000)                       # a line that never ends, then one that does
    pad.send_raw(b"\nDOWN 1 0\n")
    assert hub.events.wait(lambda items: len(items) == 1)
    assert hub.events.items == [PadEvent(0, "a", 1, True, 0)]
    for why in bad:
        assert len(warnings_about(caplog, why)) == 1, why
        assert hub.problems()[("pad a", why)] >= 5
    assert hub.seat_states() == {0: ONLINE}


def reader_of(hub, pad):
    """The host's PadLink reading `pad`'s port (its ReaderThread's protocol), once open."""
    for port in list(hub._ports.values()):
        if port.pad_id == pad.pad_id and port.thread is not None:
            return getattr(port.thread, "protocol", None)
    return None


def held_by_the_host(hub, pad, data):
    """Wait until the host has read `data` and holds it as a line not ended yet: what the
    pad sends next comes in a later read."""
    return wait_until(lambda: (link := reader_of(hub, pad)) is not None and bytes(link.buffer).endswith(data))


BROKEN_OFF = [
    b"DOWN 1",                                          # an event cut short (the pad reset mid-line)
    b">>> ",                                            # MicroPython's prompt ends no line
    b"\x00\xfe\x07",                                    # line noise
    b"HELLO CELLPAD/1 id=a seat=1 fw=sim-1 butt",       # a HELLO cut short
    b"STATE seat=1 led=ffffff blink=solid held=0",      # a whole line whose LF was lost
    b"UP 2 " + b"7" * 70,                               # with the next line, past 80 bytes
]


def test_a_line_broken_off_is_dropped_and_the_pads_next_line_still_read(make_pad, make_hub, caplog):
    """Bytes without their LF (a pad reset mid-line, a lost LF, the REPL's prompt) end at
    the next LF; the pad's line that ends there is read, not lost with them."""
    pad = make_pad("a", seat=0)
    hub = make_hub()
    online(hub, 1)
    sent = []
    for fragment in BROKEN_OFF:
        pad.send_raw(fragment)
        assert held_by_the_host(hub, pad, fragment), fragment
        press = [p.Button(1, True, len(sent)), p.Button(1, False, len(sent) + 1)]
        pad.send_raw(b"".join(p.format_button(e.button, e.down, e.seq) for e in press))
        sent += press
    sent.append(p.Button(2, True, len(sent)))
    pad.send_raw(b"\xff\xfe>>> " + p.format_button(2, True, sent[-1].seq))   # noise and the line, one read
    assert hub.events.wait(lambda items: len(items) == len(sent)), (hub.events.items, hub.problems())
    assert [(e.button, e.down, e.seq) for e in hub.events.items] == [(e.button, e.down, e.seq) for e in sent]
    assert hub.problems()[("pad a", driver.BROKEN_LINE)] == 6      # five fragments and the noise in one read;
    assert hub.problems()[("pad a", p.TOO_LONG)] == 1              # the last fragment and its line pass 80 bytes
    assert len(warnings_about(caplog, driver.BROKEN_LINE)) == 1
    assert not {driver.EVENTS_LOST, driver.OUT_OF_ORDER} & {why for _, why in hub.problems()}


def test_a_press_as_the_port_opens_comes_before_the_hello_and_is_taken(make_hub, links):
    """A pad pressed just as the host opens its port sends DOWN and UP before its HELLO.
    They are held until the HELLO says whose pad it is, then taken for its seat, not
    dropped unheard. The order is made, so every attempt meets it: ten plugs, ten presses."""
    hub = make_hub()
    pad = PressedAsThePortOpens("early", seat=3, link_dir=links)
    try:
        for attempt in range(10):
            if attempt:
                assert pad.wait_for(lambda q: len(q.leds) == attempt)   # the host has said all it says
                pad.unplug()
                assert wait_until(lambda: hub.seat_states() == {3: OFFLINE})
                pad.plug()
            assert hub.events.wait(lambda items: len(items) == 2 * (attempt + 1)), (attempt, hub.problems())
        assert hub.events.items == [PadEvent(3, "early", 1, True, 0), PadEvent(3, "early", 1, False, 1)] * 10
        assert not {driver.NO_HELLO, driver.OUT_OF_ORDER} & {why for _, why in hub.problems()}, hub.problems()
    finally:
        pad.close()


def test_a_pad_of_another_protocol_version_is_incompatible_and_unheard(make_pad, make_hub, caplog):
    pad = make_pad("future", seat=0, version=2)
    hub = make_hub()
    assert wait_until(lambda: [s.state for s in hub.status()] == [INCOMPATIBLE])
    pad.tap(1)
    pad.tap(1)
    time.sleep(0.3)
    assert hub.events.items == [] and hub.seat_states() == {}
    assert len(warnings_about(caplog, p.WRONG_VERSION)) == 1
    assert "CELLPAD/2" in hub.status()[0].problem


def test_a_flooding_pad_is_throttled_logged_once_and_the_others_go_on(make_pad, make_hub, caplog):
    flooder, calm = make_pad("flood", seat=0), make_pad("calm", seat=1)
    hub = make_hub()
    online(hub, 2)
    blob = b"".join(p.format_button(1, i % 2 == 0, i) for i in range(20_000))
    start = time.monotonic()
    sender = threading.Thread(target=flooder.send_raw, args=(blob, 20.0))
    sender.start()
    time.sleep(0.05)
    calm.tap(2)                                    # pressed in the middle of the flood
    assert hub.events.wait(lambda items: any(e.pad_id == "calm" for e in items), timeout=1.0)
    hub.set_led(1, Led("00ff00"))                  # and the hub still lights pads
    assert calm.wait_for(lambda q: q.led == ("00ff00", "solid"), timeout=1.0)
    sender.join(20)
    elapsed = time.monotonic() - start
    assert wait_until(lambda: hub.problems().get(("pad flood", driver.FLOOD), 0) > 0)
    flooded = [e for e in hub.events.items if e.pad_id == "flood"]
    assert 0 < len(flooded) <= driver.EVENT_BURST + driver.EVENT_RATE * (elapsed + 0.5)
    assert len(warnings_about(caplog, driver.FLOOD)) == 1
    assert hub.seat_states() == {0: ONLINE, 1: ONLINE}


def test_repeated_and_skipped_sequence_numbers(make_pad, make_hub):
    pad = make_pad("a", seat=0)
    hub = make_hub()
    online(hub, 1)
    pad.send_raw(b"DOWN 1 5\nUP 1 5\nUP 1 4\nUP 1 9\n")
    assert hub.events.wait(lambda items: len(items) == 2)
    time.sleep(0.1)
    assert [(e.down, e.seq) for e in hub.events.items] == [(True, 5), (False, 9)]
    assert hub.problems()[("pad a", driver.OUT_OF_ORDER)] == 2
    assert hub.problems()[("pad a", driver.EVENTS_LOST)] == 1


def test_a_failing_callback_is_logged_and_the_pad_keeps_working(make_pad, links):
    calls = []

    def broken(event):
        calls.append(event)
        raise RuntimeError("screen bug")

    pad = make_pad("a", seat=0)
    hub = PadHub(Pads(scan=False, ports=(str(links / "pad-*"),)), broken, poll=POLL).start()
    try:
        assert wait_until(lambda: hub.seat_states() == {0: ONLINE})
        pad.tap(1)
        pad.tap(1)
        assert wait_until(lambda: len(calls) == 4)
        assert hub.problems()[("callback", driver.INTERNAL)] == 4
    finally:
        hub.stop()


# -- loop:// -------------------------------------------------------------------------------------
def test_over_loop_url_hello_events_and_the_echo_of_our_own_lines(make_hub):
    hub = make_hub(config=Pads(scan=False, ports=("loop://",)))
    assert wait_until(lambda: "loop://" in hub._ports and hub._ports["loop://"].thread is not None)
    ser = hub._ports["loop://"].thread.serial
    ser.write(p.format_hello("looped", 4, "1.0"))
    assert wait_until(lambda: hub.seat_states() == {4: ONLINE})
    for i in range(10):
        ser.write(p.format_button(1 + i % 2, True, i))
    # the loop also hands back everything the host wrote (HELLO, LED): refused as an echo, nothing else
    assert hub.events.wait(lambda items: len(items) == 10)
    assert [e.seq for e in hub.events.items] == list(range(10))
    assert [e.button for e in hub.events.items] == [1, 2] * 5
    # the echo may be read after the presses: wait for it rather than expect it already
    assert wait_until(lambda: sum(n for (who, why), n in hub.problems().items() if why == p.ECHO) >= 1)


def test_over_loop_url_a_line_split_across_reads_and_an_overlong_one(make_hub):
    hub = make_hub(config=Pads(scan=False, ports=("loop://",)))
    assert wait_until(lambda: "loop://" in hub._ports and hub._ports["loop://"].thread is not None)
    ser = hub._ports["loop://"].thread.serial
    ser.write(p.format_hello("x", 0, "1"))
    # once the echo of the host's LED is back, the host has nothing more to say
    assert wait_until(lambda: hub.problems().get(("pad x", p.ECHO), 0) >= 1)
    ser.write(b"DOWN 1")
    time.sleep(0.05)
    ser.write(b" 0\n" + b"A" * 200 + b"\nUP 1 1\n")
    assert hub.events.wait(lambda items: len(items) == 2)
    assert hub.events.items == [PadEvent(0, "x", 1, True, 0), PadEvent(0, "x", 1, False, 1)]
    assert hub.problems()[("pad x", p.TOO_LONG)] == 1


# -- simulated pads from the config, the main thread, stopping ---------------------------------------
def test_config_simulated_pads_come_up_and_can_be_claimed(make_hub):
    hub = make_hub(config=Pads(scan=False, simulated=2))
    assert len(hub.simulated) == 2
    online(hub, 2)
    hub.begin_claim(2)
    hub.simulated[1].tap(1)
    assert wait_until(lambda: hub.claiming == 1)
    hub.simulated[0].tap(1)
    assert wait_until(lambda: hub.assignments() == {"sim2": 0, "sim1": 1})
    hub.simulated[0].tap(2)
    assert hub.events.wait(lambda items: len(items) == 2)
    assert hub.events.items[0].seat == 1


def test_open_pads_delivers_on_the_kivy_main_thread(make_pad, links):
    drain_clock()
    seen = []

    def on_event(event):
        seen.append((event, threading.current_thread() is threading.main_thread()))

    pad = make_pad("a", seat=0)
    hub = open_pads(Pads(scan=False, ports=(str(links / "pad-*"),)), on_event, poll=POLL)
    try:
        assert wait_until(lambda: hub.seat_states() == {0: ONLINE})
        pad.tap(1)
        time.sleep(0.2)
        assert seen == []                           # nothing runs on the hub's threads
        assert tick_until(lambda: len(seen) == 2)
        assert all(on_main for _, on_main in seen) and seen[0][0].down
    finally:
        hub.stop()


def test_stop_ends_every_thread_and_closes_the_ports(make_pad, links):
    before = set(threading.enumerate())
    pad = make_pad("a", seat=0)
    hub = PadHub(Pads(scan=False, ports=(str(links / "pad-*"),), simulated=1), lambda e: None, poll=POLL).start()
    assert wait_until(lambda: len(hub.seat_states()) == 1 and len(hub.status()) == 2)
    hub.stop()
    assert wait_until(lambda: set(threading.enumerate()) - before <= {pad._reader})
    pad.tap(1)                                      # nobody listening: no error either


def test_probe_finds_the_pads_once_for_a_doctor(make_pad, links):
    make_pad("a", seat=0, fw="1.0.0")
    make_pad("b")
    statuses = driver.probe(Pads(scan=False, ports=(str(links / "pad-*"),)), timeout=2.0)
    assert [(s.pad_id, s.seat, s.state, s.fw) for s in statuses] == [("a", 0, ONLINE, "1.0.0"),
                                                                     ("b", None, ONLINE, "sim-1")]
    assert driver.probe(Pads(scan=False), timeout=0.2) == []


def test_leds_are_checked_where_they_are_set_not_in_the_sender(make_hub):
    hub = make_hub()
    with pytest.raises(TypeError):
        hub.set_led(0, ("ff0000", "solid"))
    with pytest.raises(ValueError):
        hub.apply_leds({8: Led()})
    with pytest.raises(ValueError):
        hub.set_led(-1, Led())
    hub.set_led(7, Led("123456"))
    assert hub._sender.is_alive() and hub.led_of(7) == Led("123456")
