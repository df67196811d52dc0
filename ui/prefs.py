"""Settings changed on the settings screen, layered over the config file.

The store keeps them (store.get_setting / set_setting) under the config's own
dotted names, and each value passes the config's own check, so a bad value in
the database is ignored like a bad key in the file. No Kivy here.
"""
from __future__ import annotations

from dataclasses import replace

from companion.config import CHECKS, Config

# What the settings screen may change, and the bounds its keypad takes.
KEYS = ("language", "buzzer.enabled", "timer.seconds", "timer.tick_last", "buttons.debounce_ms", "speech.enabled",
        "speech.volume", "speech.speed", "speech.events", "speech.cover_noise")
TIMER_SECONDS = (5, 600)
TICK_LAST = (0, 10)
DEBOUNCE_MS = (5, 200)
VOICE_VOLUME = (0, 100)
VOICE_SPEED = (80, 300)


def get(config: Config, key: str):
    if "." in key:
        section, name = key.split(".", 1)
        return getattr(getattr(config, section), name)
    return getattr(config, key)


def with_value(config: Config, key: str, value) -> Config:
    checked, reason = CHECKS[key](value)
    if reason:
        raise ValueError(f"{key}: {reason}")
    if "." in key:
        section, name = key.split(".", 1)
        return replace(config, **{section: replace(getattr(config, section), **{name: checked})})
    return replace(config, **{key: checked})


def layered(config: Config, store) -> Config:
    """The config with every valid stored setting on top."""
    for key in KEYS:
        value = store.get_setting(key)
        if value is None:
            continue
        try:
            config = with_value(config, key, value)
        except ValueError:
            continue  # a stale or hand-edited value: the file's value stands
    return config
