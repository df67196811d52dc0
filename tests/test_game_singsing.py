"""Sing Sing: every rule of the issue on the pure core, the countdown on a fake clock."""
import random

import pytest

from companion import cues
from companion.games import GAMES, IllegalAction
from companion.games.singsing import (GAME, MOVES, TOTAL_BARS, card_is_free, countdown_cues,
                                      mask_after_wrong, max_free_cards, timer_key, win_kind)
from companion.i18n import Catalogue, texts
from companion.inputs import InputEvent
from companion.session import Session
from companion.store import Store
from companion.timers import Countdown

RNG = random.Random(0)


def new(count=3, first=0, **options):
    players = [{"name": f"P{i}", "colour": "orange", "letter": chr(65 + i)} for i in range(count)]
    state = GAME.setup(players, GAME.check_options(options), first, random.Random(0))
    GAME.check_invariants(state)
    return state


def act(state, type, **args):
    resolved = GAME.resolve(state, {"type": type, **args}, RNG)
    after = GAME.apply(state, resolved)
    GAME.check_invariants(after)
    assert after is not state
    return after


def refused(state, key, type, **args):
    before = GAME.copy(state)
    with pytest.raises(IllegalAction) as exc:
        GAME.resolve(state, {"type": type, **args}, RNG)
    assert exc.value.key == key, exc.value
    assert state == before
    assert "error." + key in texts("en") and "error." + key in texts("de")  # said in the table's language


def guess(state, verdict, **args):
    """No tracker: the file holder removes a bar, starts the timer, marks the guess."""
    return act(act(state, "start_timer", **args), verdict)


def legal(state):
    return {spec.type for spec in GAME.legal_actions(state)}


# -- setup ---------------------------------------------------------------------

def test_registered_for_2_to_5_players_with_the_options():
    assert GAMES["singsing"] is GAME
    assert (GAME.min_players, GAME.max_players) == (2, 5)
    assert GAME.check_options({}) == {"advanced": False, "seconds": 15, "tracker": False, "timer": True,
                                      "checklist": False}
    assert GAME.timer_cues.tick_last == 3 and GAME.timer_cues.zero == cues.ALARM
    for bad in ({"seconds": 2}, {"seconds": 500}, {"advanced": "yes"}, {"colour": 1}):
        with pytest.raises(IllegalAction):
            GAME.check_options(bad)
    for players in (["Solo"], ["A", "B", "C", "D", "E", "F"]):
        with pytest.raises(IllegalAction) as exc:
            Session.create(Store.memory(), "singsing", players)
        assert exc.value.key in ("player_count", "table_count")  # one player is no table at all


@pytest.mark.parametrize("count", [2, 3, 4, 5])
def test_the_starting_player_takes_the_file_the_left_neighbour_the_mask(count):
    for first in range(count):
        state = new(count, first)
        assert state["file"] == first == state["current"]
        assert state["mask"] == (first + 1) % count
        assert state["phase"] == "remove" and state["chips"] == [0] * count
    assert new(count, advanced=True)["chips"] == [2] * count


# -- rotations -------------------------------------------------------------------

ROTATIONS = {
    # count: (after right: file, mask), masks after wrong, wrong, wrong, ... (file stays with seat 0)
    2: ((1, 0), [1, 1, 1]),
    3: ((1, 2), [2, 1, 2, 1]),
    4: ((1, 2), [2, 3, 1, 2, 3]),
    5: ((1, 2), [2, 3, 4, 1, 2]),
}


@pytest.mark.parametrize("count", [2, 3, 4, 5])
def test_right_the_guesser_takes_the_file_and_the_mask_goes_to_the_guessers_left(count):
    state = guess(new(count), "right")
    assert (state["file"], state["mask"]) == ROTATIONS[count][0]
    assert state["phase"] == "remove" and state["current"] == state["file"] == 1
    # and on round the table: right every time hands the file on clockwise
    for step in range(2, 2 * count + 1):
        state = guess(state, "right")
        assert state["file"] == step % count and state["mask"] == (step + 1) % count


