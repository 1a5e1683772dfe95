"""Regret matching, the one kernel behind CFR, jam-fold CFR+ and matrix-game learning.

A decision's slots ``lo .. hi - 1`` of a flat regret array hold the cumulative regret of each
action; the current strategy plays each action in proportion to its positive regret, uniformly
when no regret is positive (Hart & Mas-Colell's regret matching; with regrets floored at zero
after every update it is Tammelin's regret matching+). The CFR tree kernels call
:func:`match_regrets` per information set, the matrix-game kernels once per player, and the
jam-fold CFR+ solver per hand class through :func:`match_rows` (two actions a row), and the
push/fold table solver per node and class through :func:`update_two_action_rows`.

>>> import numpy as np
>>> regrets = np.array([3.0, -1.0, 1.0])
>>> strategy = np.empty(3)
>>> match_regrets(regrets, 0, 3, strategy)
>>> strategy.tolist()
[0.75, 0.0, 0.25]
>>> add_regrets(regrets, 0, 3, np.array([0.0, 4.0, 0.0]), strategy, True)
>>> regrets.tolist()   # values minus the strategy's expected value 0, floored at 0 (RM+)
[3.0, 3.0, 1.0]
"""

from __future__ import annotations

import numpy as np
from numba import njit


@njit(cache=True)
def match_regrets(regrets: np.ndarray, lo: int, hi: int, strategy: np.ndarray) -> None:
    """Write the regret-matching strategy of slots ``lo:hi`` into ``strategy[lo:hi]``."""
    total = 0.0
    for k in range(lo, hi):
        if regrets[k] > 0.0:
            total += regrets[k]
    if total > 0.0:
        for k in range(lo, hi):
            strategy[k] = regrets[k] / total if regrets[k] > 0.0 else 0.0
    else:
        for k in range(lo, hi):
            strategy[k] = 1.0 / (hi - lo)


@njit(cache=True)
def add_regrets(regrets: np.ndarray, lo: int, hi: int, values: np.ndarray,
                strategy: np.ndarray, plus: bool) -> None:
    """Add each action's regret ``values[k - lo] − (strategy · values)`` to slots ``lo:hi``;
    ``plus`` floors the results at zero (regret matching+)."""
    expected = 0.0
    for k in range(lo, hi):
        expected += values[k - lo] * strategy[k]
    for k in range(lo, hi):
        regrets[k] += values[k - lo] - expected
        if plus and regrets[k] < 0.0:
            regrets[k] = 0.0


@njit(cache=True)
def match_rows(regrets: np.ndarray) -> np.ndarray:
    """Regret matching of every row of a C-contiguous ``(n, actions)`` array (one decision a
    row): the ``(n, actions)`` strategies."""
    rows, actions = regrets.shape
    flat = regrets.reshape(rows * actions)
    strategy = np.empty(rows * actions)
    for row in range(rows):
        match_regrets(flat, row * actions, (row + 1) * actions, strategy)
    return strategy.reshape(rows, actions)


@njit(cache=True)
def add_row_regrets(regrets: np.ndarray, values: np.ndarray, strategy: np.ndarray,
                    plus: bool) -> None:
    """:func:`add_regrets` for every row of C-contiguous ``(n, actions)`` arrays, in place."""
    rows, actions = regrets.shape
    flat = regrets.reshape(rows * actions)
    flat_strategy = strategy.reshape(rows * actions)
    for row in range(rows):
        add_regrets(flat, row * actions, (row + 1) * actions, values[row], flat_strategy, plus)


@njit(cache=True)
def update_two_action_rows(fold_regrets: np.ndarray, play_regrets: np.ndarray,
                           fold_values: np.ndarray, play_values: np.ndarray,
                           play_chance: np.ndarray, rows: np.ndarray, plus: bool) -> None:
    """Two-action decisions (fold, play) kept as planes ``(slots, n)``: for every slot of
    ``rows`` and every column, :func:`add_regrets` of the values against the strategy
    ``(1 - play_chance, play_chance)``, then :func:`match_regrets` into ``play_chance`` (the
    push/fold tables' CFR+ update), in place."""
    regrets = np.empty(2)
    strategy = np.empty(2)
    values = np.empty(2)
    for r in rows:
        for c in range(fold_regrets.shape[1]):
            regrets[0] = fold_regrets[r, c]
            regrets[1] = play_regrets[r, c]
            strategy[0] = 1.0 - play_chance[r, c]
            strategy[1] = play_chance[r, c]
            values[0] = fold_values[r, c]
            values[1] = play_values[r, c]
            add_regrets(regrets, 0, 2, values, strategy, plus)
            match_regrets(regrets, 0, 2, strategy)
            fold_regrets[r, c] = regrets[0]
            play_regrets[r, c] = regrets[1]
            play_chance[r, c] = strategy[1]


@njit(cache=True)
def match_two_action_rows(fold_regrets: np.ndarray, play_regrets: np.ndarray,
                          play_chance: np.ndarray, rows: np.ndarray) -> None:
    """:func:`match_regrets` of the two-action planes of :func:`update_two_action_rows` at
    the slots of ``rows``: the chance to play, written into ``play_chance``."""
    regrets = np.empty(2)
    strategy = np.empty(2)
    for r in rows:
        for c in range(fold_regrets.shape[1]):
            regrets[0] = fold_regrets[r, c]
            regrets[1] = play_regrets[r, c]
            match_regrets(regrets, 0, 2, strategy)
            play_chance[r, c] = strategy[1]


@njit(cache=True)
def update_action_rows(regrets: np.ndarray, values: np.ndarray, strategy: np.ndarray,
                       counts: np.ndarray, rows: np.ndarray, plus: bool) -> None:
    """Decisions of up to ``A`` actions kept as ``(slots, n, A)`` arrays, slot ``r`` with
    ``counts[r]`` actions (the first ones): for every slot of ``rows`` and every column,
    :func:`add_regrets` of the values against the strategy, then :func:`match_regrets` into
    the strategy (the betting trees' CFR+ update), in place; slots past an action count stay
    0."""
    for r in rows:
        k = counts[r]
        for c in range(regrets.shape[1]):
            add_regrets(regrets[r, c], 0, k, values[r, c], strategy[r, c], plus)
            match_regrets(regrets[r, c], 0, k, strategy[r, c])


@njit(cache=True)
def match_action_rows(regrets: np.ndarray, strategy: np.ndarray, counts: np.ndarray,
                      rows: np.ndarray) -> None:
    """:func:`match_regrets` of the ``(slots, n, A)`` arrays of :func:`update_action_rows` at
    the slots of ``rows``."""
    for r in rows:
        k = counts[r]
        for c in range(regrets.shape[1]):
            match_regrets(regrets[r, c], 0, k, strategy[r, c])
