"""Numba kernels of the jam-fold solvers: table–vector products streamed from a triangle.

The game matrix (see :mod:`omahanash.jamfold.game`) is ``G[a, b] = pairs[a, b] * (alpha * s[a, b]
+ row_offset)`` for a stored cell ``a <= b`` (``s`` the stored equity, ``alpha`` folds in its
scale) and ``G[b, a] = pairs[a, b] * (col_offset - alpha * s[a, b])`` for its mirror, because
``equity[b, a] = 1 - equity[a, b]``. With ``alpha = 0`` and both offsets 1 the same kernel gives
the plain ``pairs`` matrix.

``pairs[a, b]`` is passed as ``row_weight[a] * counts[a, b]``: with ``row_weight`` the combos
of ``a`` the counts (members of ``b`` disjoint from one member of ``a``, at most 24) fit in a
byte, so a full Omaha pass streams 3 bytes a cell (405 MB) instead of 4 (uint16 pairs).

One pass over the triangle yields both ``G @ q`` and ``G.T @ p``: each stored cell contributes
to four sums. Row sums go straight to the output (a row belongs to one chunk); column sums go
to a per-chunk buffer that is added up at the end, so the threads never write to the same
place. The pass is bound by memory and cache traffic, not arithmetic.
"""

from __future__ import annotations

import numpy as np
from numba import njit, prange

from omahanash.regret import add_regrets, match_regrets
from omahanash.stopflag import stop_requested


def chunk_rows(n: int, chunks: int) -> np.ndarray:
    """Row boundaries (int64, ``chunks + 1`` entries) that split a triangle's cells evenly.

    >>> chunk_rows(4, 2).tolist()  # row 0 holds 4 cells, rows 1-3 hold 3 + 2 + 1
    [0, 1, 4]
    """
    chunks = max(1, min(int(chunks), n))
    row_cells = np.arange(n, 0, -1, dtype=np.int64)
    ends = np.cumsum(row_cells)
    targets = ends[-1] * np.arange(1, chunks, dtype=np.float64) / chunks
    after = np.searchsorted(ends, targets, side="left")  # first row end at or past a target
    before = np.maximum(after - 1, 0)
    nearer = np.where(targets - ends[before] < ends[after] - targets, before, after)
    cuts = nearer + 1
    bounds = np.concatenate(([0], cuts, [n])).astype(np.int64)
    return np.unique(bounds)


@njit(cache=True, fastmath=True, inline="always")
def _cell(stored, counts, index, weight, alpha, row_offset, col_offset):
    """``(G[a, b], G[b, a])`` of one stored cell (``weight`` = ``row_weight[a]``)."""
    w = weight * np.float64(counts[index])
    s = alpha * np.float64(stored[index])
    return w * (s + row_offset), w * (col_offset - s)


@njit(cache=True, fastmath=True, inline="always")
def _one_row(stored, counts, alpha, row_offset, col_offset, p_a, q_a, p, q, col_gq, col_gtp):
    """Cells ``(a, b)`` of one row against the columns ``b`` of ``p``, ``q`` (slices starting
    at zero: indices LLVM can prove non-negative, so the loop vectorizes), without the row
    weight: adds the column parts times ``p_a``, ``q_a`` (already weighted) to ``col_gq``,
    ``col_gtp``; returns the unweighted row sums."""
    row_gq = 0.0
    row_gtp = 0.0
    for k in range(p.size):
        w = np.float64(counts[k])
        s = alpha * np.float64(stored[k])
        g_ab = w * (s + row_offset)
        g_ba = w * (col_offset - s)
        row_gq += g_ab * q[k]
        row_gtp += g_ba * p[k]
        col_gq[k] += g_ba * q_a
        col_gtp[k] += g_ab * p_a
    return row_gq, row_gtp


