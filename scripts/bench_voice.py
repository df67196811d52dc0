"""scripts/bench.py's voice figures, in a process of their own: event to first audio sample.

Cellmate: from the step that passes the dice table's turn (controller.perform on a game
held in memory: no commit to disk, no screen drawn) through speech.lines_for, the queue
and the speaker's worker thread to the first sample espeak-ng writes to its pipe
(--stdout, the WAV header skipped). Beside it, in the same run, the plain command:
`espeak-ng --stdout "<the first turn's words>"` started to its first sample.
Writes {"app": [s, ...], "plain": [s, ...], "text": ...}.
"""
from __future__ import annotations

import argparse
import json
import subprocess
import sys
import threading
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from companion import controller, speech  # noqa: E402
from companion.config import Speech  # noqa: E402
from companion.i18n import Catalogue  # noqa: E402
from companion.session import Session  # noqa: E402
from companion.store import Store  # noqa: E402
from hardware.speaker import Speaker, argv  # noqa: E402

WAV_HEADER = 44     # bytes before espeak-ng's first sample on --stdout


class FirstSample:
    """A sink that notes when the first sample of each line arrives."""

    def __init__(self):
        self.seen = 0
        self.at: float | None = None
        self.event = threading.Event()

    def reset(self):
        self.seen, self.at = 0, None
        self.event.clear()

    def __call__(self, chunk: bytes):
        self.seen += len(chunk)
        if self.at is None and self.seen > WAV_HEADER:
            self.at = time.perf_counter()
            self.event.set()


def app_times(events: int, config: Speech) -> tuple[list[float], list[str]]:
    t = Catalogue("en")
    session = Session.create(Store.memory(), "dice", ["Ann", "Ben", "Cleo", "Dee"])
    first = FirstSample()
    voice = Speaker(config, "en", sink=first)
    voice.queue.repeat_within = 0       # each pass says a name said a moment ago: every one is timed
    times, texts = [], []
    try:
        for _ in range(events):
            first.reset()
            began = time.perf_counter()
            outcome = controller.perform(session, {"type": "pass"})
            for before, action, after in outcome.steps:
                for line in speech.lines_for(session.game, before, after, action, t):
                    voice.say(line)
                    texts.append(line.text)
            if not first.event.wait(10):
                raise RuntimeError("no sound within 10 s")
            times.append(first.at - began)
            voice.wait(30)
    finally:
        voice.close()
    return times, texts


def plain_times(runs: int, text: str, config: Speech) -> list[float]:
    times = []
    for _ in range(runs):
        began = time.perf_counter()
        proc = subprocess.Popen(argv(text, "en", config.volume, config.speed, stdout=True), stdout=subprocess.PIPE)
        seen = 0
        while seen <= WAV_HEADER:
            chunk = proc.stdout.read1(4096)
            if not chunk:
                raise RuntimeError("espeak-ng wrote no sound")
            seen += len(chunk)
        times.append(time.perf_counter() - began)
        proc.stdout.read()
        proc.wait()
    return times


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--events", type=int, default=50)
    parser.add_argument("--out", type=Path, required=True)
    args = parser.parse_args()
    config = Speech()
    app, texts = app_times(args.events, config)
    plain = plain_times(args.events, texts[0], config)
    args.out.write_text(json.dumps({"app": app, "plain": plain, "text": texts[0]}))
    return 0


if __name__ == "__main__":
    sys.exit(main())
