"""Hand callbacks from GPIO and timer threads to the Kivy main thread.

Kivy widgets may only be touched from the main thread, but gpiozero calls
back from its own threads. ``to_main_thread(fn)`` gives a wrapper that
schedules ``fn(*args, **kwargs)`` with ``Clock.schedule_once`` (thread safe;
same-frame events run in the order they were scheduled).

Decision: calls made on the main thread go through the Clock too, instead of
running at once. That keeps every input in arrival order (a key press never
overtakes a button press queued a moment earlier) and means a handler never
runs inside the caller's stack, e.g. in the middle of a Kivy key dispatch.
The cost is at most one frame (~16 ms) of latency.
"""
from __future__ import annotations

import functools
from typing import Callable


def to_main_thread(fn: Callable) -> Callable[..., None]:
    """A wrapper that runs ``fn`` with the same arguments on the next Kivy frame."""
    from kivy.clock import Clock  # imported on first use: importing kivy sets up logging/config

    @functools.wraps(fn)
    def wrapper(*args, **kwargs) -> None:
        Clock.schedule_once(lambda _dt: fn(*args, **kwargs), 0)

    return wrapper
