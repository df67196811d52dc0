"""`companion script`: a table played from JSON lines, as a person would script it."""
import json
import subprocess
import sys
from pathlib import Path

REPO = Path(__file__).parent.parent
COMPANION = Path(sys.executable).parent / "companion"


def script(lines, *args, data_dir=None):
    argv = [str(COMPANION), "script", *args]
    if data_dir:
        argv += ["--data-dir", str(data_dir)]
    proc = subprocess.run(argv, input="".join(l + "\n" for l in lines), capture_output=True, text=True,
                          timeout=60, cwd=REPO)
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
