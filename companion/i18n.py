"""The text catalogue: every word shown to people, in English and German.

Texts live in locale/<lang>.json as "key": "text with {named} fields" (and
locale/<part>.<lang>.json beside it); each game brings its own words in its
folder, companion/games/<id>/locale/<lang>.json, merged in.
A missing German text falls back to English, and a missing key shows the key,
so a gap is visible but never crashes the table.

Plurals go through the catalogue, never by hand ("card(s)", "Rekrut(en)"):
a text whose number must agree with a word ("1 action left", "noch 1 Aktion",
"1 of 2 seats has a pad") has a second text "<key>.one", and the catalogue
picks it when the text's counted field is 1. The counted field is `count`,
unless COUNTED_BY names another for that key (`left` in "{left} actions
left"). English and German plurals have the same shape: 1 is singular, every
other number (0 too) plural. A text with two counted numbers is put together
from counted pieces (snitch.escape_plans, snitch.backstab_icons). A number
that can never be 1 (a fixed 18 cards, a hand limit of 10) needs no ".one";
tests/test_i18n.py holds those to the game's constants.
"""
from __future__ import annotations

import json
from functools import lru_cache
from pathlib import Path

from .games import folders

LANGUAGES = {"en": "English", "de": "Deutsch"}
_DIR = Path(__file__).parent / "locale"

# The counted field of each text whose number is not called `count`.
COUNTED_BY = {
    "pads.some_held": "held",                       # "{held} of {count} seats have a pad"
    "dig.prompt.turn": "left",
    "dig.line.cigarettes": "n",
    "error.dig_no_actions": "cost",
    "heist.prompt.start": "free",
    "heist.prompt.step_done": "free",
    "heist.prompt.complete": "take",
    "heist.banner.winner": "total",
    "heist.banner.tie": "total",
    "error.heist_activate": "high",
    "singsing.prompt.remove_tracker_two": "left",
    "error.singsing_not_enough_bars": "left",
    "error.singsing_too_many_free": "bars",
    "snitch.prompt.escape_more": "left",
    "snitch.line.riot_off": "left",
    "snitch.line.scheme": "needed",
    "snitch.board.scheme": "needed",
}


def counted_field(key: str) -> str:
    """The field whose number picks "<key>.one": `count` unless COUNTED_BY says otherwise."""
    return COUNTED_BY.get(key, "count")


@lru_cache(maxsize=None)
def texts(lang: str) -> dict[str, str]:
    merged = json.loads((_DIR / f"{lang}.json").read_text(encoding="utf-8"))
    paths = sorted(_DIR.glob(f"*.{lang}.json")) + [folder / "locale" / f"{lang}.json"
                                                     for _id, folder in sorted(folders().items())]
    for path in paths:
        if path.exists():
            merged.update(json.loads(path.read_text(encoding="utf-8")))
    return merged


class Catalogue:
    def __init__(self, lang: str = "en"):
        if lang not in LANGUAGES:
            lang = "en"
        self.lang = lang

    def __call__(self, key: str, **params) -> str:
        number = params.get(counted_field(key))
        if number == 1 and not isinstance(number, bool) and key + ".one" in texts("en"):
            key += ".one"
        text = texts(self.lang).get(key) or texts("en").get(key)
        if text is None:
            return key
        try:
            return text.format(**params)
        except (KeyError, IndexError, ValueError):
            return text

    def error(self, exc) -> str:
        """A rules error in the table's language (IllegalAction carries a key)."""
        key = "error." + getattr(exc, "key", "")
        if key in texts("en"):
            return self(key, **getattr(exc, "params", {}))
        return str(exc)
