"""``omahanash bench pushfold``: ICM, and push/fold tables solved to their NashConv targets.

Every table is solved as a player's solve is (``solve_pushfold`` on the default deals: every
class triple for 3-handed Hold'em, else ``default_deal_count`` sampled deals), the deals made
inside the clock, the kernels warm. Omaha rows need the built full tables (``omahanash table
build``); without them they say so. A solve runs to NashConv at or below its target — the
default (0.1 % of what is at stake) for the chip-EV row, 0.1 % of the prize pool (Hold'em),
0.2 % (Omaha) — or stalls (the default stall rule). The note gives how it ended, NashConv
on the solve's own deals and on deals it did not train on (``nash_conv_fresh``, outside the
clock), and the CPU seconds of the process (both threads), which a busy machine does not
inflate the way it does the wall time.
"""

from __future__ import annotations

import time

import numpy as np

from omahanash.bench import BenchRow, best_time
from omahanash.equity.tables import load_table
from omahanash.errors import InputError
from omahanash.pushfold import PushFoldSpot, solve_pushfold
from omahanash.pushfold.icm import icm_detail
from omahanash.pushfold.solver import stake

SECTION = "pushfold"
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


def _solve_row(what: str, game: str, players: int, share: float | None, limit: str,
               table, stacks: list[float] | None = None, blinds: tuple[float, float] = (50, 100),
               payouts: str | None = "50/30/20") -> BenchRow:
    """One table solved as a player meets it: :func:`~omahanash.pushfold.solve.
    solve_pushfold` from the spot (its deals made inside the clock; kernels warmed by a
    first solve outside it) to ``share`` of what is at stake (None: the default target), with
    the default stall rule; then, outside the clock, NashConv on deals it did not train on
    (``nash_conv_fresh``)."""
    stacks = stacks or [1000 + 250 * (i % 3) for i in range(players)]
    spot = PushFoldSpot(game, stacks, sb=blinds[0], bb=blinds[1], payouts=payouts)
    goal = None if share is None else share * stake(spot)
    solve_pushfold(spot, iterations=2, table=table)  # compiles / loads every kernel
    start = time.perf_counter()
    cpu = time.process_time()
    solution = solve_pushfold(spot, target=goal, table=table)
    seconds = time.perf_counter() - start
    cpu = time.process_time() - cpu
    reached = solution.nash_conv
    fresh, low = solution.nash_conv_fresh, solution.nash_conv_fresh_low
    whole = stake(spot)
    unit = "of the pool" if spot.model == "icm" else "of the chips in play"
    on_fresh = f"{fresh:.4g} ({100 * fresh / whole:.3f} %)" if low == fresh else \
        f"between {low:.4g} and {fresh:.4g} ({100 * low / whole:.3f}–{100 * fresh / whole:.3f} %)"
    note = (f"{solution.status} after {solution.iterations} CFR+ iterations, NashConv "
            f"{reached:.4g} ({100 * reached / whole:.3f} % {unit}) on "
            f"{solution.solver.deals.describe()}; on fresh deals {on_fresh}; CPU {cpu:.1f} s")
    return BenchRow(SECTION, what, seconds, "s", limit, note)


def run() -> list[BenchRow]:
    rows = _icm_rows()
    holdem = load_table("holdem")
    rows.append(_solve_row("Hold'em 3-handed chip EV 10 bb, default solve", "holdem", 3,
                           None, "≤ 2 s, converged", holdem, stacks=[10, 10, 10],
                           blinds=(0.5, 1), payouts=None))
    rows.append(_solve_row("Hold'em 3-handed, ICM 50/30/20, NashConv ≤ 0.1 % of the pool",
                           "holdem", 3, 0.001, "≤ 0.5 s", holdem))
    rows.append(_solve_row("Hold'em 6-handed, same precision", "holdem", 6, 0.001, "≤ 5 s",
                           holdem))
    rows.append(_solve_row("Hold'em 9-handed, same precision", "holdem", 9, 0.001, "≤ 30 s",
                           holdem))
    for game, players, limit in (("omaha-hi", 3, "≤ 10 s"), ("omaha-hilo", 3, "≤ 10 s"),
                                 ("omaha-hi", 6, "≤ 60 s")):
        what = f"{game} {players}-handed, NashConv ≤ 0.2 % of the pool"
        try:
            table = load_table(game)
        except (InputError, OSError, ValueError):
            rows.append(BenchRow(SECTION, what, None, "s", limit,
                                 f"not measured: the {game} table is not built"))
            continue
        rows.append(_solve_row(what, game, players, 0.002, limit, table))
    return rows
