"""The screens. Each has its look in kv/<name>.kv and is loaded by name.

No rules live here: a screen shows the session's state through the game's
`summary` and `legal_actions`, and every tap goes to the app, which runs the
controller and then asks the screen to refresh.
"""
from __future__ import annotations

import os
import time

from kivy.app import App
from kivy.clock import Clock
from kivy.metrics import dp, sp
from kivy.properties import BooleanProperty, ListProperty, NumericProperty, ObjectProperty, StringProperty
from kivy.uix.boxlayout import BoxLayout
from kivy.uix.label import Label
from kivy.uix.screenmanager import Screen
from kivy.uix.textinput import TextInput

from companion import __version__
from companion import games
from companion.i18n import LANGUAGES, Catalogue
from companion.players import COLOUR_NAMES, MAX_NAME, MAX_PLAYERS, MIN_PLAYERS, TableError, make_table

from . import actions as A
from . import dig_board, prefs, theme
from .dialogs import ActionDialog, HelpDialog
from .widgets import BigButton, Caption, ChipLabel, Dialog, FlatButton, SeatCard, pad_mark

HISTORY = 10          # rolls shown on the dice table
# Games this UI has a table screen for: the dice table has its own, every other
# game plays on the generic game screen.
PLAYABLE = tuple(games.GAMES)
LOG_LIMIT = 200       # log rows drawn at once; older ones are counted, not drawn


def _app():
    return App.get_running_app()


class BaseScreen(Screen):
    """Refreshes from the app's state whenever it is shown."""

    @property
    def app(self):
        return _app()

    @property
    def t(self):
        return self.app.t

    def on_pre_enter(self, *args):
        self.refresh()

    def refresh(self) -> None:
        pass


faces_text = A.faces_text


def text_width(text: str, font_size: float, bold: bool = True) -> float:
    """How wide a line of text is drawn (to size a button to its name)."""
    from kivy.core.text import Label as CoreLabel
    label = CoreLabel(text=text, font_size=font_size, bold=bold)
    label.refresh()
    return label.texture.size[0]


def players_text(players) -> str:
    return ", ".join(p["name"] for p in players)


def game_title(t, game_id: str) -> str:
    game = games.GAMES.get(game_id)
    return t(game.title) if game is not None else game_id


# -- choosing a game ------------------------------------------------------------
class GamesScreen(BaseScreen):
    """Which game to set up: every game Cellmate knows, with its player range."""

    def on_kv_post(self, *_):
        from .widgets import Tile
        grid = self.ids.grid
        self.tiles = {}
        for game_id in games.GAMES:
            if game_id not in PLAYABLE:
                continue
            tile = Tile(tone="go" if game_id != "dice" else "normal")
            tile.game_id = game_id
            tile.bind(on_release=lambda _t, g=game_id: self.app.choose_game(g))
            grid.add_widget(tile)
            self.tiles[game_id] = tile

    def refresh(self):
        t = self.t
        for game_id, tile in self.tiles.items():
            game = games.GAMES[game_id]
            tile.title = t(game.title)
            tile.detail = t("games.players", low=game.min_players, high=game.max_players)


# -- home ------------------------------------------------------------------
class HomeScreen(BaseScreen):
    def refresh(self):
        app, t = self.app, self.t
        ids = self.ids
        target = app.resume_target()
        if target:
            ids.resume.disabled = False
            ids.resume.detail = t("home.resume_detail", game=game_title(t, target["game"]),
                                  players=players_text(target["setup"]["players"]))
        else:
            ids.resume.disabled = True
            ids.resume.detail = t("home.nothing_to_resume")
        table = app.latest_table()
        ids.again.disabled = table is None
        ids.again.detail = t("home.resume_detail", game=game_title(t, table["game"]),
                             players=players_text(table["setup"]["players"])) if table else t("home.no_table")
        count = len(app.store.list_sessions())
        ids.sessions.detail = t("home.sessions_detail", count=count)
        ids.settings.detail = f"{LANGUAGES[app.lang]} · {t('settings.buzzer_on' if app.buzzer_on else 'settings.buzzer_off')}"
        ids.about.detail = t("home.about_" + app.rig_mode())