@njit(cache=True, fastmath=True, inline="always")
def _two_rows(stored_0, counts_0, stored_1, counts_1, alpha, row_offset, col_offset,
              p_0, q_0, p_1, q_1, p, q, col_gq, col_gtp):
    """:func:`_one_row` for rows ``a`` and ``a + 1`` at once: the column vectors are read and
    written once for both rows, which halves the cache traffic (the pass is bound by it)."""
    row_gq_0 = 0.0
    row_gtp_0 = 0.0
    row_gq_1 = 0.0
    row_gtp_1 = 0.0
    for k in range(p.size):
        w_0 = np.float64(counts_0[k])
        s_0 = alpha * np.float64(stored_0[k])
        w_1 = np.float64(counts_1[k])
        s_1 = alpha * np.float64(stored_1[k])
        g_ab_0 = w_0 * (s_0 + row_offset)
        g_ba_0 = w_0 * (col_offset - s_0)
        g_ab_1 = w_1 * (s_1 + row_offset)
        g_ba_1 = w_1 * (col_offset - s_1)
        q_k = q[k]
        p_k = p[k]
        row_gq_0 += g_ab_0 * q_k
        row_gtp_0 += g_ba_0 * p_k
        row_gq_1 += g_ab_1 * q_k
        row_gtp_1 += g_ba_1 * p_k
        col_gq[k] += g_ba_0 * q_0 + g_ba_1 * q_1
        col_gtp[k] += g_ab_0 * p_0 + g_ab_1 * p_1
    return row_gq_0, row_gtp_0, row_gq_1, row_gtp_1


@njit(cache=True, fastmath=True, nogil=True)
def _chunk(stored, counts, row_weight, first, last, alpha, row_offset, col_offset, p, q,
           gq, gtp, own_gq, own_gtp, cancel):
    """Rows ``first..last-1``: their row sums into ``gq``, ``gtp``, their column parts into
    this chunk's own ``own_gq``, ``own_gtp``. Rows are taken two at a time
    (:func:`_two_rows`); the row weight scales their sums and their column contributions
    outside the inner loop. A kernel of its own, not inlined (one call per chunk): the serial
    and the parallel pass share its compilation, and the parallel one stays small to compile.
    Returns early (partial sums) once ``cancel[0]`` is set: a Stop from another thread."""
    n = p.size
    a = first
    while a < last:
        if stop_requested(cancel):
            return
        start = a * n - (a * (a - 1)) // 2  # flat index of the diagonal cell (a, a)
        w_a = row_weight[a]
        g_aa, _ = _cell(stored, counts, start, w_a, alpha, row_offset, col_offset)
        if a + 1 < last:
            w_b = row_weight[a + 1]
            after = start + n - a  # flat index of (a + 1, a + 1)
            g_bb, _ = _cell(stored, counts, after, w_b, alpha, row_offset, col_offset)
            g_ab, g_ba = _cell(stored, counts, start + 1, w_a, alpha, row_offset, col_offset)
            length = n - a - 2
            rows = _two_rows(
                stored[start + 2:after], counts[start + 2:after],
                stored[after + 1:after + 1 + length], counts[after + 1:after + 1 + length],
                alpha, row_offset, col_offset, w_a * p[a], w_a * q[a], w_b * p[a + 1],
                w_b * q[a + 1], p[a + 2:], q[a + 2:], own_gq[a + 2:], own_gtp[a + 2:],
            )
            gq[a] = g_aa * q[a] + g_ab * q[a + 1] + w_a * rows[0]
            gtp[a] = g_aa * p[a] + g_ba * p[a + 1] + w_a * rows[1]
            gq[a + 1] = g_bb * q[a + 1] + g_ba * q[a] + w_b * rows[2]
            gtp[a + 1] = g_bb * p[a + 1] + g_ab * p[a] + w_b * rows[3]
            a += 2
        else:
            stop = start + n - a
            row_gq, row_gtp = _one_row(
                stored[start + 1:stop], counts[start + 1:stop], alpha, row_offset,
                col_offset, w_a * p[a], w_a * q[a], p[a + 1:], q[a + 1:], own_gq[a + 1:],
                own_gtp[a + 1:],
            )
            gq[a] = g_aa * q[a] + w_a * row_gq
            gtp[a] = g_aa * p[a] + w_a * row_gtp
            a += 1


@njit(cache=True, parallel=True, fastmath=True, nogil=True)
def triangle_products(
    stored: np.ndarray,
    counts: np.ndarray,
    row_weight: np.ndarray,
    bounds: np.ndarray,
    alpha: float,
    row_offset: float,
    col_offset: float,
    p: np.ndarray,
    q: np.ndarray,
    cancel: np.ndarray,
) -> tuple[np.ndarray, np.ndarray]:
    """``(G @ q, G.T @ p)`` of the matrix described in the module docstring, float64.

    ``stored`` and ``counts`` are the flat upper triangles (any numeric dtype, memory-mapped is
    fine; ``pairs[a, b] = row_weight[a] * counts[a, b]``), ``bounds`` the row chunks of
    :func:`chunk_rows`, one parallel task each. Once ``cancel[0]`` is set (another thread's
    Stop: :func:`omahanash.runs.kernel_flag`) every chunk returns at its next row and the
    products are partial: the caller throws them away.
    """
    n = p.size
    chunks = bounds.size - 1
    gq = np.zeros(n, np.float64)
    gtp = np.zeros(n, np.float64)
    col_gq = np.zeros((chunks, n), np.float64)
    col_gtp = np.zeros((chunks, n), np.float64)
    for c in prange(chunks):
        _chunk(stored, counts, row_weight, bounds[c], bounds[c + 1], alpha, row_offset,
               col_offset, p, q, gq, gtp, col_gq[c], col_gtp[c], cancel)
    for c in range(chunks):
        gq += col_gq[c]
        gtp += col_gtp[c]
    return gq, gtp


