"""One shape for every iterative solver: :class:`Solver`, :class:`Report`, :class:`TabularPolicy`,
and the one loop that drives them, :func:`run` → :class:`Outcome`.

A solver family (CFR on a compiled tree, jam-fold fictitious play and CFR+, matrix-game
learning, multi-player push/fold) is a class that keeps its own state and offers

* ``iterations``: the iterations done so far (in all, a continued run counts the earlier ones);
* ``step(n)``: ``n >= 1`` more iterations (no cancellation inside: a step is short);
* ``report()``: a :class:`Report` of the state now: the iteration, the family's measure of
  distance to equilibrium (``exploitability``: CFR's NashConv / players, jam-fold's Epsilon,
  a matrix game's NashConv / 2) and its other ``figures``;
* ``average_policy()``: the average strategy as a :class:`TabularPolicy` (one row per decision,
  one column per action: OpenSpiel's ``TabularPolicy`` is the model).

A solver reports at iteration 0 too (``exploitability`` ``math.inf`` when it has no average
strategy yet).

Each family has one registry (name → solver class, aliases as rows). :func:`run` takes any
solver, runs it to a number of iterations or to a target, reports to ``progress`` and stops at
a :class:`~omahanash.runs.CancelFlag` between chunks of steps sized to about
:data:`CHUNK_SECONDS` of work, so a Stop takes effect at once. A stop is never an exception:
the :class:`Outcome` says ``stopped=True`` and the solver keeps every finished iteration.

Adding a solver is a class and a registry row. A toy one, regret matching on matching pennies:

>>> import numpy as np
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
...         return Report(self.iterations, abs(average[0] - 0.5) * 2, {"heads": average[0]})
...     def average_policy(self):
...         mix = self.total / self.total.sum()
...         return TabularPolicy(("row",), ("heads", "tails"), mix[None])
>>> outcome = run(Pennies(), iterations=100)
>>> outcome.reason, outcome.iterations_run, outcome.stopped, outcome.report.iteration
('iterations', 100, False, 100)
"""

from __future__ import annotations

import math
import numbers
import time
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from typing import Protocol, runtime_checkable

import numpy as np

from omahanash.errors import InputError
from omahanash.runs import CancelFlag, iterate

__all__ = ["CHUNK_SECONDS", "MAX_RUN_ITERATIONS", "Outcome", "Report", "Solver",
           "TabularPolicy", "check_run_iterations", "run"]

#: The largest number of iterations one :func:`run` (or any solver call that runs one) does;
#: more is an :class:`~omahanash.errors.InputError` (10**100 would never end).
MAX_RUN_ITERATIONS = 10**9
#: The work between two looks at the cancel flag, in seconds (a Stop takes effect this fast).
CHUNK_SECONDS = 0.05
#: The stop reasons of an :class:`Outcome`.
REASONS = ("iterations", "target", "cancelled")


@dataclass(frozen=True)
class Report:
    """One solver's state after some iterations.

    ``iteration``: iterations done in all; ``exploitability``: the family's measure of distance
    to equilibrium (CFR exploitability, jam-fold Epsilon in chips, matrix-game NashConv / 2);
    ``figures``: the family's other numbers by name (PostEV1, PostEV2, ranges, …).

    >>> Report(10, 0.5, {"range_pu": 58.4}).figures["range_pu"]
    58.4
    """

    iteration: int
    exploitability: float
    figures: Mapping[str, float] = field(default_factory=dict)


@runtime_checkable
class Solver(Protocol):
    """What :func:`run` drives (see the module). ``step(n)`` is called with ``n >= 1``."""

    @property
    def iterations(self) -> int: ...

    def step(self, n: int) -> None: ...

    def report(self) -> Report: ...

    def average_policy(self) -> TabularPolicy: ...


