"""Seat pads: a Raspberry Pi Pico with buttons and an RGB LED at every seat, on USB serial.

* ``protocol``: the CELLPAD/1 lines, parsed and formatted (pure; spec in PROTOCOL.md)
* ``driver``: ``PadHub``, the host side over pyserial (finding, reading, lighting pads)
* ``simulator``: ``SimulatedPad``, a pad in software on a pseudo-terminal
* ``firmware/main.py``: the reference firmware (MicroPython on the Pico)
* ``99-cellmate-pads.rules``: the udev rule (stable names, ModemManager kept away)

What a press means to a game and what each LED shows is decided in the pure
``companion.pads``; the app joins the two (see README, "Seat pads").
"""
from __future__ import annotations

from typing import Callable

from .driver import PadEvent, PadHub, PadStatus


def open_pads(config, on_event: Callable[[PadEvent], object],
              on_status: Callable[[list[PadStatus]], object] | None = None, **kwargs) -> PadHub:
    """A started PadHub whose callbacks run on the Kivy main thread (next frame)."""
    from ..mainthread import to_main_thread

    hub = PadHub(config, to_main_thread(on_event), to_main_thread(on_status) if on_status else None, **kwargs)
    return hub.start()


__all__ = ["PadEvent", "PadHub", "PadStatus", "open_pads"]
