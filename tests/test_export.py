"""`companion export`: every game and its actions, read back; no secret ever written."""
import json
import os
import random
import subprocess
from pathlib import Path

import pytest

from companion import export
from companion.games.base import SECRET
from companion.session import Session
from companion.store import DB_NAME, Store

import companion_forks
from companion_forks import forks  # noqa: F401 (the fixture)
from test_secrets import old_snitch

REPO = Path(__file__).parent.parent
pytestmark = pytest.mark.usefixtures("forks")     # each command its own process, forked (companion_forks)


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
    for entry in data[0]["actions"]:
        action = entry["action"]
        if action["type"] == "vote":
            assert action["target"] == SECRET
        if action["type"] == "stash_item":
            assert action["item"] == SECRET                 # also once the game is over
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
    return companion_forks.run(["export", *args], text=True, timeout=60, cwd=REPO, env=env)


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


# -- writing: never through a link, never over a file, nothing half written ---------------
def _stamp(now):
    import time
    return time.strftime("%Y%m%d-%H%M%S", time.localtime(now))


def _planted(folder, names, target):
    """A link at each name, to the file an attacker wants written over."""
    for name in names:
        (folder / name).symlink_to(target)


def _leftovers(folder):
    return sorted(p.name for p in folder.iterdir() if p.name.endswith(".part"))


@pytest.mark.parametrize("fmt", export.FORMATS)
def test_a_planted_link_is_never_followed_nor_a_file_written_over(tmp_path, fmt):
    store = Store.open(tmp_path / "data")
    _games(store)
    victim = tmp_path / "data" / DB_NAME
    before = victim.read_bytes()
    out = tmp_path / "stick"
    out.mkdir()
    stamp = _stamp(0)
    names = {"json": [f"cellmate-{stamp}.json"], "bgstats": [f"cellmate-{stamp}.bgsplay"],
             "csv": [f"cellmate-{stamp}-{part}.csv" for part in ("games", "players", "actions")]}[fmt]
    _planted(out, [n + ".part" for n in names], victim)          # the temp name the export used to take
    _planted(out, names, victim)                                 # and the final one
    (out / "cellmate-kept.json").write_text("somebody's file")
    written = export.write(store, fmt, out, now=0)
    assert victim.read_bytes() == before
    assert all(p.parent == out and not p.is_symlink() and p.is_file() and p.name not in names for p in written)
    assert all(os.readlink(out / n) == str(victim) and os.readlink(out / (n + ".part")) == str(victim)
               for n in names)
    assert (out / "cellmate-kept.json").read_text() == "somebody's file" and _leftovers(out) == [
        n + ".part" for n in sorted(names)]
    if fmt == "json":
        assert len(export.read_json(written[0])) == 2


@pytest.mark.parametrize("fmt", export.FORMATS)
def test_two_exports_in_the_same_second_keep_both(tmp_path, fmt):
    store = Store.open(tmp_path / "data")
    _games(store)
    first = export.write(store, fmt, tmp_path, now=0)
    texts = [p.read_bytes() for p in first]
    Session.create(store, "dice", ["Eve", "Fay"])
    second = export.write(store, fmt, tmp_path, now=0)
    assert not set(first) & set(second) and [p.read_bytes() for p in first] == texts
    assert all(p.exists() for p in first + second) and _leftovers(tmp_path) == []
    assert [p.name.replace("-2", "", 1) for p in second] == [p.name for p in first]    # the next free name
    third = export.write(store, fmt, tmp_path, now=0)
    assert all("-3" in p.name for p in third)
    if fmt == "json":
        assert [len(export.read_json(p[0])) for p in (first, second, third)] == [2, 3, 3]


def test_a_name_of_a_set_already_taken_moves_the_whole_set_on(tmp_path):
    store = Store.open(tmp_path / "data")
    _games(store)
    (tmp_path / f"cellmate-{_stamp(0)}-actions.csv").write_text("taken")
    paths = export.write(store, "csv", tmp_path, now=0)
    assert [p.name for p in paths] == [f"cellmate-{_stamp(0)}-2-{part}.csv" for part in ("games", "players", "actions")]
    assert (tmp_path / f"cellmate-{_stamp(0)}-actions.csv").read_text() == "taken"


