"""The composition root: config, store, rig and screens are wired here and only here.

Data flows one way. An input event (button, key) or a tap goes to the
controller, which commits one event; the screen on show is refreshed right
away from the new state, then the cues go to the rig. Nothing polls the
database, and nothing runs every frame: the countdowns (the dice table's own,
and the one a game asks for, Game.countdown: Sing Sing's guess, whose zero
becomes the game's timeout action) wake the app only when their shown second
changes.

A game names the table screen that draws it (Game.table_screen): the dice
table has its own, every other game plays on the generic game screen, which
draws the game's summary and legal actions. The clocks (ui/table_clocks.py),
the seat pads (ui/seat_pads.py) and what a game remembers across tables
(ui/game_memory.py) are wired here but live in their own modules.

Starting it (`run_app`, what `companion run` calls; `build_app` for the tests)
lives in ui/start.py.
"""
from __future__ import annotations

import logging
import os
import sys
import time
from functools import partial
from pathlib import Path

os.environ.setdefault("KIVY_NO_ARGS", "1")  # the command line is ours (ui/cli.py), not Kivy's

from hardware.mainthread import use_waking_clock  # noqa: E402

use_waking_clock()   # before Kivy's clock is imported: a button press wakes the main loop at once

from kivy.app import App  # noqa: E402  (neither import opens a window)
from kivy.properties import BooleanProperty, StringProperty  # noqa: E402

from companion import controller, cues as cue_names, speech  # noqa: E402
from companion import config as config_file  # noqa: E402
from companion import games  # noqa: E402
from companion.games.memory import remembers  # noqa: E402
from companion.i18n import Catalogue  # noqa: E402
from companion.inputs import InputEvent  # noqa: E402
from companion.session import Session  # noqa: E402
from companion.store import Store, StoreError  # noqa: E402
from companion.timers import IDLE, RUNNING  # noqa: E402

from . import game_memory, prefs  # noqa: E402
from .seat_pads import SeatPads  # noqa: E402
from .table_clocks import TableClocks  # noqa: E402

log = logging.getLogger(__name__)
REFUSED = controller.REFUSED       # what a refused step raises: the rules said no, or the file did
STORE_RETRY_SECONDS = 1.0          # a store locked at start is tried again this often

SESSIONS_PAGE = 20    # saved games read at once when looking for one
TABLE_VIEWS = ("dice", "game", "vote")    # the screens a game is played on (Game.table_screen; a secret vote)
TABLE_SCREENS = TABLE_VIEWS + ("log",)      # where the buttons act on the game
TOUR_SCREENS = ("dice", "game")             # the first of these shown opens the first-run tour
TOUR_SEEN = "tour.seen"                     # in the store's settings once it was shown
KEY_SEP = "  ·  "     # between two keys on the key line (ui/widgets/text.kv KeyHelp breaks lines only there)


def load_kv() -> None:
    """The shared widget looks, once per process. A screen's own file is loaded when
    the screen is first made (CellmateApp.screen), a dialog's when the first one
    opens: a start reads only what it shows."""
    from .widgets.looks import load_start_looks

    load_start_looks()     # the others with what needs them (ui/widgets/looks.py)


