"""The config file (TOML): hardware pins, buzzer, voice, timer defaults, language.

Loading never fails: every bad key is reported with its name and the reason,
and that key keeps its default, so the table can still play.
"""
from __future__ import annotations

import os
import sys
from dataclasses import dataclass, field, fields, replace
from pathlib import Path

from .files import NotARegularFile, read_regular_file

LANGUAGES = ("en", "de")
BUZZER_TYPES = ("tonal", "active")
GPIO_PINS = range(0, 28)  # BCM numbering on the 40-pin header
# What a line said aloud is about (companion.speech's kinds), each on or off in [speech] events;
# named here: a start reads the config, but imports speech.py only once the table is up.
SPEECH_KINDS = ("turn", "events", "countdown", "winner")


# Each section's class has a docstring: dataclass writes one of its own for a class
# that has none, by way of inspect.signature (some 50 us each of a start).
@dataclass(frozen=True)
class Buttons:
    """[buttons]: the BCM pin of each push button (none: not wired), debounce and hold."""
    roll: int | None = 17
    timer: int | None = 27
    confirm: int | None = 22
    undo: int | None = 23
    debounce_ms: int = 30
    long_press_ms: int = 800


@dataclass(frozen=True)
class Buzzer:
    """[buzzer]: its pin, tonal (PWM) or active, and whether it sounds."""
    pin: int | None = 18
    type: str = "tonal"
    enabled: bool = True


@dataclass(frozen=True)
class Speech:
    """[speech]: the voice (espeak-ng), how loud and fast, and what it says."""
    enabled: bool = True            # said aloud with espeak-ng, when it is there
    volume: int = 80                # % of espeak-ng's loudest
    speed: int = 160                # words a minute
    events: tuple[str, ...] = SPEECH_KINDS   # what is said (companion.speech kinds)
    cover_noise: bool = False       # Sing Sing: a murmur while a bar is taken out


@dataclass(frozen=True)
class Timer:
    """[timer]: the turn timer's seconds, and the last seconds that tick."""
    seconds: int = 60
    tick_last: int = 3


@dataclass(frozen=True)
class Display:
    """[display]: the window's size, or the whole screen."""
    width: int = 800
    height: int = 480
    fullscreen: bool = False


@dataclass(frozen=True)
class Pads:
    """[pads]: where to look for seat pads, and simulated ones."""
    enabled: bool = True            # look for seat pads at all
    ports: tuple[str, ...] = ()     # more pads by name: /dev/serial/by-id/... paths, globs, pyserial URLs
    scan: bool = True               # find pads by USB vendor and product id
    vid: int = 0x2E8A               # Raspberry Pi
    pid: int = 0x0005               # MicroPython's USB serial on the Pico
    simulated: int = 0              # this many simulated pads on pseudo-terminals


@dataclass(frozen=True)
class Phones:
    """[phones]: the phones' page on the local network."""
    enabled: bool = False           # serve the phones' page on the local network (README "Phones at the table")
    port: int = 8080                # the TCP port it listens on (an unprivileged one)


@dataclass(frozen=True)
class Config:
    """The whole file: the language, the data dir and each section."""
    language: str = "en"
    data_dir: str = ""
    buttons: Buttons = field(default_factory=Buttons)
    buzzer: Buzzer = field(default_factory=Buzzer)
    speech: Speech = field(default_factory=Speech)
    timer: Timer = field(default_factory=Timer)
    display: Display = field(default_factory=Display)
    pads: Pads = field(default_factory=Pads)
    phones: Phones = field(default_factory=Phones)


def _show(value, limit: int = 60) -> str:
    """A value for a message: its TOML-ish repr, cut short; never raises."""
    try:
        text = repr(value)
    except ValueError:  # an int past Python's limit for turning it into digits (a huge hex number)
        if isinstance(value, int):
            text = f"a number of about {int(value.bit_length() * 0.30103) + 1} digits"
        else:
            text = f"a {type(value).__name__} holding a number too long to show"
    except RecursionError:
        text = f"a {type(value).__name__} nested too deeply to show"
    return text if len(text) <= limit else text[: limit - 3] + "..."


def _name(key: str) -> str:
    """A key as read from the file, escaped and cut short when it would garble the message."""
    return key if key.isprintable() and len(key) <= 60 else _show(key)


