"""Saved tables: a restart reopens the table where it was; past games resume
(running ones), are looked back on (finished ones) or deleted."""

import pytest

from companion.i18n import Catalogue
from companion.inputs import InputEvent
from companion.session import Session
from companion.store import Store
from ui_fixtures import FirstSeat, end_game, kivy_window, look, make_ui, start_table  # noqa: F401  (fixtures)

pytestmark = pytest.mark.ui


def test_restart_reopens_the_unfinished_table_exactly_where_it_was(make_ui, tmp_path):
    data = tmp_path / "table"
    ui = make_ui(data_dir=data, seat=2)
    dice = start_table(ui, ("Anna", "Ben", "Cleo"))
    for _ in range(3):
        ui.tap(dice.die)
        ui.tap(dice.pass_btn)
    ui.tap(dice.undo_btn)  # leave a redo tail behind too
    before = {
        "headline": dice.headline.text, "big": dice.die.big, "detail": dice.die.detail,
        "seats": [(c.counts, c.current) for c in ui.app.screen("dice").seat_tokens(3)],
        "counts": dict(dice.histogram.counts),
        "undo": dice.undo_btn.disabled, "redo": dice.redo_btn.disabled,
    }
    session_id, head = ui.app.table.session.id, ui.app.table.session.head
    make_ui.close(ui)  # as if the plug was pulled: every tap was already committed

    again = make_ui(data_dir=data)
    assert again.app.sm.current == "dice"  # straight back to the table, no home screen
    assert again.app.table.session.id == session_id and again.app.table.session.head == head
    dice = again.ids("dice")
    after = {
        "headline": dice.headline.text, "big": dice.die.big, "detail": dice.die.detail,
        "seats": [(c.counts, c.current) for c in again.app.screen("dice").seat_tokens(3)],
        "counts": dict(dice.histogram.counts),
        "undo": dice.undo_btn.disabled, "redo": dice.redo_btn.disabled,
    }
    assert after == before
    assert before["headline"] == "Ben's turn" and not before["redo"]
    again.tap(dice.redo_btn)  # the redo tail survived the restart
    assert dice.headline.text == "Cleo's turn"


def test_a_finished_table_starts_at_home(make_ui, tmp_path):
    data = tmp_path / "table"
    ui = make_ui(data_dir=data)
    dice = start_table(ui, ("Anna", "Ben"))
    end_game(ui, dice)
    make_ui.close(ui)
    again = make_ui(data_dir=data)
    assert again.app.sm.current == "home" and again.app.table.session is None
    home = again.ids()
    assert home.resume.disabled and home.resume.detail == "No game is running"
    assert not home.again.disabled and home.again.detail == "Dice table: Anna, Ben"
    again.tap(home.again)  # Same table again, from home
    assert again.app.sm.current == "dice"
    assert [p["name"] for p in again.app.table.session.setup["players"]] == ["Anna", "Ben"]


def test_past_games_list_resume_and_delete_with_confirmation(make_ui):
    ui = make_ui()
    first = start_table(ui, ("Anna", "Ben"))
    ui.tap(first.die)
    first_id = ui.app.table.session.id
    ui.tap(first.home_btn)
    start_table(ui, ("Cleo", "Dora", "Emil"))
    second_id = ui.app.table.session.id
    ui.tap(ui.ids().home_btn)
    assert ui.ids().sessions.detail == "2 saved"
    ui.tap(ui.ids().sessions)
    assert ui.app.sm.current == "sessions"
    rows = list(reversed(ui.ids().rows.children))
    assert [r.title for r in rows] == ["Cleo, Dora, Emil", "Anna, Ben"]  # newest first
    detail = rows[1].detail
    assert "Dice table" in detail and "Moves:\u00a01" in detail and "running" in detail    # a count whole on its line
    assert rows[0].ids.delete.height >= 64 and rows[0].ids.resume.height >= 64

    ui.tap(rows[1].ids.resume)
    assert ui.app.sm.current == "dice" and ui.app.table.session.id == first_id
    ui.tap(ui.ids().home_btn)
    ui.tap(ui.ids().sessions)
    rows = list(reversed(ui.ids().rows.children))

    ui.tap(rows[0].ids.delete)  # deleting asks first: it cannot be undone
    dialog = ui.modal()
    assert dialog is not None and dialog.title == "Delete this game?"
    assert "Cleo, Dora, Emil" in dialog.body and "cannot be undone" in dialog.body
    ui.tap(dialog.ids.cancel)
    assert ui.modal() is None
    assert {s["id"] for s in ui.app.store.list_sessions()} == {first_id, second_id}

    ui.tap(rows[0].ids.delete)
    ui.tap(ui.modal().ids.confirm)
    assert ui.modal() is None
    assert {s["id"] for s in ui.app.store.list_sessions()} == {first_id}
    assert [r.title for r in ui.ids().rows.children] == ["Anna, Ben"]  # the list shows it at once


