"""The table of moves: what a game writes its rules in (Game.moves).

Each `Move` says in which phases it may happen, who makes it, what it takes
(`Param`s), when it is refused (`Rule`s: declarations.py), what it decides at random and what it
does to the table; `Option` is a setup choice, `ActionSpec` one thing that may be
done now (a button on screen, a name in scripts). The engine (base.Game) derives
legal_actions, resolve and apply from the table.
"""
from __future__ import annotations

import random
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, Callable, Iterable

from ..errors import IllegalAction

if TYPE_CHECKING:
    from .declarations import Rule

# How the screen offers a move (Move.role)
PLAY, END_TURN, ADJUST = "play", "end_turn", "adjust"
# How its button looks (Move.look): plain; a verdict (a green tick, a red cross); one of
# two equal choices (as large as the primary, beside it: Heist's PREP or HEIST)
PLAIN, RIGHT, WRONG, EQUAL = "", "right", "wrong", "equal"


# Option and Move are plain classes with __slots__: their fields are only read (nothing
# compares, copies or prints one), and a frozen dataclass costs every start some 4 M
# instructions to make. Param and ActionSpec stay dataclasses: they are replaced and compared.
class Option:
    """A setup choice of the game (Game.options): its kind, default and bounds."""
    __slots__ = ("name", "kind", "default", "label", "choices", "minimum", "maximum", "pads_default",
                 "table_default")

    def __init__(self, name: str, kind: str, default: Any, label: str, choices: tuple = (),
                 minimum: int | None = None, maximum: int | None = None, pads_default: Any = None,
                 table_default: Any = None):
        self.name = name
        self.kind = kind                    # "bool", "int" or "choice"
        self.default = default
        self.label = label                  # catalogue key
        self.choices = choices
        self.minimum = minimum
        self.maximum = maximum
        self.pads_default = pads_default    # the default when seat pads are plugged in at setup (None: `default`)
        self.table_default = table_default  # the setup screen's default, when a script's is another (None: `default`)

    def check(self, value):
        if self.kind == "bool" and isinstance(value, bool):
            return value
        if self.kind == "int" and isinstance(value, int) and not isinstance(value, bool):
            if (self.minimum is None or value >= self.minimum) and (self.maximum is None or value <= self.maximum):
                return value
        if self.kind == "choice" and _is_one_of(value, self.choices):
            return value
        raise IllegalAction("bad_option", f"option {self.name} cannot be {value!r}", option=self.name)


def _is_one_of(value, choices) -> bool:
    # `in` alone would let True stand for 1 and a list fail to hash in a set
    return any(type(value) is type(c) and value == c for c in choices)


def _whole(value) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


@dataclass(frozen=True)
class Param:
    """One argument of an action, described so a screen can ask for it, a test can
    pick it at random and `check` can refuse a bad one, all from the same words.

    kind: "die" (faces 1-6, `count` of them, a list), "int" (minimum..maximum),
    "seat" (one of `choices`, seat numbers), "choice" (one of `choices`:
    strings or numbers, each named by the label key plus "." and the choice),
    "bool", "text" (at most `length` letters), "counts" (`count` whole numbers of 0
    or more adding up to `maximum`: a vote's totals, one per seat; never asked on a
    screen). `optional`: may be left out (a die left out is rolled by the app;
    anything else takes `default`). What the table must not see is the game's
    `secrets`, not a Param's.
    `error`/`message`: the refusal of a bad value, when the game words it its own
    way (message fields: {name} the argument, {low} {high} {count} {value}).
    """
    kind: str
    label: str = ""           # catalogue key
    choices: tuple = ()
    minimum: int | None = None
    maximum: int | None = None
    optional: bool = False
    count: int = 1            # for "die": how many faces
    default: Any = None
    length: int = 40          # for "text": the most letters
    error: str = ""
    message: str = ""

    def check(self, name: str, value):
        """The value as it is stored, or IllegalAction saying what is wrong with it."""
        kind = self.kind
        if kind == "die":
            if not isinstance(value, list) or len(value) != self.count:
                raise self._refuse(name, value, "dice_count", f"enter {self.count} die face{'s' * (self.count > 1)}"
                                   + (", as a list: [4]" if self.count == 1 else ""))
            if not all(_whole(v) and 1 <= v <= 6 for v in value):
                bad = next(v for v in value if not (_whole(v) and 1 <= v <= 6))
                raise self._refuse(name, bad, "bad_face", "a die shows 1 to 6, not {value}")
            return list(value)
        if kind == "int":
            low = self.minimum if self.minimum is not None else -10 ** 9
            high = self.maximum if self.maximum is not None else 10 ** 9
            if not _whole(value) or not low <= value <= high:
                raise self._refuse(name, value, "bad_number", "{name} must be a whole number from {low} to {high}, "
                                   "not {value}")
            return value
        if kind == "seat":
            if not _whole(value) or (self.choices and value not in self.choices):
                raise self._refuse(name, value, "bad_player", "there is no seat {value} at this table")
            return value
        if kind == "choice":
            if not _is_one_of(value, self.choices):
                # a choice may be a name the table typed (Dig's added places): braces in it are text
                shown = ", ".join(str(c) for c in self.choices).replace("{", "{{").replace("}", "}}")
                raise self._refuse(name, value, "bad_choice", "{name} is one of " + shown + ", not {value}")
            return value
        if kind == "bool":
            if not isinstance(value, bool):
                raise self._refuse(name, value, "bad_bool", "{name} is true or false, not {value}")
            return value
        if kind == "counts":
            if not isinstance(value, list) or len(value) != self.count or not all(
                    _whole(v) and v >= 0 for v in value) or (self.maximum is not None and sum(value) != self.maximum):
                raise self._refuse(name, value, "bad_counts", "{name} is a list of {count} whole numbers adding up "
                                   "to {high}, not {value}")
            return list(value)
        if kind == "text":
            if value is None:
                return ""
            if not isinstance(value, str) or len(value.strip()) > self.length or any(
                    ord(ch) < 32 or 0x7f <= ord(ch) < 0xa0 for ch in value):
                raise self._refuse(name, value, "bad_text", "{name} must be a text of at most {limit} letters")
            return " ".join(value.split())
        raise ValueError(f"unknown Param kind {kind!r}")

    def _refuse(self, name: str, value, key: str, message: str) -> IllegalAction:
        fields = {"name": name, "field": name, "low": self.minimum, "high": self.maximum, "count": self.count,
                  "limit": self.length, "value": _short(value)}
        text = (self.message or message).format(**fields)
        return IllegalAction(self.error or key, text, **{k: v for k, v in fields.items() if k != "value"},
                             **({"value": fields["value"]} if "{value}" in (self.message or message) else {}))


