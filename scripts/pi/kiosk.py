#!/usr/bin/env python3
"""Cellmate's kiosk install on a Raspberry Pi, and its undoing.

    scripts/install-pi   [--force] [--dry-run] [--root DIR [--record FILE]]
    scripts/uninstall-pi [--purge] [--remove-packages] [--dry-run] [--root DIR [--record FILE]]

Both are idempotent: each step looks first and only acts when something is
missing or different, one line per step, and a run with nothing to do says
"nothing to change". What the install did that the uninstall must undo (the
user it made, the groups it added, the packages it installed, the boot target
it changed, the folders it made) is kept in /opt/cellmate/install-manifest.json.

A damaged manifest (not JSON, cut short, the wrong shape, a field of the wrong
type) is said, with its path and what is wrong, never a traceback. install-pi
keeps a copy of it (install-manifest.json.damaged-<date>) and writes it anew,
listing what it lost as "unknown". uninstall-pi undoes what it knows as
Cellmate's own by itself, leaves what only the lost fields could tell (the
user, the groups, the packages, the boot target, the folders) with a "left"
line saying how to undo it by hand, keeps the damaged record, and then exits 3.
Exit status: 0 done, 1 a step failed, 2 refused, 3 (uninstall) partly done:
something is left for want of the manifest.

``--root DIR`` installs into a throwaway root for tests: every file is written
under DIR, and every system command (apt-get, useradd, usermod, userdel,
gpasswd, python3 -m venv, pip, chown, udevadm, systemctl) is printed (and
appended to ``--record FILE`` as a JSON line) instead of run. Its effect on
the system's state is played on the files under DIR (etc/passwd, etc/group,
var/lib/dpkg/status, the systemd symlinks), so a second run sees the first
one's work, and the uninstall can be checked to give back the tree it found.

Standard library only: it runs with the system's python3 before the app's
venv exists.
"""
from __future__ import annotations

import argparse
import hashlib
import importlib.util
import json
import os
import shlex
import shutil
import subprocess
import sys
import tempfile
import time
from pathlib import Path

NAME = "cellmate"
USER = "cellmate"
GROUPS = ("video", "render", "input", "gpio", "dialout", "audio")
GROUP_USE = {"video": "the display", "render": "the GPU", "input": "the touchscreen and keyboards",
             "gpio": "the buttons and the buzzer", "dialout": "the seat pads", "audio": "the sound card (the voice)"}
APP_DIR = "/opt/cellmate"
VENV = "/opt/cellmate/venv"
MANIFEST = "/opt/cellmate/install-manifest.json"
STAMP = "/opt/cellmate/installed-source"
README_COPY = "/opt/cellmate/README.md"
CONFIG_DIR = "/etc/cellmate"
CONFIG = "/etc/cellmate/config.toml"
DATA_DIR = "/var/lib/cellmate"
KIVY_HOME = "/var/lib/cellmate/kivy"
UNIT_NAME = "cellmate.service"
UNIT = "/etc/systemd/system/cellmate.service"
WANTS = "/etc/systemd/system/multi-user.target.wants/cellmate.service"
UDEV_RULE = "/etc/udev/rules.d/99-cellmate-pads.rules"
# A USB stick for the export: mounted for the service by udev and mount-stick, unmounted
# when the app asks (cellmate-eject.path starts cellmate-eject.service), under STICKS.
STICK_RULE = "/etc/udev/rules.d/99-cellmate-stick.rules"
STICK_MOUNT = "/opt/cellmate/mount-stick"
STICKS = "/media/cellmate"
EJECT_UNITS = ("/etc/systemd/system/cellmate-eject.path", "/etc/systemd/system/cellmate-eject.service")
# Phones at the table: the port's socket unit and the drop-in that hands it to the service,
# both there only while the config says [phones] enabled = true.
PHONES_SOCKET = "/etc/systemd/system/cellmate-phones.socket"
PHONES_DROPIN = "/etc/systemd/system/cellmate.service.d/phones.conf"
PHONES_PORT = 8080
SOURCE_PHONES = "systemd/cellmate-phones.socket"
BIN_LINK = "/usr/local/bin/companion"
DEFAULT_TARGET = "/etc/systemd/system/default.target"
DISPLAY_MANAGER = "/etc/systemd/system/display-manager.service"
DPKG_STATUS = "/var/lib/dpkg/status"
MODEL = "/proc/device-tree/model"
# The venv's interpreter: the system's, which the service can reach (ProtectHome hides a
# pyenv or conda under /home or /root) and which sees Raspberry Pi OS's python3-lgpio.
SYSTEM_PYTHON = "/usr/bin/python3"

# What the app needs from Raspberry Pi OS (Bookworm): a venv, and the run-time
# libraries Kivy's SDL2 loads for the console (KMS/DRM: gbm, drm, EGL/GLES and
# the Mesa drivers), for touch (mtdev), sound (ALSA) and input (udev); and the
# voice, espeak-ng (offline, English and German voices).
PACKAGES = ("python3-venv", "libegl1", "libgles2", "libgl1", "libgbm1", "libdrm2", "libgl1-mesa-dri",
            "libmtdev1", "libasound2", "libudev1", "espeak-ng")
# Only in Raspberry Pi OS: gpiozero's pin library (used through the venv's system site packages).
PI_PACKAGES = ("python3-lgpio",)

SOURCE_FILES = ("pyproject.toml", "README.md")
SOURCE_PACKAGES = ("companion", "hardware", "ui")
SOURCE_UNIT = "systemd/cellmate.service"
SOURCE_CONFIG = "scripts/pi/config.toml"
SOURCE_TOUCH = "hardware/touch.py"
SOURCE_UDEV = "hardware/pads/99-cellmate-pads.rules"
SOURCE_STICK = {STICK_RULE: ("scripts/pi/99-cellmate-stick.rules", 0o644),
                STICK_MOUNT: ("scripts/pi/mount-stick", 0o755),
                EJECT_UNITS[0]: ("systemd/cellmate-eject.path", 0o644),
                EJECT_UNITS[1]: ("systemd/cellmate-eject.service", 0o644)}

REPO = Path(__file__).resolve().parents[2]


class Refused(Exception):
    """Said plainly, exit 2, nothing changed."""


class Failed(Exception):
    """A step failed; exit 1."""


