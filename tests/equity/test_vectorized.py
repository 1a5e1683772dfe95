"""The numpy enumeration (no numba) against the numba kernel, public values, and the command
line's start-up promise: the exact hand-vs-hand path never imports numba."""

from __future__ import annotations

import json
import subprocess
import sys
from itertools import combinations
from math import comb

import numpy as np
import pytest

from omahanash.cards import CardError, parse_cards, remaining_deck
from omahanash.equity.exact import enumerate_deal, exact_equity
from omahanash.equity.result import (
    HI1,
    HI2,
    LO1,
    LO2,
    LOW_BOARDS,
    SCOOP1,
    SQUARES1,
    TIE,
    WIN1,
    WIN2,
)
from omahanash.equity.vectorized import (
    counts_from_categories,
    enumerate_deal_numpy,
    exact_equity_numpy,
    omaha_flush_by_mask,
)
from omahanash.evaluate.tables import flush_table

HOLE = {"holdem": 2, "omaha-hi": 4, "omaha-hilo": 4}
GAMES = tuple(HOLE)


def random_deal(rng: np.random.Generator, game: str, n_known: int, n_dead: int,
                pool: np.ndarray | None = None):
    """(hands int8[2, k], known int8, deck int8) dealt from ``pool`` (default: all cards);
    cards outside the pool are dead."""
    k = HOLE[game]
    pool = np.arange(52) if pool is None else np.asarray(pool)
    cards = rng.permutation(pool)
    hands = cards[:2 * k].reshape(2, k).astype(np.int8)
    known = cards[2 * k:2 * k + n_known].astype(np.int8)
    dead = cards[2 * k + n_known:2 * k + n_known + n_dead]
    gone = set(range(52)) - set(pool.tolist())
    deck = np.array(remaining_deck(hands.ravel(), known, dead, gone), dtype=np.int8)
    return hands, known, deck


def assert_same_counts(game, hands, known, deck):
    expected = enumerate_deal(game, hands, known, deck)
    got = enumerate_deal_numpy(game, hands, known, deck)
    assert got.dtype == np.int64 and got.shape == (15,)  # NUM_ACC
    assert got.tolist() == expected.tolist(), (game, hands.tolist(), known.tolist(),
                                               deck.tolist())
    return got


@pytest.mark.parametrize("game", GAMES)
@pytest.mark.parametrize("n_known", [3, 4, 5])
def test_known_boards_match_numba(game, n_known):
    rng = np.random.default_rng(100 * n_known + GAMES.index(game))
    for trial in range(40):
        hands, known, deck = random_deal(rng, game, n_known, n_dead=trial % 7)
        assert_same_counts(game, hands, known, deck)


@pytest.mark.parametrize("game", GAMES)
def test_preflop_full_deck_matches_numba(game):
    rng = np.random.default_rng(7 + GAMES.index(game))
    for n_dead in (0, 3):  # 1,086,008 / 1,712,304 boards, then a few dead cards
        hands, known, deck = random_deal(rng, game, 0, n_dead)
        acc = assert_same_counts(game, hands, known, deck)
        boards = comb(len(deck), 5)
        assert acc[HI1] + acc[LO1] + acc[HI2] + acc[LO2] == 4 * boards
        assert acc[WIN1] + acc[WIN2] + acc[TIE] == boards


@pytest.mark.parametrize("game", GAMES)
def test_preflop_small_decks_match_numba(game):
    """Many dead cards: preflop enumeration of decks of 5..20 cards (the tail construction at
    its edges), many seeds."""
    rng = np.random.default_rng(50 + GAMES.index(game))
    for trial in range(40):
        hands, known, deck = random_deal(rng, game, 0, 0)
        keep = rng.choice(deck, size=5 + trial % 16, replace=False)
        assert_same_counts(game, hands, known, np.sort(keep).astype(np.int8))


