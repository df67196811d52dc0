"""The voice at the table (ui/app.py wires it): what a step says, in the table's language,
after the screen has the new state; Sing Sing's last seconds and "time is up"; the murmur
while a bar is taken out; the settings; no voice is a notice, and the table plays on.
A fake speaker with the real queue stands in for espeak-ng (tests/ui_fixtures.py)."""
import pytest

from companion.config import Config, Speech
from companion.inputs import InputEvent
from ui_fixtures import (FakeSpeaker, act, bring_into_view, kivy_window, look, make_ui, number,  # noqa: F401
                         start_game, start_table)

pytestmark = pytest.mark.ui


def voiced(make_ui, **kwargs):
    speaker = FakeSpeaker()
    ui = make_ui(speaker=speaker, **kwargs)
    speaker.queue.clock = ui.clock
    return ui, speaker


def run(ui, seconds, frame=0.25):
    for _ in range(round(seconds / frame)):
        ui.clock.advance(frame)
        ui.pump(1)


def test_whose_turn_is_said_as_the_turn_passes_in_the_tables_language(make_ui):
    ui, speaker = voiced(make_ui, seat=0)
    dice = start_table(ui, ("Anna", "Ben"))
    assert speaker.say_all() == ["Anna's turn."]
    ui.app.table.on_input(InputEvent.CONFIRM)
    assert dice.headline.text == "Ben's turn" and speaker.say_all() == ["Ben's turn."]
    ui.app.table.set_language("de")
    ui.app.table.on_input(InputEvent.CONFIRM)
    assert speaker.say_all() == ["Anna ist dran."]
    ui.app.table.on_input(InputEvent.UNDO)              # an undo says whose turn it is again
    assert speaker.say_all() == ["Ben ist dran."]
    ui.app.table.on_input(InputEvent.ROLL)              # a roll is on the screen, not said
    assert speaker.say_all() == []


def test_sing_sing_counts_its_last_five_seconds_and_time_is_up_cuts_in(make_ui):
    ui, speaker = voiced(make_ui, seat=0)
    start_game(ui, "singsing", ("Anna", "Ben", "Cleo"))
    assert speaker.say_all() == ["Anna removes a bar. Ben wears the mask."]
    act(ui, "start_timer")
    counted = []
    for _ in range(15 * 4):
        run(ui, 0.25)
        counted += speaker.say_all()
    assert counted == ["5", "4", "3", "2", "1", "Time is up!", "Ben ran out of time (guess 1): Anna keeps the file.",
                       "Anna removes a bar. Cleo wears the mask."]
    zero = next(line for line in speaker.queued if line.text == "Time is up!")
    assert zero.priority == 3                     # URGENT: it cuts off whatever is being said


def test_the_murmur_covers_the_bar_being_taken_out_when_it_is_on(make_ui):
    ui, speaker = voiced(make_ui, seat=0)
    start_game(ui, "singsing", ("Anna", "Ben"))
    assert not speaker.covering                   # off by default
    ui.app.table.change_setting("speech.cover_noise", True)
    assert speaker.covering                       # the file holder is taking a bar out
    act(ui, "start_timer")
    assert not speaker.covering                   # the mask is off: the guess is heard
    ui.app.table.on_input(InputEvent.CONFIRM)           # right: the next bar is taken out
    assert speaker.covering


def test_no_voice_is_a_notice_and_about_says_why(make_ui):
    speaker = FakeSpeaker(problem="espeak-ng is not installed (Debian package espeak-ng)")
    ui = make_ui(speaker=speaker)
    assert ui.app.notice_text == "No voice: Cellmate cannot speak here and plays on without it. Details under About."
    ui.app.table.go("about")
    assert "Voice: espeak-ng is not installed (Debian package espeak-ng)" in ui.texts(ui.screen)
    ui.app.table.go("home")
    dice = start_table(ui, ("Anna", "Ben"))
    ui.app.table.on_input(InputEvent.CONFIRM)           # the table plays on
    assert dice.headline.text == "Ben's turn" and speaker.queued == []


def test_a_voice_switched_off_in_the_config_needs_no_notice(make_ui):
    off = Speech(enabled=False)
    ui = make_ui(speaker=FakeSpeaker(off, problem="espeak-ng is not installed"), config=Config(speech=off))
    assert ui.app.notice_text == ""


def open_settings(ui):
    ui.tap(ui.ids().settings)
    return ui.ids()


def set_number_cell(ui, cell, value):
    bring_into_view(ui, cell)
    ui.tap(cell)
    number(ui, value)
    assert ui.modal() is None


@pytest.mark.parametrize("lang", ["en", "de"])
def test_the_voice_settings_are_saved_and_take_effect_at_once(make_ui, lang):
    ui, speaker = voiced(make_ui)
    ui.app.table.set_language(lang)
    settings = open_settings(ui)
    bring_into_view(ui, settings.cover_off)
    look(ui, f"settings-{lang}-voice")
    ui.tap(settings.says_turn)                    # turns no longer said
    assert settings.says_turn.tone == "normal" and settings.says_events.tone == "selected"
    assert ui.app.store.get_setting("speech.events") == ["events", "countdown", "winner"]
    set_number_cell(ui, settings.voice_volume, 55)
    set_number_cell(ui, settings.voice_speed, 200)
    assert (speaker.config.volume, speaker.config.speed) == (55, 200) and speaker.lang == lang
    assert "turn" not in speaker.config.events
    ui.tap(settings.voice_off)
    assert settings.voice_off.tone == "selected" and speaker.config.enabled is False
    ui.tap(settings.back)
    start_table(ui, ("Anna", "Ben"))
    assert speaker.queued == []
