"""Which database a Store starts with: the file in the data dir, a read-only copy of it,
or memory, and the notice that says why (the cases are listed in companion/store.py).
Also the file's own handling: connecting, checking, moving a damaged one aside.

Checking: SQLite's quick_check reads every page of the file, which grows with every
game kept (some 0.6 ms a MB here, several times that on a Pi's SD card). A start checks
what it reads first (the schema and every table but the games' logs and snapshots)
before a byte is written; the whole file is checked on a thread of its own (LateCheck)
once the start is done, and before the first write in any case: no write goes into a
file not checked whole. Damage found then moves play to memory as a damaged write does,
and leaves a mark (`cellmate.db-damaged`) so that the next start checks the whole file
first and moves it aside as damaged."""
from __future__ import annotations

import errno
import logging
import os
import sqlite3
import tempfile
import threading
import time
from dataclasses import dataclass, field
from pathlib import Path

from .files import kind_of as kind_of_file
from .store_errors import BUSY, DAMAGED, UNWRITABLE, StoreError, kind_of, reason_of
from .store_schema import SCHEMA_VERSION, Layout, Unusable, create_schema, inspect
from .store_shm import DiskFull, ShmConnection, hold_shm, is_wal

DB_NAME = "cellmate.db"
DAMAGE_MARK = "-damaged"     # beside the file: the whole file's check found damage (LateCheck)
CHECK_AFTER = 5.0            # s after opening (a Pi's first frame is before): the whole check, unless a write asks
# What a start reads first, checked before anything is written; the games' logs and
# snapshots (events, snapshots: nearly all of the file) are checked whole by LateCheck.
START_TABLES = ("sqlite_master", "sessions", "settings", "results", "stats_cache")

log = logging.getLogger(__name__)


def default_data_dir() -> Path:
    env = os.environ.get("CELLMATE_DATA_DIR")
    if env:
        return Path(env)
    from platformdirs import user_data_dir
    return Path(user_data_dir("cellmate"))


@dataclass
class Opened:
    """What opening found: the connection, and what the screen must be told about it."""
    conn: sqlite3.Connection
    path: Path | None                       # the file written to; None: memory
    notice: str | None = None               # catalogue key
    notice_params: dict = field(default_factory=dict)
    refusal: StoreError | None = None       # every write is refused with it (fallback=False)
    waiting: Path | None = None             # locked at start: Store.retry opens it later
    unchecked: bool = False                 # only what a start reads was checked: LateCheck the rest


def open_data_dir(data_dir: Path | str | None, *, fallback: bool, busy_wait: float, on_busy=None) -> Opened:
    """Open (or make) the database in data_dir. Never raises: whatever is wrong with the
    dir or the file ends in `notice`. fallback=False: a file that cannot be written is not
    replaced by memory; writes are refused so nothing is ever acknowledged unsaved."""
    try:
        data_dir = Path(data_dir) if data_dir else default_data_dir()
        if "\x00" in str(data_dir):
            raise ValueError("it holds a NUL character")
        path = data_dir / DB_NAME
    except (TypeError, ValueError) as exc:
        return nowhere(fallback, "store.bad_dir", dir=repr(str(data_dir)), reason=str(exc))
    try:
        data_dir.mkdir(parents=True, exist_ok=True)
    except FileExistsError:     # there, but a file (or a pipe, a device) where the folder should be
        return nowhere(fallback, "store.bad_dir", dir=str(data_dir), reason=_not_a_folder(data_dir))
    except OSError as exc:
        return nowhere(fallback, "store.unwritable", dir=str(data_dir), reason=reason_of(exc))
    odd = _not_files(path)      # SQLite would wait forever reading a named pipe
    if odd:
        return nowhere(fallback, "store.bad_dir", dir=str(data_dir), reason=odd)
    deadline = time.monotonic() + busy_wait
    told = False
    while True:
        try:
            return open_file(path, fallback)
        except sqlite3.Error as exc:
            if kind_of(exc) != BUSY:
                raise  # open_file sorts out every other kind itself
            if time.monotonic() >= deadline:
                return Opened(memory_conn(), None, "store.busy", {"path": str(path)}, waiting=path)
            if on_busy is not None and not told:
                told = True
                on_busy(str(path))
            time.sleep(0.1)


