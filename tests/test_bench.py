"""scripts/bench's Past games and Statistics measure runs in the real app and times every kind of tap."""
import json
import shutil
import subprocess
import sys
import time
from pathlib import Path

import pytest

SCRIPTS = Path(__file__).resolve().parent.parent / "scripts"


@pytest.mark.parametrize("scene, kinds", [("sessions", {"open", "drag", "scroll", "more", "reopen"}),
                                          ("stats", {"open", "scroll", "reopen"})])
def test_the_browse_scenes_time_each_tap_to_its_frame(tmp_path, scene, kinds):
    sys.path.insert(0, str(SCRIPTS))
    try:
        from bench import make_history
    finally:
        sys.path.remove(str(SCRIPTS))
    data = make_history(tmp_path, 45)
    out = tmp_path / "out.json"
    subprocess.run([sys.executable, str(SCRIPTS / "bench_app.py"), "--scene", scene, "--data-dir", str(data),
                    "--presses", "5", "--out", str(out)], capture_output=True, timeout=120)
    got = json.loads(out.read_text())
    assert got["games"] == 45 and got["problems"] == [] and got["gc"]
    assert set(got["work"]) == kinds and all(got[kind] for kind in kinds)
    for kind in kinds:    # the redraw is part of the tap to frame: it began after the tap
        assert all(0 < work <= whole for work, whole in zip(got["work"][kind], got[kind]))


def _bench():
    sys.path.insert(0, str(SCRIPTS))
    try:
        import bench
    finally:
        sys.path.remove(str(SCRIPTS))
    return bench


@pytest.fixture(scope="module")
def scene_data(tmp_path_factory):
    """bench.make_data's data dirs, one per scene (~0.7 s of CPU to make), made once for the
    module: each test gets a copy of its own, as fresh as make_data leaves them."""
    made_in = tmp_path_factory.mktemp("scenes")
    made = _bench().make_data(made_in)

    def copy(to: Path) -> dict[str, Path]:
        shutil.copytree(made_in, to)
        return {scene: to / path.relative_to(made_in) for scene, path in made.items()}
    return copy


# A child that prints the first-frame mark, then after `wait` s spends 0.3 s of CPU on a
# thread other than the main one, which then ends or lives on.
SPINNER = """
import sys, threading, time
print(sys.argv[1], flush=True)
time.sleep(float(sys.argv[2]))
def spin():
    while time.thread_time() < 0.3:
        pass
    print("spun", flush=True)
    if sys.argv[3] == "lives on":
        threading.Event().wait()
threading.Thread(target=spin, daemon=True).start()
time.sleep(60)
"""


@pytest.mark.parametrize("thread", ["lives on", "ends"])
def test_idle_cpu_counts_every_thread_of_the_process(thread):
    """The idle figures add up the time of all of an app's threads (llvmpipe draws on its own),
    a thread that ended within the stretch too."""
    bench = _bench()
    # idle_cpu waits 2 s after the mark, then measures for 2.5 s: the spin falls inside,
    # with time to spare on a busy machine
    percent, line = bench.idle_cpu([sys.executable, "-c", SPINNER, bench.MARK, "2.4", thread], 2.5)
    assert line == bench.MARK
    spent = percent / 100 * 2.5
    assert 0.28 <= spent < 0.45     # an ended thread is read in ticks of 10 ms, one at each end


def test_thread_seconds_is_exact_where_the_ticks_are_not():
    bench = _bench()
    child = subprocess.Popen([sys.executable, "-c", SPINNER, "ready", "0", "lives on"],
                             stdout=subprocess.PIPE, text=True)
    try:
        assert child.stdout.readline().strip() == "ready"
        assert child.stdout.readline().strip() == "spun"    # its 0.3 s of CPU spent, however busy the machine
        seconds, threads = bench.thread_seconds(child.pid)
        assert len(threads) == 2 and 0.3 <= seconds < 0.45
        assert seconds != round(seconds, 2)    # finer than a tick of 10 ms
    finally:
        child.kill()
        child.wait()


