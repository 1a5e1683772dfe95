"""Small tables for the jam-fold tests: a 12-class Omaha Hi subset built once per session.

The hands span the range from AAKK double-suited to rainbow trash, so the subset game has
pushes, folds and calls on both sides; a 12-class table builds in about a second.
"""

from __future__ import annotations

import pytest

from omahanash.equity.table_build import build_table
from omahanash.equity.tables import load_table
from omahanash.hands import parse_class

SUBSET_HANDS = ["As Ad Ks Kd", "Ah Ac 7s 2d", "2s 3d 7h 8c", "Js Ts 9d 8d", "Kh Qh 5c 4d",
                "6h 6c 3s 2d", "Ah 5h 4c 3d", "Qs Qh Jd Tc", "9s 8s 7h 2c", "Kc Kd 8s 3h",
                "As 2s Th 4d", "Td 9c 5h 3s"]
SUBSET_IDS = sorted(parse_class(hand, "omaha") for hand in SUBSET_HANDS)


@pytest.fixture(scope="session")
def subset_cache(tmp_path_factory):
    """A cache directory holding the 12-class subset table (seed 7) and a second build of the
    same classes with another seed (``other_seed``)."""
    cache = tmp_path_factory.mktemp("jamfold-cache")
    build_table("omaha-hi", samples=32, seed=7, cache_dir=cache, class_ids=SUBSET_IDS)
    return cache


@pytest.fixture(scope="session")
def subset_table(subset_cache):
    return load_table("omaha-hi", subset_cache, SUBSET_IDS)


@pytest.fixture(scope="session")
def other_seed_table(tmp_path_factory):
    cache = tmp_path_factory.mktemp("jamfold-other")
    build_table("omaha-hi", samples=32, seed=8, cache_dir=cache, class_ids=SUBSET_IDS)
    return load_table("omaha-hi", cache, SUBSET_IDS)
