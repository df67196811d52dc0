"""fluent.runtime's side of the text catalogue (companion/i18n.py): the bundle that
says a message with choices, references or functions, and the fields as it takes
them. Imported the first time a message needs more than its words and fields, or
once the first frame is drawn (ui/start.py): fluent.runtime brings Babel's dates,
its time zones and attrs, some 25 ms a start does not wait for.
"""
from __future__ import annotations

from fluent.runtime import FluentBundle
from fluent.runtime.errors import FluentReferenceError
from fluent.runtime.resolver import CurrentEnvironment, ResolverEnvironment
from fluent.runtime.types import FluentType

__all__ = ["Bundle", "FluentReferenceError", "argument"]


class _Int(int, FluentType):
    """A number field: a number to the plural rules, shown as Python shows it."""

    def format(self, locale) -> str:
        return int.__repr__(self)


class _Float(float, FluentType):
    def format(self, locale) -> str:
        return float.__repr__(self)


def argument(value):
    """A field's value for Fluent, shown as str.format showed it: a number stays a
    number (for the plural rules) but is written as Python writes it, 1234 and 0.5
    in every language (i18n.shown, the same words); anything else is its text
    ("True", "None")."""
    if isinstance(value, str):
        return value
    if isinstance(value, int) and not isinstance(value, bool):
        return _Int(value)
    if isinstance(value, float):
        return _Float(value)
    return format(value, "")


class Bundle(FluentBundle):
    """fluent.runtime's bundle, given its fields as `argument` makes them: FluentBundle's
    own format_pattern would make each number a FluentNumber again, written by Babel
    with the locale's grouping and decimal comma (and some 40 µs a number)."""

    def format_pattern(self, pattern, args=None):
        errors: list[Exception] = []
        env = ResolverEnvironment(context=self, current=CurrentEnvironment(args=dict(args or {})), errors=errors)
        try:
            return pattern(env), errors
        except ValueError as error:      # as FluentBundle: a text too long, a message too deep
            errors.append(error)
            return "{???}", errors
