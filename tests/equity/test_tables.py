import json
import subprocess
import sys
from math import comb

import numpy as np
import pytest

from omahanash.equity import table_build, table_check, tables
from omahanash.equity.exact import exact_equity
from omahanash.equity.table_kernels import sample_cells
from omahanash.equity.tablefile import EQUITY_TABLE
from omahanash.errors import Cancelled, InputError
from omahanash.hands import class_members
from omahanash.runs import CancelFlag
from omahanash.savefile import SaveFileError, read


def load_verified(path):
    return read(path, EQUITY_TABLE, mmap=True)

# aaaa, aaab, aabb (thesis 4527), aabc (thesis 12025), abcd 2222 and AAAA, two more aabc
SUBSET = [0, 715, 4527, 8000, 9000, 12025, 14612, 16431]


@pytest.fixture(scope="module")
def built(tmp_path_factory):
    cache = tmp_path_factory.mktemp("cache")
    table_build.build_table("omaha-hi", samples=64, seed=5, cache_dir=cache,
                             class_ids=SUBSET, block_cells=7)
    return cache, tables.load_table("omaha-hi", cache, SUBSET)


def test_pairs_exact_and_symmetric(built):
    _, table = built
    for a in range(table.n):
        rep = set(class_members("omaha", SUBSET[a])[0].tolist())
        for b in range(table.n):
            brute = len(class_members("omaha", SUBSET[a])) * sum(
                1 for member in class_members("omaha", SUBSET[b]) if not rep & set(member.tolist())
            )
            assert table.pairs(a, b) == table.pairs(b, a) == brute


def test_full_pairs_row_sums():
    # every hand of class a meets C(48, 4) opponent hands: the row of pairs sums to that
    data = tables.class_data("omaha", np.array(SUBSET))
    assert data.combos.tolist() == [4, 12, 12, 24, 24, 24, 1, 1]
    full = tables.class_data("omaha", None)
    rep = full.member_masks[full.member_offsets[4527]]
    disjoint = int(np.count_nonzero(full.member_masks & rep == 0))
    assert disjoint == comb(48, 4)


def test_symmetry_diagonal_and_known_cells(built):
    _, table = built
    for a in range(table.n):
        assert table.equity(a, a) == 0.5
        for b in range(table.n):
            if table.pairs(a, b):
                assert table.equity(a, b) + table.equity(b, a) == 1.0
    two_deuces, four_aces = table.position(14612), table.position(16431)
    # 2c2d2h2s against AcAdAhAs: the aces always win (exactly two hole cards each)
    assert table.equity(two_deuces, four_aces) == 0.0
    assert table.pairs(table.position(4527), two_deuces) == 0  # every member holds 2s
    assert 0 < table.stderr(table.position(4527), table.position(12025)) < 0.07
    assert table.info["samples"] == 64 and table.info["seed"] == 5


def test_cell_is_unbiased_against_exact_enumeration():
    # 4527 (2s 4s 3c 9c) vs 12025: the exact cell is the mean exact equity of the
    # representative against every member of 12025 disjoint from it (all boards).
    data = tables.class_data("omaha", np.array([4527, 12025]))
    rep = data.representatives[0].tolist()
    members = [m.tolist() for m in class_members("omaha", 12025) if not set(rep) & set(m.tolist())]
    exact = np.mean([exact_equity(rep, m, game="omaha-hi").equity[0] for m in members])
    rows, cols = np.array([0], np.int32), np.array([1], np.int32)
    mean, spread = sample_cells(data, rows, cols, 0, 40_000, 3, False)
    stderr = spread[0] / np.sqrt(40_000)
    assert abs(mean[0] - exact) < 4 * stderr, (mean[0], exact, stderr)


