"""Minimax, alpha-beta, transposition table, depth-limited search, expectimax and MCTS."""

from __future__ import annotations

import random

import pytest

from omahanash.errors import InputError
from omahanash.game import TERMINAL
from omahanash.perfect.examples import (
    ExplicitTree,
    ExplicitTreeState,
    TakeAway,
    TicTacToe,
    TicTacToeState,
)
from omahanash.perfect.mcts import mcts, mcts_agreement
from omahanash.perfect.search import (
    alphabeta,
    minimax,
    optimal_actions,
    reachable_states,
    solve_value,
)
from omahanash.perfect.zobrist import TranspositionTable


def ttt(*moves: int) -> TicTacToeState:
    state = TicTacToe().new_initial_state()
    for square in moves:
        state = state.child(square)
    return state


def test_tic_tac_toe_full_tree_and_pruning():
    root = ttt()
    plain = minimax(root)
    # The full tic-tac-toe game tree has 549,946 nodes (root included); the game is a draw.
    assert (plain.value, plain.nodes) == (0.0, 549_946)
    pruned = alphabeta(root, use_table=False)
    with_table = alphabeta(root)
    assert pruned.value == with_table.value == 0.0
    assert pruned.nodes < plain.nodes / 10
    assert with_table.nodes < pruned.nodes
    assert with_table.table_hits > 0 and pruned.table_hits == 0


def test_textbook_tree_values_and_node_counts():
    # The three-by-three tree of the classic alpha-beta example: after the first MIN node gives
    # 3, the second is cut after its first leaf (2 <= 3); the third needs all three leaves.
    tree = ExplicitTree(("P0", [("P1", [3, 12, 8]), ("P1", [2, 4, 6]), ("P1", [14, 5, 2])]))
    root = tree.new_initial_state()
    assert (minimax(root).value, minimax(root).nodes) == (3.0, 13)
    result = alphabeta(root)
    assert (result.value, result.best_action, result.nodes) == (3.0, 0, 11)


def direct_value(tree) -> float:
    """An independent evaluator working on the nested tuples themselves."""
    if not isinstance(tree, tuple):
        return float(tree)
    kind, children = tree
    if kind == "chance":
        return sum(p * direct_value(child) for p, child in children)
    values = [direct_value(child) for child in children]
    return max(values) if kind == "P0" else min(values)


def random_tree(rng: random.Random, depth: int):
    if depth == 0 or rng.random() < 0.2:
        return rng.randint(-9, 9)
    width = rng.randint(1, 4)
    kind = rng.choice(["P0", "P1", "P0", "P1", "chance"])  # turns do not alternate
    if kind == "chance":
        weights = [rng.randint(1, 4) for _ in range(width)]
        return (kind, [(w / sum(weights), random_tree(rng, depth - 1)) for w in weights])
    return (kind, [random_tree(rng, depth - 1) for _ in range(width)])


def test_random_trees_with_chance_and_free_turn_order():
    rng = random.Random(7)
    fewer = 0
    for _ in range(300):
        tree = random_tree(rng, 5)
        root = ExplicitTree(tree).new_initial_state()
        expected = direct_value(tree)
        plain, pruned = minimax(root), alphabeta(root)
        assert plain.value == pytest.approx(expected)
        assert pruned.value == pytest.approx(expected)
        assert pruned.nodes <= plain.nodes
        fewer += pruned.nodes < plain.nodes
    assert fewer > 100


def test_expectimax_by_hand_and_refusal():
    tree = ("chance", [(0.5, ("P0", [1, 3])), (0.5, ("P1", [-2, 4]))])
    root = ExplicitTree(tree).new_initial_state()
    assert alphabeta(root).value == pytest.approx(0.5 * 3 + 0.5 * -2)
    with pytest.raises(InputError, match="chance"):
        alphabeta(root, chance="refuse")
    with pytest.raises(InputError, match="chance"):
        solve_value(root)


def test_non_alternating_turns():
    # Player 0 moves twice in a row on the left, player 1 replies on the right.
    root = ExplicitTree(("P0", [("P0", [1, 5]), ("P1", [7, 2])])).new_initial_state()
    result = alphabeta(root)
    assert (result.value, result.best_action) == (5.0, 0)


def test_take_away_values_and_winning_moves():
    for n in range(0, 30):
        root = TakeAway(n).new_initial_state()
        result = alphabeta(root)
        if n % 4 == 0:
            assert result.value == -1.0
        else:
            assert result.value == 1.0 and result.best_action == n % 4
            assert optimal_actions(root) == {n % 4}
    # another move set: take 1 or 4; lost exactly when n % 5 in (0, 2)
    for n in range(0, 25):
        value = solve_value(TakeAway(n, moves=(1, 4)).new_initial_state())
        assert value == (-1.0 if n % 5 in (0, 2) else 1.0)


def test_known_tic_tac_toe_positions():
    # Every opening move draws; answering the centre on an edge loses.
    assert optimal_actions(ttt()) == set(range(9))
    assert alphabeta(ttt(4, 1)).value == 1.0
    assert alphabeta(ttt(4, 0)).value == 0.0


