"""What Past games and Statistics read from the saved games, without Kivy.

The screens (ui/screens/sessions.py, stats.py) only ask this presenter and draw what
it gives; it reads the store for them and keeps nothing of its own but what is in
flight. Past games' list and its pages are companion.past_games.PastGames; the
statistics' figures are companion.stats (kept in the store at its generation).

Reading that takes a while runs on a worker thread of its own (hardware.worker), on
another connection to the file (Store.twin), one job at a time: the statistics
worked out (pausing often, so the screen's thread waits little for Python) and the
next page of Past games read ahead while a page is looked at. What it read comes
back through `on_main(callable)`: the app passes a hop onto Kivy's main thread,
tests a plain call. A store with no other connection (in memory, or still locked)
is read here, at once. An export to a USB stick (written, synced and unmounted:
seconds) has a thread of its own, so that it never holds up the reading.
"""
from __future__ import annotations

import logging
import threading
import time
from collections import deque
from pathlib import Path
from typing import Callable

from companion import stats
from companion.past_games import Page, PastGames, read_page
from companion.session import Session
from companion.store import StoreError
from hardware.worker import Worker

log = logging.getLogger(__name__)
WORKER_SLICE = 0.002    # s the worker works before it sleeps as long: the screen's thread waits little for Python


def pacer(slice_: float = WORKER_SLICE, clock=time.perf_counter, sleep=time.sleep):
    """For the worker: a pause of `slice_` after each `slice_` of work (one Python thread
    runs at a time; without pauses the screen's thread would wait up to 5 ms each time)."""
    last = clock()

    def pace():
        nonlocal last
        if clock() - last > slice_:
            sleep(slice_)
            last = clock()
    return pace


class _Jobs:
    """One worker thread doing jobs in the order they come, started with the first."""

    def __init__(self, name: str):
        self.cond = threading.Condition()
        self.queue: deque = deque()
        self.worker = Worker(name, self.cond, lambda: bool(self.queue),
                             lambda: self.queue.popleft() if self.queue else None, lambda job: job[0]())

    def add(self, run: Callable[[], object], dropped: Callable[[], object]) -> None:
        """`run()` on the thread; `dropped()` instead if it is closed first."""
        with self.cond:
            if self.worker.closed:
                dropped()
                return
            self.queue.append((run, dropped))
            self.worker.wake()
        self.worker.start()

    def close(self) -> None:
        def cut():
            while self.queue:
                self.queue.popleft()[1]()
        self.worker.close(cut, timeout=0)      # a job in hand ends by itself; nobody waits for it


