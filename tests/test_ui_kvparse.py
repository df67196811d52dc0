"""ui/kvparse.py: Kivy's kv parser made faster at start, with exactly the rules it made."""
import re

from hypothesis import given, settings
from hypothesis import strategies as st

from ui.kvparse import strip_strings

KV_DIRS = ("ui", "ui/screens")


def kivy_pattern():
    from kivy.lang import parser
    return parser.lang_str


# values as the parser sees them: leading newlines (the line number), then a kv expression
pieces = st.sampled_from(["'", '"', "'''", '"""', "\\", "\n", "#", "a", "self.x", " ", "(", ")", "'24sp'",
                          '"x"', "f'{self.text}'", "_('y')"])


@settings(max_examples=400, deadline=None)
@given(st.integers(min_value=0, max_value=40), st.lists(pieces, max_size=14))
def test_the_strings_stripped_are_the_same_as_kivys_own(lines, parts):
    pattern = kivy_pattern()
    value = "\n" * lines + "".join(parts)
    assert strip_strings(pattern, value) == re.sub(pattern, "", value)


def test_every_kv_file_of_ours_parses_to_the_same_rules(monkeypatch):
    from pathlib import Path

    from kivy.lang import parser as kv

    import ui.kvparse

    root = Path(ui.kvparse.__file__).resolve().parent
    from kivy import kivy_data_dir
    files = sorted(root.glob("*.kv")) + sorted((root / "screens").glob("*.kv")) + [Path(kivy_data_dir) / "style.kv"]
    assert len(files) > 10

    def rules(path):
        text = path.read_text(encoding="utf-8")
        parsed = kv.Parser(content=text, filename=str(path))
        found = []

        def walk(rule):
            for name, prop in sorted(rule.properties.items()):
                found.append((rule.name, name, prop.mode, prop.watched_keys,
                              prop.co_value if not hasattr(prop.co_value, "co_code") else prop.co_value.co_code))
            for child in rule.children:
                walk(child)
            for handler in rule.handlers:
                found.append((rule.name, handler.name, handler.mode))
        for _, rule in parsed.rules:
            walk(rule)
        return found

    monkeypatch.setattr(kv, "sub", re.sub)             # Kivy's own
    kivys = {path: rules(path) for path in files}
    ui.kvparse.install()
    assert kv.sub is not re.sub
    for path in files:
        assert rules(path) == kivys[path], path.name
    assert sum(1 for found in kivys.values() for row in found if len(row) > 3 and row[3]) > 200   # names watched


def test_the_app_reads_kivys_style_with_the_quick_parser_and_leaves_re_as_it_was():
    import subprocess
    import sys
    code = ("import re; slow = re.sub; import ui.app, ui.kvparse; from kivy.lang import parser, Builder; "
            "print(re.sub is slow, parser.sub is ui.kvparse.sub, len(ui.kvparse._STRIPPED) > 100, "
            "any(f.endswith('style.kv') for f in Builder.files))")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=120)
    assert out.stdout.split()[-4:] == ["True"] * 4, out.stderr[-2000:]
