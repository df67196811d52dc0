"""scripts/bench_phones.py measures what it says: every tap of 8 phones timed to a frame
of the real table, every phone's view of every step timed, nothing refused."""
import sys
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "scripts"))

pytestmark = pytest.mark.slow


def test_eight_phones_taps_are_each_timed_to_a_frame_and_to_every_phone(tmp_path):
    import bench_phones
    got = bench_phones.taps(tmp_path, 12)
    assert got["problems"] == []
    assert len(got["to_frame"]) == 12 and all(t > 0 for t in got["to_frame"])
    assert len(got["to_phone"]) == 12 * bench_phones.SEATS and all(t > 0 for t in got["to_phone"])
