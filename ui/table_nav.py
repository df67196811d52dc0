"""Which screen shows, without Kivy: the table's screen for the open game, going from
one screen to another, the redraw after a change, and the first-run tour.

A game names the table screen that draws it (Game.table_screen): the dice table has
its own, every other game plays on the generic game screen; while a secret vote runs
(Game.ballot), the vote screen. The table (ui/table.py) holds one Navigation and
hands the screens' calls (go, refresh, open_table ...) to it; `shell` is the app's
screens (ui/table.py's module doc says what it offers).
"""
from __future__ import annotations

import logging

from companion.store import StoreError

log = logging.getLogger(__name__)

TABLE_VIEWS = ("dice", "game", "vote")    # the screens a game is played on (Game.table_screen; a secret vote)
TABLE_SCREENS = TABLE_VIEWS + ("log",)      # where the buttons act on the game
TOUR_SCREENS = ("dice", "game")             # the first of these shown opens the first-run tour
TOUR_SEEN = "tour.seen"                     # in the store's settings once it was shown
# The tour's steps: its words (tour.<n>.title, tour.<n>.body) and what each points at,
# the ids of the table screen's widgets it speaks of (those the screen has are shown).
TOUR = ((1, ("primary", "die")),            # the big button (the dice table's die)
        (2, ("undo_btn", "redo_btn")),
        (3, ("turn_chip", "headline")),
        (4, ("log_btn", "help_btn")))


class Navigation:
    tour = None                               # the first-run tour while it is open (first_run_tour)
    tour_seen = False                         # known to have been shown (this run, or the store says so)

    def __init__(self, table):
        self.table = table                    # ui/table.py: its session, store, notices, catalogue, pads
        self.shell = table.shell

    def table_name(self) -> str:
        """The screen the open game is played on (Game.table_screen); while a secret
        vote runs (Game.ballot), the screen passed round to vote."""
        session = self.table.session
        if session is None:
            return "dice"
        if not session.finished and session.game.ballot(session.state) is not None:
            return "vote"
        return session.game.table_screen

    def at_the_table(self) -> bool:
        """The table or its log is on the screen: where the buttons and pads act."""
        return self.shell.current() in TABLE_SCREENS

    def go(self, name: str) -> None:
        if name in TABLE_SCREENS and self.table.session is None:
            name = "home"
        elif name in TABLE_VIEWS:
            name = self.table_name()
        if self.shell.current() == name:
            self.shell.redraw()
            return
        self.shell.show(name)       # made when first shown; its on_pre_enter refreshes it
        if name in TOUR_SCREENS:
            self.first_run_tour()

    def refresh(self) -> None:
        """Show the new state on the current screen, synchronously (a table screen
        the game has left for another, a secret vote begun or over: that one)."""
        self.table.notices.check_store()
        current = self.shell.current()
        if current in TABLE_VIEWS and current != self.table_name():
            self.go(self.table_name())
            return
        self.shell.redraw()

    def open_from_here(self, name: str, default: str = "home") -> None:
        """A screen whose Back goes where it was opened (its `back_to`): Statistics, the pads'."""
        screen = self.shell.screen(name)
        if self.shell.current() != name:
            screen.back_to = self.shell.current() or default
        self.go(name)

    def new_game(self) -> None:
        """Home's New game: a fresh form, and first the choice of the game."""
        self.shell.screen("setup").reset()
        self.go("games")

    def choose_game(self, game_id: str) -> None:
        self.shell.screen("setup").choose(game_id)
        self.go("setup")

    def first_run_tour(self):
        """The first time a table is on this Cellmate's screen: four steps through it
        (skippable), each pointing at what it speaks of; then never again (kept in the
        saved games' settings)."""
        if self.tour is not None or self.tour_seen:
            return None
        store = self.table.store
        try:
            self.tour_seen = bool(store.get_setting(TOUR_SEEN))   # read once: later tables ask no file
        except StoreError:          # the saved games cannot be read now: no tour this time
            return None
        if self.tour_seen:
            return None
        t = self.table.t
        steps = [(t(f"tour.{n}.title"), t(f"tour.{n}.body"), targets) for n, targets in TOUR]

        def seen():
            self.tour, self.tour_seen = None, True
            try:
                store.set_setting(TOUR_SEEN, True)
            except StoreError as exc:   # shown again next time: no harm
                log.warning("the tour could not be marked as seen: %s", exc)
        self.tour = self.shell.open_tour(steps, seen)
        return self.tour
