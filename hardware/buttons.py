"""The arcade buttons on the GPIO header, as ``InputEvent`` values.

Each fitted button is a gpiozero ``DigitalInputDevice`` (wired between its pin
and GND, internal pull-up) whose edges go through our own ``Debouncer``; gpiozero's
``bounce_time`` is left off because it behaves differently per pin library and
not at all on mock pins. Not gpiozero's ``Button``: its hold thread wakes ten
times a second for as long as the app runs, one per button, and long presses
are timed here.

* ROLL, TIMER and CONFIRM are sent on the press itself (the first contact),
  so the screen reacts without waiting for the finger to lift.
* UNDO is a short press, sent on release. REDO is a long press: it is sent
  **as soon as the button has been held for ``long_press_ms``**, not on
  release, so the player sees the redo happen and knows they can let go;
  the release after a REDO sends nothing. (A release that arrives before the
  hold timer ran but after ``long_press_ms`` still counts as REDO.)

``on_input`` is called from gpiozero's and this module's timer threads; the
rig wraps it with ``hardware.mainthread.to_main_thread`` before it gets here.
"""
from __future__ import annotations

import logging
import threading
import time
from typing import Callable

from gpiozero import DigitalInputDevice

from companion.closing import Closing
from companion.config import Buttons
from companion.inputs import InputEvent

from .debounce import Debouncer, Press, Release

log = logging.getLogger(__name__)

# A timer never fires before its delay, but a float clock read in the timer
# thread can still land a hair before the lockout end; this keeps settle()
# from finding itself "too early".
_TIMER_MARGIN = 0.002


class _Key:
    """One fitted button: its gpiozero device, its debouncer and its timers."""

    def __init__(self, panel: "ButtonPanel", event: InputEvent, pin: int, pin_factory):
        self.panel = panel
        self.event = event
        self.pin = pin
        self.lock = threading.Lock()
        self.debouncer = Debouncer(panel.debounce)
        self.settle_timer: threading.Timer | None = None
        self.hold_timer: threading.Timer | None = None
        self.press_id = 0
        self.redo_sent = False
        self.closed = False
        # pull_up: pressed is low, and gpiozero's "active"
        self.button = DigitalInputDevice(pin, pull_up=True, bounce_time=None, pin_factory=pin_factory)
        self.button.when_activated = self._on_pressed
        self.button.when_deactivated = self._on_released

    # gpiozero calls these with no argument (it inspects the signature).
    def _on_pressed(self):
        self._edge(True)

    def _on_released(self):
        self._edge(False)

    def _edge(self, pressed: bool):
        with self.lock:
            if self.closed:
                return
            now = self.panel.clock()
            out = self._handle(self.debouncer.feed(pressed, now))
            # Always look at the real pin once the window is over: picks up a
            # tap that ended inside the window and any edge the driver dropped.
            self._schedule_settle(now)
        self.panel._emit(out)

    def _settle(self):
        with self.lock:
            if self.closed:
                return
            self.settle_timer = None
            now = self.panel.clock()
            level = self.button.is_active
            out = self._handle(self.debouncer.settle(now, level))
            if level != self.debouncer.pressed and now < self.debouncer.quiet_at:
                # Woke before the lockout ended by this clock: look again, so
                # a pending release can never be forgotten.
                self._schedule_settle(now)
        self.panel._emit(out)

    def _hold_reached(self, press_id: int):
        with self.lock:
            if self.closed or press_id != self.press_id:
                return
            self.hold_timer = None
            # Make sure the button really is still down before calling it a hold.
            out = self._handle(self.debouncer.settle(self.panel.clock(), self.button.is_active))
            if self.debouncer.pressed and press_id == self.press_id and not self.redo_sent:
                self.redo_sent = True
                out.append(InputEvent.REDO)
        self.panel._emit(out)

    def _handle(self, changes) -> list[InputEvent]:
        out: list[InputEvent] = []
        for change in changes:
            if self.event is not InputEvent.UNDO:
                if isinstance(change, Press):
                    out.append(self.event)
                continue
            if isinstance(change, Press):
                self.press_id += 1
                self.redo_sent = False
                self._start_hold_timer()
            elif isinstance(change, Release):
                self._cancel_hold_timer()
                if not self.redo_sent:
                    long = change.held >= self.panel.long_press
                    out.append(InputEvent.REDO if long else InputEvent.UNDO)
                self.redo_sent = False
        return out

    def _schedule_settle(self, now: float):
        if self.settle_timer is not None:
            self.settle_timer.cancel()
        delay = max(0.0, self.debouncer.quiet_at - now) + _TIMER_MARGIN
        self.settle_timer = _timer(delay, self._settle)

    def _start_hold_timer(self):
        self._cancel_hold_timer()
        self.hold_timer = _timer(self.panel.long_press, self._hold_reached, self.press_id)

    def _cancel_hold_timer(self):
        if self.hold_timer is not None:
            self.hold_timer.cancel()
            self.hold_timer = None

    def close(self):
        with self.lock:
            self.closed = True
            for timer in (self.settle_timer, self.hold_timer):
                if timer is not None:
                    timer.cancel()
            self.settle_timer = self.hold_timer = None
        self.button.close()


def _timer(delay: float, fn, *args) -> threading.Timer:
    timer = threading.Timer(delay, fn, args)
    timer.daemon = True  # never keep the app alive on exit
    timer.start()
    return timer


class ButtonPanel(Closing):
    """All fitted buttons. ``buttons`` is ``config.buttons``; a pin of None means not fitted."""

    def __init__(
        self,
        buttons: Buttons,
        on_input: Callable[[InputEvent], object],
        pin_factory=None,
        clock: Callable[[], float] = time.monotonic,
    ):
        self.on_input = on_input
        self.clock = clock
        self.debounce = buttons.debounce_ms / 1000.0
        self.long_press = buttons.long_press_ms / 1000.0
        self._keys: list[_Key] = []
        wanted = (
            (InputEvent.ROLL, buttons.roll),
            (InputEvent.TIMER, buttons.timer),
            (InputEvent.CONFIRM, buttons.confirm),
            (InputEvent.UNDO, buttons.undo),
        )
        try:
            for event, pin in wanted:
                if pin is not None:
                    self._keys.append(_Key(self, event, pin, pin_factory))
        except BaseException:
            self.close()  # don't leave half the pins claimed
            raise

    @property
    def pins(self) -> dict[InputEvent, int]:
        """The fitted buttons: which event each BCM pin sends (REDO shares UNDO's pin)."""
        return {key.event: key.pin for key in self._keys}

    def _emit(self, events: list[InputEvent]):
        # Called outside the key's lock, so a slow handler cannot stall the timers.
        for event in events:
            try:
                self.on_input(event)
            except Exception:  # a broken handler must not kill gpiozero's callback thread
                log.exception("input handler failed for %s", event)

    def close(self):
        keys, self._keys = self._keys, []
        for key in keys:
            key.close()

