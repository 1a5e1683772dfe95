"""The one run loop of every iterative solver: :func:`iter_run` (a generator of reports) and
:func:`run` (it, with callbacks) → :class:`~omahanash.solving.protocol.Outcome`.

A run goes to a number of iterations or to a target exploitability, in chunks of steps sized
to about :data:`CHUNK_SECONDS` of work; a :class:`~omahanash.runs.CancelFlag` is seen between
chunks, so a Stop takes effect at once, and a stop is never an exception: the outcome says
``stopped=True`` and the solver keeps every finished iteration. Each step and report runs in a
:func:`~omahanash.runs.cancel_scope` of the flag, so a step that is one long numba pass (a
push/fold table's first iteration) is interrupted too: its kernel polls the flag, the
interrupted iteration is thrown away, and the run is still a prefix of the uninterrupted one.
Continuing is running the same solver again: its ``iterations`` go on from where they were.

Adding a solver is a class and a registry row (:mod:`omahanash.solving.registry`). A toy one,
regret matching on matching pennies:

>>> import numpy as np
>>> from omahanash.solving.protocol import Report, TabularPolicy
>>> class Pennies:
...     def __init__(self):
...         self.iterations, self.regrets, self.total = 0, np.zeros(2), np.zeros(2)
...     def step(self, n):
...         for _ in range(n):     # the column player plays the row player's mirror image
...             mix = np.maximum(self.regrets, 0)
...             mix = mix / mix.sum() if mix.sum() > 0 else np.full(2, 0.5)
...             values = np.array([2 * mix[0] - 1, 1 - 2 * mix[0]])
...             self.regrets += values - mix @ values
...             self.total += mix
...             self.iterations += 1
...     def report(self):
...         average = self.total / max(self.total.sum(), 1)
...         return Report(self.iterations, abs(average[0] - 0.5) * 4, {"heads": average[0]})
...     def average_policy(self):
...         mix = self.total / self.total.sum()
...         return TabularPolicy(("row",), ("heads", "tails"), mix[None])
>>> outcome = run(Pennies(), iterations=100)
>>> outcome.reason, outcome.iterations_run, outcome.stopped, outcome.report.iteration
('iterations', 100, False, 100)
>>> reports = iter_run(Pennies(), iterations=40, report_every=10)
>>> [report.iteration for report in reports]
[10, 20, 30, 40]
"""

from __future__ import annotations

import logging
import math
import time
from collections.abc import Callable, Generator
from dataclasses import dataclass
from typing import Any

from omahanash.errors import Cancelled, InputError
from omahanash.runs import CancelFlag, ProgressCallback, cancel_scope
from omahanash.solving.checks import (
    MAX_RUN_ITERATIONS,
    check_report_every,
    check_run_iterations,
    check_target,
)
from omahanash.solving.protocol import Outcome, Report, Solver

__all__ = ["CHUNK_SECONDS", "Stall", "iter_run", "run"]

logger = logging.getLogger(__name__)

#: The work between two looks at the cancel flag, in seconds (a Stop takes effect this fast).
CHUNK_SECONDS = 0.05

@dataclass(frozen=True)
class Stall:
    """When a run to a target has stopped improving, so that it ends ``"stalled"`` at once
    instead of at its cap: the best exploitability of its reports so far fell by less than
    the fraction ``gain`` over the last ``share`` of the run's iterations (a window of at
    least ``least`` iterations). CFR+ halves a two-player game's exploitability from ``t / 2``
    to ``t`` (1/t), Monte Carlo CFR cuts it by ~30 % (1/√t): neither stalls by the default;
    a run that cycles (three or more players need not converge) does, at about twice the
    iteration of its best report.

    >>> rule = Stall()
    >>> rule.stalled([(10, 0.5), (20, 0.3), (40, 0.3)], 40)   # best 0.3 since iteration 20
    True
    >>> rule.stalled([(10, 0.5), (20, 0.4), (40, 0.3)], 40)   # 25 % better than at 20
    False
    >>> rule.stalled([(10, 0.5), (20, 0.5)], 20)              # too short to say
    False
    """

    gain: float = 0.01
    share: float = 0.5
    least: int = 20

    def __post_init__(self) -> None:
        if not (0 <= self.gain < 1 and 0 < self.share <= 1) or isinstance(self.least, bool) \
                or not isinstance(self.least, int) or self.least < 1:
            raise InputError(f"a stall rule needs 0 <= gain < 1, 0 < share <= 1 and a whole "
                             f"least >= 1, got {self!r}")

    def stalled(self, bests: list[tuple[int, float]], done: int) -> bool:
        """Whether a run whose best exploitability after ``i`` iterations was ``best`` at
        each ``(i, best)`` of ``bests`` (in order; the last one is now, at ``done``) has
        stalled."""
        window = max(self.least, int(self.share * done))
        before = [best for i, best in bests if i <= done - window]
        if not before or not bests:
            return False
        return bests[-1][1] > (1.0 - self.gain) * before[-1]


