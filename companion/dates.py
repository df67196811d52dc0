"""A moment as the table reads it, in the table's language (Babel's CLDR data):
"Nov 29, 2026, 1:22 AM" in English, "29. Nov. 2026, 01:22" in German.

The date with the month's short name (CLDR skeleton yMMMd: no doubt which number
is the day), the time as the language writes it short (no seconds), joined the
language's way. Machine dates (an export's) stay ISO: they are not this module's.
"""
from __future__ import annotations

from datetime import datetime

from babel import Locale, UnknownLocaleError
from babel.dates import format_skeleton, format_time, get_datetime_format

FALLBACK = "en"


def _locale(lang: str) -> Locale:
    try:
        return Locale.parse(lang)
    except (UnknownLocaleError, ValueError):
        return Locale.parse(FALLBACK)


def when(seconds: float, lang: str) -> str:
    """The local date and time of `seconds` (since the epoch, as the store keeps them)."""
    moment = datetime.fromtimestamp(seconds)
    locale = _locale(lang)
    day = format_skeleton("yMMMd", moment, locale=locale)
    clock = format_time(moment, "short", locale=locale)
    text = get_datetime_format("medium", locale=locale).replace("'", "").replace("{1}", day).replace("{0}", clock)
    # CLDR puts a narrow no-break space before AM/PM, a glyph not every font has: a plain
    # no-break space keeps "1:22 AM" together all the same
    return text.replace("\u202f", "\u00a0")
