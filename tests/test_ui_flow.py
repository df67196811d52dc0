"""A table from the first tap: home -> setup -> start -> roll -> undo -> redo.

Every step is a touch on the real widget, and every check is what a person
sees (labels, enabled buttons) plus what the session committed.
"""

import pytest

from companion.inputs import InputEvent
from companion.session import Session
from companion.store import Store
from ui_fixtures import FirstSeat, end_game, kivy_window, look, make_ui, start_table  # noqa: F401  (fixtures)

pytestmark = pytest.mark.ui


def test_new_table_roll_undo_redo_by_touch(make_ui):
    ui = make_ui(seat=1)  # the draw picks seat 2 (Ben)
    home = ui.ids()
    assert ui.app.sm.current == "home"
    assert home.resume.disabled  # nothing to resume on a fresh data dir

    dice = start_table(ui)
    session = ui.app.table.session
    assert [p["name"] for p in session.setup["players"]] == ["Anna", "Ben", "Cleo"]
    assert ui.app.table.notices.last_toast == "Ben starts (drawn at random)"
    assert dice.headline.text == "Ben's turn"
    assert dice.turn_chip.letter == "B"
    assert dice.undo_btn.disabled and dice.redo_btn.disabled
    assert dice.die.big == "–"

    ui.tap(dice.die, at=(dice.die.x + 20, dice.die.top - 20))  # anywhere on the die rolls
    assert session.head == 1
    face = session.rolls()[-1].dice[0]
    assert dice.die.big == str(face)
    assert f"Ben rolled {face} = {face}" in dice.die.detail
    assert not dice.undo_btn.disabled and dice.redo_btn.disabled
    assert ui.app.screen("dice").seat_tokens(3)[1].counts == [f"Rolled {face}"]    # on Ben's token
    assert dice.histogram.counts[face] == 1
    assert dice.histogram_title.text == "All rolls: 1"

    ui.tap(dice.pass_btn)
    assert dice.headline.text == "Cleo's turn"  # left = the next seat clockwise

    ui.tap(dice.undo_btn)
    assert session.head == 1 and dice.headline.text == "Ben's turn"
    ui.tap(dice.undo_btn)
    assert session.head == 0 and session.length == 2
    assert dice.die.big == "–" and dice.undo_btn.disabled and not dice.redo_btn.disabled
    assert dice.histogram_title.text == "All rolls: 0"

    ui.tap(dice.redo_btn)
    assert session.head == 1 and dice.die.big == str(face)  # the same roll comes back, not a new one
    ui.tap(dice.redo_btn)
    assert session.head == 2 and dice.redo_btn.disabled
    assert dice.headline.text == "Cleo's turn"


def test_buttons_go_the_same_way_as_taps(make_ui):
    ui = make_ui(seat=0)
    dice = start_table(ui, ("Anna", "Ben"))
    ui.rig.played.clear()
    ui.app.table.on_input(InputEvent.ROLL)
    assert ui.app.table.session.head == 1 and dice.die.big != "–"  # on screen with no extra frame
    assert ui.rig.played == ["tap"]
    ui.app.table.on_input(InputEvent.CONFIRM)
    assert dice.headline.text == "Ben's turn"
    ui.app.table.on_input(InputEvent.UNDO)
    assert dice.headline.text == "Anna's turn"
    ui.app.table.on_input(InputEvent.REDO)
    assert dice.headline.text == "Ben's turn"
    ui.app.table.on_input(InputEvent.REDO)  # nothing to redo: said on screen, warning cue
    assert ui.app.table.notices.last_toast == "Nothing to redo."
    assert ui.rig.played[-1] == "warning"


def test_buttons_do_nothing_away_from_the_table(make_ui):
    ui = make_ui()
    start_table(ui, ("Anna", "Ben"))
    ui.tap(ui.ids().home_btn)
    assert ui.app.sm.current == "home"
    ui.app.table.on_input(InputEvent.ROLL)
    assert ui.app.table.session.head == 0
    assert not ui.ids().resume.disabled  # and the running table is one tap away
    ui.tap(ui.ids().resume)
    assert ui.app.sm.current == "dice"


def test_end_game_then_rules_error_is_shown_and_play_again(make_ui):
    ui = make_ui(seat=0)
    dice = start_table(ui, ("Anna", "Ben"))
    ui.tap(dice.timer_btn)
    assert ui.app.timer_phase == "running"
    ui.tap(dice.end_btn)                # it asks first: Cancel leaves the game running
    ui.tap(ui.modal().ids.cancel)
    assert not ui.app.table.session.finished and ui.modal() is None
    end_game(ui, dice)
    session = ui.app.table.session
    assert session.finished
    assert ui.app.timer_phase == "idle"  # no turn left to time: it will not buzz into the next game
    assert dice.headline.text == "Game over"
    assert dice.die.disabled and dice.pass_btn.disabled  # nothing legal but undo
    assert dice.end_btn.text == "Play again"
    ui.rig.played.clear()
    ui.app.table.on_input(InputEvent.ROLL)  # a button is not blocked by a disabled widget
    assert session.head == 1  # nothing happened ...
    assert ui.rig.played == []  # ... and the game has no roll to offer: no action, no cue

    ui.tap(dice.end_btn)  # Play again with the same table
    again = ui.app.table.session
    assert again.id != session.id
    assert [p["name"] for p in again.setup["players"]] == ["Anna", "Ben"]
    assert dice.headline.text == "Anna's turn" and not dice.die.disabled