@pytest.mark.parametrize("count", [2, 3, 4, 5])
def test_wrong_the_mask_moves_on_skipping_the_file_holder_who_removes_again(count):
    state = new(count)
    masks = []
    for _ in ROTATIONS[count][1]:
        state = guess(state, "wrong")
        assert state["file"] == 0 and state["phase"] == "remove"  # the file holder removes another bar
        masks.append(state["mask"])
    assert masks == ROTATIONS[count][1]


@pytest.mark.parametrize("count", [2, 3, 4, 5])
def test_the_mask_reading_in_one_place(count):
    for file in range(count):
        for mask in range(count):
            if mask != file:
                nxt = mask_after_wrong(mask, file, count)
                assert nxt != file
                assert nxt == ((mask + 1) % count if (mask + 1) % count != file else (mask + 2) % count)
    assert mask_after_wrong(1, 0, 2) == 1  # two players: the same guesser again


def test_timeout_counts_as_a_wrong_guess():
    wrong = guess(new(4), "wrong")
    late = guess(new(4), "timeout")
    assert {k: v for k, v in late.items() if k != "last"} == {k: v for k, v in wrong.items() if k != "last"}
    assert late["last"]["verdict"] == "timeout" and wrong["last"]["verdict"] == "wrong"


def test_timeout_only_for_the_running_guess():
    state = new(3)
    refused(state, "singsing_no_guess", "timeout")
    running = act(state, "start_timer")
    assert timer_key(running) == (1, 1) and timer_key(state) is None
    refused(running, "singsing_stale_timeout", "timeout", turn=0)
    refused(running, "singsing_stale_timeout", "timeout", guess=2)
    after = act(running, "timeout", turn=1, guess=1)
    assert after["last"]["verdict"] == "timeout"
    refused(after, "singsing_no_guess", "timeout", turn=1, guess=1)  # the same zero sent twice


def test_the_state_records_the_running_guess_and_its_number():
    state = new(2)
    assert state["timer_running"] is False and state["guess"] == 0
    running = act(state, "start_timer")
    assert running["timer_running"] is True and running["guess"] == 1 and running["phase"] == "guess"
    refused(running, "singsing_timer_running", "start_timer")
    done = act(running, "right")
    assert done["timer_running"] is False and done["guess"] == 0 and done["turn"] == 2


def test_only_the_player_whose_step_it_is():
    state = new(3)
    refused(state, "singsing_not_your_step", "start_timer", player=1)
    refused(state, "bad_player", "start_timer", player=9)
    refused(state, "bad_player", "start_timer", player=True)
    running = act(state, "start_timer", player=0)
    refused(running, "singsing_not_your_step", "right", player=1)  # the file holder marks the guess
    refused(running, "unknown_action", "roll")
    refused(running, "unknown_action", None)


# -- chips: two bars, a second guess, never a third --------------------------------

def test_basic_game_has_no_chips():
    state = new(3)
    refused(state, "singsing_basic_game", "announce_two")
    running = act(state, "start_timer")
    assert "second_guess" not in legal(running)
    after = act(running, "wrong")
    assert after["phase"] == "remove" and after["mask"] == 2  # wrong is final at once
    refused(after, "singsing_no_guess", "second_guess")


def test_a_second_guess_costs_a_chip_restarts_the_timer_and_is_the_last():
    state = act(new(3, advanced=True), "start_timer")
    state = act(state, "wrong")
    assert state["phase"] == "second_chance" and state["current"] == 1 and state["mask"] == 1
    assert state["timer_running"] is False and timer_key(state) is None
    assert legal(state) == {"second_guess", "pass_mask"}   # (one bar out cannot free a convict)
    refused(state, "singsing_not_your_step", "second_guess", player=0)   # the guesser pays
    refused(state, "singsing_decide_second", "start_timer")
    second = act(state, "second_guess")
    assert second["chips"] == [2, 1, 2] and second["guess"] == 2 and second["timer_running"]
    assert timer_key(second) == (1, 2)  # a new key: the app restarts its countdown
    refused(second, "singsing_no_third_guess", "second_guess")
    after = act(second, "wrong")
    assert after["phase"] == "remove" and after["mask"] == 2 and after["file"] == 0
    refused(after, "singsing_no_third_guess", "second_guess")
    assert after["guess"] == 0


