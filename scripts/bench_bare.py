"""The bare Kivy app scripts/bench measures Cellmate against (no Cellmate code here).

One Label in an 800x480 window and one gpiozero DigitalInputDevice (pull-up,
as Cellmate opens its buttons: no hold thread) on a MockFactory pin
(BCM 17, like Cellmate's ROLL). Its ``when_activated`` runs on gpiozero's
thread, hops to the Kivy main thread with ``Clock.schedule_once`` and sets the
label's text there: the least a Kivy app can do to show a button press.

With ``--waking-clock`` it hops as Cellmate does (hardware/mainthread.py): on
Kivy's ``free_all`` clock with ``Clock.schedule_once_free``, which wakes the
sleeping main loop at once instead of waiting for the next frame's tick. Without
it, it is a Kivy app as Kivy comes: the default clock and ``Clock.schedule_once``.
With ``--countdown`` its label counts down from 2:00 once a second, as big as
Cellmate's guess clock: the least a Kivy app can do to show Sing Sing's countdown
(the idle CPU beside Cellmate's countdown).

    python scripts/bench_bare.py                   # run until killed (idle CPU); prints MARK at the first frame
    python scripts/bench_bare.py --first-frame     # print MARK at the first frame and quit (cold start)
    python scripts/bench_bare.py --presses 500 --out result.json
    python scripts/bench_bare.py --waking-clock --presses 500 --out result.json
    python scripts/bench_bare.py --countdown                 # run until killed, counting down (idle CPU)

The press measure (``FrameStamp`` and ``press_loop``) is shared: scripts/bench_app.py
imports them from here, so Cellmate is timed by the very same code.
Run it through scripts/bench, which sets up a headless display and a throw-away KIVY_HOME.
"""
from __future__ import annotations

import argparse
import gc
import json
import os
import random
import threading
import time
from pathlib import Path

MARK = "CELLMATE-FIRST-FRAME"  # the same line Cellmate prints at its first frame (ui/start.py BENCH_MARK)
FRAME = 1 / 60                 # Kivy's default maxfps; neither app changes it
ROLL_PIN = 17
COUNTDOWN_FONT = 180           # px: Cellmate's guess clock draws its digits this big at 800x480


def vmhwm_mib(pid: int | str = "self") -> float:
    """Peak resident memory (VmHWM) of a process, MiB."""
    for line in Path(f"/proc/{pid}/status").read_text().splitlines():
        if line.startswith("VmHWM:"):
            return int(line.split()[1]) / 1024
    return float("nan")


def render_each_frame(window) -> None:
    """On SDL's offscreen driver a swap flushes nothing: llvmpipe keeps a frame's
    commands undrawn until something forces them (a texture upload, a read of the
    pixels), so a frame could be "swapped" without ever being rendered. Cellmate
    offscreen therefore finishes each frame before its swap (ui/app.py
    _frame_done), and the bare app does the same: both pay for the frame they
    show, as on a real display."""
    if os.environ.get("SDL_VIDEODRIVER") == "offscreen":
        from kivy.graphics.opengl import glFinish
        window.bind(on_flip=lambda *_: glFinish())


class FrameStamp:
    """Times a pin edge to the frame that shows what it changed.

    The driver thread calls ``arm(kind)`` just before it drives the pin, the app
    calls ``changed()`` on the main thread once the press has changed what is on
    the screen (widget properties set), and the first buffer swap after that
    ends the measure.

    Why the swap: Kivy's frame is EventLoop.idle(): Clock.tick() (where the hop
    lands and the change is made), then Clock.tick_draw() (label textures and
    layouts are redone), then on_draw (the GL commands) and on_flip, whose
    default handler calls Window.flip() (SDL_GL_SwapWindow). A handler bound to
    on_flip runs *before* that default handler, i.e. before the swap, so it would
    stop the clock a little early. Instead Window.flip itself is wrapped, and the
    time is taken when the swap has returned: the frame is then handed to the
    display, and rendered (see ``render_each_frame``). A change made in Clock.tick
    is always in the next drawn frame, since nothing is drawn between the two.
    """

    def __init__(self, window):
        self.kind = ""                     # the press under way
        self.pending: str | None = None    # the kind of press whose change is waiting for a frame
        self.t0 = 0.0
        self.times: dict[str, list[float]] = {}
        self.shown = threading.Event()
        self.ready = lambda: True          # an app may add: and its deferred follow-ups have run
        flip = window.flip

        def timed_flip():
            flip()
            if self.pending is not None and self.ready():
                self.times.setdefault(self.pending, []).append(time.perf_counter() - self.t0)
                self.pending = None
                self.shown.set()

        window.flip = timed_flip   # an instance attribute: WindowBase.on_flip calls self.flip()

    def arm(self, kind: str) -> None:
        self.shown.clear()
        self.kind = kind
        self.t0 = time.perf_counter()

    def changed(self) -> None:
        self.pending = self.kind