# -- setup -----------------------------------------------------------------
class NameInput(TextInput):
    """A player's name: one line, at most MAX_NAME letters, all selected on tap
    so a default name is replaced by typing."""

    def insert_text(self, substring, from_undo=False):
        substring = substring.replace("\n", " ")
        room = MAX_NAME - len(self.text) + len(self.selection_text)
        return super().insert_text(substring[:max(0, room)], from_undo=from_undo)

    def on_focus(self, _instance, focused):
        if focused:
            Clock.schedule_once(lambda _dt: self.select_all(), 0)


class SeatRow(BoxLayout):
    number = NumericProperty(1)
    colour = StringProperty(COLOUR_NAMES[0])
    letter = StringProperty("?")
    removable = BooleanProperty(True)
    wrong = BooleanProperty(False)      # the message in place points at this seat
    screen = ObjectProperty(None)

    @property
    def name(self) -> str:
        return self.ids.name.text


class OptionRow(BoxLayout):
    """One of the game's options: a number with - and +, a switch, or a choice."""
    label = StringProperty("")
    value_text = StringProperty("")
    kind = StringProperty("int")
    active = BooleanProperty(False)     # a switch that is on
    screen = ObjectProperty(None)
    option = ObjectProperty(None)


class SetupScreen(BaseScreen):
    game_id = StringProperty("dice")
    message = StringProperty("")

    def on_kv_post(self, *_):
        self.options: dict = {}

    @property
    def game(self):
        return games.get(self.game_id)

    # The form survives leaving the screen; "New game" on home starts it afresh.
    def reset(self, seats: int | None = None) -> None:
        self.message = ""
        box = self.ids.seats
        box.clear_widgets()
        for _ in range(seats or self._least()):
            self._add_row()
        self._build_options()
        self._renumber()

    def choose(self, game_id: str) -> None:
        """Set the form up for this game: its options, and as many seats as it allows."""
        self.game_id = game_id
        self.message = ""
        if not self.ids.seats.children:
            self.reset()
            return
        while len(self.rows()) < self._least():
            self._add_row()
        while len(self.rows()) > self.game.max_players:
            self.ids.seats.remove_widget(self.rows()[-1])
        self._build_options()
        self._renumber()

    def _least(self) -> int:
        return max(MIN_PLAYERS, self.game.min_players)

    def _most(self) -> int:
        return min(MAX_PLAYERS, self.game.max_players)

    def rows(self) -> list[SeatRow]:
        return list(reversed(self.ids.seats.children))

    def refresh(self):
        if not self.ids.seats.children:
            self.reset()
        else:
            self._renumber()  # default names follow the language
        game = self.game
        self.ids.title.text = self.t("setup.title", game=self.t(game.title))
        self.ids.count.text = self.t("games.players", low=game.min_players, high=game.max_players)
        for row in self.ids.options.children:
            row.label = self.t(row.option.label)
            self._show_value(row)

    # -- seats
    def _defaults(self) -> set[str]:
        return {Catalogue(lang)("setup.default_name", n=n) for lang in LANGUAGES for n in range(1, MAX_PLAYERS + 1)}

    def _add_row(self) -> SeatRow:
        used = {row.colour for row in self.rows()}
        colour = next(c for c in COLOUR_NAMES if c not in used)
        row = SeatRow(screen=self, colour=colour, number=len(self.rows()) + 1)
        row.ids.name.text = self.t("setup.default_name", n=row.number)
        self.ids.seats.add_widget(row)
        return row

    def add_seat(self):
        if len(self.rows()) >= self._most():
            return
        row = self._add_row()
        self._renumber()
        # show the new seat once the list has its new height (next frame)
        Clock.schedule_once(lambda _dt: self.ids.seat_scroll.scroll_to(row, padding=0, animate=False), 0)

    def remove_seat(self, row: SeatRow):
        if len(self.rows()) <= self._least():
            return
        self.ids.seats.remove_widget(row)
        self._renumber()

    def cycle_colour(self, row: SeatRow):
        used = {r.colour for r in self.rows() if r is not row}
        start = COLOUR_NAMES.index(row.colour)
        for step in range(1, len(COLOUR_NAMES)):
            colour = COLOUR_NAMES[(start + step) % len(COLOUR_NAMES)]
            if colour not in used:
                row.colour = colour
                break
        self._update_letters()

    def name_changed(self, _row):
        self.message = ""
        for row in self.rows():
            row.wrong = False
        self._update_letters()

    def _renumber(self):
        defaults = self._defaults()
        rows = self.rows()
        for number, row in enumerate(rows, start=1):
            row.number = number
            row.removable = len(rows) > self._least()
            if row.ids.name.text in defaults:
                row.ids.name.text = self.t("setup.default_name", n=number)
        self.ids.add_seat.disabled = len(rows) >= self._most()
        self._update_letters()

    def _entries(self) -> list[dict]:
        # An untouched default name gets its seat number as its letter,
        # otherwise "Player 1", "Player 2" would be P and L.
        defaults = self._defaults()
        entries = []
        for row in self.rows():
            entry = {"name": row.name.strip(), "colour": row.colour}
            if row.name in defaults:
                entry["letter"] = str(row.number)
            entries.append(entry)
        return entries

    def _update_letters(self):
        entries = self._entries()
        try:
            letters = [p["letter"] for p in make_table(entries)]
        except TableError:  # not playable yet (say, two names alike): show a first guess
            letters = [(e.get("letter") or next((c for c in e["name"].upper() if c.isalnum()), "?")) for e in entries]
        for row, letter in zip(self.rows(), letters):
            row.letter = letter

    # -- options
    def _build_options(self):
        box = self.ids.options
        box.clear_widgets()
        game = games.get(self.game_id)
        self.options = {o.name: o.default for o in game.options}
        for option in game.options:
            row = OptionRow(screen=self, option=option, kind=option.kind, label=self.t(option.label))
            self._show_value(row)
            box.add_widget(row)

    def _show_value(self, row: OptionRow):
        row.value_text = self._value_text(row.option)
        row.active = bool(self.options.get(row.option.name)) if row.kind == "bool" else False

    def _value_text(self, option) -> str:
        return A.option_text(self.t, option, self.options.get(option.name, option.default))

    def step_option(self, row: OptionRow, step: int):
        option = row.option
        value = self.options[option.name]
        if option.kind == "int":
            value += step
            if option.minimum is not None:
                value = max(option.minimum, value)
            if option.maximum is not None:
                value = min(option.maximum, value)
        elif option.kind == "bool":
            value = not value
        else:
            choices = list(option.choices)
            value = choices[(choices.index(value) + 1) % len(choices)]
        self.options[option.name] = value
        self._show_value(row)

    def open_pads(self):
        """The seat-pad screen for the seats as the form has them now."""
        players = [dict(entry, name=entry["name"] or self.t("setup.default_name", n=row.number), letter=row.letter)
                   for row, entry in zip(self.rows(), self._entries())]
        self.app.open_pads_screen(players)

    # -- start
    def start(self):
        t = self.t
        rows = self.rows()
        for row in rows:
            row.wrong = False
        entries = self._entries()
        for row, entry in zip(rows, entries):
            if not entry["name"]:
                row.wrong = True
                self.message = t("setup.need_name", seat=row.number)
                return
        seen = {}
        for row, entry in zip(rows, entries):
            key = entry["name"].casefold()
            if key in seen:
                row.wrong = seen[key].wrong = True
                self.message = t("setup.same_name", name=entry["name"])
                return
            seen[key] = row
        for row, entry in zip(rows, entries):
            entry["letter"] = row.letter  # exactly the letters shown on the chips
        error = self.app.start_game(self.game_id, entries, dict(self.options))
        self.message = error or ""


