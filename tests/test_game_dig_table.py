"""Dig Your Way Out on the table view (issue 33), in English and German: what the game
gives the one screen at 800x480. Every state random play reaches has every Place (a
short name) with every prisoner and Michel(le) on it, at most two short figures per
seat with the tunnel track first, a prompt of at most two short lines, the primary
button what the prompt asks; the end is a ranked scoreboard; the Log says what happened."""
import random
import re

import pytest

from companion.games import GAMES, IllegalAction, checklist, dig
from companion.games.base import EQUAL
from companion.i18n import Catalogue
from companion.session import Session
from companion.store import Store
from random_play import random_action
from ui.actions import describe, group_actions, panel

GAME = GAMES["dig"]
EN, DE = Catalogue("en"), Catalogue("de")
# long names, as a table types them: the prompts and headlines must hold them too
NAMES = ["Alexandrina", "Maximilian", "Konstantin", "Friederike", "Bartholomew", "Gwendolynne"]
PROMPT_MOST = 66          # two short lines at 24 px in ~420 px
HEADLINE_MOST = 36        # the top strip's headline: one line for short names, two for these
FIGURE_MOST = 12          # a figure on a seat's token
SHORT_MOST = 11           # a place's short name: 3 side by side in ~420 px
# the checklist's steps say themselves in their labels ("Board laid out") and who starts in the
# checklist's words, as in every game; the rest say what happened
SAID_BY_LABEL = {"check_step", "skip_setup", "pick_first"}

WALKS = [
    (1, 2, {"michel": "michel", "counters": True}),
    (2, 4, {"michel": "michelle", "teams": "alternate"}),
    (3, 6, {"teams": "halves", "counters": True, "michel": "michel"}),
    (4, 5, {"michel": "michel", "checklist": True}),
    (5, 3, {"michel": "michelle", "counters": True}),
    (6, 6, {"michel": "michelle", "teams": "alternate", "checklist": True}),
    (7, 4, {}),
]


def _walk(seed, count, options, steps=300):
    """Random play, then the tunnel dug to the end: every state with the step that left it."""
    rng = random.Random(seed)
    session = Session.create(Store.memory(), "dig", NAMES[:count], options, rng=rng)
    states, steps_taken = [session.state], []
    for step in range(steps * 2):
        state = session.state
        specs = GAME.legal_actions(state)
        if not specs:
            break
        if step >= steps and state["phase"] == "turn":     # the rest of the way: a tunnel dug to the end
            action = {"type": "adjust", "seat": rng.randrange(count), "what": "tunnel", "delta": 5}
        else:
            action = random_action(rng.choice(specs), rng)
        try:
            session.act(action)
        except IllegalAction:
            continue
        steps_taken.append((state, session.last_action))
        states.append(session.state)
    assert session.state["finished"], "the walk reaches the end"
    return session.state["players"], states, steps_taken


@pytest.fixture(scope="module", params=WALKS, ids=lambda walk: f"{walk[1]}-seats-seed-{walk[0]}")
def walk(request):
    return _walk(*request.param)


def _primary(state):
    legal = GAME.legal_actions(state)
    chosen = panel(group_actions(legal), state.get("current")).primary
    return chosen.type if chosen else None


def _asked(state):
    """The move the prompt asks for first, phase by phase."""
    phase, x = state["phase"], state["extortion"]
    if phase == "setup":
        return "check_step" if checklist.remaining(state) else "pick_first"
    if phase == "turn":
        return "roll" if state["actions_left"] else None          # none left: End turn, always in the bar
    if phase == "extortion":
        return {"draw": "michel_card", "threat": "cooperate", "fight": "fight", "combat": "give_up"}[x["step"]]
    return {"ask_face": "learn_face", "choose_place": "go", "michel": "roll_michel", "over": None}[phase]


def test_every_state_gives_the_table_view_what_it_draws(walk):
    _players, states, _steps = walk
    for state in states:
        count = len(state["players"])
        assert _primary(state) == _asked(state), state["phase"]
        for t in (EN, DE):
            summary = GAME.summary(state, t)
            assert 0 < len(summary["headline"]) <= HEADLINE_MOST, summary["headline"]
            assert 0 < len(summary["prompt"]) <= PROMPT_MOST, summary["prompt"]
            assert "\n" not in summary["prompt"] and not re.search(r"dig\.|\{", summary["prompt"])
            assert all(len(tags) <= 2 and all(len(tag) <= FIGURE_MOST for tag in tags)
                       for tags in summary["badges"].values()), summary["badges"]
            board = GAME.board(state, t)
            if state["phase"] == "setup":
                assert board is None                      # the checklist is the screen
                continue
            assert board.problems(count) == []
            # every Place, by a short name, with every prisoner and Michel(le) on it
            assert [a.key for a in board.areas] == state["places"]
            assert all(a.short and len(a.short) <= SHORT_MOST for a in board.areas), [a.short for a in board.areas]
            on = {token.key: token.place for token in board.tokens}
            assert {f"prisoner.{seat}": p["place"] for seat, p in enumerate(state["prisoners"])}.items() <= on.items()
            assert on.get("michel") == (state["michel"] or {}).get("place")
            assert all(token.short and len(token.short) <= FIGURE_MOST for token in board.tokens)
            # per seat: the tunnel track first (a bar), then at most two short figures
            assert board.tracks[0].key == "tunnel" and board.tracks[0].short
            assert [view.seat for view in board.seats] == list(range(count))
            for view in board.seats:
                assert 1 <= len(view.figures) <= 2 and all(len(f) <= FIGURE_MOST for f in view.figures), view.figures
            assert bool(board.scores) == state["finished"]


