"""Say companion.speech Lines aloud with espeak-ng, in the background.

``say`` returns at once: it puts the line in the SpeechQueue (companion.speech
decides the order and what is dropped), and one worker thread runs espeak-ng
for each line taken, one at a time. An urgent line (an alarm, "time is up")
kills the espeak-ng speaking, so it is heard at once. espeak-ng plays on the
sound card itself; with a ``sink`` it writes its WAV to a pipe instead
(``--stdout``) and the sink gets every chunk (scripts/bench, tests).

No espeak-ng, no voice for the language, a sound card that refuses: ``problem``
says why in words, the app shows a notice, and every ``say`` is a no-op or
fails quietly in the worker. Nothing here raises into the app.

Cover noise (Sing Sing, setting speech.cover_noise): while ``cover(True)``
holds and nothing is to be said, the worker murmurs whispered nonsense
syllables, a chunk at a time; a line to say cuts the murmur off.
"""
from __future__ import annotations

import logging
import random
import shutil
import subprocess
import sys
import threading
import time
from array import array
from typing import Callable

from companion.closing import Closing
from companion.config import Speech
from companion.speech import Line, SpeechQueue

from .worker import Worker

log = logging.getLogger(__name__)

PROGRAM = "espeak-ng"
VOICES = {"en": "en-gb", "de": "de"}     # espeak-ng's voice for each table language
SYLLABLES = ("ba", "do", "ge", "mu", "ri", "ta", "lo", "ke", "na", "shu", "fe", "po")
MURMUR_SYLLABLES = 40                    # a chunk of murmur: some 4 s at the table's speed
START_TIMEOUT = 5.0                      # s for espeak-ng to say its voices
LOOK = object()                          # the worker's job when switched on again: look for espeak-ng


def amplitude(volume: int) -> int:
    """espeak-ng's -a (0 to 200, 100 its default) for a volume in % of the loudest."""
    return max(0, min(200, round(volume * 2)))


def argv(text: str, lang: str, volume: int, speed: int, *, program: str = PROGRAM, stdout: bool = False,
         whisper: bool = False) -> list[str]:
    voice = VOICES.get(lang, VOICES["en"]) + ("+whisper" if whisper else "")
    return [program, "-v", voice, "-a", str(amplitude(volume)), "-s", str(speed)] + (["--stdout"] if stdout else []) \
        + ["--", text]


def check(program: str | None = None, langs=tuple(VOICES)) -> str | None:
    """None when espeak-ng is there with a voice for each language; else why not, in words."""
    path = shutil.which(program or PROGRAM)
    if path is None:
        return f"{program or PROGRAM} is not installed (Debian package espeak-ng)"
    for lang in langs:
        try:
            result = subprocess.run([path, "--voices=" + VOICES[lang].split("-")[0]], capture_output=True, text=True,
                                    timeout=START_TIMEOUT)
        except (OSError, subprocess.SubprocessError) as exc:
            return f"{path} cannot be run ({exc})"
        voices = [line.split()[1] for line in result.stdout.splitlines()[1:] if len(line.split()) > 1]
        if VOICES[lang] not in voices:
            return f"{path} has no voice {VOICES[lang]!r} for {lang}"
    return None


def wav(text: str, lang: str, volume: int = 80, speed: int = 160, program: str | None = None) -> bytes:
    """espeak-ng's WAV of a sentence, made in memory (--stdout): nothing is played."""
    return subprocess.run(argv(text, lang, volume, speed, program=program or PROGRAM, stdout=True),
                          capture_output=True, timeout=30, check=True).stdout


