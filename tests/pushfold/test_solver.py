"""The push/fold table engine against independent references: the heads-up engine when
everyone before the blinds folds, and a brute-force Monte Carlo over concrete deals."""

from __future__ import annotations

import itertools
import math

import numpy as np
import pytest

from omahanash.cards import parse_cards
from omahanash.errors import InputError
from omahanash.evaluate import evaluate_holdem, evaluate_omaha_hi
from omahanash.hands import class_combos, class_of
from omahanash.jamfold import JamFoldParams, solve_jamfold
from omahanash.pushfold import PushFoldSpot, solve_pushfold
from omahanash.pushfold.deals import Deals, exact_deals, sampled_deals
from omahanash.pushfold.solver import FRESH_SEED_OFFSET, PushFoldSolver


def range_pct(strategy: np.ndarray, ids: np.ndarray, game: str) -> float:
    combos = class_combos(game)[ids].astype(float)
    return 100.0 * float(combos @ strategy / combos.sum())


# -- everyone before the blinds folds: the heads-up game ------------------------------------


def blind_pair_deals(table, players: int) -> Deals:
    """Deals of a table where only the blinds' hands matter: every pair of classes of the
    small and the big blind with its number of disjoint concrete pairs (the heads-up game's
    weights), the earlier seats holding class 0 (they fold everything, so their hands never
    show down). In the full game that is exact: the earlier seats' hands are uniform over the
    cards the blinds leave, whose number is the same for every pair of blinds' hands."""
    from omahanash.equity.triangle import expand_triangle

    pairs = expand_triangle(table.pairs_triangle().astype(np.float64), table.n, "same")
    b, c = np.nonzero(pairs)
    classes = np.zeros((b.size, players), np.int32)
    classes[:, -2], classes[:, -1] = b, c
    weights = pairs[b, c] / pairs[b, c].sum()
    zeros = np.zeros(classes.shape, np.int32)
    return Deals(classes, weights, zeros, zeros.copy(), True, 0, int(b.size))


def check_blinds_play_heads_up(spot, table, iterations):
    game = "holdem" if str(spot.variant) == "holdem" else "omaha"
    first = spot.positions[: spot.players - 2]
    solution = solve_pushfold(spot, iterations=iterations, table=table,
                              deals=blind_pair_deals(table, spot.players),
                              locks={name: "fold" for name in first})
    folded_antes = spot.ante * (spot.players - 2)
    hu = solve_jamfold(JamFoldParams(spot.variant, sb=spot.sb, bb=spot.bb, ante=spot.ante,
                                     stacks=(spot.stacks[-2], spot.stacks[-1]),
                                     dead_money=folded_antes), table=table)
    ids = table.class_ids
    avg = solution.strategy()
    sb_node, bb_node = spot.find_node("SB"), spot.find_node("BB vs SB")
    assert range_pct(avg[sb_node.index], ids, game) == pytest.approx(
        range_pct(hu.push_strategy, ids, game), abs=0.5)
    assert range_pct(avg[bb_node.index], ids, game) == pytest.approx(
        range_pct(hu.call_strategy, ids, game), abs=0.5)
    # chip EV: the small blind wins the heads-up game's value, the folded seats lose an ante
    ev = {row["position"]: row["chips"] for row in solution.ev}
    game_value = hu.last_report.post_ev_pusher  # PU's best-response value: the game value
    assert ev["SB"] == pytest.approx(game_value, abs=0.01 * spot.bb)
    for name in first:
        assert ev[name] == pytest.approx(-spot.ante, abs=1e-9)
    assert sum(ev.values()) == pytest.approx(0.0, abs=1e-6)


def test_holdem_blinds_play_heads_up():
    from omahanash.equity.tables import load_table

    spot = PushFoldSpot("holdem", [1200, 1000, 800, 900], sb=50, bb=100, ante=10)
    check_blinds_play_heads_up(spot, load_table("holdem"), iterations=200)


@pytest.mark.parametrize("game", ["omaha-hi", "omaha-hilo"])
def test_omaha_blinds_play_heads_up(game, omaha_tables):
    spot = PushFoldSpot(game, [900, 700, 800], sb=50, bb=100, ante=5)
    check_blinds_play_heads_up(spot, omaha_tables[game], iterations=400)


