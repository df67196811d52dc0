"""A seat's chip (ui/widgets/chips.py Chip): its colour drawn as that colour's shape,
with the letter on it, so two seats are never told apart by colour alone."""
import pytest

from companion.players import COLOUR_NAMES, COLOUR_SHAPE
from ui import theme
from ui_fixtures import kivy_window, look, make_ui, start_game  # noqa: F401  (fixtures)

pytestmark = pytest.mark.ui

SIZE = 64


def render(chip) -> list[list[tuple]]:
    """The chip as drawn, pixel rows from the top: (r, g, b) in 0..255."""
    image = chip.export_as_image()
    texture = image.texture
    width, height = texture.size
    data = texture.pixels
    rows = [[tuple(data[(y * width + x) * 4:(y * width + x) * 4 + 3]) for x in range(width)] for y in range(height)]
    return rows


def near(pixel, colour, tolerance=6) -> bool:
    return all(abs(p - round(c * 255)) <= tolerance for p, c in zip(pixel, colour[:3]))


def chip_of(colour, letter="W", size=SIZE):
    from kivy.lang import Builder
    from ui.widgets.chips import Chip
    chip = Chip(colour=colour, letter=letter)
    chip.size = (size, size)
    chip.texture_update()
    Builder.sync()      # kv hands new values to canvas instructions once a frame
    return chip


def fill_mask(chip) -> set[tuple[int, int]]:
    return {(x, y) for y, row in enumerate(render(chip)) for x, p in enumerate(row) if near(p, chip.fill)}


def test_a_chip_takes_its_colours_shape_and_changes_with_the_colour(make_ui):
    from kivy.lang import Builder
    make_ui()
    chip = chip_of("orange")
    for colour in COLOUR_NAMES:
        chip.colour = colour            # setup: a tap on the chip moves the seat to the next colour
        Builder.sync()
        assert chip.shape == COLOUR_SHAPE[colour]
        meshes = [i for i in chip.canvas.before.children if type(i).__name__ == "Mesh"]
        assert len(meshes) == 1 and meshes[0].mode == "triangle_fan"
        # the fan: the middle, the shape's corners, back to the first corner
        assert len(meshes[0].vertices) // 4 == len(chip.outline) // 2 + 2


def test_every_colours_chip_has_a_silhouette_of_its_own(make_ui):
    make_ui()
    masks = {colour: fill_mask(chip_of(colour, letter=" ")) for colour in COLOUR_NAMES}
    for colour, mask in masks.items():
        assert len(mask) > 0.3 * SIZE * SIZE, f"{colour}: the shape is too small to see"
    for i, a in enumerate(COLOUR_NAMES):
        for b in COLOUR_NAMES[i + 1:]:
            differ = len(masks[a] ^ masks[b]) / len(masks[a] | masks[b])
            assert differ >= 0.1, f"{a} and {b} chips are nearly the same shape ({differ:.0%} differs)"


@pytest.mark.parametrize("letter", ["W", "M", "Q", "Ö", "8"])   # wide, a tail, dots above
def test_the_letter_is_drawn_wholly_on_the_chips_colour(make_ui, letter):
    """Not over a corner onto the dark screen, where dark ink would vanish."""
    make_ui()
    for colour in COLOUR_NAMES:
        for size in (theme.CHIP, SIZE):     # the smallest chip with a letter, the setup's
            blank = render(chip_of(colour, " ", size))
            chip = chip_of(colour, letter, size)
            assert chip.font_size >= 24, f"{letter} on the {colour} chip is only {chip.font_size:.0f} px"
            drawn = render(chip)
            fill = theme.player_rgba(colour)
            ink = [(x, y) for y, row in enumerate(drawn) for x, p in enumerate(row) if p != blank[y][x]]
            assert len(ink) > 10, f"no {letter} drawn on the {colour} chip"
            off = [(x, y) for x, y in ink if not near(blank[y][x], fill)]
            assert off == [], f"{letter} on the {colour} chip ({size} px) spills off its {COLOUR_SHAPE[colour]}"


