"""Learning a matrix game by playing it: regret matching (and regret matching+) and fictitious
play, as numba kernels driven by the one run loop, :func:`omahanash.runs.iterate`.

Both record the exploitability of the average profile at every power of two and at the last
iteration (:class:`MatrixRun`), report ``progress(done, total)`` and stop at a cancel flag,
keeping what was done. Regret matching is :mod:`omahanash.regret`'s kernel, the one CFR and
jam-fold CFR+ use; fictitious play breaks ties with :mod:`omahanash.rng`'s SplitMix64.

Fictitious play's tie-breaking stream changed when it moved to SplitMix64 (it used a private
xorshift64* generator): a seeded run is still reproducible, but draws other ties than the same
seed drew before.

>>> from omahanash.games.matrix import parse_matrix_game
>>> run = regret_matching(parse_matrix_game("rps"), 1000, opponent=[0.4, 0.3, 0.3])
>>> [t for t, _ in run.exploitability][:4], int(run.row_strategy.argmax())
([1, 2, 4, 8], 1)
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass

import numpy as np
from numba import njit

from omahanash.errors import InputError
from omahanash.games.matrix.game import MatrixGame, exploitability
from omahanash.regret import add_regrets, match_regrets
from omahanash.rng import generator_state, random_below
from omahanash.runs import CancelFlag, ProgressCallback, iterate

#: Algorithm names accepted by :func:`~omahanash.games.matrix.run_matrix` ->
#: (kernel, regret matching+?).
ALGORITHMS = {
    "rm": ("rm", False),
    "cfr": ("rm", False),
    "rm+": ("rm", True),
    "cfr+": ("rm", True),
    "fp": ("fp", False),
}

# Payoff-cell updates per chunk of iterations: progress and the cancel flag are seen that often.
_CELLS_PER_CHUNK = 1 << 22


def _curve_value(
    game: MatrixGame, column_fixed: bool, row: np.ndarray, column: np.ndarray
) -> float:
    """The exploitability curve's quantity: NashConv / 2 in self-play; against a fixed column
    mix, what the row player forgoes (best-response value minus his average's value)."""
    if not column_fixed:
        return exploitability(game, row, column)
    values = game.row_payoffs @ column
    return float(max(0.0, values.max() - row @ values))


@njit(cache=True)
def _regret_matching_steps(
    row_payoffs: np.ndarray,
    column_payoffs: np.ndarray,
    row_regrets: np.ndarray,
    column_regrets: np.ndarray,
    row_sum: np.ndarray,
    column_sum: np.ndarray,
    fixed_column: np.ndarray,
    first: int,
    last: int,
    plus: bool,
) -> None:
    """Iterations ``first..last`` (1-based) of regret matching, updating the arrays in place.

    Vanilla (``plus`` False): simultaneous updates, uniform average. Regret matching+ (the
    matrix-game case of CFR+): regrets floored at 0, alternating updates (the column player
    answers the row player's updated strategy), average weighted by the iteration number.
    An empty ``fixed_column`` means both players learn; otherwise the column player always
    plays that mix and only the row player learns.
    """
    rows, columns = row_payoffs.shape
    learn_column = fixed_column.size == 0
    row_mix = np.empty(rows)
    column_mix = np.empty(columns)
    row_values = np.empty(rows)
    column_values = np.empty(columns)
    if not learn_column:
        column_mix[:] = fixed_column
    for t in range(first, last + 1):
        weight = float(t) if plus else 1.0
        match_regrets(row_regrets, 0, rows, row_mix)
        if learn_column:
            match_regrets(column_regrets, 0, columns, column_mix)
        for i in range(rows):
            total = 0.0
            for j in range(columns):
                total += row_payoffs[i, j] * column_mix[j]
            row_values[i] = total
        add_regrets(row_regrets, 0, rows, row_values, row_mix, plus)
        for i in range(rows):
            row_sum[i] += weight * row_mix[i]
        if learn_column:
            if plus:
                match_regrets(row_regrets, 0, rows, row_mix)
            for j in range(columns):
                total = 0.0
                for i in range(rows):
                    total += row_mix[i] * column_payoffs[i, j]
                column_values[j] = total
            add_regrets(column_regrets, 0, columns, column_values, column_mix, plus)
            for j in range(columns):
                column_sum[j] += weight * column_mix[j]


@njit(cache=True)
def _random_argmax(values: np.ndarray, rng: np.ndarray) -> int:
    """Index of the largest value; ties (within rounding) broken uniformly at random (reservoir
    sampling: the k-th tie replaces the choice with probability 1/k)."""
    best = values.max()
    tolerance = 1e-9 * (1.0 + abs(best))
    chosen = 0
    ties = 0
    for a in range(values.size):
        if values[a] >= best - tolerance:
            ties += 1
            if random_below(rng, ties) == 0:
                chosen = a
    return chosen


@njit(cache=True)
def _fictitious_play_steps(
    row_payoffs: np.ndarray,
    column_payoffs: np.ndarray,
    row_counts: np.ndarray,
    column_counts: np.ndarray,
    row_values: np.ndarray,
    column_values: np.ndarray,
    learn_column: bool,
    first: int,
    last: int,
    rng: np.ndarray,
) -> None:
    """Iterations ``first..last`` of simultaneous fictitious play, in place.

    ``row_values[i]`` is the row player's total payoff of action ``i`` against the column
    player's past plays (against the fixed mix when the column player does not learn, which
    the caller then sets once); ``column_values`` likewise. Each player best-responds to the
    other's empirical mix; ``*_counts`` count the plays.
    """
    rows, columns = row_payoffs.shape
    for _ in range(first, last + 1):
        row_action = _random_argmax(row_values, rng)
        row_counts[row_action] += 1.0
        if learn_column:
            column_action = _random_argmax(column_values, rng)
            column_counts[column_action] += 1.0
            for i in range(rows):
                row_values[i] += row_payoffs[i, column_action]
            for j in range(columns):
                column_values[j] += column_payoffs[row_action, j]


@dataclass
class MatrixRun:
    """What an iterative run produced.

    ``exploitability`` holds ``(iteration, value)`` at every power of two and at the last
    iteration: NashConv / 2 of the average profile in self-play, or, against a fixed opponent,
    the row player's shortfall from a best response (BR value − value of the average strategy).
    """

    algorithm: str
    iterations: int
    row_strategy: np.ndarray
    column_strategy: np.ndarray
    exploitability: list[tuple[int, float]]
    cancelled: bool = False



def _drive(
    iterations: int,
    cells: int,
    advance: Callable[[int, int], None],
    measure: Callable[[], float],
    progress: ProgressCallback | None,
    cancel: CancelFlag | None,
) -> tuple[int, list[tuple[int, float]], bool]:
    """Run ``advance(first, last)`` through :func:`~omahanash.runs.iterate`, in chunks that end
    at every checkpoint (each power of two and ``iterations``), where ``measure()`` is recorded.

    Chunks are at most ~4M payoff-cell updates long, so progress and the cancel flag are seen
    often. Returns (iterations done, curve, cancelled); a cancelled run measures where it
    stopped.
    """
    chunk = max(1, _CELLS_PER_CHUNK // cells)
    curve: list[tuple[int, float]] = []

    def step(done: int) -> int:
        checkpoint = min(1 << done.bit_length(), iterations)
        stop = min(checkpoint, done + chunk)
        advance(done + 1, stop)
        if stop == checkpoint:
            curve.append((stop, measure()))
        return stop - done

    # interval 0: the chunks already pace the reports.
    run = iterate(step, iterations, progress, cancel, interval=0.0)
    if run.cancelled and run.done and (not curve or curve[-1][0] != run.done):
        curve.append((run.done, measure()))
    return run.done, curve, run.cancelled


def _normalized(weights: np.ndarray) -> np.ndarray:
    """``weights`` scaled to sum to 1; uniform before anything was accumulated."""
    total = weights.sum()
    return weights / total if total > 0 else np.full(weights.size, 1 / weights.size)


def check_iterations(iterations: int) -> None:
    """InputError unless ``iterations`` is a whole number of at least 1."""
    if isinstance(iterations, bool) or not isinstance(iterations, int | np.integer):
        raise InputError(f"iterations must be a whole number, not {iterations!r}")
    if iterations < 1:
        raise InputError(f"iterations must be at least 1, not {iterations}")



def _fixed_mix(game: MatrixGame, opponent: Sequence[float] | None) -> np.ndarray | None:
    if opponent is None:
        return None
    try:
        mix = np.asarray([float(p) for p in opponent], dtype=np.float64)
    except (TypeError, ValueError):
        raise InputError(f"opponent mix {opponent!r} is not a list of probabilities") from None
    if mix.shape != (game.shape[1],) or (mix < 0).any() or abs(mix.sum() - 1) > 1e-9:
        raise InputError(
            f"opponent mix {mix.tolist()} is not a probability vector over "
            f"the {game.shape[1]} column actions"
        )
    return mix


def regret_matching(
    game: MatrixGame,
    iterations: int,
    *,
    plus: bool = False,
    opponent: Sequence[float] | None = None,
    progress: ProgressCallback | None = None,
    cancel: CancelFlag | None = None,
) -> MatrixRun:
    """Regret matching (``plus``: regret matching+, i.e. CFR+ on a matrix game).

    Self-play by default: the average profile converges to a Nash equilibrium of a zero-sum
    game (exploitability O(1/√T)). With ``opponent`` (a column mix) only the row player learns
    and its average converges to a best response.

    >>> from omahanash.games.matrix import parse_matrix_game
    >>> run = regret_matching(parse_matrix_game("rps"), 1000, opponent=[0.4, 0.3, 0.3])
    >>> int(run.row_strategy.argmax()), run.exploitability[-1][1] < 0.01
    (1, True)
    """
    check_iterations(iterations)
    fixed = _fixed_mix(game, opponent)
    row_payoffs, column_payoffs = game.row_payoffs, game.column_payoffs
    rows, columns = game.shape
    row_regrets, column_regrets = np.zeros(rows), np.zeros(columns)
    row_sum, column_sum = np.zeros(rows), np.zeros(columns)
    fixed_column = np.empty(0) if fixed is None else fixed

    def advance(first: int, last: int) -> None:
        _regret_matching_steps(
            row_payoffs, column_payoffs, row_regrets, column_regrets,
            row_sum, column_sum, fixed_column, first, last, plus,
        )  # fmt: skip

    def averages() -> tuple[np.ndarray, np.ndarray]:
        column = fixed if fixed is not None else _normalized(column_sum)
        return _normalized(row_sum), column

    def measure() -> float:
        return _curve_value(game, fixed is not None, *averages())

    done, curve, cancelled = _drive(iterations, rows * columns, advance, measure, progress, cancel)
    return MatrixRun("rm+" if plus else "rm", done, *averages(), curve, cancelled)


def fictitious_play(
    game: MatrixGame,
    iterations: int,
    *,
    opponent: Sequence[float] | None = None,
    seed: int | None = None,
    progress: ProgressCallback | None = None,
    cancel: CancelFlag | None = None,
) -> MatrixRun:
    """Simultaneous fictitious play: each round both best-respond to the other's empirical mix.

    The first round (nothing observed yet) is a uniformly random action; ties between best
    responses are broken at random with ``seed`` (``0 .. 2**64 - 1``; None: fresh entropy).
    The empirical mixes converge to an equilibrium in zero-sum games (Robinson 1951), slowly.

    >>> from omahanash.games.matrix import parse_matrix_game
    >>> run = fictitious_play(parse_matrix_game("matching-pennies"), 4096, seed=1)
    >>> [round(float(p), 1) for p in run.row_strategy], run.exploitability[-1][1] < 0.05
    ([0.5, 0.5], True)
    """
    check_iterations(iterations)
    fixed = _fixed_mix(game, opponent)
    row_payoffs, column_payoffs = game.row_payoffs, game.column_payoffs
    rows, columns = game.shape
    row_counts, column_counts = np.zeros(rows), np.zeros(columns)
    row_values = row_payoffs @ fixed if fixed is not None else np.zeros(rows)
    column_values = np.zeros(columns)
    rng = generator_state(seed)

    def advance(first: int, last: int) -> None:
        _fictitious_play_steps(
            row_payoffs, column_payoffs, row_counts, column_counts, row_values,
            column_values, fixed is None, first, last, rng,
        )  # fmt: skip

    def averages() -> tuple[np.ndarray, np.ndarray]:
        column = fixed if fixed is not None else _normalized(column_counts)
        return _normalized(row_counts), column

    def measure() -> float:
        return _curve_value(game, fixed is not None, *averages())

    done, curve, cancelled = _drive(iterations, rows * columns, advance, measure, progress, cancel)
    return MatrixRun("fp", done, *averages(), curve, cancelled)

