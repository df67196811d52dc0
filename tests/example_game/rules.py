"""Coin toss, its rules: the state, the moves and what each does, the result.
Players take turns tossing a coin; heads scores a point; the first to `target`
points wins; a player who is behind may concede."""
from __future__ import annotations

from companion import cues
from companion.games.base import Game, Move, Option, Param, Rule
from companion.inputs import InputEvent
from companion.players import left_of


def toss(s, a):
    if a["side"] == "heads":
        s["points"][a["player"]] += 1
    if s["points"][a["player"]] >= s["options"]["target"]:
        s.update(finished=True, winners=[a["player"]], phase="over")
    else:
        s["current"] = left_of(s["current"], len(s["players"]))


MOVES = (
    Move("toss", phases=("play",), actor="current",
         params={"side": Param("choice", "coin.param.side", choices=("heads", "tails"), optional=True)},
         decide=lambda s, a, rng: {**a, "side": a.get("side") or rng.choice(("heads", "tails"))}, apply=toss),
    # Only a player who is behind may give up (the others share the win).
    Move("concede", phases=("play",), actor="current",
         unless=(Rule(lambda s, me: s["points"][me] >= max(s["points"]), "coin_not_behind",
                      "{name} is not behind: no need to concede"),),
         apply=lambda s, a: s.update(finished=True, phase="over",
                                     winners=[seat for seat in range(len(s["players"])) if seat != a["player"]])),
)


class CoinTossRules(Game):
    id = "coin"
    title = "coin.title"
    options = (Option("target", "int", 3, "coin.option.target", minimum=1, maximum=5),)
    moves = MOVES

    def setup(self, players, options, first_player, rng):
        return self.base_state(players, options, first_player=first_player, current=first_player, phase="play",
                               points=[0] * len(players), winners=[])

    def input_action(self, state, event):
        return {"type": "toss"} if event == InputEvent.ROLL and self.refusal(state, "toss") is None else None

    def cues(self, before, after, action):
        return [cues.SUCCESS] if after["finished"] else [cues.TAP]

    def check_invariants(self, state):
        assert all(0 <= n <= state["options"]["target"] for n in state["points"])
        assert state["finished"] == (state["phase"] == "over")

