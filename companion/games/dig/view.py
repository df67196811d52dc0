"""Dig Your Way Out in words and pictures (DigView, a mixin over the rules): the screen's
summary and prompt, the board, the Log's lines, the spoken lines and sounds, the help
and reference topics. Nothing here changes a state; what it reads off one comes from
state.py and memory.py.
"""
from __future__ import annotations

from ... import cues, speech
from ...board import Area, Board, Counter, SeatView, Token, Track
from .. import checklist
from ..base import Reference, name_of
from .memory import FACES, place_name, unknown_faces
from .state import ACTIONS_PER_TURN, HAND_LIMIT, READINGS, empty_piles, leads_to, team_points, winners


class DigView:
    """The words and pictures of Dig Your Way Out; before the rules in the game's class
    (the rules' own answers, and Game's, come after it)."""
    help_keys = tuple(f"dig.reading.{name}" for name in READINGS) + ("dig.help.buttons",)
    reference = (Reference("setup", (checklist.SETUP,)), Reference("turn", ("turn",)),
                 Reference("move", ("turn", "ask_face", "choose_place", "michel")),
                 Reference("dig", ("turn",)), Reference("extortion", ("extortion",)),
                 Reference("michel", ("michel", "extortion")), Reference("end", ("over",)))

    def log_words(self, action, players, t):
        return checklist.log_words(action, players, t)

    def summary(self, state, t):
        if state["phase"] == checklist.SETUP:
            who = state["options"]["michel"]
            return checklist.summary("dig", state, t, michel=t("dig.michel." + who) if who != "none" else "")
        s, goal = state, state["threshold"]
        names = [p["name"] for p in s["players"]]
        cur, x, phase, move, won = s["current"], s["extortion"], s["phase"], s["move"], s["winner"] or {}
        michel = t("dig.michel." + s["michel"]["who"]) if s["michel"] else ""
        banner = (t("dig.banner.team_wins", team=t("dig.team." + won["team"]), goal=goal) if won.get("team") else
                  t("dig.banner.wins", name=names[won["seat"]], goal=goal) if won else "")
        if phase == "over":
            headline = banner
        elif phase == "extortion" and x["by"] == "michel":
            headline = t("dig.headline.michel_extortion", michel=michel, name=names[x["victim"]])
        elif phase == "extortion":
            headline = t("dig.headline.extortion", name=names[x["attacker"]], other=names[x["victim"]])
        elif phase == "choose_place" and move["mover"] == "michel":
            headline = t("dig.headline.choose_michel", name=names[move["roller"]], michel=michel, face=move["face"])
        else:  # turn, ask_face, choose_place, michel: whose step it is
            who = move["mover"] if phase == "choose_place" else cur
            headline = t("dig.headline." + phase, name=names[who], michel=michel, face=move and move["face"])
        lines, badges = [], {}
        for seat, p in enumerate(s["prisoners"]):
            team = [t("dig.team." + p["team"])] if p["team"] else []
            parts = [place_name(t, p["place"]), t("dig.line.tunnel_own", points=p["tunnel"]) if s["team_mode"]
                     else t("dig.line.tunnel", points=p["tunnel"], goal=goal), t("dig.line.beatings", n=p["beatings"])]
            if s["options"]["counters"]:
                parts += [t("dig.line.cigarettes", n=p["cigarettes"])] + _extras(p, t)
            label = t("dig.line.in_team", name=names[seat], team=team[0]) if team else names[seat]
            lines.append(f"{label}: " + " · ".join(parts))
            badges[seat] = team + [t(key, n=n, michel=michel) for key, on, n in (
                ("dig.badge.actions", seat == cur and not s["finished"], s["actions_left"]),
                ("dig.badge.beatings", p["beatings"], p["beatings"]),
                ("dig.badge.with_michel", s["michel"] and s["michel"]["place"] == p["place"], 0),
                ("dig.badge.winner", seat in winners(s), 0)) if on]
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
        phase, move, x = s["phase"], s["move"], s["extortion"]
        if phase == "over":
            return t("dig.prompt.over")
        if phase == "ask_face":
            return t("dig.prompt.ask_face", face=move["face"])
        if phase == "choose_place":
            shown = [place_name(t, p) for p in move["options"]]
            return t("dig.prompt.choose_place", name=names[move["roller"]],
                     mover=michel if move["mover"] == "michel" else names[move["mover"]],
                     places=", ".join(shown[:-1]) + t("dig.prompt.or") + shown[-1])
        if phase == "michel":
            return t("dig.prompt.michel", name=names[s["current"]], michel=michel)
        if phase == "extortion" and x["by"] == "michel":
            step = "draw_again" if x["step"] == "draw" and x["weapons"] else x["step"]
            return t("dig.prompt.michel_" + step, name=names[x["victim"]])
        if phase == "extortion":
            return t("dig.prompt." + x["step"], name=names[x["attacker"]], other=names[x["victim"]],
                     tool=t("dig.tool." + x["tool"]))
        if s["actions_left"] == 0:
            return t("dig.prompt.no_actions", name=names[s["current"]], n=HAND_LIMIT)
        return t("dig.prompt.turn", name=names[s["current"]], left=s["actions_left"])

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
        """The map: a Place per area, a token per prisoner and for Michel(le), the tunnel track."""
        if state["phase"] == checklist.SETUP:    # the box is still being laid out: the checklist is the screen
            return None
        s, players, counters = state, state["players"], state["options"]["counters"]
        tokens = [Token(f"prisoner.{seat}", players[seat]["name"], place=p["place"], colour=players[seat]["colour"])
                  for seat, p in enumerate(s["prisoners"])]
        if s["michel"]:
            tokens.append(Token("michel", t("dig.michel." + s["michel"]["who"]), place=s["michel"]["place"]))
        faces = {place: [f for f in FACES if f in s["board"] and place in leads_to(s, f)] for place in s["places"]}
        areas = [Area(place, place_name(t, place), (t("dig.board.faces", faces=", ".join(faces[place])),)
                      if faces[place] else ()) for place in s["places"]]
        teams = [Counter("team." + team, t("dig.team." + team), team_points(s, team), total=s["threshold"])
                 for team in ("a", "b")] if s["team_mode"] else []
        seats = []
        for seat, p in enumerate(s["prisoners"]):
            facts = ([t("dig.team." + p["team"])] if p["team"] else []) + (_extras(p, t) if counters else [])
            counts = [("dig.counter.beatings", "dig.seat.beatings", p["beatings"])]
            counts += [("dig.counter.cigarettes", "dig.seat.cigarettes", p["cigarettes"])] if counters else []
            if seat == s["current"] and not s["finished"]:
                counts.append(("dig.board.actions_left", "dig.seat.actions_left", s["actions_left"]))
            seats.append(SeatView(seat, tuple(facts), tuple((t(words), n) for words, _short, n in counts),
                                  tuple(t(short, count=n) for _words, short, n in counts)))
        track = Track("tunnel", t("dig.counter.tunnel"), tuple(p["tunnel"] for p in s["prisoners"]), s["threshold"],
                      short=t("dig.board.tunnel"))
        return Board(counters=tuple(teams), tracks=(track,), tokens=tuple(tokens), areas=tuple(areas),
                     seats=tuple(seats), layout="map")

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
