"""Monte Carlo kernel of the Omaha cluster-vs-cluster tables.

Each cell ``(a, b)`` averages ``K`` independent samples: a member of class ``b`` disjoint from
the representative of class ``a`` (uniform among those, by rejection), then a board of five
cards disjoint from both (uniform, by rejection); the sample is ``a``'s pot share on that board.

Every cell draws from its own random stream, seeded from ``(seed, cell index)`` (splitmix64), so
no two cells share a board: the errors of the cells of a row are independent (a board shared by
a row would shift every hand-vs-range equity of that row by the same amount). It also makes the
result independent of thread scheduling and of where a build was interrupted: a resumed build is
bit-identical to an uninterrupted one.
"""

from __future__ import annotations

import numpy as np
from numba import njit, prange

from omahanash.evaluate.core import (
    LOW_BIT_OF_CARD,
    board_summary,
    low_set5,
    omaha_high_value,
    showdown_units,
)

_GOLDEN = np.uint64(0x9E3779B97F4A7C15)
_MIX1 = np.uint64(0xBF58476D1CE4E5B9)
_MIX2 = np.uint64(0x94D049BB133111EB)
_CELL_SALT = np.uint64(0xD1B54A32D192ED03)


@njit(cache=True, inline="always")
def _splitmix_next(state: np.uint64) -> tuple:
    """(next state, 64 random bits): splitmix64."""
    state = state + _GOLDEN
    z = state
    z = (z ^ (z >> np.uint64(30))) * _MIX1
    z = (z ^ (z >> np.uint64(27))) * _MIX2
    return state, z ^ (z >> np.uint64(31))


@njit(cache=True, inline="always")
def _below(bits: np.uint64, bound: int) -> int:
    """A number in ``[0, bound)`` from 64 random bits (multiply-shift; bias < 2**-32)."""
    return int(((bits >> np.uint64(32)) * np.uint64(bound)) >> np.uint64(32))


@njit(cache=True, inline="always")
def _draw_cards(state: np.uint64, used: np.uint64, out: np.ndarray, start: int,
                stop: int) -> tuple:
    """Fill ``out[start:stop]`` with distinct cards outside ``used`` (by rejection);
    returns the new stream state and the enlarged mask. (Inline: it takes an array.)"""
    drawn = start
    while drawn < stop:
        state, bits = _splitmix_next(state)
        card = _below(bits, 52)
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
    h1, l1, h2, l2 = showdown_units(high_a, high_b, low_a, low_b, hilo)
    return (h1 + l1) * 0.25


@njit(cache=True)
def cell_stream(seed: int, cell: int) -> np.uint64:
    """Initial state of the random stream of one cell."""
    state = np.uint64(seed) * _GOLDEN ^ np.uint64(cell) * _CELL_SALT
    state, bits = _splitmix_next(state)
    return bits


@njit(cache=True, parallel=True)
def sample_cells(
    rows: np.ndarray,
    cols: np.ndarray,
    cell_start: int,
    representatives: np.ndarray,
    member_cards: np.ndarray,
    member_masks: np.ndarray,
    member_offsets: np.ndarray,
    disjoint_counts: np.ndarray,
    samples: int,
    seed: int,
    hilo: bool,
    nf: np.ndarray,
    flush: np.ndarray,
    low: np.ndarray,
) -> tuple:
    """Mean pot share and its per-sample standard deviation for cells ``(rows[k], cols[k])``.

    ``representatives[a]`` are the 4 cards of class ``a``'s representative;
    ``member_cards/member_masks[member_offsets[b]:member_offsets[b+1]]`` the members of ``b``;
    ``disjoint_counts[k]`` how many members of ``cols[k]`` avoid the representative of
    ``rows[k]`` (0: the cell has no pairs and is not sampled). Cell ``k`` has the global index
    ``cell_start + k``, which seeds its random stream.
    """
    count = rows.size
    mean = np.empty(count, np.float64)
    spread = np.empty(count, np.float64)
    for k in prange(count):
        if disjoint_counts[k] == 0:
            mean[k] = 0.5
            spread[k] = 0.0
            continue
        a = rows[k]
        b = cols[k]
        state = cell_stream(seed, cell_start + k)
        a0 = representatives[a, 0]
        a1 = representatives[a, 1]
        a2 = representatives[a, 2]
        a3 = representatives[a, 3]
        mask_a = (np.uint64(1) << np.uint64(a0)) | (np.uint64(1) << np.uint64(a1)) \
            | (np.uint64(1) << np.uint64(a2)) | (np.uint64(1) << np.uint64(a3))
        first = member_offsets[b]
        size = member_offsets[b + 1] - first
        total = 0.0
        total_sq = 0.0
        board = np.empty(5, np.int64)
        for _ in range(samples):
            while True:
                state, bits = _splitmix_next(state)
                j = first + _below(bits, size)
                if member_masks[j] & mask_a == 0:
                    break
            state, _ = _draw_cards(state, mask_a | member_masks[j], board, 0, 5)
            share = _pot_share(a0, a1, a2, a3, member_cards[j, 0], member_cards[j, 1],
                               member_cards[j, 2], member_cards[j, 3], board, 0, hilo, nf,
                               flush, low)
            total += share
            total_sq += share * share
        m = total / samples
        mean[k] = m
        variance = total_sq / samples - m * m
        if samples > 1:
            variance *= samples / (samples - 1.0)
        spread[k] = np.sqrt(max(variance, 0.0))
    return mean, spread


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
        state = cell_stream(seed, s)
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
    return sums, squares
