"""A full disk at start (issue 31, section 4): every entry point starts, says the disk is
full and plays on where it can, never a bus error.

The cause: SQLite maps its WAL index (cellmate.db-shm) into memory and makes it 32 KiB by
writing one byte at the end of each 4 KiB page. On ext4 with 1 KiB blocks the rest of each
page is a hole, and on a full disk the first write through the map into a hole finds no
block: SIGBUS (exit 135, no word said). companion/store_shm.py (hold_shm) writes the -shm out
whole before SQLite maps it, and finds a full disk at start instead.
"""
import json
import shlex

import pytest

from companion.i18n import Catalogue
from fs_fixtures import (COMPANION, can_loop_mount, ext4_disk, fill_disk, forked, forked_step, python_line, run_mounted,
                         small_disk, unfill)

@pytest.fixture
def loop_mounts():
    """A full disk is a real one here: a check that cannot make it proves nothing."""
    assert can_loop_mount(), "these tests need root and a loop device (an ext4 image); CI runs as root"


loop_device = pytest.mark.usefixtures("loop_mounts")

APP = """
import json, sys
from companion.store import Store
from companion.session import Session
store = Store.open(sys.argv[1])                      # as ui/start.py run_app opens it
out = {"notice": store.notice, "reason": store.notice_params.get("reason"), "memory": store.in_memory,
       "sessions": [s["head"] for s in store.list_sessions()]}
session = Session.load(store, store.last_unfinished())
session.act({"type": "roll", "dice": [5]})          # play goes on (in memory when the disk is full)
out["head"] = session.head
print(json.dumps(out))
"""


@loop_device
def test_on_1k_blocks_the_wal_index_has_all_its_blocks_before_sqlite_writes_through_its_map(tmp_path):
    """The cause itself, on a disk with room: right after the start (only a read), SQLite's own
    -shm has blocks for the pages it wrote a byte into and holes for the rest."""
    disk = tmp_path / "disk"
    disk.mkdir()
    data = disk / "data"
    made = "import sys\nfrom companion.store import Store\nfrom companion.session import Session\n" \
           "Session.create(Store.open(sys.argv[1]), 'dice', ['Ann', 'Bob']).act({'type': 'roll'})\n"
    opened = "import os, sys\nfrom companion.store import Store\nstore = Store.open(sys.argv[1])\n" \
             "assert store.notice is None and len(store.list_sessions()) == 1\n" \
             "st = os.stat(sys.argv[1] + '/cellmate.db-shm')\nprint(st.st_size, st.st_blocks * 512)\n"
    done = run_mounted([ext4_disk(tmp_path / "disk.img", disk)],
                       f"{python_line(made)} {data}\n{python_line(opened)} {data}")
    assert done.returncode == 0, done.stderr
    size, allocated = map(int, done.stdout.split())
    assert size >= 32768 and allocated >= size, (size, allocated)   # no hole for a write through the map


@loop_device
def test_a_full_disk_with_1k_blocks_is_said_at_every_entry_point_never_a_bus_error(tmp_path):
    """The disk filled to its last block, then a few KiB given back, as a fill leaves it: 3 in
    10 fills killed `companion script --continue`, `companion export` and the app's start."""
    disk, out = tmp_path / "disk", tmp_path / "out"
    disk.mkdir()
    out.mkdir()
    data = disk / "data"
    companion = shlex.quote(str(COMPANION))
    setup = json.dumps({"game": "dice", "players": ["Ann", "Bob"]})
    levels = range(0, 61, 4)
    steps = []          # each level's three programs forked from one Python (fs_fixtures.FORKED)
    for kib in levels:
        o = out / str(kib)
        steps += [unfill(disk), fill_disk(disk, kib), f"mkdir {o}",
                  forked_step(["script", "--data-dir", data, "--continue"], o, "script", stdin='{"action": "roll"}\n'),
                  forked_step(["export", "--data-dir", data, "--out", o], o, "export"),
                  forked_step([data], o, "app", code=APP)]
    done = run_mounted([ext4_disk(tmp_path / "disk.img", disk)],
                       f"echo {shlex.quote(setup)} | {companion} script --data-dir {data} > /dev/null\n"
                       + forked(steps), timeout=300)
    assert done.returncode == 0, done.stderr
    codes = {kib: {name: int((out / str(kib) / f"{name}.code").read_text()) for name in ("script", "export", "app")}
             for kib in levels}
    killed = {kib: [name for name, code in c.items() if code > 128] for kib, c in codes.items()}
    assert not any(killed.values()), killed        # 135: SIGBUS
    said_at_start = 0
    for kib in levels:
        o = out / str(kib)
        errs = {name: (o / f"{name}.err").read_text() for name in ("script", "export", "app")}
        assert codes[kib]["script"] in (0, 2) and codes[kib]["export"] == codes[kib]["app"] == 0, (kib, errs)
        assert not any("Traceback" in e for e in errs.values()), (kib, errs)
        replies = [json.loads(line) for line in (o / "script").read_text().splitlines()]
        assert replies[0]["ok"] and replies[0]["session"] == 1           # --continue shows the game
        if codes[kib]["script"] == 2:                                         # the roll was refused: says why
            assert not replies[1]["ok"] and "the disk is full" in replies[1]["error"]
            assert "the disk is full" in errs["script"]
        assert (o / "export").read_text().strip().endswith(".json")      # exported (to another disk)
        app = json.loads((o / "app").read_text())
        assert len(app["sessions"]) == 1 and app["head"] == app["sessions"][0] + 1   # shown, and played on
        if app["notice"] is not None:
            said_at_start += 1
            assert app["notice"] == "store.full" and app["memory"] and app["reason"] == "the disk is full"
            for lang, words in (("en", "The disk is full: "), ("de", "Der Speicher ist voll: ")):
                assert Catalogue(lang)(app["notice"], reason=app["reason"]).startswith(words)
    assert said_at_start       # the fullest fills are found at start, not at the first write


