"""Exact heads-up equity by full enumeration of the remaining boards ("equilator").

>>> result = exact_equity("As Ah", "Ks Kd", game="holdem")
>>> round(result.equity[0], 6), result.boards
(0.819461, 1712304)

Shares in a result (two players, each board weighted equally):

* ``equity[i]`` – expected fraction of the pot won by player ``i`` (ties split);
* ``win[i]`` – fraction of boards on which player ``i`` gets more than half the pot; ``tie`` –
  boards on which the pot is split evenly; ``lose[i] = win[1 - i]``. In Hold'em and Omaha Hi
  that is "best hand alone" / "same hand"; in Hi/Lo a player who wins the high half and splits
  the low (three quarters) wins, one high half against one low half is a tie.
* Hi/Lo only: ``hi[i]`` / ``lo[i]`` – fraction of the *whole pot* player ``i`` wins through
  the high / the low side (so ``equity = hi + lo``; on a board with no qualifying low the high
  hand's whole pot counts as ``hi``); ``scoop[i]`` – fraction of boards on which player ``i``
  takes the whole pot alone; ``low_boards`` – fraction of boards with at least one qualifying
  low; ``win_high[i]`` / ``win_low[i]`` – fraction of boards on which player ``i`` wins the
  high side / the low half alone (what players call "win high" and "win low").
"""

from __future__ import annotations

from math import comb

import numpy as np
from numba import njit, prange

# The numba-free names live in .result; the app and the Hold'em table import some of them
# from here (see __all__).
from omahanash.equity.result import (
    GAME_CODES,
    HI1,
    HI2,
    LO1,
    LO2,
    LOW_BOARDS,
    NUM_ACC,
    SCOOP1,
    SCOOP2,
    SQUARES1,
    TIE,
    WIN1,
    WIN2,
    WINHI1,
    WINHI2,
    WINLO1,
    WINLO2,
    Cards,
    EquityResult,
    exact_deal_equity,
    hand_features,
    result_from_counts,
)
from omahanash.evaluate import nonflush_profiles
from omahanash.evaluate.core import (
    BINOMIAL,
    LOW_BIT_OF_CARD,
    board_summary,
    hand_high,
    low_set5,
    showdown_units,
)
from omahanash.evaluate.tables import flush_table, low_table

__all__ = ["EquityResult", "add_showdown", "enumerate_boards", "enumerate_deal", "exact_equity",
           "preflop_partition", "result_from_counts"]


@njit(inline="always")
def add_showdown(acc, game, index, suit, board_mask, board_low, nonflush, hole_masks,
                 low_sets, flush, low):
    """Settle one complete board between two hands and add the outcome to ``acc``
    (``int64[15]``, layout ``HI1 .. WINLO2``).

    The board comes as its summary (``index, suit, board_mask`` from
    :func:`~omahanash.evaluate.core.board_summary`) and its low-rank set; hand ``p`` as its
    non-flush value ``nonflush[index, p]``, its rank mask in each suit ``hole_masks[p, s]``
    and its low-rank set ``low_sets[p]``. (Whole arrays and indices, never row views: a view
    in the innermost loop costs an atomic reference count that the threads fight over.)
    """
    omaha = game != 0
    high1 = nonflush[index, 0]
    high2 = nonflush[index, 1]
    if suit >= 0:
        high1 = hand_high(high1, hole_masks[0, suit], suit, board_mask, flush, omaha)
        high2 = hand_high(high2, hole_masks[1, suit], suit, board_mask, flush, omaha)
    low1 = 0
    low2 = 0
    if game == 2:
        low1 = low[low_sets[0], board_low]
        low2 = low[low_sets[1], board_low]
    h1, l1, h2, l2 = showdown_units(high1, high2, low1, low2, game == 2)
    acc[HI1] += h1
    acc[LO1] += l1
    acc[HI2] += h2
    acc[LO2] += l2
    units1 = h1 + l1
    if units1 > 2:
        acc[WIN1] += 1
    elif units1 < 2:
        acc[WIN2] += 1
    else:
        acc[TIE] += 1
    if units1 == 4:
        acc[SCOOP1] += 1
    elif units1 == 0:
        acc[SCOOP2] += 1
    if low1 > 0 or low2 > 0:
        acc[LOW_BOARDS] += 1
    acc[SQUARES1] += units1 * units1
    if h1 > h2:  # the high side alone (the whole pot when no low qualifies)
        acc[WINHI1] += 1
    elif h2 > h1:
        acc[WINHI2] += 1
    if l1 > l2:  # the low half alone
        acc[WINLO1] += 1
    elif l2 > l1:
        acc[WINLO2] += 1


