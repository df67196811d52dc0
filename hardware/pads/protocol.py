"""The seat pads' wire protocol, CELLPAD/1: parse and format lines, nothing else.

Pure: no serial port, no threads, no clock. ``parse_line`` reads what a pad
sends, ``parse_command`` what the host sends; both take the raw bytes of one
line (with or without its line ending) and *return* either a message or a
``ProtocolError`` naming the reason, so a fuzzer can throw anything at them
without an exception ever leaving; ``parse_tail`` finds a pad's line at the end
of a refused one (bytes broken off before it). The ``format_*`` functions give
the bytes to write, newline included. The spec is hardware/pads/PROTOCOL.md.
"""
from __future__ import annotations

import re
from dataclasses import dataclass

PROTOCOL = "CELLPAD"
VERSION = 1
MAX_LINE = 80                       # bytes in a line, not counting the line ending
MAX_SEAT = 8                        # seats on the wire are 1..8; the host's API counts from 0
MAX_BUTTONS = 3
SEQ_MODULO = 65536
BLINKS = ("solid", "slow", "fast")

# reasons a line is refused (ProtocolError.reason); each is logged once per pad
NOT_ASCII = "not_ascii"             # a byte outside printable ASCII (garbage, line noise)
TOO_LONG = "too_long"               # more than MAX_LINE bytes before the newline
EMPTY = "empty"                     # nothing on the line
UNKNOWN_COMMAND = "unknown_command"
BAD_ARGUMENTS = "bad_arguments"
WRONG_VERSION = "wrong_version"
ECHO = "echo"                       # a host command came back from the pad side (a tty echoing)
REASONS = (NOT_ASCII, TOO_LONG, EMPTY, UNKNOWN_COMMAND, BAD_ARGUMENTS, WRONG_VERSION, ECHO)

_NOT_PRINTABLE = re.compile(rb"[^\x20-\x7e]")   # printable ASCII only (the line ending is gone)
_ID_CHARS = frozenset(b"0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz_-")
_FW_CHARS = _ID_CHARS | frozenset(b".+")
_HEX = frozenset(b"0123456789abcdefABCDEF")
_MAX_ID = 24
_MAX_FW = 16


# -- messages from a pad --------------------------------------------------
@dataclass(frozen=True)
class Hello:
    """The pad's greeting: at boot and in answer to the host's HELLO."""
    version: int
    pad_id: str
    seat: int | None        # 0-based here (the wire says 1..8, or "-" for none)
    fw: str
    buttons: int = 2


@dataclass(frozen=True)
class Button:
    button: int             # 1..3
    down: bool
    seq: int                # 0..65535, +1 per event, wrapping


@dataclass(frozen=True)
class State:
    """The pad's answer to QUERY."""
    seat: int | None
    colour: str             # "rrggbb", lower case
    blink: str
    held: int               # bit n-1 set: button n is down


@dataclass(frozen=True)
class PadError:
    """The pad did not like a host line (e.g. ``ERR unknown_command``)."""
    reason: str


PadMessage = Hello | Button | State | PadError


# -- commands from the host -----------------------------------------------
@dataclass(frozen=True)
class HostHello:
    version: int


@dataclass(frozen=True)
class SetLed:
    colour: str
    blink: str


@dataclass(frozen=True)
class SetSeat:
    seat: int | None        # 0-based, None: no seat


@dataclass(frozen=True)
class Query:
    pass


HostCommand = HostHello | SetLed | SetSeat | Query


@dataclass(frozen=True)
class ProtocolError:
    """Why a line was refused: ``reason`` is one of REASONS (stable, for
    counting and logging once), ``detail`` says more for the log."""
    reason: str
    detail: str = ""

    def __str__(self):
        return f"{self.reason}: {self.detail}" if self.detail else self.reason


# -- parsing ----------------------------------------------------------------
def _tokens(raw) -> list[str] | ProtocolError:
    """The line's tokens, after checking length and characters."""
    if not isinstance(raw, (bytes, bytearray, memoryview)):
        return ProtocolError(BAD_ARGUMENTS, f"a line is bytes, not {type(raw).__name__}")
    raw = bytes(raw)
    if raw.endswith(b"\n"):
        raw = raw[:-1]
    if raw.endswith(b"\r"):
        raw = raw[:-1]
    if len(raw) > MAX_LINE:
        return ProtocolError(TOO_LONG, f"{len(raw)} bytes, at most {MAX_LINE}")
    if _NOT_PRINTABLE.search(raw):
        return ProtocolError(NOT_ASCII, "bytes outside printable ASCII")
    text = raw.decode("ascii")
    parts = text.split(" ")
    if not text or not text.strip():
        return ProtocolError(EMPTY, "an empty line")
    if "" in parts:
        if parts[0] not in _VERBS:
            return ProtocolError(UNKNOWN_COMMAND, f"unknown command {text.strip()[:16]!r}")
        return ProtocolError(BAD_ARGUMENTS, "tokens are separated by exactly one space")
    return parts


def _int(token: str, low: int, high: int) -> int | None:
    if not token.isdigit() or len(token) > 5 or (len(token) > 1 and token[0] == "0"):
        return None
    value = int(token)
    return value if low <= value <= high else None


