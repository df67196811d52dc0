"""The dice table's seats (issue 33): every seat, two to eight, a compact token in view
at once at 800x480 as on the Pi and at 1280x720, English and German: the chip, the
name whole (twenty letters too), the seat's last roll from the game's view; the seat
whose turn it is framed bright; text at least 24 px, no two texts over each other,
nothing to scroll. A press changes only the token whose figure changed. Screenshots:
build/screenshots/dice-table-*.png."""
import random

import pytest

from companion.config import Config
from companion.games import GAMES
from companion.i18n import Catalogue
from companion.players import make_table
from companion.session import Session
from companion.store import Store
from ui import theme
from ui_fixtures import (FirstSeat, StubRig, drawn_frame, kivy_window, layout_problems, look,  # noqa: F401
                         make_ui)

pytestmark = pytest.mark.ui

GAME = GAMES["dice"]
SHORT = ["Anna", "Benedikt", "Cleo", "Dragomir", "Emil", "Fenja", "Gustav", "Hanna"]


def longest():
    from test_ui_words import longest_names
    return list(longest_names())


def sat_down(names, dice=1, rolls=10) -> Store:
    """A dice table of these names where `rolls` rolls were made, the turn passed after
    every other one (some seats rolled, some not yet)."""
    store = Store.memory()
    session = Session.create(store, "dice", list(names), {"dice": dice}, rng=FirstSeat(0))
    rng = random.Random(len(names))
    for n in range(rolls):
        session.act({"type": "roll", "dice": [rng.randint(1, 6) for _ in range(dice)]})
        if n % 2:
            session.act({"type": "pass"})
    session.close()
    return store


def tokens(ui):
    screen = ui.app.screen("dice")
    return screen.seat_tokens(len(ui.app.table.session.setup["players"]))


def frame_drawn(card) -> bool:
    """The bright frame round the token (SeatCard's ring, drawn only on the seat whose turn it is)."""
    from kivy.graphics import Mesh
    return any(isinstance(i, Mesh) and i.vertices for i in card.canvas.before.children)


def face(card) -> list:
    """The colour a token is filled with (SeatCard's first colour: lighter on the seat whose turn it is)."""
    from kivy.graphics import Color
    return list(next(i for i in card.canvas.before.children if isinstance(i, Color)).rgba)


def overfull_scrollers(screen) -> list:
    from kivy.uix.scrollview import ScrollView
    out = []
    for view in screen.walk():
        if isinstance(view, ScrollView) and view.children:
            content = view.children[0]
            if content.height > view.height + 1 or content.width > view.width + 1:
                out.append(view)
    return out


def check_table(ui, names, shot: str, whole_window: bool = True) -> None:
    """Every seat a token inside the window, in seat order round the table, each with its
    last roll; the current one framed bright; names whole; nothing overlapping, under
    24 px or scrolling; then the picture (to look at)."""
    from test_ui_words import seat_names_read
    import test_ui_words
    ui.app.root.ids.toast.hide()
    ui.pump(3)
    screen = ui.app.screen("dice")
    session = ui.app.table.session
    width, height = ui.app.root.get_root_window().size
    cards = tokens(ui)
    assert [card.name for card in cards] == list(names)
    for card in cards:
        x, y = card.to_window(*card.pos)
        assert 0 <= x and x + card.width <= width + 1 and 0 <= y and y + card.height <= height + 1, card.name
        for label in (card.ids.name, card.ids.side):
            assert label.font_size >= 24 and not label.shorten, card.name
    # round the table: the top row left to right, then the bottom row right to left
    first = len(screen.ids.seats_top.children)
    top, bottom = cards[:first], cards[first:]
    assert [c.x for c in top] == sorted(c.x for c in top)
    assert [c.x for c in bottom] == sorted((c.x for c in bottom), reverse=True)
    assert all(c.y > screen.ids.die.top for c in top) and all(c.top < screen.ids.die.y for c in bottom)
    # each seat's own last roll, as the game's view says it
    board = GAME.board(session.view, ui.app.table.t)
    assert [card.counts for card in cards] == [list(view.figures) for view in board.seats]
    for card in cards:       # drawn whole: never "+1" for a figure left off, a sum never cut
        drawn = "".join(word.text for line in card.ids.side._label._cached_lines for word in line.words)
        assert "".join(drawn.split()) == "".join(card.counts[0].split()) and len(card.counts) == 1, card.name
    # whose turn it is stands out: its frame, its lighter face; no other token's
    current = session.view["current"]
    turn = [seat == current for seat in range(len(names))]
    assert [card.current for card in cards] == turn and [frame_drawn(card) for card in cards] == turn
    assert [face(card) == list(theme.SURFACE_HI) for card in cards] == turn
    assert overfull_scrollers(screen) == []
    problems = layout_problems(ui)
    assert problems == [], f"{shot}: {problems}"
    saved = test_ui_words.seat_cards
    test_ui_words.seat_cards = tokens            # its check of every name's lines, on the dice table's tokens
    try:
        seat_names_read(ui, names)
    finally:
        test_ui_words.seat_cards = saved
    if whole_window:
        look(ui, shot)
    else:    # an offscreen window keeps its first size's picture: the root drawn on its own
        ui.shot(shot, widget=ui.app.root)


