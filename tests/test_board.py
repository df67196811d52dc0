"""The board as data (companion/board.py): the seats round the table."""
import math

import pytest

from companion.board import Board, SeatView, Table, round_table


@pytest.mark.parametrize("players", [3, 4, 5, 6, 8])
def test_the_seats_sit_clockwise_round_the_table_from_the_bottom_evenly_spaced(players):
    table = round_table(players, turn=1)
    assert len(table.places) == players and table.turn == 1
    assert table.places[0] == (0.0, -1.0)                            # the first seat at the bottom
    assert all(math.isclose(math.hypot(x, y), 1.0) for x, y in table.places)
    angles = [math.atan2(y, x) for x, y in table.places]
    for here, after in zip(angles, angles[1:] + angles[:1]):
        # clockwise seen from above (x right, y up): the angle falls by a full turn / players each seat
        assert math.isclose((here - after) % (2 * math.pi), 2 * math.pi / players)
    assert table.places[1][0] < 0        # the next seat is to the first one's left: the turn passes left


def test_a_table_that_does_not_match_the_seats_is_a_problem():
    assert Board(table=round_table(4)).problems(4) == []
    assert Board(table=round_table(4)).problems(5) == ["the table has 4 places for 5 seats"]
    assert Board(table=Table(round_table(4).places, turn=4)).problems(4) == ["the table's turn at seat 4"]


def test_short_counts_go_one_for_one_with_the_counts():
    good = SeatView(0, counts=(("in hand", 4), ("Items", 0)), short=("4 cards", "0 Items"))
    assert Board(seats=(good,)).problems(1) == []
    bad = SeatView(0, counts=(("in hand", 4), ("Items", 0)), short=("4 cards",))
    assert Board(seats=(bad,)).problems(1) == ["seat view 0 says 1 short counts for 2"]
