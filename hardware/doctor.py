"""``companion doctor``: what Cellmate finds on this machine, one plain line per thing.

In order: the config file, the board (a Raspberry Pi and which one, or not),
the GPIO pin factory gpiozero uses, every configured button (press it now:
seen or not), a test beep on the buzzer, the seat pads on USB, the display
driver, the touchscreen, the sound card, the voice (espeak-ng: its voices, a
test sentence), the data dir and the database, and the kiosk install. Each line starts with its verdict:

    ok    all is well
    info  worth knowing, nothing wrong
    warn  works, but not fully (e.g. no sound card: the buzzer's stand-in is silent)
    FAIL  something Cellmate needs is missing or broken

The exit code is 1 when any line says FAIL, else 0.

Button presses and the "did you hear it?" question need a person at the
table: they are asked only when standard input is a terminal (or with
``--interactive``); otherwise each button is only opened and read once.

Nothing is written except a probe file in the data dir (removed at once);
the database is opened as the app opens it, but only read. Run it while the kiosk service is stopped
(``sudo systemctl stop cellmate``), as the service's user, to see what the
service sees: ``sudo -u cellmate companion doctor``.
"""
from __future__ import annotations

import getpass
import os
import platform
import select
import sqlite3
import subprocess
import sys
import threading
import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import Callable

from companion import __version__
from companion import config as config_file
from companion.store import DB_NAME
from companion.store_errors import kind_of as store_error_kind
from companion.store_open import open_to_check, why_unwritable
from companion.store_schema import Unusable, inspect as store_layout
from companion.store_shm import is_wal

from . import touch

OK, INFO, WARN, FAIL = "ok", "info", "warn", "FAIL"

KIOSK_CONFIG = Path("/etc/cellmate/config.toml")
KIOSK_DATA_DIR = Path("/var/lib/cellmate")
KIOSK_USER = "cellmate"
KIOSK_GROUPS = ("video", "render", "input", "gpio", "dialout", "audio")
BUTTONS = (("roll", "ROLL"), ("timer", "TIMER"), ("confirm", "CONFIRM"), ("undo", "UNDO/REDO"))

# BCM GPIO number -> physical pin on the 40-pin header (hardware/WIRING.md).
HEADER_PIN = {2: 3, 3: 5, 4: 7, 17: 11, 27: 13, 22: 15, 10: 19, 9: 21, 11: 23, 0: 27, 5: 29, 6: 31,
              13: 33, 19: 35, 26: 37, 14: 8, 15: 10, 18: 12, 23: 16, 24: 18, 25: 22, 8: 24, 7: 26,
              1: 28, 12: 32, 16: 36, 20: 38, 21: 40}


@dataclass
class Paths:
    """Where the doctor looks; tests point these at a made-up machine."""
    model: Path = Path("/proc/device-tree/model")
    cpuinfo: Path = Path("/proc/cpuinfo")
    sys_drm: Path = Path("/sys/class/drm")
    sys_input: Path = Path("/sys/class/input")
    asound_cards: Path = Path("/proc/asound/cards")
    unit: Path = Path("/etc/systemd/system/cellmate.service")
    unit_wants: Path = Path("/etc/systemd/system/multi-user.target.wants/cellmate.service")
    udev_rule: Path = Path("/etc/udev/rules.d/99-cellmate-pads.rules")
    kivy_config: Path = KIOSK_DATA_DIR / "kivy" / "config.ini"
    group: Path = Path("/etc/group")


@dataclass
class Finding:
    status: str
    topic: str
    text: str


