"""Heads-up jam-fold (push/fold) Nash equilibria on the cluster equity tables (docs/jamfold.md).

The pusher (small blind) pushes or folds, the caller (big blind) calls or folds.

The names load on first use (as :mod:`omahanash.pushfold`'s do): importing a light submodule
(:mod:`~omahanash.jamfold.nash_file`, which answers ``omahanash solve`` from the cache of
equilibria) does not load the numba game.

>>> from omahanash.jamfold import JamFoldParams, solve_jamfold
>>> solution = solve_jamfold(JamFoldParams(variant="holdem", sb=5, bb=10, stacks=100))
>>> report = solution.last_report  # CFR+ to Epsilon <= 0.0001 BB
>>> round(report.pusher_range, 2), round(report.caller_range, 2)
(58.42, 37.36)
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from omahanash.lazy import keep_function_names, lazy_names

# Public name -> the submodule that defines it.
_EXPORTS = {
    "SOLVERS": "omahanash.jamfold.solvers",
    "CFRPlus": "omahanash.jamfold.solvers",
    "ExploitReport": "omahanash.jamfold.exploit",
    "FictitiousPlay": "omahanash.jamfold.solvers",
    "HandLookup": "omahanash.jamfold.solution",
    "IterationReport": "omahanash.jamfold.solvers",
    "JamFoldGame": "omahanash.jamfold.game",
    "JamFoldParams": "omahanash.jamfold.game",
    "JamFoldSolution": "omahanash.jamfold.solution",
    "Lock": "omahanash.jamfold.exploit",
    "NashPoint": "omahanash.jamfold.exploit",
    "PlayerValues": "omahanash.jamfold.game",
    "SweepRow": "omahanash.jamfold.sweep",
    "WidthPoint": "omahanash.jamfold.exploit",
    "best_response": "omahanash.jamfold.exploit",
    "lock_strategy": "omahanash.jamfold.exploit",
    "nash_point": "omahanash.jamfold.exploit",
    "read_solution_file": "omahanash.jamfold.solution",
    "run_iterations": "omahanash.jamfold.solvers",
    "solve_jamfold": "omahanash.jamfold.solution",
    "start_state": "omahanash.jamfold.solvers",
    "sweep": "omahanash.jamfold.sweep",
    "width_curve": "omahanash.jamfold.exploit",
}

__all__ = [
    "SOLVERS",
    "CFRPlus",
    "ExploitReport",
    "FictitiousPlay",
    "HandLookup",
    "IterationReport",
    "JamFoldGame",
    "JamFoldParams",
    "JamFoldSolution",
    "Lock",
    "NashPoint",
    "PlayerValues",
    "SweepRow",
    "WidthPoint",
    "best_response",
    "lock_strategy",
    "nash_point",
    "read_solution_file",
    "run_iterations",
    "solve_jamfold",
    "start_state",
    "sweep",
    "width_curve",
]  # the keys of _EXPORTS (tested)

if TYPE_CHECKING:  # what the lazy loader returns, for type checkers and editors
    from omahanash.jamfold.exploit import (
        ExploitReport,
        Lock,
        NashPoint,
        WidthPoint,
        best_response,
        lock_strategy,
        nash_point,
        width_curve,
    )
    from omahanash.jamfold.game import JamFoldGame, JamFoldParams, PlayerValues
    from omahanash.jamfold.solution import (
        HandLookup,
        JamFoldSolution,
        read_solution_file,
        solve_jamfold,
    )
    from omahanash.jamfold.solvers import (
        SOLVERS,
        CFRPlus,
        FictitiousPlay,
        IterationReport,
        run_iterations,
        start_state,
    )
    from omahanash.jamfold.sweep import SweepRow, sweep


__getattr__, __dir__ = lazy_names(__name__, _EXPORTS, __all__)


keep_function_names(__name__, _EXPORTS)
