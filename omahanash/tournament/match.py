"""A heads-up match end to end: strategies → per-hand outcomes → P(win), match length.

:func:`run_tournament` is what the command line and the app drive: it solves (or reads from
the cache) the Nash grid of every level a Nash player needs, builds the per-hand outcome
tables (:mod:`~omahanash.tournament.transitions`), then answers with the exact chain
(:mod:`~omahanash.tournament.markov`), the simulator (:mod:`~omahanash.tournament.simulate`)
or both. ``progress(done, total)`` runs once from 0 to 1000 over the phases; a set ``cancel``
raises :class:`~omahanash.errors.Cancelled` at the next check.

>>> from omahanash.tournament.structure import Structure
>>> result = run_tournament("holdem", Structure.fixed(400, sb=5, bb=10), (200, 200),
...                         p1="100%", p2="100%", persist=False)
>>> round(result.p_win, 6), result.method, [round(v, 6) for v in result.curve[8]]
(0.5, 'markov', [0.1, 0.1])
"""

from __future__ import annotations

import math
import os
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field

import numpy as np

from omahanash.cards import Variant
from omahanash.equity.tables import load_table
from omahanash.errors import Cancelled, InputError
from omahanash.jamfold.game import JamFoldGame, JamFoldParams
from omahanash.rng import check_seed
from omahanash.runs import CancelFlag, ProgressCallback
from omahanash.tournament.markov import (
    OutcomeTables,
    length_distribution,
    quantile,
    solve_chain,
)
from omahanash.tournament.nash_grid import DEFAULT_MAX_BB, NashGrid, solve_grid
from omahanash.tournament.simulate import simulate_matches
from omahanash.tournament.strategies import Strategy, parse_strategy
from omahanash.tournament.structure import Level, Structure
from omahanash.tournament.transitions import DEFAULT_SAMPLES, OUTCOMES, hand_outcomes

METHODS = ("markov", "simulate", "both")
DEFAULT_TRIALS = 100_000
#: Most simulated matches (README "Heads-up tournaments"); they run in kernel calls of at
#: most BATCH_TRIALS matches, so memory stays flat and Ctrl-C stops between two calls.
MAX_TRIALS = 1_000_000_000
BATCH_TRIALS = 1_000_000
QUANTILES = (50, 90, 99)
CURVE_POINTS = 200  # the chain's curve keeps at most about this many chip counts
SIMULATED_SHARES = 10  # the simulator's curve: chip shares 0, 1/10, ..., 1


@dataclass(frozen=True)
class MethodResult:
    """One method's answer for player 1. ``hands_pmf[n]`` = P(the match lasts ``n`` hands)
    (the chain's, truncated at a 1e-7 tail, or the simulated frequencies); standard errors
    are 0 for the chain, which is exact given the per-hand outcome probabilities."""

    method: str
    p_win: float
    p_win_stderr: float
    expected_hands: float
    expected_hands_stderr: float
    hands_quantiles: dict[str, int | None]
    p_one_hand: float
    p_one_hand_stderr: float
    curve: list[tuple[float, float]]
    hands_pmf: np.ndarray = field(repr=False)

    def as_dict(self) -> dict:
        """The CLI's JSON object (finite numbers only)."""
        return {"p_win": self.p_win, "p_win_stderr": self.p_win_stderr,
                "expected_hands": self.expected_hands,
                "expected_hands_stderr": self.expected_hands_stderr,
                "hands_quantiles": dict(self.hands_quantiles),
                "p_one_hand": self.p_one_hand, "p_one_hand_stderr": self.p_one_hand_stderr,
                "curve": [[share, p] for share, p in self.curve], "method": self.method}


@dataclass(frozen=True)
class TournamentResult:
    """The answer of :func:`run_tournament`: ``main`` (the chain's with ``both``), and each
    method's own; ``share_stderr`` the largest standard error of a sampled split fraction."""

    game: Variant
    method: str
    main: MethodResult
    markov: MethodResult | None
    simulate: MethodResult | None
    share_stderr: float
    tables: OutcomeTables = field(repr=False)

    @property
    def p_win(self) -> float:
        return self.main.p_win

    @property
    def curve(self) -> list[tuple[float, float]]:
        return self.main.curve

    def as_dict(self) -> dict:
        """``{"game", "p_win", …, "method"}`` and, for ``both``, ``"markov"`` and
        ``"simulate"`` objects of the same shape."""
        document = {"game": str(self.game), **self.main.as_dict(), "method": self.method,
                    "share_stderr": self.share_stderr}
        if self.method == "both":
            assert self.markov is not None and self.simulate is not None
            document["markov"] = {"game": str(self.game), **self.markov.as_dict()}
            document["simulate"] = {"game": str(self.game), **self.simulate.as_dict()}
        return document


