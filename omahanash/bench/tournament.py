"""``omahanash bench tournament``: the Nash grid, the exact chain and the match simulator.

Rows: Nash at every stack 1.5–100 bb in 0.5 bb steps for Hold'em (warm-started, solved in
memory, target ≤ 10 s) and Omaha Hi (target ≤ 5 min; only with the full table built, else
not measured); the Markov chain of a fixed level with 200 bb in play in small-blind units
(400 units, 802 states; target ≤ 1 s); the simulator on one core (target ≥ 1 M hands/s).
"""

from __future__ import annotations

import time

import numba
import numpy as np

from omahanash.bench import BenchRow, best_time
from omahanash.equity.tables import OMAHA_GAMES, load_table, table_path
from omahanash.jamfold.nash_cache import clear_memory
from omahanash.tournament import OutcomeTables, solve_chain, solve_grid
from omahanash.tournament.simulate import simulate_matches
from omahanash.tournament.structure import Structure

SECTION = "tournament"
SIMULATED_MATCHES = 20_000


def _grid_seconds(variant: str) -> float:
    clear_memory()
    start = time.perf_counter()
    solve_grid(variant, sb=5, bb=10, max_stack=1000, persist=False)
    return time.perf_counter() - start


def run() -> list[BenchRow]:
    rows = []
    load_table("holdem")
    _grid_seconds("holdem")  # compiles the kernels
    rows.append(BenchRow(SECTION, "Nash grid 1.5-100 bb, Hold'em (199 stacks, warm)",
                         _grid_seconds("holdem"), "s", "≤ 10 s"))
    omaha = OMAHA_GAMES[0]
    if table_path(omaha).exists():
        rows.append(BenchRow(SECTION, "Nash grid 1.5-100 bb, Omaha Hi (199 stacks, warm)",
                             _grid_seconds(str(omaha)), "s", "≤ 300 s"))
    else:
        rows.append(BenchRow(SECTION, "Nash grid 1.5-100 bb, Omaha Hi", None, "s", "≤ 300 s",
                             "the Omaha Hi table is not built"))
    structure = Structure.fixed(400, sb=1, bb=2)  # 200 bb in play, small-blind units
    rng = np.random.default_rng(1)
    tables = OutcomeTables.fair(structure.units, np.array([0.45, 0.0, 0.04, 0.0, 0.51]))
    mixed = rng.dirichlet(np.ones(7), size=tables.probabilities.shape[:3])
    tables = OutcomeTables(tables.units, mixed, tables.folds, 0)
    solve_chain(tables)
    seconds, _ = best_time(lambda: solve_chain(tables))
    rows.append(BenchRow(SECTION, "Markov chain, fixed level, 200 bb in SB units", seconds,
                         "s", "≤ 1 s"))
    threads = numba.get_num_threads()
    numba.set_num_threads(1)
    try:
        simulate_matches(tables, 200, None, 100, seed=1)
        seconds, (_, lengths) = best_time(
            lambda: simulate_matches(tables, 200, None, SIMULATED_MATCHES, seed=2))
    finally:
        numba.set_num_threads(threads)
    rows.append(BenchRow(SECTION, "match simulation, one core", lengths.sum() / seconds / 1e6,
                         "M hands/s", "≥ 1 M/s"))
    return rows
