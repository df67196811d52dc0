"""A new game is one module: the coin toss (tests/example_game.py) plays through the
session, the log, the pads and the app's game screen with nothing else changed."""
import random

import pytest

import example_game
from companion import games
from companion.i18n import Catalogue
from companion.inputs import MAIN
from companion.pads import led_policy, pad_action
from companion.session import Session
from companion.store import Store
from ui_fixtures import act, answer, kivy_window, make_ui  # noqa: F401  (fixtures)


@pytest.fixture
def coin(monkeypatch):
    """What discovery does for a module in companion/games: register its GAME."""
    monkeypatch.setitem(games.GAMES, "coin", example_game.GAME)
    return example_game.GAME


def test_the_rules_follow_from_the_moves(coin):
    session = Session.create(Store.memory(), "coin", ["Ann", "Bob"], {"target": 2}, rng=random.Random(1))
    first = session.state["current"]
    assert [(spec.type, spec.player) for spec in coin.legal_actions(session.state)] == [("toss", first)]
    with pytest.raises(games.IllegalAction) as refused:
        session.act({"type": "concede"})
    assert str(refused.value) == f"{session.setup['players'][first]['name']} is not behind: no need to concede"
    with pytest.raises(games.IllegalAction):
        session.act({"type": "toss", "side": "edge"})
    session.act({"type": "toss", "side": "heads"})
    assert session.state["points"][first] == 1 and session.state["current"] != first
    while not session.finished:
        session.act({"type": "toss"})                       # decided once, stored: a replay is the same
    assert session.replay() == session.state and session.state["winners"]
    assert all(a["side"] in ("heads", "tails") for a in session.actions())


def test_the_pads_and_the_log_need_nothing_new(coin):
    session = Session.create(Store.memory(), "coin", ["Ann", "Bob", "Cy"], rng=random.Random(2))
    me = session.state["current"]
    assert pad_action(session.state, me, MAIN) == {"type": "toss", "player": me}
    assert pad_action(session.state, (me + 1) % 3, MAIN) is None         # not your turn
    assert [seat for seat, led in led_policy(session.state).items() if led.lit] == [me]
    assert coin.board(session.state, Catalogue("en")).problems(3) == []


def test_the_game_screen_plays_it_by_touch(coin, make_ui):
    ui = make_ui()
    assert ui.app.start_game("coin", ["Ann", "Bob"], {"target": 1}) is None
    assert ui.app.sm.current == "game"
    dialog = act(ui, "toss")                                # the side may be said, or left to the app
    assert [b.text for b in dialog.buttons] == ["heads", "tails"] and dialog.can_skip
    answer(ui, "heads")
    state = ui.app.session.state
    assert ui.app.session.finished and state["points"][state["winners"][0]] == 1 and sum(state["points"]) == 1
    assert ui.ids("game").primary.text == "Play again"     # what comes next, large
    ui.app.go("log")
    assert any("toss" in row.text.lower() for row in ui.ids("log").rows.children)
