"""The dice table screen (ui/screens/dice.py): what the big die shows as the turn passes,
a long game's counts in their panel, each seat's last roll on its token (the seats
themselves: tests/test_ui_dice_table.py)."""
import pytest

from companion.session import Session
from companion.store import DB_NAME, Store
from ui_fixtures import FirstSeat, StubRig, kivy_window, look, make_ui, start_game  # noqa: F401
from ui import theme

pytestmark = pytest.mark.ui


def test_the_last_roll_is_dimmed_once_the_turn_passes_and_bright_again_after_undo(make_ui):  # noqa: F811
    ui = make_ui(seat=0)
    dice = start_game(ui, "dice", ("Anna", "Ben"))
    number = dice.die.children[-1]                     # the die's big number
    ui.tap(dice.die)
    face = str(ui.app.table.session.rolls()[-1].dice[0])
    assert dice.die.big == face and not dice.die.stale and list(number.color) == list(theme.TEXT)

    ui.tap(dice.pass_btn)                              # Ben's turn: Anna's roll is not his
    assert dice.headline.text == "Ben's turn"
    assert dice.die.big == face and dice.die.stale and list(number.color) == list(theme.TEXT_OFF)
    ui.app.root.ids.toast.hide()
    look(ui, "dice-previous-roll-dimmed")

    ui.tap(dice.undo_btn)                              # back to Anna, who rolled it
    assert not dice.die.stale and list(number.color) == list(theme.TEXT)


def long_table(rolls: int, dice: int = 1) -> Store:
    """A dice table of four where this many rolls were made, faces 1 to 6 in turn, one more 6 each 7th."""
    store = Store.memory()
    session = Session.create(store, "dice", ["Anna", "Ben", "Cleo", "Dee"], {"dice": dice}, rng=FirstSeat(0))
    for n in range(rolls):
        session.act({"type": "roll", "dice": [6 if n % 7 == 6 else 1 + (n + k) % 6 for k in range(dice)]})
        if n % 3 == 2:
            session.act({"type": "pass"})
    session.close()
    return store


def seat_figures(ui) -> list[list[str]]:
    """What each seat's token says of its last roll, in seat order."""
    screen = ui.app.screen("dice")
    return [card.counts for card in screen.seat_tokens(len(ui.app.table.session.setup["players"]))]


def last_rolls(session) -> list:
    """Each seat's own last roll (its faces), from the rolls made, in seat order."""
    last = {}
    for item in session.rolls():
        last[item.player] = item.dice
    return [last.get(seat) for seat in range(len(session.setup["players"]))]


def said(dice) -> list[str]:
    """A roll as the seat's token says it in English."""
    if not dice:
        return ["–"]
    return [f"Rolled {dice[0]}"] if len(dice) == 1 else [f"{'+'.join(map(str, dice))}={sum(dice)}"]


@pytest.mark.parametrize("keys", ["keys shown", "no keys"])   # off a Pi the keys' help takes a strip of the height
def test_a_long_games_counts_and_each_seats_last_roll_fit(make_ui, keys):  # noqa: F811
    ui = make_ui(store=long_table(7000), rig=StubRig(key_help=None if keys == "keys shown" else []))
    dice = ui.ids("dice")
    counts = ui.app.table.session.histogram()
    assert min(counts.values()) >= 1000                               # four digits each
    rows = list(reversed(dice.histogram.children))
    assert [(bar.face, bar.count) for bar in rows] == sorted(counts.items())
    # look(): no count spills out of its box (stood over a 24 px column, "1000" ran into its neighbours)
    look(ui, f"dice-long-game-{keys.replace(' ', '-')}")
    assert dice.panel.opacity == 1 and dice.histogram.columns == (3 if keys == "keys shown" else 2)
    # rows close up at most into the digits' empty margins: the digits of two rows in a column never touch
    for upper, lower in zip(rows, rows[1:]):
        if abs(upper.x - lower.x) < 1:
            assert upper.y - lower.top >= -0.25 * upper.height - 0.5
    assert all(dice.histogram.y - 0.5 <= bar.y and bar.top <= dice.histogram_title.y + 0.5 for bar in rows)
    assert seat_figures(ui) == [said(dice) for dice in last_rolls(ui.app.table.session)]


