"""companion.controller: undo and redo, from the screen or the UNDO button, say what
changed (a step with no action), tap when they move and warn when there is nothing to move."""
import random

import pytest

from companion import controller, cues
from companion.inputs import InputEvent
from companion.session import Session
from companion.store import Store


@pytest.fixture
def session():
    s = Session.create(Store.memory(), "dice", ["Ann", "Bob", "Cy"], rng=random.Random(3))
    s.act({"type": "roll"})
    s.act({"type": "pass"})
    return s


def test_undo_takes_the_last_action_back_and_says_what_changed(session):
    before = session.state
    out = controller.undo(session)
    assert out.ok and out.cues == [cues.TAP] and out.error is None
    assert out.steps == [(before, None, session.state)] and session.head == 1 and session.can_redo


def test_redo_does_it_again_and_says_what_changed(session):
    done = session.state
    controller.undo(session)
    before = session.state
    out = controller.redo(session)
    assert out.ok and out.cues == [cues.TAP] and out.error is None
    assert out.steps == [(before, None, done)] and session.state == done and session.head == 2


@pytest.mark.parametrize("move, key", [(controller.undo, "nothing_to_undo"), (controller.redo, "nothing_to_redo")])
def test_nothing_to_move_is_a_warning_and_changes_nothing(move, key):
    s = Session.create(Store.memory(), "dice", ["Ann", "Bob"], rng=random.Random(3))
    state = s.state
    out = move(s)
    assert not out.ok and out.cues == [cues.WARNING] and out.steps == []
    assert out.error.key == key and s.state == state and s.head == 0


def test_the_undo_button_undoes_and_a_long_press_redoes_where_the_game_has_no_use_for_it(session):
    done = session.state
    assert controller.handle_input(session, InputEvent.UNDO).steps[0][2] == session.state != done
    assert controller.handle_input(session, InputEvent.REDO).steps[0][2] == session.state == done
