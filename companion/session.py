"""A session: one game at one table, kept as an event log.

The state is the fold of the events up to `head`. Undo and redo move `head`;
a new action after an undo drops the redo tail. Every change is one committed
transaction, so what the screen showed is what a restart finds. Snapshots
every SNAPSHOT_EVERY events keep resuming a long game fast.

A session being played is claimed in the store (one writer per session), and
every commit checks that the file's session is still where this object left
it: a change nobody here made is refused (StoreError "session_changed"),
never written over.

The faces of its rolls counted (histogram) are kept beside the log like a snapshot
(settings "faces.<id>": the counts after one action), so a start counts only the
rolls since: SQLite's triggers (store_schema.py) drop them at any change of the
stored actions, and they are checked against their action before they are used.
"""
from __future__ import annotations

import json
import logging
import random
import time
from dataclasses import dataclass

from . import games, result_row
from .dice import histogram
from .games.base import Game, IllegalAction, Secret
from .players import make_table
from .store import Store, StoreError, load_json, repair_setup

log = logging.getLogger(__name__)

SNAPSHOT_EVERY = 100
STATES_KEPT = 8      # states around the head kept in memory: an undo or redo a step or two away folds nothing
RECENT = 32          # the last rolls kept in memory for a table that shows a few (the dice table: 10)
_SYSTEM = random.SystemRandom()


@dataclass(frozen=True)
class Roll:
    """A roll in the log: its action's number, the seat, the faces, typed in or rolled by the app."""
    seq: int
    player: int
    dice: tuple[int, ...]
    manual: bool


