"""What the table is told: the game's help texts and the first-run tour. Their looks
are in help.kv beside this file.
"""
from __future__ import annotations

from kivy.clock import Clock
from kivy.graphics import Color, InstructionGroup, Line, Rectangle, Triangle
from kivy.metrics import dp
from kivy.properties import BooleanProperty, NumericProperty, StringProperty
from kivy.uix.label import Label

from .. import theme

from ..widgets.window import Dialog


class HelpDialog(Dialog):
    """The game's help texts: the rules in short, how Cellmate reads them, and the
    buttons; `sections` (heading, paragraphs) come before the plain `paragraphs`."""

    def __init__(self, paragraphs: list[str], sections=(), **kwargs):
        super().__init__(**kwargs)
        box = self.ids.paragraphs
        for heading, texts in sections:
            if texts:
                box.add_widget(HelpHeading(text=heading))
                for text in texts:
                    box.add_widget(HelpParagraph(text=text))
        for text in paragraphs:
            box.add_widget(HelpParagraph(text=text))


class HelpParagraph(Label):
    pass


class HelpHeading(Label):
    pass


WIDE = (640, 270)       # dp: the tour's card beside a target above or below it
TALL = (380, 440)       # dp: ... beside a target left or right of it (at most; the window's height less the margins)
MARGIN = 10             # dp: from the window's edge, and between the card and what it points at
RING = 6                # dp: the light round a target, past its edge


def place_card(window, hole, wide, tall, margin):
    """Where the tour's card goes: (x, y, width, height, side), `side` where the card sits
    from the `hole` it points at ("below", "above", "right", "left"; None: no hole, low in
    the middle). The side with the most room to spare that holds the card whole; if none
    does, the one with the most room, the card kept in the window (it covers a part)."""
    ww, wh = window
    if hole is None:
        w, h = min(wide[0], ww - 2 * margin), min(wide[1], wh - 2 * margin)
        return (ww - w) / 2, margin * 2, w, h, None
    hx, hy, hr, ht = hole
    w_wide, h_wide = min(wide[0], ww - 2 * margin), wide[1]
    h_tall = min(tall[1], wh - 2 * margin)
    room = {"below": hy - 2 * margin, "above": wh - ht - 2 * margin,
            "right": ww - hr - 2 * margin, "left": hx - 2 * margin}
    need = {"below": h_wide, "above": h_wide, "right": tall[0], "left": tall[0]}
    fits = [side for side in room if room[side] >= need[side]]
    side = max(fits or room, key=lambda s: room[s] - need[s])
    if side in ("below", "above"):
        w, h = w_wide, h_wide
        x = min(max(margin, (hx + hr) / 2 - w / 2), ww - margin - w)
        y = hy - margin - h if side == "below" else ht + margin
    else:
        w, h = min(tall[0], max(room[side], tall[0] * 0.8)), h_tall
        x = hr + margin if side == "right" else hx - margin - w
        y = min(max(margin, (hy + ht) / 2 - h / 2), wh - margin - h)
    x, y = min(max(margin, x), ww - margin - w), min(max(margin, y), wh - margin - h)
    return x, y, w, h, side


