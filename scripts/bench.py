"""Cellmate end to end as a player feels it, beside a bare Kivy app started in the same run.

Run through scripts/bench (it sets up .venv, a headless display and a throw-away
KIVY_HOME). Every figure comes from a process of its own, one at a time:

* press to frame: a gpiozero mock pin driven low (the ROLL button) to the first
  frame swapped after the press changed the screen. Cellmate: scripts/bench_app.py,
  the real `companion run --gpio` on MockFactory pins (debounce, the hop to the
  main thread, the commit, the screen's refresh); the bare app: scripts/bench_bare.py,
  one Label set from a gpiozero DigitalInputDevice's when_activated through
  Clock.schedule_once, on Kivy's default clock: the hop the issue and DEVELOPERS
  name, a Kivy app as Kivy comes (the hop waits for the next frame's tick). That is
  the baseline of the verdicts. Beside it, for information, the bare app hopping as
  Cellmate's own hardware/mainthread.py does (Kivy's free_all clock,
  Clock.schedule_once_free: it wakes the main loop at once). All timed by the same
  code (bench_bare.FrameStamp, press_loop), 60 fps, GC on.
  Scenes: the dice table (4 seats); every game's table view at its most seats, each
  a scene (Heist 6 at the heist step's roll, The Snitch 6 at CONFIRM passing the Soap,
  Dig 6 at a turn's roll, Sing Sing 5 at TIMER starting the guess and CONFIRM marking
  it right), each press undone again with a press on UNDO (not timed) so every press
  is the same step; the log open on a dice table of 1,000 actions (growing by one a
  press). Target (issue 33): the table and each game p99 at most 1.5x the bare app's.
  Beside each scene's time, the main thread's CPU a press (time.thread_time, from the
  press reaching the main thread to its frame's swap), p50 at most 5 ms.
* cold start: process start to the first frame, Cellmate onto the table of a
  10,000-action game (the `companion run` command itself, its own first-frame
  mark), the bare app onto its label; the median of 11 runs each (2 in --quick),
  the two apps started in turn, after one warm-up each.
* idle CPU: the process's CPU time (all its threads, to the nanosecond) over a
  stretch from 2 s after the first frame, in % of one core: Cellmate (bench_app.py
  with no timing hooks: run_app as it is) on the dice table and on Sing Sing with
  the guess timer running, the bare app idle, and the bare app counting down from
  2:00 once a second in a label as big as Cellmate's guess clock; the four in turn,
  15 s each, ten rounds, each round in another order (one round of 5 s in --quick);
  each app set beside its baseline round by round and the median of those ratios
  taken: the dice table beside the bare app idle, the countdown beside the bare app
  counting down (and, for information, beside it idle).
* peak memory (VmHWM): Cellmate reopened on the 10,000-action game with the log
  open; the bare app after its presses.
* event to first audio sample (scripts/bench_voice.py): the step that passes the
  dice table's turn, on a game held in memory (no disk commit, no screen), worded
  (companion.speech), queued and handed to espeak-ng by the speaker's worker, to the
  first sample espeak-ng writes to a pipe (--stdout); beside it the plain
  `espeak-ng --stdout` of a turn's words, started to its first sample, in the same
  process one after the other.
* Past games and Statistics with 3,000 finished games in the data dir (300 in
  --quick; each with its result kept and 20 rolls): a tap or scroll that changes
  the screen to the frame that shows it (scripts/bench_app.py, scenes sessions and
  stats: the first open, scrolling, the next page, opening again), p50 and p99
  beside the press of the bare app on Kivy's default clock (a tap, as a touch, is
  taken at a frame's tick, and so is that hop), and each change's own redraw (from the change to
  the swap of its frame) against one frame, 16.7 ms. --browse-only runs these alone.
* phones at the table (scripts/bench_phones.py): 8 phones (WebSocket clients on this
  machine) at a dice table of 8, a phone's tap to the table's frame that shows it
  beside the bare app's press, a change on the table to every phone's screen, and
  the table's idle CPU with 8 idle phones beside it with phones off.
--cold-start-only runs the cold start alone (11 runs each, 2 with --quick);
--presses-only [SCENE ...] the presses alone (of the scenes named, or all);
--phones-only the phones alone, beside the bare app's presses.
"""
from __future__ import annotations

