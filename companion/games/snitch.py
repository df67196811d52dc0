"""The Snitch (Jumping Turtle Games, 2018; 4 to 6 players): the app as game master.

The cards stay on the table and in the players' hands; the app keeps what is
public and easy to lose track of: the Interrogation Deck count and the riot,
the Soap, the Guard and the handcuffs, every Scheme's progress, the Items in
each stash, the gun vote, the escape and the outcome. What only a card can
tell (repeated Prison Contacts, Backstab icons, the Item printed on a failed
Scheme, who holds the Snitch) is entered by the players when it is revealed.

Nothing here is random except the optional random pick of the Guard and the
Soap at setup, which `resolve` decides and writes into the action.

Rules facts and readings: /work/shared/rules/NOTES.md. The readings are kept in
the functions marked *Reading* below (`guard_and_soap`, `gun_vote_result`) and
in READINGS, which the help text repeats.
"""
from __future__ import annotations

import random

from .. import cues, lights
from ..inputs import InputEvent
from ..lights import Led
from ..players import left_of, right_of
from .base import ActionSpec, Ballot, Game, IllegalAction, Option, Param

# -- the box -------------------------------------------------------------
TOTAL_CARDS = 54             # 50 Prison Contacts + 3 Escape Plans + the Snitch
INTERROGATION_START = 18     # 7 + (Snitch + 3 Escape Plans + 9) - 2 back to the box
BOX = 2                      # returned unseen to the box at setup
DEALT = 24                   # Prison Contacts dealt to the players
CONTACTS_START = TOTAL_CARDS - INTERROGATION_START - BOX - DEALT  # 10: the Prison Contacts Deck
RIOT_AT = 7                  # the riot begins at 7 or fewer cards left
SCHEMES_FOR_GUN = 5
ESCAPE_CARDS = 6
ESCAPE_PLANS = 3
REQUIRED_MIN, REQUIRED_MAX = 1, 6   # the number in a Scheme card's bottom right corner
ITEMS = ("binoculars", "key", "knuckle_irons", "bribe_money", "crowbar")
PLAY_PHASES = ("turn", "resolution", "stash_item", "new_scheme")
END_PHASES = ("gun_vote", "tie_break", "shoot", "escape", "escape_reveal", "final_reveal", "over")
PHASES = ("setup",) + PLAY_PHASES + END_PHASES
SETUP_STEPS = ("cards", "schemes", "guard", "soap")
OUTCOMES = ("deck_out", "snitch_gun", "escape_failed", "escape_succeeded")

# Where the rulebook is silent or ambiguous, the app reads it this way (the
# help text "snitch.help.readings" says the same to the table).
READINGS = (
    "Guard and Soap: see guard_and_soap().",
    "Gun vote: see gun_vote_result().",
    "Knuckle Irons and Crowbar may go next to any Scheme, your own included, riot or not; "
    "at most one of each per Scheme.",
    "Bribe Money can only be used while the Guard is in play.",
    "A card that completes a Scheme may still be refused by its owner before the reveal.",
    "Drawing from an empty Prison Contacts Deck draws nothing (the random card, too).",
    "When the Interrogation Deck runs out during the draws of the fifth successful Scheme, "
    "time is up before the gun comes in.",
    "Escape Plans never match anything, each other included.",
    "A successful Scheme's owner with no card in hand takes the new Scheme from the "
    "Prison Contacts Deck.",
    "The 24 Prison Contacts are dealt from the first seat clockwise; the first seats get "
    "the extra cards.",
    "A Scheme card's number is entered as 1 to 6 (REQUIRED_MIN..REQUIRED_MAX).",
    "The gun vote goes round from the Soap holder to the left, one voter at a time.",
    "A Snitch revealed at the end as the gun holder won with the gun.",
)


# -- the readings, in one place ----------------------------------------------
def guard_and_soap(event: str, guard: int | None, handcuffs_up: bool, soap: int, count: int,
                   owner: int | None = None) -> tuple[int | None, bool, int]:
    """*Reading* of the Guard, the handcuffs and the Soap (rules NOTES.md).

    The state is (Guard seat or None, handcuffs up or down, Soap seat).

    - event "end_of_turn": if the active player (the Soap holder) has the Guard,
      handcuffs down -> flip them up; handcuffs up -> flip them down and move
      the Guard to the player on the right. Then the Soap passes left (the
      next seat clockwise). So the Guard stays one full round, then moves right.
    - event "failure": a failed Scheme puts the Guard in front of its owner
      (also when Bribe Money had removed it) and turns the handcuffs down.

    Help text: "snitch.help.guard_soap". Change the reading here and there only.
    Returns the new (guard, handcuffs_up, soap).
    """
    if event == "end_of_turn":
        if guard is not None and guard == soap:
            if handcuffs_up:
                handcuffs_up = False
                guard = right_of(guard, count)
            else:
                handcuffs_up = True
        return guard, handcuffs_up, left_of(soap, count)
    if event == "failure":
        return owner, False, soap
    raise ValueError(f"unknown event {event!r}")


def gun_vote_result(votes: list[int]) -> tuple[int | None, list[int]]:
    """*Reading* of the gun vote: the seat with the most votes gets the gun
    ("majority" = most votes). With several seats sharing the most votes there
    is no majority: the Soap holder breaks the tie among them.
    Help text: "snitch.help.gun_vote". Returns (winner or None, tied seats)."""
    tally: dict[int, int] = {}
    for seat in votes:
        tally[seat] = tally.get(seat, 0) + 1
    top = max(tally.values())
    leaders = sorted(seat for seat, n in tally.items() if n == top)
    return (leaders[0], leaders) if len(leaders) == 1 else (None, leaders)


def judge(repeats: bool, backstabs: int, own_contact: bool = False, harder: bool = False) -> bool:
    """A Scheme (or the escape) succeeds when all revealed Prison Contacts
    differ and at most one Backstab icon shows; with the harder rule, no
    revealed card may match the Scheme's own contact either."""
    return not repeats and backstabs <= 1 and not (harder and own_contact)


def winners(outcome: str, snitch: int | None, shot: int | None, count: int) -> list[int]:
    """Who wins, by the rules' end: the Snitch on a deck-out, a failed escape or
    the gun; everybody but the Snitch and the shot player on a successful escape."""
    if outcome == "escape_succeeded":
        return [s for s in range(count) if s != snitch and s != shot]
    return [] if snitch is None else [snitch]


def losers(state) -> list[int]:
    """Everybody who did not win, once the game is over (the rules have no draw)."""
    return [s for s in range(len(state["players"])) if s not in (state["winners"] or [])]


