"""scripts/install-pi and scripts/uninstall-pi, run for real on a throwaway root.

--root DIR writes every file under DIR and records the system commands (apt-get,
useradd, usermod, systemctl, udevadm, ...) instead of running them; their
effect on etc/passwd, etc/group, var/lib/dpkg/status and the systemd links is
played on the files under DIR, so a second run sees what the first one did.
"""
import json
import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

REPO = Path(__file__).resolve().parents[1]
INSTALL = REPO / "scripts" / "install-pi"
UNINSTALL = REPO / "scripts" / "uninstall-pi"
sys.path.insert(0, str(REPO / "scripts" / "pi"))
import kiosk  # noqa: E402

PASSWD = "root:x:0:0:root:/root:/bin/bash\npi:x:1000:1000:,,,:/home/pi:/bin/bash\n"
GROUP = ("root:x:0:\nvideo:x:44:pi\nrender:x:105:\ninput:x:101:pi\ngpio:x:997:pi\n"
         "dialout:x:20:pi\naudio:x:29:pi\npi:x:1000:\n")
STATUS = ("Package: python3-venv\nStatus: install ok installed\nVersion: 3.11.2-1+b1\n\n"
          "Package: libdrm2\nStatus: install ok installed\nVersion: 2.4.123-1\n\n"
          "Package: libegl1\nStatus: deinstall ok config-files\nVersion: 1.6.0-1\n\n")


def make_root(path: Path, pi: bool = True, desktop: bool = True) -> Path:
    """A Raspberry Pi OS Bookworm, as far as the installer looks."""
    (path / "etc/systemd/system").mkdir(parents=True)
    (path / "var/lib/dpkg").mkdir(parents=True)
    (path / "etc/passwd").write_text(PASSWD)
    (path / "etc/group").write_text(GROUP)
    (path / "var/lib/dpkg/status").write_text(STATUS)
    (path / "etc/os-release").write_text('PRETTY_NAME="Debian GNU/Linux 12 (bookworm)"\nVERSION_CODENAME=bookworm\n')
    (path / "usr/local/bin").mkdir(parents=True)
    (path / "opt").mkdir()
    if pi:
        (path / "proc/device-tree").mkdir(parents=True)
        (path / "proc/device-tree/model").write_bytes(b"Raspberry Pi 4 Model B Rev 1.4\x00")
    if desktop:
        os.symlink("/lib/systemd/system/graphical.target", path / "etc/systemd/system/default.target")
        os.symlink("/lib/systemd/system/lightdm.service", path / "etc/systemd/system/display-manager.service")
    return path


@pytest.fixture(scope="module")
def source(tmp_path_factory) -> Path:
    """A still copy of the checkout (others edit the real one while tests run)."""
    copy = tmp_path_factory.mktemp("source") / "cellmate"
    ignore = shutil.ignore_patterns("__pycache__", "*.pyc")
    for name in ("companion", "hardware", "ui", "systemd"):
        shutil.copytree(REPO / name, copy / name, ignore=ignore)
    shutil.copytree(REPO / "scripts" / "pi", copy / "scripts" / "pi", ignore=ignore)
    for name in ("pyproject.toml", "README.md"):
        shutil.copy2(REPO / name, copy / name)
    return copy


@pytest.fixture
def root(tmp_path) -> Path:
    return make_root(tmp_path / "root")


@pytest.fixture(scope="module")
def first_install(tmp_path_factory, source) -> Path:
    """A root as `root` makes it, after a plain `install-pi`: made once, copied by `installed`."""
    root = make_root(tmp_path_factory.mktemp("installed") / "root")
    result = run(INSTALL, root, source=source)
    assert result.returncode == 0, result.stdout + result.stderr
    return root


@pytest.fixture
def installed(tmp_path, first_install) -> Path:
    """`root` after `install-pi` ran on it: a copy of first_install (every file, mode and link;
    the install writes no path of its root into them), for the tests that start there."""
    root = tmp_path / "root"
    shutil.copytree(first_install, root, symlinks=True)
    return root


def snapshot(path: Path) -> dict:
    """Every folder, link and file (with its bytes and mode) under path."""
    tree = {}
    for folder, dirs, files in os.walk(path):
        for name in dirs + files:
            full = Path(folder) / name
            rel = str(full.relative_to(path))
            if full.is_symlink():
                tree[rel] = ("link", os.readlink(full))
            elif full.is_dir():
                tree[rel] = ("dir", oct(full.stat().st_mode & 0o7777))
            else:
                tree[rel] = ("file", full.read_bytes(), oct(full.stat().st_mode & 0o7777))
    return tree


