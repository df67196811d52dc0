"""open_rig: the GPIO/simulated choice, its notice, and callbacks on the main thread."""
import threading
import time
import warnings

import pytest
from hardware_fixtures import drain_clock, mock_factory, pwm_factory, tick_until  # noqa: F401
from gpiozero import Device, DigitalInputDevice, TonalBuzzer

from companion import cues
from companion.config import Buttons, Buzzer, Config
from companion.inputs import InputEvent
from hardware import rig as rig_module
from hardware.buzzer import CuePlayer
from hardware.keyboard import KEY_HELP
from hardware.rig import open_rig
from hardware.simbuzzer import SimulatedCuePlayer

FAST = Config(buttons=Buttons(debounce_ms=20, long_press_ms=150))


class MainThreadRecorder:
    """Records calls and whether each one ran on the main thread."""

    def __init__(self):
        self.calls = []

    def __call__(self, value):
        self.calls.append((value, threading.current_thread() is threading.main_thread()))


@pytest.fixture
def got():
    drain_clock()
    return MainThreadRecorder()


@pytest.fixture
def shown():
    return MainThreadRecorder()


@pytest.fixture
def no_default_factory(monkeypatch):
    """This machine as it is: no GPIOZERO_PIN_FACTORY override, no factory chosen yet."""
    monkeypatch.delenv("GPIOZERO_PIN_FACTORY", raising=False)
    monkeypatch.setattr(Device, "pin_factory", None)


@pytest.fixture
def open_and_close(tmp_path):
    opened = []

    def opener(*args, **kwargs):
        kwargs.setdefault("cache_dir", tmp_path)
        opened.append(open_rig(*args, **kwargs))
        return opened[-1]

    yield opener
    for r in opened:
        r.close()


def key(code, text=""):
    from kivy.core.window import Window

    Window.dispatch("on_key_down", code, 0, text, [])
    Window.dispatch("on_key_up", code, 0)


# --- off a Pi --------------------------------------------------------------

def test_auto_on_this_machine_falls_back_to_keyboard_with_one_clear_notice(
    no_default_factory, open_and_close, got, shown
):
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        r = open_and_close(Config(), got, shown)
    assert r.mode == "simulated"
    assert r.notice.startswith("No GPIO found (this is not a Raspberry Pi")
    assert "keyboard" in r.notice
    assert [str(w.message) for w in caught if "Falling back" in str(w.message)] == []  # no spam
    assert r.buttons is None and isinstance(r.cues, SimulatedCuePlayer)
    assert r.key_help == KEY_HELP
    # The keyboard stands in for the buttons, delivered on the main thread.
    key(ord("r"), "r")
    assert tick_until(lambda: got.calls)
    assert got.calls == [(InputEvent.ROLL, True)]
    # Cues reach the screen on the main thread, even when played from a worker.
    worker = threading.Thread(target=r.play, args=(cues.TICK,))
    worker.start()
    worker.join()
    assert tick_until(lambda: shown.calls)
    assert shown.calls == [(cues.TICK, True)]


def test_on_a_pi_without_a_gpio_library_the_notice_says_what_failed(
    no_default_factory, open_and_close, got, monkeypatch
):
    monkeypatch.setattr(rig_module, "is_raspberry_pi", lambda: True)
    r = open_and_close(Config(), got)
    assert r.mode == "simulated"
    assert "could not be opened on this Raspberry Pi" in r.notice
    assert "lgpio" in r.notice  # gpiozero's reasons, condensed into the one message


def test_asking_for_gpio_where_there_is_none_still_gives_working_keys_and_says_so(
    no_default_factory, open_and_close, got
):
    r = open_and_close(Config(), got, simulate=False)
    assert r.mode == "simulated"
    assert r.notice.startswith("GPIO was asked for")
    key(ord("t"), "t")
    assert tick_until(lambda: got.calls)
    assert got.calls == [(InputEvent.TIMER, True)]


