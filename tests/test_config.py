from companion.config import Config, load, parse


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