def run(script: Path, root: Path, *args, record: Path | None = None, source: Path | None = None):
    cmd = [str(script), "--root", str(root), *args]
    if record is not None:
        cmd += ["--record", str(record)]
    if source is not None:
        cmd += ["--source", str(source)]
    result = subprocess.run(cmd, capture_output=True, text=True, timeout=60)
    return result


def recorded(path: Path) -> list[list[str]]:
    if not path.exists():
        return []
    return [json.loads(line) for line in path.read_text().splitlines()]


def test_refuses_off_a_pi_and_changes_nothing(tmp_path, source):
    root = make_root(tmp_path / "root", pi=False)
    before = snapshot(root)
    result = run(INSTALL, root, source=source)
    assert result.returncode == 2
    assert "not a Raspberry Pi" in result.stderr and "--force" in result.stderr
    assert snapshot(root) == before


def test_install_writes_everything_and_records_the_commands(tmp_path, root, source):
    log = tmp_path / "commands.jsonl"
    result = run(INSTALL, root, record=log, source=source)
    assert result.returncode == 0, result.stdout + result.stderr
    out = result.stdout

    # the unit, byte for byte; enabled the way systemctl enable does it
    assert (root / "etc/systemd/system/cellmate.service").read_bytes() == (source / "systemd/cellmate.service").read_bytes()
    wants = root / "etc/systemd/system/multi-user.target.wants/cellmate.service"
    assert os.readlink(wants) == "/etc/systemd/system/cellmate.service"
    # the config, a valid one with no problems, data dir where the service may write
    from companion.config import parse
    config, errors = parse((root / "etc/cellmate/config.toml").read_text())
    assert errors == [] and config.data_dir == "/var/lib/cellmate"
    # the touch input config for the service's KIVY_HOME
    ini = (root / "var/lib/cellmate/kivy/config.ini").read_text()
    assert "%(name)s = probesysfs,provider=mtdev" in ini and "mouse = mouse" in ini
    # the udev rule for the seat pads, when the checkout has it
    rule = source / "hardware/pads/99-cellmate-pads.rules"
    if rule.exists():
        assert (root / "etc/udev/rules.d/99-cellmate-pads.rules").read_bytes() == rule.read_bytes()
    # the user and its groups
    passwd = (root / "etc/passwd").read_text()
    assert "cellmate:x:999:999:Cellmate kiosk:/var/lib/cellmate:/usr/sbin/nologin" in passwd
    for group in ("video", "render", "input", "gpio", "dialout", "audio"):
        assert "cellmate" in kiosk.group_members(kiosk.Host(str(root), False, None), group), group
    # a desktop would take the screen: boot to the console instead
    assert os.readlink(root / "etc/systemd/system/default.target") == "/lib/systemd/system/multi-user.target"
    assert os.readlink(root / "usr/local/bin/companion") == "/opt/cellmate/venv/bin/companion"

    commands = recorded(log)
    words = [" ".join(cmd) for cmd in commands]
    # only the packages that are missing (libegl1 is removed but not purged: missing too)
    install = next(cmd for cmd in commands if cmd[:2] == ["apt-get", "install"])
    assert set(install[4:]) == set(kiosk.PACKAGES + kiosk.PI_PACKAGES) - {"python3-venv", "libdrm2"}
    assert any(w.startswith("useradd --system --user-group") and w.endswith(" cellmate") for w in words)
    assert sum(cmd[:3] == ["usermod", "--append", "--groups"] for cmd in commands) == 6
    assert "/usr/bin/python3 -m venv --system-site-packages /opt/cellmate/venv" in words
    assert any(cmd[0] == "/opt/cellmate/venv/bin/python" and cmd[1:4] == ["-m", "pip", "install"] for cmd in commands)
    assert "systemctl daemon-reload" in words and "systemctl enable cellmate.service" in words
    assert "systemctl set-default multi-user.target" in words
    if rule.exists():
        assert "udevadm control --reload-rules" in words
    # the USB stick for the export: mounted for the service, unmounted when it asks
    for path, (name, mode) in kiosk.SOURCE_STICK.items():
        installed = root / path.lstrip("/")
        assert installed.read_bytes() == (source / name).read_bytes(), path
        assert installed.stat().st_mode & 0o7777 == mode, path
    assert (root / "media/cellmate").is_dir()
    assert words.count("udevadm control --reload-rules") == 1 + rule.exists()
    # every command in the output was recorded, none run
    assert out.count("[recorded, not run: --root]") == len(commands)
    assert out.rstrip().splitlines()[-1].startswith("done: ")


