"""The game screen for every game: choosing the game, its setup, help, rules
errors said in the table's language, undo and redo, the log, and resuming any
saved game (also after a restart) or playing it again."""
import json

import pytest

from companion.games import GAMES
from companion.inputs import InputEvent
from ui_fixtures import (act, answer, bring_into_view, fill, form_field, kivy_window, look, make_ui,  # noqa: F401
                         press, start_game)


def tap_seen(ui, widget):
    """Scroll to a widget the way a finger would, then tap it."""
    bring_into_view(ui, widget)
    ui.tap(widget)

pytestmark = pytest.mark.ui


@pytest.mark.parametrize("lang", ["en", "de"])
def test_new_game_offers_every_game_with_its_player_range(make_ui, lang):
    ui = make_ui()
    ui.app.table.set_language(lang)
    ui.tap(ui.ids().new_game)
    assert ui.app.sm.current == "games"
    tiles = ui.screen.tiles
    assert set(tiles) == set(GAMES)
    players = {"en": "4 to 6 players", "de": "4 bis 6 Spieler"}[lang]
    assert tiles["snitch"].title == "The Snitch" and tiles["snitch"].detail == players
    assert tiles["dig"].title == {"en": "Dig Your Way Out", "de": "Grab dich frei"}[lang]
    assert all(tile.height >= 64 for tile in tiles.values())
    look(ui, f"{lang}-games")

    ui.tap(tiles["snitch"])
    setup = ui.app.screen("setup")
    assert ui.app.sm.current == "setup" and setup.game_id == "snitch"
    assert len(setup.rows()) == 4 and not any(row.removable for row in setup.rows())  # four at least
    assert setup.ids.count.text == players
    rows = {row.option.name: row for row in setup.ids.options.children}
    assert set(rows) == {"easier", "harder", "vote", "majority"}
    assert rows["vote"].button.text == {"en": "Hands up", "de": "Handzeichen"}[lang]    # no seat pads: hands up
    assert rows["majority"].button.text == {"en": "Most votes", "de": "Meiste Stimmen"}[lang]
    ui.tap(setup.ids.add_seat)
    ui.tap(setup.ids.add_seat)
    assert len(setup.rows()) == 6 and setup.ids.add_seat.disabled  # six at most
    look(ui, f"{lang}-setup-snitch")
    bring_into_view(ui, rows["majority"].button)    # the gun vote's options, below the fold
    look(ui, f"{lang}-setup-snitch-vote")

    ui.tap(setup.ids.back)                 # another game: the form keeps what fits it
    ui.tap(ui.screen.tiles["singsing"])
    assert setup.game_id == "singsing" and len(setup.rows()) == 5
    ui.tap(setup.ids.back)
    ui.tap(ui.screen.tiles["dig"])
    rows = {row.option.name: row for row in setup.ids.options.children}
    assert set(rows) == {"michel", "teams", "counters", "checklist"}  # the map and added places are no setup rows
    assert rows["checklist"].value_text == {"en": "On", "de": "An"}[lang]   # a new table is walked through setup
    assert rows["michel"].value_text == {"en": "Neither", "de": "Keiner von beiden"}[lang]
    assert rows["teams"].value_text == {"en": "Off", "de": "Aus"}[lang]
    look(ui, f"{lang}-setup-dig")


