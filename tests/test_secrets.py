"""What the rules hide stays hidden (Game.secrets), played out at random for every game:
whatever the table shares (the summary's words, the board, the buttons, each pad's
light, each log line, what is said aloud, in English and German) is the same for a state and its public
view (Game.public: every secret field blanked), the same whatever a secret argument
of a past action held, and the same whatever a ballot held for a secret vote says."""
import random

import pytest
from hypothesis import HealthCheck, example, given, settings, strategies as st

from companion import speech
from companion.games import GAMES, IllegalAction
from companion.games.base import SECRET, Game, Secret
from companion.games.snitch import GAME as SNITCH, ITEMS, targets
from companion.export import collect
from companion.i18n import Catalogue
from companion.pads import DONE, EXTRA, MAIN, PadTable
from companion.players import make_table
from companion.session import Session
from companion.store import Store
from random_play import random_action, random_options
from ui.actions import describe

CATALOGUES = (Catalogue("en"), Catalogue("de"))
SETTINGS = dict(deadline=None, suppress_health_check=[HealthCheck.too_slow])


def shared(game: Game, state: dict) -> list:
    """Everything the table is shown of a state: words, board, buttons, lights."""
    out = [game.leds(state), [(s.type, s.label, s.player, s.params) for s in game.legal_actions(state)]]
    for t in CATALOGUES:
        out += [game.summary(state, t), game.board(state, t)]
    return out


def assert_nothing_secret_shared(game: Game, state: dict) -> None:
    public = game.public(state)
    for field in game.secret_fields(state):
        assert public[field] == SECRET or state[field] is None
    if public is state:         # nothing hidden (every state of a game without secrets): the views drawn once
        assert game.secret_fields(state) == []
        shared(game, state)
        return
    assert shared(game, public) == shared(game, state)


def other_value(game: Game, before: dict, action: dict, arg: str, rng):
    """Another value the secret argument could have held (from its Param's choices)."""
    move = game._moves_by_type()[action["type"]]
    param = move.params_for(before, action.get("player")).get(arg)
    choices = [c for c in (param.choices if param and param.choices else range(len(before["players"])))
               if c != action.get(arg)]
    return rng.choice(choices) if choices else action.get(arg)


def assert_log_keeps_secrets(game: Game, session: Session, rng) -> None:
    """Each past action in the log's words, as the log shows them now: a secret argument
    swapped for another value changes no word."""
    players = session.setup["players"]
    for _seq, action, before in session.history():
        hidden = game.hidden_args(session.state, action)
        for arg in hidden & set(action):
            swapped = dict(action, **{arg: other_value(game, before, action, arg, rng)})
            for t in CATALOGUES:
                assert describe(t, game, players, before, swapped, hidden) == \
                    describe(t, game, players, before, action, hidden), (action, arg)


def assert_speech_keeps_secrets(game: Game, before: dict, after: dict, action: dict, rng) -> None:
    """What is said aloud for a step is the same whatever a secret field or a secret argument
    of the action held, even while the screen may show it (a voice reaches the masked player
    in Sing Sing too): said from the public views, and with every declared argument swapped."""
    declared = {s.action[1] for s in game.secrets if s.action and s.action[0] == action["type"]}
    for t in CATALOGUES:
        def words(b, a, act):
            return [line.text for line in speech.lines_for(game, b, a, act, t)]
        said = words(before, after, action)
        public = game.public(before), game.public(after)
        if public[0] is not before or public[1] is not after:    # (else the very same states: nothing hidden)
            assert said == words(*public, action)
        for arg in declared & set(action):
            swapped = dict(action, **{arg: other_value(game, before, action, arg, rng)})
            assert said == words(before, after, swapped), (action, arg)


@pytest.mark.parametrize("game_id", sorted(GAMES))
@settings(max_examples=15, **SETTINGS)
@given(seed=st.integers(0, 2**32 - 1))
@example(seed=240213)   # Sing Sing: which button a secret bar was on said whether its window had one bar left
def test_no_game_shows_the_table_a_secret(game_id, seed):
    game = GAMES[game_id]
    rng = random.Random(seed)
    players = [f"P{i}" for i in range(rng.randint(game.min_players, game.max_players))]
    session = Session.create(Store.memory(), game_id, players, random_options(game, rng), rng=rng)
    for _ in range(rng.randint(10, 150)):
        assert_nothing_secret_shared(game, session.state)
        legal = game.legal_actions(session.state)
        if not legal:
            break
        before = session.state
        try:
            session.act(random_action(rng.choice(legal), rng))
        except IllegalAction:
            continue
        assert_speech_keeps_secrets(game, before, session.state, session.last_action, rng)
    assert_log_keeps_secrets(game, session, rng)


