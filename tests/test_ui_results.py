"""Past games show a finished game's result: who won and how long it took."""
import json
import random

import pytest

from companion.games import GAMES
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
    ui.app.table.set_language(lang)
    ui.tap(ui.ids().sessions)
    one, many, none = ui.screen.rows()
    assert one.result_template == t("result.won", names="{names}") + " · " + t("result.length", count=42)
    assert one.winners == ["Ben"] and t("sessions.finished") in one.detail
    assert many.winners == ["Anna", "Cleo", "Donaudampfschiff", "Emil"]
    assert t("result.length", count=180) in many.result_template
    assert none.result_template == t("result.length", count=2) and none.winners == []
    assert all(row.ids.resume.disabled for row in (one, many, none))     # a result, not a game to resume
    look(ui, f"sessions-results-{lang}")


NAMES = ["Anna", "Ben", "Cleo", "Donaudampfschiff", "Emil", "Fritzi"]


def made_up_history(store, count=50, seed=7):
    """`count` finished games of the four games with made-up results, and rolls for the dice."""
    rng = random.Random(seed)
    endings = {"snitch": ["deck_out", "snitch_gun", "escape_failed", "escape_succeeded"],
               "heist": ["bag_empty", "heists"], "singsing": ["same", "different"], "dig": [None]}

    def write(c):
        for n in range(count):
            game = ("snitch", "dig", "heist", "singsing")[n % 4]
            names = rng.sample(NAMES, rng.randint(4, 5))
            seats = len(names)
            winners = sorted(rng.sample(range(seats), 3 if game == "snitch" and n % 8 == 0 else 1))
            outcomes = [None] * seats
            if game == "snitch":
                outcomes[winners[0] if len(winners) == 1 else (max(winners) + 1) % seats] = "snitch"
            scores = [None] * seats if game == "snitch" else [rng.randint(0, 20) for _ in names]
            setup = {"players": [{"name": name, "colour": "orange", "letter": name[0]} for name in names],
                     "options": {}, "first_player": 0}
            updated = 1_700_000_000 + n * 3600
            sid = c.execute("INSERT INTO sessions (game, setup, head, finished, created, updated) "
                            "VALUES (?, ?, 1, 1, ?, ?)", (game, json.dumps(setup), updated - 1800, updated)).lastrowid
            faces = [rng.choice([1, 2, 3, 4, 5, 6, 6]) for _ in range(20)]
            c.execute("INSERT INTO events (session_id, seq, action, at) VALUES (?, 1, ?, ?)",
                      (sid, json.dumps({"type": "roll", "player": 0, "dice": faces, "manual": True}), updated))
            result = {"winners": winners, "scores": scores, "outcomes": outcomes,
                      "ending": rng.choice(endings[game]), "turns": rng.randint(5, 30),
                      "started": updated - 1800.0, "ended": float(updated), "seconds": rng.randint(15, 90) * 60.0}
            c.execute("INSERT INTO results (session_id, head, updated, result) VALUES (?, 1, ?, ?)",
                      (sid, updated, json.dumps(result)))
    store.write(write)


def shown(ui, seconds: float = 20.0):
    """The statistics screen once its figures are worked out (a worker thread, for a file) and
    all their widgets made (a few a frame); returns the screen."""
    import time
    screen = ui.app.screen("stats")
    end = time.monotonic() + seconds
    while screen.filling:
        assert time.monotonic() < end, "the statistics were not shown in time"
        time.sleep(0.002)
        ui.pump(1)
    return screen


