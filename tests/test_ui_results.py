"""Past games show a finished game's result: who won and how long it took."""
import json

import pytest

from companion.i18n import Catalogue
from companion.session import Session
from companion.store import Store
from ui_fixtures import FirstSeat, kivy_window, look, make_ui  # noqa: F401  (fixtures)

pytestmark = pytest.mark.ui


def _finished(store, names, winners, seconds):
    """A finished game with a made-up result kept beside it (as a finished Snitch keeps its own)."""
    session = Session.create(store, "dice", names, {}, rng=FirstSeat(0))
    session.act({"type": "end"})
    session.close()
    result = {"winners": winners, "scores": [None] * len(names), "outcomes": [None] * len(names), "ending": None,
              "turns": 3, "started": 0.0, "ended": float(seconds), "seconds": float(seconds)}
    store.write(lambda c: c.execute("UPDATE results SET result = ? WHERE session_id = ?",
                                    (json.dumps(result), session.id)))
    return session.id


@pytest.mark.parametrize("lang", ["en", "de"])
def test_past_games_list_the_winners_and_the_length(make_ui, lang):  # noqa: F811  (a fixture)
    t = Catalogue(lang)
    store = Store.memory()
    _finished(store, ["Anna", "Ben"], [], 125)
    _finished(store, ["Anna", "Ben", "Cleo", "Donaudampfschiff", "Emil"], [0, 2, 3, 4], 3 * 3600)
    _finished(store, ["Anna", "Ben", "Cleo"], [1], 42 * 60)
    ui = make_ui(store=store)
    ui.app.set_language(lang)
    ui.tap(ui.ids().sessions)
    one, many, none = ui.screen.rows()
    assert one.result_template == t("result.won", names="{names}") + " · " + t("result.length", count=42)
    assert one.winners == ["Ben"] and t("sessions.finished") in one.detail
    assert many.winners == ["Anna", "Cleo", "Donaudampfschiff", "Emil"]
    assert t("result.length", count=180) in many.result_template
    assert none.result_template == t("result.length", count=2) and none.winners == []
    assert all(row.ids.resume.disabled for row in (one, many, none))     # a result, not a game to resume
    look(ui, f"sessions-results-{lang}")
