"""The evaluators' light half: the non-flush lookup tables by rank pair, hand rank-pair
indices, and the name of a low value (numpy only: no numba kernel loads with it).

>>> nonflush_table("holdem").shape
(6188, 91)
"""

from __future__ import annotations

from functools import cache

import numpy as np

from omahanash.errors import InputError
from omahanash.evaluate.tables import LOW_CLASSES, NUM_PAIRS, low_value_of_mask, nonflush_columns

__all__ = ["checked_cards", "hand_pair_indices", "low_ranks_of", "nonflush_profiles",
           "nonflush_table"]


def checked_cards(array: np.ndarray, width: int, what: str) -> np.ndarray:
    """Card codes as a C-contiguous ``int8[n, width]`` (one dtype: one compiled kernel);
    :class:`InputError` for anything that is not integer codes 0..51 in that shape.

    >>> checked_cards([[0, 51]], 2, "hands").dtype
    dtype('int8')
    """
    cards = np.asarray(array)
    if cards.dtype.kind not in "iu":
        raise InputError(f"{what} must be integer card codes 0..51, got dtype {cards.dtype}")
    if cards.ndim != 2 or cards.shape[1] != width:
        raise InputError(f"{what} must have shape (n, {width}), got {cards.shape}")
    if cards.dtype != np.int8 and cards.size and (cards.min() < 0 or cards.max() > 51):
        # checked before the cast to int8, which would wrap 300 to 44
        raise InputError(f"{what} hold a card code outside 0..51")
    return np.ascontiguousarray(cards, dtype=np.int8)


@cache
def nonflush_table(game: str) -> np.ndarray:
    """``uint16[6188, 91]``: best non-flush value by (board rank multiset, hole rank pair).

    ``game`` is ``"holdem"`` (best five of the seven ranks) or ``"omaha"`` (the two hole ranks
    with three board ranks). Built once per process (numpy, ~20 ms).
    """
    table = nonflush_columns(np.arange(NUM_PAIRS)[:, None], game)
    table.setflags(write=False)
    return table


def hand_pair_indices(hands: np.ndarray) -> np.ndarray:
    """``int64[n, C(k, 2)]``: rank-pair index of every two of the ``k`` hole cards of each hand."""
    ranks = np.asarray(hands, dtype=np.int64) >> 2
    k = ranks.shape[1]
    columns = []
    for i in range(k - 1):
        for j in range(i + 1, k):
            lo, hi = np.minimum(ranks[:, i], ranks[:, j]), np.maximum(ranks[:, i], ranks[:, j])
            columns.append(lo + hi * (hi + 1) // 2)
    return np.stack(columns, axis=1)


def nonflush_profiles(hands: np.ndarray, game: str) -> np.ndarray:
    """``uint16[6188, n]``: column ``j`` is the best non-flush value of hand ``j`` (card codes
    ``(n, 2)`` for Hold'em, ``(n, 4)`` for Omaha) on each board rank multiset.

    Used by enumerations that meet a few hands on very many boards: one lookup per hand and
    board instead of six. Costs ~1 ms per hand (numpy).
    """
    width = 2 if game == "holdem" else 4
    pairs = hand_pair_indices(checked_cards(hands, width, "hands"))
    return nonflush_columns(pairs, "holdem" if game == "holdem" else "omaha")


def low_ranks_of(value: int) -> str:
    """The low a value 1..56 stands for, highest card first.

    >>> low_ranks_of(56), low_ranks_of(1)
    ('5-4-3-2-A', '8-7-6-5-4')
    """
    masks = np.flatnonzero(low_value_of_mask() == value)
    if value < 1 or masks.size != 1:
        raise InputError(f"low value {value!r} is out of range 1..{LOW_CLASSES}")
    names = "A2345678"
    return "-".join(names[b] for b in range(7, -1, -1) if masks[0] >> b & 1)