@pytest.mark.parametrize("game", GAMES)
@pytest.mark.parametrize("n_known", [0, 3, 4])
def test_flush_heavy_deals_match_numba(game, n_known):
    """Only two suits in play (the others dead): flushes on most boards, suited hands on both
    sides, straight flushes — where the per-suit flush tables matter."""
    rng = np.random.default_rng(300 + 10 * n_known + GAMES.index(game))
    for _ in range(15):
        suits = rng.choice(4, size=2, replace=False)
        pool = np.array([c for c in range(52) if c & 3 in suits])
        hands, known, deck = random_deal(rng, game, n_known, 0, pool=pool)
        acc = assert_same_counts(game, hands, known, deck)
        assert acc.sum() > 0


def test_hilo_low_heavy_deals_match_numba():
    """Only ranks A..8 and a few high cards in play: qualifying lows, quartered and
    counterfeited lows on most boards."""
    rng = np.random.default_rng(11)
    pool = np.array([c for c in range(52) if (c >> 2) <= 6 or (c >> 2) == 12 or c % 7 == 0])
    for n_known in (0, 3, 4, 5):
        for _ in range(10):
            hands, known, deck = random_deal(rng, "omaha-hilo", n_known, 0, pool=pool)
            acc = assert_same_counts("omaha-hilo", hands, known, deck)
            assert acc[LOW_BOARDS] > 0


def test_known_cards_other_than_the_flop_sizes():
    """enumerate_deal_numpy takes any number of known cards (1 or 2 as well)."""
    rng = np.random.default_rng(5)
    for game in GAMES:
        for n_known in (1, 2):
            hands, known, deck = random_deal(rng, game, n_known, 26)
            assert_same_counts(game, hands, known, deck)


def test_public_aces_vs_kings():
    result = exact_equity_numpy("As Ah", "Ks Kd", game="holdem")
    assert result.boards == 1712304
    assert result.equity[0] == pytest.approx(0.819461, abs=1e-6)
    assert result.win[0] + result.tie + result.lose[0] == pytest.approx(1.0)
    assert result.hi is None and result.scoop is None


# Same peer-library values (phevaluator 0.6.0) as tests/equity/test_exact.py.
@pytest.mark.parametrize(
    ("hand1", "hand2", "board", "game", "wins", "boards"),
    [
        ("As Ah Kd 7c", "Ks Qd 8h 9h", "Qs 7h 2c", "omaha", 473, 820),
        ("Ah Kh 5c 4c", "Qs Qd Jc Tc", "Qh 3c 2s", "omaha-hi", 340, 820),
        ("Ah Kh", "Qs Qd", "Jh Th 2c", "holdem", 555, 990),
    ],
)
def test_values_from_a_peer_library(hand1, hand2, board, game, wins, boards):
    result = exact_equity_numpy(hand1, hand2, board=board, game=game)
    assert result.boards == boards
    assert result.equity[0] == pytest.approx(wins / boards, abs=1e-12)


@pytest.mark.parametrize(
    ("hand1", "hand2", "board", "dead", "game"),
    [
        ("As Ah Kd 7c", "Ks Qd 8h 9h", "", "", "omaha-hilo"),
        ("Ac 2c 3d Kh", "As 2s 4h 4d", "5c 8d Tc Jc", "", "omaha-hilo"),
        ("7h 6h 5d 4d", "Ah Kh Qc Jc", "8h 9h Ts", "2c 3c", "omaha-hi"),
        ("Jc Jd", "9s 8s", "7s 6s 2h 2c 3d", "", "holdem"),
    ],
)
def test_results_equal_the_numba_results(hand1, hand2, board, dead, game):
    assert (exact_equity_numpy(hand1, hand2, board, dead, game)
            == exact_equity(hand1, hand2, board, dead, game))


