"""Dialogs of the game screen: asking an action's arguments one by one, and the help.

The questions come from the game's own Param descriptions (ui.actions); the
answer goes to the app as one action, like every other tap.
"""
from __future__ import annotations

from kivy.app import App
from kivy.metrics import dp
from kivy.properties import BooleanProperty, ListProperty, NumericProperty, StringProperty
from kivy.uix.boxlayout import BoxLayout
from kivy.uix.gridlayout import GridLayout
from kivy.uix.label import Label
from kivy.uix.textinput import TextInput

from companion.players import COLOUR_HEX

from . import actions as A
from . import theme
from .widgets import BigButton, AutoScroll, Dialog, FlatButton

TEXT_LIMIT = 30


def _app():
    return App.get_running_app()


class FieldInput(TextInput):
    """One line of text for an action (a heist's name), at most `limit` letters."""
    limit = NumericProperty(TEXT_LIMIT)

    def insert_text(self, substring, from_undo=False):
        substring = substring.replace("\n", " ")
        room = self.limit - len(self.text) + len(self.selection_text)
        return super().insert_text(substring[:max(0, room)], from_undo=from_undo)


class ChoiceGrid(GridLayout):
    """The answers to one question, as big buttons."""


class ActionDialog(Dialog):
    """Asks each argument of one action in turn; the last answer sends it.

    A group of several legal actions (the same thing for several seats or
    windows) first asks which one."""
    heading = StringProperty("")
    question = StringProperty("")
    progress = StringProperty("")
    can_skip = BooleanProperty(False)     # this argument may be left out
    can_roll = BooleanProperty(False)     # ... and then the app rolls the die
    can_finish = BooleanProperty(False)   # everything still to ask may be left out
    needs_ok = BooleanProperty(False)     # a stepper or a text field: confirm with OK
    value_text = StringProperty("")       # the stepper's value
    entered = StringProperty("")          # faces entered so far (several dice)
    answers = ListProperty([])            # what was chosen so far, in words

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
        self.number = 0
        self.field = None
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

    def current_param(self):
        return self.ask[self.index] if self.spec is not None and self.index < len(self.ask) else (None, None)

    def show(self):
        t = self.t
        group = self.group
        actor = self.spec.player if self.spec is not None else group.actor
        label = t(group.label)
        if actor is not None:
            self.heading = t("picker.by", name=A.seat_name(self.players, actor), action=label)
        else:  # the table's step: the game's own words say best what it asks
            self.heading = A.plain(self.context) or label
        body = self.ids.body
        body.clear_widgets()
        self.buttons = []
        self.field = None
        self.entered = ""
        self.answers = [A.arg_text(t, self.players, p, self.values[n]) for n, p in self.ask if n in self.values]
        if self.spec is None:
            self._show_specs()
            return
        name, param = self.current_param()
        if param is None:
            self._send()
            return
        self.question = t(param.label) if param.label else name
        self.progress = t("picker.step", n=self.index + 1, count=len(self.ask)) if len(self.ask) > 1 else ""
        rest = self.ask[self.index:]
        self.can_skip = param.optional and param.kind != "die"
        self.can_roll = param.optional and param.kind == "die" and not self.faces
        self.can_finish = len(rest) > 1 and all(p.optional for _, p in rest)
        self.needs_ok = param.kind == "text" or (param.kind == "int" and A.int_choices(param) is None)
        getattr(self, "_show_" + param.kind, self._show_text)(param)

    def _show_specs(self):
        t = self.t
        specs = self.group.specs
        by_seat = len({s.player for s in specs}) == len(specs) and all(s.player is not None for s in specs)
        self.question = t("picker.who" if by_seat else "picker.which")
        self.progress = ""
        self.can_skip = self.can_roll = self.can_finish = self.needs_ok = False
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
        grid = self._grid(2 if len(param.choices) <= 4 else 3)
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
            if isinstance(choice, str) and choice in COLOUR_HEX:  # a player's colour (a gem): show it
                button = BigButton(text=text, colour=choice, letter=text[:1].upper())
            else:
                button = BigButton(text=text)
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
            button = FlatButton(text=str(value), font_size="40sp", size_hint_y=None, height=dp(84))
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
        t = self.t
        choices = A.int_choices(param)
        if choices is not None:     # a small range: one tap on the number, no stepping and OK
            self._numbers(choices, len(choices) if len(choices) <= 6 else 4, self.answer)   # one row when it fits
            return
        self.number = A.clamp(param, A.int_start(param))
        self.value_text = str(self.number)
        row = BoxLayout(spacing=dp(8), size_hint_y=None, height=dp(96), pos_hint={"center_y": 0.5})
        steps = A.int_steps(param)
        for step in sorted(steps, reverse=True):
            row.add_widget(self._step_button(-step))
        value = Label(text=self.value_text, font_size="56sp", bold=True, color=theme.TEXT)
        self.bind(value_text=value.setter("text"))
        row.add_widget(value)
        for step in steps:
            row.add_widget(self._step_button(step))
        box = BoxLayout(orientation="vertical", spacing=dp(6))
        box.add_widget(row)
        low = param.minimum if param.minimum is not None else "…"
        high = param.maximum if param.maximum is not None else "…"
        box.add_widget(Label(text=t("picker.range", low=low, high=high), font_size="24sp", color=theme.TEXT_DIM,
                             size_hint_y=None, height=dp(28)))
        self.ids.body.add_widget(box)

    def _step_button(self, step):
        text = f"−{-step}" if step < 0 else f"+{step}"
        button = FlatButton(text=text, font_size="28sp", size_hint=(None, None), size=(dp(96), dp(84)))
        button.bind(on_release=lambda _b: self.step(step))
        self.buttons.append(button)
        return button

    def _show_text(self, param):
        field = FieldInput(limit=TEXT_LIMIT)
        self.field = field
        box = BoxLayout(orientation="vertical")
        box.add_widget(field)
        box.add_widget(BoxLayout())
        self.ids.body.add_widget(box)

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
        self.show()

    def face(self, value: int):
        name, param = self.current_param()
        self.faces.append(value)
        if len(self.faces) >= param.count:
            faces, self.faces = list(self.faces), []
            self.answer(faces)
        else:
            self.show()

    def step(self, step: int):
        _name, param = self.current_param()
        self.number = A.clamp(param, self.number + step)
        self.value_text = str(self.number)

    def ok(self):
        name, param = self.current_param()
        if param is None:
            return
        if param.kind == "int":
            self.answer(self.number)
        elif self.field is not None:
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
        self.show()

    def finish(self):
        """Leave out everything still to ask (all of it is optional) and send."""
        self.index = len(self.ask)
        self.show()

    def back(self):
        if self.spec is not None and self.index > 0:
            self.index -= 1
            self.values.pop(self.ask[self.index][0], None)
            self.faces = []
            self.show()
        elif self.spec is not None and len(self.group.specs) > 1:
            self.spec = None
            self.show()
        else:
            self.dismiss()

    def _send(self):
        action = A.build_action(self.spec, {**self.given, **self.values})
        if self._window is not None:
            self.dismiss()
        self.send(action)


class HelpDialog(Dialog):
    """The game's help texts: how Cellmate reads the rules, and the buttons."""

    def __init__(self, paragraphs: list[str], **kwargs):
        super().__init__(**kwargs)
        box = self.ids.paragraphs
        for text in paragraphs:
            box.add_widget(HelpParagraph(text=text))


class HelpParagraph(Label):
    pass


class ConfirmDialog(Dialog):
    """The one question the app asks before it does something that cannot be undone."""
    confirm_text = StringProperty("")
    action = None

    def confirm(self):
        self.dismiss()
        if self.action:
            self.action()
