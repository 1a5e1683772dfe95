"""Hand groups partition the classes and are what their range text says."""

from __future__ import annotations

import numpy as np
import pytest

from omahanash.hands import class_combos, num_classes
from omahanash.ranges import parse_range
from omahanash.trainer.groups import group_index, group_names, group_of, hand_groups, stack_band


@pytest.mark.parametrize("variant", ["holdem", "omaha-hi"])
def test_every_class_has_one_group(variant):
    index = group_index(variant)
    assert index.shape == (num_classes(variant),)
    assert index.min() >= 0 and index.max() < len(group_names(variant))
    combos = class_combos(variant)
    assert sum(combos[index == k].sum() for k in range(len(group_names(variant)))) \
        == combos.sum()


@pytest.mark.parametrize("variant", ["holdem", "omaha-hi"])
def test_a_class_is_in_the_first_group_whose_range_holds_it(variant):
    index = group_index(variant)
    taken = np.zeros(num_classes(variant), dtype=bool)
    for number, (_, text) in enumerate(hand_groups(variant)):
        members = (parse_range(text, variant).weights > 0) & ~taken
        assert np.array_equal(index == number, members), text
        taken |= members


@pytest.mark.parametrize(("variant", "hand", "group"), [
    ("holdem", "As Ah", "pairs TT+"), ("holdem", "2c 2d", "pairs 22-99"),
    ("holdem", "Ks Qs", "suited K"), ("holdem", "9h 8h", "suited T and lower"),
    ("holdem", "Jd 2c", "offsuit J"), ("omaha-hi", "As Ad Ks Kd", "aces"),
    ("omaha-hi", "Kc Kd 8s 3h", "pairs"), ("omaha-hi", "Js Ts 9d 8d", "rundowns"),
    ("omaha-hi", "Ks Qs 5d 4d", "double-suited"), ("omaha-hi", "Kh Qh 5c 4d", "single-suited"),
    ("omaha-hilo", "Kh Qs 5c 3d", "rainbow"),
    ("omaha-hi", "Kh Qh 5h 3d", "three or four of a suit"),
])
def test_known_hands(variant, hand, group):
    assert group_of(variant, hand) == group


def test_stack_bands():
    assert [stack_band(s) for s in (2, 5, 5.5, 10, 11, 30)] == \
        ["1-5 bb", "1-5 bb", "6-10 bb", "6-10 bb", "11-15 bb", "26-30 bb"]
