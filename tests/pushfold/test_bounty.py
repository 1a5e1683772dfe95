"""Knockout and progressive-knockout bounties (issue 38): who busts whom, checked against a
brute force that follows every chip; the bounty value on hand-made deals with side pots and
split pots; and the strategies they give (heads-up winner-takes-all with equal bounties is
chip EV; a covering big blind calls wider against a short shove as the bounty grows)."""

from __future__ import annotations

from fractions import Fraction

import numpy as np
import pytest

from omahanash.errors import InputError
from omahanash.pushfold import PushFoldSpot, kernels, solve_pushfold
from omahanash.pushfold.bounty import Bounties, bounty_of_settled, settle_with_bounties
from omahanash.pushfold.deals import sampled_deals
from omahanash.pushfold.kernels import settle
from omahanash.pushfold.solver import PushFoldSolver, default_target


def brute_force(live: int, hi: list[int], lo: list[int], hilo: bool, stacks: list[int],
                antes: list[int], blinds: list[int], bounties: list[float], pko: bool,
                rate: float, relative: bool) -> tuple[list[Fraction], list[Fraction]]:
    """``(stacks after the hand, bounty values)`` by definition, chip by chip: the k-th chip
    a player put in goes to the best hands among the live players who put in more than k
    (Hi/Lo: half to the best high, half to the best qualifying low), shared equally, or back
    to its owner. A player with chips before and none after is busted by whoever won the
    last chip they put in (in the shares that chip was won); KO pays the bounty, PKO half
    of it and puts half on the winner's head. Each seat's value: the money paid plus its
    share of the chips times the bounties left, times ``rate``; ``relative`` (chip EV)
    subtracts its share of the bounties before the hand."""
    n = len(stacks)
    put = [stacks[i] if live >> i & 1 else antes[i] + blinds[i] for i in range(n)]
    out = [Fraction(stacks[i] - put[i]) for i in range(n)]
    last_chip: dict[int, list[Fraction]] = {}
    for owner in range(n):
        for k in range(put[owner]):
            won = [Fraction(0)] * n
            matched = [i for i in range(n) if live >> i & 1 and put[i] > k]
            if not matched:
                won[owner] = Fraction(1)
            else:
                best = max(hi[i] for i in matched)
                high = [i for i in matched if hi[i] == best]
                lows = [lo[i] for i in matched if hilo and lo[i] > 0]
                share = Fraction(1) if not lows else Fraction(1, 2)
                for i in high:
                    won[i] += share / len(high)
                if lows:
                    low = [i for i in matched if lo[i] == max(lows)]
                    for i in low:
                        won[i] += (1 - share) / len(low)
            for i in range(n):
                out[i] += won[i]
            if k == put[owner] - 1:
                last_chip[owner] = won
    heads = [Fraction(b) for b in bounties]
    paid = [Fraction(0)] * n
    for j in range(n):
        if stacks[j] > 0 and out[j] == 0:
            for i, share in enumerate(last_chip[j]):
                amount = Fraction(bounties[j]) * share
                if pko:
                    paid[i] += amount / 2
                    heads[i] += amount / 2
                else:
                    paid[i] += amount
    total = sum(stacks)
    left = sum(heads[i] for i in range(n) if out[i] > 0)
    before = sum(Fraction(b) for b in bounties)
    values = [Fraction(rate) * (paid[i] + out[i] * left / total
                                - (stacks[i] * before / total if relative else 0))
              for i in range(n)]
    return out, values


def kernel(live, hi, lo, hilo, stacks, antes, blinds, bounties, pko, rate, relative):
    n = len(stacks)
    arrays = [np.array(x, np.float64) for x in (stacks, antes, blinds)]
    his, los = np.array(hi, np.int32), np.array(lo, np.int32)
    final, contrib = np.empty(n), np.empty(n)
    settle(live, his, los, hilo, *arrays, final, contrib)
    spec = np.array([1.0 if pko else 0.0, rate, 1.0 if relative else 0.0, *bounties])
    out = np.zeros(n)
    bounty_of_settled(live, his, los, hilo, *arrays, final, spec, out)
    # the one walk of the pots and the bounties (the pots settled deal by deal) agrees
    fused_final, fused = np.empty(n), np.zeros(n)
    settle_with_bounties(live, his, los, hilo, arrays[0], contrib, fused_final, spec, fused,
                         np.empty(3 * n))
    assert np.allclose(fused_final, final, rtol=0, atol=1e-9)
    assert np.allclose(fused, out, rtol=0, atol=1e-9)
    return final, out


