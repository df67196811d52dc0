"""Seat pads in the app, end to end: simulated pads on pseudo-terminals (config
[pads] simulated = N) talk CELLPAD/1 to the app's real PadHub; the app's screens
are real widgets, tapped with UnitTestTouch; keys go through the Kivy window.

What the table is promised (README, "Seat pads") is checked here: seats are
claimed by pressing the pads on the seat-pad screen; a press is that seat's
action (the log and the state say whose roll it was); the LEDs follow the state;
a pulled pad shows offline within 2 s and comes back with its light; the gun
vote on the pads stays secret until every pad voted; a press that means nothing
changes nothing. Screenshots: build/screenshots/pads-*.png.
"""
import time

import pytest

from companion.config import Config, Pads
from companion.pads import BLUE, DONE, MAGENTA, MAIN, VOTED, WHITE, colour_of
from hardware.keyboard import PAD_DONE, PAD_MAIN, PadKeys, pad_key_for
from hardware_fixtures import PressedAsThePortOpens
from ui_fixtures import (seat_cards, act, answer, kivy_window, look, make_ui, open_setup, seat_texts, start_game,  # noqa: F401
                         to_gun_vote)

pytestmark = pytest.mark.ui

OFF = ("000000", "solid")


# -- helpers ---------------------------------------------------------------------------
def until(ui, predicate, timeout=10.0, what="it"):   # generous: the suite runs under load too
    """Run frames until predicate() holds; returns the seconds it took."""
    start = time.monotonic()
    while not predicate():
        if time.monotonic() - start > timeout:
            raise AssertionError(f"{what() if callable(what) else what} did not happen within {timeout} s")
        time.sleep(0.005)
        ui.pump(1)
    return time.monotonic() - start


def with_pads(make_ui, count, seat=0, lang="en"):
    """The app with `count` simulated pads (none holding a seat yet), all online."""
    config = Config(language=lang, pads=Pads(scan=False, simulated=count))
    ui = make_ui(config=config, seat=seat, pads={"poll": 0.05})
    hub = ui.app.table.pads
    assert hub is not None and len(hub.simulated) == count
    until(ui, lambda: sum(s.state == "online" for s in ui.app.table.pad_statuses) == count, what="the pads coming online")
    assert ui.app.pads_present
    return ui


def key(ui, digit, shift=False):
    """A key stroke on the window, as SDL delivers it; returns whether a handler took it."""
    window = ui.app.root.get_root_window()
    code = ord(str(digit))
    taken = window.dispatch("on_key_down", code, 0, str(digit), ["shift"] if shift else [])
    window.dispatch("on_key_up", code, 0)
    return taken


def pad(ui, seat):
    """The simulated pad holding `seat` (0-based)."""
    held = ui.app.table.pads.assignments()
    return next(p for p in ui.app.table.pads.simulated if held.get(p.pad_id) == seat)


def led_is(ui, sim, led, what=None):
    until(ui, lambda: sim.led == led, what=what or f"{sim.pad_id}'s LED {led} (it shows {sim.led})")


def claim_by_keys(ui, count):
    """On the open seat-pad screen: keys 1, 2 ... press simulated pads 1, 2 ... in turn."""
    hub = ui.app.table.pads
    assert ui.app.sm.current == "pads" and hub.claiming == 0
    for seat in range(count):
        assert hub.claiming == seat
        assert key(ui, seat + 1) is True
        until(ui, lambda: ui.app.table.pad_states.get(seat) == "online",   # says what the hub knew, if it fails
              what=lambda: f"seat {seat + 1} claimed (hub: {hub.status()}, problems {hub.problems()}, "
                           f"claiming {hub.claiming}, app: {ui.app.table.pad_states})")
    rows = ui.app.screen("pads").ids.seats.children
    until(ui, lambda: all(row.kind == "online" for row in rows), what="every seat shown with its pad")
    assert hub.claiming is None


