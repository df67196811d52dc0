"""Masterminds: Heist Society on the table view (issue 33), in English and German: in
every state random play reaches, each seat's token holds at most two short figures and
its gems as pips in the one colour order of the bag; the prompt is two short lines at
most; PREP and HEIST are two equal choices; the end is a ranked scoreboard in the game's
words; and the Log says what happened, in the past tense."""
import functools
import random
from pathlib import Path

import pytest

from catalogue import forms, read
from companion.games import GAMES, IllegalAction
from companion.games import heist
from companion.games.heist import PHASES
from companion.games.moves import EQUAL, PLAIN
from companion.i18n import Catalogue
from companion.session import Session
from companion.store import Store
from random_play import random_action, random_options
from ui.actions import by_whom, describe, find_spec

GAME = GAMES["heist"]
LANGS = (Catalogue("en"), Catalogue("de"))
PROMPT_MOST = {"en": 60, "de": 66}      # two lines of ~420 px at 24 px (issue 33)
FIGURE_MOST = 12                         # a figure on a seat token (~185 px)
NAMES = ("Annemarie", "Bartholomäus", "Cleo", "Dörte", "Emil", "Friederike-Sophie")


def played(seed):
    """One seeded random game (tests/random_play.py): its states in order, each action with
    the state it was made in, and each state's legal actions (legal[i] those of states[i],
    so of done[i]'s state too). Every other game heists by Perfection (a skill total of 60),
    so that games reach the end and its scoreboard too."""
    rng = random.Random(seed)
    count = rng.randint(GAME.min_players, GAME.max_players)
    session = Session.create(Store.memory(), "heist", list(NAMES[:count]), random_options(GAME, rng), rng=rng)
    states, done = [session.view], []
    legal = [GAME.legal_actions(states[-1])]
    for _ in range(900):
        if not legal[-1]:
            break
        action = random_action(rng.choice(legal[-1]), rng)
        if seed % 2 and "total" in action:
            action["total"] = 60
        try:
            session.act(action)
        except IllegalAction:
            continue
        done.append((states[-1], session.last_action))
        states.append(session.view)
        legal.append(GAME.legal_actions(states[-1]))
    return session, states, done, legal


@functools.cache
def games_played():
    """The 16 games, played once per worker that runs a test of them (not at import:
    every pytest worker imports every test module to collect it). Their some 600,000
    states live as long as the worker: kept out of the collector's full passes, which
    would otherwise walk them all again each time (tests/conftest.py)."""
    import gc
    games = [played(seed) for seed in range(16)]
    gc.collect()
    gc.freeze()
    return games


@functools.cache
def said(lang):
    """What each state's summary says in this language that the tests read (its headline,
    prompt and badges), by game: made once per worker, as two tests read it (the whole
    summaries of every state would weigh some 150 MB a language)."""
    t = next(t for t in LANGS if t.lang == lang)
    return [[(summary["headline"], summary["prompt"], summary["badges"])
             for summary in (GAME.summary(state, t) for state in states)] for _, states, _, _ in games_played()]


def gem_order(state):
    return state["colours"] + ["clear"]


def test_random_play_reaches_every_phase_and_the_end():
    phases = {state["phase"] for _, states, _, _ in games_played() for state in states}
    assert phases == set(PHASES)
    assert sum(session.finished for session, _, _, _ in games_played()) >= 4


@pytest.mark.parametrize("t", LANGS, ids=lambda t: t.lang)
def test_every_seat_token_has_two_short_figures_at_most_and_gems_as_pips_in_one_order(t):
    for (session, states, _, _), summaries in zip(games_played(), said(t.lang)):
        for state, (_, _, badges) in zip(states, summaries):
            board = GAME.board(state, t)
            if board is None:
                assert state["phase"] == "setup"     # the checklist is the screen
                continue
            assert board.problems(len(state["players"])) == []
            order = gem_order(state)
            assert [c.colour for c in board.counters if c.key.startswith("bag.")] == order   # the bag, that order
            for view, mine in zip(board.seats, state["seats"]):
                assert 1 <= len(view.figures) <= 2 and all(len(f) <= FIGURE_MOST for f in view.figures), view
                assert view.pips == tuple((c, mine["gems"][c]) for c in order if mine["gems"][c])
            for tags in badges.values():
                assert len(tags) <= 2 and all(len(tag) <= FIGURE_MOST for tag in tags), tags
            for token in board.tokens:                # a player's dice on a heist, the faces by step: "A6 B3"
                assert token.colour in state["colours"] and len(token.short) <= len("A6 B6 C6 D6")


@pytest.mark.parametrize("t", LANGS, ids=lambda t: t.lang)
def test_every_prompt_is_two_short_lines_and_every_headline_one(t):
    for (_, states, _, _), summaries in zip(games_played(), said(t.lang)):
        for state, (headline, prompt, _) in zip(states, summaries):
            if state["phase"] == "setup":
                continue       # the setup checklist's words are everybody's (companion/locale), not Heist's
            assert prompt and len(prompt) <= PROMPT_MOST[t.lang], prompt
            short = headline
            for player in state["players"]:
                short = short.replace(player["name"], "")
            assert len(short) <= 24, headline
            assert "heist." not in prompt + headline and "{" not in prompt


