"""The countdown on the dice table, driven by a fake clock and polled every frame."""
import pytest

from companion.config import Config, Timer
from companion.inputs import InputEvent
from ui_fixtures import kivy_window, look, make_ui, start_table  # noqa: F401  (fixtures)

pytestmark = pytest.mark.ui


def test_the_last_seconds_tick_and_zero_buzzes(make_ui):
    ui = make_ui(config=Config(timer=Timer(seconds=10, tick_last=3)))
    dice = start_table(ui, ("Anna", "Ben"))
    timer = dice.timer_btn
    assert timer.seconds == "10" and timer.caption == "Timer: tap to start"
    ui.rig.played.clear()
    ui.tap(timer)
    assert timer.caption == "Tap to pause" and timer.phase == "running"

    played = []
    for step in [4.0, 2.5, 0.6, 1.0, 1.0, 1.0, 1.0]:  # 10 s in uneven frames
        ui.clock.advance(step)
        ui.pump(1)
        played.append((timer.seconds, list(ui.rig.played)))
    assert [seconds for seconds, _ in played] == ["6", "4", "3", "2", "1", "0", "0"]
    assert ui.rig.played == ["tick", "tick", "tick", "alarm"]  # a tick at 3, 2, 1 left; a long buzz at 0
    assert played[2][1] == ["tick"]  # ... each in the frame it fell due
    assert timer.phase == "done" and timer.caption == "Time is up! Tap to start again"


def test_timer_button_pauses_and_resumes(make_ui):
    ui = make_ui(config=Config(timer=Timer(seconds=30, tick_last=3)))
    start_table(ui, ("Anna", "Ben"))
    ui.app.table.on_input(InputEvent.TIMER)  # the TIMER button starts it ...
    ui.clock.advance(10)
    ui.pump(1)
    ui.app.table.on_input(InputEvent.TIMER)  # ... and pauses it
    assert ui.app.timer_text == "20" and ui.app.timer_caption == "Paused: tap to go on"
    assert ui.clock.pending == []      # a paused timer wakes nothing
    ui.clock.advance(100)
    ui.pump(1)
    assert ui.app.timer_text == "20"  # no time passes while paused
    ui.app.table.on_input(InputEvent.TIMER)
    ui.clock.advance(5)
    ui.pump(1)
    assert ui.app.timer_text == "15"
    ui.tap(ui.ids().timer_reset)
    assert ui.app.timer_text == "30" and ui.app.timer_phase == "idle"
    ui.clock.advance(100)
    ui.pump(1)
    assert ui.rig.played.count("alarm") == 0  # a reset timer never buzzes


@pytest.mark.parametrize("seconds, shown", [(600, "10:00"), (3600, "60:00")])   # the settings' most, the file's
def test_a_timer_of_ten_minutes_and_more_shows_on_one_line(make_ui, seconds, shown):
    ui = make_ui(config=Config(timer=Timer(seconds=seconds, tick_last=3)))
    dice = start_table(ui, ("Anna", "Ben"))
    ui.app.root.ids.toast.hide()
    timer = dice.timer_btn
    digits = next(label for label in timer.children if label.text == shown)
    look(ui, f"dice-timer-{seconds}")   # not broken into "10:0" and "0", nor spilling out of the button
    assert 24 <= digits.font_size < 40
    ui.tap(timer)
    ui.clock.advance(seconds - 59)      # under a minute left: as big as ever
    ui.pump(1)
    assert timer.seconds == "59" and digits.font_size == pytest.approx(40)


def test_simulated_buzzer_flashes_its_cue_on_screen(make_ui):
    ui = make_ui()
    badge = ui.app.root.ids.badge
    assert badge.opacity == 0
    ui.app.table.on_cue("tick")  # what the rig calls for every cue it plays
    assert badge.text == "Buzzer: tick" and badge.opacity > 0
    ui.app.table.set_language("de")
    ui.app.table.on_cue("alarm")
    assert badge.text == "Summer: Alarm"


def test_no_cue_badge_with_a_real_buzzer(make_ui):
    from ui_fixtures import StubRig
    ui = make_ui(rig=StubRig(mode="gpio"))
    ui.app.table.on_cue("tick")
    assert ui.app.root.ids.badge.text == ""
