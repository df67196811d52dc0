"""The seats as tokens round the edge of the table view (issue 33), at six players
(five for Sing Sing): each token the chip and the name, then the one or two figures
that matter in the game ("4 cards · Scheme 1/5") and the pieces at the seat, all at
24 px and inside the token; every token whole in the window with nothing to scroll,
all of one size; the seat whose turn it is framed. Long names: tests/test_ui_words.py.
Screenshots: build/screenshots/seats-*.png."""
import pytest

from companion.config import Config
from companion.games import GAMES
from test_ui_words import play_some, seat_table
from ui_fixtures import kivy_window, layout_problems, look, make_ui, plain, seat_cards  # noqa: F401

pytestmark = pytest.mark.ui

NAMES = ("Anna", "Ben", "Cleo", "Dora", "Emil", "Fritz")


def box(widget) -> tuple[float, float, float, float]:
    """Where a widget is on the window: left, bottom, right, top."""
    x0, y0 = widget.to_window(widget.x, widget.y)
    x1, y1 = widget.to_window(widget.right, widget.top)
    return x0, y0, x1, y1


def within(inner, outer, slack=1.0) -> bool:
    return (inner[0] >= outer[0] - slack and inner[1] >= outer[1] - slack
            and inner[2] <= outer[2] + slack and inner[3] <= outer[3] + slack)


def framed(card) -> bool:
    """Whether the token's bright frame is drawn (the seat whose turn it is)."""
    from kivy.graphics import Mesh
    return any(isinstance(i, Mesh) and len(i.vertices) > 0 for i in card.canvas.before.children)


def side_lines(card) -> list[str]:
    """The lines under the name, as a player reads them."""
    return [plain(line) for line in card.ids.side.text.split("\n")] if card.ids.side.text else []


def check_tokens(ui):
    """What a player across the table needs of every token: whole in the window, in its
    column, all one size; everything on it at 24 px (its chip 48) and inside it; at
    most two figures, each whole on one line; the seat whose turn it is framed, it alone."""
    from kivy.uix.label import Label
    from kivy.uix.scrollview import ScrollView
    from ui.widgets.chips import Chip
    screen = ui.app.screen("game")
    session = ui.app.table.session
    cards = seat_cards(ui)
    assert len(cards) == len(screen.players(session))
    assert not [w for w in screen.walk() if isinstance(w, ScrollView)], "nothing on the table view scrolls"
    window = (0, 0, *ui.app.root.get_root_window().size)
    columns = {screen.ids.left.__self__, screen.ids.right.__self__}    # ids are weak proxies
    for column in columns:      # a side's tokens share its height: one size, whoever sits there
        mine = [c for c in cards if c.parent is column]
        assert max(c.height for c in mine) - min(c.height for c in mine) <= 1, "a side's tokens are of one size"
    for card in cards:
        where = f"{card.name}'s token"
        assert card.parent in columns, where
        assert within(box(card), window) and within(box(card), box(card.parent)), f"{where} is off the window"
        side = [c for c in cards if c.parent is card.parent]
        assert card.width <= 240 and (card.height <= 130 or len(side) < 3), f"{where} is {card.size}: not compact"
        for widget in card.walk(restrict=True):
            if widget is card or not isinstance(widget, Label) or not widget.text or widget.opacity == 0:
                continue
            if isinstance(widget, Chip):      # told by its colour and shape too; as large as on the table
                assert min(widget.size) >= 48, where
            else:
                assert widget.font_size >= 24, (where, widget.text)
            assert within(box(widget), box(card)), f"{where}: {plain(widget.text)!r} spills out of it"
        assert len(card.counts) <= 2, f"{where} shows {card.counts}: two figures at most"
        lines = side_lines(card)
        for figure in [card.track] * bool(card.track) + list(card.counts):
            assert any(figure in line for line in lines), f"{where}: {figure!r} broken over lines {lines}"
    current = session.state.get("current")
    standing = [seat == current and not session.finished for seat in range(len(cards))]
    assert [card.current for card in cards] == standing
    assert [framed(card) for card in cards] == standing, "the seat whose turn it is, and it alone, framed"


