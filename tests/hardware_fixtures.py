"""Shared set-up for tests/test_hardware_*.py (imported by them, not a conftest).

tests/conftest.py has made Kivy headless before any test module is imported.
"""
import threading
import time

import pytest  # noqa: E402
from gpiozero import Device  # noqa: E402
from gpiozero.pins.mock import MockFactory, MockPWMPin  # noqa: E402


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