def _full_after(monkeypatch, count):
    """os.write in the export fills the disk after `count` bytes."""
    import errno
    real, left = os.write, [count]

    def write(fd, data):
        if left[0] <= 0:
            raise OSError(errno.ENOSPC, os.strerror(errno.ENOSPC))
        n = real(fd, bytes(data[:left[0]]))
        left[0] -= n
        return n
    monkeypatch.setattr(export.os, "write", write)


@pytest.mark.parametrize("fmt,count", [("json", 0), ("json", 100), ("csv", 0), ("csv", 300), ("bgstats", 10)])
def test_a_full_destination_leaves_nothing_behind_and_says_so(tmp_path, monkeypatch, fmt, count):
    store = Store.open(tmp_path / "data")
    _games(store)
    out = tmp_path / "stick"
    out.mkdir()
    _full_after(monkeypatch, count)
    with pytest.raises(export.ExportError) as caught:
        export.write(store, fmt, out, now=0)
    assert list(out.iterdir()) == []                          # no .part file, no file half written
    assert "full" in str(caught.value) and "nothing was exported" in str(caught.value)


@pytest.mark.parametrize("error,said", [("ENOSPC", "is full: nothing was exported"),
                                         ("EIO", "cannot be written: Input/output error; nothing was exported")])
def test_a_failed_fsync_leaves_nothing_behind(tmp_path, monkeypatch, error, said):
    import errno
    store = Store.open(tmp_path / "data")
    _games(store)
    code = getattr(errno, error)

    def fsync(fd):
        raise OSError(code, os.strerror(code))
    out = tmp_path / "out"
    out.mkdir()
    monkeypatch.setattr(export.os, "fsync", fsync)
    with pytest.raises(export.ExportError) as caught:
        export.write(store, "csv", out, now=0)
    assert list(out.iterdir()) == [] and str(caught.value) == f"{out} {said}"


def test_without_hard_links_a_stick_still_gets_new_names_only(tmp_path, monkeypatch):
    """FAT and exFAT sticks have no hard links (EPERM): the file is renamed to a name
    that does not exist yet (renameat2 RENAME_NOREPLACE; where the system has none,
    checked just before)."""
    import errno
    store = Store.open(tmp_path / "data")
    _games(store)

    def link(*args, **kwargs):
        raise OSError(errno.EPERM, os.strerror(errno.EPERM))
    monkeypatch.setattr(export.os, "link", link)
    victim = tmp_path / "data" / DB_NAME
    before = victim.read_bytes()
    _planted(tmp_path, [f"cellmate-{_stamp(0)}.json"], victim)
    first = export.write(store, "json", tmp_path, now=0)
    monkeypatch.setattr(export, "_renameat2", lambda: None)       # a C library without renameat2
    second = export.write(store, "json", tmp_path, now=0)
    assert [p.name for p in first + second] == [f"cellmate-{_stamp(0)}-2.json", f"cellmate-{_stamp(0)}-3.json"]
    assert victim.read_bytes() == before and _leftovers(tmp_path) == []


def _fat(tmp_path):
    """A FAT stick mounted with fusefat (scripts/_setup.sh installs it as root)."""
    import shutil
    assert shutil.which("fusefat") and shutil.which("mkfs.vfat") and os.path.exists("/dev/fuse"), \
        "no fusefat / mkfs.vfat / FUSE here: run ./scripts/test as root, which installs them"
    image, mount = tmp_path / "stick.img", tmp_path / "STICK"
    mount.mkdir()
    with open(image, "wb") as fh:
        fh.truncate(4 << 20)
    subprocess.run(["mkfs.vfat", str(image)], check=True, capture_output=True)
    mounted = subprocess.run(["fusefat", "-o", "rw+", str(image), str(mount)], capture_output=True, text=True)
    assert mounted.returncode == 0, f"fusefat cannot mount here: {mounted.stderr}"
    return mount