# -- claiming seats ----------------------------------------------------------------------
def test_two_seats_are_claimed_by_pressing_their_pads_on_the_seat_pad_screen(make_ui):
    ui = with_pads(make_ui, 2)
    hub = ui.app.table.pads
    assert ui.app.sm.current == "home" and ui.ids().pads_btn.opacity == 1
    setup = open_setup(ui, "dice")
    for row, name in zip(setup.rows(), ("Anna", "Ben")):
        ui.type_into(row.ids.name, name)
    ui.tap(setup.ids.pads_btn)
    screen = ui.app.screen("pads")
    assert ui.app.sm.current == "pads"
    assert hub.claiming == 0                           # nobody had a seat: seat 1 is asked at once
    assert screen.ids.prompt.text == "Seat 1 · Anna: press your pad"
    assert screen.ids.prompt_chip.letter == "A" and screen.ids.prompt_chip.opacity == 1
    rows = list(reversed(screen.ids.seats.children))
    assert [(r.name, r.letter, r.kind) for r in rows] == [("Anna", "A", "waiting"), ("Ben", "B", "none")]
    sim1, sim2 = hub.simulated
    led_is(ui, sim1, ("ffffff", "fast"))               # a pad without a seat while claiming: press me
    look(ui, "pads-1-claim-asks-seat-1")

    sim2.tap(MAIN)                                     # the pad in the second socket sits at seat 1
    until(ui, lambda: screen.ids.prompt.text == "Seat 2 · Ben: press your pad", what="seat 1 taken")
    assert hub.claiming == 1 and hub.assignments() == {"sim2": 0}
    assert rows[0].kind == "online" and rows[1].kind == "waiting"
    sim1.tap(MAIN)
    until(ui, lambda: rows[1].kind == "online", what="seat 2 taken")
    assert hub.claiming is None and hub.assignments() == {"sim2": 0, "sim1": 1}
    assert [(r.kind, r.status) for r in rows] == [("online", "Pad online"), ("online", "Pad online")]
    assert screen.ids.prompt.text == "Every seat has its pad. Press one to see whose it is."
    assert screen.ids.done.text == "Done"
    # each seat's light now shows its player's colour, for the table to see whose pad is whose
    led_is(ui, sim2, ("e69f00", "solid"))              # Anna: orange
    led_is(ui, sim1, ("56b4e9", "solid"))              # Ben: sky blue
    sim2.tap(MAIN)                                     # a seat's pad pressed here: whose is it?
    until(ui, lambda: ui.app.table.notices.last_toast == "Seat 1 · Anna: this pad works", what="the toast")
    ui.app.root.ids.toast.hide()
    look(ui, "pads-2-claimed")

    ui.tap(screen.ids.done)
    assert ui.app.sm.current == "setup"                # back to where it was opened
    ui.tap(setup.ids.start)
    assert ui.app.sm.current == "dice"
    led_is(ui, sim2, ("e69f00", "solid"))              # Anna's turn (FirstSeat(0))
    led_is(ui, sim1, OFF)


def test_the_seat_pad_screen_in_german_with_a_problem_and_claim_again(make_ui):
    ui = with_pads(make_ui, 3, lang="de")
    hub = ui.app.table.pads
    start_game(ui, "dice", ("Anna", "Ben", "Cleo"))
    ui.tap(ui.ids().pads_btn)
    screen = ui.app.screen("pads")
    assert ui.app.sm.current == "pads" and screen.ids.prompt.text == "Platz 1 · Anna: drück auf dein Pad"
    claim_by_keys(ui, 3)                               # keys 1, 2, 3: simulated pads 1, 2, 3
    assert hub.assignments() == {"sim1": 0, "sim2": 1, "sim3": 2}
    # seat 2 claims again: its pad loses the seat and blinks; another press takes it back
    rows = list(reversed(screen.ids.seats.children))
    ui.tap(rows[1].ids.claim)
    assert hub.claiming == 1 and rows[1].kind == "waiting"
    assert screen.ids.prompt.text == "Platz 2 · Ben: drück auf dein Pad"
    assert screen.ids.done.text == "Überspringen"
    until(ui, lambda: any("Noch kein Platz" in row.status for row in screen.ids.others.children),
          what="sim2 listed without a seat")
    look(ui, "pads-3-de-claim-again")
    ui.tap(screen.ids.done)                            # Überspringen: seat 2 plays on the screen
    assert hub.claiming is None and rows[1].kind == "none"
    assert screen.ids.done.text == "Fertig"
    assert "1 von 3" not in screen.ids.prompt.text and "2 von 3" in screen.ids.prompt.text
    ui.tap(screen.ids.back)
    assert ui.app.sm.current == "dice"
    dice = ui.ids()
    led_is(ui, pad(ui, 0), ("e69f00", "solid"))        # back at the table: whose turn it is
    until(ui, lambda: [getattr(w, "letter", None) for w in reversed(dice.pad_strip.children)][1:3] == ["A", "C"],
          what="the seats with pads on the dice table")
    ui.app.root.ids.toast.hide()
    look(ui, "pads-7-de-dice")


