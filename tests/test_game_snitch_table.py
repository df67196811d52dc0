"""The Snitch on the table view (issue 33): what the game gives the one screen, in every
state random play reaches, in English and German. A seat's token holds at most two short
figures; the pieces at a seat are one-word tokens; the prompt is at most two short lines
(no list, no rules text) and asks for the step the first button makes; the end is a
ranked scoreboard in the game's words; the Log says what happened, in the past tense."""
import functools
import random
import re

import pytest

from companion.games.snitch import GAME
from companion.i18n import Catalogue
from companion.players import make_table
from random_play import random_action, random_options
from ui.actions import describe, find_spec, group_actions, panel

# The table: names of up to five letters, as most are
NAMES = ["Anna", "Ben", "Cleo", "Dora", "Emil", "Fritz"]
LANGS = ("en", "de")
PROMPT_MOST = 66            # two short lines at 24 px in the board's ~420 px
HEADLINE_MOST = 24          # one line in the top strip (~200-330 px at 24 px)
FIGURE_MOST = 12            # a figure on a seat's token
# The moves the Log words itself ("snitch.done.<type>" or log_words): every one a table can make now
WORDED = {"cards_ready", "scheme", "pick_guard", "pick_soap", "play_card", "draw_card", "use_item", "pass_soap",
          "refuse", "reveal", "new_scheme", "open_vote", "secret_vote", "break_tie", "shoot", "hold_fire",
          "snitch_has_gun", "escape_card", "escape_reveal", "reveal_snitch", "no_snitch"}
PAST = {"en": re.compile(r"\b(?:\w+ed|drew|laid|got|began|shot|had|gave|was|were|won)\b"),
        "de": re.compile(r"\b(?:hat|hatte|ist|wurde|wurden)\b")}
# What the prompt asks, by phase: the first button (the table view's primary), or the turn's end
PRIMARY = {"resolution": {"reveal"}, "new_scheme": {"new_scheme"}, "gun_vote": {"open_vote", "secret_vote"},
           "tie_break": {"break_tie"}, "shoot": {"shoot"}, "escape": {"escape_card"},
           "escape_reveal": {"escape_reveal"}, "final_reveal": {"reveal_snitch"}}
SETUP = {"cards": "cards_ready", "schemes": "scheme", "guard": "pick_guard", "soap": "pick_soap"}


@functools.cache
def play(seed):
    """One game by random play (tests/random_play.py): the Soap holder mostly plays a card,
    and most reveals succeed, so games reach the gun, the escape and every end. Each
    (state, action made in it or None at the end, the state's legal actions), played once
    a worker: two tests read them."""
    return tuple(_play(seed))


def _play(seed):
    rng = random.Random(seed)
    state = GAME.setup(make_table(NAMES[:rng.randint(4, 6)]), GAME.check_options(random_options(GAME, rng)), 0, rng)
    while True:
        legal = GAME.legal_actions(state)
        if not legal:
            yield state, None, legal
            return
        plays = [spec for spec in legal if spec.type == "play_card"]
        spec = rng.choice(plays) if plays and rng.random() < 0.8 else rng.choice(legal)
        action = random_action(spec, rng)
        if action["type"] == "reveal" and rng.random() < 0.85:
            action.update(repeats=False, backstabs=rng.choice([0, 1]))
            action.pop("own_contact", None)
        if action["type"] == "escape_reveal":         # Escape Plans have no Backstab icon
            action["backstabs"] = min(action["backstabs"], 6 - action["escape_plans"])
        action = GAME.resolve(state, action, rng)
        yield state, action, legal
        state = GAME.apply(state, action)


GAMES = range(30)


def primary(state, legal):
    """The type the table view's big button makes, else the turn's end (the only step left)."""
    ready = panel(group_actions(legal), state.get("current"))
    return ready.primary.type if ready.primary else ready.end_turn.type if ready.end_turn else None


