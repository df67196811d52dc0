"""`companion script` under a hostile typist: over 10,000 generated lines, real process.

Each game gets its own `companion script` process and a seeded mix of lines:
legal actions with good and bad arguments (from the game's own descriptions,
for the state the last reply showed), the same with every kind of wrong value,
internal method names as action types, undo and redo, and broken lines (bad
UTF-8, half JSON, deep nesting, NaN, overlong). Checked for every line:

* exactly one reply, a JSON object, and never an internal error;
* a refused line changes nothing: the database's `PRAGMA data_version` (seen
  from a second connection) and the session's head are as before;
* an accepted line is committed: the file's head is the reply's head;
and at the end nothing on stderr looks like a traceback.
"""
from __future__ import annotations

import json
import os
import random
import select
import shutil
import sqlite3
import subprocess
import tempfile
from pathlib import Path

import pytest

import companion_forks
from companion import games
from companion_forks import forks  # noqa: F401 (the fixture)
from random_play import random_action, random_options

LINES_PER_GAME = 10_000 // len(games.GAMES) + 100   # over 10,000 lines in all, shared by the games
PLAYERS = ["Ann", "Bob", "Cy", "Dee", "Eve", "Fay"]

# Types that are not actions but could look like one to a careless dispatcher.
INTERNAL = ["turn_action", "_do_roll", "__init__", "__class__", "setup", "apply", "resolve", "check_invariants",
            "summary", "copy", "legal_actions", "_check_turn_action", "do_roll", "_legal_turn", "_resolve_attempt",
            "_apply_attempt", "roll ", "ROLL", "", "\u0000", "undo\u0000", "r\u00f6ll"]


def odd_value(rng: random.Random):
    """Any JSON value a hostile line might put where a good one belongs."""
    return rng.choice([
        None, True, False, 0, -1, 7, 99, 2 ** 63, -2 ** 63, 10 ** 40, 1.5, -0.0, 1e308, "", "x", "\u00e9",
        "\U0001F3B2", "\ud800", "a" * 300, [], [1], [1, 2, 3, 4, 5, 6, 7], [[6]], ["6"], [None], {}, {"a": 1},
        [7] * 50, [0], [-3], ["\ud800"], {"type": "roll"}, [[[[[[]]]]]],
    ])


def mutate(action: dict, rng: random.Random) -> dict:
    action = dict(action)
    for _ in range(rng.randint(1, 3)):
        what = rng.random()
        keys = [k for k in action if k != "type"]
        if what < 0.35 and keys:
            action[rng.choice(keys)] = odd_value(rng)
        elif what < 0.5 and keys:
            del action[rng.choice(keys)]
        elif what < 0.65:
            action[rng.choice(["player", "seat", "dice", "target", "item", "x", "face", "count", "type"])] = \
                odd_value(rng)
        elif what < 0.8:
            action["type"] = rng.choice(INTERNAL)
        else:
            action[rng.choice(["extra", "note", "\u00e9"])] = odd_value(rng)
    return action


def broken_line(rng: random.Random) -> bytes:
    """A line that is not a clean JSON object (never blank, never holding a newline)."""
    kind = rng.randrange(12)
    if kind == 0:
        return bytes(rng.choice(range(256)) for _ in range(rng.randint(1, 60))).replace(b"\n", b"?") or b"?"
    if kind == 1:
        return b'{"action": "roll", "dice": [' + rng.choice([b"\xff", b"\xc3", b"\xed\xa0\x80", b"\xf8\x88"]) + b"]}"
    if kind == 2:
        text = json.dumps({"action": "roll", "dice": [3]})
        return text[: rng.randint(1, len(text) - 1)].encode()
    if kind == 3:
        depth = rng.choice([40, 500, 20000])
        return b'{"action": "roll", "x": ' + b"[" * depth + b"]" * depth + b"}"
    if kind == 4:
        return rng.choice([b'{"action": "roll", "dice": [NaN]}', b'{"action": "roll", "dice": [Infinity]}',
                           b'{"action": "roll", "dice": [1e999]}', b'{"action": "roll", "dice": [-Infinity]}'])
    if kind == 5:
        return b'{"action": "roll", "pad": "' + b"y" * rng.choice([65530, 70000, 200000]) + b'"}'
    if kind == 6:
        return rng.choice([b"[1, 2]", b'"roll"', b"null", b"42", b"true", b"{}", b"{", b"}", b"\xef\xbb\xbf{}"])
    if kind == 7:
        return b'{"action": "roll", "dice": [' + b"9" * rng.choice([10, 5000]) + b"]}"
    if kind == 8:
        return b'{"action": "roll"}\r'
    if kind == 9:
        return b'{"action": "roll", "dice": [3], "action": "pass"}'   # a duplicate key: the last one counts
    if kind == 10:
        return json.dumps({"game": "dice", "players": ["A", "B"]}).encode()  # a second setup line
    return b"\x00\x01\x02"