@pytest.mark.parametrize("lang", ["en", "de"])
@pytest.mark.parametrize("game_id", ["snitch", "dig", "heist", "singsing"])
def test_a_full_table_of_seats_is_compact_and_read_at_24_px(make_ui, game_id, lang):
    ui = make_ui(config=Config(language=lang))
    seats = GAMES[game_id].max_players
    seat_table(ui, game_id, NAMES[:seats])
    ui.app.root.ids.toast.hide()
    ui.pump(2)
    ui.shot(f"seats-{lang}-{game_id}-{seats}")      # to look at, whatever the checks find
    check_tokens(ui)
    look(ui, f"seats-{lang}-{game_id}-{seats}")

    def fits(step):
        ui.pump(2)
        check_tokens(ui)
        assert layout_problems(ui) == [], f"{game_id} after {step} steps"
    play_some(ui, 8, every=fits)
    ui.shot(f"seats-{lang}-{game_id}-{seats}-played")
    look(ui, f"seats-{lang}-{game_id}-{seats}-played")


def test_the_snitch_figures_are_short_and_the_seat_whose_turn_it_is_is_framed(make_ui):
    ui = make_ui()
    seat_table(ui, "snitch", NAMES)
    t = ui.app.table.t
    ui.pump(2)
    first = seat_cards(ui)[0]
    # in front of each player: the cards in hand and the Scheme (the Items are a tag, when there are any)
    assert first.counts == [t("snitch.seat.hand", count=4), t("snitch.seat.no_scheme")] == ["4 cards", "no Scheme"]
    assert len(side_lines(first)) <= 2 and first.height <= 120
    play_some(ui, 12)
    ui.pump(2)
    check_tokens(ui)
    current = ui.app.table.session.state["current"]
    assert framed(seat_cards(ui)[current])
    look(ui, "seats-en-snitch-6-turn")


LONG_NAMES = ("Maximiliane-Friedrun", "Anna-Katharina Weber", "Donaudampfschiffahrt", "Wilhelmina Wolkenweg",
              "Konstantinopolitaner", "Bartholomäus Brenner")


def long_names_played(make_ui, game_id, lang):
    """Six of LONG_NAMES at a table of `game_id`, twelve steps played: the app and the
    name of its screenshot (taken, to look at whatever the checks find)."""
    ui = make_ui(config=Config(language=lang))
    seat_table(ui, game_id, LONG_NAMES)
    ui.app.root.ids.toast.hide()
    play_some(ui, 12)
    ui.pump(2)
    name = f"seats-{lang}-{game_id}-6-long-names"
    ui.shot(name)
    return ui, name


@pytest.mark.parametrize("lang", ["en", "de"])
def test_long_names_leave_each_dig_seat_its_tunnel_figure(make_ui, lang):
    """Six names of 20 letters: a name may take two lines and put its chip under it, and
    the token still shows both figures that matter, whole, a line each: the tunnel
    points (once "+2" in their place) and the Beatings (once "+1", or nothing beside
    the chip under such a name)."""
    ui, name = long_names_played(make_ui, "dig", lang)
    for card in seat_cards(ui):
        lines = side_lines(card)
        assert card.track and lines and lines[0].startswith(card.track), f"{card.name}: {lines}"
        assert lines == [card.track, *card.counts], f"{card.name}: {lines}"
    look(ui, name)


@pytest.mark.parametrize("lang", ["en", "de"])
def test_long_names_leave_each_heist_seat_both_its_figures(make_ui, lang):
    """A name of 20 letters puts the chip under it, beside the figures (~140 px): the
    heists and the cash each stay whole on a line, and the team's tag gives way to
    them ("2 cash · +1", or no "+1" where it has no room). Once the German token read
    "0 Heists · +2": the tag packed first took the cash's place."""
    ui, name = long_names_played(make_ui, "heist", lang)
    for card in seat_cards(ui):
        lines = side_lines(card)
        assert len(card.counts) == 2 and card.tags, f"{card.name}: {card.counts} {card.tags}"
        for figure in card.counts:
            assert any(figure in line for line in lines), f"{card.name}: {figure!r} left off {lines}"
    check_tokens(ui)
    look(ui, name)
