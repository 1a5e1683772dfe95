"""Exact flush correction of Omaha table cells: the enumerated twin of :mod:`.flush_correction`.

A cell ``(a, b)`` = the exact suit-blind share (:mod:`.suit_blind`, per pair of rank quads)
plus the flush correction: the mean over the members ``m`` of ``b`` disjoint from ``a``'s
representative ``r`` and over all C(44, 5) = 1,086,008 boards of (pot share with flushes -
pot share with suits ignored). :func:`exact_flush_kernel` computes that sum *exactly*, in
integer quarter pots, with two reductions:

* only boards that can change anything are visited: three or more cards of a suit of which
  ``r`` or ``m`` holds two (a board has at most one such suit). Per such suit ``s`` the board
  is ``j`` = 3, 4 or 5 cards of ``s`` and ``5 - j`` of the other suits, enumerated as such
  (about 9 % of the boards per suit); the flush values depend on the ``s`` cards only and
  are looked up once per ``s``-subset;
* members of ``b`` are taken one per orbit of the suit permutations that fix ``r`` (its
  stabiliser, up to 6 permutations), weighted by the orbit's size: all members of an orbit
  have the same correction.

Integer sums make the result independent of thread count and order: the same bits on any
machine, worker or engine.

>>> from omahanash.equity.tables import class_data
>>> data = class_data("omaha", np.array([0, 715]))
>>> corr, weight = exact_flush(data, np.array([0]), np.array([1]), hilo=False)
>>> int(weight[0]), int(corr[0]) != 0   # 2s3s4s5s vs the six 2x3x4x 2y disjoint from it
(6, True)
"""

from __future__ import annotations

from itertools import permutations

import numpy as np
from numba import njit, prange

from omahanash.equity.table_kernels.suit_blind import class_quads, quad_data, quarter_pots
from omahanash.evaluate.core import FIVE_OF_QUAD, PAIR_OF_CARDS, QUAD_OF_PAIRS
from omahanash.evaluate.tables import low_table, omaha_flush_tables

SUIT_PERMUTATIONS = np.array(list(permutations(range(4))), dtype=np.int64)  # 24 x 4
BOARDS = 1_086_008  # C(44, 5)


@njit(inline="always")
def _mask_under(cards, perm):
    """52-bit mask of four card codes with their suits renamed by ``perm``."""
    out = np.uint64(0)
    for i in range(4):
        c = cards[i]
        out |= np.uint64(1) << np.uint64((c & ~3) | perm[c & 3])
    return out


@njit(inline="always")
def _delta(x, fa, fb, pa, pb, la, lb, board_low, low, hilo):
    """Quarter pots that flushes move to ``a`` on boards of rank multiset ``x``."""
    ra = np.int64(pa[x])
    rb = np.int64(pb[x])
    lowa = np.int64(0)
    lowb = np.int64(0)
    if hilo:
        bl = board_low[x]
        lowa = np.int64(low[la, bl])
        lowb = np.int64(low[lb, bl])
    return quarter_pots(max(ra, fa), max(rb, fb), lowa, lowb, hilo) \
        - quarter_pots(ra, rb, lowa, lowb, hilo)


@njit(inline="always")
def _flush_value(hole, row, pair_of_mask, best):
    """Omaha flush of a hole rank mask (one suit) on the board row (0: fewer than two)."""
    if hole & (hole - 1) == 0:
        return np.int64(0)
    pair = pair_of_mask[hole]
    if pair >= 0:
        return np.int64(best[row, pair])
    v = np.int64(0)
    h1 = hole
    while h1:
        a = h1 & -h1
        h1 ^= a
        h2 = h1
        while h2:
            b = h2 & -h2
            h2 ^= b
            w = np.int64(best[row, pair_of_mask[a | b]])
            if w > v:
                v = w
    return v


@njit(cache=True)
def _suit_correction(suit, mask_used, hole_a, hole_b, pa, pb, la, lb, board_low, low, hilo,
                     board_row, pair_of_mask, best):
    """Sum of :func:`_delta` over the boards with three or more cards of ``suit`` drawn from
    the cards not in ``mask_used``."""
    same = np.empty(13, np.int64)
    other = np.empty(39, np.int64)
    ns = 0
    no = 0
    for c in range(52):
        if (mask_used >> np.uint64(c)) & np.uint64(1):
            continue
        if c & 3 == suit:
            same[ns] = c
            ns += 1
        else:
            other[no] = c
            no += 1
    total = np.int64(0)
    for i0 in range(ns):
        s0 = same[i0]
        for i1 in range(i0 + 1, ns):
            s1 = same[i1]
            p01 = PAIR_OF_CARDS[s0, s1]
            for i2 in range(i1 + 1, ns):
                s2 = same[i2]
                ranks3 = (1 << (s0 >> 2)) | (1 << (s1 >> 2)) | (1 << (s2 >> 2))
                row = board_row[ranks3]
                fa = _flush_value(hole_a, row, pair_of_mask, best)
                fb = _flush_value(hole_b, row, pair_of_mask, best)
                for o0 in range(no):  # three of the suit and two others
                    q = QUAD_OF_PAIRS[p01, PAIR_OF_CARDS[s2, other[o0]]]
                    for o1 in range(o0 + 1, no):
                        total += _delta(FIVE_OF_QUAD[q, other[o1]], fa, fb, pa, pb, la, lb,
                                        board_low, low, hilo)
                for i3 in range(i2 + 1, ns):
                    s3 = same[i3]
                    ranks4 = ranks3 | (1 << (s3 >> 2))
                    row4 = board_row[ranks4]
                    fa4 = _flush_value(hole_a, row4, pair_of_mask, best)
                    fb4 = _flush_value(hole_b, row4, pair_of_mask, best)
                    q = QUAD_OF_PAIRS[p01, PAIR_OF_CARDS[s2, s3]]
                    for o0 in range(no):  # four of the suit and one other
                        total += _delta(FIVE_OF_QUAD[q, other[o0]], fa4, fb4, pa, pb, la, lb,
                                        board_low, low, hilo)
                    for i4 in range(i3 + 1, ns):  # five of the suit
                        s4 = same[i4]
                        row5 = board_row[ranks4 | (1 << (s4 >> 2))]
                        fa5 = _flush_value(hole_a, row5, pair_of_mask, best)
                        fb5 = _flush_value(hole_b, row5, pair_of_mask, best)
                        total += _delta(FIVE_OF_QUAD[q, s4], fa5, fb5, pa, pb, la, lb,
                                        board_low, low, hilo)
    return total


