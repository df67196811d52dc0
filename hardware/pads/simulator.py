"""A seat pad in software: speaks the pad side of CELLPAD/1 over a pseudo-terminal.

``SimulatedPad(pad_id, seat)`` opens a pty pair (``os.openpty``); the host
opens the pty's device like a real pad's ``/dev/ttyACM0``. With ``link_dir``
the pad also keeps a symlink ``<link_dir>/pad-<id>`` to its current device,
the way udev keeps ``/dev/serial/by-id/...``: unplugging removes it, plugging
in again makes a new pty and points the link at it.

It answers HELLO, LED, SEAT and QUERY like the firmware does, records every
LED command (``leds``; the latest is ``led``), and sends button events with
``press(button)``, ``release(button)`` or ``tap(button)``. ``send_raw`` writes
any bytes at all, for the bad-input tests.

Run as a program it makes N pads driven from the terminal, for trying the app
with pads but without hardware::

    python -m hardware.pads.simulator --count 3 --dir /tmp/cellmate-pads

then list ``/tmp/cellmate-pads/pad-*`` in ``[pads] ports`` of the config.
"""
from __future__ import annotations

import argparse
import errno
import os
import select
import sys
import threading
import time
import tty
from pathlib import Path

from . import protocol as p


class SimulatedPad:
    def __init__(self, pad_id: str, seat: int | None = None, *, buttons: int = 2, fw: str = "sim-1",
                 link_dir: str | os.PathLike | None = None, version: int = p.VERSION, plug: bool = True,
                 hello_at_plug: bool = True):
        self.pad_id = pad_id
        self.seat = seat                        # 0-based, what the pad remembers
        self.buttons = buttons
        self.fw = fw
        self.version = version                  # the protocol version it claims in HELLO
        self.hello_at_plug = hello_at_plug      # False: its boot HELLO goes nowhere (a USB pad booted
                                                # before the host opened its port); it answers the host's HELLO
        self.link_dir = Path(link_dir) if link_dir is not None else None
        self.leds: list[tuple[str, str]] = []   # every LED command, oldest first
        self.led: tuple[str, str] = ("000000", "solid")
        self.received: list[bytes] = []         # every line from the host
        self.errors: list[str] = []             # what it answered ERR to
        self.answer = True                      # False: a dead pad that never replies
        self._seq = 0
        self._held = 0
        self._lock = threading.Lock()
        self._cond = threading.Condition(self._lock)
        self._master: int | None = None
        self._slave: int | None = None
        self._device: str | None = None
        self._reader: threading.Thread | None = None
        self._wake_r, self._wake_w = os.pipe()
        if plug:
            self.plug()

    # -- the USB cable --------------------------------------------------------
    @property
    def plugged(self) -> bool:
        return self._master is not None

    @property
    def device(self) -> str | None:
        """The pty device the host opens (changes with every plug)."""
        return self._device

    @property
    def port(self) -> str | None:
        """The stable name: the symlink when there is a link_dir, else the device."""
        if self.link_dir is not None:
            return str(self.link_dir / f"pad-{self.pad_id}")
        return self._device

    def plug(self) -> None:
        """Plug in: a fresh pty, the stable link pointed at it, and the boot HELLO (unless not hello_at_plug)."""
        if self.plugged:
            return
        master, slave = os.openpty()
        tty.setraw(slave)          # no echo, no line editing: a USB CDC device is a plain byte pipe
        tty.setraw(master)
        os.set_blocking(master, False)
        self._master, self._slave = master, slave
        self._device = os.ttyname(slave)
        if self.link_dir is not None:
            self.link_dir.mkdir(parents=True, exist_ok=True)
            link = Path(self.port)
            tmp = link.with_name(link.name + ".new")
            if tmp.is_symlink():
                tmp.unlink()
            tmp.symlink_to(self._device)
            os.replace(tmp, link)
        self._seq = 0
        self._held = 0
        self._reader = threading.Thread(target=self._read_loop, args=(master,), daemon=True,
                                        name=f"simulated-pad-{self.pad_id}")
        self._reader.start()
        if self.hello_at_plug:
            self._send(p.format_hello(self.pad_id, self.seat, self.fw, self.buttons, self.version))

    def unplug(self) -> None:
        """Pull the cable: the link goes, the pty closes, the host reads EIO."""
        with self._lock:
            master, slave = self._master, self._slave
            self._master = self._slave = None
            self._device = None
        if master is None:
            return
        if self.link_dir is not None:
            try:
                os.unlink(self.port)
            except FileNotFoundError:
                pass
        os.write(self._wake_w, b"x")
        if self._reader is not None:
            self._reader.join(2)
        os.read(self._wake_r, 64) if select.select([self._wake_r], [], [], 0)[0] else None
        for fd in (master, slave):
            try:
                os.close(fd)
            except OSError:
                pass

    def close(self) -> None:
        self.unplug()
        for fd in (self._wake_r, self._wake_w):
            try:
                os.close(fd)
            except OSError:
                pass

    # -- buttons ------------------------------------------------------------------
    def press(self, button: int = 1) -> None:
        self._event(button, True)

    def release(self, button: int = 1) -> None:
        self._event(button, False)

    def tap(self, button: int = 1) -> None:
        self.press(button)
        self.release(button)

    def _event(self, button: int, down: bool) -> None:
        with self._lock:
            seq = self._seq
            self._seq = (self._seq + 1) % p.SEQ_MODULO
            if down:
                self._held |= 1 << (button - 1)
            else:
                self._held &= ~(1 << (button - 1))
        self._send(p.format_button(button, down, seq))

    def send_raw(self, data: bytes, timeout: float = 5.0) -> bool:
        """Write bytes as they are (waits while the pty is full); False if unplugged or timed out."""
        return self._send(data, timeout)

    # -- waiting, for tests ----------------------------------------------------------
    def wait_for(self, predicate, timeout: float = 3.0) -> bool:
        """Wait until predicate(self) is true (checked on every host line)."""
        with self._cond:
            return self._cond.wait_for(lambda: predicate(self), timeout)

    # -- the pad side of the protocol ------------------------------------------------
    def _send(self, data: bytes, timeout: float = 5.0) -> bool:
        deadline = time.monotonic() + timeout
        view = memoryview(data)
        while view:
            master = self._master
            if master is None:
                return False
            try:
                n = os.write(master, view)
                view = view[n:]
                continue
            except BlockingIOError:
                pass
            except OSError:
                return False
            left = deadline - time.monotonic()
            if left <= 0:
                return False
            try:
                select.select([], [master], [], min(left, 0.1))
            except (OSError, ValueError):
                return False
        return True

    def _read_loop(self, master: int) -> None:
        buffer = bytearray()
        while True:
            try:
                ready, _, _ = select.select([master, self._wake_r], [], [], 1.0)
            except (OSError, ValueError):
                return
            if self._wake_r in ready or self._master != master:
                return
            if not ready:
                continue
            try:
                chunk = os.read(master, 4096)
            except BlockingIOError:
                continue
            except OSError as exc:
                if exc.errno == errno.EIO:      # nobody has the device open right now: wait
                    time.sleep(0.02)
                    continue
                return
            if not chunk:
                time.sleep(0.02)
                continue
            buffer.extend(chunk)
            while b"\n" in buffer:
                line, _, rest = bytes(buffer).partition(b"\n")
                buffer = bytearray(rest)
                self._handle(line)
            if len(buffer) > p.MAX_LINE + 1:
                buffer.clear()
                self._reply(p.format_error(p.TOO_LONG))

    def _handle(self, line: bytes) -> None:
        command = p.parse_command(line)
        with self._cond:
            self.received.append(line)
            if isinstance(command, p.SetLed):
                self.led = (command.colour, command.blink)
                self.leds.append(self.led)
            elif isinstance(command, p.SetSeat):
                self.seat = command.seat
            elif isinstance(command, p.ProtocolError):
                self.errors.append(command.reason)
            self._cond.notify_all()
        if isinstance(command, p.HostHello):
            self._reply(p.format_hello(self.pad_id, self.seat, self.fw, self.buttons, self.version))
        elif isinstance(command, p.Query):
            self._reply(p.format_state(self.seat, *self.led, self._held))
        elif isinstance(command, p.ProtocolError) and command.reason != p.ECHO:
            self._reply(p.format_error(command.reason))

    def _reply(self, data: bytes) -> None:
        if self.answer:
            self._send(data)


