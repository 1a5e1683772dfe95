"""Live runs of the push/fold solver, for a view that follows them (the app's Table tab:
``solve_pushfold(live=True)``): :class:`LiveSteps` drives a
:class:`~omahanash.pushfold.solver.PushFoldSolver` through :func:`~omahanash.solving.run`
with progress after every iteration and NashConv at the :data:`EARLY_REPORTS` iterations too,
reading the iterates only (a live run is the same bits as another). Each report of a live run
carries the ranges of that moment (:func:`range_figures`, read back by
:func:`provisional_nodes`): a usable answer, provisional until the run ends. How long the run
has left is :class:`TimeLeft`'s estimate (the Table tab, the trainer, ``omahanash solve`` at a
table).

This module loads no numba (the app's models read it): the solver is only its argument.
"""

from __future__ import annotations

import math
import time
from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING, Any

from omahanash.hands import class_combos
from omahanash.runs import CancelFlag
from omahanash.solving import Report, TabularPolicy

if TYPE_CHECKING:
    from omahanash.pushfold.solver import PushFoldSolver

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

    Every report it makes carries the ranges of the average strategy then
    (:func:`range_figures`).

    >>> from omahanash.pushfold.solve import solve_pushfold
    >>> from omahanash.pushfold.solver import PushFoldSolver
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
    >>> [row["node"] for row in provisional_nodes(outcome.history[-1])][:3]
    ['BTN', 'SB', 'SB vs BTN']
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
                self.early(with_ranges(first if first is not None else solver.report(),
                                       solver))

    def report(self) -> Report:
        return with_ranges(self.solver.report(), self.solver)

    def average_policy(self) -> TabularPolicy:
        return self.solver.average_policy()


# -- the ranges of a live report -------------------------------------------------------------

#: Figure names of a live report's ranges: the play % of each node, and its reach (the
#: chance the node is reached, where the report's pass measured it).
PLAY_FIGURE, REACH_FIGURE = "play % ", "reach "


def range_figures(solver: PushFoldSolver) -> dict[str, float]:
    """The ranges of ``solver``'s average strategy now, as report figures: ``play % <node>``
    (of all starting hands, as :meth:`~omahanash.pushfold.solution.PushFoldSolution.
    node_summary` has it) and ``reach <node>`` when a pass at this iteration measured it
    (a report's pass did; the first iteration's free report has none). One product of the
    average's sums with the combos: no pass over the deals."""
    game = "holdem" if str(solver.spot.variant) == "holdem" else "omaha"
    combos = class_combos(game)[solver.table.class_ids].astype(float)
    total = float(combos.sum())
    if solver.avg_weight == 0:
        plays = solver.sigma @ combos
    else:
        plays = (solver.avg_sum @ combos) / solver.avg_weight
        plays[solver.locked] = solver.sigma[solver.locked] @ combos
    figures = {f"{PLAY_FIGURE}{node.name}": 100.0 * float(plays[node.index]) / total
               for node in solver.nodes}
    measured = solver.evaluations().get(bool(solver.icm))
    if measured is not None:
        reach = measured["reach"]
        figures.update({f"{REACH_FIGURE}{node.name}": float(reach[node.index].sum())
                        for node in solver.nodes})
    return figures


def with_ranges(report: Report, solver: PushFoldSolver) -> Report:
    """``report`` with the ranges of ``solver`` now among its figures."""
    return Report(report.iteration, report.nash_conv,
                  {**report.figures, **range_figures(solver)}, report.players)


def provisional_nodes(report: Report) -> list[dict[str, Any]]:
    """The nodes of a live report (:func:`range_figures`) as
    :meth:`~omahanash.pushfold.solution.PushFoldSolution.node_summary` rows: ``node``,
    ``action``, ``percent`` and ``reach`` (None where not measured); empty for a report
    without ranges.

    >>> provisional_nodes(Report(3, 0.5, {"play % BTN": 41.5, "play % BB vs BTN": 12.0,
    ...                                   "gain BTN": 0.1}))
    [{'node': 'BTN', 'action': 'push', 'percent': 41.5, 'reach': None}, \
{'node': 'BB vs BTN', 'action': 'call', 'percent': 12.0, 'reach': None}]
    """
    figures = report.figures
    return [{"node": name[len(PLAY_FIGURE):],
             "action": "call" if " vs " in name else "push", "percent": value,
             "reach": figures.get(f"{REACH_FIGURE}{name[len(PLAY_FIGURE):]}")}
            for name, value in figures.items() if name.startswith(PLAY_FIGURE)]


# -- how long a run has left ------------------------------------------------------------------

