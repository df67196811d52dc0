"""The text catalogue: every word shown to people, in every language Cellmate has.

Texts are Project Fluent messages (fluent.runtime, Mozilla's; plural rules from
CLDR through Babel). The shared ones live in locale/<lang>.ftl and
locale/<part>.<lang>.ftl beside it; each game brings its own in its folder,
companion/games/<id>/locale/<lang>.ftl. A language is the files named for it:
locale/<lang>.ftl makes it one (LANGUAGES lists those found).

The code asks by dotted key, t("error.dice_count", count=3); the message's
Fluent identifier is the key with "-" for "." (`error-dice_count`, fluent_id).

Plurals and grammar belong to the message: a number that a word must agree with
is a selector in the text, decided by each language's own plural rules,

    error-dice_count =
        { $count ->
            [one] Enter 1 die face.
           *[other] Enter { $count } die faces.
        }

so no code names a counted field and a translator may choose by any field.
Numbers are shown as Python writes them (1234, -2, 0.5) in every language: no
grouping, no decimal comma. A missing German text falls back to English, a
missing key shows the key and a field not given shows as {field}: a gap is
visible but never crashes the table.

A language's files are read at once, but a message is parsed the first time it
is said (a start says a few dozen of some 1,300): each line that starts at its
left edge begins an entry, a comment or a message, and every line after a
message's first is indented (tests/test_i18n.py holds the files to that).
A message of words and fields alone is said from its parsed pattern; one with
more (a choice, a reference, a function) by fluent.runtime's bundle, imported
when first needed (companion/i18n_bundle.py), or by `warm_up` once the first
frame is drawn: a start's first screen says words and fields only.
"""
from __future__ import annotations

import re
from collections.abc import Iterator, Mapping
from functools import lru_cache
from pathlib import Path

from fluent.syntax import FluentParser
from fluent.syntax import ast as FTL
from fluent.syntax.visitor import Visitor

from .games import GAMES

_DIR = Path(__file__).parent / "locale"
FALLBACK = "en"
_REMEMBERED = 4096            # texts said, kept for the next refresh (each language)
_MAX_PARTS = 1000             # fluent.runtime's limits (resolver.py): past them the bundle
_MAX_PART_LENGTH = 2500       # says the message ("{???}"), not the plain path


def fluent_id(key: str) -> str:
    """The Fluent identifier of a dotted key: "snitch.line.scheme" -> "snitch-line-scheme".
    (Keys are lower case words with "_" and "."; none has a "-", so no two meet.)"""
    return key.replace(".", "-")


def key_of(identifier: str) -> str:
    """The dotted key of a Fluent identifier (fluent_id the other way)."""
    return identifier.replace("-", ".")


class _Languages(Mapping):
    """Code -> the language's own name ("Deutsch", Babel's), for each locale/<lang>.ftl
    found; English first. A name is looked up when first asked for."""

    def __init__(self):
        found = (path.stem for path in _DIR.glob("*.ftl") if "." not in path.stem)
        self._codes = sorted(found, key=lambda code: (code != FALLBACK, code))
        self._names: dict[str, str] = {}

    def __getitem__(self, code: str) -> str:
        if code not in self._codes:
            raise KeyError(code)
        if code not in self._names:
            from babel import Locale, UnknownLocaleError
            try:
                self._names[code] = Locale.parse(code).get_display_name(code).capitalize()
            except (UnknownLocaleError, ValueError):
                self._names[code] = code
        return self._names[code]

    def __contains__(self, code) -> bool:
        return code in self._codes

    def __iter__(self) -> Iterator[str]:
        return iter(self._codes)

    def __len__(self) -> int:
        return len(self._codes)


LANGUAGES = _Languages()


def files(lang: str) -> list[Path]:
    """One language's catalogue files: the shared ones, then each game's (in id order)."""
    games = [folder / "locale" / f"{lang}.ftl" for _id, folder in sorted(GAMES.folders().items())]
    return [_DIR / f"{lang}.ftl", *sorted(_DIR.glob(f"*.{lang}.ftl")), *games]


_ENTRY = re.compile(r"(-?[a-zA-Z][a-zA-Z0-9_-]*)[ \t]*=")
_AT_EDGE = re.compile(r"^\S", re.M)


