"""One shape for every iterative solver: the protocol (:mod:`~omahanash.solving.protocol`:
:class:`Solver`, :class:`Report`, :class:`TabularPolicy`, :class:`Outcome`), the one run loop
(:mod:`~omahanash.solving.run`: :func:`iter_run`, :func:`run`), the one registry
(:mod:`~omahanash.solving.registry`: ``REGISTRY[family][name]``), a solver's frozen answer
(:mod:`~omahanash.solving.result`: :class:`Result`, made by every solver's ``result()``) and
the argument checks (:mod:`~omahanash.solving.checks`).

A solver family (CFR on a compiled tree, jam-fold fictitious play and CFR+, matrix-game
learning, multi-player push/fold) is a class that keeps its own state and offers
``iterations``, ``step(n)``, ``report()`` and ``average_policy()``; its :class:`Report` carries
``nash_conv`` and ``exploitability`` (NashConv per player) with one meaning in every family,
so a target means the same everywhere.

>>> from omahanash.games.matrix import parse_matrix_game
>>> solver = REGISTRY["matrix"]["rm+"].create(parse_matrix_game("rps"))
>>> outcome = run(solver, target=0.01)
>>> outcome.reason, outcome.report.nash_conv == 2 * outcome.report.exploitability
('target', True)
"""

from omahanash.solving.checks import MAX_RUN_ITERATIONS, check_run_iterations
from omahanash.solving.protocol import REASONS, STATUS, Outcome, Report, Solver, TabularPolicy
from omahanash.solving.registry import FAMILIES, REGISTRY, SolverEntry, lookup, names
from omahanash.solving.result import Result, result_of
from omahanash.solving.run import CHUNK_SECONDS, Stall, iter_run, run

__all__ = ["CHUNK_SECONDS", "FAMILIES", "MAX_RUN_ITERATIONS", "REASONS", "REGISTRY", "STATUS",
           "Outcome", "Report", "Result", "Solver", "SolverEntry", "Stall", "TabularPolicy",
           "check_run_iterations", "iter_run", "lookup", "names", "result_of", "run"]
