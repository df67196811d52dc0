"""What Cellmate says aloud (companion/speech.py): the queue's order and what it drops,
on a fake clock; each game's words for its events in English and German, plurals
from the catalogue; nothing but public words."""
import random

import pytest

from companion import speech
from companion.games.dig import GAME as DIG
from companion.games.heist import GAME as HEIST
from companion.games.singsing import GAME as SINGSING
from companion.games.snitch import GAME as SNITCH
from companion.i18n import Catalogue
from companion.players import make_table
from companion.speech import HIGH, Line, SpeechQueue

EN, DE = Catalogue("en"), Catalogue("de")


class Clock:
    def __init__(self):
        self.now = 100.0

    def __call__(self):
        return self.now


@pytest.fixture
def clock():
    return Clock()


def said(queue):
    out = []
    while (line := queue.take()) is not None:
        out.append(line.text)
    return out


# -- the queue ------------------------------------------------------------------------
def test_lines_are_said_by_priority_then_in_the_order_they_came(clock):
    q = SpeechQueue(clock)
    q.push(Line("Ann's Scheme failed."))
    q.push(speech.turn("Ben's turn."))
    clock.now += 0.1
    q.push(Line("Prison riot!", priority=HIGH))
    q.push(Line("Ben draws 1 card."))
    assert said(q) == ["Prison riot!", "Ann's Scheme failed.", "Ben draws 1 card.", "Ben's turn."]


def test_a_new_turn_replaces_a_turn_not_yet_said(clock):
    q = SpeechQueue(clock)
    q.push(speech.turn("Ann's turn."))
    q.push(speech.turn("Ben's turn."))
    assert said(q) == ["Ben's turn."]
    assert [(line.text, why) for line, why in q.dropped] == [("Ann's turn.", "stale")]


def test_nothing_is_said_twice_in_a_row_but_may_be_again_later(clock):
    q = SpeechQueue(clock)
    q.push(Line("The Guard moves to Ann."))
    q.push(Line("The Guard moves to Ann."))          # queued already
    assert said(q) == ["The Guard moves to Ann."]
    clock.now += 2
    q.push(Line("The Guard moves to Ann."))          # said just now
    assert said(q) == [] and [why for _, why in q.dropped] == ["repeat", "repeat"]
    clock.now += speech.REPEAT_WITHIN
    q.push(Line("The Guard moves to Ann."))
    assert said(q) == ["The Guard moves to Ann."]


def test_nothing_is_said_late(clock):
    q = SpeechQueue(clock)
    q.push(Line("Ann's Scheme succeeded."))
    q.push(speech.countdown(EN, 3, "guess 1"))
    clock.now += 1.0                                 # the "3" is a second old: wrong now
    q.push(speech.countdown(EN, 2, "guess 1"))
    assert said(q) == ["2", "Ann's Scheme succeeded."]
    q.push(Line("Ben's Scheme failed."))
    clock.now += speech.MAX_AGE + 0.1
    assert said(q) == []
    assert [(line.text, why) for line, why in q.dropped] == [("3", "late"), ("Ben's Scheme failed.", "late")]


def test_time_is_up_interrupts_and_goes_first(clock):
    q = SpeechQueue(clock)
    assert q.push(speech.turn("Ann's turn.")) is False
    assert q.push(speech.time_up(EN, "guess 1")) is True       # cut off what is being said
    assert said(q) == ["Time is up!", "Ann's turn."]


def test_a_kind_switched_off_is_not_said(clock):
    q = SpeechQueue(clock, kinds=(speech.EVENTS,))
    q.push(speech.turn("Ann's turn."))
    q.push(speech.countdown(EN, 5, "k"))
    q.push(Line("The Guard moves to Ann."))
    assert said(q) == ["The Guard moves to Ann."]
    assert {why for _, why in q.dropped} == {"off"}


def test_the_countdown_says_only_its_last_five_seconds():
    assert [speech.countdown(DE, n, "k") for n in (6, 0)] == [None, None]
    assert [speech.countdown(DE, n, "k").text for n in (5, 1)] == ["5", "1"]
    assert speech.time_up(DE, "k").text == "Die Zeit ist um!"


def test_names_are_joined_in_the_tables_language():
    assert speech.names(EN, ["Ann", "Ben", "Cy"]) == "Ann, Ben and Cy"
    assert speech.names(DE, ["Ann", "Ben"]) == "Ann und Ben"
    assert speech.names(EN, ["Ann"]) == "Ann"


# -- what each game says ------------------------------------------------------------
def table(game, count, options=None, **state):
    s = game.setup(make_table([f"P{i}" for i in range(count)]), game.check_options(options or {}), 0,
                   random.Random(0))
    s.update(state)
    return s


def words(game, before, after, action, t=EN):
    return [line.text for line in speech.lines_for(game, before, after, action, t)]


def test_the_snitch_says_the_riot_the_guard_and_a_schemes_draws_with_plurals():
    before = table(SNITCH, 4, phase="turn", soap=0, current=0, interrogation=8, guard=None)
    draws = [{"deck": "interrogation", "seat": 1, "count": 1}, {"deck": "contacts", "seat": 2, "count": 2},
             {"deck": "contacts", "seat": 3, "count": 0}]
    after = dict(before, interrogation=7, riot=True, guard=2, phase="new_scheme", current=0, resolving=0,
                 last_resolution={"owner": 0, "success": True, "draws": draws, "cut_short": False})
    assert words(SNITCH, before, after, {"type": "reveal"}) == [
        "Prison riot! The Interrogation Deck is down to 7 cards.", "The Guard moves to P2.",
        "P0's Scheme succeeded. P1 draws 1 card from the Interrogation Deck. "
        "P2 draws 2 cards from the Prison Contacts Deck."]
    assert words(SNITCH, before, after, {"type": "reveal"}, DE) == [
        "Gefängnisaufstand! Im Verhörstapel sind nur noch 7 Karten.", "Der Wärter geht zu P2.",
        "P0s Plan ist gelungen. P1 zieht 1 Karte vom Verhörstapel. P2 zieht 2 Karten vom Kontaktstapel."]


