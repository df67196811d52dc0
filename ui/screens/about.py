"""About and hardware: version, buttons, whether saving works and the config is
read; below "Advanced", for whoever set the box up, the file paths, the config's
problems by key and what the hardware said. Paths and such stay out of the
upper part: a player cannot act on them.

Its look is in about.kv beside this file."""
from __future__ import annotations

from companion import __version__
from companion.store import PATH_PARAMS

from .base import BaseScreen


class AboutScreen(BaseScreen):
    def refresh(self):
        app, t = self.app, self.t
        ids = self.ids
        ids.version.value = t("about.version_value", version=__version__)
        ids.mode.value = t("about.mode_" + app.rig_mode())
        ids.mapping.value = self.mapping()
        store = app.store
        ids.data.value = t(store.notice, **store.notice_params) if store.notice else t("about.data_ok")
        path = app.config_path
        if app.config_errors:
            ids.config.value = t("about.config_errors", count=len(app.config_errors))
        elif path is None:
            ids.config.value = t("about.config_none")
        elif not path.exists():
            ids.config.value = t("about.config_missing")
        else:
            ids.config.value = t("about.config_ok")
        self.advanced()

    def advanced(self):
        """The technical part: where the files are, the config's problems by key, the hardware's own words."""
        app, t, ids = self.app, self.t, self.ids
        store = app.store
        files = [t(key, **{name: store.notice_params[name]}) for name, key in PATH_PARAMS.items()
                 if name in store.notice_params]
        if store.path is not None and "path" not in store.notice_params:
            files.insert(0, t("advanced.file", path=str(store.path)))
        if store.path is None:
            files.append(t("advanced.in_memory"))
        ids.adv_data.value = "\n".join(files)
        path = app.config_path
        ids.adv_config.value = "\n".join(([t("advanced.file", path=str(path))] if path is not None else [])
                                         + [f"• {e}" for e in app.config_errors])
        said = [app.rig.notice] if getattr(app.rig, "notice", None) else []
        if app.seat_pads.failure:
            said.append(t("advanced.pads", reason=app.seat_pads.failure))
        if app.speaker is not None and app.speaker.config.enabled and app.speaker.problem:
            said.append(t("advanced.voice_problem", reason=app.speaker.problem))
        ids.adv_hardware.value = "\n".join(said)

    def mapping(self) -> str:
        app, t = self.app, self.t
        rig = app.rig
        if app.rig_mode() == "simulated" and getattr(rig, "key_help", None):
            from hardware.keyboard import key_words
            return "\n".join(f"{t('input.' + event.value)}: {key_words(keys, t)}" for keys, event in rig.key_help)
        buttons = app.cfg.buttons
        lines = []
        for name in ("roll", "timer", "confirm", "undo"):
            pin = getattr(buttons, name)
            where = t("about.pin", pin=pin) if pin is not None else t("about.pin_none")
            lines.append(f"{t('input.' + name)}: {where}")
        lines.append(t("about.redo_long", ms=buttons.long_press_ms))
        buzzer = app.cfg.buzzer
        where = t("about.pin", pin=buzzer.pin) if buzzer.pin is not None else t("about.pin_none")
        lines.append(f"{t('about.buzzer')}: {where} ({buzzer.type})")
        return "\n".join(lines)


SCREEN = AboutScreen
