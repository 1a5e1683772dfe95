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

#: What a kernel writes for a row whose cards are not valid (a code outside 0..51 or a card
#: twice): no real value takes it, so the caller counts the bad rows with one comparison.
#: ``check=False`` skips the test (a predictable branch: the kernels' full speed) for arrays the
#: library made itself; the public evaluators of :mod:`omahanash.evaluate` always check.
INVALID_HIGH = np.uint16(0xFFFF)
INVALID_LOW = np.uint8(0xFF)


@njit(cache=True, inline="always")
def _bad_cards(a, b, i):
    """True when row ``i`` of ``a`` with row ``i`` of ``b`` (2-D; ``b`` may have no columns)
    holds a code outside 0..51 or one card twice. The sum and the union of the cards' bits are
    equal exactly when no bit repeats (``x + y == (x | y) + (x & y)``): two reductions, no
    card-against-card tests, no row views."""
    total = np.uint64(0)
    union = np.uint64(0)
    top = np.uint8(0)  # as uint8 a negative code is > 51 too
    for j in range(a.shape[1]):
        c = np.uint8(a[i, j])
        top = max(top, c)
        bit = np.uint64(1) << np.uint64(c & 63)
        total += bit
        union |= bit
    for j in range(b.shape[1]):
        c = np.uint8(b[i, j])
        top = max(top, c)
        bit = np.uint64(1) << np.uint64(c & 63)
        total += bit
        union |= bit
    return total != union or top > 51


@njit(cache=True, parallel=True)
def evaluate_5_kernel(cards, rank5, flush, check=True):
    """``uint16[n]`` high values of ``(n, 5)`` five-card hands (:data:`INVALID_HIGH` for a
    row with a bad code or a card twice)."""
    n = cards.shape[0]
    out = np.empty(n, dtype=np.uint16)
    for i in prange(n):
        if check and _bad_cards(cards, cards[:, :0], i):
            out[i] = INVALID_HIGH
            continue
        c0, c1, c2, c3, c4 = cards[i, 0], cards[i, 1], cards[i, 2], cards[i, 3], cards[i, 4]
        index, suit, mask = board_summary(c0, c1, c2, c3, c4)
        s = c0 & 3
        if (c1 & 3) == s and (c2 & 3) == s and (c3 & 3) == s and (c4 & 3) == s:
            out[i] = flush[mask]  # the flush suit's mask holds all five ranks
        else:
            out[i] = rank5[index]
    return out


@njit(cache=True, parallel=True)
def evaluate_holdem_kernel(hands, boards, nf, flush, check=True):
    """``uint16[n]``: best five of seven (``nf`` = Hold'em pair table, 91 columns);
    :data:`INVALID_HIGH` for a row with a bad code or a card twice."""
    n = hands.shape[0]
    out = np.empty(n, dtype=np.uint16)
    for i in prange(n):
        bd = boards[i]
        if check and _bad_cards(hands, boards, i):
            out[i] = INVALID_HIGH
            continue
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
def evaluate_omaha_hi_kernel(hands, boards, nf, board_row_of_mask, pair_of_mask, flush_best,
                             check=True):
    """``uint16[n]``: Omaha high, two hole cards and three board cards (``nf``: Omaha pair
    table, 91 columns; the flush tables of
    :func:`omahanash.evaluate.tables.omaha_flush_tables`); :data:`INVALID_HIGH` for a row with
    a bad code or a card twice. The flush is looked up only when the board has three cards of
    a suit and the hand two of them."""
    n = hands.shape[0]
    out = np.empty(n, dtype=np.uint16)
    for i in prange(n):
        if check and _bad_cards(hands, boards, i):
            out[i] = INVALID_HIGH
            continue
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
def evaluate_omaha_lo_kernel(hands, boards, low, check=True):
    """``uint8[n]``: Omaha 8-or-better low value (1..56, higher is better; 0 = none);
    :data:`INVALID_LOW` for a row with a bad code or a card twice."""
    n = hands.shape[0]
    out = np.empty(n, dtype=np.uint8)
    for i in prange(n):
        if check and _bad_cards(hands, boards, i):
            out[i] = INVALID_LOW
            continue
        out[i] = low[low_set(hands[i]), low_set(boards[i])]
    return out


__all__ = [
    "evaluate_5_kernel",
    "evaluate_holdem_kernel",
    "evaluate_omaha_hi_kernel",
    "evaluate_omaha_lo_kernel",
]