class Session:
    def __init__(self, store: Store, session_id: int, game: Game, setup: dict, head: int, length: int,
                 state: dict, rng: random.Random | None = None, seed: str | None = None):
        self.store = store
        self.id = session_id
        self.game = game
        self.setup = setup
        self.head = head
        self.length = length          # events stored, including the redo tail
        self.state = state
        self.last_action: dict | None = None   # the action act() committed last, as stored (what is said aloud)
        self.rng = rng or _SYSTEM
        # The setup's random deal is seeded by the setup as first recorded (names
        # repaired on reading must not change the deal); snapshots hold the old names.
        self.seed = seed if seed is not None else _seed(setup)
        self._use_snapshots = seed is None
        # Rolls are read only as far as asked, then kept up to date in memory: every roll
        # (rolls()), the last RECENT (recent_rolls(): not the whole log of a long game), the
        # faces counted over all of them (histogram(): from the counts kept in the file,
        # and SQLite counts the rest).
        self._rolls: list[Roll] | None = None
        self._recent: list[Roll] | None = None
        self._recent_whole = False             # _recent holds every roll there is
        self._counts: dict | None = None
        self._faces_kept: int | None = None    # the action the file's kept counts are at (None: none that hold)
        self._states: dict[int, dict] = {head: state} if state else {}   # seq -> the state after it
        self._latch: frozenset[int] = frozenset()   # Game.secrets (by index) hidden since their last reveal

    # -- creating and loading --------------------------------------------
    @classmethod
    def create(cls, store: Store, game_id: str, players: list, options: dict | None = None,
               rng: random.Random | None = None) -> "Session":
        game = games.get(game_id)
        table = make_table(players)
        if not game.min_players <= len(table) <= game.max_players:
            raise IllegalAction("player_count", f"{game_id} is for {game.min_players} to {game.max_players} players",
                                low=game.min_players, high=game.max_players)
        rng = rng or _SYSTEM
        setup = {"players": table, "options": game.check_options(options),
                 "first_player": rng.randrange(len(table))}  # the recorded random pick
        state = game.setup(setup["players"], setup["options"], setup["first_player"], random.Random(_seed(setup)))
        now = time.time()
        session_id = store.write(lambda c: c.execute(
            "INSERT INTO sessions (game, setup, head, finished, created, updated) VALUES (?, ?, 0, 0, ?, ?)",
            (game.id, json.dumps(setup), now, now)).lastrowid)
        store.claim(session_id)   # nobody else knows it yet: this cannot be refused
        session = cls(store, session_id, game, setup, 0, 0, state, rng)
        if game.counts_faces:    # no rolls yet: kept from the first action on (other games never count them)
            session._counts, session._faces_kept = histogram(()), 0
        latch = session._latched(None, state)
        if latch or store.read("SELECT 1 FROM settings WHERE key = ?", (session._latch_key,)):
            store.write(lambda c: session._write_latch(c, latch, always=True))   # an id used before: its latch is not this game's
        session._latch = latch
        return session

    @classmethod
    def load(cls, store: Store, session_id: int, rng: random.Random | None = None, claim: bool = True) -> "Session":
        """The saved session, as its log says. claim=True (to play it): StoreError
        "session_taken" when another program plays it. A log that cannot be read
        back is StoreError "session_damaged", never a crash."""
        rows = store.read("SELECT game, setup, head FROM sessions WHERE id = ?", (session_id,))
        if not rows:
            raise IllegalAction("no_session", f"there is no session {session_id}", session=session_id)
        game_id, setup_text, head = rows[0]
        game = games.get(game_id)
        raw = load_json(setup_text)
        if not isinstance(raw, dict) or not isinstance(head, int):
            raise _damaged(session_id, "its setup cannot be read")
        setup, repaired = repair_setup(raw)
        length = store.read("SELECT COALESCE(MAX(seq), 0) FROM events WHERE session_id = ?", (session_id,))[0][0]
        session = cls(store, session_id, game, setup, head, length, {}, rng, seed=_seed(raw) if repaired else None)
        try:
            session.state = session._state_at(head)
            session._keep(head, session.state)
        except StoreError:
            raise
        except Exception as exc:  # a log this version cannot replay: say so, keep the file as it is
            log.warning("session %s cannot be replayed", session_id, exc_info=True)
            raise _damaged(session_id, f"{type(exc).__name__}: {exc}") from None
        # a game saved before the latch: what its redo tail hides is latched as well
        session._latch = session._read_latch() | session._tail_latch(session.head, session.state)
        if claim:
            store.claim(session_id)
        return session

    def close(self) -> None:
        """Done playing it here: another program may take it."""
        self.store.release(self.id)

    def play_again(self) -> "Session":
        """A new session with the same players and options (a new first player)."""
        return Session.create(self.store, self.game.id, self.setup["players"], self.setup["options"], self.rng)

    def initial_state(self) -> dict:
        # The game's setup may use randomness only through this seeded generator,
        # whose seed is the recorded setup: so a replay deals the same.
        setup = self.setup
        return self.game.setup(setup["players"], setup["options"], setup["first_player"], random.Random(self.seed))

    def _state_at(self, seq: int) -> dict:
        """The state after action `seq`: the nearest snapshot at or before it that can be
        read, then the actions after it. A damaged snapshot is passed over for an older
        one, or the setup: the log itself is the record, a snapshot only a shortcut."""
        if seq in self._states:
            return self._states[seq]
        start, state = 0, None
        if self._use_snapshots:
            for at, text in self.store.read(
                    "SELECT seq, state FROM snapshots WHERE session_id = ? AND seq <= ? ORDER BY seq DESC LIMIT 4",
                    (self.id, seq)):
                snapshot = load_json(text)
                if isinstance(snapshot, dict):
                    start, state = at, self.game.upgrade(snapshot)   # saved by an older Cellmate, perhaps
                    break
                log.warning("snapshot %s of game %s cannot be read; replaying past it", at, self.id)
        if state is None:
            state = self.initial_state()
        for action in self._actions(start, seq):
            state = self.game.apply(state, action)
        return state

    def _actions(self, after: int, upto: int, skip_damaged: bool = False) -> list[dict]:
        """The stored actions after..upto; one that cannot be read is StoreError
        "session_damaged", or with skip_damaged an empty action in its place."""
        rows = self.store.read(
            "SELECT seq, action FROM events WHERE session_id = ? AND seq > ? AND seq <= ? ORDER BY seq",
            (self.id, after, upto))
        actions = []
        for seq, text in rows:
            action = load_json(text)
            if not isinstance(action, dict):
                if not skip_damaged:
                    raise _damaged(self.id, f"action {seq} cannot be read")
                action = {}
            actions.append(action)
        return actions

    def _check_unchanged(self, c) -> None:
        """Inside the commit: the file's session is where this object left it."""
        row = c.execute("SELECT head, (SELECT COALESCE(MAX(seq), 0) FROM events WHERE session_id = ?) "
                        "FROM sessions WHERE id = ?", (self.id, self.id)).fetchone()
        if row is None:
            raise IllegalAction("no_session", f"there is no session {self.id}", session=self.id)
        if tuple(row) != (self.head, self.length):
            raise StoreError("session_changed", f"game {self.id} was changed by another program; "
                             "nothing was saved here: open it again to see it as saved", session=self.id)

    # -- playing ---------------------------------------------------------
    def act(self, action: dict) -> tuple[dict, list[str]]:
        """Apply one action for the table and commit it. Returns (state, cues).
        Raises IllegalAction, leaving everything as it was."""
        if not isinstance(action, dict) or not isinstance(action.get("type"), str):
            raise IllegalAction("bad_action", "an action needs a type")
        before = self.state
        resolved = self.game.resolve(before, action, self.rng)
        after = self.game.apply(before, resolved)
        cues = self.game.cues(before, after, resolved)   # all the work before the commit: after it, nothing can fail
        seq = self.head + 1
        text = json.dumps(resolved)
        snapshot = json.dumps(after) if seq % SNAPSHOT_EVERY == 0 else None
        finished = int(bool(after.get("finished")))
        result = result_row.of(self.game, after, None, None) if finished else None
        latch = self._latched(before, after)
        now = time.time()
        new = self._rolls_in([(seq, resolved)])
        counts = _moved(self._counts, new, 1) if self._counts is not None else None
        dropped = self.length >= seq    # a redo tail dropped: the file's triggers drop the kept counts with it
        # the counts kept with each snapshot, and at once where none hold (an old game's first
        # action here, or after a dropped tail)
        faces = (json.dumps({"seq": seq, "at": now, "faces": [counts[face] for face in range(1, 7)]})
                 if counts is not None and (seq % SNAPSHOT_EVERY == 0 or self._faces_kept is None or dropped)
                 else None)

        def commit(c):
            self._check_unchanged(c)
            self._write_latch(c, latch)
            c.execute("DELETE FROM events WHERE session_id = ? AND seq >= ?", (self.id, seq))
            c.execute("DELETE FROM snapshots WHERE session_id = ? AND seq >= ?", (self.id, seq))
            c.execute("INSERT INTO events (session_id, seq, action, at) VALUES (?, ?, ?, ?)",
                      (self.id, seq, text, now))
            if snapshot:
                c.execute("INSERT INTO snapshots (session_id, seq, state) VALUES (?, ?, ?)", (self.id, seq, snapshot))
            if faces:
                c.execute("INSERT INTO settings (key, value) VALUES (?, ?) "
                          "ON CONFLICT(key) DO UPDATE SET value = excluded.value", (self._faces_key, faces))
            c.execute("UPDATE sessions SET head = ?, finished = ?, updated = ? WHERE id = ?",
                      (seq, finished, now, self.id))
            self._keep_result(c, seq, now, result, now)

        self.store.write(commit)
        self.head = self.length = seq
        self.state, self._latch = after, latch
        self.last_action = resolved
        self._states = {at: kept for at, kept in self._states.items() if at < seq}   # the redo tail is gone
        self._keep(seq, after)
        if self._rolls is not None:
            self._rolls = [r for r in self._rolls if r.seq < seq] + new
        if self._recent is not None:
            self._recent = [r for r in self._recent if r.seq < seq] + new
        self._counts = counts
        if faces:
            self._faces_kept = seq
        elif dropped:
            self._faces_kept = None
        return after, cues

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

    def _keep_result(self, c, seq: int, updated: float, result: dict | None, ended: float | None) -> None:
        """Inside the commit: a finished game's result beside it, with its length
        (a result left from before an undo is stale by head and updated: never deleted here)."""
        if result is not None:
            started = result_row.first_action_at(c, self.id)
            result_row.save(c, self.id, seq, updated, {
                **result, "started": started, "ended": ended,
                "seconds": ended - started if started is not None and ended is not None else None})

    def _keep(self, seq: int, state: dict) -> None:
        """Remember the state after `seq` (states are never changed in place: apply copies)."""
        self._states[seq] = state
        while len(self._states) > STATES_KEPT:
            del self._states[max(self._states, key=lambda at: abs(at - seq))]   # the farthest from here

    def _move_head(self, seq: int) -> dict:
        state = self._state_at(seq)     # a kept state when it is near
        counts = self._counts
        if counts is not None:          # the rolls taken back or made again, read before anything is committed
            low, high = sorted((seq, self.head))
            moved = self._rolls_in(enumerate(self._actions(low, high, skip_damaged=True), start=low + 1))
            counts = _moved(counts, moved, -1 if seq < self.head else 1)
        finished = int(bool(state.get("finished")))
        result = result_row.of(self.game, state, None, None) if finished else None
        latch = self._latched(self.state if seq > self.head else None, state)   # only a step forward reveals
        latch |= self._tail_latch(seq, state)                                     # the table was there too
        now = time.time()

        def commit(c):
            self._check_unchanged(c)
            self._write_latch(c, latch)
            c.execute("UPDATE sessions SET head = ?, finished = ?, updated = ? WHERE id = ?",
                      (seq, finished, now, self.id))
            if result is not None:
                row = c.execute("SELECT at FROM events WHERE session_id = ? AND seq = ?", (self.id, seq)).fetchone()
                self._keep_result(c, seq, now, result, row[0] if row else None)

        self.store.write(commit)
        going_back = seq < self.head
        self.head = seq
        self.state, self._latch = state, latch
        self.last_action = None         # an undo or a redo is no action committed (nothing it did is said)
        self._keep(seq, state)
        # back: drop what was undone; forward: read the log again when asked
        if self._rolls is not None:
            self._rolls = [r for r in self._rolls if r.seq <= seq] if going_back else None
        if self._recent is not None:
            self._recent = [r for r in self._recent if r.seq <= seq] if going_back else None
        self._counts = counts
        return state

    # -- what the table may see ---------------------------------------------
    def veiled(self) -> tuple[Secret, ...]:
        """The secrets the table saw hidden and whose reveal is not in the history as it
        now stands (the latch below): hidden in a state it was at before an UNDO brought it
        back (Sing Sing's guesser has looked; the undone entries are still in the Log)."""
        return tuple(s for i, s in enumerate(self.game.secrets) if i in self._latch)

    # The latch: a secret the table saw hidden stays hidden until a step forward (an action
    # or a redo) reveals it, also when the undone steps are gone (a new action after an UNDO)
    # and after a resume. Kept in the settings table, in the same commit as the step.
    @property
    def _latch_key(self) -> str:
        return f"veil.{self.id}"

    def _tail_latch(self, seq: int, state: dict) -> frozenset[int]:
        """The secrets hidden in a state of the redo tail after `seq` (`state`: the state at seq)."""
        tail = veiled(self.game, state, lambda: self._actions(seq, self.length))
        return frozenset(i for i, secret in enumerate(self.game.secrets) if secret in tail)

    def _latched(self, before: dict | None, after: dict) -> frozenset[int]:
        """The latch after a step from `before` (None: a step back) to `after`."""
        latch = set(self._latch)
        for i, secret in enumerate(self.game.secrets):
            if secret.until is None:
                continue     # never revealed: hidden in every state anyway
            if secret.kept(after):
                latch.add(i)
            elif before is not None and secret.kept(before):
                latch.discard(i)      # the rulebook's reveal, taken forward
        return frozenset(latch)

    def _write_latch(self, c, latch: frozenset[int], always: bool = False) -> None:
        if latch == self._latch and not always:
            return
        if latch:
            c.execute("INSERT INTO settings (key, value) VALUES (?, ?) "
                      "ON CONFLICT(key) DO UPDATE SET value = excluded.value", (self._latch_key, json.dumps(sorted(latch))))
        else:
            c.execute("DELETE FROM settings WHERE key = ?", (self._latch_key,))

    def _read_latch(self) -> frozenset[int]:
        value = self.store.get_setting(self._latch_key, [])
        if not isinstance(value, list):
            return frozenset()      # damaged: the redo tail still veils what it can
        return frozenset(i for i in value if isinstance(i, int) and 0 <= i < len(self.game.secrets))

    @property
    def view(self) -> dict:
        """The state as the table may see it (Game.public with the veiled secrets): what
        the screen, the pads' lights and every other shared view are drawn from."""
        return self.game.public(self.state, veiled=self.veiled())

    def hidden_args(self, action: dict) -> set[str]:
        """The arguments of a stored action (the undone ones too) the Log must not show now."""
        return self.game.hidden_args(self.state, action, veiled=self.veiled())

    # -- reading ---------------------------------------------------------
    def actions(self) -> list[dict]:
        """The actions that made the current state, oldest first."""
        return self._actions(0, self.head)

    def redo_tail(self) -> list[dict]:
        return self._actions(self.head, self.length)

    def stored(self, start: int = 1, stop: int | None = None) -> list[dict]:
        """The stored actions from seq `start` to `stop` (default: the end of the redo
        tail), oldest first: one page of a long log, without reading the rest."""
        stop = self.length if stop is None else min(stop, self.length)
        start = max(start, 1)
        return self._actions(start - 1, stop) if start <= stop else []

    def history(self, start: int = 1, stop: int | None = None):
        """(seq, action, the state before it) for each stored action from `start` to
        `stop` (default: the end of the redo tail), folded from the nearest snapshot,
        so a screen that already described the first actions need not replay them."""
        stop = self.length if stop is None else min(stop, self.length)
        if start > stop:
            return
        state = self._state_at(start - 1)
        for seq, action in enumerate(self._actions(start - 1, stop), start=start):
            yield seq, action, state
            state = self.game.apply(state, action)

    def replay(self) -> dict:
        """The state folded from the setup, ignoring snapshots (for checks)."""
        state = self.initial_state()
        for action in self._actions(0, self.head):
            state = self.game.apply(state, action)
        return state

    def rolls(self) -> list[Roll]:
        """Every die roll behind the current state: any action carrying a list of "dice"."""
        if self._rolls is None:     # a damaged old action (a snapshot replays past it) is no roll to show
            self._rolls = self._rolls_in(enumerate(self._actions(0, self.head, skip_damaged=True), start=1))
        return list(self._rolls)

    def recent_rolls(self, count: int) -> list[Roll]:
        """The last `count` rolls of rolls(), oldest first, without reading the whole log."""
        if count <= 0:
            return []
        if self._rolls is not None:
            return self._rolls[-count:]
        if self._recent is None or (len(self._recent) < count and not self._recent_whole):
            self._recent, self._recent_whole = self._read_recent(max(count, RECENT))
        return self._recent[-count:]

    def _read_recent(self, count: int) -> tuple[list[Roll], bool]:
        """The last `count` rolls up to the head, newest rows first, a page at a time;
        only rows that name "dice" are read. Returns (rolls, whether that is all of them)."""
        found: list[Roll] = []
        below = self.head + 1
        while True:
            rows = self.store.read(
                "SELECT seq, action FROM events WHERE session_id = ? AND seq < ? AND instr(action, '\"dice\"') > 0 "
                "ORDER BY seq DESC LIMIT ?", (self.id, below, count))
            for seq, text in rows:
                action = load_json(text)
                if isinstance(action, dict):
                    found += self._rolls_in([(seq, action)])
            if len(found) >= count:
                return sorted(found, key=lambda r: r.seq)[-count:], False
            if len(rows) < count:
                return sorted(found, key=lambda r: r.seq), True
            below = rows[-1][0]

    @staticmethod
    def _rolls_in(numbered) -> list[Roll]:
        return [Roll(seq, action.get("player", -1), tuple(action["dice"]), bool(action.get("manual")))
                for seq, action in numbered if isinstance(action.get("dice"), list)]

    def histogram(self) -> dict[int, int]:
        """How often each face 1-6 came up in rolls(): the counts kept in the file at an
        action near the head (act) and the rolls between counted by SQLite; not by reading
        every roll."""
        if self._counts is None:
            kept = self._kept_faces()
            if self._rolls is not None and kept is None:
                self._counts = histogram(face for roll in self.rolls() for face in roll.dice)
            else:
                at, counts = kept if kept is not None else (0, histogram(()))
                low, high = sorted((at, self.head))
                self._counts = _moved(counts, self._faces_between(low, high), 1 if at <= self.head else -1)
                self._faces_kept = at if kept is not None else None
        return dict(self._counts)

    @property
    def _faces_key(self) -> str:
        return f"faces.{self.id}"

    def _kept_faces(self) -> tuple[int, dict[int, int]] | None:
        """(the action, the counts after it) as kept in the file, when they hold for this
        log: its action is still there as it was then (the triggers drop them at any change)."""
        try:
            rows = self.store.read("SELECT value FROM settings WHERE key = ?", (self._faces_key,))
            kept = load_json(rows[0][0]) if rows else None
            if not isinstance(kept, dict):
                return None
            seq, faces = kept.get("seq"), kept.get("faces")
            if (type(seq) is not int or not 0 < seq <= self.length or not isinstance(faces, list)
                    or len(faces) != 6 or any(type(n) is not int or n < 0 for n in faces)):
                return None
            there = self.store.read("SELECT at FROM events WHERE session_id = ? AND seq = ?", (self.id, seq))
        except StoreError as exc:
            if exc.key != "store_unreadable":
                raise
            return None     # counted from the log, which says what is wrong with it
        if not there or there[0][0] != kept.get("at"):
            return None
        return seq, dict(zip(range(1, 7), faces))

    def _faces_between(self, low: int, high: int) -> list:
        """(face, times) for the rolls of the actions after `low` up to `high`."""
        if low >= high:
            return []
        if not _SQL_JSON:
            rolls = self._rolls_in(enumerate(self._actions(low, high, skip_damaged=True), start=low + 1))
            return [(face, 1) for roll in rolls for face in roll.dice]
        try:
            return self.store.read(_COUNT_FACES, (self.id, low, high))
        except StoreError as exc:
            if exc.key != "store_unreadable":
                raise
            return self.store.read(_COUNT_FACES_CHECKED, (self.id, low, high))   # a damaged action

    @property
    def finished(self) -> bool:
        return bool(self.state.get("finished"))


