"""Our kv files read with their parse kept on disk: `load_file(path)`.

Kivy parses a .kv file anew at every start: it splits the lines, compiles every value
(some 900 small compiles for the files a dice table is drawn with) and works out what
each one watches, ~8 ms of a cold start here. `load_file` reads a file as
Builder.load_file does, but keeps what Kivy's own Parser made of it the first time in
the cache (companion.i18n.cache_dir(), kv/), as plain data and code objects (marshal,
like a .pyc), and builds the same rules from that the next time; the directives
(#:import, #:set) run each time, as Kivy runs them. The cache holds the file's text, its
path, Kivy's version and Python's: any change and it is parsed again.

It is our own Builder call, nothing more: Kivy's Parser and Builder are used as they
are, nothing of theirs is replaced (issue 32: no process-wide patch). A file with a
root widget or a template, a value marshal cannot keep, or any trouble with the cache:
Kivy's own load_file or parse, as without it.
"""
from __future__ import annotations

import marshal
import os
import sys
import zlib
from collections import OrderedDict
from pathlib import Path

FORMAT = 1      # what a cache file holds; another number: made anew


def load_file(path) -> None:
    """Builder.load_file(path) for a file of rules, its parse read from the cache when fresh."""
    from kivy.lang import Builder
    from kivy.resources import resource_find

    filename = resource_find(str(path)) or str(path)
    if filename in Builder.files:
        Builder.load_file(filename)     # again: Kivy warns, and reads it again, as asked
        return
    try:
        with open(filename, encoding="utf8") as fd:
            text = fd.read()
    except (OSError, ValueError):
        Builder.load_file(filename)     # Kivy's own words for what is wrong
        return
    stamp = _stamp(filename, text)
    cache = _cache_path(filename)
    parser = _read(cache, stamp, filename) if cache is not None else None
    if parser is None:
        from kivy.lang.parser import Parser

        parser = Parser(content=text, filename=filename)    # runs the directives too
        if parser.root is not None or parser.templates:
            Builder.load_string(text, filename=filename)    # not ours to merge: Kivy's own way
            return
        if cache is not None:
            _write(cache, stamp, parser)
    _merge(Builder, parser, filename)


def _merge(builder, parser, filename: str) -> None:
    """What Builder.load_string does with a parse of rules (Kivy 2.3): its rules after
    those read before, its dynamic classes known to the Factory, the file read."""
    from kivy.factory import Factory

    builder.rules.extend(parser.rules)
    builder._clear_matchcache()
    for name, baseclasses in parser.dynamic_classes.items():
        Factory.register(name, baseclasses=baseclasses, filename=filename, warn=True)
    if parser.rules or parser.dynamic_classes:
        builder.files.append(filename)


# -- the cache ----------------------------------------------------------------------
def _stamp(filename: str, text: str) -> tuple:
    import kivy

    return FORMAT, sys.version, kivy.__version__, filename, text


def _cache_path(filename: str) -> Path | None:
    """One file a kv file (two checkouts keep one each); None: no cache dir."""
    from companion.i18n import cache_dir

    folder = cache_dir()
    if folder is None:
        return None
    return folder / "kv" / f"{Path(filename).stem}-{zlib.crc32(filename.encode()):08x}.marshal"


def _read(cache: Path, stamp: tuple, filename: str):
    """The parse kept for this very text, as Kivy's Parser made it; None for none, stale or damaged."""
    try:
        made_from, check, payload = marshal.loads(cache.read_bytes())
        if made_from != stamp or zlib.crc32(payload) != check:
            return None
        sourcecode, directives, rules = marshal.loads(payload)
        return _rebuild(filename, sourcecode, directives, rules)
    except Exception:   # not there, cut short, written by another Kivy or Python: parsed again
        return None


def _write(cache: Path, stamp: tuple, parser) -> None:
    """Keep the parse for the next start (best effort: a cache that cannot be written is skipped)."""
    tops = list({id(rule): rule for _selector, rule in parser.rules}.values())    # each once, in file order
    try:
        payload = marshal.dumps((parser.sourcecode, parser.directives, [_rule(rule) for rule in tops]))
    except ValueError:      # a value marshal cannot keep: this file is parsed at each start
        return
    part = cache.with_name(f"{cache.name}.{os.getpid()}.part")
    try:
        cache.parent.mkdir(parents=True, exist_ok=True)
        part.write_bytes(marshal.dumps((stamp, zlib.crc32(payload), payload)))
        os.replace(part, cache)
    except OSError:
        try:
            part.unlink()
        except OSError:
            pass


def _prop(prop) -> tuple:
    return prop.line, prop.name, prop.value, prop.co_value, prop.mode, prop.watched_keys, prop.ignore_prev


def _rule(rule) -> tuple:
    canvases = (rule.canvas_before, rule.canvas_root, rule.canvas_after)
    return (rule.line, rule.name, rule.level, rule.id, [_prop(p) for p in rule.properties.values()],
            [_prop(h) for h in rule.handlers], [_rule(child) for child in rule.children],
            *(None if canvas is None else _rule(canvas) for canvas in canvases))


def _rebuild(filename: str, sourcecode, directives, rules):
    """A Parser as Kivy's made it from the file: its directives run, then its rules made
    in file order (a rule of the first level enters itself in the parser's rules and
    dynamic classes as it is made, as in Kivy's parse)."""
    from kivy.lang.parser import Parser

    parser = Parser.__new__(Parser)
    parser.rules, parser.templates, parser.root = [], [], None
    parser.dynamic_classes = {}
    parser.filename = filename
    parser.sourcecode = [tuple(line) for line in sourcecode]
    parser.directives = [tuple(directive) for directive in directives]
    parser.execute_directives()
    for rule in rules:
        _make_rule(parser, rule)
    return parser


def _make_prop(parser, data):
    from kivy.lang.parser import ParserRuleProperty

    line, name, value, co_value, mode, watched_keys, ignore_prev = data
    prop = ParserRuleProperty(parser, line, name, value, ignore_prev)
    prop.co_value, prop.mode, prop.watched_keys = co_value, mode, watched_keys
    return prop


def _make_rule(parser, data):
    from kivy.lang.parser import ParserRule

    line, name, level, rule_id, props, handlers, children, before, root, after = data
    rule = ParserRule(parser, line, name, level)
    rule.id = rule_id
    rule.properties = OrderedDict((prop[1], _make_prop(parser, prop)) for prop in props)
    rule.handlers = [_make_prop(parser, handler) for handler in handlers]
    rule.children = [_make_rule(parser, child) for child in children]
    rule.canvas_before, rule.canvas_root, rule.canvas_after = (
        None if canvas is None else _make_rule(parser, canvas) for canvas in (before, root, after))
    return rule
