"""The 16,432 Omaha starting-hand classes, numbered exactly as in the thesis
(docs/cards-and-hands.md).

Two 4-card hands are in one class when a permutation of the suits maps one onto the other.
Classes are numbered group by group, each group enumerated lexicographically by rank index
(``2`` = 0 … ``A`` = 12):

=====  ======  ===============  ===================================================  ======
group  count   ids              order inside the group                               combos
=====  ======  ===============  ===================================================  ======
aaaa   715     0–714            ranks r1<r2<r3<r4                                    4
aaab   3,718   715–4,432        suited triple (r1<r2<r3) major, then the single      12
aabb   3,081   4,433–7,513      pair P ≤ pair Q, each pair (lo, hi), P major         12 (6)
aabc   7,098   7,514–14,611     suited pair (lo<hi) major, then singles s1 ≤ s2      24 (12)
abcd   1,820   14,612–16,431    ranks r1 ≤ r2 ≤ r3 ≤ r4                              4!/∏m!
=====  ======  ===============  ===================================================  ======

(combos in parentheses: when P = Q, resp. s1 = s2; ``m`` are the multiplicities of the ranks.)

Canonical display form of a class (``class_cards``), ranks ascending inside each part:

- ``aaaa``: the four ranks in spades — id 0 is ``2s 3s 4s 5s``;
- ``aaab``: the suited triple in spades, then the single in clubs — id 715 is ``2s 3s 4s 2c``;
- ``aabb``: pair P in spades, then pair Q in clubs — id 4527 is ``2s 4s 3c 9c`` (thesis);
- ``aabc``: the singles first, s1 in hearts and s2 in diamonds, then the suited pair in clubs —
  id 12025 is ``6h Qd 6c Ac`` (thesis);
- ``abcd``: the four ranks ascending in spades, clubs, hearts, diamonds — id 14612 is
  ``2s 2c 2h 2d``, id 16431 is ``As Ac Ah Ad``.

Lookup: :func:`class_id_table` maps the colex index of the sorted four cards
(``C(a,1) + C(b,2) + C(c,3) + C(d,4)`` for codes ``a<b<c<d``) to the class id; it is built once
per process from the canonical hands (numpy, about 0.1 s). :func:`class_ids` maps an ``(n, 4)``
array of hands through it (numba), and :func:`hand_class_id` does one hand inside other numba
kernels.

>>> class_cards(4527), class_of("9c 2s 3c 4s"), class_group(12025)
('2s 4s 3c 9c', 4527, 'aabc')
"""

from __future__ import annotations

import functools
from collections.abc import Sequence
from itertools import combinations, combinations_with_replacement, permutations

import numpy as np
from numba import njit

from omahanash.cards import format_cards, parse_cards
from omahanash.errors import InputError

NUM_CLASSES = 16432
NUM_HANDS = 270725  # C(52, 4)
GROUPS = ("aaaa", "aaab", "aabb", "aabc", "abcd")
GROUP_SIZES = (715, 3718, 3081, 7098, 1820)
GROUP_STARTS = (0, 715, 4433, 7514, 14612)

_CLUBS, _DIAMONDS, _HEARTS, _SPADES = 0, 1, 2, 3

# Every permutation of the suits, as a map from card code to card code: (24, 52).
_SUIT_PERMUTATIONS = np.array(
    [[(card >> 2) * 4 + perm[card & 3] for card in range(52)] for perm in permutations(range(4))],
    dtype=np.int8,
)


@functools.cache
def _enumeration() -> np.ndarray:
    """The canonical hand of every class, walking the groups in thesis order: ``(16432, 4)``."""

    def card(rank: int, suit: int) -> int:
        return rank * 4 + suit

    canonical: list[tuple[int, ...]] = []
    pairs = list(combinations(range(13), 2))  # (lo, hi), lexicographic
    for r in combinations(range(13), 4):  # aaaa
        canonical.append(tuple(card(x, _SPADES) for x in r))
    for triple in combinations(range(13), 3):  # aaab
        for single in range(13):
            canonical.append((*(card(x, _SPADES) for x in triple), card(single, _CLUBS)))
    for p, q in combinations_with_replacement(pairs, 2):  # aabb
        canonical.append(
            (card(p[0], _SPADES), card(p[1], _SPADES), card(q[0], _CLUBS), card(q[1], _CLUBS))
        )
    for p in pairs:  # aabc
        for s1, s2 in combinations_with_replacement(range(13), 2):
            canonical.append(
                (card(s1, _HEARTS), card(s2, _DIAMONDS), card(p[0], _CLUBS), card(p[1], _CLUBS))
            )
    suits = (_SPADES, _CLUBS, _HEARTS, _DIAMONDS)
    for r in combinations_with_replacement(range(13), 4):  # abcd
        canonical.append(tuple(card(x, s) for x, s in zip(r, suits, strict=True)))
    hands = np.array(canonical, dtype=np.int8)
    hands.flags.writeable = False
    return hands


