"""Hand callbacks from GPIO and timer threads to the Kivy main thread.

Kivy widgets may only be touched from the main thread, but gpiozero calls
back from its own threads. ``to_main_thread(fn)`` gives a wrapper that
schedules ``fn(*args, **kwargs)`` on Kivy's Clock as a *free* event
(``Clock.schedule_once_free``: thread safe; events run in the order they were
scheduled).

Decision: Kivy's ``free_all`` clock (``use_waking_clock``, before Kivy's clock is
first imported). On Kivy's default clock a hop waits for the next frame's tick,
up to a whole frame (16.7 ms at 60 fps) before anything happens. A free event
instead wakes the sleeping main loop at once, which then runs a whole frame:
the handler, layout and the draw. Every other event (animations, scrolling,
layout) keeps the 60 fps pace, so nothing else runs faster or costs more.

Decision: calls made on the main thread go through the Clock too, instead of
running at once. That keeps every input in arrival order (a key press never
overtakes a button press queued a moment earlier) and means a handler never
runs inside the caller's stack, e.g. in the middle of a Kivy key dispatch.
They run in the very next pass of the main loop.
"""
from __future__ import annotations

import functools
import sys
from typing import Callable

WAKING_CLOCK = "free_all"   # Kivy's clock that a free event wakes at once (kivy.clock, "kivy_clock")


def use_waking_clock() -> None:
    """Ask Kivy for the clock a hop wakes at once. It only counts before
    kivy.clock is first imported (Kivy picks its clock then); later it is too
    late, and hops wait for the next frame as on Kivy's default clock
    (to_main_thread falls back to that)."""
    if "kivy.clock" not in sys.modules:
        from kivy.config import Config
        Config.set("kivy", "kivy_clock", WAKING_CLOCK)


def to_main_thread(fn: Callable) -> Callable[..., None]:
    """A wrapper that runs ``fn`` with the same arguments on the main thread, at once
    if the main loop sleeps (the waking clock), else at the next frame."""
    from kivy.clock import Clock  # imported on first use: importing kivy sets up logging/config

    schedule = getattr(Clock, "schedule_once_free", Clock.schedule_once)

    @functools.wraps(fn)
    def wrapper(*args, **kwargs) -> None:
        schedule(lambda _dt: fn(*args, **kwargs), 0)

    return wrapper