import argparse
import json
import math
import os
import platform
import statistics
import subprocess
import sys
import tempfile
import threading
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
HERE = ROOT / "scripts"
sys.path.insert(0, str(ROOT))
if "KIVY_HOME" not in os.environ:   # run without scripts/bench: still never ~/.kivy
    import atexit
    import shutil
    os.environ["KIVY_HOME"] = tempfile.mkdtemp(prefix="cellmate-bench-kivy-")
    atexit.register(shutil.rmtree, os.environ["KIVY_HOME"], True)
os.environ.setdefault("SDL_VIDEODRIVER", "offscreen")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
os.environ.setdefault("KIVY_NO_ARGS", "1")
os.environ.setdefault("KIVY_LOG_MODE", "PYTHON")
os.environ.setdefault("KIVY_NO_CONSOLELOG", "1")

sys.path.insert(0, str(HERE))
from bench_bare import MARK  # noqa: E402  (the mark both apps print at their first frame)

from bench_measure import (BEGAN, FRAME_MS, cpu_seconds, ms, paired_ratio, percentile,  # noqa: E402,F401
                           say, stop, thread_seconds, verdict)
CPU_MS = 5.0                    # the main thread's CPU a press, p50, on this 2-core machine (issue 33)
COMPANION = Path(sys.executable).parent / "companion"
MOCK_PINS = {"GPIOZERO_PIN_FACTORY": "mock", "GPIOZERO_MOCK_PIN_CLASS": "mockpwmpin"}
HEIST_SEATS = 6                 # the most seats a game's screen takes (The Snitch, Dig, Heist: 6)
# Each game at its most seats, a scene of its own (scripts/bench_app.py PRESSES: the press timed)
GAME_SCENES = (("game", "heist", "Heist", "the heist step's roll"), ("snitch", "snitch", "The Snitch", "CONFIRM passing the Soap"),
               ("dig", "dig", "Dig", "a turn's roll"),
               ("singsing", "singsing", "Sing Sing", "TIMER starting the guess, CONFIRM marking it right"))


# -- the games in the data dirs ------------------------------------------------------
def make_data(root: Path) -> dict[str, Path]:
    """One data dir per scene, each with the unfinished game the app reopens at start."""
    import random

    from companion.session import Session
    from companion.store import Store

    four = ["Ann", "Bob", "Cy", "Dee"]
    dirs = {}

    def fresh(name, game, players, options=None, fast=False):
        dirs[name] = root / name
        store = Store.open(dirs[name])
        store.set_setting("tour.seen", True)   # a table used before: no first-run tour over it
        if fast:  # only to build a long game quickly; the app opens it with its own settings
            store.conn.execute("PRAGMA synchronous=OFF")
        return store, Session.create(store, game, players, options, rng=random.Random(7))

    store, session = fresh("dice", "dice", four)
    session.act({"type": "roll"})
    store.close()
    for name, length in (("log", 1_000), ("big", 10_000)):
        store, session = fresh(name, "dice", four, fast=True)
        for i in range(length):
            session.act({"type": "roll"} if i % 2 == 0 else {"type": "pass"})
        store.close()
    # Heist with 6 seats at a heist step's roll: heists laid, the roll-off won by seat 0, a step attempted
    store, session = fresh("game", "heist", [*four, "Eve", "Fay"][:HEIST_SEATS])
    for slot in range(len(session.state["heists"])):
        session.act({"type": "lay_heist", "slot": slot, "name": f"Job {slot + 1}", "a": 5, "b": 6, "c": 7,
                     "d": 8, "take": 4})
    for seat in range(HEIST_SEATS):
        session.act({"type": "roll_first", "player": seat, "dice": [6 if seat == 0 else 1]})
    session.act({"type": "attempt", "heist": 0, "total": 0, "recruits": 1})
    assert session.state["phase"] == "roll", session.state["phase"]
    store.close()
    # The Snitch with 6 at a turn's draw (CONFIRM then passes the Soap); Dig with 6 at a turn; Sing Sing
    # with its most at a round's start (TIMER starts the guess)
    seats = {game: max_players(game) for game in ("snitch", "dig", "singsing")}
    store, session = fresh("snitch", "snitch", [*four, "Eve", "Fay", "Gus", "Hal"][:seats["snitch"]])
    session.act({"type": "cards_ready"})
    for seat in range(seats["snitch"]):
        session.act({"type": "scheme", "player": seat, "required": 1})
    session.act({"type": "pick_guard", "seat": 1})
    session.act({"type": "pick_soap", "seat": 0})
    session.act({"type": "draw_card"})
    assert session.state["phase"] == "turn", session.state["phase"]
    store.close()
    store, session = fresh("dig", "dig", [*four, "Eve", "Fay", "Gus", "Hal"][:seats["dig"]])
    assert session.state["phase"] == "turn" and session.state["actions_left"] >= 1, session.state["phase"]
    store.close()
    store, session = fresh("singsing", "singsing", [*four, "Eve", "Fay", "Gus", "Hal"][:seats["singsing"]],
                           {"seconds": 120})
    assert session.state["phase"] == "remove", session.state["phase"]
    store.close()
    # Sing Sing with the guess timer running (at its longest, 120 s): it runs again from the top at start
    store, session = fresh("countdown", "singsing", [*four, "Eve"], {"seconds": 120})
    session.act({"type": "start_timer"})
    assert session.game.countdown(session.state) is not None
    store.close()
    return dirs


