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


def test_the_last_action_is_the_one_just_committed_and_none_after_an_undo_or_redo(store):
    # what the voice words for a step (controller.act): an undo says only whose turn it is
    session = new(store)
    session.act({"type": "roll", "dice": [4]})
    assert session.last_action["type"] == "roll" and session.last_action["dice"] == [4]
    session.undo()
    assert session.last_action is None
    session.redo()
    assert session.last_action is None


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


def test_a_damaged_snapshot_is_passed_over_and_nothing_is_lost(store, tmp_path):
    session = new(store)
    for n in range(SNAPSHOT_EVERY * 3 + 5):
        session.act({"type": "roll", "dice": [1 + n % 6]} if n % 3 else {"type": "pass"})
    live = session.state
    session.close()
    # the newest snapshot cut short (a torn write), the one before not JSON at all
    store.conn.execute("UPDATE snapshots SET state = substr(state, 1, 40) WHERE seq = ?", (SNAPSHOT_EVERY * 3,))
    store.conn.execute("UPDATE snapshots SET state = 'not json' WHERE seq = ?", (SNAPSHOT_EVERY * 2,))
    loaded = Session.load(Store.open(tmp_path), session.id)
    assert loaded.state == live == loaded.replay()        # from the one at 100, then the tail
    assert loaded.head == loaded.length == SNAPSHOT_EVERY * 3 + 5
    for _ in range(SNAPSHOT_EVERY + 10):                  # undo goes back across them exactly
        loaded.undo()
    assert loaded.state == loaded.replay()
    loaded.redo()
    assert loaded.state == loaded.replay()
    # every snapshot damaged: the setup and the whole log, the same state
    store.conn.execute("UPDATE snapshots SET state = '[]'")
    again = Session.load(Store.open(tmp_path), session.id, claim=False)
    assert again.state == loaded.state


def test_the_last_rolls_and_the_count_of_faces_without_reading_the_whole_log(store, tmp_path):
    session = new(store)
    for n in range(SNAPSHOT_EVERY * 2 + 3):
        session.act({"type": "roll", "dice": [1 + n * 5 % 6]} if n % 4 else {"type": "pass"})
    every = session.rolls()
    counts = {face: sum(r.dice.count(face) for r in every) for face in range(1, 7)}
    loaded = Session.load(Store.open(tmp_path), session.id, claim=False)
    assert loaded.recent_rolls(10) == every[-10:] and loaded.recent_rolls(1) == every[-1:]
    assert loaded.histogram() == counts == session.histogram()
    assert loaded._rolls is None                          # the whole roll history was never read
    # kept up to date through new rolls, undo and redo
    session.act({"type": "roll", "dice": [6]})
    assert session.recent_rolls(3) == session.rolls()[-3:] and session.histogram()[6] == counts[6] + 1
    for _ in range(5):
        session.undo()
    fresh = Session.load(Store.open(tmp_path), session.id, claim=False)
    assert session.recent_rolls(10) == fresh.rolls()[-10:] == fresh.recent_rolls(10)
    assert session.histogram() == fresh.histogram()
    session.redo()
    assert session.recent_rolls(10) == session.rolls()[-10:]


def counted(session) -> dict[int, int]:
    """The faces of every roll behind the head, counted from the whole log."""
    rolls = Session.load(session.store, session.id, claim=False).rolls()
    return {face: sum(r.dice.count(face) for r in rolls) for face in range(1, 7)}


def resumed_count(tmp_path, session_id, low=None):
    """A resumed game's count of faces; with `low`, also that it counted no more than
    the actions after `low` from the log (the rest were kept)."""
    store = Store.open(tmp_path)
    asked = []
    store.conn.set_trace_callback(asked.append)
    counts = Session.load(store, session_id, claim=False).histogram()
    store.conn.set_trace_callback(None)
    if low is not None:
        lows = [q for q in asked if "json_each" in q]
        assert all(f"e.seq > {low} " in q for q in lows), lows
    store.close()
    return counts