def _moved(counts: dict[int, int], faces, sign: int) -> dict[int, int]:
    """`counts` with `faces` (rolls, or (face, times) pairs) added (sign 1) or taken off (-1):
    the faces 1 to 6 alone (as Python counts: 3.0 and true are faces too)."""
    counts = dict(counts)
    for item in faces:
        for face, times in ([(face, 1) for face in item.dice] if isinstance(item, Roll) else [item]):
            try:
                if face in counts:
                    counts[face] += sign * times
            except TypeError:   # a list or an object in a damaged old roll: no face
                pass
    return counts


# Every face of every roll in a stretch of the log, counted: a "dice" that is not a list is no roll
# (as in rolls()): a list's items alone have whole numbers as keys in json_each (a number's
# key is null, an object's are words). One action that is no JSON at all makes json_each
# fail the whole count: then _COUNT_FACES_CHECKED, which checks every row first (some 3.2 ms
# for the 5,000 rolls of a 10,000-action game, where this takes 2.2 ms: what a start paid
# before the counts were kept; now it counts the rolls since them, a snapshot's stretch at most).
_COUNT_FACES = """
    SELECT face.value, COUNT(*) FROM events AS e, json_each(e.action, '$.dice') AS face
    WHERE e.session_id = ? AND e.seq > ? AND e.seq <= ? AND instr(e.action, '"dice"') > 0
      AND typeof(face.key) = 'integer'
    GROUP BY face.value"""
