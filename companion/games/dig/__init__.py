"""Dig Your Way Out (German: Grab dich frei), the tunnel race in Blackgate prison, as
the table of its moves (MOVES). The app keeps what lies on the board; cards stay in
people's hands: the app asks what one shows when it matters, never guesses.

The board map (which two Places each die face leads to) is an option (`board`) and
part of the state. Only face 1 is printed in the rulebook; any other face is asked
the first time it is rolled (phase `ask_face`) and written into the state, so a
replay is identical. The game remembers the map across tables (recall, learn).
Phases: turn, ask_face, choose_place, michel, extortion, over.
"""
from __future__ import annotations

from itertools import combinations

from ... import cues, lights, speech
from ...board import Area, Board, Counter, SeatView, Token, Track
from ...inputs import InputEvent
from ...players import left_of
from .. import checklist
from ..base import (ADJUST, END_TURN, Game, IllegalAction, MemoryEntry, MemoryList, MemoryView, Move, Option, Param,
                   Reference, Rule, name_of)
from ..base import make_result

# -- the rules as data ------------------------------------------------------
CELL_BLOCK, CAFETERIA, RECREATION = "cell_block", "cafeteria", "recreational_area"
INFIRMARY, SHOWERS = "infirmary", "showers"
BLOCK_A, BLOCK_B = "cell_block_a", "cell_block_b"

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
# The tool piles on the board: one that runs out is marked by the table (`empty`: a game saved
# before has none); while it is empty its item cannot be crafted or bought, nor a Spoon stolen.
PILES = ("knife", "pickaxe", "shovel", "spoon")
PILE_OF = {"knives": "knife", "two_knives": "knife", "knife": "knife", "pickaxe": "pickaxe", "shovel": "shovel"}
GANGS = ("bikers", "bratva", "cartel", "crew", "queers", "triad")
COUNTERS = ("tunnel", "beatings", "cigarettes")
SIDES = ("attacker", "defender")

MICHEL_CHOICES = ("none", "michel", "michelle")
TEAM_CHOICES = ("off", "alternate", "halves")

PHASES = (checklist.SETUP, "turn", "ask_face", "choose_place", "michel", "extortion", "over")

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

# what the game remembers across tables (the store's settings)
BOARD_KEY, PLACES_KEY = "dig.board", "dig.places"
EXPORT_NAME = "dig-board.json"


# -- the board map ----------------------------------------------------------------
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
        face = "" if isinstance(key, bool) else str(key).strip()
        if face not in FACES:
            raise IllegalAction("dig_bad_board", f"a die face is 1 to 6, not {key!r}")
        out[face] = _pair(value, places)
        if face in RULEBOOK_FACES and out.pop(face) != RULEBOOK_FACES[face]:
            raise IllegalAction("dig_face_one", "the rulebook prints face 1 as Cell Block or Cafeteria")
    return dict(sorted(out.items()))


def merge_board(saved, learned, places=BOARD_PLACES) -> dict[str, list[str]]:
    """The saved map with what a game learned written over it (learned wins)."""
    return normalize_board({**normalize_board(saved, places), **normalize_board(learned, places)}, places)


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


def check_extra_places(value) -> list[str]:
    """The expansion's added places, by name: at most 6, each its own name without a "+"."""
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


def _remembered(memory, places=None):
    """(added places, board map) remembered across tables; a hand-edited value the game refuses is left out."""
    if places is None:
        try:
            places = check_extra_places(memory.get(PLACES_KEY, []))
        except IllegalAction:
            places = []
    try:
        return places, normalize_board(memory.get(BOARD_KEY, {}), BOARD_PLACES + tuple(places))
    except IllegalAction:
        return places, {}


# -- who stands where -----------------------------------------------------------------
def _here(s, seat):
    return s["prisoners"][seat]["place"]


def _at(s, place):
    """The seats of the prisoners standing at place."""
    return [o for o, p in enumerate(s["prisoners"]) if p["place"] == place]


def home(s, seat):
    team = s["prisoners"][seat]["team"]
    return TEAM_BLOCKS[team] if team else CELL_BLOCK


def _mates(s, seat, gang=False):
    """Seat's teammates (team variant) in the same place; gang=True: of the same Gang, elsewhere."""
    me = s["prisoners"][seat]
    if not s["team_mode"] or (gang and me["gang"] is None):
        return []
    return [o for o, q in enumerate(s["prisoners"]) if o != seat and q["team"] == me["team"]
            and ((q["gang"] == me["gang"] and q["place"] != me["place"]) if gang else q["place"] == me["place"])]


def _helpers(s):
    """Who may still play a Weapon in a combat between prisoners: teammates of either, there."""
    x, ps = s["extortion"], s["prisoners"]
    busy = {x["attacker"], x["victim"]} | {h for h, _ in x["helpers"]}
    teams = {ps[x["attacker"]]["team"], ps[x["victim"]]["team"]}
    return [o for o, q in enumerate(ps) if s["team_mode"] and o not in busy and q["place"] == _here(s, x["victim"])
            and q["team"] in teams]


def _leads_to(s, face):
    """The places a die face leads to (team variant: either Cell Block, as the readings say)."""
    pair = s["board"][face]
    teams = s["team_mode"] and (CELL_BLOCK in pair or face in TEAM_BLOCK_FACES)
    return [p for p in s["places"] if p in pair or (teams and p in (BLOCK_A, BLOCK_B))]


def team_points(s, team):
    return sum(p["tunnel"] for p in s["prisoners"] if p["team"] == team)


def _affordable(s, seat):
    cigarettes = s["prisoners"][seat]["cigarettes"]
    return [d for d, price in DEALS.items() if (cigarettes is None or cigarettes >= price) and _in_stock(s, d)]


def _empty(s) -> list[str]:
    return s.get("empty") or []


def _in_stock(s, item) -> bool:
    """Its pile has cards (Craft's "knives", Buy's deals, "spoon")."""
    return PILE_OF.get(item, item) not in _empty(s)


