"""The action dialog: asks an action's arguments and sends the action.

What it asks, page by page, is action_form.py's (without Kivy); how a form is laid
out on one page, form_page.py's; a number from a wide range is typed on the keypad
(keypad.py). The answer goes to the app as one action, like every other tap; when
the rules refuse it, the dialog says why and keeps what was entered. Its look is in
action.kv beside this file.
"""
from __future__ import annotations

from kivy.metrics import dp, sp
from kivy.properties import BooleanProperty, ListProperty, StringProperty
from kivy.uix.boxlayout import BoxLayout

from .. import actions as A
from ..widgets.buttons import BigButton, FlatButton
from ..widgets.lists import AutoScroll
from ..widgets.text import text_width
from ..widgets.window import Dialog
from .action_form import FORM, FORM_KEYPAD, SEND, SKIP, SPECS, ActionForm, number_text, text_limit
from .form_page import ChoiceGrid, FieldInput, form_page, lay_out
from .keypad import Keypad

HEADING_WIDTH = 600     # the top bar beside Back and the page count


def _fits_heading(text: str) -> bool:
    return text_width(text, sp(24), False) <= HEADING_WIDTH * 1.8   # two lines of 24 px


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

    def __init__(self, group: A.ActionGroup, players: list, table, current=None, send=None, context: str = "",
                 **kwargs):
        """table: the table presenter (ui/table.py): its words, in the table's language as
        it is when asked, and where the action goes (send: elsewhere)."""
        super().__init__(**kwargs)
        self.table = table
        self.group = group
        self.players = players
        self.current = current
        self.send = send or table.perform
        self.asking = ActionForm(group, players, self._words, context, fits_heading=_fits_heading, lay_out=lay_out)
        self.field = None                 # the one text field of a page
        self.keypad = None
        self.buttons: list = []           # the answer buttons on show (tests tap them)

    def _words(self, *args, **params) -> str:
        return self.table.t(*args, **params)

    @property
    def t(self):
        return self.table.t

    @property
    def form(self) -> list | None:
        """The form's lines of fields, when it is one page."""
        return self.asking.form

    @property
    def fields(self) -> dict:
        return self.asking.fields

    # -- flow ----------------------------------------------------------------
    def open(self, *args, **kwargs):
        if self.asking.spec is not None and not self.asking.ask:
            self._send()                  # nothing to ask: the tap was the action
            return None
        result = super().open(*args, **kwargs)
        self.show()
        return result

    def show(self):
        page = self.asking.page()
        self.heading = page.heading
        self.ids.body.clear_widgets()
        self.buttons = []
        self.field = None
        self.keypad = None
        self.entered = page.entered
        self.can_skip, self.can_roll = page.can_skip, page.can_roll
        self.can_finish, self.can_confirm = page.can_finish, page.can_confirm
        self.progress = page.progress
        self.answers = page.answers
        if page.question is not None:
            self.question = page.question
        if page.kind == SEND:
            self._send()
        elif page.kind == SPECS:
            self._show_specs()
        elif page.kind == FORM:
            self._show_form()
        elif page.kind == FORM_KEYPAD:
            self._show_form_keypad(self.fields[page.name])
        else:
            getattr(self, "_show_" + page.kind, self._show_text)(page.param)

    def _show_specs(self):
        t = self.t
        specs = self.group.specs
        by_seat = self.asking.by_seat()
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
            chip = self.asking.chip(param, choice)      # a player's colour (a gem): show it
            button = BigButton(text=text, colour=chip[0], letter=chip[1]) if chip else BigButton(text=text)
            button.bind(on_release=lambda _b, v=choice: self.answer(v))
            grid.add_widget(button)
            self.buttons.append(button)

    def _show_die(self, param):
        self._numbers(range(1, 7), 3, self.face)

    def _numbers(self, values, cols, tapped):
        """A grid of big number buttons (die faces, a small range); a tap is tapped(value)."""
        grid = self._grid(cols)
        for value in values:
            button = FlatButton(text=number_text(value), font_size="40sp", size_hint_y=None, height=dp(84))
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
        name, _param = self.asking.current_param()
        kept = self.asking.values.get(name)          # a refused number comes back to be put right
        self._show_keypad(param, "" if kept is None else str(kept), self._keyed_answer)

    def _show_keypad(self, param, entry, done):
        low, high = A.bounds(param)
        placeholder = number_text(param.default) if param.optional and param.default is not None else ""
        self.keypad = Keypad(low, high, self.t, entry=entry, placeholder=placeholder, done=done)
        self.ids.body.add_widget(self.keypad)
        if self.message:                # a refusal of what was sent: said where the number is typed
            self.keypad.refuse(self.message)
            self.message = ""

    def _keyed_answer(self, keypad):
        _name, param = self.asking.current_param()
        value = self._keyed(keypad, param)
        if value is SKIP:
            self.skip()
        elif value is not None:
            self.answer(value)

    def _keyed(self, keypad, param):
        """The keypad's number for `param`; SKIP: nothing typed for an optional one;
        None: refused on the keypad (nothing typed, or out of range), said there."""
        if keypad.entry in ("", "-"):
            if param.optional:
                return SKIP
            low, high = keypad.low, keypad.high
            keypad.refuse(self.t("keypad.empty", low=keypad.shown(low), high=keypad.shown(high)))
            return None
        value = keypad.value()
        if value is None:
            keypad.refuse()
        return value

    def _show_text(self, param):
        field = FieldInput(limit=text_limit(param))
        self.field = field
        box = BoxLayout(orientation="vertical")
        box.add_widget(field)
        box.add_widget(BoxLayout())
        self.ids.body.add_widget(box)

    # -- the form ------------------------------------------------------------
    def _show_form(self):
        page, buttons = form_page(self.asking, self.pick, self.edit, self._typed)
        self.buttons += buttons
        self.ids.body.add_widget(page)

    def _show_form_keypad(self, field):
        value = self.asking.values.get(field.name)
        self._show_keypad(field.param, "" if value is None else str(value),
                          lambda keypad, f=field: self._keyed_field(f, keypad))

    def _keyed_field(self, field, keypad):
        value = self._keyed(keypad, field.param)
        if value is None:
            return
        self.asking.keyed(field.name, value)
        self.show()

    def pick(self, field, value):
        """A tap on one answer of a form's row; a second tap on an optional one takes it back."""
        self.asking.pick(field.name, value)
        for button in field.buttons:
            button.selected = self.asking.chosen(field.name, button.value)
        field.mark(False)

    def edit(self, field):
        """A form's number cell tapped: the keypad takes the page until CONFIRM or Back."""
        self._unfocus()
        self.asking.edit(field.name)
        self.message = ""
        self.show()

    def _typed(self, field, text):
        if self.asking.typed(field.name, text):
            field.mark(False)

    def confirm(self):
        """CONFIRM: the form's action (or the text asked), unless something is still to fill in."""
        if self.form is None:
            self.ok()
            return
        values, todo = self.asking.form_values()
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
        self.message = ""
        if not self.asking.pick_spec(spec):
            self._send()
            return
        self.show()

    def answer(self, value):
        self.asking.answer(value)
        self.message = ""
        self.show()

    def face(self, value: int):
        if self.asking.face(value):
            self.message = ""
        self.show()

    def ok(self):
        _name, param = self.asking.current_param()
        if param is None or self.field is None:
            return
        text = self.field.text.strip()
        if not text and param.optional:
            self.skip()
        else:
            self.answer(text)

    def skip(self):
        """Leave this argument out: the game takes its default (a die: the app rolls)."""
        self.asking.skip()
        self.message = ""
        self.show()

    def finish(self):
        """Leave out everything still to ask (all of it is optional) and send."""
        self.asking.finish()
        self.show()

    def back(self):
        self.message = ""
        if self.asking.back():
            self.show()
        else:
            self.dismiss()

    def _send(self, values=None):
        outcome = self.send(self.asking.action(values))
        refused = outcome is not None and getattr(outcome, "ok", True) is False
        if refused and self._window is not None and (self.form is not None or self.asking.ask):
            self._refused(outcome.error)
            return
        if self._window is not None:
            self.dismiss()

    def _refused(self, error):
        """The rules said no: say why on the page, with everything entered still there."""
        text = self.table.t.error(error) if error is not None else ""
        self.table.hush()                  # said on the page: not again on the toast behind it
        self.asking.refused()              # one at a time: back to the last question, its answer kept
        self.message = text
        self.show()
