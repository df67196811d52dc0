"""companion.phones (issue 34, the pure half): what a phone at a seat is sent and what it
may ask for. A phone sees the table plus its own seat's secrets, never another's: played
out at random over every game (UNDO, redo and a resume from the file included), and seat
by seat for the secrets a phone adds: The Snitch's stash noted privately, Sing Sing's bar
noted by the file holder and checked by the app, the secret gun vote from several phones."""
import copy
import json
import random

import pytest
from hypothesis import HealthCheck, given, settings, strategies as st

from companion.board import SeatView
from companion.export import collect
from companion.games import GAMES, IllegalAction
from companion.games.base import SECRET
from companion.i18n import Catalogue
from companion.inputs import DONE, MAIN
from companion.pads import PadTable
from companion.phones import PhoneRefused, phone_actions, seat_view
from companion.players import left_of
from companion.session import Session
from companion.store import Store
from random_play import random_action, random_options, random_value

SETTINGS = dict(deadline=None, suppress_health_check=[HealthCheck.too_slow, HealthCheck.function_scoped_fixture])
NAMES = ["Ann", "Bob", "Cy", "Dee", "Eve", "Fay"]
KEYS = {"v", "game", "lang", "you", "players", "headline", "prompt", "news", "finished", "result", "buttons",
        "private", "vote", "countdown", "forms"}


def comparable(view: dict) -> dict:
    """A seat's view without the clock (when a countdown ends is no secret, and the same
    step saved a moment later ends a moment later)."""
    out = dict(view)
    if out["countdown"] is not None:
        out["countdown"] = {**out["countdown"], "ends_at": None}
    return out


def perform(session, todo, pads):
    """What the table does with phone_actions' list (the pads' path, as the UI does)."""
    for kind, what in todo:
        if kind == "act":
            session.act(what)
        elif kind == "cast":
            raise AssertionError("casts go through perform_cast")
        else:
            for action in pads.press(session.state, what[0], what[1]):
                session.act(action)


def cast(session, pads, seat, choice):
    """A ballot from a phone: cast on the table's PadTable; the totals go in once all are."""
    [(kind, candidate)] = phone_actions(session, seat, {"type": "vote", "seat": choice}, pads)
    assert kind == "cast" and candidate == choice
    for action in pads.cast(session.state, seat, candidate):
        session.act(action)


# -- a seat's view never depends on what that seat may not know -------------------------
def scramble(value, rng):
    """Another value of about the same shape (nonsense as a game state: nobody may read it)."""
    if isinstance(value, bool):
        return rng.random() < 0.5
    if isinstance(value, int):
        return rng.randint(0, 12)
    if isinstance(value, str):
        return rng.choice([value, "key", "left", "long", "eddie", "x"])
    if isinstance(value, list):
        items = [scramble(v, rng) for v in value]
        rng.shuffle(items)
        return items[:rng.randint(0, len(items))] if rng.random() < 0.3 else items
    if isinstance(value, dict):
        return {k: scramble(v, rng) for k, v in value.items()}
    return value


def unknown_to(session, seat: int, rng):
    """A copy of the session whose state differs from the real one in every secret `seat`
    may not know (another seat's noted stash, the bar taken for the masked player, ...)
    and whose last step holds other values in the arguments `seat` may not know. Where
    there is none (every state of a game without secrets), the session itself."""
    game, state, veiled = session.game, session.state, session.veiled()
    other, varied = dict(state), False
    for secret in game.hidden(state, veiled=veiled):
        if not secret.field or state.get(secret.field) is None:
            continue
        value = state[secret.field]
        if secret.per_seat and secret.known_to == "owner" and isinstance(value, list):
            other[secret.field] = [entry if i == seat else scramble(entry, rng) for i, entry in enumerate(value)]
            varied = True
        elif not secret.known(state, seat):
            other[secret.field] = scramble(value, rng)
            varied = True
    args = set()
    if session.head > 0:
        [last] = session.stored(session.head, session.head)
        args = game.seat_args(state, last, seat, veiled=veiled) & set(last)
    if not varied and not args:
        return session
    twin = copy.copy(session)
    twin.state = other
    twin._states = {session.head: other}
    if session.head > 0:
        swapped = {**last, **{arg: scramble(last[arg], rng) for arg in args}}
        twin.stored = lambda start=1, stop=None: [swapped]
    return twin


def other_ballots(pads: PadTable, state, seat: int, rng) -> PadTable:
    """A PadTable where the same voters have voted, `seat` as in `pads`, the others for anybody."""
    game = GAMES[state["game"]]
    ballot = game.ballot(state)
    twin = PadTable()
    for voter in ballot.voters:
        if pads.has_voted(voter):
            choice = pads._ballots[voter] if voter == seat else rng.choice(ballot.candidates)
            twin._ballots[voter] = choice
    twin._sync(state)
    return twin


def check_every_seat(session, pads, rng):
    """For each seat: its view is JSON, holds the interface's keys, and is the same whatever
    the secrets it may not know hold; its forms each name this seat's own moves. (A language
    at a time: the table's board and badges are the same for every seat, and so is what
    phones.seat_view shares between them.)"""
    for lang in ("en", "de"):
        t = Catalogue(lang)
        board = session.game.board(session.view, t)
        badges = session.game.summary(session.view, t).get("badges") or {}
        for seat in range(len(session.state["players"])):
            view = seat_view(session, seat, lang, pads, now=1000.0)
            assert set(view) == KEYS and view["you"] == seat and view["v"] == session.head
            json.dumps(view)
            twin = unknown_to(session, seat, rng)
            ballot = session.game.ballot(session.view)
            if twin is not session or ballot:       # (else nothing differs: the twin's view is this view)
                twin_pads = other_ballots(pads, session.view, seat, rng) if ballot else pads
                assert comparable(seat_view(twin, seat, lang, twin_pads, now=1000.0)) == comparable(view), (seat, lang)
            check_figures(view, board, badges)