# -- output and commands ------------------------------------------------------------
class Host:
    """The system being changed: the real one (root "/") or files under --root DIR."""

    def __init__(self, root: str, dry_run: bool, record: str | None, out=sys.stdout):
        self.root = Path(root).resolve()
        self.offline = self.root != Path("/")
        self.dry_run = dry_run
        self.record = Path(record) if record else None
        self.out = out
        self.changes = 0
        self.manifest_dirs: list[str] = []

    # paths
    def p(self, path: str) -> Path:
        return self.root / path.lstrip("/")

    @property
    def systemd_running(self) -> bool:
        return not self.offline and Path("/run/systemd/system").is_dir()

    # lines
    def say(self, tag: str, text: str) -> None:
        print(f"  {tag:<8} {text}", file=self.out, flush=True)

    def ok(self, text: str) -> None:
        self.say("ok", text)

    def skip(self, text: str) -> None:
        self.say("skip", text)

    def change(self, text: str) -> None:
        self.changes += 1
        self.say("would" if self.dry_run else "change", text)

    # commands
    def run(self, cmd: list[str], emulate=None, check: bool = True, env: dict | None = None) -> bool:
        """Run a system command, or record it (--root), or only name it (--dry-run)."""
        text = shlex.join(cmd)
        if self.dry_run:
            print(f"             would run: {text}", file=self.out, flush=True)
            return True
        if self.offline:
            print(f"             $ {text}   [recorded, not run: --root]", file=self.out, flush=True)
            if self.record:
                with self.record.open("a", encoding="utf-8") as f:
                    f.write(json.dumps(cmd) + "\n")
            if emulate is not None:
                emulate()
            return True
        print(f"             $ {text}", file=self.out, flush=True)
        try:
            result = subprocess.run(cmd, env={**os.environ, **(env or {})})
        except FileNotFoundError:
            if cmd[0] == "systemctl" and emulate is not None:
                # No systemd here (a chroot, a container): enabling a unit or setting the
                # boot target is only a link in /etc, which a later boot with systemd reads.
                self.say("warn", f"systemctl is not installed here (no systemd: a chroot?); "
                         f"{' '.join(cmd[1:])} done by hand, as a link in /etc")
                emulate()
                return True
            if check:
                raise Failed(f"{cmd[0]} is not installed here") from None
            self.say("warn", f"{cmd[0]} is not installed here (no udev/systemd in a container?); skipped")
            return False
        if result.returncode != 0:
            if check:
                raise Failed(f"{text} failed (exit {result.returncode})")
            self.say("warn", f"{cmd[0]} {cmd[1] if len(cmd) > 1 else ''} failed (exit {result.returncode}); going on")
            return False
        return True

    # files (all writes go through here, so --dry-run writes nothing)
    def mkdir(self, path: str, mode: int = 0o755) -> None:
        """Make a folder and its parents, remembering each one made for the uninstall."""
        target = self.p(path)
        missing = []
        while not target.exists():
            missing.append(target)
            target = target.parent
        for folder in reversed(missing):
            folder.mkdir(mode=mode)
            rel = "/" + str(folder.relative_to(self.root)) if folder != self.root else "/"
            if rel not in self.manifest_dirs:
                self.manifest_dirs.append(rel)

    def write(self, path: str, data: bytes, mode: int = 0o644) -> None:
        target = self.p(path)
        self.mkdir(str(Path(path).parent))
        tmp = target.with_name(f".{target.name}.cellmate-tmp")
        tmp.write_bytes(data)
        os.chmod(tmp, mode)
        os.replace(tmp, target)

    def symlink(self, path: str, target: str) -> None:
        link = self.p(path)
        self.mkdir(str(Path(path).parent))
        if link.is_symlink() or link.exists():
            link.unlink()
        link.symlink_to(target)

    def remove(self, path: str) -> None:
        target = self.p(path)
        if target.is_symlink() or target.is_file():
            target.unlink()
        elif target.is_dir():
            shutil.rmtree(target)


# -- small readers ------------------------------------------------------------------
def read_text(path: Path) -> str | None:
    try:
        return path.read_text(encoding="utf-8", errors="replace")
    except (FileNotFoundError, NotADirectoryError):
        return None


def read_bytes(path: Path) -> bytes | None:
    try:
        return path.read_bytes()
    except (FileNotFoundError, NotADirectoryError, IsADirectoryError):
        return None


def pi_model(host: Host) -> str | None:
    text = read_text(host.p(MODEL))
    if text and "Raspberry Pi" in text:
        return text.replace("\x00", "").strip()
    return None


def installed_packages(host: Host) -> set[str]:
    text = read_text(host.p(DPKG_STATUS)) or ""
    have = set()
    for stanza in text.split("\n\n"):
        fields = {}
        for line in stanza.splitlines():
            if line and not line[0].isspace() and ":" in line:
                key, value = line.split(":", 1)
                fields[key] = value.strip()
        if fields.get("Package") and fields.get("Status", "").endswith(" installed"):
            have.add(fields["Package"])
    return have


def _emulated_stanza(package: str) -> str:
    return (f"Package: {package}\nStatus: install ok installed\nArchitecture: all\n"
            f"Version: 0-recorded\nDescription: recorded by install-pi --root\n\n")


def group_lines(host: Host) -> list[list[str]]:
    text = read_text(host.p("/etc/group")) or ""
    return [line.split(":") for line in text.splitlines() if line.count(":") >= 3]


def passwd_lines(host: Host) -> list[list[str]]:
    return [line.split(":") for line in (read_text(host.p("/etc/passwd")) or "").splitlines()]


def user_entry(host: Host, name: str) -> list[str] | None:
    for parts in passwd_lines(host):
        if parts and parts[0] == name and len(parts) >= 7:
            return parts
    return None


def group_members(host: Host, group: str) -> set[str] | None:
    for parts in group_lines(host):
        if parts[0] == group:
            return {m for m in parts[3].split(",") if m}
    return None


def _edit_lines(path: Path, fn) -> None:
    text = path.read_text(encoding="utf-8") if path.exists() else ""
    lines = text.splitlines()
    new = fn(lines)
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text("".join(line + "\n" for line in new), encoding="utf-8")


# -- what useradd, usermod, gpasswd and userdel do, played on the files under --root -----
def edit_membership(host: Host, user: str, groups, join: bool) -> None:
    """Put `user` into (usermod --append) or take it out of (gpasswd --delete, userdel) the
    member list of each group in `groups` in etc/group; None: every group."""
    def edit(lines):
        out = []
        for line in lines:
            parts = line.split(":")
            if len(parts) >= 4 and (groups is None or parts[0] in groups):
                members = [m for m in parts[3].split(",") if m and (join or m != user)]
                parts[3] = ",".join(members + [user] if join else members)
                line = ":".join(parts)
            out.append(line)
        return out
    _edit_lines(host.p("/etc/group"), edit)


def edit_account(host: Host, user: str, ident: int | None = None) -> None:
    """useradd --system --user-group (`ident`: its uid and gid) or, without one, userdel:
    the user's line in etc/passwd, its own group's in etc/group, and its place in every other."""
    if ident is not None:
        _edit_lines(host.p("/etc/passwd"),
                    lambda lines: lines + [f"{user}:x:{ident}:{ident}:Cellmate kiosk:{DATA_DIR}:/usr/sbin/nologin"])
        _edit_lines(host.p("/etc/group"), lambda lines: lines + [f"{user}:x:{ident}:"])
        return
    for path in ("/etc/passwd", "/etc/group"):
        _edit_lines(host.p(path), lambda lines: [line for line in lines if line.split(":")[0] != user])
    edit_membership(host, user, None, join=False)


