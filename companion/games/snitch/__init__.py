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
used); a secret gun vote (option `vote`) reaches the game as the totals alone
(`secret_vote`), the ballots held outside it until all are in (companion.pads).
Games saved before this kept the Item (`stash_item`) and every ballot (`vote`):
their events still replay, and those arguments are never shown.

The rules are the table of moves MOVES below, phase by phase, in the
rulebook's words. Nothing is random except the optional random pick of the
Guard and the Soap at setup, which is decided once and written into the action.

Rules facts and readings: /work/shared/rules/NOTES.md. The readings are kept in
the functions marked *Reading* below (`guard_and_soap`, `gun_vote_result`) and
in READINGS, which the help text repeats.
"""
from __future__ import annotations

from dataclasses import replace

from ... import cues, lights, speech
from ...board import Board, Counter, SeatView, Token, round_table
from ...inputs import InputEvent
from ...lights import Led
from ...players import left_of, right_of
from ..base import END_TURN, Ballot, Game, Reference, IllegalAction, Move, Option, Param, Rule, Secret, name_of
from ..base import make_result

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
PLACED = ("knuckle_irons", "crowbar")   # the Items that lie next to a Scheme
PLAY_PHASES = ("turn", "resolution", "new_scheme")
END_PHASES = ("gun_vote", "tie_break", "shoot", "escape", "escape_reveal", "final_reveal", "over")
PHASES = ("setup",) + PLAY_PHASES + END_PHASES
SETUP_STEPS = ("cards", "schemes", "guard", "soap")
OUTCOMES = ("deck_out", "snitch_gun", "escape_failed", "escape_succeeded")
SETUP_CHECKLIST = (("pile7", 7), ("pile13", 13), ("box2", BOX), ("cross", INTERROGATION_START), ("deal", DEALT),
                   ("contacts", CONTACTS_START))   # laying out the box: "snitch.setup.<step>", with its count

# Where the rulebook is silent or ambiguous, the app reads it this way (the
# help text "snitch.help.readings" says the same to the table).
READINGS = (
    "Guard and Soap: see guard_and_soap().",
    "Gun vote: see gun_vote_result() (the option `majority` picks between two readings).",
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
    "A secret gun vote on the screen goes round from the Soap holder to the left, one voter at a time.",
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


MAJORITY = ("most", "half")   # the option `majority`: the two readings of gun_vote_result


def gun_vote_result(tally: list[int], rule: str = "most") -> tuple[int | None, list[int]]:
    """*Reading* of the gun vote. The rulebook: "Players will vote who will get the
    gun. ... With no majority, the player with the Soap breaks the tie." Two
    readings, the option `majority`:

    - "most": the seat with the most votes gets the gun; several seats sharing
      the most votes are no majority: the Soap holder picks one of them.
    - "half": a majority of the votes (more than half of them) gets the gun;
      otherwise the Soap holder decides, among the seats that got a vote.

    tally: the votes each seat got. Help text: "snitch.help.reading_<rule>".
    Returns (winner or None, the seats the Soap holder picks among)."""
    top = max(tally)
    leaders = [seat for seat, n in enumerate(tally) if n == top]
    if rule == "half":
        if top * 2 > sum(tally):
            return leaders[0], leaders
        return None, [seat for seat, n in enumerate(tally) if n > 0]
    return (leaders[0], leaders) if len(leaders) == 1 else (None, leaders)


def counted(votes) -> list[int]:
    """Ballots (a seat each, None: not yet) as totals per seat."""
    tally = [0] * len(votes)
    for target in votes:
        if target is not None:
            tally[target] += 1
    return tally


def vote_mode(s) -> str:
    """"open" (hands up, the table enters who gets the gun) or "secret". A game saved
    before the option voted in secret."""
    return s["options"].get("vote", "secret")


def majority(s) -> str:
    return s["options"].get("majority", "most")


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


def deal(count: int) -> list[int]:
    """The 24 Prison Contacts dealt as evenly as possible, clockwise from the first seat."""
    return [DEALT // count + (1 if seat < DEALT % count else 0) for seat in range(count)]


def stashed(s, seat) -> int:
    """How many Items lie face down in a stash (never which: the app does not know)."""
    return s["stash"][seat]


def cards_at(scheme: dict) -> int:
    """The cards a Scheme takes up on the table: itself, those under it, the Items next to it."""
    return 1 + scheme["under"] + scheme["crowbar"] + scheme["knuckle_irons"]


def needed(scheme: dict) -> int:
    """Cards a Scheme needs underneath: its number, one less with a Crowbar."""
    return max(0, scheme["required"] - (1 if scheme["crowbar"] else 0))


# -- the table, as the rules look at it ---------------------------------------------
def seats(s) -> tuple[int, ...]:
    return tuple(range(len(s["players"])))


def helpable(s, seat) -> list[int]:
    """Whose Schemes this seat may play a card under: the two neighbours
    before the riot, anybody but themselves after it."""
    n = len(s["players"])
    if s["riot"]:
        return [x for x in range(n) if x != seat]
    return sorted({left_of(seat, n), right_of(seat, n)})


def targets(s, seat) -> tuple[int, ...]:
    return tuple(x for x in helpable(s, seat) if s["schemes"][x] is not None)


def item_targets(s, item) -> tuple[int, ...]:
    """The Schemes an Item may lie next to: any, one of each Item per Scheme."""
    return tuple(x for x, scheme in enumerate(s["schemes"]) if scheme is not None and not scheme[item])


def usable_items(s, seat) -> list[str]:
    """The Items seat may name now (one lies face down in the stash, and using it is
    allowed): the same list whichever Items the stash holds, which nobody but its owner knows."""
    return [item for item in ITEMS if not item_refusal(s, seat, item) and (item not in PLACED or item_targets(s, item))]


def revealed(s) -> int:
    """Cards the owner reveals: those under the Scheme, plus the top Prison
    Contact unless Knuckle Irons lie next to it (or the deck is empty)."""
    scheme = s["schemes"][s["resolving"]]
    return scheme["under"] + (0 if scheme["knuckle_irons"] or s["contacts"] <= 0 else 1)


def last_to(s) -> int | None:
    """The owner of the Scheme the last card went under (who may refuse it)."""
    return s["last_played"]["to"] if s["last_played"] else None


def new_scheme_source(s) -> str:
    last = s["last_resolution"]
    if last and not last["success"]:
        return "deck"       # a failed Scheme is replaced from the Prison Contacts Deck
    return "hand" if s["hands"][s["resolving"]] > 0 else "deck"


def still_to_vote(s) -> list[int]:
    """Who has not voted yet, in the voting order: from the Soap holder round to the left."""
    n = len(s["players"])
    return [x for x in ((s["soap"] + i) % n for i in range(n)) if not s["voted"][x]]


def next_voter(s) -> int:
    return (still_to_vote(s) or [s["soap"]])[0]


def escape_eligible(s) -> tuple[int, ...]:
    """Who the gun holder may pick for the next escape card: first everybody
    but the shot player once, then any of them again."""
    if len(s["escape"]) >= ESCAPE_CARDS:
        return ()
    players = [x for x in seats(s) if x != s["shot"]]
    played = {card["seat"] for card in s["escape"]}
    return tuple([x for x in players if x not in played] or players)


def expected(s) -> str:
    """What the game waits for, in words for a refusal."""
    if s["phase"] == "setup":
        return f"setting up ({s['step']})"
    if s["phase"] == "turn":
        return "the Soap holder " + ("passes the Soap" if s["acted"] else "plays, draws or uses an Item")
    return f"the game is at {s['phase'].replace('_', ' ')}"


# -- what the moves do to the table ---------------------------------------------------
def lay_scheme(s, seat, required, source="hand"):
    """A card from the hand (or the top of the Prison Contacts Deck) lies face up as seat's Scheme."""
    take_card(s, seat, source)
    s["schemes"][seat] = {"required": required, "under": 0, "refused": False, "crowbar": False, "knuckle_irons": False}


