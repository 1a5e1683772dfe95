"""The Jam-fold tab's jobs, without Qt: each function returns the job a
:class:`~ui.kit.workers.JobRunner` runs in its worker thread (``job(report, cancel)``); every job
hands back a :class:`JamFoldOutcome`. Live reports reach the window as snapshots (tuples) of the
job's list, read through the ``solving`` phase's detail.
"""

from __future__ import annotations

from collections.abc import Callable, MutableMapping
from typing import TYPE_CHECKING, Any, NamedTuple

from ui.kit.fields import Reporter

if TYPE_CHECKING:
    from omahanash.jamfold import JamFoldParams, JamFoldSolution
    from omahanash.runs import CancelFlag

Job = Callable[["Reporter", "CancelFlag"], Any]


class JamFoldOutcome(NamedTuple):
    """A job's answer: the solution (None: stopped before its first iteration), its class
    rows, whether Stop ended it, and where it came from (``fresh``, ``memory`` or ``disk``:
    the cache of equilibria, ``file``, ``none``)."""

    solution: JamFoldSolution | None
    rows: list[dict]
    stopped: bool
    source: str


NOTHING = JamFoldOutcome(None, [], True, "none")


def solve_job(params: JamFoldParams, solver: str, iterations: int,
              tables: MutableMapping[str, object]) -> Job:
    """Calculate: no count with CFR+ is the spot's equilibrium, through the cache of
    equilibria (the numbers ``omahanash solve`` shows); a count, or fictitious play, runs
    afresh. ``tables``: the tab's loaded equity tables by variant (read here)."""
    def job(report: Reporter, cancel: CancelFlag) -> JamFoldOutcome:
        from copy import deepcopy

        from omahanash.jamfold import JamFoldSolution

        report.phase("loading table")
        table = tables.get(params.variant)
        if table is None:
            from omahanash.equity.tables import load_table

            table = load_table(params.variant)
        if cancel.cancelled:  # stopped while the table loaded: nothing was computed
            return NOTHING
        live: list = []  # this job's reports; the GUI gets snapshots (tuples)
        report.phase("solving", detail=lambda: tuple(live))
        if iterations == 0 and solver == "cfr+":
            from omahanash.jamfold.nash_cache import equilibrium

            found = equilibrium(params, table, progress=report, cancel=cancel,
                                on_report=live.append)
            # a copy: Continue must not change the equilibrium kept in the cache
            solution = JamFoldSolution(found.solution.game, deepcopy(found.solution.state),
                                       found.solution.history)
            rows = solution.class_rows() if solution.iterations else []
            return JamFoldOutcome(solution, rows, found.stopped, found.source)
        solution = JamFoldSolution.create(params, solver, table)
        solution.run(iterations or None, progress=report, cancel=cancel,
                     on_report=live.append)
        if solution.iterations == 0:  # Stop came between the check above and iteration 1
            return NOTHING
        stopped = solution.outcome is not None and solution.outcome.stopped
        return JamFoldOutcome(solution, solution.class_rows(), stopped, "fresh")

    return job


def continue_job(solution: JamFoldSolution, more: int) -> Job:
    """Continue: ``more`` iterations of the current solution; its earlier reports come first
    in the snapshots."""
    before = tuple(solution.history)

    def job(report: Reporter, cancel: CancelFlag) -> JamFoldOutcome:
        live = list(before)
        report.phase("solving", detail=lambda: tuple(live))
        solution.run(more, progress=report, cancel=cancel, on_report=live.append)
        stopped = solution.outcome is not None and solution.outcome.stopped
        return JamFoldOutcome(solution, solution.class_rows(), stopped, "fresh")

    return job


def open_job(path: str, tables: MutableMapping[str, object]) -> Job:
    """Open a saved solution (on the tab's loaded table of its variant when it has one)."""
    def job(report: Reporter, cancel: CancelFlag) -> JamFoldOutcome:
        from omahanash.jamfold import JamFoldSolution, read_solution_file

        header, _ = read_solution_file(path)
        variant = header["params"]["game"]
        table = tables.get(variant) if header["table"].get("class_ids") is None else None
        solution = JamFoldSolution.load(path, table=table)
        return JamFoldOutcome(solution, solution.class_rows(), False, "file")

    return job


def finished_message(solution: JamFoldSolution, stopped: bool, source: str,
                     to_target: bool) -> str:
    """The status bar's line after a run: from the cache, or done / stopped and Epsilon (and
    whether a run to the target missed it)."""
    last = solution.last_report
    if last is None:
        return ""
    if source in ("memory", "disk"):
        return (f"The spot's equilibrium from the cache of equilibria: {solution.iterations} "
                f"CFR+ iterations, Epsilon {last.epsilon:.6g}")
    missed = to_target and not stopped and solution.solver == "cfr+" and not solution.at_target()
    return (f"{'Stopped' if stopped else 'Done'} after {solution.iterations} iterations: "
            f"Epsilon {last.epsilon:.6g}"
            + (" (above the target: not the equilibrium, not cached)" if missed else ""))
