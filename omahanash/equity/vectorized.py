"""Exact heads-up equity in plain numpy: the same counts as the numba kernels of
:mod:`omahanash.equity.exact`, without importing numba.

Why: the computation of one exact matchup takes ~0.02 s, but ``import numba`` and numba's
first dispatch of a cached kernel cost ~0.5 s per process. The ``omahanash equity`` command
runs once per process, so for two concrete hands it uses this module (whole process
~0.3 s instead of ~1 s); long-running callers (the app, Monte Carlo, table builders) keep
the numba kernels.

>>> r = exact_equity_numpy("As Ah", "Ks Kd", game="holdem")
>>> round(r.equity[0], 6), r.boards
(0.819461, 1712304)

How the 1,086,008 (Omaha) or 1,712,304 (Hold'em) boards are done in ~0.05 s:

* A board is settled through three small integers: its rank-multiset index (0..6187,
  :func:`omahanash.evaluate.tables.multiset_index`), its *flush key* ``suit << 13 | mask``
  (the one suit with at least three board cards and that suit's 13-bit rank mask; 0 when no
  suit has three) and its low-rank set (8 bits). Each hand has a table for each: its
  non-flush value per multiset index (:func:`~omahanash.evaluate.nonflush_profiles`), its
  best flush per flush key (:func:`flush_values`, 0 when it makes none) and, for both hands
  together, the low outcome per board low set. A hand's high value is
  ``max(nonflush[index], flush[key])``.
* No known board card: boards are the five-subsets of the remaining deck in lexicographic
  order, so their ranks come sorted. The three integers of every four-card *tail* (deck
  positions as board cards 2..5) are built once, level by level from the right
  (:func:`_board_tails`); the boards that start with deck card ``f`` are the tails after
  ``f`` (a contiguous suffix of them), joined to ``f`` by shifting the non-flush tables by
  ``f``'s index term and or-ing its rank bit into the flush key where it counts. So the work
  per board is a handful of vectorized gathers and compares (and a ``bincount`` for Hi/Lo).
* Known board cards (a flop leaves at most C(45, 2) = 990 boards): the boards are built
  explicitly and summarized with a sort.

Outcome counts go through twelve board categories (high: lose / tie / win, times low: lose /
split / win / no qualifying low), turned into the ``int64[15]`` accumulator of
:mod:`omahanash.equity.result` at the end.
"""

from __future__ import annotations

from itertools import combinations
from math import comb

import numpy as np

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
)
from omahanash.evaluate import nonflush_profiles
from omahanash.evaluate.tables import flush_table, lookup_table, low_table

NUM_RANKS = 13
MASK_BITS = 1 << NUM_RANKS  # 13-bit rank masks
FLUSH_KEYS = 4 * MASK_BITS  # flush key = suit << 13 | mask
NUM_CATEGORIES = 12  # high outcome (0 lose, 1 tie, 2 win) + 3 * low outcome (0..2, 3 = no low)

# TERMS[level, rank] = C(rank + level, level + 1): the multiset-index term of the board's
# level-th smallest rank (level 0..4).
TERMS = np.array([[comb(r + level, level + 1) for r in range(NUM_RANKS)] for level in range(5)],
                 dtype=np.int16)
# Masks of the 286 sets of three ranks.
THREE_RANK_MASKS = np.array([(1 << a) | (1 << b) | (1 << c)
                             for a, b, c in combinations(range(NUM_RANKS), 3)], dtype=np.int64)


def omaha_flush_by_mask(hole_ranks: np.ndarray, flush: np.ndarray) -> np.ndarray:
    """``uint16[8192]``: best Omaha flush of hole cards of one suit (their ``ranks``) with
    exactly three ranks of each board rank mask of that suit (0 without a flush).

    The 286 three-rank masks get the best flush over the suited hole pairs, then a max over
    subsets (one pass per bit) carries each value to every superset.

    >>> from omahanash.evaluate.tables import category_of, flush_table
    >>> table = omaha_flush_by_mask(np.array([12, 11]), flush_table())  # A K of the suit
    >>> category_of(int(table[0b0_0111_0000_0001]))  # board Q J T 2: A K + Q J T
    'straight flush'
    >>> int(table[0b111]) == int(flush_table()[0b1_1000_0000_0111]), int(table[0b11])
    (True, 0)
    """
    ranks = [int(r) for r in hole_ranks]
    table = np.zeros(MASK_BITS, dtype=np.uint16)
    if len(ranks) < 2:
        return table
    pairs = np.array([(1 << a) | (1 << b) for a, b in combinations(ranks, 2)], dtype=np.int64)
    # A pair sharing a rank with the triple has fewer than five ranks: flush value 0.
    table[THREE_RANK_MASKS] = flush[pairs[:, None] | THREE_RANK_MASKS].max(axis=0)
    for bit in range(NUM_RANKS):
        view = table.reshape(-1, 2, 1 << bit)  # [.., bit clear / set, ..]
        np.maximum(view[:, 1], view[:, 0], out=view[:, 1])
    return table


