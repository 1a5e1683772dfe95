"""The game matrix: parameters, the streamed products, and a direct check over concrete hands."""

from __future__ import annotations

import re

import numpy as np
import pytest

from omahanash.cards import Variant
from omahanash.equity.triangle import expand_triangle
from omahanash.errors import InputError
from omahanash.hands import class_members
from omahanash.jamfold import JamFoldGame, JamFoldParams
from omahanash.jamfold.kernels import (
    chunk_rows,
    split_pairs,
    triangle_products,
    triangle_products_serial,
)


@pytest.mark.parametrize(("kwargs", "message"), [
    ({"ante": -1}, "ante must be >= 0"),
    ({"sb": 0}, "SB must be > 0"),
    ({"sb": 10, "bb": 5}, "BB must be at least SB"),
    ({"stacks": (5, 100)}, "stack S1 must exceed SB + ante (5)"),
    ({"stacks": (100, 11), "ante": 1}, "stack S2 must exceed BB + ante (11)"),
    ({"stacks": (100,)}, "stacks takes two numbers"),
    ({"sb": float("nan")}, "SB must be a finite number"),
    ({"bb": "ten"}, "BB must be a number"),
    ({"stacks": None}, "stacks takes two numbers"),
    ({"stacks": "100"}, "stacks takes two numbers"),
    ({"stacks": (100, float("inf"))}, "stack S2 must be a finite number"),
    ({"stacks": (1e308, 1e308)}, "stack S1 must be at most 1e+12 chips"),
    ({"stacks": 1e13}, "stack S1 must be at most 1e+12 chips"),
    ({"bb": 1e300}, "BB must be at most 1e+12 chips"),
    ({"bb": 10**400}, "BB must be at most 1e+12 chips, got bb=10**400"),
    ({"stacks": (100, -10**400)}, "stack S2 must be at most 1e+12 chips"),
    ({"ante": True}, "ante must be a number"),
    ({"sb": -5}, "SB must be > 0"),
    ({"stacks": 10}, "stack S2 must exceed BB + ante (10)"),
])
def test_bad_parameters_are_rejected_with_the_offending_value(kwargs, message):
    with pytest.raises(InputError, match=re.escape(message)):
        JamFoldParams(variant="holdem", **kwargs)


def test_the_game_and_the_sweep_share_one_chip_checker():
    from omahanash.jamfold.sweep import sweep

    for call, argument in ((lambda: JamFoldParams(bb=10**400), "bb"),
                           (lambda: sweep("holdem", [10], bb=10**400), "bb"),
                           (lambda: sweep("holdem", [10**400]), "stacks_bb")):
        with pytest.raises(InputError, match=r"must be at most 1e\+12 chips") as error:
            call()
        assert error.value.argument == argument


def test_parameters_normalize_and_derive_the_money():
    params = JamFoldParams("omaha", ante=1, sb=5, bb=10, stacks=(300, 120))
    assert params.variant == Variant.OMAHA_HI
    assert (params.effective_stack, params.fold_loss, params.steal) == (120.0, 6.0, 11.0)
    with pytest.raises(InputError, match="unknown variant"):
        JamFoldParams("stud")


def test_defaults_and_one_number_for_equal_stacks():
    params = JamFoldParams(stacks=150)
    assert params == JamFoldParams(variant="holdem", sb=5, bb=10, ante=0, stacks=(150, 150))
    assert params.stacks == (150.0, 150.0) and params.variant == Variant.HOLDEM
    assert JamFoldParams(stacks=np.array([120, 80])).stacks == (120.0, 80.0)
    assert JamFoldParams(stacks=1e12, bb=1e11, sb=1e10).effective_stack == 1e12
    assert JamFoldParams.from_dict(params.as_dict()) == params
    with pytest.raises(InputError, match="incomplete jam-fold parameters"):
        JamFoldParams.from_dict({"game": "holdem"})


def test_chunks_cover_every_row_once_and_balance_the_cells():
    n = 1000
    bounds = chunk_rows(n, 4)
    assert bounds[0] == 0 and bounds[-1] == n and np.all(np.diff(bounds) > 0)
    cells = [sum(n - a for a in range(lo, hi)) for lo, hi in zip(bounds[:-1], bounds[1:])]
    even = n * (n + 1) / 2 / 4
    assert len(cells) == 4 and all(abs(c - even) <= n for c in cells)  # within one row
    assert chunk_rows(3, 8).tolist() == [0, 1, 2, 3]


def _dense(stored, pairs, n, alpha, row_offset, col_offset):
    s = expand_triangle(np.asarray(stored, np.float64), n, "same")
    w = expand_triangle(np.asarray(pairs, np.float64), n, "same")
    upper = np.triu(np.ones((n, n), bool))
    return np.where(upper, w * (alpha * s + row_offset), w * (col_offset - alpha * s))


def _row_of_cells(n):
    return np.repeat(np.arange(n), np.arange(n, 0, -1))


