"""The board's counters on the game screen (ui/board_view.py): large, in the
game's words, the main number first with its thresholds marked, and updated in
place as the table moves on."""
import pytest

from companion.inputs import InputEvent
from test_ui_game_snitch import scheme
from ui_fixtures import act, answer, kivy_window, look, make_ui, start_game  # noqa: F401

pytestmark = pytest.mark.ui


def tiles(game):
    return list(reversed(game.board.ids.counters.children))


def test_the_snitch_deck_is_the_big_counter_with_the_riot_marked_and_counts_down_in_place(make_ui):
    ui = make_ui(seat=0)
    game = start_game(ui, "snitch", ("Anna", "Ben", "Cleo", "Dora"))
    session = ui.app.table.session
    deck, contacts, gun = tiles(game)
    assert (deck.big, deck.label, deck.value) == (True, "Interrogation Deck", "18/18")
    assert (contacts.label, contacts.value) == ("Prison Contacts Deck", "10")
    assert (gun.label, gun.value) == ("Gun pile", "0/5")
    assert deck.marks == [7 / 18] and deck.tick(0)[0] == pytest.approx(deck.x + 8 + (deck.width - 16) * 7 / 18)
    number = next(w for w in deck.walk() if getattr(w, 'text', None) == '18/18')
    assert number.font_size >= 48       # read across the table

    act(ui, "cards_ready")
    for name in ("Anna", "Ben", "Cleo", "Dora"):
        scheme(ui, name, 1)
    act(ui, "pick_guard")
    answer(ui, "Ben")
    act(ui, "pick_soap")
    answer(ui, "Anna")
    before = tiles(game)
    for left in (17, 16):
        act(ui, "draw_card")
        ui.app.table.on_input(InputEvent.CONFIRM)        # CONFIRM passes the Soap
        assert session.state["interrogation"] == left
        assert tiles(game) == before and deck.value == f"{left}/18"   # the same tiles, new numbers
    ui.app.root.ids.toast.hide()
    look(ui, "board-snitch-counters")


def test_sing_sing_windows_show_their_bars_and_hide_them_while_a_guess_runs(make_ui):
    ui = make_ui(seat=0)
    game = start_game(ui, "singsing", ("Anna", "Ben", "Cleo"), {"tracker": ["value"]})   # tracker on
    windows = game.board.ids.pieces
    assert len(windows.children) == 12
    first = list(reversed(windows.children))[0]
    assert (first.short, first.pieces) == ("1", [True, True, True])
    before = list(windows.children)
    assert ui.app.table.perform({"type": "remove_bar", "player": 0, "window": 1, "bar": "long"}).ok
    assert list(windows.children) == before and first.pieces == [True, False, True]   # in place
    ui.app.root.ids.toast.hide()
    look(ui, "board-singsing-windows")
    # the masked player must not see where the bar went: no windows while the guess runs
    while ui.app.table.session.state["phase"] != "guess":
        spec = ui.app.table.session.game.legal_actions(ui.app.table.session.state)[0]
        action = {"type": spec.type, **({"player": spec.player} if spec.player is not None else {})}
        action.update({name: p.choices[0] for name, p in spec.params.items() if p.choices})
        assert ui.app.table.perform(action).ok, action
    assert windows.children == []


@pytest.mark.parametrize("game, names", [("snitch", ("Anna", "Ben", "Cleo", "Dora")),
                                         ("heist", ("Anna", "Ben", "Cleo", "Dora"))])
def test_a_counters_name_is_read_at_24_px_in_german_a_long_word_hyphenated_never_smaller(make_ui, game, names):
    """ "Kontaktstapel", "Himmelblau": wider than a tile at 24 px, so broken as print
    does ("Kontakt-" / "stapel") rather than drawn at 14-18 px."""
    from kivy.core.text import Label as CoreLabel
    from ui.widgets.text import WholeWordsLabel
    ui = make_ui(seat=0)
    ui.app.table.set_language("de")
    ids = start_game(ui, game, names)
    ui.pump(3)
    broken = 0
    for tile in tiles(ids):
        label = next(w for w in tile.walk() if isinstance(w, WholeWordsLabel))
        assert label.font_size >= 24, f"{tile.label}: {label.font_size} px"
        assert label.text.replace("-\n", "").replace("\n", " ") == tile.label   # every letter, in order
        for line in label.text.split("\n"):
            width = CoreLabel(text=line, font_size=label.font_size, bold=label.bold)
            width.refresh()
            assert width.texture.size[0] <= label.width, f"{line!r} is wider than its tile"
        broken += "-\n" in label.text
    assert broken, "no German counter name needed a hyphen: this test checks nothing"
    ui.app.root.ids.toast.hide()
    look(ui, f"board-de-{game}-counters-hyphenated")


@pytest.mark.parametrize("lang, lines", [("de", ["Aufent-", "haltsraum"]), ("en", ["Recre-", "ational Area"])])
def test_a_place_too_wide_for_its_tile_breaks_where_its_languages_dictionary_says(make_ui, lang, lines):
    """Dig's places at 24 px: a word wider than its tile breaks by the table's language's
    hyphenation dictionary (Auf-ent-halts-raum, Recre-ation-al), where a guess at
    syllables drew "Aufenthalt-" / "sraum" and "Recreatio-" / "nal Area". The tile has
    130 px for the line: "Aufenthalts-" is 132 px, so the dictionary's break before it."""
    from ui.widgets.text import WholeWordsLabel
    ui = make_ui(seat=0)
    ui.app.table.set_language(lang)
    game = start_game(ui, "dig", ("Anna", "Ben", "Cleo", "Dora"))
    ui.pump(3)
    tiles = list(reversed(game.board.ids.areas.children))
    place = next(tile for tile in tiles if tile.title in ("Aufenthaltsraum", "Recreational Area"))
    label = next(w for w in place.walk() if isinstance(w, WholeWordsLabel))
    assert label.font_size >= 24
    assert label.text.split("\n") == lines
    assert label.text.replace("-\n", "").replace("\n", " ") == place.title      # every letter, in order
    ui.app.root.ids.toast.hide()
    look(ui, f"board-{lang}-dig-places-hyphenated")
