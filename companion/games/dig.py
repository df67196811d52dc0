"""Dig Your Way Out (German edition: Grab dich frei): the board keeper for the
tunnel race in Blackgate prison.

The app keeps what lies on the board: where every prisoner and Michel(le)
stand, the actions left in the turn, tunnel points against the threshold,
Beatings, and (optionally) cigarettes, Gangs and Backgrounds. Cards stay in
people's hands: the app asks what a card shows when it matters (a Michel card's
Knife, the points printed on a Tool) and never guesses it.

The board map (which two Places each die face leads to) is part of the setup
options (`board`) and of the state (`state["board"]`). Only face 1 is printed in
the rulebook; any other face is asked the first time it is rolled (phase
`ask_face`, action `learn_face`) and written into the state, so a replay is
identical. `learned_faces(state)` says what this game learned, `merge_board`
folds it into a saved map: loading and saving that map is the app's job.

Phases, as data (`state["phase"]`):
  turn          the current prisoner spends up to 2 actions, then ends the turn
  ask_face      a rolled face is not on the map yet: which two Places are beside it?
  choose_place  a simple move: pick one of the Places the die allows
  michel        end of turn: the active player may roll for Michel(le)
  extortion     an extortion is walked step by step (Michel(le)'s or a prisoner's)
  over          somebody reached the tunnel points: the game is won
"""
from __future__ import annotations

import copy
import random
from itertools import combinations

from .. import cues, lights
from ..dice import check_face, roll_d6
from ..inputs import InputEvent
from ..players import left_of
from .base import ActionSpec, Game, IllegalAction, Option, Param, player_of

# -- the rules as data ------------------------------------------------------
CELL_BLOCK = "cell_block"
BLOCK_A, BLOCK_B = "cell_block_a", "cell_block_b"
CAFETERIA = "cafeteria"
RECREATION = "recreational_area"
INFIRMARY = "infirmary"
SHOWERS = "showers"

BOARD_PLACES = (CELL_BLOCK, CAFETERIA, RECREATION, INFIRMARY, SHOWERS)  # the names a die face may lead to
TEAM_BLOCKS = {"a": BLOCK_A, "b": BLOCK_B}
STANDARD_PLACES = BOARD_PLACES + (BLOCK_A, BLOCK_B)  # the places the catalogue has names for
RULEBOOK_FACES = {"1": [CELL_BLOCK, CAFETERIA]}  # the only pair the rulebook prints; nothing else is known
FACES = tuple(str(f) for f in range(1, 7))
TEAM_BLOCK_FACES = ("1", "2", "3")  # team variant: these also lead to Cell Block A and B

THRESHOLDS = {2: 12, 3: 12, 4: 10, 5: 8, 6: 8}
TEAM_THRESHOLDS = {4: 16, 6: 20}
ACTIONS_PER_TURN = 2
CAUTIOUS_COST = 2
MAX_BEATINGS = 2
HAND_LIMIT = 10
MICHEL_START = SHOWERS

TOOLS = ("spoon", "pickaxe", "shovel")         # what is dug with, extorted, shown on Michel cards
CRAFTS = ("knives", "pickaxe", "shovel")       # 2 Knives, or 1 Pickaxe, or 1 Shovel per Craft
DEALS = {"knife": 2, "two_knives": 5, "pickaxe": 6, "shovel": 8}  # Buy: cigarettes per transaction
GANGS = ("bikers", "bratva", "cartel", "crew", "queers", "triad")
COUNTERS = ("tunnel", "beatings", "cigarettes")
SIDES = ("attacker", "defender")

MICHEL_CHOICES = ("none", "michel", "michelle")
TEAM_CHOICES = ("off", "alternate", "halves")

PHASES = ("turn", "ask_face", "choose_place", "michel", "extortion", "over")

# -- readings: how the app reads what the rules leave open --------------------
# Kept here, in one place, so each can be changed; each has a help text
# "dig.reading.<name>" in the catalogue.
READINGS = (
    "team_board",        # team side: a face leading to "Cell Block" leads to Cell Block A and B; same map as the standard side
    "team_start",        # team variant: every prisoner starts in their own team's Cell Block
    "team_seats",        # team variant: seats alternate A, B, A, B ("alternate") or first half A ("halves")
    "team_count",        # team variant only with 4 or 6 players (thresholds known only for those); otherwise played without teams
    "team_tunnel",       # team variant: a team's tunnel points are the sum of its prisoners' points
    "michel_order",      # Michel(le) extorts the roller first when the roller stands there, then clockwise
    "michel_helpers",    # team variant: teammates may play a Weapon for the victim of Michel(le); helpers of a loser take a Beating too
    "dig_points",        # the tunnel points of a Tool are printed on its card: entered by hand (1 to 5)
    "heal_needs_beating",  # Heal is offered only to a prisoner with a Beating
    "beatings_always",   # Beatings are always counted (they forbid Craft and Dig); cigarettes, Gang and Background are the optional counters
    "relocate",          # a correction move (card effects) spends no action and triggers no extortion
)

DIG_POINTS = (1, 5)
MAX_EXTRA_PLACES = 6
MAX_PLACE_NAME = 24
MAX_SELL = 30
MAX_HAND = 30
MAX_DELTA = 5
PAIR_SEP = "+"


# -- the board map: pure helpers for the app ---------------------------------
def _face_key(key) -> str:
    if isinstance(key, bool):
        raise IllegalAction("dig_bad_board", f"a die face is 1 to 6, not {key!r}")
    text = str(key).strip()
    if text not in FACES:
        raise IllegalAction("dig_bad_board", f"a die face is 1 to 6, not {key!r}")
    return text


def _pair(value, places) -> list[str]:
    """Two different places, in board order; from a list or "a+b"."""
    if isinstance(value, str):
        value = value.split(PAIR_SEP)
    if not isinstance(value, (list, tuple)) or len(value) != 2:
        raise IllegalAction("dig_bad_pair", f"name two places, not {value!r}")
    a, b = value
    if a not in places or b not in places:
        raise IllegalAction("dig_bad_pair", f"both places must be on the board: {', '.join(places)}")
    if a == b:
        raise IllegalAction("dig_same_place", "a die face leads to two different places")
    return sorted([a, b], key=list(places).index)


def pair_text(pair) -> str:
    """The choice string of a pair of places, as listed in a Param."""
    return PAIR_SEP.join(pair)


def normalize_board(board, places=BOARD_PLACES) -> dict[str, list[str]]:
    """A saved or entered map {face: [place, place]} checked and put in order.

    Faces are "2" to "6" (ints are accepted); face 1 may be given only as the
    rulebook prints it and is left out (it is always known)."""
    if board is None:
        return {}
    if not isinstance(board, dict):
        raise IllegalAction("dig_bad_board", "the board map gives each die face two places")
    out = {}
    for key, value in board.items():
        face = _face_key(key)
        pair = _pair(value, places)
        if face in RULEBOOK_FACES:
            if pair != RULEBOOK_FACES[face]:
                raise IllegalAction("dig_face_one", "the rulebook prints face 1 as Cell Block or Cafeteria")
            continue
        out[face] = pair
    return dict(sorted(out.items()))


