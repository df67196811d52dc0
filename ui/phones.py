"""Phones at the table, wired into it (README "Phones at the table"); no Kivy here.

When [phones] is on, the table runs the phones' server (hardware.phones: aiohttp on
a thread of its own). A phone's tap, vote or form reaches the table on the Kivy
thread (``on_main``) and goes the seat pads' way: companion.phones.phone_actions
says what it means, a press goes through the pads' table (ui/seat_pads.py,
companion.pads.PadTable) and the table performs it (ui/table.py perform_all);
the phone is answered once the step is committed. After every change shown on
the table (``changed``, from the shell's redraw), each seat held by a phone gets
companion.phones.seat_view for that seat and nothing else, made right after the
frame that shows the change (a hop on Kivy's clock): the table's frame never waits
for the phones' views.

The join key is new with every game: the first game opened after the server
starts keeps the key the phones scanned; every later one draws a new key and sends
the phones away to scan it again.
"""
from __future__ import annotations

import logging

log = logging.getLogger(__name__)

PAGE_WORDS = ("title", "connecting", "reconnecting", "choose_seat", "held", "wait_assign", "no_game", "you",
              "table", "private", "news", "vote", "voted", "waiting_for", "countdown", "scan_again")
REFUSALS = ("old_code", "full", "has_seat", "no_seat", "seat_held", "gone", "slow_down", "not_text", "too_big",
            "not_json", "unknown_type", "bad_field", "hello_first", "no_seat_yet", "failed", "no_game", "busy",
            "rules")
BYES = ("new_game", "stopped", "elsewhere")


def ack() -> dict:
    return {"type": "ack"}


def where(exc: BaseException) -> str:
    """An error for the log without its message (a phone's vote, a bar taken may be in it):
    its type and where it was raised."""
    import traceback
    frames = traceback.extract_tb(exc.__traceback__)
    at = f" at {frames[-1].filename}:{frames[-1].lineno} ({frames[-1].name})" if frames else ""
    return type(exc).__name__ + at


