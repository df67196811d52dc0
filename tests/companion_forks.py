"""`companion` for the tests, each run its own process, without loading Python and Cellmate
each time: a fresh start costs some 0.08 s of CPU, most of what a short command takes.

A test module's `forks` fixture (module-scoped: `from companion_forks import forks`, and
usefixtures("forks") on the tests that run commands) starts one Python that imports Cellmate's code and then forks a child
for each `run` or `start`: the child is given the command's own stdin, stdout and stderr,
working folder, environment and sys.argv, and runs what the `companion` console script runs,
sys.exit(ui.cli.main()). It ends as that process does: an exception leaves its traceback on
stderr and exit status 1, and Python's own exit runs (atexit, the database closed). Its pid is
real: a test may kill it. What a fork cannot take anew is what Python decides as it starts
(the locale, stdio encodings, PYTHON* variables): a command with an environment that differs
there is started by a forking Python of its own, started with that environment; a command
with a preexec_fn runs as a process of its own, as every command does outside the fixture.
"""
from __future__ import annotations

import io
import json
import os
import signal
import socket
import subprocess
import sys
import tempfile
from pathlib import Path

import pytest

COMPANION = Path(sys.executable).parent / "companion"
ROOT = Path(__file__).resolve().parent.parent

SERVER = r"""
import gc, json, os, select, signal, socket, sys
sys.path[0] = sys.argv[2]                           # as for the console script: its folder, not the cwd
import companion.controller, companion.export, companion.i18n, companion.session, companion.store, ui.cli
from companion import games
list(games.GAMES)                                   # every game's module
listener = socket.socket(socket.AF_UNIX, socket.SOCK_SEQPACKET)
listener.bind(sys.argv[1])
listener.listen(64)
wake_read, wake_write = os.pipe()
os.set_blocking(wake_write, False)
signal.set_wakeup_fd(wake_write)
signal.signal(signal.SIGCHLD, lambda *_: None)
gc.freeze()       # what is loaded stays out of the children's collections: fewer pages copied (~20 ms each)
print("ready", flush=True)
waiting = {}
while True:
    ready = select.select([listener, wake_read, sys.stdin], [], [])[0]
    if sys.stdin in ready:                          # the tests are over (or gone)
        sys.exit(0)
    if wake_read in ready:
        os.read(wake_read, 512)
    while waiting:
        pid, status = os.waitpid(-1, os.WNOHANG)
        if pid == 0:
            break
        conn = waiting.pop(pid)
        conn.send(str(os.waitstatus_to_exitcode(status)).encode())
        conn.close()
    if listener in ready:
        conn = listener.accept()[0]
        message, fds = socket.recv_fds(conn, 1 << 20, 3)[:2]
        request = json.loads(message)
        sys.stdout.flush()
        sys.stderr.flush()
        pid = os.fork()
        if pid == 0:
            break                                   # the child: the command, below
        for fd in fds:
            os.close(fd)
        conn.send(str(pid).encode())
        waiting[pid] = conn
signal.set_wakeup_fd(-1)
signal.signal(signal.SIGCHLD, signal.SIG_DFL)
for other in (*waiting.values(), conn, listener):
    other.close()
os.close(wake_read)
os.close(wake_write)
for fd, target in zip(fds, (0, 1, 2)):
    os.dup2(fd, target)
    os.close(fd)
os.chdir(request["cwd"])
os.environ.clear()
os.environ.update(request["env"])
sys.argv = request["argv"]
del waiting, conn, listener, message, fds, request, ready, pid
sys.exit(ui.cli.main())
"""

# What Python reads as it starts: a command whose environment differs here runs on its own.
AT_START = ("LANG", "LANGUAGE", "LC_ALL", "LC_CTYPE", "PYTHONPATH", "PYTHONIOENCODING", "PYTHONUTF8", "PYTHONHOME",
            "PYTHONSAFEPATH", "PYTHONWARNINGS", "PYTHONDEVMODE", "PYTHONFAULTHANDLER", "PYTHONHASHSEED")


def at_start(env: dict) -> tuple:
    return tuple(env.get(name) for name in AT_START)


class Forks:
    """One forking Python, started with `env`: it serves the commands whose at_start is the same."""

    def __init__(self, env: dict):
        self.folder = tempfile.mkdtemp(prefix="cellmate-forks-")
        self.address = os.path.join(self.folder, "socket")
        self.server = subprocess.Popen([sys.executable, "-c", SERVER, self.address, str(COMPANION.parent)],
                                       stdin=subprocess.PIPE, stdout=subprocess.PIPE, cwd=ROOT, env=env)
        assert self.server.stdout.readline() == b"ready\n"

    def close(self):
        self.server.stdin.close()
        self.server.wait(timeout=30)
        self.server.stdout.close()
        os.unlink(self.address)
        os.rmdir(self.folder)

    def fork(self, args, fds, cwd, env) -> socket.socket:
        conn = socket.socket(socket.AF_UNIX, socket.SOCK_SEQPACKET)
        conn.connect(self.address)
        request = {"argv": [str(COMPANION), *map(str, args)], "cwd": str(cwd or os.getcwd()), "env": env}
        socket.send_fds(conn, [json.dumps(request).encode()], fds)
        return conn


