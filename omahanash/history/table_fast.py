"""Judging a table spot at the speed of reading: the hero's decision and the EV difference
of its two actions, resolved beyond the solve's own noise, not the whole table to full
precision (the review's default; ``precise`` judges on the full solve,
:mod:`~omahanash.history.table_review`).

**How.** A spot is judged in up to two steps:

1. **Quick.** The table is solved twice, with :data:`QUICK_ITERATIONS` CFR+ iterations on
   :func:`quick_deals` sampled deals each, seeds 1 and 2 (a few percent of the full solve's
   work). On each solution's average strategy the hero's EVs are measured on deals of the
   hero's own cards (:func:`~omahanash.history.hero_values.hero_values`). The EV difference
   ``d`` (play minus fold) is the mean of the two; its uncertainty ``error`` is the two
   seeds' half-spread with the deal samples' standard errors, plus a floor
   (:data:`FLOOR_POOL_SHARE` of the prize pool, :data:`FLOOR_BB` big blinds in chip EV).
   When ``|d| > Z * error`` (:data:`Z`) the decision is resolved: the equilibrium plays the
   hand (frequency 1) if ``d > 0``, folds it (0) otherwise, and the one decision rule
   (:func:`omahanash.jamfold.decision.judge`) gives the verdict and the EV lost from the
   measured EVs. ``precision`` is ``"fast"``.
2. **Full.** Otherwise (a close decision) the spot is judged on the full solve exactly as
   the precise review judges it (:func:`~omahanash.history.table_review.table_solution`,
   the cache of equilibria): ``precision`` ``"full"``.

**Reuse.** Spots identical after rounding every stack to :data:`ROUND_BB` big blinds (same
variant, table size, payouts, blinds and antes in big blinds) share their quick solves (the
hero's EVs are still measured on the spot's own stacks). A spot of the same shape whose
stacks are all within :data:`WARM_TOLERANCE_BB` of one solved before starts from its regrets
(scaled to :data:`WARM_WEIGHT` iterations' worth), which skips the costly first pass from
the uniform start.

**What it costs** (measured against the full solve on the same spots; docs/cli/review.md,
and ``omahanash bench review --only sng9-agreement``): see :data:`MEASURED`. Most verdicts
that differ are a hand the full solve mixes (5-95 %) although its EV difference is clearly
signed: the full solve's average strategy keeps a trace of its noise there.

>>> from omahanash.history.hands import Action, Hand
>>> from omahanash.history.table_spots import find_table_spot
>>> from omahanash.history.table_review import pushfold_spot
>>> hand = Hand(hand_id="9", source="f", line=1, variant="holdem", limit="no-limit", sb=50,
...             bb=100, stacks={"A": 1000, "B": 1000, "C": 1000}, posts={"B": 50, "C": 100},
...             small_blind="B", big_blind="C", cards={"A": "Ah Ad"}, button="A",
...             actions=[Action("A", "fold", 0, False)])
>>> spot = find_table_spot(hand, "A")
>>> judge = FastJudge(cache_dir=None, persist=False)
>>> found = judge.judge(spot, pushfold_spot(spot, "50/30/20"))
>>> found.precision, found.frequency, found.diff > 0     # folding aces on the button
('fast', 1.0, True)
"""

from __future__ import annotations

import math
import os
from dataclasses import dataclass
from typing import Any

import numpy as np

from omahanash.cards import Variant
from omahanash.equity.tables import load_table
from omahanash.errors import Cancelled
from omahanash.history.hero_values import HeroValues, hero_deals, hero_values
from omahanash.pushfold.deals import Deals, sampled_deals
from omahanash.pushfold.solver import PushFoldSolver
from omahanash.runs import CancelFlag

