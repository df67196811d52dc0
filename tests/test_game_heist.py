"""Masterminds: Heist Society: every rule of issue #4, the rulebook's scoring
example as a known answer, and a property test on the gem bag."""
import json
import random
from collections import Counter

import pytest
from hypothesis import HealthCheck, given, settings, strategies as st

from companion import cues
from companion.games import GAMES, IllegalAction
from companion.games import heist as H
from companion.i18n import Catalogue, texts
from companion.inputs import InputEvent
from companion.session import Session
from companion.store import Store

GAME = H.GAME
EN, DE = Catalogue("en"), Catalogue("de")
HEIST_A = {"a": 5, "b": 6, "c": 7, "d": 8, "take": 4}


def new(players=("Ann", "Bob"), options=None, seed=1):
    return Session.create(Store.memory(), "heist", list(players), options, rng=random.Random(seed))


def act(session, type_, **args):
    state, _ = session.act({"type": type_, **args})
    GAME.check_invariants(state)
    return state


def lay_all(session, **heist):
    heist = {**HEIST_A, **heist}
    for slot, h in enumerate(session.state["heists"]):
        if h is None:
            act(session, "lay_heist", slot=slot, name=f"Job {slot + 1}", **heist)


def begin(session, first=0, **heist):
    """Heists laid, `first` wins the roll for first player."""
    lay_all(session, **heist)
    if session.state["phase"] == "first_player":
        for seat in range(len(session.state["players"])):
            act(session, "roll_first", player=seat, dice=[6 if seat == first else 1])
    assert session.state["phase"] == "start" and session.state["current"] == first
    return session.state


def refused(session, key, type_, **args):
    before = session.state
    with pytest.raises(IllegalAction) as info:
        session.act({"type": type_, **args})
    assert info.value.key == key, (info.value.key, str(info.value))
    assert session.state == before
    assert "error." + key in texts("en") and "error." + key in texts("de")
    return info.value


def perfect_steps(session, slot, faces):
    """The active player does the next steps of heist `slot` by Perfection,
    placing `faces`, activating one recruit per step (the team is set to 4)."""
    seat = session.state["current"]
    act(session, "set_team", player=seat, recruits=4)
    for i, face in enumerate(faces):
        act(session, "attempt" if i == 0 else "continue", heist=slot, total=60, recruits=1)
        assert session.state["phase"] == "perfection"
        act(session, "place_die", face=face)


def complete_heist(session, slot=0, faces=(1, 2, 3, 4)):
    perfect_steps(session, slot, faces)
    assert session.state["phase"] == "complete"
    return act(session, "complete")


def finish_turn(session, **heist):
    """From `completed`, `failure` or `step_done`: upkeep, refill, end the turn."""
    phase = session.state["phase"]
    if phase in ("completed", "failure", "prep"):
        act(session, "upkeep")
    elif phase == "step_done":
        act(session, "hold")
    if session.state["end"] is None:
        lay_all(session, **heist)
    return act(session, "end_turn")


def no_raw_keys(summary):
    words = [summary["headline"], summary.get("prompt", ""), summary.get("banner", "")] + summary["lines"]
    words += [tag for tags in summary.get("badges", {}).values() for tag in tags]
    for text in words:
        assert "heist." not in text and "{" not in text, text


# -- setup ----------------------------------------------------------------------
@pytest.mark.parametrize("count", [2, 3, 4, 5, 6])
def test_setup_bag_cash_heists_and_team_by_player_count(count):
    session = new([f"P{i}" for i in range(count)])
    state = session.state
    colours = [p["colour"] for p in state["players"]]
    assert state["colours"] == colours and len(set(colours)) == count
    assert state["bag"] == {**{c: 5 for c in colours}, "clear": 10}
    assert sum(state["bag"].values()) == 5 * count + 10
    assert state["start_bag"] == state["bag"]
    assert all(seat["cash"] == (1 if count == 2 else 2) for seat in state["seats"])
    assert len(state["heists"]) == (3 if count >= 5 else 2)
    assert all(seat["team"] == 1 and not any(seat["gems"].values()) for seat in state["seats"])
    assert state["phase"] == "lay_heists" and state["current"] is None
    GAME.check_invariants(state)


@pytest.mark.parametrize("count", [1, 7])
def test_two_to_six_players(count):
    with pytest.raises(IllegalAction) as info:
        new([f"P{i}" for i in range(count)])
    assert info.value.key in ("player_count", "table_count")


def test_gem_colours_are_the_seat_colours_chosen_at_the_table():
    session = new([{"name": "Sapphire", "colour": "blue"}, {"name": "Emerald", "colour": "green"},
                   {"name": "Ruby", "colour": "vermillion"}])
    assert session.state["colours"] == ["blue", "green", "vermillion"]
    assert list(session.state["bag"]) == ["blue", "green", "vermillion", "clear"]
    assert EN("heist.colour.vermillion") == "vermillion" and DE("heist.colour.green") == "grün"


def test_heists_are_entered_from_the_cards():
    session = new(["A", "B", "C", "D", "E"])
    spec = {s.type: s for s in GAME.legal_actions(session.state)}["lay_heist"]
    assert spec.params["slot"].choices == (0, 1, 2)
    act(session, "lay_heist", slot=1, a=4, b=7, c=9, d=12, take=5, name="Louvre", skill_a="Stealth",
        skill_d="Tech or Muscle")
    heist = session.state["heists"][1]
    assert [s["challenge"] for s in heist["steps"]] == [4, 7, 9, 12]
    assert [s["skill"] for s in heist["steps"]] == ["Stealth", "", "", "Tech or Muscle"]
    assert heist["take"] == 5 and heist["name"] == "Louvre" and heist["progress"] == [[]] * 5
    spec = {s.type: s for s in GAME.legal_actions(session.state)}["lay_heist"]
    assert spec.params["slot"].choices == (0, 2)
    refused(session, "heist_slot_taken", "lay_heist", slot=1, **HEIST_A)
    refused(session, "heist_bad_slot", "lay_heist", slot=3, **HEIST_A)
    refused(session, "heist_bad_number", "lay_heist", slot=0, **{**HEIST_A, "c": 0})
    refused(session, "heist_bad_number", "lay_heist", slot=0, **{**HEIST_A, "take": "4"})
    refused(session, "heist_bad_text", "lay_heist", slot=0, name=["x"], **HEIST_A)
    refused(session, "heist_not_now", "attempt", heist=1, total=3, recruits=1)
    act(session, "lay_heist", slot=0, **HEIST_A)
    assert session.state["phase"] == "lay_heists"
    act(session, "lay_heist", slot=2, **HEIST_A)
    assert session.state["phase"] == "first_player"


