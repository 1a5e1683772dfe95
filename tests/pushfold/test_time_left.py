"""The time a run has left (``omahanash.pushfold.live.TimeLeft``), on synthetic runs with a
clock of their own: steady, and of the right size. No timing: the clock is the test's."""

from __future__ import annotations

import math

import pytest

from omahanash.pushfold.live import TimeLeft, about_text, time_words


def synthetic_run(*, seconds: float = 0.1, first: float = 3.0, wobble: float = 0.1,
                  power: float = 1.0, floor: float = 0.0, target: float = 0.005,
                  cap: int = 5000) -> tuple[list[tuple[int, float, float | None, float]], float]:
    """A run to ``target`` whose NashConv falls as ``5 / t^power`` with CFR+'s wobble (a
    sine of ``wobble`` times its size), ``seconds`` per iteration after a ``first`` that
    costs more, a report every 10 iterations (and at 1, 3, 5) that costs an iteration; it
    stops at the first report at the target, or at ``cap``. Returns, after every iteration,
    ``(iteration, clock, seconds left said, finish time said)`` and the clock at the end."""
    now = [0.0]
    left = TimeLeft(target=target, cap=cap, clock=lambda: now[0])
    now[0] = 2.0  # the deals
    left.tick(0, cap)
    seen = []
    for i in range(1, cap + 1):
        now[0] += first if i == 1 else seconds
        nash_conv = 5.0 / i ** power * (1 + wobble * math.sin(i / 7)) + floor
        reported = i in (1, 3, 5) or i % 10 == 0
        if reported:
            now[0] += seconds
        left.tick(i, cap)
        if reported:
            left.report(i, nash_conv)
        said = left.seconds_left()
        seen.append((i, now[0], said, math.nan if said is None else now[0] + said))
        if reported and nash_conv <= target:
            break
    return seen, now[0]


@pytest.mark.parametrize("seconds, first", [(0.1, 3.0), (2.0, 60.0)])
def test_the_time_left_is_steady_and_of_the_right_size(seconds, first):
    seen, end = synthetic_run(seconds=seconds, first=first)
    assert end / seconds > 500  # a run of many reports
    said = [row for row in seen if row[2] is not None]
    # nothing is said before three reports (iteration 10): a decay needs them
    assert said[0][0] == 10 and all(row[2] is None for row in seen if row[0] < 10)
    # steady: between two iterations the finish said moves by at most a tenth of the time
    # left (and at least 10 s of it), never by a jump
    for before, after in zip(said, said[1:]):
        assert abs(after[3] - before[3]) <= 0.1 * max(10.0, before[2]), (before, after)
    # the right size: within a factor 3 of the truth while a fifth of the run is left
    for i, clock, left, _ in said:
        truth = end - clock
        if truth >= 0.2 * end and i >= 50:
            assert truth / 3 <= left <= 3 * truth, (i, left, truth)


def test_a_run_that_does_not_improve_is_given_its_cap():
    seen, end = synthetic_run(power=0.0, wobble=0.0, cap=2000)  # NashConv stays at 5
    i, clock, left, _ = seen[499]
    assert i == 500 and left is not None
    # 1,500 iterations more at 0.11 s each (a report every 10 costs one more)
    assert left == pytest.approx(1500 * 0.11, rel=0.1)


def test_a_count_is_the_last_iteration():
    now = [0.0]
    left = TimeLeft(iterations=200, start=100, clock=lambda: now[0])
    assert left.seconds_left() is None and "estimating" in left.line()
    for i in range(100, 121):
        now[0] = 10.0 + 0.25 * (i - 100) + (5.0 if i > 100 else 0.0)  # 5 s first iteration
        left.tick(i, 10_000)  # the run's own guess is ignored: the count is known
    assert left.last_iteration() == 300
    assert left.seconds_left() == pytest.approx(180 * 0.25)
    assert left.line() == "20 s elapsed, about 45 s left"


def test_the_run_s_own_guess_serves_without_a_target():
    """The trainer sees only (done, total): the library's guess of the last iteration."""
    now = [0.0]
    left = TimeLeft(clock=lambda: now[0])
    for i in range(0, 31):
        now[0] = 1.0 * i
        left.tick(i, 100 if i < 20 else 60)
    assert 60 < left.last_iteration() < 100  # moving toward the new guess, not jumping
    assert 30 < left.seconds_left() < 70


def test_words():
    assert [about_text(s) for s in (5, 12, 61, 599, 3600, 7300)] == \
        ["less than 10 s", "about 10 s", "about 1 min", "about 10 min", "about 1 h",
         "about 2 h"]
    assert time_words(65, 30) == "1 min 05 s elapsed, about 30 s left"