@pytest.mark.parametrize("lang", ["en", "de"])
def test_the_statistics_of_50_games_in_bars_and_words(make_ui, lang):  # noqa: F811  (a fixture)
    from companion import stats
    t = Catalogue(lang)
    store = Store.memory()
    made_up_history(store)
    played, dice = stats.load(store)
    assert played.counted == 50 and dice["all"].total == 1000
    ui = make_ui(store=store)
    ui.app.table.set_language(lang)
    ui.tap(ui.ids().sessions)
    ui.tap(ui.screen.ids.stats)
    screen = shown(ui)
    assert ui.app.sm.current == "stats"
    texts = [w.text for w in screen.ids.body.children if hasattr(w, "text")]
    assert t("stats.players") in texts and t("snitch.title") in texts
    own = GAMES["snitch"].stats_lines(played.games["snitch"], t)   # a game's own lines (how often the Snitch won)
    assert own and set(own) <= set(texts)
    biased = [text for text in texts if text.startswith(t("stats.dice.biased", count=1000, odds="")[:30])]
    assert len(biased) == 1 and "p <" not in biased[0] and "chi" not in biased[0].lower()   # words, not jargon
    bars = [w for w in screen.ids.body.children if type(w).__name__ == "StatBar"]
    assert bars and all(0 <= bar.share <= 1 for bar in bars)
    look(ui, f"stats-50-{lang}")
    screen.ids.scroll.scroll_y = 0.8                  # The Snitch: how often the Snitch won, how the games ended
    look(ui, f"stats-50-snitch-{lang}")
    screen.ids.scroll.scroll_y = 0
    look(ui, f"stats-50-end-{lang}")


def test_the_statistics_are_worked_out_again_only_when_a_game_changed(make_ui, monkeypatch):  # noqa: F811
    from companion import stats
    store = Store.memory()
    made_up_history(store, count=8)
    ui = make_ui(store=store)
    calls = []
    load = stats.load
    monkeypatch.setattr(stats, "load", lambda s, *a: calls.append(1) or load(s, *a))
    ui.tap(ui.ids().sessions)
    ui.tap(ui.screen.ids.stats)
    ui.tap(ui.screen.ids.back)
    ui.tap(ui.screen.ids.stats)                     # nothing changed: the same numbers, not worked out again
    assert len(calls) == 1
    ui.tap(ui.screen.ids.back)
    _finished(store, ["Anna", "Ben"], [1], 600)     # a game finished meanwhile
    ui.tap(ui.screen.ids.stats)
    shown(ui)
    assert len(calls) == 2 and "Ben" in [w.label for w in ui.screen.ids.body.children if hasattr(w, "label")]


@pytest.mark.parametrize("lang", ["en", "de"])
def test_two_names_are_merged_on_the_statistics_screen_and_kept_apart_again(make_ui, lang):  # noqa: F811
    from companion import stats
    t = Catalogue(lang)
    store = Store.memory()
    _finished(store, ["Anna", "Ben"], [0], 600)
    _finished(store, ["Annie", "Ben"], [0], 600)
    ui = make_ui(store=store)
    ui.app.table.set_language(lang)
    ui.tap(ui.ids().sessions)
    ui.tap(ui.screen.ids.stats)
    screen = shown(ui)

    def labels():
        shown(ui)
        return [w.label for w in screen.ids.body.children if hasattr(w, "label")]

    assert "Annie" in labels() and "Anna" in labels()
    ui.tap(screen.ids.merge)
    dialog = ui.modal()
    assert dialog.question == t("stats.merge_which")
    ui.tap(next(b for b in dialog.ids.choices.children if b.text == "Annie"))
    assert dialog.question == t("stats.merge_into", name="Annie")
    assert sorted(b.text for b in dialog.ids.choices.children) == ["Anna", "Ben"]
    look(ui, f"stats-merge-{lang}", dialog)
    ui.tap(next(b for b in dialog.ids.choices.children if b.text == "Anna"))
    assert ui.modal() is None and store.get_setting(stats.NAMES_KEY) == {"Annie": "Anna"}
    assert "Annie" not in labels()
    anna = next(w for w in screen.ids.body.children if getattr(w, "label", "") == "Anna")
    assert anna.value.startswith(t("stats.won", wins=2, plays=2, rate="100 %")[:6])

    ui.tap(screen.ids.merge)                           # and apart again
    dialog = ui.modal()
    ui.tap(next(b for b in dialog.ids.choices.children if b.text == "Annie"))
    ui.tap(next(b for b in dialog.ids.choices.children if b.text == t("stats.keep_apart", name="Annie")))
    assert store.get_setting(stats.NAMES_KEY) == {} and "Annie" in labels()


