"""The betting-tree engine against what it must reduce to and against checks written here:
an explicit-tree CFR and best response of a small heads-up game, the push/fold engine on the
push/fold tree, the zero-sum bound of no limit over push/fold, and a brute-force Monte Carlo
over concrete Omaha deals."""

from __future__ import annotations

import numpy as np
import pytest

from omahanash.equity.table_build import build_table
from omahanash.equity.tables import class_data, load_table
from omahanash.equity.triangle import triangle_index
from omahanash.evaluate import evaluate_omaha_hi
from omahanash.hands import class_combos, parse_class
from omahanash.pushfold import solve_pushfold
from omahanash.pushfold.deals import Deals, sampled_deals
from omahanash.pushfold.spot import PushFoldSpot
from omahanash.solving import run
from omahanash.trees import PreflopSpot, TreeSettings, TreeSolver, solve_preflop
from omahanash.trees.betting import ALLIN_SHARE, COMMIT_SPR

# -- heads-up pot-limit rules, written here (not the engine's tree builder) ------------------


def hu_tree(stacks, max_raises=3, postflop="commit"):
    """The heads-up pot-limit game as nested dicts: ``{"player", "actions": [(kind, to,
    child)]}`` or a terminal ``{"live", "contrib"}``; SB (seat 0) posts 0.5, BB 1."""

    def terminal(live, c):
        contrib = list(c)
        if live == 3 and postflop == "commit":
            behind = sorted((stacks[i] - c[i] for i in range(2)), reverse=True)
            if behind[1] <= COMMIT_SPR * sum(c) + 1e-9:
                contrib = list(stacks)
        return {"live": live, "contrib": contrib}

    def node(c, p, raises, first):
        bet = max(c)
        owes = bet - c[p]
        cap = stacks[p]
        actions = []
        if owes > 0:
            after = list(c)
            actions.append(("fold", c[p], terminal(1 << (1 - p), after)))
        call_to = min(bet, cap)
        after = list(c)
        after[p] = call_to
        if first:  # the small blind completes: the big blind acts
            actions.append(("call", call_to, node(after, 1 - p, raises, False)))
        else:
            actions.append(("call", call_to, terminal(3, after)))
        if call_to < cap and raises < max_raises and c[1 - p] < stacks[1 - p]:
            to = min(bet + sum(c) + owes, cap)
            if cap - to < ALLIN_SHARE * stacks[p]:
                to = cap
            if to > bet:
                after = list(c)
                after[p] = to
                actions.append(("allin" if to >= cap else "raise", to,
                                node(after, 1 - p, raises + 1, False)))
        return {"player": p, "actions": actions}

    return node([0.5, 1.0], 0, 0, True)


def chip_value(term, equity, i, j):
    """The small blind's chips won at a terminal, classes ``i`` (SB) and ``j`` (BB)."""
    c = term["contrib"]
    if term["live"] == 1:
        return c[1]
    if term["live"] == 2:
        return -c[0]
    matched = min(c)
    return (2 * equity[i, j] - 1) * matched


def engine_slots(solver, game):
    """The engine's slot of every decision of the test's tree, by walking both trees with the
    same actions; asserts that every decision has the same actions and sizes."""
    out = {}

    def walk(mine, index, key):
        theirs = solver.tree.nodes[index]
        if "live" in mine:
            assert theirs.terminal and theirs.live == mine["live"]
            assert list(theirs.contrib) == pytest.approx(mine["contrib"])
            return
        assert [a.kind for a in theirs.actions] == [k for k, _, _ in mine["actions"]]
        assert [a.to for a in theirs.actions] == pytest.approx(
            [t for _, t, _ in mine["actions"]])
        out[key] = theirs.slot
        for a, (_, _, child) in enumerate(mine["actions"]):
            walk(child, theirs.actions[a].child, key + (a,))

    walk(game, 0, ())
    return out


def decisions(game, key=()):
    if "live" in game:
        return
    yield key, game
    for a, (_, _, child) in enumerate(game["actions"]):
        yield from decisions(child, key + (a,))


