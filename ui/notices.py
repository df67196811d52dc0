"""What the banner and the toasts say, without Kivy.

The banner shows the first of the notices (catalogue key and params): the
saved games' own (the store fell back to memory, opened late, moved a broken
file aside: always first, replaced when the store's changes), a config with
problems, a rig or a voice that cannot do its part. A toast is a brief message
on the screen it was said on; the last one's words are kept (tests, the bench).

`words()` is the table's catalogue now (it follows a change of language);
`view` is what shows them: its `notice_text` is set, its `show_toast(text, kind,
seconds)` and `hide_toast()` called (ui/app.py: the app's banner property and toast widget).
"""
from __future__ import annotations

STORE_PREFIX = "store."      # the store's own notices: the catalogue keys it names
KEY_SEP = "  ·  "     # between two keys on the key line (ui/widgets/text.kv KeyHelp breaks lines only there)


def key_line(t, key_help, pads_simulated: bool) -> str:
    """The key line off a Pi: which key is which button (`key_help`: the simulated rig's
    (label, InputEvent) pairs; None on real buttons), and the simulated pads' keys."""
    from hardware.keyboard import PAD_KEY_HELP, key_words
    lines = []
    if key_help:
        keys = KEY_SEP.join(f"{key_words(label, t)}: {t('input.' + event.value)}" for label, event in key_help)
        lines.append(t("keys.help", keys=keys))
    if pads_simulated:
        keys = KEY_SEP.join(f"{key_words(label, t)}: {t(f'keys.pad_button_{button}')}"
                            for label, button in PAD_KEY_HELP)
        lines.append(t("keys.pads", keys=keys))
    return "\n".join(lines)


class Notices:
    def __init__(self, store, words, view):
        self.store = store
        self.words = words
        self.view = view
        self.items: list[tuple[str, dict]] = []     # (catalogue key, params), the first one shown
        self.last_toast = ""
        self._store_notice = None                   # the store's notice when last looked at

    def add(self, key: str, **params) -> None:
        self.items.append((key, params))
        self.show()

    def first(self, key: str, params: dict) -> None:
        """Shown before any other (an open game that could not be read)."""
        self.items.insert(0, (key, dict(params)))
        self.show()

    def once(self, key: str) -> None:
        """Said once however often it happens (a voice that failed again)."""
        if not any(k == key for k, _ in self.items):
            self.add(key)

    def dismiss(self) -> None:
        if self.items:
            self.items.pop(0)
        self.show()

    def check_store(self) -> None:
        """The store can fall back to memory mid-game, or open late; say so as soon as it does."""
        store = self.store
        current = (store.notice, tuple(sorted(store.notice_params.items())))
        if current != self._store_notice:
            self.items = [n for n in self.items if not n[0].startswith(STORE_PREFIX)]
            if store.notice:
                self.items.insert(0, (store.notice, dict(store.notice_params)))
            self.show()
        self._store_notice = current

    def show(self) -> None:
        """The first notice in the table's language on the banner (none: an empty banner)."""
        if self.items:
            key, params = self.items[0]
            self.view.notice_text = self.words()(key, **params)
        else:
            self.view.notice_text = ""

    def toast(self, text: str, kind: str = "info", seconds: float = 3.0) -> None:
        self.last_toast = text
        self.view.show_toast(text, kind, seconds)

    def hush(self) -> None:
        """The toast on show taken away (said again where the player looks: a dialog)."""
        self.view.hide_toast()
