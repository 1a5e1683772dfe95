"""The Table tab's jobs, without Qt: each function returns the job a
:class:`~ui.kit.workers.JobRunner` runs in its worker (``job(report, cancel)``), handing back a
:class:`TableOutcome`. Live NashConv reports reach the window as snapshots (tuples) of the job's
list, through the ``solving`` phase's detail (a :class:`Live`: the reports, the seconds
elapsed and about how many are left, estimated in the worker by
:class:`~omahanash.pushfold.live.TimeLeft`). A run is live (``solve_pushfold(live=True)``):
progress after every iteration, and NashConv at the first iterations too
(:data:`~omahanash.pushfold.live.EARLY_REPORTS`: the first point after iteration 1), each
report with the ranges of that moment (the tab shows them, provisional, until the run ends).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any, NamedTuple

from ui.kit.fields import Reporter
from ui.table.betting.model import is_tree, warm_tree
from ui.table.model import nash_conv_unit, warm

if TYPE_CHECKING:
    from omahanash.pushfold import PushFoldSolution
    from omahanash.runs import CancelFlag
    from omahanash.trees import TreeSolution
    from ui.table.model import TableRequest

Job = Callable[["Reporter", "CancelFlag"], Any]


class TableOutcome(NamedTuple):
    """A job's answer: the solution (None: nothing computed), whether Stop ended it, where it
    came from (``cache``: the cache of equilibria answered at once, ``fresh``, ``file``), the
    key of the request it answers (None: a file), the NashConv target of a run to one
    (None: a count of iterations, or a file) and ``unmeasured``: Stop came before the
    passes the views read were made within their grace (:func:`measure`): the tab keeps
    the run's last provisional ranges and reads nothing of the solution that needs a
    pass."""

    solution: PushFoldSolution | TreeSolution | None
    stopped: bool
    source: str
    key: str | None
    target: float | None = None
    unmeasured: bool = False


class Live(NamedTuple):
    """A live run as the tab sees it: the reports so far (each with its ranges), the seconds
    since the job started and about how many are left (None: still measuring)."""

    reports: tuple
    elapsed: float
    left: float | None


def _live(report: Reporter, clock: Any) -> tuple[list, Callable, Callable]:
    """The reports' list, the progress and the report callbacks of a live run: each feeds
    ``clock`` (a :class:`~omahanash.pushfold.live.TimeLeft`) and the tab's snapshots."""
    live: list = []
    report.phase("solving", detail=lambda: Live(tuple(live), clock.elapsed(),
                                                clock.seconds_left()))

    def progress(done: float, total: float) -> None:
        clock.tick(done, total)
        report(done, total)

    def on_report(item: Any) -> None:
        live.append(item)
        clock.report(item.iteration, item.nash_conv)

    return live, progress, on_report


def measure(solution: PushFoldSolution, cancel: CancelFlag,
            per_pass: float | None = None) -> bool:
    """Make the passes the views read (:func:`~ui.table.model.warm`): all of them, or after a
    Stop (during the run or now) what :data:`~omahanash.runs.MEASURE_GRACE` allows
    (:func:`~omahanash.runs.grace_after`); whether they were all made. ``per_pass``: the
    run's seconds per iteration (about a pass over the deals): after a Stop, passes that
    long are not begun when they cannot end within the grace."""
    from omahanash import runs
    from omahanash.runs import grace_after, measured

    if cancel.cancelled and per_pass is not None and per_pass > runs.MEASURE_GRACE \
            and solution.solver.evaluations().get(bool(solution.solver.icm)) is None:
        return False

    def passes() -> bool:
        warm(solution)
        return True

    with grace_after(cancel) as grace:
        return measured(passes, grace) is not None


def _per_pass(clock: Any, iterations: int) -> float | None:
    """About the seconds of a pass over the deals: the run's time per iteration (measured,
    else the time so far over the iterations done)."""
    measured = clock.seconds_per_iteration()
    if measured is not None:
        return float(measured)
    return clock.elapsed() / iterations if iterations > 0 else None


