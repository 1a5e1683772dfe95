"""Learning a matrix game by playing it: regret matching (and regret matching+) and fictitious
play, as numba kernels behind the one solver protocol (:class:`MatrixSolver`, rows of
:data:`ALGORITHMS`) driven by :func:`omahanash.solving.run`.

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

import math
import os
import warnings
from collections.abc import Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import overload

import numpy as np
from numba import njit

from omahanash.errors import InputError
from omahanash.games.matrix.game import MatrixGame, expected_payoffs, exploitability
from omahanash.regret import add_regrets, match_regrets
from omahanash.rng import generator_state, random_below
from omahanash.runs import CancelFlag, ProgressCallback
from omahanash.savefile import FileKind, read, write
from omahanash.solving import (
    MAX_RUN_ITERATIONS,
    REGISTRY,
    Outcome,
    Report,
    Result,
    TabularPolicy,
    check_run_iterations,
    result_of,
    run,
)

#: A matrix-game run saved to go on from (:meth:`MatrixSolver.save`).
MATRIX_RUN = FileKind(
    "matrix-run", 1, "omahanash matrix-game learning run",
    meta_types=(("algorithm", str), ("class", str), ("iterations", int), ("curve", list),
                ("shape", list)))


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
    ``cancelled``: a cancel flag stopped it (the :class:`~omahanash.solving.Outcome`'s
    ``stopped``); ``iterations`` is then what ran.
    """

    algorithm: str
    iterations: int
    row_strategy: np.ndarray
    column_strategy: np.ndarray
    exploitability: list[tuple[int, float]]
    cancelled: bool = False
    outcome: Outcome | None = field(default=None, repr=False, compare=False)


def _normalized(weights: np.ndarray) -> np.ndarray:
    """``weights`` scaled to sum to 1; uniform before anything was accumulated."""
    total = weights.sum()
    return weights / total if total > 0 else np.full(weights.size, 1 / weights.size)


def check_iterations(iterations: int) -> None:
    """InputError unless ``iterations`` is a whole number from 1 to
    :data:`~omahanash.solving.MAX_RUN_ITERATIONS`."""
    if isinstance(iterations, bool) or not isinstance(iterations, int | np.integer):
        raise InputError(f"iterations must be a whole number, not {iterations!r}")
    if iterations < 1:
        raise InputError(f"iterations must be at least 1, not {iterations}")
    check_run_iterations(iterations)


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


