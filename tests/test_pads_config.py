"""The [pads] section of the config file."""
from companion.config import Config, Pads, parse


def test_defaults_look_for_picos_running_micropython():
    pads = Config().pads
    assert pads == Pads() and pads.enabled and pads.scan and pads.ports == () and pads.simulated == 0
    assert (pads.vid, pads.pid) == (0x2E8A, 0x0005)


def test_a_pads_section_sets_values():
    config, errors = parse("""
[pads]
enabled = true
scan = false
ports = ["/dev/serial/by-id/usb-MicroPython_Board_in_FS_mode_e6614c311b2a7e2f-if00", "/dev/cellmate/pad-*"]
vid = 0x1209
pid = 0xC311
simulated = 3
""")
    assert errors == []
    assert config.pads == Pads(True, ("/dev/serial/by-id/usb-MicroPython_Board_in_FS_mode_e6614c311b2a7e2f-if00",
                                      "/dev/cellmate/pad-*"), False, 0x1209, 0xC311, 3)
    assert config.buttons == Config().buttons


def test_each_bad_pads_key_is_named_and_keeps_its_default():
    config, errors = parse("""
[pads]
enabled = "yes"
ports = "/dev/ttyACM0"
vid = 70000
pid = -1
simulated = 9
colour = "red"
""")
    joined = "\n".join(errors)
    assert "pads.enabled: must be true or false" in joined
    assert "pads.ports: must be a list of device paths" in joined
    assert "pads.vid: must be a whole number from 0 to 65535" in joined
    assert "pads.pid: must be a whole number from 0 to 65535" in joined
    assert "pads.simulated: must be a whole number from 0 to 8" in joined
    assert "pads.colour: unknown key" in joined
    assert config == Config()
    _, errors = parse('[pads]\nports = ["/dev/ttyACM0", 3, ""]')
    assert errors and errors[0].startswith("pads.ports:")
    _, errors = parse("pads = 1")
    assert errors == ["pads: must be a [pads] table, got 1"]
