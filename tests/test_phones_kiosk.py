"""Phones at the table on the kiosk: install-pi opens the phones' port (a socket unit
handing its one socket to the service) only while the config switches phones on, the
service keeps no network of its own (exposure stays at 1.0 or lower), uninstall-pi takes
it all away; and the app serves on the socket systemd hands it."""
import json
import os
import shutil
import socket
import subprocess
import sys
import time
import urllib.request
from pathlib import Path

import pytest

from test_install_pi import INSTALL, UNINSTALL, make_root, run, snapshot, source  # noqa: F401
from test_systemd_unit import MAX_EXPOSURE, exposure

REPO = Path(__file__).resolve().parents[1]
SOCKET = "etc/systemd/system/cellmate-phones.socket"
DROPIN = "etc/systemd/system/cellmate.service.d/phones.conf"


def with_phones(root: Path, enabled: bool, port: int | None = None) -> None:
    """The installed config's [phones] section, edited as a person would."""
    config = root / "etc/cellmate/config.toml"
    head, _, _ = config.read_text().partition("[phones]")
    config.write_text(head + f"[phones]\nenabled = {str(enabled).lower()}\n" + (f"port = {port}\n" if port else ""))


def test_the_port_is_open_only_while_the_config_switches_phones_on(tmp_path, source):  # noqa: F811
    root = make_root(tmp_path / "root")
    before = snapshot(root)
    assert run(INSTALL, root, source=source).returncode == 0
    assert not (root / SOCKET).exists() and not (root / DROPIN).exists()      # off by default
    with_phones(root, True, 9123)
    result = run(INSTALL, root, source=source)
    assert result.returncode == 0, result.stdout + result.stderr
    assert "phones at the table: port 9123" in result.stdout
    unit = (root / SOCKET).read_text()
    assert "ListenStream=9123\n" in unit and "IPAddressDeny=any" in unit and "Service=cellmate.service" in unit
    assert (root / DROPIN).read_text().endswith("[Service]\nSockets=cellmate-phones.socket\n")
    assert "nothing to change" in run(INSTALL, root, source=source).stdout
    # the service with the drop-in: still no network of its own, exposure as low as before
    service = (root / "etc/systemd/system/cellmate.service").read_text()
    merged = tmp_path / "cellmate.service"
    merged.write_text(service + "\n" + (root / DROPIN).read_text())
    assert "PrivateNetwork=yes" in service and exposure(merged) <= MAX_EXPOSURE
    with_phones(root, False, 9123)
    result = run(INSTALL, root, source=source)
    assert "phones at the table: off" in result.stdout
    assert not (root / SOCKET).exists() and not (root / DROPIN).exists()
    with_phones(root, True)
    assert run(INSTALL, root, source=source).returncode == 0 and (root / SOCKET).exists()
    assert "ListenStream=8080\n" in (root / SOCKET).read_text()      # no port said: the default
    assert run(UNINSTALL, root, "--purge", "--remove-packages").returncode == 0
    assert snapshot(root) == before


def test_the_socket_unit_is_verified_clean(tmp_path):
    # not skipped where it is missing: scripts/test installs it (the systemd package)
    assert shutil.which("systemd-analyze"), "systemd-analyze is missing: run ./scripts/test, which installs it"
    unit = tmp_path / "cellmate-phones.socket"
    shutil.copy(REPO / "systemd/cellmate-phones.socket", unit)
    service = tmp_path / "cellmate.service"
    service.write_text("[Service]\nExecStart=/bin/true\n")
    result = subprocess.run(["systemd-analyze", "verify", str(unit)], capture_output=True, text=True, timeout=60,
                            cwd=tmp_path)
    assert "cellmate-phones.socket" not in result.stdout + result.stderr, result.stdout + result.stderr


def test_the_app_serves_on_the_socket_systemd_hands_it_and_binds_nothing(tmp_path):
    """As the kiosk starts it: LISTEN_FDS with the socket on fd 3, CELLMATE_PHONES=systemd."""
    listener = socket.socket()
    listener.bind(("127.0.0.1", 0))
    listener.listen()
    port = listener.getsockname()[1]
    code = ("import json, sys, time\n"
            "from hardware.phones.server import PhoneServer\n"
            "server = PhoneServer(1, lambda seat, m: None, host='127.0.0.1').start()\n"
            "print(json.dumps([server.port, server.registry.join_key]), flush=True)\n"
            "sys.stdin.readline()\n"
            "server.stop()\n")
    env = dict(os.environ, LISTEN_FDS="1", LISTEN_FDNAMES="cellmate-phones", CELLMATE_PHONES="systemd",
               PYTHONPATH=str(REPO))
    handover = ("import os, sys; os.dup2(int(sys.argv[1]), 3); os.environ['LISTEN_PID'] = str(os.getpid()); "
                "os.execv(sys.executable, [sys.executable, '-c', sys.argv[2]])")     # as systemd does: fd 3, our pid
    child = subprocess.Popen([sys.executable, "-c", handover, str(listener.fileno()), code], env=env,
                             stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True,
                             pass_fds=(listener.fileno(),), cwd=REPO)
    try:
        served_port, key = json.loads(child.stdout.readline())
        assert served_port == port
        with urllib.request.urlopen(f"http://127.0.0.1:{port}/{key}", timeout=5) as page:
            assert page.status == 200
    finally:
        child.stdin.write("\n")
        child.stdin.flush()
        child.wait(10)
        listener.close()


def test_without_the_socket_the_kiosk_app_says_how_to_switch_phones_on(monkeypatch):
    from hardware.phones.server import PhoneServer, PhonesError
    monkeypatch.setenv("CELLMATE_PHONES", "systemd")
    monkeypatch.delenv("LISTEN_PID", raising=False)
    with pytest.raises(PhonesError) as refused:
        PhoneServer(0, lambda seat, m: None, host="127.0.0.1").start()
    assert "[phones] enabled = true" in str(refused.value) and "install-pi" in str(refused.value)