def test_deleting_the_open_table_closes_it(make_ui):
    ui = make_ui()
    start_table(ui, ("Anna", "Ben"))
    ui.tap(ui.ids().home_btn)
    ui.tap(ui.ids().sessions)
    row = ui.ids().rows.children[0]
    ui.tap(row.ids.delete)
    ui.tap(ui.modal().ids.confirm)
    assert ui.app.table.session is None
    assert ui.ids().empty.opacity == 1 and ui.ids().empty.text == "No saved games yet."
    ui.tap(ui.ids().back)
    assert ui.ids().resume.disabled and ui.ids().again.disabled


def test_a_game_without_a_table_screen_is_listed_but_not_opened(make_ui, tmp_path):
    import json
    import time
    from companion.store import Store
    store = Store.open(tmp_path / "d")
    # a saved session of a game this UI cannot show (say, made by `companion script`)
    setup = {"players": [{"name": "Ida", "colour": "orange", "letter": "I"},
                         {"name": "Jon", "colour": "sky", "letter": "J"}], "options": {}, "first_player": 0}
    store.write(lambda c: c.execute(
        "INSERT INTO sessions (game, setup, head, finished, created, updated) VALUES (?, ?, 0, 0, ?, ?)",
        ("no-screen-game", json.dumps(setup), time.time(), time.time())))
    ui = make_ui(store=store)
    assert ui.app.sm.current == "home" and ui.app.table.session is None  # not forced onto the dice table
    assert ui.ids().resume.disabled and ui.ids().again.disabled
    ui.tap(ui.ids().sessions)
    row = ui.ids().rows.children[0]
    assert row.title == "Ida, Jon" and row.detail.startswith("Unknown game “no-screen-game” · ")
    assert row.ids.resume.disabled and row.ids.resume.opacity == 0
    ui.tap(row.ids.delete)
    ui.tap(ui.modal().ids.confirm)
    assert ui.app.store.list_sessions() == []