def test_exact_holdem_deals_weigh_every_triple_by_its_concrete_deals():
    """The exact triples' weights, summed over one seat, are the other two seats' disjoint
    pairs (times the hands the third can hold: C(48, 2) whatever the pair)."""
    from omahanash.equity.tables import load_table
    from omahanash.equity.triangle import expand_triangle

    deals = exact_deals("holdem", 3)
    pairs = expand_triangle(load_table("holdem").pairs_triangle().astype(np.float64), 169,
                            "same")
    total = pairs.sum() * 1128  # disjoint pairs times the third hand's C(48, 2)
    for seats in ((1, 2), (0, 2), (0, 1)):
        marginal = np.zeros((169, 169))
        np.add.at(marginal, (deals.classes[:, seats[0]], deals.classes[:, seats[1]]),
                  deals.weights)
        assert np.allclose(marginal * total / 1128, pairs, rtol=1e-9, atol=1e-6)


# -- a brute-force Monte Carlo over concrete deals, written here ---------------------------


def icm_by_orders(stacks, payouts, start):
    """Harville by enumerating finishing orders; busted players below, by starting stack."""
    n = len(stacks)
    alive = [i for i in range(n) if stacks[i] > 0]
    busted = sorted((i for i in range(n) if stacks[i] <= 0), key=lambda i: -start[i])
    out = [0.0] * n
    total = sum(stacks)
    for order in itertools.permutations(alive):
        p, left = 1.0, total
        for i in order:
            p *= stacks[i] / left
            left -= stacks[i]
        for place, i in enumerate(list(order) + busted):
            if place < len(payouts):
                out[i] += p * payouts[place]
    return out


def settle_by_hand(stacks, posts, all_in, strength):
    """Stacks after the hand: every all-in player risks the whole stack, folded players lose
    their posts; each side pot goes to the strongest eligible hand (ties split)."""
    n = len(stacks)
    put = [stacks[i] if all_in[i] else posts[i] for i in range(n)]
    final = [stacks[i] - put[i] for i in range(n)]
    levels = sorted({put[i] for i in range(n) if put[i] > 0})
    low = 0.0
    for level in levels:
        pot = sum(min(put[i], level) - min(put[i], low) for i in range(n))
        eligible = [i for i in range(n) if all_in[i] and put[i] >= level]
        if not eligible:  # an uncalled bet goes back
            for i in range(n):
                final[i] += min(put[i], level) - min(put[i], low)
        else:
            best = max(strength[i] for i in eligible)
            winners = [i for i in eligible if strength[i] == best]
            for i in winners:
                final[i] += pot / len(winners)
        low = level
    return final


def brute_force_push_ev(spot, solution, hero_cards, game, samples, seed, member_pool):
    """EV of the first player pushing ``hero_cards`` against the solution's strategies of the
    others, by dealing concrete hands and boards (no equity table, no deal sample)."""
    rng = np.random.default_rng(seed)
    n = spot.players
    stacks = list(spot.stacks)
    posts = [0.0] * n
    posts[n - 2], posts[n - 1] = spot.sb, spot.bb
    pay = spot.payout_amounts
    avg = solution.strategy()
    table = solution.solver.table
    hero = parse_cards(hero_cards)
    values = np.empty(samples)
    evaluate = evaluate_holdem if game == "holdem" else evaluate_omaha_hi
    pool = [h for h in member_pool if not set(h) & set(hero)]
    for s in range(samples):
        while True:
            picks = [pool[k] for k in rng.choice(len(pool), n - 1, replace=False)]
            cards = [c for h in picks for c in h]
            if len(set(cards)) == len(cards):
                break
        hands = [hero] + picks
        used = set(c for h in hands for c in h)
        deck = [c for c in range(52) if c not in used]
        board = list(rng.choice(deck, 5, replace=False))
        all_in = [True] + [False] * (n - 1)
        mask = 1
        for seat in range(1, n):
            node = spot.node(seat, mask)
            cls = table.position(class_of(game, hands[seat]))
            if rng.random() < avg[node.index, cls]:
                all_in[seat] = True
                mask |= 1 << seat
        strength = [int(v) for v in evaluate(np.array(hands), np.array([board] * n))]
        final = settle_by_hand(stacks, posts, all_in, strength)
        values[s] = (icm_by_orders(final, list(pay), stacks)[0] if pay is not None
                     else final[0] - stacks[0])
    return float(values.mean()), float(values.std(ddof=1) / math.sqrt(samples))


