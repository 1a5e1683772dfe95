"""Fictitious play and CFR+ on the 12-class Omaha subset: convergence, agreement, exploit
bounds, continuation, cancellation and progress."""

from __future__ import annotations

import numpy as np
import pytest

from omahanash.equity.triangle import expand_triangle
from omahanash.errors import InputError
from omahanash.jamfold import JamFoldGame, JamFoldParams, JamFoldSolution, start_state
from omahanash.jamfold.solvers import check_solver, run_iterations
from omahanash.runs import CancelFlag

PARAMS = JamFoldParams(variant="omaha-hi", sb=5, bb=10, ante=0, stacks=100)


def _dense_matrix(table, params):
    """G[i, j] = pairs · (eq · 2E − E − (BB + A)), built with plain numpy from the table."""
    n = table.n
    eq = expand_triangle(table.equity_triangle(), n, "complement")
    pairs = expand_triangle(table.pairs_triangle().astype(np.float64), n, "same")
    e = params.effective_stack
    return pairs, pairs * (eq * 2 * e - e - params.steal)


def test_both_solvers_converge_to_the_same_equilibrium(subset_table):
    fp = JamFoldSolution.create(PARAMS, "fp", table=subset_table)
    cfr = JamFoldSolution.create(PARAMS, "cfr+", table=subset_table)
    fp_reports = fp.run(iterations=1500)
    cfr_reports = cfr.run(iterations=1500)
    for reports in (fp_reports, cfr_reports):
        epsilons = np.array([r.epsilon for r in reports])
        assert np.all(epsilons >= -1e-12)  # Epsilon >= 0 at every iteration
        assert epsilons[-1] < epsilons[9] / 20  # and it falls
    assert cfr_reports[-1].epsilon < 1e-4
    assert fp_reports[-1].epsilon < 0.02
    # Same game value and the same ranges (FP converges like 1/t: looser).
    assert fp_reports[-1].post_ev_pusher == pytest.approx(cfr_reports[-1].post_ev_pusher,
                                                          abs=0.02)
    assert fp_reports[-1].pusher_range == pytest.approx(cfr_reports[-1].pusher_range, abs=1.0)
    assert fp_reports[-1].caller_range == pytest.approx(cfr_reports[-1].caller_range, abs=1.0)
    np.testing.assert_allclose(fp.push_strategy, cfr.push_strategy, atol=0.05)
    np.testing.assert_allclose(fp.call_strategy, cfr.call_strategy, atol=0.05)


def test_best_responses_gain_what_epsilon_says(subset_table):
    """An independent best response (dense numpy) to the final strategies gains at most
    2·Epsilon over the strategy profile for each player; the two gains add up to 2·Epsilon."""
    solution = JamFoldSolution.create(PARAMS, "cfr+", table=subset_table)
    last = solution.run(iterations=300)[-1]
    pairs, g = _dense_matrix(subset_table, PARAMS)
    p, q = solution.push_strategy, solution.call_strategy
    deals = pairs.sum(axis=1)
    total = deals.sum()
    fold_loss, steal = PARAMS.fold_loss, PARAMS.steal
    push_gain = (fold_loss + steal) * deals + g @ q  # per class, summed over its deals
    profile = (p @ push_gain - fold_loss * total) / total
    best_pu = (np.maximum(push_gain, 0).sum() - fold_loss * total) / total
    best_ca = (deals @ ((1 - p) * fold_loss - p * steal) + np.maximum(-(g.T @ p), 0).sum()) \
        / total
    gain_pu, gain_ca = best_pu - profile, best_ca + profile
    assert best_pu == pytest.approx(last.post_ev_pusher, rel=1e-9)
    assert best_ca == pytest.approx(last.post_ev_caller, rel=1e-9)
    assert gain_pu >= 0 and gain_ca >= 0
    assert gain_pu + gain_ca == pytest.approx(2 * last.epsilon, rel=1e-9)
    assert max(gain_pu, gain_ca) <= 2 * last.epsilon + 1e-12
    # the pure best response really is worth best_pu: playing it against q
    pure = (push_gain > 0).astype(float)
    assert (pure @ push_gain - fold_loss * total) / total == pytest.approx(best_pu, rel=1e-12)


