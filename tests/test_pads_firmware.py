"""The reference firmware (hardware/pads/firmware/main.py) speaks the same
CELLPAD/1 as the host: its protocol core runs here under CPython, alone and
behind a pseudo-terminal talking to a real PadHub. The udev rule is checked
for what it must say."""
import importlib.util
import os
import select
import threading
import time
import tty
from pathlib import Path

import pytest

from companion.config import Pads
from companion.pads import Led
from hardware.pads import protocol as p
from hardware.pads.driver import ONLINE, PadHub

PADS = Path(__file__).parent.parent / "hardware" / "pads"


def load_firmware():
    spec = importlib.util.spec_from_file_location("cellpad_firmware", PADS / "firmware" / "main.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)          # not __main__: run() (the Pico's loop) does not start
    return module


fw = load_firmware()


class Wire:
    def __init__(self):
        self.lines = []

    def __call__(self, text):
        assert text.endswith("\n")
        self.lines.append(text.encode())

    def parsed(self):
        return [p.parse_line(line) for line in self.lines]


def pad(seat=None, buttons=2):
    wire = Wire()
    saved = []
    return fw.Pad("E6614C311B2A7E2F", seat, buttons, wire, saved.append), wire, saved


def test_the_firmware_hello_and_events_parse_on_the_host():
    firmware, wire, _ = pad(seat=3, buttons=3)
    firmware.hello()
    firmware.button(1, True)
    firmware.button(1, False)
    firmware.seq = 65535
    firmware.button(3, True)
    firmware.button(3, False)
    assert wire.parsed() == [p.Hello(1, "E6614C311B2A7E2F", 2, fw.FW, 3), p.Button(1, True, 0),
                             p.Button(1, False, 1), p.Button(3, True, 65535), p.Button(3, False, 0)]
    assert fw.PROTOCOL == f"{p.PROTOCOL}/{p.VERSION}" and fw.MAX_LINE == p.MAX_LINE


def test_the_firmware_obeys_the_hosts_commands():
    firmware, wire, saved = pad()
    firmware.feed(p.format_host_hello() + p.format_led("FF8000", "slow") + p.format_seat(4) + p.format_query(), 0)
    hello, state = wire.parsed()
    assert hello == p.Hello(1, "E6614C311B2A7E2F", None, fw.FW, 2)
    assert state == p.State(4, "ff8000", "slow", 0)
    assert saved == [5]                                 # the wire's seat 5, kept in flash
    firmware.feed(p.format_seat(4))
    assert saved == [5]                                 # no needless flash write
    firmware.button(2, True)
    firmware.feed(p.format_query())
    assert wire.parsed()[-1] == p.State(4, "ff8000", "slow", 2)


def test_the_firmware_blinks():
    firmware, _, _ = pad()
    firmware.feed(b"LED 102030 fast\n")
    assert firmware.led_now(0) == (16, 32, 48) and firmware.led_now(130) == (0, 0, 0)
    assert firmware.led_now(250) == (16, 32, 48)
    firmware.feed(b"LED 102030 solid\n")
    assert all(firmware.led_now(t) == (16, 32, 48) for t in range(0, 2000, 77))


@pytest.mark.parametrize("line, reason", [
    (b"LED red solid", p.BAD_ARGUMENTS), (b"SEAT 9", p.BAD_ARGUMENTS), (b"REBOOT", p.UNKNOWN_COMMAND),
    (b"HELLO CELLPAD/2", p.WRONG_VERSION), (b"\x01\x02", p.NOT_ASCII), (b"X" * 100, p.TOO_LONG),
])
def test_the_firmware_answers_bad_lines_with_err_and_carries_on(line, reason):
    firmware, wire, _ = pad()
    firmware.feed(line + b"\n" + p.format_query())
    err, state = wire.parsed()
    assert err == p.PadError(reason) and reason in p.REASONS
    assert isinstance(state, p.State)


def test_the_firmware_never_answers_its_own_lines_echoed_back_and_paces_hellos():
    firmware, wire, _ = pad()
    firmware.hello(0)
    echo = wire.lines[0] + b"DOWN 1 0\nSTATE seat=- led=000000 blink=solid held=0\nERR x\n"
    firmware.feed(echo, 10)
    assert len(wire.lines) == 1
    firmware.feed(b"HELLO CELLPAD/1\n" * 5, 50)         # asked again and again within 200 ms
    assert len(wire.lines) == 1
    firmware.feed(b"HELLO CELLPAD/1\n", 300)
    assert len(wire.lines) == 2


def test_debouncing_a_bouncy_button_gives_one_press():
    button = fw.Debounced()
    changes = []
    for t, level in [(0, True), (3, False), (5, True), (8, False), (9, True)] + [(t, True) for t in range(10, 60, 2)]:
        if button.update(level, t):
            changes.append((t, button.pressed))
    assert changes == [(30, True)]                      # 20 ms after the last bounce (at 9 ms)
    for t in range(60, 120, 2):
        if button.update(False, t):
            changes.append((t, button.pressed))
    assert changes == [(30, True), (80, False)]


def test_the_firmware_on_a_pty_with_a_real_hub(tmp_path):
    """The firmware's core behind a pseudo-terminal, as on the Pico's USB serial:
    hello, claiming a seat, its LED, a press."""
    master, slave = os.openpty()
    tty.setraw(slave)
    link = tmp_path / "pad-fw"
    link.symlink_to(os.ttyname(slave))
    saved = []
    firmware = fw.Pad("FW1", None, 2, lambda text: os.write(master, text.encode()), saved.append)
    stop = threading.Event()

    def serve():
        while not stop.is_set():
            if select.select([master], [], [], 0.05)[0]:
                try:
                    firmware.feed(os.read(master, 1024), int(time.monotonic() * 1000))
                except OSError:
                    return

    server = threading.Thread(target=serve, daemon=True)
    server.start()
    events = []
    hub = PadHub(Pads(scan=False, ports=(str(link),)), events.append, poll=0.05).start()
    try:
        deadline = time.monotonic() + 3
        while not any(s.state == ONLINE for s in hub.status()) and time.monotonic() < deadline:
            time.sleep(0.01)
        assert [s.pad_id for s in hub.status() if s.state == ONLINE] == ["FW1"]
        hub.begin_claim(2)
        hub.apply_leds({1: Led("56b4e9", "slow")})
        hub.claim_seat(1)
        firmware.button(1, True)
        firmware.button(1, False)
        deadline = time.monotonic() + 3
        while firmware.colour_text != "56b4e9" and time.monotonic() < deadline:
            time.sleep(0.01)
        assert (firmware.seat, firmware.colour_text, firmware.blink) == (2, "56b4e9", "slow")
        assert saved[-1] == 2 and hub.assignments() == {"FW1": 1}
        firmware.button(2, True)
        deadline = time.monotonic() + 3
        while not events and time.monotonic() < deadline:
            time.sleep(0.01)
        assert [(e.seat, e.button, e.down) for e in events] == [(1, 2, True)]
    finally:
        hub.stop()
        stop.set()
        server.join(2)
        os.close(master)
        os.close(slave)


def test_the_udev_rule_names_pads_and_keeps_modemmanager_away():
    rule = (PADS / "99-cellmate-pads.rules").read_text()
    lines = [line for line in rule.splitlines() if line and not line.startswith("#")]
    assert lines and all('ATTR{idVendor}=="2e8a"' in line or 'ATTRS{idVendor}=="2e8a"' in line for line in lines)
    assert all('idProduct}=="0005"' in line for line in lines)
    assert all('ENV{ID_MM_DEVICE_IGNORE}="1"' in line for line in lines)
    tty_rule = next(line for line in lines if 'SUBSYSTEM=="tty"' in line)
    assert 'SYMLINK+="cellmate/pad-' in tty_rule and 'GROUP="dialout"' in tty_rule
    defaults = Pads()
    assert (defaults.vid, defaults.pid) == (0x2E8A, 0x0005)


RUN_ON_FAKE_PICO = r'''
import sys, types, importlib.util

class Stop(Exception):
    pass

out = []
inbox = bytearray(b"HELLO CELLPAD/1\nLED 00ff00 fast\n")
clock = {"ms": 0, "loops": 0}
levels = {14: 1, 15: 1, 13: 1}          # pulled up: not pressed
duties = {}

machine = types.ModuleType("machine")
class Pin:
    IN, PULL_UP = 0, 1
    def __init__(self, n, *args):
        self.n = n
    def value(self):
        return levels[self.n]
class PWM:
    def __init__(self, pin):
        self.n = pin.n
    def freq(self, f):
        pass
    def duty_u16(self, d):
        duties[self.n] = d
machine.Pin, machine.PWM = Pin, PWM
machine.unique_id = lambda: bytes.fromhex("e6614c311b2a7e2f")

fake_time = types.ModuleType("time")
fake_time.ticks_ms = lambda: clock["ms"]
fake_time.ticks_diff = lambda a, b: a - b
def sleep_ms(ms):
    clock["ms"] += ms
    clock["loops"] += 1
    if clock["loops"] == 20:
        levels[14] = 0                  # MAIN goes down
    if clock["loops"] == 60:
        levels[14] = 1
    if clock["loops"] == 100:
        raise Stop
fake_time.sleep_ms = sleep_ms

fake_select = types.ModuleType("select")
fake_select.POLLIN = 1
class Poll:
    def register(self, *a):
        pass
    def poll(self, timeout):
        return [1] if inbox else []
fake_select.poll = Poll

class Stdin:
    class buffer:
        @staticmethod
        def read(n):
            b = bytes(inbox[:n]); del inbox[:n]; return b
class Stdout:
    def write(self, text):
        out.append(text)

sys.modules.update(machine=machine, time=fake_time, select=fake_select)
sys.stdin, sys.stdout = Stdin(), Stdout()
spec = importlib.util.spec_from_file_location("firmware", sys.argv[1])
fw = importlib.util.module_from_spec(spec)
spec.loader.exec_module(fw)
fw.SEAT_FILE = sys.argv[2]
try:
    fw.run()
except Stop:
    pass
sys.stdout = sys.__stdout__
print(repr(out))
print(repr(duties))
'''


def test_the_firmware_main_loop_on_a_fake_pico(tmp_path):
    """run() itself, with the Pico's modules faked: it greets, obeys LED,
    debounces a press and drives the PWM."""
    import ast
    import subprocess
    import sys

    script = tmp_path / "fake_pico.py"
    script.write_text(RUN_ON_FAKE_PICO)
    done = subprocess.run([sys.executable, str(script), str(PADS / "firmware" / "main.py"), str(tmp_path / "seat.txt")],
                          capture_output=True, text=True, timeout=30)
    assert done.returncode == 0, done.stderr
    out_line, duties_line = done.stdout.strip().splitlines()[-2:]
    lines = [p.parse_line(text.encode()) for text in ast.literal_eval(out_line)]
    assert lines[0] == lines[1] == p.Hello(1, "E6614C311B2A7E2F", None, fw.FW, 3)   # at boot, and asked
    assert lines[2:] == [p.Button(1, True, 0), p.Button(1, False, 1)]
    duties = ast.literal_eval(duties_line)
    assert set(duties) == {16, 17, 18} and duties[16] == duties[18] == 0      # green only (or dark: blinking)