def test_a_side_pot_decides_who_busts_whom():
    """Four all in for 100/200/300/400; the short stack has the best hand and takes the main
    pot, the 300 stack wins the side pot 100-300 from the 200 stack (busting it), the 400
    stack gets its last 100 back. Bounties 10 each, chips in play 1000."""
    stacks, nothing = [100, 200, 300, 400], [0, 0, 0, 0]
    hi = [4, 2, 3, 1]
    final, ko = kernel(15, hi, nothing, False, stacks, nothing, nothing, [10] * 4, False, 1.0,
                       False)
    assert final.tolist() == [400, 0, 500, 100]
    # KO: the 300 stack is paid 10; 30 left in play, shared by chips
    assert ko == pytest.approx([400 / 1000 * 30, 0, 10 + 500 / 1000 * 30, 100 / 1000 * 30])
    _, pko = kernel(15, hi, nothing, False, stacks, nothing, nothing, [10] * 4, True, 1.0,
                    False)
    # PKO: 5 paid, 5 on the winner's head: 10 + 15 + 10 left
    assert pko == pytest.approx([400 / 1000 * 35, 0, 5 + 500 / 1000 * 35, 100 / 1000 * 35])
    assert sum(ko) == pytest.approx(40) and sum(pko) == pytest.approx(40)


def test_a_split_pot_splits_the_bounty():
    stacks, nothing = [100, 300, 300], [0, 0, 0]
    final, value = kernel(7, [1, 2, 2], nothing, False, stacks, nothing, nothing,
                          [20, 10, 10], False, 1.0, False)
    assert final.tolist() == [0, 350, 350]
    # the two winners share the 20 bounty; the 20 left in play goes by chips
    assert value == pytest.approx([0, 10 + 350 / 700 * 20, 10 + 350 / 700 * 20])
    # Hi/Lo: the high to one, the low to the other: each half of the bounty to its winner
    final, value = kernel(7, [1, 3, 2], [0, 0, 7], True, stacks, nothing, nothing,
                          [20, 10, 10], True, 1.0, False)
    assert final.tolist() == [0, 350, 350]
    # PKO: 5 + 5 paid, 5 + 5 on the heads: 15 + 15 left
    assert value == pytest.approx([0, 5 + 350 / 700 * 30, 5 + 350 / 700 * 30])


def test_nobody_is_busted_by_an_uncalled_all_in():
    stacks = [500, 200, 300]
    final, value = kernel(1, [0, 0, 0], [0, 0, 0], False, stacks, [0, 0, 0], [0, 50, 100],
                          [10, 10, 10], False, 2.0, True)
    assert final.tolist() == [650, 150, 200]
    # chip EV: the change of each seat's chip share of the 30 in play, at 2 chips a unit
    assert value == pytest.approx([2 * 30 * (650 - 500) / 1000, 2 * 30 * (150 - 200) / 1000,
                                   2 * 30 * (200 - 300) / 1000])


@pytest.mark.parametrize("hilo", [False, True])
def test_the_bounties_are_the_chip_by_chip_brute_force(hilo):
    """Random tables of 2 to 6 (blinds, antes, players all in for less than them, ties,
    folded players whose posts were their whole stack), every kind and unit."""
    rng = np.random.default_rng(38)
    busts = 0
    for case in range(400):
        n = int(rng.integers(2, 7))
        stacks = [int(s) for s in rng.integers(1, 25, n)]
        antes = [min(int(rng.integers(0, 3)), s) for s in stacks]
        blinds = [0] * n
        blinds[n - 2] = min(2, stacks[n - 2] - antes[n - 2])
        blinds[n - 1] = min(4, stacks[n - 1] - antes[n - 1])
        live = int(rng.integers(1, 1 << n))
        hi = [int(h) for h in rng.integers(1, 4, n)]
        lo = [int(x) for x in rng.integers(0, 4, n)] if hilo else [0] * n
        bounties = [float(b) for b in rng.choice([0.0, 5.0, 7.5, 20.0], n)]
        pko, relative = bool(case % 2), bool(case % 3 == 0)
        rate = [1.0, 2.5][case % 4 == 1]
        final, values = kernel(live, hi, lo, hilo, stacks, antes, blinds, bounties, pko,
                               rate, relative)
        want_final, want = brute_force(live, hi, lo, hilo, stacks, antes, blinds, bounties,
                                       pko, rate, relative)
        assert final.tolist() == pytest.approx([float(x) for x in want_final])
        assert values.tolist() == pytest.approx([float(x) for x in want], abs=1e-9), case
        busts += sum(1 for s, f in zip(stacks, want_final) if f == 0 and s > 0)
    assert busts > 150  # the cases bust players (not a check of empty sums)