#: CFR+ iterations of a quick solve.
QUICK_ITERATIONS = 8
#: Sampled deals of a quick solve: Hold'em, Omaha (16,432 classes).
QUICK_DEALS_HOLDEM = 16_000
QUICK_DEALS_OMAHA = 100_000
#: Deals of the hero's own cards per quick solve.
HERO_DEALS = 4_000
#: The seeds of the two quick solves.
SEEDS = (1, 2)
#: A decision is resolved when ``|diff| > Z * error``.
Z = 2.5
#: The uncertainty's floor: this share of the prize pool (ICM) or big blinds (chip EV).
FLOOR_POOL_SHARE = 0.0005
FLOOR_BB = 0.005
#: One quick solve's strategy error (what its strategies' distance from the full solve's
#: moves the hero's EV difference by, as measured: see :data:`MEASURED`), in the floor's
#: unit scaled to a share of the pool: a decision this far beyond it needs no second seed.
STRATEGY_ERROR = 0.003
FLOOR_SHARE_UNIT = FLOOR_POOL_SHARE
#: Spots whose stacks round to the same big blinds share their quick solves.
ROUND_BB = 0.1
#: A spot starts from a solved one of the same shape whose stacks all lie this close (bb).
WARM_TOLERANCE_BB = 1.0
#: A warm start's regrets are scaled to this many iterations' worth.
WARM_WEIGHT = 3.0
#: The cost of the shortcut as measured (README "review", docs/cli/review.md "Speed").
MEASURED = ("the first 71 table decisions of 1,000 synthetic 9-max sit-and-go hands (seed 1), "
            "against the full solve of each spot: 13 judged on the full solve (close), 67 of "
            "71 verdicts equal (94.4 %), 69 of 71 judgements (mistake or not) equal; EV lost "
            "apart by 0.033 % of the pool on average, 1.04 % at most (a blunder of 6.9 % "
            "against 5.9 %); the whole file cold: 458.6 s wall, 670 s CPU (load 2.1), the full "
            "solve of every spot 1,832 s, 3,195 s CPU")


def quick_deals(variant: Variant | str, players: int) -> int:
    """Sampled deals of a quick solve.

    >>> quick_deals("holdem", 9), quick_deals("omaha-hi", 6)
    (16000, 100000)
    """
    return QUICK_DEALS_HOLDEM if Variant.parse(variant) is Variant.HOLDEM \
        else QUICK_DEALS_OMAHA


@dataclass(frozen=True)
class FastValues:
    """A table spot judged quickly: the hero's EVs (the model's unit), ``diff`` and its
    ``error``, the equilibrium's ``frequency`` of playing the hand (1 or 0 when resolved),
    ``precision`` (``"fast"`` or ``"full"``: then ``solution`` is the full solve)."""

    play_ev: float
    fold_ev: float
    diff: float
    error: float
    frequency: float
    precision: str
    solution: Any = None


def _scale(game: Any) -> float:
    """The unit of the uncertainty's floor: the prize pool (ICM) or the big blind."""
    return game.prize_pool * FLOOR_POOL_SHARE if game.model == "icm" else game.bb * FLOOR_BB


def shape_key(game: Any) -> tuple:
    """What two spots share when one may start from the other: variant, table size,
    payouts, blinds and antes in big blinds."""
    bb = game.bb
    return (str(game.variant), game.players, game.payouts_text, round(game.sb / bb, 6),
            round(game.ante / bb, 6), round(game.bb_ante / bb, 6))


def _stacks_bb(game: Any) -> np.ndarray:
    return np.asarray(game.stacks, np.float64) / game.bb


