"""Open the table's hardware, or its stand-ins: the one call the app makes.

``open_rig(config, on_input, on_cue)`` gives a ``Rig`` in one of two modes:

* "gpio": the buttons and the buzzer on the GPIO header (a Raspberry Pi, or
  any gpiozero pin factory passed in, e.g. a ``MockFactory`` in tests). The
  keyboard works as well, handy on a Pi with a keyboard plugged in.
* "simulated": no GPIO. The keyboard stands in for the buttons and the
  speakers (and the screen) for the buzzer.

With ``simulate=None`` the rig tries gpiozero's default pin factory and falls
back to "simulated" when there is none, with one clear ``notice`` saying why
instead of gpiozero's page of fallback warnings. ``simulate=True`` skips GPIO;
``simulate=False`` wants GPIO but still falls back (and says so) rather than
leave the table without controls.

Threads: ``on_input`` and ``on_cue`` always run on the Kivy main thread, on
the next frame (see ``hardware.mainthread``). ``on_cue(name)`` is called for
every cue played, in both modes and whether or not the buzzer is enabled, so
the UI can show it; a UI that only wants it off a Pi checks ``rig.mode``.
"""
from __future__ import annotations

import logging
import warnings
from pathlib import Path
from typing import Callable

from gpiozero.exc import PinPWMUnsupported

from companion.closing import Closing
from companion.config import Config
from companion.inputs import InputEvent

from .buttons import ButtonPanel
from .buzzer import CuePlayer, notes_for
from .keyboard import KEY_HELP, KeyboardInput
from .mainthread import to_main_thread
from .simbuzzer import SimulatedCuePlayer

log = logging.getLogger(__name__)

GPIO = "gpio"
SIMULATED = "simulated"

_STAND_INS = "buttons are simulated with keyboard keys and buzzer cues are shown on screen"


class Rig(Closing):
    """What ``open_rig`` opened. Close it when the app stops (or use ``with``)."""

    def __init__(self, mode, notice, buttons, cues, keyboard, on_cue, pin_factory=None, owned_factory=None):
        self.mode: str = mode
        self.pin_factory = pin_factory  # the gpiozero factory in use; None when simulated
        self.notice: str | None = notice  # shown to the user once; None when all is as asked
        self.buttons: ButtonPanel | None = buttons
        self.cues: CuePlayer | SimulatedCuePlayer = cues
        self.keyboard: KeyboardInput = keyboard
        self.key_help: list[tuple[str, InputEvent]] = list(KEY_HELP)
        self._on_cue = on_cue
        self._factory = owned_factory
        self._closed = False

    def play(self, cue_name: str) -> None:
        """Sound a cue from ``companion.cues``; returns at once. Unknown names raise ValueError."""
        notes_for(cue_name)
        if self._closed:
            return
        self.cues.play(cue_name)
        if self._on_cue is not None:
            self._on_cue(cue_name)

    def close(self) -> None:
        if self._closed:
            return
        self._closed = True
        self.keyboard.close()
        if self.buttons is not None:
            self.buttons.close()
        self.cues.close()
        if self._factory is not None:  # only a factory the rig loaded itself
            self._factory.close()


def open_rig(
    config: Config,
    on_input: Callable[[InputEvent], object],
    on_cue: Callable[[str], object] | None = None,
    simulate: bool | None = None,
    pin_factory=None,
    *,
    window=None,
    cache_dir: Path | None = None,
) -> Rig:
    """Open buttons, buzzer and keyboard for ``config``.

    ``window`` is the Kivy window for the keyboard (default: Kivy's Window);
    ``cache_dir`` is where simulated cue sounds are kept (default: the user
    cache folder).
    """
    deliver = to_main_thread(on_input)
    show = to_main_thread(on_cue) if on_cue is not None else None
    notice = None
    owned = None
    factory = None if simulate else pin_factory

    if factory is None and simulate is not True:
        factory, reason = _load_default_factory()
        owned = factory
        if factory is None:
            notice = _no_gpio_notice(reason, asked=simulate is False)

    buttons = cues = None
    if factory is not None:
        try:
            buttons = ButtonPanel(config.buttons, deliver, pin_factory=factory)
        except Exception as exc:
            notice = f"The buttons could not be opened on GPIO ({_describe(exc)}); {_STAND_INS}."
            if owned is not None:
                owned.close()
            factory = owned = None
    if factory is not None:
        try:
            cues = CuePlayer(config.buzzer, pin_factory=factory)
        except Exception as exc:
            # Keep the GPIO buttons: losing the beeps is no reason to lose the controls.
            why = _describe(exc)
            if isinstance(exc, PinPWMUnsupported):
                why = 'this pin cannot do PWM: use a PWM-capable pin such as GPIO18, or buzzer type "active"'
            notice = (
                f"The buzzer could not be opened on GPIO{config.buzzer.pin} ({why}); "
                "cues are played through the speakers and shown on screen instead."
            )
            cues = SimulatedCuePlayer(config.buzzer.enabled, cache_dir=cache_dir)
    else:
        cues = SimulatedCuePlayer(config.buzzer.enabled, cache_dir=cache_dir)

    try:
        keyboard = KeyboardInput(deliver, window)
    except BaseException:
        for part in (buttons, cues, owned):
            if part is not None:
                part.close()
        raise
    mode = GPIO if buttons is not None else SIMULATED
    if notice:
        log.warning("%s", notice)  # once, here; the UI shows rig.notice
    return Rig(mode, notice, buttons, cues, keyboard, show, pin_factory=factory, owned_factory=owned)