# -- first player ---------------------------------------------------------------
def test_highest_roll_starts():
    session = new(["Ann", "Bob", "Cy"])
    lay_all(session)
    act(session, "roll_first", player=0, dice=[2])
    refused(session, "heist_already_rolled", "roll_first", player=0, dice=[5])
    refused(session, "who", "roll_first", dice=[5])
    act(session, "roll_first", player=1, dice=[5])
    state = act(session, "roll_first", player=2, dice=[3])
    assert state["phase"] == "start" and state["first_player"] == 1 and state["current"] == 1
    assert state["first_roll"]["history"] == [[2, 5, 3]]
    assert state["turn"] == 1


def test_ties_for_the_highest_roll_reroll_among_the_tied_only():
    session = new(["Ann", "Bob", "Cy", "Di"])
    lay_all(session)
    for seat, face in enumerate([5, 5, 2, 5]):
        act(session, "roll_first", player=seat, dice=[face])
    fr = session.state["first_roll"]
    assert session.state["phase"] == "first_player"
    assert fr["round"] == 2 and fr["contenders"] == [0, 1, 3] and fr["rolls"] == [None] * 4
    assert GAME.summary(session.state, EN)["prompt"] == "A tie for the highest roll: the tied players roll again."
    assert GAME.summary(session.state, EN)["badges"] == {0: ["rolls again"], 1: ["rolls again"], 2: [],
                                                           3: ["rolls again"]}    # who: on their tokens
    assert [s.player for s in GAME.legal_actions(session.state)] == [0, 1, 3]
    refused(session, "heist_not_contender", "roll_first", player=2, dice=[6])
    for seat, face in [(0, 4), (1, 4), (3, 1)]:
        act(session, "roll_first", player=seat, dice=[face])
    assert session.state["first_roll"]["contenders"] == [0, 1] and session.state["first_roll"]["round"] == 3
    act(session, "roll_first", player=1, dice=[6])
    state = act(session, "roll_first", player=0, dice=[3])
    assert state["current"] == 1 and state["phase"] == "start"
    assert state["first_roll"]["history"] == [[5, 5, 2, 5], [4, 4, None, 1], [3, 6, None, None]]


def test_first_player_rolls_are_rolled_by_the_app_and_recorded():
    session = new(["Ann", "Bob"], seed=5)
    lay_all(session)
    while session.state["phase"] == "first_player":
        session.act(GAME.input_action(session.state, InputEvent.ROLL))
    rolls = [a for a in session.actions() if a["type"] == "roll_first"]
    assert all(a["manual"] is False and 1 <= a["dice"][0] <= 6 for a in rolls)
    assert session.replay() == session.state
    assert [r.dice for r in session.rolls()] == [tuple(a["dice"]) for a in rolls]


def test_without_the_roll_off_the_apps_recorded_pick_starts():
    session = new(["Ann", "Bob", "Cy"], options={"roll_for_first": False}, seed=3)
    lay_all(session)
    assert session.state["phase"] == "start"
    assert session.state["current"] == session.setup["first_player"] == session.state["first_player"]


# -- heist steps ------------------------------------------------------------------
@pytest.mark.parametrize("total, challenge, die, expected", [
    (9, 8, None, "perfection"), (8, 8, None, "roll"), (3, 8, None, "roll"),
    (5, 8, 4, "success"), (5, 8, 3, "push"), (5, 8, 2, "failure"), (0, 1, 1, "push"),
])
def test_judging(total, challenge, die, expected):
    assert H.judge(total, challenge, die) == expected


def test_perfection_lets_the_player_choose_the_face():
    session = new()
    begin(session, first=0)
    state = act(session, "attempt", heist=0, total=6, recruits=1)  # 6 > 5 before rolling
    assert state["phase"] == "perfection"
    assert "roll" not in [s.type for s in GAME.legal_actions(state)]
    refused(session, "bad_face", "place_die", face=7)
    state = act(session, "place_die", face=3)
    assert state["heists"][0]["progress"] == [[3], []]
    assert state["last"]["result"] == "perfection" and state["phase"] == "step_done"
    assert "Perfection" in GAME.summary(state, EN)["lines"][-1]


def test_success_places_the_rolled_die_unchanged():
    session = new()
    begin(session)
    act(session, "attempt", heist=0, total=5, recruits=1)  # equal: must roll
    assert session.state["phase"] == "roll"
    state = act(session, "roll", dice=[1])
    assert state["last"]["result"] == "success" and state["last"]["score"] == 6
    assert state["heists"][0]["progress"][0] == [1] and state["phase"] == "step_done"


def test_push_ends_the_turn_without_progress():
    session = new()
    begin(session)
    act(session, "attempt", heist=0, total=2, recruits=1)
    state = act(session, "roll", dice=[3])
    assert state["last"]["result"] == "push" and state["phase"] == "upkeep"
    assert state["heists"][0]["progress"] == [[], []]
    assert [s.type for s in GAME.legal_actions(state) if s.player == 0][:1] == ["end_turn"]
    state = act(session, "end_turn")
    assert state["current"] == 1 and state["turn"] == 2 and state["phase"] == "start"