class MatrixSolver:
    """Learning a matrix game as a :class:`omahanash.solving.Solver`. Subclasses advance
    ``iterations first..last`` (:meth:`_advance`) and give the average mixes
    (:meth:`averages`); ``step(n)`` records the exploitability curve at every power of two,
    ``report()`` adds the point of the current iteration (figures: ``value_row``,
    ``value_column``, the average profile's payoffs) and ``average_policy()`` has rows
    ``row`` and ``column`` (the union of the action names as columns). ``opponent`` (a column
    mix) fixes the column player; then only the row player learns and the curve is his
    shortfall from a best response.
    """

    name = ""
    #: The curve is recorded at powers of two: a report only at the end (or at a target).
    report_every = MAX_RUN_ITERATIONS
    #: The attributes (numpy arrays) that hold the run's state: what :meth:`save` keeps.
    state_names: tuple[str, ...] = ()

    def __init__(self, game: MatrixGame, *, plus: bool = False,
                 opponent: Sequence[float] | None = None, seed: int | None = None) -> None:
        # Every solver of the registry takes the same keywords (``plus`` and ``seed`` are
        # for the solvers that use them).
        self.game = game
        self.fixed = _fixed_mix(game, opponent)
        self.iterations = 0
        self.curve: list[tuple[int, float]] = []

    @classmethod
    def from_problem(cls, problem: MatrixGame, **options: object) -> MatrixSolver:
        """A fresh run on a matrix game (the registry's ``create``: the row's options, such
        as ``plus``, and ``opponent``, ``seed``)."""
        return cls(problem, **options)  # type: ignore[arg-type]

    def _advance(self, first: int, last: int) -> None:
        raise NotImplementedError

    def averages(self) -> tuple[np.ndarray, np.ndarray]:
        raise NotImplementedError

    def _measure(self) -> None:
        if self.iterations and (not self.curve or self.curve[-1][0] != self.iterations):
            self.curve.append((self.iterations,
                               _curve_value(self.game, self.fixed is not None, *self.averages())))

    def step(self, n: int) -> None:
        done = 0
        while done < n:
            reached = self.iterations
            count = min(n - done, (1 << reached.bit_length()) - reached)
            self._advance(reached + 1, reached + count)
            self.iterations = reached + count
            if self.iterations & (self.iterations - 1) == 0:
                self._measure()
            done += count

    def report(self) -> Report:
        if self.iterations == 0:
            return Report(0, math.inf, {})
        self._measure()
        values = expected_payoffs(self.game, *self.averages())
        # the curve's value is NashConv / 2 (against a fixed column: the row's shortfall, a
        # NashConv of that player alone, counted per player the same way)
        return Report(self.iterations, 2.0 * self.curve[-1][1],
                      {"value_row": float(values[0]), "value_column": float(values[1])})

    def average_policy(self) -> TabularPolicy:
        row, column = self.averages()
        names = list(dict.fromkeys([*self.game.row_actions, *self.game.column_actions]))
        table = np.zeros((2, len(names)))
        legal = np.zeros(table.shape, dtype=bool)
        for r, (actions, mix) in enumerate(((self.game.row_actions, row),
                                            (self.game.column_actions, column))):
            for name, p in zip(actions, mix, strict=True):
                table[r, names.index(name)] = p
                legal[r, names.index(name)] = True
        return TabularPolicy(("row", "column"), tuple(names), table, legal)

    def save(self, path: str | os.PathLike) -> Path:
        """Write the run (its state arrays, iterations and curve) atomically, to go on from
        with :meth:`load`."""
        meta = {"algorithm": self.name, "class": type(self).__name__,
                "iterations": self.iterations, "curve": [list(p) for p in self.curve],
                "shape": list(self.game.shape),
                "opponent": None if self.fixed is None else self.fixed.tolist()}
        try:
            return write(path, MATRIX_RUN, meta,
                         {name: getattr(self, name) for name in self.state_names})
        except OSError as exc:
            raise InputError(f"cannot write {path}: {exc.strerror}") from None

    @classmethod
    def load(cls, path: str | os.PathLike, game: MatrixGame) -> MatrixSolver:
        """Reopen a run saved by :meth:`save` on its ``game`` (of the same shape)."""
        saved = read(path, MATRIX_RUN)
        meta = saved.meta
        solver_class = _CLASSES.get(str(meta["class"]))
        if solver_class is None or not issubclass(solver_class, cls):
            raise InputError(f"{path}: a run of {meta['class']}, not of {cls.__name__}")
        if list(game.shape) != list(meta["shape"]):
            raise InputError(f"{path}: a run on a {meta['shape'][0]}x{meta['shape'][1]} game, "
                             f"not on this {game.shape[0]}x{game.shape[1]} one")
        solver = solver_class(game, plus=meta["algorithm"] == "rm+",
                              opponent=meta["opponent"])
        for name in solver.state_names:
            array = saved.arrays[name]
            if array.shape != getattr(solver, name).shape:
                raise InputError(f"{path}: {name} of shape {array.shape}")
            getattr(solver, name)[...] = array
        solver.iterations = int(meta["iterations"])
        solver.curve = [(int(t), float(x)) for t, x in meta["curve"]]
        return solver

    def matrix_run(self, outcome: Outcome) -> MatrixRun:
        """The :class:`MatrixRun` of a finished :func:`~omahanash.solving.run`."""
        return MatrixRun(self.name, self.iterations, *self.averages(), list(self.curve),
                         outcome.stopped, outcome)

    @overload
    def result(self) -> Result: ...
    @overload
    def result(self, outcome: Outcome) -> MatrixRun: ...

    def result(self, outcome: Outcome | None = None) -> Result | MatrixRun:
        """The frozen :class:`~omahanash.solving.Result` now: the average policy
        (read-only), :meth:`report`, family ``matrix``, the learning rule's name and the
        matrix game as its ``spot``. (``result(outcome)``, the old way to make a run's
        :class:`MatrixRun`, still works with a :class:`DeprecationWarning`: it is
        :meth:`matrix_run`.)

        >>> from omahanash.games.matrix import parse_matrix_game
        >>> solver = FictitiousPlaySolver(parse_matrix_game("matching-pennies"), seed=1)
        >>> solver.step(16)
        >>> result = solver.result()
        >>> result.solver, result.iterations, result.policy.row("row")
        ('fp', 16, {'heads': 0.6875, 'tails': 0.3125})
        """
        if outcome is not None:
            warnings.warn("MatrixSolver.result(outcome) is deprecated: use matrix_run(outcome)",
                          DeprecationWarning, stacklevel=2)
            return self.matrix_run(outcome)
        return result_of(self, "matrix", self.name, self.game)