def merge_board(saved, learned, places=BOARD_PLACES) -> dict[str, list[str]]:
    """The saved map with what a game learned written over it (learned wins)."""
    merged = normalize_board(saved, places)
    merged.update(normalize_board(learned, places))
    return dict(sorted(merged.items()))


def learned_faces(state: dict) -> dict[str, list[str]]:
    """What this game learned or corrected about the board: the faces whose pair
    differs from the map it started with. The app remembers these."""
    start = state["options"]["board"]
    return {face: list(pair) for face, pair in sorted(state["board"].items())
            if face not in RULEBOOK_FACES and start.get(face) != pair}


def unknown_faces(state: dict) -> list[int]:
    return [int(face) for face in FACES if face not in state["board"]]


def place_name(t, place: str) -> str:
    """A place in the table's language; an added place keeps the name it was given."""
    return t("dig.place." + place) if place in STANDARD_PLACES else place


def threshold(count: int, teams: bool) -> int:
    return TEAM_THRESHOLDS[count] if teams else THRESHOLDS[count]


def _check_extra_places(value) -> list[str]:
    if value is None:
        return []
    if not isinstance(value, (list, tuple)) or len(value) > MAX_EXTRA_PLACES:
        raise IllegalAction("dig_bad_places", f"add at most {MAX_EXTRA_PLACES} places, as a list of names",
                            most=MAX_EXTRA_PLACES)
    out, seen = [], {p.casefold() for p in STANDARD_PLACES}
    for raw in value:
        name = raw.strip() if isinstance(raw, str) else ""
        if not name or len(name) > MAX_PLACE_NAME or PAIR_SEP in name or name.casefold() in seen:
            raise IllegalAction("dig_bad_places", f"an added place needs its own name (1 to {MAX_PLACE_NAME} "
                                f"letters, no {PAIR_SEP!r}): {raw!r}", most=MAX_EXTRA_PLACES)
        seen.add(name.casefold())
        out.append(name)
    return out


