"""Sprague–Grundy: nim, subtraction games, sums of games and nim with increases against brute
force."""

from __future__ import annotations

import itertools
import random

import pytest

from omahanash.errors import InputError
from omahanash.perfect.grundy import (
    grundy_of_sum,
    grundy_values,
    mex,
    nim,
    nim_with_increases,
    nim_with_increases_moves,
    reply_to_increase,
    subtraction_game,
    subtraction_grundy,
    subtraction_period,
    subtraction_sequence,
    sum_moves,
)
from omahanash.perfect.retrograde import GameGraph, retrograde


def nim_moves(heaps):
    for i, h in enumerate(heaps):
        for after in range(h):
            yield heaps[:i] + (after,) + heaps[i + 1 :]


def test_mex():
    assert mex([]) == 0
    assert mex([0, 1, 2, 4]) == 3
    assert mex([5, 1]) == 0
    assert mex(iter([0, 0, 1])) == 2


def test_nim_against_brute_force():
    start = list(itertools.product(range(5), repeat=3))
    brute = grundy_values(start, nim_moves)
    for heaps in start:
        result = nim(list(heaps))
        assert result.grundy == brute[heaps] == heaps[0] ^ heaps[1] ^ heaps[2]
        if result.grundy == 0:
            assert result.status == "loss" and result.move is None
        else:
            move = result.move
            assert result.status == "win"
            assert 0 < move.take <= heaps[move.heap]
            expected = list(heaps)
            expected[move.heap] -= move.take
            assert list(move.heaps) == expected
            assert brute[move.heaps] == 0


def test_nim_examples_and_errors():
    result = nim([3, 4, 5])  # 3 ^ 4 ^ 5 = 2: heap 3 has bit 1 set, 3 ^ 2 = 1
    assert (result.status, result.grundy) == ("win", 2)
    assert (result.move.heap, result.move.take, result.move.heaps) == (0, 2, (1, 4, 5))
    assert nim([0, 0]).status == "loss"
    assert nim([10**30, 1]).move.heaps == (1, 1)
    with pytest.raises(InputError, match="non-negative"):
        nim([3, -1])
    with pytest.raises(InputError, match="integers"):
        nim([3, 2.5])
    with pytest.raises(InputError, match="at least one heap"):
        nim([])


def test_take_one_to_three_loses_exactly_on_multiples_of_four():
    for n in range(200):
        result = subtraction_game(n, [1, 2, 3])
        assert result.grundy == n % 4
        assert result.status == ("loss" if n % 4 == 0 else "win")
        if n % 4:
            assert (result.take, result.left) == (n % 4, n - n % 4)
    assert subtraction_game(4 * 10**20 + 3, [3, 1, 2]).take == 3


MOVE_SETS = [(1, 2, 3), (1, 3, 4), (2, 5, 6), (1, 4), (3, 5, 7), (2, 3), (1, 2, 4, 8), (7,)]


@pytest.mark.parametrize("moves", MOVE_SETS)
def test_subtraction_sequence_and_period_against_brute_force(moves):
    length = 400
    brute = grundy_values(
        range(length), lambda n: [n - k for k in moves if k <= n]
    )
    sequence = subtraction_sequence(length, moves)
    assert sequence == [brute[n] for n in range(length)]
    periodicity = subtraction_period(moves)
    assert periodicity is not None
    assert [periodicity[n] for n in range(length)] == sequence
    # huge heaps are answered through the period and agree with it
    n = 10**18 + 12345
    assert subtraction_grundy(n, moves) == periodicity[n]
    win = subtraction_game(n, moves)
    assert (win.status == "loss") == (periodicity[n] == 0)
    if win.take is not None:
        assert win.take in moves and periodicity[n - win.take] == 0


def test_random_move_sets_period_matches_direct_sequence():
    rng = random.Random(8)
    for _ in range(20):
        moves = rng.sample(range(1, 12), rng.randint(1, 4))
        periodicity = subtraction_period(moves)
        sequence = subtraction_sequence(600, moves)
        assert [periodicity[n] for n in range(600)] == sequence


def test_subtraction_errors():
    with pytest.raises(InputError, match="empty"):
        subtraction_game(5, [])
    with pytest.raises(InputError, match="positive"):
        subtraction_game(5, [0, 1])
    with pytest.raises(InputError, match="non-negative"):
        subtraction_game(-1, [1])


def test_sum_of_games_is_xor_of_values_brute_force():
    components = [
        lambda n: [n - k for k in (1, 2, 3) if k <= n],  # matches, take 1-3
        lambda n: [n - k for k in (2, 5) if k <= n],  # subtraction {2, 5}
        lambda n: range(n),  # a nim heap
    ]
    moves = sum_moves(*components)
    start = list(itertools.product(range(8), range(8), range(5)))
    brute = grundy_values(start, moves)
    single = [grundy_values(range(8), c) for c in components]
    for a, b, c in start:
        expected = grundy_of_sum([single[0][a], single[1][b], single[2][c]])
        assert brute[(a, b, c)] == expected
    # and the status of a sum, found by retrograde analysis of the product graph
    result = retrograde(GameGraph.from_successors(start, moves))
    for a, b, c in start:
        value = single[0][a] ^ single[1][b] ^ single[2][c]
        assert result.status(str((a, b, c))) == ("loss" if value == 0 else "win")


@pytest.mark.parametrize(("increases", "max_heap"), [((1, 1), 3), ((2, 0), 3), ((0, 2), 4)])
def test_nim_with_increases_has_the_status_of_nim(increases, max_heap):
    moves = nim_with_increases_moves(max_heap)
    start = [(heaps, *increases) for heaps in itertools.product(range(max_heap + 1), repeat=2)]
    graph = GameGraph.from_successors(start, moves)
    result = retrograde(graph)
    assert "draw" not in result.statuses  # the budgets make the game finite
    values = grundy_values(start, moves)  # acyclic, so Grundy values exist too
    for position in start:
        heaps = position[0]
        expected = nim_with_increases(list(heaps)).status
        assert result.status(str(position)) == expected == nim(list(heaps)).status
        assert (values[position] == 0) == (expected == "loss")


def test_reply_to_increase_restores_a_zero_xor():
    before = [1, 2, 3]
    reply = reply_to_increase(before, [1, 7, 3])
    assert (reply.heap, reply.take, reply.heaps) == (1, 5, (1, 2, 3))
    assert grundy_of_sum(reply.heaps) == 0
    with pytest.raises(InputError):
        reply_to_increase(before, [1, 1, 3])


def test_grundy_values_refuse_cycles():
    with pytest.raises(InputError, match="cycle"):
        grundy_values([0], lambda n: [(n + 1) % 3])
