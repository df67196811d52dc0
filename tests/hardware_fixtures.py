"""Shared set-up for tests/test_hardware_*.py and the seat pads' (imported by them, not a conftest).

tests/conftest.py has made Kivy headless before any test module is imported.
"""
import threading
import time

import pytest  # noqa: E402
from gpiozero import Device  # noqa: E402
from gpiozero.pins.mock import MockFactory, MockPWMPin  # noqa: E402

from hardware.pads import protocol as p  # noqa: E402
from hardware.pads.simulator import SimulatedPad  # noqa: E402


def _factory(**kwargs):
    factory = MockFactory(**kwargs)
    Device.pin_factory = factory
    yield factory
    factory.reset()  # frees every pin the test's devices reserved
    Device.pin_factory = None


@pytest.fixture
def mock_factory():
    """A fresh MockFactory (plain pins) as gpiozero's default, reset afterwards."""
    yield from _factory()


@pytest.fixture
def pwm_factory():
    """A fresh MockFactory whose pins do PWM (for TonalBuzzer)."""
    yield from _factory(pin_class=MockPWMPin)


class Recorder:
    """Collects callback calls, with the thread each came in on; waits for them."""

    def __init__(self):
        self.calls = []
        self.threads = []
        self._cond = threading.Condition()

    def __call__(self, value):
        with self._cond:
            self.calls.append(value)
            self.threads.append(threading.current_thread())
            self._cond.notify_all()

    def wait_for(self, count, timeout=2.0):
        with self._cond:
            return self._cond.wait_for(lambda: len(self.calls) >= count, timeout)


@pytest.fixture
def recorder():
    return Recorder()


def tick_until(predicate, timeout=2.0):
    """Run Kivy frames on this (the main) thread until predicate() holds."""
    from kivy.clock import Clock

    deadline = time.monotonic() + timeout
    while True:
        Clock.tick()
        if predicate():
            return True
        if time.monotonic() > deadline:
            return False
        time.sleep(0.002)


def drain_clock():
    """Run whatever an earlier test left scheduled, so it cannot leak into this one."""
    from kivy.clock import Clock

    for _ in range(3):
        Clock.tick()


class PressedAsThePortOpens(SimulatedPad):
    """A seat pad pressed just as the host opens its port: its boot HELLO went nowhere (a
    USB pad booted before the port was open), and its button goes down and up as the
    host's HELLO comes in, before the pad answers it: the host reads DOWN and UP before
    the HELLO that says whose pad it is. The order is made, not timed: the same on every plug."""

    def __init__(self, pad_id, seat=None, **kwargs):
        super().__init__(pad_id, seat, hello_at_plug=False, **kwargs)

    def plug(self):
        self.press_at_hello = True
        super().plug()

    def _handle(self, line):
        if self.press_at_hello and p.parse_command(line) == p.HostHello(p.VERSION):
            self.press_at_hello = False
            self.tap(1)
        super()._handle(line)