# -- the game ---------------------------------------------------------------
class DigYourWayOut(Game):
    id = "dig"
    title = "dig.title"
    min_players = 2
    max_players = 6
    options = (
        Option("michel", "choice", "none", "dig.option.michel", choices=MICHEL_CHOICES),
        Option("teams", "choice", "off", "dig.option.teams", choices=TEAM_CHOICES),
        Option("counters", "bool", False, "dig.option.counters"),
    )
    # Options the app fills in from its config (not shown as setup rows):
    #   board:  {face: [place, place]}, the map remembered so far
    #   places: [name, ...], the expansion's other places, by name
    extra_options = ("board", "places")
    help_keys = tuple(f"dig.reading.{name}" for name in READINGS) + ("dig.help.buttons",)

    # -- setup -------------------------------------------------------------
    def check_options(self, options):
        options = dict(options or {})
        board = options.pop("board", None)
        extra = options.pop("places", None)
        checked = super().check_options(options)
        checked["places"] = _check_extra_places(extra)
        checked["board"] = normalize_board(board, BOARD_PLACES + tuple(checked["places"]))
        return checked

    def setup(self, players, options, first_player, rng):
        options = self.check_options(options)
        count = len(players)
        team_mode = options["teams"] != "off" and count in TEAM_THRESHOLDS
        teams = [None] * count
        if team_mode:
            for seat in range(count):
                if options["teams"] == "alternate":
                    teams[seat] = "a" if seat % 2 == 0 else "b"
                else:
                    teams[seat] = "a" if seat < count // 2 else "b"
        board_places = list(BOARD_PLACES) + options["places"]
        if team_mode:
            places = [BLOCK_A, BLOCK_B] + [p for p in board_places if p != CELL_BLOCK]
        else:
            places = list(board_places)
        board = dict(RULEBOOK_FACES)
        board.update(options["board"])
        notes = []
        if options["teams"] != "off" and not team_mode:
            notes.append({"key": "dig.note.teams_off", "n": count})
        return {
            "game": self.id,
            "players": players,
            "options": options,
            "first_player": first_player,
            "current": first_player,
            "turn": 1,
            "phase": "turn",
            "actions_left": ACTIONS_PER_TURN,
            "searched": False,
            "extorted": False,
            "team_mode": team_mode,
            "threshold": threshold(count, team_mode),
            "board_places": board_places,
            "places": places,
            "board": dict(sorted(board.items())),
            "prisoners": [{
                "place": TEAM_BLOCKS[teams[seat]] if team_mode else CELL_BLOCK,
                "tunnel": 0,
                "beatings": 0,
                "cigarettes": 0 if options["counters"] else None,
                "gang": None,
                "background": False,
                "team": teams[seat],
            } for seat in range(count)],
            "michel": None if options["michel"] == "none" else {"who": options["michel"], "place": MICHEL_START},
            "move": None,
            "then": None,
            "extortion": None,
            "extortions": 0,
            "queue": [],
            "notes": notes,
            "winner": None,
            "finished": False,
        }

    # -- what may be done now ----------------------------------------------
    def legal_actions(self, state):
        if state["finished"]:
            return []
        phase = state["phase"]
        return getattr(self, "_legal_" + phase)(state)

    def _legal_turn(self, s):
        me = s["current"]
        p = s["prisoners"][me]
        here = p["place"]
        left = s["actions_left"]
        specs = []
        if left >= 1:
            specs.append(ActionSpec("roll", "dig.action.roll", me,
                                    {"dice": Param("die", "dig.param.dice", optional=True)}))
            if left >= CAUTIOUS_COST:
                specs.append(ActionSpec("cautious_move", "dig.action.cautious_move", me,
                                        {"place": Param("choice", "dig.param.place",
                                                        tuple(x for x in s["places"] if x != here))}))
            mates = self._gang_mates(s, me)
            if mates:
                specs.append(ActionSpec("gang_move", "dig.action.gang_move", me,
                                        {"teammate": Param("seat", "dig.param.teammate", tuple(mates))}))
            if not s["searched"]:
                specs.append(ActionSpec("search", "dig.action.search", me))
            targets = self._targets(s, me)
            if not s["extorted"] and targets:
                specs.append(ActionSpec("extort", "dig.action.extort", me, {
                    "target": Param("seat", "dig.param.target", tuple(targets)),
                    "tool": Param("choice", "dig.param.tool", TOOLS)}))
            if self._can_dig(s, me):
                specs.append(ActionSpec("dig", "dig.action.dig", me, {
                    "tool": Param("choice", "dig.param.tool", TOOLS),
                    "points": Param("int", "dig.param.points", minimum=DIG_POINTS[0], maximum=DIG_POINTS[1])}))
            if self._can_craft(s, me):
                specs.append(ActionSpec("craft", "dig.action.craft", me,
                                        {"item": Param("choice", "dig.param.item", CRAFTS)}))
            if here == RECREATION:
                specs.append(ActionSpec("sell", "dig.action.sell", me, {
                    "cigarettes": Param("int", "dig.param.cigarettes", minimum=1, maximum=MAX_SELL)}))
                deals = self._deals(s, me)
                if deals:
                    specs.append(ActionSpec("buy", "dig.action.buy", me,
                                            {"deal": Param("choice", "dig.param.deal", tuple(deals))}))
            if here == INFIRMARY and p["beatings"] > 0:
                specs.append(ActionSpec("heal", "dig.action.heal", me))
            if here == CAFETERIA:
                specs.append(ActionSpec("steal_spoon", "dig.action.steal_spoon", me))
            specs.append(ActionSpec("join_gang", "dig.action.join_gang", me,
                                    {"gang": Param("choice", "dig.param.gang", GANGS)}))
            specs.append(ActionSpec("play_card", "dig.action.play_card", me))
            mates_here = self._mates_here(s, me)
            if mates_here:
                specs.append(ActionSpec("exchange", "dig.action.exchange", me,
                                        {"teammate": Param("seat", "dig.param.teammate", tuple(mates_here))}))
        specs.append(ActionSpec("end_turn", "dig.action.end_turn", me))
        # free, at any time of the turn (no action spent)
        hidden = [seat for seat, q in enumerate(s["prisoners"]) if not q["background"]]
        if s["options"]["counters"] and hidden:
            specs.append(ActionSpec("reveal_background", "dig.action.reveal_background", None,
                                    {"seat": Param("seat", "dig.param.seat", tuple(hidden))}))
        seats = tuple(range(len(s["players"])))
        specs.append(ActionSpec("adjust", "dig.action.adjust", None, {
            "seat": Param("seat", "dig.param.seat", seats),
            "what": Param("choice", "dig.param.what", self._counters(s)),
            "delta": Param("int", "dig.param.delta", minimum=-MAX_DELTA, maximum=MAX_DELTA)}))
        specs.append(ActionSpec("relocate", "dig.action.relocate", None, {
            "seat": Param("seat", "dig.param.seat", seats),
            "place": Param("choice", "dig.param.place", tuple(s["places"]))}))
        specs.append(ActionSpec("set_face", "dig.action.set_face", None, {
            "face": Param("int", "dig.param.face", minimum=2, maximum=6),
            "places": Param("choice", "dig.param.places", self._pair_choices(s))}))
        return specs

    def _legal_ask_face(self, s):
        return [ActionSpec("learn_face", "dig.action.learn_face", None,
                           {"places": Param("choice", "dig.param.places", self._pair_choices(s))})]

    def _legal_choose_place(self, s):
        move = s["move"]
        return [ActionSpec("go", "dig.action.go", move["roller"],
                           {"place": Param("choice", "dig.param.place", tuple(move["options"]))})]

    def _legal_michel(self, s):
        me = s["current"]
        return [ActionSpec("roll_michel", "dig.action.roll_michel", me,
                           {"dice": Param("die", "dig.param.dice", optional=True)}),
                ActionSpec("skip_michel", "dig.action.skip_michel", me)]

    def _legal_extortion(self, s):
        x = s["extortion"]
        victim = x["victim"]
        lose_params = {"has_tool": Param("bool", "dig.param.has_tool", optional=True),
                       "hand": Param("int", "dig.param.hand", minimum=0, maximum=MAX_HAND, optional=True)}
        if x["by"] == "michel":
            if x["step"] == "draw":
                return [ActionSpec("michel_card", "dig.action.michel_card", victim,
                                   {"knife": Param("bool", "dig.param.knife")})]
            fight_params = {}
            fighters = self._michel_fighters(s)
            if len(fighters) > 1:
                fight_params["by"] = Param("seat", "dig.param.by", tuple(fighters), optional=True)
            specs = []
            if x["step"] == "threat":
                specs.append(ActionSpec("cooperate", "dig.action.cooperate", victim))
            specs.append(ActionSpec("fight", "dig.action.fight", victim, fight_params))
            specs.append(ActionSpec("give_up", "dig.action.give_up", victim, lose_params))
            return specs
        attacker = x["attacker"]
        if x["step"] == "threat":
            return [ActionSpec("cooperate", "dig.action.cooperate", victim),
                    ActionSpec("fight", "dig.action.fight", victim),
                    ActionSpec("give_up", "dig.action.give_up", None,
                               {"seat": Param("seat", "dig.param.loser", (victim,)), **lose_params})]
        specs = [ActionSpec("give_up", "dig.action.give_up", None,
                            {"seat": Param("seat", "dig.param.loser", (victim, attacker)), **lose_params})]
        helpers = self._possible_helpers(s)
        if helpers:
            specs.append(ActionSpec("help", "dig.action.help", None, {
                "seat": Param("seat", "dig.param.seat", tuple(helpers)),
                "side": Param("choice", "dig.param.side", SIDES)}))
        return specs

    def _legal_over(self, s):
        return []

    # -- rule helpers ------------------------------------------------------
    @staticmethod
    def _counters(s):
        return COUNTERS if s["options"]["counters"] else COUNTERS[:2]

    @staticmethod
    def _pair_choices(s):
        return tuple(pair_text(pair) for pair in combinations(s["board_places"], 2))

    @staticmethod
    def _home(s, seat):
        team = s["prisoners"][seat]["team"]
        return TEAM_BLOCKS[team] if team else CELL_BLOCK

    def _can_dig(self, s, seat):
        p = s["prisoners"][seat]
        return p["place"] == self._home(s, seat) and p["beatings"] < 2

    def _can_craft(self, s, seat):
        p = s["prisoners"][seat]
        return p["beatings"] == 0 and p["place"] not in (self._home(s, seat), SHOWERS)

    @staticmethod
    def _deals(s, seat):
        cigarettes = s["prisoners"][seat]["cigarettes"]
        return [d for d, price in DEALS.items() if cigarettes is None or cigarettes >= price]

    @staticmethod
    def _targets(s, seat):
        here = s["prisoners"][seat]["place"]
        return [o for o, q in enumerate(s["prisoners"]) if o != seat and q["place"] == here]

    @staticmethod
    def _mates_here(s, seat):
        me = s["prisoners"][seat]
        if not s["team_mode"]:
            return []
        return [o for o, q in enumerate(s["prisoners"])
                if o != seat and q["team"] == me["team"] and q["place"] == me["place"]]

    @staticmethod
    def _gang_mates(s, seat):
        me = s["prisoners"][seat]
        if not s["team_mode"] or me["gang"] is None:
            return []
        return [o for o, q in enumerate(s["prisoners"])
                if o != seat and q["team"] == me["team"] and q["gang"] == me["gang"] and q["place"] != me["place"]]

    def _michel_fighters(self, s):
        victim = s["extortion"]["victim"]
        return [victim] + self._mates_here(s, victim)

    @staticmethod
    def _possible_helpers(s):
        x = s["extortion"]
        if not s["team_mode"]:
            return []
        ps = s["prisoners"]
        here = ps[x["victim"]]["place"]
        busy = {x["attacker"], x["victim"]} | {h for h, _ in x["helpers"]}
        teams = {ps[x["attacker"]]["team"], ps[x["victim"]]["team"]}
        return [o for o, q in enumerate(ps) if o not in busy and q["place"] == here and q["team"] in teams]

    def _destinations(self, s, face, here):
        out = []
        for place in s["board"][face]:
            out += [BLOCK_A, BLOCK_B] if s["team_mode"] and place == CELL_BLOCK else [place]
        if s["team_mode"] and face in TEAM_BLOCK_FACES:
            out += [BLOCK_A, BLOCK_B]
        return [p for p in s["places"] if p in out and p != here]  # you cannot stay where you stand

    def team_points(self, s, team):
        return sum(p["tunnel"] for p in s["prisoners"] if p["team"] == team)

    # -- resolve and apply -------------------------------------------------
    def resolve(self, state, action, rng: random.Random):
        if state["finished"]:
            raise IllegalAction("game_over", "the game is over; start a new one or undo")
        kind = action.get("type")
        if kind not in HANDLERS:
            raise IllegalAction("unknown_action", f"Dig Your Way Out has no action {kind!r}", action=kind)
        out = {"type": kind}
        for name in HANDLERS[kind][1]:
            if name in action:
                out[name] = action[name]
        if "player" in HANDLERS[kind][1]:
            out["player"] = player_of(state, action) if "player" in action else self._actor(state)
        if kind in ("roll", "roll_michel"):
            given = action.get("dice")
            if given is None:
                out["dice"], out["manual"] = [roll_d6(rng)], False
            else:
                if not isinstance(given, list) or len(given) != 1:
                    raise IllegalAction("dice_count", "enter 1 die face", count=1)
                try:
                    out["dice"] = [check_face(given[0])]
                except ValueError as exc:
                    raise IllegalAction("bad_face", str(exc)) from None
                out["manual"] = True
        new = self._run(state, out)  # checks every rule; raises IllegalAction
        if kind == "give_up" and new.get("_random_card"):
            hand = new["_random_card"]
            out["card"] = rng.randint(1, hand)  # which card, counted from the left of the fanned hand
        return out

    def apply(self, state, action):
        new = self._run(state, action)
        new.pop("_random_card", None)
        return new

    def _run(self, state, action):
        s = copy.deepcopy(state)
        if s["finished"]:
            raise IllegalAction("game_over", "the game is over; start a new one or undo")
        kind = action.get("type")
        if kind not in HANDLERS:
            raise IllegalAction("unknown_action", f"Dig Your Way Out has no action {kind!r}", action=kind)
        phases, fields, handler = HANDLERS[kind]
        if s["phase"] not in phases:
            raise IllegalAction("dig_not_now", f"{kind} is not possible now ({s['phase']})", action=kind)
        if "player" in fields:
            actor = self._actor(s)
            seat = action.get("player", actor)
            if seat != actor:
                player_of(s, action)  # a seat that does not exist says so
                raise IllegalAction("dig_not_your_turn", f"it is not seat {seat}'s move", seat=seat)
        s["notes"] = []
        handler(self, s, action)
        return s

    def _actor(self, s):
        phase = s["phase"]
        if phase == "choose_place":
            return s["move"]["roller"]
        if phase == "extortion":
            return s["extortion"]["victim"]
        return s["current"]

    # -- turn actions ------------------------------------------------------
    def _spend(self, s, cost=1):
        if s["actions_left"] < cost:
            raise IllegalAction("dig_no_actions", f"this needs {cost} actions; {s['actions_left']} left",
                                cost=cost, left=s["actions_left"])
        s["actions_left"] -= cost

    def _do_roll(self, s, a):
        self._spend(s)
        self._start_move(s, s["current"], s["current"], a["dice"][0], "turn")

    def _do_cautious_move(self, s, a):
        me = s["current"]
        place = _choice(a, "place", s["places"])
        if place == s["prisoners"][me]["place"]:
            raise IllegalAction("dig_same_place", "a move goes to another place")
        self._spend(s, CAUTIOUS_COST)
        s["then"] = "turn"
        self._arrive(s, me, place, me)

    def _do_gang_move(self, s, a):
        me = s["current"]
        mate = _seat(s, a, "teammate")
        if mate not in self._gang_mates(s, me):
            raise IllegalAction("dig_not_gang_mate", "only to a teammate of your own Gang in another place")
        self._spend(s)
        s["then"] = "turn"
        self._arrive(s, me, s["prisoners"][mate]["place"], me)

    def _do_search(self, s, a):
        if s["searched"]:
            raise IllegalAction("dig_search_once", "Search only once per turn")
        self._spend(s)
        s["searched"] = True
        _note(s, "dig.note.search", seat=s["current"], place=s["prisoners"][s["current"]]["place"])

    def _do_extort(self, s, a):
        me = s["current"]
        if s["extorted"]:
            raise IllegalAction("dig_extort_once", "Extortion only once per turn")
        target = _seat(s, a, "target")
        if target not in self._targets(s, me):
            raise IllegalAction("dig_not_here", "extort a prisoner in your own place")
        tool = _choice(a, "tool", TOOLS)
        self._spend(s)
        s["extorted"] = True
        s["then"] = "turn"
        self._begin_extortion(s, {"by": "player", "attacker": me, "victim": target, "tool": tool,
                                  "step": "threat", "helpers": []})

    def _do_dig(self, s, a):
        me = s["current"]
        p = s["prisoners"][me]
        if p["place"] != self._home(s, me):
            raise IllegalAction("dig_dig_place", "Dig only in your own Cell Block")
        if p["beatings"] >= 2:
            raise IllegalAction("dig_beaten_dig", "with 2 Beatings you cannot Dig")
        _choice(a, "tool", TOOLS)
        points = _int(a, "points", *DIG_POINTS)
        self._spend(s)
        p["tunnel"] += points
        self._check_win(s, me)

    def _do_craft(self, s, a):
        me = s["current"]
        p = s["prisoners"][me]
        if p["place"] in (self._home(s, me), SHOWERS):
            raise IllegalAction("dig_craft_place", "no Craft in your Cell Block or the Showers")
        if p["beatings"] > 0:
            raise IllegalAction("dig_beaten_craft", "with a Beating you cannot Craft")
        _choice(a, "item", CRAFTS)
        self._spend(s)

    def _do_sell(self, s, a):
        p = self._at(s, RECREATION, "sell")
        value = _int(a, "cigarettes", 1, MAX_SELL)
        self._spend(s)
        if p["cigarettes"] is not None:
            p["cigarettes"] += value

    def _do_buy(self, s, a):
        p = self._at(s, RECREATION, "buy")
        deal = _choice(a, "deal", tuple(DEALS))
        price = DEALS[deal]
        if p["cigarettes"] is not None:
            if p["cigarettes"] < price:
                raise IllegalAction("dig_no_cigarettes", f"this costs {price} cigarettes", price=price,
                                    have=p["cigarettes"])
            p["cigarettes"] -= price
        self._spend(s)

    def _do_heal(self, s, a):
        p = self._at(s, INFIRMARY, "heal")
        if p["beatings"] == 0:
            raise IllegalAction("dig_no_beating", "there is no Beating to heal")
        self._spend(s)
        p["beatings"] -= 1

    def _do_steal_spoon(self, s, a):
        self._at(s, CAFETERIA, "steal_spoon")
        self._spend(s)

    def _do_join_gang(self, s, a):
        gang = _choice(a, "gang", GANGS)
        self._spend(s)
        s["prisoners"][s["current"]]["gang"] = gang

    def _do_play_card(self, s, a):
        self._spend(s)

    def _do_exchange(self, s, a):
        mate = _seat(s, a, "teammate")
        if mate not in self._mates_here(s, s["current"]):
            raise IllegalAction("dig_not_team_mate", "exchange only with a teammate in your place")
        self._spend(s)

    def _at(self, s, place, action):
        p = s["prisoners"][s["current"]]
        if p["place"] != place:
            raise IllegalAction("dig_only_in_" + place, f"{action} only in the {place}")
        return p

    def _do_end_turn(self, s, a):
        if s["michel"]:
            s["phase"] = "michel"
        else:
            self._pass_turn(s)

    # -- table actions (no action spent) -----------------------------------
    def _do_reveal_background(self, s, a):
        if not s["options"]["counters"]:
            raise IllegalAction("dig_no_counters", "Backgrounds are counted only with the counters option")
        seat = _seat(s, a, "seat")
        p = s["prisoners"][seat]
        if p["background"]:
            raise IllegalAction("dig_background_shown", "a Background is revealed only once per game")
        p["background"] = True

    def _do_adjust(self, s, a):
        seat = _seat(s, a, "seat")
        what = _choice(a, "what", self._counters(s))
        delta = _int(a, "delta", -MAX_DELTA, MAX_DELTA)
        if delta == 0:
            raise IllegalAction("dig_bad_adjust", "change a counter by at least 1")
        p = s["prisoners"][seat]
        value = p[what] + delta
        top = MAX_BEATINGS if what == "beatings" else None
        if value < 0 or (top is not None and value > top):
            raise IllegalAction("dig_bad_adjust", f"{what} cannot become {value}", what=what)
        p[what] = value
        if what == "tunnel" and delta > 0:
            self._check_win(s, seat)

    def _do_relocate(self, s, a):
        seat = _seat(s, a, "seat")
        place = _choice(a, "place", s["places"])
        if place == s["prisoners"][seat]["place"]:
            raise IllegalAction("dig_same_place", "that prisoner stands there already")
        s["prisoners"][seat]["place"] = place

    def _do_set_face(self, s, a):
        face = _face_key(_int(a, "face", 2, 6))
        s["board"][face] = _pair(a.get("places"), s["board_places"])
        s["board"] = dict(sorted(s["board"].items()))

    # -- moves -------------------------------------------------------------
    def _start_move(self, s, mover, roller, face, then):
        s["then"] = then
        face = str(face)
        s["move"] = {"mover": mover, "roller": roller, "face": int(face), "options": []}
        if face not in s["board"]:
            s["phase"] = "ask_face"
            return
        self._offer(s)

    def _offer(self, s):
        move = s["move"]
        mover = move["mover"]
        here = s["michel"]["place"] if mover == "michel" else s["prisoners"][mover]["place"]
        options = self._destinations(s, str(move["face"]), here)
        if len(options) == 1:  # standing in one of the places: the other one it is
            _note(s, "dig.note.forced", who=mover, place=options[0], face=move["face"])
            s["move"] = None
            self._arrive(s, mover, options[0], move["roller"])
            return
        move["options"] = options
        s["phase"] = "choose_place"

    def _do_learn_face(self, s, a):
        face = str(s["move"]["face"])
        s["board"][face] = _pair(a.get("places"), s["board_places"])
        s["board"] = dict(sorted(s["board"].items()))
        _note(s, "dig.note.learned", face=int(face))
        self._offer(s)

    def _do_go(self, s, a):
        move = s["move"]
        place = _choice(a, "place", move["options"])
        s["move"] = None
        self._arrive(s, move["mover"], place, move["roller"])

    def _arrive(self, s, mover, place, roller):
        s["phase"] = "turn"
        if mover == "michel":
            s["michel"]["place"] = place
            count = len(s["players"])
            order = sorted(range(count), key=lambda seat: (seat - roller) % count)  # clockwise from the roller
            s["queue"] = [seat for seat in order if s["prisoners"][seat]["place"] == place]
            self._next_in_queue(s)
            return
        s["prisoners"][mover]["place"] = place
        if s["michel"] and s["michel"]["place"] == place:
            self._begin_extortion(s, self._michel_extortion(mover))
            return
        self._resume(s)

    @staticmethod
    def _michel_extortion(victim):
        return {"by": "michel", "victim": victim, "step": "draw", "cards": 0, "weapons": 0, "helpers": []}

    def _begin_extortion(self, s, record):
        s["extortions"] += 1
        record["number"] = s["extortions"]
        s["extortion"] = record
        s["phase"] = "extortion"

    def _next_in_queue(self, s):
        if s["queue"]:
            victim = s["queue"].pop(0)
            self._begin_extortion(s, self._michel_extortion(victim))
        else:
            self._resume(s)

    def _end_extortion(self, s):
        s["extortion"] = None
        self._next_in_queue(s)

    def _resume(self, s):
        then, s["then"] = s["then"], None
        s["phase"] = "turn"
        if then == "next":
            self._pass_turn(s)

    def _pass_turn(self, s):
        _note(s, "dig.note.hand_limit", seat=s["current"], n=HAND_LIMIT)
        s["current"] = left_of(s["current"], len(s["players"]))
        if s["current"] == s["first_player"]:
            s["turn"] += 1
        s["actions_left"] = ACTIONS_PER_TURN
        s["searched"] = s["extorted"] = False
        s["phase"] = "turn"

    # -- Michel(le) --------------------------------------------------------
    def _do_roll_michel(self, s, a):
        self._start_move(s, "michel", s["current"], a["dice"][0], "next")

    def _do_skip_michel(self, s, a):
        self._pass_turn(s)

    # -- extortions --------------------------------------------------------
    def _do_michel_card(self, s, a):
        x = s["extortion"]
        if x["by"] != "michel" or x["step"] != "draw":
            raise IllegalAction("dig_not_now", "no Michel card to draw now", action="michel_card")
        knife = a.get("knife")
        if not isinstance(knife, bool):
            raise IllegalAction("dig_say_knife", "say whether the Michel card shows a Knife")
        x["cards"] += 1
        fighting = x["weapons"] > 0
        if knife:
            x["step"] = "fight" if fighting else "threat"
            return
        _note(s, "dig.note.michel_won" if fighting else "dig.note.michel_avoided", seat=x["victim"])
        self._end_extortion(s)

    def _do_cooperate(self, s, a):
        x = s["extortion"]
        if x["step"] != "threat":
            raise IllegalAction("dig_not_now", "cooperate only when threatened", action="cooperate")
        if x["by"] == "michel":
            _note(s, "dig.note.michel_cooperate", seat=x["victim"])
        else:
            _note(s, "dig.note.cooperate", seat=x["victim"], other=x["attacker"], tool=x["tool"])
        self._end_extortion(s)

    def _do_fight(self, s, a):
        x = s["extortion"]
        if x["by"] == "michel":
            if x["step"] not in ("threat", "fight"):
                raise IllegalAction("dig_not_now", "draw the Michel card first", action="fight")
            by = a.get("by", x["victim"])
            if by not in self._michel_fighters(s):
                raise IllegalAction("dig_not_team_mate", "a Weapon for the victim: the victim or a teammate there")
            if by != x["victim"] and by not in x["helpers"]:
                x["helpers"].append(by)
            x["weapons"] += 1
            x["step"] = "draw"
            return
        if x["step"] != "threat":
            raise IllegalAction("dig_not_now", "the combat is on already", action="fight")
        x["step"] = "combat"

    def _do_give_up(self, s, a):
        x = s["extortion"]
        if x["by"] == "michel":
            if x["step"] not in ("threat", "fight"):
                raise IllegalAction("dig_not_now", "draw the Michel card first", action="give_up")
            loser = x["victim"]
            if a.get("seat", loser) != loser:
                raise IllegalAction("dig_not_fighting", "only the extorted prisoner can give up")
            losers = [loser] + x["helpers"]
            self._lose(s, a, loser, losers, None)
            return
        loser = _seat(s, a, "seat")
        allowed = (x["victim"],) if x["step"] == "threat" else (x["victim"], x["attacker"])
        if loser not in allowed:
            raise IllegalAction("dig_not_fighting", "only a fighter can give up")
        winner = x["attacker"] if loser == x["victim"] else x["victim"]
        side = "defender" if loser == x["victim"] else "attacker"
        losers = [loser] + [h for h, hs in x["helpers"] if hs == side]
        self._lose(s, a, loser, losers, winner)

    def _lose(self, s, a, loser, losers, winner):
        x = s["extortion"]
        has_tool = a.get("has_tool", False)
        hand = a.get("hand")
        if not isinstance(has_tool, bool):
            raise IllegalAction("dig_bad_value", "has_tool is true or false", name="has_tool")
        if hand is not None:
            hand = _int(a, "hand", 0, MAX_HAND)
        for seat in losers:
            p = s["prisoners"][seat]
            p["beatings"] = min(MAX_BEATINGS, p["beatings"] + 1)  # never more than 2
        tool_goes = has_tool and (winner is None or loser == x["victim"])
        if x["by"] == "michel":
            _note(s, "dig.note.michel_lost", seat=loser)
        else:
            _note(s, "dig.note.lost", seat=loser, other=winner)
        for seat in losers[1:]:
            _note(s, "dig.note.helper_beaten", seat=seat)
        if tool_goes:
            if x["by"] == "michel":
                _note(s, "dig.note.discard_tool", seat=loser)
            else:
                _note(s, "dig.note.give_tool", seat=loser, other=winner, tool=x["tool"])
        else:
            card = a.get("card")
            if hand:
                if card is None:
                    s["_random_card"] = hand  # resolve draws it and writes it into the action
                elif isinstance(card, bool) or not isinstance(card, int) or not 1 <= card <= hand:
                    raise IllegalAction("dig_bad_value", "the random card is one of the hand", name="card")
            key = "dig.note.random_discard" if x["by"] == "michel" else "dig.note.random_take"
            if hand == 0:
                key = "dig.note.empty_hand"
            if card is not None and hand:
                _note(s, key + "_n", seat=loser, other=winner, n=card, hand=hand)
            else:
                _note(s, key, seat=loser, other=winner)
        if winner is not None:
            for seat in losers[1:]:
                _note(s, "dig.note.take_from_helper", seat=winner, other=seat)
        self._end_extortion(s)

    def _do_help(self, s, a):
        x = s["extortion"]
        if x["by"] != "player" or x["step"] != "combat":
            raise IllegalAction("dig_not_now", "help only in a combat between prisoners", action="help")
        seat = _seat(s, a, "seat")
        side = _choice(a, "side", SIDES)
        fighter = x["attacker"] if side == "attacker" else x["victim"]
        if seat not in self._possible_helpers(s) or s["prisoners"][seat]["team"] != s["prisoners"][fighter]["team"]:
            raise IllegalAction("dig_not_team_mate", "help a teammate in your own place")
        x["helpers"].append([seat, side])

    # -- winning -----------------------------------------------------------
    def _check_win(self, s, seat):
        team = s["prisoners"][seat]["team"]
        points = self.team_points(s, team) if team else s["prisoners"][seat]["tunnel"]
        if points >= s["threshold"]:
            s["winner"] = {"seat": seat, "team": team}
            s["finished"] = True
            s["phase"] = "over"
            s["move"] = None

    # -- buttons -----------------------------------------------------------
    def leds(self, state):
        if state["finished"]:
            winner = state.get("winner") or {}
            if winner.get("team"):
                seats = [s for s, p in enumerate(state["prisoners"]) if p.get("team") == winner["team"]]
            else:
                seats = [winner.get("seat")]
            return lights.winners(state, seats)
        roller = (state.get("move") or {}).get("roller")
        if state["phase"] == "choose_place" and lights.valid_seat(state, roller):
            return lights.each_still_to(state, [roller])
        return lights.turn(state)

    def input_action(self, state, event):
        if state["finished"]:
            return None
        phase = state["phase"]
        if event == InputEvent.ROLL:
            if phase == "turn" and state["actions_left"] >= 1:
                return {"type": "roll"}
            if phase == "michel":
                return {"type": "roll_michel"}
        if event == InputEvent.CONFIRM:
            if phase == "turn":
                return {"type": "end_turn"}
            if phase == "michel":
                return {"type": "skip_michel"}
        return None

    # -- presentation ------------------------------------------------------
    def summary(self, state, t):
        s = state
        names = [p["name"] for p in s["players"]]

        def who(mover):
            return t("dig.michel." + s["michel"]["who"]) if mover == "michel" else names[mover]

        def place(p):
            return place_name(t, p)

        cur = s["current"]
        x = s["extortion"]
        phase = s["phase"]
        headline = {
            "turn": lambda: t("dig.headline.turn", name=names[cur]),
            "ask_face": lambda: t("dig.headline.ask_face", face=s["move"]["face"]),
            "choose_place": lambda: (t("dig.headline.choose_michel", name=names[s["move"]["roller"]],
                                       michel=who("michel"), face=s["move"]["face"])
                                     if s["move"]["mover"] == "michel" else
                                     t("dig.headline.choose_place", name=names[s["move"]["mover"]],
                                       face=s["move"]["face"])),
            "michel": lambda: t("dig.headline.michel", name=names[cur], michel=who("michel")),
            "extortion": lambda: (t("dig.headline.michel_extortion", michel=who("michel"), name=names[x["victim"]])
                                  if x["by"] == "michel" else
                                  t("dig.headline.extortion", name=names[x["attacker"]], other=names[x["victim"]])),
            "over": lambda: self._winner_text(s, t),
        }[phase]()

        lines = []
        for seat, p in enumerate(s["prisoners"]):
            parts = [place(p["place"])]
            if not s["team_mode"]:
                parts.append(t("dig.line.tunnel", points=p["tunnel"], goal=s["threshold"]))
            else:
                parts.append(t("dig.line.tunnel_own", points=p["tunnel"]))
            parts.append(t("dig.line.beatings", n=p["beatings"]))
            if s["options"]["counters"]:
                parts.append(t("dig.line.cigarettes", n=p["cigarettes"]))
                if p["gang"]:
                    parts.append(t("dig.gang." + p["gang"]))
                if p["background"]:
                    parts.append(t("dig.line.background"))
            label = names[seat] if not p["team"] else t("dig.line.in_team", name=names[seat],
                                                        team=t("dig.team." + p["team"]))
            lines.append(f"{label}: " + " · ".join(parts))
        if s["team_mode"]:
            for team in ("a", "b"):
                lines.append(t("dig.line.team_tunnel", team=t("dig.team." + team),
                               points=self.team_points(s, team), goal=s["threshold"]))
        if s["michel"]:
            lines.append(t("dig.line.michel", michel=who("michel"), place=place(s["michel"]["place"])))
        if phase == "turn":
            used = []
            if s["searched"]:
                used.append(t("dig.action.search"))
            if s["extorted"]:
                used.append(t("dig.action.extort"))
            lines.append(t("dig.line.actions", left=s["actions_left"], total=ACTIONS_PER_TURN)
                         + (" · " + t("dig.line.used", actions=", ".join(used)) if used else ""))
        lines.append(t("dig.line.goal", goal=s["threshold"]))
        unknown = unknown_faces(s)
        if unknown:
            lines.append(t("dig.line.unknown_faces", faces=", ".join(map(str, unknown))))
        if s["options"]["teams"] != "off" and not s["team_mode"]:
            lines.append(t("dig.note.teams_off", n=len(names)))
        for note in s["notes"]:
            lines.append(self._note_text(s, t, note))

        out = {"headline": headline, "lines": lines, "prompt": self._prompt(s, t, who, place),
               "badges": self._badges(s, t)}
        if s["winner"]:
            out["banner"] = self._winner_text(s, t)
        return out

    def _winner_text(self, s, t):
        w = s["winner"]
        if w["team"]:
            return t("dig.banner.team_wins", team=t("dig.team." + w["team"]), goal=s["threshold"])
        return t("dig.banner.wins", name=s["players"][w["seat"]]["name"], goal=s["threshold"])

    def _prompt(self, s, t, who, place):
        names = [p["name"] for p in s["players"]]
        phase = s["phase"]
        if phase == "over":
            return t("dig.prompt.over")
        if phase == "ask_face":
            return t("dig.prompt.ask_face", face=s["move"]["face"])
        if phase == "choose_place":
            options = s["move"]["options"]
            shown = [place(p) for p in options]
            choices = ", ".join(shown[:-1]) + t("dig.prompt.or") + shown[-1]
            return t("dig.prompt.choose_place", name=names[s["move"]["roller"]], mover=who(s["move"]["mover"]),
                     places=choices)
        if phase == "michel":
            return t("dig.prompt.michel", name=names[s["current"]], michel=who("michel"))
        if phase == "extortion":
            x = s["extortion"]
            victim = names[x["victim"]]
            if x["by"] == "michel":
                if x["step"] == "draw":
                    return t("dig.prompt.michel_draw_again" if x["weapons"] else "dig.prompt.michel_draw",
                             name=victim)
                if x["step"] == "threat":
                    return t("dig.prompt.michel_threat", name=victim)
                return t("dig.prompt.michel_fight", name=victim)
            if x["step"] == "threat":
                return t("dig.prompt.threat", name=names[x["attacker"]], other=victim,
                         tool=t("dig.tool." + x["tool"]))
            return t("dig.prompt.combat", name=names[x["attacker"]], other=victim)
        if s["actions_left"] == 0:
            return t("dig.prompt.no_actions", name=names[s["current"]], n=HAND_LIMIT)
        return t("dig.prompt.turn", name=names[s["current"]], left=s["actions_left"])

    def _badges(self, s, t):
        badges = {}
        for seat, p in enumerate(s["prisoners"]):
            tags = []
            if p["team"]:
                tags.append(t("dig.team." + p["team"]))
            if seat == s["current"] and not s["finished"]:
                tags.append(t("dig.badge.actions", n=s["actions_left"]))
            if p["beatings"]:
                tags.append(t("dig.badge.beatings", n=p["beatings"]))
            if s["michel"] and s["michel"]["place"] == p["place"]:
                tags.append(t("dig.badge.with_michel", michel=t("dig.michel." + s["michel"]["who"])))
            if s["winner"] and (s["winner"]["seat"] == seat or (p["team"] and s["winner"]["team"] == p["team"])):
                tags.append(t("dig.badge.winner"))
            badges[seat] = tags
        return badges

    def _note_text(self, s, t, note):
        names = [p["name"] for p in s["players"]]
        params = {}
        for key, value in note.items():
            if key == "key":
                continue
            if key in ("seat", "other"):
                params["name" if key == "seat" else "other"] = names[value] if value is not None else ""
            elif key == "who":
                params["name"] = t("dig.michel." + s["michel"]["who"]) if value == "michel" else names[value]
            elif key == "place":
                params["place"] = place_name(t, value)
            elif key == "tool":
                params["tool"] = t("dig.tool." + value)
            else:
                params[key] = value
        return t(note["key"], **params)

    def cues(self, before, after, action):
        out = []
        if action["type"] in ("roll", "roll_michel"):
            out.append(cues.TAP)
        if after["extortion"] and after["extortions"] != before["extortions"]:
            out.append(cues.WARNING)  # a new extortion begins
        if after["finished"] and not before["finished"]:
            out.append(cues.SUCCESS)  # the tunnel is through: the winner
        return out

    # -- invariants --------------------------------------------------------
    def check_invariants(self, state):
        s = state
        count = len(s["players"])
        assert s["phase"] in PHASES
        assert 0 <= s["current"] < count and s["turn"] >= 1
        assert 0 <= s["actions_left"] <= ACTIONS_PER_TURN
        assert s["threshold"] == threshold(count, s["team_mode"])
        assert s["board"]["1"] == RULEBOOK_FACES["1"]
        for face, pair in s["board"].items():
            assert face in FACES and len(pair) == 2 and pair[0] != pair[1]
            assert all(p in s["board_places"] for p in pair)
        teams = [p["team"] for p in s["prisoners"]]
        if s["team_mode"]:
            assert teams.count("a") == teams.count("b") == count // 2
        else:
            assert teams == [None] * count
        for p in s["prisoners"]:
            assert p["place"] in s["places"]
            assert p["tunnel"] >= 0
            assert 0 <= p["beatings"] <= MAX_BEATINGS
            assert (p["cigarettes"] is None) == (not s["options"]["counters"])
            assert p["cigarettes"] is None or p["cigarettes"] >= 0
            assert p["gang"] is None or p["gang"] in GANGS
        if s["michel"]:
            assert s["michel"]["place"] in s["places"]
        else:
            assert s["options"]["michel"] == "none"
        phase = s["phase"]
        assert (s["move"] is not None) == (phase in ("ask_face", "choose_place"))
        assert (s["extortion"] is not None) == (phase == "extortion")
        assert (s["then"] is None) == (phase in ("turn", "michel", "over")) and s["then"] in (None, "turn", "next")
        if phase == "ask_face":
            assert str(s["move"]["face"]) not in s["board"]
        if phase == "choose_place":
            assert len(s["move"]["options"]) >= 2
            assert all(p in s["places"] for p in s["move"]["options"])
        if phase == "michel":
            assert s["michel"] is not None
        if phase == "extortion":
            x = s["extortion"]
            assert 0 <= x["victim"] < count
            if x["by"] == "michel":
                assert s["michel"]["place"] == s["prisoners"][x["victim"]]["place"]
                assert x["step"] in ("draw", "threat", "fight")
            else:
                assert x["step"] in ("threat", "combat") and x["attacker"] != x["victim"]
        assert all(0 <= seat < count for seat in s["queue"])
        assert not s["queue"] or phase == "extortion"
        best = max([self.team_points(s, t) for t in ("a", "b")] if s["team_mode"]
                   else [p["tunnel"] for p in s["prisoners"]])
        if s["finished"]:
            assert phase == "over" and s["winner"] is not None and best >= s["threshold"]
        else:
            assert phase != "over" and s["winner"] is None and best < s["threshold"]