def test_a_banner_above_the_table_the_counts_give_way_inside_their_panel(make_ui, tmp_path):  # noqa: F811
    """A notice banner (here: a damaged saved-games file) takes some 70 px of the height:
    beside the seats' row and the keys' line the counts have no room left, and they give
    way rather than run over the timer and their title (they ran up over both)."""
    data = tmp_path / "data"
    data.mkdir()
    (data / DB_NAME).write_bytes(b"not sqlite" * 500)
    ui = make_ui(data_dir=data, seat=0)
    assert ui.app.root.ids.banner.text
    dice = start_game(ui, "dice", ("Anna", "Ben", "Cleo"))
    for _ in range(5):
        ui.tap(dice.die)
        ui.tap(dice.pass_btn)
    ui.app.root.ids.toast.hide()
    look(ui, "dice-banner-counts-folded")          # and no text drawn over another
    from kivy.metrics import dp
    chart = dice.histogram
    assert dice.panel.opacity == 0 and dice.panel.height < dp(88)
    assert sum(bar.count for bar in chart.children) == 5                  # kept counting, for when room comes
    assert dice.timer_btn.y >= dice.panel.top - 0.5 and dice.undo_btn.top <= dice.panel.y + 0.5


def test_each_seats_token_keeps_its_own_last_roll_through_rolls_passes_and_undos(make_ui):  # noqa: F811
    ui = make_ui(seat=0)
    dice = start_game(ui, "dice", ("Anna", "Ben", "Cleo", "Dee"))
    session = ui.app.table.session
    screen = ui.app.screen("dice")
    cards = screen.seat_tokens(4)
    assert seat_figures(ui) == [["–"]] * 4                 # nobody has rolled yet
    for n in range(14):
        ui.tap(dice.die)
        if n % 2:
            ui.tap(dice.pass_btn)
        assert seat_figures(ui) == [said(d) for d in last_rolls(session)]
    for _ in range(3):
        ui.tap(dice.undo_btn)
        assert seat_figures(ui) == [said(d) for d in last_rolls(session)]
    assert screen.seat_tokens(4) == cards                  # the same tokens all along


@pytest.mark.parametrize("lang", ["en", "de"])
def test_rolls_of_three_dice_show_whole_on_the_seats_tokens(make_ui, lang):  # noqa: F811
    ui = make_ui(store=long_table(3000, dice=3))
    ui.app.table.set_language(lang)
    ui.pump(2)
    dice = ui.ids("dice")
    assert dice.histogram_title.text == {"en": "All rolls: 9000", "de": "Würfe: 9000"}[lang]
    # look(): no roll cut short or broken over two lines, no title shortened
    look(ui, f"dice-three-dice-{lang}")
    for figure, faces in zip(seat_figures(ui), last_rolls(ui.app.table.session)):
        assert figure == [f"{'+'.join(map(str, faces))}={sum(faces)}"]
    latest = ui.app.table.session.rolls()[-1].dice
    assert dice.die.big == " ".join(map(str, latest))


def test_a_reopened_tables_tokens_are_laid_out_at_their_width_before_the_first_frame(kivy_window):  # noqa: F811
    """Each new seat token, and each box in it, has its width when the table is made: left
    to Kivy, a token's boxes were laid out at the 100 px they are made with first, its name
    drawn two lines high there, then all of it again at the token's width in the first
    frame (the start of a reopened table)."""
    from kivy.clock import Clock

    from ui.start import build_app, close_app
    app = build_app(store=long_table(9), rig=StubRig(key_help=[]))
    try:
        screen = app.screen("dice")
        cards = screen.seat_tokens(4)
        row = screen.ids.seats_top
        # (the name's own width is its drawn lines', as tight as they are: set once they are drawn)
        made = [(card.width, card.ids.row.width, card.ids.side.width) for card in cards]
        assert all(width == (row.width - 3 * row.spacing) / 4 for width, *_ in made)
        for _ in range(3):
            Clock.tick()
        assert [(card.width, card.ids.row.width, card.ids.side.width) for card in cards] == made
    finally:
        close_app(app)