def source_digest(source: Path) -> str:
    """One hash of everything pip installs from the source tree."""
    digest = hashlib.sha256()
    for path in _source_paths(source):
        digest.update(str(path.relative_to(source)).encode() + b"\0")
        digest.update(path.read_bytes() + b"\0")
    return digest.hexdigest()


def _source_paths(source: Path) -> list[Path]:
    paths = [source / name for name in SOURCE_FILES if (source / name).is_file()]
    for package in SOURCE_PACKAGES:
        for path in sorted((source / package).rglob("*")):
            rel = path.relative_to(source).parts
            if path.is_file() and "__pycache__" not in rel and not path.name.endswith(".pyc") \
                    and not any(part.startswith(".") for part in rel):
                paths.append(path)
    return paths


def load_touch(source: Path):
    spec = importlib.util.spec_from_file_location("cellmate_kiosk_touch", source / SOURCE_TOUCH)
    module = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = module  # dataclasses look their module up while the class is made
    try:
        spec.loader.exec_module(module)
    finally:
        sys.modules.pop(spec.name, None)
    return module


def _is_bool(value) -> bool:
    return isinstance(value, bool)


def _names(value) -> bool:
    return isinstance(value, list) and all(isinstance(v, str) and v for v in value)


def _target(value) -> bool:
    if value is None:
        return True
    if not isinstance(value, dict) or "previous" not in value:
        return False
    old = value["previous"]
    return old is None or (isinstance(old, str) and old.endswith(".target"))


def _folders(value) -> bool:
    return isinstance(value, list) and all(
        isinstance(v, str) and v.startswith("/") and ".." not in Path(v).parts for v in value)


# What the manifest records: field -> (its default: "install-pi did not", whether a value is good,
# what a good one is, what is unknown without it).
RECORDED = {
    "created_user": (False, _is_bool, "true or false", f"whether install-pi made the user {USER}"),
    "groups_added": ([], _names, "a list of group names", f"which groups install-pi added {USER} to"),
    "packages_installed": ([], _names, "a list of package names", "which packages install-pi installed"),
    "default_target": (None, _target, 'null or {"previous": a .target or null}',
                       "whether install-pi changed the boot target"),
    "config_written": (False, _is_bool, "true or false", "whether install-pi wrote the config"),
    "bin_link": (False, _is_bool, "true or false", f"whether install-pi made {BIN_LINK}"),
    "dirs_created": ([], _folders, "a list of folder paths from /", "which folders install-pi made"),
}
# What the uninstall undoes only on the manifest's word.
UNDONE_BY_RECORD = ("created_user", "groups_added", "packages_installed", "default_target", "dirs_created")
# What the uninstall does without a field it does not need.
NOT_NEEDED = {"config_written": f"not needed: {CONFIG} goes only with --purge",
              "bin_link": f"not needed: {BIN_LINK} is known by where it points",
              "version": "not needed"}
JSON_KIND = {list: "list", str: "string", int: "number", float: "number", bool: "true/false", type(None): "null"}


def _shown(value) -> str:
    text = json.dumps(value, ensure_ascii=False)
    return text if len(text) <= 40 else text[:37] + "..."


class Manifest:
    """What install-pi did, for uninstall-pi: /opt/cellmate/install-manifest.json.

    A damaged file is never taken at its word. When the whole file is unusable
    (not JSON, cut short, empty, binary, not an object) every field is unknown;
    when one field is bad or missing, only that one. An unknown field is read as "install-pi
    did not" (so nothing is undone on a guess) and listed in data["unknown"], which
    install-pi writes back: what a lost manifest knew stays unknown, not "none".
    """

    def __init__(self, host: Host):
        self.host = host
        self.path = host.p(MANIFEST)
        self.damage: str | None = None         # why the whole file is unusable
        self.bad: dict[str, str] = {}          # field -> what is wrong with it
        self.loaded, self.damage = self._read()
        self.data = dict(self.loaded or {})
        unknown: set[str] = set()
        if self.damage:
            unknown |= set(RECORDED)
        version = self.data.get("version", 1)
        if not isinstance(version, int) or isinstance(version, bool):
            self.bad["version"] = f"version is {_shown(version)}, not a number"
            version = 1
        self.data["version"] = version
        for field, (default, good, expected, _) in RECORDED.items():
            if self.loaded is not None and field not in self.data:
                # install-pi writes every field, in one step: one missing was not its doing
                self.bad[field] = f"{field} is missing"
                unknown.add(field)
            elif field in self.data and not good(self.data[field]):
                self.bad[field] = f"{field} is {_shown(self.data[field])}, not {expected}"
                unknown.add(field)
                del self.data[field]
            self.data.setdefault(field, json.loads(json.dumps(default)))   # a fresh list each time
        before = self.data.get("unknown", [])
        if isinstance(before, list) and all(f in RECORDED for f in before):
            self.lost = unknown - set(before)   # unknown since this file was damaged
            unknown |= set(before)
        else:
            self.bad["unknown"] = f"unknown is {_shown(before)}, not a list of field names"
            unknown |= set(RECORDED)
            self.lost = set(RECORDED)
        self.data.pop("unknown", None)
        if unknown:
            self.data["unknown"] = sorted(unknown)

    def _read(self) -> tuple[dict | None, str | None]:
        """The manifest's fields, or why it cannot be read (neither when there is none)."""
        if self.path.is_dir():
            return None, "a folder, not a file"
        try:
            raw = self.path.read_bytes()
        except (FileNotFoundError, NotADirectoryError):
            return None, None
        except OSError as exc:
            return None, f"it cannot be read ({exc.strerror or exc})"
        if not raw.strip():
            return None, "empty"
        if not raw.strip(b"\x00"):
            return None, "nothing but zero bytes"
        try:
            text = raw.decode("utf-8")
        except UnicodeDecodeError:
            return None, "not text (binary data), so not the JSON it should be"
        try:
            value = json.loads(text)
        except json.JSONDecodeError as exc:
            return None, f"not valid JSON, cut short or garbled ({exc.msg}: line {exc.lineno} column {exc.colno})"
        except (ValueError, RecursionError) as exc:
            return None, f"not valid JSON ({exc.__class__.__name__})"
        if not isinstance(value, dict):
            return None, f"a JSON {JSON_KIND.get(type(value), type(value).__name__)}, not an object of fields"
        return value, None

    @property
    def damaged(self) -> bool:
        return bool(self.damage or self.bad)

    def problems(self) -> list[str]:
        """One line per thing wrong with the file, each naming it."""
        if self.damage:
            return [f"{MANIFEST} is damaged: {self.damage}"]
        return [f"{MANIFEST} is damaged: {reason}" for reason in self.bad.values()]

    def unknown(self, field: str) -> bool:
        return field in self.data.get("unknown", [])

    def known(self, field: str) -> None:
        """install-pi has just set this field for sure."""
        rest = [f for f in self.data.get("unknown", []) if f != field]
        if rest:
            self.data["unknown"] = rest
        else:
            self.data.pop("unknown", None)

    def damaged_copies(self) -> list[Path]:
        return sorted(self.path.parent.glob(self.path.name + ".damaged-*"))

    def set_aside(self) -> None:
        """install-pi over a damaged manifest: say so, keep a copy of it, write it anew."""
        if not self.damaged:
            return
        for line in self.problems():
            self.host.say("warn", line)
        stamp = time.strftime("%Y%m%d-%H%M%S")
        copy, n = self.path.with_name(f"{self.path.name}.damaged-{stamp}"), 1
        while copy.exists() or copy.is_symlink():
            n += 1
            copy = self.path.with_name(f"{self.path.name}.damaged-{stamp}-{n}")
        shown = f"{APP_DIR}/{copy.name}"
        self.host.change(f"{MANIFEST}: written anew; the damaged one is kept as {shown}"
                         if not self.host.dry_run else
                         f"{MANIFEST}: write it anew, keeping the damaged one as {shown}")
        lost = [RECORDED[f][3] for f in UNDONE_BY_RECORD if f in self.lost]
        if lost:
            self.host.say("note", f"what it held is lost: {'; '.join(lost)}. uninstall-pi leaves those as "
                                  "they are and says how to undo them by hand")
        if self.host.dry_run:
            return
        if self.path.is_dir() or self.path.is_symlink():
            os.rename(self.path, copy)       # out of the way of the new one, kept whole
        else:
            shutil.copy2(self.path, copy)    # the new one replaces it in one step when saved

    def save(self) -> None:
        if self.host.dry_run:
            return
        if self.data != self.loaded or self.host.manifest_dirs:
            self.host.mkdir(APP_DIR)  # first, so the folders it makes are listed too
        for folder in self.host.manifest_dirs:
            if folder not in self.data["dirs_created"]:
                self.data["dirs_created"].append(folder)
        if self.data == self.loaded:
            return
        self.host.write(MANIFEST, (json.dumps(self.data, indent=2, sort_keys=True) + "\n").encode())
        self.loaded = json.loads(json.dumps(self.data))


