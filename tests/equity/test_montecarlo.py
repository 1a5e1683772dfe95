"""Range equity: Monte Carlo against exact values, exact path, determinism, ranges."""

from __future__ import annotations

import numpy as np
import pytest

from omahanash.cards import CardError, parse_cards
from omahanash.equity.exact import exact_equity
from omahanash.equity.montecarlo import range_equity
from omahanash.equity.ranges import parse_range
from omahanash.errors import InputError


def test_monte_carlo_agrees_with_exact_within_its_standard_error():
    exact = np.mean([exact_equity("As Ah", h, game="holdem").equity[0]
                     for h in ("Ks Kd", "Qs Qd")])
    result = range_equity("As Ah", "Ks Kd; Qs Qd", game="holdem", trials=400_000, seed=3)
    assert not result.exact and result.boards == 400_000
    assert 0.0003 < result.stderr < 0.001
    assert abs(result.equity[0] - exact) < 4 * result.stderr
    assert sum(result.equity) == pytest.approx(1.0)


def test_omaha_hilo_monte_carlo_agrees_with_exact():
    hands = ("Ks Kd Qc Jd", "Qs Qd 7h 8h")
    exact = [exact_equity("As Ah 2c 3d", h, game="omaha-hilo") for h in hands]
    result = range_equity("As Ah 2c 3d", "; ".join(hands), game="omaha-hilo",
                          trials=300_000, seed=5)
    assert not result.exact
    expected = np.mean([r.equity[0] for r in exact])
    assert abs(result.equity[0] - expected) < 4 * result.stderr
    expected_lo = np.mean([r.lo[0] for r in exact])
    assert abs(result.lo[0] - expected_lo) < 0.01


def test_same_seed_same_result_other_seed_differs():
    args = ("Ah Kh Qd 2c", "Ks Kd 7h 6h; 9c 9d 8s 7s")
    first = range_equity(*args, trials=50_000, seed=11)
    again = range_equity(*args, trials=50_000, seed=11)
    other = range_equity(*args, trials=50_000, seed=12)
    assert first == again
    assert first.equity != other.equity


def test_small_enumeration_is_exact():
    hands = ("Ks Kd Qc Jd", "Qs Qd 7h 8h")
    result = range_equity("As Ah 2c 3d", "; ".join(hands), board="Ac 4h 9d Td",
                          game="omaha-hilo", trials=10_000)
    assert result.exact and result.stderr == 0.0 and result.matchups == 2
    expected = np.mean([exact_equity("As Ah 2c 3d", h, board="Ac 4h 9d Td",
                                     game="omaha-hilo").equity[0] for h in hands])
    assert result.equity[0] == pytest.approx(expected, abs=1e-12)


def test_hand_classes_in_a_range():
    hands = parse_range("AA; AKs; 7h 2d; Ah Ad", "holdem")
    assert len(hands) == 6 + 4 + 1  # "Ah Ad" is already one of the six aces
    # Kings against aces with card removal: exact over the 6 x 6 disjoint pairs on a river.
    result = range_equity("KK", "AA", board="2c 7d 9h Js 3s", game="holdem")
    assert result.exact and result.matchups == 36 and result.equity[0] == 0.0
    omaha = parse_range("4527", "omaha-hi")
    assert {tuple(h) for h in omaha.tolist()} >= {tuple(sorted(parse_cards("2s 4s 3c 9c")))}


def test_range_errors():
    with pytest.raises(CardError, match="'Kx'"):
        range_equity("As Ah", "Ks Kx; Qs Qd", game="holdem")
    with pytest.raises(InputError, match="range 2"):
        range_equity("As Ah", "Ks Kd", board="Ks 2c 3d", game="holdem")
    with pytest.raises(InputError, match="disjoint"):
        range_equity("As Ah", "As Kd", game="holdem")
    with pytest.raises(InputError, match="trials"):
        range_equity("As Ah", "KK", game="holdem", trials=0)


def test_weighted_hands_count_in_proportion_to_their_weights():
    from omahanash.equity.calculator import equity

    aces = np.array([[48, 49], [50, 51]], dtype=np.int8)  # Ac Ad, Ah As
    exact = [equity(hand, "Kh Ks", variant="holdem").equity[0] for hand in ("Ac Ad", "Ah As")]
    for weights, expected in (([1.0, 0.0], exact[0]), ([0.0, 1.0], exact[1]),
                              ([0.25, 0.75], 0.25 * exact[0] + 0.75 * exact[1])):
        result = range_equity(aces, "Kh Ks", game="holdem", trials=200_000, seed=3,
                              weights1=np.array(weights))
        assert not result.exact
        assert abs(result.equity[0] - expected) < 4 * result.stderr, (weights, result.equity)


def test_weights_must_fit_the_hands():
    aces = np.array([[48, 49], [50, 51]], dtype=np.int8)
    with pytest.raises(InputError, match="one weight per hand"):
        range_equity(aces, "Kh Ks", game="holdem", weights1=np.array([1.0]))
    with pytest.raises(InputError, match="from 0 to 1"):
        range_equity(aces, "Kh Ks", game="holdem", weights1=np.array([1.5, 0.0]))
    with pytest.raises(InputError, match="weight 0"):
        range_equity(aces, "Kh Ks", game="holdem", weights1=np.array([0.0, 0.0]))