def max_players(game_id: str) -> int:
    from companion.games import get
    return get(game_id).max_players


def make_history(root: Path, count: int) -> Path:
    """A data dir of `count` finished games, as a table that has played for years leaves it:
    the four games in turn, 4 or 5 of twelve players, each game's result kept beside its
    log of 20 rolls (written straight into the file: a few seconds for thousands)."""
    import random

    from companion import results
    from companion.store import Store

    rng = random.Random(17)
    names = ["Ann", "Bob", "Cy", "Dee", "Eve", "Fay", "Gus", "Hal", "Ida", "Jo", "Kit", "Lou"]
    endings = {"snitch": ["deck_out", "snitch_gun", "escape_failed", "escape_succeeded"],
               "heist": ["bag_empty", "heists"], "singsing": ["same", "different"], "dig": [None]}
    path = root / "history"
    store = Store.open(path)
    store.set_setting("tour.seen", True)
    store.conn.execute("PRAGMA synchronous=OFF")   # only to build it quickly

    def write(c):
        for n in range(count):
            game = ("snitch", "dig", "heist", "singsing")[n % 4]
            seats = rng.sample(names, rng.randint(4, 5))
            winners = [rng.randrange(len(seats))]
            outcomes = [None] * len(seats)
            if game == "snitch":
                outcomes[winners[0]] = "snitch"
            scores = [None] * len(seats) if game == "snitch" else [rng.randint(0, 30) for _ in seats]
            setup = {"players": [{"name": name, "colour": "orange", "letter": name[0]} for name in seats],
                     "options": {}, "first_player": 0}
            ended = 1_700_000_000 + n * 3600.0
            started = ended - rng.randint(15, 90) * 60
            sid = c.execute("INSERT INTO sessions (game, setup, head, finished, created, updated) "
                            "VALUES (?, ?, 20, 1, ?, ?)", (game, json.dumps(setup), started, ended)).lastrowid
            c.executemany("INSERT INTO events (session_id, seq, action, at) VALUES (?, ?, ?, ?)",
                          [(sid, seq, json.dumps({"type": "roll", "player": seq % len(seats),
                                                  "dice": [rng.randint(1, 6)], "manual": True}),
                            started + seq * 60) for seq in range(1, 21)])
            result = {"winners": winners, "scores": scores, "outcomes": outcomes,
                      "ending": rng.choice(endings[game]), "turns": rng.randint(5, 30),
                      "started": started, "ended": ended, "seconds": ended - started}
            results.save(c, sid, 20, ended, result)
    store.write(write)
    store.close()
    return path


# -- processes ---------------------------------------------------------------------
def cellmate(scene: str, data_dir: Path, *more) -> list[str]:
    return [sys.executable, str(HERE / "bench_app.py"), "--scene", scene, "--data-dir", str(data_dir), *map(str, more)]


