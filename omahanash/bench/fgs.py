"""``omahanash bench fgs``: future game simulation, what it adds to a push/fold solve.

Each row values every distinct end of the hand solved by FGS at its depth — the work
:class:`~omahanash.pushfold.fgs.FGSValuation` does when the solver is made (the future hands'
solves and the values of every future state, cached by state) — from a fresh valuation, the
kernels compiled first outside the clock. The CFR+ solve of the hand itself is the ICM
solve's (``omahanash bench pushfold``). Spots: stacks 1000 / 1250 / 1500 repeated, blinds
50/100, ICM 50/30/20, constant blinds. The note gives the future states valued, the future
hands solved and the CPU seconds of the process.
"""

from __future__ import annotations

import time

from omahanash.bench import BenchRow
from omahanash.equity.tables import load_table
from omahanash.errors import InputError
from omahanash.pushfold import PushFoldSpot
from omahanash.pushfold.fgs import FGSValuation
from omahanash.pushfold.kernels import terminal_values

SECTION = "fgs"

#: name -> (what, game, players, depth, target)
SPECS = {
    "holdem6-fgs2": ("Hold'em push/fold 6-handed FGS2", "holdem", 6, 2, "≤ 0.1 s"),
    "holdem6-fgs3": ("Hold'em push/fold 6-handed FGS3", "holdem", 6, 3, "≤ 1 s"),
    "holdem6-fgs4": ("Hold'em push/fold 6-handed FGS4", "holdem", 6, 4, "≤ 20 s"),
    "holdem3-fgs5": ("Hold'em push/fold 3-handed FGS5", "holdem", 3, 5, "≤ 10 s"),
    "holdem9-fgs2": ("Hold'em push/fold 9-handed FGS2", "holdem", 9, 2, "≤ 10 s"),
    "omaha6-fgs3": ("Omaha Hi push/fold 6-handed FGS3", "omaha-hi", 6, 3, "≤ 2 min"),
}
ROWS = tuple(SPECS)


def _spot(game: str, players: int) -> PushFoldSpot:
    stacks = [1000 + 250 * (i % 3) for i in range(players)]
    return PushFoldSpot(game, stacks, sb=50, bb=100, payouts="50/30/20")


def _value_all(spot: PushFoldSpot, valuation: FGSValuation) -> None:
    antes, blinds = spot.posts()
    terminal_values(spot.stack_array(), antes, blinds, valuation.payouts, True,
                    False, valuation)


def _row(name: str) -> BenchRow:
    what, game, players, depth, target = SPECS[name]
    try:
        table = load_table(game)
    except (InputError, OSError, ValueError):
        return BenchRow(SECTION, what, None, "s", target,
                        f"not measured: the {game} table is not built")
    spot = _spot(game, players)
    warm = FGSValuation(_spot(game, 3), 1, table=table)
    _value_all(warm.spot, warm)  # compiles the kernels, makes the table's buckets
    valuation = FGSValuation(spot, depth, table=table)
    _ = valuation.classes  # the buckets: made once per table, outside the clock
    start = time.perf_counter()
    cpu = time.process_time()
    _value_all(spot, valuation)
    seconds = time.perf_counter() - start
    cpu = time.process_time() - cpu
    note = (f"{valuation.states:,} future states valued, {valuation.solves:,} future hands "
            f"solved ({valuation.classes.weights.size} buckets, {valuation.iterations} CFR+ "
            f"iterations each, prune {valuation.prune:g}, pots of 3+ at depth "
            f"{valuation.multiway_depth}); CPU {cpu:.2f} s")
    return BenchRow(SECTION, what, seconds, "s", target, note)


def run(only: str | None = None) -> list[BenchRow]:
    names = ROWS if only is None else (only,)
    return [_row(name) for name in names]
