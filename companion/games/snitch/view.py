"""The Snitch in words and pictures: the screen's summary, the board, the Log's
words, what is said aloud and the sounds, the help and its reference topics, the
statistics lines (OpenSpiel's Observer, boardgame.io's playerView).

No rules here: every fact comes from the state or from the pure helpers of
state.py, and the Snitch's rules (rules.SnitchRules) answer what only they know
(`refuser`). Never a secret: a stash is a count, a vote its totals.
"""
from __future__ import annotations

from ... import cues, speech
from ...board import Board, Counter, SeatView, Token, round_table
from ...players import left_of
from ...stats import percent
from ..base import Reference, name_of
from .state import (END_PHASES, ESCAPE_CARDS, INTERROGATION_START, ITEMS, PLAY_PHASES, RIOT_AT, SCHEMES_FOR_GUN,
                    SETUP_CHECKLIST, deal, helpable, majority, needed, new_scheme_source, stashed, targets,
                    vote_mode)


# -- the table in words --------------------------------------------------------------
def on_scheme(scheme, t) -> list[str]:
    """What lies with a Scheme besides its cards: sideways (refused once), a Crowbar, Knuckle Irons."""
    return [t(key) for key, on in (("snitch.scheme.sideways", scheme["refused"]),
                                   ("snitch.item.crowbar", scheme["crowbar"]),
                                   ("snitch.item.knuckle_irons", scheme["knuckle_irons"])) if on]


def resolution_line(s, t, last) -> str:
    draws = "; ".join(t("snitch.draw." + d["deck"], name=name_of(s, d["seat"]), count=d["count"])
                      for d in last["draws"]) or t("snitch.none")
    key = "key" if last["success"] is None else "succeeded" if last["success"] else "failed"
    backstabs = "" if last.get("backstabs") is None else t("snitch.backstab_icons", count=last["backstabs"])
    text = t("snitch.line." + key, name=name_of(s, last["owner"]), backstabs=backstabs, draws=draws)
    if last["cut_short"]:
        text += " " + t("snitch.line.cut_short", name=name_of(s, last["draws"][-1]["seat"]))
    return text


def draws_short(s, t) -> str:
    """The last resolution's draws in order, in few words: "Bob 1, Cy 1, Ann 1 from the
    Prison Contacts Deck; Bob 1 from the Interrogation Deck" (no empty draws;
    a name and its count joined by a no-break space, so "Cleo 1" stays on one line)."""
    groups: list[tuple[str, list[str]]] = []
    for d in (s["last_resolution"] or {}).get("draws", ()):
        if d["count"] > 0:
            if not groups or groups[-1][0] != d["deck"]:
                groups.append((d["deck"], []))
            groups[-1][1].append(f"{name_of(s, d['seat'])}\u00a0{d['count']}")
    return "; ".join(t("snitch.draws." + deck, draws=", ".join(who)) for deck, who in groups)


def votes_text(s, tally) -> str:
    """A vote's totals, the most first ("Cy 3, Bob 1, Dee 1"): never who voted for whom."""
    order = sorted((x for x, n in enumerate(tally) if n > 0), key=lambda x: (-tally[x], x))
    return ", ".join(f"{name_of(s, x)} {tally[x]}" for x in order)


def votes_line(s, t) -> str:
    return t("snitch.line.votes", votes=votes_text(s, s["tally"]))


# -- the summary, piece by piece -------------------------------------------------------
HEADLINES = {"tie_break": "tie", "escape_reveal": "escape"}   # else the phase's own


class Words:
    """What the summary's pieces share: the state, the catalogue, and the tags at the
    seats (badges), which the pieces add to in the order the seats show them."""

    def __init__(self, state, t):
        self.state, self.t = state, t
        self.badges: dict[int, list[str]] = {seat: [] for seat in range(len(state["players"]))}

    def name(self, seat) -> str:
        return name_of(self.state, seat)

    def names(self, seats) -> str:
        return ", ".join(map(self.name, seats)) or self.t("snitch.nobody")

    def badge(self, seat, key, **fields):
        if seat is not None:
            self.badges[seat].append(self.t("snitch.badge." + key, **fields))