# -- dice table --------------------------------------------------------------
class DiceScreen(BaseScreen):
    def refresh(self):
        app, t = self.app, self.t
        session = app.session
        if session is None:
            return
        ids = self.ids
        state = session.state
        game = session.game
        summary = game.summary(state, t)
        legal = {spec.type: spec for spec in game.legal_actions(state)}
        players = state.get("players") or session.setup["players"]
        current = players[state.get("current", 0)]

        ids.headline.text = summary["headline"]
        ids.headline.color = theme.player_rgba(current["colour"]) if not session.finished else theme.TEXT
        ids.turn_chip.colour = current["colour"]
        ids.turn_chip.letter = current["letter"]
        ids.turn_chip.opacity = 0 if session.finished else 1

        rolls = session.rolls()
        die = ids.die
        roll = legal.get("roll")
        die.disabled = roll is None
        die.edge = list(theme.player_rgba(current["colour"])) if roll else list(theme.LINE)
        die.big = " ".join(map(str, rolls[-1].dice)) if rolls else "–"
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

        history = ids.history
        history.clear_widgets()
        for item in reversed(rolls[-HISTORY:]):
            who = players[item.player] if 0 <= item.player < len(players) else {"colour": "grey", "letter": "?"}
            history.add_widget(ChipLabel(colour=who["colour"], letter=who["letter"], text=faces_text(item.dice),
                                         size_hint_y=None, height=dp(36)))
        ids.no_rolls.opacity = 0 if rolls else 1
        counts = session.histogram()
        ids.histogram.counts = counts
        ids.histogram_title.text = t("dice.histogram", count=sum(counts.values()))
        self.show_pads()

    def show_pads(self):
        """Which seats have a pad, and which of those pads are offline (app.pad_states)."""
        session = self.app.session
        if session is None:
            return
        players = session.state.get("players") or session.setup["players"]
        self.ids.pad_strip.show(self.t, players, self.app.pad_states)

    def roll(self):
        self.app.perform({"type": "roll"})

    def pass_turn(self):
        self.app.perform({"type": "pass"})

    def end_or_again(self):
        session = self.app.session
        if session is not None and session.finished:
            self.app.play_again()
        else:
            self.app.perform({"type": "end"})

    def open_manual(self):
        # How many faces to ask for is the roll's own "die" parameter.
        session = self.app.session
        if session is None:
            return
        roll = next((a for a in session.game.legal_actions(session.state) if a.type == "roll"), None)
        if roll is None:
            return
        name, die = next(((n, p) for n, p in roll.params.items() if getattr(p, "kind", "") == "die"), ("dice", None))
        ManualDieDialog(count=getattr(die, "count", 1), param=name).open()