def _short(value) -> str:
    text = repr(value)
    return text if len(text) <= 40 else text[:37] + "..."


@dataclass(frozen=True)
class ActionSpec:
    """One thing that may be done now: a button on screen, a name in scripts."""
    type: str
    label: str                             # catalogue key
    player: int | None = None              # who does it (None: anyone / the table)
    params: dict[str, Param] = field(default_factory=dict)
    role: str = PLAY                       # PLAY, END_TURN or ADJUST (see Move.role)
    look: str = PLAIN                      # PLAIN, RIGHT, WRONG or EQUAL (see Move.look)


# -- the table of moves ----------------------------------------------------------------
def name_of(state: dict, seat) -> str:
    players = state.get("players") or []
    return players[seat]["name"] if _whole(seat) and 0 <= seat < len(players) else "?"


Actor = str | Callable[[dict], "int | None"] | None


class Move:
    """One thing the rules let a table do, as data (see the module doc).

    type:    the action's name in scripts and the log.
    phases:  the phases it may happen in (state["phase"]); None: any phase of play.
    actor:   who makes it: a state key holding a seat ("current", "soap", "file"),
             a function state -> seat, "each" (any seat in `seats(state)`, named by
             "player"), "any" (any seat; without "player": the current one),
             or None (the table: nobody in particular).
    params:  its arguments, or a function (state, seat) -> arguments.
    unless:  Rules that refuse it now (arguments aside); refused -> not listed.
    check:   (state, action) -> None, the checks that need the arguments; raise
             IllegalAction. action holds the checked arguments and "player".
    decide:  (state, action, rng) -> action: what is decided once and stored
             (draws, results worked out now); dice left out are rolled before it.
    apply:   (state, action) -> None: the move's effect on a copy of the state.
    listing: (state, seat) -> [arguments, ...]: how the screen offers it when one
             button per choice reads better (Sing Sing: one per window).
    seats:   for actor "each": state -> the seats that may make it now.
    named:   for actor "each": "player" must be given, never taken for the current
             seat (a roll for oneself that any seat may make at any moment).
    label:   catalogue key; default "<game>.action.<type>". A function of the listed
             arguments when each listed button has its own words (The Snitch: one
             "Use the Key" button, one "Use the Crowbar" button, ...).
    role:    how the screen offers it: PLAY (a step of the game), END_TURN (hands
             the turn on: always in sight) or ADJUST (the table puts something
             right after a card's effect: behind one "Adjust" button).
    look:    how its button looks: PLAIN; RIGHT or WRONG (a verdict: a green tick,
             a red cross); EQUAL (one of equal choices: as large as the primary).
    """
    __slots__ = ("type", "phases", "actor", "params", "unless", "check", "decide", "apply", "listing", "seats",
                 "named", "label", "role", "look")

    def __init__(self, type: str, phases: tuple[str, ...] | None = None, actor: Actor = "current",
                 params: dict[str, Param] | Callable[[dict, Any], dict[str, Param]] | None = None,
                 unless: tuple[Rule, ...] = (), check: Callable[[dict, dict], None] | None = None,
                 decide: Callable[[dict, dict, random.Random], dict] | None = None,
                 apply: Callable[[dict, dict], None] | None = None,
                 listing: Callable[[dict, Any], list[dict[str, Param]]] | None = None,
                 seats: Callable[[dict], Iterable[int]] | None = None, named: bool = False,
                 label: str | Callable[[dict[str, Param]], str] | None = None, role: str = PLAY, look: str = PLAIN):
        self.type, self.phases, self.actor = type, phases, actor
        self.params = {} if params is None else params
        self.unless, self.check, self.decide, self.apply = unless, check, decide, apply
        self.listing, self.seats, self.named, self.label, self.role, self.look = listing, seats, named, label, role, look

    def params_for(self, state: dict, seat) -> dict[str, Param]:
        return self.params(state, seat) if callable(self.params) else self.params

    def actors(self, state: dict) -> list:
        """The seats that may make it now, as the legal list offers it."""
        actor = self.actor
        if actor is None:
            return [None]
        if actor == "each":
            return list(self.seats(state) if self.seats else range(len(state["players"])))
        if actor == "any":
            return [state.get("current")]
        if callable(actor):
            return [actor(state)]
        return [state.get(actor)]


def player_of(state: dict, action: dict) -> int:
    """The seat an action is for: given, or the player whose turn it is."""
    seat = action.get("player", state.get("current"))
    if not _whole(seat) or not 0 <= seat < len(state["players"]):
        raise IllegalAction("bad_player", f"there is no seat {seat!r} at this table", seat=seat)
    return seat
