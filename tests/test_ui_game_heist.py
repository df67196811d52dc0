"""Masterminds: Heist Society by touch: heists laid out from the cards, the roll
for the first player, a step's Success, Push and Failure with real dice, a
heist completed with its gems drawn from the bag, and the final scoring."""
import pytest

from ui_fixtures import (act, answer, fill, form_field, kivy_window, look, make_ui, press, screen_lines,  # noqa: F401
                         plain, seat_texts, number, start_game, marked_lines)

pytestmark = pytest.mark.ui


def lay_heist(ui, challenges, take, name=None):
    """The heist's card on one page: the place, the challenge of each step, the TAKE, a name; CONFIRM."""
    dialog = act(ui, "lay_heist")
    assert dialog.form is not None
    if "slot" in dialog.fields:
        fill(ui, "Place on the table", "Place 1" if ui.app.table.session.state["heists"][0] is None else "Place 2")
    for step, challenge in zip("ABCD", challenges):
        fill(ui, f"Step {step}", challenge)
    fill(ui, "TAKE", take)
    if name:
        fill(ui, "Name", name)
    press(ui, "confirm")           # the skills printed at the steps are optional: left empty
    assert ui.modal() is None


def attempt(ui, kind, heist, total):
    """Which heist, the skill total (keypad) and one recruit, on one page."""
    dialog = act(ui, kind)
    assert dialog.form is not None
    if "heist" in dialog.fields:
        fill(ui, "Heist", heist)
    fill(ui, "Skill total", total)
    if "recruits" in dialog.fields:
        fill(ui, "Recruits activated", "1")
    press(ui, "confirm")
    assert ui.modal() is None


def roll(ui, face):
    act(ui, "roll")
    answer(ui, str(face))             # the real die
    dialog = ui.modal()
    assert dialog.question == "Interrupts and abilities (+/-)"
    assert dialog.keypad.ids.display.text == "0"   # nothing typed: the default, shown dim
    ui.tap(dialog.keypad.ids.confirm)  # no modifier
    assert ui.modal() is None


def perfect_heist(ui, heist, face=4):
    """Every step beaten before rolling: the same face placed on each (a bonus gem)."""
    kind = "attempt"
    for _ in range(4):
        attempt(ui, kind, heist, 2)
        act(ui, "place_die")
        number(ui, face)
        kind = "continue"
    act(ui, "complete")


