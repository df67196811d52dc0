"""The Snitch: every rule the app keeps, one test (or a few) per rule.

Seats are clockwise: the left neighbour of seat s is s + 1, the right one s - 1.
"""
import json
import random

import pytest
from hypothesis import HealthCheck, given, settings, strategies as st

from companion import cues
from companion.games import GAMES, IllegalAction
from companion.games.snitch import (CONTACTS_START, GAME, INTERROGATION_START, ITEMS, RIOT_AT, TOTAL_CARDS,
                                    deal, guard_and_soap, gun_vote_result, judge, targets, winners)
from companion.board import round_table
from companion.i18n import Catalogue, texts
from companion.inputs import InputEvent
from companion.players import make_table
from companion.session import Session
from companion.store import Store
from random_play import random_action

NAMES = ["Ann", "Bob", "Cy", "Dee", "Eve", "Flo"]


class Table:
    """One game of The Snitch driven through resolve + apply, as the session does,
    checking the invariants after every step."""

    def __init__(self, players=5, guard=1, soap=0, required=3, rng=None, **options):
        self.rng = rng or random.Random(0)
        self.state = GAME.setup(make_table(NAMES[:players]), GAME.check_options(options), 0, self.rng)
        self.cues = []
        GAME.check_invariants(self.state)
        if required is None:
            return
        self.do("cards_ready")
        for seat in range(players):
            self.do("scheme", player=seat, required=required[seat] if isinstance(required, list) else required)
        self.do("pick_guard", seat=guard)
        self.do("pick_soap", seat=soap)

    @property
    def s(self):
        return self.state

    def do(self, kind, **args):
        action = GAME.resolve(self.state, {"type": kind, **args}, self.rng)
        before = self.state
        snapshot = json.dumps(before, sort_keys=True)
        after = GAME.apply(before, action)
        assert json.dumps(before, sort_keys=True) == snapshot      # apply is pure
        assert GAME.apply(before, json.loads(json.dumps(action))) == after  # and deterministic from the log
        GAME.check_invariants(after)
        self.cues = GAME.cues(before, after, action)
        self.state = after
        return after

    def refused(self, kind, **args) -> str:
        before = json.dumps(self.state, sort_keys=True)
        with pytest.raises(IllegalAction) as info:
            GAME.resolve(self.state, {"type": kind, **args}, self.rng)
        assert json.dumps(self.state, sort_keys=True) == before
        key = info.value.key
        assert "error." + key in texts("en") and "error." + key in texts("de"), key
        return key

    def legal(self, kind=None):
        specs = GAME.legal_actions(self.state)
        return [spec for spec in specs if kind is None or spec.type == kind]

    def choices(self, kind, param, item=None):
        """The choices offered for `param` (for use_item: when naming `item`)."""
        specs = [spec for spec in self.legal(kind) if param in spec.params
                 and (item is None or spec.params["item"].choices == (item,))]
        return sorted({c for spec in specs for c in spec.params[param].choices})

    def turn_draw(self):
        """The Soap holder draws a card and passes the Soap."""
        self.do("draw_card")
        if self.state["phase"] == "turn":
            self.do("pass_soap")

    def give_soap_to(self, seat):
        while self.state["soap"] != seat:
            self.turn_draw()

    def complete(self, owner, reveal=None, **reveal_args):
        """The players around `owner` fill its Scheme, each on their own turn
        (drawing when they may not help), until it resolves; then the reveal."""
        while self.state["phase"] != "resolution":
            me = self.state["soap"]
            if owner in targets(self.state, me) and self.state["hands"][me] > 0:
                self.do("play_card", target=owner)
                if self.state["phase"] == "turn":
                    self.do("pass_soap")
            else:
                self.turn_draw()
        if reveal is not None:
            self.do("reveal", repeats=reveal_args.pop("repeats", False), backstabs=reveal_args.pop("backstabs", 0),
                    **reveal_args)


def all_texts(summary):
    out = [summary["headline"], summary["prompt"], summary["banner"], *summary["lines"]]
    out += [b for badges in summary["badges"].values() for b in badges]
    return out


# -- setup ----------------------------------------------------------------------

def test_registered_for_4_to_6_with_both_rule_options():
    assert GAMES["snitch"] is GAME
    assert (GAME.min_players, GAME.max_players) == (4, 6)
    assert {o.name: o.default for o in GAME.options} == {"easier": False, "harder": False, "vote": "open",
                                                         "majority": "most"}
    assert {o.name: o.pads_default for o in GAME.options}["vote"] == "secret"   # with seat pads: a secret vote


@pytest.mark.parametrize("players, hands", [(4, [6, 6, 6, 6]), (5, [5, 5, 5, 5, 4]), (6, [4] * 6)])
def test_setup_counts_and_the_deal(players, hands):
    t = Table(players, required=None)
    assert deal(players) == hands and sum(hands) == 24
    assert t.s["interrogation"] == INTERROGATION_START == 18
    assert t.s["contacts"] == CONTACTS_START == 10 and t.s["box"] == 2
    assert t.s["hands"] == hands and t.s["phase"] == "setup" and t.s["step"] == "cards"
    lines = " ".join(GAME.summary(t.s, Catalogue("en"))["lines"])
    assert "7 random" in lines and "13 cards" in lines and "2 of these 13 back in the box" in lines
    assert ", ".join(f"{NAMES[s]} {hands[s]}" for s in range(players)) in lines


def test_a_helper_of_the_rules_is_not_an_action_anyone_can_name():
    t = Table(4, required=None)
    t.do("cards_ready")
    for kind in ("turn_action", "guarded_item", "__init__", "copy"):
        assert t.refused(kind) == "unknown_action"


def test_setup_walks_through_cards_schemes_guard_and_soap():
    t = Table(4, required=None)
    assert [spec.type for spec in t.legal()] == ["cards_ready"]
    assert GAME.input_action(t.s, InputEvent.CONFIRM) == {"type": "cards_ready"}
    t.do("cards_ready")
    assert sorted(spec.player for spec in t.legal("scheme")) == [0, 1, 2, 3]
    assert t.refused("scheme", player=0, required=0) == "snitch_bad_required"
    t.do("scheme", required=4)                     # the first seat without a Scheme
    assert t.s["schemes"][0]["required"] == 4 and t.s["hands"][0] == 5
    assert t.refused("scheme", player=0, required=3) == "snitch_has_scheme"
    for seat in (1, 2, 3):
        t.do("scheme", player=seat, required=3)
    assert t.s["step"] == "guard"
    assert t.refused("pick_soap", seat=0) == "snitch_not_now"
    t.do("pick_guard")                              # left out: at random, recorded
    assert 0 <= t.s["guard"] < 4 and cues.TICK in t.cues
    t.do("pick_soap", seat=2)
    assert t.s["phase"] == "turn" and t.s["soap"] == t.s["current"] == 2 and t.s["handcuffs_up"] is False


def test_random_picks_are_written_into_the_action():
    t = Table(5, required=None)
    t.do("cards_ready")
    for seat in range(5):
        t.do("scheme", player=seat, required=3)
    action = GAME.resolve(t.s, {"type": "pick_guard"}, random.Random(5))
    assert action["random"] is True and action["seat"] in range(5)
    assert GAME.apply(t.s, action)["guard"] == action["seat"]
    assert GAME.resolve(t.s, {"type": "pick_guard", "seat": 3}, random.Random(5)) == {
        "type": "pick_guard", "seat": 3, "random": False}
    t.do("pick_guard", seat=3)
    action = GAME.resolve(t.s, {"type": "pick_soap"}, random.Random(5))
    assert action["random"] is True and GAME.apply(t.s, action)["soap"] == action["seat"]


# -- the Interrogation Deck and the riot -------------------------------------------

def test_every_draw_lowers_the_deck_and_the_riot_begins_once_at_7():
    t = Table(4, guard=3)
    warnings = []
    counts = []
    while t.s["interrogation"] > 1:
        t.do("draw_card")
        counts.append(t.s["interrogation"])
        warnings.append(cues.WARNING in t.cues)
        assert t.s["riot"] == (t.s["interrogation"] <= RIOT_AT)
        t.do("pass_soap")
    assert counts == list(range(17, 0, -1))
    assert warnings.count(True) == 1 and counts[warnings.index(True)] == 7
    summary = GAME.summary(t.s, Catalogue("en"))
    assert summary["banner"] == "Prison riot!"
    assert "Interrogation Deck: 1 card" == summary["lines"][0]   # one card, said so