def test_a_timed_out_first_guess_may_also_be_retried_and_the_second_can_time_out():
    state = act(act(new(2, advanced=True), "start_timer"), "timeout")
    assert state["phase"] == "second_chance"
    state = act(act(state, "second_guess"), "timeout")
    assert state["phase"] == "remove" and state["mask"] == 1 and state["last"]["guess"] == 2


def test_a_right_second_guess_wins_the_file():
    state = act(act(act(new(4, advanced=True), "start_timer"), "wrong"), "second_guess")
    state = act(state, "right")
    assert (state["file"], state["mask"]) == (1, 2) and state["chips"] == [2, 1, 2, 2]


def test_passing_up_the_second_guess_lets_the_wrong_stand():
    state = act(act(act(new(4, advanced=True), "start_timer"), "wrong"), "pass_mask")
    assert state["phase"] == "remove" and (state["file"], state["mask"]) == (0, 2)
    assert state["chips"] == [2] * 4


def test_no_chip_no_second_guess_and_chips_never_below_zero():
    state = new(2, advanced=True)
    for _ in range(2):   # the guesser spends both chips
        state = act(act(act(state, "start_timer"), "wrong"), "second_guess")
        state = act(state, "wrong")
    assert state["chips"] == [2, 0]
    state = act(act(state, "start_timer"), "wrong")
    assert state["phase"] == "remove" and state["turn"] == 4  # wrong at once: no chip, no second chance
    # the file holder spends both chips on two bars; a third announcement is refused
    for _ in range(2):
        state = guess(act(state, "announce_two"), "wrong")
    assert state["chips"] == [0, 0]
    refused(state, "singsing_no_chip", "announce_two")
    assert "announce_two" not in legal(state)


def test_two_bars_are_announced_and_paid_before_any_bar_comes_out():
    state = new(3, advanced=True, tracker=True)
    state = act(state, "announce_two")
    assert state["chips"] == [1, 2, 2] and state["bars_due"] == 2
    refused(state, "singsing_already_announced", "announce_two")
    refused(state, "singsing_remove_first", "start_timer")
    state = act(state, "remove_bar", window=1, bar="left")
    assert state["phase"] == "remove"                      # one more bar due
    refused(state, "singsing_remove_first", "start_timer")
    state = act(state, "remove_bar", window=7, bar="right")
    assert state["phase"] == "ready" and state["bars_out"] == 2
    refused(state, "singsing_not_now", "remove_bar", window=2, bar="left")  # not a third bar
    state = act(guess(state, "wrong"), "pass_mask")
    assert state["bars_due"] == 1  # the next turn is one bar again, unless paid again
    # once a bar is out it is too late to announce
    one = act(state, "remove_bar", window=2, bar="long")
    refused(one, "singsing_not_now", "announce_two")
    state = act(new(3, advanced=True, tracker=True), "remove_bar", window=3, bar="left")
    refused(state, "singsing_not_now", "announce_two")


def test_two_bars_without_the_tracker_count_two():
    entered = act(guess(new(3, advanced=True), "wrong"), "pass_mask")
    entered = act(entered, "free_convict", convict="joe")     # the bar is out: too late to announce
    refused(entered, "singsing_announce_first", "announce_two")
    state = act(new(3, advanced=True), "announce_two")
    state = act(state, "start_timer")
    assert state["bars_out"] == 2 and state["bars_this_turn"] == 2


# -- convicts ---------------------------------------------------------------------

def test_the_bar_reading_in_one_place():
    window = {"left": False, "long": True, "right": False}
    assert not card_is_free(window, 0) and not card_is_free(window, 1)
    window["long"] = False
    assert card_is_free(window, 0) and card_is_free(window, 1)
    assert not card_is_free({"left": True, "long": False, "right": False}, 0)
    assert [max_free_cards(b) for b in range(7)] == [0, 0, 1, 2, 2, 3, 4]
    assert max_free_cards(TOTAL_BARS) == 24


