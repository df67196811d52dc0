"""Masterminds: Heist Society: heist-step dice, the gem bag and final scoring.

The companion is the dice tray, the gem bag and the score sheet. The cards
(Talent, Prep, Failure, Heist) stay on the table: the app is told what it
needs from them (the challenge numbers and TAKE of each heist, the skill total
of an attempt, the size of a team) and reminds the table of the rest.

Phases, in order (state["phase"]):

    lay_heists    enter the 2 (3 with 5+ players) heists from the cards
    first_player  everybody rolls one die; the highest starts, ties reroll
    start         the active player picks PREP or HEIST
    prep          a prep turn (recruit, then two plans); the app only reminds
    roll          a heist step is attempted and must be rolled
    perfection    the skill total beat the challenge before rolling: pick a face
    step_done     a step succeeded: Hold or Continue
    complete      step D succeeded: Complete (draw the TAKE from the bag)
    completed     the gems are drawn; the completion reminders
    failure       the roll fell short: the Failure card reminder
    upkeep        refresh the heists, hand limit, end of turn
    scoring       the game has ended: each player rolls the value of their colour
    over          the score table and the winner

Everything random (dice, gem draws) is decided in `resolve` and written into
the action, so `apply` is pure and a replay deals the same gems.
"""
from __future__ import annotations

import random
from collections import Counter

from .. import cues, lights
from ..dice import check_face, roll_d6
from ..inputs import InputEvent
from ..players import left_of
from .base import ActionSpec, Game, IllegalAction, Option, Param

# -- the rules' numbers and our readings, in one place --------------------------
GEMS_PER_COLOUR = 5          # each Mastermind puts the 5 gems of their colour in the bag
CLEAR = "clear"              # the clear gems (diamonds)
CLEAR_GEMS = 10
CLEAR_VALUE = 2              # clear gems are always worth 2
STEPS = ("A", "B", "C", "D")
MAX_TEAM = 4                 # a team has up to four recruits
MAX_ACTIVATED = 3            # up to three recruits take part in one step
START_TEAM = 1               # everybody starts with one recruit
HAND_LIMIT = 6
MATCHING_FOR_BONUS = 3       # *reading*: at least 3 of the completer's 4 dice show one number
CHALLENGE_RANGE = (1, 40)    # what a heist card can ask (entered by hand)
TOTAL_RANGE = (0, 60)        # a skill total as entered
TAKE_RANGE = (1, 10)
MODIFIER_RANGE = (-10, 10)   # interrupts and abilities that change a rolled total
NAME_LENGTH = 30
SKILL_LENGTH = 20
# *reading*: a player's gem colour is their seat colour at this table (chosen
# when the table is set, to match the Mastermind colour card they took).


def heist_slots(players: int) -> int:
    """Heists on the table: two, three with five or more players."""
    return 3 if players >= 5 else 2


def starter_cash(players: int) -> int:
    """Starter Cash cards each: one with two players, two with three or more."""
    return 1 if players == 2 else 2


def heists_to_end(players: int) -> int:
    """Completed heists that end the game: players + 1."""
    return players + 1


def judge(total: int, challenge: int, die: int | None = None, modifier: int = 0) -> str:
    """Perfection before rolling (die None), else Success, Push or Failure."""
    if die is None:
        return "perfection" if total > challenge else "roll"
    score = total + die + modifier
    if score > challenge:
        return "success"
    if score == challenge:
        return "push"
    return "failure"


def bonus_due(faces: list[int]) -> bool:
    """3 matching dice numbers on the completed heist earn one bonus gem."""
    return bool(faces) and max(Counter(faces).values()) >= MATCHING_FOR_BONUS


def score_table(colours: list[str], gems: list[dict], values: list[int]) -> list[dict]:
    """Final scoring: seat s's die is the value of colour colours[s] for everybody;
    clear gems are worth CLEAR_VALUE. Returns one row per seat."""
    worth = {colour: values[seat] for seat, colour in enumerate(colours)}
    worth[CLEAR] = CLEAR_VALUE
    rows = []
    for seat, held in enumerate(gems):
        points = {colour: held.get(colour, 0) * worth[colour] for colour in worth}
        rows.append({"seat": seat, "gems": {c: held.get(c, 0) for c in worth}, "worth": dict(worth),
                     "points": points, "total": sum(points.values())})
    return rows


def winners_of(rows: list[dict]) -> list[int]:
    """Every seat with the highest total: more than one is a tie."""
    best = max(row["total"] for row in rows)
    return [row["seat"] for row in rows if row["total"] == best]


def first_player_result(rolls: list[int | None], contenders: list[int]) -> list[int]:
    """The seats with the highest roll among the contenders (one: they start)."""
    best = max(rolls[s] for s in contenders)
    return [s for s in contenders if rolls[s] == best]


# -- small checks -------------------------------------------------------------
def _int(value, low, high, field):
    if isinstance(value, bool) or not isinstance(value, int) or not low <= value <= high:
        raise IllegalAction("heist_bad_number", f"{field} must be a whole number from {low} to {high}, not {value!r}",
                            field=field, low=low, high=high)
    return value