# -- argument checks -----------------------------------------------------------
def _note(s, key, **params):
    s["notes"].append({"key": key, **params})


def _choice(a, name, choices):
    value = a.get(name)
    if isinstance(value, bool) or value not in choices:
        raise IllegalAction("dig_bad_choice", f"{name} must be one of {', '.join(map(str, choices))}, not {value!r}",
                            name=name)
    return value


def _int(a, name, lo, hi):
    value = a.get(name)
    if isinstance(value, bool) or not isinstance(value, int) or not lo <= value <= hi:
        raise IllegalAction("dig_bad_number", f"{name} must be a whole number from {lo} to {hi}, not {value!r}",
                            name=name, low=lo, high=hi)
    return value


def _seat(s, a, name):
    value = a.get(name)
    if isinstance(value, bool) or not isinstance(value, int) or not 0 <= value < len(s["players"]):
        raise IllegalAction("bad_player", f"there is no seat {value!r} at this table", seat=value)
    return value


_G = DigYourWayOut
_TURN = ("turn",)
# type -> (phases it is allowed in, fields kept in the stored action, handler)
HANDLERS = {
    "roll": (_TURN, ("player", "dice", "manual"), _G._do_roll),
    "cautious_move": (_TURN, ("player", "place"), _G._do_cautious_move),
    "gang_move": (_TURN, ("player", "teammate"), _G._do_gang_move),
    "search": (_TURN, ("player",), _G._do_search),
    "extort": (_TURN, ("player", "target", "tool"), _G._do_extort),
    "dig": (_TURN, ("player", "tool", "points"), _G._do_dig),
    "craft": (_TURN, ("player", "item"), _G._do_craft),
    "sell": (_TURN, ("player", "cigarettes"), _G._do_sell),
    "buy": (_TURN, ("player", "deal"), _G._do_buy),
    "heal": (_TURN, ("player",), _G._do_heal),
    "steal_spoon": (_TURN, ("player",), _G._do_steal_spoon),
    "join_gang": (_TURN, ("player", "gang"), _G._do_join_gang),
    "play_card": (_TURN, ("player",), _G._do_play_card),
    "exchange": (_TURN, ("player", "teammate"), _G._do_exchange),
    "end_turn": (_TURN, ("player",), _G._do_end_turn),
    "reveal_background": (_TURN, ("seat",), _G._do_reveal_background),
    "adjust": (_TURN, ("seat", "what", "delta"), _G._do_adjust),
    "relocate": (_TURN, ("seat", "place"), _G._do_relocate),
    "set_face": (_TURN, ("face", "places"), _G._do_set_face),
    "learn_face": (("ask_face",), ("places",), _G._do_learn_face),
    "go": (("choose_place",), ("player", "place"), _G._do_go),
    "roll_michel": (("michel",), ("player", "dice", "manual"), _G._do_roll_michel),
    "skip_michel": (("michel",), ("player",), _G._do_skip_michel),
    "michel_card": (("extortion",), ("player", "knife"), _G._do_michel_card),
    "cooperate": (("extortion",), ("player",), _G._do_cooperate),
    "fight": (("extortion",), ("player", "by"), _G._do_fight),
    "give_up": (("extortion",), ("seat", "has_tool", "hand", "card"), _G._do_give_up),
    "help": (("extortion",), ("seat", "side"), _G._do_help),
}

GAME = DigYourWayOut()
