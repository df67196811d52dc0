"""`companion export`: every game and its actions, read back; no secret ever written."""
import json
import os
import random
import subprocess
import sys
from pathlib import Path

import pytest

from companion import export
from companion.games.base import SECRET
from companion.session import Session
from companion.store import DB_NAME, Store

from test_secrets import old_snitch

REPO = Path(__file__).parent.parent
COMPANION = Path(sys.executable).parent / "companion"


def _games(store):
    done = Session.create(store, "dice", ["Ann", "Bob"])
    for face in (6, 2, 3):
        done.act({"type": "roll", "dice": [face]})
    done.act({"type": "end"})
    running = Session.create(store, "dice", ["Cy", "Dörte"], {"dice": 2})
    running.act({"type": "roll", "dice": [1, 5]})
    running.act({"type": "pass"})
    running.undo()                                   # the redo tail is not part of the game
    return done, running


def test_the_json_export_reads_back_as_every_game_with_its_actions_and_result(tmp_path):
    store = Store.open(tmp_path / "data")
    done, running = _games(store)
    [path] = export.write(store, "json", tmp_path, now=0)
    back = export.read_json(path)
    assert back == json.loads(json.dumps(export.collect(store)))
    first, second = back
    assert first["session"] == done.id and first["finished"] and first["result"]["winners"] == []
    assert [a["action"]["dice"] for a in first["actions"][:3]] == [[6], [2], [3]]
    assert first["result"]["seconds"] == first["actions"][-1]["at"] - first["actions"][0]["at"]
    assert [p["name"] for p in second["players"]] == ["Cy", "Dörte"] and second["result"] is None
    assert [a["action"]["type"] for a in second["actions"]] == ["roll"]       # not the undone pass
    assert second["options"] == {"dice": 2, "pass_after_roll": False}


def test_the_csv_export_reads_back_games_players_and_actions(tmp_path):
    store = Store.open(tmp_path / "data")
    done, running = _games(store)
    paths = export.write(store, "csv", tmp_path, now=0)
    assert [p.name.rsplit("-", 1)[1] for p in paths] == ["games.csv", "players.csv", "actions.csv"]
    games, seats, actions = (export.read_csv(p) for p in paths)
    assert [int(g["session"]) for g in games] == [done.id, running.id]
    assert [g["finished"] for g in games] == ["1", "0"] and games[0]["winners"] == "[]"
    assert [(s["session"], s["name"]) for s in seats] == [(str(done.id), "Ann"), (str(done.id), "Bob"),
                                                          (str(running.id), "Cy"), (str(running.id), "Dörte")]
    collected = export.collect(store)
    assert len(actions) == sum(len(g["actions"]) for g in collected) == 5
    for row, original in zip(actions, [a["action"] for g in collected for a in g["actions"]]):
        rebuilt = {"type": row["type"], **json.loads(row["args"])}
        if row["player"] != "":
            rebuilt["player"] = int(row["player"])
        assert rebuilt == original


# A BG Stats Play file (.bgsplay) as BG Stats writes it: each object's fields and their types.
# Sources (BG Stats publishes no schema): a Play file written by BG Stats,
# https://pastebin.com/iDbHyBui (about, players, locations, games); the plays of BG Stats'
# own export as programs that write files for BG Stats lay them out. Optional fields
# Cellmate has nothing for (userInfo, locationRefId, bggId, metaData, ...) are left out.
PLAY_FILE = {"about": str, "players": list, "locations": list, "games": list, "plays": list}
PLAYER = {"id": int, "uuid": str, "name": str, "isAnonymous": bool, "modificationDate": str, "bggUsername": str}
GAME = {"id": int, "uuid": str, "name": str, "modificationDate": str, "cooperative": bool, "highestWins": bool,
        "noPoints": bool, "usesTeams": bool}
PLAY = {"uuid": str, "gameRefId": int, "playDate": str, "playDateYmd": int, "entryDate": str,
        "modificationDate": str, "durationMin": int, "rounds": int, "ignored": bool, "manualWinner": bool,
        "usesTeams": bool, "board": str, "comments": str, "playerScores": list}
PLAYER_SCORE = {"playerRefId": int, "score": str, "winner": bool, "startPlayer": bool, "seatOrder": int,
                "role": str, "rank": int, "newPlayer": bool}
BGSTATS_DATE = r"\d{4}-\d\d-\d\d \d\d:\d\d:\d\d"     # "2019-03-21 22:02:33", local time


def _shaped(obj, fields):
    return set(obj) == set(fields) and all(type(obj[k]) is t for k, t in fields.items())