def test_the_cards_to_the_riot_are_counted_in_the_right_form():
    t = Table(4, guard=3)
    while t.s["interrogation"] > RIOT_AT + 2:
        t.turn_draw()
    assert GAME.summary(t.s, Catalogue("en"))["lines"][1] == "Riot in 2 more cards (at 7 or fewer): help your neighbours only"
    t.turn_draw()
    assert GAME.summary(t.s, Catalogue("en"))["lines"][1] == "Riot in 1 more card (at 7 or fewer): help your neighbours only"
    assert GAME.summary(t.s, Catalogue("de"))["lines"][1] == "Aufstand in 1 Karte (bei 7 oder weniger): nur den Nachbarn helfen"


def test_the_last_card_drawn_ends_the_game_at_once():
    t = Table(4)
    for _ in range(17):
        t.turn_draw()
    assert t.s["interrogation"] == 1 and t.s["phase"] == "turn"
    t.do("draw_card")
    assert t.s["interrogation"] == 0 and t.s["outcome"] == "deck_out" and t.s["phase"] == "final_reveal"
    assert cues.ALARM in t.cues
    assert [spec.type for spec in t.legal()] == ["reveal_snitch", "no_snitch"]
    t.do("reveal_snitch", seat=2)
    assert t.s["finished"] and t.s["winners"] == [2]


def test_deck_out_without_a_snitch_means_everybody_loses():
    t = Table(4)
    for _ in range(18):
        t.turn_draw()
    t.do("no_snitch")
    assert t.s["winners"] == [] and t.s["phase"] == "over"
    assert t.legal() == [] and t.refused("draw_card") == "game_over"
    assert GAME.summary(t.s, Catalogue("en"))["prompt"] == "Nobody wins."


# -- who may receive a card ----------------------------------------------------------

def test_neighbours_only_before_the_riot_anybody_but_yourself_after():
    t = Table(6, guard=5, soap=0)
    assert t.choices("play_card", "target") == [1, 5]          # left and right of seat 0
    assert t.refused("play_card", target=3) == "snitch_not_neighbour"
    assert t.refused("play_card", target=0) == "snitch_own_scheme"
    summary = GAME.summary(t.s, Catalogue("en"))
    assert "Ann may help: Bob, Flo" in summary["lines"]
    assert summary["prompt"] == "Ann: play a card under a neighbour's Scheme, or draw."
    while not t.s["riot"]:
        t.turn_draw()
    t.give_soap_to(0)
    assert t.choices("play_card", "target") == [1, 2, 3, 4, 5]
    assert t.refused("play_card", target=0) == "snitch_own_scheme"
    summary = GAME.summary(t.s, Catalogue("en"))
    assert "Ann may help: Bob, Cy, Dee, Eve, Flo" in summary["lines"]
    assert summary["prompt"] == "Ann: play a card under anyone's Scheme, or draw."
    hand = t.s["hands"][0]
    t.do("play_card", target=3)
    assert t.s["schemes"][3]["under"] == 1 and t.s["hands"][0] == hand - 1


def test_the_soap_holder_does_one_thing_then_passes():
    t = Table(4, guard=3, soap=0)
    assert t.refused("pass_soap") == "snitch_must_act"
    assert t.refused("draw_card", player=1) == "snitch_not_your_turn"
    t.do("draw_card")
    assert t.refused("draw_card") == "snitch_already_acted"
    assert t.refused("play_card", target=1) == "snitch_already_acted"
    assert [spec.type for spec in t.legal()] == ["pass_soap"]
    assert GAME.input_action(t.s, InputEvent.CONFIRM) == {"type": "pass_soap"}
    t.do("pass_soap")
    assert t.s["soap"] == 1 and cues.TAP in t.cues


def test_no_card_in_hand_no_card_to_play():
    t = Table(4, guard=3, soap=0, required=6)
    t.s["hands"][0] = 0           # a hand-built corner: keep the card count true
    t.s["contacts"] += 5
    GAME.check_invariants(t.s)
    assert t.legal("play_card") == []
    assert t.refused("play_card", target=1) == "snitch_no_cards"


# -- the Guard and the Soap (the NOTES.md reading) --------------------------------------

def test_guard_and_soap_rotation_over_several_rounds():
    t = Table(4, guard=2, soap=0)
    seen = [(t.s["guard"], t.s["handcuffs_up"], t.s["soap"])]
    for _ in range(12):
        t.turn_draw()
        seen.append((t.s["guard"], t.s["handcuffs_up"], t.s["soap"]))
    assert seen == [
        (2, False, 0),
        (2, False, 1),
        (2, False, 2),
        (2, True, 3),    # seat 2 ended a turn with the Guard: handcuffs up
        (2, True, 0),
        (2, True, 1),
        (2, True, 2),
        (1, False, 3),   # again, handcuffs up: flip down, the Guard moves right
        (1, False, 0),
        (1, False, 1),
        (1, True, 2),
        (1, True, 3),
        (1, True, 0),
    ]


def test_the_reading_lives_in_one_function():
    assert guard_and_soap("end_of_turn", 2, False, 2, 5) == (2, True, 3)
    assert guard_and_soap("end_of_turn", 2, True, 2, 5) == (1, False, 3)
    assert guard_and_soap("end_of_turn", 2, True, 4, 5) == (2, True, 0)
    assert guard_and_soap("end_of_turn", None, True, 4, 5) == (None, True, 0)
    assert guard_and_soap("failure", None, True, 4, 5, owner=3) == (3, False, 4)
    assert "*Reading*" in guard_and_soap.__doc__
    for lang in ("en", "de"):
        assert "snitch.help.guard_soap" in texts(lang) and "snitch.help.gun_vote" in texts(lang)
    assert set(GAME.help_keys) <= set(texts("en"))


def test_the_guard_moves_with_a_cue_and_is_always_shown():
    t = Table(4, guard=0, soap=0)
    t.do("draw_card")
    t.do("pass_soap")
    assert t.s["handcuffs_up"] and cues.TICK not in t.cues
    summary = GAME.summary(t.s, Catalogue("en"))
    assert any(line.startswith("Guard: Ann (silenced), handcuffs up") for line in summary["lines"])
    for _ in range(4):
        t.turn_draw()
    assert t.s["guard"] == 3 and cues.TICK in t.cues


def test_the_board_seats_everybody_round_the_table_with_the_pieces_where_they_lie():
    """The seats clockwise round the table, the Soap holder's turn marked, the Soap,
    the handcuffs and the Guard at their seats as the Soap goes round."""
    t = Table(6, guard=2, soap=0)
    en, de = Catalogue("en"), Catalogue("de")

    def at(board):
        return {token.key: (token.seat, token.short or token.label) for token in board.tokens}
    board = GAME.board(t.s, en)
    assert board.problems(6) == [] and board.table == round_table(6, turn=0)
    # handcuffs face down, as the Soap comes: no tag for them
    assert at(board) == {"soap": (0, "Soap"), "guard": (2, "Guard")}
    for soap in (1, 2, 3):
        t.turn_draw()
        board = GAME.board(t.s, en)
        assert board.table.turn == soap and at(board)["soap"] == (soap, "Soap")
        assert ("handcuffs" in at(board)) == (soap == 3)
    assert at(board)["handcuffs"] == (3, "cuffs up")    # seat 2 ended its turn with the Guard
    assert at(GAME.board(t.s, de))["handcuffs"] == (3, "Schellen")
    assert GAME.board(Table(4, required=None).s, en).table.turn is None       # nobody's turn while laying out


def test_in_front_of_each_player_how_many_cards_and_items_short_never_which():
    t = Table(4, guard=1, soap=0)
    t.s["stash"][1] = 1               # (set by hand: one Item in Bob's stash)
    t.s["hands"][2] = 1
    views = GAME.board(t.s, Catalogue("en")).seats
    assert [v.short for v in views[:3]] == [("5 cards", "0 Items"), ("5 cards", "1 Item"), ("1 card", "0 Items")]
    assert views[1].counts == (("in hand", 5), ("Items in the stash", 1))
    assert GAME.board(t.s, Catalogue("de")).seats[2].short == ("1 Karte", "Versteck 0")
    said = " ".join(word for v in views for word in v.short + v.facts)
    assert not any(Catalogue("en")(f"snitch.item.{item}") in said for item in ITEMS)     # how many, never which


