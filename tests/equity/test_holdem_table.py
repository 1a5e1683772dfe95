from math import comb

import numpy as np
import pytest

from omahanash.cards import parse_cards
from omahanash.equity.holdem_table import canonical_matchup, exact_cells, matchup_equity
from omahanash.equity.tables import load_table, table_info
from omahanash.hands import class_combos, parse_class


@pytest.fixture(scope="module")
def table():
    return load_table("holdem")


def test_shipped_and_exact(table):
    info = table_info("holdem")
    assert info["built"] and info["exact"] and info["classes"] == 169
    assert info["bytes"] < 400_000  # "a few hundred KB at most"
    assert table.n == 169 and table.stderr(0, 14) == 0.0


def test_public_aa_vs_kk(table):
    aa, kk = parse_class("AA", "holdem"), parse_class("KK", "holdem")
    assert table.equity(aa, kk) == pytest.approx(0.819461, abs=5e-7)
    assert table.pairs(aa, kk) == 36
    no_suit_shared = canonical_matchup(parse_cards("As Ah"), parse_cards("Kd Kc"))
    both_shared = canonical_matchup(parse_cards("As Ah"), parse_cards("Ks Kh"))
    assert matchup_equity(no_suit_shared) == pytest.approx(0.812555, abs=5e-7)
    assert matchup_equity(both_shared) == pytest.approx(0.826366, abs=5e-7)


def test_sample_of_cells_recomputed_exactly(table):
    rng = np.random.default_rng(7)
    cells = [(int(a), int(b)) for a, b in rng.integers(0, 169, size=(3, 2))]
    cells.append((parse_class("72o", "holdem"), parse_class("AKs", "holdem")))
    for (a, b), value in exact_cells(cells).items():
        assert table.equity(a, b) == pytest.approx(value, abs=1e-9), (a, b)


def test_symmetry_and_pairs(table):
    combos = class_combos("holdem")
    for a in range(0, 169, 7):
        assert table.equity(a, a) == pytest.approx(0.5, abs=1e-12)
        row = [table.pairs(a, b) for b in range(169)]
        assert sum(row) == combos[a] * comb(50, 2)  # every hand meets C(50, 2) opponents
        for b in range(0, 169, 11):
            assert table.pairs(a, b) == table.pairs(b, a)
            assert table.equity(a, b) + table.equity(b, a) == pytest.approx(1.0, abs=1e-12)
