"""Text a player reads is at least 24 px (the screen is read from 70 cm to 1 m).
Every font size written in ui/ is checked; the only smaller ones are shown off
a Pi alone and say so on their line. A FitLabel's min_font, how far a text may
shrink to stay whole, is held to 24 px too: a longer text takes another line."""
import re
from pathlib import Path

UI = Path(__file__).resolve().parent.parent / "ui"
SIZE = re.compile(r"""(?:font_size\s*[:=]\s*['"]?|max_font:\s*sp\(|min_font:\s*sp\(|min_font = NumericProperty\(sp\(|font_size=sp\()(\d+)""")
EXCUSE = "# off a Pi only"


def small_sizes():
    for path in sorted(UI.rglob("*")):
        if path.suffix not in (".kv", ".py"):
            continue
        for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), start=1):
            for match in SIZE.finditer(line):
                if int(match.group(1)) < 24 and EXCUSE not in line:
                    yield f"{path.relative_to(UI.parent)}:{number}: {line.strip()}"


def test_no_text_on_a_screen_is_written_smaller_than_24_px():
    assert list(small_sizes()) == []


def test_the_check_finds_a_small_size():
    assert SIZE.search("        font_size: '17sp'").group(1) == "17"
    assert SIZE.search('Label(text=t, font_size="18sp")').group(1) == "18"
    assert SIZE.search("        max_font: sp(21)").group(1) == "21"
    assert SIZE.search("        min_font: sp(16)").group(1) == "16"
