"""Every game but the dice table, from its own descriptions (summary, legal actions).

Its look is in game.kv beside this file."""
from __future__ import annotations

from kivy.clock import Clock


from kivy.metrics import dp, sp
from kivy.properties import BooleanProperty, NumericProperty
from kivy.uix.widget import Widget
from kivy.utils import escape_markup

from companion.board import seat_token

from .. import actions as A
from .. import theme
from ..adjust import AdjustDialog
from ..dialogs.action import ActionDialog
from ..dialogs.help import HelpDialog
from ..widgets.lists import reuse
from ..widgets.quiet import drawn_while_seen
from ..widgets.seats import SeatCard, pad_mark
from ..widgets.text import drawn_width
from .base import BaseScreen

ADJUST = "open_adjust"    # the button that opens the corrections (not a move: its key in `buttons`)
MORE = "open_more"        # the button that opens the other steps


_PAINTERS: dict = {}    # colour_words' painters, by language, game and colours: made once, not each step


def colour_words(t, game, players):
    """Texts with the table's colours named in them (a gem's colour, in the game's
    own words "<game>.colour.<name>") drawn in that colour; everything else escaped.
    The same table in the same language gets the painter it got before."""
    colours = frozenset(p["colour"] for p in players)
    lang = getattr(t, "lang", None)
    if lang is None:    # not the table's catalogue: made afresh
        return _colour_words(t, game, colours)
    key = (lang, game.id, colours)
    if key not in _PAINTERS:
        if len(_PAINTERS) >= 32:
            _PAINTERS.clear()
        _PAINTERS[key] = _colour_words(t, game, colours)
    return _PAINTERS[key]


def _colour_words(t, game, colours):
    import re

    words = {}
    for colour in colours | {"clear"}:
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


def ring_sides(count: int) -> tuple[list[int], list[int]]:
    """The seats round the screen's edge in their clockwise order, as the players sit:
    the first up the left side from the bottom, the rest down the right side from the
    top. Returned as each column shows them, top to bottom."""
    left = (count + 1) // 2
    return list(reversed(range(left))), list(range(left, count))


def show_painted(label, text: str, paint) -> None:
    """A text into a label, its colour words painted (colour_words): as markup only when
    some are, which Kivy draws at half the speed of plain text (the prompt and the news
    line change at every step, most of them without a colour)."""
    painted = paint(text)
    label.markup = "[" in painted          # escaped, a text has no "[" but a tag's
    label.text = painted if label.markup else text


class BoardPlace(Widget):
    """The board's room under the words (game.kv), its two children the board and the
    game's countdown: the board, or while the countdown runs (clock_shown) the
    countdown in its place, with all the room. Both stay laid out, each at its size:
    the one not shown is only hidden (opacity 0, its canvas out of this one's: not
    walked at all by a frame) and out of a finger's reach. Switching moves no widget
    and draws no text again; nothing is laid out but what changed."""
    clock_shown = BooleanProperty(False)
    gap = NumericProperty(0)   # the board's top under the middle's spacing, as it was under the clock's empty line

    def __init__(self, **kwargs):
        super().__init__(**kwargs)
        place = self._place
        for name in ("pos", "size", "gap"):
            self.fbind(name, place)
        self.fbind("clock_shown", self._show)

    def add_widget(self, widget, *args, **kwargs):
        super().add_widget(widget, *args, **kwargs)
        drawn_while_seen(widget)
        self._place()
        self._show()

    def _parts(self):
        """(the board, the countdown): the first child kv adds and the second."""
        children = self.children
        return (children[-1], children[0]) if len(children) == 2 else (None, None)

    def _place(self, *_):
        """The one shown to the room (the board under the gap): the hidden one is placed
        when it shows, not laid out again for nobody each time the words above move."""
        board, clock = self._parts()
        if board is None:
            return
        if self.clock_shown:
            clock.pos, clock.size = self.pos, self.size
        else:
            board.pos, board.size = self.pos, (self.width, max(0, self.height - self.gap))

    def _show(self, *_):
        board, clock = self._parts()
        if board is None:
            return
        self._place()
        shown, hidden = (clock, board) if self.clock_shown else (board, clock)
        hidden.opacity, shown.opacity = 0, 1     # the hidden one not drawn at all: drawn_while_seen

    def _to_shown(self, event: str, touch) -> bool:
        """A touch goes to the part shown only: the hidden board is out of a finger's reach."""
        shown = self._parts()[1 if self.clock_shown else 0]
        return shown is not None and shown.dispatch(event, touch)

    def on_touch_down(self, touch):
        return self._to_shown("on_touch_down", touch)

    def on_touch_move(self, touch):
        return self._to_shown("on_touch_move", touch)

    def on_touch_up(self, touch):
        return self._to_shown("on_touch_up", touch)


