"""What a game remembers across tables (a part a game opts into by taking the Memory
mixin: Dig's board map). The shell asks `remembers(game)` before it offers any of it.

The words for the settings screen (MemoryEntry, MemoryList, MemoryView) are in
memory_view.py, made when first named here: a start that reopens a game that
remembers nothing makes none of their types."""
from __future__ import annotations

from typing import TYPE_CHECKING

from ..errors import IllegalAction

if TYPE_CHECKING:
    from .memory_view import MemoryEntry, MemoryList, MemoryView  # noqa: F401

_VIEWS = ("MemoryEntry", "MemoryList", "MemoryView")


def __getattr__(name: str):
    if name in _VIEWS:
        from . import memory_view
        return getattr(memory_view, name)
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")


class Memory:
    memory_keys: tuple[str, ...] = ()   # settings the game learns across tables (see recall / learn)

    def recall(self, memory: dict) -> dict:
        """Options a new game takes from what was learned at earlier tables
        (memory: the settings named in memory_keys)."""
        return {}

    def learn(self, memory: dict, state: dict, taught: dict) -> tuple[dict, dict]:
        """After every change of a game: (memory to save, what this game has taught
        so far). `taught` is what the previous call returned (start: {}), so a step
        that is undone can take back what it taught."""
        return memory, taught

    def memory_view(self, memory: dict, t) -> MemoryView | None:
        """The remembered facts in words, for the settings screen (None: nothing to show)."""
        return None

    def edit_memory(self, memory: dict, change: tuple) -> dict:
        """The memory after one change from the settings screen:
        ("set", entry key, value) | ("forget", entry key) | ("add", list key, text) |
        ("remove", list key, value). IllegalAction when the game refuses it."""
        raise IllegalAction("memory_fixed", "there is nothing to change here")

    def export_memory(self, memory: dict) -> dict:
        """The memory as JSON for the export file (MemoryView.export_name)."""
        return dict(memory)



def remembers(game) -> bool:
    """Whether the game learns across tables (it took the Memory part)."""
    return isinstance(game, Memory)
