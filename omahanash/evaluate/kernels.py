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
    FIVE_OF_QUAD,
    PAIR_OF_CARDS,
    QUAD_OF_PAIRS,
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


# Unsigned copies of the board-index tables: numba adds a negative-index fix-up to every
# lookup with a signed index, and unsigned ones skip it (~20 % of a random-deal evaluation).
_PAIR_U = PAIR_OF_CARDS.astype(np.uint16)
_QUAD_U = QUAD_OF_PAIRS.astype(np.uint16)
_FIVE_U = FIVE_OF_QUAD.astype(np.uint16)


@njit(cache=True, parallel=True)
def evaluate_omaha_hi_kernel(hands, boards, nf, board_row_of_mask, pair_of_mask, flush_best):
    """``uint16[n]``: Omaha high, two hole cards and three board cards (``nf``: Omaha pair
    table, 91 columns; the flush tables of
    :func:`omahanash.evaluate.tables.omaha_flush_tables`). The flush is looked up only when
    the board has three cards of a suit and the hand two of them."""
    n = hands.shape[0]
    out = np.empty(n, dtype=np.uint16)
    for i in prange(n):
        b0 = np.uint64(boards[i, 0])
        b1 = np.uint64(boards[i, 1])
        b2 = np.uint64(boards[i, 2])
        b3 = np.uint64(boards[i, 3])
        b4 = np.uint64(boards[i, 4])
        h0 = np.uint64(hands[i, 0])
        h1 = np.uint64(hands[i, 1])
        h2 = np.uint64(hands[i, 2])
        h3 = np.uint64(hands[i, 3])
        index = _FIVE_U[np.uint64(_QUAD_U[np.uint64(_PAIR_U[b0, b1]),
                                          np.uint64(_PAIR_U[b2, b3])]), b4]
        row = nf[np.uint64(index)]
        best = max(row[np.uint64(_PAIR_U[h0, h1])], row[np.uint64(_PAIR_U[h0, h2])],
                   row[np.uint64(_PAIR_U[h0, h3])], row[np.uint64(_PAIR_U[h1, h2])],
                   row[np.uint64(_PAIR_U[h1, h3])], row[np.uint64(_PAIR_U[h2, h3])])
        c0 = np.int64(b0)
        c1 = np.int64(b1)
        c2 = np.int64(b2)
        c3 = np.int64(b3)
        c4 = np.int64(b4)
        counts = ((1 << ((c0 & 3) << 2)) + (1 << ((c1 & 3) << 2)) + (1 << ((c2 & 3) << 2))
                  + (1 << ((c3 & 3) << 2)) + (1 << ((c4 & 3) << 2)))
        flagged = (counts + 0x5555) & 0x8888  # a suit with >= 3 cards (see board_summary)
        shift = ((flagged > 0x8) + (flagged > 0x80) + (flagged > 0x800)) << 4
        hole = (suit_fields(np.int64(h0), np.int64(h1), np.int64(h2), np.int64(h3))
                >> shift) & 0x1FFF
        if flagged != 0 and hole & (hole - 1) != 0:
            board = suit_fields(c0, c1, c2, c3) | (1 << (((c4 & 3) << 4) + (c4 >> 2)))
            flush_row = board_row_of_mask[(board >> shift) & 0x1FFF]
            v = omaha_flush_lookup(hole, flush_row, pair_of_mask, flush_best)
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
