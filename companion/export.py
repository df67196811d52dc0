"""Every saved game and its actions, written out: JSON, CSV, or a BG Stats Play file (.bgsplay).

What the rules hide never leaves: each action's arguments a game declares secret
(Game.secrets, `hidden_args` in the game's state at its head) are written as
"(secret)"; a game whose log cannot be replayed has every argument that could be
secret hidden. The undone actions (a redo tail) are not part of a game and are left out.

Where: `--out DIR`, else a USB stick when one is mounted (a writable folder under
/media/<user>/ or /run/media/<user>/; MEDIA_ENV names other roots, for tests), else
the data dir. Every file is new, named with the time of the export (a name taken, by an
export in the same second or by anything else, moves on to "-2", "-3", ...): nothing is
written over and no link followed, and a failure (a full stick) leaves nothing behind.
"""
from __future__ import annotations

import csv
import ctypes
import errno
import getpass
import json
import os
import secrets
import time
import uuid
from pathlib import Path

from . import games, results
from .games.base import SECRET
from .session import Session
from .store import Store, StoreError, load_json, repair_setup

FORMATS = ("json", "csv", "bgstats")
FORMAT_VERSION = 1
MEDIA_ENV = "CELLMATE_MEDIA_ROOTS"        # colon-separated; default /media:/run/media
GAME_FIELDS = ("session", "game", "title", "created", "updated", "finished", "actions", "first_player",
               "winners", "ending", "turns", "seconds", "options")
SEAT_FIELDS = ("session", "seat", "name", "colour", "letter", "winner", "score", "outcome")
ACTION_FIELDS = ("session", "seq", "at", "type", "player", "args")


class ExportError(Exception):
    """The export could not be written; the message says why in one line."""


# -- what is written ------------------------------------------------------------------
def _titles():
    """game id -> the game's name in words, in English as the BG Stats file names it
    ("The Snitch"); a game this Cellmate does not know: its id."""
    from .i18n import Catalogue
    en = Catalogue("en")

    def title(game_id: str) -> str:
        try:
            return en(games.get(game_id).title)
        except games.IllegalAction:
            return game_id
    return title


def _replayed(store: Store, sid: int) -> Session | None:
    """The game as its log says, or None: damaged, or from a Cellmate this one cannot replay."""
    try:
        return Session.load(store, sid, claim=False)
    except Exception:
        return None


def _began(session: Session | None) -> int | None:
    """The seat that really began (Game.began: the one the rules picked, not the setup's
    random draw), or None: not begun yet, or a log this Cellmate cannot replay."""
    if session is None:
        return None
    try:
        return session.game.began(session.state, session.actions())
    except Exception:
        return None


def collect(store: Store) -> list[dict]:
    """Every game in the store, oldest first, as the export writes it."""
    finished = {r["id"]: r["result"] for r in results.finished(store)}
    title = _titles()
    rows = store.read("SELECT id, game, setup, head, finished, created, updated FROM sessions ORDER BY created, id")
    out = []
    for sid, game_id, setup_text, head, done, created, updated in rows:
        setup = load_json(setup_text)
        setup = repair_setup(setup)[0] if isinstance(setup, dict) else {"players": [], "options": {}}
        session = _replayed(store, sid)
        out.append({"session": sid, "game": game_id, "title": title(game_id), "created": created, "updated": updated,
                    "finished": bool(done), "first_player": _began(session),
                    "options": setup.get("options") or {},
                    "players": [{"name": p.get("name"), "colour": p.get("colour"), "letter": p.get("letter")}
                                for p in setup.get("players") or [] if isinstance(p, dict)],
                    "result": finished.get(sid) if done else None,
                    "actions": _public_actions(store, sid, game_id, head, session)})
    return out