# -- install ------------------------------------------------------------------------
def install(args) -> int:
    host = Host(args.root, args.dry_run, args.record)
    source = Path(args.source).resolve()
    preflight_install(host, args)
    os.umask(0o022)
    manifest = Manifest(host)
    manifest.set_aside()
    restart = False

    try:
        step_packages(host, manifest, is_pi=pi_model(host) is not None)
        step_user(host, manifest)
        restart |= step_groups(host, manifest)
        restart |= step_project(host, source)
        step_bin_link(host, manifest)
        step_config(host, manifest, source)
        restart |= step_kivy(host, source)
        step_udev(host, source)
        step_stick(host, source)
        restart |= step_unit(host, source)
        restart |= step_phones(host, source)
        step_enable(host)
        step_boot_target(host, manifest)
        if restart and (host.systemd_running or host.offline):
            # Only restarts a service that is running (an update); a first install starts at boot.
            host.run(["systemctl", "try-restart", UNIT_NAME], check=False)
    finally:
        # Also after a failed step: what was done so far must be undoable.
        if not host.dry_run:
            manifest.save()

    if host.changes == 0:
        print("nothing to change: the kiosk install is complete and up to date.")
    elif host.dry_run:
        print(f"dry run: {host.changes} change(s) would be made; nothing was changed.")
    else:
        print(f"done: {host.changes} change(s). Cellmate starts at the next boot "
              f"(now: sudo systemctl start {NAME}); check the hardware with: companion doctor")
    return 0


def preflight_install(host: Host, args) -> None:
    model = pi_model(host)
    where = f" under {host.root}" if host.offline else ""
    if model is None and not args.force:
        raise Refused(
            f"this is not a Raspberry Pi (no \"Raspberry Pi\" in {MODEL}{where}). The kiosk install "
            "is for a Raspberry Pi running Raspberry Pi OS: it changes users, groups, packages and "
            "what starts at boot. To try it anyway (in a chroot or a container), add --force.")
    if not host.offline and not host.dry_run and os.geteuid() != 0:
        raise Refused("the kiosk install changes the system: run it as root (sudo scripts/install-pi)")
    if sys.version_info < (3, 11):
        raise Refused(f"Cellmate needs Python 3.11 or newer; this python3 is {sys.version.split()[0]} "
                      "(Raspberry Pi OS Bookworm has 3.11)")
    if not host.offline and not Path(DPKG_STATUS).exists():
        raise Refused("no dpkg/apt here: the kiosk install is for Raspberry Pi OS (Debian)")
    os_release = read_text(host.p("/etc/os-release")) or ""
    print(f"cellmate install-pi: {model or 'not a Raspberry Pi (--force)'}"
          f"{', root ' + str(host.root) if host.offline else ''}{' (dry run)' if host.dry_run else ''}")
    if os_release and "VERSION_CODENAME=bookworm" not in os_release:
        host.say("note", "this is not Raspberry Pi OS Bookworm, the release Cellmate is made for; going on")


def step_packages(host: Host, manifest: Manifest, is_pi: bool) -> None:
    wanted = list(PACKAGES) + (list(PI_PACKAGES) if is_pi else [])
    if not is_pi:
        host.skip(f"{', '.join(PI_PACKAGES)}: only in Raspberry Pi OS (not a Pi)")
    missing = [p for p in wanted if p not in installed_packages(host)]
    if not missing:
        host.ok(f"packages: all {len(wanted)} installed")
        return
    host.change(f"packages: install {' '.join(missing)}")

    def emulate():
        path = host.p(DPKG_STATUS)
        text = read_text(path) or ""
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(text + "".join(_emulated_stanza(p) for p in missing), encoding="utf-8")

    env = {"DEBIAN_FRONTEND": "noninteractive"}
    host.run(["apt-get", "update"], check=False, env=env)
    host.run(["apt-get", "install", "-y", "--no-install-recommends", *missing], emulate=emulate, env=env)
    if not host.dry_run:
        manifest.data["packages_installed"] = sorted(set(manifest.data["packages_installed"]) | set(missing))


def step_user(host: Host, manifest: Manifest) -> None:
    if user_entry(host, USER):
        host.ok(f"user {USER} exists")
        return
    host.change(f"user {USER}: make it (a system user, no login, home {DATA_DIR})")

    def emulate():
        used_uids = {int(p[2]) for p in passwd_lines(host) if len(p) > 2 and p[2].isdigit()}
        used_gids = {int(p[2]) for p in group_lines(host) if p[2].isdigit()}
        edit_account(host, USER, next(i for i in range(999, 99, -1) if i not in used_uids and i not in used_gids))

    host.run(["useradd", "--system", "--user-group", "--home-dir", DATA_DIR, "--no-create-home",
              "--shell", "/usr/sbin/nologin", "--comment", "Cellmate kiosk", USER], emulate=emulate)
    if not host.dry_run:
        manifest.data["created_user"] = True
        manifest.known("created_user")


