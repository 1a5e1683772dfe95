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
ReviewOutcome(result=None, stopped=True, stopped_text=None, judged_share=None)
"""

from __future__ import annotations

import math
import time
from collections.abc import Callable
from typing import TYPE_CHECKING, Any, NamedTuple

from omahanash.errors import Cancelled
from ui.kit.fields import Reporter
from ui.review.model import LiveReview, ReviewResult, list_players

if TYPE_CHECKING:
    from omahanash.history import SpotReview
    from omahanash.runs import CancelFlag

Job = Callable[["Reporter", "CancelFlag"], Any]
#: Seconds between two signals carrying the spots judged within one step (a step that
#: judges many, a heads-up grid spot's, sends them at its end too).
SEND_INTERVAL = 0.05


class ReviewOutcome(NamedTuple):
    """A review that ended: its result (what was judged before a Stop too), or None when
    Stop ended it while its files were read (``stopped``)."""

    result: ReviewResult | None
    stopped: bool
    #: ``stopped: 37 of 97 spots judged`` when Stop ended the judging (None otherwise).
    stopped_text: str | None = None
    #: The share of the spots judged when Stop ended the judging (None otherwise).
    judged_share: float | None = None


def run_review(paths: tuple[str, ...], hero: str | None,
               players: tuple[tuple[str, int], ...] | None, vs: str | None,
               payouts: str | None, report: Reporter, cancel: CancelFlag,
               live: LiveReview | None = None) -> ReviewResult:
    """The review (in the worker): the opponent model and the payouts checked first (a bad
    one fails before any file is read), the players listed unless given, then
    :func:`omahanash.history.review`; a set ``cancel`` raises
    :class:`~omahanash.errors.Cancelled` (:func:`review_job` makes it an outcome). Each
    judged spot goes to ``live`` and, as the detail of the progress signals ("judging"
    phase, a :class:`~ui.review.model.LiveSnapshot`), to the tab as it is judged."""
    from omahanash.history import review
    from omahanash.history.opponent import opponent_model
    from omahanash.history.table_spots import check_payouts_text

    opponent = opponent_model(vs)
    check_payouts_text(payouts)
    found = players
    if found is None:
        report.phase("listing players")
        found = list_players(paths, report, cancel)
    live = live if live is not None else LiveReview()
    report.phase("reviewing")
    cancel.raise_if_cancelled()
    judging = [False]
    sent = [0, -math.inf]  # spots sent to the tab, when

    def send() -> None:  # a progress signal now, whatever its interval, with the spots
        sent[:] = [live.judged, time.monotonic()]
        report.phase("judging", live.snapshot)

    def progress(done: float, total: float) -> None:
        if not judging[0] and total > 0 and done >= total / 2:  # the hands are read
            judging[0] = True
            live.begin()
            send()
        elif live.judged > sent[0]:  # after a step that judged spots: they go now
            send()
        report(done, total)

    def on_spot(spot: SpotReview, judged: int, total: int) -> None:
        live.add(spot, judged, total)
        if time.monotonic() - sent[1] >= SEND_INTERVAL:  # many at once: a few signals
            send()

    return ReviewResult(paths, found, review(paths, hero=hero, progress=progress,
                                             cancel=cancel, vs=opponent, payouts=payouts,
                                             keep_stopped=True, on_spot=on_spot),
                        vs, payouts)


def review_job(paths: tuple[str, ...], hero: str | None,
               players: tuple[tuple[str, int], ...] | None, vs: str | None,
               payouts: str | None) -> Job:
    """Review ``paths`` for ``hero`` (None: the library's default hero) against the opponent
    model ``vs`` with ``payouts`` (both as typed; None: Nash, the file's or chip EV);
    ``players``: the files' players when already listed."""
    def job(report: Reporter, cancel: CancelFlag) -> ReviewOutcome:
        live = LiveReview()
        try:
            result = run_review(paths, hero, players, vs, payouts, report, cancel, live)
            stopped = result.report.stopped
            if not stopped:
                return ReviewOutcome(result, False)
            share = live.judged / live.total if live.total else 0.0
            return ReviewOutcome(result, True, live.stopped_text(), share)
        except Cancelled:
            return ReviewOutcome(None, True)

    return job
