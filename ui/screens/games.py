"""Choosing a game: every game Cellmate knows, with its player range.

Its look is in games.kv beside this file."""
from __future__ import annotations



from companion import games

from .base import BaseScreen, PLAYABLE


class GamesScreen(BaseScreen):
    """Which game to set up: every game Cellmate knows, with its player range."""

    def on_kv_post(self, *_):
        from ..widgets.choices import Tile
        grid = self.ids.grid
        self.tiles = {}
        for game_id in games.GAMES:
            if game_id not in PLAYABLE:
                continue
            tile = Tile(tone="go" if games.GAMES[game_id].table_screen == "game" else "normal")
            tile.game_id = game_id
            tile.bind(on_release=lambda _t, g=game_id: self.table.choose_game(g))
            grid.add_widget(tile)
            self.tiles[game_id] = tile

    def refresh(self):
        t = self.t
        for game_id, tile in self.tiles.items():
            game = games.GAMES[game_id]
            tile.title = t(game.title)
            tile.detail = t("games.players", low=game.min_players, high=game.max_players)


SCREEN = GamesScreen