# -- resolving Schemes -------------------------------------------------------------------

def test_a_scheme_resolves_when_enough_cards_are_under_it():
    t = Table(5, guard=4, soap=0, required=2)
    t.do("play_card", target=1)
    assert t.s["phase"] == "turn" and t.s["schemes"][1]["under"] == 1
    t.do("pass_soap")
    t.turn_draw()                             # Bob draws (cannot help his own Scheme)
    t.do("play_card", target=1)               # Cy completes it
    assert t.s["phase"] == "resolution" and t.s["resolving"] == 1 == t.s["current"]
    summary = GAME.summary(t.s, Catalogue("en"))
    assert summary["headline"] == "Bob reveals"
    assert summary["prompt"] == "Cy shuffles the 2 cards + 1 Contact; Bob reveals."
    steps = next(line for line in summary["lines"] if line.startswith("Cy: pick up the 2 cards under Bob's Scheme"))
    assert "add the top card of the Prison Contacts Deck" in steps          # in full: in Help
    (spec,) = t.legal("reveal")
    assert spec.player == 1 and spec.params["backstabs"].maximum == 3   # 2 cards + the random one


def test_a_scheme_of_one_card_is_said_in_the_singular_in_both_languages():
    """'Bob: Scheme 0 of 1 card', 'pick up the 1 card', 'Plan 0 von 1 Karte', 'Nimm die 1 Karte'."""
    en, de = Catalogue("en"), Catalogue("de")
    t = Table(5, guard=4, soap=0, required=[2, 1, 2, 2, 2])
    lines_en, lines_de = GAME.summary(t.s, en)["lines"], GAME.summary(t.s, de)["lines"]
    assert any(line.startswith("Bob: Scheme 0 of 1 card · ") for line in lines_en), lines_en
    assert any(line.startswith("Ann: Scheme 0 of 2 cards · ") for line in lines_en), lines_en
    assert any(line.startswith("Bob: Plan 0 von 1 Karte · ") for line in lines_de), lines_de
    assert any(line.startswith("Ann: Plan 0 von 2 Karten · ") for line in lines_de), lines_de
    assert GAME.board(t.s, en).seats[1].facts[0] == "Scheme 1: 0 of 1 card"
    assert GAME.board(t.s, de).seats[1].facts[0] == "Plan 1: 0 von 1 Karte"
    assert GAME.board(t.s, en).seats[0].facts[0] == "Scheme 2: 0 of 2 cards"
    t.do("play_card", target=1)
    assert t.s["phase"] == "resolution"
    assert GAME.summary(t.s, en)["prompt"] == "Ann shuffles the 1 card + 1 Contact; Bob reveals."
    assert GAME.summary(t.s, de)["prompt"] == "Ann mischt die 1 Karte + 1 Kontakt; Bob deckt auf."
    assert any(line.startswith("Ann: pick up the 1 card under Bob's Scheme without looking, add the top card of "
                               "the Prison Contacts Deck") for line in GAME.summary(t.s, en)["lines"])
    assert any(line.startswith("Ann: Nimm die 1 Karte unter Bobs Plan ungesehen auf, lege")
               for line in GAME.summary(t.s, de)["lines"])
    t.do("reveal", repeats=False, backstabs=0)
    assert GAME.summary(t.s, en)["lines"][-1].startswith("Bob's Scheme succeeded (0 Backstab icons). Draws: ")
    assert GAME.summary(t.s, de)["lines"][-1].startswith("Bobs Plan ist gelungen (0 Verrats-Symbole). Ziehen: ")


def test_one_card_with_knuckle_irons_is_handed_over_alone():
    t = Table(5, guard=4, soap=0, required=[2, 1, 2, 2, 2])
    stash(t, 0, "knuckle_irons")
    t.do("use_item", item="knuckle_irons", target=1)
    t.do("pass_soap")
    t.complete(1)
    soap = NAMES[t.s["soap"]]
    assert GAME.summary(t.s, Catalogue("en"))["prompt"] == f"{soap} hands over the 1 card (no Contact); Bob reveals."
    assert GAME.summary(t.s, Catalogue("de"))["prompt"] == (
        f"{soap} gibt die 1 Karte weiter (ohne Kontakt); Bob deckt auf.")
    assert (f"{soap}: pick up the 1 card under Bob's Scheme without looking (no random card is added) and hand it "
            "to Bob. Bob: reveal it, then enter what showed.") in GAME.summary(t.s, Catalogue("en"))["lines"]
    assert (f"{soap}: Nimm die 1 Karte unter Bobs Plan ungesehen auf (keine zufällige Karte dazu) und gib sie Bob. "
            "Bob: Decke sie auf und gib dann ein, was zu sehen war.") in GAME.summary(t.s, Catalogue("de"))["lines"]


def test_success_draws_in_the_rules_order():
    t = Table(5, guard=4, soap=0, required=2)
    t.complete(1)
    before = json.loads(json.dumps(t.s))
    t.do("reveal", repeats=False, backstabs=1)
    last = t.s["last_resolution"]
    assert last["success"] is True and cues.SUCCESS in t.cues
    assert [(d["seat"], d["deck"], d["count"]) for d in last["draws"]] == [
        (1, "contacts", 1), (2, "contacts", 1), (0, "contacts", 1), (1, "interrogation", 1)]
    assert t.s["scored"] == 1 and t.s["schemes"][1] is None
    # 2 played + 1 random card revealed, back to the bottom; the random card left the deck; 3 drawn
    assert t.s["contacts"] == before["contacts"] - 1 + 3 - 3
    assert t.s["interrogation"] == before["interrogation"] - 1
    assert t.s["hands"][1] == before["hands"][1] + 2 and t.s["hands"][2] == before["hands"][2] + 1
    assert t.s["phase"] == "new_scheme" and t.s["guard"] == before["guard"]
    line = GAME.summary(t.s, Catalogue("en"))["lines"][-1]
    assert line == ("Bob's Scheme succeeded (1 Backstab icon). Draws: Bob 1 from the Prison Contacts Deck; Cy 1 from the "
                    "Prison Contacts Deck; Ann 1 from the Prison Contacts Deck; Bob 1 from the Interrogation Deck.")
    hand = t.s["hands"][1]
    t.do("new_scheme", required=4)             # from the hand after a success
    assert t.s["hands"][1] == hand - 1 and t.s["schemes"][1]["required"] == 4
    assert t.s["phase"] == "turn" and t.s["acted"]


def test_failure_draws_stash_replacement_guard_and_handcuffs():
    t = Table(5, guard=3, soap=0, required=2)
    t.complete(1)
    before = json.loads(json.dumps(t.s))
    t.do("reveal", repeats=False, backstabs=2)          # two Backstab icons: caught
    last = t.s["last_resolution"]
    assert last["success"] is False
    assert [(d["seat"], d["deck"], d["count"]) for d in last["draws"]] == [
        (1, "interrogation", 1), (2, "interrogation", 1), (0, "interrogation", 1), (1, "interrogation", 2)]
    assert t.s["interrogation"] == before["interrogation"] - 5
    assert t.s["guard"] == 1 and t.s["handcuffs_up"] is False and cues.TICK in t.cues
    # the failed Scheme goes face down into Bob's stash: one Item more, and nobody is asked which
    assert t.s["phase"] == "new_scheme" and t.s["failed"] == 1 and t.s["stash"][1] == 1
    assert [spec.type for spec in t.legal()] == ["new_scheme"]
    assert t.refused("stash_item", item="crowbar") == "snitch_not_now"
    summary = GAME.summary(t.s, Catalogue("en"))
    assert summary["headline"] == "Bob's Scheme failed"
    assert summary["prompt"] == "Draw now. Bob: stash it, new Scheme from Contacts."
    draws = GAME.board(t.s, Catalogue("en")).areas      # who draws how many, on the board
    assert [(a.label, a.facts) for a in draws] == [("Draw now", ("Interrogation: Bob\u00a01, Cy\u00a01, Ann\u00a01, "
                                                                 "Bob\u00a02",))]
    assert "Items in the stash, face down: Bob\u00a01" in summary["lines"]
    contacts = t.s["contacts"]
    hand = t.s["hands"][1]
    t.do("new_scheme", required=5)                      # from the top of the Prison Contacts Deck
    assert t.s["contacts"] == contacts - 1 and t.s["hands"][1] == hand
    assert t.s["phase"] == "turn" and t.s["soap"] == 2 and t.s["current"] == 2


