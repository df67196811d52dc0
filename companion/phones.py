"""What a phone at the table may see and do (issue 34), as plain JSON-able data: pure,
no web server, no Kivy. The server (hardware/phones) sends `seat_view` to the phone
that holds a seat and hands what `phone_actions` returns to the same path a seat pad
takes (companion.pads), on the UI thread.

A phone sees what the table sees (Session.view: every secret blanked, the veiled ones
too) plus the secrets known to its own seat alone (Game.seat_public: its noted stash in
The Snitch, the bar it took in Sing Sing); nothing else. Its buttons are a seat pad's:
MAIN and DONE mean what they mean on a pad (Game.pad_buttons, pad_may), so every
game's pad hooks serve phones too. A secret vote is cast on it as on the screen
(PadTable.cast), in any order, several phones at once. Each seat in its "players" says
what that seat's token round the table says (companion.board.seat_token): "figures"
(its pieces, progress and short figures: "Soap", "Tunnel 7/15", "4 cards", "Rolled 5")
and "pips" ([{"colour", "count"}]: Heist's gems).

A phone's message (a dict; anything else is refused, and nothing changes):

    {"type": "button", "id": "main" | "done"}      a pad's button
    {"type": "vote", "seat": candidate}            a ballot in a secret vote
    {"type": "form", "id": form id, "args": {name: value}}
                                                    one of seat_view's "forms": its id (the
                                                    action's type, "<type>:<n>" when one type has
                                                    several forms), a value for each field
                                                    (one with "fixed" may be left out)
"""
from __future__ import annotations

import logging
import random
import time

from .board import SeatToken, seat_token
from .errors import IllegalAction
from .games.base import ActionSpec, Param
from .i18n import Catalogue
from .inputs import DONE, MAIN
from .pads import PadTable, pad_action

log = logging.getLogger(__name__)

__all__ = ["BUTTONS", "PhoneRefused", "phone_actions", "seat_view"]

BUTTONS = {"main": MAIN, "done": DONE}     # a phone's buttons, as a pad's
MESSAGE_KINDS = ("button", "vote", "form")


class PhoneRefused(Exception):
    """A phone's message the table will not take: `key` (catalogue "phones.refused.<key>"
    or a rules error's key) and `words`, already in the table's language. Nothing changed."""

    def __init__(self, key: str, words: str):
        super().__init__(words)
        self.key = key
        self.words = words


# -- what a phone sees ---------------------------------------------------------------
def seat_view(session, seat: int, lang: str, pads: PadTable | None = None, now: float | None = None, *,
              ends_at: float | None = None) -> dict:
    """What the phone at `seat` shows, in `lang` (see phones-interface): the table's view
    plus this seat's own secrets. `pads`: the table's PadTable, whose held ballots say who
    has voted in a secret vote (never whom for); `now`: the clock (time.time());
    `ends_at`: when the table's own countdown ends (epoch seconds), when the caller knows
    it (else worked out from when its step was saved)."""
    game, t = session.game, Catalogue(lang)
    view, summary, shared = _shared(session, t)
    players = view["players"]
    if not _whole(seat) or not 0 <= seat < len(players):
        raise PhoneRefused("bad_seat", t("phones.refused.bad_seat"))
    mine = game.seat_public(session.state, seat, veiled=session.veiled())
    finished = shared["finished"]
    ballot = None if finished else game.ballot(view)
    current = None if finished else view.get("current")
    forms = [] if finished else _forms(t, players, game.private_moves(mine, seat))
    return {
        **shared,
        "players": [dict(p, figures=list(p["figures"]), pips=[dict(pip) for pip in p["pips"]])   # each view its own
                    for p in shared["players"]],
        "you": seat,
        "prompt": _prompt(t, summary, view, seat, current, ballot, pads, finished, forms),
        "buttons": [] if ballot is not None else _buttons(game, view, seat, t),
        "private": [str(line) for line in game.private_words(mine, seat, t)],
        "vote": None if ballot is None else _vote(t, view, ballot, seat, pads),
        "countdown": _countdown(session, view, now, ends_at),
        "forms": forms,
    }


