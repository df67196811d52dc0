"""Text contrast (WCAG 2 relative luminance) for every text colour on every
background the screens draw it on, computed from ui/theme.py: a colour changed
there that a player could no longer read across the table fails here."""
import pytest

from companion.players import COLOUR_NAMES
from ui import theme
from ui_fixtures import kivy_window, make_ui, start_game  # noqa: F401  (fixtures)

READ = 4.5       # WCAG AA for text
INACTIVE = 3.0   # a disabled control's words: exempt from AA, still legible


def luminance(colour) -> float:
    def lin(v):
        return v / 12.92 if v <= 0.04045 else ((v + 0.055) / 1.055) ** 2.4
    r, g, b = colour[:3]
    return 0.2126 * lin(r) + 0.7152 * lin(g) + 0.0722 * lin(b)


def contrast(fg, bg) -> float:
    """The ratio as drawn: a translucent fg is first laid over bg."""
    fg = over(fg, bg)
    light, dark = sorted((luminance(fg), luminance(bg)), reverse=True)
    return (light + 0.05) / (dark + 0.05)


def over(fg, bg):
    alpha = fg[3] if len(fg) > 3 else 1.0
    return tuple(f * alpha + b * (1 - alpha) for f, b in zip(fg[:3], bg[:3])) + (1.0,)


SURFACES = {"BG": theme.BG, "SURFACE": theme.SURFACE, "SURFACE_HI": theme.SURFACE_HI}
TEXTS = {name: getattr(theme, name) for name in ("TEXT", "TEXT_DIM", "TEXT_OFF", "ERROR_TEXT", "OK_TEXT", "BADGE")}
# Player colours as words (a name, a headline, a gem in a prompt), and "clear" (a diamond)
WORD_COLOURS = list(COLOUR_NAMES) + ["clear"]


def read_pairs():
    """(what, text colour, background) for text a player reads."""
    pairs = [(f"{t} on {s}", fg, bg) for t, fg in TEXTS.items() for s, bg in SURFACES.items()]
    pairs += [
        ("banner text on NOTICE_BG", theme.TEXT, theme.NOTICE_BG),
        ("toast on TOAST_ERROR", theme.TEXT, theme.TOAST_ERROR),
        ("toast on TOAST_INFO", theme.TEXT, theme.TOAST_INFO),
        ("seat number on a refused seat row (TOAST_ERROR)", theme.TEXT_DIM, theme.TOAST_ERROR),
        ("INK on BADGE (game banner, cue badge)", theme.INK, theme.BADGE),
    ]
    for tone, faces in theme.TONES.items():
        for state, face in zip(("normal", "pressed"), faces):
            pairs.append((f"TEXT on the {tone} button face, {state}", theme.TEXT, face))
    # a step not possible yet (End the turn before acting): dim words on the quiet face
    pairs += [(f"muted TEXT_DIM on the quiet button face, {state}", theme.TEXT_DIM, face)
              for state, face in zip(("normal", "pressed"), theme.TONES["quiet"])]
    for colour in WORD_COLOURS:
        word = theme.rgba(theme.text_hex(colour))
        pairs += [(f"{colour} as words on {s}", word, bg) for s, bg in SURFACES.items()]
    for colour in COLOUR_NAMES:
        fill = theme.player_rgba(colour)
        pairs.append((f"letter on the {colour} chip", theme.ink_on(colour), fill))
    return pairs


@pytest.mark.parametrize("what, fg, bg", read_pairs(), ids=[p[0] for p in read_pairs()])
def test_text_a_player_reads_is_at_least_4_5_to_1(what, fg, bg):
    assert contrast(fg, bg) >= READ, f"{what}: {contrast(fg, bg):.2f}:1"


def test_a_disabled_control_still_shows_its_words_and_looks_off():
    ratio = contrast(theme.DISABLED_TEXT, theme.DISABLED_FACE)
    assert ratio >= INACTIVE, f"{ratio:.2f}:1"
    # off is told from on by its words too, not only by the face
    assert luminance(theme.DISABLED_TEXT) < luminance(theme.TEXT_OFF) < luminance(theme.TEXT)


def test_a_pressed_button_is_told_from_a_released_one():
    for tone, (normal, pressed) in theme.TONES.items():
        assert contrast(pressed, normal) >= 1.2, tone


def test_ink_on_picks_the_better_of_dark_and_white():
    for colour in COLOUR_NAMES:
        fill = theme.player_rgba(colour)
        chosen = contrast(theme.ink_on(colour), fill)
        assert chosen >= max(contrast(theme.INK, fill), contrast((1, 1, 1, 1), fill)) - 1e-9, colour


def test_a_dark_player_colour_is_lightened_only_as_far_as_needed():
    """Words in a player's colour keep that colour when it already reads."""
    for colour in COLOUR_NAMES:
        raw = theme.player_rgba(colour)
        if contrast(raw, theme.SURFACE_HI) >= READ:
            assert theme.rgba(theme.text_hex(colour)) == raw, colour


# -- the same rule on real widgets --------------------------------------------------------
@pytest.mark.ui
def test_the_headline_in_a_dark_players_colour_reads_on_the_screen(make_ui):
    ui = make_ui(seat=4)          # the fifth seat starts: blue, the darkest colour
    dice = start_game(ui, "dice", ("Anna", "Ben", "Cleo", "Dora", "Emil"))
    assert ui.app.table.session.state["players"][4]["colour"] == "blue"
    assert dice.headline.text == "Emil's turn"
    assert contrast(dice.headline.color, theme.BG) >= READ


@pytest.mark.ui
def test_the_home_tiles_words_read_on_their_faces_released_and_pressed(make_ui):
    from ui.widgets.choices import Tile
    ui = make_ui()
    tiles = [w for w in ui.app.root.walk() if isinstance(w, Tile) and not w.disabled]
    assert {t.tone for t in tiles} >= {"go", "normal"}
    for tile in tiles:
        for state in ("normal", "down"):
            face = theme.face(tile.tone, state, False)
            for label in tile.children:
                assert contrast(label.color, face) >= READ, (tile.title, label.text, state)