# gpiozero's own pin factories and mock pin classes, by the names of its entry points
# (as its package declares them). A name given in GPIOZERO_PIN_FACTORY (GPIOZERO_MOCK_PIN_CLASS) that
# is one of these is imported straight, as gpiozero itself does when no name is given:
# its search of the entry points reads every installed package's metadata (some 4.5 ms
# of a start, twice for a mock factory with its pin class named). Any other name (a
# factory another package adds) is gpiozero's to find.
_FACTORIES = {
    "lgpio": ("gpiozero.pins.lgpio", "LGPIOFactory"),
    "rpigpio": ("gpiozero.pins.rpigpio", "RPiGPIOFactory"),
    "pigpio": ("gpiozero.pins.pigpio", "PiGPIOFactory"),
    "native": ("gpiozero.pins.native", "NativeFactory"),
    "mock": ("gpiozero.pins.mock", "MockFactory"),
}
_MOCK_PINS = {"mockpin": "MockPin", "mockpwmpin": "MockPWMPin", "mockchargingpin": "MockChargingPin",
              "mocktriggerpin": "MockTriggerPin"}


def _named_factory():
    """The factory GPIOZERO_PIN_FACTORY names, made as gpiozero would make it, when it is
    one of gpiozero's own (tried as written, then in lower case, as gpiozero does); None
    for no name or another one."""
    import os
    from importlib import import_module

    name = os.environ.get("GPIOZERO_PIN_FACTORY")
    where = None if name is None else _FACTORIES.get(name) or _FACTORIES.get(name.lower())
    if where is None:
        return None
    module = import_module(where[0])
    kind = getattr(module, where[1])
    if where[0] != "gpiozero.pins.mock":
        return kind()
    pins = os.environ.get("GPIOZERO_MOCK_PIN_CLASS")
    pin_class = _MOCK_PINS.get(pins.lower()) if pins else None     # else MockFactory reads it itself
    return kind(pin_class=getattr(module, pin_class)) if pin_class else kind()


def _load_default_factory():
    """gpiozero's own choice of pin factory, or (None, why not) without its warning spam."""
    from gpiozero import Device

    # gpiozero warns once per library it tries (lgpio, RPi.GPIO, pigpio, native);
    # record them instead of printing them, and use them only to explain.
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        try:
            factory = _named_factory() or Device._default_pin_factory()
        except Exception as exc:
            return None, (exc, [str(w.message) for w in caught])
    for w in caught:  # e.g. "using the native factory": worth a log line, not a screen
        log.info("gpiozero: %s", w.message)
    return factory, None


def _no_gpio_notice(reason, asked: bool) -> str:
    exc, tried = reason
    if not is_raspberry_pi():
        what = "No GPIO found (this is not a Raspberry Pi: gpiozero could not load a pin factory)"
    else:
        details = "; ".join(tried) or _describe(exc)
        what = (
            "GPIO could not be opened on this Raspberry Pi (gpiozero: "
            f"{details}; is python3-lgpio installed and is the user in the gpio group?)"
        )
    if asked:
        what = f"GPIO was asked for, but it cannot be used. {what}"
    return f"{what}; {_STAND_INS}."


def is_raspberry_pi() -> bool:
    """True on a Raspberry Pi, by the board model the kernel reports."""
    for path, marker in (("/proc/device-tree/model", "Raspberry Pi"), ("/proc/cpuinfo", "Raspberry Pi")):
        try:
            if marker in Path(path).read_text(errors="replace"):
                return True
        except OSError:
            continue
    return False


def _describe(exc: BaseException) -> str:
    return f"{type(exc).__name__}: {exc}" if str(exc) else type(exc).__name__