def test_failure_means_a_failure_card_and_the_turn_is_over():
    session = new()
    begin(session)
    act(session, "attempt", heist=0, total=1, recruits=1)
    state = act(session, "roll", dice=[2])
    assert state["last"]["result"] == "failure" and state["phase"] == "failure"
    assert GAME.summary(state, EN)["prompt"] == "One recruit of the step takes a Failure card."
    now, _ = GAME.rules(EN, state)      # the TRIGGER test and the turn's end: Help, first
    assert any("TRIGGER" in text and "turn is over" in text for text in now)
    assert {s.type for s in GAME.legal_actions(state) if s.player == 0} >= {"upkeep"}
    refused(session, "heist_not_now", "continue", heist=0, total=9, recruits=1)
    act(session, "upkeep")
    assert act(session, "end_turn")["current"] == 1


def test_interrupts_change_the_rolled_total():
    session = new()
    begin(session)
    act(session, "attempt", heist=0, total=2, recruits=1)
    state = act(session, "roll", dice=[3], modifier=1)   # 2 + 3 + 1 = 6 > 5
    assert state["last"]["result"] == "success" and state["last"]["score"] == 6
    assert "+1" in GAME.summary(state, EN)["lines"][-1]


def test_the_app_rolls_when_no_die_is_entered_and_the_roll_button_rolls():
    session = new(seed=11)
    begin(session)
    act(session, "attempt", heist=0, total=0, recruits=1)
    action = GAME.input_action(session.state, InputEvent.ROLL)
    assert action == {"type": "roll"}
    session.act(action)
    stored = session.actions()[-1]
    assert stored["manual"] is False and 1 <= stored["dice"][0] <= 6
    assert session.replay() == session.state
    refused_roll = new(seed=2)
    begin(refused_roll)
    act(refused_roll, "attempt", heist=0, total=0, recruits=1)
    refused(refused_roll, "bad_face", "roll", dice=[0])
    refused(refused_roll, "dice_count", "roll", dice=[1, 2])
    refused(refused_roll, "heist_bad_number", "roll", dice=[3], modifier=99)


def test_steps_in_order_over_several_turns_and_each_players_progress_kept():
    session = new(["Ann", "Bob"])
    begin(session, first=0)
    act(session, "attempt", heist=0, total=9, recruits=1)
    act(session, "place_die", face=2)                      # Ann: A
    assert act(session, "hold")["phase"] == "upkeep"
    act(session, "end_turn")
    act(session, "attempt", heist=0, total=9, recruits=1)  # Bob works on the same heist: his step A
    assert session.state["attempt"]["step"] == 0
    act(session, "place_die", face=5)
    act(session, "hold")
    act(session, "end_turn")
    state = act(session, "attempt", heist=0, total=6, recruits=1)  # Ann: step B, challenge 6
    assert state["attempt"]["step"] == 1 and state["attempt"]["challenge"] == 6 and state["phase"] == "roll"
    state = act(session, "roll", dice=[4])
    assert state["heists"][0]["progress"] == [[2, 4], [5]]
    lines = GAME.summary(state, EN)["lines"]
    assert any("Ann A2 B4; Bob A5" in line for line in lines)


def test_a_recruit_is_activated_once_per_turn():
    session = new()
    begin(session)
    act(session, "set_team", player=0, recruits=3)
    spec = {s.type: s for s in GAME.legal_actions(session.state)}["attempt"]
    assert spec.params["recruits"].maximum == 3
    refused(session, "heist_activate", "attempt", heist=0, total=9, recruits=4)
    act(session, "attempt", heist=0, total=9, recruits=2)
    act(session, "place_die", face=1)
    spec = {s.type: s for s in GAME.legal_actions(session.state)}["continue"]
    assert spec.params["recruits"].maximum == 1
    refused(session, "heist_activate", "continue", heist=0, total=9, recruits=2)
    act(session, "continue", heist=1, total=9, recruits=1)   # continue on another heist
    act(session, "place_die", face=1)
    assert "continue" not in [s.type for s in GAME.legal_actions(session.state)]
    assert GAME.summary(session.state, EN)["prompt"] == "Step A done. Every recruit is activated: Hold."
    refused(session, "heist_no_recruits_left", "continue", heist=0, total=9, recruits=1)
    act(session, "hold")
    state = act(session, "end_turn")
    assert state["activated"] == 0 and state["current"] == 1  # un-turned for the next turn


def test_the_recruits_left_are_counted_in_the_right_form_in_both_languages():
    """'1 recruit ready', '3 recruits ready' (German 'Rekrut', 'Rekruten'): never 'recruit(s)'."""
    def prompts(session):
        return GAME.summary(session.state, EN)["prompt"], GAME.summary(session.state, DE)["prompt"]

    session = new()
    begin(session)
    act(session, "set_team", player=0, recruits=3)
    en, de = prompts(session)
    assert (en, de) == ("Prep turn or Heist step? 3 recruits ready.",
                        "Vorbereitung oder Heist-Schritt? 3 Rekruten bereit.")
    act(session, "set_team", player=0, recruits=1)
    en, de = prompts(session)
    assert (en, de) == ("Prep turn or Heist step? 1 recruit ready.",
                        "Vorbereitung oder Heist-Schritt? 1 Rekrut bereit.")
    act(session, "set_team", player=0, recruits=0)
    assert prompts(session) == ("No recruit is ready: take a Prep turn.", "Kein Rekrut bereit: Vorbereitung.")
    act(session, "set_team", player=0, recruits=4)
    act(session, "attempt", heist=0, total=9, recruits=1)
    act(session, "place_die", face=1)
    en, de = prompts(session)
    assert en.endswith("Continue? 3 recruits ready.") and de.endswith("Weitermachen? 3 Rekruten bereit.")
    refused_three = refused(session, "heist_activate", "continue", heist=0, total=9, recruits=4)
    assert EN.error(refused_three) == "Activate 1 to 3 recruits; each recruit only once per turn."
    assert DE.error(refused_three) == "Aktiviere 1 bis 3 Rekruten; jeden Rekruten nur einmal pro Zug."
    act(session, "continue", heist=0, total=9, recruits=2)
    act(session, "place_die", face=2)
    en, de = prompts(session)
    assert en.endswith("Continue? 1 recruit ready.") and de.endswith("Weitermachen? 1 Rekrut bereit.")
    refused_one = refused(session, "heist_activate", "continue", heist=0, total=9, recruits=2)
    assert EN.error(refused_one) == "Activate only 1 recruit; each recruit only once per turn."
    assert DE.error(refused_one) == "Aktiviere nur einen Rekruten; jeden Rekruten nur einmal pro Zug."


