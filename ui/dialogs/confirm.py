"""The one question the app asks before it does something that cannot be undone.
Its look is in confirm.kv beside this file.
"""
from __future__ import annotations

from kivy.properties import StringProperty

from ..widgets.window import Dialog


class ConfirmDialog(Dialog):
    """The one question the app asks before it does something that cannot be undone."""
    confirm_text = StringProperty("")
    action = None

    def confirm(self):
        self.dismiss()
        if self.action:
            self.action()