# What every seat's view shares, kept for the state it was made for: each change the
# server sends to up to 8 phones, and the table's words need be found once for them.
_SHARED: dict[int, tuple] = {}      # id(session) -> (state, veiled, lang, head, (view, summary, parts))


def _shared(session, t) -> tuple[dict, dict, dict]:
    """(the table's view, its summary, the parts of seat_view every seat shares)."""
    state, veiled = session.state, session.veiled()
    kept = _SHARED.get(id(session))
    if kept is not None and kept[0] is state and kept[1:4] == (veiled, t.lang, session.head):
        return kept[4]
    game, view = session.game, session.view
    summary, board = game.summary(view, t), game.board(view, t)
    finished = bool(view.get("finished"))
    current = None if finished else view.get("current")
    badges = summary.get("badges") or {}
    parts = {"v": session.head, "game": t(game.title), "lang": t.lang,
             "players": [_player(i, p, seat_token(board, i, badges.get(i, badges.get(str(i), ()))), current == i)
                         for i, p in enumerate(view["players"])],
             "headline": summary.get("headline", ""), "news": _news(session, t), "finished": finished,
             "result": _result(game, view, t) if finished else ""}
    if len(_SHARED) >= 8:
        _SHARED.clear()
    _SHARED[id(session)] = (state, veiled, t.lang, session.head, (view, summary, parts))
    return view, summary, parts


def _player(seat: int, player: dict, token: SeatToken, turn: bool) -> dict:
    """A seat as the phones list it, with what its token round the table says
    (companion.board.seat_token): its tags and pieces (the Soap, the Mask, ...), its
    progress ("Tunnel 7/15") and figures ("4 cards", "Rolled 5") in `figures`, its
    pieces as coloured pips (Heist's gems) in `pips`."""
    figures = token.tags + ((token.track,) if token.track else ()) + token.figures
    return {"seat": seat, "name": player["name"], "colour": player.get("colour"), "letter": player.get("letter"),
            "figures": list(dict.fromkeys(figures)), "pips": [{"colour": c, "count": n} for c, n in token.pips],
            "turn": turn}


def _prompt(t, summary, view, seat, current, ballot, pads, finished, forms) -> str:
    """What this seat is to do: vote, its turn, a step on its phone (Sing Sing's guess), or wait."""
    if finished:
        return t("phones.prompt.over")
    if ballot is not None:
        if seat in ballot.voters and not (pads is not None and pads.has_voted(seat)):
            return t("phones.prompt.vote")
        return t("phones.prompt.voted") if seat in ballot.voters else summary.get("prompt", "")
    if current == seat:
        return t("phones.prompt.your_turn")
    if forms:
        return forms[0]["label"]
    if _whole(current) and 0 <= current < len(view["players"]):
        return t("phones.prompt.waiting", name=view["players"][current]["name"])
    return summary.get("prompt", "")


def _news(session, t) -> str:
    """The step the table is at, in the Log's words, its secret arguments left out."""
    if session.head <= 0:
        return ""
    try:
        action = session.stored(session.head, session.head)[0]
    except Exception:           # a damaged row: no news rather than a crash
        return ""
    players = session.setup["players"]
    own = session.game.log_words(action, players, t)
    if own is not None:
        return own
    key = f"{session.game.id}.action.{action.get('type')}"
    label = t(key)
    if label == key:
        return ""
    who = action.get("player")
    if _whole(who) and 0 <= who < len(players):
        return t("phones.news.by", name=players[who]["name"], action=label)
    return label


def _result(game, view, t) -> str:
    result = game.result(view) or {}
    names = [view["players"][s]["name"] for s in result.get("winners") or []
             if _whole(s) and 0 <= s < len(view["players"])]
    if not names:
        return t("phones.result.none")
    return t("phones.result.winners", names=", ".join(names), count=len(names))


def _buttons(game, view, seat, t) -> list[dict]:
    """A pad's MAIN and DONE, each where it means something now, named by the step it makes."""
    out = []
    for name, button in BUTTONS.items():
        action = _pad_action(view, seat, button)
        if action is None:
            continue
        out.append({"id": name, "label": _label(game, view, action, t),
                    "tone": "primary" if button == MAIN else "normal"})
    return out


