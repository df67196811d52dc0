"""A USB stick for the export, end to end on real FAT32 and exFAT images.

The kiosk's side: scripts/pi/mount-stick (run by udev through 99-cellmate-stick.rules)
and the mount options it gives systemd-mount; hardware/stick.py's write, sync, unmount
and the words for a stick pulled out early, a read-only one and a full one.

Each stick is an image made with mkfs.vfat -F 32 or mkfs.exfat, on a loop device,
mounted with mount-stick's owner and umask for a user that is not root (nobody): by the
kernel's vfat/exfat where this kernel has them (a Pi's has), else by the FUSE drivers
(fusefat, exfat-fuse) with the same owner and umask. scripts/_setup.sh installs the
tools (as root); the mounting needs root, so without it these tests are skipped.
cellmate-eject.path/.service is played by a thread: when the request file appears it
unmounts the stick and removes the file, as `systemctl stop media-cellmate-*.mount` and
`rm -f` would.
"""
from __future__ import annotations

import errno
import json
import os
import shutil
import signal
import subprocess
import sys
import threading
import time
from pathlib import Path

import pytest

from companion import export
from companion.session import Session
from companion.store import Store
from hardware import stick as sticks

REPO = Path(__file__).resolve().parents[1]
MOUNT_STICK = REPO / "scripts" / "pi" / "mount-stick"
RULE = REPO / "scripts" / "pi" / "99-cellmate-stick.rules"
sys.path.insert(0, str(REPO / "scripts" / "pi"))
import kiosk  # noqa: E402

OWNER = 65534        # the service's user stands in: nobody, not root (root may write anywhere)
OTHER = 65533
USER = "cellmate"
SYSTEMS = ("vfat", "exfat")


# -- mount-stick, as udev runs it -------------------------------------------------------
FAKES = {
    # what the script calls, recorded; each answers as the test says
    "systemd-mount": 'printf "%s\\n" "$@" > "$RECORD"\n',
    "findmnt": 'case " $* " in *" --fstab "*) exit "${IN_FSTAB:-1}" ;; *) exit "${MOUNTED:-1}" ;; esac\n',
    "mountpoint": 'exit "${TAKEN:-1}"\n',
}


def mount_stick(tmp_path: Path, **env) -> list[str] | None:
    """mount-stick with the device's udev properties (env); the systemd-mount command line it
    ran, or None when it mounted nothing."""
    bin_dir = tmp_path / "bin"
    bin_dir.mkdir(exist_ok=True)
    for name, body in FAKES.items():
        (bin_dir / name).write_text("#!/bin/sh\n" + body)
        (bin_dir / name).chmod(0o755)
    record = tmp_path / "systemd-mount.args"
    record.unlink(missing_ok=True)
    properties = {"DEVNAME": "/dev/sdb1", "ID_FS_TYPE": "vfat", "ID_FS_LABEL": "KINGSTON", **env}
    result = subprocess.run([str(MOUNT_STICK)], env={"PATH": f"{bin_dir}:/usr/bin:/bin", "RECORD": str(record),
                                                     **properties}, capture_output=True, text=True, timeout=30)
    assert result.returncode == 0, result.stderr
    return record.read_text().splitlines() if record.exists() else None


def options(args: list[str]) -> list[str]:
    return next(a for a in args if a.startswith("--options=")).split("=", 1)[1].split(",")


def test_a_stick_is_mounted_for_the_service_by_its_label(tmp_path):
    args = mount_stick(tmp_path)
    assert args[-2:] == ["/dev/sdb1", kiosk.STICKS + "/KINGSTON"]
    assert "--no-block" in args and "--type=vfat" in args and "--fsck=no" in args
    assert "--automount=no" in args and "--property=LazyUnmount=yes" in args
    vfat = options(args)
    assert {"uid=cellmate", "gid=cellmate", "umask=0077", "nosuid", "nodev", "noexec", "flush"} <= set(vfat)
    exfat = options(mount_stick(tmp_path, ID_FS_TYPE="exfat"))
    assert {"uid=cellmate", "gid=cellmate", "umask=0077", "nosuid", "nodev", "noexec"} <= set(exfat)
    assert "flush" not in exfat and "utf8" not in exfat       # vfat's own: exFAT's driver refuses them


@pytest.mark.parametrize("label", ["", ".", "..", "../../etc", "a/b", ".hidden"])
def test_a_label_that_is_no_plain_folder_name_gives_the_kernels_name(tmp_path, label):
    assert mount_stick(tmp_path, ID_FS_LABEL=label)[-1] == kiosk.STICKS + "/sdb1"


