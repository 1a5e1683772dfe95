"""Trainer tests never touch the user's folders: the history and the equilibrium cache live in
temporary folders. Omaha paths run on a 12-class Omaha Hi subset table built here (about a
second); CI has no full Omaha table."""

from __future__ import annotations

import pytest

from omahanash.equity.table_build import build_table
from omahanash.equity.tables import load_table
from omahanash.hands import parse_class

SUBSET_HANDS = ["As Ad Ks Kd", "Ah Ac 7s 2d", "2s 3d 7h 8c", "Js Ts 9d 8d", "Kh Qh 5c 4d",
                "6h 6c 3s 2d", "Ah 5h 4c 3d", "Qs Qh Jd Tc", "9s 8s 7h 2c", "Kc Kd 8s 3h",
                "As 2s Th 4d", "Td 9c 5h 3s"]
SUBSET_IDS = sorted(parse_class(hand, "omaha") for hand in SUBSET_HANDS)


@pytest.fixture(autouse=True)
def private_folders(tmp_path, monkeypatch):
    monkeypatch.setenv("OMAHANASH_DATA", str(tmp_path / "data"))
    monkeypatch.setenv("OMAHANASH_CACHE", str(tmp_path / "cache"))


@pytest.fixture(scope="session")
def omaha_subset(tmp_path_factory):
    """The 12-class Omaha Hi subset table."""
    cache = tmp_path_factory.mktemp("trainer-omaha")
    build_table("omaha-hi", samples=32, seed=7, cache_dir=cache, class_ids=SUBSET_IDS)
    return load_table("omaha-hi", cache, SUBSET_IDS)
