"""A live run (``solve_pushfold(live=True)``, the app's Table tab): NashConv after the first
iteration and at the other early ones, progress after every iteration, and the same bits as a
run without them — the average strategy, the iteration where a run to a target stops, the
cache of equilibria's file — and a Stop in the first iterations keeps the work."""

from __future__ import annotations

import numpy as np
import pytest

from omahanash.pushfold import PushFoldSpot, solve_pushfold
from omahanash.pushfold import solver as solver_module
from omahanash.pushfold.cache import clear_memory, table_equilibrium
from omahanash.pushfold.live import EARLY_REPORTS
from omahanash.pushfold.solver import REPORT_EVERY
from omahanash.runs import CancelFlag

SPOT = PushFoldSpot("holdem", [1500, 1000, 800], 50, 100, payouts="50/30/20")
DEALS, SEED = 4000, 3


def same_bits(a, b) -> None:
    """Two solutions of the same iterates: every array of the solver's state, bit for bit."""
    assert a.iterations == b.iterations
    for name in ("regret_play", "regret_fold", "sigma", "avg_sum"):
        assert np.array_equal(getattr(a.solver, name), getattr(b.solver, name)), name
    assert a.solver.avg_weight == b.solver.avg_weight
    assert np.array_equal(a.strategy(), b.strategy())
    assert a.nash_conv == b.nash_conv


def test_a_live_run_reports_from_the_first_iteration_and_changes_no_bit():
    reports, ticks = [], []
    live = solve_pushfold(SPOT, iterations=12, deals=DEALS, seed=SEED, live=True,
                          on_report=reports.append, progress=lambda d, t: ticks.append(d))
    assert [r.iteration for r in live.history] == [1, 3, 5, 10, 12]
    assert [r.iteration for r in reports] == [1, 3, 5, 10, 12]
    assert set(range(1, 13)) <= {int(d) for d in ticks}, "progress after every iteration"
    plain = solve_pushfold(SPOT, iterations=12, deals=DEALS, seed=SEED)
    assert [r.iteration for r in plain.history] == [10, 12]
    same_bits(live, plain)
    # the point at iteration 1 is the first pass's own, and on every deal it is exactly
    # the NashConv of a run of one iteration
    one = solve_pushfold(SPOT, iterations=1, deals=DEALS, seed=SEED)
    assert live.history[0].nash_conv == one.nash_conv
    assert live.history[1].nash_conv == \
        solve_pushfold(SPOT, iterations=3, deals=DEALS, seed=SEED).nash_conv


def test_a_run_to_a_target_stops_where_it_stops_without_the_early_reports():
    """The target is the NashConv of iteration 5: checked there (a bug), a live run would
    stop at 5; it is checked at the reports every REPORT_EVERY iterations only."""
    at_five = solve_pushfold(SPOT, iterations=5, deals=DEALS, seed=SEED).nash_conv
    plain = solve_pushfold(SPOT, target=at_five, deals=DEALS, seed=SEED)
    live = solve_pushfold(SPOT, target=at_five, deals=DEALS, seed=SEED, live=True)
    assert plain.outcome.reason == live.outcome.reason == "target"
    assert plain.iterations % REPORT_EVERY == 0
    assert 5 in [r.iteration for r in live.history]
    same_bits(live, plain)


def test_the_cache_of_equilibria_keeps_the_same_file(tmp_path):
    """A run of 12 iterations (kept as it is, as a run to the target is)."""
    from omahanash.equity.tables import load_table

    table = load_table("holdem")  # the usual one: the folders below hold the cache only
    clear_memory()
    plain = table_equilibrium(SPOT, deals=DEALS, seed=SEED, iterations=12, table=table,
                              cache_dir=tmp_path / "plain")
    clear_memory()
    live = table_equilibrium(SPOT, deals=DEALS, seed=SEED, iterations=12, table=table,
                             cache_dir=tmp_path / "live", live=True)
    assert [r.iteration for r in live.history] == [1, 3, 5, 10, 12]
    clear_memory()
    same_bits(live, plain)
    files = [sorted((tmp_path / name / "nash" / "tables").glob("*.pushfold"))
             for name in ("plain", "live")]
    assert len(files[0]) == len(files[1]) == 1
    assert files[0][0].name == files[1][0].name
    assert files[0][0].read_bytes() == files[1][0].read_bytes()


def test_a_stop_at_the_first_report_keeps_that_iteration():
    flag = CancelFlag()
    seen = []

    def on_report(report) -> None:
        seen.append(report.iteration)
        flag.cancel()

    stopped = solve_pushfold(SPOT, iterations=1000, deals=DEALS, seed=SEED, live=True,
                             on_report=on_report, cancel=flag)
    assert stopped.stopped and stopped.outcome.reason == "cancelled"
    assert stopped.iterations == 1 and seen[0] == 1
    same_bits(stopped, solve_pushfold(SPOT, iterations=1, deals=DEALS, seed=SEED))
    assert [r.iteration for r in stopped.history] == [1], "one point: the run's own at 1"


def test_a_stop_between_early_reports_skips_them_and_keeps_the_work():
    flag = CancelFlag()
    reports = []

    def progress(done: float, total: float) -> None:
        if done >= 2:
            flag.cancel()

    stopped = solve_pushfold(SPOT, iterations=1000, deals=DEALS, seed=SEED, live=True,
                             on_report=reports.append, progress=progress, cancel=flag)
    assert stopped.stopped and 2 <= stopped.iterations < 1000
    # after the Stop no report costs a pass: no early one, and the run's last is not made
    # (the outcome says "not measured"; the solution measures what it is asked)
    assert [r.iteration for r in reports] == [1]
    assert stopped.outcome.report.iteration == stopped.iterations
    assert stopped.outcome.report.nash_conv == float("inf")
    same_bits(stopped, solve_pushfold(SPOT, iterations=stopped.iterations, deals=DEALS,
                                      seed=SEED))


def test_at_five_players_the_first_point_is_the_first_pass_sample(monkeypatch):
    """Five players walk every FIRST_PASS_STRIDE-th deal in the first iteration (here made
    to on 1,600 deals, 200 rows of them, with a lower row minimum): the point at iteration 1
    is measured on that sample, near the full evaluation, and the iterates are the same."""
    monkeypatch.setattr(solver_module, "FIRST_PASS_MIN_ROWS", 100)
    spot = PushFoldSpot("holdem", [1500, 1000, 800, 1200, 900], 50, 100, payouts="50/30/20")
    live = solve_pushfold(spot, iterations=6, deals=1600, seed=1, live=True)
    plain = solve_pushfold(spot, iterations=6, deals=1600, seed=1)
    same_bits(live, plain)
    assert [r.iteration for r in live.history] == [*EARLY_REPORTS, 6]
    sampled = live.history[0].nash_conv
    full = solve_pushfold(spot, iterations=1, deals=1600, seed=1).nash_conv
    assert sampled != full, "the first pass walked a sample, not every deal"
    assert sampled == pytest.approx(full, rel=0.5)
    assert sampled > live.history[-1].nash_conv
