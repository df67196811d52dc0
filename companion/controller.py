"""What the table's inputs do to a session: the one path from input to state.

input event or tap -> action -> event committed -> new state, cues and what
changed (Outcome.steps: before, action, after; what is said aloud comes from it).
Kept free of Kivy so the same path serves the screen, the buttons and tests.
"""
from __future__ import annotations

from collections.abc import Callable

from . import cues as cue_names
from .games.base import IllegalAction
from .inputs import InputEvent
from .session import Session
from .store import StoreError

# What a refused input can be: the rules said no, or the file could not take it
# (busy, full, another program's game). Either way nothing changed.
REFUSED = (IllegalAction, StoreError)


class Outcome:
    """What an input did: done or refused (and why), the cues to play, the steps it changed.
    (A plain class: nothing compares or prints one, and a dataclass costs a start ~3 M
    instructions to make.)"""
    __slots__ = ("ok", "cues", "error", "steps")

    def __init__(self, ok: bool, cues: list[str] | None = None, error: IllegalAction | StoreError | None = None,
                 steps: list[tuple[dict, dict | None, dict]] | None = None):
        self.ok = ok
        self.cues = [] if cues is None else cues
        self.error = error
        # what changed: (before, action as stored or None for an undo/redo, after)
        self.steps = [] if steps is None else steps


def perform(session: Session, action: dict) -> Outcome:
    before = session.state
    try:
        after, cues = session.act(action)
    except REFUSED as exc:
        return Outcome(False, [cue_names.WARNING], exc)
    return Outcome(True, cues, steps=[(before, session.last_action, after)])


def undo(session: Session) -> Outcome:
    return _move_head(session, session.undo)


def redo(session: Session) -> Outcome:
    return _move_head(session, session.redo)


def _move_head(session: Session, move: Callable[[], dict]) -> Outcome:
    """An undo or a redo (`move`: the session's own): nothing is acted, so nothing is said
    but whose turn it is now (the step's action is None)."""
    before = session.state
    try:
        after = move()
    except REFUSED as exc:
        return Outcome(False, [cue_names.WARNING], exc)
    return Outcome(True, [cue_names.TAP], steps=[(before, None, after)])


def handle_input(session: Session, event: InputEvent) -> Outcome | None:
    """A button press on the table; None when it means nothing to the game
    (then TIMER is the screen's own countdown).

    UNDO is always undo, so a mistaken verdict can be taken back. The long
    press (REDO) goes to the game first: while a guess runs, Sing Sing reads
    it as "wrong"; everywhere else it is redo."""
    if event == InputEvent.UNDO:
        return undo(session)
    action = session.game.input_action(session.state, event)
    if action is None:
        return redo(session) if event == InputEvent.REDO else None
    return perform(session, action)