def entries(source: str) -> dict[str, str]:
    """Entry id (a term's with its "-") -> its source, cut where a line starts at the edge."""
    found: dict[str, str] = {}
    starts = [m.start() for m in _AT_EDGE.finditer(source)] + [len(source)]
    for start, end in zip(starts, starts[1:]):
        entry = _ENTRY.match(source, start)
        if entry:
            found[entry.group(1)] = source[start:end]
    return found


class _Names(Visitor):
    """The fields a pattern reads, and the messages and terms it refers to."""

    def __init__(self):
        self.fields: list[str] = []
        self.refers: list[str] = []

    def visit_VariableReference(self, node):
        if node.id.name not in self.fields:
            self.fields.append(node.id.name)

    def visit_MessageReference(self, node):
        self.refers.append(node.id.name)

    def visit_TermReference(self, node):
        self.refers.append("-" + node.id.name)
        self.generic_visit(node)


def fields(message: FTL.Message) -> list[str]:
    """The fields a message reads, in the order they first appear (those it selects by too)."""
    names = _Names()
    names.visit(message.value)
    return names.fields


class Texts(Mapping):
    """One language's messages: dotted key -> its text with each field as {field} and
    each choice at its default variant ("Enter {count} die faces."). `say` says one
    with its fields; `message(key)` is the Fluent message itself."""

    def __init__(self, lang: str):
        self.lang = lang
        self._bundle = None
        self._plain: dict[str, tuple | None] = {}
        self._sources: dict[str, str] = {}
        self._parsed: dict[str, FTL.Message | FTL.Term | None] = {}
        self._shown: dict[str, str] = {}
        self._patterns: dict[str, object] = {}
        self._said: dict[tuple, str] = {}
        self._parser = FluentParser(with_spans=False)
        for path in files(lang):
            try:
                self._sources.update(entries(path.read_text(encoding="utf-8")))
            except FileNotFoundError:
                continue

    def _entry(self, identifier: str) -> FTL.Message | FTL.Term | None:
        """The entry parsed and in the bundle (with what it refers to); None if absent or broken."""
        if identifier not in self._parsed:
            source = self._sources.get(identifier)
            entry = None if source is None else self._parser.parse_entry(source)
            if not isinstance(entry, (FTL.Message, FTL.Term)) or entry.value is None:
                entry = None
            self._parsed[identifier] = entry
            if entry is not None:
                if self._bundle is not None:
                    self._bundle.add_resource(FTL.Resource([entry]), allow_overrides=True)
                names = _Names()
                names.visit(entry)
                for other in names.refers:
                    self._entry(other)
        return self._parsed[identifier]

    def message(self, key: str) -> FTL.Message | None:
        identifier = fluent_id(key)
        return None if identifier.startswith("-") else self._entry(identifier)

    def __contains__(self, key) -> bool:
        return isinstance(key, str) and self.message(key) is not None

    def __getitem__(self, key: str) -> str:
        if key not in self._shown:
            message = self.message(key)
            if message is None:
                raise KeyError(key)
            self._shown[key] = self.format(key, {name: "{%s}" % name for name in fields(message)})
        return self._shown[key]

    def __iter__(self) -> Iterator[str]:
        return (key_of(identifier) for identifier in self._sources if not identifier.startswith("-"))

    def __len__(self) -> int:
        return sum(1 for _ in self)

    @property
    def bundle(self):
        """fluent.runtime's bundle of this language, with every entry parsed so far
        (made, and fluent.runtime imported, when first asked for)."""
        if self._bundle is None:
            from .i18n_bundle import Bundle

            bundle = Bundle([self.lang], use_isolating=False)
            bundle.add_resource(FTL.Resource([entry for entry in self._parsed.values() if entry is not None]),
                                allow_overrides=True)
            self._bundle = bundle
        return self._bundle

    def pattern(self, key: str):
        """The message's pattern as the bundle says it, or None where the key has no text."""
        if key not in self._patterns:
            message = self.message(key)
            self._patterns[key] = None if message is None else self.bundle.get_message(message.id.name).value
        return self._patterns[key]

    def say(self, key: str, params: dict) -> str:
        """format, remembered: a table says the same texts at every refresh (the last
        few thousand kept; a field whose value cannot be a dict key is said afresh)."""
        said = (key, *((name, type(value), value) for name, value in params.items()))
        try:
            text = self._said.get(said)
        except TypeError:
            return self.format(key, params)
        if text is None:
            if len(self._said) >= _REMEMBERED:
                self._said.clear()
            text = self._said[said] = self.format(key, params)
        return text

    def format(self, key: str, params: dict) -> str:
        """The message said with these fields; one not given shows as {field}."""
        text = self._said_plainly(key, params)
        if text is not None:
            return text
        from .i18n_bundle import FluentReferenceError, argument

        pattern = self.pattern(key)
        args = {name: argument(value) for name, value in params.items()}
        text, errors = self.bundle.format_pattern(pattern, args)
        if errors and any(isinstance(error, FluentReferenceError) for error in errors):
            missing = {name: "{%s}" % name for name in fields(self.message(key)) if name not in args}
            text, _ = self.bundle.format_pattern(pattern, {**args, **missing})
        return str(text)

    def _said_plainly(self, key: str, params: dict) -> str | None:
        """The message as the bundle says it, where it is words and fields alone and
        every field is given; None where it takes the bundle (more than words and
        fields, a field not given, a part past fluent.runtime's limits)."""
        if key not in self._plain:
            self._plain[key] = _plain_parts(self.message(key))
        parts = self._plain[key]
        if parts is None:
            return None
        words, names = parts
        if not names:
            return words[0]
        if not all(name in params for name in names):
            return None
        said = [shown(params[name]) for name in names]
        if any(len(part) > _MAX_PART_LENGTH for part in (*words, *said)):
            return None
        # (words and fields alternate: words[i] stands before fields[i])
        return "".join(part for pair in zip(words, said) for part in pair) + words[-1]


