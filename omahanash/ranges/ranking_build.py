"""Building the shipped Omaha rankings (``resources/omaha-rankings.npz``) by Monte Carlo.

Apart from :mod:`omahanash.ranges.rankings`, which only reads the shipped file: reading a
range never loads the Monte Carlo kernels.
"""

from __future__ import annotations

import numpy as np

from omahanash.cards import Variant
from omahanash.equity.montecarlo import _masks, sample_deals
from omahanash.equity.result import GAME_CODES, hand_features, result_from_counts
from omahanash.evaluate import hand_pair_indices, nonflush_table
from omahanash.evaluate.tables import flush_table, low_table
from omahanash.hands import canonical_hands
from omahanash.ranges.combos import all_hands, class_sizes

SAMPLES_PER_CLASS = 10000  # what the shipped file was made with


def build_omaha_rankings(samples: int = SAMPLES_PER_CLASS, seed: int = 14,
                         classes: np.ndarray | None = None) -> dict[str, np.ndarray]:
    """Monte Carlo equity (float32) of Omaha classes against a random hand, for Hi and Hi/Lo:
    what ``resources/omaha-rankings.npz`` holds (``np.savez_compressed(path, **result)``).

    ``samples`` deals per class (a random disjoint opponent hand and board, the equity
    module's Monte Carlo kernel, stream ``seed``); ``classes`` picks a subset (default all).
    All classes at the default size take minutes; the shipped file was made with the defaults.

    >>> values = build_omaha_rankings(2000, classes=np.array([7513, 14612]))
    >>> bool(values["omaha-hi"][0] > 0.6 > values["omaha-hi"][1])  # AAKK ds beats 2222
    True
    """
    _NO_WEIGHTS = np.ones(0)

    ids = np.arange(len(class_sizes("omaha"))) if classes is None else np.asarray(classes)
    opponents = np.asarray(all_hands("omaha"))
    holes2, lows2 = hand_features(opponents)
    pairs2, masks2 = hand_pair_indices(opponents), _masks(opponents)
    tables = (nonflush_table("omaha"), flush_table(), low_table())
    result = {}
    for variant in (Variant.OMAHA_HI, Variant.OMAHA_HILO):
        values = np.empty(len(ids), dtype=np.float32)
        for i, class_id in enumerate(ids):
            hand = np.asarray(canonical_hands("omaha")[class_id:class_id + 1])
            holes1, lows1 = hand_features(hand)
            acc, _ = sample_deals(
                GAME_CODES[str(variant)], hand, opponents, hand_pair_indices(hand), pairs2,
                _masks(hand), masks2, holes1, holes2, lows1, lows2,
                np.empty(0, dtype=np.int8), np.int64(0), *tables, samples,
                seed * 100_003 + int(class_id), 4, False, _NO_WEIGHTS, _NO_WEIGHTS)
            values[i] = result_from_counts(str(variant), acc, samples, exact=False).equity[0]
        result[str(variant)] = values
    return result