def test_a_fat_stick_gets_every_export_in_a_new_file(tmp_path):
    mount = _fat(tmp_path)
    try:
        store = Store.open(tmp_path / "data")
        _games(store)
        first = export.write(store, "json", mount, now=0)
        second = export.write(store, "csv", mount, now=0)
        third = export.write(store, "json", mount, now=0)
        assert [p.name for p in first + third] == [f"cellmate-{_stamp(0)}.json", f"cellmate-{_stamp(0)}-2.json"]
        assert len(second) == 3 and _leftovers(mount) == []
        assert export.read_json(first[0]) == export.read_json(third[0])
    finally:
        subprocess.run(["fusermount", "-u", str(mount)], capture_output=True)


def test_companion_export_writes_nothing_through_a_link_planted_for_the_next_seconds(tmp_path):
    import time
    _saved(tmp_path / "data")
    victim = tmp_path / "data" / DB_NAME
    before = victim.read_bytes()
    stick = tmp_path / "stick"
    stick.mkdir()
    now = int(time.time())
    _planted(stick, [f"cellmate-{_stamp(now + s)}.json{part}" for s in range(-1, 30) for part in ("", ".part")],
             victim)
    proc = companion("--data-dir", str(tmp_path / "data"), "--out", str(stick))
    assert proc.returncode == 0 and proc.stderr == "", proc.stderr
    [path] = [Path(line) for line in proc.stdout.splitlines()]
    assert victim.read_bytes() == before and not path.is_symlink() and len(export.read_json(path)) == 2


def test_companion_export_on_a_full_stick_says_so_in_one_line_and_leaves_nothing(tmp_path, monkeypatch):
    import argparse
    import io
    from ui import cli
    _saved(tmp_path / "data")
    stick = tmp_path / "stick"
    stick.mkdir()
    _full_after(monkeypatch, 50)
    out, err = io.StringIO(), io.StringIO()
    code = cli.run_export(argparse.Namespace(data_dir=tmp_path / "data", out=stick, format="csv"), out, err)
    assert code == 2 and out.getvalue() == "" and list(stick.iterdir()) == []
    assert err.getvalue() == f"companion export: {stick} is full: nothing was exported\n"


@pytest.fixture
def small_disk(tmp_path):
    """A 64 KiB tmpfs (mounting needs root, as CI runs), unmounted after."""
    disk = tmp_path / "small"
    disk.mkdir()
    mounted = subprocess.run(["mount", "-t", "tmpfs", "-o", "size=64k", "tmpfs", str(disk)], capture_output=True,
                             text=True)
    assert mounted.returncode == 0, f"cannot mount a small tmpfs here (root?): {mounted.stderr}"
    yield disk
    subprocess.run(["umount", str(disk)], capture_output=True)


@pytest.mark.parametrize("fmt", export.FORMATS)
def test_companion_export_to_a_really_full_disk_leaves_nothing_and_says_so(tmp_path, small_disk, fmt):
    store = Store.open(tmp_path / "data")
    for _ in range(3):
        session = Session.create(store, "dice", ["Ann", "Bob"])
        for face in range(6):
            session.act({"type": "roll", "dice": [face + 1]})
        session.act({"type": "end"})
    store.close()
    with open(small_disk / "filler", "wb") as fh:
        try:
            fh.write(b"x" * (64 << 10))            # up to the last byte
        except OSError:
            pass
    proc = companion("--data-dir", str(tmp_path / "data"), "--out", str(small_disk), "--format", fmt)
    assert proc.returncode == 2 and proc.stdout == ""
    assert proc.stderr == f"companion export: {small_disk} is full: nothing was exported\n"
    assert [p.name for p in small_disk.iterdir()] == ["filler"]


# -- CSV: no cell a spreadsheet runs as a formula -----------------------------------------------
FORMULAS = ["=HYPERLINK(\"x\")", "+1+2", "-3+cmd", "@SUM(A1)"]     # (a name holds no tab or CR)


def test_a_csv_text_cell_that_a_spreadsheet_would_run_is_neutralised_json_keeps_it(tmp_path):
    store = Store.open(tmp_path / "data")
    session = Session.create(store, "dice", FORMULAS)
    session.act({"type": "roll", "dice": [3]})
    session.act({"type": "end"})
    games, seats, actions = (export.read_csv(p) for p in export.write(store, "csv", tmp_path, now=0))
    assert [s["name"] for s in seats] == ["'" + name for name in FORMULAS]       # OWASP: a leading '
    [back] = export.read_json(export.write(store, "json", tmp_path, now=0)[0])
    assert [p["name"] for p in back["players"]] == FORMULAS                       # JSON: as the table typed them
    for row in games + seats + actions:
        assert not any(cell[:1] in ("=", "+", "-", "@", "\t", "\r") for cell in row.values())