def test_repeated_contacts_fail_too_and_judging_is_the_rulebooks():
    assert judge(False, 0) and judge(False, 1)
    assert not judge(True, 0) and not judge(False, 2)
    assert judge(False, 1, own_contact=True) and not judge(False, 1, own_contact=True, harder=True)
    t = Table(5, guard=4, soap=0, required=2)
    t.complete(1, reveal=True, repeats=True, backstabs=0)
    assert t.s["last_resolution"]["success"] is False


def test_deck_running_out_part_way_through_the_draws_ends_the_game_on_that_card():
    t = Table(5, guard=4, soap=0, required=2)
    while t.s["interrogation"] > 5:
        t.turn_draw()
    t.complete(1)
    assert t.s["interrogation"] <= 5
    left = t.s["interrogation"]
    guard = t.s["guard"]
    t.do("reveal", repeats=False, backstabs=3)      # wants 1 + 1 + 1 + 3 = 6 cards
    last = t.s["last_resolution"]
    assert sum(d["count"] for d in last["draws"]) == left and last["cut_short"]
    assert t.s["interrogation"] == 0 and t.s["outcome"] == "deck_out" and t.s["phase"] == "final_reveal"
    assert cues.ALARM in t.cues
    assert t.s["guard"] == guard != 1  # the game ended before the Guard would move
    summary = GAME.summary(t.s, Catalogue("en"))
    assert summary["banner"] == "Time is up: the Interrogation Deck ran out."
    assert "ran out on" in summary["lines"][-1]


@pytest.mark.parametrize("left, drawn_by", [(1, [1]), (2, [1, 2]), (3, [1, 2, 0])])
def test_deck_out_stops_at_the_exact_card(left, drawn_by):
    t = Table(5, guard=4, soap=0, required=2)
    t.complete(1)
    # spend the deck down to `left` with hand-adjusted counts (a corner built by hand)
    burn = t.s["interrogation"] - left
    t.s["interrogation"] -= burn
    t.s["hands"][3] += burn
    t.s["riot"] = t.s["interrogation"] <= RIOT_AT
    GAME.check_invariants(t.s)
    hands = list(t.s["hands"])
    t.do("reveal", repeats=True, backstabs=0)
    assert [d["seat"] for d in t.s["last_resolution"]["draws"]] == drawn_by
    for seat in range(5):
        assert t.s["hands"][seat] - hands[seat] == drawn_by.count(seat)
    assert t.s["outcome"] == "deck_out"


def test_success_draws_can_end_the_game_too():
    t = Table(5, guard=4, soap=0, required=2)
    t.complete(1)
    t.s["hands"][3] += t.s["interrogation"] - 1
    t.s["interrogation"] = 1
    t.s["riot"] = True
    t.do("reveal", repeats=False, backstabs=1)
    assert t.s["outcome"] == "deck_out" and t.s["scored"] == 1


# -- refusing help ------------------------------------------------------------------------

def test_refuse_sends_the_card_to_the_contacts_deck_once_per_scheme():
    t = Table(5, guard=4, soap=0, required=3)
    t.do("play_card", target=1)
    (spec,) = t.legal("refuse")
    assert spec.player == 1
    assert t.refused("refuse", player=2) == "snitch_not_your_turn"
    contacts = t.s["contacts"]
    t.do("refuse", player=1)
    assert t.s["schemes"][1]["under"] == 0 and t.s["schemes"][1]["refused"]
    assert t.s["contacts"] == contacts + 1
    assert t.refused("refuse", player=1) == "snitch_nothing_to_refuse"
    assert "sideways" in " ".join(GAME.summary(t.s, Catalogue("en"))["lines"])
    t.do("pass_soap")
    t.turn_draw()
    t.do("play_card", target=1)            # Cy plays under Bob's sideways Scheme
    assert t.legal("refuse") == []
    assert t.refused("refuse", player=1) == "snitch_already_refused"


def test_a_new_scheme_may_be_refused_again():
    t = Table(5, guard=4, soap=0, required=2)
    t.do("play_card", target=1)
    t.do("refuse", player=1)
    t.do("pass_soap")
    t.complete(1, reveal=True, backstabs=0)
    t.do("new_scheme", required=3)
    t.do("pass_soap")
    t.give_soap_to(0)
    t.do("play_card", target=1)
    assert [spec.player for spec in t.legal("refuse")] == [1]


def test_the_completing_card_can_be_refused_before_the_reveal():
    t = Table(5, guard=4, soap=0, required=1)
    t.do("play_card", target=1)
    assert t.s["phase"] == "resolution"
    assert {spec.type for spec in t.legal()} == {"reveal", "refuse"}
    t.do("refuse", player=1)
    assert t.s["phase"] == "turn" and t.s["resolving"] is None and t.s["acted"]
    assert t.s["schemes"][1]["under"] == 0


def test_the_guarded_player_cannot_refuse():
    t = Table(5, guard=1, soap=0, required=3)
    t.do("play_card", target=1)
    assert t.legal("refuse") == []
    assert t.refused("refuse", player=1) == "snitch_guarded_refuse"


def test_nothing_to_refuse_after_a_draw_or_the_next_turn():
    t = Table(5, guard=4, soap=0, required=3)
    t.do("draw_card")
    assert t.refused("refuse", player=1) == "snitch_nothing_to_refuse"
    t.do("pass_soap")
    t.give_soap_to(0)
    t.do("play_card", target=1)
    t.do("pass_soap")
    assert t.refused("refuse", player=1) == "snitch_nothing_to_refuse"


# -- Items --------------------------------------------------------------------------------

def stash(t, seat, item, count=1):
    """Put Items in a stash by hand, keeping the card count true (they come from the Prison Contacts Deck)."""
    t.s["stash"][seat] += count     # face down: which Item, only its owner knows (`item`: what they will name)
    t.s["contacts"] -= count
    GAME.check_invariants(t.s)


def test_the_guarded_player_may_use_only_bribe_money():
    t = Table(5, guard=0, soap=0, required=3)
    for item in ITEMS:
        stash(t, 0, item)
    assert [spec.params["item"].choices for spec in t.legal("use_item")] == [("bribe_money",)]
    for item in ("binoculars", "key", "knuckle_irons", "crowbar"):
        assert t.refused("use_item", item=item, target=1) == "snitch_guarded_item"
    t.do("use_item", item="bribe_money")
    assert t.s["guard"] is None and cues.TICK in t.cues
    assert t.s["stash"][0] == 4              # four left of the five: Bribe Money was named and used
    assert "bribed" in " ".join(GAME.summary(t.s, Catalogue("en"))["lines"])


def test_bribe_money_needs_a_guard_in_play():
    t = Table(5, guard=3, soap=0, required=3)
    stash(t, 0, "bribe_money", 2)
    t.do("use_item", item="bribe_money")
    t.do("pass_soap")
    t.give_soap_to(0)
    assert "bribe_money" not in t.choices("use_item", "item")     # Ann may name the others: she has an Item
    assert t.refused("use_item", item="bribe_money") == "snitch_no_guard"


def test_a_failure_brings_the_bribed_guard_back_handcuffs_down():
    t = Table(5, guard=3, soap=0, required=2)
    stash(t, 0, "bribe_money")
    t.do("use_item", item="bribe_money")
    t.do("pass_soap")
    assert t.s["guard"] is None
    rotation = [(t.s["guard"], t.s["soap"])]
    t.complete(4, reveal=True, backstabs=2)
    assert t.s["guard"] == 4 and t.s["handcuffs_up"] is False and cues.TICK in t.cues
    assert rotation[0][0] is None


def test_items_are_only_used_on_your_turn_and_only_if_you_have_them():
    t = Table(5, guard=4, soap=0, required=3)
    assert t.refused("use_item", item="key") == "snitch_no_item"
    assert t.refused("use_item", item="gun") == "snitch_bad_item"
    stash(t, 2, "key")
    assert t.refused("use_item", player=2, item="key") == "snitch_not_your_turn"


