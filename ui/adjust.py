"""The corrections a game allows (a card moved a prisoner, a gem changed hands),
kept off the game screen behind one "Adjust" button: tapping it lists them here,
and a tap on one asks its arguments like any other step.

Its look is in adjust.kv beside this file."""
from __future__ import annotations

from .widgets.buttons import BigButton
from .widgets.lists import reuse
from .widgets.window import Dialog


class AdjustDialog(Dialog):
    """Every correction the table may make now, one big button each."""

    def __init__(self, groups, words, chosen, **kwargs):
        """groups: ui.actions.ActionGroup (role ADJUST); words(group) -> its button's
        text; chosen(group): what a tap does (the screen asks the arguments)."""
        super().__init__(**kwargs)
        self.chosen = chosen
        self.buttons = {}
        for group, button in zip(groups, reuse(self.ids.choices, len(groups), BigButton)):
            button.text = words(group)
            button.group = group
            button.bind(on_release=self._tapped)
            self.buttons.setdefault(group.type, button)
            self.buttons[(group.type, group.label)] = button

    def _tapped(self, button):
        self.dismiss()
        self.chosen(button.group)