def test_second_run_changes_nothing_and_says_so(tmp_path, root, source):
    log = tmp_path / "commands.jsonl"
    assert run(INSTALL, root, record=log, source=source).returncode == 0
    first = recorded(log)
    before = snapshot(root)
    result = run(INSTALL, root, record=log, source=source)
    assert result.returncode == 0
    assert "nothing to change" in result.stdout
    assert "change " not in result.stdout
    assert recorded(log) == first          # no command at all the second time
    assert snapshot(root) == before        # not one byte, link or mode


def test_dry_run_changes_nothing(tmp_path, root, source):
    before = snapshot(root)
    result = run(INSTALL, root, "--dry-run", source=source)
    assert result.returncode == 0, result.stderr
    assert "would run: apt-get install" in result.stdout
    assert "dry run: " in result.stdout and "nothing was changed" in result.stdout
    assert snapshot(root) == before


def test_what_drifted_is_put_back_and_only_that(tmp_path, installed, source):
    root = installed      # install-pi has run on it
    unit = root / "etc/systemd/system/cellmate.service"
    unit.write_text(unit.read_text().replace("NoNewPrivileges=yes", "NoNewPrivileges=no"))
    ini = root / "var/lib/cellmate/kivy/config.ini"
    ini.write_text(ini.read_text() + "hid_%(name)s = probesysfs,provider=hidinput\n")   # a second touch reader
    log = tmp_path / "again.jsonl"
    result = run(INSTALL, root, record=log, source=source)
    assert result.returncode == 0
    assert result.stdout.count("  change ") == 2
    assert unit.read_bytes() == (source / "systemd/cellmate.service").read_bytes()
    assert "hidinput" not in ini.read_text()
    assert recorded(log) == [["chown", "-R", "cellmate:cellmate", "/var/lib/cellmate/kivy"],
                             ["systemctl", "daemon-reload"], ["systemctl", "try-restart", "cellmate.service"]]


def test_a_changed_checkout_is_installed_again(tmp_path, root, source):
    mine = tmp_path / "checkout"
    shutil.copytree(source, mine)
    assert run(INSTALL, root, source=mine).returncode == 0
    (mine / "companion" / "dice.py").write_text((mine / "companion" / "dice.py").read_text() + "\n# changed\n")
    log = tmp_path / "again.jsonl"
    result = run(INSTALL, root, record=log, source=mine)
    assert "changed since the last install" in result.stdout
    pip = [cmd for cmd in recorded(log) if cmd[1:4] == ["-m", "pip", "install"]]
    assert pip and pip[0][-1] == str(mine)


def test_an_existing_config_is_kept(root, source):
    (root / "etc/cellmate").mkdir(parents=True)
    (root / "etc/cellmate/config.toml").write_text('language = "de"\n')
    result = run(INSTALL, root, source=source)
    assert "kept as it is" in result.stdout
    assert (root / "etc/cellmate/config.toml").read_text() == 'language = "de"\n'


def test_uninstall_gives_back_the_tree_it_found(tmp_path, root, source):
    before = snapshot(root)
    assert run(INSTALL, root, source=source).returncode == 0
    (root / "var/lib/cellmate/cellmate.db").write_bytes(b"games")   # played a while
    assert snapshot(root) != before
    log = tmp_path / "uninstall.jsonl"
    result = run(UNINSTALL, root, "--purge", "--remove-packages", record=log)
    assert result.returncode == 0, result.stdout + result.stderr
    assert snapshot(root) == before
    words = [" ".join(cmd) for cmd in recorded(log)]
    assert "systemctl disable cellmate.service" in words
    assert "systemctl daemon-reload" in words
    assert "systemctl set-default graphical.target" in words
    assert "userdel cellmate" in words
    assert any(w.startswith("apt-get remove -y ") for w in words)
    # and again: nothing left to undo
    again = run(UNINSTALL, root, "--purge", "--remove-packages")
    assert again.returncode == 0 and "nothing to change" in again.stdout


