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