def _public_actions(store: Store, sid: int, game_id: str, head: int, session: Session | None) -> list[dict]:
    """The log as the table may know it (session None: one this Cellmate cannot replay, so
    everything that could be secret is hidden)."""
    rows = store.read("SELECT seq, action, at FROM events WHERE session_id = ? AND seq <= ? ORDER BY seq", (sid, head))
    try:
        game = games.get(game_id)
    except games.IllegalAction:
        game = None
    state, veiled = None, ()
    if session is not None:
        try:
            state, veiled = session.state, session.veiled()   # veiled: hidden before an UNDO, not yet revealed
        except Exception:       # its redo tail or latch cannot be read: hide all it might
            state, veiled = None, ()
    out = []
    for seq, text, at in rows:
        action = load_json(text)
        if not isinstance(action, dict):
            action = {}
        out.append({"seq": seq, "at": at, "action": public_action(game, state, action, veiled)})
    return out


def public_action(game, state: dict | None, action: dict, veiled=()) -> dict:
    """The action as the table may know it (state None: everything that could be secret is hidden)."""
    if game is None:
        return {"type": action.get("type")}     # a game this Cellmate does not know: its secrets are unknown too
    hidden = game.hidden_args(state or {}, action, always=state is None, veiled=veiled)
    return {k: (SECRET if k in hidden and v is not None else v) for k, v in action.items()}


# -- where ---------------------------------------------------------------------------------------
def usb_dir(roots: list[Path] | None = None, user: str | None = None) -> Path | None:
    """The first writable folder of a mounted stick (/media/<user>/<label>, /run/media/<user>/<label>)."""
    if roots is None:
        roots = [Path(p) for p in os.environ.get(MEDIA_ENV, "/media:/run/media").split(":") if p]
    if user is None:
        try:
            user = getpass.getuser()
        except Exception:
            user = ""
    for root in roots:
        base = root / user if user else root
        try:
            found = sorted(p for p in base.iterdir() if p.is_dir())
        except OSError:
            continue
        for folder in found:
            if os.access(folder, os.W_OK | os.X_OK):
                return folder
    return None


def destination(out: Path | None, data_dir: Path | None, roots: list[Path] | None = None) -> Path:
    if out is not None:
        return Path(out)
    return usb_dir(roots) or Path(data_dir)


# -- writing ------------------------------------------------------------------------------------
def write(store: Store, fmt: str, folder: Path, now: float | None = None) -> list[Path]:
    """Write the export; the files written. ExportError in one line when it cannot be."""
    if fmt not in FORMATS:
        raise ExportError(f"unknown format {fmt!r}: one of {', '.join(FORMATS)}")
    folder = Path(folder)
    try:
        is_dir = folder.is_dir()        # a stick whose mount died answers with an I/O error
    except OSError as exc:
        raise ExportError(f"{folder} cannot be read: {exc.strerror or exc}; nothing was exported") from None
    if not is_dir:
        raise ExportError(f"{folder} is not a folder" if os.path.lexists(folder) else f"there is no folder {folder}")
    try:
        data = collect(store)
    except StoreError as exc:
        raise ExportError(f"the saved games cannot be read: {exc}") from None
    stamp = time.strftime("%Y%m%d-%H%M%S", time.localtime(now if now is not None else time.time()))
    if fmt == "json":
        files = {".json": _json(data, now)}
    elif fmt == "csv":
        files = {"-games.csv": _csv(GAME_FIELDS, game_rows(data)),
                 "-players.csv": _csv(SEAT_FIELDS, seat_rows(data)),
                 "-actions.csv": _csv(ACTION_FIELDS, action_rows(data))}
    else:
        files = {".bgsplay": json.dumps(bgstats(data), ensure_ascii=False, indent=1)}
    try:
        return [folder / name for name in _write_new(folder, f"cellmate-{stamp}", files)]
    except OSError as exc:
        if exc.errno in (errno.ENOSPC, errno.EDQUOT):
            raise ExportError(f"{folder} is full: nothing was exported") from None
        raise ExportError(f"{folder} cannot be written: {exc.strerror or exc}; nothing was exported") from None


# Every file is new: written under a temp name nobody can guess or plant (created with
# O_EXCL|O_NOFOLLOW: a link or a file there is never followed nor written over), synced,
# then given a name that does not exist yet (link, or on a stick without hard links a
# rename that replaces nothing); a name taken, by an export in the same second or by
# anything else, moves the whole set on to the next free "-2", "-3", ... On any failure
# every file this export made is removed again: nothing half written is left behind.
NO_HARD_LINKS = (errno.EPERM, errno.EOPNOTSUPP, errno.ENOSYS, errno.EMLINK)   # FAT, exFAT
RENAME_NOREPLACE = 1                                                           # linux/fs.h
MAX_TRIES = 1000