def test_500_past_games_list_a_page_at_a_time_down_to_the_oldest(make_ui):
    from ui.screens.sessions import PAGE
    store = Store.memory()
    for n in range(500):                # every other one finished; the oldest is running
        session = Session.create(store, "dice", [f"Player {n}", "Ben"], {}, rng=FirstSeat(0))
        if n % 2:
            session.act({"type": "end"})
        session.close()
    store.write(lambda c: (c.execute("UPDATE sessions SET updated = 1700000000 + id * 60"),   # results kept with it
                           c.execute("UPDATE results SET updated = 1700000000 + session_id * 60")))
    oldest, newest = store.list_sessions()[-1]["id"], store.list_sessions()[0]["id"]
    ui = make_ui(store=store)
    ui.tap(ui.ids().home_btn)
    asked = []
    read = store.read
    store.read = lambda sql, params=(): asked.append(sql) or read(sql, params)

    ui.tap(ui.ids().sessions)                      # fast because it reads one page (below); timed by scripts/bench
    screen = ui.screen
    view = screen.ids.scroll
    assert len(view.data) == PAGE + 1 and view.data[-1]["viewclass"] == "MoreRow"
    assert not any("events" in sql or "snapshots" in sql for sql in asked)   # no game's log opened
    rows = screen.rows()
    assert 2 < len(rows) < 10                       # only what the screen shows is a widget
    assert rows[0].session_id == newest and rows[0].title == "Player 499, Ben"
    assert rows[0].ids.resume.disabled and rows[0].ids.resume.opacity == 0 and not rows[0].ids.view.disabled
    assert not rows[1].ids.resume.disabled and rows[1].ids.view.disabled and rows[1].ids.view.opacity == 0
    look(ui, "sessions-500-en")

    view.scroll_y = 0                               # the end of the first page in view: the next one is read
    ui.pump(3)
    assert len(view.data) == 2 * PAGE + 1 and view.data[-1]["viewclass"] == "MoreRow"
    ui.pump(3)
    assert len(view.data) == 2 * PAGE + 1 and view.scroll_y > 0.3   # kept in place, not read on and on
    made = set()
    for _ in range(60):                             # a finger scrolling down, page after page
        if view.data[-1].get("viewclass") != "MoreRow":
            break
        view.scroll_y = 0
        ui.pump(3)
        made |= set(screen.ids.rows.children)
    assert len(view.data) == 500 and view.data[-1]["session_id"] == oldest
    view.scroll_y = 0                               # each page came below what was in view: on to the end
    ui.pump(3)
    assert len(made) < 20                           # the same few widgets all the way down
    assert not any("events" in sql or "snapshots" in sql for sql in asked)
    last = screen.rows()[-1]
    assert last.session_id == oldest and last.title == "Player 0, Ben" and "running" in last.detail

    ui.tap(last.ids.delete)                         # deleted from down there
    assert "Player 0, Ben" in ui.modal().body
    ui.tap(ui.modal().ids.confirm)
    assert store.count_sessions() == 499 and len(view.data) == 499
    assert oldest not in [row["session_id"] for row in view.data]

    view.scroll_y = 0
    ui.pump(3)
    last = screen.rows()[-1]
    assert last.title == "Player 1, Ben" and not last.ids.view.disabled   # finished: looked at, not resumed
    second = next(row for row in screen.rows() if row.title == "Player 2, Ben")
    ui.tap(second.ids.resume)
    assert ui.app.sm.current == "dice" and ui.app.table.session.id == second.session_id

    ui.tap(ui.ids().home_btn)
    ui.tap(ui.ids().sessions)                       # back at the first page, at the top
    assert len(screen.ids.scroll.data) == PAGE + 1 and screen.rows()[0].title == "Player 499, Ben"


def test_the_more_row_reads_the_next_page_when_tapped(make_ui):
    from ui.screens.sessions import PAGE, MoreRow
    store = Store.memory()
    for n in range(PAGE + 3):
        Session.create(store, "dice", [f"Player {n}", "Ben"], {}, rng=FirstSeat(0)).close()
    ui = make_ui(store=store)
    ui.tap(ui.ids().home_btn)
    ui.tap(ui.ids().sessions)
    screen = ui.screen
    screen.scrolled = lambda: None                  # no reading ahead: the row waits for its tap
    screen.ids.scroll.scroll_y = 0
    ui.pump(3)
    more = next(w for w in screen.ids.rows.children if isinstance(w, MoreRow))
    assert more.text == "Older games: 3 more" and more.height >= 64
    ui.tap(more)
    assert len(screen.ids.scroll.data) == PAGE + 3
    assert not any(isinstance(w, MoreRow) for w in screen.ids.rows.children)


def _saved_games(store, count):
    for n in range(count):
        Session.create(store, "dice", [f"Player {n}", "Ben"], {}, rng=FirstSeat(0)).close()
    store.write(lambda c: c.execute("UPDATE sessions SET updated = 1700000000 + id * 60"))


def _reads(store) -> list[tuple[str, list]]:
    """Every read the store is asked for from now on: (sql, params)."""
    asked = []
    read = store.read
    store.read = lambda sql, params=(): asked.append((sql, list(params))) or read(sql, params)
    return asked


def _past_games_looked_at(make_ui, count, store=None):
    """Past games of `count` saved games (or those in `store`), opened from home and looked
    at for a frame or two (the next page read ahead); the next page waits for a tap on "More"."""
    if store is None:
        store = Store.memory()
        _saved_games(store, count)
    ui = make_ui(store=store)
    if ui.app.sm.current != "home":             # the last unfinished game reopened
        ui.tap(ui.ids().home_btn)
    ui.tap(ui.ids().sessions)
    ui.screen.scrolled = lambda: None
    ui.pump(2)
    return ui, store, ui.screen, ui.screen.ids.scroll


