"""Tournament checks on small structures: fairness, symmetry, monotonicity, agreement."""

from __future__ import annotations

import json

import numpy as np
import pytest

from omahanash.equity.tables import load_table
from omahanash.errors import InputError
from omahanash.tournament import (
    OutcomeTables,
    Structure,
    hand_outcomes,
    parse_strategy,
    run_tournament,
    solve_chain,
)
from omahanash.tournament.markov import length_distribution
from omahanash.tournament.simulate import simulate_matches

FIXED = Structure.fixed(400, sb=10, bb=20)  # 20 bb in play, 40 units


def _table(variant, omaha_tables):
    return load_table("holdem") if variant == "holdem" else omaha_tables[variant]


@pytest.mark.parametrize("variant", ["holdem", "omaha-hi", "omaha-hilo"])
def test_all_in_every_hand_is_fair(variant, omaha_tables, tmp_path):
    table = _table(variant, omaha_tables)
    result = run_tournament(variant, FIXED, (100, 300), "100%", "100%", table=table,
                            cache_dir=tmp_path, samples=4000)
    shares, p_win = np.array(result.curve).T
    assert np.abs(p_win - shares).max() < 1e-6
    assert result.p_win == pytest.approx(0.25, abs=1e-6)


def test_hilo_showdowns_split_and_quarter(omaha_tables):
    every = np.ones(omaha_tables["omaha-hilo"].n)
    outcome = hand_outcomes(omaha_tables["omaha-hilo"], every, every, samples=20_000, seed=3)
    assert outcome.shares[1] > 0.01 and outcome.shares[1] == outcome.shares[3]
    assert outcome.probabilities.sum() == pytest.approx(1.0)
    assert outcome.sb_mean_share == pytest.approx(0.5, abs=1e-12)


@pytest.mark.parametrize("variant", ["holdem", "omaha-hi", "omaha-hilo"])
def test_nash_against_nash_at_equal_stacks_is_even(variant, omaha_tables, tmp_path):
    table = _table(variant, omaha_tables)
    result = run_tournament(variant, FIXED, (200, 200), table=table, cache_dir=tmp_path,
                            samples=4000)
    assert result.p_win == pytest.approx(0.5, abs=1e-9)
    p_win = np.array(result.curve)[:, 1]
    assert np.all(np.diff(p_win) > 0)  # P(win) rises with the chip share


def test_markov_and_simulation_agree(tmp_path):
    structure = Structure.parse(600, "10/20,20/40,30/60", hands_per_level=6)
    result = run_tournament("holdem", structure, (200, 400), "nash", "40%", method="both",
                            trials=40_000, seed=5, cache_dir=tmp_path, samples=4000)
    markov, simulated = result.markov, result.simulate
    assert markov is not None and simulated is not None
    assert abs(markov.p_win - simulated.p_win) <= 3 * simulated.p_win_stderr
    assert abs(markov.expected_hands - simulated.expected_hands) \
        <= 3 * simulated.expected_hands_stderr
    assert abs(markov.p_one_hand - simulated.p_one_hand) <= 3 * simulated.p_one_hand_stderr + 1e-9
    exact = dict(markov.curve)
    for share, p_sim in simulated.curve:  # 4,000 matches at each tenth of the chips
        p = exact[share]  # nine interior points at once: 4 standard errors (Bonferroni)
        assert abs(p - p_sim) <= 4 * np.sqrt(p * (1 - p) / 4000) + 1e-12
    document = json.loads(json.dumps(result.as_dict(), allow_nan=False))
    assert set(document["markov"]) == set(document["simulate"])
    assert set(document["hands_quantiles"]) == {"50", "90", "99"}


def test_button_first_changes_the_answer_and_averages(tmp_path):
    kwargs = {"cache_dir": tmp_path, "samples": 4000}
    first = run_tournament("holdem", FIXED, (200, 200), button_first=1, **kwargs).p_win
    second = run_tournament("holdem", FIXED, (200, 200), button_first=2, **kwargs).p_win
    assert first != second
    assert (first + second) / 2 == pytest.approx(0.5, abs=1e-9)


