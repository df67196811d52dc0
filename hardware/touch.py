"""Touch input on the kiosk: every touchscreen read once, by one Kivy provider.

On the Pi's console (SDL's kmsdrm driver) a tap on the official 7" display can
reach Kivy twice: SDL reads the touchscreen itself and turns each touch into
mouse events (Kivy's "mouse" provider), and Kivy's own ``probesysfs`` provider
opens the same /dev/input/event* device again. Each tap would then count
double (one ROLL tap, two rolls). The kiosk gives every device one path:

* a touchscreen (any input device with multitouch axes, as the official
  display's FT5x06 controller) is read by Kivy's ``mtdev`` provider, one
  provider per device, found by ``probesysfs`` when the app starts: the
  ``[input]`` section of ``$KIVY_HOME/config.ini`` that ``apply`` writes;
* SDL is told not to make mouse events out of touches
  (``SDL_TOUCH_MOUSE_EVENTS=0``, set in systemd/cellmate.service), so the
  "mouse" provider only hears a real mouse.

The provider key is Kivy's own ``%(name)s``: Kivy fills in a config that has
no version yet with its defaults, and a touch provider under any other key
would get Kivy's default one added beside it, reading the screen twice.

Standard library only, and runnable on its own (``python3 hardware/touch.py
--kivy-home DIR [--check]``): the installer calls it before the app's venv
exists, the doctor reads the same facts through ``find_touchscreens`` and
``problems``.
"""
from __future__ import annotations

import argparse
import configparser
import io
import os
import struct
import sys
from dataclasses import dataclass
from pathlib import Path

# The [input] section, in order. "mouse" is also what ui/start.py sets (with
# multitouch_on_demand) at start; the file names it so Kivy adds nothing else.
INPUT = (
    ("mouse", "mouse"),
    ("%(name)s", "probesysfs,provider=mtdev"),
)
# What the process environment must say (the systemd unit sets it).
SDL_ENV = {"SDL_TOUCH_MOUSE_EVENTS": "0"}

ABS_MT_POSITION_X = 0x35
TOUCH_PROVIDERS = ("probesysfs", "mtdev", "hidinput", "linuxwacom")


@dataclass(frozen=True)
class Touchscreen:
    device: str      # /dev/input/eventN
    name: str        # what the kernel calls it, e.g. "generic ft5x06 (79)"
    multitouch: bool


def find_touchscreens(sys_class_input: str | Path = "/sys/class/input") -> list[Touchscreen]:
    """Input devices with absolute touch axes, as Kivy's probesysfs sees them."""
    found = []
    base = Path(sys_class_input)
    try:
        entries = sorted(base.glob("event*"), key=lambda p: (len(p.name), p.name))
    except OSError:
        return []
    for entry in entries:
        caps = _abs_capabilities(entry / "device" / "capabilities" / "abs")
        if not caps:
            continue
        multitouch = ABS_MT_POSITION_X in caps
        # A single-touch screen has ABS_X/ABS_Y (0, 1) and a touch key; a
        # joystick has the axes too but is no screen; only report a pointer
        # with a touch button or multitouch axes.
        if not multitouch and not _has_touch_key(entry / "device" / "capabilities" / "key"):
            continue
        name = _read(entry / "device" / "name") or entry.name
        found.append(Touchscreen(f"/dev/input/{entry.name}", name, multitouch))
    return found


def _bits(text: str, word_bits: int | None = None) -> set[int]:
    # sysfs prints a bitmap as hex words of the kernel's long, most significant first.
    word_bits = word_bits or struct.calcsize("l") * 8
    bits = set()
    for index, word in enumerate(reversed(text.split())):
        value = int(word, 16)
        for bit in range(word_bits):
            if value >> bit & 1:
                bits.add(index * word_bits + bit)
    return bits


def _abs_capabilities(path: Path) -> set[int]:
    text = _read(path)
    try:
        return _bits(text) if text else set()
    except ValueError:
        return set()


BTN_TOUCH = 0x14A


def _has_touch_key(path: Path) -> bool:
    text = _read(path)
    try:
        return BTN_TOUCH in _bits(text) if text else False
    except ValueError:
        return False


