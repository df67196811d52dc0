"""The game plug-in interface: a game is state plus legal actions plus apply.

State and actions are plain JSON-ready dicts, so the session can store them,
snapshot them and print them from `companion script` unchanged. `apply` is
pure and deterministic: anything random is decided by `resolve` first and
written into the action, so replaying the log gives the same table.
"""
from __future__ import annotations

import copy
import random
from dataclasses import dataclass, field
from typing import Any

from ..inputs import InputEvent
from ..timers import TimerCues


class IllegalAction(ValueError):
    """An action the rules do not allow now. `key` and `params` name a
    catalogue text so the screen can say it in the table's language."""

    def __init__(self, key: str, message: str, **params: Any):
        super().__init__(message)
        self.key = key
        self.params = params


@dataclass(frozen=True)
class Option:
    name: str
    kind: str                 # "bool", "int" or "choice"
    default: Any
    label: str                # catalogue key
    choices: tuple = ()
    minimum: int | None = None
    maximum: int | None = None

    def check(self, value):
        if self.kind == "bool" and isinstance(value, bool):
            return value
        if self.kind == "int" and isinstance(value, int) and not isinstance(value, bool):
            if (self.minimum is None or value >= self.minimum) and (self.maximum is None or value <= self.maximum):
                return value
        if self.kind == "choice" and value in self.choices:
            return value
        raise IllegalAction("bad_option", f"option {self.name} cannot be {value!r}", option=self.name)


@dataclass(frozen=True)
class Param:
    """One argument of an action, described so a screen can ask for it and a
    test can pick it at random.

    kind: "die" (faces 1-6, `count` of them, a list), "int" (minimum..maximum),
    "seat" (one of `choices`, seat numbers), "choice" (one of `choices`:
    strings or numbers, each named by the label key plus "." and the choice),
    "bool", "text". `optional`: may be left out (a die left out is
    rolled by the app; anything else takes the game's default).
    """
    kind: str
    label: str = ""           # catalogue key
    choices: tuple = ()
    minimum: int | None = None
    maximum: int | None = None
    optional: bool = False
    count: int = 1            # for "die": how many faces


@dataclass(frozen=True)
class ActionSpec:
    """One thing that may be done now: a button on screen, a name in scripts."""
    type: str
    label: str                             # catalogue key
    player: int | None = None              # who does it (None: anyone / the table)
    params: dict[str, Param] = field(default_factory=dict)


class Game:
    id: str = ""
    title: str = ""               # catalogue key
    min_players: int = 2
    max_players: int = 8
    options: tuple[Option, ...] = ()
    timer_cues: TimerCues = TimerCues()

    # -- setup -----------------------------------------------------------
    def check_options(self, options: dict | None) -> dict:
        if options is None:
            options = {}
        if not isinstance(options, dict):
            raise IllegalAction("bad_options", f"options must be an object of names and values, not {options!r}")
        options = dict(options)
        known = {o.name: o for o in self.options}
        for name in options:
            if name not in known:
                raise IllegalAction("unknown_option", f"{self.id} has no option {name!r}", option=name)
        return {o.name: o.check(options[o.name]) if o.name in options else o.default for o in self.options}

    def setup(self, players: list[dict], options: dict, first_player: int, rng: random.Random) -> dict:
        raise NotImplementedError

    # -- play ------------------------------------------------------------
    def legal_actions(self, state: dict) -> list[ActionSpec]:
        raise NotImplementedError

    def resolve(self, state: dict, action: dict, rng: random.Random) -> dict:
        """Check the action and decide its random parts; returns the action to store."""
        return dict(action)

    def apply(self, state: dict, action: dict) -> dict:
        raise NotImplementedError

    def input_action(self, state: dict, event: InputEvent) -> dict | None:
        """The action a hardware button means in this state (None: nothing)."""
        return None

    # -- presentation ----------------------------------------------------
    def summary(self, state: dict, t) -> dict:
        """What the screen shows, already in words (t is the catalogue):

        {"headline": str,            # whose turn / what phase, big
         "lines": [str, ...],        # counts and facts, one per line
         "prompt": str,              # optional: what to do next, in a sentence
         "banner": str,              # optional: an alarm-worthy fact (riot, winner)
         "badges": {seat: [str]}}    # optional: short tags per seat (Soap, Guard, mask)
        """
        raise NotImplementedError

    def cues(self, before: dict, after: dict, action: dict) -> list[str]:
        return []

    def countdown(self, state: dict) -> dict | None:
        """The countdown the app should run in this state, or None (stop it).

        {"key": [...],        # which countdown: a new key starts a fresh one
         "seconds": number,   # its length
         "timeout": action}   # what the app sends when it reaches zero
        The clock itself lives in the app (the state stays deterministic);
        its beeps are `timer_cues`."""
        return None

    def hidden_args(self, state: dict, action: dict) -> set[str]:
        """Arguments of a past action the table must not see yet in `state`
        (a secret vote); the log shows the action without them."""
        return set()

    help_keys: tuple[str, ...] = ()  # catalogue keys: how the app reads the rules, button use

    def help(self, t) -> list[str]:
        """Help paragraphs for the screen: the rules readings and the buttons."""
        return [t(key) for key in self.help_keys]

    def check_invariants(self, state: dict) -> None:
        """Raise AssertionError when a state breaks the rules' invariants
        (used by the property tests over random action sequences)."""

    # -- helpers ---------------------------------------------------------
    @staticmethod
    def copy(state: dict) -> dict:
        return copy.deepcopy(state)


def player_of(state: dict, action: dict) -> int:
    """The seat an action is for: given, or the player whose turn it is."""
    seat = action.get("player", state.get("current"))
    if isinstance(seat, bool) or not isinstance(seat, int) or not 0 <= seat < len(state["players"]):
        raise IllegalAction("bad_player", f"there is no seat {seat!r} at this table", seat=seat)
    return seat
