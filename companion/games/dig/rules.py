"""Dig Your Way Out (German: Grab dich frei), the tunnel race in Blackgate prison: its
rules as the table of its moves (MOVES), what each does, what is refused, the result.
The app keeps what lies on the board; cards stay in people's hands: the app asks what
one shows when it matters, never guesses. The words are view.py's.

The board map (which two Places each die face leads to, memory.py) is an option
(`board`) and part of the state. Only face 1 is printed in the rulebook; any other
face is asked the first time it is rolled (phase `ask_face`) and written into the
state, so a replay is identical.
Phases: turn, ask_face, choose_place, michel, extortion, over.
"""
from __future__ import annotations

from itertools import combinations

from ... import lights
from ...inputs import InputEvent
from ...players import left_of
from .. import checklist
from ..base import ADJUST, END_TURN, EQUAL, Game, IllegalAction, Move, Option, Param, Rule, make_result, name_of
from .memory import (BLOCK_A, BLOCK_B, BOARD_PLACES, CAFETERIA, CELL_BLOCK, FACES, INFIRMARY, RECREATION,
                     RULEBOOK_FACES, SHOWERS, check_extra_places, check_pair, normalize_board, pair_text)
from .state import (ACTIONS_PER_TURN, CAUTIOUS_COST, COUNTERS, CRAFTS, DEALS, DIG_POINTS, GANGS, HAND_LIMIT,
                    MAX_BEATINGS, MAX_DELTA, MAX_HAND, MAX_SELL, MICHEL_CHOICES, MICHEL_START, PHASES, PILE_OF, PILES,
                    SIDES, TEAM_BLOCKS, TEAM_CHOICES, TEAM_THRESHOLDS, TOOLS, affordable, empty_piles, home, in_stock,
                    leads_to, mates, may_help, place_of, standing_at, team_points, threshold, winners)


# -- what the moves do ----------------------------------------------------------------
def _pile_left(s, a):
    """Craft and Buy: not from a pile the table marked empty (the rulebook: until it is filled again)."""
    item = a.get("item") or a.get("deal")
    if not in_stock(s, item):
        raise IllegalAction("dig_pile_empty", f"the {PILE_OF[item]} pile is empty", pile=PILE_OF[item])


def _mark_pile(s, a, empty):
    s["empty"] = [p for p in PILES if (p in empty_piles(s) or p == a["pile"]) and (empty or p != a["pile"])]


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
    here = s["michel"]["place"] if mover == "michel" else place_of(s, mover)
    options = [p for p in leads_to(s, str(move["face"])) if p != here]  # you cannot stay where you stand
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
        s["queue"] = sorted(standing_at(s, place), key=lambda o: (o - roller) % len(s["players"]))
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
    s["board"][face] = check_pair(places, s["board_places"])
    s["board"] = dict(sorted(s["board"].items()))


def _search(s, a):
    s["searched"] = True
    _note(s, "dig.note.search", seat=s["current"], place=place_of(s, s["current"]))


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
    if a["place"] == place_of(s, a["seat"]):
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
                           lambda s, me: [o for o in standing_at(s, place_of(s, me)) if o != me])
NO_GANG_MATE, GANG_MATE = _seats("teammate", "dig_not_gang_mate", "only to a teammate of your own Gang elsewhere",
                                 lambda s, me: mates(s, me, True))
NO_MATE_HERE, MATE_HERE = _seats("teammate", "dig_not_team_mate", "exchange only with a teammate in your place", mates)
ALL_REVEALED, UNREVEALED = _seats("seat", "dig_background_shown", "a Background is revealed only once per game",
                                  lambda s, me: [o for o, q in enumerate(s["prisoners"]) if not q["background"]])
_, FIGHTER = _seats("by", "dig_not_team_mate", "a Weapon for the victim: the victim or a teammate there",
                    lambda s, me: [_victim(s)] + mates(s, _victim(s)))
NO_HELPER, HELPER = _seats("seat", "dig_not_team_mate", "help a teammate in your own place", lambda s, me: may_help(s))
_, LOSER = _seats("loser", "dig_not_fighting", "only a prisoner in the fight can give up",  # Michel(le)'s: optional
                  lambda s, me: [_victim(s)] + [x["attacker"] for x in [s["extortion"]] if x["step"] == "combat"])


def _needs(cost):
    return Rule(lambda s, me: s["actions_left"] < cost, "dig_no_actions", "this needs {cost} actions; {left} left",
                lambda s, me: {"cost": cost, "left": s["actions_left"]})


def _only_in(place, what):
    return Rule(lambda s, me: place_of(s, me) != place, "dig_only_in_" + place, f"{what} only in the {place}")


def _beaten(most, key, message):
    return Rule(lambda s, me: s["prisoners"][me]["beatings"] > most, key, message)


def _not_at(steps, message):
    return Rule(lambda s, me: s["extortion"]["step"] in steps, "dig_not_now", message)


