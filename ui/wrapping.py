"""Where a line breaks, for text read across the table: a player's name and a
seat's short counts and tags. Pure: the caller says how wide a text is drawn
(`width(text)`) and in which language the table is (`lang`), so these are
tested without a window.

A name keeps its size (24 px) and is never cut: it breaks after a space or a
hyphen, and a single word wider than the line is broken as print does, with a
hyphen at the break ("Aufenthalts-" / "raum"), never losing a letter. Where a
word may break is pyphen's alone: the table's language's hyphenation dictionary
(Hunspell's patterns, as LibreOffice uses them), German words by the German one,
English by the English one; the line takes as much of the word as fits up to
its last break there. A word the dictionary offers no break for that fits (a
name from another language, or any word while the dictionary is still being
read: put_off) breaks after as many letters as fit, with a hyphen: the last
resort, never a guess at its syllables.
"""
from __future__ import annotations

import re
import threading
from typing import Callable

Width = Callable[[str], float]

# the table's language -> its hyphenation dictionary (pyphen's name for it)
DICTIONARIES = {"en": "en_US", "de": "de_DE"}

MIN_PART = 2       # letters at least before a break, and after one between letters
MIN_TAIL = 3       # letters at least after a dictionary's break (pyphen's `right`: "Recreation-" / "al" reads badly)


def name_lines(name: str, room: float, width: Width, lang: str | None = "en") -> list[str]:
    """The lines of `name` in a line `room` wide: as many pieces on a line as fit,
    a piece being a word or the part of one up to its hyphen; a piece wider than
    the line is hyphenated (by `lang`'s dictionary, see the module; None: no
    dictionary, between letters). The letters, read line after line, are the name's."""
    lines: list[str] = []
    line = ""
    for space, piece in _pieces(name):
        joined = line + (" " if space else "") + piece
        if not line or width(joined) <= room:
            if line or width(piece) <= room:
                line = joined
                continue
        if line:
            lines.append(line)
        line, done = piece, 0
        points = None       # where the dictionary breaks the whole piece, looked up once it must break
        while width(line) > room and len(line) > 2 * MIN_PART:
            if points is None:
                points = dictionary_breaks(piece, lang)
            cut = _cut(line, room, width, [k - done for k in points if k > done])
            if cut is None:
                break
            lines.append(line[:cut] + "-")
            line, done = line[cut:], done + cut
    if line or not lines:
        lines.append(line)
    return lines


def hyphenated(text: str, room: float, width: Width, lang: str | None = "en") -> str:
    """`text` with each word wider than `room` broken over lines (name_lines), the
    others left as they are; lines still break between words where they are drawn."""
    return " ".join("\n".join(name_lines(word, room, width, lang)) if width(word) > room else word
                    for word in text.split(" "))


def breaks_only_at(text: str, sep: str) -> str:
    """`text` with the spaces inside each part between two `sep` made non-breaking, so a
    line breaks only between parts ("U / Backspace: UNDO" kept whole)."""
    return sep.join(unbroken(part) for part in text.split(sep))


def unbroken(text: str) -> str:
    """`text` with its spaces non-breaking: never split over two lines."""
    return text.replace(" ", "\u00a0")


def _pieces(name: str) -> list[tuple[bool, str]]:
    """(after a space?, piece): the places a name may break without a new hyphen."""
    out = []
    for word in name.split():
        parts = re.findall(r"[^-]*-+|[^-]+$", word) or [word]
        out += [(i == 0 and bool(out), part) for i, part in enumerate(parts)]
    return out


def _cut(word: str, room: float, width: Width, points: list[int]) -> int | None:
    """Where to break a word too wide for its line: the letters before the break
    and a hyphen fit. The dictionary's last break that fits (`points`, as print
    does); without one, after as many letters as fit."""
    # (never just before the piece's own hyphen: "IAAA-" / "--")
    fits = [k for k in range(MIN_PART, len(word) - MIN_PART + 1)
            if word[k] != "-" and width(word[:k] + "-") <= room]
    if not fits:
        return None
    listed = [k for k in points if MIN_PART <= k <= fits[-1]]
    return listed[-1] if listed else fits[-1]


