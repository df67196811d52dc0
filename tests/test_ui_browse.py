"""What Past games and Statistics read (ui/browse.py), without Kivy: the reading on a
worker thread of its own with the store's twin connection, handed over through on_main."""
import queue
import threading

import pytest

from companion import export, stats
from companion.session import Session
from companion.store import Store
from hardware import stick
from test_past_games import PAGE, listed, reads, saved
from ui.browse import Browse, pacer


class Hops:
    """on_main for the tests: what the worker hands over waits here until the test runs it,
    on the test's own thread (the app's hop runs it on Kivy's main thread)."""

    def __init__(self):
        self.waiting = queue.Queue()

    def __call__(self, fn):
        self.waiting.put(fn)

    def run(self, timeout: float = 10):
        self.waiting.get(timeout=timeout)()

    def none(self, wait: float = 0.2) -> bool:
        try:
            self.waiting.put(self.waiting.get(timeout=wait))
        except queue.Empty:
            return True
        return False


def twins(store) -> list:
    """Every other connection the store opens from now on, with the threads each one read on."""
    made = []
    twin = store.twin

    def opened():
        other = twin()
        if other is not None:
            other.threads = set()
            read = other.read
            other.read = lambda *a, **k: other.threads.add(threading.current_thread().name) or read(*a, **k)
            close = other.close
            other.close = lambda: setattr(other, "closed", True) or close()
            other.closed = False
            made.append(other)
        return other
    store.twin = opened
    return made


@pytest.fixture
def file_store(tmp_path):
    store = Store.open(tmp_path / "data")
    yield store
    store.close()


@pytest.fixture
def browse_of():
    made = []

    def make(store, on_main=None):
        browse = Browse(store, on_main or Hops())
        made.append(browse)
        return browse
    yield make
    for browse in made:
        browse.close()


def listing(browse_of, store, count=12):
    """`count` saved games and a Browse with their first page listed: (browse, its list, its hops)."""
    saved(store, count)
    hops = Hops()
    browse = browse_of(store, hops)
    past = browse.past_games(lambda info: info["id"], lambda: "en")
    past.page = PAGE
    browse.read_past()
    return browse, past, hops


# -- Past games ---------------------------------------------------------------------------
def test_the_next_page_is_read_on_a_worker_with_its_own_connection_and_handed_over(file_store, browse_of):
    browse, past, hops = listing(browse_of, file_store)
    others = twins(file_store)
    asked = reads(file_store)
    browse.read_ahead()
    browse.read_ahead()                         # asked again while it is read: not read twice
    hops.run()
    assert past.ahead is not None and hops.none()
    assert len(others) == 1 and others[0].closed
    assert others[0].threads == {"cellmate-browse"}
    assert listed(file_store, asked) == 0       # not on the screen's connection
    assert browse.more_past() == PAGE and listed(file_store, asked) == 0     # "More" only shows it
    assert [info["id"] for info in past.infos[PAGE:]] == [7, 6, 5, 4, 3]


def test_without_another_connection_the_page_is_read_here_at_once(browse_of):
    browse, past, hops = listing(browse_of, Store.memory())
    threads = threading.active_count()
    browse.read_ahead()
    assert past.ahead is not None and hops.none(0) and threading.active_count() == threads


def test_a_page_read_ahead_across_a_change_is_not_kept(file_store, browse_of):
    browse, past, hops = listing(browse_of, file_store)
    gate, read = threading.Event(), file_store.twin

    def slow():
        other = read()
        reading = other.read
        other.read = lambda *a, **k: gate.wait(10) and reading(*a, **k)
        return other
    file_store.twin = slow
    browse.read_ahead()
    file_store.write(lambda c: c.execute("UPDATE sessions SET finished = 1 WHERE id = 12"))   # meanwhile
    gate.set()
    hops.run()
    assert past.ahead is None


def test_opened_again_with_nothing_changed_it_reads_nothing_and_else_all(file_store, browse_of):
    browse, past, _hops = listing(browse_of, file_store)
    browse.more_past()
    asked = reads(file_store)
    assert browse.past_again() and len(past.infos) == PAGE and listed(file_store, asked) == 0
    browse.read_past()
    assert listed(file_store, asked) == 0
    file_store.write(lambda c: c.execute("UPDATE sessions SET finished = 1 WHERE id = 12"))
    assert not browse.past_again() and past.infos == []
    browse.read_past()
    assert listed(file_store, asked) == 1 and past.infos[0]["finished"]


def test_results_are_worked_out_on_the_screens_connection_a_few_at_a_time(file_store, browse_of):
    saved(file_store, 3, finished=True)
    file_store.write(lambda c: c.execute("DELETE FROM results"))
    browse = browse_of(file_store)
    past = browse.past_games(dict, lambda: "en")
    browse.read_past()
    assert len(past.waiting) == 3
    assert browse.settle_past(10) == 0 and past.waiting == []
    assert file_store.read("SELECT COUNT(*) FROM results") == [(3,)]


def test_a_saved_game_is_looked_back_on_without_taking_it(file_store, browse_of):
    saved(file_store, 1)
    session = browse_of(file_store).saved(1)
    assert session.id == 1
    again = Session.load(file_store, 1)         # not claimed: the table could still take it
    again.close()


