"""Batch numba kernels: five-card, Hold'em and Omaha (high and 8-or-better low) evaluators.

Kernels take their tables as arguments; :mod:`omahanash.evaluate` wraps them with the tables
of this process. Card arrays hold card codes (``rank * 4 + suit``) in any integer dtype.

Non-flush table ``nf[board_index, pair_index]`` (``uint16[6188, 91]``, see
:func:`omahanash.evaluate.tables.nonflush_columns`): the best non-flush value of a hole rank pair
on a board rank multiset (Omaha: with three board ranks; Hold'em: best five of seven).
"""

from __future__ import annotations

import numpy as np
from numba import njit, prange

from omahanash.evaluate.core import (
    PAIR_OF_CARDS,
    board_summary,
    low_set,
    omaha_flush_lookup,
    suit_fields,
)


@njit(cache=True, parallel=True)
def evaluate_5_kernel(cards, rank5, flush):
    """``uint16[n]`` high values of ``(n, 5)`` five-card hands."""
    n = cards.shape[0]
    out = np.empty(n, dtype=np.uint16)
    for i in prange(n):
        c0, c1, c2, c3, c4 = cards[i, 0], cards[i, 1], cards[i, 2], cards[i, 3], cards[i, 4]
        index, suit, mask = board_summary(c0, c1, c2, c3, c4)
        s = c0 & 3
        if (c1 & 3) == s and (c2 & 3) == s and (c3 & 3) == s and (c4 & 3) == s:
            out[i] = flush[mask]  # the flush suit's mask holds all five ranks
        else:
            out[i] = rank5[index]
    return out


@njit(cache=True, parallel=True)
def evaluate_holdem_kernel(hands, boards, nf, flush):
    """``uint16[n]``: best five of seven (``nf`` = Hold'em pair table, 91 columns)."""
    n = hands.shape[0]
    out = np.empty(n, dtype=np.uint16)
    for i in prange(n):
        bd = boards[i]
        index, suit, mask = board_summary(bd[0], bd[1], bd[2], bd[3], bd[4])
        h0 = hands[i, 0]
        h1 = hands[i, 1]
        best = nf[index, PAIR_OF_CARDS[h0, h1]]
        if suit >= 0:
            if h0 & 3 == suit:
                mask |= 1 << (h0 >> 2)
            if h1 & 3 == suit:
                mask |= 1 << (h1 >> 2)
            v = flush[mask]  # 0 with fewer than five of the suit
            if v > best:
                best = v
        out[i] = best
    return out


@njit(cache=True, parallel=True)
def evaluate_omaha_hi_kernel(hands, boards, nf, board_row_of_mask, pair_of_mask, flush_best):
    """``uint16[n]``: Omaha high, two hole cards and three board cards (``nf``: Omaha pair
    table, 91 columns; the flush tables of
    :func:`omahanash.evaluate.tables.omaha_flush_tables`). The flush is looked up only when
    the board has three cards of a suit and the hand two of them."""
    n = hands.shape[0]
    out = np.empty(n, dtype=np.uint16)
    for i in prange(n):
        index, suit, mask = board_summary(boards[i, 0], boards[i, 1], boards[i, 2],
                                          boards[i, 3], boards[i, 4])
        # unsigned card indices: no negative-index fix-up (see board_summary)
        h0 = np.uint64(hands[i, 0])
        h1 = np.uint64(hands[i, 1])
        h2 = np.uint64(hands[i, 2])
        h3 = np.uint64(hands[i, 3])
        row = nf[index]
        best = max(row[PAIR_OF_CARDS[h0, h1]], row[PAIR_OF_CARDS[h0, h2]],
                   row[PAIR_OF_CARDS[h0, h3]], row[PAIR_OF_CARDS[h1, h2]],
                   row[PAIR_OF_CARDS[h1, h3]], row[PAIR_OF_CARDS[h2, h3]])
        if suit >= 0:
            hole = (suit_fields(np.int64(h0), np.int64(h1), np.int64(h2), np.int64(h3))
                    >> (suit << 4)) & 0x1FFF
            v = omaha_flush_lookup(hole, board_row_of_mask[mask], pair_of_mask, flush_best)
            if v > best:
                best = v
        out[i] = best
    return out


@njit(cache=True, parallel=True)
def evaluate_omaha_lo_kernel(hands, boards, low):
    """``uint8[n]``: Omaha 8-or-better low value (1..56, higher is better; 0 = none)."""
    n = hands.shape[0]
    out = np.empty(n, dtype=np.uint8)
    for i in prange(n):
        out[i] = low[low_set(hands[i]), low_set(boards[i])]
    return out


__all__ = [
    "evaluate_5_kernel",
    "evaluate_holdem_kernel",
    "evaluate_omaha_hi_kernel",
    "evaluate_omaha_lo_kernel",
]



@njit(cache=True, parallel=True)
def count_bad_deals(hands, boards):
    """How many rows of ``hands`` (``int8[n, k]``) with ``boards`` (``int8[n, m]``, ``m`` may
    be 0) hold a code outside 0..51 or one card twice. The public evaluators run it before
    their kernels. Per row, the sum and the union of the cards' bits are equal exactly when
    no bit repeats (``x + y == (x | y) + (x & y)``): two independent reductions, cheaper
    than testing each card against the ones before it."""
    bad = 0
    for i in prange(hands.shape[0]):
        total = np.uint64(0)
        union = np.uint64(0)
        top = np.uint8(0)  # as uint8 a negative code is > 51 too
        for j in range(hands.shape[1]):
            c = np.uint8(hands[i, j])
            top = max(top, c)
            bit = np.uint64(1) << np.uint64(c & 63)
            total += bit
            union |= bit
        for j in range(boards.shape[1]):
            c = np.uint8(boards[i, j])
            top = max(top, c)
            bit = np.uint64(1) << np.uint64(c & 63)
            total += bit
            union |= bit
        bad += (total != union) | (top > 51)
    return bad
