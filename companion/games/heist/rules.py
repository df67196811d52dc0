"""Masterminds: Heist Society, the rules: heist-step dice, the gem bag and final scoring.

The companion is the dice tray, the gem bag and the score sheet. The cards
(Talent, Prep, Failure, Heist) stay on the table: the app is told what it
needs from them (the challenge numbers and TAKE of each heist, the skill total
of an attempt, the size of a team) and reminds the table of the rest.

A game goes through the phases (state["phase"]) lay_heists (the heists from
the cards), first_player (the roll-off), then turns: start (PREP or HEIST),
prep, roll or perfection (a step attempted), step_done (Hold or Continue),
complete and completed (the TAKE drawn), failure, upkeep; and at the end
scoring (each colour's value rolled) and over. Its README.md has them all.

The rules are the table MOVES below; dice and gem draws are decided when a
move is made and stored in it, so a replay deals the same gems. This module is
the state and what changes it (OpenSpiel's State); what the table sees and
hears of it, in words, is view.py.
"""
from __future__ import annotations

from collections import Counter

from ... import lights
from ...inputs import InputEvent
from ...players import left_of
from .. import checklist
from ..base import ADJUST, END_TURN, EQUAL, Game, IllegalAction, Move, Option, Param, Rule, name_of
from ..base import make_result

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

PLAY_PHASES = ("start", "prep", "roll", "perfection", "step_done", "complete", "completed", "failure", "upkeep")
PHASES = (checklist.SETUP, "lay_heists", "first_player", *PLAY_PHASES, "scoring", "over")
# The rulebook's setup ("heist.setup.<step>"): the gem bag, the four decks, 4 PREP cards each (PLAY
# IMMEDIATELY redrawn), the Talent Pool of 3, the Heist card sets, Starter Cash, a first Recruit each.
SETUP_STEPS = ("bag", "decks", "prep", "talent", "heists", "cash", "recruit")


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


# -- where the table stands -----------------------------------------------------
def empty_places(s) -> list[int]:
    return [i for i, h in enumerate(s["heists"]) if h is None]


def free_recruits(s) -> int:
    """Recruits of the active player not yet activated this turn."""
    me = s["current"]
    return 0 if me is None else max(0, s["seats"][me]["team"] - s["activated"])


def held(s, seat) -> tuple[str, ...]:
    return tuple(c for c, n in s["seats"][seat]["gems"].items() if n > 0)


def still_to_roll(s) -> list[int]:
    """Who still rolls for the first player, or for the value of their colour."""
    if s["phase"] == "first_player":
        fr = s["first_roll"]
        return [seat for seat in fr["contenders"] if fr["rolls"][seat] is None]
    if s["phase"] == "scoring":
        return [seat for seat, value in enumerate(s["values"]) if value is None]
    return []


# -- what a move takes ------------------------------------------------------------
DIE = Param("die", "heist.param.die", optional=True)        # left out: the app rolls


def number(label, low, high, words, **more) -> Param:
    """A number read off the cards or the table, refused in the game's words."""
    return Param("int", label, minimum=low, maximum=high, error="heist_bad_number",
                 message=words + " must be a whole number from {low} to {high}, not {value}", **more)


def text(label, limit, words) -> Param:
    return Param("text", label, optional=True, default="", length=limit, error="heist_bad_text",
                 message=words + " must be a text of at most {limit} letters")


def heist_card(s, me) -> dict[str, Param]:
    """A heist as its cards print it: the challenge of each step, the TAKE, the names."""
    return {"slot": Param("int", "heist.param.slot", minimum=0, maximum=len(s["heists"]) - 1,
                          error="heist_bad_slot", message="there is no heist place {value}; places are 0 to {high}"),
            **{step.lower(): number(f"heist.param.challenge_{step.lower()}", *CHALLENGE_RANGE, f"step {step}")
               for step in STEPS},
            "take": number("heist.param.take", *TAKE_RANGE, "TAKE"),
            "name": text("heist.param.name", NAME_LENGTH, "name"),
            **{f"skill_{step.lower()}": text("heist.param.skill", SKILL_LENGTH, f"skill {step}") for step in STEPS}}


