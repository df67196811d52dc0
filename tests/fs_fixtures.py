"""Real file-system faults for tests: a read-only data dir, a full disk (a tmpfs, or as
root an ext4 with 1 KiB blocks on a loop device).

Root ignores file permissions, so chmod cannot make a dir read-only for the
tests. Instead a command runs in its own mount namespace (`unshare`, which
needs no privileges when user namespaces are on) where the dir is bind-mounted
read-only, or a tiny tmpfs is mounted over it: the same EROFS and ENOSPC the
kiosk's ProtectSystem=strict or a full SD card gives. The mounts vanish with
the command, so everything to check afterwards runs inside the same `sh`.

And another program holding a lock on the database (`holders`).
"""
from __future__ import annotations

import json
import os
import shlex
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

COMPANION = Path(sys.executable).parent / "companion"
PYTHON = sys.executable
ROOT = Path(__file__).resolve().parent.parent


def _unshare() -> list[str]:
    if os.geteuid() == 0:
        return ["unshare", "--mount"]
    return ["unshare", "--user", "--map-root-user", "--mount"]


def read_only(path: Path) -> str:
    """Shell lines making `path` read-only inside the namespace."""
    q = shlex.quote(str(path))
    return f"mount --bind {q} {q}\nmount -o remount,bind,ro {q}"


def small_disk(path: Path, kib: int) -> str:
    """Shell line putting a tmpfs of `kib` KiB over `path` (empty at first)."""
    return f"mount -t tmpfs -o size={kib}k cellmate-test {shlex.quote(str(path))}"


def can_loop_mount() -> bool:
    """A loop device can be mounted here: root, with mkfs.ext4 and the loop driver."""
    return os.geteuid() == 0 and shutil.which("mkfs.ext4") is not None and os.path.exists("/dev/loop-control")


def ext4_disk(image: Path, path: Path, kib: int = 8192, block: int = 1024) -> str:
    """Shell lines mounting a fresh ext4 of `kib` KiB over `path`, with `block`-byte blocks
    (smaller than a memory page: what a small SD card partition gets), through a loop device
    (root only: can_loop_mount). The loop device goes with the namespace's mount."""
    img, at = shlex.quote(str(image)), shlex.quote(str(path))
    return f"truncate -s {kib}k {img}\nmkfs.ext4 -q -F -b {block} {img}\nmount -o loop {img} {at}"


def fill_disk(path: Path, leave_kib: int = 0) -> str:
    """Shell lines filling the file system of `path` to its last block (as root: the reserved
    blocks too), then giving `leave_kib` KiB back; `unfill(path)` empties it again."""
    f = shlex.quote(str(path / ".fill"))
    # sync -f: that file system alone, not every disk of the machine (the fill is all that is written)
    return (f"dd if=/dev/zero of={f} bs=1k 2>/dev/null; sync -f {f}\n"
            f"truncate -s $(( $(stat -c %s {f}) - {leave_kib * 1024} )) {f}; sync -f {f}")


def unfill(path: Path) -> str:
    return f"rm -f {shlex.quote(str(path / '.fill'))}; sync -f {shlex.quote(str(path))}"


def run_mounted(mounts: list[str], script: str, *, env: dict | None = None, timeout: float = 120,
                input: str | None = None) -> subprocess.CompletedProcess:
    """Run the shell `script` after `mounts` in a private mount namespace."""
    body = "set -e\n" + "\n".join(mounts) + "\nset +e\n" + script
    full_env = {**os.environ, **(env or {}), "PYTHONPATH": str(ROOT)}
    done = subprocess.run(_unshare() + ["sh", "-c", body], capture_output=True, text=True, env=full_env,
                          timeout=timeout, input=input, cwd=ROOT)
    assert "mount:" not in done.stderr and "unshare:" not in done.stderr, done.stderr  # the fault was really made
    return done


def python_line(code: str) -> str:
    """A shell word running `code` with the test's Python."""
    return f"{shlex.quote(PYTHON)} -c {shlex.quote(code)}"


