"""Omaha hand classes: thesis numbering, counts, members, lookup (docs/cards-and-hands.md)."""

from __future__ import annotations

import math
from collections import Counter
from itertools import combinations, combinations_with_replacement, permutations

import numpy as np
import pytest
from hypothesis import given
from hypothesis import strategies as st
from numba import njit

from omahanash import hands
from omahanash.cards import CardError, format_cards, parse_cards
from omahanash.errors import InputError
from omahanash.hands import holdem, omaha

GROUPS = [
    ("aaaa", 715, 2860),
    ("aaab", 3718, 44616),
    ("aabb", 3081, 36504),
    ("aabc", 7098, 158184),
    ("abcd", 1820, 28561),
]


@pytest.fixture(scope="module")
def all_hands() -> np.ndarray:
    """All C(52, 4) hands, rows ascending, in lexicographic order."""
    return np.array(list(combinations(range(52), 4)), dtype=np.int8)


@pytest.fixture(scope="module")
def all_ids(all_hands: np.ndarray) -> np.ndarray:
    return hands.class_ids("omaha", all_hands)


def test_counts_per_group_and_total():
    assert hands.num_classes("omaha") == hands.num_classes("omaha-hilo") == 16432
    combos = hands.class_combos("omaha-hi")
    assert combos.dtype == np.int32 and combos.shape == (16432,)
    assert int(combos.sum()) == math.comb(52, 4) == 270725
    groups = [hands.class_group("omaha", i) for i in range(16432)]
    start = 0
    for name, count, total in GROUPS:
        assert groups[start : start + count] == [name] * count
        assert int(combos[start : start + count].sum()) == total
        start += count
    assert start == 16432


@pytest.mark.parametrize(
    ("class_id", "cards", "group"),
    [
        (4527, "2s 4s 3c 9c", "aabb"),  # thesis
        (12025, "6h Qd 6c Ac", "aabc"),  # thesis
        # Group boundaries, derived by hand from the numbering rules (omahanash/hands/omaha.py)
        # and the documented display forms.
        (0, "2s 3s 4s 5s", "aaaa"),
        (714, "Js Qs Ks As", "aaaa"),
        (715, "2s 3s 4s 2c", "aaab"),
        (4432, "Qs Ks As Ac", "aaab"),
        (4433, "2s 3s 2c 3c", "aabb"),
        (7513, "Ks As Kc Ac", "aabb"),
        (7514, "2h 2d 2c 3c", "aabc"),
        (14611, "Ah Ad Kc Ac", "aabc"),
        (14612, "2s 2c 2h 2d", "abcd"),
        (16431, "As Ac Ah Ad", "abcd"),
    ],
)
def test_id_to_cards_and_back(class_id: int, cards: str, group: str):
    assert hands.class_cards("omaha", class_id) == cards
    assert hands.class_name("omaha", class_id) == cards
    assert hands.class_group("omaha", class_id) == group
    assert hands.class_of("omaha", cards) == class_id
    assert hands.parse_class(cards, "omaha") == class_id


@pytest.mark.parametrize(
    "text",
    [
        "2s 4s 3c 9c",
        "2s,4s,3c,9c",
        "2s4s3c9c",
        "9c 3c 4s 2s",
        "4h 2h 9d 3d",
        "3♣ 9♣ 2♠ 4♠",
        "2S 4S 3C 9C",
    ],
)
def test_thesis_example_4527_in_any_notation(text: str):
    assert hands.parse_class(text, "omaha-hi") == 4527
    assert hands.parse_class(text, "omaha-hilo") == 4527


@pytest.mark.parametrize("text", ["6h Qd 6c Ac", "6h,Qd,6c,Ac", "Ac6cQd6h", "6s Qc 6d Ad"])
def test_thesis_example_12025_in_any_notation(text: str):
    assert hands.parse_class(text, "omaha") == 12025


def test_ids_follow_the_spec_enumeration():
    """Rebuild the thesis order from the numbering rules alone, with suits unlike the
    canonical forms."""
    c, d, h, s = range(4)
    ranks = range(13)
    pairs = list(combinations(ranks, 2))
    expected: list[tuple[int, ...]] = []
    expected += [tuple(r * 4 + h for r in q) for q in combinations(ranks, 4)]
    expected += [
        (*(r * 4 + d for r in t), x * 4 + s) for t in combinations(ranks, 3) for x in ranks
    ]
    expected += [
        (p[0] * 4 + c, p[1] * 4 + c, q[0] * 4 + h, q[1] * 4 + h)
        for p, q in combinations_with_replacement(pairs, 2)
    ]
    expected += [
        (p[0] * 4 + s, p[1] * 4 + s, x * 4 + c, y * 4 + d)
        for p in pairs
        for x, y in combinations_with_replacement(ranks, 2)
    ]
    expected += [
        (a * 4 + d, b * 4 + h, e * 4 + c, f * 4 + s)
        for a, b, e, f in combinations_with_replacement(ranks, 4)
    ]
    assert len(expected) == 16432
    ids = hands.class_ids("omaha", np.array(expected, dtype=np.int8))
    np.testing.assert_array_equal(ids, np.arange(16432))


