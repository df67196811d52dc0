"""Where a line breaks, for text read across the table: a player's name and a
seat's short counts and tags. Pure: the caller says how wide a text is drawn
(`width(text)`), so these are tested without a window.

A name keeps its size (24 px) and is never cut: it breaks after a space or a
hyphen, and a single word wider than the line is broken as print does, with a
hyphen at the break ("Donaudampf-" / "schiffahrt"), never losing a letter.
"""
from __future__ import annotations

import re
from typing import Callable

Width = Callable[[str], float]

VOWELS = set("aeiouyäöüáàâéèêíìîóòôúùûæøå")
# not split: one sound, or a consonant and l / r that begin a syllable together ("Himmel-blau", "Am-brose")
KEEP = ("ch", "ck", "ph", "th", "sh", "qu", "ie", "ei", "ai", "au", "eu", "äu", "ou", "oo", "ee",
        "bl", "br", "pl", "pr", "kl", "kr", "gl", "gr", "fl", "fr", "dr", "tr")
MIN_PART = 2       # letters at least on either side of a break
MIN_TAIL = 3       # letters at least after a chosen syllable break


def name_lines(name: str, room: float, width: Width) -> list[str]:
    """The lines of `name` in a line `room` wide: as many pieces on a line as fit,
    a piece being a word or the part of one up to its hyphen; a piece wider than
    the line is hyphenated. The letters, read line after line, are the name's."""
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
        line = piece
        while width(line) > room and len(line) > 2 * MIN_PART:
            cut = _cut(line, room, width)
            if cut is None:
                break
            lines.append(line[:cut] + "-")
            line = line[cut:]
    if line or not lines:
        lines.append(line)
    return lines


def hyphenated(text: str, room: float, width: Width) -> str:
    """`text` with each word wider than `room` broken over lines (name_lines), the
    others left as they are; lines still break between words where they are drawn."""
    return " ".join("\n".join(name_lines(word, room, width)) if width(word) > room else word
                    for word in text.split(" "))


def breaks_only_at(text: str, sep: str) -> str:
    """`text` with the spaces inside each part between two `sep` made non-breaking, so a
    line breaks only between parts ("U / Backspace: UNDO" kept whole)."""
    return sep.join(part.replace(" ", "\u00a0") for part in text.split(sep))


def _pieces(name: str) -> list[tuple[bool, str]]:
    """(after a space?, piece): the places a name may break without a new hyphen."""
    out = []
    for word in name.split():
        parts = re.findall(r"[^-]*-+|[^-]+$", word) or [word]
        out += [(i == 0 and bool(out), part) for i, part in enumerate(parts)]
    return out


def _cut(word: str, room: float, width: Width) -> int | None:
    """Where to break a word too wide for its line: the letters before the break
    and a hyphen fit; a break between syllables (as print would) unless that
    leaves the line much shorter than one that merely fits."""
    fits = [k for k in range(MIN_PART, len(word) - MIN_PART + 1) if width(word[:k] + "-") <= room]
    if not fits:
        return None
    longest = fits[-1]
    # a syllable break that leaves three letters or more for the next line ("-fahrt", not "-rt")
    good = [k for k in fits if _syllable_break(word, k) and k >= longest * 0.5 and len(word) - k >= MIN_TAIL]
    return good[-1] if good else longest


def _syllable_break(word: str, k: int) -> bool:
    """A break before word[k] that print would allow: between two consonants
    (not inside "ch", "ck", "sch" ...), or before the one consonant between two vowels."""
    before, at = word[k - 1].lower(), word[k].lower()
    after = word[k + 1].lower() if k + 1 < len(word) else ""
    if not (before.isalpha() and at.isalpha()):
        return False
    if before + at in KEEP or "sch" in (word[k - 1:k + 2].lower(), word[max(0, k - 2):k + 1].lower()):
        return False
    consonant = lambda c: c.isalpha() and c not in VOWELS  # noqa: E731
    if consonant(before) and consonant(at):
        return True
    return before in VOWELS and consonant(at) and after in VOWELS


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