@njit(cache=True, nogil=True)
def _cell(k, rows, cols, representatives, member_cards, member_masks, member_offsets, quads,
          quad_low, profiles, board_low, low, hilo, board_row, pair_of_mask, best, perms,
          correction, members):
    """Cell ``k`` of :func:`exact_flush_kernel` into ``correction[k]``, ``members[k]``. A
    kernel of its own called once per cell, not the parallel loop's body: the parallel pass
    then compiles one call instead of the whole cell (cold compile cheaper)."""
    one = np.uint64(1)
    a = rows[k]
    b = cols[k]
    rep = representatives[a]
    mask_a = np.uint64(0)
    for i in range(4):
        mask_a |= one << np.uint64(rep[i])
    stab = np.empty((24, 4), np.int64)
    nstab = 0
    for p in range(24):
        if _mask_under(rep, perms[p]) == mask_a:
            stab[nstab] = perms[p]
            nstab += 1
    fields_a = np.zeros(4, np.int64)
    for i in range(4):
        fields_a[rep[i] & 3] |= 1 << (rep[i] >> 2)
    qa = quads[a]
    qb = quads[b]
    pa = profiles[qa]
    pb = profiles[qb]
    la = quad_low[qa]
    lb = quad_low[qb]
    total = np.int64(0)
    used = np.int64(0)
    for j in range(member_offsets[b], member_offsets[b + 1]):
        mask_m = member_masks[j]
        if mask_m & mask_a:
            continue
        used += 1
        m = member_cards[j]
        # one member per orbit of the stabiliser of the representative, times its size
        smallest = mask_m
        fixed = 0
        for p in range(nstab):
            image = _mask_under(m, stab[p])
            if image < smallest:
                smallest = image
            if image == mask_m:
                fixed += 1
        if smallest != mask_m:
            continue
        orbit = nstab // fixed
        fields_m = np.zeros(4, np.int64)
        for i in range(4):
            fields_m[m[i] & 3] |= 1 << (m[i] >> 2)
        for s in range(4):
            ha = fields_a[s]
            hm = fields_m[s]
            if ha & (ha - 1) == 0 and hm & (hm - 1) == 0:
                continue  # neither holds two of this suit: its flushes change nothing
            total += orbit * _suit_correction(s, mask_a | mask_m, ha, hm, pa, pb, la, lb,
                                              board_low, low, hilo, board_row,
                                              pair_of_mask, best)
    correction[k] = total
    members[k] = used


@njit(cache=True, parallel=True, nogil=True)
def exact_flush_kernel(rows, cols, representatives, member_cards, member_masks, member_offsets,
                       quads, quad_low, profiles, board_low, low, hilo, board_row,
                       pair_of_mask, best, perms):
    """``(correction int64[k], members int64[k])`` of cells ``(rows[k], cols[k])``:
    ``members`` = how many members of ``cols[k]`` are disjoint from the representative of
    ``rows[k]``, ``correction`` = the sum over them and over all boards of the quarter pots
    that flushes move to the representative (see the module doc)."""
    count = rows.size
    correction = np.zeros(count, np.int64)
    members = np.zeros(count, np.int64)
    for k in prange(count):
        # np.int64: the loop index is uint64 in the generated gufunc but int64 in typing; a
        # bare index would compile _cell twice.
        _cell(np.int64(k), rows, cols, representatives, member_cards, member_masks,
              member_offsets, quads, quad_low, profiles, board_low, low, hilo, board_row,
              pair_of_mask, best, perms, correction, members)
    return correction, members


def exact_flush(data, rows: np.ndarray, cols: np.ndarray, hilo: bool,
                ) -> tuple[np.ndarray, np.ndarray]:
    """:func:`exact_flush_kernel` on cells of a :class:`~omahanash.equity.tables.ClassData`
    (positions ``rows``, ``cols``)."""
    _, quad_low, board_low, profiles = quad_data()
    board_row, pair_of_mask, best = omaha_flush_tables()
    return exact_flush_kernel(
        np.asarray(rows, np.int64), np.asarray(cols, np.int64),
        data.representatives.astype(np.int64), data.member_cards.astype(np.int64),
        data.member_masks, data.member_offsets, class_quads(data.representatives), quad_low,
        profiles, board_low, low_table(), bool(hilo), board_row, pair_of_mask, best,
        SUIT_PERMUTATIONS)