@njit(cache=True, fastmath=True, nogil=True)
def triangle_products_serial(
    stored: np.ndarray,
    counts: np.ndarray,
    row_weight: np.ndarray,
    alpha: float,
    row_offset: float,
    col_offset: float,
    p: np.ndarray,
    q: np.ndarray,
) -> tuple[np.ndarray, np.ndarray]:
    """:func:`triangle_products` on the calling thread, for small tables (Hold'em: 14,365
    cells), where waking the thread pool costs more than the pass. (A function of its own:
    numba's cache would mix up two compilations of one Python function.)"""
    n = p.size
    gq = np.zeros(n, np.float64)
    gtp = np.zeros(n, np.float64)
    col_gq = np.zeros(n, np.float64)
    col_gtp = np.zeros(n, np.float64)
    # np.int64(0), not 0: a literal 0 is typed Literal[int](0), and _chunk was compiled a
    # second time for it (~5 s cold) instead of sharing the parallel pass's compilation
    _chunk(stored, counts, row_weight, np.int64(0), n, alpha, row_offset, col_offset, p, q, gq,
           gtp, col_gq, col_gtp, np.zeros(1, np.uint8))  # a Hold'em pass: too short to stop
    return gq + col_gq, gtp + col_gtp


@njit(cache=True, parallel=True)
def split_pairs(pairs: np.ndarray, row_weight: np.ndarray) -> tuple[np.ndarray, bool]:
    """``counts`` (uint8) with ``pairs[a, b] == row_weight[a] * counts[a, b]`` for a triangle,
    and whether that holds exactly everywhere (if not, use ``pairs`` with unit weights)."""
    n = row_weight.size
    counts = np.empty(pairs.size, np.uint8)
    bad = np.zeros(n, np.bool_)
    for a in prange(n):
        start = a * n - (a * (a - 1)) // 2
        weight = np.int64(row_weight[a])
        for k in range(start, start + n - a):
            value = np.int64(pairs[k])
            count = value // weight if weight > 0 else 0
            if count * weight != value or count > 255:
                bad[a] = True
                count = 0
            counts[k] = count
    return counts, not bad.any()


@njit(cache=True)
def update_play_regrets(regrets: np.ndarray, gain: np.ndarray,
                        strategy: np.ndarray) -> np.ndarray:
    """Regret matching+ step of every class's two-action decision, in place: ``regrets`` and
    ``strategy`` are C-contiguous ``(n, 2)`` rows (play, fold), ``gain[i]`` what playing is
    worth over folding; returns the matched ``(n, 2)`` strategies of the updated regrets.

    The regret arithmetic is :mod:`omahanash.regret`'s; one loop instead of
    :func:`~omahanash.regret.add_row_regrets` then :func:`~omahanash.regret.match_rows` saves a
    call and an ``(n, 2)`` value array per update, which on Hold'em's 169 classes is what
    keeps an iteration as fast as before the kernel was shared.

    >>> regrets = np.zeros((2, 2))
    >>> update_play_regrets(regrets, np.array([4.0, -2.0]), np.full((2, 2), 0.5)).tolist()
    [[1.0, 0.0], [0.0, 1.0]]
    >>> regrets.tolist()
    [[2.0, 0.0], [0.0, 1.0]]
    """
    rows = gain.size
    flat = regrets.reshape(2 * rows)
    flat_strategy = strategy.reshape(2 * rows)
    matched = np.empty(2 * rows)
    values = np.zeros(2)
    for row in range(rows):
        values[0] = gain[row]
        add_regrets(flat, 2 * row, 2 * row + 2, values, flat_strategy, True)
        match_regrets(flat, 2 * row, 2 * row + 2, matched)
    return matched.reshape(rows, 2)
