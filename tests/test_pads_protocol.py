"""hardware.pads.protocol: CELLPAD/1 lines parsed and formatted, every refusal
with its reason; the spec in PROTOCOL.md names what the code does."""
from pathlib import Path

import pytest
from hypothesis import given, settings, strategies as st

from hardware.pads import protocol as p
from hardware.pads.protocol import (Button, Hello, HostHello, PadError, ProtocolError, Query, SetLed, SetSeat, State,
                                    parse_command, parse_line)

SPEC = Path(__file__).parent.parent / "hardware" / "pads" / "PROTOCOL.md"


def reason(result):
    assert isinstance(result, ProtocolError), result
    return result.reason


def test_hello_from_a_pad():
    msg = parse_line(b"HELLO CELLPAD/1 id=E6614C311B2A7E2F seat=3 fw=1.0.0 buttons=3\n")
    assert msg == Hello(1, "E6614C311B2A7E2F", 2, "1.0.0", 3)          # seat 3 on the wire = seat 2 in the API
    assert parse_line(b"HELLO CELLPAD/1 fw=2 seat=- id=a\r\n") == Hello(1, "a", None, "2", 2)  # any order, CRLF
    # a later minor addition is read past
    assert parse_line(b"HELLO CELLPAD/1 id=a seat=1 fw=1 colour=rgb") == Hello(1, "a", 0, "1", 2)


def test_button_events_state_and_errors_from_a_pad():
    assert parse_line(b"DOWN 1 0\n") == Button(1, True, 0)
    assert parse_line(b"UP 3 65535") == Button(3, False, 65535)
    assert parse_line(b"STATE seat=8 led=FF00aa blink=slow held=5") == State(7, "ff00aa", "slow", 5)
    assert parse_line(b"ERR unknown_command") == PadError("unknown_command")


def test_host_commands():
    assert parse_command(b"HELLO CELLPAD/1\n") == HostHello(1)
    assert parse_command(b"LED 00ff7F fast") == SetLed("00ff7f", "fast")
    assert parse_command(b"SEAT 4") == SetSeat(3) and parse_command(b"SEAT -") == SetSeat(None)
    assert parse_command(b"QUERY") == Query()


@pytest.mark.parametrize("line, why", [
    (b"\xff\xfe\x00garbage", p.NOT_ASCII),
    (b"DOWN 1 2\x07", p.NOT_ASCII),
    (b"DOWN\t1 2", p.NOT_ASCII),
    ("DOWN 1 1".encode() + "é".encode(), p.NOT_ASCII),
    (b"X" * 81, p.TOO_LONG),
    (b"", p.EMPTY),
    (b"   ", p.EMPTY),
    (b"\r\n", p.EMPTY),
    (b"JUMP 1 2", p.UNKNOWN_COMMAND),
    (b">>> ", p.UNKNOWN_COMMAND),
    (b"Traceback (most recent call last):", p.UNKNOWN_COMMAND),
    (b"down 1 2", p.UNKNOWN_COMMAND),
    (b"DOWN 1", p.BAD_ARGUMENTS),
    (b"DOWN 4 1", p.BAD_ARGUMENTS),
    (b"DOWN 0 1", p.BAD_ARGUMENTS),
    (b"DOWN 1 65536", p.BAD_ARGUMENTS),
    (b"DOWN 1 -1", p.BAD_ARGUMENTS),
    (b"DOWN 1 01", p.BAD_ARGUMENTS),
    (b"DOWN 1 2 3", p.BAD_ARGUMENTS),
    (b"DOWN  1 2", p.BAD_ARGUMENTS),
    (b"DOWN 1 2 ", p.BAD_ARGUMENTS),
    (b"HELLO", p.BAD_ARGUMENTS),
    (b"HELLO CELLPAD/x id=a seat=1 fw=1", p.BAD_ARGUMENTS),
    (b"HELLO PADCELL/1 id=a seat=1 fw=1", p.BAD_ARGUMENTS),
    (b"HELLO CELLPAD/1 id=a seat=9 fw=1", p.BAD_ARGUMENTS),
    (b"HELLO CELLPAD/1 id=a seat=0 fw=1", p.BAD_ARGUMENTS),
    (b"HELLO CELLPAD/1 id=a seat=1", p.BAD_ARGUMENTS),
    (b"HELLO CELLPAD/1 id=a id=b seat=1 fw=1", p.BAD_ARGUMENTS),
    (b"HELLO CELLPAD/1 id=a/b seat=1 fw=1", p.BAD_ARGUMENTS),
    (b"HELLO CELLPAD/1 id=" + b"a" * 25 + b" seat=1 fw=1", p.BAD_ARGUMENTS),
    (b"HELLO CELLPAD/1 id=a seat=1 fw=1 buttons=4", p.BAD_ARGUMENTS),
    (b"HELLO CELLPAD/1 id=a seat=1 fw=1 novalue", p.BAD_ARGUMENTS),
    (b"STATE seat=1 led=ff00zz blink=slow held=0", p.BAD_ARGUMENTS),
    (b"STATE seat=1 led=ff0000 blink=slow", p.BAD_ARGUMENTS),
    (b"STATE seat=1 led=ff0000 blink=disco held=0", p.BAD_ARGUMENTS),
    (b"ERR", p.BAD_ARGUMENTS),
    (b"HELLO CELLPAD/2 id=a seat=1 fw=1", p.WRONG_VERSION),
    (b"HELLO CELLPAD/0 id=a seat=1 fw=1", p.WRONG_VERSION),
    (b"HELLO CELLPAD/1", p.ECHO),          # the host's own hello, echoed back
    (b"LED ff0000 solid", p.ECHO),
    (b"QUERY", p.ECHO),
])
def test_every_refusal_names_its_reason(line, why):
    assert reason(parse_line(line)) == why


