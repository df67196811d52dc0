"""Sing Sing (Karl-Heinz Schmiel, Moskito 1996): the companion as referee and guess clock.

The table plays with the real board, bars, mask and file; the companion keeps
who wears the mask and who holds the file, runs the guess timer, says who gets
a freed convict, and announces the winner.

The turn, as phases (``PHASES`` below is the same thing as data):

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

**The timer** runs in the app, not in the state (the state must stay
deterministic): ``start_timer`` records that guess number ``guess`` of turn
``turn`` is running; the app then runs ``Countdown(options.seconds,
cues=GAME.timer_cues)`` (ticks in the last 3 s, the long buzz at zero) and at
zero sends ``{"type": "timeout", "turn": T, "guess": G}``, which counts as a
wrong guess. ``timer_key(state)`` says which countdown should run (None: none);
when it changes (a second guess, an undo) the app restarts or stops its
countdown. ``countdown_cues`` plays a whole countdown on a fake clock.

**The buttons (decision).** The verdict must work with the two buttons every
table has, CONFIRM and UNDO:

* TIMER: the bar is out and no guess runs -> ``start_timer``; in
  ``second_chance`` -> ``second_guess`` (the timer restarts). Otherwise nothing.
* CONFIRM while a guess runs -> ``right``. Nothing in other phases, so a
  double press after a verdict cannot start the next guess by accident.
* UNDO held (the REDO event) while a guess runs -> ``wrong``; in
  ``second_chance`` -> ``pass_mask`` (the wrong stands). In every other phase
  a long press stays redo.
* UNDO short is always undo: the game never claims it.

Why hold-UNDO for wrong: a verdict should be a deliberate act, and a short
UNDO must keep undoing (it also takes back a verdict pressed by mistake). While
a guess runs, redo has little to do: starting the guess dropped the redo tail,
so redo could only replay a verdict that was just undone, and the screen still
offers redo. ROLL is left free (Sing Sing has no dice). The screen offers every
action as a button too (``legal_actions``).

Rules *readings* (NOTES.md) live in one place each, marked ``READING``:
``card_is_free`` (which bars cover which card) and ``mask_after_wrong``
(the mask skips the file holder; with 2 players it therefore stays with the
same guesser). The help texts say them (``READINGS``).
"""
from __future__ import annotations

import math
import random
from dataclasses import dataclass

from .. import cues as cue_names, lights
from ..inputs import DONE as PAD_DONE, MAIN as PAD_MAIN, InputEvent
from ..lights import Led
from ..players import left_of
from ..timers import DONE, Countdown, TimerCues
from .base import ActionSpec, Game, IllegalAction, Option, Param

CONVICTS = ("eddie", "joe", "mack")
WINDOWS = 12
BARS = ("left", "long", "right")          # per window: 2 short vertical, 1 long horizontal
TOTAL_BARS = WINDOWS * len(BARS)          # 36
TOTAL_CARDS = WINDOWS * 2                 # 24
CHIPS = 2                                 # each, in the advanced game
BARRED, FREE = "barred", "free"           # a card's status; a named card holds its convict
DEFAULT_SECONDS = 15
TICK_LAST = 3

# -- rules readings (NOTES.md): each in exactly one place ----------------------

READINGS = ("singsing.reading.bars", "singsing.reading.mask", "singsing.reading.timer")

# READING: each short bar covers one card (left bar: card 0, right bar: card 1),
# the long bar covers both.
CARD_SHORT_BAR = ("left", "right")


def card_is_free(window: dict, slot: int) -> bool:
    """READING (NOTES.md): a card is free when its short bar and the long bar are gone."""
    return not window[CARD_SHORT_BAR[slot]] and not window["long"]


def mask_after_wrong(mask: int, file: int, count: int) -> int:
    """READING (NOTES.md): after a wrong guess the mask passes to the next
    player clockwise, skipping the file holder. With 2 players this is the
    guesser again."""
    seat = left_of(mask, count)
    if seat == file:
        seat = left_of(seat, count)
    return seat