# -- The Snitch as an older Cellmate stored it: Items named, every ballot its own event --------
def old_snitch(rng, count, stop_after: int | None = None):
    """A game played at random the old way into a store: after a failed Scheme its Item
    named (`stash_item`), at the gun every ballot its own `vote`; options without `vote`.
    stop_after: saved with only that many ballots cast."""
    setup = {"players": make_table([f"P{i}" for i in range(count)]), "options": {"easier": False, "harder": False},
             "first_player": 0}
    state = SNITCH.setup(setup["players"], setup["options"], 0, rng)
    actions = []

    def do(action, raw=False):
        nonlocal state
        action = action if raw else SNITCH.resolve(state, action, rng)
        state = SNITCH.apply(state, action)
        actions.append(action)

    for _ in range(400):
        if state["phase"] in ("over", "final_reveal"):
            break
        if state["phase"] == "gun_vote":            # ballots one by one, as they were stored
            for voter in range(count if stop_after is None else stop_after):
                seat = (state["soap"] + voter) % count
                do({"type": "vote", "player": seat, "target": rng.randrange(count)}, raw=True)
            if stop_after is not None:
                break
            continue
        legal = SNITCH.legal_actions(state)
        action = random_action(rng.choice(legal), rng)
        if action["type"] == "reveal" and rng.random() < 0.7:
            action.update(repeats=False, backstabs=0, own_contact=False)
        try:
            do(action)
        except IllegalAction:
            continue
        if action["type"] == "reveal" and state["last_resolution"]["success"] is False:
            do({"type": "stash_item", "player": action.get("player", state["resolving"]),
                "item": rng.choice(ITEMS)}, raw=True)
    store = Store.memory()
    session = Session.create(store, "snitch", [p["name"] for p in setup["players"]], {})
    sid = session.id
    session.close()

    def write(c):
        import json
        c.execute("UPDATE sessions SET setup = ?, head = ? WHERE id = ?", (json.dumps(setup), len(actions), sid))
        for seq, action in enumerate(actions, start=1):
            c.execute("INSERT INTO events (session_id, seq, action, at) VALUES (?, ?, ?, 0)",
                      (sid, seq, json.dumps(action)))
    store.write(write)
    return Session.load(store, sid)


@settings(max_examples=20, **SETTINGS)
@given(seed=st.integers(0, 2**32 - 1), count=st.integers(4, 6))
def test_an_old_snitch_game_shows_no_stashed_item_and_no_ballot(seed, count):
    rng = random.Random(seed)
    session = old_snitch(rng, count)
    for _seq, _action, before in session.history():
        assert_nothing_secret_shared(SNITCH, before)
    assert_nothing_secret_shared(SNITCH, session.state)
    assert_log_keeps_secrets(SNITCH, session, rng)
    if any(a["type"] == "vote" for a in session.actions()):
        assert SNITCH.secret_fields(session.state) == ["votes", "stash_items"]


# -- a secret vote running: what the pads hold is nowhere to be seen -----------------------------
def gun_vote(count, soap):
    state = SNITCH.setup(make_table([f"P{i}" for i in range(count)]), SNITCH.check_options({"vote": "secret"}), 0,
                         random.Random(0))
    for action in [{"type": "cards_ready"}] + [{"type": "scheme", "player": s, "required": 3} for s in range(count)] \
            + [{"type": "pick_guard", "seat": 0}, {"type": "pick_soap", "seat": soap}]:
        state = SNITCH.apply(state, SNITCH.resolve(state, action, random.Random(0)))
    state = SNITCH.copy(state)
    SNITCH._start_gun_vote(state)
    return state


def press_all(table, state, presses):
    for seat, button in presses:
        table.press(state, seat, button)


