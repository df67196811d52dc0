"""The composition root: config, store, rig and screens are wired here and only here.

Data flows one way. An input event (button, key) or a tap goes to the
controller, which commits one event; the screen on show is refreshed right
away from the new state, then the cues go to the rig. Nothing polls the
database. The countdowns are polled every frame, like a clock on the wall: the
dice table's own, and the one a game asks for (Game.countdown: Sing Sing's
guess), whose zero becomes the game's timeout action.

The dice table has its own screen; every other game plays on the generic game
screen, which draws the game's summary and legal actions.

Seat pads (hardware/pads, README "Seat pads") join the same path: a press on
a seat's pad becomes that seat's action (companion.pads.PadTable) and goes
through the controller like a tap; after every change of the game (an action,
undo, redo, a new or loaded session, a pad coming or going) the table commits
what the pads held back (the secret gun vote) and every pad's LED is set from
the new state.

`run_app(args)` is what `companion run` calls. Tests use `build_app(...)`,
which builds the same widget tree without running the event loop, and
`screenshot(path)`.
"""
from __future__ import annotations

import logging
import math
import os
import sys
import time
from dataclasses import replace
from pathlib import Path

os.environ.setdefault("KIVY_NO_ARGS", "1")  # the command line is ours (ui/cli.py), not Kivy's

from kivy.app import App  # noqa: E402  (neither import opens a window)
from kivy.properties import BooleanProperty, StringProperty  # noqa: E402

from companion import controller, cues as cue_names  # noqa: E402
from companion import config as config_file  # noqa: E402
from companion import games  # noqa: E402
from companion.games import IllegalAction  # noqa: E402
from companion.i18n import Catalogue  # noqa: E402
from companion.inputs import InputEvent  # noqa: E402
from companion.pads import PadTable  # noqa: E402
from companion.session import Session  # noqa: E402
from companion.store import Store, StoreError  # noqa: E402
from companion.timers import DONE, IDLE, PAUSED, RUNNING, Countdown, TimerCues  # noqa: E402

from . import dig_board, prefs  # noqa: E402

log = logging.getLogger(__name__)
REFUSED = controller.REFUSED       # what a refused step raises: the rules said no, or the file did
STORE_RETRY_SECONDS = 1.0          # a store locked at start is tried again this often

KV_DIR = Path(__file__).parent / "kv"
SCREEN_NAMES = ("home", "games", "setup", "dice", "game", "log", "sessions", "settings", "about", "pads")
TABLE_SCREENS = ("dice", "game", "log")   # where the buttons act on the game


# -- Kivy set-up, before any window exists ---------------------------------------
def configure_kivy(width: int, height: int, fullscreen: bool = False) -> None:
    """Window size and input options; must run before kivy.core.window is imported."""
    from kivy.config import Config as KivyConfig

    KivyConfig.set("graphics", "width", str(width))
    KivyConfig.set("graphics", "height", str(height))
    KivyConfig.set("graphics", "fullscreen", "auto" if fullscreen else "0")
    KivyConfig.set("input", "mouse", "mouse,multitouch_on_demand")  # no red multitouch dots
    if fullscreen:
        # The kiosk: a touchscreen with no keyboard, so names are typed on a docked one.
        KivyConfig.set("kivy", "keyboard_mode", "systemanddock")
        KivyConfig.set("graphics", "show_cursor", "0")
    if "kivy.core.window" in sys.modules:  # already open (tests): just resize
        from kivy.core.window import Window
        if not fullscreen:
            Window.size = (width, height)


def load_kv() -> None:
    """Shared widget looks first, then one file per screen; each file once per process."""
    from kivy.lang import Builder

    for name in ("widgets",) + SCREEN_NAMES:
        path = str(KV_DIR / f"{name}.kv")
        if path not in Builder.files:
            Builder.load_file(path)


def parse_size(text: str | None) -> tuple[int, int] | None:
    if not text:
        return None
    try:
        width, height = (int(part) for part in text.lower().split("x"))
    except ValueError:
        raise ValueError(f"--size must look like 800x480, not {text!r}") from None
    if width < 320 or height < 240:
        raise ValueError(f"--size {text} is too small (at least 320x240)")
    return width, height


