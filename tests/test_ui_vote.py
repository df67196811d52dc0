"""The secret gun vote on the screen, passed round: the hand-off, one voter's ballot,
the blank screen after it, what UNDO may and may not reach, and what is left to
see once the vote is in (the totals, never a ballot). English and German."""
import pytest

from companion.config import Config
from companion.inputs import InputEvent
from ui_fixtures import kivy_window, look, make_ui, screen_lines, start_game, to_gun_vote  # noqa: F401

pytestmark = pytest.mark.ui

NAMES = ("Anna", "Ben", "Cleo", "Dora")


def secret_vote(make_ui, lang="en"):
    """Four at The Snitch, the vote set to secret at the setup (one tap: hands up -> secret), at the gun vote."""
    ui = make_ui(seat=0, config=Config(language=lang))
    start_game(ui, "snitch", NAMES, options={"vote": ["value"]})
    assert ui.app.table.session.setup["options"]["vote"] == "secret"
    to_gun_vote(ui.app)
    ui.pump(2)
    assert ui.app.sm.current == "vote" and ui.app.table.session.state["soap"] == 0   # Anna has the Soap: she begins
    ui.app.root.ids.toast.hide()
    return ui


def face(ui):
    screen = ui.app.screen("vote")
    return screen, screen.faces[screen.stage].ids


def words(ui) -> str:
    """Everything a person can read on the window now."""
    return " ".join(ui.texts())


def assert_readable(label):
    """Read from 1 m: at least 24 px, in the text colour (not the dim one), its lines all in view."""
    from ui import theme
    assert label.font_size >= 24 and list(label.color) == list(theme.TEXT)
    assert label.height >= label.texture_size[1] and label.get_root_window() is not None


def ballot(ui, choice, look_as=None):
    """The voter named on the hand-off takes the screen, taps `choice` and casts it."""
    screen, ids = face(ui)
    assert screen.stage in ("handoff", "blank")
    ui.tap(ids.tap if screen.stage == "handoff" else screen.faces["blank"])
    screen, ids = face(ui)
    assert screen.stage == "choose"
    ui.tap(next(b for b in ids.candidates.children if b.text == choice))
    if look_as:
        look(ui, look_as)
    ui.tap(ids.cast_btn)