def test_heist_by_touch(make_ui):
    ui = make_ui(seat=0)
    game = start_game(ui, "heist", ("Anna", "Ben"))
    session = ui.app.table.session
    assert game.headline.text == "Lay out the heists"
    lay_heist(ui, (5, 8, 1, 1), 10, name="Museum")
    lay_heist(ui, (1, 1, 1, 1), 10)
    assert session.state["heists"][0]["name"] == "Museum" and session.state["heists"][1]["take"] == 10

    # everybody rolls for the first player: one button, then who, then the real die
    act(ui, "roll_first")
    answer(ui, "Anna")
    assert ui.modal().can_roll  # a real die, or let Cellmate roll
    answer(ui, "6")
    act(ui, "roll_first")          # only Ben is left to roll: no need to ask who
    answer(ui, "2")
    assert game.headline.text == "Anna's turn"

    act(ui, "set_team")
    answer(ui, "Anna")
    number(ui, 4)
    assert "team 4" in dict(seat_texts(ui))["Anna"]

    # step A of the Museum: 3 + 6 against 5 is a Success
    attempt(ui, "attempt", "Heist 1", 3)
    assert game.headline.text == "Anna: roll!"
    roll(ui, 6)
    assert game.headline.text == "Anna: Success!"
    assert "Anna, step A of Heist 1: 3 + 6 = 9 against 5: Success" in screen_lines(ui)
    ui.app.root.ids.toast.hide()
    look(ui, "heist-1-success")

    # step B: 3 + 5 against 8 is a Push: the turn is over
    attempt(ui, "continue", "Heist 1", 3)
    roll(ui, 5)
    assert "Anna, step B of Heist 1: 3 + 5 = 8 against 8: Push" in screen_lines(ui)
    assert game.headline.text == "Anna: upkeep"
    look(ui, "heist-2-push")
    in_the_bar(ui, "end_turn")       # all that is left to do: End turn, in sight, large
    act(ui, "end_turn")

    # Ben: 0 + 1 against 5 is a Failure
    attempt(ui, "attempt", "Heist 1", 0)
    roll(ui, 1)
    assert game.headline.text == "Ben: Failure"
    assert "Ben, step A of Heist 1: 0 + 1 = 1 against 5: Failure" in screen_lines(ui)
    ui.pump(2)
    # the roll's result is the fact that changed: marked, and scrolled into view
    assert ("Ben, step A of Heist 1: 0 + 1 = 1 against 5: Failure", True) in marked_lines(ui)
    assert plain(game.news.text) == "Ben, step A of Heist 1: 0 + 1 = 1 against 5: Failure"   # above the board
    look(ui, "heist-3-failure")
    act(ui, "upkeep")
    act(ui, "end_turn")

    # Anna takes Heist 2 with four Perfections: the gems are drawn at random, by colour
    perfect_heist(ui, "Heist 2")
    assert game.headline.text == "Anna: heist completed"
    done = session.state["completions"][-1]
    assert len(done["gems"]) == 10 and done["bonus"] is not None  # 4 dice alike: a bonus gem
    assert game.prompt.text == "Took 11 gems. Discard Gear; one recruit stays."
    drawn = next(line for line in screen_lines(ui) if line.startswith("Drawn from the bag: "))   # the facts
    for colour in set(done["gems"]):
        assert {"orange": "orange", "sky": "sky blue", "clear": "clear"}[colour] in drawn
    look(ui, "heist-4-gems-drawn")
    act(ui, "upkeep")
    lay_heist(ui, (1, 1, 1, 1), 10)
    act(ui, "end_turn")
    act(ui, "prep")                 # Ben preps
    act(ui, "upkeep")
    act(ui, "end_turn")

    # the last gems leave the bag: the game ends after this turn
    assert "team 1" in dict(seat_texts(ui))["Anna"]  # completing retired the team to one
    act(ui, "set_team")
    answer(ui, "Anna")
    number(ui, 4)
    perfect_heist(ui, "Heist 2", face=3)
    assert sum(session.state["bag"].values()) == 0
    assert game.banner.text == "The last gem has left the bag: the game ends after this turn."
    act(ui, "upkeep")
    act(ui, "end_turn")
    assert game.headline.text == "Final scoring"
    act(ui, "roll_value")
    answer(ui, "Anna")
    answer(ui, "5")
    act(ui, "roll_value")
    answer(ui, "2")
    assert session.finished
    scores = {row["seat"]: row["total"] for row in session.state["scores"]}
    winner = max(scores, key=scores.get)
    # the end: the ranked scoreboard has the table view, the winner first with the points
    screen = ui.app.screen("game")
    assert game.headline.text == ui.app.table.t("heist.headline.over")
    rows = list(reversed(game.board.ids.scores.children))
    ranked = sorted(scores, key=scores.get, reverse=True)
    assert [row.name for row in rows] == [("Anna", "Ben")[seat] for seat in ranked]
    assert (rows[0].rank, rows[0].total, rows[0].winner) == ("1", str(scores[winner]), True) and not rows[1].winner
    assert all(row.get_root_window() is not None and row.width > 0 for row in rows)
    for seat, name in enumerate(("Anna", "Ben")):  # the score table: one row each, gems × value = total
        assert any(line.startswith(f"{name}: ") and line.endswith(f"= {scores[seat]}") for line in screen_lines(ui))
    assert screen.ids.primary.text == ui.app.table.t("dice.play_again") == "Play again"
    look(ui, "heist-5-final-scoring")