def test_help_a_rules_error_and_undo_in_german(make_ui):
    ui = make_ui(seat=0)
    ui.app.table.set_language("de")
    game = start_game(ui, "dig", ("Anna", "Ben"))
    ui.tap(game.help_btn)
    dialog = ui.modal()
    assert dialog.title == "Hilfe: Grab dich frei"
    paragraphs = [p.text for p in reversed(dialog.ids.paragraphs.children)]
    # what lies on the table first (the facts the table view leaves out), then the rules for now
    # (a turn: its actions, the moves, digging), each with where the rulebook says it
    assert paragraphs[0] == "Jetzt auf dem Tisch"
    paragraphs = paragraphs[paragraphs.index("Die Regeln für jetzt"):]
    assert paragraphs[:2] == ["Die Regeln für jetzt", "Dein Zug: bis zu 2 Aktionen. Standardaktionen überall, "
                              "ortsgebundene Aktionen nur an ihrem Ort. Die Hintergrundkarte aufdecken kostet keine Aktion. "
                              "(Spielregel: \u201eBist Du an der Reihe\u201c)"]
    assert "Die Regeln in Kürze" in paragraphs and "Wie Cellmate die Regeln liest" in paragraphs
    assert paragraphs.index("Die Regeln in Kürze") < paragraphs.index("Wie Cellmate die Regeln liest")
    assert any(text.startswith("Michel(le) erpresst zuerst") for text in paragraphs)  # a reading
    assert any(text.startswith("Knöpfe: ROLL würfelt") for text in paragraphs)             # the buttons
    look(ui, "de-game-help", dialog)
    ui.tap(dialog.ids.close)
    assert ui.modal() is None

    # Ben's tunnel points cannot go below 0: the game says so on the form, in German, with the
    # warning cue, and what was entered stays to be put right
    ui.rig.played.clear()
    dialog = act(ui, "adjust")
    assert dialog.form is not None        # who, which counter and by how much: one page
    fill(ui, "Knacki", "Ben")
    fill(ui, "Zähler", "Tunnelpunkte")
    fill(ui, "Ändern um", -1)             # the keypad's +/− key, then the 1
    press(ui, "confirm")
    refusal = "Tunnelpunkte und Zigaretten nicht unter 0, Prügel nur von 0 bis 2."
    assert ui.modal() is dialog and dialog.message == refusal
    assert ui.rig.played == ["warning"]
    assert ui.app.table.session.head == 0
    assert [b.text for b in form_field(ui, "Knacki").buttons if b.selected] == ["Ben"]
    assert [b.text for b in form_field(ui, "Zähler").buttons if b.selected] == ["Tunnelpunkte"]
    assert form_field(ui, "Ändern um").cell.text == "−1"
    look(ui, "de-game-error", dialog)
    press(ui, "back")
    assert ui.modal() is None

    # a step and its undo, by touch and by the buttons
    act(ui, "search")
    assert ui.app.table.session.head == 1 and not game.undo_btn.disabled and game.redo_btn.disabled
    ui.tap(game.undo_btn)
    assert ui.app.table.session.head == 0 and not game.redo_btn.disabled
    ui.app.table.on_input(InputEvent.REDO)      # held UNDO: redo (Dig has no use of its own for it)
    assert ui.app.table.session.head == 1
    dialog = act(ui, "join_gang")         # a question left open while NEXT is pressed ...
    assert dialog is not None and ui.modal() is dialog
    ui.app.table.on_input(InputEvent.CONFIRM)   # NEXT ends the turn
    assert game.headline.text == "Ben ist dran"
    assert ui.modal() is None             # ... is closed: it was Anna's, and her turn is over


def test_any_saved_game_reopens_resumes_and_plays_again(make_ui, tmp_path):
    data = tmp_path / "table"
    ui = make_ui(data_dir=data, seat=0)
    start_game(ui, "singsing", ("Anna", "Ben", "Cleo"))
    act(ui, "start_timer")                    # a guess is running when the plug is pulled
    ui.clock.advance(10)
    ui.pump(1)
    assert ui.app.countdown_text == "5"
    session_id = ui.app.table.session.id
    make_ui.close(ui)

    again = make_ui(data_dir=data)
    assert again.app.sm.current == "game"     # straight back to the table
    assert again.app.table.session.id == session_id and again.app.table.session.state["phase"] == "guess"
    assert again.app.countdown_on and again.app.countdown_text == "15"  # the guess runs again, in full
    game = again.ids("game")
    assert game.headline.text == "Ben guesses"
    again.app.table.on_input(InputEvent.CONFIRM)    # right
    again.tap(game.home_btn)
    home = again.ids()
    assert home.resume.detail == "Sing Sing: Anna, Ben, Cleo"

    # a second game, of another kind, then both from Past games
    again.tap(home.new_game)
    again.tap(again.screen.tiles["heist"])
    setup = again.app.screen("setup")
    again.tap(setup.ids.start)
    heist_id = again.app.table.session.id
    assert again.app.sm.current == "game" and again.app.table.session.game.id == "heist"
    again.tap(again.ids("game").home_btn)
    again.tap(again.ids().sessions)
    rows = list(reversed(again.ids().rows.children))
    assert [r.session_id for r in rows] == [heist_id, session_id]
    assert all(not r.ids.resume.disabled and r.ids.resume.opacity == 1 for r in rows)
    assert "Sing Sing" in rows[1].detail and "Masterminds: Heist Society" in rows[0].detail
    again.tap(rows[1].ids.resume)
    assert again.app.sm.current == "game" and again.app.table.session.id == session_id
    assert again.app.table.session.state["last"]["verdict"] == "right"

    # Same table again: the same game and players, a new session
    again.tap(again.ids("game").home_btn)
    again.tap(again.ids().again)
    new = again.app.table.session
    assert new.id not in (session_id, heist_id) and new.game.id == "singsing"
    assert [p["name"] for p in new.setup["players"]] == ["Anna", "Ben", "Cleo"]
    assert again.app.sm.current == "game" and again.app.table.notices.last_toast == "Sing Sing: the table is set"


