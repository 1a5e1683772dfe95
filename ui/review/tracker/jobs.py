"""The tracker review's job, without Qt: :func:`tracker_review_job` returns the job the Review
tab's :class:`~ui.kit.workers.JobRunner` runs (``job(report, cancel)``), handing back the tab's
:class:`~ui.review.jobs.ReviewOutcome` (stopped while the rows are read: no report; while
judging: the spots judged so far). The password is passed to the connection once and kept
nowhere else.

>>> from ui.review.tracker.model import TrackerForm
>>> callable(tracker_review_job(TrackerForm(), None, None, None, None))
True
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from omahanash.errors import Cancelled
from omahanash.history.opponent import opponent_model
from omahanash.history.table_spots import check_payouts_text
from omahanash.history.tracker.review import review_database
from ui.kit.fields import Reporter
from ui.review.jobs import Job, ReviewOutcome
from ui.review.model import ReviewResult
from ui.review.tracker.model import TrackerForm

if TYPE_CHECKING:
    from omahanash.runs import CancelFlag


def run_tracker_review(form: TrackerForm, password: str | None, hero: str | None,
                       vs: str | None, payouts: str | None, report: Reporter,
                       cancel: CancelFlag) -> ReviewResult:
    """The review (in the worker): the form, the opponent model and the payouts checked
    before connecting, then :func:`~omahanash.history.tracker.review.review_database`."""
    url, filters = form.url(), form.filters()
    opponent = opponent_model(vs)
    check_payouts_text(payouts)
    report.phase("reading the database")
    result = review_database(url, form.tracker, filters, hero=hero, password=password,
                             progress=report, cancel=cancel, vs=opponent, payouts=payouts,
                             keep_stopped=True)
    hands = result.hands
    return ReviewResult((), ((result.hero, hands),) if result.hero else (), result, vs, payouts)


def tracker_review_job(form: TrackerForm, password: str | None, hero: str | None,
                       vs: str | None, payouts: str | None) -> Job:
    """Review the database the form names for ``hero`` (None: the tracker's)."""
    def job(report: Reporter, cancel: CancelFlag) -> ReviewOutcome:
        try:
            result = run_tracker_review(form, password, hero, vs, payouts, report, cancel)
            return ReviewOutcome(result, result.report.stopped)
        except Cancelled:
            return ReviewOutcome(None, True)

    return job
