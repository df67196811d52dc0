"""The Snitch from the first tap: setup checklist, a turn with the Soap and the
Guard, the riot, a resolution, and the secret gun vote, all by touch; and a
failed Scheme with its draws, the Guard and the handcuffs."""
import re

import pytest

from companion.inputs import InputEvent
from ui_fixtures import (seat_cards, act, answer, fill, kivy_window, look, make_ui, press, screen_lines,  # noqa: F401
                         seat_texts, number, start_game)

pytestmark = pytest.mark.ui

NAMES = ("Anna", "Ben", "Cleo", "Dora")


def scheme(ui, name, required):
    dialog = act(ui, "scheme")
    if len(ui.app.table.session.game.legal_actions(ui.app.table.session.state)) > 1:
        assert dialog.question == "Who?"  # one button for every seat still without a Scheme
        answer(ui, name)
    else:
        assert dialog.heading == f"{name}: Enter Scheme"  # the last one: no need to ask who
    assert ui.modal().question == "Number in the bottom right corner"
    number(ui, required)                   # six buttons, 1 to 6: one tap


def reveal(ui, repeats, backstabs):
    """The reveal on one page: does a Prison Contact repeat, how many Backstab icons; CONFIRM."""
    dialog = act(ui, "reveal")
    assert dialog.form is not None
    fill(ui, "Does a Prison Contact show more than once?", repeats)
    fill(ui, "How many Backstab icons?", backstabs)
    press(ui, "confirm")
    assert ui.modal() is None


def succeed(ui, target):
    """The Soap holder plays a card under `target`'s Scheme (it needs 1): the reveal
    shows no repeat and no Backstab; a new Scheme needing 1; the Soap goes on."""
    act(ui, "play_card")
    answer(ui, target)
    assert ui.app.table.session.state["phase"] == "resolution"
    reveal(ui, "No", 0)                    # no Prison Contact repeats, 0 Backstab icons
    if ui.app.table.session.state["phase"] == "new_scheme":
        act(ui, "new_scheme")
        number(ui, 1)                      # needs 1 card
    if ui.app.table.session.state["phase"] == "turn":
        act(ui, "pass_soap")


def draws_on_the_board(ui) -> list[str]:
    """Who draws how many from which deck, as the board's place for it shows them
    (each checked drawn: shown in full, not left out for want of room)."""
    screen = ui.app.screen("game")
    tiles = [tile for tile in screen.ids.board.ids.areas.children if tile.title == ui.app.table.t("snitch.board.draws")]
    assert len(tiles) == 1, "no place on the board says who draws"
    tile = tiles[0]
    if tile.shown_facts != tile.facts:
        ui.shot("snitch-draws-not-shown")     # a picture of what is wrong, to look at
    assert tile.shown_facts == tile.facts and tile.get_root_window() is not None, f"{tile.facts!r} not drawn"
    return [fact.replace("\u00a0", " ") for fact in tile.facts.split(" · ")]


