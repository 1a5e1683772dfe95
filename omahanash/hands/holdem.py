"""The 169 Hold'em starting-hand classes on the usual 13×13 grid.

Rows and columns are ranks from the ace down (index ``i`` is rank ``A``, ``K``, …, ``2``);
pairs sit on the diagonal, suited hands above it (row = high card, column = low card) and
offsuit hands below it (row = low card, column = high card). The class id is the row-major
cell number ``row * 13 + col``, so the ids read the grid like a page:

- ``0`` = ``AA``, ``1`` = ``AKs``, …, ``12`` = ``A2s``;
- ``13`` = ``AKo``, ``14`` = ``KK``, ``15`` = ``KQs``, …;
- ``168`` = ``22``.

Names are ``AA`` (pair, 6 combos), ``AKs`` (suited, 4) and ``AKo`` (offsuit, 12): 1,326 in all.
Canonical concrete hands (``class_cards``), high card first: a pair in spades and hearts
(``As Ah``), a suited hand in spades (``As Ks``), an offsuit hand spades then hearts
(``As Kh``).

>>> class_name(1), class_cards(13), class_of("Kd Ad"), class_combos()[[0, 1, 13]].tolist()
('AKs', 'As Kh', 1, [6, 4, 12])
"""

from __future__ import annotations

import functools
import re
from collections.abc import Sequence
from itertools import combinations, permutations

import numpy as np
from numba import njit

from omahanash.cards import RANKS, format_cards, parse_cards
from omahanash.errors import InputError

NUM_CLASSES = 169
GROUPS = ("pair", "suited", "offsuit")
_GROUP_COMBOS = {"pair": 6, "suited": 4, "offsuit": 12}
_HEARTS, _SPADES = 2, 3
_NAME = re.compile(r"([2-9TJQKA])([2-9TJQKA])([so]?)", re.IGNORECASE)


def _cell(class_id: int) -> tuple[int, int, str]:
    """(high rank, low rank, group) of a class; ranks are indices 0 (deuce) .. 12 (ace)."""
    row, col = divmod(class_id, 13)
    if row == col:
        return 12 - row, 12 - row, "pair"
    if row < col:
        return 12 - row, 12 - col, "suited"
    return 12 - col, 12 - row, "offsuit"


@njit(cache=True)
def hand_class_id(c0: int, c1: int) -> int:
    """Class id of two card codes in any order, usable inside numba kernels; -1 if invalid.

    >>> hand_class_id(51, 47)  # As Ks
    1
    """
    a, b = int(c0), int(c1)
    if a < 0 or b < 0 or a > 51 or b > 51 or a == b:
        return -1
    high, low = max(a, b) >> 2, min(a, b) >> 2
    if high == low:
        return (12 - high) * 14
    if (a & 3) == (b & 3):
        return (12 - high) * 13 + (12 - low)
    return (12 - low) * 13 + (12 - high)


@njit(cache=True)
def _lookup(hands: np.ndarray) -> tuple[np.ndarray, int]:
    """Class ids of the rows, and the first invalid row (-1 when all are valid)."""
    out = np.empty(hands.shape[0], dtype=np.int32)
    first_bad = -1
    for i in range(hands.shape[0]):
        out[i] = hand_class_id(hands[i, 0], hands[i, 1])
        if out[i] < 0 and first_bad < 0:
            first_bad = i
    return out, first_bad


def check_class_id(class_id: int) -> int:
    """``class_id`` as an int, or :class:`InputError` saying the valid range.

    >>> check_class_id(169)
    Traceback (most recent call last):
    ...
    omahanash.errors.InputError: Hold'em class id 169 is out of range 0..168
    """
    if isinstance(class_id, bool) or not isinstance(class_id, int | np.integer):
        raise InputError(f"Hold'em class id {class_id!r} is not an integer")
    if not 0 <= class_id < NUM_CLASSES:
        raise InputError(f"Hold'em class id {class_id} is out of range 0..{NUM_CLASSES - 1}")
    return int(class_id)


def class_ids(hands: np.ndarray) -> np.ndarray:
    """Class ids (int32) of an ``(n, 2)`` integer array of card codes, any order in a row.

    Raises :class:`InputError` naming the first row with a code outside 0..51 or a repeat.

    >>> class_ids(np.array([[51, 47], [0, 1]])).tolist()  # As Ks, 2c 2d
    [1, 168]
    """
    array = np.asarray(hands)
    if array.ndim != 2 or array.shape[1] != 2 or not np.issubdtype(array.dtype, np.integer):
        raise InputError(
            f"Hold'em hands must be an (n, 2) integer array of card codes, got shape "
            f"{array.shape} of {array.dtype}"
        )
    # One compiled signature whatever the caller's dtype or layout (see omaha.class_ids).
    ids, row = _lookup(np.ascontiguousarray(array, dtype=np.int64))
    if row >= 0:
        raise InputError(f"hand {row} {array[row].tolist()} is not two distinct card codes 0..51")
    return ids