def deal(count: int) -> list[int]:
    """The 24 Prison Contacts dealt as evenly as possible, clockwise from the first seat."""
    return [DEALT // count + (1 if seat < DEALT % count else 0) for seat in range(count)]


def _new_scheme(required: int) -> dict:
    return {"required": required, "under": 0, "refused": False, "crowbar": False, "knuckle_irons": False}


def needed(scheme: dict) -> int:
    """Cards a Scheme needs underneath: its number, one less with a Crowbar."""
    return max(0, scheme["required"] - (1 if scheme["crowbar"] else 0))


def _is_int(value) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


class Snitch(Game):
    id = "snitch"
    title = "snitch.title"
    min_players = 4
    max_players = 6
    options = (
        Option("easier", "bool", False, "snitch.option.easier"),
        Option("harder", "bool", False, "snitch.option.harder"),
    )
    help_keys = ("snitch.help.guard_soap", "snitch.help.gun_vote", "snitch.help.readings")

    # -- setup -------------------------------------------------------------
    def setup(self, players, options, first_player, rng):
        count = len(players)
        return {
            "game": self.id,
            "players": players,
            "options": options,
            "first_player": first_player,
            "phase": "setup",
            "step": "cards",
            "current": first_player,
            "turn": 0,
            "acted": False,
            "interrogation": INTERROGATION_START,
            "riot": False,
            "contacts": CONTACTS_START,
            "box": BOX,
            "hands": deal(count),
            "schemes": [None] * count,
            "stash": [{item: 0 for item in ITEMS} for _ in range(count)],
            "pending_item": None,
            "scored": 0,
            "failed": 0,
            "guard": None,
            "handcuffs_up": False,
            "soap": None,
            "last_played": None,
            "resolving": None,
            "last_resolution": None,
            "removed": 0,
            "votes": [None] * count,
            "tied": [],
            "gun": None,
            "shot": None,
            "escape": [],
            "escape_result": None,
            "outcome": None,
            "snitch": None,
            "winners": None,
            "finished": False,
        }

    # -- what may be done now ------------------------------------------------
    def legal_actions(self, state):
        phase = state["phase"]
        n = len(state["players"])
        seats = tuple(range(n))
        required = Param("int", "snitch.param.required", minimum=REQUIRED_MIN, maximum=REQUIRED_MAX)
        if phase == "setup":
            step = state["step"]
            if step == "cards":
                return [ActionSpec("cards_ready", "snitch.action.cards_ready")]
            if step == "schemes":
                return [ActionSpec("scheme", "snitch.action.scheme", s, {"required": required})
                        for s in seats if state["schemes"][s] is None]
            if step == "guard":
                return [ActionSpec("pick_guard", "snitch.action.pick_guard", None,
                                   {"seat": Param("seat", "snitch.param.guard", seats, optional=True)})]
            return [ActionSpec("pick_soap", "snitch.action.pick_soap", None,
                               {"seat": Param("seat", "snitch.param.soap", seats, optional=True)})]
        if phase == "turn":
            me = state["soap"]
            out = []
            if not state["acted"]:
                targets = self._targets(state, me)
                if state["hands"][me] > 0 and targets:
                    out.append(ActionSpec("play_card", "snitch.action.play_card", me,
                                          {"target": Param("seat", "snitch.param.target", targets)}))
                out.append(ActionSpec("draw_card", "snitch.action.draw_card", me))
                for item in self._usable_items(state, me):
                    params = {"item": Param("choice", "snitch.param.item", (item,))}
                    if item in ("knuckle_irons", "crowbar"):
                        params["target"] = Param("seat", "snitch.param.scheme_of",
                                                 self._item_targets(state, item))
                    out.append(ActionSpec("use_item", f"snitch.action.use_{item}", me, params))
            else:
                out.append(ActionSpec("pass_soap", "snitch.action.pass_soap", me))
            refuser = self._refuser(state)
            if refuser is not None:
                out.append(ActionSpec("refuse", "snitch.action.refuse", refuser))
            return out
        if phase == "resolution":
            owner = state["resolving"]
            revealed = self._revealed(state)
            params = {}
            if revealed >= 2:
                params["repeats"] = Param("bool", "snitch.param.repeats")
            params["backstabs"] = Param("int", "snitch.param.backstabs", minimum=0, maximum=revealed)
            if state["options"]["harder"] and revealed >= 1:
                params["own_contact"] = Param("bool", "snitch.param.own_contact")
            out = [ActionSpec("reveal", "snitch.action.reveal", owner, params)]
            refuser = self._refuser(state)
            if refuser is not None:
                out.append(ActionSpec("refuse", "snitch.action.refuse", refuser))
            return out
        if phase == "stash_item":
            return [ActionSpec("stash_item", "snitch.action.stash_item", state["resolving"],
                               {"item": Param("choice", "snitch.param.item", ITEMS)})]
        if phase == "new_scheme":
            return [ActionSpec("new_scheme", "snitch.action.new_scheme", state["resolving"], {"required": required})]
        if phase == "gun_vote":
            return [ActionSpec("vote", "snitch.action.vote", self._next_voter(state),
                               {"target": Param("seat", "snitch.param.vote", seats)})]
        if phase == "tie_break":
            return [ActionSpec("break_tie", "snitch.action.break_tie", state["soap"],
                               {"target": Param("seat", "snitch.param.gun_to", tuple(state["tied"]))})]
        if phase == "shoot":
            gun = state["gun"]
            others = tuple(s for s in seats if s != gun)
            return [ActionSpec("shoot", "snitch.action.shoot", gun, {"target": Param("seat", "snitch.param.shoot", others)}),
                    ActionSpec("hold_fire", "snitch.action.hold_fire", gun),
                    ActionSpec("snitch_has_gun", "snitch.action.snitch_has_gun", gun)]
        if phase == "escape":
            gun = state["gun"]
            eligible = self._escape_eligible(state)
            out = []
            with_cards = tuple(s for s in eligible if state["hands"][s] > 0)
            if with_cards:
                out.append(ActionSpec("escape_card", "snitch.action.escape_card", gun,
                                      {"seat": Param("seat", "snitch.param.escape_seat", with_cards),
                                       "source": Param("choice", "snitch.param.source", ("hand",))}))
            if state["contacts"] > 0 and eligible:
                out.append(ActionSpec("escape_card", "snitch.action.escape_card_deck", gun,
                                      {"seat": Param("seat", "snitch.param.escape_seat", eligible),
                                       "source": Param("choice", "snitch.param.source", ("deck",))}))
            return out
        if phase == "escape_reveal":
            plans = self._max_escape_plans(state)
            return [ActionSpec("escape_reveal", "snitch.action.escape_reveal", None, {
                "escape_plans": Param("int", "snitch.param.escape_plans", minimum=0, maximum=plans),
                "repeats": Param("bool", "snitch.param.repeats"),
                "backstabs": Param("int", "snitch.param.backstabs", minimum=0, maximum=ESCAPE_CARDS)})]
        if phase == "final_reveal":
            return [ActionSpec("reveal_snitch", "snitch.action.reveal_snitch", None,
                               {"seat": Param("seat", "snitch.param.snitch", seats)}),
                    ActionSpec("no_snitch", "snitch.action.no_snitch")]
        return []

    # -- helpers about the table ---------------------------------------------
    @staticmethod
    def _name(state, seat) -> str:
        return state["players"][seat]["name"]

    @staticmethod
    def _neighbours(state, seat) -> list[int]:
        n = len(state["players"])
        return sorted({left_of(seat, n), right_of(seat, n)})

    def _helpable(self, state, seat) -> list[int]:
        """Whose Schemes this seat may play a card under: the two neighbours
        before the riot, anybody but themselves after it."""
        if state["riot"]:
            return [s for s in range(len(state["players"])) if s != seat]
        return self._neighbours(state, seat)

    def _targets(self, state, seat) -> tuple[int, ...]:
        return tuple(s for s in self._helpable(state, seat) if state["schemes"][s] is not None)

    def _usable_items(self, state, seat) -> list[str]:
        out = []
        for item in ITEMS:
            if state["stash"][seat][item] <= 0:
                continue
            if state["guard"] == seat and item != "bribe_money":
                continue
            if item == "bribe_money" and state["guard"] is None:
                continue
            if item in ("knuckle_irons", "crowbar") and not self._item_targets(state, item):
                continue
            out.append(item)
        return out

    @staticmethod
    def _item_targets(state, item) -> tuple[int, ...]:
        return tuple(s for s, scheme in enumerate(state["schemes"]) if scheme is not None and not scheme[item])

    @staticmethod
    def _refuser(state) -> int | None:
        """The seat that may refuse the card just played under its Scheme, if any:
        outside their turn, not guarded, once per Scheme."""
        last = state["last_played"]
        if last is None or state["phase"] not in ("turn", "resolution"):
            return None
        owner = last["to"]
        if state["phase"] == "resolution" and state["resolving"] != owner:
            return None
        scheme = state["schemes"][owner]
        if scheme is None or scheme["refused"] or scheme["under"] <= 0:
            return None
        if state["guard"] == owner or owner == state["soap"]:
            return None
        return owner

    @staticmethod
    def _revealed(state) -> int:
        """Cards the owner reveals: those under the Scheme, plus the top Prison
        Contact unless Knuckle Irons lie next to it (or the deck is empty)."""
        scheme = state["schemes"][state["resolving"]]
        extra = 0 if scheme["knuckle_irons"] or state["contacts"] <= 0 else 1
        return scheme["under"] + extra

    @staticmethod
    def _next_voter(state) -> int:
        n = len(state["players"])
        for i in range(n):
            seat = (state["soap"] + i) % n   # from the Soap holder, passed to the left
            if state["votes"][seat] is None:
                return seat
        return state["soap"]

    @staticmethod
    def _escape_eligible(state) -> tuple[int, ...]:
        """Who the gun holder may pick for the next escape card: first everybody
        but the shot player once, then any of them again."""
        if len(state["escape"]) >= ESCAPE_CARDS:
            return ()
        players = [s for s in range(len(state["players"])) if s != state["shot"]]
        played = {card["seat"] for card in state["escape"]}
        first_round = [s for s in players if s not in played]
        return tuple(first_round or players)

    @staticmethod
    def _max_escape_plans(state) -> int:
        from_hand = sum(1 for card in state["escape"] if card["source"] == "hand")
        return min(ESCAPE_PLANS, from_hand)

    # -- checking an action ------------------------------------------------
    def _actor(self, state, action, expected: int) -> int:
        seat = action.get("player", expected)
        if isinstance(seat, bool) or not isinstance(seat, int) or not 0 <= seat < len(state["players"]):
            raise IllegalAction("bad_player", f"there is no seat {seat!r} at this table", seat=seat)
        if seat != expected:
            name = self._name(state, expected)
            raise IllegalAction("snitch_not_your_turn", f"it is {name}'s turn to do that, not {self._name(state, seat)}'s",
                                name=name)
        return seat

    def _seat(self, state, action, key: str, choices, error: str, message: str, optional=False):
        value = action.get(key)
        if value is None and optional:
            return None
        if isinstance(value, bool) or not isinstance(value, int) or not 0 <= value < len(state["players"]):
            raise IllegalAction("snitch_bad_seat", f"{key}: there is no seat {value!r} at this table", seat=value)
        if value not in choices:
            raise IllegalAction(error, message.format(name=self._name(state, value)), name=self._name(state, value))
        return value

    @staticmethod
    def _flag(action, key: str) -> bool:
        value = action.get(key, False)
        if not isinstance(value, bool):
            raise IllegalAction("snitch_bad_flag", f"{key} must be true or false, not {value!r}", field=key)
        return value

    @staticmethod
    def _count(action, key: str, low: int, high: int, error: str, message: str) -> int:
        value = action.get(key)
        if not _is_int(value) or not low <= value <= high:
            raise IllegalAction(error, message.format(low=low, high=high, value=value), low=low, high=high)
        return value

    def _not_now(self, state, kind):
        raise IllegalAction("snitch_not_now", f"{kind} is not possible now; {self._expected(state)}")

    @staticmethod
    def _expected(state) -> str:
        phase = state["phase"]
        if phase == "setup":
            return f"setting up ({state['step']})"
        if phase == "turn":
            return "the Soap holder passes the Soap" if state["acted"] else "the Soap holder plays, draws or uses an Item"
        return f"the game is at {phase.replace('_', ' ')}"

    def resolve(self, state, action, rng: random.Random):
        kind = action.get("type")
        if state["phase"] == "over":
            raise IllegalAction("game_over", "the game is over; start a new one or undo")
        # Only a type that has its own apply step is an action; other _check_ helpers are not.
        known = isinstance(kind, str) and kind.isidentifier() and hasattr(self, f"_do_{kind}")
        handler = getattr(self, f"_check_{kind}", None) if known else None
        if handler is None:
            raise IllegalAction("unknown_action", f"The Snitch has no action {kind!r}", action=kind)
        return handler(state, action, rng)

    # setup
    def _check_cards_ready(self, state, action, rng):
        if state["phase"] != "setup" or state["step"] != "cards":
            self._not_now(state, "cards_ready")
        return {"type": "cards_ready"}

    def _check_scheme(self, state, action, rng):
        if state["phase"] != "setup" or state["step"] != "schemes":
            self._not_now(state, "scheme")
        seat = action.get("player", state["current"])
        if isinstance(seat, bool) or not isinstance(seat, int) or not 0 <= seat < len(state["players"]):
            raise IllegalAction("bad_player", f"there is no seat {seat!r} at this table", seat=seat)
        if state["schemes"][seat] is not None:
            raise IllegalAction("snitch_has_scheme", f"{self._name(state, seat)} already has a Scheme; undo to change it",
                                name=self._name(state, seat))
        required = self._required(action)
        return {"type": "scheme", "player": seat, "required": required}

    def _required(self, action) -> int:
        return self._count(action, "required", REQUIRED_MIN, REQUIRED_MAX, "snitch_bad_required",
                           "enter the number in the Scheme card's bottom right corner ({low} to {high})")

    def _check_pick_guard(self, state, action, rng):
        if state["phase"] != "setup" or state["step"] != "guard":
            self._not_now(state, "pick_guard")
        return self._pick(state, action, rng, "pick_guard")

    def _check_pick_soap(self, state, action, rng):
        if state["phase"] != "setup" or state["step"] != "soap":
            self._not_now(state, "pick_soap")
        return self._pick(state, action, rng, "pick_soap")

    def _pick(self, state, action, rng, kind):
        n = len(state["players"])
        seat = self._seat(state, action, "seat", range(n), "snitch_bad_seat", "", optional=True)
        if seat is None:
            return {"type": kind, "seat": rng.randrange(n), "random": True}
        return {"type": kind, "seat": seat, "random": False}

    # the turn
    def _check_turn_action(self, state, kind):
        if state["phase"] != "turn":
            self._not_now(state, kind)
        if state["acted"]:
            raise IllegalAction("snitch_already_acted",
                                f"{self._name(state, state['soap'])} has had their action: pass the Soap",
                                name=self._name(state, state["soap"]))

    def _check_play_card(self, state, action, rng):
        self._check_turn_action(state, "play_card")
        me = self._actor(state, action, state["soap"])
        if state["hands"][me] <= 0:
            raise IllegalAction("snitch_no_cards", f"{self._name(state, me)} has no card in hand",
                                name=self._name(state, me))
        target = action.get("target")
        if target == me:
            raise IllegalAction("snitch_own_scheme", "you cannot play a card under your own Scheme")
        message = ("before the riot you may only play under your neighbours' Schemes, not {name}'s"
                   if not state["riot"] else "{name} has no Scheme to play under")
        target = self._seat(state, action, "target", self._targets(state, me), "snitch_not_neighbour"
                            if not state["riot"] else "snitch_no_scheme", message)
        return {"type": "play_card", "player": me, "target": target}

    def _check_draw_card(self, state, action, rng):
        self._check_turn_action(state, "draw_card")
        me = self._actor(state, action, state["soap"])
        return {"type": "draw_card", "player": me}

    def _check_use_item(self, state, action, rng):
        self._check_turn_action(state, "use_item")
        me = self._actor(state, action, state["soap"])
        item = action.get("item")
        if item not in ITEMS:
            raise IllegalAction("snitch_bad_item", f"there is no Item {item!r}; Items are {', '.join(ITEMS)}", item=item)
        if state["stash"][me][item] <= 0:
            raise IllegalAction("snitch_no_item", f"{self._name(state, me)} has no {item} in their stash",
                                name=self._name(state, me))
        if state["guard"] == me and item != "bribe_money":
            raise IllegalAction("snitch_guarded_item",
                                "the Guard is in front of you: no Items, except Bribe Money")
        out = {"type": "use_item", "player": me, "item": item}
        if item == "bribe_money" and state["guard"] is None:
            raise IllegalAction("snitch_no_guard", "the Guard is not in play: there is nobody to bribe")
        if item in ("knuckle_irons", "crowbar"):
            out["target"] = self._seat(state, action, "target", self._item_targets(state, item), "snitch_item_there",
                                       "{name}'s Scheme has no room for that Item (no Scheme, or one lies there already)")
        return out

    def _check_pass_soap(self, state, action, rng):
        if state["phase"] != "turn":
            self._not_now(state, "pass_soap")
        me = self._actor(state, action, state["soap"])
        if not state["acted"]:
            raise IllegalAction("snitch_must_act", "first play a card, draw a card or use an Item, then pass the Soap")
        return {"type": "pass_soap", "player": me}

    def _check_refuse(self, state, action, rng):
        last = state["last_played"]
        if state["phase"] not in ("turn", "resolution") or last is None:
            raise IllegalAction("snitch_nothing_to_refuse", "no card was just played under a Scheme: nothing to refuse")
        owner = last["to"]
        seat = self._actor(state, action, owner)
        if state["phase"] == "resolution" and state["resolving"] != owner:
            raise IllegalAction("snitch_nothing_to_refuse", "no card was just played under a Scheme: nothing to refuse")
        if state["guard"] == seat:
            raise IllegalAction("snitch_guarded_refuse", "the Guard is in front of you: you cannot refuse help")
        if state["schemes"][seat]["refused"]:
            raise IllegalAction("snitch_already_refused",
                                "this Scheme is already turned sideways: refuse once per Scheme")
        if self._refuser(state) != seat:
            raise IllegalAction("snitch_nothing_to_refuse", "no card was just played under a Scheme: nothing to refuse")
        return {"type": "refuse", "player": seat}

    # resolving a Scheme
    def _check_reveal(self, state, action, rng):
        if state["phase"] != "resolution":
            self._not_now(state, "reveal")
        owner = self._actor(state, action, state["resolving"])
        revealed = self._revealed(state)
        repeats = self._flag(action, "repeats")
        if repeats and revealed < 2:
            raise IllegalAction("snitch_repeats", "a Prison Contact can only repeat with 2 or more cards revealed")
        backstabs = self._count(action, "backstabs", 0, revealed, "snitch_backstabs",
                                "enter the Backstab icons shown: {low} to {high}")
        own = self._flag(action, "own_contact") if state["options"]["harder"] else False
        if own and revealed < 1:
            raise IllegalAction("snitch_own_contact", "no card was revealed: none can match the Scheme")
        return {"type": "reveal", "player": owner, "repeats": repeats, "backstabs": backstabs, "own_contact": own}

    def _check_stash_item(self, state, action, rng):
        if state["phase"] != "stash_item":
            self._not_now(state, "stash_item")
        owner = self._actor(state, action, state["resolving"])
        item = action.get("item")
        if item not in ITEMS:
            raise IllegalAction("snitch_bad_item", f"there is no Item {item!r}; Items are {', '.join(ITEMS)}", item=item)
        return {"type": "stash_item", "player": owner, "item": item}

    def _check_new_scheme(self, state, action, rng):
        if state["phase"] != "new_scheme":
            self._not_now(state, "new_scheme")
        owner = self._actor(state, action, state["resolving"])
        return {"type": "new_scheme", "player": owner, "required": self._required(action),
                "source": self._new_scheme_source(state)}

    @staticmethod
    def _new_scheme_source(state) -> str:
        last = state["last_resolution"]
        if last and not last["success"]:
            return "deck"       # a failed Scheme is replaced from the Prison Contacts Deck
        return "hand" if state["hands"][state["resolving"]] > 0 else "deck"

    # the end
    def _check_vote(self, state, action, rng):
        if state["phase"] != "gun_vote":
            self._not_now(state, "vote")
        voter = self._actor(state, action, self._next_voter(state))
        n = len(state["players"])
        target = self._seat(state, action, "target", range(n), "snitch_bad_seat", "")
        return {"type": "vote", "player": voter, "target": target}

    def _check_break_tie(self, state, action, rng):
        if state["phase"] != "tie_break":
            self._not_now(state, "break_tie")
        soap = self._actor(state, action, state["soap"])
        target = self._seat(state, action, "target", state["tied"], "snitch_not_tied",
                            "{name} is not one of the tied players")
        return {"type": "break_tie", "player": soap, "target": target}

    def _check_shoot(self, state, action, rng):
        if state["phase"] != "shoot":
            self._not_now(state, "shoot")
        gun = self._actor(state, action, state["gun"])
        others = [s for s in range(len(state["players"])) if s != gun]
        target = self._seat(state, action, "target", others, "snitch_shoot_self", "the gun holder cannot shoot themselves")
        return {"type": "shoot", "player": gun, "target": target}

    def _check_hold_fire(self, state, action, rng):
        if state["phase"] != "shoot":
            self._not_now(state, "hold_fire")
        return {"type": "hold_fire", "player": self._actor(state, action, state["gun"])}

    def _check_snitch_has_gun(self, state, action, rng):
        if state["phase"] != "shoot":
            self._not_now(state, "snitch_has_gun")
        return {"type": "snitch_has_gun", "player": self._actor(state, action, state["gun"])}

    def _check_escape_card(self, state, action, rng):
        if state["phase"] != "escape":
            self._not_now(state, "escape_card")
        gun = self._actor(state, action, state["gun"])
        eligible = self._escape_eligible(state)
        if action.get("seat") == state["shot"] and state["shot"] is not None:
            raise IllegalAction("snitch_shot_cannot_play", "the shot player cannot add cards to the escape")
        seat = self._seat(state, action, "seat", eligible, "snitch_escape_order",
                          "everybody plays one card before anybody plays a second: not {name} yet")
        source = action.get("source")
        if source is None:
            source = "hand" if state["hands"][seat] > 0 else "deck"
        if source not in ("hand", "deck"):
            raise IllegalAction("snitch_bad_source", "a card comes from the hand or the top of the Prison Contacts Deck")
        if source == "hand" and state["hands"][seat] <= 0:
            raise IllegalAction("snitch_no_cards", f"{self._name(state, seat)} has no card in hand",
                                name=self._name(state, seat))
        if source == "deck" and state["contacts"] <= 0:
            raise IllegalAction("snitch_contacts_empty", "the Prison Contacts Deck is empty")
        return {"type": "escape_card", "player": gun, "seat": seat, "source": source}

    def _check_escape_reveal(self, state, action, rng):
        if state["phase"] != "escape_reveal":
            self._not_now(state, "escape_reveal")
        most = self._max_escape_plans(state)
        plans = self._count(action, "escape_plans", 0, most, "snitch_escape_plans",
                            "enter the Escape Plans revealed: {low} to {high}")
        contacts = ESCAPE_CARDS - plans
        repeats = self._flag(action, "repeats")
        if repeats and contacts < 2:
            raise IllegalAction("snitch_repeats", "a Prison Contact can only repeat with 2 or more of them revealed")
        backstabs = self._count(action, "backstabs", 0, contacts, "snitch_backstabs",
                                "enter the Backstab icons shown: {low} to {high} (Escape Plans have none)")
        return {"type": "escape_reveal", "escape_plans": plans, "repeats": repeats, "backstabs": backstabs}

    def _check_reveal_snitch(self, state, action, rng):
        if state["phase"] != "final_reveal":
            self._not_now(state, "reveal_snitch")
        seat = self._seat(state, action, "seat", range(len(state["players"])), "snitch_bad_seat", "")
        return {"type": "reveal_snitch", "seat": seat}

    def _check_no_snitch(self, state, action, rng):
        if state["phase"] != "final_reveal":
            self._not_now(state, "no_snitch")
        return {"type": "no_snitch"}

    # -- applying an action (pure: a new state) ----------------------------
    def apply(self, state, action):
        new = self.copy(state)
        getattr(self, f"_do_{action['type']}")(new, action)
        return new

    def _do_cards_ready(self, s, a):
        s["step"] = "schemes"
        s["current"] = 0

    def _do_scheme(self, s, a):
        seat = a["player"]
        s["hands"][seat] -= 1
        s["schemes"][seat] = _new_scheme(a["required"])
        missing = [i for i, scheme in enumerate(s["schemes"]) if scheme is None]
        if missing:
            s["current"] = missing[0]
        else:
            s["step"] = "guard"
            s["current"] = s["first_player"]

    def _do_pick_guard(self, s, a):
        s["guard"] = a["seat"]
        s["handcuffs_up"] = False
        s["step"] = "soap"

    def _do_pick_soap(self, s, a):
        s["soap"] = s["current"] = a["seat"]
        s["handcuffs_up"] = False     # the Soap lies handcuffs face down
        s["phase"] = "turn"
        s["step"] = None
        s["turn"] = 1
        s["acted"] = False

    def _do_play_card(self, s, a):
        me, target = a["player"], a["target"]
        s["hands"][me] -= 1
        scheme = s["schemes"][target]
        scheme["under"] += 1
        s["acted"] = True
        s["last_played"] = {"by": me, "to": target}
        s["last_resolution"] = None
        if scheme["under"] >= needed(scheme):
            self._start_resolution(s, target)

    def _start_resolution(self, s, owner):
        s["phase"] = "resolution"
        s["resolving"] = owner
        s["current"] = owner

    def _do_draw_card(self, s, a):
        s["acted"] = True
        s["last_played"] = None
        s["last_resolution"] = None
        self._draw(s, a["player"], "interrogation", 1, None)

    def _do_use_item(self, s, a):
        me, item = a["player"], a["item"]
        n = len(s["players"])
        s["stash"][me][item] -= 1
        s["acted"] = True
        s["last_played"] = None
        s["last_resolution"] = None
        if item == "binoculars":
            s["contacts"] += 1            # looked at the top 3; the Item goes to the bottom
        elif item == "key":
            log: list = []
            for seat in (me, left_of(me, n), right_of(me, n)):
                self._draw(s, seat, "contacts", 1, log)
            s["contacts"] += 1
            s["last_resolution"] = {"owner": me, "success": None, "item": "key", "draws": log, "cut_short": False}
        elif item == "bribe_money":
            s["guard"] = None
            s["contacts"] += 1
        else:                              # knuckle_irons, crowbar: lie next to the Scheme until it resolves
            scheme = s["schemes"][a["target"]]
            scheme[item] = True
            if item == "crowbar" and scheme["under"] >= needed(scheme):
                self._start_resolution(s, a["target"])

    def _do_pass_soap(self, s, a):
        n = len(s["players"])
        s["guard"], s["handcuffs_up"], s["soap"] = guard_and_soap(
            "end_of_turn", s["guard"], s["handcuffs_up"], s["soap"], n)
        s["current"] = s["soap"]
        s["acted"] = False
        s["last_played"] = None
        s["last_resolution"] = None
        s["turn"] += 1

    def _do_refuse(self, s, a):
        owner = a["player"]
        scheme = s["schemes"][owner]
        scheme["under"] -= 1
        scheme["refused"] = True
        s["contacts"] += 1                 # the refused card goes unseen to the bottom
        s["last_played"] = None
        if s["phase"] == "resolution":
            s["phase"] = "turn"
            s["resolving"] = None
            s["current"] = s["soap"]

    def _do_reveal(self, s, a):
        owner = a["player"]
        n = len(s["players"])
        scheme = s["schemes"][owner]
        random_card = not scheme["knuckle_irons"] and s["contacts"] > 0
        revealed = scheme["under"] + (1 if random_card else 0)
        success = judge(a["repeats"], a["backstabs"], a["own_contact"], s["options"]["harder"])
        attached = int(scheme["crowbar"]) + int(scheme["knuckle_irons"])
        s["schemes"][owner] = None
        s["last_played"] = None
        log: list = []
        record = {"owner": owner, "success": success, "revealed": revealed, "random_card": random_card,
                  "repeats": a["repeats"], "backstabs": a["backstabs"], "own_contact": a["own_contact"],
                  "draws": log, "cut_short": False}
        s["last_resolution"] = record
        # the random card leaves the deck; the revealed cards and used Items go back under it
        s["contacts"] += revealed - (1 if random_card else 0) + attached
        order = (owner, left_of(owner, n), right_of(owner, n))
        if success:
            s["scored"] += 1
            for seat in order:
                self._draw(s, seat, "contacts", 1, log)
            ended = self._draw(s, owner, "interrogation", a["backstabs"], log)
        else:
            s["failed"] += 1
            s["pending_item"] = owner      # the failed Scheme goes face down into the stash
            ended = False
            for seat, count in ((owner, 1), (order[1], 1), (order[2], 1), (owner, a["backstabs"])):
                if self._draw(s, seat, "interrogation", count, log):
                    ended = True
                    break
        if ended:
            record["cut_short"] = True
            return
        if not success:
            s["guard"], s["handcuffs_up"], s["soap"] = guard_and_soap(
                "failure", s["guard"], s["handcuffs_up"], s["soap"], n, owner=owner)
            s["phase"] = "stash_item"
        elif s["scored"] >= SCHEMES_FOR_GUN:
            self._start_gun_vote(s)
        else:
            s["phase"] = "new_scheme"

    def _draw(self, s, seat, deck, count, log) -> bool:
        """Draw `count` cards one by one; True when the Interrogation Deck ran
        out (the game ends at once, on that card)."""
        got = 0
        ended = False
        for _ in range(count):
            if deck == "interrogation":
                s["interrogation"] -= 1
                s["hands"][seat] += 1
                got += 1
                if s["interrogation"] <= RIOT_AT:
                    s["riot"] = True
                if s["interrogation"] == 0:
                    self._end(s, "deck_out")
                    ended = True
                    break
            elif s["contacts"] > 0:
                s["contacts"] -= 1
                s["hands"][seat] += 1
                got += 1
        if log is not None and count > 0:
            log.append({"seat": seat, "deck": deck, "count": got, "wanted": count})
        return ended

    def _end(self, s, outcome):
        s["outcome"] = outcome
        s["phase"] = "final_reveal"
        s["resolving"] = None
        s["acted"] = False
        s["last_played"] = None

    def _do_stash_item(self, s, a):
        owner = a["player"]
        s["stash"][owner][a["item"]] += 1
        s["pending_item"] = None
        s["phase"] = "new_scheme"

    def _do_new_scheme(self, s, a):
        owner = a["player"]
        if a["source"] == "hand":
            s["hands"][owner] -= 1
        else:
            s["contacts"] -= 1
        s["schemes"][owner] = _new_scheme(a["required"])
        s["phase"] = "turn"
        s["resolving"] = None
        s["current"] = s["soap"]

    def _start_gun_vote(self, s):
        """Five Schemes scored: the gun is inside. Everything but the two decks
        (and the hands) leaves the table; the Guard turns to the Escape Route."""
        cleared = 0
        for i, scheme in enumerate(s["schemes"]):
            if scheme is not None:
                cleared += 1 + scheme["under"] + int(scheme["crowbar"]) + int(scheme["knuckle_irons"])
                s["schemes"][i] = None
        for stash in s["stash"]:
            for item in ITEMS:
                cleared += stash[item]
                stash[item] = 0
        if s["pending_item"] is not None:
            cleared += 1
            s["pending_item"] = None
        s["removed"] += cleared
        s["guard"] = None
        s["handcuffs_up"] = False
        s["phase"] = "gun_vote"
        s["resolving"] = None
        s["last_played"] = None
        s["votes"] = [None] * len(s["players"])
        s["current"] = s["soap"]

    def _do_vote(self, s, a):
        s["votes"][a["player"]] = a["target"]
        if any(v is None for v in s["votes"]):
            s["current"] = self._next_voter(s)
            return
        winner, tied = gun_vote_result(s["votes"])
        if winner is None:
            s["tied"] = tied
            s["phase"] = "tie_break"
            s["current"] = s["soap"]
        else:
            self._give_gun(s, winner)

    def _give_gun(self, s, seat):
        s["gun"] = s["current"] = seat
        s["phase"] = "shoot"

    def _do_break_tie(self, s, a):
        self._give_gun(s, a["target"])

    def _do_shoot(self, s, a):
        s["shot"] = a["target"]
        s["phase"] = "escape"

    def _do_hold_fire(self, s, a):
        s["shot"] = None
        s["phase"] = "escape"

    def _do_snitch_has_gun(self, s, a):
        s["outcome"] = "snitch_gun"
        s["snitch"] = a["player"]
        self._finish(s)

    def _do_escape_card(self, s, a):
        seat = a["seat"]
        if a["source"] == "hand":
            s["hands"][seat] -= 1
        else:
            s["contacts"] -= 1
        s["escape"].append({"seat": seat, "source": a["source"]})
        if len(s["escape"]) >= ESCAPE_CARDS:
            s["phase"] = "escape_reveal"

    def _do_escape_reveal(self, s, a):
        success = judge(a["repeats"], a["backstabs"])
        s["escape_result"] = {"escape_plans": a["escape_plans"], "repeats": a["repeats"],
                              "backstabs": a["backstabs"], "success": success}
        self._end(s, "escape_succeeded" if success else "escape_failed")

    def _do_reveal_snitch(self, s, a):
        s["snitch"] = a["seat"]
        if s["gun"] is not None and a["seat"] == s["gun"]:
            s["outcome"] = "snitch_gun"     # the Snitch got the gun: that won at once
        self._finish(s)

    def _do_no_snitch(self, s, a):
        s["snitch"] = None
        self._finish(s)

    def _finish(self, s):
        s["winners"] = ([s["snitch"]] if s["outcome"] == "snitch_gun"
                        else winners(s["outcome"], s["snitch"], s["shot"], len(s["players"])))
        s["phase"] = "over"
        s["finished"] = True

    # -- buttons -------------------------------------------------------------
    # -- the seat pads -------------------------------------------------------------
    def leds(self, state):
        phase = state["phase"]
        valid = lights.valid_seat
        if phase == "over":
            return lights.winners(state)
        if phase in ("setup", "final_reveal"):
            return {}
        if phase == "gun_vote":
            return {s: (lights.VOTED if v is not None else Led(lights.BLUE, "slow")) for s, v in enumerate(state["votes"])}
        if phase == "tie_break":
            out = {s: Led(lights.AMBER) for s in state.get("tied") or () if valid(state, s)}
            out[state["soap"]] = Led(lights.WHITE, "slow")
            return out
        if phase in ("shoot", "escape", "escape_reveal"):
            out = {}
            if valid(state, state.get("shot")):
                out[state["shot"]] = Led(lights.RED)
            if valid(state, state.get("gun")):
                shooting = phase == "shoot"
                out[state["gun"]] = Led(lights.RED if shooting else lights.MAGENTA, "fast" if shooting else "solid")
            return out
        # turn, resolution, stash_item, new_scheme: the Soap, the Guard, the riot
        out = {s: Led(lights.AMBER) for s in range(len(state["players"]))} if state.get("riot") else {}
        soap, guard = state.get("soap"), state.get("guard")
        if valid(state, soap):
            out[soap] = Led(lights.GREEN)
        if valid(state, guard):
            out[guard] = Led(lights.RED, "slow" if guard == soap else "solid")
        current = state.get("current")
        if phase in ("resolution", "stash_item", "new_scheme") and valid(state, current) and current != soap:
            out[current] = Led(lights.WHITE, "slow")       # the owner's step
        return out

    def ballot(self, state):
        """The gun vote: everyone votes once, from the Soap holder to the left."""
        if state["phase"] != "gun_vote":
            return None
        votes = state["votes"]
        n = len(votes)
        order = [(state["soap"] + i) % n for i in range(n)]
        return Ballot(voters=tuple(s for s in order if votes[s] is None), candidates=tuple(range(n)))

    def input_action(self, state, event):
        if event != InputEvent.CONFIRM:
            return None
        if state["phase"] == "turn" and state["acted"]:
            return {"type": "pass_soap"}
        if state["phase"] == "setup" and state["step"] == "cards":
            return {"type": "cards_ready"}
        return None

    # -- presentation ------------------------------------------------------
    def hidden_args(self, state, action):
        # The gun vote is secret until every vote is in.
        if action.get("type") == "vote" and state["phase"] == "gun_vote":
            return {"target"}
        return set()

    def summary(self, state, t):
        phase = state["phase"]
        name = lambda seat: self._name(state, seat)  # noqa: E731
        names = lambda seats: ", ".join(name(s) for s in seats) or t("snitch.nobody")  # noqa: E731
        lines: list[str] = []
        prompt = ""
        banner = ""
        badges: dict[int, list[str]] = {s: [] for s in range(len(state["players"]))}

        if phase == "setup":
            headline = t("snitch.headline.setup")
            step = state["step"]
            hands = deal(len(state["players"]))
            lines += [t("snitch.setup.pile7"), t("snitch.setup.pile13"), t("snitch.setup.box2"),
                      t("snitch.setup.cross", count=INTERROGATION_START),
                      t("snitch.setup.deal", count=DEALT,
                        deal=", ".join(f"{name(s)} {hands[s]}" for s in range(len(hands)))),
                      t("snitch.setup.contacts", count=CONTACTS_START)]
            if step == "cards":
                prompt = t("snitch.prompt.cards")
            elif step == "schemes":
                missing = [s for s, scheme in enumerate(state["schemes"]) if scheme is None]
                prompt = t("snitch.prompt.schemes", names=names(missing))
            elif step == "guard":
                prompt = t("snitch.prompt.guard")
            else:
                prompt = t("snitch.prompt.soap")
            for s, scheme in enumerate(state["schemes"]):
                if scheme is not None:
                    badges[s].append(t("snitch.badge.scheme", under=0, needed=needed(scheme)))
            if state["guard"] is not None:
                badges[state["guard"]].append(t("snitch.badge.guard"))
            return {"headline": headline, "lines": lines, "prompt": prompt, "banner": banner, "badges": badges}

        in_play = phase in PLAY_PHASES or (phase == "final_reveal" and state["gun"] is None)
        # the counts everybody needs, always
        lines.append(t("snitch.line.interrogation", count=state["interrogation"]))
        lines.append(t("snitch.line.riot_on") if state["riot"]
                     else t("snitch.line.riot_off", left=state["interrogation"] - RIOT_AT, at=RIOT_AT))
        if state["soap"] is not None:
            lines.append(t("snitch.line.soap", name=name(state["soap"])))
            badges[state["soap"]].append(t("snitch.badge.soap"))
        if in_play:
            if state["guard"] is not None:
                lines.append(t("snitch.line.guard_up" if state["handcuffs_up"] else "snitch.line.guard_down",
                               name=name(state["guard"])))
                badges[state["guard"]].append(t("snitch.badge.guard"))
            else:
                lines.append(t("snitch.line.guard_bribed"))
        lines.append(t("snitch.line.gun_pile", scored=state["scored"], goal=SCHEMES_FOR_GUN))
        lines.append(t("snitch.line.contacts", count=state["contacts"]))
        if in_play:
            for s, scheme in enumerate(state["schemes"]):
                if scheme is None:
                    lines.append(t("snitch.line.no_scheme", name=name(s), hand=state["hands"][s]))
                    continue
                extras = []
                if scheme["refused"]:
                    extras.append(t("snitch.scheme.sideways"))
                if scheme["crowbar"]:
                    extras.append(t("snitch.item.crowbar"))
                if scheme["knuckle_irons"]:
                    extras.append(t("snitch.item.knuckle_irons"))
                lines.append(t("snitch.line.scheme", name=name(s), under=scheme["under"], needed=needed(scheme),
                               hand=state["hands"][s], extras=(" · " + ", ".join(extras)) if extras else ""))
                badges[s].append(t("snitch.badge.scheme", under=scheme["under"], needed=needed(scheme)))
            for s, stash in enumerate(state["stash"]):
                held = [f"{t('snitch.item.' + item)} ×{stash[item]}" if stash[item] > 1 else t("snitch.item." + item)
                        for item in ITEMS if stash[item] > 0]
                if held:
                    lines.append(t("snitch.line.stash", name=name(s), items=", ".join(held)))
            for s in range(len(state["players"])):
                helps = self._helpable(state, s)
                badges[s].append(t("snitch.badge.helps", seats=" ".join(state["players"][h]["letter"] for h in helps)))
        last = state["last_resolution"]
        if last is not None:
            lines.append(self._resolution_line(state, t, last))
        if state["riot"] and phase in PLAY_PHASES:
            banner = t("snitch.banner.riot")
        if state["options"]["easier"] and in_play:
            lines.append(t("snitch.line.easier"))

        if phase == "turn":
            me = state["soap"]
            headline = t("snitch.headline.turn", name=name(me), turn=state["turn"])
            if not state["acted"]:
                targets = self._targets(state, me)
                items = [t("snitch.item." + i) for i in self._usable_items(state, me)]
                prompt = t("snitch.prompt.turn", name=name(me), targets=names(targets),
                           items=", ".join(items) or t("snitch.none"))
            else:
                prompt = t("snitch.prompt.pass", name=name(me), left=name(left_of(me, len(state["players"]))))
            if state["guard"] == me:
                prompt += " " + t("snitch.prompt.silenced", name=name(me))
            refuser = self._refuser(state)
            if refuser is not None:
                prompt += " " + t("snitch.prompt.may_refuse", name=name(refuser))
        elif phase == "resolution":
            owner = state["resolving"]
            scheme = state["schemes"][owner]
            headline = t("snitch.headline.resolution", name=name(owner))
            key = "snitch.prompt.resolve_knuckles" if scheme["knuckle_irons"] or state["contacts"] <= 0 \
                else "snitch.prompt.resolve"
            prompt = t(key, soap=name(state["soap"]), name=name(owner), count=scheme["under"])
            if state["options"]["harder"]:
                prompt += " " + t("snitch.prompt.harder")
            refuser = self._refuser(state)
            if refuser is not None:
                prompt += " " + t("snitch.prompt.may_refuse", name=name(refuser))
        elif phase == "stash_item":
            owner = state["resolving"]
            headline = t("snitch.headline.failed", name=name(owner))
            # the draws go in the prompt too: the full line is last in the facts, often below the fold
            prompt = t("snitch.prompt.stash_item", name=name(owner),
                       draws=self._draws_short(state, t, state["last_resolution"]))
        elif phase == "new_scheme":
            owner = state["resolving"]
            headline = t("snitch.headline.new_scheme", name=name(owner))
            source = self._new_scheme_source(state)
            prompt = t("snitch.prompt.new_scheme_" + source, name=name(owner))
            last = state["last_resolution"]
            draws = self._draws_short(state, t, last) if last is not None and last["success"] else ""
            if draws:   # after a success: the reward draws come first, then the new Scheme
                prompt = t("snitch.prompt.draws", draws=draws) + " " + prompt
        elif phase == "gun_vote":
            done = sum(v is not None for v in state["votes"])
            headline = t("snitch.headline.gun_vote", done=done, count=len(state["players"]))
            banner = t("snitch.banner.gun")
            prompt = t("snitch.prompt.vote", name=name(self._next_voter(state)))
            for s, v in enumerate(state["votes"]):
                if v is not None:
                    badges[s].append(t("snitch.badge.voted"))
        elif phase == "tie_break":
            headline = t("snitch.headline.tie", name=name(state["soap"]))
            banner = t("snitch.banner.gun")
            lines.append(self._votes_line(state, t))
            prompt = t("snitch.prompt.tie", name=name(state["soap"]), names=names(state["tied"]))
        elif phase in ("shoot", "escape", "escape_reveal"):
            gun = state["gun"]
            if any(v is not None for v in state["votes"]):
                lines.append(self._votes_line(state, t))
            if phase == "shoot":
                headline = t("snitch.headline.shoot", name=name(gun))
                prompt = t("snitch.prompt.shoot", name=name(gun))
            else:
                headline = t("snitch.headline.escape", cards=len(state["escape"]), goal=ESCAPE_CARDS)
                lines.append(t("snitch.line.shot", name=name(state["shot"])) if state["shot"] is not None
                             else t("snitch.line.nobody_shot"))
                lines.append(t("snitch.line.escape_cards", cards=len(state["escape"]), goal=ESCAPE_CARDS,
                               names=names([c["seat"] for c in state["escape"]])))
                if phase == "escape":
                    played = {c["seat"] for c in state["escape"]}
                    everyone = [s for s in range(len(state["players"])) if s != state["shot"]]
                    first_round = [s for s in everyone if s not in played]
                    prompt = (t("snitch.prompt.escape_first", name=name(gun), names=names(first_round)) if first_round
                              else t("snitch.prompt.escape_more", name=name(gun), left=ESCAPE_CARDS - len(state["escape"])))
                else:
                    prompt = t("snitch.prompt.escape_reveal")
            banner = t("snitch.banner.gun")
            badges[gun].append(t("snitch.badge.gun"))
        else:   # final_reveal, over
            outcome = state["outcome"]
            banner = t("snitch.outcome." + outcome)
            if state["escape_result"] is not None:
                r = state["escape_result"]
                lines.append(t("snitch.line.escape_result", plans=r["escape_plans"], backstabs=r["backstabs"],
                               repeats=t("snitch.yes" if r["repeats"] else "snitch.no")))
            if state["gun"] is not None:
                badges[state["gun"]].append(t("snitch.badge.gun"))
            if phase == "final_reveal":
                headline = t("snitch.headline.final_reveal")
                prompt = t("snitch.prompt.final_reveal")
            else:
                headline = t("snitch.headline.over")
                lines.append(t("snitch.line.snitch", name=name(state["snitch"])) if state["snitch"] is not None
                             else t("snitch.line.no_snitch"))
                prompt = (t("snitch.prompt.winners", names=names(state["winners"])) if state["winners"]
                          else t("snitch.prompt.no_winners"))
                # every player wins or loses: the losers are said too, last, where the screen ends
                lines.append(t("snitch.line.losers", names=names(losers(state))))
                for s in state["winners"]:
                    badges[s].append(t("snitch.badge.winner"))
                if state["snitch"] is not None:
                    badges[state["snitch"]].append(t("snitch.badge.snitch"))
        if state["shot"] is not None:
            badges[state["shot"]].append(t("snitch.badge.shot"))
        return {"headline": headline, "lines": lines, "prompt": prompt, "banner": banner, "badges": badges}

    def _resolution_line(self, state, t, last) -> str:
        owner = self._name(state, last["owner"])
        draws = []
        for d in last["draws"]:
            draws.append(t("snitch.draw." + d["deck"], name=self._name(state, d["seat"]), count=d["count"]))
        draws_text = "; ".join(draws) or t("snitch.none")
        if last["success"] is None:
            text = t("snitch.line.key", name=owner, draws=draws_text)
        elif last["success"]:
            text = t("snitch.line.succeeded", name=owner, backstabs=last["backstabs"], draws=draws_text)
        else:
            text = t("snitch.line.failed", name=owner, backstabs=last["backstabs"], draws=draws_text)
        if last["cut_short"]:
            text += " " + t("snitch.line.cut_short", name=self._name(state, last["draws"][-1]["seat"]))
        return text

    def _draws_short(self, state, t, last) -> str:
        """A resolution's draws in order, in few words: "Bob 1, Cy 1, Ann 1 from the
        Prison Contacts Deck; Bob 1 from the Interrogation Deck" (no empty draws;
        a name and its count joined by a no-break space)."""
        groups: list[tuple[str, list[str]]] = []
        for d in last["draws"] if last else ():
            if d["count"] <= 0:
                continue
            if not groups or groups[-1][0] != d["deck"]:
                groups.append((d["deck"], []))
            groups[-1][1].append(f"{self._name(state, d['seat'])}\u00a0{d['count']}")   # "Cleo 1" stays on one line
        return "; ".join(t("snitch.draws." + deck, draws=", ".join(who)) for deck, who in groups)

    def _votes_line(self, state, t) -> str:
        tally: dict[int, int] = {}
        for v in state["votes"]:
            if v is not None:
                tally[v] = tally.get(v, 0) + 1
        parts = [f"{self._name(state, s)} {n}" for s, n in sorted(tally.items(), key=lambda kv: (-kv[1], kv[0]))]
        return t("snitch.line.votes", votes=", ".join(parts))

    def cues(self, before, after, action):
        out: list[str] = []
        if not before["riot"] and after["riot"]:
            out.append(cues.WARNING)
        if after["phase"] in ("setup",) + PLAY_PHASES and before["guard"] != after["guard"]:
            out.append(cues.TICK)       # the Guard moved (or left, or came back)
        last = after["last_resolution"]
        if (action.get("type") == "reveal" and last is not None and last["success"]
                and after["outcome"] is None):
            out.append(cues.SUCCESS)
        if before["outcome"] is None and after["outcome"] is not None:
            out.append(cues.SUCCESS if after["outcome"] == "escape_succeeded" else cues.ALARM)
        if action.get("type") in ("pass_soap", "vote") and not out:
            out.append(cues.TAP)
        return out

    # -- invariants --------------------------------------------------------
    def check_invariants(self, state):
        n = len(state["players"])
        phase = state["phase"]
        assert 4 <= n <= 6
        assert phase in PHASES, phase
        assert 0 <= state["interrogation"] <= INTERROGATION_START
        assert state["riot"] == (state["interrogation"] <= RIOT_AT)
        assert state["contacts"] >= 0 and state["box"] == BOX
        assert len(state["hands"]) == n and all(h >= 0 for h in state["hands"])
        assert 0 <= state["current"] < n
        assert state["guard"] is None or 0 <= state["guard"] < n
        if phase == "setup":
            assert state["step"] in SETUP_STEPS
            assert state["soap"] is None
        else:
            assert state["step"] is None
            assert state["soap"] is not None and 0 <= state["soap"] < n   # exactly one Soap holder
        if phase in PLAY_PHASES:
            assert state["scored"] < SCHEMES_FOR_GUN
        if phase == "turn":
            assert state["current"] == state["soap"]
            assert all(scheme is not None for scheme in state["schemes"])
        if phase in ("resolution", "stash_item", "new_scheme"):
            assert state["resolving"] is not None and state["current"] == state["resolving"]
        else:
            assert state["resolving"] is None
        if phase == "stash_item":
            assert state["pending_item"] == state["resolving"]
        elif phase in PLAY_PHASES or phase == "setup" or phase in END_PHASES[:-2]:
            assert state["pending_item"] is None
        for seat, scheme in enumerate(state["schemes"]):
            if scheme is None:
                continue
            assert REQUIRED_MIN <= scheme["required"] <= REQUIRED_MAX and scheme["under"] >= 0
            if phase == "resolution" and seat == state["resolving"]:
                assert scheme["under"] >= needed(scheme)
            elif phase not in ("final_reveal", "over"):
                assert scheme["under"] < needed(scheme), (seat, scheme)
        if phase in END_PHASES and phase not in ("final_reveal", "over"):
            assert state["scored"] == SCHEMES_FOR_GUN
            assert all(scheme is None for scheme in state["schemes"])
        assert 0 <= state["scored"] <= SCHEMES_FOR_GUN
        for stash in state["stash"]:
            assert set(stash) == set(ITEMS) and all(v >= 0 for v in stash.values())
        if state["last_played"] is not None:
            assert state["schemes"][state["last_played"]["to"]] is not None
        # every physical card is somewhere
        on_table = sum(1 + sc["under"] + int(sc["crowbar"]) + int(sc["knuckle_irons"])
                       for sc in state["schemes"] if sc is not None)
        stashed = sum(sum(stash.values()) for stash in state["stash"]) + (state["pending_item"] is not None)
        total = (state["interrogation"] + state["box"] + state["contacts"] + sum(state["hands"]) + on_table
                 + stashed + state["scored"] + state["removed"] + len(state["escape"]))
        assert total == TOTAL_CARDS, total
        # the end
        assert len(state["escape"]) <= ESCAPE_CARDS
        if phase == "escape_reveal":
            assert len(state["escape"]) == ESCAPE_CARDS
        if state["shot"] is not None:
            assert state["shot"] != state["gun"]
            assert all(card["seat"] != state["shot"] for card in state["escape"])
        if state["interrogation"] == 0:
            assert state["outcome"] == "deck_out" and phase in ("final_reveal", "over")
        if phase in ("final_reveal", "over"):
            assert state["outcome"] in OUTCOMES
        else:
            assert state["outcome"] is None
        assert state["finished"] == (phase == "over")
        if phase == "over":
            assert isinstance(state["winners"], list)
            assert state["snitch"] is None or 0 <= state["snitch"] < n
            if state["outcome"] != "escape_succeeded":
                assert state["winners"] == ([] if state["snitch"] is None else [state["snitch"]])


GAME = Snitch()