def test_the_bgstats_export_is_a_play_file_as_bg_stats_lays_it_out(tmp_path):
    import re
    import uuid
    store = Store.open(tmp_path / "data")
    done, _ = _games(store)
    [path] = export.write(store, "bgstats", tmp_path)
    assert path.suffix == ".bgsplay"                                   # what BG Stats shares plays as
    body = json.loads(path.read_text(encoding="utf-8"))
    assert _shaped(body, PLAY_FILE) and "Board Game Stats" in body["about"]
    assert all(_shaped(p, PLAYER) for p in body["players"]) and all(_shaped(g, GAME) for g in body["games"])
    [play] = body["plays"]
    assert _shaped(play, PLAY) and all(_shaped(s, PLAYER_SCORE) for s in play["playerScores"])
    for text in [play["playDate"], play["entryDate"], play["modificationDate"]] + [
            x["modificationDate"] for x in body["players"] + body["games"]]:
        assert re.fullmatch(BGSTATS_DATE, text)
    assert str(play["playDateYmd"]) == play["playDate"][:10].replace("-", "")
    for x in [play] + body["players"] + body["games"]:
        uuid.UUID(x["uuid"])
    # the references hold, and say what the game said
    assert play["gameRefId"] in {g["id"] for g in body["games"]}
    names = {p["id"]: p["name"] for p in body["players"]}
    assert [names[s["playerRefId"]] for s in play["playerScores"]] == ["Ann", "Bob"]
    assert [g["name"] for g in body["games"]] == ["Dice table"] and body["games"][0]["noPoints"]
    assert [s["seatOrder"] for s in play["playerScores"]] == [1, 2]
    assert sum(s["startPlayer"] for s in play["playerScores"]) == 1
    assert not any(s["winner"] for s in play["playerScores"])
    assert str(done.id) in play["comments"]
    assert body == export.bgstats(export.collect(store))                  # the same uuids every time


@pytest.mark.parametrize("seed", range(4))
def test_no_secret_value_is_ever_exported(seed):
    session = old_snitch(random.Random(seed), 4)      # Items named in the log, ballots one by one
    data = export.collect(session.store)
    over = session.state["phase"] == "over"
    for entry in data[0]["actions"]:
        action = entry["action"]
        if action["type"] == "vote":
            assert action["target"] == SECRET
        if action["type"] == "stash_item":
            assert (action["item"] == SECRET) != over
    text = json.dumps(data)
    for entry in data[0]["actions"]:
        if entry["action"]["type"] == "vote":
            assert '"target": ' + json.dumps(SECRET) in text


def test_a_log_that_cannot_be_replayed_hides_everything_that_could_be_secret():
    from companion.games.snitch import GAME
    assert export.public_action(GAME, None, {"type": "stash_item", "player": 1, "item": "key"}) == {
        "type": "stash_item", "player": 1, "item": SECRET}
    assert export.public_action(None, None, {"type": "x", "secret": 1}) == {"type": "x"}


def test_a_mounted_usb_stick_is_found_else_the_data_dir(tmp_path):
    media = tmp_path / "media"
    assert export.destination(None, tmp_path / "data", roots=[media]) == tmp_path / "data"
    (media / "pi" / "STICK").mkdir(parents=True)
    assert export.usb_dir([media], user="pi") == media / "pi" / "STICK"
    assert export.destination(None, tmp_path / "data", roots=[media]) in (media / "pi" / "STICK", tmp_path / "data")
    assert export.destination(tmp_path / "x", tmp_path / "data", roots=[media]) == tmp_path / "x"


# -- the command -----------------------------------------------------------------------------
def companion(*args, media=None):
    env = {**os.environ, export.MEDIA_ENV: str(media) if media else "/nonexistent-cellmate-media"}
    return subprocess.run([str(COMPANION), "export", *args], capture_output=True, text=True, timeout=60,
                          cwd=REPO, env=env)


def _saved(data):
    store = Store.open(data)
    _games(store)
    store.close()


def test_companion_export_writes_each_format_and_says_where(tmp_path):
    _saved(tmp_path / "data")
    out = tmp_path / "out"
    out.mkdir()
    for fmt, count in (("json", 1), ("csv", 3), ("bgstats", 1)):
        proc = companion("--data-dir", str(tmp_path / "data"), "--out", str(out), "--format", fmt)
        assert proc.returncode == 0, proc.stderr
        written = [Path(line) for line in proc.stdout.splitlines()]
        assert len(written) == count and all(p.parent == out and p.exists() for p in written)
    back = export.read_json(next(out.glob("cellmate-*[0-9].json")))
    assert len(back) == 2


def test_companion_export_goes_to_a_usb_stick_when_one_is_mounted(tmp_path):
    import getpass
    _saved(tmp_path / "data")
    stick = tmp_path / "media" / getpass.getuser() / "STICK"
    stick.mkdir(parents=True)
    proc = companion("--data-dir", str(tmp_path / "data"), media=tmp_path / "media")
    assert proc.returncode == 0, proc.stderr
    assert Path(proc.stdout.strip()).parent == stick


@pytest.mark.parametrize("problem", ["no folder", "a file", "no games", "damaged"])
def test_companion_export_says_what_is_wrong_in_one_line_never_a_traceback(tmp_path, problem):
    data, out = tmp_path / "data", tmp_path / "out"
    if problem != "no games":
        _saved(data)
    if problem == "a file":
        out.write_text("not a folder")
    if problem == "damaged":
        out.mkdir()
        (data / DB_NAME).write_bytes(b"SQLite format 3\x00" + b"\xff" * 4000)
        for extra in ("-wal", "-shm"):
            Path(str(data / DB_NAME) + extra).unlink(missing_ok=True)
    proc = companion("--data-dir", str(data), "--out", str(out))
    assert proc.returncode == 2 and proc.stdout == ""
    lines = proc.stderr.strip().splitlines()
    assert len(lines) == 1 and lines[0].startswith("companion export: ") and "Traceback" not in proc.stderr
    said = {"no folder": "there is no folder", "a file": "is not a folder", "no games": "no saved games",
            "damaged": "moved aside"}[problem]
    assert said in lines[0]
