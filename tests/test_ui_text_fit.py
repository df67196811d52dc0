"""FitLabel (ui/widgets/text.py): a text's lines break where Kivy's own label breaks
them, at every size and after other texts, though the words' widths are kept."""
import pytest
from kivy.core.window import Window  # noqa: F401  (a GL context for the textures)
from kivy.metrics import sp
from kivy.uix.label import Label

from ui.widgets.text import FitLabel

TEXTS = ["Bob: play a card under a neighbour's Scheme, or draw.",
         "Ann may help: Bob, Fay",
         "Maximiliane-Friederike: End turn; the Soap goes to Bob."]


def lines(label) -> list[str]:
    return ["".join(word.text for word in line.words) for line in label._label._cached_lines]


@pytest.mark.parametrize("bold", [False, True])
def test_a_text_breaks_as_kivys_label_breaks_it_at_each_size_in_turn(bold):
    fit = FitLabel(grow=True, width=300, bold=bold)
    for size in (24, 30, 24, 20):
        fit.max_font = fit.min_font = sp(size)
        for text in TEXTS + TEXTS[::-1]:
            fit.text = text
            fit.texture_update()
            plain = Label(text=text, font_size=sp(size), bold=bold, text_size=(fit.width, None))
            plain.texture_update()
            assert lines(fit) == lines(plain)
            assert fit.texture_size == plain.texture_size
            assert fit.height == plain.texture_size[1]
