"""to_main_thread: a handler fired from another thread runs on Kivy's main thread, at once."""
import os
import subprocess
import sys
import threading
import time
from pathlib import Path

from hardware_fixtures import drain_clock, tick_until

from hardware.mainthread import to_main_thread


def test_a_call_from_a_worker_thread_runs_on_the_main_thread_at_the_next_frame():
    drain_clock()
    seen = []

    def handler(event, *, source):
        seen.append((event, source, threading.current_thread() is threading.main_thread()))

    wrapped = to_main_thread(handler)
    worker = threading.Thread(target=wrapped, args=("roll",), kwargs={"source": "gpio"})
    worker.start()
    worker.join()
    assert seen == []  # nothing runs on the worker thread itself
    assert tick_until(lambda: seen)
    assert seen == [("roll", "gpio", True)]


def test_calls_run_in_the_order_they_were_made_across_threads():
    drain_clock()
    seen = []
    wrapped = to_main_thread(seen.append)
    wrapped(1)  # from the main thread: still queued, so it cannot jump ahead
    worker = threading.Thread(target=lambda: [wrapped(n) for n in (2, 3)])
    worker.start()
    worker.join()
    wrapped(4)
    assert seen == []
    assert tick_until(lambda: len(seen) == 4)
    assert seen == [1, 2, 3, 4]


def test_the_wrapper_keeps_the_handlers_name_for_logs():
    def on_input(event):
        pass

    assert to_main_thread(on_input).__name__ == "on_input"


def test_a_press_wakes_the_sleeping_main_loop_at_once_instead_of_at_the_next_frame():
    """Kivy's default clock would sleep out the frame before running the hop; the
    waking clock runs it (and draws) as soon as it comes. Half a second a frame here,
    so the difference cannot hide in a busy machine's noise."""
    from kivy.clock import Clock

    drain_clock()
    seen = []
    wrapped = to_main_thread(lambda: seen.append(time.monotonic()))
    fps = Clock._max_fps
    Clock._max_fps = 2.0
    try:
        Clock.tick()                # a frame just began: the next is 0.5 s away
        pressed = []

        def press():
            time.sleep(0.05)
            pressed.append(time.monotonic())
            wrapped()
        worker = threading.Thread(target=press)
        worker.start()
        Clock.tick()                # sleeps until the press comes, then runs it
        worker.join()
    finally:
        Clock._max_fps = fps
    assert len(seen) == 1
    assert seen[0] - pressed[0] < 0.2     # not the rest of the frame (0.45 s)


def test_the_app_picks_the_waking_clock_before_kivy_starts_its_own():
    """`companion run` imports ui.app first of anything Kivy: that import chooses the clock."""
    code = ("import ui.app\n"
            "from kivy.clock import Clock\n"
            "print(hasattr(Clock, 'schedule_once_free'), Clock.__class__.__name__)\n")
    root = Path(__file__).resolve().parent.parent
    env = {k: v for k, v in os.environ.items() if k != "KIVY_CLOCK"}   # Kivy's own override: not this test's
    done = subprocess.run([sys.executable, "-c", code], cwd=root, env=env, capture_output=True, text=True,
                          timeout=120)
    assert done.returncode == 0, done.stderr[-2000:]
    assert done.stdout.split() == ["True", "ClockBaseFreeInterruptAll"]
