"""Live runs of the push/fold solver, for a view that follows them (the app's Table tab:
``solve_pushfold(live=True)``): :class:`LiveSteps` drives a
:class:`~omahanash.pushfold.solver.PushFoldSolver` through :func:`~omahanash.solving.run`
with progress after every iteration and NashConv at the :data:`EARLY_REPORTS` iterations too,
reading the iterates only (a live run is the same bits as another).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

from omahanash.pushfold.solver import PushFoldSolver
from omahanash.runs import CancelFlag
from omahanash.solving import Report, TabularPolicy

#: A live run (``solve_pushfold(live=True)``: the app's Table tab) reports NashConv at these
#: iterations too, for its plot only: a run to a target checks the target at its
#: :data:`~omahanash.pushfold.solver.REPORT_EVERY` reports, as without them, and the iterates
#: are the same. The first costs nothing
#: (:meth:`~omahanash.pushfold.solver.PushFoldSolver.first_report`); each other is one pass
#: over the deals (on a 6-handed spot about one iteration: the average from iteration 3 on
#: has no trace of the start's ½ everywhere, which makes a pass at iteration 2 cost about
#: five).
EARLY_REPORTS = (1, 3, 5)


def merged_history(early: Sequence[Report], reports: Sequence[Report]) -> list[Report]:
    """A live run's reports in iteration order: the run's own (``reports``) and the early
    ones at iterations it has none of.

    >>> merged = merged_history([Report(1, 9.0), Report(3, 2.5)],
    ...                         [Report(3, 2.0), Report(10, 0.5)])
    >>> [(r.iteration, r.nash_conv) for r in merged]
    [(1, 9.0), (3, 2.0), (10, 0.5)]
    """
    made = {report.iteration for report in reports}  # the run's own come first
    return sorted([r for r in early if r.iteration not in made] + list(reports),
                  key=lambda r: r.iteration)


class LiveSteps:
    """A :class:`~omahanash.pushfold.solver.PushFoldSolver` as :func:`~omahanash.solving.run`
    drives it for a live view: ``tick()`` after every iteration, and at the
    :data:`EARLY_REPORTS` iterations before ``end`` a report to ``early`` (skipped once
    ``cancel`` is set: a Stop is not delayed by it). The solver's iterates are the same as
    without: the reports only read them.

    >>> from omahanash.pushfold.solve import solve_pushfold
    >>> from omahanash.pushfold.spot import PushFoldSpot
    >>> from omahanash.solving import run
    >>> spot = PushFoldSpot("holdem", [600, 700, 800], 50, 100)
    >>> plain = solve_pushfold(spot, iterations=1, deals=5_000)   # made the solver
    >>> early = []
    >>> steps = LiveSteps(PushFoldSolver(spot, plain.solver.table, plain.solver.deals),
    ...                   early.append, lambda: None, end=12)
    >>> outcome = run(steps, iterations=12)
    >>> [r.iteration for r in early], [r.iteration for r in outcome.history]
    ([1, 3, 5], [10, 12])
    """

    def __init__(self, solver: PushFoldSolver, early: Callable[[Report], None],
                 tick: Callable[[], None], *, end: int, cancel: CancelFlag | None = None
                 ) -> None:
        self.solver, self.early, self.tick, self.end, self.cancel = (solver, early, tick,
                                                                     end, cancel)
        self.report_every = solver.report_every

    @property
    def iterations(self) -> int:
        return self.solver.iterations

    def step(self, n: int) -> None:
        """``n`` more iterations of the solver, one at a time (the same iterates as
        ``step(n)``)."""
        solver = self.solver
        for _ in range(n):
            solver.step(1)
            self.tick()
            done = solver.iterations
            if done in EARLY_REPORTS and done < self.end \
                    and not (self.cancel is not None and self.cancel.cancelled):
                first = solver.first_report() if done == 1 else None
                self.early(first if first is not None else solver.report())

    def report(self) -> Report:
        return self.solver.report()

    def average_policy(self) -> TabularPolicy:
        return self.solver.average_policy()
