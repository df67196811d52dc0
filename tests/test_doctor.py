"""`companion doctor` on made-up machines: gpiozero mock pins, fake-rpi, fake serial ports, fake /sys."""
import io
import os
import shutil
import struct
import subprocess
import sys
import threading
from pathlib import Path
from types import SimpleNamespace

import hardware_fixtures  # noqa: F401  (headless Kivy before anything imports it)
import pytest
from gpiozero import Device
from gpiozero.pins.mock import MockFactory, MockPWMPin

from companion.config import Config, Speech, parse
from companion.store import Store
from hardware import doctor as doc

COMPANION = Path(sys.executable).parent / "companion"


class Table(io.StringIO):
    """The doctor's output; when it asks for a button, the person presses it (or not)."""

    def __init__(self, factory, press=(), hold=0.05):
        super().__init__()
        self.factory, self.press, self.hold = factory, set(press), hold

    def write(self, text):
        n = super().write(text)
        for label in list(self.press):
            if f"button {label}: press it now" in text:
                pin = self.factory.pin(_pin_of(label))
                threading.Timer(0.05, self._tap, (pin,)).start()
        return n

    def _tap(self, pin):
        pin.drive_low()
        threading.Timer(self.hold, pin.drive_high).start()


def _pin_of(label):
    key = {"ROLL": "roll", "TIMER": "timer", "CONFIRM": "confirm", "UNDO/REDO": "undo"}[label]
    return getattr(Config().buttons, key)


def machine(tmp_path, pi=True, drm=True, touch=True, sound=True, kiosk=False) -> doc.Paths:
    """A /proc and /sys as the doctor reads them."""
    root = tmp_path / "machine"
    paths = doc.Paths(model=root / "model", cpuinfo=root / "cpuinfo", sys_drm=root / "drm", sys_input=root / "input",
                      asound_cards=root / "cards", unit=root / "cellmate.service", unit_wants=root / "wants",
                      udev_rule=root / "99-cellmate-pads.rules", kivy_config=root / "kivy" / "config.ini",
                      group=root / "group")
    root.mkdir()
    paths.cpuinfo.write_text("processor : 0\n")
    if pi:
        paths.model.write_bytes(b"Raspberry Pi 5 Model B Rev 1.0\x00")
    if drm:
        (root / "drm/card1/device").mkdir(parents=True)
        (root / "drivers/vc4-drm").mkdir(parents=True)
        os.symlink(root / "drivers/vc4-drm", root / "drm/card1/device/driver")
        (root / "drm/card1-DSI-1").mkdir()
        (root / "drm/card1-DSI-1/status").write_text("connected\n")
        (root / "drm/card1-DSI-1/modes").write_text("800x480\n")
    if touch:
        dev = root / "input/event4/device/capabilities"
        dev.mkdir(parents=True)
        # what the official display's FT5x06 reports: ABS_X, ABS_Y, ABS_MT_SLOT, ABS_MT_POSITION_X/Y,
        # ABS_MT_TRACKING_ID; keys: BTN_TOUCH (sysfs bitmaps in words of this machine's long)
        (dev / "abs").write_text(bitmap({0x00, 0x01, 0x2F, 0x35, 0x36, 0x39}) + "\n")
        (dev / "key").write_text(bitmap({0x14A}) + "\n")
        (root / "input/event4/device/name").write_text("generic ft5x06 (79)\n")
    if sound:
        paths.asound_cards.write_text(" 0 [vc4hdmi0       ]: vc4-hdmi - vc4-hdmi-0\n                      vc4-hdmi-0\n")
    if kiosk:
        paths.unit.write_text((Path(__file__).parents[1] / "systemd/cellmate.service").read_text())
        paths.unit_wants.symlink_to(paths.unit)
        paths.udev_rule.write_text("# rule\n")
        paths.group.write_text("video:x:44:cellmate\nrender:x:105:cellmate\ninput:x:101:cellmate\n"
                               "gpio:x:997:cellmate\ndialout:x:20:cellmate\naudio:x:29:cellmate\ncellmate:x:999:\n")
        from hardware import touch as touch_config
        touch_config.apply(paths.kivy_config.parent)
    return paths


