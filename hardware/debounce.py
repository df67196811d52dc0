"""Turn a bouncing switch's raw edges into clean presses and releases.

Pure: no clock, no threads. The caller feeds every raw edge with its
timestamp and gets back what really happened.

How it decides (a "lockout" debouncer, chosen for low latency):

* The first edge that changes the debounced state is taken at once, so a
  press is reported on the very first contact instead of after the bounce.
* For ``window`` seconds after each accepted change every further edge is
  treated as bounce: it only updates the remembered raw level.
* When the window is over and the raw level differs from the debounced state
  (e.g. a tap so short that its release fell inside the window), that change
  is taken late. This happens on the next ``feed`` or on ``settle``; a caller
  with a timer calls ``settle(now, actual_level)`` when ``quiet_at`` is
  reached, so a burst that ended released never leaves the button "stuck".

gpiozero's mock pins ignore ``bounce_time`` and real bounce handling differs
between pin libraries, so Cellmate does this itself.
"""
from __future__ import annotations

from typing import NamedTuple


class Press(NamedTuple):
    at: float  # when the contact was first made (raw edge time)


class Release(NamedTuple):
    at: float    # when the contact opened (raw edge time, or the settle time if the edge was missed)
    held: float  # seconds the button was down: tells a short press from a long one


Change = Press | Release


class Debouncer:
    """Debounce one button. ``window`` is in seconds (0 takes every edge)."""

    def __init__(self, window: float, pressed: bool = False):
        if window < 0:
            raise ValueError(f"debounce window must not be negative, got {window!r}")
        self._window = float(window)
        self._pressed = pressed        # the debounced state
        self._raw = pressed            # the last level seen
        self._raw_at = float("-inf")   # when the last level was seen
        self._locked_until = float("-inf")
        self._pressed_at: float | None = None

    @property
    def window(self) -> float:
        return self._window

    @property
    def pressed(self) -> bool:
        """The debounced state."""
        return self._pressed

    @property
    def quiet_at(self) -> float:
        """When the current lockout ends: call ``settle`` then to pick up a pending change."""
        return self._locked_until

    @property
    def pending(self) -> bool:
        """True while the raw level disagrees with the debounced state."""
        return self._raw != self._pressed

    def held_for(self, now: float) -> float | None:
        """Seconds the button has been down, or None when it is up."""
        if not self._pressed or self._pressed_at is None:
            return None
        return now - self._pressed_at

    def feed(self, pressed: bool, at: float) -> list[Change]:
        """One raw edge: the level the pin now shows and when. Returns the accepted changes."""
        # A change that waited out the last lockout comes first, so the order
        # of events stays the order things happened.
        changes = self._catch_up(at)
        self._raw, self._raw_at = pressed, at
        if pressed != self._pressed and at >= self._locked_until:
            changes.append(self._accept(at, at))
        return changes

    def settle(self, now: float, pressed: bool | None = None) -> list[Change]:
        """Re-sync after the window: take a pending change, or the real level when given.

        ``pressed`` is the level read from the pin now; it covers edges that
        were missed altogether. Inside a lockout nothing changes yet.
        """
        if now < self._locked_until:
            return []
        if pressed is not None and pressed != self._raw:
            # An edge we never saw: all we know is that it happened by now.
            self._raw, self._raw_at = pressed, now
            if pressed != self._pressed:
                return [self._accept(now, now)]
            return []
        return self._catch_up(now)

    def _catch_up(self, now: float) -> list[Change]:
        if self._raw != self._pressed and now >= self._locked_until:
            # It would have been taken the moment the lockout ended.
            return [self._accept(self._raw_at, max(self._raw_at, self._locked_until))]
        return []

    def _accept(self, edge_at: float, accepted_at: float) -> Change:
        self._pressed = self._raw
        self._locked_until = accepted_at + self._window
        if self._pressed:
            self._pressed_at = edge_at
            return Press(edge_at)
        started = self._pressed_at if self._pressed_at is not None else edge_at
        self._pressed_at = None
        return Release(edge_at, max(0.0, edge_at - started))
