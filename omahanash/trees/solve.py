"""Solve a preflop spot on its betting tree: :func:`solve_preflop`.

The run stops at the default target — :data:`TARGET_SHARE` of what is at stake (the prize
pool, or the chips in play): 0.1 % for Hold'em, :data:`OMAHA_TARGET_SHARE` (0.2 %) for Omaha,
whose deals are sampled — or when NashConv stopped falling (``"stalled"``), or at
``max_iterations``; ``solution.status`` says which.

>>> from omahanash.trees.spot import PreflopSpot
>>> spot = PreflopSpot("holdem", [15, 15], 0.5, 1, tree="nl")
>>> solution = solve_preflop(spot)
>>> solution.status, solution.nash_conv <= default_tree_target(spot)
('converged', True)
"""

from __future__ import annotations

import math
from collections.abc import Callable

from omahanash.cards import Variant
from omahanash.equity.tables import EquityTable, load_table
from omahanash.errors import InputError
from omahanash.pushfold.deals import Deals
from omahanash.pushfold.solver import stake
from omahanash.runs import CancelFlag, cancel_scope
from omahanash.solving import Report, Stall, run
from omahanash.solving.checks import report_hook
from omahanash.trees.solution import TreeSolution
from omahanash.trees.solver import TreeSolver
from omahanash.trees.spot import PreflopSpot

#: The default target: this share of what is at stake (Hold'em).
TARGET_SHARE = 0.001
#: Omaha's (sampled deals: the solve's own noise is about this).
OMAHA_TARGET_SHARE = 0.002
DEFAULT_MAX_ITERATIONS = 2000
MAX_ITERATIONS = 1_000_000


def default_tree_target(spot: PreflopSpot) -> float:
    """NashConv a run stops at by default, in the model's unit.

    >>> default_tree_target(PreflopSpot("omaha", [15, 15], 0.5, 1))
    0.06
    """
    share = TARGET_SHARE if spot.variant is Variant.HOLDEM else OMAHA_TARGET_SHARE
    return share * stake(spot)


def solve_preflop(spot: PreflopSpot, *, iterations: int | None = None,
                  target: float | None = None,
                  max_iterations: int = DEFAULT_MAX_ITERATIONS,
                  deals: int | str | Deals | None = None, seed: int = 0,
                  table: EquityTable | None = None, cache_dir: str | None = None,
                  on_report: Callable[[Report], None] | None = None,
                  cancel: CancelFlag | None = None, stall: Stall | bool = True,
                  resume_from: TreeSolution | None = None,
                  progress: Callable[[Report], None] | None = None,
                  counter: Callable[[float, float], None] | None = None) -> TreeSolution:
    """CFR+ on the spot's betting tree: ``iterations`` exactly, or until NashConv is at most
    ``target`` (default :func:`default_tree_target`), at most ``max_iterations``; ``stall``
    ends a run that stopped improving (True: the run loop's
    :class:`~omahanash.solving.Stall`). ``on_report(report)`` after every report (``progress``
    is its deprecated name); a Stop
    through ``cancel`` keeps the iterations done. ``resume_from``: go on from a solution of
    this spot (its deals and table). ``counter(done, total)``: the run loop's iteration count
    (after every chunk of steps, ~0.05 s; ``total`` the cap of a run to a target), for a
    progress bar between the reports.

    >>> first = solve_preflop(PreflopSpot("holdem", [12, 12], 0.5, 1, tree="nl"),
    ...                       iterations=10)
    >>> more = solve_preflop(first.spot, iterations=10, resume_from=first)
    >>> first.iterations, more.iterations, more.lookup("AA", "SB open")["actions"][0]["action"]
    (10, 20, 'fold')
    """
    on_report = report_hook(on_report, progress=progress)
    if not isinstance(spot, PreflopSpot):
        raise InputError.naming("spot", f"spot must be a PreflopSpot, got {spot!r}")
    for name, value in (("iterations", iterations), ("max_iterations", max_iterations)):
        if value is not None and (isinstance(value, bool) or not isinstance(value, int)
                                  or not 1 <= value <= MAX_ITERATIONS):
            raise InputError.naming(name, f"{name} must be a whole number 1..{MAX_ITERATIONS:,}"
                                          f", got {value!r}")
    if not isinstance(stall, (bool, Stall)):
        raise InputError.naming("stall", f"stall must be True, False or a Stall rule, got "
                                         f"{stall!r}")
    goal = default_tree_target(spot) if target is None else target
    if isinstance(goal, bool) or not isinstance(goal, (int, float)) \
            or not math.isfinite(goal) or goal <= 0:
        raise InputError.naming("target", f"target must be a NashConv > 0, got {target!r}")
    if resume_from is not None:
        if not isinstance(resume_from, TreeSolution) or resume_from.spot != spot:
            raise InputError.naming("resume_from", "resume_from must be a solution of this "
                                                   "spot")
        solver = resume_from.solver.copy()  # resume_from stays as it was
        solution = TreeSolution(spot, solver, history=list(resume_from.history))
    else:
        if table is None:
            table = load_table(spot.variant, cache_dir)
        with cancel_scope(cancel):
            solver = TreeSolver(spot, spot.settings(), table, deals, seed)
        solution = TreeSolution(spot, solver)
    rule = (Stall() if stall is True else None) if isinstance(stall, bool) else stall
    if iterations is not None:
        outcome = run(solver, iterations=iterations, progress=on_report, cancel=cancel,
                      counter=counter)
    else:
        outcome = run(solver, target=goal / spot.players, max_iterations=max_iterations,
                      progress=on_report, cancel=cancel, stall=rule, counter=counter)
    solution.history.extend(outcome.history)
    solution.outcome = outcome
    return solution