def test_long_names_on_the_seat_pad_screen_keep_24_px_and_every_letter(make_ui):
    """A seat's row takes a second line for a long name or status rather than shrink it."""
    ui = with_pads(make_ui, 2, lang="de")
    names = ("Donaudampfschiffahrt", "Anna-Katharina Weber")
    start_game(ui, "dice", names)
    ui.tap(ui.ids().pads_btn)
    screen = ui.app.screen("pads")
    ui.pump(2)
    rows = list(reversed(screen.ids.seats.children))
    for row, name in zip(rows, names):
        for label in (row.ids.name, row.ids.status):
            label.texture_update()
            assert label.font_size >= 24 and label.texture_size[0] <= label.width + 1, label.text
            assert label.y >= row.y - 1 and label.top <= row.top + 1, label.text      # inside its row
        shown = "".join(ch for ch in row.ids.name.text if ch.isalpha())
        assert shown == "".join(ch for ch in name if ch.isalpha())        # every letter, in order
    look(ui, "pads-8-de-long-names")


def test_pads_with_problems_are_listed_with_what_is_wrong(make_ui, tmp_path):
    """Two pads remembering seat 1 (the first keeps it) and a pad of protocol version 2,
    found by name (config [pads] ports), as a restart with last night's pads would."""
    from hardware.pads.simulator import SimulatedPad

    links = tmp_path / "by-id"
    made = [SimulatedPad("twinA", 0, link_dir=links), SimulatedPad("twinB", 0, link_dir=links),
            SimulatedPad("newer", link_dir=links, version=2)]
    try:
        config = Config(pads=Pads(scan=False, ports=(str(links / "pad-*"),)))
        ui = make_ui(config=config, pads={"poll": 0.05})
        app, hub = ui.app, ui.app.table.pads
        until(ui, lambda: sorted(s.state for s in app.table.pad_statuses) == ["incompatible", "online", "online"],
              what="three pads known")
        assert not hub.simulated and "pad" not in app.key_help_text.lower()   # real pads: no keys for them
        ui.tap(ui.ids().pads_btn)                      # from home, no table yet: seats 1 and 2
        screen = app.screen("pads")
        assert hub.claiming is None                    # a seat is held: nothing is claimed afresh by itself
        holder = next(pad_id for pad_id, seat in hub.assignments().items() if seat == 0)
        other = ({"twinA", "twinB"} - {holder}).pop()
        rows = list(reversed(screen.ids.seats.children))
        assert [(r.name, r.kind) for r in rows] == [("Player 1", "online"), ("Player 2", "none")]
        assert screen.ids.prompt.text == "1 of 2 seats has a pad. Tap Claim at a seat, then press its pad."
        listed = sorted((row.kind, row.status) for row in screen.ids.others.children)
        assert listed == [("problem", "Remembers seat 1, which another pad holds: claim a seat with it"),
                          ("problem", "Speaks another protocol version: update its firmware")]
        # counted, not named by serial number or device file
        assert sorted(row.title for row in screen.ids.others.children) == ["Pad 1", "Pad 2"]
        look(ui, "pads-0-problems")

        ui.tap(rows[1].ids.claim)                      # seat 2 asks for a pad ...
        assert hub.claiming == 1
        next(p for p in made if p.pad_id == other).tap(MAIN)    # ... and the refused twin takes it
        until(ui, lambda: rows[1].kind == "online", what="seat 2 claimed")
        assert hub.assignments() == {holder: 0, other: 1}
        assert [(row.title, row.status) for row in screen.ids.others.children] == [
            ("Pad 1", "Speaks another protocol version: update its firmware")]
    finally:
        for made_pad in made:
            made_pad.close()