def open_file(path: Path, fallback: bool) -> Opened:
    """The file at path, or what stands in for it. sqlite3.Error: it is busy.
    Checked whole when the last whole check found damage (DAMAGE_MARK); else only what a
    start reads (`unchecked`: the store checks the rest, LateCheck)."""
    marked = _damage_mark(path)
    whole = marked.exists()
    try:
        conn = connect(path, whole=whole)
    except Unusable as exc:
        return _unusable(path, exc.layout, fallback)
    except DiskFull as exc:
        return _read_only(path, str(exc), fallback, notice="store.full")
    except sqlite3.Error as exc:
        kind = kind_of(exc)
        if kind == BUSY:
            raise
        if kind == UNWRITABLE:
            return _read_only(path, _os_reason(path, exc), fallback)
        return _damaged(path, "store.corrupt", reason_of(exc), fallback)
    if whole:
        _unmark(marked)     # found whole and sound again (the damage was read wrongly once)
    return Opened(conn, path, unchecked=not whole)


def _damaged(path: Path, notice: str, reason: str, fallback: bool) -> Opened:
    """Move the file aside (never delete it) and start a fresh one."""
    try:
        moved = _move_aside(path, "corrupt" if notice == "store.corrupt" else "other")
    except OSError as exc:
        return nowhere(fallback, "store.stuck", path=str(path), reason=reason, why=reason_of(exc))
    _unmark(_damage_mark(path))   # the fresh file is not the damaged one
    try:
        conn = connect(path)
    except (sqlite3.Error, Unusable, DiskFull) as exc:
        return nowhere(fallback, "store.unwritable", dir=str(path.parent), reason=reason_of(exc))
    return Opened(conn, path, notice, {"moved": str(moved), "reason": reason})


def _unusable(path: Path, layout: Layout, fallback: bool) -> Opened:
    if layout.state == "newer":  # another Cellmate's games: left exactly as they are
        return nowhere(fallback, "store.newer", path=str(path), reason=layout.problem, found=layout.version,
                       known=SCHEMA_VERSION)
    return _damaged(path, "store.other", layout.problem, fallback)


def _read_only(path: Path, reason: str, fallback: bool, notice: str = "store.read_only") -> Opened:
    """The file cannot be written: read it as it is. The app plays on in a copy
    in memory (every saved game shows); a script keeps the file and refuses writes."""
    if not path.exists():
        return nowhere(fallback, "store.unwritable", dir=str(path.parent), reason=reason)
    try:
        conn = connect_read_only(path)
    except Unusable as exc:
        if exc.layout.state == "newer":
            return nowhere(fallback, "store.newer", path=str(path), reason=exc.layout.problem,
                           found=exc.layout.version, known=SCHEMA_VERSION)
        return nowhere(fallback, "store.stuck", path=str(path), reason=exc.layout.problem, why=reason)
    except sqlite3.Error as exc:
        if kind_of(exc) == BUSY:
            raise
        return nowhere(fallback, "store.stuck", path=str(path), reason=reason_of(exc), why=reason)
    params = {"dir": str(path.parent), "reason": reason}
    if fallback:
        mem = memory_conn(schema=False)
        try:
            conn.backup(mem)
        finally:
            conn.close()
        mem.execute("PRAGMA foreign_keys=ON")
        create_schema(mem)
        return Opened(mem, None, notice, params)
    refusal = StoreError("store_unwritable", f"not saved: {path.parent} cannot be written ({reason})",
                         reason=reason)
    return Opened(conn, path, notice, params, refusal=refusal)


def nowhere(fallback: bool, notice: str, **params) -> Opened:
    """No file to use: memory. With fallback=False every write is refused too."""
    refusal = None
    if not fallback:
        reason = params.get("reason", notice)
        refusal = StoreError("store_unwritable", f"not saved: {reason}", reason=reason)
    return Opened(memory_conn(), None, notice, params, refusal=refusal)