def setup_summary(w: Words) -> dict:
    """The checklist for laying out the cards, then who still lays a Scheme."""
    state, t = w.state, w.t
    hands = ", ".join(f"{w.name(s)} {h}" for s, h in enumerate(deal(len(state["players"]))))
    for s, scheme in enumerate(state["schemes"]):
        if scheme is not None:
            w.badge(s, "scheme", under=0, needed=needed(scheme))
    w.badge(state["guard"], "guard")
    missing = [s for s, scheme in enumerate(state["schemes"]) if scheme is None]
    return {"headline": t("snitch.headline.setup"), "banner": "", "badges": w.badges,
            "lines": [t("snitch.setup." + key, count=count, deal=hands) for key, count in SETUP_CHECKLIST],
            "prompt": t("snitch.prompt." + state["step"], names=w.names(missing))}


def in_play(state) -> bool:
    """The Schemes are on the table (still at the end when time ran out before the gun)."""
    return state["phase"] in PLAY_PHASES or (state["phase"] == "final_reveal" and state["gun"] is None)


def count_lines(w: Words) -> list[str]:
    """The counts everybody needs, always: the decks, the riot, the Soap, the Guard, the gun pile."""
    state, t = w.state, w.t
    left, soap = state["interrogation"], state["soap"]
    lines = [t("snitch.line.interrogation", count=left), t("snitch.line.riot_on") if state["riot"]
             else t("snitch.line.riot_off", left=left - RIOT_AT, at=RIOT_AT)]
    if soap is not None:
        lines.append(t("snitch.line.soap", name=w.name(soap)))
        w.badge(soap, "soap")
    if in_play(state):
        guard = state["guard"]
        lines.append(t("snitch.line.guard_bribed") if guard is None else
                     t("snitch.line.guard_" + ("up" if state["handcuffs_up"] else "down"), name=w.name(guard)))
        w.badge(guard, "guard")
    return lines + [t("snitch.line.gun_pile", scored=state["scored"], goal=SCHEMES_FOR_GUN),
                    t("snitch.line.contacts", count=state["contacts"])]


def scheme_lines(w: Words) -> list[str]:
    """The table itself while the Schemes are in play: each Scheme and hand, the stashes,
    whom each seat may help."""
    state, t = w.state, w.t
    if not in_play(state):
        return []
    lines = []
    for s, scheme in enumerate(state["schemes"]):
        hand = state["hands"][s]
        if scheme is None:
            lines.append(t("snitch.line.no_scheme", name=w.name(s), hand=hand))
            continue
        more = ", ".join(on_scheme(scheme, t))
        lines.append(t("snitch.line.scheme", name=w.name(s), under=scheme["under"], needed=needed(scheme),
                       hand=hand, extras=" · " + more if more else ""))
        w.badge(s, "scheme", under=scheme["under"], needed=needed(scheme))
    stashes = [f"{w.name(s)}\u00a0{count}" for s, count in enumerate(state["stash"]) if count]
    if stashes:     # how many Items, never which: they lie face down
        lines.append(t("snitch.line.stash", stashes=", ".join(stashes)))
    for s in range(len(state["players"])):
        w.badge(s, "helps", seats=" ".join(state["players"][h]["letter"] for h in helpable(state, s)))
    return lines


def news_lines(w: Words) -> list[str]:
    """What just happened: the last Scheme's result, the easier rule, a secret vote's totals."""
    state, t = w.state, w.t
    lines = []
    if state["last_resolution"] is not None:
        lines.append(resolution_line(state, t, state["last_resolution"]))
    if state["options"]["easier"] and in_play(state):
        lines.append(t("snitch.line.easier"))
    if state["tally"] is not None and state["phase"] in ("tie_break", "shoot", "escape", "escape_reveal"):
        lines.append(votes_line(state, t))      # the totals of a secret vote: never who voted for whom
    return lines


def failed_scheme(state) -> bool:
    """A new Scheme is laid after a failed one (which went face down into the stash)."""
    return state["phase"] == "new_scheme" and state["last_resolution"]["success"] is False


def headline(w: Words) -> str:
    """Whose step it is (the Soap holder, the Scheme's owner, the next voter, the gun holder) and the phase."""
    state, phase = w.state, w.state["phase"]
    key = "failed" if failed_scheme(state) else HEADLINES.get(phase, phase)
    return w.t("snitch.headline." + key, name=w.name(state["current"]), turn=state["turn"],
               count=len(state["players"]), cards=len(state["escape"]), goal=ESCAPE_CARDS)


# -- what to do next, phase by phase: the prompt
def turn_prompt(w: Words) -> str:
    state, t, soap = w.state, w.t, w.state["soap"]
    if state["acted"]:
        prompt = t("snitch.prompt.pass", name=w.name(soap), left=w.name(left_of(soap, len(state["players"]))))
    else:
        prompt = t("snitch.prompt.turn" + ("_stash" if state["stash"][soap] else ""), name=w.name(soap),
                   targets=w.names(targets(state, soap)), items=t("snitch.seat.stash", count=state["stash"][soap]))
    if state["guard"] == soap:
        prompt += " " + t("snitch.prompt.silenced", name=w.name(soap))
    return prompt