def test_uninstall_takes_the_stick_mounting_and_the_folders_systemd_left(tmp_path, root, source):
    (root / "media").mkdir()                                # there on Raspberry Pi OS
    before = snapshot(root)
    assert run(INSTALL, root, source=source).returncode == 0
    (root / "media/cellmate/KINGSTON").mkdir()              # a stick was mounted and unmounted here
    (root / "media/cellmate/sda1").mkdir()
    log = tmp_path / "u.jsonl"
    result = run(UNINSTALL, root, "--purge", "--remove-packages", record=log)
    assert result.returncode == 0, result.stdout + result.stderr
    assert "USB stick for the export: remove /etc/udev/rules.d/99-cellmate-stick.rules" in result.stdout
    assert ["udevadm", "control", "--reload-rules"] in recorded(log)
    assert snapshot(root) == before                         # /media stays, /media/cellmate goes
    again = run(INSTALL, root, "--dry-run", source=source)
    assert "would    USB stick for the export: " in again.stdout and not (root / "media/cellmate").exists()


def test_a_changed_stick_file_is_put_back_and_reloaded(tmp_path, installed, source):
    root = installed      # install-pi has run on it
    script = root / "opt/cellmate/mount-stick"
    script.write_text("#!/bin/sh\n")                       # edited by hand
    (root / "etc/systemd/system/cellmate-eject.path").chmod(0o600)
    log = tmp_path / "again.jsonl"
    result = run(INSTALL, root, record=log, source=source)
    assert result.returncode == 0 and result.stdout.count("  change ") == 1
    assert "/opt/cellmate/mount-stick, /etc/systemd/system/cellmate-eject.path" in result.stdout
    assert script.read_bytes() == (source / "scripts/pi/mount-stick").read_bytes() and os.access(script, os.X_OK)
    assert recorded(log) == [["systemctl", "daemon-reload"]]


def test_uninstall_keeps_the_games_and_the_config_unless_purged(installed, source):
    root = installed      # install-pi has run on it
    (root / "var/lib/cellmate/cellmate.db").write_bytes(b"games")
    result = run(UNINSTALL, root)
    assert result.returncode == 0
    assert (root / "var/lib/cellmate/cellmate.db").read_bytes() == b"games"
    assert (root / "etc/cellmate/config.toml").exists()
    assert "kept: /etc/cellmate/config.toml, /var/lib/cellmate" in result.stdout
    assert "--remove-packages removes them" in result.stdout
    for gone in ("opt/cellmate", "etc/systemd/system/cellmate.service", "var/lib/cellmate/kivy",
                 "etc/systemd/system/multi-user.target.wants/cellmate.service", "usr/local/bin/companion",
                 "etc/udev/rules.d/99-cellmate-pads.rules"):
        assert not (root / gone).exists() and not (root / gone).is_symlink(), gone
    assert "cellmate" not in (root / "etc/passwd").read_text()
    assert (root / "etc/group").read_text() == GROUP
    # reinstalling over the kept config and games works and keeps them
    assert run(INSTALL, root, source=source).returncode == 0
    assert (root / "var/lib/cellmate/cellmate.db").read_bytes() == b"games"


def test_purging_after_a_plain_uninstall_leaves_no_trace_but_the_packages(root, source):
    before = snapshot(root)
    assert run(INSTALL, root, source=source).returncode == 0
    assert run(UNINSTALL, root).returncode == 0
    assert run(UNINSTALL, root, "--purge").returncode == 0
    after = snapshot(root)
    changed = {path for path in set(before) | set(after) if before.get(path) != after.get(path)}
    assert changed == {"var/lib/dpkg/status"}      # the packages stay: only the install's own list named them


def test_a_user_that_was_there_stays_and_leaves_only_the_added_groups(tmp_path, root, source):
    (root / "etc/passwd").write_text(PASSWD + "cellmate:x:900:900::/var/lib/cellmate:/usr/sbin/nologin\n")
    (root / "etc/group").write_text(GROUP.replace("dialout:x:20:pi", "dialout:x:20:pi,cellmate") + "cellmate:x:900:\n")
    before = snapshot(root)
    assert run(INSTALL, root, source=source).returncode == 0
    log = tmp_path / "u.jsonl"
    result = run(UNINSTALL, root, "--purge", "--remove-packages", record=log)
    assert "user cellmate kept" in result.stdout
    assert ["gpasswd", "--delete", "cellmate", "video"] in recorded(log)
    assert ["gpasswd", "--delete", "cellmate", "dialout"] not in recorded(log)   # it was in dialout before
    assert snapshot(root) == before


