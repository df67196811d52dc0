"""What an action dialog asks, without Kivy: which question now, its answers in
words, what was given so far, and the action they make.

The questions come from the game's own Param descriptions (ui.actions): several
arguments on one form when they fit (the page's layout, form_page.lay_out, says so),
else one question per page. ActionDialog (action.py) draws each `page()` and hands
the taps back here.
"""
from __future__ import annotations

from dataclasses import dataclass, field as dataclass_field

from companion.players import COLOUR_HEX

from .. import actions as A

TEXT_LIMIT = 30
SKIP = object()             # nothing typed for an optional number: the game takes its default

# what a page shows besides a question of one Param kind ("seat", "choice", "die", "bool", "int", "text")
SPECS = "specs"             # which of several legal actions (the same thing for several seats)
FORM = "form"               # every argument on one page
FORM_KEYPAD = "form_keypad"     # the keypad for one number of the form
SEND = "send"               # nothing left to ask: the action goes


def number_text(value) -> str:
    return str(value).replace("-", "−")   # a real minus: wider, reads across the table


def text_limit(param) -> int:
    # what the game takes (a skill: 20 letters), so a longer text is never typed to be refused
    return min(param.length, TEXT_LIMIT) if param.length else TEXT_LIMIT


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


@dataclass
class Page:
    """One page of the dialog in words: what ActionDialog shows."""
    kind: str                           # SPECS, FORM, FORM_KEYPAD, SEND or the question's Param kind
    heading: str
    question: str | None = None         # None: as it was (SEND)
    progress: str = ""
    entered: str = ""                   # faces entered so far (several dice)
    answers: list = dataclass_field(default_factory=list)    # what was chosen so far, in words
    can_skip: bool = False              # this argument may be left out
    can_roll: bool = False              # ... and then the app rolls the die
    can_finish: bool = False            # everything still to ask may be left out
    can_confirm: bool = False           # a form or a text field: CONFIRM sends it
    name: str | None = None             # the argument asked
    param: object = None