def test_a_take_of_one_gem_and_a_score_of_one_point_are_singular():
    session = new()
    begin(session, take=1)
    perfect_steps(session, 0, (1, 2, 3, 4))
    assert session.state["phase"] == "complete"
    assert GAME.summary(session.state, EN)["prompt"] == "Complete the heist: draw 1 gem from the bag."
    assert GAME.summary(session.state, DE)["prompt"] == "Schließe den Heist ab: Ziehe 1 Edelstein aus dem Beutel."
    assert (EN("heist.banner.winner", name="Ann", total=1), DE("heist.banner.winner", name="Ann", total=1)) == (
        "Ann wins with 1 point!", "Ann gewinnt mit 1 Punkt!")
    assert (EN("heist.banner.tie", names="Ann, Bob", total=1), DE("heist.banner.tie", names="Ann, Bob", total=1)) == (
        "A tie: Ann, Bob with 1 point each!", "Gleichstand: Ann, Bob mit je 1 Punkt!")
    assert EN("heist.banner.winner", name="Ann", total=0) == "Ann wins with 0 points!"


def test_only_the_active_player_attempts():
    session = new(["Ann", "Bob"])
    begin(session, first=0)
    refused(session, "heist_not_your_turn", "attempt", player=1, heist=0, total=9, recruits=1)
    refused(session, "heist_no_heist", "attempt", heist=5, total=9, recruits=1)
    refused(session, "heist_bad_number", "attempt", heist=0, total=-1, recruits=1)
    act(session, "set_team", player=0, recruits=0)
    assert "attempt" not in [s.type for s in GAME.legal_actions(session.state)]
    refused(session, "heist_no_recruits_left", "attempt", heist=0, total=9, recruits=1)


def test_a_prep_turn_reminds_and_goes_to_upkeep():
    session = new()
    begin(session)
    state = act(session, "prep")
    assert state["phase"] == "prep"
    assert GAME.summary(state, EN)["prompt"] == "Recruit (A, B or C), then plan Alpha and Beta."
    now, _ = GAME.rules(EN, state)      # the whole prep turn: Help, first
    assert any("Talent Pool" in text and "trade Gear" in text for text in now)
    act(session, "set_team", player=0, recruits=2)
    state = act(session, "upkeep")
    assert GAME.summary(state, EN)["prompt"] == "Upkeep: un-turn your recruits, discard down to 6 cards."
    now, _ = GAME.rules(EN, state)
    assert any("refresh the Talent Pool and the Heists" in text for text in now)
    assert act(session, "end_turn")["current"] == 1
    assert session.state["seats"][0]["team"] == 2


# -- completing a heist --------------------------------------------------------
def test_completing_step_d_draws_the_take_from_the_bag_recorded_and_replayed():
    session = new(["Ann", "Bob"], seed=42)
    begin(session, first=0, take=4)
    bag_before = dict(session.state["bag"])
    state = complete_heist(session, slot=0, faces=(1, 2, 3, 4))
    stored = session.actions()[-1]
    assert stored["type"] == "complete" and len(stored["gems"]) == 4 and stored["bonus"] is None
    got = Counter(stored["gems"])
    assert state["seats"][0]["gems"] == {c: got.get(c, 0) for c in bag_before}
    assert state["bag"] == {c: n - got.get(c, 0) for c, n in bag_before.items()}
    assert state["completed"] == 1 and state["seats"][0]["heists"] == ["Job 1"]
    assert state["heists"][0] is None and state["phase"] == "completed"
    assert state["completions"][0]["gems"] == stored["gems"]
    # the draw is part of the log: a replay and a reload deal the same gems
    assert session.replay() == state
    assert Session.load(session.store, session.id).state == state
    session.undo()
    session.redo()
    assert session.state == state
    # how many in the prompt; which, with their colours, in the facts
    assert GAME.summary(state, EN)["prompt"] == "Took 4 gems. Discard Gear; one recruit stays."
    drawn = next(line for line in GAME.summary(state, EN)["lines"] if line.startswith("Drawn from the bag: "))
    for colour in got:
        assert EN(f"heist.colour.{colour}") in drawn


def test_gem_draws_are_random():
    seen = Counter()
    for seed in range(40):
        session = new(["Ann", "Bob"], seed=seed)
        begin(session, first=0)
        complete_heist(session)
        seen.update(session.actions()[-1]["gems"])
    assert set(seen) == set(session.state["start_bag"])   # every colour and clear come up


def test_completion_reminders_and_one_recruit_stays():
    session = new()
    begin(session)
    state = complete_heist(session)  # the team was set to 4 by the helper
    lines = GAME.summary(state, EN)["lines"]
    assert not any("may draw a PREP card" in line for line in lines)  # 4 recruits: no prep card
    now, _ = GAME.rules(EN, state)
    assert any("discard all your Gear" in text and "choose one recruit to stay" in text for text in now)
    assert state["seats"][0]["team"] == 1
    session2 = new()
    begin(session2)
    act(session2, "set_team", player=0, recruits=3)
    for i, face in enumerate((1, 2, 3)):
        act(session2, "attempt" if i == 0 else "continue", heist=0, total=60, recruits=1)
        act(session2, "place_die", face=face)
    act(session2, "hold")
    act(session2, "end_turn")
    act(session2, "prep")
    act(session2, "upkeep")
    act(session2, "end_turn")
    act(session2, "attempt", heist=0, total=60, recruits=1)
    act(session2, "place_die", face=4)
    state = act(session2, "complete")
    assert "Your team has 3 or fewer recruits: you may draw a PREP card" in GAME.summary(state, EN)["lines"]


