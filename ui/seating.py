"""Where things go on the table drawn round the seats (board_view.TableView), in
pixels: each seat's chip on the oval's edge, and the pieces at a seat (the
Soap, the Guard ...) as tags beside its chip. Pure geometry, no Kivy: boxes
are (x, y, width, height) from the drawing's lower left corner.

A seat's tags go together, as near its chip as they can, toward the middle of
the table first (a piece lies on the table in front of its player), never over
a chip or another seat's tags, never out of the drawing, and always nearer its
own chip than any other, so they read as that seat's.
"""
from __future__ import annotations

import math

from . import theme

Box = tuple[float, float, float, float]

CHIP = theme.CHIP                  # px: a seat's chip on the table (its letter 24 px)
HEIGHTS = {3: 220, 4: 240}         # px: the drawing's height by seats, room for every tag; more seats: 300


def table_height(seats: int) -> int:
    """How tall the table is drawn (the width is the middle column's, ~300 px at 800x480)."""
    return HEIGHTS.get(seats, 300)


def chip_boxes(places, width: float, height: float, chip: float, margin: float = 0.0) -> list[Box]:
    """Each seat's chip, its middle on the oval the size of the drawing (less half a
    chip and the margin all round); `places` on a circle of radius 1 (Board.table)."""
    rx, ry = width / 2 - chip / 2 - margin, height / 2 - chip / 2 - margin
    return [(width / 2 + x * rx - chip / 2, height / 2 + y * ry - chip / 2, chip, chip) for x, y in places]


def place_tags(chips: list[Box], blocks: list[tuple[int, list[tuple[float, float]]]], width: float,
               height: float, gap: float = 4.0, apart: float = 10.0, stack: float = 3.0,
               frame: float = 3.0) -> list[list[Box]]:
    """A box for each tag: `blocks` are (seat, [(tag width, tag height) ...]), a
    seat's tags stacked `stack` apart and centred, placed as one block at the first
    free place round the seat's chip, the way toward the middle tried first, and
    `apart` from other seats' tags so each seat's stand apart (the block, not each
    tag in it, is nearer its own chip than any other). A block keeps `frame` clear
    of the drawing's edge and `gap` of any chip: room for a frame round it."""
    out: list[list[Box]] = []
    placed: list[Box] = []
    for seat, sizes in blocks:
        w = max((tw for tw, _ in sizes), default=0)
        h = sum(th for _, th in sizes) + stack * (len(sizes) - 1)
        x, y = _free_place(chips, seat, w, h, placed, width, height, gap, apart, frame)
        placed.append((x, y, w, h))
        out.append(_stacked(x, y, w, h, sizes, stack))
    return out


def _stacked(x, y, w, h, sizes, stack) -> list[Box]:
    """The tags of a block at (x, y), w x h: one under another from the top, centred."""
    boxes, top = [], y + h
    for tw, th in sizes:
        top -= th
        boxes.append((x + (w - tw) / 2, top, tw, th))
        top -= stack
    return boxes


def _free_place(chips, seat, w, h, others, width, height, gap, apart, frame) -> tuple[float, float]:
    x0, y0, cw, ch = chips[seat]
    cx, cy = x0 + cw / 2, y0 + ch / 2
    inward = math.atan2(height / 2 - cy, width / 2 - cx)
    tried = []
    for step in range(36):                      # every 10 degrees round the chip
        angle = math.radians(step * 10)
        off = abs((angle - inward + math.pi) % (2 * math.pi) - math.pi)     # 0: straight toward the middle
        dx, dy = math.cos(angle), math.sin(angle)
        # just clear of the chip that way, then further out in 4 px steps
        clear = min((cw / 2 + gap + w / 2) / abs(dx) if abs(dx) > 1e-6 else math.inf,
                    (ch / 2 + gap + h / 2) / abs(dy) if abs(dy) > 1e-6 else math.inf)
        for further in range(0, 120, 4):
            far = clear + further
            tried.append((far + off * 30, cx + dx * far - w / 2, cy + dy * far - h / 2))
    tried.sort()
    for _cost, x, y in tried:
        block = (x, y, w, h)
        if x < frame or y < frame or x + w > width - frame or y + h > height - frame:
            continue
        if any(overlap(block, chip, gap) for chip in chips) or any(overlap(block, o, apart) for o in others):
            continue
        if not belongs(chips, block, seat):
            continue
        return x, y
    return cx - w / 2, cy - h / 2               # no room at all: over its own chip, rather than lost


def overlap(a: Box, b: Box, margin: float = 0.0) -> bool:
    return (a[0] < b[0] + b[2] + margin and b[0] < a[0] + a[2] + margin
            and a[1] < b[1] + b[3] + margin and b[1] < a[1] + a[3] + margin)


def belongs(chips: list[Box], box: Box, seat: int, by: float = 1.0) -> bool:
    """Whether a tag reads as this seat's: its middle nearer the seat's chip than
    `by` times the distance to any other chip."""
    mx, my = box[0] + box[2] / 2, box[1] + box[3] / 2
    far = [math.hypot(c[0] + c[2] / 2 - mx, c[1] + c[3] / 2 - my) for c in chips]
    return all(far[seat] <= by * d for s, d in enumerate(far) if s != seat)


def nearest_chip(chips: list[Box], box: Box) -> int:
    """The seat whose chip's middle is nearest the box's middle."""
    mx, my = box[0] + box[2] / 2, box[1] + box[3] / 2
    return min(range(len(chips)), key=lambda s: math.hypot(chips[s][0] + chips[s][2] / 2 - mx,
                                                            chips[s][1] + chips[s][3] / 2 - my))