@pytest.mark.parametrize("seed", GAMES)
def test_every_state_fits_the_table_view_and_the_log_says_what_happened(seed):
    cats = {lang: Catalogue(lang) for lang in LANGS}
    for state, action, legal in play(seed):
        n = len(state["players"])
        for lang, t in cats.items():
            summary, board = GAME.summary(state, t), GAME.board(state, t)
            assert board.problems(n) == []
            prompt = summary["prompt"]
            assert 0 < len(prompt) <= PROMPT_MOST and "\n" not in prompt, (lang, prompt)
            assert "as listed" not in prompt and "aufgelistet" not in prompt
            assert 0 < len(summary["headline"]) <= HEADLINE_MOST, summary["headline"]
            for view in board.seats:
                assert 1 <= len(view.figures) <= 2 and all(len(f) <= FIGURE_MOST for f in view.figures), view
            for token in board.tokens:
                if token.key in ("soap", "guard", "gun"):
                    assert " " not in (token.short or token.label), token
            assert all(len(tags) <= 2 for tags in summary["badges"].values()), summary["badges"]
            if state["phase"] == "over":
                check_scores(state, board.scores, t)
            else:
                assert board.scores == ()
            if action is not None and action["type"] in WORDED:
                _seat, said = describe(t, GAME, state["players"], state, action)
                assert PAST[lang].search(said), (lang, action, said)
                spec = find_spec(legal, action)
                assert t(spec.label) not in said, (lang, said)     # what happened, not the button's words
        if action is not None:
            check_primary(state, legal)


def check_primary(state, legal):
    phase, made = state["phase"], primary(state, legal)
    if phase == "setup":
        assert made == SETUP[state["step"]]
    elif phase == "turn":
        if not state["acted"]:          # play a card, or draw one when the hand is empty
            assert made == ("play_card" if state["hands"][state["soap"]] else "draw_card")
        else:                           # the owner may refuse the card first; else End turn
            assert made == ("refuse" if GAME.refuser(state) is not None else "pass_soap")
    else:
        assert made in PRIMARY[phase], (phase, made)


def check_scores(state, scores, t):
    """Every seat once, the winners first at rank 1, equal ends at equal ranks, each
    end said in the game's words."""
    assert sorted(score.seat for score in scores) == list(range(len(state["players"])))
    ranks = [score.rank for score in scores]
    assert ranks == sorted(ranks) and ranks[0] == 1
    assert [score.seat for score in scores if score.winner] == sorted(state["winners"])
    assert all(score.rank == 1 for score in scores if score.winner)
    for a in scores:
        for b in scores:
            assert (a.rank == b.rank) == (a.winner == b.winner or not state["winners"])
    assert all(score.outcome and score.outcome != "snitch.score" for score in scores)


def test_random_play_reaches_every_end():
    """The games above are no blind eye: they reach each of the rulebook's ends."""
    ends = {state["outcome"] for seed in GAMES for state, action, _ in play(seed) if action is None}
    assert ends == {"deck_out", "snitch_gun", "escape_failed", "escape_succeeded"}


@pytest.mark.parametrize("lang, end_turn", [("en", "End turn"), ("de", "Zug beenden")])
def test_the_soap_passes_with_end_turn_as_in_every_game(lang, end_turn):
    assert Catalogue(lang)("snitch.action.pass_soap") == end_turn


def test_the_setup_says_where_the_list_is_and_the_list_is_in_help():
    en, de = Catalogue("en"), Catalogue("de")
    state = GAME.setup(make_table(NAMES[:5]), GAME.check_options({}), 0, random.Random(1))
    summary = GAME.summary(state, en)
    assert summary["prompt"] == "Lay out the cards as Help lists them, then tap Cards ready."
    assert GAME.summary(state, de)["prompt"] == "Karten auslegen (siehe Hilfe), dann „Karten bereit“ tippen."
    assert summary["lines"][0].startswith("1. Put 7 random Prison Contacts face down")    # Help's first section
    assert en(GAME.legal_actions(state)[0].label) == "Cards ready"


def test_the_deck_counts_down_to_the_riot_in_a_word_and_the_pieces_sit_at_their_seats():
    from test_game_snitch import Table, stash
    t = Table(5, guard=1, soap=0)
    en, de = Catalogue("en"), Catalogue("de")
    deck = GAME.board(t.s, en).counters[0]
    assert (deck.key, deck.value, deck.total, deck.big, deck.short) == ("deck", 18, 18, True, "Interrogation")
    assert deck.marks == ((7, "riot in 11"), (0, "time is up"))
    assert GAME.board(t.s, de).counters[0].marks[0] == (7, "Aufstand in 11")
    assert [(c.key, c.short) for c in GAME.board(t.s, en).counters[1:]] == [("contacts", "Contacts"),
                                                                              ("gun_pile", "Gun")]
    board = GAME.board(t.s, en)
    assert {(k.key, k.seat, k.short or k.label) for k in board.tokens} == {("soap", 0, "Soap"), ("guard", 1, "Guard")}
    assert [v.figures for v in board.seats[3:]] == [("4 cards", "Scheme 0/3"), ("3 cards", "Scheme 0/3")]
    assert GAME.board(t.s, de).seats[4].figures == ("3 Karten", "Plan 0/3")
    stash(t, 2, "key")          # Items face down: how many, a piece at the seat, never which
    (items,) = [k for k in GAME.board(t.s, en).tokens if k.key.startswith("stash")]
    assert (items.seat, items.short, items.label) == (2, "1 Item", "1 Item face down")
    while not t.s["riot"]:
        t.turn_draw()
    assert GAME.board(t.s, en).counters[0].marks[0] == (7, "riot!")
    assert GAME.board(t.s, en).counters[0].value == 7


