"""A seat at the table, read from across it: the player's name, whole (text.NameLabel),
their chip and what lies in front of them, and the words for its pad. Its look is in
seats.kv beside this file, read after the first frame (looks.LATER).
"""
from __future__ import annotations

from kivy.clock import Clock
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
    _held = False       # within show(): the figures flowed once at its end, not once a field
    _posted = False     # its look read (looks.LATER): its ids there to flow into

    def show(self, **fields) -> None:
        """Set the seat's fields together (colour=..., tags=...): its figures flowed again
        once, if any of them changed, not once for each field that did."""
        changed = any(getattr(self, name) != value for name, value in fields.items())
        self._held = True
        try:
            for name, value in fields.items():
                setattr(self, name, value)
        finally:
            self._held = False
        if changed and self._posted:
            self._flow()

    def on_kv_post(self, base_widget):
        super().on_kv_post(base_widget)
        self._posted = True
        self.bind(counts=self._flow, tags=self._flow, current=self._flow, width=self._flow, pips=self._flow,
                  track=self._flow, name=self._flow)
        # its height changes as its own rows move: looked at again once they settle, not within
        self.bind(height=Clock.create_trigger(self._flow, -1))
        self._flow()

    def _place_chip(self, full: float) -> float:
        """The chip beside the name while the name takes two lines there at most; beside
        the figures, under a name given the whole width, when it would take three: the
        token keeps its height either way. The room left for the figures' lines."""
        ids = self.ids
        # ids are weak proxies: the widgets themselves, to compare with a parent
        chip, row, lower, name = ids.chip.__self__, ids.row.__self__, ids.lower.__self__, ids.name
        beside = full - chip.width - row.spacing
        lines = name_lines(self.name, beside - name.reserve - dp(2),
                           lambda text: drawn_width(text, name.font_size, True), table_language())
        home = row if len(lines) <= 2 else lower
        if chip.parent is not home:
            if chip.parent is not None:
                chip.parent.remove_widget(chip)
            home.add_widget(chip, index=len(home.children))    # first, on the left
        return full if home is row else beside

    def _flow(self, *_):
        """The pieces at the seat beside a short name, as many as fit there; under the
        name the track, the counts, the pips, then the other pieces, as many to a line
        as fit."""
        if self._held:
            return
        from kivy.utils import escape_markup
        ids = self.ids
        side, beside, row = ids.side, ids.beside, ids.row
        whole = self.width - self.padding[0] - self.padding[2]
        full = self._place_chip(whole) - dp(2)
        size = side.font_size

        def width(text):
            return drawn_width(text, size, False)

        def paint(item, colour):
            return f"[color={_hex(colour)}]{_pip_font(escape_markup(item))}[/color]"
        separator = f"[color={_hex(theme.TEXT_DIM)}]{SEPARATOR}[/color]"
        tag_colour = theme.BADGE if self.current else theme.TEXT
        tags = list(self.tags)
        # beside the name: the pieces that fit after it on its one line
        room = 0.0
        if ids.chip.parent is row.__self__ and len(ids.name.text.split("\n")) == 1:
            room = (whole - ids.chip.width - row.spacing * 2 - ids.name.reserve
                    - drawn_width(self.name, ids.name.font_size, True) - dp(6))
        there = []
        while tags and width(SEPARATOR.join(there + [tags[0]])) <= room:
            there.append(tags.pop(0))
        beside.text = separator.join(paint(tag, tag_colour) for tag in there)
        beside.width = width(SEPARATOR.join(there)) + dp(4) if there else 0
        counts = ([self.track] if self.track else []) + list(self.counts)
        pips = [(colour, f"{PIP}{count}") for colour, count in self.pips]
        items = counts + [text for _colour, text in pips] + tags
        lines = pack(items, [full], width, SEPARATOR)
        # the counts dim, a pip in its colour, the tags bright (the badge colour on the seat whose turn it is)
        colours = ([theme.TEXT if self.track and i == 0 else theme.TEXT_DIM for i in range(len(counts))]
                   + [theme.rgba(theme.text_hex(colour)) for colour, _ in pips] + [tag_colour] * len(tags))
        painted = [paint(item, colour) for item, colour in zip(items, colours)]
        fit = self.lines_room()
        if len(lines) > fit:
            # more than the token holds (a long name, many pieces at one seat): the last line
            # says how many more there are ("+2"), all of them in Help's facts
            lines = lines[:fit]
            while lines[-1] and width(SEPARATOR.join(lines[-1] + [f"+{len(items) - sum(map(len, lines))}"])) > full:
                lines[-1] = lines[-1][:-1]
            more = len(items) - sum(map(len, lines))
            lines[-1] = lines[-1] + [f"+{more}"]
            painted = painted[:sum(map(len, lines)) - 1] + [paint(f"+{more}", theme.TEXT_DIM)]
        shown = iter(painted)
        side.text = "\n".join(separator.join(next(shown) for _ in line) for line in lines)

    def lines_room(self) -> int:
        """How many lines of figures the token holds under its name: as many as its
        height leaves (a token sized by its column), else as many as there are."""
        if self.size_hint_y is None:
            return 99
        ids = self.ids
        left = self.height - self.padding[1] - self.padding[3] - ids.row.height - ids.pad_mark.height
        return max(1, int(left // (ids.side.font_size * ids.side.line_height * 1.2)))


SEPARATOR = "\u2009·\u2009"    # thin spaces: one more figure to a line
PIP = "\u25cf"      # a dot; drawn from DejaVu Sans, which has it


def _pip_font(text: str) -> str:
    # the dot and its number in one font span: a line never breaks between them
    return f"[font=DejaVuSans]{text}[/font]" if text.startswith(PIP) else text


def _hex(rgba) -> str:
    return "#{:02X}{:02X}{:02X}".format(*(round(v * 255) for v in rgba[:3]))


def pad_mark(t, state: str) -> str:
    """The words a seat shows for its pad: only an offline pad is worth words."""
    return t("pads.offline_mark") if state == "offline" else ""