def test_force_installs_off_a_pi_without_the_pi_only_parts(tmp_path, source):
    root = make_root(tmp_path / "root", pi=False, desktop=False)
    (root / "etc/group").write_text(GROUP.replace("gpio:x:997:pi\n", ""))
    log = tmp_path / "c.jsonl"
    result = run(INSTALL, root, "--force", record=log, source=source)
    assert result.returncode == 0, result.stderr
    assert "not a Raspberry Pi (--force)" in result.stdout
    assert "skip     python3-lgpio: only in Raspberry Pi OS" in result.stdout
    assert "skip     group gpio: not on this system" in result.stdout
    install = next(cmd for cmd in recorded(log) if cmd[:2] == ["apt-get", "install"])
    assert "python3-lgpio" not in install
    assert "no desktop takes the screen at boot" in result.stdout
    assert not (root / "etc/systemd/system/default.target").exists()
    assert run(INSTALL, root, "--force", source=source).stdout.rstrip().endswith("nothing to change: the kiosk install is complete and up to date.")


def test_a_checkout_without_the_pads_rule_says_so(tmp_path, root, source):
    mine = tmp_path / "checkout"
    shutil.copytree(source, mine)
    rule = mine / "hardware/pads/99-cellmate-pads.rules"
    if rule.exists():
        rule.unlink()
    log = tmp_path / "c.jsonl"
    result = run(INSTALL, root, record=log, source=mine)
    assert result.returncode == 0
    assert "skip     seat pads udev rule: hardware/pads/99-cellmate-pads.rules is not in" in result.stdout
    assert not any(cmd[0] == "udevadm" and "--subsystem-match=tty" in cmd for cmd in recorded(log))
    assert recorded(log).count(["udevadm", "control", "--reload-rules"]) == 1      # the stick's rule alone
    assert not (root / "etc/udev/rules.d/99-cellmate-pads.rules").exists()


def test_a_failed_step_leaves_an_undoable_install(tmp_path, root, source):
    mine = tmp_path / "checkout"
    shutil.copytree(source, mine)
    (mine / "systemd/cellmate.service").unlink()          # the unit step fails
    before = snapshot(root)
    result = run(INSTALL, root, source=mine)
    assert result.returncode == 1 and "FAILED: systemd/cellmate.service is missing" in result.stderr
    manifest = json.loads((root / "opt/cellmate/install-manifest.json").read_text())
    assert manifest["created_user"] is True
    assert run(UNINSTALL, root, "--purge", "--remove-packages").returncode == 0
    assert snapshot(root) == before


def test_kivy_keeps_the_touch_config_on_its_first_start(tmp_path):
    """Kivy fills a new config.ini with its defaults on first start; no second touch provider may sneak in."""
    from hardware import touch
    home = tmp_path / "kivy"
    assert touch.apply(home) is True
    env = {**os.environ, "KIVY_HOME": str(home), "KIVY_NO_ARGS": "1", "KIVY_NO_CONSOLELOG": "1"}
    code = "from kivy.config import Config; print(Config.items('input'))"
    result = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, env=env, timeout=60)
    assert result.returncode == 0, result.stderr
    assert "graphics" in (home / "config.ini").read_text()           # Kivy did write its full config
    assert touch.read_input(home / "config.ini") == list(touch.INPUT)
    assert touch.problems(home / "config.ini") == []
    assert touch.apply(home) is False                                # so the next install changes nothing


def test_kivys_own_default_would_read_the_screen_twice(tmp_path):
    """Without the kiosk's file, Kivy's default [input] plus SDL's touch-to-mouse counts a touch twice."""
    from hardware import touch
    home = tmp_path / "kivy"
    home.mkdir()
    env = {**os.environ, "KIVY_HOME": str(home), "KIVY_NO_ARGS": "1", "KIVY_NO_CONSOLELOG": "1"}
    subprocess.run([sys.executable, "-c", "import kivy.config"], env=env, timeout=60, check=True,
                   capture_output=True)
    assert touch.read_input(home / "config.ini") != list(touch.INPUT)
    assert touch.problems(home / "config.ini", environ={}) != []


