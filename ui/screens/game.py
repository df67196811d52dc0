"""Every game but the dice table, from its own descriptions (summary, legal actions).

Its look is in game.kv beside this file."""
from __future__ import annotations


from kivy.clock import Clock
from kivy.properties import BooleanProperty


from .. import actions as A
from .. import theme
from ..dialogs import ActionDialog, HelpDialog
from ..widgets import BigButton, Caption, SeatCard, pad_mark, reuse
from .base import BaseScreen


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
    pattern = re.compile(r"\b(" + "|".join(re.escape(escape_markup(w)) for w in sorted(words, key=len, reverse=True))
                         + r")\b")
    by_escaped = {escape_markup(w): h for w, h in words.items()}

    def paint(text):
        return pattern.sub(lambda m: f"[b][color={by_escaped[m.group(1)]}]{m.group(1)}[/color][/b]",
                           escape_markup(text))
    return paint


class FactLine(Caption):
    """One line of the game's summary; `fresh` when the last step changed it."""
    fresh = BooleanProperty(False)


class GameScreen(BaseScreen):
    """Any game but the dice table, from its own descriptions: the summary
    (headline, banner, prompt, seats with badges, lines) and the legal actions
    as buttons. A tap asks the action's arguments (ActionDialog) and sends it."""

    _seen: dict = {}     # the summary lines last shown, by session

    def refresh(self):
        app, t = self.app, self.t
        session = app.session
        if session is None or session.game.table_screen != self.name:
            return
        ids = self.ids
        game, state = session.game, session.state
        dialog = getattr(self, "dialog", None)
        if dialog is not None and dialog.asked_at != (session.id, session.head) and dialog._window is not None:
            dialog.dismiss()    # the table moved on meanwhile (a button, the clock): the question is stale
        summary = game.summary(state, t)
        players = state.get("players") or session.setup["players"]
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
        ids.headline.color = theme.player_rgba(who["colour"]) if who else theme.TEXT
        ids.banner.text = summary.get("banner") or ""
        paint = colour_words(t, game, players)
        ids.prompt.text = paint(summary.get("prompt") or "")

        ids.counters.show(game.board(state, t))
        badges = summary.get("badges") or {}
        for seat, (player, card) in enumerate(zip(players, reuse(ids.seats, len(players), SeatCard))):
            tags = badges.get(seat, badges.get(str(seat), []))
            # a tag is never broken over two lines: only between tags
            card.badges = "  ·  ".join(tag.replace(" ", "\u00a0") for tag in tags)
            card.colour, card.letter, card.name = player["colour"], player["letter"], player["name"]
            card.current = seat == current and not finished
        self.show_pads()

        texts = list(summary.get("lines", []))
        before = self._seen.get(session.id)
        self._seen = {session.id: set(texts)}
        self.fresh = None
        changed = {line for line in texts if before is not None and line not in before}
        if len(changed) * 2 > len(texts):
            changed = set()   # a whole new picture (setup done, a new phase): nothing stands out
        for line, label in zip(texts, reuse(ids.lines, len(texts), FactLine)):
            # a fact that changed with the last step is marked, and scrolled to
            label.text, label.fresh = paint(line), line in changed
            if label.fresh and self.fresh is None:
                self.fresh = label
        # over: the outcome (a score table, the winner) is the end of the facts: show it
        ids.line_scroll.at_end = finished
        ids.line_scroll.scroll_y = 0 if finished else 1
        if self.fresh is not None and not finished:
            Clock.schedule_once(self._show_fresh, -1)   # before this frame is drawn

        box = ids.actions
        self.groups = A.group_actions(game.legal_actions(state))
        self.buttons = {}
        # one button per group, then Play again at the end; a button's group says what a tap does
        for group, button in zip(self.groups + ([None] if finished else []),
                                 reuse(box, len(self.groups) + finished, self._action_button)):
            button.group = group
            if group is None:
                button.text, button.tone, button.colour, button.letter = t("dice.play_again"), "go", "grey", ""
                self.buttons["play_again"] = button
                continue
            actor = group.actor
            who = players[actor] if actor is not None and 0 <= actor < len(players) else None
            button.text, button.tone = t(group.label), A.group_tone(group, self.groups, current)
            button.colour, button.letter = (who["colour"], who["letter"]) if who else ("grey", "")
            self.buttons.setdefault(group.type, button)
            self.buttons[(group.type, group.label)] = button
        ids.no_actions.opacity = 0 if box.children else 1
        ids.undo_btn.disabled = not session.can_undo
        ids.redo_btn.disabled = not session.can_redo

    def _action_button(self) -> BigButton:
        button = BigButton()
        button.group = None
        button.bind(on_release=self._tapped)
        return button

    def _tapped(self, button):
        if button.group is None:
            self.app.play_again()
        else:
            self.choose(button.group)

    def show_pads(self):
        """Each seat card says when its pad is offline (app.pad_states); in place."""
        states = self.app.pad_states
        t = self.t
        for seat, card in enumerate(reversed(self.ids.seats.children)):
            card.pad = states.get(seat, "")
            card.pad_text = pad_mark(t, card.pad)

    def _show_fresh(self, *_):
        if self.fresh is not None:
            self.ids.line_scroll.show_at_top(self.fresh)

    def choose(self, group) -> ActionDialog:
        session = self.app.session
        players = session.state.get("players") or session.setup["players"]
        dialog = ActionDialog(group, players, session.state.get("current"), context=self.ids.prompt.text)
        dialog.asked_at = (session.id, session.head)
        self.dialog = dialog
        dialog.open()
        return dialog

    def button(self, type_or_key):
        """The button for an action type (or (type, label)): what a finger taps."""
        return self.buttons[type_or_key]

    def open_help(self) -> HelpDialog:
        session = self.app.session
        t = self.t
        paragraphs = session.game.help(t) or [t("help.none")]
        dialog = HelpDialog(paragraphs + [t("help.common")], title=t("help.title", game=t(session.game.title)))
        dialog.open()
        return dialog


SCREEN = GameScreen
