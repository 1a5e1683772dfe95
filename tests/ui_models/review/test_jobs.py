"""The Review tab's job without Qt (:mod:`ui.review.jobs`): it gives the library's review, and
Stop is its outcome (stopped, no report), never an exception the tab must catch."""

from __future__ import annotations

from pathlib import Path

import pytest

from omahanash.errors import InputError
from omahanash.history import review
from omahanash.runs import CancelFlag
from ui.review.jobs import ReviewOutcome, review_job

HOLDEM = Path(__file__).resolve().parents[2] / "data" / "history" / "ps_hu_tournament_holdem.txt"


def test_the_job_gives_the_librarys_review_and_the_players(make_recorder):
    recorder = make_recorder()
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


def test_stop_while_reviewing_is_the_stopped_outcome(make_recorder):
    cancel = CancelFlag()
    # the players are listed; Stop comes as the review proper starts
    recorder = make_recorder(cancel, stop_at_phase="reviewing")
    outcome = review_job((str(HOLDEM),), None, None, None, None)(recorder, cancel)
    assert outcome == ReviewOutcome(None, True)
    assert recorder.phases == ["listing players", "reviewing"]


def test_a_bad_opponent_model_fails_before_any_file_is_read(make_recorder):
    recorder = make_recorder()
    with pytest.raises(InputError):
        review_job((str(HOLDEM),), None, None, "nash@-3", None)(recorder, CancelFlag())
    assert recorder.phases == []
