"""The setup checklists by touch, in English and in German: Dig Your Way Out, Heist
Society and Sing Sing begin with the box laid out as the rulebook says, a tap per
step (the step marked done), UNDO takes a tap back, Skip lays out the rest; then
who starts is picked from the seats as the rulebook asks."""
import pytest

from companion.i18n import Catalogue
from ui_fixtures import (act, answer, kivy_window, look, make_ui, screen_lines, start_game)  # noqa: F401

pytestmark = pytest.mark.ui

NAMES = ("Anna", "Ben", "Cleo", "Dora")
FIRST = {"dig": "dig.param.first", "singsing": "singsing.param.first", "heist": None}
FIRST_STEP = {"dig": "board", "heist": "bag", "singsing": "board"}


@pytest.mark.parametrize("lang", ["en", "de"])
@pytest.mark.parametrize("game_id", ["dig", "heist", "singsing"])
def test_the_checklist_tapped_undone_skipped_and_who_starts(make_ui, game_id, lang):
    t = Catalogue(lang)
    ui = make_ui(seat=0)
    ui.app.table.set_language(lang)
    game = start_game(ui, game_id, NAMES, options={"checklist": []})    # left on, as the screen begins
    session = ui.app.table.session
    state = session.state
    assert state["phase"] == "setup"
    assert game.headline.text == t("setup.headline", game=t(f"{game_id}.title"))
    lines = screen_lines(ui)
    assert len(lines) == len(state["steps"]) and lines[0].startswith("1. ")
    ui.app.root.ids.toast.hide()
    look(ui, f"checklist-{game_id}-{lang}-1-laid-out")
    help_shows_first(ui, t, game_id, "setup", f"reference-{game_id}-{lang}-setup")

    # a tap on the first step's button marks it done; UNDO takes the tap back
    step = FIRST_STEP[game_id]
    label = f"{game_id}.setup.{step}.done"
    screen = ui.app.screen("game")
    assert screen.ids.primary.text == t(label)      # the next step is the big button
    assert act(ui, ("check_step", label)) is None   # one tap, nothing to ask
    assert session.state["checked"] == [step]
    assert screen_lines(ui)[0] == t("setup.line.done", text=lines[0])
    assert screen.ids.news.text == ""               # marked in the list, not said again above the board
    look(ui, f"checklist-{game_id}-{lang}-2-one-done")
    ui.tap(screen.ids.undo_btn)
    assert session.state["checked"] == [] and screen_lines(ui) == lines

    # a table that knows the game skips the rest
    act(ui, "skip_setup")
    if FIRST[game_id] is None:                  # Heist: the heists are entered, then everybody rolls
        assert session.state["phase"] == "lay_heists"
        return
    assert game.prompt.text == t(f"{game_id}.prompt.pick_first")
    dialog = act(ui, "pick_first")
    assert dialog.can_skip                      # left out: Cellmate picks at random
    look(ui, f"checklist-{game_id}-{lang}-3-who-starts", dialog)
    answer(ui, "Cleo")
    state = session.state
    assert state["current"] == state["first_player"] == 2 and state["phase"] != "setup"
    if game_id == "singsing":
        assert (state["file"], state["mask"]) == (2, 3)   # the youngest takes the file, the mask goes left


def help_shows_first(ui, t, game_id, topic, shot):
    """Help opens on the rules for this point of the game, then the rest in short, then the readings."""
    game = ui.app.table.session.game
    ui.tap(ui.ids("game").help_btn)
    dialog = ui.modal()
    paragraphs = [p.text for p in reversed(dialog.ids.paragraphs.children)]
    assert paragraphs[0] == t("help.table")       # what lies on the table (the checklist), then the rules
    paragraphs = paragraphs[paragraphs.index(t("help.now")):]
    assert paragraphs[1].startswith(t(f"{game_id}.rules.{topic}"))
    assert paragraphs.index(t("help.rules")) < paragraphs.index(t("help.readings"))
    assert all(t(f"{game_id}.rules.{ref.topic}") in " ".join(paragraphs) for ref in game.reference)
    look(ui, shot, dialog)
    ui.tap(dialog.ids.close)
    assert ui.modal() is None


@pytest.mark.parametrize("lang", ["en", "de"])
def test_the_snitch_help_opens_on_its_setup_then_on_the_turn(make_ui, lang):
    t = Catalogue(lang)
    ui = make_ui(seat=0)
    ui.app.table.set_language(lang)
    start_game(ui, "snitch", NAMES)
    ui.app.root.ids.toast.hide()
    help_shows_first(ui, t, "snitch", "setup", f"reference-snitch-{lang}-setup")
