"""The Snitch (Jumping Turtle Games, 2018; 4 to 6 players): the app as game master.

The cards stay on the table and in the players' hands; the app keeps what is
public and easy to lose track of: the Interrogation Deck count and the riot,
the Soap, the Guard and the handcuffs, every Scheme's progress, how many Items
lie face down in each stash, the gun vote, the escape and the outcome. What
only a card can tell (repeated Prison Contacts, Backstab icons, who holds the
Snitch) is entered by the players when it is revealed.

What the rules keep secret the app never asks for in front of the table (SECRETS):
a failed Scheme goes into the stash face down, so the app counts the Items and
learns which one only when its owner uses it (and checks then that it may be
used), unless its owner noted it on their phone (`record_item`: a secret of that
seat alone, `stash_items`; Use an Item is then checked against the noted ones);
a secret gun vote (option `vote`) reaches the game as the totals alone
(`secret_vote`), the ballots held outside it until all are in (companion.pads).
Games saved before this kept the Item (`stash_item`) and every ballot (`vote`):
their events still replay, and those arguments are never shown.

The rules are the table of moves MOVES below, phase by phase, in the
rulebook's words; what each move does to the table is in state.py, the words and
pictures of it all in view.py. Nothing is random except the optional random pick of the
Guard and the Soap at setup, which is decided once and written into the action.

Rules facts and readings: /work/shared/rules/NOTES.md. The readings are kept in
the functions marked *Reading* in state.py (`guard_and_soap`, `gun_vote_result`)
and in READINGS there, which the help text repeats.
"""
from __future__ import annotations

from dataclasses import replace

from ... import lights
from ...inputs import InputEvent
from ...lights import Led
from ..base import END_TURN, ActionSpec, Ballot, Game, IllegalAction, Move, Option, Param, Rule, Secret, name_of
from ..base import make_result
from .state import (
    BOX, CONTACTS_START, END_PHASES, ESCAPE_CARDS, ESCAPE_PLANS, INTERROGATION_START, ITEMS, MAJORITY, OUTCOMES, PHASES,
    PLACED, PLAY_PHASES, REQUIRED_MAX, REQUIRED_MIN, RIOT_AT, SCHEMES_FOR_GUN, SETUP_STEPS, TOTAL_CARDS, cards_at,
    counted, deal, draw_card, escape_card, escape_eligible, escape_reveal, expected, finish, first_scheme, give_gun,
    item_targets, last_to, needed, new_scheme, new_scheme_source, next_voter, noted, pass_soap, play_card,
    record_item, refuse, reveal, revealed, seats, secret_vote, start_gun_vote, stash_item, stashed, still_to_vote,
    targets, unnoted, use_item, vote, vote_mode, voted_before)


# -- what the moves take, and when they are refused -------------------------------------
def seat(label="", choices=(), **more) -> Param:
    """A seat argument (any seat, when no choices are given); no seat at all is refused naming the argument."""
    return Param("seat", label, tuple(choices), message="{name}: there is no seat {value} at this table", **more)


def told(param: Param) -> Param:
    """A yes/no a script may leave out: it means no (the screen always asks it)."""
    return replace(param, optional=True, default=False)


def refuse_seat(s, chosen, allowed, key, message):
    """The one check of a seat argument against the seats the rules allow now."""
    if chosen not in allowed:
        who = name_of(s, chosen)
        raise IllegalAction(key, message.format(name=who), name=who)


def at_step(kind, name):
    """The setup goes step by step: `kind` belongs to step `name`."""
    return Rule(lambda s, me: s["step"] != name, "snitch_not_now", kind + " is not possible now; {expected}",
                lambda s, me: {"expected": expected(s)})


REQUIRED = Param("int", "snitch.param.required", minimum=REQUIRED_MIN, maximum=REQUIRED_MAX,
                 error="snitch_bad_required",
                 message="enter the number in the Scheme card's bottom right corner ({low} to {high})")