# -- as a program -----------------------------------------------------------------------
def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description="Simulated Cellmate seat pads on pseudo-terminals.")
    parser.add_argument("--count", type=int, default=2, help="how many pads (1 to 8)")
    parser.add_argument("--dir", default="/tmp/cellmate-pads", help="where the pad-<id> links go")
    args = parser.parse_args(argv)
    count = max(1, min(8, args.count))
    pads = [SimulatedPad(f"sim{i + 1}", link_dir=args.dir) for i in range(count)]
    print("Simulated pads (put these in [pads] ports):")
    for pad in pads:
        print(f"  {pad.port} -> {pad.device}")
    print("Type: <pad> [button]  (e.g. '1' or '2 2') to tap; 'u <pad>' unplug; 'p <pad>' plug; "
          "'l' LEDs; 'q' quit.")
    try:
        for line in sys.stdin:
            words = line.split()
            if not words:
                continue
            if words[0] == "q":
                break
            if words[0] == "l":
                for pad in pads:
                    print(f"  {pad.pad_id}: seat {pad.seat if pad.seat is None else pad.seat + 1} LED {pad.led}")
                continue
            try:
                if words[0] in ("u", "p"):
                    pad = pads[int(words[1]) - 1]
                    pad.unplug() if words[0] == "u" else pad.plug()
                else:
                    pads[int(words[0]) - 1].tap(int(words[1]) if len(words) > 1 else 1)
            except (ValueError, IndexError):
                print("?")
    except KeyboardInterrupt:
        pass
    finally:
        for pad in pads:
            pad.close()
    return 0


if __name__ == "__main__":
    sys.exit(main())