class ManualDieDialog(Dialog):
    """Six face buttons for a physical die; with several dice, one face each in turn."""
    count = NumericProperty(1)
    param = StringProperty("dice")     # the roll's argument that takes the faces
    entered = StringProperty("")

    def on_kv_post(self, *_):
        self.faces: list[int] = []
        self._show()

    def _show(self):
        t = _app().t
        self.title = t("dice.manual_title") if self.count == 1 else t(
            "dice.manual_progress", n=len(self.faces) + 1, count=self.count)
        self.entered = " + ".join(map(str, self.faces))

    def face(self, value: int):
        self.faces.append(value)
        if len(self.faces) >= self.count:
            self.dismiss()
            _app().perform({"type": "roll", self.param: list(self.faces)})
        else:
            self._show()


# -- every other game ----------------------------------------------------------
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
        if session is None or session.game.id == "dice":
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

        badges = summary.get("badges") or {}
        seats = ids.seats
        seats.clear_widgets()
        for seat, player in enumerate(players):
            tags = badges.get(seat, badges.get(str(seat), []))
            # a tag is never broken over two lines: only between tags
            text = "  ·  ".join(tag.replace(" ", "\u00a0") for tag in tags)
            seats.add_widget(SeatCard(colour=player["colour"], letter=player["letter"], name=player["name"],
                                      badges=text, current=seat == current and not finished))
        self.show_pads()

        lines = ids.lines
        lines.clear_widgets()
        texts = list(summary.get("lines", []))
        before = self._seen.get(session.id)
        self._seen = {session.id: set(texts)}
        self.fresh = None
        changed = {line for line in texts if before is not None and line not in before}
        if len(changed) * 2 > len(texts):
            changed = set()   # a whole new picture (setup done, a new phase): nothing stands out
        for line in texts:
            # a fact that changed with the last step is marked, and scrolled to
            fresh = line in changed
            label = FactLine(text=paint(line), fresh=fresh)
            lines.add_widget(label)
            if fresh and self.fresh is None:
                self.fresh = label
        # over: the outcome (a score table, the winner) is the end of the facts: show it
        ids.line_scroll.at_end = finished
        ids.line_scroll.scroll_y = 0 if finished else 1
        if self.fresh is not None and not finished:
            Clock.schedule_once(self._show_fresh, 0)

        box = ids.actions
        box.clear_widgets()
        self.groups = A.group_actions(game.legal_actions(state))
        self.buttons = {}
        for group in self.groups:
            actor = group.actor
            who = players[actor] if actor is not None and 0 <= actor < len(players) else None
            button = BigButton(text=t(group.label), tone=A.group_tone(group, self.groups, current),
                                  colour=who["colour"] if who else "grey", letter=who["letter"] if who else "")
            button.bind(on_release=lambda _b, g=group: self.choose(g))
            box.add_widget(button)
            self.buttons.setdefault(group.type, button)
            self.buttons[(group.type, group.label)] = button
        if finished:
            again = BigButton(text=t("dice.play_again"), tone="go")
            again.bind(on_release=lambda _b: app.play_again())
            box.add_widget(again)
            self.buttons["play_again"] = again
        ids.no_actions.opacity = 0 if box.children else 1
        ids.undo_btn.disabled = not session.can_undo
        ids.redo_btn.disabled = not session.can_redo

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