def _value(node, key, strategy, equity, i, j):
    if "live" in node:
        return chip_value(node, equity, i, j)
    probs = strategy[key][i if node["player"] == 0 else j]
    return sum(probs[a] * _value(child, key + (a,), strategy, equity, i, j)
               for a, (_, _, child) in enumerate(node["actions"]) if probs[a])


def profile_value(game, strategy, weights, equity):
    """The small blind's value of a strategy profile ``strategy[key][class] -> probs``."""
    k = weights.shape[0]
    return sum(weights[i, j] * _value(game, (), strategy, equity, i, j)
               for i in range(k) for j in range(k) if weights[i, j])


def _best(node, key, strategy, equity, player, mine, opp):
    k = opp.size
    if "live" in node:
        if player == 0:
            return sum(opp[o] * chip_value(node, equity, mine, o) for o in range(k) if opp[o])
        return sum(-opp[o] * chip_value(node, equity, o, mine) for o in range(k) if opp[o])
    if node["player"] == player:
        return max(_best(child, key + (a,), strategy, equity, player, mine, opp)
                   for a, (_, _, child) in enumerate(node["actions"]))
    out = 0.0
    for a, (_, _, child) in enumerate(node["actions"]):
        nxt = opp * np.array([strategy[key][o][a] for o in range(k)])
        if nxt.any():
            out += _best(child, key + (a,), strategy, equity, player, mine, nxt)
    return out


def best_response_value(game, strategy, weights, equity, player):
    """The value of ``player``'s best response to the other's ``strategy`` (for the small
    blind: its chips; for the big blind: minus the small blind's)."""
    k = weights.shape[0]
    return sum(_best(game, (), strategy, equity, player, mine,
                     (weights[mine, :] if player == 0 else weights[:, mine]).astype(float))
               for mine in range(k))


def _cfr_walk(node, key, sigma, gains, avg, equity, i, j, w, t, r0, r1):
    if "live" in node:
        return chip_value(node, equity, i, j)
    p = node["player"]
    cls = i if p == 0 else j
    probs = sigma[key][cls]
    values = np.array([_cfr_walk(child, key + (a,), sigma, gains, avg, equity, i, j, w, t,
                                 r0 * (probs[a] if p == 0 else 1),
                                 r1 * (probs[a] if p == 1 else 1))
                       for a, (_, _, child) in enumerate(node["actions"])])
    v = float(np.dot(probs, values))
    sign = 1.0 if p == 0 else -1.0
    other, own = (r1, r0) if p == 0 else (r0, r1)
    gains[key][cls] += w * other * sign * (values - v)
    avg[key][cls] += t * w * own * probs
    return v


def explicit_cfr(game, weights, equity, iterations):
    """Vanilla CFR (regret matching, simultaneous updates, linear averaging) over the
    explicit tree; the average strategy."""
    k = weights.shape[0]
    nodes = dict(decisions(game))
    regrets = {key: np.zeros((k, len(n["actions"]))) for key, n in nodes.items()}
    avg = {key: np.zeros((k, len(n["actions"]))) for key, n in nodes.items()}

    def current(key):
        pos = np.maximum(regrets[key], 0.0)
        total = pos.sum(axis=1, keepdims=True)
        width = pos.shape[1]
        return np.where(total > 0, pos / np.where(total > 0, total, 1), 1.0 / width)

    for t in range(1, iterations + 1):
        sigma = {key: current(key) for key in nodes}
        gains = {key: np.zeros_like(regrets[key]) for key in nodes}
        for i in range(k):
            for j in range(k):
                if weights[i, j]:
                    _cfr_walk(game, (), sigma, gains, avg, equity, i, j, weights[i, j], t,
                              1.0, 1.0)
        for key in nodes:
            regrets[key] += gains[key]
    out = {}
    for key in nodes:
        total = avg[key].sum(axis=1, keepdims=True)
        out[key] = np.where(total > 0, avg[key] / np.where(total > 0, total, 1),
                            current(key))
    return out


class SmallTable:
    """An equity table of ``k`` made-up classes (class ids 0..k-1, equity ``equity[a, b]``)."""

    def __init__(self, equity):
        k = equity.shape[0]
        self.n = k
        self.class_ids = np.arange(k)
        self.game = "holdem"
        self.info: dict = {}
        self._storage = np.array([equity[a, b] for a in range(k) for b in range(a, k)])
        assert all(self._storage[triangle_index(a, b, k)] == equity[a, b]
                   for a in range(k) for b in range(a, k))

    def equity_storage(self):
        return self._storage, 1.0


