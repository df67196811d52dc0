"""Sing Sing, the view: what the table sees and hears of the rules.

The screen's summary (headline, lines, prompt, banner, badges), the board, the
log's and the voice's words, the buzzer's cues and the Help (the rules readings,
the buttons, the rules in short), all in the catalogue's words (locale/<lang>.ftl).
Where the bars are stays off the screen while a guess runs (rules.bars_hidden).
OpenSpiel's Observer, boardgame.io's playerView: it reads a state, never changes
one; the rules are rules.py.
"""
from __future__ import annotations

from ... import cues as cue_names, speech
from ...board import Area, Board, Counter, Score, SeatView, Token
from .. import checklist
from ..base import Reference, SECRET, name_of
from .rules import (BARS, CARD_SHORT_BAR, CONVICTS, GUESSING, TOTAL_BARS, bars_hidden, bars_left, first_free,
                    timer_on)

READINGS = ("singsing.reading.bars", "singsing.reading.mask", "singsing.reading.timer")   # the help's readings


class SingSingView:
    """Sing Sing's words and pictures: mixed into the game before SingSingRules (no rules here)."""
    reference = (Reference("setup", (checklist.SETUP,)), Reference("turn", ("remove", "name", "ready")),
                 Reference("guess", ("guess", "second_chance")), Reference("convicts", ("name", "guess")),
                 Reference("end", ("over",)), Reference("advanced", ("second_chance",)))

    # -- the Help ---------------------------------------------------------
    def help(self, t, state=None) -> list[str]:
        """The rules readings and the button mapping, for the help screen."""
        untimed = state is not None and not timer_on(state)    # the rulebook's own guess: no clock
        return [t("singsing.reading.no_timer" if untimed and key == "singsing.reading.timer" else key)
                for key in READINGS] + [t("singsing.help.buttons")]

    # -- the screen and the log ---------------------------------------------------
    def log_words(self, action, players, t):
        """The phones' steps in the past tense (the table's own say theirs as
        "singsing.done.<type>"): the bar noted stays in the closed fist, never said here
        (the phones' news line reads these words too); a guess is said aloud anyway."""
        kind, seat = action.get("type"), action.get("player")
        name = name_of({"players": players}, seat)
        if kind == "take_bar":
            return t("singsing.done.take_bar", name=name, count=2 if "window2" in action else 1)
        if kind == "guess_bar" and "right" in action:
            bars = ", ".join(t("singsing.done.bar", window=action["window" + n],
                               bar=t(f"singsing.bar.{action['bar' + n]}")) for n in ("", "2") if "window" + n in action)
            return t("singsing.done.guess_right" if action["right"] else "singsing.done.guess_wrong",
                     name=name, bars=bars)
        return checklist.log_words(action, players, t)

    def summary(self, state, t):
        if state["phase"] == checklist.SETUP:
            return checklist.summary("singsing", state, t)
        players = state["players"]
        file, mask = players[state["file"]]["name"], players[state["mask"]]["name"]
        phase = state["phase"]
        out: dict = {}
        lines = [t("singsing.line.mask", name=mask), t("singsing.line.file", name=file)]
        last = state["last"]
        if last:
            lines.append(self._last_line(state, t))
        if state["pending"] and state["pending"] != SECRET and phase not in GUESSING:   # points at the bar
            lines.append(t("singsing.line.pending", convicts=self._convict_list(state["pending"], t),
                           guesser=mask, file=file))
        if state["windows"] is not None:
            # hidden while a guess runs: the screen must not show where the bar went
            if bars_hidden(state):
                lines.append(t("singsing.line.windows_hidden"))
            else:
                lines.append(t("singsing.line.windows", bars=" ".join(
                    f"{n}:{sum(w[b] for b in BARS)}" for n, w in enumerate(state["windows"], start=1))))
        lines.append(t("singsing.line.bars_left", left=TOTAL_BARS - state["bars_out"], total=TOTAL_BARS))
        for seat, player in enumerate(players):
            won = state["convicts"][seat]
            if state["options"]["advanced"]:
                lines.append(t("singsing.line.player_chips", name=player["name"], eddie=won["eddie"],
                               joe=won["joe"], mack=won["mack"], chips=state["chips"][seat]))
            else:
                lines.append(t("singsing.line.player", name=player["name"], eddie=won["eddie"],
                               joe=won["joe"], mack=won["mack"]))
        if phase == "over":
            winner = players[state["winner"]]["name"]
            out["headline"] = t("singsing.headline.over", name=winner)
            out["banner"] = t(f"singsing.banner.{state['win']}", name=winner)
            out["prompt"] = t("singsing.prompt.over")
        else:
            out["headline"] = t(f"singsing.headline.{phase}", file=file, mask=mask, guess=state["guess"])
            out["prompt"] = self._prompt(state, t, file, mask)
        out["lines"] = lines
        # the mask and the file are the board's tokens on their holders' seats: no tags besides
        out["badges"] = {} if state["winner"] is None else {state["winner"]: [t("singsing.badge.winner")]}
        return out

    def _prompt(self, state, t, file, mask):
        phase = state["phase"]
        if phase == "remove":
            if state["options"]["tracker"]:
                key = "singsing.prompt.remove_tracker_two" if state["bars_due"] == 2 else "singsing.prompt.remove_tracker"
                return t(key, file=file, mask=mask, left=state["bars_due"] - state["bars_this_turn"])
            if bars_left(state) < state["bars_due"]:
                return t("singsing.prompt.no_bars")
            key = "singsing.prompt.remove_two" if state["bars_due"] == 2 else "singsing.prompt.remove"
            return t(key, file=file, mask=mask)
        if phase == "name":
            if bars_hidden(state):
                return t("singsing.prompt.name_hidden")
            i, slot = first_free(state)
            return t("singsing.prompt.name", window=i + 1, side=t(f"singsing.side.{CARD_SHORT_BAR[slot]}"))
        # the guess: the countdown shows the time left, the buttons right and wrong
        return t(f"singsing.prompt.{phase}", file=file, mask=mask)

    @staticmethod
    def _convict_list(names, t):
        return ", ".join(t(f"singsing.convict.{c}") for c in names)

    def _last_line(self, state, t):
        last = state["last"]
        players = state["players"]
        guesser = players[last["guesser"]]["name"]
        if not last["final"]:
            text = t(f"singsing.line.last_{last['verdict']}_first", guesser=guesser)
        else:
            text = t(f"singsing.line.last_{last['verdict']}", guesser=guesser, guess=last["guess"],
                     file=players[last["file"]]["name"])
        if last["cards"]:
            text += " " + t("singsing.line.awarded", name=players[last["to"]]["name"],
                            convicts=self._convict_list(last["cards"], t))
        return text

    # -- the board -----------------------------------------------------------------
    def board(self, state, t):
        """The windows with their bars (with the tracker), the mask and the file on their
        holders' seats, each player's convicts and chips; at the end the scoreboard.
        Where the bar went stays hidden while a guess runs."""
        if state["phase"] == checklist.SETUP:    # the box is still being laid out: the checklist is the screen
            return None
        convict = {c: t(f"singsing.convict.{c}") for c in CONVICTS}    # each name asked once, not per card and seat
        windows = () if bars_hidden(state) or state["windows"] is None else tuple(
            Area(f"window.{n}", t("singsing.board.window", n=n),
                 tuple(convict[card] for card in w["cards"] if card in CONVICTS),
                 pieces=tuple(w[b] for b in BARS), short=str(n))
            for n, w in enumerate(state["windows"], start=1))
        advanced = state["options"]["advanced"]
        seats = tuple(SeatView(seat, counts=tuple((convict[c], won[c]) for c in CONVICTS)
                               + (((t("singsing.board.chips"), state["chips"][seat]),) if advanced else ()),
                               short=tuple(t("singsing.seat.convict", convict=convict[c], count=won[c])
                                           for c in CONVICTS)
                               + ((t("singsing.seat.chips", count=state["chips"][seat]),) if advanced else ()),
                               figures=(t("singsing.seat.convicts", **won),)
                               + ((t("singsing.seat.chips", count=state["chips"][seat]),) if advanced else ()))
                      for seat, won in enumerate(state["convicts"]))
        return Board(counters=(Counter("bars", t("singsing.board.bars"), bars_left(state), TOTAL_BARS, big=True,
                                       short=t("singsing.board.bars_short")),),
                     tokens=(Token("mask", t("singsing.board.mask"), seat=state["mask"],
                                   short=t("singsing.board.mask_short")),
                             Token("file", t("singsing.board.file"), seat=state["file"],
                                   short=t("singsing.board.file_short"))),
                     areas=windows, seats=seats, scores=self.scores(state, t))

    @staticmethod
    def scores(state, t) -> tuple[Score, ...]:
        """The scoreboard once someone has won: the winner first, the others by the convicts
        they won (equal counts share a rank); each with their convicts and the end in words."""
        if not state.get("finished"):
            return ()
        winner = state["winner"]
        totals = [sum(won.values()) for won in state["convicts"]]
        others = [totals[seat] for seat in range(len(totals)) if seat != winner]

        def line(seat):
            won = state["convicts"][seat]
            if seat == winner:
                same = next((c for c in CONVICTS if won[c] >= 3), None)
                outcome = t("singsing.outcome.same", convict=t(f"singsing.convict.{same}")) if same \
                    else t("singsing.outcome.different")
                rank = 1
            else:
                outcome = t("singsing.outcome.convicts", count=totals[seat])
                rank = 2 + sum(total > totals[seat] for total in others)
            # the convicts that made the total, as the seat's token says them ("J3 + M1")
            parts = tuple((t(f"singsing.part.{c}", count=won[c]), won[c]) for c in CONVICTS if won[c])
            return Score(seat, totals[seat], parts, winner=seat == winner, outcome=outcome, rank=rank)

        return tuple(sorted((line(seat) for seat in range(len(totals))), key=lambda score: (score.rank, score.seat)))

    # -- what is said aloud, and the buzzer ------------------------------------------
    def turn_of(self, state):
        return None      # the turn is said as who removes a bar and who wears the mask (spoken)

    def spoken(self, before, after, action, t):
        """A guess's verdict (the file holder's secret is out by then), who removes a bar
        and who wears the mask next, the winner."""
        out = []
        if after["last"] is not None and after["last"] != before["last"]:
            out.append(speech.Line(self._last_line(after, t)))
        if after["phase"] == "remove" and (before["phase"] != "remove" or before["turn"] != after["turn"]):
            out += self.spoken_start(after, t)
        return out + super().spoken(before, after, action, t)

    def spoken_start(self, state, t):
        if state["phase"] != "remove":
            return []
        return [speech.turn(t("singsing.speech.turn", file=name_of(state, state["file"]),
                              mask=name_of(state, state["mask"])))]

    def spoken_end(self, state, t):
        return speech.Line(t(f"singsing.banner.{state['win']}", name=name_of(state, state["winner"])), speech.WINNER,
                           speech.HIGH)

    def cover_noise(self, state):
        """While the file holder takes a bar out, the masked player must not hear which window."""
        return state["phase"] in ("remove", "name")

    CUES = {"right": [cue_names.SUCCESS], "wrong": [cue_names.WARNING], "pass_mask": [cue_names.WARNING],
            "timeout": []}      # the countdown already gave the long buzz

    def cues(self, before, after, action):
        out = list(self.CUES.get(action["type"], [cue_names.TAP]))
        return out + [cue_names.SUCCESS] if after["finished"] and not before["finished"] else out
