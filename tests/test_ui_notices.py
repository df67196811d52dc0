"""The notice banner: a damaged or unwritable store, config errors, no GPIO."""
import pytest

from companion.store import DB_NAME
from ui_fixtures import StubRig, kivy_window, make_ui, start_table  # noqa: F401  (fixtures)

pytestmark = pytest.mark.ui


def banner(ui):
    return ui.app.root.ids.banner


def test_a_corrupt_database_is_moved_aside_and_said_on_screen(make_ui, tmp_path):
    data = tmp_path / "data"
    data.mkdir()
    (data / DB_NAME).write_bytes(b"this is not a database, it is a shopping list" * 100)
    ui = make_ui(data_dir=data)
    text = banner(ui).text
    assert text.startswith("The saved games file was damaged. It was moved aside to ")
    assert str(data / (DB_NAME + ".corrupt-")) in text and "a fresh one was started" in text
    assert banner(ui).height >= 64 and banner(ui).opacity == 1
    dismiss = banner(ui).ids.dismiss
    assert dismiss.height >= 64
    # play goes on meanwhile: the banner sits above the screens, it does not block them
    start_table(ui, ("Anna", "Ben"))
    assert ui.app.session.head == 0
    ui.tap(dismiss)
    assert banner(ui).text == "" and banner(ui).height == 0
    ui.app.go("about")  # still told where it was moved, for whoever looks
    assert "moved aside" in ui.ids().data.value


def test_an_unwritable_data_dir_says_play_goes_on_in_memory(make_ui, tmp_path):
    blocked = tmp_path / "file-not-dir"
    blocked.write_text("x")
    ui = make_ui(data_dir=blocked / "data")
    assert ui.app.store.in_memory
    assert "Play goes on, but nothing is saved" in banner(ui).text
    dice = start_table(ui, ("Anna", "Ben"))
    ui.tap(dice.die)
    assert ui.app.session.head == 1  # the table still plays


def test_saving_that_fails_mid_game_shows_up_at_the_next_tap(make_ui):
    ui = make_ui()
    dice = start_table(ui, ("Anna", "Ben"))
    assert banner(ui).text == ""
    ui.app.store.fall_back_to_memory("disk is full")  # what Store.write does when the disk refuses
    ui.tap(dice.die)
    assert "nothing is saved" in banner(ui).text and "disk is full" in banner(ui).text


def test_config_errors_and_the_rig_notice_queue_in_the_banner(make_ui, tmp_path):
    cfg = tmp_path / "config.toml"
    rig = StubRig(notice="No GPIO found (this is not a Raspberry Pi)")
    ui = make_ui(rig=rig, config_path=cfg, config_errors=["buttons.roll: must be a BCM GPIO number", "colour: unknown key"])
    assert banner(ui).text.startswith(f"The config file {cfg} has 2 problem(s)")
    ui.tap(banner(ui).ids.dismiss)
    assert banner(ui).text == "Hardware: No GPIO found (this is not a Raspberry Pi)"
    ui.app.set_language("de")
    assert banner(ui).text == "Hardware: No GPIO found (this is not a Raspberry Pi)"
    ui.tap(banner(ui).ids.dismiss)
    assert banner(ui).text == ""
    ui.tap(ui.ids().about)
    about = ui.ids()
    assert "2 Problem(e)" in about.config.value and "• colour: unknown key" in about.config.value
    assert "No GPIO found" in about.mode.value
    assert "Würfeln: R / Space" in about.mapping.value


def test_about_shows_gpio_pins_when_the_buttons_are_real(make_ui):
    ui = make_ui(rig=StubRig(mode="gpio"))
    assert ui.app.key_help_text == ""  # no key line on the table with real buttons
    ui.tap(ui.ids().about)
    about = ui.ids()
    assert about.mode.value == "GPIO buttons and buzzer"
    assert about.mapping.value.splitlines()[:4] == ["Roll: GPIO 17", "Timer: GPIO 27", "Next: GPIO 22", "Undo: GPIO 23"]
    assert "Redo: hold Undo for 800 ms" in about.mapping.value
    assert about.data.value.startswith("Saving works: ")
