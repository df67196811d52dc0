"""Dialogs: an action's arguments, a number on the keypad, the help, the one confirmation.

The questions come from the game's own Param descriptions (ui.actions): several
arguments on one form when they fit, else one question per page; numbers from a
wide range on a keypad. The answer goes to the app as one action, like every
other tap; when the rules refuse it, the dialog says why and keeps what was entered.
"""
from __future__ import annotations

from math import ceil

from kivy.app import App
from kivy.metrics import dp, sp
from kivy.properties import BooleanProperty, ListProperty, NumericProperty, ObjectProperty, StringProperty
from kivy.uix.boxlayout import BoxLayout
from kivy.uix.gridlayout import GridLayout
from kivy.uix.label import Label
from kivy.uix.textinput import TextInput
from kivy.uix.widget import Widget

from companion.players import COLOUR_HEX

from . import actions as A
from .widgets import AutoScroll, BigButton, Dialog, FlatButton, NumberCell, PickButton, text_width
from .wrapping import unbroken

TEXT_LIMIT = 30

# The action dialog's room (its kv: 780 x 464, padding 12/10, a 64 px top bar and
# footer, 8 px between rows): what a one-page form may fill.
FORM_WIDTH = 756
FORM_HEIGHT = 464 - 20 - 64 - 64 - 4 * 8
LABEL_HEIGHT = 30       # a line of 24 sp text
GAP = 8
HEADING_WIDTH = 600     # the top bar beside Back and the page count


def _app():
    return App.get_running_app()


class FieldInput(TextInput):
    """One line of text for an action (a heist's name), at most `limit` letters."""
    limit = NumericProperty(TEXT_LIMIT)
    wrong = BooleanProperty(False)        # a form's field still to fill in

    def insert_text(self, substring, from_undo=False):
        substring = substring.replace("\n", " ")
        room = self.limit - len(self.text) + len(self.selection_text)
        return super().insert_text(substring[:max(0, room)], from_undo=from_undo)


class ChoiceGrid(GridLayout):
    """The answers to one question, as big buttons."""


class FormLabel(Label):
    """A form field's name, 24 sp, over or beside what it asks."""
    wrong = BooleanProperty(False)


class PickSeat(BigButton):
    """A seat (or a colour) as one answer of a form's row, with its chip."""
    selected = BooleanProperty(False)
    value = ObjectProperty(None, allownone=True)


class Field:
    """One argument on a form: its widgets, so taps and tests reach them."""

    def __init__(self, name, param, label):
        self.name, self.param, self.label = name, param, label
        self.shape = A.field_shape(param)
        self.label_widget = None
        self.buttons: list = []         # a row of answers
        self.cell = None                # a NumberCell or a FieldInput

    def mark(self, wrong: bool):
        self.label_widget.wrong = wrong
        if self.cell is not None:
            self.cell.wrong = wrong


class Keypad(BoxLayout):
    """Digits for a number from a wide range: the entry shown large, a digit that
    cannot lead to a number in the range refused with the range said, CONFIRM
    hands the number on (to `done(keypad)`)."""
    entry = StringProperty("")
    placeholder = StringProperty("")    # shown dim while nothing is typed
    message = StringProperty("")
    wrong = BooleanProperty(False)

    def __init__(self, low: int, high: int, entry: str = "", placeholder: str = "", done=None, **kwargs):
        super().__init__(**kwargs)
        self.low, self.high = low, high
        self.done = done
        self.entry = entry
        self.placeholder = placeholder
        self.keys: dict[str, FlatButton] = {}
        t = _app().t
        self.hint = t("picker.range", low=self.shown(low), high=self.shown(high))
        self.message = self.hint
        grid = self.ids.key_grid
        for key in ("1", "2", "3", "4", "5", "6", "7", "8", "9", "sign", "0", "delete"):
            if key == "sign" and low >= 0:
                grid.add_widget(Widget())     # no negative numbers: nothing to turn
                continue
            text = {"sign": "+/−", "delete": t("keypad.delete")}.get(key, key)
            button = FlatButton(text=text, font_size="24sp" if key == "delete" else "34sp",
                                tone="quiet" if key in ("sign", "delete") else "normal")
            button.bind(on_release=lambda _b, k=key: self.press(k))
            grid.add_widget(button)
            self.keys[key] = button

    @staticmethod
    def shown(bound: int) -> str:
        return "…" if abs(bound) >= A.UNBOUNDED else str(bound).replace("-", "−")

    def press(self, key: str):
        entry, taken = A.keypad_type(self.entry, key, self.low, self.high)
        self.entry = entry
        if taken:
            self.wrong, self.message = False, self.hint
            return
        typed = A.keypad_typed(entry, key)
        if typed is None:
            self.refuse()
        else:       # the number the tap would have made, so the table sees which tap was refused
            # a long one breaks after the number, never inside "Only −99 to 99"
            self.refuse(_app().t("keypad.refused_typed", typed=typed.replace("-", "−"),
                                 limits=unbroken(self.limits())))

    def limits(self) -> str:
        """The range in words: "Only 5 to 600"."""
        return _app().t("keypad.refused", low=self.shown(self.low), high=self.shown(self.high))

    def refuse(self, text: str = ""):
        self.wrong = True
        self.message = text or self.limits()

    def value(self):
        return A.keypad_value(self.entry, self.low, self.high)

    def confirm(self):
        if self.done is not None:
            self.done(self)