def _tap_more(ui, screen):
    from ui.screens.sessions import MoreRow
    screen.ids.scroll.scroll_y = 0
    ui.pump(2)
    ui.tap(next(w for w in screen.ids.rows.children if isinstance(w, MoreRow)))


def test_the_next_page_is_read_while_the_list_is_looked_at_and_more_only_shows_it(make_ui):
    from ui.screens.sessions import PAGE
    ui, store, screen, view = _past_games_looked_at(make_ui, 2 * PAGE + 5)
    asked = _reads(store)
    view.scroll_y = 0
    ui.pump(2)
    last = screen.infos[-1]

    def place(row):
        return tuple(round(v, 2) for v in row.to_window(*row.pos))
    where = {row.session_id: place(row) for row in screen.rows()}
    _tap_more(ui, screen)
    assert {row.session_id: place(row) for row in screen.rows()
            if row.session_id in where} == where        # what was in view stays where it was
    after_last = [last["updated"], last["updated"], last["id"], PAGE]
    assert not any("FROM sessions" in sql and params == after_last for sql, params in asked)   # read before
    assert any(params == [screen.infos[-1]["updated"]] * 2 + [screen.infos[-1]["id"], PAGE]
               for _sql, params in asked)       # and the one after it, once that one was shown
    assert [row["title"] for row in view.data[PAGE - 1:2 * PAGE]] == [
        f"Player {n}, Ben" for n in range(PAGE + 5, 4, -1)]     # the right rows, in order
    assert view.data[-1]["text"] == "Older games: 5 more"


def test_with_the_games_in_a_file_the_next_page_is_read_on_another_connection(make_ui, tmp_path):
    import time
    from ui.screens.sessions import PAGE
    store = Store.open(tmp_path / "games")
    _saved_games(store, 2 * PAGE + 5)
    ui, store, screen, view = _past_games_looked_at(make_ui, 0, store)
    end = time.monotonic() + 10
    while screen.past.ahead is None:        # read by ui/browse.py's worker, handed over on the main thread
        assert time.monotonic() < end, "the next page was not read ahead"
        time.sleep(0.002)
        ui.pump(1)
    asked = _reads(store)
    _tap_more(ui, screen)
    assert not any("FROM sessions AS s" in sql for sql, _params in asked)    # not on the screen's connection
    assert [row["title"] for row in view.data[PAGE - 1:2 * PAGE]] == [
        f"Player {n}, Ben" for n in range(PAGE + 5, 4, -1)]


def test_a_page_read_ahead_is_not_shown_after_a_change_meanwhile(make_ui):
    from ui.screens.sessions import PAGE
    ui, store, screen, view = _past_games_looked_at(make_ui, 2 * PAGE + 5)     # the next page read ahead
    moved = store.list_sessions()[PAGE + 2]["id"]   # a game on that page renamed by another program
    store.write(lambda c: c.execute(
        "UPDATE sessions SET setup = json_set(setup, '$.players[0].name', 'Zed') WHERE id = ?", (moved,)))
    _tap_more(ui, screen)
    row = next(row for row in view.data if row.get("session_id") == moved)
    assert row["title"] == "Zed, Ben"


def test_results_worked_out_while_the_list_is_looked_at_leave_the_page_read_ahead(make_ui, monkeypatch):
    # games an older Cellmate finished without keeping their results: the list works them
    # out a few a frame; a result kept is what the log says, no change the next page misses
    from ui.screens import sessions
    from ui.screens.sessions import PAGE
    monkeypatch.setattr(sessions, "SETTLE_BUDGET", 0)     # one a frame, as with long games on a Pi
    store = Store.memory()
    for n in range(2 * PAGE + 5):
        session = Session.create(store, "dice", [f"Player {n}", "Ben"], {}, rng=FirstSeat(0))
        session.act({"type": "end"})
        session.close()
    store.write(lambda c: (c.execute("DELETE FROM results"),
                           c.execute("UPDATE sessions SET updated = 1700000000 + id * 60")))
    asked = _reads(store)
    ui, store, screen, view = _past_games_looked_at(make_ui, 0, store)
    for _ in range(50):
        if not screen.past.waiting:
            break
        ui.pump(1)
    assert not screen.past.waiting and store.read("SELECT COUNT(*) FROM results") == [(PAGE,)]
    last = screen.infos[-1]
    next_page = [last["updated"], last["updated"], last["id"], PAGE]
    _tap_more(ui, screen)
    # read once, ahead, while the results were worked out (not again after each few)
    assert sum(1 for sql, params in asked if "FROM sessions" in sql and params == next_page) == 1
    assert [row["title"] for row in view.data[PAGE:2 * PAGE]] == [
        f"Player {n}, Ben" for n in range(PAGE + 4, 4, -1)]


