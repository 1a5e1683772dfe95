"""The Review tab's live spots without Qt: spots fed one by one grow the rows, with the
count and, from the fifth spot on, the time left (issue 35: shown as they are judged)."""

from __future__ import annotations

from types import SimpleNamespace

from ui.review.jobs import ReviewOutcome
from ui.review.model import LiveReview, summary_html


def test_spots_fed_one_by_one_grow_the_rows_with_count_and_time_left() -> None:
    now = [100.0]
    live = LiveReview(clock=lambda: now[0])
    live.begin()
    assert live.snapshot().spots == () and live.stopped_text() == "stopped: no spot judged yet"
    texts = []
    for number, seconds in enumerate([4.0, 12.0, 2.0, 6.0, 6.0, 30.0, 6.0], start=1):
        now[0] += seconds
        live.add(SimpleNamespace(hand_id=str(number)), number, 97)
        shot = live.snapshot()
        assert [spot.hand_id for spot in shot.spots] == [str(k) for k in range(1, number + 1)]
        texts.append(shot.text())
    assert texts[:4] == [f"judged {k} of 97 spots" for k in range(1, 5)]  # no time yet
    # the mean pace: 5 spots in 30 s (6 s a spot, 92 left: 9:12), then a slow one, 6 in
    # 60 s (10 s, 91 left: 15:10), then 7 in 66 s (9.43 s, 90 left: 14:09)
    assert texts[4] == "judged 5 of 97 spots, about 9:12 left"
    assert texts[5] == "judged 6 of 97 spots, about 15:10 left"
    assert texts[6] == "judged 7 of 97 spots, about 14:09 left"
    assert live.stopped_text() == "stopped: 7 of 97 spots judged"


def test_the_stopped_line_heads_the_summary() -> None:
    from omahanash.history import review
    from omahanash.history.review import EXAMPLE_HAND

    assert ReviewOutcome(None, True).stopped_text is None
    import tempfile
    from pathlib import Path

    path = Path(tempfile.mkdtemp()) / "one.txt"
    path.write_text(EXAMPLE_HAND, encoding="utf-8")
    report = review([path], persist=False)
    text = summary_html(report, "stopped: 1 of 3 spots judged")
    assert text.startswith("<p><b>Stopped: 1 of 3 spots judged</b></p>")
    assert "Stopped" not in summary_html(report)


def test_the_time_left_counts_down_between_spots_by_the_pace() -> None:
    """Issue 35: between two spots the time left counts down with the clock (the tab reads it
    every second), never below the spots left but one (a spot slower than the pace holds it),
    and the next spot starts from the new mean pace."""
    now = [50.0]
    live = LiveReview(clock=lambda: now[0])
    live.begin()
    for number in range(1, 6):  # 5 spots in 50 s: 10 s a spot, 15 of 20 left
        now[0] += 10.0
        live.add(SimpleNamespace(hand_id=str(number)), number, 20)
    shot = live.snapshot()
    assert (shot.pace, shot.last) == (10.0, 100.0)
    # written out: 15 left at 10 s = 150 s at the last spot; then 150 - elapsed, held at
    # 14 * 10 = 140 s from 10 s on
    expected = {0.0: "2:30", 1.0: "2:29", 7.5: "2:22", 10.0: "2:20", 40.0: "2:20"}
    for elapsed, left in expected.items():
        assert shot.text_at(100.0 + elapsed) == f"judged 5 of 20 spots, about {left} left"
    assert shot.text_at(100.0) == shot.text()  # the snapshot's own time: the same words
    now[0] += 40.0  # the slow sixth spot: 6 in 90 s, 15 s a spot, 14 left = 3:30
    live.add(SimpleNamespace(hand_id="6"), 6, 20)
    later = live.snapshot()
    assert later.text_at(now[0] + 5.0) == "judged 6 of 20 spots, about 3:25 left"
    # before five spots there is no pace and no time left, however long the wait
    early = LiveReview(clock=lambda: 0.0)
    early.begin()
    early.add(SimpleNamespace(hand_id="1"), 1, 20)
    assert early.snapshot().text_at(99.0) == "judged 1 of 20 spots"
