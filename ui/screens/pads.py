"""The seat pads: which pad sits at which seat, claiming seats by pressing.

Its look is in pads.kv beside this file."""
from __future__ import annotations

from kivy.properties import BooleanProperty, ListProperty, NumericProperty, ObjectProperty, StringProperty
from kivy.uix.boxlayout import BoxLayout

from companion.pads import CONNECTING, IGNORED, INCOMPATIBLE, OFFLINE, ONLINE

from .base import BaseScreen


class PadSeatRow(BoxLayout):
    """One seat on the seat-pad screen: its player, its pad, and "claim"."""
    seat = NumericProperty(0)
    colour = StringProperty("grey")
    letter = StringProperty("?")
    name = StringProperty("")
    status = StringProperty("")
    kind = StringProperty("none")     # online / offline / waiting / none
    claim_text = StringProperty("")
    screen = ObjectProperty(None)


class PadRow(BoxLayout):
    """A pad without a seat here, or a port that is no pad (yet): what it is, what is wrong."""
    title = StringProperty("")
    status = StringProperty("")
    kind = StringProperty("none")




class PadsScreen(BaseScreen):
    """Seat pads: which pad sits at which seat. Seat 1, 2, ... are asked in turn
    to press their pad (PadHub.begin_claim); a seat can claim again; pads that
    are offline or have a problem say so. While it is shown, each seat's LED
    glows in its player's colour once the seat has its pad (claim_leds), and
    pads without a seat blink white while a seat is waited for."""
    players = ListProperty([])
    back_to = StringProperty("home")
    active = BooleanProperty(False)     # shown: the LEDs are this screen's

    def on_pre_enter(self, *args):
        self.active = True
        hub = self.table.pads
        count = len(self.seat_players())
        if hub is not None and count and hub.claiming is None:
            held = set(hub.seat_states()) & set(range(count))
            if not held:
                hub.begin_claim(count)   # nobody has a seat yet: nothing to lose, ask seat 1
        self.refresh()
        self.table.light_pads()

    def on_pre_leave(self, *args):
        self.active = False
        hub = self.table.pads
        if hub is not None and hub.claiming is not None:
            hub.end_claim()             # seats nobody claimed play on the screen
        self.table.light_pads()

    def seat_players(self) -> list[dict]:
        return list(self.players) or self.table.seat_pads.players()

    # -- what a finger does
    def back(self):
        self.table.go(self.back_to if self.back_to != "pads" else "home")

    def done(self):
        """Skip (while a seat is waited for: stop claiming, stay) or Done (go back)."""
        hub = self.table.pads
        if hub is not None and hub.claiming is not None:
            hub.end_claim()
            self.refresh()
            return
        self.back()

    def claim_all(self):
        hub = self.table.pads
        if hub is not None and self.seat_players():
            hub.begin_claim(len(self.seat_players()))
            self.refresh()
            self.table.light_pads()

    def claim(self, seat: int):
        hub = self.table.pads
        if hub is not None:
            hub.claim_seat(seat)
            self.refresh()
            self.table.light_pads()

    def pressed(self, seat: int, button: int):
        """A pad that has a seat was pressed here: say whose it is."""
        players = self.seat_players()
        name = players[seat]["name"] if 0 <= seat < len(players) else "?"
        self.table.toast(self.t("pads.pressed", seat=seat + 1, name=name))

    def leds(self) -> dict:
        from companion.pads import claim_leds
        hub = self.table.pads
        return claim_leds(self.seat_players(), hub.online_seats() if hub is not None else ())

    # -- what is shown
    def refresh(self):
        self.show_pads()

    def show_pads(self):
        table, t = self.table, self.t
        ids = self.ids
        hub = table.pads
        players = self.seat_players()
        count = len(players)
        states = hub.seat_states() if hub is not None else {}
        statuses = hub.status() if hub is not None else []
        waiting = hub.claiming if hub is not None else None
        held = [seat for seat in range(count) if seat in states]

        # what to do now
        chip = ids.prompt_chip
        if waiting is not None and 0 <= waiting < count:
            who = players[waiting]
            chip.colour, chip.letter = who["colour"], who["letter"]
            chip.opacity, chip.width = 1, chip.height
            ids.prompt.text = t("pads.press", seat=waiting + 1, name=who["name"])
        else:
            chip.opacity, chip.width = 0, 0
            chip.letter = "?"
            if hub is None:
                ids.prompt.text = t("pads.none")
            elif len(held) == count:
                ids.prompt.text = t("pads.all_held")
            else:
                ids.prompt.text = t("pads.some_held", held=len(held), count=count)
        ids.done.text = t("pads.skip") if waiting is not None else t("pads.done")
        ids.done.tone = "normal" if waiting is not None else "go"
        ids.claim_all.disabled = hub is None or not count

        # the seats
        box = ids.seats
        rows = list(reversed(box.children))
        if len(rows) != count:
            box.clear_widgets()
            rows = [PadSeatRow(screen=self, seat=seat) for seat in range(count)]
            for row in rows:
                box.add_widget(row)
        for seat, (row, player) in enumerate(zip(rows, players)):
            row.colour, row.letter, row.name = player["colour"], player["letter"], player["name"]
            state = states.get(seat)
            if seat == waiting:
                row.kind, row.status = "waiting", t("pads.seat_waiting")
            elif state == ONLINE:       # the seat says which pad: its id (a serial number) is nobody's business
                row.kind, row.status = "online", t("pads.seat_online")
            elif state == OFFLINE:
                row.kind, row.status = "offline", t("pads.seat_offline")
            else:
                row.kind, row.status = "none", t("pads.seat_none")
            row.claim_text = t("pads.claim_again") if state is not None else t("pads.claim")

        # pads (and ports) without a seat at this table
        others = ids.others
        others.clear_widgets()
        listed = [status for status in statuses if status.seat is None or status.seat >= count]
        for n, status in enumerate(listed, 1):
            # counted down the list, not named by serial number or port: a player presses it to tell
            title = t("pads.port" if status.state == IGNORED else "pads.pad", n=n)
            if status.state == INCOMPATIBLE:
                kind, text = "problem", t("pads.incompatible")
            elif status.state == IGNORED:
                kind, text = "problem", t("pads.ignored")
            elif status.state == CONNECTING:
                kind, text = "none", t("pads.connecting")
            elif status.seat is not None:
                kind, text = ("online" if status.state == ONLINE else "offline"), t("pads.extra_seat", seat=status.seat + 1)
            elif status.state == ONLINE and status.problem:
                taken = status.seat_taken
                kind = "problem"
                text = t("pads.seat_taken", seat=taken + 1) if taken is not None else t("pads.seat_taken_any")
            elif status.state == ONLINE:
                kind, text = "none", t("pads.no_seat_claiming" if waiting is not None else "pads.no_seat")
            else:
                kind, text = "offline", t("pads.offline")
            others.add_widget(PadRow(title=title, status=text, kind=kind))
        ids.others_title.opacity = 1 if others.children else 0
        ids.others_title.text = t("pads.others") if others.children else ""


SCREEN = PadsScreen
