"""Scalar numba building blocks shared by every evaluation kernel (evaluators, exact
enumeration, Monte Carlo, table builders).

These are small ``@njit`` helpers on scalars (no array allocation) that LLVM inlines, so the
kernels that call them compile into straight-line code. Big tables are passed in as arrays;
the few small index tables below are module constants.

Board summary used everywhere: ``(board_index, flush_suit, flush_mask)`` where
``board_index`` is the rank-multiset index (0..6187) of the five board ranks, ``flush_suit``
the one suit with at least three board cards (-1 when none: then nobody can make a flush) and
``flush_mask`` the 13-bit rank mask of the board cards of that suit.

Helpers that take an array are inlined by numba itself (``inline="always"``): an ordinary
call with array arguments costs reference counting (atomic operations) on every call, which
made an enumeration ~20 times slower.

Note for maintainers: numba's on-disk cache of a kernel does not notice edits to the helpers
it inlines; after changing this file, delete the ``__pycache__/*.nbi`` / ``*.nbc`` files.
"""

from __future__ import annotations

from math import comb

import numpy as np
from numba import njit

from omahanash.evaluate.tables import lookup_table

# Small constant tables (global arrays are frozen into the compiled code, no argument passing).
# See omahanash.evaluate.tables for their definitions.
PAIR_OF_CARDS = lookup_table("pair_of_cards")  # [card, card] -> rank pair 0..90
QUAD_OF_PAIRS = lookup_table("quad_of_pairs")  # [pair, pair] -> rank quad 0..1819
FIVE_OF_QUAD = lookup_table("five_of_quad")  # [quad, card] -> rank multiset 0..6187
LOW_BIT_OF_CARD = lookup_table("low_bit_of_card")  # [card] -> 1 << low bit, or 0
# BINOMIAL[k, n] = C(n, k), n <= 17: multiset index terms (numba's integer // is slow).
BINOMIAL = np.array([[comb(n, k) for n in range(18)] for k in range(6)], dtype=np.int64)


@njit(inline="always")
def board_index(c0, c1, c2, c3, c4):
    """Rank-multiset index (0..6187) of five board card codes in any order: three lookups."""
    # Unsigned card indices: numba skips its negative-index fix-up (the tables are uint16).
    return FIVE_OF_QUAD[QUAD_OF_PAIRS[PAIR_OF_CARDS[np.uint64(c0), np.uint64(c1)],
                                      PAIR_OF_CARDS[np.uint64(c2), np.uint64(c3)]],
                        np.uint64(c4)]


@njit(cache=True)
def board_summary(c0, c1, c2, c3, c4):
    """(board_index, flush_suit, flush_mask) of five board card codes in any order."""
    index = board_index(c0, c1, c2, c3, c4)
    # Suit counts one nibble per suit; adding 5 to each nibble sets its bit 3 exactly when
    # the count is >= 3 (at most one suit can have three of five cards).
    counts = ((1 << ((c0 & 3) << 2)) + (1 << ((c1 & 3) << 2)) + (1 << ((c2 & 3) << 2))
              + (1 << ((c3 & 3) << 2)) + (1 << ((c4 & 3) << 2)))
    flagged = (counts + 0x5555) & 0x8888
    if flagged == 0:
        return index, -1, 0
    suit = (flagged > 0x8) + (flagged > 0x80) + (flagged > 0x800)
    # Rank masks 16 bits per suit, then the flush suit's field.
    masks = ((1 << (((c0 & 3) << 4) + (c0 >> 2))) | (1 << (((c1 & 3) << 4) + (c1 >> 2)))
             | (1 << (((c2 & 3) << 4) + (c2 >> 2))) | (1 << (((c3 & 3) << 4) + (c3 >> 2)))
             | (1 << (((c4 & 3) << 4) + (c4 >> 2))))
    return index, suit, (masks >> (suit << 4)) & 0x1FFF


@njit(inline="always")
def suit_fields(c0, c1, c2, c3):
    """Rank masks of four card codes, 16 bits per suit (suit ``s`` at bits ``16 s ..``)."""
    one = np.int64(1)
    return ((one << (((c0 & 3) << 4) + (c0 >> 2))) | (one << (((c1 & 3) << 4) + (c1 >> 2)))
            | (one << (((c2 & 3) << 4) + (c2 >> 2))) | (one << (((c3 & 3) << 4) + (c3 >> 2))))


@njit(inline="always")
def suit_mask(cards, suit):
    """13-bit rank mask of the cards (a 1-d array) of one suit."""
    mask = 0
    for i in range(cards.shape[0]):
        if cards[i] & 3 == suit:
            mask |= 1 << (cards[i] >> 2)
    return mask