def test_a_table_of_many_finished_games_and_none_going_starts_without_reading_them_all(make_ui):
    from ui.table import SESSIONS_PAGE
    store = Store.memory()
    for n in range(3 * SESSIONS_PAGE):
        session = Session.create(store, "dice", [f"Player {n}", "Ben"], {}, rng=FirstSeat(0))
        session.act({"type": "end"})
        session.close()
    asked = _reads(store)
    ui = make_ui(store=store)
    assert ui.app.sm.current == "home" and ui.app.table.resume_target() is None     # nothing to resume
    listed = [(sql, params) for sql, params in asked if "FROM sessions AS s" in sql]
    assert listed and all("s.finished = 0" in sql for sql, params in listed if len(params) > 1), listed
    # (a page after another: only while looking for an unfinished one, which SQLite skips to)


def test_a_page_read_ahead_comes_in_the_language_chosen_since(make_ui):
    from ui.screens.sessions import PAGE
    ui, _store, screen, view = _past_games_looked_at(make_ui, PAGE + 5)   # the next page read ahead, in English
    ui.app.table.set_language("de")
    _tap_more(ui, screen)
    german = Catalogue("de")
    assert {row["delete_text"] for row in view.data} == {german("sessions.delete")}
    assert all(german("sessions.running") in row["detail"] for row in view.data)


def test_past_games_opened_again_reads_nothing_when_nothing_changed_and_all_when_a_game_did(make_ui):
    from ui.screens.sessions import PAGE
    store = Store.memory()
    _saved_games(store, 3 * PAGE)
    ui = make_ui(store=store)
    ui.tap(ui.ids().home_btn)
    ui.tap(ui.ids().sessions)
    screen, view = ui.screen, ui.screen.ids.scroll
    for _ in range(2):                              # two more pages read, scrolled down
        screen.load_more()
    view.scroll_y = 0.2
    ui.pump(2)
    ui.tap(screen.ids.back)
    asked = _reads(store)
    ui.tap(ui.ids().sessions)
    assert not any("FROM sessions" in sql for sql, _params in asked), asked     # nothing read again
    assert len(view.data) == PAGE + 1 and view.scroll_y == 1    # the first page, at the top
    assert screen.rows()[0].title == f"Player {3 * PAGE - 1}, Ben"

    ui.tap(screen.ids.back)
    newest = store.list_sessions(limit=1)[0]["id"]
    store.write(lambda c: c.execute("UPDATE sessions SET finished = 1 WHERE id = ?", (newest,)))   # another program
    ui.tap(ui.ids().sessions)
    assert Catalogue("en")("sessions.finished") in screen.rows()[0].detail