@pytest.mark.parametrize("line, why", [
    (b"LED ff0000", p.BAD_ARGUMENTS),
    (b"LED red solid", p.BAD_ARGUMENTS),
    (b"LED ff0000 blinky", p.BAD_ARGUMENTS),
    (b"SEAT 9", p.BAD_ARGUMENTS),
    (b"SEAT", p.BAD_ARGUMENTS),
    (b"QUERY now", p.BAD_ARGUMENTS),
    (b"HELLO CELLPAD/3", p.WRONG_VERSION),
    (b"HELLO CELLPAD/1 id=a seat=1 fw=1", p.ECHO),   # the pad's own hello back: never answered
    (b"DOWN 1 2", p.ECHO),
    (b"REBOOT", p.UNKNOWN_COMMAND),
    (b"\x03\x04", p.NOT_ASCII),
])
def test_host_command_refusals(line, why):
    assert reason(parse_command(line)) == why


def test_exactly_80_bytes_is_a_line_81_is_too_long():
    ok = b"ERR " + b"x" * 28 + b" " + b"y" * 47
    assert len(ok) == 80 and reason(parse_line(ok)) == p.BAD_ARGUMENTS   # too many tokens, but not too long
    assert reason(parse_line(ok + b"z")) == p.TOO_LONG
    assert reason(parse_line(ok + b"\r\n")) == p.BAD_ARGUMENTS


def test_formatting_round_trips():
    assert p.format_host_hello() == b"HELLO CELLPAD/1\n"
    assert p.format_led("FF8000", "slow") == b"LED ff8000 slow\n"
    assert p.format_seat(0) == b"SEAT 1\n" and p.format_seat(None) == b"SEAT -\n"
    assert p.format_query() == b"QUERY\n"
    assert parse_command(p.format_led("00aa11", "fast")) == SetLed("00aa11", "fast")
    assert parse_line(p.format_hello("E661", 7, "1.2.3", 3)) == Hello(1, "E661", 7, "1.2.3", 3)
    assert parse_line(p.format_button(2, False, 65536 + 4)) == Button(2, False, 4)      # seq wraps
    assert parse_line(p.format_state(None, "abcdef", "solid", 3)) == State(None, "abcdef", "solid", 3)
    assert parse_line(p.format_error("too_long")) == PadError("too_long")
    assert parse_line(p.format_hello("a", None, "1", version=2)).reason == p.WRONG_VERSION


@pytest.mark.parametrize("call", [
    lambda: p.format_led("red"), lambda: p.format_led("ff0000", "disco"), lambda: p.format_seat(8),
    lambda: p.format_seat(-1), lambda: p.format_seat(True), lambda: p.format_led(None),
])
def test_formatting_refuses_what_could_not_be_parsed(call):
    with pytest.raises(ValueError):
        call()


