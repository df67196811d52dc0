"""systemd/cellmate.service: verified, hardened, and in step with the installer and the touch config."""
import os
import re
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

REPO = Path(__file__).resolve().parents[1]
UNIT = REPO / "systemd" / "cellmate.service"
sys.path.insert(0, str(REPO / "scripts" / "pi"))
import kiosk  # noqa: E402
from test_install_pi import make_root  # noqa: E402

from hardware import touch  # noqa: E402

MAX_EXPOSURE = 1.0
SYSTEM_UNITS = Path("/usr/lib/systemd/system")


def settings(text: str) -> dict[str, list[str]]:
    """Every Key=value of the unit (all sections), comments dropped, each value a list."""
    out: dict[str, list[str]] = {}
    for line in text.splitlines():
        line = line.strip()
        if not line or line.startswith(("#", ";", "[")):
            continue
        key, _, value = line.partition("=")
        out.setdefault(key.strip(), []).append(value.strip())
    return out


def exposure(unit_path: Path) -> float:
    result = subprocess.run(["systemd-analyze", "security", "--offline=yes", "--no-pager", str(unit_path)],
                            capture_output=True, text=True, timeout=60)
    match = re.search(r"Overall exposure level for \S+: (\d+(?:\.\d+)?)", result.stdout + result.stderr)
    assert match, result.stdout + result.stderr
    return float(match.group(1))


@pytest.fixture(scope="module")
def installed_root(tmp_path_factory) -> Path:
    """The unit installed by install-pi into a root that has systemd's own units, and the
    venv's companion command in place (pip's part, which --root only records)."""
    root = make_root(tmp_path_factory.mktemp("unit") / "root")
    result = subprocess.run([str(REPO / "scripts" / "install-pi"), "--root", str(root)],
                            capture_output=True, text=True, timeout=60)
    assert result.returncode == 0, result.stdout + result.stderr
    shutil.copytree(SYSTEM_UNITS, root / "usr/lib/systemd/system", symlinks=True, dirs_exist_ok=True)
    companion = root / "opt/cellmate/venv/bin/companion"
    companion.parent.mkdir(parents=True, exist_ok=True)
    companion.write_text("#!/bin/sh\n")
    companion.chmod(0o755)
    for command in ("systemctl", "rm"):           # what cellmate-eject.service runs, there on any Debian
        stub = root / "usr/bin" / command
        stub.parent.mkdir(parents=True, exist_ok=True)
        stub.write_text("#!/bin/sh\n")
        stub.chmod(0o755)
    return root


def verify(root: Path, name: str = "cellmate.service") -> subprocess.CompletedProcess:
    return subprocess.run(["systemd-analyze", "verify", f"--root={root}", name],
                          capture_output=True, text=True, timeout=60)


@pytest.mark.parametrize("name", ["cellmate.service", "cellmate-eject.path", "cellmate-eject.service"])
def test_systemd_analyze_verify_is_clean(installed_root, name):
    result = verify(installed_root, name)
    assert result.returncode == 0 and result.stdout.strip() == "" and result.stderr.strip() == "", \
        result.stdout + result.stderr


def test_verify_would_see_a_mistake(installed_root, tmp_path):
    # the same root with a misspelt key in the unit: the check above can fail
    unit = installed_root / "etc/systemd/system/cellmate.service"
    good = unit.read_text()
    try:
        unit.write_text(good.replace("NoNewPrivileges=yes", "NoNewPrivilege=yes"))
        result = verify(installed_root)
        assert "Unknown key 'NoNewPrivilege'" in result.stdout + result.stderr
    finally:
        unit.write_text(good)


def test_verify_wants_the_command_to_exist(installed_root):
    companion = installed_root / "opt/cellmate/venv/bin/companion"
    companion.chmod(0o644)
    try:
        result = verify(installed_root)
        assert "is not executable" in result.stdout + result.stderr
    finally:
        companion.chmod(0o755)


def test_security_exposure_is_at_most_1():
    score = exposure(UNIT)
    assert score <= MAX_EXPOSURE, f"exposure {score} > {MAX_EXPOSURE}"


def test_the_exposure_check_can_fail(tmp_path):
    # The first unit (before hardening) scores far worse: the parse really reads the score.
    plain = tmp_path / "plain.service"
    plain.write_text("[Service]\nExecStart=/opt/cellmate/venv/bin/companion run\nUser=cellmate\n")
    assert exposure(plain) > MAX_EXPOSURE


def test_the_hardening_asked_for_is_there():
    s = settings(UNIT.read_text())
    one = {key: values[-1] for key, values in s.items()}
    assert one["User"] == "cellmate" and one["Group"] == "cellmate"
    assert one["NoNewPrivileges"] == "yes"
    assert one["ProtectSystem"] == "strict"
    assert one["ProtectHome"] == "yes"
    assert one["PrivateTmp"] == "yes"
    assert one["PrivateNetwork"] == "yes" and one["IPAddressDeny"] == "any"
    assert not any(f in one["RestrictAddressFamilies"] for f in ("AF_INET", "AF_INET6", "AF_PACKET"))
    assert one["CapabilityBoundingSet"] == ""
    # the only writable places: the state and runtime dirs, and the sticks mounted for the export
    assert s["ReadWritePaths"] == ["-" + kiosk.STICKS]
    assert one["StateDirectory"] == "cellmate" and one["RuntimeDirectory"] == "cellmate"
    assert one["DevicePolicy"] == "closed"
    allowed = " ".join(s["DeviceAllow"])
    for device in ("char-drm", "char-input", "char-gpiochip", "char-ttyACM", "char-alsa", "/dev/tty1"):
        assert device in allowed, device