def bare(*more) -> list[str]:
    return [sys.executable, str(HERE / "bench_bare.py"), *map(str, more)]


def run_json(cmd, out: Path, timeout: float) -> dict:
    """Run a measuring process to its end; its figures come back in the file `out`."""
    try:
        proc = subprocess.run(cmd, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True, timeout=timeout)
        why = f"exit {proc.returncode}:\n{proc.stderr[-2000:]}"
    except subprocess.TimeoutExpired:   # killed; the figures may be written all the same
        why = f"no end within {timeout:.0f} s"
    if not out.exists():
        raise RuntimeError(f"{' '.join(map(str, cmd[1:4]))} gave no figures ({why})")
    return json.loads(out.read_text())


def start(cmd, env=None):
    return subprocess.Popen(cmd, stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, text=True,
                            env=dict(os.environ, **(env or {})))


def first_frame(proc, timeout=60.0) -> str:
    """Wait for the process's first-frame line; returns it."""
    got: list[str] = []

    def read():
        for line in proc.stdout:
            if MARK in line:
                got.append(line.strip())
                return
    reader = threading.Thread(target=read, daemon=True)
    reader.start()
    reader.join(timeout)
    if not got:
        proc.kill()
        raise RuntimeError(f"no first frame within {timeout:.0f} s")
    return got[0]


def cold_start(cmds: list[tuple[list[str], dict | None]], runs: int) -> list[float]:
    """Median seconds from starting each process to its first frame (it quits there): one
    warm-up each, then the commands taken in turn `runs` times, so a slow stretch of the
    machine (a process start here moves by a fifth from one stretch to the next) falls on
    both alike."""
    times: list[list[float]] = [[] for _ in cmds]
    for i in range(runs + 1):
        for (cmd, env), got in zip(cmds, times):
            t0 = time.perf_counter()
            proc = start(cmd, env)
            first_frame(proc)
            if i:
                got.append(time.perf_counter() - t0)
            try:
                proc.wait(timeout=30)
            except subprocess.TimeoutExpired:
                stop(proc)
    return [statistics.median(got) for got in times]


def idle_cpu(cmd, seconds: float) -> tuple[float, str]:
    """CPU in % of one core over `seconds`, from 2 s after the first frame; and the first-frame line."""
    proc = start(cmd)
    try:
        line = first_frame(proc)
        time.sleep(2.0)
        # To the nanosecond from each thread's schedstat: the ticks of 10 ms in
        # /proc/PID/stat are +-0.03 % of a core over 30 s, where an idle app here uses
        # some 0.5 %. But a thread that ends takes its schedstat along (none comes or goes
        # in these scenes): if the ticks, which keep it, count more than their own 10 ms
        # steps at each end can explain, the ticks.
        c0, (n0, threads0), t0 = cpu_seconds(proc.pid), thread_seconds(proc.pid), time.perf_counter()
        time.sleep(seconds)
        c1, (n1, threads1), t1 = cpu_seconds(proc.pid), thread_seconds(proc.pid), time.perf_counter()
        tick = 1 / os.sysconf("SC_CLK_TCK")
        exact = threads0 <= threads1 and not math.isnan(n0 + n1) and (c1 - c0) - (n1 - n0) <= 2 * tick
        return 100 * ((n1 - n0) if exact else (c1 - c0)) / (t1 - t0), line
    finally:
        stop(proc)


IDLE_APPS = ("bare", "bare countdown", "dice", "countdown")


def idle_in_rounds(data: dict, seconds: float, rounds: int) -> dict[str, list[float]]:
    """Each app's idle CPU (idle_cpu) in `rounds` rounds, one stretch of each app a round,
    the order turned by one each round (no app always follows the same one)."""
    idle: dict[str, list[float]] = {name: [] for name in IDLE_APPS}
    for n in range(rounds):
        for name in IDLE_APPS[n % len(IDLE_APPS):] + IDLE_APPS[:n % len(IDLE_APPS)]:
            if name == "bare":
                value, _line = idle_cpu(bare(), seconds)
            elif name == "bare countdown":
                value, _line = idle_cpu(bare("--countdown"), seconds)
            elif name == "dice":
                value, line = idle_cpu(cellmate("idle", data["dice"]), seconds)
                assert scene_of(line)["screen"] == "dice", line
            else:
                value, line = idle_cpu(cellmate("idle", data["countdown"]), seconds)
                shown = scene_of(line)
                assert shown["game"] == "singsing" and shown["countdown"], line   # the guess timer runs
            idle[name].append(value)
    return idle


