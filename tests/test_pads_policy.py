"""companion.pads: what a pad press means in each game, what each LED shows,
the secret gun vote on the pads, and the seat-claim bookkeeping. Pure: no
serial, no Kivy."""
import random
import subprocess
import sys
from pathlib import Path

import pytest

from companion import controller, pads
from companion.games import GAMES
from companion.games.snitch import GAME as SNITCH
from companion.games.singsing import GAME as SINGSING
from companion.inputs import InputEvent
from companion.pads import (AMBER, BLUE, DONE, EXTRA, GREEN, MAGENTA, MAIN, OFF, RED, VOTED, WHITE, Led, PadTable,
                            SeatClaims, colour_of, led_policy, pad_action)
from companion.players import make_table
from companion.session import Session
from companion.store import Store

NAMES = ["Ann", "Bob", "Cy", "Dee", "Eve"]


def session(game, count=3, first=0, **options):
    s = Session.create(Store.memory(), game, NAMES[:count], options, rng=random.Random(first))
    return s


def step(game, state, type, **args):
    action = game.resolve(state, {"type": type, **args}, random.Random(1))
    return game.apply(state, action)


def random_move(game, state, rng):
    """Any legal action, its arguments at random (None when there is none)."""
    from random_play import random_action

    specs = game.legal_actions(state)
    return random_action(rng.choice(specs), rng) if specs else None


# -- presses ------------------------------------------------------------------------
def test_a_roll_from_a_seat_is_attributed_to_that_seat_on_the_dice_table():
    s = session("dice", 4)
    current = s.state["current"]
    other = (current + 2) % 4
    action = pad_action(s.state, other, MAIN)
    assert action == {"type": "roll", "player": other}
    out = controller.perform(s, action)
    assert out.ok and s.rolls()[-1].player == other
    assert s.state["current"] == current            # rolling does not take the turn


def test_only_whose_turn_it_is_passes_and_with_pass_after_roll_only_they_roll():
    s = session("dice", 3, pass_after_roll=True)
    me = s.state["current"]
    other = (me + 1) % 3
    assert pad_action(s.state, other, MAIN) is None        # the roll would pass somebody else's turn
    assert pad_action(s.state, other, DONE) is None
    assert pad_action(s.state, me, MAIN) == {"type": "roll", "player": me}
    assert pad_action(s.state, me, DONE) == {"type": "pass", "player": me}
    assert controller.perform(s, pad_action(s.state, me, DONE)).ok and s.state["current"] == other


@pytest.mark.parametrize("seat, button", [(-1, MAIN), (3, MAIN), (True, MAIN), ("0", MAIN), (0, 0), (0, 4),
                                          (0, None), (None, 1)])
def test_nonsense_seats_and_buttons_mean_nothing_and_never_raise(seat, button):
    s = session("dice", 3)
    assert pad_action(s.state, seat, button) is None
    assert PadTable().press(s.state, seat, button, pad_seats={0, 1, 2}) == []


def test_no_state_or_a_finished_game_or_an_unknown_game_means_nothing():
    assert pad_action(None, 0, MAIN) is None and pad_action({}, 0, MAIN) is None
    s = session("dice", 2)
    controller.perform(s, {"type": "end"})
    assert pad_action(s.state, 0, MAIN) is None
    assert pad_action(dict(s.state, finished=False, game="chess"), 0, MAIN) is None


def test_dig_rolls_and_ends_the_turn_only_from_the_current_seat():
    s = session("dig", 3)
    me = s.state["current"]
    other = (me + 1) % 3
    assert pad_action(s.state, other, MAIN) is None and pad_action(s.state, other, DONE) is None
    assert pad_action(s.state, me, MAIN) == {"type": "roll", "player": me}
    assert controller.perform(s, pad_action(s.state, me, MAIN)).ok
    assert s.rolls()[-1].player == me


def test_heist_roll_for_first_player_from_every_contenders_own_pad():
    s = session("heist", 3)
    state = s.state
    for slot in range(2):
        state = step(s.game, state, "lay_heist", slot=slot, a=5, b=6, c=7, d=8, take=3)
    s.state = state
    assert state["phase"] == "first_player"
    # seat 2 rolls first although the button on the table would roll for seat 0
    assert s.game.input_action(state, InputEvent.ROLL)["player"] == 0
    action = pad_action(state, 2, MAIN)
    assert action == {"type": "roll_first", "player": 2}
    state = step(s.game, state, **action)
    assert state["first_roll"]["rolls"][2] is not None
    assert pad_action(state, 2, MAIN) is None                 # rolled already
    assert pad_action(state, 0, MAIN) == {"type": "roll_first", "player": 0}