def _pile_left(s, a):
    """Craft and Buy: not from a pile the table marked empty (the rulebook: until it is filled again)."""
    item = a.get("item") or a.get("deal")
    if not _in_stock(s, item):
        raise IllegalAction("dig_pile_empty", f"the {PILE_OF[item]} pile is empty", pile=PILE_OF[item])


def _mark_pile(s, a, empty):
    s["empty"] = [p for p in PILES if (p in _empty(s) or p == a["pile"]) and (empty or p != a["pile"])]


def _winners(s):
    w = s["winner"] or {}
    return [o for o, p in enumerate(s["prisoners"]) if o == w.get("seat") or (p["team"] and p["team"] == w.get("team"))]


# -- what the moves do ----------------------------------------------------------------
def _note(s, key, **params):
    s["notes"].append({"key": key, **params})


def _roll(mover, then):
    """A simple move: the places beside the face (asked first when the map does not know it)."""
    def apply(s, a):
        s["then"] = then
        s["move"] = {"mover": mover or s["current"], "roller": s["current"], "face": a["dice"][0], "options": []}
        if str(a["dice"][0]) in s["board"]:
            _offer(s)
        else:
            s["phase"] = "ask_face"
    return apply


def _offer(s):
    move = s["move"]
    mover = move["mover"]
    here = s["michel"]["place"] if mover == "michel" else _here(s, mover)
    options = [p for p in _leads_to(s, str(move["face"])) if p != here]  # you cannot stay where you stand
    if len(options) == 1:  # standing in one of the places: the other one it is
        _note(s, "dig.note.forced", who=mover, place=options[0], face=move["face"])
        _arrive(s, mover, options[0], move["roller"])
    else:
        move["options"] = options
        s["phase"] = "choose_place"


def _arrive(s, mover, place, roller):
    s["phase"], s["move"] = "turn", None
    if mover == "michel":  # Michel(le) extorts everybody there, one at a time, clockwise from the roller
        s["michel"]["place"] = place
        s["queue"] = sorted(_at(s, place), key=lambda o: (o - roller) % len(s["players"]))
        _next_victim(s)
        return
    s["prisoners"][mover]["place"] = place
    if s["michel"] and s["michel"]["place"] == place:
        _extortion(s, mover)
    else:
        _resume(s)


def _walk(s, place):
    """A move that is not a die roll: the turn goes on where it ends."""
    s["then"] = "turn"
    _arrive(s, s["current"], place, s["current"])


def _extortion(s, victim, **by_player):
    """An extortion begins: Michel(le)'s, or (by_player) a prisoner's."""
    s["extortions"] += 1
    by = by_player or {"by": "michel", "step": "draw", "cards": 0, "weapons": 0}
    s["extortion"] = {**by, "victim": victim, "helpers": [], "number": s["extortions"]}
    s["phase"] = "extortion"


def _next_victim(s):
    s["extortion"] = None
    if s["queue"]:
        _extortion(s, s["queue"].pop(0))
    else:
        _resume(s)


def _resume(s):
    then, s["then"] = s["then"], None
    s["phase"] = "turn"
    if then == "next":
        _pass_turn(s)


def _pass_turn(s, a=None):
    _note(s, "dig.note.hand_limit", seat=s["current"], n=HAND_LIMIT)
    s["current"] = left_of(s["current"], len(s["players"]))
    s["turn"] += s["current"] == s["first_player"]
    s.update(actions_left=ACTIONS_PER_TURN, searched=False, extorted=False, phase="turn")


def _add(s, seat, what, delta):
    """A counter of seat's changes; tunnel points may win at once."""
    p = s["prisoners"][seat]
    if p[what] is not None:  # cigarettes are counted only with the counters option
        p[what] += delta
    team = p["team"]
    if what == "tunnel" and delta > 0 and (team_points(s, team) if team else p["tunnel"]) >= s["threshold"]:
        s.update(winner={"seat": seat, "team": team}, finished=True, phase="over", move=None)


def _set_pair(s, face, places):
    s["board"][face] = _pair(places, s["board_places"])
    s["board"] = dict(sorted(s["board"].items()))


def _search(s, a):
    s["searched"] = True
    _note(s, "dig.note.search", seat=s["current"], place=_here(s, s["current"]))


def _extort(s, a):
    s["extorted"], s["then"] = True, "turn"
    _extortion(s, a["target"], by="player", attacker=s["current"], tool=a["tool"], step="threat")


def _can_pay(s, a):
    _pile_left(s, a)
    price, have = DEALS[a["deal"]], s["prisoners"][a["player"]]["cigarettes"]
    if have is not None and have < price:
        raise IllegalAction("dig_no_cigarettes", f"this costs {price} cigarettes", price=price, have=have)


def _adjust_fits(s, a):
    what, value = a["what"], s["prisoners"][a["seat"]][a["what"]] + a["delta"]
    if a["delta"] == 0:
        raise IllegalAction("dig_bad_adjust", "change a counter by at least 1")
    if value < 0 or (what == "beatings" and value > MAX_BEATINGS):
        raise IllegalAction("dig_bad_adjust", f"{what} cannot become {value}", what=what)


def _not_there_already(s, a):
    if a["place"] == _here(s, a["seat"]):
        raise IllegalAction("dig_same_place", "that prisoner stands there already")


def _learn_face(s, a):
    _set_pair(s, str(s["move"]["face"]), a["places"])
    _note(s, "dig.note.learned", face=s["move"]["face"])
    _offer(s)


def _michel_card(s, a):
    x = s["extortion"]
    x["cards"] += 1
    if a["knife"]:
        x["step"] = "fight" if x["weapons"] else "threat"
    else:
        _note(s, "dig.note.michel_won" if x["weapons"] else "dig.note.michel_avoided", seat=x["victim"])
        _next_victim(s)


def _cooperate(s, a):
    x = s["extortion"]
    if x["by"] == "michel":
        _note(s, "dig.note.michel_cooperate", seat=x["victim"])
    else:
        _note(s, "dig.note.cooperate", seat=x["victim"], other=x["attacker"], tool=x["tool"])
    _next_victim(s)