def free_places(s, me) -> list[dict[str, Param]]:
    """lay_heist as the screen offers it: only the empty places."""
    empty = tuple(empty_places(s))
    return [{**heist_card(s, me), "slot": Param("choice", "heist.param.slot", choices=empty)}] if empty else []


def attempt_params(s, me) -> dict[str, Param]:
    laid = tuple(i for i, h in enumerate(s["heists"]) if h is not None)
    return {"heist": Param("choice", "heist.param.heist", choices=laid, error="heist_no_heist",
                           message="there is no heist in place {value}"),
            "total": number("heist.param.total", *TOTAL_RANGE, "skill total"),
            "recruits": Param("int", "heist.param.activate", minimum=1, maximum=min(MAX_ACTIVATED, free_recruits(s)),
                              error="heist_activate", message="activate 1 to {high} recruits (each once per turn)")}


def gem_to_pay(s, me) -> dict[str, Param]:
    who = name_of(s, me).replace("{", "{{").replace("}", "}}")
    return {"gem": Param("choice", "heist.param.gem", choices=held(s, me), error="heist_no_such_gem",
                         message=who + " has no {value} gem to pay")}


# -- when a move is refused --------------------------------------------------------
def rolled_already(value_of) -> Rule:
    """Everybody's one roll (for the first player, for the final values): once each."""
    return Rule(lambda s, me: value_of(s, me) is not None, "heist_already_rolled", "{name} has rolled already")


RECRUITS_LEFT = Rule(lambda s, me: free_recruits(s) < 1, "heist_no_recruits_left",
                     "every recruit of your team has been activated this turn")
GAME_ENDING = Rule(lambda s, me: s["end"] is not None, "heist_not_now", "the game is ending: no new heists",
                   lambda s, me: {"action": "lay_heist", "phase": s["phase"]})
PLACE_EMPTY = Rule(lambda s, me: s["end"] is None and None in s["heists"], "heist_lay_first",
                   "lay out a new heist in place {slot} first", lambda s, me: {"slot": s["heists"].index(None) + 1})


def place_free(s, a):
    if s["heists"][a["slot"]] is not None:
        raise IllegalAction("heist_slot_taken", f"heist place {a['slot']} already has a heist", slot=a["slot"] + 1)


# -- what is decided when a move is made ---------------------------------------------
def next_step(s, a, rng):
    """The player's next step of that heist, and Perfection: skill total > challenge before rolling."""
    heist = s["heists"][a["heist"]]
    step = len(heist["progress"][a["player"]])
    challenge = heist["steps"][step]["challenge"]
    return {**a, "step": step, "challenge": challenge, "perfection": judge(a["total"], challenge) == "perfection"}


def judge_roll(s, a, rng):
    """The roll judged as it is made, and kept with it for the Log: the step, the score, the result."""
    at = s["attempt"]
    return {**a, "heist": at["heist"], "step": at["step"], "challenge": at["challenge"],
            "score": at["total"] + a["dice"][0] + a["modifier"],
            "result": judge(at["total"], at["challenge"], a["dice"][0], a["modifier"])}


def draw_take(s, a, rng):
    """The TAKE drawn at random (what is left, if less), then the bonus gem for 3 matching dice."""
    heist = s["heists"][s["attempt"]["heist"]]
    bag = [c for c, n in s["bag"].items() for _ in range(n)]
    drawn = rng.sample(bag, min(heist["take"], len(bag)))
    for gem in drawn:
        bag.remove(gem)
    due = bonus_due(heist["progress"][a["player"]])
    return {**a, "heist": s["attempt"]["heist"], "gems": drawn, "bonus_due": due,
            "bonus": rng.choice(bag) if due and bag else None}


# -- what a move does to the table ---------------------------------------------------
def lay_heist(s, a):
    steps = [{"challenge": a[step.lower()], "skill": a[f"skill_{step.lower()}"]} for step in STEPS]
    s["heists"][a["slot"]] = {"name": a["name"], "steps": steps, "take": a["take"], "progress": [[] for _ in s["players"]]}
    if s["phase"] == "lay_heists" and None not in s["heists"]:
        if s["options"]["roll_for_first"]:
            s["phase"] = "first_player"
        else:
            begin(s, s["drawn_first"])