# -- many short programs, each its own process, without loading Python and Cellmate each time --
# Runs inside run_mounted's shell: the steps in order, a shell line each, or a program in a child
# forked from this one, which has imported Cellmate's code once (~0.08 s of CPU a start saved).
# The child runs the program as its own process runs it: `companion ARGS` is sys.exit(main()) of
# the console script, a Python code is run as `python -c CODE ARGS`; an exception leaves the
# child as it leaves Python (its traceback on stderr, exit 1), and the child ends through
# Python's own exit (atexit, the database's connection closed and checkpointed). Its stdin,
# stdout and stderr are the step's; the exit status is written as the shell's `$?` says it
# (128 + the signal that killed it: 135 for a SIGBUS).
FORKED = r"""
import gc, json, os, sys
import companion.export, companion.i18n, companion.session, companion.store, ui.cli   # what the steps run
from companion import games
for game in json.loads(sys.argv[1]):
    games.get(game)
steps = json.loads(sys.argv[2])
gc.freeze()       # what is loaded stays out of the children's collections: fewer pages copied (~20 ms each)
while steps:
    step = steps.pop(0)
    if isinstance(step, str):
        os.system(step)
        continue
    sys.stdout.flush()
    sys.stderr.flush()
    read, write = os.pipe()
    os.write(write, step["stdin"].encode())
    os.close(write)
    pid = os.fork()
    if pid == 0:
        os.dup2(read, 0)
        os.close(read)
        for fd in (1, 2):
            out = os.open(step[str(fd)], os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o644)
            os.dup2(out, fd)
            os.close(out)
        sys.argv = step["argv"]
        code = step["code"]
        if sys.argv[0] == "-c":
            exec(code)
            sys.exit(0)
        sys.exit(ui.cli.main())
    os.close(read)
    status = os.waitstatus_to_exitcode(os.waitpid(pid, 0)[1])
    with open(step["status"], "w") as f:
        f.write(f"{128 - status if status < 0 else status}\n")
"""


def forked(steps: list, games: tuple[str, ...] = ("dice",)) -> str:
    """Shell lines running `steps` (made by forked_step, or shell lines) from one Python."""
    return f"{python_line(FORKED)} {shlex.quote(json.dumps(list(games)))} {shlex.quote(json.dumps(steps))}"


def forked_step(argv: list, out: Path, name: str, stdin: str = "", code: str = "") -> dict:
    """`companion ARGV` (or with `code`, `python -c CODE ARGV`), its stdin given, its stdout,
    stderr and exit status written to out/name, out/name.err and out/name.code."""
    return {"argv": ["-c", *map(str, argv)] if code else [str(COMPANION), *map(str, argv)], "code": code,
            "stdin": stdin, "1": str(out / name), "2": str(out / f"{name}.err"), "status": str(out / f"{name}.code")}


# -- a SQLite file that is not this Cellmate's -------------------------------------------------
def sqlite_file(path: Path, *statements: str, version: int = 0) -> bytes:
    """Write a SQLite file of another layout (or a newer format); returns its bytes."""
    import sqlite3
    path.parent.mkdir(parents=True, exist_ok=True)
    conn = sqlite3.connect(path)
    for sql in statements:
        conn.execute(sql)
    conn.execute(f"PRAGMA user_version = {version}")
    conn.commit()
    conn.close()
    return path.read_bytes()


# -- another program holding a lock on the database ----------------------------------------
HOLD = """
import sqlite3, sys
conn = sqlite3.connect(sys.argv[1], isolation_level=None)
if sys.argv[2] == "exclusive":
    conn.execute("PRAGMA journal_mode=DELETE")
    conn.execute("PRAGMA locking_mode=EXCLUSIVE")
    conn.execute("BEGIN EXCLUSIVE")
else:
    conn.execute("BEGIN IMMEDIATE")
conn.execute("INSERT OR REPLACE INTO settings VALUES ('held', '1')")
print("held", flush=True)
sys.stdin.readline()
conn.execute("ROLLBACK")
"""


class Holder:
    """Another program with a write lock (or an exclusive one) on the file, until release()."""

    def __init__(self, path, kind="write"):
        self.proc = subprocess.Popen([sys.executable, "-c", HOLD, str(path), kind], stdin=subprocess.PIPE,
                                     stdout=subprocess.PIPE, text=True)
        assert self.proc.stdout.readline().strip() == "held"

    def release(self):
        if self.proc.poll() is None:
            self.proc.stdin.write("\n")
            self.proc.stdin.flush()
            self.proc.wait(timeout=10)


@pytest.fixture
def holders():
    made = []
    yield lambda *a, **k: made.append(Holder(*a, **k)) or made[-1]
    for holder in made:
        holder.release()
