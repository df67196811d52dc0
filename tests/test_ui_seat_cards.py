"""The seat column at six players (five for Sing Sing): each card the name, then
the chip with what lies in front of the player beside it ("4 cards · 0 Items"),
then the tags; everything at 24 px and as little height as that allows, so as
many seats as possible show without scrolling. Long names: tests/test_ui_words.py.
Screenshots: build/screenshots/seats-*.png."""
import pytest

from companion.config import Config
from companion.games import GAMES
from test_ui_words import play_some, seat_table
from ui_fixtures import kivy_window, layout_problems, look, make_ui  # noqa: F401

pytestmark = pytest.mark.ui

NAMES = ("Anna", "Ben", "Cleo", "Dora", "Emil", "Fritz")


def cards(ui):
    return list(reversed(ui.app.screen("game").ids.seats.children))


def whole_cards(ui) -> int:
    """How many seat cards show whole in the seat column, scrolled to the top."""
    screen = ui.app.screen("game")
    view = screen.ids.seat_scroll
    view.scroll_y = 1
    ui.pump(2)
    top = view.to_window(view.x, view.top)[1]
    bottom = view.to_window(view.x, view.y)[1]
    return sum(bottom - 1 <= card.to_window(card.x, card.y)[1] and card.to_window(card.x, card.top)[1] <= top + 1
               for card in cards(ui))


def check_cards(ui):
    """Every card: all text at 24 px at least; the counts beside the chip, under the name."""
    from kivy.uix.label import Label
    from ui.widgets.chips import Chip
    for card in cards(ui):
        ids = card.ids
        for label in (w for w in card.walk(restrict=True) if isinstance(w, Label) and w.text and w.opacity):
            if isinstance(label, Chip):      # told by its colour and shape too; as large as on the table
                assert min(label.size) >= 48
                continue
            assert label.font_size >= 24, (card.name, label.text)
        assert ids.row.top <= ids.name.y + 1                        # the name on its own line, on top
        if card.counts:
            assert ids.side.text and ids.chip.right < ids.side.x    # the counts beside the chip
            assert ids.row.y - 1 <= ids.side.y and ids.side.top <= ids.row.top + 1
            first = card.counts[0]
            assert first in ids.side.text or first in ids.rest.text


@pytest.mark.parametrize("lang", ["en", "de"])
@pytest.mark.parametrize("game_id", ["snitch", "dig", "heist", "singsing"])
def test_a_full_table_of_seats_is_compact_and_read_at_24_px(make_ui, game_id, lang):
    ui = make_ui(config=Config(language=lang))
    seats = GAMES[game_id].max_players
    seat_table(ui, game_id, NAMES[:seats])
    ui.app.root.ids.toast.hide()
    check_cards(ui)
    # a short name, the counts beside the chip and a line of tags at most: three seats or more in sight
    assert max(card.height for card in cards(ui)) <= 140
    assert whole_cards(ui) >= 2
    look(ui, f"seats-{lang}-{game_id}-{seats}")

    def fits(_step):
        ui.pump(2)
        check_cards(ui)
        assert layout_problems(ui) == []
    play_some(ui, 8, every=fits)
    assert whole_cards(ui) >= 2
    look(ui, f"seats-{lang}-{game_id}-{seats}-played")


def test_the_snitch_counts_are_short_and_beside_the_chip(make_ui):
    ui = make_ui()
    seat_table(ui, "snitch", NAMES)
    first = cards(ui)[0]
    assert first.counts == ["4 cards", "0 Items"]                      # was "in hand 4 · Items in the stash 0"
    assert first.ids.side.text.count("\n") <= 1                        # two lines at most, beside the chip
    assert first.height <= 100 and whole_cards(ui) >= 3                # at setup: three seats whole (were two)
