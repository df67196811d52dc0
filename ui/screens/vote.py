"""A secret vote on the screen (The Snitch's gun vote): the screen passed round.

Its look is in vote.kv beside this file. While a secret vote runs (Game.ballot)
the table is played here, not on the game screen. The ballots are the pads'
table's (companion.pads.PadTable): cast here or on a seat's pad, held outside
the game until all are in, then their totals alone go in.

For each seat that votes on the screen, in the game's order:

  hand-off  "Pass to Ann. Tap when only Ann can see the screen." Votes in so far
            (how many, never whose), the pads' way of voting; the whole face is
            the button.
  choose    Ann's ballot: every candidate a button; a tap picks (another tap
            changes it, UNDO takes it back), "Cast my vote" casts it.
  blank     nothing of the vote is left on the screen: "Vote cast. Pass to Ben;
            tap when only Ben can see the screen." A tap is Ben's ballot.
  wait      every screen voter is done; the pads still vote.

UNDO never reaches a cast ballot (the app refuses it while ballots are held): only
the voter's own choice before "Cast my vote". The widgets are made once; a stage
shows one of three faces, the candidate buttons are reused.
"""
from __future__ import annotations

from kivy.properties import NumericProperty, StringProperty

from ..dialogs.confirm import ConfirmDialog
from ..dialogs.help import HelpDialog
from ..widgets.buttons import BigButton
from ..widgets.lists import reuse
from .base import BaseScreen

HANDOFF, CHOOSE, BLANK, WAIT = "handoff", "choose", "blank", "wait"