# -- the app ---------------------------------------------------------------------
class CellmateApp(App):
    lang = StringProperty("en")          # kv texts name it, so they follow a switch
    timer_text = StringProperty("")
    timer_caption = StringProperty("")
    timer_phase = StringProperty(IDLE)
    key_help_text = StringProperty("")
    notice_text = StringProperty("")
    tour = None                               # the first-run tour while it is open (first_run_tour)
    tour_seen = False                         # known to have been shown (this run, or the store says so)
    countdown_on = BooleanProperty(False)   # the game's own countdown (Sing Sing's guess)
    countdown_text = StringProperty("")
    countdown_caption = StringProperty("")
    countdown_phase = StringProperty("running")
    pads_present = BooleanProperty(False)   # a pad hub is open and knows a pad: "Seat pads" buttons show
    _browse = None                            # Past games' and the statistics' reading, once asked for

    def __init__(self, config: config_file.Config, store: Store, rig=None, *, config_path: Path | None = None,
                 config_errors=(), clock=time.monotonic, rng=None, speaker=None, **kwargs):
        super().__init__(**kwargs)
        self.store = store
        self.cfg = prefs.layered(config, store)
        self.config_path = Path(config_path) if config_path else None
        self.config_errors = list(config_errors)
        self.rig = None
        self.clock = clock
        self.rng = rng
        self.session: Session | None = None
        self.sm = None                                # the ScreenManager, made by build()
        self.t = Catalogue(self.cfg.language)
        self.lang = self.t.lang
        self.buzzer_on = self.cfg.buzzer.enabled
        self.notices: list[tuple[str, dict]] = []   # (catalogue key, params), first one shown
        self._store_notice = None
        self._store_retry = None
        self.closed = False
        self.last_toast = ""
        self.clocks = TableClocks(self, clock)
        self.seat_pads = SeatPads(self)
        self.learning: game_memory.Learning | None = None   # what the open game teaches its memory
        if config_errors:
            self.notices.append(("notice.config", {"count": len(self.config_errors)}))
        self.speaker = None                          # the voice (hardware.speaker), once attached
        if rig is not None:
            self.attach_rig(rig)
        if speaker is not None:
            self.attach_speaker(speaker)

    # -- wiring ---------------------------------------------------------------
    def attach_rig(self, rig) -> None:
        self.rig = rig
        if getattr(rig, "notice", None):
            self.notices.append(("notice.rig", {}))     # its words are technical: About shows them
        self._show_notice()
        self.show_key_help()

    def attach_speaker(self, speaker) -> None:
        """The voice: said aloud from now on. Switched on but unable to speak: a notice, no more."""
        self.speaker = speaker
        if speaker.config.enabled and speaker.problem:
            self.voice_failed(speaker.problem)
        self._cover()

    def voice_failed(self, _why: str = "") -> None:
        """The voice cannot speak (no espeak-ng, no voice, the sound card refused): said once;
        About shows why (its words are technical)."""
        if not any(key == "notice.no_voice" for key, _ in self.notices):
            self.add_notice("notice.no_voice")

    def add_notice(self, key: str, **params) -> None:
        self.notices.append((key, params))
        self._show_notice()

    @property
    def browse(self):
        """What Past games and Statistics read (ui/browse.py), made when first asked for;
        its worker's results hop onto the main thread."""
        if self._browse is None:
            from hardware.mainthread import to_main_thread

            from .browse import Browse
            self._browse = Browse(self.store, on_main=lambda fn: to_main_thread(fn)())
        return self._browse

    # the seat pads (ui/seat_pads.py)
    def open_pads(self, **hub_options):
        return self.seat_pads.open(**hub_options)

    def attach_pads(self, hub) -> None:
        self.seat_pads.attach(hub)

    @property
    def pads(self):
        """The PadHub (hardware.pads), when [pads] is on and it started."""
        return self.seat_pads.hub

    @property
    def pad_states(self) -> dict[int, str]:
        return self.seat_pads.states

    @property
    def pad_statuses(self) -> list:
        return self.seat_pads.statuses

    @property
    def pad_table(self):
        return self.seat_pads.table

    def pad_players(self) -> list[dict]:
        return self.seat_pads.players()

    def light_pads(self) -> None:
        self.seat_pads.light()

    # the clocks (ui/table_clocks.py)
    @property
    def timer(self):
        return self.clocks.timer

    def toggle_timer(self) -> None:
        self.clocks.toggle_timer()

    def reset_timer(self) -> None:
        self.clocks.reset_timer()

    def rig_mode(self) -> str:
        return getattr(self.rig, "mode", "simulated") or "simulated"

    def tr(self, key: str, *_lang, **params) -> str:
        """For kv: `app.tr('key', app.lang)` re-runs when the language changes."""
        return self.t(key, **params)

    def build(self):
        from kivy.clock import Clock
        from kivy.core.window import Window

        from . import theme
        from .widgets.window import CutTransition, Root

        load_kv()
        Window.clearcolor = theme.BG
        Window.clear = partial(_clear_colour, Window)
        if _offscreen():
            Window.bind(on_flip=_frame_done)
        Window.softinput_mode = "below_target"  # a docked keyboard pushes the name field up, not over it
        self.title = self.t("app.title")
        root = Root()
        self.sm = root.ids.sm
        self.sm.transition = CutTransition()  # the next frame shows the new screen alone
        self.root = root
        self._check_store_notice()
        if self.store.waiting is not None:  # locked by another program: open it once it is free
            self._store_retry = Clock.schedule_interval(self._retry_store, STORE_RETRY_SECONDS)
        self._open_last_unfinished()
        self.clocks.show_timer()
        return root

    def _open_last_unfinished(self) -> None:
        target = self._last_unfinished()
        if target is not None:
            try:
                self._set_session(Session.load(self.store, target["id"], rng=self.rng))
            except REFUSED as exc:
                # unreadable, or played by another program: start at home, it stays listed under past games
                self._set_session(None)
                self.notices.insert(0, ("error." + exc.key, dict(exc.params)))
                self._show_notice()
        self._session_changed()
        self.go(self.table_name() if self.session else "home")

    def _retry_store(self, _dt=None) -> bool:
        """The store was locked at start: once it opens, show what it holds."""
        if not self.store.retry():
            return True
        if self._store_retry is not None:
            self._store_retry.cancel()
            self._store_retry = None
        self._check_store_notice()
        if self.session is None:
            self._open_last_unfinished()
        else:
            self.refresh()
        return False

    def _set_session(self, session: Session | None) -> None:
        """The open session; the one before is let go (another program may take it)."""
        old = self.session
        if old is not None and (session is None or old.id != session.id or old.store is not session.store):
            old.close()
        self.session = session

    def _saved(self, unfinished: bool = False):
        """Saved sessions (`unfinished`: only those), the last changed first, read a page at
        a time: what home looks for is nearly always on the first page."""
        after = None
        while True:
            page = self.store.list_sessions(limit=SESSIONS_PAGE, after=after, unfinished=unfinished)
            yield from page
            if len(page) < SESSIONS_PAGE:
                return
            after = (page[-1]["updated"], page[-1]["id"])

    def _last_unfinished(self) -> dict | None:
        # Like store.last_unfinished(), but only games this UI has a table screen for. Only
        # unfinished ones are read: a table of thousands of finished games and none going
        # read them all at every start and every look at home
        return next((info for info in self._saved(unfinished=True) if self.playable(info["game"])), None)

    @staticmethod
    def playable(game_id: str) -> bool:
        from .screens import PLAYABLE
        return game_id in PLAYABLE

    def on_stop(self):
        self.shutdown()

    def shutdown(self) -> None:
        """Stop the clocks, release the rig and the database (once)."""
        if self.closed:
            return
        self.closed = True
        self.clocks.stop()
        if "kivy.core.window" in sys.modules:
            from kivy.core.window import Window
            Window.unbind(on_flip=_frame_done)
        if self._store_retry is not None:
            self._store_retry.cancel()
        self.seat_pads.stop()
        if self._browse is not None:
            self._browse.close()
        if self.speaker is not None:
            self.speaker.close()
        if self.rig is not None:
            self.rig.close()
        self.store.close()

    # -- navigation -----------------------------------------------------------
    def table_name(self) -> str:
        """The screen the open game is played on (Game.table_screen); while a secret
        vote runs (Game.ballot), the screen passed round to vote."""
        session = self.session
        if session is None:
            return "dice"
        if not session.finished and session.game.ballot(session.state) is not None:
            return "vote"
        return session.game.table_screen

    def at_the_table(self) -> bool:
        """The table or its log is on the screen: where the buttons and pads act."""
        return self.sm is not None and self.sm.current in TABLE_SCREENS

    def open_table(self) -> None:
        self.go(self.table_name())

    def go(self, name: str) -> None:
        if name in TABLE_SCREENS and self.session is None:
            name = "home"
        elif name in TABLE_VIEWS:
            name = self.table_name()
        if self.sm.current == name:
            self.sm.current_screen.refresh()
            return
        self.screen(name)           # made when first shown
        self.root.ids.toast.hide()  # a brief message belongs to the screen it was said on
        self.sm.current = name      # its on_pre_enter refreshes it
        if name in TOUR_SCREENS:
            self.first_run_tour()

    def first_run_tour(self):
        """The first time a table is on this Cellmate's screen: four steps through it
        (skippable), then never again (kept in the saved games' settings)."""
        if self.tour is not None or self.tour_seen:
            return None
        try:
            self.tour_seen = bool(self.store.get_setting(TOUR_SEEN))   # read once: later tables ask no file
        except StoreError:          # the saved games cannot be read now: no tour this time
            return None
        if self.tour_seen:
            return None
        from .dialogs.help import TourDialog

        t = self.t
        steps = [(t(f"tour.{n}.title"), t(f"tour.{n}.body")) for n in range(1, 5)]

        def seen():
            self.tour, self.tour_seen = None, True
            try:
                self.store.set_setting(TOUR_SEEN, True)
            except StoreError as exc:   # shown again next time: no harm
                log.warning("the tour could not be marked as seen: %s", exc)
        self.tour = TourDialog(steps, t, done=seen)
        self.tour.open()
        return self.tour

    def refresh(self) -> None:
        """Show the new state on the current screen, synchronously (a table screen
        the game has left for another, a secret vote begun or over: that one)."""
        self._check_store_notice()
        if self.sm.current in TABLE_VIEWS and self.sm.current != self.table_name():
            self.go(self.table_name())
            return
        self.sm.current_screen.refresh()

    def screen(self, name: str):
        """The screen called `name`, made (and its kv file read) the first time it is asked for."""
        if not self.sm.has_screen(name):
            from .screens import NAMES, load
            if name not in NAMES:
                raise ValueError(f"no screen called {name!r}")
            self.sm.add_widget(load(name)(name=name))
        return self.sm.get_screen(name)

    # -- sessions -------------------------------------------------------------
    def resume_target(self) -> dict | None:
        """The unfinished session Resume goes to: the open one, else the last saved."""
        if self.session is not None and not self.session.finished:
            return next((info for info in self._saved() if info["id"] == self.session.id), None)
        return self._last_unfinished()

    def latest_table(self) -> dict | None:
        """The table "Same table again" reuses: the open session's, else the newest saved."""
        sessions = (info for info in self._saved() if self.playable(info["game"]))
        if self.session is not None:
            return next((info for info in sessions if info["id"] == self.session.id), None)
        return next(sessions, None)

    def new_game(self) -> None:
        """Home's New game: a fresh form, and first the choice of the game."""
        self.screen("setup").reset()
        self.go("games")

    def choose_game(self, game_id: str) -> None:
        self.screen("setup").choose(game_id)
        self.go("setup")

    def game_options(self, game_id: str, options: dict) -> dict:
        """The options a new session gets: the setup's, plus what the game remembers
        from earlier tables (Dig's board map and added places)."""
        return {**options, **game_memory.options(self.store, games.get(game_id))}

    def start_game(self, game_id: str, players: list, options: dict) -> str | None:
        """Create the session (the first player is drawn and recorded by it).
        Returns the message to show in place, or None when the table is open."""
        try:
            session = Session.create(self.store, game_id, players, self.game_options(game_id, options), rng=self.rng)
        except REFUSED as exc:
            self.play([cue_names.WARNING])
            self._check_store_notice()
            return self.t.error(exc)
        self.open_session(session, announce=True)
        return None

    def open_session(self, session: Session, announce: bool = False) -> None:
        self._set_session(session)
        self._pad_session = None     # a new or loaded session: its pads start afresh
        self.reset_timer()
        self._session_changed()
        self.go(self.table_name())
        if announce:
            if session.game.announces_first:
                first = session.setup["players"][session.setup["first_player"]]
                self.toast(self.t("table.starts", name=first["name"]))
            else:  # who begins is the game's to say (a roll, the Soap): its headline says it
                self.toast(self.t("game.started", game=self.t(session.game.title)))
            self.play([cue_names.SUCCESS])
            self.say(session.game.spoken_start(speech.unspoken(session.game, session.state), self.t))

    def resume(self, session_id: int | None = None) -> None:
        if session_id is None:
            target = self.resume_target()
            if target is None:
                return
            session_id = target["id"]
        if self.session is not None and self.session.id == session_id:
            self.open_table()
            return
        try:
            info = next((i for i in self._saved() if i["id"] == session_id), None)
            if info is not None and not self.playable(info["game"]):
                return  # the list shows such games without a Resume button
            session = Session.load(self.store, session_id, rng=self.rng)
        except REFUSED as exc:
            self.toast(self.t.error(exc), "error")
            self.refresh()
            return
        self.open_session(session)

    def play_again(self) -> None:
        """The same game, players and options, with a newly drawn first player."""
        source = self.session
        if source is None:
            table = self.latest_table()
            if table is None:
                return
            try:
                source = Session.load(self.store, table["id"], rng=self.rng, claim=False)  # only read
            except REFUSED as exc:
                self.toast(self.t.error(exc), "error")
                return
        game_id = source.game.id
        try:
            options = self.game_options(game_id, source.setup["options"])  # Dig: the map as it is now
            again = Session.create(self.store, game_id, source.setup["players"], options, rng=self.rng)
        except REFUSED as exc:
            self._check_store_notice()
            self.toast(self.t.error(exc), "error")
            return
        self.open_session(again, announce=True)

    def delete_session(self, session_id: int) -> None:
        try:
            self.store.delete_session(session_id)
        except StoreError as exc:       # played by another program, or the file refused
            self._check_store_notice()
            self.toast(self.t.error(exc), "error")
            self.refresh()
            return
        if self.session is not None and self.session.id == session_id:
            self._set_session(None)
            self._session_changed()
        self.refresh()

    # -- the one path from input to state ---------------------------------------
    def perform(self, action: dict):
        if self.session is None:
            return None
        return self._settle(controller.perform(self.session, action))

    def undo(self):
        if self.session is None:
            return None
        held = self._ballots_held()
        return self._settle(held or controller.undo(self.session))

    def redo(self):
        if self.session is None:
            return None
        held = self._ballots_held()
        return self._settle(held or controller.redo(self.session))

    # -- a secret vote (Game.ballot): its ballots are the pads' table's, never the game's --
    def _ballots_held(self) -> controller.Outcome | None:
        """UNDO and redo cannot reach into a running secret vote once a ballot is cast
        (whoever stands at the screen would undo and recast another's): refused, saying so."""
        session = self.session
        if session.game.ballot(session.state) is None or not self.pad_table.ballots_cast():
            return None
        return controller.Outcome(False, [cue_names.WARNING], games.IllegalAction(
            "vote_held", "the vote is secret: undo cannot reach a vote already cast"))

    def screen_voters(self) -> list[int]:
        return self.seat_pads.screen_voters()

    def cast_vote(self, seat: int, choice: int):
        """A ballot cast on the screen: held with the pads' until all are in (then the totals go in)."""
        if self.session is None:
            return None
        actions = self.pad_table.cast(self.session.state, seat, choice)
        if actions:
            return self.perform_all(actions)
        self.seat_pads.light()
        self.refresh()
        self.play([cue_names.TAP])
        return None

    def restart_vote(self) -> None:
        """Every ballot held is dropped, unseen: everybody votes again."""
        self.pad_table.reset()
        self.seat_pads.light()
        self.refresh()

    def on_input(self, event: InputEvent):
        """A physical button (or its key). Acts only while the table or its log is shown.
        The game reads every button first (Sing Sing's TIMER starts the guess); a TIMER
        the game leaves alone is the dice table's own countdown."""
        if self.session is None or not self.at_the_table():
            return None
        if event in (InputEvent.UNDO, InputEvent.REDO):
            if event == InputEvent.UNDO and self.sm.current == "vote" and self.screen("vote").correct():
                return None      # the voter's own choice taken back, before it is cast
            held = self._ballots_held()
            if held is not None:
                return self._settle(held)
        outcome = controller.handle_input(self.session, event)
        if outcome is None:
            if event == InputEvent.TIMER and self.session.game.turn_timer:
                self.toggle_timer()
            return None
        return self._settle(outcome)

    def _settle(self, outcome, quiet: bool = False):
        if isinstance(outcome.error, StoreError) and outcome.error.key == "session_changed":
            self._reload_session()       # another program wrote to it: show it as saved
        more = self._session_changed()   # (the pads may commit what they held back: the gun votes)
        if self.session.finished and self.timer.state != IDLE:
            self.reset_timer()       # a game that is over has no turn to time
        self.refresh()               # the committed state is on screen first
        if quiet and not outcome.ok:  # a pad press that meant nothing: no beep, no words
            self.play(more)
            return outcome
        self.play(list(outcome.cues) + more)
        self._speak_steps(outcome.steps)
        if outcome.error is not None:
            self.toast(self.t.error(outcome.error), "error")
        return outcome

    def _reload_session(self) -> None:
        session = self.session
        try:
            self.session = Session.load(self.store, session.id, rng=self.rng)
        except REFUSED as exc:
            log.warning("the open game could not be read again: %s", exc)

    def perform_all(self, actions: list[dict], quiet: bool = False):
        """Several actions in a row (what one pad press means), stopping at the first refused.
        quiet: a refusal sounds and says nothing (a press that turned out to mean nothing)."""
        if self.session is None or not actions:
            return None
        cues: list[str] = []
        steps: list = []
        for action in actions:
            outcome = controller.perform(self.session, action)
            cues += outcome.cues
            steps += outcome.steps
            if not outcome.ok:
                break
        return self._settle(controller.Outcome(outcome.ok, cues, outcome.error, steps), quiet=quiet)

    # -- seat pads ------------------------------------------------------------------
    def open_pads_screen(self, players: list[dict] | None = None) -> None:
        """The seat-pad screen for these players (default: the open table's, else the last one's)."""
        screen = self.screen("pads")
        screen.players = list(players) if players else self.pad_players()
        if self.sm.current != "pads":
            screen.back_to = self.sm.current
        self.go("pads")

    # -- cues -----------------------------------------------------------------
    def play(self, cues) -> None:
        if not self.buzzer_on or self.rig is None:
            return
        for cue in cues:
            self.rig.play(cue)

    # -- the voice ------------------------------------------------------------------
    def say(self, lines) -> None:
        if self.speaker is None:
            return
        for line in lines:
            if line is not None:
                self.speaker.say(line)

    def _speak_steps(self, steps) -> None:
        """What the committed steps are in words, aloud (public words only: speech.lines_for)."""
        if self.speaker is None or self.session is None or not steps:
            return
        game = self.session.game
        for before, action, after in steps:
            self.say(speech.lines_for(game, before, after, action, self.t))

    def _cover(self) -> None:
        """Cover noise while the game asks for it (Sing Sing: a bar taken out), when it is on."""
        if self.speaker is not None:
            session = self.session
            self.speaker.cover(session is not None and not session.finished and session.game.cover_noise(session.state))

    def on_cue(self, cue: str) -> None:
        """The rig tells every cue it plays; off a Pi the buzzer is a stand-in, so flash it."""
        if self.root is None or self.rig_mode() != "simulated":
            return
        seconds = cue_names.duration(cue) if cue in cue_names.PATTERNS else 0.5
        self.root.ids.badge.flash(self.t("cue.badge", cue=self.t("cue." + cue)), seconds)

    def toast(self, text: str, kind: str = "info", seconds: float = 3.0) -> None:
        self.last_toast = text
        if self.root is not None:
            self.root.ids.toast.show(text, kind, seconds)

    # -- when a clock's second changes, and after every change of the game ------------------
    def clocks_ticked(self, cues: list[str], timeout: dict | None) -> None:
        """A running clock showed a new second (TableClocks): its cues, the game's timeout."""
        if cues:
            self.play(cues)
        self._say_countdown(cues)
        if timeout is not None:
            self.perform(timeout)

    def _say_countdown(self, cues: list[str]) -> None:
        """The game's countdown (Sing Sing's guess) aloud in its last seconds; "time is up"
        at any clock's zero, cutting off whatever is being said."""
        if self.speaker is None:
            return
        countdown = self.clocks.countdown
        key = self.clocks.countdown_key()
        if countdown is not None and countdown.state == RUNNING:
            self.say([speech.countdown(self.t, countdown.shown(), key)])
        if cue_names.ALARM in cues:         # a clock's zero
            self.say([speech.time_up(self.t, f"{key} {self.clock()}")])

    def _session_changed(self) -> list[str]:
        """After every change of the open game: what the pads held back, its countdown,
        what it taught its memory, the pads' LEDs. Returns the cues of what the pads committed."""
        cues = self.seat_pads.commit_held()
        self.clocks.follow(self.session)
        session = self.session
        if session is not None and remembers(session.game) and session.game.memory_keys:
            if self.learning is None or self.learning.session_id != session.id:
                self.learning = game_memory.Learning(session.id)
            try:
                self.learning.sync(self.store, session.game, session.state)
            except StoreError as exc:   # the game itself is saved; the memory learns at the next change
                log.warning("what the game learned was not saved: %s", exc)
        self.seat_pads.light()
        self._cover()
        return cues

    # -- notices ----------------------------------------------------------------
    def _check_store_notice(self) -> None:
        # The store can fall back to memory mid-game, or open late; say so as soon as it does.
        current = (self.store.notice, tuple(sorted(self.store.notice_params.items())))
        if current != self._store_notice:
            self.notices = [n for n in self.notices if not n[0].startswith("store.")]
            if self.store.notice:
                self.notices.insert(0, (self.store.notice, dict(self.store.notice_params)))
            self._show_notice()
        self._store_notice = current

    def _show_notice(self) -> None:
        if self.notices:
            key, params = self.notices[0]
            self.notice_text = self.t(key, **params)
        else:
            self.notice_text = ""

    def dismiss_notice(self) -> None:
        if self.notices:
            self.notices.pop(0)
        self._show_notice()

    def show_key_help(self) -> None:
        rig = self.rig
        lines = []
        from hardware.keyboard import PAD_KEY_HELP, key_words
        if rig is not None and self.rig_mode() == "simulated" and getattr(rig, "key_help", None):
            keys = KEY_SEP.join(f"{key_words(label, self.t)}: {self.t('input.' + event.value)}"
                                for label, event in rig.key_help)
            lines.append(self.t("keys.help", keys=keys))
        if self.pads is not None and self.pads.simulated:
            keys = KEY_SEP.join(f"{key_words(label, self.t)}: {self.t(f'keys.pad_button_{button}')}"
                                for label, button in PAD_KEY_HELP)
            lines.append(self.t("keys.pads", keys=keys))
        self.key_help_text = "\n".join(lines)

    # -- settings ---------------------------------------------------------------
    def change_setting(self, key: str, value) -> str | None:
        """Save one setting and let it take effect at once where it can. Returns None
        once it is saved (committed to the store), else the words why not."""
        try:
            self.store.set_setting(key, value)
        except StoreError as exc:       # not saved: not changed either, and said so
            self._check_store_notice()
            self.toast(self.t.error(exc), "error")
            return self.t.error(exc)
        self.cfg = prefs.with_value(self.cfg, key, value)
        if key == "buzzer.enabled":
            self.buzzer_on = bool(value)
        elif key.startswith("speech."):
            self._voice_settings()
        elif key.startswith("timer.") and self.clocks.timer_idle():
            self.reset_timer()
        elif key == "language":
            self.t = Catalogue(value)
            self.lang = self.t.lang
            self.title = self.t("app.title")
            self._show_notice()
            self.show_key_help()
            self.clocks.show_timer()
            self.clocks.show_countdown()
            self._voice_settings()
        # buttons.debounce_ms reaches the rig on the next start (the settings screen says so)
        self.refresh()
        return None

    def _voice_settings(self) -> None:
        if self.speaker is not None:
            self.speaker.configure(self.cfg.speech, self.lang)
            if self.cfg.speech.enabled and self.speaker.problem:
                self.voice_failed(self.speaker.problem)
            self._cover()

    def set_language(self, lang: str) -> None:
        self.change_setting("language", lang)