def test_the_end_is_a_ranked_scoreboard_in_the_games_words(walk):
    _players, states, _steps = walk
    end = states[-1]
    won = dig.state.winners(end)
    for t, escaped, found in ((EN, "escaped", "tunnel found"), (DE, "geflohen", "Tunnel entdeckt")):
        scores = GAME.board(end, t).scores
        assert sorted(s.seat for s in scores) == list(range(len(end["players"])))
        assert [s.rank for s in scores] == sorted(s.rank for s in scores) and scores[0].rank == 1
        assert {s.seat for s in scores if s.winner} == set(won) == {s.seat for s in scores if s.rank == 1}
        assert [s.outcome for s in scores] == [escaped if s.winner else found for s in scores]
        for better, worse in zip(scores, scores[1:]):    # best first; equal ranks only for equal totals
            assert (better.winner, better.total) >= (worse.winner, worse.total)
            assert (better.rank == worse.rank) == ((better.winner, better.total) == (worse.winner, worse.total))
        for s in scores:
            p = end["prisoners"][s.seat]
            assert s.total == (dig.team_points(end, p["team"]) if p["team"] else p["tunnel"])
            assert sum(points for _words, points in s.parts) == s.total


def test_the_log_says_in_the_past_tense_what_happened(walk):
    players, _states, steps = walk
    seen = set()
    for before, action in steps:
        if action["type"] in SAID_BY_LABEL:
            continue
        seen.add(action["type"])
        for t in (EN, DE):
            _seat, line = describe(t, GAME, players, before, action)
            # a sentence that ends, and after it only the app's own marks (a die entered by hand)
            assert re.fullmatch(r"[^·]+[.!](?: · [^·]+)*", line), line
            assert not re.search(r"dig\.|\{|\[|_", line), line
    assert {"end_turn", "adjust"} <= seen


def test_every_move_has_its_past_tense_words_in_both_languages():
    for move in GAME.moves:
        if move.type in SAID_BY_LABEL:
            continue
        for t in (EN, DE):
            assert t(f"dig.done.{move.type}") != f"dig.done.{move.type}", move.type


def _game(count=2, **options):
    players = [{"name": n, "colour": c, "letter": n[0]} for n, c in zip(NAMES, ("red", "blue", "green", "yellow"))]
    return GAME.setup(players[:count], GAME.check_options(options), 0, random.Random(0))


def _do(state, type_, **fields):
    action = GAME.resolve(state, {"type": type_, **fields}, random.Random(1))
    return GAME.apply(state, action), action


def test_michels_extortion_in_the_log_and_on_the_board():
    """Michelle walks onto Maximilian: the board marks the place and has both there; the Log
    says what the card showed and who gave up, in each language."""
    s = _game(michel="michelle", board={"4": ["cell_block", "showers"]})
    s, _ = _do(s, "end_turn")
    before = s
    s, rolled = _do(s, "roll_michel", dice=[4])            # Showers -> Cell Block, where both stand
    assert s["phase"] == "extortion" and s["extortion"]["victim"] == 0
    board = GAME.board(s, EN)
    cell = next(a for a in board.areas if a.key == "cell_block")
    assert cell.status == "extortion" and cell.short == "Cells"
    assert {t.key for t in board.tokens if t.place == "cell_block"} == {"prisoner.0", "prisoner.1", "michel"}
    assert GAME.summary(s, EN)["headline"] == "Michelle extorts Alexandrina"
    assert GAME.summary(s, EN)["prompt"] == "Draw a Michel card: does it show a Knife?"
    players = s["players"]
    assert describe(EN, GAME, players, before, rolled)[1].startswith("Alexandrina rolled 4 for Michel(le).")
    drawn_before = s
    s, drawn = _do(s, "michel_card", knife=True)
    assert describe(EN, GAME, players, drawn_before, drawn)[1] == "Alexandrina drew a Michel card with a Knife."
    assert describe(DE, GAME, players, drawn_before, drawn)[1] == "Alexandrina zog eine Michel-Karte mit Messer."
    gave_before = s
    s, gave = _do(s, "give_up", has_tool=False, hand=0)
    assert describe(EN, GAME, players, gave_before, gave)[1] == "Alexandrina gave up."
    assert describe(DE, GAME, players, gave_before, gave)[1] == "Alexandrina gab auf."
    figures = GAME.board(s, DE).seats[0].figures
    assert figures == ("Tunnel 0/12", "1x Prügel") and GAME.board(s, EN).seats[0].figures[1] == "1 Beating"
    assert GAME.board(s, DE).seats[1].figures[1] == "keine Prügel"


