"""The Snitch's table drawn in the board (ui/board_view.TableView): the seats'
chips clockwise round an oval as the players sit, whose turn it is ringed, and
the Soap, the handcuffs, the Guard and the gun as tags at the seat that has
them, moving as the Soap goes round. Screenshots: build/screenshots/snitch-table-*.png."""
import math

import pytest

from companion.config import Config
from ui_fixtures import act, answer, bring_into_view, kivy_window, look, make_ui, number, start_game  # noqa: F401
from ui.seating import belongs, overlap

pytestmark = pytest.mark.ui

NAMES = ("Anna", "Ben", "Cleo", "Dora", "Emil", "Fritz")


def seated(ui, players, guard="Ben", soap="Anna"):
    """A Snitch table laid out by touch: a Scheme each (needing 3 cards), the Guard and the Soap picked."""
    game = start_game(ui, "snitch", NAMES[:players])
    act(ui, "cards_ready")
    for name in NAMES[:players]:
        act(ui, "scheme")
        if ui.modal().buttons and any(b.text == name for b in ui.modal().buttons):
            answer(ui, name)                    # who: every seat still without a Scheme (none asked for the last)
        number(ui, 3)
    act(ui, "pick_guard")
    answer(ui, guard)
    act(ui, "pick_soap")
    answer(ui, soap)
    ui.app.root.ids.toast.hide()
    return game


def drawn(table):
    """What the table shows: the chips in seat order and each tag with the seat it stands by."""
    chips = list(reversed(table.ids.chips.children))
    tags = list(reversed(table.ids.tags.children))
    return chips, tags


def box(widget):
    return (widget.x, widget.y, widget.width, widget.height)


def tags_at(table):
    """{piece: the seat whose chip its tags read as beside} (what a player sees: a
    seat's tags stand together, nearer its chip than any other), checked to be
    the seat the piece is at."""
    chips, tags = drawn(table)
    out = {}
    for seat in {tag.seat for tag in tags}:
        mine = [tag for tag in tags if tag.seat == seat]
        left, bottom = min(t.x for t in mine), min(t.y for t in mine)
        block = (left, bottom, max(t.right for t in mine) - left, max(t.top for t in mine) - bottom)
        assert belongs([box(c) for c in chips], block, seat), f"{[t.text for t in mine]} not by seat {seat}"
        out.update({tag.key: seat for tag in mine})
    return out


def check_drawing(ui, table, players):
    """What anybody at the table would notice: every chip inside the drawing and apart,
    clockwise from the bottom; every tag readable (24 px), inside, over no chip or tag."""
    chips, tags = drawn(table)
    assert len(chips) == players and table.height > 0 and table.opacity == 1
    middle = table.center
    column = ui.app.screen("game").ids.line_scroll
    assert table.width <= column.width                      # it fits the middle column
    angles = []
    for i, chip in enumerate(chips):
        assert table.x <= chip.x and chip.right <= table.right and table.y <= chip.y and chip.top <= table.top
        assert not any(overlap(box(chip), box(other)) for other in chips[i + 1:])
        angles.append(math.atan2(chip.center_y - middle[1], chip.center_x - middle[0]))
    assert chips[0].center_y < middle[1] and abs(chips[0].center_x - middle[0]) < 2     # the first seat at the bottom
    turned = sum((a - b) % (2 * math.pi) for a, b in zip(angles, angles[1:]))
    assert turned < 2 * math.pi and all(0 < (a - b) % (2 * math.pi) < math.pi for a, b in zip(angles, angles[1:]))
    assert chips[1].center_x < middle[0]                    # the next seat clockwise: the first one's left
    for i, tag in enumerate(tags):
        assert tag.font_size >= 24 and tag.texture_size[0] <= tag.width
        assert table.x <= tag.x and tag.right <= table.right and table.y <= tag.y and tag.top <= table.top
        assert not any(overlap(box(tag), box(chip)) for chip in chips), tag.text
        assert not any(overlap(box(tag), box(other)) for other in tags[i + 1:]), tag.text
    for seat in {tag.seat for tag in tags}:     # a seat's tags stand together, apart from another seat's
        mine = [tag for tag in tags if tag.seat == seat]
        others = [tag for tag in tags if tag.seat != seat]
        assert not any(overlap(box(a), box(b), 8) for a in mine for b in others)
    return chips, tags


def ringed(table):
    """The seat whose chip the turn's ring goes round, or None."""
    if not table.ring:
        return None
    x, y, _r = table.ring
    chips, _ = drawn(table)
    return next(seat for seat, chip in enumerate(chips) if abs(chip.center_x - x) < 1 and abs(chip.center_y - y) < 1)


@pytest.mark.parametrize("lang", ["en", "de"])
@pytest.mark.parametrize("players", [4, 6])
def test_the_seats_sit_round_the_table_clockwise_with_the_soap_and_the_guard_where_they_lie(make_ui, players, lang):
    ui = make_ui(config=Config(language=lang))
    game = seated(ui, players)
    table = game.board.ids.table
    t = ui.app.table.t
    session = ui.app.table.session
    chips, tags = check_drawing(ui, table, players)
    assert [(c.colour, c.letter) for c in chips] == [(p["colour"], p["letter"]) for p in session.state["players"]]
    assert min(c.width for c in chips) >= 48                 # the letters on them 24 px (a round chip's)
    assert tags_at(table) == {"soap": 0, "handcuffs": 0, "guard": 1} and ringed(table) == 0
    assert {tag.text for tag in tags} == {t("snitch.badge.soap"), t("snitch.board.cuffs_down"), t("snitch.board.guard")}
    bring_into_view(ui, table)
    look(ui, f"snitch-table-{lang}-{players}-seats")
    ui.shot(f"snitch-table-{lang}-{players}-seats-drawing", table)

    # the Soap goes round: the tags and the ring go with it; Ben, with the Guard, ends a turn: handcuffs up
    before = (list(table.ids.chips.children), list(table.ids.tags.children))
    for soap in (1, 2):
        act(ui, "draw_card")
        act(ui, "pass_soap")
        ui.pump(2)
        check_drawing(ui, table, players)
        assert tags_at(table) == {"soap": soap, "handcuffs": soap, "guard": 1} and ringed(table) == soap
    assert (list(table.ids.chips.children), list(table.ids.tags.children)) == before     # moved, not made again
    assert session.state["handcuffs_up"]
    assert t("snitch.board.cuffs_up") in [tag.text for tag in drawn(table)[1]]
    bring_into_view(ui, table)
    look(ui, f"snitch-table-{lang}-{players}-seats-soap-passed")


def test_the_guard_at_the_soap_holders_seat_and_nothing_secret_on_the_table(make_ui):
    ui = make_ui()
    game = seated(ui, 6, guard="Emil", soap="Emil")      # the Soap holder has the Guard: silenced, three tags there
    table = game.board.ids.table
    check_drawing(ui, table, 6)
    assert tags_at(table) == {"soap": 4, "handcuffs": 4, "guard": 4} and ringed(table) == 4
    # only the pieces everybody sees: no Item, no vote, no card
    assert sorted(tag.text for tag in drawn(table)[1]) == ["Guard", "Soap", "cuffs down"]
    bring_into_view(ui, table)
    look(ui, "snitch-table-en-6-seats-guard-with-the-soap")


def test_only_the_snitch_draws_the_table(make_ui):
    ui = make_ui()
    game = start_game(ui, "dig", ("Anna", "Ben", "Cleo"))
    table = game.board.ids.table
    assert table.height == 0 and table.opacity == 0 and not table.ids.chips.children and not table.ring
