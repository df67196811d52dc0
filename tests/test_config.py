import os
import subprocess
import sys
from pathlib import Path

import pytest
from hardware_fixtures import drain_clock, pwm_factory, tick_until  # noqa: F401

from companion.config import Config, load, parse
from companion.inputs import InputEvent


def test_missing_file_means_defaults(tmp_path):
    config, errors = load(tmp_path / "nope.toml")
    assert config == Config() and errors == []


def test_valid_file_sets_values():
    config, errors = parse("""
language = "de"
[buttons]
roll = 5
undo = "none"
debounce_ms = 50
[buzzer]
type = "active"
[timer]
seconds = 15
""")
    assert errors == []
    assert config.language == "de"
    assert config.buttons.roll == 5 and config.buttons.undo is None and config.buttons.debounce_ms == 50
    assert config.buzzer.type == "active" and config.timer.seconds == 15
    assert config.buttons.timer == Config().buttons.timer  # untouched keys keep defaults


def test_each_bad_key_is_named_with_its_reason_and_keeps_its_default():
    config, errors = parse("""
language = "fr"
colour = 3
[buttons]
roll = 40
debounce_ms = "fast"
[buzzer]
type = "loud"
enabled = "yes"
""")
    joined = "\n".join(errors)
    assert "language: must be one of en, de, got 'fr'" in joined
    assert "colour: unknown key" in joined
    assert "buttons.roll: must be a BCM GPIO number" in joined
    assert "buttons.debounce_ms: must be a whole number from 1 to 500" in joined
    assert "buzzer.type: must be one of tonal, active" in joined
    assert "buzzer.enabled: must be true or false" in joined
    assert config == Config()


def test_broken_toml_is_reported_and_defaults_used():
    config, errors = parse("[buttons\nroll = ")
    assert config == Config()
    assert len(errors) == 1 and "not valid TOML" in errors[0]


def test_unreadable_file_is_reported(tmp_path):
    path = tmp_path / "config.toml"
    path.write_bytes(b"\xff\xfe\x00bad")
    config, errors = load(path)
    assert config == Config() and "cannot be read" in errors[0]


def test_section_that_is_not_a_table():
    _, errors = parse('buttons = 3')
    assert errors == ["buttons: must be a [buttons] table, got 3"]


# --- loading never fails ------------------------------------------------------------

def only_error(errors):
    assert len(errors) == 1, errors
    return errors[0]


@pytest.mark.parametrize("nested", ["a = " + "[" * 100_000, "a = " + "{ b = " * 100_000],
                         ids=["arrays", "inline tables"])
def test_a_deeply_nested_file_is_one_clear_problem_not_a_crash(tmp_path, nested):
    path = tmp_path / "config.toml"
    path.write_text(nested)
    config, errors = load(path)
    assert config == Config()
    error = only_error(errors)
    assert error.startswith("config file is not valid TOML (") and error.endswith("; using all defaults")
    assert "nested too deeply" in error


def test_a_number_with_too_many_digits_is_one_clear_problem():
    config, errors = parse("[buttons]\nroll = 1" + "0" * 5000 + "\n")
    assert config == Config()
    assert only_error(errors) == ("config file is not valid TOML (a number in it has more than 4300 digits); "
                                  "using all defaults")


@pytest.mark.parametrize("key", ["buttons.roll", "data_dir", "language", "timer.seconds", "pads.ports"])
def test_a_huge_hex_number_is_named_with_its_key(key):
    section, _, name = key.rpartition(".")
    value = "0x" + "f" * 5000
    config, errors = parse(f"[{section}]\n{name} = {value}\n" if section else f"{name} = {value}\n")
    assert config == Config()
    error = only_error(errors)
    assert error.startswith(f"{key}: must be ") and "a number of about 6021 digits" in error
    assert error.endswith("; using the default")


def test_a_long_bad_value_is_shortened_in_its_message():
    _, errors = parse("[pads]\nports = [" + ", ".join(["1"] * 100_000) + "]\n")
    error = only_error(errors)
    assert error.startswith("pads.ports: must be a list of device paths (text), got [1, 1, ")
    assert len(error) < 200 and "...; using the default" in error


def test_a_value_nested_deep_inside_a_key_is_reported():
    _, errors = parse("[buttons]\nroll = " + "[" * 300 + "]" * 300 + "\n")
    error = only_error(errors)
    assert error.startswith("buttons.roll: must be a BCM GPIO number") and error.endswith("; using the default")


def test_an_unknown_key_with_odd_characters_is_shown_escaped():
    _, errors = parse('"a\\u0000\\nb" = 1\n' + '"' + "k" * 500 + '" = 2\n')
    assert errors[0] == "'a\\x00\\nb': unknown key"
    assert errors[1].startswith("'kkk") and errors[1].endswith("...: unknown key") and len(errors[1]) < 120


@pytest.mark.parametrize("escape", ["\\u0000", "\\n", "\\t", "\\u001b", "\\u007f"])
def test_a_control_character_in_data_dir_is_refused_and_the_default_kept(escape):
    config, errors = parse(f'data_dir = "/tmp/a{escape}b"')
    assert config.data_dir == ""
    error = only_error(errors)
    assert error.startswith("data_dir: must be a folder path without control characters")
    assert error.endswith("; using the default")


def test_a_data_dir_too_long_for_the_file_system_is_refused():
    config, errors = parse(f'data_dir = "/tmp/{"a" * 300}"')
    assert config.data_dir == ""
    assert only_error(errors).startswith("data_dir: must be a folder path of at most")
    config, errors = parse('data_dir = "/tmp/' + "/".join(["a" * 200] * 30) + '"')
    assert config.data_dir == "" and len(errors) == 1
    config, errors = parse('data_dir = "/var/lib/cellmate-\u00e9t\u00e9"')   # not ASCII is fine
    assert errors == [] and config.data_dir == "/var/lib/cellmate-\u00e9t\u00e9"


