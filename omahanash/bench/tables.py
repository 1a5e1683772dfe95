"""``omahanash bench tables``: the two parts of an Omaha table build, measured and projected.

A cell is its exact suit-blind equity (per pair of four-rank multisets, 1,820² / 2 pairs,
enumerated) plus a Monte Carlo flush correction (``K`` samples a cell). The bench times the
exact part on random quad pairs and the Monte Carlo part on runs of consecutive cells (as a
build meets them), and projects the full build.
"""

from __future__ import annotations

import time

import numpy as np

from omahanash.bench import BenchRow, best_time
from omahanash.cards import Variant
from omahanash.equity.table_kernels import (
    class_quads,
    quad_data,
    rank_equity_kernel,
    rank_equity_of_pairs,
    sample_cells,
)
from omahanash.equity.tables import DEFAULT_SAMPLES, class_data
from omahanash.equity.triangle import triangle_cells, triangle_rows
from omahanash.evaluate.tables import low_table

RUNS_MEASURED = 8  # runs of consecutive cells at random places
CELLS_PER_RUN = 4_000
SAMPLES_MEASURED = 32
RANK_PAIRS_MEASURED = 40_000


def _cell_runs(n: int, seed: int = 0) -> tuple[np.ndarray, np.ndarray]:
    """Rows and columns of runs of consecutive triangle cells."""
    starts = np.random.default_rng(seed).integers(0, triangle_cells(n) - CELLS_PER_RUN,
                                                  RUNS_MEASURED)
    parts = [triangle_rows(int(s), int(s) + CELLS_PER_RUN, n) for s in starts]
    return (np.concatenate([p[0] for p in parts]), np.concatenate([p[1] for p in parts]))


def _rank_seconds(hilo: bool) -> float:
    """Projected time of the exact part of a full build, from random quad pairs."""
    quad_ranks, quad_low, board_low, profiles = quad_data()
    q = quad_ranks.shape[0]
    first, second = np.triu_indices(q)
    pick = np.random.default_rng(1).choice(first.size, RANK_PAIRS_MEASURED, replace=False)
    args = (quad_ranks, quad_low, profiles, board_low, low_table(), hilo)
    rank_equity_kernel(*args, first[pick[:8]], second[pick[:8]])  # warm-up
    started = time.perf_counter()
    rank_equity_kernel(*args, first[pick], second[pick])
    return (time.perf_counter() - started) * first.size / RANK_PAIRS_MEASURED


def run() -> list[BenchRow]:
    data = class_data("omaha", None)
    n = data.class_ids.size
    rows, cols = _cell_runs(n)
    quads = class_quads(data.representatives)
    cells = triangle_cells(n)
    out = []
    for game, target in ((Variant.OMAHA_HI, "≤ 5 min"), (Variant.OMAHA_HILO, "≤ 8 min")):
        hilo = game == "omaha-hilo"
        ranks = rank_equity_of_pairs(quads[rows], quads[cols], hilo)

        def measure(hilo: bool = hilo, ranks: np.ndarray = ranks) -> None:
            # One call per run, as the build calls the kernel once per block.
            for r in range(0, rows.size, CELLS_PER_RUN):
                sample_cells(data, rows[r:r + CELLS_PER_RUN], cols[r:r + CELLS_PER_RUN], r,
                             SAMPLES_MEASURED, 1, hilo, ranks)

        measure()  # warm-up (compilation or cache load)
        seconds, _ = best_time(measure, repeat=3)
        rate = rows.size * SAMPLES_MEASURED / seconds
        rank_seconds = _rank_seconds(hilo)
        samples = DEFAULT_SAMPLES[game]
        out.append(BenchRow("tables", f"{game} exact suit-blind part (1,820² / 2 quad pairs)",
                            rank_seconds, "s", note="projected from "
                            f"{RANK_PAIRS_MEASURED:,} random pairs, all threads"))
        out.append(BenchRow("tables", f"{game} Monte Carlo flush-correction samples",
                            rate / 1e6, "M/s", note=f"{RUNS_MEASURED} runs of "
                            f"{CELLS_PER_RUN:,} consecutive cells, all threads"))
        out.append(BenchRow("tables", f"{game} projected full build (K={samples})",
                            (rank_seconds + cells * samples / rate) / 60, "min", target,
                            note=f"{cells:,} cells"))
    return out