def _pin(value):
    if value is False or value == "none":
        return None, None
    if isinstance(value, bool) or not isinstance(value, int) or value not in GPIO_PINS:
        return None, f"must be a BCM GPIO number from 0 to 27 (or \"none\"), got {_show(value)}"
    return value, None


def _int_range(lo, hi):
    def check(value):
        if isinstance(value, bool) or not isinstance(value, int) or not lo <= value <= hi:
            return None, f"must be a whole number from {lo} to {hi}, got {_show(value)}"
        return value, None
    return check


def _choice(options):
    def check(value):
        if value not in options:
            return None, f"must be one of {', '.join(options)}, got {_show(value)}"
        return value, None
    return check


def _bool(value):
    if not isinstance(value, bool):
        return None, f"must be true or false, got {_show(value)}"
    return value, None


def _has_control(text: str) -> bool:
    """A control character (NUL, newline, tab, escape, DEL, ...): no file name should hold one."""
    import unicodedata
    return any(unicodedata.category(c) == "Cc" for c in text)


def _speech_kinds(value):
    if not isinstance(value, list) or not all(isinstance(v, str) and v in SPEECH_KINDS for v in value):
        return None, f"must be a list of some of {', '.join(map(repr, SPEECH_KINDS))}, got {_show(value)}"
    return tuple(k for k in SPEECH_KINDS if k in value), None


def _ports(value):
    if not isinstance(value, list) or not all(isinstance(v, str) and v.strip() for v in value):
        return None, f"must be a list of device paths (text), got {_show(value)}"
    if any(_has_control(v) for v in value):
        return None, f"must be a list of device paths (text) without control characters, got {_show(value)}"
    return tuple(v.strip() for v in value), None


def _port(value):
    if isinstance(value, bool) or not isinstance(value, int) or not 1024 <= value <= 65535:
        return None, (f"must be a TCP port from 1024 to 65535 (Cellmate runs unprivileged, so no lower one), "
                      f"got {_show(value)}")
    return value, None


PATH_MAX = 4095  # bytes in a whole path, and in one name in it, on Linux
NAME_MAX = 255


def _folder(value):
    if not isinstance(value, str):
        return None, f"must be text, got {_show(value)}"
    if _has_control(value):  # a NUL makes every file call raise ValueError later
        return None, f"must be a folder path without control characters, got {_show(value)}"
    try:
        encoded = os.fsencode(value)
    except UnicodeEncodeError:  # a lone surrogate: never from a TOML file, but from_dict takes any dict
        return None, f"must be a folder path in Unicode text, got {_show(value)}"
    if len(encoded) > PATH_MAX or any(len(name) > NAME_MAX for name in encoded.split(b"/")):
        return None, (f"must be a folder path of at most {PATH_MAX} bytes, with no folder name in it over "
                      f"{NAME_MAX} bytes, got {_show(value)}")
    return value, None


CHECKS = {
    "language": _choice(LANGUAGES),
    "data_dir": _folder,
    "buttons.roll": _pin,
    "buttons.timer": _pin,
    "buttons.confirm": _pin,
    "buttons.undo": _pin,
    "buttons.debounce_ms": _int_range(1, 500),
    "buttons.long_press_ms": _int_range(200, 5000),
    "buzzer.pin": _pin,
    "buzzer.type": _choice(BUZZER_TYPES),
    "buzzer.enabled": _bool,
    "speech.enabled": _bool,
    "speech.volume": _int_range(0, 100),
    "speech.speed": _int_range(80, 400),
    "speech.events": _speech_kinds,
    "speech.cover_noise": _bool,
    "timer.seconds": _int_range(1, 3600),
    "timer.tick_last": _int_range(0, 60),
    "display.width": _int_range(320, 7680),
    "display.height": _int_range(240, 4320),
    "display.fullscreen": _bool,
    "pads.enabled": _bool,
    "pads.ports": _ports,
    "pads.scan": _bool,
    "pads.vid": _int_range(0, 0xFFFF),
    "pads.pid": _int_range(0, 0xFFFF),
    "pads.simulated": _int_range(0, 8),
    "phones.enabled": _bool,
    "phones.port": _port,
}


def default_path() -> Path:
    env = os.environ.get("CELLMATE_CONFIG")
    if env:
        return Path(env)
    from platformdirs import user_config_dir  # plain library, no I/O at import
    return Path(user_config_dir("cellmate")) / "config.toml"


