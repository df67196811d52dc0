"""Sing Sing (Karl-Heinz Schmiel, Moskito 1996), the rules: the companion as referee and guess clock.

The table plays with the real board, bars, mask and file; the companion keeps
who wears the mask and who holds the file, runs the guess timer, says who gets
a freed convict, and announces the winner. The turn (MOVES below, as data):

    remove ──(tracker: remove_bar …)──> name ──name_convict──> ready ──start_timer──> guess
      │ (no tracker: the bar is out, start_timer)                                      │
      └────────────────────────────────────────────────────────────────────────────────┘
    guess ── right ─────────> the guesser takes the file, the mask goes to the guesser's left, remove
          ── wrong/timeout ─> (advanced, first guess, a chip left: second_chance) else
                              the mask moves on skipping the file holder, the file holder removes again
    second_chance ── second_guess (pay a chip, the timer restarts: guess 2) ── pass_mask (the wrong stands)

Freed convicts wait in ``pending`` until the verdict: right -> the guesser,
wrong -> the file holder. The win (3 of one convict or 3 different) ends the
game at once (phase ``over``).

**The timer** runs in the app, not in the state (which stays deterministic):
``start_timer`` records that guess ``guess`` of turn ``turn`` runs, the app runs
the countdown (``countdown``) and at zero sends ``timeout``, a wrong guess.

**The buttons** (BUTTONS): TIMER starts the guess (or the second one), CONFIRM
marks it right, UNDO held marks it wrong (or lets the wrong stand). A verdict
is a deliberate act, so it is the long press; a short UNDO always undoes, also
a verdict pressed by mistake. ROLL is free (Sing Sing has no dice).

Rules *readings* (NOTES.md) live in one place each, marked ``READING``, and the
help texts say them (view.py's ``READINGS``). This module is the moves, who may
make them and when; the table's facts and what each move does to them are
state.py (together OpenSpiel's State); what the table sees and hears is view.py.
"""
from __future__ import annotations

import random
from dataclasses import replace

from ... import cues as cue_names, lights
from ...inputs import DONE as PAD_DONE, MAIN as PAD_MAIN, InputEvent
from ...lights import Led
from ...players import left_of
from ...timers import DONE, Countdown, TimerCues
from .. import checklist
from ..base import ActionSpec, Game, IllegalAction, Move, Option, Param, Rule, Secret, name_of
from ..base import SECRET, make_result
from ..moves import EQUAL, RIGHT, WRONG

from .state import (  # noqa: F401  (the game's facts and effects: the game's __init__ and view name them here)
    BARRED, FREE,
    BARS, CARD_SHORT_BAR, CHIPS, CONVICTS, DEFAULT_SECONDS, GUESSING, PHASES, TICK_LAST, TOTAL_BARS, TOTAL_CARDS,
    WINDOWS, after_removal, announce_two, bars_counted, bars_hidden, bars_left, card_is_free,
    first_free, free_convict, guess_bar, mask_after_wrong, masked, max_free_cards, name_convict, not_guessing,
    pass_mask, remove_bar, run_guess, second_guess, settle, start_timer, take_bar, taken, timer_key, verdict,
    win_kind)


def countdown_cues(seconds: float = DEFAULT_SECONDS, frame: float = 1 / 60,
                   cues: TimerCues | None = None) -> list[tuple[float, str]]:
    """A whole guess countdown on a fake clock, polled once per display frame
    as the screen does: [(seconds since start, cue), ...]."""
    now = [0.0]
    countdown = Countdown(seconds, lambda: now[0], cues or SingSingRules.timer_cues)
    countdown.start()
    heard: list[tuple[float, str]] = []
    frames = 0
    while countdown.state != DONE and frames < (seconds + 5) / frame:
        frames += 1
        now[0] = frames * frame
        heard += [(now[0], cue) for cue in countdown.poll()]
    return heard

# -- what refuses a move (the rulebook's words) -------------------------------------------
BASIC_GAME = Rule(lambda s, me: not s["options"]["advanced"], "singsing_basic_game",
                  "chips are for the advanced game only")
NO_CHIP = Rule(lambda s, me: s["chips"][me] < 1, "singsing_no_chip", "{name} has no chip left")
NO_TRACKER = Rule(lambda s, me: not s["options"]["tracker"], "singsing_no_tracker",
                  "the window tracker is off: remove the bar and press TIMER")


def _short_of_bars(need):
    return Rule(lambda s, me: bars_left(s) < need(s), "singsing_not_enough_bars", "only {left} bars are left",
                lambda s, me: {"left": bars_left(s)})