def first_scheme(s, a):
    lay_scheme(s, a["player"], a["required"])
    missing = [i for i, scheme in enumerate(s["schemes"]) if scheme is None]
    s.update({"current": missing[0]} if missing else {"step": "guard", "current": s["first_player"]})


def take_card(s, seat, source):
    """A card leaves `seat`'s hand, or the top of the Prison Contacts Deck."""
    if source == "hand":
        s["hands"][seat] -= 1
    else:
        s["contacts"] -= 1


def took_action(s, last_played=None):
    s.update(acted=True, last_played=last_played, last_resolution=None)


def start_resolution(s, owner):
    s.update(phase="resolution", resolving=owner, current=owner)


def play_card(s, a):
    me, target = a["player"], a["target"]
    take_card(s, me, "hand")
    scheme = s["schemes"][target]
    scheme["under"] += 1
    took_action(s, {"by": me, "to": target})
    if scheme["under"] >= needed(scheme):
        start_resolution(s, target)


def draw_card(s, a):
    took_action(s)
    draw(s, a["player"], "interrogation", 1, None)


def use_item(s, a):
    me, item, n = a["player"], a["item"], len(s["players"])
    s["stash"][me] -= 1                # its owner names it now: it is face up from here on
    took_action(s)
    if item in PLACED:                 # it lies next to the Scheme until that resolves
        scheme = s["schemes"][a["target"]]
        scheme[item] = True
        if item == "crowbar" and scheme["under"] >= needed(scheme):
            start_resolution(s, a["target"])
        return
    if item == "key":                  # you, your left and your right neighbour draw a Prison Contact each
        log: list = []
        for seat in (me, left_of(me, n), right_of(me, n)):
            draw(s, seat, "contacts", 1, log)
        s["last_resolution"] = {"owner": me, "success": None, "item": "key", "draws": log, "cut_short": False}
    elif item == "bribe_money":        # the Guard leaves play until the next failed Scheme
        s["guard"] = None
    s["contacts"] += 1                 # Binoculars (the top 3 looked at), Key, Bribe Money go under the deck


def pass_soap(s, a):
    s["guard"], s["handcuffs_up"], s["soap"] = guard_and_soap(
        "end_of_turn", s["guard"], s["handcuffs_up"], s["soap"], len(s["players"]))
    s.update(current=s["soap"], acted=False, last_played=None, last_resolution=None, turn=s["turn"] + 1)


def refuse(s, a):
    scheme = s["schemes"][a["player"]]
    scheme["under"] -= 1
    scheme["refused"] = True
    s["contacts"] += 1                 # the refused card goes unseen to the bottom
    s["last_played"] = None
    if s["phase"] == "resolution":
        s.update(phase="turn", resolving=None, current=s["soap"])


