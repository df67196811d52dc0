"""A seat at the table, read from across it: the player's name, whole (text.NameLabel),
their chip and what lies in front of them, and the words for its pad. Its look is in
seats.kv beside this file, read after the first frame (looks.LATER).
"""
from __future__ import annotations

from kivy.metrics import dp
from kivy.properties import BooleanProperty, ListProperty, NumericProperty, StringProperty
from kivy.uix.boxlayout import BoxLayout

from .. import theme
from ..wrapping import name_lines, pack
from .looks import LaterLook
from .text import drawn_width, table_language


class SeatCard(LaterLook, BoxLayout):
    """One seat round the table, read from across it (all at 24 px): the chip with the
    name beside it, whole (NameLabel); under them what lies in front of the player
    ("4 cards · 0 Items"), the pieces at the seat (Soap, Guard ...) and their pips,
    as many to a line as fit; progress toward the goal as a bar along the bottom;
    with seat pads, a dot for a pad online and "pad offline" for one unplugged. The
    seat whose turn it is stands out: a bright frame and a lighter face."""
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
    pips = ListProperty([])             # pieces as coloured dots: (colour, how many), ... (Heist's gems)

    def on_kv_post(self, base_widget):
        super().on_kv_post(base_widget)
        self.bind(counts=self._flow, tags=self._flow, current=self._flow, width=self._flow, pips=self._flow,
                  track=self._flow, name=self._flow)
        self._flow()

    def _place_chip(self, full: float) -> float:
        """The chip beside the name while the name takes two lines there at most; beside
        the figures, under a name given the whole width, when it would take three: the
        token keeps its height either way. The room left for the figures' lines."""
        ids = self.ids
        chip, row, lower, name = ids.chip, ids.row, ids.lower, ids.name
        beside = full - chip.width - row.spacing
        lines = name_lines(self.name, beside - name.reserve - dp(2),
                           lambda text: drawn_width(text, name.font_size, True), table_language())
        home = row if len(lines) <= 2 else lower
        if chip.parent is not home:
            chip.parent.remove_widget(chip)
            home.add_widget(chip, index=len(home.children))    # first, on the left
        return full if home is row else beside

    def _flow(self, *_):
        """The track, the counts, the pips, then the tags, as many to a line as fit."""
        from kivy.utils import escape_markup
        side = self.ids.side
        full = self._place_chip(self.width - self.padding[0] - self.padding[2]) - dp(2)
        size = side.font_size
        counts, tags = ([self.track] if self.track else []) + list(self.counts), list(self.tags)
        pips = [(colour, f"{PIP}{count}") for colour, count in self.pips]
        items = counts + [text for _colour, text in pips] + tags
        lines = pack(items, [full], lambda text: drawn_width(text, size, False), SEPARATOR)
        # the counts dim, a pip in its colour, the tags bright (the badge colour on the seat whose turn it is)
        colours = ([theme.TEXT if self.track and i == 0 else theme.TEXT_DIM for i in range(len(counts))]
                   + [theme.rgba(theme.text_hex(colour)) for colour, _ in pips]
                   + [theme.BADGE if self.current else theme.TEXT] * len(tags))
        painted = iter(f"[color={_hex(colour)}]{_pip_font(escape_markup(item))}[/color]"
                       for item, colour in zip(items, colours))
        separator = f"[color={_hex(theme.TEXT_DIM)}]{SEPARATOR}[/color]"
        side.text = "\n".join(separator.join(next(painted) for _ in line) for line in lines)


SEPARATOR = " · "
PIP = "\u25cf"      # a dot; drawn from DejaVu Sans, which has it


def _pip_font(text: str) -> str:
    # the dot and its number in one font span: a line never breaks between them
    return f"[font=DejaVuSans]{text}[/font]" if text.startswith(PIP) else text


def _hex(rgba) -> str:
    return "#{:02X}{:02X}{:02X}".format(*(round(v * 255) for v in rgba[:3]))


def pad_mark(t, state: str) -> str:
    """The words a seat shows for its pad: only an offline pad is worth words."""
    return t("pads.offline_mark") if state == "offline" else ""
