import random

import pytest

from companion.dice import check_face, histogram, roll_d6


def test_rolls_are_faces_of_a_d6_and_all_faces_come_up():
    faces = [roll_d6() for _ in range(600)]
    assert set(faces) == {1, 2, 3, 4, 5, 6}


def test_rolls_are_fair_enough():
    # chi-square over 6000 rolls of a seeded generator; 20.5 is p=0.001 at 5 dof
    rng = random.Random(7)
    counts = histogram(roll_d6(rng) for _ in range(6000))
    chi2 = sum((c - 1000) ** 2 / 1000 for c in counts.values())
    assert chi2 < 20.5


@pytest.mark.parametrize("bad", [0, 7, -1, 2.5, "3", True, None])
def test_hand_entered_faces_must_be_one_to_six(bad):
    with pytest.raises(ValueError):
        check_face(bad)


def test_histogram_counts_every_face_including_zeros():
    assert histogram([6, 6, 1]) == {1: 1, 2: 0, 3: 0, 4: 0, 5: 0, 6: 2}