def step_groups(host: Host, manifest: Manifest) -> bool:
    changed = False
    have, absent, add = [], [], []
    for group in GROUPS:
        members = group_members(host, group)
        if members is None:
            absent.append(group)
        elif USER in members:
            have.append(group)
        else:
            add.append(group)
    for group in absent:
        host.skip(f"group {group}: not on this system, so {USER} cannot join it ({GROUP_USE[group]} "
                  "will not be reachable by the service)")
    if not add:
        host.ok(f"user {USER} is in {', '.join(have) or 'no extra groups'}")
        return False
    host.change(f"user {USER}: add to {', '.join(add)}")
    for group in add:
        host.run(["usermod", "--append", "--groups", group, USER],
                 emulate=lambda group=group: edit_membership(host, USER, {group}, join=True))
        changed = True
    if not host.dry_run:
        manifest.data["groups_added"] = sorted(set(manifest.data["groups_added"]) | set(add))
    return changed


def step_project(host: Host, source: Path) -> bool:
    changed = False
    venv_cfg = host.p(VENV) / "pyvenv.cfg"
    if venv_cfg.exists() and (host.offline or (host.p(VENV) / "bin" / "python").exists()):
        host.ok(f"venv {VENV}")
    else:
        host.change(f"venv {VENV}: make it (with the system's packages: python3-lgpio)")
        if not host.dry_run:
            host.mkdir(APP_DIR)

        def emulate():
            host.write(VENV + "/pyvenv.cfg", b"home = /usr/bin\ninclude-system-site-packages = true\n")

        python = SYSTEM_PYTHON
        if not host.offline and not os.access(SYSTEM_PYTHON, os.X_OK):
            python = sys.executable
            host.say("note", f"no {SYSTEM_PYTHON} here; the venv uses {python}, which the service must be able to reach")
        host.run([python, "-m", "venv", "--system-site-packages", VENV], emulate=emulate)
        changed = True

    digest = source_digest(source)
    stamp = (read_text(host.p(STAMP)) or "").strip()
    if stamp == digest and not changed:
        host.ok(f"Cellmate installed in the venv (up to date with {source})")
    else:
        host.change(f"Cellmate: install {source} into the venv" + (" (changed since the last install)" if stamp else ""))
        pip = [VENV + "/bin/python", "-m", "pip", "install", "--no-input", "--disable-pip-version-check", "--upgrade"]
        if host.dry_run or host.offline:
            host.run(pip + [str(source)])
        else:
            with tempfile.TemporaryDirectory(prefix="cellmate-src-") as tmp:
                # From a copy: pip builds in place, and root-owned build files in
                # the person's clone would get in their way later.
                copy = Path(tmp) / "cellmate"
                for path in _source_paths(source):
                    target = copy / path.relative_to(source)
                    target.parent.mkdir(parents=True, exist_ok=True)
                    shutil.copy2(path, target)
                host.run(pip + [str(copy)])
        if not host.dry_run:
            host.write(STAMP, (digest + "\n").encode())
        changed = True

    readme = read_bytes(source / "README.md")
    if readme is not None:
        if read_bytes(host.p(README_COPY)) == readme:
            host.ok(f"{README_COPY}")
        else:
            host.change(f"{README_COPY}: copy the README (the unit's documentation)")
            if not host.dry_run:
                host.write(README_COPY, readme)
    return changed


def step_bin_link(host: Host, manifest: Manifest) -> None:
    link = host.p(BIN_LINK)
    target = VENV + "/bin/companion"
    if link.is_symlink() and os.readlink(link) == target:
        host.ok(f"{BIN_LINK} -> {target}")
        return
    if link.exists() or link.is_symlink():
        host.skip(f"{BIN_LINK}: something else is there; use {target}")
        return
    host.change(f"{BIN_LINK} -> {target} (the companion command, e.g. companion doctor)")
    if not host.dry_run:
        host.symlink(BIN_LINK, target)
        manifest.data["bin_link"] = True
        manifest.known("bin_link")


def step_config(host: Host, manifest: Manifest, source: Path) -> None:
    if host.p(CONFIG).exists():
        host.ok(f"config {CONFIG} (kept as it is)")
        return
    template = read_bytes(source / SOURCE_CONFIG)
    if template is None:
        raise Failed(f"{SOURCE_CONFIG} is missing from {source}")
    host.change(f"config {CONFIG}: write the defaults (yours to edit; never overwritten)")
    if not host.dry_run:
        host.write(CONFIG, template)
        manifest.data["config_written"] = True
        manifest.known("config_written")


def step_kivy(host: Host, source: Path) -> bool:
    touch = load_touch(source)
    kivy_home = host.p(KIVY_HOME)
    data_made = not host.p(DATA_DIR).exists()
    if not touch.apply(kivy_home, dry_run=True):
        host.ok(f"touch input: {KIVY_HOME}/config.ini reads each touchscreen once")
        return False
    host.change(f"touch input: {KIVY_HOME}/config.ini: one Kivy provider per touchscreen (mtdev), "
                "no second one through SDL's mouse")
    if host.dry_run:
        return True
    host.mkdir(KIVY_HOME)
    touch.apply(kivy_home)
    owner = user_entry(host, USER)

    what = DATA_DIR if data_made else KIVY_HOME

    def chown():
        uid, gid = int(owner[2]), int(owner[3])
        for folder, dirs, files in os.walk(host.p(what)):
            for name in [folder, *(os.path.join(folder, d) for d in dirs), *(os.path.join(folder, f) for f in files)]:
                os.chown(name, uid, gid, follow_symlinks=False)

    if owner is not None:
        # The service rewrites Kivy's config on its first start: it must own it.
        if host.offline:
            host.run(["chown", "-R", f"{USER}:{USER}", what])
        else:
            print(f"             $ chown -R {USER}:{USER} {what}", flush=True)
            chown()
    return True


def step_udev(host: Host, source: Path) -> None:
    rule = read_bytes(source / SOURCE_UDEV)
    if rule is None:
        host.skip(f"seat pads udev rule: {SOURCE_UDEV} is not in {source}; not installed")
        return
    if read_bytes(host.p(UDEV_RULE)) == rule:
        host.ok(f"seat pads udev rule {UDEV_RULE}")
        return
    host.change(f"seat pads udev rule {UDEV_RULE}")
    if host.dry_run:
        return
    host.write(UDEV_RULE, rule)
    host.run(["udevadm", "control", "--reload-rules"], check=False)
    host.run(["udevadm", "trigger", "--subsystem-match=tty", "--action=add"], check=False)


