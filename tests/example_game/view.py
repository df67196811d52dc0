"""Coin toss, its view: what the table reads of a state, in this folder's words
(locale/<lang>.ftl, through `t`)."""
from companion.board import Board, Track


class CoinTossView:
    def summary(self, state, t):
        players = state["players"]
        if state["finished"]:
            headline = t("coin.headline.over", names=", ".join(players[s]["name"] for s in state["winners"]))
        else:
            headline = t("coin.headline.turn", name=players[state["current"]]["name"])
        return {"headline": headline,
                "lines": [t("coin.line.points", name=p["name"], count=n) for p, n in zip(players, state["points"])]}

    def board(self, state, t):
        return Board(tracks=(Track("points", t("coin.board.points"), tuple(state["points"]),
                                   state["options"]["target"]),))
