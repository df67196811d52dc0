"""Results, lengths and statistics, from made-up histories with known numbers."""
import json
import random

import pytest

from companion import results, stats
from companion.games import GAMES
from companion.games.dig import GAME as DIG
from companion.games.heist import GAME as HEIST, score_table, winners_of
from companion.games.singsing import GAME as SINGSING
from companion.games.snitch import GAME as SNITCH
from companion.i18n import Catalogue, texts
from companion.players import make_table
from companion.session import Session
from companion.store import Store


def _setup(game, names, **options):
    players = make_table(names)
    return game.setup(players, game.check_options(options), 0, random.Random(1))


# -- each game's result from its final state -----------------------------------------------
def test_snitch_result_names_the_snitch_the_shot_and_who_escaped():
    s = _setup(SNITCH, ["Ann", "Bob", "Cy", "Di"])
    assert SNITCH.result(s) is None                     # not finished: no result
    s.update(phase="over", finished=True, outcome="escape_succeeded", snitch=2, shot=1, winners=[0, 3], turn=17)
    assert SNITCH.result(s) == {"winners": [0, 3], "scores": [None] * 4,
                                "outcomes": ["escaped", "shot", "snitch", "escaped"],
                                "ending": "escape_succeeded", "turns": 17}
    s.update(outcome="snitch_gun", snitch=1, shot=None, winners=[1], turn=9)
    assert SNITCH.result(s) == {"winners": [1], "scores": [None] * 4, "outcomes": [None, "snitch", None, None],
                                "ending": "snitch_gun", "turns": 9}


def test_dig_result_is_the_winner_and_everybodys_tunnel_points_in_rounds():
    s = _setup(DIG, ["Ann", "Bob", "Cy"])
    for seat, points in enumerate((3, 12, 7)):
        s["prisoners"][seat]["tunnel"] = points
    s.update(winner={"seat": 1, "team": None}, finished=True, phase="over", turn=6)
    assert DIG.result(s) == {"winners": [1], "scores": [3, 12, 7], "outcomes": [None] * 3, "ending": None,
                             "turns": 6}


def test_heist_result_is_the_final_scoring():
    s = _setup(HEIST, ["Ann", "Bob", "Cy"])
    s["seats"][0]["gems"][s["colours"][1]] = 2
    s["seats"][2]["gems"]["clear"] = 3
    s.update(values=[2, 5, 1], turn=14, end={"reason": "bag_empty", "turn": 14, "player": 2})
    rows = score_table(s["colours"], [seat["gems"] for seat in s["seats"]], s["values"])
    s.update(scores=rows, winners=winners_of(rows), phase="over", finished=True)
    result = HEIST.result(s)
    assert result["scores"] == [row["total"] for row in rows] and result["scores"][0] == 10
    assert result["winners"] == [0] and result["ending"] == "bag_empty" and result["turns"] == 14


def test_singsing_result_is_the_convicts_won():
    s = _setup(SINGSING, ["Ann", "Bob", "Cy"])
    s["convicts"] = [{"eddie": 3, "joe": 0, "mack": 1}, {"eddie": 0, "joe": 1, "mack": 0},
                     {"eddie": 1, "joe": 1, "mack": 0}]
    s.update(winner=0, win="same", finished=True, phase="over", turn=11)
    assert SINGSING.result(s) == {"winners": [0], "scores": [4, 1, 2], "outcomes": [None] * 3, "ending": "same",
                                  "turns": 11}


def test_every_outcome_and_ending_word_is_in_the_catalogue_in_both_languages():
    words = [f"result.snitch.{w}" for w in ("snitch", "shot", "escaped")]
    words += [f"result.snitch.ending.{w}" for w in ("deck_out", "snitch_gun", "escape_failed", "escape_succeeded")]
    words += ["result.heist.ending.bag_empty", "result.heist.ending.heists", "result.singsing.ending.same",
              "result.singsing.ending.different"]
    for lang in ("en", "de"):
        assert all(key in texts(lang) for key in words), lang
    assert Catalogue("de")("result.minutes", count=1) == "1 Minute"
    assert Catalogue("en")("result.minutes", count=40) == "40 minutes"