def test_cells_of_a_row_are_independent():
    # The same cell repeated along a row: with independent samples the repeats differ and
    # their spread is the per-cell standard error; a board shared by the row would make them
    # identical (zero spread).
    data = tables.class_data("omaha", np.array([715, 12025]))
    repeats, samples = 400, 64
    rows = np.zeros(repeats, np.int32)
    cols = np.ones(repeats, np.int32)
    mean, spread = sample_cells(data, rows, cols, 1000, samples, 9, False)
    expected = np.mean(spread) / np.sqrt(samples)
    ratio = np.std(mean, ddof=1) / expected
    assert 0.8 < ratio < 1.25, ratio
    # the row mean keeps shrinking like 1/sqrt(cells), as independent cells do
    assert abs(mean.mean() - np.median(mean)) < 0.01


def test_hilo_differs_from_hi_and_is_symmetric(tmp_path):
    ids = [4527, 12025, 16431]
    table_build.build_table("omaha-hilo", samples=32, seed=1, cache_dir=tmp_path,
                             class_ids=ids)
    table = tables.load_table("omaha-hilo", tmp_path, ids)
    assert table.game == "omaha-hilo"
    a, b = table.position(4527), table.position(16431)
    assert table.equity(a, b) + table.equity(b, a) == 1.0
    with pytest.raises(InputError, match="not built"):
        tables.load_table("omaha-hi", tmp_path, ids)


def test_resume_is_bit_identical(tmp_path):
    ids = [0, 715, 4527, 12025, 16431]
    straight = tmp_path / "straight"
    table_build.build_table("omaha-hi", samples=16, seed=11, cache_dir=straight,
                             class_ids=ids, block_cells=3)
    interrupted = tmp_path / "interrupted"
    flag = CancelFlag()
    seen = []

    def cancel_after_two_blocks(done, total):
        # calls: start, exact suit-blind part done, block 1, block 2 (then cancel)
        seen.append(done)
        if len(seen) == 4:
            flag.cancel()

    with pytest.raises(Cancelled):
        table_build.build_table("omaha-hi", samples=16, seed=11, cache_dir=interrupted,
                                 class_ids=ids, block_cells=3,
                                 progress=cancel_after_two_blocks, cancel=flag)
    path = tables.table_path("omaha-hi", interrupted, ids)
    assert not path.exists() and path.with_name(path.name + ".partial").exists()
    assert table_build.partial_settings("omaha-hi", interrupted, ids) == {"samples": 16, "seed": 11}
    resumed_from = []
    table_build.build_table("omaha-hi", samples=16, seed=11, cache_dir=interrupted,
                             class_ids=ids, block_cells=3,
                             progress=lambda done, total: resumed_from.append(done))
    # two blocks of 3 cells survived the interruption, and the whole suit-blind part
    assert resumed_from[0] == 6 + int(15 * table_build.RANK_SHARE)
    # bit-identical data (the header differs only in the recorded build time)
    resumed = load_verified(path)
    reference = load_verified(tables.table_path("omaha-hi", straight, ids))
    for name in ("equity", "spread", "pairs", "block_crc"):
        assert resumed.arrays[name].tobytes() == reference.arrays[name].tobytes()
    assert resumed.meta["cell_stderr"] == reference.meta["cell_stderr"]
    # another seed gives another table
    table_build.build_table("omaha-hi", samples=16, seed=12, cache_dir=tmp_path / "other",
                             class_ids=ids, block_cells=3)
    other = load_verified(tables.table_path("omaha-hi", tmp_path / "other", ids))
    assert other.arrays["equity"].tobytes() != reference.arrays["equity"].tobytes()


