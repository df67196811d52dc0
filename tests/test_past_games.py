"""Past games' list a page at a time (companion/past_games.py): what is read, what is
read ahead, and what still holds at the store's generation. No Kivy, no thread."""
import random

import pytest

from companion import results
from companion.past_games import Page, PastGames, read_page
from companion.session import Session
from companion.store import Store, StoreError

PAGE = 5


def saved(store, count, finished=False):
    """`count` saved dice tables, "Player 0" the oldest, one a minute apart."""
    for n in range(count):
        session = Session.create(store, "dice", [f"Player {n}", "Ben"], {}, rng=random.Random(3))
        if finished:
            session.act({"type": "end"})
        session.close()
    store.write(lambda c: (c.execute("UPDATE sessions SET updated = 1700000000 + id * 60"),
                           c.execute("UPDATE results SET updated = 1700000000 + session_id * 60")))


def reads(store) -> list[tuple[str, list]]:
    """Every read the store is asked for from now on: (sql, params)."""
    asked = []
    read = store.read
    store.read = lambda sql, params=(): asked.append((sql, list(params))) or read(sql, params)
    return asked


def listed(store, asked) -> int:
    return sum(1 for sql, _params in asked if "FROM sessions AS s" in sql)


def names(past) -> list[str]:
    return [info["setup"]["players"][0]["name"] for info in past.infos]


def rename(store, session_id, name):
    """Another program renames a listed game's first player (the generation moves on)."""
    store.write(lambda c: c.execute(
        "UPDATE sessions SET setup = json_set(setup, '$.players[0].name', ?) WHERE id = ?", (name, session_id)))


@pytest.fixture
def store():
    store = Store.memory()
    yield store
    store.close()


def test_the_first_page_is_read_the_last_changed_first_with_its_rows_and_no_log(store):
    saved(store, 12)
    asked = reads(store)
    past = PastGames(row=lambda info: ("row", info["id"]), page=PAGE)
    past.first(store)
    assert names(past) == [f"Player {n}" for n in range(11, 6, -1)]
    assert past.rows == [("row", info["id"]) for info in past.infos]
    assert past.total == 12 and past.unread == 7 and past.waiting == []
    assert not any("events" in sql or "snapshots" in sql for sql, _params in asked)


def test_more_lists_page_after_page_down_to_the_oldest_and_then_nothing(store):
    saved(store, 12)
    past = PastGames(page=PAGE)
    past.first(store)
    assert past.more(store) == 5 and past.more(store) == 10
    assert names(past) == [f"Player {n}" for n in range(11, -1, -1)]
    assert past.unread == 0 and not past.wants_ahead()
    assert past.more(store) is None
    assert len(past.rows) == 12


def test_a_page_read_ahead_is_only_shown_by_more(store):
    saved(store, 12)
    past = PastGames(page=PAGE)
    past.first(store)
    assert past.wants_ahead()
    page = read_page(store, past.after(), PAGE)
    assert past.offer(page) and not past.wants_ahead()
    asked = reads(store)
    assert past.more(store) == 5
    assert listed(store, asked) == 0            # read before: not again
    assert names(past)[5:] == [f"Player {n}" for n in range(6, 1, -1)]
    assert past.ahead is None and past.wants_ahead()


def test_a_page_is_not_taken_for_another_place_or_another_generation(store):
    saved(store, 12)
    past = PastGames(page=PAGE)
    past.first(store)
    first = past.after()
    assert not past.offer(read_page(store, None, PAGE))        # not the page after the last listed
    assert not past.offer(Page(None, first, []))               # read where the generation is unknown
    rename(store, past.infos[0]["id"], "Zed")
    assert not past.offer(read_page(store, first, PAGE))       # read after a change: the list is out of date
    assert past.ahead is None


def test_a_page_read_ahead_is_read_again_after_a_change_meanwhile(store):
    saved(store, 12)
    past = PastGames(page=PAGE)
    past.first(store)
    past.offer(read_page(store, past.after(), PAGE))
    moved = store.list_sessions()[PAGE + 2]["id"]               # on the page read ahead
    rename(store, moved, "Zed")
    past.more(store)
    assert next(info for info in past.infos if info["id"] == moved)["setup"]["players"][0]["name"] == "Zed"
    assert past.read_at is None and not past.unchanged(store)  # read across a change: read again when opened