@settings(max_examples=60, **SETTINGS)
@given(data=st.data(), count=st.integers(4, 6))
def test_held_ballots_light_nothing_and_go_in_as_totals(data, count):
    """Two tables of pads pressed to different ballots (but the same seats pressing and
    casting as often): every light the same; all in, the same action when the totals
    are the same, and never a voter's name in it."""
    state = gun_vote(count, data.draw(st.integers(0, count - 1)))
    seats = list(range(count))
    voters = data.draw(st.lists(st.sampled_from(seats), unique=True, min_size=0, max_size=count))
    a, b = PadTable(), PadTable()
    for voter in voters:
        steps_a, steps_b = data.draw(st.integers(0, 8)), data.draw(st.integers(0, 8))
        cast = data.draw(st.booleans())
        for table, steps in ((a, steps_a), (b, steps_b)):
            # the same presses seen from across the table: MAIN, some DONE/EXTRA, MAIN to cast
            press_all(table, state, [(voter, MAIN)] + [(voter, DONE if i % 3 else EXTRA) for i in range(steps)]
                      + ([(voter, MAIN)] if cast else []))
        assert a.leds(state) == b.leds(state)
    assert a.ballots_cast() == b.ballots_cast()
    for table in (a, b):
        for voter in seats:                              # the rest vote on the screen
            if not table.has_voted(voter):
                table.cast(state, voter, data.draw(st.sampled_from(seats)))
        out = table.flush(state)
        assert len(out) == 1 and set(out[0]) == {"type", "tally"} and sum(out[0]["tally"]) == count
    tally_a, tally_b = a.flush(state)[0]["tally"], b.flush(state)[0]["tally"]
    assert (a.flush(state) == b.flush(state)) == (tally_a == tally_b)


def test_the_declaration_says_who_may_know_and_until_when():
    stash = next(s for s in SNITCH.secrets if s.action == ("stash_item", "item"))
    assert stash.known_to == "owner" and stash.kept({"phase": "turn"}) and stash.kept({"phase": "over"})
    assert Secret(field="x").kept({}) and Game().public({"a": 1}) == {"a": 1}
    state = gun_vote(4, 0)
    assert SNITCH.secret_fields(state) == ["votes", "stash_items"] and SNITCH.public(state)["votes"] == SECRET
    assert SNITCH.hidden_args(state, {"type": "stash_item", "item": "key"}) == {"item"}
    assert SNITCH.hidden_args(dict(state, phase="over"), {"type": "stash_item", "item": "key"}) == {"item"}
    assert targets(state, 0) == ()           # (the table cleared for the gun: nothing left to play under)


# -- UNDO, redo, a resume and corrections never bring a hidden secret back --------------------
def check_table_view(session: Session, rng) -> None:
    """What the table is shown now (drawn from Session.view): every hidden field blanked
    and every view drawn from it; the Log, undone entries included, and the export say no
    hidden argument, whatever it held."""
    game, view = session.game, session.view
    for field in game.secret_fields(session.state, veiled=session.veiled()):
        assert view[field] == SECRET or session.state[field] is None, field
    shared(game, view)                              # every view can be drawn from it
    assert PadTable().leds(view) == PadTable().leds(game.public(view))
    players = session.setup["players"]
    for _seq, action, before in session.history():  # the redo tail too: the Log shows it
        hidden = session.hidden_args(action)
        for arg in hidden & set(action):
            swapped = dict(action, **{arg: other_value(game, before, action, arg, rng)})
            for t in CATALOGUES:
                assert describe(t, game, players, before, swapped, hidden) == \
                    describe(t, game, players, before, action, hidden), (action, arg)
    exported = next(g for g in collect(session.store) if g["session"] == session.id)["actions"]
    stored = session.actions()
    for row, action in zip(exported, stored):
        for arg in session.hidden_args(action) & set(action):
            assert row["action"][arg] == SECRET, (action, arg)


def reveals(game: Game, before: dict, after: dict) -> set[int]:
    """The secrets a step forward from `before` to `after` reveals (the rulebook's reveal)."""
    return {i for i, s in enumerate(game.secrets) if s.until is not None and s.kept(before) and not s.kept(after)}


