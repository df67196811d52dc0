"""Cellmate's hardware adapters: GPIO buttons and buzzer, and their desktop stand-ins.

Everything here turns the physical world into ``companion.inputs.InputEvent``
values and plays ``companion.cues`` patterns. The composition root only needs
``hardware.rig.open_rig``; the other modules are its parts. ``companion`` never
imports this package.
"""