def scene_of(line: str) -> dict:
    """What Cellmate's first-frame line says is on the screen."""
    return json.loads(line.split(MARK, 1)[1] or "{}")


# -- the table ---------------------------------------------------------------------
def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--quick", action="store_true",
                        help="a short try: 60 presses a scene, one round of 5 s idle, 2 cold starts, 300 games "
                             "to browse, 20 voice events (the default is the full measure)")
    parser.add_argument("--browse-only", action="store_true",
                        help="only Past games and Statistics with thousands of games (and the bare app's presses)")
    parser.add_argument("--cold-start-only", action="store_true",
                        help="only the cold start, Cellmate and the bare app in turn")
    parser.add_argument("--phones-only", action="store_true",
                        help="only phones at the table (scripts/bench_phones.py) and the bare app's presses")
    parser.add_argument("--presses-only", nargs="*", metavar="SCENE",
                        help="only the presses (the bare app's and Cellmate's: dice, game (Heist), snitch, dig, "
                             "singsing, log), of the scenes named or all")
    args = parser.parse_args()
    presses, idle_s, idle_rounds, cold_runs = (60, 5.0, 1, 2) if args.quick else (500, 15.0, 10, 11)
    history = 300 if args.quick else 3_000
    voice_events = 20 if args.quick else 200
    rows: list[tuple[str, str, str, str, str, str]] = []
    notes: list[str] = []
    gc_seen: list[bool] = []   # garbage collection on in each measuring process, as each one says

    with tempfile.TemporaryDirectory(prefix="cellmate-bench-") as tmp:
        tmp = Path(tmp)
        if args.phones_only:
            from bench_phones import phone_rows
            say(f"bare Kivy app, Kivy as it comes (Clock.schedule_once): {presses} presses")
            out = tmp / "bare.json"
            base = run_json(bare("--presses", presses, "--out", out), out, 600)
            gc_seen.append(base["gc"])
            phone_rows(rows, notes, gc_seen, tmp, presses, percentile(base["press"], 99), idle_s, idle_rounds)
            return table(args, rows, notes, gc_seen, base, presses, idle_s, idle_rounds, cold_runs)
        if not args.browse_only:
            say("making the games (dice table, every game at its most seats, a log of 1,000, a game of 10,000 "
                "actions, Sing Sing's countdown)")
            data = make_data(tmp / "data")
        if args.cold_start_only:
            return cold_start_table(args, rows, notes, tmp, data, cold_runs)
        if args.presses_only is None:
            say(f"making {history:,} finished games for Past games and Statistics")
            made = make_history(tmp / "data", history)

        # -- press to frame
        def bare_presses(name, *how):
            say(f"bare Kivy app, {name}: {presses} presses")
            out = tmp / "bare.json"
            got = run_json(bare(*how, "--presses", presses, "--out", out), out, 600)
            if got["problems"] or len(got["press"]) != presses:
                notes.append(f"bare app, {name}: {len(got['press'])} of {presses} presses timed; "
                             f"{got['problems'][:3]}")
            gc_seen.append(got["gc"])
            return got, percentile(got["press"], 50), percentile(got["press"], 99)
        # the baseline: a bare Kivy app as Kivy comes, hopping with Clock.schedule_once (the hop
        # the issue and DEVELOPERS name), which waits for the next frame's tick; beside it, for
        # information, the bare app hopping as Cellmate's own hardware/mainthread.py does
        base, b50, b99 = bare_presses("Kivy as it comes (Clock.schedule_once)")
        _waking, w50, w99 = bare_presses("Cellmate's hop (free_all clock, schedule_once_free)", "--waking-clock")
        scenes = [("dice", "dice table, 4 seats")]
        scenes += [(scene, f"game screen, {title} with {max_players(game)} seats (its most), {press}")
                   for scene, game, title, press in GAME_SCENES]
        scenes.append(("log", "log open, 1,000 actions"))
        if args.presses_only:
            scenes = [(scene, label) for scene, label in scenes if scene in args.presses_only]
        for scene, label in scenes if not args.browse_only else ():
            say(f"Cellmate, {label}: {presses} presses")
            out = tmp / f"{scene}.json"
            got = run_json(cellmate(scene, data[scene], "--presses", presses, "--out", out), out, 900)
            if got["problems"] or got["refused_count"] or len(timed_of(got)) != presses * len(got["timed"]):
                notes.append(f"{label}: {len(timed_of(got))} of {presses * len(got['timed'])} presses timed; "
                             f"refused {got['refused_count']} {got['refused'][:3]}; {got['problems'][:3]}")
            gc_seen.append(got["gc"])
            before, after = got["before"], got["after"]
            assert before["screen"] == ("log" if scene == "log" else "dice" if scene == "dice" else "game"), before
            if scene == "log":
                label = f"log open, {before['actions']:,} to {after['actions']:,} actions"
            rows += press_rows(label, got, (b50, b99), (w50, w99), scene != "log")
        if args.presses_only is not None:
            return table(args, rows, notes, gc_seen, base, presses, idle_s, idle_rounds, cold_runs)

        # -- phones at the table (scripts/bench_phones.py)
        if not args.browse_only:
            from bench_phones import phone_rows
            phone_rows(rows, notes, gc_seen, tmp, presses, b99, idle_s, idle_rounds)

        # -- Past games and Statistics with thousands of games
        browse_rows(rows, notes, gc_seen, tmp, made, history, presses, b50, b99)
        if args.browse_only:
            return table(args, rows, notes, gc_seen, base, presses, idle_s, idle_rounds, cold_runs)

        cold_start_row(rows, tmp, data, cold_runs)

        # -- idle CPU
        # A few tenths of a percent of one core is all an idle app uses, and what else the
        # machine does moves that much from one stretch to the next (here the same app,
        # turning its loop as often, spent from 4 to 12 ms a second): so the four apps are
        # taken in turn in short stretches, round after round, each round in another order,
        # and each app is set beside its baseline of the same round (a minute apart at
        # most); the median of those ratios is the verdict. The countdown is set beside the
        # bare app counting down (the same thing shown: a frame each second, which any app
        # pays) and, for information, beside the bare app idle.
        say(f"idle CPU, {idle_s:.0f} s each, {idle_rounds} rounds: bare app, bare app counting down, "
            "dice table, Sing Sing countdown")
        idle = idle_in_rounds(data, idle_s, idle_rounds)
        for key, label, base_key, beside, target in (
                ("dice", "dice table", "bare", "", True),
                ("countdown", "Sing Sing, guess countdown running", "bare countdown",
                 " beside the bare app counting down (a label, 2:00 down, once a second)", True),
                ("countdown", "Sing Sing, guess countdown running", "bare",
                 " beside the bare app idle (for information)", False)):
            value, base_cpu = statistics.median(idle[key]), statistics.median(idle[base_key])
            ratio = paired_ratio(idle[key], idle[base_key])
            rows.append((f"idle CPU over {idle_s:.0f} s x {idle_rounds}, {label} (% of one core; the ratio: "
                         f"median of the rounds' ratios){beside}",
                         f"{value:.2f} %", f"{base_cpu:.2f} %", f"{ratio:.2f}x", "<= 1.2x bare" if target else "",
                         verdict(ratio <= 1.2) if target else ""))

        # -- memory
        say("peak memory: the 10,000-action game reopened, the log open")
        out = tmp / "memory.json"
        got = run_json(cellmate("memory", data["big"], "--out", out), out, 300)
        assert got["before"]["screen"] == "log" and got["before"]["actions"] == 10_000, got
        gc_seen.append(got["gc"])
        app_mem, bare_mem = got["vmhwm_mib"], base["vmhwm_mib"]    # the bare app as Kivy comes
        rows.append(("peak memory (VmHWM); Cellmate: 10,000 actions, the log open; bare: after its presses",
                     f"{app_mem:.0f} MiB",
                     f"{bare_mem:.0f} MiB", f"+{app_mem - bare_mem:.0f} MiB", "<= bare + 60 MiB",
                     verdict(app_mem <= bare_mem + 60)))

        # -- the voice
        say(f"event to first audio sample, {voice_events} events, and the plain espeak-ng command as often")
        out = tmp / "voice.json"
        got = run_json([sys.executable, str(HERE / "bench_voice.py"), "--events", str(voice_events), "--out", str(out)],
                       out, 600)
        for p in (50, 99):
            app_s, plain_s = percentile(got["app"], p), percentile(got["plain"], p)
            rows.append((f"event to first audio sample (espeak-ng to a pipe, \"{got['text']}\"): p{p}", ms(app_s),
                         f"{ms(plain_s)} (plain espeak-ng)", f"{app_s / plain_s:.1f}x", "", ""))

    return table(args, rows, notes, gc_seen, base, presses, idle_s, idle_rounds, cold_runs)


