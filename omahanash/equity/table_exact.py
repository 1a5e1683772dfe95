"""Exact Omaha tables by complete enumeration, on this machine or a Dask cluster.

``omahanash table build --game omaha-hi|omaha-hilo --exact [--classes IDS] [--scheduler S]``
computes every cell ``(a, b)`` of the table exactly: the share of ``a``'s representative
against every member of ``b`` disjoint from it, on every one of the C(44, 5) = 1,086,008
boards, averaged. Fixing one representative of ``a`` is exact, not an approximation: every
member of ``a`` is a suit permutation of it, which maps the disjoint members of ``b`` and the
boards onto themselves. The sum is split the same way as the Monte Carlo table's
(:mod:`omahanash.equity.table_kernels`): the exact suit-blind share per pair of rank quads
(:func:`~omahanash.equity.table_kernels.rank_equity_of_pairs`) plus the flush correction,
here enumerated instead of sampled
(:func:`~omahanash.equity.table_kernels.exact_flush.exact_flush_kernel`: only the boards
with three cards of a suit someone holds two of, one member per orbit of the
representative's stabiliser).

The cells are cut into work items of consecutive triangle cells (:func:`item_cells`), run by
:func:`omahanash.cluster.run_blocks` (resumable, any engine, bit-identical), and written as an
ordinary table file at the usual place (:func:`~omahanash.equity.tables.table_path`), so
everything that loads a table uses it as before: its header says ``method`` = exact
enumeration, ``exact: true``, no samples, standard error 0. The equity is stored as float64
(like the exact Hold'em table): 8 bytes a cell, 1.08 GB for the full Omaha triangle
(memory-mapped; the Monte Carlo table's 16-bit fixed point would round to 1/65534).

>>> import tempfile
>>> from omahanash.equity.tables import load_table
>>> folder = tempfile.mkdtemp()
>>> path = build_exact_table("omaha-hi", class_ids=[0, 1], cache_dir=folder)  # 2s3s4s5s, 2s3s4s6s
>>> table = load_table("omaha-hi", folder, [0, 1])
>>> table.exact, table.equity(0, 0), round(table.equity(0, 1), 6), table.pairs(0, 1)
(True, 0.5, 0.302505, 12)
"""

from __future__ import annotations

import os
import time
from collections.abc import Sequence
from functools import cache
from pathlib import Path
from typing import TYPE_CHECKING

import numpy as np

from omahanash import savefile
from omahanash.cards import Variant
from omahanash.cluster import parse_scheduler, run_blocks
from omahanash.equity.table_kernels import class_quads, rank_equity_of_pairs
from omahanash.equity.table_kernels.exact_flush import exact_flush
from omahanash.equity.tablefile import EQUITY_TABLE, make_cache_dir
from omahanash.equity.tables import (
    EQUITY_SCALE,
    EXACT_METHOD,
    OMAHA_GAMES,
    class_data,
    normalize_subset,
    omaha_pairs,
    table_path,
)
from omahanash.equity.triangle import triangle_cells, triangle_rows
from omahanash.errors import InputError
from omahanash.hands import num_classes
from omahanash.runs import CancelFlag, ProgressCallback

if TYPE_CHECKING:
    from omahanash.cluster import Scheduler

# Cells per work item: ~1.3 core-seconds (Omaha Hi) for a subset; the full table's items are
# 16 times bigger (~21 core-s, 32,963 items), so that 1,600 cores send the client ~80 results a
# second rather than ~1,200.
SMALL_ITEM_CELLS = 256
LARGE_ITEM_CELLS = 4096


def item_cells(cells: int) -> int:
    """Cells per work item of a table of ``cells`` cells.

    >>> item_cells(20_100), item_cells(135_013_528)
    (256, 4096)
    """
    return SMALL_ITEM_CELLS if cells <= 10_000_000 else LARGE_ITEM_CELLS
BOARDS = 1_086_008  # C(44, 5)


@cache
def _data(class_ids: tuple[int, ...] | None):
    """Class data of the table's classes, once per process (a worker keeps it)."""
    return class_data("omaha", None if class_ids is None else np.array(class_ids, np.int64))


