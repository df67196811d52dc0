# Cellmate seat pad: reference firmware (CELLPAD/1), MicroPython on a Raspberry Pi Pico.
#
# Copy to the Pico as main.py (mpremote cp main.py :main.py). It speaks the
# protocol in hardware/pads/PROTOCOL.md over the Pico's USB serial (the same
# port as the REPL): newline-terminated ASCII lines.
#
# Wiring (change the pins below to suit):
#   button 1 (MAIN, the big one)  GP14 -- GND   (internal pull-up)
#   button 2 (DONE)               GP15 -- GND
#   button 3 (EXTRA, optional)    GP13 -- GND   (set to None when not fitted)
#   RGB LED, common cathode:      R GP16, G GP17, B GP18, each through 220-330 ohm; cathode to GND
#   (a common-anode LED: anode to 3V3, set LED_COMMON_ANODE = True)
#
# The pad remembers the seat the host gave it in seat.txt on its flash, so it
# says the same seat in its HELLO after a power cut.
#
# The protocol core (class Pad) uses no hardware, so the host's tests run it
# under CPython; run() below is the only part that touches the Pico.

BUTTON_PINS = (14, 15, 13)
LED_PINS = (16, 17, 18)
LED_COMMON_ANODE = False
FW = "1.0.0"
PROTOCOL = "CELLPAD/1"
MAX_LINE = 80
DEBOUNCE_MS = 20
HELLO_GAP_MS = 200          # answer HELLO at most this often (a line echoing back cannot loop)
SEAT_FILE = "seat.txt"
BLINK_MS = {"solid": 0, "slow": 500, "fast": 125}
HEX = "0123456789abcdef"


def ticks_diff(a, b):
    """a - b in ms; run() puts time.ticks_diff here (the Pico's clock wraps)."""
    return a - b


def _seat_text(seat):
    return "-" if seat is None else str(seat)


