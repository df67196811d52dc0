"""The Snitch in words and pictures: the screen's summary, the board, the Log's
words, what is said aloud and the sounds, the help and its reference topics, the
statistics lines (OpenSpiel's Observer, boardgame.io's playerView).

No rules here: every fact comes from the state or from the pure helpers of
state.py, and the Snitch's rules (rules.SnitchRules) answer what only they know
(`refuser`). Never a secret: a stash is a count, a vote its totals.
"""
from __future__ import annotations

from ... import cues, speech
from ...board import Area, Board, Counter, Score, SeatView, Token, round_table
from ...players import left_of
from ...stats import percent
from ..base import Reference, name_of
from .state import (END_PHASES, ESCAPE_CARDS, INTERROGATION_START, ITEMS, PLAY_PHASES, RIOT_AT, SCHEMES_FOR_GUN,
                    SETUP_CHECKLIST, deal, helpable, judge, majority, needed, new_scheme_source, stashed,
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


def votes_text(s, tally) -> str:
    """A vote's totals, the most first ("Cy 3, Bob 1, Dee 1"): never who voted for whom."""
    order = sorted((x for x, n in enumerate(tally) if n > 0), key=lambda x: (-tally[x], x))
    return ", ".join(f"{name_of(s, x)} {tally[x]}" for x in order)


def votes_line(s, t) -> str:
    return t("snitch.line.votes", votes=votes_text(s, s["tally"]))


def reveal_words(t, key, name, action, harder=False, plans=None) -> str:
    """A reveal in the Log: the Scheme (or the escape) succeeded or failed, and what showed."""
    repeats, backstabs, own = bool(action["repeats"]), action["backstabs"], bool(action.get("own_contact"))
    shown = [t("snitch.escape_plans", count=plans)] if plans else []
    shown += [t("snitch.log.repeats")] if repeats else []
    shown += [t("snitch.backstab_icons", count=backstabs)] if isinstance(backstabs, int) else []
    shown += [t("snitch.log.own_contact")] if own else []
    success = judge(repeats, backstabs if isinstance(backstabs, int) else 0, own, harder)
    return t(key + ("_succeeded" if success else "_failed"), name=name, shown=", ".join(shown))


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
    # the checklist is Help's (summary lines): the prompt points there; the Schemes and the
    # Guard are on the seats' tokens and the board
    return {"headline": t("snitch.headline.setup"), "banner": "", "badges": w.badges,
            "lines": [t("snitch.setup." + key, count=count, deal=hands) for key, count in SETUP_CHECKLIST],
            "prompt": t("snitch.prompt." + state["step"])}


def in_play(state) -> bool:
    """The Schemes are on the table (still at the end when time ran out before the gun)."""
    return state["phase"] in PLAY_PHASES or (state["phase"] == "final_reveal" and state["gun"] is None)


def count_lines(w: Words) -> list[str]:
    """The counts everybody needs, always: the decks, the riot, the Soap, the Guard, the gun pile."""
    state, t = w.state, w.t
    left, soap = state["interrogation"], state["soap"]
    lines = [t("snitch.line.interrogation", count=left), t("snitch.line.riot_on") if state["riot"]
             else t("snitch.line.riot_off", left=left - RIOT_AT, at=RIOT_AT)]
    if state["phase"] in PLAY_PHASES:
        lines.append(t("snitch.line.turn", turn=state["turn"]))
    if soap is not None:        # the Soap, the Guard and the gun are tokens at their seats
        lines.append(t("snitch.line.soap", name=w.name(soap)))
    if in_play(state):
        guard = state["guard"]
        lines.append(t("snitch.line.guard_bribed") if guard is None else
                     t("snitch.line.guard_" + ("up" if state["handcuffs_up"] else "down"), name=w.name(guard)))
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
    stashes = [f"{w.name(s)}\u00a0{count}" for s, count in enumerate(state["stash"]) if count]
    if stashes:     # how many Items, never which: they lie face down
        lines.append(t("snitch.line.stash", stashes=", ".join(stashes)))
    soap = state["soap"]
    if state["phase"] == "turn":    # whom the Soap holder may help (the prompt says neighbours or anybody)
        lines.append(t("snitch.line.helps", name=w.name(soap), names=w.names(helpable(state, soap))))
    return lines


def news_lines(w: Words) -> list[str]:
    """What just happened: the last Scheme's result, the easier rule, a secret vote's totals;
    while a Scheme resolves, how it is done in full (the prompt says it in short)."""
    state, t = w.state, w.t
    lines = []
    if state["last_resolution"] is not None:
        lines.append(resolution_line(state, t, state["last_resolution"]))
    if state["phase"] == "resolution":
        lines.append(resolution_steps(w))
        if state["options"]["harder"]:
            lines.append(t("snitch.line.harder"))
    if state["options"]["easier"] and in_play(state):
        lines.append(t("snitch.line.easier"))
    if state["tally"] is not None and state["phase"] in ("tie_break", "shoot", "escape", "escape_reveal"):
        lines.append(votes_line(state, t))      # the totals of a secret vote: never who voted for whom
    return lines


def resolution_steps(w: Words) -> str:
    """Picking up a Scheme's cards, shuffling and revealing them, in full (for Help)."""
    state, t, owner = w.state, w.t, w.state["resolving"]
    scheme = state["schemes"][owner]
    knuckles = "_knuckles" if scheme["knuckle_irons"] or state["contacts"] <= 0 else ""
    return t("snitch.line.resolve" + knuckles, soap=w.name(state["soap"]), name=w.name(owner), count=scheme["under"])


def failed_scheme(state) -> bool:
    """A new Scheme is laid after a failed one (which went face down into the stash)."""
    return state["phase"] == "new_scheme" and state["last_resolution"]["success"] is False


def headline(w: Words) -> str:
    """Whose step it is (the Soap holder, the Scheme's owner, the next voter, the gun holder) and the phase."""
    state, phase = w.state, w.state["phase"]
    key = "failed" if failed_scheme(state) else HEADLINES.get(phase, phase)
    return w.t("snitch.headline." + key, name=w.name(state["current"]), turn=state["turn"],
               count=len(state["players"]), cards=len(state["escape"]), goal=ESCAPE_CARDS)


# -- what to do next, phase by phase: the prompt, at most two short lines (the facts
# and the rules are Help's). It asks for the step the first button makes.
def drawn(state) -> bool:
    """Cards are to be drawn now (they are on the board): a Scheme has just resolved (before
    its new Scheme, or the gun vote), or the Key was just used."""
    last, phase = state["last_resolution"], state["phase"]
    if last is None or not any(d["count"] > 0 for d in last["draws"]):
        return False
    return (phase == "new_scheme" or (phase == "gun_vote" and not any(state["voted"]))
            or (phase == "turn" and last["success"] is None))


def turn_prompt(w: Words, refuser) -> str:
    state, t, soap = w.state, w.t, w.state["soap"]
    if state["acted"]:
        if refuser is not None:     # the owner says first whether the card stays
            return t("snitch.prompt.refuse", name=w.name(refuser), soap=w.name(soap))
        return t("snitch.prompt.pass" + ("_draw" if drawn(state) else ""), name=w.name(soap),
                 to=w.name(left_of(soap, len(state["players"]))))
    items = "_stash" if state["stash"][soap] else ""
    if state["hands"][soap] <= 0:
        return t("snitch.prompt.draw_only" + items, name=w.name(soap))
    return t("snitch.prompt.turn_" + ("riot" if state["riot"] else "neighbours") + items, name=w.name(soap))


def resolution_prompt(w: Words, refuser) -> str:
    """The reveal (the owner may refuse the last card first: a fact, and a button)."""
    state, t, owner = w.state, w.t, w.state["resolving"]
    scheme = state["schemes"][owner]
    knuckles = "_knuckles" if scheme["knuckle_irons"] or state["contacts"] <= 0 else ""
    return t("snitch.prompt.resolve" + knuckles, soap=w.name(state["soap"]), name=w.name(owner),
             count=scheme["under"])


def new_scheme_prompt(w: Words, refuser=None) -> str:
    """The draws are on the board; the new Scheme comes from the hand or the Prison
    Contacts Deck (a failed one goes face down into the stash first)."""
    state, t, owner = w.state, w.t, w.state["resolving"]
    source = "failed" if failed_scheme(state) else new_scheme_source(state)
    return t("snitch.prompt.new_scheme_" + source + ("_draw" if drawn(state) else ""), name=w.name(owner))


def vote_prompt(w: Words, refuser=None) -> str:
    if vote_mode(w.state) == "open":
        return w.t("snitch.prompt.vote_" + majority(w.state), soap=w.name(w.state["soap"]))
    return w.t("snitch.prompt.vote_secret")


def escape_prompt(w: Words, refuser=None) -> str:
    state, t, gun = w.state, w.t, w.state["gun"]
    played = [card["seat"] for card in state["escape"]]
    if any(s != state["shot"] and s not in played for s in range(len(state["players"]))):
        return t("snitch.prompt.escape_first", name=w.name(gun))
    return t("snitch.prompt.escape_more", name=w.name(gun), left=ESCAPE_CARDS - len(played))


def over_prompt(w: Words, refuser=None) -> str:
    winners = w.state["winners"]
    return w.t("snitch.prompt.winners", names=w.names(winners)) if winners else w.t("snitch.prompt.no_winners")


def step_prompt(w: Words, refuser=None) -> str:
    """tie_break, shoot, escape_reveal, final_reveal: whose step it is."""
    phase = w.state["phase"]
    return w.t("snitch.prompt." + {"tie_break": "tie"}.get(phase, phase), name=w.name(w.state["current"]))


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
        first_round = [s for s in range(len(state["players"])) if s != shot and s not in played]
        if first_round:
            lines.append(t("snitch.line.escape_first", names=w.names(first_round)))
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
    """The tags of the vote and the end: who has voted, who is tied, the winners, the Snitch,
    the shot player (the gun is a token at its seat)."""
    state, phase = w.state, w.state["phase"]
    if phase == "gun_vote":
        for s, v in enumerate(state["voted"]):
            if v:
                w.badge(s, "voted")
    if phase == "tie_break":
        for s in state["tied"]:
            w.badge(s, "tied")
    if phase == "over":
        for s in state["winners"]:
            w.badge(s, "winner")
        w.badge(state["snitch"], "snitch")
    if phase != "over" or state["shot"] != state["snitch"]:     # two tags at most: the Snitch says it at the end
        w.badge(state["shot"], "shot")


# -- the board's pieces ---------------------------------------------------------------
def seat_view(state, t, seat, words=None) -> SeatView:
    """In front of one player: their Scheme and hand in words; on their token the cards
    in hand and the Scheme's progress (the Items are a token: Board.tokens). `words`:
    the counts' names (hand, stash), said once for all the seats."""
    scheme, hand, stash = state["schemes"][seat], state["hands"][seat], stashed(state, seat)
    facts = () if scheme is None else (t("snitch.board.scheme", required=scheme["required"], under=scheme["under"],
                                         needed=needed(scheme)), *on_scheme(scheme, t))
    in_hand = t("snitch.seat.hand", count=hand)
    figures = [in_hand]
    if state["phase"] == "setup" or in_play(state):
        figures.append(t("snitch.seat.no_scheme") if scheme is None else
                       t("snitch.seat.scheme", under=scheme["under"], needed=needed(scheme)))
    hand_words, stash_words = words or (t("snitch.board.hand"), t("snitch.board.stash"))
    return SeatView(seat, facts, ((hand_words, hand), (stash_words, stash)),
                    (in_hand, t("snitch.seat.stash", count=stash)), tuple(figures))


def draws_area(state, t) -> tuple[Area, ...]:
    """Who draws how many from which deck, while it is to be done (a Scheme resolved, the Key used)."""
    if not drawn(state):
        return ()
    groups: list[tuple[str, list[str]]] = []
    for d in state["last_resolution"]["draws"]:
        if d["count"] > 0:
            if not groups or groups[-1][0] != d["deck"]:
                groups.append((d["deck"], []))
            groups[-1][1].append(f"{name_of(state, d['seat'])}\u00a0{d['count']}")
    return (Area("draws", t("snitch.board.draws"), tuple(t("snitch.board.draws_" + deck, draws=", ".join(who))
                                                        for deck, who in groups)),)


def outcome_key(state, seat) -> str:
    """One player's end in the game's words: "snitch.score.<key>"."""
    outcome, won = state["outcome"], seat in state["winners"]
    if seat == state["snitch"]:
        if won:
            return "gun" if outcome == "snitch_gun" else "snitch_shot_won" if seat == state["shot"] else "snitch_won"
        return "snitch_shot" if seat == state["shot"] else "snitch_lost"
    if seat == state["shot"]:
        return "shot"
    return {"escape_succeeded": "escaped", "escape_failed": "escape_failed", "deck_out": "time_up",
            "snitch_gun": "snitch_gun"}[outcome]


def scores(state, t) -> tuple[Score, ...]:
    """The end: the winners first (rank 1), then the others (ranked equal), in seat
    order; each with its end in the game's words. Nobody wins: all rank 1."""
    if state["phase"] != "over":
        return ()
    winners = state["winners"]
    order = sorted(range(len(state["players"])), key=lambda s: (s not in winners, s))
    return tuple(Score(s, int(s in winners), winner=s in winners, outcome=t("snitch.score." + outcome_key(state, s)),
                       rank=1 if s in winners or not winners else len(winners) + 1) for s in order)


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
        refuser = self.refuser(state)
        prompt = PROMPTS.get(state["phase"], step_prompt)(w, refuser)
        if refuser is not None:
            lines.append(t("snitch.line.may_refuse", name=w.name(refuser)))
        lines += end_lines(w)
        end_badges(w)
        return {"headline": headline(w), "lines": lines, "prompt": prompt, "banner": banner(state, t),
                "badges": w.badges}

    def board(self, state, t):
        """The piles the app counts (the Interrogation Deck with the riot mark and the cards
        left to it), the Soap, the Guard, the gun and the face-down Items at their seats,
        what to draw now, in front of each player their Scheme and their hand; at the end
        the ranked scoreboard. Never which Items, never a vote."""
        left = state["interrogation"]
        riot = t("snitch.board.riot_on") if state["riot"] else t("snitch.board.riot_in", count=left - RIOT_AT)
        counters = [Counter("deck", t("snitch.board.deck"), left, INTERROGATION_START,
                            ((RIOT_AT, riot), (0, t("snitch.board.end"))), big=True,
                            short=t("snitch.board.deck_short")),
                    Counter("contacts", t("snitch.board.contacts"), state["contacts"],
                            short=t("snitch.board.contacts_short")),
                    Counter("gun_pile", t("snitch.board.gun_pile"), state["scored"], SCHEMES_FOR_GUN,
                            short=t("snitch.board.gun_pile_short"))]
        if state["phase"] in ("escape", "escape_reveal") or state["escape"]:
            counters.append(Counter("escape", t("snitch.board.escape"), len(state["escape"]), ESCAPE_CARDS,
                                    short=t("snitch.board.escape_short")))
        soap, guard, gun = state["soap"], state["guard"], state["gun"]
        up = "up" if state["handcuffs_up"] else "down"
        tokens = []     # each said only when it is there
        if soap is not None:
            tokens.append(Token("soap", t("snitch.badge.soap"), seat=soap))
        if state["phase"] in PLAY_PHASES and state["handcuffs_up"]:
            # the Handcuffs icon on the Soap, when it shows (face down is the Soap as it comes: no tag)
            tokens.append(Token("handcuffs", t("snitch.board.handcuffs_" + up), seat=soap,
                                short=t("snitch.board.cuffs_" + up)))
        if guard is not None:
            tokens.append(Token("guard", t("snitch.board.guard"), seat=guard))
        if gun is not None:
            tokens.append(Token("gun", t("snitch.badge.gun"), seat=gun))
        # the Items face down in front of their owner: how many, never which
        tokens += [Token(f"stash.{seat}", t("snitch.board.stash_token", count=count), seat=seat,
                         short=t("snitch.seat.stash", count=count))
                   for seat, count in enumerate(state["stash"]) if count]
        words = (t("snitch.board.hand"), t("snitch.board.stash"))
        views = [seat_view(state, t, seat, words) for seat in range(len(state["players"]))]
        # the seats round the table: whose step it is (the Soap holder, a voter ...) while the game runs
        turn = None if state["phase"] in ("setup", "over") else state["current"]
        return Board(counters=tuple(counters), tokens=tuple(tokens), areas=draws_area(state, t), seats=tuple(views),
                     scores=scores(state, t), layout="table", table=round_table(len(state["players"]), turn))

    def log_words(self, action, players, t):
        """What happened, where the arguments alone do not say it ("snitch.done.<type>" words
        the rest): the Soap passed to the left, a Scheme's or the escape's result, an escape
        card's source. An Item is named when it is used (before, it lay face down); a vote by
        its totals alone; a ballot or a stashed Item of a game saved before: that it happened,
        not what."""
        kind, seat = action.get("type"), action.get("player")
        mine = isinstance(seat, int) and not isinstance(seat, bool) and 0 <= seat < len(players)
        who = players[seat]["name"] if mine else "?"
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
        if kind == "pass_soap" and mine:
            return t("snitch.log.pass_soap", name=who, to=name_of(table, left_of(seat, len(players))))
        if kind == "reveal" and mine and {"repeats", "backstabs"} <= action.keys():
            # own_contact is asked only under the harder rule: given, it counts
            return reveal_words(t, "snitch.log.reveal", who, action, harder=True)
        if kind == "escape_reveal" and {"repeats", "backstabs", "escape_plans"} <= action.keys():
            return reveal_words(t, "snitch.log.escape", who, action, plans=action["escape_plans"])
        if kind == "escape_card" and action.get("source") in ("hand", "deck"):
            return t("snitch.log.escape_card_" + action["source"], name=name_of(table, action.get("seat")))
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