class _Phases:
    """One ``progress(done, 1000)`` over consecutive phases of given weights."""

    def __init__(self, progress: ProgressCallback | None, cancel: CancelFlag | None,
                 weights: Sequence[float]) -> None:
        self.progress, self.cancel = progress, cancel
        total = float(sum(weights))
        self.starts = np.concatenate(([0.0], np.cumsum(weights) / total)) * 1000
        self.phase = 0

    def callback(self, phase: int) -> ProgressCallback:
        def report(done: float, total: float) -> None:
            self.check()
            if self.progress is not None and total > 0:
                low, high = self.starts[phase], self.starts[phase + 1]
                self.progress(low + (high - low) * min(done / total, 1.0), 1000)
        return report

    def check(self) -> None:
        if self.cancel is not None and self.cancel.cancelled:
            raise Cancelled("the tournament run was cancelled")

    def finish(self) -> None:
        if self.progress is not None:
            self.progress(1000, 1000)


def outcome_tables(
    structure: Structure,
    table,
    strategies: tuple[Strategy, Strategy],
    grids: Sequence[NashGrid | None],
    samples: int = DEFAULT_SAMPLES,
    seed: int = 0,
    progress: ProgressCallback | None = None,
) -> tuple[OutcomeTables, float]:
    """The per-hand outcome probabilities of every level, who is the small blind and
    effective stack, and the largest split-fraction standard error among them.

    ``grids[level]`` is that level's Nash grid (None when nobody plays Nash). A stack that
    cannot cover the big blind and ante is all in by force: a showdown of random hands.
    """
    n, unit = structure.units, structure.unit
    ones = np.ones(int(table.n))
    fixed = [None if s.class_weights is None else s.at_positions(table.class_ids)
             for s in strategies]
    best = [s.is_best_response for s in strategies]
    probabilities = np.zeros((len(structure.levels), 2, n // 2 + 1, OUTCOMES))
    folds = np.zeros((len(structure.levels), 2), dtype=np.int64)
    stderr = 0.0
    for index, level in enumerate(structure.levels):
        folds[index] = ((level.sb + level.ante) // unit, (level.bb + level.ante) // unit)
        grid = grids[index]
        for effective in range(1, n // 2 + 1):
            if progress is not None:
                progress(index * (n // 2) + effective, len(structure.levels) * (n // 2))
            chips = effective * unit
            for b in (0, 1):
                push, call = ones, ones  # a stack that cannot cover the blind: all in
                if chips > level.bb + level.ante:
                    k = grid.index_of(chips) if grid is not None else 0
                    sb, bb = (0, 1) if b == 0 else (1, 0)
                    if best[sb]:
                        call = _strategy_at(fixed[bb], grid, "call", k)
                        push = _best_response(table, level, chips, "pusher", call)
                    else:
                        push = _strategy_at(fixed[sb], grid, "push", k)
                        call = _best_response(table, level, chips, "caller", push) \
                            if best[bb] else _strategy_at(fixed[bb], grid, "call", k)
                outcome = hand_outcomes(table, push, call, samples, seed)
                probabilities[index, b, effective] = outcome.probabilities
                stderr = max(stderr, outcome.share_stderr)
    return OutcomeTables(n, probabilities, folds, structure.hands_per_level), stderr


def _best_response(table, level: Level, chips: int, responder: str,
                   opponent: np.ndarray) -> np.ndarray:
    """The chip-EV best response of ``responder`` ("pusher" / "caller") to the opponent's
    push or call probabilities, at this level with both stacks at ``chips``: play every class
    whose all-in EV beats folding (one pass over the table)."""
    game = JamFoldGame(table, JamFoldParams(table.game, level.sb, level.bb, level.ante,
                                            (chips, chips)))
    if responder == "pusher":
        gain = game.push_gain(game.push_products(opponent))
    else:
        gain = game.call_gain(game.call_products(opponent))
    return (gain > 0).astype(np.float64)


def _strategy_at(fixed: np.ndarray | None, grid: NashGrid | None, side: str,
                 k: int) -> np.ndarray:
    """A fixed strategy, or the Nash grid's ``side`` ("push" / "call") at stack ``k``."""
    if fixed is not None:
        return fixed
    assert grid is not None  # a Nash player's level always has a grid
    return np.asarray(getattr(grid, side)[k])


def _curve(shares: np.ndarray, values: np.ndarray) -> list[tuple[float, float]]:
    return [(float(s), float(min(max(v, 0.0), 1.0))) for s, v in zip(shares, values, strict=True)]


def _chain_result(tables: OutcomeTables, start: int, button: int | None,
                  check: Callable[[], None] | None = None) -> MethodResult:
    n = tables.units
    chain = solve_chain(tables, check)
    win = chain.p_win(button)
    cdf = length_distribution(tables, start, button, check=check)
    stride = max(1, math.ceil(n / CURVE_POINTS))
    points = np.unique(np.concatenate((np.arange(0, n + 1, stride), [start, n])))
    return MethodResult(
        "markov", float(win[start]), 0.0, float(chain.expected_hands(button)[start]), 0.0,
        {str(q): quantile(cdf, q / 100) for q in QUANTILES},
        float(cdf[1]) if cdf.size > 1 else float(cdf[0]), 0.0,
        _curve(points / n, win[points]), np.diff(cdf, prepend=0.0))


def _simulated_result(tables: OutcomeTables, start: int, button: int | None, trials: int,
                      seed: int, phases: _Phases, phase: int) -> MethodResult:
    """The simulator's answer, streamed: at most :data:`BATCH_TRIALS` matches a kernel call,
    their lengths kept as a histogram (memory does not grow with ``trials``), a cancel check
    between calls and inside each (:func:`~omahanash.tournament.simulate.run_stoppable`).
    Up to 10 million trials the calls and seeds are those of ten batches."""
    n = tables.units
    report = phases.callback(phase)
    batches = max(10, math.ceil(trials / BATCH_TRIALS))
    wins = 0
    histogram = np.zeros(1, dtype=np.int64)
    for batch in range(batches):
        report(batch, batches + 1)
        size = trials * (batch + 1) // batches - trials * batch // batches
        if size:
            batch_seed = seed + 1 + batch if batch < 10 else seed + 2_000_000 + batch
            won, lengths = simulate_matches(tables, start, button, size, batch_seed,
                                             phases.cancel)
            wins += won
            counts = np.bincount(lengths)
            if counts.size > histogram.size:
                histogram = np.pad(histogram, (0, counts.size - histogram.size))
            histogram[:counts.size] += counts
    hands = np.arange(histogram.size)
    p = wins / trials
    one = float(histogram[1] / trials) if histogram.size > 1 else 0.0
    mean = float((hands * histogram).sum() / trials)
    spread = math.sqrt(float((histogram * (hands - mean) ** 2).sum() / trials))
    cumulative = np.cumsum(histogram)
    starts = sorted({round(k * n / SIMULATED_SHARES) for k in range(SIMULATED_SHARES + 1)})
    curve_trials = max(1000, trials // SIMULATED_SHARES)
    values = []
    for point in starts:
        if point in (0, n):
            values.append(1.0 if point == n else 0.0)
            continue
        won = 0
        for chunk in range(math.ceil(curve_trials / BATCH_TRIALS)):
            report(batches, batches + 1)  # a cancel check between calls
            size = min(BATCH_TRIALS, curve_trials - chunk * BATCH_TRIALS)
            chunk_seed = seed + 1000 + point if chunk == 0 \
                else seed + 3_000_000 + 1000 * point + chunk
            won += simulate_matches(tables, point, button, size, chunk_seed,
                                    phases.cancel)[0]
        values.append(won / curve_trials)
    report(batches + 1, batches + 1)
    return MethodResult(
        "simulate", p, math.sqrt(p * (1 - p) / trials), mean, spread / math.sqrt(trials),
        # the smallest length with at least q % of the matches (numpy's "inverted_cdf")
        {str(q): int(np.searchsorted(cumulative, -(-q * trials // 100), side="left"))
         for q in QUANTILES},
        one, math.sqrt(one * (1 - one) / trials),
        _curve(np.array(starts) / n, np.array(values)),
        histogram / trials)


def run_tournament(
    variant: Variant | str,
    structure: Structure,
    stacks: Sequence[float],
    p1: str | Strategy = "nash",
    p2: str | Strategy = "nash",
    method: str = "markov",
    trials: int = DEFAULT_TRIALS,
    seed: int = 0,
    button_first: int | None = None,
    table: object | None = None,
    cache_dir: str | os.PathLike | None = None,
    samples: int = DEFAULT_SAMPLES,
    progress: ProgressCallback | None = None,
    cancel: CancelFlag | None = None,
    persist: bool = True,
    max_bb: float = DEFAULT_MAX_BB,
) -> TournamentResult:
    """Player 1's chances in a heads-up match of ``structure`` from ``stacks`` (chips).

    ``p1`` / ``p2``: ``"nash"``, ``"best"``, ``"P%"``, range text or a :class:`Strategy`;
    ``method`` ``markov`` (exact chain), ``simulate`` (``trials`` matches, ``seed``) or
    ``both``; ``button_first`` 1 or 2 (the small blind of the first hand), None to average over
    both. ``samples`` showdowns estimate each hand's split fractions; ``persist`` False keeps
    the Nash solutions in memory only.

    >>> structure = Structure.fixed(400, sb=10, bb=20)     # 20 big blinds in play
    >>> fair = run_tournament("holdem", structure, (100, 300), "100%", "100%", persist=False)
    >>> round(fair.p_win, 9)          # all in every hand: a fair bet, P(win) = chip share
    0.25
    >>> run_tournament("holdem", structure, (200, 200), "nash", "30%", persist=False).p_win > 0.5
    True
    """
    game = Variant.parse(variant)
    if not isinstance(structure, Structure):
        raise InputError(f"structure must be a Structure, got {structure!r}")
    if method not in METHODS:
        raise InputError(f"method must be markov, simulate or both, got {method!r}")
    if button_first not in (None, 1, 2):
        raise InputError(f"button_first must be 1, 2 or None, got {button_first!r}")
    if isinstance(trials, bool) or not isinstance(trials, (int, np.integer)) \
            or not 1 <= trials <= MAX_TRIALS:
        raise InputError(f"trials must be a whole number 1..{MAX_TRIALS:,}, got {trials!r}")
    seed = check_seed(seed)
    start = structure.start_units(stacks)
    strategies = tuple(s if isinstance(s, Strategy) else parse_strategy(s, game)
                       for s in (p1, p2))
    button = None if button_first is None else button_first - 1
    if table is None:
        table = load_table(game, cache_dir)
    if all(s.is_best_response for s in strategies):
        raise InputError("both players cannot play 'best': best responses to each other are "
                         "the Nash equilibrium (use nash)")
    nash = any(s.is_nash for s in strategies)
    phases = _Phases(progress, cancel, (8 if nash else 0, 1, 1, 2))
    phases.check()
    max_stack = structure.units // 2 * structure.unit
    grids: list[NashGrid | None] = []
    grid_progress = phases.callback(0)
    for index, level in enumerate(structure.levels):

        def level_progress(done: float, total: float, index: int = index) -> None:
            grid_progress(index + done / max(total, 1), len(structure.levels))

        grids.append(solve_grid(game, level.sb, level.bb, level.ante, max_stack, table,
                               cache_dir, level_progress, cancel, persist, max_bb)
                     if nash else None)
    tables, share_stderr = outcome_tables(structure, table, strategies, grids,  # type: ignore[arg-type]
                                          samples, seed, phases.callback(1))
    markov = simulate = None
    if method in ("markov", "both"):
        phases.callback(2)(0, 1)
        markov = _chain_result(tables, start, button, phases.check)
    if method in ("simulate", "both"):
        simulate = _simulated_result(tables, start, button, int(trials), seed, phases, 3)
    phases.finish()
    main = markov if markov is not None else simulate
    assert main is not None
    return TournamentResult(game, method, main, markov, simulate, share_stderr, tables)
