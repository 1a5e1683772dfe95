"""Hand rankings: the order ``top x%`` walks (best class first, ties by class id).

``equity`` (the shipped ranking) orders classes by their equity against a uniformly random
hand:

- Hold'em: exact, from the shipped Hold'em table (:func:`~omahanash.equity.tables.load_table`);
- Omaha Hi and Omaha Hi/Lo: each from its own Monte Carlo, shipped as
  ``resources/omaha-rankings.npz`` (float32 equity per class under the variant's name), made
  by :func:`~omahanash.ranges.ranking_build.build_omaha_rankings` (``SAMPLES_PER_CLASS``
  deals per class against a random hand
  and board; standard error at most 0.5 % equity, so near-equal classes may swap). No Omaha
  table is needed.

``top x%`` takes whole classes best first until x % of all combos, the last class partly
(every one of its combos at the same fraction), so ``top 15%`` is exactly 15 %.

>>> ranking("holdem")[:3].tolist()  # AA, KK, QQ
[0, 14, 28]
>>> top_percent(15, "omaha").percent
15.0
"""

from __future__ import annotations

import functools

import numpy as np

from omahanash.cards import Variant
from omahanash.equity.tables import load_table
from omahanash.errors import InputError
from omahanash.ranges.combos import class_sizes, hand_classes
from omahanash.ranges.core import Range
from omahanash.resources import resource_path

RANKINGS = ("equity",)
RANKINGS_FILE = "omaha-rankings.npz"


@functools.cache
def equity_vs_random(variant: Variant) -> np.ndarray:
    """Read-only float64: each class's equity against a random hand (see the module doc).

    >>> round(float(equity_vs_random(Variant.HOLDEM)[0]), 4)  # AA
    0.852
    """
    if variant is Variant.HOLDEM:
        table = load_table("holdem")
        values = np.array([table.vs_random_hand(a) for a in range(table.n)])
    else:
        with np.load(resource_path(RANKINGS_FILE)) as stored:
            values = stored[str(variant)].astype(np.float64)
    values.flags.writeable = False
    return values


def ranking(variant: str, name: str = "equity") -> np.ndarray:
    """Class ids best first under ranking ``name`` (read-only int64).

    >>> int(ranking("omaha-hi")[0]), int(ranking("omaha-hilo")[0])  # AAKK ds, AA23 ds
    (7513, 5247)
    """
    return _ranking(Variant.parse(variant), _check_name(name))


def _check_name(name: str) -> str:
    if name not in RANKINGS:
        raise InputError(f"unknown ranking {name!r} (expected one of: {', '.join(RANKINGS)})")
    return name


@functools.cache
def _ranking(variant: Variant, name: str) -> np.ndarray:
    values = equity_vs_random(variant)
    order = np.lexsort((np.arange(len(values)), -values))
    order.flags.writeable = False
    return order


def top_class_weights(percent: float, variant: str, name: str = "equity") -> np.ndarray:
    """Per-class weights of the top ``percent`` % of combos (the last class partly).

    >>> w = top_class_weights(1, "holdem")
    >>> [(int(c), round(float(w[c]), 4)) for c in np.flatnonzero(w)]
    [(0, 1.0), (14, 1.0), (28, 0.21)]
    """
    if isinstance(percent, bool) or not isinstance(percent, int | float | np.number):
        raise InputError(f"percent must be a number 0..100, not {percent!r}")
    if not 0 <= percent <= 100:
        raise InputError(f"percent must be 0..100, got {percent}")
    variant = Variant.parse(variant)
    order = ranking(variant, name)
    sizes = class_sizes(variant)[order]
    target = percent / 100.0 * sizes.sum()
    before = np.concatenate(([0.0], np.cumsum(sizes)[:-1]))
    weights = np.zeros(len(sizes))
    weights[order] = np.clip((target - before) / sizes, 0.0, 1.0)
    return weights


def top_hand_weights(percent: float, variant: str, name: str = "equity") -> np.ndarray:
    """:func:`top_class_weights` spread over the concrete hands (float64, colex order)."""
    return top_class_weights(percent, variant, name)[hand_classes(variant)]


def top_percent(percent: float, variant: str, ranking: str = "equity") -> Range:
    """The range ``top percent%`` under ``ranking``.

    >>> top_percent(2.5, "holdem").combos
    33.15
    """
    weights = top_hand_weights(percent, variant, ranking)
    return Range(Variant.parse(variant), f"top {percent:g}%", weights)
