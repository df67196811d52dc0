"""The engine: a game is state plus legal actions plus apply.

State and actions are plain JSON-ready dicts, so the session can store them,
snapshot them and print them from `companion script` unchanged. `apply` is
pure and deterministic: anything random is decided by `resolve` first and
written into the action, so replaying the log gives the same table. A game
writes its rules as a table of moves (moves.py) and the engine derives
legal_actions, resolve and apply from it; a game writes none of them itself.

The contract, in layers (a game is a folder companion/games/<id>/; tests/example_game
is a whole one, docs/write-a-game.md walks through it):

| layer          | what                                                     | where        |
| -------------- | -------------------------------------------------------- | ------------ |
| must provide   | id, title, min_players/max_players, options, setup,      | Game (here)  |
|                | moves (a table of Move), result (default: "winners")     | moves.py     |
| view           | summary, board, log_words, help, reference (defaults     | Game (here)  |
|                | plain; a game writes them in its view.py)                |              |
| may add        | voice: spoken lines beyond whose turn and who won        | voice.py     |
|                | pads and lights: leds, pad_buttons, pad_may, ballot      | seat_pads.py |
|                | secrets: what the rules hide, from whom, until when      | secrets.py   |
|                | a setup checklist from the rulebook                      | checklist.py |
|                | memory across tables (opt in: the Memory mixin)          | memory.py    |
|                | input_action, countdown, cues, upgrade, stats_lines      | Game (here)  |
|                | vocabulary: its words the catalogue tests must know      | its folder   |

Voice, pads and secrets have a plain default every game has (whose turn is said
and lit, nothing hidden); a game adds to them by overriding their hooks. Memory is
taken only by a game that mixes it in; the shell asks `memory.remembers(game)`.
"""
from __future__ import annotations

import random
from dataclasses import replace
from typing import TYPE_CHECKING

from ..dice import roll_d6
from ..errors import IllegalAction
from ..inputs import InputEvent
from ..secret import SECRET
from ..timers import TimerCues
from .moves import (ADJUST, END_TURN, EQUAL, PLAIN, PLAY, RIGHT, WRONG, ActionSpec, Move, Option, Param, _short,
                    _whole, name_of, player_of)
from .seat_pads import Pads
from .secrets import Secret, Secrets
from .voice import Voice

if TYPE_CHECKING:
    from .declarations import Reference

__all__ = ["ADJUST", "END_TURN", "EQUAL", "PLAIN", "PLAY", "RIGHT", "WRONG", "ActionSpec", "Ballot", "Game", "IllegalAction", "MemoryEntry", "MemoryList",
           "MemoryView", "Move", "Option", "Param", "Reference", "Rule", "SECRET", "Secret", "make_result", "name_of",
           "player_of"]

_MEMORY_VIEWS = ("MemoryEntry", "MemoryList", "MemoryView")   # made when first named (memory.py)
_DECLARED = ("Ballot", "Reference", "Rule")      # the same: only some games declare them (declarations.py)


def __getattr__(name: str):
    if name in _MEMORY_VIEWS:
        from . import memory
        return getattr(memory, name)
    if name in _DECLARED:
        from . import declarations
        return getattr(declarations, name)
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")


class Game(Voice, Pads, Secrets):
    id: str = ""
    title: str = ""               # catalogue key
    min_players: int = 2
    max_players: int = 8
    options: tuple[Option, ...] = ()
    timer_cues: TimerCues = TimerCues()
    moves: tuple[Move, ...] = ()
    over_phase: str = "over"      # no move is made in it: only undo
    # How the shell plays it: which table screen draws it ("game": the generic one,
    # from summary and legal_actions); whether TIMER is the table's own turn timer
    # (when input_action leaves it alone); whether the shell announces who starts
    # (the first player drawn at random), or the game says it itself.
    table_screen: str = "game"
    counts_faces: bool = False    # its screen shows how often each face came up: the session keeps the counts
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
        for move in self._moves_in(state):
            for seat in move.actors(state):
                # (refused or not is all a list needs: Rule.refusal would word why, for nobody)
                if any(rule.when(state, seat) for rule in move.unless):
                    continue
                listing = move.listing(state, seat) if move.listing else [move.params_for(state, seat)]
                out.extend(self._spec(move, seat, params) for params in listing)
        return out

    def _spec(self, move: Move, seat, params: dict) -> ActionSpec:
        """The move as the screen offers it: its label in the catalogue, for these arguments."""
        label = move.label or f"{self.id}.action.{move.type}"
        return ActionSpec(move.type, label(params) if callable(label) else label, seat, params, move.role, move.look)

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

    def _moves_in(self, state: dict) -> tuple[Move, ...]:
        """The moves that may happen in the state's phase (_in_phase), in their order: a
        table worked out once for each phase met, as legal_actions runs at every refresh."""
        table = self.__dict__.setdefault("_by_phase", {})
        phase = state.get("phase")
        try:
            return table[phase]
        except (KeyError, TypeError):
            pass
        moves = tuple(m for m in self.moves if self._in_phase(state, m))
        if isinstance(phase, str):      # (a broken state's phase, of any type, is not kept)
            table[phase] = moves
        return moves

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

    def seat_figures(self, state: dict, t) -> dict[int, list[str]]:
        """Each seat's figures on its token (board().seats' figures), by seat. A game
        whose screen shows only these may give them without making its whole Board."""
        board = self.board(state, t)
        return {view.seat: list(view.figures) for view in board.seats} if board is not None else {}

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

    # -- helpers ---------------------------------------------------------
    @staticmethod
    def copy(state: dict) -> dict:
        # deepcopy's result, for plain data, in C: a fifth of the time (every press copies a state).
        # Imported here: a start copies no state before its first frame (ui/start.py imports it after)
        import pickle

        return pickle.loads(pickle.dumps(state, pickle.HIGHEST_PROTOCOL))


def make_result(state: dict, winners, scores=None, outcomes=None, ending=None, turns=None) -> dict:
    """Game.result's dict: one score and one outcome per seat, whole numbers as they are."""
    count = len(state.get("players") or [])
    scores, outcomes = list(scores or [None] * count), list(outcomes or [None] * count)
    turn = state.get("turn") if turns is None else turns
    return {"winners": sorted(int(seat) for seat in winners), "scores": scores, "outcomes": outcomes,
            "ending": ending, "turns": turn if _whole(turn) else None}