def test_tracker_frees_a_convict_when_its_short_bar_and_the_long_bar_are_gone():
    state = new(3, tracker=True)
    state = guess(act(state, "remove_bar", window=5, bar="right"), "wrong")
    assert state["freed"] == 0
    state = act(state, "remove_bar", window=5, bar="long")
    assert state["phase"] == "name" and state["windows"][4]["cards"] == ["barred", "free"]
    assert legal(state) == {"name_convict"}
    assert GAME.summary(state, Catalogue("en"))["prompt"] == "Which convict is free in window 5 (right)?"
    refused(state, "singsing_name_first", "start_timer")
    refused(state, "singsing_bad_convict", "name_convict", convict="warden")
    state = act(state, "name_convict", convict="joe")
    assert state["phase"] == "ready" and state["pending"] == ["joe"] and state["freed"] == 1
    assert state["windows"][4]["cards"] == ["barred", "joe"]
    # the long bar gone first, then a short bar frees just its own card
    state = guess(state, "wrong")
    state = act(state, "remove_bar", window=5, bar="left")
    assert state["phase"] == "name"
    state = act(state, "name_convict", convict="mack")
    assert state["windows"][4] == {"left": False, "long": False, "right": False, "cards": ["mack", "joe"]}


def test_the_long_bar_can_free_two_convicts_at_once():
    state = new(2, tracker=True)
    state = guess(act(state, "remove_bar", window=9, bar="left"), "wrong")
    state = guess(act(state, "remove_bar", window=9, bar="right"), "wrong")
    state = act(state, "remove_bar", window=9, bar="long")
    assert state["windows"][8]["cards"] == ["free", "free"]
    state = act(state, "name_convict", convict="eddie")
    assert state["phase"] == "name"
    state = act(act(state, "name_convict", convict="eddie"), "start_timer")
    state = act(state, "right")
    assert state["convicts"][1]["eddie"] == 2 and state["pending"] == []


def test_tracker_refuses_a_bar_that_is_gone_or_not_there():
    state = guess(act(new(3, tracker=True), "remove_bar", window=1, bar="long"), "wrong")
    refused(state, "singsing_bar_gone", "remove_bar", window=1, bar="long")
    refused(state, "singsing_bad_window", "remove_bar", window=13, bar="long")
    refused(state, "singsing_bad_window", "remove_bar", window="1", bar="long")
    refused(state, "singsing_bad_bar", "remove_bar", window=2, bar="middle")
    refused(state, "singsing_tracker_on", "free_convict", convict="joe")
    # legal_actions lists only the bars still there, one spec per window
    specs = [s for s in GAME.legal_actions(state) if s.type == "remove_bar"]
    assert len(specs) == 12 and specs[0].params["bar"].choices == ("left", "right")
    assert specs[0].params["window"].minimum == specs[0].params["window"].maximum == 1


def test_the_bars_still_due_are_counted_in_the_right_form_in_both_languages():
    """'2 more bars', '1 more bar' ('noch 1 Stab'): never 'bar(s)' or 'Stab/Stäbe'."""
    en, de = Catalogue("en"), Catalogue("de")
    state = act(new(3, advanced=True, tracker=True), "announce_two")
    assert GAME.summary(state, en)["prompt"] == "P0: remove and tap 2 more bars."
    assert GAME.summary(state, de)["prompt"] == "P0: noch 2 Stäbe entfernen und antippen."
    state = act(state, "remove_bar", window=1, bar="left")
    assert GAME.summary(state, en)["prompt"] == "P0: remove and tap 1 more bar."
    assert GAME.summary(state, de)["prompt"] == "P0: noch 1 Stab entfernen und antippen."

    def refusal(state, type_, **args):
        with pytest.raises(IllegalAction) as exc:
            GAME.resolve(state, {"type": type_, **args}, RNG)
        return en.error(exc.value), de.error(exc.value)

    assert refusal(new(3), "free_convict", convict="eddie") == (       # the one bar of this turn
        "With 1 bar out, no more convicts can be free.", "Mit 1 entferntem Stab können nicht mehr Häftlinge frei sein.")
    one_free = act(guess(new(3), "wrong"), "free_convict", convict="eddie")   # two bars out: one card free
    assert refusal(one_free, "free_convict", convict="joe") == (
        "With 2 bars out, no more convicts can be free.",
        "Mit 2 entfernten Stäben können nicht mehr Häftlinge frei sein.")
    last = act(new(3, advanced=True), "announce_two")                 # two bars due, one left on the board
    last["bars_out"] = TOTAL_BARS - 1
    assert refusal(last, "start_timer") == ("Only 1 bar is left.", "Es ist nur noch 1 Stab übrig.")
    last["bars_out"] = TOTAL_BARS
    assert refusal(last, "start_timer") == ("Only 0 bars are left.", "Es sind nur noch 0 Stäbe übrig.")


