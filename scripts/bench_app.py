"""Cellmate as scripts/bench measures it: `companion run --gpio` on mock pins, plus timing hooks.

    python scripts/bench_app.py --scene dice --data-dir D --presses 500 --out result.json
    python scripts/bench_app.py --scene snitch --data-dir D --presses 500 --out result.json  # (game: Heist; dig, singsing)
    python scripts/bench_app.py --scene idle --data-dir D          # runs until killed; MARK at the first frame
    python scripts/bench_app.py --scene memory --data-dir D --out result.json
    python scripts/bench_app.py --scene sessions --data-dir D --presses 500 --out result.json   # Past games
    python scripts/bench_app.py --scene stats --data-dir D --presses 500 --out result.json      # Statistics

The app is the real one: ui.cli.main(["run", "--gpio", ...]) -> ui.start.run_app,
with gpiozero's default pin factory set to MockFactory (PWM pins, so the tonal
buzzer opens too) through gpiozero's own environment variables. So the ROLL
button is a gpiozero DigitalInputDevice on mock pin 17, debounced by hardware/buttons.py,
hopped to the main thread by hardware/mainthread.py (a free event on Kivy's
free_all clock, which wakes the main loop at once), and acted on by
CellmateApp.on_input (commit, refresh of the screen on show, cues) inside the
app's own App.run() loop, at Kivy's default 60 fps, garbage collection on.

The app has no hook for "the press is on the screen", so for the timed scenes
(the presses: dice, game, log; the taps: sessions, stats) this process adds them
from outside, without changing the app:
* CellmateApp.on_input is wrapped (before run_app hands it to the rig): when it
  returns, the state is committed and the screen's widgets are set.
* Window.flip is wrapped by FrameStamp (scripts/bench_bare.py, the same code
  that times the bare app): the measure ends when the next frame is swapped.
* Clock.schedule_once is wrapped to notice follow-up work the app's own ui code
  schedules for the next frame while it reacts (the game screen scrolls to the
  fact that just changed one frame later): the measure waits for the first frame
  drawn after that work too, so it ends at the frame that shows all of it.
* Besides the time, each press's CPU time on the main thread (time.thread_time) from
  the moment on_input is called there to the swap of the frame that shows it: the
  work a slower CPU (a Pi's) pays for in full, where waits (the frame clock, llvmpipe
  filling the frame on its own threads) cost it nothing.
In every scene CellmateApp.on_start (the app has none of its own) opens the log
where asked (what the Log button does: table.go("log")), starts the driver thread
and prints MARK with what is on the screen at the first frame; idle and memory
get nothing else.
The data dir holds the game the app reopens at start (scripts/bench.py makes it).

The browse scenes (sessions, stats) run on a data dir of thousands of finished games
and time a tap's change to the frame that shows it: the driver thread hops the change
to the main thread with Clock.schedule_once (as a touch arrives in a frame's tick),
it is made there (what the button or the finger does), and FrameStamp ends the
measure at the swap. Besides that latency ("tap to frame", which includes waiting for
the frame clock's next tick, as a touch does) each change's own cost is taken:
from the moment the change begins on the main thread to the swap of its frame ("the
redraw"), which is what must fit in a frame. Past games: the first open (from home,
where a player has spent a second finding its button: the app starts there), a
finger's drag (80 px a frame) and a jump by most of a screen within the pages read,
the next page read ("More"), and opening it again from home. Statistics: the first open
(from Past games, where a player has spent a second finding its button), a scroll, and
opening it again (back to Past games untimed, then Statistics).
"""
from __future__ import annotations

import argparse
import gc
import json
import os
import sys
import threading
import time
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path[:0] = [str(HERE.parent), str(HERE)]
os.environ.setdefault("KIVY_NO_ARGS", "1")
os.environ["GPIOZERO_PIN_FACTORY"] = "mock"            # gpiozero's default factory: MockFactory ...
os.environ["GPIOZERO_MOCK_PIN_CLASS"] = "mockpwmpin"   # ... whose pins can do PWM (the tonal buzzer)

from bench_bare import MARK, FrameStamp, press_loop, vmhwm_mib  # noqa: E402  (the bare app's own measure)

