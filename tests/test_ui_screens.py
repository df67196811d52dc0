"""Every screen at 800x480 in both languages: screenshots, and checks that what
is drawn fits: touch targets of 64 px or more, no text cut off or spilling out
of its box, no widget off the window, every colour chip with its letter.

The PNGs land in build/screenshots/<lang>-<screen>.png for a person to look at.
"""
import pytest

from companion.store import DB_NAME
from ui_fixtures import HEIGHT, WIDTH, kivy_window, make_ui  # noqa: F401  (fixtures)

pytestmark = pytest.mark.ui

NAMES = ("Anna", "Benedikt", "Cleo", "Dragomir")


def layout_problems(ui, root=None) -> list[str]:
    """What a person at arm's length would trip over on the current screen."""
    from kivy.uix.behaviors import ButtonBehavior
    from kivy.uix.label import Label
    from kivy.uix.scrollview import ScrollView
    from kivy.uix.textinput import TextInput
    from ui.widgets import Chip

    problems = []
    root = root or ui.app.root
    width, height = ui.app.root.get_root_window().size

    def scroller(w):
        node = w.parent
        while node is not None and node.parent is not node:
            if isinstance(node, ScrollView):
                return node
            node = node.parent
        return None

    def shown(w):
        # drawn: every ancestor opaque and sized; inside a ScrollView, wholly in its view
        node = w
        while node is not None and node.parent is not node:
            if node.opacity == 0 or node.width <= 0 or node.height <= 0:
                return False
            node = node.parent
        view = scroller(w)
        if view is not None:
            bottom, top = w.to_window(*w.pos)[1], w.to_window(w.right, w.top)[1]
            vbottom = view.to_window(*view.pos)[1] if view.parent is None else view.parent.to_window(*view.pos)[1]
            if bottom < vbottom - 1 or top > vbottom + view.height + 1:
                return False
        return True

    for w in root.walk():
        if not shown(w):
            continue
        name = f"{type(w).__name__}({getattr(w, 'text', '')!r})"
        x, y = w.to_window(*w.pos)
        if scroller(w) is None and (x < -1 or y < -1 or x + w.width > width + 1 or y + w.height > height + 1):
            problems.append(f"{name} is off the window at {(x, y, w.width, w.height)}")
        if isinstance(w, (ButtonBehavior, TextInput)) and not w.disabled and not isinstance(w, Chip):
            if w.height < 64:
                problems.append(f"{name} is a touch target only {w.height:.0f} px high")
        if isinstance(w, ButtonBehavior) and isinstance(w, Chip) and min(w.size) < 64:
            problems.append(f"{name} chip to tap is only {min(w.size):.0f} px")
        if isinstance(w, Chip) and not w.letter:
            problems.append(f"{name} chip without a letter")
        if isinstance(w, Label) and w.text:
            w.texture_update()
            tw, th = w.texture_size
            if th > w.height + 2 or tw > w.width + 2:
                problems.append(f"{name} spills out: text {tw}x{th} in a {w.width:.0f}x{w.height:.0f} box")
            # Shortened ("...") or lines dropped (max_lines): what is drawn is not the whole text.
            drawn = "".join(word.text for line in w._label._cached_lines for word in line.words)
            if "".join(drawn.split()) != "".join(w.text.split()):
                problems.append(f"{name} is cut short: drawn as {drawn!r}")
    return problems


def populate(ui):
    """A table in play: four seats, rolls by all, one undone action."""
    ui.tap(ui.ids().new_game)
    setup = ui.app.screen("setup")
    while len(setup.rows()) < len(NAMES):
        setup.add_seat()
    for row, name in zip(setup.rows(), NAMES):
        row.ids.name.text = name
    ui.tap(setup.ids.start)
    dice = ui.ids("dice")
    for _ in range(6):
        ui.tap(dice.die)
        ui.tap(dice.pass_btn)
    ui.tap(dice.die)
    ui.tap(dice.undo_btn)
    return dice


def look(ui, lang, name, whole_window=True):
    ui.pump(2)
    assert layout_problems(ui) == [], name
    path = ui.shot(f"{lang}-{name}", None if whole_window else ui.app.root)
    assert path.stat().st_size > 5000  # a picture, not a black frame


@pytest.mark.parametrize("lang", ["en", "de"])
def test_every_screen_fits_and_is_photographed(make_ui, lang):
    ui = make_ui(seat=1)
    ui.app.set_language(lang)
    look(ui, lang, "home-empty")

    ui.tap(ui.ids().new_game)
    setup = ui.app.screen("setup")
    for _ in range(3):
        ui.tap(setup.ids.add_seat)
    for row, name in zip(setup.rows(), NAMES + ("Anna",)):
        row.ids.name.text = name  # typing by touch is test_ui_flow's job; here only the looks count
    ui.tap(setup.ids.start)  # a duplicate name: the message in place
    look(ui, lang, "setup")
    ui.tap(ui.ids().back)

    ui.app.screen("setup").reset()
    populate(ui)
    ui.app.root.ids.toast.hide()
    look(ui, lang, "dice")

    ui.tap(ui.ids().manual_btn)
    dialog = ui.modal()
    assert dialog is not None
    assert layout_problems(ui, dialog) == []
    ui.shot(f"{lang}-dice-enter-die")
    ui.tap(dialog.ids.cancel)

    ui.app.on_cue("tick")
    ui.app.toggle_timer()
    ui.clock.advance(58.5)
    ui.app.perform({"type": "roll", "player": 5})  # no such seat: a rules error, said briefly
    look(ui, lang, "dice-timer-error")
    ui.app.root.ids.toast.hide()

    ui.tap(ui.ids().log_btn)
    look(ui, lang, "log")
    ui.tap(ui.ids().back)
    ui.tap(ui.ids().end_btn)
    look(ui, lang, "dice-game-over")

    ui.tap(ui.ids().home_btn)
    look(ui, lang, "home")
    ui.tap(ui.ids().sessions)
    look(ui, lang, "sessions")
    ui.tap(ui.ids().rows.children[-1].ids.delete)
    dialog = ui.modal()
    assert layout_problems(ui, dialog) == []
    ui.shot(f"{lang}-sessions-delete")
    ui.tap(dialog.ids.cancel)
    ui.tap(ui.ids().back)

    ui.tap(ui.ids().settings)
    look(ui, lang, "settings")
    ui.tap(ui.ids().back)
    ui.tap(ui.ids().about)
    look(ui, lang, "about")


@pytest.mark.parametrize("lang", ["en", "de"])
def test_notice_banner_fits(make_ui, tmp_path, lang):
    data = tmp_path / "data"
    data.mkdir()
    (data / DB_NAME).write_bytes(b"not sqlite" * 500)
    ui = make_ui(data_dir=data)
    ui.app.set_language(lang)
    assert ui.app.root.ids.banner.text
    look(ui, lang, "home-banner")
    populate(ui)
    ui.app.root.ids.toast.hide()
    look(ui, lang, "dice-banner")


def test_a_bigger_screen_scales_up(make_ui, kivy_window):
    kivy_window.size = (1280, 720)
    try:
        ui = make_ui()
        # the offscreen window keeps its first framebuffer, so these render the root alone
        look(ui, "en", "home-1280x720", whole_window=False)
        populate(ui)
        ui.app.root.ids.toast.hide()
        look(ui, "en", "dice-1280x720", whole_window=False)
        dice = ui.ids()
        assert dice.die.height > 400 and dice.end_btn.top == 720 - 6  # the table grew with the screen
    finally:
        kivy_window.size = (WIDTH, HEIGHT)