def all_hands_of(game, ids):
    from omahanash.hands import class_members

    return [tuple(int(c) for c in m) for cid in ids for m in class_members(game, int(cid))]


@pytest.mark.parametrize("payouts, hand", [("50/30/20", "Ts 9s"), (None, "Ah Qd")])
def test_holdem_push_ev_against_brute_force(payouts, hand):
    from omahanash.equity.tables import load_table

    table = load_table("holdem")
    spot = PushFoldSpot("holdem", [1500, 1000, 700], sb=50, bb=100, payouts=payouts)
    deals = sampled_deals("holdem", 3, 300_000, seed=2)
    # the check holds for any strategies of the others: a short run gives mixed ones
    solution = solve_pushfold(spot, iterations=15, deals=deals, table=table)
    node = spot.find_node("BTN")
    _, play_ev, _ = solution.class_values(node)
    cls = table.position(class_of("holdem", hand))
    samples = 6_000
    mc, se = brute_force_push_ev(spot, solution, hand, "holdem", samples, 11,
                                 all_hands_of("holdem", range(169)))
    # the engine's value is itself an average over the deals that gave the button this class
    # (about 900 of them: that error dominates, so more brute-force samples buy little)
    count = int((deals.classes[:, 0] == cls).sum())
    combined = se * math.sqrt(1.0 + samples / count)
    assert abs(play_ev[cls] - mc) < 3 * combined, (play_ev[cls], mc, se, count)


def test_omaha_push_ev_against_brute_force(omaha_tables):
    table = omaha_tables["omaha-hi"]
    spot = PushFoldSpot("omaha-hi", [900, 700, 800], sb=50, bb=100, payouts="65/35")
    deals = sampled_deals("omaha-hi", 3, 150_000, seed=5, class_ids=table.class_ids)
    solution = solve_pushfold(spot, iterations=20, deals=deals, table=table)
    hand = "Js Ts 9d 8d"
    cls = table.position(class_of("omaha", hand))
    _, play_ev, _ = solution.class_values(spot.find_node("BTN"))
    samples = 10_000
    mc, se = brute_force_push_ev(spot, solution, hand, "omaha", samples, 13,
                                 all_hands_of("omaha", table.class_ids))
    # the engine's value is itself an average over the deals that gave the button this class
    count = int((deals.classes[:, 0] == cls).sum())
    combined = se * math.sqrt(1.0 + samples / count)
    assert abs(play_ev[cls] - mc) < 3 * combined, (play_ev[cls], mc, se, count)


# -- shape, reproducibility, mixing -----------------------------------------------------


def test_nodes_and_names():
    spot = PushFoldSpot("holdem", [1000] * 4, sb=50, bb=100)
    names = [node.name for node in spot.nodes()]
    assert len(names) == 2 ** 4 - 2 == len(set(names))
    assert names[:3] == ["CO", "BTN", "BTN vs CO"]
    assert "BB vs CO+BTN+SB" in names
    assert spot.find_node("bb vs co + btn+SB").name == "BB vs CO+BTN+SB"
    assert PushFoldSpot("holdem", [1000] * 9, 5, 10).positions == (
        "UTG", "UTG+1", "MP", "LJ", "HJ", "CO", "BTN", "SB", "BB")


def test_reproducible_from_the_seed_and_mixed_where_it_mixes():
    from omahanash.equity.tables import load_table

    table = load_table("holdem")
    spot = PushFoldSpot("holdem", [800, 800, 800, 800], sb=50, bb=100, payouts="50/30/20")
    one = solve_pushfold(spot, iterations=30, deals=40_000, seed=9, table=table)
    two = solve_pushfold(spot, iterations=30, deals=40_000, seed=9, table=table)
    assert np.array_equal(one.strategy(), two.strategy())
    other = solve_pushfold(spot, iterations=30, deals=40_000, seed=10, table=table)
    assert not np.array_equal(one.strategy(), other.strategy())
    # somewhere the average strategy mixes, and the output keeps it (no rounding to pure)
    avg = one.strategy()[spot.find_node("CO").index]
    assert ((avg > 0.02) & (avg < 0.98)).any()
    summary = {row["node"]: row for row in one.node_summary()}
    assert summary["CO"]["percent"] == pytest.approx(range_pct(avg, np.arange(169), "holdem"))


