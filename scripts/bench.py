"""Speed and memory of Cellmate, each beside a bare Kivy hello-world app.

Run through scripts/bench (it sets up .venv and a headless display). Figures:
press-to-committed-state latency from a mock pin edge, resume time for long
sessions, cold start to the first frame of the home screen, idle CPU on the
dice table and peak memory.
"""
from __future__ import annotations

import argparse
import os
import statistics
import subprocess
import sys
import tempfile
import textwrap
import threading
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
MARK = "CELLMATE-FIRST-FRAME"
COMPANION = Path(sys.executable).parent / "companion"

HELLO = textwrap.dedent(f"""
    import os
    from kivy.config import Config
    Config.set('graphics', 'width', '800'); Config.set('graphics', 'height', '480')
    from kivy.app import App
    from kivy.uix.label import Label
    from kivy.core.window import Window

    class Hello(App):
        def build(self):
            Window.bind(on_flip=self.first)
            return Label(text='Hello world')
        def first(self, *_):
            Window.unbind(on_flip=self.first)
            print('{MARK}', flush=True)
            if os.environ.get('CELLMATE_BENCH_EXIT'):
                self.stop()
    Hello().run()
""")


def percentile(values, p):
    values = sorted(values)
    k = (len(values) - 1) * p / 100
    lo, hi = int(k), min(int(k) + 1, len(values) - 1)
    return values[lo] + (values[hi] - values[lo]) * (k - lo)


# -- processes -------------------------------------------------------------
def app_command(data_dir: Path) -> list[str]:
    return [str(COMPANION), "run", "--simulate", "--data-dir", str(data_dir), "--size", "800x480"]


def hello_command(path: Path) -> list[str]:
    return [sys.executable, str(path)]


def start(cmd, exit_after_frame: bool):
    env = dict(os.environ, CELLMATE_BENCH_MARK="1")
    if exit_after_frame:
        env["CELLMATE_BENCH_EXIT"] = "1"
    return subprocess.Popen(cmd, stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, text=True, env=env)


def wait_for_frame(proc, timeout=60.0) -> None:
    def read():
        for line in proc.stdout:
            if MARK in line:
                return
    t = threading.Thread(target=read, daemon=True)
    t.start()
    t.join(timeout)
    if t.is_alive():
        proc.kill()
        raise RuntimeError("no first frame within %.0f s" % timeout)


def cold_start(cmd, runs=3) -> float:
    times = []
    for _ in range(runs):
        t0 = time.perf_counter()
        proc = start(cmd, exit_after_frame=True)
        wait_for_frame(proc)
        times.append(time.perf_counter() - t0)
        proc.wait(timeout=30)
    return statistics.median(times)


def cpu_seconds(pid) -> float:
    fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


def peak_rss_mib(pid) -> float:
    for line in Path(f"/proc/{pid}/status").read_text().splitlines():
        if line.startswith("VmHWM:"):
            return int(line.split()[1]) / 1024
    return float("nan")


def idle(cmd, seconds) -> tuple[float, float]:
    """CPU (% of one core) over `seconds` once the first frame is up, and peak memory (MiB)."""
    proc = start(cmd, exit_after_frame=False)
    try:
        wait_for_frame(proc)
        time.sleep(1.0)  # let start-up work settle
        c0, t0 = cpu_seconds(proc.pid), time.perf_counter()
        time.sleep(seconds)
        c1, t1 = cpu_seconds(proc.pid), time.perf_counter()
        return 100 * (c1 - c0) / (t1 - t0), peak_rss_mib(proc.pid)
    finally:
        proc.kill()
        proc.wait()


# -- in-process measurements ---------------------------------------------
def resume_times(sizes) -> dict[int, float]:
    from companion.session import Session
    from companion.store import Store
    out = {}
    for n in sizes:
        with tempfile.TemporaryDirectory() as tmp:
            store = Store.open(tmp)
            session = Session.create(store, "dice", ["Ann", "Bob", "Cy", "Dee"])
            store.conn.execute("PRAGMA synchronous=OFF")  # building the log fast; resume is what we time
            for i in range(n):
                session.act({"type": "roll"} if i % 2 else {"type": "pass"})
            store.close()
            times = []
            for _ in range(5):
                t0 = time.perf_counter()
                loaded = Session.load(Store.open(tmp), session.id)
                times.append(time.perf_counter() - t0)
                assert loaded.head == n
            out[n] = statistics.median(times)
    return out


