"""Sing Sing on the table view (issue 33): what the game gives the one-screen table, in
English and German, in every state random play reaches: at most two short figures a
seat, the mask and the file as one-word tokens on their holders' seats, a headline of
one or two lines, a prompt of at most two short lines, the big button what the prompt
asks (TIMER when it says TIMER), Right and Wrong drawn as a tick and a cross, a ranked
scoreboard at the end, and a Log that says what happened without the bar taken."""
import random
import re
from textwrap import wrap

import pytest

from companion.games.moves import EQUAL, PLAY, RIGHT, WRONG
from companion.games.singsing import CONVICTS, GAME, GUESSING
from companion.i18n import Catalogue
from companion.inputs import InputEvent
from random_play import random_action, random_options
from ui.actions import describe

LANGS = ("en", "de")
PROMPT_MOST = {"en": 60, "de": 66}      # two short lines of ~420 px at 24 px (table-view.md)
HEADLINE_LINE = 28                       # one line of ~330 px at 24 px
LINE = 32                                # characters in a line of the prompt (~370 px at 24 px), to be safe
FIGURE_MOST = 12                         # a figure on a seat's token (~185 px)
# Names as long as names at a table run (ten letters), and the longest a name may be.
NAMES = ("Maximilian", "Konstantin", "Friederike", "Wilhelmina", "Christophe")
LONGEST = ("Abcdefghijklmnopqrst", "Bcdefghijklmnopqrstu", "Cdefghijklmnopqrstuv", "Defghijklmnopqrstuvw",
           "Efghijklmnopqrstuvwx")
T = {lang: Catalogue(lang) for lang in LANGS}


def players(count, names=NAMES):
    return [{"name": name, "colour": "orange", "letter": name[0]} for name in names[:count]]


def new(count=3, first=0, names=NAMES, **options):
    return GAME.setup(players(count, names), GAME.check_options(options), first, random.Random(0))


def act(state, type, **args):
    after = GAME.apply(state, GAME.resolve(state, {"type": type, **args}, random.Random(0)))
    GAME.check_invariants(after)
    return after


def primary(state):
    """The big button: the first step the game lists for the seat whose turn it is."""
    return next((spec for spec in GAME.legal_actions(state)
                 if spec.role == PLAY and spec.player == state["current"]), None)


def random_game(seed, names=NAMES):
    """[(state before, action, state after), ...] of one random game, played to its end."""
    rng = random.Random(seed)
    count = rng.randint(GAME.min_players, GAME.max_players)
    options = random_options(GAME, rng)
    state = GAME.setup(players(count, names), GAME.check_options(options), rng.randrange(count), rng)
    steps = []
    for _ in range(3000):
        specs = GAME.legal_actions(state)
        if not specs:
            break
        # the big button more often than not, so games reach their end
        spec = primary(state) if rng.random() < 0.5 and primary(state) else rng.choice(specs)
        action = GAME.resolve(state, random_action(spec, rng), rng)
        after = GAME.apply(state, action)
        steps.append((state, action, after))
        state = after
    return steps


GAMES = {seed: random_game(seed) for seed in range(16)}


def states():
    for seed, steps in GAMES.items():
        yield from ((seed, after) for _before, _action, after in steps)


# -- every state random play reaches ------------------------------------------------------
@pytest.mark.parametrize("lang", LANGS)
def test_every_seat_shows_at_most_two_short_figures_and_the_tokens_are_one_word(lang):
    t = T[lang]
    for seed, state in states():
        board = GAME.board(state, t)
        if state["phase"] == "setup":
            assert board is None
            continue
        count = len(state["players"])
        assert board.problems(count) == [], seed
        assert [view.seat for view in board.seats] == list(range(count))
        for view in board.seats:
            assert 1 <= len(view.figures) <= 2 and all(len(f) <= FIGURE_MOST for f in view.figures), view.figures
            assert len(view.figures) == (2 if state["options"]["advanced"] else 1)
        assert {(token.key, token.seat) for token in board.tokens} == {("mask", state["mask"]), ("file", state["file"])}
        assert all(token.short and " " not in token.short for token in board.tokens)
        # the seats' tags: the winner alone (the tokens say the mask and the file, once)
        badges = GAME.summary(state, t)["badges"]
        assert badges == ({state["winner"]: [t("singsing.badge.winner")]} if state["finished"] else {}), badges
        assert board.counters[0].short and " " not in board.counters[0].short


