"""A new game is one folder: the coin toss (tests/example_game/), dropped into
companion/games/ as `coin/`, is listed, played by touch and by the pads, saved and
replayed, exported and counted in the statistics, with no file outside it touched.
(It is dropped into a temporary folder on the games' package path, so the checkout
itself is never written to.)"""
import random
import shutil
from pathlib import Path

import pytest

from companion import export, games, i18n, stats
from companion.i18n import Catalogue
from companion.inputs import MAIN
from companion.pads import led_policy, pad_action
from companion.session import Session
from companion.store import Store
from ui_fixtures import act, answer, kivy_window, make_ui  # noqa: F401  (fixtures)

FOLDER = Path(__file__).parent / "example_game"


def forget():
    """Cellmate looks for its games and words again (as at its next start)."""
    games.GAMES.forget()
    i18n.texts.cache_clear()


@pytest.fixture
def coin(tmp_path, monkeypatch):
    """The example folder dropped in as companion/games/coin, and nothing else."""
    shelf = tmp_path / "games"
    shutil.copytree(FOLDER, shelf / "coin", ignore=shutil.ignore_patterns("__pycache__"))
    monkeypatch.setattr(games, "__path__", [*games.__path__, str(shelf)])
    forget()
    yield games.GAMES["coin"]
    monkeypatch.undo()
    forget()


def test_dropped_in_it_is_listed_with_its_own_words(coin):
    assert "coin" in list(games.GAMES) and type(coin).__module__ == "companion.games.coin"
    assert Catalogue("en")(coin.title) == "Coin toss" and Catalogue("de")(coin.title) == "Münzwurf"
    assert games.BROKEN == {}


def test_the_rules_follow_from_the_moves(coin):
    session = Session.create(Store.memory(), "coin", ["Ann", "Bob"], {"target": 2}, rng=random.Random(1))
    first = session.state["current"]
    assert [(spec.type, spec.player) for spec in coin.legal_actions(session.state)] == [("toss", first)]
    with pytest.raises(games.IllegalAction) as refused:
        session.act({"type": "concede"})
    assert str(refused.value) == f"{session.setup['players'][first]['name']} is not behind: no need to concede"
    assert Catalogue("de").error(refused.value).endswith("liegt nicht zurück: kein Grund aufzugeben")
    with pytest.raises(games.IllegalAction):
        session.act({"type": "toss", "side": "edge"})
    session.act({"type": "toss", "side": "heads"})
    assert session.state["points"][first] == 1 and session.state["current"] != first
    while not session.finished:
        session.act({"type": "toss"})                       # decided once, stored: a replay is the same
    assert session.replay() == session.state and session.state["winners"]
    assert all(a["side"] in ("heads", "tails") for a in session.actions())


def test_it_is_saved_replayed_exported_and_counted(coin, tmp_path):
    store = Store.open(tmp_path / "data", fallback=False)
    session = Session.create(store, "coin", ["Ann", "Bob"], {"target": 1}, rng=random.Random(3))
    session.act({"type": "toss", "side": "heads"})
    assert session.finished
    state, sid = session.state, session.id
    session.close()
    store.close()
    store = Store.open(tmp_path / "data", fallback=False)
    again = Session.load(store, sid, claim=False)
    assert again.state == state and again.replay() == state            # resumed from the file, replayed
    exported = next(g for g in export.collect(store) if g["session"] == sid)
    assert exported["title"] == "Coin toss" and exported["finished"]
    assert exported["result"]["winners"] == state["winners"]
    assert [a["action"]["type"] for a in exported["actions"]] == ["toss"]
    played, _dice = stats.figures(store, keep=False)
    assert played.games["coin"].plays == 1
    winner = state["players"][state["winners"][0]]["name"]
    assert played.players[winner]["coin"].wins == 1


def test_the_pads_and_the_log_need_nothing_new(coin):
    session = Session.create(Store.memory(), "coin", ["Ann", "Bob", "Cy"], rng=random.Random(2))
    me = session.state["current"]
    assert pad_action(session.state, me, MAIN) == {"type": "toss", "player": me}
    assert pad_action(session.state, (me + 1) % 3, MAIN) is None         # not your turn
    assert [seat for seat, led in led_policy(session.state).items() if led.lit] == [me]
    assert coin.board(session.state, Catalogue("en")).problems(3) == []


def test_the_app_lists_it_and_plays_it_by_touch(coin, make_ui):
    ui = make_ui()
    ui.app.table.new_game()
    chooser = ui.app.screen("games")
    assert chooser.tiles["coin"].title == "Coin toss"                   # listed with the others
    assert ui.app.table.start_game("coin", ["Ann", "Bob"], {"target": 1}) is None
    assert ui.app.sm.current == "game"
    dialog = act(ui, "toss")                                # the side may be said, or left to the app
    assert [b.text for b in dialog.buttons] == ["heads", "tails"] and dialog.can_skip
    answer(ui, "heads")
    state = ui.app.table.session.state
    assert ui.app.table.session.finished and state["points"][state["winners"][0]] == 1 and sum(state["points"]) == 1
    assert ui.ids("game").primary.text == "Play again"     # what comes next, large
    ui.app.table.go("log")
    assert any("toss the coin" in row.text.lower() for row in ui.ids("log").rows.children)