def test_the_snitch_pass_soap_from_the_soap_holders_pad_only_and_never_cards_ready():
    state = SNITCH.setup(make_table(NAMES[:4]), SNITCH.check_options({}), 0, random.Random(0))
    assert all(pad_action(state, seat, DONE) is None for seat in range(4))     # cards_ready is the table's
    state = step(SNITCH, state, "cards_ready")
    for seat in range(4):
        state = step(SNITCH, state, "scheme", player=seat, required=3)
    state = step(SNITCH, state, "pick_guard", seat=1)
    state = step(SNITCH, state, "pick_soap", seat=2)
    assert all(pad_action(state, seat, b) is None for seat in range(4) for b in (MAIN, DONE))  # not acted yet
    state = step(SNITCH, state, "draw_card", player=2)
    assert pad_action(state, 1, DONE) is None
    assert pad_action(state, 2, DONE) == {"type": "pass_soap", "player": 2}
    assert pad_action(state, 2, MAIN) is None                                   # no dice in The Snitch


def singsing(count=3, **options):
    players = make_table(NAMES[:count])
    return SINGSING.setup(players, SINGSING.check_options(options), 0, random.Random(0))


def test_sing_sing_file_holder_marks_right_and_wrong_on_their_pad():
    state = step(SINGSING, singsing(3), "start_timer")
    assert state["phase"] == "guess" and state["file"] == 0 and state["mask"] == 1
    assert pad_action(state, 0, MAIN) == {"type": "right", "player": 0}
    assert pad_action(state, 0, DONE) == {"type": "wrong", "player": 0}
    for seat in (1, 2):                                  # the guesser cannot judge their own guess
        assert pad_action(state, seat, MAIN) is None and pad_action(state, seat, DONE) is None
    after = step(SINGSING, state, "right", player=0)
    assert after["file"] == 1


def test_sing_sing_second_chance_is_the_masked_players_and_the_timer_the_file_holders():
    state = singsing(3, advanced=True)
    assert pad_action(state, 0, MAIN) == {"type": "start_timer", "player": 0}
    assert pad_action(state, 1, MAIN) is None
    state = step(SINGSING, step(SINGSING, state, "start_timer"), "wrong")
    assert state["phase"] == "second_chance" and state["mask"] == 1
    assert pad_action(state, 1, MAIN) == {"type": "second_guess", "player": 1}
    assert pad_action(state, 1, DONE) == {"type": "pass_mask", "player": 1}
    assert pad_action(state, 0, MAIN) is None and pad_action(state, 0, DONE) is None


def test_every_pad_action_in_random_play_is_accepted_by_the_game():
    """Over random games of every kind, whatever pad_action offers, the game
    takes from that seat (never a refused action, never a wrong seat)."""
    rng = random.Random(7)
    for game_id, game in GAMES.items():
        for _ in range(3):
            count = max(game.min_players, 4 if game_id == "snitch" else 3)
            s = Session.create(Store.memory(), game_id, NAMES[:count], {}, rng=random.Random(rng.random()))
            for _ in range(60):
                for seat in range(count):
                    for button in (MAIN, DONE, EXTRA):
                        action = pad_action(s.state, seat, button)
                        if action is not None:
                            assert action["player"] == seat
                            game.resolve(s.state, action, random.Random(0))   # raises if refused
                action = random_move(game, s.state, rng)
                if action is None:
                    break
                controller.perform(s, action)


# -- LEDs -----------------------------------------------------------------------------
def test_whose_turn_glows_in_their_own_colour_everybody_else_is_dark():
    s = session("dice", 3)
    me = s.state["current"]
    leds = led_policy(s.state)
    assert set(leds) == {0, 1, 2}
    assert leds[me] == Led(colour_of(s.state, me)) and leds[me].lit
    assert all(leds[seat] == OFF for seat in range(3) if seat != me)
    assert colour_of(s.state, 0) == "e69f00"                   # orange from the palette
    assert led_policy(None) == {} and led_policy({}) == {}