@pytest.mark.parametrize("lang", ["en", "de"])
def test_a_finished_game_is_looked_back_on_not_resumed(make_ui, lang):
    t = Catalogue(lang)
    ui = make_ui(seat=0)
    ui.app.table.set_language(lang)
    dice = start_table(ui, ("Anna", "Ben"))
    ui.tap(dice.die)
    end_game(ui, dice)
    finished_id = ui.app.table.session.id
    ui.tap(dice.end_btn)                            # Play again: a running game beside it
    running_id = ui.app.table.session.id
    ui.tap(ui.ids().home_btn)
    ui.tap(ui.ids().sessions)
    running, finished = ui.screen.rows()
    assert (running.session_id, finished.session_id) == (running_id, finished_id)
    assert not running.ids.resume.disabled and running.ids.view.disabled and running.ids.view.width == 0
    assert t("sessions.finished") in finished.detail
    assert finished.ids.resume.disabled and finished.ids.resume.opacity == 0 and finished.ids.resume.width == 0
    assert not finished.ids.view.disabled and finished.ids.view.text == t("sessions.view")
    assert finished.ids.view.height >= 64 and finished.ids.delete.height >= 64
    look(ui, f"sessions-finished-{lang}")

    ui.tap(finished.ids.view)
    dialog = ui.modal()
    assert dialog is not None and dialog.title == "Anna, Ben"
    ui.pump(2)
    rows = list(reversed(dialog.ids.rows.children))
    assert [r.text for r in rows] == [t("log.end"), rows[1].text, t("log.start", name="Anna")]
    assert rows[1].text.startswith("Anna ") and rows[0].tag == t("log.now")
    look(ui, f"sessions-view-{lang}", dialog)
    ui.app.table.on_input(InputEvent.ROLL)                # the buttons play nothing here
    assert ui.app.table.session.id == running_id and ui.app.table.session.head == 0
    assert ui.app.store.list_sessions(limit=2)[1]["head"] == 2
    ui.tap(dialog.ids.close)
    assert ui.modal() is None and ui.app.sm.current == "sessions"


def test_past_games_is_made_ready_while_home_sits_still(make_ui):
    """Past games opens from home only: made and its first page read there a moment after
    home is up (its first open then draws at once), not when the player has moved on."""
    from ui.screens.home import PAST_GAMES_AHEAD
    store = Store.memory()
    _saved_games(store, 30)
    ui = make_ui(store=store)
    ui.app.table.go("home")
    ui.app.table.go("settings")                 # gone before the moment: nothing made
    ui.wait(PAST_GAMES_AHEAD + 0.2)
    assert not ui.app.sm.has_screen("sessions")
    ui.app.table.go("home")
    ui.wait(PAST_GAMES_AHEAD + 0.2)
    assert ui.app.sm.has_screen("sessions") and ui.app.sm.current == "home"   # made, not shown
    asked = _reads(store)
    ui.tap(ui.ids().sessions)
    first_page = [sql for sql, _params in asked if "FROM sessions" in sql and "s.updated < ?" not in sql]
    assert first_page == []                 # read while home sat still (the next page: after it is up)
    assert ui.screen.rows()[0].title == "Player 29, Ben"


def test_statistics_is_made_ready_while_past_games_sits_still(make_ui):
    """Statistics opens from Past games only: made there a moment after the list is
    up (its first open then draws at once), not when the player has moved on."""
    from ui.screens.sessions import STATS_AHEAD
    ui = make_ui()
    ui.app.table.go("sessions")
    ui.app.table.go("home")                     # gone before the moment: nothing made
    ui.wait(STATS_AHEAD + 0.2)
    assert not ui.app.sm.has_screen("stats")
    ui.app.table.go("sessions")
    ui.wait(STATS_AHEAD + 0.2)
    assert ui.app.sm.has_screen("stats") and ui.app.sm.current == "sessions"   # made, not shown
    ui.tap(ui.ids().stats)
    assert ui.app.sm.current == "stats"


@pytest.mark.parametrize("lang", ["en", "de"])
def test_a_name_too_long_beside_and_more_gives_way_to_the_names_after_it(make_ui, lang):  # noqa: F811
    from ui.widgets.text import NamesLabel
    store = Store.memory()
    long = "W" * 20                                      # the longest name a seat takes, in wide letters
    session = Session.create(store, "dice", [long, "Ann", "Bob", "Cy", "Dee"], {}, rng=FirstSeat(0))
    session.act({"type": "roll"})
    ui = make_ui(store=store)
    ui.app.table.set_language(lang)
    ui.tap(ui.ids().home_btn)
    ui.tap(ui.ids().sessions)
    row = ui.ids().rows.children[0]
    names = next(w for w in row.walk() if isinstance(w, NamesLabel))
    # "WWWW... and 4 more" is two lines in a box of one: Kivy cut both off at the middle
    assert names.text == {"en": "Ann, Bob, Cy, Dee and 1 more", "de": "Ann, Bob, Cy, Dee und 1 weitere"}[lang]
    look(ui, f"sessions-long-name-first-{lang}")       # nothing cut off
