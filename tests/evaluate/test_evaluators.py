"""Evaluator tables and kernels against known counts and the pure-Python reference."""

from __future__ import annotations

from itertools import combinations

import numpy as np
import pytest

from omahanash.evaluate import (
    CATEGORY_NAMES,
    category_of,
    evaluate_5,
    evaluate_holdem,
    evaluate_omaha_hi,
    evaluate_omaha_lo,
    low_ranks_of,
    tables,
)
from omahanash.evaluate import reference as ref

# (classes, hands) per category, worst to best: the standard census of 2,598,960 hands.
CENSUS = {
    "high card": (1277, 1302540),
    "pair": (2860, 1098240),
    "two pair": (858, 123552),
    "three of a kind": (858, 54912),
    "straight": (10, 10200),
    "flush": (1277, 5108),
    "full house": (156, 3744),
    "four of a kind": (156, 624),
    "straight flush": (10, 40),
}


def all_combinations(n: int, k: int) -> np.ndarray:
    """Every k-subset of range(n) in lexicographic order, as int8[C(n, k), k] (numpy)."""
    combos = np.arange(n, dtype=np.int8)[:, None]
    for _ in range(k - 1):
        last = combos[:, -1].astype(np.int64)
        counts = n - 1 - last
        rows = np.repeat(np.arange(len(combos)), counts)
        offset = np.arange(len(rows)) - np.repeat(np.cumsum(counts) - counts, counts)
        nxt = (last[rows] + 1 + offset).astype(np.int8)
        combos = np.concatenate([combos[rows], nxt[:, None]], axis=1)
    return combos


@pytest.fixture(scope="module")
def class_values() -> dict[tuple[int, ...], int]:
    """Reference key -> fast value, from one representative hand of every class."""
    mapping: dict[tuple[int, ...], int] = {}
    for ranks in map(list, combinations(range(13), 5)):  # flushes: all five in spades
        cards = np.array([[r * 4 + 3 for r in ranks]])
        mapping[ref.high_key(cards[0].tolist())] = int(evaluate_5(cards)[0])
    for ranks in tables.generate_board_ranks().tolist():  # non-flush: cycle the suits
        if len(set(ranks)) == 1:
            continue
        cards = [r * 4 + i % 4 for i, r in enumerate(ranks)]
        if len({c & 3 for c in cards}) == 1:
            cards[0] = cards[0] - (cards[0] & 3) + ((cards[0] & 3) + 1) % 4
        mapping[ref.high_key(cards)] = int(evaluate_5(np.array([cards]))[0])
    return mapping


def test_shipped_tables_match_their_generators():
    shipped = tables._shipped()
    assert shipped is not None
    for name, table in tables.generate_all().items():
        _, dtype, shape = tables._TABLES[name]
        assert (table.dtype, table.shape) == (dtype, shape), name  # declared = generated
        np.testing.assert_array_equal(shipped[name], table, err_msg=name)


def test_every_class_once_in_poker_order(class_values):
    assert len(class_values) == 7462
    keys = sorted(class_values)
    values = [class_values[k] for k in keys]
    assert values == list(range(1, 7463))  # sorted by poker strength = sorted by value
    assert category_of(class_values[(4, 3)]) == "straight"  # the wheel is the lowest straight
    assert class_values[(4, 3)] == min(v for v in values if category_of(v) == "straight")


def test_census_of_all_five_card_hands():
    values = evaluate_5(all_combinations(52, 5))
    assert values.size == 2598960 and values.min() >= 1
    for k, name in enumerate(CATEGORY_NAMES):
        first = tables.CATEGORY_FIRST[k]
        last = first + tables.CATEGORY_SIZES[k] - 1
        in_band = values[(values >= first) & (values <= last)]
        assert (np.unique(in_band).size, in_band.size) == CENSUS[name], name


def test_low_table_has_56_classes_in_order():
    low = tables.low_table()
    keyed = {}
    for five in combinations(range(8), 5):  # low-rank bits: ace = 0 .. eight = 7
        for two in combinations(five, 2):
            hole = sum(1 << b for b in two)
            board = sum(1 << b for b in five if b not in two)
            cards = [(12 if b == 0 else b - 1) * 4 + i % 4 for i, b in enumerate(five)]
            keyed[ref.low_key(cards)] = int(low[hole, board])
    assert len(keyed) == 56 and len(set(keyed.values())) == 56
    by_strength = [keyed[k] for k in sorted(keyed)]  # best low first
    assert by_strength == list(range(56, 0, -1))
    assert low_ranks_of(56) == "5-4-3-2-A" and low_ranks_of(1) == "8-7-6-5-4"
    assert low[0b11, 0b11100] == 56 and low[0b11, 0b111] == 0  # no rank twice


