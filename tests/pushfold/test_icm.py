"""ICM against an independent exact enumeration of finishing orders in rational numbers."""

from __future__ import annotations

import itertools
import json
import subprocess
import sys
from fractions import Fraction

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from omahanash.errors import InputError
from omahanash.pushfold import bubble_factors, icm, icm_detail, parse_payouts


def harville_enumerated(stacks: list[int], payouts: list[int]) -> list[Fraction]:
    """Prize equity by walking all n! finishing orders (exact fractions)."""
    n = len(stacks)
    out = [Fraction(0)] * n
    for order in itertools.permutations(range(n)):
        p = Fraction(1)
        left = sum(stacks)
        for player in order:
            if left == 0:
                break
            p *= Fraction(stacks[player], left)
            left -= stacks[player]
        for place, player in enumerate(order[: len(payouts)]):
            out[player] += p * payouts[place]
    return out


def test_known_answer():
    equity = icm([5000, 3000, 2000], [50, 30, 20])
    assert equity[0] == pytest.approx(1075 / 28, abs=1e-12)
    assert equity[1] == pytest.approx(32.75, abs=1e-12)
    assert equity[2] == pytest.approx(202 / 7, abs=1e-12)


@settings(max_examples=60, deadline=None)
@given(st.lists(st.integers(1, 10_000), min_size=2, max_size=7),
       st.lists(st.integers(0, 100), min_size=1, max_size=4))
def test_matches_enumeration(stacks, payouts):
    payouts = sorted(payouts, reverse=True)[: len(stacks)]
    if sum(payouts) == 0:
        payouts[0] = 1
    expected = harville_enumerated(stacks, payouts)
    got = icm(stacks, payouts)
    for value, exact in zip(got, expected):
        assert value == pytest.approx(float(exact), rel=1e-10, abs=1e-10)


def test_one_paid_place_is_the_chip_share():
    stacks = [1200, 300, 4500, 2000]
    equity = icm(stacks, "1")
    assert equity.tolist() == pytest.approx([s / sum(stacks) for s in stacks], abs=1e-14)


def test_bubble_factors_above_one_below_the_money():
    # 4 players, 3 paid: everyone is on the bubble
    factors = bubble_factors([4000, 3000, 2000, 1000], "50/30/20")
    off = ~np.eye(4, dtype=bool)
    assert (factors[off] > 1.0).all()
    assert np.isnan(factors[~off]).all()
    # by hand: player 0 against player 3 risks 1000 chips
    base = icm([4000, 3000, 2000, 1000], [50, 30, 20])[0]
    won = icm([5000, 3000, 2000, 0], [50, 30, 20])[0]
    lost = icm([3000, 3000, 2000, 2000], [50, 30, 20])[0]
    assert factors[0, 3] == pytest.approx((base - lost) / (won - base), rel=1e-12)
    # winner takes all: chip EV, every factor exactly 1
    assert bubble_factors([4000, 3000, 2000], "1")[~np.eye(3, dtype=bool)] \
        == pytest.approx(1.0, abs=1e-12)


def test_busted_players_placed_by_starting_stack():
    # two players bust in one hand: the one who started bigger finishes 2nd
    equity = icm_detail([6000, 0, 0], [50, 30, 20], tiebreak=[2000, 3000, 1000]).equity
    assert equity.tolist() == [50.0, 30.0, 20.0]
    tied = icm_detail([6000, 0, 0], [50, 30, 20], tiebreak=[2000, 1000, 1000]).equity
    assert tied.tolist() == [50.0, 25.0, 25.0]


def test_twenty_players_exact_and_big_fields_sampled():
    rng = np.random.default_rng(3)
    stacks = rng.integers(100, 5000, 20).astype(float)
    payouts = np.linspace(20, 1, 20)
    exact = icm_detail(stacks, payouts)
    assert exact.exact and exact.equity.sum() == pytest.approx(payouts.sum())
    # a big field: sampled orders, within 5 standard errors of the top-3 equities written
    # out by hand (P(1st), P(2nd), P(3rd) summed over who finishes above)
    big = rng.integers(100, 5000, 30).astype(float)
    total = big.sum()
    places = np.zeros((30, 3))
    for i in range(30):
        places[i, 0] = big[i] / total
        for j in range(30):
            if j == i:
                continue
            pj = big[j] / total
            places[i, 1] += pj * big[i] / (total - big[j])
            for k in range(30):
                if k in (i, j):
                    continue
                places[i, 2] += pj * big[k] / (total - big[j]) * big[i] / (
                    total - big[j] - big[k])
    by_hand = places @ np.array([50.0, 30.0, 20.0])
    sampled = icm_detail(big, [50, 30, 20], samples=40_000, seed=5)
    assert not sampled.exact
    assert np.all(np.abs(sampled.equity - by_hand) < 5 * sampled.stderr + 1e-9)


