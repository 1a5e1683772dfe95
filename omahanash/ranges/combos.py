"""Every concrete hand of a variant, in one fixed order, and the class of each.

Ranges are stored at card level (:class:`~omahanash.ranges.core.Range`: one weight per
concrete hand). Concrete hands are numbered by the *colex index* of their ascending card codes
(cards ``0..51`` as in :mod:`omahanash.cards`):

- Hold'em, cards ``a < b``: ``a + C(b, 2)`` — 1,326 hands;
- Omaha, cards ``a < b < c < d``: ``a + C(b, 2) + C(c, 3) + C(d, 4)`` — 270,725 hands, the
  index of :func:`omahanash.hands.omaha.class_id_table`.

:func:`all_hands` gives the hands in that order (int8 ``(n, k)``, built once per process).
The lowest module of :mod:`omahanash.ranges`: the range type, its notation and its parser
all read these tables.

>>> hands = all_hands("holdem")
>>> hands.shape, hands[:2].tolist(), hands[-1].tolist()
((1326, 2), [[0, 1], [0, 2]], [50, 51])
"""

from __future__ import annotations

import functools
from itertools import combinations
from math import comb

import numpy as np

from omahanash.cards import Variant
from omahanash.hands import class_combos, class_ids


def colex_indices(sorted_hands: np.ndarray) -> np.ndarray:
    """Colex indices (int64) of hands whose rows hold ascending card codes.

    >>> colex_indices(np.array([[0, 1], [50, 51]])).tolist()
    [0, 1325]
    """
    array = np.asarray(sorted_hands, dtype=np.int64)
    return sum((comb_column(array[:, i], i + 1) for i in range(array.shape[1])),
               start=np.zeros(array.shape[0], dtype=np.int64))


def comb_column(values: np.ndarray, k: int) -> np.ndarray:
    """``C(values, k)`` elementwise for small non-negative ints (k = 1..4)."""
    out = np.ones_like(values)
    for j in range(k):
        out = out * (values - j)
    return out // np.int64(np.prod(range(1, k + 1)))


@functools.cache
def all_hands(variant: str) -> np.ndarray:
    """Read-only int8 ``(n, k)``: every concrete hand of ``variant``, rows ascending card codes,
    in colex order (row ``i`` has colex index ``i``).

    >>> all_hands("omaha").shape, all_hands("omaha")[0].tolist()
    ((270725, 4), [0, 1, 2, 3])
    """
    k = Variant.parse(variant).hole_cards
    lex = np.array(list(combinations(range(52), k)), dtype=np.int8)
    hands = np.empty_like(lex)
    hands[colex_indices(lex)] = lex
    hands.flags.writeable = False
    return hands


@functools.cache
def hand_classes(variant: str) -> np.ndarray:
    """Read-only int32: the class id of each hand of :func:`all_hands`.

    >>> int(hand_classes("holdem")[colex_indices(np.array([[47, 51]]))[0]])  # Ks As: AKs
    1
    """
    classes = np.asarray(class_ids(Variant.parse(variant), all_hands(variant)), dtype=np.int32)
    classes.flags.writeable = False
    return classes


@functools.cache
def class_sizes(variant: str) -> np.ndarray:
    """Read-only float64: concrete hands per class (6 / 4 / 12 for Hold'em)."""
    sizes = class_combos(Variant.parse(variant)).astype(np.float64)
    sizes.flags.writeable = False
    return sizes


def num_hands(variant: str) -> int:
    """1,326 for Hold'em, 270,725 for Omaha.

    >>> num_hands("holdem"), num_hands("omaha-hilo")
    (1326, 270725)
    """
    return comb(52, Variant.parse(variant).hole_cards)