def test_a_control_character_in_a_pad_port_is_refused():
    config, errors = parse('[pads]\nports = ["/dev/ttyACM0", "/dev/tty\\u0000x"]\n')
    assert config.pads.ports == ()
    assert only_error(errors).startswith("pads.ports: must be a list of device paths (text) without control")


def test_a_pin_used_twice_is_named_and_the_later_button_left_unconnected():
    config, errors = parse("[buttons]\nroll = 17\ntimer = 17\n")
    assert errors == ["buttons.timer: GPIO 17 is already used by buttons.roll; buttons.timer is left unconnected"]
    assert config.buttons.roll == 17 and config.buttons.timer is None
    assert (config.buttons.confirm, config.buttons.undo, config.buzzer.pin) == (22, 23, 18)


def test_the_first_key_in_order_keeps_the_pin_whichever_line_comes_first():
    config, errors = parse("[buzzer]\npin = 22\n[buttons]\nundo = 22\nconfirm = 22\n")
    assert errors == [
        "buttons.undo: GPIO 22 is already used by buttons.confirm; buttons.undo is left unconnected",
        "buzzer.pin: GPIO 22 is already used by buttons.confirm; buzzer.pin is left unconnected",
    ]
    assert config.buttons.confirm == 22 and config.buttons.undo is None and config.buzzer.pin is None


def test_a_pin_moved_onto_another_buttons_default_names_that_button():
    config, errors = parse("[buttons]\nroll = 27\n")
    assert errors == ["buttons.timer: GPIO 27 is already used by buttons.roll; buttons.timer is left unconnected"]
    assert config.buttons.roll == 27 and config.buttons.timer is None


def test_buttons_not_fitted_never_clash():
    config, errors = parse('[buttons]\nroll = "none"\ntimer = "none"\n[buzzer]\npin = "none"\n')
    assert errors == [] and config.buttons.roll is None and config.buttons.timer is None


def test_with_a_pin_clash_the_other_buttons_still_work_on_gpio(pwm_factory, tmp_path):  # noqa: F811
    from hardware.rig import open_rig

    drain_clock()
    got = []
    config, _ = parse("[buttons]\nroll = 17\ntimer = 17\ndebounce_ms = 20\n[buzzer]\npin = 22\n")
    rig = open_rig(config, got.append, pin_factory=pwm_factory, cache_dir=tmp_path)
    try:
        assert rig.mode == "gpio" and rig.notice is None
        assert rig.buttons.pins == {InputEvent.ROLL: 17, InputEvent.CONFIRM: 22, InputEvent.UNDO: 23}
        pwm_factory.pin(17).drive_low()
        assert tick_until(lambda: got)
        assert got == [InputEvent.ROLL]
    finally:
        rig.close()


def test_a_file_starting_with_a_byte_order_mark_is_read(tmp_path):
    path = tmp_path / "config.toml"
    path.write_bytes(b"\xef\xbb\xbf" + 'language = "de"\n[buttons]\nroll = 5\n'.encode())
    config, errors = load(path)
    assert errors == []
    assert config.language == "de" and config.buttons.roll == 5


def test_a_folder_given_as_the_config_file_is_named(tmp_path):
    config, errors = load(tmp_path)
    assert config == Config()
    assert only_error(errors) == f"config file {tmp_path} is a folder, not a file; using all defaults"


def test_a_file_that_is_not_utf8_says_where(tmp_path):
    path = tmp_path / "config.toml"
    path.write_bytes(b'language = "d\xe9"\n')               # Latin-1, as an old editor saves it
    config, errors = load(path)
    assert config == Config()
    assert only_error(errors) == (f"config file {path} cannot be read: it is not UTF-8 text "
                                  "(byte 0xe9 at position 13); using all defaults")


def test_a_config_path_the_system_refuses_is_reported(tmp_path):
    for path in (tmp_path / "a\x00b.toml", tmp_path / ("a" * 300 + ".toml")):
        config, errors = load(path)
        assert config == Config()
        assert only_error(errors).startswith("config file ") and "cannot be read" in errors[0]


def test_a_huge_file_is_refused_without_reading_it_all(tmp_path):
    path = tmp_path / "config.toml"
    path.write_text("# " + "x" * (2 << 20) + "\n")
    config, errors = load(path)
    assert config == Config()
    assert only_error(errors) == (f"config file {path} is too big (over 1 MiB; a config is a few lines); "
                                  "using all defaults")


def test_a_huge_hex_number_inside_a_list_is_reported():
    config, errors = parse("[pads]\nports = [1, 0x" + "f" * 5000 + "]\n")
    assert config == Config()
    assert only_error(errors) == ("pads.ports: must be a list of device paths (text), got a list holding a number "
                                  "too long to show; using the default")


@pytest.mark.parametrize("make, kind", [(os.mkfifo, "a named pipe (FIFO)"), (None, "a device")])
def test_a_config_path_that_is_not_a_file_is_refused_at_once(tmp_path, make, kind):
    """A FIFO nobody writes to made the app and the doctor wait forever; a device is never read."""
    path = tmp_path / "config.toml"
    if make is None:
        path.symlink_to("/dev/zero")            # (a link to it: the link is followed and looked at)
    else:
        make(path)
    done = subprocess.run([sys.executable, "-c", "import sys\nfrom companion.config import load\n"
                           "print(load(sys.argv[1])[1])", str(path)], capture_output=True, text=True, timeout=10,
                          cwd=Path(__file__).resolve().parent.parent)
    assert done.stdout.strip() == repr([f"config file {path} is not a file but {kind}; using all defaults"])