def class_of(cards: str | Sequence[int] | Sequence[str]) -> int:
    """Class id of one concrete hand, in any order and any notation ``parse_cards`` accepts.

    >>> class_of("2h 2c"), class_of("Ks,Ah")
    (168, 13)
    """
    high, low = sorted(parse_cards(cards, 2), reverse=True)
    return int(hand_class_id(high, low))


def class_of_name(name: str) -> int:
    """Class id of a grid name: ``AA``, ``AKs``, ``AKo`` (ranks in either order, any case).

    >>> class_of_name("aks"), class_of_name("KAo"), class_of_name("22")
    (1, 13, 168)
    """
    match = _NAME.fullmatch(name.strip())
    if match is None:
        raise InputError(f"{name!r} is not a Hold'em hand name like AA, AKs or AKo")
    first, second = RANKS.index(match[1].upper()), RANKS.index(match[2].upper())
    high, low, suffix = max(first, second), min(first, second), match[3].lower()
    if high == low:
        if suffix:
            raise InputError(
                f"{name!r}: a pair cannot be suited or offsuit (write {RANKS[high] * 2})"
            )
        return (12 - high) * 14
    if not suffix:
        plain = RANKS[high] + RANKS[low]
        raise InputError(f"{name!r} is ambiguous: write {plain}s (suited) or {plain}o (offsuit)")
    if suffix == "s":
        return (12 - high) * 13 + (12 - low)
    return (12 - low) * 13 + (12 - high)


def looks_like_name(text: str) -> bool:
    """Whether ``text`` has the shape of a grid name (two ranks and an optional s/o)."""
    return _NAME.fullmatch(text.strip()) is not None


def class_name(class_id: int) -> str:
    """Grid name of a class.

    >>> class_name(0), class_name(1), class_name(13)
    ('AA', 'AKs', 'AKo')
    """
    high, low, group = _cell(check_class_id(class_id))
    suffix = {"pair": "", "suited": "s", "offsuit": "o"}[group]
    return RANKS[high] + RANKS[low] + suffix


def class_group(class_id: int) -> str:
    """``pair``, ``suited`` or ``offsuit``.

    >>> class_group(13)
    'offsuit'
    """
    return _cell(check_class_id(class_id))[2]


@functools.cache
def _canonical() -> np.ndarray:
    hands = np.empty((NUM_CLASSES, 2), dtype=np.int8)
    for class_id in range(NUM_CLASSES):
        high, low, group = _cell(class_id)
        second_suit = _SPADES if group == "suited" else _HEARTS
        hands[class_id] = (high * 4 + _SPADES, low * 4 + second_suit)
    hands.flags.writeable = False
    return hands


def canonical_hands() -> np.ndarray:
    """Read-only int8 array ``(169, 2)``: each class's canonical hand, high card first.

    >>> canonical_hands()[1].tolist()  # As Ks
    [51, 47]
    """
    return _canonical()


def class_cards(class_id: int) -> str:
    """Canonical concrete hand of a class, high card first.

    >>> class_cards(0), class_cards(1), class_cards(13)
    ('As Ah', 'As Ks', 'As Kh')
    """
    return format_cards(_canonical()[check_class_id(class_id)])


def class_combos() -> np.ndarray:
    """Number of concrete hands in each class (int32, length 169, sum 1,326).

    >>> class_combos()[:2].tolist()
    [6, 4]
    """
    return np.array(
        [_GROUP_COMBOS[_cell(class_id)[2]] for class_id in range(NUM_CLASSES)], dtype=np.int32
    )


def class_members(class_id: int) -> np.ndarray:
    """The concrete hands of a class: int8 ``(n, 2)``, each row ascending, rows ascending.

    >>> class_members(1).tolist()  # AKs: Kc Ac, Kd Ad, Kh Ah, Ks As
    [[44, 48], [45, 49], [46, 50], [47, 51]]
    """
    high, low, group = _cell(check_class_id(class_id))
    if group == "pair":
        suit_pairs = list(combinations(range(4), 2))
    elif group == "suited":
        suit_pairs = [(s, s) for s in range(4)]
    else:
        suit_pairs = list(permutations(range(4), 2))
    rows = sorted((low * 4 + s_low, high * 4 + s_high) for s_low, s_high in suit_pairs)
    return np.array(rows, dtype=np.int8)