# -- the app ---------------------------------------------------------------------
class CellmateApp(App):
    lang = StringProperty("en")          # kv texts name it, so they follow a switch
    timer_text = StringProperty("")
    timer_caption = StringProperty("")
    timer_phase = StringProperty(IDLE)
    key_help_text = StringProperty("")
    notice_text = StringProperty("")
    countdown_on = BooleanProperty(False)   # the game's own countdown (Sing Sing's guess)
    countdown_text = StringProperty("")
    countdown_caption = StringProperty("")
    countdown_phase = StringProperty("running")
    pads_present = BooleanProperty(False)   # a pad hub is open and knows a pad: "Seat pads" buttons show

    def __init__(self, config: config_file.Config, store: Store, rig=None, *, config_path: Path | None = None,
                 config_errors=(), clock=time.monotonic, rng=None, **kwargs):
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
        self._frame_event = None
        self._store_retry = None
        self._closed = False
        self.last_toast = ""
        self.timer = self._new_timer()
        self.game_countdown: Countdown | None = None   # run for the game (game.countdown)
        self._countdown_spec: dict | None = None
        self._timeout_sent = False
        self.dig_memory: dig_board.Memory | None = None
        self.pads = None                             # the PadHub (hardware.pads), when [pads] is on
        self.pad_table = PadTable()                  # the open session's pads (one per session)
        self._pad_session = None                     # which session pad_table belongs to
        self.pad_states: dict[int, str] = {}         # seat -> "online" | "offline" (seats with a pad)
        self.pad_statuses: list = []                 # every pad and port the hub knows (PadStatus)
        self.pad_keys = None                         # digits press simulated pads
        if config_errors:
            self.notices.append(("notice.config", {"path": str(self.config_path), "count": len(self.config_errors)}))
        if rig is not None:
            self.attach_rig(rig)

    # -- wiring ---------------------------------------------------------------
    def attach_rig(self, rig) -> None:
        self.rig = rig
        if getattr(rig, "notice", None):
            self.notices.append(("notice.rig", {"reason": rig.notice}))
        self._show_notice()
        self._show_key_help()

    def open_pads(self, **hub_options):
        """Start the seat pads when [pads] is on: ``hardware.pads.open_pads``, whose
        callbacks arrive on the Kivy main thread. Returns the hub (None: off or failed)."""
        if self.pads is not None or not self.cfg.pads.enabled:
            return self.pads
        from hardware.pads import open_pads

        try:
            hub = open_pads(self.cfg, self.on_pad_event, self.on_pad_status, **hub_options)
        except Exception as exc:        # no ptys, a broken pyserial: the table plays on without pads
            log.warning("seat pads could not be started: %s", exc, exc_info=True)
            self.notices.append(("notice.pads", {"reason": str(exc) or type(exc).__name__}))
            self._show_notice()
            return None
        self.attach_pads(hub)
        return hub

    def attach_pads(self, hub) -> None:
        """Use this PadHub (started): its events and status reach on_pad_event / on_pad_status."""
        self.pads = hub
        self.pad_statuses = hub.status()
        self.pad_states = hub.seat_states()
        self.pads_present = bool(self.pad_statuses)
        if hub.simulated and self.pad_keys is None:
            from hardware.keyboard import PadKeys
            self.pad_keys = PadKeys(self.press_simulated_pad)
        self._show_key_help()
        self._light_pads()

    def rig_mode(self) -> str:
        return getattr(self.rig, "mode", "simulated") or "simulated"

    def tr(self, key: str, *_lang, **params) -> str:
        """For kv: `app.tr('key', app.lang)` re-runs when the language changes."""
        return self.t(key, **params)

    def build(self):
        from kivy.clock import Clock
        from kivy.core.window import Window
        from kivy.uix.screenmanager import NoTransition

        from . import theme
        from .screens import SCREENS
        from .widgets import Root

        load_kv()
        Window.clearcolor = theme.BG
        Window.softinput_mode = "below_target"  # a docked keyboard pushes the name field up, not over it
        self.title = self.t("app.title")
        root = Root()
        self.sm = root.ids.sm
        self.sm.transition = NoTransition()  # a new screen is complete on the next frame
        for name in SCREEN_NAMES:
            self.sm.add_widget(SCREENS[name](name=name))
        self.root = root
        self._check_store_notice()
        self._frame_event = Clock.schedule_interval(self._frame, 0)
        if self.store.waiting is not None:  # locked by another program: open it once it is free
            self._store_retry = Clock.schedule_interval(self._retry_store, STORE_RETRY_SECONDS)
        self._open_last_unfinished()
        self._show_timer()
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

    def _last_unfinished(self) -> dict | None:
        # Like store.last_unfinished(), but only games this UI has a table screen for.
        return next((info for info in self.store.list_sessions()
                     if not info["finished"] and self.playable(info["game"])), None)

    @staticmethod
    def playable(game_id: str) -> bool:
        from .screens import PLAYABLE
        return game_id in PLAYABLE

    def on_stop(self):
        self.shutdown()

    def shutdown(self) -> None:
        """Stop the frame poll, release the rig and the database (once)."""
        if self._closed:
            return
        self._closed = True
        if self._frame_event is not None:
            self._frame_event.cancel()
        if self._store_retry is not None:
            self._store_retry.cancel()
        if self.pad_keys is not None:
            self.pad_keys.close()
            self.pad_keys = None
        if self.pads is not None:
            self.pads.stop()
        if self.rig is not None:
            self.rig.close()
        self.store.close()

    # -- navigation -----------------------------------------------------------
    def table_name(self) -> str:
        """The screen the open game is played on: the dice table's own, or the game screen."""
        if self.session is not None and self.session.game.id != "dice":
            return "game"
        return "dice"

    def open_table(self) -> None:
        self.go(self.table_name())

    def go(self, name: str) -> None:
        if name in TABLE_SCREENS and self.session is None:
            name = "home"
        elif name in ("dice", "game"):
            name = self.table_name()
        if self.sm.current == name:
            self.sm.current_screen.refresh()
            return
        self.root.ids.toast.hide()  # a brief message belongs to the screen it was said on
        self.sm.current = name      # its on_pre_enter refreshes it

    def refresh(self) -> None:
        """Show the new state on the current screen, synchronously."""
        self._check_store_notice()
        self.sm.current_screen.refresh()

    def screen(self, name: str):
        return self.sm.get_screen(name)

    # -- sessions -------------------------------------------------------------
    def resume_target(self) -> dict | None:
        """The unfinished session Resume goes to: the open one, else the last saved."""
        if self.session is not None and not self.session.finished:
            return next((info for info in self.store.list_sessions() if info["id"] == self.session.id), None)
        return self._last_unfinished()

    def latest_table(self) -> dict | None:
        """The table "Same table again" reuses: the open session's, else the newest saved."""
        sessions = [info for info in self.store.list_sessions() if self.playable(info["game"])]
        if self.session is not None:
            return next((info for info in sessions if info["id"] == self.session.id), None)
        return sessions[0] if sessions else None

    def new_game(self) -> None:
        """Home's New game: a fresh form, and first the choice of the game."""
        self.screen("setup").reset()
        self.go("games")

    def choose_game(self, game_id: str) -> None:
        self.screen("setup").choose(game_id)
        self.go("setup")

    def game_options(self, game_id: str, options: dict) -> dict:
        """The options a new session gets: the setup's, plus what the app keeps for
        the game (Dig's board map and added places, learned at earlier tables)."""
        options = dict(options)
        if "board" in getattr(games.get(game_id), "extra_options", ()):
            options.update(dig_board.game_options(self.store))
        return options

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
            if session.game.id == "dice":
                first = session.setup["players"][session.setup["first_player"]]
                self.toast(self.t("dice.starts", name=first["name"]))
            else:  # who begins is the game's to say (a roll, the Soap): its headline says it
                self.toast(self.t("game.started", game=self.t(session.game.title)))
            self.play([cue_names.SUCCESS])

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
            info = next((i for i in self.store.list_sessions() if i["id"] == session_id), None)
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
        return self._settle(controller.undo(self.session))

    def redo(self):
        if self.session is None:
            return None
        return self._settle(controller.redo(self.session))

    def on_input(self, event: InputEvent):
        """A physical button (or its key). Acts only while the table or its log is shown.
        The game reads every button first (Sing Sing's TIMER starts the guess); a TIMER
        the game leaves alone is the dice table's own countdown."""
        if self.session is None or self.sm.current not in TABLE_SCREENS:
            return None
        outcome = controller.handle_input(self.session, event)
        if outcome is None:
            if event == InputEvent.TIMER and self.session.game.id == "dice":
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
        for action in actions:
            outcome = controller.perform(self.session, action)
            cues += outcome.cues
            if not outcome.ok:
                break
        return self._settle(controller.Outcome(outcome.ok, cues, outcome.error), quiet=quiet)

    # -- seat pads ------------------------------------------------------------------
    def on_pad_event(self, event):
        """A button on a seat's pad (hardware.pads.PadEvent; main thread). Going down, it
        is that seat's action, the same path as a tap. Like the table's buttons it acts
        only while the table or its log is shown; on the seat-pad screen it says whose
        pad it is. A press that means nothing changes nothing, without a beep."""
        if self._closed or self.pads is None or not event.down:
            return None
        if self.sm is None:
            return None
        if self.sm.current == "pads":
            self.screen("pads").pressed(event.seat, event.button)
            return None
        if self.session is None or self.sm.current not in TABLE_SCREENS:
            return None
        actions = self.pad_table.press(self.session.state, event.seat, event.button, self.pads.online_seats())
        if not actions:
            self._light_pads()       # the gun vote's candidates show on that pad's LED only
            return None
        return self.perform_all(actions, quiet=True)

    def on_pad_status(self, statuses):
        """Pads came, went, claimed seats (main thread): marks on screen, votes, LEDs."""
        if self._closed or self.pads is None:
            return
        self.pad_statuses = list(statuses)
        self.pad_states = self.pads.seat_states()
        self.pads_present = bool(self.pad_statuses)
        session = self.session
        waiting = self.pad_table.flush(session.state, self.pads.online_seats()) if session is not None else []
        if waiting:
            self.perform_all(waiting)  # a pad gone offline: the others' votes need not wait for it
        else:
            self._light_pads()
        if self.sm is not None:
            show = getattr(self.sm.current_screen, "show_pads", None)
            if show is not None:
                show()

    def press_simulated_pad(self, seat: int, button: int) -> bool:
        """A key (digits: hardware.keyboard.PadKeys) presses seat ``seat``'s simulated
        pad; a seat nobody's pad holds presses simulated pad number ``seat + 1``, so the
        keys also claim seats. False when there is no such pad."""
        hub = self.pads
        if hub is None or not hub.simulated:
            return False
        seat_of = hub.assignments()
        pad = next((p for p in hub.simulated if seat_of.get(p.pad_id) == seat), None)
        if pad is None and seat < len(hub.simulated) and hub.simulated[seat].pad_id not in seat_of:
            pad = hub.simulated[seat]
        if pad is None or not pad.plugged:
            return False
        pad.tap(button)
        return True

    def open_pads_screen(self, players: list[dict] | None = None) -> None:
        """The seat-pad screen for these players (default: the open table's, else the last one's)."""
        screen = self.screen("pads")
        screen.players = list(players) if players else self.pad_players()
        if self.sm.current != "pads":
            screen.back_to = self.sm.current
        self.go("pads")

    def pad_players(self) -> list[dict]:
        """Who sits where, for the seat-pad screen when no form says it."""
        if self.session is not None:
            return list(self.session.state.get("players") or self.session.setup["players"])
        table = self.latest_table()
        if table is not None:
            return list(table["setup"]["players"])
        from companion.players import COLOUR_NAMES
        held = [seat for seat in self.pad_states]
        count = max([2, len([s for s in self.pad_statuses if s.pad_id])] + [s + 1 for s in held])
        return [{"name": self.t("setup.default_name", n=n + 1), "colour": COLOUR_NAMES[n % len(COLOUR_NAMES)],
                 "letter": str(n + 1)} for n in range(min(count, 8))]

    def _sync_pad_table(self) -> list[str]:
        """One PadTable per session; then commit what the pads hold back that may go
        in now (the gun votes, once every pad at the table has voted). Returns the cues."""
        session = self.session
        session_id = session.id if session is not None else None
        if session_id != self._pad_session:
            self._pad_session = session_id
            self.pad_table = PadTable()
        if self.pads is None or session is None:
            return []
        cues: list[str] = []
        for _ in range(3):      # committing is one round; the bound is only a guard
            actions = self.pad_table.flush(session.state, self.pads.online_seats())
            if not actions:
                break
            for action in actions:
                outcome = controller.perform(session, action)
                cues += outcome.cues
                if not outcome.ok:
                    log.warning("a pad vote was refused: %s", outcome.error)
                    return cues
        return cues

    def _light_pads(self) -> None:
        """Every pad's LED from the state (or the seat-claim screen's colours)."""
        hub = self.pads
        if hub is None:
            return
        claim = self.screen("pads") if self.sm is not None else None
        if claim is not None and claim.active:
            hub.apply_leds(claim.leds())
        else:
            hub.apply_leds(self.pad_table.leds(self.session.state if self.session is not None else None))

    # -- cues -----------------------------------------------------------------
    def play(self, cues) -> None:
        if not self.buzzer_on or self.rig is None:
            return
        for cue in cues:
            self.rig.play(cue)

    def on_cue(self, cue: str) -> None:
        """The rig tells every cue it plays; off a Pi the buzzer is a stand-in, so flash it."""
        if self.root is None or self.rig_mode() != "simulated":
            return
        seconds = cue_names.duration(cue) if cue in cue_names.PATTERNS else 0.5
        self.root.ids.badge.flash(self.t("cue.badge", cue=self.t("cue." + cue)), seconds)

    def toast(self, text: str, kind: str = "info") -> None:
        self.last_toast = text
        if self.root is not None:
            self.root.ids.toast.show(text, kind)

    # -- the countdown ----------------------------------------------------------
    def _new_timer(self) -> Countdown:
        return Countdown(self.cfg.timer.seconds, clock=self.clock, cues=TimerCues(tick_last=self.cfg.timer.tick_last))

    def toggle_timer(self) -> None:
        stale = (self.timer.seconds, self.timer.cues.tick_last) != (self.cfg.timer.seconds, self.cfg.timer.tick_last)
        if self.timer.state in (IDLE, DONE) and stale:
            self.timer = self._new_timer()   # the settings changed while it ran
        self.timer.toggle()
        self._show_timer()

    def reset_timer(self) -> None:
        self.timer = self._new_timer()
        self._show_timer()

    def _frame(self, _dt) -> None:
        cues = self.timer.poll()
        if cues:
            self.play(cues)
        self._show_timer()
        self._poll_countdown()

    # -- the game's own countdown (Game.countdown) -------------------------------
    def _session_changed(self) -> list[str]:
        """After every change of the open game: what the pads held back, its countdown,
        what Dig learned, the pads' LEDs. Returns the cues of what the pads committed."""
        cues = self._sync_pad_table()
        self._sync_countdown()
        session = self.session
        if session is not None and session.game.id == "dig":
            if self.dig_memory is None or self.dig_memory.session_id != session.id:
                self.dig_memory = dig_board.Memory(session.id)
            try:
                self.dig_memory.sync(self.store, session.state)
            except StoreError as exc:   # the game itself is saved; the map is learned at the next change
                log.warning("Dig's board map not saved: %s", exc)
        self._light_pads()
        return cues

    def _sync_countdown(self) -> None:
        """Start the game's countdown when its key appears or changes; stop it when it goes."""
        session = self.session
        spec = session.game.countdown(session.state) if session is not None else None
        key = spec["key"] if spec else None
        running = self._countdown_spec["key"] if self._countdown_spec else None
        if key != running:
            self._countdown_spec = spec
            self._timeout_sent = False
            self.game_countdown = None
            if spec:
                self.game_countdown = Countdown(spec["seconds"], clock=self.clock, cues=session.game.timer_cues)
                self.game_countdown.start()
        self._show_countdown()

    def _poll_countdown(self) -> None:
        countdown = self.game_countdown
        if countdown is None:
            return
        cues = countdown.poll()
        if cues:
            self.play(cues)
        if countdown.state == DONE and not self._timeout_sent and self.session is not None:
            self._timeout_sent = True      # once: a refused late zero must not repeat
            self._show_countdown()
            self.perform(self._countdown_spec["timeout"])
            return
        self._show_countdown()

    def _show_countdown(self) -> None:
        countdown = self.game_countdown
        if countdown is None:
            self.countdown_on = False
            self.countdown_text = ""
            return
        left = math.ceil(countdown.remaining() - 1e-9)
        self.countdown_on = True
        self.countdown_text = f"{left}" if left < 100 else f"{left // 60}:{left % 60:02d}"
        if countdown.state == DONE:
            self.countdown_phase = "done"
            self.countdown_caption = self.t("countdown.done")
        else:
            self.countdown_phase = "last" if left <= max(countdown.cues.tick_last, 0) else "running"
            self.countdown_caption = self.t("countdown.running")

    def _show_timer(self) -> None:
        timer = self.timer
        left = math.ceil(timer.remaining() - 1e-9)
        self.timer_text = f"{left}" if left < 100 else f"{left // 60}:{left % 60:02d}"
        phase = timer.state
        if phase == RUNNING and left <= max(self.cfg.timer.tick_last, 0):
            phase = "last"
        self.timer_phase = phase
        self.timer_caption = self.t({IDLE: "timer.idle", RUNNING: "timer.running", "last": "timer.running",
                                     PAUSED: "timer.paused", DONE: "timer.done"}[phase])

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

    def _show_key_help(self) -> None:
        rig = self.rig
        lines = []
        if rig is not None and self.rig_mode() == "simulated" and getattr(rig, "key_help", None):
            keys = "  ·  ".join(f"{label}: {self.t('input.' + event.value)}" for label, event in rig.key_help)
            lines.append(self.t("keys.help", keys=keys))
        if self.pads is not None and self.pads.simulated:
            from hardware.keyboard import PAD_KEY_HELP
            keys = "  ·  ".join(f"{label}: {self.t(f'keys.pad_button_{button}')}" for label, button in PAD_KEY_HELP)
            lines.append(self.t("keys.pads", keys=keys))
        self.key_help_text = "\n".join(lines)

    # -- settings ---------------------------------------------------------------
    def change_setting(self, key: str, value) -> None:
        """Save one setting and let it take effect at once where it can."""
        try:
            self.store.set_setting(key, value)
        except StoreError as exc:       # not saved: not changed either, and said so
            self._check_store_notice()
            self.toast(self.t.error(exc), "error")
            return
        self.cfg = prefs.with_value(self.cfg, key, value)
        if key == "buzzer.enabled":
            self.buzzer_on = bool(value)
        elif key.startswith("timer.") and self.timer.state in (IDLE, DONE):
            self.reset_timer()
        elif key == "language":
            self.t = Catalogue(value)
            self.lang = self.t.lang
            self.title = self.t("app.title")
            self._show_notice()
            self._show_key_help()
            self._show_timer()
            self._show_countdown()
        # buttons.debounce_ms reaches the rig on the next start (the settings screen says so)
        self.refresh()

    def set_language(self, lang: str) -> None:
        self.change_setting("language", lang)


