"""Kuhn poker: rules, tree, the game value -1/18, and CFR figures against OpenSpiel."""

import itertools

import numpy as np
import pytest

from omahanash.cfr.compiler import compile_game
from omahanash.cfr.exploitability import (
    best_response_values,
    exploitability,
    nash_conv,
    policy_from_strategies,
    policy_values,
)
from omahanash.cfr.solvers import solve
from omahanash.errors import InputError
from omahanash.game import CHANCE, TERMINAL
from omahanash.games.kuhn import KuhnPoker


def play(game, cards, actions):
    state = game.new_initial_state()
    for card in cards:
        state = state.child(card)
    for action in actions:
        state = state.child("pb".index(action))
    return state


@pytest.fixture(scope="module")
def tree():
    return compile_game(KuhnPoker())


def test_rules_two_players():
    game = KuhnPoker()
    root = game.new_initial_state()
    assert root.current_player() == CHANCE
    assert root.chance_outcomes() == [(0, 1 / 3), (1, 1 / 3), (2, 1 / 3)]
    assert root.child(2).chance_outcomes() == [(0, 0.5), (1, 0.5)]
    assert play(game, (2, 0), "").current_player() == 0
    assert play(game, (2, 0), "p").current_player() == 1
    assert play(game, (2, 0), "pb").current_player() == 0
    # K against J
    assert play(game, (2, 0), "pp").returns() == [1.0, -1.0]
    assert play(game, (2, 0), "bb").returns() == [2.0, -2.0]
    assert play(game, (2, 0), "bp").returns() == [1.0, -1.0]
    assert play(game, (2, 0), "pbp").returns() == [-1.0, 1.0]
    assert play(game, (2, 0), "pbb").returns() == [2.0, -2.0]
    assert play(game, (0, 1), "pbb").returns() == [-2.0, 2.0]
    assert play(game, (0, 1), "pbb").current_player() == TERMINAL
    state = play(game, (1, 2), "pb")
    assert state.information_state_key(0) == "Q/pb"
    assert state.information_state_key(1) == "K/pb"
    assert state.public_history() == ("pass", "bet")
    assert state.private_label(1) == "K"


def test_rules_three_players():
    game = KuhnPoker(3)
    assert [game.card_name(c) for c in range(4)] == ["J", "Q", "K", "A"]
    # Player 1 bets; 2 folds, 0 calls with the ace: 0 wins 1 + 2 + 2 = 5, puts in 2.
    state = play(game, (3, 1, 2), "pbpb")
    assert state.is_terminal()
    assert state.returns() == [3.0, -2.0, -1.0]
    # Nobody bets: the highest card takes the three antes.
    assert play(game, (0, 2, 1), "ppp").returns() == [-1.0, 2.0, -1.0]
    assert not play(game, (0, 2, 1), "pp").is_terminal()
    with pytest.raises(InputError, match="2 to 4 players"):
        KuhnPoker(5)


def test_tree_shape(tree):
    assert tree.num_nodes == 58
    assert tree.num_infosets == 12
    assert tree.returns.shape == (30, 2)
    assert np.all(tree.returns.sum(axis=1) == 0)
    assert np.all(tree.parent[1:] < np.arange(1, 58))
    assert tree.subtree_size[0] == 58


def nash_strategies(alpha):
    """Kuhn's equilibrium family: player 0 bluffs J with alpha, bets K with 3 alpha, ..."""
    return {
        "J/": {"pass": 1 - alpha, "bet": alpha},
        "Q/": {"pass": 1.0},
        "K/": {"pass": 1 - 3 * alpha, "bet": 3 * alpha},
        "J/pb": {"pass": 1.0},
        "Q/pb": {"pass": 2 / 3 - alpha, "bet": alpha + 1 / 3},
        "K/pb": {"bet": 1.0},
        "J/p": {"pass": 2 / 3, "bet": 1 / 3},
        "Q/p": {"pass": 1.0},
        "K/p": {"bet": 1.0},
        "J/b": {"pass": 1.0},
        "Q/b": {"pass": 2 / 3, "bet": 1 / 3},
        "K/b": {"bet": 1.0},
    }


@pytest.mark.parametrize("alpha", [0.0, 0.2, 1 / 3])
def test_game_value_is_minus_one_eighteenth(tree, alpha):
    policy = policy_from_strategies(tree, nash_strategies(alpha))
    assert policy_values(tree, policy) == pytest.approx([-1 / 18, 1 / 18], abs=1e-12)
    assert exploitability(tree, policy) == pytest.approx(0.0, abs=1e-12)


def test_exploitability_of_a_non_equilibrium(tree):
    strategies = nash_strategies(0.0)
    strategies["Q/b"] = {"pass": 1.0}  # never calls with the queen: J should bluff always
    policy = policy_from_strategies(tree, strategies)
    assert exploitability(tree, policy) > 0.01