def test_idle_apps_are_taken_in_turn_each_round_in_another_order_and_set_beside_their_own_round(monkeypatch):
    bench = _bench()
    started = []

    def idle_cpu(cmd, seconds):
        scene = cmd[cmd.index("--scene") + 1] if "--scene" in cmd else None
        name = {None: "bare countdown" if "--countdown" in cmd else "bare", "idle": None}[scene]
        if name is None:
            name = "dice" if cmd[-1].endswith("dice") else "countdown"
        started.append(name)
        line = bench.MARK + '{"screen": "dice"}' if name == "dice" else \
            bench.MARK + '{"game": "singsing", "countdown": "2:00"}'
        busy = 2.0 if len(started) > 8 else 1.0      # the machine turns busy from the third round on
        return {"bare": 1.0, "bare countdown": 1.5, "dice": 1.1, "countdown": 1.6}[name] * busy, line

    monkeypatch.setattr(bench, "idle_cpu", idle_cpu)
    idle = bench.idle_in_rounds({"dice": Path("d/dice"), "countdown": Path("d/countdown")}, 1.0, 4)
    rounds = [started[i:i + 4] for i in range(0, 16, 4)]
    assert all(sorted(r) == sorted(bench.IDLE_APPS) for r in rounds)
    assert len({r[0] for r in rounds}) == 4                   # each app leads one round
    # the busy rounds double both of a pair: each round's ratio is the app's own, 1.1x
    assert abs(bench.paired_ratio(idle["dice"], idle["bare"]) - 1.1) < 1e-9


def test_each_game_is_made_at_the_step_its_timed_press_moves_on(tmp_path, scene_data):
    """Every game's scene (at its most seats) opens where each of its timed presses is a move
    of that game, in turn, and UNDO brings it back: so every press is the same step."""
    import random

    from companion import controller
    from companion.games import get
    from companion.inputs import InputEvent
    from companion.session import Session
    from companion.store import Store
    bench = _bench()
    sys.path.insert(0, str(SCRIPTS))
    try:
        from bench_app import PRESSES, UNTIMED
    finally:
        sys.path.remove(str(SCRIPTS))
    data = scene_data(tmp_path / "data")
    for scene, game, _title, _press in bench.GAME_SCENES:
        store = Store.open(data[scene])
        sid = store.list_sessions()[0]["id"]
        session = Session.load(store, sid, rng=random.Random(1))
        assert session.game.id == game and len(session.setup["players"]) == get(game).max_players
        before = session.state
        events = {"roll": InputEvent.ROLL, "confirm": InputEvent.CONFIRM, "timer": InputEvent.TIMER,
                  "undo": InputEvent.UNDO}
        for kind, button, _on_release in PRESSES[scene]:
            outcome = controller.handle_input(session, events[button])
            assert outcome is not None and outcome.ok, (scene, kind, outcome)
        assert session.state == before, scene
        assert [k for k, *_ in PRESSES[scene] if k not in UNTIMED], scene
        store.close()


def test_a_game_scene_times_each_press_and_its_main_thread_cpu(tmp_path, scene_data):
    """Sing Sing's scene: both of its timed presses (TIMER, CONFIRM) to their frames, and each
    press's CPU on the main thread, which is part of its time; the rows mark both targets."""
    bench = _bench()
    data = scene_data(tmp_path / "data")
    out = tmp_path / "out.json"
    subprocess.run([sys.executable, str(SCRIPTS / "bench_app.py"), "--scene", "singsing", "--data-dir",
                    str(data["singsing"]), "--presses", "3", "--out", str(out)], capture_output=True, timeout=120)
    got = json.loads(out.read_text())
    assert got["problems"] == [] and got["refused_count"] == 0 and got["gc"]
    assert got["timed"] == ["timer", "right"] and len(bench.timed_of(got)) == 6
    for kind in got["timed"]:
        assert all(0 < cpu <= whole for cpu, whole in zip(got["cpu"][kind], got[kind]))
    rows = bench.press_rows("Sing Sing", got, (0.010, 0.015), (0.002, 0.004), True)
    p99, cpu = rows[1], rows[3]
    assert p99[4] == "<= 1.5x bare" and p99[5] == bench.verdict(bench.percentile(bench.timed_of(got), 99) <= 0.0225)
    assert cpu[4] == "p50 <= 5 ms" and cpu[5] in ("met", "**not met**")
