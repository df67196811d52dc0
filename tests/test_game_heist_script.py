"""Whole games of Masterminds: Heist Society through the `companion script`
console script: JSON lines in, JSON lines out, to the final scoring."""
import json
import random
import subprocess
import sys
from collections import Counter
from pathlib import Path

from companion.games.heist import score_table, winners_of

REPO = Path(__file__).parent.parent
COMPANION = Path(sys.executable).parent / "companion"
HEIST = {"a": 5, "b": 6, "c": 7, "d": 8, "take": 4}


def script(lines, *args):
    proc = subprocess.run([str(COMPANION), "script", *args], input="".join(json.dumps(l) + "\n" for l in lines),
                          capture_output=True, text=True, timeout=120, cwd=REPO)
    return proc.returncode, [json.loads(l) for l in proc.stdout.splitlines()]


def one_heist_turn():
    """The active player takes heist 1 in one turn: a team of four, four Perfections."""
    lines = [{"action": "set_team", "recruits": 4}]
    for i, face in enumerate((1, 2, 3, 4)):
        lines.append({"action": "attempt" if i == 0 else "continue", "heist": 0, "total": 20, "recruits": 1})
        lines.append({"action": "place_die", "face": face})
    return lines + [{"action": "complete"}, {"action": "upkeep"}]


def test_a_whole_two_player_game_to_the_final_score():
    lines = [{"game": "heist", "players": [{"name": "Sapphire", "colour": "blue"},
                                           {"name": "Ruby", "colour": "vermillion"}]},
             {"action": "lay_heist", "slot": 0, "name": "Museum", **HEIST},
             {"action": "lay_heist", "slot": 1, "name": "Casino", **HEIST},
             {"action": "roll_first", "player": 0, "dice": [3]},
             {"action": "roll_first", "player": 1, "dice": [3]},    # tie: both roll again
             {"action": "roll_first", "player": 1, "dice": [2]},
             {"action": "roll_first", "player": 0, "dice": [5]}]     # Sapphire starts
    for turn in range(3):                                           # players + 1 = 3 heists
        lines += one_heist_turn()
        if turn < 2:
            lines.append({"action": "lay_heist", "slot": 0, **HEIST})
        lines.append({"action": "end_turn"})
    lines += [{"action": "roll_value", "player": 0, "dice": [2]},
              {"action": "roll_value", "player": 1, "dice": [5]}]
    code, replies = script(lines, "--memory")
    assert code == 0, [r for r in replies if not r["ok"]]
    assert all(r["ok"] for r in replies) and len(replies) == len(lines)
    first = replies[6]["state"]
    assert first["first_roll"]["history"] == [[3, 3], [5, 2]] and first["current"] == 0
    final = replies[-1]["state"]
    assert final["phase"] == "over" and final["finished"] and replies[-1]["legal"] == []
    assert final["completed"] == 3 and final["end"]["reason"] == "heists"
    assert [len(s["heists"]) for s in final["seats"]] == [2, 1]    # Sapphire, Ruby, Sapphire
    # every gem drawn is in the log and in a player's hand: none created or lost
    drawn = [r["state"]["completions"][-1]["gems"] for r, l in zip(replies, lines) if l.get("action") == "complete"]
    assert [len(g) for g in drawn] == [4, 4, 4]
    held = Counter()
    for seat in final["seats"]:
        held.update({c: n for c, n in seat["gems"].items() if n})
    assert held == Counter(g for gems in drawn for g in gems)
    for colour, n in final["start_bag"].items():
        assert final["bag"][colour] + held[colour] == n
    # the score table: blue is worth 2, vermillion 5, clear 2
    rows = score_table(final["colours"], [s["gems"] for s in final["seats"]], [2, 5])
    assert final["scores"] == rows and final["winners"] == winners_of(rows)
    assert rows[0]["worth"] == {"blue": 2, "vermillion": 5, "clear": 2}


