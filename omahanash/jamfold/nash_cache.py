"""Equilibria computed once per spot and kept: in this process and on disk.

Hand review, tournaments and the trainer ask for the Nash equilibrium of many spots, often the
same ones again. :func:`nash_solution` solves a spot with CFR+ to its default target (Epsilon
≤ 0.0001 big blinds) the first time and keeps the solution in memory and as a save file in the
user cache (``<cache>/nash/``, the folder the equity tables use: ``$OMAHANASH_CACHE`` or the
platform's user cache directory). A spot is the variant, the blinds, the ante, the effective
stack and the dead money: the jam-fold payoffs depend on the stacks only through
``min(S1, S2)``, so the cached solution is solved with both stacks equal to the effective
stack. A cached file made on another equity table (a rebuilt Omaha table), damaged, holding
another spot than its name says (a file copied over another) or a run that did not reach the
target is solved again and replaced, never used (said at ``-v``). A run that stops at its
iteration cap above the target is reported (``SpotSolve.reached_target`` False, a warning in
the log) and never kept as the spot's equilibrium.

A spot's answer as ``omahanash solve`` prints it is read from its file without the game
(no numba) by :func:`omahanash.jamfold.nash_file.cached_answer`, which answers exactly when
:func:`cached_solution` would read that file.

Every face goes through one function, :func:`equilibrium` (``omahanash solve``, the Jam-fold
tab's Calculate, and through :func:`nash_solution` review, the trainer, exploit and
tournaments), so that the same spot shows the same numbers everywhere.

>>> from omahanash.jamfold.game import JamFoldParams
>>> params = JamFoldParams(variant="holdem", sb=5, bb=10, stacks=(100, 250))
>>> solution = nash_solution(params, cache_dir=None, persist=False)
>>> solution.params.stacks, round(solution.lookup("AKo", player="pusher").played, 3)
((100.0, 100.0), 1.0)
>>> nash_solution(params, persist=False) is solution    # the second time: from memory
True
"""

from __future__ import annotations

import logging
import os
import threading
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import numpy as np

from omahanash.equity.tables import load_table, table_identity
from omahanash.errors import Cancelled, InputError
from omahanash.jamfold.game import JamFoldGame, JamFoldParams
from omahanash.jamfold.nash_file import nash_path
from omahanash.jamfold.solution import JamFoldSolution
from omahanash.jamfold.solvers import IterationReport
from omahanash.regret import match_rows
from omahanash.runs import CancelFlag, ProgressCallback
from omahanash.solving import Outcome
from omahanash.solving.checks import report_hook

__all__ = ["SpotSolve", "cached_solution", "clear_memory", "equilibrium", "keep_solution",
           "nash_solution", "spot_key", "spot_of", "warm_start_state", "with_params"]

logger = logging.getLogger(__name__)

_MEMORY: dict[tuple, JamFoldSolution] = {}
_LOCK = threading.Lock()  # the app's workers may ask from several threads


def spot_of(params: JamFoldParams) -> JamFoldParams:
    """The spot of ``params``: the same game with both stacks at the effective stack.

    >>> spot_of(JamFoldParams(variant="holdem", stacks=(300, 120))).stacks
    (120.0, 120.0)
    """
    stack = params.effective_stack
    return JamFoldParams(params.variant, params.sb, params.bb, params.ante, (stack, stack),
                         params.dead_money)


def spot_key(params: JamFoldParams) -> tuple[str, float, float, float, float, float]:
    """``(variant, sb, bb, ante, effective stack, dead money)``: what identifies a spot.

    >>> spot_key(JamFoldParams(variant="omaha", sb=10, bb=20, stacks=(500, 300)))
    ('omaha-hi', 10.0, 20.0, 0.0, 300.0, 0.0)
    """
    return (str(params.variant), float(params.sb), float(params.bb), float(params.ante),
            float(params.effective_stack), float(params.dead_money))


