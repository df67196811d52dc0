"""Rounded boxes and outlines (ui/rounded.py): smooth corners without multisampling,
drawn as a 9-slice that a software renderer fills quickly."""
import re
from pathlib import Path

import pytest

from ui_fixtures import kivy_window  # noqa: F401  (fixture)

pytestmark = pytest.mark.ui
UI = Path(__file__).resolve().parent.parent / "ui"


def draw(build, size=(120, 80)):
    """Pixel rows from the top, (r, g, b, a) 0..255, of a widget whose canvas `build` fills."""
    from kivy.graphics import Color
    from kivy.uix.widget import Widget

    widget = Widget(size=size, pos=(0, 0))
    with widget.canvas:
        Color(1, 0, 0, 1)
        build(widget)
    texture = widget.export_as_image().texture
    width, height = texture.size
    data = texture.pixels
    return [[tuple(data[(y * width + x) * 4:(y * width + x) * 4 + 4]) for x in range(width)] for y in range(height)]


def red(pixel) -> int:
    return pixel[0] * pixel[3] // 255


def box(widget):
    from kivy.graphics import BorderImage

    from ui import rounded
    BorderImage(texture=rounded.texture(12), border=rounded.border(12), auto_scale="both_lower",
                pos=widget.pos, size=widget.size)


def ring(widget, shown=True):
    from kivy.graphics import Mesh

    from ui import rounded
    Mesh(texture=rounded.ring(12, 4), mode="triangles",
         vertices=rounded.ring_vertices(widget.pos, widget.size, 12) if shown else [],
         indices=rounded.RING_INDICES if shown else [])


def test_a_box_is_filled_to_its_edges_with_its_corners_rounded_and_smooth(kivy_window):
    rows = draw(box)
    h, w = len(rows), len(rows[0])
    assert red(rows[h // 2][w // 2]) == 255                        # the middle
    assert red(rows[h // 2][0]) == 255 and red(rows[0][w // 2]) == 255   # the straight edges reach the side
    for y, x in ((0, 0), (0, w - 1), (h - 1, 0), (h - 1, w - 1)):
        assert red(rows[y][x]) == 0, "a corner pixel is outside the round"
    # along the round, partly covered pixels: smooth, not a staircase of all or nothing
    edge = [red(rows[y][x]) for y in range(12) for x in range(12)]
    assert any(30 < value < 225 for value in edge)


def test_an_outline_is_a_ring_with_the_inside_left_alone(kivy_window):
    rows = draw(ring)
    h, w = len(rows), len(rows[0])
    assert red(rows[h // 2][w // 2]) == 0                           # hollow
    assert red(rows[h // 2][1]) == 255 and red(rows[1][w // 2]) == 255   # the band along each side
    assert red(rows[h // 2][10]) == 0                                # ... only as wide as asked
    assert red(rows[0][0]) == 0
    assert any(30 < red(rows[y][x]) < 225 for y in range(12) for x in range(12))


def test_a_hidden_outline_draws_nothing(kivy_window):
    rows = draw(lambda widget: ring(widget, shown=False))
    assert all(red(pixel) == 0 for row in rows for pixel in row)


def test_a_box_smaller_than_its_corners_stays_inside_its_size(kivy_window):
    from ui import rounded
    vertices = rounded.ring_vertices((10, 20), (16, 40), 12)
    xs, ys = vertices[0::4], vertices[1::4]
    assert min(xs) == 10 and max(xs) == 26 and min(ys) == 20 and max(ys) == 60
    assert xs[:4] == sorted(xs[:4]) and ys[::4] == sorted(ys[::4])   # the grid's lines in order, none crossed


def test_the_screens_draw_rounded_boxes_the_fast_way():
    """Kivy's RoundedRectangle and a wide rounded Line are slivers that cost a software-drawn
    frame milliseconds each (scripts/bench); the screens use ui/rounded.py instead."""
    slow = re.compile(r"\b(Smooth)?RoundedRectangle\b|rounded_rectangle\s*[:=]")
    found = [f"{path.name}:{n}" for path in sorted(UI.rglob("*.kv")) + sorted(UI.rglob("*.py"))
             if path.name != "rounded.py"
             for n, line in enumerate(path.read_text().splitlines(), 1) if slow.search(line)]
    assert found == []


@pytest.mark.parametrize("at", [(0, 0), (0.5, 0.5), (0.3, 0.7)])
def test_a_box_sampled_nearest_looks_as_it_does_sampled_linear(kivy_window, at):
    """The textures are sampled at the nearest texel (one fetch a pixel instead of four
    for a software renderer). On whole pixels the box is the one linear filtering
    draws; put at a fraction of a pixel by a layout, its edge lands on the nearest
    pixel instead of a half-covered one: only the outermost pixels and the round
    change, nothing inside, and the corners stay smooth."""
    from kivy.graphics import BorderImage

    from ui import rounded
    texture = rounded.texture(12)
    assert texture.mag_filter == texture.min_filter == "nearest"

    def drawn():
        return draw(lambda widget: BorderImage(texture=texture, border=rounded.border(12), auto_scale="both_lower",
                                               pos=at, size=(118, 78)))
    nearest = drawn()
    texture.mag_filter = texture.min_filter = "linear"
    try:
        linear = drawn()
    finally:
        texture.mag_filter = texture.min_filter = "nearest"
    h, w = len(nearest), len(nearest[0])
    moved = {(x, y): abs(red(nearest[y][x]) - red(linear[y][x])) for y in range(h) for x in range(w)}
    assert sum(red(p) == 255 for row in nearest for p in row) > 70 * 100     # a box was drawn
    if at == (0, 0):
        assert max(moved.values()) <= 2
    # the round: where each corner's 12 px meet; the edge: a pixel either side of the box's side
    def edge_or_round(x, y):
        near_x = min(x, w - 1 - x) <= 13
        near_y = min(y, h - 1 - y) <= 13
        return (near_x and near_y) or min(abs(x - at[0]), abs(x - at[0] - 118)) <= 1.5 \
            or min(abs(y - (h - at[1] - 78)), abs(y - (h - at[1]))) <= 1.5
    assert [xy for xy, m in moved.items() if m > 2 and not edge_or_round(*xy)] == []
    assert any(30 < red(nearest[y][x]) < 225 for y in range(12) for x in range(12))    # still smooth