def test_the_snitch_by_touch(make_ui):
    ui = make_ui(seat=0)
    game = start_game(ui, "snitch", NAMES)
    session = ui.app.table.session
    assert session.game.id == "snitch"
    t = ui.app.table.t
    assert game.headline.text == t("snitch.headline.setup") == "Setting up"
    assert any("Interrogation Deck has 18 cards" in line for line in screen_lines(ui))  # the checklist, in Help
    assert game.prompt.text == t("snitch.prompt.cards") == "Lay out the cards as Help lists them, then tap Cards ready."
    ui.app.root.ids.toast.hide()
    look(ui, "snitch-1-setup-checklist")

    act(ui, "cards_ready")
    act(ui, "scheme")
    answer(ui, "Anna")
    dialog = ui.modal()       # a Scheme's number: six buttons, one tap, no OK
    assert [b.text for b in dialog.buttons] == ["1", "2", "3", "4", "5", "6"] and not dialog.can_confirm
    look(ui, "snitch-1b-scheme-number", dialog)
    answer(ui, "1")
    for name, required in (("Ben", 1), ("Cleo", 1), ("Dora", 1)):
        scheme(ui, name, required)
    assert session.state["schemes"][0]["required"] == 1
    dialog = act(ui, "pick_guard")
    assert dialog.can_skip  # left out: Cellmate picks at random
    answer(ui, "Ben")
    act(ui, "pick_soap")
    answer(ui, "Anna")
    assert ui.modal() is None
    assert game.headline.text == t("snitch.headline.turn", name="Anna") == "Anna's turn"
    seats = dict(seat_texts(ui))
    assert t("snitch.badge.soap") in seats["Anna"] and t("snitch.board.guard") in seats["Ben"]
    # whose turn: her token framed, her chip on the step the prompt asks for
    assert [card.current for card in seat_cards(ui)] == [True, False, False, False]
    assert game.primary.letter == "A" and game.primary.text == t("snitch.action.play_card")
    look(ui, "snitch-2-turn-soap-guard")

    # eleven turns of drawing: the riot begins at 7 cards left
    for _ in range(11):
        act(ui, "draw_card")
        if session.state["interrogation"] > 7:
            ui.app.table.on_input(InputEvent.CONFIRM)   # NEXT passes the Soap
    assert session.state["riot"] and game.banner.text == t("snitch.banner.riot") == "Prison riot!"
    banner = game.banner     # in sight above the board, read across the table, whole
    banner.texture_update()
    assert banner.opacity == 1 and banner.font_size >= 24 and banner.texture_size[1] <= banner.height + 1
    act(ui, "pass_soap")
    look(ui, "snitch-3-riot")

    # a resolution: Dora (the Soap) plays under Anna's Scheme, which needs one card
    assert session.state["soap"] == 3
    act(ui, "play_card")
    answer(ui, "Anna")
    assert game.headline.text == t("snitch.headline.resolution", name="Anna") == "Anna reveals"
    assert session.state["phase"] == "resolution"
    look(ui, "snitch-4-resolution")
    dialog = act(ui, "reveal")
    fill(ui, "Does a Prison Contact show more than once?", "No")
    look(ui, "snitch-5-reveal-question", dialog)
    fill(ui, "How many Backstab icons?", 0)
    press(ui, "confirm")
    assert session.state["scored"] == 1
    # the reward draws in order on the board, where everybody sees them; the prompt: draw, then the new Scheme
    assert game.prompt.text == t("snitch.prompt.new_scheme_hand_draw", name="Anna")
    assert draws_on_the_board(ui) == ["Contacts: Anna 1, Ben 1, Dora 1"]
    act(ui, "new_scheme")
    number(ui, 1)
    act(ui, "pass_soap")

    # four more successes bring in the gun
    for target in ("Ben", "Cleo", "Dora", "Anna"):
        if session.state["phase"] == "gun_vote":
            break
        succeed(ui, target if NAMES.index(target) != session.state["soap"] else "Ben")
    assert session.state["phase"] == "gun_vote"
    assert game.banner.text == t("snitch.banner.gun") == "The gun is inside!"

    # without seat pads the vote is by hands up (the option's default): the table enters the result
    assert game.prompt.text == t("snitch.prompt.vote_most", soap=NAMES[session.state["soap"]])
    assert game.prompt.text.startswith("Hands up: who gets the gun?")
    assert ui.app.sm.current == "game"
    look(ui, "snitch-6-gun-vote-hands-up")
    act(ui, "open_vote")
    answer(ui, "Cleo")
    assert session.state["phase"] == "shoot" and session.state["gun"] == 2
    assert game.headline.text == t("snitch.headline.shoot", name="Cleo") == "Cleo has the gun"