#: What :func:`iter_run` yields: the reports; its return value (``StopIteration.value``, or
#: ``outcome = yield from iter_run(...)``) is the :class:`Outcome`.
Reports = Generator[Report, None, Outcome]


def iter_run(
    solver: Solver,
    *,
    iterations: int | None = None,
    target: float | None = None,
    max_iterations: int | None = None,
    cancel: CancelFlag | None = None,
    report_every: int | float | None = None,
    counter: ProgressCallback | None = None,
    stall: Stall | None = None,
) -> Reports:
    """The run of ``solver`` as a generator of the reports it makes; it returns the
    :class:`Outcome` (so ``outcome = yield from iter_run(...)``; :func:`run` does this with
    callbacks). The arguments are checked at once, before the first report:

    * ``iterations``: exactly that many more (with ``target`` too: at most that many);
    * ``target``: stop as soon as ``report().exploitability <= target`` (NashConv per player,
      in every family), after at most ``max_iterations`` more (default
      :data:`~omahanash.solving.checks.MAX_RUN_ITERATIONS`); a solver already at the target
      runs nothing;
    * ``cancel``: checked between chunks of steps of about :data:`CHUNK_SECONDS`, and inside
      a step or a report by the kernels that poll :func:`~omahanash.runs.kernel_flag` (the
      interrupted iteration or report is thrown away);
    * ``report_every``: a report every that many iterations (an int) or at most every that
      many seconds (a float; 0.0: after every chunk); default the solver's ``report_every``
      attribute, else 1. A report is also made at the end, and with a ``target`` after every
      chunk (the target is checked there) unless the cadence is a count above 1 (a solver
      whose report costs a step: the target is checked at its reports). Chunks end where
      reports are due;
    * ``counter(done, total)``: iterations of this run, at the start, after every chunk (about
      every :data:`CHUNK_SECONDS`; a display throttles it further) and at the end (``total``
      is the cap of a run to a target; a run that reached its target ends at
      ``done == total``);
    * ``stall``: with a ``target``, end the run ``"stalled"`` when its reports stop improving
      by that :class:`Stall` rule (None: run on to the cap).

    Counts are whole numbers up to the cap; anything else is an
    :class:`~omahanash.errors.InputError` naming the argument.

    >>> from omahanash.solving.protocol import TabularPolicy
    >>> import numpy as np
    >>> class Counter:
    ...     iterations = 0
    ...     def step(self, n): self.iterations += n
    ...     def report(self): return Report(self.iterations, 2.0 / (1 + self.iterations))
    ...     def average_policy(self): return TabularPolicy((), (), np.zeros((0, 0)))
    >>> reports = iter_run(Counter(), target=0.01)
    >>> seen = list(reports)
    >>> seen[-1].iteration, seen[-1].exploitability <= 0.01
    (99, True)
    """
    for name in ("step", "report"):
        if not callable(getattr(solver, name, None)):
            raise InputError(f"solver must have step(n) and report(), got {solver!r}")
    if iterations is None and target is None:
        raise InputError("give a number of iterations or a target")
    goal = check_target(target) if target is not None else None
    if iterations is not None:
        total = check_run_iterations(iterations)
        if max_iterations is not None:
            raise InputError("max_iterations only goes with a target, without iterations")
    else:
        total = MAX_RUN_ITERATIONS if max_iterations is None \
            else check_run_iterations(max_iterations, "max_iterations")
    if report_every is None:
        report_every = getattr(solver, "report_every", 1)
    if cancel is not None and not isinstance(cancel, CancelFlag):
        raise InputError(f"cancel must be a CancelFlag, got {cancel!r}")
    if counter is not None and not callable(counter):
        raise InputError(f"counter must be a function counter(done, total), got {counter!r}")
    if stall is not None and not isinstance(stall, Stall):
        raise InputError(f"stall must be a Stall rule, got {stall!r}")
    if stall is not None and goal is None:
        raise InputError("a stall rule goes with a target")
    every, every_seconds = check_report_every(report_every)
    return _reports(solver, total, goal, every, every_seconds, cancel, counter, stall)