def test_without_the_tracker_the_freed_convict_is_entered():
    state = new(3)
    refused(state, "singsing_no_tracker", "remove_bar", window=1, bar="long")
    refused(state, "singsing_too_many_free", "free_convict", convict="eddie")  # one bar cannot free a card
    state = guess(state, "wrong")
    assert "free_convict" in legal(state)
    state = act(state, "free_convict", convict="eddie")   # the second bar freed one
    refused(state, "singsing_too_many_free", "free_convict", convict="joe")
    state = act(state, "start_timer")
    assert state["pending"] == ["eddie"] and state["freed"] == 1
    state = act(state, "wrong")
    assert state["convicts"][0]["eddie"] == 1  # wrong: the file holder gets it
    # entered late, while the guess runs, still counts for this guess
    state = act(guess(state, "wrong"), "start_timer")
    state = act(act(state, "free_convict", convict="mack"), "right")
    assert state["convicts"][2]["mack"] == 1 and state["file"] == 2


def test_a_freed_convict_goes_to_the_guesser_if_right_else_to_the_file_holder():
    base = act(guess(new(4), "wrong"), "free_convict", convict="joe")   # file 0, mask 2
    right = guess(base, "right")
    assert right["convicts"][2]["joe"] == 1 and right["last"]["to"] == 2
    wrong = guess(base, "wrong")
    assert wrong["convicts"][0]["joe"] == 1 and wrong["last"]["to"] == 0
    late = guess(base, "timeout")
    assert late["convicts"][0]["joe"] == 1
    adv = act(guess(new(4, advanced=True), "wrong"), "pass_mask")
    adv = act(act(adv, "free_convict", convict="joe"), "start_timer")
    adv = act(act(adv, "wrong"), "second_guess")
    assert act(adv, "right")["convicts"][2]["joe"] == 1      # right at the second try: the guesser
    assert act(adv, "wrong")["convicts"][0]["joe"] == 1


def test_pass_mask_gives_the_freed_convict_to_the_file_holder():
    state = act(guess(new(3, advanced=True), "wrong"), "pass_mask")      # file 0, mask 2
    state = act(act(state, "free_convict", convict="mack"), "start_timer")
    state = act(act(state, "wrong"), "pass_mask")
    assert state["convicts"][0]["mack"] == 1 and state["mask"] == 1


# -- the win ------------------------------------------------------------------------

def feed(state, seat_gets, convicts):
    """No tracker, file holder 0 keeps the file: every freed card goes to seat 0 on wrong."""
    for convict in convicts:
        state = guess(state, "wrong")                       # one more bar out
        state = guess(act(state, "free_convict", convict=convict), "wrong")
    return state


def test_three_of_the_same_convict_wins_at_once():
    state = feed(new(3), 0, ["eddie", "eddie"])
    assert not state["finished"]
    state = feed(state, 0, ["eddie"])
    assert state["finished"] and state["winner"] == 0 and state["win"] == "same"
    assert state["phase"] == "over" and GAME.legal_actions(state) == []
    refused(state, "game_over", "start_timer")
    summary = GAME.summary(state, Catalogue("en"))
    assert summary["banner"] == "P0 wins with three of the same convict!"
    assert "Winner" in summary["badges"][0]


