"""Rounded boxes that are cheap to draw: a BorderImage (nine quads) over a small
white texture whose corners are antialiased, tinted by the Color before it.

Why not Kivy's RoundedRectangle: it is a triangle fan from the middle, so its
area is long slivers, and a software renderer (Mesa llvmpipe: the tests, the
bench, a Pi without its GPU driver) fills sliver after sliver on its slow path
for partly covered tiles. Fifteen of them were two thirds of a dice table
frame. A 9-slice fills the middle with one big quad, and the corners come
smooth from the texture, with no multisampling (ui/start.py configure_kivy).

    #:import rounded ui.rounded
    BorderImage:
        texture: rounded.texture(dp(10))
        border: rounded.border(dp(10))
        pos: self.pos
        size: self.size

An outline (a rounded ring, e.g. the current seat's) is the same 9-slice
without its middle, as a Mesh: Kivy's wide Line is hundreds of thin quads
around the corners, ~0.13 ms a frame each on llvmpipe; a hidden outline
gets no vertices at all rather than a see-through colour.

    Mesh:
        texture: rounded.ring(dp(10), dp(2))
        vertices: rounded.ring_vertices(self.pos, self.size, dp(10)) if self.current else []
        indices: rounded.RING_INDICES
        mode: 'triangles'
"""
from __future__ import annotations

import math
from functools import lru_cache

def radius_px(radius: float) -> int:
    return max(1, int(round(radius)))


def border(radius: float) -> tuple[int, int, int, int]:
    """The BorderImage border for this radius: the corner in texture pixels, drawn 1:1."""
    r = radius_px(radius)
    return (r, r, r, r)


def _distance(px: float, py: float, half: float, r: float) -> float:
    """Signed distance from a point to the edge of a rounded square centred on 0
    (half its side `half`, corner radius r): negative inside."""
    qx, qy = abs(px) - half + r, abs(py) - half + r
    outside = math.hypot(max(qx, 0.0), max(qy, 0.0))
    return outside + min(max(qx, qy), 0.0) - r


def coverage(r: int, width: float = 0) -> list[list[float]]:
    """Alpha of each pixel of a (2r+2)-square rounded box of radius r (row 0 at the
    bottom); with a width, only a ring that wide along its edge. A pixel's alpha is
    how far its centre lies inside the edge, within half a pixel: the usual
    antialiasing of a distance field, smooth enough at these sizes."""
    side = 2 * r + 2
    half = r + 1
    quarter = []    # the bottom left quarter; the box is symmetric (made at start: a quarter of the work)
    for y in range(half):
        row = []
        for x in range(half):
            px, py = x + 0.5 - half, y + 0.5 - half
            alpha = min(1.0, max(0.0, 0.5 - _distance(px, py, half, r)))
            if width:
                inner = _distance(px, py, half - width, max(0.0, r - width))
                alpha = min(alpha, min(1.0, max(0.0, 0.5 + inner)))
            row.append(alpha)
        quarter.append(row + row[::-1])
    assert len(quarter[0]) == side
    return quarter + quarter[::-1]


@lru_cache(maxsize=None)
def _texture(r: int, width: float = 0):
    from kivy.graphics.texture import Texture

    alpha = coverage(r, width)
    side = len(alpha)
    pixels = bytearray(b"\xff" * (4 * side * side))    # white; the alpha byte of each pixel below
    pixels[3::4] = bytes(int(round(a * 255)) for row in alpha for a in row)
    texture = Texture.create(size=(side, side), colorfmt="rgba")
    texture.blit_buffer(bytes(pixels), colorfmt="rgba", bufferfmt="ubyte")
    # nearest: the corners are drawn texel for pixel and the rest is flat white, so on
    # whole pixels it draws what linear does, and at a fraction of a pixel the edge lands
    # on the nearest pixel rather than a half-covered one (tests/test_ui_rounded.py);
    # llvmpipe fills a box with one fetch a pixel instead of four: some 6 % of the
    # Sing Sing countdown's frame
    texture.mag_filter = texture.min_filter = "nearest"
    return texture


def texture(radius: float):
    """The white rounded box texture for this radius (made once per radius; needs the window)."""
    return _texture(radius_px(radius))


def ring(radius: float, width: float):
    """The white rounded ring texture: an outline `width` px wide, for ring_vertices."""
    r = radius_px(radius)
    return _texture(r, min(float(r), max(1.0, round(width * 2) / 2)))


# the 4 x 4 grid of a 9-slice, numbered from the bottom left; every cell but the middle
RING_INDICES = [i for row in range(3) for col in range(3) if (row, col) != (1, 1)
                for i in (row * 4 + col, row * 4 + col + 1, row * 4 + col + 5,
                          row * 4 + col, row * 4 + col + 5, row * 4 + col + 4)]


def ring_vertices(pos, size, radius: float) -> list[float]:
    """The Mesh vertices (x, y, u, v) of ring(radius, ...) stretched over a box."""
    r = radius_px(radius)
    x, y = pos
    w, h = size
    c = max(0.0, min(float(r), w / 2, h / 2))   # a box smaller than its corners: smaller corners
    t = r / (2 * r + 2)                         # where the corner ends in the texture
    xs, us = (x, x + c, x + w - c, x + w), (0.0, t, 1 - t, 1.0)
    ys, vs = (y, y + c, y + h - c, y + h), (0.0, t, 1 - t, 1.0)
    return [value for j in range(4) for i in range(4) for value in (xs[i], ys[j], us[i], vs[j])]