def test_a_second_stick_of_the_same_label_gets_a_folder_of_its_own(tmp_path):
    assert mount_stick(tmp_path, TAKEN="0")[-1] == kiosk.STICKS + "/KINGSTON-sdb1"


@pytest.mark.parametrize("why", [{"IN_FSTAB": "0"}, {"MOUNTED": "0"}, {"ID_FS_TYPE": "ext4"}])
def test_what_the_system_uses_or_cannot_be_a_stick_is_left_alone(tmp_path, why):
    # the boot partition of a Pi booted from a USB disk is FAT in /etc/fstab
    assert mount_stick(tmp_path, **why) is None


def test_the_udev_rule_runs_mount_stick_for_fat_and_exfat_on_usb():
    rules = [line for line in RULE.read_text().splitlines() if line and not line.startswith("#")]
    assert len(rules) == 1
    rule = rules[0]
    for match in ('ACTION=="add"', 'SUBSYSTEM=="block"', 'ENV{ID_BUS}=="usb"', 'ENV{ID_FS_USAGE}=="filesystem"',
                  'ENV{ID_FS_TYPE}=="vfat|exfat"', f'RUN{{program}}+="{kiosk.STICK_MOUNT}"'):
        assert match in rule, match
    assert os.access(MOUNT_STICK, os.X_OK)


# -- real sticks ---------------------------------------------------------------------
def _missing() -> str | None:
    if os.geteuid() != 0:
        return "mounting an image needs root"
    tools = ("mkfs.vfat", "mkfs.exfat", "losetup", "mount", "umount", "fusefat", "mount.exfat-fuse")
    absent = [tool for tool in tools if shutil.which(tool) is None]
    if absent:
        return f"not installed: {' '.join(absent)} (scripts/_setup.sh installs them as root)"
    if not Path("/dev/fuse").exists() or not Path("/dev/loop-control").exists():
        return "no /dev/fuse or /dev/loop-control here"
    return None


@pytest.fixture
def mounts():
    """Real sticks are real images here: a check that cannot mount them proves nothing."""
    assert _missing() is None, _missing()


needs_mounts = pytest.mark.usefixtures("mounts")


class Stick:
    """An image as a USB stick: made, plugged (a loop device, mounted as mount-stick has
    systemd mount it), unplugged, pulled out."""

    def __init__(self, tmp_path: Path, fs: str, label: str = "STICK", size_mb: int = 40):
        self.fs, self.label = fs, label
        self.image = tmp_path / f"{fs}.img"
        self.media = tmp_path / "media"
        self.folder = self.media / USER / label
        self.device: str | None = None
        self.daemon: int | None = None        # the FUSE driver's process
        with open(self.image, "wb") as fh:
            fh.truncate(size_mb * 1024 * 1024)
        make = (["mkfs.vfat", "-F", "32", "-n", label] if fs == "vfat" else ["mkfs.exfat", "-L", label])
        subprocess.run(make + [str(self.image)], check=True, capture_output=True, timeout=60)
        self.options = [o.replace("=cellmate", f"={OWNER}")
                        for o in options(mount_stick(tmp_path, ID_FS_TYPE=fs, ID_FS_LABEL=label))]

    def plug(self, read_only: bool = False, fuse: bool = False) -> None:
        self.folder.mkdir(parents=True, exist_ok=True)
        self.device = subprocess.run(["losetup", "--find", "--show", str(self.image)], check=True,
                                     capture_output=True, text=True, timeout=30).stdout.strip()
        kernel = None
        if not fuse:
            kernel = subprocess.run(["mount", "-t", self.fs, "-o", ",".join(self.options + ["ro"] * read_only),
                                     self.device, str(self.folder)], capture_output=True, text=True, timeout=30)
        if kernel is None or kernel.returncode != 0:
            if kernel is not None and "unknown filesystem type" not in kernel.stderr:
                raise AssertionError(kernel.stderr)
            self._fuse(read_only)
        assert os.path.ismount(self.folder)

    def _fuse(self, read_only: bool) -> None:
        """This kernel has no vfat/exfat: the FUSE driver, with the same owner and umask."""
        own = [o for o in self.options if o.split("=")[0] in ("uid", "gid", "umask")]
        fuse = ["allow_other", "default_permissions", *own, *(["ro"] if read_only else [])]
        if self.fs == "vfat":
            cmd = ["fusefat", "-o", ",".join(fuse + ([] if read_only else ["rw+"])), self.device, str(self.folder)]
        else:
            cmd = ["mount.exfat-fuse", "-o", ",".join(fuse), self.device, str(self.folder)]
        subprocess.run(cmd, check=True, capture_output=True, timeout=30)
        self.daemon = next(int(p.name) for p in Path("/proc").iterdir() if p.name.isdigit() and
                           _cmdline(p)[:1] == [cmd[0]] and str(self.folder) in _cmdline(p))

    def unmount(self) -> None:
        """What systemd does when the mount unit stops: unmount, the driver done with the image."""
        subprocess.run(["umount", str(self.folder)], check=True, capture_output=True, timeout=30)
        self._done()

    def pull(self) -> None:
        """Pulled out: the stick is gone under whatever was using it, its mount dead (every
        use of it fails) until it is unmounted."""
        assert self.daemon is not None, "a kernel mount cannot be pulled here"
        os.kill(self.daemon, signal.SIGKILL)
        self._wait()

    def _wait(self) -> None:
        if self.daemon is not None:
            end = time.monotonic() + 60          # generous: the suite runs in parallel, under load too
            while Path(f"/proc/{self.daemon}").exists() and _cmdline(Path(f"/proc/{self.daemon}")):
                assert time.monotonic() < end, "the FUSE driver did not end"
                time.sleep(0.02)
            self.daemon = None

    def _done(self) -> None:
        self._wait()
        if os.path.ismount(self.folder) or _listed(self.folder):
            subprocess.run(["umount", "-l", str(self.folder)], capture_output=True, timeout=30)
        if self.device:
            subprocess.run(["losetup", "-d", self.device], capture_output=True, timeout=30)
            self.device = None

    def files(self) -> dict[str, bytes]:
        """What is on the stick, read back after plugging it in again."""
        self._done()
        self.plug(read_only=True)
        try:
            return {p.name: p.read_bytes() for p in self.folder.iterdir() if p.name.startswith("cellmate")}
        finally:
            self.unmount()