def test_only_text_cells_get_the_quote_numbers_stay_numbers():
    data = [{"session": 1, "game": "-x", "title": "=T", "created": -5.5, "updated": 0, "finished": True,
             "first_player": 0, "options": {}, "players": [{"name": "-1", "colour": "@c", "letter": "+"}],
             "result": {"winners": [0], "scores": [-3], "outcomes": ["\to"], "ending": "\re", "turns": -2,
                        "seconds": -1.5},
             "actions": [{"seq": 1, "at": -7, "action": {"type": "=t", "player": 0, "v": "=x"}}]}]
    text = "".join(export._csv(export.SEAT_FIELDS, export.seat_rows(data)) + export._csv(
        export.GAME_FIELDS, export.game_rows(data)) + export._csv(export.ACTION_FIELDS, export.action_rows(data)))
    import csv
    import io
    rows = list(csv.reader(io.StringIO(text)))
    assert rows[1] == ["1", "0", "'-1", "'@c", "'+", "1", "-3", "'\to"]             # a score of -3 is a number
    assert rows[3] == ["1", "'-x", "'=T", "-5.5", "0", "1", "1", "0", "[0]", "'\re", "-2", "-1.5", "{}"]
    assert rows[5] == ["1", "1", "-7", "'=t", "0", '{"v": "=x"}']


def test_the_title_is_the_games_name_in_words_in_every_format(tmp_path):
    store = Store.open(tmp_path / "data")
    for game in ("dice", "snitch", "dig", "heist", "singsing"):
        Session.create(store, game, ["Ann", "Bob", "Cy", "Dee"])
    names = ["Dice table", "The Snitch", "Dig Your Way Out", "Masterminds: Heist Society", "Sing Sing"]
    assert [g["title"] for g in export.read_json(export.write(store, "json", tmp_path, now=0)[0])] == names
    games = export.read_csv(export.write(store, "csv", tmp_path, now=0)[0])
    assert [g["title"] for g in games] == names


# -- who began: the seat the rules picked, not the setup's random draw ------------------------------
class Table:
    """A running `companion script --data-dir`: one line sent, its reply read."""

    def __init__(self, data, setup: dict):
        self.proc = companion_forks.start(["script", "--data-dir", data], stderr=subprocess.PIPE, cwd=REPO)
        self.state = self.send(setup)

    def send(self, line: dict) -> dict:
        self.proc.stdin.write(json.dumps(line) + "\n")
        self.proc.stdin.flush()
        reply = json.loads(self.proc.stdout.readline())
        assert reply["ok"], (line, reply)
        self.state = reply["state"]
        return self.state

    def act(self, action: str, **args) -> dict:
        return self.send({"action": action, **args})

    def close(self) -> None:
        self.proc.stdin.close()
        assert self.proc.wait(timeout=60) == 0, self.proc.stderr.read()
        self.proc.stdout.close()
        self.proc.stderr.close()


def _other(drawn: int, count: int) -> int:
    """A seat that is not the setup's random draw: who the rules make begin in these games."""
    return (drawn + 1) % count


def _sing_sing(data) -> int:
    """Cy is the youngest (pick_first); every guess wrong, so the starter wins with three convicts."""
    t = Table(data, {"game": "singsing", "players": ["Ann", "Bob", "Cy"], "options": {"checklist": True}})
    starter = _other(t.state["first_player"], 3)
    t.act("skip_setup")
    assert t.act("pick_first", seat=starter)["file"] == starter
    for convict in ("eddie", "joe", "mack"):
        for line in ({"action": "start_timer"}, {"action": "wrong"}, {"action": "free_convict", "convict": convict},
                     {"action": "start_timer"}, {"action": "timeout"}):
            t.send(line)
    assert t.state["finished"]
    t.close()
    return starter