def test_simulate_true_does_not_touch_gpio_and_has_nothing_to_report(open_and_close, got, monkeypatch):
    def must_not_load():
        raise AssertionError("simulate=True looked for GPIO")

    monkeypatch.setattr(Device, "_default_pin_factory", staticmethod(must_not_load))
    r = open_and_close(Config(), got, simulate=True)
    assert r.mode == "simulated" and r.notice is None and r.pin_factory is None


# --- on (mock) GPIO --------------------------------------------------------

def test_auto_uses_whatever_pin_factory_gpiozero_picks_and_closes_it(
    no_default_factory, open_and_close, got, monkeypatch
):
    # gpiozero's own switch: the same one that picks lgpio on a Pi.
    monkeypatch.setenv("GPIOZERO_PIN_FACTORY", "mock")
    monkeypatch.setenv("GPIOZERO_MOCK_PIN_CLASS", "mockpwmpin")
    r = open_and_close(FAST, got)
    assert r.mode == "gpio" and r.notice is None
    assert isinstance(r.cues, CuePlayer)
    factory = r.pin_factory
    factory.pin(27).drive_low()
    assert tick_until(lambda: got.calls)
    assert got.calls == [(InputEvent.TIMER, True)]
    r.close()
    assert factory.pins == {}  # the rig loaded it, so the rig closed it



def test_a_factory_named_by_gpiozeros_variable_is_its_own_without_reading_every_packages_entry_points(
    no_default_factory, monkeypatch
):
    """GPIOZERO_PIN_FACTORY stays gpiozero's switch: each of its own names (as written or
    in any case) gives that factory, with the mock pin class its other variable names,
    straight from gpiozero's modules; a name gpiozero does not know is still its to refuse."""
    from importlib.metadata import entry_points

    import gpiozero.devices
    import gpiozero.pins.mock
    from gpiozero.exc import BadPinFactory
    from gpiozero.pins.mock import MockFactory, MockPWMPin, MockTriggerPin

    ours = {ep.name: ep.value for ep in entry_points(group="gpiozero_pin_factories")
            if ep.dist is not None and ep.dist.name == "gpiozero"}
    assert {name: f"{module}:{cls}" for name, (module, cls) in rig_module._FACTORIES.items()} == ours
    pins = {ep.name: ep.value for ep in entry_points(group="gpiozero_mock_pin_classes")}
    assert {name: f"gpiozero.pins.mock:{cls}" for name, cls in rig_module._MOCK_PINS.items()} == pins

    def must_not_search(**_):
        raise AssertionError("the entry points were searched")

    for module in (gpiozero.devices, gpiozero.pins.mock):    # where gpiozero looks them up
        monkeypatch.setattr(module, "entry_points", must_not_search)
    for name, pin_class, kind in (("mock", "mockpwmpin", MockPWMPin), ("MOCK", "MockTriggerPin", MockTriggerPin)):
        monkeypatch.setenv("GPIOZERO_PIN_FACTORY", name)
        monkeypatch.setenv("GPIOZERO_MOCK_PIN_CLASS", pin_class)
        factory, reason = rig_module._load_default_factory()
        assert reason is None and isinstance(factory, MockFactory) and factory.pin_class is kind
        factory.close()
    monkeypatch.undo()
    monkeypatch.setattr(Device, "pin_factory", None)
    monkeypatch.setenv("GPIOZERO_PIN_FACTORY", "no-such-factory")
    factory, (exc, _tried) = rig_module._load_default_factory()
    assert factory is None and isinstance(exc, BadPinFactory)


def test_a_button_pressed_on_a_gpio_thread_reaches_on_input_on_the_main_thread(
    pwm_factory, open_and_close, got  # noqa: F811
):
    r = open_and_close(FAST, got, pin_factory=pwm_factory)
    assert r.mode == "gpio" and r.notice is None
    gpio_thread = threading.Thread(target=pwm_factory.pin(17).drive_low)
    gpio_thread.start()
    gpio_thread.join()
    assert got.calls == []  # queued for the next frame, not run on the GPIO thread
    assert tick_until(lambda: got.calls)
    assert got.calls == [(InputEvent.ROLL, True)]


