"""Upper-triangle storage of symmetric class-by-class tables, and the exact ``pairs`` kernel.

Cells ``(a, b)`` with ``a <= b`` of an ``n x n`` table are stored row by row:
``index(a, b) = a*n - a*(a-1)/2 + (b - a)``; there are ``n*(n+1)/2`` of them. Equity is stored
for ``a <= b`` only and ``equity[b, a] = 1 - equity[a, b]`` by construction, so the identity
holds exactly; ``pairs`` is symmetric.
"""

from __future__ import annotations

import numpy as np
from numba import njit, prange


def triangle_cells(n: int) -> int:
    """Number of cells ``(a, b)``, ``a <= b``, of an ``n x n`` table."""
    return n * (n + 1) // 2


@njit(cache=True, inline="always")
def triangle_index(a: int, b: int, n: int) -> int:
    """Flat index of cell ``(a, b)``, ``a <= b``."""
    return a * n - (a * (a - 1)) // 2 + (b - a)


@njit(cache=True)
def triangle_rows(cells_start: int, cells_stop: int, n: int) -> tuple:
    """``(a, b)`` arrays of the cells with flat indices in ``[cells_start, cells_stop)``."""
    count = cells_stop - cells_start
    rows = np.empty(count, np.int32)
    cols = np.empty(count, np.int32)
    # find the row of cells_start: largest a with triangle_index(a, a, n) <= cells_start
    a = 0
    while a + 1 < n and triangle_index(a + 1, a + 1, n) <= cells_start:
        a += 1
    b = a + (cells_start - triangle_index(a, a, n))
    for k in range(count):
        rows[k] = a
        cols[k] = b
        b += 1
        if b == n:
            a += 1
            b = a
    return rows, cols


@njit(cache=True, parallel=True)
def disjoint_pairs_triangle(
    member_masks: np.ndarray, member_offsets: np.ndarray, combos: np.ndarray
) -> np.ndarray:
    """Exact card-removal weights ``pairs[a, b]`` for ``a <= b`` as a flat triangle.

    ``member_masks[member_offsets[c]:member_offsets[c+1]]`` are the 52-bit card masks of the
    concrete hands of class ``c`` (its first one is the representative). By suit symmetry the
    number of members of ``b`` disjoint from a member of ``a`` is the same for every member of
    ``a``, so ``pairs[a, b] = combos[a] * #(members of b disjoint from rep(a))``.
    """
    n = member_offsets.size - 1
    out = np.zeros(n * (n + 1) // 2, np.uint32)
    for a in prange(n):
        rep = member_masks[member_offsets[a]]
        base = triangle_index(a, a, n) - a
        for b in range(a, n):
            count = 0
            for k in range(member_offsets[b], member_offsets[b + 1]):
                if (member_masks[k] & rep) == 0:
                    count += 1
            out[base + b] = combos[a] * count
    return out


def expand_triangle(values: np.ndarray, n: int, mirror: str) -> np.ndarray:
    """The full ``n x n`` matrix of a triangle; ``mirror`` is ``"same"`` or ``"complement"``.

    ``"complement"`` fills ``(b, a)`` with ``1 - value`` (equity), ``"same"`` with the value
    (pairs). Meant for small tables (Hold'em, test subsets) and for the solver's dense copy.
    """
    rows, cols = np.triu_indices(n)
    full = np.empty((n, n), dtype=np.float64 if mirror == "complement" else values.dtype)
    full[cols, rows] = 1.0 - values if mirror == "complement" else values
    full[rows, cols] = values  # second, so that the diagonal keeps the stored value
    return full