@pytest.mark.parametrize("lang", LANGS)
def test_every_prompt_is_two_short_lines_and_every_headline_one_or_two(lang):
    t = T[lang]
    for seed, state in states():
        summary = GAME.summary(state, t)
        if state["phase"] == "setup" and state["checked"] != state["steps"]:
            continue     # the shared setup checklist's words (setup.prompt.check), not Sing Sing's
        assert len(summary["prompt"]) <= PROMPT_MOST[lang], (seed, summary["prompt"])
        assert len(summary["headline"]) <= HEADLINE_LINE, (seed, summary["headline"])
        assert "singsing." not in summary["prompt"] + summary["headline"]


@pytest.mark.parametrize("lang", LANGS)
def test_with_the_longest_names_the_headline_never_takes_a_third_line(lang):
    """A twenty-letter name fills a line of its own; the rest of the headline fits the next."""
    t = T[lang]
    for seed in range(6):
        for _before, _action, state in random_game(seed, LONGEST):
            headline = GAME.summary(state, t)["headline"]
            rest = headline
            for name in LONGEST:
                rest = rest.replace(name, "")
            assert len(rest) <= HEADLINE_LINE - 8 and rest.count(" ") <= 3, headline


@pytest.mark.parametrize("lang", LANGS)
def test_every_prompt_and_headline_the_game_has_fits_also_those_random_play_seldom_reaches(lang):
    from companion.i18n import texts
    t = T[lang]
    fields = {"file": NAMES[0], "mask": NAMES[1], "name": NAMES[0], "window": 12, "left": 2, "guess": 2,
              "side": t("singsing.side.right")}
    keys = [key for key in texts(lang) if key.startswith(("singsing.prompt.", "singsing.headline."))]
    assert len(keys) >= 15
    for key in keys:
        most = PROMPT_MOST[lang] if ".prompt." in key else HEADLINE_LINE
        for left in (1, 2):
            said = t(key, **{**fields, "left": left})
            assert len(said) <= most and "{" not in said, (key, said)
            if ".prompt." in key:       # two lines of the prompt's ~370 px, a hyphenated name one word
                long = t(key, **{**fields, "left": left, "file": "Anna-Katharina", "mask": "Anna-Katharina"})
                assert len(wrap(long, LINE, break_long_words=False, break_on_hyphens=False)) <= 2, long


def test_when_the_prompt_says_timer_the_big_button_is_what_timer_does():
    """Issue 33: the big button was "Pay a chip: two bars" while the prompt said TIMER."""
    seen = set()
    for seed, state in states():
        for lang in LANGS:
            prompt = GAME.summary(state, T[lang])["prompt"]
            if "TIMER" not in prompt:
                continue
            timer = GAME.input_action(state, InputEvent.TIMER)
            assert timer is not None and primary(state).type == timer["type"], (seed, prompt)
            seen.add(timer["type"])
        if state["phase"] == "remove" and not state["options"]["tracker"] and primary(state) is not None:
            assert primary(state).type == "start_timer"
    assert seen == {"start_timer", "second_guess"}


def test_right_and_wrong_are_a_tick_and_a_cross_and_lead_the_guess():
    seen = 0
    for _seed, state in states():
        if state["phase"] != "guess":
            continue
        specs = {spec.type: spec for spec in GAME.legal_actions(state)}
        assert (specs["right"].look, specs["wrong"].look) == (RIGHT, WRONG)
        assert primary(state).type == "right"
        assert [spec.type for spec in GAME.legal_actions(state) if spec.player == state["current"]][:2] == \
            ["right", "wrong"]
        seen += 1
    assert seen


