"""Exact Omaha tables (omahanash.equity.table_exact): cells against the hand-vs-hand exact
enumeration of ``omahanash equity``, symmetry, the same file on every engine, the loader, the
Monte Carlo table's errors against the exact cells, and the command line."""

from __future__ import annotations

import numpy as np
import pytest

import omahanash as on
from omahanash.cards import format_cards
from omahanash.cli import main
from omahanash.equity import table_build, tables
from omahanash.equity.table_exact import BOARDS, build_exact_table, exact_cells
from omahanash.equity.tablefile import EQUITY_TABLE
from omahanash.savefile import read

# aaaa, aaab, aabb (thesis 4527), aabc (thesis 12025), abcd 2222 and AAAA, two more aabc
SUBSET = [0, 715, 4527, 8000, 9000, 12025, 14612, 16431]


def reference_cell(a: int, b: int, game: str) -> tuple[float, int]:
    """Class ``a``'s representative against every member of ``b`` disjoint from it, each by the
    exact hand-vs-hand enumeration of ``omahanash equity`` (all 1,086,008 boards), averaged
    with equal weights (each member is one disjoint pair); and how many members."""
    rep = on.class_members(game, a)[0]
    shares = [on.equity(format_cards(rep), format_cards(m), variant=game).equity[0]
              for m in on.class_members(game, b) if not set(rep.tolist()) & set(m.tolist())]
    return float(np.mean(shares)), len(shares)


@pytest.mark.parametrize(("a", "b", "game"), [
    (0, 715, "omaha-hi"), (0, 715, "omaha-hilo"),        # 2345 suited vs a suited triple
    (4527, 12025, "omaha-hi"),                            # the thesis's two examples
    (16431, 4527, "omaha-hilo"),                          # AAAA rainbow vs 2s4s3c9c
    (12025, 8000, "omaha-hilo"),
])
def test_exact_cells_equal_hand_vs_hand_enumeration(a, b, game):
    data = tables.class_data("omaha", np.array(sorted({a, b})))
    pa, pb = int(np.searchsorted(data.class_ids, a)), int(np.searchsorted(data.class_ids, b))
    value = exact_cells(data, np.array([pa]), np.array([pb]), game == "omaha-hilo")[0]
    reference, members = reference_cell(a, b, game)
    assert members > 0
    assert value == pytest.approx(reference, abs=1e-12)


def test_both_orders_sum_to_one_and_the_diagonal_is_a_half():
    from omahanash.equity.table_kernels import class_quads, rank_equity_of_pairs
    from omahanash.equity.table_kernels.exact_flush import exact_flush

    data = tables.class_data("omaha", np.array(SUBSET))
    n = len(SUBSET)
    rows, cols = np.triu_indices(n, 1)
    for hilo in (False, True):
        forward = exact_cells(data, rows, cols, hilo)
        backward = exact_cells(data, cols, rows, hilo)
        assert np.abs(forward + backward - 1.0).max() < 1e-12
        # the diagonal is set to 0.5 by symmetry; computed, it comes out 0.5 too
        diag = np.arange(n)
        quads = class_quads(data.representatives)
        ranks = rank_equity_of_pairs(quads, quads, hilo)[quads, quads]
        correction, members = exact_flush(data, diag, diag, hilo)
        possible = members > 0  # 2222 and AAAA have no member disjoint from themselves
        assert possible.sum() == n - 2
        computed = ranks[possible] + correction[possible] / (4.0 * BOARDS * members[possible])
        assert np.abs(computed - 0.5).max() < 1e-12


@pytest.fixture(scope="module")
def exact_local(tmp_path_factory):
    cache = tmp_path_factory.mktemp("exact")
    build_exact_table("omaha-hilo", class_ids=SUBSET, cache_dir=cache)
    return cache