def small_game():
    equity = np.array([[0.5, 0.7, 0.8], [0.3, 0.5, 0.62], [0.2, 0.38, 0.5]])
    weights = np.array([[1.0, 4.0, 6.0], [4.0, 5.0, 8.0], [6.0, 8.0, 7.0]])
    return equity, weights / weights.sum()


def small_deals(weights):
    k = weights.shape[0]
    rows = [(i, j) for i in range(k) for j in range(k)]
    classes = np.array(rows, np.int32)
    zeros = np.zeros_like(classes)
    return Deals(classes, np.array([weights[i, j] for i, j in rows]), zeros, zeros.copy(),
                 True, 0, len(rows))


@pytest.mark.parametrize("stacks, postflop", [((5.0, 5.0), "commit"),
                                              ((6.0, 6.0), "checkdown"),
                                              ((4.0, 9.0), "commit")])
def test_small_heads_up_game_against_an_explicit_tree_cfr(stacks, postflop):
    equity, weights = small_game()
    spot = PushFoldSpot("holdem", list(stacks), 0.5, 1)
    solver = TreeSolver(spot, TreeSettings("pl", postflop=postflop), SmallTable(equity),
                        deals=small_deals(weights))
    game = hu_tree(list(stacks), postflop=postflop)
    slots = engine_slots(solver, game)  # the same tree, action for action
    run(solver, iterations=3000)
    avg = solver.average()
    engine = {key: [avg[slot, c, :len(dict(decisions(game))[key]["actions"])]
                    for c in range(3)] for key, slot in slots.items()}
    # the engine's NashConv of its own average equals the best responses computed here
    measured = solver.evaluate()
    mine = (best_response_value(game, engine, weights, equity, 0)
            + best_response_value(game, engine, weights, equity, 1))
    assert measured["nash_conv"] == pytest.approx(mine, abs=1e-9)
    assert measured["root"][0] == pytest.approx(profile_value(game, engine, weights, equity),
                                                abs=1e-9)
    assert measured["nash_conv"] < 2e-3
    # the game value agrees with an independent CFR's
    reference = explicit_cfr(game, weights, equity, 1500)
    ref_value = profile_value(game, reference, weights, equity)
    ref_conv = (best_response_value(game, reference, weights, equity, 0)
                + best_response_value(game, reference, weights, equity, 1))
    assert ref_conv < 2e-2
    assert measured["root"][0] == pytest.approx(ref_value, abs=ref_conv + 2e-3)
    # and so do the strategies, where they are pure at the reference's equilibrium
    for key, probs in reference.items():
        for c in range(3):
            if probs[c].max() > 0.99:
                assert engine[key][c].argmax() == probs[c].argmax(), (key, c)


# -- the push/fold tree through the engine -------------------------------------------------


def _range_pct(probs, combos):
    return 100.0 * float(combos @ probs / combos.sum())


@pytest.mark.parametrize("game, players, payouts", [
    ("holdem", 2, None), ("holdem", 3, None), ("omaha-hi", 2, None),
    ("omaha-hi", 3, "50/30/20"), ("omaha-hilo", 2, None), ("omaha-hilo", 3, "65/35")])