def test_three_different_convicts_win_at_once():
    state = feed(new(2), 0, ["mack", "joe", "joe", "mack"])
    assert not state["finished"] and state["convicts"][0] == {"eddie": 0, "joe": 2, "mack": 2}
    before = guess(state, "wrong")
    state = act(before, "free_convict", convict="eddie")
    state = act(state, "start_timer")
    resolved = GAME.resolve(state, {"type": "wrong"}, RNG)
    after = GAME.apply(state, resolved)
    assert after["winner"] == 0 and after["win"] == "different"
    assert GAME.cues(state, after, resolved) == [cues.WARNING, cues.SUCCESS]
    assert Catalogue("de")(f"singsing.banner.{after['win']}", name="Ann") == \
        "Ann gewinnt mit drei verschiedenen Häftlingen!"


def test_win_kind():
    assert win_kind({"eddie": 3, "joe": 0, "mack": 0}) == "same"
    assert win_kind({"eddie": 1, "joe": 1, "mack": 1}) == "different"
    assert win_kind({"eddie": 2, "joe": 2, "mack": 0}) is None


# -- the timer and the buttons ----------------------------------------------------------

def test_a_whole_15_second_countdown_ticks_three_times_then_buzzes_long_at_zero():
    frame = 1 / 60
    heard = countdown_cues(15, frame=frame)
    assert [cue for _, cue in heard] == [cues.TICK, cues.TICK, cues.TICK, cues.ALARM]
    times = [at for at, _ in heard]
    for at, expected in zip(times, (12, 13, 14)):
        assert expected <= at < expected + frame
    assert 15 <= times[-1] < 15 + frame   # the zero buzz within one display frame of the deadline
    assert cues.duration(cues.ALARM) >= 1.0  # a long buzz


def test_the_countdown_the_app_runs_from_the_state_option():
    now = [50.0]
    state = act(new(3, seconds=20), "start_timer")
    timer = Countdown(state["options"]["seconds"], lambda: now[0], GAME.timer_cues)
    timer.start()
    heard = []
    while timer.state != "done":
        now[0] += 0.25
        heard += timer.poll()
    assert heard == ["tick", "tick", "tick", "alarm"] and now[0] == 70.0
    after = act(state, "timeout", turn=state["turn"], guess=state["guess"])
    assert after["mask"] == 2


def test_buttons_timer_confirm_and_held_undo():
    state = new(3, advanced=True)
    ia = GAME.input_action
    assert ia(state, InputEvent.TIMER) == {"type": "start_timer"}
    for event in (InputEvent.CONFIRM, InputEvent.UNDO, InputEvent.REDO, InputEvent.ROLL):
        assert ia(state, event) is None     # a held UNDO outside a guess stays redo
    running = act(state, "start_timer")
    assert ia(running, InputEvent.TIMER) is None
    assert ia(running, InputEvent.CONFIRM) == {"type": "right"}
    assert ia(running, InputEvent.REDO) == {"type": "wrong"}
    assert ia(running, InputEvent.UNDO) is None   # short UNDO is always undo
    chance = act(running, ia(running, InputEvent.REDO)["type"])
    assert ia(chance, InputEvent.TIMER) == {"type": "second_guess"}
    assert ia(chance, InputEvent.REDO) == {"type": "pass_mask"}
    assert ia(chance, InputEvent.CONFIRM) is None and ia(chance, InputEvent.UNDO) is None
    tracked = new(3, tracker=True)
    assert ia(tracked, InputEvent.TIMER) is None       # the bar is not tapped yet
    tracked = act(tracked, "remove_bar", window=1, bar="left")
    assert ia(tracked, InputEvent.TIMER) == {"type": "start_timer"}
    # every button's action is legal where it is offered
    for s in (state, running, chance, tracked):
        for event in InputEvent:
            action = ia(s, event)
            if action:
                act(s, action["type"])


