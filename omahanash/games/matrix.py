"""Two-player matrix games: typed payoffs, regret matching, fictitious play, exact solutions.

A matrix game has a row player (player 0, ``m`` actions) and a column player (player 1, ``n``
actions); ``row_payoffs[i][j]`` and ``column_payoffs[i][j]`` are what each gets when row ``i``
meets column ``j``.

Notation (what :func:`parse_matrix_game` reads):

* **zero-sum**: the row player's payoffs, rows separated by ``;`` (or new lines), entries by
  ``,`` (or spaces): ``0,-1,1;1,0,-1;-1,1,0`` is rock-paper-scissors; the column player gets
  the negative;
* **general-sum**: every entry is ``row/column``: ``3/3,0/5;5/0,1/1`` is the prisoner's dilemma
  (``5/0``: the row player gets 5, the column player 0);
* **presets** by name: ``rps`` (rock, paper, scissors), ``prisoners-dilemma`` (cooperate, defect;
  seed 004 names the game but gives no numbers, so the standard Axelrod payoffs 3/3, 0/5, 5/0,
  1/1 are used), ``matching-pennies``, ``battle-of-the-sexes`` (opera/football, 2/1 and 1/2).

Payoffs are decimal numbers (``3``, ``-1``, ``0.25``, ``1e3``) and are kept as exact fractions,
so the exact solvers (:func:`solve_zero_sum`, :func:`nash_equilibria`) answer in rationals.
Actions of a typed matrix are named by their 0-based index (``"0"``, ``"1"``, ...), as in seed 002.

Seed 002 numbers rock-paper-scissors as 0 = scissors, 1 = rock, 2 = paper; the preset uses the
order of its name (rock, paper, scissors). Both orders give the same matrix, so the seed's
exercise (opponent mix ``0.4,0.3,0.3``) has the same answer by index: action 1 (the seed's
"rock", our "paper"), worth 0.4·1 + 0.3·0 + 0.3·(−1) = 0.1.

Exploitability is NashConv / 2 = (gain of player 0 from a best response + gain of player 1) / 2,
which for a zero-sum game is (BR₀(σ₁) + BR₁(σ₀)) / 2, the project's quantity everywhere.

>>> game = parse_matrix_game("prisoners-dilemma")
>>> [(e.row_strategy, e.column_strategy) for e in nash_equilibria(game)]
[((Fraction(0, 1), Fraction(1, 1)), (Fraction(0, 1), Fraction(1, 1)))]
>>> solve_zero_sum(parse_matrix_game("rps")).value
Fraction(0, 1)
"""

from __future__ import annotations

import math
import re
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from fractions import Fraction
from itertools import combinations
from typing import Any

import numpy as np
from numba import njit

from omahanash.errors import InputError
from omahanash.runs import CancelFlag

ProgressCallback = Callable[[float, float], None]

#: Largest number of actions per player the iterative algorithms accept.
MAX_ACTIONS = 1000
#: Largest payoff magnitude accepted (keeps the float kernels and exact fractions sane).
MAX_PAYOFF = 1e12
#: Zero-sum games with at most this many actions per player are solved exactly by the simplex.
EXACT_LP_MAX_ACTIONS = 30
#: General-sum games are solved by support enumeration when the number of support pairs
#: (C(m + n, m) - 1) is at most this.
MAX_SUPPORT_PAIRS = 3000

# Presets: name -> (payoff text in the notation above, row action names, column action names).
PRESETS: dict[str, tuple[str, tuple[str, ...], tuple[str, ...]]] = {
    "rps": ("0,-1,1;1,0,-1;-1,1,0", ("rock", "paper", "scissors"), ("rock", "paper", "scissors")),
    "prisoners-dilemma": ("3/3,0/5;5/0,1/1", ("cooperate", "defect"), ("cooperate", "defect")),
    "matching-pennies": ("1,-1;-1,1", ("heads", "tails"), ("heads", "tails")),
    "battle-of-the-sexes": ("2/1,0/0;0/0,1/2", ("opera", "football"), ("opera", "football")),
}
PRESET_ALIASES = {
    "rock-paper-scissors": "rps",
    "roshambo": "rps",
    "pd": "prisoners-dilemma",
    "prisoner's-dilemma": "prisoners-dilemma",
    "prisoners'-dilemma": "prisoners-dilemma",
    "prisoner-dilemma": "prisoners-dilemma",
    "pennies": "matching-pennies",
    "bos": "battle-of-the-sexes",
}

