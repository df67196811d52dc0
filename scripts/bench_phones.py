"""Phones at the table as scripts/bench measures them (README "Phones at the table").

    python scripts/bench_phones.py --role app --data-dir D --port P --out result.json   # the table

The table is the real app (`companion run --gpio` on mock pins, as scripts/bench_app.py
runs it) with [phones] switched on, on a dice table of 8 seats. The phones are
WebSocket clients in the measuring process (scripts/bench.py, `phone_rows`), one
per seat, 8 in all, on this machine. Both processes read the same clock
(time.monotonic, CLOCK_MONOTONIC, system-wide), so:

* a phone's tap to the table's frame that shows it: from the phone sending MAIN to
  the first frame swapped after the table applied it (ui/phones.py Phones.apply is
  wrapped in the app process: when it returns the step is committed and the
  screen set; Window.flip is wrapped as bench_bare.FrameStamp does), with all 8
  phones connected, beside the bare app's press (p99 within 2 frames of it);
* a change on the table to a phone's screen: from the table turning to the phones
  after the step was committed and shown (Phones.changed, wrapped; each seat's view
  made, sent, read) to each of the 8 phones receiving the view that holds it
  (p99 <= 50 ms);
* the table's idle CPU with 8 idle phones connected beside the table with phones off
  (<= 1.2x), in rounds as the other idle figures.
"""
from __future__ import annotations

import argparse
import gc
import json
import os
import random
import sys
import threading
import time
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path[:0] = [str(HERE.parent), str(HERE)]
SEATS = 8
MARK = "CELLMATE-PHONES"


# -- the table's process -----------------------------------------------------------------
def app_main(args) -> int:
    os.environ.setdefault("KIVY_NO_ARGS", "1")
    os.environ["GPIOZERO_PIN_FACTORY"] = "mock"
    os.environ["GPIOZERO_MOCK_PIN_CLASS"] = "mockpwmpin"
    gc.enable()
    from ui import cli
    from ui.app import CellmateApp
    from ui.phones import Phones

    from kivy.clock import Clock

    applied: dict[str, list] = {}          # msg -> [applied (monotonic), the frame's swap, the head]
    published: dict[int, float] = {}       # head -> when the table began sending it to the phones
    pending: list[str] = []
    apply = Phones.apply
    changed = Phones.changed

    def timed_changed(self, force=False):
        now = time.monotonic()
        session = self.table.session
        if session is not None and session.head not in published and self.server is not None:
            published[session.head] = now
        return changed(self, force)
    Phones.changed = timed_changed

    stages: dict[str, list] = {}           # msg -> [read by the server, applying begins] (where the time goes)
    act = Phones._act

    def timed_act(self, seat, message):
        stages[message.get("msg")] = [time.monotonic(), None]
        return act(self, seat, message)
    Phones._act = timed_act

    def timed_apply(self, seat, message):
        msg = message.get("msg")
        if msg in stages:
            stages[msg][1] = time.monotonic()
        answer = apply(self, seat, message)
        if msg:
            applied[msg] = [time.monotonic(), None, self.table.session.head if self.table.session else None]
            pending.append(msg)
        return answer
    Phones.apply = timed_apply

    def started(app):
        from kivy.core.window import Window
        flip = Window.flip

        def timed_flip():
            flip()
            if pending:
                now = time.monotonic()
                for msg in pending:
                    applied[msg][1] = now
                pending.clear()
        Window.flip = timed_flip

        def announce(_dt):
            server = app.table.phones.server
            if server is None and app.table.phones.enabled:
                return Clock.schedule_once(announce, 0.1)
            print(MARK, json.dumps({"port": server.port if server else None,
                                    "key": server.registry.join_key if server else None,
                                    "screen": app.sm.current}), flush=True)

        def until_told():
            sys.stdin.readline()
            if args.out:
                args.out.write_text(json.dumps({"applied": applied, "published": published, "stages": stages,
                                                "gc": gc.isenabled()}))
            Clock.schedule_once(lambda _dt: app.stop(), 0)
        Clock.schedule_once(announce, 0.5)
        threading.Thread(target=until_told, daemon=True).start()
    CellmateApp.on_start = started

    config = args.data_dir / "config.toml"
    config.write_text(f"[phones]\nenabled = {'true' if args.port else 'false'}\nport = {args.port or 8080}\n")
    return cli.main(["run", "--gpio", "--quiet", "--data-dir", str(args.data_dir), "--config", str(config),
                     "--size", "800x480"])


