"""About and hardware: version, buttons and pins, where games are saved, config problems.

Its look is in about.kv beside this file."""
from __future__ import annotations



from companion import __version__

from .base import BaseScreen


class AboutScreen(BaseScreen):
    def refresh(self):
        app, t = self.app, self.t
        ids = self.ids
        ids.version.value = t("about.version_value", version=__version__)
        mode = app.rig_mode()
        lines = [t("about.mode_" + mode)]
        notice = getattr(app.rig, "notice", None)
        if notice:
            lines.append(t(notice))
        ids.mode.value = "\n".join(lines)
        ids.mapping.value = self.mapping()
        store = app.store
        if store.notice:
            ids.data.value = t(store.notice, **store.notice_params)
        else:
            ids.data.value = t("about.data_ok", path=str(store.path))
        path = app.config_path
        if app.config_errors:
            ids.config.value = "\n".join([t("about.config_errors", path=str(path), count=len(app.config_errors))]
                                        + [f"• {e}" for e in app.config_errors])
        elif path is None:
            ids.config.value = t("about.config_none")
        elif not path.exists():
            ids.config.value = t("about.config_missing", path=str(path))
        else:
            ids.config.value = t("about.config_ok", path=str(path))

    def mapping(self) -> str:
        app, t = self.app, self.t
        rig = app.rig
        if app.rig_mode() == "simulated" and getattr(rig, "key_help", None):
            return "\n".join(f"{t('input.' + event.value)}: {keys}" for keys, event in rig.key_help)
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
