"""Cellmate's pure core: rules as data, the session log, dice, timers, texts.

Nothing here imports Kivy, gpiozero, pyserial, ``hardware`` or ``ui``.
"""

__version__ = "0.1.0"
