"""``omahanash bench domino``: tree sizes, compile times and CFR+ time to exploitability 0.001
on the domino settings of the thesis, ``thesis`` rules.

The big settings take minutes each (compiling ``double-3`` with 4 players walks ~2.9 M nodes in
Python; CFR+ then needs thousands of iterations), so they are a section of their own, apart from
``omahanash bench cfr``, which times the two small settings with :func:`domino_rows`.

Exploitability is NashConv / players (two players: (BR₁ + BR₂)/2). The time to the target
counts CFR+ iterations only: the exploitability checks that find the first iteration at or
below it (at iterations growing by about 1/8 each time, so the count is at most ~12 % past the
first one that reaches it) are not timed. A setting that has not reached the target after
:data:`TIME_LIMIT` seconds of iterations reports the exploitability it reached.
"""

from __future__ import annotations

import time

from omahanash.bench import BenchRow
from omahanash.cfr.compiler import compile_game
from omahanash.cfr.solvers import Workspace, advance, new_solution
from omahanash.games.domino import make_domino_game

SECTION = "domino"
TARGET = 0.001
#: Seconds of CFR+ iterations allowed per setting before reporting what was reached.
TIME_LIMIT = 600.0

#: (tiles, players, hand): the thesis's settings, small to large.
SMALL_SETTINGS = (("[0|0][0|1][0|2][1|2]", 2, 2), ("double-2", 2, 2))
LARGE_SETTINGS = (("double-3", 2, 3), ("double-3", 3, 3), ("double-3", 4, 2))


def time_to_exploitability(
    tree, target: float = TARGET, time_limit: float = TIME_LIMIT
) -> tuple[int, float, float]:
    """Run CFR+ on ``tree`` until its exploitability is at most ``target`` or ``time_limit``
    seconds of iterations have passed: ``(iterations, seconds of iterations, exploitability)``.
    """
    solution = new_solution(tree, "cfr+", seed=0)
    work = Workspace(tree)
    seconds = 0.0
    while True:
        done = solution.iterations
        count = max(1, done // 8)
        start = time.perf_counter()
        advance(solution, count, work)
        seconds += time.perf_counter() - start
        reached = solution.exploitability()
        if reached <= target or seconds >= time_limit:
            return solution.iterations, seconds, reached


def domino_rows(section: str, settings, time_limit: float = TIME_LIMIT) -> list[BenchRow]:
    """Size, compile time and CFR+ time to :data:`TARGET` of each ``(tiles, players, hand)``."""
    # Warm the kernels up (tree, iterations, best response) before any clock starts.
    warm = compile_game(make_domino_game("double-2", 2, 2))
    time_to_exploitability(warm, TARGET, time_limit)
    rows = []
    for tiles, players, hand in settings:
        name = f"domino {tiles} {players}p hand {hand}"
        game = make_domino_game(tiles, players, hand)
        start = time.perf_counter()
        tree = compile_game(game)
        compile_seconds = time.perf_counter() - start
        size = f"{tree.num_nodes:,} nodes, {tree.num_infosets:,} information sets"
        rows.append(BenchRow(section, f"{name}: compile", compile_seconds, "s", "", size))
        iterations, seconds, reached = time_to_exploitability(tree, TARGET, time_limit)
        exploitability = "NashConv/2" if players == 2 else f"NashConv/{players}"
        if reached <= TARGET:
            note = f"{iterations:,} iterations ({exploitability} {reached:.2g})"
            rows.append(BenchRow(section, f"{name}: CFR+ to exploitability ≤ {TARGET}",
                                 seconds, "s", "", note))
        else:
            note = (f"not reached: {exploitability} {reached:.3g} after {iterations:,} "
                    f"iterations")
            rows.append(BenchRow(section, f"{name}: CFR+ for {seconds:.0f} s", reached,
                                 "exploitability", f"≤ {TARGET}", note))
    return rows


def run() -> list[BenchRow]:
    """The three large domino settings (several minutes each)."""
    return domino_rows(SECTION, LARGE_SETTINGS)