def press_latency(presses: int, commit: bool) -> list[float]:
    """Mock pin edge -> debounce -> hop to the Kivy main thread -> (commit) -> state seen."""
    from gpiozero import Device
    from gpiozero.pins.mock import MockFactory, MockPWMPin
    from kivy.base import EventLoop

    from companion import controller
    from companion.config import Config
    from companion.inputs import InputEvent
    from companion.session import Session
    from companion.store import Store
    from hardware.rig import open_rig

    EventLoop.ensure_window()
    factory = MockFactory(pin_class=MockPWMPin)  # PWM so the tonal buzzer opens too
    Device.pin_factory = factory
    config = Config()
    tmp = tempfile.TemporaryDirectory()
    session = Session.create(Store.open(tmp.name), "dice", ["Ann", "Bob"])
    done = threading.Event()
    latencies: list[float] = []
    pressed_at = [0.0]

    def on_input(event):
        if event is InputEvent.ROLL:
            if commit:
                controller.handle_input(session, event)
            latencies.append(time.perf_counter() - pressed_at[0])
            done.set()

    rig = open_rig(config, on_input, pin_factory=factory)
    pin = factory.pin(config.buttons.roll)
    gap = config.buttons.debounce_ms / 1000 + 0.01

    def drive():
        for _ in range(presses):
            done.clear()
            pressed_at[0] = time.perf_counter()
            pin.drive_low()
            done.wait(2)
            pin.drive_high()
            time.sleep(gap)

    driver = threading.Thread(target=drive, daemon=True)
    driver.start()
    while driver.is_alive():
        EventLoop.idle()  # the app's own frame loop, capped at its usual fps
    rig.close()
    factory.reset()
    tmp.cleanup()
    if commit:
        assert session.state["rolls"] == presses
    return latencies


def zero_buzz_lateness(runs: int, seconds: float = 0.5) -> list[float]:
    """How late the zero buzz comes after the countdown's deadline, with the
    countdown polled every frame by the Kivy clock as the screens do."""
    from kivy.base import EventLoop
    from kivy.clock import Clock

    from companion import cues
    from companion.timers import Countdown

    EventLoop.ensure_window()
    late: list[float] = []
    for _ in range(runs):
        timer = Countdown(seconds, time.monotonic)
        heard = []

        def poll(_dt):
            if cues.ALARM in timer.poll():
                heard.append(time.monotonic())

        event = Clock.schedule_interval(poll, 0)
        timer.start()
        deadline = timer.deadline
        while not heard:
            EventLoop.idle()
        event.cancel()
        late.append(heard[0] - deadline)
    return late


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--presses", type=int, default=200)
    parser.add_argument("--idle-seconds", type=float, default=10.0)
    args = parser.parse_args()

    from companion.session import Session
    from companion.store import Store

    rows = []
    lat_app = press_latency(args.presses, commit=True)
    lat_bare = press_latency(args.presses, commit=False)
    rows.append(("press to committed state, median", f"{statistics.median(lat_app) * 1000:.1f} ms",
                 f"{statistics.median(lat_bare) * 1000:.1f} ms (edge to main thread only)"))
    rows.append(("press to committed state, p99", f"{percentile(lat_app, 99) * 1000:.1f} ms",
                 f"{percentile(lat_bare, 99) * 1000:.1f} ms (edge to main thread only)"))
    late = zero_buzz_lateness(20)
    rows.append(("timer: zero buzz after the deadline, median", f"{statistics.median(late) * 1000:.1f} ms",
                 "one frame at 60 fps = 16.7 ms"))
    rows.append(("timer: zero buzz after the deadline, worst", f"{max(late) * 1000:.1f} ms", ""))
    for n, seconds in resume_times((100, 1_000, 10_000)).items():
        rows.append((f"resume a session of {n:,} events", f"{seconds * 1000:.1f} ms", "n/a"))

    with tempfile.TemporaryDirectory() as tmp:
        tmp = Path(tmp)
        hello = tmp / "hello.py"
        hello.write_text(HELLO)
        home_dir, table_dir = tmp / "home", tmp / "table"
        rows.append(("cold start to first frame (home)", f"{cold_start(app_command(home_dir)):.2f} s",
                     f"{cold_start(hello_command(hello)):.2f} s"))
        # an unfinished session makes the app reopen straight onto the dice table
        Session.create(Store.open(table_dir), "dice", ["Ann", "Bob", "Cy"]).act({"type": "roll"})
        cpu_app, mem_app = idle(app_command(table_dir), args.idle_seconds)
        cpu_hello, mem_hello = idle(hello_command(hello), args.idle_seconds)
        rows.append((f"idle CPU over {args.idle_seconds:.0f} s (dice table)", f"{cpu_app:.1f} %", f"{cpu_hello:.1f} %"))
        rows.append(("peak memory (VmHWM)", f"{mem_app:.0f} MiB", f"{mem_hello:.0f} MiB"))

    width = max(len(r[0]) for r in rows)
    print(f"{'measure':<{width}}  {'Cellmate':>12}  bare Kivy hello world")
    for name, ours, theirs in rows:
        print(f"{name:<{width}}  {ours:>12}  {theirs}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
