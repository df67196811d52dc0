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


def alpha(r: int, width: float = 0) -> bytes:
    """Alpha (0..255) of each pixel of a (2r+2)-square rounded box of radius r, row by
    row from the bottom; with a width, only a ring that wide along its edge. A pixel's
    alpha is how far its centre lies inside the edge, within half a pixel: the usual
    antialiasing of a distance field, smooth enough at these sizes.

    Only the pixels within half a pixel of an edge are worked out: the rest is 0 or 255.
    Along a row of the bottom left quarter the outer edge's alpha only grows and the
    inner edge's only falls, and from row to row both move only left, so each edge is
    walked once over the quarter instead of every pixel being measured: the five
    textures of a start cost 8 M instructions instead of 19 M."""
    half = r + 1
    inner_r = max(0.0, r - width)
    outer = _offsets(half, half, r)
    inner = _offsets(half, half - width, inner_r)

    def covered(x: int, y: int) -> float:
        a = min(1.0, max(0.0, 0.5 - _distance(outer[x], outer[y], r)))
        if width:
            a = min(a, min(1.0, max(0.0, 0.5 + _distance(inner[x], inner[y], inner_r))))
        return a

    def walk(edge: int, inside) -> int:
        """The first pixel of this row where `inside` holds, from the row before's."""
        while edge > 0 and inside(edge - 1):
            edge -= 1
        return edge

    quarter = []    # the bottom left quarter; the box is symmetric
    seen = grown = half    # outer edge: the first pixel with any alpha, the first with all of it
    rim = gone = half      # inner edge: the first pixel inside it at all, the first wholly inside
    for y in range(half):
        oy, iy = outer[y], inner[y]
        seen = walk(seen, lambda x: 0.5 - _distance(outer[x], oy, r) > 0.0)
        grown = walk(grown, lambda x: 0.5 - _distance(outer[x], oy, r) >= 1.0)
        if width:
            rim = walk(rim, lambda x: 0.5 + _distance(inner[x], iy, inner_r) < 1.0)
            gone = walk(gone, lambda x: 0.5 + _distance(inner[x], iy, inner_r) <= 0.0)
        row = bytearray(b"\xff" * half)
        row[:seen] = bytes(seen)
        for x in (*range(seen, grown), *range(rim, gone)):
            row[x] = round(covered(x, y) * 255)
        row[gone:] = bytes(half - gone)
        quarter.append(bytes(row) + bytes(row[::-1]))
    return b"".join(quarter + quarter[::-1])


def _offsets(count: int, half: float, r: float) -> list[float]:
    """Along one axis, for the pixels 0..count-1 of the quarter: how far each pixel's
    centre lies past where the straight edge of a rounded square (centred on 0, half
    its side `half`, corner radius r) turns into its corner."""
    return [abs(i + 0.5 - count) - half + r for i in range(count)]


def _distance(qx: float, qy: float, r: float) -> float:
    """Signed distance from a pixel (its _offsets across and up) to the edge of that
    rounded square: negative inside."""
    return math.hypot(max(qx, 0.0), max(qy, 0.0)) + min(max(qx, qy), 0.0) - r


@lru_cache(maxsize=None)
def _texture(r: int, width: float = 0):
    from kivy.graphics.texture import Texture

    side = 2 * r + 2
    pixels = bytearray(b"\xff" * (4 * side * side))    # white; the alpha byte of each pixel below
    pixels[3::4] = alpha(r, width)
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