def test_nash_conv_falls():
    from omahanash.equity.tables import load_table

    spot = PushFoldSpot("holdem", [1000, 600, 1400], sb=50, bb=100, payouts="50/30/20")
    deals = sampled_deals("holdem", 3, 50_000, seed=1)
    curve = []
    solution = solve_pushfold(spot, iterations=80, deals=deals, table=load_table("holdem"),
                              on_report=curve.append)
    values = [r.nash_conv for r in curve]
    assert values[-1] < values[0] / 5
    assert solution.nash_conv == pytest.approx(values[-1])
    assert solution.nash_conv == pytest.approx(sum(g["gain"] for g in solution.exploitability))


def test_two_players_take_the_heads_up_engine():
    """A 2-player spot solved to the default target is the heads-up engine's equilibrium
    (the cache of equilibria), measured on the table's exact Hold'em pairs: the same ranges,
    the small blind's chip EV is the heads-up game value, NashConv is tiny, and ICM of two
    players changes nothing (it is affine in the chips)."""
    from omahanash.equity.tables import load_table
    from omahanash.jamfold.nash_cache import equilibrium

    table = load_table("holdem")
    chips = solve_pushfold(PushFoldSpot("holdem", [1300, 800], 50, 100, ante=5), table=table)
    hu = equilibrium(JamFoldParams("holdem", sb=50, bb=100, ante=5, stacks=(1300, 800)),
                     table).solution
    spot = chips.spot
    avg = chips.strategy()
    assert np.allclose(avg[spot.find_node("SB").index], hu.push_strategy, rtol=0, atol=1e-12)
    assert np.allclose(avg[spot.find_node("BB vs SB").index], hu.call_strategy, rtol=0,
                       atol=1e-12)
    ev = {row["position"]: row["chips"] for row in chips.ev}
    assert ev["SB"] == pytest.approx(hu.last_report.post_ev_pusher, abs=0.002 * 100)
    assert ev["SB"] + ev["BB"] == pytest.approx(0.0, abs=1e-9)
    assert chips.iterations == hu.iterations > 0 and not chips.stopped
    assert 0.0 <= chips.nash_conv < 0.002 * 100
    prize = solve_pushfold(PushFoldSpot("holdem", [1300, 800], 50, 100, ante=5,
                                        payouts="65/35"), table=table)
    assert np.array_equal(prize.strategy(), avg)


def test_progress_of_a_run_to_a_target_expects_its_end_not_the_cap():
    from omahanash.pushfold.solve import _expected_total
    from omahanash.solving import Report

    assert _expected_total(Report(10, 0.3, {}), 5000, None, 0.1) == 30
    assert _expected_total(Report(20, 0.05, {}), 5000, None, 0.1) == 20
    assert _expected_total(Report(10, 0.101, {}), 5000, None, 0.1) == 20  # a step ahead
    assert _expected_total(Report(10, 1e9, {}), 5000, None, 0.1) == 5000
    assert _expected_total(Report(10, 0.3, {}), 40, 40, 0.1) == 40
    seen = []
    spot = PushFoldSpot("holdem", [900, 1300, 1100], 50, 100, payouts="50/30/20")
    solve_pushfold(spot, deals=5000, progress=lambda done, total: seen.append((done, total)))
    assert seen[0] == (0, 5000) and seen[-1][0] == seen[-1][1] < 5000