# Algorithm names accepted by run_matrix -> (kernel, regret matching+?).
ALGORITHMS = {
    "rm": ("rm", False),
    "cfr": ("rm", False),
    "rm+": ("rm", True),
    "cfr+": ("rm", True),
    "fp": ("fp", False),
}

_NUMBER = re.compile(r"[+-]?(?:\d+(?:\.\d*)?|\.\d+)(?:[eE][+-]?\d{1,3})?")
_FRACTION = re.compile(r"\d+/\d+")
_ROW_SEPARATOR = re.compile(r"\s*;\s*|\s*\n\s*")
_ENTRY_SEPARATOR = re.compile(r"\s*,\s*|\s+")


# ----------------------------------------------------------------------------------- the game


@dataclass(frozen=True)
class MatrixGame:
    """A two-player game in normal form, payoffs kept as exact fractions.

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


def _parse_payoff(token: str, where: str) -> Fraction:
    if not _NUMBER.fullmatch(token):
        raise InputError(f"bad payoff {token!r} {where}: expected a number like 3, -1 or 0.5")
    value = Fraction(token)
    if abs(value) > MAX_PAYOFF:
        raise InputError(f"payoff {token!r} {where} is too large (at most {MAX_PAYOFF:g})")
    return value


def parse_matrix_game(text: str) -> MatrixGame:
    """Read a preset name or a typed payoff matrix (notation in the module docstring).

    Raises :class:`~omahanash.errors.InputError` naming the bad token for empty text, a
    non-number, ragged rows, or a matrix mixing one-payoff and ``row/column`` entries.

    >>> parse_matrix_game("rps").row_actions
    ('rock', 'paper', 'scissors')
    >>> parse_matrix_game("1, 2 ; 3, 4").exact_column_payoffs
    ((Fraction(-1, 1), Fraction(-2, 1)), (Fraction(-3, 1), Fraction(-4, 1)))
    >>> parse_matrix_game("1,2;3")
    Traceback (most recent call last):
    ...
    omahanash.errors.InputError: row 2 ('3') has 1 entry but row 1 has 2: every row needs the same number of entries
    """  # noqa: E501
    if not isinstance(text, str):
        raise InputError(f"payoff matrix must be text, not {type(text).__name__}")
    stripped = text.strip().replace("\u2212", "-")  # a typographic minus is still a minus
    if not stripped:
        raise InputError(
            "empty payoff matrix: type rows separated by ';' and entries by ',' "
            "(like 0,-1,1;1,0,-1;-1,1,0), or a preset: " + ", ".join(PRESETS)
        )
    key = re.sub(r"[\s_]+", "-", stripped.lower())
    key = PRESET_ALIASES.get(key, key)
    if key in PRESETS:
        payoff_text, row_names, column_names = PRESETS[key]
        game = parse_matrix_game(payoff_text)
        return MatrixGame(
            game.exact_row_payoffs, game.exact_column_payoffs, row_names, column_names, key
        )

    stripped = re.sub(r"\s*/\s*", "/", stripped)
    row_texts = _ROW_SEPARATOR.split(stripped)
    general_sum = "/" in stripped
    row_payoffs: list[tuple[Fraction, ...]] = []
    column_payoffs: list[tuple[Fraction, ...]] = []
    for r, row_text in enumerate(row_texts, start=1):
        if not row_text:
            raise InputError(f"row {r} of the payoff matrix is empty (two ';' in a row?)")
        tokens = _ENTRY_SEPARATOR.split(row_text)
        if row_payoffs and len(tokens) != len(row_payoffs[0]):
            raise InputError(
                f"row {r} ({row_text!r}) has {len(tokens)} entr{'y' if len(tokens) == 1 else 'ies'}"
                f" but row 1 has {len(row_payoffs[0])}: every row needs the same number of entries"
            )
        row: list[Fraction] = []
        column: list[Fraction] = []
        for c, token in enumerate(tokens, start=1):
            where = f"(row {r}, entry {c})"
            if not token:
                raise InputError(f"empty entry {where} of the payoff matrix (two ',' in a row?)")
            if general_sum:
                parts = token.split("/")
                if len(parts) != 2:
                    raise InputError(
                        f"bad entry {token!r} {where}: in a two-payoff matrix every entry is "
                        "row/column, like 3/3 (row player 3, column player 3)"
                    )
                row.append(_parse_payoff(parts[0], where))
                column.append(_parse_payoff(parts[1], where))
            else:
                value = _parse_payoff(token, where)
                row.append(value)
                column.append(-value)
        row_payoffs.append(tuple(row))
        column_payoffs.append(tuple(column))
    rows, columns = len(row_payoffs), len(row_payoffs[0])
    if rows > MAX_ACTIONS or columns > MAX_ACTIONS:
        raise InputError(
            f"payoff matrix is {rows}×{columns}; at most {MAX_ACTIONS} actions per player"
        )
    return MatrixGame(
        tuple(row_payoffs),
        tuple(column_payoffs),
        tuple(str(i) for i in range(rows)),
        tuple(str(j) for j in range(columns)),
    )


def parse_mix(text: str, size: int) -> tuple[Fraction, ...]:
    """Read a mixed strategy like ``0.4,0.3,0.3`` (fractions like ``1/3`` are fine too).

    Probabilities must be non-negative, ``size`` of them, and sum to 1 within 1e-9; they are
    then rescaled to sum to exactly 1.

    >>> parse_mix("0.4, 0.3, 0.3", 3)
    (Fraction(2, 5), Fraction(3, 10), Fraction(3, 10))
    >>> parse_mix("0.5,0.6", 2)
    Traceback (most recent call last):
    ...
    omahanash.errors.InputError: probabilities '0.5,0.6' sum to 1.1, not 1
    """
    if not isinstance(text, str) or not text.strip():
        raise InputError(f"empty mixed strategy: type {size} probabilities like 0.4,0.3,0.3")
    tokens = _ENTRY_SEPARATOR.split(text.strip())
    probabilities: list[Fraction] = []
    for token in tokens:
        if _FRACTION.fullmatch(token):
            numerator, denominator = token.split("/")
            if int(denominator) == 0:
                raise InputError(f"bad probability {token!r}: division by zero")
        elif not _NUMBER.fullmatch(token):
            raise InputError(f"bad probability {token!r}: expected a number like 0.4 or 1/3")
        probability = Fraction(token)
        if probability < 0:
            raise InputError(f"probability {token!r} is negative")
        probabilities.append(probability)
    if len(probabilities) != size:
        raise InputError(
            f"mixed strategy {text.strip()!r} has {len(probabilities)} probabilities; "
            f"the player has {size} actions"
        )
    total = sum(probabilities, Fraction(0))
    if abs(total - 1) > Fraction(1, 10**9):
        raise InputError(f"probabilities {text.strip()!r} sum to {float(total):g}, not 1")
    return tuple(p / total for p in probabilities)


# ----------------------------------------------------------------------------- evaluation


def expected_payoffs(
    game: MatrixGame, row_strategy: Sequence[float], column_strategy: Sequence[float]
) -> tuple[float, float]:
    """Expected payoffs ``(player 0, player 1)`` of a profile of mixed strategies.

    >>> rps = parse_matrix_game("rps")
    >>> [round(v, 12) for v in expected_payoffs(rps, [0, 1, 0], [0.4, 0.3, 0.3])]
    [0.1, -0.1]
    """
    row = np.asarray(row_strategy, dtype=np.float64)
    column = np.asarray(column_strategy, dtype=np.float64)
    return float(row @ game.row_payoffs @ column), float(row @ game.column_payoffs @ column)


def best_response(
    game: MatrixGame, column_strategy: Sequence[Fraction | float]
) -> tuple[int, Fraction | float]:
    """The row player's best pure reply to a column mix: ``(action index, its value)``.

    Exact when the mix is exact (fractions); ties go to the lowest index.

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


