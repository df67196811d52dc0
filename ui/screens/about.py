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
        table, t = self.table, self.t
        ids = self.ids
        ids.version.value = t("about.version_value", version=__version__)
        ids.mode.value = t("about.mode_" + table.rig_mode())
        ids.mapping.value = self.mapping()
        store = table.store
        ids.data.value = t(store.notice, **store.notice_params) if store.notice else t("about.data_ok")
        path = table.config_path
        if table.config_errors:
            ids.config.value = t("about.config_errors", count=len(table.config_errors))
        elif path is None:
            ids.config.value = t("about.config_none")
        elif not path.exists():
            ids.config.value = t("about.config_missing")
        else:
            ids.config.value = t("about.config_ok")
        self.advanced()

    def advanced(self):
        """The technical part: where the files are, the config's problems by key, the hardware's own words."""
        table, t, ids = self.table, self.t, self.ids
        store = table.store
        files = [t(key, **{name: store.notice_params[name]}) for name, key in PATH_PARAMS.items()
                 if name in store.notice_params]
        if store.path is not None and "path" not in store.notice_params:
            files.insert(0, t("advanced.file", path=str(store.path)))
        if store.path is None:
            files.append(t("advanced.in_memory"))
        ids.adv_data.value = "\n".join(files)
        path = table.config_path
        ids.adv_config.value = "\n".join(([t("advanced.file", path=str(path))] if path is not None else [])
                                         + [f"• {e}" for e in table.config_errors])
        said = [table.rig.notice] if getattr(table.rig, "notice", None) else []
        if table.seat_pads.failure:
            said.append(t("advanced.pads", reason=table.seat_pads.failure))
        if table.speaker is not None and table.speaker.config.enabled and table.speaker.problem:
            said.append(t("advanced.voice_problem", reason=table.speaker.problem))
        ids.adv_hardware.value = "\n".join(said)

    def mapping(self) -> str:
        table, t = self.table, self.t
        rig = table.rig
        if table.rig_mode() == "simulated" and getattr(rig, "key_help", None):
            from hardware.keyboard import key_words
            return "\n".join(f"{t('input.' + event.value)}: {key_words(keys, t)}" for keys, event in rig.key_help)
        buttons = table.cfg.buttons
        lines = []
        for name in ("roll", "timer", "confirm", "undo"):
            pin = getattr(buttons, name)
            where = t("about.pin", pin=pin) if pin is not None else t("about.pin_none")
            lines.append(f"{t('input.' + name)}: {where}")
        lines.append(t("about.redo_long", ms=buttons.long_press_ms))
        buzzer = table.cfg.buzzer
        where = t("about.pin", pin=buzzer.pin) if buzzer.pin is not None else t("about.pin_none")
        lines.append(f"{t('about.buzzer')}: {where} ({buzzer.type})")
        return "\n".join(lines)


SCREEN = AboutScreen