def _fight(s, a):
    x = s["extortion"]
    if x["by"] == "player":
        x["step"] = "combat"
        return
    by = a.get("by", x["victim"])
    if by != x["victim"] and by not in x["helpers"]:
        x["helpers"].append(by)
    x["weapons"] += 1
    x["step"] = "draw"


def _tool_goes(s, a):
    """The loser hands over (or discards) the Tool asked for: only the extorted one, when holding it."""
    return bool(a.get("has_tool")) and a.get("seat", s["extortion"]["victim"]) == s["extortion"]["victim"]


def _card_in_hand(s, a):
    if a.get("card") is not None and a.get("hand") and not _tool_goes(s, a) and a["card"] > a["hand"]:
        raise IllegalAction("dig_bad_value", "the random card is one of the hand", name="card")


def _pick_card(s, a, rng):
    a.pop("player", None)  # the loser is named by `seat` (or is Michel(le)'s victim), as it always was stored
    if a.get("card") is None and a.get("hand") and not _tool_goes(s, a):
        a["card"] = rng.randint(1, a["hand"])  # which card, counted from the left of the fanned hand
    return a


def _give_up(s, a):
    x = s["extortion"]
    loser, michel = a.get("seat", x["victim"]), x["by"] == "michel"
    winner = None if michel else x["attacker"] if loser == x["victim"] else x["victim"]
    side = "defender" if loser == x["victim"] else "attacker"
    helpers = x["helpers"] if michel else [h for h, hs in x["helpers"] if hs == side]
    for seat in [loser] + helpers:
        s["prisoners"][seat]["beatings"] = min(MAX_BEATINGS, s["prisoners"][seat]["beatings"] + 1)  # at most 2
    _note(s, "dig.note.michel_lost" if michel else "dig.note.lost", seat=loser, **({} if michel else {"other": winner}))
    for seat in helpers:
        _note(s, "dig.note.helper_beaten", seat=seat)
    hand, card = a.get("hand"), a.get("card")
    if _tool_goes(s, a) and michel:
        _note(s, "dig.note.discard_tool", seat=loser)
    elif _tool_goes(s, a):
        _note(s, "dig.note.give_tool", seat=loser, other=winner, tool=x["tool"])
    else:
        key = "dig.note.empty_hand" if hand == 0 else "dig.note.random_discard" if michel else "dig.note.random_take"
        numbered = card is not None and bool(hand)  # which card the app drew
        _note(s, key + "_n" * numbered, seat=loser, other=winner, **({"n": card, "hand": hand} if numbered else {}))
    for seat in [] if michel else helpers:
        _note(s, "dig.note.take_from_helper", seat=winner, other=seat)
    _next_victim(s)


def _same_team(s, a):
    fighter = s["extortion"]["attacker" if a["side"] == "attacker" else "victim"]
    if s["prisoners"][a["seat"]]["team"] != s["prisoners"][fighter]["team"]:
        raise IllegalAction("dig_not_team_mate", "help a teammate in your own place")


# -- the table of moves ------------------------------------------------------------------
TURN, EXTORTION = ("turn",), ("extortion",)


def _choice(label, choices, error="dig_bad_choice", **more):
    return Param("choice", "dig.param." + label, tuple(choices), error=error, **more)


def _number(label, low, high, **more):
    return Param("int", "dig.param." + label, minimum=low, maximum=high, error="dig_bad_number", **more)


def _everybody(s):
    return Param("seat", "dig.param.seat", tuple(range(len(s["players"]))))


def _pairs(s, spelled=False):
    """The pair of places beside a face: "a+b" as listed; typed also as [a, b], in either order."""
    pairs = list(combinations(s["board_places"], 2))
    if not spelled:
        return _choice("places", map(pair_text, pairs))
    pairs += [(b, a) for a, b in pairs]
    return _choice("places", [pair_text(p) for p in pairs] + [list(p) for p in pairs], error="dig_bad_pair",
                   message='{name}: two different places on the board, as "a+b" or [a, b], not {value}')


def _seats(label, key, message, of):
    """An argument naming one of the seats `of(state, seat)` (refused in the game's words when
    it names another), and the Rule that refuses the move while there is none."""
    def param(s, me, **more):
        return Param("seat", "dig.param." + label, tuple(of(s, me)), error=key, message=message, **more)
    return Rule(lambda s, me: not of(s, me), key, message), param


NO_TARGET, TARGET = _seats("target", "dig_not_here", "extort a prisoner in your own place",
                           lambda s, me: [o for o in _at(s, _here(s, me)) if o != me])
NO_GANG_MATE, GANG_MATE = _seats("teammate", "dig_not_gang_mate", "only to a teammate of your own Gang elsewhere",
                                 lambda s, me: _mates(s, me, True))
NO_MATE_HERE, MATE_HERE = _seats("teammate", "dig_not_team_mate", "exchange only with a teammate in your place", _mates)
ALL_REVEALED, UNREVEALED = _seats("seat", "dig_background_shown", "a Background is revealed only once per game",
                                  lambda s, me: [o for o, q in enumerate(s["prisoners"]) if not q["background"]])
_, FIGHTER = _seats("by", "dig_not_team_mate", "a Weapon for the victim: the victim or a teammate there",
                    lambda s, me: [_victim(s)] + _mates(s, _victim(s)))
NO_HELPER, HELPER = _seats("seat", "dig_not_team_mate", "help a teammate in your own place", lambda s, me: _helpers(s))
_, LOSER = _seats("loser", "dig_not_fighting", "only a prisoner in the fight can give up",  # Michel(le)'s: optional
                  lambda s, me: [_victim(s)] + [x["attacker"] for x in [s["extortion"]] if x["step"] == "combat"])


def _needs(cost):
    return Rule(lambda s, me: s["actions_left"] < cost, "dig_no_actions", "this needs {cost} actions; {left} left",
                lambda s, me: {"cost": cost, "left": s["actions_left"]})


def _only_in(place, what):
    return Rule(lambda s, me: _here(s, me) != place, "dig_only_in_" + place, f"{what} only in the {place}")


