"""Whole games of The Snitch through `companion script`, one JSON line at a time,
as a table would script them: setup, turns, resolutions, the gun and the escape,
to each of the endings, and who wins and who loses under each."""
import json
import subprocess
import sys
from pathlib import Path

import pytest

from companion.games.snitch import GAME
from companion.i18n import Catalogue

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


def told(state) -> dict:
    """What the screen says at the end of a scripted game: the game's own summary of
    the state `companion script` sent back (the banner, the winners, the losers)."""
    summary = GAME.summary(state, Catalogue("en"))
    return {"banner": summary["banner"], "winners": summary["prompt"], "losers": summary["lines"][-1],
            "badges": summary["badges"]}


def losers(state) -> list[int]:
    return [seat for seat in range(len(state["players"])) if seat not in state["winners"]]


def scheme_until_the_gun(s, reveals, required=2):
    """Turns until the phase leaves the scheming (the gun comes in, or time is up):
    the Soap holder plays under the Scheme nearest to complete that they may help,
    else draws; each resolution is revealed as the next entry of `reveals` (then
    clean successes). Returns the state after each reveal."""
    reveals = list(reveals)
    after = []
    while s.state["phase"] in ("turn", "resolution", "new_scheme"):
        state = s.state
        me = state["soap"]
        if state["phase"] == "turn" and not state["acted"]:
            targets = [t for t, scheme in enumerate(state["schemes"])
                       if t != me and scheme is not None and (state["riot"] or t in neighbours(state, me))]
            if state["hands"][me] > 0 and targets:
                nearest = min(targets, key=lambda t: state["schemes"][t]["required"] - state["schemes"][t]["under"])
                s.act("play_card", target=nearest)
            else:
                s.act("draw_card")
        elif state["phase"] == "turn":
            s.act("pass_soap")
        elif state["phase"] == "resolution":
            after.append(s.act("reveal", **(reveals.pop(0) if reveals else {"repeats": False, "backstabs": 0})))
        else:
            s.act("new_scheme", required=required)
    assert reveals == [], "the game left the scheming before every planned reveal"
    return after


def test_a_whole_game_to_a_successful_escape():
    s = Script({"game": "snitch", "players": ["Ann", "Bob", "Cy", "Dee", "Eve"],
                "options": {"harder": True, "vote": "secret"}})
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
        # the failed Scheme goes face down into Bob's stash: counted, never named
        assert state["phase"] == "new_scheme" and state["guard"] == 1 and not state["handcuffs_up"]
        assert state["stash"] == [0, 1, 0, 0, 0] and "stash_item" not in s.legal
        state = s.act("new_scheme", required=2)

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
            elif state["phase"] == "new_scheme":
                s.act("new_scheme", required=2)
            else:
                pytest.fail(f"unexpected phase {state['phase']}")
        state = s.state
        assert state["scored"] == 5 and state["outcome"] is None and state["guard"] is None

        # the secret vote: the ballots stay at the table; their totals alone come in. Cy gets it
        assert s.legal == ["secret_vote"] and s.replies[-1][1]["secret"] == ["votes", "stash_items"]   # secret fields
        assert "5" in s.refused("secret_vote", tally=[0, 0, 4, 0, 0])
        s.act("secret_vote", tally=[0, 1, 4, 0, 0])
        assert s.state["gun"] == 2 and s.state["tally"] == [0, 1, 4, 0, 0]
        assert s.legal == ["shoot", "hold_fire", "snitch_has_gun"]
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
        assert told(state) | {"badges": None} == {
            "banner": "The escape succeeded!", "winners": "Winners: Ann, Bob, Cy, Dee.", "losers": "Losers: Eve",
            "badges": None}
        assert s.legal == []
        assert "over" in s.refused("draw_card")

        # undo steps back over the end, redo comes back
        assert s.act("undo")["phase"] == "final_reveal"
        assert s.act("redo")["winners"] == [0, 1, 2, 3]

        # had Bob been the Snitch, Cy shot the wrong player: the Snitch and the shot player lose
        s.act("undo")
        state = s.act("reveal_snitch", seat=1)
        assert state["outcome"] == "escape_succeeded" and state["winners"] == [0, 2, 3] and losers(state) == [1, 4]
        assert told(state)["winners"] == "Winners: Ann, Cy, Dee." and told(state)["losers"] == "Losers: Bob, Eve"
        # with no Snitch at all only the shot player loses
        s.act("undo")
        state = s.act("no_snitch")
        assert state["winners"] == [0, 1, 2, 3] and losers(state) == [4]
        assert told(state)["losers"] == "Losers: Eve"
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