# The timed presses of each press scene, in order: (kind, the button of companion.config.Buttons,
# sent on release). In a game the press that moves it on, then UNDO (a short press, sent on
# release) back to the same step, so every press is the same step; the UNDO is not timed.
PRESSES = {
    "dice": [("roll", "roll", False)],
    "log": [("roll", "roll", False)],
    "game": [("roll", "roll", False), ("undo", "undo", True)],        # Heist: the heist step's roll
    "dig": [("roll", "roll", False), ("undo", "undo", True)],         # Dig: a turn's roll
    "snitch": [("pass", "confirm", False), ("undo", "undo", True)],   # The Snitch: CONFIRM passes the Soap
    # Sing Sing: TIMER starts the guess, CONFIRM marks it right; both taken back
    "singsing": [("timer", "timer", False), ("right", "confirm", False), ("undo", "undo", True),
                 ("undo", "undo", True)],
}
UNTIMED = ("undo",)
SCENES = (*PRESSES, "idle", "memory", "sessions", "stats")
BROWSE = ("sessions", "stats")


def _from_ui(callback) -> bool:
    """Whether a scheduled callback is Cellmate's screen code (ui/), not Kivy's or the rig's."""
    fn = getattr(callback, "__func__", callback)
    fn = getattr(fn, "func", fn)   # functools.partial
    return (getattr(fn, "__module__", None) or "").startswith("ui.")


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--scene", choices=SCENES, required=True)
    parser.add_argument("--data-dir", type=Path, required=True)
    parser.add_argument("--presses", type=int, default=0)
    parser.add_argument("--out", type=Path)
    parser.add_argument("--profile", type=Path,
                        help="a press scene: cProfile the main thread from each timed press to its swap, "
                             "the stats to this file (pstats)")
    args = parser.parse_args()
    gc.enable()   # on, as Python starts; `companion run` keeps it off until its table is up (ui/start.py _settle_heap)

    from ui import cli
    from ui.app import CellmateApp   # first: it picks Kivy's clock (hardware/mainthread.py use_waking_clock)
    from ui.table import Table

    from kivy.clock import Clock

    main_thread = threading.current_thread()
    stamp: list[FrameStamp] = []        # made once the window exists
    follow_ups: list = []               # ui callbacks scheduled for the next frame during a press
    refused: list[str] = []
    state = {"app": None}

    timed = args.scene in (*PRESSES, *BROWSE)
    cpu: dict[str, list[float]] = {}   # the main thread's CPU seconds, a press's arrival to its frame's swap
    cpu0 = [0.0]
    profile = None
    if args.profile:
        import cProfile
        profile = cProfile.Profile(time.thread_time)   # CPU time, as the figure

    once = Clock.schedule_once

    def schedule_once(callback, timeout=0):
        event = once(callback, timeout)
        if (stamp and stamp[0].pending is not None and timeout == 0
                and threading.current_thread() is main_thread and _from_ui(callback)):
            follow_ups.append(event)
        return event

    on_input = Table.on_input

    def timed_on_input(self, event):
        follow_ups.clear()
        cpu0[0] = time.thread_time()
        if profile is not None and stamp[0].kind not in UNTIMED:
            profile.enable()
        stamp[0].changed()
        outcome = on_input(self, event)
        if outcome is None or not outcome.ok:
            refused.append(f"{event.value}: {getattr(outcome, 'error', None) or 'not acted on'}")
        return outcome

    if timed:   # idle and memory run the app with no more than the on_start below
        Clock.schedule_once = schedule_once
        Table.on_input = timed_on_input   # run_app passes app.table.on_input to open_rig: this one

    def started(app):
        from kivy.core.window import Window

        state["app"] = app
        if args.scene in ("log", "memory"):
            app.table.go("log")
        Window.bind(on_flip=first_frame)
        if timed:
            stamp.append(FrameStamp(Window))
            stamp[0].ready = lambda: not any(event.is_triggered for event in follow_ups)
            timed_flip = Window.flip

            def cpu_flip():   # around FrameStamp's own: the CPU the press cost this thread, to its swap
                kind = stamp[0].pending
                timed_flip()
                if kind is not None and stamp[0].pending is None:
                    cpu.setdefault(kind, []).append(time.thread_time() - cpu0[0])
                    if profile is not None:
                        profile.disable()
            if args.scene in PRESSES:
                Window.flip = cpu_flip
            threading.Thread(target=browse if args.scene in BROWSE else drive, args=(app,), daemon=True).start()
        elif args.scene == "memory":
            threading.Thread(target=memory, args=(app,), daemon=True).start()

    CellmateApp.on_start = started

    def first_frame(*_):
        from kivy.core.window import Window
        Window.unbind(on_flip=first_frame)
        app = state["app"]
        print(MARK, json.dumps(describe(app)), flush=True)

    def describe(app) -> dict:
        session = app.table.session
        return {"screen": app.sm.current, "game": session.game.id if session else None,
                "seats": len(session.setup["players"]) if session else 0,
                "actions": session.length if session else 0,
                "countdown": app.countdown_text if app.countdown_on else None}

    def drive(app):
        factory = app.table.rig.pin_factory
        buttons = app.table.cfg.buttons
        presses = [(kind, factory.pin(getattr(buttons, button)), on_release)
                   for kind, button, on_release in PRESSES[args.scene]]
        before = describe(app)
        problems = press_loop(stamp[0], presses, args.presses)
        result = {"before": before, "after": describe(app), "problems": problems, "refused": refused[:20],
                  "refused_count": len(refused), "gc": gc.isenabled(), "vmhwm_mib": vmhwm_mib(),
                  "timed": [kind for kind, *_ in PRESSES[args.scene] if kind not in UNTIMED], "cpu": cpu,
                  **stamp[0].times}
        args.out.write_text(json.dumps(result))
        if profile is not None:
            profile.dump_stats(str(args.profile))
        Clock.schedule_once(lambda _dt: app.stop(), 0)

    def browse(app):
        """Taps on Past games or Statistics, each timed to the frame that shows it (module doc)."""
        import random

        from kivy.metrics import dp

        from bench_bare import FRAME
        from ui import theme
        s = stamp[0]
        rng = random.Random(1)
        work: dict[str, list[float]] = {}
        problems: list[str] = []

        def on_main(fn):
            done = threading.Event()
            Clock.schedule_once(lambda _dt: (fn(), done.set()), 0)
            done.wait(30)

        def tap(kind, change):
            began = []

            def run(_dt):
                follow_ups.clear()
                began.append(time.perf_counter())
                change()
                s.changed()
            s.arm(kind)
            Clock.schedule_once(run, 0)
            if not s.shown.wait(30):
                problems.append(f"{kind}: no frame showed it within 30 s")
                s.pending = None
            else:
                work.setdefault(kind, []).append(s.t0 + s.times[kind][-1] - began[0])
            time.sleep(0.04 + rng.uniform(0, 2 * FRAME))

        time.sleep(1.0)   # start-up work out of the way
        if args.scene == "sessions":
            tap("open", lambda: app.table.go("sessions"))
            screen = app.screen("sessions")
            view, rows = screen.ids.scroll, screen.ids.rows
            pages = max(1, args.presses // 5)
            for _ in range(pages):
                tap("more", screen.load_more)

            def scroll(i, step):
                room = rows.height - view.height
                span = max(1.0, room - 2 * dp(theme.TOUCH))     # never near the end: no page read here
                view.scroll_y = 1 - ((i * step) % span) / room
            for i in range(1, args.presses + 1):                # a finger dragging: 80 px a frame
                tap("drag", lambda i=i: scroll(i, dp(80)))
            for i in range(1, max(1, args.presses // 5) + 1):   # a fling: most of a screen at once
                tap("scroll", lambda i=i: scroll(i, 0.8 * view.height))
            for _ in range(max(1, args.presses // 5)):
                on_main(lambda: app.table.go("home"))
                tap("reopen", lambda: app.table.go("sessions"))
            shown = len(screen.infos)
        else:
            # reached from Past games only, where a player first finds its button (a second)
            on_main(lambda: app.table.go("sessions"))
            time.sleep(1.0)
            tap("open", lambda: app.table.go("stats"))
            screen = app.screen("stats")
            view = screen.ids.scroll
            for i in range(1, args.presses + 1):
                tap("scroll", lambda i=i: setattr(view, "scroll_y", 1 - (i * 0.37) % 1.0))
            for _ in range(max(1, args.presses // 5)):
                on_main(lambda: app.table.go("sessions"))
                tap("reopen", lambda: app.table.go("stats"))
            shown = len(screen.ids.body.children)
        result = {"before": describe(app), "problems": problems, "gc": gc.isenabled(), "work": work,
                  "shown": shown, "games": app.store.count_sessions(), **s.times}
        args.out.write_text(json.dumps(result))
        Clock.schedule_once(lambda _dt: app.stop(), 0)

    def memory(app):
        time.sleep(2.0)   # the log drawn and settled
        result = {"before": describe(app), "gc": gc.isenabled(), "vmhwm_mib": vmhwm_mib()}
        args.out.write_text(json.dumps(result))
        Clock.schedule_once(lambda _dt: app.stop(), 0)

    config = args.data_dir / "no-config.toml"   # none there: the defaults (ROLL 17, UNDO 23, debounce 30 ms)
    return cli.main(["run", "--gpio", "--quiet", "--data-dir", str(args.data_dir), "--config", str(config),
                     "--size", "800x480"])


if __name__ == "__main__":
    raise SystemExit(main())