def test_a_full_disk_at_start_is_said_as_such_not_as_a_disk_error(tmp_path):
    """Any file system (here a tmpfs, no root needed): the -shm finds no room at start."""
    data, out = tmp_path / "data", tmp_path / "out"
    data.mkdir()
    out.mkdir()
    companion = shlex.quote(str(COMPANION))
    setup = json.dumps({"game": "dice", "players": ["Ann", "Bob"]})
    fill = shlex.quote(str(data / "filler"))
    done = run_mounted([small_disk(data, 256)],
                       f"echo {shlex.quote(setup)} | {companion} script --data-dir {data} > /dev/null\n"
                       f"cat /dev/zero > {fill} 2>/dev/null\n"
                       f"echo '{{\"action\": \"roll\"}}' | {companion} script --data-dir {data} --continue "
                       f"> {out}/script 2> {out}/script.err; echo $? > {out}/script.code\n"
                       f"{python_line(APP)} {data} > {out}/app 2> {out}/app.err\n"
                       f"{companion} doctor --no-beep --no-voice --data-dir {data} < /dev/null > {out}/doctor; true",
                       env={"CELLMATE_CONFIG": str(tmp_path / "none.toml"), "GPIOZERO_PIN_FACTORY": "mock"})
    assert done.returncode == 0, done.stderr
    err = (out / "script.err").read_text()
    assert (out / "script.code").read_text().strip() == "2"
    assert err.startswith("companion: The disk is full: the saved games can be read but not written.")
    replies = [json.loads(line) for line in (out / "script").read_text().splitlines()]
    assert replies[0]["ok"] and not replies[1]["ok"] and "(the disk is full)" in replies[1]["error"]
    app = json.loads((out / "app").read_text())
    assert app["notice"] == "store.full" and app["reason"] == "the disk is full" and app["head"] == 1
    doctor = [line for line in (out / "doctor").read_text().splitlines() if line.startswith(("ok", "warn", "FAIL"))
              and line.split(":")[0].split()[-1] == "database"]     # and `companion doctor` says what the app does
    assert len(doctor) == 1 and doctor[0].startswith("warn  database: ") and doctor[0].endswith(
        "; it cannot be written (the disk is full): Cellmate shows every saved game and plays on, but saves nothing new")


def test_a_forked_program_ends_as_its_own_process_would(tmp_path):
    """What the test above reads of each program it forks (fs_fixtures.FORKED) is what a
    process of its own gives: killed by a SIGBUS, 135 as the shell says it; an error, its
    traceback on stderr and 1; and the end of Python, with what runs at exit."""
    lines = {"bus": "import os, signal\nos.kill(os.getpid(), signal.SIGBUS)\n",
             "error": "raise RuntimeError('boom')\n",
             "exit": "import atexit, sys\natexit.register(print, 'at exit')\nprint(sys.argv[1:], input())\n"}
    steps = [forked_step(["a", "b"], tmp_path, name, stdin="typed\n", code=code) for name, code in lines.items()]
    steps.append(forked_step(["--version"], tmp_path, "companion"))
    done = run_mounted([], forked(steps))
    assert done.returncode == 0, done.stderr
    assert (tmp_path / "bus.code").read_text() == "135\n"
    assert (tmp_path / "error.code").read_text() == "1\n"
    error = (tmp_path / "error.err").read_text()
    assert "Traceback" in error and "RuntimeError: boom" in error
    assert (tmp_path / "exit.code").read_text() == "0\n"
    assert (tmp_path / "exit").read_text() == "['a', 'b'] typed\nat exit\n"
    assert (tmp_path / "companion.code").read_text() == "0\n"
    assert (tmp_path / "companion").read_text().startswith("cellmate ")