def test_combos_match_the_suit_pattern_count():
    """Per class: aaaa 4, aaab 12, aabb 12 (6 for equal pairs), aabc 24 (12 for equal singles),
    abcd 4!/prod(multiplicity!)."""
    combos = hands.class_combos("omaha")
    for class_id in range(16432):
        cards = hands.class_cards("omaha", class_id).split()
        ranks = [card[0] for card in cards]
        group = hands.class_group("omaha", class_id)
        if group == "aaaa":
            expected = 4
        elif group == "aaab":
            expected = 12
        elif group == "aabb":
            expected = 6 if sorted(ranks[:2]) == sorted(ranks[2:]) else 12
        elif group == "aabc":
            expected = 12 if ranks[0] == ranks[1] else 24
        else:
            expected = 24 // math.prod(math.factorial(m) for m in Counter(ranks).values())
        assert combos[class_id] == expected, (class_id, cards)


def test_every_hand_classified_by_suit_orbit(all_hands: np.ndarray, all_ids: np.ndarray):
    """Independent check: two hands share a class exactly when a suit permutation maps one
    onto the other (orbit representative = smallest sorted image under all 24 permutations)."""
    perms = np.array(
        [[(card // 4) * 4 + p[card % 4] for card in range(52)] for p in permutations(range(4))],
        dtype=np.int8,
    )
    images = np.sort(perms[:, all_hands], axis=2)  # (24, n, 4)
    a, b, c, d = (images[..., i].astype(np.int64) for i in range(4))
    codes = ((a * 52 + b) * 52 + c) * 52 + d
    orbit = codes.min(axis=0)
    assert np.unique(orbit).size == 16432
    pairs = np.unique(np.stack([orbit, all_ids.astype(np.int64)], axis=1), axis=0)
    assert pairs.shape[0] == 16432  # each orbit has one id and each id one orbit
    np.testing.assert_array_equal(np.bincount(all_ids, minlength=16432), omaha.class_combos())


def test_colex_table_matches_lookup(all_hands: np.ndarray, all_ids: np.ndarray):
    a, b, c, d = (all_hands[:, i].astype(np.int64) for i in range(4))
    colex = a + b * (b - 1) // 2 + c * (c - 1) * (c - 2) // 6
    colex += d * (d - 1) * (d - 2) * (d - 3) // 24
    table = omaha.class_id_table()
    assert table.shape == (270725,) and not table.flags.writeable
    np.testing.assert_array_equal(table[colex], all_ids)
    assert np.unique(colex).size == 270725


def test_members_partition_all_hands():
    blocks = [hands.class_members("omaha", i) for i in range(16432)]
    combos = hands.class_combos("omaha")
    assert [len(b) for b in blocks] == combos.tolist()
    members = np.concatenate(blocks)
    assert members.dtype == np.int8 and members.shape == (270725, 4)
    assert np.all(np.diff(members, axis=1) > 0)  # rows ascending, so distinct cards
    assert np.unique(members, axis=0).shape[0] == 270725  # no hand in two classes
    owner = np.repeat(np.arange(16432), combos)
    np.testing.assert_array_equal(hands.class_ids("omaha", members), owner)
    for block in blocks[:50] + blocks[-50:]:  # rows in ascending order
        assert [tuple(r) for r in block.tolist()] == sorted(tuple(r) for r in block.tolist())


def test_members_of_thesis_class_4527():
    members = hands.class_members("omaha", 4527)
    assert members.shape == (12, 4)
    found = {frozenset(format_cards(row).split()) for row in members}
    # Pair (2,4) in one suit and pair (3,9) in another: 4 * 3 ordered suit choices.
    expected = {
        frozenset({f"2{x}", f"4{x}", f"3{y}", f"9{y}"}) for x in "cdhs" for y in "cdhs" if x != y
    }
    assert found == expected


_SUIT_PERMUTATION = st.permutations(range(4))


@given(
    cards=st.lists(st.integers(0, 51), min_size=4, max_size=4, unique=True),
    perm=_SUIT_PERMUTATION,
    order=st.permutations(range(4)),
)
def test_suit_permutation_and_order_never_change_the_class(cards, perm, order):
    class_id = hands.class_of("omaha", cards)
    image = [(cards[i] // 4) * 4 + perm[cards[i] % 4] for i in order]
    assert hands.class_of("omaha", image) == class_id
    assert hands.class_ids("omaha", np.array([cards, image])).tolist() == [class_id, class_id]
    assert sorted(cards) in hands.class_members("omaha", class_id).tolist()


def test_class_ids_accepts_any_integer_dtype():
    rows = [[3, 11, 4, 28], [18, 41, 16, 48], [51, 50, 49, 48]]
    for dtype in (np.int8, np.int16, np.int32, np.int64, np.uint8):
        ids = hands.class_ids("omaha", np.array(rows, dtype=dtype))
        assert ids.dtype == np.int32 and ids.tolist() == [4527, 12025, 16431]
    assert hands.class_ids("omaha", np.empty((0, 4), dtype=np.int8)).shape == (0,)


def test_class_ids_rejects_a_huge_unsigned_code():
    # class_ids widens every dtype to int64 (one compiled signature): a uint64 code of
    # 2**64 - 1 must stay invalid, never wrap to a valid card.
    rows = np.array([[0, 1, 2, 3], [0, 1, 2, 2**64 - 1]], dtype=np.uint64)
    with pytest.raises(InputError, match=r"hand 1 \[0, 1, 2, 18446744073709551615\]"):
        hands.class_ids("omaha", rows)
    with pytest.raises(InputError, match="hand 0"):
        hands.class_ids("holdem", rows[1:, 2:])


@pytest.mark.parametrize(
    ("rows", "fragment"),
    [
        ([[0, 1, 2, 3], [5, 6, 6, 7]], "hand 1 [5, 6, 6, 7]"),
        ([[0, 1, 2, 52]], "hand 0 [0, 1, 2, 52]"),
        ([[-1, 1, 2, 3]], "hand 0"),
        ([[0, 1, 2]], "(n, 4)"),
    ],
)
def test_class_ids_rejects_bad_hands(rows, fragment):
    with pytest.raises(InputError) as info:
        hands.class_ids("omaha", np.array(rows))
    assert fragment in str(info.value)


def test_parse_class_ids():
    assert hands.parse_class(4527, "omaha") == 4527
    assert hands.parse_class(np.int16(12025), "omaha") == 12025
    assert hands.parse_class(" 16431 ", "omaha") == 16431
    assert hands.parse_class("0", "omaha-hilo") == 0


@pytest.mark.parametrize(
    ("value", "error", "fragment"),
    [
        (16432, InputError, "0..16431"),
        ("-1", InputError, "0..16431"),
        (True, InputError, "True"),
        (3.0, InputError, "3.0"),
        ("", InputError, "empty"),
        ("2s 4s 3c 9x", CardError, "'9x'"),
        ("2s 4s 3c", CardError, "expected 4"),
        ("2s 4s 3c 2s", CardError, "'2s'"),
        ("AKs", CardError, "'AK'"),
    ],
)
def test_parse_class_errors_name_the_token(value, error, fragment):
    with pytest.raises(error) as info:
        hands.parse_class(value, "omaha")
    assert fragment in str(info.value)


def test_members_and_cards_reject_out_of_range_ids():
    for call in (hands.class_members, hands.class_cards, hands.class_group):
        with pytest.raises(InputError, match=r"0\.\.16431"):
            call("omaha", 16432)


def test_canonical_hands_are_the_display_forms():
    canonical = hands.canonical_hands("omaha")
    assert canonical.shape == (16432, 4) and canonical.dtype == np.int8
    assert canonical[4527].tolist() == list(parse_cards("2s 4s 3c 9c"))
    np.testing.assert_array_equal(hands.class_ids("omaha", canonical), np.arange(16432))


@njit(cache=True)
def _classify_in_a_kernel(omaha_hands, holdem_hands, table):
    out = np.empty(omaha_hands.shape[0] + holdem_hands.shape[0], dtype=np.int64)
    for i in range(omaha_hands.shape[0]):
        h = omaha_hands[i]
        out[i] = omaha.hand_class_id(h[0], h[1], h[2], h[3], table)
    for i in range(holdem_hands.shape[0]):
        out[omaha_hands.shape[0] + i] = holdem.hand_class_id(holdem_hands[i, 0], holdem_hands[i, 1])
    return out


def test_scalar_lookups_are_callable_from_numba_kernels():
    """The Monte Carlo table builder calls these inside its own kernels."""
    omaha_hands = np.array([[28, 4, 11, 3], [48, 16, 41, 18], [0, 0, 1, 2]], dtype=np.int8)
    holdem_hands = np.array([[47, 51], [0, 52]], dtype=np.int8)
    result = _classify_in_a_kernel(omaha_hands, holdem_hands, omaha.class_id_table())
    assert result.tolist() == [4527, 12025, -1, 1, -1]
