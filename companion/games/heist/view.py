"""Masterminds: Heist Society, the view: what the table sees and hears of the rules.

The screen's summary (headline, lines, prompt, banner, badges), the board, what
is said aloud, the buzzer's cues and the Help topics, all in the catalogue's words
(locale/<lang>.ftl). OpenSpiel's Observer, boardgame.io's playerView: it reads a
state, never changes one; the rules are rules.py.
"""
from __future__ import annotations

from collections import Counter

from ... import cues, speech
from ...board import Area, Board, Counter as Tally, Score, SeatView
from .. import checklist
from ..base import Reference, name_of
from .rules import (CLEAR_VALUE, HAND_LIMIT, MAX_TEAM, OWN_ROLLS, PLAY_PHASES, STEPS, empty_places, free_recruits,
                    heist_slots, heists_to_end, starter_cash)


# -- the table's words --------------------------------------------------------------
def colour(t, name) -> str:
    return t(f"heist.colour.{name}")


def gems_text(t, gems, order) -> str:
    parts = [t("heist.gem_count", count=gems[c], colour=colour(t, c)) for c in order if gems.get(c, 0)]
    return ", ".join(parts) if parts else t("heist.no_gems")


def heist_label(t, s, slot) -> str:
    heist = s["heists"][slot]
    if heist and heist["name"]:
        return t("heist.heist_named", n=slot + 1, name=heist["name"])
    return t("heist.heist_n", n=slot + 1)