def flush_values(hands: np.ndarray, game: str) -> np.ndarray:
    """``uint16[n, 32768]``: each hand's best flush per board flush key ``suit << 13 | mask``
    (0 when it makes none; key 0 — no flush suit on the board — is always 0).

    Omaha: exactly two suited hole cards and three board cards of the suit. Hold'em: the best
    five of the suit among all seven cards.
    """
    cards = np.asarray(hands, dtype=np.int64)
    flush = flush_table()
    omaha = game != "holdem"
    masks = np.arange(MASK_BITS)
    out = np.zeros((len(cards), 4, MASK_BITS), dtype=np.uint16)
    for p, hand in enumerate(cards):
        for suit in range(4):
            ranks = hand[(hand & 3) == suit] >> 2
            if omaha:
                out[p, suit] = omaha_flush_by_mask(ranks, flush)
            else:
                hole = int(np.bitwise_or.reduce(1 << ranks)) if len(ranks) else 0
                out[p, suit] = flush[hole | masks]
    return out.reshape(len(cards), FLUSH_KEYS)


def low_categories(low_sets: np.ndarray) -> np.ndarray:
    """``uint8[256]``: 3 × low outcome for player 1 per board low-rank set (0 lose, 1 split,
    2 win, 3 no qualifying low for either hand), from the hands' low-rank sets."""
    low = low_table()
    low1 = low[int(low_sets[0])].astype(np.int64)
    low2 = low[int(low_sets[1])].astype(np.int64)
    outcome = np.where((low1 == 0) & (low2 == 0), 3, 1 + np.sign(low1 - low2))
    return (3 * outcome).astype(np.uint8)


def counts_from_categories(hist: np.ndarray) -> np.ndarray:
    """``int64[15]`` accumulator (layout ``HI1 .. WINLO2``) from the number of boards in
    each of the twelve categories ``high + 3 * low`` (see :func:`low_categories`).

    >>> counts_from_categories(np.array([0] * 9 + [1, 2, 3])).tolist()  # 1 lost, 2 tied, 3 won
    [16, 0, 8, 0, 3, 1, 2, 3, 1, 0, 56, 3, 1, 0, 0]
    """
    acc = np.zeros(NUM_ACC, dtype=np.int64)
    for code, n in enumerate(np.asarray(hist, dtype=np.int64).tolist()):
        high, low = code % 3, code // 3
        if low == 3:  # the whole pot goes to the high hand(s)
            h1, l1, h2, l2 = 2 * high, 0, 4 - 2 * high, 0
        else:
            h1, l1, h2, l2 = high, low, 2 - high, 2 - low
            acc[LOW_BOARDS] += n
        units1 = h1 + l1
        acc[HI1] += n * h1
        acc[LO1] += n * l1
        acc[HI2] += n * h2
        acc[LO2] += n * l2
        acc[WIN1 if units1 > 2 else WIN2 if units1 < 2 else TIE] += n
        if units1 == 4:
            acc[SCOOP1] += n
        elif units1 == 0:
            acc[SCOOP2] += n
        acc[SQUARES1] += n * units1 * units1
        if h1 != h2:
            acc[WINHI1 if h1 > h2 else WINHI2] += n
        if l1 != l2:
            acc[WINLO1 if l1 > l2 else WINLO2] += n
    return acc


