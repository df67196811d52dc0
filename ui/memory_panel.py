"""Settings: what one game remembers across tables (Game.memory_view), generic.

The game describes its memory in words (entries that may be set or forgotten,
lists the table added to, an export file); this panel shows it and sends each
change to the game (ui/game_memory.py) and nothing else: no game is named here.
"""
from __future__ import annotations

from kivy.metrics import dp, sp
from kivy.properties import StringProperty
from kivy.uix.boxlayout import BoxLayout
from kivy.uix.label import Label

from companion.games import IllegalAction

from . import game_memory, theme
from .widgets.buttons import BigButton, FlatButton
from .widgets.looks import load_look
from .widgets.text import text_width
from .widgets.window import Dialog


class MemoryPanel(BoxLayout):
    """One game's remembered facts: set by tapping, lists to add to, an export."""
    title = StringProperty("")
    note = StringProperty("")
    export_path = StringProperty("")

    def __init__(self, table, game, **kwargs):
        super().__init__(**kwargs)
        self.table = table
        self.game = game
        self.entries: dict[str, FlatButton] = {}   # entry key -> its button
        self.items: dict[str, FlatButton] = {}     # list item value -> its button (tap removes)
        self.adders: dict[str, FlatButton] = {}    # list key -> its "add" button
        self.view = None

    def show(self) -> bool:
        """Draw the game's memory as it is now; False when the game has nothing to show."""
        table, t = self.table, self.table.t
        self.view = view = self.game.memory_view(game_memory.read(table.store, self.game), t)
        if view is None:
            return False
        self.title, self.note = view.title, view.note
        grid = self.ids.entries
        grid.clear_widgets()
        self.entries = {}
        for entry in view.entries:
            button = FlatButton(text=entry.text, font_size="24sp", tone="normal" if entry.known else "quiet")
            button.bind(on_release=lambda _b, e=entry: self.ask(e))
            grid.add_widget(button)
            self.entries[entry.key] = button
        box = self.ids.lists
        box.clear_widgets()
        self.items, self.adders = {}, {}
        for listing in view.lists:
            box.add_widget(self._list_row(listing))
        self.ids.export.opacity = 1 if view.export_name else 0
        self.ids.export.disabled = not view.export_name
        self.ids.export.text = view.export_label or t("memory.export")
        return True

    def _list_row(self, listing) -> BoxLayout:
        t = self.table.t
        row = BoxLayout(size_hint_y=None, spacing=dp(8))
        row.add_widget(Label(text=listing.label, font_size="24sp", color=theme.TEXT, size_hint_x=None,
                             width=dp(170), halign="left", valign="middle", text_size=(dp(170), None)))
        items = self._stack()
        for value, words in listing.items:
            text = f"{words}  ×"
            button = FlatButton(text=text, font_size="24sp", tone="quiet", size_hint=(None, None),
                                height=dp(theme.TOUCH), width=max(dp(120), text_width(text, sp(24)) + dp(30)))
            button.bind(on_release=lambda _b, k=listing.key, v=value: self.change(("remove", k, v)))
            items.add_widget(button)
            self.items[value] = button
        if not listing.items:
            items.add_widget(Label(text=t("memory.none"), font_size="24sp", color=theme.TEXT_DIM,
                                   size_hint=(None, None), size=(dp(120), dp(theme.TOUCH))))
        row.add_widget(items)
        add = FlatButton(text=listing.add_label, font_size="24sp", size_hint_x=None, width=dp(190),
                         disabled=not listing.can_add)
        add.bind(on_release=lambda _b, li=listing: self.ask_text(li))
        row.add_widget(add)
        self.adders[listing.key] = add
        # the stack as high as its tags: left at its default 100 px it stood 36 px above its
        # row, its tags over the die faces' buttons above and "none" floating between them
        def fit(_w, high):
            items.height = high
            row.height = max(dp(theme.TOUCH), high)
        items.bind(minimum_height=fit)
        fit(items, items.minimum_height)
        return row

    @staticmethod
    def _stack():
        from kivy.uix.stacklayout import StackLayout
        return StackLayout(spacing=dp(6), size_hint_y=None)

    # -- changes -------------------------------------------------------------------------
    def ask(self, entry):
        view = self.view
        if entry.fixed:                      # printed in the rulebook: said, not changed
            self.table.toast(view.fixed_note)
            return None
        dialog = MemoryChoiceDialog(entry.choices, lambda value: self.change(("set", entry.key, value)),
                                    lambda: self.change(("forget", entry.key)),
                                    title=entry.question or entry.text,
                                    forget_text=view.forget_label or self.table.t("memory.forget"))
        dialog.open()
        return dialog

    def ask_text(self, listing):
        dialog = MemoryTextDialog(lambda text: self.change(("add", listing.key, text)),
                                  title=listing.add_title or listing.add_label)
        dialog.open()
        return dialog

    def change(self, change: tuple) -> None:
        table = self.table
        try:
            game_memory.edit(table.store, self.game, change)
        except IllegalAction as exc:
            table.toast(table.t.error(exc), "error")
            self.show()
            return
        self.show()
        if change[0] in ("set", "forget") and change[1] in self.entries:
            table.toast(self.entries[change[1]].text)     # what it says now

    def export(self):
        table, view = self.table, self.view
        try:
            path = game_memory.export(table.store, self.game, view.export_name)
        except OSError as exc:
            text = (view.export_failed or table.t("memory.export_failed")).format(reason=exc.strerror or str(exc))
            self.export_path = text
            table.toast(text, "error")
            return None
        # the file's name, not its path: the folder is named in About, under Advanced
        text = (view.exported or table.t("memory.exported")).format(name=path.name)
        self.export_path = text
        table.toast(text)
        return path


class MemoryChoiceDialog(Dialog):
    """Which value one remembered fact has (or that it is not known)."""
    forget_text = StringProperty("")

    def __init__(self, choices, choose, forget, **kwargs):
        load_look("ui.dialogs.form_page")     # its grid is the choices' grid of every dialog (ChoiceGrid)
        super().__init__(**kwargs)
        self.buttons = []
        for value, words in choices:
            button = BigButton(text=words)
            button.value = value
            button.bind(on_release=lambda _b, v=value: (self.dismiss(), choose(v)))
            self.ids.grid.add_widget(button)
            self.buttons.append(button)
        self.ids.forget.bind(on_release=lambda _b: (self.dismiss(), forget()))


class MemoryTextDialog(Dialog):
    """A name to add to a remembered list."""

    def __init__(self, add, **kwargs):
        super().__init__(**kwargs)
        self.add = add

    def ok(self):
        name = self.ids.field.text.strip()
        if name:
            self.dismiss()
            self.add(name)