def test_the_key_puts_its_draws_on_the_board_and_the_prompt_says_draw_now():
    from test_game_snitch import Table, stash
    t = Table(5, guard=3, soap=0)
    stash(t, 0, "key")
    t.do("use_item", item="key")
    en = Catalogue("en")
    (area,) = GAME.board(t.s, en).areas
    assert (area.key, area.label, area.facts) == ("draws", "Draw now", ("Contacts: Ann\u00a01, Bob\u00a01, "
                                                                        "Eve\u00a01",))
    assert GAME.summary(t.s, en)["prompt"] == "Draw now. Ann: End turn; the Soap goes to Bob."
    t.do("pass_soap")
    assert GAME.board(t.s, en).areas == ()


def test_the_end_ranks_the_winners_first_in_the_games_words():
    from test_game_snitch import Table
    en, de = Catalogue("en"), Catalogue("de")
    state = dict(Table(5).s, phase="over", finished=True, outcome="escape_succeeded", snitch=1, shot=3, gun=0,
                 winners=[0, 2, 4])
    scores = GAME.board(state, en).scores
    assert [(s.seat, s.rank, s.winner, s.outcome) for s in scores] == [
        (0, 1, True, "escaped"), (2, 1, True, "escaped"), (4, 1, True, "escaped"),
        (1, 4, False, "the Snitch, left behind"), (3, 4, False, "shot")]
    assert [s.outcome for s in GAME.board(state, de).scores][3:] == ["Spitzel, zurückgelassen", "erschossen"]
    gun = dict(state, outcome="snitch_gun", snitch=0, shot=None, winners=[0])
    assert [(s.seat, s.rank, s.outcome) for s in GAME.board(gun, en).scores][:2] == [
        (0, 1, "won with the gun"), (1, 2, "the Snitch got the gun")]
    nobody = dict(state, outcome="deck_out", snitch=None, shot=None, winners=[])
    assert {(s.rank, s.outcome) for s in GAME.board(nobody, en).scores} == {(1, "time ran out")}


def test_the_log_says_who_did_what_in_the_past_tense():
    from test_game_snitch import Table
    t = Table(5, guard=1, soap=0, required=2)
    players = t.s["players"]
    en, de = Catalogue("en"), Catalogue("de")

    def said(lang, kind, **args):
        before = t.s
        action = GAME.resolve(before, {"type": kind, **args}, t.rng)
        words = describe({"en": en, "de": de}[lang], GAME, players, before, action)[1]
        return words

    assert said("en", "play_card", target=1) == "Ann played a card under Bob's Scheme"
    assert said("de", "play_card", target=1) == "Ann hat eine Karte unter Bobs Plan gespielt"
    t.do("play_card", target=1)
    assert said("en", "pass_soap") == "Ann passed the Soap to Bob"
    assert said("de", "pass_soap") == "Ann hat die Seife an Bob weitergegeben"
    t.do("pass_soap")
    assert said("en", "draw_card") == "Bob drew a card"
    t.do("draw_card")
    t.do("pass_soap")
    t.do("play_card", target=1)         # Cy completes Bob's Scheme
    assert said("en", "reveal", repeats=False, backstabs=1) == "Bob's Scheme succeeded (1 Backstab icon)"
    assert said("en", "reveal", repeats=True, backstabs=2) == (
        "Bob's Scheme failed (a Prison Contact repeated, 2 Backstab icons)")
    assert said("de", "reveal", repeats=False, backstabs=2) == "Bobs Plan ist gescheitert (2 Verrats-Symbole)"
