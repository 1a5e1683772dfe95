"""``omahanash bench cluster``: the job engine's overhead and the exact Omaha table's cost.

* overhead: an empty job (8 items that do nothing) through ``local:2`` (a LocalCluster of
  two worker processes started and stopped for the job) against the same job in this process;
* the exact Omaha Hi and Hi/Lo tables: core-seconds per cell, measured on random cells (pairs
  of classes drawn uniformly, as the full table has them) with numba on one thread, then the
  projected core-hours for all 135,013,528 cells and the wall time on 100 machines of 16 cores.

* a chart of 37 stacks (2:20:0.5 bb), Hold'em 3-handed, ICM 50/30/20: ``local:2`` against
  this one process (numba's threads on all cores), both timed after a warm-up, with sizes that
  fit a shared 2-core machine (:data:`CHART_DEALS` deals, :data:`CHART_ITERATIONS`
  iterations per stack: each stack about a second or two here, not a converged chart).
"""

from __future__ import annotations

import functools
import os
import time
from typing import Any

import numpy as np

from omahanash.bench import BenchRow
from omahanash.cluster import numba_threads, run_blocks
from omahanash.equity.table_exact import exact_cells
from omahanash.equity.tables import class_data
from omahanash.pushfold.chart import parse_stack_grid, solve_chart
from omahanash.tournament.equilibrium import (
    EquilibriumSettings,
    StateItem,
    TournamentValuation,
    _solve_state,
    _warm_part,
    hu_win_table,
    icm_values,
    policy_values,
    stack_states,
)
from omahanash.tournament.equilibrium_state import (
    deals_for,
    outcome_groups,
    outcome_probabilities,
    outcome_slots,
    solver_for,
)

EMPTY_ITEMS = 8
CELLS_MEASURED = 160
FULL_CELLS = 16432 * 16433 // 2
CLUSTER_CORES = 100 * 16
CHART_STACKS = "2:20:0.5"  # 37 stacks
CHART_DEALS = 20_000
CHART_ITERATIONS = 40


def _nothing(item: int) -> int:
    return item


def _overhead_rows() -> list[BenchRow]:
    try:  # Dask is an optional dependency (the cluster extra): imported here to test for it
        import distributed  # noqa: F401
    except ImportError:
        return [BenchRow("cluster", "empty job on local:2 against local", None, "s", "≤ 3 s",
                         note="Dask not installed: pip install 'omahanash[cluster]'")]
    items = list(range(EMPTY_ITEMS))
    started = time.perf_counter()
    run_blocks(_nothing, items)
    local = time.perf_counter() - started
    started = time.perf_counter()
    run_blocks(_nothing, items, scheduler="local:2")  # the first: Dask's import, fork server
    cold = time.perf_counter() - started
    started = time.perf_counter()
    run_blocks(_nothing, items, scheduler="local:2")
    cluster = time.perf_counter() - started
    return [BenchRow("cluster", "empty job on local:2 against local (overhead)",
                     cluster - local, "s", "≤ 3 s",
                     note=f"{EMPTY_ITEMS} items; start + stop of 2 worker processes"),
            BenchRow("cluster", "the first local:2 job of a process (overhead)",
                     cold - local, "s",
                     note="+ importing Dask and starting the fork server, once per process")]


def chart_rows(stacks: str = CHART_STACKS) -> list[BenchRow]:
    """The chart row: wall seconds here and on ``local:2``, and their ratio."""
    try:  # Dask is an optional dependency (the cluster extra): imported here to test for it
        import distributed  # noqa: F401
    except ImportError:
        return [BenchRow("cluster", "chart local:2 against one process", None, "x", "≥ 1.7x",
                         note="Dask not installed: pip install 'omahanash[cluster]'")]
    grid = parse_stack_grid(stacks)
    chart = functools.partial(solve_chart, "holdem", 3, payouts="50/30/20",
                              deals=CHART_DEALS, iterations=CHART_ITERATIONS)
    chart(grid[:1])  # warm-up: kernels, tables
    chart(grid[:2], scheduler="local:2")  # the workers' imports and kernels
    started = time.perf_counter()
    here = chart(grid)
    local = time.perf_counter() - started
    started = time.perf_counter()
    there = chart(grid, scheduler="local:2")
    cluster = time.perf_counter() - started
    with numba_threads(1):
        started = time.perf_counter()
        single = chart(grid)
        one = time.perf_counter() - started
    same = there.rows.tobytes() == here.rows.tobytes() == single.rows.tobytes()
    note = (f"{len(grid)} stacks, {CHART_DEALS:,} deals x {CHART_ITERATIONS} iterations each; "
            f"{'identical' if same else 'DIFFERENT'} results")
    return [BenchRow("cluster", f"chart of {len(grid)} stacks, Hold'em 3-handed, one process",
                     local, "s", note="numba threads on all cores"),
            BenchRow("cluster", f"chart of {len(grid)} stacks on local:2", cluster, "s",
                     note="cluster start and stop included"),
            BenchRow("cluster", "chart local:2 against one process (speed-up)",
                     local / cluster, "x", "≥ 1.7x", note=note),
            BenchRow("cluster", f"chart of {len(grid)} stacks, one process, one thread", one,
                     "s", note=f"local:2 is {one / cluster:.2f}x faster than this")]