def test_a_game_moved_down_by_a_change_between_two_pages_is_listed_once(store):
    saved(store, 12)
    past = PastGames(page=PAGE)
    past.first(store)
    newest = past.infos[0]["id"]            # another program sets its clock back: now among the oldest
    store.write(lambda c: c.execute("UPDATE sessions SET updated = 1700000000 + 2 * 60 + 30 WHERE id = ?",
                                    (newest,)))
    past.more(store)
    past.more(store)
    ids = [info["id"] for info in past.infos]
    assert len(ids) == len(set(ids)) == 12 and len(past.rows) == 12 and ids[0] == newest
    assert past.read_at is None             # read across a change


def test_fewer_games_than_counted_leave_nothing_more_to_offer(store):
    saved(store, 7)
    past = PastGames(page=PAGE)
    past.first(store)
    store.write(lambda c: c.execute("DELETE FROM sessions WHERE id IN (SELECT id FROM sessions ORDER BY id LIMIT 2)"))
    assert past.more(store) == 5
    assert past.unread == 0 and len(past.infos) == 5


def test_opened_again_with_nothing_changed_it_is_the_first_page_and_the_second_read_ahead(store):
    saved(store, 17)
    made = []
    past = PastGames(row=lambda info: made.append(info["id"]) or info["id"], page=PAGE)
    past.first(store)
    past.more(store)
    past.more(store)
    assert past.unchanged(store)
    second = [info["id"] for info in past.infos[PAGE:2 * PAGE]]
    made.clear()
    asked = reads(store)
    past.rewind()
    assert len(past.infos) == len(past.rows) == PAGE
    assert past.more(store) == PAGE
    assert [info["id"] for info in past.infos[PAGE:]] == second
    assert made == [] and listed(store, asked) == 0             # neither read nor made again
    rename(store, past.infos[0]["id"], "Zed")
    assert not past.unchanged(store)


def test_rows_are_made_again_in_another_language_the_page_ahead_too(store):
    saved(store, 12)
    lang = ["en"]
    past = PastGames(row=lambda info: (lang[0], info["id"]), made_in=lambda: lang[0], page=PAGE)
    past.first(store)
    past.offer(read_page(store, past.after(), PAGE))
    rows, remade = past.shown()
    assert not remade and {row[0] for row in rows} == {"en"}
    lang[0] = "de"
    rows, remade = past.shown()
    assert remade and {row[0] for row in rows} == {"de"}
    assert past.shown()[1] is False                             # once
    past.more(store)
    assert {row[0] for row in past.rows} == {"de"}


def test_results_of_games_finished_before_they_were_kept_are_worked_out_a_few_at_a_time(store, monkeypatch):
    saved(store, 7, finished=True)
    store.write(lambda c: c.execute("DELETE FROM results"))     # as an older Cellmate left them
    past = PastGames(row=lambda info: info.get("result") is not None, page=PAGE)
    past.first(store)
    assert len(past.waiting) == PAGE and past.rows == [False] * PAGE
    ticks = iter(range(100))
    assert past.settle_some(store, 0, clock=lambda: next(ticks)) == 0     # at least one, top first
    assert past.rows == [True] + [False] * (PAGE - 1) and len(past.waiting) == PAGE - 1
    assert past.settle_some(store, 10) == 1
    assert past.waiting == [] and all(past.rows)
    assert store.read("SELECT COUNT(*) FROM results") == [(PAGE,)]     # kept: worked out once
    assert past.unchanged(store)                                 # what the log says is no change
    assert past.settle_some(store, 10) is None


def test_a_result_not_worked_out_now_stays_to_be_asked_again(store, monkeypatch):
    saved(store, 2, finished=True)
    store.write(lambda c: c.execute("DELETE FROM results"))
    past = PastGames(page=PAGE)
    past.first(store)
    monkeypatch.setattr(results, "settle", lambda *a, **k: None)      # busy: tried again later
    assert past.settle_some(store, 10) is None and past.waiting == []
    assert past.infos[0]["result"] is None


def test_a_store_that_refuses_leaves_what_was_listed(store, monkeypatch):
    saved(store, 12)
    past = PastGames(page=PAGE)
    past.first(store)
    before = list(past.infos)

    def refuse(*_a, **_k):
        raise StoreError("store_busy", "the file is busy")
    monkeypatch.setattr(store, "list_sessions", refuse)
    with pytest.raises(StoreError):
        past.first(store)
    with pytest.raises(StoreError):
        past.more(store)
    assert past.infos == before and past.unread == 7
