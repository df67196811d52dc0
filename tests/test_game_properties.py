"""Every registered game, played at random: replay equals live state, undo is
the exact inverse, refused actions change nothing, invariants always hold."""
import random
import re

import pytest
from hypothesis import HealthCheck, given, settings, strategies as st

from companion.games import GAMES, IllegalAction
from companion.i18n import Catalogue
from companion.session import Session
from companion.store import Store
from random_play import garbage_action, random_action, random_options


@pytest.mark.parametrize("game_id", sorted(GAMES))
@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 2**32 - 1), steps=st.integers(1, 60))
def test_random_play_keeps_the_log_honest(game_id, seed, steps):
    game = GAMES[game_id]
    rng = random.Random(seed)
    store = Store.memory()
    players = [f"P{i}" for i in range(rng.randint(game.min_players, game.max_players))]
    session = Session.create(store, game_id, players, random_options(game, rng), rng=rng)
    game.check_invariants(session.state)
    for _ in range(steps):
        legal = game.legal_actions(session.state)
        before = session.state
        roll = rng.random()
        try:
            if roll < 0.1 and session.can_undo:
                session.undo()
            elif roll < 0.15 and session.can_redo:
                session.redo()
            elif roll < 0.25 or not legal:
                session.act(garbage_action(rng))
            else:
                session.act(random_action(rng.choice(legal), rng))
                assert session.replay() == session.state
                after = session.state
                session.undo()
                assert session.state == before  # undo is the exact inverse
                session.redo()
                assert session.state == after
        except IllegalAction:
            assert session.state == before  # refused: nothing changed
        game.check_invariants(session.state)
        _board_adds_up(game, session.state)
    reloaded = Session.load(store, session.id)
    assert reloaded.state == session.state
    assert reloaded.rolls() == session.rolls()  # the in-memory roll history matches the log


def test_every_game_module_loads():
    from companion.games import BROKEN
    listed = list(GAMES)                # every module imported (each is, lazily, only when asked for)
    assert BROKEN == {}
    assert {"dice", "snitch", "dig", "heist", "singsing"} <= set(listed)


def test_one_game_is_imported_alone_and_the_sources_name_every_game_right():
    """Reopening a table imports that game's folder only (a cold start pays for one game);
    each game's folder is named by its GAME's id."""
    import subprocess
    import sys

    code = ("import sys; from companion import games; games.GAMES['dice']; assert 'nope' not in games.GAMES; "
            "print(sorted(m.split('.')[2] for m in sys.modules if m.startswith('companion.games.') "
            "and m.split('.')[2] in games.folders()))")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True).stdout
    assert out.strip() == "['dice']"      # the engine's own modules aside, one game's folder
    from companion.games import folders
    assert {game_id: folder.name for game_id, folder in folders().items()} == \
        {game_id: type(game).__module__.split(".")[2] for game_id, game in GAMES.items()}


def _board_adds_up(game, state):
    """The board the screen draws: pieces on seats and places that exist, in words."""
    board = game.board(state, Catalogue("en"))
    if board is None:
        return
    assert board.problems(len(state["players"])) == []
    labels = [c.label for c in board.counters] + [t.label for t in board.tracks] + [t.label for t in board.tokens] \
        + [a.label for a in board.areas] + [f for a in board.areas for f in a.facts] \
        + [f for v in board.seats for f in v.facts] + [w for v in board.seats for w, _ in v.counts]
    assert all(label and not re.fullmatch(r"[a-z0-9_]+(\.[a-z0-9_]+)+", label) for label in labels), labels  # words, not keys