def _value_for(game, player, pure, policy_of, state=None):
    """Expected return of ``player`` playing the pure strategy ``pure`` (key -> action),
    the others following ``policy_of(key)``, by walking the game objects directly."""
    state = state if state is not None else game.new_initial_state()
    if state.is_terminal():
        return state.returns()[player]
    if state.is_chance_node():
        return sum(p * _value_for(game, player, pure, policy_of, state.child(a))
                   for a, p in state.chance_outcomes())
    actor = state.current_player()
    key = state.information_state_key(actor)
    if actor == player:
        return _value_for(game, player, pure, policy_of, state.child(pure[key]))
    return sum(p * _value_for(game, player, pure, policy_of, state.child(a))
               for a, p in zip(state.legal_actions(), policy_of(key), strict=True)
               if p > 0)


def test_best_response_equals_brute_force_over_pure_strategies(tree):
    game = KuhnPoker()
    rng = np.random.default_rng(7)
    policy = np.empty(tree.num_actions)
    for i in range(tree.num_infosets):
        lo, hi = tree.infoset_offset[i], tree.infoset_offset[i + 1]
        policy[lo:hi] = rng.dirichlet(np.ones(hi - lo))

    def policy_of(key):
        i = tree.infoset_index(key)
        return policy[tree.infoset_offset[i]:tree.infoset_offset[i + 1]]

    best, on_policy = best_response_values(tree, policy)
    for player in (0, 1):
        keys = [k for i, k in enumerate(tree.infoset_keys) if tree.infoset_player[i] == player]
        brute = max(
            _value_for(game, player, dict(zip(keys, choice, strict=True)), policy_of)
            for choice in itertools.product((0, 1), repeat=len(keys))
        )
        assert best[player] == pytest.approx(brute, abs=1e-12)
    assert on_policy.sum() == pytest.approx(0.0, abs=1e-12)
    assert nash_conv(tree, policy) == pytest.approx(float(np.sum(best)), abs=1e-12)


# Exploitability after 1, 2, 4, 8, 10 iterations measured with OpenSpiel 2.0.2
# (open_spiel.python.algorithms.cfr.CFRSolver / CFRPlusSolver on kuhn_poker,
# exploitability.exploitability of average_policy()).
OPENSPIEL_KUHN = {
    "cfr": [0.45833333333333326, 0.27083333333333337, 0.14062500000000003,
            0.09045463963098324, 0.06869879381715754],
    "cfr+": [0.45833333333333326, 0.26388888888888884, 0.10014430014430015,
             0.027794111052289877, 0.032687090668344826],
}


@pytest.mark.parametrize("algorithm", ["cfr", "cfr+"])
def test_cfr_matches_openspiel_on_kuhn(tree, algorithm):
    solution = solve(tree, algorithm, 10)
    assert [i for i, _ in solution.history] == [1, 2, 4, 8, 10]
    assert [x for _, x in solution.history] == pytest.approx(OPENSPIEL_KUHN[algorithm],
                                                             rel=1e-12)
    assert solution.history[0][1] == pytest.approx(11 / 24, rel=1e-14)


# NashConv of three-player Kuhn after 1, 2, 10 iterations, OpenSpiel 2.0.2
# (CFRSolver / CFRPlusSolver on kuhn_poker(players=3), exploitability.nash_conv).
OPENSPIEL_KUHN3_NASH_CONV = {
    "cfr": {1: 2.0624999999999996, 2: 1.359375, 10: 0.3124812059300961},
    "cfr+": {1: 2.0624999999999996, 2: 1.2245370370370363, 10: 0.14933017560455653},
}


@pytest.mark.parametrize("algorithm", ["cfr", "cfr+"])
def test_three_player_nash_conv_matches_openspiel(algorithm):
    solution = solve(KuhnPoker(3), algorithm, 10)
    history = dict(solution.history)
    for iteration, expected in OPENSPIEL_KUHN3_NASH_CONV[algorithm].items():
        # exploitability is NashConv / 3 for three players
        assert 3 * history[iteration] == pytest.approx(expected, rel=1e-10)


def test_cfr_plus_converges_to_the_game_value(tree):
    solution = solve(tree, "cfr+", 2000)
    values = [x for _, x in solution.history]
    assert values[-1] < 2e-4
    assert values[-1] < values[0] / 1000
    assert solution.values() == pytest.approx([-1 / 18, 1 / 18], abs=1e-4)
    strategy = solution.strategy("K/b")
    assert strategy["bet"] == pytest.approx(1.0, abs=1e-3)
    assert solution.strategy("Q/b")["bet"] == pytest.approx(1 / 3, abs=1e-2)
