"""The table view (issue 33): every game at its most seats, in English and German, at
800x480 as on the Pi and at 1280x720: every seat, the board and the next step in view
with nothing to scroll, the seats round the edge in their clockwise order, the seat
whose turn it is standing out, at most two lines of prompt, and at the end a ranked
scoreboard. Played at random through the table presenter, checked and photographed."""
import random

import pytest

from companion.games import GAMES, IllegalAction
from random_play import random_action
from ui_fixtures import (kivy_window, layout_problems, look, make_ui, seat_cards, start_game,  # noqa: F401
                         to_gun_vote)

pytestmark = pytest.mark.ui

NAMES = ["Anna-Katharina", "Benedikt", "Cleo", "Dragomir", "Emil", "Fenja"]
PLAYED = ["snitch", "dig", "heist", "singsing"]


def scrollers(widget):
    from kivy.uix.scrollview import ScrollView
    return [w for w in widget.walk() if isinstance(w, ScrollView)]


# a game's key moment: the phase in which the table most needs to read the screen
KEY_MOMENT = {"dig": "extortion", "heist": "roll", "singsing": "guess", "snitch": "gun_vote"}


def play(ui, steps: int, seed: int, until: str | None = None) -> None:
    """Random legal steps, committed as taps would commit them (up to a phase, when
    given), then the screen."""
    session = ui.app.table.session
    rng = random.Random(seed)
    for _ in range(steps):
        legal = session.game.legal_actions(session.view)
        if not legal or session.state.get("phase") == until:
            break
        try:
            session.act(random_action(rng.choice(legal), rng))
        except IllegalAction:
            continue
    ui.app.screen("game").refresh()
    ui.pump(2)


def check_table(ui, count: int, name: str | None) -> None:
    """Everything a player needs is on the one screen, whole: then its picture."""
    screen = ui.app.screen("game")
    assert scrollers(screen) == [], "nothing on the table view scrolls"
    width, height = ui.app.root.get_root_window().size
    tokens = seat_cards(ui)
    assert len(tokens) == count
    session = ui.app.table.session
    if screen.scoreboard:      # the end: every seat in the ranked scoreboard instead
        rows = list(reversed(screen.ids.board.ids.scores.children))
        assert len(rows) == count and [int(r.rank) for r in rows] == sorted(int(r.rank) for r in rows)
    else:
        for token in tokens:   # each seat whole on the screen
            x, y = token.to_window(*token.pos)
            assert 0 <= x and x + token.width <= width + 1 and 0 <= y and y + token.height <= height + 1, token.name
        current = session.view.get("current")
        if isinstance(current, int) and not session.finished:
            assert [t.current for t in tokens] == [seat == current for seat in range(count)]
        # clockwise round the edge: up the left side, then down the right
        left, right = tokens[:(count + 1) // 2], tokens[(count + 1) // 2:]
        assert [t.y for t in left] == sorted(t.y for t in left)
        assert [t.y for t in right] == sorted((t.y for t in right), reverse=True)
        assert all(t.right <= screen.ids.board.x for t in left)
        assert all(t.x >= screen.ids.board.right for t in right)
    for tile in screen.ids.board.ids.counters.children:    # a counter is read across the table
        value = tile.children[-1]
        assert value.font_size >= 48, (tile.label, value.font_size)
    prompt = screen.ids.prompt
    assert len(prompt._label._cached_lines) <= 2 or not prompt.text, prompt.text   # two lines at most
    ui.app.root.ids.toast.hide()
    if name is None:    # an offscreen window keeps its first size's picture: the layout alone
        ui.pump(2)
        assert layout_problems(ui) == []
        return
    drawn = ui.shot(f"{name}-as-drawn")      # to look at, whatever the checks find
    look(ui, name, drawn=drawn)              # the same state: that picture, not another frame


def sit_down(make_ui, game: str, lang: str, count: int, options=None):
    """A table of `count` seats in `lang`, `game` begun by touch."""
    ui = make_ui()
    ui.app.table.set_language(lang)
    start_game(ui, game, NAMES[:count], options=options)
    return ui


@pytest.mark.parametrize("lang", ["en", "de"])
@pytest.mark.parametrize("game", PLAYED)
def test_the_whole_table_is_in_view_at_800x480_with_the_most_seats(make_ui, game, lang):
    count = GAMES[game].max_players
    ui = sit_down(make_ui, game, lang, count)
    check_table(ui, count, f"table-{game}-{lang}-start")
    for round_ in range(4):
        play(ui, 30, seed=round_)
        check_table(ui, count, f"table-{game}-{lang}-{round_}")
    play(ui, 3000, seed=9)        # on to the end: the ranked scoreboard
    if ui.app.table.session.finished:
        check_table(ui, count, f"table-{game}-{lang}-end")


@pytest.mark.parametrize("game", PLAYED)
def test_at_1280x720_the_table_view_uses_the_room(make_ui, kivy_window, game):
    from ui_fixtures import HEIGHT, WIDTH
    kivy_window.size = (1280, 720)
    try:
        ui = make_ui()
        count = GAMES[game].max_players
        start_game(ui, game, NAMES[:count])
        play(ui, 12, seed=1)
        screen = ui.app.screen("game")
        assert not screen.scoreboard
        assert screen.ids.left.width > 300 and screen.ids.board.width > 500   # wider seats, a wider board
        check_table(ui, count, None)
    finally:
        kivy_window.size = (WIDTH, HEIGHT)


@pytest.mark.parametrize("lang", ["en", "de"])
@pytest.mark.parametrize("game", PLAYED)
def test_the_fewest_seats_in_setup_and_at_the_key_moment(make_ui, game, lang):
    count = GAMES[game].min_players
    options = {"checklist": []} if "checklist" in {o.name for o in GAMES[game].options} else None
    ui = sit_down(make_ui, game, lang, count, options)       # the setup checklist left on
    check_table(ui, count, f"table-{game}-{lang}-fewest-setup")
    if game == "snitch":
        to_gun_vote(ui.app)
        ui.app.screen(ui.app.sm.current).refresh()
        if ui.app.sm.current != "game":     # the secret vote is passed round on its own screen
            return
    else:
        for seed in range(40):
            play(ui, 400, seed=seed, until=KEY_MOMENT[game])
            if ui.app.table.session.state.get("phase") == KEY_MOMENT[game]:
                break
    assert ui.app.table.session.state.get("phase") == KEY_MOMENT[game]
    check_table(ui, count, f"table-{game}-{lang}-fewest-{KEY_MOMENT[game]}")