@dataclass(frozen=True)
class TabularPolicy:
    """A policy as a table: one row per decision ``keys`` (an information-set key, ``"PU:AKo"``,
    …), one column per action name ``actions``; ``table[r, a]`` the probability. ``legal`` (a
    boolean table of the same shape, None: every action everywhere) marks the actions a row
    has when rows differ (a CFR tree); an illegal action has probability 0.

    >>> policy = TabularPolicy(("PU:AA", "PU:72o"), ("fold", "push"),
    ...                        np.array([[0.0, 1.0], [1.0, 0.0]]))
    >>> policy.row("PU:AA"), policy.probability("PU:72o", "fold")
    ({'fold': 0.0, 'push': 1.0}, 1.0)
    >>> policy.to_dict()["PU:72o"]
    {'fold': 1.0, 'push': 0.0}
    """

    keys: tuple[str, ...]
    actions: tuple[str, ...]
    table: np.ndarray
    legal: np.ndarray | None = None

    def __post_init__(self) -> None:
        table = np.asarray(self.table, dtype=np.float64)
        if table.shape != (len(self.keys), len(self.actions)):
            raise InputError(f"policy table of shape {table.shape} for {len(self.keys)} keys "
                             f"and {len(self.actions)} actions")
        object.__setattr__(self, "keys", tuple(self.keys))
        object.__setattr__(self, "actions", tuple(self.actions))
        object.__setattr__(self, "table", table)
        if self.legal is not None:
            legal = np.asarray(self.legal, dtype=bool)
            if legal.shape != table.shape:
                raise InputError(f"legal mask of shape {legal.shape} for a table of "
                                 f"shape {table.shape}")
            object.__setattr__(self, "legal", legal)

    def index(self, key: str) -> int:
        """The row of ``key``; :class:`InputError` if there is none."""
        try:
            return self._index()[key]
        except KeyError:
            raise InputError(f"no decision {key!r} in this policy") from None

    def _index(self) -> dict[str, int]:
        cached = self.__dict__.get("_rows")
        if cached is None:
            cached = {key: r for r, key in enumerate(self.keys)}
            object.__setattr__(self, "_rows", cached)
        return cached

    def row(self, key: str) -> dict[str, float]:
        """Action name → probability at ``key`` (its legal actions only)."""
        r = self.index(key)
        return {name: float(self.table[r, a]) for a, name in enumerate(self.actions)
                if self.legal is None or self.legal[r, a]}

    def probability(self, key: str, action: str) -> float:
        """The probability of ``action`` at ``key``."""
        try:
            a = self.actions.index(action)
        except ValueError:
            raise InputError(f"no action {action!r} in this policy") from None
        return float(self.table[self.index(key), a])

    def to_dict(self) -> dict[str, dict[str, float]]:
        """Every row: key → {action: probability} (legal actions only)."""
        return {key: self.row(key) for key in self.keys}


@dataclass(frozen=True)
class Outcome:
    """How a :func:`run` ended. ``report``: the solver's report at the end; ``iterations_run``:
    iterations of this run; ``stopped``: True only when the cancel flag stopped it (the work
    done is kept); ``reason``: ``"iterations"`` (the count, or the cap of a run to a target,
    was reached), ``"target"`` (the measure reached the target) or ``"cancelled"``;
    ``history``: every report made during the run, in order (a live plot's data)."""

    report: Report
    iterations_run: int
    stopped: bool
    reason: str
    history: tuple[Report, ...] = ()

    @property
    def reached_target(self) -> bool:
        """True when the run stopped because the measure reached the target."""
        return self.reason == "target"


def check_run_iterations(value: object, name: str = "iterations", minimum: int = 0) -> int:
    """A number of iterations for one run: a whole number from ``minimum`` to
    :data:`MAX_RUN_ITERATIONS`, else an :class:`InputError` naming ``name``.

    >>> check_run_iterations(50)
    50
    >>> check_run_iterations(10**100)
    Traceback (most recent call last):
    ...
    omahanash.errors.InputError: iterations must be at most 1000000000 (one run), got 10**100
    """
    if isinstance(value, bool) or not isinstance(value, numbers.Integral):
        raise InputError(f"{name} must be a whole number, got {value!r}")
    number = int(value)
    if number < minimum:
        raise InputError(f"{name} must be >= {minimum}, got {number}")
    if number > MAX_RUN_ITERATIONS:
        shown = f"10**{len(str(number)) - 1}" if number >= 10**12 else str(number)
        raise InputError(f"{name} must be at most {MAX_RUN_ITERATIONS} (one run), got {shown}")
    return number


def _check_target(target: object) -> float:
    if isinstance(target, bool) or not isinstance(target, numbers.Real) \
            or not 0 <= float(target) < math.inf:
        raise InputError(f"target must be a finite number >= 0, got {target!r}")
    return float(target)


def _check_report_every(value: object) -> tuple[int, float]:
    """``(every iterations, every seconds)``: an int is a count, a float a duration."""
    if isinstance(value, bool) or not isinstance(value, numbers.Real):
        raise InputError(f"report_every must be a whole number of iterations or a number of "
                         f"seconds, got {value!r}")
    if isinstance(value, numbers.Integral):
        return check_run_iterations(value, "report_every", minimum=1), math.inf
    seconds = float(value)
    if not 0 <= seconds < math.inf:
        raise InputError(f"report_every must be >= 0 seconds, got {value!r}")
    return MAX_RUN_ITERATIONS, seconds