def check_figures(view, board, badges):
    """Every seat in a phone's list says what its token round the table says (the game's
    board and badges, in the phone's language): the game's figures for it (but one its
    track says), its progress on the track, its pieces, its pips; nothing else."""
    for entry in view["players"]:
        seat = entry["seat"]
        pieces = [str(tag) for tag in badges.get(seat, ())]
        if board is None:
            assert entry["figures"] == pieces and entry["pips"] == []
            continue
        pieces += [token.short or token.label for token in board.tokens if token.seat == seat]
        mine = next((v for v in board.seats if v.seat == seat), SeatView(seat))
        track = board.tracks[0] if board.tracks else None
        named = (track.short or track.label).lower() if track else None
        progress = [f"{track.short or track.label}\u00a0{track.values[seat]}/{track.goal}"] if track else []
        figures = [f for f in mine.figures if named is None or named not in f.lower()]
        shorts = list(mine.short) + [f"{words} {n}" for words, n in mine.counts]
        assert set(pieces + progress + figures) <= set(entry["figures"]), (entry, mine)
        assert set(entry["figures"]) <= set(pieces + progress + figures + ([] if mine.figures else shorts)), entry
        assert entry["pips"] == [{"colour": c, "count": n} for c, n in mine.pips]


@pytest.mark.parametrize("game_id", sorted(GAMES))
@settings(max_examples=8, **SETTINGS)
@given(seed=st.integers(0, 2**32 - 1))
def test_what_a_seat_is_sent_never_depends_on_a_secret_it_may_not_know(game_id, seed, tmp_path_factory):
    """Random histories of every game, phones noting their secrets and voting among the
    table's own steps, with UNDO, redo and a resume from the file: every seat's view is
    the same whatever the secrets not known to it hold, and what a phone asks for the
    rules take, or refuse with nothing changed."""
    game = GAMES[game_id]
    rng = random.Random(seed)
    count = rng.randint(game.min_players, game.max_players)
    options = random_options(game, rng)
    if game_id == "snitch":
        options["vote"] = rng.choice(["secret", "secret", "open"])
    play_with_phones(tmp_path_factory.mktemp("phones"), rng, game_id, NAMES[:count], options, [],
                     steps=rng.randint(20, 90), table_step=random_step, back=0.2, phones=0.3, every=3)


def random_step(session, rng) -> bool:
    """Any legal step of the table, its arguments at random (False: there is none)."""
    legal = session.game.legal_actions(session.state)
    if not legal:
        return False
    try:
        session.act(random_action(rng.choice(legal), rng))
    except IllegalAction:
        pass
    return True


def play_with_phones(folder, rng, game_id, names, options, setup, steps, table_step, back, phones, every):
    """A game in a file, played `steps` steps: UNDO, redo or a resume (`back` of them, half
    UNDO), a phone's tap (`phones` of them, every tap while a secret vote runs), else
    `table_step`; every seat's view checked every `every` steps and at the end."""
    store = Store.open(folder, fallback=False)
    session = Session.create(store, game_id, names, options, rng=rng)
    for action in setup:
        session.act(action)
    pads = PadTable()
    for step in range(steps):
        roll = rng.random()
        if session.finished:
            break
        if roll < back / 2 and session.can_undo:
            session.undo()
        elif roll < back * 3 / 4 and session.can_redo:
            session.redo()
        elif roll < back:
            session.close()
            store.close()
            store = Store.open(folder, fallback=False)
            session = Session.load(store, session.id, rng=rng)
            pads = PadTable()           # a pulled plug loses the ballots held: that vote starts again
        elif roll < back + phones or session.game.ballot(session.view) is not None:
            phone_step(session, pads, rng)
        elif not table_step(session, rng):
            break
        pads.flush(session.state)
        if step % every == 0:
            check_every_seat(session, pads, rng)
    check_every_seat(session, pads, rng)
    session.close()
    store.close()


def phone_step(session, pads, rng):
    """One phone's tap at random: a ballot, a form of its own, MAIN or DONE, or nonsense."""
    seat = rng.randrange(len(session.state["players"]))
    view = seat_view(session, seat, "en", pads)
    head, state = session.head, session.state
    if view["vote"] is not None:
        message = {"type": "vote", "seat": rng.choice(view["vote"]["candidates"])["seat"]}
    elif view["forms"] and rng.random() < 0.8:
        form = rng.choice(view["forms"])
        kind, _, n = form["id"].partition(":")
        spec = [s for s in session.game.private_moves(session.game.seat_public(state, seat, session.veiled()), seat)
                if s.type == kind][int(n or 0)]
        message = {"type": "form", "id": form["id"],
                   "args": {f["name"]: f.get("fixed", random_value(spec.params[f["name"]], rng))
                            for f in form["fields"]}}
    elif view["buttons"] and rng.random() < 0.8:
        message = {"type": "button", "id": rng.choice(view["buttons"])["id"]}
    else:
        message = rng.choice([{"type": "button", "id": "extra"}, {"type": "form", "id": "nothing"}, ["main"],
                              {"type": "vote", "seat": 99}, {"type": "form", "id": 3, "args": []}])
    try:
        todo = phone_actions(session, seat, message, pads)
    except PhoneRefused as refused:
        assert refused.words and session.head == head and session.state == state     # nothing changed
        return
    for kind, what in todo:
        if kind == "cast":
            for action in pads.cast(session.state, seat, what):
                session.act(action)
        elif kind == "press":
            for action in pads.press(session.state, seat, what):
                session.act(action)
        else:
            assert what["player"] == seat      # a phone acts as its own seat only
            try:
                session.act(what)
            except IllegalAction:
                raise AssertionError(f"phone_actions passed {what} that the rules refuse") from None


