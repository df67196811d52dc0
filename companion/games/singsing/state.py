"""Sing Sing's table as the rules keep it: its facts (the bars, the convicts, the
phases), the rulebook's readings, and what each move does to it (rules.py says
who may make which move when). No words: view.py."""
from __future__ import annotations

from ...players import left_of
from .. import checklist
from ..base import SECRET


CONVICTS = ("eddie", "joe", "mack")
WINDOWS = 12
GUESSING = ("guess", "second_chance")   # the mask is off: the guesser sees the screen


def not_guessing(s) -> bool:
    return s["phase"] not in GUESSING


def masked(s) -> int | None:
    """The one player a guess's secret is kept from: the one wearing the mask."""
    return s.get("mask")


def bars_hidden(s) -> bool:
    """Where the bars are is not for the screen now: a guess runs, or an UNDO took the
    table back before it (the field holds SECRET: Game.public with Session.veiled)."""
    return s["phase"] in GUESSING or s["windows"] == SECRET


BARS = ("left", "long", "right")          # per window: 2 short vertical, 1 long horizontal
TOTAL_BARS = WINDOWS * len(BARS)          # 36
TOTAL_CARDS = WINDOWS * 2                 # 24
CHIPS = 2                                 # each, in the advanced game
BARRED, FREE = "barred", "free"           # a card's status; a named card holds its convict
DEFAULT_SECONDS = 15
TICK_LAST = 3

# -- rules readings (NOTES.md): each in exactly one place ----------------------

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


# -- the phases: what each asks of the table is the view's prompt ("singsing.prompt.<phase>") --
PHASES = (checklist.SETUP,      # the box laid out, then the youngest starts
          "remove", "name", "ready", "guess", "second_chance", "over")


def timer_key(state: dict) -> tuple[int, int] | None:
    """(turn, guess) of the guess whose countdown should run now, else None."""
    if state.get("timer_running"):
        return state["turn"], state["guess"]
    return None


def bars_left(state) -> int:
    return TOTAL_BARS - state["bars_out"]


def bars_counted(state) -> int:
    """Bars out as far as free convicts go: without the tracker a bar counts at
    start_timer, but before it the bars of this turn are already out on the table."""
    if not state["options"]["tracker"] and state["phase"] == "remove":
        return state["bars_out"] + state["bars_due"]
    return state["bars_out"]


def first_free(state):
    """The first card freed but not yet named (tracker): (window, slot), or None."""
    for i, window in enumerate(state["windows"] or ()):
        for slot in (0, 1):
            if window["cards"][slot] == FREE:
                return i, slot
    return None



# -- what each move does to the table --------------------------------------------------------
def after_removal(s):
    if first_free(s) is not None:
        s["phase"] = "name"
    elif s["bars_this_turn"] < s["bars_due"]:
        s["phase"] = "remove"
    else:
        s["phase"] = "ready"


def announce_two(s, a):
    s["chips"][s["file"]] -= 1
    s["bars_due"] = 2
    s["taken"] = None                   # a bar noted before was one of two: note both


def taken(a) -> list[dict]:
    """The bars an action names: window and bar, and window2 and bar2 for a second one."""
    return [{"window": a["window" + n], "bar": a["bar" + n]} for n in ("", "2") if ("window" + n) in a]


def take_bar(s, a):
    """The file holder notes on their phone which bar(s) they took (no tracker): the app
    can then check the guess itself."""
    s["taken"] = taken(a)


def guess_bar(s, a):
    """The guesser's guess, checked against the bar taken when it was decided (`right`)."""
    verdict(s, {**a, "type": "right" if a["right"] else "wrong"})


def remove_bar(s, a):
    window = s["windows"][a["window"] - 1]
    window[a["bar"]] = False
    s["taken"] = (s.get("taken") or []) + taken(a)     # the tracker knows the bar: it checks a guess too
    for slot in (0, 1):
        if window["cards"][slot] == BARRED and card_is_free(window, slot):
            window["cards"][slot] = FREE
            s["freed"] += 1
    s["bars_out"] += 1
    s["bars_this_turn"] += 1
    after_removal(s)


def name_convict(s, a):
    window, slot = first_free(s)
    s["windows"][window]["cards"][slot] = a["convict"]
    s["pending"].append(a["convict"])
    after_removal(s)


def free_convict(s, a):
    s["freed"] += 1
    s["pending"].append(a["convict"])


def run_guess(s):
    s.update(phase="guess", timer_running=True, current=s["file"])


def start_timer(s, a):
    if not s["options"]["tracker"]:
        s["bars_out"] += s["bars_due"]
        s["bars_this_turn"] = s["bars_due"]
    s["guess"] = 1
    run_guess(s)


def second_guess(s, a):
    s["chips"][s["mask"]] -= 1
    s["guess"] = 2
    run_guess(s)


def verdict(s, a):
    """right, wrong or timeout: a right guess settles the turn; a wrong first guess in
    the advanced game leaves the guesser the choice of a second one, if a chip is left."""
    s["timer_running"] = False
    kind = a["type"]
    guesser = s["mask"]
    if kind != "right" and s["options"]["advanced"] and s["guess"] == 1 and s["chips"][guesser] > 0:
        s.update(phase="second_chance", current=guesser,
                 last={"verdict": kind, "guess": 1, "guesser": guesser, "file": s["file"], "cards": [], "to": None,
                       "final": False})
        return
    settle(s, right=kind == "right", verdict=kind)


def pass_mask(s, a):
    settle(s, right=False, verdict=s["last"]["verdict"])


def settle(s, right: bool, verdict: str):
    """The final verdict of a turn: award the freed convicts, check the win, rotate."""
    count = len(s["players"])
    guesser, holder = s["mask"], s["file"]
    to = guesser if right else holder
    cards = list(s["pending"])
    for convict in cards:
        s["convicts"][to][convict] += 1
    s["last"] = {"verdict": verdict, "guess": s["guess"], "guesser": guesser, "file": holder,
                 "cards": cards, "to": to if cards else None, "final": True}
    if right:   # the guesser takes the file, the mask goes to the guesser's left
        s["file"] = guesser
        s["mask"] = left_of(guesser, count)
    else:       # the file holder keeps the file and removes another bar
        s["mask"] = mask_after_wrong(guesser, holder, count)
    s.update(current=s["file"], phase="remove", turn=s["turn"] + 1, guess=0, timer_running=False, bars_due=1,
             bars_this_turn=0, pending=[], taken=None)
    kind = win_kind(s["convicts"][to]) if cards else None
    if kind:
        s.update(winner=to, win=kind, finished=True, phase="over")