def _write_new(folder: Path, stem: str, files: dict[str, str]) -> list[str]:
    """Each text as a new file in folder, named stem[-n]<suffix> (the keys); the names given."""
    dir_fd = os.open(folder, os.O_RDONLY | os.O_DIRECTORY | os.O_CLOEXEC)
    temps: list[str] = []
    done: list[str] = []
    try:
        for text in files.values():
            temps.append(_new_temp(dir_fd, text.encode("utf-8")))
        n = next((n for n in range(1, MAX_TRIES) if not any(_exists(dir_fd, _name(stem, n, suffix))
                                                            for suffix in files)), MAX_TRIES)
        for suffix in files:
            while True:
                if n >= MAX_TRIES:
                    raise OSError(errno.EEXIST, f"no free file name for {stem}{suffix}")
                try:
                    _publish(dir_fd, temps[0], _name(stem, n, suffix))
                    break
                except FileExistsError:       # taken a moment ago: the next free name
                    n += 1
            done.append(_name(stem, n, suffix))
            temps.pop(0)
        _sync_folder(dir_fd)
    except BaseException:
        for name in temps + done:
            try:
                os.unlink(name, dir_fd=dir_fd)
            except OSError:
                pass
        raise
    finally:
        os.close(dir_fd)
    return done


def _name(stem: str, n: int, suffix: str) -> str:
    return f"{stem}{'' if n == 1 else f'-{n}'}{suffix}"


def _exists(dir_fd: int, name: str) -> bool:
    try:
        os.stat(name, dir_fd=dir_fd, follow_symlinks=False)
    except FileNotFoundError:
        return False
    return True


def _new_temp(dir_fd: int, data: bytes) -> str:
    """data in a new file under a random name, on the disk; its name."""
    flags = os.O_WRONLY | os.O_CREAT | os.O_EXCL | os.O_NOFOLLOW | os.O_CLOEXEC
    for _ in range(MAX_TRIES):
        name = f"cellmate-{secrets.token_hex(8)}.part"
        try:
            fd = os.open(name, flags, 0o644, dir_fd=dir_fd)
            break
        except FileExistsError:
            continue
    else:
        raise OSError(errno.EEXIST, "no free temporary file name")
    try:
        try:
            view = memoryview(data)
            while view:
                view = view[os.write(fd, view):]
            os.fsync(fd)
        finally:
            os.close(fd)
    except BaseException:
        os.unlink(name, dir_fd=dir_fd)
        raise
    return name


def _publish(dir_fd: int, temp: str, name: str) -> None:
    """temp becomes name, which must not exist yet (FileExistsError): nothing is replaced."""
    try:
        os.link(temp, name, src_dir_fd=dir_fd, dst_dir_fd=dir_fd, follow_symlinks=False)
    except FileExistsError:
        raise
    except OSError as exc:
        if exc.errno not in NO_HARD_LINKS:
            raise
        _rename_noreplace(dir_fd, temp, name)
    else:
        os.unlink(temp, dir_fd=dir_fd)


def _renameat2():
    """The C library's renameat2, or None (an older one)."""
    try:
        return ctypes.CDLL(None, use_errno=True).renameat2
    except (OSError, AttributeError):
        return None


def _rename_noreplace(dir_fd: int, old: str, new: str) -> None:
    call = _renameat2()
    if call is not None:
        if call(dir_fd, os.fsencode(old), dir_fd, os.fsencode(new), RENAME_NOREPLACE) == 0:
            return
        err = ctypes.get_errno()
        if err not in (errno.EINVAL, errno.ENOSYS, errno.EOPNOTSUPP):     # EEXIST: FileExistsError
            raise OSError(err, os.strerror(err), new)
    # No RENAME_NOREPLACE here (an older kernel or C library, a FUSE stick): checked just before.
    if _exists(dir_fd, new):
        raise FileExistsError(errno.EEXIST, os.strerror(errno.EEXIST), new)
    os.rename(old, new, src_dir_fd=dir_fd, dst_dir_fd=dir_fd)