def test_binoculars_and_key():
    t = Table(5, guard=4, soap=0, required=3)
    stash(t, 0, "binoculars")
    stash(t, 0, "key")
    contacts = t.s["contacts"]
    t.do("use_item", item="binoculars")
    assert t.s["contacts"] == contacts + 1 and t.s["stash"][0] == 1
    t.do("pass_soap")
    t.give_soap_to(0)
    hands = list(t.s["hands"])
    contacts = t.s["contacts"]
    t.do("use_item", item="key")
    assert [t.s["hands"][s] - hands[s] for s in range(5)] == [1, 1, 0, 0, 1]
    assert t.s["contacts"] == contacts - 3 + 1
    assert "Ann used the Key" in GAME.summary(t.s, Catalogue("en"))["lines"][-1]


def test_crowbar_needs_one_card_less_and_may_resolve_at_once():
    t = Table(5, guard=4, soap=0, required=3)
    stash(t, 0, "crowbar", 2)
    assert t.choices("use_item", "target", "crowbar") == [0, 1, 2, 3, 4]   # any Scheme, own included
    t.do("use_item", item="crowbar", target=1)
    assert t.s["schemes"][1]["crowbar"] and t.s["phase"] == "turn"
    assert "Scheme 0 of 2 cards" in " ".join(GAME.summary(t.s, Catalogue("en"))["lines"])
    assert t.refused("pass_soap", player=1) == "snitch_not_your_turn"
    t.do("pass_soap")
    t.turn_draw()
    t.do("play_card", target=1)
    t.do("pass_soap")
    t.give_soap_to(0)
    t.do("play_card", target=1)
    assert t.s["phase"] == "resolution"            # 2 cards for a 3: the Crowbar counts
    t.do("reveal", repeats=False, backstabs=0)
    t.do("new_scheme", required=2)
    t.do("pass_soap")
    t.give_soap_to(2)
    t.do("play_card", target=1)
    t.do("pass_soap")
    t.give_soap_to(0)
    contacts = t.s["contacts"]
    t.do("use_item", item="crowbar", target=1)     # 1 under a 2: the Crowbar completes it
    assert t.s["phase"] == "resolution" and t.s["resolving"] == 1
    assert t.legal("refuse") == []                 # a Crowbar is no card to refuse
    t.do("reveal", repeats=False, backstabs=0)
    # 1 card + the random card back under the deck, the Crowbar too; 3 drawn
    assert t.s["contacts"] == contacts - 1 + 2 + 1 - 3


def test_one_crowbar_per_scheme():
    t = Table(5, guard=4, soap=0, required=3)
    stash(t, 0, "crowbar", 2)
    t.do("use_item", item="crowbar", target=1)
    t.do("pass_soap")
    t.give_soap_to(0)
    assert 1 not in t.choices("use_item", "target", "crowbar")
    assert t.refused("use_item", item="crowbar", target=1) == "snitch_item_there"


def test_knuckle_irons_add_no_random_card():
    t = Table(5, guard=4, soap=0, required=2)
    stash(t, 0, "knuckle_irons")
    t.do("use_item", item="knuckle_irons", target=1)
    assert t.s["schemes"][1]["knuckle_irons"]
    t.do("pass_soap")
    t.complete(1)
    summary = GAME.summary(t.s, Catalogue("en"))
    assert "(no Contact)" in summary["prompt"] and any("no random card" in line for line in summary["lines"])
    (spec,) = t.legal("reveal")
    assert spec.params["backstabs"].maximum == 2       # just the 2 played cards
    contacts = t.s["contacts"]
    t.do("reveal", repeats=False, backstabs=0)
    assert t.s["last_resolution"]["revealed"] == 2 and not t.s["last_resolution"]["random_card"]
    # 2 revealed + the Knuckle Irons back under the deck; 3 drawn
    assert t.s["contacts"] == contacts + 2 + 1 - 3


# -- the harder and the easier rule ---------------------------------------------------------

def test_harder_rule_fails_a_scheme_when_a_card_matches_its_own_contact():
    t = Table(5, guard=4, soap=0, required=2, harder=True)
    t.complete(1)
    assert "own_contact" in t.legal("reveal")[0].params
    t.do("reveal", repeats=False, backstabs=0, own_contact=True)
    assert t.s["last_resolution"]["success"] is False and t.s["phase"] == "new_scheme"


def test_without_the_harder_rule_the_own_contact_does_not_count():
    t = Table(5, guard=4, soap=0, required=2)
    t.complete(1)
    assert "own_contact" not in t.legal("reveal")[0].params
    t.do("reveal", repeats=False, backstabs=0, own_contact=True)
    assert t.s["last_resolution"]["success"] is True and t.s["last_resolution"]["own_contact"] is False


def test_easier_rule_is_shown():
    t = Table(5, easier=True)
    assert "Easier rule: you may talk about Backstab icons." in GAME.summary(t.s, Catalogue("en"))["lines"]


def test_reveal_entries_are_checked():
    t = Table(5, guard=4, soap=0, required=2)
    t.complete(1)
    assert t.refused("reveal", repeats=False, backstabs=4) == "snitch_backstabs"
    assert t.refused("reveal", repeats="no", backstabs=0) == "snitch_bad_flag"
    assert t.refused("reveal", repeats=False) == "snitch_backstabs"
    assert t.refused("reveal", player=0, repeats=False, backstabs=0) == "snitch_not_your_turn"


# -- the stash: face down, named by its owner when used -------------------------------------

def test_a_failed_scheme_goes_face_down_and_its_owner_names_the_item_when_using_it():
    """Nobody is asked which Item a failed Scheme is; the table sees how many lie in each
    stash. The owner names one when using it, and only then the app checks the use."""
    t = Table(5, guard=3, soap=0, required=2)
    t.complete(1, reveal=True, backstabs=2)             # Bob's Scheme fails: the Guard goes to Bob
    t.do("new_scheme", required=3)
    assert t.s["stash"] == [0, 1, 0, 0, 0]
    board = GAME.board(t.s, Catalogue("en"))
    assert [v.short[1] for v in board.seats] == ["0 Items", "1 Item", "0 Items", "0 Items", "0 Items"]
    t.do("pass_soap")
    t.give_soap_to(1)
    # Bob is guarded: of all the Items his stash might hold, he may name Bribe Money only
    assert t.choices("use_item", "item") == ["bribe_money"]
    assert t.refused("use_item", item="key") == "snitch_guarded_item"
    t.do("use_item", item="bribe_money")
    assert t.s["stash"][1] == 0 and t.s["guard"] is None
    t.do("pass_soap")
    t.give_soap_to(1)
    assert t.legal("use_item") == [] and t.refused("use_item", item="key") == "snitch_no_item"   # none left


def test_an_unguarded_owner_may_name_any_item_the_table_lets_them_use():
    t = Table(5, guard=3, soap=0, required=3)
    stash(t, 0, "key")
    assert t.choices("use_item", "item") == ["binoculars", "bribe_money", "crowbar", "key", "knuckle_irons"]
    en = Catalogue("en")
    (group,) = {spec.label for spec in t.legal("use_item")}
    assert en(group) == "Use an Item"                # one button; which Item is asked after the tap
    t.do("use_item", item="crowbar", target=2)       # named now: the app checks Cy's Scheme has room
    assert t.s["schemes"][2]["crowbar"] and t.s["stash"][0] == 0
    assert GAME.log_words({"type": "use_item", "player": 0, "item": "crowbar", "target": 2}, t.s["players"], en) \
        == "Ann used the Crowbar next to Cy's Scheme"


def test_no_text_names_an_item_in_a_stash():
    t = Table(5, guard=3, soap=0, required=2)
    t.complete(1, reveal=True, backstabs=2)
    for state in (t.s, GAME.apply(t.s, GAME.resolve(t.s, {"type": "new_scheme", "required": 2}, t.rng))):
        for lang in ("en", "de"):
            c = Catalogue(lang)
            said = " ".join(all_texts(GAME.summary(state, c)) + [w for v in GAME.board(state, c).seats
                                                                  for w in v.short + v.facts])
            assert not any(c("snitch.item." + item) in said for item in ITEMS), said


# -- games saved before the stash went face down and the vote secret --------------------------