def test_a_resumed_game_counts_only_the_rolls_since_the_counts_kept(store, tmp_path):
    session = new(store)
    for n in range(SNAPSHOT_EVERY * 2 + 30):
        session.act({"type": "roll", "dice": [1 + n * 5 % 6]} if n % 3 else {"type": "pass"})
    assert resumed_count(tmp_path, session.id, low=SNAPSHOT_EVERY * 2) == counted(session) == session.histogram()
    for _ in range(40):                                  # back past the counts kept: taken off them
        session.undo()
    assert resumed_count(tmp_path, session.id, low=session.head) == counted(session) == session.histogram()
    for _ in range(15):                                  # and forward again
        session.redo()
    assert resumed_count(tmp_path, session.id) == counted(session) == session.histogram()
    session.act({"type": "roll", "dice": [6]})           # the redo tail dropped: counts kept at once
    assert resumed_count(tmp_path, session.id, low=session.head + 1) == counted(session) == session.histogram()


def test_the_counts_kept_follow_any_change_of_the_log(store, tmp_path):
    session = new(store)
    for n in range(SNAPSHOT_EVERY + 10):
        session.act({"type": "roll", "dice": [2]} if n % 2 else {"type": "pass"})
    session.close()
    # another program's edit of a roll before them (a hand edit, an older Cellmate): counted anew
    store.conn.execute("UPDATE events SET action = '{\"type\": \"roll\", \"player\": 0, \"dice\": [5]}' "
                       "WHERE session_id = ? AND seq = 2", (session.id,))
    assert resumed_count(tmp_path, session.id) == {1: 0, 2: 54, 3: 0, 4: 0, 5: 1, 6: 0} == counted(session)
    # kept counts that cannot be read, or not of this log, are not used
    for kept in ("not json", '{"seq": 100, "faces": [1, 2, 3]}', '{"seq": 100, "at": 1.0, "faces": [0, 0, 0, 0, 0, 0]}',
                 '{"seq": 999, "at": 1.0, "faces": [0, 0, 0, 0, 0, 0]}', '[]'):
        store.set_setting(f"faces.{session.id}", None)
        store.conn.execute("UPDATE settings SET value = ? WHERE key = ?", (kept, f"faces.{session.id}"))
        assert resumed_count(tmp_path, session.id) == counted(session)
    # a deleted game's counts go with it: a new game under its number counts its own rolls
    store.delete_session(session.id)
    assert not store.read("SELECT 1 FROM settings WHERE key LIKE 'faces.%'")
    again = new(store)
    assert again.id == session.id
    again.act({"type": "roll", "dice": [3]})
    assert resumed_count(tmp_path, again.id) == {1: 0, 2: 0, 3: 1, 4: 0, 5: 0, 6: 0}


def test_a_damaged_old_roll_is_no_roll_in_the_history_or_the_count(store, tmp_path):
    session = new(store)
    for face in (2, 3, 4):
        session.act({"type": "roll", "dice": [face]})
        session.act({"type": "pass"})
    while session.head < SNAPSHOT_EVERY:              # a snapshot replays past the damage
        session.act({"type": "pass"})
    session.close()
    store.conn.execute("UPDATE events SET action = '{\"type\": \"roll\", \"dice\": [3' WHERE seq = 3")
    store.conn.execute("UPDATE events SET action = '{\"type\": \"roll\", \"dice\": 4}' WHERE seq = 5")
    loaded = Session.load(Store.open(tmp_path), session.id, claim=False)
    assert [r.dice for r in loaded.recent_rolls(10)] == [(2,)]
    assert loaded.histogram() == {1: 0, 2: 1, 3: 0, 4: 0, 5: 0, 6: 0}
    assert loaded.rolls() == loaded.recent_rolls(10)


def test_an_old_roll_whose_dice_are_no_list_is_not_counted(store, tmp_path):
    """As above, with every action still JSON (the count that checks no row first)."""
    session = new(store)
    for face in (2, 3, 4, 5):
        session.act({"type": "roll", "dice": [face]})
        session.act({"type": "pass"})
    while session.head < SNAPSHOT_EVERY:              # a snapshot replays past the damage
        session.act({"type": "pass"})
    session.close()
    store.conn.execute("UPDATE events SET action = '{\"type\": \"roll\", \"dice\": 3}' WHERE seq = 3")
    store.conn.execute("UPDATE events SET action = '{\"type\": \"roll\", \"dice\": {\"a\": 4}}' WHERE seq = 5")
    loaded = Session.load(Store.open(tmp_path), session.id, claim=False)
    assert loaded.histogram() == {1: 0, 2: 1, 3: 0, 4: 0, 5: 1, 6: 0}
    assert sorted(face for roll in loaded.rolls() for face in roll.dice) == [2, 5]


