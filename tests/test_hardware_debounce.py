"""Debouncer: bouncing edge sequences with explicit timestamps, and properties."""
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from hardware.debounce import Debouncer, Press, Release

W = 0.030  # the default 30 ms window


def run(debouncer, edges):
    out = []
    for pressed, at in edges:
        out += debouncer.feed(pressed, at)
    return out


def presses(changes):
    return [c for c in changes if isinstance(c, Press)]


def test_a_clean_press_and_release_are_reported_at_their_edges():
    d = Debouncer(W)
    assert d.feed(True, 1.0) == [Press(1.0)]
    assert d.pressed
    changes = d.feed(False, 1.25)
    assert changes == [Release(1.25, pytest.approx(0.25))]
    assert not d.pressed


def test_a_bouncing_press_is_one_press_reported_on_first_contact():
    d = Debouncer(W)
    edges = [(True, 0.0), (False, 0.002), (True, 0.003), (False, 0.007), (True, 0.009)]
    assert run(d, edges) == [Press(0.0)]
    assert d.settle(0.05, True) == []
    assert d.pressed


def test_a_bouncing_release_is_one_release():
    d = Debouncer(W)
    d.feed(True, 0.0)
    edges = [(False, 0.5), (True, 0.501), (False, 0.503), (True, 0.504), (False, 0.510)]
    assert run(d, edges) == [Release(0.5, pytest.approx(0.5))]
    assert d.settle(0.6, False) == []


def test_two_presses_further_apart_than_the_window_are_two():
    d = Debouncer(W)
    edges = [(True, 0.0), (False, 0.1), (True, 0.2), (False, 0.3)]
    assert presses(run(d, edges)) == [Press(0.0), Press(0.2)]


def test_a_tap_shorter_than_the_window_is_released_by_settle_and_the_next_press_counts():
    d = Debouncer(W)
    d.feed(True, 0.0)
    assert d.feed(False, 0.010) == []  # inside the window: not taken yet
    assert d.pressed and d.pending
    assert d.settle(0.020, False) == []  # still inside the window
    assert d.settle(d.quiet_at, False) == [Release(0.010, pytest.approx(0.010))]
    assert not d.pressed and not d.pending
    assert d.feed(True, 0.5) == [Press(0.5)]


def test_without_settle_the_next_press_still_counts_and_the_release_comes_first():
    d = Debouncer(W)
    d.feed(True, 0.0)
    d.feed(False, 0.010)
    assert d.feed(True, 0.5) == [Release(0.010, pytest.approx(0.010)), Press(0.5)]


def test_settle_with_the_pin_level_recovers_a_missed_release_edge():
    d = Debouncer(W)
    d.feed(True, 0.0)
    # The driver dropped the release edge; the timer reads the pin: it is up.
    assert d.settle(0.4, False) == [Release(0.4, pytest.approx(0.4))]
    assert d.feed(True, 0.6) == [Press(0.6)]


def test_a_press_inside_the_lockout_after_a_release_is_taken_when_the_window_ends():
    d = Debouncer(W)
    d.feed(True, 0.0)
    d.feed(False, 0.1)  # release accepted, lockout to 0.13
    assert d.feed(True, 0.11) == []
    assert d.settle(0.131, True) == [Press(0.11)]


def test_held_for_measures_the_current_press():
    d = Debouncer(W)
    assert d.held_for(1.0) is None
    d.feed(True, 1.0)
    assert d.held_for(1.8) == pytest.approx(0.8)
    d.feed(False, 2.0)
    assert d.held_for(2.5) is None


def test_a_zero_window_takes_every_edge_and_a_negative_one_is_refused():
    d = Debouncer(0)
    changes = run(d, [(True, 0.0), (False, 0.0001), (True, 0.0002)])
    assert [type(c) for c in changes] == [Press, Release, Press]
    with pytest.raises(ValueError):
        Debouncer(-0.01)


# --- properties ------------------------------------------------------------

windows = st.floats(min_value=0.005, max_value=0.2)


@st.composite
def burst(draw):
    """A press that bounces: alternating edges, all inside the window after the first."""
    window = draw(windows)
    start = draw(st.floats(min_value=0, max_value=1000))
    offsets = sorted({off for off in draw(st.lists(st.floats(min_value=0, max_value=window * 0.99), max_size=20)) if off > 0})
    edges = [(True, start)] + [(i % 2 == 1, start + off) for i, off in enumerate(offsets)]
    return window, start, edges


@settings(max_examples=300, deadline=None)
@given(burst())
def test_any_bounce_burst_shorter_than_the_window_is_exactly_one_press(case):
    window, start, edges = case
    d = Debouncer(window)
    changes = run(d, edges)
    final = edges[-1][0]
    changes += d.settle(start + window, final)
    assert presses(changes) == [Press(start)]
    # ...and it ends up in the state the pin really shows: never stuck down.
    assert d.pressed == final
    # The button still works afterwards.
    later = start + 3 * window
    if d.pressed:
        assert isinstance(d.feed(False, later)[0], Release)
    else:
        assert d.feed(True, later) == [Press(later)]


@st.composite
def bouncy_presses(draw):
    """Presses held and spaced at least one window, each edge with its own bounce."""
    window = draw(windows)
    count = draw(st.integers(min_value=1, max_value=6))
    t = 0.0
    edges, holds = [], []
    for _ in range(count):
        t += draw(st.floats(min_value=window * 1.01, max_value=window * 20))  # gap before
        press_at = t
        hold = draw(st.floats(min_value=window * 1.01, max_value=window * 20))
        holds.append(hold)
        for level, at in ((True, press_at), (False, press_at + hold)):
            edges.append((level, at))
            bounces = draw(st.lists(st.floats(min_value=0, max_value=window * 0.99), max_size=6))
            for i, off in enumerate(sorted({off for off in bounces if off > 0})):
                edges.append((level if i % 2 else not level, at + off))
            if edges[-1][0] != level:  # a burst always ends at the intended level
                edges.append((level, at + window * 0.995))
        t = press_at + hold
    return window, edges, holds


@settings(max_examples=200, deadline=None)
@given(bouncy_presses())
def test_bouncing_presses_apart_by_more_than_the_window_are_all_counted_with_their_hold(case):
    window, edges, holds = case
    d = Debouncer(window)
    changes = run(d, edges)
    changes += d.settle(edges[-1][1] + window, False)
    assert len(presses(changes)) == len(holds)
    releases = [c for c in changes if isinstance(c, Release)]
    assert [r.held for r in releases] == pytest.approx(holds)


@settings(max_examples=300, deadline=None)
@given(
    st.floats(min_value=0.001, max_value=0.1),
    st.lists(st.tuples(st.booleans(), st.floats(min_value=0, max_value=0.5)), max_size=40),
)
def test_any_edge_sequence_alternates_and_ends_in_the_pins_level(window, raw):
    d = Debouncer(window)
    t, edges = 0.0, []
    for level, gap in raw:
        t += gap
        edges.append((level, t))
    changes = run(d, edges)
    final = edges[-1][0] if edges else False
    changes += d.settle(t + window, final)
    kinds = [type(c) for c in changes]
    assert kinds == [Press, Release] * (len(kinds) // 2) + [Press] * (len(kinds) % 2)
    assert d.pressed == final