def old_game():
    """The actions of a game as an older Cellmate stored them: the failed Scheme's Item
    named (`stash_item`), every ballot its own `vote`; options without `vote` or `majority`.
    Returns (setup, actions, the states after each)."""
    rng = random.Random(5)
    setup = {"players": make_table(NAMES[:4]), "options": {"easier": False, "harder": False}, "first_player": 0}
    state = GAME.setup(setup["players"], setup["options"], 0, rng)
    actions, states = [], []

    def do(kind, raw=False, **args):
        nonlocal state
        action = {"type": kind, **args} if raw else GAME.resolve(state, {"type": kind, **args}, rng)
        state = GAME.apply(state, action)
        GAME.check_invariants(state)
        actions.append(action)
        states.append(state)

    do("cards_ready")
    for seat in range(4):
        do("scheme", player=seat, required=1)
    do("pick_guard", seat=3)
    do("pick_soap", seat=0)
    do("play_card", target=1)                               # Bob's Scheme resolves ...
    do("reveal", repeats=True, backstabs=0)                 # ... and fails
    do("stash_item", raw=True, player=1, item="crowbar")    # then, the Item was named on the table screen
    do("new_scheme", required=1)
    while state["phase"] != "gun_vote":
        me = state["soap"]
        if state["phase"] == "turn" and not state["acted"]:
            do("play_card", target=targets(state, me)[0]) if state["hands"][me] else do("draw_card")
        elif state["phase"] == "resolution":
            do("reveal", repeats=False, backstabs=0)
        elif state["phase"] == "new_scheme":
            do("new_scheme", required=1)
        else:
            do("pass_soap")
    for i in range(4):                                      # every ballot stored, in the voting order
        voter = (state["soap"] + i) % 4
        do("vote", raw=True, player=voter, target=2 if voter != 2 else 3)
    return setup, actions, states


def saved(setup, actions, snapshots=()):
    """A store holding that game as the older Cellmate wrote it (snapshots: (seq, state))."""
    store = Store.memory()
    session = Session.create(store, "snitch", NAMES[:4], {}, rng=random.Random(0))

    def write(c):
        c.execute("UPDATE sessions SET setup = ?, head = ? WHERE id = ?", (json.dumps(setup), len(actions), session.id))
        for seq, action in enumerate(actions, start=1):
            c.execute("INSERT INTO events (session_id, seq, action, at) VALUES (?, ?, ?, 0)",
                      (session.id, seq, json.dumps(action)))
        for seq, state in snapshots:
            c.execute("INSERT INTO snapshots (session_id, seq, state) VALUES (?, ?, ?)",
                      (session.id, seq, json.dumps(state)))
    store.write(write)
    session.close()
    return store, session.id


def test_an_old_game_replays_with_its_stash_counted_and_its_ballots_totalled():
    setup, actions, states = old_game()
    store, sid = saved(setup, actions)
    session = Session.load(store, sid)
    state = session.state
    assert state == states[-1] and state["phase"] == "shoot" and state["gun"] == 2
    assert state["tally"] == [0, 0, 3, 1] and state["options"] == {"easier": False, "harder": False}
    assert "Votes: Cy 3, Dee 1" in GAME.summary(state, Catalogue("en"))["lines"]
    failed = next(i for i, a in enumerate(actions) if a["type"] == "stash_item")
    assert states[failed]["stash"][1] == 1 and states[failed - 1]["stash"][1] == 1   # counted at the failure


def test_an_old_games_log_names_neither_the_item_nor_a_ballot():
    from ui.actions import describe
    setup, actions, _ = old_game()
    store, sid = saved(setup, actions)
    session = Session.load(store, sid)
    for lang in ("en", "de"):
        t = Catalogue(lang)
        words = [describe(t, GAME, setup["players"], before, action, GAME.hidden_args(session.state, action))[1]
                 for _, action, before in session.history()]
        assert not any(t("snitch.item.crowbar") in w for w in words), words
        ballots = [w for w, a in zip(words, actions) if a["type"] == "vote"]
        voters = [NAMES[a["player"]] for a in actions if a["type"] == "vote"]
        assert ballots == [{"en": f"{v} voted in secret", "de": f"{v} hat geheim abgestimmt"}[lang] for v in voters]
        assert not any(name in w.split(" ", 1)[1] for w in ballots for name in NAMES[:4])
    assert GAME.hidden_args(session.state, {"type": "vote", "player": 0, "target": 2}) == {"target"}
    assert GAME.secret_fields(session.state) == ["votes", "stash_items"]


def test_an_old_snapshot_opens_in_todays_fields():
    """A snapshot written before: Items by name in each stash, no `voted`, no totals."""
    setup, actions, states = old_game()
    at = next(i for i, a in enumerate(actions) if a["type"] == "stash_item") + 1    # the seq after it
    old = {k: v for k, v in states[at - 1].items() if k not in ("voted", "tally")}
    old["stash"] = [{item: 0 for item in ITEMS} for _ in range(4)]
    old["stash"][1]["crowbar"] = 1
    old["pending_item"] = None
    store, sid = saved(setup, actions, snapshots=[(at, old)])
    session = Session.load(store, sid)
    assert session.state == session.replay() == states[-1]
    pending = dict(old, phase="stash_item", pending_item=1, stash=[{item: 0 for item in ITEMS} for _ in range(4)])
    assert GAME.upgrade(pending)["stash"] == [0, 1, 0, 0] and GAME.upgrade(pending)["phase"] == "new_scheme"


# -- the gun ------------------------------------------------------------------------------

def to_the_gun(players=5, soap=0, **options):
    """Five successful Schemes: every Scheme needs 3 cards, every reveal is clean. A secret vote unless told."""
    options.setdefault("vote", "secret")
    t = Table(players, guard=players - 1, soap=soap, required=3, **options)
    while t.s["scored"] < 5:
        me = t.s["soap"]
        if t.s["phase"] == "turn" and not t.s["acted"]:
            if t.s["hands"][me] > 0:
                t.do("play_card", target=targets(t.s, me)[0])
            else:
                t.do("draw_card")
        elif t.s["phase"] == "resolution":
            t.do("reveal", repeats=False, backstabs=0)
        elif t.s["phase"] == "new_scheme":
            t.do("new_scheme", required=3)
        else:
            t.do("pass_soap")
    return t


def test_the_fifth_success_brings_the_gun_in_and_clears_the_table():
    t = to_the_gun()
    assert t.s["phase"] == "gun_vote" and all(scheme is None for scheme in t.s["schemes"])
    assert t.s["guard"] is None and t.s["removed"] > 0
    assert sum(t.s["stash"]) == 0
    summary = GAME.summary(t.s, Catalogue("en"))
    assert summary["banner"] == "The gun is inside!"


def vote(t, votes):
    """A secret vote: votes[seat] is whom that seat votes for. The ballots stay out of
    the game (the pads and the screen hold them); their totals come in as one action."""
    ballot = GAME.ballot(t.s)
    assert ballot.voters == tuple((t.s["soap"] + i) % len(votes) for i in range(len(votes)))
    action = ballot.count(dict(enumerate(votes)))
    assert set(action) == {"type", "tally"} and action["type"] == "secret_vote"    # no voter named in it
    t.do(action["type"], tally=action["tally"])


def test_a_secret_vote_comes_in_as_its_totals_alone():
    t = to_the_gun(5)
    assert [spec.type for spec in t.legal()] == ["secret_vote"] and t.legal()[0].player is None
    soap = t.s["soap"]                          # the screen asks from the Soap holder round to the left
    assert GAME.ballot(t.s).voters == tuple((soap + i) % 5 for i in range(5))
    assert GAME.ballot(t.s).candidates == (0, 1, 2, 3, 4)
    summary = GAME.summary(t.s, Catalogue("en"))
    assert summary["headline"] == "The gun vote"
    assert summary["prompt"] == "Secret vote: on your pad, or on the screen in turn."
    # one ballot at a time is no action any more: only the totals, adding up to every vote
    assert t.refused("vote", player=0, target=2) == "snitch_not_now"
    assert t.refused("secret_vote", tally=[0, 0, 4, 0, 0]) == "snitch_bad_tally"
    assert t.refused("secret_vote", tally=[0, 0, 5, 0]) == "snitch_bad_tally"
    assert t.refused("open_vote", target=2) == "snitch_vote_secret"
    t.do("secret_vote", tally=[0, 1, 3, 0, 1])
    assert t.s["gun"] == 2 and t.s["phase"] == "shoot" and t.s["tally"] == [0, 1, 3, 0, 1]
    assert t.s["votes"] == [None] * 5            # nobody's ballot is anywhere in the state
    assert "Votes: Cy 3, Bob 1, Eve 1" in GAME.summary(t.s, Catalogue("en"))["lines"]
    assert cues.TAP in t.cues