# -- arguments ------------------------------------------------------------------------------
CONVICT = Param("choice", "singsing.param.convict", choices=CONVICTS, error="singsing_bad_convict",
                message="the convicts are eddie, joe and mack")
BAR_PARAMS = {
    "window": Param("int", "singsing.param.window", minimum=1, maximum=WINDOWS, error="singsing_bad_window",
                    message=f"windows are numbered 1 to {WINDOWS}"),
    "bar": Param("choice", "singsing.param.bar", choices=BARS, error="singsing_bad_bar",
                 message="a bar is left, long or right"),
}


def two_bars(params: dict) -> dict:
    """The bar arguments twice over (two bars were announced), the second one's names ending in 2."""
    return {**params, "window2": replace(params["window"], label="singsing.param.window2"), "bar2": params["bar"]}


def bars_noted(s, me=None) -> dict:
    """Which bar(s) were taken, as the file holder notes them or the guesser guesses them."""
    return two_bars(BAR_PARAMS) if s["bars_due"] == 2 else BAR_PARAMS


def guessed_right(s, a) -> dict:
    """The guess against the bar(s) taken (window and length; two bars in any order)."""
    key = lambda bar: (bar["window"], bar["bar"])  # noqa: E731
    return {**a, "right": sorted(map(key, taken(a))) == sorted(map(key, s["taken"]))}


def bar_still_there(s, a):
    if not s["windows"][a["window"] - 1][a["bar"]]:
        raise IllegalAction("singsing_bar_gone", f"the {a['bar']} bar of window {a['window']} is already gone",
                            window=a["window"], bar=a["bar"])


def bars_by_window(s, me):
    """One button per window that still has bars, offering those bars (while where the
    bars are is hidden: one button for any bar, the apply refuses one already gone)."""
    if s["windows"] == SECRET:
        return [BAR_PARAMS]
    return [{"window": Param("int", "singsing.param.window", minimum=n, maximum=n),
             "bar": Param("choice", "singsing.param.bar", choices=tuple(b for b in BARS if w[b]))}
            for n, w in enumerate(s["windows"], start=1) if any(w[b] for b in BARS)]


def this_guess(s, a):
    """The app's zero for the guess running now: a late one from an earlier guess is refused."""
    for field in ("turn", "guess"):
        if a.get(field, s[field]) != s[field]:
            raise IllegalAction("singsing_stale_timeout", "that timeout belongs to an earlier guess")


def timer_on(s) -> bool:
    """The guess runs against the clock (option `timer`; games saved before it had one always)."""
    return s["options"].get("timer", True)


SETUP_STEPS = ("board", "convicts", "bars")   # the rulebook's setup ("singsing.setup.<step>")


def start_play(s, seat):
    """The starting player takes the file, the player on their left the mask."""
    s.update(phase="remove", first_player=seat, file=seat, mask=left_of(seat, len(s["players"])), current=seat)


def timeout_listing(s, me):
    return [{field: Param("int", f"singsing.param.{field}", minimum=s[field], maximum=s[field], optional=True)
             for field in ("turn", "guess")}]