def test_options_and_tables_are_checked(store):
    with pytest.raises(IllegalAction, match="no option"):
        Session.create(store, "dice", ["A", "B"], {"colour": 1})
    with pytest.raises(IllegalAction, match="cannot be"):
        Session.create(store, "dice", ["A", "B"], {"dice": 9})
    for options in ([["dice", 2]], "dice=2", 2):
        with pytest.raises(IllegalAction, match="options must be an object"):
            Session.create(store, "dice", ["A", "B"], options)
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


# -- one writer per session (issue 11, item 3) ------------------------------------------------
import json  # noqa: E402
import os  # noqa: E402
import signal  # noqa: E402
import subprocess  # noqa: E402
import sys  # noqa: E402
from pathlib import Path  # noqa: E402

from companion.store import StoreError  # noqa: E402

COMPANION = Path(sys.executable).parent / "companion"


def script(data_dir, *args, lines=()):
    proc = subprocess.run([str(COMPANION), "script", "--data-dir", str(data_dir), *args],
                          input="".join(json.dumps(line) + "\n" for line in lines), capture_output=True,
                          text=True, timeout=60)
    assert "Traceback" not in proc.stderr, proc.stderr
    return proc.returncode, [json.loads(line) for line in proc.stdout.splitlines()]


def test_a_game_open_here_is_refused_to_a_second_writer_with_who_has_it(store, tmp_path):
    session = new(store)
    session.act({"type": "roll", "dice": [3]})
    code, replies = script(tmp_path, "--continue", str(session.id), lines=[{"action": "roll", "dice": [6]}])
    assert code == 2 and len(replies) == 1 and not replies[0]["ok"]
    assert f"game {session.id} is open in another program (the Cellmate app, process {os.getpid()})" \
        in replies[0]["error"]
    session.act({"type": "roll", "dice": [1]})           # this writer goes on, nothing lost
    assert Session.load(Store.open(tmp_path), session.id, claim=False).head == 2
    session.close()                                        # let go: now the script may play it
    code, replies = script(tmp_path, "--continue", str(session.id), lines=[{"action": "roll", "dice": [6]}])
    assert code == 0 and replies[-1]["head"] == 3


def test_two_scripts_on_one_game_the_second_is_refused_and_a_killed_writer_frees_it(tmp_path):
    code, replies = script(tmp_path, lines=[{"game": "dice", "players": ["Ann", "Bob"]}])
    sid = replies[0]["session"]
    first = subprocess.Popen([str(COMPANION), "script", "--data-dir", str(tmp_path), "--continue"],
                             stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True)
    try:
        assert json.loads(first.stdout.readline())["ok"]   # it holds the game now
        code, replies = script(tmp_path, "--continue", lines=[{"action": "roll", "dice": [2]}])
        assert code == 2 and "is open in another program (companion script, process " \
            f"{first.pid})" in replies[0]["error"]
    finally:
        os.kill(first.pid, signal.SIGKILL)                 # a pulled plug frees the game too
        first.wait()
    code, replies = script(tmp_path, "--continue", lines=[{"action": "roll", "dice": [2]}])
    assert code == 0 and replies[-1]["session"] == sid and replies[-1]["head"] == 1


def test_a_game_another_program_holds_cannot_be_deleted_under_it(store, tmp_path):
    holder = subprocess.Popen([str(COMPANION), "script", "--data-dir", str(tmp_path)], stdin=subprocess.PIPE,
                              stdout=subprocess.PIPE, text=True)
    try:
        holder.stdin.write(json.dumps({"game": "dice", "players": ["Ann", "Bob"]}) + "\n")
        holder.stdin.flush()
        sid = json.loads(holder.stdout.readline())["session"]
        with pytest.raises(StoreError) as refused:
            store.delete_session(sid)
        assert refused.value.key == "session_taken"
        assert [s["id"] for s in store.list_sessions()] == [sid]
    finally:
        holder.kill()
        holder.wait()
    store.delete_session(sid)                              # free now
    assert store.list_sessions() == []


