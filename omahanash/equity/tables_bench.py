"""``omahanash bench tables``: Monte Carlo samples per second and projected full-build times."""

from __future__ import annotations

import numpy as np

from omahanash.bench import BenchRow, best_time

CELLS_MEASURED = 20_000
SAMPLES_MEASURED = 16


def _random_cells(data, count: int, seed: int = 0) -> tuple:
    """Random cells (a <= b) of the full table with their disjoint-member counts."""
    n = data.class_ids.size
    rng = np.random.default_rng(seed)
    first, second = rng.integers(0, n, count), rng.integers(0, n, count)
    rows = np.minimum(first, second).astype(np.int32)
    cols = np.maximum(first, second).astype(np.int32)
    reps = data.member_masks[data.member_offsets[rows]]
    counts = np.array(
        [np.count_nonzero(data.member_masks[data.member_offsets[b]:data.member_offsets[b + 1]]
                          & rep == 0) for rep, b in zip(reps, cols)], dtype=np.int64)
    return rows, cols, counts


def run() -> list[BenchRow]:
    from omahanash.equity.table_kernels import sample_cells
    from omahanash.equity.tables import DEFAULT_SAMPLES, class_data
    from omahanash.equity.triangle import triangle_cells
    from omahanash.evaluate import flush_table, low_table, nonflush_table

    data = class_data("omaha", None)
    rows, cols, counts = _random_cells(data, CELLS_MEASURED)
    tables = (nonflush_table("omaha"), flush_table(), low_table())
    members = (data.representatives, data.member_cards, data.member_masks, data.member_offsets)
    cells = triangle_cells(data.class_ids.size)
    out = []
    for game, target in (("omaha-hi", "≤ 5 min"), ("omaha-hilo", "≤ 8 min")):
        hilo = game == "omaha-hilo"

        def measure(count: int, hilo: bool = hilo) -> None:
            sample_cells(rows[:count], cols[:count], 0, *members, counts[:count],
                         SAMPLES_MEASURED, 1, hilo, *tables)

        measure(16)  # warm-up (compilation or cache load)
        seconds, _ = best_time(lambda: measure(CELLS_MEASURED), repeat=3)
        rate = CELLS_MEASURED * SAMPLES_MEASURED / seconds
        samples = DEFAULT_SAMPLES[game]
        out.append(BenchRow("tables", f"{game} Monte Carlo samples", rate / 1e6, "M/s",
                            note="random cells of the full table, both cores"))
        out.append(BenchRow("tables", f"{game} projected full build (K={samples})",
                            cells * samples / rate / 60, "min", target,
                            note=f"{cells:,} cells"))
    return out