@njit(cache=True, parallel=True)
def enumerate_boards(game, profiles, hole_masks, low_sets, known, deck, flush, low,
                     starts, seconds, bounds):
    """``int64[15]`` outcome counts over every completion of ``known`` by cards of ``deck``.

    ``profiles[:, p]`` is hand ``p``'s non-flush value per board rank multiset,
    ``hole_masks[p, s]`` its rank mask in suit ``s``, ``low_sets[p]`` its low-rank set.

    No known card (the big case): five nested loops over ``deck`` (in code order, hence rank
    order) carry the board's rank-multiset index, suit counts, suit masks and low set from
    level to level, so the innermost loop does a handful of additions. The work is cut by the
    first two cards: chunk ``k`` runs the (``starts[j]``, ``seconds[j]``) prefixes for ``j`` in
    ``bounds[k] .. bounds[k + 1]`` (chosen so that chunks get equal numbers of boards).
    Known cards (at most two cards to add, ~1,000 boards): plain loops over whole boards.
    """
    n_known = known.shape[0]
    m = deck.shape[0]
    n_chunks = bounds.shape[0] - 1
    acc = np.zeros((max(n_chunks, 1), NUM_ACC), dtype=np.int64)
    if n_known == 0:
        # Per deck position: binomial term of the index at each level, suit-count nibble,
        # suit-rank bit (16 bits per suit), low bit.
        term = np.empty((5, m), dtype=np.int64)
        nibble = np.empty(m, dtype=np.int64)
        bit = np.empty(m, dtype=np.int64)
        lowbit = np.empty(m, dtype=np.int64)
        for i in range(m):
            card = np.int64(deck[i])
            for level in range(5):
                term[level, i] = BINOMIAL[level + 1, (card >> 2) + level]
            nibble[i] = 1 << ((card & 3) << 2)
            bit[i] = 1 << (((card & 3) << 4) + (card >> 2))
            lowbit[i] = LOW_BIT_OF_CARD[card]
        for chunk in prange(n_chunks):
            row = np.zeros(NUM_ACC, dtype=np.int64)  # private: no false sharing
            _count_prefixes(row, bounds[chunk], bounds[chunk + 1], starts, seconds, m, term,
                            nibble, bit, lowbit, game, profiles, hole_masks, low_sets,
                            flush, low)
            acc[chunk] = row
    else:
        acc[0] = _count_completions(game, profiles, hole_masks, low_sets, known, deck, flush,
                                    low)
    return acc.sum(axis=0)


@njit(cache=True)
def _count_prefixes(row, first, last, starts, seconds, m, term, nibble, bit, lowbit, game,
                    profiles, hole_masks, low_sets, flush, low):
    """Outcome counts into ``row`` of the boards that start with the prefixes ``first ..
    last - 1`` (one chunk of :func:`enumerate_boards`). A plain (serial) kernel of its own:
    the parallel kernel around it stays small, which keeps its compilation short."""
    for j in range(first, last):
        i0 = starts[j]
        i1 = seconds[j]
        x1 = term[0, i0] + term[1, i1]
        n1 = nibble[i0] + nibble[i1]
        b1 = bit[i0] | bit[i1]
        l1 = lowbit[i0] | lowbit[i1]
        for i2 in range(i1 + 1, m - 2):
            x2 = x1 + term[2, i2]
            n2 = n1 + nibble[i2]
            b2 = b1 | bit[i2]
            l2 = l1 | lowbit[i2]
            for i3 in range(i2 + 1, m - 1):
                x3 = x2 + term[3, i3]
                n3 = n2 + nibble[i3]
                b3 = b2 | bit[i3]
                l3 = l2 | lowbit[i3]
                for i4 in range(i3 + 1, m):
                    index = x3 + term[4, i4]
                    # Flush suit: a nibble >= 3 (see board_summary).
                    flagged = (n3 + nibble[i4] + 0x5555) & 0x8888
                    suit = -1
                    board_mask = 0
                    if flagged:
                        suit = (flagged > 0x8) + (flagged > 0x80) + (flagged > 0x800)
                        board_mask = ((b3 | bit[i4]) >> (suit << 4)) & 0x1FFF
                    add_showdown(row, game, index, suit, board_mask, l3 | lowbit[i4],
                                 profiles, hole_masks, low_sets, flush, low)


