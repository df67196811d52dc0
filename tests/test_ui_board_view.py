"""The board in the middle of the table view (ui/board_view.py): the counters large,
in the game's short words, the main number first with its thresholds marked and
how far to the next one said beside it, updated in place as the table moves on;
their names and the places' names at 24 px, whole, inside their tiles, a word too
wide for its tile broken where the table's language's dictionary says."""
import dataclasses

import pytest

from companion.inputs import InputEvent
from test_ui_game_snitch import scheme
from test_ui_seat_cards import box, within
from ui_fixtures import act, answer, kivy_window, look, make_ui, start_game  # noqa: F401

pytestmark = pytest.mark.ui


def tiles(game):
    return list(reversed(game.board.ids.counters.children))


def inside(widget, tile) -> bool:
    return within(box(widget), box(tile))


def note_label(tile):
    """The words beside a counter's threshold ("riot in 11"), as drawn."""
    return next(w for w in tile.walk(restrict=True) if getattr(w, "text", None) == tile.note and w is not tile)


def test_the_snitch_deck_is_the_big_counter_with_the_riot_marked_and_counts_down_in_place(make_ui):
    ui = make_ui(seat=0)
    game = start_game(ui, "snitch", ("Anna", "Ben", "Cleo", "Dora"))
    session = ui.app.table.session
    t = ui.app.table.t
    ui.pump(2)
    deck, contacts, gun = tiles(game)
    assert (deck.big, deck.label, deck.value) == (True, t("snitch.board.deck_short"), "18/18")
    assert (contacts.label, contacts.value) == (t("snitch.board.contacts_short"), "10")
    assert (gun.label, gun.value) == (t("snitch.board.gun_pile_short"), "0/5")
    assert deck.marks == [7 / 18] and deck.tick(0)[0] == pytest.approx(deck.x + 8 + (deck.width - 16) * 7 / 18)
    # how many cards to the riot, said by its red tick, whole and inside the tile
    assert deck.note == t("snitch.board.riot_in", count=11) == "riot in 11"
    note = note_label(deck)
    assert note.opacity and note.font_size >= 24 and inside(note, deck)
    number = next(w for w in deck.walk() if getattr(w, 'text', None) == '18/18')
    assert number.font_size >= 48 and inside(number, deck)      # read across the table

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
        assert deck.note == t("snitch.board.riot_in", count=left - 7)
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
    ui.shot("board-singsing-windows")       # to look at, whatever the checks find
    look(ui, "board-singsing-windows")
    # the masked player must not see where the bar went: no windows while the guess runs
    while ui.app.table.session.state["phase"] != "guess":
        spec = ui.app.table.session.game.legal_actions(ui.app.table.session.state)[0]
        action = {"type": spec.type, **({"player": spec.player} if spec.player is not None else {})}
        action.update({name: p.choices[0] for name, p in spec.params.items() if p.choices})
        assert ui.app.table.perform(action).ok, action
    assert windows.children == []


def counter_names(game) -> list:
    """The board's counters: each tile, the label drawing its name, and the name."""
    from ui.widgets.text import WholeWordsLabel
    return [(tile, next(w for w in tile.walk() if isinstance(w, WholeWordsLabel)), tile.label) for tile in tiles(game)]


# (Heist's "Abgeschlossen" now stands on one line beside its number, whole: nothing to break)
@pytest.mark.parametrize("game, names", [("snitch", ("Anna", "Ben", "Cleo", "Dora"))])
def test_a_counters_name_is_read_at_24_px_in_german_a_long_word_hyphenated_never_smaller(make_ui, game, names):
    """The counters' names in German at 24 px, whole and inside their tiles: as the game
    gives them (short where room is short: "Verhör", "Kontakte"), and as a game giving
    only the long names would have them ("Verhörstapel", "Kontaktstapel", "Abgeschlossene
    Heists"): a word wider than its tile broken as print does, where the dictionary
    says ("Kontakt-" / "stapel"), rather than drawn at 14-18 px."""
    ui = make_ui(seat=0)
    ui.app.table.set_language("de")
    ids = start_game(ui, game, names)
    ui.app.root.ids.toast.hide()
    ui.pump(3)
    ui.shot(f"board-de-{game}-counters")     # to look at, whatever the checks find
    check_names(counter_names(ids), "de")
    look(ui, f"board-de-{game}-counters")

    session, screen = ui.app.table.session, ui.app.screen("game")
    board = session.game.board(session.view, ui.app.table.t)
    whole = dataclasses.replace(board, counters=tuple(dataclasses.replace(c, short="") for c in board.counters))
    ids.board.show(whole, screen.players(session))
    ui.pump(3)
    ui.shot(f"board-de-{game}-counters-hyphenated")
    drawn = check_names(counter_names(ids), "de")       # (names no game gives: the whole screen is looked at above)
    assert [lines for lines in drawn if lines[0].endswith("-")], "no German counter name needed a hyphen: " \
                                                                 "this test checks nothing"