def test_holding_undo_on_gpio_delivers_redo_on_the_main_thread(pwm_factory, open_and_close, got):  # noqa: F811
    open_and_close(FAST, got, pin_factory=pwm_factory)
    undo = pwm_factory.pin(23)
    undo.drive_low()
    assert tick_until(lambda: got.calls)  # the hold timer fires on its own thread
    undo.drive_high()
    assert got.calls == [(InputEvent.REDO, True)]


def test_the_keyboard_works_next_to_the_gpio_buttons(pwm_factory, open_and_close, got):  # noqa: F811
    open_and_close(FAST, got, pin_factory=pwm_factory)
    pwm_factory.pin(22).drive_low()
    key(8)  # Backspace
    assert tick_until(lambda: len(got.calls) == 2)
    assert got.calls == [(InputEvent.CONFIRM, True), (InputEvent.UNDO, True)]


def test_a_cue_sounds_on_the_gpio_buzzer_and_is_shown_on_the_main_thread(
    pwm_factory, open_and_close, got, shown  # noqa: F811
):
    r = open_and_close(FAST, got, shown, pin_factory=pwm_factory)
    assert isinstance(r.cues, CuePlayer)
    buzzer_pin = pwm_factory.pin(18)
    r.play(cues.TAP)
    assert r.cues.busy  # play() returned while the cue sounds in the background
    assert r.cues.wait(timeout=1)
    assert buzzer_pin.frequency is None
    states = [s.state for s in buzzer_pin.states]
    assert 0.5 in states and states[-1] == 0  # it did buzz, and stopped
    assert tick_until(lambda: shown.calls)
    assert shown.calls == [(cues.TAP, True)]


def test_a_disabled_buzzer_on_gpio_stays_silent_but_the_cue_is_still_shown(
    pwm_factory, open_and_close, got, shown  # noqa: F811
):
    config = Config(buzzer=Buzzer(enabled=False))
    r = open_and_close(config, got, shown, pin_factory=pwm_factory)
    r.play(cues.ALARM)
    assert not r.cues.busy
    assert tick_until(lambda: shown.calls)
    assert shown.calls == [(cues.ALARM, True)]


def test_buttons_that_cannot_be_opened_fall_back_to_the_keyboard_and_say_why(
    mock_factory, open_and_close, got  # noqa: F811
):
    squatter = DigitalInputDevice(17, pin_factory=mock_factory)
    try:
        r = open_and_close(FAST, got, pin_factory=mock_factory)
        assert r.mode == "simulated"
        assert r.notice.startswith("The buttons could not be opened on GPIO")
        assert "keyboard" in r.notice
        DigitalInputDevice(27, pin_factory=mock_factory).close()  # the pins it did get were given back
    finally:
        squatter.close()


def test_a_buzzer_pin_without_pwm_keeps_the_gpio_buttons_and_beeps_on_the_speakers(
    mock_factory, open_and_close, got  # noqa: F811
):
    # Plain mock pins cannot do PWM, like a Pi on gpiozero's "native" factory.
    r = open_and_close(FAST, got, pin_factory=mock_factory)
    assert r.mode == "gpio"
    assert r.notice.startswith("The buzzer could not be opened on GPIO18")
    assert "PWM" in r.notice  # and says what to change
    assert isinstance(r.cues, SimulatedCuePlayer)
    mock_factory.pin(17).drive_low()
    assert tick_until(lambda: got.calls)
    assert got.calls == [(InputEvent.ROLL, True)]


def test_close_frees_every_pin_and_stops_input(pwm_factory, tmp_path, got):  # noqa: F811
    r = open_rig(FAST, got, pin_factory=pwm_factory, cache_dir=tmp_path)
    r.close()
    r.close()  # twice is fine
    pwm_factory.pin(17).drive_low()
    key(ord("r"), "r")
    time.sleep(0.05)
    tick_until(lambda: False, timeout=0.05)
    assert got.calls == []
    for pin in (17, 27, 22, 23):
        DigitalInputDevice(pin, pin_factory=pwm_factory).close()
    TonalBuzzer(18, pin_factory=pwm_factory).close()


def test_an_unknown_cue_name_is_refused(open_and_close, got):
    r = open_and_close(FAST, got, simulate=True)
    with pytest.raises(ValueError):
        r.play("fanfare")
