"""What an action dialog asks, without Kivy (ui/dialogs/action_form.py): the page
for each question, the answers given, back and skip, and the action they make."""
import subprocess
import sys
from pathlib import Path

from companion.games.base import ActionSpec, Param
from ui import actions as A
from ui.dialogs.action_form import FORM, SEND, SKIP, SPECS, ActionForm

PLAYERS = [{"name": "Anna", "colour": "orange", "letter": "A"}, {"name": "Ben", "colour": "sky", "letter": "B"}]


def t(key, **params):
    return f"{key}{sorted(params.items())}" if params else key


def asking(*specs, lay_out=lambda form: None):
    return ActionForm(A.ActionGroup(specs[0].type, specs[0].label, list(specs)), PLAYERS, t, lay_out=lay_out)


def test_the_presenter_loads_no_kivy():
    root = Path(__file__).resolve().parent.parent
    code = "import sys, ui.dialogs.action_form; print(sorted(m for m in sys.modules if m.startswith('kivy')))"
    done = subprocess.run([sys.executable, "-c", code], cwd=root, capture_output=True, text=True, timeout=60)
    assert done.returncode == 0 and done.stdout.strip() == "[]", done.stderr


def test_one_question_a_page_forward_back_and_the_action_they_make():
    spec = ActionSpec("move", "x.action.move", 0, {"to": Param("seat", "x.param.to", choices=(0, 1)),
                                                   "dice": Param("die", "x.param.dice", count=2, optional=True)})
    form = asking(spec)
    page = form.page()
    assert (page.kind, page.question, page.progress) == ("seat", "x.param.to", "picker.step[('count', 2), ('n', 1)]")
    assert not page.can_skip and not page.can_roll
    form.answer(1)
    page = form.page()
    assert page.kind == "die" and page.can_roll and page.entered == "" and len(page.answers) == 1
    assert form.face(4) is False and form.page().entered == "4" and not form.page().can_roll
    assert form.back() and form.current_param()[0] == "to" and form.faces == [] and "to" not in form.values
    form.answer(0)
    assert form.face(2) is False and form.face(5) is True
    assert form.page().kind == SEND and form.action() == A.build_action(spec, {"to": 0, "dice": [2, 5]})


def test_a_die_left_out_is_rolled_and_back_from_the_first_question_closes():
    spec = ActionSpec("roll", "x.action.roll", None, {"dice": Param("die", "x.param.dice", optional=True)})
    form = asking(spec)
    assert form.back() is False                   # nothing before it: the dialog closes
    form.skip()
    assert form.page().kind == SEND and form.action() == A.build_action(spec, {})


def test_several_seats_are_asked_who_first_and_back_asks_again():
    specs = [ActionSpec("pass", "x.action.pass", seat, {"n": Param("int", "x.param.n", minimum=1, maximum=3)})
             for seat in (0, 1)]
    form = asking(*specs)
    assert form.by_seat() and form.page().kind == SPECS and form.page().question == "picker.who"
    assert form.pick_spec(specs[1]) is True and form.page().kind == "int"
    assert form.back() and form.spec is None and form.page().kind == SPECS
    form.pick_spec(specs[0])
    form.refused()                                # the rules said no: the last question again
    assert form.index == 0


def test_a_form_on_one_page_says_what_is_still_to_fill_in():
    spec = ActionSpec("bet", "x.action.bet", 0, {"gem": Param("choice", "x.param.gem", choices=("red", "blue")),
                                                 "amount": Param("int", "x.param.amount", minimum=0, maximum=500),
                                                 "note": Param("text", "x.param.note", optional=True)})
    form = asking(spec, lay_out=lambda form: [("lines", list(form.fields.values()))])
    assert form.form is not None and form.page().kind == FORM and form.page().can_confirm
    assert form.form_values() == ({}, ["gem", "amount"])
    form.pick("gem", "red")
    assert form.chosen("gem", "red") and not form.chosen("gem", "blue")
    form.edit("amount")
    assert form.page().kind == "form_keypad" and form.page().question == "x.param.amount"
    form.keyed("amount", 120)
    assert form.editing is None and form.typed("note", "  ") is False
    assert form.form_values() == ({"gem": "red", "amount": 120}, [])
    form.edit("amount")
    form.keyed("amount", SKIP)
    assert "amount" not in form.values and form.form_values()[1] == ["amount"]