def test_damaged_table_is_refused_and_rebuilt(tmp_path):
    ids = [4527, 12025]
    table_build.build_table("omaha-hi", samples=8, seed=2, cache_dir=tmp_path, class_ids=ids)
    path = tables.table_path("omaha-hi", tmp_path, ids)
    data = bytearray(path.read_bytes())
    data[-2] ^= 0xFF
    path.write_bytes(bytes(data))
    with pytest.raises(SaveFileError, match="damaged"):
        tables.load_table("omaha-hi", tmp_path, ids)
    info = tables.table_info("omaha-hi", tmp_path, ids)
    assert info["built"] is False and "damaged" in info["damaged"]
    path.write_bytes(bytes(data[:-100]))
    with pytest.raises(SaveFileError, match="truncated"):
        tables.load_table("omaha-hi", tmp_path, ids)
    # a build over a damaged file replaces it
    table_build.build_table("omaha-hi", samples=8, seed=2, cache_dir=tmp_path, class_ids=ids)
    assert tables.load_table("omaha-hi", tmp_path, ids).n == 2


def test_bad_settings():
    with pytest.raises(InputError, match="samples"):
        table_build.build_table("omaha-hi", samples=0, class_ids=[1, 2])
    with pytest.raises(InputError, match="holdem"):
        table_build.build_table("holdem")
    with pytest.raises(InputError, match="0..16431"):
        table_build.build_table("omaha-hi", class_ids=[5, 20000])


def test_cache_dir_resolution(monkeypatch, tmp_path):
    monkeypatch.setenv("OMAHANASH_CACHE", str(tmp_path / "env"))
    assert tables.resolve_cache_dir() == tmp_path / "env"
    assert tables.resolve_cache_dir(tmp_path / "arg") == tmp_path / "arg"
    monkeypatch.delenv("OMAHANASH_CACHE")
    assert "omahanash" in str(tables.resolve_cache_dir())


def _cli(*args):
    return subprocess.run([sys.executable, "-m", "omahanash", "table", *args],
                          capture_output=True, text=True)


def test_cli_build_info_cell(tmp_path):
    cache = str(tmp_path)
    proc = _cli("info", "--game", "omaha", "--cache-dir", cache, "--json")
    assert proc.returncode == 0 and json.loads(proc.stdout)["built"] is False
    proc = _cli("cell", "--game", "omaha", "4527", "12025", "--cache-dir", cache)
    assert proc.returncode == 2 and "omahanash table build --game omaha-hi" in proc.stderr
    proc = _cli("build", "--game", "omaha", "--samples", "8", "--classes", "4527,12025",
                "--cache-dir", cache, "--json")
    assert proc.returncode == 0, proc.stderr
    info = json.loads(proc.stdout)
    assert info["built"] and info["classes"] == 2 and info["samples"] == 8
    assert info["seed"] == tables.DEFAULT_SEED and info["bytes"] > 4096
    assert 0 < info["cell_stderr"] < 0.2
    proc = _cli("cell", "--game", "omaha", "2s 4s 3c 9c", "6h Qd 6c Ac", "--classes",
                "4527,12025", "--cache-dir", cache, "--json")
    cell = json.loads(proc.stdout)
    assert cell["a"]["id"] == 4527 and cell["b"]["cards"] == "6h Qd 6c Ac"
    assert cell["pairs"] == 12 * 24 and 0 < cell["equity"] < 1 and cell["stderr"] > 0
    proc = _cli("build", "--game", "omaha", "--exact", "--cache-dir", cache)
    assert proc.returncode == 2 and "48 hours" in proc.stderr
    assert len(proc.stderr.strip().splitlines()) == 1


@pytest.mark.parametrize("game", ["omaha-hi", "omaha-hilo"])
def test_full_row_agrees_with_the_independent_reference(game):
    # A whole row of the table (every opponent class, weighted by its exact pairs) is the
    # hand's equity against a random hand; the reference draws the opponent's four cards
    # directly, never touching classes or pairs.
    data = tables.class_data("omaha", None)
    a = 12025
    rep = data.member_masks[data.member_offsets[a]]
    disjoint = (data.member_masks & rep) == 0
    counts = np.add.reduceat(disjoint.astype(np.int64), data.member_offsets[:-1])
    n, samples = counts.size, 16
    assert counts.sum() == comb(48, 4)
    mean, spread = sample_cells(data, np.full(n, a, np.int32), np.arange(n, dtype=np.int32),
                                0, samples, 4, game == "omaha-hilo")
    weights = counts / counts.sum()
    row = float(np.dot(weights, mean))
    row_se = float(np.sqrt(np.sum(weights**2 * spread**2) / samples))
    reference, reference_se = table_check.reference_vs_random_hand(
        game, data.representatives[a], 1_000_000, seed=3)
    assert abs(row - reference) < 4 * np.hypot(row_se, reference_se), (row, reference)
    assert reference_se < 0.0006