def max_free_cards(bars_out: int) -> int:
    """The most cards that can be free with this many bars out (from the
    reading above: a card needs 2 bars out, a whole window 3)."""
    bars_out = max(0, min(bars_out, TOTAL_BARS))
    return 2 * (bars_out // 3) + (1 if bars_out % 3 == 2 else 0)


def win_kind(won: dict) -> str | None:
    """'same' (3 of one convict), 'different' (all three), or None."""
    if any(won[c] >= 3 for c in CONVICTS):
        return "same"
    if all(won[c] >= 1 for c in CONVICTS):
        return "different"
    return None


# -- phases and actions as data ------------------------------------------------

@dataclass(frozen=True)
class Phase:
    actor: str | None          # "file" or "mask": whose step it is (None: nobody's)
    actions: tuple[str, ...]   # the actions that may happen in it (subject to their conditions)
    prompt: str                # catalogue key: what to do next


PHASES: dict[str, Phase] = {
    "remove": Phase("file", ("announce_two", "remove_bar", "free_convict", "start_timer"), "singsing.prompt.remove"),
    "name": Phase("file", ("name_convict",), "singsing.prompt.name"),
    "ready": Phase("file", ("start_timer",), "singsing.prompt.ready"),
    "guess": Phase("file", ("right", "wrong", "timeout", "free_convict"), "singsing.prompt.guess"),
    "second_chance": Phase("mask", ("second_guess", "pass_mask", "free_convict"), "singsing.prompt.second_chance"),
    "over": Phase(None, (), "singsing.prompt.over"),
}

# who does each action: the file holder, the masked player, or the app (None)
ROLES: dict[str, str | None] = {
    "announce_two": "file",
    "remove_bar": "file",
    "name_convict": "file",
    "free_convict": "file",
    "start_timer": "file",
    "right": "file",
    "wrong": "file",
    "timeout": None,
    "second_guess": "mask",
    "pass_mask": "mask",
}


def timer_key(state: dict) -> tuple[int, int] | None:
    """(turn, guess) of the guess whose countdown should run now, else None."""
    if state.get("timer_running"):
        return state["turn"], state["guess"]
    return None


def countdown_cues(seconds: float = DEFAULT_SECONDS, frame: float = 1 / 60,
                   cues: TimerCues | None = None) -> list[tuple[float, str]]:
    """A whole guess countdown on a fake clock, polled once per display frame
    as the screen does: [(seconds since start, cue), ...]."""
    now = [0.0]
    countdown = Countdown(seconds, lambda: now[0], cues or GAME.timer_cues)
    countdown.start()
    heard: list[tuple[float, str]] = []
    frames = 0
    while countdown.state != DONE and frames < (seconds + 5) / frame:
        frames += 1
        now[0] = frames * frame
        heard += [(now[0], cue) for cue in countdown.poll()]
    return heard


def _err(key: str, message: str, **params) -> IllegalAction:
    return IllegalAction(key, message, **params)


class SingSing(Game):
    id = "singsing"
    title = "singsing.title"
    min_players = 2
    max_players = 5
    options = (
        Option("advanced", "bool", False, "singsing.option.advanced"),
        Option("seconds", "int", DEFAULT_SECONDS, "singsing.option.seconds", minimum=5, maximum=120),
        Option("tracker", "bool", False, "singsing.option.tracker"),
    )
    timer_cues = TimerCues(tick_last=TICK_LAST, tick=cue_names.TICK, zero=cue_names.ALARM)

    # -- setup -----------------------------------------------------------
    def setup(self, players, options, first_player, rng: random.Random):
        count = len(players)
        return {
            "game": self.id,
            "players": players,
            "options": options,
            "first_player": first_player,
            "file": first_player,                  # the starting player takes the file
            "mask": left_of(first_player, count),  # the player to the left the mask
            "current": first_player,
            "phase": "remove",
            "turn": 1,
            "guess": 0,
            "timer_running": False,
            "bars_due": 1,
            "bars_this_turn": 0,
            "bars_out": 0,
            "windows": [self._new_window() for _ in range(WINDOWS)] if options["tracker"] else None,
            "freed": 0,
            "pending": [],
            "convicts": [{c: 0 for c in CONVICTS} for _ in range(count)],
            "chips": [CHIPS if options["advanced"] else 0] * count,
            "last": None,
            "winner": None,
            "win": None,
            "finished": False,
        }

    @staticmethod
    def _new_window() -> dict:
        return {"left": True, "long": True, "right": True, "cards": [BARRED, BARRED]}

    # -- what may happen now ---------------------------------------------
    def legal_actions(self, state):
        out = []
        for kind in PHASES[state["phase"]].actions:
            try:
                self._check(state, kind)
            except IllegalAction:
                continue
            out.extend(self._specs(state, kind))
        return out

    def _specs(self, state, kind) -> list[ActionSpec]:
        seat = self._seat(state, ROLES[kind])
        label = f"singsing.action.{kind}"
        if kind == "remove_bar":
            return [ActionSpec(kind, label, seat, {
                "window": Param("int", "singsing.param.window", minimum=n, maximum=n),
                "bar": Param("choice", "singsing.param.bar", choices=tuple(b for b in BARS if w[b])),
            }) for n, w in enumerate(state["windows"], start=1) if any(w[b] for b in BARS)]
        if kind in ("name_convict", "free_convict"):
            return [ActionSpec(kind, label, seat, {"convict": Param("choice", "singsing.param.convict",
                                                                   choices=CONVICTS)})]
        if kind == "timeout":
            return [ActionSpec(kind, label, None, {
                "turn": Param("int", "singsing.param.turn", minimum=state["turn"], maximum=state["turn"],
                              optional=True),
                "guess": Param("int", "singsing.param.guess", minimum=state["guess"], maximum=state["guess"],
                               optional=True),
            })]
        return [ActionSpec(kind, label, seat)]

    @staticmethod
    def _seat(state, role):
        return None if role is None else state[role]

    def _bars_left(self, state) -> int:
        return TOTAL_BARS - state["bars_out"]

    def _check(self, state, kind) -> None:
        """Raise IllegalAction when `kind` may not happen now (arguments aside)."""
        phase = state["phase"]
        opts = state["options"]
        if phase == "over":
            raise _err("game_over", "the game is over; start a new one or undo")
        if kind not in ROLES:
            raise _err("unknown_action", f"Sing Sing has no action {kind!r}", action=kind)
        if kind not in PHASES[phase].actions:
            raise self._not_now(state, kind)
        name = state["players"][state["file"]]["name"]
        if kind == "announce_two":
            if not opts["advanced"]:
                raise _err("singsing_basic_game", "chips are for the advanced game only")
            if state["bars_due"] == 2:
                raise _err("singsing_already_announced", "two bars are already announced for this turn")
            if state["bars_this_turn"] or state["pending"]:   # (a freed convict means a bar is out)
                raise _err("singsing_announce_first", "announce two bars before removing any")
            if state["chips"][state["file"]] < 1:
                raise _err("singsing_no_chip", f"{name} has no chip left", name=name)
            if self._bars_left(state) < 2:
                raise _err("singsing_not_enough_bars", f"only {self._bars_left(state)} bars are left",
                           left=self._bars_left(state))
        elif kind == "remove_bar":
            if not opts["tracker"]:
                raise _err("singsing_no_tracker", "the window tracker is off: remove the bar and press TIMER")
        elif kind == "name_convict":
            if not opts["tracker"]:
                raise _err("singsing_no_tracker", "the window tracker is off: remove the bar and press TIMER")
        elif kind == "free_convict":
            if opts["tracker"]:
                raise _err("singsing_tracker_on", "the tracker is on: tap the bars, it sees free convicts itself")
            bars = self._bars_counted(state)
            if state["freed"] >= max_free_cards(bars):
                raise _err("singsing_too_many_free", f"with {bars} bars out no more convicts can be free",
                           bars=bars)
        elif kind == "start_timer":
            if phase == "remove" and opts["tracker"]:
                raise _err("singsing_remove_first", "tap the bar you removed first")
            if not opts["tracker"] and self._bars_left(state) < state["bars_due"]:
                raise _err("singsing_not_enough_bars", f"only {self._bars_left(state)} bars are left",
                           left=self._bars_left(state))
        elif kind == "second_guess":
            mask = state["players"][state["mask"]]["name"]
            if state["chips"][state["mask"]] < 1:
                raise _err("singsing_no_chip", f"{mask} has no chip left", name=mask)

    def _bars_counted(self, state) -> int:
        # Without the tracker a bar counts at start_timer; before it, the bars
        # of this turn are already out on the table.
        if not state["options"]["tracker"] and state["phase"] == "remove":
            return state["bars_out"] + state["bars_due"]
        return state["bars_out"]

    def _not_now(self, state, kind) -> IllegalAction:
        phase = state["phase"]
        if kind == "second_guess" and (state["guess"] == 2 or (
                phase == "remove" and state["last"] and state["last"]["guess"] == 2)):
            return _err("singsing_no_third_guess", "never a third guess in one turn")
        if phase == "name":
            return _err("singsing_name_first", "first say which convict is free")
        if phase == "guess":
            return _err("singsing_timer_running", "a guess is running: mark it right or wrong")
        if phase == "second_chance":
            return _err("singsing_decide_second", "first the guesser decides on a second guess")
        if kind in ("right", "wrong", "timeout", "pass_mask", "second_guess"):
            return _err("singsing_no_guess", "no guess is running: press TIMER when the bar is out")
        return _err("singsing_not_now", f"{kind} is not a step now", action=kind)

    # -- checking and storing an action -----------------------------------
    def resolve(self, state, action, rng: random.Random):
        kind = action.get("type")
        if not isinstance(kind, str):
            raise _err("unknown_action", f"Sing Sing has no action {kind!r}", action=kind)
        self._check(state, kind)
        role = ROLES[kind]
        out = {"type": kind}
        if role is not None:
            seat = state[role]
            given = action.get("player", seat)
            if isinstance(given, bool) or not isinstance(given, int) or not 0 <= given < len(state["players"]):
                raise _err("bad_player", f"there is no seat {given!r} at this table", seat=given)
            if given != seat:
                name = state["players"][seat]["name"]
                raise _err("singsing_not_your_step", f"this is {name}'s step", name=name)
            out["player"] = seat
        if kind == "remove_bar":
            window, bar = action.get("window"), action.get("bar")
            if isinstance(window, bool) or not isinstance(window, int) or not 1 <= window <= WINDOWS:
                raise _err("singsing_bad_window", f"windows are numbered 1 to {WINDOWS}", low=1, high=WINDOWS)
            if bar not in BARS:
                raise _err("singsing_bad_bar", "a bar is left, long or right")
            if not state["windows"][window - 1][bar]:
                raise _err("singsing_bar_gone", f"the {bar} bar of window {window} is already gone",
                           window=window, bar=bar)
            out.update(window=window, bar=bar)
        elif kind in ("name_convict", "free_convict"):
            convict = action.get("convict")
            if convict not in CONVICTS:
                raise _err("singsing_bad_convict", "the convicts are eddie, joe and mack")
            out["convict"] = convict
        elif kind == "timeout":
            for field in ("turn", "guess"):
                if field in action and action[field] != state[field]:
                    raise _err("singsing_stale_timeout", "that timeout belongs to an earlier guess")
            out.update(turn=state["turn"], guess=state["guess"])
        return out

    def apply(self, state, action):
        new = self.copy(state)
        kind = action["type"]
        if kind == "announce_two":
            new["chips"][new["file"]] -= 1
            new["bars_due"] = 2
        elif kind == "remove_bar":
            window = new["windows"][action["window"] - 1]
            window[action["bar"]] = False
            for slot in (0, 1):
                if window["cards"][slot] == BARRED and card_is_free(window, slot):
                    window["cards"][slot] = FREE
                    new["freed"] += 1
            new["bars_out"] += 1
            new["bars_this_turn"] += 1
            self._after_removal(new)
        elif kind == "name_convict":
            slot = self._first_free(new)
            new["windows"][slot[0]]["cards"][slot[1]] = action["convict"]
            new["pending"].append(action["convict"])
            self._after_removal(new)
        elif kind == "free_convict":
            new["freed"] += 1
            new["pending"].append(action["convict"])
        elif kind == "start_timer":
            if not new["options"]["tracker"]:
                new["bars_out"] += new["bars_due"]
                new["bars_this_turn"] = new["bars_due"]
            new["guess"] = 1
            self._run(new)
        elif kind == "second_guess":
            new["chips"][new["mask"]] -= 1
            new["guess"] = 2
            self._run(new)
        elif kind == "right":
            self._verdict(new, "right")
        elif kind in ("wrong", "timeout"):
            self._verdict(new, kind)
        elif kind == "pass_mask":
            self._settle(new, right=False, verdict=new["last"]["verdict"])
        return new

    @staticmethod
    def _first_free(state):
        for i, window in enumerate(state["windows"]):
            for slot in (0, 1):
                if window["cards"][slot] == FREE:
                    return i, slot
        return None

    def _after_removal(self, state):
        if self._first_free(state) is not None:
            state["phase"] = "name"
        elif state["bars_this_turn"] < state["bars_due"]:
            state["phase"] = "remove"
        else:
            state["phase"] = "ready"

    @staticmethod
    def _run(state):
        state["phase"] = "guess"
        state["timer_running"] = True
        state["current"] = state["file"]

    def _verdict(self, state, verdict):
        state["timer_running"] = False
        if verdict == "right":
            self._settle(state, right=True, verdict=verdict)
            return
        guesser = state["mask"]
        if state["options"]["advanced"] and state["guess"] == 1 and state["chips"][guesser] > 0:
            # the file holder keeps the hand closed: the guesser may pay for a second guess
            state["phase"] = "second_chance"
            state["current"] = guesser
            state["last"] = {"verdict": verdict, "guess": 1, "guesser": guesser, "file": state["file"],
                             "cards": [], "to": None, "final": False}
            return
        self._settle(state, right=False, verdict=verdict)

    def _settle(self, state, right: bool, verdict: str):
        """The final verdict of a turn: award the freed convicts, check the win, rotate."""
        count = len(state["players"])
        guesser, holder = state["mask"], state["file"]
        to = guesser if right else holder
        cards = list(state["pending"])
        for convict in cards:
            state["convicts"][to][convict] += 1
        state["last"] = {"verdict": verdict, "guess": state["guess"], "guesser": guesser, "file": holder,
                         "cards": cards, "to": to if cards else None, "final": True}
        if right:   # the guesser takes the file, the mask goes to the guesser's left
            state["file"] = guesser
            state["mask"] = left_of(guesser, count)
        else:       # the file holder keeps the file and removes another bar
            state["mask"] = mask_after_wrong(guesser, holder, count)
        state.update(current=state["file"], phase="remove", turn=state["turn"] + 1, guess=0,
                     timer_running=False, bars_due=1, bars_this_turn=0, pending=[])
        kind = win_kind(state["convicts"][to]) if cards else None
        if kind:
            state.update(winner=to, win=kind, finished=True, phase="over")

    # -- the guess clock (run by the app) -----------------------------------
    def countdown(self, state):
        key = timer_key(state)
        if key is None:
            return None
        turn, guess = key
        return {"key": [turn, guess], "seconds": state["options"]["seconds"],
                "timeout": {"type": "timeout", "turn": turn, "guess": guess}}

    # -- buttons -----------------------------------------------------------
    def input_action(self, state, event):
        phase = state["phase"]
        if event == InputEvent.TIMER:
            if phase in ("remove", "ready"):
                try:
                    self._check(state, "start_timer")
                except IllegalAction:
                    return None
                return {"type": "start_timer"}
            if phase == "second_chance" and state["chips"][state["mask"]] > 0:
                return {"type": "second_guess"}
            return None
        if event == InputEvent.CONFIRM:
            return {"type": "right"} if phase == "guess" else None
        if event == InputEvent.REDO:   # UNDO held
            if phase == "guess":
                return {"type": "wrong"}
            if phase == "second_chance":
                return {"type": "pass_mask"}
            return None
        return None                     # UNDO short stays undo; ROLL means nothing here

    # -- the seat pads ------------------------------------------------------------
    # MAIN: the file holder's "right" (and the guess timer), the masked player's
    # second guess; DONE: "wrong", or letting the wrong stand.
    pad_buttons = {PAD_MAIN: (InputEvent.CONFIRM, InputEvent.TIMER), PAD_DONE: (InputEvent.REDO,)}

    def leds(self, state):
        phase = state["phase"]
        if phase == "over" or state["finished"]:
            return lights.winners(state, [state["winner"]])
        out = {state["mask"]: Led(lights.MAGENTA, "fast" if phase == "second_chance" else "solid")}
        # the file holder marks the guess: blinking while a verdict is due
        out[state["file"]] = Led(lights.WHITE, "fast" if phase == "guess" else "solid")
        return out

    # -- presentation ------------------------------------------------------
    def help(self, t) -> list[str]:
        """The rules readings and the button mapping, for the help screen."""
        return [t(key) for key in READINGS] + [t("singsing.help.buttons")]

    def summary(self, state, t):
        players = state["players"]
        file, mask = players[state["file"]]["name"], players[state["mask"]]["name"]
        phase = state["phase"]
        out: dict = {}
        lines = [t("singsing.line.mask", name=mask), t("singsing.line.file", name=file)]
        last = state["last"]
        if last:
            lines.append(self._last_line(state, t))
        if state["pending"]:
            lines.append(t("singsing.line.pending", convicts=self._convict_list(state["pending"], t),
                           guesser=mask, file=file))
        if state["windows"] is not None:
            # hidden while a guess runs: the screen must not show where the bar went
            if phase in ("guess", "second_chance"):
                lines.append(t("singsing.line.windows_hidden"))
            else:
                lines.append(t("singsing.line.windows", bars=" ".join(
                    f"{n}:{sum(w[b] for b in BARS)}" for n, w in enumerate(state["windows"], start=1))))
        lines.append(t("singsing.line.bars_left", left=TOTAL_BARS - state["bars_out"], total=TOTAL_BARS))
        for seat, player in enumerate(players):
            won = state["convicts"][seat]
            if state["options"]["advanced"]:
                lines.append(t("singsing.line.player_chips", name=player["name"], eddie=won["eddie"],
                               joe=won["joe"], mack=won["mack"], chips=state["chips"][seat]))
            else:
                lines.append(t("singsing.line.player", name=player["name"], eddie=won["eddie"],
                               joe=won["joe"], mack=won["mack"]))
        if phase == "over":
            winner = players[state["winner"]]["name"]
            out["headline"] = t("singsing.headline.over", name=winner)
            out["banner"] = t(f"singsing.banner.{state['win']}", name=winner)
            out["prompt"] = t("singsing.prompt.over")
        else:
            out["headline"] = t(f"singsing.headline.{phase}", file=file, mask=mask, guess=state["guess"])
            out["prompt"] = self._prompt(state, t, file, mask)
        out["lines"] = lines
        badges: dict[int, list[str]] = {seat: [] for seat in range(len(players))}
        badges[state["mask"]].append(t("singsing.badge.mask"))
        badges[state["file"]].append(t("singsing.badge.file"))
        if state["winner"] is not None:
            badges[state["winner"]].append(t("singsing.badge.winner"))
        out["badges"] = {seat: tags for seat, tags in badges.items() if tags}
        return out

    def _prompt(self, state, t, file, mask):
        phase = state["phase"]
        if phase == "remove":
            if state["options"]["tracker"]:
                key = "singsing.prompt.remove_tracker_two" if state["bars_due"] == 2 else "singsing.prompt.remove_tracker"
                return t(key, file=file, mask=mask, left=state["bars_due"] - state["bars_this_turn"])
            if self._bars_left(state) < state["bars_due"]:
                return t("singsing.prompt.no_bars")
            key = "singsing.prompt.remove_two" if state["bars_due"] == 2 else "singsing.prompt.remove"
            return t(key, file=file, mask=mask)
        if phase == "name":
            i, slot = self._first_free(state)
            return t("singsing.prompt.name", window=i + 1, side=t(f"singsing.side.{CARD_SHORT_BAR[slot]}"))
        if phase == "guess":
            return t("singsing.prompt.guess", file=file, mask=mask, seconds=state["options"]["seconds"])
        return t(PHASES[phase].prompt, file=file, mask=mask)

    @staticmethod
    def _convict_list(names, t):
        return ", ".join(t(f"singsing.convict.{c}") for c in names)

    def _last_line(self, state, t):
        last = state["last"]
        players = state["players"]
        guesser = players[last["guesser"]]["name"]
        if not last["final"]:
            text = t(f"singsing.line.last_{last['verdict']}_first", guesser=guesser)
        else:
            text = t(f"singsing.line.last_{last['verdict']}", guesser=guesser, guess=last["guess"],
                     file=players[last["file"]]["name"])
        if last["cards"]:
            text += " " + t("singsing.line.awarded", name=players[last["to"]]["name"],
                            convicts=self._convict_list(last["cards"], t))
        return text

    def cues(self, before, after, action):
        kind = action["type"]
        if kind == "right":
            out = [cue_names.SUCCESS]
        elif kind in ("wrong", "pass_mask"):
            out = [cue_names.WARNING]
        elif kind == "timeout":
            out = []          # the countdown already gave the long buzz
        else:
            out = [cue_names.TAP]
        if after["finished"] and not before["finished"]:
            out.append(cue_names.SUCCESS)
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
        actor = PHASES[phase].actor
        assert state["current"] == (state[actor] if actor else state["file"])
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
            assert state["freed"] <= max_free_cards(self._bars_counted(state))
            assert phase not in ("name", "ready")
            if phase in ("guess", "second_chance"):
                assert state["bars_this_turn"] == state["bars_due"]
            else:
                assert state["bars_this_turn"] == 0
        assert state["freed"] == won + len(state["pending"]) + unnamed <= TOTAL_CARDS
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


GAME = SingSing()
