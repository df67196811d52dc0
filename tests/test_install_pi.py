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


def test_what_drifted_is_put_back_and_only_that(tmp_path, root, source):
    assert run(INSTALL, root, source=source).returncode == 0
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


def test_uninstall_keeps_the_games_and_the_config_unless_purged(root, source):
    assert run(INSTALL, root, source=source).returncode == 0
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
    assert not any(cmd[0] == "udevadm" for cmd in recorded(log))
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
