"""The buttons on a keyboard: for playing off a Pi, or a Pi with a keyboard.

=============  ========
key            sends
=============  ========
R, Space       ROLL
T              TIMER
Enter, C       CONFIRM
U, Backspace   UNDO
Y, Shift+U     REDO
=============  ========

Kivy key codes follow the keyboard layout (SDL keysyms), so "Y" is the key
printed Y on a German QWERTZ board too.

* A held key sends one event, like a held button: the key's auto-repeat is
  ignored until the key comes up again.
* Keys with Ctrl, Alt or Meta held are left alone (they are shortcuts).
* While a widget holds the keyboard (a focused TextInput, e.g. for a player
  name), every key is left to it: otherwise typing "r" would roll the die.
* The handler returns True only for keys it used, so other keys go on to the
  rest of the app (Escape still closes it, and so on).
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


def event_for(key: int, modifiers=()) -> InputEvent | None:
    """What a key press sends, or None for a key that is not ours."""
    modifiers = set(modifiers or ())
    if modifiers & _SHORTCUT_MODIFIERS:
        return None
    if key == _LETTER["u"] and "shift" in modifiers:
        return InputEvent.REDO
    return KEYMAP.get(key)


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
        # Kivy hands a keyboard (the system one, or a virtual one) to a focused
        # widget by setting its callback and clears it on release; the target
        # is left behind, so it says nothing.
        keyboards = getattr(self.window, "_keyboards", None) or {}
        return any(getattr(kb, "callback", None) is not None for kb in keyboards.values())

    def close(self) -> None:
        if self.window is not None:
            self.window.unbind(on_key_down=self._on_key_down, on_key_up=self._on_key_up)
            self.window = None