def roll_first(s, a):
    fr = s["first_roll"]
    fr["rolls"][a["player"]] = a["dice"][0]
    if still_to_roll(s):
        return
    best = first_player_result(fr["rolls"], fr["contenders"])
    fr["history"].append(list(fr["rolls"]))
    if len(best) == 1:
        begin(s, best[0])
    else:  # a tie for the highest: those tied roll again
        fr.update(round=fr["round"] + 1, contenders=best, rolls=[None] * len(s["players"]))


def begin(s, seat):
    s.update(first_player=seat, current=seat, turn=1, phase="start")


def to(phase):
    def go(s, a):
        s["phase"] = phase
    return go


def attempt(s, a):
    s["activated"] += a["recruits"]
    s["attempt"] = {k: a[k] for k in ("heist", "step", "total", "recruits", "challenge")}
    s["phase"] = "perfection" if a["perfection"] else "roll"


def step_result(s, a):
    """The face placed by Perfection, or the roll judged: a Success puts the die on the step
    unchanged, a Push ends the turn, a Failure draws a Failure card."""
    at, seat = s["attempt"], s["current"]
    die, modifier = (a["dice"][0], a["modifier"]) if a["type"] == "roll" else (None, 0)
    result = "perfection" if die is None else judge(at["total"], at["challenge"], die, modifier)
    s["last"] = {"player": seat, "heist": at["heist"], "step": at["step"], "total": at["total"],
                 "challenge": at["challenge"], "die": die, "modifier": modifier, "result": result,
                 "score": at["total"] + (die or 0) + modifier}
    if result in ("perfection", "success"):
        s["heists"][at["heist"]]["progress"][seat].append(a["face"] if die is None else die)
        s["phase"] = "complete" if at["step"] == len(STEPS) - 1 else "step_done"
    else:
        s["phase"] = "upkeep" if result == "push" else "failure"


def complete(s, a):
    seat, mine, heist = a["player"], s["seats"][a["player"]], s["heists"][a["heist"]]
    for gem in list(a["gems"]) + ([a["bonus"]] if a["bonus"] else []):
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


def end_turn(s, a):
    s.update(activated=0, attempt=None)
    if s["end"] is not None:
        s["phase"] = "scoring"
    else:
        s.update(current=left_of(s["current"], len(s["players"])), turn=s["turn"] + 1, phase="start")


def roll_value(s, a):
    s["values"][a["player"]] = a["dice"][0]
    if None not in s["values"]:
        rows = score_table(s["colours"], [seat["gems"] for seat in s["seats"]], s["values"])
        s.update(scores=rows, winners=winners_of(rows), phase="over", finished=True)


def pay_gem(s, a):
    s["seats"][a["player"]]["gems"][a["gem"]] -= 1
    s["bag"][a["gem"]] += 1


def flip_cash(s, a):
    s["seats"][a["player"]]["cash"] -= 1
    s["seats"][a["player"]]["cash_flipped"] += 1


