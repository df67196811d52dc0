"""Our kv files read with their parse kept from the last start (ui/kvcache.py): the same
rules, the same widgets as Kivy's own reading, and a changed file is read anew."""
from __future__ import annotations

from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent

LOOK = """#:kivy 2.3
#:set GAP 7
# a comment between the directives and the rules
<CacheProbe@BoxLayout>:
    label: label
    spacing: GAP
    count: 0
    canvas.before:
        Color:
            rgba: 1, 0, 0, 1
        Rectangle:
            pos: self.pos
            size: self.size
    Label:
        id: label
        text: '{}: %d' % root.count
        on_texture_size: root.height = self.texture_size[1]
"""


@pytest.fixture
def cache_dir(tmp_path, monkeypatch):
    folder = tmp_path / "cache"
    monkeypatch.setenv("CELLMATE_CACHE_DIR", str(folder))
    return folder


def _rule(rule):
    """A parsed rule as plain data, its compiled values included (code objects compare by content)."""
    def prop(p):
        return p.line, p.name, p.value, p.co_value, p.mode, p.watched_keys, p.ignore_prev
    return (rule.line, rule.name, rule.level, rule.id, rule.avoid_previous_rules,
            [prop(p) for p in rule.properties.values()], [prop(h) for h in rule.handlers],
            [_rule(child) for child in rule.children],
            *(None if c is None else _rule(c) for c in (rule.canvas_before, rule.canvas_root, rule.canvas_after)))


def _parse(parser):
    return ([(type(s).__name__, s.key, _rule(r)) for s, r in parser.rules], parser.dynamic_classes,
            parser.directives, parser.sourcecode, parser.filename)


@pytest.mark.parametrize("kv", sorted(str(p.relative_to(ROOT)) for p in ROOT.glob("ui/**/*.kv")))
def test_each_kv_file_comes_back_from_the_cache_as_kivy_parses_it(kv, cache_dir):
    from kivy.lang.parser import Parser

    from ui import kvcache

    filename = str(ROOT / kv)
    text = Path(filename).read_text(encoding="utf8")
    parsed = Parser(content=text, filename=filename)
    assert parsed.root is None and not parsed.templates     # rules alone: all of them cached
    stamp, cache = kvcache._stamp(filename, text), kvcache._cache_path(filename)
    kvcache._write(cache, stamp, parsed)
    kept = kvcache._read(cache, stamp, filename)
    assert kept is not None
    assert _parse(kept) == _parse(parsed)
    assert all(rule.ctx is kept for _selector, rule in kept.rules)


def _probe(path: Path):
    """A widget of the probe's rule, read through the cache, and what it shows."""
    from kivy.factory import Factory
    from kivy.lang import Builder

    from ui import kvcache

    Builder.unload_file(str(path))
    kvcache.load_file(path)
    widget = Factory.CacheProbe()
    widget.count = 3
    return widget, widget.ids.label.text, widget.spacing


@pytest.fixture
def probe(tmp_path, cache_dir):
    """A kv file of the probe's rule (its label saying "Rolls: ..."), let go after the test."""
    from kivy.lang import Builder

    path = tmp_path / "probe.kv"
    path.write_text(LOOK.format("Rolls"), encoding="utf8")
    yield path
    Builder.unload_file(str(path))


def test_a_widget_from_a_kept_parse_is_the_one_kivy_makes(probe, cache_dir, monkeypatch):
    from kivy.lang import Builder, parser

    first, text, gap = _probe(probe)
    assert (text, gap) == ("Rolls: 3", 7)       # its bindings follow, the #:set value is there
    assert list(cache_dir.glob("kv/probe-*.marshal"))
    parses = []
    real = parser.Parser.parse
    monkeypatch.setattr(parser.Parser, "parse", lambda self, content: parses.append(1) or real(self, content))
    again, text, gap = _probe(probe)
    assert not parses                           # read from the cache, not parsed
    assert (text, gap) == ("Rolls: 3", 7)
    assert tuple(again.canvas.before.children[-1].size) == tuple(again.size)   # its canvas drawn
    assert str(probe) in Builder.files


def test_a_changed_file_is_read_anew(probe):
    _probe(probe)
    probe.write_text(LOOK.format("Turns"), encoding="utf8")
    assert _probe(probe)[1] == "Turns: 3"


def test_a_damaged_cache_is_parsed_again(probe, cache_dir):
    _probe(probe)
    for kept in cache_dir.glob("kv/probe-*.marshal"):
        kept.write_bytes(kept.read_bytes()[:40])
    assert _probe(probe)[1] == "Rolls: 3"
