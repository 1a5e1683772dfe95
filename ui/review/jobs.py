"""The Review tab's job, without Qt: :func:`review_job` returns the job a
:class:`~ui.kit.workers.JobRunner` runs in its worker thread (``job(report, cancel)``); it hands
back a :class:`ReviewOutcome`. The model (players, texts, requests) is :mod:`ui.review.model`.

Stop is an outcome, never an exception for the tab: a review stopped while its files are read
is ``stopped`` with no report (the tab keeps showing the report it had); stopped while its
equilibria are solved, it is ``stopped`` with the report of every spot judged so far (the
others listed outside the model: not judged). The equilibria solved meanwhile stay in the
cache of equilibria, so the next review starts further on.

>>> from pathlib import Path
>>> from omahanash.runs import CancelFlag
>>> class Quiet:
...     def __call__(self, done, total): pass
...     def phase(self, name, detail=None): pass
>>> data = Path(__file__).resolve().parents[2] / "tests" / "data" / "history"
>>> stop = CancelFlag()
>>> stop.cancel()
>>> review_job((str(data / "ps_hu_tournament_holdem.txt"),), None, None, None, None)(
...     Quiet(), stop)
ReviewOutcome(result=None, stopped=True)
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any, NamedTuple

from omahanash.errors import Cancelled
from ui.kit.fields import Reporter
from ui.review.model import ReviewResult, list_players

if TYPE_CHECKING:
    from omahanash.runs import CancelFlag

Job = Callable[["Reporter", "CancelFlag"], Any]


class ReviewOutcome(NamedTuple):
    """A review that ended: its result (what was judged before a Stop too), or None when
    Stop ended it while its files were read (``stopped``)."""

    result: ReviewResult | None
    stopped: bool


def run_review(paths: tuple[str, ...], hero: str | None,
               players: tuple[tuple[str, int], ...] | None, vs: str | None,
               payouts: str | None, report: Reporter, cancel: CancelFlag) -> ReviewResult:
    """The review (in the worker): the opponent model and the payouts checked first (a bad
    one fails before any file is read), the players listed unless given, then
    :func:`omahanash.history.review`; a set ``cancel`` raises
    :class:`~omahanash.errors.Cancelled` (:func:`review_job` makes it an outcome)."""
    from omahanash.history import review
    from omahanash.history.opponent import opponent_model
    from omahanash.history.table_spots import check_payouts_text

    opponent = opponent_model(vs)
    check_payouts_text(payouts)
    found = players
    if found is None:
        report.phase("listing players")
        found = list_players(paths, report, cancel)
    report.phase("reviewing")
    cancel.raise_if_cancelled()
    return ReviewResult(paths, found, review(paths, hero=hero, progress=report, cancel=cancel,
                                             vs=opponent, payouts=payouts, keep_stopped=True),
                        vs, payouts)


def review_job(paths: tuple[str, ...], hero: str | None,
               players: tuple[tuple[str, int], ...] | None, vs: str | None,
               payouts: str | None) -> Job:
    """Review ``paths`` for ``hero`` (None: the library's default hero) against the opponent
    model ``vs`` with ``payouts`` (both as typed; None: Nash, the file's or chip EV);
    ``players``: the files' players when already listed."""
    def job(report: Reporter, cancel: CancelFlag) -> ReviewOutcome:
        try:
            result = run_review(paths, hero, players, vs, payouts, report, cancel)
            return ReviewOutcome(result, result.report.stopped)
        except Cancelled:
            return ReviewOutcome(None, True)

    return job