def _read(path: Path) -> str:
    try:
        return Path(path).read_text(errors="replace").strip()
    except OSError:
        return ""


# -- the Kivy config ----------------------------------------------------------
def _parser() -> configparser.RawConfigParser:
    parser = configparser.RawConfigParser(interpolation=None)
    parser.optionxform = str  # keep "%(name)s" and Kivy's key spelling as they are
    return parser


def config_path(kivy_home: str | Path) -> Path:
    return Path(kivy_home) / "config.ini"


def read_input(path: str | Path) -> list[tuple[str, str]] | None:
    """The [input] section of a Kivy config.ini, or None when there is no such file."""
    parser = _parser()
    try:
        text = Path(path).read_text(encoding="utf-8")
    except FileNotFoundError:
        return None
    parser.read_string(text)
    if not parser.has_section("input"):
        return []
    return list(parser.items("input"))


def render(existing_text: str | None) -> str:
    """The config text with [input] set to INPUT and every other section kept."""
    parser = _parser()
    if existing_text:
        parser.read_string(existing_text)
    if parser.has_section("input"):
        parser.remove_section("input")
    parser.add_section("input")
    for key, value in INPUT:
        parser.set("input", key, value)
    out = io.StringIO()
    parser.write(out)
    return out.getvalue()


def apply(kivy_home: str | Path, dry_run: bool = False) -> bool:
    """Make $KIVY_HOME/config.ini read each touchscreen once. True if it changed (or would)."""
    path = config_path(kivy_home)
    try:
        current = path.read_text(encoding="utf-8")
    except FileNotFoundError:
        current = None
    if current is not None and read_input(path) == list(INPUT):
        return False
    if dry_run:
        return True
    path.parent.mkdir(parents=True, exist_ok=True)
    tmp = path.with_name(path.name + ".tmp")
    tmp.write_text(render(current), encoding="utf-8")
    os.replace(tmp, path)
    return True


def problems(config_ini: str | Path | None, environ: dict | None = None) -> list[str]:
    """What would make a touch count twice (or not at all); empty when all is well.

    ``environ`` is the service's environment (e.g. the unit's Environment=
    lines); None skips that check.
    """
    found = []
    if config_ini is not None:
        section = read_input(config_ini)
        if section is None:
            found.append(f"no Kivy config at {config_ini} (scripts/install-pi writes it)")
        else:
            readers = [f"{key} = {value}" for key, value in section
                       if value.split(",", 1)[0].strip() in TOUCH_PROVIDERS]
            if len(readers) > 1:
                found.append("more than one Kivy provider reads the touchscreens, so a touch counts twice: "
                             + "; ".join(readers))
            elif not readers:
                found.append(f"no Kivy provider reads the touchscreens in {config_ini}")
            elif section != list(INPUT):
                found.append(f"[input] in {config_ini} is not the kiosk's (run scripts/install-pi again)")
    if environ is not None:
        for key, value in SDL_ENV.items():
            if environ.get(key) != value:
                found.append(f"{key}={value} is not set for the service: SDL also turns each touch "
                             "into a mouse click, so a touch counts twice")
    return found


def unit_environment(unit_text: str) -> dict[str, str]:
    """The Environment= assignments of a systemd unit (simple KEY=VALUE words only)."""
    env = {}
    for line in unit_text.splitlines():
        line = line.strip()
        if not line.startswith("Environment="):
            continue
        for word in line[len("Environment="):].split():
            key, sep, value = word.strip('"').partition("=")
            if sep:
                env[key] = value
    return env


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description="Write the kiosk's Kivy touch input config.")
    parser.add_argument("--kivy-home", required=True, help="the service's KIVY_HOME")
    parser.add_argument("--check", action="store_true", help="only say whether it would change (exit 1 if so)")
    args = parser.parse_args(argv)
    changed = apply(args.kivy_home, dry_run=args.check)
    path = config_path(args.kivy_home)
    if args.check:
        print(f"{path}: {'would change' if changed else 'up to date'}")
        return 1 if changed else 0
    print(f"{path}: {'written' if changed else 'up to date'}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
