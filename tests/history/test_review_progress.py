"""The review's progress on a fake clock: a line every 5 s or every 10 %, whichever first,
and a time left that changes smoothly under uneven spot durations (issue 35, issue 41)."""

from __future__ import annotations

import io

import pytest

from omahanash.history.review_progress import ReviewPace, ReviewPrinter, count_text

# 20 spots, the slow ones among quick ones (a cold table solve among cached ones)
DURATIONS = [3.0, 40.0, 5.0, 5.0, 30.0, 5.0, 5.0, 5.0, 20.0, 5.0,
             5.0, 5.0, 25.0, 5.0, 5.0, 5.0, 5.0, 10.0, 5.0, 5.0]
TICK = 0.25


def run_fake() -> tuple[ReviewPrinter, list[float], str]:
    now = [0.0]
    out = io.StringIO()
    printer = ReviewPrinter(stream=out, clock=lambda: now[0])
    for step in range(9):  # the reading: 2 s, progress(done, total) of the first half
        now[0] = step * TICK
        printer(0.5 * step / 8, 1.0)
        printer.tick()
    done_at = []
    for index, seconds in enumerate(DURATIONS):
        end = now[0] + seconds
        while now[0] + TICK <= end + 1e-9:
            now[0] += TICK
            printer.tick()
        printer.spot(None, index + 1, len(DURATIONS))
        done_at.append(now[0])
    printer.finish()
    return printer, done_at, out.getvalue()


def test_a_line_every_5_s_or_10_percent() -> None:
    printer, done_at, text = run_fake()
    times = [line[0] for line in printer.lines]
    gaps = [later - earlier for earlier, later in zip(times, times[1:])]
    assert max(gaps) <= 5.0  # never 5 s without a line
    # every tenth of the spots has its line at the moment it is reached
    for tenth in range(1, 11):
        spot = (tenth * len(DURATIONS) + 9) // 10  # the spot that reaches it
        moment = done_at[spot - 1]
        assert any(abs(t - moment) < 1e-9 and fraction >= tenth / 10 - 1e-9
                   for t, fraction, _ in printer.lines), tenth
    assert text.splitlines()[-1].startswith("review: judged 20 of 20 spots  ")
    # one line per moment: the last spot's line is not repeated by the end
    assert text.splitlines()[-2] != text.splitlines()[-1]
    assert "\r" not in text


def test_no_time_left_before_five_spots_then_smooth() -> None:
    printer, done_at, text = run_fake()
    first = done_at[4]  # the fifth spot
    assert all(eta is None for t, _, eta in printer.lines if t < first - 1e-9)
    etas = [(t, eta) for t, _, eta in printer.lines if eta is not None]
    # the first line after the fifth spot (85 s), at 90 s: 5 spots in 83 s since the
    # reading ended, 16.6 s a spot, 15 left, 5 s into the sixth
    assert etas[0][0] == pytest.approx(first + 5.0)
    assert etas[0][1] == pytest.approx(83.0 / 5 * 15 - 5.0)
    # between lines the time left falls by about the time passed and never jumps up by
    # more than a slow spot's share of the pace
    # more than a quarter (or, near the end, than 15 s: about one spot's mean pace)
    for (t0, e0), (t1, e1) in zip(etas, etas[1:]):
        slack = max(0.25 * e0, 15.0) + 1e-9
        assert e1 - e0 <= slack, (t0, e0, t1, e1)
        assert e0 - e1 <= (t1 - t0) + slack, (t0, e0, t1, e1)
    shown = [line for line in text.splitlines() if "left" in line]
    assert shown[0] == "review: judged 5 of 20 spots, about 4:04 left  (25%, 1:30)"
    assert shown[-1] == "review: judged 19 of 20 spots, about 0:05 left  (95%, 3:20)"
    assert text.splitlines()[-1] == "review: judged 20 of 20 spots  (100%, 3:20)"


def test_pace_counts_down_but_not_below_one_spot_less() -> None:
    now = [0.0]
    pace = ReviewPace(clock=lambda: now[0], min_spots=2)
    pace.start()
    for _ in range(2):
        now[0] += 10.0
        pace.judged_one()
    assert pace.eta(4) == 20.0
    now[0] += 3.0
    assert pace.eta(4) == 17.0
    now[0] += 30.0  # a slow spot: the estimate waits at one spot less
    assert pace.eta(4) == 10.0
    assert count_text(2, 4, pace.eta(4)) == "judged 2 of 4 spots, about 0:10 left"
