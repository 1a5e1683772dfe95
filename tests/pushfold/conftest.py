"""Small tables for the push/fold table tests: 12-class Omaha Hi and Hi/Lo subsets."""

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
def omaha_tables(tmp_path_factory):
    """Hi and Hi/Lo tables of the 12 classes, by variant name."""
    cache = tmp_path_factory.mktemp("pushfold-cache")
    tables = {}
    for game in ("omaha-hi", "omaha-hilo"):
        build_table(game, samples=64, seed=7, cache_dir=cache, class_ids=SUBSET_IDS)
        tables[game] = load_table(game, cache, SUBSET_IDS)
    return tables