# -- seat pads -----------------------------------------------------------------
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


def _seat_in_problem(problem: str | None) -> int | None:
    """The seat (1-based) a refused pad remembers, from the hub's words ("... says seat 2, ...")."""
    import re
    found = re.search(r"says seat (\d+)", problem or "")
    return int(found.group(1)) if found else None


# PadStatus.state (hardware.pads.driver), without importing the driver (pyserial) here
CONNECTING, ONLINE, OFFLINE, INCOMPATIBLE, IGNORED = "connecting", "online", "offline", "incompatible", "ignored"


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
        hub = self.app.pads
        count = len(self.seat_players())
        if hub is not None and count and hub.claiming is None:
            held = set(hub.seat_states()) & set(range(count))
            if not held:
                hub.begin_claim(count)   # nobody has a seat yet: nothing to lose, ask seat 1
        self.refresh()
        self.app._light_pads()

    def on_pre_leave(self, *args):
        self.active = False
        hub = self.app.pads
        if hub is not None and hub.claiming is not None:
            hub.end_claim()             # seats nobody claimed play on the screen
        self.app._light_pads()

    def seat_players(self) -> list[dict]:
        return list(self.players) or self.app.pad_players()

    # -- what a finger does
    def back(self):
        self.app.go(self.back_to if self.back_to != "pads" else "home")

    def done(self):
        """Skip (while a seat is waited for: stop claiming, stay) or Done (go back)."""
        hub = self.app.pads
        if hub is not None and hub.claiming is not None:
            hub.end_claim()
            self.refresh()
            return
        self.back()

    def claim_all(self):
        hub = self.app.pads
        if hub is not None and self.seat_players():
            hub.begin_claim(len(self.seat_players()))
            self.refresh()
            self.app._light_pads()

    def claim(self, seat: int):
        hub = self.app.pads
        if hub is not None:
            hub.claim_seat(seat)
            self.refresh()
            self.app._light_pads()

    def pressed(self, seat: int, button: int):
        """A pad that has a seat was pressed here: say whose it is."""
        players = self.seat_players()
        name = players[seat]["name"] if 0 <= seat < len(players) else "?"
        self.app.toast(self.t("pads.pressed", seat=seat + 1, name=name))

    def leds(self) -> dict:
        from companion.pads import claim_leds
        hub = self.app.pads
        return claim_leds(self.seat_players(), hub.online_seats() if hub is not None else ())

    # -- what is shown
    def refresh(self):
        self.show_pads()

    def show_pads(self):
        app, t = self.app, self.t
        ids = self.ids
        hub = app.pads
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
        by_seat = {s.seat: s for s in statuses if s.seat is not None and s.pad_id}
        for seat, (row, player) in enumerate(zip(rows, players)):
            row.colour, row.letter, row.name = player["colour"], player["letter"], player["name"]
            state = states.get(seat)
            status = by_seat.get(seat)
            if seat == waiting:
                row.kind, row.status = "waiting", t("pads.seat_waiting")
            elif state == ONLINE:
                row.kind, row.status = "online", t("pads.seat_online", pad=status.pad_id if status else "?")
            elif state == OFFLINE:
                row.kind, row.status = "offline", t("pads.seat_offline", pad=status.pad_id if status else "?")
            else:
                row.kind, row.status = "none", t("pads.seat_none")
            row.claim_text = t("pads.claim_again") if state is not None else t("pads.claim")

        # pads (and ports) without a seat at this table
        others = ids.others
        others.clear_widgets()
        for status in statuses:
            if status.seat is not None and status.seat < count:
                continue
            title = t("pads.pad", pad=status.pad_id) if status.pad_id else os.path.basename(status.port or "?")
            if status.state == INCOMPATIBLE:
                kind, text = "problem", t("pads.incompatible")
            elif status.state == IGNORED:
                kind, text = "problem", t("pads.ignored")
            elif status.state == CONNECTING:
                kind, text = "none", t("pads.connecting")
            elif status.seat is not None:
                kind, text = ("online" if status.state == ONLINE else "offline"), t("pads.extra_seat", seat=status.seat + 1)
            elif status.state == ONLINE and status.problem:
                seat = _seat_in_problem(status.problem)
                kind = "problem"
                text = t("pads.seat_taken", seat=seat) if seat else t("pads.seat_taken_any")
            elif status.state == ONLINE:
                kind, text = "none", t("pads.no_seat_claiming" if waiting is not None else "pads.no_seat")
            else:
                kind, text = "offline", t("pads.offline")
            others.add_widget(PadRow(title=title, status=text, kind=kind))
        ids.others_title.opacity = 1 if others.children else 0
        ids.others_title.text = t("pads.others") if others.children else ""


