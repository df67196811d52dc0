"""Whole games of Dig Your Way Out through `companion script` (JSON lines in and out).

The first player is drawn at random by the app, so every line leaves out
"player": each action is for whoever's move it is, and the assertions follow
the seats from `first_player`.
"""
import json
import subprocess
import sys
from pathlib import Path

REPO = Path(__file__).parent.parent
COMPANION = Path(sys.executable).parent / "companion"


def script(lines):
    proc = subprocess.run([str(COMPANION), "script", "--memory"], input="".join(json.dumps(l) + "\n" for l in lines),
                          capture_output=True, text=True, timeout=60, cwd=REPO)
    return proc.returncode, [json.loads(line) for line in proc.stdout.splitlines()]


def test_a_two_player_game_with_michel_to_the_winner():
    lines = [
        {"game": "dig", "players": ["Ann", "Bob"], "options": {"michel": "michel"}},
        # turn 1, X (the first player): a 1 from the Cell Block can only go to the Cafeteria
        {"action": "roll", "dice": [1]},                                        # 1
        {"action": "steal_spoon"},                                              # 2
        {"action": "end_turn"},                                                 # 3
        {"action": "roll_michel", "dice": [3]},                                 # 4: face 3 is not known yet
        {"action": "learn_face", "places": "showers+infirmary"},                # 5: Michel must leave the Showers
        # turn 1, Y
        {"action": "roll", "dice": [1]},                                        # 6
        {"action": "search"},                                                   # 7
        {"action": "search"},                                                   # 8: refused, once per turn
        {"action": "end_turn"},                                                 # 9
        {"action": "roll_michel", "dice": [1]},                                 # 10: Cell Block or Cafeteria
        {"action": "go", "place": "cafeteria"},                                 # 11: both prisoners stand there
        {"action": "michel_card", "knife": True},                               # 12: Y first (the roller)
        {"action": "fight"},                                                    # 13
        {"action": "michel_card", "knife": False},                              # 14: Y wins
        {"action": "michel_card", "knife": True},                               # 15: then X
        {"action": "give_up", "hand": 4},                                       # 16: a Beating, a random card
        # turn 2, X: back to the Cell Block and dig
        {"action": "roll", "dice": [1]},                                        # 17
        {"action": "craft", "item": "knives"},                                  # 18: refused (Cell Block; Beaten)
        {"action": "dig", "tool": "spoon", "points": 5},                        # 19
        {"action": "end_turn"},                                                 # 20
        {"action": "skip_michel"},                                              # 21
        # turn 2, Y
        {"action": "roll", "dice": [1]},                                        # 22
        {"action": "dig", "tool": "pickaxe", "points": 4},                      # 23
        {"action": "end_turn"},                                                 # 24
        {"action": "skip_michel"},                                              # 25
        # turn 3
        {"action": "dig", "tool": "shovel", "points": 5},                       # 26: X 10
        {"action": "end_turn"},                                                 # 27
        {"action": "skip_michel"},                                              # 28
        {"action": "dig", "tool": "pickaxe", "points": 3},                      # 29: Y 7
        {"action": "end_turn"},                                                 # 30
        {"action": "skip_michel"},                                              # 31
        # turn 4: X reaches 12
        {"action": "dig", "tool": "pickaxe", "points": 2},                      # 32
        {"action": "end_turn"},                                                 # 33: refused, the game is over
        {"action": "undo"},                                                     # 34
        {"action": "redo"},                                                     # 35
    ]
    code, replies = script(lines)
    assert len(replies) == len(lines)
    refused = {8, 18, 33}
    assert [i for i, r in enumerate(replies) if not r["ok"]] == sorted(refused), replies
    assert code == 1  # some lines were refused on purpose

    x = replies[0]["state"]["first_player"]
    y = 1 - x
    state = [r.get("state") for r in replies]
    assert state[0]["threshold"] == 12 and state[0]["michel"]["place"] == "showers"

    assert state[1]["prisoners"][x]["place"] == "cafeteria"           # forced
    assert state[1]["actions_left"] == 1
    assert replies[4]["legal"] == ["learn_face"] and state[4]["phase"] == "ask_face"
    assert state[5]["board"]["3"] == ["infirmary", "showers"]
    assert state[5]["michel"]["place"] == "infirmary" and state[5]["current"] == y
    assert "once per turn" in replies[8]["error"]

    assert replies[10]["legal"] == ["go"] and state[10]["move"]["options"] == ["cell_block", "cafeteria"]
    assert state[11]["phase"] == "extortion"
    assert state[11]["extortion"]["victim"] == y and state[11]["queue"] == [x]   # clockwise from the roller
    assert state[14]["extortion"]["victim"] == x
    assert {"key": "dig.note.michel_won", "seat": y} in state[14]["notes"]
    assert state[16]["prisoners"][x]["beatings"] == 1 and state[16]["prisoners"][y]["beatings"] == 0
    card = [n for n in state[16]["notes"] if n["key"] == "dig.note.random_discard_n"][0]
    assert 1 <= card["n"] <= 4 and card["hand"] == 4
    assert state[16]["current"] == x and state[16]["turn"] == 2

    assert state[17]["prisoners"][x]["place"] == "cell_block"
    assert "craft" not in replies[17]["legal"]
    assert state[32]["finished"] and state[32]["winner"] == {"seat": x, "team": None}
    assert state[32]["prisoners"][x]["tunnel"] == 12 and state[32]["prisoners"][y]["tunnel"] == 7
    assert replies[32]["legal"] == []
    assert "game is over" in replies[33]["error"]
    assert not state[34]["finished"] and state[35] == state[32]


