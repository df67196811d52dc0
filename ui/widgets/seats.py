"""A seat at the table, read from across it: the player's name, whole (text.NameLabel),
their chip and what lies in front of them, and the words for its pad. Its look is in
seats.kv beside this file, read after the first frame (looks.LATER).
"""
from __future__ import annotations

from kivy.metrics import dp
from kivy.properties import BooleanProperty, ListProperty, NumericProperty, StringProperty
from kivy.uix.boxlayout import BoxLayout

from .. import theme
from ..wrapping import pack
from .looks import LaterLook
from .text import drawn_width


class SeatCard(LaterLook, BoxLayout):
    """One seat at the table, read from across it (all at 24 px): the name on its
    own line, whole (NameLabel); under it the chip with what lies in front of the
    player beside it ("4 cards · 0 Items"), then the game's tags (Soap, Guard ...),
    packed a few to a line; with seat pads, a dot for a pad online and "pad
    offline" for one unplugged."""
    colour = StringProperty("grey")
    letter = StringProperty("?")
    name = StringProperty("")
    tags = ListProperty([])             # the game's short tags: "Soap", "Guard: silent"
    current = BooleanProperty(False)
    pad = StringProperty("")            # "", "online" or "offline"
    pad_text = StringProperty("")       # said only when offline
    counts = ListProperty([])           # what lies in front of them, short: "4 cards", "0 Items"
    track = StringProperty("")          # toward the goal: "Tunnel 3/8"
    track_share = NumericProperty(0.0)
    SIDE_LINES = 2                      # lines beside the chip; more go under it, the card's full width

    def on_kv_post(self, base_widget):
        super().on_kv_post(base_widget)
        self.bind(counts=self._flow, tags=self._flow, current=self._flow, width=self._flow)
        self._flow()

    def _flow(self, *_):
        """The counts, then the tags, as many to a line as fit: first beside the chip, then under it."""
        from kivy.utils import escape_markup
        ids = self.ids
        side, rest = ids.side, ids.rest
        full = self.width - self.padding[0] - self.padding[2]
        size = side.font_size
        counts, tags = list(self.counts), list(self.tags)
        rooms = [full - ids.chip.width - ids.row.spacing - dp(2)] * self.SIDE_LINES + [full - dp(2)]
        lines = pack(counts + tags, rooms, lambda text: drawn_width(text, size, False), SEPARATOR)
        # the counts dim, the tags bright (the badge colour on the seat whose turn it is)
        colours = [theme.TEXT_DIM] * len(counts) + [theme.BADGE if self.current else theme.TEXT] * len(tags)
        painted = iter(f"[color={_hex(colour)}]{escape_markup(item)}[/color]"
                       for item, colour in zip(counts + tags, colours))
        separator = f"[color={_hex(theme.TEXT_DIM)}]{SEPARATOR}[/color]"
        lines = [separator.join(next(painted) for _ in line) for line in lines]
        side.text = "\n".join(line for line in lines[:self.SIDE_LINES] if line)
        rest.text = "\n".join(lines[self.SIDE_LINES:])


SEPARATOR = " · "


def _hex(rgba) -> str:
    return "#{:02X}{:02X}{:02X}".format(*(round(v * 255) for v in rgba[:3]))


def pad_mark(t, state: str) -> str:
    """The words a seat shows for its pad: only an offline pad is worth words."""
    return t("pads.offline_mark") if state == "offline" else ""
