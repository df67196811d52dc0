"""Dig Your Way Out: a test for every rule the board keeper enforces."""
import json
import random
import re

import pytest

from companion import cues
from companion.games import GAMES, IllegalAction
from companion.games import dig
from companion.i18n import Catalogue, texts
from companion.inputs import InputEvent
from companion.session import Session
from companion.store import Store

GAME = GAMES["dig"]
EN, DE = Catalogue("en"), Catalogue("de")
NAMES = ["Ann", "Bob", "Cy", "Dee", "Eve", "Fay"]


def new(count=2, first=0, **options):
    players = [{"name": n, "colour": "grey", "letter": n[0]} for n in NAMES[:count]]
    return GAME.setup(players, GAME.check_options(options), first, random.Random(0))


def act(state, type_, rng=None, **fields):
    """resolve + apply, as the session does; returns (new state, stored action)."""
    action = GAME.resolve(state, {"type": type_, **fields}, rng or random.Random(1))
    after = GAME.apply(state, action)
    GAME.check_invariants(after)
    assert GAME.apply(state, action) == after  # deterministic
    return after, action


def play(state, type_, **fields):
    return act(state, type_, **fields)[0]


def refused(state, type_, key, **fields):
    with pytest.raises(IllegalAction) as info:
        GAME.resolve(state, {"type": type_, **fields}, random.Random(1))
    assert info.value.key == key, info.value
    assert f"error.{key}" in texts("en") and f"error.{key}" in texts("de")
    return info.value


def legal(state):
    return {spec.type: spec for spec in GAME.legal_actions(state)}


def put(state, seat, place):
    state = GAME.copy(state)
    state["prisoners"][seat]["place"] = place
    return state


def with_board(**faces):
    return {"board": {face[1:]: pair for face, pair in faces.items()}}


BOARD = with_board(f2=["showers", "infirmary"], f3=["cafeteria", "recreational_area"],
                   f4=["infirmary", "recreational_area"], f5=["cell_block", "showers"],
                   f6=["cafeteria", "showers"])


# -- setup ---------------------------------------------------------------------
@pytest.mark.parametrize("count", range(2, 7))
def test_everybody_starts_in_the_cell_block_and_the_first_player_begins(count):
    s = new(count, first=count - 1)
    assert [p["place"] for p in s["prisoners"]] == ["cell_block"] * count
    assert s["current"] == count - 1 and s["actions_left"] == 2 and s["phase"] == "turn"
    assert all(p["tunnel"] == 0 and p["beatings"] == 0 for p in s["prisoners"])
    assert s["michel"] is None


def test_two_to_six_prisoners():
    assert (GAME.min_players, GAME.max_players) == (2, 6)
    with pytest.raises(IllegalAction):
        Session.create(Store.memory(), "dig", NAMES[:1])
    with pytest.raises(IllegalAction):
        Session.create(Store.memory(), "dig", NAMES + ["Gus"])


@pytest.mark.parametrize("who", ["michel", "michelle"])
def test_michel_or_michelle_starts_in_the_showers(who):
    s = new(3, michel=who)
    assert s["michel"] == {"who": who, "place": "showers"}
    assert "Showers" in " ".join(GAME.summary(s, EN)["lines"])


@pytest.mark.parametrize("count,goal", [(2, 12), (3, 12), (4, 10), (5, 8), (6, 8)])
def test_win_threshold_for_the_player_count_is_always_shown(count, goal):
    s = new(count)
    assert s["threshold"] == goal
    assert EN("dig.line.goal", goal=goal) in GAME.summary(s, EN)["lines"]


@pytest.mark.parametrize("count,goal", [(4, 16), (6, 20)])
def test_team_thresholds(count, goal):
    s = new(count, teams="alternate")
    assert s["team_mode"] and s["threshold"] == goal


def test_team_variant_seats_and_own_cell_blocks():
    s = new(4, teams="alternate")
    assert [p["team"] for p in s["prisoners"]] == ["a", "b", "a", "b"]
    assert [p["place"] for p in s["prisoners"]] == ["cell_block_a", "cell_block_b"] * 2
    assert "cell_block" not in s["places"] and {"cell_block_a", "cell_block_b"} <= set(s["places"])
    s = new(6, teams="halves")
    assert [p["team"] for p in s["prisoners"]] == ["a"] * 3 + ["b"] * 3


@pytest.mark.parametrize("t, own", [(EN, "their own team's Cell Block"), (DE, "Zellenblock seines Teams")],
                         ids=["en", "de"])
def test_the_checklist_stands_every_prisoner_where_the_game_does(t, own):
    """Team variant: each prisoner starts in their own team's Cell Block, as the reading
    says and the state has it; the checklist says so too, not "in the Cell Block"."""
    teams = new(4, teams="alternate", checklist=True)
    lines = " ".join(GAME.summary(teams, t)["lines"])
    assert own in t("dig.reading.team_start") and own in lines
    assert t("dig.setup.standees") not in lines
    assert {p["place"] for p in teams["prisoners"]} == {"cell_block_a", "cell_block_b"}
    alone = new(4, checklist=True)
    assert t("dig.setup.standees") in " ".join(GAME.summary(alone, t)["lines"]) and own not in t("dig.setup.standees")
    assert {p["place"] for p in alone["prisoners"]} == {"cell_block"}


@pytest.mark.parametrize("t, words", [(EN, ("8 Michel cards", "face-down pile", "near the Showers")),
                                      (DE, ("8 Michel-Karten", "verdeckter Stapel", "in der Nähe der Duschen"))],
                         ids=["en", "de"])
def test_the_checklist_lays_the_michel_cards_face_down_near_the_showers(t, words):
    """The rulebook: the Michel cards are shuffled into a face-down pile beside the board,
    near the Showers."""
    line = GAME.summary(new(2, michel="michelle", checklist=True), t)["lines"][-1]
    assert "Michelle" in line and all(word in line for word in words), line


@pytest.mark.parametrize("t, words", [
    (EN, ("once per turn", "only with a Weapon card in hand", "a prisoner in your Place", "ask for a Tool",
          "If the victim has it, they may cooperate and give it: no combat", "the Tool asked for")),
    (DE, ("einmal pro Zug", "nur mit einer Waffenkarte auf der Hand", "einem Knacki am selben Ort",
          "ein Werkzeug fordern", "Hat das Opfer es, kann es kooperieren und es abgeben: kein Kampf",
          "das geforderte Werkzeug"))], ids=["en", "de"])
def test_help_on_extortion_says_what_the_rulebook_says(t, words):
    """The victim gives the Tool named if they have it (not "a card"); the attacker needs a
    Weapon and a victim in the same Place, once per turn."""
    text = t("dig.rules.extortion")
    assert all(word in text for word in words), text


@pytest.mark.parametrize("count", [2, 3, 5])
def test_team_variant_needs_four_or_six_players(count):
    s = new(count, teams="alternate")
    assert not s["team_mode"] and s["threshold"] == dig.THRESHOLDS[count]
    assert EN("dig.note.teams_off", n=count) in GAME.summary(s, EN)["lines"]


def test_options_are_checked():
    with pytest.raises(IllegalAction):
        GAME.check_options({"michel": "both"})
    with pytest.raises(IllegalAction):
        GAME.check_options({"colour": 1})
    assert GAME.check_options({}) == {"michel": "none", "teams": "off", "counters": False, "checklist": False,
                                      "places": [], "board": {}}