def test_bounties_are_read_and_refused():
    assert Bounties.parse(bounty="12.5", players=2, kind="PKO").amounts == (12.5, 12.5)
    assert Bounties.parse(bounties=[1, 2, 3], players=3).total == 6.0
    with pytest.raises(InputError, match="ko or pko"):
        Bounties.parse(bounty=1, players=3, kind="bko")
    with pytest.raises(InputError, match=r"bounties\[1\] must be a number >= 0, got 'x'"):
        Bounties.parse(bounties="1,x,3", players=3)
    with pytest.raises(InputError, match="not both"):
        Bounties.parse(bounty=1, bounties=[1, 1], players=2)
    spot = PushFoldSpot("holdem", [1000] * 3, 50, 100, payouts="50/30/20")
    # the target counts the bounties at stake: 0.1 % of the pool and the bounties
    assert default_target(spot, Bounties.parse(bounty=50, players=3)) == pytest.approx(0.25)


@pytest.mark.parametrize("players, game", [(4, "holdem"), (5, "holdem")])
def test_tabled_pots_equal_the_pots_settled_deal_by_deal(players, game, monkeypatch):
    """The bounty values of the outcome tables (pots of 3-4 players, made once per spot)
    equal those of the pots settled deal by deal (as every pot of 5 or more is); the
    values given out are the pool and the bounties."""
    from omahanash.equity.tables import load_table

    table = load_table(game)
    spot = PushFoldSpot(game, [500 + 230 * i for i in range(players)], 50, 100, ante=10,
                        payouts="50/30/20")
    bounty = Bounties.parse(bounties=[10 * (i + 1) for i in range(players)], players=players,
                            kind="pko")
    deals = sampled_deals(game, players, 3000, seed=12)
    sigma = np.random.default_rng(6).choice([0.0, 1.0, 0.4], size=(spot.node_count(), table.n))
    passes = []
    for tabled in (True, False):
        if not tabled:
            monkeypatch.setattr(kernels, "TABLED_PLAYERS", 2)
        solver = PushFoldSolver(spot, table, deals, bounty=bounty)
        monkeypatch.undo()
        passes.append(solver._pass(sigma))
    for a, b in zip(*passes):
        assert np.allclose(a, b, rtol=1e-10, atol=1e-12)
    assert passes[0][2].sum() == pytest.approx(100 + bounty.total)
    # the chip EVs of the same run: changes, summing to zero
    assert solver._pass(sigma, icm=False)[2].sum() == pytest.approx(0.0, abs=1e-8)


def test_heads_up_winner_takes_all_with_equal_bounties_is_chip_ev():
    """Heads-up, the winner takes the prize and every bounty: the value is linear in the
    chips, so equal KO (or PKO) bounties give the chip-EV strategies."""
    kwargs = dict(iterations=150, deals="exact", seed=0)
    stacks = [1300, 2100]
    chips = solve_pushfold(PushFoldSpot("holdem", stacks, 50, 100), **kwargs).strategy()
    wta = PushFoldSpot("holdem", stacks, 50, 100, payouts="1")
    for kind in ("ko", "pko"):
        bounty = Bounties.parse(bounty=0.5, players=2, kind=kind)
        solved = solve_pushfold(wta, bounty=bounty, **kwargs)
        assert np.abs(solved.strategy() - chips).max() < 1e-6
        # each seat's equity: its chip share of the prize and both bounties (1 + 0.5 + 0.5);
        # its chip EV counts the bounties in chips too, at 3400 chips per unit of the pool:
        # twice the stack's change
        change = solved.ev[0]["chips"] / 2
        assert solved.ev[0]["prize"] == pytest.approx(2 * (stacks[0] + change) / sum(stacks),
                                                      rel=1e-9)
    # (whatever the bounties: the last player left collects both)
    lopsided = solve_pushfold(wta, bounty=Bounties.parse(bounties=[0, 2], players=2),
                              **kwargs)
    assert np.abs(lopsided.strategy() - chips).max() < 1e-6
    assert sum(row["prize"] for row in lopsided.ev) == pytest.approx(3.0)


def test_a_covering_big_blind_calls_wider_as_the_bounty_grows():
    """3-handed, the button folds, the short small blind shoves: the big blind covers it,
    and the bounty it collects by calling and winning widens its calls."""
    spot = PushFoldSpot("holdem", [2000, 500, 2500], 50, 100, payouts="50/30/20")
    calls = []
    for amount in (0.0, 1.5, 4.0):
        bounty = None if amount == 0 else Bounties.parse(bounty=amount, players=3)
        solution = solve_pushfold(spot, iterations=120, deals=12_000, seed=3,
                                  locks={"BTN": "fold"}, bounty=bounty)
        row = {r["node"]: r for r in solution.node_summary()}["BB vs SB"]
        calls.append(row["percent"])
    assert calls[0] + 3 < calls[1] and calls[1] + 3 < calls[2] < 100, calls