def test_manual_die_entry(make_ui):
    ui = make_ui(seat=0)
    dice = start_table(ui, ("Anna", "Ben"))
    ui.tap(dice.manual_btn)
    dialog = ui.modal()
    assert dialog is not None and dialog.title == "What does the die show?"
    five = next(b for b in dialog.ids.faces.children if b.text == "5")
    assert five.height >= 64
    ui.tap(five)
    assert ui.modal() is None
    last = ui.app.table.session.rolls()[-1]
    assert last.dice == (5,) and last.manual
    assert dice.die.big == "5"


def test_log_shows_actions_newest_first_with_the_redo_tail_greyed(make_ui):
    ui = make_ui(seat=0)
    dice = start_table(ui, ("Anna", "Ben"))
    for _ in range(2):
        ui.tap(dice.die)
        ui.tap(dice.pass_btn)
    ui.tap(dice.undo_btn)
    ui.tap(dice.log_btn)
    log = ui.ids("log")
    rows = list(reversed(log.rows.children))
    assert [r.kind for r in rows] == ["undone", "head", "done", "done", "start"]
    assert [r.seq for r in rows] == ["4", "3", "2", "1", "0"]
    assert rows[0].tag == "undone" and rows[1].tag == "now"
    assert rows[1].text.startswith("Ben rolled") and rows[1].letter == "B"
    assert rows[0].text == "Next player"
    assert rows[-1].text == "Table set: Anna starts"
    assert not log.redo_btn.disabled
    ui.tap(log.redo_btn)
    rows = list(reversed(log.rows.children))
    assert [r.kind for r in rows][:2] == ["head", "done"] and log.redo_btn.disabled
    ui.tap(log.back)
    assert ui.app.sm.current == "dice" and dice.headline.text == "Anna's turn"