@dataclass
class Doctor:
    config: config_file.Config
    config_path: Path | None = None
    config_errors: list = field(default_factory=list)
    data_dir: Path | None = None
    out: object = sys.stdout
    interactive: bool = False
    timeout: float = 10.0
    beep: bool = True
    speak: bool = True                      # say the voice's test sentence aloud
    speech_program: str | None = None       # None: espeak-ng on the PATH
    pin_factory: object = None              # None: gpiozero's own choice (Device.pin_factory or its default)
    paths: Paths = field(default_factory=Paths)
    comports: Callable[[], list] | None = None
    ask: Callable[[str, float], str | None] | None = None   # question, seconds -> answer (None: no answer)
    pad_probe: Callable | None = None       # config -> [PadStatus]; None: hardware.pads' own, on a real scan only
    environ: dict = field(default_factory=lambda: dict(os.environ))
    findings: list = field(default_factory=list)

    # -- output ----------------------------------------------------------------------
    def say(self, status: str, topic: str, text: str) -> Finding:
        finding = Finding(status, topic, text)
        self.findings.append(finding)
        self._print(f"{status:<5} {topic}: {text}")
        return finding

    def _print(self, line: str) -> None:
        self.out.write(line + "\n")
        self.out.flush()

    @property
    def failed(self) -> list[Finding]:
        return [f for f in self.findings if f.status == FAIL]

    # -- the whole check ---------------------------------------------------------------
    def run(self) -> int:
        self._print(f"Cellmate {__version__} doctor, as user {_user()} on {platform.node() or 'this machine'}")
        self.check_config()
        is_pi = self.check_board()
        factory, owned = self.check_gpio(is_pi)
        try:
            self.check_buttons(factory)
            self.check_buzzer(factory)
        finally:
            if owned is not None:
                try:
                    owned.close()
                except Exception:
                    pass
        self.check_pads()
        self.check_display(is_pi)
        self.check_touch(is_pi)
        self.check_audio()
        self.check_speech()
        self.check_data_dir()
        self.check_database()
        self.check_kiosk(is_pi)
        failed = self.failed
        if failed:
            topics = list(dict.fromkeys(f.topic.split(" ", 1)[0] for f in failed))
            self._print(f"{len(failed)} problem(s): {', '.join(topics)}. Cellmate needs these fixed (exit code 1).")
            return 1
        self._print("all needed parts found.")
        return 0

    # -- config ------------------------------------------------------------------------
    def check_config(self) -> None:
        path = self.config_path
        for error in self.config_errors:
            self.say(FAIL, "config", f"{path}: {error}")
        if self.config_errors:
            return
        if path is None or not _exists(Path(path)):
            self.say(INFO, "config", f"{path or 'no file'}: not found, so every setting is the default")
        else:
            self.say(OK, "config", f"{path}: no problems")

    def _left_unconnected(self, key: str) -> str | None:
        """Why the config check took a pin away from ``key`` (a pin given twice), or None."""
        for error in self.config_errors:
            if error.startswith(f"{key}: ") and error.endswith(f"; {key} is left unconnected"):
                return error[len(key) + 2:error.rindex(";")]
        return None

    # -- board -------------------------------------------------------------------------
    def check_board(self) -> bool:
        model = _read(self.paths.model).replace("\x00", "").strip()
        if "Raspberry Pi" not in model:
            for line in _read(self.paths.cpuinfo).splitlines():
                if line.startswith("Model") and "Raspberry Pi" in line:
                    model = line.split(":", 1)[1].strip()
        if "Raspberry Pi" in model:
            self.say(OK, "board", model)
            return True
        self.say(INFO, "board", f"not a Raspberry Pi ({platform.system()} on {platform.machine()}); "
                 "GPIO buttons, the buzzer and the kiosk are for a Pi")
        return False

    # -- GPIO --------------------------------------------------------------------------
    def _gpio_wanted(self) -> bool:
        b, z = self.config.buttons, self.config.buzzer
        return any(getattr(b, name) is not None for name, _ in BUTTONS) or (z.enabled and z.pin is not None)

    def check_gpio(self, is_pi: bool):
        """The pin factory to use, and the one to close afterwards (one we loaded)."""
        from gpiozero import Device

        factory = self.pin_factory or Device.pin_factory
        owned = None
        if factory is None:
            from .rig import _load_default_factory
            factory, reason = _load_default_factory()
            owned = factory
            if factory is None:
                exc, tried = reason
                why = "; ".join(str(t).replace("Falling back from ", "") for t in tried) or f"{type(exc).__name__}: {exc}"
                hint = ("is python3-lgpio installed and is this user in the gpio group?" if is_pi
                        else "there is no GPIO header here")
                status = FAIL if self._gpio_wanted() else INFO
                self.say(status, "gpio", f"no pin factory: gpiozero could not load one ({why}); {hint}")
                return None, None
        self.say(OK, "gpio", f"pin factory {type(factory).__name__} (gpiozero {_version('gpiozero')})")
        return factory, owned

    def check_buttons(self, factory) -> None:
        buttons = self.config.buttons
        opened = []
        for key, label in BUTTONS:
            pin = getattr(buttons, key)
            topic = f"button {label}"
            if pin is None:
                clash = self._left_unconnected(f"buttons.{key}")
                if clash:
                    self.say(WARN, topic, f"left unconnected: {clash}")
                else:
                    self.say(INFO, topic, f'not fitted (buttons.{key} = "none")')
                continue
            where = f"GPIO{pin}, header pin {HEADER_PIN.get(pin, '?')}"
            if factory is None:
                self.say(FAIL, topic, f"{where}: cannot be read without a pin factory")
                continue
            try:
                from gpiozero import Button
                button = Button(pin, pull_up=True, bounce_time=None, pin_factory=factory)
            except Exception as exc:
                self.say(FAIL, topic, f"{where}: cannot be opened ({_describe(exc)}){_busy_hint(exc)}")
                continue
            opened.append(button)
            if button.is_pressed:
                self.say(FAIL, topic, f"{where}: reads pressed before anyone pressed it: stuck down, or "
                         "wired to 3V3 instead of GND")
                continue
            if not self.interactive:
                self.say(INFO, topic, f"{where}: ready, reads released; press not tested "
                         "(standard input is not a terminal; run companion doctor in one)")
                continue
            self._print(f"....  {topic}: press it now ({where}; {self.timeout:g} s)")
            if _wait_for_press(button, self.timeout):
                self.say(OK, topic, f"{where}: seen")
            else:
                self.say(FAIL, topic, f"{where}: not seen within {self.timeout:g} s (it goes between "
                         f"GPIO{pin} and GND; see hardware/WIRING.md)")
        for button in opened:
            try:
                button.close()
            except Exception:
                pass

    def check_buzzer(self, factory) -> None:
        buzzer = self.config.buzzer
        clash = self._left_unconnected("buzzer.pin")
        if buzzer.enabled and clash:
            self.say(WARN, "buzzer", f"left unconnected: {clash}")
            return
        if not buzzer.enabled or buzzer.pin is None:
            self.say(INFO, "buzzer", "off in the config (buzzer.enabled = false or pin \"none\")")
            return
        where = f"GPIO{buzzer.pin}, header pin {HEADER_PIN.get(buzzer.pin, '?')}, {buzzer.type}"
        if factory is None:
            self.say(FAIL, "buzzer", f"{where}: cannot sound without a pin factory")
            return
        if not self.beep:
            self.say(INFO, "buzzer", f"{where}: test beep skipped (--no-beep)")
            return
        from gpiozero.exc import PinPWMUnsupported

        from .buzzer import CuePlayer
        try:
            player = CuePlayer(buzzer, pin_factory=factory)
        except Exception as exc:
            why = _describe(exc)
            if isinstance(exc, PinPWMUnsupported):
                why = (f'{type(factory).__name__} cannot do PWM on this pin: on a Pi (lgpio) any pin can; '
                       'else use buzzer type "active"')
            self.say(FAIL, "buzzer", f"{where}: cannot be opened ({why}){_busy_hint(exc)}")
            return
        try:
            player.play("success")
            played = player.wait(timeout=3)
        finally:
            player.close()
        if not played:
            self.say(FAIL, "buzzer", f"{where}: the test beep did not finish")
            return
        if not self.interactive:
            self.say(OK, "buzzer", f"{where}: test beep played (not asked whether it was heard: no terminal)")
            return
        answer = self._ask("did you hear the beep? [y/n] ", self.timeout)
        if answer is None:
            self.say(WARN, "buzzer", f"{where}: test beep played; no answer whether it was heard")
        elif answer.strip().lower().startswith("y"):
            self.say(OK, "buzzer", f"{where}: test beep heard")
        else:
            kind = ('a passive piezo needs type "tonal"; an active buzzer (beeps on plain DC) needs "active"')
            self.say(FAIL, "buzzer", f"{where}: test beep not heard (it goes between GPIO{buzzer.pin} and GND; {kind})")

    def _ask(self, question: str, timeout: float) -> str | None:
        if self.ask is not None:
            return self.ask(question, timeout)
        self.out.write(f"....  {question}")
        self.out.flush()
        try:
            ready, _, _ = select.select([sys.stdin], [], [], timeout)
        except (OSError, ValueError):
            return None
        if not ready:
            self.out.write("\n")
            return None
        answer = sys.stdin.readline()
        return answer if answer else None      # end of input is no answer

    # -- seat pads ---------------------------------------------------------------------
    def check_pads(self) -> None:
        pads = getattr(self.config, "pads", None)
        if pads is not None and not getattr(pads, "enabled", True):
            self.say(INFO, "seat pads", "off in the config (pads.enabled = false)")
            return
        vid = getattr(pads, "vid", 0x2E8A)
        pid = getattr(pads, "pid", None)
        try:
            comports = self.comports
            if comports is None:
                from serial.tools.list_ports import comports
            ports = list(comports())
        except Exception as exc:
            self.say(WARN, "seat pads", f"USB serial ports cannot be listed ({_describe(exc)})")
            return
        found = [p for p in ports if getattr(p, "vid", None) == vid]
        if not found:
            self.say(INFO, "seat pads", f"none found (a pad is a Raspberry Pi Pico on USB, vendor id 0x{vid:04X}); "
                     f"{len(ports)} other serial port(s)")
        else:
            names = []
            for port in found:
                extra = []
                if getattr(port, "serial_number", None):
                    extra.append(f"serial {port.serial_number}")
                if pid is not None and getattr(port, "pid", None) not in (None, pid):
                    extra.append(f"product id 0x{port.pid:04X}, not 0x{pid:04X}: other firmware?")
                names.append(port.device + (f" ({', '.join(extra)})" if extra else ""))
            self.say(OK, "seat pads", f"{len(found)} found: {', '.join(names)}")
            for port in found:
                if os.path.exists(port.device) and not os.access(port.device, os.R_OK | os.W_OK):
                    self.say(WARN, "seat pads", f"{port.device} cannot be opened by user {_user()} "
                             "(the dialout group)")
            self._talk_to_pads()
        for name in getattr(pads, "ports", ()) or ():
            if "://" in name:
                continue
            import glob
            if not glob.glob(name):
                self.say(WARN, "seat pads", f"pads.ports names {name}, which is not there")

    def _talk_to_pads(self) -> None:
        """Open the pads as the app would and say how each answered (hardware.pads' probe)."""
        probe = self.pad_probe
        if probe is None:
            if self.comports is not None:
                return          # a made-up port list: nothing real to talk to
            try:
                from .pads.driver import probe
            except Exception:
                return
        try:
            statuses = probe(self.config)
        except Exception as exc:
            self.say(WARN, "seat pads", f"could not talk to them ({_describe(exc)}); is Cellmate running? "
                     "It holds the pads: sudo systemctl stop cellmate")
            return
        for status in statuses:
            what = [status.state]
            if getattr(status, "seat", None) is not None:
                what.append(f"seat {status.seat + 1}")
            if getattr(status, "fw", None):
                what.append(f"firmware {status.fw}")
            if getattr(status, "buttons", 0):
                what.append(f"{status.buttons} buttons")
            if getattr(status, "problem", None):
                what.append(status.problem)
            name = status.pad_id or "?"
            level = OK if status.state == "online" else WARN
            self.say(level, "seat pads", f"pad {name} on {status.port or '?'}: {', '.join(what)}")

    # -- display -----------------------------------------------------------------------
    def check_display(self, is_pi: bool) -> None:
        cards, connected = [], []
        base = self.paths.sys_drm
        try:
            entries = sorted(base.iterdir()) if base.is_dir() else []
        except OSError:
            entries = []
        for entry in entries:
            name = entry.name
            if name.startswith("card") and "-" not in name:
                driver = (entry / "device" / "driver")
                drv = os.path.basename(os.path.realpath(driver)) if driver.exists() else "?"
                cards.append(f"{name} {drv}")
            elif name.startswith("card") and "-" in name:
                if _read(entry / "status").strip() == "connected":
                    modes = _read(entry / "modes").split()
                    connected.append(f"{name.split('-', 1)[1]} {modes[0] if modes else ''}".strip())
        video = self.environ.get("SDL_VIDEODRIVER")
        desktop = self.environ.get("WAYLAND_DISPLAY") or self.environ.get("DISPLAY")
        if cards:
            if connected:
                self.say(OK, "display", f"KMS/DRM for SDL's kmsdrm: {', '.join(cards)}; connected: {', '.join(connected)}"
                         + (f"; SDL_VIDEODRIVER={video}" if video else ""))
            else:
                self.say(WARN if is_pi else INFO, "display", f"KMS/DRM ({', '.join(cards)}) but no screen connected")
            if desktop:
                self.say(INFO, "display", f"a desktop session is running ({desktop}): it holds the screen, "
                         "so the kiosk (kmsdrm) cannot; the kiosk install boots to the console instead")
        elif desktop:
            self.say(INFO if not is_pi else WARN, "display", f"no KMS/DRM device; a desktop session ({desktop}): "
                     "Cellmate runs in a window there")
        elif video in ("offscreen", "dummy"):
            self.say(INFO, "display", f"no screen: SDL_VIDEODRIVER={video} (headless, as in the tests)")
        else:
            fix = ("the kiosk needs KMS: dtoverlay=vc4-kms-v3d in /boot/firmware/config.txt" if is_pi
                   else "no KMS/DRM device (/dev/dri) and no desktop session")
            self.say(FAIL, "display", f"nowhere to draw: {fix}")

    def check_touch(self, is_pi: bool) -> None:
        screens = touch.find_touchscreens(self.paths.sys_input)
        if not screens:
            self.say(WARN if is_pi else INFO, "touch", "no touchscreen found" + (
                " (is the display's ribbon cable in, and the touch overlay on?)" if is_pi else ""))
        for screen in screens:
            if screen.multitouch:
                self.say(OK, "touch", f"{screen.name} at {screen.device}")
            else:
                self.say(WARN, "touch", f"{screen.name} at {screen.device} is single-touch: Kivy's probesysfs "
                         "does not read it; see README (Raspberry Pi kiosk install, touch)")
            if not os.access(screen.device, os.R_OK) and os.path.exists(screen.device):
                self.say(WARN, "touch", f"{screen.device} cannot be read by user {_user()} (the input group)")
        if self.paths.unit.exists():
            env = touch.unit_environment(_read(self.paths.unit))
            problems = touch.problems(self.paths.kivy_config, environ=env)
            if problems:
                for problem in problems:
                    self.say(WARN, "touch", problem)
            elif screens:
                self.say(OK, "touch", "each touch is read once (Kivy's mtdev provider; SDL's touch-to-mouse off)")

    # -- audio -------------------------------------------------------------------------
    def check_audio(self) -> None:
        cards = []
        for line in _read(self.paths.asound_cards).splitlines():
            line = line.strip()
            if line and line[0].isdigit() and "]:" in line:
                number = line.split()[0]
                cards.append(f"card {number} {line.split(']:', 1)[1].strip()}")
        if cards:
            self.say(OK, "audio", f"ALSA {'; '.join(cards)}")
        else:
            self.say(WARN, "audio", "no sound card: fine with the GPIO buzzer, but its stand-in "
                     "(when GPIO is missing) stays silent")

    def check_speech(self) -> None:
        """The voice: espeak-ng with both voices, a test sentence made (with sound in it), then
        said aloud and, in a terminal, asked whether it was heard. Not needed to play: WARN, not FAIL."""
        from companion.i18n import Catalogue

        from . import speaker
        voice = self.config.speech
        if not voice.enabled:
            self.say(INFO, "speech", "off in the config (speech.enabled = false)")
            return
        problem = speaker.check(self.speech_program)
        if problem:
            self.say(WARN, "speech", f"{problem}: Cellmate plays without a voice")
            return
        lang = self.config.language
        text = Catalogue(lang)("speech.test")
        voices = ", ".join(speaker.VOICES.values())
        try:
            made = speaker.wav(text, lang, voice.volume, voice.speed, program=self.speech_program)
        except (OSError, subprocess.SubprocessError) as exc:
            self.say(WARN, "speech", f"espeak-ng could not make a sentence ({_describe(exc)})")
            return
        if speaker.loudness(made[44:]) < 0.01:
            self.say(WARN, "speech", f"espeak-ng made silence of {text!r} (volume {voice.volume} %)")
            return
        if not self.speak:
            self.say(OK, "speech", f"espeak-ng, voices {voices}: a test sentence made; not said (--no-voice)")
            return
        command = speaker.argv(text, lang, voice.volume, voice.speed, program=self.speech_program or speaker.PROGRAM)
        try:
            said = subprocess.run(command, capture_output=True, text=True, timeout=30)
        except (OSError, subprocess.SubprocessError) as exc:
            self.say(WARN, "speech", f"the test sentence could not be said ({_describe(exc)})")
            return
        why = speaker.failure(said.returncode, said.stderr)
        if why:
            self.say(WARN, "speech", f"espeak-ng, voices {voices}: the test sentence was not played ({why})")
            return
        if not self.interactive:
            self.say(OK, "speech", f"espeak-ng, voices {voices}: test sentence said "
                     "(not asked whether it was heard: no terminal)")
            return
        answer = self._ask(f"did you hear \"{text}\"? [y/n] ", self.timeout)
        if answer is None:
            self.say(WARN, "speech", f"espeak-ng, voices {voices}: test sentence said; no answer whether it was heard")
        elif answer.strip().lower().startswith("y"):
            self.say(OK, "speech", f"espeak-ng, voices {voices}: test sentence heard")
        else:
            self.say(WARN, "speech", "test sentence not heard: is a speaker plugged in, and the volume up "
                     "(alsamixer)? Cellmate plays on without a voice")

    # -- data --------------------------------------------------------------------------
    def check_data_dir(self) -> None:
        try:
            self._check_data_dir()
        except OSError as exc:      # a path the system refuses (too long, a loop of links)
            self.say(FAIL, "data dir", f"{self.data_dir}: cannot be used ({exc.strerror or exc}); games would "
                     "only be kept in memory")

    def _check_data_dir(self) -> None:
        data_dir = self.data_dir
        as_root = ""
        if hasattr(os, "geteuid") and os.geteuid() == 0 and _group_exists(self.paths.group, KIOSK_USER):
            as_root = f" (as root; the service runs as {KIOSK_USER}: sudo -u {KIOSK_USER} companion doctor)"
        if data_dir.exists() and not data_dir.is_dir():
            self.say(FAIL, "data dir", f"{data_dir}: is not a folder; games would only be kept in memory")
            return
        if not data_dir.exists():
            parent = data_dir
            while not parent.exists():
                parent = parent.parent
            if parent.is_dir() and os.access(parent, os.W_OK | os.X_OK):
                self.say(OK, "data dir", f"{data_dir}: not there yet; it is made at the first start{as_root}")
            else:
                self.say(FAIL, "data dir", f"{data_dir}: not there and cannot be made ({parent} is not writable); "
                         "games would only be kept in memory")
            return
        probe = data_dir / f".cellmate-doctor-{os.getpid()}"
        try:
            with open(probe, "wb") as f:
                f.write(b"probe")
                f.flush()
                os.fsync(f.fileno())
        except OSError as exc:
            self.say(FAIL, "data dir", f"{data_dir}: not writable ({exc.strerror or exc}); games would only "
                     "be kept in memory")
            return
        finally:
            try:
                probe.unlink()
            except OSError:
                pass
        self.say(OK, "data dir", f"{data_dir}: writable{as_root}")

    def check_database(self) -> None:
        try:
            self._check_database()
        except OSError as exc:
            self.say(FAIL, "database", f"{self.data_dir / DB_NAME}: cannot be used ({exc.strerror or exc})")

    def _check_database(self) -> None:
        data_dir = self.data_dir
        path = data_dir / DB_NAME
        for label, what in (("corrupt", "damaged file(s)"), ("other", "file(s) that were not Cellmate's")):
            moved = sorted(p.name for p in data_dir.glob(f"{DB_NAME}.{label}-*")
                           if not p.name.endswith(("-wal", "-shm"))) if data_dir.is_dir() else []
            if moved:
                self.say(INFO, "database", f"{len(moved)} {what} moved aside earlier, kept: {', '.join(moved)}")
        if not path.exists():
            self.say(INFO, "database", f"{path}: none yet (made at the first start)")
            return
        try:
            conn, read_only = open_to_check(path)     # as the app opens it, writing nothing into it
        except Unusable as exc:
            if exc.layout.state == "newer":
                self.say(FAIL, "database", f"{path}: {exc.layout.problem}; Cellmate leaves it as it is and keeps "
                         "the games only in memory: update Cellmate")
            else:
                self.say(FAIL, "database", f"{path}: {exc.layout.problem}; {_set_aside(path, 'other')}")
            return
        except sqlite3.Error as exc:
            self._unreadable(path, exc)
            return
        except OSError as exc:
            self.say(FAIL, "database", f"{path}: cannot be used ({exc}); Cellmate leaves it as it is and keeps the "
                     "games only in memory")
            return
        try:
            rows = [r[0] for r in conn.execute("PRAGMA integrity_check").fetchall()]
            if rows != ["ok"]:
                self.say(FAIL, "database", f"{path}: integrity check failed ({'; '.join(rows[:3])}); "
                         f"{_set_aside(path, 'corrupt')}")
                return
            layout = store_layout(conn)
            # (read only as the file itself, immutable=1, SQLite says "delete": the file says wal)
            mode = "wal" if is_wal(path) else conn.execute("PRAGMA journal_mode").fetchone()[0]
            if layout.state == "empty":
                counts = "no tables yet"
            else:
                sessions = conn.execute("SELECT COUNT(*) FROM sessions").fetchone()[0]
                events = conn.execute("SELECT COUNT(*) FROM events").fetchone()[0]
                counts = f"{sessions} session(s), {events} action(s)"
            found = f"{path}: integrity ok; format {layout.version}; journal {mode}; {counts}"
            if read_only:
                self.say(WARN, "database", f"{found}; it cannot be written ({read_only}): Cellmate shows every "
                         "saved game and plays on, but saves nothing new")
            else:
                self.say(OK, "database", found)
        except sqlite3.Error as exc:
            self._unreadable(path, exc)
        finally:
            conn.close()

    def _unreadable(self, path: Path, exc: sqlite3.Error) -> None:
        if store_error_kind(exc) == "busy":
            self.say(WARN, "database", f"{path}: locked by another program ({exc}); is Cellmate running? "
                     "Stop it first (sudo systemctl stop cellmate)")
        else:
            self.say(FAIL, "database", f"{path}: cannot be read ({exc}); {_set_aside(path, 'corrupt')}")

    # -- the kiosk install ---------------------------------------------------------------
    def check_kiosk(self, is_pi: bool) -> None:
        if not self.paths.unit.exists():
            self.say(INFO, "kiosk", "not installed (on a Pi: sudo scripts/install-pi)")
            return
        enabled = self.paths.unit_wants.is_symlink() or self.paths.unit_wants.exists()
        self.say(OK if enabled else WARN, "kiosk", f"cellmate.service installed, "
                 f"{'enabled: starts at boot' if enabled else 'not enabled: does not start at boot'}")
        members = _groups_of(self.paths.group, KIOSK_USER)
        if members is None:
            self.say(FAIL, "kiosk", f"the service's user {KIOSK_USER} does not exist (run scripts/install-pi)")
            return
        missing = [g for g in KIOSK_GROUPS if _group_exists(self.paths.group, g) and g not in members]
        if missing:
            self.say(WARN, "kiosk", f"user {KIOSK_USER} is not in {', '.join(missing)} (run scripts/install-pi)")
        if not self.paths.udev_rule.exists():
            self.say(WARN, "kiosk", f"no seat pads udev rule ({self.paths.udev_rule})")


