"""Dig Your Way Out in words and pictures (DigView, a mixin over the rules): the screen's
summary and prompt, the board, the Log's lines, the spoken lines and sounds, the help
and reference topics. Nothing here changes a state; what it reads off one comes from
state.py and memory.py.
"""
from __future__ import annotations

from ... import cues, speech
from ...board import Area, Board, Counter, Score, SeatView, Token, Track
from .. import checklist
from ..base import Reference, name_of
from .memory import FACES, PAIR_SEP, STANDARD_PLACES, place_name, unknown_faces
from .state import ACTIONS_PER_TURN, HAND_LIMIT, READINGS, empty_piles, leads_to, place_of, team_points, winners

PROMPT_ROOM = 60     # a prompt's characters in two short lines at 24 px; a longer one says less


class DigView:
    """The words and pictures of Dig Your Way Out; before the rules in the game's class
    (the rules' own answers, and Game's, come after it)."""
    help_keys = tuple(f"dig.reading.{name}" for name in READINGS) + ("dig.help.buttons",)
    reference = (Reference("setup", (checklist.SETUP,)), Reference("turn", ("turn",)),
                 Reference("move", ("turn", "ask_face", "choose_place", "michel")),
                 Reference("dig", ("turn",)), Reference("extortion", ("extortion",)),
                 Reference("michel", ("michel", "extortion")), Reference("end", ("over",)))

    def log_words(self, action, players, t):
        """What happened, where the plain "dig.done.<type>" words cannot say it: a Michel card
        with or without a Knife, a Weapon played for the victim, the loser named, a pair of places."""
        said = checklist.log_words(action, players, t)        # who starts: the checklist's words, as in every game
        if said is not None:
            return said
        kind, who = action.get("type"), _named(players, action.get("player"))
        if kind == "michel_card" and isinstance(action.get("knife"), bool):
            return t("dig.log.knife" if action["knife"] else "dig.log.no_knife", name=who)
        if kind == "fight" and action.get("by") not in (None, action.get("player")):
            return t("dig.log.fight_for", name=_named(players, action["by"]), other=who)
        if kind == "give_up" and action.get("seat") is not None:
            return t("dig.done.give_up", name=_named(players, action["seat"]))
        if kind in ("learn_face", "set_face") and action.get("places") is not None:
            pair = action["places"].split(PAIR_SEP) if isinstance(action["places"], str) else action["places"]
            places = " + ".join(place_name(t, p) for p in pair)
            return (t("dig.done.set_face", face=action.get("face"), places=places) if kind == "set_face" else
                    t("dig.done.learn_face", places=places))
        return None

    def summary(self, state, t):
        if state["phase"] == checklist.SETUP:
            who = state["options"]["michel"]
            out = checklist.summary("dig", state, t, michel=t("dig.michel." + who) if who != "none" else "")
            left = len(checklist.remaining(state))    # what to do now in two short lines: the steps are buttons
            return {**out, "prompt": t("dig.prompt.check", count=left)} if left else out
        s, goal = state, state["threshold"]
        names = [p["name"] for p in s["players"]]
        cur, x, phase, move, won = s["current"], s["extortion"], s["phase"], s["move"], s["winner"] or {}
        michel = t("dig.michel." + s["michel"]["who"]) if s["michel"] else ""
        banner = (t("dig.banner.team_wins", team=t("dig.team." + won["team"]), goal=goal) if won.get("team") else
                  t("dig.banner.wins", name=names[won["seat"]], goal=goal) if won else "")
        if phase == "over":
            headline = t("dig.headline.escaped", name=t("dig.team." + won["team"]) if won.get("team")
                         else names[won["seat"]])
        elif phase == "extortion" and x["by"] == "michel":
            headline = t("dig.headline.michel_extortion", michel=michel, name=names[x["victim"]])
        elif phase == "extortion":
            headline = t("dig.headline.extortion", name=names[x["attacker"]], other=names[x["victim"]])
        elif phase in ("ask_face", "choose_place"):     # a die was rolled: by whom, what it shows
            headline = t("dig.headline.rolled", name=names[move["roller"]], face=move["face"])
        else:  # turn, michel: whose step it is
            headline = t("dig.headline." + phase, name=names[cur], michel=michel)
        lines, badges = [], {}
        for seat, p in enumerate(s["prisoners"]):
            team = [t("dig.team." + p["team"])] if p["team"] else []
            parts = [place_name(t, p["place"]), t("dig.line.tunnel_own", points=p["tunnel"]) if s["team_mode"]
                     else t("dig.line.tunnel", points=p["tunnel"], goal=goal), t("dig.line.beatings", n=p["beatings"])]
            if s["options"]["counters"]:
                parts += [t("dig.line.cigarettes", n=p["cigarettes"])] + _extras(p, t)
            label = t("dig.line.in_team", name=names[seat], team=team[0]) if team else names[seat]
            lines.append(f"{label}: " + " · ".join(parts))
            # on the seat's token: its team, and the winner at the end (tunnel points and Beatings
            # are its figures, the actions left the prompt's, Michel(le) stands on the board)
            badges[seat] = team + ([t("dig.badge.winner")] if seat in winners(s) else [])
        if s["team_mode"]:
            lines += [t("dig.line.team_tunnel", team=t("dig.team." + team), points=team_points(s, team), goal=goal)
                      for team in ("a", "b")]
        if s["michel"]:
            lines.append(t("dig.line.michel", michel=michel, place=place_name(t, s["michel"]["place"])))
        if phase == "turn":
            used = [t("dig.action." + a) for a, done in (("search", s["searched"]), ("extort", s["extorted"])) if done]
            lines.append(t("dig.line.actions", left=s["actions_left"], total=ACTIONS_PER_TURN)
                         + (" · " + t("dig.line.used", actions=", ".join(used)) if used else ""))
        lines.append(t("dig.line.goal", goal=goal))
        if empty_piles(s):
            lines.append(t("dig.line.empty", piles=", ".join(t("dig.param.pile." + p) for p in empty_piles(s))))
        if unknown_faces(s):
            lines.append(t("dig.line.unknown_faces", faces=", ".join(map(str, unknown_faces(s)))))
        if s["options"]["teams"] != "off" and not s["team_mode"]:
            lines.append(t("dig.note.teams_off", n=len(names)))
        lines += [self._note_text(s, t, note) for note in s["notes"]]
        out = {"headline": headline, "lines": lines, "prompt": self._prompt(s, t, names, michel), "badges": badges}
        return {**out, "banner": banner} if banner else out

    @staticmethod
    def _prompt(s, t, names, michel):
        """What to do now, in at most two short lines: the headline says whose step it is,
        the buttons say the rest; what the rules say is in Help."""
        phase, move, x = s["phase"], s["move"], s["extortion"]
        if phase == "over":
            return t("dig.prompt.over")
        if phase == "ask_face":
            return t("dig.prompt.ask_face", face=move["face"])
        if phase == "choose_place":
            mover = michel if move["mover"] == "michel" else names[move["mover"]]
            shown = [place_short(t, p) for p in move["options"]]
            said = t("dig.prompt.choose_place", mover=mover,
                     places=", ".join(shown[:-1]) + t("dig.prompt.or") + shown[-1])
            # the places are the board's marked ones and the buttons' too: a long list is left to them
            return said if len(said) <= PROMPT_ROOM else t("dig.prompt.choose_place_short", mover=mover)
        if phase == "michel":
            return t("dig.prompt.michel", michel=michel)
        if phase == "extortion" and x["by"] == "michel":
            step = "draw_again" if x["step"] == "draw" and x["weapons"] else x["step"]
            return t("dig.prompt.michel_" + step)
        if phase == "extortion":
            return t("dig.prompt." + x["step"], name=names[x["attacker"]], other=names[x["victim"]],
                     tool=t("dig.tool." + x["tool"]))
        if s["actions_left"] == 0:
            return t("dig.prompt.no_actions", n=HAND_LIMIT)
        return t("dig.prompt.turn", left=s["actions_left"])

    @staticmethod
    def _note_text(s, t, note):
        names = [p["name"] for p in s["players"]]
        params = {}
        for key, value in note.items():
            if key in ("seat", "other"):
                params["name" if key == "seat" else "other"] = names[value] if value is not None else ""
            elif key == "who":
                params["name"] = t("dig.michel." + s["michel"]["who"]) if value == "michel" else names[value]
            elif key in ("place", "tool"):
                params[key] = place_name(t, value) if key == "place" else t("dig.tool." + value)
            elif key != "key":
                params[key] = value
        return t(note["key"], **params)

    def board(self, state, t):
        """The map: every Place (short names) with a chip per prisoner and Michel(le) on it, the
        places a die lets the roller pick marked; per seat its tunnel points and Beatings, the
        tunnel track first (the team's, in the team variant); at the end the ranked scoreboard."""
        if state["phase"] == checklist.SETUP:    # the box is still being laid out: the checklist is the screen
            return None
        s, players, counters = state, state["players"], state["options"]["counters"]
        tokens = [Token(f"prisoner.{seat}", players[seat]["name"], place=p["place"], colour=players[seat]["colour"],
                        short=players[seat].get("letter", ""))
                  for seat, p in enumerate(s["prisoners"])]
        if s["michel"]:
            who = t("dig.michel." + s["michel"]["who"])
            # on a crowded place a tag of her initial beside the prisoners' chips ("M"): her
            # name is in the headline and the facts whenever she acts
            tokens.append(Token("michel", who, place=s["michel"]["place"], short=who[:1]))
        faces = {place: [f for f in FACES if f in s["board"] and place in leads_to(s, f)] for place in s["places"]}
        areas = [Area(place, place_name(t, place), (t("dig.board.faces", faces=", ".join(faces[place])),)
                      if faces[place] else (), _status(s, place), short=place_short(t, place))
                 for place in s["places"]]
        teams = [Counter("team." + team, t("dig.team." + team), team_points(s, team), total=s["threshold"],
                         short=t("dig.team." + team)) for team in ("a", "b")] if s["team_mode"] else []
        seats = []
        for seat, p in enumerate(s["prisoners"]):
            facts = ([t("dig.team." + p["team"])] if p["team"] else []) + (_extras(p, t) if counters else [])
            counts = [("dig.counter.beatings", "dig.seat.beatings", p["beatings"])]
            counts += [("dig.counter.cigarettes", "dig.seat.cigarettes", p["cigarettes"])] if counters else []
            if seat == s["current"] and not s["finished"]:
                counts.append(("dig.board.actions_left", "dig.seat.actions_left", s["actions_left"]))
            tunnel = (t("dig.figure.tunnel_own", points=p["tunnel"]) if s["team_mode"] else
                      t("dig.figure.tunnel", points=p["tunnel"], goal=s["threshold"]))
            seats.append(SeatView(seat, tuple(facts), tuple((t(words), n) for words, _short, n in counts),
                                  tuple(t(short, count=n) for _words, short, n in counts),
                                  figures=(tunnel, t("dig.figure.beatings", count=p["beatings"]))))
        if s["team_mode"]:    # the team's points win: its bar on each of its prisoners' tokens
            track = Track("tunnel", t("dig.board.team_tunnel"),
                          tuple(team_points(s, p["team"]) for p in s["prisoners"]), s["threshold"],
                          short=t("dig.board.team"))
        else:
            track = Track("tunnel", t("dig.counter.tunnel"), tuple(p["tunnel"] for p in s["prisoners"]),
                          s["threshold"], short=t("dig.board.tunnel"))
        return Board(counters=tuple(teams), tracks=(track,), tokens=tuple(tokens), areas=tuple(areas),
                     seats=tuple(seats), scores=_scores(s, t), layout="map")

    def spoken(self, before, after, action, t):
        """Michel(le) moving, and whom they extort."""
        out = []
        michel = after["michel"]
        if michel and before["michel"] and michel["place"] != before["michel"]["place"]:
            out.append(speech.Line(t("dig.speech.michel_moves", michel=t("dig.michel." + michel["who"]),
                                     place=place_name(t, michel["place"]))))
        x = after["extortion"]
        if x and x["by"] == "michel" and after["extortions"] != before["extortions"]:
            out.append(speech.Line(t("dig.speech.michel_extorts", michel=t("dig.michel." + michel["who"]),
                                     name=name_of(after, x["victim"]))))
        return out + super().spoken(before, after, action, t)

    def cues(self, before, after, action):
        out = [cues.TAP] if action["type"] in ("roll", "roll_michel") else []
        if after["extortion"] and after["extortions"] != before["extortions"]:
            out.append(cues.WARNING)  # a new extortion begins
        if after["finished"] and not before["finished"]:
            out.append(cues.SUCCESS)  # the tunnel is through: the winner
        return out