ITEM = Param("choice", "snitch.param.item", ITEMS, error="snitch_bad_item",
             message="there is no Item {value}; Items are " + ", ".join(ITEMS))
SECRET_VOTE = Rule(lambda s, me: vote_mode(s) != "secret", "snitch_vote_open",
                   "the vote is by hands up: enter who gets the gun (open_vote)")
OPEN_VOTE = Rule(lambda s, me: vote_mode(s) != "open", "snitch_vote_secret",
                 "the vote is secret: every player votes on their pad or on the screen in turn")


def tally_param(s, me=None) -> dict[str, Param]:
    """The totals of a secret vote: one number per seat, as many votes as are still to come in."""
    return {"tally": Param("counts", "snitch.param.tally", count=len(s["players"]), maximum=len(still_to_vote(s)),
                           error="snitch_bad_tally", message="the totals are one number per seat adding up to the "
                           "{high} votes still to come in")}
FLAG = dict(error="snitch_bad_flag", message="{name} must be true or false, not {value}")
REPEATS = Param("bool", "snitch.param.repeats", **FLAG)
OWN_CONTACT = Param("bool", "snitch.param.own_contact", **FLAG)
SOURCE = Param("choice", "snitch.param.source", ("hand", "deck"), error="snitch_bad_source",
               message="a card comes from the hand or the top of the Prison Contacts Deck")


def backstabs(high, why=""):
    return Param("int", "snitch.param.backstabs", minimum=0, maximum=high, error="snitch_backstabs",
                 message="enter the Backstab icons shown: {low} to {high}" + why)


ACTED = Rule(lambda s, me: s["acted"], "snitch_already_acted", "{name} has had their action: pass the Soap")
MUST_ACT = Rule(lambda s, me: not s["acted"], "snitch_must_act",
                "first play a card, draw a card or use an Item, then pass the Soap")
NO_CARDS = Rule(lambda s, me: s["hands"][me] <= 0, "snitch_no_cards", "{name} has no card in hand")
NOTHING_TO_REFUSE = Rule(lambda s, me: me is None or s["phase"] == "resolution" and s["resolving"] != me,
                         "snitch_nothing_to_refuse", "no card was just played under a Scheme: nothing to refuse")


def pick_at_random(s, a, rng):
    """The Guard and the Soap go to a seat the table names, or one at random."""
    if "seat" in a:
        return {**a, "random": False}
    return {**a, "seat": rng.randrange(len(s["players"])), "random": True}


def may_play(s, a):
    if a["target"] == a["player"]:
        raise IllegalAction("snitch_own_scheme", "you cannot play a card under your own Scheme")
    refuse_seat(s, a["target"], targets(s, a["player"]), "snitch_not_neighbour",
                "before the riot you may only play under your neighbours' Schemes, not {name}'s")


def items_offered(s, me):
    """One choice per Item that may be used now, if the stash holds any (which ones nobody
    knows: its owner names it); Knuckle Irons and a Crowbar ask next to whose Scheme."""
    if s["stash"][me] <= 0:
        return []
    return [{"item": Param("choice", "snitch.param.item", (item,)),
             **({"target": seat("snitch.param.scheme_of", item_targets(s, item))} if item in PLACED else {})}
            for item in usable_items(s, me)]


def item_refusal(s, me, item) -> IllegalAction | None:
    """Why `me` may not use `item` now (where it would go aside), or None."""
    if s["stash"][me] <= 0:
        return IllegalAction("snitch_no_item", f"{name_of(s, me)} has no Item in their stash", name=name_of(s, me))
    if s["guard"] == me and item != "bribe_money":
        return IllegalAction("snitch_guarded_item", "the Guard is in front of you: no Items, except Bribe Money")
    if item == "bribe_money" and s["guard"] is None:
        return IllegalAction("snitch_no_guard", "the Guard is not in play: there is nobody to bribe")
    return None