def test_a_second_guess_or_passing_the_mask_are_two_equal_choices():
    state = act(act(new(3, advanced=True), "start_timer"), "wrong")
    specs = [spec for spec in GAME.legal_actions(state) if spec.player == state["current"]]
    assert [(spec.type, spec.look) for spec in specs[:2]] == [("second_guess", EQUAL), ("pass_mask", EQUAL)]
    assert [T[lang](spec.label) for lang in LANGS for spec in specs[:2]] == [
        "TIMER: guess again", "Pass the mask", "TIMER: noch mal raten", "Maske weitergeben"]


@pytest.mark.parametrize("lang", LANGS)
def test_every_finished_game_ends_on_a_ranked_scoreboard_in_the_games_words(lang):
    t = T[lang]
    ended = 0
    for seed, steps in GAMES.items():
        last = steps[-1][2]
        for _before, _action, state in steps[:-1]:
            assert GAME.board(state, t) is None or GAME.board(state, t).scores == ()
        if not last["finished"]:
            continue
        ended += 1
        scores = GAME.board(last, t).scores
        count = len(last["players"])
        assert sorted(score.seat for score in scores) == list(range(count))
        assert scores[0].seat == last["winner"] and scores[0].winner and scores[0].rank == 1
        assert [score.rank for score in scores] == sorted(score.rank for score in scores)
        assert not any(score.winner for score in scores[1:]) and all(score.rank >= 2 for score in scores[1:])
        for a in scores[1:]:
            for b in scores[1:]:
                assert (a.rank < b.rank) == (a.total > b.total), seed     # equal convicts, equal rank
        for score in scores:
            won = last["convicts"][score.seat]
            assert score.total == sum(won.values())
            assert score.parts == tuple((f"{c[0].upper()}{won[c]}", won[c]) for c in CONVICTS if won[c])
            assert score.outcome and "singsing." not in score.outcome
            # one line beside the name: the outcome and the parts as the screen joins them
            assert len(" · ".join([score.outcome, " + ".join(w for w, _n in score.parts)])) <= 36, score
        assert GAME.result(last)["scores"] == [sum(won.values()) for won in last["convicts"]]
    assert ended >= len(GAMES) // 2


def test_the_scoreboard_says_how_the_winner_won_and_what_the_others_got():
    state = new(3)
    for convict, verdict in (("eddie", "wrong"), ("mack", "right"), ("joe", "wrong"), ("joe", "wrong"),
                             ("joe", "wrong")):
        while GAME.refusal(act(state, "start_timer"), "free_convict") is not None:
            state = act(act(state, "start_timer"), "wrong")      # more bars out, nobody freed
        state = act(act(act(state, "start_timer"), "free_convict", convict=convict), verdict)
    # Maximilian kept the file and Eddie; Konstantin guessed Mack right, then kept the file and three Joes
    assert state["finished"] and state["winner"] == 1 and state["win"] == "same"
    said = {lang: [(s.seat, s.rank, s.total, s.outcome) for s in GAME.board(state, T[lang]).scores] for lang in LANGS}
    assert said["en"] == [(1, 1, 4, "won with 3 × Joe"), (0, 2, 1, "1 convict"), (2, 3, 0, "no convict")]
    assert said["de"] == [(1, 1, 4, "Sieg mit 3 × Joe"), (0, 2, 1, "1 Häftling"), (2, 3, 0, "kein Häftling")]
    assert [s.parts for s in GAME.board(state, T["en"]).scores] == [(("J3", 3), ("M1", 1)), (("E1", 1),), ()]
    assert T["en"]("singsing.outcome.different") == "won with all three"
    assert T["de"]("singsing.outcome.different") == "Sieg mit allen dreien"
    assert T["en"]("singsing.outcome.convicts", count=2) == "2 convicts"