def test_the_roll_for_michel_and_leaving_them_are_equal_choices():
    s, _ = _do(_game(michel="michel"), "end_turn")
    looks = {spec.type: spec.look for spec in GAME.legal_actions(s)}
    assert looks["roll_michel"] == looks["skip_michel"] == EQUAL
    assert GAME.summary(s, EN)["prompt"] == "Roll for Michel, or leave them where they stand."
    assert GAME.summary(s, DE)["prompt"] == "Für Michel würfeln oder stehen lassen?"


def test_a_team_game_ends_with_both_teams_ranked_together():
    s = _game(4, teams="alternate")                    # Team A: seats 0 and 2; Team B: 1 and 3
    for seat, points in ((0, 5), (1, 9), (3, 2)):
        s["prisoners"][seat]["tunnel"] = points
    s, _ = _do(s, "adjust", seat=2, what="tunnel", delta=5)     # Team A: 5 + 5 + ... = 10
    s, _ = _do(s, "adjust", seat=2, what="tunnel", delta=5)     # 15
    s, _ = _do(s, "adjust", seat=0, what="tunnel", delta=1)     # 16: the team digs out
    assert s["finished"]
    scores = GAME.board(s, EN).scores
    assert [(x.seat, x.total, x.rank, x.outcome) for x in scores] == [
        (2, 16, 1, "escaped"), (0, 16, 1, "escaped"), (1, 11, 3, "tunnel found"), (3, 11, 3, "tunnel found")]
    assert scores[0].parts == (("Alexandrina 6", 6), ("Konstantin 10", 10))
    assert GAME.summary(s, EN)["headline"] == "Team A escaped!" and GAME.summary(s, DE)["headline"] == \
        "Team A ist geflohen!"
    board = GAME.board(s, EN)
    assert board.tracks[0].values == (16, 11, 16, 11) and board.tracks[0].short == "Team"
    assert board.seats[1].figures == ("Tunnel 9", "0 Beatings")


def test_a_game_without_teams_ranks_by_tunnel_points():
    s = _game(3)
    s["prisoners"][1]["tunnel"], s["prisoners"][2]["tunnel"] = 4, 4
    s["prisoners"][0]["tunnel"] = 10
    s, _ = _do(s, "adjust", seat=0, what="tunnel", delta=2)
    scores = GAME.board(s, DE).scores
    assert [(x.seat, x.total, x.rank, x.outcome) for x in scores] == [
        (0, 12, 1, "geflohen"), (1, 4, 2, "Tunnel entdeckt"), (2, 4, 2, "Tunnel entdeckt")]
    assert scores[0].parts == (("12 Tunnelpunkte", 12),)
    assert GAME.summary(s, EN)["headline"] == "Alexandrina escaped!"


def test_the_places_short_names_are_the_german_editions_words_where_they_fit():
    assert [EN(f"dig.short.{p}") for p in dig.STANDARD_PLACES] == [
        "Cells", "Cafeteria", "Rec Area", "Infirmary", "Showers", "Block A", "Block B"]
    assert [DE(f"dig.short.{p}") for p in dig.STANDARD_PLACES] == [
        "Zellen", "Cafeteria", "Aufenthalt", "Kranken", "Duschen", "Block A", "Block B"]
    # a place the table added keeps its name
    s = _game(2, places=["Laundry"])
    assert [a.short for a in GAME.board(s, EN).areas][-1] == "Laundry"


def test_the_buttons_are_short_and_say_one_thing_one_way():
    labels = {spec.label for spec in (GAME._spec(m, 0, {}) for m in GAME.moves if not callable(m.label))
              if spec.label.startswith("dig.")}
    for t in (EN, DE):
        words = {key: t(key) for key in labels}
        assert all(len(text) <= 22 for text in words.values()), words
    assert EN("dig.action.end_turn") == "End turn" and DE("dig.action.end_turn") == "Zug beenden"
    assert DE("dig.action.roll") == "Würfeln" and DE("dig.action.fight") == "Kämpfen"
