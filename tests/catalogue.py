"""The catalogue's Fluent files as the text tests read them: each file whole (not
piece by piece, as companion.i18n does), every message by its dotted key, each in
every form it can take (each variant of each choice; fields as {field}), and the
words each game declares about its texts (its `vocabulary`)."""
from __future__ import annotations

import re
from functools import lru_cache
from pathlib import Path

from fluent.syntax import FluentParser
from fluent.syntax import ast as FTL

from companion.games import GAMES
from companion.i18n import LANGUAGES, files, key_of, texts

SHARED = Path(__file__).resolve().parent.parent / "companion" / "locale"


def places() -> dict[str, Path]:
    """Where catalogue files live: "shared" (companion/locale) and each game's folder by id."""
    return {"shared": SHARED, **{game_id: folder / "locale" for game_id, folder in sorted(GAMES.folders().items())}}


def parse(path: Path) -> FTL.Resource:
    """The file as it reads now, parsed (shared: nobody changes a parsed file)."""
    return _parsed(path.read_text(encoding="utf-8"))


@lru_cache(maxsize=None)
def _parsed(text: str) -> FTL.Resource:
    """A file's text parsed, once a worker: the text tests read the same files over and over."""
    return FluentParser(with_spans=False).parse(text)


def read(path: Path) -> dict[str, FTL.Message]:
    """One file's messages by dotted key (a file that does not parse fails here)."""
    resource = parse(path)
    junk = [entry.content for entry in resource.body if isinstance(entry, FTL.Junk)]
    assert junk == [], (path, junk)
    return {key_of(entry.id.name): entry for entry in resource.body if isinstance(entry, FTL.Message)}


def messages(lang: str) -> dict[str, FTL.Message]:
    """Every message of a language, from all its files."""
    found: dict[str, FTL.Message] = {}
    for path in files(lang):
        if path.exists():
            found.update(read(path))
    return found


def forms(message: FTL.Message) -> list[str]:
    """Every text the message can say, each choice taken each way, fields as {field}."""
    return _pattern(message.value)


def _pattern(pattern: FTL.Pattern) -> list[str]:
    said = [""]
    for element in pattern.elements:
        parts = [element.value] if isinstance(element, FTL.TextElement) else _expression(element.expression)
        said = [before + part for before in said for part in parts]
    return said


def _expression(expression) -> list[str]:
    if isinstance(expression, FTL.SelectExpression):
        return [text for variant in expression.variants for text in _pattern(variant.value)]
    if isinstance(expression, FTL.Placeable):
        return _expression(expression.expression)
    if isinstance(expression, FTL.StringLiteral):
        return [expression.parse()["value"]]
    if isinstance(expression, FTL.NumberLiteral):
        return [expression.value]
    if isinstance(expression, FTL.VariableReference):
        return ["{%s}" % expression.id.name]
    return ["{%s}" % getattr(getattr(expression, "id", None), "name", "?")]


def shown(message: FTL.Message) -> set[str]:
    """The fields a message shows in some form (not those it only chooses by)."""
    return {name for text in forms(message) for name in re.findall(r"{(\w+)}", text)}


def selects(message: FTL.Message) -> list[FTL.SelectExpression]:
    """The choices in a message, nested ones too."""
    found = []

    def walk(pattern):
        for element in pattern.elements:
            if isinstance(element, FTL.Placeable) and isinstance(element.expression, FTL.SelectExpression):
                found.append(element.expression)
                for variant in element.expression.variants:
                    walk(variant.value)

    walk(message.value)
    return found


def said(lang: str) -> list[tuple[str, str]]:
    """(key, text) for every form of every message of a language."""
    return [(key, text) for key, message in messages(lang).items() for text in forms(message)]


def declared(part: str) -> dict[str, object]:
    """One part of what each game declares about its words (its `vocabulary`), by game id."""
    return {game.id: game.vocabulary[part] for game in GAMES.values() if part in getattr(game, "vocabulary", {})}


__all__ = ["LANGUAGES", "declared", "forms", "messages", "parse", "places", "read", "said", "selects", "shown",
           "texts"]