@dataclass(frozen=True)
class SpotSolve:
    """What :func:`equilibrium` found. ``solution``: the spot's equilibrium seen with the
    parameters asked for (see :func:`with_params`); ``source``: ``"memory"`` or ``"disk"``
    (the cache of equilibria), ``"solved"`` (solved now) or ``"fresh"`` (solved now without
    the cache); ``outcome``: the run's :class:`~omahanash.solving.Outcome` (None when read
    from the cache); ``kept``: it is the spot's equilibrium in the cache; ``spot_solution``:
    the same with the spot's parameters (both stacks at the effective stack: what is kept)."""

    solution: JamFoldSolution
    spot_solution: JamFoldSolution
    source: str
    outcome: Outcome | None
    kept: bool

    @property
    def stopped(self) -> bool:
        """A cancel flag stopped the run (the iterations done are in :attr:`solution`)."""
        return self.outcome is not None and self.outcome.stopped

    @property
    def reached_target(self) -> bool:
        """The solution's Epsilon is at most the default target (0.0001 BB)."""
        return self.solution.at_target()


def equilibrium(
    params: JamFoldParams,
    table: object | None = None,
    cache_dir: str | os.PathLike | None = None,
    *,
    persist: bool = True,
    fresh: bool = False,
    progress: ProgressCallback | None = None,
    cancel: CancelFlag | None = None,
    on_report: Callable[[IterationReport], None] | None = None,
    warm_start: JamFoldSolution | None = None,
    on_iteration: Callable[[IterationReport], None] | None = None,
) -> SpotSolve:
    """The CFR+ equilibrium of the spot of ``params``: from the cache of equilibria, or solved
    to the default target and kept there. The one function every face calls.

    ``table`` defaults to :func:`~omahanash.equity.tables.load_table` of the variant (from
    ``cache_dir``); ``persist`` False keeps a new equilibrium in memory only; ``fresh`` solves
    from scratch and neither reads nor fills the cache (``omahanash solve --fresh``).
    ``progress(done, total)``, ``on_report(report)`` (``on_iteration`` is its deprecated
    name) and ``cancel`` go to the run (see
    :meth:`JamFoldSolution.run`); a stop is :attr:`SpotSolve.stopped`, never an exception,
    and a stopped run or one that missed the target (its iteration cap) is never kept.
    ``warm_start`` (a CFR+ solution of a neighbouring spot on the same table) starts a solve
    from its regrets (see :func:`warm_start_state`); the stopping rule is the same.

    >>> found = equilibrium(JamFoldParams("holdem", stacks=(100, 250)), persist=False)
    >>> found.solution.params.stacks, found.reached_target, found.kept
    ((100.0, 250.0), True, True)
    >>> equilibrium(JamFoldParams("holdem", stacks=(250, 100)), persist=False).source
    'memory'
    """
    if not isinstance(params, JamFoldParams):
        raise InputError(f"params must be a JamFoldParams, got {params!r}")
    on_report = report_hook(on_report, on_iteration=on_iteration)
    spot = spot_of(params)
    if table is None:
        table = load_table(spot.variant, cache_dir)
    if not fresh:
        with _LOCK:
            found = _MEMORY.get(_memory_key(spot, table))
        source = "memory"
        if found is None and persist:
            found, source = cached_solution(spot, table, cache_dir, persist), "disk"
        if found is not None:
            return SpotSolve(with_params(found, params), found, source, None, True)
    solution = JamFoldSolution.create(spot, "cfr+", table=table)
    if warm_start is not None:
        warm_start_state(solution, warm_start)
    solution.run(progress=progress, cancel=cancel, on_report=on_report)
    outcome = solution.outcome
    kept = False
    if fresh:
        source = "fresh"
    else:
        source = "solved"
        if outcome is not None and outcome.stopped:
            logger.info("solving %s was stopped after %d iterations: not cached", spot,
                        solution.iterations)
        elif not solution.at_target():
            last = solution.last_report
            logger.warning("%s: CFR+ stopped at its cap of %d iterations with Epsilon %.6g "
                           "chips, above the target %.6g: not kept as the equilibrium", spot,
                           solution.iterations, last.epsilon if last else float("nan"),
                           solution.target_epsilon())
        else:
            solution = keep_solution(solution, cache_dir, persist)
            kept = True
    return SpotSolve(with_params(solution, params), solution, source, outcome, kept)