@pytest.mark.parametrize("solver", ["fp", "cfr+"])
def test_continuing_a_run_equals_running_longer(subset_table, solver, tmp_path):
    whole = JamFoldSolution.create(PARAMS, solver, table=subset_table)
    whole.run(iterations=60)
    parts = JamFoldSolution.create(PARAMS, solver, table=subset_table)
    parts.run(iterations=25)
    parts.save(tmp_path / "half.jamfold")
    resumed = JamFoldSolution.load(tmp_path / "half.jamfold", table=subset_table)
    resumed.run(iterations=35)
    assert resumed.iterations == 60 and len(resumed.history) == 60
    np.testing.assert_array_equal(resumed.push_strategy, whole.push_strategy)
    np.testing.assert_array_equal(resumed.call_strategy, whole.call_strategy)
    assert [r.as_row() for r in resumed.history] == [r.as_row() for r in whole.history]


def test_default_stopping_rules(subset_table):
    cfr = JamFoldSolution.create(PARAMS, "cfr+", table=subset_table)
    reports = cfr.run()
    target = 1e-4 * PARAMS.bb
    assert reports[-1].epsilon <= target < reports[-2].epsilon
    assert cfr.run() == []  # already there: nothing more to do
    fp = JamFoldSolution.create(PARAMS, "fp", table=subset_table)
    assert len(fp.run()) == 100 and fp.run() == []
    assert len(fp.run(iterations=7)) == 7 and fp.iterations == 107


def test_fictitious_play_averages_best_responses_uniformly(subset_table):
    """After t iterations each FP average is a multiple of 1/t (a mean of pure responses),
    and the first iteration is the pure best response to the uninformed 50 % mix."""
    game = JamFoldGame(subset_table, PARAMS)
    state = start_state("fp", game)
    half = np.full(game.n, 0.5)
    gq, gtp = game.products(half, half)
    state.step(game)
    np.testing.assert_array_equal(state.average_push(), game.push_gain(gq) > 0)
    np.testing.assert_array_equal(state.average_call(), game.call_gain(gtp) > 0)
    for _ in range(6):
        state.step(game)
    counts = state.average_push() * 7
    np.testing.assert_allclose(counts, np.round(counts), atol=1e-9)


def test_cancel_stops_between_iterations_and_keeps_the_work(subset_table):
    flag = CancelFlag()
    seen = []

    def on_report(report):
        seen.append(report.iteration)
        if report.iteration == 5:
            flag.cancel()

    solution = JamFoldSolution.create(PARAMS, "cfr+", table=subset_table)
    reports = solution.run(iterations=50, cancel=flag, on_report=on_report)
    assert [r.iteration for r in reports] == seen == [1, 2, 3, 4, 5]
    assert solution.iterations == 5
    reference = JamFoldSolution.create(PARAMS, "cfr+", table=subset_table)
    reference.run(iterations=5)
    np.testing.assert_array_equal(solution.push_strategy, reference.push_strategy)


def test_on_iteration_is_a_deprecated_name_of_on_report(subset_table):
    new, old = [], []
    JamFoldSolution.create(PARAMS, "cfr+", table=subset_table).run(
        iterations=4, on_report=new.append)
    with pytest.warns(DeprecationWarning, match="on_iteration= is deprecated"):
        JamFoldSolution.create(PARAMS, "cfr+", table=subset_table).run(
            iterations=4, on_iteration=old.append)
    assert [r.iteration for r in old] == [r.iteration for r in new] == [1, 2, 3, 4]
    assert [r.epsilon for r in old] == [r.epsilon for r in new]
    game = JamFoldGame(subset_table, PARAMS)
    with pytest.warns(DeprecationWarning):
        reports = run_iterations(game, start_state("fp", game), iterations=3,
                                 on_iteration=old.append)
    assert [r.iteration for r in old[4:]] == [r.iteration for r in reports] == [1, 2, 3]
    with pytest.raises(InputError, match="give on_report only") as error:
        JamFoldSolution.create(PARAMS, "cfr+", table=subset_table).run(
            iterations=1, on_report=new.append, on_iteration=old.append)
    assert error.value.argument == "on_iteration"


def test_progress_counts_iterations(subset_table):
    calls = []
    solution = JamFoldSolution.create(PARAMS, "fp", table=subset_table)
    solution.run(iterations=30, progress=lambda done, total: calls.append((done, total)))
    assert calls[0] == (0, 30) and calls[-1] == (30, 30)
    assert all(b[0] >= a[0] for a, b in zip(calls, calls[1:]))


def test_solver_names_and_iteration_counts_are_checked(subset_table):
    assert check_solver("CFR+") == "cfr+"
    with pytest.raises(InputError, match="unknown solver 'lp'"):
        check_solver("lp")
    game = JamFoldGame(subset_table, PARAMS)
    with pytest.raises(InputError, match="iterations must be >= 0"):
        run_iterations(game, start_state("fp", game), iterations=-1)
