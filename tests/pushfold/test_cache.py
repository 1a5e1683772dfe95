"""The cache of equilibria for tables: a spot seen before answers from memory or disk with
the same numbers; stopped runs are never kept; a file of another table or a damaged one is
solved again."""

from __future__ import annotations

from pathlib import Path

import numpy as np
import pytest

from omahanash.equity.tables import load_table
from omahanash.pushfold import PushFoldSpot
from omahanash.pushfold import cache as table_cache
from omahanash.runs import CancelFlag

SPOT4 = PushFoldSpot("holdem", [900, 1300, 1100, 1000], 50, 100, payouts="50/30/20")
SPOT = PushFoldSpot("holdem", [900, 1300, 1100], 50, 100, ante=5, payouts="50/30/20")


@pytest.fixture(autouse=True)
def fresh_memory():
    table_cache.clear_memory()
    yield
    table_cache.clear_memory()


def test_a_spot_seen_before_answers_from_memory_then_disk(tmp_path):
    table = load_table("holdem")
    first = table_cache.table_equilibrium(SPOT, deals=20_000, seed=4, table=table,
                                          cache_dir=tmp_path)
    assert not first.stopped and first.nash_conv <= 0.001 * SPOT.prize_pool
    assert table_cache.table_equilibrium(SPOT, deals=20_000, seed=4, table=table,
                                         cache_dir=tmp_path) is first
    files = list((tmp_path / "nash" / "tables").glob("*.pushfold"))
    assert len(files) == 1
    table_cache.clear_memory()
    again = table_cache.table_equilibrium(SPOT, deals=20_000, seed=4, table=table,
                                          cache_dir=tmp_path)
    assert again is not first and again.iterations == first.iterations
    assert np.array_equal(again.strategy(), first.strategy())
    assert again.lookup("A5s", "BTN") == first.lookup("A5s", "BTN")
    assert again.ev == first.ev and again.node_summary() == first.node_summary()
    assert again.nash_conv == first.nash_conv
    assert again.solver.deals._deals is None  # all of it from the file, no pass
    # a pass (another strategy) makes the deals again, the same ones
    sigma = np.full_like(first.strategy(), 0.5)
    assert np.array_equal(again.solver.evaluate(sigma)["cfv"],
                          first.solver.evaluate(sigma)["cfv"])
    # another seed is another spot of the cache
    other = table_cache.table_equilibrium(SPOT, deals=20_000, seed=5, table=table,
                                          cache_dir=tmp_path)
    assert other is not again
    assert len(list((tmp_path / "nash" / "tables").glob("*.pushfold"))) == 2


def test_a_stopped_run_is_returned_but_never_kept(tmp_path):
    flag = CancelFlag()
    flag.cancel()
    stopped = table_cache.table_equilibrium(SPOT, deals=5_000, table=load_table("holdem"),
                                            cache_dir=tmp_path, cancel=flag)
    assert stopped.stopped
    assert not (tmp_path / "nash" / "tables").exists()


def test_a_damaged_file_is_solved_again(tmp_path):
    table = load_table("holdem")
    first = table_cache.table_equilibrium(SPOT, deals=10_000, table=table, cache_dir=tmp_path)
    (path,) = (tmp_path / "nash" / "tables").glob("*.pushfold")
    path.write_bytes(b"not a solution")
    table_cache.clear_memory()
    again = table_cache.table_equilibrium(SPOT, deals=10_000, table=table, cache_dir=tmp_path)
    assert np.array_equal(again.strategy(), first.strategy())


def test_the_default_deals_are_spelled_out_in_the_key(tmp_path, monkeypatch):
    """``deals=None`` is keyed by the count it stands for: the same entry as that count given
    explicitly, and another entry once the default changes (never an answer solved on the
    old default; 4-handed: the 3-handed Hold'em default is every class triple, "exact")."""
    from omahanash.pushfold import deals as deal_module

    table = load_table("holdem")
    monkeypatch.setitem(deal_module.DEFAULT_DEALS, 4, 20_000)
    first = table_cache.table_equilibrium(SPOT4, seed=4, table=table, cache_dir=tmp_path)
    assert first.solver.deals.count == 20_000
    assert table_cache.table_equilibrium(SPOT4, deals=20_000, seed=4, table=table,
                                         cache_dir=tmp_path) is first
    monkeypatch.setitem(deal_module.DEFAULT_DEALS, 4, 15_000)
    second = table_cache.table_equilibrium(SPOT4, seed=4, table=table, cache_dir=tmp_path)
    assert second is not first and second.solver.deals.count == 15_000
    assert len(list((tmp_path / "nash" / "tables").glob("*.pushfold"))) == 2


def test_every_input_of_the_key_is_verified_in_the_file(tmp_path):
    """A file under another key's name (renamed, hand-made) is never served: a seed-7 file
    under the seed-0 name, a 2,000-deal file asked for 5,000, a 20-iteration one asked for
    30 are each solved again, with the inputs asked for (issue 40)."""
    table = load_table("holdem")
    folder = tmp_path / "nash" / "tables"

    def path_of(deals: int, seed: int, iterations: int) -> Path:
        return folder / f"{table_cache.spot_key(SPOT, table, deals, seed, iterations)}.pushfold"

    made = dict(deals=2_000, seed=7, iterations=20)
    seven = table_cache.table_equilibrium(SPOT, table=table, cache_dir=tmp_path, **made)
    saved = path_of(**made)
    assert saved.is_file() and seven.solver.deals.seed == 7
    for asked in (dict(made, seed=0), dict(made, deals=5_000), dict(made, iterations=30)):
        table_cache.clear_memory()
        for old in folder.glob("*.pushfold"):
            if old != saved:
                old.unlink()
        path_of(**asked).write_bytes(saved.read_bytes())  # the seed-7 file under its name
        got = table_cache.table_equilibrium(SPOT, table=table, cache_dir=tmp_path, **asked)
        assert (got.solver.deals.seed, got.solver.deals.count, got.iterations) == \
            (asked["seed"], asked["deals"], asked["iterations"]), asked
    table_cache.clear_memory()  # the file under its own name still answers
    again = table_cache.table_equilibrium(SPOT, table=table, cache_dir=tmp_path, **made)
    assert again.solver.deals._deals is None and again.iterations == 20
