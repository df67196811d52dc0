"""What the table plays and says, without Kivy: the cues on the buzzer (or their
stand-in badge off a Pi), the voice's lines for every committed step, the game's
countdown aloud, and the cover noise while a game asks for it.

The table (ui/table.py) holds one Sound and its rig, speaker and buzzer setting;
its play, say, on_cue and cover are this.
"""
from __future__ import annotations

from companion import cues as cue_names
from companion.timers import RUNNING

# companion.speech is imported where a line is made: nothing is said before the first frame,
# and speech.py is read on the frame after it (ui/start.py: the voice, hardware/speaker.py).


class Sound:
    def __init__(self, table):
        self.table = table      # ui/table.py: its rig, speaker, buzzer_on, session, catalogue, clocks, shell

    def play(self, cues) -> None:
        table = self.table
        if not table.buzzer_on or table.rig is None:
            return
        for cue in cues:
            table.rig.play(cue)

    def on_cue(self, cue: str) -> None:
        """The rig tells every cue it plays; off a Pi the buzzer is a stand-in, so flash it."""
        table = self.table
        if table.rig_mode() != "simulated":
            return
        seconds = cue_names.duration(cue) if cue in cue_names.PATTERNS else 0.5
        table.shell.flash(table.t("cue.badge", cue=table.t("cue." + cue)), seconds)

    def say(self, lines) -> None:
        speaker = self.table.speaker
        if speaker is None:
            return
        for line in lines:
            if line is not None:
                speaker.say(line)

    def speak_steps(self, steps) -> None:
        """What the committed steps are in words, aloud (public words only: speech.lines_for)."""
        table = self.table
        if table.speaker is None or table.session is None or not steps:
            return
        from companion import speech

        game = table.session.game
        for before, action, after in steps:
            self.say(speech.lines_for(game, before, after, action, table.t))

    def say_countdown(self, cues: list[str]) -> None:
        """The game's countdown (Sing Sing's guess) aloud in its last seconds; "time is up"
        at any clock's zero, cutting off whatever is being said."""
        table = self.table
        if table.speaker is None:
            return
        from companion import speech

        countdown = table.clocks.countdown
        key = table.clocks.countdown_key()
        if countdown is not None and countdown.state == RUNNING:
            self.say([speech.countdown(table.t, countdown.shown(), key)])
        if cue_names.ALARM in cues:         # a clock's zero
            self.say([speech.time_up(table.t, f"{key} {table.clock()}")])

    def cover(self) -> None:
        """Cover noise while the game asks for it (Sing Sing: a bar taken out), when it is on."""
        table = self.table
        if table.speaker is not None:
            session = table.session
            table.speaker.cover(session is not None and not session.finished
                                and session.game.cover_noise(session.state))