def test_prep_and_heist_are_two_equal_choices_in_both_languages():
    for _, _, _, legal in games_played():
        for specs in legal:
            looks = {spec.type: spec.look for spec in specs}
            assert looks.get("prep", EQUAL) == EQUAL and looks.get("attempt", EQUAL) == EQUAL
            assert all(look == PLAIN for kind, look in looks.items() if kind not in ("prep", "attempt"))
    en, de = LANGS
    assert (en("heist.action.prep"), en("heist.action.attempt")) == ("Prep turn", "Heist step")
    assert (de("heist.action.prep"), de("heist.action.attempt")) == ("Vorbereitung", "Heist-Schritt")


# Words of the English rulebook that German says in German, one word for each meaning:
# Vorbereitung (PREP turn), Heist-Schritt (HEIST), Fehlschlag (Failure), Patt (Push), Beute
# (TAKE), Versorgung (upkeep). A card keeps its printed name (PREP-Karte); a heading
# quoted from the English rulebook stays as printed (".where").
NOT_GERMAN = ("PREP-Zug", "HEIST", "Failure", "Push", "TAKE", "BEUTE", "Unterhalt")


def test_german_says_the_game_in_german_one_word_a_meaning():
    de = read(Path(heist.__file__).parent / "locale" / "de.ftl")
    found = [(key, word) for key, message in de.items() if not key.endswith(".where") and key != "heist.title"
             for text in forms(message) for word in NOT_GERMAN if word in text]
    assert found == []


@pytest.mark.parametrize("t", LANGS, ids=lambda t: t.lang)
def test_the_end_is_a_ranked_scoreboard_in_the_games_words(t):
    ended = [states[-1] for session, states, _, _ in games_played() if session.finished]
    assert ended
    for state in ended:
        scores = GAME.board(state, t).scores
        assert sorted(s.seat for s in scores) == list(range(len(state["players"])))
        totals = [s.total for s in scores]
        assert totals == sorted(totals, reverse=True)
        assert [s.rank for s in scores] == [1 + sum(other > total for other in totals) for total in totals]
        assert {s.seat for s in scores if s.rank == 1} == set(state["winners"]) == {s.seat for s in scores if s.winner}
        for score in scores:
            heists = len(state["seats"][score.seat]["heists"])
            assert score.outcome == t("heist.outcome.mastermind" if score.winner else "heist.outcome.haul",
                                      heists=heists, held=sum(state["seats"][score.seat]["gems"].values()))
            assert sum(points for _, points in score.parts) == score.total


@pytest.mark.parametrize("t", LANGS, ids=lambda t: t.lang)
def test_the_log_says_what_happened_in_the_past_tense(t):
    """Every move random play made is said in Heist's own words (its log_words or a
    "heist.done.<type>"), never as the button that was pressed ("Ann: Prep turn")."""
    for session, _, done, legal in games_played():
        players = session.setup["players"]
        for (before, action), specs in zip(done, legal):
            kind = action["type"]
            own = GAME.log_words(action, players, t) is not None or t(f"heist.done.{kind}") != f"heist.done.{kind}"
            assert own, kind
            seat, said = describe(t, GAME, players, before, action)
            spec = find_spec(specs, action)
            assert said != by_whom(t, players, seat, t(spec.label)) and not said.startswith(f"{t(spec.label)}")
            assert "heist." not in said and "{" not in said, said


def test_the_log_in_words_a_player_reads():
    en, de = LANGS
    players = [{"name": "Ann", "colour": "orange"}, {"name": "Bob", "colour": "sky"}]
    roll = {"type": "roll", "player": 0, "dice": [4], "modifier": -1, "manual": True, "heist": 1, "step": 1,
            "challenge": 12, "score": 12, "result": "push"}
    assert en.lang == "en" and GAME.log_words(roll, players, en) == "Ann rolled 4 (-1): 12 against 12, Push · (real die)"
    assert GAME.log_words(roll, players, de) == "Ann würfelte 4 (-1): 12 gegen 12, Patt · (echter Würfel)"
    old = {k: v for k, v in roll.items() if k not in ("score", "result", "challenge")}   # saved before the result was
    assert GAME.log_words(old, players, en) is None and en("heist.done.roll", name="Ann", dice="4") == "Ann rolled 4"
    complete = {"type": "complete", "player": 1, "heist": 0, "gems": ["sky", "orange", "sky"], "bonus": "clear",
                "bonus_due": True}
    assert GAME.log_words(complete, players, en) == \
        "Bob completed Heist 1 and took 1 orange, 2 sky blue, and a bonus gem: clear"
    assert GAME.log_words({"type": "roll_value", "player": 1, "dice": [5]}, players, de) == \
        "Bob würfelte 5: Jeder Edelstein in himmelblau zählt 5"
    lay = {"type": "lay_heist", "slot": 2, "a": 5, "b": 6, "c": 7, "d": 8, "take": 4, "name": "Museum"}
    assert GAME.log_words(lay, players, en) == "Heist 3 (Museum) laid out: A 5 · B 6 · C 7 · D 8, TAKE 4"
    assert GAME.log_words(dict(lay, name=""), players, de) == "Heist 3 ausgelegt: A 5 · B 6 · C 7 · D 8, Beute 4"
    assert de("heist.done.set_team", name="Ann", recruits=1) == "Ann setzte das Team auf einen Rekruten"
