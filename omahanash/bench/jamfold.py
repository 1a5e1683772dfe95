"""``omahanash bench jamfold``: one Omaha iteration, Omaha Hi to Epsilon ≤ 0.001 chips, the
Hold'em sweep.

Without a built full Omaha Hi table the iteration is timed on a synthetic one of the same
size and dtypes (random uint16 equity and pairs triangles, 16,432 classes, 135 M cells each):
the pass streams the same bytes and does the same arithmetic, so the time is the same.
"""

from __future__ import annotations

import time

import numpy as np

from omahanash.bench import BenchRow, best_time
from omahanash.equity.tables import load_table
from omahanash.errors import InputError
from omahanash.hands import class_combos
from omahanash.jamfold import JamFoldGame, JamFoldParams, JamFoldSolution, start_state, sweep
from omahanash.jamfold.solvers import IterationReport, SolverState

SECTION = "jamfold"
OMAHA_CLASSES = 16432
SWEEP_STACKS = (2, 4, 6, 8, 10, 15, 20)


class SyntheticTable:
    """Stands in for a full Omaha :class:`~omahanash.equity.tables.EquityTable` in timings:
    random stored equity (uint16, scale 65534) and pairs (uint16: the class's combos times a
    random count 0..24, the shape of real pairs) triangles."""

    def __init__(self, n: int = OMAHA_CLASSES, seed: int = 1) -> None:
        rng = np.random.default_rng(seed)
        cells = n * (n + 1) // 2
        self.game = "omaha-hi"
        self.n = n
        self.class_ids = np.arange(n)
        self._equity = rng.integers(0, 65535, cells, dtype=np.uint16)
        row_combos = np.repeat(class_combos("omaha")[:n].astype(np.uint16),
                               np.arange(n, 0, -1))
        self._pairs = row_combos * rng.integers(0, 25, cells, dtype=np.uint16)
        self.info = {"game": "omaha-hi", "samples": None, "seed": seed, "checksum": None}

    def equity_storage(self) -> tuple[np.ndarray, float]:
        return self._equity, 65534.0

    def pairs_triangle(self) -> np.ndarray:
        return self._pairs


def _omaha_table():
    """The built full Omaha Hi table, or None."""
    try:
        return load_table("omaha-hi")
    except (InputError, OSError, ValueError):
        return None


def _iteration_rows(table, note: str) -> list[BenchRow]:
    game = JamFoldGame(table, JamFoldParams(variant="omaha-hi"))
    rows = []
    for solver, what in (("fp", "one fused pass"), ("cfr+", "two passes: alternating updates")):
        state = start_state(solver, game)
        state.step(game)  # warm-up (compiles, pages the table in)

        def iteration(state: SolverState = state) -> IterationReport:
            state.step(game)
            return state.report(game)

        seconds, _ = best_time(iteration)
        rows.append(BenchRow(SECTION, f"one Omaha iteration, {solver} ({what})", seconds, "s",
                             "≤ 0.2 s", note))
    return rows


def _omaha_solve_row(table) -> BenchRow:
    what = "Omaha Hi SB5/BB10/stacks 100, CFR+ to Epsilon ≤ 0.001 chips"
    if table is None:
        return BenchRow(SECTION, what, None, "s", "≤ 60 s",
                        "skipped: no full Omaha Hi table built on this machine")
    solution = JamFoldSolution.create(JamFoldParams(variant="omaha-hi"), "cfr+", table=table)
    start = time.perf_counter()
    last = solution.run(target_epsilon=0.001)[-1]
    seconds = time.perf_counter() - start
    return BenchRow(SECTION, what, seconds, "s", "≤ 60 s",
                    f"{solution.iterations} iterations, epsilon {last.epsilon:.2g}, "
                    f"push {last.pusher_range:.1f} %, call {last.caller_range:.1f} %")


def _holdem_sweep_row() -> BenchRow:
    what = "Hold'em sweep 2-20 bb (7 stacks), CFR+ to 0.0001 BB"
    try:
        table = load_table("holdem")
    except InputError:
        return BenchRow(SECTION, what, None, "s", "≤ 2 s",
                        "skipped: resources/holdem.table not built")
    sweep("holdem", [2], table=table)  # warm-up
    seconds, rows = best_time(lambda: sweep("holdem", SWEEP_STACKS, table=table))
    iterations = sum(r.iterations for r in rows)
    return BenchRow(SECTION, what, seconds, "s", "≤ 2 s", f"{iterations} iterations in all")


def run() -> list[BenchRow]:
    """Warm, best-of-3 timings (the Omaha solve runs once)."""
    table = _omaha_table()
    if table is None:
        rows = _iteration_rows(SyntheticTable(),
                               "synthetic full-size uint16 table (no Omaha table built)")
    else:
        rows = _iteration_rows(table, "built Omaha Hi table")
    rows.append(_omaha_solve_row(table))
    rows.append(_holdem_sweep_row())
    return rows