# -- The Snitch: the stash noted on the owner's phone -------------------------------------------
def snitch(tmp_path=None, count=4, vote="open"):
    """A Snitch table set up (every Scheme needs one card; the Guard with Cy, the Soap with Ann)."""
    store = Store.open(tmp_path, fallback=False) if tmp_path else Store.memory()
    session = Session.create(store, "snitch", NAMES[:count], {"vote": vote}, rng=random.Random(3))
    for action in [{"type": "cards_ready"}] + [{"type": "scheme", "player": s, "required": 1} for s in range(count)] \
            + [{"type": "pick_guard", "seat": 2}, {"type": "pick_soap", "seat": 0}]:
        session.act(action)
    return session


def resolve_under(session, owner, success):
    """The Soap holder plays a card under `owner`'s Scheme; it resolves; a new Scheme follows."""
    session.act({"type": "play_card", "target": owner})
    session.act({"type": "reveal", "repeats": False, "backstabs": 0 if success else 2})
    if session.state["phase"] == "new_scheme":
        session.act({"type": "new_scheme", "required": 1})


def note(session, seat, item, lang="en"):
    todo = phone_actions(session, seat, {"type": "form", "id": "record_item", "args": {"item": item}}, lang=lang)
    assert todo == [("act", {"type": "record_item", "player": seat, "item": item})]
    session.act(todo[0][1])


def everything_shared(session) -> list:
    """What the table is shown and told of the game now: the screen's words in both
    languages, the lights, the Log, the export, the words said for the last step."""
    from companion import speech
    from ui.actions import describe
    game, view = session.game, session.view
    out = [PadTable().leds(view)]
    for t in (Catalogue("en"), Catalogue("de")):
        out += [game.summary(view, t), game.board(view, t),
                [describe(t, game, session.setup["players"], before, action, session.hidden_args(action))
                 for _seq, action, before in session.history()]]
        before = session._state_at(session.head - 1)
        out.append([line.text for line in speech.lines_for(game, before, session.state, session.last_action, t)])
    out.append([[row["action"] for row in g["actions"]] for g in collect(session.store) if g["session"] == session.id])
    return out


def test_the_item_a_failed_scheme_is_noted_on_its_owners_phone_alone(tmp_path):
    """Bob's Scheme fails; his phone notes it was the Key. His phone says so; nobody else's,
    nor the screen, the lights, the Log, the voice or the export, would differ had it been
    the Crowbar; a resume keeps it; UNDO takes the note back."""
    a, b = snitch(tmp_path / "a"), snitch(tmp_path / "b")
    for session in (a, b):
        resolve_under(session, 1, success=False)
        assert session.state["stash"] == [0, 1, 0, 0]
    assert seat_view(a, 1, "en")["private"] == ["1 Item in your stash not noted yet"]
    assert [f["id"] for f in seat_view(a, 1, "en")["forms"]] == ["record_item"]
    assert all(seat_view(a, seat, "en")["forms"] == [] for seat in (0, 2, 3))
    note(a, 1, "key")
    note(b, 1, "crowbar")
    assert seat_view(a, 1, "en")["private"] == ["Your stash: Key"]
    assert seat_view(a, 1, "de")["private"] == ["Dein Versteck: Schlüssel"]
    assert seat_view(b, 1, "en")["private"] == ["Your stash: Crowbar"]
    assert seat_view(a, 1, "en")["forms"] == []           # every Item in the stash is noted
    for seat in (0, 2, 3):
        for lang in ("en", "de"):
            assert comparable(seat_view(a, seat, lang)) == comparable(seat_view(b, seat, lang))
            assert "Key" not in json.dumps(seat_view(a, seat, lang))
    assert a.view["stash_items"] == SECRET and a.hidden_args(a.stored(a.head, a.head)[0]) == {"item"}
    assert everything_shared(a) == everything_shared(b)
    # a resume keeps it (the events hold it), and UNDO takes the note back
    a.close()
    a.store.close()
    store = Store.open(tmp_path / "a", fallback=False)
    resumed = Session.load(store, a.id)
    assert seat_view(resumed, 1, "en")["private"] == ["Your stash: Key"]
    assert resumed.replay() == resumed.state
    resumed.undo()
    assert seat_view(resumed, 1, "en")["private"] == ["1 Item in your stash not noted yet"]


def test_use_an_item_offers_the_items_held_and_the_guarded_limit_is_checked_exactly():
    """Bob's failed Scheme brings the Guard to him: guarded, he may use only Bribe Money.
    Without a phone the stash is a count, as ever: Bribe Money is taken on trust. Noted as
    the Key, his phone offers nothing and the rules refuse Bribe Money; noted as Bribe
    Money, it is offered and used, and the stash is empty again."""
    plain, keyed, bribed = snitch(), snitch(), snitch()
    for session in (plain, keyed, bribed):
        resolve_under(session, 1, success=False)
        session.act({"type": "pass_soap"})
        assert session.state["soap"] == 1 and session.state["guard"] == 1
    note(keyed, 1, "key")
    note(bribed, 1, "bribe_money")

    def offered(session):
        return [(f["id"], f["label"]) for f in seat_view(session, 1, "en")["forms"]]

    assert offered(plain) == [("record_item", "Note an Item in your stash"), ("use_item", "Use an Item")]
    assert offered(keyed) == []
    assert offered(bribed) == [("use_item", "Use an Item")]
    plain.act({"type": "use_item", "item": "bribe_money"})          # nothing noted: as now
    head = keyed.head
    with pytest.raises(PhoneRefused) as refused:                     # Bob's phone offers no Bribe Money ...
        phone_actions(keyed, 1, {"type": "form", "id": "use_item", "args": {"item": "bribe_money"}})
    assert refused.value.key == "not_now" and keyed.head == head
    # ... but the table is never refused by what a phone noted (its refusal would tell the
    # table the stash): the cards in hand go, and the wrong notes are forgotten
    keyed.act({"type": "use_item", "item": "bribe_money"})
    assert keyed.state["stash"][1] == 0 and keyed.state["stash_items"][1] == [] and keyed.state["guard"] is None
    [(kind, action)] = phone_actions(bribed, 1, {"type": "form", "id": "use_item", "args": {"item": "bribe_money"}})
    bribed.act(action)
    assert bribed.state["stash"][1] == 0 and bribed.state["stash_items"][1] == [] and bribed.state["guard"] is None
    assert seat_view(bribed, 1, "en")["private"] == []


