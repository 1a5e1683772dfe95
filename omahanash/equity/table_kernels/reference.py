"""The independent reference the Omaha tables are checked against: a hand's pot share
against a uniformly random opponent hand, by plain Monte Carlo deals.

It never looks at a class, a table or the suit-blind split of :mod:`.suit_blind` and
:mod:`.flush_correction`, so a table that agrees with it (``omahanash table check``,
:func:`omahanash.equity.table_check.check_table`) is right for a reason of its own. Stream ``s``
of generator ``seed`` is ``omahanash.rng.stream(seed, s)``.

>>> from omahanash.cards import parse_cards
>>> from omahanash.evaluate import flush_table, low_table, nonflush_table
>>> hand = np.array(parse_cards("As Ah Ks Kh"), np.int64)
>>> sums, squares = sample_vs_random_hand(hand, 2_000, 4, 1, False, nonflush_table("omaha"),
...                                       flush_table(), low_table())
>>> 0.6 < float(sums.sum()) / 8_000 < 0.8
True
"""

from __future__ import annotations

import numpy as np
from numba import njit, prange

from omahanash.equity.table_kernels.suit_blind import quarter_pots
from omahanash.evaluate.core import (
    LOW_BIT_OF_CARD,
    board_summary,
    low_set5,
    omaha_high_value,
)
from omahanash.rng import below, next_bits, stream


@njit(cache=True, inline="always")
def _draw_cards(state: np.uint64, used: np.uint64, out: np.ndarray, start: int,
                stop: int) -> tuple:
    """Fill ``out[start:stop]`` with distinct cards outside ``used`` (by rejection);
    returns the new stream state and the enlarged mask. (Inline: it takes an array.)"""
    drawn = start
    while drawn < stop:
        state, bits = next_bits(state)
        card = below(bits, 52)
        bit = np.uint64(1) << np.uint64(card)
        if used & bit == 0:
            used |= bit
            out[drawn] = card
            drawn += 1
    return state, used


@njit(cache=True, inline="always")
def _pot_share(a0, a1, a2, a3, b0, b1, b2, b3, board, offset, hilo, nf, flush, low) -> float:
    """Pot share of hand ``a`` against hand ``b`` on the five cards ``board[offset:]``."""
    c0 = board[offset]
    c1 = board[offset + 1]
    c2 = board[offset + 2]
    c3 = board[offset + 3]
    c4 = board[offset + 4]
    index, suit, suit_ranks = board_summary(c0, c1, c2, c3, c4)
    high_a = omaha_high_value(a0, a1, a2, a3, index, suit, suit_ranks, nf, flush)
    high_b = omaha_high_value(b0, b1, b2, b3, index, suit, suit_ranks, nf, flush)
    low_a = 0
    low_b = 0
    if hilo:
        board_low = low_set5(c0, c1, c2, c3, c4)
        low_a = low[LOW_BIT_OF_CARD[a0] | LOW_BIT_OF_CARD[a1] | LOW_BIT_OF_CARD[a2]
                    | LOW_BIT_OF_CARD[a3], board_low]
        low_b = low[LOW_BIT_OF_CARD[b0] | LOW_BIT_OF_CARD[b1] | LOW_BIT_OF_CARD[b2]
                    | LOW_BIT_OF_CARD[b3], board_low]
    return quarter_pots(high_a, high_b, low_a, low_b, hilo) * 0.25


@njit(cache=True, parallel=True)
def sample_vs_random_hand(
    hand: np.ndarray,
    trials_per_stream: int,
    streams: int,
    seed: int,
    hilo: bool,
    nf: np.ndarray,
    flush: np.ndarray,
    low: np.ndarray,
) -> tuple:
    """Pot share of ``hand`` (4 cards) against a uniformly random disjoint hand on a random
    board: ``streams`` independent streams of ``trials_per_stream`` deals each.

    This is the independent reference the tables are checked against: it never looks at a
    class or a table. Returns the sum and the sum of squares of the shares per stream.
    """
    sums = np.zeros(streams, np.float64)
    squares = np.zeros(streams, np.float64)
    a0, a1, a2, a3 = hand[0], hand[1], hand[2], hand[3]
    mask_a = (np.uint64(1) << np.uint64(a0)) | (np.uint64(1) << np.uint64(a1)) \
        | (np.uint64(1) << np.uint64(a2)) | (np.uint64(1) << np.uint64(a3))
    for s in prange(streams):
        # np.int64: the loop index is uint64 in the generated gufunc but int64 in typing; a
        # bare index would compile _one_stream twice.
        _one_stream(np.int64(s), hand, mask_a, trials_per_stream, seed, hilo, nf, flush, low,
                    sums, squares)
    return sums, squares


@njit(cache=True, nogil=True)
def _one_stream(s, hand, mask_a, trials_per_stream, seed, hilo, nf, flush, low, sums, squares):
    """Stream ``s`` of :func:`sample_vs_random_hand` into ``sums[s]``, ``squares[s]``. A
    kernel of its own called once per stream, not the parallel loop's body: the parallel pass
    then compiles one call instead of the whole deal (cold compile several times cheaper)."""
    a0, a1, a2, a3 = hand[0], hand[1], hand[2], hand[3]
    state = stream(seed, s)
    cards = np.empty(9, np.int64)  # 4 opponent cards, then 5 board cards
    total = 0.0
    total_sq = 0.0
    for _ in range(trials_per_stream):
        state, _ = _draw_cards(state, mask_a, cards, 0, 9)
        share = _pot_share(a0, a1, a2, a3, cards[0], cards[1], cards[2], cards[3], cards,
                           4, hilo, nf, flush, low)
        total += share
        total_sq += share * share
    sums[s] = total
    squares[s] = total_sq