def test_a_whole_game_won_by_the_snitch_who_receives_the_gun():
    s = Script({"game": "snitch", "players": ["Ann", "Bob", "Cy", "Dee"], "options": {"vote": "secret"}})
    try:
        s.act("cards_ready")
        for _ in range(4):
            s.act("scheme", required=2)
        s.act("pick_guard", seat=2)
        s.act("pick_soap", seat=0)

        # a success with one Backstab (its owner draws 1 Interrogation card), a failure, then clean successes
        after = scheme_until_the_gun(s, [{"repeats": False, "backstabs": 1}, {"repeats": True, "backstabs": 0}])
        first, failure = after[0]["last_resolution"], after[1]["last_resolution"]
        assert first["success"] and first["draws"][-1] == {"seat": first["owner"], "deck": "interrogation",
                                                           "count": 1, "wanted": 1}
        assert not failure["success"] and after[1]["guard"] == failure["owner"]
        assert sum(not r["last_resolution"]["success"] for r in after) == 1 and len(after) == 6
        state = s.state
        assert state["phase"] == "gun_vote" and state["scored"] == 5 and state["outcome"] is None

        # the secret vote ties Bob and Dee: the Soap holder gives Dee the gun
        s.act("secret_vote", tally=[0, 2, 0, 2])
        assert s.state["phase"] == "tie_break" and s.state["tied"] == [1, 3] and s.legal == ["break_tie"]
        assert "not one of the tied" in s.refused("break_tie", target=0)
        s.act("break_tie", target=3)
        assert s.state["gun"] == 3 and s.state["phase"] == "shoot"

        # Dee shows the Snitch card: the Snitch wins at once, no escape
        assert "Dee's turn" in s.refused("snitch_has_gun", player=0)
        state = s.act("snitch_has_gun")
        assert state["phase"] == "over" and state["finished"] and state["outcome"] == "snitch_gun"
        assert state["snitch"] == 3 and state["escape"] == [] and state["shot"] is None
        assert state["winners"] == [3] and losers(state) == [0, 1, 2]
        assert told(state)["banner"] == "The Snitch got the gun and wins!"
        assert told(state)["winners"] == "Winners: Dee."
        assert told(state)["losers"] == "Losers: Ann, Bob, Cy"
        assert {"Winner", "Snitch"} <= set(told(state)["badges"][3])
        assert [(token.label, token.seat) for token in GAME.board(state, Catalogue("en")).tokens
                if token.key == "gun"] == [("Gun", 3)]                  # the gun: a piece at its seat
        assert s.legal == [] and "over" in s.refused("shoot", target=0)
    finally:
        code = s.close()
    assert code == 1


def test_a_whole_game_where_the_escape_fails():
    s = Script({"game": "snitch", "players": ["Ann", "Bob", "Cy", "Dee", "Eve", "Flo"]})
    try:
        s.act("cards_ready")
        for required in (1, 2, 1, 2, 1, 2):
            s.act("scheme", required=required)
        s.act("pick_guard", seat=5)
        s.act("pick_soap", seat=1)

        # a failure with 2 Backstab icons among the successes: owner, left, right, then the owner 2 more
        after = scheme_until_the_gun(s, [{"repeats": False, "backstabs": 0}, {"repeats": False, "backstabs": 2}],
                                     required=1)
        failure = after[1]["last_resolution"]
        owner = failure["owner"]
        assert not failure["success"]
        assert [(d["seat"], d["count"]) for d in failure["draws"]] == \
            [(owner, 1), ((owner + 1) % 6, 1), ((owner - 1) % 6, 1), (owner, 2)]
        assert after[1]["guard"] == owner and not after[1]["handcuffs_up"]
        assert s.state["phase"] == "gun_vote" and s.state["scored"] == 5

        # hands up (the vote without seat pads): the table enters that Cy gets the gun; Cy shoots Flo
        assert s.legal == ["open_vote"] and "hands up" in s.refused("secret_vote", tally=[0, 0, 6, 0, 0, 0])
        s.act("open_vote", target=2)
        assert s.state["gun"] == 2 and s.state["tally"] is None
        s.act("shoot", target=5)

        # everybody but Flo plays once in Cy's order, then Eve once more from the deck
        for seat in (2, 4, 0, 1, 3):
            s.act("escape_card", seat=seat)
        assert "shot" in s.refused("escape_card", seat=5)
        state = s.act("escape_card", seat=4, source="deck")
        assert state["phase"] == "escape_reveal" and [c["seat"] for c in state["escape"]] == [2, 4, 0, 1, 3, 4]
        assert state["escape"][-1]["source"] == "deck"

        # a Prison Contact repeats: the escape fails, whatever the Escape Plans
        state = s.act("escape_reveal", escape_plans=1, repeats=True, backstabs=1)
        assert state["outcome"] == "escape_failed" and state["phase"] == "final_reveal"
        assert state["escape_result"] == {"escape_plans": 1, "repeats": True, "backstabs": 1, "success": False}
        assert s.legal == ["reveal_snitch", "no_snitch"]

        # Flo was the Snitch: shot, and still the winner
        state = s.act("reveal_snitch", seat=5)
        assert state["finished"] and state["winners"] == [5] and losers(state) == [0, 1, 2, 3, 4]
        assert told(state) | {"badges": None} == {
            "banner": "The escape failed.", "winners": "Winners: Flo.",
            "losers": "Losers: Ann, Bob, Cy, Dee, Eve", "badges": None}
        assert set(told(state)["badges"][5]) == {"Winner", "Snitch"}       # two tags at most on a seat
        assert [(score.seat, score.rank, score.outcome) for score in GAME.board(state, Catalogue("en")).scores][0] \
            == (5, 1, "shot, won as the Snitch")

        # had Bob been the Snitch, Bob alone would win
        s.act("undo")
        state = s.act("reveal_snitch", seat=1)
        assert state["outcome"] == "escape_failed" and state["winners"] == [1] and losers(state) == [0, 2, 3, 4, 5]
        assert told(state)["losers"] == "Losers: Ann, Cy, Dee, Eve, Flo"

        # with no Snitch at the table the failed escape is everybody's loss
        s.act("undo")
        state = s.act("no_snitch")
        assert state["outcome"] == "escape_failed" and state["snitch"] is None
        assert state["winners"] == [] and losers(state) == [0, 1, 2, 3, 4, 5]
        assert told(state)["winners"] == "Nobody wins."
        assert told(state)["losers"] == "Losers: Ann, Bob, Cy, Dee, Eve, Flo"
    finally:
        code = s.close()
    assert code == 1


