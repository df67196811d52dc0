"""Masterminds: Heist Society by touch: heists laid out from the cards, the roll
for the first player, a step's Success, Push and Failure with real dice, a
heist completed with its gems drawn from the bag, and the final scoring."""
import pytest

from ui_fixtures import (act, answer, kivy_window, look, make_ui, press, screen_lines, seat_texts,  # noqa: F401
                         number, start_game, visible_lines)

pytestmark = pytest.mark.ui


def lay_heist(ui, challenges, take, name=None):
    act(ui, "lay_heist")
    dialog = ui.modal()
    if dialog.question == "Place on the table":
        answer(ui, "Place 1" if ui.app.session.state["heists"][0] is None else "Place 2")
    for challenge in challenges:
        assert ui.modal().question.startswith("Challenge of step")
        number(ui, challenge)
    assert ui.modal().question == "TAKE (gems)"
    number(ui, take)
    assert ui.modal().question == "Heist name"
    if name:
        ui.type_into(ui.modal().field, name)
        press(ui, "ok")
    assert ui.modal().can_finish  # the skills printed at the steps are optional: leave them all out
    press(ui, "finish")
    assert ui.modal() is None


def attempt(ui, kind, heist, total):
    act(ui, kind)
    answer(ui, heist)
    assert ui.modal().question == "Skill total"
    number(ui, total)
    if ui.modal() is not None:  # how many recruits: one
        assert ui.modal().question == "Recruits activated"
        number(ui, 1)


def roll(ui, face):
    act(ui, "roll")
    answer(ui, str(face))             # the real die
    assert ui.modal().question == "Interrupts and abilities (+/-)"
    press(ui, "skip")                 # no modifier
    assert ui.modal() is None


def perfect_heist(ui, heist, face=4):
    """Every step beaten before rolling: the same face placed on each (a bonus gem)."""
    kind = "attempt"
    for _ in range(4):
        attempt(ui, kind, heist, 2)
        act(ui, "place_die")
        number(ui, face)
        kind = "continue"
    act(ui, "complete")


def test_heist_by_touch(make_ui):
    ui = make_ui(seat=0)
    game = start_game(ui, "heist", ("Anna", "Ben"))
    session = ui.app.session
    assert game.headline.text == "Lay out the heists"
    lay_heist(ui, (5, 8, 1, 1), 10, name="Museum")
    lay_heist(ui, (1, 1, 1, 1), 10)
    assert session.state["heists"][0]["name"] == "Museum" and session.state["heists"][1]["take"] == 10

    # everybody rolls for the first player: one button, then who, then the real die
    act(ui, "roll_first")
    answer(ui, "Anna")
    assert ui.modal().can_roll  # a real die, or let Cellmate roll
    answer(ui, "6")
    act(ui, "roll_first")          # only Ben is left to roll: no need to ask who
    answer(ui, "2")
    assert game.headline.text == "Anna's turn: PREP or HEIST"

    act(ui, "set_team")
    answer(ui, "Anna")
    number(ui, 4)
    assert "team 4" in dict(seat_texts(ui))["Anna"]

    # step A of the Museum: 3 + 6 against 5 is a Success
    attempt(ui, "attempt", "Heist 1", 3)
    assert game.headline.text == "Anna: roll!"
    roll(ui, 6)
    assert game.headline.text == "Anna: Success!"
    assert "Anna, step A of Heist 1: 3 + 6 = 9 against 5: Success" in screen_lines(ui)
    ui.app.root.ids.toast.hide()
    look(ui, "heist-1-success")

    # step B: 3 + 5 against 8 is a Push: the turn is over
    attempt(ui, "continue", "Heist 1", 3)
    roll(ui, 5)
    assert "Anna, step B of Heist 1: 3 + 5 = 8 against 8: Push" in screen_lines(ui)
    assert game.headline.text == "Anna: upkeep"
    look(ui, "heist-2-push")
    act(ui, "end_turn")

    # Ben: 0 + 1 against 5 is a Failure
    attempt(ui, "attempt", "Heist 1", 0)
    roll(ui, 1)
    assert game.headline.text == "Ben: Failure"
    assert "Ben, step A of Heist 1: 0 + 1 = 1 against 5: Failure" in screen_lines(ui)
    ui.pump(2)
    # the roll's result is the fact that changed: marked, and scrolled into view
    assert ("Ben, step A of Heist 1: 0 + 1 = 1 against 5: Failure", True) in visible_lines(ui)
    look(ui, "heist-3-failure")
    act(ui, "upkeep")
    act(ui, "end_turn")

    # Anna takes Heist 2 with four Perfections: the gems are drawn at random, by colour
    perfect_heist(ui, "Heist 2")
    assert game.headline.text == "Anna completed a heist"
    done = session.state["completions"][-1]
    assert len(done["gems"]) == 10 and done["bonus"] is not None  # 4 dice alike: a bonus gem
    assert game.prompt.text.startswith("Drawn from the bag: ")
    for colour in set(done["gems"]) | {done["bonus"]}:
        assert {"orange": "orange", "sky": "sky blue", "clear": "clear"}[colour] in game.prompt.text
    look(ui, "heist-4-gems-drawn")
    act(ui, "upkeep")
    lay_heist(ui, (1, 1, 1, 1), 10)
    act(ui, "end_turn")
    act(ui, "prep")                 # Ben preps
    act(ui, "upkeep")
    act(ui, "end_turn")

    # the last gems leave the bag: the game ends after this turn
    assert "team 1" in dict(seat_texts(ui))["Anna"]  # completing retired the team to one
    act(ui, "set_team")
    answer(ui, "Anna")
    number(ui, 4)
    perfect_heist(ui, "Heist 2", face=3)
    assert sum(session.state["bag"].values()) == 0
    assert game.banner.text == "The last gem has left the bag: the game ends after this turn."
    act(ui, "upkeep")
    act(ui, "end_turn")
    assert game.headline.text == "Final scoring"
    act(ui, "roll_value")
    answer(ui, "Anna")
    answer(ui, "5")
    act(ui, "roll_value")
    answer(ui, "2")
    assert session.finished
    scores = {row["seat"]: row["total"] for row in session.state["scores"]}
    winner = max(scores, key=scores.get)
    assert game.banner.text == f"{('Anna', 'Ben')[winner]} wins with {scores[winner]} points!"
    for seat, name in enumerate(("Anna", "Ben")):  # the score table: one row each, gems × value = total
        assert any(line.startswith(f"{name}: ") and line.endswith(f"= {scores[seat]}") for line in screen_lines(ui))
    assert ui.app.screen("game").ids.primary.text == "Play again"
    look(ui, "heist-5-final-scoring")