def test_a_secret_vote_passed_round_shows_nobodys_ballot(make_ui):
    ui = secret_vote(make_ui)
    app, session = ui.app, ui.app.table.session
    screen, ids = face(ui)
    head = session.head
    # the hand-off: whose turn it is to vote, and nothing else of the vote
    assert screen.stage == "handoff"
    assert ids.tap.ids.words.text == "Pass to Anna"
    assert ids.tap.ids.hint.text == "Tap when only Anna can see the screen."
    assert ids.tally.text == "Votes cast: 0 of 4" and ids.again.opacity == 0
    look(ui, "vote-1-handoff")

    # Anna's ballot: every player a button; a tap picks, another changes it, UNDO takes it back
    ui.tap(ids.tap)
    screen, ids = face(ui)
    assert screen.stage == "choose" and ids.question.text == "Anna: Who gets the gun?"
    assert sorted(b.text for b in ids.candidates.children) == sorted(NAMES)
    assert ids.cast_btn.disabled and ids.cast_btn.text == "Tap a name"
    assert app.screen("vote").ids.top.opacity == 0            # no way off this screen mid-ballot
    ui.tap(next(b for b in ids.candidates.children if b.text == "Cleo"))
    assert ids.cast_btn.text == "Cast my vote: Cleo"
    app.table.on_input(InputEvent.UNDO)                              # her own correction, before it is cast
    assert ids.cast_btn.disabled and session.head == head
    ui.tap(next(b for b in ids.candidates.children if b.text == "Dora"))
    look(ui, "vote-2-ballot")
    ui.tap(ids.cast_btn)

    # blank: nothing of Anna's ballot is left on the screen, the next voter named
    screen, ids = face(ui)
    assert screen.stage == "blank" and session.head == head    # held, not in the game
    said = words(ui)
    assert "Dora" not in said and "Cast my vote" not in said
    assert ids.words.text == "Vote cast. Pass to Ben; tap when only Ben can see the screen."
    assert_readable(ids.words)
    look(ui, "vote-3-blank")

    # UNDO (the button, or the Log's) cannot reach a cast vote: whoever holds the screen now
    # would take back Anna's and cast another
    app.table.on_input(InputEvent.UNDO)
    assert session.head == head and app.table.pad_table.ballots_cast() == 1 and screen.stage == "blank"
    assert app.table.notices.last_toast.startswith("The vote is secret: UNDO cannot reach a vote already cast.")
    app.table.on_input(InputEvent.REDO)
    assert session.head == head and app.table.pad_table.ballots_cast() == 1
    assert app.table.undo().ok is False and session.head == head

    # the others in turn; the last vote brings the totals in, and the table back
    ballot(ui, "Dora")                                         # Ben, from the blank screen
    ballot(ui, "Ben")                                          # Cleo
    ballot(ui, "Dora")                                         # Dora
    assert session.head == head + 1 and app.sm.current == "game"
    assert session.state["gun"] == 3 and session.state["tally"] == [0, 1, 0, 3]
    assert "Votes: Dora 3, Ben 1" in screen_lines(ui)
    assert session.actions()[-1] == {"type": "secret_vote", "tally": [0, 1, 0, 3]}    # no ballot stored
    ui.tap(ui.ids("game").log_btn)
    log = [row.text for row in ui.ids("log").rows.children]
    # the Log in the past tense, the game's words: the totals, never who voted for whom
    assert app.table.t("snitch.log.secret_vote", votes="Dora 3, Ben 1") in log, "\n".join(log)
    assert "The gun vote was counted: Dora 3, Ben 1" in log
    assert not any(text.startswith(("Anna:", "Ben:", "Cleo:", "Dora:")) and "Dora" in text.split(":", 1)[1]
                   for text in log)
    app.root.ids.toast.hide()
    look(ui, "vote-4-log-after")

    # after the vote UNDO takes back the whole vote: everybody votes again, from the hand-off
    app.table.on_input(InputEvent.UNDO)
    assert session.head == head and session.state["phase"] == "gun_vote" and app.table.pad_table.ballots_cast() == 0
    ui.tap(ui.ids("log").back)
    screen, ids = face(ui)
    assert app.sm.current == "vote" and screen.stage == "handoff" and ids.tap.ids.words.text == "Pass to Anna"


def test_starting_the_vote_again_drops_every_ballot_unseen(make_ui):
    ui = secret_vote(make_ui)
    ballot(ui, "Ben")
    screen = ui.app.screen("vote")
    ui.tap(screen.faces["blank"])
    ui.app.table.on_input(InputEvent.UNDO)          # Ben takes his open ballot back unseen: the hand-off again
    screen, ids = face(ui)
    assert screen.stage == "handoff" and ids.tap.ids.words.text == "Pass to Ben"
    assert ids.tally.text == "Votes cast: 1 of 4" and ids.again.opacity == 1
    ui.tap(ids.again)
    dialog = ui.modal()
    assert dialog.title == "Start the vote again?"
    ui.tap(dialog.ids.confirm)
    screen, ids = face(ui)
    assert ui.app.table.pad_table.ballots_cast() == 0 and ids.tap.ids.words.text == "Pass to Anna"


def test_the_hand_off_and_the_blank_screen_in_german(make_ui):
    ui = secret_vote(make_ui, lang="de")
    screen, ids = face(ui)
    assert ids.tap.ids.words.text == "Weitergeben an Anna"
    assert ids.tap.ids.hint.text == "Tippen, wenn nur Anna den Bildschirm sieht."
    look(ui, "vote-de-1-handoff")
    ballot(ui, "Cleo", look_as="vote-de-2-ballot")
    screen, ids = face(ui)
    assert ids.words.text == ("Stimme abgegeben. Weitergeben an Ben; tippen, wenn nur Ben den Bildschirm sieht.")
    assert "Cleo" not in words(ui)
    assert_readable(ids.words)
    look(ui, "vote-de-3-blank")
