"""Settings: language, buzzer, voice, timer, what each game remembers, and under Advanced the button debounce.

Its look is in settings.kv beside this file."""
from __future__ import annotations

from companion import games
from companion.games.memory import remembers
from companion.i18n import LANGUAGES
from companion.speech import KINDS

from .. import prefs
from ..widgets.buttons import FlatButton
from .base import BaseScreen


class SettingsScreen(BaseScreen):
    def refresh(self):
        table = self.table
        cfg = table.cfg
        ids = self.ids
        for button in self.language_buttons():
            button.tone = "selected" if button.lang == table.t.lang else "normal"
        ids.buzzer_on.tone = "selected" if table.buzzer_on else "normal"
        ids.buzzer_off.tone = "normal" if table.buzzer_on else "selected"
        voice = cfg.speech
        ids.voice_on.tone, ids.voice_off.tone = ("selected", "normal") if voice.enabled else ("normal", "selected")
        phones = cfg.phones.enabled
        ids.phones_on.tone, ids.phones_off.tone = ("selected", "normal") if phones else ("normal", "selected")
        ids.voice_volume.text = self.t("settings.voice_percent", n=voice.volume)
        ids.voice_speed.text = self.t("settings.voice_wpm", n=voice.speed)
        for kind in KINDS:
            ids["says_" + kind].tone = "selected" if kind in voice.events else "normal"
        ids.cover_on.tone, ids.cover_off.tone = ("selected", "normal") if voice.cover_noise else ("normal", "selected")
        ids.seconds.text = self.t("settings.seconds", n=cfg.timer.seconds)
        ids.tick_last.text = str(cfg.timer.tick_last)
        ids.debounce.text = self.t("settings.ms", n=cfg.buttons.debounce_ms)
        self.show_memories()

    def language_buttons(self) -> list:
        """One button for each language found (companion.i18n LANGUAGES: its locale files),
        named in its own words, in the order found; made the first time."""
        box = self.ids.languages
        if not box.children:
            for code in LANGUAGES:
                button = FlatButton(text=LANGUAGES[code])
                button.lang = code
                button.bind(on_release=lambda b: self.table.set_language(b.lang))
                box.add_widget(button)
        return list(reversed(box.children))

    def toggle_kind(self, kind: str):
        """One kind of line said aloud (companion.speech KINDS) on or off."""
        events = set(self.table.cfg.speech.events) ^ {kind}
        self.table.change_setting("speech.events", [k for k in KINDS if k in events])

    def ask_number(self, key: str, bounds: tuple[int, int], question: str):
        """A number setting tapped: the keypad, its range the screen's bounds; CONFIRM saves
        the number (the dialog closes once it is saved), Cancel leaves the setting as it was."""
        from ..dialogs.keypad import NumberDialog
        low, high = bounds
        dialog = NumberDialog(low, high, prefs.get(self.table.cfg, key),
                              lambda value: self.table.change_setting(key, value), self.table, title=self.t(question))
        dialog.open()
        return dialog

    # -- what the games remember across tables (Game.memory_view)
    def show_memories(self):
        """One panel per game that remembers something; drawn again on every visit."""
        from ..memory_panel import MemoryPanel
        box = self.ids.memories
        if not getattr(self, "memory", None):
            self.memory = {}
            for game_id, game in games.GAMES.items():
                if remembers(game) and game.memory_keys:
                    self.memory[game_id] = MemoryPanel(self.table, game)
        box.clear_widgets()
        for panel in self.memory.values():
            if panel.show():
                box.add_widget(panel)


SCREEN = SettingsScreen
