"""Pull the plug on the real app: kill -9 `companion run --simulate` at random moments.

The app runs offscreen on a data dir with a game in progress. Each round kills
it at a random moment of one of three kinds:

* startup: while Python loads Kivy, opens the database, builds the screens;
* idle: after the first frame is on screen, while it sits at the table;
* writing: while a second process (`companion script`) commits rolls into
  the same database file, in a game of its own (the app holds the game it has
  open: one writer per game); both are killed, in a random order.

After every kill the database must open clean (not moved aside, not in
memory, integrity_check ok) and hold every roll that was acknowledged, in
order, plus at most the one that was in flight. The `companion script`
test (tests/test_powercut.py) covers kills in the middle of the app's own
write path; this one covers the real app process.
"""
import json
import os
import random
import signal
import sqlite3
import subprocess
import sys
import threading
import time
from pathlib import Path

import pytest

import companion_forks
from companion.store import DB_NAME, Store
from companion_forks import forks  # noqa: F401 (the fixture)

COMPANION = Path(sys.executable).parent / "companion"
FIRST_FRAME = "CELLMATE-FIRST-FRAME"
ROUNDS = 15
BUDGET_SECONDS = 45


class App:
    """`companion run --simulate` offscreen, saying on stdout when its first frame is drawn."""

    def __init__(self, data_dir: Path, kivy_home: Path):
        env = {**os.environ, "SDL_VIDEODRIVER": "offscreen", "SDL_AUDIODRIVER": "dummy", "KIVY_NO_ARGS": "1",
               "KIVY_HOME": str(kivy_home), "KIVY_NO_CONSOLELOG": "1", "KIVY_NO_FILELOG": "1",
               "CELLMATE_BENCH_MARK": "1", "CELLMATE_CONFIG": str(data_dir / "none.toml")}
        env.pop("CELLMATE_BENCH_EXIT", None)
        self.proc = subprocess.Popen([str(COMPANION), "run", "--simulate", "--data-dir", str(data_dir)],
                                     stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, text=True, env=env)
        self.drawn = threading.Event()
        threading.Thread(target=self._watch, daemon=True).start()

    def _watch(self):
        for line in self.proc.stdout:
            if FIRST_FRAME in line:
                self.drawn.set()

    def kill(self):
        os.kill(self.proc.pid, signal.SIGKILL)
        self.proc.wait(timeout=10)
        assert self.proc.returncode == -signal.SIGKILL, "the app ended by itself before the kill"


class Writer:
    """`companion script` streaming rolls into a new game of its own; remembers each one it saw acknowledged.
    Its own process, forked from one Python that has imported Cellmate (companion_forks): the app
    is the one whose start is part of what is killed."""

    def __init__(self, data_dir: Path, rng: random.Random):
        self.proc = companion_forks.start(["script", "--data-dir", data_dir])
        self.rng = random.Random(rng.random())
        self.acked: list[int] = []
        self.session: int | None = None
        self.ready = threading.Event()
        self.thread = threading.Thread(target=self._play, daemon=True)
        self.thread.start()

    def _play(self):
        try:
            self.proc.stdin.write('{"game": "dice", "players": ["Dee", "Eve"]}\n')
            self.proc.stdin.flush()
            first = self.proc.stdout.readline()
            assert first and json.loads(first)["ok"]
            self.session = json.loads(first)["session"]
            self.ready.set()
            while True:
                face = self.rng.randint(1, 6)
                self.proc.stdin.write(json.dumps({"action": "roll", "dice": [face]}) + "\n")
                self.proc.stdin.flush()
                line = self.proc.stdout.readline()
                if not line:
                    return
                reply = json.loads(line)
                assert reply["ok"], reply
                self.acked.append(reply["state"]["last_roll"]["dice"][0])
        except (BrokenPipeError, OSError, ValueError):
            return
        finally:
            self.ready.set()

    def kill(self):
        os.kill(self.proc.pid, signal.SIGKILL)
        self.proc.wait(timeout=10)
        self.thread.join(timeout=10)