def test_the_snitch_soap_green_guard_red_riot_amber():
    state = SNITCH.setup(make_table(NAMES[:5]), SNITCH.check_options({}), 0, random.Random(0))
    assert set(led_policy(state).values()) == {OFF}            # setup: dark
    state = step(SNITCH, state, "cards_ready")
    for seat in range(5):
        state = step(SNITCH, state, "scheme", player=seat, required=6)
    state = step(SNITCH, state, "pick_guard", seat=1)
    state = step(SNITCH, state, "pick_soap", seat=3)
    leds = led_policy(state)
    assert leds[3] == Led(GREEN) and leds[1] == Led(RED) and leds[0] == leds[2] == leds[4] == OFF
    riot = dict(state, riot=True)
    leds = led_policy(riot)
    assert leds[3] == Led(GREEN) and leds[1] == Led(RED) and leds[0] == leds[2] == leds[4] == Led(AMBER)
    guarded = dict(state, guard=3)
    assert led_policy(guarded)[3] == Led(RED, "slow")         # the Soap holder is silenced
    assert led_policy(dict(state, guard=None))[1] == OFF       # bribed away


def test_sing_sing_mask_and_file_and_who_must_act_blinks():
    state = singsing(3)
    leds = led_policy(state)
    assert leds[0] == Led(WHITE) and leds[1] == Led(MAGENTA) and leds[2] == OFF
    guessing = step(SINGSING, state, "start_timer")
    assert led_policy(guessing)[0] == Led(WHITE, "fast")       # the file holder: mark the guess
    chance = step(SINGSING, step(SINGSING, singsing(3, advanced=True), "start_timer"), "wrong")
    assert led_policy(chance)[1] == Led(MAGENTA, "fast")


def test_winners_blink_green_at_the_end():
    state = dict(singsing(3), phase="over", finished=True, winner=2)
    assert led_policy(state) == {0: OFF, 1: OFF, 2: Led(GREEN, "slow")}
    s = session("heist", 3)
    over = dict(s.state, phase="over", finished=True, winners=[0, 2])
    assert led_policy(over) == {0: Led(GREEN, "slow"), 1: OFF, 2: Led(GREEN, "slow")}


def test_every_state_of_random_play_gives_a_led_for_every_seat():
    rng = random.Random(11)
    for game_id, game in GAMES.items():
        count = 4
        s = Session.create(Store.memory(), game_id, NAMES[:count], {}, rng=random.Random(3))
        for _ in range(150):
            leds = PadTable().leds(s.state)
            assert set(leds) == set(range(count)) and all(isinstance(v, Led) for v in leds.values())
            action = random_move(game, s.state, rng)
            if action is None:
                break
            controller.perform(s, action)


def test_led_values_are_checked():
    with pytest.raises(ValueError):
        Led("FF0000")
    with pytest.raises(ValueError):
        Led("ff0000", "strobe")
    assert not OFF.lit and Led(RED).lit


# -- the gun vote --------------------------------------------------------------------
def gun_vote(count=4, soap=1, vote="secret"):
    state = SNITCH.setup(make_table(NAMES[:count]), SNITCH.check_options({"vote": vote}), 0, random.Random(0))
    state = step(SNITCH, state, "cards_ready")
    for seat in range(count):
        state = step(SNITCH, state, "scheme", player=seat, required=3)
    state = step(SNITCH, state, "pick_guard", seat=0)
    state = step(SNITCH, state, "pick_soap", seat=soap)
    state = SNITCH.copy(state)
    SNITCH._start_gun_vote(state)           # as the fifth success does (the score aside)
    return state


def cast(table, state, seat, target):
    """On a pad: MAIN opens the ballot on yourself, DONE once per seat to the left up to
    the one wanted, MAIN casts it."""
    n = len(state["players"])
    assert table.press(state, seat, MAIN) == []
    for _ in range((target - seat) % n):
        assert table.press(state, seat, DONE) == []
    return table.press(state, seat, MAIN)


def commit(state, actions):
    for action in actions:
        state = step(SNITCH, state, action["type"], **{k: v for k, v in action.items() if k != "type"})
    return state