def test_cues_of_the_steps():
    state = new(3)
    running = act(state, "start_timer")
    assert GAME.cues(state, running, {"type": "start_timer"}) == [cues.TAP]
    assert GAME.cues(running, act(running, "right"), {"type": "right"}) == [cues.SUCCESS]
    assert GAME.cues(running, act(running, "wrong"), {"type": "wrong"}) == [cues.WARNING]
    assert GAME.cues(running, act(running, "timeout"), {"type": "timeout"}) == []  # the buzz came already


# -- the screen -------------------------------------------------------------------------

@pytest.mark.parametrize("lang", ["en", "de"])
def test_summary_says_everything_in_words(lang):
    t = Catalogue(lang)
    state = act(new(3, advanced=True, tracker=True), "remove_bar", window=2, bar="left")
    for s in (state, act(state, "start_timer"), act(act(state, "start_timer"), "wrong")):
        summary = GAME.summary(s, t)
        texts = [summary["headline"], summary["prompt"], *summary["lines"],
                 *[b for tags in summary["badges"].values() for b in tags]]
        assert all("singsing." not in x and "{" not in x for x in texts), texts
        assert summary["badges"] == {}      # the mask and the file are the board's tokens on their seats
        assert {(token.key, token.seat) for token in GAME.board(s, t).tokens} == {("mask", s["mask"]),
                                                                                  ("file", s["file"])}
        assert "banner" not in summary
    assert [spec.label for spec in GAME.legal_actions(state)] and all(
        t(spec.label) != spec.label for s in (state,) for spec in GAME.legal_actions(s))
    assert all(t(key) != key for key in [o.label for o in GAME.options])
    keys = [move.label or f"singsing.action.{move.type}" for move in MOVES if not callable(move.label)]
    assert all(t(key) != key for key in keys)   # the setup steps' own words: test_game_checklists.py
    assert len(GAME.help(t)) == 4


def test_while_the_mask_is_off_the_log_does_not_say_which_bar_went_nor_which_convict():
    """The file holder keeps the bar in a closed fist until the verdict: while the guess
    runs the log hides the bar taken (window and which), and the convict named under it;
    a freed convict waiting for the verdict is not named either. After it, all is said."""
    from ui.actions import describe
    t = Catalogue("en")
    removed = {"type": "remove_bar", "player": 0, "window": 2, "bar": "left"}
    state = act(new(3, advanced=True, tracker=True), "remove_bar", window=2, bar="left")
    running = act(state, "start_timer")
    assert GAME.hidden_args(state, removed) == set()                 # the guesser still wears the mask
    assert GAME.hidden_args(running, removed) == {"window", "bar"}
    players = running["players"]
    words = describe(t, GAME, players, new(3, advanced=True, tracker=True), removed, GAME.hidden_args(running, removed))
    assert words[1] == "P0 removed a bar from window (secret): (secret)."
    assert describe(t, GAME, players, new(3, advanced=True, tracker=True), removed, set())[1] == \
        "P0 removed a bar from window 2: Left short bar."         # once the verdict is in
    named = {"type": "name_convict", "player": 0, "convict": "joe"}
    assert GAME.hidden_args(running, named) == {"convict"}
    waiting = act(act(guess(new(3), "wrong"), "free_convict", convict="joe"), "start_timer")
    assert not any("Joe" in line and "Free this turn" in line for line in GAME.summary(waiting, t)["lines"])
    assert GAME.hidden_args(act(running, "wrong"), removed) == {"window", "bar"}    # a second guess may come
    assert GAME.hidden_args(act(act(running, "wrong"), "pass_mask"), removed) == set()  # the verdict: the fist opens


def test_summary_lines_and_the_tracker_hidden_while_the_guess_runs():
    t = Catalogue("en")
    state = act(new(3, advanced=True, tracker=True), "remove_bar", window=2, bar="left")
    lines = GAME.summary(state, t)["lines"]
    assert lines[:2] == ["Mask: P1", "File: P0"]
    assert "Bars per window: 1:3 2:2 3:3 4:3 5:3 6:3 7:3 8:3 9:3 10:3 11:3 12:3" in lines
    assert "P2: Eddie 0 · Joe 0 · Mack 0 · chips 2" in lines
    running = GAME.summary(act(state, "start_timer"), t)
    assert "Window tracker hidden until the guess is decided" in running["lines"]
    assert not any(line.startswith("Bars per window") for line in running["lines"])
    assert running["headline"] == "P1 guesses"
    after = GAME.summary(guess(act(guess(new(3), "wrong"), "free_convict", convict="joe"), "right"), t)
    assert "P2 guessed right (guess 1) and takes the file from P0. P2 gets Joe." in after["lines"]


