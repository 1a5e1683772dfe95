"""A solver's answer as one frozen value: :class:`Result`.

Every family's solver (and solution) has ``result()``: the average strategy as a read-only
:class:`~omahanash.solving.TabularPolicy`, the last :class:`~omahanash.solving.Report`
(NashConv, exploitability, the family's figures), the family and solver names, the problem
solved (``spot``) and the iterations done. It is made only when asked (a report and a copy
of the policy), so a run costs nothing more; evaluators read it
(``omahanash.exploitability(game, result)`` measures a CFR result's policy).

>>> from omahanash.games.matrix import parse_matrix_game
>>> from omahanash.solving import REGISTRY, run
>>> solver = REGISTRY["matrix"]["rm+"].create(parse_matrix_game("rps"))
>>> _ = run(solver, iterations=64)
>>> result = solver.result()
>>> result.family, result.solver, result.iterations, result.report.iteration
('matrix', 'rm+', 64, 64)
>>> result.exploitability == result.report.nash_conv / 2
True
>>> result.policy.table[0, 0] = 1.0
Traceback (most recent call last):
...
ValueError: assignment destination is read-only
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from omahanash.errors import InputError
from omahanash.solving.protocol import Report, TabularPolicy

__all__ = ["Result", "result_of"]


@dataclass(frozen=True)
class Result:
    """What a solver found: ``policy`` (the average strategy, read-only: its arrays cannot be
    written), ``report`` (the :class:`~omahanash.solving.Report` of that strategy),
    ``family`` and ``solver`` (the registry's names: ``REGISTRY[family][solver]``), ``spot``
    (the problem solved: a compiled game tree, jam-fold parameters, a matrix game, a table
    spot) and ``iterations`` (done in all). :attr:`nash_conv` and :attr:`exploitability` are
    the report's.

    >>> import numpy as np
    >>> policy = TabularPolicy(("row",), ("a", "b"), np.array([[0.5, 0.5]])).read_only()
    >>> result = Result(policy, Report(8, 0.25), "matrix", "rm", None, 8)
    >>> result.nash_conv, result.exploitability
    (0.25, 0.125)
    """

    policy: TabularPolicy
    report: Report
    family: str
    solver: str
    spot: Any
    iterations: int

    def __post_init__(self) -> None:
        if not isinstance(self.policy, TabularPolicy):
            raise InputError.naming("policy", f"policy must be a TabularPolicy, got "
                                              f"{self.policy!r}")
        if not isinstance(self.report, Report):
            raise InputError.naming("report", f"report must be a Report, got {self.report!r}")
        for name in ("family", "solver"):
            if not isinstance(getattr(self, name), str):
                raise InputError.naming(name, f"{name} must be a name, got "
                                              f"{getattr(self, name)!r}")
        if isinstance(self.iterations, bool) or not isinstance(self.iterations, int) \
                or self.iterations < 0:
            raise InputError.naming("iterations", f"iterations must be a whole number >= 0, "
                                                  f"got {self.iterations!r}")

    @property
    def nash_conv(self) -> float:
        """The report's NashConv (the players' summed best-response gains)."""
        return self.report.nash_conv

    @property
    def exploitability(self) -> float:
        """The report's exploitability (NashConv per player)."""
        return self.report.exploitability


def result_of(solver: Any, family: str, name: str, spot: Any) -> Result:
    """The :class:`Result` of ``solver`` now (its ``report()``, a read-only copy of its
    ``average_policy()``): what every family's ``result()`` returns."""
    report = solver.report()
    return Result(solver.average_policy().read_only(), report, family, name, spot,
                  int(solver.iterations))