# -- the Log ---------------------------------------------------------------------------
SECRET_ARGS = {"remove_bar": ("window", "bar"), "name_convict": ("convict",), "free_convict": ("convict",)}
SHARED = {"check_step", "skip_setup", "pick_first"}     # the setup checklist's, in the shared words


def said_secret(t, action, words):
    """Does the Log line name what the action's secret arguments hold?"""
    found = []
    if action["type"] == "remove_bar":
        found += re.findall(rf"\b{action['window']}\b", words.split(" ", 1)[1])
        found += [t(f"singsing.param.bar.{action['bar']}")] if t(f"singsing.param.bar.{action['bar']}") in words else []
    if "convict" in action and action["type"] in SECRET_ARGS:
        found += [t(f"singsing.convict.{action['convict']}")] if t(f"singsing.convict.{action['convict']}") in words \
            else []
    return found


@pytest.mark.parametrize("lang", LANGS)
def test_the_log_says_what_happened_in_the_past_tense_and_never_the_bar_during_a_guess(lang):
    t = T[lang]
    checked = 0
    for seed, steps in list(GAMES.items())[:8]:
        for index, (_before, _action, now) in enumerate(steps):
            if now["phase"] not in GUESSING and index % 7:
                continue       # every guess, and a sample of the rest
            for before, action, _after in steps[:index + 1]:
                hidden = GAME.hidden_args(now, action)
                seat, words = describe(t, GAME, now["players"], before, action, hidden)
                if action["type"] in SHARED:
                    continue
                assert words.startswith(t(f"singsing.done.{action['type']}", name="x").split(" ", 1)[0]) or \
                    seat is not None and words.startswith(now["players"][seat]["name"]), words
                assert t(f"singsing.action.{action['type']}") not in words, words   # not the button's words
                if now["phase"] in GUESSING and action["type"] in SECRET_ARGS:
                    assert set(SECRET_ARGS[action["type"]]) <= hidden or action["type"] == "free_convict" and \
                        hidden == {"convict"}, (action, hidden)
                    assert t("log.secret") in words and said_secret(t, action, words) == [], (seed, words)
                checked += 1
    assert checked


def test_every_step_of_play_has_its_past_tense_words_in_both_languages():
    from companion.games.singsing import MOVES
    phone_only = {"take_bar", "guess_bar"}       # steps of a phone's own screen, not the table's buttons
    for move in MOVES:
        if move.type in SHARED | phone_only:
            continue
        for lang in LANGS:
            key = f"singsing.done.{move.type}"
            assert T[lang](key, name="Ann", window=3, bar="x", convict="Joe") != key, (lang, key)
    en, de = T["en"], T["de"]
    assert en("singsing.done.start_timer", name="Ann") == "Ann started the guess."
    assert de("singsing.done.right", name="Ann") == "Ann hat den Tipp als richtig gewertet."
    assert en("singsing.done.remove_bar", name="Ann", window="(secret)", bar="(secret)") == \
        "Ann removed a bar from window (secret): (secret)."


# -- the words the issue named ------------------------------------------------------------------
@pytest.mark.parametrize("timer", [True, False])
def test_the_guess_prompt_has_no_held_undo_and_no_static_seconds(timer):
    state = act(new(3, timer=timer, seconds=15), "start_timer")
    for lang in LANGS:
        prompt = GAME.summary(state, T[lang])["prompt"]
        assert "UNDO" not in prompt and "15" not in prompt and not re.search(r"\d+ s\b", prompt), prompt
    assert GAME.summary(state, T["en"])["prompt"] == "Konstantin: window, colour, length? Right or wrong?"
    assert GAME.summary(state, T["de"])["prompt"] == "Konstantin: Fenster, Farbe, Länge? Richtig oder falsch?"


