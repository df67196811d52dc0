"""`companion script`: a table played from JSON lines, as a person would script it."""
import json
import subprocess
import sys
from pathlib import Path

import pytest

import companion_forks
from companion_forks import forks  # noqa: F401 (the fixture)

REPO = Path(__file__).parent.parent
COMPANION = Path(sys.executable).parent / "companion"


pytestmark = pytest.mark.usefixtures("forks")     # each command its own process, forked (companion_forks)


def script(lines, *args, data_dir=None):
    argv = ["script", *args]
    if data_dir:
        argv += ["--data-dir", str(data_dir)]
    proc = companion_forks.run(argv, input="".join(l + "\n" for l in lines), text=True, timeout=60, cwd=REPO)
    return proc.returncode, [json.loads(l) for l in proc.stdout.splitlines()]


def test_version():
    out = subprocess.run([str(COMPANION), "--version"], capture_output=True, text=True, check=True).stdout
    assert out.strip().startswith("cellmate 0.")


def test_one_reply_per_line_and_bad_lines_change_nothing(tmp_path):
    code, replies = script([
        '{"game": "dice", "players": ["Ann", "Bob"], "options": {"dice": 2}}',
        '{"action": "roll", "dice": [3, 4]}',
        'not json',
        '[1, 2]',
        '{"action": "roll", "dice": [3]}',
        '{"action": "teleport"}',
        '{"action": "pass"}',
        '{"action": "undo"}',
        '{"action": "redo"}',
    ], data_dir=tmp_path)
    assert len(replies) == 9
    assert [r["ok"] for r in replies] == [True, True, False, False, False, False, True, True, True]
    assert "JSON" in replies[2]["error"] and "enter 2 die faces" in replies[4]["error"]
    assert "teleport" in replies[5]["error"]
    assert replies[1]["state"]["last_roll"]["dice"] == [3, 4]
    assert "state" not in replies[5]
    # the refused lines left the table as the roll left it
    assert replies[6]["state"]["current"] != replies[1]["state"]["current"]
    assert replies[7]["state"] == replies[1]["state"] and replies[7]["can_redo"]
    assert replies[8]["state"] == replies[6]["state"]
    assert code == 1  # some lines were refused


def test_bad_setup_is_explained(tmp_path):
    code, replies = script(['{"action": "roll"}', '{"game": "dice", "players": ["Solo"]}',
                            '{"game": "dice", "players": ["A", "B"], "colour": 1}'], data_dir=tmp_path)
    assert [r["ok"] for r in replies] == [False, False, False]
    assert "first line sets up" in replies[0]["error"]
    assert "2 to 8" in replies[1]["error"] and "colour" in replies[2]["error"]


def test_continue_goes_on_with_the_saved_table(tmp_path):
    _, first = script(['{"game": "dice", "players": ["Ann", "Bob"]}', '{"action": "roll", "dice": [6]}'],
                      data_dir=tmp_path)
    code, replies = script(['{"action": "roll", "dice": [2]}'], "--continue", data_dir=tmp_path)
    assert code == 0
    assert replies[0]["state"] == first[-1]["state"]  # the resumed table, before any new line
    assert replies[1]["head"] == 2 and replies[1]["state"]["last_roll"]["dice"] == [2]
    sid = replies[0]["session"]
    code, replies = script(['{"action": "undo"}'], "--continue", str(sid), data_dir=tmp_path)
    assert replies[-1]["state"]["last_roll"]["dice"] == [6]


def test_continue_with_nothing_to_continue(tmp_path):
    code, replies = script([], "--continue", data_dir=tmp_path)
    assert code == 1 and not replies[0]["ok"]


def test_the_data_dir_can_come_from_the_environment(tmp_path):
    env = {"CELLMATE_DATA_DIR": str(tmp_path / "from-env"), "PATH": "/usr/bin:/bin"}
    proc = subprocess.run([str(COMPANION), "script"], input='{"game": "dice", "players": ["A", "B"]}\n',
                          capture_output=True, text=True, env=env, timeout=60)
    assert json.loads(proc.stdout)["ok"]
    assert (tmp_path / "from-env" / "cellmate.db").exists()


# -- faults and bad input (issue 11, items 1, 2, 5, 8) -------------------------------------------------
import io  # noqa: E402
import os  # noqa: E402
import resource  # noqa: E402
import shlex  # noqa: E402
import sqlite3  # noqa: E402
import threading  # noqa: E402
import time  # noqa: E402
from types import SimpleNamespace  # noqa: E402

import ui.cli  # noqa: E402
from fs_fixtures import run_mounted, small_disk, sqlite_file  # noqa: E402

SETUP = '{"game": "dice", "players": ["Ann", "Bob"]}'


def raw_script(data: bytes, *args, data_dir=None, env=None, preexec_fn=None):
    """`companion script` fed raw bytes; (exit code, replies, stderr)."""
    argv = ["script", *args] + (["--data-dir", str(data_dir)] if data_dir else [])
    proc = companion_forks.run(argv, input=data, timeout=120, cwd=REPO, env={**os.environ, **(env or {})},
                               preexec_fn=preexec_fn)
    stderr = proc.stderr.decode("utf-8", "replace")
    assert "Traceback" not in stderr, stderr
    return proc.returncode, [json.loads(line) for line in proc.stdout.decode("utf-8").splitlines()], stderr