def _plain_parts(message: FTL.Message | None) -> tuple | None:
    """A message of words and fields alone as (words, fields): the words between the
    fields (one more than the fields, "" where two meet), with string literals
    ({"{"}) in the words; None for anything more."""
    if message is None or len(message.value.elements) > _MAX_PARTS:
        return None
    words, names, run = [], [], []
    for element in message.value.elements:
        if isinstance(element, FTL.TextElement):
            run.append(element.value)
            continue
        expression = getattr(element, "expression", None)
        if isinstance(expression, FTL.StringLiteral):
            run.append(expression.parse()["value"])
        elif isinstance(expression, FTL.VariableReference):
            words.append("".join(run))
            names.append(expression.id.name)
            run = []
        else:
            return None
    words.append("".join(run))
    return tuple(words), tuple(names)


def shown(value) -> str:
    """A field's value as a message shows it: a number as Python writes it (1234 and
    0.5 in every language), anything else as its text ("True", "None"); as
    i18n_bundle.argument gives it to fluent.runtime."""
    if isinstance(value, int) and not isinstance(value, bool):
        return int.__repr__(value)
    if isinstance(value, float):
        return float.__repr__(value)
    return value if isinstance(value, str) else format(value, "")


@lru_cache(maxsize=None)
def texts(lang: str) -> Texts:
    """One language's catalogue, read once (texts.cache_clear() reads the files again)."""
    return Texts(lang)


def warm_up(lang: str) -> None:
    """What a start's first screen did without: fluent.runtime and the bundle of the
    table's language, made once the first frame is drawn so that the first message
    with a choice (a press's "1 card" or "3 cards") does not wait for them."""
    texts(lang if lang in LANGUAGES else FALLBACK).bundle


class Catalogue:
    def __init__(self, lang: str = FALLBACK):
        if lang not in LANGUAGES:
            lang = FALLBACK
        self.lang = lang

    def __call__(self, key: str, **params) -> str:
        for lang in (self.lang, FALLBACK):
            said = texts(lang)
            if said.message(key) is not None:
                return said.say(key, params)
        return key

    def error(self, exc) -> str:
        """A rules error in the table's language (IllegalAction carries a key)."""
        key = "error." + getattr(exc, "key", "")
        if key in texts(self.lang) or key in texts(FALLBACK):
            return self(key, **getattr(exc, "params", {}))
        return str(exc)