def in_the_bar(ui, key):
    """The button for a step, whole in the action bar: in sight and wide enough for its words."""
    from ui.widgets.text import drawn_width
    screen = ui.app.screen("game")
    ui.pump(1)
    button = screen.button(key)
    (x0, y0), (x1, y1) = button.to_window(button.x, button.y), button.to_window(button.right, button.top)
    width, height = ui.app.root.get_root_window().size
    assert button.opacity and not button.disabled, f"{button.text!r} is not there to tap"
    assert 0 <= x0 and x1 <= width and 0 <= y0 and y1 <= height, f"{button.text!r} is off the window"
    assert button.width >= drawn_width(button.text, 24, True), f"{button.text!r} is {button.width:.0f} px wide"
    assert button.parent is screen.ids.primary.parent, f"{button.text!r} is not on the bar"


FORM = {
    "en": {"slot": "Place on the table", "steps": ("Step A", "Step B", "Step C", "Step D"), "take": "TAKE",
           "name": "Name", "skills": ("Skill A", "Skill B", "Skill C", "Skill D"),
           "missing": "Still to fill in: Step C, Step D", "refused": "Only 1 to 40",
           "empty": "Type a number: 1 to 40", "confirm": "CONFIRM"},
    "de": {"slot": "Platz auf dem Tisch", "steps": ("Schritt A", "Schritt B", "Schritt C", "Schritt D"),
           "take": "Beute", "name": "Name", "skills": ("Fertigkeit A", "Fertigkeit B", "Fertigkeit C", "Fertigkeit D"),
           "missing": "Noch offen: Schritt C, Schritt D", "refused": "Nur 1 bis 40",
           "empty": "Eine Zahl eintippen: 1 bis 40", "confirm": "CONFIRM"},
}


def in_sight(dialog, widget) -> bool:
    """Whether the widget is drawn inside the dialog and inside the part of its page on show."""
    from kivy.uix.scrollview import ScrollView
    x, y = widget.to_window(*widget.pos)
    right, top = widget.to_window(widget.right, widget.top)
    boxes = [dialog]
    node = widget.parent
    while node is not None and node is not dialog:
        if isinstance(node, ScrollView):
            boxes.append(node)
        node = node.parent
    for box in boxes:
        bx, by = box.to_window(*box.pos) if box is dialog else box.parent.to_window(*box.pos)
        if x < bx - 1 or y < by - 1 or right > bx + box.width + 1 or top > by + box.height + 1:
            return False
    return widget.width > 0 and widget.height > 0 and widget.opacity > 0


def lay_out_a_heist(make_ui, lang):
    """A new Heist for Anna and Ben in `lang`, its first heist's form open."""
    ui = make_ui(seat=0)
    ui.app.table.set_language(lang)
    start_game(ui, "heist", ("Anna", "Ben"))
    return ui, act(ui, "lay_heist")


def cell_texts(ui, words):
    fields = [form_field(ui, label) for label in (*words["steps"], words["take"], words["name"])]
    return [f.cell.text for f in fields]


