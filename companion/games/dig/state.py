"""Dig Your Way Out's rules as data (the places and the map are memory.py's), and what
can be read off a state: who stands where, who are teammates, which piles are empty,
who won. Pure: rules.py makes the moves with these, view.py words them.
"""
from __future__ import annotations

from .. import checklist
from .memory import BLOCK_A, BLOCK_B, CELL_BLOCK, SHOWERS

# -- the rules as data ------------------------------------------------------
TEAM_BLOCKS = {"a": BLOCK_A, "b": BLOCK_B}
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
MAX_SELL = 30
MAX_HAND = 30
MAX_DELTA = 5


def threshold(count: int, teams: bool) -> int:
    return TEAM_THRESHOLDS[count] if teams else THRESHOLDS[count]


# -- who stands where -----------------------------------------------------------------
def place_of(s, seat):
    return s["prisoners"][seat]["place"]


def standing_at(s, place):
    """The seats of the prisoners standing at place."""
    return [o for o, p in enumerate(s["prisoners"]) if p["place"] == place]


def home(s, seat):
    team = s["prisoners"][seat]["team"]
    return TEAM_BLOCKS[team] if team else CELL_BLOCK


def mates(s, seat, gang=False):
    """Seat's teammates (team variant) in the same place; gang=True: of the same Gang, elsewhere."""
    me = s["prisoners"][seat]
    if not s["team_mode"] or (gang and me["gang"] is None):
        return []
    return [o for o, q in enumerate(s["prisoners"]) if o != seat and q["team"] == me["team"]
            and ((q["gang"] == me["gang"] and q["place"] != me["place"]) if gang else q["place"] == me["place"])]


def may_help(s):
    """Who may still play a Weapon in a combat between prisoners: teammates of either, there."""
    x, ps = s["extortion"], s["prisoners"]
    busy = {x["attacker"], x["victim"]} | {h for h, _ in x["helpers"]}
    teams = {ps[x["attacker"]]["team"], ps[x["victim"]]["team"]}
    return [o for o, q in enumerate(ps) if s["team_mode"] and o not in busy and q["place"] == place_of(s, x["victim"])
            and q["team"] in teams]


def leads_to(s, face):
    """The places a die face leads to (team variant: either Cell Block, as the readings say)."""
    pair = s["board"][face]
    teams = s["team_mode"] and (CELL_BLOCK in pair or face in TEAM_BLOCK_FACES)
    return [p for p in s["places"] if p in pair or (teams and p in (BLOCK_A, BLOCK_B))]


def team_points(s, team):
    return sum(p["tunnel"] for p in s["prisoners"] if p["team"] == team)


def affordable(s, seat):
    cigarettes = s["prisoners"][seat]["cigarettes"]
    return [d for d, price in DEALS.items() if (cigarettes is None or cigarettes >= price) and in_stock(s, d)]


def empty_piles(s) -> list[str]:
    return s.get("empty") or []


def in_stock(s, item) -> bool:
    """Its pile has cards (Craft's "knives", Buy's deals, "spoon")."""
    return PILE_OF.get(item, item) not in empty_piles(s)


def winners(s):
    w = s["winner"] or {}
    return [o for o, p in enumerate(s["prisoners"]) if o == w.get("seat") or (p["team"] and p["team"] == w.get("team"))]
