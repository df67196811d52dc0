"""to_main_thread: a handler fired from another thread runs on Kivy's main thread."""
import threading

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
