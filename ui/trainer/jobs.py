"""The Trainer tab's job, without Qt: :func:`deal_job` returns the job a
:class:`~ui.kit.workers.JobRunner` runs in its worker (``job(report, cancel)``) when the next spot
needs its equilibrium solved first; it hands back a :class:`Dealt`. Stop is an outcome
(``stopped``), never an exception the tab catches; the equilibria solved before the stop stay
in the cache.

>>> from omahanash.runs import CancelFlag
>>> from omahanash.trainer import Drill, DrillConfig
>>> drill = Drill(DrillConfig("holdem", stacks=(9, 9), ante=0.35), seed=3, persist=False)
>>> flag = CancelFlag()
>>> flag.cancel()
>>> deal_job(drill)(lambda done, total: None, flag)
Dealt(spot=None, stopped=True)
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any, NamedTuple

from omahanash.errors import Cancelled
from omahanash.runs import cancel_scope
from ui.kit.fields import Reporter

if TYPE_CHECKING:
    from omahanash.runs import CancelFlag
    from omahanash.trainer import Drill, Spot
    from omahanash.trainer.table import TableDrill
    from omahanash.trainer.tree_drill import TreeDrill, TreeSpot

Job = Callable[["Reporter", "CancelFlag"], Any]


class Dealt(NamedTuple):
    """A deal's answer: the spot (None when Stop came first) and whether Stop ended it."""

    spot: Spot | TreeSpot | None
    stopped: bool


def deal_job(drill: Drill | TableDrill | TreeDrill) -> Job:
    """Deal the drill's next spot, solving its equilibrium first (``report(done, total)`` in
    CFR+ iterations), all of it in the Stop's :func:`~omahanash.runs.cancel_scope`."""
    def job(report: Reporter, cancel: CancelFlag) -> Dealt:
        try:
            # every pass of the deal (the solve's, the cache's chip pass, the lookups after
            # it) stops within a fraction of a second of a Stop
            with cancel_scope(cancel):
                return Dealt(drill.next_spot(report, cancel), False)
        except Cancelled:
            return Dealt(None, True)

    return job


def status_text(drill: Drill | TableDrill | TreeDrill) -> str:
    """The status bar's line while a spot is solved in the worker."""
    from omahanash.trainer.table import TableDrill
    from omahanash.trainer.tree_drill import TreeDrill

    if isinstance(drill, TreeDrill):
        return (f"Solving the {drill.config.tree_words} equilibrium of this table (once per "
                "table; Stop to cancel)…")
    unit = "table" if isinstance(drill, TableDrill) else "stack"
    return f"Solving the equilibrium of this spot (once per {unit})…"
