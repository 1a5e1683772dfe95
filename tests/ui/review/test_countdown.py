"""The Review tab's "time left" counts down every second between two judged spots (issue 35:
it moved only when a spot arrived). A job in the tab's own worker sends five spots judged on a
fake clock and waits; the test moves the clock and lets the tab's one-second timer fire."""

from __future__ import annotations

import threading
import time

from ui.review.jobs import ReviewOutcome
from ui.review.model import LiveReview
from ui.review.tab import ReviewTab

from .test_tab import _table_spot


def test_the_time_left_counts_down_every_second_until_the_review_ends(qtbot):
    tab = ReviewTab()
    qtbot.addWidget(tab)
    now = [1000.0]
    tab.clock = lambda: now[0]
    live = LiveReview(clock=tab.clock)
    sent, release = threading.Event(), threading.Event()

    def job(report, cancel):  # five spots, 10 s each on the fake clock, then a long one
        live.begin()
        for number in range(1, 6):
            now[0] += 10.0
            live.add(_table_spot(hand_id=str(number)), number, 20)
        report.phase("judging", live.snapshot)
        sent.set()
        while not (release.is_set() or cancel.cancelled):
            time.sleep(0.01)
        return ReviewOutcome(None, True)

    assert tab._start((), None, None, job)
    qtbot.waitUntil(lambda: tab.model.rowCount() == 5, timeout=30_000)
    assert sent.is_set()
    # 15 spots left at 10 s a spot: 2:30 when the fifth is judged
    assert tab.phase_label.text() == "Judged 5 of 20 spots, about 2:30 left"
    assert tab.countdown.isActive() and tab.countdown.interval() == 1000
    for step, shown in ((1.0, "2:29"), (1.0, "2:28"), (5.0, "2:23"), (30.0, "2:20")):
        now[0] += step  # no spot comes: the timer alone moves the words
        with qtbot.waitSignal(tab.countdown.timeout, timeout=5_000):
            pass
        assert tab.phase_label.text() == f"Judged 5 of 20 spots, about {shown} left"
    release.set()
    qtbot.waitUntil(lambda: not tab.runner.running, timeout=30_000)
    assert not tab.countdown.isActive()  # the review ended: the countdown with it
    ended = tab.phase_label.text()
    now[0] += 5.0
    tab.countdown.timeout.emit()
    assert tab.phase_label.text() == ended
