"""Every screen at 800x480 in both languages: screenshots, and checks that what
is drawn fits: touch targets of 64 px or more, no text cut off or spilling out
of its box, no widget off the window, every colour chip with its letter.

The PNGs land in build/screenshots/<lang>-<screen>.png for a person to look at.
"""
import pytest

from companion.store import DB_NAME
from ui_fixtures import (HEIGHT, WIDTH, kivy_window, layout_problems, make_ui, open_setup,  # noqa: F401  (fixtures)
                         text_drawn_texel_for_pixel)

pytestmark = pytest.mark.ui

NAMES = ("Anna", "Benedikt", "Cleo", "Dragomir")


def populate(ui):
    """A table in play: four seats, rolls by all, one undone action."""
    setup = open_setup(ui)
    while len(setup.rows()) < len(NAMES):
        setup.add_seat()
    for row, name in zip(setup.rows(), NAMES):
        row.ids.name.text = name
    ui.tap(setup.ids.start)
    dice = ui.ids("dice")
    for _ in range(6):
        ui.tap(dice.die)
        ui.tap(dice.pass_btn)
    ui.tap(dice.die)
    ui.tap(dice.undo_btn)
    return dice


def look(ui, lang, name, whole_window=True):
    ui.pump(2)
    assert layout_problems(ui) == [], name
    text_drawn_texel_for_pixel(name)
    path = ui.shot(f"{lang}-{name}", None if whole_window else ui.app.root)
    assert path.stat().st_size > 5000  # a picture, not a black frame


@pytest.mark.parametrize("lang", ["en", "de"])
def test_every_screen_fits_and_is_photographed(make_ui, lang):
    ui = make_ui(seat=1)
    ui.app.table.set_language(lang)
    look(ui, lang, "home-empty")

    ui.tap(ui.ids().new_game)
    look(ui, lang, "games")
    ui.tap(ui.screen.tiles["dice"])
    setup = ui.app.screen("setup")
    for _ in range(3):
        ui.tap(setup.ids.add_seat)
    for row, name in zip(setup.rows(), NAMES + ("Anna",)):
        row.ids.name.text = name  # typing by touch is test_ui_flow's job; here only the looks count
    ui.tap(setup.ids.start)  # a duplicate name: the message in place
    look(ui, lang, "setup")
    ui.tap(ui.ids().back)
    assert ui.app.sm.current == "games"  # back to the choice of the game
    ui.tap(ui.ids().back)

    populate(ui)
    ui.app.root.ids.toast.hide()
    look(ui, lang, "dice")

    ui.tap(ui.ids().manual_btn)
    dialog = ui.modal()
    assert dialog is not None
    assert layout_problems(ui, dialog) == []
    ui.shot(f"{lang}-dice-enter-die")
    ui.tap(dialog.ids.cancel)

    ui.app.table.on_cue("tick")
    ui.app.table.toggle_timer()
    ui.clock.advance(58.5)
    ui.app.table.perform({"type": "roll", "player": 5})  # no such seat: a rules error, said briefly
    look(ui, lang, "dice-timer-error")
    ui.app.root.ids.toast.hide()

    ui.tap(ui.ids().log_btn)
    look(ui, lang, "log")
    ui.tap(ui.ids().back)
    ui.tap(ui.ids().end_btn)
    look(ui, lang, "dice-end-asks")
    ui.tap(ui.modal().ids.confirm)
    look(ui, lang, "dice-game-over")

    ui.tap(ui.ids().home_btn)
    look(ui, lang, "home")
    ui.tap(ui.ids().sessions)
    look(ui, lang, "sessions")
    ui.tap(ui.ids().rows.children[-1].ids.delete)
    dialog = ui.modal()
    assert layout_problems(ui, dialog) == []
    ui.shot(f"{lang}-sessions-delete")
    ui.tap(dialog.ids.cancel)
    ui.tap(ui.ids().back)

    ui.tap(ui.ids().settings)
    look(ui, lang, "settings")
    ui.tap(ui.ids().back)
    ui.tap(ui.ids().about)
    look(ui, lang, "about")


@pytest.mark.parametrize("lang", ["en", "de"])
def test_notice_banner_fits(make_ui, tmp_path, lang):
    data = tmp_path / "data"
    data.mkdir()
    (data / DB_NAME).write_bytes(b"not sqlite" * 500)
    ui = make_ui(data_dir=data)
    ui.app.table.set_language(lang)
    assert ui.app.root.ids.banner.text
    look(ui, lang, "home-banner")
    populate(ui)
    ui.app.root.ids.toast.hide()
    look(ui, lang, "dice-banner")


def test_a_bigger_screen_scales_up(make_ui, kivy_window):
    kivy_window.size = (1280, 720)
    try:
        ui = make_ui()
        # the offscreen window keeps its first framebuffer, so these render the root alone
        look(ui, "en", "home-1280x720", whole_window=False)
        populate(ui)
        ui.app.root.ids.toast.hide()
        look(ui, "en", "dice-1280x720", whole_window=False)
        dice = ui.ids()
        assert dice.die.height > 400 and dice.end_btn.top == 720 - 6  # the table grew with the screen
    finally:
        kivy_window.size = (WIDTH, HEIGHT)


@pytest.mark.parametrize("lang", ["en", "de"])
@pytest.mark.parametrize("game_id", ["snitch", "heist", "dig", "singsing"])
def test_every_game_screen_fits_with_a_full_table(make_ui, lang, game_id):
    """The most seats each game allows, long names, and the first question a tap asks."""
    from companion.games import GAMES
    from ui_fixtures import act, start_game

    ui = make_ui(seat=1)
    ui.app.table.set_language(lang)
    names = ("Anna-Katharina", "Benedikt", "Cleo", "Dragomir", "Eleonore", "Friedrich", "Gundula", "Hieronymus")
    options = {"dig": {"michel": ["value"], "counters": ["value"]},
               "singsing": {"advanced": ["value"], "tracker": ["value"]},
               "snitch": {"harder": ["value"]}}.get(game_id, {})
    start_game(ui, game_id, names[:GAMES[game_id].max_players], options)
    ui.app.root.ids.toast.hide()
    look(ui, lang, f"game-{game_id}")
    screen = ui.app.screen("game")
    assert screen.groups, "a game that has just begun offers something to do"
    dialog = act(ui, (screen.groups[0].type, screen.groups[0].label))
    if dialog is not None:
        ui.pump(2)
        assert layout_problems(ui, dialog) == []
        ui.shot(f"{lang}-game-{game_id}-first-question")


def test_the_frame_after_a_screen_change_draws_the_new_screen_alone(make_ui):
    # Kivy's NoTransition kept the screen left in the tree a tick longer: that frame drew both
    ui = make_ui()
    ui.app.table.go("home")
    ui.pump(2)
    entered = []
    sessions = ui.app.screen("sessions")
    sessions.bind(on_enter=lambda *_: entered.append("sessions"))
    ui.app.table.go("sessions")
    assert ui.app.sm.children == [sessions] and entered == ["sessions"]
    ui.app.table.go("home")
    assert ui.app.sm.children == [ui.app.screen("home")] and sessions.parent is None
