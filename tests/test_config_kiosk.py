"""The config the kiosk install writes, and every key's validation with a bad file."""
import re
import tomllib
from dataclasses import fields
from pathlib import Path

import pytest

from companion.config import CHECKS, Config, load, parse

TEMPLATE = Path(__file__).resolve().parents[1] / "scripts" / "pi" / "config.toml"


def flat(raw: dict, prefix: str = "") -> dict:
    out = {}
    for key, value in raw.items():
        if isinstance(value, dict):
            out.update(flat(value, f"{key}."))
        else:
            out[prefix + key] = value
    return out


def test_the_kiosk_config_is_valid_and_names_every_key():
    config, errors = load(TEMPLATE)
    assert errors == []
    keys = set(flat(tomllib.loads(TEMPLATE.read_text())))
    assert keys == set(CHECKS), f"missing: {set(CHECKS) - keys}; unknown: {keys - set(CHECKS)}"


def test_the_kiosk_config_holds_the_defaults_but_the_kiosk_ones():
    config, _ = load(TEMPLATE)
    default = Config()
    assert config.data_dir == "/var/lib/cellmate"          # the service's only writable place
    assert config.display.fullscreen is True
    for f in fields(Config):
        if f.name in ("data_dir", "display"):
            continue
        assert getattr(config, f.name) == getattr(default, f.name), f.name
    assert (config.display.width, config.display.height) == (default.display.width, default.display.height)


@pytest.mark.parametrize("key", sorted(CHECKS))
def test_a_bad_value_is_named_with_its_key_and_reason_and_keeps_the_default(key, tmp_path):
    section, _, name = key.rpartition(".")
    text = f"[{section}]\n{name} = {{ x = 1 }}\n" if section else f"{name} = {{ x = 1 }}\n"
    path = tmp_path / "config.toml"
    path.write_text(text)
    config, errors = load(path)
    assert len(errors) == 1, errors
    assert re.match(rf"{re.escape(key)}: must be .+; using the default$", errors[0]), errors[0]
    assert config == Config()


@pytest.mark.parametrize("section", sorted({k.split(".")[0] for k in CHECKS if "." in k}))
def test_an_unknown_key_in_each_section_is_named(section):
    _, errors = parse(f"[{section}]\nno_such_key = 1\n")
    assert errors == [f"{section}.no_such_key: unknown key"]
