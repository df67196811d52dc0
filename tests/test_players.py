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


# -- names are checked and normalised on the way in (issue 11, item 1) -----------------------------
@pytest.mark.parametrize("name, reason", [
    ("\ud800", "cannot be shown"),                 # an unpaired surrogate: cannot even be written out
    ("Ann\ud83d", "cannot be shown"),
    ("Ann\x07", "cannot be shown"),                # a control character
    ("Ann\nBob", "cannot be shown"),
    ("\u202eevil", "cannot be shown"),             # turns the text around
    ("Ann\u2028", "cannot be shown"),
    ("\ufdd0", "cannot be shown"),                 # a noncharacter
    ("\u200b\u200b", "needs a name"),              # only invisible characters
    ("\u3164", "needs a name"),
    ("\u00a0 \u2003", "needs a name"),
    ("A\u0301\u0302\u0303\u0304\u0305", "too many accents"),
    (["Ann"], "must be a name"),
    (5, "must be a name"),
    ("x" * 21, "longer than 20"),
])
def test_a_name_that_cannot_be_shown_is_refused_with_what_to_fix(name, reason):
    with pytest.raises(TableError, match=reason):
        make_table([{"name": name}, "Bob"])


def test_names_are_normalised_so_the_same_name_is_stored_one_way():
    table = make_table(["  Zoe\u0308  ", "Ren\u00e9e", "Mary   Ann", "\U0001F468\u200d\U0001F373 Chef"])
    assert [p["name"] for p in table] == ["Zo\u00eb", "Ren\u00e9e", "Mary Ann", "\U0001F468\u200d\U0001F373 Chef"]
    assert make_table(["e\u0301" * 20, "Bob"])[0]["name"] == "\u00e9" * 20   # 20 letters once composed


@pytest.mark.parametrize("pair", [["Ann", "\uff21nn"], ["Zoe\u0308", "zo\u00eb"]])
def test_names_that_only_look_different_in_the_computer_are_the_same_name(pair):
    with pytest.raises(TableError, match="different names"):
        make_table(pair)


@pytest.mark.parametrize("entry, reason", [
    ({"name": "Ann", "colour": ["blue"]}, "unknown colour"),
    ({"name": "Ann", "colour": {"x": 1}}, "unknown colour"),
    ({"name": "Ann", "letter": ["A"]}, "one letter or digit"),
    ({"name": "Ann", "letter": "\x07"}, "one letter or digit"),
    ({"name": "Ann", "letter": "\ud800"}, "one letter or digit"),
])
def test_a_colour_or_letter_of_the_wrong_kind_is_refused_not_a_crash(entry, reason):
    with pytest.raises(TableError, match=reason):
        make_table([entry, "Bob"])


def test_a_digit_letter_may_be_given_as_a_number():
    assert make_table([{"name": "Ann", "letter": 1}, "Bob"])[0]["letter"] == "1"


def test_every_colour_has_its_own_shape():
    from companion.players import COLOUR_SHAPE
    assert set(COLOUR_SHAPE) == set(COLOUR_NAMES)
    assert len(set(COLOUR_SHAPE.values())) == len(COLOUR_NAMES)   # no two seats share a silhouette
