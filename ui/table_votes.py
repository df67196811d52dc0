"""A secret vote on the screen (Game.ballot), without Kivy: the screen passed round
casts its ballots here; they are the pads' table's (companion.pads.PadTable), held
outside the game with the pads' until all are in, then their totals alone go in.

The table (ui/table.py) holds one Votes; the vote screen calls it through the
table's cast_vote, restart_vote and screen_voters.
"""
from __future__ import annotations

from companion import controller, cues as cue_names, games


class Votes:
    def __init__(self, table):
        self.table = table      # ui/table.py: its session, seat pads, perform_all, refresh, play

    def held(self) -> controller.Outcome | None:
        """UNDO and redo cannot reach into a running secret vote once a ballot is cast
        (whoever stands at the screen would undo and recast another's): refused, saying so."""
        session = self.table.session
        if session.game.ballot(session.state) is None or not self.table.pad_table.ballots_cast():
            return None
        return controller.Outcome(False, [cue_names.WARNING], games.IllegalAction(
            "vote_held", "the vote is secret: undo cannot reach a vote already cast"))

    def voters(self) -> list[int]:
        """The seats that vote on the screen, in the game's order (not on a pad)."""
        return self.table.seat_pads.screen_voters()

    def cast(self, seat: int, choice: int):
        """A ballot cast on the screen: held with the pads' until all are in (then the totals go in)."""
        table = self.table
        if table.session is None:
            return None
        actions = table.pad_table.cast(table.session.state, seat, choice)
        if actions:
            return table.perform_all(actions)
        table.seat_pads.light()
        table.refresh()
        table.play([cue_names.TAP])
        return None

    def restart(self) -> None:
        """Every ballot held is dropped, unseen: everybody votes again."""
        table = self.table
        table.pad_table.reset()
        table.seat_pads.light()
        table.refresh()