# -- playing with pads ---------------------------------------------------------------------
def test_a_roll_on_a_pad_is_that_seats_and_the_lights_follow_the_turn(make_ui):
    ui = with_pads(make_ui, 3)
    app = ui.app
    dice = start_game(ui, "dice", ("Anna", "Ben", "Cleo"))
    session = app.table.session
    assert session.state["current"] == 0
    ui.tap(dice.pads_btn)
    claim_by_keys(ui, 3)
    ui.tap(ui.ids().done)
    assert app.sm.current == "dice"
    anna, ben, cleo = pad(ui, 0), pad(ui, 1), pad(ui, 2)
    led_is(ui, anna, ("e69f00", "solid"))              # Anna's turn: her pad in her colour
    led_is(ui, ben, OFF)
    led_is(ui, cleo, OFF)

    # Ben rolls from his own seat although it is Anna's turn (the dice table allows it)
    start, cues = session.head, len(app.table.rig.played)
    ben.tap(MAIN)
    until(ui, lambda: session.head == start + 1, what="Ben's roll")
    roll = session.rolls()[-1]
    assert roll.player == 1 and session.state["current"] == 0
    assert app.screen("dice").seat_tokens(3)[1].counts == [f"Rolled {roll.dice[0]}"]   # on Ben's token
    assert app.table.rig.played[cues:] == ["tap"]            # the same cue as a roll by touch

    # the same seat's roll by key: 2 is seat 2's pad (Ben's)
    assert key(ui, 2) is True
    until(ui, lambda: session.head == start + 2, what="Ben's second roll")
    assert session.rolls()[-1].player == 1

    # a press that means nothing (Cleo's DONE: not her turn) changes nothing, says nothing
    played, head, toast = list(app.table.rig.played), session.head, app.table.notices.last_toast
    cleo.tap(DONE)
    assert key(ui, 3, shift=True) is True              # Shift+3: DONE on Cleo's pad, the same
    ui.wait(0.25)
    assert session.head == head and app.table.rig.played == played and app.table.notices.last_toast == toast
    assert session.state["current"] == 0

    # Anna's DONE (Shift+1) ends her turn: Ben's pad lights up in his colour, hers goes dark
    assert key(ui, 1, shift=True) is True
    until(ui, lambda: session.state["current"] == 1, what="next player")
    led_is(ui, ben, ("56b4e9", "solid"))
    led_is(ui, anna, OFF)
    assert dice.headline.text == "Ben's turn"
    # undo brings the light back to Anna
    ui.tap(dice.undo_btn)
    led_is(ui, anna, ("e69f00", "solid"))
    led_is(ui, ben, OFF)
    ui.tap(dice.redo_btn)
    led_is(ui, ben, ("56b4e9", "solid"))

    ui.tap(dice.log_btn)
    log = [row.text for row in ui.ids("log").rows.children]
    assert sum(text.startswith("Ben rolled") for text in log) == 2
    assert not any(text.startswith(("Anna rolled", "Cleo rolled")) for text in log)
    ui.tap(ui.ids("log").back)
    assert app.sm.current == "dice" and dice.pad_strip.opacity == 1
    look(ui, "pads-4-dice")