# -- log -------------------------------------------------------------------
class LogRow(BoxLayout):
    seq = StringProperty("")
    colour = StringProperty("grey")
    letter = StringProperty("")
    text = StringProperty("")
    tag = StringProperty("")
    kind = StringProperty("done")   # done / head / undone / start


class LogScreen(BaseScreen):
    def refresh(self):
        app, t = self.app, self.t
        session = app.session
        box = self.ids.rows
        box.clear_widgets()
        if session is None:
            return
        self.ids.undo_btn.disabled = not session.can_undo
        self.ids.redo_btn.disabled = not session.can_redo
        players = session.setup["players"]
        tail = session.redo_tail()
        done = session.actions()
        if session.game.id == "dice":
            words = None
        else:  # every other game: each action from its label and its arguments
            words = A.describe_all(t, session.game, session.setup, done + tail, session.state,
                                   session.initial_state())
        rows = []
        for seq in range(session.length, session.head, -1):  # the redo tail, newest first, greyed
            rows.append(self._row(seq, tail[seq - session.head - 1], players, "undone", t("log.undone"),
                                  words[seq - 1] if words else None))
        for seq in range(session.head, 0, -1):
            kind, tag = ("head", t("log.now")) if seq == session.head else ("done", "")
            rows.append(self._row(seq, done[seq - 1], players, kind, tag, words[seq - 1] if words else None))
            if len(rows) >= LOG_LIMIT:
                break
        hidden = session.head - sum(1 for r in rows if r.kind in ("done", "head"))
        for row in rows:
            box.add_widget(row)
        if hidden > 0:
            box.add_widget(LogRow(text=t("log.older", count=hidden), kind="done"))
        first = players[session.setup.get("first_player", 0)]
        if session.game.id == "dice":
            start = LogRow(seq="0", colour=first["colour"], letter=first["letter"], text=t("log.start", name=first["name"]))
        else:  # who "starts" is the game's business (a roll, a Soap): say only that the table is set
            start = LogRow(seq="0", text=t("game.started", game=t(session.game.title)))
        start.kind = "head" if session.head == 0 else "start"
        start.tag = t("log.now") if session.head == 0 else ""
        box.add_widget(start)

    def _row(self, seq, action, players, kind, tag, words=None) -> LogRow:
        t = self.t
        if words is not None:
            seat, text = words
            who = players[seat] if seat is not None else None
            return LogRow(seq=str(seq), colour=who["colour"] if who else "grey",
                          letter=who["letter"] if who else "", text=text, tag=tag, kind=kind)
        kind_of = action.get("type", "")
        seat = action.get("player")
        who = players[seat] if isinstance(seat, int) and 0 <= seat < len(players) else None
        if kind_of == "roll" and "dice" in action:
            text = t("log.roll", name=who["name"] if who else "?", dice=faces_text(action["dice"]))
            if action.get("manual"):
                text += " " + t("log.manual")
        elif f"log.{kind_of}" in _known_keys():
            text = t(f"log.{kind_of}")
        else:
            text = t(f"action.{kind_of}")
        return LogRow(seq=str(seq), colour=who["colour"] if who else "grey", letter=who["letter"] if who else "",
                      text=text, tag=tag, kind=kind)


def _known_keys():
    from companion.i18n import texts
    return texts("en")


# -- past sessions -----------------------------------------------------------
class SessionRow(BoxLayout):
    session_id = NumericProperty(0)
    title = StringProperty("")
    detail = StringProperty("")
    players = ObjectProperty([])
    finished = BooleanProperty(False)
    playable = BooleanProperty(True)    # this UI has a table screen for its game
    screen = ObjectProperty(None)