def exploitability(
    game: MatrixGame, row_strategy: Sequence[float], column_strategy: Sequence[float]
) -> float:
    """NashConv / 2: the mean of what each player gains by switching to a best response.

    For a zero-sum game this is (BR₀(σ₁) + BR₁(σ₀)) / 2, zero exactly at an equilibrium.

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


def _curve_value(
    game: MatrixGame, column_fixed: bool, row: np.ndarray, column: np.ndarray
) -> float:
    """The exploitability curve's quantity: NashConv / 2 in self-play; against a fixed column
    mix, what the row player forgoes (best-response value minus his average's value)."""
    if not column_fixed:
        return exploitability(game, row, column)
    values = game.row_payoffs @ column
    return float(max(0.0, values.max() - row @ values))


# ------------------------------------------------------------------------------ kernels


@njit(cache=True)
def _match_regrets(regrets: np.ndarray, out: np.ndarray) -> None:
    """Regret matching: play in proportion to positive regret (uniform when there is none)."""
    total = 0.0
    for a in range(regrets.size):
        if regrets[a] > 0.0:
            total += regrets[a]
    scale = 1.0 / total if total > 0.0 else 0.0
    for a in range(regrets.size):
        out[a] = regrets[a] * scale if regrets[a] > 0.0 else 0.0
    if total <= 0.0:
        out[:] = 1.0 / regrets.size


@njit(cache=True)
def _add_regrets(regrets: np.ndarray, values: np.ndarray, mix: np.ndarray, plus: bool) -> None:
    expected = 0.0
    for a in range(values.size):
        expected += values[a] * mix[a]
    for a in range(values.size):
        regrets[a] += values[a] - expected
        if plus and regrets[a] < 0.0:
            regrets[a] = 0.0


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
        _match_regrets(row_regrets, row_mix)
        if learn_column:
            _match_regrets(column_regrets, column_mix)
        for i in range(rows):
            total = 0.0
            for j in range(columns):
                total += row_payoffs[i, j] * column_mix[j]
            row_values[i] = total
        _add_regrets(row_regrets, row_values, row_mix, plus)
        for i in range(rows):
            row_sum[i] += weight * row_mix[i]
        if learn_column:
            if plus:
                _match_regrets(row_regrets, row_mix)
            for j in range(columns):
                total = 0.0
                for i in range(rows):
                    total += row_mix[i] * column_payoffs[i, j]
                column_values[j] = total
            _add_regrets(column_regrets, column_values, column_mix, plus)
            for j in range(columns):
                column_sum[j] += weight * column_mix[j]


@njit(cache=True)
def _next_random(state: np.ndarray) -> np.uint64:
    """xorshift64*: a tiny seeded generator whose state (one uint64) lives in ``state``."""
    x = state[0]
    x ^= x >> np.uint64(12)
    x ^= x << np.uint64(25)
    x ^= x >> np.uint64(27)
    state[0] = x
    return (x * np.uint64(2685821657736338717)) >> np.uint64(11)


@njit(cache=True)
def _random_argmax(values: np.ndarray, state: np.ndarray) -> int:
    """Index of the largest value; ties (within rounding) broken uniformly at random."""
    best = values.max()
    tolerance = 1e-9 * (1.0 + abs(best))
    chosen = 0
    ties = 0
    for a in range(values.size):
        if values[a] >= best - tolerance:
            ties += 1
            if _next_random(state) % np.uint64(ties) == np.uint64(0):
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
    rng_state: np.ndarray,
) -> None:
    """Iterations ``first..last`` of simultaneous fictitious play, in place.

    ``row_values[i]`` is the row player's total payoff of action ``i`` against the column
    player's past plays (against the fixed mix when the column player does not learn, which
    the caller then sets once); ``column_values`` likewise. Each player best-responds to the
    other's empirical mix; ``*_counts`` count the plays.
    """
    rows, columns = row_payoffs.shape
    for _ in range(first, last + 1):
        row_action = _random_argmax(row_values, rng_state)
        row_counts[row_action] += 1.0
        if learn_column:
            column_action = _random_argmax(column_values, rng_state)
            column_counts[column_action] += 1.0
            for i in range(rows):
                row_values[i] += row_payoffs[i, column_action]
            for j in range(columns):
                column_values[j] += column_payoffs[row_action, j]