def _beaten(most, key, message):
    return Rule(lambda s, me: s["prisoners"][me]["beatings"] > most, key, message)


def _not_at(steps, message):
    return Rule(lambda s, me: s["extortion"]["step"] in steps, "dig_not_now", message)


def action(type_, effect=None, cost=1, unless=(), **more):
    """A turn action of the current prisoner: spends `cost` of the turn's actions."""
    def apply(s, a):
        s["actions_left"] -= cost
        if effect is not None:
            effect(s, a)
    return Move(type_, TURN, unless=(*unless, _needs(cost)), apply=apply, **more)


def correction(type_, apply, **more):
    """The table puts something right (a card's effect): any time of the turn, no action spent."""
    return Move(type_, TURN, actor=None, apply=apply, role=ADJUST, **more)


def _by_michel(s):
    return s["extortion"]["by"] == "michel"


def _victim(s):
    return s["extortion"]["victim"]


DIE = Param("die", "dig.param.dice", optional=True)
TOOL = _choice("tool", TOOLS)
LOSS = {"has_tool": Param("bool", "dig.param.has_tool", optional=True, error="dig_bad_value",
                          message="has_tool is true or false"),
        "hand": _number("hand", 0, MAX_HAND, optional=True)}
CARD = Param("int", "dig.param.card", minimum=1, maximum=MAX_HAND, optional=True, error="dig_bad_value",
             message="the random card is one of the hand")  # as a script may give it; the app draws it

MOVES = (
    # the turn: up to 2 actions, then end it
    action("roll", _roll(None, "turn"), params={"dice": DIE}),
    action("cautious_move", lambda s, a: _walk(s, a["place"]), cost=CAUTIOUS_COST, params=lambda s, me: {
        "place": _choice("place", [p for p in s["places"] if p != _here(s, me)], error="dig_same_place")}),
    action("gang_move", lambda s, a: _walk(s, _here(s, a["teammate"])), unless=(NO_GANG_MATE,),
           params=lambda s, me: {"teammate": GANG_MATE(s, me)}),
    action("search", _search,
           unless=(Rule(lambda s, me: s["searched"], "dig_search_once", "Search only once per turn"),)),
    action("extort", _extort, params=lambda s, me: {"target": TARGET(s, me), "tool": TOOL},
           unless=(Rule(lambda s, me: s["extorted"], "dig_extort_once", "Extortion only once per turn"), NO_TARGET)),
    action("dig", lambda s, a: _add(s, s["current"], "tunnel", a["points"]),
           params={"tool": TOOL, "points": _number("points", *DIG_POINTS)},
           unless=(Rule(lambda s, me: _here(s, me) != home(s, me), "dig_dig_place", "Dig only in your own Cell Block"),
                   _beaten(1, "dig_beaten_dig", "with 2 Beatings you cannot Dig"))),
    action("craft", params={"item": _choice("item", CRAFTS)}, check=_pile_left,
           listing=lambda s, me: [{"item": _choice("item", items)}
                                  for items in [[c for c in CRAFTS if _in_stock(s, c)]] if items],
           unless=(Rule(lambda s, me: _here(s, me) in (home(s, me), SHOWERS), "dig_craft_place",
                        "no Craft in your Cell Block or the Showers"),
                   _beaten(0, "dig_beaten_craft", "with a Beating you cannot Craft"))),
    action("sell", lambda s, a: _add(s, s["current"], "cigarettes", a["cigarettes"]),
           unless=(_only_in(RECREATION, "sell"),), params={"cigarettes": _number("cigarettes", 1, MAX_SELL)}),
    action("buy", lambda s, a: _add(s, s["current"], "cigarettes", -DEALS[a["deal"]]),
           unless=(_only_in(RECREATION, "buy"),), params={"deal": _choice("deal", DEALS)}, check=_can_pay,
           listing=lambda s, me: [{"deal": _choice("deal", deals)} for deals in [_affordable(s, me)] if deals]),
    action("heal", lambda s, a: _add(s, s["current"], "beatings", -1),
           unless=(_only_in(INFIRMARY, "heal"), Rule(lambda s, me: s["prisoners"][me]["beatings"] == 0,
                                                     "dig_no_beating", "there is no Beating to heal"))),
    action("steal_spoon", unless=(_only_in(CAFETERIA, "steal_spoon"), Rule(
        lambda s, me: not _in_stock(s, "spoon"), "dig_pile_empty", "the spoon pile is empty", lambda s, me: {
            "pile": "spoon"}))),
    action("join_gang", lambda s, a: s["prisoners"][s["current"]].update(gang=a["gang"]),
           params={"gang": _choice("gang", GANGS)}),
    action("play_card"),
    action("exchange", unless=(NO_MATE_HERE,), params=lambda s, me: {"teammate": MATE_HERE(s, me)}),
    Move("end_turn", TURN, role=END_TURN, apply=lambda s, a: s.update(phase="michel") if s["michel"] else _pass_turn(s)),
    correction("pile_empty", lambda s, a: _mark_pile(s, a, True),
               unless=(Rule(lambda s, me: len(_empty(s)) == len(PILES), "dig_all_empty", "every pile is empty"),),
               params=lambda s, me: {"pile": _choice("pile", [p for p in PILES if p not in _empty(s)])}),
    correction("pile_filled", lambda s, a: _mark_pile(s, a, False),
               unless=(Rule(lambda s, me: not _empty(s), "dig_none_empty", "no pile is marked empty"),),
               params=lambda s, me: {"pile": _choice("pile", _empty(s))}),
    correction("reveal_background", lambda s, a: s["prisoners"][a["seat"]].update(background=True),
               unless=(Rule(lambda s, me: not s["options"]["counters"], "dig_no_counters",
                            "Backgrounds are counted only with the counters option"), ALL_REVEALED),
               params=lambda s, me: {"seat": UNREVEALED(s, me)}),
    correction("adjust", lambda s, a: _add(s, a["seat"], a["what"], a["delta"]), check=_adjust_fits,
               params=lambda s, me: {"seat": _everybody(s),
                                     "what": _choice("what", COUNTERS if s["options"]["counters"] else COUNTERS[:2]),
                                     "delta": _number("delta", -MAX_DELTA, MAX_DELTA)}),
    correction("relocate", lambda s, a: s["prisoners"][a["seat"]].update(place=a["place"]), check=_not_there_already,
               params=lambda s, me: {"seat": _everybody(s), "place": _choice("place", s["places"])}),
    correction("set_face", lambda s, a: _set_pair(s, str(a["face"]), a["places"]),
               params=lambda s, me: {"face": _number("face", 2, 6), "places": _pairs(s, spelled=True)},
               listing=lambda s, me: [{"face": _number("face", 2, 6), "places": _pairs(s)}]),
    # a move by die: the face's places (asked when the map does not know them), then where to
    Move("learn_face", ("ask_face",), actor=None, apply=_learn_face,
         params=lambda s, me: {"places": _pairs(s, spelled=True)}, listing=lambda s, me: [{"places": _pairs(s)}]),
    Move("go", ("choose_place",), actor=lambda s: s["move"]["roller"],
         apply=lambda s, a: _arrive(s, s["move"]["mover"], a["place"], s["move"]["roller"]),
         params=lambda s, me: {"place": _choice("place", s["move"]["options"])}),
    Move("roll_michel", ("michel",), params={"dice": DIE}, apply=_roll("michel", "next")),
    Move("skip_michel", ("michel",), apply=_pass_turn),
    # extortions, step by step: the victim answers
    Move("michel_card", EXTORTION, actor=_victim, apply=_michel_card,
         unless=(_not_at(("threat", "fight", "combat"), "no Michel card to draw now"),),
         params={"knife": Param("bool", "dig.param.knife", error="dig_say_knife",
                                message="say whether the Michel card shows a Knife")}),
    Move("cooperate", EXTORTION, actor=_victim, apply=_cooperate,
         unless=(_not_at(("draw", "fight", "combat"), "cooperate only when threatened"),)),
    Move("fight", EXTORTION, actor=_victim, apply=_fight,
         unless=(_not_at(("draw",), "draw the Michel card first"), _not_at(("combat",), "the combat is on already")),
         params=lambda s, me: {"by": FIGHTER(s, me, optional=True)} if _by_michel(s) else {},
         listing=lambda s, me: [{"by": FIGHTER(s, me, optional=True)} if _by_michel(s) and _mates(s, me) else {}]),
    Move("give_up", EXTORTION, actor=lambda s: _victim(s) if _by_michel(s) else None,
         unless=(_not_at(("draw",), "draw the Michel card first"),), check=_card_in_hand, decide=_pick_card,
         params=lambda s, me: {"seat": LOSER(s, me, optional=_by_michel(s)), **LOSS, "card": CARD}, apply=_give_up,
         listing=lambda s, me: [{**({} if _by_michel(s) else {"seat": LOSER(s, me)}), **LOSS}]),
    Move("help", EXTORTION, actor=None, apply=lambda s, a: s["extortion"]["helpers"].append([a["seat"], a["side"]]),
         unless=(_not_at(("draw", "threat", "fight"), "help only in a combat between prisoners"), NO_HELPER),
         params=lambda s, me: {"seat": HELPER(s, me), "side": _choice("side", SIDES)}, check=_same_team),
) + checklist.moves("dig", lambda s, seat: s.update(phase="turn", current=seat, first_player=seat), first=True)


