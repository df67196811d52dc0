"""Sing Sing's guess clock on the table: started by a tap or the TIMER button, shown
big, ticking on the buzzer in its last seconds, and at zero the game's timeout
is applied; a verdict or an undo stops it. Driven by a fake clock."""
import gc

import pytest

from companion.inputs import InputEvent
from ui_fixtures import act, drawn, kivy_window, look, make_ui, screen_lines, seat_texts, start_game  # noqa: F401

pytestmark = pytest.mark.ui


def run(ui, seconds, frame=0.25):
    """Let `seconds` pass on the fake clock, one frame every `frame` seconds."""
    for _ in range(round(seconds / frame)):
        ui.clock.advance(frame)
        ui.pump(1)


def test_the_guess_clock_ticks_buzzes_and_times_out(make_ui):
    ui = make_ui(seat=0)
    game = start_game(ui, "singsing", ("Anna", "Ben", "Cleo"))
    session = ui.app.table.session
    tags = dict(seat_texts(ui))
    assert tags["Anna"] == "File" and tags["Ben"] == "Mask"
    assert not ui.app.countdown_on and not drawn(game.countdown) and drawn(game.board)  # no guess, no clock

    act(ui, "start_timer")
    assert session.state["phase"] == "guess"
    assert ui.app.countdown_on and ui.app.countdown_text == "15"
    assert game.countdown.height >= 100 and drawn(game.countdown)
    # while the guess runs the clock takes the board's place; the seats stay round it
    assert not drawn(game.board) and drawn(game.left) and drawn(game.right)
    assert game.countdown.width > 300 and game.countdown.height > 200
    assert game.countdown.top == game.place.top and game.countdown.y == game.middle.y   # all the board's room
    touched = []    # a finger on the clock does not reach the board under it
    game.board.fbind("on_touch_down", lambda *_: touched.append(True))
    ui.tap(game.countdown)
    assert touched == []
    gc.collect()   # hidden they are kept, not lost: they come back after the guess
    ui.rig.played.clear()
    run(ui, 6.0)
    assert ui.app.countdown_text == "9" and ui.app.countdown_phase == "running"
    assert ui.rig.played == []
    assert game.headline.text == "Ben guesses"
    ui.app.root.ids.toast.hide()
    look(ui, "singsing-1-countdown-mid-run")
    digits = game.countdown.ids.digits
    assert digits.text == "9" and digits.font_size >= 120  # big: read across the table

    run(ui, 6.0)   # 12 s: the first tick, 3 s left
    assert ui.rig.played == ["tick"] and ui.app.countdown_phase == "last"
    look(ui, "singsing-2-countdown-last-seconds")
    run(ui, 3.0)   # 15 s: tick, tick, then the long buzz, and the guess times out
    assert ui.rig.played == ["tick", "tick", "tick", "alarm"]
    last = session.state["last"]
    assert last["verdict"] == "timeout" and last["guess"] == 1
    assert session.actions()[-1] == {"type": "timeout", "turn": 1, "guess": 1}
    assert session.state["phase"] == "remove" and session.state["turn"] == 2
    assert not ui.app.countdown_on and not drawn(game.countdown) and drawn(game.board)
    # the board is back where it was: under the banner, the news and the prompt
    # (the headline up in the top bar, where it fits), down to the bottom
    middle = [w.__self__ for w in reversed(game.middle.children)]
    assert middle == [game.banner, game.news, game.prompt, game.place.__self__]
    assert game.board.top <= game.prompt.y and game.board.y == game.middle.y
    assert game.headline.parent is game.top_room.__self__
    assert any("Ben" in line and "time" in line.lower() for line in screen_lines(ui))
    look(ui, "singsing-3-timed-out")
    run(ui, 5.0)
    assert ui.rig.played.count("alarm") == 1   # zero buzzes once, and only one timeout is sent
    assert session.head == 2

    # undo takes back the timeout: the guess runs again, from the full time
    ui.tap(game.undo_btn)
    assert session.state["phase"] == "guess" and ui.app.countdown_text == "15"
    run(ui, 2.0)
    ui.app.table.on_input(InputEvent.CONFIRM)     # the guess was right: the clock stops
    assert session.state["last"]["verdict"] == "right" and not ui.app.countdown_on
    run(ui, 20.0)
    assert ui.rig.played.count("alarm") == 1

    # the TIMER button starts the next guess (the game's, not the dice table's timer)
    ui.app.table.on_input(InputEvent.TIMER)
    assert session.state["phase"] == "guess" and ui.app.countdown_on
    assert ui.app.table.timer.state == "idle"
    ui.app.table.on_input(InputEvent.UNDO)        # undo the start: no guess, no clock
    assert session.state["phase"] == "remove" and not ui.app.countdown_on
    run(ui, 20.0)
    assert ui.rig.played.count("alarm") == 1 and session.state["last"]["verdict"] == "right"