class ActionForm:
    """The arguments of one action group still to ask, and those given. `t` says the
    words; `fits_heading(text)` whether the game's prompt fits the top bar;
    `lay_out(form)` the form's lines, or None when they do not fit one page."""

    def __init__(self, group: A.ActionGroup, players: list, t, context: str = "",
                 fits_heading=lambda text: True, lay_out=lambda form: None):
        self.group, self.players, self.t = group, players, t
        self.context = context            # the game's prompt: said where nobody's name is
        self.fits_heading, self.lay_out = fits_heading, lay_out
        self.spec = group.specs[0] if len(group.specs) == 1 else None
        self.ask: list = []
        self.given: dict = {}
        self.values: dict = {}
        self.index = 0
        self.faces: list[int] = []
        self.form: list | None = None     # the form's lines of fields, when it is one page
        self.fields: dict[str, Field] = {}
        self.editing = None               # the form's number being typed on the keypad
        if self.spec is not None:
            self.take(self.spec)

    def take(self, spec):
        self.spec = spec
        self.ask, self.given = A.questions(spec)
        self.values = {}
        self.index = 0
        self.faces = []
        self.editing = None
        self.fields = {name: Field(name, param, self.form_label(spec, name, param)) for name, param in self.ask}
        self.form = self.lay_out(self) if A.one_page(self.ask) else None

    def current_param(self):
        return self.ask[self.index] if self.spec is not None and self.index < len(self.ask) else (None, None)

    # -- the page --------------------------------------------------------------
    def page(self) -> Page:
        t = self.t
        group = self.group
        actor = self.spec.player if self.spec is not None else group.actor
        label = t(group.label)
        if actor is not None:
            heading = A.by_whom(t, self.players, actor, label)
        else:  # the table's step: the game's own words say best what it asks, when they fit the bar
            context = A.plain(self.context)
            heading = context if context and self.fits_heading(context) else label
        if self.spec is None:
            return Page(SPECS, heading, question=t("picker.who" if self.by_seat() else "picker.which"))
        if self.form is not None:
            if self.editing is None:
                return Page(FORM, heading, question="", can_confirm=True)
            field = self.fields[self.editing]
            return Page(FORM_KEYPAD, heading, question=t(field.param.label) if field.param.label else field.label,
                        name=field.name, param=field.param)
        answers = [A.arg_text(t, self.players, p, self.values[n]) for n, p in self.ask if n in self.values]
        name, param = self.current_param()
        if param is None:
            return Page(SEND, heading, answers=answers)
        progress = t("picker.step", n=self.index + 1, count=len(self.ask)) if len(self.ask) > 1 else ""
        entered = ""
        if param.kind == "die" and param.count > 1:
            progress = t("dice.manual_progress", n=len(self.faces) + 1, count=param.count)
            entered = " + ".join(map(str, self.faces))
        rest = self.ask[self.index:]
        keypad = A.field_shape(param) == A.KEYPAD
        return Page(param.kind, heading, question=t(param.label) if param.label else name, progress=progress,
                    entered=entered, answers=answers,
                    can_skip=param.optional and param.kind != "die" and not keypad,   # the keypad: CONFIRM on nothing
                    can_roll=param.optional and param.kind == "die" and not self.faces,
                    can_finish=len(rest) > 1 and all(p.optional for _, p in rest) and not keypad,  # keys keep 64 px
                    can_confirm=param.kind == "text", name=name, param=param)

    def by_seat(self) -> bool:
        """Several legal actions, one for each of several seats: asked as "who"."""
        specs = self.group.specs
        return len({s.player for s in specs}) == len(specs) and all(s.player is not None for s in specs)

    # -- words -----------------------------------------------------------------
    def form_label(self, spec, name, param) -> str:
        """The action's own short word for an argument on its form ("<action label>.<name>"),
        else the argument's label."""
        t = self.t
        key = f"{spec.label}.{name}"
        text = t(key)
        if text != key:
            return text
        return t(param.label) if param.label else name

    def option_text(self, param, value) -> str:
        if param.kind == "int":
            return number_text(value)         # "−3": a minus sign, not a hyphen
        return A.value_text(self.t, self.players, param, value)

    def chip(self, param, value):
        """(colour, letter) for an answer that is a seat or a player's colour, else None."""
        if param.kind == "seat":
            who = self.players[value]
            return who["colour"], who["letter"]
        if param.kind == "choice" and isinstance(value, str) and value in COLOUR_HEX:
            return value, self.option_text(param, value)[:1].upper()
        return None

    def chosen(self, name: str, value) -> bool:
        """Whether `value` is the answer chosen for the form's `name`."""
        return name in self.values and self.values[name] == value

    # -- answers ---------------------------------------------------------------
    def pick_spec(self, spec) -> bool:
        """One of several legal actions chosen; False: it has nothing to ask."""
        self.take(spec)
        return bool(self.ask)

    def answer(self, value):
        name, _param = self.current_param()
        self.values[name] = value
        self.index += 1

    def face(self, value: int) -> bool:
        """A die's face tapped; True once the faces asked for are all there (the answer)."""
        _name, param = self.current_param()
        self.faces.append(value)
        if len(self.faces) < param.count:
            return False
        faces, self.faces = list(self.faces), []
        self.answer(faces)
        return True

    def skip(self):
        """Leave this argument out: the game takes its default (a die: the app rolls)."""
        name, _param = self.current_param()
        self.values.pop(name, None)
        self.faces = []
        self.index += 1

    def finish(self):
        """Leave out everything still to ask (all of it is optional)."""
        self.index = len(self.ask)

    def back(self) -> bool:
        """One page back; False: there is none (the dialog closes)."""
        if self.spec is not None and self.editing is not None:
            self.editing = None           # the keypad, left without a change
        elif self.spec is not None and self.form is None and self.index > 0:
            self.index -= 1
            self.values.pop(self.ask[self.index][0], None)
            self.faces = []
        elif self.spec is not None and len(self.group.specs) > 1:
            self.spec = None
        else:
            return False
        return True

    def pick(self, name: str, value):
        """A tap on one answer of a form's row; a second tap on an optional one takes it back."""
        if self.fields[name].param.optional and self.values.get(name, SKIP) == value:
            self.values.pop(name)
        else:
            self.values[name] = value

    def edit(self, name: str):
        """A form's number to type on the keypad."""
        self.editing = name

    def keyed(self, name: str, value):
        """The form's number typed (SKIP: nothing, for an optional one): back to the form."""
        if value is SKIP:
            self.values.pop(name, None)
        else:
            self.values[name] = value
        self.editing = None

    def typed(self, name: str, text: str) -> bool:
        """A form's text typed; True when it is something."""
        self.values[name] = text
        return bool(text.strip())

    def form_values(self) -> tuple[dict, list[str]]:
        """What the form says now (a blank text is nothing), and the names still to fill in."""
        values = {n: v for n, v in self.values.items() if not (isinstance(v, str) and not v.strip())}
        return values, A.missing(self.ask, values)

    def action(self, values=None) -> dict:
        return A.build_action(self.spec, {**self.given, **(self.values if values is None else values)})

    def refused(self):
        """The rules said no: one question at a time goes back to the last, its answer kept."""
        if self.form is None:
            self.index = max(0, len(self.ask) - 1)
            self.faces = []
