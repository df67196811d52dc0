"""Export to a USB stick: written, synced, unmounted, and what happened said in a word.

On the kiosk (README, "Raspberry Pi kiosk install") a FAT32 or exFAT stick is mounted
for the service at /media/cellmate/<label> by udev and scripts/pi/mount-stick, which is
where ``companion.export.usb_dir`` looks (/media/<user>/). The service may write there
and nowhere else new, and may not unmount anything (no privileges; its mounts are its
own). So after an export it creates the file $CELLMATE_EJECT (the unit sets
/run/cellmate/eject); systemd's cellmate-eject.path sees it, and cellmate-eject.service
stops the sticks' mount units (which writes out what is pending and unmounts them) and
removes the file. Here the mount table says whether that happened.

Decision: a udev rule with systemd-mount, not udisks2 over D-Bus. udisks2 and polkit are
not on Raspberry Pi OS Lite; a system user without a login session needs a polkit rule
before udisks2 mounts or unmounts anything for it; and the app would need a D-Bus client.
udev and systemd are there already, the mount options are ours (owner, umask, no setuid),
and the service needs no bus and no privilege at all.

Nothing here loses a game: an export only reads the saved games. What the export wrote
before a failure is on the stick whole or not at all (companion.export writes each file
under a temporary name first and removes what it made when it fails).
"""
from __future__ import annotations

import errno
import getpass
import logging
import os
import time
from dataclasses import dataclass
from pathlib import Path

from companion import export

log = logging.getLogger(__name__)

EJECT_ENV = "CELLMATE_EJECT"    # the file that asks for the unmount; unset: nobody here unmounts (a desktop)
EJECT_WAIT = 15.0               # s: the unmount writes out what is still pending first
POLL = 0.05                     # s between looks at the mount table
PULL_WAIT = 2.0                 # s: after an I/O error, whether the stick's mount goes (pulled out)
FULL_BELOW = 64 * 1024          # bytes free: a stick with less that failed a write is full, whatever the error

# What happened to the export (Outcome.what)
WRITTEN = "written"             # every file is on the stick
FULL = "full"                   # the stick had no room: nothing of this export is left on it
READ_ONLY = "read_only"         # the stick cannot be written (a lock switch): nothing was
PULLED = "pulled"               # the stick went away before the export was on it
FAILED = "failed"               # anything else (the saved games unreadable, a broken stick)
# ... and whether the stick can be pulled out now (Outcome.out)
EJECTED = "ejected"             # unmounted: it can
STUCK = "stuck"                 # asked, but still mounted (what was written is synced)
# None: not asked: nobody here unmounts (not the kiosk), or it is not mounted (any more)

GONE = (errno.ENODEV, errno.ENXIO, errno.ENOTCONN, errno.ESHUTDOWN, errno.ENOENT, errno.ESTALE)
NO_ROOM = (errno.ENOSPC, errno.EDQUOT, errno.EFBIG)


@dataclass(frozen=True)
class Outcome:
    what: str
    folder: Path
    files: tuple[Path, ...] = ()
    out: str | None = None
    detail: str = ""            # the error in words, for the log

    @property
    def name(self) -> str:
        """The stick's name as the table knows it: its label (the folder it is mounted at)."""
        return self.folder.name


def write(store, folder: Path, formats=export.FORMATS) -> Outcome:
    """Every format written to the stick at folder (a worker thread's store: its own
    connection). Never raises: a failure is an Outcome that says which."""
    mounted = os.path.ismount(folder)
    files: list[Path] = []
    try:
        for fmt in formats:
            files += export.write(store, fmt, folder)
    except (export.ExportError, OSError) as exc:     # OSError: a dead mount fails even the look at the folder
        return Outcome(trouble(exc, folder, mounted), folder, tuple(files), detail=str(exc))
    except Exception as exc:    # never a traceback on the screen: said in a word, logged by the caller
        return Outcome(FAILED, folder, tuple(files), detail=f"{exc.__class__.__name__}: {exc}")
    return Outcome(WRITTEN, folder, tuple(files))


