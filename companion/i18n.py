"""The text catalogue: every word shown to people, in English and German.

Texts live in locale/<lang>.json as "key": "text with {named} fields"; each
game may bring its own locale/<game>.<lang>.json, merged in.
A missing German text falls back to English, and a missing key shows the key,
so a gap is visible but never crashes the table. Plurals: a text given a
count of 1 is "<key>.one" when the catalogue has it ("Enter 1 die face.").
"""
from __future__ import annotations

import json
from functools import lru_cache
from pathlib import Path

LANGUAGES = {"en": "English", "de": "Deutsch"}
_DIR = Path(__file__).parent / "locale"


@lru_cache(maxsize=None)
def texts(lang: str) -> dict[str, str]:
    merged = json.loads((_DIR / f"{lang}.json").read_text(encoding="utf-8"))
    for path in sorted(_DIR.glob(f"*.{lang}.json")):
        merged.update(json.loads(path.read_text(encoding="utf-8")))
    return merged


class Catalogue:
    def __init__(self, lang: str = "en"):
        if lang not in LANGUAGES:
            lang = "en"
        self.lang = lang

    def __call__(self, key: str, **params) -> str:
        if params.get("count") == 1 and key + ".one" in texts("en"):
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