def _reports(solver: Solver, total: int, goal: float | None, every: int,
             every_seconds: float, cancel: CancelFlag | None,
             counter: ProgressCallback | None, stall: Stall | None) -> Reports:
    history: list[Report] = []
    name = type(solver).__qualname__
    logger.debug("run %s: up to %d iterations from %d%s", name, total, int(solver.iterations),
                 "" if goal is None else f", target exploitability {goal:.4g}")
    began = time.perf_counter()
    if counter is not None:
        counter(0, total)
    if goal is not None and int(solver.iterations) > 0:
        report = solver.report()
        if report.exploitability <= goal:
            if counter is not None:
                counter(total, total)
            return Outcome(report, 0, False, "target", ())
    start = int(solver.iterations)
    chunk = 1
    last_report = time.perf_counter()
    # with a target a report is due after every chunk, unless the solver or the caller set a
    # cadence in iterations (a solver whose report costs as much as a step)
    paced = 1 < every < MAX_RUN_ITERATIONS
    done = 0
    reached = cancelled = stalled = False
    bests: list[tuple[int, float]] = []  # (iterations of this run, best exploitability)
    while done < total:
        if cancel is not None and cancel.cancelled:
            cancelled = True
            break
        # Chunks grow towards CHUNK_SECONDS of work and end where a report is due.
        count = max(1, min(chunk, total - done))
        if every < MAX_RUN_ITERATIONS:
            count = min(count, every - done % every)
        started = time.perf_counter()
        if _stopped(cancel, solver.step, count) is _STOPPED:
            cancelled = True
            break
        now = time.perf_counter()
        rate = count / max(now - started, 1e-9)
        chunk = max(1, min(int(rate * CHUNK_SECONDS), 4 * count))
        done += count
        due = (every < MAX_RUN_ITERATIONS and done % every == 0) \
            or now - last_report >= every_seconds or (goal is not None and not paced) \
            or done >= total
        if due:
            last_report = now
            made = _stopped(cancel, solver.report)
            if made is _STOPPED:
                cancelled = True
                break
            report = made
            history.append(report)
            yield report
            if goal is not None and report.exploitability <= goal:
                reached = True
                break
            if stall is not None and math.isfinite(report.exploitability):
                best = min(report.exploitability, bests[-1][1] if bests else math.inf)
                bests.append((done, best))
                if stall.stalled(bests, done):
                    stalled = True
                    break
        if counter is not None and done < total:
            counter(done, total)
    ran = int(solver.iterations) - start
    if history and history[-1].iteration == int(solver.iterations):
        report = history[-1]
    else:
        # after a Stop, a report that is a long pass (a push/fold table's) is not waited for:
        # the outcome says "not measured" (inf); a caller that shows the state measures it
        made = _stopped(cancel, solver.report) if cancelled else solver.report()
        if made is _STOPPED:
            report = Report(int(solver.iterations), math.inf, {})
        else:
            report = made
            history.append(report)
            yield report
    if counter is not None:
        counter(total if reached else ran, total)
    reason = "target" if reached else "stalled" if stalled else "cancelled" if cancelled \
        else "iterations"
    logger.debug("run %s %s after %d iterations in %.3f s (exploitability %.4g)", name, reason,
                 ran, time.perf_counter() - began, report.exploitability)
    return Outcome(report, ran, cancelled and not reached, reason, tuple(history))


_STOPPED = object()


def _stopped(cancel: CancelFlag | None, call: Callable[..., Any], *args: Any) -> Any:
    """``call(*args)`` in a :func:`~omahanash.runs.cancel_scope` of ``cancel``, so that a
    long kernel inside it stops at a Stop: its value, or ``_STOPPED`` when ``cancel`` stopped
    it part way (the solver keeps its last finished iteration: a step throws an interrupted
    pass away). A stop by an enclosing block's flag is that block's: it propagates."""
    try:
        with cancel_scope(cancel):
            return call(*args)
    except Cancelled:
        if cancel is None or not cancel.cancelled:
            raise
        return _STOPPED


def run(
    solver: Solver,
    *,
    iterations: int | None = None,
    target: float | None = None,
    max_iterations: int | None = None,
    progress: Callable[[Report], Any] | None = None,
    cancel: CancelFlag | None = None,
    report_every: int | float | None = None,
    counter: ProgressCallback | None = None,
    stall: Stall | None = None,
) -> Outcome:
    """:func:`iter_run` driven to its end: ``progress(report)`` is called with every report
    made (the live data; also in :attr:`Outcome.history`); the other arguments are
    :func:`iter_run`'s. Never raises for a stop.

    >>> from omahanash.runs import CancelFlag
    >>> from omahanash.solving.protocol import TabularPolicy
    >>> import numpy as np
    >>> flag = CancelFlag(); flag.cancel()
    >>> class Counter:
    ...     iterations = 0
    ...     def step(self, n): self.iterations += n
    ...     def report(self): return Report(self.iterations, 2.0 / (1 + self.iterations))
    ...     def average_policy(self): return TabularPolicy((), (), np.zeros((0, 0)))
    >>> run(Counter(), iterations=10, cancel=flag).reason
    'cancelled'
    >>> outcome = run(Counter(), target=0.01)
    >>> outcome.reason, outcome.report.iteration
    ('target', 99)
    """
    if progress is not None and not callable(progress):
        raise InputError(f"progress must be a function progress(report), got {progress!r}")
    reports = iter_run(solver, iterations=iterations, target=target,
                       max_iterations=max_iterations, cancel=cancel,
                       report_every=report_every, counter=counter, stall=stall)
    while True:
        try:
            report = next(reports)
        except StopIteration as end:
            outcome: Outcome = end.value
            return outcome
        if progress is not None:
            progress(report)
