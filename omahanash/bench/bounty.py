"""``omahanash bench bounty``: what knockout bounties cost a push/fold solve (issue 38's
target: a PKO 6-handed ICM solve within 1.5× the same spot without bounties).

The 6-handed Hold'em spot of ``bench pushfold`` (stacks 1000/1250/1500 twice, blinds
50/100, 65/35) is solved on its default deals, once without bounties and once with a
progressive bounty of 25 on every head (a pool of 100: the bounties are 60 % of the money),
each the same fixed number of CFR+ iterations (the cost of an iteration, which is what the
bounties change: their terminal values are tabled once per spot, and only the pots of 5 or
more players settled deal by deal add a few operations) and each to its own default target
(0.1 % of what is at stake: the pool, or the pool and the bounties). The kernels are warmed
by a first solve outside the clock; the deals are made inside it, as a player's solve makes
them. A third row separates what the bounties' settlement itself costs from what the other
game costs (a PKO equilibrium calls wider: its passes walk more branches): passes over the
same strategies (the start's ½ everywhere, then the solved average) with and without the
bounties. The ratios are of CPU seconds (the process's, every thread: a busy machine inflates
wall times unevenly); the wall times are in the notes.
"""

from __future__ import annotations

import time

import numpy as np

from omahanash.bench import BenchRow
from omahanash.equity.tables import EquityTable, load_table
from omahanash.pushfold import PushFoldSolution, PushFoldSpot, solve_pushfold
from omahanash.pushfold.bounty import Bounties
from omahanash.pushfold.solver import PushFoldSolver

SECTION = "bounty"
#: CFR+ iterations of the fixed-count row.
ITERATIONS = 40
STACKS = [1000.0, 1250.0, 1500.0, 1000.0, 1250.0, 1500.0]
PAYOUTS = "65/35"
BOUNTY = 25.0


def _timed(spot: PushFoldSpot, table: EquityTable, bounty: Bounties | None,
           iterations: int | None) -> tuple[float, float, PushFoldSolution]:
    """``(CPU seconds, wall seconds, solution)`` of one solve."""
    start, cpu = time.perf_counter(), time.process_time()
    solution = solve_pushfold(spot, iterations=iterations, table=table, bounty=bounty)
    return time.process_time() - cpu, time.perf_counter() - start, solution


def run() -> list[BenchRow]:
    table = load_table("holdem")
    spot = PushFoldSpot("holdem", STACKS, 50, 100, payouts=PAYOUTS)
    pko = Bounties.parse(bounty=BOUNTY, players=spot.players, kind="pko")
    for bounty in (None, pko):  # compile and load every kernel, outside the clock
        solve_pushfold(spot, iterations=2, table=table, bounty=bounty)
    rows = []
    plain_cpu, plain_s, _ = _timed(spot, table, None, ITERATIONS)
    pko_cpu, pko_s, _ = _timed(spot, table, pko, ITERATIONS)
    rows.append(BenchRow(
        SECTION, f"Hold'em 6-handed ICM {PAYOUTS}, {ITERATIONS} CFR+ iterations, PKO 25 a "
        "head vs no bounties (CPU)", pko_cpu / plain_cpu, "×", "≤ 1.5×",
        f"no bounties CPU {plain_cpu:.2f} s (wall {plain_s:.2f} s), PKO CPU {pko_cpu:.2f} s "
        f"(wall {pko_s:.2f} s)"))
    plain_cpu, plain_s, plain = _timed(spot, table, None, None)
    pko_cpu, pko_s, bountied = _timed(spot, table, pko, None)
    rows.append(BenchRow(
        SECTION, f"Hold'em 6-handed ICM {PAYOUTS} to the default target, PKO vs none (CPU)",
        pko_cpu / plain_cpu, "×", "≤ 1.5×",
        f"no bounties CPU {plain_cpu:.2f} s, wall {plain_s:.2f} s ({plain.status} after "
        f"{plain.iterations} iterations); PKO CPU {pko_cpu:.2f} s, wall {pko_s:.2f} s "
        f"({bountied.status} after {bountied.iterations} iterations, target 0.1 % of the "
        "pool and the bounties)"))
    rows.append(_pass_row(spot, table, pko, plain.solver.average()))
    return rows


def _pass_row(spot: PushFoldSpot, table: EquityTable, pko: Bounties, average: object
              ) -> BenchRow:
    """Passes of the two solvers over the same strategies, alternated (3 each)."""
    plain = PushFoldSolver.from_problem(spot, table=table)
    bountied = PushFoldSolver(spot, table, plain.deals, bounty=pko)
    notes = []
    ratios = []
    for label, sigma in (("½ everywhere", np.full_like(plain.sigma, 0.5)),
                         ("the solved average", np.asarray(average))):
        spent = {False: 0.0, True: 0.0}
        for _ in range(3):
            for with_bounty, solver in ((False, plain), (True, bountied)):
                cpu = time.process_time()
                solver._pass(sigma)
                spent[with_bounty] += time.process_time() - cpu
        ratios.append(spent[True] / spent[False])
        notes.append(f"{label}: {spent[False] / 3:.2f} s / {spent[True] / 3:.2f} s a pass")
    return BenchRow(SECTION, "the same strategies, a pass with PKO vs without (CPU; the "
                    "larger of two)", max(ratios), "×", "", "; ".join(notes))
