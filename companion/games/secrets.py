"""What the rules hide (a part a game may add: `secrets`): a Secret says where the app
keeps it, who may know it and from when everybody may; the Secrets part gives every
game the views with them blanked (Game.public, hidden_args), whatever it declares."""
from __future__ import annotations

from typing import Callable, Iterable

from ..secret import SECRET

__all__ = ["SECRET", "Secret", "Secrets"]


class Secret:
    """Something the rules hide from the table: where the app keeps it, who may
    know it, and from when everybody may (Game.secrets).

    field:    a key of the state whose value is secret ("votes"), or
    action:   (type, argument): an argument of a stored action ("stash_item", "item");
    known_to: who may know it besides the app: "owner" (the seat it belongs to: the
              voter, the stash's owner), "others" (all but one seat: the masked
              player's bar in Sing Sing) or "nobody" (cards nobody has seen);
    until:    state -> True once everybody may know it (None: never);
    per_seat: the field holds one entry per seat (a list), each known to its seat alone
              (known_to "owner": what one player noted on their phone, The Snitch's stash);
    blind:    for known_to "others": state -> the one seat kept from it (Sing Sing's mask).

    Whatever the table shares (the screen, the log, past games, the pads' lights)
    shows a secret only once `until` says so; `companion script` keeps the whole
    state and names the secret fields beside it.

    (A plain class with __slots__: a game's secrets are its own objects, read and found
    among themselves, never copied or printed, and a frozen dataclass costs every start
    some 4 M instructions to make.)"""
    __slots__ = ("field", "action", "known_to", "until", "per_seat", "blind")

    def __init__(self, field: str = "", action: tuple[str, str] | None = None, known_to: str = "owner",
                 until: Callable[[dict], bool] | None = None, per_seat: bool = False,
                 blind: Callable[[dict], int | None] | None = None):
        self.field, self.action, self.known_to = field, action, known_to
        self.until, self.per_seat, self.blind = until, per_seat, blind

    def known(self, state: dict, seat: int, action: dict | None = None) -> bool:
        """May `seat` know it in `state` (a phone's own view, companion.phones)? "owner":
        the seat an action was made by (a per-seat field: its own entry, see seat_public);
        "others": every seat but the blind one (none, when the game names no blind seat);
        "nobody": no seat."""
        if self.known_to == "owner":
            return action is not None and action.get("player") == seat
        if self.known_to == "others" and self.blind is not None:
            blind = self.blind(state)
            return blind is not None and seat != blind
        return False

    def kept(self, state: dict) -> bool:
        """Still secret in this state."""
        return self.until is None or not self.until(state)


class Secrets:
    secrets: tuple[Secret, ...] = ()   # what the rules hide, from whom, until when

    # `always`: every secret, whatever its `until` (the voice: heard by all, the masked
    # player in Sing Sing too, whether or not the screen may show it now).
    # `veiled`: secrets the table saw hidden whose reveal is not in the history as it now
    # stands (Session.veiled: an UNDO back before the hiding must not show them).
    def hidden(self, state: dict, always: bool = False, veiled: Iterable[Secret] = ()) -> list[Secret]:
        """The secrets the table must not see in `state`."""
        veiled = tuple(veiled)
        return [s for s in self.secrets if always or s in veiled or s.kept(state)]

    def hidden_args(self, state: dict, action: dict, always: bool = False,
                    veiled: Iterable[Secret] = ()) -> set[str]:
        """Arguments of a past action the table must not see in `state` (the log's)."""
        kind = action.get("type")
        return {s.action[1] for s in self.hidden(state, always, veiled) if s.action and s.action[0] == kind}

    def secret_fields(self, state: dict, always: bool = False, veiled: Iterable[Secret] = ()) -> list[str]:
        """The state's fields that are secret now (`companion script` names them)."""
        return [s.field for s in self.hidden(state, always, veiled) if s.field]

    def public(self, state: dict, always: bool = False, veiled: Iterable[Secret] = ()) -> dict:
        """The state as everybody at the table may know it: every field still secret
        holds SECRET (one that holds nothing, None, hides nothing). Whatever the table
        sees (summary, board, buttons, leds) is the same for a state and its public
        view (tests/test_secrets.py plays that out), and a game's views draw a field
        that holds SECRET as hidden, in any phase (a veiled one: after an UNDO)."""
        hidden = self.secret_fields(state, always, veiled)
        if not hidden:
            return state
        return {key: SECRET if key in hidden and value is not None else value for key, value in state.items()}

    # -- one seat's own view (a phone: companion.phones) -------------------------------
    def seat_public(self, state: dict, seat: int, veiled: Iterable[Secret] = ()) -> dict:
        """The state as `seat` may know it: the table's view (public) plus the secrets
        known to that seat: of a per-seat field its own entry (the others hold SECRET),
        a secret kept from one seat alone for every other seat."""
        hidden = [s for s in self.hidden(state, veiled=veiled) if s.field and state.get(s.field) is not None]
        if not hidden:
            return state
        out = dict(state)
        for secret in hidden:
            value = state[secret.field]
            if secret.per_seat and secret.known_to == "owner" and isinstance(value, list):
                out[secret.field] = [entry if i == seat else SECRET for i, entry in enumerate(value)]
            elif not secret.known(state, seat):
                out[secret.field] = SECRET
        return out

    def seat_args(self, state: dict, action: dict, seat: int, veiled: Iterable[Secret] = ()) -> set[str]:
        """Arguments of a past action `seat` may not know in `state` (hidden_args, less
        those known to the seat: its own noted Item, the bar it took)."""
        kind = action.get("type")
        return {s.action[1] for s in self.hidden(state, veiled=veiled)
                if s.action and s.action[0] == kind and not s.known(state, seat, action)}

    def private_moves(self, state: dict, seat: int) -> list:
        """What `seat` may do now from its own phone alone, with arguments (ActionSpec
        list, from `state` as the seat knows it: seat_public): note a secret only it
        knows, or a step whose choices its secret narrows. Default: none. The table's
        buttons never offer them (their Move lists nothing); the rules check them as any."""
        return []

    def private_words(self, state: dict, seat: int, t) -> list[str]:
        """This seat's own secrets in words, for its phone (`state` as the seat knows it)."""
        return []