def reveal(s, a):
    owner = a["player"]
    n = len(s["players"])
    scheme = s["schemes"][owner]
    random_card = not scheme["knuckle_irons"] and s["contacts"] > 0
    success = judge(a["repeats"], a["backstabs"], a["own_contact"], s["options"]["harder"])
    log: list = []
    s["last_resolution"] = record = {
        "owner": owner, "success": success, "revealed": scheme["under"] + random_card, "random_card": random_card,
        "repeats": a["repeats"], "backstabs": a["backstabs"], "own_contact": a["own_contact"], "draws": log,
        "cut_short": False}
    # the random card leaves the deck; the revealed cards and used Items go back under it
    s["contacts"] += scheme["under"] + scheme["crowbar"] + scheme["knuckle_irons"]
    s["schemes"][owner] = s["last_played"] = None
    order = (owner, left_of(owner, n), right_of(owner, n))
    if success:
        s["scored"] += 1
        for seat in order:
            draw(s, seat, "contacts", 1, log)
        ended = draw(s, owner, "interrogation", a["backstabs"], log)
    else:
        s["failed"] += 1
        s["stash"][owner] += 1         # the failed Scheme goes face down into the stash: nobody names it
        ended = any(draw(s, seat, "interrogation", count, log)
                    for seat, count in ((owner, 1), (order[1], 1), (order[2], 1), (owner, a["backstabs"])))
    if ended:
        record["cut_short"] = True
    elif not success:
        s["guard"], s["handcuffs_up"], s["soap"] = guard_and_soap(
            "failure", s["guard"], s["handcuffs_up"], s["soap"], n, owner=owner)
        s["phase"] = "new_scheme"
    elif s["scored"] >= SCHEMES_FOR_GUN:
        start_gun_vote(s)
    else:
        s["phase"] = "new_scheme"


def draw(s, seat, deck, count, log) -> bool:
    """Draw `count` cards one by one; True when the Interrogation Deck ran
    out (the game ends at once, on that card)."""
    got = 0
    for _ in range(count):
        if deck == "contacts" and s["contacts"] <= 0:
            continue                    # an empty Prison Contacts Deck gives nothing
        s[deck] -= 1
        s["hands"][seat] += 1
        got += 1
        s["riot"] = s["riot"] or s["interrogation"] <= RIOT_AT
        if s["interrogation"] == 0:
            end(s, "deck_out")
            break
    if log is not None and count > 0:
        log.append({"seat": seat, "deck": deck, "count": got, "wanted": count})
    return s["interrogation"] == 0


def end(s, outcome):
    s.update(outcome=outcome, phase="final_reveal", resolving=None, acted=False, last_played=None)


def stash_item(s, a):
    """A game saved before the stash went face down named the Item here. Replayed now,
    the failed Scheme is in the stash already (reveal): this changes nothing."""


def new_scheme(s, a):
    lay_scheme(s, a["player"], a["required"], a["source"])
    s.update(phase="turn", resolving=None, current=s["soap"])


def start_gun_vote(s):
    """Five Schemes scored: the gun is inside. Everything but the two decks
    (and the hands) leaves the table; the Guard turns to the Escape Route."""
    n = len(s["players"])
    s["removed"] += sum(cards_at(sc) for sc in s["schemes"] if sc is not None) + sum(stashed(s, x) for x in seats(s))
    s.update(schemes=[None] * n, stash=[0] * n, guard=None, handcuffs_up=False, phase="gun_vote", resolving=None,
             last_played=None, votes=[None] * n, voted=[False] * n, tally=None, current=s["soap"])


def vote(s, a):
    """One ballot, as a game saved before the secret vote kept them (replay only). Counted
    once all are in; a vote such a game left half cast starts again when it is resumed (see
    `voted_before`): beside the new totals, one stored ballot could be read back."""
    s["votes"][a["player"]] = a["target"]
    if all(v is not None for v in s["votes"]):
        count_votes(s, counted(s["votes"]))


def voted_before(votes) -> list[bool]:
    """Who has voted, for ballots stored one by one: all, or nobody (the vote starts again)."""
    done = all(v is not None for v in votes)
    return [done] * len(votes)


def secret_vote(s, a):
    """The ballots, all in: their totals. Ballots stored one by one before a resume are
    dropped unseen; only a game saved while resumed votes were added to them (totals for
    fewer than every seat) still adds them, so it replays as it was played."""
    n = len(s["players"])
    stored = counted(s["votes"]) if sum(a["tally"]) < n else [0] * n
    s["votes"] = [None] * n
    count_votes(s, [old + new for old, new in zip(stored, a["tally"])])


def count_votes(s, tally):
    s.update(tally=tally, voted=[True] * len(s["players"]))
    winner, tied = gun_vote_result(tally, majority(s))
    if winner is None:
        s.update(tied=tied, phase="tie_break", current=s["soap"])
    else:
        give_gun(s, winner)


def give_gun(s, seat):
    s.update(gun=seat, current=seat, phase="shoot")


def escape_card(s, a):
    take_card(s, a["seat"], a["source"])
    s["escape"].append({"seat": a["seat"], "source": a["source"]})
    if len(s["escape"]) >= ESCAPE_CARDS:
        s["phase"] = "escape_reveal"


