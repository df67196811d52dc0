"""The setup checklist of Dig Your Way Out, Heist Society and Sing Sing: the box laid
out step by step as the rulebook says, each step a tap, skippable, undone like any
action; then who starts as the rulebook says, or at random. Played through
`companion script` as a table's tablet would, and in the core."""
import json
import random
import subprocess
import sys
from pathlib import Path

import pytest

from companion.games import dig, heist, singsing
from companion.i18n import Catalogue
from companion.session import Session
from companion.store import Store

REPO = Path(__file__).parent.parent
COMPANION = Path(sys.executable).parent / "companion"
EN, DE = Catalogue("en"), Catalogue("de")

STEPS = {
    "dig": ["board", "tools", "gangs", "search", "tokens", "standees", "background", "hand"],
    "heist": ["bag", "decks", "prep", "talent", "heists", "cash", "recruit"],
    "singsing": ["board", "convicts", "bars"],
}
PLAY = {"dig": "turn", "heist": "lay_heists", "singsing": "remove"}   # where the play begins
PICKS_FIRST = {"dig": True, "heist": False, "singsing": True}         # the rulebook names who starts


def script(lines):
    proc = subprocess.run([str(COMPANION), "script", "--memory"],
                          input="".join(json.dumps(line) + "\n" for line in lines),
                          capture_output=True, text=True, timeout=60, cwd=REPO)
    assert proc.stderr == "", proc.stderr
    return proc.returncode, [json.loads(line) for line in proc.stdout.splitlines()]


@pytest.mark.parametrize("game", sorted(STEPS))
def test_a_whole_checklist_played_and_undone_through_a_script(game):
    steps = STEPS[game]
    lines = [{"game": game, "players": ["Ann", "Bob", "Cy", "Di"], "options": {"checklist": True}}]
    lines += [{"action": "check_step", "step": step} for step in steps]
    lines += [{"action": "pick_first", "seat": 2}] if PICKS_FIRST[game] else []
    undos = len(lines) - 1
    lines += [{"action": "undo"}] * undos
    code, out = script(lines)
    assert code == 0 and all(reply["ok"] for reply in out), out
    start = out[0]["state"]
    assert start["phase"] == "setup" and start["steps"] == steps and start["checked"] == []
    assert out[0]["legal"] == ["check_step", "skip_setup"]   # (names: the screen has one button per step)
    for n, step in enumerate(steps, start=1):
        assert out[n]["state"]["checked"] == steps[:n]
    laid = out[len(steps)]
    if PICKS_FIRST[game]:
        assert laid["state"]["phase"] == "setup" and laid["legal"] == ["pick_first"]
        begun = out[len(steps) + 1]["state"]
        assert begun["phase"] == PLAY[game] and begun["current"] == begun["first_player"] == 2
        if game == "singsing":
            assert (begun["file"], begun["mask"]) == (2, 3)   # the file to the youngest, the mask to the left
    else:
        assert laid["state"]["phase"] == PLAY[game]
    back = out[-1]
    assert back["head"] == 0 and back["state"] == start and not back["can_undo"]   # undo is the exact inverse


@pytest.mark.parametrize("game", sorted(STEPS))
def test_a_table_that_knows_the_game_skips_the_checklist(game):
    lines = [{"game": game, "players": ["Ann", "Bob"], "options": {"checklist": True}},
             {"action": "check_step", "step": STEPS[game][1]}, {"action": "skip_setup"},
             {"action": "check_step", "step": STEPS[game][0]}]
    code, out = script(lines)
    assert [reply["ok"] for reply in out] == [True, True, True, False]   # nothing is left to check
    assert out[2]["state"]["checked"] == STEPS[game]
    assert out[2]["state"]["phase"] == ("setup" if PICKS_FIRST[game] else PLAY[game])


@pytest.mark.parametrize("game", ["dig", "singsing"])
def test_who_starts_is_picked_at_random_once_and_written_down(game):
    lines = [{"game": game, "players": ["Ann", "Bob", "Cy"], "options": {"checklist": True}},
             {"action": "pick_first"}, {"action": "skip_setup"}, {"action": "pick_first"}]
    code, out = script(lines)
    assert [reply["ok"] for reply in out] == [True, False, True, True]   # not before the box is laid out
    assert "lay out the box first" in out[1]["error"]
    state = out[-1]["state"]
    assert state["phase"] == PLAY[game] and state["current"] in (0, 1, 2)