# -- a finished game keeps its result and its length -----------------------------------------
def _finished_dice_game(store, names, faces, clock, start=1000.0, step=60.0):
    """A dice table: one roll a minute (entered by hand), then the end."""
    clock["now"] = start
    session = Session.create(store, "dice", names)
    for face in faces:
        session.act({"type": "roll", "dice": [face]})
        clock["now"] += step
    session.act({"type": "end"})
    session.close()
    return session


@pytest.fixture
def clock(monkeypatch):
    clock = {"now": 1000.0}
    monkeypatch.setattr("companion.session.time.time", lambda: clock["now"])
    return clock


def test_a_finished_game_keeps_its_result_with_its_length_and_an_undo_makes_it_stale(tmp_path, clock):
    store = Store.open(tmp_path)
    session = _finished_dice_game(store, ["Ann", "Bob"], [6, 6, 1], clock)
    [record] = results.finished(store)
    assert record["result"] == {"winners": [], "scores": [None, None], "outcomes": [None, None], "ending": None,
                                "turns": 1, "started": 1000.0, "ended": 1180.0, "seconds": 180.0}
    kept = store.read("SELECT head FROM results")
    assert kept == [(4,)]
    session = Session.load(store, session.id)
    session.undo()                                       # not finished any more
    assert results.finished(store) == []
    session.redo()                                       # finished again: the result is back
    assert results.finished(store)[0]["result"]["seconds"] == 180.0


def test_a_game_finished_before_results_were_kept_gets_its_result_from_its_log(tmp_path, clock):
    store = Store.open(tmp_path)
    _finished_dice_game(store, ["Ann", "Bob"], [2, 3], clock)
    store.write(lambda c: c.execute("DELETE FROM results"))          # as an older Cellmate left it
    [record] = results.finished(store)
    assert record["result"]["seconds"] == 120.0 and record["result"]["winners"] == []
    assert store.read("SELECT COUNT(*) FROM results") == [(1,)]        # kept for next time


def test_statistics_worked_out_while_keeping_missing_results_are_kept_too(tmp_path, clock, monkeypatch):
    store = Store.open(tmp_path)
    _finished_dice_game(store, ["Ann", "Bob"], [2, 3], clock)
    store.write(lambda c: c.execute("DELETE FROM results"))          # as an older Cellmate left it
    first = stats.figures(store)                                     # keeps the result as it reads the log
    assert store.read("SELECT COUNT(*) FROM results") == [(1,)]
    assert stats.kept(store) == first                                # and the figures: the next look reads no game
    monkeypatch.setattr(results, "finished", lambda *a, **k: pytest.fail("the games were read again"))
    assert stats.figures(store) == first


def test_a_file_with_the_old_result_kept_trigger_loses_it(tmp_path):
    import sqlite3
    Store.open(tmp_path).close()
    conn = sqlite3.connect(tmp_path / "cellmate.db")
    conn.execute("CREATE TRIGGER stats_stale_results_insert AFTER INSERT ON results BEGIN "
                 "UPDATE stats_cache SET generation = generation + 1; END")
    conn.commit()
    conn.close()
    store = Store.open(tmp_path)
    kept = store.read("SELECT name FROM sqlite_master WHERE name LIKE 'stats_stale_results%' ORDER BY name")
    assert kept == [("stats_stale_results_delete",), ("stats_stale_results_update",)]   # an edit still counts


def test_a_file_from_before_results_opens_and_gets_the_table(tmp_path):
    import sqlite3
    store = Store.open(tmp_path)
    Session.create(store, "dice", ["Ann", "Bob"]).act({"type": "end"})
    store.close()
    conn = sqlite3.connect(tmp_path / "cellmate.db")
    conn.execute("DROP TABLE results")
    conn.commit()
    conn.close()
    store = Store.open(tmp_path)
    assert store.notice is None and len(results.finished(store)) == 1


