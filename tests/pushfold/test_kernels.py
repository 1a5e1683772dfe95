"""The two walks of a deal pass agree: the tree walk with pruning (5+ players) and the walk
of every action path (up to 4), on the same deals, strategies and values."""

from __future__ import annotations

import numpy as np
import pytest

from omahanash.pushfold import PushFoldSpot, kernels, solve_pushfold
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
             solver.storage, solver.scale, table.n, solver.values, solver.stacks, solver.antes,
             solver.blinds, solver.payouts, solver.icm, cfv, reach, root, np.zeros(1, np.uint8))
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
    first = solution.history[0].nash_conv
    assert solution.nash_conv < first
    prize = [row["prize"] for row in solution.ev]
    assert sum(prize) == pytest.approx(100.0, abs=1e-6)
    # the big stacks' ranges at the first node are a real range, not all or nothing
    utg = solution.node_summary()[0]
    assert utg["node"] == "UTG" and 0.0 < utg["percent"] < 100.0


def _pass_with(spot, table, deals, sigma, monkeypatch, tabled: bool, valuation=None):
    if not tabled:
        monkeypatch.setattr(kernels, "TABLED_PLAYERS", 2)
    solver = PushFoldSolver(spot, table, deals, valuation=valuation)
    monkeypatch.undo()
    return solver._pass(sigma)


@pytest.mark.parametrize("game, players, payouts", [
    ("holdem", 3, "50/30/20"), ("holdem", 4, None), ("omaha-hi", 4, "65/35"),
    ("omaha-hilo", 3, "50/30/20"), ("omaha-hilo", 3, None)])
def test_outcome_tables_equal_settling_every_deal(game, players, payouts, omaha_tables,
                                                   monkeypatch):
    """Pots of 3 (4) players valued from the spot's outcome table give what settling each
    deal's showdown pot by pot gives: every tie, side pot and Hi/Lo split of the sample."""
    from omahanash.equity.tables import load_table

    table = load_table("holdem") if game == "holdem" else omaha_tables[game]
    # unequal stacks and an ante: side pots everywhere
    spot = PushFoldSpot(game, [500 + 230 * i for i in range(players)], 50, 100, ante=10,
                        payouts=payouts)
    deals = sampled_deals(game, players, 4000, seed=11,
                          class_ids=None if game == "holdem" else table.class_ids)
    sigma = np.random.default_rng(5).choice([0.0, 1.0, 0.4], size=(spot.node_count(),
                                                                    table.n))
    tabled = _pass_with(spot, table, deals, sigma, monkeypatch, True)
    settled = _pass_with(spot, table, deals, sigma, monkeypatch, False)
    assert np.abs(tabled[0]).sum() > 0
    for a, b in zip(tabled, settled):
        assert np.allclose(a, b, rtol=1e-10, atol=1e-12)


def test_a_valuation_replaces_icm(omaha_tables):
    """``valuation`` values the stacks after the hand: handing it ICM itself reproduces the
    ICM run; a valuation that pays chip share reproduces ``payouts="1"``."""
    from omahanash.equity.tables import load_table
    from omahanash.pushfold.icm import icm_kernel

    def by_icm(final, start):
        out = np.zeros(final.size)
        icm_kernel(final, spot.payout_amounts, start, out)
        return out

    table = load_table("holdem")
    kwargs = dict(iterations=15, deals=5000, seed=3, table=table)
    spot = PushFoldSpot("holdem", [700, 1100, 1500], 50, 100, ante=10, payouts="50/30/20")
    plain = solve_pushfold(spot, **kwargs)
    valued = solve_pushfold(spot, valuation=by_icm, **kwargs)
    assert np.allclose(plain.strategy(), valued.strategy(), atol=1e-12)
    share = solve_pushfold(PushFoldSpot("holdem", [700, 1100, 1500], 50, 100, ante=10,
                                        payouts="1"), **kwargs)
    pooled = solve_pushfold(spot, valuation=lambda final, start: 100 * final / final.sum(),
                            **kwargs)
    assert np.allclose(share.strategy(), pooled.strategy(), atol=1e-12)
    scale = 100 / share.spot.prize_pool  # "1" pays a pool of 1
    assert [r["prize"] for r in pooled.ev] == pytest.approx([scale * r["prize"]
                                                             for r in share.ev])


def test_a_valuation_refuses_what_it_cannot_value():
    from omahanash.equity.tables import load_table
    from omahanash.errors import InputError

    table = load_table("holdem")
    five = PushFoldSpot("holdem", [1000] * 5, 50, 100, payouts="50/30/20")
    with pytest.raises(InputError, match="at most 4 players"):
        solve_pushfold(five, iterations=1, deals=100, table=table,
                       valuation=lambda final, start: final)
    three = PushFoldSpot("holdem", [1000] * 3, 50, 100, payouts="50/30/20")
    with pytest.raises(InputError, match="3 finite values"):
        solve_pushfold(three, iterations=1, deals=100, table=table,
                       valuation=lambda final, start: final[:2])
    with pytest.raises(InputError, match="payouts"):
        solve_pushfold(PushFoldSpot("holdem", [1000] * 3, 50, 100), iterations=1, deals=100,
                       table=table, valuation=lambda final, start: final)
