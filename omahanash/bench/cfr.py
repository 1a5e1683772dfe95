"""``omahanash bench cfr``: CFR iteration and exploitability timings on Kuhn and Leduc, the two
small domino settings of the thesis (the large ones are ``omahanash bench domino``:
:mod:`omahanash.bench.domino`), and regret matching on rock-paper-scissors.

The OpenSpiel figures in the notes were measured on the development machine (2 shared cores),
right before this bench in the same session, with open_spiel 2.0.2: ``pyspiel.CFRPlusSolver`` /
``CFRSolver`` (C++) and ``open_spiel.python.algorithms.cfr`` (Python)
``evaluate_and_update_policy()``, ``pyspiel.exploitability`` and the Python
``exploitability.exploitability``. OpenSpiel is not a dependency, so they are quoted, not
re-run.
"""

from __future__ import annotations

from omahanash.bench import BenchRow, best_time
from omahanash.bench.domino import SMALL_SETTINGS, domino_rows
from omahanash.cfr.compiler import compile_game
from omahanash.cfr.exploitability import exploitability
from omahanash.cfr.solvers import Workspace, advance, new_solution
from omahanash.games.kuhn import KuhnPoker
from omahanash.games.leduc import LeducPoker
from omahanash.games.matrix import MatrixRun, parse_matrix_game, regret_matching

SECTION = "cfr"


def _per_iteration_ms(tree, algorithm: str, count: int) -> float:
    solution = new_solution(tree, algorithm, seed=1)
    work = Workspace(tree)
    advance(solution, 2, work)  # compile and warm up
    seconds, _ = best_time(lambda: advance(solution, count, work))
    return 1000.0 * seconds / count


def run() -> list[BenchRow]:
    """Timings (ms) of one iteration of each solver and of one exploitability computation."""
    compile_game(KuhnPoker())  # warm the tree kernel up
    leduc_seconds, leduc = best_time(lambda: compile_game(LeducPoker()), repeat=1)
    kuhn = compile_game(KuhnPoker())
    rows = [
        BenchRow(SECTION, "Leduc tree compile (9,457 nodes)", 1000 * leduc_seconds, "ms"),
        BenchRow(SECTION, "Leduc CFR+ iteration", _per_iteration_ms(leduc, "cfr+", 200), "ms",
                 "≤ 1.5 ms", "OpenSpiel: C++ 17.7 ms, Python 216 ms"),
        BenchRow(SECTION, "Leduc CFR iteration", _per_iteration_ms(leduc, "cfr", 200), "ms"),
        BenchRow(SECTION, "Leduc chance-sampled MCCFR iteration",
                 _per_iteration_ms(leduc, "mccfr-chance", 2000), "ms"),
        BenchRow(SECTION, "Leduc external-sampling MCCFR iteration",
                 _per_iteration_ms(leduc, "mccfr-external", 2000), "ms"),
    ]
    policy = new_solution(leduc, "cfr").average_policy()
    exploitability(leduc, policy)  # warm up (and build the best-response orders)
    seconds, _ = best_time(lambda: exploitability(leduc, policy), repeat=5)
    rows.append(BenchRow(SECTION, "Leduc exploitability", 1000 * seconds, "ms", "≤ 20 ms",
                         "OpenSpiel: C++ 140 ms, Python 420 ms"))
    rows.append(BenchRow(SECTION, "Kuhn CFR iteration", _per_iteration_ms(kuhn, "cfr", 20000),
                         "ms", "≤ 0.01 ms", "OpenSpiel: C++ 0.074 ms, Python 1.7 ms"))
    rows.extend(domino_rows(SECTION, SMALL_SETTINGS))
    rows.extend(_rock_paper_scissors())
    return rows


def _rock_paper_scissors(iterations: int = 1_000_000) -> list[BenchRow]:
    """Regret matching on rock-paper-scissors, 10⁶ iterations: in self-play (which starts at the
    equilibrium, uniform play, and never leaves it: every regret stays 0) and against seed
    002's fixed opponent (0.4, 0.3, 0.3), whose best response is paper."""
    game = parse_matrix_game("rps")
    regret_matching(game, 16)  # warm up
    rows = []
    opponents: tuple[tuple[tuple[float, ...] | None, str], ...] = (
        (None, "self-play"), ((0.4, 0.3, 0.3), "vs (0.4, 0.3, 0.3)"))
    for opponent, what in opponents:
        def run_once(o: tuple[float, ...] | None = opponent) -> MatrixRun:
            return regret_matching(game, iterations, opponent=o)

        seconds, run = best_time(run_once, repeat=1)
        mix = ", ".join(f"{p:.4f}" for p in run.row_strategy)
        note = f"average ({mix}), exploitability {run.exploitability[-1][1]:.2g}"
        rows.append(BenchRow(SECTION, f"rock-paper-scissors regret matching {what}, "
                             "10⁶ iterations", seconds, "s", "", note))
    return rows
