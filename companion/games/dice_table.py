"""The dice table: just players, turn order and rolls.

The smallest game the shell can run before any real game lands; it is also the
reference for the plug-in interface.
"""
from __future__ import annotations

import random

from .. import cues
from ..dice import check_face, roll_d6
from ..inputs import InputEvent
from ..players import left_of
from .base import ActionSpec, Game, IllegalAction, Option, Param, player_of


class DiceTable(Game):
    id = "dice"
    title = "game.dice.title"
    min_players = 2
    max_players = 8
    options = (
        Option("dice", "int", 1, "option.dice", minimum=1, maximum=3),
        Option("pass_after_roll", "bool", False, "option.pass_after_roll"),
    )

    def setup(self, players, options, first_player, rng):
        return {
            "game": self.id,
            "players": players,
            "options": options,
            "first_player": first_player,
            "current": first_player,
            "turn": 1,
            "rolls": 0,
            "last_roll": None,
            "finished": False,
        }

    def legal_actions(self, state):
        if state["finished"]:
            return []
        me = state["current"]
        return [
            ActionSpec("roll", "action.roll", me,
                       {"dice": Param("die", "param.dice", optional=True, count=state["options"]["dice"])}),
            ActionSpec("pass", "action.pass", me),
            ActionSpec("end", "action.end"),
        ]

    def resolve(self, state, action, rng: random.Random):
        kind = action.get("type")
        if state["finished"]:
            raise IllegalAction("game_over", "the game is over; start a new one or undo")
        if kind == "roll":
            seat = player_of(state, action)
            count = state["options"]["dice"]
            given = action.get("dice")
            if given is None:
                return {"type": "roll", "player": seat, "dice": [roll_d6(rng) for _ in range(count)], "manual": False}
            if not isinstance(given, list) or len(given) != count:
                raise IllegalAction("dice_count", f"enter {count} die faces", count=count)
            try:
                faces = [check_face(v) for v in given]
            except ValueError as exc:
                raise IllegalAction("bad_face", str(exc)) from None
            return {"type": "roll", "player": seat, "dice": faces, "manual": True}
        if kind in ("pass", "end"):
            return {"type": kind}
        raise IllegalAction("unknown_action", f"the dice table has no action {kind!r}", action=kind)

    def apply(self, state, action):
        new = dict(state)
        if action["type"] == "roll":
            new["rolls"] = state["rolls"] + 1
            new["last_roll"] = {"player": action["player"], "dice": list(action["dice"])}
            if state["options"]["pass_after_roll"]:
                self._pass(new)
        elif action["type"] == "pass":
            self._pass(new)
        elif action["type"] == "end":
            new["finished"] = True
        return new

    @staticmethod
    def _pass(state):
        count = len(state["players"])
        state["current"] = left_of(state["current"], count)
        if state["current"] == state["first_player"]:
            state["turn"] = state["turn"] + 1

    def input_action(self, state, event):
        if state["finished"]:
            return None
        if event == InputEvent.ROLL:
            return {"type": "roll"}
        if event == InputEvent.CONFIRM:
            return {"type": "pass"}
        return None

    def summary(self, state, t):
        name = state["players"][state["current"]]["name"]
        if state["finished"]:
            headline = t("dice.finished")
        else:
            headline = t("dice.turn_of", name=name)
        lines = [t("dice.round", turn=state["turn"])]
        last = state["last_roll"]
        if last:
            who = state["players"][last["player"]]["name"]
            lines.append(t("dice.last_roll", name=who, dice=" + ".join(map(str, last["dice"])), total=sum(last["dice"])))
        return {"headline": headline, "lines": lines}

    def cues(self, before, after, action):
        if action["type"] == "roll":
            return [cues.TAP]
        if action["type"] == "end":
            return [cues.SUCCESS]
        return []

    def check_invariants(self, state):
        assert 0 <= state["current"] < len(state["players"])
        assert state["turn"] >= 1 and state["rolls"] >= 0
        last = state["last_roll"]
        assert last is None or all(1 <= f <= 6 for f in last["dice"])


GAME = DiceTable()