def exact_cells(data, rows: np.ndarray, cols: np.ndarray, hilo: bool) -> np.ndarray:
    """Exact equity of cells ``(rows[k], cols[k])`` (positions in ``data``, a
    :class:`~omahanash.equity.tables.ClassData`); 0.5 on the diagonal (exact by symmetry) and
    where ``b`` has no member disjoint from ``a`` (such a cell has no pairs).

    >>> from omahanash.equity.tables import class_data
    >>> data = class_data("omaha", np.array([4527, 12025]))
    >>> values = exact_cells(data, np.array([0, 1]), np.array([1, 0]), hilo=False)
    >>> round(float(values[0] + values[1]), 12)
    1.0
    """
    rows = np.asarray(rows, np.int64)
    cols = np.asarray(cols, np.int64)
    quads = class_quads(data.representatives)
    ranks = rank_equity_of_pairs(quads[rows], quads[cols], hilo)
    correction, members = exact_flush(data, rows, cols, hilo)
    with np.errstate(invalid="ignore", divide="ignore"):
        values = ranks[quads[rows], quads[cols]] + correction / (4.0 * BOARDS * members)
    values[(members == 0) | (rows == cols)] = 0.5
    return values


def exact_item(item: tuple[str, tuple[int, ...] | None, int, int, int]) -> np.ndarray:
    """One work item of an exact build: ``(game, class ids or None, first cell, stop cell,
    width)`` -> the equity of those triangle cells, padded with 0 to ``width``. A top-level
    function of the item alone (what :func:`omahanash.cluster.run_blocks` sends to workers).

    >>> exact_item(("omaha-hi", (0, 1), 0, 3, 4)).round(6).tolist()[0]
    0.5
    """
    game, ids, start, stop, width = item
    data = _data(ids)
    n = int(data.class_ids.size)
    rows, cols = triangle_rows(int(start), int(stop), n)
    out = np.zeros(width, np.float64)
    out[:stop - start] = exact_cells(data, rows, cols, game == "omaha-hilo")
    return out


def exact_items(variant: Variant | str, class_ids: Sequence[int] | np.ndarray | None = None,
                ) -> list[tuple[str, tuple[int, ...] | None, int, int, int]]:
    """The work items of an exact table (see :func:`exact_item`).

    >>> len(exact_items("omaha-hi")), exact_items("omaha-hi", [3, 5])
    (32963, [('omaha-hi', (3, 5), 0, 3, 256)])
    """
    variant = Variant.parse(variant)
    ids = normalize_subset(class_ids)

    n = num_classes("omaha") if ids is None else int(ids.size)
    cells = triangle_cells(n)
    key = None if ids is None else tuple(int(i) for i in ids)
    width = item_cells(cells)
    return [(str(variant), key, start, min(cells, start + width), width)
            for start in range(0, cells, width)]


def build_exact_table(
    variant: Variant | str,
    *,
    class_ids: Sequence[int] | None = None,
    cache_dir: str | os.PathLike | None = None,
    scheduler: str | Scheduler | None = None,
    progress: ProgressCallback | None = None,
    cancel: CancelFlag | None = None,
    output: str | os.PathLike | None = None,
) -> Path:
    """Compute the exact table of an Omaha ``variant`` (all classes, or a subset) and write it
    where :func:`~omahanash.equity.tables.load_table` finds it (replacing a Monte Carlo table
    of the same classes), or to ``output`` (the cache left as it is). Runs on
    ``scheduler`` (:func:`omahanash.cluster.parse_scheduler`); finished work items are
    kept in ``<table>.exact-job.partial`` beside it, so an interrupted build (Ctrl-C,
    Cancel, a killed client) resumes. Returns the table's path."""
    variant = Variant.parse(variant)
    if variant not in OMAHA_GAMES:
        raise InputError(f"variant: exact enumeration here is for {' and '.join(OMAHA_GAMES)}; "
                         "the Hold'em table is built by 'omahanash table build --game holdem "
                         "--exact'")
    where = parse_scheduler(scheduler)
    ids = normalize_subset(class_ids)
    path = table_path(variant, cache_dir, ids) if output is None else Path(output)
    make_cache_dir(cache_dir)
    items = exact_items(variant, ids)
    store = None if savefile.writes_in_place(path) else path.with_name(path.name + ".exact-job")
    started = time.perf_counter()
    results = run_blocks(exact_item, items, result_shape=(items[0][4],), scheduler=where,
                         store_path=store, job={"table": "exact", "game": str(variant)},
                         progress=progress, cancel=cancel)
    data = _data(None if ids is None else tuple(int(i) for i in ids))
    n = int(data.class_ids.size)
    equity = np.asarray(results).reshape(-1)[:triangle_cells(n)]
    arrays = {"equity": equity}
    if ids is not None:
        arrays["pairs"] = omaha_pairs(cache_dir, ids, data).astype("<u2")
    meta = {"method": EXACT_METHOD, "game": str(variant), "samples": None, "seed": None,
            "classes": n, "class_ids": None if ids is None else ids.tolist(),
            "cell_stderr": 0.0, "exact": True,
            "build_seconds": round(time.perf_counter() - started, 3),
            "engine": where.describe()}
    savefile.write(path, EQUITY_TABLE, meta, arrays)
    if store is not None:
        store.unlink(missing_ok=True)
    return path


