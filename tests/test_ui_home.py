"""Home: the table's three tiles over the looks back and the set-up; Statistics is
one tap from home (as from Past games, the same word), and its Back goes where it
was opened."""
import pytest

from ui_fixtures import kivy_window, look, make_ui, start_table  # noqa: F401  (fixtures)

pytestmark = pytest.mark.ui


@pytest.mark.parametrize("lang", ["en", "de"])
def test_statistics_is_a_tile_on_home_and_back_goes_home(make_ui, lang):
    from companion.config import Config
    ui = make_ui(config=Config(language=lang))
    start_table(ui, ["Anna", "Ben"])
    ui.app.table.go("home")
    ids = ui.ids()
    word = "Statistics" if lang == "en" else "Statistik"
    assert ids.stats.title == word == ui.ids("sessions").stats.text     # the same word as Past games'
    assert ids.sessions.detail == ("1 saved" if lang == "en" else "1 gespeichert")
    tiles = [ids.new_game, ids.resume, ids.again, ids.sessions, ids.stats, ids.settings, ids.about]
    for tile in tiles:                                  # every tile whole in the window, at least a finger wide
        assert tile.x >= 0 and tile.right <= 800 and tile.y >= 0 and tile.top <= 480
        assert tile.width >= 160 and tile.height >= 150
    look(ui, f"home-stats-{lang}")

    ui.tap(ids.stats)
    assert ui.app.sm.current == "stats"
    ui.tap(ui.ids().back)
    assert ui.app.sm.current == "home"

    ui.tap(ids.sessions)                                # from Past games, Back goes back there
    ui.tap(ui.ids().stats)
    assert ui.app.sm.current == "stats"
    ui.tap(ui.ids().back)
    assert ui.app.sm.current == "sessions"