# -- for tests: the same tree without the event loop ---------------------------------
def build_app(config: config_file.Config | None = None, store: Store | None = None, rig=None, *,
              pads=None, **kwargs) -> CellmateApp:
    """Build the app and put its root in the (already configured) window.

    ``pads``: None leaves the seat pads out (most tests); True opens them as
    run_app does ([pads] in ``config``: simulated = N gives N pads on ptys); a
    dict opens them with these PadHub options (e.g. ``{"poll": 0.05}``); a
    PadHub (started) is used as it is."""
    from kivy.base import EventLoop

    EventLoop.ensure_window()
    app = CellmateApp(config or config_file.Config(), store or Store.memory(), rig, **kwargs)
    root = app.build()
    EventLoop.window.add_widget(root)
    if isinstance(pads, dict):
        app.open_pads(**pads)
    elif pads is True:
        app.open_pads()
    elif pads is not None:
        app.attach_pads(pads)
    return app


def close_app(app: CellmateApp) -> None:
    """Undo build_app: close dialogs, take the root off the window, shut down."""
    from kivy.base import EventLoop
    from kivy.uix.modalview import ModalView

    window = EventLoop.window
    for child in list(window.children):
        if isinstance(child, ModalView):
            child.dismiss(animation=False)
            window.remove_widget(child)
    if app.root is not None and app.root.parent is window:
        window.remove_widget(app.root)
    app.dispatch("on_stop")  # kv's `app` proxy forgets this app only on on_stop; shuts down too