def exported(ui, seconds: float = 20.0):
    """The toast once a stick's export is done (a worker thread writes, syncs and unmounts)."""
    import time
    button = ui.screen.ids.export
    end = time.monotonic() + seconds
    while button.disabled:
        assert time.monotonic() < end, "the export did not finish in time"
        time.sleep(0.002)
        ui.pump(1)
    return ui.app.table.notices.last_toast


def test_export_from_the_statistics_screen_goes_to_a_usb_stick_else_the_data_dir(make_ui, tmp_path,  # noqa: F811
                                                                                   monkeypatch):
    import getpass
    from companion import export
    store = Store.open(tmp_path / "data")
    _finished(store, ["Anna", "Ben"], [0], 600)
    monkeypatch.setenv(export.MEDIA_ENV, str(tmp_path / "media"))
    monkeypatch.delenv("CELLMATE_EJECT", raising=False)
    ui = make_ui(store=store)
    ui.tap(ui.ids().sessions)
    ui.tap(ui.screen.ids.stats)
    shown(ui)
    t = Catalogue("en")
    ui.tap(ui.screen.ids.export)                      # no stick: the data dir
    assert len(list((tmp_path / "data").glob("cellmate-*"))) == 5      # JSON, 3 CSV, BG Stats
    assert ui.app.table.notices.last_toast == t("stats.exported_data")
    stick = tmp_path / "media" / getpass.getuser() / "STICK"
    stick.mkdir(parents=True)
    disabled = []     # the button while the export runs (on its thread, it may end before we look)
    ui.screen.ids.export.bind(disabled=lambda _w, value: disabled.append(value))
    toasts = []
    ui.tap(ui.screen.ids.export)
    toasts.append(ui.app.table.notices.last_toast)
    assert exported(ui) == t("stats.exported_stick", name="STICK")     # not the kiosk: nobody unmounts it
    assert disabled[:1] == [True] and not ui.screen.ids.export.disabled    # off while it ran, on again after
    assert toasts[0] in (t("stats.exporting", name="STICK"), t("stats.exported_stick", name="STICK"))
    assert len(list(stick.glob("cellmate-*"))) == 5
    assert export.read_json(next(stick.glob("cellmate-*[0-9].json")))[0]["players"][0]["name"] == "Anna"


