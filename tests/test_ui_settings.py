"""Settings: saved at once, in effect at once (language, buzzer, timer), kept over a restart."""
import pytest

from companion.inputs import InputEvent

from ui_fixtures import (bring_into_view, key_in, kivy_window, look, make_ui, number, open_keypad, press,  # noqa: F401
                         start_table)

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
    english, german = ui.screen.language_buttons()
    assert (english.text, german.text) == ("English", "Deutsch")     # each language in its own words
    ui.tap(german)
    assert german.tone == "selected" and english.tone == "normal"
    assert "Sprache" in ui.texts(ui.screen) and "Language" not in ui.texts(ui.screen)
    ui.tap(settings.back)
    assert home.new_game.title == "Neues Spiel" and home.resume.title == "Weiterspielen"
    ui.tap(home.resume)
    # the table's own texts (the game's summary) and the widgets' follow too
    assert dice.headline.text == "Anna ist dran"
    assert dice.pass_btn.text == "Nächster Spieler" and dice.undo_btn.text == "Rückgängig"
    assert dice.die.caption == "Hier tippen oder ROLL drücken"
    assert dice.histogram_title.text == "Würfe: 1"
    assert ui.app.key_help_text.startswith("Tasten: R / Leertaste: ROLL")
    ui.tap(dice.log_btn)
    assert ui.ids().rows.children[0].text == "Tisch steht: Anna fängt an"
    assert ui.ids().rows.children[1].tag == "jetzt"
    ui.tap(ui.ids().undo_btn)
    assert ui.ids().undo_btn.disabled
    ui.app.table.on_input(InputEvent.UNDO)  # the physical button can still be pressed: said in German

    assert ui.app.table.notices.last_toast == "Nichts rückgängig zu machen."
    make_ui.close(ui)

    again = make_ui(data_dir=tmp_path / "d")  # kept in the store
    assert again.app.lang == "de"
    assert again.ids("dice").headline.text == "Anna ist dran"


def test_a_language_is_its_files_the_settings_offer_each_found(make_ui, tmp_path, monkeypatch):
    """A third language's locale file beside the two: Settings has a button for it, named
    in its own words; no list of languages is kept anywhere else."""
    import shutil

    from companion import i18n
    from ui.screens import settings as settings_screen
    locale = tmp_path / "locale"
    shutil.copytree(i18n._DIR, locale)
    (locale / "fr.ftl").write_text("app-title = Cellmate\n", encoding="utf-8")
    monkeypatch.setattr(i18n, "_DIR", locale)
    monkeypatch.setattr(settings_screen, "LANGUAGES", i18n._Languages())
    ui = make_ui()
    open_settings(ui)
    buttons = ui.screen.language_buttons()
    assert [b.text for b in buttons] == ["English", "Deutsch", "Français"]
    assert [b.tone for b in buttons] == ["selected", "normal", "normal"]
    for button in buttons:
        assert button.get_root_window() is not None and button.right <= 800 and button.width >= 120
    look(ui, "settings-three-languages")


def test_new_default_names_follow_the_language(make_ui):
    ui = make_ui()
    ui.app.table.set_language("de")
    ui.tap(ui.ids().new_game)
    setup = ui.app.screen("setup")
    assert [r.name for r in setup.rows()] == ["Spieler 1", "Spieler 2"]
    assert setup.ids.start.text == "Los geht's"
    ui.app.table.set_language("en")
    ui.app.table.go("setup")
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
    ui.app.table.change_setting("buzzer.enabled", True)
    ui.tap(ui.ids().die)
    assert ui.rig.played == ["tap"]


def set_number(ui, cell, value):
    """A number setting by touch: its cell tapped, the number typed on the keypad, CONFIRM."""
    bring_into_view(ui, cell)
    ui.tap(cell)
    dialog = ui.modal()
    assert dialog is not None and dialog.keypad is not None, "the cell opened no keypad"
    number(ui, value)
    assert ui.modal() is None, dialog.keypad.message


def test_timer_length_is_typed_on_the_keypad_saved_and_kept_over_a_restart(make_ui, tmp_path):
    ui = make_ui(data_dir=tmp_path / "d")
    settings = open_settings(ui)
    keypad = open_keypad(ui, settings.seconds, "60 s", "Timer length in seconds", 60, "5 to 600")
    key_in(ui, 90)
    ui.tap(keypad.ids.confirm)
    assert ui.modal() is None
    assert settings.seconds.text == "90 s"
    assert ui.app.store.get_setting("timer.seconds") == 90
    assert ui.app.timer_text == "90"  # the idle countdown takes the new length at once
    make_ui.close(ui)

    again = make_ui(data_dir=tmp_path / "d")  # kept in the store
    assert again.app.table.cfg.timer.seconds == 90 and again.app.timer_text == "90"
    assert open_settings(again).seconds.text == "90 s"