def test_the_snitch_says_whose_turn_when_the_soap_passes_not_while_a_scheme_resolves():
    before = table(SNITCH, 4, phase="turn", soap=0, current=0)
    resolving = dict(before, phase="resolution", current=1, resolving=1)
    assert words(SNITCH, before, resolving, {"type": "play_card"}) == []
    passed = dict(before, soap=1, current=1)
    assert words(SNITCH, before, passed, {"type": "pass_soap"}) == ["P1's turn."]
    assert words(SNITCH, before, passed, {"type": "pass_soap"}, DE) == ["P1 ist dran."]


def test_the_snitch_says_how_it_ended_and_who_won():
    before = table(SNITCH, 4, phase="escape_reveal", soap=0)
    after = dict(before, phase="over", finished=True, outcome="escape_succeeded", winners=[0, 2], snitch=1)
    assert words(SNITCH, before, after, {"type": "escape_reveal"}) == ["The escape succeeded!", "P0 and P2 win!"]
    one = dict(after, outcome="snitch_gun", winners=[1])
    assert words(SNITCH, before, one, {"type": "x"}, DE) == ["Der Spitzel hat die Pistole bekommen und gewinnt!",
                                                                  "P1 gewinnt!"]


def test_dig_says_where_michel_goes_and_whom_he_extorts():
    before = table(DIG, 3, {"michel": "michelle", "checklist": False})
    after = DIG.copy(before)
    after["michel"]["place"] = "cafeteria"
    after["extortions"] += 1
    after["extortion"] = {"by": "michel", "victim": 2, "step": "draw", "helpers": [], "number": 1}
    assert words(DIG, before, after, {"type": "choose_place"}) == ["Michelle moves to the Cafeteria.",
                                                                   "Michelle extorts P2."]
    assert words(DIG, before, after, {"type": "choose_place"}, DE) == ["Michelle geht zum Ort Cafeteria.",
                                                                       "Michelle erpresst P2."]


def test_heist_says_a_steps_result_and_the_gems_drawn():
    before = table(HEIST, 3, {"checklist": False}, phase="roll", current=1, turn=2)
    last = {"player": 1, "heist": 0, "step": 1, "total": 5, "challenge": 9, "die": 2, "modifier": 0,
            "result": "failure", "score": 7}
    assert words(HEIST, before, dict(before, last=last), {"type": "roll"}) == ["P1, step B: Failure."]
    colours = list(before["start_bag"])
    done = {"player": 1, "heist": 0, "name": "", "take": 3, "dice": [], "gems": [colours[0], colours[0], colours[1]],
            "bonus_due": False, "bonus": None, "team": 2, "turn": 2}
    after = dict(before, completions=[done], phase="completed")
    text = words(HEIST, before, after, {"type": "complete"}, DE)[0]
    assert text.startswith("P1 hat Heist 1 abgeschlossen. Aus dem Beutel gezogen: 2 ")


def test_sing_sing_says_the_verdict_whose_turn_and_the_winner():
    before = table(SINGSING, 3, {"checklist": False}, phase="guess", guess=1)
    last = {"verdict": "right", "guess": 1, "guesser": 1, "file": 0, "cards": ["joe"], "to": 1, "final": True}
    after = dict(before, phase="remove", file=1, mask=2, current=1, turn=2, guess=0, last=last)
    assert words(SINGSING, before, after, {"type": "right"}) == [
        "P1 guessed right (guess 1) and takes the file from P0. P1 gets Joe.", "P1 removes a bar. P2 wears the mask."]
    over = dict(after, phase="over", finished=True, winner=1, win="same")
    assert words(SINGSING, before, over, {"type": "right"}, DE)[-1] == "P1 gewinnt mit drei gleichen Häftlingen!"


def test_an_undo_says_only_whose_turn_it_is_now():
    before = table(SNITCH, 4, phase="turn", soap=1, current=1, riot=True, interrogation=7)
    after = dict(before, soap=0, current=0, riot=False, interrogation=8)
    assert words(SNITCH, before, after, None) == ["P0's turn."]


def test_what_a_game_declares_secret_never_reaches_the_words_even_while_the_screen_may_show_it():
    """Sing Sing: which bar the file holder takes out is on the screen while the mask is on,
    but a voice is heard by the masked player: the hook sees it blanked."""
    seen = []

    class Spy(type(SINGSING)):
        def spoken(self, before, after, action, t):
            seen.append((before["windows"], action))
            return []

    state = table(SINGSING, 3, {"checklist": False, "tracker": True}, phase="remove")
    assert SINGSING.public(state)["windows"] == state["windows"]       # the screen shows the bars now
    speech.lines_for(Spy(), state, state, {"type": "remove_bar", "window": 4, "bar": "long"}, EN)
    assert seen == [("(secret)", {"type": "remove_bar", "window": "(secret)", "bar": "(secret)"})]