def timed_of(got: dict, key: str = "") -> list[float]:
    """A press scene's timed presses (each kind but the UNDO that takes it back), press to frame;
    with `key` "cpu", their CPU time on the main thread."""
    figures = got[key] if key else got
    return [t for kind in got["timed"] for t in figures.get(kind, [])]


def press_rows(label: str, got: dict, bare_kivy: tuple[float, float], bare_waking: tuple[float, float],
               new_target: bool) -> list[tuple[str, str, str, str, str, str]]:
    """A press scene's rows: press to frame p50 and p99 beside the bare app (the verdict: the
    table and the games at most 1.5x its p99, issue 33; the log as issue 13 asked, at most 2x and
    2 frames), beside the bare app hopping as Cellmate does, and the main thread's CPU a press."""
    (b50, b99), (w50, w99) = bare_kivy, bare_waking
    times, cpu = timed_of(got), timed_of(got, "cpu")
    c50, c99 = percentile(times, 50), percentile(times, 99)
    if new_target:
        ok, target = c99 <= 1.5 * b99, "<= 1.5x bare"
    else:
        ok, target = c99 <= 2 * b99 and c99 * 1000 <= 2 * FRAME_MS, f"<= 2x bare and <= 2 frames ({2 * FRAME_MS:.1f} ms)"
    u50, u99 = percentile(cpu, 50), percentile(cpu, 99)
    return [(f"press to frame, {label}: p50", ms(c50), ms(b50), f"{c50 / b50:.1f}x", "", ""),
            (f"press to frame, {label}: p99", ms(c99), ms(b99), f"{c99 / b99:.1f}x", target, verdict(ok)),
            (f"press to frame, {label}: p50 / p99 beside the bare app hopping as Cellmate does (for information)",
             f"{ms(c50)} / {ms(c99)}", f"{ms(w50)} / {ms(w99)}", f"{c99 / w99:.1f}x at p99", "", ""),
            (f"main thread's CPU a press, {label} (the press on the main thread to its frame's swap): p50 / p99",
             f"{ms(u50)} / {ms(u99)}", "", "", f"p50 <= {CPU_MS:.0f} ms", verdict(u50 * 1000 <= CPU_MS))]