def test_a_team_game_to_the_winning_team():
    lines = [{"game": "dig", "players": ["Ann", "Bob", "Cy", "Dee"], "options": {"teams": "alternate"}}]
    for points in (5, 5, 5, 5, 5, 5):
        lines += [{"action": "dig", "tool": "shovel", "points": points}, {"action": "end_turn"}]
    lines += [{"action": "dig", "tool": "spoon", "points": 1}]
    code, replies = script(lines)
    assert code == 0 and all(r["ok"] for r in replies)
    first = replies[0]["state"]["first_player"]
    start = replies[0]["state"]
    assert start["threshold"] == 16 and start["team_mode"]
    team = start["prisoners"][first]["team"]
    assert start["prisoners"][first]["place"] == f"cell_block_{team}"
    end = replies[-1]["state"]
    assert end["finished"] and end["winner"]["team"] == team and end["winner"]["seat"] == (first + 2) % 4
    assert sum(p["tunnel"] for p in end["prisoners"] if p["team"] == team) == 16


def test_a_saved_board_map_is_used_and_extra_places_can_be_reached():
    lines = [
        {"game": "dig", "players": ["Ann", "Bob"],
         "options": {"places": ["Laundry"], "board": {"2": ["Laundry", "showers"]}}},
        {"action": "roll", "dice": [2]},
        {"action": "go", "place": "Laundry"},
        {"action": "roll", "dice": [4]},
    ]
    code, replies = script(lines)
    assert code == 0
    first = replies[0]["state"]["first_player"]
    assert replies[1]["legal"] == ["go"]
    assert replies[2]["state"]["prisoners"][first]["place"] == "Laundry"
    assert replies[3]["legal"] == ["learn_face"]
    assert replies[3]["state"]["phase"] == "ask_face" and replies[3]["state"]["move"]["face"] == 4


def test_a_bad_board_map_is_refused_at_setup():
    code, replies = script([{"game": "dig", "players": ["Ann", "Bob"], "options": {"board": {"1": ["showers", "infirmary"]}}}])
    assert code == 1 and not replies[0]["ok"] and "face 1" in replies[0]["error"]