def loudness(frames: bytes) -> float:
    """RMS of 16-bit little-endian mono samples, as a share of full scale (0: silence)."""
    samples = array("h", frames[:len(frames) // 2 * 2])
    if sys.byteorder == "big":
        samples.byteswap()
    return (sum(x * x for x in samples) / max(1, len(samples))) ** 0.5 / 32768


# ALSA's words when there is no sound card to play on (espeak-ng still exits 0). Many a
# card that plays says other things as it opens ("Unknown PCM cards.pcm.rear"): not these.
NO_CARD = ("Unknown PCM default", "cannot find card")


def failure(code: int, stderr: str) -> str | None:
    """Why espeak-ng did not speak, from its exit code and its errors; None: it spoke.
    With no sound card it still exits 0, after ALSA's complaints and its own error."""
    lines = [line.strip() for line in stderr.splitlines() if line.strip()]
    trouble = [line for line in lines if line.startswith("ALSA lib") or line.lower().startswith("error")]
    failed = [line for line in trouble if line.lower().startswith("error") or any(w in line for w in NO_CARD)]
    if code == 0 and not failed:
        return None
    said = (trouble or lines or ["no message"])[0]
    return f"{said} (exit {code})" if code else said


def murmur(rng: random.Random) -> str:
    return " ".join(rng.choice(SYLLABLES) for _ in range(MURMUR_SYLLABLES))


class Speaker(Closing):
    """The voice from ``config.speech``; ``say(line)`` never blocks.

    ``clock``: the queue's time (time.monotonic). ``program``: the espeak-ng to run.
    ``sink``: None plays on the sound card; a callable gets espeak-ng's WAV output
    (``--stdout``) chunk by chunk. ``on_problem(text)``: told once when espeak-ng
    fails while speaking (from the worker thread: hop to the main thread)."""

    def __init__(self, config: Speech, lang: str = "en", *, clock=time.monotonic, program: str | None = None,
                 sink: Callable[[bytes], object] | None = None, on_problem: Callable[[str], object] | None = None,
                 rng: random.Random | None = None):
        self.config = config
        self.lang = lang
        self.program = shutil.which(program or PROGRAM) or (program or PROGRAM)
        self.sink = sink
        self.on_problem = on_problem
        self.rng = rng or random.Random()
        self.queue = SpeechQueue(clock, kinds=config.events)
        self.problem = check(program) if config.enabled else None
        self.said: list[Line] = []          # the newest lines spoken (or begun), for About and tests
        self._cond = threading.Condition()
        self._proc: subprocess.Popen | None = None
        self._speaking: Line | None = None
        self._covering = False
        self._told = False
        self._recheck = False               # switched on again: espeak-ng looked for (by the worker)
        self._worker = Worker("cellmate-speaker", self._cond, self._ready, self._take, self._do).start()

    @property
    def working(self) -> bool:
        return self.config.enabled and self.problem is None

    def configure(self, config: Speech, lang: str | None = None) -> None:
        """New settings, in effect for the next line. Turned on again: espeak-ng is looked
        for again, by the worker (a switch's tap does not wait for it); a problem found is
        told to on_problem, as is a failure after an earlier one was told."""
        with self._cond:
            was_on = self.config.enabled
            self.config = config
            self.lang = lang or self.lang
            self.queue.kinds = frozenset(config.events)
            if not config.enabled:
                self.queue.clear()
                self._covering = False
                self._kill()
            elif not was_on:
                self.problem = None
                self._told = False
                self._recheck = True
            self._worker.wake()

    def say(self, line: Line) -> None:
        if not self.working:
            return
        with self._cond:
            if self._worker.closed:
                return
            if self.queue.push(line) and self._speaking is not None:
                self.queue.cut(self._speaking)
                self._kill()
            elif self._speaking is None and self._proc is not None:
                self._kill()                # only murmuring: a line goes first
            self._worker.wake()

    def cover(self, on: bool) -> None:
        """Murmur while nothing is said (on), or stop murmuring."""
        on = bool(on) and self.working and self.config.cover_noise
        with self._cond:
            if on == self._covering:
                return
            self._covering = on
            if not on and self._speaking is None:
                self._kill()
            self._worker.wake()

    @property
    def busy(self) -> bool:
        with self._cond:
            return not self._idle()

    def wait(self, timeout: float | None = None) -> bool:
        """Block until nothing is said or queued; False if the timeout ran out first."""
        return self._worker.wait(self._idle, timeout)

    def close(self) -> None:
        self._worker.close(self._cut)

    # -- the worker (hardware/worker.py) -----------------------------------------------
    def _idle(self) -> bool:
        return self._speaking is None and not self.queue.pending

    def _cut(self) -> None:
        self.queue.clear()
        self._kill()

    def _kill(self) -> None:
        """(with the lock) Stop the espeak-ng running now, if any."""
        if self._proc is not None and self._proc.poll() is None:
            try:
                self._proc.kill()
            except OSError:
                pass

    def _ready(self) -> bool:
        return bool(self.queue.pending) or self._covering or self._recheck

    def _take(self):
        """(with the lock) LOOK (switched on again: look for espeak-ng, out of the lock), the
        espeak-ng started for the next line or murmur, or why it could not start; None: all
        the queue held was too late."""
        if self._recheck:
            self._recheck = False
            return LOOK
        line = self.queue.take()
        if line is None and not self._covering:
            return None
        cfg, lang = self.config, self.lang
        if line is not None:
            self._speaking = line
            self.said = (self.said + [line])[-50:]
            command = argv(line.text, lang, cfg.volume, cfg.speed, program=self.program,
                           stdout=self.sink is not None)
        else:
            command = argv(murmur(self.rng), lang, cfg.volume, cfg.speed, program=self.program,
                           stdout=self.sink is not None, whisper=True)
        try:
            self._proc = subprocess.Popen(command, stdin=subprocess.DEVNULL, stderr=subprocess.PIPE,
                                          stdout=subprocess.PIPE if self.sink else subprocess.DEVNULL)
        except OSError as exc:
            self._proc = None
            return f"{self.program} cannot be run ({exc})"
        return self._proc

    def _do(self, job) -> None:
        if job is LOOK:
            self._look_again()
            return
        failed = job if isinstance(job, str) else self._finish(job)
        with self._cond:
            self._proc = None
            self._speaking = None
            self._worker.wake()
        if failed:
            self._tell(failed)

    def _look_again(self) -> None:
        """(the worker) Switched on again: is espeak-ng there, with its voices?"""
        problem = check(self.program)
        if problem is None:
            return
        with self._cond:
            self.queue.clear()                  # what was said meanwhile cannot be spoken
            self._covering = False
            self._worker.wake()
        self._tell(problem)

    def _finish(self, proc: subprocess.Popen) -> str | None:
        """Wait for espeak-ng (feeding the sink); the reason it failed, if it did and was not killed."""
        try:
            if self.sink is not None:
                while chunk := proc.stdout.read1(4096):
                    self.sink(chunk)
            err = proc.stderr.read()
            code = proc.wait()
        except Exception as exc:    # a sink's or a pipe's trouble must not end the worker
            log.exception("speech output failed")
            proc.kill()
            proc.wait()
            return f"the speech output failed ({exc})"
        finally:
            for pipe in (proc.stdout, proc.stderr):
                if pipe is not None:
                    pipe.close()
        if code < 0:     # killed for an urgent line, or by close()
            return None
        why = failure(code, err.decode("utf-8", "replace"))
        return f"{self.program} failed: {why}" if why else None

    def _tell(self, text: str) -> None:
        log.warning("speech: %s", text)
        if self._told:
            return
        self._told = True
        self.problem = text
        if self.on_problem is not None:
            try:
                self.on_problem(text)
            except Exception:
                log.exception("speech: telling the app failed")