# -- whole random games ---------------------------------------------------------------------

@pytest.mark.parametrize("seed", range(30))
def test_random_whole_games_with_the_tracker_always_end_with_one_winner(seed):
    rng = random.Random(seed)
    count = rng.randint(2, 5)
    state = new(count, rng.randrange(count), tracker=True, advanced=rng.random() < 0.5)
    for step in range(2000):
        specs = GAME.legal_actions(state)
        if not specs:
            break
        spec = rng.choice(specs)
        action = {"type": spec.type}
        for name, param in spec.params.items():
            if param.kind == "int":
                action[name] = param.minimum
            else:
                action[name] = rng.choice(param.choices)
        state = act(state, **action)
    assert state["finished"] and state["winner"] is not None
    assert sum(sum(c.values()) for c in state["convicts"]) == state["freed"] <= 24


# -- the board the screen draws ---------------------------------------------------
def test_the_board_shows_the_bars_the_mask_and_file_and_each_players_convicts():
    t = Catalogue("en")
    state = new(3, tracker=True, advanced=True)
    board = GAME.board(state, t)
    assert [(c.key, c.value, c.total) for c in board.counters] == [("bars", 36, 36)]
    assert {(tok.key, tok.seat) for tok in board.tokens} == {("mask", 1), ("file", 0)}
    assert len(board.areas) == 12 and board.areas[4].facts == () and board.areas[4].pieces == (True, True, True)
    state = act(state, "remove_bar", window=5, bar="long")
    state = act(state, "start_timer")
    running = GAME.board(state, t)
    assert running.areas == ()                       # where the bar went stays hidden while the guess runs
    assert running.counters[0].value == 35
    state = act(state, "right")
    state = act(state, "remove_bar", window=5, bar="right")
    state = act(state, "name_convict", convict="joe")
    board = GAME.board(state, t)
    assert board.areas[4].label == "Window 5" and board.areas[4].facts == ("Joe",)
    assert board.areas[4].pieces == (True, False, False) and board.areas[4].short == "5"
    assert {(tok.key, tok.seat) for tok in board.tokens} == {("mask", 2), ("file", 1)}
    assert board.seats[1].counts == (("Eddie", 0), ("Joe", 0), ("Mack", 0), ("Chips", 2))
    assert board.seats[1].short == ("Eddie 0", "Joe 0", "Mack 0", t("singsing.seat.chips", count=2))
    assert board.problems(3) == []
    assert GAME.board(new(2), Catalogue("de")).counters[0].label == "Gitterstäbe übrig"


def test_without_the_guess_timer_the_guess_waits_for_right_or_wrong():
    """The rulebook has no timer: with it off no clock runs, nothing times out, and the
    prompt and Help say the guess waits for the verdict."""
    state = act(new(3, timer=False), "start_timer")
    assert state["phase"] == "guess" and GAME.countdown(state) is None
    refused(state, "singsing_no_timer", "timeout")
    assert all(spec.type != "timeout" for spec in GAME.legal_actions(state))
    for t, words in ((Catalogue("en"), "Right or wrong?"), (Catalogue("de"), "Richtig oder falsch?")):
        assert GAME.summary(state, t)["prompt"].endswith(words)     # no seconds to count
        assert t("singsing.reading.no_timer") in GAME.help(t, state)
    assert act(state, "wrong")["phase"] == "remove"
    # a game saved before the option had the clock: it still runs
    old = dict(new(3), options={"advanced": False, "seconds": 15, "tracker": False})
    assert GAME.countdown(act(old, "start_timer"))["seconds"] == 15
