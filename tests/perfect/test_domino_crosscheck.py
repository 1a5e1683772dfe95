"""A cross-check: a two-player domino deal with every tile dealt (no boneyard) is a
game of perfect information, so its CFR value must equal its minimax value.

Each deal is made a game of its own (its root is the dealt position), compiled and solved
with CFR+ until the exploitability is at most 1e-7; in a two-player zero-sum game the
average profile's value is then within NashConv = 2e-7 of the game value. Alpha-beta
(:func:`omahanash.perfect.search.solve_value`) gives the exact value of the same position.
"""

from __future__ import annotations

from collections import Counter
from itertools import combinations

import pytest

from omahanash.cfr.compiler import compile_game
from omahanash.cfr.exploitability import policy_values
from omahanash.cfr.solvers import new_solution, train
from omahanash.game import Game
from omahanash.games.domino import DominoState, make_domino_game
from omahanash.perfect.search import solve_value

TARGET = 1e-7


class DealtGame(Game):
    """The game that starts from one dealt domino position."""

    name = "domino deal"
    num_players = 2

    def __init__(self, state: DominoState) -> None:
        self.state = state

    def new_initial_state(self) -> DominoState:
        return self.state  # states are immutable: sharing the root is safe


def cfr_value(state: DominoState) -> tuple[float, float, float]:
    """Player 0's value under CFR+'s average profile, its exploitability, and player 0's
    value when both play uniformly at random (to show that the choices matter)."""
    tree = compile_game(DealtGame(state))
    uniform = float(policy_values(tree, tree.uniform_policy())[0])
    solution = new_solution(tree, "cfr+", seed=0)
    iterations = 16
    while True:
        train(solution, iterations)
        exploitability = solution.exploitability()
        if exploitability <= TARGET or solution.iterations >= 1 << 14:
            return solution.values()[0], exploitability, uniform
        iterations = solution.iterations  # double


def every_deal(tiles: str, rules: str) -> list[tuple[str, str]]:
    game = make_domino_game(tiles, 2, 3, rules)
    labels = game.tile_labels
    assert len(labels) == 6  # two hands of three: nothing left over
    deals = []
    for chosen in combinations(range(6), 3):
        first = "".join(labels[i] for i in chosen)
        second = "".join(labels[i] for i in range(6) if i not in chosen)
        deals.append((first, second))
    return deals


@pytest.mark.parametrize(
    ("tiles", "rules", "value_counts"),
    [
        # Exact values of the 20 deals (player 0 opens, so he never loses under thesis).
        ("double-2", "thesis", {0.0: 9, 1.0: 11}),
        ("double-2", "block", {-2.0: 1, 0.0: 6, 1.0: 1, 2.0: 6, 4.0: 5, 6.0: 1}),
        ("[0|1][0|3][1|1][1|2][2|3][3|3]", "block",
         {1.0: 3, 2.0: 7, 3.0: 2, 5.0: 1, 6.0: 6, 11.0: 1}),
    ],
)
def test_cfr_value_equals_minimax_value_for_every_deal(tiles, rules, value_counts):
    game = make_domino_game(tiles, 2, 3, rules)
    values = []
    choices_matter = 0
    for hands in every_deal(tiles, rules):
        state = game.deal_state(hands)
        assert state.boneyard() == 0
        exact = solve_value(state)
        value, exploitability, uniform = cfr_value(state)
        assert exploitability <= TARGET, hands
        assert value == pytest.approx(exact, abs=1e-6), hands
        values.append(exact)
        choices_matter += abs(uniform - exact) > 0.01
    assert Counter(values) == value_counts
    assert choices_matter >= 5  # random play misses the value: CFR had something to learn
