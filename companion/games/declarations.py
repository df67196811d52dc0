"""What only some games declare, made when a game first names it (`from ..base import
Rule`: base.py's __getattr__): a Rule that refuses a move (the table of moves,
moves.py), a secret vote in progress (Ballot: the seat pads, seat_pads.py) and a topic
of the rules in Help (Reference). Each is a dataclass, some 3.5 M instructions to
make, and a start onto a table needs none of them before its first frame."""
from __future__ import annotations

from dataclasses import dataclass
from typing import Callable

from ..errors import IllegalAction
from .moves import name_of


@dataclass(frozen=True)
class Rule:
    """A reason a move is refused now: `when(state, seat)` is true -> IllegalAction
    `key`, said as `message` (fields: {name} the seat's player, and `params(state,
    seat)`). A move refused by a rule is not on the legal list either."""
    when: Callable[[dict, int | None], bool]
    key: str
    message: str
    params: Callable[[dict, int | None], dict] | None = None

    def refusal(self, state: dict, seat) -> IllegalAction | None:
        if not self.when(state, seat):
            return None
        fields = {"name": name_of(state, seat), **(self.params(state, seat) if self.params else {})}
        return IllegalAction(self.key, self.message.format(**fields), **fields)


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


@dataclass(frozen=True)
class Reference:
    """One topic of the rules in Cellmate's own short words (Game.reference): the text
    "<game>.rules.<topic>", where the rulebook says it "<game>.rules.<topic>.where"
    (its page or its heading), and the phases of the game it matters in (first in Help then)."""
    topic: str
    phases: tuple[str, ...] = ()