def bitmap(bits, word_bits=struct.calcsize("l") * 8) -> str:
    words = [0] * (max(bits) // word_bits + 1)
    for bit in bits:
        words[bit // word_bits] |= 1 << (bit % word_bits)
    return " ".join(f"{w:x}" for w in reversed(words))


def port(device, vid=0x2E8A, pid=0x0005, serial="E6614C311B7A2F2D"):
    return SimpleNamespace(device=device, vid=vid, pid=pid, serial_number=serial, description="Pico")


@pytest.fixture(autouse=True)
def no_pin_factory_chosen(monkeypatch):
    """Each check begins where a fresh `companion doctor` does: no pin factory chosen yet
    in this process and none named in the environment (the suite's workers run other
    modules' tests first, and a factory one of them chose must not pass for the machine's)."""
    monkeypatch.delenv("GPIOZERO_PIN_FACTORY", raising=False)
    monkeypatch.delenv("GPIOZERO_MOCK_PIN_CLASS", raising=False)
    Device.pin_factory = None
    yield
    Device.pin_factory = None


@pytest.fixture
def pwm_mock():
    factory = MockFactory(pin_class=MockPWMPin)
    Device.pin_factory = factory
    yield factory
    factory.reset()
    Device.pin_factory = None


GPIO_MODULES = ("gpiozero.pins.", "RPi", "lgpio", "pigpio")


@pytest.fixture
def gpio_modules():
    """Give back sys.modules' GPIO libraries as they were: a gpiozero pin module imported
    while fake-rpi stood in for RPi.GPIO must not outlive the test."""
    before = {name: module for name, module in sys.modules.items() if name.startswith(GPIO_MODULES)}
    yield
    for name in [n for n in sys.modules if n.startswith(GPIO_MODULES)]:
        if name not in before:
            del sys.modules[name]
    sys.modules.update(before)
    Device.pin_factory = None


def make(tmp_path, out, paths, config=None, **kwargs):
    data = tmp_path / "data"
    data.mkdir(exist_ok=True)
    options = dict(config=config or Config(), config_path=tmp_path / "config.toml", data_dir=data, out=out,
                   paths=paths, comports=lambda: [], environ={}, timeout=1.0, beep=False,
                   speak=False)
    options.update(kwargs)
    return doc.Doctor(**options)


def lines(out) -> dict[str, list[str]]:
    found = {}
    for line in out.getvalue().splitlines():
        if line[:5].strip() in ("ok", "info", "warn", "FAIL") and ": " in line:
            status, rest = line[:5].strip(), line[6:]
            topic, text = rest.split(": ", 1)
            found.setdefault(topic, []).append(f"{status} {text}")
    return found


def test_buttons_pressed_during_the_prompt_are_seen(tmp_path, pwm_mock):
    out = Table(pwm_mock, press={"ROLL", "TIMER", "CONFIRM", "UNDO/REDO"})
    d = make(tmp_path, out, machine(tmp_path), interactive=True, ask=lambda q, t: "y", beep=True)
    assert d.run() == 0, out.getvalue()
    found = lines(out)
    assert found["gpio"] == [f"ok pin factory MockFactory (gpiozero {doc._version('gpiozero')})"]
    assert found["button ROLL"] == ["ok GPIO17, header pin 11: seen"]
    assert found["button UNDO/REDO"] == ["ok GPIO23, header pin 16: seen"]
    assert found["buzzer"] == ["ok GPIO18, header pin 12, tonal: test beep heard"]
    assert found["board"] == ["ok Raspberry Pi 5 Model B Rev 1.0"]
    assert out.getvalue().rstrip().endswith("all needed parts found.")


def test_a_button_nobody_presses_is_not_seen_and_fails(tmp_path, pwm_mock):
    out = Table(pwm_mock, press={"ROLL", "CONFIRM", "UNDO/REDO"})   # TIMER is never pressed
    d = make(tmp_path, out, machine(tmp_path), interactive=True, timeout=0.3, ask=lambda q, t: "y")
    assert d.run() == 1
    found = lines(out)
    assert found["button TIMER"] == ["FAIL GPIO27, header pin 13: not seen within 0.3 s (it goes between "
                                     "GPIO27 and GND; see hardware/WIRING.md)"]
    assert found["button ROLL"] == ["ok GPIO17, header pin 11: seen"]
    assert "1 problem(s): button" in out.getvalue()


def test_a_stuck_button_fails_before_any_prompt(tmp_path, pwm_mock):
    pin = pwm_mock.pin(22)
    pull = type(pin)._set_pull

    def stuck(value):          # setting the pull-up does not lift it: it is wired to ground for good
        pull(pin, value)
        pin.drive_low()
    pin._set_pull = stuck
    out = Table(pwm_mock, press={"ROLL", "TIMER", "UNDO/REDO"})
    assert make(tmp_path, out, machine(tmp_path), interactive=True, ask=lambda q, t: "y").run() == 1
    assert lines(out)["button CONFIRM"][0].startswith("FAIL GPIO22, header pin 15: reads pressed before anyone")
    assert "button CONFIRM: press it now" not in out.getvalue()


def test_without_a_terminal_nothing_is_asked(tmp_path, pwm_mock):
    asked = []
    out = Table(pwm_mock)
    d = make(tmp_path, out, machine(tmp_path), interactive=False, ask=lambda q, t: asked.append(q), beep=True)
    assert d.run() == 0
    found = lines(out)
    assert found["button ROLL"] == ["info GPIO17, header pin 11: ready, reads released; press not tested "
                                    "(standard input is not a terminal; run companion doctor in one)"]
    assert found["buzzer"][0].startswith("ok GPIO18, header pin 12, tonal: test beep played")
    assert "press it now" not in out.getvalue() and asked == []


def test_the_test_beep_really_drives_the_buzzer_pin(tmp_path, pwm_mock):
    pin = pwm_mock.pin(18)
    out = Table(pwm_mock)
    make(tmp_path, out, machine(tmp_path), beep=True).run()
    assert any(state.state > 0 for state in pin.states), pin.states   # PWM went on...
    assert pin.state == 0                                             # ...and off again


def test_a_beep_not_heard_fails_and_says_what_to_check(tmp_path, pwm_mock):
    out = Table(pwm_mock, press={"ROLL", "TIMER", "CONFIRM", "UNDO/REDO"})
    assert make(tmp_path, out, machine(tmp_path), interactive=True, ask=lambda q, t: "n", beep=True).run() == 1
    assert "test beep not heard" in lines(out)["buzzer"][0] and 'type "tonal"' in lines(out)["buzzer"][0]


def test_an_active_buzzer_on_a_plain_pin(tmp_path):
    factory = MockFactory()                       # no PWM on these pins
    out = io.StringIO()
    config, _ = parse('[buzzer]\ntype = "active"\npin = 5\n[buttons]\nroll = "none"\ntimer = "none"\n'
                      'confirm = "none"\nundo = "none"\n')
    try:
        assert make(tmp_path, out, machine(tmp_path), config=config, pin_factory=factory, beep=True).run() == 0
    finally:
        factory.reset()
    found = lines(out)
    assert found["buzzer"][0].startswith("ok GPIO5, header pin 29, active: test beep played")
    assert found["button ROLL"] == ['info not fitted (buttons.roll = "none")']


def test_a_tonal_buzzer_without_pwm_is_explained(tmp_path):
    factory = MockFactory()
    out = io.StringIO()
    try:
        assert make(tmp_path, out, machine(tmp_path), pin_factory=factory, beep=True).run() == 1
    finally:
        factory.reset()
    assert "MockFactory cannot do PWM on this pin" in lines(out)["buzzer"][0]


def test_fake_rpi_stands_in_for_rpi_gpio_and_the_factory_is_named(tmp_path, monkeypatch, gpio_modules):
    import fake_rpi
    fake_rpi.toggle_print(False)                               # its call-by-call printing
    monkeypatch.setitem(sys.modules, "RPi", fake_rpi.RPi)
    monkeypatch.setitem(sys.modules, "RPi.GPIO", fake_rpi.RPi.GPIO)
    monkeypatch.setitem(sys.modules, "lgpio", None)          # gpiozero 2 tries lgpio first: not here
    # fake-rpi has no /proc to tell the board: say it is a Pi 4 B (revision c03114)
    monkeypatch.setattr("gpiozero.pins.local.get_pi_revision", lambda: 0xC03114)
    monkeypatch.setattr(fake_rpi.RPi.GPIO, "_inputs", [1] * 40)   # every button up (pull-up: high)
    # fake-rpi calls every pin an output; gpiozero sets a button's pull only on an input
    monkeypatch.setattr(fake_rpi.RPi.GPIO, "gpio_function", lambda channel: fake_rpi.RPi.GPIO.IN)
    monkeypatch.delitem(sys.modules, "gpiozero.pins.rpigpio", raising=False)   # bind to the fake afresh
    Device.pin_factory = None
    gpio = fake_rpi.RPi.GPIO

    class Person(io.StringIO):
        def write(self, text):
            if "button ROLL: press it now" in text:
                threading.Timer(0.05, gpio.set_input, (17, 0)).start()     # ROLL goes low
            return super().write(text)

    out = Person()
    config, _ = parse('[buzzer]\nenabled = false\n[buttons]\ntimer = "none"\nconfirm = "none"\nundo = "none"\n')
    d = make(tmp_path, out, machine(tmp_path), config=config, interactive=True, timeout=1.0)
    assert d.run() == 0, out.getvalue()
    found = lines(out)
    assert found["gpio"][0].startswith("ok pin factory RPiGPIOFactory")
    assert found["button ROLL"] == ["ok GPIO17, header pin 11: seen"]
    assert Device.pin_factory is None   # the doctor closed the factory it loaded, and set none


def test_no_pin_factory_is_a_failure_named_plainly(tmp_path, monkeypatch, gpio_modules):
    monkeypatch.setitem(sys.modules, "lgpio", None)
    monkeypatch.setitem(sys.modules, "RPi", None)
    monkeypatch.setitem(sys.modules, "RPi.GPIO", None)
    monkeypatch.setitem(sys.modules, "pigpio", None)
    for name in ("gpiozero.pins.lgpio", "gpiozero.pins.rpigpio", "gpiozero.pins.pigpio"):
        monkeypatch.delitem(sys.modules, name, raising=False)
    monkeypatch.setattr("gpiozero.pins.local.get_pi_revision", _no_revision)
    Device.pin_factory = None
    out = io.StringIO()
    assert make(tmp_path, out, machine(tmp_path, pi=False)).run() == 1
    found = lines(out)
    assert found["gpio"][0].startswith("FAIL no pin factory: gpiozero could not load one (lgpio:")
    assert found["board"][0].startswith("info not a Raspberry Pi")


def _no_revision():
    from gpiozero.exc import PinUnknownPi
    raise PinUnknownPi("unable to locate Pi revision")


def test_seat_pads_are_found_by_usb_vendor(tmp_path, pwm_mock):
    out = Table(pwm_mock)
    ports = [port("/dev/ttyACM0"), port("/dev/ttyACM1", serial="E66"),
             port("/dev/ttyUSB0", vid=0x0403, pid=0x6001)]
    statuses = [SimpleNamespace(pad_id="E6614C311B7A2F2D", port="/dev/ttyACM0", seat=1, state="online", fw="1.0",
                                buttons=3, problem=None),
                SimpleNamespace(pad_id=None, port="/dev/ttyACM1", seat=None, state="ignored", fw=None, buttons=0,
                                problem="never answered HELLO")]
    make(tmp_path, out, machine(tmp_path), comports=lambda: ports, pad_probe=lambda config: statuses).run()
    assert lines(out)["seat pads"] == [
        "ok 2 found: /dev/ttyACM0 (serial E6614C311B7A2F2D), /dev/ttyACM1 (serial E66)",
        "ok pad E6614C311B7A2F2D on /dev/ttyACM0: online, seat 2, firmware 1.0, 3 buttons",
        "warn pad ? on /dev/ttyACM1: ignored, never answered HELLO"]


def test_no_seat_pads_is_said_but_not_a_failure(tmp_path, pwm_mock):
    out = Table(pwm_mock)
    assert make(tmp_path, out, machine(tmp_path), comports=lambda: [port("/dev/ttyS0", vid=None)]).run() == 0
    assert lines(out)["seat pads"][0].startswith("info none found (a pad is a Raspberry Pi Pico on USB, vendor id 0x2E8A)")


def test_display_touch_and_audio_on_a_pi(tmp_path, pwm_mock):
    out = Table(pwm_mock)
    make(tmp_path, out, machine(tmp_path, kiosk=True)).run()
    found = lines(out)
    assert found["display"] == ["ok KMS/DRM for SDL's kmsdrm: card1 vc4-drm; connected: DSI-1 800x480"]
    assert found["touch"] == ["ok generic ft5x06 (79) at /dev/input/event4",
                              "ok each touch is read once (Kivy's mtdev provider; SDL's touch-to-mouse off)"]
    assert found["audio"] == ["ok ALSA card 0 vc4-hdmi - vc4-hdmi-0"]
    assert found["kiosk"] == ["ok cellmate.service installed, enabled: starts at boot"]


def test_a_kiosk_user_missing_a_group_is_flagged(tmp_path, pwm_mock):
    paths = machine(tmp_path, kiosk=True)
    paths.group.write_text(paths.group.read_text().replace("dialout:x:20:cellmate", "dialout:x:20:"))
    out = Table(pwm_mock)
    make(tmp_path, out, paths).run()
    assert "warn user cellmate is not in dialout (run scripts/install-pi)" in lines(out)["kiosk"]


def test_a_touch_config_that_counts_twice_is_flagged(tmp_path, pwm_mock):
    paths = machine(tmp_path, kiosk=True)
    paths.kivy_config.write_text(paths.kivy_config.read_text() + "hid_%(name)s = probesysfs,provider=hidinput\n")
    out = Table(pwm_mock)
    make(tmp_path, out, paths).run()
    assert any("a touch counts twice" in line for line in lines(out)["touch"])


def test_no_display_on_a_pi_fails_with_the_fix(tmp_path, pwm_mock):
    out = Table(pwm_mock)
    assert make(tmp_path, out, machine(tmp_path, drm=False)).run() == 1
    assert lines(out)["display"] == ["FAIL nowhere to draw: the kiosk needs KMS: dtoverlay=vc4-kms-v3d in "
                                     "/boot/firmware/config.txt"]


def test_no_sound_card_is_a_warning_only(tmp_path, pwm_mock):
    out = Table(pwm_mock)
    assert make(tmp_path, out, machine(tmp_path, sound=False)).run() == 0
    assert lines(out)["audio"][0].startswith("warn no sound card")


def test_a_data_dir_that_is_a_file_fails(tmp_path, pwm_mock):
    out = Table(pwm_mock)
    (tmp_path / "file").write_text("x")
    assert make(tmp_path, out, machine(tmp_path), data_dir=tmp_path / "file").run() == 1
    assert lines(out)["data dir"][0].startswith("FAIL ")


def test_database_integrity_ok_and_counted(tmp_path, pwm_mock):
    data = tmp_path / "data"
    store = Store.open(data)
    from companion.session import Session
    session = Session.create(store, "dice", ["Ann", "Bob"])
    session.act({"type": "roll", "dice": [4]})
    store.close()
    out = Table(pwm_mock)
    assert make(tmp_path, out, machine(tmp_path), data_dir=data).run() == 0
    assert lines(out)["database"] == [f"ok {data / 'cellmate.db'}: integrity ok; format 1; journal wal; 1 session(s), 1 action(s)"]
    assert not list(data.glob(".cellmate-doctor-*"))        # the write probe is gone again


def test_a_damaged_database_fails(tmp_path, pwm_mock):
    data = tmp_path / "data"
    data.mkdir()
    (data / "cellmate.db").write_bytes(b"SQLite format 3\x00" + os.urandom(4096))
    out = Table(pwm_mock)
    assert make(tmp_path, out, machine(tmp_path), data_dir=data).run() == 1
    assert lines(out)["database"][0].startswith("FAIL ")


def test_config_problems_are_failures_naming_the_key(tmp_path, pwm_mock):
    path = tmp_path / "config.toml"
    path.write_text("[buttons]\nroll = 40\n")
    config, errors = parse(path.read_text())
    out = Table(pwm_mock)
    assert make(tmp_path, out, machine(tmp_path), config=config, config_path=path, config_errors=errors).run() == 1
    assert lines(out)["config"][0].startswith(f"FAIL {path}: buttons.roll: must be a BCM GPIO number")


def test_a_pin_given_twice_names_the_button_left_unconnected_and_opens_the_others(tmp_path, pwm_mock):
    path = tmp_path / "config.toml"
    path.write_text("[buttons]\nroll = 17\ntimer = 17\n[buzzer]\npin = 22\n")
    config, errors = parse(path.read_text())
    out = Table(pwm_mock)
    make(tmp_path, out, machine(tmp_path), config=config, config_path=path, config_errors=errors, beep=True).run()
    found = lines(out)
    assert found["config"] == [
        f"FAIL {path}: buttons.timer: GPIO 17 is already used by buttons.roll; buttons.timer is left unconnected",
        f"FAIL {path}: buzzer.pin: GPIO 22 is already used by buttons.confirm; buzzer.pin is left unconnected",
    ]
    assert found["button TIMER"] == ["warn left unconnected: GPIO 17 is already used by buttons.roll"]
    assert found["buzzer"] == ["warn left unconnected: GPIO 22 is already used by buttons.confirm"]
    assert found["button ROLL"][0].startswith("info GPIO17, header pin 11: ready")
    assert found["button CONFIRM"][0].startswith("info GPIO22, header pin 15: ready")


def test_a_config_path_too_long_for_the_system_is_one_failure(tmp_path, pwm_mock):
    path = tmp_path / ("c" * 300 + ".toml")
    config, errors = doc.config_file.load(path)
    out = Table(pwm_mock)
    assert make(tmp_path, out, machine(tmp_path), config=config, config_path=path, config_errors=errors).run() == 1
    found = lines(out)["config"]
    assert len(found) == 1 and found[0].startswith(f"FAIL {path}: config file ") and "cannot be read" in found[0]


def test_the_command_on_this_machine(tmp_path):
    """`companion doctor` as a person runs it, without a terminal: it names what is missing here."""
    env = {**os.environ, "CELLMATE_CONFIG": str(tmp_path / "none.toml"), "CELLMATE_DATA_DIR": str(tmp_path / "d"),
           "GPIOZERO_PIN_FACTORY": "mock"}
    result = subprocess.run([str(COMPANION), "doctor", "--no-beep", "--no-voice"], stdin=subprocess.DEVNULL,
                            capture_output=True, text=True, timeout=60, env=env)
    out = result.stdout
    assert out.startswith("Cellmate ") and " doctor, as user " in out.splitlines()[0]
    assert "ok    gpio: pin factory MockFactory" in out
    assert "press not tested (standard input is not a terminal" in out
    assert "info  buzzer: GPIO18, header pin 12, tonal: test beep skipped (--no-beep)" in out
    assert f"ok    data dir: {tmp_path / 'd'}: not there yet" in out
    assert "speech: espeak-ng, voices en-gb, de: a test sentence made; not said (--no-voice)" in out
    for topic in ("board", "seat pads", "display", "touch", "audio", "database", "kiosk"):
        assert f"  {topic}: " in out, topic
    has_fail = any(line.startswith("FAIL") for line in out.splitlines())
    assert result.returncode == (1 if has_fail else 0)
    # and something needed missing: exit code 1
    (tmp_path / "file").write_text("x")
    broken = subprocess.run([str(COMPANION), "doctor", "--no-beep", "--data-dir", str(tmp_path / "file")],
                            stdin=subprocess.DEVNULL, capture_output=True, text=True, timeout=60, env=env)
    assert broken.returncode == 1 and "FAIL  data dir: " in broken.stdout


# -- a database of another layout, or locked (issue 11, items 5 and 6) ------------------------------
@pytest.mark.parametrize("statements, version, says", [
    (["CREATE TABLE sessions (id INTEGER PRIMARY KEY, v2 TEXT)"], 2,
     "made by a newer Cellmate (format 2; this one reads format 1 and older); Cellmate leaves it as it is"),
    (["CREATE TABLE recipes (name TEXT)"], 0,
     "not a Cellmate file: it holds the tables recipes; at the next start Cellmate moves it aside"),
    (["CREATE TABLE sessions (id INTEGER PRIMARY KEY, game TEXT)"], 1,
     "not laid out as Cellmate's: table sessions lacks created, finished, head, setup, updated"),
])
def test_a_database_this_cellmate_cannot_use_is_a_failure_saying_exactly_why(tmp_path, pwm_mock, statements,
                                                                              version, says):
    data = tmp_path / "data"
    from fs_fixtures import sqlite_file
    sqlite_file(data / "cellmate.db", *statements, version=version)
    out = Table(pwm_mock)
    assert make(tmp_path, out, machine(tmp_path), data_dir=data).run() == 1
    found = lines(out)["database"]
    assert len(found) == 1 and found[0].startswith(f"FAIL {data / 'cellmate.db'}: ") and says in found[0]


def test_a_locked_database_is_said_to_be_locked_not_damaged(tmp_path, pwm_mock):
    from fs_fixtures import Holder
    data = tmp_path / "data"
    Store.open(data).close()
    holder = Holder(data / "cellmate.db", "exclusive")
    try:
        out = Table(pwm_mock)
        make(tmp_path, out, machine(tmp_path), data_dir=data).run()
    finally:
        holder.release()
    found = lines(out)["database"]
    assert len(found) == 1 and found[0].startswith("warn ") and "locked by another program" in found[0]


def test_a_data_dir_too_long_for_the_system_is_a_failure_not_a_crash(tmp_path, pwm_mock):
    data = tmp_path / ("x" * 300) / "data"
    out = Table(pwm_mock)
    assert make(tmp_path, out, machine(tmp_path), data_dir=data).run() == 1
    assert "File name too long" in lines(out)["data dir"][0] and lines(out)["database"][0].startswith("FAIL ")


# -- the voice -------------------------------------------------------------------------------
def test_the_voice_says_its_test_sentence_and_asks_whether_it_was_heard(tmp_path, pwm_mock):
    asked = []
    out = Table(pwm_mock)
    make(tmp_path, out, machine(tmp_path), speak=True, interactive=True,
         speech_program=str(fake_espeak(tmp_path)), ask=lambda q, t: asked.append(q) or "y").check_speech()
    assert asked == ['did you hear "This is Cellmate. Can you hear me?"? [y/n] ']
    assert lines(out)["speech"] == ["ok espeak-ng, voices en-gb, de: test sentence heard"]
    said = (tmp_path / "said").read_text()
    assert said.split("\n")[0].endswith("-v en-gb -a 160 -s 160 -- This is Cellmate. Can you hear me?")


def test_a_sound_card_that_refuses_and_no_espeak_ng_are_warnings_only(tmp_path, pwm_mock):
    paths = machine(tmp_path)

    def speech_line(**options):
        out = Table(pwm_mock)
        make(tmp_path, out, paths, **options).check_speech()
        return lines(out)["speech"]
    refused = fake_espeak(tmp_path, alsa_error=True)
    assert speech_line(speak=True, config=Config(language="de"), speech_program=str(refused)) == [
        "warn espeak-ng, voices en-gb, de: the test sentence was not played "
        "(ALSA lib pcm.c:2666:(snd_pcm_open_noupdate) Unknown PCM default)"]
    assert "Hier spricht Cellmate" in (tmp_path / "said").read_text()
    assert speech_line(speech_program=str(tmp_path / "none")) == [
        f"warn {tmp_path / 'none'} is not installed (Debian package espeak-ng): Cellmate plays without a voice"]
    assert speech_line(config=Config(speech=Speech(enabled=False))) == [
        "info off in the config (speech.enabled = false)"]


def fake_espeak(tmp_path, alsa_error=False):
    """The real espeak-ng for its voices and its WAVs; a sentence said aloud is written down instead
    (and, with alsa_error, refused as with no sound card, exit code 0 as espeak-ng does)."""
    fake = tmp_path / "espeak-ng"
    real = shutil.which("espeak-ng")
    refuse = 'echo "ALSA lib pcm.c:2666:(snd_pcm_open_noupdate) Unknown PCM default" >&2\n' if alsa_error else ""
    fake.write_text(f'#!/bin/sh\ncase "$*" in --voices*|*--stdout*) exec {real} "$@";; esac\n'
                    f'echo "$0 $*" >> {tmp_path / "said"}\n{refuse}exit 0\n')
    fake.chmod(0o755)
    return fake


# -- the doctor opens the file as the app does and says what the app will do (issue 31, section 4) ----
APP_OPENS = ("import sys\nfrom companion.store import Store\nstore = Store.open(sys.argv[1])\n"
             "print(store.notice, len(store.list_sessions()))\n")


def _doctor_and_app_in_a_read_only(data):
    from fs_fixtures import python_line, read_only, run_mounted
    env = {"CELLMATE_CONFIG": str(data.parent / "none.toml"), "GPIOZERO_PIN_FACTORY": "mock"}
    done = run_mounted([read_only(data)], f"{COMPANION} doctor --no-beep --no-voice --data-dir {data} </dev/null\n"
                                          f"{python_line(APP_OPENS)} {data}", env=env)
    assert "Traceback" not in done.stdout + done.stderr, done.stderr
    *doctor, app = done.stdout.splitlines()
    return [line for line in doctor if line.split(":")[0].split()[-1] == "database"], app


def test_a_healthy_database_in_a_read_only_folder_is_read_as_the_app_reads_it_not_called_damaged(tmp_path):
    from companion.session import Session
    data = tmp_path / "data"
    store = Store.open(data)
    Session.create(store, "dice", ["Ann", "Bob"]).act({"type": "roll", "dice": [4]})
    store.close()
    found, app = _doctor_and_app_in_a_read_only(data)
    assert app == "store.read_only 1"               # the app reads every game and plays on in memory
    assert found == [f"warn  database: {data / 'cellmate.db'}: integrity ok; format 1; journal wal; 1 session(s), "
                     "1 action(s); it cannot be written (Read-only file system): Cellmate shows every saved game "
                     "and plays on, but saves nothing new"]


def test_a_damaged_database_in_a_read_only_folder_is_said_to_stay_where_it_is(tmp_path):
    data = tmp_path / "data"
    data.mkdir()
    (data / "cellmate.db").write_bytes(b"SQLite format 3\x00" + bytes(range(256)) * 16)
    found, app = _doctor_and_app_in_a_read_only(data)
    assert app == "store.stuck 0"                   # the app cannot move it aside: left as it is
    assert len(found) == 1 and found[0].startswith(f"FAIL  database: {data / 'cellmate.db'}: ")
    assert found[0].endswith("Cellmate cannot move it aside (Read-only file system): it leaves it as it is and "
                             "keeps the games only in memory") and "moves it aside (to" not in found[0]


def test_a_named_pipe_for_the_config_or_the_database_is_said_at_once_not_waited_on(tmp_path):
    """Reading a FIFO nobody writes to waited forever: the doctor hung on the config and on the file."""
    config, data = tmp_path / "config.toml", tmp_path / "data"
    os.mkfifo(config)
    data.mkdir()
    os.mkfifo(data / "cellmate.db")
    env = {**os.environ, "GPIOZERO_PIN_FACTORY": "mock"}
    result = subprocess.run([str(COMPANION), "doctor", "--no-beep", "--no-voice", "--config", str(config),
                             "--data-dir", str(data)], stdin=subprocess.DEVNULL, capture_output=True, text=True,
                            timeout=60, env=env)
    assert result.returncode == 1 and "Traceback" not in result.stderr
    out = result.stdout
    assert f"FAIL  config: {config}: config file {config} is not a file but a named pipe (FIFO); using all " \
           "defaults" in out.splitlines()
    assert f"FAIL  database: {data / 'cellmate.db'}: cannot be used (cellmate.db in it is not a file but a named " \
           "pipe (FIFO)); Cellmate leaves it as it is and keeps the games only in memory" in out.splitlines()