def test_after_a_completion_a_new_heist_is_laid_before_the_turn_ends():
    session = new()
    begin(session)
    complete_heist(session)
    act(session, "upkeep")
    assert "end_turn" not in [s.type for s in GAME.legal_actions(session.state)]
    assert "place 1" in GAME.summary(session.state, EN)["prompt"]
    refused(session, "heist_lay_first", "end_turn")
    spec = {s.type: s for s in GAME.legal_actions(session.state)}["lay_heist"]
    assert spec.params["slot"].choices == (0,)
    act(session, "lay_heist", slot=0, **HEIST_A)
    assert act(session, "end_turn")["current"] == 1


def test_completing_removes_every_players_markers_from_that_heist():
    session = new(["Ann", "Bob"])
    begin(session, first=0)
    act(session, "attempt", heist=0, total=60, recruits=1)
    act(session, "place_die", face=6)
    act(session, "hold")
    act(session, "end_turn")
    complete_heist(session, slot=0)          # Bob completes heist 1
    finish_turn(session)
    assert session.state["heists"][0]["progress"] == [[], []]   # a fresh heist; Ann's A is gone


@pytest.mark.parametrize("faces, bonus", [((2, 5, 2, 2), True), ((6, 6, 6, 6), True),
                                          ((1, 1, 2, 2), False), ((1, 2, 3, 4), False)])
def test_bonus_gem_for_three_matching_dice(faces, bonus):
    session = new(seed=7)
    begin(session)
    state = complete_heist(session, faces=faces)
    stored = session.actions()[-1]
    assert stored["bonus_due"] is bonus and (stored["bonus"] is not None) is bonus
    assert sum(state["seats"][0]["gems"].values()) == 4 + bonus
    if bonus:
        assert GAME.summary(state, EN)["prompt"] == "Took 5 gems. Discard Gear; one recruit stays."
        assert f"Three matching dice: bonus gem {EN('heist.colour.' + stored['bonus'])}" in \
            GAME.summary(state, EN)["lines"]
    assert H.bonus_due(list(faces)) is bonus


def test_perfection_and_rolled_dice_both_count_for_the_bonus():
    session = new(seed=3)
    begin(session)
    act(session, "set_team", player=0, recruits=4)
    act(session, "attempt", heist=0, total=4, recruits=1)
    act(session, "roll", dice=[5])
    for face in (5, 5, 1):
        act(session, "continue", heist=0, total=60, recruits=1)
        act(session, "place_die", face=face)
    act(session, "complete")
    assert session.actions()[-1]["bonus_due"] is True


# -- paying a gem --------------------------------------------------------------
def test_paying_a_gem_returns_it_to_the_bag_or_flips_starter_cash():
    session = new(seed=9)
    begin(session)
    state = complete_heist(session)
    gem = next(c for c, n in state["seats"][0]["gems"].items() if n)
    bag = state["bag"][gem]
    state = act(session, "pay_gem", player=0, gem=gem)
    assert state["bag"][gem] == bag + 1
    missing = next(c for c, n in state["seats"][1]["gems"].items() if n == 0)
    refused(session, "heist_no_such_gem", "pay_gem", player=1, gem=missing)
    refused(session, "heist_no_such_gem", "pay_gem", player=0, gem="gold")
    state = act(session, "flip_cash", player=1)   # anybody, any time: interrupts
    assert state["seats"][1]["cash"] == 0 and state["seats"][1]["cash_flipped"] == 1
    refused(session, "heist_no_cash", "flip_cash", player=1)
    spec = [s for s in GAME.legal_actions(state) if s.type == "pay_gem" and s.player == 0][0]
    assert set(spec.params["gem"].choices) == {c for c, n in state["seats"][0]["gems"].items() if n}


# -- the end -------------------------------------------------------------------
def test_the_game_ends_when_completed_heists_reach_players_plus_one():
    session = new(["Ann", "Bob"], seed=4)
    begin(session, first=0, take=1)
    for n in range(3):
        state = complete_heist(session, slot=0)
        if n < 2:
            assert state["end"] is None
            finish_turn(session, take=1)
    assert state["end"]["reason"] == "heists" and state["completed"] == 3
    assert "3 heists completed" in GAME.summary(state, EN)["banner"]
    act(session, "upkeep")
    assert "lay_heist" not in [s.type for s in GAME.legal_actions(session.state)]
    refused(session, "heist_not_now", "lay_heist", slot=0, **HEIST_A)
    state = act(session, "end_turn")
    assert state["phase"] == "scoring" and not state["finished"]


def test_the_game_ends_when_the_last_gem_leaves_the_bag():
    session = new(["Ann", "Bob"], seed=8)
    begin(session, first=0, take=10)
    state = complete_heist(session)              # 10 of 20 (+1 bonus maybe not: faces differ)
    assert state["end"] is None and sum(state["bag"].values()) == 10
    finish_turn(session, take=10)
    state = complete_heist(session)              # Bob takes the last 10
    assert sum(state["bag"].values()) == 0 and state["end"]["reason"] == "bag_empty"
    assert state["completed"] == 2 < 3
    assert "last gem" in GAME.summary(state, EN)["banner"]
    # paying a gem back does not undo the end: the last gem was taken
    gem = next(c for c, n in state["seats"][1]["gems"].items() if n)
    act(session, "pay_gem", player=1, gem=gem)
    act(session, "upkeep")
    assert act(session, "end_turn")["phase"] == "scoring"


def test_a_take_larger_than_the_bag_takes_what_is_left():
    session = new(["Ann", "Bob"], seed=8)
    begin(session, first=0, take=10)
    complete_heist(session, faces=(3, 3, 3, 1))   # 10 + bonus 1
    finish_turn(session, take=10)
    state = complete_heist(session, faces=(4, 4, 4, 4))  # 9 left; bonus due but bag empty
    stored = session.actions()[-1]
    assert len(stored["gems"]) == 9 and stored["bonus_due"] and stored["bonus"] is None
    assert state["end"]["reason"] == "bag_empty"
    assert "Three matching dice, but the bag is empty: no bonus gem" in GAME.summary(state, EN)["lines"]