def _text(value, limit, field):
    if value is None:
        return ""
    if not isinstance(value, str) or len(value.strip()) > limit:
        raise IllegalAction("heist_bad_text", f"{field} must be a text of at most {limit} letters",
                            field=field, limit=limit)
    return value.strip()


def _dice(action, rng):
    """One die: rolled by the app, or a physical die entered by hand."""
    given = action.get("dice")
    if given is None:
        return [roll_d6(rng)], False
    if not isinstance(given, list) or len(given) != 1:
        raise IllegalAction("heist_one_die", "enter one die face, as a list: [4]")
    try:
        return [check_face(given[0])], True
    except ValueError as exc:
        raise IllegalAction("heist_bad_face", str(exc)) from None


PLAY_PHASES = ("start", "prep", "roll", "perfection", "step_done", "complete", "completed", "failure", "upkeep")
ANYTIME = ("set_team", "pay_gem", "flip_cash")   # any player, any phase of play
ACTIONS = {
    "lay_heists": ("lay_heist",),
    "first_player": ("roll_first",),
    "start": ("prep", "attempt"),
    "prep": ("upkeep",),
    "roll": ("roll",),
    "perfection": ("place_die",),
    "step_done": ("hold", "continue"),
    "complete": ("complete",),
    "completed": ("upkeep",),
    "failure": ("upkeep",),
    "upkeep": ("lay_heist", "end_turn"),
    "scoring": ("roll_value",),
    "over": (),
}
ALL_ACTIONS = {name for names in ACTIONS.values() for name in names} | set(ANYTIME)


