"""fluent.syntax's side of the text catalogue (companion/i18n.py): a message parsed,
the fields it reads, what it refers to, and whether it is words and fields alone.

Imported the first time a message is parsed: a start whose catalogue cache is
fresh (i18n.py, "The cache") says its first screen's texts from the cache and
never imports fluent.syntax (some 4 ms, and 1 to 3 ms of parsing).
"""
from __future__ import annotations

from fluent.syntax import FluentParser
from fluent.syntax import ast as FTL
from fluent.syntax.visitor import Visitor

__all__ = ["FTL", "Parser", "fields", "plain_parts", "refers", "resource"]

MAX_PARTS = 1000             # fluent.runtime's limit (resolver.py): past it the bundle says "{???}"


class Parser:
    """One entry's source parsed: a Message or Term with a value, else None (absent,
    broken, or attributes alone)."""

    def __init__(self):
        self._parser = FluentParser(with_spans=False)

    def entry(self, source: str | None) -> FTL.Message | FTL.Term | None:
        entry = None if source is None else self._parser.parse_entry(source)
        if not isinstance(entry, (FTL.Message, FTL.Term)) or entry.value is None:
            return None
        return entry


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


def refers(entry: FTL.Message | FTL.Term) -> list[str]:
    """The identifiers of the messages and terms an entry refers to (a term's with its "-")."""
    names = _Names()
    names.visit(entry)
    return names.refers


def resource(entries) -> FTL.Resource:
    return FTL.Resource(list(entries))


def plain_parts(message: FTL.Message | None) -> tuple | None:
    """A message of words and fields alone as (words, fields): the words between the
    fields (one more than the fields, "" where two meet), with string literals
    ({"{"}) in the words; None for anything more."""
    if message is None or len(message.value.elements) > MAX_PARTS:
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