def _pad_action(state, seat, button):
    try:
        return pad_action(state, seat, button)
    except Exception:           # a view a hook does not read: the button means nothing there
        return None


def _label(game, view, action, t) -> str:
    for spec in game.legal_actions(view):
        if spec.type == action["type"] and spec.player in (None, action.get("player")):
            return t(spec.label)
    key = f"{game.id}.action.{action['type']}"
    return t(key) if t(key) != key else action["type"]


def _vote(t, view, ballot, seat, pads) -> dict:
    """The secret vote as this seat sees it: the question, whom for, whether it has voted,
    who is still to (never whom anybody voted for; the totals come with the state)."""
    players = view["players"]
    done = (lambda s: pads.has_voted(s)) if pads is not None else (lambda s: False)
    return {"question": t(ballot.label) if ballot.label else t("phones.vote.question"),
            "candidates": [{"seat": c, "name": players[c]["name"]} for c in ballot.candidates],
            "voted": seat not in ballot.voters or done(seat),
            "waiting": [players[v]["name"] for v in ballot.voters if not done(v)]}


def _countdown(session, view, now, ends_at=None) -> dict | None:
    """The countdown running now (Game.countdown): when it ends, from the time the step that
    started it was saved (or the UNDO or redo that brought it back: the table starts it
    afresh then)."""
    countdown = session.game.countdown(view)
    if countdown is None:
        return None
    seconds = countdown["seconds"]
    if ends_at is None:
        started = _started(session, countdown["key"])
        if session.last_action is None:         # the head moved back or on (or a resume): started then
            moved = session.store.read("SELECT updated FROM sessions WHERE id = ?", (session.id,))
            started = max(started or 0, moved[0][0] if moved and moved[0][0] else 0) or None
        ends_at = (started if started is not None else (time.time() if now is None else now)) + seconds
    return {"ends_at": float(ends_at), "seconds": int(seconds)}


def _started(session, key) -> float | None:
    """When the step that began the countdown `key` was saved (None: not found)."""
    game = session.game
    seq = session.head
    while seq > 0:
        rows = session.store.read("SELECT at FROM events WHERE session_id = ? AND seq = ?", (session.id, seq))
        before = session._state_at(seq - 1)
        running = game.countdown(before)
        if running is None or running["key"] != key:
            return rows[0][0] if rows else None
        seq -= 1
    return None


def _forms(t, players, specs: list[ActionSpec]) -> list[dict]:
    """Each private move a form: its id the action's type ("<type>:<n>" when one type has
    several, one per choice: "Use an Item" for each Item), its label, its fields."""
    out = []
    for spec in specs:
        same = [s for s in specs if s.type == spec.type]
        fixed = [_choice_words(t, players, p, p.choices[0]) for p in spec.params.values() if _fixed(p)]
        label = " · ".join([t(spec.label)] + (fixed if len(same) > 1 else []))
        out.append({"id": spec.type if len(same) == 1 else f"{spec.type}:{same.index(spec)}", "label": label,
                    "fields": [_field(t, players, name, param) for name, param in spec.params.items()]})
    return out


def _fixed(param: Param) -> bool:
    return param.kind in ("seat", "choice") and len(param.choices) == 1


def _field(t, players, name: str, param: Param) -> dict:
    out = {"name": name, "label": t(param.label) if param.label else name, "kind": param.kind,
           "optional": param.optional}
    if _fixed(param):
        out["fixed"] = param.choices[0]        # nothing to choose: sent as it is
    if param.kind in ("seat", "choice"):
        out["choices"] = [{"value": c, "label": _choice_words(t, players, param, c)} for c in param.choices]
    elif param.kind == "int":
        out.update(min=param.minimum, max=param.maximum)
    return out


def _choice_words(t, players, param: Param, value) -> str:
    if param.kind == "seat":
        return players[value]["name"] if _whole(value) and 0 <= value < len(players) else "?"
    key = f"{param.label}.{value}"
    return t(key) if param.label and t(key) != key else str(value)