def place_titles(game) -> list:
    """The board's places and the label drawing each one's name."""
    from ui.widgets.text import WholeWordsLabel
    return [(tile, next(w for w in tile.walk() if isinstance(w, WholeWordsLabel)))
            for tile in reversed(game.board.ids.areas.children)]


def check_place_names(game, lang) -> list[list[str]]:
    """Every place's name (check_names), a crowded one's too (everybody in the Cells at
    the start, six seats): its chips go below it. The names' lines."""
    shown = []
    for tile, label in place_titles(game):
        assert tile.title_shown, tile.title
        shown.append((tile, label, tile.title))
    return check_names(shown, lang)


def check_names(named, lang) -> list[list[str]]:
    """Each (tile, label, name): the name at 24 px, every letter in order, each line inside
    its tile; a word broken only with a hyphen where the language's dictionary breaks it.
    The names' lines, as drawn."""
    from ui.wrapping import dictionary_breaks
    drawn = []
    for tile, label, name in named:
        label.texture_update()
        lines = ["".join(word.text for word in line.words).strip() for line in label._label._cached_lines]
        where = f"{name!r} drawn as {lines}"
        assert label.font_size >= 24, where
        assert label.text.replace("-\n", "").replace("\n", " ") == name, where     # every letter, in order
        assert " ".join(lines).replace("- ", "") == name.replace("-", ""), where
        assert label.texture_size[0] <= label.width + 1, f"{where}: wider than its tile"
        assert inside(label, tile), f"{where}: out of its tile"
        for line, after in zip(lines, lines[1:]):
            if line.endswith("-"):         # a word broken: where the dictionary says
                head, tail = line[:-1].split(" ")[-1], after.split(" ")[0]
                assert len(head) in dictionary_breaks(head + tail, lang), where
        drawn.append(lines)
    return drawn


@pytest.mark.parametrize("lang", ["en", "de"])
@pytest.mark.parametrize("count", [2, 6])
def test_the_places_short_names_are_whole_at_24_px_in_their_tiles(make_ui, lang, count):
    """Dig's places as the game names them where room is short, at its fewest and most seats."""
    ui = make_ui(seat=0)
    ui.app.table.set_language(lang)
    game = start_game(ui, "dig", ("Anna", "Ben", "Cleo", "Dora", "Emil", "Fenja")[:count])
    ui.pump(3)
    session = ui.app.table.session
    board = session.game.board(session.view, ui.app.table.t)
    assert [tile.title for tile, _label in place_titles(game)] == [area.short or area.label for area in board.areas]
    ui.app.root.ids.toast.hide()
    ui.shot(f"board-{lang}-dig-{count}-places")      # to look at, whatever the checks find
    check_place_names(game, lang)
    ui.app.root.ids.toast.hide()
    look(ui, f"board-{lang}-dig-{count}-places")