class GameScreen(BaseScreen):
    """Any game but the dice table, from its own descriptions: the summary
    (headline, banner, prompt, badges, facts), the board and the legal actions.
    The seats sit round the edge, the board between them, the next step below. A
    tap asks the action's arguments (ActionDialog) and sends it."""

    scoreboard = BooleanProperty(False)   # the game is over: the ranked scoreboard has the screen
    _seen: dict = {}          # the facts last shown, by session
    fresh: list = []          # the facts the last step changed (the news line shows the last of them)

    def on_kv_post(self, base_widget):
        super().on_kv_post(base_widget)
        shell = self.app
        if shell is not None:
            shell.bind(countdown_on=self._countdown_on)   # a bound method: Kivy keeps it weakly
            self.guess_focus(shell.countdown_on)
        ids = self.ids
        for name in ("banner", "news", "pads_btn", "phones_btn", "primary", "peer", "end_turn", "left", "right"):
            drawn_while_seen(ids[name].__self__)    # each at opacity 0 at times (game.kv)
        for name in ("primary", "peer", "end_turn"):
            ids[name].fbind("text", self.show_step)

    @staticmethod
    def show_step(button, text) -> None:
        """A step's button in sight and enabled while it has words (as it gets them: a
        chip that comes after is not drawn as disabled first; game.kv). Not a kv rule:
        the words change at every press."""
        button.opacity = 1 if text else 0
        button.disabled = not text

    def _countdown_on(self, _app, on: bool) -> None:
        self.guess_focus(on)

    def guess_focus(self, on: bool) -> None:
        """While a guess clock runs (Sing Sing), the clock takes the board's place: one
        thing to read across the table, and each second's frame draws only what is
        left. The seats stay round it. The board comes back, in place, when it goes."""
        self.ids.place.clock_shown = on

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
        self.summary = summary
        players = self.players(session)
        current = state.get("current")
        if not isinstance(current, int) or not 0 <= current < len(players):
            current = None
        finished = session.finished

        who = players[current] if current is not None and not finished else None
        self.headline = summary.get("headline", "")
        ids.headline.text = self.headline
        ids.headline.color = theme.rgba(theme.text_hex(who["colour"])) if who else theme.TEXT
        self.place_headline()
        ids.banner.text = summary.get("banner") or ""
        paint = colour_words(t, game, players)
        show_painted(ids.prompt, summary.get("prompt") or "", paint)

        board = game.board(state, t)
        ids.board.show(board, players)
        # at the end the scoreboard takes the seats' room too: every seat is in it, ranked
        self.scoreboard = bool(finished and board is not None and board.scores)
        if self.scoreboard:    # the headline says how it ended; the rows say the rest
            ids.prompt.text = ids.banner.text = ""
        badges = summary.get("badges") or {}
        for seat, card in zip(range(len(players)), self.seat_tokens(len(players))):
            player = players[seat]
            token = seat_token(board, seat, badges.get(seat, badges.get(str(seat), ())))
            # lists, as the card's list properties hold them: one the same as before is no change
            card.show(colour=player["colour"], letter=player["letter"], name=player["name"],
                      current=seat == current and not finished, counts=list(token.figures), track=token.track,
                      track_share=token.share, pips=list(token.pips), tags=list(token.tags))
        phones = getattr(table, "phones", None)
        ids.phones_btn.opacity = 1 if phones is not None and phones.enabled else 0
        if phones is not None and phones.offer(session.id) and getattr(phones, "dialog", None) is None:
            Clock.schedule_once(lambda _dt: self.open_phones(), 0)    # a table sitting down: the code first
        self.show_news(session, summary, paint, finished)
        self.show_pads()
        self.show_actions(session, players, current, finished)
        ids.undo_btn.disabled = not session.can_undo
        ids.redo_btn.disabled = not session.can_redo

    headline = ""

    def place_headline(self, *_) -> None:
        """Whose turn it is in the top bar, between Redo and Log, when it fits there on one
        line (the board then has that line's room); else over the board, on two at most."""
        ids = self.ids
        label, room, middle = ids.headline.__self__, ids.top_room.__self__, ids.middle.__self__
        fits = drawn_width(self.headline, sp(26), True) <= room.width - dp(16)
        home = room if fits else middle
        if label.parent is home:
            return
        label.parent.remove_widget(label)
        label.grow = not fits      # up there the bar's height; over the board its lines' height
        if fits:
            label.size_hint_y = 1
            room.add_widget(label)
        else:
            label.size_hint_y = None
            middle.add_widget(label, index=len(middle.children) - 1)    # under the banner

    def show_news(self, session, summary, paint, finished) -> None:
        """What the last step did (a roll's result, a timeout), in sight above the board:
        the last fact it changed. The facts themselves are in Help."""
        texts = list(summary.get("lines", []))
        before = self._seen.get(session.id)
        self._seen = {session.id: set(texts)}
        changed = [line for line in texts if before is not None and line not in before]
        if len(changed) * 2 > len(texts):
            changed = []   # a whole new picture (setup done, a new phase): nothing stands out
        self.fresh = changed
        news = changed and not finished and summary.get("news", True)
        # the news at two lines at most, and only while the words over the board leave it
        # room (long names make long prompts): else it is in Help and the Log
        ids = self.ids
        room = max(1.0, ids.middle.width - dp(24))

        def lines(text, bold=False):
            return -(-drawn_width(text, sp(24), bold) * 1.1 // room) if text else 0
        above = lines(summary.get("prompt") or "") + lines(summary.get("banner") or "", True) + \
            (lines(self.headline, True) if ids.headline.parent is ids.middle.__self__ else 0)
        said = changed[-1] if news else ""
        show_painted(ids.news, said if said and lines(said) <= 2 and above + lines(said) <= 5 else "", paint)

    def seat_tokens(self, count: int) -> list[SeatCard]:
        """The seats' tokens in seat order, placed round the edge (ring_sides); the same
        widgets from step to step, moved only when the number of seats changes."""
        left, right = ring_sides(count)
        cards = {}
        for column, seats in ((self.ids.left, left), (self.ids.right, right)):
            for seat, card in zip(seats, reuse(column, len(seats), SeatCard)):
                cards[seat] = card
        return [cards[seat] for seat in range(count)]

    def show_actions(self, session, players, current, finished):
        """The primary step large (with its equal beside it), the end of the turn in
        sight (muted while it may not be made yet), the other steps behind More, the
        corrections behind Adjust."""
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
            look = A.group_look(group)
            button.text = A.look_words(t(group.label), look)    # first: enabled before a chip comes
            button.tone = {A.RIGHT: "go", A.WRONG: "danger"}.get(look, tone)
            if who:
                button.colour, button.letter = who["colour"], who["letter"]
            else:    # no chip: its colour kept, not a hidden chip's letter drawn again in grey
                button.letter = ""
            self.buttons.setdefault(group.type, button)
            self.buttons[(group.type, group.label)] = button

        primary, peer = ids.primary, ids.peer
        if panel.primary is not None:
            dress(primary, panel.primary, "primary")
        elif finished:   # the game is over: playing again is what comes next
            primary.group, primary.letter, primary.text, primary.tone = None, "", t("dice.play_again"), "go"
            self.buttons["play_again"] = primary
        else:
            # the chip out before the words: not drawn again as disabled (game.kv) on its way out
            primary.group, primary.letter, primary.text, primary.tone = None, "", "", "quiet"
        if panel.peer is not None:
            dress(peer, panel.peer, "primary")
        else:
            peer.group, peer.letter, peer.text = None, "", ""
        more, adjust = ids.more_btn, ids.adjust_btn
        more.disabled, adjust.disabled = not panel.others, not panel.adjust
        if panel.others:
            self.buttons[MORE] = more
        if panel.adjust:
            self.buttons[ADJUST] = adjust
        end = ids.end_turn
        end.muted = panel.end_turn is None
        if panel.end_turn is not None:
            dress(end, panel.end_turn, "go")
        elif panel.end_turn_type is not None:   # in sight, not yet: a tap says why
            end.group, end.letter, end.text, end.tone = panel.end_turn_type, "", t(ender.label), "quiet"
        else:
            end.group, end.letter, end.text = None, "", ""
        self.fit_bar()    # last: every button's words known

    def fit_bar(self) -> None:
        """The bar's widths: More and Adjust as their words; the end of the turn as its
        words, or all the room when it is the only step; the primary step (and its
        equal) the rest. Laid out now, not over the next frames: a button that just
        came never draws its words squeezed into the width it had while gone."""
        ids = self.ids
        primary, peer, end = ids.primary, ids.peer, ids.end_turn
        for button in (primary, peer):
            button.size_hint_x = 1 if button.text else None
            if not button.text:
                button.width = 0
        end.big = not primary.text
        if end.text and primary.text:
            end.size_hint_x = None
            end.width = max(dp(150), drawn_width(end.text, sp(24), True) + dp(28)) + (dp(56) if end.letter else 0)
        else:
            end.size_hint_x = 1 if end.text else None
            if not end.text:
                end.width = 0
        shape = [(b.size_hint_x, b.width if b.size_hint_x is None else None) for b in (primary, peer, end)]
        if shape == getattr(self, "_bar_shape", None):
            return                # the same widths as the last step: Kivy's own pass will do
        self._bar_shape = shape
        bar = primary.parent
        bar.do_layout()    # the buttons' words drawn once, at their new widths
        bar._trigger_layout.cancel()    # done: not again in the frame (a change since asks for it again)

    def tapped(self, button):
        group = button.group
        if group is None:
            if button is self.ids.primary and self.table.session is not None and self.table.session.finished:
                self.table.play_again()
        elif isinstance(group, str):
            self.table.perform({"type": group})   # the end of the turn, not yet: the game says why
        else:
            self.choose(group)

    def _words(self, group) -> str:
        players = self.players(self.table.session)
        return A.by_whom(self.t, players, group.actor, A.look_words(self.t(group.label), A.group_look(group)))

    def open_more(self) -> AdjustDialog | None:
        """The other steps that may be taken now, one button each; a tap asks its arguments."""
        groups = getattr(self, "panel", None) and self.panel.others
        if not groups:
            return None
        t = self.t
        dialog = AdjustDialog(groups, self._words, self.choose, title=t("game.more_title"), body=t("game.more_body"))
        self.more_dialog = dialog
        dialog.open()
        return dialog

    def open_phones(self):
        """The code the phones join by, and which phone holds which seat (ui/dialogs/phones.py)."""
        from ..dialogs.phones import PhonesDialog
        dialog = PhonesDialog(self.table.phones)
        dialog.open()
        return dialog

    def open_adjust(self) -> AdjustDialog | None:
        """The corrections (a card's effect), one button each; a tap asks its arguments."""
        groups = getattr(self, "panel", None) and self.panel.adjust
        if not groups:
            return None
        t = self.t
        dialog = AdjustDialog(groups, self._words, self.choose, title=t("game.adjust_title"),
                              body=t("game.adjust_body"))
        self.adjust_dialog = dialog
        dialog.open()
        return dialog

    def show_pads(self):
        """Each seat token says when its pad is offline (Table.pad_states); in place."""
        states = self.table.pad_states
        t = self.t
        session = self.table.session
        count = len(self.players(session)) if session is not None else 0
        for seat, card in enumerate(self.seat_tokens(count)):
            card.pad = states.get(seat, "")
            card.pad_text = pad_mark(t, card.pad)

    @staticmethod
    def players(session) -> list:
        return session.state.get("players") or session.setup["players"]

    def choose(self, group) -> ActionDialog:
        session = self.table.session
        players = self.players(session)
        prompt = self.ids.prompt
        context = prompt.text if prompt.markup else escape_markup(prompt.text)    # markup, as the dialog reads it
        dialog = ActionDialog(group, players, self.table, session.state.get("current"), context=context)
        dialog.asked_at = (session.id, session.head)
        self.dialog = dialog
        dialog.open()
        return dialog

    def offers(self, type_or_key) -> bool:
        """Whether a step (its type, or (type, label)) may be taken now: on the bar,
        behind More or behind Adjust."""
        return any(type_or_key in (g.type, (g.type, g.label)) for g in getattr(self, "groups", ()))

    def button(self, type_or_key):
        """The button for an action type (or (type, label)): what a finger taps."""
        return self.buttons[type_or_key]

    def open_help(self) -> HelpDialog:
        """What lies on the table now (the facts the table view leaves out), then the
        rules in short, those for this point of the game first, each with where the
        rulebook says it; beside them how Cellmate reads the rules, and the buttons."""
        session = self.table.session
        t = self.t
        game, state = session.game, session.view
        now, others = game.rules(t, state)
        readings = game.help(t, state) or [t("help.none")]
        facts = list(game.summary(state, t).get("lines", []))
        sections = ([(t("help.table"), facts)] if facts else []) + [
            (t("help.now"), now), (t("help.rules"), others), (t("help.readings"), readings)]
        dialog = HelpDialog([t("help.common")], sections=sections, title=t("help.title", game=t(game.title)))
        dialog.open()
        return dialog


SCREEN = GameScreen
