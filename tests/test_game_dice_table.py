"""The dice table as the shell sees it: its board, its own log words, who may roll from a pad."""
import random

from companion.games import GAMES
from companion.i18n import Catalogue
from companion.players import make_table

GAME = GAMES["dice"]
EN = Catalogue("en")


def table(count=3, **options):
    return GAME.setup(make_table([f"P{i}" for i in range(count)]), GAME.check_options(options), 1, random.Random(0))


def act(state, **action):
    return GAME.apply(state, GAME.resolve(state, action, random.Random(0)))


def test_the_board_shows_the_round_whose_turn_and_the_last_roll():
    state = table()
    board = GAME.board(state, EN)
    assert [(c.key, c.value) for c in board.counters] == [("round", 1)]
    assert [(t.key, t.seat) for t in board.tokens] == [("turn", 1)]
    state = act(state, type="roll", dice=[5])
    state = act(state, type="pass")
    board = GAME.board(state, EN)
    assert [(c.key, c.label, c.value) for c in board.counters] == [("round", "Round", 1), ("last_roll", "P1 rolled", 5)]
    assert board.tokens[0].seat == 2 and board.problems(3) == []


def test_each_seats_figures_are_its_tokens_on_the_board():
    state = table(dice=2)
    for action in ({"type": "roll", "dice": [5, 4]}, {"type": "pass"}, {"type": "roll", "dice": [2, 6]}):
        state = act(state, **action)
        board = GAME.board(state, EN)
        figures = {view.seat: list(view.figures) for view in board.seats}
        assert GAME.seat_figures(state, EN) == figures
    assert figures == {0: ["–"], 1: ["5+4=9"], 2: ["2+6=8"]}


def test_the_log_says_rolls_in_the_tables_words():
    players = make_table(["Ann", "Bob"])
    assert GAME.log_words({"type": "roll", "player": 1, "dice": [3, 4]}, players, EN) == "Bob rolled 3 + 4 = 7"
    assert GAME.log_words({"type": "roll", "player": 0, "dice": [6], "manual": True}, players, EN) == \
        "Ann rolled 6 (real die)"
    assert GAME.log_words({"type": "pass"}, players, EN) == "Next player"


def test_any_seats_pad_may_roll_for_itself_unless_each_roll_passes_the_turn():
    free = table()
    assert GAME.pad_may(free, {"type": "roll", "player": 0}, 0)      # not their turn: their own roll
    assert not GAME.pad_may(free, {"type": "pass", "player": 0}, 0)  # but not the turn
    strict = table(pass_after_roll=True)
    assert not GAME.pad_may(strict, {"type": "roll", "player": 0}, 0)
    assert GAME.pad_may(strict, {"type": "roll", "player": 1}, 1)
