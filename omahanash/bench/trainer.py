"""``omahanash bench trainer``: how long a player waits for a spot.

Once the equilibrium of a stack is held, dealing a spot is a few draws (target ≤ 50 ms; timed
over 1,000 spots of a 5–15 bb Hold'em drill, both positions, and of an Omaha Hi drill at
10 bb). The first spot of a new Omaha stack loads the table and solves the equilibrium (CFR+
to 0.0001 BB, nothing read from the disk cache; target ≤ 30 s). The first spot at a
**6-handed table** (65/35, the preset structures, nothing cached: the drill's quick solve of
:func:`omahanash.trainer.table.default_solve`) is timed in Omaha Hi (with its built table;
target ≤ 15 s) and in Hold'em.
"""

from __future__ import annotations

import time

from omahanash.bench import BenchRow
from omahanash.equity.tables import table_path
from omahanash.trainer import Drill, DrillConfig
from omahanash.trainer.table import QUICK_ITERATIONS, TableDrill, TableDrillConfig, quick_deals

SECTION = "trainer"
SPOTS = 1000
OMAHA_STACK_BB = 13.0  # not the 10 bb of the other Omaha rows, so nothing is reused


def _omaha_table_built() -> bool:
    return table_path("omaha-hi").exists()


def _spot_row(game: str, stacks: tuple[float, float], note: str) -> BenchRow:
    drill = Drill(DrillConfig(game, stacks=stacks, position="both"), seed=1, persist=False)
    for stack in DrillConfig(game, stacks=stacks).stack_values:  # solve every stack first
        while not drill.is_solved(game, stack):
            drill.next_spot()
    start = time.perf_counter()
    for _ in range(SPOTS):
        drill.next_spot()
    seconds = (time.perf_counter() - start) / SPOTS
    return BenchRow(SECTION, f"new spot, equilibrium held: {game} {stacks[0]:g}-{stacks[1]:g} bb",
                    seconds * 1000, "ms", "≤ 50 ms", note)


def _first_omaha_spot_row() -> BenchRow:
    what = f"first spot of a new Omaha Hi stack ({OMAHA_STACK_BB:g} bb): load, solve, deal"
    if not _omaha_table_built():
        return BenchRow(SECTION, what, None, "s", "≤ 30 s",
                        "skipped: no full Omaha Hi table built on this machine")
    config = DrillConfig("omaha-hi", stacks=(OMAHA_STACK_BB, OMAHA_STACK_BB))
    drill = Drill(config, seed=1, persist=False)
    reports = []
    start = time.perf_counter()
    drill.next_spot(progress=lambda done, total: reports.append(done))
    seconds = time.perf_counter() - start
    return BenchRow(SECTION, what, seconds, "s", "≤ 30 s",
                    f"CFR+ to 0.0001 BB, {len(reports)} progress reports")


def _first_table_spot_row(game: str) -> BenchRow:
    what = f"first spot at a 6-handed {game} table, cold: solve, deal"
    if game != "holdem" and not _omaha_table_built():
        return BenchRow(SECTION, what, None, "s", "≤ 15 s",
                        "skipped: no full Omaha Hi table built on this machine")
    drill = TableDrill(TableDrillConfig(game, players=6, payouts="65/35"), seed=1,
                       persist=False)
    start, cpu = time.perf_counter(), time.process_time()
    drill.next_spot()
    seconds, cpu = time.perf_counter() - start, time.process_time() - cpu
    solution = drill.solution(0)
    return BenchRow(SECTION, what, seconds, "s", "≤ 15 s" if game != "holdem" else "stated",
                    f"{QUICK_ITERATIONS} CFR+ iterations on {quick_deals(solution.spot):,} "
                    f"deals, NashConv {solution.nash_conv:.3f} (prize, pool 100); CPU "
                    f"{cpu:.1f} s")


def run() -> list[BenchRow]:
    """The first-spot row runs once; the per-spot rows average 1,000 spots."""
    rows = [_spot_row("holdem", (5.0, 15.0), "average of 1,000 spots")]
    rows.append(_first_omaha_spot_row())
    rows += [_first_table_spot_row("omaha-hi"), _first_table_spot_row("holdem")]
    if _omaha_table_built():
        rows.append(_spot_row("omaha-hi", (OMAHA_STACK_BB, OMAHA_STACK_BB),
                              "average of 1,000 spots, full Omaha Hi table"))
    return rows