# -- a damaged install-manifest.json ------------------------------------------------
MANIFEST = "opt/cellmate/install-manifest.json"
OURS = ("etc/systemd/system/cellmate.service", "etc/systemd/system/multi-user.target.wants/cellmate.service",
        "etc/udev/rules.d/99-cellmate-pads.rules", "usr/local/bin/companion", "var/lib/cellmate/kivy",
        "opt/cellmate/venv", "etc/udev/rules.d/99-cellmate-stick.rules", "etc/systemd/system/cellmate-eject.path",
        "etc/systemd/system/cellmate-eject.service", "media/cellmate")


def no_traceback(result) -> None:
    assert "Traceback" not in result.stdout + result.stderr, result.stdout + result.stderr


def damaged_copies(root: Path) -> list[Path]:
    return sorted((root / "opt/cellmate").glob("install-manifest.json.damaged-*"))


CORRUPT = {
    "empty": (b"", "empty"),
    "truncated": (b'{\n  "created_user": true,\n  "groups_ad', "not valid JSON"),
    "not-json": (b"created_user = true\n", "not valid JSON"),
    "binary": (b"\x00\xff\xfe\x89PNG\r\n\x1a\n\x00\x00\x00\rIHDR\xc3\x28", "not text"),
    "list": (b'["created_user", true]\n', "a JSON list"),
    "string": (b'"cellmate"\n', "a JSON string"),
    "null": (b"null\n", "a JSON null"),
    "no-fields": (b"{}\n", "created_user is missing"),     # install-pi always writes every field
}


@pytest.mark.parametrize("case", sorted(CORRUPT))
def test_uninstall_with_a_corrupt_manifest_undoes_only_what_it_recognises(tmp_path, installed, case):
    content, reason = CORRUPT[case]
    root = installed      # install-pi has run on it
    (root / MANIFEST).write_bytes(content)
    group_before = (root / "etc/group").read_text()
    status_before = (root / "var/lib/dpkg/status").read_text()
    log = tmp_path / "u.jsonl"
    result = run(UNINSTALL, root, "--purge", "--remove-packages", record=log)
    no_traceback(result)
    assert result.returncode == 3, result.stdout + result.stderr
    out = result.stdout
    assert "/opt/cellmate/install-manifest.json is damaged" in out and reason in out
    # what is Cellmate's own by what it is: gone
    for gone in OURS:
        assert not (root / gone).exists() and not (root / gone).is_symlink(), gone
    # what only the manifest could tell: left as it is, and said so
    words = [" ".join(cmd) for cmd in recorded(log)]
    assert not any(w.split()[0] in ("userdel", "gpasswd", "apt-get") for w in words), words
    assert "cellmate:x:999" in (root / "etc/passwd").read_text()
    assert (root / "etc/group").read_text() == group_before
    assert (root / "var/lib/dpkg/status").read_text() == status_before
    assert "whether install-pi made it is unknown" in out and "sudo userdel cellmate" in out
    assert "none is removed (--remove-packages)" in out
    assert os.readlink(root / "etc/systemd/system/default.target") == "/lib/systemd/system/multi-user.target"
    assert "sudo systemctl set-default graphical.target" in out
    assert "systemctl set-default graphical.target" not in words
    # the damaged manifest itself is kept, byte for byte, and said so
    assert (root / MANIFEST).read_bytes() == content
    assert out.rstrip().splitlines()[-1].startswith("kept: /opt/cellmate/install-manifest.json")
    assert "partly done: " in out
    # and again: nothing more to do, still the same clear status
    again = run(UNINSTALL, root, "--purge", "--remove-packages", record=log)
    no_traceback(again)
    assert again.returncode == 3 and "  change " not in again.stdout
    assert len(recorded(log)) == len(words)          # no command the second time


def test_uninstall_dry_run_with_a_corrupt_manifest_changes_nothing(installed):
    root = installed      # install-pi has run on it
    (root / MANIFEST).write_bytes(b"{")
    before = snapshot(root)
    result = run(UNINSTALL, root, "--dry-run", "--purge", "--remove-packages")
    no_traceback(result)
    assert result.returncode == 3
    assert "damaged" in result.stdout and "nothing was changed" in result.stdout
    assert snapshot(root) == before


