import random

import pytest

from companion.games import IllegalAction
from companion.session import SNAPSHOT_EVERY, Session
from companion.store import Store


@pytest.fixture
def store(tmp_path):
    return Store.open(tmp_path)


def new(store, players=("Ann", "Bob", "Cy"), **options):
    return Session.create(store, "dice", list(players), options, rng=random.Random(3))


def test_first_player_pick_is_recorded_and_survives_reload(store):
    picks = {Session.create(store, "dice", ["Ann", "Bob", "Cy"]).setup["first_player"] for _ in range(40)}
    assert picks == {0, 1, 2}  # random, from every seat
    session = new(store)
    again = Session.load(store, session.id)
    assert again.state["current"] == session.setup["first_player"] == again.setup["first_player"]


def test_every_roll_is_stored_with_who_rolled_it(store):
    session = new(store)
    first = session.state["current"]
    session.act({"type": "roll"})
    session.act({"type": "pass"})
    session.act({"type": "roll", "dice": [4]})  # a physical die, entered by hand
    rolls = session.rolls()
    assert [r.player for r in rolls] == [first, (first + 1) % 3]
    assert rolls[1].dice == (4,) and rolls[1].manual and not rolls[0].manual
    assert sum(session.histogram().values()) == 2 and session.histogram()[4] >= 1


def test_undo_and_redo_any_number_of_steps_across_restarts(store, tmp_path):
    session = new(store)
    states = [session.state]
    for action in [{"type": "roll", "dice": [n]} for n in (1, 2, 3)] + [{"type": "pass"}] * 4:
        session.act(action)
        states.append(session.state)
    for back in range(1, 8):
        session.undo()
        assert session.state == states[-1 - back]
    restarted = Session.load(Store.open(tmp_path), session.id)
    assert restarted.head == 0 and restarted.state == states[0]
    for forward in range(1, 8):
        restarted.redo()
        assert restarted.state == states[forward]
    with pytest.raises(IllegalAction, match="nothing to redo"):
        restarted.redo()


def test_a_new_action_after_undo_drops_the_redo_tail(store):
    session = new(store)
    session.act({"type": "roll", "dice": [1]})
    session.act({"type": "roll", "dice": [2]})
    session.undo()
    session.act({"type": "roll", "dice": [6]})
    assert not session.can_redo
    assert [r.dice for r in session.rolls()] == [(1,), (6,)]
    assert [r.dice for r in Session.load(store, session.id).rolls()] == [(1,), (6,)]


def test_nothing_to_undo_at_the_start(store):
    with pytest.raises(IllegalAction, match="nothing to undo"):
        new(store).undo()


def test_illegal_actions_change_nothing(store, tmp_path):
    session = new(store)
    session.act({"type": "roll", "dice": [5]})
    before = session.state
    for bad in [{"type": "fly"}, {"type": "roll", "dice": [7]}, {"type": "roll", "dice": [1, 2]},
                {"type": "roll", "player": 9}, {"no": "type"}, {"type": "roll", "dice": "six"}]:
        with pytest.raises(IllegalAction):
            session.act(bad)
    assert session.state == before and session.head == 1
    assert Session.load(Store.open(tmp_path), session.id).state == before


def test_resume_finds_the_last_unfinished_session(store):
    older = new(store)
    newer = new(store)
    newer.act({"type": "end"})
    older.act({"type": "roll"})
    assert store.last_unfinished() == older.id
    older.act({"type": "end"})
    assert store.last_unfinished() is None
    older.undo()  # ending a game can be undone, and then it is unfinished again
    assert store.last_unfinished() == older.id


def test_past_sessions_can_be_listed_and_deleted(store):
    a, b = new(store), new(store, players=("Dee", "Eve"))
    listed = {s["id"]: s for s in store.list_sessions()}
    assert [p["name"] for p in listed[b.id]["setup"]["players"]] == ["Dee", "Eve"]
    store.delete_session(a.id)
    assert [s["id"] for s in store.list_sessions()] == [b.id]
    assert store.conn.execute("SELECT COUNT(*) FROM events WHERE session_id = ?", (a.id,)).fetchone()[0] == 0
    with pytest.raises(IllegalAction):
        Session.load(store, a.id)


def test_play_again_keeps_players_and_options(store):
    session = new(store, dice=2, pass_after_roll=True)
    session.act({"type": "roll"})
    again = session.play_again()
    assert again.id != session.id and again.head == 0
    assert again.setup["players"] == session.setup["players"]
    assert again.setup["options"] == {"dice": 2, "pass_after_roll": True}


def test_snapshots_make_resume_read_only_the_tail(store):
    session = new(store)
    for _ in range(SNAPSHOT_EVERY * 2 + 7):
        session.act({"type": "roll"})
    assert store.conn.execute("SELECT COUNT(*) FROM snapshots").fetchone()[0] == 2
    loaded = Session.load(store, session.id)
    assert loaded.state == session.state == session.replay()
    # undo below a snapshot drops it with the redo tail once a new action is taken
    for _ in range(10):
        loaded.undo()
    loaded.act({"type": "pass"})
    assert store.conn.execute("SELECT MAX(seq) FROM snapshots").fetchone()[0] == SNAPSHOT_EVERY
    assert Session.load(store, session.id).state == loaded.state == loaded.replay()


def test_options_and_tables_are_checked(store):
    with pytest.raises(IllegalAction, match="no option"):
        Session.create(store, "dice", ["A", "B"], {"colour": 1})
    with pytest.raises(IllegalAction, match="cannot be"):
        Session.create(store, "dice", ["A", "B"], {"dice": 9})
    with pytest.raises(IllegalAction, match="2 to 8"):
        Session.create(store, "dice", ["A"])
    with pytest.raises(IllegalAction, match="no game"):
        Session.create(store, "chess", ["A", "B"])


def test_dice_table_turns_go_left_and_count_rounds(store):
    session = Session.create(store, "dice", ["Ann", "Bob", "Cy"], rng=random.Random(0))
    first = session.state["current"]
    seen = []
    for _ in range(3):
        seen.append(session.state["current"])
        session.act({"type": "pass"})
    assert seen == [first, (first + 1) % 3, (first + 2) % 3]
    assert session.state["current"] == first and session.state["turn"] == 2


def test_table_problems_are_said_in_the_tables_language(store):
    from companion.i18n import Catalogue
    with pytest.raises(IllegalAction) as caught:
        Session.create(store, "dice", ["Ann", "ann"])
    assert Catalogue("de").error(caught.value) == "Zwei Spieler heißen Ann. Gebt ihnen verschiedene Namen."
    with pytest.raises(IllegalAction) as caught:
        Session.create(store, "dice", ["Ann", " "])
    assert Catalogue("en").error(caught.value) == "Player 2 needs a name."