@njit(cache=True, inline="always")
def _sorted4(c0: int, c1: int, c2: int, c3: int) -> tuple[int, int, int, int]:
    """Four values in ascending order (a sorting network)."""
    a, b, c, d = int(c0), int(c1), int(c2), int(c3)
    if a > b:
        a, b = b, a
    if c > d:
        c, d = d, c
    if a > c:
        a, c = c, a
    if b > d:
        b, d = d, b
    if b > c:
        b, c = c, b
    return a, b, c, d


@njit(cache=True, inline="always")
def _colex_index(c0: int, c1: int, c2: int, c3: int) -> int:
    """Colex index of four card codes in any order; -1 unless they are distinct codes 0..51."""
    a, b, c, d = _sorted4(c0, c1, c2, c3)
    if a < 0 or d > 51 or a == b or b == c or c == d:
        return -1
    return a + b * (b - 1) // 2 + c * (c - 1) * (c - 2) // 6 + d * (d - 1) * (d - 2) * (d - 3) // 24


def _colex_indices(sorted_hands: np.ndarray) -> np.ndarray:
    """Colex indices of hands whose last axis holds four ascending card codes (numpy twin of
    :func:`_colex_index`)."""
    a, b, c, d = (sorted_hands[..., i].astype(np.int64) for i in range(4))
    return a + b * (b - 1) // 2 + c * (c - 1) * (c - 2) // 6 + d * (d - 1) * (d - 2) * (d - 3) // 24


@functools.cache
def class_id_table() -> np.ndarray:
    """Read-only int16 array of 270,725 class ids indexed by the colex index of a hand.

    The colex index of sorted codes ``a<b<c<d`` is ``C(a,1) + C(b,2) + C(c,3) + C(d,4)``.

    >>> int(class_id_table()[0])  # 2c 2d 2h 2s
    14612
    """
    # Write each class id at every suit-permuted image of its canonical hand (plain numpy, no
    # compilation: about 0.1 s).
    images = np.sort(_SUIT_PERMUTATIONS[:, canonical_hands()], axis=2)  # (24, 16432, 4)
    table = np.full(NUM_HANDS, -1, dtype=np.int16)
    table[_colex_indices(images)] = np.arange(NUM_CLASSES, dtype=np.int16)
    if table.min() < 0:  # the canonical hands' orbits must cover every hand
        raise RuntimeError("Omaha class enumeration does not cover all 270,725 hands")
    table.flags.writeable = False
    return table


@njit(cache=True, inline="always")
def hand_class_id(c0: int, c1: int, c2: int, c3: int, table: np.ndarray) -> int:
    """Class id of four card codes in any order, for use inside numba kernels; -1 if invalid.

    ``table`` is :func:`class_id_table`. Invalid means a code outside 0..51 or a repeated card.

    >>> hand_class_id(3, 11, 4, 28, class_id_table())  # 2s 4s 3c 9c
    4527
    """
    index = _colex_index(c0, c1, c2, c3)
    if index < 0:
        return -1
    return int(table[index])


@njit(cache=True)
def _lookup(hands: np.ndarray, table: np.ndarray) -> tuple[np.ndarray, int]:
    """Class ids of the rows, and the first invalid row (-1 when all are valid)."""
    out = np.empty(hands.shape[0], dtype=np.int32)
    first_bad = -1
    for i in range(hands.shape[0]):
        out[i] = hand_class_id(hands[i, 0], hands[i, 1], hands[i, 2], hands[i, 3], table)
        if out[i] < 0 and first_bad < 0:
            first_bad = i
    return out, first_bad


def class_ids(hands: np.ndarray) -> np.ndarray:
    """Class ids (int32) of an ``(n, 4)`` integer array of card codes, any order in a row.

    Raises :class:`InputError` naming the first row with a code outside 0..51 or a repeat.

    >>> class_ids(np.array([[3, 11, 4, 28], [18, 41, 16, 48]])).tolist()
    [4527, 12025]
    """
    array = np.asarray(hands)
    if array.ndim != 2 or array.shape[1] != 4 or not np.issubdtype(array.dtype, np.integer):
        raise InputError(
            f"Omaha hands must be an (n, 4) integer array of card codes, got shape "
            f"{array.shape} of {array.dtype}"
        )
    # One compiled signature whatever the caller's dtype or layout: int64 keeps every
    # value's validity (a uint64 code >= 2**63 becomes negative: still invalid).
    ids, row = _lookup(np.ascontiguousarray(array, dtype=np.int64), class_id_table())
    if row >= 0:
        raise InputError(f"hand {row} {array[row].tolist()} is not four distinct card codes 0..51")
    return ids