def test_shared_table_agrees_with_plain_minimax_on_many_positions():
    positions = reachable_states(ttt())
    assert len(positions) == 5478  # distinct tic-tac-toe positions, the empty board included
    rng = random.Random(11)
    sample = rng.sample([s for s in positions if sum(1 for m in s.board if m) >= 3], 150)
    table = TranspositionTable(size_bits=8)  # small: slots get reused and overwritten
    for state in sample:
        expected = minimax(state).value
        assert alphabeta(state, table=table).value == expected
    assert table.hits > 0


class CollidingState(TicTacToeState):
    """Every position hashes to 0: the table must tell them apart by the full key."""

    def zobrist_hash(self) -> int:
        return 0

    def child(self, action: int) -> CollidingState:
        c = super().child(action)
        return CollidingState(c.board, c.to_move, c.history, 0)


def test_hash_collisions_never_change_the_value():
    result = alphabeta(CollidingState(), table=TranspositionTable(size_bits=4))
    assert result.value == 0.0
    assert result.table_collisions > 1000
    tiny = alphabeta(ttt(4, 1), table=TranspositionTable(size_bits=0))  # one slot
    assert tiny.value == 1.0


def test_depth_limited_search():
    # X at 0 and 8, O at 3 and 4, X to move: O threatens 5 and X has no immediate win.
    state = ttt(0, 3, 8, 4)
    calls = []

    def zero(s):
        calls.append(s)
        return 0.0

    assert alphabeta(state, max_depth=0, evaluate=zero).value == 0.0 and len(calls) == 1
    deep = alphabeta(state, max_depth=2, evaluate=zero)
    assert (deep.value, deep.best_action) == (0.0, 5)  # only the block avoids losing in 2
    # X at 0 and 1, O at 3 and 4, X to move: one ply sees the win at 2.
    shallow = alphabeta(ttt(0, 3, 1, 4), max_depth=1, evaluate=zero)
    assert (shallow.value, shallow.best_action) == (1.0, 2)
    # Deep enough, the limit changes nothing.
    assert alphabeta(state, max_depth=9, evaluate=zero).value == minimax(state).value
    with pytest.raises(InputError, match="evaluation"):
        alphabeta(state, max_depth=2)


def test_shallow_table_entries_do_not_answer_deeper_searches():
    # X centre, O edge: X wins, but not within 3 plies, so a shallow search sees 0.
    state = ttt(4, 1)
    table = TranspositionTable()
    assert alphabeta(state, max_depth=3, evaluate=lambda s: 0.0, table=table).value == 0.0
    assert len(table) > 0
    assert alphabeta(state, table=table).value == 1.0


def test_refuses_more_than_two_players():
    class ThreePlayers(ExplicitTreeState):
        def current_player(self) -> int:
            return 2 if isinstance(self.tree, tuple) else TERMINAL

    with pytest.raises(InputError, match="two-player"):
        alphabeta(ThreePlayers(("P0", [1, 2])))


def test_mcts_agrees_with_minimax_on_tic_tac_toe():
    # Openings (2 or 3 marks down), where a random move is often a mistake.
    openings = [
        s for s in reachable_states(ttt()) if sum(1 for m in s.board if m) in (2, 3)
    ]
    sample = random.Random(1).sample(openings, 30)
    strong = mcts_agreement(sample, iterations=1000, seed=5)
    assert strong.positions >= 15  # positions where some move is a mistake
    assert strong.rate >= 0.9
    # The rate measures something: with a handful of playouts MCTS plays far worse.
    weak = mcts_agreement(sample, iterations=5, seed=5)
    assert weak.positions == strong.positions
    assert weak.rate < 0.7


def test_mcts_budgets_determinism_and_chance_nodes():
    root = TakeAway(9).new_initial_state()
    a = mcts(root, iterations=300, seed=42)
    b = mcts(root, iterations=300, seed=42)
    assert a == b and a.iterations == 300 and sum(a.visits.values()) == 300
    assert mcts(root, iterations=3000, seed=1).best_action == 1  # 9 -> 8 matches

    calls = iter(range(10**6))
    stopped = mcts(root, iterations=None, cancel=lambda: next(calls) >= 25, seed=1)
    assert stopped.iterations == 25
    timed = mcts(root, iterations=None, time_limit=0.05, seed=1)
    assert timed.iterations >= 1

    # 0: a sure 1; 1: a fair coin between 3 and -3 (worth 0): action 0 is better.
    tree = ("P0", [1, ("chance", [(0.5, 3), (0.5, -3)])])
    result = mcts(ExplicitTree(tree).new_initial_state(), iterations=2000, seed=3)
    assert result.best_action == 0
    assert result.values[1] == pytest.approx(0.0, abs=0.5)

    with pytest.raises(InputError):
        mcts(ttt(0, 3, 1, 4, 2), iterations=10)  # terminal: X has won
    with pytest.raises(InputError, match="budget"):
        mcts(root, iterations=None)