def test_an_open_vote_the_table_counts_the_hands_and_enters_who_gets_the_gun():
    t = to_the_gun(5, soap=1, vote="open")
    assert GAME.ballot(t.s) is None                      # nothing for the pads or the screen to hold
    (spec,) = t.legal()
    assert spec.type == "open_vote" and spec.player is None and spec.params["target"].choices == (0, 1, 2, 3, 4)
    summary = GAME.summary(t.s, Catalogue("en"))
    assert summary["prompt"] == "Hands up: who gets the gun? A tie: Ann (Soap) decides."
    assert "Handzeichen" in GAME.summary(t.s, Catalogue("de"))["prompt"]
    assert t.refused("secret_vote", tally=[0, 0, 5, 0, 0]) == "snitch_vote_open"
    t.do("open_vote", target=3)
    assert t.s["gun"] == 3 and t.s["phase"] == "shoot" and t.s["tally"] is None
    assert not any(line.startswith("Votes:") for line in GAME.summary(t.s, Catalogue("en"))["lines"])


def test_an_open_vote_says_the_majority_rule_the_table_plays():
    t = to_the_gun(5, soap=1, vote="open", majority="half")
    assert GAME.summary(t.s, Catalogue("en"))["prompt"] == "Hands up for the gun: over half wins, else Ann decides."


def test_gun_vote_reading():
    # "most": the most votes; a tie among the leaders is the Soap holder's
    assert gun_vote_result([0, 0, 2, 2, 1]) == (None, [2, 3])
    assert gun_vote_result([0, 0, 3, 1, 1]) == (2, [2])
    assert gun_vote_result([1, 1, 2, 1, 1, 0]) == (2, [2])
    # "half": more than half of the votes; otherwise the Soap holder picks among those who got one
    assert gun_vote_result([0, 0, 3, 1, 1], "half") == (2, [2])
    assert gun_vote_result([1, 1, 2, 1, 1, 0], "half") == (None, [0, 1, 2, 3, 4])
    assert gun_vote_result([0, 0, 2, 2, 0, 0], "half") == (None, [2, 3])
    assert gun_vote_result([0, 3, 0, 3, 0, 0], "half") == (None, [1, 3])


def test_gun_vote_majority():
    t = to_the_gun(5)
    vote(t, [2, 2, 2, 3, 1])
    assert t.s["gun"] == 2 and t.s["phase"] == "shoot" and t.s["current"] == 2
    assert "Votes: Cy 3, Bob 1, Dee 1" in GAME.summary(t.s, Catalogue("en"))["lines"]


def test_with_more_than_half_required_a_mere_lead_goes_to_the_soap_holder():
    t = to_the_gun(5, majority="half")
    vote(t, [2, 2, 1, 3, 4])                  # Cy 2 of 5: the most, but not more than half
    assert t.s["phase"] == "tie_break" and t.s["tied"] == [1, 2, 3, 4]
    (spec,) = t.legal()
    assert spec.player == t.s["soap"] and spec.params["target"].choices == (1, 2, 3, 4)
    assert t.refused("break_tie", target=0) == "snitch_not_tied"     # Ann got no vote
    t.do("break_tie", target=4)
    assert t.s["gun"] == 4
    t = to_the_gun(5)                         # the same votes, read as "the most votes": Cy
    vote(t, [2, 2, 1, 3, 4])
    assert t.s["gun"] == 2


def test_gun_vote_tie_is_broken_by_the_soap_holder():
    t = to_the_gun(4)
    vote(t, [1, 1, 3, 3])
    assert t.s["phase"] == "tie_break" and t.s["tied"] == [1, 3]
    (spec,) = t.legal()
    assert spec.player == t.s["soap"] and spec.params["target"].choices == (1, 3)
    assert t.refused("break_tie", target=0) == "snitch_not_tied"
    t.do("break_tie", target=3)
    assert t.s["gun"] == 3 and t.s["phase"] == "shoot"


def test_help_gives_the_rulebooks_words_and_this_games_reading_first():
    en = Catalogue("en")
    for rule, first, other in (("most", "the most votes", "more than half"), ("half", "more than half", "the most")):
        t = Table(4, required=None, vote="secret", majority=rule)
        paragraphs = GAME.help(en, t.s)
        (quote,) = [p for p in paragraphs if "rulebook's words" in p]
        assert "With no majority, the player with the Soap breaks the tie." in quote
        (mine,) = [p for p in paragraphs if p.startswith("This game reads")]
        (theirs,) = [p for p in paragraphs if p.startswith("The other reading")]
        assert first in mine and other in theirs
        assert any(p.startswith("This game votes in secret") for p in paragraphs)
    assert any("Handzeichen" in p for p in GAME.help(Catalogue("de"), Table(4, required=None).s))


def test_the_snitch_receiving_the_gun_wins_at_once():
    t = to_the_gun(5)
    vote(t, [4] * 5)
    t.do("snitch_has_gun")
    assert t.s["outcome"] == "snitch_gun" and t.s["winners"] == [4] and t.s["finished"]
    assert cues.ALARM in t.cues
    assert GAME.summary(t.s, Catalogue("en"))["banner"] == "The Snitch got the gun and wins!"


def test_the_gun_holder_cannot_shoot_themselves():
    t = to_the_gun(5)
    vote(t, [4] * 5)
    assert t.refused("shoot", target=4) == "snitch_shoot_self"
    assert t.choices("shoot", "target") == [0, 1, 2, 3]
    assert t.refused("shoot", player=1, target=2) == "snitch_not_your_turn"


# -- the escape ---------------------------------------------------------------------------

def to_the_escape(players=5, gun=2, shot=4):
    t = to_the_gun(players)
    vote(t, [gun] * players)
    if shot is None:
        t.do("hold_fire")
    else:
        t.do("shoot", target=shot)
    return t


def test_everybody_but_the_shot_player_plays_once_then_the_gun_holder_picks():
    t = to_the_escape(5, gun=2, shot=4)
    assert t.choices("escape_card", "seat") == [0, 1, 2, 3]
    assert t.refused("escape_card", seat=4) == "snitch_shot_cannot_play"
    for seat in (3, 0, 2):
        t.do("escape_card", seat=seat, source="hand")
    assert t.refused("escape_card", seat=3) == "snitch_escape_order"
    assert t.choices("escape_card", "seat") == [1]
    contacts = t.s["contacts"]
    t.do("escape_card", seat=1, source="deck")                 # the top of the Prison Contacts Deck
    assert t.s["contacts"] == contacts - 1
    assert t.choices("escape_card", "seat") == [0, 1, 2, 3]  # now anybody the gun holder picks, again
    t.do("escape_card", seat=3)
    assert t.s["phase"] == "escape"
    t.do("escape_card", seat=3)
    assert t.s["phase"] == "escape_reveal" and len(t.s["escape"]) == 6
    (spec,) = t.legal()
    assert spec.params["escape_plans"].maximum == 3


def test_six_players_nobody_shot_play_one_card_each():
    t = to_the_escape(6, gun=0, shot=None)
    for seat in (5, 4, 3, 2, 1):
        t.do("escape_card", seat=seat)
    assert t.choices("escape_card", "seat") == [0]
    t.do("escape_card", seat=0)
    assert t.s["phase"] == "escape_reveal"


def escape_with(t, **reveal):
    for _ in range(6):
        t.do("escape_card", seat=t.choices("escape_card", "seat")[0], source="hand")
    t.do("escape_reveal", **reveal)


def test_escape_plans_are_jokers():
    t = to_the_escape(5, gun=2, shot=4)
    for _ in range(6):
        t.do("escape_card", seat=t.choices("escape_card", "seat")[0], source="hand")
    # 3 Escape Plans: only 3 Prison Contacts can show Backstab icons or repeat
    assert t.refused("escape_reveal", escape_plans=3, repeats=False, backstabs=4) == "snitch_backstabs"
    assert t.refused("escape_reveal", escape_plans=4, repeats=False, backstabs=0) == "snitch_escape_plans"
    t.do("escape_reveal", escape_plans=3, repeats=False, backstabs=1)
    assert t.s["outcome"] == "escape_succeeded" and cues.SUCCESS in t.cues


def test_with_escape_plans_the_other_contacts_may_still_repeat():
    t = to_the_escape(5)
    for _ in range(6):
        t.do("escape_card", seat=t.choices("escape_card", "seat")[0], source="hand")
    t.do("escape_reveal", escape_plans=3, repeats=True, backstabs=0)   # 3 contacts can still repeat
    assert t.s["outcome"] == "escape_failed"