def test_the_advanced_game_offers_timer_first_and_the_chip_for_two_bars_behind_it():
    state = new(3, advanced=True)
    assert primary(state).type == "start_timer"
    assert [T[lang](primary(state).label) for lang in LANGS] == ["TIMER: guess", "TIMER: raten"]
    assert "announce_two" in {spec.type for spec in GAME.legal_actions(state)}
    assert GAME.summary(state, T["en"])["prompt"] == "Mask on! Maximilian: remove a bar, then TIMER."
    two = act(state, "announce_two")
    assert GAME.summary(two, T["de"])["prompt"] == "Maske auf! Maximilian: 2 Stäbe entfernen, dann TIMER."


def test_with_the_tracker_the_big_button_is_the_bar_then_timer():
    state = new(3, tracker=True, advanced=True)
    assert primary(state).type == "remove_bar" and "TIMER" not in GAME.summary(state, T["en"])["prompt"]
    ready = act(state, "remove_bar", window=4, bar="long")
    assert ready["phase"] == "ready" and primary(ready).type == "start_timer"
    assert GAME.summary(ready, T["en"])["prompt"] == "Maximilian presses TIMER, Konstantin guesses."
    assert GAME.summary(ready, T["de"])["prompt"] == "Maximilian drückt TIMER, Konstantin rät."


def test_the_board_while_a_guess_runs_keeps_the_windows_hidden_and_the_tokens_in_place():
    state = act(act(new(3, tracker=True), "remove_bar", window=7, bar="left"), "start_timer")
    for lang in LANGS:
        board = GAME.board(state, T[lang])
        assert board.areas == () and board.counters[0].value == 35
        assert [(token.short, token.seat) for token in board.tokens] == (
            [("Mask", 1), ("File", 0)] if lang == "en" else [("Maske", 1), ("Feile", 0)])
        assert "7" not in " ".join(f for view in board.seats for f in view.figures)


def test_the_seat_figures_say_each_convict_and_the_chips():
    state = new(2, advanced=True)
    state = act(act(act(act(state, "announce_two"), "start_timer"), "free_convict", convict="mack"), "right")
    board = GAME.board(state, T["en"])
    assert board.seats[1].figures == ("E0 J0 M1", "2 chips")
    assert GAME.board(state, T["de"]).seats[0].figures == ("E0 J0 M0", "1 Chip")     # paid for two bars
    assert GAME.board(new(2), T["en"]).seats[0].figures == ("E0 J0 M0",)


def test_the_phones_steps_are_said_in_the_past_tense_the_bar_noted_never():
    """The file holder's phone notes the bar (take_bar), the guesser's phone guesses
    (guess_bar): the Log and the phones' news line read these words, so the bar noted
    is never in them, the guess (said aloud at the table) is."""
    state = new(3)
    noted = GAME.resolve(state, {"type": "take_bar", "player": 0, "window": 3, "bar": "long"}, random.Random(0))
    running = act(GAME.apply(state, noted), "start_timer")
    for lang, words in (("en", "Maximilian noted the bar taken."), ("de", "Maximilian hat den gezogenen Stab notiert.")):
        assert describe(T[lang], GAME, running["players"], state, noted, GAME.hidden_args(running, noted))[1] == words
        assert GAME.log_words(noted, running["players"], T[lang]) == words
    guess = GAME.resolve(running, {"type": "guess_bar", "player": 1, "window": 3, "bar": "long"}, random.Random(0))
    assert GAME.log_words(guess, running["players"], T["en"]) == "Konstantin guessed window 3, long bar: right."
    wrong = GAME.resolve(running, {"type": "guess_bar", "player": 1, "window": 4, "bar": "left"}, random.Random(0))
    assert GAME.log_words(wrong, running["players"], T["de"]) == \
        "Konstantin hat Fenster 4, linker kurzer Stab geraten: falsch."
    two = act(new(3, advanced=True), "announce_two")
    both = GAME.resolve(two, {"type": "take_bar", "player": 0, "window": 3, "bar": "long", "window2": 5,
                              "bar2": "left"}, random.Random(0))
    assert GAME.log_words(both, two["players"], T["en"]) == "Maximilian noted the bars taken."