def resolution_prompt(w: Words) -> str:
    state, t, owner = w.state, w.t, w.state["resolving"]
    scheme = state["schemes"][owner]
    knuckles = "_knuckles" if scheme["knuckle_irons"] or state["contacts"] <= 0 else ""
    prompt = t("snitch.prompt.resolve" + knuckles, soap=w.name(state["soap"]), name=w.name(owner),
               count=scheme["under"])
    if state["options"]["harder"]:
        prompt += " " + t("snitch.prompt.harder")
    return prompt


def new_scheme_prompt(w: Words) -> str:
    """The draws in the prompt too: the full line is last, often below the fold."""
    state, t, owner = w.state, w.t, w.state["resolving"]
    prompt = t("snitch.prompt.new_scheme_" + new_scheme_source(state), name=w.name(owner))
    if failed_scheme(state):        # face down into the stash: nobody names the Item
        return t("snitch.prompt.stashed", name=w.name(owner), draws=draws_short(state, t)) + " " + prompt
    if draws_short(state, t):       # after a success: the draws first
        return t("snitch.prompt.draws", draws=draws_short(state, t)) + " " + prompt
    return prompt


def vote_prompt(w: Words) -> str:
    if vote_mode(w.state) == "open":
        return w.t("snitch.prompt.vote_" + majority(w.state), soap=w.name(w.state["soap"]))
    return w.t("snitch.prompt.vote_secret")


def escape_prompt(w: Words) -> str:
    state, t, gun = w.state, w.t, w.state["gun"]
    played = [card["seat"] for card in state["escape"]]
    first_round = [s for s in range(len(state["players"])) if s != state["shot"] and s not in played]
    if first_round:
        return t("snitch.prompt.escape_first", name=w.name(gun), names=w.names(first_round))
    return t("snitch.prompt.escape_more", name=w.name(gun), left=ESCAPE_CARDS - len(played))


def over_prompt(w: Words) -> str:
    winners = w.state["winners"]
    return w.t("snitch.prompt.winners", names=w.names(winners)) if winners else w.t("snitch.prompt.no_winners")


def step_prompt(w: Words) -> str:
    """tie_break, shoot, escape_reveal, final_reveal: whose step it is."""
    phase = w.state["phase"]
    return w.t("snitch.prompt." + {"tie_break": "tie"}.get(phase, phase), name=w.name(w.state["current"]),
               names=w.names(w.state["tied"]))


PROMPTS = {"turn": turn_prompt, "resolution": resolution_prompt, "new_scheme": new_scheme_prompt,
           "gun_vote": vote_prompt, "escape": escape_prompt, "over": over_prompt}   # else step_prompt


# -- the end
def end_lines(w: Words) -> list[str]:
    """Who was shot and the escape cards, the escape's reveal; at the end the Snitch and the losers."""
    state, t, phase, shot = w.state, w.t, w.state["phase"], w.state["shot"]
    lines = []
    if phase in ("escape", "escape_reveal"):
        played = [card["seat"] for card in state["escape"]]
        lines += [t("snitch.line.nobody_shot") if shot is None else t("snitch.line.shot", name=w.name(shot)),
                  t("snitch.line.escape_cards", cards=len(played), goal=ESCAPE_CARDS, names=w.names(played))]
    if state["escape_result"] is not None:
        r = state["escape_result"]
        lines.append(t("snitch.line.escape_result", plans=t("snitch.escape_plans", count=r["escape_plans"]),
                       backstabs=t("snitch.backstab_icons", count=r["backstabs"]),
                       repeats=t("snitch.yes" if r["repeats"] else "snitch.no")))
    if phase == "over":
        lines.append(t("snitch.line.no_snitch") if state["snitch"] is None else
                     t("snitch.line.snitch", name=w.name(state["snitch"])))
        # every player wins or loses: the losers are said too, last, where the screen ends
        lines.append(t("snitch.line.losers", names=w.names(s for s in range(len(state["players"]))
                                                              if s not in state["winners"])))
    return lines


