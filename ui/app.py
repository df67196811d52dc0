"""The composition root: config, store, rig and screens are wired here and only here.

CellmateApp is the shell: it builds the screens, holds the properties the kv
files read (the language, the clocks, the banner, the key line), and stops
everything at the end. What happens at the table (a game started, resumed,
played, undone; inputs, votes, cues, the voice, settings, notices) is the
table's, ui/table.py, which has no Kivy in it: the screens and the kv files
call `table` (every screen has it), and the table calls back for what only the
screens can do (show one, redraw it, a toast, the tour).

Starting it (`run_app`, what `companion run` calls; `build_app` for the tests)
lives in ui/start.py.
"""
from __future__ import annotations

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

from companion import config as config_file  # noqa: E402
from companion.store import Store  # noqa: E402
from companion.timers import IDLE  # noqa: E402

from . import prefs  # noqa: E402
from .phones import Phones  # noqa: E402
from .table import Table  # noqa: E402

STORE_RETRY_SECONDS = 1.0          # a store locked at start is tried again this often


def load_kv() -> None:
    """The shared widget looks, once per process. A screen's own file is loaded when
    the screen is first made (CellmateApp.screen), a dialog's when the first one
    opens: a start reads only what it shows."""
    from .widgets.looks import load_start_looks

    load_start_looks()     # the others with what needs them (ui/widgets/looks.py)


# -- the app ---------------------------------------------------------------------
class CellmateApp(App):
    """The screens and what the kv files read; the table (ui/table.py) does the rest."""
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
                 config_errors=(), clock=time.monotonic, rng=None, speaker=None, **kwargs):
        super().__init__(**kwargs)
        self.store = store
        self.sm = None                                # the ScreenManager, made by build()
        self._store_retry = None
        self.closed = False
        self.table = Table(self, store, prefs.layered(config, store), clock=clock, rng=rng,
                           config_path=Path(config_path) if config_path else None, config_errors=config_errors,
                           on_main=_on_main)
        if rig is not None:
            self.table.attach_rig(rig)
        if speaker is not None:
            self.table.attach_speaker(speaker)
        self.table.phones = Phones(self.table)   # [phones] on: started after the first frame (ui/start.py)

    def tr(self, key: str, *_lang, **params) -> str:
        """For kv: `app.tr('key', app.lang)` re-runs when the language changes."""
        return self.table.t(key, **params)

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
        self.title = self.table.t("app.title")
        root = Root()
        root.ids.banner.table = self.table      # its OK dismisses the notice
        root.size = Window.size     # as the window sizes it: the first screen is made at its own size
        lay_out(root)
        self.sm = root.ids.sm
        self.sm.transition = CutTransition()  # the next frame shows the new screen alone
        self.root = root
        if self.store.waiting is not None:  # locked by another program: open it once it is free
            self._store_retry = Clock.schedule_interval(self.table.retry_store, STORE_RETRY_SECONDS)
        self.table.start()
        return root

    def on_stop(self):
        self.shutdown()

    def shutdown(self) -> None:
        """Stop the clocks, release the rig and the database (once)."""
        if self.closed:
            return
        self.closed = True
        if "kivy.core.window" in sys.modules:
            from kivy.core.window import Window
            Window.unbind(on_flip=_frame_done)
        if self._store_retry is not None:
            self._store_retry.cancel()
        self.table.phones.close()
        self.table.close()
        self.store.close()

    # -- what the table asks of the screens (ui/table.py `shell`) ------------------------
    def current(self) -> str | None:
        """The name of the screen on show (None before build)."""
        return self.sm.current if self.sm is not None else None

    def show(self, name: str) -> None:
        self.screen(name)           # made when first shown
        self.root.ids.toast.hide()  # a brief message belongs to the screen it was said on
        self.sm.current = name      # its on_pre_enter refreshes it
        self.table.phones.changed()  # the phones see what the table shows (nothing sent when off)

    def redraw(self) -> None:
        self.sm.current_screen.refresh()
        self.table.phones.changed()

    def made(self, name: str) -> bool:
        return self.sm is not None and self.sm.has_screen(name)

    def screen(self, name: str):
        """The screen called `name`, made (and its kv file read) the first time it is asked for."""
        if not self.sm.has_screen(name):
            from .screens import NAMES, load
            if name not in NAMES:
                raise ValueError(f"no screen called {name!r}")
            screen = load(name)(name=name, table=self.table, size=self.sm.size)
            lay_out(screen)             # before the first shown refreshes: its rows fit their room
            self.sm.add_widget(screen)
        return self.sm.get_screen(name)

    def show_toast(self, text: str, kind: str = "info", seconds: float = 3.0) -> None:
        if self.root is not None:
            self.root.ids.toast.show(text, kind, seconds)

    def hide_toast(self) -> None:
        if self.root is not None:
            self.root.ids.toast.hide()

    def flash(self, text: str, seconds: float) -> None:
        """The buzzer's stand-in off a Pi: its cue on the badge."""
        if self.root is not None:
            self.root.ids.badge.flash(text, seconds)

    def open_tour(self, steps, done):
        from .dialogs.help import TourDialog

        tour = TourDialog(steps, self.table.t, done=done, find=lambda name: self.sm.current_screen.ids.get(name))
        tour.open()
        return tour


def lay_out(widget) -> None:
    """Lay out a tree just made, each layout before what it holds, so that each is placed
    at its own size the first time. Left to Kivy's triggers, the innermost layouts run
    first, at the size every widget is made with, and again as each box around them
    takes its size: a start's first frame laid out some 220 boxes, 80 now. The same
    layout as the triggers make; later ones (a text's size once drawn) move only what
    they change. A RecycleView lays out its own rows."""
    import sys
    from kivy.uix.layout import Layout
    # none made yet, none in the tree: not imported for this (RecycleView is loaded after the first frame)
    recycle = getattr(sys.modules.get("kivy.uix.recyclelayout"), "RecycleLayout", ())

    for each in widget.walk(restrict=True):
        if isinstance(each, Layout) and not isinstance(each, recycle):   # (its view lays it out)
            each.do_layout()


def _on_main(fn) -> None:
    """A worker thread's result (Past games' and Statistics' reading) onto the main thread."""
    from hardware.mainthread import to_main_thread
    to_main_thread(fn)()


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