def test_pushfold_tree_gives_the_pushfold_answers(game, players, payouts, omaha_tables,
                                                  omaha_subset_ids):
    spot = PushFoldSpot(game, [10] * players, 0.5, 1, payouts=payouts)
    if game == "holdem":
        table = load_table("holdem")
        deals = None if players == 2 else sampled_deals("holdem", 3, 20_000, 4)
        ids = np.arange(169)
        combos = class_combos("holdem").astype(float)
    else:
        table = omaha_tables[game]
        ids = np.array(omaha_subset_ids)
        deals = sampled_deals(game, players, 30_000, 4, ids)
        combos = class_combos("omaha")[ids].astype(float)
    solver = TreeSolver(spot, TreeSettings("pushfold"), table, deals=deals)
    run(solver, iterations=200)
    reference = solve_pushfold(spot, iterations=200, table=table,
                               deals=deals if deals is not None else "exact")
    avg = solver.average()
    ref = reference.solver.raw_average()
    by_name = {node.name: node for node in solver.tree.decisions()}
    assert set(by_name) == {node.name for node in reference.nodes}
    for node in reference.nodes:
        mine = _range_pct(avg[by_name[node.name].slot, :, 1], combos)
        theirs = _range_pct(ref[node.index], combos)
        assert mine == pytest.approx(theirs, abs=0.5), node.name
    # EVs within the runs' precision: heads-up the equilibrium value is unique (zero-sum),
    # within both NashConvs; at three players two approximate equilibria need not share
    # values that closely: within 0.2 % of what is at stake
    ev = solver.evaluate()
    ref_root = reference.solver.evaluate()["root"]
    stake = 100.0 if payouts else 10.0 * players
    tolerance = ev["nash_conv"] + reference.nash_conv if players == 2 else 0.002 * stake
    assert ev["root"] == pytest.approx(ref_root, abs=tolerance)


def test_no_limit_is_worth_at_least_push_fold_heads_up():
    # the small blind may always play push/fold inside the no-limit tree
    nl = solve_preflop(PreflopSpot("holdem", [15, 15], 0.5, 1, tree="nl"), iterations=200)
    pf = solve_preflop(PreflopSpot("holdem", [15, 15], 0.5, 1, tree="pushfold"),
                       iterations=200)
    sb_nl, sb_pf = nl.ev[0]["chips"], pf.ev[0]["chips"]
    assert nl.ev[0]["chips"] + nl.ev[1]["chips"] == pytest.approx(0.0, abs=1e-9)  # zero-sum
    assert sb_nl >= sb_pf - (nl.nash_conv + pf.nash_conv)
    assert nl.nash_conv < 0.01 and pf.nash_conv < 0.01
    # limping and small raises are worth something at 15 bb: strictly more than push/fold
    assert sb_nl > sb_pf + nl.nash_conv + pf.nash_conv


# -- a brute-force Monte Carlo over concrete Omaha deals -----------------------------------

MC_HANDS = ["As Ad Ks Kd", "2s 3d 7h 8c", "Js Ts 9d 8d", "Kh Qh 5c 4d", "6h 6c 3s 2d",
            "Ah 5h 4c 3d"]


def test_first_action_ev_against_a_monte_carlo_over_concrete_deals(tmp_path):
    ids = sorted(parse_class(hand, "omaha") for hand in MC_HANDS)
    build_table("omaha-hi", samples=4000, seed=11, cache_dir=tmp_path, class_ids=ids)
    table = load_table("omaha-hi", tmp_path, ids)
    stacks = 12.0
    spot = PreflopSpot("omaha-hi", [stacks, stacks], 0.5, 1, tree="pl")
    solution = solve_preflop(spot, iterations=150, table=table,
                             deals=sampled_deals("omaha-hi", 2, 200_000, 9, np.array(ids)))
    game = hu_tree([stacks, stacks])
    slots = engine_slots(solution.solver, game)
    avg = solution.solver.average()
    data = class_data("omaha", np.array(ids))
    members = data.member_cards.astype(np.int64)
    owner = np.repeat(np.arange(len(ids)), np.diff(data.member_offsets))
    rng = np.random.default_rng(2026)
    hero = ids.index(parse_class("Js Ts 9d 8d", "omaha"))
    root = solution.solver.tree.nodes[0]
    raise_at = [a.kind for a in root.actions].index("raise")
    engine_ev = solution.lookup("Js Ts 9d 8d", "SB open")["actions"][raise_at]["ev"]

    # the deals: the hero's hand from its class, the villain's any hand of the table's
    # classes not sharing a card, a board from the rest
    count = 40_000
    own = np.flatnonzero(owner == hero)
    hands = np.empty((count, 2, 4), np.int64)
    boards = np.empty((count, 5), np.int64)
    vclass = np.empty(count, np.int64)
    for r in range(count):
        mine = members[rng.choice(own)]
        while True:
            pick = int(rng.integers(members.shape[0]))
            if not set(members[pick]) & set(mine):
                break
        hands[r, 0], hands[r, 1], vclass[r] = mine, members[pick], owner[pick]
        rest = np.setdiff1d(np.arange(52), np.concatenate([mine, members[pick]]))
        boards[r] = rng.choice(rest, 5, replace=False)
    sb = evaluate_omaha_hi(hands[:, 0].astype(np.int8), boards.astype(np.int8))
    bb = evaluate_omaha_hi(hands[:, 1].astype(np.int8), boards.astype(np.int8))
    share = np.where(sb > bb, 1.0, np.where(sb == bb, 0.5, 0.0))

    def value(node, key, r):
        if "live" in node:
            c = node["contrib"]
            if node["live"] == 1:
                return c[1]
            if node["live"] == 2:
                return -c[0]
            return (2 * share[r] - 1) * min(c)
        p = node["player"]
        cls = hero if p == 0 else vclass[r]
        k = len(node["actions"])
        probs = avg[slots[key], cls, :k]
        return sum(probs[a] * value(child, key + (a,), r)
                   for a, (_, _, child) in enumerate(node["actions"]) if probs[a] > 0)

    child = game["actions"][raise_at][2]
    samples = np.array([value(child, (raise_at,), r) for r in range(count)])
    mean = samples.mean()
    stderr = samples.std(ddof=1) / np.sqrt(count)
    assert abs(engine_ev - mean) < 3 * stderr + 0.01, (engine_ev, mean, stderr)


