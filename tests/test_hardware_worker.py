"""hardware/worker.py: one background thread doing an owner's jobs one at a time; the
owner's lock, ready, take and do are handed in (here a list of jobs and a log)."""
import logging
import threading

import pytest

from hardware.worker import Worker


class Owner:
    """The smallest owner: jobs waiting in a list; doing one writes it down, or raises
    for "boom", or holds for "hold" until let go (or cut short)."""

    def __init__(self):
        self.cond = threading.Condition()
        self.waiting: list[str] = []
        self.done: list[tuple[str, str]] = []       # (job, the thread it was done on)
        self.held = threading.Event()
        self.let_go = threading.Event()
        self.worker = Worker("test-worker", self.cond, lambda: bool(self.waiting), self.take, self.do)

    def take(self):
        assert self.cond._is_owned()
        job = self.waiting.pop(0)
        return None if job == "nothing" else job

    def do(self, job):
        assert not self.cond._is_owned()
        if job == "boom":
            raise RuntimeError("boom")
        if job == "hold":
            self.held.set()
            self.let_go.wait(5)
        self.done.append((job, threading.current_thread().name))

    def add(self, *jobs):
        with self.cond:
            self.waiting += jobs
            self.worker.wake()

    def idle(self):
        return self.worker.job is None and not self.waiting


@pytest.fixture
def owner():
    owner = Owner()
    owner.worker.start()
    yield owner
    owner.let_go.set()
    owner.worker.close()


def test_jobs_are_done_in_order_one_at_a_time_on_the_workers_own_thread(owner):
    owner.add("a", "b")
    owner.add("c")
    assert owner.worker.wait(owner.idle, 2)
    assert owner.done == [("a", "test-worker"), ("b", "test-worker"), ("c", "test-worker")]


def test_the_job_in_hand_is_known_until_it_is_done(owner):
    owner.add("hold")
    assert owner.held.wait(2)
    assert owner.worker.job == "hold" and not owner.worker.wait(owner.idle, 0.05)
    owner.let_go.set()
    assert owner.worker.wait(owner.idle, 2) and owner.worker.job is None


def test_nothing_taken_after_all_does_nothing_and_lets_wait_return(owner):
    owner.add("nothing")
    assert owner.worker.wait(owner.idle, 2) and owner.done == []


def test_a_failing_job_is_logged_and_the_worker_goes_on(owner, caplog):
    with caplog.at_level(logging.ERROR, logger="hardware.worker"):
        owner.add("boom", "after")
        assert owner.worker.wait(owner.idle, 2)
    assert owner.done == [("after", "test-worker")]
    [record] = caplog.records
    assert record.getMessage() == "test-worker failed" and record.exc_info[0] is RuntimeError


def test_close_cuts_the_job_in_hand_short_with_the_lock_held_and_ends_the_thread(owner):
    owner.add("hold", "never")
    assert owner.held.wait(2)
    cuts = []

    def cut():
        cuts.append(owner.cond._is_owned())
        owner.waiting.clear()
        owner.let_go.set()
    assert owner.worker.close(cut) is True
    assert cuts == [True] and owner.done == [("hold", "test-worker")]
    assert not any(t.name == "test-worker" and t.is_alive() for t in threading.enumerate())
    assert owner.worker.close(cut) is False and cuts == [True]      # once only
    owner.add("late")
    assert owner.done == [("hold", "test-worker")]


def test_a_worker_never_started_closes_all_the_same_and_starts_no_more():
    owner = Owner()
    assert owner.worker.close() is True
    owner.worker.start()
    owner.add("a")
    assert owner.worker.wait(owner.idle, 0.1) is False and owner.done == []