def test_chain_length_distribution_and_simulator_on_a_fair_coin():
    tables = OutcomeTables.fair(units=6, quarters=np.array([0.5, 0, 0, 0, 0.5]))
    chain = solve_chain(tables)
    assert chain.p_win(None)[[1, 2, 3]] == pytest.approx([1 / 6, 2 / 6, 0.5])
    cdf = length_distribution(tables, 3, None)
    assert cdf[1] == pytest.approx(1.0)  # from the middle the first all-in decides
    wins, lengths = simulate_matches(tables, 2, 0, 30_000, seed=2)
    assert abs(wins / 30_000 - 1 / 3) < 3 * np.sqrt(2 / 9 / 30_000)
    assert lengths.mean() == pytest.approx(chain.expected_hands(0)[2], rel=0.05)


def test_a_match_that_never_ends_is_refused(tmp_path):
    with pytest.raises(InputError, match="never ends"):
        run_tournament("holdem", FIXED, (200, 200), "0%", "0%", cache_dir=tmp_path)


@pytest.mark.parametrize("call, message", [
    (lambda: Structure.fixed(3000, 10, 20).start_units([1000, 1000]), "add up"),
    (lambda: Structure.parse(3000, "10-20", 10), "SB/BB"),
    (lambda: Structure.parse(3000, "10/20,20/40", 0), "hands_per_level"),
    (lambda: Structure.fixed(3000.5, 10, 20), "whole number"),
    (lambda: Structure.fixed(100_000, 1, 2), "units"),
    (lambda: parse_strategy("", "holdem"), "strategy"),
    (lambda: run_tournament("holdem", FIXED, (200, 200), method="exact"), "method"),
    (lambda: run_tournament("holdem", FIXED, (200, 200), button_first=3), "button_first"),
])
def test_bad_arguments_raise_input_error(call, message):
    with pytest.raises(InputError, match=message):
        call()


def test_command_line_json(tmp_path, capsys):
    from omahanash.cli import main

    code = main(["tournament", "--game", "holdem", "--chips", "400", "--stacks", "100", "300",
                 "--sb", "10", "--bb", "20", "--p1", "100%", "--p2", "100%", "--method",
                 "both", "--trials", "2000", "--cache-dir", str(tmp_path), "--json"])
    assert code == 0
    document = json.loads(capsys.readouterr().out)
    assert document["method"] == "both" and document["game"] == "holdem"
    assert document["p_win"] == pytest.approx(0.25, abs=1e-6)
    for key in ("p_win", "p_win_stderr", "expected_hands", "hands_quantiles", "curve"):
        assert key in document["markov"] and key in document["simulate"]


def test_command_line_needs_blinds(capsys):
    from omahanash.cli import main

    assert main(["tournament", "--game", "holdem", "--chips", "400", "--stacks", "200",
                 "200"]) != 0
    assert "--sb" in capsys.readouterr().err


def test_against_a_fixed_opponent_nash_gains_and_the_best_response_gains_more(tmp_path):
    structure = Structure.fixed(8000, sb=300, bb=600)  # Miltersen and Sorensen's structure
    p_win = {p1: run_tournament("holdem", structure, (4000, 4000), p1, "30%",
                                cache_dir=tmp_path, samples=4000).p_win
             for p1 in ("30%", "nash", "best")}
    assert abs(p_win["30%"] - 0.5) < 1e-9  # the same strategy on both sides: even
    assert p_win["nash"] > 0.55  # Nash exploits a loose-tight 30 % pusher and caller
    assert p_win["best"] > p_win["nash"] + 0.02  # reading the opponent exactly is worth more
    with pytest.raises(InputError, match="Nash equilibrium"):
        run_tournament("holdem", structure, (4000, 4000), "best", "best", cache_dir=tmp_path)


def test_the_best_response_against_nash_gains_next_to_nothing(tmp_path):
    structure = Structure.fixed(400, sb=10, bb=20)
    against_nash = run_tournament("holdem", structure, (200, 200), "best", "nash",
                                  cache_dir=tmp_path, samples=4000).p_win
    assert 0.5 - 1e-3 < against_nash < 0.5 + 5e-3