@pytest.mark.parametrize("line, says", [
    (b'{"game": "dice", "players": ["\\ud800", "Bob"]}', "broken character"),
    ('{"game": "dice", "players": ["Ann\\u0007", "Bob"]}'.encode(), "cannot be shown"),
    (b'{"game": "dice", "players": ["Ann", "Bob"], "options": [1]}', "options must be an object"),
    (b'{"game": "dice", "players": ["Ann", "Bob"], "options": "fast"}', "options must be an object"),
    (b'{"game": "dice", "players": [{"name": "Ann", "colour": ["blue"]}, "Bob"]}', "unknown colour"),
    (b'{"game": ["dice"], "players": ["Ann", "Bob"]}', "no game called"),
    (b'{"game": "dice", "players": ["Ann", "Bob"], "x": ' + b"[" * 5000 + b"]" * 5000 + b"}", "nested too deeply"),
    (b"[" * 30000, "nested too deeply"),
    (b'{"game": "dice", "players": ["Ann", "Bob"], "n": NaN}', "not a number JSON allows"),
    (b'{"game": "dice", "players": ["Ann", "Bob"], "n": 1e999}', "too large"),
    (b'{"game": "dice", "n": ' + b"9" * 5000 + b"}", "not a JSON object"),
    (b"\xff\xfe{}", "not UTF-8 text (byte 0xff at position 0)"),
    (b'{"game": "dice", "players": ["Ann", "B\xe9"]}', "not UTF-8 text (byte 0xe9 at position 38)"),
    (b'{"pad": "' + b"x" * 70000 + b'"}', "too long (70,011 bytes; at most 65,536)"),
])
def test_every_bad_setup_line_gets_a_clear_refusal_and_the_next_line_still_works(tmp_path, line, says):
    code, replies, _ = raw_script(line + b"\n" + SETUP.encode() + b"\n", data_dir=tmp_path,
                                  env={"LC_ALL": "C.UTF-8", "LANG": "C.UTF-8"})
    assert len(replies) == 2 and not replies[0]["ok"] and says in replies[0]["error"], replies[0]
    assert replies[1]["ok"] and replies[1]["head"] == 0
    assert code == 1


@pytest.mark.parametrize("game, players, action, says", [
    ("snitch", ["A", "B", "C", "D"], {"action": "turn_action"}, "has no action 'turn_action'"),
    ("snitch", ["A", "B", "C", "D"], {"action": "not_now"}, "has no action"),
    ("dice", ["A", "B"], {"action": ["roll"]}, "names an action"),
    ("dice", ["A", "B"], {"action": "roll", "dice": "six"}, ""),
    ("dice", ["A", "B"], {"action": "roll", "dice": [[6]]}, ""),
    ("dice", ["A", "B"], {"action": "roll", "player": "Ann"}, ""),
])
def test_a_bad_action_line_is_refused_and_leaves_the_table_as_it_was(tmp_path, game, players, action, says):
    setup = json.dumps({"game": game, "players": players}).encode()
    code, replies, _ = raw_script(setup + b"\n" + json.dumps(action).encode() + b"\n", data_dir=tmp_path)
    assert [r["ok"] for r in replies] == [True, False] and says in replies[1]["error"]
    assert "internal error" not in replies[1]["error"]
    assert code == 1


def test_a_line_of_control_characters_is_refused_not_taken_for_blank(tmp_path):
    # Python counts \x1c-\x1f as white space; JSON does not, and a line with no reply hangs the caller
    setup = json.dumps({"game": "dice", "players": ["A", "B"]}).encode()
    code, replies, _ = raw_script(setup + b"\n\x1e\n \t\r\n\x1c\x1d\xc2\x85\n", data_dir=tmp_path)
    assert [r["ok"] for r in replies] == [True, False, False] and code == 1
    assert all(r["error"].startswith("not a JSON object") for r in replies[1:])


def test_output_is_utf8_json_whatever_the_locale(tmp_path):
    line = '{"game": "dice", "players": ["Zo\u00eb \u20ac", "\u5f20\u4f1f"]}\n'.encode()
    for env in ({"LC_ALL": "C", "LANG": "C"}, {"PYTHONIOENCODING": "ascii"}, {"PYTHONIOENCODING": "latin-1"}):
        code, replies, _ = raw_script(line, "--memory", env=env)
        assert code == 0 and [p["name"] for p in replies[0]["state"]["players"]] == ["Zo\u00eb \u20ac", "\u5f20\u4f1f"]