@pytest.mark.parametrize("lang", ["en", "de"])
def test_the_table_is_told_whether_the_stick_can_be_pulled_out(make_ui, tmp_path, monkeypatch, lang):  # noqa: F811
    """What the kiosk says after an export to a stick: written and unmounted, or full, or pulled
    out early, or read-only (hardware.stick tests each on a real mounted image)."""
    import errno
    import getpass
    from companion import export
    from hardware import stick as sticks
    from test_stick import export_error
    store = Store.open(tmp_path / "data")
    _finished(store, ["Anna", "Ben"], [0], 600)
    monkeypatch.setenv(export.MEDIA_ENV, str(tmp_path / "media"))
    stick = tmp_path / "media" / getpass.getuser() / "STICK"
    stick.mkdir(parents=True)
    ui = make_ui(store=store)
    ui.app.table.set_language(lang)
    t = Catalogue(lang)
    ui.tap(ui.ids().sessions)
    ui.tap(ui.screen.ids.stats)
    shown(ui)
    asked = []
    monkeypatch.setattr(sticks, "eject", lambda folder, request=None, wait=0: asked.append(folder) or sticks.EJECTED)
    ui.tap(ui.screen.ids.export)
    assert exported(ui) == t("stats.exported_stick", name="STICK") + " " + t("stats.stick_ejected")
    assert asked == [stick] and len(list(stick.glob("cellmate-*"))) == 5

    real = export.write

    def failing(err):
        def write(store, fmt, folder, now=None):
            raise export_error(err)
        return write
    monkeypatch.setattr(export, "write", failing(errno.ENOSPC))
    ui.tap(ui.screen.ids.export)
    assert exported(ui) == t("stats.stick_full", name="STICK") + " " + t("stats.stick_ejected")
    assert ui.app.root.ids.toast.kind == "error" and len(asked) == 2

    monkeypatch.setattr(export, "write", failing(errno.ENODEV))
    ui.tap(ui.screen.ids.export)
    assert exported(ui) == t("stats.stick_pulled", name="STICK")      # nothing to unmount: it is out
    assert len(asked) == 2

    monkeypatch.setattr(export, "write", real)
    monkeypatch.setattr(export, "usb_dir", lambda *a, **k: None)       # a locked stick is not writable
    monkeypatch.setattr(sticks, "read_only", lambda *a, **k: stick)
    before = sorted((tmp_path / "data").iterdir())
    ui.tap(ui.screen.ids.export)
    assert ui.app.table.notices.last_toast == t("stats.stick_read_only", name="STICK")
    assert sorted((tmp_path / "data").iterdir()) == before        # not passed over for the data dir
    assert not ui.screen.ids.export.disabled


HEIST = {"a": 5, "b": 6, "c": 7, "d": 8, "take": 4}


def _heist_to_the_end(store, names):
    """A whole two-player Heist to its final score (a real log, as a table plays it)."""
    session = Session.create(store, "heist", names, rng=random.Random(3))
    actions = [{"type": "lay_heist", "slot": slot, "name": f"Job {slot + 1}", **HEIST} for slot in (0, 1)]
    actions += [{"type": "roll_first", "player": 0, "dice": [5]}, {"type": "roll_first", "player": 1, "dice": [2]}]
    for turn in range(3):
        for action in actions:
            session.act(action)
        actions = [{"type": "set_team", "player": session.state["current"], "recruits": 4}]
        for i, face in enumerate((1, 2, 3, 4)):
            actions += [{"type": "attempt" if i == 0 else "continue", "heist": 0, "total": 20, "recruits": 1},
                        {"type": "place_die", "face": face}]
        actions += [{"type": "complete"}, {"type": "upkeep"}] + (
            [{"type": "lay_heist", "slot": 0, **HEIST}] if turn < 2 else []) + [{"type": "end_turn"}]
    for action in actions + [{"type": "roll_value", "player": 0, "dice": [2]},
                             {"type": "roll_value", "player": 1, "dice": [5]}]:
        session.act(action)
    assert session.finished
    session.close()
    return session