# -- the board map ----------------------------------------------------------------
def test_face_one_is_known_from_the_rulebook_and_nothing_else():
    s = new()
    assert s["board"] == {"1": ["cell_block", "cafeteria"]}
    assert dig.unknown_faces(s) == [2, 3, 4, 5, 6]


def test_a_saved_map_is_normalised():
    opts = GAME.check_options({"board": {2: "infirmary+showers", "3": ["recreational_area", "cafeteria"],
                                         "1": ["cafeteria", "cell_block"]}})
    assert opts["board"] == {"2": ["infirmary", "showers"], "3": ["cafeteria", "recreational_area"]}


@pytest.mark.parametrize("board,key", [
    ({"1": ["showers", "infirmary"]}, "dig_face_one"),
    ({"7": ["showers", "infirmary"]}, "dig_bad_board"),
    ({"2": ["showers", "showers"]}, "dig_same_place"),
    ({"2": ["showers", "laundry"]}, "dig_bad_pair"),
    ({"2": ["showers"]}, "dig_bad_pair"),
    (["showers"], "dig_bad_board"),
])
def test_a_bad_map_is_refused(board, key):
    with pytest.raises(IllegalAction) as info:
        GAME.check_options({"board": board})
    assert info.value.key == key


def test_expansion_places_are_added_by_name():
    s = new(2, places=["Laundry", "Yard"], board={"2": ["Laundry", "showers"]})
    assert s["places"][-2:] == ["Laundry", "Yard"]
    assert s["board"]["2"] == ["showers", "Laundry"]
    assert dig.place_name(DE, "Laundry") == "Laundry" and dig.place_name(DE, "showers") == "Duschen"
    s = play(s, "cautious_move", place="Yard")
    assert s["prisoners"][0]["place"] == "Yard"
    for bad in (["Showers2+x"], ["cafeteria"], ["Yard", "yard"], [""], ["x"] * 7, "Yard"):
        with pytest.raises(IllegalAction):
            GAME.check_options({"places": bad})


def test_an_unknown_face_is_asked_then_remembered_in_the_state():
    s = new(2)
    s, roll = act(s, "roll", dice=[4])
    assert roll["dice"] == [4] and roll["manual"] is True
    assert s["phase"] == "ask_face" and s["move"]["face"] == 4
    assert legal(s).keys() == {"learn_face"}
    choices = legal(s)["learn_face"].params["places"].choices
    assert len(choices) == 10 and "infirmary+showers" in choices  # every pair of the 5 places, each a real choice
    assert EN("dig.prompt.ask_face", face=4) == GAME.summary(s, EN)["prompt"]
    s = play(s, "learn_face", places="infirmary+recreational_area")
    assert s["board"]["4"] == ["recreational_area", "infirmary"]
    assert s["phase"] == "choose_place"
    assert dig.learned_faces(s) == {"4": ["recreational_area", "infirmary"]}
    s = play(s, "go", place="infirmary")
    s = play(s, "end_turn")
    s = play(s, "roll", dice=[4])  # Bob: known now, not asked again
    assert s["phase"] == "choose_place" and s["move"]["options"] == ["recreational_area", "infirmary"]


def test_learned_faces_merge_into_a_saved_map():
    s = new(2, board={"2": ["showers", "infirmary"], "3": ["cafeteria", "showers"]})
    s = play(s, "set_face", face=3, places=["cafeteria", "recreational_area"])  # a correction
    s = play(s, "set_face", face=2, places=["showers", "infirmary"])             # the same again: not new
    learned = dig.learned_faces(s)
    assert learned == {"3": ["cafeteria", "recreational_area"]}
    saved = {"2": ["infirmary", "showers"], "3": ["cafeteria", "showers"], "6": ["showers", "cafeteria"]}
    merged = dig.merge_board(saved, learned)
    assert merged == {"2": ["infirmary", "showers"], "3": ["cafeteria", "recreational_area"],
                      "6": ["cafeteria", "showers"]}
    assert json.loads(json.dumps(merged)) == merged
    assert GAME.check_options({"board": merged})["board"] == merged  # the app can hand it to the next game


def test_asking_and_answering_replays_identically():
    store = Store.memory()
    session = Session.create(store, "dig", ["Ann", "Bob"], {"michel": "michelle"}, rng=random.Random(5))
    session.act({"type": "roll", "dice": [5]})
    session.act({"type": "learn_face", "places": ["recreational_area", "infirmary"]})
    session.act({"type": "go", "place": "infirmary"})
    session.act({"type": "end_turn"})
    session.act({"type": "roll_michel"})
    assert session.replay() == session.state == Session.load(store, session.id).state
    assert dig.learned_faces(session.state)["5"] == ["recreational_area", "infirmary"]
    assert [roll.dice for roll in session.rolls()][0] == (5,)


# -- moves ---------------------------------------------------------------------------
def test_simple_move_offers_the_two_places_and_the_player_picks():
    s = new(2, **BOARD)
    s = put(s, 0, "recreational_area")
    s = play(s, "roll", dice=[2])
    assert s["phase"] == "choose_place" and s["move"]["options"] == ["infirmary", "showers"]
    assert legal(s)["go"].params["place"].choices == ("infirmary", "showers") and legal(s)["go"].player == 0
    prompt = GAME.summary(s, EN)["prompt"]
    assert "Infirmary" in prompt and "Showers" in prompt
    refused(s, "go", "dig_bad_choice", place="cafeteria")
    s = play(s, "go", place="showers")
    assert s["prisoners"][0]["place"] == "showers" and s["actions_left"] == 1 and s["phase"] == "turn"


def test_standing_in_one_of_the_two_places_forces_the_other():
    s = new(2)
    s, _ = act(s, "roll", dice=[1])  # Cell Block or Cafeteria, from the Cell Block
    assert s["phase"] == "turn" and s["prisoners"][0]["place"] == "cafeteria"
    assert s["notes"][0]["key"] == "dig.note.forced"
    s = play(s, "roll", dice=[1])
    assert s["prisoners"][0]["place"] == "cell_block" and s["actions_left"] == 0


def test_roll_button_rolls_and_a_physical_die_is_entered_by_hand():
    s = new(2, **BOARD)
    after, action = act(s, "roll", rng=random.Random(7))
    assert action["manual"] is False and 1 <= action["dice"][0] <= 6 and action["player"] == 0
    assert GAME.input_action(s, InputEvent.ROLL) == {"type": "roll"}
    assert GAME.cues(s, after, action) == [cues.TAP]
    refused(s, "roll", "bad_face", dice=[7])
    refused(s, "roll", "dice_count", dice=[1, 2])
    spec = legal(s)["roll"].params["dice"]
    assert spec.kind == "die" and spec.optional and spec.count == 1


def test_cautious_move_goes_anywhere_for_two_actions():
    s = new(2)
    assert "cell_block" not in legal(s)["cautious_move"].params["place"].choices
    s = play(s, "cautious_move", place="infirmary")
    assert s["prisoners"][0]["place"] == "infirmary" and s["actions_left"] == 0
    s = new(2)
    s = play(s, "search")
    assert "cautious_move" not in legal(s)
    refused(s, "cautious_move", "dig_no_actions", place="showers")
    refused(new(2), "cautious_move", "dig_same_place", place="cell_block")


