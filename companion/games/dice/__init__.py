"""The dice table: just players, turn order and rolls.

The smallest game the shell can run before any real game lands; it is also the
reference for the plug-in interface.
"""
from __future__ import annotations

from ... import cues
from ...inputs import InputEvent
from ...players import left_of
from ..base import END_TURN, Game, IllegalAction, Move, Option, Param, name_of


def seat_roll(dice, t) -> str:
    """A seat's last roll on its token, short and never broken inside: "Rolled 5" for one
    die, "5+5+4=14" for several (the sum says it is a roll), "–" before its first."""
    if not dice:
        return "–"
    if len(dice) == 1:
        return t("dice.seat.rolled", dice=dice[0])
    return f"{'+'.join(map(str, dice))}={sum(dice)}"


# -- the moves: any seat may roll (its own roll), the turn passes left ------------------
def roll(s, a):
    s["rolls"] += 1
    s["last_roll"] = {"player": a["player"], "dice": list(a["dice"])}
    s["seat_rolls"][a["player"]] = list(a["dice"])
    if s["options"]["pass_after_roll"]:
        pass_turn(s, a)


def pass_turn(s, a):
    s["current"] = left_of(s["current"], len(s["players"]))
    if s["current"] == s["first_player"]:
        s["turn"] += 1


def end(s, a):
    s["finished"] = True


MOVES = (
    Move("roll", actor="any",
         params=lambda s, me: {"dice": Param("die", "param.dice", optional=True, count=s["options"]["dice"])},
         apply=roll, label="action.roll"),
    Move("pass", actor="current", apply=pass_turn, label="action.pass", role=END_TURN),
    Move("end", actor=None, apply=end, label="action.end"),
)


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
        return self.base_state(players, options, first_player=first_player, current=first_player, turn=1,
                               rolls=0, last_roll=None, seat_rolls=[None] * len(players))

    def upgrade(self, state):
        """A snapshot saved before each seat's last roll was kept: only the last roll of
        all is known then, at its seat."""
        if "seat_rolls" in state:
            return state
        seat_rolls = [None] * len(state["players"])
        last = state.get("last_roll")
        if last and 0 <= last["player"] < len(seat_rolls):
            seat_rolls[last["player"]] = list(last["dice"])
        return {**state, "seat_rolls": seat_rolls}

    moves = MOVES
    table_screen = "dice"        # its own screen: the seats, the big die, the counts, the timer
    counts_faces = True
    turn_timer = True
    announces_first = True

    def unknown_action(self, kind):
        return IllegalAction("unknown_action", f"the dice table has no action {kind!r}", action=kind)

    def pad_may(self, state, action, seat):
        """Any seat may roll for itself, unless each roll passes the turn."""
        if action["type"] == "roll" and not state["options"]["pass_after_roll"]:
            return not state["finished"]
        return super().pad_may(state, action, seat)

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

    def log_words(self, action, players, t):
        kind = action.get("type")
        if kind == "roll" and "dice" in action:
            seat = action.get("player")
            name = players[seat]["name"] if isinstance(seat, int) and 0 <= seat < len(players) else "?"
            dice = list(action["dice"])
            text = t("log.roll", name=name, dice=str(dice[0]) if len(dice) == 1 else
                     f"{' + '.join(map(str, dice))} = {sum(dice)}")
            return text + (" " + t("log.manual") if action.get("manual") else "")
        return t(f"log.{kind}") if kind in ("pass", "end") else None

    def board(self, state, t):
        """The round, whose turn it is, the last roll; on each seat's token its own last
        roll ("Rolled 5", "5+5+4=14"; "–" before its first)."""
        from ...board import Board, Counter, SeatView, Token   # here: the dice table's own screen draws no board

        last = state["last_roll"]
        counters = [Counter("round", t("dice.board.round"), state["turn"])]
        if last:
            counters.append(Counter("last_roll", t("dice.board.last_roll", name=name_of(state, last["player"])),
                                    sum(last["dice"]), big=True))
        seats = tuple(SeatView(seat, figures=(seat_roll(dice, t),))
                      for seat, dice in enumerate(state["seat_rolls"]))
        return Board(counters=tuple(counters), tokens=(Token("turn", t("dice.board.turn"), seat=state["current"]),),
                     seats=seats)

    def seat_figures(self, state, t):
        """board()'s seat figures without the Board: the dice table's screen shows only
        these, and companion.board (its nine dataclasses) is not imported at start for them."""
        return {seat: [seat_roll(dice, t)] for seat, dice in enumerate(state["seat_rolls"])}

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
        assert len(state["seat_rolls"]) == len(state["players"])
        assert last is None or state["seat_rolls"][last["player"]] == last["dice"]


GAME = DiceTable()
