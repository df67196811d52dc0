"""Every game but the dice table, from its own descriptions (summary, legal actions).

Its look is in game.kv beside this file."""
from __future__ import annotations


from kivy.properties import BooleanProperty


from .. import actions as A
from .. import theme
from ..adjust import AdjustDialog
from ..dialogs.action import ActionDialog
from ..dialogs.help import HelpDialog
from ..widgets.buttons import BigButton
from ..widgets.lists import reuse
from ..widgets.seats import SeatCard, pad_mark
from ..widgets.text import Caption
from .base import BaseScreen

ADJUST = "open_adjust"    # the button that opens the corrections (not a move: its key in `buttons`)


def colour_words(t, game, players):
    """Texts with the table's colours named in them (a gem's colour, in the game's
    own words "<game>.colour.<name>") drawn in that colour; everything else escaped."""
    import re

    from kivy.utils import escape_markup
    words = {}
    for colour in {p["colour"] for p in players} | {"clear"}:
        key = f"{game.id}.colour.{colour}"
        word = t(key)
        if word != key:
            words[word] = theme.text_hex(colour)
    if not words:
        return lambda text: escape_markup(text)
    # the whole token is painted, "(sky):" and not "(" "sky" "):": a line may break where a tag begins
    pattern = re.compile(r"(\S*?)\b(" + "|".join(re.escape(escape_markup(w)) for w in sorted(words, key=len, reverse=True))
                         + r")\b(\S*)")
    by_escaped = {escape_markup(w): h for w, h in words.items()}

    def paint(text):
        return pattern.sub(lambda m: f"[b][color={by_escaped[m.group(2)]}]{m.group(0)}[/color][/b]",
                           escape_markup(text))
    return paint


def seat_board(board, seat: int, tags: list[str]) -> tuple[list[str], str, float]:
    """What the board puts in front of a seat: its counts, short ("4 cards"; those
    its tags do not say already), and its progress on the board's first track,
    with the share done."""
    if board is None:
        return [], "", 0.0
    said = " ".join(tags).lower()
    view = next((v for v in board.seats if v.seat == seat), None)
    counts, shorts = (view.counts, view.short or [f"{words} {number}" for words, number in view.counts]) if view \
        else ((), ())
    # a count the tags name already ("actions: 2" beside "Actions left 2") is said once
    shown = [short for (words, _number), short in zip(counts, shorts)
             if not any(len(word) > 3 and word in said for word in words.lower().split())]
    if not board.tracks:
        return shown, "", 0.0
    track = board.tracks[0]
    value = track.values[seat] if seat < len(track.values) else 0
    share = min(1.0, value / track.goal) if track.goal else 0.0
    return shown, f"{track.short or track.label}\u00a0{value}/{track.goal}", share


class FactLine(Caption):
    """One line of the game's summary; `fresh` when the last step changed it."""
    fresh = BooleanProperty(False)


