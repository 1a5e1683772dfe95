"""Shared fixtures: the test hand histories and a 12-class Omaha Hi subset table (the full
table is not built in CI), as tests/jamfold/conftest.py builds it."""

from __future__ import annotations

from pathlib import Path

import pytest

from omahanash.equity.table_build import build_table
from omahanash.equity.tables import load_table
from omahanash.hands import parse_class

DATA = Path(__file__).resolve().parents[1] / "data" / "history"
SUBSET_HANDS = ["As Ad Ks Kd", "Ah Ac 7s 2d", "2s 3d 7h 8c", "Js Ts 9d 8d", "Kh Qh 5c 4d",
                "6h 6c 3s 2d", "Ah 5h 4c 3d", "Qs Qh Jd Tc", "9s 8s 7h 2c", "Kc Kd 8s 3h",
                "As 2s Th 4d", "Td 9c 5h 3s"]
SUBSET_IDS = sorted(parse_class(hand, "omaha") for hand in SUBSET_HANDS)


@pytest.fixture(scope="session")
def data_dir() -> Path:
    return DATA


@pytest.fixture(scope="session")
def cache_dir(tmp_path_factory) -> Path:
    """A cache with the Omaha subset table (and the equilibria the tests solve)."""
    cache = tmp_path_factory.mktemp("history-cache")
    build_table("omaha-hi", samples=32, seed=7, cache_dir=cache, class_ids=SUBSET_IDS)
    return cache


@pytest.fixture(scope="session")
def omaha_table(cache_dir):
    return load_table("omaha-hi", cache_dir, SUBSET_IDS)