def test_the_keypad_refuses_out_of_range_and_cancel_keeps_the_timer_length(make_ui):
    ui = make_ui()
    settings = open_settings(ui)
    set_number(ui, settings.seconds, 120)
    ui.tap(settings.seconds)
    dialog = ui.modal()
    keypad = key_in(ui, 70)
    ui.tap(keypad.keys["0"])                # 700 is over 600: refused, the range said, 70 kept
    assert keypad.entry == "70" and keypad.wrong
    assert keypad.message.replace("\u00a0", " ") == "700? Only 5 to 600"   # the tap that was refused, then the range
    ui.tap(keypad.keys["delete"])
    ui.tap(keypad.ids.confirm)              # 7 seconds: in range, taken
    assert ui.modal() is None and settings.seconds.text == "7 s"
    ui.tap(settings.seconds)
    keypad = key_in(ui, 3)
    ui.tap(keypad.ids.confirm)              # 3 is under 5: said, nothing saved, the dialog stays
    assert ui.modal() is not None and keypad.message == "Only 5 to 600" and keypad.wrong
    assert settings.seconds.text == "7 s" and ui.app.store.get_setting("timer.seconds") == 7
    key_in(ui, 45)
    press(ui, "cancel")                     # typed, then Cancel: nothing changes
    assert ui.modal() is None and settings.seconds.text == "7 s"
    assert ui.app.store.get_setting("timer.seconds") == 7 and ui.app.table.cfg.timer.seconds == 7
    ui.tap(settings.seconds)
    ui.tap(ui.modal().keypad.ids.confirm)   # CONFIRM on nothing typed: the length shown stays
    assert ui.modal() is None and ui.app.store.get_setting("timer.seconds") == 7
    assert dialog is not ui.modal()


def test_a_setting_the_store_refuses_is_said_on_the_keypad_and_not_changed(make_ui, monkeypatch):
    from companion.store import StoreError
    ui = make_ui()
    settings = open_settings(ui)

    def locked(key, value):
        raise StoreError("store_busy", "not saved: locked")
    monkeypatch.setattr(ui.app.store, "set_setting", locked)
    ui.tap(settings.seconds)
    dialog = ui.modal()
    number(ui, 90)
    assert ui.modal() is dialog             # not saved: not taken, said where the number was typed
    assert dialog.keypad.message.startswith("Not saved: the saved games are locked") and dialog.keypad.wrong
    assert dialog.keypad.entry == "90"
    assert settings.seconds.text == "60 s" and ui.app.table.cfg.timer.seconds == 60
    look(ui, "en-settings-keypad-not-saved", dialog)
    monkeypatch.undo()
    ui.tap(dialog.keypad.ids.confirm)       # saved now: taken
    assert ui.modal() is None and settings.seconds.text == "90 s"
    assert ui.app.store.get_setting("timer.seconds") == 90


def test_timer_beeps_and_debounce_are_typed_on_the_keypad_too(make_ui):
    ui = make_ui()
    settings = open_settings(ui)
    assert settings.tick_last.text == "3"
    set_number(ui, settings.tick_last, 10)
    assert settings.tick_last.text == "10" and ui.app.store.get_setting("timer.tick_last") == 10
    set_number(ui, settings.tick_last, 0)   # no beeps at all: 0 is one of the range
    assert settings.tick_last.text == "0" and ui.app.table.timer.cues.tick_last == 0
    set_number(ui, settings.debounce, 25)   # under Advanced, at the foot of the screen
    assert settings.debounce.text == "25 ms" and ui.app.store.get_setting("buttons.debounce_ms") == 25
    assert "applies from the next start" in ui.texts(ui.screen)


@pytest.mark.parametrize("lang", ["en", "de"])
def test_the_settings_keypad_fits(make_ui, lang):
    ui = make_ui()
    ui.app.table.set_language(lang)
    settings = open_settings(ui)
    look(ui, f"settings-{lang}-numbers")
    ui.tap(settings.seconds)
    key_in(ui, 90)
    look(ui, f"settings-{lang}-keypad", ui.modal())
    press(ui, "cancel")
    ui.tap(settings.tick_last)
    look(ui, f"settings-{lang}-keypad-beeps", ui.modal())
    press(ui, "cancel")
    bring_into_view(ui, settings.debounce)
    ui.tap(settings.debounce)
    keypad = key_in(ui, 20)
    ui.tap(keypad.keys["1"])                # 201 is over 200
    look(ui, f"settings-{lang}-keypad-debounce-refused", ui.modal())
