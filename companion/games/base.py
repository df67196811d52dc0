"""The game plug-in interface: a game is state plus legal actions plus apply.

State and actions are plain JSON-ready dicts, so the session can store them,
snapshot them and print them from `companion script` unchanged. `apply` is
pure and deterministic: anything random is decided by `resolve` first and
written into the action, so replaying the log gives the same table.

A game writes its rules as a table of moves (`Game.moves`): each `Move` says
in which phases it may happen, who makes it, what it takes (`Param`s), when
it is refused (`Rule`s), what it decides at random and what it does to the
table. `legal_actions`, `resolve` and `apply` follow from that table; a game
writes none of them itself:

    Move("pass_soap", phases=("turn",), actor="soap",
         unless=(Rule(lambda s, me: not s["acted"], "snitch_act_first", "play, draw or use an Item first"),),
         apply=_pass_soap)

Everything else a shell or the pads need from a game is a hook with a plain
default: `summary` (words for the screen), `board` (what to draw), `leds` (each
seat's light), `pad_buttons` (what a pad's buttons mean), `ballot` (a secret
vote), `secrets` (what the rules hide, from whom, until when: see Secret),
`upgrade` (a state saved by an older Cellmate brought up to date),
`input_action` (the table's buttons), `countdown`, `log_words`, `table_screen`,
and the memory across games (`memory_keys`, `recall`, `learn`, `memory_view`,
`edit_memory`, `export_memory`). A new game is one module in this package
(tests/example_game.py shows a whole one).
"""
from __future__ import annotations

import pickle
import random
from dataclasses import dataclass, field, replace
from typing import Any, Callable, Iterable

from .. import lights, speech
from ..dice import roll_d6
from ..errors import IllegalAction
from ..inputs import DONE, MAIN, InputEvent
from ..lights import Led
from ..secret import SECRET

# How the screen offers a move (Move.role)
PLAY, END_TURN, ADJUST = "play", "end_turn", "adjust"
from ..timers import TimerCues

__all__ = ["ActionSpec", "Ballot", "Game", "IllegalAction", "MemoryEntry", "MemoryList", "MemoryView", "Move",
           "Option", "Param", "Reference", "Rule", "SECRET", "Secret", "make_result", "name_of", "player_of"]


@dataclass(frozen=True)
class Option:
    name: str
    kind: str                 # "bool", "int" or "choice"
    default: Any
    label: str                # catalogue key
    choices: tuple = ()
    minimum: int | None = None
    maximum: int | None = None
    pads_default: Any = None  # the default when seat pads are plugged in at setup (None: `default`)
    table_default: Any = None  # the setup screen's default, when a script's is another (None: `default`)

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


# -- the table of moves ----------------------------------------------------------------
def name_of(state: dict, seat) -> str:
    players = state.get("players") or []
    return players[seat]["name"] if _whole(seat) and 0 <= seat < len(players) else "?"


@dataclass(frozen=True)
class Rule:
    """A reason a move is refused now: `when(state, seat)` is true -> IllegalAction
    `key`, said as `message` (fields: {name} the seat's player, and `params(state,
    seat)`). A move refused by a rule is not on the legal list either."""
    when: Callable[[dict, int | None], bool]
    key: str
    message: str
    params: Callable[[dict, int | None], dict] | None = None

    def refusal(self, state: dict, seat) -> IllegalAction | None:
        if not self.when(state, seat):
            return None
        fields = {"name": name_of(state, seat), **(self.params(state, seat) if self.params else {})}
        return IllegalAction(self.key, self.message.format(**fields), **fields)


Actor = str | Callable[[dict], "int | None"] | None


