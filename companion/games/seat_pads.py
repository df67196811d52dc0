"""The seat pads (a part a game may add to): each seat's light, what a pad's buttons
mean, and a secret vote the pads hold until all are in (Ballot, in declarations.py).
By default a pad's MAIN is ROLL and DONE is CONFIRM, and the light shows whose turn it is."""
from __future__ import annotations

from typing import TYPE_CHECKING

from .. import lights
from ..inputs import DONE, MAIN, InputEvent
from ..lights import Led

if TYPE_CHECKING:
    from .declarations import Ballot


class Pads:
    # What each pad button stands for (tried in order), as the table's buttons.
    pad_buttons: dict[int, tuple[InputEvent, ...]] = {MAIN: (InputEvent.ROLL,), DONE: (InputEvent.CONFIRM,)}

    def leds(self, state: dict) -> dict[int, Led]:
        """Each seat's light (seats left out are off). Default: whose turn it is."""
        return lights.turn(state)

    def pad_may(self, state: dict, action: dict, seat: int) -> bool:
        """May seat's pad send this action? Default: the legal list offers it to that seat."""
        return any(spec.type == action["type"] and spec.player == seat for spec in self.legal_actions(state))

    def ballot(self, state: dict) -> Ballot | None:
        """The secret vote running now, if any (the pads hold the votes until all are in)."""
        return None
