"""The Equity tab's job, without Qt: :func:`equity_job` returns the job a
:class:`~ui.kit.workers.JobRunner` runs in its worker thread (``job(report, cancel)``), which hands
back an :class:`~ui.equity.model.EquityOutcome`.

Stop is an outcome, never an exception for the tab to catch: a Monte Carlo run stopped after
some deals keeps them (``stopped`` with a result); a run stopped before any result (an exact
enumeration of ranges between two pairs of hands, Monte Carlo before two deals) is ``stopped``
with no result. Two concrete hands take a few hundredths of a second and simply finish.

>>> from omahanash.runs import CancelFlag
>>> class Quiet:
...     def __call__(self, done, total): pass
...     def phase(self, name, detail=None): pass
>>> request = EquityRequest(False, "As Ah", "Ks Kd", "", "", "holdem", 1, 0)
>>> outcome = equity_job(request)(Quiet(), CancelFlag())
>>> round(outcome.result.equity[0], 4), outcome.stopped
(0.8195, False)
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from omahanash.errors import Cancelled
from ui.equity.model import EquityOutcome, EquityRequest
from ui.kit.fields import Reporter

if TYPE_CHECKING:
    from omahanash.runs import CancelFlag

Job = Callable[["Reporter", "CancelFlag"], Any]


def equity_job(request: EquityRequest) -> Job:
    """Calculate ``request``: Monte Carlo through
    :func:`omahanash.equity.montecarlo.range_equity` (ranges allowed; exact anyway when that
    is no more work), two concrete hands through :func:`omahanash.equity.exact.exact_equity`."""
    def job(report: Reporter, cancel: CancelFlag) -> EquityOutcome:
        try:
            if request.monte_carlo:
                from omahanash.equity.montecarlo import range_equity

                report.phase("sampling")
                result = range_equity(request.hand1, request.hand2, request.board,
                                      request.dead, request.game, trials=request.trials,
                                      seed=request.seed, progress=report, cancel=cancel)
            else:
                from omahanash.equity.exact import exact_equity

                result = exact_equity(request.hand1, request.hand2, request.board,
                                      request.dead, request.game)
        except Cancelled:
            return EquityOutcome(request, None, True)
        # an exact result is whole even when Stop came meanwhile: only sampling is cut short
        return EquityOutcome(request, result, cancel.cancelled and not result.exact)

    return job