@pytest.mark.parametrize("face", [1, 2, 3])
def test_team_faces_one_to_three_also_lead_to_either_cell_block(face):
    s = new(4, teams="alternate", **BOARD)
    s = put(s, 0, "recreational_area")
    s = play(s, "roll", dice=[face])
    pair = {"1": ["cafeteria"], "2": ["infirmary", "showers"], "3": ["cafeteria"]}[str(face)]
    assert set(s["move"]["options"]) == {"cell_block_a", "cell_block_b", *pair} - {"recreational_area"}


def test_team_faces_four_to_six_do_not_unless_the_board_shows_the_cell_block():
    s = new(4, teams="alternate", **BOARD)
    s = put(s, 0, "cafeteria")
    s1 = play(s, "roll", dice=[4])
    assert s1["move"]["options"] == ["recreational_area", "infirmary"]
    s2 = play(s, "roll", dice=[5])  # the board shows the Cell Block beside the 5: either block
    assert s2["move"]["options"] == ["cell_block_a", "cell_block_b", "showers"]
    s3 = play(put(s, 0, "cell_block_b"), "roll", dice=[5])  # cannot stay
    assert s3["move"]["options"] == ["cell_block_a", "showers"]


def test_team_gang_move_goes_to_a_teammate_of_the_same_gang():
    s = new(4, teams="alternate", first=0)
    assert "gang_move" not in legal(s)
    s["prisoners"][0]["gang"] = s["prisoners"][2]["gang"] = "crew"
    s["prisoners"][1]["gang"] = "crew"  # other team: never
    s = put(s, 2, "infirmary")
    s = put(s, 1, "showers")
    assert legal(s)["gang_move"].params["teammate"].choices == (2,)
    refused(s, "gang_move", "dig_not_gang_mate", teammate=1)
    s = play(s, "gang_move", teammate=2)
    assert s["prisoners"][0]["place"] == "infirmary" and s["actions_left"] == 1


def test_exchange_with_a_teammate_in_the_same_place():
    s = new(4, teams="alternate", first=0)  # Ann and Cy both start in Cell Block A
    assert "exchange" not in legal(put(s, 2, "showers"))
    assert "exchange" not in legal(new(2))  # not without teams
    assert legal(s)["exchange"].params["teammate"].choices == (2,)
    assert play(s, "exchange", teammate=2)["actions_left"] == 1
    refused(s, "exchange", "dig_not_team_mate", teammate=1)


# -- the turn ---------------------------------------------------------------------
def test_two_actions_a_turn_shown_as_they_are_spent():
    s = new(3, first=1)
    assert EN("dig.line.actions", left=2, total=2) in GAME.summary(s, EN)["lines"]
    s = play(s, "play_card")
    assert s["actions_left"] == 1
    assert GAME.summary(s, EN)["prompt"].startswith("1 action left")     # said once, in the prompt
    s = play(s, "join_gang", gang="triad")
    assert s["actions_left"] == 0 and s["prisoners"][1]["gang"] == "triad"
    assert set(legal(s)) == {"end_turn", "adjust", "relocate", "set_face", "pile_empty"}   # and the corrections
    refused(s, "play_card", "dig_no_actions")
    assert GAME.summary(s, EN)["prompt"] == EN("dig.prompt.no_actions", n=10)


def test_the_actions_left_are_said_in_the_singular_for_one_in_both_languages():
    """'1 action left', 'noch 1 Aktion': never '1 actions' / '1 Aktionen'."""
    s = new(3, first=1)
    assert GAME.summary(s, EN)["prompt"] == "2 actions left: roll to move, or pick an action."
    assert GAME.summary(s, DE)["prompt"] == "Noch 2 Aktionen: würfeln oder eine Aktion wählen."
    s = play(s, "play_card")
    assert GAME.summary(s, EN)["prompt"] == "1 action left: roll to move, or pick an action."
    assert GAME.summary(s, DE)["prompt"] == "Noch 1 Aktion: würfeln oder eine Aktion wählen."
    # a move of 2 actions with 1 left, and one of 1 with none left
    cost_two = refused(s, "cautious_move", "dig_no_actions", place="showers")
    assert (EN.error(cost_two), DE.error(cost_two)) == ("This needs 2 actions; 1 left.", "Das braucht 2 Aktionen; 1 übrig.")
    s = play(s, "join_gang", gang="triad")
    cost_one = refused(s, "play_card", "dig_no_actions")
    assert (EN.error(cost_one), DE.error(cost_one)) == ("This needs 1 action; 0 left.", "Das braucht 1 Aktion; 0 übrig.")


def test_the_turn_passes_clockwise_and_rounds_are_counted():
    s = new(3, first=1)
    s = play(s, "end_turn")
    assert s["current"] == 2 and s["actions_left"] == 2 and s["turn"] == 1
    s = play(s, "end_turn")
    s = play(s, "end_turn")
    assert s["current"] == 1 and s["turn"] == 2
    assert GAME.input_action(s, InputEvent.CONFIRM) == {"type": "end_turn"}


def test_only_the_current_player_acts():
    s = new(3, first=1)
    refused(s, "search", "dig_not_your_turn", player=0)
    refused(s, "search", "bad_player", player=9)
    assert play(s, "search", player=1)["searched"]


def test_search_once_per_turn():
    s = play(new(2), "search")
    assert s["searched"] and "search" not in legal(s)
    refused(s, "search", "dig_search_once")
    s = play(play(s, "end_turn"), "end_turn")
    assert "search" in legal(s)


def test_extortion_once_per_turn_and_only_in_the_same_place():
    s = new(3)
    s = put(s, 2, "showers")
    assert legal(s)["extort"].params["target"].choices == (1,)
    refused(s, "extort", "dig_not_here", target=2, tool="spoon")
    s = play(s, "extort", target=1, tool="shovel")
    s = play(s, "cooperate")
    assert s["phase"] == "turn" and s["extorted"] and s["actions_left"] == 1
    assert "extort" not in legal(s)
    refused(s, "extort", "dig_extort_once", target=1, tool="spoon")


def test_hand_limit_reminder_at_the_end_of_the_turn():
    s = play(new(2), "end_turn")
    assert {"key": "dig.note.hand_limit", "seat": 0, "n": 10} in s["notes"]
    assert EN("dig.note.hand_limit", name="Ann", n=10) in GAME.summary(s, EN)["lines"]


# -- Place actions -------------------------------------------------------------------
PLACE_ACTIONS = {"dig", "craft", "sell", "buy", "heal", "steal_spoon"}


@pytest.mark.parametrize("place,allowed", [
    ("cell_block", {"dig"}),
    ("cafeteria", {"craft", "steal_spoon"}),
    ("recreational_area", {"craft", "sell", "buy"}),
    ("infirmary", {"craft", "heal"}),
    ("showers", set()),
])
def test_place_actions_where_the_prisoner_stands(place, allowed):
    s = put(new(2), 0, place)
    s["prisoners"][0]["beatings"] = 0
    healable = GAME.copy(s)
    healable["prisoners"][0]["beatings"] = 1
    offered = PLACE_ACTIONS & set(legal(s)) | (PLACE_ACTIONS & set(legal(healable)) & {"heal"})
    assert offered == allowed


def test_place_actions_elsewhere_are_refused():
    s = new(2)
    refused(put(s, 0, "showers"), "dig", "dig_dig_place", tool="spoon", points=1)
    refused(s, "craft", "dig_craft_place", item="knives")
    refused(put(s, 0, "showers"), "craft", "dig_craft_place", item="knives")
    refused(s, "sell", "dig_only_in_recreational_area", cigarettes=3)
    refused(s, "buy", "dig_only_in_recreational_area", deal="knife")
    refused(s, "heal", "dig_only_in_infirmary")
    refused(s, "steal_spoon", "dig_only_in_cafeteria")
    refused(put(s, 0, "infirmary"), "heal", "dig_no_beating")