def test_it_starts_the_app_fullscreen_on_the_console_and_restarts_it():
    s = settings(UNIT.read_text())
    one = {key: values[-1] for key, values in s.items()}
    env = touch.unit_environment(UNIT.read_text())
    assert one["ExecStart"].split()[:2] == [kiosk.VENV + "/bin/companion", "run"]
    assert "--fullscreen" in one["ExecStart"].split()
    assert env["SDL_VIDEODRIVER"] == "kmsdrm"
    assert one["Restart"] in ("on-failure", "always") and float(one["RestartSec"]) > 0
    assert one["StandardOutput"] == "journal" and one["StandardError"] == "journal"
    assert one["WantedBy"] == "multi-user.target"
    assert "getty@tty1.service" in one["Conflicts"]


def test_paths_agree_with_the_installer_and_the_app():
    env = touch.unit_environment(UNIT.read_text())
    one = {key: values[-1] for key, values in settings(UNIT.read_text()).items()}
    assert env["CELLMATE_CONFIG"] == kiosk.CONFIG
    assert env["CELLMATE_DATA_DIR"] == kiosk.DATA_DIR == "/var/lib/" + one["StateDirectory"]
    assert env["KIVY_HOME"] == kiosk.KIVY_HOME and env["KIVY_HOME"].startswith(kiosk.DATA_DIR + "/")
    # lgpio's notification pipes go to its working dir: it must be a writable one
    assert env["LG_WD"] == "/run/" + one["RuntimeDirectory"]
    assert one["WorkingDirectory"] in (env["LG_WD"], kiosk.DATA_DIR)
    # the config the installer writes names the same data dir
    from companion.config import load
    config, errors = load(REPO / kiosk.SOURCE_CONFIG)
    assert errors == [] and config.data_dir == kiosk.DATA_DIR


def test_the_app_asks_for_the_unmount_where_the_eject_units_look():
    """After an export the app creates $CELLMATE_EJECT; cellmate-eject.path watches that file,
    and cellmate-eject.service stops the mount units of the sticks under kiosk.STICKS (which
    mount-stick has systemd mount) and removes the file."""
    from hardware import stick
    unit = settings(UNIT.read_text())
    env = touch.unit_environment(UNIT.read_text())
    request = env[stick.EJECT_ENV]
    assert request.startswith("/run/" + unit["RuntimeDirectory"][-1] + "/")
    assert "cellmate-eject.path" in " ".join(unit["Wants"])
    path = settings((REPO / "systemd/cellmate-eject.path").read_text())
    assert path["PathExists"] == [request]
    eject = settings((REPO / "systemd/cellmate-eject.service").read_text())
    escaped = subprocess.run(["systemd-escape", "--path", kiosk.STICKS], capture_output=True, text=True,
                             check=True, timeout=60).stdout.strip()
    assert eject["ExecStart"] == [f'/usr/bin/systemctl stop "{escaped}-*.mount"']
    assert eject["ExecStopPost"] == [f"/usr/bin/rm -f {request}"]
    assert eject["ReadWritePaths"] == ["-" + str(Path(request).parent)]
    assert eject["Type"] == ["oneshot"] and eject["NoNewPrivileges"] == ["yes"]
    assert eject["CapabilityBoundingSet"] == ["CAP_DAC_OVERRIDE"]     # root, in the service's own folder


def test_touch_is_read_once():
    env = touch.unit_environment(UNIT.read_text())
    assert touch.problems(None, environ=env) == []
    assert touch.problems(None, environ={}) != []


def test_kivy_takes_the_units_settings(tmp_path):
    """Kivy itself, with the unit's environment and the installer's KIVY_HOME: Escape does not end the
    kiosk, and the touchscreens are read by the kiosk's [input] alone."""
    env = touch.unit_environment(UNIT.read_text())
    kivy_home = tmp_path / "kivy"
    touch.apply(kivy_home)
    env.update(KIVY_HOME=str(kivy_home), KIVY_NO_CONSOLELOG="1", PATH=os.environ.get("PATH", ""))
    code = ("from kivy.config import Config; import json; "
            "print(json.dumps([Config.getboolean('kivy', 'exit_on_escape'), Config.items('input')]))")
    result = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, env=env, timeout=60)
    assert result.returncode == 0, result.stderr
    exit_on_escape, items = __import__("json").loads(result.stdout.strip().splitlines()[-1])
    assert exit_on_escape is False
    assert [tuple(item) for item in items] == list(touch.INPUT)