def _cmdline(proc: Path) -> list[str]:
    try:
        return (proc / "cmdline").read_bytes().decode(errors="replace").split("\0")[:-1]
    except OSError:
        return []


def _listed(folder: Path) -> bool:
    return any(point == folder for point, _ in sticks.mounts())


@pytest.fixture
def plugged(tmp_path):
    made: list[Stick] = []

    def make(fs: str, **kwargs) -> Stick:
        stick = Stick(tmp_path, fs, **kwargs)
        made.append(stick)
        return stick
    yield make
    for stick in made:
        if stick.daemon is not None and Path(f"/proc/{stick.daemon}").exists():
            os.kill(stick.daemon, signal.SIGKILL)
        stick._done()


class Helper:
    """cellmate-eject.path and .service as a thread: the request seen, the stick unmounted
    (or, told to fail, left mounted) and the request removed."""

    def __init__(self, request: Path, stick: Stick, unmounts: bool = True):
        self.request, self.stick, self.unmounts = request, stick, unmounts
        self.thread = threading.Thread(target=self.run, daemon=True)
        self.thread.start()

    def run(self) -> None:
        end = time.monotonic() + 30
        while not self.request.exists() and time.monotonic() < end:
            time.sleep(0.01)
        if self.unmounts:
            self.stick.unmount()
        self.request.unlink()


def games(tmp_path: Path, count: int = 3) -> Store:
    store = Store.open(tmp_path / "data")
    for n in range(count):
        session = Session.create(store, "dice", ["Anna", "Ben", f"Cleo {n}"], {})
        for face in (3, 5, 6, 1):
            session.act({"type": "roll", "player": session.state["current"], "dice": [face]})
        session.act({"type": "end"})
        session.close()
    return store


def saved(store: Store) -> list:
    return store.read("SELECT id, game, head, setup FROM sessions ORDER BY id") + \
        store.read("SELECT session_id, seq, action FROM events ORDER BY session_id, seq")