class Pad:
    """The pad's side of CELLPAD/1. seat is 1..8 or None (as on the wire).
    write(text) sends a line (text ends with a newline)."""

    def __init__(self, pad_id, seat, buttons, write, save_seat=None):
        self.pad_id = pad_id
        self.seat = seat
        self.buttons = buttons
        self.write = write
        self.save_seat = save_seat
        self.colour = (0, 0, 0)
        self.colour_text = "000000"
        self.blink = "solid"
        self.held = 0
        self.seq = 0
        self.buf = bytearray()
        self.skipping = False
        self.last_hello = None
        self.host_seen = False

    # -- to the host --------------------------------------------------------
    def hello(self, now_ms=None):
        if now_ms is not None and self.last_hello is not None and ticks_diff(now_ms, self.last_hello) < HELLO_GAP_MS:
            return
        self.last_hello = now_ms
        self.write("HELLO %s id=%s seat=%s fw=%s buttons=%d\n"
                   % (PROTOCOL, self.pad_id, _seat_text(self.seat), FW, self.buttons))

    def button(self, number, down):
        if down:
            self.held |= 1 << (number - 1)
        else:
            self.held &= ~(1 << (number - 1))
        self.write("%s %d %d\n" % ("DOWN" if down else "UP", number, self.seq))
        self.seq = (self.seq + 1) % 65536

    # -- from the host --------------------------------------------------------
    def feed(self, data, now_ms=None):
        """Bytes from the host, any amount; complete lines are handled."""
        for byte in data:
            if byte == 10:                      # LF ends a line
                if self.skipping:
                    self.skipping = False
                else:
                    self.line(bytes(self.buf), now_ms)
                self.buf = bytearray()
            elif not self.skipping:
                self.buf.append(byte)
                if len(self.buf) > MAX_LINE + 1:
                    self.buf = bytearray()
                    self.skipping = True
                    self.write("ERR too_long\n")

    def line(self, raw, now_ms=None):
        if raw and raw[-1] == 13:               # CR LF
            raw = raw[:-1]
        if not raw:
            return
        for b in raw:
            if b < 32 or b > 126:
                self.write("ERR not_ascii\n")
                return
        parts = raw.decode().split(" ")
        verb = parts[0]
        if verb == "HELLO":
            if len(parts) == 2 and parts[1] == PROTOCOL:
                self.host_seen = True
                self.hello(now_ms)
            elif len(parts) == 2 and parts[1].startswith("CELLPAD/"):
                self.write("ERR wrong_version\n")
            elif len(parts) != 2:
                pass                            # our own HELLO echoed back: never answer it
            else:
                self.write("ERR bad_arguments\n")
        elif verb == "LED":
            colour = self._colour(parts[1]) if len(parts) == 3 else None
            if colour is None or parts[2] not in BLINK_MS:
                self.write("ERR bad_arguments\n")
                return
            self.colour = colour
            self.colour_text = parts[1].lower()
            self.blink = parts[2]
            self.host_seen = True
        elif verb == "SEAT":
            seat = self._seat(parts[1]) if len(parts) == 2 else False
            if seat is False:
                self.write("ERR bad_arguments\n")
                return
            if seat != self.seat:
                self.seat = seat
                if self.save_seat is not None:
                    self.save_seat(seat)
        elif verb == "QUERY":
            self.write("STATE seat=%s led=%s blink=%s held=%d\n"
                       % (_seat_text(self.seat), self.colour_text, self.blink, self.held))
        elif verb in ("DOWN", "UP", "STATE", "ERR"):
            pass                                # our own line echoed back
        else:
            self.write("ERR unknown_command\n")

    @staticmethod
    def _colour(text):
        if len(text) != 6:
            return None
        text = text.lower()
        for c in text:
            if c not in HEX:
                return None
        return (int(text[0:2], 16), int(text[2:4], 16), int(text[4:6], 16))

    @staticmethod
    def _seat(text):
        if text == "-":
            return None
        if len(text) == 1 and "1" <= text <= "8":
            return int(text)
        return False

    def led_now(self, now_ms):
        """The colour to show at now_ms (blinking)."""
        period = BLINK_MS.get(self.blink, 0)
        if period and (now_ms // period) % 2:
            return (0, 0, 0)
        return self.colour


class Debounced:
    """A button level that changes only after DEBOUNCE_MS of the same raw level."""

    def __init__(self, pressed=False):
        self.pressed = pressed
        self.raw = pressed
        self.since = 0

    def update(self, raw, now_ms):
        """True when the debounced level changed."""
        if raw != self.raw:
            self.raw = raw
            self.since = now_ms
            return False
        if raw != self.pressed and ticks_diff(now_ms, self.since) >= DEBOUNCE_MS:
            self.pressed = raw
            return True
        return False


def _load_seat():
    try:
        with open(SEAT_FILE) as f:
            text = f.read().strip()
        return Pad._seat(text) or None
    except OSError:
        return None


def _save_seat(seat):
    try:
        with open(SEAT_FILE, "w") as f:
            f.write(_seat_text(seat))
    except OSError:
        pass


def run():
    global ticks_diff
    import machine
    import select
    import sys
    import time
    try:
        import binascii
    except ImportError:
        import ubinascii as binascii

    ticks_diff = time.ticks_diff
    pad_id = binascii.hexlify(machine.unique_id()).decode().upper()
    pins = [machine.Pin(n, machine.Pin.IN, machine.Pin.PULL_UP) if n is not None else None for n in BUTTON_PINS]
    fitted = [i for i, pin in enumerate(pins) if pin is not None]
    states = [Debounced() for _ in pins]
    pwms = []
    for n in LED_PINS:
        pwm = machine.PWM(machine.Pin(n))
        pwm.freq(1000)
        pwms.append(pwm)

    def show(rgb):
        for pwm, value in zip(pwms, rgb):
            duty = value * 257
            pwm.duty_u16(65535 - duty if LED_COMMON_ANODE else duty)

    def write(text):
        sys.stdout.write(text)

    pad = Pad(pad_id, _load_seat(), len(fitted), write, _save_seat)
    pad.colour, pad.colour_text, pad.blink = (0, 0, 40), "000028", "slow"   # waiting for the host
    poller = select.poll()
    poller.register(sys.stdin, select.POLLIN)
    stdin = sys.stdin.buffer if hasattr(sys.stdin, "buffer") else sys.stdin
    pad.hello()
    shown = None
    while True:
        now = time.ticks_ms()
        got = bytearray()
        while len(got) < 64 and poller.poll(0):
            c = stdin.read(1)
            got += c.encode() if isinstance(c, str) else c
        if got:
            pad.feed(got, now)
        for number, i in enumerate(fitted, start=1):
            if states[i].update(pins[i].value() == 0, now):
                pad.button(number, states[i].pressed)
        rgb = pad.led_now(now)
        if rgb != shown:
            show(rgb)
            shown = rgb
        time.sleep_ms(2)


if __name__ == "__main__":
    run()