def nash_solution(
    params: JamFoldParams,
    table: object | None = None,
    cache_dir: str | os.PathLike | None = None,
    progress: ProgressCallback | None = None,
    cancel: CancelFlag | None = None,
    persist: bool = True,
    *,
    warm_start: JamFoldSolution | None = None,
) -> JamFoldSolution:
    """The CFR+ equilibrium of the spot of ``params`` (see :func:`spot_of`), computed once:
    :func:`equilibrium`'s solution, with the spot's parameters.

    For callers that need the whole equilibrium or nothing (review, the trainer, exploit,
    tournaments): a solve that is cancelled raises :class:`~omahanash.errors.Cancelled` and
    caches nothing. A solve that stops at its iteration cap above the target is returned (the
    best there is) but not kept, with a warning in the log.
    """
    found = equilibrium(params, table, cache_dir, persist=persist, progress=progress,
                        cancel=cancel, warm_start=warm_start)
    if found.stopped:
        spot = spot_of(params)
        raise Cancelled(f"solving {spot.variant} at {spot.effective_stack:g} chips was "
                        "cancelled")
    return found.spot_solution


def cached_solution(params: JamFoldParams, table: object,
                    cache_dir: str | os.PathLike | None = None,
                    persist: bool = True) -> JamFoldSolution | None:
    """The equilibrium of the spot of ``params`` on ``table`` if it was solved before (in this
    process, or on disk unless ``persist`` is False), else None. Its parameters are those of
    the spot (both stacks at the effective stack); see :func:`with_params`.

    >>> from omahanash.equity.tables import load_table
    >>> params = JamFoldParams("holdem", stacks=(80, 200))
    >>> solved = nash_solution(params, persist=False)
    >>> cached_solution(params, load_table("holdem"), persist=False) is solved
    True
    """
    spot = spot_of(params)
    with _LOCK:
        cached = _MEMORY.get(_memory_key(spot, table))
    if cached is not None or not persist:
        return cached
    solution = _read(_disk_path(spot, cache_dir), table, spot)
    if solution is None:
        return None
    with _LOCK:
        return _MEMORY.setdefault(_memory_key(spot, table), solution)


def keep_solution(solution: JamFoldSolution, cache_dir: str | os.PathLike | None = None,
                  persist: bool = True) -> JamFoldSolution:
    """Keep a finished CFR+ run of the default stopping rule as its spot's equilibrium (in
    memory, and on disk if ``persist``) and return what is kept: the solution already kept
    for that spot if there is one (the first one solved stays the equilibrium), else
    ``solution`` (with the spot's parameters: see :func:`spot_of`).
    """
    last = solution.last_report
    if solution.solver != "cfr+" or last is None:
        raise InputError("only a finished CFR+ run can be kept as a spot's equilibrium")
    spot = spot_of(solution.params)
    solution = with_params(solution, spot)
    key = _memory_key(spot, solution.game.table)
    with _LOCK:
        kept = _MEMORY.get(key)
        if kept is not None:
            return kept
    if not solution.at_target():
        raise InputError(f"a CFR+ run with Epsilon {last.epsilon:.6g} chips "
                         f"(target {solution.target_epsilon():.6g}) is not the spot's "
                         "equilibrium: it is not kept")
    if persist:
        _write(solution, _disk_path(spot, cache_dir))
    with _LOCK:
        return _MEMORY.setdefault(key, solution)


def with_params(solution: JamFoldSolution, params: JamFoldParams) -> JamFoldSolution:
    """``solution`` seen as a solution of ``params``, a game with the same spot (only the
    larger stack may differ: the payoffs do not see it); the same solution when the
    parameters are already those. The solver state is shared, not copied.

    >>> sol = nash_solution(JamFoldParams("holdem", stacks=100), persist=False)
    >>> deeper = with_params(sol, JamFoldParams("holdem", stacks=(100, 400)))
    >>> deeper.params.stacks, deeper.summary()["epsilon"] == sol.summary()["epsilon"]
    ((100.0, 400.0), True)
    """
    if params == solution.params:
        return solution
    if spot_key(params) != spot_key(solution.params):
        raise InputError(f"{params} is another spot than {solution.params}")

    return JamFoldSolution(JamFoldGame(solution.game.table, params), solution.state,
                           solution.history)


#: Scale of a neighbour's regrets in :func:`warm_start_state`.
WARM_START_SCALE = 0.3


