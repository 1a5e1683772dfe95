"""The equity-table build queue's job, without Qt: :func:`build_job` returns the job a
:class:`~ui.kit.workers.JobRunner` runs in its worker thread (``job(report, cancel)``) for one
:class:`~ui.equity_tables.model.BuildPass`; it hands back a :class:`BuildOutcome`.

Cancel stops the pass between blocks and keeps every finished block (the next build of that
table resumes there): an outcome (``stopped``), never an exception for the queue to catch.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any, NamedTuple

from omahanash.errors import Cancelled
from ui.kit.fields import Reporter

if TYPE_CHECKING:
    from omahanash.runs import CancelFlag
    from ui.equity_tables.model import BuildPass

Job = Callable[["Reporter", "CancelFlag"], Any]


class BuildOutcome(NamedTuple):
    """A pass that ended: the finished table's path (None: cancelled) and whether Cancel
    stopped it (its finished blocks are kept for the next build)."""

    path: str | None
    stopped: bool


def build_job(build: BuildPass) -> Job:
    """Build ``build.variant``'s table at ``build.samples`` samples per cell
    (:func:`omahanash.equity.table_build.build_table`)."""
    def job(report: Reporter, cancel: CancelFlag) -> BuildOutcome:
        from omahanash.equity.table_build import build_table

        report.phase("building table")
        try:
            path = build_table(build.variant, samples=build.samples, progress=report,
                               cancel=cancel)
        except Cancelled:
            return BuildOutcome(None, True)
        return BuildOutcome(str(path), False)

    return job
