"""``omahanash bench tree``: preflop betting trees solved as a player's solve is.

Every row is :func:`~omahanash.trees.solve.solve_preflop` from the spot (the deals made
inside the clock; the kernels compiled by a two-iteration solve outside it) to the issue's
precision — 0.2 % of what is at stake for Omaha, 0.1 % for Hold'em — or until it stalls (the
run loop's stall rule), at most ``MAX_ITERATIONS``. The note gives how it ended, NashConv on
the solve's own deals and on deals it did not train on (``nash_conv_fresh``, outside the
clock), the tree's size and the CPU seconds of the process. Omaha rows need the built full
tables (``omahanash table build``); without them they say so. ``--only`` picks a row by its
key (``hu-pl``, ``pl3-hi``, ``pl3-hilo``, ``pl6``, ``nl3``, ``nl6``).
"""

from __future__ import annotations

import time

from omahanash.bench import BenchRow
from omahanash.equity.tables import load_table
from omahanash.errors import InputError
from omahanash.pushfold.solver import stake
from omahanash.trees import PreflopSpot, solve_preflop

SECTION = "tree"
MAX_ITERATIONS = 400

#: key -> (what, game, stacks in bb, payouts, tree, share of the stake, target)
ROWS = {
    "hu-pl": ("Omaha Hi pl, heads-up 15 bb, NashConv ≤ 0.2 %", "omaha-hi", [15, 15], None,
              "pl", 0.002, "≤ 10 s"),
    "pl3-hi": ("Omaha Hi pl, 3-handed ICM 50/30/20, ≤ 0.2 % of the pool", "omaha-hi",
               [15, 12, 10], "50/30/20", "pl", 0.002, "≤ 1 min"),
    "pl3-hilo": ("Omaha Hi/Lo pl, 3-handed ICM 50/30/20, ≤ 0.2 % of the pool", "omaha-hilo",
                 [15, 12, 10], "50/30/20", "pl", 0.002, "≤ 1 min"),
    "pl6": ("Omaha Hi pl, 6-handed 65/35", "omaha-hi", [15, 12, 10, 15, 12, 10], "65/35",
            "pl", 0.002, "≤ 10 min"),
    "nl3": ("Hold'em nl, 3-handed 20 bb chip EV, ≤ 0.1 %", "holdem", [20, 20, 20], None,
            "nl", 0.001, "≤ 10 s"),
    "nl6": ("Hold'em nl, 6-handed 20 bb chip EV, ≤ 0.1 %", "holdem", [20] * 6, None, "nl",
            0.001, "≤ 2 min"),
}


def _row(key: str) -> BenchRow:
    what, game, stacks, payouts, tree, share, limit = ROWS[key]
    try:
        table = load_table(game)
    except (InputError, OSError, ValueError):
        return BenchRow(SECTION, what, None, "s", limit,
                        f"not measured: the {game} table is not built")
    spot = PreflopSpot(game, stacks, 0.5, 1, payouts=payouts, tree=tree)
    goal = share * stake(spot)
    try:
        solve_preflop(spot, iterations=2, table=table, deals=1000)  # compiles the kernels
        start = time.perf_counter()
        cpu = time.process_time()
        solution = solve_preflop(spot, target=goal, table=table,
                                 max_iterations=MAX_ITERATIONS)
        seconds = time.perf_counter() - start
        cpu = time.process_time() - cpu
    except InputError as error:  # a tree that does not fit this machine: say so
        return BenchRow(SECTION, what, None, "s", limit, f"refused: {error}")
    whole = stake(spot)
    unit = "of the pool" if spot.model == "icm" else "of the chips in play"
    size = solution.solver.tree.size(solution.solver.classes_n)
    reached, fresh = solution.nash_conv, solution.nash_conv_fresh
    note = (f"{solution.status} after {solution.iterations} iterations, NashConv "
            f"{reached:.4g} ({100 * reached / whole:.3f} % {unit}) on "
            f"{solution.solver.deals.describe()}; on fresh deals {fresh:.4g} "
            f"({100 * fresh / whole:.3f} %); {size['decisions']:,} decisions; "
            f"CPU {cpu:.1f} s")
    return BenchRow(SECTION, what, seconds, "s", limit, note)


def run(only: str | None = None) -> list[BenchRow]:
    if only is not None and only not in ROWS:
        raise InputError(f"bench tree has no row {only!r} (rows: {', '.join(ROWS)})")
    return [_row(key) for key in ROWS if only is None or key == only]