def test_a_whole_game_where_time_runs_out_with_no_snitch():
    s = Script({"game": "snitch", "players": ["Ann", "Bob", "Cy", "Dee", "Eve"]})
    try:
        s.act("cards_ready")
        for _ in range(5):
            s.act("scheme", required=3)
        s.act("pick_guard", seat=0)
        s.act("pick_soap", seat=2)

        # two Schemes resolve, one of each, before the gun is anywhere near
        resolved = []
        while len(resolved) < 2 or s.state["phase"] != "turn":
            state = s.state
            me = state["soap"]
            if state["phase"] == "turn" and not state["acted"]:
                target = (me + 1) % 5
                if state["hands"][me] > 0:
                    s.act("play_card", target=target)
                else:
                    s.act("draw_card")
            elif state["phase"] == "turn":
                s.act("pass_soap")
            elif state["phase"] == "resolution":
                reveal = {"repeats": False, "backstabs": 1} if not resolved else {"repeats": True, "backstabs": 1}
                resolved.append(s.act("reveal", **reveal)["last_resolution"])
            else:
                s.act("new_scheme", required=3)
        assert [r["success"] for r in resolved] == [True, False]
        assert s.state["scored"] == 1 and s.state["failed"] == 1

        # then everybody draws from the Interrogation Deck until it is empty
        while s.state["phase"] == "turn":
            if s.state["acted"]:
                s.act("pass_soap")
            else:
                s.act("draw_card")
        state = s.state
        assert state["interrogation"] == 0 and state["outcome"] == "deck_out" and state["phase"] == "final_reveal"
        assert state["riot"] and state["scored"] == 1
        assert s.legal == ["reveal_snitch", "no_snitch"]
        assert told(state)["banner"] == "Time is up: the Interrogation Deck ran out."

        # the Snitch was in the box: nobody held it, everybody loses
        state = s.act("no_snitch")
        assert state["finished"] and state["snitch"] is None
        assert state["winners"] == [] and losers(state) == [0, 1, 2, 3, 4]
        assert told(state) | {"badges": None} == {
            "banner": "Time is up: the Interrogation Deck ran out.", "winners": "Nobody wins.",
            "losers": "Losers: Ann, Bob, Cy, Dee, Eve", "badges": None}
        assert not any("Winner" in tags for tags in told(state)["badges"].values())

        # had Dee held the Snitch, time running out would make Dee the only winner
        s.act("undo")
        state = s.act("reveal_snitch", seat=3)
        assert state["winners"] == [3] and losers(state) == [0, 1, 2, 4]
        assert told(state)["winners"] == "Winners: Dee." and told(state)["losers"] == "Losers: Ann, Bob, Cy, Eve"
    finally:
        code = s.close()
    assert code == 0