def _sync_folder(dir_fd: int) -> None:
    """The new names on the disk too (a folder a filesystem cannot sync is left as it is)."""
    try:
        os.fsync(dir_fd)
    except OSError as exc:
        if exc.errno not in (errno.EINVAL, errno.EOPNOTSUPP, errno.EBADF):
            raise


def _json(data: list[dict], now: float | None) -> str:
    return json.dumps({"format": "cellmate-export", "version": FORMAT_VERSION,
                       "exported": now if now is not None else time.time(), "games": data},
                      ensure_ascii=False, indent=1)


# A text cell starting with one of these a spreadsheet runs as a formula (CSV injection):
# it gets a leading ' (OWASP's advice), numbers stay numbers. JSON keeps every text as it is.
FORMULA_STARTS = ("=", "+", "-", "@", "\t", "\r")


def _csv(fields, rows) -> str:
    import io
    buf = io.StringIO()
    # CRLF as RFC 4180 has it: then a CR or LF inside a cell is quoted too, never a row's end
    writer = csv.DictWriter(buf, fieldnames=fields, lineterminator="\r\n")
    writer.writeheader()
    writer.writerows({key: _inert(value) for key, value in row.items()} for row in rows)
    return buf.getvalue()


def _inert(value):
    """A CSV cell no spreadsheet runs: text that would start a formula gets a leading '."""
    return "'" + value if isinstance(value, str) and value.startswith(FORMULA_STARTS) else value


def _cell(value):
    return "" if value is None else json.dumps(value, ensure_ascii=False) if isinstance(value, (list, dict)) else value


def game_rows(data):
    for g in data:
        r = g["result"] or {}
        yield {"session": g["session"], "game": g["game"], "title": g["title"], "created": g["created"],
               "updated": g["updated"], "finished": int(g["finished"]), "actions": len(g["actions"]),
               "first_player": _cell(g["first_player"]), "winners": _cell(r.get("winners")),
               "ending": _cell(r.get("ending")), "turns": _cell(r.get("turns")), "seconds": _cell(r.get("seconds")),
               "options": _cell(g["options"])}


def seat_rows(data):
    for g in data:
        r = g["result"] or {}
        winners, scores, outcomes = r.get("winners") or [], r.get("scores") or [], r.get("outcomes") or []
        for seat, p in enumerate(g["players"]):
            yield {"session": g["session"], "seat": seat, "name": p["name"], "colour": _cell(p["colour"]),
                   "letter": _cell(p["letter"]), "winner": "" if not r else int(seat in winners),
                   "score": _cell(scores[seat] if seat < len(scores) else None),
                   "outcome": _cell(outcomes[seat] if seat < len(outcomes) else None)}


def action_rows(data):
    for g in data:
        for a in g["actions"]:
            action = a["action"]
            yield {"session": g["session"], "seq": a["seq"], "at": a["at"], "type": _cell(action.get("type")),
                   "player": _cell(action.get("player")),
                   "args": json.dumps({k: v for k, v in action.items() if k not in ("type", "player")},
                                      ensure_ascii=False)}


# -- BG Stats -------------------------------------------------------------------------------
# The layout of a BG Stats "Play file" (.bgsplay), what BG Stats itself writes to share
# plays and opens again with "open in" / import. BG Stats publishes no schema for it; this
# follows a Play file written by BG Stats (https://pastebin.com/iDbHyBui: "about", then
# "players", "locations", "games" with these fields) and the plays of BG Stats' own
# export as programs that write files for it lay them out (uuid, gameRefId, playDate
# "YYYY-MM-DD HH:MM:SS", playDateYmd, durationMin, rounds, playerScores with playerRefId,
# score as text, winner, startPlayer, seatOrder, role, rank, newPlayer). Checked against
# that format (tests/test_export.py), not in the BG Stats app. Left out: "userInfo" (which
# player is the phone's owner: a table has none) and locations (Cellmate knows none).
BGSTATS_ABOUT = ("This is a Play file that can be read by Board Game Stats, written by Cellmate. If you see this "
                 "text, try to use a share, export or open-in function to open it with Board Game Stats.")
