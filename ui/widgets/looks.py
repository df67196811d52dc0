"""When the widgets' looks are read: each module's kv file is beside it (text.py:
text.kv). A start reads only what a table is drawn with (START); the rest is read
on the frame after the first (LATER, ui/start.py), or by the first widget that needs
it, whichever comes first. A dialog's or a screen's look is read with the first one.

Kivy applies a widget's rules in the order their files were read: the base looks
other files give rules of their own (a Dialog's size, a NumberCell) are read at start.
"""
from __future__ import annotations

import importlib
from pathlib import Path

HERE = Path(__file__).resolve().parent
START = ("text", "buttons", "chips", "dice", "window")   # in this order: <Label> first
LATER = ("choices", "seats", "countdown", "lists")
LATER_KV = tuple(HERE / f"{name}.kv" for name in LATER)
_read: set[str] = set()         # the modules whose look has been looked for


def load_start_looks() -> None:
    """Every shared widget known to kv (Kivy learns a class as its module is imported),
    and the looks a table is drawn with, once per process."""
    for name in START + LATER:
        importlib.import_module(f".{name}", __package__)
    for name in START:
        _read_file(HERE / f"{name}.kv")


def load_later_looks() -> None:
    """The shared looks no table is drawn with at start (forms, tiles, a game's seats,
    the countdown, a list that scrolls only when it must)."""
    for path in LATER_KV:
        _read_file(path)


def load_look(module: str) -> None:
    """The kv file beside a ui module (ui/dialogs/keypad.py: ui/dialogs/keypad.kv), read
    once, when its widgets are first needed rather than at start."""
    if module in _read:
        return
    path = Path(importlib.import_module(module).__file__).resolve().with_suffix(".kv")
    if path.exists():
        _read_file(path)
    _read.add(module)


def _read_file(path: Path) -> None:
    from kivy.lang import Builder

    from ..kvcache import load_file

    if str(path) not in Builder.files:
        load_file(path)     # its parse kept from the last start (ui/kvcache.py)


_looked: set[type] = set()       # the classes whose looks (OwnLook, LaterLook) have been read


def _read_own_looks(widget_class: type) -> None:
    """The kv files beside the modules of a widget's class and its bases (the base's first)."""
    if widget_class not in _looked:
        for cls in reversed(widget_class.__mro__):
            if cls.__module__.startswith("ui."):
                load_look(cls.__module__)
        _looked.add(widget_class)


class LaterLook:
    """A widget whose look is read after the first frame (LATER), or when the first one
    is made before that: its own file then (seats.kv for the dice table's seat tokens),
    not the other LATER looks, which no table is drawn with at start."""

    def __init__(self, **kwargs):
        _read_own_looks(type(self))
        super().__init__(**kwargs)


class OwnLook:
    """A widget whose look is in the kv file beside its class's module (and its bases',
    the base's first): read before its rules apply, when the first one is made."""

    def __init__(self, **kwargs):
        _read_own_looks(type(self))
        super().__init__(**kwargs)
