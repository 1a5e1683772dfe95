"""Hold'em hand classes: the 13×13 grid, names, combos, members, lookup
(docs/cards-and-hands.md)."""

from __future__ import annotations

from itertools import combinations

import numpy as np
import pytest

from omahanash import hands
from omahanash.cards import CardError
from omahanash.errors import InputError

GRID_RANKS = "AKQJT98765432"  # row/column order of the grid: aces first


def _expected_name(card_a: int, card_b: int) -> str:
    """Grid name of a concrete hand, straight from the card codes."""
    high, low = max(card_a, card_b), min(card_a, card_b)
    name = "23456789TJQKA"[high // 4] + "23456789TJQKA"[low // 4]
    if high // 4 == low // 4:
        return name
    return name + ("s" if high % 4 == low % 4 else "o")


@pytest.fixture(scope="module")
def all_hands() -> np.ndarray:
    return np.array(list(combinations(range(52), 2)), dtype=np.int8)


def test_grid_layout_row_major_aces_first():
    assert hands.num_classes("holdem") == 169
    for row in range(13):
        for col in range(13):
            class_id = row * 13 + col
            name = hands.class_name("holdem", class_id)
            if row == col:
                assert name == GRID_RANKS[row] * 2
                assert hands.class_group("holdem", class_id) == "pair"
            elif row < col:  # above the diagonal: suited, row = high card
                assert name == GRID_RANKS[row] + GRID_RANKS[col] + "s"
                assert hands.class_group("holdem", class_id) == "suited"
            else:  # below: offsuit, column = high card
                assert name == GRID_RANKS[col] + GRID_RANKS[row] + "o"
                assert hands.class_group("holdem", class_id) == "offsuit"
    names = [hands.class_name("holdem", i) for i in range(169)]
    assert names[:3] == ["AA", "AKs", "AQs"] and names[13:15] == ["AKo", "KK"]
    assert names[12] == "A2s" and names[156] == "A2o" and names[168] == "22"
    assert len(set(names)) == 169


def test_combos():
    combos = hands.class_combos("holdem")
    assert combos.dtype == np.int32 and int(combos.sum()) == 1326
    groups = [hands.class_group("holdem", i) for i in range(169)]
    assert {g: groups.count(g) for g in set(groups)} == {"pair": 13, "suited": 78, "offsuit": 78}
    for class_id, group in enumerate(groups):
        assert combos[class_id] == {"pair": 6, "suited": 4, "offsuit": 12}[group]


def test_every_hand_maps_to_its_name(all_hands: np.ndarray):
    ids = hands.class_ids("holdem", all_hands)
    for (a, b), class_id in zip(all_hands.tolist(), ids.tolist(), strict=True):
        assert hands.class_name("holdem", class_id) == _expected_name(a, b)
    np.testing.assert_array_equal(np.bincount(ids, minlength=169), hands.class_combos("holdem"))
    # Card order inside a row does not matter.
    np.testing.assert_array_equal(hands.class_ids("holdem", all_hands[:, ::-1]), ids)


def test_members_partition_all_hands():
    blocks = [hands.class_members("holdem", i) for i in range(169)]
    members = np.concatenate(blocks)
    assert members.dtype == np.int8 and members.shape == (1326, 2)
    assert np.all(members[:, 0] < members[:, 1])
    assert np.unique(members, axis=0).shape[0] == 1326
    owner = np.repeat(np.arange(169), [len(b) for b in blocks])
    np.testing.assert_array_equal(hands.class_ids("holdem", members), owner)
    for block in blocks:
        assert block.tolist() == sorted(block.tolist())
    assert hands.class_members("holdem", 1).tolist() == [[44, 48], [45, 49], [46, 50], [47, 51]]


@pytest.mark.parametrize(
    ("class_id", "cards"), [(0, "As Ah"), (1, "As Ks"), (13, "As Kh"), (168, "2s 2h")]
)
def test_canonical_cards(class_id: int, cards: str):
    assert hands.class_cards("holdem", class_id) == cards
    assert hands.class_of("holdem", cards) == class_id


def test_canonical_hands_round_trip():
    canonical = hands.canonical_hands("holdem")
    assert canonical.shape == (169, 2) and canonical.dtype == np.int8
    np.testing.assert_array_equal(hands.class_ids("holdem", canonical), np.arange(169))
    for class_id in range(169):
        assert hands.class_of("holdem", hands.class_cards("holdem", class_id)) == class_id


@pytest.mark.parametrize(
    ("text", "class_id"),
    [
        ("AA", 0),
        ("aa", 0),
        ("AKs", 1),
        ("aks", 1),
        ("KAs", 1),
        ("AKo", 13),
        ("ako", 13),
        ("72o", 12 * 13 + 7),  # offsuit: row of the low card (2), column of the high card (7)
        ("TT", 4 * 14),
        ("Ah Kh", 1),
        ("Kd,Ac", 13),
        ("10h 10d", 4 * 14),
        ("5", 5),
        (42, 42),
    ],
)
def test_parse_class(text, class_id: int):
    assert hands.parse_class(text, "holdem") == class_id
    assert hands.parse_class(text, "Hold'em") == class_id


@pytest.mark.parametrize(
    ("value", "error", "fragment"),
    [
        ("AK", InputError, "'AK' is ambiguous"),
        ("AAs", InputError, "'AAs'"),
        ("169", InputError, "0..168"),
        (-1, InputError, "0..168"),
        ("AKx", CardError, "'AK'"),
        ("Ah Kh Qh", CardError, "expected 2"),
        ("Ah Ah", CardError, "'Ah'"),
    ],
)
def test_parse_class_errors(value, error, fragment):
    with pytest.raises(error) as info:
        hands.parse_class(value, "holdem")
    assert fragment in str(info.value)


def test_class_ids_rejects_bad_rows():
    with pytest.raises(InputError, match=r"hand 1 \[7, 7\]"):
        hands.class_ids("holdem", np.array([[0, 1], [7, 7]]))
    with pytest.raises(InputError, match=r"\(n, 2\)"):
        hands.class_ids("holdem", np.array([[0, 1, 2]]))