BGSTATS_KEYS = {
    "file": ("about", "players", "locations", "games", "plays"),
    "player": ("id", "uuid", "name", "isAnonymous", "modificationDate", "bggUsername"),
    "game": ("id", "uuid", "name", "modificationDate", "cooperative", "highestWins", "noPoints", "usesTeams"),
    "play": ("uuid", "gameRefId", "playDate", "playDateYmd", "entryDate", "modificationDate", "durationMin",
             "rounds", "ignored", "manualWinner", "usesTeams", "board", "comments", "playerScores"),
    "score": ("playerRefId", "score", "winner", "startPlayer", "seatOrder", "role", "rank", "newPlayer"),
}
_NS = uuid.UUID("6f0e3d4c-53a8-4c36-9d8a-2a51f2a4c0de")   # the same game gets the same uuid in every export


def _bgstats_time(when: float) -> str:
    return time.strftime("%Y-%m-%d %H:%M:%S", time.localtime(when))


def bgstats(data: list[dict]) -> dict:
    """The finished games as a BG Stats Play file (BGSTATS_KEYS): games, players and plays
    with playerScores; players by name as the statistics match them. Every uuid is made
    from what it stands for, so importing a later export again updates, never doubles."""
    from .i18n import Catalogue
    from .players import same_name_key
    en = Catalogue("en")
    game_ids: dict[str, int] = {}
    player_ids: dict[str, int] = {}
    out_games, out_players, plays = [], [], []
    for g in data:
        r = g["result"]
        if not g["finished"] or not r:
            continue
        changed = _bgstats_time(g["updated"])
        if g["game"] not in game_ids:
            game_ids[g["game"]] = len(game_ids) + 1
            out_games.append({"id": game_ids[g["game"]], "uuid": str(uuid.uuid5(_NS, "game:" + g["game"])),
                              "name": g["title"], "modificationDate": changed,
                              "cooperative": False, "highestWins": True,
                              "noPoints": not any(s is not None for s in r["scores"]), "usesTeams": False})
        scores = []
        for seat, p in enumerate(g["players"]):
            key = same_name_key(p["name"] or "?")
            if key not in player_ids:
                player_ids[key] = len(player_ids) + 1
                out_players.append({"id": player_ids[key], "uuid": str(uuid.uuid5(_NS, "player:" + key)),
                                    "name": p["name"], "isAnonymous": False, "modificationDate": changed,
                                    "bggUsername": ""})
            score = r["scores"][seat] if seat < len(r["scores"]) else None
            scores.append({"playerRefId": player_ids[key], "score": "" if score is None else str(score),
                           "winner": seat in r["winners"], "startPlayer": seat == g["first_player"],
                           "seatOrder": seat + 1, "role": _role(r, seat, en, g["game"]), "rank": 0,
                           "newPlayer": False})
        started = r.get("started") or g["created"]
        plays.append({"uuid": str(uuid.uuid5(_NS, f"play:{g['session']}:{g['created']}")),
                      "gameRefId": game_ids[g["game"]], "playDate": _bgstats_time(started),
                      "playDateYmd": int(time.strftime("%Y%m%d", time.localtime(started))),
                      "entryDate": changed, "modificationDate": changed,
                      "durationMin": round((r.get("seconds") or 0) / 60), "rounds": r.get("turns") or 0,
                      "ignored": False, "manualWinner": False, "usesTeams": False, "board": "",
                      "comments": f"Cellmate game {g['session']}", "playerScores": scores})
    return {"about": BGSTATS_ABOUT, "players": out_players, "locations": [], "games": out_games, "plays": plays}


def _role(result, seat, en, game_id) -> str:
    outcomes = result.get("outcomes") or []
    word = outcomes[seat] if seat < len(outcomes) else None
    return en(f"result.{game_id}.{word}") if word else ""


# -- reading back (the tests, and anyone checking a file) ---------------------------------------
def read_json(path: Path) -> list[dict]:
    body = json.loads(Path(path).read_text(encoding="utf-8"))
    if body.get("format") != "cellmate-export":
        raise ExportError(f"{path} is not a Cellmate export")
    return body["games"]


def read_csv(path: Path) -> list[dict]:
    with open(path, encoding="utf-8", newline="") as fh:
        return list(csv.DictReader(fh))