# -- statistics -----------------------------------------------------------------------------
def test_statistics_are_worked_out_on_the_worker_kept_and_then_given_at_once(file_store, browse_of):
    saved(file_store, 4, finished=True)
    hops = Hops()
    browse = browse_of(file_store, hops)
    others = twins(file_store)
    got = []
    assert browse.statistics(got.append, "en") is None and browse.working
    hops.run()
    assert not browse.working and got[0] == stats.load(file_store) and got[0][0].counted == 4
    assert others[0].threads == {"cellmate-browse"} and others[0].closed
    assert browse.statistics_hold("en") and not browse.statistics_hold("de")
    assert browse.statistics(got.append, "en") == got[0] and len(others) == 1    # kept: read back here
    saved(file_store, 1, finished=True)                                           # a game finished
    assert not browse.statistics_hold("en")


def test_statistics_asked_again_meanwhile_hand_over_only_the_latest(file_store, browse_of, monkeypatch):
    saved(file_store, 2, finished=True)
    hops = Hops()
    browse = browse_of(file_store, hops)
    gate, figures = threading.Event(), stats.figures
    monkeypatch.setattr(stats, "figures", lambda *a, **k: gate.wait(10) and figures(*a, **k))
    got = []
    browse.statistics(lambda g: got.append(("first", g)), "en")
    browse.statistics(lambda g: got.append(("second", g)), "de")
    gate.set()
    hops.run()
    hops.run()
    assert [name for name, _g in got] == ["second"] and not browse.working


def test_statistics_in_memory_are_worked_out_at_once(browse_of):
    store = Store.memory()
    saved(store, 2, finished=True)
    hops = Hops()
    got = browse_of(store, hops).statistics(pytest.fail, "en")
    assert got[0].counted == 2 and hops.none(0)


def test_statistics_that_fail_come_as_the_exception_and_are_asked_again_next_time(file_store, browse_of,
                                                                                 monkeypatch):
    saved(file_store, 2, finished=True)
    hops = Hops()
    browse = browse_of(file_store, hops)

    def broken(*_a, **_k):
        raise RuntimeError("a bug")
    monkeypatch.setattr(stats, "compute", broken)
    got = []
    assert browse.statistics(got.append, "en") is None
    hops.run()
    assert isinstance(got[0], RuntimeError) and not browse.working and not browse.statistics_hold("en")
    memory = Store.memory()
    saved(memory, 1, finished=True)
    assert isinstance(browse_of(memory).statistics(pytest.fail, "en"), RuntimeError)


def test_the_worker_pauses_as_long_as_it_worked():
    now, slept = [0.0], []
    pace = pacer(0.002, clock=lambda: now[0], sleep=slept.append)
    pace()
    assert slept == []
    now[0] = 0.0025
    pace()
    now[0] = 0.003
    pace()
    assert slept == [0.002]


def test_merged_names_are_kept_in_the_settings(file_store, browse_of):
    browse = browse_of(file_store)
    assert browse.names() == {}
    browse.set_names({"Annie": "Anna"})
    assert browse.names() == {"Annie": "Anna"} == file_store.get_setting(stats.NAMES_KEY)
    file_store.set_setting(stats.NAMES_KEY, ["not", "names"])
    assert browse.names() == {}


# -- closing and the export ---------------------------------------------------------------
def test_closed_it_reads_nothing_more_and_hands_nothing_over(file_store, browse_of, monkeypatch):
    browse, past, hops = listing(browse_of, file_store)
    others = twins(file_store)
    gate, figures = threading.Event(), stats.figures
    done = threading.Event()
    monkeypatch.setattr(stats, "figures", lambda *a, **k: gate.wait(10) and (figures(*a, **k), done.set())[0])
    browse.statistics(pytest.fail, "en")        # in hand when it closes
    browse.read_ahead()                         # waiting behind it
    browse.close()
    gate.set()
    assert done.wait(10) and hops.none()
    assert len(others) == 2 and all(other.closed for other in others) and past.ahead is None


def test_an_export_goes_to_the_data_dir_without_a_stick(file_store, browse_of, monkeypatch):
    saved(file_store, 1, finished=True)
    monkeypatch.setattr(export, "usb_dir", lambda *a, **k: None)
    monkeypatch.setattr(stick, "read_only", lambda *a, **k: None)
    assert browse_of(file_store).export(pytest.fail) == ("here", file_store.path.parent)
    assert len(list(file_store.path.parent.glob("cellmate-*"))) == 5
    assert browse_of(Store.memory()).export(pytest.fail) == ("nowhere", None)

    def refused(*_a, **_k):
        raise export.ExportError("the disk is full")
    monkeypatch.setattr(export, "write", refused)
    assert browse_of(file_store).export(pytest.fail) == ("failed", file_store.path.parent)
    monkeypatch.setattr(stick, "read_only", lambda *a, **k: file_store.path.parent / "LOCKED")
    assert browse_of(file_store).export(pytest.fail) == ("read_only", file_store.path.parent / "LOCKED")


@pytest.mark.parametrize("in_memory", [False, True])
def test_an_export_to_a_stick_is_written_on_a_thread_of_its_own(tmp_path, browse_of, monkeypatch, in_memory):
    store = Store.memory() if in_memory else Store.open(tmp_path / "data")
    saved(store, 1, finished=True)
    folder = tmp_path / "STICK"
    folder.mkdir()
    monkeypatch.setattr(export, "usb_dir", lambda *a, **k: folder)
    monkeypatch.delenv(stick.EJECT_ENV, raising=False)
    hops = Hops()
    got = []
    assert browse_of(store, hops).export(got.append) == ("stick", folder)
    hops.run()
    assert got[0].what == stick.WRITTEN and len(list(folder.glob("cellmate-*"))) == 5

    def broken(*_a, **_k):
        raise OSError("a broken stick")
    monkeypatch.setattr(stick, "finish", broken)
    browse_of(store, hops).export(got.append)
    hops.run()
    assert got[1].what == stick.FAILED and "a broken stick" in got[1].detail
