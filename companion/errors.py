"""The one error a table's input can meet: the rules (or the table set-up) say no.

`key` and `params` name a catalogue text (error.<key>), so the screen says it
in the table's language; the message is the same in English, for scripts.
"""
from __future__ import annotations

from typing import Any


class IllegalAction(ValueError):
    """Something the rules do not allow now; nothing changed."""

    def __init__(self, key: str, message: str, **params: Any):
        super().__init__(message)
        self.key = key
        self.params = params