def press_loop(stamp: FrameStamp, presses, count: int, *, settle: float = 1.0, hold: float = 0.04,
               gap: float = 0.04, timeout: float = 5.0, seed: int = 1) -> list[str]:
    """The driver thread: `count` rounds of `presses` [(kind, pin, sent_on_release), ...] in order.

    A press drives the mock pin low and waits for the frame that shows it, holds
    the button down at least `hold` s (a short tap) and lets go; a button whose
    event is sent on release (Cellmate's UNDO) is let go first. Then it waits `gap`
    s plus a random part of two frames, so presses land at every phase of the
    60 fps frame clock instead of in step with it (Cellmate's 30 ms debounce
    lockout is over by then; it takes the first edge of a press at once).
    Returns the problems seen."""
    rng = random.Random(seed)
    problems: list[str] = []
    time.sleep(settle)   # start-up work (first layouts, texture caches) out of the way
    for i in range(count):
        for kind, pin, on_release in presses:
            stamp.arm(kind)
            pin.drive_low()
            if on_release:
                time.sleep(hold)
                pin.drive_high()
            if not stamp.shown.wait(timeout):
                problems.append(f"press {i} ({kind}): no frame showed it within {timeout:.0f} s")
                stamp.pending = None
            if not on_release:
                left = hold - (time.perf_counter() - stamp.t0)
                if left > 0:
                    time.sleep(left)
                pin.drive_high()
            time.sleep(gap + rng.uniform(0, 2 * FRAME))
    return problems


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--first-frame", action="store_true", help="quit at the first frame")
    parser.add_argument("--presses", type=int, default=0)
    parser.add_argument("--out", type=Path)
    parser.add_argument("--waking-clock", action="store_true",
                        help="Kivy's free_all clock and Clock.schedule_once_free, as Cellmate hops")
    parser.add_argument("--countdown", action="store_true",
                        help="count down from 2:00 once a second, as big as Cellmate's guess clock")
    args = parser.parse_args()
    gc.enable()   # garbage collection on, as in any app (it is on by default; said here so nobody wonders)

    from kivy.config import Config
    if args.waking_clock:   # before kivy.clock is imported: Kivy picks its clock then
        Config.set("kivy", "kivy_clock", "free_all")
    Config.set("graphics", "width", "800")
    Config.set("graphics", "height", "480")
    Config.set("graphics", "multisamples", "0")   # as Cellmate draws (ui/start.py configure_kivy): like for like
    from gpiozero import Device, DigitalInputDevice
    from gpiozero.pins.mock import MockFactory
    from kivy.app import App
    from kivy.clock import Clock
    from kivy.core.window import Window
    from kivy.uix.label import Label

    factory = MockFactory()
    Device.pin_factory = factory

    class Bare(App):
        def build(self):
            self.count = 0
            self.renderer = "?"
            self.stamp = FrameStamp(Window)
            # as Cellmate's buttons (hardware/buttons.py): like for like
            self.button = DigitalInputDevice(ROLL_PIN, pull_up=True, bounce_time=None, pin_factory=factory)
            hop = Clock.schedule_once_free if args.waking_clock else Clock.schedule_once
            self.button.when_activated = lambda: hop(self.pressed, 0)   # on gpiozero's thread
            self.label = Label(text="Hello world", font_size="40sp")
            Window.bind(on_flip=self.first_frame)
            # bound later, so called sooner (Kivy calls the newest handler first): as in
            # Cellmate, the first-frame mark comes once the frame is rendered
            render_each_frame(Window)
            if args.countdown:
                self.left = 120
                self.label.font_size = COUNTDOWN_FONT
                self.label.text = "2:00"
                Clock.schedule_interval(self.tick, 1)
            return self.label

        def tick(self, _dt):   # once a second, as a guess clock shows its seconds
            self.left = max(0, self.left - 1)
            self.label.text = f"{self.left // 60}:{self.left % 60:02d}"

        def pressed(self, _dt):   # the Kivy main thread
            self.count += 1
            self.label.text = f"{self.count} presses"
            self.stamp.changed()

        def first_frame(self, *_):
            Window.unbind(on_flip=self.first_frame)
            print(MARK, flush=True)
            if args.first_frame:
                self.stop()
                return
            from kivy.graphics.opengl import GL_RENDERER, glGetString
            self.renderer = glGetString(GL_RENDERER).decode(errors="replace")   # what draws the frames

        def on_start(self):
            if args.presses:
                threading.Thread(target=self.drive, daemon=True).start()

        def drive(self):
            pin = factory.pin(ROLL_PIN)
            problems = press_loop(self.stamp, [("press", pin, False)], args.presses)
            result = {"press": self.stamp.times.get("press", []), "count": self.count, "problems": problems,
                      "gc": gc.isenabled(), "vmhwm_mib": vmhwm_mib(), "renderer": self.renderer,
                      "clock": Clock.__class__.__name__}
            args.out.write_text(json.dumps(result))
            Clock.schedule_once(lambda _dt: self.stop(), 0)

    Bare().run()
    factory.close()
    return 0


if __name__ == "__main__":
    os.environ.setdefault("KIVY_NO_ARGS", "1")
    raise SystemExit(main())
