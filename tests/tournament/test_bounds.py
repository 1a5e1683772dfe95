"""Tournament bounds: hands per level and trials have documented maxima, the
simulator streams its matches (a histogram, not an array of every length), and the chain's
long loops stop on a cancel check."""

from __future__ import annotations

import numpy as np
import pytest

from omahanash.errors import Cancelled, InputError
from omahanash.tournament import Structure, run_tournament
from omahanash.tournament import match as match_module
from omahanash.tournament.markov import OutcomeTables, solve_chain
from omahanash.tournament.strategies import parse_strategy
from omahanash.tournament.structure import MAX_HANDS_PER_LEVEL


def test_hands_per_level_has_a_maximum():
    with pytest.raises(InputError, match="1..100,000"):
        Structure.parse(400, "5/10,10/20", 10**18)
    assert Structure.parse(400, "5/10,10/20", MAX_HANDS_PER_LEVEL).hands_per_level == 100_000


@pytest.mark.parametrize("trials", [10**29, 10**12, 0, "100", 2.5])
def test_trials_are_bounded_and_whole(trials):
    with pytest.raises(InputError, match="trials must be a whole number 1..1,000,000,000"):
        run_tournament("holdem", Structure.fixed(400, 10, 20), (200, 200), "100%", "100%",
                       method="simulate", trials=trials, persist=False)


def test_the_chain_checks_for_cancel_in_long_levels():
    quarters = np.array([0.5, 0, 0, 0, 0.5])
    fair = OutcomeTables.fair(units=40, quarters=quarters)
    tables = OutcomeTables(40, np.concatenate([fair.probabilities] * 2), np.ones((2, 2), int),
                           MAX_HANDS_PER_LEVEL)
    calls = []

    def check() -> None:
        calls.append(1)
        if len(calls) == 3:
            raise Cancelled("stop")

    with pytest.raises(Cancelled):
        solve_chain(tables, check)
    assert len(calls) == 3


def test_the_simulator_streams_in_batches(monkeypatch):
    """More batches than ten (each of BATCH_TRIALS matches) give the same kind of answer:
    P(win) of an all-in-every-hand match is the chip share, the length histogram sums to 1."""
    monkeypatch.setattr(match_module, "BATCH_TRIALS", 1000)
    calls = []
    real = match_module.simulate_matches
    monkeypatch.setattr(match_module, "simulate_matches",
                        lambda *a: calls.append(a[3]) or real(*a))
    result = run_tournament("holdem", Structure.fixed(400, 10, 20), (100, 300), "100%", "100%",
                            method="simulate", trials=25_000, seed=4, persist=False)
    main = result.main
    assert max(calls) <= 1000 and sum(calls[:25]) == 25_000  # 25 batches, then the curve
    assert abs(main.p_win - 0.25) < 4 * main.p_win_stderr
    assert main.hands_pmf.sum() == pytest.approx(1.0)
    assert main.hands_quantiles["50"] <= main.hands_quantiles["90"] <= main.hands_quantiles["99"]


def test_nash_at_a_stack_is_not_read_as_cards():
    with pytest.raises(InputError, match="nash@STACK .* is for exploit and review"):
        parse_strategy("nash@5", "holdem")
