"""Heads-up jam-fold (push/fold) Nash equilibria on the cluster equity tables (docs/jamfold.md).

The pusher (small blind) pushes or folds, the caller (big blind) calls or folds.

>>> from omahanash.jamfold import JamFoldParams, solve_jamfold
>>> solution = solve_jamfold(JamFoldParams(variant="holdem", sb=5, bb=10, stacks=100))
>>> report = solution.last_report  # CFR+ to Epsilon <= 0.0001 BB
>>> round(report.pusher_range, 2), round(report.caller_range, 2)
(58.42, 37.36)
"""

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
]
