"""Settings: saved at once, in effect at once (language, buzzer, timer), kept over a restart."""
import pytest

from companion.inputs import InputEvent

from ui_fixtures import bring_into_view, kivy_window, make_ui, start_table  # noqa: F401  (fixtures)

pytestmark = pytest.mark.ui


def open_settings(ui):
    ui.tap(ui.ids().settings)
    assert ui.app.sm.current == "settings"
    return ui.ids()


def test_switching_to_german_changes_every_screen_at_once(make_ui, tmp_path):
    ui = make_ui(data_dir=tmp_path / "d", seat=0)
    dice = start_table(ui, ("Anna", "Ben"))
    ui.tap(dice.die)
    ui.tap(dice.home_btn)
    home = ui.ids()
    assert home.new_game.title == "New game"
    settings = open_settings(ui)
    ui.tap(settings.lang_de)
    assert settings.lang_de.tone == "selected" and settings.lang_en.tone == "normal"
    assert "Sprache" in ui.texts(ui.screen) and "Language" not in ui.texts(ui.screen)
    ui.tap(settings.back)
    assert home.new_game.title == "Neues Spiel" and home.resume.title == "Weiterspielen"
    ui.tap(home.resume)
    # the table's own texts (the game's summary) and the widgets' follow too
    assert dice.headline.text == "Anna ist dran"
    assert dice.pass_btn.text == "Nächster Spieler" and dice.undo_btn.text == "Rückgängig"
    assert dice.die.caption == "Hier tippen oder ROLL drücken"
    assert dice.histogram_title.text == "Alle Würfe: 1"
    assert ui.app.key_help_text.startswith("Tasten: R / Space: ROLL")
    ui.tap(dice.log_btn)
    assert ui.ids().rows.children[0].text == "Tisch steht: Anna fängt an"
    assert ui.ids().rows.children[1].tag == "jetzt"
    ui.tap(ui.ids().undo_btn)
    assert ui.ids().undo_btn.disabled
    ui.app.on_input(InputEvent.UNDO)  # the physical button can still be pressed: said in German

    assert ui.app.last_toast == "Nichts rückgängig zu machen."
    make_ui.close(ui)

    again = make_ui(data_dir=tmp_path / "d")  # kept in the store
    assert again.app.lang == "de"
    assert again.ids("dice").headline.text == "Anna ist dran"


def test_new_default_names_follow_the_language(make_ui):
    ui = make_ui()
    ui.app.set_language("de")
    ui.tap(ui.ids().new_game)
    setup = ui.app.screen("setup")
    assert [r.name for r in setup.rows()] == ["Spieler 1", "Spieler 2"]
    assert setup.ids.start.text == "Los geht's"
    ui.app.set_language("en")
    ui.app.go("setup")
    assert [r.name for r in setup.rows()] == ["Player 1", "Player 2"]  # untouched defaults only


def test_buzzer_off_silences_the_rig_at_once(make_ui):
    ui = make_ui()
    settings = open_settings(ui)
    ui.tap(settings.buzzer_off)
    assert settings.buzzer_off.tone == "selected"
    assert ui.app.store.get_setting("buzzer.enabled") is False
    ui.tap(settings.back)
    start_table(ui, ("Anna", "Ben"))
    ui.tap(ui.ids().die)
    assert ui.rig.played == []
    ui.app.change_setting("buzzer.enabled", True)
    ui.tap(ui.ids().die)
    assert ui.rig.played == ["tap"]


def test_timer_and_debounce_steps_are_saved_and_bounded(make_ui):
    ui = make_ui()
    settings = open_settings(ui)
    plus30 = next(c for c in settings.seconds.parent.children if c.text == "+30")
    ui.tap(plus30)
    assert settings.seconds.text == "90 s"
    assert ui.app.store.get_setting("timer.seconds") == 90
    assert ui.app.timer_text == "90"  # the idle countdown takes the new length at once
    ui.tap(settings.tick_less)
    assert settings.tick_last.text == "2" and ui.app.store.get_setting("timer.tick_last") == 2
    assert ui.app.timer.cues.tick_last == 2
    minus5 = next(c for c in settings.debounce.parent.children if c.text == "−5")
    bring_into_view(ui, minus5)         # under Advanced, at the foot of the screen
    ui.tap(minus5)
    assert settings.debounce.text == "25 ms" and ui.app.store.get_setting("buttons.debounce_ms") == 25
    for _ in range(10):  # what ten more taps on −5 would do (each tap is a 0.2 s wait in a ScrollView)
        ui.screen.step("buttons.debounce_ms", -5, (5, 200))
    assert settings.debounce.text == "5 ms"  # the lowest the screen offers
    assert ui.app.store.get_setting("buttons.debounce_ms") == 5
    assert "applies from the next start" in ui.texts(ui.screen)