class GameScreen(BaseScreen):
    """Any game but the dice table, from its own descriptions: the summary
    (headline, banner, prompt, seats with badges, lines) and the legal actions
    as buttons. A tap asks the action's arguments (ActionDialog) and sends it."""

    _seen: dict = {}     # the summary lines last shown, by session
    _stepped_aside: list = []   # (widget, parent, index) while a guess clock has the screen

    def on_kv_post(self, base_widget):
        super().on_kv_post(base_widget)
        shell = self.app
        if shell is not None:
            shell.bind(countdown_on=self._countdown_on)   # a bound method: Kivy keeps it weakly
            self.guess_focus(shell.countdown_on)

    def _countdown_on(self, _app, on: bool) -> None:
        self.guess_focus(on)

    def guess_focus(self, on: bool) -> None:
        """While a guess clock runs (Sing Sing), the clock is the screen: the seats,
        the last step's news and the board step aside, and the clock takes their room.
        One thing to read across the table, and each second's frame draws only what
        is left. They come back, in place, when the clock goes."""
        ids = self.ids
        if on and not self._stepped_aside:
            aside = []
            for proxy in (ids.seat_scroll, ids.news_scroll, ids.line_scroll):
                widget = proxy.__self__    # ids are weak: off the tree, only this list keeps it
                parent = widget.parent
                aside.append((widget, parent, parent.children.index(widget)))
                parent.remove_widget(widget)
            self._stepped_aside = aside
            ids.countdown.size_hint_y = 1
        elif not on and self._stepped_aside:
            for widget, parent, index in reversed(self._stepped_aside):
                parent.add_widget(widget, index=index)
            self._stepped_aside = []
            ids.countdown.size_hint_y, ids.countdown.height = None, 0

    def refresh(self):
        table, t = self.table, self.t
        session = table.session
        if session is None or session.game.table_screen != self.name:
            return
        ids = self.ids
        game, state = session.game, session.view
        dialog = getattr(self, "dialog", None)
        if dialog is not None and dialog.asked_at != (session.id, session.head) and dialog._window is not None:
            dialog.dismiss()    # the table moved on meanwhile (a button, the clock): the question is stale
        summary = game.summary(state, t)
        players = self.players(session)
        current = state.get("current")
        if not isinstance(current, int) or not 0 <= current < len(players):
            current = None
        finished = session.finished

        ids.headline.text = summary.get("headline", "")
        who = players[current] if current is not None and not finished else None
        ids.turn_chip.colour = who["colour"] if who else "grey"
        ids.turn_chip.letter = who["letter"] if who else "?"
        ids.turn_chip.opacity = 1 if who else 0
        ids.turn_chip.width = ids.turn_chip.height if who else 0
        ids.headline.color = theme.rgba(theme.text_hex(who["colour"])) if who else theme.TEXT
        ids.banner.text = summary.get("banner") or ""
        paint = colour_words(t, game, players)
        ids.prompt.text = paint(summary.get("prompt") or "")

        board = game.board(state, t)
        ids.board.show(board, players)
        badges = summary.get("badges") or {}
        for seat, (player, card) in enumerate(zip(players, reuse(ids.seats, len(players), SeatCard))):
            tags = list(badges.get(seat, badges.get(str(seat), [])))
            card.colour, card.letter, card.name = player["colour"], player["letter"], player["name"]
            card.current = seat == current and not finished
            card.counts, card.track, card.track_share = seat_board(board, seat, tags)
            card.tags = tags
        self.show_pads()

        texts = list(summary.get("lines", []))
        before = self._seen.get(session.id)
        self._seen = {session.id: set(texts)}
        self.fresh = None
        changed = {line for line in texts if before is not None and line not in before}
        if len(changed) * 2 > len(texts):
            changed = set()   # a whole new picture (setup done, a new phase): nothing stands out
        for line, label in zip(texts, reuse(ids.lines, len(texts), FactLine)):
            # a fact that changed with the last step is marked
            label.text, label.fresh = paint(line), line in changed
            if label.fresh:
                self.fresh = label
        # what the last step did, in sight above the board (the last fact it changed:
        # a roll's result, a timeout), so the board never scrolls away to show it
        news = self.fresh is not None and not finished and summary.get("news", True)
        ids.news.text = self.fresh.text if news else ""
        # over: the scoreboard leads the board; without one the outcome ends the facts
        at_end = finished and not (board is not None and board.scores)
        ids.line_scroll.at_end = at_end
        ids.line_scroll.scroll_y = 0 if at_end else 1

        self.show_actions(session, players, current, finished)
        ids.undo_btn.disabled = not session.can_undo
        ids.redo_btn.disabled = not session.can_redo

    def show_actions(self, session, players, current, finished):
        """The primary step large, the other steps under it, the end of the turn in
        sight (muted while it may not be made yet), the corrections behind Adjust."""
        t, ids, game, state = self.t, self.ids, session.game, session.view
        self.groups = A.group_actions(game.legal_actions(state))
        ender = game.turn_end(state)
        panel = A.panel(self.groups, current, ender.type if ender is not None else None)
        self.panel = panel
        self.buttons = {}

        def dress(button, group, tone):
            button.group = group
            actor = group.actor
            who = players[actor] if actor is not None and 0 <= actor < len(players) else None
            button.text, button.tone = t(group.label), tone
            button.colour, button.letter = (who["colour"], who["letter"]) if who else ("grey", "")
            self.buttons.setdefault(group.type, button)
            self.buttons[(group.type, group.label)] = button

        primary = ids.primary
        if panel.primary is not None:
            dress(primary, panel.primary, "primary")
        elif finished:   # the game is over: playing again is what comes next
            primary.group, primary.text, primary.tone, primary.colour, primary.letter = (
                None, t("dice.play_again"), "go", "grey", "")
            self.buttons["play_again"] = primary
        else:
            primary.group, primary.text, primary.letter = None, "", ""
        # the other steps: quieter than the primary; the chip still says whose they are.
        # Last, when the game allows any, "Adjust": the corrections behind one button
        shown = panel.others + ([ADJUST] if panel.adjust else [])
        for group, button in zip(shown, reuse(ids.actions, len(shown), self._action_button)):
            if group is ADJUST:
                button.group, button.text, button.tone, button.colour, button.letter = (
                    ADJUST, t("game.adjust"), "quiet", "grey", "")
                self.buttons[ADJUST] = button
                continue
            dress(button, group, "quiet" if A.group_tone(group, self.groups, current) == "quiet" else "normal")
        end = ids.end_turn
        end.muted = panel.end_turn is None
        if panel.end_turn is not None:
            dress(end, panel.end_turn, "go")
        elif panel.end_turn_type is not None:   # in sight, not yet: a tap says why
            end.group, end.text, end.tone = panel.end_turn_type, t(ender.label), "quiet"
            end.colour, end.letter = "grey", ""
        else:
            end.group, end.text, end.letter = None, "", ""
        ids.no_actions.opacity = 0 if primary.text or ids.actions.children or end.text else 1

    def _action_button(self) -> BigButton:
        button = BigButton()
        button.group = None
        button.bind(on_release=self.tapped)
        return button

    def tapped(self, button):
        group = button.group
        if group is ADJUST:
            self.open_adjust()
        elif group is None:
            if button is self.ids.primary and self.table.session is not None and self.table.session.finished:
                self.table.play_again()
        elif isinstance(group, str):
            self.table.perform({"type": group})   # the end of the turn, not yet: the game says why
        else:
            self.choose(group)

    def open_adjust(self) -> AdjustDialog | None:
        """The corrections (a card's effect), one button each; a tap asks its arguments."""
        groups = getattr(self, "panel", None) and self.panel.adjust
        if not groups:
            return None
        t = self.t
        players = self.players(self.table.session)

        def words(group):
            return A.by_whom(t, players, group.actor, t(group.label))
        dialog = AdjustDialog(groups, words, self.choose, title=t("game.adjust_title"), body=t("game.adjust_body"))
        self.adjust_dialog = dialog
        dialog.open()
        return dialog

    def show_pads(self):
        """Each seat card says when its pad is offline (Table.pad_states); in place."""
        states = self.table.pad_states
        t = self.t
        for seat, card in enumerate(reversed(self.ids.seats.children)):
            card.pad = states.get(seat, "")
            card.pad_text = pad_mark(t, card.pad)

    @staticmethod
    def players(session) -> list:
        return session.state.get("players") or session.setup["players"]

    def choose(self, group) -> ActionDialog:
        session = self.table.session
        players = self.players(session)
        dialog = ActionDialog(group, players, session.state.get("current"), context=self.ids.prompt.text)
        dialog.asked_at = (session.id, session.head)
        self.dialog = dialog
        dialog.open()
        return dialog

    def button(self, type_or_key):
        """The button for an action type (or (type, label)): what a finger taps."""
        return self.buttons[type_or_key]

    def open_help(self) -> HelpDialog:
        """The rules in short, those for this point of the game first, each with where the
        rulebook says it; beside them how Cellmate reads the rules, and the buttons."""
        session = self.table.session
        t = self.t
        game, state = session.game, session.view
        now, others = game.rules(t, state)
        readings = game.help(t, state) or [t("help.none")]
        sections = [(t("help.now"), now), (t("help.rules"), others), (t("help.readings"), readings)]
        dialog = HelpDialog([t("help.common")], sections=sections, title=t("help.title", game=t(game.title)))
        dialog.open()
        return dialog


SCREEN = GameScreen