def cold_start_row(rows, tmp: Path, data: dict[str, Path], cold_runs: int) -> None:
    say(f"cold start, {cold_runs} runs each, taken in turn, after a warm-up")
    app_cold, bare_cold = cold_start(
        [([str(COMPANION), "run", "--gpio", "--quiet", "--data-dir", str(data["big"]),
           "--config", str(tmp / "no-config.toml"), "--size", "800x480"],
          dict(MOCK_PINS, CELLMATE_BENCH_MARK="1", CELLMATE_BENCH_EXIT="1")),
         (bare("--first-frame"), None)], cold_runs)
    rows.append(("cold start to the first frame (Cellmate: the table of a 10,000-action game), median",
                 f"{app_cold:.2f} s", f"{bare_cold:.2f} s", f"{app_cold / bare_cold:.2f}x", "<= 1.3x bare",
                 verdict(app_cold <= 1.3 * bare_cold)))   # issue 33's target (issue 32 asked 1.5x)


def cold_start_table(args, rows, notes, tmp: Path, data: dict[str, Path], cold_runs: int) -> int:
    """--cold-start-only: the cold start row alone (the GL renderer and garbage collection,
    which the bare app's presses report, are not reported)."""
    cold_start_row(rows, tmp, data, cold_runs)
    return table(args, rows, notes, [], {}, 0, 0.0, 0, cold_runs)