def _offscreen() -> bool:
    """Drawing to no screen (the tests, scripts/bench, screenshots): SDL's offscreen driver."""
    return os.environ.get("SDL_VIDEODRIVER") == "offscreen"


def _clear_colour(window) -> None:
    """A frame starts from the background colour alone. Kivy's clear also wipes the
    depth and stencil buffers and leaves the stencil test on, so the software
    renderer fills both buffers and tests every pixel of the frame against them:
    1.3 ms of its CPU a frame here. Cellmate draws no depth and clips with a scissor
    (ScissorClip); a Kivy stencil that still comes (StencilPush) clears its buffer
    and turns the test on for itself."""
    from kivy.graphics import opengl as gl
    gl.glDisable(gl.GL_STENCIL_TEST)
    gl.glClearColor(*window.clearcolor)
    gl.glClear(gl.GL_COLOR_BUFFER_BIT)


def _frame_done(*_) -> None:
    """Each frame rendered before it is shown (on_flip runs just before the swap). A swap
    on an offscreen surface (scripts/bench, screenshots) flushes nothing, so llvmpipe
    kept every frame's commands, ~5 MiB each, until some texture upload drew them all
    at once (a press paid for every frame since the last one); a real display's swap
    waits for the frame anyway, so this is bound offscreen only."""
    from kivy.graphics.opengl import glFinish
    glFinish()