# -- statistics over made-up histories ------------------------------------------------------------
def record(game, names, winners, scores=None, outcomes=None, ending=None, seconds=None, turns=None):
    n = len(names)
    return {"game": game, "setup": {"players": [{"name": name} for name in names]},
            "result": {"winners": winners, "scores": scores or [None] * n, "outcomes": outcomes or [None] * n,
                       "ending": ending, "seconds": seconds, "turns": turns}}


HISTORY = [
    record("dig", ["Ann", "Bob", "Cy"], [0], scores=[15, 9, 4], seconds=1800, turns=6),
    record("dig", ["Bob", "ａnn", "Cy"], [0], scores=[16, 10, 12], seconds=2400, turns=8),   # ａnn is Ann
    record("dig", ["Ann", "Bob"], [0], scores=[20, 5], seconds=3000, turns=10),
    record("snitch", ["Ann", "Bob", "Cy", "Di"], [2], outcomes=[None, None, "snitch", None], ending="deck_out",
           seconds=600),
    record("snitch", ["Ann", "Bob", "Cy", "Di"], [0, 2, 3], outcomes=["escaped", "snitch", "escaped", "escaped"],
           ending="escape_succeeded", seconds=1200),
    record("snitch", ["Ann", "Bob", "Cy", "Di"], [3], outcomes=[None, "shot", None, "snitch"],
           ending="snitch_gun", seconds=900),
    {"game": "dig", "setup": {"players": [{"name": "Ann"}]}, "result": None},   # a log that cannot be replayed
]


def test_per_player_and_game_plays_wins_win_rate_and_average_score():
    s = stats.compute(HISTORY)
    assert s.counted == 6
    ann = s.players["Ann"]
    assert (ann["dig"].plays, ann["dig"].wins, ann["dig"].average_score) == (3, 2, 15.0)   # (15+10+20)/3
    assert ann["dig"].win_rate == pytest.approx(2 / 3)
    assert (ann["snitch"].plays, ann["snitch"].wins, ann["snitch"].average_score) == (3, 1, None)
    assert (ann[stats.ALL].plays, ann[stats.ALL].wins) == (6, 3)
    bob = s.players["Bob"]
    assert (bob["dig"].plays, bob["dig"].wins, bob["dig"].average_score) == (3, 1, 10.0)
    assert s.players["Cy"]["dig"].average_score == 8.0
    assert "ａnn" not in s.players
    assert s.player_order()[:2] == ["Ann", "Bob"]


def test_per_game_average_length_and_how_the_snitch_games_ended():
    s = stats.compute(HISTORY)
    dig, snitch = s.games["dig"], s.games["snitch"]
    assert dig.plays == 3 and dig.average_seconds == 2400.0 and dig.average_turns == 8.0
    assert snitch.plays == 3 and snitch.average_seconds == 900.0 and snitch.average_turns is None
    assert snitch.endings == {"deck_out": 1, "escape_succeeded": 1, "snitch_gun": 1}
    assert snitch.outcomes["snitch"] == 3 and snitch.outcome_wins["snitch"] == 2     # the Snitch won 2 of 3
    assert snitch.outcomes["escaped"] == 3 and snitch.outcome_wins["escaped"] == 3


def test_a_game_adds_its_own_statistics_lines_the_snitch_how_often_the_snitch_won():
    s = stats.compute(HISTORY)
    assert SNITCH.stats_lines(s.games["snitch"], Catalogue("en")) == ["The Snitch won 2 of 3 games (67 %)."]
    assert SNITCH.stats_lines(s.games["snitch"], Catalogue("de")) == ["Der Spitzel gewann 2 von 3 Spielen (67 %)."]
    assert SNITCH.stats_lines(stats.GameLine(plays=2), Catalogue("en")) == []     # never known who held it
    assert DIG.stats_lines(s.games["dig"], Catalogue("en")) == []                  # a game with nothing to add