def solve_job(request: TableRequest) -> Job:
    """Calculate: with no iteration count and no locks, the spot's equilibrium through the
    cache of equilibria (a spot seen before answers at once); else ``solve_pushfold`` with the
    count (or to the default target) and the locks."""
    key = request.key()

    def job(report: Reporter, cancel: CancelFlag) -> TableOutcome:
        from omahanash.pushfold import solve_pushfold
        from omahanash.pushfold.cache import table_equilibrium
        from omahanash.pushfold.live import TimeLeft
        from omahanash.pushfold.solver import DEFAULT_MAX_ITERATIONS, default_target

        target = None if request.iterations is not None else default_target(request.spot)
        clock = TimeLeft(target=target, iterations=request.iterations,
                         cap=DEFAULT_MAX_ITERATIONS)
        live, progress, on_report = _live(report, clock)
        if request.iterations is None and not request.locks:
            before = len(live)
            solution = table_equilibrium(request.spot, deals=request.deals, seed=request.seed,
                                         progress=progress, cancel=cancel,
                                         on_report=on_report, live=True)
            source = "fresh" if len(live) > before else "cache"
        else:
            solution = solve_pushfold(request.spot, iterations=request.iterations,
                                      deals=request.deals, seed=request.seed,
                                      locks=request.locks or None, progress=progress,
                                      cancel=cancel, on_report=on_report, live=True)
            source = "fresh"
        if solution.iterations == 0:
            return TableOutcome(None, True, source, key, target)
        done = measure(solution, cancel, _per_pass(clock, solution.iterations))
        return TableOutcome(solution, solution.stopped or not done, source, key, target,
                            unmeasured=not done)

    return job


def continue_job(solution: PushFoldSolution, more: int, key: str | None) -> Job:
    """Continue: ``more`` CFR+ iterations from the shown solution
    (:func:`~omahanash.pushfold.solve.solve_pushfold` with ``resume_from``: on a copy, so the
    solution the cache of equilibria may hold is left as it was), its earlier reports first in
    the snapshots, live as a first run (progress after every iteration, the early reports of a
    run continued from before them)."""
    def job(report: Reporter, cancel: CancelFlag) -> TableOutcome:
        from omahanash.pushfold import solve_pushfold
        from omahanash.pushfold.live import TimeLeft

        clock = TimeLeft(iterations=more, start=solution.iterations)
        live, progress, on_report = _live(report, clock)
        live.extend(solution.history)
        clone = solve_pushfold(solution.spot, iterations=more, resume_from=solution,
                               live=True, progress=progress, on_report=on_report,
                               cancel=cancel)
        done = measure(clone, cancel, _per_pass(clock, clone.iterations - solution.iterations))
        return TableOutcome(clone, clone.stopped or not done, "fresh", key,
                            unmeasured=not done)

    return job


def load_solution(path: str) -> Any:
    """A saved solution of the Table tab: a betting tree's
    (:class:`~omahanash.trees.TreeSolution`) or push/fold's (whose messages a file of
    neither kind gets)."""
    from omahanash.errors import InputError
    from omahanash.pushfold import PushFoldSolution
    from omahanash.savefile import read_header
    from omahanash.trees import TreeSolution
    from omahanash.trees.solution import TREE_SOLUTION

    try:
        read_header(path, TREE_SOLUTION)
    except InputError:
        return PushFoldSolution.load(path)
    return TreeSolution.load(path)


def open_job(path: str) -> Job:
    """Open a saved table solution, push/fold or a betting tree's (its deals are made again
    from their seed)."""
    def job(report: Reporter, cancel: CancelFlag) -> TableOutcome:
        solution = load_solution(path)
        if not solution.history and solution.iterations:
            solution.history.append(solution.solver.report())
        if is_tree(solution):
            warm_tree(solution)
        else:
            warm(solution)
        return TableOutcome(solution, False, "file", None)

    return job