# -- the moves, in the rulebook's order ------------------------------------------------
MOVES = (
    # setting up: the heists from the cards, then the highest roll starts (ties reroll)
    Move("lay_heist", phases=("lay_heists", "upkeep"), actor=None, params=heist_card, unless=(GAME_ENDING,),
         check=place_free, apply=lay_heist, listing=free_places),
    Move("roll_first", phases=("first_player",), actor="each", params={"dice": DIE},
         unless=(Rule(lambda s, me: me not in s["first_roll"]["contenders"], "heist_not_contender",
                      "{name} is not in this roll-off"),
                 rolled_already(lambda s, me: s["first_roll"]["rolls"][me])), apply=roll_first, named=True),
    # a turn: PREP, or HEIST: attempt the next step with 1 to 3 recruits not yet activated this turn
    # two equal choices: the screen draws them the same size
    Move("prep", phases=("start",), actor="current", apply=to("prep"), look=EQUAL),
    Move("attempt", phases=("start",), actor="current", params=attempt_params, unless=(RECRUITS_LEFT,),
         decide=next_step, apply=attempt, look=EQUAL),
    Move("upkeep", phases=("prep", "completed", "failure"), actor="current", apply=to("upkeep")),
    # roll 1d6 and add: greater = Success, equal = Push (turn ends), lower = Failure
    Move("roll", phases=("roll",), actor="current",
         params={"dice": DIE, "modifier": number("heist.param.modifier", *MODIFIER_RANGE, "modifier",
                                                 optional=True, default=0)}, decide=judge_roll, apply=step_result),
    # Perfection: the player places the die with the face they choose
    Move("place_die", phases=("perfection",), actor="current",
         params={"face": Param("int", "heist.param.face", minimum=1, maximum=6, error="bad_face",
                               message="a die shows 1 to 6, not {value}")}, apply=step_result),
    # after a Success: Hold, or Continue with another step
    Move("hold", phases=("step_done",), actor="current", apply=to("upkeep")),
    Move("continue", phases=("step_done",), actor="current", params=attempt_params, unless=(RECRUITS_LEFT,),
         decide=next_step, apply=attempt),
    # step D done: take the TAKE from the bag, and a bonus gem for 3 matching dice
    Move("complete", phases=("complete",), actor="current", decide=draw_take, apply=complete),
    Move("end_turn", phases=("upkeep",), actor="current", unless=(PLACE_EMPTY,), apply=end_turn, role=END_TURN),
    # the end: every player rolls one die, the value of each gem of their colour
    Move("roll_value", phases=("scoring",), actor="each", params={"dice": DIE},
         unless=(rolled_already(lambda s, me: s["values"][me]),), apply=roll_value, named=True),
    # any time, any player: Pay-a-Gem (or flip Starter Cash), and the team's size as the cards say
    Move("pay_gem", phases=PLAY_PHASES, actor="each", params=gem_to_pay, apply=pay_gem,
         listing=lambda s, me: [gem_to_pay(s, me)] if held(s, me) else [], role=ADJUST),
    Move("flip_cash", phases=PLAY_PHASES, actor="each",
         unless=(Rule(lambda s, me: s["seats"][me]["cash"] < 1, "heist_no_cash",
                      "{name} has no Starter Cash card left to flip"),), apply=flip_cash, role=ADJUST),
    Move("set_team", phases=PLAY_PHASES, actor="each",
         params={"recruits": number("heist.param.recruits", 0, MAX_TEAM, "recruits")},
         apply=lambda s, a: s["seats"][a["player"]].update(team=a["recruits"]), role=ADJUST),
) + checklist.moves("heist", lambda s, seat: s.update(phase="lay_heists"))
OWN_ROLLS = ("roll_first", "roll_value")     # each player rolls for themselves
CONFIRM = {"step_done": "hold", "complete": "complete", "prep": "upkeep", "completed": "upkeep",
           "failure": "upkeep", "upkeep": "end_turn"}


