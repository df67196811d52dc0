"""The setup checklist a game may begin with: the box laid out as its rulebook
says, step by step, then who starts as the rulebook says it, or at random.

The game begins in phase "setup" when its option `checklist` is on. Each step is
checked off by a tap (`check_step`, one button per step still to do); a table
that knows the game skips the rest at once (`skip_setup`). Where the rulebook
names who starts ("the player with the most impressive scar"), `pick_first`
then takes that seat from the table, or one at random, decided once and written
into the action. Every one of them is an action, so UNDO takes it back.

A game saved before the checklist has no `checklist` option: it began in play,
and replays as it did. A script's game has it off unless it asks for it; the
setup screen begins with it on (Option.table_default).
"""
from __future__ import annotations

from .base import Move, Option, Param, Rule

SETUP = "setup"
CHECK, SKIP, FIRST = "check_step", "skip_setup", "pick_first"


def option() -> Option:
    return Option("checklist", "bool", False, "option.checklist", table_default=True)


def wanted(options: dict) -> bool:
    """Does this game begin with the checklist? (Old games: no such option, no.)"""
    return bool(options.get("checklist"))


def steps(keys) -> dict:
    """The checklist's fields of a game that begins with it (in phase SETUP): its steps, none done."""
    return {"steps": list(keys), "checked": []}


def remaining(s) -> list[str]:
    return [step for step in s.get("steps") or () if step not in s.get("checked", ())]


def moves(game_id: str, start, first: bool = False) -> tuple[Move, ...]:
    """The checklist's moves for a game. `start(s, seat)` begins the play on a copy of
    the state (seat: who starts, when `first`; else None). `first`: the rulebook names
    who starts, so the table picks the seat (left out: at random) once all is laid out."""
    open_steps = Rule(lambda s, me: not remaining(s), "setup_checked",
                      "the box is laid out; " + ("say who starts (pick_first)" if first else "play on"))

    def step_param(steps):
        return {"step": Param("choice", "setup.param.step", tuple(steps), error="setup_bad_step",
                              message="the setup step is one of " + ", ".join(steps) + ", not {value}")}

    def check(s, a):
        s["checked"] = s["checked"] + [a["step"]]
        if not remaining(s) and not first:
            start(s, None)

    def skip(s, a):
        s["checked"] = list(s["steps"])
        if not first:
            start(s, None)

    out = [
        Move(CHECK, phases=(SETUP,), actor=None, params=lambda s, me: step_param(remaining(s)), unless=(open_steps,),
             apply=check, listing=lambda s, me: [step_param([step]) for step in remaining(s)],
             label=lambda params: f"{game_id}.setup.{params['step'].choices[0]}.done"),
        Move(SKIP, phases=(SETUP,), actor=None, unless=(open_steps,), apply=skip, label="setup.action.skip"),
    ]
    if first:
        out.append(Move(FIRST, phases=(SETUP,), actor=None,
                        params=lambda s, me: {"seat": Param("seat", f"{game_id}.param.first",
                                                            tuple(range(len(s["players"]))), optional=True,
                                                            message="there is no seat {value} at this table")},
                        unless=(Rule(lambda s, me: bool(remaining(s)), "setup_not_laid_out",
                                     "lay out the box first: check each step (check_step) or skip them (skip_setup)"),),
                        decide=pick_at_random, apply=lambda s, a: start(s, a["seat"]),
                        label=f"{game_id}.action.pick_first"))
    return tuple(out)


def log_words(action: dict, players: list[dict], t) -> str | None:
    """Who starts, in the log: picked by the table or drawn at random (else None: the label says it)."""
    if action.get("type") != FIRST or not 0 <= action.get("seat", -1) < len(players):
        return None
    name = players[action["seat"]]["name"]
    return t("setup.log.first_random" if action.get("random") else "setup.log.first", name=name)


def pick_at_random(s, a, rng):
    """Who starts: the seat the table names, or one at random (stored in the action)."""
    if "seat" in a:
        return {**a, "random": False}
    return {**a, "seat": rng.randrange(len(s["players"])), "random": True}


def summary(game_id: str, state: dict, t, **fields) -> dict:
    """The checklist on the screen: every step in the rulebook's order, those done
    marked; what to do now; once laid out, who starts."""
    steps, checked = state["steps"], set(state["checked"])
    n = len(state["players"])
    lines = [t("setup.line.done" if step in checked else "setup.line.todo",
               text=t(f"{game_id}.setup.{step}", count=n, **fields)) for step in steps]
    left = remaining(state)
    if left:
        prompt = t("setup.prompt.check", count=len(left))
    else:
        prompt = t(f"{game_id}.prompt.pick_first")
    # no news line over the list: the step just ticked is marked in it, right there
    return {"headline": t("setup.headline", game=t(f"{game_id}.title")), "banner": "",
            "badges": {seat: [] for seat in range(n)},
            "lines": lines, "prompt": prompt, "news": False}


def check_invariants(state: dict) -> None:
    assert set(state["checked"]) <= set(state["steps"]) and len(set(state["checked"])) == len(state["checked"])