def saved_faces(data_dir: Path) -> dict[int, list[int]]:
    """Open the database as the app does and read back every game's rolls, in order."""
    assert not list(data_dir.glob(DB_NAME + ".corrupt-*")), "the database was moved aside as damaged"
    store = Store.open(data_dir)
    games = {}
    try:
        assert store.notice is None and not store.in_memory, (store.notice, store.notice_params)
        assert store.conn.execute("PRAGMA integrity_check").fetchone()[0] == "ok"
        for session, head in store.conn.execute("SELECT id, head FROM sessions").fetchall():
            rows = store.conn.execute("SELECT seq, action FROM events WHERE session_id = ? ORDER BY seq",
                                      (session,)).fetchall()
            assert [seq for seq, _ in rows] == list(range(1, len(rows) + 1))
            assert head == len(rows)
            games[session] = [json.loads(action)["dice"][0] for _, action in rows]
    finally:
        store.close()
    return games


@pytest.mark.usefixtures("forks")     # the writers (companion_forks)
def test_killing_the_running_app_loses_no_acknowledged_roll(tmp_path):
    data_dir, kivy_home = tmp_path / "data", tmp_path / "kivy"
    kivy_home.mkdir()
    setup = companion_forks.run(["script", "--data-dir", data_dir],
                                input='{"game": "dice", "players": ["Ann", "Bob", "Cy"]}\n'
                                      + "".join(json.dumps({"action": "roll", "dice": [f]}) + "\n" for f in (6, 1, 4)),
                                text=True, timeout=60)
    assert setup.returncode == 0, setup.stderr
    saved = saved_faces(data_dir)
    assert list(saved.values()) == [[6, 1, 4]]

    rng = random.Random(8008)
    kinds = {"startup": 0, "idle": 0, "writing": 0}
    written = 0
    started = time.monotonic()
    for round_ in range(ROUNDS):
        kind = ("startup", "idle", "writing")[round_ % 3] if round_ < 6 else rng.choice(list(kinds))
        app = App(data_dir, kivy_home)
        writer = None
        if kind == "startup":
            time.sleep(rng.uniform(0.02, 0.4))   # a start to the first frame takes ~0.5 s here
            if app.drawn.is_set():
                kind = "idle"          # it was quicker than the draw: count it as what it was
        else:
            assert app.drawn.wait(30), "the app drew no frame"
            if kind == "writing":
                writer = Writer(data_dir, rng)
                assert writer.ready.wait(30)
            time.sleep(rng.uniform(0.0, 0.6))
        victims = [app] + ([writer] if writer else [])
        rng.shuffle(victims)
        for victim in victims:
            victim.kill()
            time.sleep(rng.uniform(0.0, 0.02))
        kinds[kind] += 1

        now = saved_faces(data_dir)
        for session, faces in saved.items():            # the app's games: as they were (it rolls nothing)
            assert now[session] == faces, (kind, round_)
        if writer is not None and writer.session is not None:
            # every acknowledged roll, in order; at most one more: the roll in flight at the kill
            wrote = now[writer.session]
            assert wrote[:len(writer.acked)] == writer.acked, (kind, round_)
            assert len(writer.acked) <= len(wrote) <= len(writer.acked) + 1, (kind, round_)
            written += len(wrote)
        saved = now
        if time.monotonic() - started > BUDGET_SECONDS and min(kinds.values()) >= 2:
            break

    assert min(kinds.values()) >= 2, kinds              # every kind of moment was hit
    assert written > 30, written                        # and the writing rounds really wrote


def test_the_database_is_opened_to_survive_a_power_cut(tmp_path):
    """WAL, fsync on every commit (synchronous=FULL), no memory-only journal: what makes a commit stick."""
    store = Store.open(tmp_path)
    try:
        conn = store.conn
        assert conn.execute("PRAGMA journal_mode").fetchone()[0] == "wal"
        assert conn.execute("PRAGMA synchronous").fetchone()[0] == 2          # FULL
        assert conn.isolation_level is None                                   # each write is its own transaction
    finally:
        store.close()
    # a second connection (the next start) sees the same settings on the file
    conn = sqlite3.connect(tmp_path / DB_NAME)
    try:
        assert conn.execute("PRAGMA journal_mode").fetchone()[0] == "wal"     # WAL is stored in the file
    finally:
        conn.close()
