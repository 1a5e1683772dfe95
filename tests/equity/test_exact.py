"""Exact heads-up equity: public values, peer-library values and the pure-Python reference."""

from __future__ import annotations

import pytest

from omahanash.cards import CardError, parse_cards
from omahanash.equity.exact import exact_equity
from omahanash.evaluate import reference as ref


def test_aces_vs_kings_preflop_holdem():
    result = exact_equity("As Ah", "Ks Kd", game="holdem")
    assert result.boards == 1712304
    assert result.equity[0] == pytest.approx(0.819461, abs=1e-6)
    assert result.win[0] + result.tie + result.lose[0] == pytest.approx(1.0)
    assert result.hi is None and result.scoop is None


# Values computed with phevaluator 0.6.0 (installed in a throwaway venv, never a dependency):
# full enumeration of the turn and river with its evaluate_cards / evaluate_omaha_cards.
@pytest.mark.parametrize(
    ("hand1", "hand2", "board", "game", "wins", "boards"),
    [
        ("As Ah Kd 7c", "Ks Qd 8h 9h", "Qs 7h 2c", "omaha", 473, 820),
        ("Ah Kh 5c 4c", "Qs Qd Jc Tc", "Qh 3c 2s", "omaha-hi", 340, 820),
        ("Ah Kh", "Qs Qd", "Jh Th 2c", "holdem", 555, 990),
    ],
)
def test_values_from_a_peer_library(hand1, hand2, board, game, wins, boards):
    result = exact_equity(hand1, hand2, board=board, game=game)
    assert result.boards == boards
    assert result.equity[0] == pytest.approx(wins / boards, abs=1e-12)


def reference_equity(hand1, hand2, board, dead, game):
    hands = [parse_cards(hand1), parse_cards(hand2)]
    return ref.enumerate_equity(hands, parse_cards(board), parse_cards(dead), game)


@pytest.mark.parametrize(
    ("hand1", "hand2", "board", "dead", "game"),
    [
        ("As Ah Kd 7c", "Ks Qd 8h 9h", "Qs 7s 2c", "", "omaha-hi"),
        ("Ac 2c 3d Kh", "Ad 4s 5h Qd", "6c 7d Tc", "8h", "omaha-hilo"),
        ("Ac 2c 3d Kh", "As 2s 4h 4d", "5c 8d Tc Jc", "", "omaha-hilo"),  # quartered lows
        ("7h 6h 5d 4d", "Ah Kh Qc Jc", "8h 9h Ts", "2c 3c", "omaha-hilo"),
        ("Jc Jd", "9s 8s", "7s 6s 2h", "", "holdem"),
        ("Ah Ad", "Kc Kd", "Ac Kh 2s 2d", "", "holdem"),
    ],
)
def test_partial_boards_match_reference(hand1, hand2, board, dead, game):
    result = exact_equity(hand1, hand2, board=board, dead=dead, game=game)
    expected, boards = reference_equity(hand1, hand2, board, dead, game)
    assert result.boards == boards
    assert result.equity[0] == pytest.approx(expected[0], abs=1e-12)
    assert result.equity[1] == pytest.approx(expected[1], abs=1e-12)
    if game == "omaha-hilo":
        assert result.hi[0] + result.lo[0] == pytest.approx(result.equity[0])
        assert sum(result.hi) + sum(result.lo) == pytest.approx(1.0)


def test_hilo_shares_on_a_river():
    # Player 1: wheel for low and a straight for high -> scoops; player 2 gets nothing.
    result = exact_equity("Ac 2d Kh Kd", "Qs Qc 9h 9d", board="3c 4d 5h Js Tc",
                          game="omaha-hilo")
    assert result.boards == 1
    assert result.scoop == (1.0, 0.0) and result.equity == (1.0, 0.0)
    # Same low for both, same-rank highs: the pot is split, nobody scoops.
    split = exact_equity("Ac 2d Ks Qs", "Ad 2c Kc Qc", board="3c 4d 8h Jh Th",
                         game="omaha-hilo")
    assert split.equity == (0.5, 0.5) and split.tie == 1.0 and split.scoop == (0.0, 0.0)
    assert split.low_boards == 1.0


def test_no_low_gives_the_high_hand_everything():
    result = exact_equity("Ac 2d Kh Kd", "Qs Qc 9h 9d", board="Ks Td Jh 9s Tc",
                          game="omaha-hilo")
    assert result.low_boards == 0.0 and result.hi == (1.0, 0.0) and result.lo == (0.0, 0.0)


def test_omaha_preflop_is_consistent():
    result = exact_equity("As Ah Kd 7c", "Ks Qd 8h 9h", game="omaha")
    assert result.boards == 1086008
    assert sum(result.equity) == pytest.approx(1.0)
    # Swapping the seats swaps the shares.
    swapped = exact_equity("Ks Qd 8h 9h", "As Ah Kd 7c", game="omaha")
    assert swapped.equity[0] == pytest.approx(result.equity[1], abs=1e-12)


@pytest.mark.parametrize(
    ("hand1", "hand2", "board", "dead", "game", "token"),
    [
        ("As Ah", "Ks Kd", "As 2c 3d", "", "holdem", "'As'"),
        ("As Ah Kd", "Ks Kd Qc Qd", "", "", "omaha", "'As Ah Kd'"),
        ("As Ah Kd 7x", "Ks Qd 8h 9h", "", "", "omaha", "'7x'"),
        ("As Ah", "Ks Kd", "2c 3d", "", "holdem", "'2c 3d'"),
        ("As Ah", "Ks Kd", "", "Kd", "holdem", "'Kd'"),
    ],
)
def test_bad_input_names_the_token(hand1, hand2, board, dead, game, token):
    with pytest.raises(CardError, match=token):
        exact_equity(hand1, hand2, board=board, dead=dead, game=game)


def test_hilo_win_high_and_win_low_count_each_half_alone():
    """Issue 27: "win high" / "win low" are how often a hand wins that half alone (not its
    pot share). Checked against a count over the 820 boards with the library's evaluators
    (higher is better; a low of 0 does not qualify)."""
    from itertools import combinations

    import numpy as np

    from omahanash.cards import remaining_deck
    from omahanash.evaluate import evaluate_omaha_hi, evaluate_omaha_lo

    hand1, hand2, board = "Ah Kh 5c 4c", "Qs Qd Jc Tc", "Qh 3c 2s"
    result = exact_equity(hand1, hand2, board=board, game="omaha-hilo")
    h1, h2, known = parse_cards(hand1), parse_cards(hand2), parse_cards(board)
    deck = remaining_deck(list(h1) + list(h2), known)
    boards = np.array([list(known) + list(pair) for pair in combinations(deck, 2)])
    n = len(boards)
    hands1, hands2 = np.tile(np.array(h1), (n, 1)), np.tile(np.array(h2), (n, 1))
    hi1, hi2 = evaluate_omaha_hi(hands1, boards), evaluate_omaha_hi(hands2, boards)
    lo1 = evaluate_omaha_lo(hands1, boards).astype(int)
    lo2 = evaluate_omaha_lo(hands2, boards).astype(int)
    assert n == result.boards == 820
    assert result.win_high == pytest.approx((np.mean(hi1 > hi2), np.mean(hi2 > hi1)),
                                            abs=1e-12)
    assert result.win_low == pytest.approx((np.mean(lo1 > lo2), np.mean(lo2 > lo1)),
                                           abs=1e-12)
    assert 0 < result.win_low[0] < 1 and 0 < result.win_high[1] < 1  # a real test case
    assert exact_equity(hand1, hand2, board=board, game="omaha-hi").win_high is None