def _dig(data) -> int:
    """The most impressive scar begins (pick_first); the game goes on."""
    t = Table(data, {"game": "dig", "players": ["Ann", "Bob", "Cy"], "options": {"checklist": True}})
    starter = _other(t.state["first_player"], 3)
    t.act("skip_setup")
    assert t.act("pick_first", seat=starter)["current"] == starter
    t.close()
    return starter


def _snitch(data) -> int:
    """The most innocent holds the Soap first; then everybody draws until the deck runs out."""
    t = Table(data, {"game": "snitch", "players": ["Ann", "Bob", "Cy", "Dee"]})
    starter = _other(t.state["first_player"], 4)
    t.act("cards_ready")
    for _ in range(4):
        t.act("scheme", required=3)
    t.act("pick_guard", seat=starter)
    t.act("pick_soap", seat=starter)
    while t.state["phase"] == "turn":
        t.act("pass_soap" if t.state["acted"] else "draw_card")
    assert t.state["first_player"] != starter and t.act("no_snitch")["finished"]
    t.close()
    return starter


def _heist(data) -> int:
    """The roll-off's winner begins (heist.roll_first); a whole game to the final score."""
    from test_game_heist_script import HEIST, one_heist_turn
    t = Table(data, {"game": "heist", "players": ["Sapphire", "Ruby"]})
    starter = _other(t.state["drawn_first"], 2)
    t.act("lay_heist", slot=0, name="Museum", **HEIST)
    t.act("lay_heist", slot=1, name="Casino", **HEIST)
    t.act("roll_first", player=1 - starter, dice=[2])
    assert t.act("roll_first", player=starter, dice=[5])["first_player"] == starter
    for turn in range(3):
        for line in one_heist_turn() + ([{"action": "lay_heist", "slot": 0, **HEIST}] if turn < 2 else []):
            t.send(line)
        t.act("end_turn")
    t.act("roll_value", player=0, dice=[2])
    assert t.act("roll_value", player=1, dice=[5])["finished"]
    t.close()
    return starter


@pytest.fixture(scope="module")
def began(tmp_path_factory):
    """A data dir with one scripted game of each kind: {game: the seat that really began}."""
    data = tmp_path_factory.mktemp("began") / "data"
    return data, {game: play(data) for game, play in
                  (("singsing", _sing_sing), ("dig", _dig), ("snitch", _snitch), ("heist", _heist))}


def _exported(data, fmt, tmp_path):
    proc = companion("--data-dir", str(data), "--out", str(tmp_path), "--format", fmt)
    assert proc.returncode == 0, proc.stderr
    return [Path(line) for line in proc.stdout.splitlines()]


def test_the_json_and_csv_exports_name_who_really_began(began, tmp_path):
    data, starters = began
    [path] = _exported(data, "json", tmp_path)
    assert {g["game"]: g["first_player"] for g in export.read_json(path)} == starters
    games = export.read_csv(_exported(data, "csv", tmp_path)[0])
    assert {g["game"]: g["first_player"] for g in games} == {game: str(seat) for game, seat in starters.items()}


def test_the_bgstats_file_names_who_really_began(began, tmp_path):
    data, starters = began
    [path] = _exported(data, "bgstats", tmp_path)
    body = json.loads(path.read_text(encoding="utf-8"))
    names = {g["id"]: g["name"] for g in body["games"]}
    started = {names[p["gameRefId"]]: [s["startPlayer"] for s in p["playerScores"]] for p in body["plays"]}
    assert started == {"Sing Sing": [s == starters["singsing"] for s in range(3)],
                       "The Snitch": [s == starters["snitch"] for s in range(4)],
                       "Masterminds: Heist Society": [s == starters["heist"] for s in range(2)]}   # Dig: not over


def test_a_game_not_begun_yet_names_nobody(tmp_path):
    store = Store.open(tmp_path / "data")
    for game, options in (("singsing", {"checklist": True}), ("dig", {"checklist": True}), ("snitch", {}),
                          ("heist", {})):
        Session.create(store, game, ["Ann", "Bob", "Cy", "Dee"], options)
    assert [g["first_player"] for g in export.collect(store)] == [None] * 4