def test_two_names_merged_count_as_one_player_and_can_be_parted_again():
    s = stats.compute(HISTORY, {"Di": "Cy"})
    assert "Di" not in s.players and s.players["Cy"]["snitch"].plays == 6 and s.players["Cy"]["snitch"].wins == 4
    names = stats.merge({}, "Di", "Cy")
    assert names == {"Di": "Cy"}
    with pytest.raises(ValueError):
        stats.merge(names, "Cy", "Di")                  # a circle
    assert stats.unmerge(names, "di") == {}
    assert stats.canonical("Al", {"Al": "Bo", "Bo": "Cy"}) == "Cy"


# -- the dice ---------------------------------------------------------------------------
@pytest.mark.parametrize("x, p", [(11.0705, 0.05), (15.0863, 0.01), (9.2364, 0.10), (1.6103, 0.90),
                                  (4.3515, 0.50), (20.5150, 0.001)])
def test_the_chi_square_tail_for_5_degrees_of_freedom_matches_the_tables(x, p):
    assert stats.chi_square_sf5(x) == pytest.approx(p, rel=2e-4)


def test_known_counts_give_known_chi_square_values_and_verdicts():
    fair = stats.dice({1: 10, 2: 10, 3: 10, 4: 10, 5: 10, 6: 10})
    assert (fair.total, fair.chi_square, fair.p, fair.verdict) == (60, 0.0, 1.0, "fair")
    loaded = stats.dice({1: 20, 2: 10, 3: 10, 4: 10, 5: 10, 6: 0})   # (100 + 0*4 + 100) / 10 = 20
    assert loaded.chi_square == 20.0 and loaded.p == pytest.approx(0.0012497, rel=1e-4)
    assert loaded.verdict == "biased"
    mild = stats.dice({1: 12, 2: 8, 3: 10, 4: 10, 5: 11, 6: 9})      # (4 + 4 + 0 + 0 + 1 + 1) / 10 = 1
    assert mild.chi_square == pytest.approx(1.0) and mild.verdict == "fair"
    few = stats.dice({6: 20})
    assert few.verdict == "few" and few.chi_square == pytest.approx(100.0)          # too few to say, however odd
    assert stats.dice({}).verdict == "few" and stats.dice({}).p is None


def test_every_roll_not_undone_in_every_game_is_counted_by_face(tmp_path, clock):
    store = Store.open(tmp_path)
    _finished_dice_game(store, ["Ann", "Bob"], [1, 2, 2, 6], clock)
    session = Session.create(store, "dice", ["Cy", "Di"], {"dice": 2})
    session.act({"type": "roll", "dice": [3, 3]})
    session.act({"type": "roll", "dice": [5, 4]})
    session.undo()                                     # undone: not a roll any more
    session.act({"type": "roll"})                      # rolled by the app
    rolled = session.state["last_roll"]["dice"]
    counts = stats.faces(store)
    expected = {1: 1, 2: 2, 3: 2, 4: 0, 5: 0, 6: 1}
    for face in rolled:
        expected[face] += 1
    assert counts["all"] == expected
    assert sum(counts["app"].values()) == 2 and sum(counts["hand"].values()) == 6
    played, dice = stats.load(store)
    assert dice["all"].total == 8 and played.counted == 1


def test_how_rare_a_biased_die_is_said_is_a_round_number_it_is_rarer_than():
    assert stats.rarer_than(0.0012497) == 100 and stats.rarer_than(0.00099) == 1000
    assert stats.rarer_than(1e-9) == 10_000 and stats.rarer_than(0.0099) == 100
    assert stats.rarer_than(0.5) == 1 and stats.rarer_than(1.0) == 1
    assert stats.minutes(89) == 1 and stats.minutes(0) == 0 and stats.minutes(None) is None