def test_the_average_leaves_out_the_start():
    """The average strategy weighs iteration t by max(t - AVERAGE_DELAY, 0): the start's ½
    everywhere (and the first reply to it) leave no trace in it, so a pure strategy that the
    iterates agree on is pure in the average (a pass over the average prunes its branches)."""
    from omahanash.equity.tables import load_table
    from omahanash.pushfold.solver import AVERAGE_DELAY, PushFoldSolver

    spot = PushFoldSpot("holdem", [900, 1100, 1000, 800, 1200], sb=50, bb=100,
                        payouts="50/30/20")
    deals = sampled_deals("holdem", 5, 4_000, seed=3)
    solver = PushFoldSolver(spot, load_table("holdem"), deals)
    used = []
    for _ in range(AVERAGE_DELAY + 3):
        used.append(solver.sigma.copy())  # the strategy the next iteration plays
        solver.step(1)
    weights = [max(t - AVERAGE_DELAY, 0) for t in range(1, len(used) + 1)]
    expected = sum(w * s for w, s in zip(weights, used)) / sum(weights)
    assert used[0][0, 0] == 0.5 and weights[:AVERAGE_DELAY] == [0] * AVERAGE_DELAY
    np.testing.assert_allclose(solver.average(), expected, rtol=0, atol=1e-15)
    # a run of at most AVERAGE_DELAY iterations averages every iterate (linear weights)
    short = PushFoldSolver(spot, load_table("holdem"), deals)
    short.step(AVERAGE_DELAY)
    linear = sum(t * s for t, s in zip(range(1, AVERAGE_DELAY + 1), used)) \
        / sum(range(1, AVERAGE_DELAY + 1))
    np.testing.assert_allclose(short.average(), linear, rtol=0, atol=1e-15)
    # with the start left out, the average is pure wherever the counted iterates agree
    agree = np.all([u == used[-1] for u in used[AVERAGE_DELAY:]], axis=0)
    pure = agree & ((used[-1] == 0.0) | (used[-1] == 1.0))
    assert pure.mean() > 0.5
    assert set(np.unique(solver.average()[pure])) <= {0.0, 1.0}


def test_the_first_iteration_at_a_big_table_walks_a_spread_sample():
    """At 5+ players the first iteration (the reply to the start's ½, left out of the
    average) walks every FIRST_PASS_STRIDE-th deal: its regrets are those of a pass over
    that sample alone (its weights summing to 1), and the deals between do not move them;
    from the second iteration on every deal counts."""
    from omahanash.equity.tables import load_table
    from omahanash.pushfold import solver as solver_module
    from omahanash.pushfold.solver import FIRST_PASS_MIN_ROWS, FIRST_PASS_STRIDE, PushFoldSolver

    table = load_table("holdem")
    spot = PushFoldSpot("holdem", [900, 1100, 1000, 800, 1200], sb=50, bb=100,
                        payouts="50/30/20")
    count = FIRST_PASS_STRIDE * FIRST_PASS_MIN_ROWS
    deals = sampled_deals("holdem", 5, count, seed=5)
    first = PushFoldSolver(spot, table, deals)
    first.step(1)
    # the same rows at the stride, other rows between (another sample's): same first step
    other = sampled_deals("holdem", 5, count, seed=6)
    mixed = Deals(other.classes.copy(), other.weights.copy(), other.hi.copy(),
                  other.lo.copy(), False, 6, count)
    for name in ("classes", "hi", "lo"):
        getattr(mixed, name)[::FIRST_PASS_STRIDE] = getattr(deals, name)[::FIRST_PASS_STRIDE]
    twin = PushFoldSolver(spot, table, mixed)
    twin.step(1)
    np.testing.assert_array_equal(first.regret_play, twin.regret_play)
    np.testing.assert_array_equal(first.regret_fold, twin.regret_fold)
    # and it is the sample's own pass: a solver of the sample alone (too few rows for a
    # sample of its own) takes the same first step
    sample = Deals(np.ascontiguousarray(deals.classes[::FIRST_PASS_STRIDE]),
                   np.full(FIRST_PASS_MIN_ROWS, 1.0 / FIRST_PASS_MIN_ROWS),
                   np.ascontiguousarray(deals.hi[::FIRST_PASS_STRIDE]),
                   np.ascontiguousarray(deals.lo[::FIRST_PASS_STRIDE]), False, 5,
                   FIRST_PASS_MIN_ROWS)
    alone = PushFoldSolver(spot, table, sample)
    alone.step(1)
    np.testing.assert_allclose(first.regret_play, alone.regret_play, rtol=1e-9, atol=1e-12)
    # the second iteration walks every deal: the rows between now matter
    first.step(1)
    twin.step(1)
    assert not np.array_equal(first.regret_play, twin.regret_play)
    # what the sampled first pass decides (the second iterate) is left out of the average
    assert solver_module.AVERAGE_DELAY >= 2