class Heist(Game):
    id = "heist"
    title = "heist.title"
    min_players = 2
    max_players = 6
    options = (
        Option("roll_for_first", "bool", True, "heist.option.roll_for_first"),
    )
    help_keys = tuple(f"heist.help.{name}" for name in (
        "colours", "first", "perfection", "recruits", "dice", "bonus", "end", "anytime", "buttons"))

    # -- setup -----------------------------------------------------------
    def setup(self, players, options, first_player, rng):
        count = len(players)
        colours = [p["colour"] for p in players]
        start_bag = {c: GEMS_PER_COLOUR for c in colours}
        start_bag[CLEAR] = CLEAR_GEMS
        cash = starter_cash(count)
        return {
            "game": self.id,
            "players": players,
            "options": options,
            "phase": "lay_heists",
            "colours": colours,
            "start_bag": start_bag,
            "bag": dict(start_bag),
            "seats": [{"gems": {c: 0 for c in start_bag}, "cash": cash, "cash_flipped": 0,
                       "team": START_TEAM, "heists": []} for _ in players],
            "heists": [None] * heist_slots(count),
            "drawn_first": first_player,
            "first_roll": {"round": 1, "contenders": list(range(count)), "rolls": [None] * count, "history": []},
            "first_player": None,
            "current": None,
            "turn": 0,
            "activated": 0,
            "attempt": None,
            "last": None,
            "completed": 0,
            "completions": [],
            "end": None,
            "values": [None] * count,
            "scores": None,
            "winners": [],
            "finished": False,
        }

    # -- what may be done now ---------------------------------------------
    def legal_actions(self, state):
        phase = state["phase"]
        me = state["current"]
        out = []
        if phase == "lay_heists" or (phase == "upkeep" and state["end"] is None):
            empty = tuple(i for i, h in enumerate(state["heists"]) if h is None)
            if empty:
                out.append(ActionSpec("lay_heist", "heist.action.lay_heist", None, self._heist_params(empty)))
        if phase == "first_player":
            fr = state["first_roll"]
            for seat in fr["contenders"]:
                if fr["rolls"][seat] is None:
                    out.append(ActionSpec("roll_first", "heist.action.roll_first", seat,
                                          {"dice": Param("die", "heist.param.die", optional=True)}))
        elif phase == "start":
            out.append(ActionSpec("prep", "heist.action.prep", me))
            spec = self._attempt_spec(state, "attempt")
            if spec:
                out.append(spec)
        elif phase in ("prep", "completed", "failure"):
            out.append(ActionSpec("upkeep", "heist.action.upkeep", me))
        elif phase == "roll":
            out.append(ActionSpec("roll", "heist.action.roll", me, {
                "dice": Param("die", "heist.param.die", optional=True),
                "modifier": Param("int", "heist.param.modifier", minimum=MODIFIER_RANGE[0],
                                  maximum=MODIFIER_RANGE[1], optional=True)}))
        elif phase == "perfection":
            out.append(ActionSpec("place_die", "heist.action.place_die", me,
                                  {"face": Param("int", "heist.param.face", minimum=1, maximum=6)}))
        elif phase == "step_done":
            out.append(ActionSpec("hold", "heist.action.hold", me))
            spec = self._attempt_spec(state, "continue")
            if spec:
                out.append(spec)
        elif phase == "complete":
            out.append(ActionSpec("complete", "heist.action.complete", me))
        elif phase == "upkeep":
            if state["end"] is not None or all(h is not None for h in state["heists"]):
                out.append(ActionSpec("end_turn", "heist.action.end_turn", me))
        elif phase == "scoring":
            for seat, value in enumerate(state["values"]):
                if value is None:
                    out.append(ActionSpec("roll_value", "heist.action.roll_value", seat,
                                          {"dice": Param("die", "heist.param.die", optional=True)}))
        if phase in PLAY_PHASES:
            for seat, mine in enumerate(state["seats"]):
                held = tuple(c for c, n in mine["gems"].items() if n > 0)
                if held:
                    out.append(ActionSpec("pay_gem", "heist.action.pay_gem", seat,
                                          {"gem": Param("choice", "heist.param.gem", choices=held)}))
                if mine["cash"] > 0:
                    out.append(ActionSpec("flip_cash", "heist.action.flip_cash", seat))
            for seat in range(len(state["seats"])):
                out.append(ActionSpec("set_team", "heist.action.set_team", seat,
                                      {"recruits": Param("int", "heist.param.recruits", minimum=0, maximum=MAX_TEAM)}))
        return out

    @staticmethod
    def _heist_params(empty):
        params = {"slot": Param("choice", "heist.param.slot", choices=empty)}
        for step in STEPS:
            params[step.lower()] = Param("int", f"heist.param.challenge_{step.lower()}",
                                         minimum=CHALLENGE_RANGE[0], maximum=CHALLENGE_RANGE[1])
        params["take"] = Param("int", "heist.param.take", minimum=TAKE_RANGE[0], maximum=TAKE_RANGE[1])
        params["name"] = Param("text", "heist.param.name", optional=True)
        for step in STEPS:
            params[f"skill_{step.lower()}"] = Param("text", "heist.param.skill", optional=True)
        return params

    def _attempt_spec(self, state, kind):
        free = self._free_recruits(state)
        slots = tuple(i for i, h in enumerate(state["heists"]) if h is not None)
        if free < 1 or not slots:
            return None
        return ActionSpec(kind, f"heist.action.{kind}", state["current"], {
            "heist": Param("choice", "heist.param.heist", choices=slots),
            "total": Param("int", "heist.param.total", minimum=TOTAL_RANGE[0], maximum=TOTAL_RANGE[1]),
            "recruits": Param("int", "heist.param.activate", minimum=1, maximum=min(MAX_ACTIVATED, free)),
        })

    @staticmethod
    def _free_recruits(state):
        """Recruits of the active player not yet activated this turn."""
        me = state["current"]
        if me is None:
            return 0
        return max(0, state["seats"][me]["team"] - state["activated"])

    # -- the seat pads ------------------------------------------------------------
    def leds(self, state):
        phase = state["phase"]
        if phase == "over" or state["finished"]:
            return lights.winners(state)
        if phase == "first_player":
            fr = state["first_roll"]
            return lights.each_still_to(state, [s for s in fr["contenders"] if fr["rolls"][s] is None])
        if phase == "scoring":
            return lights.each_still_to(state, [s for s, v in enumerate(state["values"]) if v is None])
        if phase == "lay_heists":
            return {}
        return lights.turn(state)

    # -- checking an action and deciding its dice and gems -------------------
    def resolve(self, state, action, rng: random.Random):
        kind = action.get("type")
        phase = state["phase"]
        if not isinstance(kind, str) or kind not in ALL_ACTIONS:
            raise IllegalAction("heist_unknown_action", f"Masterminds: Heist Society has no action {kind!r}",
                                action=str(kind))
        if phase == "over":
            raise IllegalAction("heist_game_over", "the game is over: undo, or start a new one")
        allowed = ACTIONS[phase] + (ANYTIME if phase in PLAY_PHASES else ())
        if kind not in allowed:
            raise IllegalAction("heist_not_now", f"{kind} is not possible now ({phase})", action=kind, phase=phase)
        return getattr(self, f"_resolve_{kind}")(state, action, rng)

    def _seat(self, state, action, required=False):
        seat = action.get("player")
        if seat is None and not required and state["current"] is not None:
            return state["current"]
        if seat is None:
            raise IllegalAction("heist_who", "say which player (seat) this is for")
        if isinstance(seat, bool) or not isinstance(seat, int) or not 0 <= seat < len(state["players"]):
            raise IllegalAction("bad_player", f"there is no seat {seat!r} at this table", seat=seat)
        return seat

    def _active(self, state, action):
        seat = self._seat(state, action)
        if seat != state["current"]:
            raise IllegalAction("heist_not_your_turn", f"it is {self._name(state, state['current'])}'s turn",
                                name=self._name(state, state["current"]))
        return seat

    @staticmethod
    def _name(state, seat):
        return state["players"][seat]["name"]

    def _resolve_lay_heist(self, state, action, rng):
        if state["end"] is not None:
            raise IllegalAction("heist_not_now", "the game is ending: no new heists", action="lay_heist",
                                phase=state["phase"])
        slot = action.get("slot")
        if isinstance(slot, bool) or not isinstance(slot, int) or not 0 <= slot < len(state["heists"]):
            raise IllegalAction("heist_bad_slot", f"there is no heist place {slot!r}; places are 0 to "
                                f"{len(state['heists']) - 1}", last=len(state["heists"]) - 1)
        if state["heists"][slot] is not None:
            raise IllegalAction("heist_slot_taken", f"heist place {slot} already has a heist", slot=slot + 1)
        out = {"type": "lay_heist", "slot": slot}
        for step in STEPS:
            out[step.lower()] = _int(action.get(step.lower()), *CHALLENGE_RANGE, f"step {step}")
        out["take"] = _int(action.get("take"), *TAKE_RANGE, "TAKE")
        out["name"] = _text(action.get("name"), NAME_LENGTH, "name")
        for step in STEPS:
            out[f"skill_{step.lower()}"] = _text(action.get(f"skill_{step.lower()}"), SKILL_LENGTH, f"skill {step}")
        return out

    def _resolve_roll_first(self, state, action, rng):
        seat = self._seat(state, action, required=True)
        fr = state["first_roll"]
        if seat not in fr["contenders"]:
            raise IllegalAction("heist_not_contender", f"{self._name(state, seat)} is not in this roll-off",
                                name=self._name(state, seat))
        return self._own_roll(state, action, rng, "roll_first", seat, fr["rolls"][seat])

    def _resolve_prep(self, state, action, rng):
        return {"type": "prep", "player": self._active(state, action)}

    def _resolve_attempt(self, state, action, rng):
        seat = self._active(state, action)
        slot = action.get("heist")
        if isinstance(slot, bool) or not isinstance(slot, int) or not 0 <= slot < len(state["heists"]) \
                or state["heists"][slot] is None:
            raise IllegalAction("heist_no_heist", f"there is no heist in place {slot!r}", slot=str(slot))
        total = _int(action.get("total"), *TOTAL_RANGE, "skill total")
        free = self._free_recruits(state)
        if free < 1:
            raise IllegalAction("heist_no_recruits_left", "every recruit of your team has been activated this turn")
        most = min(MAX_ACTIVATED, free)
        recruits = action.get("recruits")
        if isinstance(recruits, bool) or not isinstance(recruits, int) or not 1 <= recruits <= most:
            raise IllegalAction("heist_activate", f"activate 1 to {most} recruits (each once per turn)", most=most)
        heist = state["heists"][slot]
        step = len(heist["progress"][seat])
        challenge = heist["steps"][step]["challenge"]
        return {"type": action["type"], "player": seat, "heist": slot, "step": step, "total": total,
                "recruits": recruits, "challenge": challenge, "perfection": judge(total, challenge) == "perfection"}

    _resolve_continue = _resolve_attempt

    def _resolve_roll(self, state, action, rng):
        seat = self._active(state, action)
        modifier = action.get("modifier", 0)
        modifier = 0 if modifier is None else _int(modifier, *MODIFIER_RANGE, "modifier")
        dice, manual = _dice(action, rng)
        return {"type": "roll", "player": seat, "dice": dice, "manual": manual, "modifier": modifier}

    def _resolve_place_die(self, state, action, rng):
        seat = self._active(state, action)
        face = action.get("face")
        if isinstance(face, bool) or not isinstance(face, int) or not 1 <= face <= 6:
            raise IllegalAction("heist_bad_face", f"a die shows 1 to 6, not {face!r}")
        return {"type": "place_die", "player": seat, "face": face}

    def _resolve_hold(self, state, action, rng):
        return {"type": "hold", "player": self._active(state, action)}

    def _resolve_upkeep(self, state, action, rng):
        return {"type": "upkeep", "player": self._active(state, action)}

    def _resolve_complete(self, state, action, rng):
        seat = self._active(state, action)
        slot = state["attempt"]["heist"]
        heist = state["heists"][slot]
        bag = [c for c, n in state["bag"].items() for _ in range(n)]
        take = min(heist["take"], len(bag))
        drawn = rng.sample(bag, take)
        for gem in drawn:
            bag.remove(gem)
        due = bonus_due(heist["progress"][seat])
        bonus = rng.choice(bag) if due and bag else None
        return {"type": "complete", "player": seat, "heist": slot, "gems": drawn, "bonus_due": due, "bonus": bonus}

    def _resolve_end_turn(self, state, action, rng):
        seat = self._active(state, action)
        if state["end"] is None and any(h is None for h in state["heists"]):
            slot = state["heists"].index(None)
            raise IllegalAction("heist_lay_first", f"lay out a new heist in place {slot + 1} first", slot=slot + 1)
        return {"type": "end_turn", "player": seat}

    def _resolve_roll_value(self, state, action, rng):
        seat = self._seat(state, action, required=True)
        return self._own_roll(state, action, rng, "roll_value", seat, state["values"][seat])

    def _own_roll(self, state, action, rng, kind, seat, earlier):
        """Everybody's one roll (for the first player, for the final values): once each."""
        if earlier is not None:
            raise IllegalAction("heist_already_rolled", f"{self._name(state, seat)} has rolled already",
                                name=self._name(state, seat))
        dice, manual = _dice(action, rng)
        return {"type": kind, "player": seat, "dice": dice, "manual": manual}

    def _resolve_set_team(self, state, action, rng):
        seat = self._seat(state, action)
        recruits = _int(action.get("recruits"), 0, MAX_TEAM, "recruits")
        return {"type": "set_team", "player": seat, "recruits": recruits}

    def _resolve_pay_gem(self, state, action, rng):
        seat = self._seat(state, action)
        gem = action.get("gem")
        if not isinstance(gem, str) or state["seats"][seat]["gems"].get(gem, 0) < 1:
            raise IllegalAction("heist_no_such_gem", f"{self._name(state, seat)} has no {gem!r} gem to pay",
                                name=self._name(state, seat), gem=str(gem))
        return {"type": "pay_gem", "player": seat, "gem": gem}

    def _resolve_flip_cash(self, state, action, rng):
        seat = self._seat(state, action)
        if state["seats"][seat]["cash"] < 1:
            raise IllegalAction("heist_no_cash", f"{self._name(state, seat)} has no Starter Cash card left to flip",
                                name=self._name(state, seat))
        return {"type": "flip_cash", "player": seat}

    # -- applying a checked action (pure) -------------------------------------
    def apply(self, state, action):
        new = self.copy(state)
        getattr(self, f"_apply_{action['type']}")(new, action)
        return new

    def _apply_lay_heist(self, s, a):
        s["heists"][a["slot"]] = {
            "name": a["name"],
            "steps": [{"challenge": a[step.lower()], "skill": a[f"skill_{step.lower()}"]} for step in STEPS],
            "take": a["take"],
            "progress": [[] for _ in s["players"]],
        }
        if s["phase"] == "lay_heists" and all(h is not None for h in s["heists"]):
            if s["options"]["roll_for_first"]:
                s["phase"] = "first_player"
            else:
                self._begin(s, s["drawn_first"])

    def _apply_roll_first(self, s, a):
        fr = s["first_roll"]
        fr["rolls"][a["player"]] = a["dice"][0]
        if any(fr["rolls"][seat] is None for seat in fr["contenders"]):
            return
        best = first_player_result(fr["rolls"], fr["contenders"])
        fr["history"].append(list(fr["rolls"]))
        if len(best) == 1:
            self._begin(s, best[0])
        else:  # a tie for the highest: those tied roll again
            fr["round"] += 1
            fr["contenders"] = best
            fr["rolls"] = [None] * len(s["players"])

    @staticmethod
    def _begin(s, seat):
        s["first_player"] = seat
        s["current"] = seat
        s["turn"] = 1
        s["phase"] = "start"

    def _apply_prep(self, s, a):
        s["phase"] = "prep"

    def _apply_attempt(self, s, a):
        s["activated"] += a["recruits"]
        s["attempt"] = {k: a[k] for k in ("heist", "step", "total", "recruits", "challenge")}
        s["phase"] = "perfection" if a["perfection"] else "roll"

    _apply_continue = _apply_attempt

    def _apply_place_die(self, s, a):
        self._step_result(s, "perfection", a["face"], None, 0)

    def _apply_roll(self, s, a):
        at = s["attempt"]
        die = a["dice"][0]
        self._step_result(s, judge(at["total"], at["challenge"], die, a["modifier"]), die, die, a["modifier"])

    def _step_result(self, s, result, face, die, modifier):
        at = s["attempt"]
        seat = s["current"]
        s["last"] = {"player": seat, "heist": at["heist"], "step": at["step"], "total": at["total"],
                     "challenge": at["challenge"], "die": die, "modifier": modifier, "result": result,
                     "score": at["total"] + (die or 0) + modifier if die is not None else at["total"]}
        if result in ("perfection", "success"):
            s["heists"][at["heist"]]["progress"][seat].append(face)
            s["phase"] = "complete" if at["step"] == len(STEPS) - 1 else "step_done"
        elif result == "push":
            s["phase"] = "upkeep"
        else:
            s["phase"] = "failure"

    def _apply_hold(self, s, a):
        s["phase"] = "upkeep"

    def _apply_upkeep(self, s, a):
        s["phase"] = "upkeep"

    def _apply_complete(self, s, a):
        seat = a["player"]
        heist = s["heists"][a["heist"]]
        mine = s["seats"][seat]
        got = list(a["gems"]) + ([a["bonus"]] if a["bonus"] else [])
        for gem in got:
            s["bag"][gem] -= 1
            mine["gems"][gem] += 1
        s["completed"] += 1
        mine["heists"].append(heist["name"])
        s["completions"].append({"player": seat, "heist": a["heist"], "name": heist["name"], "take": heist["take"],
                                 "dice": list(heist["progress"][seat]), "gems": list(a["gems"]),
                                 "bonus_due": a["bonus_due"], "bonus": a["bonus"], "team": mine["team"],
                                 "turn": s["turn"]})
        s["heists"][a["heist"]] = None          # all markers off: the heist leaves the table
        mine["team"] = min(mine["team"], 1)     # one recruit stays, the rest retire
        if s["end"] is None:
            if sum(s["bag"].values()) == 0:
                s["end"] = {"reason": "bag_empty", "turn": s["turn"], "player": seat}
            elif s["completed"] >= heists_to_end(len(s["players"])):
                s["end"] = {"reason": "heists", "turn": s["turn"], "player": seat}
        s["phase"] = "completed"

    def _apply_end_turn(self, s, a):
        s["activated"] = 0
        s["attempt"] = None
        if s["end"] is not None:
            s["phase"] = "scoring"
            return
        s["current"] = left_of(s["current"], len(s["players"]))
        s["turn"] += 1
        s["phase"] = "start"

    def _apply_roll_value(self, s, a):
        s["values"][a["player"]] = a["dice"][0]
        if all(v is not None for v in s["values"]):
            rows = score_table(s["colours"], [seat["gems"] for seat in s["seats"]], s["values"])
            s["scores"] = rows
            s["winners"] = winners_of(rows)
            s["phase"] = "over"
            s["finished"] = True

    def _apply_set_team(self, s, a):
        s["seats"][a["player"]]["team"] = a["recruits"]

    def _apply_pay_gem(self, s, a):
        s["seats"][a["player"]]["gems"][a["gem"]] -= 1
        s["bag"][a["gem"]] += 1

    def _apply_flip_cash(self, s, a):
        mine = s["seats"][a["player"]]
        mine["cash"] -= 1
        mine["cash_flipped"] += 1

    # -- buttons ---------------------------------------------------------
    def input_action(self, state, event):
        phase = state["phase"]
        if event == InputEvent.ROLL:
            if phase == "roll":
                return {"type": "roll"}
            if phase == "first_player":
                fr = state["first_roll"]
                waiting = [s for s in fr["contenders"] if fr["rolls"][s] is None]
                return {"type": "roll_first", "player": waiting[0]} if waiting else None
            if phase == "scoring":
                waiting = [s for s, v in enumerate(state["values"]) if v is None]
                return {"type": "roll_value", "player": waiting[0]} if waiting else None
            return None
        if event == InputEvent.CONFIRM:
            return {"step_done": {"type": "hold"}, "complete": {"type": "complete"},
                    "prep": {"type": "upkeep"}, "completed": {"type": "upkeep"}, "failure": {"type": "upkeep"},
                    "upkeep": {"type": "end_turn"}}.get(phase)
        return None

    # -- presentation ----------------------------------------------------
    def _colour(self, t, colour):
        return t(f"heist.colour.{colour}")

    def _gems_text(self, t, gems, order):
        parts = [t("heist.gem_count", count=gems[c], colour=self._colour(t, c)) for c in order if gems.get(c, 0)]
        return ", ".join(parts) if parts else t("heist.no_gems")

    def _heist_label(self, t, state, slot, heist=None):
        heist = heist or state["heists"][slot]
        if heist and heist["name"]:
            return t("heist.heist_named", n=slot + 1, name=heist["name"])
        return t("heist.heist_n", n=slot + 1)

    def summary(self, state, t):
        phase = state["phase"]
        players = state["players"]
        order = list(state["start_bag"])
        me = state["current"]
        name = self._name(state, me) if me is not None else ""
        lines = []
        bag_total = sum(state["bag"].values())
        lines.append(t("heist.line.bag", gems=self._gems_text(t, state["bag"], order), count=bag_total))
        for seat, mine in enumerate(state["seats"]):
            lines.append(t("heist.line.player", name=players[seat]["name"],
                           colour=self._colour(t, state["colours"][seat]),
                           gems=self._gems_text(t, mine["gems"], order), team=mine["team"], cash=mine["cash"],
                           heists=len(mine["heists"])))
        for slot, heist in enumerate(state["heists"]):
            if heist is None:
                lines.append(t("heist.line.empty_slot", heist=self._heist_label(t, state, slot)))
                continue
            steps = " · ".join(
                t("heist.step_challenge", step=STEPS[i], challenge=step["challenge"])
                + (f" {step['skill']}" if step["skill"] else "") for i, step in enumerate(heist["steps"]))
            progress = "; ".join(
                t("heist.progress", name=players[seat]["name"],
                  dice=" ".join(f"{STEPS[i]}{face}" for i, face in enumerate(faces)))
                for seat, faces in enumerate(heist["progress"]) if faces)
            lines.append(t("heist.line.heist", heist=self._heist_label(t, state, slot), steps=steps,
                           take=heist["take"], progress=progress or t("heist.no_progress")))
        lines.append(t("heist.line.completed", count=state["completed"], goal=heists_to_end(len(players))))
        if state["last"] and phase in PLAY_PHASES:
            lines.append(self._last_text(t, state))
        if state["scores"]:
            for row in state["scores"]:
                parts = [t("heist.score_part", count=row["gems"][c], colour=self._colour(t, c), value=row["worth"][c])
                         for c in order if row["gems"][c]]
                lines.append(t("heist.line.score", name=players[row["seat"]]["name"],
                               parts=" + ".join(parts) or "0", total=row["total"]))
        elif phase == "scoring":
            for seat, value in enumerate(state["values"]):
                if value is not None:
                    lines.append(t("heist.line.value", colour=self._colour(t, state["colours"][seat]),
                                   name=players[seat]["name"], value=value))
        out = {"headline": self._headline(t, state, name), "lines": lines,
               "prompt": self._prompt(t, state, name), "badges": self._badges(t, state)}
        banner = self._banner(t, state)
        if banner:
            out["banner"] = banner
        return out

    def _last_text(self, t, state):
        last = state["last"]
        who = self._name(state, last["player"])
        step = STEPS[last["step"]]
        heist = t("heist.heist_n", n=last["heist"] + 1)
        result = t(f"heist.result.{last['result']}")
        if last["die"] is None:
            return t("heist.line.last_perfection", name=who, step=step, heist=heist, total=last["total"],
                     challenge=last["challenge"], result=result)
        return t("heist.line.last_roll", name=who, step=step, heist=heist, total=last["total"], die=last["die"],
                 modifier=f"{last['modifier']:+d}" if last["modifier"] else "", score=last["score"],
                 challenge=last["challenge"], result=result)

    def _headline(self, t, state, name):
        phase = state["phase"]
        if phase == "lay_heists":
            return t("heist.headline.lay_heists")
        if phase == "first_player":
            return t("heist.headline.first_player", round=state["first_roll"]["round"])
        if phase == "scoring":
            return t("heist.headline.scoring")
        if phase == "over":
            return t("heist.headline.over")
        return t(f"heist.headline.{phase}", name=name, turn=state["turn"])

    def _prompt(self, t, state, name):
        phase = state["phase"]
        players = state["players"]
        if phase == "lay_heists":
            empty = [i for i, h in enumerate(state["heists"]) if h is None]
            return t("heist.prompt.lay_heists", n=empty[0] + 1, count=len(state["heists"]))
        if phase == "first_player":
            fr = state["first_roll"]
            names = ", ".join(players[s]["name"] for s in fr["contenders"])
            if fr["round"] == 1:
                return t("heist.prompt.first_player")
            return t("heist.prompt.first_player_tie", names=names)
        if phase == "start":
            return t("heist.prompt.start", name=name, free=self._free_recruits(state))
        if phase == "prep":
            return t("heist.prompt.prep", limit=MAX_TEAM)
        at = state["attempt"]
        if phase == "roll":
            return t("heist.prompt.roll", step=STEPS[at["step"]], heist=t("heist.heist_n", n=at["heist"] + 1),
                     total=at["total"], challenge=at["challenge"])
        if phase == "perfection":
            return t("heist.prompt.perfection", step=STEPS[at["step"]], total=at["total"], challenge=at["challenge"])
        if phase == "step_done":
            free = self._free_recruits(state)
            if free < 1:
                return t("heist.prompt.step_done_hold", step=STEPS[at["step"]])
            return t("heist.prompt.step_done", step=STEPS[at["step"]], free=free)
        if phase == "complete":
            heist = state["heists"][at["heist"]]
            return t("heist.prompt.complete", take=heist["take"])
        if phase == "completed":
            done = state["completions"][-1]
            text = t("heist.prompt.completed", gems=self._gems_text(t, Counter(done["gems"]), list(state["start_bag"])))
            if done["bonus"]:
                text += " " + t("heist.prompt.bonus", colour=self._colour(t, done["bonus"]))
            elif done["bonus_due"]:
                text += " " + t("heist.prompt.bonus_empty")
            if done["team"] <= 3:
                text += " " + t("heist.prompt.prep_card")
            return text + " " + t("heist.prompt.retire")
        if phase == "failure":
            return t("heist.prompt.failure")
        if phase == "upkeep":
            text = t("heist.prompt.upkeep", limit=HAND_LIMIT)
            empty = [i for i, h in enumerate(state["heists"]) if h is None]
            if empty and state["end"] is None:
                text += " " + t("heist.prompt.refill", n=empty[0] + 1)
            if state["end"] is not None:
                text += " " + t("heist.prompt.last_turn")
            return text
        if phase == "scoring":
            return t("heist.prompt.scoring", value=CLEAR_VALUE)
        return t("heist.prompt.over")

    def _banner(self, t, state):
        if state["phase"] == "over":
            names = [self._name(state, s) for s in state["winners"]]
            total = state["scores"][state["winners"][0]]["total"]
            if len(names) == 1:
                return t("heist.banner.winner", name=names[0], total=total)
            return t("heist.banner.tie", names=", ".join(names), total=total)
        end = state["end"]
        if end is not None:
            if end["reason"] == "bag_empty":
                return t("heist.banner.bag_empty")
            return t("heist.banner.heists", count=state["completed"])
        return ""

    def _badges(self, t, state):
        badges = {}
        fr = state["first_roll"]
        for seat, mine in enumerate(state["seats"]):
            tags = []
            if state["phase"] in PLAY_PHASES and seat == state["current"]:
                tags.append(t("heist.badge.turn"))
            if seat == state["first_player"]:
                tags.append(t("heist.badge.first"))
            if state["phase"] == "first_player" and fr["rolls"][seat] is not None:
                tags.append(t("heist.badge.rolled", value=fr["rolls"][seat]))
            if mine["cash"]:
                tags.append(t("heist.badge.cash", count=mine["cash"]))
            tags.append(t("heist.badge.team", count=mine["team"]))
            if mine["heists"]:
                tags.append(t("heist.badge.heists", count=len(mine["heists"])))
            if state["values"][seat] is not None:
                tags.append(t("heist.badge.value", value=state["values"][seat]))
            if seat in state["winners"]:
                tags.append(t("heist.badge.winner"))
            badges[seat] = tags
        return badges

    def cues(self, before, after, action):
        kind = action["type"]
        if after["phase"] == "over" and before["phase"] != "over":
            return [cues.SUCCESS]
        if kind in ("roll", "place_die"):
            result = after["last"]["result"]
            if result in ("success", "perfection"):
                return [cues.SUCCESS]
            if result == "failure":
                return [cues.WARNING]
            return [cues.TAP]
        if kind == "complete":
            return [cues.SUCCESS]
        if kind in ("roll_first", "roll_value"):
            return [cues.TAP]
        if kind == "attempt" or kind == "continue":
            return [cues.SUCCESS] if action["perfection"] else []
        return []

    # -- invariants ------------------------------------------------------
    def check_invariants(self, state):
        count = len(state["players"])
        start = state["start_bag"]
        assert list(start) == state["colours"] + [CLEAR]
        assert all(n == GEMS_PER_COLOUR for c, n in start.items() if c != CLEAR) and start[CLEAR] == CLEAR_GEMS
        for colour, n in start.items():  # no gem is ever created or lost
            held = [seat["gems"][colour] for seat in state["seats"]]
            assert state["bag"][colour] >= 0 and min(held) >= 0, colour
            assert state["bag"][colour] + sum(held) == n, colour
        assert set(state["bag"]) == set(start)
        phase = state["phase"]
        assert phase in ACTIONS
        assert len(state["heists"]) == heist_slots(count)
        for mine in state["seats"]:
            assert set(mine["gems"]) == set(start)
            assert 0 <= mine["cash"] and mine["cash"] + mine["cash_flipped"] == starter_cash(count)
            assert 0 <= mine["team"] <= MAX_TEAM
        for heist in state["heists"]:
            if heist is None:
                continue
            assert len(heist["steps"]) == len(STEPS) and len(heist["progress"]) == count
            for faces in heist["progress"]:
                assert all(1 <= f <= 6 for f in faces)
                assert len(faces) < len(STEPS) or phase == "complete"
        assert state["completed"] == len(state["completions"]) == sum(len(m["heists"]) for m in state["seats"])
        if phase in ("lay_heists", "first_player"):
            assert state["current"] is None and state["turn"] == 0
        else:
            assert 0 <= state["current"] < count and state["turn"] >= 1
            assert state["first_player"] is not None
        if phase == "lay_heists":
            assert any(h is None for h in state["heists"])
        if phase in ("start", "prep", "roll", "perfection", "step_done", "failure"):
            assert all(h is not None for h in state["heists"])
        if phase == "start":
            assert state["activated"] == 0 and state["attempt"] is None
        if phase in ("roll", "perfection", "step_done", "complete"):
            at = state["attempt"]
            assert at is not None and 1 <= at["recruits"] <= MAX_ACTIVATED
            assert 1 <= state["activated"]
        fr = state["first_roll"]
        assert fr["contenders"] and all(0 <= s < count for s in fr["contenders"])
        # the game ends only through its end conditions, and then scoring follows
        if phase in ("scoring", "over"):
            assert state["end"] is not None
        if state["end"] is not None:
            assert state["end"]["reason"] in ("bag_empty", "heists")
        assert state["completed"] <= heists_to_end(count)
        assert state["finished"] == (phase == "over")
        if phase == "over":
            rows = score_table(state["colours"], [m["gems"] for m in state["seats"]], state["values"])
            assert rows == state["scores"] and state["winners"] == winners_of(rows)
        else:
            assert state["scores"] is None and state["winners"] == []


GAME = Heist()
