"""``omahanash bench cluster``: the job engine's overhead and the exact Omaha table's cost.

* overhead: an empty job (8 items that do nothing) through ``local:2`` (a LocalCluster of
  two worker processes started and stopped for the job) against the same job in this process;
* the exact Omaha Hi and Hi/Lo tables: core-seconds per cell, measured on random cells (pairs
  of classes drawn uniformly, as the full table has them) with numba on one thread, then the
  projected core-hours for all 135,013,528 cells and the wall time on 100 machines of 16 cores.

Rows for the chart and tournament jobs come with those jobs.
"""

from __future__ import annotations

import time

import numpy as np

from omahanash.bench import BenchRow

EMPTY_ITEMS = 8
CELLS_MEASURED = 160
FULL_CELLS = 16432 * 16433 // 2
CLUSTER_CORES = 100 * 16


def _nothing(item: int) -> int:
    return item


def _overhead_rows() -> list[BenchRow]:
    from omahanash.cluster import run_blocks

    try:
        import distributed  # noqa: F401
    except ImportError:
        return [BenchRow("cluster", "empty job on local:2 against local", None, "s", "≤ 3 s",
                         note="Dask not installed: pip install 'omahanash[cluster]'")]
    items = list(range(EMPTY_ITEMS))
    started = time.perf_counter()
    run_blocks(_nothing, items)
    local = time.perf_counter() - started
    run_blocks(_nothing, items, scheduler="local:2")  # warm-up: imports, first spawn
    started = time.perf_counter()
    run_blocks(_nothing, items, scheduler="local:2")
    cluster = time.perf_counter() - started
    return [BenchRow("cluster", "empty job on local:2 against local (overhead)",
                     cluster - local, "s", "≤ 3 s",
                     note=f"{EMPTY_ITEMS} items; start + stop of 2 worker processes")]


def _exact_rows() -> list[BenchRow]:
    import numba

    from omahanash.equity.table_exact import exact_cells
    from omahanash.equity.tables import class_data

    rng = np.random.default_rng(28)
    pairs = rng.integers(0, 16432, (CELLS_MEASURED, 2))
    ids = np.unique(pairs)
    data = class_data("omaha", ids)
    rows = np.searchsorted(ids, pairs[:, 0])
    cols = np.searchsorted(ids, pairs[:, 1])
    out = []
    threads = numba.get_num_threads()
    numba.set_num_threads(1)  # one core: the time is the cost in core-seconds
    try:
        for game in ("omaha-hi", "omaha-hilo"):
            hilo = game == "omaha-hilo"
            exact_cells(data, rows[:2], cols[:2], hilo)  # warm-up (compile or cache load)
            # CPU time of this process (one numba thread): a core's cost, even on a busy host
            started = time.process_time()
            exact_cells(data, rows, cols, hilo)
            per_cell = (time.process_time() - started) / CELLS_MEASURED
            core_hours = per_cell * FULL_CELLS / 3600
            out += [
                BenchRow("cluster", f"exact {game} cost per cell", per_cell * 1e3,
                         "core-ms", note=f"{CELLS_MEASURED} random cells, one thread, CPU time"),
                BenchRow("cluster", f"exact {game} full table (projected)", core_hours,
                         "core-h", note=f"{FULL_CELLS:,} cells"),
                BenchRow("cluster", f"exact {game} on 100 x 16 cores (projected)",
                         core_hours / CLUSTER_CORES * 60, "min",
                         note="perfect scaling; items of 4,096 cells"),
            ]
    finally:
        numba.set_num_threads(threads)
    return out


def run() -> list[BenchRow]:
    return _overhead_rows() + _exact_rows()
