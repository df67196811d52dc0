"""scripts/bench's Past games and Statistics measure runs in the real app and times every kind of tap."""
import json
import subprocess
import sys
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