def long_game(actions: int) -> Store:
    """A saved dice table of this many actions (Anna rolls a real die, passes, Ben rolls ...), still running."""
    store = Store.memory()
    session = Session.create(store, "dice", ["Anna", "Ben"], {}, rng=FirstSeat(0))
    for n in range(actions):
        session.act({"type": "roll", "dice": [1 + n // 2 % 6]} if n % 2 == 0 else {"type": "pass"})
    session.close()
    return store


def test_a_log_of_1000_actions_opens_at_once_and_a_press_reuses_its_row_widgets(make_ui, monkeypatch):
    from ui.screens import log as log_module
    ui = make_ui(store=long_game(1000))
    session = ui.app.table.session
    assert ui.app.sm.current == "dice" and session.head == 1000
    described = []                      # each action the log described, from the state before it
    history = session.history

    def counting(*args, **kwargs):
        for item in history(*args, **kwargs):
            described.append(item[0])
            yield item
    monkeypatch.setattr(session, "history", counting)
    made = []                           # every row widget made from here on
    init = log_module.LogRow.__init__

    def counted_init(self, **kwargs):
        made.append(self)
        init(self, **kwargs)
    monkeypatch.setattr(log_module.LogRow, "__init__", counted_init)

    ui.tap(ui.ids("dice").log_btn)                  # fast because few rows are made (below); timed by scripts/bench
    log = ui.ids("log")
    rows = list(reversed(log.rows.children))
    assert [r.seq for r in rows[:2]] == ["1000", "999"]
    assert (rows[0].kind, rows[0].tag, rows[0].text) == ("head", "now", "Next player")
    assert rows[1].kind == "done" and rows[1].text == "Ben rolled 2 (real die)" and rows[1].letter == "B"
    assert 3 < len(rows) < 20                       # only what the screen shows is a widget
    assert len(described) <= 2 * log_module.PAGE   # and only that much was described
    look(ui, "log-1000-en")

    shown = set(log.rows.children)
    made.clear()
    ui.app.table.on_input(InputEvent.ROLL)                # the button, while the log is on the screen (speed: scripts/bench)
    rows = list(reversed(log.rows.children))        # there with no extra frame
    assert session.head == 1001
    assert [(r.seq, r.kind) for r in rows[:2]] == [("1001", "head"), ("1000", "done")]
    assert rows[0].text.startswith("Anna rolled") and rows[0].tag == "now" and rows[1].tag == ""
    ui.pump(2)
    assert made == [] and set(log.rows.children) == shown   # the same widgets, new data

    ui.tap(log.undo_btn)
    rows = list(reversed(log.rows.children))
    assert [(r.seq, r.kind, r.tag) for r in rows[:2]] == [("1001", "undone", "undone"), ("1000", "head", "now")]
    assert made == [] and set(log.rows.children) == shown

    # only the newest actions are rows; the list ends in a row that says how many came before
    assert len(log.scroll.data) == log_module.REACH + 1
    assert log.scroll.data[-1]["text"] == f"{1001 - log_module.REACH} earlier steps below: scroll on"
    for _ in range(10):                             # a finger scrolls down to the first action
        log.scroll.scroll_y = 0
        ui.pump(1)                                  # the end of the list in view ...
        seen = [r.seq for r in log.rows.children if r.seq]
        ui.pump(2)                                  # ... brings the earlier actions in below it
        if "0" in seen:
            break
        now = [r.seq for r in log.rows.children if r.seq]
        assert min(seen, key=int) in now, "the rows on the screen jumped away when earlier ones came in"
    rows = list(reversed(log.rows.children))
    assert [r.seq for r in rows[-2:]] == ["1", "0"]
    assert rows[-2].text == "Anna rolled 1 (real die)" and rows[-1].text == "Table set: Anna starts"
    assert len(rows) < 20 and len(described) <= 12 * log_module.PAGE


def test_a_scrolled_log_draws_its_rows_only_inside_its_box(make_ui):
    from kivy.core.image import Image
    from ui import theme
    ui = make_ui(store=long_game(100))
    ui.tap(ui.ids("dice").log_btn)
    scroll = ui.ids("log").scroll
    background = tuple(round(c * 255) for c in theme.BG[:3])
    for step in range(4):                   # a row cut by the top edge of the list somewhere
        scroll.scroll_y = 0.5 + step * 0.004
        ui.pump(3)
        picture = Image(str(ui.shot(f"log-scrolled-{step}")), keep_data=True)
        x = int(scroll.center_x)
        top = int(scroll.to_window(0, scroll.top)[1])
        height = ui.app.root.get_root_window().height
        gap = [tuple(round(c * 255) for c in picture.read_pixel(x, height - 1 - y)[:3]) for y in (top + 1, top + 3)]
        assert gap == [background, background]   # the gap under the top bar: no row spills into it


def test_a_log_with_an_unreadable_old_action_says_so_in_its_row(make_ui):
    store = long_game(120)              # a snapshot at 100: the log reads action 5 only when scrolled to
    ui = make_ui(store=store)
    assert ui.app.table.session.head == 120
    store.write(lambda c: c.execute("UPDATE events SET action = 'not json' WHERE seq = 5"))  # damaged since
    ui.tap(ui.ids("dice").log_btn)
    log = ui.ids("log")
    assert list(reversed(log.rows.children))[0].seq == "120"
    log.scroll.scroll_y = 0
    ui.pump(3)
    rows = {r.seq: r.text for r in log.rows.children}
    assert rows["5"] == "This saved game cannot be opened (action 5 cannot be read). It stays in the file as it is."
    assert rows["1"] == rows["5"] and rows["0"] == "Table set: Anna starts"   # its page, and no crash


def test_a_damaged_old_roll_does_not_stop_the_dice_table_from_opening(make_ui):
    store = long_game(120)              # a snapshot at 100: the table opens without reading action 5
    store.write(lambda c: c.execute("UPDATE events SET action = 'not json' WHERE seq = 5"))
    ui = make_ui(store=store)
    dice = ui.ids("dice")
    assert ui.app.sm.current == "dice" and ui.app.table.session.head == 120
    assert sum(dice.histogram.counts.values()) == 59           # 60 rolls (and 60 passes), all but the unreadable one
    assert len(ui.app.table.session.rolls()) == 59


def test_a_secret_in_the_log_stays_hidden_until_the_game_reveals_it(make_ui, monkeypatch):
    from companion import games
    game = games.get("dice")            # the dice rolls made secret, as The Snitch's gun votes are
    secret = {"on": True}
    monkeypatch.setattr(game, "log_words", lambda action, players, t: None, raising=False)
    monkeypatch.setattr(game, "hidden_args", lambda state, action, always=False, veiled=():
                        {"dice"} if secret["on"] and action.get("type") == "roll" else set(), raising=False)
    ui = make_ui(store=long_game(120))
    ui.tap(ui.ids("dice").log_btn)
    log = ui.ids("log")
    rolls = [r.text for r in log.rows.children if r.text.endswith(("(secret)", "(real die)"))]
    assert len(rolls) >= 3 and all(text.endswith("(secret)") for text in rolls)
    log.scroll.scroll_y = 0             # the oldest too
    ui.pump(3)
    assert any(r.seq == "1" and r.text.endswith("(secret)") for r in log.rows.children)
    log.scroll.scroll_y = 1
    ui.pump(3)

    secret["on"] = False                # every vote is in, say: the next action shows them
    ui.app.table.on_input(InputEvent.CONFIRM)
    rolls = [r.text for r in log.rows.children if r.text.endswith(("(secret)", "(real die)"))]
    assert len(rolls) >= 3 and not any(text.endswith("(secret)") for text in rolls)
    log.scroll.scroll_y = 0             # and so do the oldest, checked again as they come into view
    ui.pump(3)
    assert any(r.seq == "1" and r.text.endswith(": 1 (real die)") for r in log.rows.children)
