"""What the table is told: the game's help texts and the first-run tour. Their looks
are in help.kv beside this file.
"""
from __future__ import annotations

from kivy.properties import NumericProperty, StringProperty
from kivy.uix.label import Label

from ..widgets.window import Dialog


class HelpDialog(Dialog):
    """The game's help texts: the rules in short, how Cellmate reads them, and the
    buttons; `sections` (heading, paragraphs) come before the plain `paragraphs`."""

    def __init__(self, paragraphs: list[str], sections=(), **kwargs):
        super().__init__(**kwargs)
        box = self.ids.paragraphs
        for heading, texts in sections:
            if texts:
                box.add_widget(HelpHeading(text=heading))
                for text in texts:
                    box.add_widget(HelpParagraph(text=text))
        for text in paragraphs:
            box.add_widget(HelpParagraph(text=text))


class HelpParagraph(Label):
    pass


class HelpHeading(Label):
    pass


class TourDialog(Dialog):
    """The first-run tour of the table: a few steps, each a title and a line; Next,
    or skip it all. `done` is called once, however it closes (also by a tap outside)."""
    step = NumericProperty(0)
    count = NumericProperty(0)
    heading = StringProperty("")
    text = StringProperty("")

    def __init__(self, steps: list[tuple[str, str]], t, done=None, **kwargs):
        self.steps, self.t, self._done = list(steps), t, done
        super().__init__(**kwargs)
        self.count = len(self.steps)
        self.show(0)

    def show(self, step: int) -> None:
        self.step = step
        self.heading, self.text = self.steps[step]
        last = step == self.count - 1
        self.ids.counter.text = self.t("tour.step", n=step + 1, count=self.count)
        self.ids.next.text = self.t("tour.done" if last else "tour.next")
        self.ids.skip.opacity, self.ids.skip.disabled = (0, True) if last else (1, False)

    def next(self) -> None:
        if self.step + 1 < self.count:
            self.show(self.step + 1)
        else:
            self.dismiss()

    def on_dismiss(self):
        done, self._done = self._done, None
        if done is not None:
            done()