# -- the moves, turn by turn -------------------------------------------------------------------
MOVES = (   # in the order the screen offers them: the first of the current seat's is the big button
    # The file holder removes a bar (told to the tracker, when it is on)...
    Move("remove_bar", phases=("remove",), actor="file", params=BAR_PARAMS, unless=(NO_TRACKER,), check=bar_still_there,
         apply=remove_bar, listing=bars_by_window),
    # ... and says which convict a freed card shows.
    Move("name_convict", phases=("name",), actor="file", params={"convict": CONVICT}, unless=(NO_TRACKER,),
         apply=name_convict),
    # The file holder's phone notes the bar taken (no tracker; the tracker knows it): secret from the mask.
    Move("take_bar", phases=("remove",), actor="file", params=bars_noted, unless=(
        Rule(lambda s, me: s["options"]["tracker"], "singsing_tracker_knows",
             "the tracker knows the bar: tap it on the board"),), apply=take_bar, listing=lambda s, me: []),
    # The guesser's phone says the guess; with the bar taken known the app judges it itself.
    Move("guess_bar", phases=("guess",), actor="mask", params=bars_noted, unless=(
        Rule(lambda s, me: s["taken"] is None, "singsing_bar_unknown",     # noted, it is all the bars due
             "nobody noted the bar taken: the file holder says right or wrong"),), decide=lambda s, a, rng:
         guessed_right(s, a), apply=guess_bar, listing=lambda s, me: []),
    # The guess: the file holder judges it right or wrong, or the guess clock runs out.
    Move("right", phases=("guess",), actor="file", apply=verdict, look=RIGHT),
    Move("wrong", phases=("guess",), actor="file", apply=verdict, look=WRONG),
    Move("timeout", phases=("guess",), actor=None,
         params={"turn": Param("int", optional=True), "guess": Param("int", optional=True)},
         unless=(Rule(lambda s, me: not timer_on(s), "singsing_no_timer",
                      "the guess timer is off: the guess was right or wrong"),), check=this_guess,
         decide=lambda s, a, rng: {**a, "turn": s["turn"], "guess": s["guess"]}, apply=verdict,
         listing=timeout_listing),
    # After a wrong first guess (advanced): pay a chip for a second guess, or let the wrong stand.
    Move("second_guess", phases=("second_chance",), actor="mask", unless=(NO_CHIP,), apply=second_guess, look=EQUAL),
    Move("pass_mask", phases=("second_chance",), actor="mask", apply=pass_mask, look=EQUAL),
    # The bar is out: TIMER starts the guess (before the other steps of the turn: the prompt asks for it).
    Move("start_timer", phases=("remove", "ready"), actor="file", unless=(
        Rule(lambda s, me: s["phase"] == "remove" and s["options"]["tracker"], "singsing_remove_first",
             "tap the bar you removed first"),
        Rule(lambda s, me: not s["options"]["tracker"] and bars_left(s) < s["bars_due"], "singsing_not_enough_bars",
             "only {left} bars are left", lambda s, me: {"left": bars_left(s)})), apply=start_timer),
    # Without the tracker, the table says which convict each freed card shows.
    Move("free_convict", phases=("remove", "guess", "second_chance"), actor="file", params={"convict": CONVICT},
         unless=(
             Rule(lambda s, me: s["options"]["tracker"], "singsing_tracker_on",
                  "the tracker is on: tap the bars, it sees free convicts itself"),
             Rule(lambda s, me: s["freed"] >= max_free_cards(bars_counted(s)), "singsing_too_many_free",
                  "with {bars} bars out no more convicts can be free", lambda s, me: {"bars": bars_counted(s)})),
         apply=free_convict),
    # The file holder may pay a chip to remove two bars this turn (advanced game), before any is out.
    Move("announce_two", phases=("remove",), actor="file", unless=(
        BASIC_GAME,
        Rule(lambda s, me: s["bars_due"] == 2, "singsing_already_announced",
             "two bars are already announced for this turn"),
        Rule(lambda s, me: bool(s["bars_this_turn"] or s["pending"]), "singsing_announce_first",
             "announce two bars before removing any"),
        NO_CHIP,
        _short_of_bars(lambda s: 2)), apply=announce_two),
) + checklist.moves("singsing", start_play, first=True)


