"""What an sqlite3 error means for the saved games (busy, unwritable, damaged), and the
words that say it."""
from __future__ import annotations


class StoreError(Exception):
    """The saved games could not be read or written; nothing changed.
    `key` and `params` name the text in the catalogue (error.<key>)."""

    def __init__(self, key: str, message: str, **params):
        super().__init__(message)
        self.key = key
        self.params = params


BUSY, UNWRITABLE, DAMAGED, OTHER = "busy", "unwritable", "damaged", "other"
_KINDS = {5: BUSY, 6: BUSY,                                   # SQLITE_BUSY, SQLITE_LOCKED
          3: UNWRITABLE, 8: UNWRITABLE, 10: UNWRITABLE,       # PERM, READONLY, IOERR
          13: UNWRITABLE, 14: UNWRITABLE, 23: UNWRITABLE,     # FULL, CANTOPEN, AUTH
          11: DAMAGED, 26: DAMAGED}                           # CORRUPT, NOTADB


def kind_of(exc: BaseException) -> str:
    code = getattr(exc, "sqlite_errorcode", None)
    if code is not None:
        return _KINDS.get(code & 0xFF, OTHER)
    text = str(exc).lower()
    if "locked" in text or "busy" in text:
        return BUSY
    if any(s in text for s in ("readonly", "read-only", "disk is full", "disk i/o error", "unable to open")):
        return UNWRITABLE
    if "malformed" in text or "not a database" in text:
        return DAMAGED
    return OTHER


# SQLite's own words for a refused write are terse; these say what the table can do about it.
_PLAIN = {13: "the disk is full",
          8: "the file is read-only",
          778: "the disk refused a write: it is full, over a size limit, or failing",
          1034: "the disk could not confirm a write (fsync failed)",
          4874: "the disk is full (it gave no room for the WAL index)",    # SQLITE_IOERR_SHMSIZE
          10: "the disk reported an error"}


def reason_of(exc: BaseException) -> str:
    """The error in words a player or a script can act on."""
    if isinstance(exc, OSError):
        return exc.strerror or str(exc)
    code = getattr(exc, "sqlite_errorcode", None)
    plain = _PLAIN.get(code) if code is not None else None
    if plain is None and code is not None:
        plain = _PLAIN.get(code & 0xFF)
    return f"{plain} ({exc})" if plain and plain not in str(exc) else str(exc)
