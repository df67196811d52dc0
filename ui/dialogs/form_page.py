"""An action dialog's page layout: whether a form fits one page and its lines (a row
of answers with its label beside it; number cells and texts sharing lines, a label
over each), and the pieces a page is made of. Their looks are in form_page.kv beside
this file; what is asked is action_form.py's.
"""
from __future__ import annotations

from math import ceil

from kivy.metrics import dp, sp
from kivy.properties import BooleanProperty, NumericProperty, ObjectProperty
from kivy.uix.boxlayout import BoxLayout
from kivy.uix.gridlayout import GridLayout
from kivy.uix.label import Label
from kivy.uix.textinput import TextInput
from kivy.uix.widget import Widget

from .. import actions as A
from ..widgets.buttons import BigButton, NumberCell
from ..widgets.choices import PickButton
from ..widgets.lists import AutoScroll
from ..widgets.looks import OwnLook
from ..widgets.text import text_width
from .action_form import TEXT_LIMIT, number_text, text_limit

# The action dialog's room (its kv: 780 x 464, padding 12/10, a 64 px top bar and
# footer, 8 px between rows): what a one-page form may fill.
FORM_WIDTH = 756
FORM_HEIGHT = 464 - 20 - 64 - 64 - 4 * 8
LABEL_HEIGHT = 30       # a line of 24 sp text
GAP = 8


class FieldInput(OwnLook, TextInput):
    """One line of text for an action (a heist's name), at most `limit` letters."""
    limit = NumericProperty(TEXT_LIMIT)
    wrong = BooleanProperty(False)        # a form's field still to fill in

    def insert_text(self, substring, from_undo=False):
        substring = substring.replace("\n", " ")
        room = self.limit - len(self.text) + len(self.selection_text)
        return super().insert_text(substring[:max(0, room)], from_undo=from_undo)


class ChoiceGrid(OwnLook, GridLayout):
    """The answers to one question, as big buttons."""


class FormLabel(OwnLook, Label):
    """A form field's name, 24 sp, over or beside what it asks."""
    wrong = BooleanProperty(False)


class PickSeat(OwnLook, BigButton):
    """A seat (or a colour) as one answer of a form's row, with its chip."""
    selected = BooleanProperty(False)
    value = ObjectProperty(None, allownone=True)


def lay_out(form):
    """The form's lines, or None when they do not fit one page. A row of buttons
    has its label beside it; number cells and texts share lines, label over each."""
    fields = [form.fields[name] for name, _ in form.ask]
    shared = {}
    for field in fields:
        shared[field.param.label] = shared.get(field.param.label, 0) + 1
    lines, height = [], 0.0
    run: list = []

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
        widths = [_button_width(form, field.param, v) for v in A.field_options(field.param)]
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


def _button_width(form, param, value) -> float:
    width = text_width(form.option_text(param, value), sp(24)) + dp(28)
    if form.chip(param, value) is not None:
        width += dp(56)
    return max(dp(72), width)


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


def form_page(form, pick, edit, typed) -> tuple[Widget, list]:
    """The form's one page, laid out as form.form says, and its answer buttons. A tap
    on an answer is pick(field, value); on a number cell, edit(field); typing, typed(field, text)."""
    scroll = AutoScroll()              # never needed at 800x480; a long refusal must not push fields away
    box = BoxLayout(orientation="vertical", spacing=dp(GAP), size_hint_y=None)
    box.bind(minimum_height=box.setter("height"))
    buttons: list = []
    for kind, fields, layout, height in form.form:
        if kind == "buttons":
            box.add_widget(_button_line(form, fields[0], layout, height, pick, buttons))
        else:
            box.add_widget(_cell_line(form, fields, layout, height, edit, typed))
    scroll.add_widget(box)
    return scroll, buttons


def _button_line(form, field, rows, height, pick, buttons):
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
            chip = form.chip(param, value)
            if chip is not None:
                button = PickSeat(text=form.option_text(param, value), colour=chip[0], letter=chip[1],
                                  size_hint_x=width, value=value)
            else:
                button = PickButton(text=form.option_text(param, value), size_hint_x=width, value=value)
            button.selected = form.chosen(field.name, value)
            button.bind(on_release=lambda b, f=field: pick(f, b.value))
            row.add_widget(button)
            field.buttons.append(button)
            buttons.append(button)
        stack.add_widget(row)
    line.add_widget(stack)
    return line


def _cell_line(form, fields, per_line, height, edit, typed):
    line = BoxLayout(spacing=dp(GAP), size_hint_y=None, height=height)
    for field in fields:
        cell = BoxLayout(orientation="vertical", spacing=dp(4))
        field.label_widget = FormLabel(text=field.label, size_hint_y=None, height=dp(LABEL_HEIGHT))
        cell.add_widget(field.label_widget)
        if field.shape == A.KEYPAD:
            value = form.values.get(field.name)
            field.cell = NumberCell(text=number_text(value) if value is not None else "–")
            field.cell.bind(on_release=lambda _b, f=field: edit(f))
        else:
            field.cell = FieldInput(limit=text_limit(field.param), text=form.values.get(field.name, ""))
            field.cell.bind(text=lambda w, text, f=field: typed(f, text))
        cell.add_widget(field.cell)
        line.add_widget(cell)
    for _ in range(per_line - len(fields)):   # a short line keeps the columns' width
        line.add_widget(Widget())
    return line