class TourDialog(Dialog):
    """The first-run tour of the table: a few steps, each a title, a line and what it
    speaks of (widget ids on the screen on show, `find(name)` gives the widget or None).
    The card sits beside what it explains, never over it: that stays lit, the rest of
    the screen dimmed, and the card's tail points at it. Next, or skip it all. `done`
    is called once, however it closes (also by a tap outside)."""
    step = NumericProperty(0)
    count = NumericProperty(0)
    heading = StringProperty("")
    text = StringProperty("")
    narrow = BooleanProperty(False)     # the tall card beside its target: the buttons one over the other

    def __init__(self, steps: list[tuple], t, done=None, find=None, **kwargs):
        self.steps, self.t, self._done = [tuple(s) + ((),) * (3 - len(s)) for s in steps], t, done
        self.find = find or (lambda _name: None)
        self.side = None                 # where the card sits from what it points at (place_card)
        self._watched: list = []
        self._place = Clock.create_trigger(lambda _dt: self.place())
        super().__init__(**kwargs)
        self.light = InstructionGroup()  # the dimmed screen round the lit target, its ring, the card's tail
        self.canvas.before.add(self.light)
        self.count = len(self.steps)
        self.show(0)

    def show(self, step: int) -> None:
        self.step = step
        self.heading, self.text, _targets = self.steps[step]
        last = step == self.count - 1
        self.ids.counter.text = self.t("tour.step", n=step + 1, count=self.count)
        self.ids.next.text = self.t("tour.done" if last else "tour.next")
        self.ids.skip.opacity, self.ids.skip.disabled = (0, True) if last else (1, False)
        self.place()
        self._place()                    # again once the screen under it is laid out

    def targets(self) -> list:
        """The widgets this step speaks of that are on the window now."""
        found = (self.find(name) for name in self.steps[self.step][2])
        return [w for w in found if w is not None and w.get_root_window() is not None
                and w.width > 1 and w.height > 1 and w.opacity > 0]

    def hole(self):
        """The window rectangle round this step's targets (x, y, right, top), or None."""
        boxes = []
        for widget in self.targets():
            x, y = widget.to_window(*widget.pos)
            boxes.append((x, y, x + widget.width, y + widget.height))
        if not boxes:
            return None
        ring = dp(RING)
        return (min(b[0] for b in boxes) - ring, min(b[1] for b in boxes) - ring,
                max(b[2] for b in boxes) + ring, max(b[3] for b in boxes) + ring)

    def place(self) -> None:
        """The card beside this step's targets, and the light on them."""
        from kivy.core.window import Window
        for widget in self._watched:
            widget.unbind(pos=self._place, size=self._place)
        self._watched = self.targets()
        for widget in self._watched:     # a screen laid out later, or moved: placed again
            widget.bind(pos=self._place, size=self._place)
        window = Window.size
        hole = self.hole()
        x, y, w, h, self.side = place_card(window, hole, (dp(WIDE[0]), dp(WIDE[1])),
                                           (dp(TALL[0]), dp(TALL[1])), dp(MARGIN))
        self.narrow = self.side in ("left", "right")
        self.size = (w, h)
        self.pos = (x, y)
        self.draw(window, hole)

    def _align_center(self, *_args):
        """Kivy's ModalView keeps itself in the window's middle: the tour's card sits
        beside what it points at instead (a window resized: placed again)."""
        if self._is_open:
            self._place()

    def draw(self, window, hole) -> None:
        light = self.light
        light.clear()
        light.add(Color(0, 0, 0, 0.7))
        ww, wh = window
        if hole is None:
            light.add(Rectangle(pos=(0, 0), size=window))
            return
        hx, hy, hr, ht = hole
        for pos, size in (((0, 0), (ww, max(0, hy))), ((0, ht), (ww, max(0, wh - ht))),
                          ((0, hy), (max(0, hx), ht - hy)), ((hr, hy), (max(0, ww - hr), ht - hy))):
            light.add(Rectangle(pos=pos, size=size))
        light.add(Color(*theme.BADGE))
        # square: a rounded Line is many slivers for a software renderer (tests/test_ui_rounded.py)
        light.add(Line(rectangle=(hx, hy, hr - hx, ht - hy), width=dp(2)))
        light.add(Color(*theme.SURFACE_HI))
        light.add(Triangle(points=self.tail(hole)))

    def tail(self, hole) -> list[float]:
        """The card's tail: a triangle from its edge toward the lit target."""
        hx, hy, hr, ht = hole
        x, y, r, t = self.x, self.y, self.right, self.top
        half, reach = dp(16), dp(MARGIN) - dp(2)
        if self.side in ("below", "above"):
            mid = min(max(x + dp(30), (hx + hr) / 2), r - dp(30))
            edge, tip = (t, t + reach) if self.side == "below" else (y, y - reach)
            return [mid - half, edge, mid + half, edge, mid, tip]
        mid = min(max(y + dp(30), (hy + ht) / 2), t - dp(30))
        edge, tip = (x, x - reach) if self.side == "right" else (r, r + reach)
        return [edge, mid - half, edge, mid + half, tip, mid]

    def next(self) -> None:
        if self.step + 1 < self.count:
            self.show(self.step + 1)
        else:
            self.dismiss()

    def on_dismiss(self):
        for widget in self._watched:
            widget.unbind(pos=self._place, size=self._place)
        self._watched = []
        done, self._done = self._done, None
        if done is not None:
            done()