def test_resume_from_goes_on_with_the_same_bits_as_one_run():
    spot = PushFoldSpot("holdem", [700, 900, 1100], 50, 100, payouts="50/30/20")
    straight = solve_pushfold(spot, iterations=24, deals=6_000, seed=3)
    first = solve_pushfold(spot, iterations=10, deals=6_000, seed=3)
    kept = first.strategy().copy()
    more = solve_pushfold(spot, iterations=14, resume_from=first)
    assert more.iterations == 24 and first.iterations == 10
    assert np.array_equal(first.strategy(), kept)  # the solution resumed from is untouched
    assert np.array_equal(more.strategy(), straight.strategy())
    assert more.nash_conv == straight.nash_conv
    assert [r.iteration for r in more.history] == [10, 20, 24]
    # to a target, from where it was
    reached = solve_pushfold(spot, target=2 * more.nash_conv, resume_from=first)
    assert reached.outcome.reason == "target" and reached.iterations > 10
    with pytest.raises(InputError, match="another spot"):
        solve_pushfold(PushFoldSpot("holdem", [700, 900, 1000], 50, 100, payouts="50/30/20"),
                       iterations=5, resume_from=first)
    with pytest.raises(InputError, match="its own deals, seed"):
        solve_pushfold(spot, iterations=5, resume_from=first, deals=6_000, seed=3)
    with pytest.raises(InputError, match="resume_from must be a PushFoldSolution"):
        solve_pushfold(spot, iterations=5, resume_from="first")  # type: ignore[arg-type]


def test_fresh_nash_conv_is_measured_on_deals_of_another_seed():
    """``nash_conv_fresh``: the average strategy's NashConv on as many deals of the seed
    ``seed + FRESH_SEED_OFFSET`` — a solver of its own on those deals measures the same —
    and kept at its iteration count (a second ask makes no pass)."""
    spot = PushFoldSpot("holdem", [1000, 1250, 1500, 900], 50, 100, payouts="50/30/20")
    solution = solve_pushfold(spot, iterations=15, deals=8000, seed=3)
    fresh = sampled_deals("holdem", 4, 8000, 3 + FRESH_SEED_OFFSET)
    other = PushFoldSolver(spot, solution.solver.table, fresh)
    measured = other.evaluate(solution.strategy())["gains"].sum()
    assert solution.nash_conv_fresh == pytest.approx(measured, rel=1e-12)
    assert solution.nash_conv_fresh > solution.nash_conv  # a strategy fits its own deals
    assert solution.solver.fresh_measured() is not None


def cfv_by_hand(spot, table, deals, sigma):
    """Each node's value of folding and of playing per class, summed over ``deals`` with
    their weights: every pure profile of the seats' actions enumerated, its chance under
    ``sigma`` for the other seats, a pot of two settled by the table's pair equity and a pot
    of three on the deal's board (as the engine's model says), valued by ICM here."""
    n = spot.players
    stacks = list(spot.stacks)
    posts = [0.0] * n
    posts[n - 2], posts[n - 1] = spot.sb, spot.bb
    pay = list(spot.payout_amounts)
    cfv = np.zeros(sigma.shape + (2,))

    def utility(all_in, strength):
        return icm_by_orders(settle_by_hand(stacks, posts, all_in, strength), pay, stacks)

    for row in range(deals.rows):
        cls = [int(c) for c in deals.classes[row]]
        weight = float(deals.weights[row])
        for acts in itertools.product((0, 1), repeat=n):
            mask, chance, nodes = 0, [1.0] * n, [None] * n
            for seat in range(n):
                if seat == n - 1 and mask == 0:
                    break  # everyone folded to the big blind: no decision
                node = spot.node(seat, mask).index
                p = sigma[node, cls[seat]]
                nodes[seat], chance[seat] = node, p if acts[seat] else 1.0 - p
                mask |= acts[seat] << seat
            if nodes[n - 1] is None and acts[n - 1]:
                continue  # the big blind's unmade decision: count the profile once
            live = [bool(acts[i]) for i in range(n)] if mask else \
                [False] * (n - 1) + [True]
            seats = [i for i in range(n) if live[i]]
            if len(seats) == 2:
                a, b = seats
                s = table.equity(cls[a], cls[b])
                win = [0] * n
                win[a] = 1
                first = utility(live, win)
                win = [0] * n
                win[b] = 1
                second = utility(live, win)
                value = [s * x + (1.0 - s) * y for x, y in zip(first, second)]
            else:
                value = utility(live, [int(v) for v in deals.hi[row]])
            for seat in range(n):
                if nodes[seat] is None:
                    continue
                others = math.prod(chance[k] for k in range(n) if k != seat)
                cfv[nodes[seat], cls[seat], acts[seat]] += weight * others * value[seat]
    return cfv


