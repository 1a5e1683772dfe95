"""The Review tab's job without Qt (:mod:`ui.review_jobs`): it gives the library's review, and
Stop is its outcome (stopped, no report), never an exception the tab must catch."""

from __future__ import annotations

from pathlib import Path

import pytest

from omahanash.errors import InputError
from omahanash.history import review
from omahanash.runs import CancelFlag
from ui.review_jobs import ReviewOutcome, review_job

HOLDEM = Path(__file__).resolve().parents[1] / "data" / "history" / "ps_hu_tournament_holdem.txt"


class Recorder:
    """A job's reporter without a window; ``on_phase`` runs as each phase starts."""

    def __init__(self, on_phase=None) -> None:
        self.phases: list[str] = []
        self.on_phase = on_phase

    def __call__(self, done: float, total: float) -> None:
        pass

    def phase(self, name: str, detail=None) -> None:
        self.phases.append(name)
        if self.on_phase is not None:
            self.on_phase(name)


def test_the_job_gives_the_librarys_review_and_the_players():
    recorder = Recorder()
    outcome = review_job((str(HOLDEM),), None, None, None, None)(recorder, CancelFlag())
    assert isinstance(outcome, ReviewOutcome) and not outcome.stopped
    result = outcome.result
    assert recorder.phases == ["listing players", "reviewing"]
    assert result.players == (("Hero", 5), ("Villain", 5))
    direct = review([HOLDEM])
    assert result.report.hero == direct.hero == "Hero"
    assert [(s.hand_id, s.action, s.verdict, s.ev_lost) for s in result.report.spots] == \
        [(s.hand_id, s.action, s.verdict, s.ev_lost) for s in direct.spots]
    assert len(result.report.spots) == 3


def test_stop_while_reviewing_is_the_stopped_outcome():
    cancel = CancelFlag()
    # the players are listed; Stop comes as the review proper starts
    recorder = Recorder(on_phase=lambda name: name == "reviewing" and cancel.cancel())
    outcome = review_job((str(HOLDEM),), None, None, None, None)(recorder, cancel)
    assert outcome == ReviewOutcome(None, True)
    assert recorder.phases == ["listing players", "reviewing"]


def test_a_bad_opponent_model_fails_before_any_file_is_read():
    recorder = Recorder()
    with pytest.raises(InputError):
        review_job((str(HOLDEM),), None, None, "nash@-3", None)(recorder, CancelFlag())
    assert recorder.phases == []