def escape_reveal(s, a):
    success = judge(a["repeats"], a["backstabs"])
    s["escape_result"] = {"escape_plans": a["escape_plans"], "repeats": a["repeats"],
                          "backstabs": a["backstabs"], "success": success}
    end(s, "escape_succeeded" if success else "escape_failed")


def finish(s, snitch):
    """Who held the Snitch is known (None: nobody); the winners are named. A Snitch
    who got the gun won with it, at once."""
    if snitch is not None and snitch == s["gun"]:
        s["outcome"] = "snitch_gun"
    s.update(snitch=snitch, winners=winners(s["outcome"], snitch, s["shot"], len(s["players"])), phase="over",
             finished=True)


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


def may_use(s, a):
    refusal = item_refusal(s, a["player"], a["item"])
    if refusal:
        raise refusal
    if a["item"] in PLACED:
        refuse_seat(s, seat().check("target", a.get("target")), item_targets(s, a["item"]), "snitch_item_there",
                    "{name}'s Scheme has no room for that Item (no Scheme, or one lies there already)")


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
    Move("cards_ready", ("setup",), None, unless=(at_step("cards_ready", "cards"),),
         apply=lambda s, a: s.update(step="schemes", current=0)),
    Move("scheme", ("setup",), "each", params={"required": REQUIRED}, apply=first_scheme, unless=(
        at_step("scheme", "schemes"),
        Rule(lambda s, me: s["schemes"][me] is not None, "snitch_has_scheme",
             "{name} already has a Scheme; undo to change it"))),
    Move("pick_guard", ("setup",), None, params=any_seat("seat", "snitch.param.guard", optional=True),
         unless=(at_step("pick_guard", "guard"),), decide=pick_at_random,
         apply=lambda s, a: s.update(guard=a["seat"], handcuffs_up=False, step="soap")),
    Move("pick_soap", ("setup",), None, params=any_seat("seat", "snitch.param.soap", optional=True),
         unless=(at_step("pick_soap", "soap"),), decide=pick_at_random,      # handcuffs face down; they begin
         apply=lambda s, a: s.update(soap=a["seat"], current=a["seat"], handcuffs_up=False, phase="turn", step=None,
                                     turn=1, acted=False)),
    # A turn: the Soap holder plays a card under a Scheme they may help, draws, or uses an Item; then passes the Soap.
    Move("play_card", ("turn",), "soap", params={"target": seat("snitch.param.target")},
         listing=lambda s, me: [{"target": seat("snitch.param.target", targets(s, me))}],
         unless=(ACTED, NO_CARDS), check=may_play, apply=play_card),
    Move("draw_card", ("turn",), "soap", unless=(ACTED,), apply=draw_card),
    Move("use_item", ("turn",), "soap", params={"item": ITEM, "target": seat(optional=True)},
         listing=items_offered, unless=(ACTED,), check=may_use, apply=use_item,
         decide=lambda s, a, rng: {k: v for k, v in a.items() if k != "target" or a["item"] in PLACED}),
    Move("pass_soap", ("turn",), "soap", unless=(MUST_ACT,), apply=pass_soap, role=END_TURN),
    # A Scheme with enough cards resolves: the owner reveals and enters what showed.
    Move("reveal", ("resolution",), "resolving", params=reveal_args,
         listing=lambda s, me: [reveal_args(s, me, asked=True)], check=may_reveal, apply=reveal,
         decide=lambda s, a, rng: {**a, "own_contact": a.get("own_contact", False)}),
    # The owner may turn down the card just played under their Scheme: once per Scheme, not while guarded.
    Move("refuse", ("turn", "resolution"), last_to, apply=refuse, unless=(
        NOTHING_TO_REFUSE,
        Rule(lambda s, me: s["guard"] == me, "snitch_guarded_refuse",
             "the Guard is in front of you: you cannot refuse help"),
        Rule(lambda s, me: s["schemes"][me]["refused"], "snitch_already_refused",
             "this Scheme is already turned sideways: refuse once per Scheme"),
        replace(NOTHING_TO_REFUSE, when=lambda s, me: s["schemes"][me]["under"] <= 0 or me == s["soap"]))),
    # (A game saved before the stash went face down named its Item: replayed, never offered.)
    Move("stash_item", (), "resolving", params={"item": ITEM}, apply=stash_item),
    Move("new_scheme", ("new_scheme",), "resolving", params={"required": REQUIRED}, apply=new_scheme,
         decide=lambda s, a, rng: {**a, "source": new_scheme_source(s)}),
    # The gun is inside: hands up (the table enters who gets it), or a secret vote whose totals
    # alone come in; no majority is the Soap holder's (gun_vote_result). (`vote`: one ballot, as
    # a game saved before kept them: replayed, never offered.)
    Move("open_vote", ("gun_vote",), None, params=any_seat("target", "snitch.param.gun_to"), unless=(OPEN_VOTE,),
         apply=lambda s, a: s.update(tally=None, voted=[True] * len(s["players"])) or give_gun(s, a["target"])),
    Move("secret_vote", ("gun_vote",), None, params=tally_param, unless=(SECRET_VOTE,), apply=secret_vote),
    Move("vote", (), next_voter, params=any_seat("target", "snitch.param.vote"), apply=vote),
    Move("break_tie", ("tie_break",), "soap", params={"target": seat("snitch.param.gun_to")},
         listing=lambda s, me: [{"target": seat("snitch.param.gun_to", s["tied"])}],
         check=lambda s, a: refuse_seat(s, a["target"], s["tied"], "snitch_not_tied",
                                        "{name} is not one of the tied players"),
         apply=lambda s, a: give_gun(s, a["target"])),
    # The gun holder shoots somebody else, or nobody, or shows the Snitch and wins.
    Move("shoot", ("shoot",), "gun", params={"target": seat("snitch.param.shoot")},
         listing=lambda s, me: [{"target": seat("snitch.param.shoot", (x for x in seats(s) if x != me))}],
         check=lambda s, a: refuse_seat(s, a["target"], [x for x in seats(s) if x != a["player"]],
                                        "snitch_shoot_self", "the gun holder cannot shoot themselves"),
         apply=lambda s, a: s.update(shot=a["target"], phase="escape")),
    Move("hold_fire", ("shoot",), "gun", apply=lambda s, a: s.update(shot=None, phase="escape")),
    Move("snitch_has_gun", ("shoot",), "gun", apply=lambda s, a: finish(s, a["player"])),
    # The escape: the gun holder names who plays each of the 6 cards; then they are revealed.
    Move("escape_card", ("escape",), "gun", params={"seat": seat("snitch.param.escape_seat"),
                                                    "source": replace(SOURCE, optional=True)},
         listing=escape_offered, check=may_escape, apply=escape_card,
         label=lambda p: "snitch.action.escape_card" + ("_deck" if p["source"].choices == ("deck",) else ""),
         decide=lambda s, a, rng: {**a, "source": escape_source(s, a)}),
    Move("escape_reveal", ("escape_reveal",), None, params=lambda s, me: escape_args(s),
         listing=lambda s, me: [escape_args(s, asked=True)], apply=escape_reveal,       # Escape Plans: no Backstab
         check=lambda s, a: replace(ESCAPE_BACKSTABS, maximum=ESCAPE_CARDS - a["escape_plans"]).check(
             "backstabs", a["backstabs"])),
    # The end: who held the Snitch?
    Move("reveal_snitch", ("final_reveal",), None, params=any_seat("seat", "snitch.param.snitch"),
         apply=lambda s, a: finish(s, a["seat"])),
    Move("no_snitch", ("final_reveal",), None, apply=lambda s, a: finish(s, None)),
)