def test_the_window_tracker_asks_which_window_then_which_bar(make_ui):
    from ui_fixtures import answer
    ui = make_ui(seat=0)
    start_game(ui, "singsing", ("Anna", "Ben"), options={"tracker": ["value"]})
    session = ui.app.table.session
    dialog = act(ui, "remove_bar")           # one button for the twelve windows
    assert dialog.question == "Which one?"
    assert [b.text for b in dialog.buttons] == [f"Window {n}" for n in range(1, 13)]
    look(ui, "singsing-4-which-window", dialog)
    answer(ui, "Window 3")
    assert ui.modal().question == "Bar" and [b.text for b in ui.modal().buttons] == [
        "Left short bar", "Long bar", "Right short bar"]
    answer(ui, "Long bar")
    assert ui.modal() is None
    assert session.state["windows"][2] == {"left": True, "long": False, "right": True,
                                           "cards": ["barred", "barred"]}
    assert session.actions()[-1] == {"type": "remove_bar", "player": 0, "window": 3, "bar": "long"}
    ui.tap(ui.ids("game").log_btn)
    assert ui.ids("log").rows.children[1].text == "Anna removed a bar from window 3: Long bar."



def test_a_short_undo_during_the_guess_keeps_the_bar_hidden_on_screen_and_in_the_log(make_ui):
    """Ben's mask is off when an UNDO held too short takes the table back before the guess:
    the facts, the board and the Log do not say that window 3's long bar went."""
    from ui_fixtures import answer
    ui = make_ui(seat=0)
    game = start_game(ui, "singsing", ("Anna", "Ben", "Cleo"), options={"tracker": ["value"]})
    session = ui.app.table.session
    act(ui, "remove_bar")
    answer(ui, "Window 3")
    answer(ui, "Long bar")
    ui.app.table.on_input(InputEvent.TIMER)
    assert session.state["phase"] == "guess"
    ui.app.table.on_input(InputEvent.UNDO)            # short: undo, not the verdict
    assert session.state["phase"] == "ready" and not ui.app.countdown_on
    lines = screen_lines(ui)
    assert "Window tracker hidden until the guess is decided" in lines
    assert not any("3:2" in line for line in lines), lines
    look(ui, "singsing-5-undo-keeps-the-bar-hidden")
    ui.tap(game.log_btn)
    rows = [row.text for row in ui.ids("log").rows.children]
    assert "Anna removed a bar from window (secret): (secret)." in rows, rows
    assert not any("window 3" in row or "Long bar" in row for row in rows)
    look(ui, "singsing-6-log-keeps-the-bar-hidden")