class SessionsScreen(BaseScreen):
    def refresh(self):
        t = self.t
        box = self.ids.rows
        box.clear_widgets()
        sessions = self.app.store.list_sessions()
        self.ids.empty.opacity = 0 if sessions else 1
        for info in sessions:
            box.add_widget(SessionRow(screen=self, session_id=info["id"], players=info["setup"]["players"],
                                      playable=info["game"] in PLAYABLE,
                                      finished=info["finished"], title=self.describe(info),
                                      detail=self.detail(info)))

    def describe(self, info) -> str:
        return players_text(info["setup"]["players"])

    def detail(self, info) -> str:
        t = self.t
        try:
            title = t(games.get(info["game"]).title)
        except games.IllegalAction:
            title = info["game"]
        when = time.strftime(t("date.format"), time.localtime(info["updated"]))
        state = t("sessions.finished" if info["finished"] else "sessions.running")
        return " · ".join((title, when, t("sessions.moves", count=info["head"]), state))

    def ask_delete(self, row: SessionRow):
        # The one question in the app: deleting cannot be undone.
        t = self.t
        dialog = ConfirmDialog(title=t("sessions.confirm_title"),
                               body=t("sessions.confirm_text", players=row.title, detail=row.detail),
                               confirm_text=t("sessions.delete"))
        dialog.action = lambda: self.app.delete_session(row.session_id)
        dialog.open()


class ConfirmDialog(Dialog):
    confirm_text = StringProperty("")
    action = None

    def confirm(self):
        self.dismiss()
        if self.action:
            self.action()


# -- settings ----------------------------------------------------------------
class SettingsScreen(BaseScreen):
    def refresh(self):
        app = self.app
        cfg = app.cfg
        ids = self.ids
        ids.lang_en.tone = "selected" if app.lang == "en" else "normal"
        ids.lang_de.tone = "selected" if app.lang == "de" else "normal"
        ids.buzzer_on.tone = "selected" if app.buzzer_on else "normal"
        ids.buzzer_off.tone = "normal" if app.buzzer_on else "selected"
        ids.seconds.text = self.t("settings.seconds", n=cfg.timer.seconds)
        ids.tick_last.text = str(cfg.timer.tick_last)
        ids.debounce.text = self.t("settings.ms", n=cfg.buttons.debounce_ms)
        self.show_board()

    def step(self, key: str, step: int, bounds):
        value = prefs.clamp(prefs.get(self.app.cfg, key) + step, bounds)
        self.app.change_setting(key, value)

    # -- Dig Your Way Out's board map
    def place_text(self, place: str) -> str:
        return A.choice_text(self.t, "dig.param.places", place)

    def pair_text(self, pair) -> str:
        if isinstance(pair, str):
            pair = pair.split(A.PAIR_SEP)
        return " + ".join(self.place_text(p) for p in pair)

    def show_board(self):
        from companion.games import dig
        t, store = self.t, self.app.store
        places = dig_board.saved_places(store)
        board = {**dig.RULEBOOK_FACES, **dig_board.saved_board(store, places)}
        grid = self.ids.dig_faces
        grid.clear_widgets()
        self.face_buttons = {}
        for face in dig.FACES:
            known = board.get(face)
            button = FlatButton(text=f"{face}:  {self.pair_text(known) if known else t('settings.dig_unknown')}",
                                font_size="18sp", tone="normal" if known else "quiet")
            if face in dig.RULEBOOK_FACES:  # printed in the rulebook: said, not changed
                button.bind(on_release=lambda _b: self.app.toast(t("error.dig_face_one")))
            else:
                button.bind(on_release=lambda _b, f=face: self.ask_face(f))
            grid.add_widget(button)
            self.face_buttons[face] = button
        box = self.ids.dig_places
        box.clear_widgets()
        self.place_buttons = {}
        if not places:
            box.add_widget(Label(text=t("settings.dig_no_places"), font_size="18sp", color=theme.TEXT_DIM,
                                 size_hint=(None, None), size=(dp(120), dp(theme.TOUCH))))
        for place in places:
            text = f"{place}  ×"
            button = FlatButton(text=text, font_size="18sp", tone="quiet", size_hint=(None, None),
                                height=dp(theme.TOUCH), width=max(dp(120), text_width(text, sp(18)) + dp(30)))
            button.bind(on_release=lambda _b, name=place: self.remove_place(name))
            box.add_widget(button)
            self.place_buttons[place] = button
        self.ids.dig_add_place.disabled = len(places) >= dig.MAX_EXTRA_PLACES

    def ask_face(self, face: str):
        from .dialogs import BoardFaceDialog
        t, store = self.t, self.app.store
        pairs = dig_board.pair_choices(dig_board.saved_places(store))
        dialog = BoardFaceDialog(face, pairs, self.pair_text, self.set_face, self.forget_face,
                                 title=t("settings.dig_face_title", face=face))
        dialog.open()
        return dialog

    def set_face(self, face, pair):
        try:
            dig_board.set_face(self.app.store, face, pair)
        except games.IllegalAction as exc:
            self.app.toast(self.t.error(exc), "error")
        else:
            self.app.toast(self.t("settings.dig_saved", face=face, places=self.pair_text(pair)))
        self.show_board()

    def forget_face(self, face):
        dig_board.set_face(self.app.store, face, None)
        self.app.toast(self.t("settings.dig_forgotten", face=face))
        self.show_board()

    def ask_place(self):
        from .dialogs import PlaceNameDialog
        dialog = PlaceNameDialog(self.add_place, title=self.t("settings.dig_place_title"))
        dialog.open()
        return dialog

    def add_place(self, name: str):
        try:
            dig_board.add_place(self.app.store, name)
        except games.IllegalAction as exc:
            self.app.toast(self.t.error(exc), "error")
        self.show_board()

    def remove_place(self, name: str):
        dig_board.remove_place(self.app.store, name)
        self.show_board()

    def export_board(self):
        try:
            path = dig_board.export(self.app.store)
        except OSError as exc:
            text = self.t("settings.dig_export_failed", reason=exc.strerror or str(exc))
            self.ids.dig_export_path.text = text
            self.app.toast(text, "error")
            return None
        self.ids.dig_export_path.text = str(path)
        self.app.toast(self.t("settings.dig_exported", path=str(path)))
        return path