# -- the file ------------------------------------------------------------------------
def connect(path: Path, whole: bool = True) -> sqlite3.Connection:
    """The file to read and write. DiskFull: no room for its WAL index. whole=False: only
    what a start reads is checked (START_TABLES), the caller checks the rest (LateCheck)."""
    conn = sqlite3.connect(path, isolation_level=None, check_same_thread=False, timeout=0.2,
                           factory=ShmConnection)
    try:
        if is_wal(path):
            conn.shm_hold = hold_shm(path)   # before SQLite maps the -shm, at the first read
        _check(conn, whole)  # before a byte is written: a newer or foreign file stays as it is
        if not os.access(path, os.W_OK) or not os.access(path.parent, os.W_OK):
            raise sqlite3.OperationalError("attempt to write a readonly database")
        if conn.shm_hold is None:
            conn.shm_hold = hold_shm(path)   # a new file (or an old one in another journal mode)
        conn.execute("PRAGMA journal_mode=WAL")
        conn.execute("PRAGMA synchronous=FULL")
        conn.execute("PRAGMA foreign_keys=ON")
        create_schema(conn)
        return conn
    except BaseException:
        conn.close()
        raise


def connect_read_only(path: Path) -> sqlite3.Connection:
    """Open the file without writing a byte into it: mode=ro sees a WAL's committed
    transactions when the -shm is there; immutable=1 reads the main file alone.
    On a full disk SQLite may not write its -shm either (hold_shm): readonly_shm=1
    reads the WAL into memory instead (SQLite's read-only WAL, 3.22 and later)."""
    last: Exception | None = None
    hold = None
    ro = "mode=ro"
    try:
        hold = hold_shm(path) if is_wal(path) else None
    except DiskFull:
        ro = "mode=ro&readonly_shm=1"
    for query in (ro, "immutable=1"):
        try:
            conn = sqlite3.connect(f"{path.resolve().as_uri()}?{query}", uri=True, isolation_level=None,
                                   check_same_thread=False, timeout=0.2, factory=ShmConnection)
        except sqlite3.Error as exc:
            last = exc
            continue
        conn.shm_hold, hold = hold, None
        conn.disk_full = ro != "mode=ro"
        try:
            _check(conn)
            return conn
        except (sqlite3.Error, Unusable) as exc:
            conn.close()
            if isinstance(exc, Unusable) or kind_of(exc) in (BUSY, DAMAGED):
                raise
            last = exc
    raise last


def open_to_check(path: Path) -> tuple[sqlite3.Connection, str | None]:
    """For `companion doctor`: the file opened as Store.open reads it, writing nothing into
    it, and why the app will only read it (None: the app reads and writes it). Raises what
    Store.open meets there: Unusable (a newer Cellmate's file, another layout) or
    sqlite3.Error (busy, damaged), OSError (a named pipe or a device in place of a file: the
    app leaves it as it is and plays in memory)."""
    odd = _not_files(path)
    if odd:
        raise OSError(odd)
    conn = connect_read_only(path)
    return conn, str(DiskFull()) if conn.disk_full else why_unwritable(path)


def why_unwritable(path: Path, *, folder_only: bool = False) -> str | None:
    """Why Store.open cannot write the file at `path` (as connect finds it): its folder or
    the file itself is read-only. None: it can (a full disk is found as the file is opened).
    folder_only: why it could not move the file aside (a rename asks only the folder)."""
    if not os.access(path.parent, os.W_OK):
        return _os_reason(path, PermissionError(errno.EACCES, os.strerror(errno.EACCES)))
    if not folder_only and path.exists() and not os.access(path, os.W_OK):
        return "the file is read-only"
    return None


def _check(conn: sqlite3.Connection, whole: bool = True) -> None:
    """quick_check of the whole file, or (whole=False) of what a start reads: the schema
    and the tables of START_TABLES there are (an SQLite older than 3.33 checks no single
    table: the whole file then)."""
    if whole or sqlite3.sqlite_version_info < (3, 33, 0):
        pragmas = ["PRAGMA quick_check"]
    else:
        there = {name for (name,) in conn.execute("SELECT name FROM sqlite_master WHERE type = 'table'")}
        pragmas = [f"PRAGMA quick_check({name})" for name in START_TABLES if name == "sqlite_master" or name in there]
    for pragma in pragmas:
        ok = conn.execute(pragma).fetchone()[0]
        if ok != "ok":
            raise sqlite3.DatabaseError(f"integrity check failed: {ok}")
    layout = inspect(conn)
    if layout.state not in ("cellmate", "empty"):
        raise Unusable(layout)