def class_of(cards: str | Sequence[int] | Sequence[str]) -> int:
    """Class id of one concrete hand, in any order and any notation ``parse_cards`` accepts.

    >>> class_of("6c Ac 6h Qd")
    12025
    """
    hand = np.sort(np.array(parse_cards(cards, 4)))
    return int(class_id_table()[_colex_indices(hand)])


def check_class_id(class_id: int) -> int:
    """``class_id`` as an int, or :class:`InputError` saying the valid range.

    >>> check_class_id(16432)
    Traceback (most recent call last):
    ...
    omahanash.errors.InputError: Omaha class id 16432 is out of range 0..16431
    """
    if isinstance(class_id, bool) or not isinstance(class_id, int | np.integer):
        raise InputError(f"Omaha class id {class_id!r} is not an integer")
    if not 0 <= class_id < NUM_CLASSES:
        raise InputError(f"Omaha class id {class_id} is out of range 0..{NUM_CLASSES - 1}")
    return int(class_id)


def canonical_hands() -> np.ndarray:
    """Read-only int8 array ``(16432, 4)``: each class's canonical hand in display order.

    >>> canonical_hands()[4527].tolist()  # 2s 4s 3c 9c
    [3, 11, 4, 28]
    """
    return _enumeration()


def class_cards(class_id: int) -> str:
    """Canonical display form of a class (see the module docstring).

    >>> class_cards(12025)
    '6h Qd 6c Ac'
    """
    return format_cards(canonical_hands()[check_class_id(class_id)])


def class_name(class_id: int) -> str:
    """Name of a class: for Omaha the canonical display form, as :func:`class_cards`.

    >>> class_name(4527)
    '2s 4s 3c 9c'
    """
    return class_cards(class_id)


#: The players' words for the suit patterns of :data:`GROUPS`.
GROUP_WORDS = {"aaaa": "four of a suit", "aaab": "three of a suit", "aabb": "double-suited",
               "aabc": "single-suited", "abcd": "rainbow"}


def class_description(class_id: int) -> str:
    """A class in players' words: its ranks from the highest, then its suit pattern.

    >>> class_description(7403), class_description(14982)
    ('Q-J-T-9 double-suited', 'A-A-7-2 rainbow')
    """
    ranks = sorted((card >> 2 for card in canonical_hands()[check_class_id(class_id)]),
                   reverse=True)
    return "-".join("23456789TJQKA"[rank] for rank in ranks) + " " + \
        GROUP_WORDS[class_group(class_id)]


def class_group(class_id: int) -> str:
    """Suit pattern of a class: ``aaaa``, ``aaab``, ``aabb``, ``aabc`` or ``abcd``.

    >>> class_group(4527)
    'aabb'
    """
    index = int(np.searchsorted(GROUP_STARTS, check_class_id(class_id), side="right")) - 1
    return GROUPS[index]


@functools.cache
def _combos() -> np.ndarray:
    return np.bincount(class_id_table(), minlength=NUM_CLASSES).astype(np.int32)


def class_combos() -> np.ndarray:
    """Number of concrete hands in each class (int32, length 16,432, sum 270,725).

    >>> class_combos()[[0, 715, 4433, 4527, 7514, 12025, 16431]].tolist()
    [4, 12, 6, 12, 12, 24, 1]
    """
    return _combos().copy()


def class_members(class_id: int) -> np.ndarray:
    """The concrete hands of a class: int8 ``(n, 4)``, each row ascending, rows ascending.

    The members are the images of the canonical hand under the 24 suit permutations.

    >>> class_members(16431).tolist()  # As Ac Ah Ad: one hand
    [[48, 49, 50, 51]]
    """
    return _orbit(canonical_hands()[check_class_id(class_id)], _SUIT_PERMUTATIONS)


@njit(cache=True)
def _orbit(hand: np.ndarray, suit_permutations: np.ndarray) -> np.ndarray:
    """Distinct images of ``hand`` under the suit permutations, rows and columns ascending."""
    n = suit_permutations.shape[0]
    codes = np.empty(n, dtype=np.int64)
    for p in range(n):
        image = suit_permutations[p]
        # Base-52 codes of the sorted rows sort like the rows themselves.
        a, b, c, d = _sorted4(image[hand[0]], image[hand[1]], image[hand[2]], image[hand[3]])
        codes[p] = ((a * 52 + b) * 52 + c) * 52 + d
    codes.sort()
    count = 1
    for p in range(1, n):
        if codes[p] != codes[p - 1]:
            count += 1
    members = np.empty((count, 4), dtype=np.int8)
    k = 0
    for p in range(n):
        if p == 0 or codes[p] != codes[p - 1]:
            code = codes[p]
            for column in range(3, -1, -1):
                members[k, column] = code % 52
                code //= 52
            k += 1
    return members