# -- what a phone may do ---------------------------------------------------------------
def phone_actions(session, seat: int, message, pads: PadTable | None = None, lang: str = "en") -> list[tuple]:
    """What the phone at `seat` asks for, as things for the table to do in order:
    ("press", MAIN | DONE) on the seat pad path, ("cast", candidate) for a secret vote
    (PadTable.cast), ("act", action) for a form, with "player" its seat. A bad message,
    or one that means nothing now, raises PhoneRefused saying why; nothing changes."""
    t = Catalogue(lang)
    game = session.game
    view = session.view
    if not _whole(seat) or not 0 <= seat < len(view["players"]):
        raise PhoneRefused("bad_seat", t("phones.refused.bad_seat"))
    if not isinstance(message, dict) or message.get("type") not in MESSAGE_KINDS:
        raise PhoneRefused("bad_message", t("phones.refused.bad_message"))
    if view.get("finished"):
        raise PhoneRefused("game_over", t("phones.refused.game_over"))
    kind = message["type"]
    ballot = game.ballot(view)
    if kind == "button":
        button = BUTTONS.get(message.get("id")) if isinstance(message.get("id"), str) else None
        if button is None:
            raise PhoneRefused("bad_message", t("phones.refused.bad_message"))
        if ballot is not None:
            raise PhoneRefused("vote_first", t("phones.refused.vote_first"))
        if _pad_action(view, seat, button) is None:
            raise PhoneRefused("nothing_now", t("phones.refused.nothing_now"))
        return [("press", button)]
    if kind == "vote":
        choice = message.get("seat")
        if ballot is None:
            raise PhoneRefused("no_vote", t("phones.refused.no_vote"))
        if seat not in ballot.voters:
            raise PhoneRefused("not_a_voter", t("phones.refused.not_a_voter"))
        if not _whole(choice) or choice not in ballot.candidates:
            raise PhoneRefused("bad_candidate", t("phones.refused.bad_candidate"))
        return [("cast", choice)]
    return [("act", _form_action(session, seat, message, t))]


def _form_action(session, seat: int, message: dict, t) -> dict:
    """A form sent back: one of the seat's private moves now, its arguments checked, the
    rules asked (on a copy: nothing is saved here)."""
    game = session.game
    kind, args = message.get("id"), message.get("args", {})
    if not isinstance(kind, str) or not isinstance(args, dict) or not all(isinstance(k, str) for k in args):
        raise PhoneRefused("bad_message", t("phones.refused.bad_message"))
    mine = game.seat_public(session.state, seat, veiled=session.veiled())
    kind = kind.split(":")[0]
    specs = [spec for spec in game.private_moves(mine, seat) if spec.type == kind]
    if not specs:
        raise PhoneRefused("not_now", t("phones.refused.not_now"))
    refusal = None
    for spec in specs:         # the form whose choices the arguments fit (one per Item: any of them)
        try:
            action = _checked(t, spec, seat, args, fixed_too=len(specs) > 1)
            break
        except PhoneRefused as exc:
            refusal = refusal or exc
    else:
        raise refusal
    try:
        game.resolve(session.state, action, random.Random(0))   # the rules' own check (its draws thrown away)
    except IllegalAction as exc:
        raise PhoneRefused(exc.key, t.error(exc)) from None
    except Exception:           # a value the rules cannot take: refused, never a traceback
        log.warning("a phone's form could not be checked: %r", action, exc_info=True)
        raise PhoneRefused("bad_message", t("phones.refused.bad_message")) from None
    return action


def _checked(t, spec: ActionSpec, seat: int, args: dict, fixed_too: bool) -> dict:
    """The action a form's arguments make, each checked against its Param (a fixed one may
    be left out, unless several forms of one type tell each other apart by it)."""
    if set(args) - set(spec.params):
        raise PhoneRefused("bad_message", t("phones.refused.bad_message"))
    action = {"type": spec.type, "player": seat}
    for name, param in spec.params.items():
        if name in args:
            try:
                action[name] = param.check(name, args[name])
            except IllegalAction as exc:
                raise PhoneRefused(exc.key, t.error(exc)) from None
        elif _fixed(param) and not fixed_too:
            action[name] = param.choices[0]
        elif not param.optional:
            raise PhoneRefused("missing", t("phones.refused.missing", field=t(param.label) if param.label else name))
    return action


def _whole(value) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)

