"""Every action of every game, asked on the 800x480 screen: several arguments on one
page when they fit, the rest one question at a time, and each page readable and
in reach (24 px text, 64 px targets, nothing cut or off the window)."""
import random

import pytest

from companion.games import GAMES
from random_play import random_action
from ui import actions as A
from ui_fixtures import kivy_window, layout_problems, make_ui  # noqa: F401

pytestmark = pytest.mark.ui

NAMES = ("Annabelle", "Benedikt", "Cleo", "Dora", "Eddie", "Frieda")
COLOURS = ("orange", "sky", "green", "yellow", "blue", "purple")


def offered_specs(game, seeds=range(6), steps=120):
    """The legal actions random tables come to, each shape of arguments once."""
    seen = {}
    for seed in seeds:
        rng = random.Random(seed)
        count = rng.randint(game.min_players, min(game.max_players, len(NAMES)))
        players = [{"name": n, "colour": c, "letter": n[0]} for n, c in zip(NAMES[:count], COLOURS)]
        options = {o.name: True if o.kind == "bool" else o.default for o in game.options}  # every extra asked
        state = game.setup(players, game.check_options(options), 0, rng)
        for _ in range(steps):
            legal = game.legal_actions(state)
            if not legal:
                break
            for spec in legal:
                ask, _ = A.questions(spec)
                shape = (spec.type, tuple((n, p.kind, len(p.choices), p.minimum, p.maximum) for n, p in ask))
                if ask and shape not in seen:
                    seen[shape] = (spec, players, state)
            try:
                state = game.apply(state, game.resolve(state, random_action(rng.choice(legal), rng), rng))
            except Exception:  # a random action the rules refuse: try another
                continue
    return list(seen.values())


@pytest.mark.parametrize("lang", ["en", "de"])
def test_every_action_dialog_fits_the_screen(make_ui, lang):
    from companion.i18n import Catalogue
    from ui.dialogs.action import ActionDialog
    ui = make_ui(seat=0)
    ui.app.table.set_language(lang)
    t = Catalogue(lang)
    forms = set()
    for game in GAMES.values():
        for spec, players, state in offered_specs(game):
            prompt = game.summary(state, t).get("prompt") or ""   # a table's step is headed by the game's prompt
            dialog = ActionDialog(A.ActionGroup(spec.type, spec.label, [spec]), players, ui.app.table,
                                  send=lambda action: None, context=prompt)
            dialog.open()
            ui.pump(2)
            problems = layout_problems(ui, dialog)
            assert problems == [], f"{game.id} {spec.type}: {problems}"
            if dialog.form is not None:
                forms.add((game.id, spec.type))
                assert all(f.label_widget is not None for f in dialog.fields.values())   # every argument shown
            dialog.dismiss()
    # the wizards that were: the heist's card, a step's attempt, the Scheme's reveal
    assert {("heist", "lay_heist"), ("heist", "attempt"), ("snitch", "reveal"), ("dig", "give_up")} <= forms
    assert ("heist", "roll") not in forms    # a die first: tapped faces or Cellmate rolls, then the modifier


def test_a_refused_answer_is_said_on_its_page_and_kept(make_ui):
    """One question at a time too: when the rules refuse what was sent (here a team
    size asked while the heists are still being laid out, as when the table moved on),
    the dialog stays on the question, says why, and the warning sounds."""
    from companion.games.base import ActionSpec, Param
    from ui.dialogs.action import ActionDialog
    from ui_fixtures import answer, start_game
    ui = make_ui(seat=0)
    start_game(ui, "heist", ("Anna", "Ben"))
    session = ui.app.table.session
    players = session.state["players"]
    spec = ActionSpec("set_team", "heist.action.set_team", 0,
                      {"recruits": Param("int", "heist.param.recruits", minimum=0, maximum=4)})
    dialog = ActionDialog(A.ActionGroup(spec.type, spec.label, [spec]), players, ui.app.table)
    dialog.open()
    ui.pump(2)
    ui.rig.played.clear()
    answer(ui, "4")
    assert ui.modal() is dialog and dialog.message == "That is not possible now."
    assert dialog.question == "Recruits in the team" and dialog.answers == ["Recruits in the team: 4"]
    assert ui.rig.played == ["warning"] and session.head == 0
    assert ui.app.root.ids.toast.opacity == 0          # said once, in the dialog, not behind it too
    assert layout_problems(ui, dialog) == []
    dialog.dismiss()


@pytest.mark.parametrize("lang, says", [("en", "−100? Only −99 to 99"), ("de", "−100? Nur −99 bis 99")])
def test_a_refused_keypad_tap_says_the_number_it_would_have_made(make_ui, lang, says):
    """A tap that would leave the range is refused, and the message names the number it
    would have made: the table sees which tap it was, not only the range. The longest
    message (a sign, three digits, both bounds signed) still fits beside the keys."""
    from ui.dialogs.keypad import NumberDialog
    from ui_fixtures import look
    ui = make_ui()
    ui.app.table.set_language(lang)
    taken = []
    dialog = NumberDialog(-99, 99, 0, done=taken.append, table=ui.app.table)
    dialog.open()
    ui.pump(2)
    keypad = dialog.keypad
    for key in ("sign", "1", "0"):
        ui.tap(keypad.keys[key])
    assert keypad.entry == "-10" and not keypad.wrong
    ui.tap(keypad.keys["0"])
    assert keypad.entry == "-10" and keypad.wrong and keypad.message.replace("\u00a0", " ") == says
    look(ui, f"keypad-{lang}-refused-signed", dialog)
    ui.tap(keypad.ids.confirm)
    assert taken == [-10] and ui.modal() is None