def parse(text: str) -> tuple[Config, list[str]]:
    """Config from TOML text, and one message per problem (key: reason)."""
    import tomllib      # here: a start with no config file never reads TOML
    try:
        raw = tomllib.loads(text.removeprefix("\ufeff"))
    except tomllib.TOMLDecodeError as exc:
        return Config(), [f"config file is not valid TOML ({exc}); using all defaults"]
    except RecursionError:  # tomllib recurses once per [ or { and a file can nest thousands deep
        return Config(), ["config file is not valid TOML (nested too deeply); using all defaults"]
    except ValueError as exc:  # int() refuses a decimal number longer than sys.get_int_max_str_digits()
        if "integer string conversion" not in str(exc):
            return Config(), [f"config file is not valid TOML ({exc}); using all defaults"]
        limit = sys.get_int_max_str_digits()
        return Config(), [f"config file is not valid TOML (a number in it has more than {limit} digits); "
                          "using all defaults"]
    return from_dict(raw)


def from_dict(raw: dict) -> tuple[Config, list[str]]:
    errors: list[str] = []
    config = Config()
    sections = {f.name for f in fields(Config) if f.name not in ("language", "data_dir")}
    for key, value in raw.items():
        if key in sections:
            if not isinstance(value, dict):
                errors.append(f"{key}: must be a [{key}] table, got {_show(value)}")
                continue
            for sub, subvalue in value.items():
                config = _set(config, f"{key}.{sub}", subvalue, errors)
        else:
            config = _set(config, key, value, errors)
    return _without_shared_pins(config, errors), errors


# Who keeps a pin named twice: the first of these; each later one is left unconnected.
PIN_KEYS = ("buttons.roll", "buttons.timer", "buttons.confirm", "buttons.undo", "buzzer.pin")


def _without_shared_pins(config: Config, errors: list[str]) -> Config:
    """gpiozero refuses a pin opened twice, and the rig would then drop every GPIO button."""
    owner: dict[int, str] = {}
    for key in PIN_KEYS:
        section, name = key.split(".")
        pin = getattr(getattr(config, section), name)
        if pin is None:
            continue
        if pin in owner:
            errors.append(f"{key}: GPIO {pin} is already used by {owner[pin]}; {key} is left unconnected")
            config = replace(config, **{section: replace(getattr(config, section), **{name: None})})
        else:
            owner[pin] = key
    return config


def _set(config: Config, key: str, value, errors: list[str]) -> Config:
    check = CHECKS.get(key)
    if check is None:
        errors.append(f"{_name(key)}: unknown key")
        return config
    checked, reason = check(value)
    if reason:
        errors.append(f"{key}: {reason}; using the default")
        return config
    if "." in key:
        section, name = key.split(".", 1)
        return replace(config, **{section: replace(getattr(config, section), **{name: checked})})
    return replace(config, **{key: checked})


MAX_BYTES = 1 << 20  # a config is a few hundred bytes; more is a wrong file


def load(path: Path | None) -> tuple[Config, list[str]]:
    """Read the file at path; a missing file is simply the defaults."""
    if path is None:
        path = default_path()
    try:
        data = read_regular_file(path, MAX_BYTES + 1)  # not all of a huge file
    except FileNotFoundError:
        return Config(), []
    except IsADirectoryError:
        return Config(), [f"config file {path} is a folder, not a file; using all defaults"]
    except NotARegularFile as exc:
        return Config(), [f"config file {path} is not a file but {exc.kind}; using all defaults"]
    except (OSError, ValueError) as exc:  # ValueError: a NUL in the path
        return Config(), [f"config file {path} cannot be read ({exc}); using all defaults"]
    if len(data) > MAX_BYTES:
        return Config(), [f"config file {path} is too big (over {MAX_BYTES >> 20} MiB; a config is a few lines); "
                          "using all defaults"]
    try:
        text = data.decode("utf-8-sig")  # a byte order mark, as some Windows editors write, is fine
    except UnicodeDecodeError as exc:
        return Config(), [f"config file {path} cannot be read: it is not UTF-8 text "
                          f"(byte {data[exc.start]:#04x} at position {exc.start}); using all defaults"]
    return parse(text)
