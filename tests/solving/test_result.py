"""Every registry row's ``result()``: a frozen :class:`~omahanash.solving.Result` whose
policy is the solver's ``average_policy()`` (read-only), whose report is its ``report()``, and
which evaluators read (``on.exploitability(game, result)`` for the CFR rows). The rows are
made on the shared battery's small problems (``test_battery.py``)."""

from __future__ import annotations

import dataclasses
import importlib.util
import math
from pathlib import Path

import numpy as np
import pytest

import omahanash as on
from omahanash.cfr.solvers import solve_cfr
from omahanash.games import make_game
from omahanash.games.matrix import parse_matrix_game
from omahanash.games.matrix.iterative import regret_matching
from omahanash.jamfold.game import JamFoldParams
from omahanash.jamfold.solution import JamFoldSolution
from omahanash.solving import REGISTRY, Report, Result, TabularPolicy, run


def _battery():
    spec = importlib.util.spec_from_file_location(
        "_solving_battery", Path(__file__).with_name("test_battery.py"))
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


BATTERY = _battery()
ROWS = BATTERY.ROWS


@pytest.mark.parametrize(("family", "name"), ROWS)
def test_result_is_the_policy_and_report_frozen(family, name):
    solver, problem = BATTERY._make(family, name)
    run(solver, iterations=5)
    result = solver.result()
    assert isinstance(result, Result)
    policy, report = solver.average_policy(), solver.report()
    assert (result.family, result.solver) == (family, REGISTRY[family][name].name)
    assert result.iterations == solver.iterations == result.report.iteration == 5
    assert result.report == report and isinstance(result.report, Report)
    assert math.isfinite(result.nash_conv) and result.nash_conv >= 0
    assert result.exploitability == report.nash_conv / report.players
    assert isinstance(result.policy, TabularPolicy)
    assert result.policy.keys == policy.keys and result.policy.actions == policy.actions
    assert np.array_equal(result.policy.table, policy.table)
    assert (result.policy.legal is None) == (policy.legal is None)
    if policy.legal is not None:
        assert np.array_equal(result.policy.legal, policy.legal)
    # read-only: the arrays refuse writes, the dataclass refuses new values
    assert not result.policy.table.flags.writeable
    with pytest.raises(ValueError, match="read-only"):
        result.policy.table[0, 0] = 0.5
    if result.policy.legal is not None:
        with pytest.raises(ValueError, match="read-only"):
            result.policy.legal[0, 0] = False
    with pytest.raises(dataclasses.FrozenInstanceError):
        result.iterations = 0  # type: ignore[misc]
    # a copy: the solver goes on, the result stays as it was
    before = result.policy.table.copy()
    solver.step(3)
    assert np.array_equal(result.policy.table, before) and result.iterations == 5
    assert solver.result().iterations == 8
    if family == "cfr":
        measured = on.exploitability(problem, result)
        assert measured == pytest.approx(result.exploitability, rel=1e-12, abs=1e-15)
        assert measured > 0


def test_the_spot_is_the_problem_solved():
    game = make_game("kuhn")
    solution = solve_cfr(game, algorithm="cfr+", iterations=64)
    result = solution.result()
    assert result.spot is solution.tree and (result.family, result.solver) == ("cfr", "cfr+")
    # the solution's result is its solver's: the policy the Solution reads, the report's curve
    assert result.policy.row("K/") == pytest.approx(solution.strategy("K/"))
    assert result.exploitability == pytest.approx(solution.exploitability(), rel=1e-12)
    assert on.exploitability(game, result) == pytest.approx(solution.exploitability(),
                                                            rel=1e-12)
    assert 0 < result.exploitability < 0.02

    params = JamFoldParams("holdem", stacks=100)
    jamfold = JamFoldSolution.create(params, "cfr+")
    jamfold.run(iterations=20)
    frozen = jamfold.result()
    assert frozen.spot == params and frozen.solver == "cfr+" and frozen.iterations == 20
    last = jamfold.last_report
    assert last is not None
    # jam-fold's Epsilon is its exploitability, NashConv the two PostEVs
    assert frozen.exploitability == pytest.approx(last.epsilon, rel=1e-12)
    aces = frozen.policy.probability("PU:As Ah", "allin")
    assert aces == float(jamfold.push_strategy[jamfold.position_of("AA")]) and aces > 0.99


def test_the_matrix_run_is_still_what_the_wrappers_return():
    game = parse_matrix_game("rps")
    matrix = regret_matching(game, 256, plus=True)
    assert matrix.iterations == 256 and matrix.exploitability[-1][0] == 256
    solver = REGISTRY["matrix"]["rm+"].create(game)
    run(solver, iterations=256)
    assert np.array_equal(solver.result().policy.table[0], matrix.row_strategy)


def test_the_cfr_rows_carry_the_kernel_settings():
    from omahanash.cfr.kernels import MODE_CHANCE_SAMPLING, MODE_EXTERNAL_SAMPLING, MODE_FULL
    from omahanash.cfr.solvers import ALGORITHMS, CFRSolver
    from omahanash.errors import InputError

    assert ALGORITHMS == {"cfr": (MODE_FULL, False, False), "cfr+": (MODE_FULL, True, True),
                          "mccfr-chance": (MODE_CHANCE_SAMPLING, False, False),
                          "mccfr-external": (MODE_EXTERNAL_SAMPLING, False, False)}
    for name, entry in REGISTRY["cfr"].items():
        assert entry.options["algorithm"] == name
        assert set(entry.options) == {"algorithm", "traversal", "regret_plus", "linear"}
    with pytest.raises(InputError, match="regret_plus") as error:
        CFRSolver.from_problem(make_game("kuhn"), algorithm="cfr", regret_plus=True)
    assert error.value.argument == "regret_plus"
    with pytest.raises(InputError, match="traversal"):
        CFRSolver.from_problem(make_game("kuhn"), algorithm="cfr+", traversal="sideways")


def test_best_response_values_read_a_result_and_refuse_another_familys():
    from omahanash.cfr.exploitability import best_response_values
    from omahanash.errors import InputError

    solution = solve_cfr(make_game("kuhn"), algorithm="cfr", iterations=40)
    result = solution.result()
    best, on_policy = best_response_values(solution.tree, result)
    flat_best, flat_on = best_response_values(solution.tree, solution.average_policy())
    assert np.array_equal(best, flat_best) and np.array_equal(on_policy, flat_on)
    assert float((best - on_policy).sum()) == pytest.approx(result.nash_conv, rel=1e-12)
    assert on_policy[0] == pytest.approx(-1 / 18, abs=0.02)  # Kuhn's game value, player 1
    matrix = REGISTRY["matrix"]["rm"].create(parse_matrix_game("rps"))
    matrix.step(4)
    with pytest.raises(InputError, match="matrix result is not a policy") as error:
        on.exploitability(make_game("kuhn"), matrix.result())
    assert error.value.argument == "solution"


def test_a_matrix_solvers_old_result_of_an_outcome_is_still_its_matrix_run():
    solver = REGISTRY["matrix"]["rm+"].create(parse_matrix_game("rps"))
    outcome = run(solver, iterations=32)
    with pytest.warns(DeprecationWarning, match="matrix_run"):
        old = solver.result(outcome)
    assert old.iterations == 32 and np.array_equal(old.row_strategy,
                                                   solver.matrix_run(outcome).row_strategy)