def test_an_unguarded_phone_offers_only_the_noted_items_and_each_with_its_own_form():
    """Bob holds two Items, noted as the Key and the Crowbar; unguarded on his turn, his
    phone offers those two (the Crowbar next to a Scheme), not the Binoculars."""
    s = snitch()
    resolve_under(s, 1, success=False)       # Bob: an Item, and the Guard
    s.act({"type": "pass_soap"})
    resolve_under(s, 2, success=False)       # Bob helps Cy, whose Scheme fails: the Guard goes to Cy
    s.act({"type": "pass_soap"})
    for _ in range(3):                        # Cy, Dee, Ann draw; the Soap comes back to Bob
        s.act({"type": "draw_card"})
        s.act({"type": "pass_soap"})
    assert s.state["soap"] == 1 and s.state["guard"] == 2
    s.state["stash"][1] += 1                 # (a second failed Scheme of Bob's, laid in by hand)
    note(s, 1, "key")
    note(s, 1, "crowbar")
    forms = seat_view(s, 1, "en")["forms"]
    assert [(f["id"], f["label"]) for f in forms] == [("use_item:0", "Use an Item · Key"),
                                                      ("use_item:1", "Use an Item · Crowbar")]
    crowbar = forms[1]["fields"]
    assert crowbar[0]["fixed"] == "crowbar" and crowbar[1]["name"] == "target"
    with pytest.raises(PhoneRefused):       # on his phone: only what he noted
        phone_actions(s, 1, {"type": "form", "id": "use_item", "args": {"item": "binoculars"}})
    [(_, action)] = phone_actions(s, 1, {"type": "form", "id": "use_item:0", "args": {"item": "key"}})
    s.act(action)
    assert s.state["stash_items"][1] == ["crowbar"] and s.state["stash"][1] == 1


def test_the_noted_stash_leaves_with_the_gun():
    """Once the gun comes in, every stash leaves the table, noted or not."""
    s = snitch(count=4)
    resolve_under(s, 1, success=False)
    note(s, 1, "key")
    s.act({"type": "pass_soap"})
    for _ in range(5):
        soap = s.state["soap"]
        resolve_under(s, left_of(soap, 4), success=True)
        if s.state["phase"] == "gun_vote":
            break
        s.act({"type": "pass_soap"})
    assert s.state["phase"] == "gun_vote"
    assert s.state["stash_items"] == [[]] * 4 and seat_view(s, 1, "en")["private"] == []


# -- Sing Sing: the bar taken, noted by the file holder; the guess judged by the app -----------
def singsing(count=3, **options):
    session = Session.create(Store.memory(), "singsing", NAMES[:count], options, rng=random.Random(2))
    return session, session.state["file"], session.state["mask"]


def form(session, seat, kind, **args):
    [(what, action)] = phone_actions(session, seat, {"type": "form", "id": kind, "args": args})
    assert what == "act" and action["player"] == seat
    session.act(action)


def press(session, seat, name, pads=None):
    pads = pads or PadTable()
    [(what, button)] = phone_actions(session, seat, {"type": "button", "id": name}, pads)
    assert what == "press" and button == {"main": MAIN, "done": DONE}[name]
    [action] = pads.press(session.state, seat, button)
    session.act(action)


def test_the_file_holders_phone_notes_the_bar_and_the_app_judges_the_guess():
    """No tracker. Ann (the file) notes on her phone the long bar of window 5 while Bob
    wears the mask; the mask comes off on her MAIN; Bob's phone counts down and takes his
    guess; the app says right or wrong itself. Bob's phone, the screen and the Log say
    nothing of the bar until the verdict; Ann's phone reminds her of it."""
    s, ann, bob = singsing(3, seconds=20)
    cy = 3 - ann - bob
    assert [f["id"] for f in seat_view(s, ann, "en")["forms"]] == ["take_bar"]
    assert seat_view(s, bob, "en")["forms"] == [] and seat_view(s, cy, "en")["forms"] == []
    form(s, ann, "take_bar", window=5, bar="long")
    press(s, ann, "main")                          # Ann's MAIN: the guess begins (a pad's TIMER)
    assert s.state["phase"] == "guess"
    start = s.store.read("SELECT at FROM events WHERE session_id = ? AND seq = ?", (s.id, s.head))[0][0]
    for seat in (ann, bob, cy):
        assert seat_view(s, seat, "en")["countdown"] == {"ends_at": start + 20, "seconds": 20}
    assert seat_view(s, ann, "en")["private"] == ["You took: window 5, Long bar"]
    assert seat_view(s, ann, "de")["private"] == ["Du hast gezogen: Fenster 5, Langer Stab"]
    assert seat_view(s, bob, "en")["private"] == [] and seat_view(s, cy, "en")["private"] == []
    assert s.view["taken"] == SECRET
    taken = next(a for a in s.actions() if a["type"] == "take_bar")
    assert s.hidden_args(taken) & set(taken) == {"window", "bar"}
    assert "5" not in json.dumps(seat_view(s, bob, "en")["news"])
    [guess] = seat_view(s, bob, "en")["forms"]
    assert guess["id"] == "guess_bar" and [f["name"] for f in guess["fields"]] == ["window", "bar"]
    assert seat_view(s, bob, "en")["prompt"] == "Guess the bar"
    assert seat_view(s, cy, "en")["prompt"] == "Waiting for Ann"
    form(s, bob, "guess_bar", window=5, bar="left")
    assert s.state["last"]["verdict"] == "wrong" and s.state["file"] == ann and s.state["mask"] == cy
    assert s.view["last"]["verdict"] == "wrong" and s.state["taken"] is None
    assert seat_view(s, bob, "en")["countdown"] is None
    # the next bar, guessed right: Cy takes the file
    form(s, ann, "take_bar", window=2, bar="right")
    press(s, ann, "main")
    form(s, cy, "guess_bar", window=2, bar="right")
    assert s.state["last"]["verdict"] == "right" and s.state["file"] == cy