class LateCheck:
    """The whole file's quick_check, on a connection and a thread of their own, CHECK_AFTER
    s after opening or as soon as `result()` is asked for (a write: it waits for it). Its
    result: None (sound), or what is wrong, and then the file is marked (DAMAGE_MARK) for
    the next start; `done` False: no verdict (its connection could not read the file)."""

    def __init__(self, path: Path, after: float | None = None):
        self.path = path
        self.found: str | None = None
        self.done = False
        self._go = threading.Event()
        self._cancelled = False
        self._thread = threading.Thread(target=self._run, args=(CHECK_AFTER if after is None else after,),
                                        name="cellmate-check", daemon=True)
        self._thread.start()

    def result(self) -> str | None:
        """What the whole check found (waiting for it: now, if it has not begun)."""
        self._go.set()
        self._thread.join()
        return self.found

    def finished(self, found: str | None) -> None:
        """The verdict, from here or from the store's own connection (no verdict here)."""
        self.found, self.done = found, True
        if found is not None:
            log.warning("the saved games are damaged: %s", found)
            try:
                _damage_mark(self.path).touch()
            except OSError:
                pass    # a read-only folder: the next start's whole check finds it again

    def cancel(self) -> None:
        """The store is closed: no check (one under way finishes on its own connection)."""
        self._cancelled = True
        self._go.set()

    def _run(self, after: float) -> None:
        self._go.wait(after)
        if self._cancelled:
            return
        try:    # read only: mode=ro sees the WAL through the -shm the store's own connection holds
            conn = sqlite3.connect(f"{self.path.resolve().as_uri()}?mode=ro", uri=True, timeout=5.0,
                                   check_same_thread=False)
        except sqlite3.Error as exc:
            log.info("the saved games could not be checked whole here: %s", exc)
            return
        try:
            found = whole_check(conn)
        except sqlite3.Error as exc:     # locked, unreadable just now: no verdict
            log.info("the saved games could not be checked whole here: %s", exc)
            return
        finally:
            conn.close()
        self.finished(found)


def whole_check(conn: sqlite3.Connection) -> str | None:
    """quick_check of the whole file: None when sound, else what is wrong. sqlite3.Error:
    no verdict (the file is busy, or cannot be read just now)."""
    try:
        ok = conn.execute("PRAGMA quick_check").fetchone()[0]
    except sqlite3.Error as exc:
        if kind_of(exc) != DAMAGED:
            raise
        ok = reason_of(exc)
    return None if ok == "ok" else f"integrity check failed: {ok}"


def _damage_mark(path: Path) -> Path:
    return path.with_name(path.name + DAMAGE_MARK)


def _unmark(mark: Path) -> None:
    try:
        mark.unlink(missing_ok=True)
    except OSError:
        pass


def memory_conn(schema: bool = True) -> sqlite3.Connection:
    """Memory: where play goes on when no file can be written (schema=False: a copy comes)."""
    conn = sqlite3.connect(":memory:", isolation_level=None, check_same_thread=False)
    if schema:
        conn.execute("PRAGMA foreign_keys=ON")
        create_schema(conn)
    return conn


def _os_reason(path: Path, exc: BaseException) -> str:
    """SQLite says "unable to open database file"; the OS says why (read-only, no permission)."""
    try:
        with tempfile.TemporaryFile(dir=path.parent):
            pass
    except OSError as os_exc:
        return reason_of(os_exc)
    return reason_of(exc)


def _not_a_folder(data_dir: Path) -> str:
    try:
        kind = kind_of_file(os.stat(data_dir).st_mode) or "a file"
    except OSError as exc:
        return reason_of(exc)
    return f"it is not a folder but {kind}"


def _not_files(path: Path) -> str | None:
    """The database or one of SQLite's files beside it that is there but not a regular file,
    in words (None: none is)."""
    for suffix in ("", "-journal", "-wal", "-shm"):
        try:
            kind = kind_of_file(os.stat(str(path) + suffix).st_mode)
        except OSError:
            continue
        if kind:
            return f"{path.name}{suffix} in it is not a file but {kind}"
    return None


def _move_aside(path: Path, label: str) -> Path:
    """Rename the file and its WAL aside under a dated name no file has yet."""
    stamp = time.strftime("%Y%m%d-%H%M%S")
    target = path.with_name(f"{path.name}.{label}-{stamp}")
    n = 1
    while target.exists():
        n += 1
        target = path.with_name(f"{path.name}.{label}-{stamp}-{n}")
    for suffix in ("", "-wal", "-shm"):
        part = Path(str(path) + suffix)
        if part.exists():
            part.rename(Path(str(target) + suffix))
    return target