def usable_items(s, seat) -> list[str]:
    """The Items seat may name now (one lies face down in the stash, and using it is
    allowed): the same list whichever Items the stash holds, which nobody but its owner knows."""
    return [item for item in ITEMS if not item_refusal(s, seat, item) and (item not in PLACED or item_targets(s, item))]


def may_use(s, a):
    refusal = item_refusal(s, a["player"], a["item"])
    if refusal:
        raise refusal
    # Not checked against what the owner noted on their phone: a refusal on the shared
    # screen would tell the table what the stash holds. The phone offers only the noted
    # Items; the table's word (the cards in hand) goes, and wrong notes are forgotten.
    if a["item"] in PLACED:
        refuse_seat(s, seat().check("target", a.get("target")), item_targets(s, a["item"]), "snitch_item_there",
                    "{name}'s Scheme has no room for that Item (no Scheme, or one lies there already)")


def held(s, me, item) -> bool:
    """May `me`'s stash hold `item`? Yes when a card of it was not noted (it could be any
    Item) or `item` was noted; the noted Items alone otherwise (a secret: the real state
    or the seat's own view, never the table's)."""
    return unnoted(s, me) > 0 or item in noted(s, me)


def may_record(s, a):
    me = a["player"]
    if unnoted(s, me) <= 0:
        who = name_of(s, me)
        raise IllegalAction("snitch_all_noted", f"every Item in {who}'s stash is noted already", name=who)


def reveal_args(s, me, asked=False):
    """What the owner enters at a reveal. The screen asks about repeats only with 2
    or more cards revealed, about the own contact only under the harder rule."""
    shown = revealed(s)
    args = {}
    if shown >= 2 or not asked:
        args["repeats"] = REPEATS if asked else told(REPEATS)
    args["backstabs"] = backstabs(shown)
    if s["options"]["harder"] and (shown >= 1 or not asked):
        args["own_contact"] = OWN_CONTACT if asked else told(OWN_CONTACT)
    return args


def may_reveal(s, a):
    if a["repeats"] and revealed(s) < 2:
        raise IllegalAction("snitch_repeats", "a Prison Contact can only repeat with 2 or more cards revealed")
    if a.get("own_contact") and revealed(s) < 1:
        raise IllegalAction("snitch_own_contact", "no card was revealed: none can match the Scheme")


def escape_offered(s, me):
    """From a hand (who has a card) or from the top of the Prison Contacts Deck, as two buttons."""
    eligible = escape_eligible(s)
    with_cards = tuple(x for x in eligible if s["hands"][x] > 0)
    return [{"seat": seat("snitch.param.escape_seat", who), "source": Param("choice", SOURCE.label, (src,))}
            for src, who in (("hand", with_cards), ("deck", eligible if s["contacts"] > 0 else ())) if who]


def escape_source(s, a) -> str:
    return a.get("source") or ("hand" if s["hands"][a["seat"]] > 0 else "deck")


def may_escape(s, a):
    who = a["seat"]
    if who == s["shot"]:
        raise IllegalAction("snitch_shot_cannot_play", "the shot player cannot add cards to the escape")
    refuse_seat(s, who, escape_eligible(s), "snitch_escape_order",
                "everybody plays one card before anybody plays a second: not {name} yet")
    if escape_source(s, a) == "hand" and NO_CARDS.when(s, who):
        raise NO_CARDS.refusal(s, who)
    if escape_source(s, a) == "deck" and s["contacts"] <= 0:
        raise IllegalAction("snitch_contacts_empty", "the Prison Contacts Deck is empty")


ESCAPE_BACKSTABS = backstabs(ESCAPE_CARDS, " (Escape Plans have none)")


def escape_args(s, asked=False):
    """What the table enters at the escape's reveal. Escape Plans come only from a hand, 3 at most."""
    plans = min(ESCAPE_PLANS, sum(card["source"] == "hand" for card in s["escape"]))
    return {"escape_plans": Param("int", "snitch.param.escape_plans", minimum=0, maximum=plans,
                                  error="snitch_escape_plans",
                                  message="enter the Escape Plans revealed: {low} to {high}"),
            "repeats": REPEATS if asked else told(REPEATS), "backstabs": ESCAPE_BACKSTABS}