def test_a_mask_seat_sees_the_same_whichever_bar_was_taken():
    """Two tables, the same steps but another bar noted: every phone but Ann's (she took
    it), the screen and the Log are the same while the mask is off."""
    views = []
    for window, bar in ((5, "long"), (7, "left")):
        s, ann, bob = singsing(3)
        form(s, ann, "take_bar", window=window, bar=bar)
        s.act({"type": "start_timer"})
        views.append((s, ann, everything_shared(s)))
    (a, ann, shared_a), (b, _, shared_b) = views
    assert shared_a == shared_b
    for seat in range(3):
        same = comparable(seat_view(a, seat, "en")) == comparable(seat_view(b, seat, "en"))
        assert same == (seat != ann)


def test_with_the_tracker_the_bar_tapped_on_the_board_is_the_one_checked():
    s, ann, bob = singsing(3, tracker=True)
    assert seat_view(s, ann, "en")["forms"] == []              # the tracker knows the bar: tap it on the board
    s.act({"type": "remove_bar", "window": 3, "bar": "long"})
    s.act({"type": "start_timer"})
    assert seat_view(s, ann, "en")["private"] == ["You took: window 3, Long bar"]
    form(s, bob, "guess_bar", window=3, bar="long")
    assert s.state["last"]["verdict"] == "right" and s.state["file"] == bob


def test_two_bars_are_guessed_in_any_order_and_a_wrong_first_guess_may_be_bought_again():
    """Advanced: Ann pays for two bars and notes both; Bob's first guess is wrong, he pays
    a chip for the second guess and names both, in the other order: right."""
    s, ann, bob = singsing(3, advanced=True)
    s.act({"type": "announce_two"})
    [take] = seat_view(s, ann, "en")["forms"]
    assert [f["name"] for f in take["fields"]] == ["window", "bar", "window2", "bar2"]
    assert take["fields"][2]["label"] == "Window of the second bar"
    form(s, ann, "take_bar", window=1, bar="left", window2=9, bar2="right")
    s.act({"type": "start_timer"})
    form(s, bob, "guess_bar", window=1, bar="left", window2=9, bar2="long")
    assert s.state["phase"] == "second_chance" and s.view["taken"] == SECRET
    press(s, bob, "main")                          # the masked player's MAIN: pay a chip, guess again
    form(s, bob, "guess_bar", window=9, bar="right", window2=1, bar2="left")
    assert s.state["last"]["verdict"] == "right" and s.state["file"] == bob


def test_without_a_bar_noted_the_file_holder_judges_as_before():
    s, ann, bob = singsing(3)
    s.act({"type": "start_timer"})
    assert seat_view(s, bob, "en")["forms"] == [] and seat_view(s, ann, "en")["private"] == []
    with pytest.raises(PhoneRefused) as refused:
        phone_actions(s, bob, {"type": "form", "id": "guess_bar", "args": {"window": 1, "bar": "long"}})
    assert refused.value.key == "not_now"
    with pytest.raises(IllegalAction) as rules:
        s.act({"type": "guess_bar", "window": 1, "bar": "long"})
    assert rules.value.key == "singsing_bar_unknown"
    s.act({"type": "right"})
    assert s.state["file"] == bob


# -- the secret gun vote: several phones at once, a pad and the screen ---------------------------
def gun_vote(count=5):
    s = snitch(count=count, vote="secret")
    while s.state["phase"] != "gun_vote":
        resolve_under(s, left_of(s.state["soap"], count), success=True)
        if s.state["phase"] == "turn":
            s.act({"type": "pass_soap"})
    return s