def test_every_colours_chip_side_by_side(make_ui):
    """A picture of all eight chips at the sizes the screens use, for a person to look at."""
    from kivy.graphics import Color, Rectangle
    from kivy.uix.boxlayout import BoxLayout
    from kivy.uix.label import Label
    from kivy.uix.widget import Widget
    from ui.widgets.chips import Chip
    ui = make_ui()
    panel = BoxLayout(orientation="vertical", padding=12, spacing=6)
    with panel.canvas.before:
        Color(*theme.BG)
        back = Rectangle()
    panel.bind(pos=lambda w, v: setattr(back, "pos", v), size=lambda w, v: setattr(back, "size", v))
    for size, letters in ((80, "ABCDEFGW"), (64, "MQÖJ8WRS"), (48, "ABCDEFGH"), (48, "WMQÖ1234"), (48, "MWÄQ8ÖAM")):
        row = BoxLayout(spacing=14, size_hint_y=None, height=size)
        for colour, letter in zip(COLOUR_NAMES, letters):
            chip = Chip(colour=colour, letter=letter, pos_hint={"center_y": 0.5})
            chip.size = (size, size)        # after the kv rule, which makes a chip a touch target
            row.add_widget(chip)
        panel.add_widget(row)
    names = BoxLayout(spacing=14, size_hint_y=None, height=40)
    for colour in COLOUR_NAMES:
        caption = Label(text=COLOUR_SHAPE[colour], font_size=15, color=theme.TEXT_DIM, size_hint_x=None, width=64)
        caption.desktop_only = True     # for whoever reviews the picture, not for the table
        names.add_widget(caption)
    panel.add_widget(names)
    panel.add_widget(Widget())
    ui.app.root.add_widget(panel)
    look(ui, "chips-every-colour", panel)
    shapes = [c.shape for c in panel.children[-1].children]   # the top row
    assert sorted(shapes) == sorted(COLOUR_SHAPE.values())


def test_the_turn_chip_shows_the_shape_of_whose_turn_it_is(make_ui):
    ui = make_ui(seat=2)
    dice = start_game(ui, "dice", ("Anna", "Ben", "Cleo"))
    current = ui.app.table.session.state["players"][2]
    assert dice.turn_chip.shape == COLOUR_SHAPE[current["colour"]] and dice.turn_chip.letter == current["letter"]
    ui.tap(dice.die)
    ui.tap(dice.pass_btn)
    anna = ui.app.table.session.state["players"][0]
    assert dice.turn_chip.shape == COLOUR_SHAPE[anna["colour"]] and dice.turn_chip.letter == anna["letter"]


def test_a_chip_given_its_width_back_draws_around_its_own_middle(kivy_window):  # noqa: F811
    """A chip that takes no width while it is not shown (the dice table's chip of whose
    turn it is, nobody's yet) and gets it back: its shape was drawn around its old
    middle, half over the button beside it, with the letter beside it."""
    from kivy.uix.boxlayout import BoxLayout
    from kivy.uix.widget import Widget
    from ui.widgets.chips import Chip

    row = BoxLayout(size=(400, 64), pos=(0, 0))
    before = Widget(size_hint_x=None, width=100)
    chip = Chip(colour="sky", letter="B", size_hint=(None, None), size=(0, 48))
    row.add_widget(before)
    row.add_widget(chip)
    row.add_widget(Widget())
    row.do_layout()
    chip.width = chip.height                              # a turn: the chip takes its width back
    row.do_layout()
    xs, ys = chip.outline[0::2], chip.outline[1::2]
    assert abs((min(xs) + max(xs)) / 2 - (chip.x + chip.width / 2)) < 1
    assert abs((min(ys) + max(ys)) / 2 - (chip.y + chip.height / 2)) < 1
    assert min(xs) >= before.right


def test_a_glyph_number_stays_in_the_middle_of_its_box_as_the_box_grows(kivy_window):  # noqa: F811
    from ui.widgets.countdown import GlyphNumber

    number = GlyphNumber(text="42", font_size=48, size=(0, 100), pos=(10, 0))
    number.width = 200        # one resize: the glyphs move with it, not to the old middle
    left = number._rects[0].pos[0]
    drawn = number.texture_size[0]
    assert abs(left - (10 + (200 - drawn) / 2)) <= 1
