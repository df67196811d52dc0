"""Whole games of Sing Sing through the `companion script` console script (JSON lines)."""
import json
import subprocess
import sys
from pathlib import Path

from companion.games.singsing import GAME

REPO = Path(__file__).parent.parent
COMPANION = Path(sys.executable).parent / "companion"


def script(lines):
    proc = subprocess.run([str(COMPANION), "script", "--memory"], input="".join(json.dumps(l) + "\n" for l in lines),
                          capture_output=True, text=True, timeout=60, cwd=REPO)
    replies = [json.loads(line) for line in proc.stdout.splitlines()]
    assert len(replies) == len(lines), proc.stderr
    for reply in replies:
        if reply["ok"]:
            GAME.check_invariants(reply["state"])
    return proc.returncode, replies


def test_a_basic_game_without_the_tracker_to_three_different_convicts():
    # Every guess is wrong, so the starting player keeps the file and every freed
    # convict: whoever the random first player is, the lines are the same.
    lines = [{"game": "singsing", "players": ["Ann", "Bob", "Cy"]}]
    for convict in ("eddie", "joe", "mack"):
        lines += [{"action": "start_timer"}, {"action": "wrong"},             # one bar out
                  {"action": "free_convict", "convict": convict},            # the next bar frees one
                  {"action": "start_timer"}, {"action": "timeout"}]          # time up = wrong
    code, replies = script(lines)
    assert code == 0 and all(r["ok"] for r in replies)
    first = replies[0]["state"]
    assert first["file"] == first["first_player"] and first["mask"] == (first["first_player"] + 1) % 3
    assert replies[0]["legal"] == ["start_timer"]
    assert replies[1]["legal"] == ["right", "wrong", "timeout"]
    # wrong: the mask moves on, skipping the file holder
    masks = [replies[i]["state"]["mask"] for i in (0, 2, 5, 7)]
    assert all(m != first["file"] for m in masks)
    assert all(a != b for a, b in zip(masks, masks[1:])) and masks[0] == masks[2]
    last = replies[-1]["state"]
    assert last["finished"] and last["winner"] == first["first_player"] and last["win"] == "different"
    assert last["convicts"][first["first_player"]] == {"eddie": 1, "joe": 1, "mack": 1}
    assert replies[-1]["legal"] == []


def test_an_advanced_game_with_the_tracker_to_three_of_the_same():
    lines = [
        {"game": "singsing", "players": ["Ann", "Bob"], "options": {"advanced": True, "tracker": True, "seconds": 20}},
        {"action": "start_timer"},                                   # refused: no bar tapped yet
        {"action": "announce_two"},                                  # 2: a chip for two bars
        {"action": "remove_bar", "window": 1, "bar": "left"},
        {"action": "remove_bar", "window": 1, "bar": "long"},        # 4: the left card comes free
        {"action": "name_convict", "convict": "eddie"},
        {"action": "start_timer"},                                   # 6
        {"action": "timeout"},                                       # 7: time up on the first guess
        {"action": "second_guess"},                                  # 8: the guesser pays, the timer restarts
        {"action": "second_guess"},                                  # 9: refused, never a third
        {"action": "wrong"},                                         # 10: Eddie to the file holder
        {"action": "remove_bar", "window": 1, "bar": "right"},       # 11: the right card comes free
        {"action": "name_convict", "convict": "eddie"},
        {"action": "start_timer"},
        {"action": "wrong"},                                         # 14: second chance offered
        {"action": "pass_mask"},                                     # 15: the wrong stands: Eddie 2
        {"action": "undo"},
        {"action": "redo"},                                          # 17
        {"action": "announce_two"},
        {"action": "remove_bar", "window": 2, "bar": "long"},
        {"action": "remove_bar", "window": 2, "bar": "right"},       # 20
        {"action": "name_convict", "convict": "eddie"},
        {"action": "start_timer"},
        {"action": "wrong"},
        {"action": "pass_mask"},                                     # 24: Eddie 3: the file holder wins
        {"action": "start_timer"},                                   # 25: refused, the game is over
    ]
    code, replies = script(lines)
    assert code == 1  # some lines were refused on purpose
    refused = [i for i, r in enumerate(replies) if not r["ok"]]
    assert refused == [1, 9, 25]
    assert "tap the bar" in replies[1]["error"] and "third" in replies[9]["error"]
    assert "over" in replies[25]["error"]
    first = replies[0]["state"]["first_player"]
    guesser = 1 - first
    assert replies[2]["state"]["chips"][first] == 1
    assert replies[4]["state"]["phase"] == "name" and replies[4]["legal"] == ["name_convict"]
    assert replies[7]["state"]["phase"] == "second_chance"
    assert replies[8]["state"]["chips"][guesser] == 1 and replies[8]["state"]["guess"] == 2
    assert replies[10]["state"]["convicts"][first]["eddie"] == 1
    assert replies[10]["state"]["mask"] == guesser  # two players: the same guesser again
    assert replies[17]["state"] == replies[15]["state"]
    end = replies[24]["state"]
    assert end["finished"] and end["winner"] == first and end["win"] == "same"
    assert end["chips"][first] == 0 and end["chips"][guesser] == 1
    assert end["windows"][0]["cards"] == ["eddie", "eddie"] and end["windows"][1]["cards"] == ["barred", "eddie"]


def test_a_whole_game_played_line_by_line_from_the_replies():
    """Four players, tracker on, advanced: each next line is chosen from the last reply,
    verdicts cycling right, wrong, timeout, until somebody wins."""
    proc = subprocess.Popen([str(COMPANION), "script", "--memory"], stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                            text=True, cwd=REPO)

    def send(line):
        proc.stdin.write(json.dumps(line) + "\n")
        proc.stdin.flush()
        reply = json.loads(proc.stdout.readline())
        assert reply["ok"], (line, reply)
        GAME.check_invariants(reply["state"])
        return reply

    try:
        reply = send({"game": "singsing", "players": ["Ann", "Bob", "Cy", "Dee"],
                      "options": {"tracker": True, "advanced": True}})
        verdicts = ["right", "wrong", "timeout"]
        convicts = ["eddie", "joe", "mack", "joe", "joe"]
        n = 0
        rights = 0
        for _ in range(400):
            state = reply["state"]
            if state["finished"]:
                break
            phase = state["phase"]
            if phase == "remove":
                window = next(i for i, w in enumerate(state["windows"]) if w["left"] or w["long"] or w["right"])
                bar = next(b for b in ("long", "left", "right") if state["windows"][window][b])
                line = {"action": "remove_bar", "window": window + 1, "bar": bar}
            elif phase == "name":
                line = {"action": "name_convict", "convict": convicts[n % len(convicts)]}
            elif phase == "ready":
                line = {"action": "start_timer"}
            elif phase == "guess":
                line = {"action": verdicts[n % 3]}
                n += 1
            else:
                line = {"action": "second_guess" if n % 2 else "pass_mask"}
            before = state
            reply = send(line)
            after = reply["state"]
            if line["action"] == "right":
                rights += 1
                assert after["file"] == before["mask"] and after["mask"] == (before["mask"] + 1) % 4
        assert reply["state"]["finished"] and reply["state"]["winner"] is not None and rights > 0
    finally:
        proc.stdin.close()
        proc.wait(timeout=30)
    assert proc.returncode == 0