class RegretMatchingSolver(MatrixSolver):
    """Regret matching, or regret matching+ (``plus``: CFR+ on a matrix game)."""

    def __init__(self, game: MatrixGame, *, plus: bool = False,
                 opponent: Sequence[float] | None = None, seed: int | None = None) -> None:
        super().__init__(game, opponent=opponent)
        self.name = "rm+" if plus else "rm"
        self.plus = bool(plus)
        self.state_names = ("row_regrets", "column_regrets", "row_sum", "column_sum")
        rows, columns = game.shape
        self.row_regrets, self.column_regrets = np.zeros(rows), np.zeros(columns)
        self.row_sum, self.column_sum = np.zeros(rows), np.zeros(columns)
        self._fixed_column = np.empty(0) if self.fixed is None else self.fixed

    def _advance(self, first: int, last: int) -> None:
        _regret_matching_steps(
            self.game.row_payoffs, self.game.column_payoffs, self.row_regrets,
            self.column_regrets, self.row_sum, self.column_sum, self._fixed_column, first,
            last, self.plus,
        )  # fmt: skip

    def averages(self) -> tuple[np.ndarray, np.ndarray]:
        column = self.fixed if self.fixed is not None else _normalized(self.column_sum)
        return _normalized(self.row_sum), column


class FictitiousPlaySolver(MatrixSolver):
    """Simultaneous fictitious play, ties broken with ``seed`` (SplitMix64)."""

    name = "fp"
    state_names = ("row_counts", "column_counts", "row_values", "column_values", "rng")

    def __init__(self, game: MatrixGame, *, plus: bool = False,
                 opponent: Sequence[float] | None = None, seed: int | None = None) -> None:
        super().__init__(game, opponent=opponent)
        rows, columns = game.shape
        self.row_counts, self.column_counts = np.zeros(rows), np.zeros(columns)
        self.row_values = game.row_payoffs @ self.fixed if self.fixed is not None \
            else np.zeros(rows)
        self.column_values = np.zeros(columns)
        self.rng = generator_state(seed)

    def _advance(self, first: int, last: int) -> None:
        _fictitious_play_steps(
            self.game.row_payoffs, self.game.column_payoffs, self.row_counts,
            self.column_counts, self.row_values, self.column_values, self.fixed is None,
            first, last, self.rng,
        )  # fmt: skip

    def averages(self) -> tuple[np.ndarray, np.ndarray]:
        column = self.fixed if self.fixed is not None else _normalized(self.column_counts)
        return _normalized(self.row_counts), column


_CLASSES: dict[str, type[MatrixSolver]] = {
    cls.__name__: cls for cls in (RegretMatchingSolver, FictitiousPlaySolver)}
#: The matrix-game algorithms: name (aliases are rows too) -> (solver class, regret
#: matching+?), read from the one registry (``REGISTRY["matrix"]``). Adding a learning rule is
#: a :class:`MatrixSolver` subclass, an entry in ``_CLASSES`` and a registry row;
#: :func:`~omahanash.games.matrix.run_matrix` reads this table.
ALGORITHMS: dict[str, tuple[type[MatrixSolver], bool]] = {
    name: (_CLASSES[entry.solver.partition(":")[2]], bool(entry.options.get("plus", False)))
    for name, entry in REGISTRY["matrix"].items()}


def run_solver(
    solver: MatrixSolver,
    iterations: int,
    progress: ProgressCallback | None = None,
    cancel: CancelFlag | None = None,
) -> MatrixRun:
    """:func:`omahanash.solving.run` of ``solver`` for ``iterations``, with
    ``progress(done, total)`` at the start, after every step (about every 0.05 s) and where a
    cancel flag stopped it; the curve ends at the last iteration done."""
    check_iterations(iterations)
    outcome = run(solver, iterations=iterations, cancel=cancel, counter=progress)
    return solver.matrix_run(outcome)


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
    solver = RegretMatchingSolver(game, plus=plus, opponent=opponent)
    return run_solver(solver, iterations, progress, cancel)


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
    solver = FictitiousPlaySolver(game, opponent=opponent, seed=seed)
    return run_solver(solver, iterations, progress, cancel)