def random_deals(rng, n: int, hole: int) -> tuple[np.ndarray, np.ndarray]:
    cards = np.argsort(rng.random((n, 52)), axis=1)[:, : hole + 5].astype(np.int8)
    return cards[:, :hole], cards[:, hole:]


def test_holdem_matches_reference(class_values):
    hands, boards = random_deals(np.random.default_rng(7), 3000, 2)
    fast = evaluate_holdem(hands, boards)
    for h, b, v in zip(hands.tolist(), boards.tolist(), fast, strict=True):
        assert v == class_values[ref.best_holdem(h, b)], (h, b)


def test_omaha_high_matches_reference(class_values):
    hands, boards = random_deals(np.random.default_rng(8), 3000, 4)
    fast = evaluate_omaha_hi(hands, boards)
    for h, b, v in zip(hands.tolist(), boards.tolist(), fast, strict=True):
        assert v == class_values[ref.best_omaha_high(h, b)], (h, b)


def test_omaha_high_on_one_suit_boards(class_values):
    rng = np.random.default_rng(9)
    spades = np.array([r * 4 + 3 for r in range(13)])
    boards = np.array([rng.choice(spades, 5, replace=False) for _ in range(500)], np.int8)
    hands = np.array([rng.choice(np.setdiff1d(np.arange(52), b), 4, replace=False)
                      for b in boards], np.int8)
    fast = evaluate_omaha_hi(hands, boards)
    for h, b, v in zip(hands.tolist(), boards.tolist(), fast, strict=True):
        assert v == class_values[ref.best_omaha_high(h, b)], (h, b)


def test_omaha_low_matches_reference():
    hands, boards = random_deals(np.random.default_rng(10), 4000, 4)
    low = tables.low_table()
    fast = evaluate_omaha_lo(hands, boards)
    keys = [ref.best_omaha_low(h, b) for h, b in zip(hands.tolist(), boards.tolist(),
                                                      strict=True)]
    assert sum(k is not None for k in keys) > 500  # the sample has plenty of lows
    for key, v in zip(keys, fast, strict=True):
        if key is None:
            assert v == 0
        else:  # value of that five-rank low, read from the table
            bits = [0 if r == 1 else r - 1 for r in key]
            assert v == low[(1 << bits[3]) | (1 << bits[4]),
                            (1 << bits[0]) | (1 << bits[1]) | (1 << bits[2])]


def test_known_hands():
    def high(hole, board, game):
        from omahanash.cards import parse_cards
        h = np.array([parse_cards(hole)])
        b = np.array([parse_cards(board)])
        value = (evaluate_holdem if game == "holdem" else evaluate_omaha_hi)(h, b)[0]
        return category_of(int(value))

    # Omaha: four spades on board and one in hand is no flush (two hole cards needed).
    assert high("As Kd 7c 2h", "Qs Js Ts 3s 9d", "omaha") == "straight"
    assert high("As 2h", "Qs Js Ts 3s 9d", "holdem") == "flush"
    # Omaha: trips on board with a pocket pair is a full house; one hole card is not enough.
    assert high("9c 9d 2h 3h", "Ks Kd Kh 5c 6d", "omaha") == "full house"
    assert high("Kc 2d 3h 4s", "Ks Kd Qh Jc 8d", "omaha") == "three of a kind"
    with pytest.raises(ValueError):
        evaluate_omaha_hi(np.zeros((3, 2)), np.zeros((3, 5)))


def test_unchecked_kernels_give_the_checked_values_and_bad_rows_are_caught():
    from omahanash.errors import InputError
    from omahanash.evaluate import evaluate_omaha_hi, evaluate_omaha_lo, nonflush_table
    from omahanash.evaluate.kernels import (
        INVALID_HIGH,
        evaluate_omaha_hi_kernel,
        evaluate_omaha_lo_kernel,
    )
    from omahanash.evaluate.tables import low_table, omaha_flush_tables

    rng = np.random.default_rng(3)
    deals = np.argsort(rng.random((5000, 52)), axis=1)[:, :9].astype(np.int8)
    hands, boards = np.ascontiguousarray(deals[:, :4]), np.ascontiguousarray(deals[:, 4:])
    tables = omaha_flush_tables()
    unchecked = evaluate_omaha_hi_kernel(hands, boards, nonflush_table("omaha"), *tables, False)
    np.testing.assert_array_equal(unchecked, evaluate_omaha_hi(hands, boards))
    np.testing.assert_array_equal(evaluate_omaha_lo_kernel(hands, boards, low_table(), False),
                                  evaluate_omaha_lo(hands, boards))
    boards[17, 0] = hands[17, 2]  # one card twice in row 17
    marked = evaluate_omaha_hi_kernel(hands, boards, nonflush_table("omaha"), *tables, True)
    assert np.flatnonzero(marked == INVALID_HIGH).tolist() == [17]
    with pytest.raises(InputError, match="1 of 5000 rows"):
        evaluate_omaha_hi(hands, boards)
