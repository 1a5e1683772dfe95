"""The Table tab's jobs without Qt, live: the plot's data has a point after the first
iteration, progress comes after every iteration, a Continue is live too, and the solution is
the same bits as the library's run without live reports."""

from __future__ import annotations

import numpy as np
import pytest

from omahanash.pushfold import PushFoldSpot, solve_pushfold
from omahanash.pushfold.live import provisional_nodes
from omahanash.runs import CancelFlag
from ui.table.jobs import Live, TableOutcome, continue_job, solve_job, status_text
from ui.table.model import TableInputs, check_inputs, history_points, progress_text

SPOT = dict(stacks=["1500", "1000", "800"], sb="50", bb="100", payouts="50/30/20")
LIBRARY = PushFoldSpot("holdem", [1500, 1000, 800], 50, 100, payouts="50/30/20")


class Recorder:
    """A job's reporter without a window: every call and the phase's live snapshots."""

    def __init__(self) -> None:
        self.reports: list[tuple[float, float]] = []
        self.snapshots: list[tuple] = []
        self.detail = None

    def __call__(self, done: float, total: float) -> None:
        self.reports.append((done, total))
        if self.detail is not None:
            self.snapshots.append(self.detail())

    def phase(self, name: str, detail=None) -> None:
        assert name == "solving"
        self.detail = detail


def run_job(job) -> tuple[TableOutcome, Recorder]:
    recorder = Recorder()
    result = job(recorder, CancelFlag())
    assert isinstance(result, TableOutcome) and result.solution is not None
    return result, recorder


def test_a_short_solve_plots_a_point_at_iteration_one():
    request = check_inputs(TableInputs(**SPOT, deals="4000", seed="3",
                                       iterations="8")).request
    result, recorder = run_job(solve_job(request))
    solution = result.solution
    points = history_points(solution.history)
    assert [at for at, _ in points] == [1, 3, 5, 8]
    # the live snapshots had the point at 1 before the run ended
    assert all(isinstance(s, Live) for s in recorder.snapshots)
    assert any(history_points(list(s.reports))[:1] == points[:1] for s in recorder.snapshots
               if len(s.reports) == 1)
    assert set(range(1, 9)) <= {int(done) for done, _ in recorder.reports}
    plain = solve_pushfold(LIBRARY, iterations=8, deals=4000, seed=3)
    assert np.array_equal(solution.strategy(), plain.strategy())
    assert points[0][1] == solve_pushfold(LIBRARY, iterations=1, deals=4000,
                                          seed=3).nash_conv


def test_a_continue_is_live_and_keeps_the_earlier_points():
    first = solve_pushfold(LIBRARY, iterations=1, deals=4000, seed=3, live=True)
    result, recorder = run_job(continue_job(first, 6, "key"))
    assert [r.iteration for r in result.solution.history] == [1, 3, 5, 7]
    assert set(range(2, 8)) <= {int(done) for done, _ in recorder.reports}
    assert np.array_equal(result.solution.strategy(),
                          solve_pushfold(LIBRARY, iterations=7, deals=4000,
                                         seed=3).strategy())


def test_the_progress_line_moves_between_points_and_says_the_time():
    points = [(1, 9.979), (3, 0.573)]
    lines = [progress_text(done, points, 2.0 + done, 50 - done) for done in (3, 4, 5)]
    assert lines == ["Iteration 3: NashConv 0.573 · 5 s elapsed, about 45 s left",
                     "Iteration 4: NashConv 0.573 at iteration 3 · 6 s elapsed, about 45 s "
                     "left",
                     "Iteration 5: NashConv 0.573 at iteration 3 · 7 s elapsed, about 45 s "
                     "left"]
    assert "of at most" not in progress_text(3, points)


def test_the_live_reports_carry_the_ranges_of_their_moment():
    """Each live report has the nodes' play % then (the provisional answer): the last one,
    of the finished run, is the solution's own."""
    request = check_inputs(TableInputs(**SPOT, deals="4000", seed="3",
                                       iterations="12")).request
    result, recorder = run_job(solve_job(request))
    solution = result.solution
    reports = solution.history
    assert [r.iteration for r in reports] == [1, 3, 5, 10, 12]
    final = {row["node"]: row for row in solution.node_summary()}
    last = provisional_nodes(reports[-1])
    assert [row["node"] for row in last] == list(final)
    for row in last:
        assert row["percent"] == pytest.approx(final[row["node"]]["percent"], abs=1e-9)
        assert row["reach"] == pytest.approx(final[row["node"]]["reach"], abs=1e-9)
    # an earlier report's ranges are the average of that moment: other numbers
    early = {row["node"]: row["percent"] for row in provisional_nodes(reports[1])}
    assert early != {node: row["percent"] for node, row in final.items()}
    assert provisional_nodes(reports[0])[0]["reach"] is None  # iteration 1: no pass
    # the time left was estimated in the worker and reached the snapshots
    assert any(s.left is not None for s in recorder.snapshots)
    assert all(s.elapsed >= 0 for s in recorder.snapshots)
    assert status_text(result).startswith("Iterations: ")