def any_seat(arg, label, **more):
    return lambda s, me: {arg: seat(label, seats(s), **more)}


# -- the moves, phase by phase ------------------------------------------------------------
MOVES = (
    # Setup: the cards are laid out, every seat lays a Scheme, the Guard and the Soap are given.
    Move("cards_ready", phases=("setup",), actor=None, unless=(at_step("cards_ready", "cards"),),
         apply=lambda s, a: s.update(step="schemes", current=0)),
    Move("scheme", phases=("setup",), actor="each", params={"required": REQUIRED}, unless=(
        at_step("scheme", "schemes"),
        Rule(lambda s, me: s["schemes"][me] is not None, "snitch_has_scheme",
             "{name} already has a Scheme; undo to change it")), apply=first_scheme),
    Move("pick_guard", phases=("setup",), actor=None, params=any_seat("seat", "snitch.param.guard", optional=True),
         unless=(at_step("pick_guard", "guard"),), decide=pick_at_random,
         apply=lambda s, a: s.update(guard=a["seat"], handcuffs_up=False, step="soap")),
    Move("pick_soap", phases=("setup",), actor=None, params=any_seat("seat", "snitch.param.soap", optional=True),
         unless=(at_step("pick_soap", "soap"),), decide=pick_at_random,      # handcuffs face down; they begin
         apply=lambda s, a: s.update(soap=a["seat"], current=a["seat"], handcuffs_up=False, phase="turn", step=None,
                                     turn=1, acted=False)),
    # A turn: the Soap holder plays a card under a Scheme they may help, draws, or uses an Item; then passes the Soap.
    Move("play_card", phases=("turn",), actor="soap", params={"target": seat("snitch.param.target")},
         unless=(ACTED, NO_CARDS), check=may_play, apply=play_card,
         listing=lambda s, me: [{"target": seat("snitch.param.target", targets(s, me))}]),
    Move("draw_card", phases=("turn",), actor="soap", unless=(ACTED,), apply=draw_card),
    Move("use_item", phases=("turn",), actor="soap", params={"item": ITEM, "target": seat(optional=True)},
         unless=(ACTED,), check=may_use,
         decide=lambda s, a, rng: {k: v for k, v in a.items() if k != "target" or a["item"] in PLACED},
         apply=use_item, listing=items_offered),
    Move("pass_soap", phases=("turn",), actor="soap", unless=(MUST_ACT,), apply=pass_soap, role=END_TURN),
    # A Scheme with enough cards resolves: the owner reveals and enters what showed.
    Move("reveal", phases=("resolution",), actor="resolving", params=reveal_args, check=may_reveal,
         decide=lambda s, a, rng: {**a, "own_contact": a.get("own_contact", False)}, apply=reveal,
         listing=lambda s, me: [reveal_args(s, me, asked=True)]),
    # The owner may turn down the card just played under their Scheme: once per Scheme, not while guarded.
    Move("refuse", phases=("turn", "resolution"), actor=last_to, unless=(
        NOTHING_TO_REFUSE,
        Rule(lambda s, me: s["guard"] == me, "snitch_guarded_refuse",
             "the Guard is in front of you: you cannot refuse help"),
        Rule(lambda s, me: s["schemes"][me]["refused"], "snitch_already_refused",
             "this Scheme is already turned sideways: refuse once per Scheme"),
        replace(NOTHING_TO_REFUSE, when=lambda s, me: s["schemes"][me]["under"] <= 0 or me == s["soap"])),
         apply=refuse),
    # The owner notes on their phone which Item a card of their stash is (a secret of theirs:
    # SnitchRules.private_moves offers it there; the table's buttons never list it).
    Move("record_item", phases=PLAY_PHASES, actor="each", named=True, params={"item": ITEM}, check=may_record,
         apply=record_item, listing=lambda s, me: []),
    # (A game saved before the stash went face down named its Item: replayed, never offered.)
    Move("stash_item", phases=(), actor="resolving", params={"item": ITEM}, apply=stash_item),
    Move("new_scheme", phases=("new_scheme",), actor="resolving", params={"required": REQUIRED},
         decide=lambda s, a, rng: {**a, "source": new_scheme_source(s)}, apply=new_scheme),
    # The gun is inside: hands up (the table enters who gets it), or a secret vote whose totals
    # alone come in; no majority is the Soap holder's (gun_vote_result). (`vote`: one ballot, as
    # a game saved before kept them: replayed, never offered.)
    Move("open_vote", phases=("gun_vote",), actor=None, params=any_seat("target", "snitch.param.gun_to"),
         unless=(OPEN_VOTE,),
         apply=lambda s, a: s.update(tally=None, voted=[True] * len(s["players"])) or give_gun(s, a["target"])),
    Move("secret_vote", phases=("gun_vote",), actor=None, params=tally_param, unless=(SECRET_VOTE,), apply=secret_vote),
    Move("vote", phases=(), actor=next_voter, params=any_seat("target", "snitch.param.vote"), apply=vote),
    Move("break_tie", phases=("tie_break",), actor="soap", params={"target": seat("snitch.param.gun_to")},
         check=lambda s, a: refuse_seat(s, a["target"], s["tied"], "snitch_not_tied",
                                        "{name} is not one of the tied players"),
         apply=lambda s, a: give_gun(s, a["target"]),
         listing=lambda s, me: [{"target": seat("snitch.param.gun_to", s["tied"])}]),
    # The gun holder shoots somebody else, or nobody, or shows the Snitch and wins.
    Move("shoot", phases=("shoot",), actor="gun", params={"target": seat("snitch.param.shoot")},
         check=lambda s, a: refuse_seat(s, a["target"], [x for x in seats(s) if x != a["player"]],
                                        "snitch_shoot_self", "the gun holder cannot shoot themselves"),
         apply=lambda s, a: s.update(shot=a["target"], phase="escape"),
         listing=lambda s, me: [{"target": seat("snitch.param.shoot", (x for x in seats(s) if x != me))}]),
    Move("hold_fire", phases=("shoot",), actor="gun", apply=lambda s, a: s.update(shot=None, phase="escape")),
    Move("snitch_has_gun", phases=("shoot",), actor="gun", apply=lambda s, a: finish(s, a["player"])),
    # The escape: the gun holder names who plays each of the 6 cards; then they are revealed.
    Move("escape_card", phases=("escape",), actor="gun", params={"seat": seat("snitch.param.escape_seat"),
                                                                 "source": replace(SOURCE, optional=True)},
         check=may_escape, decide=lambda s, a, rng: {**a, "source": escape_source(s, a)}, apply=escape_card,
         listing=escape_offered,
         label=lambda p: "snitch.action.escape_card" + ("_deck" if p["source"].choices == ("deck",) else "")),
    Move("escape_reveal", phases=("escape_reveal",), actor=None, params=lambda s, me: escape_args(s),
         check=lambda s, a: replace(ESCAPE_BACKSTABS, maximum=ESCAPE_CARDS - a["escape_plans"]).check(
             "backstabs", a["backstabs"]),       # Escape Plans: no Backstab
         apply=escape_reveal, listing=lambda s, me: [escape_args(s, asked=True)]),
    # The end: who held the Snitch?
    Move("reveal_snitch", phases=("final_reveal",), actor=None, params=any_seat("seat", "snitch.param.snitch"),
         apply=lambda s, a: finish(s, a["seat"])),
    Move("no_snitch", phases=("final_reveal",), actor=None, apply=lambda s, a: finish(s, None)),
)