# -- final scoring ---------------------------------------------------------------
def example_state():
    """The rulebook's example: Sapphire (blue), Emerald (green), Ruby (red) after the 4th heist."""
    players = [{"name": "Sapphire", "colour": "blue", "letter": "S"},
               {"name": "Emerald", "colour": "green", "letter": "E"},
               {"name": "Ruby", "colour": "vermillion", "letter": "R"}]
    state = GAME.setup(players, GAME.check_options({}), 0, random.Random(0))
    held = [{"green": 3, "vermillion": 2, "clear": 2},
            {"blue": 4, "green": 1},
            {"blue": 1, "green": 1, "vermillion": 1, "clear": 4}]
    for seat, gems in enumerate(held):
        for colour, n in gems.items():
            state["bag"][colour] -= n
            state["seats"][seat]["gems"][colour] += n
    state.update(phase="scoring", current=0, first_player=0, turn=9, heists=[{"name": "", "take": 1, "steps": [
        {"challenge": 1, "skill": ""}] * 4, "progress": [[], [], []]}] * 2,
        end={"reason": "heists", "turn": 9, "player": 0})
    state["completed"] = 4
    state["completions"] = [{"player": 0}] * 4
    for seat in (0, 0, 1, 2):
        state["seats"][seat]["heists"].append("job")
    GAME.check_invariants(state)
    return state


def test_the_rulebooks_scoring_example():
    state = example_state()
    for seat, face in [(0, 3), (1, 1), (2, 6)]:
        action = GAME.resolve(state, {"type": "roll_value", "player": seat, "dice": [face]}, random.Random())
        state = GAME.apply(state, action)
        GAME.check_invariants(state)
    assert state["phase"] == "over" and state["finished"]
    assert [row["total"] for row in state["scores"]] == [19, 13, 18]
    assert state["scores"][0]["points"] == {"blue": 0, "green": 3, "vermillion": 12, "clear": 4}
    assert state["scores"][2]["points"] == {"blue": 3, "green": 1, "vermillion": 6, "clear": 8}
    assert state["winners"] == [0]
    summary = GAME.summary(state, EN)
    assert summary["banner"] == "Sapphire wins with 19 points!"
    assert "Sapphire: 3 green × 1 + 2 vermillion × 6 + 2 clear × 2 = 19" in summary["lines"]
    assert "Emerald: 4 blue × 3 + 1 green × 1 = 13" in summary["lines"]
    assert "Ruby: 1 blue × 3 + 1 green × 1 + 1 vermillion × 6 + 4 clear × 2 = 18" in summary["lines"]
    assert EN("heist.badge.winner") in summary["badges"][0]
    # the scoreboard: best first, ranked, each end in the game's words
    assert [(s.seat, s.total, s.rank, s.winner, s.outcome) for s in GAME.board(state, EN).scores] == [
        (0, 19, 1, True, "Mastermind! 2 heists, 7 gems"), (2, 18, 2, False, "1 heist, 7 gems"),
        (1, 13, 3, False, "1 heist, 5 gems")]
    assert GAME.board(state, DE).scores[0].outcome == "Mastermind! 2 Heists, 7 Edelsteine"
    assert GAME.board(state, DE).scores[1].outcome == "1 Heist, 7 Edelsteine"
    assert GAME.legal_actions(state) == []
    with pytest.raises(IllegalAction) as info:
        GAME.resolve(state, {"type": "roll_value", "player": 0}, random.Random())
    assert info.value.key == "game_over"


def test_score_table_is_pure_arithmetic():
    rows = H.score_table(["blue", "green", "vermillion"],
                         [{"green": 3, "vermillion": 2, "clear": 2}, {"blue": 4, "green": 1},
                          {"blue": 1, "green": 1, "vermillion": 1, "clear": 4}], [3, 1, 6])
    assert [r["total"] for r in rows] == [19, 13, 18] and H.winners_of(rows) == [0]


def test_ties_are_shown_as_ties():
    state = example_state()
    for seat, face in [(0, 3), (1, 1), (2, 5)]:   # red worth 5: Ruby 17, Sapphire 17
        state = GAME.apply(state, GAME.resolve(state, {"type": "roll_value", "player": seat, "dice": [face]},
                                               random.Random()))
    assert [row["total"] for row in state["scores"]] == [17, 13, 17]
    assert state["winners"] == [0, 2]
    summary = GAME.summary(state, EN)
    assert summary["banner"] == "A tie: Sapphire, Ruby with 17 points each!"
    assert EN("heist.badge.winner") in summary["badges"][0] and EN("heist.badge.winner") in summary["badges"][2]
    assert "Gleichstand" in GAME.summary(state, DE)["banner"]
    assert [(s.seat, s.rank, s.winner) for s in GAME.board(state, EN).scores] == [(0, 1, True), (2, 1, True),
                                                                                   (1, 3, False)]
    assert {s.outcome for s in GAME.board(state, EN).scores if s.winner} == {"Mastermind! 2 heists, 7 gems",
                                                                              "Mastermind! 1 heist, 7 gems"}


def test_scoring_rolls_by_the_app_and_by_hand():
    state = example_state()
    assert [s.player for s in GAME.legal_actions(state)] == [0, 1, 2]
    action = GAME.resolve(state, GAME.input_action(state, InputEvent.ROLL), random.Random(1))
    assert action["player"] == 0 and action["manual"] is False
    state = GAME.apply(state, action)
    with pytest.raises(IllegalAction) as info:
        GAME.resolve(state, {"type": "roll_value", "player": 0, "dice": [2]}, random.Random())
    assert info.value.key == "heist_already_rolled"
    assert "rolled" in GAME.summary(state, EN)["lines"][-1]


