"""Masterminds: Heist Society: heist-step dice, the gem bag and final scoring.

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
move is made and stored in it, so a replay deals the same gems.
"""
from __future__ import annotations

from collections import Counter

from ... import cues, lights, speech
from ...board import Area, Board, Counter as Tally, Score, SeatView
from ...inputs import InputEvent
from ...players import left_of
from .. import checklist
from ..base import ADJUST, END_TURN, Game, Reference, IllegalAction, Move, Option, Param, Rule, name_of
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


# -- what the table shows -------------------------------------------------------
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


def colour(t, name) -> str:
    return t(f"heist.colour.{name}")


def gems_text(t, gems, order) -> str:
    parts = [t("heist.gem_count", count=gems[c], colour=colour(t, c)) for c in order if gems.get(c, 0)]
    return ", ".join(parts) if parts else t("heist.no_gems")


def heist_label(t, s, slot) -> str:
    heist = s["heists"][slot]
    if heist and heist["name"]:
        return t("heist.heist_named", n=slot + 1, name=heist["name"])
    return t("heist.heist_n", n=slot + 1)


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
    Move("lay_heist", phases=("lay_heists", "upkeep"), actor=None, params=heist_card, listing=free_places,
         unless=(GAME_ENDING,), check=place_free, apply=lay_heist),
    Move("roll_first", phases=("first_player",), actor="each", named=True, params={"dice": DIE}, apply=roll_first,
         unless=(Rule(lambda s, me: me not in s["first_roll"]["contenders"], "heist_not_contender",
                      "{name} is not in this roll-off"),
                 rolled_already(lambda s, me: s["first_roll"]["rolls"][me]))),
    # a turn: PREP, or HEIST: attempt the next step with 1 to 3 recruits not yet activated this turn
    Move("prep", phases=("start",), apply=to("prep")),
    Move("attempt", phases=("start",), params=attempt_params, unless=(RECRUITS_LEFT,), decide=next_step,
         apply=attempt),
    Move("upkeep", phases=("prep", "completed", "failure"), apply=to("upkeep")),
    # roll 1d6 and add: greater = Success, equal = Push (turn ends), lower = Failure
    Move("roll", phases=("roll",), apply=step_result,
         params={"dice": DIE, "modifier": number("heist.param.modifier", *MODIFIER_RANGE, "modifier",
                                                 optional=True, default=0)}),
    # Perfection: the player places the die with the face they choose
    Move("place_die", phases=("perfection",), apply=step_result,
         params={"face": Param("int", "heist.param.face", minimum=1, maximum=6, error="bad_face",
                               message="a die shows 1 to 6, not {value}")}),
    # after a Success: Hold, or Continue with another step
    Move("hold", phases=("step_done",), apply=to("upkeep")),
    Move("continue", phases=("step_done",), params=attempt_params, unless=(RECRUITS_LEFT,), decide=next_step,
         apply=attempt),
    # step D done: take the TAKE from the bag, and a bonus gem for 3 matching dice
    Move("complete", phases=("complete",), decide=draw_take, apply=complete),
    Move("end_turn", phases=("upkeep",), unless=(PLACE_EMPTY,), apply=end_turn, role=END_TURN),
    # the end: every player rolls one die, the value of each gem of their colour
    Move("roll_value", phases=("scoring",), actor="each", named=True, params={"dice": DIE}, apply=roll_value,
         unless=(rolled_already(lambda s, me: s["values"][me]),)),
    # any time, any player: Pay-a-Gem (or flip Starter Cash), and the team's size as the cards say
    Move("pay_gem", phases=PLAY_PHASES, actor="each", params=gem_to_pay, apply=pay_gem, role=ADJUST,
         listing=lambda s, me: [gem_to_pay(s, me)] if held(s, me) else []),
    Move("flip_cash", phases=PLAY_PHASES, actor="each", apply=flip_cash, role=ADJUST,
         unless=(Rule(lambda s, me: s["seats"][me]["cash"] < 1, "heist_no_cash",
                      "{name} has no Starter Cash card left to flip"),)),
    Move("set_team", phases=PLAY_PHASES, actor="each", role=ADJUST,
         params={"recruits": number("heist.param.recruits", 0, MAX_TEAM, "recruits")},
         apply=lambda s, a: s["seats"][a["player"]].update(team=a["recruits"])),
) + checklist.moves("heist", lambda s, seat: s.update(phase="lay_heists"))
OWN_ROLLS = ("roll_first", "roll_value")     # each player rolls for themselves
CONFIRM = {"step_done": "hold", "complete": "complete", "prep": "upkeep", "completed": "upkeep",
           "failure": "upkeep", "upkeep": "end_turn"}


