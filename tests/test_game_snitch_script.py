"""Whole games of The Snitch through `companion script`, one JSON line at a time,
as a table would script them: setup, turns, resolutions, the gun and the escape."""
import json
import subprocess
import sys
from pathlib import Path

import pytest

REPO = Path(__file__).parent.parent
COMPANION = Path(sys.executable).parent / "companion"

pytestmark = pytest.mark.slow


class Script:
    """A running `companion script --memory`: send a line, read its reply."""

    def __init__(self, setup: dict):
        self.proc = subprocess.Popen([str(COMPANION), "script", "--memory"], stdin=subprocess.PIPE,
                                     stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, cwd=REPO)
        self.replies = []
        reply = self.send(setup)
        assert reply["ok"], reply
        self.state = reply["state"]

    def send(self, line: dict) -> dict:
        self.proc.stdin.write(json.dumps(line) + "\n")
        self.proc.stdin.flush()
        reply = json.loads(self.proc.stdout.readline())
        self.replies.append((line, reply))
        if reply["ok"]:
            self.state = reply["state"]
            self.legal = reply["legal"]
        return reply

    def act(self, action: str, **args) -> dict:
        reply = self.send({"action": action, **args})
        assert reply["ok"], (action, args, reply)
        return reply["state"]

    def refused(self, action: str, **args) -> str:
        before = self.state
        reply = self.send({"action": action, **args})
        assert not reply["ok"] and "state" not in reply, reply
        assert self.state == before
        return reply["error"]

    def close(self) -> int:
        self.proc.stdin.close()
        code = self.proc.wait(timeout=60)
        self.proc.stdout.close()
        self.proc.stderr.close()
        return code


def neighbours(state, seat):
    n = len(state["players"])
    return {(seat + 1) % n, (seat - 1) % n}


def test_a_whole_game_to_a_successful_escape():
    s = Script({"game": "snitch", "players": ["Ann", "Bob", "Cy", "Dee", "Eve"], "options": {"harder": True}})
    try:
        assert s.state["interrogation"] == 18 and s.state["hands"] == [5, 5, 5, 5, 4]
        assert s.legal == ["cards_ready"]
        s.act("cards_ready")
        for _ in range(5):
            s.act("scheme", required=2)          # each seat in turn, from seat 1
        s.act("pick_guard", seat=4)              # Eve talks most
        state = s.act("pick_soap", seat=0)       # Ann looks most innocent
        assert state["phase"] == "turn" and state["soap"] == 0 and state["guard"] == 4

        # Ann and Cy fill Bob's Scheme: a repeated contact, it fails
        assert "neighbours" in s.refused("play_card", target=2)
        s.act("play_card", target=1)
        s.act("pass_soap")
        s.act("draw_card")                        # Bob cannot help himself
        s.act("pass_soap")
        state = s.act("play_card", target=1)
        assert state["phase"] == "resolution" and state["resolving"] == 1
        state = s.act("reveal", repeats=True, backstabs=0, own_contact=False)
        assert state["phase"] == "stash_item" and state["guard"] == 1 and not state["handcuffs_up"]
        s.act("stash_item", item="key")
        state = s.act("new_scheme", required=2)
        assert state["stash"][1]["key"] == 1

        assert state["phase"] == "turn" and state["acted"] and s.legal == ["pass_soap"]
        s.act("pass_soap")                        # Cy's turn ends after the resolution

        # the Guard is in front of Bob now: no Key for him
        while s.state["soap"] != 1:
            s.act("draw_card")
            s.act("pass_soap")
        assert "Bribe Money" in s.refused("use_item", item="key")

        # then every Scheme succeeds: play under the neighbour with the fullest Scheme
        while s.state["phase"] not in ("gun_vote",):
            state = s.state
            me = state["soap"]
            if state["phase"] == "turn" and not state["acted"]:
                targets = [t for t in sorted(neighbours(state, me)) if not state["riot"]] or \
                          [t for t in range(5) if t != me]
                if state["hands"][me] > 0:
                    best = max(targets, key=lambda t: state["schemes"][t]["under"])
                    s.act("play_card", target=best)
                else:
                    s.act("draw_card")
            elif state["phase"] == "turn":
                s.act("pass_soap")
            elif state["phase"] == "resolution":
                s.act("reveal", repeats=False, backstabs=0, own_contact=False)
            elif state["phase"] == "stash_item":
                s.act("stash_item", item="binoculars")
            elif state["phase"] == "new_scheme":
                s.act("new_scheme", required=2)
            else:
                pytest.fail(f"unexpected phase {state['phase']}")
        state = s.state
        assert state["scored"] == 5 and state["outcome"] is None and state["guard"] is None

        # the gun vote, from the Soap holder round to the left; Cy gets it
        soap = state["soap"]
        for i in range(5):
            s.act("vote", player=(soap + i) % 5, target=2)
        assert s.state["gun"] == 2 and s.legal == ["shoot", "hold_fire", "snitch_has_gun"]
        assert "themselves" in s.refused("shoot", target=2)
        s.act("shoot", target=4)

        # the escape: everybody but Eve once, in Cy's order, then Cy picks
        for seat in (2, 0, 1, 3):
            s.act("escape_card", seat=seat)
        assert "shot" in s.refused("escape_card", seat=4)
        s.act("escape_card", seat=0, source="deck")
        state = s.act("escape_card", seat=3)
        assert state["phase"] == "escape_reveal"
        state = s.act("escape_reveal", escape_plans=2, repeats=False, backstabs=1)
        assert state["outcome"] == "escape_succeeded" and not state["finished"]
        state = s.act("reveal_snitch", seat=4)
        assert state["finished"] and state["phase"] == "over"
        assert state["winners"] == [0, 1, 2, 3] and state["snitch"] == 4
        assert s.legal == []
        assert "over" in s.refused("draw_card")

        # undo steps back over the end, redo comes back
        assert s.act("undo")["phase"] == "final_reveal"
        assert s.act("redo")["winners"] == [0, 1, 2, 3]
    finally:
        code = s.close()
    assert code == 1      # some lines were refused on purpose