def test_the_secret_vote_from_phones_in_any_order_mixed_with_a_pad_and_the_screen():
    """Five voters: Dee's, Ann's and Eve's phones vote at once (Dee changes her mind), Bob
    on his pad, Cy on the screen passed to him. Every phone sees who has voted and who is
    still to, never whom for, whatever the ballots; the totals only once all are in."""
    s = gun_vote()
    pads, other = PadTable(), PadTable()
    assert s.game.ballot(s.view) is not None

    def views(table):
        return [comparable(seat_view(s, seat, "en", table)) for seat in range(5)]

    first = views(pads)
    soap = s.state["soap"]
    assert first[0]["vote"] == {"question": "Who gets the gun?", "voted": False,        # in the screen's order
                                "waiting": [NAMES[(soap + i) % 5] for i in range(5)],
                                "candidates": [{"seat": i, "name": NAMES[i]} for i in range(5)]}
    assert first[0]["buttons"] == [] and first[0]["prompt"] == "Vote now: only you see your phone."
    for seat, choice, twin in ((3, 1, 2), (0, 2, 4), (3, 2, 0), (4, 2, 3)):   # Dee votes again: a change
        cast(s, pads, seat, choice)
        for action in other.cast(s.state, seat, twin):
            raise AssertionError(action)
        for seat_seen, (mine, theirs) in enumerate(zip(views(pads), views(other))):
            assert mine == theirs, seat_seen                     # whom anybody voted for changes nothing
        assert s.state["tally"] is None and s.state["phase"] == "gun_vote"
    seen = seat_view(s, 1, "en", pads)["vote"]
    assert seen["voted"] is False and sorted(seen["waiting"]) == ["Bob", "Cy"]
    assert seat_view(s, 3, "en", pads)["vote"]["voted"] is True
    assert seat_view(s, 3, "en", pads)["prompt"] == "You have voted. Waiting for the others."
    # Bob on his pad: MAIN opens his ballot on himself, MAIN casts it
    assert pads.press(s.state, 1, MAIN) == [] and pads.press(s.state, 1, MAIN) == []
    assert seat_view(s, 0, "en", pads)["vote"]["waiting"] == ["Cy"]
    assert pads.screen_voters(s.state, pad_seats=(0, 1, 3, 4)) == [2]
    [count] = pads.cast(s.state, 2, 2)                          # Cy, on the screen: the last one in
    s.act(count)
    assert s.state["tally"] == [0, 1, 4, 0, 0] and s.state["gun"] == 2
    after = seat_view(s, 0, "en", pads)
    assert after["vote"] is None and any("Cy 4" in line for line in s.game.summary(s.view, Catalogue("en"))["lines"])


def test_a_vote_from_a_seat_that_may_not_vote_or_for_nobody_is_refused():
    s = gun_vote(4)
    pads = PadTable()
    for message, key in (({"type": "vote", "seat": 7}, "bad_candidate"),
                         ({"type": "vote", "seat": True}, "bad_candidate"),
                         ({"type": "vote"}, "bad_candidate"), ({"type": "button", "id": "main"}, "vote_first")):
        with pytest.raises(PhoneRefused) as refused:
            phone_actions(s, 0, message, pads)
        assert refused.value.key == key
    s.act({"type": "secret_vote", "tally": [0, 4, 0, 0]})
    with pytest.raises(PhoneRefused) as refused:
        phone_actions(s, 0, {"type": "vote", "seat": 1}, pads)
    assert refused.value.key == "no_vote"


# -- bad messages: a clear refusal, nothing changed --------------------------------------------
BAD = [
    (None, "bad_message"), ([], "bad_message"), ("main", "bad_message"), ({}, "bad_message"),
    ({"type": "roll"}, "bad_message"), ({"type": "button"}, "bad_message"), ({"type": "button", "id": "extra"},
                                                                           "bad_message"),
    ({"type": "button", "id": 1}, "bad_message"), ({"type": "button", "id": ["main"]}, "bad_message"),
    ({"type": "vote", "seat": 1}, "no_vote"), ({"type": "form"}, "bad_message"),
    ({"type": "form", "id": "record_item", "args": []}, "bad_message"),
    ({"type": "form", "id": "record_item", "args": {"item": "sword"}}, "snitch_bad_item"),
    ({"type": "form", "id": "record_item", "args": {"item": "key", "player": 0}}, "bad_message"),
    ({"type": "form", "id": "record_item", "args": {}}, "missing"),
    ({"type": "form", "id": "record_item", "args": {1: "key"}}, "bad_message"),
    ({"type": "form", "id": "use_item", "args": {"item": "key"}}, "not_now"),
    ({"type": "form", "id": "pass_soap", "args": {}}, "not_now"),
    ({"type": "form", "id": "x" * 10000, "args": {}}, "not_now"),
]


@pytest.mark.parametrize("message, key", BAD, ids=[str(i) for i in range(len(BAD))])
def test_a_bad_message_gets_a_clear_refusal_and_changes_nothing(message, key):
    s = snitch()
    resolve_under(s, 1, success=False)          # Bob has an Item to note; Ann's turn is over
    head, state = s.head, copy.deepcopy(s.state)
    with pytest.raises(PhoneRefused) as refused:
        phone_actions(s, 1, message, PadTable(), lang="de")
    assert refused.value.key == key and refused.value.words and "{" not in refused.value.words
    assert not refused.value.words.startswith(("phones.", "error."))
    assert s.head == head and s.state == state


def test_a_phone_acts_as_its_own_seat_only_and_its_buttons_are_a_pads():
    """A button means what the seat's pad means now (nothing: refused, out of turn);
    a seat that is not at the table is refused; and after the end nothing is taken."""
    s = snitch()
    soap = s.state["soap"]
    assert seat_view(s, soap, "en")["buttons"] == []            # the turn's action first: CONFIRM means nothing
    s.act({"type": "draw_card"})
    assert seat_view(s, soap, "en")["buttons"] == [{"id": "done", "label": Catalogue("en")("snitch.action.pass_soap"),
                                                    "tone": "normal"}]
    assert seat_view(s, soap, "en")["prompt"] == "Your turn"
    assert seat_view(s, soap + 1, "de")["prompt"] == "Warte auf Ann"
    with pytest.raises(PhoneRefused) as refused:
        phone_actions(s, soap + 1, {"type": "button", "id": "done"})
    assert refused.value.key == "nothing_now"
    for seat in (4, -1, True, "0", None):
        with pytest.raises(PhoneRefused) as refused:
            phone_actions(s, seat, {"type": "button", "id": "done"})
        assert refused.value.key == "bad_seat"
        with pytest.raises(PhoneRefused):
            seat_view(s, seat, "en")
    press(s, soap, "done")
    assert s.state["soap"] == soap + 1 and "Ann" in seat_view(s, soap, "en")["news"]   # the Log's words


