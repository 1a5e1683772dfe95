"""The trainer's table spots are solved quickly by default (a fixed count of CFR+ iterations
on fewer deals, through the cache of equilibria), and to the engine's target with
``precise``: the same spot then gives the same ranges, within the quick solve's precision."""

from __future__ import annotations

import numpy as np

from omahanash.pushfold import PushFoldSpot
from omahanash.trainer.table import (
    QUICK_ITERATIONS,
    TableDrill,
    TableDrillConfig,
    default_solve,
    quick_deals,
)


def test_the_default_solve_is_quick_and_agrees_with_the_precise_one(tmp_path):
    spot = PushFoldSpot("holdem", [1000, 1000, 1000], 50, 100, payouts="50/30/20")
    quick = default_solve(spot, None, None, cache_dir=tmp_path, persist=False)
    precise = default_solve(spot, None, None, cache_dir=tmp_path, persist=False,
                            precise=True)
    assert quick.iterations == QUICK_ITERATIONS and quick.solver.deals.count == \
        quick_deals(spot) == 40_000
    # the precise solve: 3-handed Hold'em over every class triple (three-way pots on many
    # boards), to 0.1 % of the pool
    assert precise.nash_conv <= 0.1 and precise.solver.deals.settle is not None
    for node in ("BTN", "SB", "BB vs BTN", "BB vs BTN+SB"):
        for hand, played in (("AA", True), ("72o", False)):
            assert (quick.lookup(hand, node)["play_pct"] > 50) is played, (node, hand)
            assert (precise.lookup(hand, node)["play_pct"] > 50) is played, (node, hand)
    # close to an equilibrium on its deals (0.5 % of the pool; the precise one 0.1 %); the
    # ranges need not be the precise one's: 3-handed near-equilibria differ (measured: BTN
    # 30 % against 22 %, SB 57 % against 67 %, both within their NashConv)
    assert 0 < quick.nash_conv <= 0.5 and np.isfinite(precise.nash_conv)


def test_a_drill_deals_its_first_spot_from_the_quick_solve(tmp_path):
    drill = TableDrill(TableDrillConfig("holdem", players=3, stacks="10"), seed=4,
                       cache_dir=tmp_path, persist=False)
    spot = drill.next_spot()
    assert drill.solution(0).iterations == QUICK_ITERATIONS
    assert spot.players == 3 and 0.0 <= spot.frequency <= 1.0