def setup_steps(team_mode: bool, michel: str) -> list[str]:
    """The rulebook's setup, in its order ("dig.setup.<step>"): the board (its team side
    for the team variant), the piles, the Search deck, the counters, each prisoner's
    standee (team variant: in their own team's Cell Block), Background card and 3 Search
    cards; Michel(le) in the Showers and the Michel deck near them when in play."""
    return (["board_teams" if team_mode else "board", "tools", "gangs", "search", "tokens",
             "standees_teams" if team_mode else "standees", "background", "hand"]
            + ([] if michel == "none" else ["michel"]))


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
        checklist.option(),
    )
    # not setup rows: what the game remembers (recall) fills them in: the map, the added places
    extra_options = ("board", "places")
    help_keys = tuple(f"dig.reading.{name}" for name in READINGS) + ("dig.help.buttons",)
    reference = (Reference("setup", (checklist.SETUP,)), Reference("turn", ("turn",)),
                 Reference("move", ("turn", "ask_face", "choose_place", "michel")),
                 Reference("dig", ("turn",)), Reference("extortion", ("extortion",)),
                 Reference("michel", ("michel", "extortion")), Reference("end", ("over",)))
    moves = MOVES
    memory_keys = (BOARD_KEY, PLACES_KEY)

    # -- setup -------------------------------------------------------------
    def check_values(self, options):
        board, extra = options.pop("board", None), options.pop("places", None)
        checked = super().check_values(options)
        checked["places"] = check_extra_places(extra)
        checked["board"] = normalize_board(board, BOARD_PLACES + tuple(checked["places"]))
        return checked

    def setup(self, players, options, first_player, rng):
        options = self.check_options(options)
        count = len(players)
        team_mode = options["teams"] != "off" and count in TEAM_THRESHOLDS
        halves = options["teams"] == "halves"
        teams = [("a" if (seat < count // 2 if halves else seat % 2 == 0) else "b") if team_mode else None
                 for seat in range(count)]
        board_places = list(BOARD_PLACES) + options["places"]
        places = [BLOCK_A, BLOCK_B] + [p for p in board_places if p != CELL_BLOCK] if team_mode else list(board_places)
        notes = [{"key": "dig.note.teams_off", "n": count}] if options["teams"] != "off" and not team_mode else []
        return self.base_state(
            players, options, first_player=first_player, current=None if checklist.wanted(options) else first_player,
            turn=1,
            phase=checklist.SETUP if checklist.wanted(options) else "turn",
            actions_left=ACTIONS_PER_TURN, searched=False, extorted=False, team_mode=team_mode,
            threshold=threshold(count, team_mode), board_places=board_places, places=places,
            board=dict(sorted({**RULEBOOK_FACES, **options["board"]}.items())),
            prisoners=[{"place": TEAM_BLOCKS[team] if team else CELL_BLOCK, "tunnel": 0, "beatings": 0,
                        "cigarettes": 0 if options["counters"] else None, "gang": None, "background": False,
                        "team": team} for team in teams],
            michel=None if options["michel"] == "none" else {"who": options["michel"], "place": MICHEL_START},
            move=None, then=None, extortion=None, extortions=0, queue=[], notes=notes, winner=None,
            **(checklist.steps(setup_steps(team_mode, options["michel"])) if checklist.wanted(options) else {}))

    # -- play: the moves above; the notes are the last step's own ---------
    def apply(self, state, action):
        return super().apply({**state, "notes": []}, action)

    def resolve(self, state, action, rng):
        if isinstance(action, dict) and action.get("type") == "give_up":  # the loser is `seat`: "player" never counted
            action = {k: v for k, v in action.items() if k != "player"}
        return super().resolve(state, action, rng)

    def not_now(self, state, kind):
        return IllegalAction("dig_not_now", f"{kind} is not possible now ({state['phase']})", action=kind)

    def not_yours(self, state, seat):
        return IllegalAction("dig_not_your_turn", f"this is {name_of(state, seat)}'s move", seat=seat)

    def leds(self, state):
        if state["phase"] == checklist.SETUP:   # the table lays out the box: nobody's turn yet
            return {}
        if state["finished"]:
            return lights.winners(state, _winners(state))
        roller = (state.get("move") or {}).get("roller")
        if state["phase"] == "choose_place" and lights.valid_seat(state, roller):
            return lights.each_still_to(state, [roller])
        return lights.turn(state)

    def input_action(self, state, event):
        phase = None if state["finished"] else state["phase"]
        if event == InputEvent.ROLL and phase == "turn" and state["actions_left"] >= 1:
            return {"type": "roll"}
        kind = {InputEvent.ROLL: {"michel": "roll_michel"},
                InputEvent.CONFIRM: {"turn": "end_turn", "michel": "skip_michel"}}.get(event, {}).get(phase)
        return {"type": kind} if kind else None

    # -- presentation ------------------------------------------------------
    def log_words(self, action, players, t):
        return checklist.log_words(action, players, t)

    def summary(self, state, t):
        if state["phase"] == checklist.SETUP:
            who = state["options"]["michel"]
            return checklist.summary("dig", state, t, michel=t("dig.michel." + who) if who != "none" else "")
        s, goal = state, state["threshold"]
        names = [p["name"] for p in s["players"]]
        cur, x, phase, move, won = s["current"], s["extortion"], s["phase"], s["move"], s["winner"] or {}
        michel = t("dig.michel." + s["michel"]["who"]) if s["michel"] else ""
        banner = (t("dig.banner.team_wins", team=t("dig.team." + won["team"]), goal=goal) if won.get("team") else
                  t("dig.banner.wins", name=names[won["seat"]], goal=goal) if won else "")
        if phase == "over":
            headline = banner
        elif phase == "extortion" and x["by"] == "michel":
            headline = t("dig.headline.michel_extortion", michel=michel, name=names[x["victim"]])
        elif phase == "extortion":
            headline = t("dig.headline.extortion", name=names[x["attacker"]], other=names[x["victim"]])
        elif phase == "choose_place" and move["mover"] == "michel":
            headline = t("dig.headline.choose_michel", name=names[move["roller"]], michel=michel, face=move["face"])
        else:  # turn, ask_face, choose_place, michel: whose step it is
            who = move["mover"] if phase == "choose_place" else cur
            headline = t("dig.headline." + phase, name=names[who], michel=michel, face=move and move["face"])
        lines, badges = [], {}
        for seat, p in enumerate(s["prisoners"]):
            team = [t("dig.team." + p["team"])] if p["team"] else []
            parts = [place_name(t, p["place"]), t("dig.line.tunnel_own", points=p["tunnel"]) if s["team_mode"]
                     else t("dig.line.tunnel", points=p["tunnel"], goal=goal), t("dig.line.beatings", n=p["beatings"])]
            if s["options"]["counters"]:
                parts += [t("dig.line.cigarettes", n=p["cigarettes"])] + _extras(p, t)
            label = t("dig.line.in_team", name=names[seat], team=team[0]) if team else names[seat]
            lines.append(f"{label}: " + " · ".join(parts))
            badges[seat] = team + [t(key, n=n, michel=michel) for key, on, n in (
                ("dig.badge.actions", seat == cur and not s["finished"], s["actions_left"]),
                ("dig.badge.beatings", p["beatings"], p["beatings"]),
                ("dig.badge.with_michel", s["michel"] and s["michel"]["place"] == p["place"], 0),
                ("dig.badge.winner", seat in _winners(s), 0)) if on]
        if s["team_mode"]:
            lines += [t("dig.line.team_tunnel", team=t("dig.team." + team), points=team_points(s, team), goal=goal)
                      for team in ("a", "b")]
        if s["michel"]:
            lines.append(t("dig.line.michel", michel=michel, place=place_name(t, s["michel"]["place"])))
        if phase == "turn":
            used = [t("dig.action." + a) for a, done in (("search", s["searched"]), ("extort", s["extorted"])) if done]
            lines.append(t("dig.line.actions", left=s["actions_left"], total=ACTIONS_PER_TURN)
                         + (" · " + t("dig.line.used", actions=", ".join(used)) if used else ""))
        lines.append(t("dig.line.goal", goal=goal))
        if _empty(s):
            lines.append(t("dig.line.empty", piles=", ".join(t("dig.param.pile." + p) for p in _empty(s))))
        if unknown_faces(s):
            lines.append(t("dig.line.unknown_faces", faces=", ".join(map(str, unknown_faces(s)))))
        if s["options"]["teams"] != "off" and not s["team_mode"]:
            lines.append(t("dig.note.teams_off", n=len(names)))
        lines += [self._note_text(s, t, note) for note in s["notes"]]
        out = {"headline": headline, "lines": lines, "prompt": self._prompt(s, t, names, michel), "badges": badges}
        return {**out, "banner": banner} if banner else out

    @staticmethod
    def _prompt(s, t, names, michel):
        phase, move, x = s["phase"], s["move"], s["extortion"]
        if phase == "over":
            return t("dig.prompt.over")
        if phase == "ask_face":
            return t("dig.prompt.ask_face", face=move["face"])
        if phase == "choose_place":
            shown = [place_name(t, p) for p in move["options"]]
            return t("dig.prompt.choose_place", name=names[move["roller"]],
                     mover=michel if move["mover"] == "michel" else names[move["mover"]],
                     places=", ".join(shown[:-1]) + t("dig.prompt.or") + shown[-1])
        if phase == "michel":
            return t("dig.prompt.michel", name=names[s["current"]], michel=michel)
        if phase == "extortion" and x["by"] == "michel":
            step = "draw_again" if x["step"] == "draw" and x["weapons"] else x["step"]
            return t("dig.prompt.michel_" + step, name=names[x["victim"]])
        if phase == "extortion":
            return t("dig.prompt." + x["step"], name=names[x["attacker"]], other=names[x["victim"]],
                     tool=t("dig.tool." + x["tool"]))
        if s["actions_left"] == 0:
            return t("dig.prompt.no_actions", name=names[s["current"]], n=HAND_LIMIT)
        return t("dig.prompt.turn", name=names[s["current"]], left=s["actions_left"])

    @staticmethod
    def _note_text(s, t, note):
        names = [p["name"] for p in s["players"]]
        params = {}
        for key, value in note.items():
            if key in ("seat", "other"):
                params["name" if key == "seat" else "other"] = names[value] if value is not None else ""
            elif key == "who":
                params["name"] = t("dig.michel." + s["michel"]["who"]) if value == "michel" else names[value]
            elif key in ("place", "tool"):
                params[key] = place_name(t, value) if key == "place" else t("dig.tool." + value)
            elif key != "key":
                params[key] = value
        return t(note["key"], **params)

    def board(self, state, t):
        """The map: a Place per area, a token per prisoner and for Michel(le), the tunnel track."""
        if state["phase"] == checklist.SETUP:    # the box is still being laid out: the checklist is the screen
            return None
        s, players, counters = state, state["players"], state["options"]["counters"]
        tokens = [Token(f"prisoner.{seat}", players[seat]["name"], place=p["place"], colour=players[seat]["colour"])
                  for seat, p in enumerate(s["prisoners"])]
        if s["michel"]:
            tokens.append(Token("michel", t("dig.michel." + s["michel"]["who"]), place=s["michel"]["place"]))
        faces = {place: [f for f in FACES if f in s["board"] and place in _leads_to(s, f)] for place in s["places"]}
        areas = [Area(place, place_name(t, place), (t("dig.board.faces", faces=", ".join(faces[place])),)
                      if faces[place] else ()) for place in s["places"]]
        teams = [Counter("team." + team, t("dig.team." + team), team_points(s, team), total=s["threshold"])
                 for team in ("a", "b")] if s["team_mode"] else []
        seats = []
        for seat, p in enumerate(s["prisoners"]):
            facts = ([t("dig.team." + p["team"])] if p["team"] else []) + (_extras(p, t) if counters else [])
            counts = [("dig.counter.beatings", "dig.seat.beatings", p["beatings"])]
            counts += [("dig.counter.cigarettes", "dig.seat.cigarettes", p["cigarettes"])] if counters else []
            if seat == s["current"] and not s["finished"]:
                counts.append(("dig.board.actions_left", "dig.seat.actions_left", s["actions_left"]))
            seats.append(SeatView(seat, tuple(facts), tuple((t(words), n) for words, _short, n in counts),
                                  tuple(t(short, count=n) for _words, short, n in counts)))
        track = Track("tunnel", t("dig.counter.tunnel"), tuple(p["tunnel"] for p in s["prisoners"]), s["threshold"],
                      short=t("dig.board.tunnel"))
        return Board(counters=tuple(teams), tracks=(track,), tokens=tuple(tokens), areas=tuple(areas),
                     seats=tuple(seats), layout="map")

    def spoken(self, before, after, action, t):
        """Michel(le) moving, and whom they extort."""
        out = []
        michel = after["michel"]
        if michel and before["michel"] and michel["place"] != before["michel"]["place"]:
            out.append(speech.Line(t("dig.speech.michel_moves", michel=t("dig.michel." + michel["who"]),
                                     place=place_name(t, michel["place"]))))
        x = after["extortion"]
        if x and x["by"] == "michel" and after["extortions"] != before["extortions"]:
            out.append(speech.Line(t("dig.speech.michel_extorts", michel=t("dig.michel." + michel["who"]),
                                     name=name_of(after, x["victim"]))))
        return out + super().spoken(before, after, action, t)

    def cues(self, before, after, action):
        out = [cues.TAP] if action["type"] in ("roll", "roll_michel") else []
        if after["extortion"] and after["extortions"] != before["extortions"]:
            out.append(cues.WARNING)  # a new extortion begins
        if after["finished"] and not before["finished"]:
            out.append(cues.SUCCESS)  # the tunnel is through: the winner
        return out

    # -- what the game remembers across tables: the board map --------------------
    def recall(self, memory):
        places, board = _remembered(memory)
        return {"board": board, "places": places}

    def learn(self, memory, state, taught):
        """Write the faces this game learned or corrected into the map; a face it
        taught is taken back out (or put back as the game began) when undone."""
        before = _remembered(memory)[0]
        places = list(dict.fromkeys(before + list(state["options"].get("places", []))))
        saved, learned, taught = _remembered(memory, places)[1], learned_faces(state), dict(taught)
        changed = False
        for face, pair in learned.items():
            changed |= saved.get(face) != pair
            saved[face] = taught[face] = list(pair)
        for face, pair in [(f, p) for f, p in taught.items() if f not in learned]:
            del taught[face]
            if saved.get(face) == pair:  # taught by this game, now undone
                start = state["options"]["board"].get(face)
                saved.pop(face)
                saved.update({face: list(start)} if start else {})
                changed = True
        if not changed:
            return memory, taught
        memory = {**memory, BOARD_KEY: normalize_board(saved, BOARD_PLACES + tuple(places))}
        return ({**memory, PLACES_KEY: places} if places != before else memory), taught

    def memory_view(self, memory, t):
        places, board = _remembered(memory)
        board = {**RULEBOOK_FACES, **board}

        def words(pair):
            return " + ".join(place_name(t, p) for p in pair)
        pairs = tuple((pair_text(pair), words(pair)) for pair in combinations(BOARD_PLACES + tuple(places), 2))
        faces = tuple(MemoryEntry(face, f"{face}: {words(board[face]) if face in board else t('settings.dig_unknown')}",
                                  face in board, face in RULEBOOK_FACES, () if face in RULEBOOK_FACES else pairs,
                                  t("settings.dig_face_title", face=face)) for face in FACES)
        added = MemoryList("places", t("settings.dig_places"), tuple((p, p) for p in places),
                           len(places) < MAX_EXTRA_PLACES, t("settings.dig_add_place"), t("settings.dig_place_title"))
        return MemoryView(t("settings.dig_title"), t("settings.dig_note"), faces, (added,), t("error.dig_face_one"),
                          EXPORT_NAME, t("settings.dig_forget"), t("settings.dig_export"),
                          t("settings.dig_exported", name="{name}"), t("settings.dig_export_failed", reason="{reason}"))

    def edit_memory(self, memory, change):
        """("set", face, "a+b") / ("forget", face) / ("add" or "remove", "places", name)."""
        kind, key, value = (tuple(change) + (None, None))[:3] if isinstance(change, (tuple, list)) else (None,) * 3
        places, board = _remembered(memory)
        every = BOARD_PLACES + tuple(places)
        if kind in ("set", "forget"):
            if str(key) in RULEBOOK_FACES:
                raise IllegalAction("dig_face_one", "the rulebook prints face 1")
            board.pop(str(key), None)
            if kind == "set":
                board.update(normalize_board({key: value}, every))
            return {**memory, BOARD_KEY: normalize_board(board, every)}
        if (kind, key) == ("add", "places"):
            return {**memory, PLACES_KEY: check_extra_places(places + [value])}
        if (kind, key) == ("remove", "places"):  # and every face that led to it
            return {**memory, PLACES_KEY: [p for p in places if p != value],
                    BOARD_KEY: {face: pair for face, pair in board.items() if value not in pair}}
        return super().edit_memory(memory, change)

    def export_memory(self, memory):
        places, board = _remembered(memory)
        board = {**RULEBOOK_FACES, **board}
        return {"game": "dig", "board": dict(sorted(board.items())), "places": places,
                "unknown": [int(f) for f in FACES if f not in board]}

    # -- invariants --------------------------------------------------------
    def check_invariants(self, state):
        s, count, phase = state, len(state["players"]), state["phase"]
        assert phase in PHASES and s["turn"] >= 1
        if phase == checklist.SETUP:      # nobody's turn until who starts is picked
            checklist.check_invariants(s)
            assert s["current"] is None and s["actions_left"] == ACTIONS_PER_TURN
        else:
            assert 0 <= s["current"] < count
        assert 0 <= s["actions_left"] <= ACTIONS_PER_TURN and s["threshold"] == threshold(count, s["team_mode"])
        assert s["board"]["1"] == RULEBOOK_FACES["1"]
        assert _empty(s) == [p for p in PILES if p in _empty(s)]    # each pile once, in the board's order
        for face, pair in s["board"].items():
            assert face in FACES and len(pair) == 2 and pair[0] != pair[1] and set(pair) <= set(s["board_places"])
        teams = [p["team"] for p in s["prisoners"]]
        assert teams.count("a") == teams.count("b") == count // 2 if s["team_mode"] else teams == [None] * count
        for p in s["prisoners"]:
            assert p["place"] in s["places"] and p["tunnel"] >= 0 and 0 <= p["beatings"] <= MAX_BEATINGS
            assert (p["cigarettes"] is None) == (not s["options"]["counters"]) and (p["cigarettes"] or 0) >= 0
            assert p["gang"] is None or p["gang"] in GANGS
        assert s["michel"]["place"] in s["places"] if s["michel"] else s["options"]["michel"] == "none"
        assert (s["move"] is not None) == (phase in ("ask_face", "choose_place"))
        assert (s["extortion"] is not None) == (phase == "extortion") and (phase != "michel" or s["michel"])
        assert (s["then"] is None) == (phase in (checklist.SETUP, "turn", "michel", "over"))
        assert s["then"] in (None, "turn", "next")
        assert phase != "ask_face" or str(s["move"]["face"]) not in s["board"]
        if phase == "choose_place":
            assert len(s["move"]["options"]) >= 2 and set(s["move"]["options"]) <= set(s["places"])
        if phase == "extortion":
            x = s["extortion"]
            assert 0 <= x["victim"] < count
            if x["by"] == "michel":
                assert s["michel"]["place"] == _here(s, x["victim"]) and x["step"] in ("draw", "threat", "fight")
            else:
                assert x["step"] in ("threat", "combat") and x["attacker"] != x["victim"]
        assert all(0 <= seat < count for seat in s["queue"]) and (not s["queue"] or phase == "extortion")
        best = max([team_points(s, t) for t in ("a", "b")] if s["team_mode"] else [p["tunnel"] for p in s["prisoners"]])
        assert s["finished"] == (phase == "over") == (s["winner"] is not None) == (best >= s["threshold"])

    def result(self, state):
        """The winner (a team's prisoners together); per seat the tunnel points; turns are rounds."""
        if not state.get("finished"):
            return None
        return make_result(state, _winners(state), scores=[p["tunnel"] for p in state["prisoners"]])


def _extras(p, t):
    """A prisoner's Gang and revealed Background, in words (with the counters option)."""
    return ([t("dig.gang." + p["gang"])] if p["gang"] else []) + ([t("dig.line.background")] if p["background"] else [])


GAME = DigYourWayOut()