class Browse:
    """Past games' pages and the statistics for their screens (module doc)."""

    def __init__(self, store, on_main: Callable[[Callable[[], object]], object]):
        self.store = store
        self.on_main = on_main
        self.closed = False
        self.past = PastGames()
        self.working = False            # the statistics asked for last are being worked out on the worker
        self._asked = 0                 # the statistics asked for last: an older one's figures are dropped
        self._given: tuple | None = None    # (generation, file, made in) of the figures given last
        self._ahead_for: tuple | None = None    # (generation, after) of the page being read ahead
        self._reading = _Jobs("cellmate-browse")
        self._writing = _Jobs("cellmate-export")

    def close(self) -> None:
        """No more reading; what is in hand is dropped when it is done."""
        self.closed = True
        self._reading.close()
        self._writing.close()

    def _on_worker(self, jobs: _Jobs, work: Callable[[], object], twin, then: Callable[[object], object]) -> None:
        """`work()` on `jobs`' thread, then `then(what it gave, or the exception that
        stopped it)` on the main thread; `twin` (a connection, or None) closed after."""
        def run():
            try:
                try:
                    got = work()
                finally:
                    if twin is not None:
                        twin.close()
            except Exception as exc:    # said by whoever asked, never a traceback on the screen
                got = exc
            if not self.closed:
                self.on_main(lambda: self.closed or then(got))
        jobs.add(run, twin.close if twin is not None else (lambda: None))

    # -- Past games -----------------------------------------------------------------------
    def past_games(self, row: Callable[[dict], object], made_in: Callable[[], object]) -> PastGames:
        """The list, its rows made by `row(info)` in the language `made_in()` says."""
        self.past.row, self.past.made_in = row, made_in
        return self.past

    def past_again(self) -> bool:
        """Opened again: back at the first page of what was read when nothing listed changed
        since (True), else nothing listed, to be read (False)."""
        if self.past.unchanged(self.store):
            self.past.rewind()
            return True
        self.past.clear()
        return False

    def read_past(self) -> None:
        """The sessions listed read again, unless nothing listed changed (StoreError)."""
        if not self.past.unchanged(self.store):
            self.past.first(self.store)

    def more_past(self) -> int | None:
        """The next page listed (PastGames.more; StoreError)."""
        return self.past.more(self.store)

    def read_ahead(self) -> None:
        """The next page read while this one is looked at: on the worker, or here at once
        without another connection; kept (PastGames.offer) if nothing changed meanwhile."""
        past = self.past
        if not past.wants_ahead() or self._ahead_for == (past.read_at, past.after()):
            return
        after = past.after()
        twin = self.store.twin()
        if twin is None:
            try:
                past.offer(read_page(self.store, after, past.page))
            except StoreError:
                pass                    # said when the page is asked for
            return
        self._ahead_for = asked = (past.read_at, after)

        def arrived(got):
            if self._ahead_for == asked:
                self._ahead_for = None
            if isinstance(got, Page):
                past.offer(got)
        self._on_worker(self._reading, lambda: read_page(twin, after, past.page), twin, arrived)

    def settle_past(self, budget: float) -> int | None:
        """Listed games' results worked out for about `budget` s (PastGames.settle_some)."""
        return self.past.settle_some(self.store, budget)

    def saved(self, session_id: int) -> Session:
        """A saved game to look back on, not taken (nothing is played on; REFUSED)."""
        return Session.load(self.store, session_id, claim=False)

    # -- statistics -----------------------------------------------------------------------
    def _figures_key(self, made_in) -> tuple:
        return stats.generation(self.store), self.store.path, made_in

    def statistics_hold(self, made_in: object = "") -> bool:
        """The figures given last (in `made_in`) still hold: nothing they read changed."""
        key = self._figures_key(made_in)
        return key[0] is not None and key == self._given

    def statistics(self, then: Callable[[object], object], made_in: object = "") -> object:
        """The statistics and the dice (stats.figures): at once when kept, or for a store
        with no other connection (worked out here), or the exception that stopped them;
        None when they are being worked out on the worker, `then(figures or exception)`
        coming on the main thread (unless asked again meanwhile: then only the latest)."""
        given = self._figures_key(made_in)
        self._asked += 1
        self.working = False
        try:
            got = stats.kept(self.store)
            twin = self.store.twin() if got is None else None
            if got is None and twin is None:
                got = stats.figures(self.store)     # memory: no other connection to work them out on
        except Exception as exc:
            if not isinstance(exc, StoreError):
                log.warning("the statistics could not be worked out", exc_info=True)
            self._given = None          # asked again on the next look
            return exc
        self._given = given
        if got is not None:
            return got
        self.working = True
        asked = self._asked

        def work():
            try:
                return stats.figures(twin, pace=pacer())
            except Exception:
                log.warning("the statistics could not be worked out", exc_info=True)
                raise

        def arrived(got):
            if asked != self._asked:
                return                  # asked again meanwhile: that one's figures come
            self.working = False
            if isinstance(got, Exception):
                self._given = None      # tried again when looked at again
            then(got)
        self._on_worker(self._reading, work, twin, arrived)
        return None

    def names(self) -> dict:
        """The merged names (stats.NAMES_KEY): {"name as typed": "the name it counts as"}."""
        names = self.store.get_setting(stats.NAMES_KEY, {})
        return names if isinstance(names, dict) else {}

    def set_names(self, names: dict) -> None:
        """Kept in the settings (StoreError): the figures read them, so they change."""
        self.store.set_setting(stats.NAMES_KEY, names)

    # -- export ---------------------------------------------------------------------------
    def export(self, done: Callable[[object], object]) -> tuple[str, Path | None]:
        """Every game as JSON, CSV and a BG Stats file: to a mounted USB stick, else the
        data dir. Returns what happened at once:
        ("stick", folder): being written there by a thread of its own (on its own
        connection where there is one), synced and unmounted; `done(hardware.stick.Outcome)`
        comes on the main thread; ("read_only", stick): a stick that cannot be written,
        nothing written (not passed over for the data dir); ("here", folder): written to
        the data dir beside the saved games; ("nowhere", None): no data dir (a store in
        memory); ("failed", folder): the data dir refused."""
        from companion import export
        from hardware import stick
        store = self.store
        folder = export.usb_dir()
        if folder is None and (locked := stick.read_only()) is not None:
            return "read_only", locked
        if folder is None:
            return self._export_here()
        twin = store.twin()
        written = stick.write(store, folder) if twin is None else None    # no other connection: here

        def work():
            return stick.finish(written or stick.write(twin, folder))

        def arrived(got):
            if isinstance(got, Exception):      # never a traceback on the screen: said in words, logged
                got = stick.Outcome(stick.FAILED, folder, detail=f"{got.__class__.__name__}: {got}")
            done(got)
        self._on_worker(self._writing, work, twin, arrived)
        return "stick", folder

    def _export_here(self) -> tuple[str, Path | None]:
        from companion import export
        store = self.store
        if store.path is None:
            return "nowhere", None
        folder = store.path.parent
        try:
            for fmt in export.FORMATS:
                export.write(store, fmt, folder)
        except export.ExportError as exc:
            log.warning("export to %s failed: %s", folder, exc)
            return "failed", folder
        return "here", folder