def test_non_bytes_is_refused_not_raised():
    assert reason(parse_line("DOWN 1 2")) == p.BAD_ARGUMENTS
    assert reason(parse_line(None)) == p.BAD_ARGUMENTS
    assert parse_line(bytearray(b"DOWN 1 2")) == Button(1, True, 2)
    assert parse_line(memoryview(b"UP 1 2")) == Button(1, False, 2)


def test_a_pads_line_after_bytes_broken_off_is_found_at_the_end():
    assert p.parse_tail(b"DOWN 1DOWN 1 0") == (6, Button(1, True, 0))          # an event cut short, then the next
    assert p.parse_tail(b">>> HELLO CELLPAD/1 id=a seat=2 fw=1\r") == (4, Hello(1, "a", 1, "1", 2))
    assert p.parse_tail(b"STATE seat=1 led=ffffff blink=solid held=0UP 2 7") == (42, Button(2, False, 7))
    assert p.parse_tail(b"zzHELLO CELLPAD/1 id=UP seat=1 fw=1") == (2, Hello(1, "UP", 0, "1", 2))   # the earliest
    assert p.parse_tail(b"UP 2 " + b"7" * 70 + b"DOWN 1 10")[1] == Button(1, True, 10)        # past 80 bytes together
    # from the first byte a line is parse_line's; a refused one (another version) is no pad's line
    for nothing in (b"DOWN 1 5", b"xx", b"", b"x" * 300, b"DOWN 1 99999", b"xHELLO CELLPAD/2 id=a seat=1 fw=1", None):
        assert p.parse_tail(nothing) is None, nothing
    assert p.parse_tail(b"UP " * 5000 + b"UP 1 2") == (15000, Button(1, False, 2))   # only the end is looked at


_PAD_LINES = st.one_of(
    st.builds(p.format_button, st.integers(1, 3), st.booleans(), st.integers(0, 65535)),
    st.builds(p.format_hello, st.text("0123456789ABCDEF", min_size=1, max_size=24), st.none() | st.integers(0, 7),
              st.just("1.0.0"), st.integers(1, 3)),
    st.builds(p.format_state, st.none() | st.integers(0, 7), st.just("00ff00"), st.sampled_from(p.BLINKS),
              st.integers(0, 7)),
    st.builds(p.format_error, st.sampled_from(p.REASONS)))


@settings(max_examples=300, deadline=None)
@given(broken=st.binary(min_size=1, max_size=100).filter(lambda b: not any(65 <= c <= 90 or c == 10 for c in b)),
       line=_PAD_LINES)
def test_any_bytes_broken_off_before_a_pads_line_leave_the_line_whole(broken, line):
    assert p.parse_tail(broken + line.rstrip(b"\n")) == (len(broken), parse_line(line))


@settings(max_examples=300, deadline=None)
@given(st.binary(max_size=120))
def test_any_bytes_give_a_message_or_a_reason(raw):
    for parse in (parse_line, parse_command):
        result = parse(raw)
        assert not isinstance(result, ProtocolError) or result.reason in p.REASONS
    tail = p.parse_tail(raw)
    assert tail is None or (1 <= tail[0] < len(raw) and tail[1] == parse_line(raw[tail[0]:]))


@settings(max_examples=200, deadline=None)
@given(pad_id=st.text("0123456789ABCDEFabcdef_-", min_size=1, max_size=24),
       seat=st.none() | st.integers(0, 7), fw=st.text("0123456789.+abc", min_size=1, max_size=16),
       buttons=st.integers(1, 3))
def test_hello_round_trips_for_every_valid_field(pad_id, seat, fw, buttons):
    assert parse_line(p.format_hello(pad_id, seat, fw, buttons)) == Hello(1, pad_id, seat, fw, buttons)


def test_the_spec_names_every_reason_command_and_limit():
    spec = SPEC.read_text()
    for word in p.REASONS + ("HELLO CELLPAD/1", "DOWN <button> <seq>", "UP <button> <seq>", "LED <rrggbb> <mode>",
                             "SEAT <seat>", "QUERY", "STATE seat=", "ERR <reason>", "80 bytes", "solid", "slow",
                             "fast", "flood", "seat_taken", "no_hello", "broken_line"):
        assert word in spec, word