def test_a_pulled_pad_shows_offline_within_2_s_and_comes_back_with_its_light(make_ui):
    ui = with_pads(make_ui, 3)
    app, hub = ui.app, ui.app.table.pads
    dice = start_game(ui, "dice", ("Anna", "Ben", "Cleo"))
    for sim, seat in zip(hub.simulated, range(3)):
        hub.assign(sim.pad_id, seat)                   # seats given by hand (the set-up screen's job elsewhere)
    until(ui, lambda: len(app.table.pad_states) == 3, what="three seats with pads")
    anna = pad(ui, 0)
    led_is(ui, anna, ("e69f00", "solid"))
    strip = dice.pad_strip
    assert "pad offline" not in [w.text for w in strip.children if hasattr(w, "text")]

    anna.unplug()                                      # the pad whose light is on
    took = until(ui, lambda: app.table.pad_states.get(0) == "offline", timeout=2.0, what="seat 1 offline")
    assert took < 2.0
    words = [getattr(w, "text", "") for w in reversed(strip.children)]
    assert "pad offline" in words
    offline_chips = [w.letter for w in reversed(strip.children) if hasattr(w, "letter")]
    assert offline_chips == ["B", "C", "A"]            # online first, then the offline one
    assert all(w.height <= strip.height and w.y >= strip.y - 1 for w in strip.children)   # small: a line
    app.root.ids.toast.hide()
    look(ui, "pads-5-dice-offline")

    sent = len(anna.leds)
    anna.plug()                                        # any socket: a new pty, the same pad id
    until(ui, lambda: app.table.pad_states.get(0) == "online", what="seat 1 back online")
    # its light as it was, sent again (the pad forgot it while unplugged)
    until(ui, lambda: len(anna.leds) > sent and anna.led == ("e69f00", "solid"), what="seat 1's light sent again")
    assert "pad offline" not in [getattr(w, "text", "") for w in strip.children]
    assert hub.assignments()["sim1"] == 0              # recognised by its id: the same seat


def test_a_pad_pressed_as_its_port_opens_at_start_rolls_for_its_seat(make_ui, tmp_path):
    """At start the table is resumed and the pads' ports are opened; a pad pressed just
    then sends its DOWN before its HELLO. The press is held until the HELLO says whose
    pad it is, then taken: the roll is that seat's, on the table, not lost unheard."""
    from companion.session import Session
    from companion.store import Store

    store = Store.open(tmp_path / "data")
    session = Session.create(store, "dice", ["Anna", "Ben"])      # an unfinished table: the app opens on it
    head = session.head
    session.close()
    links = tmp_path / "by-id"
    ben = PressedAsThePortOpens("ben", 1, link_dir=links)
    try:
        config = Config(pads=Pads(scan=False, ports=(str(links / "pad-*"),)))
        ui = make_ui(store=store, config=config, pads={"poll": 0.05})
        app = ui.app
        assert app.sm.current == "dice"
        until(ui, lambda: app.table.session.head == head + 1, what=lambda: f"Ben's roll ({app.table.pads.problems()})")
        assert app.table.session.rolls()[-1].player == 1
        assert not app.table.pads.problems()
    finally:
        ben.close()


def test_sing_sing_mask_and_file_light_the_pads_and_an_offline_seat_shows_on_its_card(make_ui):
    ui = with_pads(make_ui, 3)
    app, hub = ui.app, ui.app.table.pads
    game = start_game(ui, "singsing", ("Anna", "Ben", "Cleo"))
    for sim, seat in zip(hub.simulated, range(3)):
        hub.assign(sim.pad_id, seat)
    until(ui, lambda: len(app.table.pad_states) == 3, what="three seats with pads")
    state = app.table.session.state
    mask, file_ = state["mask"], state["file"]
    led_is(ui, pad(ui, mask), (MAGENTA, "solid"), what="the mask's pad magenta")
    led_is(ui, pad(ui, file_), (WHITE, "solid"), what="the file's pad white")
    # the file holder starts the guess timer on their pad: the file blinks (a verdict is due)
    pad(ui, file_).tap(MAIN)
    until(ui, lambda: app.table.session.state["phase"] == "guess", what="the guess to start")
    led_is(ui, pad(ui, file_), (WHITE, "fast"))
    cards = seat_cards(ui)
    assert [card.pad for card in cards] == ["online"] * 3

    other = next(s for s in range(3) if s not in (mask, file_))
    pad(ui, other).unplug()
    took = until(ui, lambda: cards[other].pad == "offline", timeout=2.0, what="the seat card offline")
    assert took < 2.0 and cards[other].pad_text == "pad offline"
    assert cards[other].ids.pad_mark.height > 0 and cards[other].ids.pad_mark.opacity == 1
    app.root.ids.toast.hide()
    look(ui, "pads-6-singsing-offline")
    pad(ui, other).plug()
    until(ui, lambda: cards[other].pad == "online", what="the seat card online again")
    assert cards[other].pad_text == ""