def warm_start_state(solution: JamFoldSolution, neighbour: JamFoldSolution,
                     scale: float = WARM_START_SCALE) -> None:
    """Start the fresh CFR+ run ``solution`` from the regrets of ``neighbour`` (a CFR+ run of
    a nearby stack on the same classes) times ``scale``; averages start empty.

    Neighbouring stacks have nearly the same equilibrium, so the matched regrets start close
    to it; scaled down, they still give the neighbour's strategy but let the new stack's
    regrets move it sooner. Measured to Epsilon ≤ 0.0001 BB (CFR+ iterations in all):

    ==============================================  ======  =========  ===========
    grid                                            cold    scale 1    scale 0.3
    ==============================================  ======  =========  ===========
    Hold'em 1.5–100 bb, 0.5 bb steps (198 stacks)   64,875  3,201      4,494
    Omaha Hi 2–19.5 bb, ante 0.1 (36 stacks)        4,153   1,520      217
    Omaha Hi/Lo 2–19.5 bb, ante 0.1 (36 stacks)     3,955   1,476      202
    ==============================================  ======  =========  ===========

    Unscaled regrets pile up along a chain of warm starts (each stack adds its run to the
    neighbour's), so an Omaha stack needed ~45 iterations; at 0.3 it needs 2–6. Hold'em is
    best served unscaled (its grid is cheap either way: 0.3 s against 0.37 s). A neighbour
    of another solver or class list is ignored.

    >>> from omahanash.jamfold.game import JamFoldParams
    >>> near = nash_solution(JamFoldParams("holdem", stacks=100), persist=False)
    >>> fresh = JamFoldSolution.create(JamFoldParams("holdem", stacks=105), "cfr+")
    >>> warm_start_state(fresh, near)
    >>> len(fresh.run()) < 100
    True
    """
    state, previous = solution.state, neighbour.state
    if state.name != "cfr+" or previous.name != "cfr+" or state.iteration != 0 \
            or state.n != previous.n:
        return
    arrays = dict(state.arrays)
    arrays["pusher_regrets"] = previous.arrays["pusher_regrets"] * float(scale)
    arrays["caller_regrets"] = previous.arrays["caller_regrets"] * float(scale)
    # G.T @ p of the current push strategy, on this game (the stack changed the payoffs)
    push = np.ascontiguousarray(match_rows(arrays["pusher_regrets"])[:, 0])
    arrays["call_products_current"] = solution.game.call_products(push)
    state.arrays = arrays


def clear_memory() -> None:
    """Forget the solutions kept in this process (the files on disk stay)."""
    with _LOCK:
        _MEMORY.clear()


def _memory_key(spot: JamFoldParams, table: Any) -> tuple:
    return (spot_key(spot), repr(sorted(table_identity(table).items())))


def _disk_path(spot: JamFoldParams, cache_dir: str | os.PathLike | None) -> Path:
    return nash_path(spot_key(spot), cache_dir)


def _read(path: Path, table: object, spot: JamFoldParams) -> JamFoldSolution | None:
    """The cached solution at ``path`` if it is sound, made on ``table``, of ``spot`` (the
    file's own parameters, not its name) and a CFR+ run at its target; else None."""
    if not path.is_file():
        return None
    try:
        solution = JamFoldSolution.load(path, table=table)
    except InputError as error:  # damaged, another format, another table: solve again
        logger.info("not using the cached equilibrium %s: %s", path, error)
        return None
    if spot_key(solution.params) != spot_key(spot):
        logger.info("not using the cached equilibrium %s: it holds another spot (%s %s/%s, "
                    "ante %g, stack %g, dead money %g); solving this one again",
                    path, *spot_key(solution.params))
        return None
    if solution.solver != "cfr+" or not solution.at_target():
        logger.info("not using the cached equilibrium %s: not a CFR+ run at the target "
                    "Epsilon; solving again", path)
        return None
    return solution


def _write(solution: JamFoldSolution, path: Path) -> None:
    """Keep ``solution`` on disk; a cache that cannot be written only costs time later."""
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        solution.save(path)
    except (OSError, InputError) as error:
        logger.warning("could not cache the equilibrium in %s: %s", path, error)