def action(type_, cost=1, unless=(), apply=None, **more):
    """A turn action of the current prisoner, the rule of the turn: it needs `cost` of the turn's
    actions left (refused after its own `unless`) and spends them, then does its `apply`.
    (A correction, a card's effect put right, is a plain Move: actor None, role ADJUST, no cost.)"""
    def spend(s, a):
        s["actions_left"] -= cost
        if apply is not None:
            apply(s, a)
    return Move(type_, phases=TURN, actor="current", unless=(*unless, _needs(cost)), apply=spend, **more)


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
    action("roll", params={"dice": DIE}, apply=_roll(None, "turn")),
    action("cautious_move", cost=CAUTIOUS_COST,
           params=lambda s, me: {"place": _choice("place", [p for p in s["places"] if p != place_of(s, me)],
                                                  error="dig_same_place")},
           apply=lambda s, a: _walk(s, a["place"])),
    action("gang_move", params=lambda s, me: {"teammate": GANG_MATE(s, me)}, unless=(NO_GANG_MATE,),
           apply=lambda s, a: _walk(s, place_of(s, a["teammate"]))),
    action("search", unless=(Rule(lambda s, me: s["searched"], "dig_search_once", "Search only once per turn"),),
           apply=_search),
    action("extort", params=lambda s, me: {"target": TARGET(s, me), "tool": TOOL},
           unless=(Rule(lambda s, me: s["extorted"], "dig_extort_once", "Extortion only once per turn"), NO_TARGET),
           apply=_extort),
    action("dig", params={"tool": TOOL, "points": _number("points", *DIG_POINTS)},
           unless=(Rule(lambda s, me: place_of(s, me) != home(s, me), "dig_dig_place",
                        "Dig only in your own Cell Block"),
                   _beaten(1, "dig_beaten_dig", "with 2 Beatings you cannot Dig")),
           apply=lambda s, a: _add(s, s["current"], "tunnel", a["points"])),
    action("craft", params={"item": _choice("item", CRAFTS)},
           unless=(Rule(lambda s, me: place_of(s, me) in (home(s, me), SHOWERS), "dig_craft_place",
                        "no Craft in your Cell Block or the Showers"),
                   _beaten(0, "dig_beaten_craft", "with a Beating you cannot Craft")), check=_pile_left,
           listing=lambda s, me: [{"item": _choice("item", items)}
                                  for items in [[c for c in CRAFTS if in_stock(s, c)]] if items]),
    action("sell", params={"cigarettes": _number("cigarettes", 1, MAX_SELL)}, unless=(_only_in(RECREATION, "sell"),),
           apply=lambda s, a: _add(s, s["current"], "cigarettes", a["cigarettes"])),
    action("buy", params={"deal": _choice("deal", DEALS)}, unless=(_only_in(RECREATION, "buy"),), check=_can_pay,
           apply=lambda s, a: _add(s, s["current"], "cigarettes", -DEALS[a["deal"]]),
           listing=lambda s, me: [{"deal": _choice("deal", deals)} for deals in [affordable(s, me)] if deals]),
    action("heal", unless=(_only_in(INFIRMARY, "heal"), Rule(lambda s, me: s["prisoners"][me]["beatings"] == 0,
                                                             "dig_no_beating", "there is no Beating to heal")),
           apply=lambda s, a: _add(s, s["current"], "beatings", -1)),
    action("steal_spoon", unless=(_only_in(CAFETERIA, "steal_spoon"), Rule(
        lambda s, me: not in_stock(s, "spoon"), "dig_pile_empty", "the spoon pile is empty", lambda s, me: {
            "pile": "spoon"}))),
    action("join_gang", params={"gang": _choice("gang", GANGS)},
           apply=lambda s, a: s["prisoners"][s["current"]].update(gang=a["gang"])),
    action("play_card"),
    action("exchange", params=lambda s, me: {"teammate": MATE_HERE(s, me)}, unless=(NO_MATE_HERE,)),
    Move("end_turn", phases=TURN, actor="current",
         apply=lambda s, a: s.update(phase="michel") if s["michel"] else _pass_turn(s), role=END_TURN),
    Move("pile_empty", phases=TURN, actor=None,
         params=lambda s, me: {"pile": _choice("pile", [p for p in PILES if p not in empty_piles(s)])},
         unless=(Rule(lambda s, me: len(empty_piles(s)) == len(PILES), "dig_all_empty", "every pile is empty"),),
         apply=lambda s, a: _mark_pile(s, a, True), role=ADJUST),
    Move("pile_filled", phases=TURN, actor=None, params=lambda s, me: {"pile": _choice("pile", empty_piles(s))},
         unless=(Rule(lambda s, me: not empty_piles(s), "dig_none_empty", "no pile is marked empty"),),
         apply=lambda s, a: _mark_pile(s, a, False), role=ADJUST),
    Move("reveal_background", phases=TURN, actor=None, params=lambda s, me: {"seat": UNREVEALED(s, me)},
         unless=(Rule(lambda s, me: not s["options"]["counters"], "dig_no_counters",
                      "Backgrounds are counted only with the counters option"), ALL_REVEALED),
         apply=lambda s, a: s["prisoners"][a["seat"]].update(background=True), role=ADJUST),
    Move("adjust", phases=TURN, actor=None,
         params=lambda s, me: {"seat": _everybody(s),
                               "what": _choice("what", COUNTERS if s["options"]["counters"] else COUNTERS[:2]),
                               "delta": _number("delta", -MAX_DELTA, MAX_DELTA)}, check=_adjust_fits,
         apply=lambda s, a: _add(s, a["seat"], a["what"], a["delta"]), role=ADJUST),
    Move("relocate", phases=TURN, actor=None,
         params=lambda s, me: {"seat": _everybody(s), "place": _choice("place", s["places"])}, check=_not_there_already,
         apply=lambda s, a: s["prisoners"][a["seat"]].update(place=a["place"]), role=ADJUST),
    Move("set_face", phases=TURN, actor=None,
         params=lambda s, me: {"face": _number("face", 2, 6), "places": _pairs(s, spelled=True)},
         apply=lambda s, a: _set_pair(s, str(a["face"]), a["places"]),
         listing=lambda s, me: [{"face": _number("face", 2, 6), "places": _pairs(s)}], role=ADJUST),
    # a move by die: the face's places (asked when the map does not know them), then where to
    Move("learn_face", phases=("ask_face",), actor=None, params=lambda s, me: {"places": _pairs(s, spelled=True)},
         apply=_learn_face, listing=lambda s, me: [{"places": _pairs(s)}]),
    Move("go", phases=("choose_place",), actor=lambda s: s["move"]["roller"],
         params=lambda s, me: {"place": _choice("place", s["move"]["options"])},
         apply=lambda s, a: _arrive(s, s["move"]["mover"], a["place"], s["move"]["roller"])),
    # at the end of the turn, two equal choices: move Michel(le) by a die, or leave them there
    Move("roll_michel", phases=("michel",), actor="current", params={"dice": DIE}, apply=_roll("michel", "next"),
         look=EQUAL),
    Move("skip_michel", phases=("michel",), actor="current", apply=_pass_turn, look=EQUAL),
    # extortions, step by step: the victim answers
    Move("michel_card", phases=EXTORTION, actor=_victim,
         params={"knife": Param("bool", "dig.param.knife", error="dig_say_knife",
                                message="say whether the Michel card shows a Knife")},
         unless=(_not_at(("threat", "fight", "combat"), "no Michel card to draw now"),), apply=_michel_card),
    Move("cooperate", phases=EXTORTION, actor=_victim,
         unless=(_not_at(("draw", "fight", "combat"), "cooperate only when threatened"),), apply=_cooperate),
    Move("fight", phases=EXTORTION, actor=_victim,
         params=lambda s, me: {"by": FIGHTER(s, me, optional=True)} if _by_michel(s) else {},
         unless=(_not_at(("draw",), "draw the Michel card first"), _not_at(("combat",), "the combat is on already")),
         apply=_fight,
         listing=lambda s, me: [{"by": FIGHTER(s, me, optional=True)} if _by_michel(s) and mates(s, me) else {}]),
    Move("give_up", phases=EXTORTION, actor=lambda s: _victim(s) if _by_michel(s) else None,
         params=lambda s, me: {"seat": LOSER(s, me, optional=_by_michel(s)), **LOSS, "card": CARD},
         unless=(_not_at(("draw",), "draw the Michel card first"),), check=_card_in_hand, decide=_pick_card,
         apply=_give_up, listing=lambda s, me: [{**({} if _by_michel(s) else {"seat": LOSER(s, me)}), **LOSS}]),
    Move("help", phases=EXTORTION, actor=None,
         params=lambda s, me: {"seat": HELPER(s, me), "side": _choice("side", SIDES)},
         unless=(_not_at(("draw", "threat", "fight"), "help only in a combat between prisoners"), NO_HELPER),
         check=_same_team, apply=lambda s, a: s["extortion"]["helpers"].append([a["seat"], a["side"]])),
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
class DigRules(Game):
    """The rules of the game; its words are DigView's (view.py), its memory across
    tables DigMemory's (memory.py)."""
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
    moves = MOVES

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
            return lights.winners(state, winners(state))
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
        assert empty_piles(s) == [p for p in PILES if p in empty_piles(s)]    # each pile once, in the board's order
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
                assert s["michel"]["place"] == place_of(s, x["victim"]) and x["step"] in ("draw", "threat", "fight")
            else:
                assert x["step"] in ("threat", "combat") and x["attacker"] != x["victim"]
        assert all(0 <= seat < count for seat in s["queue"]) and (not s["queue"] or phase == "extortion")
        best = max([team_points(s, t) for t in ("a", "b")] if s["team_mode"] else [p["tunnel"] for p in s["prisoners"]])
        assert s["finished"] == (phase == "over") == (s["winner"] is not None) == (best >= s["threshold"])

    def result(self, state):
        """The winner (a team's prisoners together); per seat the tunnel points; turns are rounds."""
        if not state.get("finished"):
            return None
        return make_result(state, winners(state), scores=[p["tunnel"] for p in state["prisoners"]])