def run(
    solver: Solver,
    *,
    iterations: int | None = None,
    target: float | None = None,
    max_iterations: int | None = None,
    progress: Callable[[Report], None] | None = None,
    cancel: CancelFlag | None = None,
    report_every: int | float | None = None,
) -> Outcome:
    """Run ``solver`` until it has done ``iterations`` more, or its measure is at most
    ``target``, or it was cancelled; never raises for a stop.

    * ``iterations``: exactly that many more (with ``target`` too: at most that many);
    * ``target``: stop as soon as ``report().exploitability <= target``, after at most
      ``max_iterations`` more (default :data:`MAX_RUN_ITERATIONS`); a solver already at the
      target runs nothing;
    * ``progress(report)``: called with every report made (the live data; also in
      :attr:`Outcome.history`);
    * ``cancel``: checked between chunks of steps of about :data:`CHUNK_SECONDS`;
    * ``report_every``: a report every that many iterations (an int) or at most every that
      many seconds (a float; 0.0: after every chunk); default the solver's ``report_every``
      attribute, else 1. A report is also made at the end, and with a ``target`` after every
      chunk (the target is checked there) unless the cadence is a count above 1 (a solver
      whose report costs a step: the target is checked at its reports). Chunks end where
      reports are due.

    Counts are whole numbers up to :data:`MAX_RUN_ITERATIONS`; anything else is an
    :class:`~omahanash.errors.InputError` naming the argument.

    >>> from omahanash.runs import CancelFlag
    >>> flag = CancelFlag(); flag.cancel()
    >>> class Counter:
    ...     iterations = 0
    ...     def step(self, n): self.iterations += n
    ...     def report(self): return Report(self.iterations, 1.0 / (1 + self.iterations))
    ...     def average_policy(self): return TabularPolicy((), (), np.zeros((0, 0)))
    >>> run(Counter(), iterations=10, cancel=flag).reason
    'cancelled'
    >>> outcome = run(Counter(), target=0.01)
    >>> outcome.reason, outcome.report.iteration
    ('target', 99)
    """
    for name in ("step", "report"):
        if not callable(getattr(solver, name, None)):
            raise InputError(f"solver must have step(n) and report(), got {solver!r}")
    if iterations is None and target is None:
        raise InputError("give a number of iterations or a target")
    goal = _check_target(target) if target is not None else None
    if iterations is not None:
        total = check_run_iterations(iterations)
        if max_iterations is not None:
            raise InputError("max_iterations only goes with a target, without iterations")
    else:
        total = MAX_RUN_ITERATIONS if max_iterations is None \
            else check_run_iterations(max_iterations, "max_iterations")
    if report_every is None:
        report_every = getattr(solver, "report_every", 1)
    if progress is not None and not callable(progress):
        raise InputError(f"progress must be a function progress(report), got {progress!r}")
    if cancel is not None and not isinstance(cancel, CancelFlag):
        raise InputError(f"cancel must be a CancelFlag, got {cancel!r}")
    every, every_seconds = _check_report_every(report_every)
    history: list[Report] = []

    def emit() -> Report:
        report = solver.report()
        history.append(report)
        if progress is not None:
            progress(report)
        return report

    if goal is not None and int(solver.iterations) > 0:
        report = solver.report()
        if report.exploitability <= goal:
            return Outcome(report, 0, False, "target", ())
    start_iteration = int(solver.iterations)
    chunk = 1
    last_report = time.perf_counter()
    reached = False

    def step(done: int) -> int:
        # Chunks grow towards CHUNK_SECONDS of work and end where a report is due.
        nonlocal chunk, last_report, reached
        count = max(1, min(chunk, total - done))
        if every < MAX_RUN_ITERATIONS:
            count = min(count, every - done % every)
        started = time.perf_counter()
        solver.step(count)
        now = time.perf_counter()
        rate = count / max(now - started, 1e-9)
        chunk = max(1, min(int(rate * CHUNK_SECONDS), 4 * count))
        done += count
        # with a target a report is due after every chunk, unless the solver or the caller
        # set a cadence in iterations (a solver whose report costs as much as a step)
        paced = 1 < every < MAX_RUN_ITERATIONS
        due = (every < MAX_RUN_ITERATIONS and done % every == 0) \
            or now - last_report >= every_seconds or (goal is not None and not paced) \
            or done >= total
        if due:
            last_report = now
            report = emit()
            if goal is not None and report.exploitability <= goal:
                reached = True
                return total - (done - count)  # the run is finished
        return count

    result = iterate(step, total, None, cancel, interval=0.0)
    done = int(solver.iterations) - start_iteration
    if history and history[-1].iteration == int(solver.iterations):
        report = history[-1]
    else:
        report = emit()
    reason = "target" if reached else "cancelled" if result.cancelled else "iterations"
    return Outcome(report, done, result.cancelled and not reached, reason, tuple(history))