@pytest.mark.parametrize("module", [dig, singsing])
def test_the_random_pick_replays_the_same(module):
    store = Store.memory()
    session = Session.create(store, module.GAME.id, ["Ann", "Bob", "Cy", "Di", "Ed"], {"checklist": True},
                             rng=random.Random(3))
    session.act({"type": "skip_setup"})
    state, _ = session.act({"type": "pick_first"})
    assert session.replay() == state      # the seat drawn is in the action: the replay draws nothing
    session.undo()
    assert session.state["phase"] == "setup" and session.state["checked"] == session.state["steps"]


@pytest.mark.parametrize("module", [dig, heist, singsing])
def test_a_game_saved_before_the_checklist_begins_in_play_as_it_did(module):
    game = module.GAME
    players = [{"name": n, "colour": c, "letter": n[0]} for n, c in (("Ann", "orange"), ("Bob", "sky"))]
    old = {o.name: o.default for o in game.options if o.name not in ("checklist", "timer")}   # no such options
    if module is dig:
        old.update(places=[], board={})
    state = game.setup(players, old, 1, random.Random(0))
    assert state["phase"] == PLAY[game.id] and "steps" not in state
    assert all(spec.type not in ("check_step", "skip_setup", "pick_first") for spec in game.legal_actions(state))


def test_the_setup_screen_begins_with_the_checklist_a_script_without_it():
    for module in (dig, heist, singsing):
        option = next(o for o in module.GAME.options if o.name == "checklist")
        assert option.default is False and option.table_default is True


@pytest.mark.parametrize("t", [EN, DE], ids=["en", "de"])
@pytest.mark.parametrize("options", [{"michel": "michelle"}, {"teams": "alternate"}, {}])
def test_every_step_and_button_is_in_words(t, options):
    for module in (dig, heist, singsing):
        game = module.GAME
        if module is not dig and options:
            continue
        players = [{"name": n, "colour": c, "letter": n[0]} for n, c in
                   (("Ann", "orange"), ("Bob", "sky"), ("Cy", "green"), ("Di", "yellow"))]
        state = game.setup(players, game.check_options({**options, "checklist": True}), 0, random.Random(0))
        summary = game.summary(state, t)
        texts = [summary["headline"], summary["prompt"], *summary["lines"]]
        texts += [t(spec.label) for spec in game.legal_actions(state)]
        assert all("{" not in text and not text.startswith(game.id + ".") and not text.startswith("setup.")
                   for text in texts), texts
        if options.get("michel"):
            assert "Michelle" in summary["lines"][-1]
        if options.get("teams"):
            assert "A" in summary["lines"][0] and "B" in summary["lines"][0]
        for spec in game.legal_actions(state):
            if spec.type == "check_step":
                state = game.apply(state, game.resolve(state, {"type": "check_step",
                                                               "step": spec.params["step"].choices[0]},
                                                       random.Random(0)))
                break
        lines = game.summary(state, t)["lines"]
        assert lines[0].startswith(t("setup.line.done", text="")) and not lines[1].startswith(
            t("setup.line.done", text=""))


def test_heist_counts_the_heists_and_the_cash_for_the_table():
    game = heist.GAME
    for names, heists, cash in ((("Ann", "Bob"), 2, 1), (("A", "B", "C", "D", "E"), 3, 2)):
        players = [{"name": n, "colour": c, "letter": n[0]} for n, c in zip(names, ("orange", "sky", "green",
                                                                                    "yellow", "blue"))]
        state = game.setup(players, game.check_options({"checklist": True}), 0, random.Random(0))
        lines = game.summary(state, EN)["lines"]
        assert f"Lay out {heists} Heist card sets" in lines[4] and f"Starter Cash cards: {cash} each" in lines[5]


@pytest.mark.parametrize("module", [dig, singsing])
def test_the_log_says_who_starts_and_whether_it_was_drawn(module):
    players = [{"name": "Ann", "colour": "orange", "letter": "A"}, {"name": "Bob", "colour": "sky", "letter": "B"}]
    game = module.GAME
    assert game.log_words({"type": "pick_first", "seat": 1, "random": False}, players, EN) == "Bob was picked to start"
    assert game.log_words({"type": "pick_first", "seat": 0, "random": True}, players, DE) == \
        "Ann wurde als Startspieler ausgelost"    # what happened, in the past tense
    assert game.log_words({"type": "check_step", "step": "board"}, players, EN) is None   # its button's words