def test_escape_plans_come_only_from_hands():
    t = to_the_escape(5)
    for _ in range(6):
        t.do("escape_card", seat=t.choices("escape_card", "seat")[0], source="deck")
    (spec,) = t.legal()
    assert spec.params["escape_plans"].maximum == 0
    assert t.refused("escape_reveal", escape_plans=1, repeats=False, backstabs=0) == "snitch_escape_plans"


def test_escape_success_the_snitch_and_the_shot_player_lose():
    t = to_the_escape(5, gun=2, shot=4)
    escape_with(t, escape_plans=0, repeats=False, backstabs=1)
    assert t.s["outcome"] == "escape_succeeded" and t.s["phase"] == "final_reveal"
    t.do("reveal_snitch", seat=1)
    assert t.s["winners"] == [0, 2, 3]
    summary = GAME.summary(t.s, Catalogue("en"))
    assert summary["prompt"] == "Winners: Ann, Cy, Dee." and summary["banner"] == "The escape succeeded!"


def test_the_escape_counts_its_cards_plans_and_icons_in_the_right_form():
    en, de = Catalogue("en"), Catalogue("de")
    t = to_the_escape(5, gun=2, shot=4)
    for _ in range(4):                              # everybody but the shot player once
        t.do("escape_card", seat=t.choices("escape_card", "seat")[0], source="hand")
    assert GAME.summary(t.s, en)["prompt"] == "Cy: who adds another card? 2 still needed."
    assert GAME.summary(t.s, de)["prompt"] == "Cy: Wer legt noch eine Karte? Es fehlen 2."
    t.do("escape_card", seat=t.choices("escape_card", "seat")[0], source="hand")
    assert GAME.summary(t.s, en)["prompt"] == "Cy: who adds another card? 1 still needed."
    assert GAME.summary(t.s, de)["prompt"] == "Cy: Wer legt noch eine Karte? Es fehlt 1."
    t.do("escape_card", seat=t.choices("escape_card", "seat")[0], source="hand")
    t.do("escape_reveal", escape_plans=1, repeats=False, backstabs=1)
    assert "Escape: 1 Escape Plan, repeats: no, 1 Backstab icon" in GAME.summary(t.s, en)["lines"]
    assert "Flucht: 1 Fluchtplan, doppelt: nein, 1 Verrats-Symbol" in GAME.summary(t.s, de)["lines"]
    t = to_the_escape(5, gun=2, shot=4)
    escape_with(t, escape_plans=2, repeats=False, backstabs=0)
    assert "Escape: 2 Escape Plans, repeats: no, 0 Backstab icons" in GAME.summary(t.s, en)["lines"]
    assert "Flucht: 2 Fluchtpläne, doppelt: nein, 0 Verrats-Symbole" in GAME.summary(t.s, de)["lines"]


def test_escape_success_without_snitch_or_shot_everybody_wins():
    t = to_the_escape(5, gun=2, shot=None)
    escape_with(t, escape_plans=2, repeats=False, backstabs=0)
    t.do("no_snitch")
    assert t.s["winners"] == [0, 1, 2, 3, 4]


def test_escape_failure_the_snitch_wins_even_when_shot():
    t = to_the_escape(5, gun=2, shot=4)
    escape_with(t, escape_plans=0, repeats=False, backstabs=2)
    assert t.s["outcome"] == "escape_failed" and cues.ALARM in t.cues
    t.do("reveal_snitch", seat=4)
    assert t.s["winners"] == [4]


def test_escape_failure_without_a_snitch_nobody_wins():
    t = to_the_escape(5, gun=2, shot=4)
    escape_with(t, escape_plans=1, repeats=True, backstabs=0)
    t.do("no_snitch")
    assert t.s["winners"] == []


def test_winners_function():
    assert winners("deck_out", 3, None, 5) == [3]
    assert winners("deck_out", None, None, 5) == []
    assert winners("escape_failed", 1, 1, 5) == [1]
    assert winners("escape_succeeded", 1, 3, 5) == [0, 2, 4]
    assert winners("escape_succeeded", None, None, 4) == [0, 1, 2, 3]


# -- texts, errors, cues -----------------------------------------------------------------

def test_catalogues_have_the_same_keys_and_fields():
    import pathlib

    from catalogue import forms, read, shown
    root = pathlib.Path(__file__).parent.parent / "companion" / "games" / "snitch" / "locale"
    en, de = read(root / "en.ftl"), read(root / "de.ftl")
    assert set(en) == set(de)
    for key in en:
        assert key.startswith(("snitch.", "error.snitch_", "result.snitch.", "stats.snitch_")), key
        assert shown(en[key]) == shown(de[key]), key
        assert forms(en[key]) != forms(de[key]) or key == "snitch.title", key


def test_every_label_is_in_the_catalogue():
    t = Table(5, required=None)
    seen = set()
    rng = random.Random(3)
    for _ in range(3000):
        legal = GAME.legal_actions(t.state)
        for spec in legal:
            seen.add(spec.label)
            seen.update(p.label for p in spec.params.values())
        if t.state["phase"] == "over":
            t = Table(5, required=None)
            continue
        spec = rng.choice(legal)
        action = random_action(spec, rng)
        try:
            t.do(action.pop("type"), **action)
        except IllegalAction:
            pass
    seen |= {o.label for o in GAME.options} | {GAME.title} | set(GAME.help_keys)
    for key in seen:
        assert key in texts("en") and key in texts("de"), key


def test_errors_are_said_in_both_languages():
    t = Table(5)
    with pytest.raises(IllegalAction) as info:
        GAME.resolve(t.s, {"type": "pass_soap"}, t.rng)
    assert Catalogue("de").error(info.value) == ("Erst eine Karte spielen, eine Karte ziehen oder einen Gegenstand "
                                                 "benutzen, dann die Seife weitergeben.")
    assert "pass the Soap" in str(info.value)
    with pytest.raises(IllegalAction) as info:
        GAME.resolve(t.s, {"type": "teleport"}, t.rng)
    assert info.value.key == "unknown_action"


# -- random play, deeper than the generic property test ------------------------------------

def biased(action, rng):
    """A random player that lets Schemes and escapes succeed often enough to reach the end."""
    if action["type"] in ("reveal", "escape_reveal") and rng.random() < 0.8:
        action["repeats"] = False
        action["backstabs"] = rng.randint(0, 1)
        action["own_contact"] = False
    return action


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 2**32 - 1))
def test_random_whole_games_keep_every_invariant(seed):
    rng = random.Random(seed)
    players = [f"P{i}" for i in range(rng.randint(4, 6))]
    session = Session.create(Store.memory(), "snitch", players,
                             {"easier": rng.random() < 0.5, "harder": rng.random() < 0.5,
                              "vote": rng.choice(["open", "secret"]), "majority": rng.choice(["most", "half"])},
                             rng=rng)
    catalogues = [Catalogue("en"), Catalogue("de")]
    for _ in range(600):
        state = session.state
        GAME.check_invariants(state)
        for t in catalogues:
            for text in all_texts(GAME.summary(state, t)):
                assert "{" not in text and "snitch." not in text, text
        legal = GAME.legal_actions(state)
        if not legal:
            assert state["phase"] == "over"
            break
        action = biased(random_action(rng.choice(legal), rng), rng)
        try:
            session.act(action)
        except IllegalAction:
            assert session.state == state
    assert session.replay() == session.state
    assert session.state["phase"] in ("over", "final_reveal") or len(session.actions()) > 0


def test_random_games_reach_every_phase():
    reached = set()
    for seed in range(150):
        rng = random.Random(seed)
        t = Table(rng.randint(4, 6), required=None, rng=rng, vote=rng.choice(["open", "secret"]),
                  majority=rng.choice(["most", "half"]))
        for _ in range(800):
            reached.add(t.state["phase"])
            legal = GAME.legal_actions(t.state)
            if not legal:
                break
            action = biased(random_action(rng.choice(legal), rng), rng)
            try:
                t.do(action.pop("type"), **action)
            except IllegalAction:
                pass
    assert reached == {"setup", "turn", "resolution", "new_scheme", "gun_vote", "tie_break",
                       "shoot", "escape", "escape_reveal", "final_reveal", "over"}


def test_total_cards_stay_54():
    assert TOTAL_CARDS == 54
