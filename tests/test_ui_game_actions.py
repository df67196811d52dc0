"""The game screen's action bar: one large primary step (with its equal or the other
verdict beside it), the end of the turn always in sight (saying why while it may not
be made yet), the other steps behind "More" and the corrections behind "Adjust"."""
import pytest

from companion.games import GAMES
from companion.games.base import ADJUST, END_TURN, EQUAL, RIGHT, WRONG, ActionSpec
from ui.actions import ActionGroup, look_words, panel
from ui_fixtures import act, answer, bring_into_view, kivy_window, look, make_ui, press, start_game  # noqa: F401

pytestmark = pytest.mark.ui

NAMES = ("Anna", "Ben", "Cleo", "Dora")


def group(type_, player, role="play", look=""):
    return ActionGroup(type_, f"x.{type_}", [ActionSpec(type_, f"x.{type_}", player, {}, role, look)])


def test_the_panel_sorts_steps_by_role():
    steps = [group("fix", None, ADJUST), group("answer", 1), group("roll", 0), group("search", 0),
             group("end_turn", 0, END_TURN)]
    shown = panel(steps, current=0)
    assert shown.primary.type == "roll"                  # the current player's first step, not a correction
    assert [g.type for g in shown.others] == ["answer", "search"]
    assert shown.end_turn.type == "end_turn" and shown.end_turn_type == "end_turn"
    assert [g.type for g in shown.adjust] == ["fix"]
    # the end of the turn not legal now: still named, so the screen keeps it in sight
    later = panel(steps[:4], current=0, end_turn_type="end_turn")
    assert later.end_turn is None and later.end_turn_type == "end_turn"
    assert shown.peer is None                            # a plain step stands alone


def test_a_verdict_and_equal_choices_stand_side_by_side_the_tick_first():
    verdict = panel([group("wrong", 0, look=WRONG), group("right", 0, look=RIGHT), group("pay", 0)], current=0)
    assert (verdict.primary.type, verdict.peer.type) == ("right", "wrong")   # ✓ on the left, ✗ beside it
    assert [g.type for g in verdict.others] == ["pay"]
    equal = panel([group("prep", 0, look=EQUAL), group("heist", 0, look=EQUAL)], current=0)
    assert (equal.primary.type, equal.peer.type) == ("prep", "heist")
    assert look_words("Right", RIGHT) == "\u2713 Right" and look_words("Wrong", WRONG) == "\u2717 Wrong"
    assert look_words("Prep", EQUAL) == "Prep"


def test_every_game_names_what_ends_its_turn_and_its_corrections():
    roles = {gid: {m.type: m.role for m in game.moves} for gid, game in GAMES.items()}
    assert roles["snitch"]["pass_soap"] == END_TURN
    assert roles["dig"]["end_turn"] == END_TURN and roles["heist"]["end_turn"] == END_TURN
    assert {t for t, r in roles["dig"].items() if r == ADJUST} == {"reveal_background", "adjust", "relocate",
                                                                   "set_face", "pile_empty", "pile_filled"}
    assert {t for t, r in roles["heist"].items() if r == ADJUST} == {"pay_gem", "flip_cash", "set_team"}


def to_the_first_turn(ui):
    game = start_game(ui, "snitch", NAMES)
    act(ui, "cards_ready")
    for name in NAMES:
        dialog = act(ui, "scheme")
        if dialog.question == "Who?":
            answer(ui, name)
        answer(ui, "1")
    act(ui, "pick_guard")
    answer(ui, "Ben")
    act(ui, "pick_soap")
    answer(ui, "Anna")
    return game


def test_pass_the_soap_is_in_sight_and_says_why_not_yet(make_ui):
    ui = make_ui()
    game = to_the_first_turn(ui)
    session = ui.app.table.session
    assert game.primary.text == "Play a card" and game.primary.big and game.primary.tone == "primary"
    screen = ui.app.screen("game")
    assert [g.type for g in screen.panel.others] == ["draw_card"] and not game.more_btn.disabled   # behind More
    end = game.end_turn
    assert end.text == ui.app.table.t("snitch.action.pass_soap") and end.muted and end.height > 0 and end.opacity == 1
    head = session.head
    ui.tap(end)                                  # too early: nothing happens, the game says why
    assert session.head == head and session.state["soap"] == 0
    assert ui.app.table.notices.last_toast == ui.app.table.t.error(session.game.refusal(session.state, "pass_soap"))
    assert ui.app.table.notices.last_toast    # in words: play or draw first
    look(ui, "actions-1-pass-soap-not-yet")
    ui.tap(game.more_btn)                        # More lists the other steps, one button each
    assert [b.text for b in reversed(screen.more_dialog.ids.choices.children)] == ["Anna: Draw a card"]
    look(ui, "actions-1b-more", ui.modal())
    ui.tap(ui.modal().ids.cancel)
    act(ui, "draw_card")
    assert not end.muted and end.tone == "go"
    ui.tap(end)
    assert session.state["soap"] == 1 and "Ben" in game.headline.text


def test_dig_corrections_wait_behind_adjust(make_ui):
    ui = make_ui()
    game = start_game(ui, "dig", ("Anna", "Ben"))
    screen = ui.app.screen("game")
    shown = [screen._words(g) for g in screen.panel.others] + [game.primary.text, game.end_turn.text]
    assert not {"Adjust a count", "Move a prisoner"} & set(shown), shown   # no correction among the steps
    adjust = screen.button("open_adjust")
    assert adjust.text == "Adjust" and adjust is game.adjust_btn
    assert game.end_turn.text == "End turn" and not game.end_turn.muted
    bring_into_view(ui, adjust)
    ui.tap(adjust)
    look(ui, "actions-2-adjust", ui.modal())
    ui.tap(ui.modal().ids.cancel)
    assert ui.modal() is None
    dialog = act(ui, "relocate")             # through Adjust, as a finger goes
    assert dialog is not None and dialog is not screen.adjust_dialog      # asking the correction's arguments
    listed = [b.text for b in reversed(screen.adjust_dialog.ids.choices.children)]
    assert len(listed) >= 3 and all(text for text in listed)
    answer(ui, "Ben")                        # one page: whom and where, then CONFIRM
    answer(ui, "Infirmary")
    press(ui, "confirm")
    assert ui.app.table.session.state["prisoners"][1]["place"] == "infirmary"
    assert ui.modal() is None and ui.app.table.session.state["actions_left"] == 2    # a correction costs no action
