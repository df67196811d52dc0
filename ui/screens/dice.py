"""The dice table: every seat as a token (its last roll; whose turn it is framed), the
big die, the counts per face, the turn timer.

Its look is in dice.kv beside this file; the manual die's dialog is ui/dialogs/manual_die."""
from __future__ import annotations

from kivy.clock import Clock
from kivy.metrics import dp, sp
from kivy.properties import BooleanProperty

from .. import theme
from ..widgets.lists import reuse
from ..widgets.seats import SeatCard
from ..widgets.text import drawn_width
from .base import BaseScreen

ROW = 4                  # seat tokens to a row: eight seats in two rows, each a quarter of the width
LINE = 29                # px: a line of text at 24 px, as drawn
DIE_PADDING = 10         # px: round the die's texts (ui/widgets/dice.kv)
NUMBER_LEAST = 40        # px: the die's number at least this high (a 32 px digit), or the key line gives way
NUMBER_ROOMY = 96        # px: the number keeps this much (a 77 px digit) before the detail takes a line under it


def rows_of(count: int) -> int:
    """How many of the seats sit in the top row: all up to four; from five on, the
    first half (the rest in the bottom row, on round the table)."""
    return count if count <= ROW else (count + 1) // 2


class DiceScreen(BaseScreen):
    keys_shown = BooleanProperty(True)   # the key line; it gives way where the seats need its room
    _detail = ""          # the die's detail as the game says it, shown when the die has room for it
    _placed = None        # (seats in the top row, seats): the rows the tokens were last sized for

    def on_kv_post(self, base_widget):
        super().on_kv_post(base_widget)
        ids = self.ids
        self._fit = Clock.create_trigger(self.fit, -1)
        self._size_seats = Clock.create_trigger(self.size_seats, -1)
        self.bind(height=self._fit)
        ids.key_line.bind(height=self._fit)
        for child in ids.outer.children:    # the top bar (a long headline), the seats' rows, the pads' line
            if child is not ids.middle.__self__ and child is not ids.key_line.parent:
                child.bind(height=self._fit)
        for row in (ids.seats_top, ids.seats_bottom):
            row.bind(width=self._size_seats)

    def open_phones(self):
        """The code the phones join by, and which phone holds which seat (ui/dialogs/phones.py)."""
        from ..dialogs.phones import PhonesDialog
        dialog = PhonesDialog(self.table.phones)
        dialog.open()
        return dialog

    def refresh(self):
        table, t = self.table, self.t
        session = table.session
        if session is None:
            return
        ids = self.ids
        phones = getattr(table, "phones", None)
        ids.phones_btn.opacity = 1 if phones is not None and phones.enabled else 0
        if phones is not None and phones.offer(session.id) and getattr(phones, "dialog", None) is None:
            Clock.schedule_once(lambda _dt: self.open_phones(), 0)    # a table sitting down: the code first
        state = session.view
        game = session.game
        summary = game.summary(state, t)
        legal = {spec.type: spec for spec in game.legal_actions(state)}
        players = state.get("players") or session.setup["players"]
        current = players[state.get("current", 0)]

        ids.headline.text = summary["headline"]
        ids.headline.color = theme.rgba(theme.text_hex(current["colour"])) if not session.finished else theme.TEXT
        ids.turn_chip.colour = current["colour"]
        ids.turn_chip.letter = current["letter"]
        ids.turn_chip.opacity = 0 if session.finished else 1

        rolls = session.recent_rolls(1)     # the die shows the last; each seat's own is on its token
        die = ids.die
        roll = legal.get("roll")
        die.disabled = roll is None
        die.edge = list(theme.player_rgba(current["colour"])) if roll else list(theme.LINE)
        die.big = " ".join(map(str, rolls[-1].dice)) if rolls else "–"
        # once the turn has passed, the last roll is the previous player's: dimmed, not mistaken for a new one
        die.stale = bool(rolls) and rolls[-1].player != state.get("current") and not session.finished
        die.caption = t("dice.tap_hint", action=t(roll.label)) if roll else summary["headline"]
        self._detail = " · ".join(summary["lines"])
        self.fit_die()

        passing = legal.get("pass")
        ids.pass_btn.text = t(passing.label) if passing else t("action.pass")
        ids.pass_btn.disabled = passing is None
        ids.manual_btn.disabled = roll is None

        end = legal.get("end")
        ids.end_btn.text = t(end.label) if end else t("dice.play_again")
        ids.end_btn.tone = "danger" if end else "go"
        ids.end_btn.disabled = end is None and not session.finished

        ids.undo_btn.disabled = not session.can_undo
        ids.redo_btn.disabled = not session.can_redo

        self.show_seats(game.seat_figures(state, t), players, state.get("current"), session.finished)
        counts = session.histogram()
        ids.histogram.counts = counts
        ids.histogram_title.text = t("dice.histogram", count=sum(counts.values()))
        self.show_pads()

    def show_seats(self, figures, players, current, finished) -> None:
        """Each seat's token: its chip, name and last roll (the game's figures for it,
        Game.seat_figures), framed bright while it is that seat's turn. The same tokens
        from press to press: a token flows its texts again only when one of them changed
        (SeatCard.show)."""
        for seat, card in enumerate(self.seat_tokens(len(players))):
            player = players[seat]
            card.show(colour=player["colour"], letter=player["letter"], name=player["name"],
                      current=seat == current and not finished, counts=figures.get(seat, []))

    def seat_tokens(self, count: int) -> list[SeatCard]:
        """The seats' tokens in seat order, round the table as the players sit: along the
        top row left to right, then back along the bottom row right to left. Made when
        first needed and moved only when the number of seats changes."""
        ids = self.ids
        first = rows_of(count)
        made: list[SeatCard] = []
        top = reuse(ids.seats_top, first, lambda: self._token(made))
        bottom = reuse(ids.seats_bottom, count - first, lambda: self._token(made))
        if (first, count) != self._placed:
            self._placed = (first, count)
            self.size_seats()
        if made:
            # each box of a new token at its width before its texts are first drawn:
            # left to Kivy, a token's inner boxes and texts would be laid out at their
            # made-with width of 100 px first (a name two lines high), then again
            from ..app import lay_out
            for card in made:
                lay_out(card)
            # their heights come with their texts, drawn in the next frame: the rows take
            # them then, once, rather than first the height of a token with no text yet
            self._size_seats.cancel()
        return top + list(reversed(bottom))

    def _token(self, made: list) -> SeatCard:
        row = self.ids.seats_top
        card = SeatCard(size_hint_x=None, width=(row.width - (ROW - 1) * row.spacing) / ROW)
        card.bind(minimum_height=self._size_seats)
        made.append(card)
        return card

    def size_seats(self, *_) -> None:
        """Each token a quarter of the width, a row of fewer in the middle; each row as
        high as its tallest token's lines (SeatCard keeps its height when its name takes
        a second line or its chip goes under it); a row with no seats, no room."""
        for row in (self.ids.seats_top, self.ids.seats_bottom):
            cards = row.children
            slot = (row.width - (ROW - 1) * row.spacing) / ROW
            used = len(cards) * slot + max(0, len(cards) - 1) * row.spacing
            row.padding = [(row.width - used) / 2, 0, (row.width - used) / 2, 0]
            for card in cards:
                card.width = slot
            row.height = max((card.minimum_height for card in cards), default=0)

    def fit(self, *_) -> None:
        """The key line gives way when the table would leave the die and its buttons less
        than their least height without it (eight seats with long names at 800x480)."""
        ids = self.ids
        outer = ids.outer
        fixed = outer.padding[1] + outer.padding[3] + outer.spacing * (len(outer.children) - 1)
        fixed += sum(child.height for child in outer.children if child is not ids.middle.__self__
                     and child is not ids.key_line.parent)
        least = self.die_least() + dp(6) + dp(theme.TOUCH)
        self.keys_shown = bool(ids.key_line.text) and self.height - fixed - ids.key_line.height >= least

    def die_least(self) -> float:
        """The die's least height: its caption's lines and a number still to read."""
        return dp(2 * DIE_PADDING) + self._lines(self.ids.die.caption, True) * dp(LINE) + dp(NUMBER_LEAST)

    def _lines(self, text: str, bold: bool) -> int:
        """How many lines a text takes on the die, as it breaks between words (a tenth to spare)."""
        room = max(1.0, self.ids.die.width - dp(2 * DIE_PADDING))
        return int(-(-drawn_width(text, sp(24), bold) * 1.1 // room)) if text else 0

    def fit_die(self, *_) -> None:
        """The round and who rolled the number under it, when the die has the room for
        their lines and a large number still; else the caption alone (each seat's roll
        is on its token)."""
        die = self.ids.die
        text = self._detail
        room = die.height - dp(2 * DIE_PADDING) - (self._lines(die.caption, True)
                                                      + self._lines(text, False)) * dp(LINE)
        die.detail = text if room >= dp(NUMBER_ROOMY) else ""

    def show_pads(self):
        """Which seats have a pad, and which of those pads are offline (Table.pad_states)."""
        session = self.table.session
        if session is None:
            return
        players = session.state.get("players") or session.setup["players"]
        self.ids.pad_strip.show(self.t, players, self.table.pad_states)

    def roll(self):
        self.table.perform({"type": "roll"})

    def pass_turn(self):
        self.table.perform({"type": "pass"})

    def end_or_again(self):
        session = self.table.session
        if session is not None and session.finished:
            self.table.play_again()
            return
        # asked first: a mistap beside the timer must not end the table's game
        from ..dialogs.confirm import ConfirmDialog
        t = self.t
        dialog = ConfirmDialog(title=t("dice.confirm_end_title"), body=t("dice.confirm_end_text"),
                               confirm_text=t("action.end"))
        dialog.action = lambda: self.table.perform({"type": "end"})
        dialog.open()
        return dialog

    def open_manual(self):
        # How many faces to ask for is the roll's own "die" parameter.
        session = self.table.session
        if session is None:
            return
        roll = next((a for a in session.game.legal_actions(session.state) if a.type == "roll"), None)
        if roll is None:
            return
        name, die = next(((n, p) for n, p in roll.params.items() if getattr(p, "kind", "") == "die"), ("dice", None))
        from ..dialogs.manual_die import ManualDieDialog
        ManualDieDialog(count=getattr(die, "count", 1), param=name).open()


SCREEN = DiceScreen