@pytest.mark.parametrize("lang", ["en", "de"])
def test_games_finished_before_results_were_kept_show_theirs_once_and_a_damaged_one_says_unknown(
        make_ui, tmp_path, monkeypatch, lang):  # noqa: F811  (a fixture)
    import sqlite3
    from companion import results
    t = Catalogue(lang)
    store = Store.open(tmp_path / "data")
    heist = _heist_to_the_end(store, ["Sapphire", "Ruby"])
    winners = [["Sapphire", "Ruby"][seat] for seat in heist.game.result(heist.state)["winners"]]
    damaged = Session.create(store, "dice", ["Anna", "Ben"], {}, rng=FirstSeat(0))
    damaged.act({"type": "roll", "dice": [3]})
    damaged.act({"type": "end"})
    damaged.close()
    store.close()
    conn = sqlite3.connect(tmp_path / "data" / "cellmate.db", isolation_level=None)   # as an older Cellmate left it:
    conn.execute("DROP TABLE results")                                                 # no results table,
    conn.execute("UPDATE events SET action = '{\"type\": \"roll\", \"dic' WHERE session_id = ? AND seq = 1",
                 (damaged.id,))                                                        # and a log cut short
    conn.execute("INSERT INTO sessions (game, setup, head, finished, created, updated) VALUES "
                 "('chess', '{\"players\": [{\"name\": \"Kim\"}]}', 3, 1, 1, 2)")       # a game this one does not know
    conn.close()

    store = Store.open(tmp_path / "data")
    ui = make_ui(store=store)
    ui.app.table.set_language(lang)
    ui.tap(ui.ids().sessions)
    ui.pump(4)                                        # the list, then their results a few a frame
    rows = {row.session_id: row for row in ui.screen.rows()}
    assert len(rows) == 3
    assert rows[heist.id].winners == winners and winners
    assert rows[heist.id].result_template.startswith(t("result.won", names="{names}"))
    unknown = [row for sid, row in rows.items() if sid != heist.id]
    assert [row.result_template for row in unknown] == [t("sessions.result_unknown")] * 2
    kim = next(row for row in unknown if row.title == "Kim")
    assert kim.detail.startswith(t("sessions.game_unknown", game="chess") + " · ")   # said to be unknown, not a bare id
    assert len({row.height for row in rows.values()}) == 1              # room kept for the line: nothing moves
    assert store.read("SELECT COUNT(*) FROM results") == [(3,)]          # kept: worked out once
    assert store.read("SELECT action FROM events WHERE session_id = ? AND seq = 1", (damaged.id,)) == [
        ('{"type": "roll", "dic',)]                                        # the damaged log as it was
    look(ui, f"sessions-old-results-{lang}")

    calls = []
    settle = results.settle
    monkeypatch.setattr(results, "settle", lambda *a, **k: calls.append(a) or settle(*a, **k))
    ui.tap(ui.screen.ids.back)
    ui.tap(ui.ids().sessions)                         # shown again: read from the results table
    ui.pump(4)
    assert calls == [] and ui.screen.rows()[0].result_template != ""


def test_statistics_open_at_once_saying_they_are_worked_out_then_show_them_and_keep_them(make_ui, tmp_path,  # noqa: F811
                                                                                         monkeypatch):
    import threading
    from companion import stats
    t = Catalogue("en")
    store = Store.open(tmp_path / "data")
    made_up_history(store, count=12)
    ui = make_ui(store=store)
    gate, figures = threading.Event(), stats.figures
    monkeypatch.setattr(stats, "figures", lambda *a, **k: gate.wait(10) and figures(*a, **k))   # a slow file
    ui.tap(ui.ids().sessions)
    ui.tap(ui.screen.ids.stats)
    assert ui.texts(ui.screen.ids.body) == [t("stats.working")]       # at once: the games are read elsewhere
    gate.set()
    screen = shown(ui)
    assert t("stats.players") in ui.texts(screen.ids.body) and t("stats.working") not in ui.texts(screen.ids.body)
    assert stats.kept(store) == stats.load(store)                      # kept for next time
    make_ui.close(ui)

    worked = []
    monkeypatch.setattr(stats, "load", lambda *a: worked.append(1))
    ui = make_ui(store=Store.open(tmp_path / "data"))                  # started again: read back, not worked out
    ui.tap(ui.ids().sessions)
    ui.tap(ui.screen.ids.stats)
    assert t("stats.players") in ui.texts(ui.screen.ids.body) and worked == []


def test_statistics_that_cannot_be_worked_out_say_so_in_words(make_ui, tmp_path, monkeypatch):  # noqa: F811
    from companion import stats
    t = Catalogue("de")
    store = Store.open(tmp_path / "data")
    made_up_history(store, count=3)
    ui = make_ui(store=store)
    ui.app.table.set_language("de")

    def broken(*_a):
        raise RuntimeError("a bug")
    monkeypatch.setattr(stats, "compute", broken)
    ui.tap(ui.ids().sessions)
    ui.tap(ui.screen.ids.stats)
    assert ui.texts(shown(ui).ids.body) == [t("stats.failed")]
