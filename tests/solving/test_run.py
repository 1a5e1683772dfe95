"""The one run loop: a toy solver added as a class and a row of the matrix family's table runs
through :func:`omahanash.solving.run` like the shipped ones: to a count, to a target, stopped
by a cancel flag; bad arguments are InputErrors; every family speaks the protocol (the shared
battery over every registry row is ``test_battery.py``); :func:`~omahanash.solving.iter_run`
yields the same reports and returns the same outcome."""

from __future__ import annotations

import math

import numpy as np
import pytest

from omahanash.errors import InputError
from omahanash.games.matrix import parse_matrix_game, run_matrix
from omahanash.games.matrix.iterative import ALGORITHMS, MatrixSolver
from omahanash.runs import CancelFlag
from omahanash.solving import (
    MAX_RUN_ITERATIONS,
    Report,
    Solver,
    TabularPolicy,
    iter_run,
    run,
)


class ToyRegretMatching(MatrixSolver):
    """Regret matching on a 2×2 game in plain Python: the class of a new learning rule."""

    name = "toy"

    def __init__(self, game, *, plus=False, opponent=None, seed=None):
        super().__init__(game, opponent=opponent)
        self.regrets = [np.zeros(2), np.zeros(2)]
        self.sums = [np.zeros(2), np.zeros(2)]

    @staticmethod
    def _mix(regrets):
        positive = np.maximum(regrets, 0.0)
        return positive / positive.sum() if positive.sum() > 0 else np.full(2, 0.5)

    def _advance(self, first, last):
        a, b = self.game.row_payoffs, self.game.column_payoffs
        for _ in range(first, last + 1):
            row, column = self._mix(self.regrets[0]), self._mix(self.regrets[1])
            row_values, column_values = a @ column, row @ b
            self.regrets[0] += row_values - row @ row_values
            self.regrets[1] += column_values - column @ column_values
            self.sums[0] += row
            self.sums[1] += column

    def averages(self):
        return tuple(s / s.sum() if s.sum() > 0 else np.full(2, 0.5) for s in self.sums)


@pytest.fixture
def toy_row(monkeypatch):
    monkeypatch.setitem(ALGORITHMS, "toy", (ToyRegretMatching, False))


def test_a_toy_solver_is_a_class_and_a_registry_row(toy_row):
    result = run_matrix("matching-pennies", "toy", 4096)  # found through the registry
    assert result["iterations"] == 4096 and [t for t, _ in result["exploitability"]][:3] \
        == [1, 2, 4]
    assert result["strategies"][0] == pytest.approx([0.5, 0.5], abs=0.02)
    assert result["exploitability"][-1][1] < 0.02 and "cancelled" not in result


#: A 2×2 zero-sum game whose equilibrium mixes 2/5 and 3/5: learnt slowly.
SKEWED = "2,-1;-1,1"


def test_the_toy_solver_runs_to_a_count_a_target_and_a_stop(toy_row):
    game = parse_matrix_game(SKEWED)
    solver = ToyRegretMatching(game)
    assert isinstance(solver, Solver)
    outcome = run(solver, iterations=100)
    assert (outcome.reason, outcome.stopped, outcome.iterations_run) == ("iterations", False,
                                                                         100)
    assert outcome.report.iteration == solver.iterations == 100
    # To a target: it stops at the first report at or below it, and says so.
    seen: list[Report] = []
    outcome = run(solver, target=0.03, progress=seen.append, report_every=16)
    assert outcome.reason == "target" and outcome.report.exploitability <= 0.03
    assert seen and seen[-1] == outcome.report and list(outcome.history) == seen
    assert all(r.exploitability > 0.03 for r in seen[:-1]) and len(seen) > 1
    assert solver.iterations == 100 + outcome.iterations_run
    # Already at the target: nothing more runs.
    assert run(solver, target=0.03).iterations_run == 0
    # A set cancel flag: stopped, nothing lost, no exception.
    flag = CancelFlag()
    flag.cancel()
    before = solver.iterations
    outcome = run(solver, iterations=1000, cancel=flag)
    assert (outcome.stopped, outcome.reason, outcome.iterations_run) == (True, "cancelled", 0)
    assert solver.iterations == before and outcome.report.iteration == before
    # A stop from inside (as a Stop button would, between chunks): the work is kept.
    flag = CancelFlag()
    outcome = run(ToyRegretMatching(game), iterations=10**6, cancel=flag,
                  progress=lambda report: flag.cancel(), report_every=10)
    assert outcome.stopped and outcome.iterations_run == 10
    policy = solver.average_policy()
    assert policy.keys == ("row", "column")
    assert list(policy.table[0, :2]) == pytest.approx([0.4, 0.6], abs=0.05)