#: Seconds over which :class:`TimeLeft`'s shown finish time follows a new estimate, and the
#: most one update may move it (a share of the time left, at least of 10 s).
SETTLE_SECONDS, MAX_STEP = 5.0, 0.08
#: The share of the way each new projection of the last iteration moves the one in use (in
#: ratio: a projection twice as far moves it 2^0.3 ≈ 1.23 times as far).
PROJECTION_WEIGHT = 0.3
#: NashConv must fall at least as t^-MIN_DECAY to project where it meets its target; the
#: decay is measured on the reports of the latter half of the run, at least FIT_REPORTS.
MIN_DECAY, FIT_REPORTS = 0.05, 5
#: With fewer reports, the decay measured is taken between t^-0.5 and t^-2 (CFR+'s first
#: iterations: three reports alone may show a wobble as a stall, or as a plunge).
EARLY_DECAY = (0.5, 2.0)


class TimeLeft:
    """How long a run has left, from what it showed so far; :meth:`line` says it in words.

    Feed it :meth:`tick` (at the run's start, then each time an iteration finished;
    ``total``: the run's own guess of its last iteration, when it has one) and
    :meth:`report` (NashConv measured). The last iteration is the count asked
    (``iterations`` more after ``start``), else, for a run to ``target``, where the NashConv
    decay measured so far meets it: a straight line through log NashConv against log
    iteration over the reports of the latter half of the run (at least :data:`FIT_REPORTS`;
    CFR+'s wobble averages out; iterations 1 and 2 are left out; with fewer, a decay within
    :data:`EARLY_DECAY`), at most ``cap``; without a decay to project (NashConv not
    falling), ``cap`` or the run's own guess; before 3 reports, unknown. Each new projection
    moves the one in use by :data:`PROJECTION_WEIGHT` of the way. The time per iteration is
    measured from the end of the first iteration (which walks every path of the deals and
    costs many). The finish time shown moves toward each new estimate over
    :data:`SETTLE_SECONDS` and by at most :data:`MAX_STEP` of the time left at a time, so it
    does not jump; between estimates the time left counts down with the clock. ``clock``:
    seconds on any monotonic clock (a test's own).

    >>> now = [0.0]
    >>> left = TimeLeft(iterations=100, clock=lambda: now[0])
    >>> for i in range(11):
    ...     now[0] = 0.5 * i
    ...     left.tick(i)
    >>> round(left.seconds_left()), left.line()
    (45, '5 s elapsed, about 45 s left')
    """

    def __init__(self, *, target: float | None = None, iterations: int | None = None,
                 start: int = 0, cap: int | None = None,
                 clock: Callable[[], float] = time.monotonic) -> None:
        self.target, self.cap, self.clock = target, cap, clock
        self.end = None if iterations is None else start + int(iterations)
        self.began = clock()
        self._start: int | None = None  # the iteration of the first tick
        self._first: tuple[int, float] | None = None  # (iteration, time) after the first
        self._last: tuple[int, float] | None = None
        self._guess: float | None = None  # the run's own guess of its last iteration
        self._reports: list[tuple[int, float]] = []
        self._projection: float | None = None  # the last iteration in use (smoothed)
        self._finish: float | None = None  # the finish time shown
        self._updated = self.began

    def tick(self, iteration: float, total: float | None = None) -> None:
        """An iteration finished (``total``: the run's own guess of its last one)."""
        now = self.clock()
        done = int(iteration)
        if self._last is not None and done < self._last[0]:  # another run begins
            self._start = self._first = self._last = self._projection = self._finish = None
            self._guess, self._reports = None, []
        if total is not None and total > 0 and total != self._guess \
                and self._start is not None and done > self._start:
            self._guess = float(total)  # (the total said at the start is only the cap)
            if self.target is None:  # the run's guess is the only projection there is
                self._project(self._guess)
        if self._start is None:
            self._start = done  # the run starts here (a continued run: not at 0)
        elif done > self._start and self._first is None:
            self._first = (done, now)  # the end of the run's first iteration
        if self._last is None or done > self._last[0]:
            self._last = (done, now)
        self._update(now)

    def report(self, iteration: int, nash_conv: float) -> None:
        """NashConv measured at ``iteration``."""
        if iteration < 3 or not math.isfinite(nash_conv) or nash_conv <= 0:
            return
        self._reports.append((int(iteration), float(nash_conv)))
        if self.target is not None and len(self._reports) >= 3:
            fitted = self._fitted()
            self._project(fitted if fitted is not None else self.cap or self._guess)
        self._update(self.clock())

    def _project(self, projection: float | None) -> None:
        if projection is None or projection <= 0:
            return
        if self.cap is not None:
            projection = min(projection, float(self.cap))
        if self._projection is None:
            self._projection = projection
        else:
            self._projection *= (projection / self._projection) ** PROJECTION_WEIGHT

    def seconds_per_iteration(self) -> float | None:
        """Measured since the first iteration ended (None before two more ended)."""
        if self._first is None or self._last is None or self._last[0] - self._first[0] < 2:
            return None
        return (self._last[1] - self._first[1]) / (self._last[0] - self._first[0])

    def last_iteration(self) -> float | None:
        """The iteration the run should end at (see the class), None when unknown."""
        if self.end is not None:
            return float(self.end)
        if self._projection is None:
            return None
        done = 0 if self._last is None else self._last[0]
        return max(self._projection, float(done))

    def _fitted(self) -> float | None:
        """Where the measured decay meets the target (None: no decay to project)."""
        assert self.target is not None
        last = self._reports[-1][0]
        window = [r for r in self._reports if r[0] >= last / 2]
        if len(window) < FIT_REPORTS:
            window = self._reports[-FIT_REPORTS:]
        xs = [math.log(t) for t, _ in window]
        ys = [math.log(v) for _, v in window]
        mx, my = sum(xs) / len(xs), sum(ys) / len(ys)
        spread = sum((x - mx) ** 2 for x in xs)
        if spread <= 0:
            return None
        slope = sum((x - mx) * (y - my) for x, y in zip(xs, ys)) / spread
        if len(window) < FIT_REPORTS:  # a few early reports: a decay as CFR+'s first ones
            slope = min(max(slope, -EARLY_DECAY[1]), -EARLY_DECAY[0])
        elif -slope < MIN_DECAY:
            return None
        at_last = my + slope * (math.log(last) - mx)  # the fitted NashConv now
        if at_last <= math.log(self.target):
            return float(last)
        return math.exp(math.log(last) + (math.log(self.target) - at_last) / slope)

    def _update(self, now: float) -> None:
        rate = self.seconds_per_iteration()
        end = self.last_iteration()
        if rate is None or end is None or self._last is None:
            return
        estimate = self._last[1] + (end - self._last[0]) * rate
        if self._finish is None:
            self._finish = estimate
        else:
            share = 1.0 - math.exp(-(now - self._updated) / SETTLE_SECONDS)
            most = MAX_STEP * max(10.0, self._finish - now)  # of the time left
            self._finish += max(-most, min(most, (estimate - self._finish) * share))
        self._updated = now

    def elapsed(self) -> float:
        """Seconds since the estimator was made (the run's start)."""
        return self.clock() - self.began

    def seconds_left(self) -> float | None:
        """The time left (None while it cannot be estimated yet)."""
        if self._finish is None:
            return None
        return max(0.0, self._finish - self.clock())

    def line(self) -> str:
        """``"12 s elapsed, about 40 s left"`` (see :func:`time_words`)."""
        return time_words(self.elapsed(), self.seconds_left())