def test_no_game_without_a_result_function_fails_on_a_finished_state():
    for game in GAMES.values():
        assert game.result({"players": [], "finished": False}) is None
    assert json.dumps(GAMES["dice"].result({"players": [{}, {}], "finished": True, "turn": 3}))


def test_a_file_read_as_it_is_without_the_results_table_still_lists_and_counts(tmp_path):
    import sqlite3
    store = Store.open(tmp_path)
    session = Session.create(store, "dice", ["Ann", "Bob"])
    session.act({"type": "roll", "dice": [4]})
    session.act({"type": "end"})
    store.close()
    conn = sqlite3.connect(tmp_path / "cellmate.db", isolation_level=None)
    conn.execute("DROP TABLE results")
    conn.close()
    old = Store(sqlite3.connect(f"{(tmp_path / 'cellmate.db').as_uri()}?mode=ro", uri=True), tmp_path / "x.db")
    assert old.list_sessions()[0]["result"] is None                  # listed, without a result
    [record] = results.finished(old)                                 # worked out, not kept
    assert record["result"]["winners"] == [] and not results.has_table(old)
    played, dice = stats.load(old)
    assert played.counted == 1 and dice["all"].counts[4] == 1


def test_an_old_game_whose_log_gives_no_result_is_tried_once_per_version_and_counted_nowhere(tmp_path, clock,
                                                                                             monkeypatch):
    store = Store.open(tmp_path)
    good = _finished_dice_game(store, ["Ann", "Bob"], [2, 3], clock)
    bad = _finished_dice_game(store, ["Cy", "Di"], [4], clock)
    store.write(lambda c: (c.execute("DELETE FROM results"),                       # as an older Cellmate left it
                           c.execute("UPDATE events SET action = 'not json' WHERE session_id = ?", (bad.id,))))
    records = {r["id"]: r["result"] for r in results.finished(store)}
    assert records[good.id]["seconds"] == 120.0 and records[bad.id] is None
    [(marker,)] = store.read("SELECT result FROM results WHERE session_id = ?", (bad.id,))
    assert json.loads(marker)["unknown"] == "damaged"                              # kept: "result unknown"
    assert store.read("SELECT COUNT(*) FROM events WHERE action = 'not json'") == [(2,)]   # its log as it was
    loads = []
    load = Session.load
    monkeypatch.setattr(Session, "load", classmethod(lambda cls, *a, **k: loads.append(a) or load(*a, **k)))
    assert stats.load(store)[0].counted == 1 and loads == []                       # not replayed again
    store.write(lambda c: c.execute("UPDATE results SET result = ? WHERE session_id = ?",
                                    (json.dumps({"unknown": "damaged", "by": "0.0.1"}), bad.id)))
    results.finished(store)
    assert len(loads) == 1                                                         # another version tries again


# -- the figures kept in the store ----------------------------------------------------------------
from hypothesis import HealthCheck, given, settings, strategies as st  # noqa: E402

PEOPLE = ["Ann", "Bob", "Cy", "Di"]
STEPS = st.lists(st.one_of(
    st.tuples(st.just("play"), st.lists(st.sampled_from(PEOPLE), min_size=2, max_size=3, unique=True),
              st.lists(st.integers(1, 6), max_size=4), st.booleans()),
    st.tuples(st.sampled_from(["undo", "redo", "delete"]), st.integers(0, 5)),
    st.tuples(st.just("merge"), st.sampled_from(PEOPLE), st.sampled_from(PEOPLE)),
    st.tuples(st.just("apart"), st.sampled_from(PEOPLE)),
    st.tuples(st.just("edit"), st.integers(0, 5))), min_size=1, max_size=8)


@settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(steps=STEPS)
def test_kept_statistics_always_equal_a_fresh_working_out(tmp_path_factory, steps):
    """Whatever the table does (play, finish, undo, redo, delete, merge two names, another
    program's edit), the figures the screen reads equal the figures worked out afresh."""
    store = Store.open(tmp_path_factory.mktemp("kept"))
    sessions: list[Session] = []
    try:
        for step in steps:
            assert stats.figures(store) == stats.load(store)   # kept now, so the step must make it stale
            assert stats.kept(store) is not None
            kind, *args = step
            if kind == "play":
                names, faces, finish = args
                session = Session.create(store, "dice", names)
                for face in faces:
                    session.act({"type": "roll", "dice": [face]})
                if finish:
                    session.act({"type": "end"})
                sessions.append(session)
            elif kind in ("undo", "redo") and sessions:
                session = sessions[args[0] % len(sessions)]
                if session.can_undo if kind == "undo" else session.can_redo:
                    getattr(session, kind)()
            elif kind == "delete" and sessions:
                session = sessions.pop(args[0] % len(sessions))
                session.close()
                store.delete_session(session.id)
            elif kind == "merge":
                try:
                    store.set_setting(stats.NAMES_KEY, stats.merge(store.get_setting(stats.NAMES_KEY, {}), *args))
                except ValueError:
                    pass    # a name into itself: the screen never offers it
            elif kind == "apart":
                store.set_setting(stats.NAMES_KEY, stats.unmerge(store.get_setting(stats.NAMES_KEY, {}), args[0]))
            elif kind == "edit" and sessions:     # another program changes a kept result
                store.write(lambda c: c.execute(
                    "UPDATE results SET result = json_set(result, '$.winners', json('[0]')) WHERE session_id = ?",
                    (sessions[args[0] % len(sessions)].id,)))
            assert stats.figures(store) == stats.load(store)
    finally:
        for session in sessions:
            session.close()
        store.close()


def test_statistics_are_read_back_not_worked_out_when_nothing_changed(tmp_path, clock, monkeypatch):
    store = Store.open(tmp_path)
    _finished_dice_game(store, ["Ann", "Bob"], [6, 6, 2], clock)
    first = stats.figures(store)
    worked = []
    monkeypatch.setattr(stats, "compute", lambda *a, **k: worked.append(1))
    store.close()
    again = Store.open(tmp_path)                          # the app started again
    assert stats.figures(again) == first and worked == []
    assert first[1]["all"].counts[6] == 2 and first[0].players["Ann"][stats.ALL].plays == 1


@pytest.mark.parametrize("figures", ["not json", "[]", '{"counted": 1}', json.dumps(
    {"counted": 1, "players": {"Ann": {"*": {"plays": "many", "wins": 0, "score_total": 0, "scored": 0}}},
     "games": {}, "faces": {"all": [0] * 6}}), json.dumps({"counted": 1, "players": {}, "games": {},
                                                          "faces": {"all": [1, 2]}})])
def test_a_damaged_kept_copy_is_worked_out_again_losing_nothing(tmp_path, clock, figures):
    store = Store.open(tmp_path)
    _finished_dice_game(store, ["Ann", "Bob"], [3, 4], clock)
    fresh = stats.figures(store)
    store.conn.execute("UPDATE stats_cache SET figures = ?", (figures,))   # a hand edit, no trigger for it
    assert stats.kept(store) is None
    assert stats.figures(store) == fresh and stats.kept(store) == fresh


def test_another_programs_change_to_the_file_makes_the_kept_figures_stale(tmp_path, clock):
    import sqlite3
    store = Store.open(tmp_path)
    session = _finished_dice_game(store, ["Ann", "Bob"], [3, 4], clock)
    assert stats.figures(store)[0].counted == 1
    other = sqlite3.connect(tmp_path / "cellmate.db", isolation_level=None)   # e.g. an older Cellmate
    other.execute("DELETE FROM sessions WHERE id = ?", (session.id,))
    other.close()
    assert stats.kept(store) is None and stats.figures(store)[0].counted == 0