# -- the table in words --------------------------------------------------------------
def on_scheme(scheme, t) -> list[str]:
    """What lies with a Scheme besides its cards: sideways (refused once), a Crowbar, Knuckle Irons."""
    return [t(key) for key, on in (("snitch.scheme.sideways", scheme["refused"]),
                                   ("snitch.item.crowbar", scheme["crowbar"]),
                                   ("snitch.item.knuckle_irons", scheme["knuckle_irons"])) if on]


def resolution_line(s, t, last) -> str:
    draws = "; ".join(t("snitch.draw." + d["deck"], name=name_of(s, d["seat"]), count=d["count"])
                      for d in last["draws"]) or t("snitch.none")
    key = "key" if last["success"] is None else "succeeded" if last["success"] else "failed"
    backstabs = "" if last.get("backstabs") is None else t("snitch.backstab_icons", count=last["backstabs"])
    text = t("snitch.line." + key, name=name_of(s, last["owner"]), backstabs=backstabs, draws=draws)
    if last["cut_short"]:
        text += " " + t("snitch.line.cut_short", name=name_of(s, last["draws"][-1]["seat"]))
    return text


def draws_short(s, t) -> str:
    """The last resolution's draws in order, in few words: "Bob 1, Cy 1, Ann 1 from the
    Prison Contacts Deck; Bob 1 from the Interrogation Deck" (no empty draws;
    a name and its count joined by a no-break space, so "Cleo 1" stays on one line)."""
    groups: list[tuple[str, list[str]]] = []
    for d in (s["last_resolution"] or {}).get("draws", ()):
        if d["count"] > 0:
            if not groups or groups[-1][0] != d["deck"]:
                groups.append((d["deck"], []))
            groups[-1][1].append(f"{name_of(s, d['seat'])}\u00a0{d['count']}")
    return "; ".join(t("snitch.draws." + deck, draws=", ".join(who)) for deck, who in groups)


def votes_text(s, tally) -> str:
    """A vote's totals, the most first ("Cy 3, Bob 1, Dee 1"): never who voted for whom."""
    order = sorted((x for x, n in enumerate(tally) if n > 0), key=lambda x: (-tally[x], x))
    return ", ".join(f"{name_of(s, x)} {tally[x]}" for x in order)


def votes_line(s, t) -> str:
    return t("snitch.line.votes", votes=votes_text(s, s["tally"]))