@dataclass(frozen=True)
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
    """
    type: str
    phases: tuple[str, ...] | None = None
    actor: Actor = "current"
    params: dict[str, Param] | Callable[[dict, Any], dict[str, Param]] = field(default_factory=dict)
    unless: tuple[Rule, ...] = ()
    check: Callable[[dict, dict], None] | None = None
    decide: Callable[[dict, dict, random.Random], dict] | None = None
    apply: Callable[[dict, dict], None] | None = None
    listing: Callable[[dict, Any], list[dict[str, Param]]] | None = None
    seats: Callable[[dict], Iterable[int]] | None = None
    named: bool = False
    label: str | Callable[[dict[str, Param]], str] | None = None
    role: str = PLAY

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


@dataclass(frozen=True)
class Ballot:
    """A secret vote in progress (Game.ballot): who is still to vote, in the order
    they vote on the screen, whom they may vote for, and the one action that
    counts the ballots once all are in. A ballot is never written down: the
    action holds the totals, one per seat, and nothing says who voted for whom."""
    voters: tuple[int, ...]
    candidates: tuple[int, ...]
    seats: int = 0                          # the table's seats (the totals' length)
    label: str = ""                         # catalogue key: the question a voter answers
    action: str = "secret_vote"
    param: str = "tally"

    def count(self, ballots: dict[int, int]) -> dict:
        """The action that puts the ballots in, as totals per seat."""
        tally = [0] * max(self.seats, max(self.candidates, default=-1) + 1)
        for voter in self.voters:
            tally[ballots[voter]] += 1
        return {"type": self.action, self.param: tally}


@dataclass(frozen=True)
class Secret:
    """Something the rules hide from the table: where the app keeps it, who may
    know it, and from when everybody may (Game.secrets).

    field:    a key of the state whose value is secret ("votes"), or
    action:   (type, argument): an argument of a stored action ("stash_item", "item");
    known_to: who may know it besides the app: "owner" (the seat it belongs to: the
              voter, the stash's owner), "others" (all but one seat: the masked
              player's bar in Sing Sing) or "nobody" (cards nobody has seen);
    until:    state -> True once everybody may know it (None: never).

    Whatever the table shares (the screen, the log, past games, the pads' lights)
    shows a secret only once `until` says so; `companion script` keeps the whole
    state and names the secret fields beside it."""
    field: str = ""
    action: tuple[str, str] | None = None
    known_to: str = "owner"
    until: Callable[[dict], bool] | None = None

    def kept(self, state: dict) -> bool:
        """Still secret in this state."""
        return self.until is None or not self.until(state)


@dataclass(frozen=True)
class Reference:
    """One topic of the rules in Cellmate's own short words (Game.reference): the text
    "<game>.rules.<topic>", where the rulebook says it "<game>.rules.<topic>.where"
    (its page or its heading), and the phases of the game it matters in (first in Help then)."""
    topic: str
    phases: tuple[str, ...] = ()


@dataclass(frozen=True)
class MemoryEntry:
    """One remembered fact, as the settings screen lists it (a face of Dig's die)."""
    key: str                                   # what edit_memory gets back ("7")
    text: str                                  # words: "7: Laundry + Yard", "8: not known yet"
    known: bool                                # set, or not known yet
    fixed: bool = False                        # printed in the rulebook: shown, never changed
    choices: tuple[tuple[str, str], ...] = ()  # (value, words) it may be set to
    question: str = ""                         # what choosing asks ("Which two places are beside the 3?")


@dataclass(frozen=True)
class MemoryList:
    """A list the table added to (Dig's extra places): each item removable, more may be added."""
    key: str
    label: str
    items: tuple[tuple[str, str], ...]         # (value, words)
    can_add: bool
    add_label: str
    add_title: str = ""                        # what adding asks ("Name of the added place")


@dataclass(frozen=True)
class MemoryView:
    """What a game remembers across tables, for the settings screen (Game.memory_view)."""
    title: str
    note: str
    entries: tuple[MemoryEntry, ...] = ()
    lists: tuple[MemoryList, ...] = ()
    fixed_note: str = ""                       # said when a fixed entry is tapped
    export_name: str | None = None             # the file "Export" writes in the data dir
    forget_label: str = ""                     # the button that makes an entry unknown again
    export_label: str = ""                     # the export button
    exported: str = ""                         # said after exporting ({name}: the file's name)
    export_failed: str = ""                    # said when it could not be written ({reason})


class Game:
    id: str = ""
    title: str = ""               # catalogue key
    min_players: int = 2
    max_players: int = 8
    options: tuple[Option, ...] = ()
    timer_cues: TimerCues = TimerCues()
    moves: tuple[Move, ...] = ()
    over_phase: str = "over"      # no move is made in it: only undo
    # What each pad button stands for (tried in order), as the table's buttons.
    pad_buttons: dict[int, tuple[InputEvent, ...]] = {MAIN: (InputEvent.ROLL,), DONE: (InputEvent.CONFIRM,)}
    memory_keys: tuple[str, ...] = ()   # settings the game learns across tables (see recall / learn)
    # How the shell plays it: which table screen draws it ("game": the generic one,
    # from summary and legal_actions); whether TIMER is the table's own turn timer
    # (when input_action leaves it alone); whether the shell announces who starts
    # (the first player drawn at random), or the game says it itself.
    table_screen: str = "game"
    turn_timer: bool = False
    announces_first: bool = False

    # -- setup -----------------------------------------------------------
    def check_options(self, options: dict | None) -> dict:
        """The setup's options, checked and filled in. That they are an object (or none)
        is checked here, once for every game; a game with more to check overrides
        check_values, never this."""
        if options is None:
            options = {}
        if not isinstance(options, dict):
            raise IllegalAction("bad_options", f"options must be an object of names and values, not {options!r}")
        return self.check_values(dict(options))

    def check_values(self, options: dict) -> dict:
        """The options (an object, a copy of the setup's): each name known, each value
        checked, the ones left out at their defaults."""
        known = {o.name: o for o in self.options}
        for name in options:
            if name not in known:
                raise IllegalAction("unknown_option", f"{self.id} has no option {name!r}", option=name)
        return {o.name: o.check(options[o.name]) if o.name in options else o.default for o in self.options}

    def setup(self, players: list[dict], options: dict, first_player: int, rng: random.Random) -> dict:
        raise NotImplementedError

    def base_state(self, players: list[dict], options: dict, **state) -> dict:
        """What every setup writes, then the game's own fields. (A saved game's
        snapshots hold its state as it was: a field added here would be missing
        from them, so this stays what every game has always written.)"""
        return {"game": self.id, "players": players, "options": options, **state, "finished": False}

    # -- play, derived from the moves ----------------------------------------
    def legal_actions(self, state: dict) -> list[ActionSpec]:
        if self._over(state):
            return []
        out = []
        for move in self.moves:
            if not self._in_phase(state, move):
                continue
            for seat in move.actors(state):
                if any(rule.refusal(state, seat) for rule in move.unless):
                    continue
                listing = move.listing(state, seat) if move.listing else [move.params_for(state, seat)]
                out.extend(self._spec(move, seat, params) for params in listing)
        return out

    def _spec(self, move: Move, seat, params: dict) -> ActionSpec:
        """The move as the screen offers it: its label in the catalogue, for these arguments."""
        label = move.label or f"{self.id}.action.{move.type}"
        return ActionSpec(move.type, label(params) if callable(label) else label, seat, params, move.role)

    def resolve(self, state: dict, action: dict, rng: random.Random) -> dict:
        """Check the action and decide its random parts; returns the action to store."""
        kind = action.get("type")
        if self._over(state):
            raise self.game_over(state)
        move = self._move(kind)
        if not self._in_phase(state, move):
            raise self.not_now(state, kind)
        seat = self._actor_of(state, move, action)
        for rule in move.unless:
            refusal = rule.refusal(state, seat)
            if refusal is not None:
                raise refusal
        out = {"type": kind}
        if move.actor is not None:
            out["player"] = seat
        rolled = {}
        for name, param in move.params_for(state, seat).items():
            if param.kind == "seat" and not param.choices:
                param = replace(param, choices=tuple(range(len(state["players"]))))
            if action.get(name) is not None:
                out[name] = param.check(name, action[name])
            elif param.kind == "die" and param.optional:
                rolled[name] = [roll_d6(rng) for _ in range(param.count)]
            elif param.optional:
                if param.default is not None:
                    out[name] = param.default
            else:
                raise self.missing(state, kind, name, param)
        if move.check is not None:
            move.check(state, out)
        for name, faces in rolled.items():
            out[name] = faces
        if any(p.kind == "die" for p in move.params_for(state, seat).values()):
            out["manual"] = not rolled
        if move.decide is not None:
            out = move.decide(state, out, rng)
        return out

    def apply(self, state: dict, action: dict) -> dict:
        new = self.copy(state)
        move = self._move(action["type"])
        if move.apply is not None:
            move.apply(new, action)
        return new

    def turn_end(self, state: dict) -> ActionSpec | None:
        """The move that hands the turn on in this phase, as it is offered (legal now
        or not): the screen keeps it in sight, and says why when it may not be made yet."""
        if self._over(state):
            return None
        move = next((m for m in self.moves if m.role == END_TURN and self._in_phase(state, m)), None)
        return None if move is None else self._spec(move, move.actors(state)[0], {})

    def refusal(self, state: dict, kind: str) -> IllegalAction | None:
        """Why `kind` may not happen now (arguments aside), or None: it may. For a
        game's input_action: "may the guess start now?"."""
        try:
            if self._over(state):
                return self.game_over(state)
            move = self._move(kind)
            if not self._in_phase(state, move):
                return self.not_now(state, kind)
            seat = move.actors(state)[0]
        except IllegalAction as exc:
            return exc
        return next((r for r in (rule.refusal(state, seat) for rule in move.unless) if r is not None), None)

    # how a game words the generic refusals (override to keep its own words)
    def unknown_action(self, kind) -> IllegalAction:
        return IllegalAction("unknown_action", f"{type(self).__name__} has no action {kind!r}", action=str(kind))

    def game_over(self, state: dict) -> IllegalAction:
        return IllegalAction("game_over", "the game is over; start a new one or undo")

    def not_now(self, state: dict, kind: str) -> IllegalAction:
        return IllegalAction("not_now", f"{kind} is not possible now", action=kind)

    def not_yours(self, state: dict, seat: int) -> IllegalAction:
        name = name_of(state, seat)
        return IllegalAction("not_your_turn", f"this is {name}'s step", name=name)

    def missing(self, state: dict, kind: str, name: str, param: Param) -> IllegalAction:
        return param.check(name, None) if param.kind != "text" else IllegalAction(
            "bad_text", f"{kind} needs {name}", field=name)

    def _move(self, kind) -> Move:
        moves = self._moves_by_type()
        if not isinstance(kind, str) or kind not in moves:
            raise self.unknown_action(kind)
        return moves[kind]

    def _moves_by_type(self) -> dict[str, Move]:
        table = self.__dict__.get("_by_type")
        if table is None:
            table = {m.type: m for m in self.moves}
            self.__dict__["_by_type"] = table
        return table

    def _over(self, state: dict) -> bool:
        return bool(state.get("finished")) or state.get("phase") == self.over_phase

    @staticmethod
    def _in_phase(state: dict, move: Move) -> bool:
        return move.phases is None or state.get("phase") in move.phases

    def _actor_of(self, state: dict, move: Move, action: dict):
        """The seat the action is for: who the move says, checked against "player"."""
        actor = move.actor
        if actor is None:
            return None
        given = action.get("player")
        if actor in ("each", "any"):
            if given is None:
                given = None if move.named else state.get("current")
                if given is None:
                    raise IllegalAction("who", "say which player (seat) this is for")
            seat = self._seat(state, given)
            if actor == "each" and move.seats is not None and seat not in set(move.seats(state)):
                raise self.not_now(state, move.type)
            return seat
        seat = actor(state) if callable(actor) else state.get(actor)
        if given is not None and self._seat(state, given) != seat:
            raise self.not_yours(state, seat)
        return seat

    @staticmethod
    def _seat(state: dict, seat) -> int:
        if not _whole(seat) or not 0 <= seat < len(state["players"]):
            raise IllegalAction("bad_player", f"there is no seat {seat!r} at this table", seat=_short(seat))
        return seat

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
         "badges": {seat: [str]},    # optional: short tags per seat (Soap, Guard, mask)
         "news": bool}               # optional: False when the line a step changed is not
                                     # repeated above the board (the checklist marks it itself)
        """
        raise NotImplementedError

    def log_words(self, action: dict, players: list[dict], t) -> str | None:
        """The game's own words for a past action in the log (None: the shell words it
        from the action's label and arguments)."""
        return None

    def board(self, state: dict, t):
        """What to draw of the table (companion.board.Board), in words; None: nothing."""
        return None

    # -- what is said aloud (companion/speech.py) ------------------------------------------
    def turn_of(self, state: dict) -> int | None:
        """The seat whose turn it is, as said aloud ("Ann's turn"); None: nobody's now."""
        seat = state.get("current")
        return None if state.get("finished") or not _whole(seat) else seat

    def spoken(self, before: dict, after: dict, action: dict, t) -> list[speech.Line]:
        """What to say aloud for one step (speech.Line), in the catalogue's words. `before`,
        `after` and `action` have every secret blanked, even one the table may see by now
        (speech.lines_for: speech.unspoken), so nothing said can be a secret. Default: whose turn it is when it
        passes on, and who won. A game adds its own events before those."""
        out = []
        seat = self.turn_of(after)
        if seat is not None and seat != self.turn_of(before):
            out.append(speech.turn(t("speech.turn", name=name_of(after, seat))))
        if after.get("finished") and not before.get("finished"):
            out.append(self.spoken_end(after, t))
        return out

    def spoken_start(self, state: dict, t) -> list[speech.Line]:
        """What to say when a new game is on the table (public state): whose turn it is."""
        seat = self.turn_of(state)
        return [] if seat is None else [speech.turn(t("speech.turn", name=name_of(state, seat)))]

    def cover_noise(self, state: dict) -> bool:
        """Whether a noise should cover the table's sounds now (speech.cover_noise on): Sing
        Sing while a bar is taken out. Default: never."""
        return False

    def spoken_end(self, state: dict, t) -> speech.Line:
        """The end of the game aloud: who won."""
        winners = [name_of(state, seat) for seat in (self.result(state) or {}).get("winners", ())]
        text = t("speech.winners", names=speech.names(t, winners), count=len(winners)) if winners else t("speech.over")
        return speech.Line(text, speech.WINNER, speech.HIGH)

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

    # -- secrets -----------------------------------------------------------------------
    secrets: tuple[Secret, ...] = ()   # what the rules hide, from whom, until when

    # `always`: every secret, whatever its `until` (the voice: heard by all, the masked
    # player in Sing Sing too, whether or not the screen may show it now).
    # `veiled`: secrets the table saw hidden whose reveal is not in the history as it now
    # stands (Session.veiled: an UNDO back before the hiding must not show them).
    def hidden(self, state: dict, always: bool = False, veiled: Iterable[Secret] = ()) -> list[Secret]:
        """The secrets the table must not see in `state`."""
        veiled = tuple(veiled)
        return [s for s in self.secrets if always or s in veiled or s.kept(state)]

    def hidden_args(self, state: dict, action: dict, always: bool = False,
                    veiled: Iterable[Secret] = ()) -> set[str]:
        """Arguments of a past action the table must not see in `state` (the log's)."""
        kind = action.get("type")
        return {s.action[1] for s in self.hidden(state, always, veiled) if s.action and s.action[0] == kind}

    def secret_fields(self, state: dict, always: bool = False, veiled: Iterable[Secret] = ()) -> list[str]:
        """The state's fields that are secret now (`companion script` names them)."""
        return [s.field for s in self.hidden(state, always, veiled) if s.field]

    def public(self, state: dict, always: bool = False, veiled: Iterable[Secret] = ()) -> dict:
        """The state as everybody at the table may know it: every field still secret
        holds SECRET (one that holds nothing, None, hides nothing). Whatever the table
        sees (summary, board, buttons, leds) is the same for a state and its public
        view (tests/test_secrets.py plays that out), and a game's views draw a field
        that holds SECRET as hidden, in any phase (a veiled one: after an UNDO)."""
        hidden = self.secret_fields(state, always, veiled)
        if not hidden:
            return state
        return {key: SECRET if key in hidden and value is not None else value for key, value in state.items()}

    def upgrade(self, state: dict) -> dict:
        """A state saved by an older Cellmate (a snapshot) in today's fields. Default: as it is."""
        return state

    # -- the result, for past games, the statistics and the export -------------------
    def result(self, state: dict) -> dict | None:
        """A finished game's result in the game's own words (None: not finished), JSON-ready:

        {"winners": [seat, ...],          # who won (may be empty: the dice table)
         "scores": [number | None, ...],  # per seat, the game's score (None: the game keeps none)
         "outcomes": [str | None, ...],   # per seat, the game's word for how it ended for them
                                          # (catalogue "result.<game>.<word>": The Snitch's "snitch", "shot")
         "ending": str | None,            # how the game ended (catalogue "result.<game>.ending.<word>")
         "turns": int | None}             # the game's own turn counter (Dig, dice table: rounds)

        Default: the state's "winners", no scores. A game overrides it with a pure function
        of its final state (the secrets are known by then: the result is everybody's)."""
        if not state.get("finished"):
            return None
        return make_result(state, state.get("winners") or [])

    def began(self, state: dict, actions: list[dict]) -> int | None:
        """The seat that took the first turn, as the rules picked it (the export and the
        BG Stats file name it), or None while the game is still being set up. `actions`:
        the log that made `state`. Default: the state's first_player, which a game that
        picks who starts in play sets then (pick_first, the Heist roll-off)."""
        seat = state.get("first_player")
        return None if state.get("phase") == "setup" or not _whole(seat) else seat

    def stats_lines(self, line, t) -> list[str]:
        """The game's own lines under its heading in Statistics (line: its companion.stats.GameLine)."""
        return []

    help_keys: tuple[str, ...] = ()  # catalogue keys: how the app reads the rules, button use
    reference: tuple[Reference, ...] = ()   # the rules in short, topic by topic, with the rulebook's page

    def rules(self, t, state: dict | None = None) -> tuple[list[str], list[str]]:
        """The rules in short for the Help screen: (the topics that matter in the state's
        phase, the others), each ending with where the rulebook says it."""
        phase = (state or {}).get("phase")
        texts = {ref.topic: t("help.rule", text=t(f"{self.id}.rules.{ref.topic}"),
                              where=t(f"{self.id}.rules.{ref.topic}.where")) for ref in self.reference}
        now = [texts[ref.topic] for ref in self.reference if phase in ref.phases]
        return now, [texts[ref.topic] for ref in self.reference if phase not in ref.phases]

    def help(self, t, state: dict | None = None) -> list[str]:
        """Help paragraphs for the screen: the rules readings and the buttons (state: the
        game being played, for a reading its options choose)."""
        return [t(key) for key in self.help_keys]

    def check_invariants(self, state: dict) -> None:
        """Raise AssertionError when a state breaks the rules' invariants
        (used by the property tests over random action sequences)."""

    # -- the seat pads ---------------------------------------------------------
    def leds(self, state: dict) -> dict[int, Led]:
        """Each seat's light (seats left out are off). Default: whose turn it is."""
        return lights.turn(state)

    def pad_may(self, state: dict, action: dict, seat: int) -> bool:
        """May seat's pad send this action? Default: the legal list offers it to that seat."""
        return any(spec.type == action["type"] and spec.player == seat for spec in self.legal_actions(state))

    def ballot(self, state: dict) -> Ballot | None:
        """The secret vote running now, if any (the pads hold the votes until all are in)."""
        return None

    # -- what the game remembers across tables -------------------------------------
    def recall(self, memory: dict) -> dict:
        """Options a new game takes from what was learned at earlier tables
        (memory: the settings named in memory_keys)."""
        return {}

    def learn(self, memory: dict, state: dict, taught: dict) -> tuple[dict, dict]:
        """After every change of a game: (memory to save, what this game has taught
        so far). `taught` is what the previous call returned (start: {}), so a step
        that is undone can take back what it taught."""
        return memory, taught

    def memory_view(self, memory: dict, t) -> MemoryView | None:
        """The remembered facts in words, for the settings screen (None: nothing to show)."""
        return None

    def edit_memory(self, memory: dict, change: tuple) -> dict:
        """The memory after one change from the settings screen:
        ("set", entry key, value) | ("forget", entry key) | ("add", list key, text) |
        ("remove", list key, value). IllegalAction when the game refuses it."""
        raise IllegalAction("memory_fixed", "there is nothing to change here")

    def export_memory(self, memory: dict) -> dict:
        """The memory as JSON for the export file (MemoryView.export_name)."""
        return dict(memory)

    # -- helpers ---------------------------------------------------------
    @staticmethod
    def copy(state: dict) -> dict:
        # deepcopy's result, for plain data, in C: a fifth of the time (every press copies a state)
        return pickle.loads(pickle.dumps(state, pickle.HIGHEST_PROTOCOL))


def make_result(state: dict, winners, scores=None, outcomes=None, ending=None, turns=None) -> dict:
    """Game.result's dict: one score and one outcome per seat, whole numbers as they are."""
    count = len(state.get("players") or [])
    scores, outcomes = list(scores or [None] * count), list(outcomes or [None] * count)
    turn = state.get("turn") if turns is None else turns
    return {"winners": sorted(int(seat) for seat in winners), "scores": scores, "outcomes": outcomes,
            "ending": ending, "turns": turn if _whole(turn) else None}


def player_of(state: dict, action: dict) -> int:
    """The seat an action is for: given, or the player whose turn it is."""
    seat = action.get("player", state.get("current"))
    if not _whole(seat) or not 0 <= seat < len(state["players"]):
        raise IllegalAction("bad_player", f"there is no seat {seat!r} at this table", seat=seat)
    return seat
