"""Settings changed on the settings screen, layered over the config file, and a
change taking effect at the table (change).

The store keeps them (store.get_setting / set_setting) under the config's own
dotted names, and each value passes the config's own check, so a bad value in
the database is ignored like a bad key in the file. No Kivy here.
"""
from __future__ import annotations

from dataclasses import replace

from companion.config import CHECKS, Config

# What the settings screen may change, and the bounds its keypad takes.
KEYS = ("language", "buzzer.enabled", "timer.seconds", "timer.tick_last", "buttons.debounce_ms", "speech.enabled",
        "speech.volume", "speech.speed", "speech.events", "speech.cover_noise", "phones.enabled")
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


# -- a change made at the table (ui/table.py Table.change_setting) ------------------------
def change(table, key: str, value) -> str | None:
    """Save one setting and let it take effect at once where it can: the buzzer, the
    voice, an idle timer's length, every word the table shows (the language). Returns
    None once it is saved (committed to the store), else the words why not."""
    from companion.i18n import Catalogue
    from companion.store import StoreError

    try:
        table.store.set_setting(key, value)
    except StoreError as exc:       # not saved: not changed either, and said so
        table.notices.check_store()
        table.toast(table.t.error(exc), "error")
        return table.t.error(exc)
    table.cfg = with_value(table.cfg, key, value)
    if key == "buzzer.enabled":
        table.buzzer_on = bool(value)
    elif key.startswith("speech."):
        _voice_settings(table)
    elif key.startswith("timer.") and table.clocks.timer_idle():
        table.reset_timer()
    elif key == "language":
        table.t = Catalogue(value)
        table.shell.lang = table.t.lang
        table.shell.title = table.t("app.title")
        table.notices.show()
        table.show_key_help()
        table.clocks.show_timer()
        table.clocks.show_countdown()
        _voice_settings(table)
    # buttons.debounce_ms reaches the rig on the next start (the settings screen says so);
    # phones.enabled starts or stops their server at once (ui/phones.py, on the refresh)
    table.refresh()
    return None


def _voice_settings(table) -> None:
    """The voice follows the settings (and the language); one that cannot speak says so once."""
    if table.speaker is not None:
        table.speaker.configure(table.cfg.speech, table.t.lang)
        if table.cfg.speech.enabled and table.speaker.problem:
            table.voice_failed(table.speaker.problem)
        table.cover()