def step_stick(host: Host, source: Path) -> None:
    """The export's USB stick: the udev rule and mount-stick that mount it for the service
    under STICKS, the units that unmount it when the app asks, and STICKS itself (the
    unit's ReadWritePaths=)."""
    wanted = {}
    for path, (name, mode) in SOURCE_STICK.items():
        data = read_bytes(source / name)
        if data is None:
            raise Failed(f"{name} is missing from {source}")
        wanted[path] = (data, mode)
    stale = [path for path, (data, mode) in wanted.items()
             if read_bytes(host.p(path)) != data or host.p(path).stat().st_mode & 0o7777 != mode]
    if not stale and host.p(STICKS).is_dir():
        host.ok(f"USB stick for the export: mounted under {STICKS} (udev rule, {Path(STICK_MOUNT).name}, "
                "cellmate-eject)")
        return
    host.change(f"USB stick for the export: {', '.join(stale + ([] if host.p(STICKS).is_dir() else [STICKS]))}")
    if host.dry_run:
        return
    host.mkdir(STICKS)
    for path in stale:
        host.write(path, *wanted[path])
    if STICK_RULE in stale:
        host.run(["udevadm", "control", "--reload-rules"], check=False)
    if any(path in stale for path in EJECT_UNITS) and (host.systemd_running or host.offline):
        host.run(["systemctl", "daemon-reload"], check=False)


def step_unit(host: Host, source: Path) -> bool:
    unit = read_bytes(source / SOURCE_UNIT)
    if unit is None:
        raise Failed(f"{SOURCE_UNIT} is missing from {source}")
    if read_bytes(host.p(UNIT)) == unit:
        host.ok(f"systemd unit {UNIT}")
        return False
    host.change(f"systemd unit {UNIT}")
    if not host.dry_run:
        host.write(UNIT, unit)
        if host.systemd_running or host.offline:
            host.run(["systemctl", "daemon-reload"], check=False)
    return True


def phones_wanted(host: Host) -> int | None:
    """The phones' port when the installed config switches phones on, else None."""
    import tomllib
    try:
        raw = tomllib.loads(read_text(host.p(CONFIG)) or "")
    except (tomllib.TOMLDecodeError, RecursionError, ValueError):
        return None                 # the app names what is wrong with the file; no port for it
    phones = raw.get("phones")
    if not isinstance(phones, dict) or phones.get("enabled") is not True:
        return None
    port = phones.get("port", PHONES_PORT)
    return port if isinstance(port, int) and not isinstance(port, bool) and 1024 <= port <= 65535 else PHONES_PORT


def step_phones(host: Host, source: Path) -> bool:
    """Phones at the table: the socket unit (the config's port) and the drop-in handing it to the
    service while [phones] enabled = true; neither otherwise. The service gets that socket and
    no other network (PrivateNetwork=yes stays)."""
    port = phones_wanted(host)
    if port is None:
        there = [path for path in (PHONES_SOCKET, PHONES_DROPIN) if host.p(path).exists()]
        if not there:
            host.ok("phones at the table: off (no port open)")
            return False
        host.change(f"phones at the table: off ({', '.join(there)}: remove)")
        if not host.dry_run:
            _phones_off(host)
        return True
    template = read_text(source / SOURCE_PHONES)
    if template is None:
        raise Failed(f"{SOURCE_PHONES} is missing from {source}")
    wanted = {PHONES_SOCKET: template.replace(f"ListenStream={PHONES_PORT}\n", f"ListenStream={port}\n").encode(),
              PHONES_DROPIN: b"# scripts/install-pi: [phones] enabled = true in the config\n"
                             b"[Service]\nSockets=cellmate-phones.socket\n"}
    stale = [path for path, data in wanted.items() if read_bytes(host.p(path)) != data]
    if not stale:
        host.ok(f"phones at the table: port {port} ({PHONES_SOCKET})")
        return False
    host.change(f"phones at the table: port {port} ({', '.join(stale)})")
    if not host.dry_run:
        host.mkdir(str(Path(PHONES_DROPIN).parent))
        for path in stale:
            host.write(path, wanted[path])
        if host.systemd_running or host.offline:
            host.run(["systemctl", "daemon-reload"], check=False)
            if host.systemd_running:
                host.run(["systemctl", "restart", Path(PHONES_SOCKET).name], check=False)
    return True


def _phones_off(host: Host) -> None:
    if host.systemd_running:
        host.run(["systemctl", "stop", Path(PHONES_SOCKET).name], check=False)
    for path in (PHONES_DROPIN, PHONES_SOCKET):
        if host.p(path).exists():
            host.remove(path)
    folder = host.p(str(Path(PHONES_DROPIN).parent))
    if folder.is_dir() and not any(folder.iterdir()):
        folder.rmdir()
    if host.systemd_running or host.offline:
        host.run(["systemctl", "daemon-reload"], check=False)


def step_enable(host: Host) -> None:
    link = host.p(WANTS)
    if link.is_symlink() or link.exists():
        host.ok(f"{UNIT_NAME} enabled (starts at boot)")
        return
    host.change(f"{UNIT_NAME}: enable (start at boot)")
    host.run(["systemctl", "enable", UNIT_NAME], emulate=lambda: host.symlink(WANTS, UNIT))


def _target_link(host: Host) -> tuple[str | None, str]:
    """The /etc default.target link text (None if absent) and the target it names in effect."""
    link = host.p(DEFAULT_TARGET)
    if link.is_symlink():
        text = os.readlink(link)
        return text, Path(text).name
    for vendor in ("/usr/lib/systemd/system/default.target", "/lib/systemd/system/default.target"):
        path = host.p(vendor)
        if path.is_symlink():
            return None, Path(os.readlink(path)).name
    return None, "graphical.target"


def step_boot_target(host: Host, manifest: Manifest) -> None:
    dm = host.p(DISPLAY_MANAGER)
    link_text, effective = _target_link(host)
    if not (dm.is_symlink() or dm.exists()):
        host.ok("no desktop takes the screen at boot")
        return
    dm_name = Path(os.readlink(dm)).name if dm.is_symlink() else "the display manager"
    if effective != "graphical.target":
        host.ok(f"boots to the console ({effective}); {dm_name} stays off")
        return
    host.change(f"boot target: multi-user.target (console), so {dm_name} does not take the screen "
                f"(uninstall-pi restores {effective})")

    def emulate():
        host.symlink(DEFAULT_TARGET, "/lib/systemd/system/multi-user.target")

    host.run(["systemctl", "set-default", "multi-user.target"], emulate=emulate)
    if not host.dry_run and manifest.data["default_target"] is None:
        manifest.data["default_target"] = {"previous": link_text}
        manifest.known("default_target")