@pytest.mark.parametrize("stacks, payouts, fragment", [
    ([], [1], "stacks must have"),
    ([100, -5], [1], "stacks[1]"),
    ([100, float("nan")], [1], "stacks[1]"),
    ([100, 200], [0, 0], "sum to a positive"),
    ([100, 200], [50, 30, 20], "3 places"),
    (None, [1], "stacks must be a list"),
    ([100, "x"], [1], "stacks[1] must be a number"),
])
def test_bad_input(stacks, payouts, fragment):
    with pytest.raises(InputError, match=None) as error:
        icm_detail(stacks, payouts)
    assert fragment in str(error.value)


def test_payout_texts():
    assert parse_payouts("50/30/20", 9).tolist() == [50, 30, 20]
    assert parse_payouts("9max", 9).tolist() == [50, 30, 20]
    assert parse_payouts("6max", 6).tolist() == [65, 35]
    assert parse_payouts("spin", 3).tolist() == [1]
    assert parse_payouts("don", 10).tolist() == [1] * 5
    assert parse_payouts("sat:3", 9).tolist() == [1, 1, 1]
    assert parse_payouts("CHIPS", 9) is None
    for bad in ("50/x", "", "sat:0", "-1/2", "0/0"):
        with pytest.raises(InputError):
            parse_payouts(bad, 9)


def run_cli(*args):
    return subprocess.run([sys.executable, "-m", "omahanash", *args], capture_output=True,
                          text=True, timeout=300)


def test_cli_json():
    done = run_cli("icm", "--stacks", "5000", "3000", "2000", "--payouts", "50/30/20",
                   "--json")
    assert done.returncode == 0, done.stderr
    data = json.loads(done.stdout)
    assert data["stacks"] == [5000, 3000, 2000]
    assert data["payouts"] == [50, 30, 20]
    assert [round(x, 4) for x in data["equity"]] == [38.3929, 32.75, 28.8571]
    assert data["bubble_factors"][0][0] is None
    assert data["bubble_factors"][0][1] == pytest.approx(
        float(bubble_factors([5000, 3000, 2000], [50, 30, 20])[0, 1]))


def test_cli_text_and_errors():
    done = run_cli("icm", "--stacks", "5000", "3000", "2000", "--payouts", "50/30/20")
    assert done.returncode == 0 and "38.39" in done.stdout
    bad = run_cli("icm", "--stacks", "5000", "--payouts", "50/30/20")
    assert bad.returncode == 2 and len(bad.stderr.strip().splitlines()) == 1
    bad = run_cli("icm", "--stacks", "5000", "3000", "--payouts", "50/30/20")
    assert bad.returncode == 2 and "places" in bad.stderr


@pytest.mark.parametrize(("arguments", "argument", "fragment"), [
    ({"stacks": "1000 1000"}, "stacks", "must be a list of chip counts"),
    ({"stacks": [1000] * 11}, "stacks", "2 to 10 players"),
    ({"stacks": [1000, -5, 1000]}, "stacks[1]", "stack 2 must be a finite number"),
    ({"stacks": [1000, 1000, 1e13]}, "stacks[2]", "stack 3 must be at most"),
    ({"sb": 0}, "sb", "SB must be a finite number of chips > 0"),
    ({"bb": float("nan")}, "bb", "BB must be a finite number"),
    ({"ante": -1}, "ante", "ante must be"),
    ({"bb_ante": True}, "bb_ante", "big-blind ante must be a number of chips"),
    ({"sb": 300}, "sb", "SB (300) must not be larger than BB (200)"),
    ({"payouts": "50/30/20/10/5"}, "payouts", "pay 5 places but only 3 players"),
    ({"payouts": "fifty"}, "payouts", "'fifty' is not an amount"),
])
def test_a_bad_spot_names_its_argument(arguments, argument, fragment):
    """The app's form puts a library error beside the field its InputError.argument names."""
    from omahanash.errors import InputError
    from omahanash.pushfold.spot import PushFoldSpot

    given = {"stacks": [1000, 1000, 1000], "sb": 100, "bb": 200, **arguments}
    with pytest.raises(InputError, match=fragment.replace("(", r"\(").replace(")", r"\)")) \
            as caught:
        PushFoldSpot("holdem", given.pop("stacks"), **given)
    assert caught.value.argument == argument
