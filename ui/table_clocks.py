"""The clocks on the table: the turn timer and the game's own countdown.

Both are polled every frame, like a clock on the wall: the turn timer (TIMER
on a game that has one: Game.turn_timer) and the countdown a game asks for
(Game.countdown: Sing Sing's guess), whose zero becomes the game's timeout
action. What they show goes into the app's properties, which the kv files
read (timer_text, countdown_text ...).
"""
from __future__ import annotations

import math

from companion.timers import DONE, IDLE, PAUSED, RUNNING, Countdown, TimerCues

TIMER_CAPTIONS = {IDLE: "timer.idle", RUNNING: "timer.running", "last": "timer.running", PAUSED: "timer.paused",
                  DONE: "timer.done"}


def clock_text(seconds_left: int) -> str:
    return f"{seconds_left}" if seconds_left < 100 else f"{seconds_left // 60}:{seconds_left % 60:02d}"


class TableClocks:
    def __init__(self, app, clock):
        self.app = app
        self.clock = clock
        self.timer = self._new_timer()
        self.countdown: Countdown | None = None   # run for the game (game.countdown)
        self._spec: dict | None = None
        self._timeout_sent = False

    # -- the turn timer ----------------------------------------------------------------
    def _new_timer(self) -> Countdown:
        cfg = self.app.cfg.timer
        return Countdown(cfg.seconds, clock=self.clock, cues=TimerCues(tick_last=cfg.tick_last))

    def toggle_timer(self) -> None:
        cfg = self.app.cfg.timer
        stale = (self.timer.seconds, self.timer.cues.tick_last) != (cfg.seconds, cfg.tick_last)
        if self.timer.state in (IDLE, DONE) and stale:
            self.timer = self._new_timer()   # the settings changed while it ran
        self.timer.toggle()
        self.show_timer()

    def reset_timer(self) -> None:
        self.timer = self._new_timer()
        self.show_timer()

    def timer_idle(self) -> bool:
        return self.timer.state in (IDLE, DONE)

    # -- every frame -------------------------------------------------------------------
    def frame(self) -> tuple[list[str], dict | None]:
        """Poll both clocks: (cues to play, the game's timeout action once it is due)."""
        cues = list(self.timer.poll())
        self.show_timer()
        timeout = None
        countdown = self.countdown
        if countdown is not None:
            cues += countdown.poll()
            if countdown.state == DONE and not self._timeout_sent and self.app.session is not None:
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
        self.show_countdown()

    # -- what the screen shows ------------------------------------------------------------
    def show_countdown(self) -> None:
        app, countdown = self.app, self.countdown
        if countdown is None:
            app.countdown_on = False
            app.countdown_text = ""
            return
        left = math.ceil(countdown.remaining() - 1e-9)
        app.countdown_on = True
        app.countdown_text = clock_text(left)
        if countdown.state == DONE:
            app.countdown_phase = "done"
            app.countdown_caption = app.t("countdown.done")
        else:
            app.countdown_phase = "last" if left <= max(countdown.cues.tick_last, 0) else "running"
            app.countdown_caption = app.t("countdown.running")

    def show_timer(self) -> None:
        app, timer = self.app, self.timer
        left = math.ceil(timer.remaining() - 1e-9)
        app.timer_text = clock_text(left)
        phase = timer.state
        if phase == RUNNING and left <= max(app.cfg.timer.tick_last, 0):
            phase = "last"
        app.timer_phase = phase
        app.timer_caption = app.t(TIMER_CAPTIONS[phase])