class VoteScreen(BaseScreen):
    stage = StringProperty(HANDOFF)
    voter = NumericProperty(-1)          # the seat whose ballot is open (choose), or next (hand-off, blank)

    def __init__(self, **kwargs):
        from kivy.factory import Factory
        super().__init__(**kwargs)
        self.choice: int | None = None
        self.candidates: list[int] = []
        self._for = None                 # the session whose vote this is
        # the three faces, made once; one at a time is in the screen's body
        self.faces = {HANDOFF: Factory.VoteHandoff(), CHOOSE: Factory.VoteBallot(), BLANK: Factory.VoteBlank()}
        for face in self.faces.values():
            face.screen = self           # their taps call this screen (vote.kv)
        self.faces[WAIT] = self.faces[HANDOFF]

    # -- what the table sees ---------------------------------------------------------
    def refresh(self):
        table = self.table
        session = table.session
        if session is None:
            return
        ballot = session.game.ballot(session.state)
        if ballot is None:
            return                       # the vote is over: the app shows the table again
        if self._for != session.id:
            self._for, self.stage, self.choice = session.id, HANDOFF, None
        voters = table.screen_voters()
        if self.stage == BLANK and not table.pad_table.ballots_cast():
            self.stage = HANDOFF         # a vote begun again (undone, or started over): nothing was cast
        if self.stage == CHOOSE and self.voter not in voters:
            self.stage = HANDOFF         # (the ballot went in another way: a pad plugged in)
        if self.stage in (HANDOFF, BLANK):
            if voters:
                self.voter = voters[0]
            else:
                self.stage = WAIT
        elif self.stage == WAIT and voters:
            self.stage, self.voter = HANDOFF, voters[0]
        self.candidates = list(ballot.candidates)
        self.show()

    def show(self):
        t, ids, table = self.t, self.ids, self.table
        players = self.players()
        name = players[self.voter]["name"] if 0 <= self.voter < len(players) else ""
        voters = table.session.game.ballot(table.session.state).voters
        face = self.faces[self.stage]
        if face.parent is not ids.body:
            ids.body.clear_widgets()
            ids.body.add_widget(face)
        on_top = self.stage in (HANDOFF, WAIT)      # the rest of the app: only between ballots
        ids.top.opacity, ids.top.disabled = (1, False) if on_top else (0, True)
        ids.headline.text = t("vote.headline")
        if on_top:
            f = face.ids
            tap = f.tap.ids
            if self.stage == HANDOFF:
                who = players[self.voter]
                tap.words.text, tap.hint.text = t("vote.pass_to", name=name), t("vote.tap_when", name=name)
                tap.chip.colour, tap.chip.letter, tap.chip.opacity = who["colour"], who["letter"], 1
            else:
                waiting = [players[s]["name"] for s in voters if not table.pad_table.has_voted(s)]
                tap.words.text, tap.hint.text = t("vote.waiting"), t("vote.waiting_for", names=", ".join(waiting))
                tap.chip.opacity = 0
            f.tap.tone = "quiet" if self.stage == WAIT else "primary"     # waiting: a tap does nothing
            cast = table.pad_table.ballots_cast()
            f.tally.text = t("vote.cast", done=cast, count=len(voters))
            f.pads_help.text = t("vote.pads") if table.pads_present else ""
            f.again.opacity, f.again.disabled = (1, False) if cast else (0, True)
        elif self.stage == CHOOSE:
            f = face.ids
            ballot = table.session.game.ballot(table.session.state)
            f.question.text = t("vote.question", name=name, question=t(ballot.label))
            for seat, button in zip(self.candidates, reuse(f.candidates, len(self.candidates), self._candidate)):
                button.seat = seat
                button.text, button.colour, button.letter = (players[seat]["name"], players[seat]["colour"],
                                                            players[seat]["letter"])
                button.tone = "go" if seat == self.choice else "normal"
            f.cast_btn.text = (t("vote.cast_for", name=players[self.choice]["name"]) if self.choice is not None
                               else t("vote.pick"))
            f.cast_btn.disabled = self.choice is None
            f.hint.text = t("vote.change")
        else:
            face.ids.words.text = t("vote.blank", name=name)

    def show_pads(self):
        """A pad came or went: who votes on the screen may have changed."""
        self.refresh()

    def _candidate(self) -> BigButton:
        button = BigButton()
        button.seat = -1
        button.bind(on_release=lambda b: self.pick(b.seat))
        return button

    def players(self) -> list:
        session = self.table.session
        return session.state.get("players") or session.setup["players"]

    # -- taps -------------------------------------------------------------------------------
    def take(self):
        """The hand-off (or the blank screen) tapped: the voter named there sees their ballot."""
        if self.stage not in (HANDOFF, BLANK) or self.voter not in self.table.screen_voters():
            return
        self.stage, self.choice = CHOOSE, None
        self.show()

    def pick(self, seat: int):
        if self.stage == CHOOSE and seat in self.candidates:
            self.choice = seat
            self.show()

    def cast(self):
        """The ballot goes to the table's box; the screen goes blank at once."""
        if self.stage != CHOOSE or self.choice is None:
            return
        voter, choice = self.voter, self.choice
        self.stage, self.choice = BLANK, None
        self.show()                      # blank before anything else happens
        self.table.cast_vote(voter, choice)

    def correct(self) -> bool:
        """UNDO while a ballot is open: the voter's own correction (the choice taken back,
        or, with none, the ballot closed unseen). False: no ballot open here."""
        if self.stage != CHOOSE:
            return False
        if self.choice is not None:
            self.choice = None
        else:
            self.stage = HANDOFF
        self.show()
        return True

    def ask_again(self) -> ConfirmDialog:
        """Start the vote again: every ballot held is dropped, unseen."""
        t = self.t
        dialog = ConfirmDialog(title=t("vote.again_title"), body=t("vote.again_text"),
                               confirm_text=t("vote.again"))
        dialog.action = self.table.restart_vote
        dialog.open()
        return dialog

    def open_help(self) -> HelpDialog:
        session = self.table.session
        t = self.t
        dialog = HelpDialog(session.game.help(t, session.state) + [t("help.common")],
                            title=t("help.title", game=t(session.game.title)))
        dialog.open()
        return dialog


SCREEN = VoteScreen