@pytest.mark.parametrize("dtype", [np.uint16, np.float64])
def test_streamed_products_equal_dense_matrix_products(dtype):
    rng = np.random.default_rng(3)
    n = 37
    cells = n * (n + 1) // 2
    stored = (rng.integers(0, 65535, cells) if dtype == np.uint16
              else rng.random(cells)).astype(dtype)
    weights = rng.integers(1, 25, n).astype(np.float64)
    counts = rng.integers(0, 25, cells).astype(np.uint8)
    pairs = (weights[_row_of_cells(n)] * counts).astype(np.uint16)
    alpha, row_offset, col_offset = 0.003, -110.0, 90.0
    dense = _dense(stored, pairs, n, alpha, row_offset, col_offset)
    p, q = rng.random(n), rng.random(n)
    # Pairs go in either split into byte counts and row weights or whole with unit weights.
    for split in ((counts, weights), (pairs, np.ones(n))):
        gq, gtp = triangle_products_serial(stored, *split, alpha, row_offset, col_offset, p, q)
        np.testing.assert_allclose(gq, dense @ q, rtol=1e-12)
        np.testing.assert_allclose(gtp, dense.T @ p, rtol=1e-12)
        # Chunks of odd and even row counts exercise the row-pair loop and the single row.
        for chunks in (1, 3, 5, 36):
            parallel = triangle_products(stored, *split, chunk_rows(n, chunks), alpha,
                                         row_offset, col_offset, p, q, np.zeros(1, np.uint8))
            np.testing.assert_allclose(parallel[0], gq, rtol=1e-12)
            np.testing.assert_allclose(parallel[1], gtp, rtol=1e-12)
            # a set cancel flag (a Stop): no row is walked
            stopped = triangle_products(stored, *split, chunk_rows(n, chunks), alpha,
                                        row_offset, col_offset, p, q, np.ones(1, np.uint8))
            assert not stopped[0].any() and not stopped[1].any()


def test_pairs_split_into_byte_counts_only_when_exact():
    n = 5
    weights = np.array([6.0, 4, 12, 24, 1])
    counts = np.arange(15, dtype=np.uint8) % 13
    pairs = (weights[_row_of_cells(n)] * counts).astype(np.uint16)
    got, exact = split_pairs(pairs, weights)
    assert exact and np.array_equal(got, counts)
    pairs[7] += 1  # row 1 (weight 4) no longer divides
    assert not split_pairs(pairs, weights)[1]


def _concrete_deals(table):
    """Every ordered pair of disjoint concrete hands of the table's classes: per deal, the
    class positions (pusher, caller) and the concrete hands' indices (pusher, caller)."""
    hands, owner = [], []
    for position, class_id in enumerate(table.class_ids):
        for member in class_members("omaha", int(class_id)):
            hands.append(sum(1 << int(card) for card in member))
            owner.append(position)
    masks = np.array(hands, dtype=np.uint64)
    owner = np.array(owner)
    first, second = np.nonzero((masks[:, None] & masks[None, :]) == 0)
    return owner[first], owner[second], first, second


def test_values_match_a_direct_sum_over_concrete_hands(subset_table):
    """The pusher's result, both PostEVs and the per-hand EVs, summed deal by deal over concrete
    hands with the table's class equity, agree with the matrix formulas."""
    params = JamFoldParams(variant="omaha-hi", sb=5, bb=10, ante=1, stacks=(80, 120))
    game = JamFoldGame(subset_table, params)
    n = game.n
    rng = np.random.default_rng(11)
    p, q = rng.random(n), rng.random(n)
    i, j, pusher_hand, caller_hand = _concrete_deals(subset_table)
    eq = np.array([[subset_table.equity(a, b) for b in range(n)] for a in range(n)])[i, j]
    e, fold_loss, steal = 80.0, 6.0, 11.0
    showdown = eq * 2 * e - e
    push_payoff = (1 - q[j]) * steal + q[j] * showdown  # the pusher pushes
    payoff = (1 - p[i]) * -fold_loss + p[i] * push_payoff
    deals = i.size

    gq, gtp = game.products(p, q)
    assert game.total_deals == deals
    assert game.value(p, gq) == pytest.approx(payoff.mean(), rel=1e-12)

    # The pusher best-responds hand by hand (concrete hand = row of the deal list).
    push_by_hand = np.bincount(pusher_hand, push_payoff)
    count_by_hand = np.bincount(pusher_hand)
    best_pusher = np.maximum(push_by_hand, -fold_loss * count_by_hand).sum() / deals
    assert game.post_ev_pusher(gq) == pytest.approx(best_pusher, rel=1e-12)

    # The caller best-responds per concrete hand of its own: call or fold against every push.
    fold_part = np.bincount(caller_hand, (1 - p[i]) * fold_loss)
    call = np.bincount(caller_hand, p[i] * -showdown)
    fold = np.bincount(caller_hand, p[i] * -steal)
    best_caller = (fold_part + np.maximum(call, fold)).sum() / deals
    assert game.post_ev_caller(p, gtp) == pytest.approx(best_caller, rel=1e-12)

    pusher_values = game.pusher_values(gq)
    caller_values = game.caller_values(p, gtp)
    for k in range(n):
        mine = i == k
        assert pusher_values.allin_ev[k] == pytest.approx(push_payoff[mine].mean(), rel=1e-12)
        facing = j == k
        expected_call = (p[i] * -showdown)[facing].sum() / p[i][facing].sum()
        assert caller_values.allin_ev[k] == pytest.approx(expected_call, rel=1e-12)
    assert np.all(pusher_values.fold_ev == -6.0) and np.all(caller_values.fold_ev == -11.0)
