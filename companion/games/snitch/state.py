"""The Snitch's table as the rules see it: the box, the readings, and what each move
does to the state (the moves table, what they take and when they are refused: rules.py).

Pure functions of a state `s` (a dict, as Snitch.setup makes it) and an action `a`:
no words here (view.py), nothing random (the random pick of the Guard and the Soap is
decided once and written into the action, rules.pick_at_random).
"""
from __future__ import annotations

from ...players import left_of, right_of

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
    """How many Items lie face down in a stash (never which: the table does not know)."""
    return s["stash"][seat]


def noted(s, seat) -> list[str]:
    """The Items of seat's stash its owner noted on their phone (a secret known to that
    seat alone: read it from the state as the seat knows it, Game.seat_public)."""
    held = s.get("stash_items")
    return list(held[seat]) if isinstance(held, list) and isinstance(held[seat], list) else []


def unnoted(s, seat) -> int:
    """How many Items of seat's stash nobody has noted (any Item, as far as the app knows)."""
    return stashed(s, seat) - len(noted(s, seat))


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
    held = s.get("stash_items")
    if held and item in held[me]:      # noted on the phone: that one is gone (else one not noted)
        held[me].remove(item)
    elif held and len(held[me]) > s["stash"][me]:
        held[me].clear()               # all noted, and not this one: the notes were wrong, forgotten
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


def record_item(s, a):
    """The owner notes on their phone which Item one of their stash's cards is (secret)."""
    s["stash_items"][a["player"]].append(a["item"])


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
    s.update(schemes=[None] * n, stash=[0] * n, stash_items=[[] for _ in range(n)], guard=None, handcuffs_up=False,
             phase="gun_vote", resolving=None, last_played=None, votes=[None] * n, voted=[False] * n, tally=None,
             current=s["soap"])


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