def test_dig_scores_the_points_on_the_tool():
    s = play(new(2), "dig", tool="shovel", points=3)
    assert s["prisoners"][0]["tunnel"] == 3 and s["actions_left"] == 1
    spec = legal(new(2))["dig"]
    assert spec.params["tool"].choices == ("spoon", "pickaxe", "shovel")
    refused(new(2), "dig", "dig_bad_number", tool="spoon", points=0)
    refused(new(2), "dig", "dig_bad_choice", tool="knife", points=1)


def test_team_dig_only_in_the_own_block_and_craft_in_the_other():
    s = new(4, teams="alternate", first=0)
    assert "dig" in legal(s) and "craft" not in legal(s)
    other = put(s, 0, "cell_block_b")
    assert "dig" not in legal(other) and "craft" in legal(other)
    refused(other, "dig", "dig_dig_place", tool="spoon", points=2)
    refused(s, "craft", "dig_craft_place", item="pickaxe")
    assert play(other, "craft", item="pickaxe")["actions_left"] == 1


def test_sell_and_buy_with_the_prices_and_cigarettes_counted():
    s = put(new(2, counters=True), 0, "recreational_area")
    assert "buy" not in legal(s)  # no cigarettes yet
    s = play(s, "sell", cigarettes=7)
    assert s["prisoners"][0]["cigarettes"] == 7
    assert legal(s)["buy"].params["deal"].choices == ("knife", "two_knives", "pickaxe")
    refused(s, "buy", "dig_no_cigarettes", deal="shovel")
    s = play(s, "buy", deal="pickaxe")
    assert s["prisoners"][0]["cigarettes"] == 1 and s["actions_left"] == 0
    assert dig.DEALS == {"knife": 2, "two_knives": 5, "pickaxe": 6, "shovel": 8}


def test_without_counters_buy_is_not_checked():
    s = put(new(2), 0, "recreational_area")
    assert legal(s)["buy"].params["deal"].choices == ("knife", "two_knives", "pickaxe", "shovel")
    s = play(s, "buy", deal="shovel")
    assert s["prisoners"][0]["cigarettes"] is None
    assert "reveal_background" not in legal(s)
    assert legal(s)["adjust"].params["what"].choices == ("tunnel", "beatings")


def test_heal_removes_one_beating_in_the_infirmary():
    s = put(new(2), 0, "infirmary")
    s["prisoners"][0]["beatings"] = 2
    s = play(s, "heal")
    assert s["prisoners"][0]["beatings"] == 1
    assert play(s, "heal")["prisoners"][0]["beatings"] == 0


def test_steal_a_spoon_in_the_cafeteria():
    s = put(new(2), 0, "cafeteria")
    assert play(s, "steal_spoon")["actions_left"] == 1


def test_a_pile_marked_empty_refuses_craft_buy_and_steal_until_it_is_back():
    """The rulebook: an empty Knife, Pickaxe or Shovel pile cannot be crafted or bought
    from until it is filled again; no Spoon is stolen from an empty Spoon pile."""
    s = put(new(2, counters=True), 0, "cafeteria")
    assert "pile_filled" not in legal(s)
    s = play(play(s, "pile_empty", pile="spoon"), "pile_empty", pile="knife")
    assert s["empty"] == ["knife", "spoon"] and s["actions_left"] == 2    # a correction: no action spent
    assert "steal_spoon" not in legal(s)
    refused(s, "steal_spoon", "dig_pile_empty")
    refused(s, "craft", "dig_pile_empty", item="knives")
    crafts = [spec.params["item"].choices for spec in GAME.legal_actions(s) if spec.type == "craft"]
    assert crafts == [("pickaxe", "shovel")]                      # the screen offers what is left
    assert EN("dig.line.empty", piles="Knives, Spoons") in GAME.summary(s, EN)["lines"]
    rec = put(s, 0, "recreational_area")
    rec["prisoners"][0]["cigarettes"] = 10
    refused(rec, "buy", "dig_pile_empty", deal="two_knives")
    buys = [spec.params["deal"].choices for spec in GAME.legal_actions(rec) if spec.type == "buy"]
    assert buys == [("pickaxe", "shovel")]
    back = play(s, "pile_filled", pile="spoon")
    assert back["empty"] == ["knife"] and "steal_spoon" in legal(back)
    refused(play(play(back, "pile_empty", pile="pickaxe"), "pile_empty", pile="shovel"), "craft", "dig_pile_empty",
            item="shovel")


def test_a_game_saved_before_the_piles_had_none_empty():
    s = put(new(2), 0, "cafeteria")
    assert "empty" not in s and "steal_spoon" in legal(s) and "pile_empty" in legal(s)


# -- Beatings ---------------------------------------------------------------------------
def test_one_beating_forbids_craft():
    s = put(new(2), 0, "cafeteria")
    s["prisoners"][0]["beatings"] = 1
    assert "craft" not in legal(s)
    refused(s, "craft", "dig_beaten_craft", item="knives")
    s = put(s, 0, "cell_block")
    assert "dig" in legal(s)


def test_two_beatings_forbid_craft_and_dig():
    s = new(2)
    s["prisoners"][0]["beatings"] = 2
    assert "dig" not in legal(s)
    refused(s, "dig", "dig_beaten_dig", tool="spoon", points=1)
    refused(put(s, 0, "cafeteria"), "craft", "dig_beaten_craft", item="knives")


def test_beatings_never_exceed_two():
    s = put(new(2, michel="michel", first=1), 1, "cafeteria")
    s["prisoners"][1]["beatings"] = 2
    s = play(s, "cautious_move", place="showers")  # into Michel's place: extorted
    s = play(s, "michel_card", knife=True)
    s = play(s, "give_up")  # a lost fight: still 2
    assert s["prisoners"][1]["beatings"] == 2
    refused(s, "adjust", "dig_bad_adjust", seat=1, what="beatings", delta=1)


# -- Michel(le) ---------------------------------------------------------------------------
def michel_game(count=3, first=0, **options):
    return new(count, first=first, michel="michel", **BOARD, **options)


def test_at_the_end_of_the_turn_the_player_may_roll_for_michel():
    s = play(michel_game(), "end_turn")
    assert s["phase"] == "michel" and s["current"] == 0
    assert set(legal(s)) == {"roll_michel", "skip_michel"}
    assert GAME.input_action(s, InputEvent.ROLL) == {"type": "roll_michel"}
    assert GAME.input_action(s, InputEvent.CONFIRM) == {"type": "skip_michel"}
    skipped = play(s, "skip_michel")
    assert skipped["current"] == 1 and skipped["michel"]["place"] == "showers"


def test_michel_moves_by_a_simple_move_and_the_roller_picks():
    s = play(michel_game(), "end_turn")
    s = play(s, "roll_michel", dice=[3])  # Cafeteria or Recreational Area
    assert s["phase"] == "choose_place" and s["move"]["mover"] == "michel" and legal(s)["go"].player == 0
    assert GAME.summary(s, EN)["headline"] == "Ann rolled 3"
    assert GAME.summary(s, EN)["prompt"] == "Where does Michel go: Cafeteria or Rec Area?"
    assert [a.key for a in GAME.board(s, EN).areas if a.status == "choice"] == ["cafeteria", "recreational_area"]
    s = play(s, "go", place="recreational_area")
    assert s["michel"]["place"] == "recreational_area" and s["current"] == 1 and s["phase"] == "turn"


