"""The screens, one module each, with its look in the .kv file beside it, loaded
by name (Kivy's showcase style): ui/screens/<name>.py defines SCREEN.
"""
from __future__ import annotations

import importlib
from pathlib import Path

NAMES = ("home", "games", "setup", "dice", "game", "vote", "log", "sessions", "settings", "about", "pads",
         "stats")
HERE = Path(__file__).parent


# what a screen's kv file uses from elsewhere: another screen's rows, or a ui module's look
NEEDS = {"sessions": ("log",), "game": ("ui.board_view",), "settings": ("ui.memory_panel",)}


def load(name: str):
    """The screen class called `name`, its kv file (and those it needs) loaded once per process."""
    from kivy.lang import Builder

    from ..kvcache import load_file

    for needed in NEEDS.get(name, ()):
        if needed.startswith("ui."):
            from ..widgets.looks import load_look
            load_look(needed)
        else:
            load(needed)
    module = importlib.import_module(f"{__name__}.{name}")
    kv = str(HERE / f"{name}.kv")
    if kv not in Builder.files:
        load_file(kv)       # its parse kept from the last start (ui/kvcache.py)
    return module.SCREEN