# -- about -------------------------------------------------------------------
class AboutScreen(BaseScreen):
    def refresh(self):
        app, t = self.app, self.t
        ids = self.ids
        ids.version.value = t("about.version_value", version=__version__)
        mode = app.rig_mode()
        lines = [t("about.mode_" + mode)]
        notice = getattr(app.rig, "notice", None)
        if notice:
            lines.append(t(notice))
        ids.mode.value = "\n".join(lines)
        ids.mapping.value = self.mapping()
        store = app.store
        if store.notice:
            ids.data.value = t(store.notice, **store.notice_params)
        else:
            ids.data.value = t("about.data_ok", path=str(store.path))
        path = app.config_path
        if app.config_errors:
            ids.config.value = "\n".join([t("about.config_errors", path=str(path), count=len(app.config_errors))]
                                        + [f"• {e}" for e in app.config_errors])
        elif path is None:
            ids.config.value = t("about.config_none")
        elif not path.exists():
            ids.config.value = t("about.config_missing", path=str(path))
        else:
            ids.config.value = t("about.config_ok", path=str(path))

    def mapping(self) -> str:
        app, t = self.app, self.t
        rig = app.rig
        if app.rig_mode() == "simulated" and getattr(rig, "key_help", None):
            return "\n".join(f"{t('input.' + event.value)}: {keys}" for keys, event in rig.key_help)
        buttons = app.cfg.buttons
        lines = []
        for name in ("roll", "timer", "confirm", "undo"):
            pin = getattr(buttons, name)
            where = t("about.pin", pin=pin) if pin is not None else t("about.pin_none")
            lines.append(f"{t('input.' + name)}: {where}")
        lines.append(t("about.redo_long", ms=buttons.long_press_ms))
        buzzer = app.cfg.buzzer
        where = t("about.pin", pin=buzzer.pin) if buzzer.pin is not None else t("about.pin_none")
        lines.append(f"{t('about.buzzer')}: {where} ({buzzer.type})")
        return "\n".join(lines)


SCREENS = {
    "home": HomeScreen,
    "games": GamesScreen,
    "setup": SetupScreen,
    "dice": DiceScreen,
    "game": GameScreen,
    "log": LogScreen,
    "sessions": SessionsScreen,
    "settings": SettingsScreen,
    "about": AboutScreen,
    "pads": PadsScreen,
}