def compare_with_exact(estimate, exact) -> dict:
    """How far a Monte Carlo table lies from an exact one of the same classes, in units of
    its own standard errors: ``z = (MC - exact) / stderr`` over the off-diagonal cells with
    pairs whose stated stderr > 0. If the errors are right, ``z`` is close to standard normal;
    as the stderr is itself estimated from the cell's K samples, exactly it is Student's t with
    K - 1 degrees of freedom (sd ``sqrt((K-1)/(K-3))``, heavier tails). Cells with a stated
    stderr of 0 are reported apart: where nobody can make a flush the Monte Carlo cell is exact
    (its difference is rounding, at most half a quantum); where a flush is possible but every
    one of the K samples happened to change nothing, the stated 0 is wrong.

    >>> import tempfile
    >>> from omahanash.equity import table_build, tables
    >>> folder = tempfile.mkdtemp()
    >>> ids = [0, 715, 4527]
    >>> _ = build_exact_table("omaha-hi", class_ids=ids, cache_dir=folder + "/x")
    >>> _ = table_build.build_table("omaha-hi", samples=64, cache_dir=folder, class_ids=ids)
    >>> report = compare_with_exact(tables.load_table("omaha-hi", folder, ids),
    ...                             tables.load_table("omaha-hi", folder + "/x", ids))
    >>> report["cells"], report["max_abs_z"] < 5
    (3, True)
    """
    if estimate.exact or not exact.exact:
        raise InputError("compare a Monte Carlo table (first) with an exact one (second)")
    if estimate.game != exact.game or estimate.class_ids.tolist() != exact.class_ids.tolist():
        raise InputError("the two tables must be of one game and the same classes")
    n = estimate.n
    rows, cols = np.triu_indices(n, 1)
    index = rows * n - (rows * (rows - 1)) // 2 + (cols - rows)
    pairs = estimate.pairs_triangle()[index].astype(np.int64)
    difference = estimate.equity_triangle()[index] - exact.equity_triangle()[index]
    stderr = np.array([estimate.stderr(int(a), int(b)) for a, b in zip(rows, cols)])
    reps = class_data("omaha", np.asarray(estimate.class_ids, np.int64)).representatives
    suited = np.array([np.bincount(r.astype(np.int64) & 3, minlength=4).max() >= 2
                       for r in reps])
    flush = suited[rows] | suited[cols]
    used = pairs > 0
    sampled = used & (stderr > 0)
    z = difference[sampled] / stderr[sampled]
    no_flush = used & (stderr == 0) & ~flush
    missed = used & (stderr == 0) & flush
    k = estimate.samples or 0

    def largest(mask: np.ndarray) -> float:
        return float(np.abs(difference[mask]).max()) if mask.any() else 0.0

    abs_z = np.abs(z)
    return {
        "game": estimate.game, "classes": n, "samples": k, "cells": int(sampled.sum()),
        "z_mean": float(z.mean()) if z.size else None,
        "z_sd": float(z.std(ddof=1)) if z.size > 1 else None,
        "z_sd_student_t": float(np.sqrt((k - 1) / (k - 3))) if k > 3 else None,
        "max_abs_z": float(abs_z.max()) if z.size else None,
        "abs_z_quantiles_50_90_99_999": np.quantile(abs_z, [0.5, 0.9, 0.99, 0.999]).tolist()
        if z.size else None,
        "rms_difference_pp": float(100 * np.sqrt(np.mean(difference[used] ** 2))),
        "cells_no_flush": int(no_flush.sum()),
        "max_abs_difference_no_flush": largest(no_flush),
        "cells_stderr_0_with_flush": int(missed.sum()),
        "max_abs_difference_stderr_0_with_flush": largest(missed),
        "quantum": 1 / EQUITY_SCALE,
    }