def _settle(hist: np.ndarray, nonflush1: np.ndarray, nonflush2: np.ndarray, flush1: np.ndarray,
            flush2: np.ndarray, categories: np.ndarray | None, index: np.ndarray,
            key: np.ndarray, low: np.ndarray | None) -> None:
    """Add the boards (``index``, flush ``key``, ``low`` set) to the category counts ``hist``;
    ``categories`` is :func:`low_categories` (None: not Hi/Lo)."""
    high1 = np.maximum(nonflush1[index], flush1[key])
    high2 = np.maximum(nonflush2[index], flush2[key])
    if categories is None:
        wins = np.count_nonzero(high1 > high2)
        losses = np.count_nonzero(high1 < high2)
        hist[9] += losses
        hist[10] += len(index) - wins - losses
        hist[11] += wins
    else:
        code = categories[low]
        code += (high1 > high2).view(np.uint8)
        code += (high1 >= high2).view(np.uint8)
        hist += np.bincount(code, minlength=NUM_CATEGORIES)


def _board_tails(deck: np.ndarray, low_bits: np.ndarray) -> tuple[np.ndarray, ...]:
    """Every four-subset of deck positions, in lexicographic order, as board cards at levels
    1..4 (the four highest of five sorted cards): index part ``int16``, suit-count nibbles
    ``uint16``, rank bits ``int64`` (16 per suit) and low set ``uint8``.

    Built from the right: the k-subsets starting at position ``f`` are ``f`` joined to the
    (k - 1)-subsets after ``f`` — the last C(m - 1 - f, k - 1) rows of the previous level.
    """
    ranks = deck.astype(np.int64) >> 2
    suits = deck.astype(np.int64) & 3
    nibble = (1 << (4 * suits)).astype(np.uint16)
    bits = 1 << (16 * suits + ranks)
    m = len(deck)
    index, count, mask, low = TERMS[4, ranks], nibble, bits, low_bits
    for k, level in ((2, 3), (3, 2), (4, 1)):
        size = comb(m, k)
        parts = (np.empty(size, np.int16), np.empty(size, np.uint16), np.empty(size, np.int64),
                 np.empty(size, np.uint8))
        row = 0
        for f in range(m - k + 1):
            start = len(index) - comb(m - 1 - f, k - 1)
            end = row + len(index) - start
            np.add(index[start:], TERMS[level, ranks[f]], out=parts[0][row:end])
            np.add(count[start:], nibble[f], out=parts[1][row:end])
            np.bitwise_or(mask[start:], bits[f], out=parts[2][row:end])
            np.bitwise_or(low[start:], low_bits[f], out=parts[3][row:end])
            row = end
        index, count, mask, low = parts
    return index, count, mask, low


def _preflop(hist: np.ndarray, deck: np.ndarray, low_bits: np.ndarray, nonflush1: np.ndarray,
             nonflush2: np.ndarray, flush1: np.ndarray, flush2: np.ndarray,
             categories: np.ndarray | None) -> None:
    """Every five-subset of ``deck`` (sorted), by first card: see the module docstring."""
    m = len(deck)
    if m < 5:
        return
    index, count, mask, low = _board_tails(deck, low_bits)
    # Per suit s of the first card: the flush key of the board without the first card's bit
    # (the tail's suit with >= 3 cards, or s when the tail holds exactly two of s), and
    # 0x1FFF where the first card completes or extends a flush (the tail holds >= 2 of s).
    count = count.astype(np.int64)
    suit_count = [(count >> (4 * s)) & 15 for s in range(4)]
    suit_key = [(s << NUM_RANKS) | ((mask >> (16 * s)) & 0x1FFF) for s in range(4)]
    three = sum(np.where(suit_count[s] >= 3, suit_key[s], 0) for s in range(4))
    key_without = [np.where(suit_count[s] == 2, suit_key[s], three).astype(np.uint16)
                   for s in range(4)]
    extends = [np.where(suit_count[s] >= 2, 0x1FFF, 0).astype(np.uint16) for s in range(4)]
    del count, mask, suit_count, suit_key, three
    total = len(index)
    for f in range(m - 4):
        card = int(deck[f])
        rank, suit = card >> 2, card & 3
        start = total - comb(m - 1 - f, 4)
        key = extends[suit][start:] & np.uint16(1 << rank)
        key |= key_without[suit][start:]
        # Board index = tail index + C(rank, 1): shift the value tables instead of the index.
        by_low = None
        if categories is not None:
            by_low = categories[np.arange(256) | int(low_bits[f])]
        _settle(hist, nonflush1[rank:], nonflush2[rank:], flush1, flush2, by_low,
                index[start:], key, None if by_low is None else low[start:])


