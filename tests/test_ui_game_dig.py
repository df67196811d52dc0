"""Dig Your Way Out by touch, in English and in German: a move by die, Michelle
moved onto a prisoner (the die face learned from the table and remembered for
the next games), and her extortion walked step by step."""
import pytest

from companion.i18n import Catalogue
from companion.games import GAMES
from companion.games.dig import BOARD_KEY
from ui_fixtures import (act, answer, fill, kivy_window, look, make_ui, press, screen_lines,  # noqa: F401
                         start_game)

pytestmark = pytest.mark.ui

WORDS = {
    "en": {"turn": "Anna's turn", "moved": "Michelle extorts Ben", "pair": "Cell Block + Showers",
           "yes": "Yes", "no": "No", "beaten": "Beatings: 1", "ask": "Anna rolled 4"},
    "de": {"turn": "Anna ist dran", "moved": "Michelle erpresst Ben", "pair": "Zellenblock + Duschen",
           "yes": "Ja", "no": "Nein", "beaten": "Prügel: 1", "ask": "Anna hat eine 4 gewürfelt"},
}


@pytest.mark.parametrize("lang", ["en", "de"])
def test_dig_michelle_moves_and_extorts(make_ui, lang):
    words = WORDS[lang]
    t = Catalogue(lang)
    ui = make_ui(seat=0)
    ui.app.table.set_language(lang)
    # Michelle: the option's value button cycles Neither -> Michel -> Michelle
    game = start_game(ui, "dig", ("Anna", "Ben"), options={"michel": ["value", "value"]})
    session = ui.app.table.session
    assert session.setup["options"]["michel"] == "michelle"
    assert session.setup["options"]["board"] == {}   # nothing known yet: nothing guessed
    assert game.headline.text == words["turn"]

    # Anna rolls a real 1: Cell Block or Cafeteria, she stands in the Cell Block, so she goes on
    dialog = act(ui, "roll")
    assert dialog.can_roll                       # or let Cellmate roll
    answer(ui, "1")
    assert session.state["prisoners"][0]["place"] == "cafeteria"
    assert t("dig.note.forced", name="Anna", face=1, place=t("dig.place.cafeteria")) in screen_lines(ui)
    act(ui, "end_turn")

    # at the end of the turn Anna moves Michelle: a 4, which the board map does not know yet
    act(ui, "roll_michel")
    answer(ui, "4")
    assert game.headline.text == words["ask"]
    dialog = act(ui, "learn_face")
    labels = [b.text for b in dialog.buttons]
    assert words["pair"] in labels and len(labels) == 10   # every pair of the five places, in words
    assert not any("_" in text or "+" in text.replace(" + ", "") for text in labels)
    ui.app.root.ids.toast.hide()
    look(ui, f"dig-{lang}-1-which-places", dialog)
    answer(ui, words["pair"])

    # Michelle stood in the Showers: the 4 takes her to the Cell Block, onto Ben
    assert session.state["michel"]["place"] == "cell_block"
    assert game.headline.text == words["moved"]
    assert ui.app.store.get_setting(BOARD_KEY) == {"4": ["cell_block", "showers"]}  # remembered
    on = {token.key: token.place for token in GAMES["dig"].board(session.state, t).tokens}
    assert on["michel"] == on["prisoner.1"] == "cell_block"      # Michelle and Ben together on the board
    # on the board in view: the Cell Block's tile holds Ben's chip and Michelle beside it
    tiles = {tile.title: tile for tile in ui.app.screen("game").ids.board.ids.areas.children}
    block = next(tile for title, tile in tiles.items() if title in ("Cells", "Zellen"))
    pieces = list(reversed(block.ids.chips.children))
    assert [chip.letter for chip in pieces[:1]] == ["B"]
    assert [pill.text for pill in pieces[1:]] == [
        next(tk.short or tk.label for tk in GAMES["dig"].board(session.state, t).tokens if tk.key == "michel")]
    raw = ui.shot(f"dig-{lang}-2-raw")
    look(ui, f"dig-{lang}-2-michelle-extorts", drawn=raw)     # the same state: that picture, not another frame

    # the extortion, step by step: a Knife on the Michel card, and Ben gives up
    dialog = act(ui, "michel_card")
    assert dialog.question == t("dig.param.knife")
    answer(ui, words["yes"])
    assert session.state["extortion"]["step"] == "threat"
    assert all(ui.app.screen("game").offers(step) for step in ("cooperate", "fight", "give_up"))
    look(ui, f"dig-{lang}-3-threat")
    dialog = act(ui, "give_up")                  # the Tool in hand and the cards in hand: one page
    assert dialog.form is not None
    fill(ui, t("dig.param.has_tool"), words["no"])
    look(ui, f"dig-{lang}-3b-give-up", dialog)
    press(ui, "confirm")                         # how many cards in hand: not said
    assert ui.modal() is None
    assert session.state["prisoners"][1]["beatings"] == 1
    assert any(line.startswith("Ben: ") and words["beaten"] in line for line in screen_lines(ui))
    assert session.state["phase"] == "turn" and session.state["current"] == 1   # Ben's turn now
    look(ui, f"dig-{lang}-4-after-extortion")

    # the log says it all in the table's language
    ui.tap(game.log_btn)
    log = [row.text for row in ui.ids("log").rows.children]
    assert t("dig.done.give_up", name="Ben") in log             # what happened, in the past tense
    assert t("dig.done.learn_face", places=words["pair"]) in log
    look(ui, f"dig-{lang}-5-log")


def test_a_tool_pile_marked_empty_by_touch_takes_steal_a_spoon_away(make_ui):
    """The table marks the Spoon pile empty under Adjust: the screen says which pile is
    empty and offers no Steal a Spoon in the Cafeteria until the pile is back."""
    ui = make_ui(seat=0)
    start_game(ui, "dig", ("Anna", "Ben"))
    session = ui.app.table.session
    act(ui, "roll")
    answer(ui, "1")                                # Cell Block or Cafeteria: to the Cafeteria
    screen = ui.app.screen("game")
    assert screen.offers("steal_spoon")
    act(ui, "pile_empty")
    answer(ui, "Spoons")
    assert session.state["empty"] == ["spoon"] and session.state["actions_left"] == 1
    assert any(line.startswith("Empty piles: Spoons") for line in screen_lines(ui))
    assert not screen.offers("steal_spoon")
    ui.app.root.ids.toast.hide()
    look(ui, "dig-en-empty-spoon-pile")
    act(ui, "pile_filled")                         # one pile empty: nothing to ask
    assert session.state["empty"] == [] and screen.offers("steal_spoon")