class Harness:
    def __init__(self, data_dir: Path, game_id: str, rng: random.Random):
        self.proc = companion_forks.start(["script", "--data-dir", data_dir], text=False, stderr=subprocess.PIPE)
        self.game = games.get(game_id)
        self.rng = rng
        self.db: sqlite3.Connection | None = None
        self.data_dir = data_dir
        self.replies = {"ok": 0, "refused": 0}

    def send(self, line: bytes) -> dict:
        self.proc.stdin.write(line + b"\n")
        self.proc.stdin.flush()
        # every line gets its reply: one that never comes fails here instead of hanging the suite
        assert select.select([self.proc.stdout], [], [], 60)[0], f"no reply in 60 s to {line[:200]!r}"
        out = self.proc.stdout.readline()
        assert out, "no reply: the process ended"
        reply = json.loads(out.decode("utf-8"))
        assert isinstance(reply, dict) and isinstance(reply.get("ok"), bool), reply
        return reply

    def file_version(self):
        if self.db is None:
            return None
        return (self.db.execute("PRAGMA data_version").fetchone()[0],
                self.db.execute("SELECT head FROM sessions").fetchall())

    def start(self) -> dict:
        count = self.rng.randint(self.game.min_players, min(self.game.max_players, len(PLAYERS)))
        setup = {"game": self.game.id, "players": PLAYERS[:count], "options": random_options(self.game, self.rng)}
        reply = self.send(json.dumps(setup).encode())
        assert reply["ok"], reply
        self.db = sqlite3.connect(f"{(self.data_dir / 'cellmate.db').resolve().as_uri()}?mode=ro", uri=True)
        return reply

    def line(self, state: dict) -> bytes:
        pick = self.rng.random()
        specs = self.game.legal_actions(state)
        if pick < 0.35 and specs:
            action = random_action(self.rng.choice(specs), self.rng)
        elif pick < 0.7 and specs:
            action = mutate(random_action(self.rng.choice(specs), self.rng), self.rng)
        elif pick < 0.8:
            action = {"type": self.rng.choice(["undo", "redo"])}
        else:
            return broken_line(self.rng)
        action = {"action" if self.rng.random() < 0.5 else "type": action.pop("type", None), **action}
        return json.dumps(action).encode()

    def run(self, lines: int) -> None:
        last = self.start()
        head = last["head"]
        for _ in range(lines):
            line = self.line(last["state"])
            before = self.file_version()
            reply = self.send(line)
            after = self.file_version()
            if reply["ok"]:
                self.replies["ok"] += 1
                last, head = reply, reply["head"]
                assert after[1] == [(head,)], (line[:200], reply["head"], after)   # committed as acknowledged
            else:
                self.replies["refused"] += 1
                assert "internal error" not in reply["error"], (line[:300], reply["error"])
                assert after == before, (line[:300], reply["error"])           # nothing written
                assert after[1] == [(head,)]
        self.proc.stdin.close()
        stderr = self.proc.stderr.read().decode("utf-8", "replace")
        self.proc.wait(timeout=60)
        assert "Traceback" not in stderr and "Error:" not in stderr.replace("error:", ""), stderr[-2000:]
        assert self.proc.returncode == 1                 # some lines were refused, none failed to save
        self.db.close()


@pytest.fixture
def data_dir(tmp_path):
    """Where the script saves: a folder in memory (/dev/shm, a tmpfs) where the machine has one.
    What is checked is each reply and what each line leaves in the file, not the disk: each
    commit's fsync to a disk took over half the script's CPU."""
    shm = Path("/dev/shm")
    if not (shm.is_dir() and os.access(shm, os.W_OK)):
        yield tmp_path
        return
    folder = Path(tempfile.mkdtemp(prefix="cellmate-fuzz-", dir=shm))
    try:
        yield folder
    finally:
        shutil.rmtree(folder, ignore_errors=True)


@pytest.mark.usefixtures("forks")      # each game's script its own process, forked (companion_forks)
@pytest.mark.parametrize("game_id", list(games.GAMES))
def test_thousands_of_hostile_lines_get_one_clear_reply_each_and_refused_ones_change_nothing(data_dir, game_id):
    rng = random.Random(f"fuzz-{game_id}-2026")
    harness = Harness(data_dir, game_id, rng)
    try:
        harness.run(LINES_PER_GAME)
    finally:
        if harness.proc.poll() is None:
            harness.proc.kill()
    # the mix really exercised both sides
    assert harness.replies["ok"] > 100 and harness.replies["refused"] > 500, harness.replies

