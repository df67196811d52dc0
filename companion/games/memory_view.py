"""What a game remembers across tables, in words for the settings screen
(Memory.memory_view): its own module, so that only a game that remembers (Dig)
makes these types, when the screen first asks (companion/games/memory.py)."""
from __future__ import annotations

from dataclasses import dataclass


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