@njit(inline="always")
def omaha_flush_value(hole_mask, board_mask, flush):
    """Best flush with exactly two ranks of ``hole_mask`` and three of ``board_mask`` (one
    suit), 0 when the hole has fewer than two; masks of one suit never share a rank."""
    best = 0
    h1 = hole_mask
    while h1:
        a = h1 & -h1
        h1 ^= a
        h2 = h1
        while h2:
            b = h2 & -h2
            h2 ^= b
            t1 = board_mask
            while t1:
                x = t1 & -t1
                t1 ^= x
                t2 = t1
                while t2:
                    y = t2 & -t2
                    t2 ^= y
                    t3 = t2
                    while t3:
                        z = t3 & -t3
                        t3 ^= z
                        v = flush[a | b | x | y | z]
                        if v > best:
                            best = v
    return best


@njit(inline="always")
def omaha_flush_lookup(hole_mask, board_row, pair_of_mask, best):
    """:func:`omaha_flush_value` by table (see
    :func:`omahanash.evaluate.tables.omaha_flush_tables`): ``board_row`` is the row of the
    board's flush-suit mask (``-1``: no flush possible), ``hole_mask`` the hand's ranks in
    that suit. One lookup for the usual two suited hole cards."""
    if board_row < 0 or hole_mask & (hole_mask - 1) == 0:
        return 0
    pair = pair_of_mask[hole_mask]
    if pair >= 0:
        return np.int64(best[board_row, pair])
    v = 0
    h1 = hole_mask
    while h1:
        a = h1 & -h1
        h1 ^= a
        h2 = h1
        while h2:
            b = h2 & -h2
            h2 ^= b
            w = best[board_row, pair_of_mask[a | b]]
            if w > v:
                v = w
    return np.int64(v)


@njit(inline="always")
def low_set(cards):
    """8-bit set of the low ranks (ace = bit 0, 2..8 = bits 1..7) among the cards (1-d)."""
    mask = 0
    for i in range(cards.shape[0]):
        mask |= LOW_BIT_OF_CARD[cards[i]]
    return mask


@njit(cache=True)
def low_set5(c0, c1, c2, c3, c4):
    """:func:`low_set` of five scalar card codes."""
    return (LOW_BIT_OF_CARD[c0] | LOW_BIT_OF_CARD[c1] | LOW_BIT_OF_CARD[c2]
            | LOW_BIT_OF_CARD[c3] | LOW_BIT_OF_CARD[c4])


@njit(inline="always")
def showdown_units(high1, high2, low1, low2, hilo):
    """Heads-up pot split in quarter-pot units: (high units 1, low units 1, high units 2,
    low units 2), summing to 4. Low values: higher is better, 0 = no qualifying low."""
    high_pot = 4
    if hilo and (low1 > 0 or low2 > 0):
        high_pot = 2
    if high1 > high2:
        h1, h2 = high_pot, 0
    elif high2 > high1:
        h1, h2 = 0, high_pot
    else:
        h1, h2 = high_pot // 2, high_pot // 2
    l1 = 0
    l2 = 0
    if high_pot == 2:
        if low1 > low2:
            l1 = 2
        elif low2 > low1:
            l2 = 2
        else:
            l1 = 1
            l2 = 1
    return h1, l1, h2, l2


@njit(inline="always")
def hand_high(nonflush_value, hole_suit_mask, suit, board_mask, flush, omaha):
    """High value of a hand from its non-flush value (looked up by the caller) and, when the
    board has a flush suit (``suit >= 0``), the hand's rank mask in that suit.

    Omaha: exactly two suited hole ranks with three board ranks. Hold'em: the best five of
    the suit's ranks among all seven cards.
    """
    if suit < 0:
        return nonflush_value
    if omaha:
        v = omaha_flush_value(hole_suit_mask, board_mask, flush)
    else:
        v = flush[hole_suit_mask | board_mask]  # 0 with fewer than five of the suit
    return v if v > nonflush_value else nonflush_value


@njit(inline="always")
def omaha_high_value(c0, c1, c2, c3, index, suit, board_mask, nonflush, flush):
    """Omaha high value of hole cards ``c0..c3`` on a board given by its summary;
    ``nonflush`` is the 91-pair table (:func:`omahanash.evaluate.nonflush_table`)."""
    row = index
    best = max(nonflush[row, PAIR_OF_CARDS[c0, c1]], nonflush[row, PAIR_OF_CARDS[c0, c2]],
               nonflush[row, PAIR_OF_CARDS[c0, c3]], nonflush[row, PAIR_OF_CARDS[c1, c2]],
               nonflush[row, PAIR_OF_CARDS[c1, c3]], nonflush[row, PAIR_OF_CARDS[c2, c3]])
    if suit < 0:
        return np.int64(best)
    hole_mask = 0
    for c in (c0, c1, c2, c3):
        if c & 3 == suit:
            hole_mask |= 1 << (c >> 2)
    v = omaha_flush_value(hole_mask, board_mask, flush)
    return np.int64(v if v > best else best)