class HeistView:
    """Heist's words and pictures: mixed into the game before HeistRules (no rules here)."""
    help_keys = tuple(f"heist.help.{name}" for name in (
        "colours", "first", "perfection", "recruits", "dice", "bonus", "end", "anytime", "buttons"))
    reference = (Reference("setup", (checklist.SETUP, "lay_heists", "first_player")),
                 Reference("turn", ("start", "prep", "upkeep")),
                 Reference("step", ("roll", "perfection", "step_done", "complete", "completed", "failure")),
                 Reference("end", ("completed", "upkeep")), Reference("scoring", ("scoring", "over")))

    # -- the screen --------------------------------------------------------------------
    def summary(self, state, t):
        if state["phase"] == checklist.SETUP:
            n = len(state["players"])
            return checklist.summary("heist", state, t, heists=heist_slots(n), cash=starter_cash(n))
        phase, players, order = state["phase"], state["players"], list(state["start_bag"])
        name = name_of(state, state["current"]) if state["current"] is not None else ""
        lines = [t("heist.line.bag", gems=gems_text(t, state["bag"], order), count=sum(state["bag"].values()))]
        for seat, mine in enumerate(state["seats"]):
            lines.append(t("heist.line.player", name=players[seat]["name"], colour=colour(t, state["colours"][seat]),
                           gems=gems_text(t, mine["gems"], order), team=mine["team"], cash=mine["cash"],
                           heists=len(mine["heists"])))
        for slot, heist in enumerate(state["heists"]):
            if heist is None:
                lines.append(t("heist.line.empty_slot", heist=heist_label(t, state, slot)))
                continue
            steps = " · ".join(t("heist.step_challenge", step=letter, challenge=step["challenge"])
                               + (f" {step['skill']}" if step["skill"] else "")
                               for letter, step in zip(STEPS, heist["steps"]))
            progress = "; ".join(t("heist.progress", name=players[seat]["name"],
                                   dice=" ".join(f"{STEPS[i]}{face}" for i, face in enumerate(faces)))
                                 for seat, faces in enumerate(heist["progress"]) if faces)
            lines.append(t("heist.line.heist", heist=heist_label(t, state, slot), steps=steps, take=heist["take"],
                           progress=progress or t("heist.no_progress")))
        lines.append(t("heist.line.completed", count=state["completed"], goal=heists_to_end(len(players))))
        if state["last"] and phase in PLAY_PHASES:
            lines.append(self._last_text(t, state))
        for row in state["scores"] or ():
            parts = [t("heist.score_part", count=row["gems"][c], colour=colour(t, c), value=row["worth"][c])
                     for c in order if row["gems"][c]]
            lines.append(t("heist.line.score", name=players[row["seat"]]["name"], parts=" + ".join(parts) or "0",
                           total=row["total"]))
        if phase == "scoring":
            lines += [t("heist.line.value", colour=colour(t, state["colours"][seat]), name=players[seat]["name"],
                        value=value) for seat, value in enumerate(state["values"]) if value is not None]
        banner = self._banner(t, state)
        return {"headline": self._headline(t, state, name), "lines": lines, "prompt": self._prompt(t, state, name),
                "badges": self._badges(t, state), **({"banner": banner} if banner else {})}

    def _last_text(self, t, state):
        last = state["last"]
        fields = dict(name=name_of(state, last["player"]), step=STEPS[last["step"]],
                      heist=t("heist.heist_n", n=last["heist"] + 1), total=last["total"],
                      challenge=last["challenge"], result=t(f"heist.result.{last['result']}"))
        if last["die"] is None:
            return t("heist.line.last_perfection", **fields)
        return t("heist.line.last_roll", die=last["die"], modifier=f"{last['modifier']:+d}" if last["modifier"] else "",
                 score=last["score"], **fields)

    def _headline(self, t, state, name):
        phase = state["phase"]
        if phase == "first_player":
            return t("heist.headline.first_player", round=state["first_roll"]["round"])
        if phase in ("lay_heists", "scoring", "over"):
            return t(f"heist.headline.{phase}")
        return t(f"heist.headline.{phase}", name=name, turn=state["turn"])

    def _prompt(self, t, state, name):
        phase, at = state["phase"], state["attempt"]
        if phase == "lay_heists":
            return t("heist.prompt.lay_heists", n=empty_places(state)[0] + 1, count=len(state["heists"]))
        if phase == "first_player":
            fr = state["first_roll"]
            return t("heist.prompt.first_player" if fr["round"] == 1 else "heist.prompt.first_player_tie",
                     names=", ".join(name_of(state, s) for s in fr["contenders"]))
        if phase == "start":
            return t("heist.prompt.start", name=name, free=free_recruits(state))
        if phase in ("prep", "failure", "scoring", "over"):
            return t(f"heist.prompt.{phase}", limit=MAX_TEAM, value=CLEAR_VALUE)
        if phase in ("roll", "perfection"):
            return t(f"heist.prompt.{phase}", step=STEPS[at["step"]], heist=t("heist.heist_n", n=at["heist"] + 1),
                     total=at["total"], challenge=at["challenge"])
        if phase == "step_done":
            free = free_recruits(state)
            return t("heist.prompt.step_done" if free else "heist.prompt.step_done_hold", step=STEPS[at["step"]],
                     free=free)
        if phase == "complete":
            return t("heist.prompt.complete", take=state["heists"][at["heist"]]["take"])
        if phase == "completed":
            done = state["completions"][-1]
            words = [t("heist.prompt.completed", gems=gems_text(t, Counter(done["gems"]), list(state["start_bag"])))]
            if done["bonus"]:
                words.append(t("heist.prompt.bonus", colour=colour(t, done["bonus"])))
            elif done["bonus_due"]:
                words.append(t("heist.prompt.bonus_empty"))
            if done["team"] <= 3:
                words.append(t("heist.prompt.prep_card"))
            return " ".join(words + [t("heist.prompt.retire")])
        words = [t("heist.prompt.upkeep", limit=HAND_LIMIT)]
        if state["end"] is not None:
            words.append(t("heist.prompt.last_turn"))
        elif empty_places(state):
            words.append(t("heist.prompt.refill", n=empty_places(state)[0] + 1))
        return " ".join(words)

    def _banner(self, t, state):
        if state["phase"] == "over":
            names = [name_of(state, s) for s in state["winners"]]
            total = state["scores"][state["winners"][0]]["total"]
            if len(names) == 1:
                return t("heist.banner.winner", name=names[0], total=total)
            return t("heist.banner.tie", names=", ".join(names), total=total)
        end = state["end"]
        if end is None:
            return ""
        return t("heist.banner.bag_empty") if end["reason"] == "bag_empty" else \
            t("heist.banner.heists", count=state["completed"])

    def _badges(self, t, state):
        phase, rolls, values = state["phase"], state["first_roll"]["rolls"], state["values"]
        return {seat: [words for shown, words in (
            (phase in PLAY_PHASES and seat == state["current"], t("heist.badge.turn")),
            (seat == state["first_player"], t("heist.badge.first")),
            (phase == "first_player" and rolls[seat] is not None, t("heist.badge.rolled", value=rolls[seat])),
            (mine["cash"], t("heist.badge.cash", count=mine["cash"])),
            (True, t("heist.badge.team", count=mine["team"])),
            (mine["heists"], t("heist.badge.heists", count=len(mine["heists"]))),
            (values[seat] is not None, t("heist.badge.value", value=values[seat])),
            (seat in state["winners"], t("heist.badge.winner"))) if shown]
            for seat, mine in enumerate(state["seats"])}

    # -- the board ---------------------------------------------------------------------
    def board(self, state, t):
        """The row of heists, the gem bag by colour, each player's gems, team and cash: no cards in hand."""
        if state["phase"] == checklist.SETUP:    # the box is still being laid out: the checklist is the screen
            return None
        order, players = list(state["start_bag"]), state["players"]
        areas = []
        for slot, heist in enumerate(state["heists"]):
            label = heist["name"] if heist and heist["name"] else t("heist.board.place", n=slot + 1)
            if heist is None:
                areas.append(Area(f"heist.{slot}", label, (t("heist.board.empty"),), "empty"))
                continue
            facts = tuple(t("heist.board.step", step=STEPS[i], challenge=step["challenge"],
                            skill=f" {step['skill']}" if step["skill"] else "",
                            dice=", ".join(t("heist.board.die", name=players[seat]["name"], face=faces[i])
                                           for seat, faces in enumerate(heist["progress"]) if len(faces) > i)
                            or t("heist.no_progress"))
                          for i, step in enumerate(heist["steps"]))
            attempted = state["attempt"] is not None and state["attempt"]["heist"] == slot
            areas.append(Area(f"heist.{slot}", label, facts + (t("heist.board.take", take=heist["take"]),),
                              "attempted" if attempted else "open"))
        counters = [Tally(f"bag.{c}", t("heist.board.bag", colour=t(f"heist.param.gem.{c}")), state["bag"][c],
                          total=state["start_bag"][c], colour=c, short=t(f"heist.param.gem.{c}")) for c in order]
        counters.append(Tally("completed", t("heist.board.completed"), state["completed"],
                              total=heists_to_end(len(players)), big=True))
        seats = []
        for seat, mine in enumerate(state["seats"]):
            counts = [(t(f"heist.param.gem.{c}"), n) for c, n in mine["gems"].items() if n] + [
                (t("heist.board.team"), mine["team"]), (t("heist.board.cash"), mine["cash"]),
                (t("heist.board.heists"), len(mine["heists"]))]
            short = [t("heist.seat.gems", colour=t(f"heist.param.gem.{c}"), count=n)
                     for c, n in mine["gems"].items() if n] + [
                t("heist.seat.team", count=mine["team"]), t("heist.seat.cash", count=mine["cash"]),
                t("heist.seat.heists", count=len(mine["heists"]))]
            facts = [t("heist.board.colour", colour=colour(t, state["colours"][seat]))]
            if state["values"][seat] is not None:
                facts.append(t("heist.badge.value", value=state["values"][seat]))
            if state["scores"]:
                facts.append(t("heist.board.total", total=state["scores"][seat]["total"]))
            seats.append(SeatView(seat, tuple(facts), tuple(counts), tuple(short)))
        scores = tuple(sorted((Score(row["seat"], row["total"], tuple(
            (t("heist.score_part", count=row["gems"][c], colour=colour(t, c), value=row["worth"][c]),
             row["points"][c]) for c in order if row["gems"][c]), row["seat"] in state["winners"])
            for row in state["scores"] or ()), key=lambda score: (-score.total, score.seat)))
        return Board(counters=tuple(counters), areas=tuple(areas), seats=tuple(seats), scores=scores, layout="row")

    # -- what is said aloud, and the buzzer ------------------------------------------------
    def spoken(self, before, after, action, t):
        """A heist step's result; a heist completed and the gems drawn."""
        out = []
        last = after["last"]
        if last is not None and last != before["last"]:
            out.append(speech.Line(t("heist.speech.step", name=name_of(after, last["player"]), step=STEPS[last["step"]],
                                     result=t("heist.result." + last["result"]))))
        if len(after["completions"]) > len(before["completions"]):
            done = after["completions"][-1]
            heist = t("heist.heist_named", n=done["heist"] + 1, name=done["name"]) if done["name"] else \
                t("heist.heist_n", n=done["heist"] + 1)
            words = [t("heist.speech.completed", name=name_of(after, done["player"]), heist=heist),
                     t("heist.prompt.completed", gems=gems_text(t, Counter(done["gems"]), list(after["start_bag"])))]
            if done["bonus"]:
                words.append(t("heist.prompt.bonus", colour=colour(t, done["bonus"])))
            out.append(speech.Line(" ".join(words)))
        return out + super().spoken(before, after, action, t)

    def cues(self, before, after, action):
        kind = action["type"]
        if (after["phase"] == "over" and before["phase"] != "over") or kind == "complete":
            return [cues.SUCCESS]
        if kind in ("roll", "place_die"):
            result = after["last"]["result"]
            return [cues.SUCCESS if result in ("success", "perfection") else cues.WARNING if result == "failure"
                    else cues.TAP]
        if kind in OWN_ROLLS:
            return [cues.TAP]
        return [cues.SUCCESS] if kind in ("attempt", "continue") and action["perfection"] else []