@pytest.mark.parametrize("lang, lines", [("de", ["Aufent-", "haltsraum"]), ("en", ["Recre-", "ational", "Area"])])
def test_a_place_too_wide_for_its_tile_breaks_where_its_languages_dictionary_says(make_ui, lang, lines):
    """A place with no short name, wider than its tile at 24 px (Dig's places by their
    whole names, five side by side with six seats): it breaks by the table's language's
    hyphenation dictionary (Auf-ent-halts-raum, Recre-ation-al), where a guess at
    syllables drew "Aufenthalt-" / "sraum" and "Recreatio-" / "nal Area"."""
    ui = make_ui(seat=0)
    ui.app.table.set_language(lang)
    game = start_game(ui, "dig", ("Anna", "Ben", "Cleo", "Dora", "Emil", "Fenja"))
    session, screen = ui.app.table.session, ui.app.screen("game")
    board = session.game.board(session.view, ui.app.table.t)
    whole = dataclasses.replace(board, areas=tuple(dataclasses.replace(a, short="") for a in board.areas))
    game.board.show(whole, screen.players(session))
    ui.app.root.ids.toast.hide()
    ui.pump(3)
    ui.shot(f"board-{lang}-dig-places-hyphenated")
    drawn = dict(zip([tile.title for tile, _label in place_titles(game) if tile.title_shown],
                     check_place_names(game, lang)))
    assert drawn[{"de": "Aufenthaltsraum", "en": "Recreational Area"}[lang]] == lines
    ui.app.root.ids.toast.hide()
    look(ui, f"board-{lang}-dig-places-hyphenated")


@pytest.mark.parametrize("michel", [False, True])
@pytest.mark.parametrize("lang", ["en", "de"])
@pytest.mark.parametrize("size", [(800, 480), (1280, 720)])
def test_a_crowded_place_keeps_its_name_above_all_six_chips(make_ui, kivy_window, size, lang, michel):
    """Dig at six seats: every prisoner starts in the first place. Its name stays, at 24 px,
    whole, with the six chips (and Michel(le), when there) below it, every letter clear of
    the others (layout_problems), inside the tile: a player can tell which place it is."""
    from ui_fixtures import HEIGHT, WIDTH
    kivy_window.size = size
    try:
        ui = make_ui(seat=0)
        ui.app.table.set_language(lang)
        game = start_game(ui, "dig", ("Anna", "Ben", "Cleo", "Dora", "Emil", "Fenja"))
        session, screen = ui.app.table.session, ui.app.screen("game")
        board = session.game.board(session.view, ui.app.table.t)
        first = board.areas[0].key
        assert [t.place for t in board.tokens if t.colour] == [first] * 6
        if michel:     # Michel(le) walks into the crowded place too
            from companion.board import Token
            others = tuple(t for t in board.tokens if t.key != "michel")
            board = dataclasses.replace(board, tokens=others + (Token("michel", "Michelle", place=first, short="M"),))
            game.board.show(board, screen.players(session))
        ui.app.root.ids.toast.hide()
        ui.pump(3)
        name = f"board-{lang}-dig-crowded-{size[0]}{'-michel' if michel else ''}"
        if size == (WIDTH, HEIGHT):
            ui.shot(name)      # to look at, whatever the checks find
        tiles_ = place_titles(game)
        assert all(tile.title_shown for tile, _label in tiles_)
        check_names([(tile, label, tile.title) for tile, label in tiles_], lang)
        crowded, title = tiles_[0]
        pieces = list(crowded.ids.chips.children)
        assert len(pieces) == 6 + michel
        for piece in pieces:     # every piece shown, inside its place, under its name
            assert piece.opacity == 1 and inside(piece, crowded), piece.text
            assert piece.to_window(*piece.pos)[1] + piece.height <= title.to_window(*title.pos)[1] + 1, piece.text
        letters = [letter_box(piece) for piece in pieces]
        for i, a in enumerate(letters):     # every letter clear of the others
            for b in letters[i + 1:]:
                assert min(a[2], b[2]) - max(a[0], b[0]) <= 1 or min(a[3], b[3]) - max(a[1], b[1]) <= 1, (a, b)
        if size == (WIDTH, HEIGHT):
            look(ui, name)
        else:     # an offscreen window keeps its first size's picture: the layout alone
            from ui_fixtures import layout_problems
            assert layout_problems(ui) == []
    finally:
        kivy_window.size = (WIDTH, HEIGHT)


def letter_box(piece) -> tuple:
    """Where a chip's letter (or a tag's words) is inked on the window: as wide as drawn,
    a capital's height (0.72 of 24 px), set low on a triangle (Chip.letter_drop)."""
    from ui.widgets.text import drawn_width
    x, y = piece.to_window(piece.center_x, piece.center_y)
    y -= getattr(piece, "letter_drop", 0) * min(piece.size)
    half_w, half_h = drawn_width(piece.text, piece.font_size, True) / 2, 0.36 * piece.font_size
    return (piece.text, x - half_w, y - half_h, x + half_w, y + half_h)[1:]



