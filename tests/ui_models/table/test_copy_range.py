"""A node's range copied as a lock reads back (issue 35): the weights round-trip through the
range language within the two-decimal rounding, for Hold'em and Omaha; the tables' strength
order is the order 'top N%' takes classes."""

from __future__ import annotations

import numpy as np

from omahanash.hands import class_cards
from omahanash.ranges import parse_range, ranking, top_percent
from ui.kit.range_text import strength_ranks
from ui.table.model import lock_text, parse_locks, ranked_hand_table


def rows_for(variant: str, ids: list[int], seed: int) -> list[dict]:
    game = "holdem" if variant == "holdem" else "omaha"
    rng = np.random.default_rng(seed)
    play = rng.choice([0.0, 0.2, 13.7, 50.0, 99.6, 100.0], size=len(ids))
    return [{"id": i, "cards": class_cards(game, i), "play_pct": float(p)}
            for i, p in zip(ids, play, strict=True)]


def test_a_copied_lock_reads_back_to_the_same_frequencies():
    for variant, ids in (("holdem", list(range(169))),
                         ("omaha-hi", [int(i) for i in ranking("omaha-hi")[:300]])):
        rows = rows_for(variant, ids, seed=5)
        locks = parse_locks(lock_text("BB vs SB", rows, variant))
        weights = parse_range(locks["BB vs SB"], variant).weights
        expected = np.zeros(weights.size)
        for row in rows:
            expected[row["id"]] = round(row["play_pct"] / 100, 2)
        assert np.abs(weights - expected).max() < 1e-9, variant
        assert {0.14, 0.5, 1.0} <= set(np.round(weights, 2).tolist())


def test_strength_ranks_follow_top_percent():
    for variant in ("holdem", "omaha-hi", "omaha-hilo"):
        ranks = strength_ranks(variant)
        order = np.argsort(ranks)
        assert ranks.min() == 1 and sorted(ranks.tolist()) == list(range(1, ranks.size + 1))
        # the classes of top 5% are exactly the strongest ranks
        top = top_percent(5, variant).weights
        whole = np.flatnonzero(top >= 1.0)
        assert set(whole.tolist()) == set(order[:whole.size].tolist())


def test_the_class_table_lists_the_strongest_first():
    rows = [{"id": i, "rank": int(strength_ranks("holdem")[i]), "name": n, "combos": 6,
             "play_pct": 50.0, "play_bb": 0.0, "fold_bb": 0.0, "play_pool": None,
             "fold_pool": None} for i, n in ((22, "T9s"), (0, "AA"), (168, "22"), (14, "KK"))]
    table = ranked_hand_table(rows)
    assert [row[1] for row in table][:2] == ["AA", "KK"]
    assert [row[0] for row in table] == sorted(row[0] for row in table)
    assert table[0][0] == 1
