import atexit
import os
import shutil
import tempfile
from pathlib import Path

import pytest

# Qt runs offscreen in tests (CI has no screen).
os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")

from hypothesis import HealthCheck, settings  # noqa: E402


def _private_cache() -> None:
    """Tests write their caches (equilibria, partial tables, ...) into a folder of their own,
    never the user's; the equity tables already built in the user's cache are linked in, so
    tests that use a full Omaha table still find it (and CI, which has none, skips them)."""
    from omahanash.equity.tablefile import resolve_cache_dir

    try:
        user_cache = resolve_cache_dir()
    except Exception:  # no usable user cache: nothing to link
        user_cache = None
    private = Path(tempfile.mkdtemp(prefix="omahanash-test-cache-"))
    if user_cache is not None and user_cache.is_dir():
        for table in user_cache.glob("*.table"):
            (private / table.name).symlink_to(table)
    os.environ["OMAHANASH_CACHE"] = str(private)
    atexit.register(shutil.rmtree, private, ignore_errors=True)


_private_cache()

# No timing in any test: no per-example deadline (numba compiles on first call), and no
# health check that fails a test because generating its examples was slow (on a starved
# machine it is).
settings.register_profile("omahanash", deadline=None,
                          suppress_health_check=[HealthCheck.too_slow])
settings.load_profile("omahanash")


# -- small Omaha tables (tests/pushfold, tests/cluster) ----------------------------------

#: The 12 Omaha classes of the small Hi and Hi/Lo tables the push/fold tests solve on.
SUBSET_HANDS = ["As Ad Ks Kd", "Ah Ac 7s 2d", "2s 3d 7h 8c", "Js Ts 9d 8d", "Kh Qh 5c 4d",
                "6h 6c 3s 2d", "Ah 5h 4c 3d", "Qs Qh Jd Tc", "9s 8s 7h 2c", "Kc Kd 8s 3h",
                "As 2s Th 4d", "Td 9c 5h 3s"]


def subset_ids() -> list[int]:
    from omahanash.hands import parse_class

    return sorted(parse_class(hand, "omaha") for hand in SUBSET_HANDS)


@pytest.fixture(scope="session")
def omaha_subset_ids() -> list[int]:
    """The class ids of the small tables, in table order."""
    return subset_ids()


@pytest.fixture(scope="session")
def omaha_subset_cache(tmp_path_factory) -> Path:
    """A cache folder with Hi and Hi/Lo tables of the 12 classes (built once per run)."""
    from omahanash.equity.table_build import build_table

    cache = tmp_path_factory.mktemp("pushfold-cache")
    for game in ("omaha-hi", "omaha-hilo"):
        build_table(game, samples=64, seed=7, cache_dir=cache, class_ids=subset_ids())
    return cache


@pytest.fixture(scope="session")
def omaha_tables(omaha_subset_cache):
    """Hi and Hi/Lo tables of the 12 classes, by variant name."""
    from omahanash.equity.tables import load_table

    return {game: load_table(game, omaha_subset_cache, subset_ids())
            for game in ("omaha-hi", "omaha-hilo")}