class Heist(Game):
    id = "heist"
    title = "heist.title"
    min_players = 2
    max_players = 6
    options = (Option("roll_for_first", "bool", True, "heist.option.roll_for_first"), checklist.option())
    help_keys = tuple(f"heist.help.{name}" for name in (
        "colours", "first", "perfection", "recruits", "dice", "bonus", "end", "anytime", "buttons"))
    moves = MOVES
    reference = (Reference("setup", (checklist.SETUP, "lay_heists", "first_player")),
                 Reference("turn", ("start", "prep", "upkeep")),
                 Reference("step", ("roll", "perfection", "step_done", "complete", "completed", "failure")),
                 Reference("end", ("completed", "upkeep")), Reference("scoring", ("scoring", "over")))

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

    # -- presentation ----------------------------------------------------------------
    def summary(self, state, t):
        if state["phase"] == checklist.SETUP:
            n = len(state["players"])
            return checklist.summary("heist", state, t, heists=heist_slots(n), cash=starter_cash(n))
        phase, players, order = state["phase"], state["players"], list(state["start_bag"])
        name = name_of(state, state["current"]) if state["current"] is not None else ""
        lines = [t("heist.line.bag", gems=gems_text(t, state["bag"], order), count=sum(state["bag"].values()))]
        for seat, mine in enumerate(state["seats"]):
            lines.append(t("heist.line.player", name=players[seat]["name"], colour=colour(t, state["colours"][seat]),
                           gems=gems_text(t, mine["gems"], order), team=mine["team"], cash=mine["cash"],
                           heists=len(mine["heists"])))
        for slot, heist in enumerate(state["heists"]):
            if heist is None:
                lines.append(t("heist.line.empty_slot", heist=heist_label(t, state, slot)))
                continue
            steps = " · ".join(t("heist.step_challenge", step=letter, challenge=step["challenge"])
                               + (f" {step['skill']}" if step["skill"] else "")
                               for letter, step in zip(STEPS, heist["steps"]))
            progress = "; ".join(t("heist.progress", name=players[seat]["name"],
                                   dice=" ".join(f"{STEPS[i]}{face}" for i, face in enumerate(faces)))
                                 for seat, faces in enumerate(heist["progress"]) if faces)
            lines.append(t("heist.line.heist", heist=heist_label(t, state, slot), steps=steps, take=heist["take"],
                           progress=progress or t("heist.no_progress")))
        lines.append(t("heist.line.completed", count=state["completed"], goal=heists_to_end(len(players))))
        if state["last"] and phase in PLAY_PHASES:
            lines.append(self._last_text(t, state))
        for row in state["scores"] or ():
            parts = [t("heist.score_part", count=row["gems"][c], colour=colour(t, c), value=row["worth"][c])
                     for c in order if row["gems"][c]]
            lines.append(t("heist.line.score", name=players[row["seat"]]["name"], parts=" + ".join(parts) or "0",
                           total=row["total"]))
        if phase == "scoring":
            lines += [t("heist.line.value", colour=colour(t, state["colours"][seat]), name=players[seat]["name"],
                        value=value) for seat, value in enumerate(state["values"]) if value is not None]
        banner = self._banner(t, state)
        return {"headline": self._headline(t, state, name), "lines": lines, "prompt": self._prompt(t, state, name),
                "badges": self._badges(t, state), **({"banner": banner} if banner else {})}

    def _last_text(self, t, state):
        last = state["last"]
        fields = dict(name=name_of(state, last["player"]), step=STEPS[last["step"]],
                      heist=t("heist.heist_n", n=last["heist"] + 1), total=last["total"],
                      challenge=last["challenge"], result=t(f"heist.result.{last['result']}"))
        if last["die"] is None:
            return t("heist.line.last_perfection", **fields)
        return t("heist.line.last_roll", die=last["die"], modifier=f"{last['modifier']:+d}" if last["modifier"] else "",
                 score=last["score"], **fields)

    def _headline(self, t, state, name):
        phase = state["phase"]
        if phase == "first_player":
            return t("heist.headline.first_player", round=state["first_roll"]["round"])
        if phase in ("lay_heists", "scoring", "over"):
            return t(f"heist.headline.{phase}")
        return t(f"heist.headline.{phase}", name=name, turn=state["turn"])

    def _prompt(self, t, state, name):
        phase, at = state["phase"], state["attempt"]
        if phase == "lay_heists":
            return t("heist.prompt.lay_heists", n=empty_places(state)[0] + 1, count=len(state["heists"]))
        if phase == "first_player":
            fr = state["first_roll"]
            return t("heist.prompt.first_player" if fr["round"] == 1 else "heist.prompt.first_player_tie",
                     names=", ".join(name_of(state, s) for s in fr["contenders"]))
        if phase == "start":
            return t("heist.prompt.start", name=name, free=free_recruits(state))
        if phase in ("prep", "failure", "scoring", "over"):
            return t(f"heist.prompt.{phase}", limit=MAX_TEAM, value=CLEAR_VALUE)
        if phase in ("roll", "perfection"):
            return t(f"heist.prompt.{phase}", step=STEPS[at["step"]], heist=t("heist.heist_n", n=at["heist"] + 1),
                     total=at["total"], challenge=at["challenge"])
        if phase == "step_done":
            free = free_recruits(state)
            return t("heist.prompt.step_done" if free else "heist.prompt.step_done_hold", step=STEPS[at["step"]],
                     free=free)
        if phase == "complete":
            return t("heist.prompt.complete", take=state["heists"][at["heist"]]["take"])
        if phase == "completed":
            done = state["completions"][-1]
            words = [t("heist.prompt.completed", gems=gems_text(t, Counter(done["gems"]), list(state["start_bag"])))]
            if done["bonus"]:
                words.append(t("heist.prompt.bonus", colour=colour(t, done["bonus"])))
            elif done["bonus_due"]:
                words.append(t("heist.prompt.bonus_empty"))
            if done["team"] <= 3:
                words.append(t("heist.prompt.prep_card"))
            return " ".join(words + [t("heist.prompt.retire")])
        words = [t("heist.prompt.upkeep", limit=HAND_LIMIT)]
        if state["end"] is not None:
            words.append(t("heist.prompt.last_turn"))
        elif empty_places(state):
            words.append(t("heist.prompt.refill", n=empty_places(state)[0] + 1))
        return " ".join(words)

    def _banner(self, t, state):
        if state["phase"] == "over":
            names = [name_of(state, s) for s in state["winners"]]
            total = state["scores"][state["winners"][0]]["total"]
            if len(names) == 1:
                return t("heist.banner.winner", name=names[0], total=total)
            return t("heist.banner.tie", names=", ".join(names), total=total)
        end = state["end"]
        if end is None:
            return ""
        return t("heist.banner.bag_empty") if end["reason"] == "bag_empty" else \
            t("heist.banner.heists", count=state["completed"])

    def _badges(self, t, state):
        phase, rolls, values = state["phase"], state["first_roll"]["rolls"], state["values"]
        return {seat: [words for shown, words in (
            (phase in PLAY_PHASES and seat == state["current"], t("heist.badge.turn")),
            (seat == state["first_player"], t("heist.badge.first")),
            (phase == "first_player" and rolls[seat] is not None, t("heist.badge.rolled", value=rolls[seat])),
            (mine["cash"], t("heist.badge.cash", count=mine["cash"])),
            (True, t("heist.badge.team", count=mine["team"])),
            (mine["heists"], t("heist.badge.heists", count=len(mine["heists"]))),
            (values[seat] is not None, t("heist.badge.value", value=values[seat])),
            (seat in state["winners"], t("heist.badge.winner"))) if shown]
            for seat, mine in enumerate(state["seats"])}

    def board(self, state, t):
        """The row of heists, the gem bag by colour, each player's gems, team and cash: no cards in hand."""
        if state["phase"] == checklist.SETUP:    # the box is still being laid out: the checklist is the screen
            return None
        order, players = list(state["start_bag"]), state["players"]
        areas = []
        for slot, heist in enumerate(state["heists"]):
            label = heist["name"] if heist and heist["name"] else t("heist.board.place", n=slot + 1)
            if heist is None:
                areas.append(Area(f"heist.{slot}", label, (t("heist.board.empty"),), "empty"))
                continue
            facts = tuple(t("heist.board.step", step=STEPS[i], challenge=step["challenge"],
                            skill=f" {step['skill']}" if step["skill"] else "",
                            dice=", ".join(t("heist.board.die", name=players[seat]["name"], face=faces[i])
                                           for seat, faces in enumerate(heist["progress"]) if len(faces) > i)
                            or t("heist.no_progress"))
                          for i, step in enumerate(heist["steps"]))
            attempted = state["attempt"] is not None and state["attempt"]["heist"] == slot
            areas.append(Area(f"heist.{slot}", label, facts + (t("heist.board.take", take=heist["take"]),),
                              "attempted" if attempted else "open"))
        counters = [Tally(f"bag.{c}", t("heist.board.bag", colour=t(f"heist.param.gem.{c}")), state["bag"][c],
                          total=state["start_bag"][c], colour=c, short=t(f"heist.param.gem.{c}")) for c in order]
        counters.append(Tally("completed", t("heist.board.completed"), state["completed"],
                              total=heists_to_end(len(players)), big=True))
        seats = []
        for seat, mine in enumerate(state["seats"]):
            counts = [(t(f"heist.param.gem.{c}"), n) for c, n in mine["gems"].items() if n] + [
                (t("heist.board.team"), mine["team"]), (t("heist.board.cash"), mine["cash"]),
                (t("heist.board.heists"), len(mine["heists"]))]
            short = [t("heist.seat.gems", colour=t(f"heist.param.gem.{c}"), count=n)
                     for c, n in mine["gems"].items() if n] + [
                t("heist.seat.team", count=mine["team"]), t("heist.seat.cash", count=mine["cash"]),
                t("heist.seat.heists", count=len(mine["heists"]))]
            facts = [t("heist.board.colour", colour=colour(t, state["colours"][seat]))]
            if state["values"][seat] is not None:
                facts.append(t("heist.badge.value", value=state["values"][seat]))
            if state["scores"]:
                facts.append(t("heist.board.total", total=state["scores"][seat]["total"]))
            seats.append(SeatView(seat, tuple(facts), tuple(counts), tuple(short)))
        scores = tuple(sorted((Score(row["seat"], row["total"], tuple(
            (t("heist.score_part", count=row["gems"][c], colour=colour(t, c), value=row["worth"][c]),
             row["points"][c]) for c in order if row["gems"][c]), row["seat"] in state["winners"])
            for row in state["scores"] or ()), key=lambda score: (-score.total, score.seat)))
        return Board(counters=tuple(counters), areas=tuple(areas), seats=tuple(seats), scores=scores, layout="row")

    def spoken(self, before, after, action, t):
        """A heist step's result; a heist completed and the gems drawn."""
        out = []
        last = after["last"]
        if last is not None and last != before["last"]:
            out.append(speech.Line(t("heist.speech.step", name=name_of(after, last["player"]), step=STEPS[last["step"]],
                                     result=t("heist.result." + last["result"]))))
        if len(after["completions"]) > len(before["completions"]):
            done = after["completions"][-1]
            heist = t("heist.heist_named", n=done["heist"] + 1, name=done["name"]) if done["name"] else \
                t("heist.heist_n", n=done["heist"] + 1)
            words = [t("heist.speech.completed", name=name_of(after, done["player"]), heist=heist),
                     t("heist.prompt.completed", gems=gems_text(t, Counter(done["gems"]), list(after["start_bag"])))]
            if done["bonus"]:
                words.append(t("heist.prompt.bonus", colour=colour(t, done["bonus"])))
            out.append(speech.Line(" ".join(words)))
        return out + super().spoken(before, after, action, t)

    def cues(self, before, after, action):
        kind = action["type"]
        if (after["phase"] == "over" and before["phase"] != "over") or kind == "complete":
            return [cues.SUCCESS]
        if kind in ("roll", "place_die"):
            result = after["last"]["result"]
            return [cues.SUCCESS if result in ("success", "perfection") else cues.WARNING if result == "failure"
                    else cues.TAP]
        if kind in OWN_ROLLS:
            return [cues.TAP]
        return [cues.SUCCESS] if kind in ("attempt", "continue") and action["perfection"] else []

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


GAME = Heist()