@needs_mounts
@pytest.mark.parametrize("fs", SYSTEMS)
def test_a_plugged_stick_belongs_to_the_service_alone(plugged, fs):
    stick = plugged(fs)
    stick.plug()
    assert stick.folder.stat().st_uid == OWNER and stick.folder.stat().st_mode & 0o777 == 0o700
    folder = os.open(stick.folder, os.O_RDONLY | os.O_DIRECTORY)     # the tests' own folders are root's alone
    try:
        for uid, works in ((OWNER, True), (OTHER, False)):
            write = f"import os; os.close(os.open('probe-{uid}', os.O_WRONLY | os.O_CREAT, 0o600, dir_fd={folder}))"
            result = subprocess.run(["setpriv", f"--reuid={uid}", f"--regid={uid}", "--clear-groups",
                                     sys.executable, "-c", write], capture_output=True, text=True, timeout=60,
                                    pass_fds=(folder,))
            assert (result.returncode == 0) is works, result.stderr
    finally:
        os.close(folder)
    assert export.usb_dir([stick.media], user=USER) == stick.folder
    assert sticks.read_only([stick.media], user=USER) is None


@needs_mounts
@pytest.mark.parametrize("fs", SYSTEMS)
def test_the_export_is_written_synced_and_unmounted_and_it_can_be_pulled_out(plugged, tmp_path, fs):
    store = games(tmp_path)
    stick = plugged(fs)
    stick.plug()
    request = tmp_path / "run" / "eject"
    request.parent.mkdir()
    helper = Helper(request, stick)
    outcome = sticks.finish(sticks.write(store, stick.folder), request, wait=20)
    helper.thread.join(5)
    assert (outcome.what, outcome.out, outcome.name) == (sticks.WRITTEN, sticks.EJECTED, "STICK")
    assert not os.path.ismount(stick.folder) and not request.exists()
    on_it = stick.files()                      # plugged in again: every file whole
    assert sorted(on_it) == sorted(p.name for p in outcome.files) and len(on_it) == 5
    name = next(n for n in on_it if n.endswith(".json"))
    data = json.loads(on_it[name])
    assert [g["players"][2]["name"] for g in data["games"]] == ["Cleo 0", "Cleo 1", "Cleo 2"]
    assert json.loads(on_it[next(n for n in on_it if n.endswith(".bgsplay"))])["plays"]
    actions = on_it[next(n for n in on_it if n.endswith("-actions.csv"))].decode()
    assert len(actions.splitlines()) == 1 + 3 * 5


@needs_mounts
def test_an_unmount_that_does_not_happen_is_said(plugged, tmp_path):
    store = games(tmp_path, 1)
    stick = plugged("vfat")
    stick.plug()
    request = tmp_path / "eject"
    helper = Helper(request, stick, unmounts=False)       # busy, or systemd said no
    outcome = sticks.finish(sticks.write(store, stick.folder), request, wait=20)
    helper.thread.join(5)
    assert (outcome.what, outcome.out) == (sticks.WRITTEN, sticks.STUCK)
    assert os.path.ismount(stick.folder) and not request.exists()
    started = time.monotonic()
    assert sticks.eject(stick.folder, tmp_path / "nobody-listens", wait=0.3) == sticks.STUCK   # no helper at all
    assert time.monotonic() - started < 5 and not (tmp_path / "nobody-listens").exists()
    assert sticks.eject(stick.folder, None) is None       # not the kiosk: nobody to ask
    stick.unmount()
    assert len(stick.files()) == 5                         # synced before asking: all there all the same


@needs_mounts
@pytest.mark.parametrize("fs", SYSTEMS)
@pytest.mark.parametrize("when", ["during the first file", "between two files"])
def test_a_stick_pulled_out_early_is_said_and_loses_nothing(plugged, tmp_path, monkeypatch, fs, when):
    store = games(tmp_path)
    before = saved(store)
    stick = plugged(fs)
    stick.plug(fuse=True)                # a kernel mount cannot be pulled here; the driver can be killed
    real_write, real_fsync = export.write, os.fsync
    calls = []

    def pulling_fsync(fd):
        if not calls:
            calls.append(fd)
            stick.pull()
        return real_fsync(fd)

    def pulling_write(store, fmt, folder, now=None):
        if len(calls) == 1:
            stick.pull()
        calls.append(fmt)
        return real_write(store, fmt, folder, now)

    if when == "during the first file":
        monkeypatch.setattr(os, "fsync", pulling_fsync)
    else:
        monkeypatch.setattr(export, "write", pulling_write)
    request = tmp_path / "eject"
    outcome = sticks.finish(sticks.write(store, stick.folder), request, wait=2)
    monkeypatch.undo()
    assert (outcome.what, outcome.out) == (sticks.PULLED, None), outcome
    assert not request.exists()                            # nothing to unmount: it is out
    assert saved(store) == before                          # the games are as they were
    on_it = stick.files()                                  # plugged in again: what is there is whole
    whole = {name: body for name, body in on_it.items() if not name.endswith(".part")}
    if when == "between two files":
        assert len(whole) == 1 and json.loads(next(iter(whole.values())))["games"]
    for name, body in whole.items():
        if name.endswith(".json"):
            assert len(json.loads(body)["games"]) == 3