def _seat(token: str) -> int | None | ProtocolError:
    if token == "-":
        return None
    value = _int(token, 1, MAX_SEAT)
    if value is None:
        return ProtocolError(BAD_ARGUMENTS, f"seat must be 1 to {MAX_SEAT} or -, got {token!r}")
    return value - 1


def _colour(token: str) -> str | None:
    if len(token) == 6 and all(c in _HEX for c in token.encode()):
        return token.lower()
    return None


def _version(token: str) -> int | ProtocolError:
    name, slash, number = token.partition("/")
    if name != PROTOCOL or not slash:
        return ProtocolError(BAD_ARGUMENTS, f"HELLO wants {PROTOCOL}/<version>, got {token!r}")
    value = _int(number, 0, 99999)
    if value is None:
        return ProtocolError(BAD_ARGUMENTS, f"the protocol version is a number, got {number!r}")
    if value != VERSION:
        return ProtocolError(WRONG_VERSION, f"the pad speaks {PROTOCOL}/{value}, this host {PROTOCOL}/{VERSION}")
    return value


def _fields(tokens: list[str]) -> dict[str, str] | ProtocolError:
    out: dict[str, str] = {}
    for token in tokens:
        key, eq, value = token.partition("=")
        if not eq or not key or not value:
            return ProtocolError(BAD_ARGUMENTS, f"expected key=value, got {token!r}")
        if key in out:
            return ProtocolError(BAD_ARGUMENTS, f"{key} given twice")
        out[key] = value
    return out


def _hello(parts: list[str]) -> Hello | ProtocolError:
    if len(parts) < 2:
        return ProtocolError(BAD_ARGUMENTS, "HELLO needs the protocol version")
    version = _version(parts[1])
    if isinstance(version, ProtocolError):
        return version
    if len(parts) == 2:
        return ProtocolError(ECHO, "the host's own HELLO came back")
    fields = _fields(parts[2:])
    if isinstance(fields, ProtocolError):
        return fields
    for key in ("id", "seat", "fw"):
        if key not in fields:
            return ProtocolError(BAD_ARGUMENTS, f"HELLO without {key}=")
    pad_id = fields["id"]
    if len(pad_id) > _MAX_ID or not all(c in _ID_CHARS for c in pad_id.encode()):
        return ProtocolError(BAD_ARGUMENTS, f"a pad id is 1 to {_MAX_ID} letters, digits, _ or -")
    seat = _seat(fields["seat"])
    if isinstance(seat, ProtocolError):
        return seat
    fw = fields["fw"]
    if len(fw) > _MAX_FW or not all(c in _FW_CHARS for c in fw.encode()):
        return ProtocolError(BAD_ARGUMENTS, f"a firmware version is 1 to {_MAX_FW} letters, digits, . + _ or -")
    buttons = 2
    if "buttons" in fields:
        buttons = _int(fields["buttons"], 1, MAX_BUTTONS)
        if buttons is None:
            return ProtocolError(BAD_ARGUMENTS, f"buttons must be 1 to {MAX_BUTTONS}")
    # other keys are allowed and ignored: later minor additions stay readable
    return Hello(version, pad_id, seat, fw, buttons)


def _button(parts: list[str]) -> Button | ProtocolError:
    if len(parts) != 3:
        return ProtocolError(BAD_ARGUMENTS, f"{parts[0]} <button> <seq>")
    button = _int(parts[1], 1, MAX_BUTTONS)
    seq = _int(parts[2], 0, SEQ_MODULO - 1)
    if button is None or seq is None:
        return ProtocolError(BAD_ARGUMENTS, f"{parts[0]}: button 1 to {MAX_BUTTONS}, seq 0 to {SEQ_MODULO - 1}")
    return Button(button, parts[0] == "DOWN", seq)


def _state(parts: list[str]) -> State | ProtocolError:
    fields = _fields(parts[1:])
    if isinstance(fields, ProtocolError):
        return fields
    try:
        seat = _seat(fields["seat"])
        colour = _colour(fields["led"])
        blink = fields["blink"]
        held = _int(fields["held"], 0, (1 << MAX_BUTTONS) - 1)
    except KeyError as exc:
        return ProtocolError(BAD_ARGUMENTS, f"STATE without {exc.args[0]}=")
    if isinstance(seat, ProtocolError):
        return seat
    if colour is None or blink not in BLINKS or held is None:
        return ProtocolError(BAD_ARGUMENTS, "STATE: led=rrggbb blink=solid|slow|fast held=0..7")
    return State(seat, colour, blink, held)


_HOST_VERBS = frozenset(("LED", "SEAT", "QUERY"))
_VERBS = _HOST_VERBS | {"HELLO", "DOWN", "UP", "STATE", "ERR"}


