"""The shared battery (scikit-learn's ``test_common`` is the model): every row of the one
registry, ``REGISTRY[family][name]`` — push/fold included, aliases too —, made on a small
problem of its family and run through the protocol: the report before any iteration, steps
to a count, a stop by the cancel flag, a run continued (the same bits as one run), a save and
reload continued (the same bits again), and a report whose NashConv is the players' summed
gains in every family (``exploitability`` = NashConv / players).

A family added to the registry fails here until it has a problem (:data:`PROBLEMS`) and a
save/reload (:data:`SAVES`): a new solver cannot skip the battery."""

from __future__ import annotations

import math
from collections.abc import Callable
from pathlib import Path
from typing import Any

import numpy as np
import pytest

from omahanash.cfr.exploitability import exploitability as on_exploitability
from omahanash.cfr.solvers import CFRSolver
from omahanash.cfr.storage import load_solution, save_solution
from omahanash.equity.tables import load_table
from omahanash.games import make_game
from omahanash.games.matrix import parse_matrix_game
from omahanash.games.matrix.iterative import MatrixSolver
from omahanash.jamfold.game import JamFoldGame, JamFoldParams
from omahanash.jamfold.solution import JamFoldSolution
from omahanash.pushfold.solution import PushFoldSolution
from omahanash.pushfold.spot import PushFoldSpot
from omahanash.runs import CancelFlag
from omahanash.solving import REGISTRY, Report, Solver, TabularPolicy, run
from omahanash.trees.solution import TreeSolution
from omahanash.trees.solver import TreeSolver
from omahanash.trees.spot import PreflopSpot

ROWS = [(family, name) for family, rows in REGISTRY.items() for name in rows]


def _kuhn() -> tuple[Any, dict]:
    return make_game("kuhn"), {"seed": 11}


def _jamfold() -> tuple[Any, dict]:
    return JamFoldGame(load_table("holdem"), JamFoldParams("holdem", stacks=100)), {}


def _matrix() -> tuple[Any, dict]:
    return parse_matrix_game("2,-1;-1,1"), {"seed": 3}  # mixes 2/5, 3/5


def _pushfold() -> tuple[Any, dict]:
    return PushFoldSpot("holdem", [600, 700, 800], 50, 100, payouts="50/30/20"), \
        {"deals": 4_000, "seed": 5}


def _trees() -> tuple[Any, dict]:
    # heads-up Hold'em on the pot-limit tree, a fresh sample of 2,000 deals every iteration
    return PreflopSpot("holdem", [10, 10], 0.5, 1, tree="pl"), {"deals": 2_000, "seed": 9}


#: family -> a small problem of that family and the options a row is made with.
PROBLEMS: dict[str, Callable[[], tuple[Any, dict]]] = {
    "cfr": _kuhn, "jamfold": _jamfold, "matrix": _matrix, "pushfold": _pushfold,
    "trees": _trees}
#: family -> how many players share its NashConv on that problem.
PLAYERS = {"cfr": 2, "jamfold": 2, "matrix": 2, "pushfold": 3, "trees": 2}


def _save_cfr(solver: Any, path: Path, problem: Any) -> Any:
    save_solution(solver.solution, path)
    return CFRSolver(load_solution(path))


def _save_jamfold(solver: Any, path: Path, problem: Any) -> Any:
    JamFoldSolution(solver.game, solver.state, solver.history).save(path)
    return JamFoldSolution.load(path, table=problem.table)


def _save_matrix(solver: Any, path: Path, problem: Any) -> Any:
    solver.save(path)
    return MatrixSolver.load(path, problem)


def _save_pushfold(solver: Any, path: Path, problem: Any) -> Any:
    PushFoldSolution(problem, solver).save(path)
    return PushFoldSolution.load(path, table=solver.table).solver


def _save_trees(solver: Any, path: Path, problem: Any) -> Any:
    TreeSolution(problem, solver).save(path)
    return TreeSolution.load(path, table=solver.table).solver


#: family -> save the solver to a file of the family's own kind and reopen it as a solver.
SAVES: dict[str, Callable[[Any, Path, Any], Any]] = {
    "cfr": _save_cfr, "jamfold": _save_jamfold, "matrix": _save_matrix,
    "pushfold": _save_pushfold, "trees": _save_trees}


def _make(family: str, name: str) -> tuple[Any, Any]:
    assert family in PROBLEMS, f"the battery has no problem for the family {family!r}"
    problem, options = PROBLEMS[family]()
    return REGISTRY[family][name].create(problem, **options), problem


def _policy(solver: Any) -> TabularPolicy:
    policy = solver.average_policy()
    assert isinstance(policy, TabularPolicy)
    return policy


def test_every_family_of_the_registry_is_in_the_battery():
    assert set(REGISTRY) == set(PROBLEMS) == set(SAVES) == set(PLAYERS)
    assert {"cfr", "jamfold", "matrix", "pushfold", "trees"} <= set(REGISTRY)
    for family, rows in REGISTRY.items():
        for typed, entry in rows.items():
            assert entry.family == family and (entry.alias or entry.name) == typed
            assert entry.alias is None or entry.name in rows  # an alias names a real row