def test_a_target_that_is_never_reached_stops_at_the_cap(toy_row):
    solver = ToyRegretMatching(parse_matrix_game(SKEWED))
    outcome = run(solver, target=0.0, max_iterations=50)
    assert (outcome.reason, outcome.stopped, solver.iterations) == ("iterations", False, 50)
    assert outcome.report.exploitability > 0.0


@pytest.mark.parametrize(("arguments", "fragment"), [
    ({}, "number of iterations or a target"),
    ({"iterations": -1}, ">= 0"),
    ({"iterations": 2.5}, "whole number"),
    ({"iterations": True}, "whole number"),
    ({"iterations": MAX_RUN_ITERATIONS + 1}, "at most"),
    ({"iterations": 10**100}, "10**100"),
    ({"target": float("nan")}, "target"),
    ({"target": -1.0}, "target"),
    ({"target": 0.1, "max_iterations": 10**12}, "max_iterations"),
    ({"iterations": 5, "max_iterations": 5}, "max_iterations"),
    ({"iterations": 5, "report_every": 0}, "report_every"),
    ({"iterations": 5, "progress": 5}, "progress"),
    ({"iterations": 5, "cancel": True}, "cancel"),
])
def test_bad_arguments_are_input_errors(toy_row, arguments, fragment):
    solver = ToyRegretMatching(parse_matrix_game("matching-pennies"))
    with pytest.raises(InputError, match=fragment.replace("*", r"\*")):
        run(solver, **arguments)
    assert solver.iterations == 0


def test_every_family_speaks_the_protocol():
    from omahanash.cfr.compiler import compile_game
    from omahanash.cfr.solvers import CFRSolver, new_solution
    from omahanash.games import make_game
    from omahanash.games.matrix import FictitiousPlaySolver, RegretMatchingSolver
    from omahanash.jamfold import JamFoldParams
    from omahanash.jamfold.solution import JamFoldSolution

    kuhn = CFRSolver(new_solution(compile_game(make_game("kuhn")), "cfr+"))
    jamfold = JamFoldSolution.create(JamFoldParams("holdem", stacks=100), "cfr+")
    rps = parse_matrix_game("rps")
    for solver, target in ((kuhn, 1e-3), (jamfold, 1e-3), (RegretMatchingSolver(rps), 1e-2),
                           (FictitiousPlaySolver(rps, seed=3), 0.05)):
        assert isinstance(solver, Solver)
        assert solver.report().iteration == 0 and math.isinf(solver.report().exploitability)
        outcome = run(solver, target=target, max_iterations=200_000)
        assert outcome.reason == "target", type(solver)
        assert outcome.report.iteration == solver.iterations > 0
        policy = solver.average_policy()
        assert isinstance(policy, TabularPolicy)
        rows = policy.table.sum(axis=1)
        np.testing.assert_allclose(rows, 1.0, atol=1e-9)
    assert jamfold.average_policy().probability("CA:As Ah", "allin") == \
        pytest.approx(1.0, abs=1e-3)
    assert set(kuhn.average_policy().row("K/b")) == {"pass", "bet"}


