"""Colours and sizes shared by every screen: dark, high contrast, big targets.

Plain Python (no Kivy), so kv files import it with ``#:import theme ui.theme``.
"""
from __future__ import annotations

from functools import cache

from companion.players import COLOUR_HEX

TOUCH = 64          # px: the smallest touch target (a fingertip at arm's length)
BAR = 64            # px: the top bar of every screen
CHIP = 48           # px: the smallest chip with a letter (its letter 24 px, on every shape)
# the font with the pip, tick and cross (Roboto has none): Kivy's own file, named with its
# ".ttf", which Kivy keeps once found; a bare "DejaVuSans" it looks for on disk at every render
SYMBOL_FONT = "DejaVuSans.ttf"


def rgba(hex_colour: str, alpha: float = 1.0) -> tuple[float, float, float, float]:
    h = hex_colour.lstrip("#")
    return (int(h[0:2], 16) / 255, int(h[2:4], 16) / 255, int(h[4:6], 16) / 255, alpha)


BG = rgba("#121418")
SURFACE = rgba("#1F2329")
SURFACE_HI = rgba("#2A2F37")
LINE = rgba("#3A414C")
TEXT = rgba("#F4F5F7")
TEXT_DIM = rgba("#B4BAC3")
TEXT_OFF = rgba("#9097A0")      # dimmed but still read: a stale roll, "no rolls yet"
DISABLED_TEXT = rgba("#6A717B")  # a control that does nothing now (WCAG exempts it; >= 3:1 still)
INK = (0.07, 0.07, 0.07, 1)      # dark text on light faces (the badge, light player colours)
ERROR_TEXT = rgba("#FF8A80")
OK_TEXT = rgba("#7FD99A")       # a seat pad online
NOTICE_BG = rgba("#5C4300")
TOAST_ERROR = rgba("#8E1F19")
TOAST_INFO = rgba("#1E4F8F")
BADGE = rgba("#F0E442")

# TEXT, TEXT_DIM, TEXT_OFF, ERROR_TEXT, OK_TEXT and BADGE read at >= 4.5:1 on BG,
# SURFACE and SURFACE_HI (tests/test_ui_theme.py checks each pair the screens draw).

# Button faces by tone: (normal, pressed). White text stays >= 4.5:1 on each,
# pressed too: so the coloured faces are dark enough to lighten when pressed.
TONES = {
    "normal": (rgba("#343B46"), rgba("#4A5361")),
    "primary": (rgba("#2556B1"), rgba("#2F69D4")),
    "go": (rgba("#146742"), rgba("#197D50")),
    "danger": (rgba("#A8231C"), rgba("#C83A30")),
    "quiet": (rgba("#23272E"), rgba("#343B46")),
    "selected": (rgba("#2556B1"), rgba("#2F69D4")),
}
DISABLED_FACE = rgba("#1C1F24")


def face(tone: str, state: str, disabled: bool):
    if disabled:
        return DISABLED_FACE
    normal, down = TONES.get(tone, TONES["normal"])
    return down if state == "down" else normal


def player_rgba(colour: str, alpha: float = 1.0):
    return rgba(COLOUR_HEX.get(colour, "#BBBBBB"), alpha)


def _luminance(c) -> float:
    def lin(v):
        return v / 12.92 if v <= 0.03928 else ((v + 0.055) / 1.055) ** 2.4
    return 0.2126 * lin(c[0]) + 0.7152 * lin(c[1]) + 0.0722 * lin(c[2])


def ink_on(colour: str):
    """Black or white, whichever reads better on a player's colour."""
    lum = _luminance(player_rgba(colour))
    on_white = 1.05 / (lum + 0.05)
    on_black = (lum + 0.05) / (_luminance(INK) + 0.05)
    return INK if on_black >= on_white else (1, 1, 1, 1)


@cache     # a handful of colours, asked at every refresh (the gem pips, a counter's name)
def text_hex(colour: str) -> str:
    """A player's colour as text on the dark theme: dark ones lightened to read
    (>= 4.5:1 on SURFACE_HI, the lightest background text sits on: a dialog, a
    pad row waiting); "clear" (a diamond) nearly white."""
    if colour not in COLOUR_HEX:
        return "#E8F4FF"
    r, g, b, _ = player_rgba(colour)
    surface = _luminance(SURFACE_HI)
    for _ in range(10):
        if (_luminance((r, g, b)) + 0.05) / (surface + 0.05) >= 4.5:
            break
        r, g, b = (v + (1 - v) * 0.2 for v in (r, g, b))
    return hex_of((r, g, b))


@cache     # a few colours, painted into markup at every refresh (the seats' figures and pips)
def hex_of(rgba) -> str:
    """A colour (r, g, b[, a], 0 to 1) as markup's "#RRGGBB"."""
    return "#{:02X}{:02X}{:02X}".format(*(round(v * 255) for v in rgba[:3]))
