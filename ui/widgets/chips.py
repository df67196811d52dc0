"""A player's chip (their colour as its shape, their letter on it) and the line of
the seats' pads. Their looks are in chips.kv beside this file.
"""
from __future__ import annotations

import math

from kivy.metrics import dp, sp
from kivy.properties import ListProperty, NumericProperty, StringProperty
from kivy.uix.behaviors import ButtonBehavior
from kivy.uix.boxlayout import BoxLayout
from kivy.uix.label import Label
from kivy.uix.widget import Widget

from companion.players import COLOUR_SHAPE

from .. import theme


def _ring(corners: int, radius: float = 1.0, turn: float = 90.0, dy: float = 0.0,
          inner: float | None = None) -> tuple:
    """A regular polygon's corners (a star's, with `inner` the notches' radius)."""
    count = corners * 2 if inner else corners
    points = []
    for i in range(count):
        r = radius * inner if inner and i % 2 else radius
        a = math.radians(turn + i * 360 / count)
        points.append((r * math.cos(a), r * math.sin(a) + dy))
    return tuple(points)


_ARM = 0.46    # the cross's half arm: the letter fits in its middle bar


# A chip's shape (companion.players.COLOUR_SHAPE) as its outline in a box from -1
# to 1, with the letter's size and how far it sits below the middle (parts of the
# chip's size; below 0: above), so the whole letter is on the colour, where its ink reads.
CHIP_SHAPES = {
    "circle": (_ring(48), 0.5, 0.0),
    "square": (((-.86, -.86), (.86, -.86), (.86, .86), (-.86, .86)), 0.5, 0.0),
    "triangle": (((-1, -1), (1, -1), (0, 1)), 0.5, 0.2),
    "diamond": (((0, -1), (1, 0), (0, 1), (-1, 0)), 0.5, 0.0),
    "hexagon": (_ring(6, turn=0), 0.5, 0.0),
    "star": (_ring(5, 1.05, dy=-0.1, inner=0.62), 0.5, 0.05),
    "pentagon": (_ring(5, 1.05, dy=-0.1), 0.5, 0.05),
    "cross": (((-_ARM, -1), (_ARM, -1), (_ARM, -_ARM), (1, -_ARM), (1, _ARM), (_ARM, _ARM), (_ARM, 1),
               (-_ARM, 1), (-_ARM, _ARM), (-1, _ARM), (-1, -_ARM), (-_ARM, -_ARM)), 0.5, -0.02),
}


class Chip(Label):
    """A player's colour as its shape with their letter on it: neither colour nor
    shape is the only cue. Give it `colour` and `letter`; the shape follows."""
    colour = StringProperty("grey")
    letter = StringProperty("?")
    shape = StringProperty("")                # from the colour (COLOUR_SHAPE)
    ink = ListProperty([0, 0, 0, 1])
    fill = ListProperty([0.7, 0.7, 0.7, 1])
    outline = ListProperty([])                # the shape's corners on the screen: x, y, x, y ...
    mesh = ListProperty([])                   # the same as a triangle fan from the middle
    mesh_indices = ListProperty([])
    letter_scale = NumericProperty(0.5)
    letter_drop = NumericProperty(0.0)

    def __init__(self, **kwargs):
        super().__init__(**kwargs)
        self.bind(pos=self._draw, size=self._draw, shape=self._draw)
        self.on_colour()
        self._draw()

    def on_colour(self, *_):
        self.fill = list(theme.player_rgba(self.colour))
        self.ink = list(theme.ink_on(self.colour))
        self.shape = COLOUR_SHAPE.get(self.colour, "circle")

    def _draw(self, *_):
        corners, self.letter_scale, self.letter_drop = CHIP_SHAPES.get(self.shape, CHIP_SHAPES["circle"])
        # not self.center: a cached alias, still the old middle while a resize tells `size`'s
        # watchers (a header chip given its width back drew its shape over the Home button)
        cx, cy = self.x + self.width / 2, self.y + self.height / 2
        r = max(0.0, min(self.size) / 2 - dp(2))
        points = [(cx + x * r, cy + y * r) for x, y in corners]
        self.outline = [v for point in points for v in point]
        fan = [(cx, cy)] + points + points[:1]
        self.mesh = [v for x, y in fan for v in (x, y, 0, 0)]
        self.mesh_indices = list(range(len(fan)))


class PlayerChip(ButtonBehavior, Chip):
    """A chip to tap (setup: the next free colour)."""


class PadStrip(BoxLayout):
    """A line of the seats that have a pad: their chips, online first, then the
    ones whose pad is offline. No seat with a pad: the line takes no room."""

    def show(self, t, players, states: dict[int, str]) -> None:
        self.clear_widgets()
        seats = [seat for seat in sorted(states) if 0 <= seat < len(players)]
        if not seats:
            self.height = 0
            self.opacity = 0
            return
        self.height = dp(theme.CHIP)
        self.opacity = 1
        self.add_widget(self._word(t("pads.strip"), theme.TEXT_DIM))
        online = [seat for seat in seats if states[seat] == "online"]
        offline = [seat for seat in seats if states[seat] != "online"]
        for group, word, colour in ((online, t("pads.online_mark"), theme.OK_TEXT),
                                    (offline, t("pads.offline_mark"), theme.ERROR_TEXT)):
            if not group:
                continue
            for seat in group:
                player = players[seat]
                chip = Chip(colour=player["colour"], letter=player["letter"], pos_hint={"center_y": 0.5})
                chip.size = (dp(theme.CHIP), dp(theme.CHIP))    # after the kv rule, which makes a chip a touch target
                self.add_widget(chip)
            self.add_widget(self._word(word, colour, bold=group is offline))
        self.add_widget(Widget())

    @staticmethod
    def _word(text: str, colour, bold: bool = False) -> Label:
        label = Label(text=text, font_size=sp(24), color=colour, bold=bold, size_hint_x=None,
                      halign="left", valign="middle")
        label.texture_update()
        label.width = label.texture_size[0] + dp(8)
        label.text_size = (label.width, None)
        return label