def test_a_whole_game_lost_to_the_interrogation_deck_part_way_through_a_failure():
    s = Script({"game": "snitch", "players": ["Ann", "Bob", "Cy", "Dee"]})
    try:
        s.act("cards_ready")
        for seat in range(4):
            s.act("scheme", player=seat, required=3)
        s.act("pick_guard")                       # at random
        s.act("pick_soap", seat=3)
        assert s.state["soap"] == 3 and s.state["guard"] in range(4)

        # everybody draws until 3 cards are left; the riot begins at 7, once
        riot_seen = []
        while s.state["interrogation"] > 3:
            s.act("draw_card")
            riot_seen.append(s.state["riot"])
            s.act("pass_soap")
        assert riot_seen.index(True) == 18 - 7 - 1 and all(riot_seen[riot_seen.index(True):])

        # in the riot anybody may help anybody: fill Dee's Scheme (3 cards)
        while s.state["phase"] != "resolution":
            me = s.state["soap"]
            if me == 3:
                assert "own Scheme" in s.refused("play_card", target=3)
                s.act("play_card", target=2)      # Dee helps Cy meanwhile
            else:
                s.act("play_card", target=3)
            if s.state["phase"] == "turn":
                s.act("pass_soap")
        assert s.state["resolving"] == 3

        # caught: Dee draws 1, Ann (left) 1, Cy (right) would draw the 4th card
        hands = list(s.state["hands"])
        state = s.act("reveal", repeats=False, backstabs=2)
        assert state["interrogation"] == 0 and state["outcome"] == "deck_out"
        assert [(d["seat"], d["count"]) for d in state["last_resolution"]["draws"]] == [(3, 1), (0, 1), (2, 1)]
        assert state["last_resolution"]["cut_short"]
        assert [state["hands"][i] - hands[i] for i in range(4)] == [1, 0, 1, 1]
        assert s.legal == ["reveal_snitch", "no_snitch"]
        assert "not possible" in s.refused("draw_card")
        state = s.act("no_snitch")
        assert state["finished"] and state["winners"] == []
    finally:
        code = s.close()
    assert code == 1


def test_a_scripted_game_resumes_where_it_stopped(tmp_path):
    lines = [{"game": "snitch", "players": ["Ann", "Bob", "Cy", "Dee", "Eve", "Flo"]},
             {"action": "cards_ready"}] + [{"action": "scheme", "required": 4}] * 6 + \
            [{"action": "pick_guard", "seat": 0}, {"action": "pick_soap", "seat": 0},
             {"action": "use_item", "item": "key"}, {"action": "draw_card"}, {"action": "pass_soap"}]
    proc = subprocess.run([str(COMPANION), "script", "--data-dir", str(tmp_path)],
                          input="".join(json.dumps(l) + "\n" for l in lines), capture_output=True, text=True,
                          timeout=60, cwd=REPO)
    replies = [json.loads(l) for l in proc.stdout.splitlines()]
    assert [r["ok"] for r in replies] == [True] * 10 + [False, True, True]
    assert proc.returncode == 1
    state = replies[-1]["state"]
    # Ann had the Guard: at the end of her turn the handcuffs go up, the Soap goes to Bob
    assert state["guard"] == 0 and state["handcuffs_up"] and state["soap"] == 1
    proc = subprocess.run([str(COMPANION), "script", "--data-dir", str(tmp_path), "--continue"],
                          input=json.dumps({"action": "draw_card"}) + "\n", capture_output=True, text=True,
                          timeout=60, cwd=REPO)
    resumed = [json.loads(l) for l in proc.stdout.splitlines()]
    assert resumed[0]["state"] == state and resumed[1]["state"]["interrogation"] == 16