def test_fresh_nash_conv_lies_between_two_figures_measured_by_a_loop_of_the_test():
    """``nash_conv_fresh`` and ``nash_conv_fresh_low`` re-measured from the exported
    strategies on the fresh deals by this test's own loop (every action profile enumerated,
    pots settled and valued by hand): the upper figure is the best reply measured on every
    fresh deal; the lower one the best reply chosen on one half (the coin of
    FRESH_SPLIT_SEED per deal) and valued on the other, both ways. The lower is below the
    upper; the game's NashConv (here: measured on 60 times as many deals of other seeds by
    the engine) lies between them."""
    from omahanash.pushfold.solver import FRESH_SPLIT_SEED

    spot = PushFoldSpot("holdem", [1100, 700, 1200], 50, 100, payouts="50/30/20")
    solution = solve_pushfold(spot, iterations=3, deals=3000, seed=4)  # far from the end
    solver = solution.solver
    sigma = solver.average()
    fresh = sampled_deals("holdem", 3, 3000, 4 + FRESH_SEED_OFFSET)
    assert np.array_equal(fresh.classes, solver.fresh_deals().classes)
    coin = np.random.default_rng(FRESH_SPLIT_SEED).random(fresh.rows) < 0.5
    halves = []
    for rows in (np.flatnonzero(coin), np.flatnonzero(~coin)):
        part = Deals(fresh.classes[rows], fresh.weights[rows] / fresh.weights[rows].sum(),
                     fresh.hi[rows], fresh.lo[rows], False, 0, rows.size)
        halves.append((fresh.weights[rows].sum(), cfv_by_hand(spot, solver.table, part,
                                                               sigma)))
    pooled = halves[0][0] * halves[0][1] + halves[1][0] * halves[1][1]

    def gains(chosen, valued):
        total = np.zeros(3)
        for node in spot.nodes():
            play, fold = valued[node.index, :, 1], valued[node.index, :, 0]
            mine = sigma[node.index] * play + (1 - sigma[node.index]) * fold
            up, down = chosen[node.index, :, 1], chosen[node.index, :, 0]
            reply = np.where(up > down, play, np.where(up < down, fold, mine))
            total[node.player] += (reply - mine).sum()
        return total

    upper = np.maximum(gains(pooled, pooled), 0.0)
    lower = 0.5 * (gains(halves[0][1], halves[1][1]) + gains(halves[1][1], halves[0][1]))
    lower = np.minimum(np.maximum(lower, 0.0), upper)
    assert np.allclose(solver.fresh_gains(), upper, rtol=1e-9, atol=1e-12)
    assert np.allclose(solver.fresh_low_gains(), lower, rtol=1e-9, atol=1e-12)
    assert solution.nash_conv_fresh == pytest.approx(upper.sum(), rel=1e-9)
    assert solution.nash_conv_fresh_low == pytest.approx(lower.sum(), rel=1e-9)
    assert 0 < solution.nash_conv_fresh_low < 0.8 * solution.nash_conv_fresh
    # the game's figure: the engine on 180,000 deals of other seeds, pooled
    big = PushFoldSolver(spot, solver.table, sampled_deals("holdem", 3, 180_000, 99))
    game = big.evaluate(sigma)["gains"].sum()
    assert solution.nash_conv_fresh_low < game < solution.nash_conv_fresh
