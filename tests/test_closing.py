"""companion.closing: `with thing:` gives the thing and closes it at the end, on an error too."""
import pytest

from companion.closing import Closing


class Thing(Closing):
    def __init__(self):
        self.closed = 0

    def close(self):
        self.closed += 1


def test_with_gives_the_thing_and_closes_it_at_the_end():
    thing = Thing()
    with thing as got:
        assert got is thing and thing.closed == 0
    assert thing.closed == 1


def test_an_error_in_the_block_closes_the_thing_and_goes_on():
    thing = Thing()
    with pytest.raises(KeyError):
        with thing:
            raise KeyError("pin")
    assert thing.closed == 1


def test_the_hardware_that_holds_pins_or_threads_closes_this_way():
    from hardware.buttons import ButtonPanel
    from hardware.buzzer import CuePlayer
    from hardware.pads.driver import PadHub
    from hardware.rig import Rig
    from hardware.speaker import Speaker

    assert all(issubclass(cls, Closing) for cls in (ButtonPanel, CuePlayer, PadHub, Rig, Speaker))