# -- betting trees -------------------------------------------------------------------------


def measure_tree(solution: TreeSolution, cancel: CancelFlag,
                 per_pass: float | None = None) -> bool:
    """Make the passes a tree's views read (:func:`~ui.table.betting.model.warm_tree`): all
    of them, or after a Stop what :data:`~omahanash.runs.MEASURE_GRACE` allows; whether they
    were all made. ``per_pass``: the run's seconds per iteration: after a Stop, when the last
    report was not made at the last iteration (its pass is not there to reuse) and a pass
    takes longer than the grace, none is begun (the Stop is not kept waiting for one that
    cannot end)."""
    from omahanash import runs
    from omahanash.runs import grace_after, measured

    reported = bool(solution.history) and \
        solution.history[-1].iteration == solution.iterations
    if cancel.cancelled and not reported and per_pass is not None \
            and per_pass > runs.MEASURE_GRACE:
        return False

    def passes() -> bool:
        warm_tree(solution)
        return True

    with grace_after(cancel) as grace:
        return measured(passes, grace) is not None


def tree_solve_job(request: TableRequest) -> Job:
    """Calculate on a betting tree: :func:`~omahanash.trees.solve_preflop` with the count (or
    to the default target), progress after every iteration, NashConv live every report,
    Stop within a fraction of a second (the run loop's cancel flag and the kernels'
    :func:`~omahanash.runs.cancel_scope`; what was done is kept)."""
    key = request.key()

    def job(report: Reporter, cancel: CancelFlag) -> TableOutcome:
        from omahanash.errors import Cancelled
        from omahanash.pushfold.live import TimeLeft
        from omahanash.trees import default_tree_target, solve_preflop
        from omahanash.trees.solve import DEFAULT_MAX_ITERATIONS

        target = None if request.iterations is not None \
            else default_tree_target(request.spot)  # type: ignore[arg-type]
        clock = TimeLeft(target=target, iterations=request.iterations,
                         cap=DEFAULT_MAX_ITERATIONS)
        _, progress, on_report = _live(report, clock)
        try:
            solution = solve_preflop(request.spot,  # type: ignore[arg-type]
                                     iterations=request.iterations, deals=request.deals,
                                     seed=request.seed, on_report=on_report,
                                     counter=progress, cancel=cancel)
        except Cancelled:  # stopped while the deals were made: nothing to keep
            return TableOutcome(None, True, "fresh", key, target)
        if solution.iterations == 0:
            return TableOutcome(None, True, "fresh", key, target)
        done = measure_tree(solution, cancel, _per_pass(clock, solution.iterations))
        return TableOutcome(solution, solution.status == "stopped" or not done, "fresh", key,
                            target, unmeasured=not done)

    return job


def tree_continue_job(solution: TreeSolution, more: int, key: str | None) -> Job:
    """Continue a tree: ``more`` iterations from the shown solution (``resume_from``: on a
    copy), its earlier reports first in the snapshots."""
    def job(report: Reporter, cancel: CancelFlag) -> TableOutcome:
        from omahanash.pushfold.live import TimeLeft
        from omahanash.trees import solve_preflop

        start = solution.iterations
        clock = TimeLeft(iterations=more, start=start)
        live, progress, on_report = _live(report, clock)
        live.extend(solution.history)
        clone = solve_preflop(solution.spot, iterations=more, resume_from=solution,
                              on_report=on_report, cancel=cancel,
                              counter=lambda done, total: progress(start + done,
                                                                   start + total))
        done = measure_tree(clone, cancel, _per_pass(clock, clone.iterations - start))
        return TableOutcome(clone, clone.status == "stopped" or not done, "fresh", key,
                            unmeasured=not done)

    return job