def test_the_guess_clock_changes_its_digits_once_a_second_and_nothing_else(make_ui):
    from kivy.uix.label import Label
    ui = make_ui(seat=0)
    game = start_game(ui, "singsing", ("Anna", "Ben", "Cleo"))
    assert ui.clock.pending == []           # no clock runs: the table sleeps
    act(ui, "start_timer")
    ui.app.root.ids.toast.hide()
    ui.pump(2)
    digits = next(w for w in game.countdown.children if w.text == "15")   # the widget (ids holds a proxy)

    def others():
        return [(w, w.text if isinstance(w, Label) else None) for w in ui.app.root.walk() if w is not digits]

    before, woken = others(), ui.clock.woken
    shown = []                              # (seconds since the start, the digits) at each change
    for frame in range(1, 51):              # 5 s in frames of 0.1 s
        ui.clock.advance(0.1)
        ui.pump(1)
        if digits.text != (shown[-1][1] if shown else "15"):
            shown.append((round(frame * 0.1, 1), digits.text))
    assert shown == [(1.0, "14"), (2.0, "13"), (3.0, "12"), (4.0, "11"), (5.0, "10")]
    assert ui.clock.woken - woken == 5      # woken once a second, not every frame
    assert others() == before               # the same widgets, every other text as it was

    ui.app.table.on_input(InputEvent.CONFIRM)     # a verdict stops the clock: no more wake-ups
    assert not ui.app.countdown_on and ui.clock.pending == []


@pytest.mark.parametrize("lang, left", [("en", "left"), ("de", "übrig")])
def test_the_guess_clock_draws_a_character_once_not_its_number_every_second(make_ui, monkeypatch, lang, left):
    """Each second's frame only moves the characters already drawn: the text is
    drawn again (4 ms at this size, on a Pi in software) only for one not seen yet."""
    from kivy.core.text import LabelBase
    from kivy.metrics import dp

    from ui.widgets.countdown import glyph
    from ui.widgets.text import drawn_width
    from companion.config import Config
    glyph.cache_clear()                     # none kept from an earlier test
    ui = make_ui(seat=0, config=Config(language=lang))
    game = start_game(ui, "singsing", ("Anna", "Ben", "Cleo"), options={"seconds": 120})
    act(ui, "start_timer")
    ui.app.root.ids.toast.hide()
    ui.pump(2, draw=True)                   # text is drawn when its frame is
    digits = game.countdown.ids.digits
    assert digits.text == "2:00"
    drawn = []
    real = LabelBase._render_real
    monkeypatch.setattr(LabelBase, "_render_real", lambda label: drawn.append(label.text) or real(label))
    shown = set(digits.text)
    for second in range(1, 16):
        ui.clock.advance(1.0)
        ui.pump(1, draw=True)
        assert digits.text == f"1:{60 - second:02d}"
        # as wide as the number drawn whole: the characters sit side by side
        assert abs(digits.texture_size[0] - drawn_width(digits.text, digits.font_size, True)) <= 2
        shown |= set(digits.text)
    assert sorted(drawn) == sorted(shown - set("2:00")), drawn   # 1, 9, 8 ... each once
    assert game.countdown.ids.caption.text == left     # minutes and seconds: not "seconds left"
    box, caption = game.countdown, game.countdown.ids.caption
    assert box.x + dp(10) <= digits.x and digits.right < caption.x and caption.right <= box.right - dp(10)
    look(ui, f"singsing-3-countdown-minutes-{lang}")


def test_without_the_guess_timer_the_guess_waits_for_the_verdict(make_ui):
    """The rulebook has no timer: switched off at setup, no clock runs or takes the
    screen, the prompt says to mark the guess, and the seats stay in sight."""
    ui = make_ui(seat=0)
    game = start_game(ui, "singsing", ("Anna", "Ben", "Cleo"), options={"timer": ["value"]})
    session = ui.app.table.session
    assert session.setup["options"]["timer"] is False
    act(ui, "start_timer")
    ui.app.root.ids.toast.hide()
    assert session.state["phase"] == "guess" and not ui.app.countdown_on
    ui.clock.advance(60)                    # a minute of thinking: nothing times out
    ui.pump(2)
    assert session.state["phase"] == "guess" and ui.clock.pending == []
    assert game.prompt.text.endswith("Right or wrong?")
    assert drawn(game.board) and not drawn(game.countdown)     # the board did not step aside for a clock
    look(ui, "singsing-untimed-guess")
    ui.app.table.on_input(InputEvent.CONFIRM)
    assert session.state["phase"] == "remove" and session.state["file"] == 1
