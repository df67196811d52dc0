"""KeyboardInput on Kivy's (offscreen) Window: keys stand in for the buttons."""
import pytest
from hardware_fixtures import recorder  # noqa: F401  (fixture)

from companion.inputs import InputEvent
from hardware.keyboard import KEY_HELP, KeyboardInput


@pytest.fixture(scope="module")
def window():
    from kivy.core.window import Window

    assert Window is not None, "Kivy could not open an offscreen window"
    return Window


@pytest.fixture
def keys(window, recorder):  # noqa: F811
    keyboard = KeyboardInput(recorder, window)
    yield keyboard
    keyboard.close()


def press(window, key, text="", modifiers=()):
    """A full key stroke as SDL delivers it; returns whether a handler took the key."""
    handled = window.dispatch("on_key_down", key, 0, text, list(modifiers))
    window.dispatch("on_key_up", key, 0)
    return handled


@pytest.mark.parametrize(
    "key, text, modifiers, event",
    [
        (ord("r"), "r", (), InputEvent.ROLL),
        (32, " ", (), InputEvent.ROLL),
        (ord("t"), "t", (), InputEvent.TIMER),
        (13, "\r", (), InputEvent.CONFIRM),
        (271, "\r", (), InputEvent.CONFIRM),
        (ord("c"), "c", (), InputEvent.CONFIRM),
        (ord("u"), "u", (), InputEvent.UNDO),
        (8, "", (), InputEvent.UNDO),
        (ord("y"), "y", (), InputEvent.REDO),
        (ord("u"), "U", ("shift",), InputEvent.REDO),
        (ord("r"), "R", ("shift",), InputEvent.ROLL),
    ],
    ids=["R", "space", "T", "Enter", "numpad Enter", "C", "U", "Backspace", "Y", "Shift+U", "Shift+R"],
)
def test_each_key_sends_its_event_and_is_marked_handled(window, keys, recorder, key, text, modifiers, event):  # noqa: F811
    assert press(window, key, text, modifiers) is True
    assert recorder.calls == [event]


@pytest.mark.parametrize(
    "key, modifiers",
    [(ord("x"), ()), (27, ()), (ord("c"), ("ctrl",)), (ord("r"), ("alt",)), (ord("u"), ("meta",))],
    ids=["X", "Escape", "Ctrl+C", "Alt+R", "Meta+U"],
)
def test_other_keys_and_shortcuts_are_left_to_the_app(window, keys, recorder, key, modifiers):  # noqa: F811
    assert not press(window, key, "", modifiers)
    assert recorder.calls == []


def test_holding_a_key_sends_one_event_like_holding_a_button(window, keys, recorder):  # noqa: F811
    for _ in range(5):  # the OS auto-repeats key-down while the key is held
        assert window.dispatch("on_key_down", ord("r"), 0, "r", []) is True
    window.dispatch("on_key_up", ord("r"), 0)
    press(window, ord("r"), "r")
    assert recorder.calls == [InputEvent.ROLL, InputEvent.ROLL]


def test_typing_into_a_focused_text_field_does_not_roll(window, keys, recorder):  # noqa: F811
    from kivy.uix.textinput import TextInput

    field = TextInput()
    window.add_widget(field)
    try:
        field.focus = True
        press(window, ord("r"), "r")
        press(window, 13, "\r")
        assert recorder.calls == []
        field.focus = False
        press(window, ord("r"), "r")
        assert recorder.calls == [InputEvent.ROLL]
    finally:
        field.focus = False
        window.remove_widget(field)


def test_close_unbinds_the_keys(window, recorder):  # noqa: F811
    keyboard = KeyboardInput(recorder, window)
    keyboard.close()
    assert not press(window, ord("r"), "r")
    assert recorder.calls == []


def test_key_help_lists_every_input_with_a_label_the_ui_can_show():
    assert {event for _, event in KEY_HELP} == set(InputEvent)
    labels = dict((event, label) for label, event in KEY_HELP)
    assert labels[InputEvent.ROLL] == "R / Space"
    assert labels[InputEvent.REDO] == "Y / Shift+U"
    assert all(isinstance(label, str) and label for label, _ in KEY_HELP)


def test_the_help_labels_name_their_keys_in_the_tables_language():
    from companion.i18n import Catalogue
    from hardware.keyboard import PAD_KEY_HELP, key_words
    de = Catalogue("de")
    said = [key_words(label, de) for label, _ in KEY_HELP + PAD_KEY_HELP]
    assert said[:5] == ["R / Leertaste", "T", "Eingabe / C", "U / Rücktaste", "Y / Umschalt+U"]
    assert said[-1] == "Umschalt+1–8"
    assert [key_words(label, Catalogue("en")) for label, _ in KEY_HELP] == [label for label, _ in KEY_HELP]