class HeistRules(Game):
    """The rules of Masterminds: Heist Society: setup, the moves, the refusals, the buttons, the result."""
    id = "heist"
    title = "heist.title"
    min_players = 2
    max_players = 6
    options = (Option("roll_for_first", "bool", True, "heist.option.roll_for_first"), checklist.option())
    moves = MOVES

    def setup(self, players, options, first_player, rng):
        count = len(players)
        start_bag = {**{p["colour"]: GEMS_PER_COLOUR for p in players}, CLEAR: CLEAR_GEMS}
        return self.base_state(
            players, options, phase=checklist.SETUP if checklist.wanted(options) else "lay_heists",
            colours=[p["colour"] for p in players], start_bag=start_bag,
            bag=dict(start_bag),
            seats=[{"gems": {c: 0 for c in start_bag}, "cash": starter_cash(count), "cash_flipped": 0,
                    "team": START_TEAM, "heists": []} for _ in players],
            heists=[None] * heist_slots(count), drawn_first=first_player,
            first_roll={"round": 1, "contenders": list(range(count)), "rolls": [None] * count, "history": []},
            first_player=None, current=None, turn=0, activated=0, attempt=None, last=None, completed=0,
            completions=[], end=None, values=[None] * count, scores=None, winners=[],
            **(checklist.steps(SETUP_STEPS) if checklist.wanted(options) else {}))

    # -- the game's own words for the refusals every game has ----------------------------
    def unknown_action(self, kind):
        return IllegalAction("heist_unknown_action", f"Masterminds: Heist Society has no action {kind!r}",
                             action=str(kind))

    def not_now(self, state, kind):
        return IllegalAction("heist_not_now", f"{kind} is not possible now ({state['phase']})", action=kind,
                             phase=state["phase"])

    def not_yours(self, state, seat):
        name = name_of(state, seat)
        return IllegalAction("heist_not_your_turn", f"it is {name}'s turn", name=name)

    # -- the seat pads and the buttons ---------------------------------------------------
    def leds(self, state):
        if state["phase"] in ("first_player", "scoring"):
            return lights.each_still_to(state, still_to_roll(state))
        return {} if state["phase"] in (checklist.SETUP, "lay_heists") else lights.turn(state)

    def input_action(self, state, event):
        phase = state["phase"]
        if event == InputEvent.ROLL:
            if phase == "roll":
                return {"type": "roll"}
            waiting = still_to_roll(state)
            kind = "roll_first" if phase == "first_player" else "roll_value"
            return {"type": kind, "player": waiting[0]} if waiting else None
        if event == InputEvent.CONFIRM and phase in CONFIRM:
            return {"type": CONFIRM[phase]}
        return None

    # -- invariants ------------------------------------------------------
    def check_invariants(self, state):
        count = len(state["players"])
        start = state["start_bag"]
        assert list(start) == state["colours"] + [CLEAR]
        assert all(n == GEMS_PER_COLOUR for c, n in start.items() if c != CLEAR) and start[CLEAR] == CLEAR_GEMS
        for c, n in start.items():  # no gem is ever created or lost
            hands = [seat["gems"][c] for seat in state["seats"]]
            assert state["bag"][c] >= 0 and min(hands) >= 0 and state["bag"][c] + sum(hands) == n, c
        assert set(state["bag"]) == set(start)
        phase = state["phase"]
        assert phase in PHASES
        assert len(state["heists"]) == heist_slots(count)
        for mine in state["seats"]:
            assert set(mine["gems"]) == set(start)
            assert 0 <= mine["cash"] and mine["cash"] + mine["cash_flipped"] == starter_cash(count)
            assert 0 <= mine["team"] <= MAX_TEAM
        for heist in filter(None, state["heists"]):
            assert len(heist["steps"]) == len(STEPS) and len(heist["progress"]) == count
            assert all(1 <= f <= 6 for faces in heist["progress"] for f in faces)
            assert phase == "complete" or all(len(faces) < len(STEPS) for faces in heist["progress"])
        assert state["completed"] == len(state["completions"]) == sum(len(m["heists"]) for m in state["seats"])
        if phase == checklist.SETUP:
            checklist.check_invariants(state)
        if phase in (checklist.SETUP, "lay_heists", "first_player"):
            assert state["current"] is None and state["turn"] == 0
        else:
            assert 0 <= state["current"] < count and state["turn"] >= 1
            assert state["first_player"] is not None
        assert phase != "lay_heists" or None in state["heists"]
        if phase in ("start", "prep", "roll", "perfection", "step_done", "failure"):
            assert all(h is not None for h in state["heists"])
        if phase == "start":
            assert state["activated"] == 0 and state["attempt"] is None
        if phase in ("roll", "perfection", "step_done", "complete"):
            at = state["attempt"]
            assert at is not None and 1 <= at["recruits"] <= MAX_ACTIVATED and state["activated"] >= 1
        fr = state["first_roll"]
        assert fr["contenders"] and all(0 <= s < count for s in fr["contenders"])
        # the game ends only through its end conditions, and then scoring follows
        assert phase not in ("scoring", "over") or state["end"] is not None
        assert state["end"] is None or state["end"]["reason"] in ("bag_empty", "heists")
        assert state["completed"] <= heists_to_end(count)
        assert state["finished"] == (phase == "over")
        if phase == "over":
            rows = score_table(state["colours"], [m["gems"] for m in state["seats"]], state["values"])
            assert rows == state["scores"] and state["winners"] == winners_of(rows)
        else:
            assert state["scores"] is None and state["winners"] == []

    def result(self, state):
        """The winners of the final scoring; per seat the total; the ending: the bag ran out or the heists."""
        if not state.get("finished"):
            return None
        scores = [row["total"] for row in state["scores"]] if state.get("scores") else None
        return make_result(state, state.get("winners") or [], scores=scores,
                           ending=(state.get("end") or {}).get("reason"))