@needs_mounts
@pytest.mark.parametrize("fs", SYSTEMS)
def test_a_read_only_stick_is_said_and_not_passed_over(plugged, tmp_path, fs):
    store = games(tmp_path, 1)
    stick = plugged(fs)
    stick.plug(read_only=True)                             # its lock switch on: mounted read-only
    assert export.usb_dir([stick.media], user=USER) is None
    assert sticks.read_only([stick.media], user=USER) == stick.folder
    assert sticks.read_only([stick.media], user="someone-else") is None
    outcome = sticks.finish(sticks.write(store, stick.folder), tmp_path / "eject", wait=1)
    assert (outcome.what, outcome.out) == (sticks.READ_ONLY, None)
    assert not (tmp_path / "eject").exists()               # nothing to write out: not unmounted
    stick.unmount()
    assert stick.files() == {}


@needs_mounts
@pytest.mark.parametrize("fs", SYSTEMS)
def test_a_full_stick_is_said_keeps_nothing_half_written_and_is_unmounted(plugged, tmp_path, fs):
    store = games(tmp_path)
    before = saved(store)
    stick = plugged(fs, size_mb=40)
    stick.plug()
    fill(stick.folder / "filler.bin")
    request = tmp_path / "eject"
    helper = Helper(request, stick)
    outcome = sticks.finish(sticks.write(store, stick.folder), request, wait=20)
    helper.thread.join(5)
    assert (outcome.what, outcome.out) == (sticks.FULL, sticks.EJECTED), outcome
    assert saved(store) == before
    assert stick.files() == {}                             # no file of it, no ".part" left on the stick


def fill(path: Path) -> None:
    """A file as big as the stick takes, to its last byte (the kernel says ENOSPC; fusefat, EPERM)."""
    fd = os.open(path, os.O_WRONLY | os.O_CREAT, 0o600)
    try:
        for size in (1 << 16, 512, 1):
            try:
                while True:
                    os.write(fd, b"\0" * size)
            except OSError as exc:
                assert exc.errno in (errno.ENOSPC, errno.EPERM), exc
    finally:
        os.close(fd)
    free = os.statvfs(path.parent)
    assert free.f_bavail * free.f_frsize < sticks.FULL_BELOW


def export_error(err: int) -> export.ExportError:
    """export's one line, made while the OSError behind it is handled (as export.write does)."""
    try:
        raise OSError(err, os.strerror(err))
    except OSError:
        try:
            raise export.ExportError("cannot be written") from None
        except export.ExportError as exc:
            return exc


def test_trouble_reads_the_cause_behind_the_exports_one_line():
    failed = export_error
    here = Path(".")
    assert sticks.trouble(failed(errno.ENOSPC), here, mounted=False) == sticks.FULL
    assert sticks.trouble(failed(errno.EROFS), here, mounted=False) == sticks.READ_ONLY
    assert sticks.trouble(failed(errno.ENODEV), here, mounted=False) == sticks.PULLED
    assert sticks.trouble(failed(errno.EACCES), here, mounted=False) == sticks.FAILED
    assert sticks.trouble(export.ExportError("the saved games cannot be read"), here, mounted=False) == sticks.FAILED
    assert sticks.trouble(failed(errno.EIO), Path("/nonexistent-stick"), mounted=False) == sticks.PULLED


def test_the_mount_table_is_read_with_its_escapes(tmp_path):
    table = tmp_path / "mountinfo"
    table.write_text(
        "36 35 98:0 / /media/cellmate/MY\\040STICK rw,nosuid - vfat /dev/sda1 rw,uid=999\n"
        "37 35 98:1 / /media/cellmate/LOCKED ro,nosuid - exfat /dev/sdb1 ro\n"
        "38 35 98:2 / /media/cellmate/BROKEN rw - vfat /dev/sdc1 ro,errors=remount-ro\n"
        "garbage\n")
    assert sticks.mounts(table) == [(Path("/media/cellmate/MY STICK"), True), (Path("/media/cellmate/LOCKED"), False),
                                    (Path("/media/cellmate/BROKEN"), False)]
    assert sticks.mounts(tmp_path / "none") == []