class NumberDialog(Dialog):
    """A number for the table's set-up or the settings, on the keypad: the value now
    shown dim until a digit is typed; CONFIRM hands the number to `done(value)`, which
    returns None once it is taken (the dialog closes) or the words why not (said on the
    keypad, the number kept to put right). Cancel leaves everything as it was; so does
    CONFIRM with nothing typed."""

    def __init__(self, low: int, high: int, value: int, done, **kwargs):
        super().__init__(**kwargs)
        self.done = done
        self.keypad = Keypad(low, high, placeholder=_number_text(value), done=self._keyed)
        self.ids.body.add_widget(self.keypad)

    def _keyed(self, keypad):
        if keypad.entry in ("", "-"):
            self.dismiss()                # nothing typed: the value shown stays
            return
        value = keypad.value()
        if value is None:
            keypad.refuse()               # "Only 5 to 600": the entry stays to be put right
            return
        refusal = self.done(value)
        if refusal:
            _said_here()
            keypad.refuse(refusal)
            return
        self.dismiss()


class ActionDialog(Dialog):
    """Asks an action's arguments; CONFIRM (or the last answer) sends it.

    Several arguments that fit go on one form (a row of buttons, a number cell,
    a line of text each), else one question per page. A group of several legal
    actions (the same thing for several seats or windows) first asks which one."""
    heading = StringProperty("")
    question = StringProperty("")
    progress = StringProperty("")
    can_skip = BooleanProperty(False)     # this argument may be left out
    can_roll = BooleanProperty(False)     # ... and then the app rolls the die
    can_finish = BooleanProperty(False)   # everything still to ask may be left out
    can_confirm = BooleanProperty(False)  # a form or a text field: CONFIRM sends it
    entered = StringProperty("")          # faces entered so far (several dice)
    answers = ListProperty([])            # what was chosen so far, in words
    message = StringProperty("")          # why it cannot be sent (yet)

    def __init__(self, group: A.ActionGroup, players: list, current=None, send=None, context: str = "",
                 **kwargs):
        super().__init__(**kwargs)
        self.context = context            # the game's prompt: said where nobody's name is
        self.group = group
        self.players = players
        self.current = current
        self.send = send or (lambda action: _app().perform(action))
        self.spec = group.specs[0] if len(group.specs) == 1 else None
        self.ask: list = []
        self.given: dict = {}
        self.values: dict = {}
        self.index = 0
        self.faces: list[int] = []
        self.field = None
        self.form: list | None = None     # the form's lines of fields, when it is one page
        self.fields: dict[str, Field] = {}
        self.editing = None               # the form's number being typed on the keypad
        self.keypad = None
        self.buttons: list = []           # the answer buttons on show (tests tap them)
        if self.spec is not None:
            self._take(self.spec)

    @property
    def t(self):
        return _app().t

    # -- flow ----------------------------------------------------------------
    def open(self, *args, **kwargs):
        if self.spec is not None and not self.ask:
            self._send()                  # nothing to ask: the tap was the action
            return None
        result = super().open(*args, **kwargs)
        self.show()
        return result

    def _take(self, spec):
        self.spec = spec
        self.ask, self.given = A.questions(spec)
        self.values = {}
        self.index = 0
        self.faces = []
        self.editing = None
        self.message = ""
        self.fields = {name: Field(name, param, self._form_label(spec, name, param)) for name, param in self.ask}
        self.form = self._lay_out() if A.one_page(self.ask) else None

    def current_param(self):
        return self.ask[self.index] if self.spec is not None and self.index < len(self.ask) else (None, None)

    def show(self):
        t = self.t
        group = self.group
        actor = self.spec.player if self.spec is not None else group.actor
        label = t(group.label)
        if actor is not None:
            self.heading = A.by_whom(t, self.players, actor, label)
        else:  # the table's step: the game's own words say best what it asks, when they fit the bar
            context = A.plain(self.context)
            fits = text_width(context, sp(24), False) <= HEADING_WIDTH * 1.8   # two lines of 24 px
            self.heading = context if context and fits else label
        body = self.ids.body
        body.clear_widgets()
        self.buttons = []
        self.field = None
        self.keypad = None
        self.entered = ""
        self.can_skip = self.can_roll = self.can_finish = self.can_confirm = False
        self.progress = ""
        if self.spec is None:
            self.answers = []
            self._show_specs()
            return
        if self.form is not None:
            self.answers = []
            if self.editing is not None:
                self._show_form_keypad(self.fields[self.editing])
            else:
                self._show_form()
            return
        self.answers = [A.arg_text(t, self.players, p, self.values[n]) for n, p in self.ask if n in self.values]
        name, param = self.current_param()
        if param is None:
            self._send()
            return
        self.question = t(param.label) if param.label else name
        self.progress = t("picker.step", n=self.index + 1, count=len(self.ask)) if len(self.ask) > 1 else ""
        rest = self.ask[self.index:]
        keypad = A.field_shape(param) == A.KEYPAD
        self.can_skip = param.optional and param.kind != "die" and not keypad   # the keypad: CONFIRM on nothing
        self.can_roll = param.optional and param.kind == "die" and not self.faces
        self.can_finish = len(rest) > 1 and all(p.optional for _, p in rest) and not keypad  # keys keep 64 px
        self.can_confirm = param.kind == "text"
        getattr(self, "_show_" + param.kind, self._show_text)(param)

    def _show_specs(self):
        t = self.t
        specs = self.group.specs
        by_seat = len({s.player for s in specs}) == len(specs) and all(s.player is not None for s in specs)
        self.question = t("picker.who" if by_seat else "picker.which")
        grid = self._grid(2 if by_seat or len(specs) <= 4 else 3)
        for spec in specs:
            if by_seat:
                who = self.players[spec.player]
                button = BigButton(text=who["name"], colour=who["colour"], letter=who["letter"])
            else:
                button = BigButton(text=A.spec_choice_text(t, self.players, spec, specs))
            button.bind(on_release=lambda _b, s=spec: self.pick_spec(s))
            grid.add_widget(button)
            self.buttons.append(button)

    def _grid(self, cols):
        scroll = AutoScroll()
        grid = ChoiceGrid(cols=cols)
        scroll.add_widget(grid)
        self.ids.body.add_widget(scroll)
        return grid

    def _show_seat(self, param):
        # three to a row only while every name fits a third of the width unbroken ("Donaudampfschiffahrt" does not)
        longest = max((len(self.players[seat]["name"]) for seat in param.choices), default=0)
        grid = self._grid(2 if len(param.choices) <= 4 or longest > 12 else 3)
        for seat in param.choices:
            who = self.players[seat]
            button = BigButton(text=who["name"], colour=who["colour"], letter=who["letter"])
            button.bind(on_release=lambda _b, v=seat: self.answer(v))
            grid.add_widget(button)
            self.buttons.append(button)

    def _show_choice(self, param):
        t = self.t
        texts = [A.choice_text(t, param.label, c) for c in param.choices]
        longest = max((len(x) for x in texts), default=0)
        cols = 1 if longest > 44 else 2 if len(texts) <= 4 or (longest > 24 and len(texts) <= 6) else 3
        grid = self._grid(cols)
        for choice, text in zip(param.choices, texts):
            chip = self._chip(param, choice)      # a player's colour (a gem): show it
            button = BigButton(text=text, colour=chip[0], letter=chip[1]) if chip else BigButton(text=text)
            button.bind(on_release=lambda _b, v=choice: self.answer(v))
            grid.add_widget(button)
            self.buttons.append(button)

    def _show_die(self, param):
        t = self.t
        if param.count > 1:
            self.progress = t("dice.manual_progress", n=len(self.faces) + 1, count=param.count)
            self.entered = " + ".join(map(str, self.faces))
        self._numbers(range(1, 7), 3, self.face)

    def _numbers(self, values, cols, tapped):
        """A grid of big number buttons (die faces, a small range); a tap is tapped(value)."""
        grid = self._grid(cols)
        for value in values:
            button = FlatButton(text=_number_text(value), font_size="40sp", size_hint_y=None, height=dp(84))
            button.bind(on_release=lambda _b, v=value: tapped(v))
            grid.add_widget(button)
            self.buttons.append(button)

    def _show_bool(self, param):
        t = self.t
        grid = self._grid(2)
        for value, key, tone in ((True, "common.yes", "go"), (False, "common.no", "danger")):
            button = FlatButton(text=t(key), font_size="30sp", tone=tone, size_hint_y=None, height=dp(110))
            button.bind(on_release=lambda _b, v=value: self.answer(v))
            grid.add_widget(button)
            self.buttons.append(button)

    def _show_int(self, param):
        choices = A.int_choices(param)
        if choices is not None:     # a small range: one tap on the number, no keypad
            self._numbers(choices, len(choices) if len(choices) <= 6 else 4, self.answer)   # one row when it fits
            return
        name, _param = self.current_param()
        kept = self.values.get(name)          # a refused number comes back to be put right
        self._show_keypad(param, "" if kept is None else str(kept), self._keyed_answer)

    def _show_keypad(self, param, entry, done):
        low, high = A.bounds(param)
        placeholder = _number_text(param.default) if param.optional and param.default is not None else ""
        self.keypad = Keypad(low, high, entry=entry, placeholder=placeholder, done=done)
        self.ids.body.add_widget(self.keypad)
        if self.message:                # a refusal of what was sent: said where the number is typed
            self.keypad.refuse(self.message)
            self.message = ""

    def _keyed_answer(self, keypad):
        name, param = self.current_param()
        value = self._keyed(keypad, param)
        if value is _SKIP:
            self.skip()
        elif value is not None:
            self.answer(value)

    def _keyed(self, keypad, param):
        """The keypad's number for `param`; _SKIP: nothing typed for an optional one;
        None: refused on the keypad (nothing typed, or out of range), said there."""
        if keypad.entry in ("", "-"):
            if param.optional:
                return _SKIP
            low, high = keypad.low, keypad.high
            keypad.refuse(self.t("keypad.empty", low=keypad.shown(low), high=keypad.shown(high)))
            return None
        value = keypad.value()
        if value is None:
            keypad.refuse()
        return value

    def _show_text(self, param):
        field = FieldInput(limit=_limit(param))
        self.field = field
        box = BoxLayout(orientation="vertical")
        box.add_widget(field)
        box.add_widget(BoxLayout())
        self.ids.body.add_widget(box)

    # -- the form ------------------------------------------------------------
    def _form_label(self, spec, name, param) -> str:
        """The action's own short word for an argument on its form ("<action label>.<name>"),
        else the argument's label."""
        t = self.t
        key = f"{spec.label}.{name}"
        text = t(key)
        if text != key:
            return text
        return t(param.label) if param.label else name

    def _option_text(self, param, value) -> str:
        if param.kind == "int":
            return _number_text(value)         # "−3": a minus sign, not a hyphen
        return A.value_text(self.t, self.players, param, value)

    def _chip(self, param, value):
        """(colour, letter) for an answer that is a seat or a player's colour, else None."""
        if param.kind == "seat":
            who = self.players[value]
            return who["colour"], who["letter"]
        if param.kind == "choice" and isinstance(value, str) and value in COLOUR_HEX:
            return value, self._option_text(param, value)[:1].upper()
        return None

    def _button_width(self, param, value) -> float:
        width = text_width(self._option_text(param, value), sp(24)) + dp(28)
        if self._chip(param, value) is not None:
            width += dp(56)
        return max(dp(72), width)

    def _lay_out(self):
        """The form's lines, or None when they do not fit one page. A row of buttons
        has its label beside it; number cells and texts share lines, label over each."""
        fields = [self.fields[name] for name, _ in self.ask]
        shared = {}
        for field in fields:
            shared[field.param.label] = shared.get(field.param.label, 0) + 1
        lines, height = [], 0.0
        run: list[Field] = []

        def close_run():
            nonlocal height
            if not run:
                return
            # texts that repeat one label (a skill per step) first: they line up under the numbers
            if run[0].shape == A.TEXT:
                run.sort(key=lambda f: shared[f.param.label] == 1)
            least = dp(110) if run[0].shape == A.KEYPAD else dp(140)
            widths = [max(least, text_width(f.label, sp(24), False) + dp(12)) for f in run]
            fit = max(1, int((dp(FORM_WIDTH) + dp(GAP)) // (max(widths) + dp(GAP))))
            per_line = min(fit, len(run))          # equal columns, as many as fit
            if run[0].shape == A.KEYPAD:           # a lone number is a cell, not a bar across the page
                per_line = max(per_line, min(fit, 3))
            tall = dp(LABEL_HEIGHT) + dp(4) + dp(64)
            for start in range(0, len(run), per_line):
                lines.append(("cells", run[start:start + per_line], per_line, tall))
                height += tall + dp(GAP)
            run.clear()

        for field in fields:
            if field.shape in (A.KEYPAD, A.TEXT):
                if run and run[0].shape != field.shape:
                    close_run()
                run.append(field)
                continue
            close_run()
            widths = [self._button_width(field.param, v) for v in A.field_options(field.param)]
            label_width = text_width(field.label, sp(24), False) + dp(12)
            room = dp(FORM_WIDTH) - dp(GAP) - min(label_width, dp(FORM_WIDTH) * 0.4)
            rows = _pack(widths, room)
            if rows is None:
                return None                # an answer wider than the page: one question at a time
            row_width = max(sum(r) + dp(GAP) * (len(r) - 1) for r in rows)
            label_room = dp(FORM_WIDTH) - dp(GAP) - row_width
            label_lines = ceil(label_width / max(1.0, label_room))
            tall = max(len(rows) * dp(64) + (len(rows) - 1) * dp(GAP), label_lines * dp(LABEL_HEIGHT))
            lines.append(("buttons", [field], rows, tall))
            height += tall + dp(GAP)
        close_run()
        return lines if height - dp(GAP) <= dp(FORM_HEIGHT) else None

    def _show_form(self):
        self.question = ""
        self.can_confirm = True
        scroll = AutoScroll()              # never needed at 800x480; a long refusal must not push fields away
        box = BoxLayout(orientation="vertical", spacing=dp(GAP), size_hint_y=None)
        box.bind(minimum_height=box.setter("height"))
        for kind, fields, layout, height in self.form:
            if kind == "buttons":
                box.add_widget(self._button_line(fields[0], layout, height))
            else:
                box.add_widget(self._cell_line(fields, layout, height))
        scroll.add_widget(box)
        self.ids.body.add_widget(scroll)

    def _button_line(self, field, rows, height):
        param = field.param
        row_width = max(sum(r) + dp(GAP) * (len(r) - 1) for r in rows)
        line = BoxLayout(spacing=dp(GAP), size_hint_y=None, height=height)
        field.label_widget = FormLabel(text=field.label)
        line.add_widget(field.label_widget)
        stack = BoxLayout(orientation="vertical", spacing=dp(GAP), size_hint=(None, None), width=row_width,
                          height=len(rows) * dp(64) + (len(rows) - 1) * dp(GAP), pos_hint={"center_y": 0.5})
        values = iter(A.field_options(param))
        field.buttons = []
        for widths in rows:
            row = BoxLayout(spacing=dp(GAP))
            for width in widths:
                value = next(values)
                chip = self._chip(param, value)
                if chip is not None:
                    button = PickSeat(text=self._option_text(param, value), colour=chip[0], letter=chip[1],
                                      size_hint_x=width, value=value)
                else:
                    button = PickButton(text=self._option_text(param, value), size_hint_x=width, value=value)
                button.selected = field.name in self.values and self.values[field.name] == value
                button.bind(on_release=lambda b, f=field: self.pick(f, b.value))
                row.add_widget(button)
                field.buttons.append(button)
                self.buttons.append(button)
            stack.add_widget(row)
        line.add_widget(stack)
        return line

    def _cell_line(self, fields, per_line, height):
        line = BoxLayout(spacing=dp(GAP), size_hint_y=None, height=height)
        for field in fields:
            cell = BoxLayout(orientation="vertical", spacing=dp(4))
            field.label_widget = FormLabel(text=field.label, size_hint_y=None, height=dp(LABEL_HEIGHT))
            cell.add_widget(field.label_widget)
            if field.shape == A.KEYPAD:
                value = self.values.get(field.name)
                field.cell = NumberCell(text=_number_text(value) if value is not None else "–")
                field.cell.bind(on_release=lambda _b, f=field: self.edit(f))
            else:
                field.cell = FieldInput(limit=_limit(field.param), text=self.values.get(field.name, ""))
                field.cell.bind(text=lambda w, text, f=field: self._typed(f, text))
            cell.add_widget(field.cell)
            line.add_widget(cell)
        for _ in range(per_line - len(fields)):   # a short line keeps the columns' width
            line.add_widget(Widget())
        return line

    def _show_form_keypad(self, field):
        self.question = self.t(field.param.label) if field.param.label else field.label
        value = self.values.get(field.name)
        self._show_keypad(field.param, "" if value is None else str(value),
                          lambda keypad, f=field: self._keyed_field(f, keypad))

    def _keyed_field(self, field, keypad):
        value = self._keyed(keypad, field.param)
        if value is None:
            return
        if value is _SKIP:
            self.values.pop(field.name, None)
        else:
            self.values[field.name] = value
        self.editing = None
        self.show()

    def pick(self, field, value):
        """A tap on one answer of a form's row; a second tap on an optional one takes it back."""
        if field.param.optional and self.values.get(field.name, _SKIP) == value:
            self.values.pop(field.name)
        else:
            self.values[field.name] = value
        for button in field.buttons:
            button.selected = field.name in self.values and self.values[field.name] == button.value
        field.mark(False)

    def edit(self, field):
        """A form's number cell tapped: the keypad takes the page until CONFIRM or Back."""
        self._unfocus()
        self.editing = field.name
        self.message = ""
        self.show()

    def _typed(self, field, text):
        self.values[field.name] = text
        if text.strip():
            field.mark(False)

    def confirm(self):
        """CONFIRM: the form's action (or the text asked), unless something is still to fill in."""
        if self.form is None:
            self.ok()
            return
        values = {n: v for n, v in self.values.items() if not (isinstance(v, str) and not v.strip())}
        todo = A.missing(self.ask, values)
        for name, field in self.fields.items():
            if field.label_widget is not None:
                field.mark(name in todo)
        if todo:
            self.message = self.t("form.missing", fields=", ".join(self.fields[n].label for n in todo))
            return
        self.message = ""
        self._unfocus()
        self._send(values)

    def _unfocus(self):
        # a text field leaving the page takes the docked keyboard with it
        for field in self.fields.values():
            if isinstance(field.cell, FieldInput):
                field.cell.focus = False

    # -- answers -------------------------------------------------------------
    def pick_spec(self, spec):
        self._take(spec)
        if not self.ask:
            self._send()
            return
        self.show()

    def answer(self, value):
        name, _param = self.current_param()
        self.values[name] = value
        self.index += 1
        self.message = ""
        self.show()

    def face(self, value: int):
        name, param = self.current_param()
        self.faces.append(value)
        if len(self.faces) >= param.count:
            faces, self.faces = list(self.faces), []
            self.answer(faces)
        else:
            self.show()

    def ok(self):
        name, param = self.current_param()
        if param is None or self.field is None:
            return
        text = self.field.text.strip()
        if not text and param.optional:
            self.skip()
        else:
            self.answer(text)

    def skip(self):
        """Leave this argument out: the game takes its default (a die: the app rolls)."""
        name, _param = self.current_param()
        self.values.pop(name, None)
        self.faces = []
        self.index += 1
        self.message = ""
        self.show()

    def finish(self):
        """Leave out everything still to ask (all of it is optional) and send."""
        self.index = len(self.ask)
        self.show()

    def back(self):
        self.message = ""
        if self.spec is not None and self.editing is not None:
            self.editing = None           # the keypad, left without a change
            self.show()
        elif self.spec is not None and self.form is None and self.index > 0:
            self.index -= 1
            self.values.pop(self.ask[self.index][0], None)
            self.faces = []
            self.show()
        elif self.spec is not None and len(self.group.specs) > 1:
            self.spec = None
            self.show()
        else:
            self.dismiss()

    def _send(self, values=None):
        action = A.build_action(self.spec, {**self.given, **(self.values if values is None else values)})
        outcome = self.send(action)
        refused = outcome is not None and getattr(outcome, "ok", True) is False
        if refused and self._window is not None and (self.form is not None or self.ask):
            self._refused(outcome.error)
            return
        if self._window is not None:
            self.dismiss()

    def _refused(self, error):
        """The rules said no: say why on the page, with everything entered still there."""
        text = _app().t.error(error) if error is not None else ""
        _said_here()
        if self.form is None:             # back to the last question, its answer kept in the log line
            self.index = max(0, len(self.ask) - 1)
            self.faces = []
        self.message = text
        self.show()


_SKIP = object()


def _said_here():
    """A refusal said in the dialog: not again on the toast behind it."""
    app = _app()
    if app.root is not None and "toast" in app.root.ids:
        app.root.ids.toast.hide()


def _number_text(value) -> str:
    return str(value).replace("-", "−")   # a real minus: wider, reads across the table


def _limit(param) -> int:
    # what the game takes (a skill: 20 letters), so a longer text is never typed to be refused
    return min(param.length, TEXT_LIMIT) if param.length else TEXT_LIMIT


def _pack(widths: list[float], room: float) -> list[list[float]] | None:
    """Buttons of these widths in rows no wider than room, in order; None when one alone is wider."""
    rows: list[list[float]] = [[]]
    for width in widths:
        if width > room:
            return None
        used = sum(rows[-1]) + dp(GAP) * len(rows[-1])
        if rows[-1] and used + width > room:
            rows.append([])
        rows[-1].append(width)
    return rows


class HelpDialog(Dialog):
    """The game's help texts: the rules in short, how Cellmate reads them, and the
    buttons; `sections` (heading, paragraphs) come before the plain `paragraphs`."""

    def __init__(self, paragraphs: list[str], sections=(), **kwargs):
        super().__init__(**kwargs)
        box = self.ids.paragraphs
        for heading, texts in sections:
            if texts:
                box.add_widget(HelpHeading(text=heading))
                for text in texts:
                    box.add_widget(HelpParagraph(text=text))
        for text in paragraphs:
            box.add_widget(HelpParagraph(text=text))


class HelpParagraph(Label):
    pass


class HelpHeading(Label):
    pass


class TourDialog(Dialog):
    """The first-run tour of the table: a few steps, each a title and a line; Next,
    or skip it all. `done` is called once, however it closes (also by a tap outside)."""
    step = NumericProperty(0)
    count = NumericProperty(0)
    heading = StringProperty("")
    text = StringProperty("")

    def __init__(self, steps: list[tuple[str, str]], t, done=None, **kwargs):
        self.steps, self.t, self._done = list(steps), t, done
        super().__init__(**kwargs)
        self.count = len(self.steps)
        self.show(0)

    def show(self, step: int) -> None:
        self.step = step
        self.heading, self.text = self.steps[step]
        last = step == self.count - 1
        self.ids.counter.text = self.t("tour.step", n=step + 1, count=self.count)
        self.ids.next.text = self.t("tour.done" if last else "tour.next")
        self.ids.skip.opacity, self.ids.skip.disabled = (0, True) if last else (1, False)

    def next(self) -> None:
        if self.step + 1 < self.count:
            self.show(self.step + 1)
        else:
            self.dismiss()

    def on_dismiss(self):
        done, self._done = self._done, None
        if done is not None:
            done()


class ConfirmDialog(Dialog):
    """The one question the app asks before it does something that cannot be undone."""
    confirm_text = StringProperty("")
    action = None

    def confirm(self):
        self.dismiss()
        if self.action:
            self.action()