def test_michel_standing_in_one_place_is_forced_to_the_other():
    s = play(michel_game(), "end_turn")
    s = play(s, "roll_michel", dice=[2])  # Showers or Infirmary, from the Showers
    assert s["michel"]["place"] == "infirmary" and s["current"] == 1


def test_an_unknown_face_for_michel_is_asked_too():
    s = play(new(2, michel="michelle"), "end_turn")
    s = play(s, "roll_michel", dice=[6])
    assert s["phase"] == "ask_face"
    s = play(s, "learn_face", places="showers+cafeteria")
    assert s["michel"]["place"] == "cafeteria" and s["board"]["6"] == ["cafeteria", "showers"]


def test_michel_extorts_everybody_there_one_at_a_time_clockwise_from_the_roller():
    s = michel_game(5, first=2)
    for seat in (0, 1, 3, 4):
        s = put(s, seat, "cafeteria")
    s = put(s, 2, "showers")
    s = play(s, "end_turn")
    after, action = act(s, "roll_michel", dice=[6])  # Cafeteria or Showers, from the Showers: Cafeteria
    assert after["phase"] == "extortion" and cues.WARNING in GAME.cues(s, after, action)
    order = []
    s = after
    while s["phase"] == "extortion":
        order.append(s["extortion"]["victim"])
        assert legal(s)["michel_card"].player == s["extortion"]["victim"]
        s = play(s, "michel_card", knife=False)
    assert order == [3, 4, 0, 1]  # the roller (2) is not there: from the next seat clockwise
    assert s["current"] == 3 and s["phase"] == "turn"


def test_the_roller_standing_there_is_extorted_first():
    s = michel_game(3, first=1)
    s = put(put(put(s, 0, "cafeteria"), 1, "cafeteria"), 2, "cafeteria")
    s = play(play(s, "end_turn"), "roll_michel", dice=[6])
    assert s["extortion"]["victim"] == 1 and s["queue"] == [2, 0]


def test_a_prisoner_ending_a_move_where_michel_stands_is_extorted():
    s = michel_game()
    after, action = act(s, "cautious_move", place="showers")
    assert after["phase"] == "extortion" and after["extortion"]["victim"] == 0 and after["extortion"]["by"] == "michel"
    assert cues.WARNING in GAME.cues(s, after, action)
    s = play(after, "michel_card", knife=False)
    assert s["phase"] == "turn" and s["current"] == 0 and s["actions_left"] == 0  # the turn goes on
    assert s["notes"][0]["key"] == "dig.note.michel_avoided"


def test_a_simple_move_into_michels_place_is_extorted_too():
    s = put(michel_game(), 0, "cafeteria")
    s = play(s, "roll", dice=[6])  # Cafeteria or Showers, from the Cafeteria: forced into Michel's Showers
    assert s["phase"] == "extortion" and s["extortion"]["victim"] == 0 and s["prisoners"][0]["place"] == "showers"
    s = put(michel_game(), 0, "recreational_area")
    s = play(play(s, "roll", dice=[2]), "go", place="showers")
    assert s["phase"] == "extortion" and s["extortion"]["victim"] == 0


def test_extortion_knife_then_cooperate():
    s = play(michel_game(), "cautious_move", place="showers")
    s = play(s, "michel_card", knife=True)
    assert s["extortion"]["step"] == "threat"
    assert set(legal(s)) == {"cooperate", "fight", "give_up"}
    s = play(s, "cooperate")
    assert s["phase"] == "turn" and s["prisoners"][0]["beatings"] == 0
    assert s["notes"][0]["key"] == "dig.note.michel_cooperate"


def test_extortion_fight_a_weapon_per_new_michel_card_until_no_knife_wins():
    s = play(michel_game(), "cautious_move", place="showers")
    s = play(s, "michel_card", knife=True)
    s = play(s, "fight")
    assert s["extortion"]["step"] == "draw" and set(legal(s)) == {"michel_card"}
    assert GAME.summary(s, EN)["prompt"] == EN("dig.prompt.michel_draw_again")
    s = play(s, "michel_card", knife=True)
    assert s["extortion"]["step"] == "fight" and set(legal(s)) == {"fight", "give_up"}  # no cooperating now
    refused(s, "cooperate", "dig_not_now")
    s = play(s, "fight")
    s = play(s, "michel_card", knife=False)
    assert s["phase"] == "turn" and s["prisoners"][0]["beatings"] == 0
    assert s["notes"][0] == {"key": "dig.note.michel_won", "seat": 0}
    assert "draw 1 Search card" in GAME.summary(s, EN)["lines"][-1]


def test_extortion_lost_a_beating_and_the_tool_shown():
    s = play(michel_game(), "cautious_move", place="showers")
    s = play(play(s, "michel_card", knife=True), "fight")
    s = play(s, "michel_card", knife=True)
    s = play(s, "give_up", has_tool=True)
    assert s["prisoners"][0]["beatings"] == 1
    assert [n["key"] for n in s["notes"]] == ["dig.note.michel_lost", "dig.note.discard_tool"]


def test_extortion_lost_without_the_tool_a_random_card_is_picked_and_stored():
    s = play(michel_game(), "cautious_move", place="showers")
    s = play(s, "michel_card", knife=True)
    picks = set()
    for seed in range(40):
        after, action = act(s, "give_up", rng=random.Random(seed), hand=5)
        assert 1 <= action["card"] <= 5
        assert GAME.apply(s, action) == after  # the pick is in the action: replay is identical
        picks.add(action["card"])
    assert picks == {1, 2, 3, 4, 5}
    assert after["notes"][-1] == {"key": "dig.note.random_discard_n", "seat": 0, "other": None,
                                  "n": action["card"], "hand": 5}
    after, action = act(s, "give_up")  # hand not given: the table picks
    assert "card" not in action and after["notes"][-1]["key"] == "dig.note.random_discard"


def test_team_helpers_fight_for_the_victim_and_share_the_beating():
    s = new(4, teams="alternate", michel="michel", first=0, **BOARD)
    s = put(put(s, 2, "showers"), 0, "cafeteria")
    s = play(s, "cautious_move", place="showers")
    s = play(s, "michel_card", knife=True)
    assert legal(s)["fight"].params["by"].choices == (0, 2)
    s = play(s, "fight", by=2)
    s = play(s, "michel_card", knife=True)
    s = play(s, "give_up")
    assert s["prisoners"][0]["beatings"] == 1 and s["prisoners"][2]["beatings"] == 1


# -- extortion between prisoners ------------------------------------------------------------
def test_prisoner_extortion_cooperate_fight_and_lose():
    s = new(3)
    s = play(s, "extort", target=2, tool="pickaxe")
    assert s["phase"] == "extortion" and legal(s)["cooperate"].player == 2
    assert GAME.summary(s, EN)["prompt"] == EN("dig.prompt.threat", name="Ann", other="Cy", tool="Pickaxe")
    fought = play(s, "fight")
    assert fought["extortion"]["step"] == "combat"
    assert legal(fought)["give_up"].params["seat"].choices == (2, 0)
    won = play(fought, "give_up", seat=2, has_tool=True)  # the defender gives up and has the Pickaxe
    assert won["prisoners"][2]["beatings"] == 1 and won["prisoners"][0]["beatings"] == 0
    assert won["notes"][-1] == {"key": "dig.note.give_tool", "seat": 2, "other": 0, "tool": "pickaxe"}
    lost, action = act(fought, "give_up", seat=0, hand=3, has_tool=True)  # the attacker loses: a random card
    assert lost["prisoners"][0]["beatings"] == 1 and 1 <= action["card"] <= 3
    assert lost["notes"][-1]["key"] == "dig.note.random_take_n" and lost["notes"][-1]["other"] == 2
    refused(fought, "give_up", "dig_not_fighting", seat=1)
    refused(s, "give_up", "dig_not_fighting", seat=0)  # the attacker cannot give up before the defender answers
    assert lost["phase"] == "turn" and lost["actions_left"] == 1