TABLES = {"two": (SHORT[:2], 1), "eight": (SHORT, 1), "eight-long": (None, 1), "eight-long-3-dice": (None, 3)}


@pytest.mark.parametrize("lang", ["en", "de"])
@pytest.mark.parametrize("table", sorted(TABLES))
def test_every_seat_is_a_token_in_view_at_800x480(make_ui, lang, table):  # noqa: F811
    names, dice = TABLES[table]
    names = names or longest()
    ui = make_ui(store=sat_down(names, dice), config=Config(language=lang), rig=StubRig(key_help=[]))   # as on the Pi
    assert ui.app.sm.current == "dice"
    check_table(ui, names, f"dice-table-{table}-{lang}")
    dice_ids = ui.ids("dice")
    ui.tap(dice_ids.die)                 # the seat whose turn it is rolls, then the turn passes
    ui.tap(dice_ids.pass_btn)
    check_table(ui, names, f"dice-table-{table}-{lang}-passed")
    # the current token stands out on the screen itself: its bright frame at its edge, no other's
    width, _height, pixels = drawn_frame()
    badge = [round(v * 255) for v in theme.BADGE[:3]]

    def bright_edge(card):
        x, y = (round(v) for v in card.to_window(card.x + 1, card.center_y))
        at = (y * width + x) * 4
        return all(abs(a - b) <= 40 for a, b in zip(pixels[at:at + 3], badge))
    current = ui.app.table.session.view["current"]
    assert [bright_edge(card) for card in tokens(ui)] == [seat == current for seat in range(len(names))]


@pytest.mark.parametrize("lang", ["en", "de"])
@pytest.mark.parametrize("table", ["two", "eight", "eight-long"])
def test_every_seat_is_a_token_in_view_at_1280x720(make_ui, kivy_window, lang, table):  # noqa: F811
    from ui_fixtures import HEIGHT, WIDTH
    names, dice = TABLES[table]
    names = names or longest()
    kivy_window.size = (1280, 720)
    try:
        ui = make_ui(store=sat_down(names, dice), config=Config(language=lang), rig=StubRig(key_help=[]))
        check_table(ui, names, f"dice-table-{table}-{lang}-1280x720", whole_window=False)
        screen = ui.app.screen("dice")
        assert screen.ids.die.height > 250 and screen.ids.panel.opacity == 1    # the room used: the counts too
        assert all(card.width > 300 for card in tokens(ui))
    finally:
        kivy_window.size = (WIDTH, HEIGHT)