class SnitchRules(Game):
    """The Snitch's rules: the state, the moves, the refusals, the result, the pads
    (its words and pictures: view.SnitchView)."""
    id = "snitch"
    title = "snitch.title"
    min_players = 4
    max_players = 6
    options = (
        Option("easier", "bool", False, "snitch.option.easier"),
        Option("harder", "bool", False, "snitch.option.harder"),
        # the gun vote: hands up, or secret (on the pads, else the screen passed round); secret with pads
        Option("vote", "choice", "open", "snitch.option.vote", ("open", "secret"), pads_default="secret"),
        Option("majority", "choice", "most", "snitch.option.majority", MAJORITY),   # gun_vote_result's reading
    )
    # What the rules hide (base.Secret). The table never learns a stashed Item before it is
    # used (its owner may note it on their phone: theirs alone), nor a secret ballot: only
    # games saved before kept them, and those stay hidden, also after the end (the rulebook
    # never turns a stash face up; today's log never knew it).
    secrets = (
        Secret(field="votes"),                      # ballots one by one (games saved before the totals)
        Secret(action=("vote", "target")),          # the same, in their log
        Secret(action=("stash_item", "item")),      # the stash, face down
        # What a player noted of their own stash on their phone: theirs alone (issue 34)
        Secret(field="stash_items", per_seat=True),
        Secret(action=("record_item", "item")),
    )
    moves = MOVES
    _start_gun_vote = staticmethod(start_gun_vote)     # the pads' tests build a gun vote with it

    # -- setup -------------------------------------------------------------
    def setup(self, players, options, first_player, rng):
        count = len(players)
        return self.base_state(
            players, options, first_player=first_player, phase="setup", step="cards", current=first_player,
            turn=0, acted=False, interrogation=INTERROGATION_START, riot=False, contacts=CONTACTS_START, box=BOX,
            hands=deal(count), schemes=[None] * count, stash=[0] * count, stash_items=[[] for _ in range(count)],
            scored=0, failed=0, guard=None,
            handcuffs_up=False, soap=None, last_played=None, resolving=None, last_resolution=None, removed=0,
            votes=[None] * count, voted=[False] * count, tally=None, tied=[], gun=None, shot=None,
            escape=[], escape_result=None, outcome=None, snitch=None, winners=None)

    def upgrade(self, state):
        """A snapshot saved before the stash went face down and the vote secret: a stash
        held Items by name (and a failed Scheme waited to be named), the ballots came in
        one by one. Today: how many Items, who has voted, the totals."""
        if "voted" in state:
            return state if "stash_items" in state else {**state, "stash_items": [[] for _ in state["players"]]}
        s = dict(state)
        n = len(s["players"])
        s["stash_items"] = [[] for _ in range(n)]     # nothing noted on a phone yet
        stash = [sum(items.values()) if isinstance(items, dict) else items for items in s["stash"]]
        pending = s.pop("pending_item", None)
        if pending is not None:
            stash[pending] += 1
        s["stash"] = stash
        if s["phase"] == "stash_item":
            s["phase"] = "new_scheme"
        votes = s.get("votes") or [None] * n
        s["voted"] = voted_before(votes)
        s["tally"] = counted(votes) if all(s["voted"]) else None
        return s

    # -- the refusals in The Snitch's words ----------------------------------------
    def unknown_action(self, kind):
        return IllegalAction("unknown_action", f"The Snitch has no action {kind!r}", action=kind)

    def not_now(self, state, kind):
        if kind == "refuse":
            return NOTHING_TO_REFUSE.refusal(state, None)
        return IllegalAction("snitch_not_now", f"{kind} is not possible now; {expected(state)}")

    def not_yours(self, state, seat):
        if seat is None:            # nobody may refuse: no card was just played
            return NOTHING_TO_REFUSE.refusal(state, None)
        name = name_of(state, seat)
        return IllegalAction("snitch_not_your_turn", f"it is {name}'s turn to do that", name=name)

    # -- the seat pads -------------------------------------------------------------
    def leds(self, state):
        phase, valid, soap = state["phase"], lights.valid_seat, state.get("soap")
        if phase == "over":
            return lights.winners(state)
        if phase in ("setup", "final_reveal"):
            return {}
        if phase == "gun_vote":     # who is still to vote (the pads add who has cast a ballot), never whom for
            return {s: lights.VOTED if v else Led(lights.BLUE, "slow") for s, v in enumerate(state["voted"])}
        if phase == "tie_break":
            return {**{s: Led(lights.AMBER) for s in state.get("tied") or () if valid(state, s)},
                    soap: Led(lights.WHITE, "slow")}
        out = {}
        if phase in ("shoot", "escape", "escape_reveal"):
            shooting, shot, gun = phase == "shoot", state.get("shot"), state.get("gun")
            if valid(state, shot):
                out[shot] = Led(lights.RED)
            if valid(state, gun):
                out[gun] = Led(lights.RED if shooting else lights.MAGENTA, "fast" if shooting else "solid")
            return out
        # turn, resolution, new_scheme: the Soap, the Guard, the riot, the owner's step
        if state.get("riot"):
            out = {s: Led(lights.AMBER) for s in range(len(state["players"]))}
        guard, current = state.get("guard"), state.get("current")
        if valid(state, soap):
            out[soap] = Led(lights.GREEN)
        if valid(state, guard):
            out[guard] = Led(lights.RED, "slow" if guard == soap else "solid")
        if phase in ("resolution", "new_scheme") and valid(state, current) and current != soap:
            out[current] = Led(lights.WHITE, "slow")
        return out

    def ballot(self, state):
        """A secret gun vote: everyone votes once; on the screen from the Soap holder to the left."""
        if state["phase"] != "gun_vote" or vote_mode(state) != "secret":
            return None
        return Ballot(tuple(still_to_vote(state)), seats(state), len(state["players"]), "snitch.param.vote")

    def input_action(self, state, event):
        """CONFIRM passes the Soap after the turn's action, and says the cards are ready at setup."""
        if event != InputEvent.CONFIRM:
            return None
        return next(({"type": kind} for kind in ("pass_soap", "cards_ready") if self.refusal(state, kind) is None),
                    None)

    # -- a player's phone: their own stash ------------------------------------------------
    def private_moves(self, state, seat):
        """On the owner's phone (`state` as that seat knows it): note which Item a card of the
        stash is; use an Item, of those the stash may hold (only the noted ones once all are)."""
        if state["phase"] not in PLAY_PHASES or not 0 <= seat < len(state["players"]):
            return []
        out = [ActionSpec("record_item", "snitch.action.record_item", seat, {"item": ITEM})] \
            if unnoted(state, seat) > 0 else []
        return out + [spec for spec in self.legal_actions(state) if spec.type == "use_item" and spec.player == seat
                      and held(state, seat, spec.params["item"].choices[0])]

    def private_words(self, state, seat, t):
        """The Items this seat noted in its stash, and how many it has not."""
        if not 0 <= seat < len(state["players"]) or stashed(state, seat) <= 0:
            return []
        items = noted(state, seat)
        out = [t("snitch.phone.stash", items=", ".join(t("snitch.item." + item) for item in items))] if items else []
        if unnoted(state, seat) > 0:
            out.append(t("snitch.phone.unnoted", count=unnoted(state, seat)))
        return out

    def refuser(self, state) -> int | None:
        """The seat that may refuse the card just played under its Scheme, if any."""
        return last_to(state) if self.refusal(state, "refuse") is None else None

    # -- invariants --------------------------------------------------------
    def check_invariants(self, state):
        s, n, phase = state, len(state["players"]), state["phase"]
        assert 4 <= n <= 6 and phase in PHASES, phase
        assert 0 <= s["interrogation"] <= INTERROGATION_START and s["riot"] == (s["interrogation"] <= RIOT_AT)
        assert s["contacts"] >= 0 and s["box"] == BOX and 0 <= s["scored"] <= SCHEMES_FOR_GUN
        assert len(s["hands"]) == n and all(h >= 0 for h in s["hands"])
        assert 0 <= s["current"] < n and (s["guard"] is None or 0 <= s["guard"] < n)
        if phase == "setup":
            assert s["step"] in SETUP_STEPS and s["soap"] is None
        else:
            assert s["step"] is None and s["soap"] is not None and 0 <= s["soap"] < n   # exactly one Soap holder
        if phase in PLAY_PHASES:
            assert s["scored"] < SCHEMES_FOR_GUN
        if phase == "turn":
            assert s["current"] == s["soap"] and all(scheme is not None for scheme in s["schemes"])
        if phase in ("resolution", "new_scheme"):
            assert s["resolving"] is not None and s["current"] == s["resolving"]
        else:
            assert s["resolving"] is None
        for seat, scheme in enumerate(s["schemes"]):
            if scheme is not None:
                assert REQUIRED_MIN <= scheme["required"] <= REQUIRED_MAX and scheme["under"] >= 0
                if phase == "resolution" and seat == s["resolving"]:
                    assert scheme["under"] >= needed(scheme)
                elif phase not in ("final_reveal", "over"):
                    assert scheme["under"] < needed(scheme), (seat, scheme)
        if phase in END_PHASES and phase not in ("final_reveal", "over"):
            assert s["scored"] == SCHEMES_FOR_GUN and all(scheme is None for scheme in s["schemes"])
        assert len(s["stash"]) == n and all(isinstance(v, int) and v >= 0 for v in s["stash"])   # counts, never which
        assert len(s["stash_items"]) == n and all(   # what an owner noted: some of their stash, at most
            len(items) <= s["stash"][x] and set(items) <= set(ITEMS) for x, items in enumerate(s["stash_items"]))
        assert len(s["voted"]) == n and (phase != "gun_vote" or s["tally"] is None)
        assert s["tally"] is None or (len(s["tally"]) == n and sum(s["tally"]) == n)
        assert s["last_played"] is None or s["schemes"][s["last_played"]["to"]] is not None
        # every physical card is somewhere
        on_table = sum(cards_at(sc) for sc in s["schemes"] if sc is not None)
        total = (s["interrogation"] + s["box"] + s["contacts"] + sum(s["hands"]) + on_table
                 + sum(stashed(s, x) for x in range(n)) + s["scored"] + s["removed"] + len(s["escape"]))
        assert total == TOTAL_CARDS, total
        # the end
        assert len(s["escape"]) <= ESCAPE_CARDS and (phase != "escape_reveal" or len(s["escape"]) == ESCAPE_CARDS)
        if s["shot"] is not None:
            assert s["shot"] != s["gun"] and all(card["seat"] != s["shot"] for card in s["escape"])
        assert s["interrogation"] > 0 or (s["outcome"] == "deck_out" and phase in ("final_reveal", "over"))
        assert s["outcome"] in OUTCOMES if phase in ("final_reveal", "over") else s["outcome"] is None
        assert s["finished"] == (phase == "over")
        if phase == "over":
            assert isinstance(s["winners"], list) and (s["snitch"] is None or 0 <= s["snitch"] < n)
            assert s["outcome"] == "escape_succeeded" or s["winners"] == ([] if s["snitch"] is None else [s["snitch"]])

    # -- the result ------------------------------------------------------------
    def began(self, state, actions):
        """The first Soap holder ("the most innocent player begins"), as pick_soap gave it
        (the setup's random first_player has no say in it)."""
        return next((a.get("seat") for a in actions if a.get("type") == "pick_soap"), None)

    def result(self, state):
        """The winners as the rules' end names them; per seat the Snitch, the shot
        player, and on a successful escape those who escaped; the ending (OUTCOMES)."""
        if not state.get("finished"):
            return None
        snitch, shot, won = state.get("snitch"), state.get("shot"), state.get("winners") or []
        escaped = state.get("outcome") == "escape_succeeded"
        outcomes = ["snitch" if seat == snitch else "shot" if seat == shot else
                    "escaped" if escaped and seat in won else None for seat in range(len(state["players"]))]
        return make_result(state, won, outcomes=outcomes, ending=state.get("outcome"))