def test_prisoner_extortion_team_helpers():
    s = new(4, teams="alternate", first=0)
    for seat in range(4):
        s = put(s, seat, "cafeteria")
    s = play(play(s, "extort", target=1, tool="spoon"), "fight")
    spec = legal(s)["help"]
    assert spec.params["seat"].choices == (2, 3)
    refused(s, "help", "dig_not_team_mate", seat=2, side="defender")
    s = play(s, "help", seat=3, side="defender")
    s = play(s, "help", seat=2, side="attacker")
    assert "help" not in legal(s)
    s = play(s, "give_up", seat=1)
    assert [p["beatings"] for p in s["prisoners"]] == [0, 1, 0, 1]
    assert {"key": "dig.note.take_from_helper", "seat": 0, "other": 3} in s["notes"]


# -- tunnel points and the winner --------------------------------------------------------------
def test_reaching_the_threshold_wins_at_once_with_a_cue():
    s = new(4)  # 10 points
    s["prisoners"][0]["tunnel"] = 7
    s2 = play(s, "dig", tool="shovel", points=2)
    assert not s2["finished"]
    after, action = act(s2, "dig", tool="spoon", points=1)
    assert after["finished"] and after["phase"] == "over" and after["winner"] == {"seat": 0, "team": None}
    assert GAME.cues(s2, after, action) == [cues.SUCCESS]
    summary = GAME.summary(after, EN)
    assert summary["banner"] == EN("dig.banner.wins", name="Ann", goal=10)
    assert EN("dig.badge.winner") in summary["badges"][0]
    assert GAME.legal_actions(after) == []
    refused(after, "end_turn", "game_over")
    assert GAME.input_action(after, InputEvent.ROLL) is None


def test_team_points_are_summed_and_the_team_wins():
    s = new(4, teams="halves", first=1)  # Ann, Bob: A; Cy, Dee: B; 16 points
    s["prisoners"][0]["tunnel"] = 11
    s = play(s, "dig", tool="shovel", points=4)
    assert not s["finished"]
    assert EN("dig.line.team_tunnel", team="Team A", points=15, goal=16) in GAME.summary(s, EN)["lines"]
    s = play(s, "dig", tool="spoon", points=1)
    assert s["winner"] == {"seat": 1, "team": "a"}
    assert GAME.summary(s, DE)["banner"] == DE("dig.banner.team_wins", team="Team A", goal=16)
    badges = GAME.summary(s, EN)["badges"]
    assert EN("dig.badge.winner") in badges[0] and EN("dig.badge.winner") not in badges[2]


def test_a_corrected_counter_can_win_too():
    s = new(2)
    s["prisoners"][1]["tunnel"] = 10
    s = play(s, "adjust", seat=1, what="tunnel", delta=2)
    assert s["winner"]["seat"] == 1
    refused(new(2), "adjust", "dig_bad_adjust", seat=0, what="tunnel", delta=-1)
    refused(new(2), "adjust", "dig_bad_adjust", seat=0, what="tunnel", delta=0)


# -- optional counters ----------------------------------------------------------------------------
def test_optional_counters_cigarettes_gang_and_background():
    s = new(2, counters=True)
    assert s["prisoners"][0]["cigarettes"] == 0
    s = play(s, "reveal_background", seat=1)  # free, any prisoner, once
    assert s["prisoners"][1]["background"] and s["actions_left"] == 2
    assert legal(s)["reveal_background"].params["seat"].choices == (0,)
    refused(s, "reveal_background", "dig_background_shown", seat=1)
    s = play(s, "adjust", seat=0, what="cigarettes", delta=3)
    s = play(s, "join_gang", gang="bratva")
    line = GAME.summary(s, EN)["lines"][0]
    assert "3 cigarettes" in line and "Bratva" in line
    s = play(s, "adjust", seat=0, what="cigarettes", delta=-2)
    assert "1 cigarette ·" in GAME.summary(s, EN)["lines"][0] and "1 Zigarette ·" in GAME.summary(s, DE)["lines"][0]
    assert "Hintergrund aufgedeckt" in GAME.summary(s, DE)["lines"][1]
    refused(new(2), "reveal_background", "dig_no_counters", seat=0)


def test_relocate_is_a_free_correction_without_extortion():
    s = michel_game()
    s = play(s, "relocate", seat=1, place="showers")
    assert s["prisoners"][1]["place"] == "showers" and s["phase"] == "turn" and s["actions_left"] == 2


# -- presentation ------------------------------------------------------------------------------------
def _walk(seed, count, options, steps=250):
    rng = random.Random(seed)
    session = Session.create(Store.memory(), "dig", NAMES[:count], options, rng=rng)
    from random_play import random_action
    states = [session.state]
    for _ in range(steps):
        specs = GAME.legal_actions(session.state)
        if not specs:
            break
        try:
            session.act(random_action(rng.choice(specs), rng))
        except IllegalAction as exc:
            assert f"error.{exc.key}" in texts("en"), exc.key
        GAME.check_invariants(session.state)
        states.append(session.state)
    assert session.replay() == session.state
    return states


@pytest.mark.parametrize("seed,count,options", [
    (1, 2, {"michel": "michel", "counters": True}),
    (2, 4, {"michel": "michelle", "teams": "alternate"}),
    (3, 6, {"teams": "halves", "counters": True, "places": ["Laundry"]}),
    (4, 5, {"michel": "michel"}),
])
def test_summaries_have_every_text_in_both_languages(seed, count, options):
    for state in _walk(seed, count, options):
        for t in (EN, DE):
            summary = GAME.summary(state, t)
            assert summary["headline"] and summary["prompt"]
            words = json.dumps(summary, ensure_ascii=False)
            assert not re.search(r"dig\.[a-z_]+", words), words
            assert not re.search(r"\{\w+\}", words), words
            assert set(summary["badges"]) == set(range(count))


def test_labels_of_every_action_and_param_are_in_the_catalogue():
    for state in _walk(9, 4, {"michel": "michel", "teams": "alternate", "counters": True}, steps=300):
        for spec in GAME.legal_actions(state):
            assert spec.label in texts("en") and spec.label in texts("de")
            for param in spec.params.values():
                assert param.label in texts("en") and param.label in texts("de")


def test_every_choice_value_has_a_name():
    for prefix, values in (("dig.place.", dig.STANDARD_PLACES), ("dig.tool.", dig.TOOLS), ("dig.item.", dig.CRAFTS),
                           ("dig.deal.", dig.DEALS), ("dig.gang.", dig.GANGS), ("dig.counter.", dig.COUNTERS),
                           ("dig.side.", dig.SIDES), ("dig.reading.", dig.READINGS),
                           ("dig.option.michel.", dig.MICHEL_CHOICES), ("dig.option.teams.", dig.TEAM_CHOICES)):
        for value in values:
            assert prefix + value in texts("en") and prefix + value in texts("de"), prefix + value