def test_the_ballots_stay_out_of_the_game_until_all_are_in_then_only_their_totals_go_in():
    state = gun_vote(4, soap=1)
    table = PadTable()
    ballots = {3: 2, 0: 2, 2: 1, 1: 2}          # cast in any order
    for i, (seat, target) in enumerate(ballots.items()):
        out = cast(table, state, seat, target)
        if i < 3:
            assert out == [] and table.has_voted(seat)      # nothing reaches the game state yet
            assert table.leds(state)[seat] == VOTED
    assert out == [{"type": "secret_vote", "tally": [0, 1, 3, 0]}]     # nobody named: the totals alone
    after = commit(state, out)
    assert after["phase"] == "shoot" and after["gun"] == 2 and after["votes"] == [None] * 4
    assert table.leds(after) == led_policy(after) and table.ballots_cast() == 0


def test_a_neighbour_reads_nothing_from_a_pad_while_its_player_votes():
    """Whichever candidate a ballot stands on, and whoever it is cast for, every light
    at the table is the same: open ballots blink white, cast ones are steady white."""
    state = gun_vote(4)
    seen = set()
    for target in range(4):
        table = PadTable()
        assert all(led == Led(BLUE, "slow") for led in table.leds(state).values())
        table.press(state, 0, MAIN)
        for _ in range((target - 0) % 4):
            before = table.leds(state)
            table.press(state, 0, DONE)
            assert table.leds(state) == before          # a step lights nothing new
        browsing = table.leds(state)
        assert browsing[0] == Led(WHITE, "fast")
        table.press(state, 0, MAIN)
        seen.add((tuple(sorted(browsing.items())), tuple(sorted(table.leds(state).items()))))
    assert len(seen) == 1                               # the same lights for every candidate
    lights = dict(seen.pop()[1])
    assert lights[0] == VOTED and lights[1] == lights[2] == lights[3] == Led(BLUE, "slow")
    assert not any(led.colour == colour_of(state, seat) for seat in range(4) for led in lights.values())


def test_counting_round_the_table_extra_goes_back_and_main_alone_votes_for_yourself():
    state = gun_vote(4, soap=0)
    table = PadTable()
    table.press(state, 1, MAIN)
    table.press(state, 1, EXTRA)                # one to the right of Bob: Ann
    assert table.press(state, 1, MAIN) == [] and table._ballots[1] == 0
    table.press(state, 2, MAIN)
    table.press(state, 2, MAIN)                 # no step: Cy votes for Cy
    assert table._ballots[2] == 2


def test_a_vote_can_be_changed_by_its_voter_until_the_last_is_in():
    state = gun_vote(3, soap=0)
    table = PadTable()
    cast(table, state, 0, 1)
    cast(table, state, 0, 2)                    # she changed her mind: counting starts again from herself
    cast(table, state, 1, 0)
    table.press(state, 1, DONE)                 # opening again takes a cast vote back until it is cast anew
    assert not table.has_voted(1) and table.flush(state) == []
    assert table.press(state, 1, MAIN) == []    # one seat to Bob's left: Cy
    out = cast(table, state, 2, 0)
    assert out == [{"type": "secret_vote", "tally": [1, 0, 2]}]


@pytest.mark.parametrize("lang, again", [
    ("en", "Until the last vote is in, any press on the pad after casting takes the vote back and opens it again"),
    ("de", "Bis die letzte Stimme da ist, nimmt jeder Druck am Pad nach dem Abgeben die Stimme zurück und öffnet sie neu")])
def test_the_snitch_help_on_the_secret_vote_says_what_the_pads_do(lang, again):
    """Help said "a vote can be changed until it is cast"; on a pad a press re-opens a
    cast ballot until the last vote is in (above). It says so, in the vote screen's words."""
    from companion.i18n import Catalogue

    t = Catalogue(lang)
    state = gun_vote(3, soap=0)
    table = PadTable()
    cast(table, state, 0, 1)
    table.press(state, 0, EXTRA)
    assert not table.has_voted(0)                              # a press took the cast vote back
    text = " ".join(SNITCH.help(t, state))
    assert t("vote.pads") in text and again in text, text
    assert t("vote.change") in text and t("vote.cast_for", name="").rstrip(": ") in text
    assert t("vote.again") in text


