"""Heads-up jam-fold (push/fold) Nash equilibria on the cluster equity tables (SPEC §5).

>>> from omahanash.jamfold import JamFoldParams, JamFoldSolution
>>> solution = JamFoldSolution.create(JamFoldParams("holdem", stacks=(100, 100)))
>>> report = solution.run()[-1]  # CFR+ to Epsilon <= 0.0001 BB
>>> round(report.range_pu), round(report.range_ca)
(58, 37)
"""

from omahanash.jamfold.game import JamFoldGame, JamFoldParams, PlayerValues
from omahanash.jamfold.solution import HandLookup, JamFoldSolution, read_solution_file
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
    "FictitiousPlay",
    "HandLookup",
    "IterationReport",
    "JamFoldGame",
    "JamFoldParams",
    "JamFoldSolution",
    "PlayerValues",
    "SweepRow",
    "read_solution_file",
    "run_iterations",
    "start_state",
    "sweep",
]