# --------------------------------------------------------------------------- the runners


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


def _checkpoints(iterations: int) -> list[int]:
    """Every power of two up to ``iterations``, and ``iterations`` itself."""
    points = [1 << k for k in range(iterations.bit_length()) if 1 << k <= iterations]
    if points[-1] != iterations:
        points.append(iterations)
    return points


def _drive(
    iterations: int,
    cells: int,
    advance: Callable[[int, int], None],
    measure: Callable[[], float],
    progress: ProgressCallback | None,
    cancel: CancelFlag | None,
) -> tuple[int, list[tuple[int, float]], bool]:
    """Run ``advance(first, last)`` in chunks, measuring at the checkpoints.

    Chunks end at every checkpoint and are at most ~4M payoff-cell updates long, so progress
    and the cancel flag are seen often. Returns (iterations done, curve, cancelled).
    """
    checkpoints = _checkpoints(iterations)
    chunk = max(1, (1 << 22) // cells)
    curve: list[tuple[int, float]] = []
    done = 0
    for checkpoint in checkpoints:
        while done < checkpoint:
            if cancel is not None and cancel.cancelled:
                if done and (not curve or curve[-1][0] != done):
                    curve.append((done, measure()))
                return done, curve, True
            stop = min(checkpoint, done + chunk)
            advance(done + 1, stop)
            done = stop
            if progress is not None:
                progress(done, iterations)
        curve.append((done, measure()))
    return done, curve, False


def _normalized(weights: np.ndarray) -> np.ndarray:
    """``weights`` scaled to sum to 1; uniform before anything was accumulated."""
    total = weights.sum()
    return weights / total if total > 0 else np.full(weights.size, 1 / weights.size)


def _check_iterations(iterations: int) -> None:
    if isinstance(iterations, bool) or not isinstance(iterations, int | np.integer):
        raise InputError(f"iterations must be a whole number, not {iterations!r}")
    if iterations < 1:
        raise InputError(f"iterations must be at least 1, not {iterations}")


def _fixed_mix(game: MatrixGame, opponent: Sequence[float] | None) -> np.ndarray | None:
    if opponent is None:
        return None
    mix = np.asarray([float(p) for p in opponent], dtype=np.float64)
    if mix.shape != (game.shape[1],) or (mix < 0).any() or abs(mix.sum() - 1) > 1e-9:
        raise InputError(
            f"opponent mix {list(map(float, opponent))} is not a probability vector over "
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

    >>> run = regret_matching(parse_matrix_game("rps"), 1000, opponent=[0.4, 0.3, 0.3])
    >>> int(run.row_strategy.argmax()), run.exploitability[-1][1] < 0.01
    (1, True)
    """
    _check_iterations(iterations)
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
    responses are broken at random with ``seed`` (None: fresh entropy). The empirical mixes
    converge to an equilibrium in zero-sum games (Robinson 1951), slowly.

    >>> run = fictitious_play(parse_matrix_game("matching-pennies"), 4096, seed=1)
    >>> [round(float(p), 1) for p in run.row_strategy], run.exploitability[-1][1] < 0.05
    ([0.5, 0.5], True)
    """
    _check_iterations(iterations)
    fixed = _fixed_mix(game, opponent)
    row_payoffs, column_payoffs = game.row_payoffs, game.column_payoffs
    rows, columns = game.shape
    row_counts, column_counts = np.zeros(rows), np.zeros(columns)
    row_values = row_payoffs @ fixed if fixed is not None else np.zeros(rows)
    column_values = np.zeros(columns)
    rng_state = np.random.SeedSequence(seed).generate_state(1, dtype=np.uint64) | np.uint64(1)

    def advance(first: int, last: int) -> None:
        _fictitious_play_steps(
            row_payoffs, column_payoffs, row_counts, column_counts, row_values,
            column_values, fixed is None, first, last, rng_state,
        )  # fmt: skip

    def averages() -> tuple[np.ndarray, np.ndarray]:
        column = fixed if fixed is not None else _normalized(column_counts)
        return _normalized(row_counts), column

    def measure() -> float:
        return _curve_value(game, fixed is not None, *averages())

    done, curve, cancelled = _drive(iterations, rows * columns, advance, measure, progress, cancel)
    return MatrixRun("fp", done, *averages(), curve, cancelled)


# -------------------------------------------------------------------------- exact solving


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


# ------------------------------------------------------------------------------- the CLI


def _normalize_algorithm(algorithm: str) -> tuple[str, bool]:
    key = str(algorithm).strip().lower()
    if key not in ALGORITHMS:
        known = ", ".join(ALGORITHMS)
        raise InputError(f"unknown matrix-game algorithm {algorithm!r} (expected one of: {known})")
    return ALGORITHMS[key]


def run_matrix(
    payoff: str,
    algorithm: str,
    iterations: int,
    opponent: str | None = None,
    seed: int | None = None,
    *,
    progress: ProgressCallback | None = None,
    cancel: CancelFlag | None = None,
) -> dict[str, Any]:
    """Solve a typed matrix game iteratively (and exactly when small); a JSON-ready dict.

    ``payoff``: a preset name or a matrix (module docstring). ``algorithm``: ``rm`` / ``cfr``
    (regret matching), ``cfr+`` / ``rm+`` (regret matching+), ``fp`` (fictitious play; the only
    one that uses ``seed``, for tie-breaking). ``opponent``: a column mix like ``0.4,0.3,0.3``;
    then only the row player learns, ``exploitability`` is his shortfall from a best response,
    and ``best_response`` (action name), ``best_response_index`` and ``best_response_value``
    (exact best reply to the mix, lowest index on ties) are added.

    Keys: ``game``, ``algorithm``, ``iterations``, ``infosets`` (rows + columns, the contract
    of ``omahanash cfr``), ``actions`` (names), ``exploitability`` (``[[1, x], [2, x], [4, x],
    ..., [N, x]]``), ``values`` (expected payoffs of the average profile), ``strategies``
    (average mixes); ``value`` (zero-sum, exact) and ``equilibria`` (zero-sum: one optimal
    pair from the LP; general-sum: all, by support enumeration) when the game is small enough;
    ``cancelled: true`` if ``cancel`` stopped the run early (then ``iterations`` is what ran).

    >>> result = run_matrix("rps", "cfr", 1000, opponent="0.4,0.3,0.3")
    >>> result["best_response"], result["best_response_value"], result["value"]
    ('paper', 0.1, 0.0)
    """
    kind, plus = _normalize_algorithm(algorithm)
    _check_iterations(iterations)
    if seed is not None and (isinstance(seed, bool) or not isinstance(seed, int) or seed < 0):
        raise InputError(f"seed must be a non-negative whole number, not {seed!r}")
    game = parse_matrix_game(payoff)
    rows, columns = game.shape
    exact_mix = None if opponent is None else parse_mix(opponent, columns)
    mix = None if exact_mix is None else [float(p) for p in exact_mix]
    if kind == "fp":
        run = fictitious_play(
            game, iterations, opponent=mix, seed=seed, progress=progress, cancel=cancel
        )
    else:
        run = regret_matching(
            game, iterations, plus=plus, opponent=mix, progress=progress, cancel=cancel
        )
    result: dict[str, Any] = {
        "game": "matrix",
        "algorithm": str(algorithm).strip().lower(),
        "iterations": run.iterations,
        "infosets": rows + columns,
        "actions": [list(game.row_actions), list(game.column_actions)],
        "exploitability": [[t, x] for t, x in run.exploitability],
        "values": list(expected_payoffs(game, run.row_strategy, run.column_strategy)),
        "strategies": [run.row_strategy.tolist(), run.column_strategy.tolist()],
    }
    if game.is_zero_sum:
        if max(rows, columns) <= EXACT_LP_MAX_ACTIONS:
            solution = solve_zero_sum(game)
            result["value"] = float(solution.value)
            result["equilibria"] = [
                Equilibrium(
                    solution.row_strategy, solution.column_strategy,
                    (solution.value, -solution.value),
                ).to_json()
            ]  # fmt: skip
    elif support_pair_count(rows, columns) <= MAX_SUPPORT_PAIRS:
        result["equilibria"] = [e.to_json() for e in nash_equilibria(game)]
    if exact_mix is not None:
        action, value = best_response(game, exact_mix)
        result["best_response"] = game.row_actions[action]
        result["best_response_index"] = action
        result["best_response_value"] = float(value)
    if run.cancelled:
        result["cancelled"] = True
    return result
