"""A two-player game in normal form (:class:`MatrixGame`), its payoffs and exploitability.

A matrix game has a row player (player 0, ``m`` actions) and a column player (player 1, ``n``
actions); ``row_payoffs[i][j]`` and ``column_payoffs[i][j]`` are what each gets when row ``i``
meets column ``j``. Payoffs are kept as exact fractions, so the exact solvers
(:mod:`omahanash.games.matrix.exact`) answer in rationals.

A :class:`MatrixGame` is also a :class:`~omahanash.game.Game`: the row player chooses, then the
column player chooses without seeing that choice, so the CFR solvers and the exact
exploitability of :mod:`omahanash.cfr` apply to it as to any game of imperfect information.

Exploitability is NashConv / 2 = (gain of player 0 from a best response + gain of player 1) / 2,
which for a zero-sum game is (BR₀(σ₁) + BR₁(σ₀)) / 2, the project's quantity everywhere.

>>> from omahanash.games.matrix import parse_matrix_game
>>> rps = parse_matrix_game("rps")
>>> rps.new_initial_state().child(0).child(1).returns()
[-1.0, 1.0]
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction

import numpy as np
from numpy.typing import ArrayLike

from omahanash.game import TERMINAL, Game, GameState


@dataclass(frozen=True)
class MatrixGame(Game):
    """A two-player game in normal form, payoffs kept as exact fractions.

    >>> from omahanash.games.matrix import parse_matrix_game
    >>> game = parse_matrix_game("3/3,0/5;5/0,1/1")
    >>> game.shape, game.is_zero_sum, game.row_payoffs[1, 0], game.column_payoffs[1, 0]
    ((2, 2), False, np.float64(5.0), np.float64(0.0))
    """

    exact_row_payoffs: tuple[tuple[Fraction, ...], ...]
    exact_column_payoffs: tuple[tuple[Fraction, ...], ...]
    row_actions: tuple[str, ...]
    column_actions: tuple[str, ...]
    name: str = "matrix"

    @property
    def shape(self) -> tuple[int, int]:
        """``(rows, columns)``: the number of actions of player 0 and of player 1."""
        return len(self.exact_row_payoffs), len(self.exact_row_payoffs[0])

    @property
    def is_zero_sum(self) -> bool:
        """True when the column player's payoff is exactly minus the row player's everywhere."""
        return all(
            a + b == 0
            for row_a, row_b in zip(self.exact_row_payoffs, self.exact_column_payoffs, strict=True)
            for a, b in zip(row_a, row_b, strict=True)
        )

    @property
    def row_payoffs(self) -> np.ndarray:
        """The row player's payoffs as a float64 ``m × n`` array."""
        return np.array(self.exact_row_payoffs, dtype=np.float64)

    @property
    def column_payoffs(self) -> np.ndarray:
        """The column player's payoffs as a float64 ``m × n`` array."""
        return np.array(self.exact_column_payoffs, dtype=np.float64)


    # -- the game interface: the row player moves, then the column player, unaware of it --

    def new_initial_state(self) -> MatrixState:
        return MatrixState(self, ())

    def settings(self) -> dict:
        """Both players' payoffs (as floats) and the action names."""
        return {
            "row_payoffs": self.row_payoffs.tolist(),
            "column_payoffs": self.column_payoffs.tolist(),
            "actions": [list(self.row_actions), list(self.column_actions)],
        }


class MatrixState(GameState):
    """A node of a matrix game's tree: the actions chosen so far (row's, then column's)."""

    def __init__(self, game: MatrixGame, chosen: tuple[int, ...]) -> None:
        self.game = game
        self.chosen = chosen

    def current_player(self) -> int:
        return len(self.chosen) if len(self.chosen) < 2 else TERMINAL

    def legal_actions(self) -> list[int]:
        if len(self.chosen) >= 2:
            return []
        return list(range(self.game.shape[len(self.chosen)]))

    def chance_outcomes(self) -> list[tuple[int, float]]:
        return []

    def child(self, action: int) -> MatrixState:
        if action not in self.legal_actions():
            raise ValueError(f"action {action} is not legal here")
        return MatrixState(self.game, (*self.chosen, action))

    def returns(self) -> list[float]:
        if len(self.chosen) < 2:
            raise ValueError("returns are defined at terminal states only")
        row, column = self.chosen
        return [float(self.game.exact_row_payoffs[row][column]),
                float(self.game.exact_column_payoffs[row][column])]

    def information_state_key(self, player: int) -> str:
        # Neither player sees the other's choice: one information set each.
        return f"P{player}"

    def action_to_string(self, action: int) -> str:
        names = self.game.row_actions if not self.chosen else self.game.column_actions
        return names[action]

    def public_history(self) -> tuple[str, ...]:
        # Everyone sees that a player moved, not what he chose.
        return tuple(f"P{player} moved" for player in range(len(self.chosen)))

    def private_label(self, player: int) -> str:
        if player < len(self.chosen):
            names = self.game.row_actions if player == 0 else self.game.column_actions
            return names[self.chosen[player]]
        return ""


def expected_payoffs(
    game: MatrixGame, row_strategy: ArrayLike, column_strategy: ArrayLike
) -> tuple[float, float]:
    """Expected payoffs ``(player 0, player 1)`` of a profile of mixed strategies.

    >>> from omahanash.games.matrix import parse_matrix_game
    >>> rps = parse_matrix_game("rps")
    >>> [round(v, 12) for v in expected_payoffs(rps, [0, 1, 0], [0.4, 0.3, 0.3])]
    [0.1, -0.1]
    """
    row = np.asarray(row_strategy, dtype=np.float64)
    column = np.asarray(column_strategy, dtype=np.float64)
    return float(row @ game.row_payoffs @ column), float(row @ game.column_payoffs @ column)


def exploitability(
    game: MatrixGame, row_strategy: ArrayLike, column_strategy: ArrayLike
) -> float:
    """NashConv / 2: the mean of what each player gains by switching to a best response.

    For a zero-sum game this is (BR₀(σ₁) + BR₁(σ₀)) / 2, zero exactly at an equilibrium.

    >>> from omahanash.games.matrix import parse_matrix_game
    >>> game = parse_matrix_game("rps")
    >>> exploitability(game, [1, 0, 0], [1/3, 1/3, 1/3])
    0.5
    """
    row = np.asarray(row_strategy, dtype=np.float64)
    column = np.asarray(column_strategy, dtype=np.float64)
    row_values = game.row_payoffs @ column
    column_values = row @ game.column_payoffs
    row_gain = row_values.max() - row @ row_values
    column_gain = column_values.max() - column_values @ column
    return float(max(0.0, (row_gain + column_gain) / 2))