class SingSingRules(Game):
    """The rules of Sing Sing: setup, the moves, the secrets, the refusals, the clock, the buttons, the result."""
    id = "singsing"
    title = "singsing.title"
    min_players = 2
    max_players = 5
    options = (
        Option("advanced", "bool", False, "singsing.option.advanced"),
        Option("seconds", "int", DEFAULT_SECONDS, "singsing.option.seconds", minimum=5, maximum=120),
        Option("tracker", "bool", False, "singsing.option.tracker"),
        Option("timer", "bool", True, "singsing.option.timer"),
        checklist.option(),
    )
    timer_cues = TimerCues(tick_last=TICK_LAST, tick=cue_names.TICK, zero=cue_names.ALARM)
    moves = MOVES
    # The guesser must find the bar the file holder took (the rulebook: in the closed fist,
    # until the verdict). While the mask is off, nothing on the screen or in the log points
    # at it: where the bars are, which bar went, which convict it freed.
    # The bar taken (the tracker's, or noted on the file holder's phone) is the same secret.
    secrets = tuple(Secret(field=field, known_to="others", until=not_guessing, blind=masked)
                    for field in ("windows", "pending", "taken")) \
        + tuple(Secret(action=arg, known_to="others", until=not_guessing, blind=masked)
                for arg in (("remove_bar", "window"), ("remove_bar", "bar"), ("name_convict", "convict"),
                            ("free_convict", "convict"), ("take_bar", "window"), ("take_bar", "bar"),
                            ("take_bar", "window2"), ("take_bar", "bar2")))

    # -- setup -----------------------------------------------------------
    def setup(self, players, options, first_player, rng: random.Random):
        count = len(players)
        return self.base_state(
            players, options, first_player=first_player,
            file=first_player,                  # the starting player takes the file
            mask=left_of(first_player, count),  # the player to the left the mask
            current=None if checklist.wanted(options) else first_player,   # nobody's turn while setting up
            phase=checklist.SETUP if checklist.wanted(options) else "remove",
            turn=1, guess=0, timer_running=False,
            bars_due=1, bars_this_turn=0, bars_out=0,
            windows=[{"left": True, "long": True, "right": True, "cards": [BARRED, BARRED]}
                     for _ in range(WINDOWS)] if options["tracker"] else None,
            freed=0, pending=[], convicts=[{c: 0 for c in CONVICTS} for _ in range(count)],
            chips=[CHIPS if options["advanced"] else 0] * count, last=None, winner=None, win=None, taken=None,
            **(checklist.steps(SETUP_STEPS) if checklist.wanted(options) else {}))

    def upgrade(self, state):
        """A snapshot saved before the bar taken was kept: none noted."""
        return state if "taken" in state else {**state, "taken": None}

    # -- the phones: the file holder notes the bar, the guesser's guess is checked ------------
    def private_moves(self, state, seat):
        """The file holder's phone notes the bar taken (no tracker) while the mask is on; the
        guesser's phone says the guess once the bar taken is known to the app."""
        phase = state["phase"]
        if phase == "remove" and seat == state["file"] and not state["options"]["tracker"]:
            return [ActionSpec("take_bar", "singsing.action.take_bar", seat, bars_noted(state))]
        if phase == "guess" and seat == state["mask"] and self.refusal(state, "guess_bar") is None:
            return [ActionSpec("guess_bar", "singsing.action.guess_bar", seat, bars_noted(state))]
        return []

    def private_words(self, state, seat, t):
        """On the file holder's phone: the bar taken, as noted (the table's tracker or their phone)."""
        bars = state.get("taken")
        if seat != state["file"] or not isinstance(bars, list) or not bars:
            return []
        return [t("singsing.phone.taken", bars=", ".join(
            t("singsing.phone.bar", window=bar["window"], bar=t("singsing.param.bar." + bar["bar"])) for bar in bars))]

    # -- the refusals in Sing Sing's words ----------------------------------------
    def unknown_action(self, kind):
        return IllegalAction("unknown_action", f"Sing Sing has no action {kind!r}", action=kind)

    def not_yours(self, state, seat):
        name = name_of(state, seat)
        return IllegalAction("singsing_not_your_step", f"this is {name}'s step", name=name)

    def not_now(self, state, kind):
        phase = state["phase"]
        if kind == "second_guess" and (state["guess"] == 2 or (
                phase == "remove" and state["last"] and state["last"]["guess"] == 2)):
            return IllegalAction("singsing_no_third_guess", "never a third guess in one turn")
        if phase == "name":
            return IllegalAction("singsing_name_first", "first say which convict is free")
        if phase == "guess":
            return IllegalAction("singsing_timer_running", "a guess is running: mark it right or wrong")
        if phase == "second_chance":
            return IllegalAction("singsing_decide_second", "first the guesser decides on a second guess")
        if kind in ("right", "wrong", "timeout", "pass_mask", "second_guess"):
            return IllegalAction("singsing_no_guess", "no guess is running: press TIMER when the bar is out")
        return IllegalAction("singsing_not_now", f"{kind} is not a step now", action=kind)

    # -- the guess clock (run by the app) -----------------------------------
    def countdown(self, state):
        key = timer_key(state)
        if key is None or not timer_on(state):     # no clock: the guess waits for right or wrong
            return None
        turn, guess = key
        return {"key": [turn, guess], "seconds": state["options"]["seconds"],
                "timeout": {"type": "timeout", "turn": turn, "guess": guess}}

    # -- buttons -----------------------------------------------------------
    # Each button's moves, tried in order: the first one that may happen now is it.
    BUTTONS = {InputEvent.TIMER: ("start_timer", "second_guess"), InputEvent.CONFIRM: ("right",),
               InputEvent.REDO: ("wrong", "pass_mask")}      # REDO: UNDO held

    def input_action(self, state, event):
        """UNDO short stays undo; ROLL means nothing here (see the module doc)."""
        kind = next((k for k in self.BUTTONS.get(event, ()) if self.refusal(state, k) is None), None)
        return {"type": kind} if kind else None

    # -- the seat pads ------------------------------------------------------------
    # MAIN: the file holder's "right" (and the guess timer), the masked player's
    # second guess; DONE: "wrong", or letting the wrong stand.
    pad_buttons = {PAD_MAIN: (InputEvent.CONFIRM, InputEvent.TIMER), PAD_DONE: (InputEvent.REDO,)}

    def leds(self, state):
        phase = state["phase"]
        if phase == checklist.SETUP:      # the box is laid out: nobody holds the mask or the file yet
            return {}
        if phase == "over" or state["finished"]:
            return lights.winners(state, [state["winner"]])
        out = {state["mask"]: Led(lights.MAGENTA, "fast" if phase == "second_chance" else "solid")}
        # the file holder marks the guess: blinking while a verdict is due
        out[state["file"]] = Led(lights.WHITE, "fast" if phase == "guess" else "solid")
        return out

    # -- invariants ------------------------------------------------------------
    def check_invariants(self, state):
        count = len(state["players"])
        opts = state["options"]
        phase = state["phase"]
        assert 2 <= count <= 5
        assert phase in PHASES, phase
        assert 0 <= state["file"] < count and 0 <= state["mask"] < count
        assert state["file"] != state["mask"], "one mask and one file, never with the same player"
        assert state["current"] == (None if phase == checklist.SETUP else
                                    state["mask"] if phase == "second_chance" else state["file"])
        assert len(state["chips"]) == count
        assert all(0 <= c <= (CHIPS if opts["advanced"] else 0) for c in state["chips"])
        assert 0 <= state["guess"] <= (2 if opts["advanced"] else 1), "never beyond the second guess"
        assert state["timer_running"] == (phase == "guess")
        assert (state["guess"] >= 1) == (phase in ("guess", "second_chance"))
        assert phase != "second_chance" or state["guess"] == 1
        assert state["bars_due"] in ((1, 2) if opts["advanced"] else (1,))
        assert 0 <= state["bars_this_turn"] <= state["bars_due"]
        assert 0 <= state["bars_out"] <= TOTAL_BARS
        assert state["turn"] >= 1
        if phase == checklist.SETUP:
            checklist.check_invariants(state)
            assert state["bars_out"] == 0 and state["freed"] == 0
        # convicts: freed = won + waiting for the verdict (+ tracked cards not yet named)
        won = sum(sum(c.values()) for c in state["convicts"])
        assert all(set(c) == set(CONVICTS) and min(c.values()) >= 0 for c in state["convicts"])
        assert all(p in CONVICTS for p in state["pending"])
        unnamed = 0
        if opts["tracker"]:
            windows = state["windows"]
            assert len(windows) == WINDOWS
            assert state["bars_out"] == sum(not w[b] for w in windows for b in BARS)
            named = {c: 0 for c in CONVICTS}
            for w in windows:
                for slot in (0, 1):
                    status = w["cards"][slot]
                    assert (status == BARRED) == (not card_is_free(w, slot)), w
                    if status == FREE:
                        unnamed += 1
                    elif status != BARRED:
                        assert status in CONVICTS
                        named[status] += 1
            assert state["freed"] == sum(s != BARRED for w in windows for s in w["cards"])
            for c in CONVICTS:
                assert named[c] == sum(p[c] for p in state["convicts"]) + state["pending"].count(c)
            assert (unnamed > 0) == (phase == "name")
            if phase == "ready":
                assert state["bars_this_turn"] == state["bars_due"]
            if phase == "remove":
                assert state["bars_this_turn"] < state["bars_due"]
        else:
            assert state["windows"] is None
            assert state["freed"] <= max_free_cards(bars_counted(state))
            assert phase not in ("name", "ready")
            if phase in ("guess", "second_chance"):
                assert state["bars_this_turn"] == state["bars_due"]
            else:
                assert state["bars_this_turn"] == 0
        assert state["freed"] == won + len(state["pending"]) + unnamed <= TOTAL_CARDS
        # the bar(s) taken this turn, as the tracker or the file holder's phone noted them
        taken = state["taken"]
        assert taken is None or (len(taken) <= state["bars_due"] and all(
            1 <= bar["window"] <= WINDOWS and bar["bar"] in BARS for bar in taken))
        assert not opts["tracker"] or len(taken or []) == state["bars_this_turn"]
        assert phase not in GUESSING or taken is None or len(taken) == state["bars_due"]
        # the win
        kinds = [win_kind(c) for c in state["convicts"]]
        if state["finished"]:
            assert phase == "over" and state["winner"] is not None
            assert kinds[state["winner"]] == state["win"]
            assert sum(k is not None for k in kinds) == 1
            assert state["pending"] == []
        else:
            assert phase != "over" and state["winner"] is None and state["win"] is None
            assert all(k is None for k in kinds)

    def result(self, state):
        """The winner; per seat the convicts won; the ending: three of one convict or three different."""
        if not state.get("finished"):
            return None
        winner = state.get("winner")
        return make_result(state, [] if winner is None else [winner],
                           scores=[sum(won.values()) for won in state["convicts"]], ending=state.get("win"))