def finished_message(result: TableOutcome) -> str:
    """The status bar's line after a run."""
    solution = result.solution
    if solution is None:
        return "Stopped before the first iteration: nothing was computed."
    if result.unmeasured:
        return f"Stopped after {solution.iterations} iterations: ranges shown, not measured."
    unit = nash_conv_unit(solution.spot)
    if result.source == "cache":
        return (f"The spot's equilibrium from the cache of equilibria: NashConv "
                f"{unit.text(solution.nash_conv)}")
    if result.source == "file":
        return f"Opened a solution of {solution.iterations} iterations"
    return (f"{'Stopped' if result.stopped else 'Done'} after {solution.iterations} "
            f"iterations: NashConv {unit.text(solution.nash_conv)}")


#: The words of a run's end (:attr:`omahanash.solving.Outcome.status`) as the tab says them.
STATUS_WORDS = {"converged": "Converged", "stalled": "Stalled", "iterations": "Iterations",
                "stopped": "Stopped"}


def status_text(result: TableOutcome) -> str:
    """How the run ended, in the player's words, beginning with its status
    (:attr:`~omahanash.solving.Outcome.status`: converged, stalled, iterations, stopped).

    >>> from types import SimpleNamespace
    >>> from omahanash.solving import Outcome, Report
    >>> done = SimpleNamespace(outcome=Outcome(Report(40, 0.0009), 40, False, "target"),
    ...                        iterations=40, nash_conv=0.9, spot=SimpleNamespace(
    ...                            model="chips", bb=100))
    >>> status_text(TableOutcome(done, False, "fresh", "k", 1.0))
    'Converged: NashConv 0.009 bb (target 0.01 bb) after 40 iterations.'
    """
    solution = result.solution
    if solution is None:
        return "Stopped before the first iteration: nothing was computed."
    if result.unmeasured:
        return (f"Stopped after {solution.iterations:,} iterations: the ranges shown are the "
                "run's last, not measured (Continue goes on from the iterations done).")
    unit = nash_conv_unit(solution.spot)
    outcome = solution.outcome
    nash_conv = f"NashConv {unit.text(solution.nash_conv)}"
    target = "" if result.target is None else f" (target {unit.text(result.target)})"
    if outcome is None:  # from a file, or the cache of equilibria's file
        where = "a file" if result.source == "file" else "the cache of equilibria"
        return f"From {where}: {nash_conv} after {solution.iterations:,} iterations."
    status = outcome.status
    cached = " (from the cache of equilibria)" if result.source == "cache" else ""
    if status == "converged":
        return (f"Converged: {nash_conv}{target} after {solution.iterations:,} "
                f"iterations{cached}.")
    if status == "stalled":
        return (f"Stalled: NashConv stopped improving at {unit.text(solution.nash_conv)}"
                f"{target} after {solution.iterations:,} iterations{cached}.")
    if status == "iterations":
        asked = "the cap of" if result.target is not None else "the"
        return f"Iterations: {asked} {solution.iterations:,} iterations done, {nash_conv}."
    return (f"Stopped after {solution.iterations:,} iterations: {nash_conv} (what was "
            "computed is kept).")


def provisional_text(report: Any, spot: Any) -> str:
    """The mark of a live run's ranges: provisional, with the NashConv they have (in the
    spot's :func:`~ui.table.model.nash_conv_unit`).

    >>> from types import SimpleNamespace
    >>> from omahanash.solving import Report
    >>> spot = SimpleNamespace(model="icm", prize_pool=100.0, bb=100)
    >>> provisional_text(Report(30, 0.01234), spot).split("; ")[0]
    'Provisional: the ranges at iteration 30, NashConv 0.01234% of the prize pool'
    """
    return (f"Provisional: the ranges at iteration {report.iteration:,}, NashConv "
            f"{nash_conv_unit(spot).text(report.nash_conv)}; they refine until the run ends.")
