"""Exact solutions of matrix games, in rationals: best replies, the value of a zero-sum game
(simplex) and every Nash equilibrium of a small general-sum game (support enumeration).

>>> from omahanash.games.matrix import parse_matrix_game
>>> game = parse_matrix_game("prisoners-dilemma")
>>> [(e.row_strategy, e.column_strategy) for e in nash_equilibria(game)]
[((Fraction(0, 1), Fraction(1, 1)), (Fraction(0, 1), Fraction(1, 1)))]
>>> solve_zero_sum(parse_matrix_game("rps")).value
Fraction(0, 1)
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass
from fractions import Fraction
from itertools import combinations

from omahanash.errors import InputError
from omahanash.games.matrix.game import MatrixGame

#: Zero-sum games with at most this many actions per player are solved exactly by the simplex.
EXACT_LP_MAX_ACTIONS = 30
#: General-sum games are solved by support enumeration when the number of support pairs
#: (C(m + n, m) - 1) is at most this.
MAX_SUPPORT_PAIRS = 3000


def best_response(
    game: MatrixGame, column_strategy: Sequence[Fraction | float]
) -> tuple[int, Fraction | float]:
    """The row player's best pure reply to a column mix: ``(action index, its value)``.

    Exact when the mix is exact (fractions); ties go to the lowest index.

    >>> from omahanash.games.matrix import parse_matrix_game, parse_mix
    >>> game = parse_matrix_game("rps")
    >>> action, value = best_response(game, parse_mix("0.4,0.3,0.3", 3))
    >>> game.row_actions[action], value
    ('paper', Fraction(1, 10))
    """
    values = [
        sum((a * q for a, q in zip(row, column_strategy, strict=True)), Fraction(0))
        for row in game.exact_row_payoffs
    ]
    best = max(range(len(values)), key=lambda i: (values[i], -i))
    return best, values[best]


@dataclass(frozen=True)
class Equilibrium:
    """A Nash equilibrium in exact rationals: both mixes and both expected payoffs."""

    row_strategy: tuple[Fraction, ...]
    column_strategy: tuple[Fraction, ...]
    payoffs: tuple[Fraction, Fraction]

    def to_json(self) -> dict[str, list]:
        """``{"strategies": [[row probs], [column probs]], "payoffs": [p0, p1]}`` as floats."""
        return {
            "strategies": [
                [float(p) for p in self.row_strategy],
                [float(p) for p in self.column_strategy],
            ],
            "payoffs": [float(v) for v in self.payoffs],
        }


@dataclass(frozen=True)
class ZeroSumSolution:
    """The value of a zero-sum game for the row player and one pair of optimal mixes."""

    value: Fraction
    row_strategy: tuple[Fraction, ...]
    column_strategy: tuple[Fraction, ...]


def _simplex_max(
    constraints: list[list[Fraction]],
) -> tuple[Fraction, list[Fraction], list[Fraction]]:
    """Maximize ``sum(y)`` subject to ``constraints · y ≤ 1``, ``y ≥ 0``, exactly.

    The constraint matrix must be strictly positive (so the optimum is finite and the origin
    feasible). Tableau simplex with Bland's rule (no cycling). Returns the optimum, the primal
    ``y`` and the dual ``x`` (``constraintsᵀ x ≥ 1``, ``sum(x)`` = the optimum), the latter read
    off the objective row under the slack columns.
    """
    rows, columns = len(constraints), len(constraints[0])
    width = columns + rows
    tableau = [
        [*row, *(Fraction(int(k == r)) for k in range(rows)), Fraction(1)]
        for r, row in enumerate(constraints)
    ]
    objective = [Fraction(-1)] * columns + [Fraction(0)] * (rows + 1)
    basis = [columns + r for r in range(rows)]
    while True:
        entering = next((k for k in range(width) if objective[k] < 0), None)
        if entering is None:
            break
        # Ratio test; ties go to the smallest basic variable (Bland). A positive constraint
        # matrix bounds every y, so some row always limits the step.
        leaving = min(
            (r for r in range(rows) if tableau[r][entering] > 0),
            key=lambda r: (tableau[r][-1] / tableau[r][entering], basis[r]),
        )
        pivot_row = tableau[leaving]
        pivot = pivot_row[entering]
        pivot_row[:] = [v / pivot for v in pivot_row]
        for r in range(rows):
            factor = tableau[r][entering]
            if r != leaving and factor:
                tableau[r] = [v - factor * p for v, p in zip(tableau[r], pivot_row, strict=True)]
        factor = objective[entering]
        objective = [v - factor * p for v, p in zip(objective, pivot_row, strict=True)]
        basis[leaving] = entering
    primal = [Fraction(0)] * columns
    for r, variable in enumerate(basis):
        if variable < columns:
            primal[variable] = tableau[r][-1]
    dual = objective[columns:width]
    return objective[-1], primal, dual


def solve_zero_sum(game: MatrixGame) -> ZeroSumSolution:
    """Exact value and optimal mixed strategies of a zero-sum game, by linear programming.

    The row player's payoffs are shifted to be ≥ 1, then ``max Σy s.t. A'y ≤ 1, y ≥ 0`` gives
    the column player's optimal mix ``y / Σy`` and value ``1 / Σy``; its dual gives the row
    player's. Only the row player's payoffs are used. Raises InputError for games larger than
    :data:`EXACT_LP_MAX_ACTIONS` per player.

    >>> from omahanash.games.matrix import parse_matrix_game
    >>> solution = solve_zero_sum(parse_matrix_game("3,1;0,2"))
    >>> solution.value, solution.row_strategy, solution.column_strategy
    (Fraction(3, 2), (Fraction(1, 2), Fraction(1, 2)), (Fraction(1, 4), Fraction(3, 4)))
    """
    rows, columns = game.shape
    if max(rows, columns) > EXACT_LP_MAX_ACTIONS:
        raise InputError(
            f"a {rows}×{columns} game is too large to solve exactly "
            f"(at most {EXACT_LP_MAX_ACTIONS} actions per player)"
        )
    payoffs = game.exact_row_payoffs
    shift = 1 - min(min(row) for row in payoffs)
    shifted = [[a + shift for a in row] for row in payoffs]
    total, column_weights, row_weights = _simplex_max(shifted)
    return ZeroSumSolution(
        value=1 / total - shift,
        row_strategy=tuple(x / total for x in row_weights),
        column_strategy=tuple(y / total for y in column_weights),
    )


def _solve_linear(matrix: list[list[Fraction]], rhs: list[Fraction]) -> list[Fraction] | None:
    """Solve a square system exactly by Gauss–Jordan elimination; None when singular."""
    size = len(matrix)
    augmented = [[*row, b] for row, b in zip(matrix, rhs, strict=True)]
    for col in range(size):
        pivot = next((r for r in range(col, size) if augmented[r][col] != 0), None)
        if pivot is None:
            return None
        augmented[col], augmented[pivot] = augmented[pivot], augmented[col]
        pivot_row = augmented[col]
        head = pivot_row[col]
        pivot_row[:] = [v / head for v in pivot_row]
        for r in range(size):
            factor = augmented[r][col]
            if r != col and factor:
                augmented[r] = [
                    v - factor * p for v, p in zip(augmented[r], pivot_row, strict=True)
                ]
    return [row[-1] for row in augmented]


def _indifference_mix(
    payoffs: Sequence[Sequence[Fraction]], own: Sequence[int], other: Sequence[int]
) -> tuple[list[Fraction], Fraction] | None:
    """The mix over ``other`` (strictly positive there) that makes every action in ``own``
    earn the same, with that common payoff; None if there is no such unique mix.

    ``payoffs[i][j]`` is the payoff of one's own action ``i`` against the other's action ``j``.
    """
    size = len(other)
    matrix = [[*(payoffs[i][j] for j in other), Fraction(-1)] for i in own]
    matrix.append([Fraction(1)] * size + [Fraction(0)])
    solution = _solve_linear(matrix, [Fraction(0)] * size + [Fraction(1)])
    if solution is None or any(p <= 0 for p in solution[:size]):
        return None
    return solution[:size], solution[size]


def support_pair_count(rows: int, columns: int) -> int:
    """How many equal-size support pairs :func:`nash_equilibria` examines: C(m + n, m) − 1.

    >>> support_pair_count(2, 2), support_pair_count(6, 6)
    (5, 923)
    """
    return math.comb(rows + columns, rows) - 1


def nash_equilibria(game: MatrixGame) -> list[Equilibrium]:
    """All Nash equilibria of a (nondegenerate) two-player game, by support enumeration, exactly.

    For each pair of supports of equal size k, solve the two indifference systems (the column
    mix that makes the row player indifferent on his support, and vice versa); keep the pair
    when both mixes are strictly positive on their supports and no action outside a support
    earns more. In a nondegenerate game every equilibrium has supports of equal size, so the
    list is complete. A degenerate game (payoff ties) can have continua of equilibria; then
    the list holds only those found on equal-size supports with a unique solution. Sorted by
    support size, then by the order of the actions. Raises InputError when there are more than
    :data:`MAX_SUPPORT_PAIRS` support pairs.

    >>> from omahanash.games.matrix import parse_matrix_game
    >>> bos = nash_equilibria(parse_matrix_game("battle-of-the-sexes"))
    >>> [(tuple(map(str, e.row_strategy)), tuple(map(str, e.payoffs))) for e in bos]
    [(('1', '0'), ('2', '1')), (('0', '1'), ('1', '2')), (('2/3', '1/3'), ('2/3', '2/3'))]
    """
    rows, columns = game.shape
    pairs = support_pair_count(rows, columns)
    if pairs > MAX_SUPPORT_PAIRS:
        raise InputError(
            f"a {rows}×{columns} game has {pairs} support pairs to enumerate "
            f"(at most {MAX_SUPPORT_PAIRS}): too large to list all equilibria exactly"
        )
    row_payoffs = game.exact_row_payoffs
    column_payoffs_transposed = tuple(zip(*game.exact_column_payoffs, strict=True))
    equilibria: list[Equilibrium] = []
    for size in range(1, min(rows, columns) + 1):
        for row_support in combinations(range(rows), size):
            for column_support in combinations(range(columns), size):
                column_side = _indifference_mix(row_payoffs, row_support, column_support)
                if column_side is None:
                    continue
                row_side = _indifference_mix(column_payoffs_transposed, column_support, row_support)
                if row_side is None:
                    continue
                column_mix, row_value = column_side
                row_mix, column_value = row_side
                row_strategy = [Fraction(0)] * rows
                column_strategy = [Fraction(0)] * columns
                for i, p in zip(row_support, row_mix, strict=True):
                    row_strategy[i] = p
                for j, q in zip(column_support, column_mix, strict=True):
                    column_strategy[j] = q
                if any(
                    sum((a * q for a, q in zip(row_payoffs[i], column_strategy, strict=True)),
                        Fraction(0)) > row_value
                    for i in range(rows) if i not in row_support
                ) or any(
                    sum((b * p for b, p in zip(column_payoffs_transposed[j], row_strategy,
                                               strict=True)), Fraction(0)) > column_value
                    for j in range(columns) if j not in column_support
                ):  # fmt: skip
                    continue
                equilibria.append(
                    Equilibrium(tuple(row_strategy), tuple(column_strategy),
                                (row_value, column_value))
                )  # fmt: skip
    return equilibria