class Snitch(Game):
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
    help_keys = ("snitch.help.guard_soap", "snitch.help.gun_vote", "snitch.help.readings", "snitch.help.buttons")
    # What the rules hide (base.Secret). The app never learns a stashed Item before it is
    # used, nor a secret ballot: only games saved before kept them, and those stay hidden,
    # also after the end (the rulebook never turns a stash face up; today's log never knew it).
    secrets = (
        Secret(field="votes"),                      # ballots one by one (games saved before the totals)
        Secret(action=("vote", "target")),          # the same, in their log
        Secret(action=("stash_item", "item")),      # the stash, face down
    )
    moves = MOVES
    reference = (Reference("setup", ("setup",)), Reference("turn", ("turn",)),
                 Reference("scheme", ("resolution", "new_scheme")), Reference("riot", ("turn",)),
                 Reference("gun", ("gun_vote", "tie_break", "shoot")),
                 Reference("escape", ("escape", "escape_reveal", "final_reveal")), Reference("end", ("over",)))
    _start_gun_vote = staticmethod(start_gun_vote)     # the pads' tests build a gun vote with it

    # -- setup -------------------------------------------------------------
    def setup(self, players, options, first_player, rng):
        count = len(players)
        return self.base_state(
            players, options, first_player=first_player, phase="setup", step="cards", current=first_player,
            turn=0, acted=False, interrogation=INTERROGATION_START, riot=False, contacts=CONTACTS_START, box=BOX,
            hands=deal(count), schemes=[None] * count, stash=[0] * count, scored=0, failed=0, guard=None,
            handcuffs_up=False, soap=None, last_played=None, resolving=None, last_resolution=None, removed=0,
            votes=[None] * count, voted=[False] * count, tally=None, tied=[], gun=None, shot=None,
            escape=[], escape_result=None, outcome=None, snitch=None, winners=None)

    def upgrade(self, state):
        """A snapshot saved before the stash went face down and the vote secret: a stash
        held Items by name (and a failed Scheme waited to be named), the ballots came in
        one by one. Today: how many Items, who has voted, the totals."""
        if "voted" in state:
            return state
        s = dict(state)
        n = len(s["players"])
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

    def refuser(self, state) -> int | None:
        """The seat that may refuse the card just played under its Scheme, if any."""
        return last_to(state) if self.refusal(state, "refuse") is None else None

    # -- presentation ------------------------------------------------------
    HEADLINES = {"tie_break": "tie", "escape_reveal": "escape"}   # else the phase's own

    def summary(self, state, t):
        phase, soap, gun, owner, shot = (state[key] for key in ("phase", "soap", "gun", "resolving", "shot"))
        n, played = len(state["players"]), [card["seat"] for card in state["escape"]]
        name = lambda seat: name_of(state, seat)  # noqa: E731
        names = lambda seats: ", ".join(map(name, seats)) or t("snitch.nobody")  # noqa: E731
        badges: dict[int, list[str]] = {s: [] for s in range(n)}

        def badge(seat, key, **fields):
            if seat is not None:
                badges[seat].append(t("snitch.badge." + key, **fields))

        if phase == "setup":     # the checklist for laying out the cards, then who still lays a Scheme
            hands = ", ".join(f"{name(s)} {h}" for s, h in enumerate(deal(n)))
            for s, scheme in enumerate(state["schemes"]):
                if scheme is not None:
                    badge(s, "scheme", under=0, needed=needed(scheme))
            badge(state["guard"], "guard")
            missing = [s for s, scheme in enumerate(state["schemes"]) if scheme is None]
            return {"headline": t("snitch.headline.setup"), "banner": "", "badges": badges,
                    "lines": [t("snitch.setup." + key, count=count, deal=hands) for key, count in SETUP_CHECKLIST],
                    "prompt": t("snitch.prompt." + state["step"], names=names(missing))}

        # the counts everybody needs, always; the table itself while the Schemes are in play
        in_play = phase in PLAY_PHASES or (phase == "final_reveal" and gun is None)
        left = state["interrogation"]
        lines = [t("snitch.line.interrogation", count=left), t("snitch.line.riot_on") if state["riot"]
                 else t("snitch.line.riot_off", left=left - RIOT_AT, at=RIOT_AT)]
        if soap is not None:
            lines.append(t("snitch.line.soap", name=name(soap)))
            badge(soap, "soap")
        if in_play:
            guard = state["guard"]
            lines.append(t("snitch.line.guard_bribed") if guard is None else
                         t("snitch.line.guard_" + ("up" if state["handcuffs_up"] else "down"), name=name(guard)))
            badge(guard, "guard")
        lines += [t("snitch.line.gun_pile", scored=state["scored"], goal=SCHEMES_FOR_GUN),
                  t("snitch.line.contacts", count=state["contacts"])]
        if in_play:
            for s, scheme in enumerate(state["schemes"]):
                hand = state["hands"][s]
                if scheme is None:
                    lines.append(t("snitch.line.no_scheme", name=name(s), hand=hand))
                    continue
                more = ", ".join(on_scheme(scheme, t))
                lines.append(t("snitch.line.scheme", name=name(s), under=scheme["under"], needed=needed(scheme),
                               hand=hand, extras=" · " + more if more else ""))
                badge(s, "scheme", under=scheme["under"], needed=needed(scheme))
            stashes = [f"{name(s)}\u00a0{count}" for s, count in enumerate(state["stash"]) if count]
            if stashes:     # how many Items, never which: they lie face down
                lines.append(t("snitch.line.stash", stashes=", ".join(stashes)))
            for s in range(n):
                badge(s, "helps", seats=" ".join(state["players"][h]["letter"] for h in helpable(state, s)))
        if state["last_resolution"] is not None:
            lines.append(resolution_line(state, t, state["last_resolution"]))
        if state["options"]["easier"] and in_play:
            lines.append(t("snitch.line.easier"))
        if state["tally"] is not None and phase in ("tie_break", "shoot", "escape", "escape_reveal"):
            lines.append(votes_line(state, t))      # the totals of a secret vote: never who voted for whom

        # the phase: whose step it is, and what to do
        who = state["current"]          # the Soap holder, the Scheme's owner, the next voter, the gun holder
        failed = phase == "new_scheme" and state["last_resolution"]["success"] is False
        headline = t("snitch.headline." + ("failed" if failed else self.HEADLINES.get(phase, phase)), name=name(who),
                     turn=state["turn"], count=n, cards=len(played), goal=ESCAPE_CARDS)
        if phase == "turn":
            prompt = (t("snitch.prompt.pass", name=name(soap), left=name(left_of(soap, n))) if state["acted"] else
                      t("snitch.prompt.turn" + ("_stash" if state["stash"][soap] else ""), name=name(soap),
                        targets=names(targets(state, soap)), items=t("snitch.seat.stash", count=state["stash"][soap])))
            if state["guard"] == soap:
                prompt += " " + t("snitch.prompt.silenced", name=name(soap))
        elif phase == "resolution":
            scheme = state["schemes"][owner]
            knuckles = "_knuckles" if scheme["knuckle_irons"] or state["contacts"] <= 0 else ""
            prompt = t("snitch.prompt.resolve" + knuckles, soap=name(soap), name=name(owner), count=scheme["under"])
            if state["options"]["harder"]:
                prompt += " " + t("snitch.prompt.harder")
        elif phase == "new_scheme":     # the draws in the prompt too: the full line is last, often below the fold
            prompt = t("snitch.prompt.new_scheme_" + new_scheme_source(state), name=name(owner))
            if failed:                  # face down into the stash: nobody names the Item
                prompt = t("snitch.prompt.stashed", name=name(owner), draws=draws_short(state, t)) + " " + prompt
            elif draws_short(state, t):     # after a success: the draws first
                prompt = t("snitch.prompt.draws", draws=draws_short(state, t)) + " " + prompt
        elif phase == "gun_vote":
            prompt = (t("snitch.prompt.vote_" + majority(state), soap=name(soap)) if vote_mode(state) == "open"
                      else t("snitch.prompt.vote_secret"))
        elif phase == "escape":
            first_round = [s for s in range(n) if s != shot and s not in played]
            prompt = (t("snitch.prompt.escape_first", name=name(gun), names=names(first_round)) if first_round else
                      t("snitch.prompt.escape_more", name=name(gun), left=ESCAPE_CARDS - len(played)))
        elif phase == "over":
            prompt = (t("snitch.prompt.winners", names=names(state["winners"])) if state["winners"]
                      else t("snitch.prompt.no_winners"))
        else:   # tie_break, shoot, escape_reveal, final_reveal
            prompt = t("snitch.prompt." + {"tie_break": "tie"}.get(phase, phase), name=name(who),
                       names=names(state["tied"]))
        if self.refuser(state) is not None:
            prompt += " " + t("snitch.prompt.may_refuse", name=name(self.refuser(state)))
        # the end, and the tags at the seats
        if phase in ("escape", "escape_reveal"):
            lines += [t("snitch.line.nobody_shot") if shot is None else t("snitch.line.shot", name=name(shot)),
                      t("snitch.line.escape_cards", cards=len(played), goal=ESCAPE_CARDS, names=names(played))]
        if state["escape_result"] is not None:
            r = state["escape_result"]
            lines.append(t("snitch.line.escape_result", plans=t("snitch.escape_plans", count=r["escape_plans"]),
                           backstabs=t("snitch.backstab_icons", count=r["backstabs"]),
                           repeats=t("snitch.yes" if r["repeats"] else "snitch.no")))
        if phase == "gun_vote":
            for s, v in enumerate(state["voted"]):
                if v:
                    badge(s, "voted")
        if phase in END_PHASES[2:]:
            badge(gun, "gun")
        if phase == "over":
            lines.append(t("snitch.line.no_snitch") if state["snitch"] is None else
                         t("snitch.line.snitch", name=name(state["snitch"])))
            # every player wins or loses: the losers are said too, last, where the screen ends
            lines.append(t("snitch.line.losers", names=names(s for s in range(n) if s not in state["winners"])))
            for s in state["winners"]:
                badge(s, "winner")
            badge(state["snitch"], "snitch")
        badge(shot, "shot")
        banner = (t("snitch.outcome." + state["outcome"]) if state["outcome"] else t("snitch.banner.gun")
                  if phase in END_PHASES else t("snitch.banner.riot") if state["riot"] else "")
        return {"headline": headline, "lines": lines, "prompt": prompt, "banner": banner, "badges": badges}

    def board(self, state, t):
        """The piles the app counts, the Soap, the Guard and the gun at their seats, and
        in front of each player their Scheme, their hand and how many Items they
        stash. Never which Items, never a vote."""
        counters = [Counter("deck", t("snitch.board.deck"), state["interrogation"], INTERROGATION_START,
                            ((RIOT_AT, t("snitch.board.riot")), (0, t("snitch.board.end"))), big=True),
                    Counter("contacts", t("snitch.board.contacts"), state["contacts"]),
                    Counter("gun_pile", t("snitch.board.gun_pile"), state["scored"], SCHEMES_FOR_GUN)]
        if state["phase"] in ("escape", "escape_reveal") or state["escape"]:
            counters.append(Counter("escape", t("snitch.board.escape"), len(state["escape"]), ESCAPE_CARDS))
        soap, guard, gun = state["soap"], state["guard"], state["gun"]
        up = "up" if state["handcuffs_up"] else "down"
        tokens = [token for token, there in (
            (Token("soap", t("snitch.badge.soap"), seat=soap), soap is not None),
            (Token("handcuffs", t("snitch.board.handcuffs_" + up), seat=soap, short=t("snitch.board.cuffs_" + up)),
             state["phase"] in PLAY_PHASES),
            (Token("guard", t("snitch.board.guard"), seat=guard), guard is not None),
            (Token("gun", t("snitch.badge.gun"), seat=gun), gun is not None)) if there]
        views = []
        for seat, scheme in enumerate(state["schemes"]):
            facts = () if scheme is None else (t("snitch.board.scheme", required=scheme["required"],
                                                 under=scheme["under"], needed=needed(scheme)), *on_scheme(scheme, t))
            hand, stash = state["hands"][seat], stashed(state, seat)
            views.append(SeatView(seat, facts, ((t("snitch.board.hand"), hand), (t("snitch.board.stash"), stash)),
                                  (t("snitch.seat.hand", count=hand), t("snitch.seat.stash", count=stash))))
        # the seats round the table: whose step it is (the Soap holder, a voter ...) while the game runs
        turn = None if state["phase"] in ("setup", "over") else state["current"]
        return Board(counters=tuple(counters), tokens=tuple(tokens), seats=tuple(views), layout="table",
                     table=round_table(len(state["players"]), turn))

    def log_words(self, action, players, t):
        """An Item is named when it is used (before, it lay face down); a vote by its totals
        alone; a ballot or a stashed Item of a game saved before: that it happened, not what."""
        kind, seat = action.get("type"), action.get("player")
        who = players[seat]["name"] if isinstance(seat, int) and 0 <= seat < len(players) else "?"
        table = {"players": players}
        if kind == "use_item" and action.get("item") in ITEMS:
            words = t("snitch.log.use_item", name=who, item=t("snitch.item." + action["item"]))
            if action.get("target") is not None:
                words += " " + t("snitch.log.next_to", name=name_of(table, action["target"]))
            return words
        if kind == "secret_vote" and isinstance(action.get("tally"), list):
            return t("snitch.log.secret_vote", votes=votes_text(table, action["tally"]) or t("snitch.none"))
        if kind == "vote":
            return t("snitch.log.ballot", name=who)
        if kind == "stash_item":
            return t("snitch.log.stash_item", name=who)
        return None

    def help(self, t, state=None):
        """The readings and the buttons; the gun vote as this game plays it (both readings
        of the majority rule, this one's first, with the rulebook's own words)."""
        if state is None:
            return super().help(t)
        rule = majority(state)
        other = "half" if rule == "most" else "most"
        vote = [t("snitch.help.gun_vote"), t("snitch.help.vote_" + vote_mode(state)),
                t("snitch.help.majority", reading=t("snitch.help.reading_" + rule)),
                t("snitch.help.majority_other", other=t("snitch.help.reading_" + other))]
        return [t(key) for key in self.help_keys[:1]] + vote + [t(key) for key in self.help_keys[2:]]

    def turn_of(self, state):
        """The Soap holder's turn, through the Schemes resolved in it."""
        return state["soap"] if state["phase"] in PLAY_PHASES else None

    def spoken(self, before, after, action, t):
        """The riot, the Guard moving, a Scheme's result and who draws how many, how it ended."""
        out = []
        say = lambda key, **fields: out.append(speech.Line(t(key, **fields)))  # noqa: E731
        if not before["riot"] and after["riot"]:
            out.append(speech.Line(t("snitch.speech.riot", count=after["interrogation"]), priority=speech.HIGH))
        if after["phase"] in ("setup",) + PLAY_PHASES and before["guard"] != after["guard"]:
            if after["guard"] is None:
                say("snitch.speech.guard_away")
            else:
                say("snitch.speech.guard", name=name_of(after, after["guard"]))
        last = after["last_resolution"]
        if last is not None and last != before["last_resolution"]:
            key = "key" if last["success"] is None else "succeeded" if last["success"] else "failed"
            words = [t("snitch.speech." + key, name=name_of(after, last["owner"]))]
            words += [t("snitch.speech.draw_" + d["deck"], name=name_of(after, d["seat"]), count=d["count"])
                      for d in last["draws"] if d["count"] > 0]
            if last["cut_short"]:
                words.append(t("snitch.line.cut_short", name=name_of(after, last["draws"][-1]["seat"])))
            out.append(speech.Line(" ".join(words)))
        if before["outcome"] is None and after["outcome"] is not None:
            out.append(speech.Line(t("snitch.outcome." + after["outcome"]), speech.WINNER, speech.HIGH))
        return out + super().spoken(before, after, action, t)

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
        if action.get("type") in ("pass_soap", "vote", "open_vote", "secret_vote") and not out:
            out.append(cues.TAP)
        return out

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


GAME = Snitch()