# -- helpers ------------------------------------------------------------------------------
def _set_aside(path: Path, label: str) -> str:
    """What the app does at its next start with a file it cannot use (companion/store_open.py)."""
    why = why_unwritable(path, folder_only=True)
    if why:
        return (f"Cellmate cannot move it aside ({why}): it leaves it as it is and keeps the games only "
                "in memory")
    return f"at the next start Cellmate moves it aside (to {DB_NAME}.{label}-<date>, kept as it is) and begins a fresh one"


def _wait_for_press(button, timeout: float) -> bool:
    pressed = threading.Event()
    button.when_pressed = pressed.set
    try:
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            # The callback catches a quick tap; reading the pin catches a library without edge events.
            if pressed.wait(0.01) or button.is_pressed:
                return True
        return False
    finally:
        button.when_pressed = None


def _version(dist: str) -> str:
    from importlib.metadata import PackageNotFoundError, version
    try:
        return version(dist)
    except PackageNotFoundError:
        return "?"


def _busy_hint(exc: BaseException) -> str:
    text = str(exc).lower()
    if "busy" in text or "in use" in text or type(exc).__name__ == "GPIOPinInUse":
        return "; is the Cellmate service running? sudo systemctl stop cellmate"
    return ""


def _describe(exc: BaseException) -> str:
    return f"{type(exc).__name__}: {exc}" if str(exc) else type(exc).__name__