# -- the phones (in scripts/bench.py's process) ----------------------------------------------
def make_table(root: Path) -> Path:
    """A dice table of 8 seats, one roll in."""
    from companion.session import Session
    from companion.store import Store
    store = Store.open(root)
    store.set_setting("tour.seen", True)
    names = ["Ann", "Bob", "Cy", "Dee", "Eve", "Fay", "Gus", "Hal"]
    session = Session.create(store, "dice", names[:SEATS], {}, rng=random.Random(7))
    session.act({"type": "roll"})
    store.close()
    return root


class Phone:
    """One phone: a WebSocket client with a reader thread stamping what arrives."""

    def __init__(self, port: int, key: str):
        import websocket
        self.ws = websocket.create_connection(f"ws://127.0.0.1:{port}/ws", timeout=10,
                                              origin=f"http://127.0.0.1:{port}")
        self.got: list[tuple[float, dict]] = []
        self.lock = threading.Condition()
        self.ws.send(json.dumps({"type": "hello", "join": key}))
        threading.Thread(target=self._read, daemon=True).start()

    def _read(self):
        while True:
            try:
                data = self.ws.recv()
            except Exception:
                return
            now = time.monotonic()
            if not data:
                return
            with self.lock:
                self.got.append((now, json.loads(data)))
                self.lock.notify_all()

    def wait(self, match, timeout: float = 10.0):
        end = time.monotonic() + timeout
        with self.lock:
            while True:
                for at, message in self.got:
                    if match(message):
                        return at, message
                left = end - time.monotonic()
                if left <= 0:
                    return None, None
                self.lock.wait(left)

    def send(self, **message):
        self.ws.send(json.dumps(message))

    def close(self):
        try:
            self.ws.close()
        except Exception:
            pass


def start_table(data_dir: Path, port: int, out: Path | None):
    import subprocess
    cmd = [sys.executable, str(HERE / "bench_phones.py"), "--role", "app", "--data-dir", str(data_dir),
           "--port", str(port)] + (["--out", str(out)] if out else [])
    proc = subprocess.Popen(cmd, stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, text=True)
    got: list[dict] = []

    def read():
        for line in proc.stdout:
            if line.startswith(MARK):
                got.append(json.loads(line[len(MARK):]))
                return
    reader = threading.Thread(target=read, daemon=True)
    reader.start()
    reader.join(60)
    if not got:
        proc.kill()
        raise RuntimeError("the table with phones did not start within 60 s")
    return proc, got[0]


def seat_phones(info) -> list[Phone]:
    phones = []
    for seat in range(SEATS):
        phone = Phone(info["port"], info["key"])
        phone.wait(lambda m: m["type"] == "lobby" and m.get("seats"))
        phone.send(type="take", seat=seat)
        phone.wait(lambda m: m["type"] == "view")
        phones.append(phone)
    return phones


def free_port() -> int:
    import socket
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def taps(tmp: Path, count: int, seed: int = 1) -> dict:
    """`count` taps (MAIN, each seat in turn) from 8 phones; the times of each."""
    data = make_table(tmp / "phones-table")
    out = tmp / "phones-app.json"
    proc, info = start_table(data, free_port(), out)
    rng = random.Random(seed)
    sent: dict[str, float] = {}
    problems: list[str] = []
    phones: list[Phone] = []
    try:
        phones = seat_phones(info)
        time.sleep(1.0)
        for i in range(count):
            phone = phones[i % SEATS]
            msg = f"t{i}"
            sent[msg] = time.monotonic()
            phone.send(type="button", id="main", msg=msg)
            at, answer = phone.wait(lambda m, msg=msg: m.get("msg") == msg)
            if answer is None or answer["type"] != "ack":
                problems.append(f"tap {i}: {answer}")
            time.sleep(0.04 + rng.uniform(0, 2 / 60))
        time.sleep(0.5)
        proc.stdin.write("stop\n")
        proc.stdin.flush()
        proc.wait(30)
    finally:
        for phone in phones:
            phone.close()
        if proc.poll() is None:
            proc.kill()
    applied = json.loads(out.read_text())
    to_frame, to_phone = [], []
    published = {int(head): at for head, at in applied["published"].items()}
    for msg, t_sent in sent.items():
        t_applied, t_flip, head = applied["applied"].get(msg, (None, None, None))
        if t_flip is None:
            problems.append(f"{msg}: no frame after it")
            continue
        to_frame.append(t_flip - t_sent)
        for phone in phones:
            at, _view = phone.wait(lambda m, head=head: m["type"] == "view" and m["view"]["v"] >= head, timeout=0)
            if at is None or head not in published:
                problems.append(f"{msg}: a phone never saw step {head}")
            else:
                to_phone.append(at - published[head])
    stages = {"to the server": [], "to the Kivy thread": [], "applied": [], "to the frame": []}
    for msg, t_sent in sent.items():
        read, began = applied["stages"].get(msg, (None, None))
        t_applied, t_flip, _head = applied["applied"].get(msg, (None, None, None))
        if None not in (read, began, t_applied, t_flip):
            for name, value in zip(stages, (read - t_sent, began - read, t_applied - began, t_flip - t_applied)):
                stages[name].append(value)
    return {"to_frame": to_frame, "to_phone": to_phone, "problems": problems, "gc": applied["gc"], "stages": stages}


