"""Dates as the table reads them, in its language (companion/dates.py, Babel's CLDR)."""
import time

import pytest

from companion.dates import when


def at(*fields) -> float:
    return time.mktime((*fields, 0, 0, -1))


@pytest.mark.parametrize("lang, night, afternoon", [
    ("en", "Nov 29, 2026, 1:22\u00a0AM", "Nov 29, 2026, 1:22\u00a0PM"),
    ("de", "29. Nov. 2026, 01:22", "29. Nov. 2026, 13:22"),
])
def test_a_date_reads_in_the_tables_language(lang, night, afternoon):
    assert when(at(2026, 11, 29, 1, 22, 0), lang) == night
    assert when(at(2026, 11, 29, 13, 22, 59), lang) == afternoon        # no seconds


def test_a_language_babel_does_not_know_reads_as_english():
    assert when(at(2026, 1, 2, 3, 4, 0), "xx") == "Jan 2, 2026, 3:04\u00a0AM"