def screenshot(path: str | Path, frames: int = 30) -> Path:
    """Save what the window shows to `path` (PNG), grabbed right after a frame is drawn."""
    from kivy.base import EventLoop

    window = EventLoop.window
    path = Path(path)
    path.parent.mkdir(parents=True, exist_ok=True)
    done: list[str] = []

    def grab(*_):
        window.unbind(on_flip=grab)
        done.append(window.screenshot(name=str(path.with_name(path.stem + "-grab.png"))))

    window.bind(on_flip=grab)
    for _ in range(frames):
        window.canvas.ask_update()
        EventLoop.idle()
        if done:
            break
    window.unbind(on_flip=grab)
    if not done:
        raise RuntimeError("no frame was drawn")
    os.replace(done[0], path)
    return path


# -- the real thing -----------------------------------------------------------------
def run_app(args) -> int:
    config_path = getattr(args, "config", None) or config_file.default_path()
    config, errors = config_file.load(config_path)
    simulated_pads = getattr(args, "pads", None)
    if simulated_pads is not None:      # --pads N: N simulated seat pads, keys 1-8 press them
        config = replace(config, pads=replace(config.pads, enabled=True, simulated=simulated_pads))
    data_dir = getattr(args, "data_dir", None) or config.data_dir or None
    store = Store.open(data_dir)
    layered = prefs.layered(config, store)
    try:
        size = parse_size(getattr(args, "size", None))
    except ValueError as exc:
        size = None
        print(f"companion: {exc}; using the configured size", file=sys.stderr)
    width, height = size or (layered.display.width, layered.display.height)
    fullscreen = bool(getattr(args, "fullscreen", False) or layered.display.fullscreen)
    configure_kivy(width, height, fullscreen)

    app = CellmateApp(config, store, config_path=config_path, config_errors=errors)
    from hardware.rig import open_rig  # after configure_kivy: the keyboard stand-in opens the window

    # The buzzer is switched on and off in the app (settings screen, at once), so the
    # rig claims it whenever the file or the setting may want it.
    rig_config = prefs.with_value(app.cfg, "buzzer.enabled", config.buzzer.enabled or app.cfg.buzzer.enabled)
    rig = open_rig(rig_config, app.on_input, on_cue=app.on_cue, simulate=getattr(args, "simulate", None))
    app.attach_rig(rig)
    app.open_pads()                     # [pads] enabled: look for seat pads (and start the simulated ones)
    _keep_going_when_the_file_refuses(app)
    if os.environ.get("CELLMATE_BENCH_MARK"):
        _mark_first_frame(app, quit_after=bool(os.environ.get("CELLMATE_BENCH_EXIT")))
    try:
        app.run()
    finally:
        app.shutdown()
    return 0


def _keep_going_when_the_file_refuses(app: CellmateApp) -> None:
    """The last net under every tap: the saved games refusing a read or a write
    (another program locked them mid-game) is said on screen; the app goes on."""
    from kivy.base import ExceptionHandler, ExceptionManager

    class StoreTrouble(ExceptionHandler):
        def handle_exception(self, exc):
            if not isinstance(exc, StoreError):
                return ExceptionManager.RAISE
            log.warning("the saved games refused: %s", exc)
            app.toast(app.t.error(exc), "error")
            return ExceptionManager.PASS

    ExceptionManager.add_handler(StoreTrouble())


BENCH_MARK = "CELLMATE-FIRST-FRAME"


def _mark_first_frame(app, quit_after: bool) -> None:
    """For scripts/bench: say when the first frame is on the screen (and stop if asked)."""
    from kivy.core.window import Window

    def first(*_):
        Window.unbind(on_flip=first)
        print(BENCH_MARK, flush=True)
        if quit_after:
            app.stop()

    Window.bind(on_flip=first)