@pytest.mark.parametrize("table", ["eight", "eight-long"])
def test_the_key_line_gives_way_only_where_the_seats_need_its_room(make_ui, table):  # noqa: F811
    """Off a Pi the keys' line takes two lines of the height: eight seats with long names
    need them at 800x480, and the line goes; four seats leave it (and the counts) room."""
    names = TABLES[table][0] or longest()
    ui = make_ui(store=sat_down(names), rig=StubRig())
    screen = ui.app.screen("dice")
    ui.pump(3)
    assert screen.ids.key_line.text
    assert screen.keys_shown == (table == "eight")
    check_table(ui, names, f"dice-table-{table}-keys")
    assert screen.ids.die.height >= screen.die_least() - 1
    make_ui.close(ui)        # off the window: the next table's picture is its own
    ui = make_ui(store=sat_down(SHORT[:4]), rig=StubRig())
    ui.pump(3)
    screen = ui.app.screen("dice")
    assert screen.keys_shown and screen.ids.panel.opacity == 1
    check_table(ui, SHORT[:4], "dice-table-four-keys")


def test_a_press_changes_only_the_token_whose_figure_changed(make_ui):  # noqa: F811
    """The same token widgets from press to press, their widths and heights kept: a roll
    draws the roller's figure again and no other token's words; a pass moves the frame."""
    ui = make_ui(store=sat_down(SHORT, rolls=0), rig=StubRig(key_help=[]))
    ui.pump(3)
    cards = tokens(ui)
    sizes = [tuple(card.size) for card in cards]
    written = []
    for seat, card in enumerate(cards):
        for label in (card.ids.name, card.ids.side):
            label.bind(text=lambda _label, _text, seat=seat: written.append(seat))
    table, session = ui.app.table, ui.app.table.session
    for face, then in ((3, None), (5, None), (5, "pass"), (2, None), (6, "pass")):
        roller = session.view["current"]
        shown = list(cards[roller].counts)
        before = len(written)
        table.perform({"type": "roll", "dice": [face]})
        ui.pump(2)
        assert cards[roller].counts == [f"Rolled {face}"]
        assert written[before:] == ([] if shown == [f"Rolled {face}"] else [roller])    # its figure, no other
        if then:
            before = len(written)
            table.perform({"type": then})
            ui.pump(2)
            assert written[before:] == []        # the frame moved; no words drawn again
        assert tokens(ui) == cards and [tuple(card.size) for card in cards] == sizes
    assert [card.current for card in cards] == [seat == session.view["current"] for seat in range(8)]
    table.undo()
    ui.pump(2)
    assert [card.current for card in cards] == [seat == session.view["current"] for seat in range(8)]


def test_each_seat_has_its_own_last_roll_in_the_games_view():
    en, de = Catalogue("en"), Catalogue("de")
    state = GAME.setup(make_table(["Ann", "Bob", "Cy"]), GAME.check_options({}), 0, random.Random(0))
    assert [v.figures for v in GAME.board(state, en).seats] == [("–",)] * 3
    for seat, face in ((0, 4), (2, 6), (0, 1)):
        state = GAME.apply(state, GAME.resolve(state, {"type": "roll", "player": seat, "dice": [face]},
                                               random.Random(0)))
    assert [v.figures for v in GAME.board(state, en).seats] == [("Rolled 1",), ("–",), ("Rolled 6",)]
    assert [v.figures for v in GAME.board(state, de).seats] == [("Wurf 1",), ("–",), ("Wurf 6",)]
    three = GAME.setup(make_table(["Ann", "Bob"]), GAME.check_options({"dice": 3}), 0, random.Random(0))
    three = GAME.apply(three, GAME.resolve(three, {"type": "roll", "dice": [5, 5, 4]}, random.Random(0)))
    board = GAME.board(three, en)
    assert [v.figures for v in board.seats] == [("5+5+4=14",), ("–",)] and board.problems(2) == []
    # a snapshot saved before seats kept their rolls: the last roll of all, at its seat
    old = {k: v for k, v in state.items() if k != "seat_rolls"}
    assert GAME.upgrade(old)["seat_rolls"] == [[1], None, None]
