"""Phones at the table on the Pi (README "Phones at the table"): the QR code and the
short address a phone opens, every seat with the phone holding it, and a way to give
a waiting phone a seat or to release one. Its look is in phones.kv beside this file;
what it shows comes from the presenter, ui/phones.py (no Kivy there).

Open it with ``PhonesDialog(app.table.phones).open()``.
"""
from __future__ import annotations

from kivy.graphics.texture import Texture
from kivy.metrics import dp
from kivy.properties import StringProperty
from kivy.uix.boxlayout import BoxLayout

from ..widgets.window import Dialog

QUIET_ZONE = 4          # modules of white round the code, as the standard asks


def qr_texture(code, room: float = 0) -> Texture:
    """A segno QR code as a Kivy texture, each module a square of whole pixels as large
    as `room` allows: drawn texel for pixel, never stretched or smoothed."""
    modules = sum(1 for _ in code.matrix_iter(scale=1, border=QUIET_ZONE))
    scale = max(1, int(room // modules))
    rows = [list(row) for row in code.matrix_iter(scale=scale, border=QUIET_ZONE)]
    size = len(rows)
    pixels = bytearray()
    for row in reversed(rows):          # a texture's first row is the bottom one
        for dark in row:
            pixels += b"\x00\x00\x00\xff" if dark else b"\xff\xff\xff\xff"
    texture = Texture.create(size=(size, size), colorfmt="rgba")
    texture.mag_filter = "nearest"
    texture.min_filter = "nearest"
    texture.blit_buffer(bytes(pixels), colorfmt="rgba", bufferfmt="ubyte")
    return texture


class PhoneSeatRow(BoxLayout):
    name = StringProperty("")
    colour = StringProperty("grey")
    letter = StringProperty("")
    holder = StringProperty("")       # "Phone 2", "free", ...
    action = StringProperty("")       # the button's words ("" : no button)
    act = None                        # what the button does


class PhonesDialog(Dialog):
    address = StringProperty("")
    note = StringProperty("")         # off, failed, no game, who waits

    def __init__(self, phones, **kwargs):
        self.phones = phones
        super().__init__(**kwargs)
        self.title = phones.table.t("phones.title")
        phones.dialog = self
        self.bind(on_dismiss=self._forget)
        self.refresh()

    def _forget(self, *_):
        if self.phones.dialog is self:
            self.phones.dialog = None

    def refresh(self) -> None:
        phones, t = self.phones, self.phones.table.t
        self.title = t("phones.title")
        address = phones.address()
        if address != self.address or self.ids.qr.texture is None:      # the code only when it changed
            code = phones.qr()
            texture = qr_texture(code, dp(236)) if code is not None else None
            self.ids.qr.texture = texture
            if texture is not None:
                self.ids.qr.size = texture.size    # texel for pixel
            self.ids.qr.opacity = 1 if code is not None else 0
        self.address = address
        rows = self.ids.seats
        rows.clear_widgets()
        waiting = phones.waiting()
        for seat in phones.seats():
            row = PhoneSeatRow(name=seat["name"], colour=seat["colour"] or "grey", letter=seat["letter"])
            if seat["phone"] is not None:
                key = "phones.seat_phone" if seat["online"] else "phones.seat_offline"
                row.holder = t(key, number=seat["phone"])
                row.action = t("phones.release")
                row.act = (lambda s=seat["seat"]: self._release(s))
            else:
                row.holder = t("phones.seat_free")
                if waiting:
                    row.action = t("phones.give", number=waiting[0])
                    row.act = (lambda s=seat["seat"], n=waiting[0]: self._assign(n, s))
            rows.add_widget(row)
        if phones.server is None:
            self.note = t("phones.failed", why=phones.failure) if phones.failure else t("phones.off")
        elif phones.table.session is None:
            self.note = t("phones.no_game")
        elif waiting:
            self.note = t("phones.waiting", phones=", ".join(t("phones.seat_phone", number=n) for n in waiting))
        else:
            self.note = t("phones.none_waiting")

    def _assign(self, number: int, seat: int) -> None:
        why = self.phones.assign(number, seat)
        if why:
            self.phones.table.toast(why, "error")
        self.refresh()

    def _release(self, seat: int) -> None:
        self.phones.release(seat)
        self.refresh()