@pytest.mark.parametrize("lang", ["en", "de"])
def test_heist_layout_is_one_page(make_ui, lang):
    words = FORM[lang]
    ui, dialog = lay_out_a_heist(make_ui, lang)
    session = ui.app.table.session

    # every argument of the heist card at once: the place, four challenges, the TAKE, the name, four skills
    labels = [words["slot"], *words["steps"], words["take"], words["name"], *words["skills"]]
    assert sorted(f.label_widget.text for f in dialog.fields.values()) == sorted(labels)
    for label in labels:
        field = form_field(ui, label)
        for widget in [field.label_widget, *(field.buttons or [field.cell])]:
            assert in_sight(dialog, widget), f"{label}: {widget!r} is not on the page"
    assert dialog.ids.confirm.text == words["confirm"] and in_sight(dialog, dialog.ids.confirm)
    assert dialog.progress == ""           # no "1 of 11": one page

    # entries stay while others are made and changed
    fill(ui, words["slot"], {"en": "Place 2", "de": "Platz 2"}[lang])
    fill(ui, words["steps"][0], 12)
    fill(ui, words["steps"][1], 7)
    fill(ui, words["take"], 6)
    fill(ui, words["name"], "Museum")
    fill(ui, words["skills"][0], "Safe")
    assert cell_texts(ui, words) == ["12", "7", "–", "–", "6", "Museum"]
    fill(ui, words["steps"][0], 15)        # Step A again: the keypad shows 12, deleted and typed anew
    assert cell_texts(ui, words) == ["15", "7", "–", "–", "6", "Museum"]
    assert [b.selected for b in form_field(ui, words["slot"]).buttons] == [False, True]
    assert form_field(ui, words["skills"][0]).cell.text == "Safe"

    # CONFIRM with steps C and D empty: said on the page, marked, nothing lost, nothing sent
    press(ui, "confirm")
    assert ui.modal() is dialog and dialog.message == words["missing"]
    assert [form_field(ui, s).label_widget.wrong for s in words["steps"]] == [False, False, True, True]
    assert cell_texts(ui, words) == ["15", "7", "–", "–", "6", "Museum"]
    assert session.head == 0 and session.state["heists"] == [None, None]
    look(ui, f"heist-{lang}-layout-form", dialog)

    fill(ui, words["steps"][2], 3)
    fill(ui, words["steps"][3], 20)
    assert not form_field(ui, words["steps"][2]).label_widget.wrong
    press(ui, "confirm")
    assert ui.modal() is None
    assert session.state["heists"][1] == {
        "name": "Museum", "take": 6, "progress": [[], []],
        "steps": [{"challenge": 15, "skill": "Safe"}, {"challenge": 7, "skill": ""},
                  {"challenge": 3, "skill": ""}, {"challenge": 20, "skill": ""}]}


@pytest.mark.parametrize("lang", ["en", "de"])
def test_keypad_types_deletes_refuses_and_confirms(make_ui, lang):
    words = FORM[lang]
    ui, dialog = lay_out_a_heist(make_ui, lang)
    ui.tap(form_field(ui, words["steps"][2]).cell)
    keypad = dialog.keypad
    assert keypad is not None and dialog.question.endswith(" C")   # the step's full name over the keypad
    assert keypad.ids.display.text == "–" and keypad.message == words["refused"].split(" ", 1)[1]

    # nothing typed: CONFIRM says what is wanted
    ui.tap(keypad.ids.confirm)
    assert dialog.keypad is keypad and keypad.wrong and keypad.message == words["empty"]
    # no challenge starts with 0: refused, the range said
    ui.tap(keypad.keys["0"])
    assert keypad.ids.display.text == "–" and keypad.wrong
    assert keypad.message.replace("\u00a0", " ") == "0? " + words["refused"]   # the tap said, then the range
    ui.tap(keypad.keys["4"])
    assert keypad.ids.display.text == "4" and not keypad.wrong
    ui.tap(keypad.keys["5"])                # 45 is over 40: refused, the 4 stays, the 45 said
    assert keypad.ids.display.text == "4" and keypad.message.replace("\u00a0", " ") == "45? " + words["refused"]
    look(ui, f"heist-{lang}-keypad-refused", dialog)
    ui.tap(keypad.keys["0"])
    assert keypad.ids.display.text == "40"
    ui.tap(keypad.keys["delete"])
    ui.tap(keypad.keys["delete"])
    assert keypad.ids.display.text == "–"
    ui.tap(keypad.keys["3"])
    ui.tap(keypad.keys["2"])
    assert keypad.ids.display.text == "32" and not keypad.wrong
    look(ui, f"heist-{lang}-keypad", dialog)
    ui.tap(keypad.ids.confirm)
    # back on the form, with the number in its cell
    assert dialog.keypad is None and form_field(ui, words["steps"][2]).cell.text == "32"

    # Back leaves the keypad without a change
    ui.tap(form_field(ui, words["steps"][2]).cell)
    ui.tap(dialog.keypad.keys["delete"])
    press(ui, "back")
    assert ui.modal() is dialog and form_field(ui, words["steps"][2]).cell.text == "32"