def dictionary_breaks(word: str, lang: str | None) -> list[int]:
    """Where `lang`'s hyphenation dictionary breaks `word` (the number of characters
    before each break), two letters at least before and three after; none for a
    language without one (or while it is put off). Punctuation around the word
    ("(Seife)", "Raum:") is not part of it. A break beside a piece of one letter
    is left out: the German dictionary comes in two levels (a compound's parts,
    then each part's syllables, two letters at least on either side of a break:
    its COMPOUNDLEFTHYPHENMIN and COMPOUNDRIGHTHYPHENMIN), which pyphen reads as
    one, and so slips on a few words ("Tun-ne-l-a-r-bei-ter", "Fer-tig-keits-s-um-me")."""
    dictionary = _dictionary(lang)
    if dictionary is None:
        return []
    letters = re.search(r"\w(?:.*\w)?", word)
    if letters is None:
        return []
    start, core = letters.start(), letters.group()
    points = [k for k in dictionary.positions(core) if core[k - 1].isalpha() and core[k].isalpha()]
    edges = [0] + points + [len(core)]
    return [start + k for i, k in enumerate(points, 1)
            if k - edges[i - 1] >= MIN_PART and edges[i + 1] - k >= MIN_PART]


_loaded: dict[str, object] = {}
_later: set[str] = set()        # dictionaries put off (put_off): words break between letters until it is read
_loading = threading.Lock()


def _dictionary(lang: str | None):
    """`lang`'s hyphenation dictionary (a pyphen.Pyphen), read at its first word; none
    while it is put off and not yet read."""
    name = DICTIONARIES.get(lang)
    if name is None or name in _later:
        return _loaded.get(name)
    return _loaded.get(name) or _read(name)


def _read(name: str):
    with _loading:
        if name not in _loaded:
            import pyphen
            _loaded[name] = pyphen.Pyphen(lang=name, left=MIN_PART, right=MIN_TAIL)   # reads it all
    return _loaded[name]


def dictionaries_read() -> int:
    """How many dictionaries have been read: a line broken before one was may break
    otherwise after (ui.widgets.seats keeps a name's breaks until this changes)."""
    return len(_loaded)


def put_off(lang: str) -> None:
    """Words in `lang` break between letters, not waiting for its dictionary, until
    prepare() has read it: reading the German one takes some 0.6 s here (seconds on a
    Pi), which the app's first frame does not wait for."""
    name = DICTIONARIES.get(lang)
    if name is not None and name not in _loaded:
        _later.add(name)


def prepare(lang: str, then: Callable[[], object] | None = None) -> None:
    """Read `lang`'s dictionary on a thread of its own, then call `then` there (the app
    breaks its words again by it); nothing to do for one read already."""
    name = DICTIONARIES.get(lang)
    if name is None or name in _loaded:
        return

    def read():
        try:
            _read(name)
        finally:
            _later.discard(name)
        if then is not None:
            then()

    threading.Thread(target=read, name="cellmate-hyphenation", daemon=True).start()


def pack(items: list[str], rooms: list[float], width: Width, sep: str = " · ") -> list[list[str]]:
    """Items (a seat's counts and tags) on lines, as many on a line as fit with
    `sep` between them, in order: the items of each line. Line i is rooms[i] wide
    (the last width repeats). An item too wide for a narrow line leaves it empty
    for a wider one; it is never split over lines by this (one too wide for the
    widest line stays whole: its label wraps it at its spaces)."""
    lines: list[list[str]] = []
    line: list[str] = []
    for item in items:
        room = rooms[min(len(lines), len(rooms) - 1)]
        if line and width(sep.join(line + [item])) <= room:
            line.append(item)
            continue
        if line:
            lines.append(line)
        while width(item) > rooms[min(len(lines), len(rooms) - 1)] and len(lines) < len(rooms) - 1:
            lines.append([])
        line = [item]
    if line:
        lines.append(line)
    return lines
