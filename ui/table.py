"""The table being played, without Kivy: what the screens and the kv files call.

Data flows one way. An input event (button, key, pad) or a tap goes to the
controller, which commits one event; the screen on show is refreshed right
away from the new state, then the cues go to the rig and the words to the
voice. Nothing polls the database, and nothing runs every frame: the clocks
(ui/table_clocks.py) wake the table only when their shown second changes.

The table is the one object the screens and kv files hold; what it does is split
by kind into presenters without Kivy that hang off it, each with the table as its
host: which screen shows and the first-run tour (ui/table_nav.py), which game is
open (ui/table_open.py; the saved games it looks in, ui/saved_games.py), a secret
vote on the screen (ui/table_votes.py), the buzzer's cues and the voice
(ui/table_sound.py), the seat pads (ui/seat_pads.py), the clocks
(ui/table_clocks.py), what a game remembers across tables (ui/game_memory.py) and
the banner's notices (ui/notices.py). The table keeps the open session, the path
from an input to a committed step, and the names the screens call, handed on.

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

from companion import controller
from companion.games.memory import remembers
from companion.i18n import Catalogue
from companion.inputs import InputEvent
from companion.session import Session
from companion.store import StoreError
from companion.timers import IDLE

from . import game_memory, prefs
from .notices import Notices, key_line
from .saved_games import SESSIONS_PAGE, SavedGames  # noqa: F401  (SESSIONS_PAGE: the tests')
from .seat_pads import SeatPads
from .table_clocks import TableClocks
from .table_nav import TOUR_SEEN, Navigation  # noqa: F401  (TOUR_SEEN: the tests')
from .table_open import Opener
from .table_sound import Sound
from .table_votes import Votes

log = logging.getLogger(__name__)
REFUSED = controller.REFUSED       # what a refused step raises: the rules said no, or the file did


class Table:
    _browse = None                            # Past games' and the statistics' reading, once asked for

    def __init__(self, shell, store, cfg, *, clock=time.monotonic, rng=None, config_path=None, config_errors=(),
                 on_main=None):
        self.shell = shell
        self.store = store
        self.cfg = cfg                                # the config with the saved settings over it (ui/prefs.py)
        self.config_path = config_path
        self.config_errors = list(config_errors)
        self.clock = clock
        self.rng = rng
        self.on_main = on_main or (lambda fn: fn())   # a worker thread's result onto the main thread (the app's)
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
        self.nav = Navigation(self)                   # which screen shows, the tour
        self.opener = Opener(self)                    # which game is open
        self.votes = Votes(self)                      # a secret vote on the screen
        self.sound = Sound(self)                      # the buzzer's cues, the voice
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
        self.opener.open_last_unfinished()
        self.clocks.show_timer()

    def close(self) -> None:
        """Stop the clocks, release the pads, the reading of past games, the voice and the
        rig (once; the store is the app's)."""
        self.closed = True
        self.clocks.stop()
        self.seat_pads.stop()
        if self._browse is not None:
            self._browse.close()
        if self.speaker is not None:
            self.speaker.close()
        if self.rig is not None:
            self.rig.close()

    @property
    def browse(self):
        """What Past games and Statistics read (ui/browse.py: a worker thread on its own
        connection), made when first asked for."""
        if self._browse is None:
            from .browse import Browse
            self._browse = Browse(self.store, on_main=self.on_main)
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
        self.shell.screen("pads").players = list(players) if players else self.seat_pads.players()
        self.nav.open_from_here("pads")

    # the clocks (ui/table_clocks.py)
    @property
    def timer(self):
        return self.clocks.timer

    def toggle_timer(self) -> None:
        self.clocks.toggle_timer()

    def reset_timer(self) -> None:
        self.clocks.reset_timer()

    # -- which game is open (ui/table_open.py) ------------------------------------------------
    def retry_store(self, _dt=None) -> bool:
        return self.opener.retry_store()

    def resume_target(self) -> dict | None:
        return self.opener.resume_target()

    def latest_table(self) -> dict | None:
        return self.opener.latest_table()

    def game_options(self, game_id: str, options: dict) -> dict:
        return self.opener.game_options(game_id, options)

    def start_game(self, game_id: str, players: list, options: dict) -> str | None:
        return self.opener.start_game(game_id, players, options)

    def open_session(self, session: Session, announce: bool = False) -> None:
        self.opener.open_session(session, announce)

    def resume(self, session_id: int | None = None) -> None:
        self.opener.resume(session_id)

    def play_again(self) -> None:
        self.opener.play_again()

    def delete_session(self, session_id: int) -> None:
        self.opener.delete_session(session_id)

    # -- which screen shows (ui/table_nav.py) -------------------------------------------
    def table_name(self) -> str:
        return self.nav.table_name()

    def at_the_table(self) -> bool:
        return self.nav.at_the_table()

    def open_table(self) -> None:
        self.nav.go(self.nav.table_name())

    def go(self, name: str) -> None:
        self.nav.go(name)

    def refresh(self) -> None:
        self.nav.refresh()

    @property
    def tour(self):
        """The first-run tour while it is open."""
        return self.nav.tour

    def new_game(self) -> None:
        self.nav.new_game()

    def choose_game(self, game_id: str) -> None:
        self.nav.choose_game(game_id)

    def open_stats(self) -> None:
        """Statistics, from home or from Past games: its Back goes where it was opened."""
        self.nav.open_from_here("stats")

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
        """UNDO or redo: held while a secret vote has ballots cast (Votes.held)."""
        if self.session is None:
            return None
        return self._settle(self.votes.held() or move(self.session))

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
            held = self.votes.held()
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
            self.opener.reload_session()     # another program wrote to it: show it as saved
        more = self.session_changed()   # (the pads may commit what they held back: the gun votes)
        if self.session.finished and self.timer.state != IDLE:
            self.reset_timer()       # a game that is over has no turn to time
        self.refresh()               # the committed state is on screen first
        if quiet and not outcome.ok:  # a pad press that meant nothing: no beep, no words
            self.play(more)
            return outcome
        self.play(list(outcome.cues) + more)
        self.sound.speak_steps(outcome.steps)
        if outcome.error is not None:
            self.toast(self.t.error(outcome.error), "error")
        return outcome

    # -- a secret vote on the screen (ui/table_votes.py) ------------------------------------
    def screen_voters(self) -> list[int]:
        return self.votes.voters()

    def cast_vote(self, seat: int, choice: int):
        return self.votes.cast(seat, choice)

    def restart_vote(self) -> None:
        self.votes.restart()

    # -- after every change of the game, and when a clock's second changes -------------------
    def session_changed(self) -> list[str]:
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
        self.sound.say_countdown(cues)
        if timeout is not None:
            self.perform(timeout)

    # -- cues and the voice (ui/table_sound.py) ----------------------------------------------
    def play(self, cues) -> None:
        self.sound.play(cues)

    def on_cue(self, cue: str) -> None:
        self.sound.on_cue(cue)

    def say(self, lines) -> None:
        self.sound.say(lines)

    def cover(self) -> None:
        self.sound.cover()

    # -- words on the screen ----------------------------------------------------------------
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