_active: dict[tuple, Forks] | None = None     # while a module's `forks` fixture is on
_asked: set[tuple] = set()


@pytest.fixture(scope="module")
def forks():
    """The forking Pythons of the module's `companion` commands (see the module's words)."""
    global _active
    _active = {}
    _asked.clear()
    try:
        yield _active
    finally:
        servers, _active = _active, None
        for server in servers.values():
            server.close()


def _server(env: dict) -> Forks | None:
    """The forking Python for `env`; started the second time such a start is asked for (one
    with an environment of its own, as a test of the locale has, is cheaper as a process)."""
    if _active is None:
        return None
    key = at_start(env)
    if key not in _active:
        if key != at_start(os.environ) and key not in _asked:
            _asked.add(key)
            return None
        _active[key] = Forks(env)
    return _active[key]


class Forked:
    """A started command, as subprocess.Popen gives it: pid, stdin, stdout, wait, returncode."""

    def __init__(self, conn: socket.socket, stdin, stdout, stderr):
        self.conn = conn
        self.pid = int(conn.recv(64))
        self.stdin, self.stdout, self.stderr = stdin, stdout, stderr
        self.returncode = None

    def wait(self, timeout=None):
        if self.returncode is None:
            self.conn.settimeout(timeout)
            try:
                status = self.conn.recv(64)
            except TimeoutError:
                raise subprocess.TimeoutExpired(str(COMPANION), timeout) from None
            self.conn.close()
            self.returncode = int(status)
        return self.returncode

    def kill(self):
        if self.returncode is None:
            os.kill(self.pid, signal.SIGKILL)

    def poll(self):
        return self.wait(0) if self.returncode is None and self._done() else self.returncode

    def _done(self):
        import select
        return bool(select.select([self.conn], [], [], 0)[0])


def run(args, input=None, *, cwd=None, env=None, timeout=60, text=False, preexec_fn=None):
    """`companion ARGS` as subprocess.run(..., capture_output=True) runs it: forked where
    the module has `forks` and the start is the same, else a process of its own."""
    env = dict(os.environ if env is None else env)
    server = None if preexec_fn is not None else _server(env)
    if server is None:
        return subprocess.run([str(COMPANION), *map(str, args)], input=input, capture_output=True, text=text,
                              timeout=timeout, cwd=cwd, env=env, preexec_fn=preexec_fn)
    with tempfile.TemporaryFile() as stdin, tempfile.TemporaryFile() as stdout, tempfile.TemporaryFile() as stderr:
        if input is not None:
            stdin.write(input.encode() if isinstance(input, str) else input)
            stdin.seek(0)
        child = Forked(server.fork(args, [stdin.fileno(), stdout.fileno(), stderr.fileno()], cwd, env),
                       None, None, None)
        try:
            code = child.wait(timeout)
        except subprocess.TimeoutExpired:
            child.kill()
            raise
        stdout.seek(0)
        stderr.seek(0)
        out, err = stdout.read(), stderr.read()
    if text:
        out, err = (io.TextIOWrapper(io.BytesIO(b)).read() for b in (out, err))
    return subprocess.CompletedProcess([str(COMPANION), *map(str, args)], code, out, err)


def start(args, *, cwd=None, env=None, text=True, stderr=None):
    """`companion ARGS` with pipes to its stdin and stdout, as subprocess.Popen(..., stdin=PIPE,
    stdout=PIPE, bufsize=1 when text) starts it; stderr the tests' own unless PIPE."""
    env = dict(os.environ if env is None else env)
    server = _server(env)
    if server is None:
        return subprocess.Popen([str(COMPANION), *map(str, args)], stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                                stderr=stderr, text=text, bufsize=1 if text else -1, cwd=cwd, env=env)
    in_read, in_write = os.pipe()
    out_read, out_write = os.pipe()
    err_read, err_write = os.pipe() if stderr == subprocess.PIPE else (None, os.dup(2))
    try:
        conn = server.fork(args, [in_read, out_write, err_write], cwd, env)
    finally:
        for fd in (in_read, out_write, err_write):
            os.close(fd)
    return Forked(conn, open(in_write, "w" if text else "wb", buffering=1 if text else -1),
                  open(out_read, "r" if text else "rb"),
                  open(err_read, "r" if text else "rb") if err_read is not None else None)
