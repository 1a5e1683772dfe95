"""The tree compiler: array layout, size estimates, refusals and contract checks."""

import numpy as np
import pytest

from omahanash.cfr.compiler import compile_game, estimate_tree_size
from omahanash.errors import InputError
from omahanash.game import CHANCE, TERMINAL, Game, GameState
from omahanash.games.kuhn import KuhnPoker
from omahanash.games.leduc import LeducPoker


class BinaryState(GameState):
    """A one-player game: ``depth`` binary choices; the payoff is the number of 1s."""

    def __init__(self, game, history=""):
        self.game = game
        self.history = history

    def current_player(self):
        return TERMINAL if len(self.history) == self.game.depth else 0

    def legal_actions(self):
        return [] if self.is_terminal() else [0, 1]

    def chance_outcomes(self):
        return []

    def child(self, action):
        return BinaryState(self.game, self.history + str(action))

    def returns(self):
        return [float(self.history.count("1"))]

    def information_state_key(self, player):
        return self.history

    def action_to_string(self, action):
        return str(action)

    def public_history(self):
        return tuple(self.history)

    def private_label(self, player):
        return ""


class BinaryGame(Game):
    name = "binary"
    num_players = 1

    def __init__(self, depth):
        self.depth = depth

    def new_initial_state(self):
        return BinaryState(self)


def test_arrays_of_kuhn():
    tree = compile_game(KuhnPoker())
    n = tree.num_nodes
    assert tree.player[0] == CHANCE
    assert (tree.parent[1:] < np.arange(1, n)).all()
    # Every subtree is a contiguous id range, and the children lists are in action order.
    for node in range(n):
        kids = tree.children[tree.child_start[node]:tree.child_start[node + 1]]
        assert list(tree.action_index[kids]) == list(range(len(kids)))
        assert (tree.parent[kids] == node).all()
        assert tree.subtree_size[node] == 1 + tree.subtree_size[kids].sum()
    # Chance edges carry their probabilities; decision edges 1.
    root_kids = tree.children[tree.child_start[0]:tree.child_start[1]]
    assert tree.edge_prob[root_kids] == pytest.approx([1 / 3] * 3)
    decisions = tree.infoset >= 0
    assert (tree.player[decisions] >= 0).all()
    assert (tree.terminal >= 0).sum() == 30
    for i, key in enumerate(tree.infoset_keys):
        assert tree.infoset_actions[i] == ["pass", "bet"]
        assert tree.infoset_labels[i] == key[0]
        assert tree.infoset_player[i] == len(key.split("/")[1]) % 2


def test_public_nodes_of_leduc():
    tree = compile_game(LeducPoker())
    histories = tree.public_histories
    assert histories[0] == ()
    # The private deals stay in the root public node; the public card starts new ones.
    assert (tree.public[:3] == 0).all()
    assert ("call", "call", "K") in histories
    child = histories.index(("call", "call", "K"))
    assert histories[tree.public_parent[child]] == ("call", "call")


def test_estimate_is_exact_on_a_uniform_tree():
    assert estimate_tree_size(BinaryGame(6)) == 2**7 - 1
    assert compile_game(BinaryGame(6)).num_nodes == 2**7 - 1


def test_too_large_refused_before_building():
    with pytest.raises(InputError, match=r"about 2,097,151 nodes .*limit is 1,000 nodes"):
        compile_game(BinaryGame(20), max_nodes=1000)


def test_node_limit_stops_the_walk():
    # 2,047 nodes: the estimate passes (below twice the limit) but the walk stops at 1,500.
    with pytest.raises(InputError, match=r"more than 1,500 nodes"):
        compile_game(BinaryGame(10), max_nodes=1500)


class BrokenChance(BinaryState):
    def current_player(self):
        return CHANCE if self.history == "" else TERMINAL

    def chance_outcomes(self):
        return [(0, 0.5), (1, 0.4)]


class BrokenGame(BinaryGame):
    def new_initial_state(self):
        return BrokenChance(self)


def test_game_contract_violations_are_reported():
    with pytest.raises(ValueError, match="do not sum to 1"):
        compile_game(BrokenGame(1))

    class SameKey(BinaryState):
        def information_state_key(self, player):
            return "one key"  # for every state: the depth-1 states share it with the root

        def legal_actions(self):
            return [] if self.is_terminal() else [0, 1][: 2 - len(self.history)]

        def child(self, action):
            return SameKey(self.game, self.history + str(action))

    class SameKeyGame(BinaryGame):
        def new_initial_state(self):
            return SameKey(self)

    with pytest.raises(ValueError, match="differ in actions"):
        compile_game(SameKeyGame(2))


def test_huge_domino_game_is_refused_by_its_own_cheap_estimate():
    """double-6, 2 players, hand 7: the generic probes would list the C(28, 7) = 1,184,040
    opening hands and then C(21, 7) more on every probe (minutes); the game's own estimator
    samples the deal and the compiler must use it."""
    import time

    from omahanash.games.domino import make_domino_game

    game = make_domino_game("double-6", 2, 7)
    start = time.perf_counter()
    with pytest.raises(InputError) as error:
        compile_game(game)
    elapsed = time.perf_counter() - start
    estimate = game.tree_size_estimate()
    assert estimate > 10**20
    message = str(error.value)
    assert f"about {estimate:.1e} nodes" in message
    assert "limit is 20,000,000 nodes" in message
    assert elapsed < 60  # liveness: compiling it would take forever (no speed bound here)
