"""Exact suit-blind rank equity of Omaha hands: the exact part of a table cell.

A cell of an Omaha table (:mod:`omahanash.equity.tables`) is the pot share of one class's
representative against a random member of another class. With suits ignored (no flushes)
that share depends on the two hands' rank multisets only, their *quads* (1,820 four-rank
multisets): :func:`rank_equity` computes it exactly for pairs of quads by enumerating the
6,188 board rank multisets, each weighted by its number of boards. What flushes change is
sampled on top (:mod:`omahanash.equity.table_kernels.flush_correction`).

>>> from omahanash.cards import parse_cards
>>> aces, kings = parse_cards("As Ah Ad Kc"), parse_cards("Ks Kh Qd Qc")
>>> quads = class_quads(np.array([aces, kings]))
>>> share = rank_equity_of_pairs(quads[:1], quads[1:], hilo=False)[quads[0], quads[1]]
>>> 0.5 < float(share) < 1.0
True
"""

from __future__ import annotations

from functools import cache

import numpy as np
from numba import njit, prange

from omahanash.evaluate import nonflush_table
from omahanash.evaluate.tables import (
    lookup_table,
    low_table,
    multiset_indices,
    multiset_ranks,
    pair_index,
)
from omahanash.runs import CancelFlag, ProgressCallback


@njit(inline="always")
def quarter_pots(high_a, high_b, low_a, low_b, hilo):
    """Quarter pots won by ``a`` (0..4) from the two high values and the two low values
    (0: no qualifying low), branch-free: unpredictable branches, not arithmetic, are what a
    sample costs."""
    d_high = np.int64(high_a > high_b) - np.int64(high_a < high_b)
    if hilo:
        split = np.int64((low_a | low_b) != 0)
        d_low = np.int64(low_a > low_b) - np.int64(low_a < low_b)
        return (2 - split) * (1 + d_high) + split * (1 + d_low)
    return 2 + 2 * d_high


@njit(cache=True, parallel=True, nogil=True)
def quad_profiles_kernel(nf: np.ndarray, quad_pairs: np.ndarray) -> np.ndarray:
    """``uint16[1820, 6188]``: best non-flush Omaha value of each four-rank multiset (its six
    rank pairs ``quad_pairs[q]``) on each board rank multiset."""
    out = np.empty((quad_pairs.shape[0], nf.shape[0]), np.uint16)
    for q in prange(quad_pairs.shape[0]):
        p0, p1, p2 = quad_pairs[q, 0], quad_pairs[q, 1], quad_pairs[q, 2]
        p3, p4, p5 = quad_pairs[q, 3], quad_pairs[q, 4], quad_pairs[q, 5]
        for x in range(nf.shape[0]):
            out[q, x] = max(nf[x, p0], nf[x, p1], nf[x, p2], nf[x, p3], nf[x, p4], nf[x, p5])
    return out


@njit(cache=True, parallel=True, nogil=True)
def rank_equity_kernel(quad_ranks: np.ndarray, quad_low: np.ndarray, prof: np.ndarray,
                       board_low: np.ndarray, low: np.ndarray, hilo: bool,
                       first: np.ndarray, second: np.ndarray) -> np.ndarray:
    """Exact pot share of rank quad ``first[k]`` against ``second[k]`` with suits ignored (no
    flushes), over every board of the 44 cards left: ``nan`` when the two quads need more
    than four cards of a rank.

    The boards are enumerated as rank multisets ``r0 <= .. <= r4`` in five nested loops that
    carry the multiset index and the number of boards with those ranks,
    ``prod C(available_r, count_r)``, built factor by factor (``C(a, c+1) = C(a, c) (a-c)/(c+1)``).
    """
    ratio, t1, t2, t3, t4 = _board_terms()
    out = np.empty(first.size, np.float64)
    for k in prange(first.size):
        out[k] = _rank_share(first[k], second[k], quad_ranks, quad_low, prof, board_low, low,
                             hilo, ratio, t1, t2, t3, t4)
    return out


@njit(cache=True)
def _board_terms() -> tuple:
    """``(ratio, t1, t2, t3, t4)`` of :func:`rank_equity_kernel`: ``ratio[a, c] = (a - c) / (c
    + 1)`` (the factor from ``C(a, c)`` to ``C(a, c + 1)``, 0 past ``a``) and the multiset index
    terms ``C(r + i, i + 1)`` for ``i = 1..4``."""
    ratio = np.zeros((5, 6))
    for a in range(5):
        for c in range(5):
            ratio[a, c] = max(a - c, 0) / (c + 1)
    t1 = np.empty(13, np.int64)
    t2 = np.empty(13, np.int64)
    t3 = np.empty(13, np.int64)
    t4 = np.empty(13, np.int64)
    for r in range(13):
        t1[r] = r * (r + 1) // 2
        t2[r] = r * (r + 1) * (r + 2) // 6
        t3[r] = r * (r + 1) * (r + 2) * (r + 3) // 24
        t4[r] = r * (r + 1) * (r + 2) * (r + 3) * (r + 4) // 120
    return ratio, t1, t2, t3, t4


