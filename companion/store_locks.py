"""One writer per session: an OS lock per session in the data dir, so the app and
`companion script` cannot overwrite each other's actions."""
from __future__ import annotations

import fcntl
import os
from pathlib import Path

from .store_open import DB_NAME

LOCK_DIR = DB_NAME + ".locks"      # a folder beside the file


class SessionLock:
    """flock on one small file per session: exclusive between processes, freed when
    the holder exits in any way. Shared within a process (one table, many objects)."""

    _held: dict[str, list] = {}    # path -> [fd, count]

    def __init__(self, key: str):
        self.key = key

    @classmethod
    def take(cls, path: Path, owner: str) -> "SessionLock | None":
        key = str(path)
        held = cls._held.get(key)
        if held is not None:
            held[1] += 1
            return cls(key)
        path.parent.mkdir(exist_ok=True)
        fd = os.open(key, os.O_RDWR | os.O_CREAT | os.O_CLOEXEC, 0o644)
        try:
            fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
        except BlockingIOError:
            os.close(fd)
            return None
        os.ftruncate(fd, 0)
        os.pwrite(fd, f"{os.getpid()} {owner}\n".encode(), 0)
        cls._held[key] = [fd, 1]
        return cls(key)

    def release(self) -> None:
        held = self._held.get(self.key)
        if held is None:
            return
        held[1] -= 1
        if held[1] <= 0:
            del self._held[self.key]
            os.close(held[0])

    @staticmethod
    def holder(path: Path) -> str:
        try:
            pid, owner = path.read_text(encoding="utf-8", errors="replace").split()[:2]
        except (OSError, ValueError):
            return "another Cellmate"
        what = "the Cellmate app" if owner == "app" else "companion script"
        return f"{what}, process {pid}"