def trouble(exc: BaseException, folder: Path, mounted: bool) -> str:
    """Why writing to the stick at folder failed: FULL, READ_ONLY, PULLED or FAILED."""
    cause = exc if isinstance(exc, OSError) else exc.__cause__ or exc.__context__
    err = getattr(cause, "errno", None)
    if err in NO_ROOM:
        return FULL
    if err == errno.EROFS:
        return READ_ONLY
    if err in GONE or (mounted and gone(folder, PULL_WAIT if err == errno.EIO else 0)):
        return PULLED
    try:
        free = os.statvfs(folder)
    except OSError:
        return PULLED
    if free.f_flag & os.ST_RDONLY:
        return READ_ONLY
    return FULL if free.f_bavail * free.f_frsize < FULL_BELOW else FAILED


def gone(folder: Path, wait: float = 0) -> bool:
    """The stick's mount is (or within wait seconds goes) out of the mount table."""
    deadline = time.monotonic() + wait
    while os.path.ismount(folder):
        if time.monotonic() >= deadline:
            return False
        time.sleep(POLL)
    return True


def finish(outcome: Outcome, request: Path | None = None, wait: float = EJECT_WAIT) -> Outcome:
    """After writing: the stick unmounted where it can be (not after PULLED, nor when it is
    read-only: nothing to write out), so it can be pulled out."""
    if outcome.what in (PULLED, READ_ONLY):
        return outcome
    return Outcome(outcome.what, outcome.folder, outcome.files, eject(outcome.folder, request, wait),
                   outcome.detail)


def eject(folder: Path, request: Path | None = None, wait: float = EJECT_WAIT) -> str | None:
    """Ask for the stick at folder to be unmounted and wait for it: EJECTED, STUCK, or None
    when nothing was asked (no $CELLMATE_EJECT: not the kiosk; folder is no mount point)."""
    if request is None:
        named = os.environ.get(EJECT_ENV)
        request = Path(named) if named else None
    if request is None or not os.path.ismount(folder):
        return None
    os.sync()      # on the stick before anything else, whatever the unmount does
    try:
        os.close(os.open(request, os.O_WRONLY | os.O_CREAT | os.O_NOFOLLOW | os.O_CLOEXEC, 0o600))
    except OSError as exc:
        log.warning("cannot ask for %s to be unmounted (%s): %s", folder, request, exc.strerror or exc)
        return STUCK
    deadline = time.monotonic() + wait
    while os.path.ismount(folder):
        if not os.path.lexists(request):      # the unmount was tried (it removes the file last)
            if gone(folder):
                break
            log.warning("%s could not be unmounted (journalctl -u cellmate-eject)", folder)
            return STUCK
        if time.monotonic() >= deadline:
            log.warning("%s: nobody unmounted it within %.0f s (is cellmate-eject.path running?)", folder, wait)
            try:
                os.unlink(request)
            except OSError:
                pass
            return STUCK
        time.sleep(POLL)
    return EJECTED


def read_only(roots: list[Path] | None = None, user: str | None = None) -> Path | None:
    """A stick mounted for this user (a mount point in /media/<user>/ or /run/media/<user>/,
    as export.usb_dir looks) that cannot be written: locked, or mounted read-only."""
    if roots is None:
        roots = [Path(p) for p in os.environ.get(export.MEDIA_ENV, "/media:/run/media").split(":") if p]
    if user is None:
        try:
            user = getpass.getuser()
        except Exception:
            user = ""
    bases = {(root / user if user else root) for root in roots}
    for point, writable in mounts():
        if point.parent in bases and not (writable and os.access(point, os.W_OK | os.X_OK)):
            return point
    return None


def mounts(table: Path = Path("/proc/self/mountinfo")) -> list[tuple[Path, bool]]:
    """Every mount point in this process's mount table, with whether it is mounted for writing
    (both its own options and its filesystem's say "rw")."""
    try:
        lines = table.read_text(encoding="utf-8", errors="surrogateescape").splitlines()
    except OSError:
        return []
    out = []
    for line in lines:
        fields = line.split()
        if " - " not in line or len(fields) < 6:
            continue
        own = fields[5].split(",")
        fs = line.split(" - ", 1)[1].split()
        options = fs[2].split(",") if len(fs) > 2 else []
        out.append((Path(_unescape(fields[4])), "ro" not in own and "ro" not in options))
    return out


def _unescape(field: str) -> str:
    """A mountinfo path: space, tab, newline and backslash are written as octal escapes."""
    for code in ("040", "011", "012", "134"):
        field = field.replace("\\" + code, chr(int(code, 8)))
    return field