@njit(cache=True)
def _count_completions(game, profiles, hole_masks, low_sets, known, deck, flush, low):
    """Outcome counts over every completion of the known cards by cards of ``deck`` (the
    known-cards case of :func:`enumerate_boards`: plain loops over whole boards)."""
    n_known = known.shape[0]
    m = deck.shape[0]
    need = 5 - n_known
    board = np.empty(5, dtype=np.int64)
    for u in range(n_known):
        board[u] = known[u]
    pos = np.arange(need)
    row = np.zeros(NUM_ACC, dtype=np.int64)
    while True:
        for u in range(need):
            board[n_known + u] = deck[pos[u]]
        index, suit, board_mask = board_summary(board[0], board[1], board[2], board[3],
                                                board[4])
        board_low = low_set5(board[0], board[1], board[2], board[3], board[4])
        add_showdown(row, game, index, suit, board_mask, board_low, profiles, hole_masks,
                     low_sets, flush, low)
        # Next combination of positions in lexicographic order.
        i = need - 1
        while i >= 0 and pos[i] == m - need + i:
            i -= 1
        if i < 0:
            break
        pos[i] += 1
        for j in range(i + 1, need):
            pos[j] = pos[j - 1] + 1
    return row


def preflop_partition(deck_size: int, n_chunks: int) -> tuple[np.ndarray, np.ndarray,
                                                              np.ndarray]:
    """Prefixes (first two deck positions) of five-card boards, cut into ``n_chunks`` runs of
    about equal numbers of boards: (starts, seconds, bounds) for :func:`enumerate_boards`."""
    first, second = np.triu_indices(deck_size - 3, k=1)
    boards_after = np.array([comb(deck_size - 1 - int(s), 3) for s in range(deck_size)])
    work = np.cumsum(boards_after[second])
    targets = work[-1] * np.arange(1, n_chunks) / n_chunks
    bounds = np.concatenate([[0], np.searchsorted(work, targets), [len(first)]])
    return first.astype(np.int64), second.astype(np.int64), bounds.astype(np.int64)


def exact_equity(
    hand1: Cards, hand2: Cards, board: Cards = "", dead: Cards = "", game: str = "omaha-hi"
) -> EquityResult:
    """Exact heads-up equity: every completion of ``board`` (0, 3, 4 or 5 known cards) from
    the cards not in the hands, the board or ``dead``.

    Cards are text (``"As Kd 7h 7c"``) or card codes. Games: ``holdem``, ``omaha-hi``
    (alias ``omaha``), ``omaha-hilo``.

    >>> r = exact_equity("Ah Kh 5c 4c", "Qs Qd Jc Tc", board="Qh 3c 2s", game="omaha-hilo")
    >>> r.boards, round(r.equity[0] + r.equity[1], 12)
    (820, 1.0)
    """

    return exact_deal_equity(enumerate_deal, hand1, hand2, board, dead, game)


def enumerate_deal(game: str, hands: np.ndarray, known: np.ndarray, deck: np.ndarray,
                   profiles: np.ndarray | None = None) -> np.ndarray:
    """Outcome counts (``int64[15]``) of two hands (``int8[2, k]``) over every completion of
    ``known`` by ``deck`` (the cards left, in increasing code order). The building block for
    callers that validated the cards themselves; ``profiles`` (``uint16[6188, 2]``, see
    :func:`omahanash.evaluate.nonflush_profiles`) may be passed when already known."""
    if profiles is None:
        profiles = nonflush_profiles(hands, "holdem" if game == "holdem" else "omaha")
    hole_masks, low_sets = hand_features(hands)
    if len(known) == 0:
        # Enough chunks for any thread count to balance; few enough to cost nothing.
        starts, seconds, bounds = preflop_partition(len(deck), 32)
    else:
        starts = seconds = bounds = np.zeros(1, dtype=np.int64)
    return enumerate_boards(GAME_CODES[game], profiles, hole_masks, low_sets, known, deck,
                            flush_table(), low_table(), starts, seconds, bounds)
