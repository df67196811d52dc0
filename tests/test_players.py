import pytest
from hypothesis import given, strategies as st

from companion.players import COLOUR_NAMES, TableError, left_of, make_table, right_of


def test_names_get_distinct_colours_and_letters():
    table = make_table(["Ann", "Bob", "Alice"])
    assert [p["name"] for p in table] == ["Ann", "Bob", "Alice"]
    assert len({p["colour"] for p in table}) == 3
    assert [p["letter"] for p in table] == ["A", "B", "L"]  # Alice cannot have A again


def test_chosen_colour_and_letter_are_kept():
    table = make_table([{"name": "Ann", "colour": "blue", "letter": "x"}, "Bob"])
    assert table[0] == {"name": "Ann", "colour": "blue", "letter": "X"}
    assert table[1]["colour"] != "blue"


@pytest.mark.parametrize("players, reason", [
    (["Solo"], "2 to 8"),
    ([f"P{i}" for i in range(9)], "2 to 8"),
    (["Ann", "ann"], "different names"),
    (["Ann", "  "], "needs a name"),
    ([{"name": "Ann", "colour": "pink"}, "Bob"], "unknown colour"),
    ([{"name": "Ann", "colour": "blue"}, {"name": "Bob", "colour": "blue"}], "same colour"),
    (["A" * 21, "Bob"], "longer"),
])
def test_bad_tables_say_what_to_fix(players, reason):
    with pytest.raises(TableError, match=reason):
        make_table(players)


def test_eight_players_use_the_whole_palette():
    table = make_table([f"Player {i}" for i in range(1, 9)])
    assert sorted(p["colour"] for p in table) == sorted(COLOUR_NAMES)
    assert len({p["letter"] for p in table}) == 8


@given(st.integers(2, 8), st.data())
def test_left_is_next_clockwise_and_right_undoes_it(count, data):
    seat = data.draw(st.integers(0, count - 1))
    assert left_of(seat, count) == (seat + 1) % count
    assert right_of(left_of(seat, count), count) == seat