def test_seats_without_a_pad_vote_on_the_screen_in_their_turn():
    state = gun_vote(4, soap=1)             # on the screen the game asks 1, 2, 3, 0 in turn
    table = PadTable()
    pad_seats = {1, 3, 0}                   # seat 2 has no pad
    assert table.screen_voters(state, pad_seats) == [2]
    assert cast(table, state, 3, 1) == [] and cast(table, state, 0, 1) == [] and cast(table, state, 1, 3) == []
    assert table.flush(state, pad_seats) == []          # seat 2 still to vote
    out = table.cast(state, 2, 1)                       # on the screen
    assert out == [{"type": "secret_vote", "tally": [0, 3, 0, 1]}] and table.screen_voters(state, pad_seats) == []
    assert commit(state, out)["gun"] == 1
    assert table.cast(state, 7, 1) == [] and table.cast(state, 2, 9) == []      # no such voter, no such seat


def test_a_pad_going_offline_votes_on_the_screen_and_a_ballot_cast_on_it_stays():
    state = gun_vote(3, soap=0)
    table = PadTable()
    assert cast(table, state, 0, 2) == []
    assert table.screen_voters(state, {0, 1, 2}) == []
    assert table.screen_voters(state, {0, 1}) == [2]        # seat 2's pad went offline: it votes on the screen
    assert table.screen_voters(state, {2}) == [1]           # 0's and 1's instead: 0 has voted already


def test_an_open_vote_holds_nothing_and_the_pads_do_nothing():
    state = gun_vote(4, vote="open")
    table = PadTable()
    assert all(table.press(state, seat, button) == [] for seat in range(4) for button in (MAIN, DONE, EXTRA))
    assert table.ballots_cast() == 0 and table.screen_voters(state) == []


def test_ballots_are_forgotten_when_the_vote_is_over_or_undone():
    state = gun_vote(3, soap=0)
    table = PadTable()
    cast(table, state, 1, 0)
    assert table.ballots_cast() == 1
    table.leds(dict(state, phase="shoot", gun=0))
    assert table.ballots_cast() == 0


# -- seat claims ------------------------------------------------------------------------
def test_claiming_seats_in_order_by_pressing_any_pad():
    claims = SeatClaims()
    claims.begin(3)
    assert claims.claiming and claims.waiting == 0
    assert claims.press("b") == 0 and claims.waiting == 1
    assert claims.press("b") is None                    # a pad with a seat claims nothing more
    assert claims.press("c") == 1 and claims.press("a") == 2
    assert not claims.claiming and claims.waiting is None
    assert claims.assignments() == {"b": 0, "c": 1, "a": 2}
    assert claims.press("d") is None


def test_claiming_one_seat_again():
    claims = SeatClaims()
    claims.begin(3)
    for pad in "abc":
        claims.press(pad)
    claims.begin_seat(1)
    assert claims.pad_at(1) is None and claims.waiting == 1
    assert claims.press("a") is None                    # a pad that holds a seat
    assert claims.press("x") == 1 and not claims.claiming
    assert claims.assignments() == {"a": 0, "x": 1, "c": 2}


def test_a_remembered_seat_counts_unless_another_pad_holds_it():
    claims = SeatClaims()
    assert claims.announce("a", 2) == (2, None)
    assert claims.announce("a", 5) == (2, None)         # the host's record wins
    seat, why = claims.announce("b", 2)
    assert seat is None and "pad b says seat 3, but pad a holds it" == why
    assert claims.seat_of("b") is None and claims.seat_of("a") == 2
    assert claims.announce("c", None) == (None, None)
    claims.begin(2)
    assert claims.announce("d", 1) == (None, None)      # being claimed afresh: memory does not count


def test_assigning_by_hand_moves_whoever_held_the_seat():
    claims = SeatClaims()
    claims.assign("a", 0)
    assert claims.assign("b", 0) == "a"
    assert claims.seat_of("a") is None and claims.pad_at(0) == "b"
    claims.assign("b", None)
    assert claims.assignments() == {}
    with pytest.raises(ValueError):
        claims.begin(0)


def test_the_module_is_pure():
    code = "import sys, companion.pads; print(' '.join(sorted(sys.modules)))"
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True,
                         cwd=Path(__file__).parent.parent).stdout.split()
    assert not {m.split(".")[0] for m in out} & {"serial", "kivy", "hardware", "ui", "gpiozero"}


def test_claim_leds_light_the_seats_that_have_their_pad_in_the_players_colour():
    players = make_table(["Ann", "Bob", "Cy"])
    assert pads.claim_leds(players, {0, 2, 7, -1}) == {0: Led("e69f00"), 2: Led("009e73")}
