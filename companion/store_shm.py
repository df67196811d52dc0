"""Cellmate holds SQLite's WAL index (cellmate.db-shm) itself, so that a full disk is found
at start and never ends the process with a bus error."""
from __future__ import annotations

import errno
import fcntl
import os
import sqlite3
import struct
import time
from pathlib import Path

# SQLite keeps the WAL's index in cellmate.db-shm, mapped into memory and written through
# the map. The first program to open the file cuts it to 3 bytes and makes it 32 KiB long
# again by writing one byte at the end of each 4 KiB page. On a file system with smaller
# blocks (ext4 with 1 KiB blocks, as on a small SD card partition) the rest of each page
# stays a hole, and when the disk is full the kernel finds no block for it at SQLite's first
# write through the map: SIGBUS, and the process dies without a word.
# So Cellmate opens the -shm before SQLite does. When nobody has it open, Cellmate writes it
# out whole (zeros, which SQLite takes for "rebuild the index from the WAL", as after its own
# cut) and holds a shared lock on its DMS byte (sqlite.org/walformat.html) for as long as its
# connection is open: SQLite then takes the file as it finds it, every block in place. No room
# for those blocks is a full disk, said at start (DiskFull), not a crash at the first write.
SHM_DMS = 128                 # the byte every user of the -shm holds shared (SQLite's "DMS" lock)
SHM_PAGE = 32 * 1024          # the index grows 32 KiB at a time: 4062 WAL frames in the first
_FLOCK = "@hhqqi0q"           # struct flock: type, whence, start, len, pid (64-bit offsets)


class DiskFull(Exception):
    """No room on the disk for the WAL index: nothing can be written."""

    def __init__(self):
        super().__init__("the disk is full")


class ShmConnection(sqlite3.Connection):
    """A connection that lets go of its hold on the -shm when it closes."""

    shm_hold: "ShmHold | None" = None
    disk_full = False     # opened read-only because there was no room for the -shm

    def close(self) -> None:
        try:
            super().close()
        finally:
            hold, self.shm_hold = self.shm_hold, None
            if hold is not None:
                hold.close()


class ShmHold:
    def __init__(self, fd: int):
        self.fd: int | None = fd

    def close(self) -> None:
        fd, self.fd = self.fd, None
        if fd is not None:
            os.close(fd)

    __del__ = close


def _ofd_lock(fd: int, kind: int) -> bool:
    """An open-file-description lock on the DMS byte (seen by SQLite's own locks, even in this
    process); False: another program holds one that conflicts."""
    try:
        fcntl.fcntl(fd, fcntl.F_OFD_SETLK, struct.pack(_FLOCK, kind, os.SEEK_SET, SHM_DMS, 1, 0))
    except OSError as exc:
        if exc.errno in (errno.EAGAIN, errno.EACCES):
            return False
        raise
    return True


def is_wal(path: Path) -> bool:
    """Whether the file says it is in WAL mode (its header's read and write versions are 2)."""
    try:
        with open(path, "rb", buffering=0) as f:
            head = f.read(20)
    except OSError:
        return False
    return len(head) == 20 and head[18:20] == b"\x02\x02"


def _index_size(path: Path) -> int:
    """The -shm the WAL beside the file needs (SQLite's walformat: 4062 frames in the first
    32 KiB, 4096 in each further 32 KiB)."""
    try:
        wal = os.stat(str(path) + "-wal").st_size
        with open(path, "rb", buffering=0) as f:
            head = f.read(18)
    except OSError:
        return SHM_PAGE
    page = int.from_bytes(head[16:18], "big") if len(head) == 18 else 4096
    page = 65536 if page == 1 else max(page, 512)
    frames = max(0, wal - 32) // (page + 24)
    return SHM_PAGE * (1 + max(0, -(-(frames - 4062) // 4096)))


def hold_shm(path: Path) -> "ShmHold | None":
    """Open the -shm before SQLite does (see above). None: it cannot be held here (a
    read-only folder, a file system without these locks); SQLite opens it as it always
    did. DiskFull: there is no room for it."""
    shm = str(path) + "-shm"
    try:
        fd = os.open(shm, os.O_RDWR | os.O_CREAT | os.O_CLOEXEC | os.O_NOFOLLOW, 0o644)
    except OSError as exc:
        if exc.errno in (errno.ENOSPC, errno.EDQUOT):
            raise DiskFull() from None
        return None
    try:
        _like_the_file(fd, path)
        for _ in range(50):
            if _ofd_lock(fd, fcntl.F_WRLCK):        # nobody else has it open: it is ours to make
                os.ftruncate(fd, 0)
                try:
                    _write_zeros(fd, _index_size(path))
                except OSError:
                    os.ftruncate(fd, 0)             # the blocks it got back to the disk
                    raise
                _ofd_lock(fd, fcntl.F_RDLCK)        # and from now on shared, like every user's
                return ShmHold(fd)
            if _ofd_lock(fd, fcntl.F_RDLCK):        # in use: made whole by whoever opened it first
                return ShmHold(fd)
            time.sleep(0.01)                        # being made right now by another program
    except OSError as exc:
        os.close(fd)
        if exc.errno in (errno.ENOSPC, errno.EDQUOT):
            raise DiskFull() from None
        return None
    os.close(fd)
    return None


def _like_the_file(fd: int, path: Path) -> None:
    """The -shm gets the file's owner and permissions, as SQLite gives it (root running
    `companion script` on the kiosk's games must not leave a file the service cannot open)."""
    try:
        st = os.stat(path)
    except OSError:
        return
    mine = os.fstat(fd)
    if mine.st_size == 0 and (mine.st_mode & 0o777) != (st.st_mode & 0o777):
        os.fchmod(fd, st.st_mode & 0o777)
    if os.geteuid() == 0 and (mine.st_uid, mine.st_gid) != (st.st_uid, st.st_gid):
        os.fchown(fd, st.st_uid, st.st_gid)


def _write_zeros(fd: int, size: int) -> None:
    zeros = bytes(SHM_PAGE)
    done = 0
    while done < size:
        done += os.pwrite(fd, zeros[:size - done], done)
