"""The clocks on the table: the turn timer and the game's own countdown.

The turn timer (TIMER on a game that has one: Game.turn_timer) and the
countdown a game asks for (Game.countdown: Sing Sing's guess), whose zero
becomes the game's timeout action. Nothing polls them every frame: while one
runs, the table wakes once when the shown second changes (that is also when a
cue can fall due), sets what is shown, and sleeps until the next change. What
they show goes into the shell's properties (ui/app.py), which the kv files read
(timer_text, countdown_text ...); a property set to the value it has changes
nothing on the screen.
"""
from __future__ import annotations

from companion.timers import DONE, IDLE, PAUSED, RUNNING, Countdown, TimerCues

TIMER_CAPTIONS = {IDLE: "timer.idle", RUNNING: "timer.running", "last": "timer.running", PAUSED: "timer.paused",
                  DONE: "timer.done"}
KIVY_EARLY = 0.006   # s: Kivy's clock runs a callback up to 5 ms before its time; wake after the change


def clock_text(seconds_left: int) -> str:
    return f"{seconds_left}" if seconds_left < 100 else f"{seconds_left // 60}:{seconds_left % 60:02d}"


def _kivy_call_later(callback, delay: float):
    from kivy.clock import Clock
    return Clock.schedule_once(callback, delay + KIVY_EARLY)


class TableClocks:
    """`clock` is the time (time.monotonic at the table); a clock that brings its own
    wake-ups (`call_later(callback, delay)`, a test's fake clock) wakes the table
    itself, any other is woken by Kivy's clock."""

    def __init__(self, table, clock):
        self.table = table                         # ui/table.py: its cfg, words, session, shell
        self.clock = clock
        self.call_later = getattr(clock, "call_later", None) or _kivy_call_later
        self.timer = self._new_timer()
        self.countdown: Countdown | None = None   # run for the game (game.countdown)
        self._spec: dict | None = None
        self._timeout_sent = False
        self._wake = None                          # the scheduled wake-up, while a clock runs

    # -- the turn timer ----------------------------------------------------------------
    def _new_timer(self) -> Countdown:
        cfg = self.table.cfg.timer
        return Countdown(cfg.seconds, clock=self.clock, cues=TimerCues(tick_last=cfg.tick_last))

    def toggle_timer(self) -> None:
        cfg = self.table.cfg.timer
        stale = (self.timer.seconds, self.timer.cues.tick_last) != (cfg.seconds, cfg.tick_last)
        if self.timer.state in (IDLE, DONE) and stale:
            self.timer = self._new_timer()   # the settings changed while it ran
        self.timer.toggle()
        self.show_timer()
        self._schedule()

    def reset_timer(self) -> None:
        self.timer = self._new_timer()
        self.show_timer()
        self._schedule()

    def timer_idle(self) -> bool:
        return self.timer.state in (IDLE, DONE)

    # -- waking when a shown second changes -----------------------------------------------
    def _schedule(self) -> None:
        """Wake at the next change of a running clock's second; none runs: no wake-up."""
        if self._wake is not None:
            self._wake.cancel()
            self._wake = None
        changes = [c.next_change() for c in (self.timer, self.countdown) if c is not None]
        changes = [c for c in changes if c is not None]
        if changes and not self.table.closed:
            self._wake = self.call_later(self._woken, min(changes))

    def _woken(self, *_dt) -> None:
        self._wake = None
        cues, timeout = self.poll()
        self.table.clocks_ticked(cues, timeout)
        self._schedule()

    def stop(self) -> None:
        if self._wake is not None:
            self._wake.cancel()
            self._wake = None

    def poll(self) -> tuple[list[str], dict | None]:
        """Look at both clocks now: (cues to play, the game's timeout action once it is due)."""
        cues = list(self.timer.poll())
        self.show_timer()
        timeout = None
        countdown = self.countdown
        if countdown is not None:
            cues += countdown.poll()
            if countdown.state == DONE and not self._timeout_sent and self.table.session is not None:
                self._timeout_sent = True      # once: a refused late zero must not repeat
                timeout = self._spec["timeout"]
            self.show_countdown()
        return cues, timeout

    # -- the game's own countdown (Game.countdown) -----------------------------------------
    def follow(self, session) -> None:
        """Start the game's countdown when its key appears or changes; stop it when it goes."""
        spec = session.game.countdown(session.state) if session is not None else None
        key = spec["key"] if spec else None
        running = self._spec["key"] if self._spec else None
        if key != running:
            self._spec = spec
            self._timeout_sent = False
            self.countdown = None
            if spec:
                self.countdown = Countdown(spec["seconds"], clock=self.clock, cues=session.game.timer_cues)
                self.countdown.start()
            self._schedule()
        self.show_countdown()

    def countdown_key(self) -> str:
        """Which of the game's countdowns runs (its Game.countdown key), in words for the voice's queue."""
        return str(self._spec["key"]) if self._spec else "timer"

    # -- what the screen shows ------------------------------------------------------------
    def show_countdown(self) -> None:
        view, t, countdown = self.table.shell, self.table.t, self.countdown
        if countdown is None:
            # hidden, its last words kept: not drawn and laid out again blank for nobody
            # (the next countdown sets its own before it shows)
            view.countdown_on = False
            return
        left = countdown.shown()
        view.countdown_text = clock_text(left)
        if countdown.state == DONE:
            view.countdown_phase = "done"
            view.countdown_caption = t("countdown.done")
        else:
            view.countdown_phase = "last" if left <= max(countdown.cues.tick_last, 0) else "running"
            # "1:45" is minutes and seconds: "left", not "seconds left"
            view.countdown_caption = t("countdown.left" if ":" in view.countdown_text else "countdown.running")
        view.countdown_on = True     # last: shown with its own words, not the last countdown's

    def show_timer(self) -> None:
        view, timer = self.table.shell, self.timer
        left = timer.shown()
        view.timer_text = clock_text(left)
        phase = timer.state
        if phase == RUNNING and left <= max(self.table.cfg.timer.tick_last, 0):
            phase = "last"
        view.timer_phase = phase
        view.timer_caption = self.table.t(TIMER_CAPTIONS[phase])
