"""The table being played, without Kivy: what the screens and the kv files call.

Data flows one way. An input event (button, key, pad) or a tap goes to the
controller, which commits one event; the screen on show is refreshed right
away from the new state, then the cues go to the rig and the words to the
voice. Nothing polls the database, and nothing runs every frame: the clocks
(ui/table_clocks.py) wake the table only when their shown second changes.

A game names the table screen that draws it (Game.table_screen): the dice
table has its own, every other game plays on the generic game screen; while a
secret vote runs (Game.ballot), the vote screen. The seat pads
(ui/seat_pads.py), the clocks, what a game remembers across tables
(ui/game_memory.py) and the banner's notices (ui/notices.py) hang off the table.

`shell` is the screens (ui/app.py CellmateApp): `current()` (the screen on show,
None before there is one), `show(name)`, `screen(name)` (made when first asked
for), `made(name)`, `redraw()` (the screen on show, from the state),
`show_toast(text, kind, seconds)`, `hide_toast()`, `flash(text, seconds)`, `open_tour(steps, done)`,
and the properties the kv files read, which the table sets (lang, title,
key_help_text, notice_text, pads_present, timer_* and countdown_*).
"""
from __future__ import annotations

import logging
import time

from companion import controller, cues as cue_names, games, speech
from companion.games.memory import remembers
from companion.i18n import Catalogue
from companion.inputs import InputEvent
from companion.session import Session
from companion.store import StoreError
from companion.timers import IDLE, RUNNING

from . import game_memory, prefs
from .notices import Notices, key_line
from .saved_games import SESSIONS_PAGE, SavedGames, playable  # noqa: F401  (SESSIONS_PAGE: the tests')
from .seat_pads import SeatPads
from .table_clocks import TableClocks

log = logging.getLogger(__name__)
REFUSED = controller.REFUSED       # what a refused step raises: the rules said no, or the file did

TABLE_VIEWS = ("dice", "game", "vote")    # the screens a game is played on (Game.table_screen; a secret vote)
TABLE_SCREENS = TABLE_VIEWS + ("log",)      # where the buttons act on the game
TOUR_SCREENS = ("dice", "game")             # the first of these shown opens the first-run tour
TOUR_SEEN = "tour.seen"                     # in the store's settings once it was shown