def test_iter_run_yields_the_reports_and_returns_the_outcome_of_run(toy_row):
    game = parse_matrix_game(SKEWED)
    one, other = ToyRegretMatching(game), ToyRegretMatching(game)
    seen: list[Report] = []
    outcome = run(one, target=0.03, progress=seen.append, report_every=16)

    def drive():
        return (yield from iter_run(other, target=0.03, report_every=16))

    reports = drive()
    yielded = []
    while True:
        try:
            yielded.append(next(reports))
        except StopIteration as end:
            returned = end.value
            break
    assert yielded == seen and returned == outcome
    assert returned.report.iteration == other.iterations == one.iterations > 16


def test_counter_counts_the_iterations_of_the_run(toy_row):
    solver = ToyRegretMatching(parse_matrix_game(SKEWED))
    run(solver, iterations=7)
    counts: list[tuple[float, float]] = []
    run(solver, iterations=50, counter=lambda done, total: counts.append((done, total)))
    assert counts[0] == (0, 50) and counts[-1] == (50, 50)
    assert all(total == 50 and 0 <= done <= 50 for done, total in counts)
    counts.clear()
    outcome = run(solver, target=0.03, max_iterations=10**5, report_every=16,
                  counter=lambda done, total: counts.append((done, total)))
    assert outcome.reason == "target" and counts[-1] == (10**5, 10**5)  # a target: done
    with pytest.raises(InputError, match="counter"):
        run(solver, iterations=5, counter=5)


class Cycling:
    """A solver whose NashConv goes round a cycle and never falls below 0.3 (as CFR+ may at
    three or more players): a run to a target of 0.01 can only stall or hit its cap."""

    def __init__(self):
        self.iterations = 0

    def step(self, n):
        self.iterations += n

    def report(self):
        if self.iterations == 0:
            return Report(0, math.inf)
        return Report(self.iterations, (0.3, 0.5, 0.4, 0.6)[self.iterations // 10 % 4] * 2)

    def average_policy(self):
        return TabularPolicy((), (), np.zeros((0, 0)))


def test_a_run_that_cycles_ends_stalled_and_says_so():
    from omahanash.solving import Stall

    solver = Cycling()
    outcome = run(solver, target=0.01, max_iterations=100_000, report_every=10, stall=Stall())
    assert (outcome.reason, outcome.status, outcome.stopped) == ("stalled", "stalled", False)
    # its best, 0.3 (NashConv 0.6 of two players), comes at iteration 40 and never moves
    # again: the run ends at the first report with the last half of it after iteration 40
    assert outcome.iterations_run == solver.iterations == 80
    assert outcome.report.exploitability == 0.3 and min(
        r.exploitability for r in outcome.history) == 0.3
    without = run(Cycling(), target=0.01, max_iterations=500, report_every=10)
    assert (without.reason, without.status, without.iterations_run) == ("iterations",
                                                                         "iterations", 500)


def test_a_converging_run_does_not_stall():
    from omahanash.cfr.compiler import compile_game
    from omahanash.cfr.solvers import CFRSolver, new_solution
    from omahanash.games import make_game
    from omahanash.solving import Stall

    solver = CFRSolver(new_solution(compile_game(make_game("kuhn")), "cfr+"))
    outcome = run(solver, target=1e-4, stall=Stall(), report_every=8)
    assert (outcome.reason, outcome.status) == ("target", "converged")
    assert outcome.report.exploitability <= 1e-4


@pytest.mark.parametrize(("arguments", "fragment"), [
    ({"iterations": 5, "stall": "yes"}, "stall must be a Stall"),
    ({"iterations": 5}, "goes with a target"),
])
def test_bad_stall_rules_are_input_errors(arguments, fragment):
    from omahanash.solving import Stall

    if "stall" not in arguments:
        arguments = {**arguments, "stall": Stall()}
    with pytest.raises(InputError, match=fragment):
        run(Cycling(), **arguments)
    with pytest.raises(InputError, match="stall rule needs"):
        Stall(gain=1.5)
