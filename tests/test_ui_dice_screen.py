"""The dice table screen (ui/screens/dice.py): what the big die shows as the turn passes,
and a long game's counts and last rolls in their panel."""
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


@pytest.mark.parametrize("keys", ["keys shown", "no keys"])   # off a Pi the keys' help takes a strip of the height
def test_a_long_games_counts_and_last_rolls_fit_the_panel(make_ui, keys):  # noqa: F811
    ui = make_ui(store=long_table(7000), rig=StubRig(key_help=None if keys == "keys shown" else []))
    dice = ui.ids("dice")
    counts = ui.app.table.session.histogram()
    assert min(counts.values()) >= 1000                               # four digits each
    rows = list(reversed(dice.histogram.children))
    assert [(bar.face, bar.count) for bar in rows] == sorted(counts.items())
    # look(): no count spills out of its box (stood over a 24 px column, "1000" ran into its neighbours)
    look(ui, f"dice-long-game-{keys.replace(' ', '-')}")
    # rows close up at most into the digits' empty margins: the digits of two rows never touch
    for upper, lower in zip(rows, rows[1:]):
        assert upper.y - lower.top >= -0.25 * upper.height - 0.5
    # the last rolls: whole rows only, none half under the Undo row
    area, shown = dice.history_area, dice.history.children
    assert len(shown) >= 2 and len(shown) % 2 == 0
    assert all(area.y - 0.5 <= chip.y and chip.top <= area.top + 0.5 for chip in shown)
    latest = ui.app.table.session.rolls()[-1]
    assert list(reversed(shown))[0].text == str(latest.dice[0])     # newest first


def test_a_banner_above_the_table_folds_the_counts_into_columns_inside_their_panel(make_ui, tmp_path):  # noqa: F811
    """A notice banner (here: a damaged saved-games file) takes some 70 px of the height:
    six rows of counts no longer fit, and they ran up over the timer and their title."""
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
    chart, title = dice.histogram, dice.histogram_title
    assert chart.columns == 2
    bars = list(reversed(chart.children))
    assert [bar.face for bar in bars] == [1, 2, 3, 4, 5, 6]
    left, right = bars[:3], bars[3:]
    assert all(bar.x < right[0].x for bar in left)                       # 1-3 beside 4-6
    assert [round(bar.y) for bar in left] == [round(bar.y) for bar in right]
    assert all(chart.y - 0.5 <= bar.y and bar.top <= title.y + 0.5 for bar in bars)
    assert sum(bar.count for bar in bars) == 5


def test_the_last_rolls_stay_newest_first_through_rolls_passes_and_undos(make_ui):  # noqa: F811
    ui = make_ui(seat=0)
    dice = start_game(ui, "dice", ("Anna", "Ben", "Cleo", "Dee"))
    session = ui.app.table.session
    room = 2 * int(dice.history_area.height // dice.history.children[0].height) if dice.history.children else 0

    def shown():
        return [(chip.letter, chip.text) for chip in reversed(dice.history.children)]

    def newest_first():
        players = session.setup["players"]
        return [(players[r.player]["letter"], str(r.dice[0])) for r in reversed(session.rolls())]

    for n in range(14):
        ui.tap(dice.die)
        if n % 2:
            ui.tap(dice.pass_btn)
        room = room or 2 * int(dice.history_area.height // dice.history.children[0].height)
        assert shown() == newest_first()[:room]
    assert room >= 4 and len(session.rolls()) > room           # the history is full and rolls over
    chips = {id(chip) for chip in dice.history.children}
    ui.tap(dice.die)
    assert shown() == newest_first()[:room]
    assert {id(chip) for chip in dice.history.children} == chips   # the oldest chip shows the newest roll
    for _ in range(3):
        ui.tap(dice.undo_btn)
        assert shown() == newest_first()[:room]


@pytest.mark.parametrize("lang", ["en", "de"])
def test_rolls_of_three_dice_show_whole_in_the_last_rolls(make_ui, lang):  # noqa: F811
    ui = make_ui(store=long_table(3000, dice=3))
    ui.app.table.set_language(lang)
    ui.pump(2)
    dice = ui.ids("dice")
    assert dice.histogram_title.text == {"en": "All rolls: 9000", "de": "Würfe: 9000"}[lang]
    # look(): no roll cut short to "1..." (two to a row left each some 40 px), no title shortened
    look(ui, f"dice-three-dice-{lang}")
    assert dice.history.cols == 1
    latest = ui.app.table.session.rolls()[-1].dice
    text = f"{'+'.join(map(str, latest))} = {sum(latest)}"
    assert list(reversed(dice.history.children))[0].text == text and len(dice.history.children) >= 3