# -- whole flow, presentation, buttons, cues ----------------------------------------
def test_buttons_and_cues():
    session = new()
    lay_all(session)
    assert GAME.input_action(session.state, InputEvent.ROLL) == {"type": "roll_first", "player": 0}
    for seat in (0, 1):
        act(session, "roll_first", player=seat, dice=[6 - seat])
    assert GAME.input_action(session.state, InputEvent.ROLL) is None
    session.act({"type": "attempt", "heist": 0, "total": 0, "recruits": 1})
    _, heard = session.act({"type": "roll", "dice": [6]})
    assert heard == [cues.SUCCESS]
    assert GAME.input_action(session.state, InputEvent.CONFIRM) == {"type": "hold"}
    session.act({"type": "hold"})
    assert GAME.input_action(session.state, InputEvent.CONFIRM) == {"type": "end_turn"}
    session.act({"type": "end_turn"})
    session.act({"type": "attempt", "heist": 0, "total": 0, "recruits": 1})
    _, heard = session.act({"type": "roll", "dice": [1]})
    assert heard == [cues.WARNING]
    assert GAME.input_action(session.state, InputEvent.CONFIRM) == {"type": "upkeep"}
    assert GAME.input_action(session.state, InputEvent.TIMER) is None


def test_summaries_in_both_languages_through_a_game():
    session = new(["Ann", "Bob"], {"checklist": True}, seed=12)
    seen = set()

    def look():
        seen.add(session.state["phase"])
        for t in (EN, DE):
            summary = GAME.summary(session.state, t)
            no_raw_keys(summary)
            assert summary["headline"] and summary["prompt"]
            assert set(summary["badges"]) == {0, 1}

    look()
    act(session, "check_step", step="bag")
    look()
    act(session, "skip_setup")
    look()
    lay_all(session)
    look()
    for seat in (0, 1):
        act(session, "roll_first", player=seat, dice=[6 - seat])
    look()
    act(session, "attempt", heist=0, total=0, recruits=1)
    look()
    act(session, "roll", dice=[1])
    look()
    act(session, "upkeep")
    look()
    act(session, "end_turn")
    act(session, "prep")
    look()
    act(session, "upkeep")
    act(session, "end_turn")
    act(session, "set_team", player=0, recruits=4)
    act(session, "attempt", heist=1, total=60, recruits=1)
    look()
    act(session, "place_die", face=2)
    look()
    while session.state["end"] is None:
        while session.state["phase"] != "complete":
            if session.state["phase"] == "start":
                act(session, "set_team", player=session.state["current"], recruits=4)
                act(session, "attempt", heist=1, total=60, recruits=1)
            else:
                act(session, "continue", heist=1, total=60, recruits=1)
            act(session, "place_die", face=2)
        look()
        act(session, "complete")
        look()
        act(session, "upkeep")
        look()
        if session.state["end"] is None:
            lay_all(session)
        act(session, "end_turn")
    look()
    for seat in (0, 1):
        act(session, "roll_value", player=seat, dice=[4])
    look()
    assert seen == set(H.PHASES)   # every phase was shown in both languages
    assert session.state["finished"] and session.finished


# -- the board the screen draws -------------------------------------------------------
def areas(board):
    return {a.key: a for a in board.areas}


def counters(board):
    return {c.key: (c.value, c.total) for c in board.counters}


def test_the_board_shows_the_heists_in_a_row_with_each_players_dice():
    session = new(["Ann", "Bob"], seed=2)
    begin(session, first=0)
    act(session, "attempt", heist=0, total=9, recruits=1)
    act(session, "place_die", face=4)                       # Ann: A 4 by Perfection
    act(session, "hold")
    act(session, "end_turn")
    act(session, "attempt", heist=0, total=5, recruits=1)  # Bob: A, rolled
    state = act(session, "roll", dice=[2])
    board = GAME.board(state, EN)
    assert board.layout == "row" and board.problems(2) == []
    job1, job2 = areas(board)["heist.0"], areas(board)["heist.1"]
    assert (job1.label, job1.short) == ("Heist 1 (Job 1)", "Heist 1")      # as the attempt's form names it
    assert job1.status == "attempted" and job2.status == "open"
    assert job1.facts == ("A 5 · B 6", "C 7 · D 8", "TAKE 4") == job2.facts
    assert GAME.board(state, DE).areas[0].facts[-1] == "Beute 4"
    # each player's dice lie on the heist in the player's colour, the faces by step
    assert [(d.key, d.place, d.colour, d.short, d.label) for d in board.tokens] == [
        ("dice.0.0", "heist.0", state["colours"][0], "A4", "Ann: A4"),
        ("dice.0.1", "heist.0", state["colours"][1], "A2", "Bob: A2")]


def test_the_board_shows_an_empty_place_the_bag_and_what_each_player_holds():
    session = new(["Ann", "Bob"], seed=42)
    begin(session, first=0, take=4)
    state = complete_heist(session, slot=0, faces=(1, 2, 3, 4))
    board = GAME.board(state, EN)
    place = areas(board)["heist.0"]
    assert place.status == "empty" and place.label == "Heist place 1" and place.short == "Place 1"
    bag = counters(board)
    colours = state["colours"] + ["clear"]
    assert [key for key in bag if key.startswith("bag.")] == [f"bag.{c}" for c in colours]
    assert all(bag[f"bag.{c}"] == (state["bag"][c], 10 if c == "clear" else 5) for c in colours)
    assert sum(bag[f"bag.{c}"][0] for c in colours) == 20 - 4
    assert bag["completed"] == (1, 3)
    ann = board.seats[0]
    drawn = Counter(session.actions()[-1]["gems"])
    assert {words: n for words, n in ann.counts if words not in ("Team", "Starter Cash", "Heists")} == {
        EN(f"heist.param.gem.{c}"): n for c, n in drawn.items()}
    assert ("Team", 1) in ann.counts and ("Starter Cash", 1) in ann.counts and ("Heists", 1) in ann.counts
    assert board.seats[1].counts == (("Team", 1), ("Starter Cash", 1), ("Heists", 0))   # Bob holds no gem yet
    assert board.seats[1].short == ("team 1", "cash 1", "heists 0")                     # on a seat card
    assert GAME.board(state, DE).seats[1].short == ("Team 1", "Startgeld 1", "Heists 0")
    assert "Gem colour: " + EN(f"heist.colour.{state['colours'][0]}") in ann.facts
    # on the seat tokens: the heists and the Starter Cash; the gems as pips in the bag's colour order
    assert ann.pips == tuple((c, drawn[c]) for c in colours if drawn[c]) and board.seats[1].pips == ()
    assert (ann.figures, board.seats[1].figures) == (("1 heist", "1 cash"), ("0 heists", "1 cash"))
    assert GAME.board(state, DE).seats[0].figures == ("1 Heist", "1 Startgeld")