@pytest.mark.parametrize("game_id", sorted(GAMES))
@settings(max_examples=12, **SETTINGS)
@given(seed=st.integers(0, 2**32 - 1))
@example(seed=7)
def test_undo_redo_resume_and_corrections_keep_a_hidden_secret_hidden(game_id, seed, tmp_path_factory):
    """Random histories with UNDO (one step or several), redo, a resume from the file and
    every move (corrections included): a secret the table saw hidden stays hidden, in every
    view, until a step forward reveals it, also after its undone steps are gone."""
    game = GAMES[game_id]
    rng = random.Random(seed)
    folder = tmp_path_factory.mktemp("veil")
    store = Store.open(folder, fallback=False)
    players = [f"P{i}" for i in range(rng.randint(game.min_players, game.max_players))]
    session = Session.create(store, game_id, players, random_options(game, rng), rng=rng)
    seen_hidden: set[int] = set()      # the oracle: hidden on screen since its last reveal

    def look():
        shown = game.hidden(session.state, veiled=session.veiled())
        assert {i for i, s in enumerate(game.secrets) if s in shown} >= seen_hidden
        seen_hidden.update(i for i, s in enumerate(game.secrets) if s in shown and s.until is not None)

    look()
    for step in range(rng.randint(10, 80)):
        before = session.state
        roll = rng.random()
        if roll < 0.2 and session.can_undo:
            for _ in range(rng.randint(1, 3)):
                if session.can_undo:
                    session.undo()
        elif roll < 0.3 and session.can_redo:
            session.redo()
            seen_hidden -= reveals(game, before, session.state)
        elif roll < 0.37:
            session.close()
            store.close()
            store = Store.open(folder, fallback=False)
            session = Session.load(store, session.id, rng=rng)
        else:
            legal = game.legal_actions(session.state)
            if not legal:
                break
            try:
                session.act(random_action(rng.choice(legal), rng))
            except IllegalAction:
                continue
            seen_hidden -= reveals(game, before, session.state)
        look()
        if step % 5 == 0:
            check_table_view(session, rng)
    check_table_view(session, rng)
    session.close()
    store.close()


def test_a_short_undo_during_the_guess_shows_nobody_the_bar(tmp_path):
    """The issue's table: Ann takes window 5's long bar, Bob's mask comes off, an UNDO
    held too short goes back before the guess: the facts, the board and the Log keep the
    bar hidden, after a resume and after a second UNDO and a new bar too; the verdict shows it."""
    t = Catalogue("en")
    store = Store.open(tmp_path, fallback=False)
    session = Session.create(store, "singsing", ["Ann", "Bob", "Cy"], {"tracker": True}, rng=random.Random(1))
    session.act({"type": "remove_bar", "window": 5, "bar": "long"})
    session.act({"type": "start_timer"})
    session.undo()
    game = session.game

    def shown(session):
        view = session.view
        words = [game.summary(view, t), game.board(view, t)]
        players = session.setup["players"]
        log = [describe(t, game, players, before, action, session.hidden_args(action))[1]
               for _seq, action, before in session.history()]
        return repr(words), log

    assert session.state["phase"] == "ready"
    words, log = shown(session)
    assert "5:2" not in words and "window.5" not in words and "Window tracker hidden" in words
    assert not any("window 5" in line or "Long bar" in line for line in log), log
    session.close()
    session = Session.load(Store.open(tmp_path, fallback=False), session.id)   # a resume
    words, log = shown(session)
    assert "5:2" not in words and not any("window 5" in line for line in log)
    session.undo()                                                # back before the bar: it is in place again
    session.act({"type": "remove_bar", "window": 7, "bar": "left"})     # the undone steps are gone
    words, log = shown(session)
    assert "7:2" not in words and not any("window 7" in line for line in log), log
    session.act({"type": "start_timer"})
    session.act({"type": "right"})                                # the verdict: the bar is shown
    words, log = shown(session)
    assert "7:2" in words and any("window 7" in line for line in log)
    session.close()


@settings(max_examples=15, **SETTINGS)
@given(seed=st.integers(0, 2**32 - 1), count=st.integers(4, 6), cast=st.integers(1, 3))
def test_an_old_snitch_game_saved_mid_vote_votes_again(seed, count, cast):
    """Saved by an older Cellmate with some ballots cast one by one, resumed: nobody shows
    as having voted, everybody votes again, and the totals are the new ballots alone, so
    no stored ballot can be read back from them; the stored ones stay secret in the Log."""
    rng = random.Random(seed)
    session = old_snitch(rng, count, stop_after=cast)
    if session.state["phase"] != "gun_vote":
        return      # this random game ended before the gun (the deck ran out)
    state, t = session.state, CATALOGUES[0]
    assert session.game.ballot(state).voters == tuple((state["soap"] + i) % count for i in range(count))
    assert not SNITCH.summary(state, t).get("badges", {}) or all(
        t("snitch.badge.voted") not in tags for tags in SNITCH.summary(state, t)["badges"].values())
    assert_log_keeps_secrets(SNITCH, session, rng)
    tally = [0] * count
    for _ in range(count):
        tally[rng.randrange(count)] += 1
    session.act({"type": "secret_vote", "tally": tally})
    assert session.state["tally"] == tally
    assert_log_keeps_secrets(SNITCH, session, rng)
