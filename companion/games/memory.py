"""What a game remembers across tables (a part a game opts into by taking the Memory
mixin: Dig's board map). The shell asks `remembers(game)` before it offers any of it."""
from __future__ import annotations

from dataclasses import dataclass

from ..errors import IllegalAction


@dataclass(frozen=True)
class MemoryEntry:
    """One remembered fact, as the settings screen lists it (a face of Dig's die)."""
    key: str                                   # what edit_memory gets back ("7")
    text: str                                  # words: "7: Laundry + Yard", "8: not known yet"
    known: bool                                # set, or not known yet
    fixed: bool = False                        # printed in the rulebook: shown, never changed
    choices: tuple[tuple[str, str], ...] = ()  # (value, words) it may be set to
    question: str = ""                         # what choosing asks ("Which two places are beside the 3?")


@dataclass(frozen=True)
class MemoryList:
    """A list the table added to (Dig's extra places): each item removable, more may be added."""
    key: str
    label: str
    items: tuple[tuple[str, str], ...]         # (value, words)
    can_add: bool
    add_label: str
    add_title: str = ""                        # what adding asks ("Name of the added place")


@dataclass(frozen=True)
class MemoryView:
    """What a game remembers across tables, for the settings screen (Game.memory_view)."""
    title: str
    note: str
    entries: tuple[MemoryEntry, ...] = ()
    lists: tuple[MemoryList, ...] = ()
    fixed_note: str = ""                       # said when a fixed entry is tapped
    export_name: str | None = None             # the file "Export" writes in the data dir
    forget_label: str = ""                     # the button that makes an entry unknown again
    export_label: str = ""                     # the export button
    exported: str = ""                         # said after exporting ({name}: the file's name)
    export_failed: str = ""                    # said when it could not be written ({reason})


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