# -- uninstall ----------------------------------------------------------------------
def uninstall(args) -> int:
    host = Host(args.root, args.dry_run, args.record)
    if not host.offline and not host.dry_run and os.geteuid() != 0:
        raise Refused("the kiosk uninstall changes the system: run it as root (sudo scripts/uninstall-pi)")
    os.umask(0o022)
    print(f"cellmate uninstall-pi{': root ' + str(host.root) if host.offline else ''}"
          f"{' (dry run)' if host.dry_run else ''}")
    manifest = Manifest(host)
    data = manifest.data
    was_active = False
    left: list[str] = []        # what is left as it is because the manifest cannot say
    say_what_the_manifest_cannot(host, manifest)

    if host.systemd_running and subprocess.run(["systemctl", "is-active", "--quiet", UNIT_NAME]).returncode == 0:
        was_active = True
        host.change(f"{UNIT_NAME}: stop")
        host.run(["systemctl", "stop", UNIT_NAME], check=False)
    if host.p(WANTS).is_symlink() or host.p(WANTS).exists():
        host.change(f"{UNIT_NAME}: disable")
        if host.systemd_running:
            host.run(["systemctl", "disable", UNIT_NAME], check=False)
        else:
            host.run(["systemctl", "disable", UNIT_NAME], emulate=lambda: host.remove(WANTS), check=False)
        if not host.dry_run and (host.p(WANTS).is_symlink() or host.p(WANTS).exists()):
            host.remove(WANTS)  # systemctl could not (no systemd here): the link is all "enabled" is
    else:
        host.ok(f"{UNIT_NAME} not enabled")

    if host.p(PHONES_SOCKET).exists() or host.p(PHONES_DROPIN).exists():
        host.change("phones at the table: remove the port's socket unit")
        if not host.dry_run:
            _phones_off(host)

    if host.p(UNIT).exists():
        host.change(f"systemd unit {UNIT}: remove")
        if not host.dry_run:
            host.remove(UNIT)
            if host.systemd_running or host.offline:
                host.run(["systemctl", "daemon-reload"], check=False)
    else:
        host.ok("no systemd unit")

    previous = data["default_target"]
    link_text, _ = _target_link(host)
    console = link_text is not None and Path(link_text).name == "multi-user.target"
    if previous is not None and not console:
        host.ok("boot target: install-pi's multi-user.target is not set (any more)")
    elif previous is not None:
        old = previous["previous"]
        host.change(f"boot target: back to {Path(old).name if old else 'the system default'}")
        if old:
            host.run(["systemctl", "set-default", Path(old).name],
                     emulate=lambda: host.symlink(DEFAULT_TARGET, old))
        elif not host.dry_run:
            host.remove(DEFAULT_TARGET)
            if host.systemd_running:
                host.run(["systemctl", "daemon-reload"], check=False)
    elif manifest.unknown("default_target") and console and \
            (host.p(DISPLAY_MANAGER).is_symlink() or host.p(DISPLAY_MANAGER).exists()):
        # install-pi only ever turns graphical.target into multi-user.target, and only with a desktop.
        host.say("left", "boot target: multi-user.target (the console) stays: whether install-pi set it is "
                         "unknown. To boot to the desktop again: sudo systemctl set-default graphical.target")
        left.append("the boot target")

    if host.p(UDEV_RULE).exists():
        host.change(f"seat pads udev rule {UDEV_RULE}: remove")
        if not host.dry_run:
            host.remove(UDEV_RULE)
            host.run(["udevadm", "control", "--reload-rules"], check=False)
    else:
        host.ok("no seat pads udev rule")

    unstick(host)

    link = host.p(BIN_LINK)
    if link.is_symlink() and os.readlink(link) == VENV + "/bin/companion":
        host.change(f"{BIN_LINK}: remove")
        if not host.dry_run:
            host.remove(BIN_LINK)

    if host.p(KIVY_HOME).exists():
        host.change(f"{KIVY_HOME}: remove (Kivy's state, made again by an install)")
        if not host.dry_run:
            host.remove(KIVY_HOME)

    # A damaged manifest, or one that lost what it knew, and the damaged copies install-pi
    # kept are the only record of what was done: they stay, and the rest goes.
    keep = manifest.damaged_copies()
    if manifest.damaged or data.get("unknown"):
        keep.insert(0, manifest.path)
    keep = [path for path in keep if path.exists() or path.is_symlink()]
    app = host.p(APP_DIR)
    if not keep and (app.exists() or app.is_symlink()):
        host.change(f"{APP_DIR}: remove (the venv with Cellmate)")
        if not host.dry_run:
            host.remove(APP_DIR)
    elif keep and app.is_dir() and any(path not in keep for path in app.iterdir()):
        host.change(f"{APP_DIR}: remove the venv with Cellmate (keeping {', '.join(p.name for p in keep)})")
        if not host.dry_run:
            for path in app.iterdir():
                if path not in keep:
                    host.remove(f"{APP_DIR}/{path.name}")
    elif keep:
        host.ok(f"no venv in {APP_DIR}")
    else:
        host.ok(f"no {APP_DIR}")

    if user_entry(host, USER) is not None:
        if data.get("created_user"):
            host.change(f"user {USER}: remove (install-pi made it)")
            host.run(["userdel", USER], emulate=lambda: edit_account(host, USER))
        else:
            if manifest.unknown("created_user"):
                host.say("left", f"user {USER} stays: whether install-pi made it is unknown "
                                 f"(if it did: sudo userdel {USER})")
                left.append(f"the user {USER}")
            groups = [g for g in data["groups_added"] if USER in (group_members(host, g) or set())]
            if groups:
                host.change(f"user {USER}: take out of {', '.join(groups)} (added by install-pi)")
                for group_name in groups:
                    host.run(["gpasswd", "--delete", USER, group_name],
                             emulate=lambda group_name=group_name: edit_membership(host, USER, {group_name}, join=False))
            if manifest.unknown("groups_added"):
                still = [g for g in GROUPS if g not in groups and USER in (group_members(host, g) or set())]
                if still:
                    host.say("left", f"user {USER} stays in {', '.join(still)}: which of them install-pi added "
                                     f"is unknown (to take it out of one: sudo gpasswd --delete {USER} GROUP)")
                    left.append(f"{USER}'s groups")
            if not manifest.unknown("created_user"):
                host.ok(f"user {USER} kept (it was there before install-pi)")

    have = installed_packages(host)
    packages = [p for p in data["packages_installed"] if p in have]
    if packages:
        if args.remove_packages:
            host.change(f"packages install-pi installed: remove {' '.join(packages)}")

            def emulate():
                path = host.p(DPKG_STATUS)
                text = read_text(path) or ""
                for package in packages:
                    text = text.replace(_emulated_stanza(package), "")
                path.write_text(text, encoding="utf-8")

            host.run(["apt-get", "remove", "-y", *packages], emulate=emulate,
                     env={"DEBIAN_FRONTEND": "noninteractive"})
        else:
            host.say("kept", f"packages install-pi installed: {' '.join(packages)} (--remove-packages removes them)")
    if manifest.unknown("packages_installed"):
        maybe = [p for p in PACKAGES + PI_PACKAGES if p in have and p not in packages]
        if maybe:
            none = "no other" if packages else "none"
            why = f"so {none} is removed (--remove-packages)" if args.remove_packages else "so they stay"
            host.say("left", f"packages: which packages install-pi installed is unknown, {why}. Of those it "
                             f"installs when missing, here now: {' '.join(maybe)} (to remove one that nothing "
                             "else needs: sudo apt-get remove PACKAGE)")
            left.append("the packages")

    kept = []
    if args.purge:
        for path, what in ((CONFIG, "the config"), (DATA_DIR, "the data dir with every saved game")):
            if host.p(path).exists():
                host.change(f"{path}: remove ({what}; --purge)")
                if not host.dry_run:
                    host.remove(path)
        config_dir = host.p(CONFIG_DIR)
        if not host.dry_run and config_dir.is_dir() and not any(config_dir.iterdir()):
            config_dir.rmdir()     # ours by name, even when an earlier uninstall took the list of what was made
    else:
        kept = [path for path in (CONFIG, DATA_DIR) if host.p(path).exists()]

    # Folders the install made, deepest first, where they are empty now.
    for folder in sorted(data["dirs_created"], key=lambda f: f.count("/"), reverse=True):
        target = host.p(folder)
        if target.is_dir() and not any(target.iterdir()) and folder not in ("/", ""):
            if not host.dry_run:
                target.rmdir()

    if was_active and not host.dry_run:
        host.run(["systemctl", "--no-block", "start", "getty@tty1.service"], check=False)

    if host.changes == 0 and not left and not keep:
        print("nothing to change: Cellmate's kiosk install is not here.")
    elif host.changes == 0:
        print("nothing more that uninstall-pi can undo by itself.")
    elif host.dry_run:
        print(f"dry run: {host.changes} change(s) would be made; nothing was changed.")
    elif left:
        print(f"partly done: {host.changes} change(s).")
    else:
        print(f"done: {host.changes} change(s).")
    if left:
        print(f"left as it is, as the manifest cannot say what install-pi did: {', '.join(left)} "
              "(the 'left' lines above say how to undo it by hand)")
    if kept:
        print(f"kept: {', '.join(kept)} (your config and games; uninstall-pi --purge removes them)")
    if keep:
        print(f"kept: {', '.join(APP_DIR + '/' + p.name for p in keep)} (what is left of install-pi's record "
              f"of what it did; when you have seen to it: sudo rm -r {APP_DIR})")
    return 3 if left else 0