_COUNT_FACES_CHECKED = """
    SELECT face.value, COUNT(*) FROM events AS e, json_each(e.action, '$.dice') AS face
    WHERE e.session_id = ? AND e.seq > ? AND e.seq <= ? AND instr(e.action, '"dice"') > 0
      AND json_valid(e.action) AND json_type(e.action, '$.dice') = 'array'
    GROUP BY face.value"""


def _has_sql_json() -> bool:
    import sqlite3
    try:
        with sqlite3.connect(":memory:") as conn:
            return conn.execute("SELECT json_type('[1]')").fetchone()[0] == "array"
    except sqlite3.Error:
        return False


_SQL_JSON = _has_sql_json()   # SQLite's JSON functions (built in since 3.38; older builds may lack them)


def veiled(game: Game, state: dict, tail) -> tuple[Secret, ...]:
    """The secrets not hidden in `state` that are hidden in a state the redo tail leads
    to (`tail`: a callable giving its actions, read only when a secret could be veiled).
    A tail this version cannot replay veils them all: better hidden than shown."""
    open_ = [s for s in game.secrets if s.until is not None and not s.kept(state)]
    if not open_:
        return ()
    found: list[Secret] = []
    try:
        for action in tail():
            state = game.apply(state, action)
            found += [s for s in open_ if s not in found and s.kept(state)]
            if len(found) == len(open_):
                break
    except Exception:   # a damaged or foreign action in the tail
        log.warning("the redo tail cannot be replayed; its secrets stay hidden", exc_info=True)
        return tuple(open_)
    return tuple(s for s in open_ if s in found)


def _seed(setup: dict) -> str:
    return json.dumps(setup, sort_keys=True)


def _damaged(session_id: int, reason: str) -> StoreError:
    return StoreError("session_damaged", f"game {session_id} cannot be opened: {reason}",
                      session=session_id, reason=reason)
