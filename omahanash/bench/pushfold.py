"""``omahanash bench pushfold``: ICM, and push/fold tables solved to their NashConv targets.

Every table runs on the default number of sampled deals (``default_deal_count``). Omaha rows need
the built full tables (``omahanash table build``); without them they say so. Each solve is
timed from the deals (built outside the clock, like a warm kernel) to NashConv at or below
the target: 0.1 % of the prize pool (Hold'em), 0.2 % (Omaha). NashConv is measured on the
solve's own deals; the note also gives it on other deals, outside the clock (Hold'em
3-handed: every class triple with its exact weight; bigger tables: 400,000 deals of another
seed; Omaha: twice the solve's deals, of another seed), which is the precision the sample
buys. Every row also gives the CPU seconds of the process (both threads), which a busy
machine does not inflate the way it does the wall time.
"""

from __future__ import annotations

import time

import numpy as np

from omahanash.bench import BenchRow, best_time
from omahanash.equity.tables import load_table
from omahanash.errors import InputError
from omahanash.pushfold import PushFoldSpot
from omahanash.pushfold.icm import icm_detail
from omahanash.pushfold.solver import REPORT_EVERY, PushFoldSolver, _deals_for

SECTION = "pushfold"
#: Iterations a timed solve may run before it is reported as missing its target.
CAP = 400


def _icm_rows() -> list[BenchRow]:
    rng = np.random.default_rng(1)
    rows = []
    for players, target in ((10, 0.001), (20, 0.1)):
        stacks = rng.integers(500, 5000, players).astype(float)
        payouts = np.linspace(players, 1, players)  # every place paid: the worst case
        icm_detail(stacks, payouts)

        def once(s: np.ndarray = stacks, p: np.ndarray = payouts) -> object:
            return icm_detail(s, p)

        seconds, _ = best_time(once, repeat=5)
        cpu = min(_cpu_of(once) for _ in range(5))
        rows.append(BenchRow(SECTION, f"ICM, {players} players, {players} places paid",
                             seconds * 1e3, "ms", f"≤ {target * 1e3:g} ms",
                             f"CPU {cpu * 1e3:.3g} ms"))
    return rows


def _cpu_of(fn: object) -> float:
    start = time.thread_time()
    fn()  # type: ignore[operator]
    return time.thread_time() - start


def _solve_row(what: str, game: str, players: int, share: float, limit: str,
               table) -> BenchRow:
    stacks = [1000 + 250 * (i % 3) for i in range(players)]
    spot = PushFoldSpot(game, stacks, sb=50, bb=100, payouts="50/30/20")
    deals = _deals_for(spot, table, None, 0)
    warm = PushFoldSolver(spot, table, deals)
    warm.step(1)
    warm.report()
    solver = PushFoldSolver(spot, table, deals)
    goal = share * spot.prize_pool
    start = time.perf_counter()
    cpu = time.process_time()
    while True:
        solver.step(REPORT_EVERY)
        if solver.report().nash_conv <= goal or solver.iterations >= CAP:
            break
    seconds = time.perf_counter() - start
    cpu = time.process_time() - cpu
    reached = solver.report().nash_conv
    other = _deals_for(spot, table, "exact" if game == "holdem" and players == 3
                       else 400_000 if game == "holdem" else 2 * deals.rows, 99)
    outside = PushFoldSolver(spot, table, other).evaluate(solver.average())["gains"].sum()
    pool = spot.prize_pool
    note = (f"{solver.iterations} CFR+ iterations, NashConv {reached:.4g} "
            f"({100 * reached / pool:.3f} % of the pool) on {deals.describe()}; on "
            f"{other.describe()}: {outside:.4g} ({100 * outside / pool:.3f} %); CPU "
            f"{cpu:.1f} s")
    return BenchRow(SECTION, what, seconds, "s", limit, note)


def run() -> list[BenchRow]:
    rows = _icm_rows()
    holdem = load_table("holdem")
    rows.append(_solve_row("Hold'em 3-handed, ICM 50/30/20, NashConv ≤ 0.1 % of the pool",
                           "holdem", 3, 0.001, "≤ 2 s", holdem))
    rows.append(_solve_row("Hold'em 6-handed, same precision", "holdem", 6, 0.001, "≤ 20 s",
                           holdem))
    rows.append(_solve_row("Hold'em 9-handed, same precision", "holdem", 9, 0.001, "≤ 120 s",
                           holdem))
    for game, players, limit in (("omaha-hi", 3, "≤ 120 s"), ("omaha-hilo", 3, "≤ 120 s"),
                                 ("omaha-hi", 6, "≤ 600 s")):
        what = f"{game} {players}-handed, NashConv ≤ 0.2 % of the pool"
        try:
            table = load_table(game)
        except (InputError, OSError, ValueError):
            rows.append(BenchRow(SECTION, what, None, "s", limit,
                                 f"not measured: the {game} table is not built"))
            continue
        rows.append(_solve_row(what, game, players, 0.002, limit, table))
    return rows