def test_refused_lines_change_nothing_and_say_why():
    code, replies = script([
        {"game": "heist", "players": ["Ann", "Bob", "Cy"]},
        {"action": "attempt", "heist": 0, "total": 3, "recruits": 1},
        {"action": "lay_heist", "slot": 0, **HEIST, "a": 99},
        {"action": "lay_heist", "slot": 0, **HEIST},
        {"action": "lay_heist", "slot": 0, **HEIST},
        {"action": "undo"},
        {"action": "redo"},
    ], "--memory")
    assert [r["ok"] for r in replies] == [True, False, False, True, False, True, True]
    assert "not possible now" in replies[1]["error"]
    assert "step A" in replies[2]["error"] and "1 to 40" in replies[2]["error"]
    assert "already has a heist" in replies[4]["error"]
    assert replies[5]["state"] == replies[0]["state"] and replies[6]["state"] == replies[3]["state"]
    assert code == 1


class Table:
    """`companion script` driven line by line: each next action is chosen from the last reply."""

    def __init__(self, *args):
        self.proc = subprocess.Popen([str(COMPANION), "script", *args], stdin=subprocess.PIPE,
                                     stdout=subprocess.PIPE, text=True, cwd=REPO)

    def send(self, line):
        self.proc.stdin.write(json.dumps(line) + "\n")
        self.proc.stdin.flush()
        return json.loads(self.proc.stdout.readline())

    def close(self):
        self.proc.stdin.close()
        return self.proc.wait(timeout=60)


def next_line(state, legal, rng):
    """What a table might do next, with every die rolled by the app."""
    phase = state["phase"]
    me = state["current"]
    if phase in ("lay_heists", "upkeep") and "lay_heist" in legal:
        slot = state["heists"].index(None)
        return {"action": "lay_heist", "slot": slot, "a": rng.randint(3, 8), "b": rng.randint(4, 9),
                "c": rng.randint(5, 10), "d": rng.randint(6, 11), "take": rng.randint(3, 6)}
    if phase == "first_player":
        fr = state["first_roll"]
        return {"action": "roll_first", "player": next(s for s in fr["contenders"] if fr["rolls"][s] is None)}
    if phase == "start":
        if state["seats"][me]["team"] < 3:
            return {"action": "set_team", "recruits": rng.randint(3, 4)}
        return {"action": "attempt", "heist": rng.randrange(len(state["heists"])), "total": rng.randint(2, 12),
                "recruits": 1}
    if phase == "roll":
        return {"action": "roll"}
    if phase == "perfection":
        return {"action": "place_die", "face": rng.randint(1, 6)}
    if phase == "step_done":
        if "continue" in legal and rng.random() < 0.8:
            return {"action": "continue", "heist": state["attempt"]["heist"], "total": rng.randint(4, 14),
                    "recruits": 1}
        return {"action": "hold"}
    if phase == "complete":
        return {"action": "complete"}
    if phase in ("completed", "failure", "prep"):
        return {"action": "upkeep"}
    if phase == "upkeep":
        return {"action": "end_turn"}
    if phase == "scoring":
        return {"action": "roll_value", "player": state["values"].index(None)}
    raise AssertionError(phase)


def test_a_whole_three_player_game_rolled_by_the_app_then_continued_from_disk(tmp_path):
    rng = random.Random(2024)
    table = Table("--data-dir", str(tmp_path))
    reply = table.send({"game": "heist", "players": ["Ann", "Bob", "Cy"]})
    lines = 0
    while reply["state"]["phase"] != "over":
        reply = table.send(next_line(reply["state"], reply["legal"], rng))
        assert reply["ok"], reply
        lines += 1
        assert lines < 3000
    assert table.close() == 0
    final = reply["state"]
    assert final["finished"] and final["end"]["reason"] in ("heists", "bag_empty")
    assert all(v is not None for v in final["values"])
    for colour, n in final["start_bag"].items():
        assert final["bag"][colour] + sum(s["gems"][colour] for s in final["seats"]) == n
    assert final["winners"] == winners_of(final["scores"])
    # the saved game comes back identical, and undo/redo walk the same log
    code, replies = script([{"action": "undo"}, {"action": "redo"}], "--continue", str(reply["session"]),
                           "--data-dir", str(tmp_path))
    assert code == 0
    assert replies[0]["state"] == final
    assert replies[1]["state"]["phase"] == "scoring" and replies[2]["state"] == final