def end_badges(w: Words) -> None:
    """The tags of the vote and the end: who has voted, the gun, the winners, the Snitch, the shot player."""
    state, phase = w.state, w.state["phase"]
    if phase == "gun_vote":
        for s, v in enumerate(state["voted"]):
            if v:
                w.badge(s, "voted")
    if phase in END_PHASES[2:]:
        w.badge(state["gun"], "gun")
    if phase == "over":
        for s in state["winners"]:
            w.badge(s, "winner")
        w.badge(state["snitch"], "snitch")
    w.badge(state["shot"], "shot")


def banner(state, t) -> str:
    """How it ended; else the gun is in, or the riot."""
    if state["outcome"]:
        return t("snitch.outcome." + state["outcome"])
    if state["phase"] in END_PHASES:
        return t("snitch.banner.gun")
    return t("snitch.banner.riot") if state["riot"] else ""


class SnitchView:
    """The Snitch's summary, board, Log words, voice, help and statistics lines (a mixin
    over rules.SnitchRules: the Game's presentation hooks)."""
    help_keys = ("snitch.help.guard_soap", "snitch.help.gun_vote", "snitch.help.readings", "snitch.help.buttons")
    reference = (Reference("setup", ("setup",)), Reference("turn", ("turn",)),
                 Reference("scheme", ("resolution", "new_scheme")), Reference("riot", ("turn",)),
                 Reference("gun", ("gun_vote", "tie_break", "shoot")),
                 Reference("escape", ("escape", "escape_reveal", "final_reveal")), Reference("end", ("over",)))

    # -- the screen, the board, the Log ---------------------------------------------
    def summary(self, state, t):
        """The setup's checklist; in play the counts, the table, what just happened, what
        to do next (with who may refuse the card just played), the end; tags at the seats."""
        w = Words(state, t)
        if state["phase"] == "setup":
            return setup_summary(w)
        lines = count_lines(w) + scheme_lines(w) + news_lines(w)
        prompt = PROMPTS.get(state["phase"], step_prompt)(w)
        refuser = self.refuser(state)
        if refuser is not None:
            prompt += " " + t("snitch.prompt.may_refuse", name=w.name(refuser))
        lines += end_lines(w)
        end_badges(w)
        return {"headline": headline(w), "lines": lines, "prompt": prompt, "banner": banner(state, t),
                "badges": w.badges}

    def board(self, state, t):
        """The piles the app counts, the Soap, the Guard and the gun at their seats, and
        in front of each player their Scheme, their hand and how many Items they
        stash. Never which Items, never a vote."""
        counters = [Counter("deck", t("snitch.board.deck"), state["interrogation"], INTERROGATION_START,
                            ((RIOT_AT, t("snitch.board.riot")), (0, t("snitch.board.end"))), big=True),
                    Counter("contacts", t("snitch.board.contacts"), state["contacts"]),
                    Counter("gun_pile", t("snitch.board.gun_pile"), state["scored"], SCHEMES_FOR_GUN)]
        if state["phase"] in ("escape", "escape_reveal") or state["escape"]:
            counters.append(Counter("escape", t("snitch.board.escape"), len(state["escape"]), ESCAPE_CARDS))
        soap, guard, gun = state["soap"], state["guard"], state["gun"]
        up = "up" if state["handcuffs_up"] else "down"
        tokens = [token for token, there in (
            (Token("soap", t("snitch.badge.soap"), seat=soap), soap is not None),
            (Token("handcuffs", t("snitch.board.handcuffs_" + up), seat=soap, short=t("snitch.board.cuffs_" + up)),
             state["phase"] in PLAY_PHASES),
            (Token("guard", t("snitch.board.guard"), seat=guard), guard is not None),
            (Token("gun", t("snitch.badge.gun"), seat=gun), gun is not None)) if there]
        views = []
        for seat, scheme in enumerate(state["schemes"]):
            facts = () if scheme is None else (t("snitch.board.scheme", required=scheme["required"],
                                                 under=scheme["under"], needed=needed(scheme)), *on_scheme(scheme, t))
            hand, stash = state["hands"][seat], stashed(state, seat)
            views.append(SeatView(seat, facts, ((t("snitch.board.hand"), hand), (t("snitch.board.stash"), stash)),
                                  (t("snitch.seat.hand", count=hand), t("snitch.seat.stash", count=stash))))
        # the seats round the table: whose step it is (the Soap holder, a voter ...) while the game runs
        turn = None if state["phase"] in ("setup", "over") else state["current"]
        return Board(counters=tuple(counters), tokens=tuple(tokens), seats=tuple(views), layout="table",
                     table=round_table(len(state["players"]), turn))

    def log_words(self, action, players, t):
        """An Item is named when it is used (before, it lay face down); a vote by its totals
        alone; a ballot or a stashed Item of a game saved before: that it happened, not what."""
        kind, seat = action.get("type"), action.get("player")
        who = players[seat]["name"] if isinstance(seat, int) and 0 <= seat < len(players) else "?"
        table = {"players": players}
        if kind == "use_item" and action.get("item") in ITEMS:
            words = t("snitch.log.use_item", name=who, item=t("snitch.item." + action["item"]))
            if action.get("target") is not None:
                words += " " + t("snitch.log.next_to", name=name_of(table, action["target"]))
            return words
        if kind == "secret_vote" and isinstance(action.get("tally"), list):
            return t("snitch.log.secret_vote", votes=votes_text(table, action["tally"]) or t("snitch.none"))
        if kind == "vote":
            return t("snitch.log.ballot", name=who)
        if kind == "stash_item":
            return t("snitch.log.stash_item", name=who)
        return None

    # -- Help ------------------------------------------------------------------------
    def help(self, t, state=None):
        """The readings and the buttons; the gun vote as this game plays it (both readings
        of the majority rule, this one's first, with the rulebook's own words)."""
        if state is None:
            return super().help(t)
        rule = majority(state)
        other = "half" if rule == "most" else "most"
        vote = [t("snitch.help.gun_vote"), t("snitch.help.vote_" + vote_mode(state)),
                t("snitch.help.majority", reading=t("snitch.help.reading_" + rule)),
                t("snitch.help.majority_other", other=t("snitch.help.reading_" + other))]
        return [t(key) for key in self.help_keys[:1]] + vote + [t(key) for key in self.help_keys[2:]]

    # -- what is said aloud, and the sounds -------------------------------------------
    def turn_of(self, state):
        """The Soap holder's turn, through the Schemes resolved in it."""
        return state["soap"] if state["phase"] in PLAY_PHASES else None

    def spoken(self, before, after, action, t):
        """The riot, the Guard moving, a Scheme's result and who draws how many, how it ended."""
        out = []
        say = lambda key, **fields: out.append(speech.Line(t(key, **fields)))  # noqa: E731
        if not before["riot"] and after["riot"]:
            out.append(speech.Line(t("snitch.speech.riot", count=after["interrogation"]), priority=speech.HIGH))
        if after["phase"] in ("setup",) + PLAY_PHASES and before["guard"] != after["guard"]:
            if after["guard"] is None:
                say("snitch.speech.guard_away")
            else:
                say("snitch.speech.guard", name=name_of(after, after["guard"]))
        last = after["last_resolution"]
        if last is not None and last != before["last_resolution"]:
            key = "key" if last["success"] is None else "succeeded" if last["success"] else "failed"
            words = [t("snitch.speech." + key, name=name_of(after, last["owner"]))]
            words += [t("snitch.speech.draw_" + d["deck"], name=name_of(after, d["seat"]), count=d["count"])
                      for d in last["draws"] if d["count"] > 0]
            if last["cut_short"]:
                words.append(t("snitch.line.cut_short", name=name_of(after, last["draws"][-1]["seat"])))
            out.append(speech.Line(" ".join(words)))
        if before["outcome"] is None and after["outcome"] is not None:
            out.append(speech.Line(t("snitch.outcome." + after["outcome"]), speech.WINNER, speech.HIGH))
        return out + super().spoken(before, after, action, t)

    def cues(self, before, after, action):
        out: list[str] = []
        if not before["riot"] and after["riot"]:
            out.append(cues.WARNING)
        if after["phase"] in ("setup",) + PLAY_PHASES and before["guard"] != after["guard"]:
            out.append(cues.TICK)       # the Guard moved (or left, or came back)
        last = after["last_resolution"]
        if (action.get("type") == "reveal" and last is not None and last["success"]
                and after["outcome"] is None):
            out.append(cues.SUCCESS)
        if before["outcome"] is None and after["outcome"] is not None:
            out.append(cues.SUCCESS if after["outcome"] == "escape_succeeded" else cues.ALARM)
        if action.get("type") in ("pass_soap", "vote", "open_vote", "secret_vote") and not out:
            out.append(cues.TAP)
        return out

    # -- the statistics --------------------------------------------------------------
    def stats_lines(self, line, t):
        """How often the Snitch won, of the games it was known who held it."""
        count = line.outcomes.get("snitch")
        if not count:
            return []
        won = line.outcome_wins.get("snitch", 0)
        return [t("stats.snitch_won", wins=won, count=count, rate=percent(won / count))]