def test_play_again_at_the_end_keeps_the_game(make_ui):
    ui = make_ui(seat=0)
    start_game(ui, "singsing", ("Anna", "Ben"))
    session = ui.app.table.session
    for _ in range(5):                        # five bars out, three Eddies free: Anna keeps the file
        ui.app.table.on_input(InputEvent.TIMER)     # start the guess
        if ui.app.screen("game").offers("free_convict"):
            act(ui, "free_convict")
            answer(ui, "Eddie")
        ui.app.table.on_input(InputEvent.REDO)      # UNDO held: the guess was wrong
    assert session.finished
    game = ui.ids("game")
    # the ranked scoreboard has the middle, the headline says how it ended; play again is next
    assert ui.app.screen("game").scoreboard and game.headline.text and game.primary.text == "Play again"
    ui.tap(ui.app.screen("game").button("play_again"))
    assert ui.app.table.session.id != session.id and ui.app.table.session.game.id == "singsing"
    assert not ui.app.table.session.finished and game.banner.text == ""


def test_dig_board_map_in_settings_and_across_games(make_ui, tmp_path):
    from companion.games.dig import BOARD_KEY, PLACES_KEY
    ui = make_ui(data_dir=tmp_path / "d", seat=0)
    ui.tap(ui.ids().settings)
    settings = ui.screen
    board = settings.memory["dig"]                             # what Dig remembers, in the game's words
    faces = board.entries
    assert faces["1"].text == "1: Cell Block + Cafeteria"     # the rulebook's: said, not changed
    tap_seen(ui, faces["1"])
    assert ui.modal() is None
    assert ui.app.table.notices.last_toast == "The rulebook prints the 1 beside the Cell Block and the Cafeteria."
    assert all(faces[f].text == f"{f}: not known yet" for f in "23456")              # nothing guessed

    tap_seen(ui, faces["3"])
    dialog = ui.modal()
    assert dialog.title == "Which two places are beside the 3?"
    look(ui, "en-settings-dig-face", dialog)
    ui.tap(next(b for b in dialog.buttons if b.text == "Cafeteria + Showers"))
    assert ui.app.store.get_setting(BOARD_KEY) == {"3": ["cafeteria", "showers"]}
    assert board.entries["3"].text == "3: Cafeteria + Showers" and ui.app.table.notices.last_toast == "3: Cafeteria + Showers"

    tap_seen(ui, board.adders["places"])
    assert ui.modal().title == "Name of the added place"
    ui.type_into(ui.modal().ids.field, "Laundry")
    ui.tap(ui.modal().ids.ok)
    assert ui.app.store.get_setting(PLACES_KEY) == ["Laundry"]
    tap_seen(ui, board.entries["5"])
    ui.tap(next(b for b in ui.modal().buttons if b.text == "Cell Block + Laundry"))
    assert board.entries["5"].text == "5: Cell Block + Laundry"
    assert board.items["Laundry"].text == "Laundry  ×"
    ui.app.root.ids.toast.hide()
    look(ui, "en-settings-dig-map")
    tap_seen(ui, board.ids.export)
    path = tmp_path / "d" / "dig-board.json"
    assert board.ids.export.text == "Export the map" and board.ids.export_path.text == ui.app.table.notices.last_toast
    exported = json.loads(path.read_text(encoding="utf-8"))
    assert exported["board"] == {"1": ["cell_block", "cafeteria"], "3": ["cafeteria", "showers"],
                                 "5": ["cell_block", "Laundry"]}
    assert exported["places"] == ["Laundry"] and exported["unknown"] == [2, 4, 6]
    assert ui.app.table.notices.last_toast == "Map saved: dig-board.json, in the folder of the saved games"
    ui.app.root.ids.toast.hide()
    look(ui, "en-settings-dig-exported")
    ui.tap(settings.ids.back)

    # the next game knows the map; a face learned there is kept, and undoing it forgets it again
    start_game(ui, "dig", ("Anna", "Ben"))
    session = ui.app.table.session
    assert session.setup["options"]["board"] == {"3": ["cafeteria", "showers"], "5": ["cell_block", "Laundry"]}
    assert session.setup["options"]["places"] == ["Laundry"]
    act(ui, "roll")
    answer(ui, "2")
    dialog = act(ui, "learn_face")
    assert "Infirmary + Laundry" in [b.text for b in dialog.buttons]
    answer(ui, "Cell Block + Infirmary")
    assert ui.app.store.get_setting(BOARD_KEY)["2"] == ["cell_block", "infirmary"]
    ui.app.table.on_input(InputEvent.UNDO)          # back to the question: the answer is taken back
    assert session.state["phase"] == "ask_face"
    assert "2" not in ui.app.store.get_setting(BOARD_KEY)
    answer_again = act(ui, "learn_face")
    assert answer_again is not None
    answer(ui, "Infirmary + Showers")
    assert ui.app.store.get_setting(BOARD_KEY)["2"] == ["infirmary", "showers"]

    ui.tap(ui.ids("game").home_btn)
    ui.tap(ui.ids().settings)
    assert board.entries["2"].text == "2: Infirmary + Showers"
    tap_seen(ui, board.items["Laundry"])   # a place taken off the board takes its faces along
    assert ui.app.store.get_setting(PLACES_KEY) == []
    assert "5" not in ui.app.store.get_setting(BOARD_KEY)
    assert board.entries["5"].text == "5: not known yet"