class Table:
    tour = None                               # the first-run tour while it is open (first_run_tour)
    tour_seen = False                         # known to have been shown (this run, or the store says so)

    def __init__(self, shell, store, cfg, *, clock=time.monotonic, rng=None, config_path=None, config_errors=()):
        self.shell = shell
        self.store = store
        self.cfg = cfg                                # the config with the saved settings over it (ui/prefs.py)
        self.config_path = config_path
        self.config_errors = list(config_errors)
        self.clock = clock
        self.rng = rng
        self.rig = None
        self.speaker = None                           # the voice (hardware.speaker), once attached
        self.session: Session | None = None
        self.saved = SavedGames(store)                # what Resume, Play again and home's count read
        self.closed = False
        self.t = Catalogue(cfg.language)
        shell.lang = self.t.lang
        self.buzzer_on = cfg.buzzer.enabled
        self.notices = Notices(store, lambda: self.t, shell)
        self.clocks = TableClocks(self, clock)
        self.seat_pads = SeatPads(self)
        self.learning: game_memory.Learning | None = None   # what the open game teaches its memory
        if self.config_errors:
            self.notices.add("notice.config", count=len(self.config_errors))

    # -- wiring ---------------------------------------------------------------------
    def attach_rig(self, rig) -> None:
        self.rig = rig
        if getattr(rig, "notice", None):
            self.notices.items.append(("notice.rig", {}))     # its words are technical: About shows them
        self.notices.show()
        self.show_key_help()

    def attach_speaker(self, speaker) -> None:
        """The voice: said aloud from now on. Switched on but unable to speak: a notice, no more."""
        self.speaker = speaker
        if speaker.config.enabled and speaker.problem:
            self.voice_failed(speaker.problem)
        self.cover()

    def voice_failed(self, _why: str = "") -> None:
        """The voice cannot speak (no espeak-ng, no voice, the sound card refused): said once;
        About shows why (its words are technical)."""
        self.notices.once("notice.no_voice")

    def rig_mode(self) -> str:
        return getattr(self.rig, "mode", "simulated") or "simulated"

    def start(self) -> None:
        """The screens are there: the store's notice, the last unfinished game (else home), the timer."""
        self.notices.check_store()
        self.open_last_unfinished()
        self.clocks.show_timer()

    def close(self) -> None:
        """Stop the clocks, release the pads, the voice and the rig (once; the store is the app's)."""
        self.closed = True
        self.clocks.stop()
        self.seat_pads.stop()
        if self.speaker is not None:
            self.speaker.close()
        if self.rig is not None:
            self.rig.close()

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
    def pads_present(self) -> bool:
        """A pad hub is open and knows a pad (the screens' "Seat pads" and how pads vote)."""
        return bool(self.seat_pads.statuses)

    @property
    def pad_table(self):
        return self.seat_pads.table

    def light_pads(self) -> None:
        self.seat_pads.light()

    def open_pads_screen(self, players: list[dict] | None = None) -> None:
        """The seat-pad screen for these players (default: the open table's, else the last one's)."""
        screen = self.shell.screen("pads")
        screen.players = list(players) if players else self.seat_pads.players()
        if self.shell.current() != "pads":
            screen.back_to = self.shell.current()
        self.go("pads")

    def open_stats(self) -> None:
        """Statistics, from home or from Past games: its Back goes where it was opened."""
        screen = self.shell.screen("stats")
        if self.shell.current() != "stats":
            screen.back_to = self.shell.current() or "home"
        self.go("stats")

    # the clocks (ui/table_clocks.py)
    @property
    def timer(self):
        return self.clocks.timer

    def toggle_timer(self) -> None:
        self.clocks.toggle_timer()

    def reset_timer(self) -> None:
        self.clocks.reset_timer()

    # -- the saved games ---------------------------------------------------------------
    def open_last_unfinished(self) -> None:
        target = self.saved.last_unfinished()
        if target is not None:
            try:
                self._set_session(Session.load(self.store, target["id"], rng=self.rng))
            except REFUSED as exc:
                # unreadable, or played by another program: start at home, it stays listed under past games
                self._set_session(None)
                self.notices.first("error." + exc.key, exc.params)
        self._session_changed()
        self.go(self.table_name() if self.session else "home")

    def retry_store(self, _dt=None) -> bool:
        """The store was locked at start: once it opens, show what it holds. True: try again."""
        if not self.store.retry():
            return True
        self.notices.check_store()
        if self.session is None:
            self.open_last_unfinished()
        else:
            self.refresh()
        return False

    def _set_session(self, session: Session | None) -> None:
        """The open session; the one before is let go (another program may take it)."""
        old = self.session
        if old is not None and (session is None or old.id != session.id or old.store is not session.store):
            old.close()
        self.session = session

    def resume_target(self) -> dict | None:
        """The unfinished session Resume goes to: the open one, else the last saved."""
        if self.session is not None and not self.session.finished:
            return self.saved.find(self.session.id)
        return self.saved.last_unfinished()

    def latest_table(self) -> dict | None:
        """The table "Same table again" reuses: the open session's, else the newest saved."""
        return self.saved.latest(self.session.id if self.session is not None else None)

    # -- navigation -------------------------------------------------------------------
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
        return self.shell.current() in TABLE_SCREENS

    def open_table(self) -> None:
        self.go(self.table_name())

    def go(self, name: str) -> None:
        if name in TABLE_SCREENS and self.session is None:
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
        self.notices.check_store()
        current = self.shell.current()
        if current in TABLE_VIEWS and current != self.table_name():
            self.go(self.table_name())
            return
        self.shell.redraw()

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
        t = self.t
        steps = [(t(f"tour.{n}.title"), t(f"tour.{n}.body")) for n in range(1, 5)]

        def seen():
            self.tour, self.tour_seen = None, True
            try:
                self.store.set_setting(TOUR_SEEN, True)
            except StoreError as exc:   # shown again next time: no harm
                log.warning("the tour could not be marked as seen: %s", exc)
        self.tour = self.shell.open_tour(steps, seen)
        return self.tour

    # -- starting, resuming, deleting ----------------------------------------------------
    def new_game(self) -> None:
        """Home's New game: a fresh form, and first the choice of the game."""
        self.shell.screen("setup").reset()
        self.go("games")

    def choose_game(self, game_id: str) -> None:
        self.shell.screen("setup").choose(game_id)
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
            self.notices.check_store()
            return self.t.error(exc)
        self.open_session(session, announce=True)
        return None

    def open_session(self, session: Session, announce: bool = False) -> None:
        self._set_session(session)
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
            info = self.saved.find(session_id)
            if info is not None and not playable(info["game"]):
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
            self.notices.check_store()
            self.toast(self.t.error(exc), "error")
            return
        self.open_session(again, announce=True)

    def delete_session(self, session_id: int) -> None:
        try:
            self.store.delete_session(session_id)
        except StoreError as exc:       # played by another program, or the file refused
            self.notices.check_store()
            self.toast(self.t.error(exc), "error")
            self.refresh()
            return
        if self.session is not None and self.session.id == session_id:
            self._set_session(None)
            self._session_changed()
        self.refresh()

    # -- the one path from input to state -------------------------------------------------
    def perform(self, action: dict):
        if self.session is None:
            return None
        return self._settle(controller.perform(self.session, action))

    def undo(self):
        return self._step(controller.undo)

    def redo(self):
        return self._step(controller.redo)

    def _step(self, move):
        """UNDO or redo: held while a secret vote has ballots cast (_ballots_held)."""
        if self.session is None:
            return None
        return self._settle(self._ballots_held() or move(self.session))

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

    def on_input(self, event: InputEvent):
        """A physical button (or its key). Acts only while the table or its log is shown.
        The game reads every button first (Sing Sing's TIMER starts the guess); a TIMER
        the game leaves alone is the dice table's own countdown."""
        if self.session is None or not self.at_the_table():
            return None
        if event in (InputEvent.UNDO, InputEvent.REDO):
            if event == InputEvent.UNDO and self.shell.current() == "vote" and self.shell.screen("vote").correct():
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

    # -- after every change of the game, and when a clock's second changes -------------------
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
        self.cover()
        return cues

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

    # -- cues, the voice, words on the screen ------------------------------------------------
    def play(self, cues) -> None:
        if not self.buzzer_on or self.rig is None:
            return
        for cue in cues:
            self.rig.play(cue)

    def on_cue(self, cue: str) -> None:
        """The rig tells every cue it plays; off a Pi the buzzer is a stand-in, so flash it."""
        if self.rig_mode() != "simulated":
            return
        seconds = cue_names.duration(cue) if cue in cue_names.PATTERNS else 0.5
        self.shell.flash(self.t("cue.badge", cue=self.t("cue." + cue)), seconds)

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

    def cover(self) -> None:
        """Cover noise while the game asks for it (Sing Sing: a bar taken out), when it is on."""
        if self.speaker is not None:
            session = self.session
            self.speaker.cover(session is not None and not session.finished and session.game.cover_noise(session.state))

    def toast(self, text: str, kind: str = "info", seconds: float = 3.0) -> None:
        self.notices.toast(text, kind, seconds)

    def hush(self) -> None:
        """A refusal said in a dialog: not again on the toast behind it."""
        self.notices.hush()

    def dismiss_notice(self) -> None:
        self.notices.dismiss()

    def show_key_help(self) -> None:
        """The key line: which key is which button, off a Pi (and the simulated pads' keys)."""
        simulated = self.rig is not None and self.rig_mode() == "simulated"
        self.shell.key_help_text = key_line(self.t, getattr(self.rig, "key_help", None) if simulated else None,
                                            self.pads is not None and self.pads.simulated)

    # -- settings (ui/prefs.py change) -----------------------------------------------------
    def change_setting(self, key: str, value) -> str | None:
        """Save one setting and let it take effect at once where it can. Returns None
        once it is saved (committed to the store), else the words why not."""
        return prefs.change(self, key, value)

    def set_language(self, lang: str) -> None:
        self.change_setting("language", lang)
