"""The phones' server: aiohttp's HTTP and WebSocket server on a thread of its own,
with its own asyncio loop, beside Kivy's (README "Phones at the table").

It serves the page (hardware/phones/web: HTML, JS, CSS and the fonts, all from the
Pi) at http://<address>:<port>/<join key>, and one WebSocket per phone at /ws.
Every message is checked (messages.parse), limited (TokenBucket: a flood from one
phone is cut here, on this thread, and never reaches the table) and refused with
words when it is wrong, changing nothing. What a phone's tap, vote or form means
is the table's: ``act(seat, message)`` is called here and returns a
concurrent.futures.Future that the table resolves on the Kivy thread once the step
is committed to disk; only then is the tap acknowledged. A retry of a message id
already answered is answered again, not applied again.

What a phone sees is published from the Kivy thread (``publish``: each seat's view,
and the seats for the phones still choosing one); this thread only sends it, to
the phone holding the seat, when it changed. ``notify()`` tells the table that
phones came, went or took a seat. The keys are never logged: aiohttp's access log
(which would print the join key in the path) is off.
"""
from __future__ import annotations

import asyncio
import importlib.util
import json
import logging
import os
import socket
import threading
import time
from concurrent.futures import Future
from pathlib import Path

from aiohttp import WSMsgType, web

from . import messages
from .messages import ACTS, HELLO, PING, TAKE
from .registry import Refused, Registry, TokenBucket

log = logging.getLogger(__name__)

WEB = Path(__file__).resolve().parent / "web"
STATIC = ("app.js", "app.css")
FONTS = ("Roboto-Regular.ttf", "Roboto-Bold.ttf")      # Kivy's own, as the table draws with
HELLO_SECONDS = 10          # a socket that says nothing is closed
MAX_SOCKETS = 24            # open sockets at once, phones and not-yet-phones
FLOOD_CLOSE = 5000          # messages cut in a row: the socket is closed (the phone may come back)
HEADERS = {
    "Content-Security-Policy": "default-src 'self'; connect-src 'self'; img-src 'self' data:; "
                               "style-src 'self'; script-src 'self'; font-src 'self'; base-uri 'none'; "
                               "form-action 'none'; frame-ancestors 'none'",
    "Referrer-Policy": "no-referrer",          # the join key is in the address
    "X-Content-Type-Options": "nosniff",
    "Cache-Control": "no-store",
}


class PhonesError(Exception):
    """The server could not start (its words say why, for About and the log)."""


def fonts_dir() -> Path | None:
    spec = importlib.util.find_spec("kivy")
    if spec is None or not spec.submodule_search_locations:
        return None
    return Path(list(spec.submodule_search_locations)[0]) / "data" / "fonts"


SYSTEMD_NAME = "cellmate-phones"          # the socket's FileDescriptorName (systemd/cellmate-phones.socket)
ONLY_SYSTEMD = "CELLMATE_PHONES"           # "systemd" in the kiosk's unit: no network but the socket handed over


def inherited_socket() -> int | None:
    """The phones' port handed over by systemd (the kiosk: cellmate-phones.socket), or None."""
    if os.environ.get("LISTEN_PID") != str(os.getpid()):
        return None
    names = os.environ.get("LISTEN_FDNAMES", "").split(":")
    try:
        count = int(os.environ.get("LISTEN_FDS", "0"))
    except ValueError:
        return None
    return next((3 + i for i in range(count) if i < len(names) and names[i] == SYSTEMD_NAME), None)


def lan_address() -> str:
    """This machine's address on the local network (the interface of its default
    route; no packet is sent). With no network of its own (the kiosk's service, which
    only has the socket systemd hands it) its name on the local network, <host>.local
    (mDNS, which Raspberry Pi OS answers)."""
    try:
        with socket.socket(socket.AF_INET, socket.SOCK_DGRAM) as probe:   # refused on the kiosk (no AF_INET)
            probe.connect(("10.254.254.254", 1))
            address = probe.getsockname()[0]
    except OSError:
        address = "127.0.0.1"
    if address.startswith("127.") or address == "0.0.0.0":
        return f"{socket.gethostname()}.local"
    return address