def test_the_board_shows_the_final_scores_once_scored():
    state = example_state()
    assert not any("Final score" in f for v in GAME.board(state, EN).seats for f in v.facts)
    for seat, face in [(0, 3), (1, 1), (2, 6)]:
        state = GAME.apply(state, GAME.resolve(state, {"type": "roll_value", "player": seat, "dice": [face]},
                                               random.Random()))
    board = GAME.board(state, EN)
    assert [next(f for f in v.facts if f.startswith("Final score")) for v in board.seats] == [
        "Final score: 19", "Final score: 13", "Final score: 18"]
    assert "worth 6" in board.seats[2].facts
    assert counters(board)["completed"] == (4, 4)
    assert GAME.board(state, DE).seats[0].facts[-1] == "Endwertung: 19"


def test_every_error_key_is_in_both_catalogues():
    import re
    from pathlib import Path
    source = "".join(path.read_text(encoding="utf-8") for path in sorted(Path(H.__file__).parent.glob("*.py")))
    keys = set(re.findall(r'(?:IllegalAction\(|Rule\(.*?, |error=)"(\w+)"', source))
    assert len(keys) > 15 and all("error." + k in texts("en") and "error." + k in texts("de") for k in keys)
    assert all(k.startswith("heist_") or k == "bad_face" for k in keys), keys


def test_heist_catalogues_have_the_same_keys_and_fields():
    from pathlib import Path

    from catalogue import read, shown
    locale = Path(H.__file__).parent / "locale"
    en, de = read(locale / "en.ftl"), read(locale / "de.ftl")
    assert set(en) == set(de)
    assert all(k.startswith(("heist.", "error.heist_", "result.heist.")) for k in en)
    for key in en:
        assert shown(en[key]) == shown(de[key]), key


def test_the_game_is_registered():
    assert GAMES["heist"] is GAME and GAME.min_players == 2 and GAME.max_players == 6
    refused(new(), "heist_unknown_action", "teleport")


# -- property: no gem is ever created or lost -------------------------------------------
def choose(state, rng):
    """A random legal action, biased so heists get completed and gems move."""
    legal = GAME.legal_actions(state)
    main = [s for s in legal if s.type not in ("set_team", "pay_gem", "flip_cash")]
    side = [s for s in legal if s.type in ("pay_gem", "flip_cash")]
    if side and rng.random() < 0.15:
        spec = rng.choice(side)
    elif state["phase"] in ("start", "step_done") and rng.random() < 0.3:
        spec = next(s for s in legal if s.type == "set_team" and s.player == state["current"])
        return {"type": "set_team", "player": spec.player, "recruits": rng.randint(2, 4)}
    else:
        spec = rng.choice(main) if main else rng.choice(legal)
    action = {"type": spec.type}
    if spec.player is not None:
        action["player"] = spec.player
    for name, param in spec.params.items():
        if param.optional and rng.random() < 0.5:
            continue
        if param.kind == "die":
            action[name] = [rng.randint(1, 6)]
        elif param.kind in ("choice", "seat"):
            action[name] = rng.choice(param.choices)
        elif param.kind == "int":
            hi = param.maximum
            if name in ("a", "b", "c", "d"):
                hi = 12
            if name == "total":
                action[name] = rng.randint(0, 15)
                continue
            action[name] = rng.randint(param.minimum, hi)
        elif param.kind == "text":
            action[name] = rng.choice(["", "Bank", "Tech"])
    return action


def wrong(state, rng):
    """Something the rules refuse now (or, by chance, allow): it must never move a gem wrongly."""
    count = len(state["players"])
    other = (state["current"] + 1) % count if state["current"] is not None else 0
    return rng.choice([
        {"type": "pay_gem", "player": rng.randrange(count), "gem": rng.choice(list(state["start_bag"]) + ["gold"])},
        {"type": "flip_cash", "player": rng.randrange(count)},
        {"type": "complete", "player": other},
        {"type": "complete"},
        {"type": "attempt", "heist": rng.randint(-1, 3), "total": rng.randint(-2, 70), "recruits": rng.randint(0, 5)},
        {"type": "continue", "heist": 0, "total": 30, "recruits": 1},
        {"type": "roll", "dice": [rng.randint(0, 7)]},
        {"type": "place_die", "face": rng.randint(0, 7)},
        {"type": "end_turn", "player": other},
        {"type": "roll_value", "player": rng.randrange(count), "dice": [rng.randint(0, 7)]},
        {"type": "lay_heist", "slot": rng.randint(0, 3), **HEIST_A},
        {"type": "hold", "player": "me"},
    ])


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 2**32 - 1), count=st.integers(2, 6), steps=st.integers(20, 250))
def test_no_gem_is_ever_created_or_lost(seed, count, steps):
    rng = random.Random(seed)
    session = Session.create(Store.memory(), "heist", [f"P{i}" for i in range(count)],
                             {"roll_for_first": rng.random() < 0.7}, rng=rng)
    start = dict(session.state["start_bag"])
    for _ in range(steps):
        state = session.state
        if state["phase"] == "over":
            break
        action = choose(state, rng) if rng.random() < 0.9 else wrong(state, rng)
        try:
            session.act(action)
        except IllegalAction as exc:
            assert session.state == state
            assert "error." + exc.key in texts("en")
        new_state = session.state
        for colour, n in start.items():
            assert new_state["bag"][colour] + sum(s["gems"][colour] for s in new_state["seats"]) == n
        GAME.check_invariants(new_state)
        assert GAME.board(new_state, EN).problems(count) == []
        assert json.loads(json.dumps(new_state)) == new_state   # snapshots keep it whole
    assert session.replay() == session.state
    assert Session.load(session.store, session.id).state == session.state