def test_a_commit_onto_a_session_changed_behind_its_back_is_refused_not_written_over(tmp_path):
    # Two objects on one game in one process (the lock is per process): the head check still holds.
    sid = new(Store.open(tmp_path)).id
    mine = Session.load(Store.open(tmp_path), sid)
    theirs = Session.load(Store.open(tmp_path), sid)
    theirs.act({"type": "roll", "dice": [6]})
    before = (mine.head, mine.state)
    with pytest.raises(StoreError) as refused:
        mine.act({"type": "roll", "dice": [1]})
    assert refused.value.key == "session_changed" and (mine.head, mine.state) == before
    theirs.undo()               # their head is 0 again, their roll kept as the redo tail
    with pytest.raises(StoreError) as refused:
        mine.act({"type": "roll", "dice": [1]})             # would cut off their redo tail
    assert refused.value.key == "session_changed"
    saved = Session.load(Store.open(tmp_path), sid, claim=False)
    assert saved.head == 0 and [a["dice"] for a in saved.redo_tail()] == [[6]]


# -- names saved before they were checked (item 1) ----------------------------------------------
def _break_names(tmp_path, sid, names):
    import sqlite3
    conn = sqlite3.connect(tmp_path / "cellmate.db")
    setup = json.loads(conn.execute("SELECT setup FROM sessions WHERE id = ?", (sid,)).fetchone()[0])
    for player, name in zip(setup["players"], names):
        player["name"] = name
    conn.execute("UPDATE sessions SET setup = ? WHERE id = ?", (json.dumps(setup), sid))
    conn.commit()
    conn.close()


def test_a_database_holding_an_unprintable_name_still_opens_with_the_name_repaired(tmp_path):
    store = Store.open(tmp_path)
    session = new(store, players=("Ann", "Bob", "Cy"))
    for _ in range(SNAPSHOT_EVERY + 5):                    # past a snapshot, which holds the old names
        session.act({"type": "roll"})
    store.close()
    _break_names(tmp_path, session.id, ["\ud800Ann", "B\x07ob\u202e", "\u200b\u200b"])
    store = Store.open(tmp_path)
    assert [p["name"] for p in store.list_sessions()[0]["setup"]["players"]] == ["\ufffdAnn", "Bob", "Player 3"]
    again = Session.load(store, session.id)
    assert [p["name"] for p in again.state["players"]] == ["\ufffdAnn", "Bob", "Player 3"]
    assert {k: v for k, v in again.state.items() if k != "players"} == \
        {k: v for k, v in session.state.items() if k != "players"}
    again.act({"type": "roll", "dice": [2]})
    assert again.replay() == again.state
    json.dumps(again.state, ensure_ascii=False).encode("utf-8")        # printable now
    code, replies = script(tmp_path, "--continue", lines=[{"action": "pass"}])
    assert code == 2  # this process holds it
    again.close()
    code, replies = script(tmp_path, "--continue", lines=[{"action": "pass"}])
    assert code == 0 and replies[0]["state"]["players"][0]["name"] == "\ufffdAnn"


def test_history_gives_each_action_with_the_state_before_it_from_any_point(store):
    session = new(store)
    for n in range(SNAPSHOT_EVERY + 30):
        session.act({"type": "roll", "dice": [1 + n % 6]})
        if n % 3 == 2:
            session.act({"type": "pass"})
    for _ in range(5):
        session.undo()                                   # a redo tail too
    whole = list(session.history())
    assert [seq for seq, _, _ in whole] == list(range(1, session.length + 1))
    state = session.initial_state()
    for seq, action, before in whole:                     # each state is the fold up to it
        assert before == state
        state = session.game.apply(state, action)
    late = list(session.history(start=session.length - 10))
    assert late == whole[-11:]                            # from the snapshot, not from the start
    assert list(session.history(start=session.length + 1)) == []


def test_stored_reads_one_page_of_the_log_redo_tail_included(store):
    session = new(store)
    for n in range(12):
        session.act({"type": "roll", "dice": [1 + n % 6]})
    session.undo()
    session.undo()
    every = session.actions() + session.redo_tail()
    assert session.stored() == every
    assert session.stored(3, 5) == every[2:5]
    assert session.stored(11, 99) == every[10:]           # the redo tail, cut at the end
    assert session.stored(0, 2) == every[:2]
    assert session.stored(13) == [] and session.stored(5, 4) == []