def unstick(host: Host) -> None:
    """Uninstall step_stick: its files, and STICKS (Cellmate's by name) with the empty folders
    systemd leaves there after unmounting; a stick still mounted stays until it is pulled out."""
    there = [path for path in SOURCE_STICK if host.p(path).exists() or host.p(path).is_symlink()]
    if there:
        host.change(f"USB stick for the export: remove {', '.join(there)}")
        if not host.dry_run:
            if host.systemd_running:
                host.run(["systemctl", "stop", Path(EJECT_UNITS[0]).name], check=False)
            for path in there:
                host.remove(path)
            if STICK_RULE in there:
                host.run(["udevadm", "control", "--reload-rules"], check=False)
            if any(path in there for path in EJECT_UNITS) and (host.systemd_running or host.offline):
                host.run(["systemctl", "daemon-reload"], check=False)
    else:
        host.ok("no USB stick mounting")
    sticks = host.p(STICKS)
    if host.dry_run or not sticks.is_dir() or sticks.is_symlink():
        return
    for folder in sorted(sticks.iterdir()):
        if folder.is_dir() and not folder.is_symlink() and not os.path.ismount(folder) and not any(folder.iterdir()):
            folder.rmdir()
        elif os.path.ismount(folder):
            host.say("kept", f"{folder}: a stick is still mounted there (it is unmounted when pulled out)")
    if not any(sticks.iterdir()):
        sticks.rmdir()


def say_what_the_manifest_cannot(host: Host, manifest: Manifest) -> None:
    """Before the uninstall: what is wrong with the manifest, and what that leaves unknown."""
    if manifest.damage:
        host.say("warn", manifest.problems()[0])
        host.say("note", "so uninstall-pi undoes only what it knows as Cellmate's own: the service, the unit, "
                         f"the udev rule, {BIN_LINK} into the venv, the Kivy config, the venv "
                         "(and with --purge, the config and the games)")
        host.say("note", "and leaves as it is what only the manifest could tell: "
                         + "; ".join(RECORDED[f][3] for f in UNDONE_BY_RECORD))
        return
    for field, line in zip(manifest.bad, manifest.problems()):
        if field in NOT_NEEDED:
            host.say("warn", f"{line} ({NOT_NEEDED[field]})")
        elif field == "unknown":
            host.say("warn", f"{line}: so what the fields say install-pi did is undone, and where they say it "
                             "did not, that is not taken at its word: " +
                             "; ".join(RECORDED[f][3] for f in UNDONE_BY_RECORD) + ": left as it is")
        else:
            host.say("warn", f"{line}: so {RECORDED[field][3]} is unknown, and left as it is")
    used = [f for f in RECORDED if f not in manifest.bad]
    if manifest.bad and used:
        host.say("note", f"its other fields are used: {', '.join(used)}")
    earlier = [f for f in UNDONE_BY_RECORD if manifest.unknown(f) and f not in manifest.bad]
    if earlier and "unknown" not in manifest.bad:
        copies = manifest.damaged_copies()
        host.say("note", f"{MANIFEST} was written anew over a damaged one"
                         f"{f' ({copies[-1].name})' if copies else ''}, so it cannot say "
                         f"{'; '.join(RECORDED[f][3] for f in earlier)}: left as it is")


# -- command line -------------------------------------------------------------------
def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="kiosk.py", description=__doc__.split("\n\n")[0])
    sub = parser.add_subparsers(dest="command", required=True)

    def common(p):
        p.add_argument("--dry-run", action="store_true", help="say what would change; change nothing")
        p.add_argument("--root", default="/", metavar="DIR",
                       help="work on files under DIR; system commands are recorded, not run (for tests)")
        p.add_argument("--record", metavar="FILE", help="with --root: append each recorded command to FILE (JSON lines)")

    p_install = sub.add_parser("install", prog="install-pi", help="install the kiosk")
    common(p_install)
    p_install.add_argument("--force", action="store_true",
                           help="install even where this is not a Raspberry Pi (a chroot, a container)")
    p_install.add_argument("--source", default=str(REPO), metavar="DIR",
                           help="the Cellmate checkout to install (default: the one this script is in)")
    p_uninstall = sub.add_parser("uninstall", prog="uninstall-pi", help="undo the kiosk install")
    common(p_uninstall)
    p_uninstall.add_argument("--purge", action="store_true",
                             help=f"also remove the config ({CONFIG}) and the saved games ({DATA_DIR})")
    p_uninstall.add_argument("--remove-packages", action="store_true",
                             help="also remove the Debian packages install-pi installed")
    args = parser.parse_args(argv)
    if args.record and args.root in ("/", ""):
        parser.error("--record is for --root runs")
    try:
        return install(args) if args.command == "install" else uninstall(args)
    except Refused as exc:
        print(f"{'install-pi' if args.command == 'install' else 'uninstall-pi'}: refused: {exc}", file=sys.stderr)
        return 2
    except Failed as exc:
        print(f"{'install-pi' if args.command == 'install' else 'uninstall-pi'}: FAILED: {exc}", file=sys.stderr)
        return 1
    except OSError as exc:        # a file it could not write or read (read-only, full, not root): said, not a traceback
        print(f"{'install-pi' if args.command == 'install' else 'uninstall-pi'}: FAILED: {exc}", file=sys.stderr)
        return 1


if __name__ == "__main__":
    sys.exit(main())
