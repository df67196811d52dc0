"""The seat pads (a part a game may add to): each seat's light, what a pad's buttons
mean, and a secret vote the pads hold until all are in (Ballot). By default a pad's
MAIN is ROLL and DONE is CONFIRM, and the light shows whose turn it is."""
from __future__ import annotations

from dataclasses import dataclass

from .. import lights
from ..inputs import DONE, MAIN, InputEvent
from ..lights import Led


@dataclass(frozen=True)
class Ballot:
    """A secret vote in progress (Game.ballot): who is still to vote, in the order
    they vote on the screen, whom they may vote for, and the one action that
    counts the ballots once all are in. A ballot is never written down: the
    action holds the totals, one per seat, and nothing says who voted for whom."""
    voters: tuple[int, ...]
    candidates: tuple[int, ...]
    seats: int = 0                          # the table's seats (the totals' length)
    label: str = ""                         # catalogue key: the question a voter answers
    action: str = "secret_vote"
    param: str = "tally"

    def count(self, ballots: dict[int, int]) -> dict:
        """The action that puts the ballots in, as totals per seat."""
        tally = [0] * max(self.seats, max(self.candidates, default=-1) + 1)
        for voter in self.voters:
            tally[ballots[voter]] += 1
        return {"type": self.action, self.param: tally}


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
