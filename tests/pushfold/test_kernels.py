"""The two walks of a deal pass agree: the tree walk with pruning (5+ players) and the walk
of every action path (up to 4), on the same deals, strategies and values."""

from __future__ import annotations

import numpy as np
import pytest

from omahanash.pushfold import PushFoldSpot, solve_pushfold
from omahanash.pushfold.deals import sampled_deals
from omahanash.pushfold.kernels import walk_deals, walk_paths
from omahanash.pushfold.solver import PushFoldSolver


@pytest.mark.parametrize("players, payouts", [(3, None), (3, "50/30/20"), (4, "65/35"),
                                              (5, "50/30/20")])
def test_tree_walk_equals_path_walk(players, payouts):
    from omahanash.equity.tables import load_table

    table = load_table("holdem")
    spot = PushFoldSpot("holdem", [600 + 150 * i for i in range(players)], 50, 100, ante=5,
                        payouts=payouts)
    deals = sampled_deals("holdem", players, 3000, seed=players)
    solver = PushFoldSolver(spot, table, deals)
    rng = np.random.default_rng(players)
    # a strategy with pure and mixed entries (zeros prune branches in the tree walk)
    sigma = rng.choice([0.0, 1.0, 0.3, 0.8], size=solver.sigma.shape)
    out = []
    for walk in (walk_deals, walk_paths):
        cfv = np.zeros(solver.sigma.shape + (2,))
        reach = np.zeros(solver.sigma.shape)
        root = np.zeros(players)
        walk(0, deals.rows, deals.classes, deals.weights, deals.hi, deals.lo, False, sigma,
             solver.storage, solver.scale, table.n, solver.single, solver.first, solver.second,
             solver.stacks, solver.antes, solver.blinds, solver.payouts, solver.icm, cfv,
             reach, root)
        out.append((cfv, reach, root))
    (cfv_a, reach_a, root_a), (cfv_b, reach_b, root_b) = out
    assert np.abs(cfv_a).sum() > 0 and np.abs(root_a).sum() > 0
    assert np.allclose(cfv_a, cfv_b, rtol=1e-9, atol=1e-12)
    assert np.allclose(reach_a, reach_b, rtol=1e-12, atol=1e-15)
    assert np.allclose(root_a, root_b, rtol=1e-9, atol=1e-9)
    # chips are shared out: the players' values sum to zero; prize equity to the pool
    assert root_a.sum() == pytest.approx(spot.prize_pool, abs=1e-6)


def test_a_six_handed_table_solves():
    spot = PushFoldSpot("holdem", [1500, 900, 1200, 700, 1000, 1100], 50, 100, ante=10,
                        payouts="65/35")
    solution = solve_pushfold(spot, iterations=30, deals=20_000, seed=6)
    assert len(solution.nodes) == 2 ** 6 - 2
    first = solution.history[0].exploitability
    assert solution.nash_conv < first
    prize = [row["prize"] for row in solution.ev]
    assert sum(prize) == pytest.approx(100.0, abs=1e-6)
    # the big stacks' ranges at the first node are a real range, not all or nothing
    utg = solution.node_summary()[0]
    assert utg["node"] == "UTG" and 0.0 < utg["percent"] < 100.0