@njit(cache=True, nogil=True)
def _rank_share(qa, qb, quad_ranks, quad_low, prof, board_low, low, hilo, ratio, t1, t2, t3,
                t4):
    """One pair of :func:`rank_equity_kernel`: the pot share of quad ``qa`` against ``qb``
    (``nan`` when impossible). A plain (serial) kernel of its own: the parallel kernel around
    it stays small, which keeps its compilation short."""
    avail = np.full(13, 4, np.int64)
    for i in range(4):
        avail[quad_ranks[qa, i]] -= 1
        avail[quad_ranks[qb, i]] -= 1
    if avail.min() < 0:
        return np.nan
    fav = avail.astype(np.float64)
    la = quad_low[qa]
    lb = quad_low[qb]
    pa = prof[qa]
    pb = prof[qb]
    total = 0.0
    boards = 0.0
    for r0 in range(13):
        w0 = fav[r0]
        if w0 == 0.0:
            continue
        for r1 in range(r0, 13):
            c1 = 1 if r1 == r0 else 0
            w1 = w0 * ratio[avail[r1], c1]
            if w1 == 0.0:
                continue
            x1 = r0 + t1[r1]
            for r2 in range(r1, 13):
                c2 = c1 + 1 if r2 == r1 else 0
                w2 = w1 * ratio[avail[r2], c2]
                if w2 == 0.0:
                    continue
                x2 = x1 + t2[r2]
                for r3 in range(r2, 13):
                    c3 = c2 + 1 if r3 == r2 else 0
                    w3 = w2 * ratio[avail[r3], c3]
                    if w3 == 0.0:
                        continue
                    x3 = x2 + t3[r3]
                    # r4 == r3 (one more of that rank), then every higher rank once.
                    w = ratio[avail[r3], c3 + 1]
                    x = x3 + t4[r3]
                    acc = w * quarter_pots(pa[x], pb[x], low[la, board_low[x]],
                                           low[lb, board_low[x]], hilo)
                    weight = w
                    for r4 in range(r3 + 1, 13):
                        x = x3 + t4[r4]
                        acc += fav[r4] * quarter_pots(pa[x], pb[x],
                                                      low[la, board_low[x]],
                                                      low[lb, board_low[x]], hilo)
                        weight += fav[r4]
                    total += w3 * acc
                    boards += w3 * weight
    return total / (4.0 * boards)


@cache
def quad_data() -> tuple[np.ndarray, np.ndarray, np.ndarray, np.ndarray]:
    """``(quad_ranks int64[1820, 4], quad_low int64[1820], board_low int64[6188],
    profiles uint16[1820, 6188])`` for the rank-equity kernel (numpy + one fast kernel)."""
    quad_ranks = multiset_ranks(4).astype(np.int64)
    board_ranks = multiset_ranks(5).astype(np.int64)
    low_bit = lookup_table("low_bit_of_card")
    quad_low = np.bitwise_or.reduce(low_bit[quad_ranks * 4], axis=1).astype(np.int64)
    board_low = np.bitwise_or.reduce(low_bit[board_ranks * 4], axis=1).astype(np.int64)
    pairs = np.array([[pair_index(int(r[i]), int(r[j])) for i in range(4) for j in range(i + 1, 4)]
                      for r in quad_ranks], dtype=np.int64)
    profiles = quad_profiles_kernel(nonflush_table("omaha"), pairs)
    return quad_ranks, quad_low, board_low, profiles


def class_quads(representatives: np.ndarray) -> np.ndarray:
    """``int64[n]``: the four-rank multiset index of each class (its representative's ranks)."""
    return multiset_indices(np.sort(np.asarray(representatives, np.int64) >> 2, axis=1))


def rank_equity(quads: np.ndarray, hilo: bool, progress: ProgressCallback | None = None,
                cancel: CancelFlag | None = None, chunks: int = 1) -> np.ndarray:
    """``float64[1820, 1820]``: exact suit-blind pot share of quad ``qa`` against ``qb`` for
    every pair of the given quads (``nan`` elsewhere and for impossible pairs); the two
    orders are complementary. ``chunks`` > 1 computes in pieces, calling ``progress(done,
    chunks)`` and checking ``cancel`` between them."""
    present = np.unique(np.asarray(quads, np.int64))
    first, second = np.triu_indices(present.size)
    return rank_equity_of_pairs(present[first], present[second], hilo, progress, cancel,
                                chunks)


def rank_equity_of_pairs(first: np.ndarray, second: np.ndarray, hilo: bool,
                         progress: ProgressCallback | None = None,
                         cancel: CancelFlag | None = None, chunks: int = 1) -> np.ndarray:
    """Like :func:`rank_equity`, but only for the quad pairs ``(first[k], second[k])`` (and
    their mirror images): what a few cells need, without all pairs of their quads."""
    quad_ranks, quad_low, board_low, profiles = quad_data()
    q = quad_ranks.shape[0]
    keys = np.unique(np.minimum(first, second).astype(np.int64) * q
                     + np.maximum(first, second).astype(np.int64))
    lo, hi = keys // q, keys % q
    values = np.empty(keys.size)
    bounds = np.linspace(0, keys.size, max(1, chunks) + 1).astype(np.int64)
    for piece in range(bounds.size - 1):
        if cancel is not None:
            cancel.raise_if_cancelled()
        start, stop = bounds[piece], bounds[piece + 1]
        values[start:stop] = rank_equity_kernel(quad_ranks, quad_low, profiles, board_low,
                                                low_table(), bool(hilo), lo[start:stop],
                                                hi[start:stop])
        if progress is not None:
            progress(piece + 1, bounds.size - 1)
    out = np.full((q, q), np.nan)
    out[hi, lo] = 1.0 - values
    out[lo, hi] = values  # second: the diagonal keeps its own value (0.5)
    return out
