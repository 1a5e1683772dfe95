"""Antes belong to the pots by contribution like any chip (issue 40): a player all in for
less than the antes wins only what the others matched. :func:`settle` (and the tables made
from it, :func:`fixed_finals`, :func:`outcome_finals`) is checked against an independent
brute force that hands out every chip one by one."""

from __future__ import annotations

from fractions import Fraction

import numpy as np
import pytest

from omahanash.pushfold.kernels import (
    _ranks_of_key,
    fixed_finals,
    outcome_finals,
    popcount,
    settle,
)
from omahanash.pushfold.spot import PushFoldSpot


def chip_by_chip(live: int, hi: list[int], lo: list[int], hilo: bool, stacks: list[int],
                 antes: list[int], blinds: list[int]) -> list[Fraction]:
    """Stacks after the hand, by definition: a player's contribution is the whole stack
    when all in (a bit of ``live``), else the ante and the blind. The k-th chip a player put
    in goes to the best hands among the live players who put in more than k chips (for
    Hi/Lo: half to the best high, half to the best qualifying low, when there is one),
    shared equally; with no such player it goes back to its owner."""
    n = len(stacks)
    put = [stacks[i] if live >> i & 1 else antes[i] + blinds[i] for i in range(n)]
    out = [Fraction(stacks[i] - put[i]) for i in range(n)]
    for owner in range(n):
        for k in range(put[owner]):
            matched = [i for i in range(n) if live >> i & 1 and put[i] > k]
            if not matched:
                out[owner] += 1
                continue
            best = max(hi[i] for i in matched)
            high = [i for i in matched if hi[i] == best]
            lows = [lo[i] for i in matched if hilo and lo[i] > 0]
            share = Fraction(1) if not lows else Fraction(1, 2)
            for i in high:
                out[i] += share / len(high)
            if lows:
                low = [i for i in matched if lo[i] == max(lows)]
                for i in low:
                    out[i] += (1 - share) / len(low)
    return out


def _posts(stacks: list[int], ante: int, sb: int, bb: int) -> tuple[list[int], list[int]]:
    spot = PushFoldSpot("holdem", stacks, sb, bb, ante=ante)
    antes, blinds = spot.posts()
    return [int(a) for a in antes], [int(b) for b in blinds]


@pytest.mark.parametrize("hilo", [False, True])
def test_settle_is_the_chip_by_chip_side_pots(hilo: bool) -> None:
    rng = np.random.default_rng(40)
    checked = 0
    for _ in range(300):
        n = int(rng.integers(2, 6))
        stacks = [int(s) for s in rng.integers(1, 60, n)]
        ante, sb, bb = int(rng.integers(0, 30)), int(rng.integers(1, 8)), int(rng.integers(8, 16))
        antes, blinds = _posts(stacks, ante, sb, bb)
        live = int(rng.integers(1, 1 << n))
        hi = [int(h) for h in rng.integers(1, 4, n)]  # ties on purpose
        lo = [int(v) for v in rng.integers(0, 3, n)] if hilo else [0] * n
        out, contrib = np.zeros(n), np.empty(n)
        settle(live, np.array(hi, np.int32), np.array(lo, np.int32), hilo,
               np.array(stacks, float), np.array(antes, float), np.array(blinds, float),
               out, contrib)
        expected = chip_by_chip(live, hi, lo, hilo, stacks, antes, blinds)
        assert out.tolist() == pytest.approx([float(x) for x in expected], abs=1e-9), \
            (live, hi, lo, stacks, antes, blinds)
        assert out.sum() == pytest.approx(sum(stacks))
        checked += popcount(live) >= 2
    assert checked > 150


def test_the_issue_table_all_in_by_its_antes() -> None:
    # 1500 / 1000 / 700 with a 2000 ante: every chip is an ante, everyone is all in. The
    # 700 player can win 2100 (the main pot), never the 1500 player's last 500 chips.
    stacks, (antes, blinds) = [1500, 1000, 700], _posts([1500, 1000, 700], 2000, 50, 100)
    assert antes == stacks and blinds == [0, 0, 0]
    hi = np.array([1, 2, 3], np.int32)  # the short stack has the best hand
    lo = np.zeros(3, np.int32)
    out = np.zeros(3)
    settle(7, hi, lo, False, np.array(stacks, float), np.array(antes, float),
           np.array(blinds, float), out, np.empty(3))
    assert out.tolist() == [500.0 + 0, 600.0, 2100.0]  # main 2100, side 600, 500 back
    # the tables built from settle agree with the brute force, terminal by terminal
    single, first, second = fixed_finals(np.array(stacks, float), np.array(antes, float),
                                         np.array(blinds, float))
    assert single[1].tolist() == [float(x) for x in chip_by_chip(1, [1, 0, 0], [0] * 3, False,
                                                                 stacks, antes, blinds)]
    assert first[0b101].tolist() == [float(x) for x in chip_by_chip(
        0b101, [2, 0, 1], [0] * 3, False, stacks, antes, blinds)]
    slot, index, finals = outcome_finals(np.array(stacks, float), np.array(antes, float),
                                         np.array(blinds, float), False, 3)
    his, los = np.zeros(3, np.int32), np.zeros(3, np.int32)
    rows = 0
    for key in range(index.shape[1]):
        if index[0, key] >= 0:
            assert _ranks_of_key(7, key, False, his, los)
            expected = chip_by_chip(7, his.tolist(), [0] * 3, False, stacks, antes, blinds)
            assert finals[slot[7], index[0, key]].tolist() == [float(x) for x in expected]
            rows += 1
    assert rows == 13  # every order of three hands, ties included
