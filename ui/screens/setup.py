"""The table set-up: seats in clockwise order, names, colours, letters, the game's options.

Its look is in setup.kv beside this file."""
from __future__ import annotations

from kivy.clock import Clock
from kivy.properties import BooleanProperty, NumericProperty, ObjectProperty, StringProperty
from kivy.uix.boxlayout import BoxLayout
from kivy.uix.textinput import TextInput

from companion import games
from companion.i18n import LANGUAGES, Catalogue, texts
from companion.players import COLOUR_NAMES, MAX_NAME, MAX_PLAYERS, MIN_PLAYERS, TableError, make_table

from .. import actions as A
from ..widgets.buttons import FlatButton, NumberCell
from ..widgets.choices import PickButton
from .base import BaseScreen


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


NUMBERS_PER_LINE = 4     # a small range's buttons in the options' column: a fingertip wide each


class OptionRow(BoxLayout):
    """One of the game's options: a switch or a choice (one button), a number from a
    small range (a row of buttons, as an action's form has them: ui.actions.int_choices)
    or from a wide one (a cell showing it large; a tap opens the keypad)."""
    label = StringProperty("")
    value_text = StringProperty("")
    kind = StringProperty("int")
    active = BooleanProperty(False)     # a switch that is on
    screen = ObjectProperty(None)
    option = ObjectProperty(None)

    def build(self) -> None:
        """Its controls, once per game; show() keeps them up to date in place."""
        box = self.ids.controls
        box.clear_widgets()
        self.numbers: dict[int, PickButton] = {}    # a small range: value -> its button
        self.button = None                          # a switch's, a choice's or a wide number's
        option = self.option
        choices = A.int_choices(option) if option.kind == "int" else None
        if choices is not None:
            box.cols = min(len(choices), NUMBERS_PER_LINE)
            for value in choices:
                button = PickButton(text=str(value).replace("-", "−"), font_size="36sp", value=value)
                button.bind(on_release=lambda b: self.screen.set_option(self, b.value))
                box.add_widget(button)
                self.numbers[value] = button
            return
        if option.kind == "int":
            self.button = NumberCell()
            self.button.bind(on_release=lambda _b: self.screen.ask_option(self))
        else:
            self.button = FlatButton(font_size="24sp")
            self.button.bind(on_release=lambda _b: self.screen.toggle_option(self))
        box.cols = 1
        box.add_widget(self.button)

    def show(self, value, text: str) -> None:
        self.value_text = text
        self.active = bool(value) if self.kind == "bool" else False
        for number, button in self.numbers.items():
            button.selected = number == value
        if self.button is not None:
            self.button.text = text
            if self.kind != "int":
                self.button.tone = "selected" if self.active else "normal"


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

    def hint(self, game_id: str, *_lang) -> str:
        """How the seats go round, in the game's own words where it has them
        ("<game>.setup_hint": The Snitch's Soap goes round with the turn), else the
        plain "setup.hint". For kv: re-runs when the game or the language changes."""
        own = f"{game_id}.setup_hint"
        return self.t(own if own in texts("en") else "setup.hint")

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
        pads = self.table.pads_present    # with seat pads some options begin otherwise (a secret vote)
        self.options = {o.name: o.pads_default if pads and o.pads_default is not None
                        else o.table_default if o.table_default is not None else o.default for o in game.options}
        for option in game.options:
            row = OptionRow(screen=self, option=option, kind=option.kind, label=self.t(option.label))
            row.build()
            self._show_value(row)
            box.add_widget(row)

    def _show_value(self, row: OptionRow):
        option = row.option
        value = self.options.get(option.name, option.default)
        row.show(value, A.option_text(self.t, option, value))

    def set_option(self, row: OptionRow, value) -> None:
        """A number tapped in its row, or CONFIRMed on the keypad (None: taken, the dialog closes)."""
        self.options[row.option.name] = value
        self._show_value(row)

    def toggle_option(self, row: OptionRow) -> None:
        """A switch turns over; a choice goes on to the next."""
        option = row.option
        value = self.options[option.name]
        if option.kind == "bool":
            value = not value
        else:
            choices = list(option.choices)
            value = choices[(choices.index(value) + 1) % len(choices)]
        self.set_option(row, value)

    def ask_option(self, row: OptionRow):
        """A number from a wide range tapped: the keypad, the option's range; Cancel keeps it."""
        from ..dialogs.keypad import NumberDialog
        option = row.option
        low, high = A.bounds(option)
        dialog = NumberDialog(low, high, self.options[option.name], lambda value: self.set_option(row, value),
                              self.table, title=self.t(option.label))
        dialog.open()
        return dialog

    def open_pads(self):
        """The seat-pad screen for the seats as the form has them now."""
        players = [dict(entry, name=entry["name"] or self.t("setup.default_name", n=row.number), letter=row.letter)
                   for row, entry in zip(self.rows(), self._entries())]
        self.table.open_pads_screen(players)

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
        error = self.table.start_game(self.game_id, entries, dict(self.options))
        self.message = error or ""


SCREEN = SetupScreen