def snitch_gun_vote(make_ui):
    """Four at The Snitch, each with a pad, at the gun vote (the Soap with seat 1: votes go 1, 2, 3, 4).
    With pads plugged in the setup offers the secret vote first."""
    ui = with_pads(make_ui, 4)
    app, hub = ui.app, ui.app.table.pads
    start_game(ui, "snitch", ("Anna", "Ben", "Cleo", "Dora"))
    assert app.table.session.setup["options"]["vote"] == "secret"
    for sim, seat in zip(hub.simulated, range(4)):
        hub.assign(sim.pad_id, seat)
    until(ui, lambda: len(app.table.pad_states) == 4, what="four seats with pads")
    to_gun_vote(app)
    state = app.table.session.state
    assert state["phase"] == "gun_vote" and state["soap"] == 0 and app.sm.current == "vote"
    for seat in range(4):
        led_is(ui, pad(ui, seat), (BLUE, "slow"), what=f"seat {seat + 1} asked to vote")
    return ui


def cast(ui, seat, target, last=False):
    """On seat's pad: MAIN opens the ballot on yourself, DONE once per seat to the left, MAIN casts.
    Its light says only that a ballot is open, the same for every candidate."""
    sim = pad(ui, seat)
    sim.tap(MAIN)
    led_is(ui, sim, (WHITE, "fast"))
    for _ in range((target - seat) % 4):
        sim.tap(DONE)
        ui.pump(2)
        assert sim.led == (WHITE, "fast")
    sim.tap(MAIN)
    if not last:
        led_is(ui, sim, (VOTED.colour, VOTED.blink))


def test_the_gun_vote_on_the_pads_stays_secret_until_every_pad_voted(make_ui):
    ui = snitch_gun_vote(make_ui)
    app, session = ui.app, ui.app.table.session
    head = session.head
    colours = {colour_of(session.state, seat) for seat in range(4)}
    for seat, target in ((0, 2), (1, 2), (3, 1)):
        cast(ui, seat, target)
    # three of four voted on their pads: nothing is in the game yet, and no light shows who for
    assert session.head == head and app.table.pad_table.ballots_cast() == 3
    leds = {pad(ui, s).led for s in (0, 1, 3)}
    assert leds == {(VOTED.colour, VOTED.blink)}       # the same white for every vote
    assert not {pad(ui, s).led[0] for s in range(4)} & colours
    screen = app.screen("vote")
    assert screen.stage == "wait" and screen.faces["wait"].ids.tally.text == "Votes cast: 3 of 4"
    assert "Cleo" in screen.faces["wait"].ids.tap.ids.hint.text      # who still votes, never whom for
    look(ui, "pads-7-snitch-vote-waiting")
    cast(ui, 2, 1, last=True)                          # the last pad: the totals go in at once
    until(ui, lambda: session.state["phase"] != "gun_vote", what="the votes committed")
    assert session.head == head + 1 and session.actions()[-1] == {"type": "secret_vote", "tally": [0, 2, 2, 0]}
    assert app.table.pad_table.ballots_cast() == 0 and session.state["phase"] == "tie_break"
    assert app.sm.current == "game"


