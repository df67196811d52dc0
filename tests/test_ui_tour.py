"""The first-run tour: the first table this Cellmate shows gets four steps through
it (Next, or skip), in the table's language; then never again, also after a restart."""
import pytest

from ui_fixtures import kivy_window, look, make_ui, start_table  # noqa: F401  (fixtures)

pytestmark = pytest.mark.ui


def tour_of(ui):
    return ui.app.table.tour


def window_box(widget):
    x, y = widget.to_window(*widget.pos)
    return x, y, x + widget.width, y + widget.height


def overlaps(a, b) -> bool:
    return a[0] < b[2] and b[0] < a[2] and a[1] < b[3] and b[1] < a[3]


def assert_points_without_covering(ui, tour, ids):
    """The step's targets are on the screen, lit, and the card is beside them, whole in the window."""
    ui.pump(2)
    targets = tour.targets()
    assert targets and {t for t in targets} <= {ids[name] for name in ids.keys()}
    card = window_box(tour)
    assert card[0] >= 0 and card[1] >= 0 and card[2] <= 800 and card[3] <= 480
    for target in targets:
        assert not overlaps(card, window_box(target)), (tour.heading, target)


@pytest.mark.parametrize("lang", ["en", "de"])
def test_the_first_table_opens_the_tour_step_by_step_and_never_again(make_ui, tmp_path, lang):
    from companion.config import Config

    data = tmp_path / "data"
    ui = make_ui(data_dir=data, config=Config(language=lang), tour=True)
    assert tour_of(ui) is None                      # home: nothing to tour yet
    start_table(ui, ["Anna", "Ben"])
    tour = tour_of(ui)
    assert tour is not None and tour._window is not None
    seen = []
    dice = ui.ids()
    pointed = [dice.die, dice.undo_btn, dice.turn_chip, dice.log_btn]    # the big button, Undo, whose turn, Log
    for step in range(4):
        assert tour.ids.counter.text == ("{} of 4" if lang == "en" else "{} von 4").format(step + 1)
        assert tour.heading and tour.text and tour.ids.body.font_size >= 24
        assert_points_without_covering(ui, tour, dice)
        assert pointed[step] in tour.targets()
        if step < 3:
            look(ui, f"tour-{lang}-{step + 1}", tour)
        seen.append(tour.heading)
        if step < 3:
            assert tour.ids.skip.opacity == 1
            ui.tap(tour.ids.next)
    assert len(set(seen)) == 4
    assert tour.ids.next.text == ("Let's play" if lang == "en" else "Los geht's") and tour.ids.skip.disabled
    look(ui, f"tour-{lang}-4", tour)
    ui.tap(tour.ids.next)
    assert tour._window is None and tour_of(ui) is None
    assert ui.app.store.get_setting("tour.seen") is True     # committed with the saved games

    # the table plays on; a restart on the same saved games shows no tour
    ui.tap(ui.ids().die)
    assert ui.app.table.session.head == 1
    make_ui.close(ui)
    again = make_ui(data_dir=data, config=Config(language=lang), tour=True)
    assert again.app.sm.current == "dice" and tour_of(again) is None


def test_skipping_the_tour_is_one_tap_and_counts_as_seen(make_ui, tmp_path):
    ui = make_ui(data_dir=tmp_path / "data", tour=True)
    start_table(ui, ["Anna", "Ben"])
    tour = tour_of(ui)
    ui.tap(tour.ids.skip)
    assert tour._window is None and ui.app.store.get_setting("tour.seen") is True
    ui.app.table.go("home")
    ui.app.table.go("dice")
    assert tour_of(ui) is None
