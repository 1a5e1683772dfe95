"""The CFR family: sampling variants converge, runs continue exactly, cancel keeps work."""

import numpy as np
import pytest

from omahanash.cfr.compiler import compile_game
from omahanash.cfr.solvers import ALGORITHMS, new_solution, solve, train
from omahanash.errors import Cancelled, InputError
from omahanash.games.kuhn import KuhnPoker
from omahanash.games.leduc import LeducPoker
from omahanash.runs import CancelFlag


@pytest.fixture(scope="module")
def kuhn():
    return compile_game(KuhnPoker())


@pytest.mark.parametrize("algorithm", ["mccfr-chance", "mccfr-external"])
def test_sampling_variants_converge_on_kuhn(kuhn, algorithm):
    solution = solve(kuhn, algorithm, 20000, seed=3)
    values = [x for _, x in solution.history]
    assert values[0] > 0.2
    assert values[-1] < 0.02
    assert solution.values()[0] == pytest.approx(-1 / 18, abs=0.01)


@pytest.mark.parametrize("algorithm", ["mccfr-chance", "mccfr-external"])
def test_sampling_variants_on_leduc(algorithm):
    solution = solve(LeducPoker(), algorithm, 4096, seed=5)
    history = dict(solution.history)
    assert history[4096] < history[64] / 3
    assert history[4096] < 0.6


def test_seed_makes_runs_reproducible(kuhn):
    first = solve(kuhn, "mccfr-external", 300, seed=11)
    again = solve(kuhn, "mccfr-external", 300, seed=11)
    other = solve(kuhn, "mccfr-external", 300, seed=12)
    assert np.array_equal(first.strategy_sum, again.strategy_sum)
    assert not np.array_equal(first.strategy_sum, other.strategy_sum)


@pytest.mark.parametrize("algorithm", list(ALGORITHMS))
def test_continuing_equals_one_run(kuhn, algorithm):
    one_go = solve(kuhn, algorithm, 40, seed=9)
    in_parts = new_solution(kuhn, algorithm, seed=9)
    train(in_parts, 15)
    train(in_parts, 25)
    assert in_parts.iterations == 40
    assert np.array_equal(one_go.regrets, in_parts.regrets)
    assert np.array_equal(one_go.strategy_sum, in_parts.strategy_sum)
    assert in_parts.history[-1] == one_go.history[-1]


def test_exploitability_recorded_at_powers_of_two_and_the_end(kuhn):
    solution = solve(kuhn, "cfr", 100)
    assert [i for i, _ in solution.history] == [1, 2, 4, 8, 16, 32, 64, 100]


def test_three_players_external_sampling():
    solution = solve(KuhnPoker(3), "mccfr-external", 4000, seed=1)
    history = dict(solution.history)
    assert history[4000] < history[1] / 4
    assert sum(solution.values()) == pytest.approx(0.0, abs=1e-9)


def test_progress_and_cancel(kuhn):
    calls = []
    solution = new_solution(kuhn, "cfr")
    train(solution, 50, progress=lambda done, total: calls.append((done, total)))
    assert calls[-1] == (50, 50)
    assert all(total == 50 for _, total in calls)

    flag = CancelFlag()

    def cancel_at_some_point(done, total):
        if done >= 10:
            flag.cancel()

    solution = new_solution(kuhn, "cfr")
    with pytest.raises(Cancelled):
        train(solution, 10_000, progress=cancel_at_some_point, cancel=flag)
    assert 10 <= solution.iterations < 10_000
    assert solution.history[-1][0] == solution.iterations  # the work done is evaluated


def test_bad_settings(kuhn):
    with pytest.raises(InputError, match="unknown algorithm 'dcfr'"):
        solve(kuhn, "dcfr", 10)
    with pytest.raises(InputError, match="non-negative"):
        train(new_solution(kuhn, "cfr"), -1)