# field: (a bad value, the exit code: 3 when something is left undone for want of it)
BAD_FIELDS = {
    "created_user": ("yes", 3),                 # the user stays
    "groups_added": (5, 0),                     # moot: install-pi made the user, and it goes
    "packages_installed": ("libegl1", 3),       # the packages stay
    "default_target": ("x", 3),                 # the console target stays
    "dirs_created": (["/etc/cellmate", "../../outside"], 0),   # empty folders stay (said, but harmless)
    "config_written": ([], 0),                  # not needed: the config goes by --purge
    "bin_link": (None, 0),                      # not needed: the link is known by where it points
    "version": ("one", 0),
}


@pytest.mark.parametrize("field", sorted(BAD_FIELDS))
def test_a_bad_field_is_named_and_only_it_is_unknown(tmp_path, installed, field):
    root = installed      # install-pi has run on it
    manifest = json.loads((root / MANIFEST).read_text())
    value, code = BAD_FIELDS[field]
    manifest[field] = value
    (root / MANIFEST).write_text(json.dumps(manifest))
    log = tmp_path / "u.jsonl"
    result = run(UNINSTALL, root, "--purge", "--remove-packages", record=log)
    no_traceback(result)
    assert result.returncode == code, result.stdout + result.stderr
    assert f"/opt/cellmate/install-manifest.json is damaged: {field} is " in result.stdout
    words = [" ".join(cmd) for cmd in recorded(log)]
    # the good fields are still used
    if field != "created_user":
        assert "userdel cellmate" in words
    if field != "packages_installed":
        assert any(w.startswith("apt-get remove -y ") for w in words)
    if field != "default_target":
        assert "systemctl set-default graphical.target" in words


def test_a_bad_default_target_is_left_with_the_command_to_set_it_back(tmp_path, installed):
    root = installed      # install-pi has run on it
    manifest = json.loads((root / MANIFEST).read_text())
    manifest["default_target"] = "x"
    manifest["groups_added"] = 5
    (root / MANIFEST).write_text(json.dumps(manifest))
    log = tmp_path / "u.jsonl"
    result = run(UNINSTALL, root, record=log)
    no_traceback(result)
    assert result.returncode == 3
    assert "default_target is \"x\"" in result.stdout and "groups_added is 5" in result.stdout
    assert os.readlink(root / "etc/systemd/system/default.target") == "/lib/systemd/system/multi-user.target"
    assert "sudo systemctl set-default graphical.target" in result.stdout
    assert ["userdel", "cellmate"] in recorded(log)       # created_user was good: the user goes all the same


def test_a_kept_user_with_unknown_groups_stays_in_them(tmp_path, root, source):
    (root / "etc/passwd").write_text(PASSWD + "cellmate:x:900:900::/var/lib/cellmate:/usr/sbin/nologin\n")
    (root / "etc/group").write_text(GROUP + "cellmate:x:900:\n")
    assert run(INSTALL, root, source=source).returncode == 0
    group_installed = (root / "etc/group").read_text()
    manifest = json.loads((root / MANIFEST).read_text())
    assert manifest["created_user"] is False
    manifest["groups_added"] = ["video", 3]
    (root / MANIFEST).write_text(json.dumps(manifest))
    log = tmp_path / "u.jsonl"
    result = run(UNINSTALL, root, record=log)
    no_traceback(result)
    assert result.returncode == 3
    assert not any(cmd[0] == "gpasswd" for cmd in recorded(log))
    assert (root / "etc/group").read_text() == group_installed
    assert "which of them install-pi added is unknown" in result.stdout
    assert "sudo gpasswd --delete cellmate GROUP" in result.stdout


def test_unknown_packages_are_named_as_kept_without_remove_packages(installed):
    root = installed      # install-pi has run on it
    (root / MANIFEST).write_text("[]")
    result = run(UNINSTALL, root)
    no_traceback(result)
    assert result.returncode == 3
    assert "which packages install-pi installed is unknown" in result.stdout


