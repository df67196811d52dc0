"""The measures the benchmark scripts share (scripts/bench.py, scripts/bench_phones.py):
its clock's words, percentiles, processes' CPU, ratios to the bare app. Kept apart so
that neither script imports the other (issue 32: no import loop)."""
from __future__ import annotations

import os
import statistics
import subprocess
import sys
import time
from pathlib import Path

from bench_bare import FRAME

FRAME_MS = 1000 * FRAME
BEGAN = time.perf_counter()


def say(text: str) -> None:
    print(f"bench [{time.perf_counter() - BEGAN:3.0f} s]: {text}", file=sys.stderr, flush=True)


def percentile(values, p):
    values = sorted(values)
    k = (len(values) - 1) * p / 100
    lo, hi = int(k), min(int(k) + 1, len(values) - 1)
    return values[lo] + (values[hi] - values[lo]) * (k - lo)


def stop(proc) -> None:
    proc.terminate()
    try:
        proc.wait(timeout=10)
    except subprocess.TimeoutExpired:
        proc.kill()
        proc.wait()


def cpu_seconds(pid) -> float:
    """CPU time of a process, all its threads, ended ones too; in ticks of 10 ms."""
    fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


def thread_seconds(pid) -> tuple[float, frozenset]:
    """CPU time of a process's live threads, to the nanosecond (/proc/PID/task/*/schedstat),
    and which threads they are; (nan, ...) where the kernel keeps no schedstat."""
    total, tasks = 0, set()
    for task in os.listdir(f"/proc/{pid}/task"):
        try:
            total += int(Path(f"/proc/{pid}/task/{task}/schedstat").read_text().split()[0])
        except (OSError, ValueError, IndexError):
            return float("nan"), frozenset()
        tasks.add(task)
    return total / 1e9, frozenset(tasks)


def paired_ratio(values: list[float], bases: list[float]) -> float:
    """The median of each round's ratio of an app to its baseline: a busy stretch of the
    machine moves both of a round alike, where the ratio of the two medians takes its
    figures from stretches minutes apart."""
    ratios = [value / base if base else float("inf") for value, base in zip(values, bases)]
    return statistics.median(ratios)


def ms(seconds: float) -> str:
    return f"{seconds * 1000:.1f} ms"


def verdict(ok: bool) -> str:
    return "met" if ok else "**not met**"
