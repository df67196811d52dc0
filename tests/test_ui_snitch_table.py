"""The Snitch's table on the table view (issue 33): the seats' tokens round the edge
of the screen in their clockwise order as the players sit (up the left side from
the bottom, down the right side), the seat whose turn it is framed, and the Soap,
the handcuffs, the Guard and the gun as short tags on the token of the seat that
has them, moving as the Soap goes round; nothing secret on any token.
Screenshots: build/screenshots/snitch-table-*.png."""
import math
import re

import pytest

from companion.config import Config
from test_ui_seat_cards import framed
from ui_fixtures import (act, answer, kivy_window, look, make_ui, number, pictured, plain, seat_cards,  # noqa: F401
                         start_game, to_gun_vote)

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
    ui.pump(2)
    return game


def centre(widget):
    return widget.to_window(widget.center_x, widget.center_y)


def word_labels(card) -> list:
    """The token's labels beside its name (made once a piece lies there) and under it."""
    return [label for label in (card.ids.get("beside"), card.ids.side) if label is not None]


def drawn_words(card) -> str:
    """What a token says beside and under its name, as a player reads it."""
    return "\n".join(plain(label.text) for label in word_labels(card) if label.text)


def tags_at(ui) -> dict[str, list[int]]:
    """{tag: the seats whose tokens show it}, each checked to be drawn on that token
    whole at 24 px, not only kept on it."""
    out: dict[str, list[int]] = {}
    for seat, card in enumerate(seat_cards(ui)):
        words = drawn_words(card)
        drawn = [item.strip() for item in re.split(r"·|\n", words)]
        for tag in card.tags:
            assert tag in drawn, f"{tag!r} not drawn on {card.name}'s token: {words!r}"
            out.setdefault(tag, []).append(seat)
        for label in word_labels(card):
            assert not label.text or label.font_size >= 24, (card.name, label.text)
    return out


def check_ring(ui, players):
    """The tokens round the edge as the players sit: every one whole in the window, the
    first at the bottom of the left side, each next one clockwise round the board."""
    screen = ui.app.screen("game")
    cards = seat_cards(ui)
    assert len(cards) == players
    width, height = ui.app.root.get_root_window().size
    for card in cards:
        (x0, y0), (x1, y1) = card.to_window(card.x, card.y), card.to_window(card.right, card.top)
        assert x0 >= -1 and y0 >= -1 and x1 <= width + 1 and y1 <= height + 1, f"{card.name} is off the window"
    middle = centre(screen.ids.board)
    left = [card for card in cards if centre(card)[0] < middle[0]]
    assert left == cards[:(players + 1) // 2]                        # up the left side first, then down the right
    assert centre(cards[0])[1] == min(centre(card)[1] for card in left)     # the first seat at the bottom left
    angles = [math.atan2(centre(c)[1] - middle[1], centre(c)[0] - middle[0]) for c in cards]
    steps = [(a - b) % (2 * math.pi) for a, b in zip(angles, angles[1:])]
    assert all(0 < step < math.pi for step in steps) and sum(steps) < 2 * math.pi, "clockwise, once round"


@pytest.mark.parametrize("lang", ["en", "de"])
@pytest.mark.parametrize("players", [4, 6])
def test_the_seats_sit_round_the_edge_clockwise_with_the_soap_and_the_guard_on_their_tokens(make_ui, players, lang):
    ui = make_ui(config=Config(language=lang))
    seated(ui, players)
    t = ui.app.table.t
    session = ui.app.table.session
    screen = ui.app.screen("game")
    with pictured(ui, f"snitch-table-{lang}-{players}-seats"):       # to look at, whatever the checks find
        check_ring(ui, players)
        cards = seat_cards(ui)
        assert [(c.colour, c.letter, c.name) for c in cards] == [(p["colour"], p["letter"], p["name"])
                                                                 for p in session.state["players"]]
        soap, cuffs_up, guard = t("snitch.badge.soap"), t("snitch.board.cuffs_up"), t("snitch.board.guard")
        assert tags_at(ui) == {soap: [0], guard: [1]}         # handcuffs face down, as the Soap comes: no tag
        assert [framed(card) for card in cards] == [seat == 0 for seat in range(players)]  # Anna's turn: the Soap
    look(ui, f"snitch-table-{lang}-{players}-seats")

    # the Soap goes round: its tags and the frame go with it; Ben, with the Guard, ends a turn: handcuffs up
    for holder in (1, 2):
        act(ui, "draw_card")
        assert screen.ids.end_turn.text == t("snitch.action.pass_soap")       # always in sight: End turn
        act(ui, "pass_soap")
        ui.pump(2)
        with pictured(ui, f"snitch-table-{lang}-{players}-seats-soap-passed"):
            check_ring(ui, players)
            assert seat_cards(ui) == cards                                     # moved tags, not new tokens
            at = tags_at(ui)
            assert at[soap] == [holder] and at[guard] == [1]
            assert [framed(card) for card in cards] == [seat == holder for seat in range(players)]
            if holder == 2:
                assert session.state["handcuffs_up"] and tags_at(ui)[cuffs_up] == [2]
    look(ui, f"snitch-table-{lang}-{players}-seats-soap-passed")


def test_the_guard_at_the_soap_holders_seat_and_nothing_secret_on_the_table(make_ui):
    ui = make_ui()
    seated(ui, 6, guard="Emil", soap="Emil")      # the Soap holder has the Guard: silenced, two tags there
    with pictured(ui, "snitch-table-en-6-seats-guard-with-the-soap"):    # to look at, whatever the checks find
        check_ring(ui, 6)
        # only the pieces everybody sees, on Emil's token: no Item, no vote, no card
        assert tags_at(ui) == {"Soap": [4], "Guard": [4]}
        hands = ui.app.table.session.state["hands"]
        assert [card.counts for card in seat_cards(ui)] == [[f"{hand} cards", "Scheme 0/3"] for hand in hands]
    look(ui, "snitch-table-en-6-seats-guard-with-the-soap")


def test_the_gun_lies_on_its_holders_token_and_the_vote_never_shows_there(make_ui):
    ui = make_ui()
    start_game(ui, "snitch", NAMES[:4])
    to_gun_vote(ui.app)
    ui.app.table.refresh() if hasattr(ui.app.table, "refresh") else None
    ui.app.screen("game").refresh()
    ui.app.root.ids.toast.hide()
    ui.pump(2)
    t = ui.app.table.t
    assert t("snitch.badge.gun") not in tags_at(ui)                 # the vote is on: nobody holds the gun yet
    act(ui, "open_vote")
    answer(ui, "Cleo")
    ui.app.root.ids.toast.hide()
    ui.pump(2)
    assert ui.app.table.session.state["gun"] == 2
    at = tags_at(ui)
    assert at[t("snitch.badge.gun")] == [2] and at[t("snitch.badge.soap")] == [ui.app.table.session.state["soap"]]
    check_ring(ui, 4)
    # the Items in the stashes are counted on the tokens, never named
    said = " ".join(drawn_words(card) for card in seat_cards(ui))
    items = [t(f"snitch.item.{item}") for item in ("binoculars", "key", "knuckle_irons", "bribe_money", "crowbar")]
    assert not [item for item in items if item in said], said
    look(ui, "snitch-table-en-4-seats-gun")
