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
    # "judging" again each time spots judged are sent to the tab
    assert list(dict.fromkeys(recorder.phases)) == ["listing players", "reviewing", "judging"]
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



SIX_MAX = HOLDEM.with_name("ps_6max_holdem.txt")


def two_tables(folder: Path) -> Path:
    """The 6-max file's 3-handed push twice, the hero's stack changed in the second: two
    table spots (with payouts), two equilibria to solve."""
    text = SIX_MAX.read_text(encoding="utf-8-sig")
    hand = text[text.index("PokerStars Hand #300004"):text.index("*** SUMMARY ***",
                                                                  text.index("#300004"))]
    other = (hand.replace("#300004", "#300005").replace("Hero ($9.50", "Hero ($8")
             .replace("raises $9 to $9.50", "raises $7.50 to $8")
             .replace("Uncalled bet ($9)", "Uncalled bet ($7.50)"))
    path = folder / "two_tables.txt"
    path.write_text(f"{hand}*** SUMMARY ***\n\n\n{other}*** SUMMARY ***\n", encoding="utf-8")
    return path


def test_stop_while_solving_keeps_the_spots_judged_so_far(make_recorder, monkeypatch,
                                                          tmp_path):
    import importlib

    from omahanash.history.review import STOPPED_REASON
    from omahanash.pushfold.cache import clear_memory

    judging = importlib.import_module("omahanash.history.table_fast")
    path = two_tables(tmp_path)
    full = review([path], payouts="65/35")
    assert [s.hand_id for s in full.spots] == ["300004", "300005"]
    cancel = CancelFlag()
    judge = judging.FastJudge.judge
    calls = []

    def stop_in_the_second(self, spot, game):
        calls.append(game)
        if len(calls) == 2:  # Stop pressed while the second table's spot is judged
            clear_memory()
            cancel.cancel()
        return judge(self, spot, game)

    monkeypatch.setattr(judging.FastJudge, "judge", stop_in_the_second)
    outcome = review_job((str(path),), "Hero", None, None, "65/35")(make_recorder(), cancel)
    assert outcome.stopped and outcome.result is not None and len(calls) == 2
    report = outcome.result.report
    assert report.stopped and report.hands == full.hands == 2
    # the first table's spot is judged as the full review judges it, the other is not judged
    assert [(s.hand_id, s.verdict, s.ev_lost_bb) for s in report.spots] == \
        [(s.hand_id, s.verdict, s.ev_lost_bb) for s in full.spots[:1]]
    assert [(o.hand_id, o.reason) for o in report.outside] == [("300005", STOPPED_REASON)]
