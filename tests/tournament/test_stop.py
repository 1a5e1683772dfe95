"""Ctrl-C and Stop reach inside the simulator's kernel (`tournament` took 2.1-2.7 s
to stop): the kernel reads its stop cell before every match and every 1,024 hands of one,
with a read the compiler cannot hoist out of the loop."""

from __future__ import annotations

import signal
import threading

import numpy as np
import pytest

from omahanash.errors import Cancelled
from omahanash.runs import CancelFlag
from omahanash.tournament.markov import OutcomeTables
from omahanash.tournament.simulate import MAX_MATCH_HANDS, simulate_matches


class _Hang(BaseException):
    pass


def _alarm(*_):
    raise _Hang


def test_a_stop_ends_matches_that_would_run_a_million_hands_each():
    """Every hand a split pot: no chip ever moves, so each of the 2,000 matches runs to
    MAX_MATCH_HANDS (2e9 hands: minutes). Stopped 0.2 s in, the call raises Cancelled (about
    1 s in all); with a plain read of the stop cell (hoisted out of the hand loop inside
    prange) it ended 56 s later, which the 20 s alarm calls a hang (a liveness bound, not a
    timing assertion)."""
    tables = OutcomeTables.fair(units=10, quarters=np.array([0.0, 0.0, 1.0, 0.0, 0.0]))
    ending = OutcomeTables.fair(units=10, quarters=np.array([0.5, 0, 0, 0, 0.5]))
    simulate_matches(ending, 5, None, 2, seed=1)  # compiled before the clock runs
    flag = CancelFlag()
    timer = threading.Timer(0.2, flag.cancel)
    previous = signal.signal(signal.SIGALRM, _alarm)
    signal.alarm(20)
    timer.start()
    try:
        with pytest.raises(Cancelled):
            simulate_matches(tables, 5, None, 2000, seed=1, cancel=flag)
    except _Hang:
        pytest.fail("the stop was not seen inside the kernel")
    finally:
        signal.alarm(0)
        signal.signal(signal.SIGALRM, previous)
        timer.cancel()
    assert MAX_MATCH_HANDS >= 1_000_000


def test_without_a_stop_the_matches_are_the_plain_calls():
    tables = OutcomeTables.fair(units=10, quarters=np.array([0.5, 0, 0, 0, 0.5]))
    plain = simulate_matches(tables, 5, None, 5000, seed=3)
    stoppable = simulate_matches(tables, 5, None, 5000, seed=3, cancel=CancelFlag())
    assert plain[0] == stoppable[0] and np.array_equal(plain[1], stoppable[1])
