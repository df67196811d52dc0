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

A message is parsed (fluent.syntax, companion/i18n_syntax.py) the first time it
is said (a start says a few dozen of some 1,500): each line that starts at its
left edge begins an entry, a comment or a message, and every line after a
message's first is indented (tests/test_i18n.py holds the files to that).
A message of words and fields alone is said from its parsed pattern; one with
more (a choice, a reference, a function) by fluent.runtime's bundle, imported
when first needed (companion/i18n_bundle.py), or by `warm_up` once the first
frame is drawn: a start's first screen says words and fields only.

The cache: what a start needs of a language, every message's key and the words
and fields of each one that is words and fields alone, is kept between starts
in the user's cache dir (cache_dir), stamped with the files it was made from
(each one's path, size and modification time) and the code that made it. A
fresh cache is all a start reads: no .ftl file, no fluent.syntax, no parsing.
One that is missing, stale (a file edited, added or gone), unreadable or
damaged is passed over as if it were not there: the files are read and parsed
as above, and `warm_up` writes it anew after the first frame, on a thread of
its own (scripts/_setup.sh writes it too: write_caches).
"""
from __future__ import annotations

import logging
import marshal
import os
import re
import sys
import zlib
from collections.abc import Iterator, Mapping
from functools import lru_cache
from pathlib import Path

from .games import GAMES

_DIR = Path(__file__).parent / "locale"
FALLBACK = "en"
_REMEMBERED = 4096            # texts said, kept for the next refresh (each language)
_MAX_PART_LENGTH = 2500       # fluent.runtime's limit (resolver.py): past it the bundle says "{???}"
_CACHE_FORMAT = 1             # what a cache file holds; another number: made anew
log = logging.getLogger(__name__)


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


def read_entries(lang: str) -> dict[str, str]:
    """Every entry of a language's files: its id (a term's with its "-") -> its source."""
    found: dict[str, str] = {}
    for path in files(lang):
        try:
            found.update(entries(path.read_text(encoding="utf-8")))
        except FileNotFoundError:
            continue
    return found


def _said_key(key: str, params: dict):
    """What Texts remembers a text said by: the key, the fields, and the fields' types too
    (1, 1.0 and True are equal keys but are said differently)."""
    return (key, *params.items(), *map(type, params.values())) if params else key


class Texts(Mapping):
    """One language's messages: dotted key -> its text with each field as {field} and
    each choice at its default variant ("Enter {count} die faces."). `say` says one
    with its fields; `message(key)` is the Fluent message itself. With `cached`, a
    fresh cache (the module's doc) stands in for the files until a message needs more
    than its words and fields; `cached` then says whether one did."""

    def __init__(self, lang: str, cached: bool = True):
        self.lang = lang
        self._bundle = None
        self._parser = None                       # i18n_syntax.Parser, made with the first parse
        self._plain: dict[str, tuple | None] = {}
        self._known: frozenset[str] | None = None   # every message's key, from a fresh cache
        self._sources: dict[str, str] | None = None  # the files' entries, read when first needed
        self._parsed: dict[str, object] = {}      # id -> its Message or Term, None if absent or broken
        self._shown: dict[str, str] = {}
        self._patterns: dict[str, object] = {}
        self._said: dict[tuple | str, str] = {}
        self._found: dict[str, bool] = {}         # has(key), without a cache: each key looked up once
        self.cached = False
        if cached:
            stamp = _stamp(lang)
            found = _read_cache(lang, stamp)
            if found is not None:
                plain, other = found
                self._plain.update(plain)
                self._plain.update(dict.fromkeys(other))      # said by the bundle
                self._known = frozenset(self._plain)
                self.cached = True
            elif cache_dir() is not None:
                _UNCACHED.add(lang)     # warm_up writes it

    @property
    def sources(self) -> dict[str, str]:
        if self._sources is None:
            self._sources = read_entries(self.lang)
        return self._sources

    def _entry(self, identifier: str):
        """The entry parsed and in the bundle (with what it refers to); None if absent or broken."""
        if identifier not in self._parsed:
            from . import i18n_syntax as syntax

            if self._parser is None:
                self._parser = syntax.Parser()
            entry = self._parser.entry(self.sources.get(identifier))
            self._parsed[identifier] = entry
            if entry is not None:
                if self._bundle is not None:
                    self._bundle.add_resource(syntax.resource([entry]), allow_overrides=True)
                for other in syntax.refers(entry):
                    self._entry(other)
        return self._parsed[identifier]

    def message(self, key: str):
        """The Fluent message (fluent.syntax's Message) of a key; None where it has no text."""
        identifier = fluent_id(key)
        return None if identifier.startswith("-") else self._entry(identifier)

    def has(self, key: str) -> bool:
        """Whether the key has a text in this language (from a fresh cache: nothing parsed)."""
        known = self._known
        if known is not None:
            return key in known
        found = self._found.get(key)
        if found is None:
            found = self._found[key] = self.message(key) is not None
        return found

    def __contains__(self, key) -> bool:
        return isinstance(key, str) and self.has(key)

    def __getitem__(self, key: str) -> str:
        if key not in self._shown:
            message = self.message(key)
            if message is None:
                raise KeyError(key)
            from .i18n_syntax import fields
            self._shown[key] = self.format(key, {name: "{%s}" % name for name in fields(message)})
        return self._shown[key]

    def __iter__(self) -> Iterator[str]:
        return (key_of(identifier) for identifier in self.sources if not identifier.startswith("-"))

    def __len__(self) -> int:
        return sum(1 for _ in self)

    @property
    def bundle(self):
        """fluent.runtime's bundle of this language, with every entry parsed so far
        (made, and fluent.runtime imported, when first asked for)."""
        if self._bundle is None:
            from .i18n_bundle import Bundle
            from .i18n_syntax import resource

            bundle = Bundle([self.lang], use_isolating=False)
            bundle.add_resource(resource(entry for entry in self._parsed.values() if entry is not None),
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
        said = _said_key(key, params)
        try:
            text = self._said.get(said)
        except TypeError:
            return self.format(key, params)
        if text is None:
            if len(self._said) >= _REMEMBERED:
                self._said.clear()
            text = self._said[said] = self.format(key, params)
        return text

    def remembered(self, key: str, params: dict) -> str | None:
        """The text `say` said before for this key and these fields, or None."""
        try:
            return self._said.get(_said_key(key, params))
        except TypeError:
            return None

    def format(self, key: str, params: dict) -> str:
        """The message said with these fields; one not given shows as {field}."""
        text = self._said_plainly(key, params)
        if text is not None:
            return text
        from .i18n_bundle import FluentReferenceError, argument
        from .i18n_syntax import fields

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
            from .i18n_syntax import plain_parts
            self._plain[key] = plain_parts(self.message(key))
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
    with a choice (a press's "1 card" or "3 cards") does not wait for them; and, on a
    thread of its own, the cache of each language this start found none fresh for."""
    texts(lang if lang in LANGUAGES else FALLBACK).bundle
    if _UNCACHED:
        import threading

        langs = sorted(_UNCACHED)
        _UNCACHED.clear()
        threading.Thread(target=write_caches, args=(langs,), name="cellmate-catalogue", daemon=True).start()


# -- the cache (the module's doc) -------------------------------------------------------
_UNCACHED: set[str] = set()     # languages a start read without a fresh cache


def cache_dir() -> Path | None:
    """Where the catalogue's cache is kept: $CELLMATE_CACHE_DIR, else the user's cache
    dir, as platformdirs' user_cache_dir("cellmate") is on Linux ($XDG_CACHE_HOME, else
    ~/.cache; worked out here: importing platformdirs is some 2.5 ms of a start).
    None: no home to keep it in."""
    given = os.environ.get("CELLMATE_CACHE_DIR", "")
    if given.strip():
        return Path(given)
    base = os.environ.get("XDG_CACHE_HOME", "")
    if not base.strip():
        base = os.path.expanduser("~/.cache")
    return Path(base) / "cellmate" if os.path.isabs(base) else None


def _cache_path(folder: Path, lang: str) -> Path:
    """One file a language and catalogue (two checkouts of Cellmate keep one each)."""
    return folder / "catalogue" / f"{lang}-{zlib.crc32(str(_DIR).encode()):08x}.marshal"


def _stamp(lang: str) -> tuple:
    """What a language's cache is made from: its files (path, modification time, size;
    None for one that is not there), the code that reads them and the Python that wrote it."""
    import importlib.util

    try:
        spec = importlib.util.find_spec("fluent.syntax")
        made_by = [Path(__file__), Path(__file__).with_name("i18n_syntax.py"), Path(spec.origin)]
    except (ImportError, AttributeError, TypeError, ValueError):
        made_by = [Path(__file__), Path(__file__).with_name("i18n_syntax.py")]
    seen = []
    for path in (*files(lang), *made_by):
        try:
            status = path.stat()
            seen.append((str(path), status.st_mtime_ns, status.st_size))
        except OSError:
            seen.append((str(path), None, None))
    return _CACHE_FORMAT, sys.version, tuple(seen)


def _read_cache(lang: str, stamp: tuple) -> tuple[dict, tuple] | None:
    """(plain, other) from a fresh cache: each message of words and fields alone by its key,
    as (words, fields); the keys of the others. None for no cache, or one stale or damaged."""
    folder = cache_dir()
    if folder is None:
        return None
    try:
        made_from, check, payload = marshal.loads(_cache_path(folder, lang).read_bytes())
        if made_from != stamp or zlib.crc32(payload) != check:
            return None
        plain, other = marshal.loads(payload)
        if isinstance(plain, dict) and isinstance(other, tuple):
            return plain, other
    except Exception:       # not there, cut short, damaged, written by another Python: made anew
        return None
    return None


def write_cache(lang: str) -> bool:
    """Parse every message of a language and keep what a start needs (the module's doc).
    False where it cannot be written (no cache dir, a folder that refuses)."""
    folder = cache_dir()
    if folder is None:
        return False
    from .i18n_syntax import Parser, plain_parts

    stamp = _stamp(lang)    # before the files are read: one changed meanwhile makes it stale, not wrong
    path = _cache_path(folder, lang)
    part = path.with_name(f"{path.name}.{os.getpid()}.part")
    try:
        path.parent.mkdir(parents=True, exist_ok=True)  # before the parse: a folder that refuses is not worth it
    except OSError as exc:
        log.info("the catalogue's cache is not kept: %s", exc)
        return False
    parser = Parser()
    plain: dict[str, tuple] = {}
    other: list[str] = []
    for identifier, source in read_entries(lang).items():
        message = None if identifier.startswith("-") else parser.entry(source)
        if message is not None:
            parts = plain_parts(message)
            if parts is None:
                other.append(key_of(identifier))
            else:
                plain[key_of(identifier)] = parts
    payload = marshal.dumps((plain, tuple(other)))
    try:
        part.write_bytes(marshal.dumps((stamp, zlib.crc32(payload), payload)))
        os.replace(part, path)      # whole or not at all, for a start reading it meanwhile
    except OSError as exc:
        log.info("the catalogue's cache is not kept: %s", exc)
        try:
            part.unlink(missing_ok=True)
        except OSError:
            pass
        return False
    return True


def write_caches(langs=None) -> None:
    """The cache of each language (all of them by default) whose cache is not fresh.
    Never raises: without a cache a start only reads the files."""
    for lang in (LANGUAGES if langs is None else langs):
        try:
            if _read_cache(lang, _stamp(lang)) is None:
                write_cache(lang)
        except Exception:   # a bug here must not reach anyone: the start just reads the files
            log.warning("the catalogue's cache of %s was not written", lang, exc_info=True)


class Catalogue:
    def __init__(self, lang: str = FALLBACK):
        if lang not in LANGUAGES:
            lang = FALLBACK
        self.lang = lang

    def __call__(self, key: str, **params) -> str:
        said = texts(self.lang)
        # a text this language said before, straight from its memo (only a key this language
        # has is ever in it): a board says some hundred texts a refresh
        text = said.remembered(key, params)
        if text is not None:
            return text
        if not said.has(key):
            said = texts(FALLBACK)
            if not said.has(key):
                return key
        return said.say(key, params)

    def error(self, exc) -> str:
        """A rules error in the table's language (IllegalAction carries a key)."""
        key = "error." + getattr(exc, "key", "")
        if texts(self.lang).has(key) or texts(FALLBACK).has(key):
            return self(key, **getattr(exc, "params", {}))
        return str(exc)