def _extras(p, t):
    """A prisoner's Gang and revealed Background, in words (with the counters option)."""
    return ([t("dig.gang." + p["gang"])] if p["gang"] else []) + ([t("dig.line.background")] if p["background"] else [])


def place_short(t, place):
    """A place's name where room is short (5 or 6 of them side by side on the board); an added
    place keeps the name it was given."""
    return t("dig.short." + place) if place in STANDARD_PLACES else place


def _status(s, place):
    """A place's state on the board: one the roller may pick now, or where an extortion is on."""
    if s["phase"] == "choose_place" and place in s["move"]["options"]:
        return "choice"
    if s["phase"] == "extortion" and place == place_of(s, s["extortion"]["victim"]):
        return "extortion"
    return ""


def _scores(s, t):
    """The scoreboard at the end, best first: the winner (the winning team) escaped, the others'
    tunnels were found; a team's prisoners share its points and its rank."""
    if not s["finished"]:
        return ()
    names, won = [p["name"] for p in s["players"]], winners(s)
    rows = []
    for seat, p in enumerate(s["prisoners"]):
        if p["team"]:
            mates = [o for o, q in enumerate(s["prisoners"]) if q["team"] == p["team"]]
            total = team_points(s, p["team"])
            parts = tuple((t("dig.score.part", name=names[o], points=s["prisoners"][o]["tunnel"]),
                           s["prisoners"][o]["tunnel"]) for o in mates)
        else:
            total, parts = p["tunnel"], ((t("dig.score.tunnel", points=p["tunnel"]), p["tunnel"]),)
        rows.append((seat, total, parts, seat in won))
    ranked = sorted(rows, key=lambda row: (not row[3], -row[1], -s["prisoners"][row[0]]["tunnel"], row[0]))
    return tuple(Score(seat, total, parts, winner, t("dig.outcome.escaped" if winner else "dig.outcome.found"),
                       1 + sum(1 for other in rows if (other[3], other[1]) > (winner, total)))
                 for seat, total, parts, winner in ranked)


def _named(players, seat):
    return name_of({"players": players}, seat)
