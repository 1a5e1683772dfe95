"""The Nash chart (sweep) page's job, without Qt: :func:`sweep_job` returns the job a
:class:`~ui.kit.workers.JobRunner` runs in its worker thread (``job(report, cancel)``); it hands
back a :class:`SweepOutcome`. Live reports are snapshots (dicts) of the finished stacks per
game, read through the ``sweep`` phase's detail.

Stop keeps the stacks finished so far (``stopped``: :func:`omahanash.jamfold.sweep` returns
them); it is an outcome, never an exception for the page. A game whose equity table is not
built is skipped with the library's message; the others still run.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import TYPE_CHECKING, Any, NamedTuple

from omahanash.errors import InputError
from ui.kit.fields import Reporter

if TYPE_CHECKING:
    from omahanash.jamfold import SweepRow
    from omahanash.runs import CancelFlag

Job = Callable[["Reporter", "CancelFlag"], Any]


class SweepOutcome(NamedTuple):
    """A sweep that ended: the finished stacks per game, the games skipped (why), and whether
    Stop ended it early."""

    results: dict[str, list[SweepRow]]
    skipped: dict[str, str]
    stopped: bool


def sweep_job(variants: Sequence[str], stacks: Sequence[float],
              blinds: tuple[float, float, float], tables: Mapping[str, object],
              iterations: int | None = None) -> Job:
    """Solve every equal effective stack of ``stacks`` (big blinds) for each of ``variants``
    with ``blinds`` (SB, BB, ante in chips); ``tables``: the tab's loaded equity tables by
    variant (read here; a missing one is loaded); ``iterations`` per stack (None: the
    library's stopping rule, what the page runs)."""
    sb, bb, ante = blinds
    tables = dict(tables)

    def job(report: Reporter, cancel: CancelFlag) -> SweepOutcome:
        from omahanash.jamfold import sweep

        results: dict[str, list[SweepRow]] = {}
        skipped: dict[str, str] = {}
        report.phase("sweep", detail=lambda: dict(results))
        total = len(stacks) * len(variants)
        for k, variant in enumerate(variants):
            table = tables.get(variant)
            if table is None:
                from omahanash.equity.tables import load_table

                try:
                    table = load_table(variant)
                except InputError as exc:
                    skipped[variant] = str(exc)
                    continue

            def progress(done: float, _total: float, offset: int = k * len(stacks)) -> None:
                report(offset + done, total)

            results[variant] = sweep(variant, stacks, sb=sb, bb=bb, ante=ante,
                                     iterations=iterations, table=table, progress=progress,
                                     cancel=cancel)
            if cancel.cancelled:
                break
        return SweepOutcome(results, skipped, cancel.cancelled)

    return job
