"""A faster step of Kivy's kv parser, with the same result: kv files are read at
start, Kivy's own style.kv too (on a Pi, several times slower than here).

Kivy strips the string literals from every rule's value before looking for the
names it watches (kivy.lang.parser.ParserRuleProperty.precompile), with a regex run
over the value after one newline per line above it in its file (kept there for its
error messages' line numbers): ~20 us a value, 25 ms of a cold start here. Without
a quote in the value there is nothing to strip; the leading newlines hold no string
(no match begins in them, and the regex's look-behinds see no quote there); and
values recur ("theme.TEXT", "'24sp'"), so each is searched once."""
from __future__ import annotations

import contextlib
import re
import sys

_STRIPPED: dict[str, str] = {}   # a value's body: the same without its strings
_slow = re.sub


def strip_strings(pattern, string: str) -> str:
    """re.sub(pattern, "", string) for Kivy's string-literal pattern."""
    if "'" not in string and '"' not in string:
        return string
    body = string.lstrip("\n")
    stripped = _STRIPPED.get(body)
    if stripped is None:
        stripped = _STRIPPED[body] = _slow(pattern, "", body)
    return string[:len(string) - len(body)] + stripped


def sub(pattern, repl, string, count=0, flags=0):
    """re.sub, quicker for the kv parser's string-literal pattern."""
    parser = sys.modules.get("kivy.lang.parser")
    if repl == "" and not count and not flags and pattern is getattr(parser, "lang_str", None):
        return strip_strings(pattern, string)
    return _slow(pattern, repl, string, count, flags)


def install() -> None:
    """Once Kivy's parser is imported: the kv files read from now on."""
    from kivy.lang import parser
    parser.sub = sub


@contextlib.contextmanager
def early():
    """Around the first import of Kivy's parser, which reads style.kv as it is
    imported: the parser takes `sub` from `re` then, so `re` lends it ours."""
    if "kivy.lang.parser" in sys.modules:
        install()
        yield
        return
    re.sub = sub
    try:
        yield
    finally:
        re.sub = _slow
    if "kivy.lang.parser" in sys.modules:
        install()