def test_a_pad_unplugged_during_the_gun_vote_votes_on_the_screen_and_holds_up_nobody(make_ui):
    ui = snitch_gun_vote(make_ui)
    app, session = ui.app, ui.app.table.session
    head = session.head
    for seat, target in ((0, 3), (1, 3), (3, 1)):
        cast(ui, seat, target)
    assert session.head == head                        # Cleo's pad has not voted: all wait
    pad(ui, 2).unplug()
    screen = app.screen("vote")
    until(ui, lambda: screen.stage == "handoff", what="the hand-off to Cleo")
    assert screen.faces["handoff"].ids.tap.ids.words.text == "Pass to Cleo"
    ui.tap(screen.faces["handoff"].ids.tap)            # Cleo votes on the screen
    ids = screen.faces["choose"].ids
    ui.tap(next(b for b in ids.candidates.children if b.text == "Dora"))
    ui.tap(ids.cast_btn)
    until(ui, lambda: session.state["phase"] != "gun_vote", what="the votes committed")
    assert session.actions()[-1] == {"type": "secret_vote", "tally": [0, 1, 0, 3]} and session.state["gun"] == 3


# -- keys and the command ----------------------------------------------------------------------
def test_pad_keys_are_digits_and_shift_digits_and_leave_text_fields_alone(kivy_window):
    assert pad_key_for(ord("1")) == (0, PAD_MAIN)
    assert pad_key_for(ord("8"), ["shift"]) == (7, PAD_DONE)
    assert pad_key_for(258) == (1, PAD_MAIN)           # keypad 2
    assert pad_key_for(ord("9")) is None and pad_key_for(ord("0")) is None
    assert pad_key_for(ord("1"), ["ctrl"]) is None     # a shortcut, not a pad
    assert (PAD_MAIN, PAD_DONE) == (MAIN, DONE)
    pressed = []
    keys = PadKeys(lambda seat, button: pressed.append((seat, button)), kivy_window)
    try:
        assert kivy_window.dispatch("on_key_down", ord("3"), 0, "3", []) is True
        kivy_window.dispatch("on_key_down", ord("3"), 0, "3", [])          # auto-repeat: one press
        kivy_window.dispatch("on_key_up", ord("3"), 0)
        kivy_window.dispatch("on_key_down", ord("2"), 0, "@", ["shift"])
        kivy_window.dispatch("on_key_up", ord("2"), 0)
        assert pressed == [(2, PAD_MAIN), (1, PAD_DONE)]
        from kivy.uix.textinput import TextInput
        field = TextInput()
        kivy_window.add_widget(field)
        field.focus = True
        try:
            assert not kivy_window.dispatch("on_key_down", ord("4"), 0, "4", [])
            kivy_window.dispatch("on_key_up", ord("4"), 0)
        finally:
            field.focus = False
            kivy_window.remove_widget(field)
        assert pressed == [(2, PAD_MAIN), (1, PAD_DONE)]   # typing a 4 into a name presses no pad
    finally:
        keys.close()


def test_without_pads_the_buttons_stay_away_and_the_key_line_says_nothing_of_pads(make_ui):
    ui = make_ui()
    assert ui.app.table.pads is None and not ui.app.pads_present
    assert ui.ids().pads_btn.width == 0 and ui.ids().pads_btn.disabled
    assert "pad" not in ui.app.key_help_text.lower()
    dice = start_game(ui, "dice", ("Anna", "Ben"))
    assert dice.pads_btn.width == 0 and dice.pad_strip.height == 0