class PhoneServer:
    def __init__(self, port: int, act, notify=lambda: None, *, host: str = "0.0.0.0", registry: Registry | None = None,
                 words: dict | None = None, lang: str = "en", rate: float = 20.0, burst: float = 40.0):
        self.port = port
        self.host = host
        self.act = act                  # (seat, message) -> Future of the answer dict, resolved by the table
        self.notify = notify            # phones came, went, took a seat (called on this thread)
        self.registry = registry or Registry()
        self.words = dict(words or {})
        self.lang = lang
        self.rate, self.burst = rate, burst
        self.loop: asyncio.AbstractEventLoop | None = None
        self._thread: threading.Thread | None = None
        self._runner: web.AppRunner | None = None
        self._sockets: dict = {}        # Phone -> its WebSocketResponse now
        self._open: set = set()         # every socket open
        self._views: dict[int, str] = {}     # seat -> the view published, as sent
        self._lobby: str = json.dumps({"type": "lobby", "seats": [], "game": ""})
        self._sent: dict = {}           # socket -> the text last sent as its view or lobby
        self.flood_cut = 0              # messages cut by the limit (for tests and bench)

    # -- start and stop (any thread but this one's) ------------------------------------------
    def start(self) -> "PhoneServer":
        ready = threading.Event()
        failure: list[str] = []
        self._thread = threading.Thread(target=self._run, args=(ready, failure), name="cellmate-phones", daemon=True)
        self._thread.start()
        if not ready.wait(10):
            failure.append("the server did not start within 10 s")
        if failure:
            self._thread.join(10)
            self.stop()
            raise PhonesError(failure[0])
        return self

    def _run(self, ready: threading.Event, failure: list) -> None:
        loop = self.loop = asyncio.new_event_loop()
        asyncio.set_event_loop(loop)
        try:
            loop.run_until_complete(self._listen())
        except (OSError, PhonesError) as exc:
            failure.append(_why(exc, self.port) if isinstance(exc, OSError) else str(exc))
            loop.run_until_complete(self._cleanup())
            loop.close()
            ready.set()
            return
        ready.set()
        try:
            loop.run_forever()
        finally:
            loop.run_until_complete(self._cleanup())
            loop.close()

    async def _listen(self) -> None:
        app = web.Application(client_max_size=4096)
        app.router.add_get("/ws", self._socket)
        app.router.add_get("/s/{name}", self._static)
        app.router.add_get("/{key:[A-Za-z0-9_-]{16,64}}", self._page)
        self._runner = web.AppRunner(app, access_log=None, handle_signals=False)
        await self._runner.setup()
        handed = inherited_socket()
        if handed is not None:          # the kiosk: systemd's socket, a copy (closed when switched off)
            sock = socket.socket(fileno=os.dup(handed))
            self.port = sock.getsockname()[1]
            site = web.SockSite(self._runner, sock)
        elif os.environ.get(ONLY_SYSTEMD) == "systemd":
            raise PhonesError("on this kiosk the phones' port comes from systemd: set [phones] enabled = true "
                              "in /etc/cellmate/config.toml and run sudo scripts/install-pi again")
        else:
            site = web.TCPSite(self._runner, self.host, self.port, reuse_address=True)
        await site.start()
        if self.port == 0:          # tests: the port the system chose
            self.port = site._server.sockets[0].getsockname()[1]

    async def _cleanup(self) -> None:
        for ws in list(self._open):
            await _close(ws, self._bye("stopped"))
        if self._runner is not None:
            await self._runner.cleanup()

    def stop(self) -> None:
        loop, thread = self.loop, self._thread
        if loop is not None and thread is not None and thread.is_alive():
            loop.call_soon_threadsafe(loop.stop)
            thread.join(10)
        self._thread = None

    @property
    def running(self) -> bool:
        return self._thread is not None and self._thread.is_alive()

    # -- from the table (Kivy thread): hop here -----------------------------------------------
    def _soon(self, fn, *args) -> None:
        if self.loop is not None and self.running:
            self.loop.call_soon_threadsafe(fn, *args)

    def publish(self, views: dict[int, dict], lobby: dict) -> None:
        """Each seat's view (companion.phones.seat_view) and what the phones without a seat see."""
        self._soon(self._publish, views, lobby)

    def set_words(self, words: dict, lang: str) -> None:
        self._soon(self._set_words, dict(words), lang)

    def new_game(self) -> None:
        """A new join key; every phone is sent away (to scan the new code)."""
        gone = self.registry.new_game()
        self._soon(self._send_away, gone, "new_game")

    def assigned(self, phone) -> None:
        """The table gave `phone` a seat on the Pi: tell it (its view follows with publish)."""
        self._soon(self._tell_seat, phone)

    def released(self, phone) -> None:
        self._soon(self._tell_seat, phone)

    # -- on this thread ----------------------------------------------------------------------
    def _set_words(self, words: dict, lang: str) -> None:
        """The table's language changed: the pages take the new words at once."""
        changed = (words, lang) != (self.words, self.lang)
        self.words, self.lang = words, lang
        if changed:
            text = json.dumps({"type": "words", "lang": lang, "words": self._page_words()}, ensure_ascii=False)
            for ws in list(self._sockets.values()):
                asyncio.ensure_future(_send(ws, text))

    def _page_words(self) -> dict:
        return {k[5:]: v for k, v in self.words.items() if k.startswith("page.")}

    def _publish(self, views: dict, lobby: dict) -> None:
        self._views = {seat: json.dumps(view, ensure_ascii=False) for seat, view in views.items()}
        self._lobby = json.dumps(dict(lobby, type="lobby"), ensure_ascii=False)
        for phone, ws in list(self._sockets.items()):
            self._send_state(phone, ws)

    def _send_state(self, phone, ws) -> None:
        text = self._views.get(phone.seat) if phone.seat is not None else self._lobby
        if text is None or self._sent.get(ws) == text:
            return
        self._sent[ws] = text
        if phone.seat is not None:      # a view goes with the table's clock (a countdown on a phone's own clock)
            text = f'{{"type":"view","now":{time.time():.3f},"view":{text}}}'
        asyncio.ensure_future(_send(ws, text))

    def _tell_seat(self, phone) -> None:
        ws = self._sockets.get(phone)
        if ws is None:
            return
        self._sent.pop(ws, None)
        asyncio.ensure_future(_send(ws, self._welcome(phone)))
        self._send_state(phone, ws)

    def _send_away(self, phones, why: str) -> None:
        for phone in phones:
            ws = self._sockets.pop(phone, None)
            if ws is not None:
                asyncio.ensure_future(_close(ws, self._bye(why)))

    def _welcome(self, phone) -> str:
        return json.dumps({"type": "welcome", "phone": phone.number, "seat": phone.seat, "seat_key": phone.seat_key})

    def _bye(self, why: str) -> str:
        return json.dumps({"type": "bye", "key": why, "words": self.words.get(f"bye.{why}", why)}, ensure_ascii=False)

    def _refusal(self, refused: Refused, message_id=None) -> dict:
        answer = {"type": "refused", "key": refused.key,
                  "words": refused.params.get("words") or self.words.get(f"refused.{refused.key}", refused.key)}
        if message_id is not None:
            answer["msg"] = message_id
        return answer

    # -- HTTP ---------------------------------------------------------------------------------
    async def _page(self, request: web.Request) -> web.Response:
        """The page, for any key (a wrong one is told so once the page says hello)."""
        html = (WEB / "index.html").read_text(encoding="utf-8")
        blob = json.dumps(self._page_words(), ensure_ascii=False).replace("<", "\\u003c")
        html = html.replace("{{lang}}", self.lang if self.lang.isalpha() else "en").replace("{{words}}", blob)
        return web.Response(text=html, content_type="text/html", headers=HEADERS)

    async def _static(self, request: web.Request) -> web.StreamResponse:
        name = request.match_info["name"]
        if name in STATIC:
            path = WEB / name
        elif name in FONTS and fonts_dir() is not None:
            path = fonts_dir() / name
        else:
            raise web.HTTPNotFound()
        headers = dict(HEADERS, **{"Cache-Control": "max-age=3600"})
        return web.FileResponse(path, headers=headers)

    # -- the WebSocket ------------------------------------------------------------------------
    async def _socket(self, request: web.Request) -> web.StreamResponse:
        origin = request.headers.get("Origin")
        if origin is not None and origin != f"http://{request.host}":
            raise web.HTTPForbidden(text="another site's page may not talk to Cellmate")
        if len(self._open) >= MAX_SOCKETS:
            raise web.HTTPServiceUnavailable(text="too many connections")
        ws = web.WebSocketResponse(max_msg_size=messages.MAX_BYTES * 4, heartbeat=25, compress=False)
        await ws.prepare(request)
        self._open.add(ws)
        bucket = TokenBucket(self.rate, self.burst)
        phone = None
        try:
            phone = await self._hello(ws, bucket)
            if phone is not None:
                await self._serve(ws, phone, bucket)
        finally:
            self._open.discard(ws)
            self._sent.pop(ws, None)
            if phone is not None and self._sockets.get(phone) is ws:
                del self._sockets[phone]
                self.registry.drop(phone)
                self.notify()
            await ws.close()
        return ws

    async def _hello(self, ws, bucket):
        try:
            while True:
                msg = await ws.receive(timeout=HELLO_SECONDS)
                message = await self._read(ws, msg, bucket)
                if message is False:
                    return None
                if message is None:
                    continue
                if message["type"] != HELLO:
                    await _send(ws, json.dumps(self._refusal(Refused("hello_first"))))
                    continue
                try:
                    if "seat_key" in message:
                        phone = self.registry.rejoin(message["seat_key"])
                    else:
                        phone = self.registry.join(message["join"])
                except Refused as refused:
                    await _send(ws, json.dumps(self._refusal(refused), ensure_ascii=False))
                    continue
                old = self._sockets.get(phone)
                self._sockets[phone] = ws
                if old is not None and old is not ws:
                    self._sent.pop(old, None)
                    asyncio.ensure_future(_close(old, self._bye("elsewhere")))
                await _send(ws, self._welcome(phone))
                self._send_state(phone, ws)     # catching up at once: the last view published
                self.notify()                   # ... and the table publishes afresh
                return phone
        except asyncio.TimeoutError:
            return None

    async def _read(self, ws, msg, bucket):
        """A message checked: its dict; None: refused or cut (go on); False: the socket is done."""
        if msg.type in (WSMsgType.CLOSE, WSMsgType.CLOSING, WSMsgType.CLOSED, WSMsgType.ERROR):
            return False
        if not bucket.allow():
            self.flood_cut += 1
            if bucket.dropped == 1:
                await _send(ws, json.dumps(self._refusal(Refused("slow_down"))))
            if bucket.dropped >= FLOOD_CLOSE:
                return False
            return None
        bucket.dropped = 0
        try:
            if msg.type != WSMsgType.TEXT:
                raise Refused("not_text")
            return messages.parse(msg.data)
        except Refused as refused:
            await _send(ws, json.dumps(self._refusal(refused), ensure_ascii=False))
            return None

    async def _serve(self, ws, phone, bucket) -> None:
        async for msg in ws:
            if self._sockets.get(phone) is not ws:
                return              # replaced by a newer connection of the same phone, or sent away
            message = await self._read(ws, msg, bucket)
            if message is False:
                return
            if message is None:
                continue
            kind = message["type"]
            if kind == PING:
                await _send(ws, '{"type":"pong"}')
            elif kind == HELLO:
                await _send(ws, self._welcome(phone))
                self._sent.pop(ws, None)
                self._send_state(phone, ws)
            elif kind == TAKE:
                await self._take(ws, phone, message)
            elif kind in ACTS:
                await self._act(phone, message)

    async def _take(self, ws, phone, message) -> None:
        try:
            seats = json.loads(self._lobby).get("seats") or []
            self.registry.take(phone, message["seat"], len(seats))
        except Refused as refused:
            await _send(ws, json.dumps(self._refusal(refused), ensure_ascii=False))
            return
        await _send(ws, self._welcome(phone))
        self.notify()

    async def _act(self, phone, message) -> None:
        message_id = message["msg"]
        seen, answer = phone.recall(message_id)
        if seen == "pending":
            return                      # the first one's answer comes
        if seen == "new":
            if phone.seat is None:
                answer = self._refusal(Refused("no_seat_yet"), message_id)
            else:
                try:
                    answer = await asyncio.wrap_future(self.act(phone.seat, message))
                except Exception as exc:        # the table failed to apply it: said, never a traceback
                    log.warning("a phone's message could not be applied: %s", type(exc).__name__)
                    answer = {"type": "refused", "key": "failed", "words": self.words.get("refused.failed", "failed")}
                answer = dict(answer, msg=message_id)
            phone.answered(message_id, answer)
        ws = self._sockets.get(phone)
        if ws is not None:
            await _send(ws, json.dumps(answer, ensure_ascii=False))


async def _send(ws, text: str) -> None:
    if ws.closed:
        return
    try:
        await ws.send_str(text)
    except (ConnectionError, RuntimeError):
        pass                # gone: its phone comes back with its seat key


async def _close(ws, text: str) -> None:
    await _send(ws, text)
    try:
        await ws.close()
    except (ConnectionError, RuntimeError):
        pass


def _why(exc: OSError, port: int) -> str:
    import errno
    if exc.errno == errno.EADDRINUSE:
        return f"port {port} is in use by another program: set another [phones] port in the config"
    if exc.errno == errno.EACCES:
        return f"port {port} may not be used by Cellmate: set a [phones] port from 1024 to 65535"
    return f"the phones' server could not listen on port {port}: {exc.strerror or exc}"


def answer_ok() -> dict:
    return {"type": "ack"}


def done_future(answer: dict) -> Future:
    future: Future = Future()
    future.set_result(answer)
    return future