def _rainbow_classes(count: int) -> list[int]:
    """Class ids whose hands hold four different suits (such a hand never makes a flush)."""
    from omahanash.hands import class_cards

    found = []
    for cid in range(0, 16432, 97):
        suits = {card[-1] for card in class_cards("omaha", cid).split()}
        if len(suits) == 4:
            found.append(cid)
        if len(found) == count:
            return found
    raise AssertionError("not enough rainbow classes")


@pytest.mark.parametrize("game", ["omaha-hi", "omaha-hilo"])
def test_cell_without_possible_flush_is_exact(game):
    # Two rainbow classes: no flush correction, so the cell is the exact suit-blind part
    # alone, which must equal exact enumeration averaged over the disjoint members.
    ids = _rainbow_classes(2)
    data = tables.class_data("omaha", np.array(ids))
    rep = data.representatives[0].tolist()
    members = [m.tolist() for m in class_members("omaha", ids[1]) if not set(rep) & set(m.tolist())]
    exact = np.mean([exact_equity(rep, m, game=game).equity[0] for m in members])
    mean, spread = sample_cells(data, np.array([0], np.int32), np.array([1], np.int32), 0, 8, 1,
                                game == "omaha-hilo")
    assert spread[0] == 0.0
    assert mean[0] == pytest.approx(exact, abs=1e-12)


@pytest.mark.parametrize("game", ["omaha-hi", "omaha-hilo"])
def test_rank_equity_equals_enumeration_without_suits(game):
    # The suit-blind part of two concrete hands by brute force: every board of the 44 cards
    # left, non-flush values from the hands' profiles, lows from the low table.
    from itertools import combinations

    from omahanash.cards import parse_cards
    from omahanash.equity.table_kernels import class_quads, rank_equity
    from omahanash.evaluate import nonflush_profiles
    from omahanash.evaluate.tables import lookup_table, low_table, multiset_indices

    hilo = game == "omaha-hilo"
    a, b = parse_cards("As Ah Kd 7c"), parse_cards("2s 3c 4d 8h")
    deck = [c for c in range(52) if c not in a + b]
    boards = np.array(list(combinations(deck, 5)))
    index = multiset_indices(np.sort(boards >> 2, axis=1))
    profiles = nonflush_profiles(np.array([a, b]), "omaha").astype(np.int64)
    d_high = np.sign(profiles[index, 0] - profiles[index, 1])
    units = 2 + 2 * d_high
    if hilo:
        low_bit = lookup_table("low_bit_of_card")
        board_low = np.bitwise_or.reduce(low_bit[boards], axis=1)
        low_a = low_table()[np.bitwise_or.reduce(low_bit[np.array(a)]), board_low].astype(np.int64)
        low_b = low_table()[np.bitwise_or.reduce(low_bit[np.array(b)]), board_low].astype(np.int64)
        split = ((low_a | low_b) != 0).astype(np.int64)
        units = (2 - split) * (1 + d_high) + split * (1 + np.sign(low_a - low_b))
    brute = units.sum() / (4 * len(boards))
    qa, qb = class_quads(np.array([a, b]))
    ranks = rank_equity(np.array([qa, qb]), hilo)
    assert ranks[qa, qb] == pytest.approx(brute, abs=1e-12)
    assert ranks[qb, qa] == pytest.approx(1 - brute, abs=1e-12)
    assert 0.55 < brute < 0.8  # aces against a low rainbow hand