EQ_STATES_MEASURED = 4


def equilibrium_rows() -> list[BenchRow]:
    """The 946-state Hold'em tournament equilibrium (13,500 chips, 300/600, unit 300): CPU
    seconds of one state's hand (the job's work item, with the ICM values as continuation
    values) on one numba thread, over a few random states, solved from scratch and then warm
    (continuing that solve for the default warm iterations); then one value iteration's
    projected wall time on this machine's cores and on 64."""
    settings = EquilibriumSettings("holdem", warm_iterations=25)
    states = stack_states(settings.chips, settings.unit)
    values = icm_values(settings, states)
    hu = hu_win_table(settings)
    rng = np.random.default_rng(28)
    picked = [states[k] for k in rng.choice(len(states), EQ_STATES_MEASURED, replace=False)]
    cold, warm = settings.solve_iterations, settings.warm_iterations
    with numba_threads(1):
        _solve_state(settings, values, hu, cold, StateItem(picked[0]))  # warm-up
        started = time.process_time()
        rows = [_solve_state(settings, values, hu, cold, StateItem(state)) for state in picked]
        per_state = (time.process_time() - started) / len(picked)
        started = time.process_time()
        for state, row in zip(picked, rows):
            _solve_state(settings, values, hu, warm, StateItem(state, _warm_part(row, settings)))
        per_warm = (time.process_time() - started) / len(picked)
    per_probe, solve_seconds = _policy_costs(settings, states, hu, values, picked, rows)
    cores = os.cpu_count() or 1
    out = [BenchRow("cluster", "policy iteration: a state's outcome chances (probe passes)",
                    per_probe, "core-s", note=f"{EQ_STATES_MEASURED} states, one thread, CPU; "
                    "added to every state of a policy-iteration step"),
           BenchRow("cluster", f"policy iteration: the values of {len(states)} states' "
                    "strategies (build A, one linear solve)", solve_seconds, "s",
                    note="in the client, once per iteration")]
    for what, cost, count in (("from scratch", per_state, cold), ("warm", per_warm, warm)):
        note = f"{count} CFR+ iterations x {settings.deals:,} deals a state; perfect scaling"
        iteration = cost * len(states)
        out += [BenchRow("cluster", f"tournament equilibrium: one state's hand, {what}", cost,
                         "core-s", note=f"{EQ_STATES_MEASURED} random states, one thread, CPU"),
                BenchRow("cluster", f"one value iteration of {len(states)} states {what}, "
                         f"{cores} cores (projected)", iteration / cores / 60, "min", note=note),
                BenchRow("cluster", f"one value iteration of {len(states)} states {what}, 64 "
                         "cores (projected)", iteration / 64, "s", note=note)]
    return out


def _policy_costs(settings: Any, states: list, hu: tuple, values: np.ndarray,
                  picked: list, rows: list) -> tuple[float, float]:
    """CPU seconds of one state's outcome chances (after its cold solve) and wall seconds
    of :func:`~omahanash.tournament.equilibrium.policy_values` over every state (uniform
    chances over each hand's ends: the cost does not depend on them)."""
    table = settings.table()
    valuation = TournamentValuation(settings, states, values, *hu)
    with numba_threads(1):
        spent = 0.0
        for state, row in zip(picked, rows):
            spot = settings.spot(state)
            solver = solver_for(spot, table, deals_for(spot, table, settings.deals,
                                                       settings.seed),
                                valuation, _warm_part(row, settings), average=True)
            started = time.process_time()
            outcome_probabilities(solver, solver.average())
            spent += time.process_time() - started
    chances = np.zeros((len(states), outcome_slots(False)))
    for k, state in enumerate(states):
        groups = len(outcome_groups(settings.spot(state))[0])
        chances[k, :groups] = 1.0 / groups
    started = time.perf_counter()
    policy_values(settings, states, hu, chances)
    return spent / len(picked), time.perf_counter() - started


def _exact_rows() -> list[BenchRow]:
    rng = np.random.default_rng(28)
    pairs = rng.integers(0, 16432, (CELLS_MEASURED, 2))
    ids = np.unique(pairs)
    data = class_data("omaha", ids)
    rows = np.searchsorted(ids, pairs[:, 0])
    cols = np.searchsorted(ids, pairs[:, 1])
    out = []
    with numba_threads(1):  # one core: the time is the cost in core-seconds
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
    return out


def run() -> list[BenchRow]:
    return _overhead_rows() + chart_rows() + equilibrium_rows() + _exact_rows()
