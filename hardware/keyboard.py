"""The buttons on a keyboard: for playing off a Pi, or a Pi with a keyboard.

=============  ================
key            acts as
=============  ================
R, Space       ROLL
T              TIMER
Enter, C       CONFIRM
U, Backspace   UNDO
Y, Shift+U     UNDO held (redo)
=============  ================

Kivy key codes follow the keyboard layout (SDL keysyms), so "Y" is the key
printed Y on a German QWERTZ board too.

* A held key sends one event, like a held button: the key's auto-repeat is
  ignored until the key comes up again.
* Keys with Ctrl, Alt or Meta held are left alone (they are shortcuts).
* While a widget holds the keyboard (a focused TextInput, e.g. for a player
  name), every key is left to it: otherwise typing "r" would roll the die.
* The handler returns True only for keys it used, so other keys go on to the
  rest of the app (Escape still closes it, and so on).

Simulated seat pads (``companion run --pads N``) get keys of their own,
``PadKeys``: digits 1 to 8 (top row or keypad) press the big button (MAIN) on
that seat's pad, Shift+digit its DONE button; the same rules for held keys,
shortcuts and a focused text field.
"""
from __future__ import annotations

from typing import Callable

from companion.inputs import InputEvent

# Kivy key codes (kivy.core.window.Keyboard.keycodes); written out so that
# importing this module does not open a window.
_LETTER = {c: ord(c) for c in "rtcuy"}
SPACE, ENTER, NUMPAD_ENTER, BACKSPACE = 32, 13, 271, 8

KEYMAP: dict[int, InputEvent] = {
    _LETTER["r"]: InputEvent.ROLL,
    SPACE: InputEvent.ROLL,
    _LETTER["t"]: InputEvent.TIMER,
    ENTER: InputEvent.CONFIRM,
    NUMPAD_ENTER: InputEvent.CONFIRM,
    _LETTER["c"]: InputEvent.CONFIRM,
    _LETTER["u"]: InputEvent.UNDO,
    BACKSPACE: InputEvent.UNDO,
    _LETTER["y"]: InputEvent.REDO,
}

# For the help overlay: (what to press, what it does).
KEY_HELP: list[tuple[str, InputEvent]] = [
    ("R / Space", InputEvent.ROLL),
    ("T", InputEvent.TIMER),
    ("Enter / C", InputEvent.CONFIRM),
    ("U / Backspace", InputEvent.UNDO),
    ("Y / Shift+U", InputEvent.REDO),
]

_SHORTCUT_MODIFIERS = {"ctrl", "alt", "meta", "super"}

# Simulated seat pads: digit n is seat n's pad (0-based seat n - 1).
PAD_MAIN, PAD_DONE = 1, 2           # the pad buttons (companion.pads.MAIN, DONE)
PAD_SEATS = 8
_DIGITS = {ord("1") + i: i for i in range(PAD_SEATS)}
_KEYPAD = {257 + i: i for i in range(PAD_SEATS)}      # numpad1 .. numpad8
PAD_KEY_HELP: list[tuple[str, int]] = [("1–8", PAD_MAIN), ("Shift+1–8", PAD_DONE)]
_KEY_NAMES = ("Backspace", "Space", "Enter", "Shift")     # the keys above with a name, not a letter


def key_words(keys: str, t) -> str:
    """A help label's named keys as the table's language calls them (t: the catalogue,
    keys.name.*): "R / Space" is "R / Leertaste" in German; letters and digits stay."""
    for name in _KEY_NAMES:
        keys = keys.replace(name, t(f"keys.name.{name.lower()}"))
    return keys


def event_for(key: int, modifiers=()) -> InputEvent | None:
    """What a key press sends, or None for a key that is not ours."""
    modifiers = set(modifiers or ())
    if modifiers & _SHORTCUT_MODIFIERS:
        return None
    if key == _LETTER["u"] and "shift" in modifiers:
        return InputEvent.REDO
    return KEYMAP.get(key)


def pad_key_for(key: int, modifiers=()) -> tuple[int, int] | None:
    """(seat, button) a key presses on a simulated pad, or None: digit = MAIN, Shift+digit = DONE."""
    modifiers = set(modifiers or ())
    if modifiers & _SHORTCUT_MODIFIERS:
        return None
    seat = _DIGITS.get(key, _KEYPAD.get(key))
    if seat is None:
        return None
    return seat, PAD_DONE if "shift" in modifiers else PAD_MAIN


def text_has_focus(window) -> bool:
    """A widget holds the keyboard (a focused TextInput): keys are its own."""
    # Kivy hands a keyboard (the system one, or a virtual one) to a focused
    # widget by setting its callback and clears it on release; the target
    # is left behind, so it says nothing.
    keyboards = getattr(window, "_keyboards", None) or {}
    return any(getattr(kb, "callback", None) is not None for kb in keyboards.values())


class KeyboardInput:
    """Binds ``window.on_key_down``; ``window`` defaults to Kivy's Window."""

    def __init__(self, on_input: Callable[[InputEvent], object], window=None):
        if window is None:
            from kivy.core.window import Window  # opens the window: only when asked for

            window = Window
        self.on_input = on_input
        self.window = window  # None when Kivy has no window provider: then keys do nothing
        self._down: set[int] = set()
        if window is not None:
            window.bind(on_key_down=self._on_key_down, on_key_up=self._on_key_up)

    def _on_key_down(self, window, key, scancode=None, codepoint=None, modifiers=None, *args):
        if self._text_has_focus():
            return False
        event = event_for(key, modifiers)
        if event is None:
            return False
        if key not in self._down:  # auto-repeat of a held key: already sent
            self._down.add(key)
            self.on_input(event)
        return True

    def _on_key_up(self, window, key, *args):
        self._down.discard(key)
        return False  # others may track key-ups too

    def _text_has_focus(self) -> bool:
        return text_has_focus(self.window)

    def close(self) -> None:
        if self.window is not None:
            self.window.unbind(on_key_down=self._on_key_down, on_key_up=self._on_key_up)
            self.window = None


class PadKeys:
    """Digits press simulated seat pads: ``on_press(seat, button)`` once per
    key stroke (auto-repeat ignored). Binds ``window.on_key_down`` like
    ``KeyboardInput``; ``window`` defaults to Kivy's Window."""

    def __init__(self, on_press: Callable[[int, int], object], window=None):
        if window is None:
            from kivy.core.window import Window

            window = Window
        self.on_press = on_press
        self.window = window
        self._down: set[int] = set()
        if window is not None:
            window.bind(on_key_down=self._on_key_down, on_key_up=self._on_key_up)

    def _on_key_down(self, window, key, scancode=None, codepoint=None, modifiers=None, *args):
        if text_has_focus(self.window):
            return False
        press = pad_key_for(key, modifiers)
        if press is None:
            return False
        if key not in self._down:
            self._down.add(key)
            self.on_press(*press)
        return True

    def _on_key_up(self, window, key, *args):
        self._down.discard(key)
        return False

    def close(self) -> None:
        if self.window is not None:
            self.window.unbind(on_key_down=self._on_key_down, on_key_up=self._on_key_up)
            self.window = None