def test_the_fresh_bracket_values_a_reply_chosen_on_one_half_by_a_pass_on_the_other():
    """``fresh_bracket``: the upper figure is the best response measured on all the fresh
    deals (the same as one evaluation over them); the lower one values the best response
    chosen on one half on the other half — here re-measured by playing that pure reply in
    a pass of its own (each player in turn) instead of the backward recursion."""
    from omahanash.pushfold.solver import FRESH_SPLIT_SEED
    from omahanash.trees.solver import best_response

    spot = PreflopSpot("holdem", [12, 9, 15], 0.5, 1, payouts="50/30/20", tree="pl")
    solution = solve_preflop(spot, iterations=4, deals=6000, seed=2)
    solver = solution.solver
    fresh = sampled_deals("holdem", 3, 6000, 99)
    high, low = solver.fresh_bracket(fresh)
    assert np.allclose(high, solver.evaluate(deals=fresh)["gains"], rtol=1e-9, atol=1e-12)
    avg = solver.class_average()
    (wa, one), (wb, other) = fresh.halves(FRESH_SPLIT_SEED)
    assert wa + wb == pytest.approx(1.0) and one.rows + other.rows == fresh.rows
    replied = []
    for chosen_on, valued_on in ((one, other), (other, one)):
        _, lcfv, _, _, _, rootloc = solver._pass(avg, True, None, chosen_on, per_class=True)
        _, choice = best_response(solver.arrays, lcfv, rootloc, 3)
        base = solver.evaluate(deals=valued_on)["root"]
        gains = np.zeros(3)
        for player in range(3):
            sigma = avg.copy()
            mine = np.flatnonzero(solver.arrays.slot_actor == player)
            sigma[mine] = 0.0
            for s in mine:
                sigma[s, np.arange(sigma.shape[1]), choice[s]] = 1.0
            root = solver._pass(sigma, False, None, valued_on, per_class=True)[4]
            gains[player] = root[player] - base[player]
        replied.append(gains)
    expected = np.minimum(np.maximum(0.5 * (replied[0] + replied[1]), 0.0), high)
    assert np.allclose(low, expected, rtol=1e-9, atol=1e-12)
    assert 0 < low.sum() < high.sum()
    assert solution.nash_conv_fresh_low <= solution.nash_conv_fresh


def test_progress_is_a_deprecated_name_of_on_report():
    spot = PreflopSpot("holdem", [10, 10], 0.5, 1, tree="pl")
    new, old = [], []
    solve_preflop(spot, iterations=3, deals=1000, on_report=new.append)
    with pytest.warns(DeprecationWarning, match="progress= is deprecated"):
        solve_preflop(spot, iterations=3, deals=1000, progress=old.append)
    assert [r.iteration for r in old] == [r.iteration for r in new] == [3]
    assert old[0].nash_conv == new[0].nash_conv > 0
