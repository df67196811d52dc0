"""The table drawn round the seats (ui/seating.py): the chips clockwise on the
oval, apart, and every piece's tag beside its own seat's chip, in every place
the Soap, the Guard and the gun can be, for 3 to 6 seats. Pure geometry; the
drawing itself: tests/test_ui_snitch_table.py."""
import math

import pytest

from companion.board import round_table
from ui.seating import CHIP, belongs, chip_boxes, overlap, place_tags, table_height

WIDTH = 306      # the middle column at 800x480

# the tags as drawn at 24 px (text + 12 px wide, + 2 px high; over two lines past 124 px of text)
TAGS = {"en": {"soap": (68, 31), "cuffs": (133, 31), "guard": (77, 31), "gun": (54, 31)},     # "cuffs down"
        "de": {"soap": (67, 31), "cuffs": (106, 60), "guard": (85, 31), "gun": (85, 31)}}     # "Schellen / verdeckt"


def around(boxes):
    """The box round a seat's tags."""
    left, bottom = min(b[0] for b in boxes), min(b[1] for b in boxes)
    return left, bottom, max(b[0] + b[2] for b in boxes) - left, max(b[1] + b[3] for b in boxes) - bottom


def middle(box):
    return box[0] + box[2] / 2, box[1] + box[3] / 2


def blocks(seats, sizes):
    """Every way the pieces can lie: the Soap (with the handcuffs while the Schemes
    are played, else the gun somewhere), the Guard anywhere or gone: (seat, its tags' sizes)."""
    for soap in range(seats):
        for guard in [None, *range(seats)]:
            for gun in [None, *range(seats)]:
                at: dict[int, list] = {soap: [sizes["soap"]] + ([sizes["cuffs"]] if gun is None else [])}
                if guard is not None:
                    at.setdefault(guard, []).append(sizes["guard"])
                if gun is not None:
                    at.setdefault(gun, []).append(sizes["gun"])
                yield list(at.items())


@pytest.mark.parametrize("seats", [3, 4, 5, 6])
def test_the_chips_go_clockwise_round_the_oval_from_the_bottom_without_touching(seats):
    height = table_height(seats)
    chips = chip_boxes(round_table(seats).places, WIDTH, height, CHIP, 4)
    centre = (WIDTH / 2, height / 2)
    angles = [math.atan2(middle(c)[1] - centre[1], middle(c)[0] - centre[0]) for c in chips]
    assert middle(chips[0])[1] < centre[1] and abs(middle(chips[0])[0] - centre[0]) < 1     # the first at the bottom
    turns = [(angles[i] - angles[i + 1]) % (2 * math.pi) for i in range(seats - 1)]
    assert all(0 < turn < math.pi for turn in turns)                                        # each next one clockwise
    assert sum(turns) < 2 * math.pi
    assert middle(chips[1])[0] < centre[0]              # the second to the first one's left, as the turn passes
    for i, a in enumerate(chips):
        assert 0 <= a[0] and a[0] + a[2] <= WIDTH and 0 <= a[1] and a[1] + a[3] <= height
        assert not any(overlap(a, b) for b in chips[i + 1:])


@pytest.mark.parametrize("lang", ["en", "de"])
@pytest.mark.parametrize("seats", [3, 4, 5, 6])
def test_every_tag_finds_room_beside_its_own_chip_wherever_the_pieces_lie(seats, lang):
    height = table_height(seats)
    chips = chip_boxes(round_table(seats).places, WIDTH, height, CHIP, 4)
    for tags in blocks(seats, TAGS[lang]):
        placed = place_tags(chips, tags, WIDTH, height, 4, 10)
        every = [(seat, box) for (seat, _), boxes in zip(tags, placed) for box in boxes]
        assert [box[2:] for _, box in every] == [size for _, sizes in tags for size in sizes]
        for i, (seat, box) in enumerate(every):
            where = f"{seats} seats, {tags}: a tag of seat {seat} at {box}"
            assert 0 <= box[0] and box[0] + box[2] <= WIDTH and 0 <= box[1] and box[1] + box[3] <= height, where
            assert not any(overlap(box, chip) for chip in chips), where
            assert not any(overlap(box, other) for _, other in every[i + 1:]), where
        for (seat, _), boxes in zip(tags, placed):
            assert belongs(chips, around(boxes), seat), f"{seats} seats, {tags}: seat {seat}'s tags at {boxes}"
