"""The seat pads at the table, wired into it (README "Seat pads").

A press on a seat's pad becomes that seat's action (companion.pads.PadTable)
and goes through the table (ui/table.py) like a tap; after every change of the game the
table commits what the pads held back (a secret vote) and every pad's LED is
set from the new state. Callbacks arrive on the Kivy main thread
(hardware.pads.open_pads hops there).
"""
from __future__ import annotations

import logging

from companion import controller
from companion.pads import PadTable
from companion.players import COLOUR_NAMES

log = logging.getLogger(__name__)


class SeatPads:
    def __init__(self, table):
        self.host = table                    # ui/table.py: its cfg, session, shell (the screens)
        self.hub = None                      # the PadHub (hardware.pads), when [pads] is on
        self.table = PadTable()              # the open session's pads (one per session)
        self.session_id = None               # which session `table` belongs to
        self.states: dict[int, str] = {}     # seat -> "online" | "offline" (seats with a pad)
        self.statuses: list = []             # every pad and port the hub knows (PadStatus)
        self.keys = None                     # digits press simulated pads
        self.failure = ""                    # why the pads could not start (About, Advanced)

    # -- starting and stopping ---------------------------------------------------------
    def open(self, **hub_options):
        """Start the seat pads when [pads] is on: ``hardware.pads.open_pads``, whose
        callbacks arrive on the Kivy main thread. Returns the hub (None: off or failed)."""
        host = self.host
        if self.hub is not None or not host.cfg.pads.enabled:
            return self.hub
        from hardware.pads import open_pads

        try:
            hub = open_pads(host.cfg, self.on_event, self.on_status, **hub_options)
        except Exception as exc:        # no ptys, a broken pyserial: the table plays on without pads
            log.warning("seat pads could not be started: %s", exc, exc_info=True)
            self.failure = str(exc) or type(exc).__name__
            host.notices.add("notice.pads")
            return None
        self.attach(hub)
        return hub

    def attach(self, hub) -> None:
        """Use this PadHub (started): its events and status reach on_event / on_status."""
        self.hub = hub
        self.statuses = hub.status()
        self.states = hub.seat_states()
        self.host.shell.pads_present = bool(self.statuses)
        if hub.simulated and self.keys is None:
            from hardware.keyboard import PadKeys
            self.keys = PadKeys(self.press_simulated)
        self.host.show_key_help()
        self.light()

    def stop(self) -> None:
        if self.keys is not None:
            self.keys.close()
            self.keys = None
        if self.hub is not None:
            self.hub.stop()

    # -- what the pads say ------------------------------------------------------------
    def on_event(self, event):
        """A button on a seat's pad (hardware.pads.PadEvent; main thread). Going down, it
        is that seat's action, the same path as a tap. Like the table's buttons it acts
        only while the table or its log is shown; on the seat-pad screen it says whose
        pad it is. A press that means nothing changes nothing, without a beep."""
        host = self.host
        shown = host.shell.current()
        if host.closed or self.hub is None or not event.down or shown is None:
            return None
        if shown == "pads":
            host.shell.screen("pads").pressed(event.seat, event.button)
            return None
        if host.session is None or not host.at_the_table():
            return None
        actions = self.table.press(host.session.state, event.seat, event.button, self.hub.online_seats())
        if not actions:
            self.light()       # a ballot open or cast: that pad's light (the same for everybody)
            if host.shell.current() == "vote":
                host.refresh()  # the votes cast so far, who still votes
            return None
        return host.perform_all(actions, quiet=True)

    def on_status(self, statuses):
        """Pads came, went, claimed seats (main thread): marks on screen, votes, LEDs."""
        host = self.host
        if host.closed or self.hub is None:
            return
        self.statuses = list(statuses)
        self.states = self.hub.seat_states()
        host.shell.pads_present = bool(self.statuses)
        session = host.session
        waiting = self.table.flush(session.state, self.hub.online_seats()) if session is not None else []
        if waiting:
            host.perform_all(waiting)  # a pad gone offline: the others' votes need not wait for it
        else:
            self.light()
        shown = host.shell.current()
        if shown is not None:
            show = getattr(host.shell.screen(shown), "show_pads", None)
            if show is not None:
                show()

    def press_simulated(self, seat: int, button: int) -> bool:
        """A key (digits: hardware.keyboard.PadKeys) presses seat ``seat``'s simulated
        pad; a seat nobody's pad holds presses simulated pad number ``seat + 1``, so the
        keys also claim seats. False when there is no such pad."""
        hub = self.hub
        if hub is None or not hub.simulated:
            return False
        seat_of = hub.assignments()
        pad = next((p for p in hub.simulated if seat_of.get(p.pad_id) == seat), None)
        if pad is None and seat < len(hub.simulated) and hub.simulated[seat].pad_id not in seat_of:
            pad = hub.simulated[seat]
        if pad is None or not pad.plugged:
            return False
        pad.tap(button)
        return True

    # -- after every change of the game ------------------------------------------------
    def commit_held(self) -> list[str]:
        """One PadTable per session; then commit what it holds back that may go in now
        (a secret vote's totals, once every voter has cast a ballot). Returns the cues."""
        session = self.host.session
        session_id = session.id if session is not None else None
        if session_id != self.session_id:
            self.session_id = session_id
            self.table = PadTable()
        if session is None:
            return []
        cues: list[str] = []
        for _ in range(3):      # committing is one round; the bound is only a guard
            actions = self.table.flush(session.state, self.online())
            if not actions:
                break
            for action in actions:
                outcome = controller.perform(session, action)
                cues += outcome.cues
                if not outcome.ok:
                    log.warning("a pad vote was refused: %s", outcome.error)
                    return cues
        return cues

    def online(self) -> set:
        """The seats whose pad is online now, and those a phone holds (ui/phones.py), connected:
        they vote on their own, not on the screen passed round."""
        seats = set(self.hub.online_seats()) if self.hub is not None else set()
        phones = getattr(self.host, "phones", None)
        return seats | phones.online_seats() if phones is not None else seats

    def screen_voters(self) -> list[int]:
        """Who still votes on the screen in a secret vote running now, in turn (no pad online)."""
        session = self.host.session
        return self.table.screen_voters(session.state, self.online()) if session is not None else []

    def light(self) -> None:
        """Every pad's LED from the state (or the seat-claim screen's colours)."""
        hub = self.hub
        if hub is None:
            return
        host = self.host
        claim = host.shell.screen("pads") if host.shell.made("pads") else None  # unmade: not active
        if claim is not None and claim.active:
            hub.apply_leds(claim.leds())
        else:
            hub.apply_leds(self.table.leds(host.session.view if host.session is not None else None))

    def players(self) -> list[dict]:
        """Who sits where, for the seat-pad screen when no form says it."""
        host = self.host
        if host.session is not None:
            return list(host.session.state.get("players") or host.session.setup["players"])
        table = host.latest_table()
        if table is not None:
            return list(table["setup"]["players"])
        held = [seat for seat in self.states]
        count = max([2, len([s for s in self.statuses if s.pad_id])] + [s + 1 for s in held])
        return [{"name": host.t("setup.default_name", n=n + 1), "colour": COLOUR_NAMES[n % len(COLOUR_NAMES)],
                 "letter": str(n + 1)} for n in range(min(count, 8))]