def test_a_failed_scheme_by_touch(make_ui):
    """Ben's Scheme fails on a repeat and 2 Backstab icons: the draws in the rules'
    order, the Guard to Ben with the handcuffs down, the failed Scheme face down into
    his stash (counted, never named) and a new Scheme from the top of the Prison
    Contacts Deck. Guarded, Ben may name only Bribe Money from his stash."""
    ui = make_ui(seat=0)
    game = start_game(ui, "snitch", NAMES)
    session = ui.app.table.session
    t = ui.app.table.t
    act(ui, "cards_ready")
    for name, required in (("Anna", 1), ("Ben", 2), ("Cleo", 1), ("Dora", 1)):
        scheme(ui, name, required)
    act(ui, "pick_guard")
    answer(ui, "Dora")
    act(ui, "pick_soap")
    answer(ui, "Dora")

    # Dora has the Guard: at the end of her turn the handcuffs go up
    act(ui, "draw_card")
    act(ui, "pass_soap")
    assert ("Guard: Dora (silenced), handcuffs up: the Guard moves right at the end of Dora's turn"
            in screen_lines(ui))

    # Anna and Cleo, Ben's neighbours, fill his Scheme (2 cards); Ben draws meanwhile
    act(ui, "play_card")
    answer(ui, "Ben")
    assert "Ben: Scheme 1 of 2 cards · 5 in hand" in screen_lines(ui)
    act(ui, "pass_soap")
    act(ui, "draw_card")
    act(ui, "pass_soap")
    act(ui, "play_card")
    answer(ui, "Ben")
    assert game.headline.text == t("snitch.headline.resolution", name="Ben") == "Ben reveals"
    assert session.state["interrogation"] == 16

    # the reveal: a Prison Contact repeats, 2 Backstab icons (2 cards + the random one)
    reveal(ui, "Yes", 2)
    state = session.state
    assert state["phase"] == "new_scheme" and state["failed"] == 1 and state["scored"] == 0
    assert game.headline.text == t("snitch.headline.failed", name="Ben") == "Ben's Scheme failed"
    # the draws: Ben, his left (Cleo), his right (Anna), then Ben once more per Backstab icon;
    # on the board, where everybody sees them, and in full in the facts; the prompt says what to do
    assert game.prompt.text == t("snitch.prompt.new_scheme_failed_draw", name="Ben")
    assert draws_on_the_board(ui) == ["Interrogation: Ben 1, Cleo 1, Anna 1, Ben 2"]
    lines = screen_lines(ui)
    assert ("Ben's Scheme failed (2 Backstab icons). Draws: Ben 1 from the Interrogation Deck; Cleo 1 from the "
            "Interrogation Deck; Anna 1 from the Interrogation Deck; Ben 2 from the Interrogation Deck.") in lines
    assert "Guard: Ben (silenced), handcuffs face down" in lines
    assert "Interrogation Deck: 11 cards" in lines and "Ben: no Scheme · 9 in hand" in lines
    seats = dict(seat_texts(ui))
    guard, soap = t("snitch.board.guard"), t("snitch.badge.soap")
    assert guard in seats["Ben"] and guard not in seats["Dora"] and soap in seats["Cleo"]
    assert state["hands"] == [5, 9, 5, 6] and state["guard"] == 1 and not state["handcuffs_up"]
    ui.app.root.ids.toast.hide()
    look(ui, "snitch-failed-scheme")

    # nobody is asked which Item it is: the table sees how many lie in Ben's stash
    assert not ui.app.screen("game").offers("stash_item")
    contacts = session.state["contacts"]
    act(ui, "new_scheme")
    number(ui, 1)
    assert session.state["contacts"] == contacts - 1 and session.state["hands"][1] == 9
    assert "Items in the stash, face down: Ben\u00a01" in screen_lines(ui)   # a name and its count kept together
    cards = {card.name: card for card in seat_cards(ui)}
    assert cards["Ben"].counts == [t("snitch.seat.hand", count=9), t("snitch.seat.scheme", under=0, needed=1)]
    assert cards["Anna"].counts == ["5 cards", "Scheme 0/1"]
    # the Items face down: how many, as a tag on the owner's token; nobody else has one
    assert t("snitch.seat.stash", count=1) == "1 Item" in cards["Ben"].tags
    assert not [card.name for card in seat_cards(ui) if card.name != "Ben" and any("Item" in tag for tag in card.tags)]
    said = " ".join(ui.texts())
    assert not re.search(r"\b(Key|Crowbar|Binoculars|Knuckle Irons|Bribe Money)\b", said), said   # never which
    ui.app.root.ids.toast.hide()
    look(ui, "snitch-stash-counts")

    # Cleo's turn ends: the Soap goes on, the Guard stays with Ben, handcuffs down
    act(ui, "pass_soap")
    assert game.headline.text == t("snitch.headline.turn", name="Dora") == "Dora's turn"
    assert seat_cards(ui)[3].current and t("snitch.badge.soap") in seat_cards(ui)[3].tags
    assert "Guard: Ben (silenced), handcuffs face down" in screen_lines(ui)

    # Ben's turn, guarded: of whatever lies in his stash he may name Bribe Money only; named, it shows
    for _ in range(2):
        act(ui, "draw_card")
        act(ui, "pass_soap")
    assert session.state["soap"] == 1
    act(ui, "use_item")
    assert ui.modal() is None and session.state["guard"] is None and session.state["stash"][1] == 0
    ui.tap(game.log_btn)
    said = t("snitch.log.use_item", name="Ben", item=t("snitch.item.bribe_money"))
    assert said == "Ben used the Bribe Money" and said in [row.text for row in ui.ids("log").rows.children]
