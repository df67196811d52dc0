"""A session: one game at one table, kept as an event log.

The state is the fold of the events up to `head`. Undo and redo move `head`;
a new action after an undo drops the redo tail. Every change is one committed
transaction, so what the screen showed is what a restart finds. Snapshots
every SNAPSHOT_EVERY events keep resuming a long game fast.
"""
from __future__ import annotations

import json
import random
import time
from dataclasses import dataclass

from . import games
from .dice import histogram
from .games.base import Game, IllegalAction
from .players import make_table, TableError
from .store import Store

SNAPSHOT_EVERY = 100
_SYSTEM = random.SystemRandom()


@dataclass(frozen=True)
class Roll:
    seq: int
    player: int
    dice: tuple[int, ...]
    manual: bool


class Session:
    def __init__(self, store: Store, session_id: int, game: Game, setup: dict, head: int, length: int,
                 state: dict, rng: random.Random | None = None):
        self.store = store
        self.id = session_id
        self.game = game
        self.setup = setup
        self.head = head
        self.length = length          # events stored, including the redo tail
        self.state = state
        self.rng = rng or _SYSTEM
        self._rolls: list[Roll] | None = None  # read once, then kept up to date in memory

    # -- creating and loading --------------------------------------------
    @classmethod
    def create(cls, store: Store, game_id: str, players: list, options: dict | None = None,
               rng: random.Random | None = None) -> "Session":
        game = games.get(game_id)
        try:
            table = make_table(players)
        except TableError as exc:
            raise IllegalAction(exc.key, str(exc), **exc.params) from None
        if not game.min_players <= len(table) <= game.max_players:
            raise IllegalAction("player_count", f"{game_id} is for {game.min_players} to {game.max_players} players",
                                low=game.min_players, high=game.max_players)
        rng = rng or _SYSTEM
        setup = {"players": table, "options": game.check_options(options),
                 "first_player": rng.randrange(len(table))}  # the recorded random pick
        state = cls._initial(game, setup)
        now = time.time()
        session_id = store.write(lambda c: c.execute(
            "INSERT INTO sessions (game, setup, head, finished, created, updated) VALUES (?, ?, 0, 0, ?, ?)",
            (game.id, json.dumps(setup), now, now)).lastrowid)
        return cls(store, session_id, game, setup, 0, 0, state, rng)

    @classmethod
    def load(cls, store: Store, session_id: int, rng: random.Random | None = None) -> "Session":
        row = store.conn.execute("SELECT game, setup, head FROM sessions WHERE id = ?", (session_id,)).fetchone()
        if row is None:
            raise IllegalAction("no_session", f"there is no session {session_id}", session=session_id)
        game = games.get(row[0])
        setup = json.loads(row[1])
        head = row[2]
        length = store.conn.execute("SELECT COALESCE(MAX(seq), 0) FROM events WHERE session_id = ?",
                                    (session_id,)).fetchone()[0]
        session = cls(store, session_id, game, setup, head, length, {}, rng)
        session.state = session._state_at(head)
        return session

    def play_again(self) -> "Session":
        """A new session with the same players and options (a new first player)."""
        return Session.create(self.store, self.game.id, self.setup["players"], self.setup["options"], self.rng)

    @staticmethod
    def _initial(game: Game, setup: dict) -> dict:
        # The game's setup may use randomness only through this seeded generator,
        # whose seed is the recorded setup: so a replay deals the same.
        seed = json.dumps(setup, sort_keys=True)
        return game.setup(setup["players"], setup["options"], setup["first_player"], random.Random(seed))

    def _state_at(self, seq: int) -> dict:
        row = self.store.conn.execute(
            "SELECT seq, state FROM snapshots WHERE session_id = ? AND seq <= ? ORDER BY seq DESC LIMIT 1",
            (self.id, seq)).fetchone()
        if row:
            start, state = row[0], json.loads(row[1])
        else:
            start, state = 0, self._initial(self.game, self.setup)
        for action in self._actions(start, seq):
            state = self.game.apply(state, action)
        return state

    def _actions(self, after: int, upto: int):
        rows = self.store.conn.execute(
            "SELECT action FROM events WHERE session_id = ? AND seq > ? AND seq <= ? ORDER BY seq",
            (self.id, after, upto))
        for (text,) in rows:
            yield json.loads(text)

    # -- playing ---------------------------------------------------------
    def act(self, action: dict) -> tuple[dict, list[str]]:
        """Apply one action for the table and commit it. Returns (state, cues).
        Raises IllegalAction, leaving everything as it was."""
        if not isinstance(action, dict) or not isinstance(action.get("type"), str):
            raise IllegalAction("bad_action", "an action needs a type")
        before = self.state
        resolved = self.game.resolve(before, action, self.rng)
        after = self.game.apply(before, resolved)
        seq = self.head + 1
        text = json.dumps(resolved)
        snapshot = json.dumps(after) if seq % SNAPSHOT_EVERY == 0 else None
        finished = int(bool(after.get("finished")))

        def commit(c):
            c.execute("DELETE FROM events WHERE session_id = ? AND seq >= ?", (self.id, seq))
            c.execute("DELETE FROM snapshots WHERE session_id = ? AND seq >= ?", (self.id, seq))
            c.execute("INSERT INTO events (session_id, seq, action, at) VALUES (?, ?, ?, ?)",
                      (self.id, seq, text, time.time()))
            if snapshot:
                c.execute("INSERT INTO snapshots (session_id, seq, state) VALUES (?, ?, ?)", (self.id, seq, snapshot))
            c.execute("UPDATE sessions SET head = ?, finished = ?, updated = ? WHERE id = ?",
                      (seq, finished, time.time(), self.id))

        self.store.write(commit)
        self.head = self.length = seq
        self.state = after
        if self._rolls is not None:
            self._rolls = [r for r in self._rolls if r.seq < seq] + self._rolls_in([(seq, resolved)])
        return after, self.game.cues(before, after, resolved)

    @property
    def can_undo(self) -> bool:
        return self.head > 0

    @property
    def can_redo(self) -> bool:
        return self.head < self.length

    def undo(self) -> dict:
        if not self.can_undo:
            raise IllegalAction("nothing_to_undo", "nothing to undo")
        return self._move_head(self.head - 1)

    def redo(self) -> dict:
        if not self.can_redo:
            raise IllegalAction("nothing_to_redo", "nothing to redo")
        return self._move_head(self.head + 1)

    def _move_head(self, seq: int) -> dict:
        state = self._state_at(seq)
        finished = int(bool(state.get("finished")))
        self.store.write(lambda c: c.execute(
            "UPDATE sessions SET head = ?, finished = ?, updated = ? WHERE id = ?",
            (seq, finished, time.time(), self.id)))
        going_back = seq < self.head
        self.head = seq
        self.state = state
        if self._rolls is not None:
            # back: drop what was undone; forward: read the log again when asked
            self._rolls = [r for r in self._rolls if r.seq <= seq] if going_back else None
        return state

    # -- reading ---------------------------------------------------------
    def actions(self) -> list[dict]:
        """The actions that made the current state, oldest first."""
        return list(self._actions(0, self.head))

    def redo_tail(self) -> list[dict]:
        return list(self._actions(self.head, self.length))

    def replay(self) -> dict:
        """The state folded from the setup, ignoring snapshots (for checks)."""
        state = self._initial(self.game, self.setup)
        for action in self._actions(0, self.head):
            state = self.game.apply(state, action)
        return state

    def rolls(self) -> list[Roll]:
        """Every die roll behind the current state: any action carrying "dice"."""
        if self._rolls is None:
            self._rolls = self._rolls_in(enumerate(self._actions(0, self.head), start=1))
        return list(self._rolls)

    @staticmethod
    def _rolls_in(numbered) -> list[Roll]:
        return [Roll(seq, action.get("player", -1), tuple(action["dice"]), bool(action.get("manual")))
                for seq, action in numbered if "dice" in action]

    def histogram(self) -> dict[int, int]:
        return histogram(face for roll in self.rolls() for face in roll.dice)

    @property
    def finished(self) -> bool:
        return bool(self.state.get("finished"))
