"""What a person can do with the physical buttons, pads or keyboard.

Hardware adapters turn edges and key presses into these; the composition root
turns them into actions.
"""
from enum import Enum


class InputEvent(str, Enum):
    ROLL = "roll"        # roll the die for the player whose turn it is
    TIMER = "timer"      # start, pause or resume the timer
    CONFIRM = "confirm"  # the game's main "done" step (end the turn, pass the Soap)
    UNDO = "undo"        # short press on UNDO
    REDO = "redo"        # long press on UNDO (held at least long_press_ms)


# The words printed on the buttons. Every text names a button by its label, in
# German too ("drücke CONFIRM"): it is the word a player finds on the table.
# Redo has no button of its own: it is "UNDO held".
LABELS = {InputEvent.ROLL: "ROLL", InputEvent.TIMER: "TIMER", InputEvent.CONFIRM: "CONFIRM", InputEvent.UNDO: "UNDO"}


# The buttons of a seat pad (hardware/pads): what each one means is the game's
# (Game.pad_buttons), the numbers are the protocol's.
MAIN, DONE, EXTRA = 1, 2, 3      # the big one; end the turn; optional third
PAD_BUTTONS = (MAIN, DONE, EXTRA)