def test_after_the_end_a_phone_shows_the_result_and_takes_nothing():
    s = gun_vote(4)
    s.act({"type": "secret_vote", "tally": [0, 4, 0, 0]})
    s.act({"type": "snitch_has_gun"})
    view = seat_view(s, 0, "en")
    assert view["finished"] and view["result"] == "Bob wins." and view["buttons"] == view["forms"] == []
    assert seat_view(s, 0, "de")["result"] == "Bob gewinnt."
    with pytest.raises(PhoneRefused) as refused:
        phone_actions(s, 1, {"type": "button", "id": "main"})
    assert refused.value.key == "game_over"


@settings(max_examples=4, **SETTINGS)
@given(seed=st.integers(0, 2**32 - 1))
def test_a_snitch_game_with_phones_noting_using_and_voting_shows_each_seat_its_own(seed, tmp_path_factory):
    """The Snitch played to its end on purpose (Schemes resolve, many fail), the phones
    noting Items, using them and voting in secret, with UNDO, redo and a resume: every
    seat's view is the same whatever another seat noted or voted."""
    rng = random.Random(seed)
    count = rng.randint(4, 6)
    setup = [{"type": "cards_ready"}] + [{"type": "scheme", "player": s, "required": rng.randint(1, 2)}
                                         for s in range(count)] + [{"type": "pick_guard"}, {"type": "pick_soap"}]
    play_with_phones(tmp_path_factory.mktemp("snitch"), rng, "snitch", NAMES[:count], {"vote": "secret"}, setup,
                     steps=130, table_step=plan_step, back=0.1, phones=0.35, every=5)


def plan_step(session, rng) -> bool:
    """The table's next step in The Snitch, toward the Schemes' resolution (half of them fail)."""
    state = session.state
    legal = session.game.legal_actions(state)
    kinds = {spec.type: spec for spec in legal}
    if "reveal" in kinds:
        action = {"type": "reveal", "repeats": False, "backstabs": rng.choice([0, 0, 2])}
    elif "play_card" in kinds and rng.random() < 0.8:
        action = random_action(kinds["play_card"], rng)
    elif "pass_soap" in kinds:
        action = {"type": "pass_soap"}
    elif legal:
        action = random_action(rng.choice(legal), rng)
    else:
        return False
    try:
        session.act(action)
    except IllegalAction:
        pass
    return True


def test_the_countdown_after_an_undo_starts_when_the_table_went_back():
    """An UNDO of the verdict brings the guess back: the table runs its countdown afresh,
    so the phones count from then, not from when the guess first began; the table's own
    clock, when the caller passes it, wins."""
    s, ann, bob = singsing(3, seconds=15)
    s.act({"type": "start_timer"})
    s.store.write(lambda c: c.execute("UPDATE events SET at = at - 100 WHERE session_id = ?", (s.id,)))
    first = seat_view(s, bob, "en")["countdown"]
    s.act({"type": "wrong"})
    s.undo()
    again = seat_view(s, bob, "en")["countdown"]
    assert again["seconds"] == 15 and again["ends_at"] >= first["ends_at"] + 99
    assert seat_view(s, bob, "en", ends_at=1234.5)["countdown"] == {"ends_at": 1234.5, "seconds": 15}


def test_a_snapshot_saved_before_the_phones_reads_as_nothing_noted():
    """A snapshot from before the phones has no noted stash and no bar taken: read, it
    has none noted, and plays on."""
    for game_id, field, empty in (("snitch", "stash_items", [[]] * 4), ("singsing", "taken", None)):
        game = GAMES[game_id]
        state = Session.create(Store.memory(), game_id, NAMES[:4], rng=random.Random(1)).state
        old = {k: v for k, v in state.items() if k != field}
        assert game.upgrade(old)[field] == empty and game.upgrade(state) is state
        game.check_invariants(game.upgrade(old))


def test_each_seats_view_is_its_own_and_follows_every_change():
    """The views share the table's words (found once a change) but not their data: one
    changed does not change another; an UNDO and a new step at the same number are new."""
    s = snitch()
    a, b = seat_view(s, 0, "en"), seat_view(s, 1, "en")
    a["players"][0]["figures"].append("x")
    a["players"][0]["pips"].append({"colour": "x", "count": 1})
    a["players"][1]["name"] = "y"
    assert seat_view(s, 1, "en") == b and "x" not in b["players"][0]["figures"] and b["players"][0]["pips"] == []
    s.act({"type": "draw_card"})
    drawn = seat_view(s, 1, "en")
    s.undo()
    s.act({"type": "play_card", "target": 1})
    played = seat_view(s, 1, "en")
    assert drawn["v"] == played["v"] and drawn["news"] != played["news"]
    assert seat_view(s, 1, "de")["lang"] == "de"



# -- each seat's figures: what its token round the table says ------------------------------------
def figures(session, lang="en", seat=0):
    """The figures under each seat on the phone at `seat`."""
    return [p["figures"] for p in seat_view(session, seat, lang)["players"]]