@pytest.mark.parametrize("banner", ["notice", "game"])
@pytest.mark.parametrize("lang", ["en", "de"])
def test_heist_at_six_seats_with_a_banner_up_the_gems_and_the_heists_share_the_room(make_ui, lang, banner):
    """Heist at its most seats at 800x480 with a banner up above the board (the app's
    "No voice" notice, or the game's own): the board gets less height. The gem pips and
    the heists share it, never drawn over each other (layout_problems): the heists keep
    their names whole inside their tiles, the pips' line above them; short of room for
    both, the pips' line gives way (German: a taller prompt), never the names drawn over."""
    ui = make_ui(seat=0)
    ui.app.table.set_language(lang)
    game = start_game(ui, "heist", ("Anna", "Ben", "Cleo", "Dora", "Emil", "Fenja"))
    if banner == "notice":
        ui.app.table.voice_failed()      # said once, a line or two above the screens
        assert ui.app.root.ids.banner.text
    else:
        game.banner.text = ui.app.table.t("heist.banner.bag_empty")
    ui.app.root.ids.toast.hide()
    ui.pump(3)
    name = f"board-{lang}-heist-6-{banner}-banner"
    ui.shot(name)      # to look at, whatever the checks find
    board, pips, areas = game.board, game.board.ids.pips, game.board.ids.areas
    assert pips.text and areas.children
    if lang == "en" or banner == "notice":     # room for the heists' names: kept
        assert board.places_shown and areas.opacity == 1
    for tile, label in place_titles(game) if board.places_shown else ():
        assert tile.title_shown and label.opacity == 1, tile.title
        assert inside(label, tile) and inside(tile, board), tile.title
        if board.pips_shown:    # the pips' drawn line above every heist's name
            assert pips.to_window(pips.x, pips.center_y - pips.texture_size[1] / 2)[1] \
                >= label.to_window(label.x, label.top)[1] - 1, tile.title
    if board.pips_shown:
        assert pips.opacity == 1 and inside(pips, board)
    else:
        assert pips.opacity == 0 and pips.height == 0
    look(ui, name)


def test_a_place_whose_name_just_fills_its_tile_asks_room_for_the_two_lines_it_is_drawn_in(make_ui):
    """A place's name a hair narrower than its tile but wider than the room its label
    breaks lines at: drawn on two lines, so the room the place asks of the map (its
    name and a row of chips under it) holds two lines of it, where it counted one and
    the chips below could be given too little height and drawn over the name."""
    from ui.widgets.text import WholeWordsLabel, drawn_width
    from kivy.metrics import dp
    ui = make_ui(seat=0)
    game = start_game(ui, "dig", ("Anna", "Ben", "Cleo", "Dora", "Emil", "Fenja"))
    session, screen = ui.app.table.session, ui.app.screen("game")
    ui.pump(3)
    tile, label = place_titles(game)[0]
    width = label.width
    # one word between the label's room (its width less dp(4)) and its width: "Yardii…rr…"
    name = next(text for text in (f"Yard{'i' * a}{'r' * b}" for a in range(40) for b in range(12))
                if width - dp(4) < drawn_width(text, dp(24), True) <= width - 0.5)
    board = session.game.board(session.view, ui.app.table.t)
    named = dataclasses.replace(board, areas=(dataclasses.replace(board.areas[0], short=name), *board.areas[1:]))
    game.board.show(named, screen.players(session))
    ui.app.root.ids.toast.hide()
    ui.pump(3)
    label.texture_update()
    assert tile.title == name and isinstance(label, WholeWordsLabel)
    assert len(label._label._cached_lines) == 2, label.text          # drawn on two lines
    chips = tile.ids.chips
    asked = tile.need - tile.padding[1] - tile.padding[3] - (tile.spacing * 2 + dp(48) if chips.children else 0)
    assert asked >= label.height - 1, (asked, label.height)
    ui.shot("board-en-dig-place-name-at-the-edge")
    look(ui, "board-en-dig-place-name-at-the-edge")