@pytest.mark.parametrize(("family", "name"), ROWS)
def test_a_fresh_solver_reports_no_average_yet(family, name):
    solver, _ = _make(family, name)
    assert isinstance(solver, Solver) and solver.iterations == 0
    report = solver.report()
    assert isinstance(report, Report) and report.iteration == 0
    assert math.isinf(report.nash_conv) and math.isinf(report.exploitability)


@pytest.mark.parametrize(("family", "name"), ROWS)
def test_steps_to_a_count_report_nash_conv_per_player(family, name):
    solver, _ = _make(family, name)
    outcome = run(solver, iterations=6)
    early = outcome.report
    assert (outcome.reason, outcome.stopped, outcome.iterations_run) == ("iterations", False, 6)
    assert early.iteration == solver.iterations == 6
    assert early.players == PLAYERS[family]
    assert math.isfinite(early.nash_conv) and early.nash_conv >= -1e-12
    assert early.exploitability == early.nash_conv / early.players
    outcome = run(solver, iterations=250)
    assert outcome.report.iteration == 256
    # more iterations come closer to an equilibrium on these small problems
    assert outcome.report.nash_conv < early.nash_conv
    policy = _policy(solver)
    legal = policy.table if policy.legal is None else np.where(policy.legal, policy.table, 0.0)
    np.testing.assert_allclose(legal.sum(axis=1), 1.0, atol=1e-9)
    assert ((policy.table >= -1e-12) & (policy.table <= 1 + 1e-12)).all()


@pytest.mark.parametrize(("family", "name"), ROWS)
def test_a_stop_keeps_every_finished_iteration(family, name):
    solver, _ = _make(family, name)
    flag = CancelFlag()
    seen: list[Report] = []

    def stop_at_first(report: Report) -> None:
        seen.append(report)
        flag.cancel()

    outcome = run(solver, iterations=10**6, cancel=flag, progress=stop_at_first,
                  report_every=3)
    assert (outcome.stopped, outcome.reason) == (True, "cancelled")
    assert outcome.iterations_run == solver.iterations == outcome.report.iteration == 3
    assert seen[0].iteration == 3 and math.isfinite(outcome.report.nash_conv)
    already = CancelFlag()
    already.cancel()
    again = run(solver, iterations=5, cancel=already)
    assert again.stopped and again.iterations_run == 0 and solver.iterations == 3


@pytest.mark.parametrize(("family", "name"), ROWS)
def test_continued_and_reloaded_runs_are_the_same_bits_as_one_run(family, name, tmp_path):
    straight, problem = _make(family, name)
    run(straight, iterations=24)
    continued, _ = _make(family, name)
    run(continued, iterations=8)
    run(continued, iterations=8)
    reloaded = SAVES[family](continued, tmp_path / f"{family}-{name}.run", problem)
    assert reloaded.iterations == 16
    run(reloaded, iterations=8)
    run(continued, iterations=8)
    for solver in (continued, reloaded):
        assert solver.iterations == 24
        assert np.array_equal(_policy(solver).table, _policy(straight).table)
        assert solver.report().nash_conv == straight.report().nash_conv


@pytest.mark.parametrize(("family", "name"), [row for row in ROWS if row[0] in ("cfr",
                                                                                 "matrix",
                                                                                 "trees")])
def test_the_policy_alone_gives_the_reported_nash_conv(family, name):
    """An evaluator that reads only ``average_policy()``: the exact best responses of a CFR
    tree (omahanash.exploitability of a TabularPolicy), for a matrix game the best-reply
    gains computed here from the payoff matrices, and for a betting tree the exact best
    response of a fresh solver of the problem whose average strategy is the policy's table
    and nothing else."""
    solver, problem = _make(family, name)
    report = run(solver, iterations=64).report
    policy = _policy(solver)
    if family == "cfr":
        measured = on_exploitability(problem, policy) * report.players
    elif family == "trees":
        measured = _tree_nash_conv(problem, policy)
    else:
        row = [policy.probability("row", a) for a in problem.row_actions]
        column = [policy.probability("column", a) for a in problem.column_actions]
        a, b = problem.row_payoffs, problem.column_payoffs
        row_gain = max(a @ column) - row @ a @ column
        column_gain = max(np.asarray(row) @ b) - row @ b @ column
        measured = row_gain + column_gain
    assert measured == pytest.approx(report.nash_conv, rel=1e-9, abs=1e-12)


def _tree_nash_conv(problem: Any, policy: TabularPolicy) -> float:
    """NashConv of a betting-tree policy: its rows (``"<node>:<class>"``) written into a fresh
    solver of the problem as the average strategy (weight 1), measured by its best response."""
    _, options = PROBLEMS["trees"]()
    fresh = TreeSolver.from_problem(problem, **options)
    assert fresh.buckets == fresh.classes_n  # Hold'em is solved per class
    fresh.avg_sum[...] = 0.0
    fresh.avg_weight[...] = 1.0
    rows = iter(policy.table)
    for node in fresh.tree.decisions():
        for c in range(fresh.classes_n):
            row = next(rows)
            fresh.avg_sum[node.slot, c, :len(node.actions)] = row[:len(node.actions)]
    return float(fresh.evaluate()["nash_conv"])
