"""Masterminds: Heist Society, the view: what the table sees and hears of the rules.

The screen's summary (headline, lines, prompt, banner, badges), the board, what
is said aloud, the buzzer's cues and the Help topics, all in the catalogue's words
(locale/<lang>.ftl). OpenSpiel's Observer, boardgame.io's playerView: it reads a
state, never changes one; the rules are rules.py.
"""
from __future__ import annotations

from collections import Counter

from ... import cues, speech
from ...i18n import Catalogue
from ...board import Area, Board, Counter as Tally, Score, SeatView, Token
from .. import checklist
from ..base import Reference, name_of
from .rules import (CLEAR, HAND_LIMIT, OWN_ROLLS, PLAY_PHASES, STEPS, empty_places, free_recruits,
                    heist_slots, heists_to_end, starter_cash)


# -- the table's words --------------------------------------------------------------
def colour(t, name) -> str:
    return t(f"heist.colour.{name}")


def gem_order(state) -> list[str]:
    """The one order of the gem colours, in the bag and on every seat: the seats' colours, then clear."""
    return list(state["start_bag"])


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
    _words: dict | None = None      # the words of a heist, a seat, the bag, by all they are made of (_kept)

    def _kept(self, t, part: tuple, make):
        """make(): the words of one part of the table (a heist, a seat, the bag), made again only
        when that part (`part`: everything they are made of) or the table's language changed. A
        press changes a seat or a heist, not the others' words: the rest are said as they were.
        (A catalogue by its language; any other t by itself; a few hundred kept.)"""
        words = self._words
        if words is None or len(words) > 512:
            words = self._words = {}
        key = (t.lang if type(t) is Catalogue else t, *part)
        made = words.get(key)
        if made is None:
            made = words[key] = make()
        return made
    help_keys = tuple(f"heist.help.{name}" for name in (
        "colours", "first", "perfection", "recruits", "dice", "bonus", "end", "anytime", "buttons"))
    # the rules a prompt of two short lines leaves out: first in Help at their point of the game
    reference = (Reference("setup", (checklist.SETUP, "lay_heists", "first_player")),
                 Reference("turn", ("start", "prep", "upkeep")), Reference("prep", ("prep",)),
                 Reference("step", ("roll", "perfection", "step_done", "complete", "completed", "failure")),
                 Reference("failure", ("failure",)), Reference("complete", ("complete", "completed")),
                 Reference("upkeep", ("upkeep",)),
                 Reference("end", ("completed", "upkeep")), Reference("scoring", ("scoring", "over")))

    # -- the screen --------------------------------------------------------------------
    def summary(self, state, t):
        if state["phase"] == checklist.SETUP:
            n = len(state["players"])
            return checklist.summary("heist", state, t, heists=heist_slots(n), cash=starter_cash(n))
        phase, players, order = state["phase"], state["players"], gem_order(state)
        name = name_of(state, state["current"]) if state["current"] is not None else ""
        bag = tuple(map(state["bag"].__getitem__, order))
        lines = [self._kept(t, ("bag", tuple(order), bag), lambda: t(
            "heist.line.bag", gems=gems_text(t, state["bag"], order), count=sum(bag)))]
        for seat, mine in enumerate(state["seats"]):
            who, gems = players[seat]["name"], tuple(map(mine["gems"].__getitem__, order))
            lines.append(self._kept(t, ("player", who, state["colours"][seat], tuple(order), gems, mine["team"],
                                        mine["cash"], len(mine["heists"])), lambda: t(
                "heist.line.player", name=who, colour=colour(t, state["colours"][seat]),
                gems=gems_text(t, mine["gems"], order), team=mine["team"], cash=mine["cash"],
                heists=len(mine["heists"]))))
        for slot, heist in enumerate(state["heists"]):
            lines.append(self._kept(t, ("heist_line", slot, self._heist_part(state, slot, players)),
                                    lambda: self._heist_line(t, state, slot)))
        lines.append(t("heist.line.completed", count=state["completed"], goal=heists_to_end(len(players))))
        if state["last"] and phase in PLAY_PHASES:
            lines.append(self._last_text(t, state))
        if phase == "completed":
            lines += self._completion_lines(t, state)
        for row in state["scores"] or ():
            parts = [t("heist.score_part", count=row["gems"][c], colour=colour(t, c), value=row["worth"][c])
                     for c in order if row["gems"][c]]
            lines.append(t("heist.line.score", name=players[row["seat"]]["name"], parts=" + ".join(parts) or "0",
                           total=row["total"]))
        if phase == "scoring":
            lines += [t("heist.line.value", colour=colour(t, state["colours"][seat]), name=players[seat]["name"],
                        value=value) for seat, value in enumerate(state["values"]) if value is not None]
        banner = self._banner(t, state)
        return {"headline": self._headline(t, state, name), "lines": lines, "prompt": self._prompt(t, state),
                "badges": self._badges(t, state), **({"banner": banner} if banner else {})}

    @staticmethod
    def _heist_part(state, slot, players=None) -> tuple:
        """All a heist's words are made of: its name, steps and TAKE, and with `players` (its
        line) who has which dice on it."""
        heist = state["heists"][slot]
        if heist is None:
            return (None,)
        dice = ((players[seat]["name"], *faces) for seat, faces in enumerate(heist["progress"]) if faces) \
            if players is not None else ()
        return (heist["name"], heist["take"], tuple((step["challenge"], step["skill"]) for step in heist["steps"]),
                tuple(dice))

    def _heist_line(self, t, state, slot):
        heist, players = state["heists"][slot], state["players"]
        if heist is None:
            return t("heist.line.empty_slot", heist=heist_label(t, state, slot))
        steps = " · ".join(t("heist.step_challenge", step=letter, challenge=step["challenge"])
                           + (f" {step['skill']}" if step["skill"] else "")
                           for letter, step in zip(STEPS, heist["steps"]))
        progress = "; ".join(t("heist.progress", name=players[seat]["name"],
                               dice=" ".join(f"{STEPS[i]}{face}" for i, face in enumerate(faces)))
                             for seat, faces in enumerate(heist["progress"]) if faces)
        return t("heist.line.heist", heist=heist_label(t, state, slot), steps=steps, take=heist["take"],
                 progress=progress or t("heist.no_progress"))

    def _completion_lines(self, t, state):
        """What the completed heist gave, and what its player may still do: facts, not the prompt."""
        done = state["completions"][-1]
        lines = [t("heist.line.drawn", gems=gems_text(t, Counter(done["gems"]), gem_order(state)))]
        if done["bonus"]:
            lines.append(t("heist.line.bonus", colour=colour(t, done["bonus"])))
        elif done["bonus_due"]:
            lines.append(t("heist.line.bonus_empty"))
        if done["team"] <= 3:
            lines.append(t("heist.line.prep_card"))
        return lines

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

    def _prompt(self, t, state):
        """What to do now, in at most two short lines: the rules are in Help, the facts in the lines."""
        phase, at = state["phase"], state["attempt"]
        if phase == "lay_heists":
            return t("heist.prompt.lay_heists", n=empty_places(state)[0] + 1, count=len(state["heists"]))
        if phase == "first_player":
            return t("heist.prompt.first_player" if state["first_roll"]["round"] == 1 else
                     "heist.prompt.first_player_tie")
        if phase == "start":
            free = free_recruits(state)
            return t("heist.prompt.start", free=free) if free else t("heist.prompt.start_prep")
        if phase in ("prep", "failure", "scoring", "over"):
            return t(f"heist.prompt.{phase}")
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
            return t("heist.prompt.completed", count=len(done["gems"]) + bool(done["bonus"]))
        if state["end"] is not None:
            return t("heist.prompt.last_turn")
        if empty_places(state):
            return t("heist.prompt.refill", n=empty_places(state)[0] + 1)
        return t("heist.prompt.upkeep", limit=HAND_LIMIT)

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
        """At most two short tags a seat: the roll-off, the team, the worth of its colour, the win.
        Whose turn it is is state["current"]; heists, Starter Cash and gems are on the seat's token."""
        phase, fr, values = state["phase"], state["first_roll"], state["values"]
        rolls, again = fr["rolls"], fr["round"] > 1

        def tags(seat, mine):       # (each said only when shown: a summary is made at every refresh)
            out = []
            if phase == "first_player" and rolls[seat] is not None:
                out.append(t("heist.badge.rolled", value=rolls[seat]))
            if phase == "first_player" and again and seat in fr["contenders"] and rolls[seat] is None:
                out.append(t("heist.badge.again"))
            if phase in PLAY_PHASES:
                out.append(t("heist.badge.team", count=mine["team"]))
            if values[seat] is not None:
                out.append(t("heist.badge.value", value=values[seat]))
            if seat in state["winners"]:
                out.append(t("heist.badge.winner"))
            return out
        return {seat: tags(seat, mine) for seat, mine in enumerate(state["seats"])}

    # -- the board ---------------------------------------------------------------------
    def board(self, state, t):
        """The row of heists, the gem bag by colour, each seat's heists, Starter Cash and gems as
        coloured pips in one colour order, and at the end the ranked scoreboard: no cards in hand."""
        if state["phase"] == checklist.SETUP:    # the box is still being laid out: the checklist is the screen
            return None
        order = gem_order(state)
        # each colour's name and the counters' and seats' words: the same all game long
        gem, bag, done, labels = self._kept(t, ("board", tuple(order)), lambda: (
            {c: t(f"heist.param.gem.{c}") for c in order},
            {c: t("heist.board.bag", colour=t(f"heist.param.gem.{c}")) for c in order},
            (t("heist.board.completed"), t("heist.board.completed_short")),
            (t("heist.board.team"), t("heist.board.cash"), t("heist.board.heists"))))
        areas = tuple(self._kept(t, ("area", slot, self._heist_part(state, slot), self._attempted(state, slot)),
                                 lambda: self._heist_area(t, state, slot)) for slot in range(len(state["heists"])))
        counters = [Tally(f"bag.{c}", bag[c], state["bag"][c], total=state["start_bag"][c], colour=c, short=gem[c])
                    for c in order]
        counters.append(Tally("completed", done[0], state["completed"], total=heists_to_end(len(state["players"])),
                              big=True, short=done[1]))
        seats = tuple(self._kept(t, ("seat", self._seat_part(state, seat, order)),
                                 lambda: self._seat_view(t, state, seat, order, gem, labels))
                      for seat in range(len(state["seats"])))
        return Board(counters=tuple(counters), areas=areas, tokens=self._dice(t, state), seats=seats,
                     scores=self._scores(t, state, order), layout="row")

    def _heist_area(self, t, state, slot):
        """A heist on the table in short lines: the challenges, the TAKE, each player's dice on it."""
        heist = state["heists"][slot]
        if heist is None:
            return Area(f"heist.{slot}", t("heist.board.place", n=slot + 1), (t("heist.board.empty"),), "empty",
                        short=t(f"heist.param.slot.{slot}"))
        steps = [t("heist.step_challenge", step=letter, challenge=step["challenge"])
                 for letter, step in zip(STEPS, heist["steps"])]
        facts = (t("heist.board.steps", first=steps[0], second=steps[1]),
                 t("heist.board.steps", first=steps[2], second=steps[3]), t("heist.board.take", take=heist["take"]))
        return Area(f"heist.{slot}", heist_label(t, state, slot), facts,
                    "attempted" if self._attempted(state, slot) else "open", short=t(f"heist.param.heist.{slot}"))

    @staticmethod
    def _attempted(state, slot) -> bool:
        return state["attempt"] is not None and state["attempt"]["heist"] == slot

    @staticmethod
    def _seat_part(state, seat, order) -> tuple:
        """All a seat's token is made of (_seat_view)."""
        mine = state["seats"][seat]
        return (seat, state["colours"][seat], tuple(order), tuple(map(mine["gems"].__getitem__, order)), mine["team"],
                mine["cash"], len(mine["heists"]), state["values"][seat],
                state["scores"][seat]["total"] if state["scores"] else None, state["phase"] in ("scoring", "over"))

    def _dice(self, t, state):
        """Each player's dice on each heist, as they lie on the cards: a piece of the player's
        colour on the heist, its short the faces by step ("A6 B3")."""
        out = []
        for slot, heist in enumerate(state["heists"]):
            for seat, faces in enumerate(heist["progress"] if heist else ()):
                if faces:
                    dice = " ".join(f"{STEPS[i]}{face}" for i, face in enumerate(faces))
                    out.append(Token(f"dice.{slot}.{seat}", t("heist.board.dice", name=name_of(state, seat), dice=dice),
                                     place=f"heist.{slot}", colour=state["colours"][seat], short=dice))
        return tuple(out)

    def _seat_view(self, t, state, seat, order, gem, labels):
        """A seat's token; gem: each colour's name, labels: the team's, the cash's and the heists'."""
        mine = state["seats"][seat]
        gems = [(c, mine["gems"][c]) for c in order if mine["gems"][c]]
        team, cash, heists = labels
        counts = [(gem[c], n) for c, n in gems] + [
            (team, mine["team"]), (cash, mine["cash"]), (heists, len(mine["heists"]))]
        short = [t("heist.seat.gems", colour=gem[c], count=n) for c, n in gems] + [
            t("heist.seat.team", count=mine["team"]), t("heist.seat.cash", count=mine["cash"]),
            t("heist.seat.heists", count=len(mine["heists"]))]
        facts = [t("heist.board.colour", colour=colour(t, state["colours"][seat]))]
        if state["values"][seat] is not None:
            facts.append(t("heist.badge.value", value=state["values"][seat]))
        if state["scores"]:
            facts.append(t("heist.board.total", total=state["scores"][seat]["total"]))
        # on the seat's token: the heists, and the Starter Cash while it can still pay for a gem
        figures = [t("heist.figure.heists", count=len(mine["heists"]))]
        if mine["cash"] and state["phase"] not in ("scoring", "over"):
            figures.append(t("heist.figure.cash", count=mine["cash"]))
        return SeatView(seat, tuple(facts), tuple(counts), tuple(short), figures=tuple(figures), pips=tuple(gems))

    def _scores(self, t, state, order):
        """The scoreboard, best first: ranks equal for equal totals, each end in the game's words."""
        rows = state["scores"] or ()
        out = []
        for row in rows:
            winner = row["seat"] in state["winners"]
            haul = dict(heists=len(state["seats"][row["seat"]]["heists"]), held=sum(row["gems"].values()))
            out.append(Score(row["seat"], row["total"], tuple(
                (t("heist.score_part", count=row["gems"][c], colour=colour(t, c), value=row["worth"][c]),
                 row["points"][c]) for c in order if row["gems"][c]), winner,
                t("heist.outcome.mastermind" if winner else "heist.outcome.haul", **haul),
                1 + sum(other["total"] > row["total"] for other in rows)))
        return tuple(sorted(out, key=lambda score: (score.rank, score.seat)))

    # -- the Log, in the past tense ---------------------------------------------------------
    def log_words(self, action, players, t):
        """What happened, where the move's arguments alone do not say it (the others are the
        catalogue's "heist.done.<type>"): the heist laid out, the step tried, the roll judged,
        the gems taken, the worth rolled, a setup step checked off. None: an action an older
        Cellmate stored without what these words need (its "heist.done.<type>" says it)."""
        kind, seat = action.get("type"), action.get("player")
        who = players[seat]["name"] if isinstance(seat, int) and 0 <= seat < len(players) else ""
        manual = [t("log.manual")] if action.get("manual") else []
        if kind == "lay_heist" and all(k in action for k in ("slot", "a", "b", "c", "d", "take")):
            n = action["slot"] + 1
            heist = t("heist.heist_named", n=n, name=action["name"]) if action.get("name") else t("heist.heist_n", n=n)
            steps = " · ".join(t("heist.step_challenge", step=letter, challenge=action[letter.lower()])
                               for letter in STEPS)
            return t("heist.log.laid", heist=heist, steps=steps, take=action["take"])
        if kind in ("attempt", "continue") and all(k in action for k in ("heist", "step", "total", "challenge")):
            return t("heist.log.attempt", name=who, step=STEPS[action["step"]], total=action["total"],
                     heist=t("heist.heist_n", n=action["heist"] + 1), challenge=action["challenge"])
        if kind == "roll" and all(k in action for k in ("dice", "score", "challenge", "result")):
            said = t("heist.log.roll", name=who, die=action["dice"][0], score=action["score"],
                     modifier=f" ({action['modifier']:+d})" if action.get("modifier") else "",
                     challenge=action["challenge"], result=t(f"heist.result.{action['result']}"))
            return " · ".join([said] + manual)
        if kind == "complete" and "gems" in action and "heist" in action:
            colours = [p.get("colour") for p in players]
            order = colours + [CLEAR] + [c for c in action["gems"] if c not in colours and c != CLEAR]
            fields = dict(name=who, heist=t("heist.heist_n", n=action["heist"] + 1),
                          gems=gems_text(t, Counter(action["gems"]), order))
            if action.get("bonus"):
                return t("heist.log.complete_bonus", colour=colour(t, action["bonus"]), **fields)
            return t("heist.log.complete", **fields)
        if kind == "roll_value" and action.get("dice") and who:
            said = t("heist.line.value", name=who, colour=colour(t, players[seat].get("colour")),
                     value=action["dice"][0])
            return " · ".join([said] + manual)
        if kind == checklist.CHECK and action.get("step"):
            return t("heist.log.checked", step=t(f"heist.setup.{action['step']}.done"))
        return None

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
                     t("heist.speech.drawn", gems=gems_text(t, Counter(done["gems"]), gem_order(after)))]
            if done["bonus"]:
                words.append(t("heist.speech.bonus", colour=colour(t, done["bonus"])))
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
