"""The dice table: whose turn, the big die, the history and histogram, the turn timer.

Its look is in dice.kv beside this file; the manual die's dialog is ui/dialogs/manual_die."""
from __future__ import annotations

from kivy.clock import Clock

from kivy.metrics import dp

from .. import theme
from ..widgets.chips import ChipLabel
from .base import BaseScreen, HISTORY


def history_text(dice) -> str:
    """A roll in the last rolls, as short as it reads: "5", or "5+5+4 = 14" (the spaced
    "5 + 5 + 4 = 14" of the die's caption is wider than the room)."""
    dice = list(dice)
    return str(dice[0]) if len(dice) == 1 else f"{'+'.join(map(str, dice))} = {sum(dice)}"


class DiceScreen(BaseScreen):
    _history = None      # the rolls last shown and their players, shown again when the room changes

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

        rolls = session.recent_rolls(HISTORY)     # not the whole log of a long game
        die = ids.die
        roll = legal.get("roll")
        die.disabled = roll is None
        die.edge = list(theme.player_rgba(current["colour"])) if roll else list(theme.LINE)
        die.big = " ".join(map(str, rolls[-1].dice)) if rolls else "–"
        # once the turn has passed, the last roll is the previous player's: dimmed, not mistaken for a new one
        die.stale = bool(rolls) and rolls[-1].player != state.get("current") and not session.finished
        die.detail = " · ".join(summary["lines"])
        die.caption = t("dice.tap_hint", action=t(roll.label)) if roll else summary["headline"]

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

        self._show_history(list(reversed(rolls[-HISTORY:])), players)
        ids.no_rolls.opacity = 0 if rolls else 1
        counts = session.histogram()
        ids.histogram.counts = counts
        ids.histogram_title.text = t("dice.histogram", count=sum(counts.values()))
        self.show_pads()

    def fit_history(self) -> None:
        """The history's room changed (the window laid out): as many rolls as fit now."""
        if self._history is not None:
            self._show_history(*self._history)

    def _show_history(self, recent, players) -> None:
        """The last rolls, newest first, as many whole rows as the room holds (a roll
        half hidden under the Undo row is no use). A roll already shown keeps its widget
        (a new roll moves the others down a place: their texts are not drawn again)."""
        self._history = (recent, players)
        box = self.ids.history
        # several dice a roll ("5+5+4 = 14") take a row each; a single die's face, half a row
        box.cols = 1 if any(len(item.dice) > 1 for item in recent) else 2
        rows = int(self.ids.history_area.height // dp(theme.CHIP))
        recent = recent[:max(1, rows) * box.cols]
        wanted = []
        for item in recent:
            who = players[item.player] if 0 <= item.player < len(players) else {"colour": "grey", "letter": "?"}
            wanted.append(((item, who["colour"], who["letter"]), item, who))
        keys = {key for key, _, _ in wanted}
        shown = {chip.shows: chip for chip in box.children if getattr(chip, "shows", None) in keys}
        spares = [chip for chip in box.children if getattr(chip, "shows", None) not in keys]
        order = []
        for key, item, who in wanted:
            chip = shown.pop(key, None)
            if chip is None:
                chip = spares.pop() if spares else ChipLabel(size_hint_y=None, height=dp(theme.CHIP))
                chip.colour, chip.letter, chip.text = who["colour"], who["letter"], history_text(item.dice)
                chip.shows = key
            order.append(chip)
        for chip in list(box.children):
            if chip not in order:
                box.remove_widget(chip)
        # Moved one at a time, not all taken off and put back: a new roll is one chip
        # moved to the front, and the others keep their drawing as it is.
        for at, chip in enumerate(order):
            if list(reversed(box.children))[at:at + 1] != [chip]:
                if chip.parent is not None:      # (box is ids' weak proxy: not `is` its parent)
                    chip.parent.remove_widget(chip)
                box.add_widget(chip, index=len(box.children) - at)

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