def test_a_file_size_limit_stops_acknowledging_and_every_acknowledged_roll_is_there_after_a_restart(tmp_path):
    def limit():
        resource.setrlimit(resource.RLIMIT_FSIZE, (150_000, resource.RLIM_INFINITY))

    rolls = [json.dumps({"action": "roll", "dice": [1 + i % 6]}) for i in range(400)]
    code, replies, stderr = raw_script(("\n".join([SETUP] + rolls) + "\n").encode(), data_dir=tmp_path,
                                       preexec_fn=limit)
    acked = [r for r in replies[1:] if r["ok"]]
    refused = [r for r in replies[1:] if not r["ok"]]
    assert acked and refused and len(replies) == 401
    assert replies.index(refused[0]) == len(acked) + 1    # once it failed, nothing more was acknowledged
    assert all(r["error"].startswith("not saved: the disk refused a write") for r in refused)
    assert code == 2 and "every later action is refused too" in stderr
    code, replies, _ = raw_script(b"", "--continue", data_dir=tmp_path)
    assert code == 0 and replies[0]["head"] == len(acked) == acked[-1]["head"]
    assert replies[0]["state"]["last_roll"] == acked[-1]["state"]["last_roll"]


def test_a_full_disk_stops_acknowledging_and_every_acknowledged_roll_is_there_after_a_restart(tmp_path):
    data, out = tmp_path / "data", tmp_path / "out"
    data.mkdir()
    out.mkdir()
    rolls = "\n".join([SETUP] + [json.dumps({"action": "roll", "dice": [1 + i % 6]}) for i in range(3000)]) + "\n"
    (out / "in").write_text(rolls)
    companion = f"{shlex.quote(str(COMPANION))} script --data-dir {shlex.quote(str(data))}"
    done = run_mounted([small_disk(data, 160)],
                       f"{companion} < {out}/in > {out}/first 2> {out}/first.err; echo $? > {out}/code\n"
                       f"{companion} --continue < /dev/null > {out}/again 2>&1")
    assert done.returncode == 0, done.stderr
    first = [json.loads(line) for line in (out / "first").read_text().splitlines()]
    acked = [r for r in first[1:] if r["ok"]]
    refused = [r for r in first[1:] if not r["ok"]]
    assert acked and refused and first.index(refused[0]) == len(acked) + 1
    assert "the disk is full" in refused[0]["error"] and "Traceback" not in (out / "first.err").read_text()
    assert (out / "code").read_text().strip() == "2"
    again = json.loads((out / "again").read_text().splitlines()[0])
    assert again["head"] == len(acked) and again["state"]["last_roll"] == acked[-1]["state"]["last_roll"]


def _hold_write_lock(path, seconds):
    """Another program holding a write transaction for `seconds`."""
    ready = threading.Event()

    def hold():
        conn = sqlite3.connect(path, isolation_level=None)
        conn.execute("BEGIN IMMEDIATE")
        conn.execute("INSERT OR REPLACE INTO settings VALUES ('x', '1')")
        ready.set()
        time.sleep(seconds)
        conn.execute("ROLLBACK")
        conn.close()

    thread = threading.Thread(target=hold)
    thread.start()
    ready.wait(5)
    return thread


def test_a_script_waits_for_another_programs_write_lock_and_then_saves(tmp_path):
    raw_script(SETUP.encode() + b"\n", data_dir=tmp_path)
    holder = _hold_write_lock(tmp_path / "cellmate.db", 2.0)
    code, replies, stderr = raw_script(b'{"action": "roll", "dice": [4]}\n', "--continue", data_dir=tmp_path)
    holder.join()
    assert code == 0 and replies[-1]["ok"] and replies[-1]["head"] == 1
    assert "waiting: " in stderr and "is locked by another program" in stderr


def test_a_lock_that_stays_is_refused_in_words_after_the_wait(tmp_path, monkeypatch):
    raw_script(SETUP.encode() + b"\n", data_dir=tmp_path)
    monkeypatch.setattr(ui.cli, "SCRIPT_BUSY_WAIT", 0.3)
    holder = _hold_write_lock(tmp_path / "cellmate.db", 3.0)
    out, err = io.BytesIO(), io.StringIO()
    args = SimpleNamespace(memory=False, data_dir=tmp_path, resume="last")
    code = ui.cli.run_script(args, io.BytesIO(b'{"action": "roll", "dice": [4]}\n{"action": "pass"}\n'), out, err)
    holder.join()
    replies = [json.loads(line) for line in out.getvalue().decode().splitlines()]
    assert [r["ok"] for r in replies] == [True, False, False] and code == 2
    assert all("locked by another program" in r["error"] for r in replies[1:])
    code, replies, _ = raw_script(b"", "--continue", data_dir=tmp_path)
    assert replies[0]["head"] == 0                          # nothing was acknowledged, nothing saved


def test_a_newer_database_is_refused_at_once_and_left_as_it_is(tmp_path):
    before = sqlite_file(tmp_path / "cellmate.db", "CREATE TABLE sessions (id INTEGER PRIMARY KEY, v2 TEXT)",
                         version=2)
    code, replies, stderr = raw_script(SETUP.encode() + b"\n", data_dir=tmp_path)
    assert code == 2 and replies == [{"ok": False, "error": replies[0]["error"]}]
    assert "newer Cellmate" in stderr and "nothing can be saved" in stderr
    assert f"File: {tmp_path / 'cellmate.db'}" in stderr    # the path the screen leaves to About
    assert (tmp_path / "cellmate.db").read_bytes() == before