def parse_line(raw) -> PadMessage | ProtocolError:
    """One line from a pad: a message, or the reason it is refused."""
    parts = _tokens(raw)
    if isinstance(parts, ProtocolError):
        return parts
    verb = parts[0]
    if verb == "DOWN" or verb == "UP":
        return _button(parts)
    if verb == "HELLO":
        return _hello(parts)
    if verb == "STATE":
        return _state(parts)
    if verb == "ERR":
        if len(parts) != 2 or len(parts[1]) > 32:
            return ProtocolError(BAD_ARGUMENTS, "ERR <reason>")
        return PadError(parts[1])
    if verb in _HOST_VERBS:
        return ProtocolError(ECHO, f"the host's own {verb} came back")
    return ProtocolError(UNKNOWN_COMMAND, f"unknown command {verb[:16]!r}")


_PAD_LINE_START = re.compile(rb"HELLO CELLPAD/|DOWN |UP |STATE |ERR ")


def parse_tail(raw) -> tuple[int, PadMessage] | None:
    """A pad's line at the end of a line that ``parse_line`` refused: bytes a pad broke
    off without their line ending (a reset mid-line, a lost LF, the REPL's prompt), then
    the pad's next line. Returns (where it starts, the message), taking the earliest
    place after the first byte where a pad's line can start and which reads to the end;
    None when there is none. Only the last MAX_LINE + 2 bytes are looked at: no line is
    longer (with its CR and LF)."""
    if not isinstance(raw, (bytes, bytearray, memoryview)):
        return None
    raw = bytes(raw)
    first = max(1, len(raw) - (MAX_LINE + 2))
    for start in _PAD_LINE_START.finditer(raw, first):
        message = parse_line(raw[start.start():])
        if not isinstance(message, ProtocolError):
            return start.start(), message
    return None


def parse_command(raw) -> HostCommand | ProtocolError:
    """One line from the host (what a pad or the simulator reads)."""
    parts = _tokens(raw)
    if isinstance(parts, ProtocolError):
        return parts
    verb = parts[0]
    if verb == "HELLO":
        if len(parts) != 2:
            return ProtocolError(ECHO if len(parts) > 2 else BAD_ARGUMENTS, "the host's HELLO is HELLO CELLPAD/<n>")
        version = _version(parts[1])
        return version if isinstance(version, ProtocolError) else HostHello(version)
    if verb == "LED":
        if len(parts) != 3 or _colour(parts[1]) is None or parts[2] not in BLINKS:
            return ProtocolError(BAD_ARGUMENTS, "LED <rrggbb> <solid|slow|fast>")
        return SetLed(_colour(parts[1]), parts[2])
    if verb == "SEAT":
        if len(parts) != 2:
            return ProtocolError(BAD_ARGUMENTS, "SEAT <1..8|->")
        seat = _seat(parts[1])
        return seat if isinstance(seat, ProtocolError) else SetSeat(seat)
    if verb == "QUERY":
        return Query() if len(parts) == 1 else ProtocolError(BAD_ARGUMENTS, "QUERY takes nothing")
    if verb in ("DOWN", "UP", "STATE", "ERR"):
        return ProtocolError(ECHO, f"the pad's own {verb} came back")
    return ProtocolError(UNKNOWN_COMMAND, f"unknown command {verb[:16]!r}")


# -- formatting -------------------------------------------------------------
def _wire_seat(seat: int | None) -> str:
    if seat is None:
        return "-"
    if isinstance(seat, bool) or not isinstance(seat, int) or not 0 <= seat < MAX_SEAT:
        raise ValueError(f"a seat is 0 to {MAX_SEAT - 1} or None, not {seat!r}")
    return str(seat + 1)


def _check_colour(colour: str) -> str:
    checked = _colour(colour) if isinstance(colour, str) else None
    if checked is None:
        raise ValueError(f"a colour is six hex digits rrggbb, not {colour!r}")
    return checked


def _check_blink(blink: str) -> str:
    if blink not in BLINKS:
        raise ValueError(f"blink is one of {', '.join(BLINKS)}, not {blink!r}")
    return blink


def _line(text: str) -> bytes:
    data = text.encode("ascii")
    assert len(data) <= MAX_LINE, text
    return data + b"\n"


def format_host_hello() -> bytes:
    return _line(f"HELLO {PROTOCOL}/{VERSION}")


def format_led(colour: str, blink: str = "solid") -> bytes:
    return _line(f"LED {_check_colour(colour)} {_check_blink(blink)}")


def format_seat(seat: int | None) -> bytes:
    return _line(f"SEAT {_wire_seat(seat)}")


def format_query() -> bytes:
    return _line("QUERY")


def format_hello(pad_id: str, seat: int | None, fw: str, buttons: int = 2, version: int = VERSION) -> bytes:
    return _line(f"HELLO {PROTOCOL}/{version} id={pad_id} seat={_wire_seat(seat)} fw={fw} buttons={buttons}")


def format_button(button: int, down: bool, seq: int) -> bytes:
    return _line(f"{'DOWN' if down else 'UP'} {button} {seq % SEQ_MODULO}")


def format_state(seat: int | None, colour: str, blink: str, held: int) -> bytes:
    return _line(f"STATE seat={_wire_seat(seat)} led={_check_colour(colour)} blink={_check_blink(blink)} held={held}")


def format_error(reason: str) -> bytes:
    return _line(f"ERR {reason}")