def test_german_uses_the_german_editions_words():
    de = texts("de")
    assert de["dig.title"] == "Grab dich frei"
    assert de["dig.place.cell_block"] == "Zellenblock" and de["dig.place.showers"] == "Duschen"
    assert de["dig.place.recreational_area"] == "Aufenthaltsraum" and de["dig.place.infirmary"] == "Krankenstation"
    assert de["dig.place.cafeteria"] == "Cafeteria" and de["dig.param.seat"] == "Knacki"


def test_locale_files_are_prefixed_and_match():
    from pathlib import Path

    from catalogue import read, shown
    folder = Path(dig.__file__).parent / "locale"
    en, de = read(folder / "en.ftl"), read(folder / "de.ftl")
    assert set(en) == set(de)
    assert all(k.startswith(("dig.", "error.dig_", "settings.dig_")) for k in en)
    for key in en:
        assert shown(en[key]) == shown(de[key]), key


# -- the board the screen draws ------------------------------------------------------------------
def _area(board, key):
    return next(a for a in board.areas if a.key == key)


def _seat(board, seat):
    return next(v for v in board.seats if v.seat == seat)


def test_the_board_is_the_map_with_everybody_on_it():
    players = [{"name": "Ann", "colour": "orange", "letter": "A"}, {"name": "Bob", "colour": "sky", "letter": "B"}]
    s = GAME.setup(players, GAME.check_options({"michel": "michelle", "places": ["Laundry"], **BOARD}), 1,
                   random.Random(0))
    board = GAME.board(s, EN)
    assert board.layout == "map" and board.problems(2) == []
    assert [(a.key, a.label) for a in board.areas] == [
        ("cell_block", "Cell Block"), ("cafeteria", "Cafeteria"), ("recreational_area", "Recreational Area"),
        ("infirmary", "Infirmary"), ("showers", "Showers"), ("Laundry", "Laundry")]
    assert _area(board, "showers").facts == ("Die: 2, 5, 6",) and _area(board, "Laundry").facts == ()
    tokens = {t.key: t for t in board.tokens}
    assert (tokens["prisoner.0"].place, tokens["prisoner.0"].colour, tokens["prisoner.0"].label) == \
        ("cell_block", "orange", "Ann")
    assert (tokens["prisoner.1"].place, tokens["prisoner.1"].colour) == ("cell_block", "sky")
    assert (tokens["michel"].place, tokens["michel"].label) == ("showers", "Michelle")
    (track,) = board.tracks
    assert (track.key, track.values, track.goal) == ("tunnel", (0, 0), 12)
    assert _seat(board, 1).counts == (("Beatings", 0), ("Actions left", 2))   # Bob's turn
    assert _seat(board, 0).counts == (("Beatings", 0),)
    assert GAME.board(s, DE).areas[0].label == "Zellenblock" and _seat(GAME.board(s, DE), 1).counts[0][0] == "Prügel"


def test_the_board_follows_the_game():
    s = put(new(3, counters=True, michel="michel", **BOARD), 2, "cafeteria")
    s["prisoners"][0]["tunnel"] = 5
    s = play(s, "cautious_move", place="cafeteria")   # Ann: both actions
    s = play(s, "adjust", seat=1, what="beatings", delta=2)
    s = play(s, "adjust", seat=0, what="cigarettes", delta=4)
    s = play(s, "reveal_background", seat=2)
    board = GAME.board(s, EN)
    tokens = {t.key: t.place for t in board.tokens}
    assert tokens == {"prisoner.0": "cafeteria", "prisoner.1": "cell_block", "prisoner.2": "cafeteria",
                      "michel": "showers"}
    assert board.tracks[0].values == (5, 0, 0)
    assert _seat(board, 0).counts == (("Beatings", 0), ("Cigarettes", 4), ("Actions left", 0))
    assert _seat(board, 1).counts == (("Beatings", 2), ("Cigarettes", 0))
    # where room is short (a seat card): the number first, its word in the singular or plural
    assert _seat(board, 0).short == ("0 beatings", "4 cigarettes", "0 actions left")
    s = play(s, "adjust", seat=1, what="beatings", delta=-1)
    assert _seat(GAME.board(s, EN), 1).short == ("1 beating", "0 cigarettes")
    assert _seat(GAME.board(s, DE), 1).short == ("Prügel 1", "0 Zigaretten")
    assert _seat(board, 2).facts == ("Background revealed",)
    # the cards in the hands and the Background card itself are never on the board
    after, action = act(play(play(michel_game(), "cautious_move", place="showers"), "michel_card", knife=True),
                        "give_up", hand=5)
    words = json.dumps([GAME.board(after, EN)], default=lambda o: o.__dict__)
    assert action["card"] and "hand" not in words.lower() and "card" not in words.lower()


def test_the_board_of_a_team_game_has_both_cell_blocks_and_the_teams_points():
    s = new(4, teams="alternate", **BOARD)
    s["prisoners"][0]["tunnel"], s["prisoners"][2]["tunnel"] = 3, 4
    board = GAME.board(s, EN)
    keys = [a.key for a in board.areas]
    assert "cell_block" not in keys and keys[:2] == ["cell_block_a", "cell_block_b"]
    assert _area(board, "cell_block_a").facts == ("Die: 1, 2, 3, 5",)   # 1-3 and the 5 beside the Cell Block
    assert [(c.key, c.label, c.value, c.total) for c in board.counters] == [
        ("team.a", "Team A", 7, 16), ("team.b", "Team B", 0, 16)]
    assert [t.place for t in board.tokens] == ["cell_block_a", "cell_block_b"] * 2
    assert _seat(board, 1).facts == ("Team B",) and board.tracks[0].goal == 16


@pytest.mark.parametrize("seed,count,options", [
    (11, 2, {"michel": "michelle", "counters": True, "places": ["Laundry", "Yard"]}),
    (12, 4, {"michel": "michel", "teams": "halves"}),
    (13, 6, {"teams": "alternate", "counters": True}),
    (14, 5, {"michel": "michel"}),
])
def test_the_board_adds_up_over_random_play(seed, count, options):
    for state in _walk(seed, count, options):
        board = GAME.board(state, EN)
        assert board.problems(count) == []
        assert [a.key for a in board.areas] == state["places"]
        assert {t.key: t.place for t in board.tokens if t.key.startswith("prisoner.")} == {
            f"prisoner.{seat}": p["place"] for seat, p in enumerate(state["prisoners"])}
        team = [p["team"] for p in state["prisoners"]]   # the team variant: the team's points on each of its tokens
        assert board.tracks[0].values == tuple(dig.team_points(state, p["team"]) if p["team"] else p["tunnel"]
                                               for p in state["prisoners"]), team
        assert [v.seat for v in board.seats] == list(range(count))


# -- what the game remembers across tables: the board map ----------------------------------------
MAP = {"2": ["showers", "infirmary"], "3": ["cafeteria", "recreational_area"]}


def test_a_new_game_recalls_the_map_and_the_added_places():
    assert GAME.memory_keys == ("dig.board", "dig.places")
    assert GAME.recall({}) == {"board": {}, "places": []}
    memory = {"dig.board": {2: "infirmary+showers", "3": ["recreational_area", "cafeteria"], "5": ["Yard", "showers"]},
              "dig.places": [" Yard "]}
    options = GAME.recall(memory)
    assert options == {"board": {"2": ["infirmary", "showers"], "3": ["cafeteria", "recreational_area"],
                                 "5": ["showers", "Yard"]}, "places": ["Yard"]}
    assert GAME.check_options(options)["board"] == options["board"]   # a new game takes it as it is