def test_install_over_a_corrupt_manifest_keeps_a_copy_and_writes_it_anew(tmp_path, installed, source):
    root = installed      # install-pi has run on it
    (root / MANIFEST).write_bytes(b'{\n  "created_user": tr')
    dry = run(INSTALL, root, "--dry-run", source=source)
    no_traceback(dry)
    assert dry.returncode == 0 and "damaged" in dry.stdout and damaged_copies(root) == []
    result = run(INSTALL, root, source=source)
    no_traceback(result)
    assert result.returncode == 0, result.stdout + result.stderr
    assert "/opt/cellmate/install-manifest.json is damaged: not valid JSON" in result.stdout
    assert "written anew" in result.stdout
    copies = damaged_copies(root)
    assert len(copies) == 1 and copies[0].read_bytes() == b'{\n  "created_user": tr'
    assert f"/opt/cellmate/{copies[0].name}" in result.stdout
    assert isinstance(json.loads((root / MANIFEST).read_text()), dict)
    again = run(INSTALL, root, source=source)
    assert "nothing to change" in again.stdout and damaged_copies(root) == copies
    # what the lost manifest knew stays unknown: the uninstall leaves it, and keeps the copy
    # (the only record of the first install) and the manifest that says what is unknown
    result = run(UNINSTALL, root)
    no_traceback(result)
    assert result.returncode == 3
    assert "written anew over a damaged one" in result.stdout
    assert "cellmate:x:999" in (root / "etc/passwd").read_text()
    assert "whether install-pi made it is unknown" in result.stdout
    assert damaged_copies(root) == copies and copies[0].read_bytes() == b'{\n  "created_user": tr'
    assert not (root / "opt/cellmate/venv").exists() and (root / MANIFEST).exists()
    last = result.stdout.rstrip().splitlines()[-1]
    assert last.startswith("kept: ") and copies[0].name in last


def test_install_over_a_bad_field_keeps_the_good_ones(installed, source):
    root = installed      # install-pi has run on it
    manifest = json.loads((root / MANIFEST).read_text())
    damaged = dict(manifest, groups_added=5)
    (root / MANIFEST).write_text(json.dumps(damaged))
    result = run(INSTALL, root, source=source)
    no_traceback(result)
    assert result.returncode == 0
    assert "damaged: groups_added is 5" in result.stdout
    assert len(damaged_copies(root)) == 1
    anew = json.loads((root / MANIFEST).read_text())
    assert anew["created_user"] is True and anew["packages_installed"] == manifest["packages_installed"]
    assert anew["default_target"] == manifest["default_target"] and anew["groups_added"] == []
    assert anew["unknown"] == ["groups_added"]        # lost, not "none": a later uninstall must not guess
    assert "nothing to change" in run(INSTALL, root, source=source).stdout


def test_a_manifest_that_is_a_folder(tmp_path, installed, source):
    root = installed      # install-pi has run on it
    (root / MANIFEST).unlink()
    (root / MANIFEST).mkdir()
    result = run(UNINSTALL, root)
    no_traceback(result)
    assert result.returncode == 3 and "damaged: a folder, not a file" in result.stdout
    assert run(INSTALL, root, source=source).returncode == 0
    result = run(INSTALL, root, source=source)
    no_traceback(result)
    assert result.returncode == 0, result.stdout + result.stderr
    assert (root / MANIFEST).is_file() and damaged_copies(root)[0].is_dir()


def test_what_an_install_does_again_is_known_again(tmp_path, installed, source):
    root = installed      # install-pi has run on it
    (root / MANIFEST).write_text("garbage")
    (root / "etc/passwd").write_text(PASSWD)          # the user removed by hand
    (root / "etc/group").write_text(GROUP)
    assert run(INSTALL, root, source=source).returncode == 0
    anew = json.loads((root / MANIFEST).read_text())
    assert anew["created_user"] is True and "created_user" not in anew["unknown"]
    assert "groups_added" in anew["unknown"]          # what it added now is listed, not what it did before
    log = tmp_path / "u.jsonl"
    result = run(UNINSTALL, root, record=log)
    no_traceback(result)
    assert ["userdel", "cellmate"] in recorded(log)


def test_without_systemctl_enabling_the_unit_is_the_link_it_stands_for(tmp_path, monkeypatch):
    """A chroot or container without systemd (the arm64 check's Debian root): the
    unit is still enabled, as the link systemd reads at the next boot."""
    monkeypatch.setenv("PATH", str(tmp_path / "empty-bin"))       # no systemctl anywhere
    import io
    out = io.StringIO()
    host = kiosk.Host("/", dry_run=False, record=None, out=out)
    made = []
    assert host.run(["systemctl", "enable", "cellmate.service"], emulate=lambda: made.append("link"))
    assert made == ["link"] and "done by hand, as a link in /etc" in out.getvalue()
    with pytest.raises(kiosk.Failed, match="apt-get is not installed here"):   # never faked for the rest
        host.run(["apt-get", "install", "-y", "x"], emulate=lambda: made.append("apt"))
    assert made == ["link"]
