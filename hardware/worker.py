"""One background thread that does its owner's jobs one at a time: the buzzer's cues
(hardware/buzzer.py), the voice's lines (hardware/speaker.py), and what Past games
and Statistics read off the screen's thread (ui/browse.py).

The owner keeps what is to be done under its own ``threading.Condition`` and hands it
in, with three parts of its own:

* ``ready()``: is there something to take? The worker sleeps until there is;
* ``take()``: the next job, or None when there is nothing after all;
* ``do(job)``: does it, out of the lock, so that a newer cue or an urgent line can
  cut it short meanwhile.

``ready`` and ``take`` are called with the lock held. An exception from ``do`` is
logged and the worker goes on: a GPIO hiccup or a broken pipe must not end it.

The owner changes what is to be done with the lock held, then ``wake()``s the worker.
``job`` is the job in hand (None between jobs); ``wait(idle)`` blocks until the owner
says it is idle; ``close(cut)`` ends the thread after the job in hand, which ``cut``
(with the lock) cuts short.
"""
from __future__ import annotations

import logging
import threading
from typing import Any, Callable

log = logging.getLogger(__name__)


class Worker:
    """A daemon thread named ``name`` doing ``do(take())`` whenever ``ready()``; see the module."""

    def __init__(self, name: str, cond: threading.Condition, ready: Callable[[], object],
                 take: Callable[[], Any], do: Callable[[Any], object]):
        self.name = name
        self.cond = cond
        self.ready, self.take, self.do = ready, take, do
        self.job: Any = None
        self.closed = False
        self._thread: threading.Thread | None = None

    def start(self) -> "Worker":
        """Start the thread (once; a worker never started does nothing and closes all the same)."""
        if self._thread is None and not self.closed:
            self._thread = threading.Thread(target=self._run, name=self.name, daemon=True)
            self._thread.start()
        return self

    def wake(self) -> None:
        """(with the lock) What is to be done changed: the worker and ``wait`` look again."""
        self.cond.notify_all()

    def wait(self, idle: Callable[[], object], timeout: float | None = None) -> bool:
        """Block until ``idle()`` (asked with the lock); False if the timeout ran out first."""
        with self.cond:
            return bool(self.cond.wait_for(idle, timeout))

    def close(self, cut: Callable[[], object] | None = None, timeout: float = 2) -> bool:
        """End the thread: ``cut()`` (with the lock) drops what waits and cuts the job in
        hand short; the thread is given ``timeout`` seconds to end. False: closed already."""
        with self.cond:
            if self.closed:
                return False
            self.closed = True
            if cut is not None:
                cut()
            self.cond.notify_all()
        if self._thread is not None:
            self._thread.join(timeout)
        return True

    def _run(self) -> None:
        while True:
            with self.cond:
                self.cond.wait_for(lambda: self.closed or self.ready())
                if self.closed:
                    return
                job = self.take()
                if job is None:
                    self.cond.notify_all()      # nothing after all: wait() may return
                    continue
                self.job = job
            try:
                self.do(job)
            except Exception:
                log.exception("%s failed", self.name)
            finally:
                with self.cond:
                    self.job = None
                    self.cond.notify_all()