@pytest.mark.parametrize("memory,options", [
    ({"dig.board": "garbage", "dig.places": ["Yard"]}, {"board": {}, "places": ["Yard"]}),
    ({"dig.board": MAP, "dig.places": ["x"] * 9}, {"board": dig.normalize_board(MAP), "places": []}),
    ({"dig.board": {"2": ["Yard", "showers"]}}, {"board": {}, "places": []}),   # a place nobody added
    ({"dig.board": {"1": ["showers", "infirmary"]}, "dig.places": 5}, {"board": {}, "places": []}),
])
def test_a_hand_edited_memory_the_game_would_refuse_is_ignored(memory, options):
    assert GAME.recall(memory) == options


def _learning(memory, options=None):
    """A table playing with what the memory holds, the memory learning after every change."""
    session = Session.create(Store.memory(), "dig", ["Ann", "Bob"], {**GAME.recall(memory), **(options or {})},
                             rng=random.Random(3))
    state = {"memory": memory, "taught": {}}

    def step(change):
        change(session)
        state["memory"], state["taught"] = GAME.learn(state["memory"], session.state, state["taught"])
        return state["memory"]
    return session, step


def test_a_face_learned_at_the_table_is_remembered_and_an_undo_takes_it_back():
    memory = {"dig.board": {"2": ["showers", "infirmary"]}}
    session, step = _learning(memory)
    assert step(lambda s: s.act({"type": "roll", "dice": [4]})) is memory   # asked, not answered: nothing new
    learned = step(lambda s: s.act({"type": "learn_face", "places": "infirmary+cafeteria"}))
    assert learned == {"dig.board": {"2": ["infirmary", "showers"], "4": ["cafeteria", "infirmary"]}}
    assert memory == {"dig.board": {"2": ["showers", "infirmary"]}}   # the old memory is left as it was
    assert step(lambda s: s.undo()) == {"dig.board": {"2": ["infirmary", "showers"]}}
    assert step(lambda s: s.redo())["dig.board"]["4"] == ["cafeteria", "infirmary"]


def test_a_corrected_face_is_remembered_and_an_undo_puts_the_old_pair_back():
    session, step = _learning({"dig.board": MAP})
    corrected = step(lambda s: s.act({"type": "set_face", "face": 2, "places": ["showers", "cafeteria"]}))
    assert corrected["dig.board"]["2"] == ["cafeteria", "showers"]
    assert step(lambda s: s.undo())["dig.board"]["2"] == ["infirmary", "showers"]


def test_the_places_a_game_was_played_with_are_remembered_with_what_it_learned():
    session, step = _learning({"dig.places": ["Yard"]}, {"places": ["Yard", "Laundry"]})
    assert step(lambda s: s.act({"type": "end_turn"})) == {"dig.places": ["Yard"]}   # nothing learned: unchanged
    learned = step(lambda s: s.act({"type": "set_face", "face": 6, "places": "Laundry+Yard"}))
    assert learned == {"dig.places": ["Yard", "Laundry"], "dig.board": {"6": ["Yard", "Laundry"]}}


def test_the_settings_screen_shows_the_map_in_words():
    memory = {"dig.board": {"3": ["showers", "infirmary"]}, "dig.places": ["Yard"]}
    view = GAME.memory_view(memory, EN)
    assert (view.title, view.note) == (EN("settings.dig_title"), EN("settings.dig_note"))
    assert [(e.key, e.text, e.known, e.fixed) for e in view.entries] == [
        ("1", "1: Cell Block + Cafeteria", True, True), ("2", "2: not known yet", False, False),
        ("3", "3: Infirmary + Showers", True, False), ("4", "4: not known yet", False, False),
        ("5", "5: not known yet", False, False), ("6", "6: not known yet", False, False)]
    assert view.fixed_note == EN("error.dig_face_one") and view.entries[0].choices == ()
    three = view.entries[2]
    assert three.question == "Which two places are beside the 3?"
    assert len(three.choices) == 15 and ("cell_block+showers", "Cell Block + Showers") in three.choices
    assert ("showers+Yard", "Showers + Yard") in three.choices
    (places,) = view.lists
    assert (places.key, places.items, places.can_add) == ("places", (("Yard", "Yard"),), True)
    assert (places.label, places.add_label) == (EN("settings.dig_places"), EN("settings.dig_add_place"))
    assert view.export_name == "dig-board.json" and view.exported.format(name="x.json") == "Map saved: x.json, in the folder of the saved games"
    assert GAME.memory_view({"dig.places": [f"P{i}" for i in range(6)]}, EN).lists[0].can_add is False
    german = GAME.memory_view(memory, DE)
    assert german.entries[2].text == "3: Krankenstation + Duschen" and german.entries[1].text == "2: noch unbekannt"


def test_the_settings_screen_sets_and_forgets_a_face():
    memory = {"dig.board": MAP}
    after = GAME.edit_memory(memory, ("set", "4", "showers+cell_block"))
    assert after["dig.board"] == {**dig.normalize_board(MAP), "4": ["cell_block", "showers"]}
    assert memory == {"dig.board": MAP}
    assert GAME.edit_memory(after, ("forget", "4"))["dig.board"] == dig.normalize_board(MAP)
    for change, key in ((("set", "1", "cell_block+cafeteria"), "dig_face_one"), (("forget", "1"), "dig_face_one"),
                        (("set", "4", "showers+showers"), "dig_same_place"),
                        (("set", "4", "showers+Yard"), "dig_bad_pair"), (("set", "7", "showers+infirmary"),
                                                                         "dig_bad_board")):
        with pytest.raises(IllegalAction) as info:
            GAME.edit_memory(memory, change)
        assert info.value.key == key and f"error.{key}" in texts("de")


def test_the_settings_screen_adds_and_removes_places():
    memory = GAME.edit_memory({}, ("add", "places", "  Yard "))
    assert memory == {"dig.places": ["Yard"]}
    memory = GAME.edit_memory(memory, ("set", "5", "Yard+showers"))
    memory = GAME.edit_memory(memory, ("set", "2", "showers+infirmary"))
    for name in ("yard", "cafeteria", "a+b", ""):
        with pytest.raises(IllegalAction) as info:
            GAME.edit_memory(memory, ("add", "places", name))
        assert info.value.key == "dig_bad_places"
    full = {"dig.places": [f"P{i}" for i in range(6)]}
    with pytest.raises(IllegalAction):
        GAME.edit_memory(full, ("add", "places", "Gym"))
    removed = GAME.edit_memory(memory, ("remove", "places", "Yard"))   # and the face that led there
    assert removed == {"dig.places": [], "dig.board": {"2": ["infirmary", "showers"]}}


def test_the_map_is_exported_with_the_rulebooks_face_and_what_is_unknown():
    memory = {"dig.board": {"3": ["Yard", "showers"]}, "dig.places": ["Yard"]}
    data = GAME.export_memory(memory)
    assert data == {"game": "dig", "board": {"1": ["cell_block", "cafeteria"], "3": ["showers", "Yard"]},
                    "places": ["Yard"], "unknown": [2, 4, 5, 6]}
    assert json.loads(json.dumps(data)) == data
    assert GAME.export_memory({"dig.board": "garbage"})["unknown"] == [2, 3, 4, 5, 6]