def _exists(path: Path) -> bool:
    try:
        return path.exists()
    except (OSError, ValueError):  # a name too long, a NUL: load() has said so already
        return False


def _read(path: Path) -> str:
    try:
        return Path(path).read_text(errors="replace")
    except OSError:
        return ""


def _user() -> str:
    try:
        return getpass.getuser()
    except Exception:
        return str(os.getuid())


def _group_lines(path: Path):
    for line in _read(path).splitlines():
        parts = line.split(":")
        if len(parts) >= 4:
            yield parts


def _group_exists(path: Path, name: str) -> bool:
    return any(parts[0] == name for parts in _group_lines(path))


def _groups_of(path: Path, user: str) -> set[str] | None:
    """The groups naming `user` as a member (None when the user has no group of its own)."""
    lines = list(_group_lines(path))
    if not any(parts[0] == user for parts in lines):
        return None
    return {parts[0] for parts in lines if user in parts[3].split(",")}


# -- the command ----------------------------------------------------------------------------
def resolve_config_path(given: Path | None) -> Path:
    """--config, else $CELLMATE_CONFIG, else the user's file, else the kiosk's /etc/cellmate/config.toml."""
    if given:
        return Path(given)
    if os.environ.get("CELLMATE_CONFIG"):
        return Path(os.environ["CELLMATE_CONFIG"])
    user_path = config_file.default_path()
    if not user_path.exists() and KIOSK_CONFIG.exists():
        return KIOSK_CONFIG
    return user_path


def resolve_data_dir(given: Path | None, config: config_file.Config) -> Path:
    """As the app does: --data-dir, else data_dir in the config, else $CELLMATE_DATA_DIR, else the user data dir."""
    if given:
        return Path(given)
    if config.data_dir:
        return Path(config.data_dir)
    from companion.store import default_data_dir
    return default_data_dir()


def run_doctor(args, out=None) -> int:
    out = out or sys.stdout
    config_path = resolve_config_path(getattr(args, "config", None))
    config, errors = config_file.load(config_path)
    interactive = getattr(args, "interactive", None)
    if interactive is None:
        interactive = sys.stdin is not None and sys.stdin.isatty()
    doctor = Doctor(config=config, config_path=config_path, config_errors=errors,
                    data_dir=resolve_data_dir(getattr(args, "data_dir", None), config), out=out,
                    interactive=interactive, timeout=getattr(args, "timeout", 10.0),
                    beep=not getattr(args, "no_beep", False), speak=not getattr(args, "no_voice", False))
    return doctor.run()
