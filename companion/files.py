"""Files at paths a person names (the config, the data dir's files): only a regular file is
opened. A named pipe nobody writes to makes a reader wait forever, a device such as
/dev/zero never ends, and opening some devices does things; each is refused at once, in
words that say what it is."""
from __future__ import annotations

import errno
import os
import stat

_KINDS = ((stat.S_ISFIFO, "a named pipe (FIFO)"), (stat.S_ISCHR, "a device"), (stat.S_ISBLK, "a device"),
          (stat.S_ISSOCK, "a socket"), (stat.S_ISDIR, "a folder"))


class NotARegularFile(OSError):
    def __init__(self, kind: str):
        super().__init__(f"not a file but {kind}")
        self.kind = kind


def kind_of(mode: int) -> str | None:
    """What a stat mode names, in words; None: a regular file."""
    if stat.S_ISREG(mode):
        return None
    return next((kind for test, kind in _KINDS if test(mode)), "not a file")


def _refuse_unless_regular(mode: int) -> None:
    if stat.S_ISDIR(mode):
        raise IsADirectoryError(errno.EISDIR, os.strerror(errno.EISDIR))
    kind = kind_of(mode)
    if kind:
        raise NotARegularFile(kind)


def read_regular_file(path, limit: int) -> bytes:
    """At most `limit` bytes of the regular file at `path` (a link to one is fine). Anything
    else raises at once (NotARegularFile, IsADirectoryError, or what os.stat raises): looked
    at before it is opened, and opened without waiting in case it was swapped meanwhile."""
    _refuse_unless_regular(os.stat(path).st_mode)
    fd = os.open(path, os.O_RDONLY | os.O_NONBLOCK | os.O_CLOEXEC | os.O_NOCTTY)
    with open(fd, "rb", closefd=True) as f:
        _refuse_unless_regular(os.fstat(fd).st_mode)
        return f.read(limit)
