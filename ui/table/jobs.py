"""The Table tab's jobs, without Qt: each function returns the job a
:class:`~ui.kit.workers.JobRunner` runs in its worker (``job(report, cancel)``), handing back a
:class:`TableOutcome`. Live NashConv reports reach the window as snapshots (tuples) of the job's
list, through the ``solving`` phase's detail. A run is live (``solve_pushfold(live=True)``):
progress after every iteration, and NashConv at the first iterations too
(:data:`~omahanash.pushfold.live.EARLY_REPORTS`: the first point after iteration 1).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any, NamedTuple

from ui.kit.fields import Reporter
from ui.table.model import warm

if TYPE_CHECKING:
    from omahanash.pushfold import PushFoldSolution
    from omahanash.runs import CancelFlag
    from ui.table.model import TableRequest

Job = Callable[["Reporter", "CancelFlag"], Any]


class TableOutcome(NamedTuple):
    """A job's answer: the solution (None: nothing computed), whether Stop ended it, where it
    came from (``cache``: the cache of equilibria answered at once, ``fresh``, ``file``) and
    the key of the request it answers (None: a file)."""

    solution: PushFoldSolution | None
    stopped: bool
    source: str
    key: str | None


def solve_job(request: TableRequest) -> Job:
    """Calculate: with no iteration count and no locks, the spot's equilibrium through the
    cache of equilibria (a spot seen before answers at once); else ``solve_pushfold`` with the
    count (or to the default target) and the locks."""
    key = request.key()

    def job(report: Reporter, cancel: CancelFlag) -> TableOutcome:
        from omahanash.pushfold import solve_pushfold
        from omahanash.pushfold.cache import table_equilibrium

        live: list = []
        report.phase("solving", detail=lambda: tuple(live))
        if request.iterations is None and not request.locks:
            before = len(live)
            solution = table_equilibrium(request.spot, deals=request.deals, seed=request.seed,
                                         progress=report, cancel=cancel,
                                         on_report=live.append, live=True)
            source = "fresh" if len(live) > before else "cache"
        else:
            solution = solve_pushfold(request.spot, iterations=request.iterations,
                                      deals=request.deals, seed=request.seed,
                                      locks=request.locks or None, progress=report,
                                      cancel=cancel, on_report=live.append, live=True)
            source = "fresh"
        if solution.iterations == 0:
            return TableOutcome(None, True, source, key)
        warm(solution)
        return TableOutcome(solution, solution.stopped, source, key)

    return job


def continue_job(solution: PushFoldSolution, more: int, key: str | None) -> Job:
    """Continue: ``more`` CFR+ iterations from the shown solution
    (:func:`~omahanash.pushfold.solve.solve_pushfold` with ``resume_from``: on a copy, so the
    solution the cache of equilibria may hold is left as it was), its earlier reports first in
    the snapshots, live as a first run (progress after every iteration, the early reports of a
    run continued from before them)."""
    def job(report: Reporter, cancel: CancelFlag) -> TableOutcome:
        from omahanash.pushfold import solve_pushfold

        live = list(solution.history)
        report.phase("solving", detail=lambda: tuple(live))
        clone = solve_pushfold(solution.spot, iterations=more, resume_from=solution,
                               live=True, progress=report, on_report=live.append,
                               cancel=cancel)
        warm(clone)
        return TableOutcome(clone, clone.stopped, "fresh", key)

    return job


def open_job(path: str) -> Job:
    """Open a saved table solution (its deals are made again from their seed)."""
    def job(report: Reporter, cancel: CancelFlag) -> TableOutcome:
        from omahanash.pushfold import PushFoldSolution

        solution = PushFoldSolution.load(path)
        if not solution.history and solution.iterations:
            solution.history.append(solution.solver.report())
        warm(solution)
        return TableOutcome(solution, False, "file", None)

    return job


def finished_message(result: TableOutcome) -> str:
    """The status bar's line after a run."""
    solution = result.solution
    if solution is None:
        return "Stopped before the first iteration: nothing was computed."
    if result.source == "cache":
        return (f"The spot's equilibrium from the cache of equilibria: NashConv "
                f"{solution.nash_conv:.4g}")
    if result.source == "file":
        return f"Opened a solution of {solution.iterations} iterations"
    return (f"{'Stopped' if result.stopped else 'Done'} after {solution.iterations} "
            f"iterations: NashConv {solution.nash_conv:.4g}")