# -- a game saved the old way: a stashed Item is never named -----------------------------------------
def _old_snitch_game(data, ended: bool):
    """A Snitch game as an older Cellmate wrote it: the failed Scheme's Item named in its
    log (`stash_item` "crowbar") and in a snapshot (stashes by name), every ballot its own
    `vote`, the gun given; `ended`: then the gun holder was the Snitch, marked finished."""
    from test_game_snitch import NAMES, old_game
    from companion.games.snitch import GAME, ITEMS
    setup, actions, states = old_game()
    if ended:
        actions.append(GAME.resolve(states[-1], {"type": "snitch_has_gun"}, random.Random(0)))
        assert GAME.apply(states[-1], actions[-1])["phase"] == "over"
    at = next(i for i, a in enumerate(actions) if a["type"] == "stash_item") + 1
    snapshot = {k: v for k, v in states[at - 1].items() if k not in ("voted", "tally")}
    snapshot["stash"] = [{item: int(seat == 1 and item == "crowbar") for item in ITEMS} for seat in range(4)]
    snapshot["pending_item"] = None
    store = Store.open(data)
    session = Session.create(store, "snitch", NAMES[:4], {}, rng=random.Random(0))
    session.close()

    def write(c):
        c.execute("UPDATE sessions SET setup = ?, head = ?, finished = ? WHERE id = ?",
                  (json.dumps(setup), len(actions), int(ended), session.id))
        for seq, action in enumerate(actions, start=1):
            c.execute("INSERT INTO events (session_id, seq, action, at) VALUES (?, ?, ?, ?)",
                      (session.id, seq, json.dumps(action), 1000 + seq))
        c.execute("INSERT INTO snapshots (session_id, seq, state) VALUES (?, ?, ?)",
                  (session.id, at, json.dumps(snapshot)))
    store.write(write)
    if not ended:           # today's Cellmate resumes it and plays it to the end
        session = Session.load(store, session.id)
        session.act({"type": "snitch_has_gun"})
        session.close()
    store.close()


@pytest.mark.parametrize("ended", [True, False], ids=["ended by the older Cellmate", "resumed and ended today"])
def test_an_old_games_stashed_item_is_never_exported_not_even_after_the_end(tmp_path, ended):
    from companion.i18n import Catalogue
    _old_snitch_game(tmp_path / "data", ended)
    [game] = export.read_json(_exported(tmp_path / "data", "json", tmp_path)[0])
    assert game["finished"] and game["result"]["winners"] == [2]
    stashed = [a["action"] for a in game["actions"] if a["action"]["type"] == "stash_item"]
    assert stashed == [{"type": "stash_item", "player": 1, "item": SECRET}]
    words = ["crowbar"] + [Catalogue(lang)("snitch.item.crowbar").lower() for lang in ("en", "de")]
    for fmt in export.FORMATS:
        for path in _exported(tmp_path / "data", fmt, tmp_path):
            text = path.read_text(encoding="utf-8").lower()
            assert not any(word in text for word in words), (fmt, path.name)


def test_each_game_is_replayed_once_for_its_log_and_who_began(tmp_path, monkeypatch):
    store = Store.open(tmp_path / "data")
    _games(store)
    Session.create(store, "snitch", ["Ann", "Bob", "Cy", "Dee"])
    loads = []
    real = Session.load.__func__

    def load(cls, store, sid, *args, **kwargs):
        loads.append(sid)
        return real(cls, store, sid, *args, **kwargs)
    monkeypatch.setattr(Session, "load", classmethod(load))
    data = export.collect(store)
    assert sorted(loads) == sorted(g["session"] for g in data) and len(data) == 3


def test_a_folder_that_answers_with_an_io_error_is_one_line_not_an_internal_error(tmp_path, monkeypatch):
    """A stick whose mount died: its folder check raises EIO; the export says so in one line."""
    import errno
    store = Store.memory()
    Session.create(store, "dice", ["Ann", "Bob"]).act({"type": "roll", "dice": [3]})
    real = Path.is_dir
    monkeypatch.setattr(Path, "is_dir", lambda self: (_ for _ in ()).throw(OSError(errno.EIO, "Input/output error"))
                        if self == tmp_path else real(self))
    with pytest.raises(export.ExportError) as refused:
        export.write(store, "json", tmp_path)
    assert str(refused.value) == f"{tmp_path} cannot be read: Input/output error; nothing was exported"