class FastJudge:
    """Quick solves of a review's table spots (see the module), kept for the review's
    length: ``judge(spot, game)`` -> :class:`FastValues`. ``full(game)`` gives the full
    solve of a close spot (default: :func:`~omahanash.history.table_review.table_solution`
    with the review's settings)."""

    def __init__(self, tables: dict[str, Any] | None = None,
                 cache_dir: str | os.PathLike | None = None, persist: bool = True,
                 cancel: CancelFlag | None = None, full: Any = None) -> None:
        self.tables = dict(tables or {})
        self.cache_dir = cache_dir
        self.persist = persist
        self.cancel = cancel
        self._full = full
        self._deals: dict[tuple[str, int, int], Deals] = {}
        # (shape, rounded stacks) -> the quick solvers of the seeds
        self._quick: dict[tuple, PushFoldSolver] = {}
        self._by_shape: dict[tuple, list[tuple[np.ndarray, PushFoldSolver]]] = {}
        self.counts = {"quick_solves": 0, "shared": 0, "warm": 0, "full": 0}

    def table(self, variant: str) -> Any:
        if variant not in self.tables:
            self.tables[variant] = load_table(variant, None if self.cache_dir is None
                                              else str(self.cache_dir))
        return self.tables[variant]

    def _deals_of(self, game: Any, table: Any, seed: int) -> Deals:
        key = (str(game.variant), game.players, seed)
        if key not in self._deals:
            ids = np.asarray(table.class_ids)
            full = ids.size == (169 if game.variant is Variant.HOLDEM else 16432)
            self._deals[key] = sampled_deals(game.variant, game.players,
                                             quick_deals(game.variant, game.players), seed,
                                             None if full else ids)
        return self._deals[key]

    def _check(self) -> None:
        if self.cancel is not None and self.cancel.cancelled:
            raise Cancelled("the review was cancelled")

    def quick_solver(self, game: Any, index: int) -> PushFoldSolver:
        """The quick solve of ``game`` with seed ``SEEDS[index]``: kept, shared (spots that
        round alike) or solved now (warm from a near one of the same shape)."""
        shape = shape_key(game)
        stacks = _stacks_bb(game)
        key = (shape, tuple(np.round(stacks / ROUND_BB).astype(np.int64).tolist()), index)
        if key in self._quick:
            self.counts["shared"] += 1
            return self._quick[key]
        table = self.table(str(game.variant))
        near = None
        for other, solver in self._by_shape.get((shape, index), []):
            distance = float(np.abs(other - stacks).max())
            if distance <= WARM_TOLERANCE_BB and (near is None or distance < near[0]):
                near = (distance, solver)
        solver = PushFoldSolver(game, table, self._deals_of(game, table, SEEDS[index]))
        if near is not None:
            start = near[1]
            weight = WARM_WEIGHT / max(start.iterations, 1)
            solver.set_regrets(start.regret_play * weight, start.regret_fold * weight, 1)
        for _ in range(QUICK_ITERATIONS):
            self._check()
            solver.step(1)
        self.counts["quick_solves"] += 1
        self.counts["warm"] += near is not None
        self._quick[key] = solver
        self._by_shape.setdefault((shape, index), []).append((stacks, solver))
        return solver

    def _measure(self, spot: Any, game: Any, index: int) -> HeroValues:
        """The hero's values on the quick solve number ``index``."""
        node = game.find_node(spot.node)
        table = self.table(str(game.variant))
        solver = self.quick_solver(game, index)
        self._check()
        sigma = None
        if solver.spot.describe() != game.describe():  # shared: this spot's own values
            sigma = solver.average()
            solver = PushFoldSolver(game, table, solver.deals)
        deals = hero_deals(game, table, node.player, spot.cards, HERO_DEALS,
                           seed=SEEDS[index])
        return hero_values(solver, node, spot.cards, deals, sigma)

    def judge(self, spot: Any, game: Any) -> FastValues:
        """The hero's decision at ``spot`` (a :class:`~omahanash.history.table_spots.
        TableSpot`) on its table ``game`` (its :class:`~omahanash.pushfold.PushFoldSpot`)."""
        floor = _scale(game)
        first = self._measure(spot, game, 0)
        error = math.hypot(first.error, STRATEGY_ERROR * floor / FLOOR_SHARE_UNIT) + floor
        if abs(first.diff) > Z * error:
            return FastValues(first.play_ev, first.fold_ev, first.diff, error,
                              1.0 if first.diff > 0 else 0.0, "fast")
        second = self._measure(spot, game, 1)
        diff = (first.diff + second.diff) / 2.0
        error = math.sqrt(((first.diff - second.diff) / 2.0) ** 2
                          + (first.error ** 2 + second.error ** 2) / 4.0) + floor
        if abs(diff) > Z * error:
            return FastValues((first.play_ev + second.play_ev) / 2.0,
                              (first.fold_ev + second.fold_ev) / 2.0, diff, error,
                              1.0 if diff > 0 else 0.0, "fast")
        self.counts["full"] += 1
        solution = self._full(game) if self._full is not None else None
        return FastValues(first.play_ev, first.fold_ev, diff, error, math.nan, "full",
                          solution)