def test_the_exact_table_loads_like_any_table(exact_local):
    table = tables.load_table("omaha-hilo", exact_local, SUBSET)
    assert table.exact and table.samples is None and table.stderr(0, 1) == 0.0
    info = tables.table_info("omaha-hilo", exact_local, SUBSET)
    assert info["built"] and info["exact"] and info["cell_stderr"] == 0.0
    assert table.equity(2, 5) + table.equity(5, 2) == pytest.approx(1.0, abs=1e-15)
    data = tables.class_data("omaha", np.array(SUBSET))
    assert table.equity(2, 5) == exact_cells(data, np.array([2]), np.array([5]), True)[0]
    # pairs: |a| x (members of b disjoint from a's representative)
    reference, members = reference_cell(4527, 12025, "omaha-hilo")
    assert table.pairs(2, 5) == on.class_combos("omaha")[4527] * members
    assert table.equity(2, 5) == pytest.approx(reference, abs=1e-12)


def test_same_file_on_a_local_dask_cluster(exact_local, tmp_path):
    build_exact_table("omaha-hilo", class_ids=SUBSET, cache_dir=tmp_path, scheduler="local:2")
    path = tables.table_path("omaha-hilo", tmp_path, SUBSET)
    here = read(tables.table_path("omaha-hilo", exact_local, SUBSET), EQUITY_TABLE)
    there = read(path, EQUITY_TABLE)
    assert there.arrays["equity"].tobytes() == here.arrays["equity"].tobytes()
    assert there.arrays["pairs"].tobytes() == here.arrays["pairs"].tobytes()
    assert there.meta["engine"] == "a local Dask cluster of 2 worker processes"
    assert not path.with_name(path.name + ".exact-job").exists()  # the job store is removed


def test_monte_carlo_cells_are_within_their_errors_of_the_exact_ones(exact_local, tmp_path):
    from omahanash.equity.table_exact import compare_with_exact

    table_build.build_table("omaha-hilo", samples=256, seed=3, cache_dir=tmp_path,
                            class_ids=SUBSET)
    mc = tables.load_table("omaha-hilo", tmp_path, SUBSET)
    exact = tables.load_table("omaha-hilo", exact_local, SUBSET)
    report = compare_with_exact(mc, exact)
    assert report["cells"] >= 10 and report["max_abs_z"] < 5.0
    # where nobody can make a flush both tables are exact: only the MC's 16-bit rounding
    assert report["cells_no_flush"] >= 1
    assert report["max_abs_difference_no_flush"] <= 0.5 / tables.EQUITY_SCALE + 1e-12
    # the same count by hand: pairs of rainbow classes (14612, 16431 and ...) in SUBSET
    assert report["cells_no_flush"] == sum(
        1 for i, a in enumerate(SUBSET) for b in SUBSET[i + 1:]
        if a >= 14612 and b >= 14612 and exact.pairs(SUBSET.index(a), SUBSET.index(b)) > 0)
    with pytest.raises(on.InputError, match="Monte Carlo table"):
        compare_with_exact(exact, mc)


def test_command_line_exact_build_and_its_errors(tmp_path, capsys):
    assert main(["table", "build", "--game", "omaha-hi", "--exact", "--classes", "0,16431",
                 "--cache-dir", str(tmp_path), "--json", "-q"]) == 0
    assert '"exact": true' in capsys.readouterr().out
    assert main(["table", "build", "--game", "omaha-hi", "--exact", "--classes", "0,1",
                 "--scheduler", "lokal:2", "--cache-dir", str(tmp_path)]) == 2
    assert "--scheduler: 'lokal:2' is not" in capsys.readouterr().err
    assert main(["table", "build", "--game", "omaha-hi", "--scheduler", "local:2",
                 "--cache-dir", str(tmp_path)]) == 2
    assert "--scheduler is for exact builds" in capsys.readouterr().err
    assert main(["table", "build", "--game", "omaha-hi", "--exact", "--samples", "8",
                 "--cache-dir", str(tmp_path)]) == 2