@pytest.mark.parametrize(
    ("args", "token"),
    [
        (("As Ah", "Ks Kx", "", "", "holdem"), "'Kx'"),
        (("As Ah", "Ks Kd", "Ah 2c 3d", "", "holdem"), "'Ah'"),
        (("As Ah Kd", "Ks Qd 8h 9h", "", "", "omaha"), "'As Ah Kd'"),
        (("As Ah", "Ks Kd", "2c 3c", "", "holdem"), "board"),
    ],
)
def test_same_validation(args, token):
    with pytest.raises(CardError, match=token):
        exact_equity_numpy(*args)


def test_counts_from_categories_hilo():
    # code = high + 3 * low; one board each: high won + low split (3 quarters: a win),
    # high lost + low won (a tie), high tied + low lost (1 quarter), no low and high won.
    hist = np.zeros(12, dtype=np.int64)
    hist[[2 + 3, 0 + 6, 1 + 0, 2 + 9]] = 1
    acc = counts_from_categories(hist)
    assert acc.tolist() == [2 + 0 + 1 + 4, 1 + 2 + 0 + 0, 0 + 2 + 1 + 0, 1 + 0 + 2 + 0,
                            2, 1, 1, 1, 0, 3, 9 + 4 + 1 + 16,
                            # win high alone: boards 1 and 4 / board 2; win low alone: 2 / 3
                            2, 1, 1, 1]
    assert acc[SCOOP1] == 1 and acc[SQUARES1] == 30


@pytest.mark.parametrize("hole", ["As Ks", "Ah 5h 3h", "9c 8c 7c 6c", "2d"])
def test_omaha_flush_by_mask_brute_force(hole):
    """Every board mask: the best flush over (two suited hole ranks, three board ranks)."""
    flush = flush_table()
    ranks = np.array([c >> 2 for c in parse_cards(hole)])
    table = omaha_flush_by_mask(ranks, flush)
    masks = np.arange(1 << 13)
    triples = np.array([sum(1 << r for r in t) for t in combinations(range(13), 3)])
    pairs = [(1 << int(a)) | (1 << int(b)) for a, b in combinations(ranks, 2)]
    best = np.zeros(1 << 13, dtype=np.int64)
    for pair in pairs:
        value = flush[pair | triples].astype(np.int64)  # 0 when the pair meets the triple
        inside = (masks[:, None] & triples[None, :]) == triples[None, :]
        best = np.maximum(best, np.where(inside, value[None, :], 0).max(axis=1))
    assert table.tolist() == best.tolist()
    if len(pairs):
        assert best.max() > 0


CLI_SCRIPT = """
import json, sys
from omahanash.cli import main
code = main(sys.argv[1:])
assert code == 0, code
assert "numba" not in sys.modules, sorted(m for m in sys.modules if "numba" in m)
"""


@pytest.mark.parametrize(
    ("hand1", "hand2", "board", "dead", "game"),
    [
        ("As Ah Kd 7c", "Ks Qd 8h 9h", "", "", "omaha"),
        ("As Ah Kd 7c", "Ks Qd 8h 9h", "", "", "omaha-hilo"),
        ("Ac 2d Kh Kd", "Qs Qc 9h 9d", "3c 4d 5h", "Js", "omaha-hilo"),
    ],
)
def test_cli_exact_path_never_imports_numba(hand1, hand2, board, dead, game):
    proc = subprocess.run(
        [sys.executable, "-c", CLI_SCRIPT, "equity", hand1, hand2, "--board", board,
         "--dead", dead, "--game", game, "--json"],
        capture_output=True, text=True, timeout=120,
    )
    assert proc.returncode == 0, proc.stderr
    data = json.loads(proc.stdout)
    expected = exact_equity(hand1, hand2, board, dead, game).to_dict()
    assert data["exact"] is True and data["boards"] == expected["boards"]
    for key in ("equity", "win", "tie", "lose", "hi", "lo", "scoop", "low_boards"):
        assert data.get(key) == expected.get(key), key
    assert ("hi" in data) == (game == "omaha-hilo")