def _with_known(hist: np.ndarray, known: np.ndarray, deck: np.ndarray, low_bit: np.ndarray,
                nonflush1: np.ndarray, nonflush2: np.ndarray, flush1: np.ndarray,
                flush2: np.ndarray, categories: np.ndarray | None) -> None:
    """Every completion of ``known`` (1..5 cards) by ``deck``: explicit boards, sorted."""
    need = 5 - len(known)
    if len(deck) < need:
        return
    chosen = np.array(list(combinations(range(len(deck)), need)), dtype=np.int64)
    boards = np.concatenate([np.broadcast_to(known.astype(np.int64), (len(chosen), len(known))),
                             deck.astype(np.int64)[chosen.reshape(len(chosen), need)]], axis=1)
    ranks = boards >> 2
    suits = boards & 3
    ordered = np.sort(ranks, axis=1)
    index = sum(TERMS[level][ordered[:, level]].astype(np.int64) for level in range(5))
    key = np.zeros(len(boards), dtype=np.int64)
    for s in range(4):
        in_suit = suits == s
        suit_mask = np.where(in_suit, 1 << ranks, 0).sum(axis=1)
        key += np.where(in_suit.sum(axis=1) >= 3, (s << NUM_RANKS) | suit_mask, 0)
    low = np.bitwise_or.reduce(low_bit[boards], axis=1)
    _settle(hist, nonflush1, nonflush2, flush1, flush2, categories, index, key, low)


def enumerate_deal_numpy(game: str, hands: np.ndarray, known: np.ndarray, deck: np.ndarray,
                         profiles: np.ndarray | None = None) -> np.ndarray:
    """Outcome counts (``int64[15]``, layout ``HI1 .. WINLO2``) of two hands (``int8[2, k]``)
    over every completion of ``known`` by ``deck``: exactly
    :func:`omahanash.equity.exact.enumerate_deal`, in numpy. ``profiles`` (``uint16[6188,
    2]``, :func:`omahanash.evaluate.nonflush_profiles`) may be passed when already known.

    >>> from omahanash.cards import parse_cards, remaining_deck
    >>> hands = np.array([parse_cards("As Ah"), parse_cards("Ks Kd")], dtype=np.int8)
    >>> board = np.array(parse_cards("Kh 7c 2d 9s"), dtype=np.int8)
    >>> deck = remaining_deck(hands.ravel(), board)
    >>> enumerate_deal_numpy("holdem", hands, board, deck).tolist()  # aces: Ac or Ad only
    [8, 0, 168, 0, 2, 42, 0, 2, 42, 0, 32, 2, 42, 0, 0]
    """
    if game not in GAME_CODES:
        raise ValueError(f"unknown game {game!r} (expected one of {', '.join(GAME_CODES)})")
    hands = np.asarray(hands, dtype=np.int8)
    known = np.asarray(known, dtype=np.int8).ravel()
    deck = np.sort(np.asarray(deck, dtype=np.int8).ravel())
    if profiles is None:
        profiles = nonflush_profiles(hands, "holdem" if game == "holdem" else "omaha")
    nonflush1 = np.ascontiguousarray(profiles[:, 0])
    nonflush2 = np.ascontiguousarray(profiles[:, 1])
    flush1, flush2 = flush_values(hands, game)
    categories = None
    if game == "omaha-hilo":
        categories = low_categories(hand_features(hands)[1])
    low_bit = lookup_table("low_bit_of_card").astype(np.uint8)  # per card code
    hist = np.zeros(NUM_CATEGORIES, dtype=np.int64)
    if len(known) == 0:
        _preflop(hist, deck, low_bit[deck], nonflush1, nonflush2, flush1, flush2, categories)
    else:
        _with_known(hist, known, deck, low_bit, nonflush1, nonflush2, flush1, flush2,
                    categories)
    return counts_from_categories(hist)


def exact_equity_numpy(
    hand1: Cards, hand2: Cards, board: Cards = "", dead: Cards = "", game: str = "omaha-hi"
) -> EquityResult:
    """Exact heads-up equity like :func:`omahanash.equity.exact.exact_equity` (same
    arguments, same validation, same result), computed without numba.

    >>> r = exact_equity_numpy("As Ah Kd 7c", "Ks Qd 8h 9h", board="Qs 7h 2c", game="omaha")
    >>> r.boards, round(r.equity[0] * r.boards)
    (820, 473)
    """
    return exact_deal_equity(enumerate_deal_numpy, hand1, hand2, board, dead, game)
