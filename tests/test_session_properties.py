"""Property tests: replay equals live state, undo is the exact inverse."""
import random
from unittest import mock

from hypothesis import HealthCheck, given, settings, strategies as st

from companion.games import IllegalAction
from companion.session import Session
from companion.store import Store

actions = st.one_of(
    st.just({"type": "roll"}),
    st.builds(lambda n: {"type": "roll", "dice": [n]}, st.integers(-1, 8)),
    st.just({"type": "pass"}),
    st.just({"type": "end"}),
    st.just({"type": "undo"}),
    st.just({"type": "redo"}),
    st.builds(lambda p: {"type": "roll", "player": p}, st.integers(-1, 9)),
)


def take(session, step):
    """A step of a random sequence: undo, redo, or an action."""
    if step["type"] == "undo":
        session.undo()
    elif step["type"] == "redo":
        session.redo()
    else:
        session.act(step)


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.integers(2, 8), st.lists(actions, max_size=40), st.integers(0, 2**32))
def test_replay_equals_live_and_undo_inverts(players, steps, seed):
    store = Store.memory()
    session = Session.create(store, "dice", [f"P{i}" for i in range(players)], rng=random.Random(seed))
    for step in steps:
        before = session.state
        try:
            take(session, step)
            if step["type"] not in ("undo", "redo"):
                assert session.replay() == session.state
                assert Session.load(store, session.id).state == session.state
                session.undo()
                assert session.state == before  # undo is the exact inverse
                session.redo()
        except IllegalAction:
            assert session.state == before  # a refused action changes nothing
        # invariants of the dice table
        state = session.state
        assert 0 <= state["current"] < players
        assert state["rolls"] == len(session.rolls())
        assert session.replay() == state
        assert session.rolls() == Session.load(store, session.id).rolls()
        # what the dice table reads instead of every roll: the same, live and resumed
        reloaded = Session.load(store, session.id)
        for shown in (session, reloaded):
            assert shown.recent_rolls(3) == session.rolls()[-3:]
            assert shown.histogram() == {f: sum(r.dice.count(f) for r in session.rolls()) for f in range(1, 7)}


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.integers(1, 5), st.lists(actions, max_size=30), st.integers(0, 2**32))
def test_resuming_from_snapshots_equals_replaying_the_log(every, steps, seed):
    """With a snapshot every few actions, any undo, redo and new action in between."""
    with mock.patch("companion.session.SNAPSHOT_EVERY", every):
        store = Store.memory()
        session = Session.create(store, "dice", ["A", "B", "C"], rng=random.Random(seed))
        for step in steps:
            try:
                take(session, step)
            except IllegalAction:
                pass
            resumed = Session.load(store, session.id)
            assert resumed.state == session.state == session.replay()
            faces = {f: sum(r.dice.count(f) for r in session.rolls()) for f in range(1, 7)}
            assert resumed.histogram() == session.histogram() == faces    # from the counts kept, and live
            head = session.head
            for _ in range(head):                 # undo in the resumed one, step by step, and back
                resumed.undo()
                assert resumed.state == resumed.replay()
            for _ in range(head):
                resumed.redo()
            assert resumed.state == session.state
