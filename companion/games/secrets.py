"""What the rules hide (a part a game may add: `secrets`): a Secret says where the app
keeps it, who may know it and from when everybody may; the Secrets part gives every
game the views with them blanked (Game.public, hidden_args), whatever it declares."""
from __future__ import annotations

from dataclasses import dataclass
from typing import Callable, Iterable

from ..secret import SECRET

__all__ = ["SECRET", "Secret", "Secrets"]


@dataclass(frozen=True)
class Secret:
    """Something the rules hide from the table: where the app keeps it, who may
    know it, and from when everybody may (Game.secrets).

    field:    a key of the state whose value is secret ("votes"), or
    action:   (type, argument): an argument of a stored action ("stash_item", "item");
    known_to: who may know it besides the app: "owner" (the seat it belongs to: the
              voter, the stash's owner), "others" (all but one seat: the masked
              player's bar in Sing Sing) or "nobody" (cards nobody has seen);
    until:    state -> True once everybody may know it (None: never).

    Whatever the table shares (the screen, the log, past games, the pads' lights)
    shows a secret only once `until` says so; `companion script` keeps the whole
    state and names the secret fields beside it."""
    field: str = ""
    action: tuple[str, str] | None = None
    known_to: str = "owner"
    until: Callable[[dict], bool] | None = None

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