def test_every_phone_shows_each_seats_last_roll_as_the_dice_tables_tokens():
    """The dice table's tokens say each seat's own last roll ("Rolled 5", "5+5+4=14", "–"
    before its first): every phone says the same under each seat, in its language."""
    s = Session.create(Store.memory(), "dice", NAMES[:3], {}, rng=random.Random(2))
    assert [row[-1] for row in figures(s)] == ["\u2013"] * 3
    s.act({"type": "roll", "player": 1, "dice": [5]})
    for seat in range(3):
        assert [row[-1] for row in figures(s, "en", seat)] == ["\u2013", "Rolled 5", "\u2013"]
        assert [row[-1] for row in figures(s, "de", seat)] == ["\u2013", "Wurf 5", "\u2013"]
    s.act({"type": "roll", "player": 0, "dice": [2]})
    assert [row[-1] for row in figures(s, seat=2)] == ["Rolled 2", "Rolled 5", "\u2013"]
    s.undo()
    assert [row[-1] for row in figures(s, seat=2)] == ["\u2013", "Rolled 5", "\u2013"]
    three = Session.create(Store.memory(), "dice", NAMES[:2], {"dice": 3}, rng=random.Random(2))
    three.act({"type": "roll", "player": 0, "dice": [5, 5, 4]})
    assert figures(three, seat=1)[0][-1] == "5+5+4=14"


def test_the_snitchs_phones_show_each_seats_pieces_cards_and_scheme_as_its_token():
    """Not the counts of old ("0 Items"): the token's own figures, the cards in hand and
    the Scheme's progress, after the pieces at the seat (the Soap with Ann, the Guard with Cy)."""
    s = snitch()
    assert figures(s, "en", 1) == [["Soap", "5 cards", "Scheme 0/1"], ["5 cards", "Scheme 0/1"],
                                   ["Guard", "5 cards", "Scheme 0/1"], ["5 cards", "Scheme 0/1"]]
    assert figures(s, "de", 3) == [["Seife", "5 Karten", "Plan 0/1"], ["5 Karten", "Plan 0/1"],
                                   ["Wärter", "5 Karten", "Plan 0/1"], ["5 Karten", "Plan 0/1"]]


def test_digs_phones_say_the_tunnel_once_as_the_tokens_track():
    s = Session.create(Store.memory(), "dig", NAMES[:3], {}, rng=random.Random(1))
    assert figures(s) == [["Tunnel\u00a00/12", "0 Beatings"]] * 3
    assert figures(s, "de")[0][0].startswith("Tunnel\u00a00/")


HEIST = {"a": 5, "b": 6, "c": 7, "d": 8, "take": 4}


def first_heist_taken() -> list[dict]:
    """A two-seat Heist from its start until the first seat has taken a heist in its first
    turn (a team of four, four Perfections; the gems drawn at random)."""
    steps = [{"type": "lay_heist", "slot": 0, **HEIST}, {"type": "lay_heist", "slot": 1, **HEIST},
             {"type": "roll_first", "player": 0, "dice": [5]}, {"type": "roll_first", "player": 1, "dice": [2]},
             {"type": "set_team", "player": 0, "recruits": 4}]
    for n, face in enumerate((1, 2, 3, 4)):
        steps += [{"type": "continue" if n else "attempt", "player": 0, "heist": 0, "total": 20, "recruits": 1},
                  {"type": "place_die", "player": 0, "face": face}]
    return steps + [{"type": "complete", "player": 0}]


def test_heists_gems_are_pips_of_their_colours_on_every_phone():
    """Ann takes a heist: every phone shows her gems as (colour, how many) in the bag's
    order, after her team, heists and Starter Cash, as her token does."""
    s = Session.create(Store.memory(), "heist", NAMES[:2], {}, rng=random.Random(1))
    for action in first_heist_taken():
        s.act(action)
    gems = s.state["seats"][0]["gems"]
    for seat, lang in ((0, "en"), (1, "de")):
        ann, bob = seat_view(s, seat, lang)["players"]
        assert ann["pips"] == [{"colour": c, "count": gems[c]} for c in s.state["start_bag"] if gems[c]] != []
        assert bob["pips"] == []
    assert figures(s, "en", 1) == [["team 1", "1 heist", "1 cash"], ["team 1", "0 heists", "1 cash"]]
    assert figures(s, "de", 1)[0] == ["Team 1", "1 Heist", "1 Startgeld"]


JSON = st.recursive(st.none() | st.booleans() | st.integers(-3, 12) | st.floats(allow_nan=False) | st.text(max_size=12)
                    | st.sampled_from(["main", "done", "form", "vote", "button", "record_item", "use_item", "key",
                                       "take_bar", "guess_bar", "long", "use_item:0"]),
                    lambda inner: st.lists(inner, max_size=3) | st.dictionaries(
                        st.sampled_from(["type", "id", "args", "seat", "item", "window", "bar", "msg", "x"]), inner,
                        max_size=4), max_leaves=10)


@settings(max_examples=100, **SETTINGS)
@given(message=JSON, seat=st.integers(-1, 6) | st.booleans(), game=st.sampled_from(["snitch", "singsing"]))
def test_any_message_is_taken_as_a_seats_own_step_or_refused_in_words(message, seat, game):
    """Whatever a phone sends: a refusal in words, or steps of its own seat the rules take;
    never an error of another kind, never a change before the table performs them."""
    if game == "snitch":
        s = snitch()
        resolve_under(s, 1, success=False)
    else:
        s, _ann, _bob = singsing(4)
        s.act({"type": "start_timer"})
    head, state = s.head, copy.deepcopy(s.state)
    try:
        todo = phone_actions(s, seat, message, PadTable())
    except PhoneRefused as refused:
        assert refused.words and "{" not in refused.words
    else:
        for kind, what in todo:
            assert kind in ("press", "cast", "act")
            if kind == "act":
                assert what["player"] == seat
                s.game.resolve(s.state, what, random.Random(0))     # the rules take it
    assert s.head == head and s.state == state