RUN_DRIVER = r"""
import json, sys, time
from kivy.app import App
from kivy.clock import Clock

def press(key, text, modifiers=()):
    from kivy.core.window import Window
    Window.dispatch("on_key_down", key, 0, text, list(modifiers))
    Window.dispatch("on_key_up", key, 0)

def when(ready, then, seconds=30):
    # Each step waits for what it needs (the pads answer from their own threads), not a fixed time.
    deadline = time.monotonic() + seconds
    def check(_dt):
        if ready():
            then()
        elif time.monotonic() > deadline:
            report["timeout"] = then.__name__
            App.get_running_app().stop()
        else:
            Clock.schedule_once(check, 0.05)
    Clock.schedule_once(check, 0)

def app():
    return App.get_running_app()

def step1():
    report["pads"] = len(app().table.pads.simulated) if app().table.pads else 0
    report["keys"] = app().key_help_text
    report["present"] = app().pads_present
    app().table.open_pads_screen()
    report["claiming"] = app().table.pads.claiming
    press(49, "1")                      # simulated pad 1 takes seat 1
    when(lambda: app().table.pads.assignments().get("sim1") is not None, step2)

def step2():
    press(50, "2")                      # simulated pad 2 takes seat 2
    when(lambda: app().table.pads.assignments().get("sim2") is not None, step3)

def step3():
    report["seats"] = app().table.pads.assignments()
    app().table.go("dice")
    press(50, "2")                      # MAIN on seat 2's pad: Ben rolls
    when(lambda: app().table.session.rolls(), step4)

def step4():
    report["rolls"] = [r.player for r in app().table.session.rolls()]
    report["current"] = app().table.session.state["current"]
    when(lambda: sum(p.led[0] != "000000" for p in app().table.pads.simulated) == 1, step5)

def step5():
    report["leds"] = [list(p.led) for p in app().table.pads.simulated]
    app().stop()

report = {}
when(lambda: App.get_running_app() is not None and App.get_running_app().table.pads is not None
     and App.get_running_app().pads_present, step1)
from ui.cli import main
code = main(sys.argv[1:])
print("REPORT " + json.dumps(report))
sys.exit(code)
"""


def test_companion_run_with_simulated_pads_claims_by_keys_and_rolls_for_the_seat(tmp_path):
    """`companion run --pads 2`: two simulated pads, claimed with keys 1 and 2 on the
    seat-pad screen; then key 2 rolls for seat 2 at the dice table; whose turn it is glows."""
    import json
    import os
    import subprocess
    import sys

    from companion.session import Session
    from companion.store import Store
    from ui_fixtures import ROOT

    data = tmp_path / "data"
    store = Store.open(data)
    Session.create(store, "dice", ["Anna", "Ben"])     # an unfinished table: the app opens on it
    store.close()
    config = tmp_path / "config.toml"
    config.write_text("[pads]\nscan = false\n", encoding="utf-8")   # no real USB ports in a test
    env = dict(os.environ, SDL_VIDEODRIVER="offscreen", SDL_AUDIODRIVER="dummy", KIVY_NO_ARGS="1",
               KIVY_HOME=str(tmp_path / "kivy"), XDG_CACHE_HOME=str(tmp_path / "cache"), PYTHONPATH=str(ROOT))
    done = subprocess.run([sys.executable, "-c", RUN_DRIVER, "run", "--data-dir", str(data), "--config", str(config),
                           "--simulate", "--pads", "2", "--size", "800x480"],
                          cwd=ROOT, env=env, capture_output=True, text=True, timeout=120)
    lines = [line for line in done.stdout.splitlines() if line.startswith("REPORT ")]
    assert lines, done.stderr[-3000:]
    report = json.loads(lines[-1][len("REPORT "):])
    assert done.returncode == 0 and "timeout" not in report, report
    assert report["pads"] == 2 and report["present"] and report["claiming"] == 0
    assert "Seat pads: 1–8: MAIN on that seat's pad  ·  Shift+1–8: DONE" in report["keys"]
    assert report["seats"] == {"sim1": 0, "sim2": 1}
    assert report["rolls"] == [1]                      # key 2: Ben's pad, Ben's roll
    lit = [i for i, (colour, _blink) in enumerate(report["leds"]) if colour != "000000"]
    assert lit == [report["current"]]                  # one light: whose turn it is


def test_the_pads_option_takes_0_to_8(capsys):
    from ui.cli import main
    for bad in ("9", "-1", "two"):
        with pytest.raises(SystemExit):
            main(["run", "--pads", bad])
        assert "--pads" in capsys.readouterr().err