def idle(tmp: Path, seconds: float, rounds: int) -> dict[str, list[float]]:
    """The table's idle CPU with 8 idle phones connected, and with phones off, in turn."""
    from bench_measure import cpu_seconds, stop, thread_seconds
    data = make_table(tmp / "phones-idle")
    got: dict[str, list[float]] = {"phones": [], "off": []}
    for n in range(rounds):
        for name in (("phones", "off") if n % 2 == 0 else ("off", "phones")):
            proc, info = start_table(data, free_port() if name == "phones" else 0, None)
            phones = seat_phones(info) if name == "phones" else []
            try:
                time.sleep(2.0)
                c0, (n0, th0), t0 = cpu_seconds(proc.pid), thread_seconds(proc.pid), time.monotonic()
                time.sleep(seconds)
                c1, (n1, th1), t1 = cpu_seconds(proc.pid), thread_seconds(proc.pid), time.monotonic()
                exact = th0 <= th1 and n0 == n0 and n1 == n1
                got[name].append(100 * ((n1 - n0) if exact else (c1 - c0)) / (t1 - t0))
            finally:
                for phone in phones:
                    phone.close()
                stop(proc)
    return got


def phone_rows(rows, notes, gc_seen, tmp: Path, presses: int, b99: float, idle_s: float, idle_rounds: int) -> None:
    """scripts/bench.py's rows for the phones (module doc), beside the bare app's press p99 `b99`."""
    import statistics

    from bench_measure import FRAME_MS, ms, paired_ratio, percentile, verdict
    from bench_measure import say    # the benchmark's own clock
    say(f"phones: 8 phones at a dice table of 8, {presses} taps")
    got = taps(tmp, presses)
    gc_seen.append(got["gc"])
    if got["problems"]:
        notes.append(f"phones: {len(got['problems'])} problems: {got['problems'][:3]}")
    if got["to_frame"]:
        p50, p99 = percentile(got["to_frame"], 50), percentile(got["to_frame"], 99)
        rows.append(("a phone's tap to the table's frame, 8 phones connected: p50", ms(p50), "", "", "", ""))
        parts = " + ".join(f"{name} {ms(percentile(values, 50))}" for name, values in got["stages"].items() if values)
        rows.append((f"a phone's tap to the table's frame: where the time goes, p50 of each ({parts})", "", "", "",
                     "", ""))
        rows.append(("a phone's tap to the table's frame, 8 phones connected: p99 (bare: its press)", ms(p99),
                     ms(b99), f"+{(p99 - b99) * 1000:.1f} ms", f"<= bare + 2 frames ({2 * FRAME_MS:.1f} ms)",
                     verdict(p99 - b99 <= 2 * FRAME_MS / 1000)))
    if got["to_phone"]:
        p50, p99 = percentile(got["to_phone"], 50), percentile(got["to_phone"], 99)
        rows.append((f"a change on the table to a phone's screen ({len(got['to_phone'])} views): p50 / p99",
                     f"{ms(p50)} / {ms(p99)}", "", "", "p99 <= 50 ms", verdict(p99 <= 0.050)))
    say(f"phones: idle CPU, {idle_s:.0f} s each, {idle_rounds} rounds: 8 idle phones, phones off")
    cpu = idle(tmp, idle_s, idle_rounds)
    ratio = paired_ratio(cpu["phones"], cpu["off"])
    rows.append((f"idle CPU over {idle_s:.0f} s x {idle_rounds}, dice table of 8 with 8 idle phones connected, "
                 "beside it with phones off (% of one core)", f"{statistics.median(cpu['phones']):.2f} %",
                 f"{statistics.median(cpu['off']):.2f} %", f"{ratio:.2f}x", "<= 1.2x", verdict(ratio <= 1.2)))


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--role", choices=("app",), required=True)
    parser.add_argument("--data-dir", type=Path, required=True)
    parser.add_argument("--port", type=int, default=0)
    parser.add_argument("--out", type=Path)
    return app_main(parser.parse_args())


if __name__ == "__main__":
    raise SystemExit(main())