def browse_rows(rows, notes, gc_seen, tmp: Path, made: Path, history: int, presses: int, b50: float, b99: float):
    """Past games and Statistics on `history` finished games: each kind of tap, tap to frame and its redraw."""
    labels = {"sessions": "Past games", "stats": "Statistics"}
    kinds = {"sessions": (("drag", "a drag, 80 px a frame"), ("scroll", "a jump by most of a screen"),
                          ("more", "the next page (\"More\")"),
                          ("reopen", "opened again from home")),
             "stats": (("scroll", "a scroll"), ("reopen", "opened again from Past games"))}
    for scene in ("sessions", "stats"):
        name = f"{labels[scene]}, {history:,} games"
        say(f"Cellmate, {name}: {presses} taps")
        out = tmp / f"{scene}.json"
        got = run_json(cellmate(scene, made, "--presses", presses, "--out", out), out, 1800)
        gc_seen.append(got["gc"])
        assert got["games"] == history, got["games"]
        if got["problems"]:
            notes.append(f"{name}: {got['problems'][:3]}")
        opened = got["work"].get("open", [float("nan")])[0]
        rows.append((f"{name}: first open, tap to frame", ms(got["open"][0]), "", "", "", ""))
        for kind, what in kinds[scene]:
            times, work = got.get(kind, []), got["work"].get(kind, [])
            if not times:
                notes.append(f"{name}, {what}: nothing timed")
                continue
            c50, c99 = percentile(times, 50), percentile(times, 99)
            w50, w99 = percentile(work, 50), percentile(work, 99)
            rows.append((f"{name}, {what} ({len(times)}x): tap to frame p50 / p99", f"{ms(c50)} / {ms(c99)}",
                         f"{ms(b50)} / {ms(b99)}", f"{c99 / b99:.1f}x at p99", "", ""))
            rows.append((f"{name}, {what}: its redraw p50 / p99", f"{ms(w50)} / {ms(w99)}", "", "",
                         f"< 1 frame ({FRAME_MS:.1f} ms)", verdict(w99 * 1000 < FRAME_MS)))
        rows.append((f"{name}: first open, its redraw (once)", ms(opened), "", "", "", ""))


def table(args, rows, notes, gc_seen, base, presses, idle_s, idle_rounds, cold_runs) -> int:
    what = (f"cold start only, {cold_runs} cold starts each" if args.cold_start_only else
            f"Past games and Statistics only, {presses} taps a kind" if args.browse_only else
            f"presses only, {presses} a scene" if args.presses_only is not None else
            f"phones only, {presses} taps, idle {idle_s:.0f} s x {idle_rounds}" if args.phones_only else
            f"{presses} presses a scene, idle {idle_s:.0f} s x {idle_rounds}, {cold_runs} cold starts each")
    print(f"\n{'quick run' if args.quick else 'full run'} on {time.strftime('%Y-%m-%d')}: {what}, "
          f"{time.perf_counter() - BEGAN:.0f} s in all; "
          f"{os.cpu_count()} cores {platform.machine()}, GL renderer {base.get('renderer', '?')}, "
          f"SDL video driver {os.environ.get('SDL_VIDEODRIVER', '?')}, 60 fps, "
          f"garbage collection {'not reported' if not gc_seen else 'on' if all(gc_seen) else 'OFF in some process'}\n")
    head = ("measure", "Cellmate", "bare Kivy app", "ratio", "target", "met?")
    print("| " + " | ".join(head) + " |")
    print("|" + "---|" * len(head))
    for row in rows:
        print("| " + " | ".join(row) + " |")
    for note in notes:
        print(f"\nnote: {note}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