def duration_text(seconds: float) -> str:
    """A duration as a player reads it: ``"12 s"``, ``"3 min 05 s"``, ``"1 h 02 min"``.

    >>> duration_text(4.2), duration_text(185), duration_text(3720)
    ('4 s', '3 min 05 s', '1 h 02 min')
    """
    whole = int(max(0.0, seconds))
    if whole < 60:
        return f"{whole} s"
    if whole < 3600:
        return f"{whole // 60} min {whole % 60:02d} s"
    return f"{whole // 3600} h {whole % 3600 // 60:02d} min"


def about_text(seconds: float) -> str:
    """A time left, rounded as an estimate deserves: ``"less than 10 s"``, ``"about 45 s"``
    (5 s steps), ``"about 3 min"``, ``"about 1 h 20 min"`` (10 min steps).

    >>> about_text(3), about_text(43), about_text(170), about_text(4800)
    ('less than 10 s', 'about 45 s', 'about 3 min', 'about 1 h 20 min')
    """
    if seconds < 10:
        return "less than 10 s"
    if seconds < 57.5:
        return f"about {5 * round(seconds / 5)} s"
    if seconds < 3570:
        return f"about {max(1, round(seconds / 60))} min"
    tens = round(seconds / 600)
    hours, minutes = divmod(10 * tens, 60)
    return f"about {hours} h" + (f" {minutes} min" if minutes else "")


def time_words(elapsed: float, left: float | None) -> str:
    """Elapsed and time left in words (``left`` None: still measuring).

    >>> time_words(12, 43), time_words(2, None)
    ('12 s elapsed, about 45 s left', '2 s elapsed, estimating the time left')
    """
    if left is None:
        return f"{duration_text(elapsed)} elapsed, estimating the time left"
    return f"{duration_text(elapsed)} elapsed, {about_text(left)} left"