class Phones:
    def __init__(self, table, on_main=None, server_factory=None, address=None):
        self.table = table              # ui/table.py: its cfg, session, t, pad_table, perform_all
        self._on_main = on_main         # fn -> a wrapper running fn on the Kivy thread (hardware.mainthread)
        self._factory = server_factory  # for tests: (port, act, notify, **options) -> a started server
        self._address = address         # for tests: the host shown in the address
        self.server = None
        self.failure = ""               # why the server could not start (the dialog says it)
        self.game = None                # the session id the join key is for (None: the next one opened)
        self._shown = None              # what the phones were last sent (a signature)
        self._lang = None               # the language the server's words are in
        self._publishing = False        # a publication waits for the frame being drawn
        self._wanted = self.enabled     # [phones] enabled as last seen: a change switches at once
        self.dialog = None              # the Phones dialog while it is open (ui/dialogs/phones.py)
        self._offered: set = set()      # the games whose code the table showed by itself (offer)
        self.options: dict = {}         # PhoneServer's options for every start (tests: host="127.0.0.1")

    # -- switching on and off ---------------------------------------------------------------
    @property
    def enabled(self) -> bool:
        return bool(self.table.cfg.phones.enabled)

    def open(self, **options):
        """Start the server when [phones] is on. Returns it (None: off or failed)."""
        if self.server is not None or not self.enabled:
            return self.server
        factory = self._factory
        if factory is None:
            from hardware.phones.server import PhoneServer

            def factory(port, act, notify, **kw):
                return PhoneServer(port, act, notify, **kw).start()
        try:
            self.server = factory(self.table.cfg.phones.port, self._act, self._notify,
                                  words=self.words(), lang=self.table.t.lang, **{**self.options, **options})
        except Exception as exc:        # the port taken, no network: the table plays on without phones
            log.warning("the phones' server could not start: %s", exc)
            self.failure = str(exc) or type(exc).__name__
            self._refresh_dialog()
            return None
        self.failure = ""
        self._lang = self.table.t.lang
        self.game = self.table.session.id if self.table.session is not None else None
        self._shown = None
        self.changed()
        return self.server

    def close(self) -> None:
        server, self.server = self.server, None
        if server is not None:
            server.stop()
        self._refresh_dialog()

    def switch(self, on: bool) -> None:
        """Settings' switch (once saved in the config the table reads): start or stop at once."""
        if on:
            self.open()
        else:
            self.close()

    # -- what the Pi's dialog shows ------------------------------------------------------------
    def address(self) -> str:
        """http://<the Pi's address on the local network>:<port>/<join key> (empty when off)."""
        server = self.server
        if server is None:
            return ""
        host = self._address or (server.host if server.host not in ("0.0.0.0", "::", "") else None)
        if host is None:
            from hardware.phones.server import lan_address
            host = lan_address()
        return f"http://{host}:{server.port}/{server.registry.join_key}"

    def qr(self):
        """The address as a QR code (segno), or None when off."""
        address = self.address()
        if not address:
            return None
        import segno
        return segno.make_qr(address, error="m")     # a full QR code (a micro one no phone camera reads)

    def seats(self) -> list[dict]:
        """Every seat of the open game: its player and the phone holding it (number, online)."""
        session = self.table.session
        if session is None:
            return []
        seated = self.server.registry.seated() if self.server is not None else {}
        rows = []
        for seat, player in enumerate(session.setup["players"]):
            phone = seated.get(seat)
            rows.append({"seat": seat, "name": player["name"], "colour": player.get("colour", ""),
                         "letter": player.get("letter", ""),
                         "phone": phone.number if phone else None, "online": bool(phone and phone.connected)})
        return rows

    def offer(self, session_id) -> bool:
        """Whether the table should show the code now, by itself: once for each game, when
        the phones are on and no phone holds a seat of it yet (a table sitting down)."""
        if self.server is None or session_id is None or session_id in self._offered:
            return False
        self._offered.add(session_id)
        return not self.server.registry.seated()

    def online_seats(self) -> set[int]:
        """The seats a connected phone holds (they vote on the phone, not on the screen)."""
        if self.server is None:
            return set()
        return {seat for seat, phone in self.server.registry.seated().items() if phone.connected}

    def waiting(self) -> list[int]:
        """The phones that joined and have no seat yet (their numbers)."""
        return [phone.number for phone in self.server.registry.waiting()] if self.server is not None else []

    def assign(self, number: int, seat: int) -> str | None:
        """On the Pi: a waiting phone gets a free seat. None, or the words why not."""
        from hardware.phones.registry import Refused
        if self.server is None:
            return self.table.t("phones.off")
        try:
            phone = self.server.registry.assign(number, seat)
        except Refused as refused:
            return self.table.t(f"phones.refused.{refused.key}")
        self.server.assigned(phone)
        self.changed(force=True)
        return None

    def release(self, seat: int) -> None:
        """On the Pi: the seat is free again; its phone goes back to choosing."""
        if self.server is None:
            return
        phone = self.server.registry.release(seat)
        if phone is not None:
            self.server.released(phone)
        self.changed(force=True)

    # -- the table changed (the Kivy thread) ------------------------------------------------------
    def changed(self, force: bool = False) -> None:
        """After every redraw of the table: send the phones what changed (nothing when nothing did).
        A setting that switched phones on or off (Settings: ui/prefs.py, then a redraw) takes
        effect here, at once."""
        if self.enabled != self._wanted:
            self._wanted = self.enabled
            self.switch(self._wanted)
        server = self.server
        if server is None:
            return
        table = self.table
        session = table.session
        if table.t.lang != self._lang:
            self._lang = table.t.lang
            server.set_words(self.words(), self._lang)
        if (session.id if session is not None else None) != self.game:
            if self.game is not None:
                server.new_game()           # a new join key (the game ended, another began): scan it again
                self._refresh_dialog()
            self.game = session.id if session is not None else None
        seated = server.registry.seated()
        pads = table.pad_table
        ballots = tuple(pads.has_voted(seat) for seat in range(8))
        shown = (session.id if session else None, session.head if session else None, table.t.lang, ballots,
                 tuple(sorted(seated)), tuple(p.number for p in server.registry.waiting()))
        if shown == self._shown and not force:
            return
        self._shown = shown
        if not self._publishing:        # after the frame that shows the change: the table first
            self._publishing = True
            self._hop(self._publish)()

    def _publish(self) -> None:
        """Each held seat's view and the seats for the others, as the table is now (Kivy thread)."""
        self._publishing = False
        server, session = self.server, self.table.session
        if server is None or self.table.closed:
            return
        seated = server.registry.seated()
        server.publish(self._views(session, seated), self._lobby(session, seated))
        self._refresh_dialog()

    def _views(self, session, seated) -> dict[int, dict]:
        if session is None or not seated:
            return {}
        from companion import phones as core
        lang, pads = self.table.t.lang, self.table.pad_table   # (the pads' table: who has voted, never whom for)
        return {seat: core.seat_view(session, seat, lang, pads) for seat in seated}

    def _lobby(self, session, seated) -> dict:
        """What a phone without a seat sees: the game and its seats, which are taken."""
        if session is None:
            return {"game": "", "seats": [], "lang": self.table.t.lang}
        return {"game": self.table.t(session.game.title), "lang": self.table.t.lang, "finished": session.finished,
                "seats": [{"seat": seat, "name": p["name"], "colour": p.get("colour", ""), "letter": p.get("letter", ""),
                           "held": seat in seated}
                          for seat, p in enumerate(session.setup["players"])]}

    def words(self) -> dict:
        from hardware.phones.messages import MAX_BYTES
        from hardware.phones.registry import MAX_PHONES
        t = self.table.t
        words = {f"page.{key}": t(f"phones.page.{key}", names="{names}") for key in PAGE_WORDS}
        words.update({f"refused.{key}": t(f"phones.refused.{key}", most=MAX_PHONES, bytes=MAX_BYTES)
                      for key in REFUSALS})
        words.update({f"bye.{key}": t(f"phones.bye.{key}") for key in BYES})
        return words

    # -- from the server's thread -----------------------------------------------------------------
    def _hop(self, fn):
        if self._on_main is None:
            from hardware.mainthread import to_main_thread
            self._on_main = to_main_thread
        return self._on_main(fn)

    def _notify(self) -> None:
        """Phones came, went or took a seat (server thread): publish afresh on the Kivy thread."""
        self._hop(lambda: self.changed(force=True))()

    def _act(self, seat: int, message: dict):
        """A phone's tap, vote or form (server thread): applied on the Kivy thread; the
        future is its answer once the step is committed (or refused)."""
        from concurrent.futures import Future
        future = Future()

        def apply():
            try:
                future.set_result(self.apply(seat, message))
            except Exception as exc:        # never a traceback to a phone; the table plays on
                log.warning("a phone's message failed: %s", where(exc))     # never its words: a secret may be in them
                future.set_result(self._refused("failed"))
        self._hop(apply)()
        return future

    # -- a phone's message on the Kivy thread ------------------------------------------------------
    def apply(self, seat: int, message: dict) -> dict:
        """What a phone holding `seat` sent, the seat pads' way. Returns the answer: an ack
        once every step is committed, or a refusal in words that changed nothing."""
        from companion import phones as core
        table = self.table
        session = table.session
        if table.closed or session is None:
            return self._refused("no_game")
        if not table.at_the_table():
            return self._refused("busy")
        request = {k: v for k, v in message.items() if k != "msg"}
        pads = table.pad_table
        try:
            todo = core.phone_actions(session, seat, request, pads, table.t.lang)
        except core.PhoneRefused as refused:
            return {"type": "refused", "key": refused.key, "words": refused.words}
        for kind, what in todo:
            if kind == "press":
                actions = pads.press(session.state, seat, what, table.seat_pads.online())
            elif kind == "cast":
                actions = pads.cast(session.state, seat, what)
            else:
                actions = [what]
            if not actions:                 # a ballot held (or a press meaning nothing now)
                table.light_pads()
                table.refresh()
                continue
            outcome = table.perform_all(actions, quiet=True)
            if outcome is not None and not outcome.ok:
                words = table.t.error(outcome.error) if outcome.error is not None else table.t("phones.refused.rules")
                return {"type": "refused", "key": "rules", "words": words}
        return ack()

    def _refused(self, key: str) -> dict:
        return {"type": "refused", "key": key, "words": self.table.t(f"phones.refused.{key}")}

    def _refresh_dialog(self) -> None:
        if self.dialog is not None:
            self.dialog.refresh()
