"""The heads-up jam-fold game (SPEC §5) on a cluster-vs-cluster equity table.

Player 1, **PU** (small blind), pushes or folds; player 2, **CA** (big blind), calls or folds.
Money is counted for PU in chips relative to the stack before the hand, ``E = min(S1, S2)``:
fold ``-(SB + A)``; push and CA folds ``+(BB + A)``; push and call ``eq * 2E - E``. CA gets the
negative. A deal is a uniformly random pair of disjoint concrete hands, so class ``i`` meets
class ``j`` with weight ``pairs[i, j]`` (``W[i] = sum_j pairs[i, j]`` deals hold ``i``).

With ``p`` the push and ``q`` the call probabilities per class, PU's expected result is

    U(p, q) = 1/T * sum_i [ -(SB + A) W[i] + p[i] * ((SB + BB + 2A) W[i] + (G q)[i]) ],
    G[i, j] = pairs[i, j] * (eq[i, j] * 2E - E - (BB + A)),       T = sum_i W[i],

so everything the solvers need is ``G @ q`` (PU's push values) and ``G.T @ p`` (CA's call
values: calling with ``j`` changes CA's result by ``-(G.T @ p)[j]``), which
:func:`~omahanash.jamfold.kernels.triangle_products` streams from the stored triangles.

>>> params = JamFoldParams("holdem", ante=0, sb=5, bb=10, stacks=(100, 100))
>>> params.effective_stack, params.fold_loss, params.steal
(100.0, 5.0, 10.0)
"""

from __future__ import annotations

import math
import weakref
from dataclasses import asdict, dataclass

import numba
import numpy as np

from omahanash.cards import normalize_game
from omahanash.errors import InputError
from omahanash.jamfold.kernels import (
    chunk_rows,
    split_pairs,
    triangle_products,
    triangle_products_serial,
)

# Tables with fewer cells than this run the single-threaded kernel (thread start-up would cost
# more than the pass: Hold'em has 14,365 cells).
PARALLEL_MIN_CELLS = 1 << 20

# table -> (counts, row_weight): computed once per loaded table (a sweep builds several games
# on one table); for full Omaha the byte counts take 135 MB.
_SPLIT_PAIRS: weakref.WeakKeyDictionary = weakref.WeakKeyDictionary()


def _split_pairs(table, combos: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """``pairs = row_weight[a] * counts[a, b]`` with byte counts when exact (it always is for
    the project's tables), else the pairs themselves with unit weights."""
    try:
        return _SPLIT_PAIRS[table]
    except (KeyError, TypeError):
        pass
    pairs = table.pairs_triangle()
    counts, exact = split_pairs(pairs, combos)
    split = (counts, combos) if exact else (pairs, np.ones(combos.size))
    try:
        _SPLIT_PAIRS[table] = split
    except TypeError:  # not weak-referenceable: no cache
        pass
    return split


def _number(name: str, value: float) -> float:
    try:
        number = float(value)
    except (TypeError, ValueError):
        raise InputError(f"{name} must be a number, got {value!r}") from None
    if not math.isfinite(number):
        raise InputError(f"{name} must be a finite number, got {value!r}")
    return number


@dataclass(frozen=True)
class JamFoldParams:
    """Validated inputs of one jam-fold game (chips; ``stacks`` = (PU, CA) before the blinds).

    Raises :class:`InputError` naming the bad value:

    >>> JamFoldParams("holdem", sb=5, bb=4)
    Traceback (most recent call last):
    ...
    omahanash.errors.InputError: BB must be at least SB (5), got 4
    """

    game: str
    ante: float = 0.0
    sb: float = 5.0
    bb: float = 10.0
    stacks: tuple[float, float] = (100.0, 100.0)

    def __post_init__(self) -> None:
        object.__setattr__(self, "game", normalize_game(self.game))
        ante = _number("ante", self.ante)
        sb = _number("SB", self.sb)
        bb = _number("BB", self.bb)
        if len(self.stacks) != 2:
            raise InputError(f"stacks takes two numbers (PU and CA), got {list(self.stacks)}")
        stacks = (_number("stack S1", self.stacks[0]), _number("stack S2", self.stacks[1]))
        if ante < 0:
            raise InputError(f"ante must be >= 0, got {self.ante}")
        if sb <= 0:
            raise InputError(f"SB must be > 0, got {self.sb}")
        if bb < sb:
            raise InputError(f"BB must be at least SB ({self.sb}), got {self.bb}")
        if stacks[0] <= sb + ante:
            raise InputError(
                f"stack S1 must exceed SB + ante ({sb + ante:g}), got {self.stacks[0]}")
        if stacks[1] <= bb + ante:
            raise InputError(
                f"stack S2 must exceed BB + ante ({bb + ante:g}), got {self.stacks[1]}")
        object.__setattr__(self, "ante", ante)
        object.__setattr__(self, "sb", sb)
        object.__setattr__(self, "bb", bb)
        object.__setattr__(self, "stacks", stacks)

    @property
    def effective_stack(self) -> float:
        """``E = min(S1, S2)``: what each side puts at risk in an all-in."""
        return min(self.stacks)

    @property
    def fold_loss(self) -> float:
        """What PU loses by folding: ``SB + A``."""
        return self.sb + self.ante

    @property
    def steal(self) -> float:
        """What PU wins when CA folds (and CA loses by folding): ``BB + A``."""
        return self.bb + self.ante

    def as_dict(self) -> dict:
        data = asdict(self)
        data["stacks"] = list(self.stacks)
        return data


@dataclass(frozen=True)
class PlayerValues:
    """Per-class EVs of one player (chips) against a fixed opponent strategy.

    PU: over all deals holding the class. CA: given that PU pushed (CA's decision point);
    where PU never pushes against a class, calling is reported as worth folding.
    """

    allin_ev: np.ndarray
    fold_ev: np.ndarray

    @property
    def diff_ev(self) -> np.ndarray:
        return self.allin_ev - self.fold_ev


class JamFoldGame:
    """The game matrix of :class:`JamFoldParams` on an equity table (``load_table``).

    Holds no strategy; solvers call :meth:`products` once or twice per iteration.

    >>> from omahanash.equity.tables import load_table
    >>> game = JamFoldGame(load_table("holdem"), JamFoldParams("holdem"))
    >>> gq, gtp = game.products(np.ones(169), np.ones(169))
    """

    def __init__(self, table, params: JamFoldParams) -> None:
        from omahanash.hands import class_combos

        if normalize_game(table.game) != params.game:
            raise InputError(f"the table is for {table.game}, the game is {params.game}")
        self.table = table
        self.params = params
        self.n = int(table.n)
        self.class_ids = np.asarray(table.class_ids, dtype=np.int64)
        self.combos = class_combos(params.game)[self.class_ids].astype(np.float64)
        self._stored, scale = table.equity_storage()
        cells = self._stored.size
        if cells != self.n * (self.n + 1) // 2 or table.pairs_triangle().size != cells:
            raise InputError(f"table triangles do not match its {self.n} classes")
        self._counts, self._row_weight = _split_pairs(table, self.combos)
        self._parallel = cells >= PARALLEL_MIN_CELLS
        self._bounds = chunk_rows(self.n, numba.get_num_threads())
        e = params.effective_stack
        self._alpha = 2.0 * e / scale
        self._row_offset = -e - params.steal
        self._col_offset = e - params.steal
        ones = np.ones(self.n)
        self.deals_holding = self.pairs_product(ones)  # W[i]
        self.total_deals = float(self.deals_holding.sum())  # T
        if self.total_deals <= 0:
            raise InputError("the table has no disjoint pairs of hands")

    # -- products ----------------------------------------------------------------------------

    def products(self, p: np.ndarray, q: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
        """``(G @ q, G.T @ p)`` in one pass over the table."""
        return self._pass(self._alpha, self._row_offset, self._col_offset,
                          np.ascontiguousarray(p, dtype=np.float64),
                          np.ascontiguousarray(q, dtype=np.float64))

    def _pass(self, alpha: float, row_offset: float, col_offset: float, p: np.ndarray,
              q: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
        if self._parallel:
            return triangle_products(self._stored, self._counts, self._row_weight,
                                     self._bounds, alpha, row_offset, col_offset, p, q)
        return triangle_products_serial(self._stored, self._counts, self._row_weight, alpha,
                                        row_offset, col_offset, p, q)

    def push_products(self, q: np.ndarray) -> np.ndarray:
        """``G @ q`` (a whole pass: the pass is bound by memory, one product costs as much as
        two)."""
        return self.products(q, q)[0]

    def call_products(self, p: np.ndarray) -> np.ndarray:
        """``G.T @ p`` (a whole pass)."""
        return self.products(p, p)[1]

    def pairs_product(self, v: np.ndarray) -> np.ndarray:
        """``pairs @ v`` (pairs is symmetric)."""
        v = np.ascontiguousarray(v, dtype=np.float64)
        return self._pass(0.0, 1.0, 1.0, v, v)[0]

    # -- values ------------------------------------------------------------------------------

    def push_gain(self, gq: np.ndarray) -> np.ndarray:
        """Per class, PU's push EV minus fold EV, given ``gq = G @ q``."""
        params = self.params
        per_deal = np.divide(gq, self.deals_holding, out=np.zeros(self.n),
                             where=self.deals_holding > 0)
        return params.fold_loss + params.steal + per_deal

    def call_gain(self, gtp: np.ndarray) -> np.ndarray:
        """Per class, CA's call minus fold result summed over deals, per deal holding the class
        (what regret matching uses; its sign decides the best response)."""
        return -np.divide(gtp, self.deals_holding, out=np.zeros(self.n),
                          where=self.deals_holding > 0)

    def pu_values(self, gq: np.ndarray) -> PlayerValues:
        """PU's per-class push and fold EVs against the CA strategy behind ``gq = G @ q``."""
        fold = np.full(self.n, -self.params.fold_loss)
        return PlayerValues(fold + self.push_gain(gq), fold)

    def ca_values(self, p: np.ndarray, gtp: np.ndarray) -> PlayerValues:
        """CA's per-class call and fold EVs facing a push of the PU strategy ``p``."""
        facing = self.pairs_product(p)
        fold = np.full(self.n, -self.params.steal)
        gain = -np.divide(gtp, facing, out=np.zeros(self.n), where=facing > 0)
        return PlayerValues(fold + gain, fold)

    def postev_pu(self, gq: np.ndarray) -> float:
        """PostEV Player1: PU best-responding to the CA strategy behind ``gq``, per deal."""
        best = np.maximum(self.push_gain(gq), 0.0) - self.params.fold_loss
        return float(np.dot(self.deals_holding, best) / self.total_deals)

    def postev_ca(self, p: np.ndarray, gtp: np.ndarray) -> float:
        """PostEV Player2: CA best-responding to the PU strategy ``p`` (``gtp = G.T @ p``)."""
        params = self.params
        fixed = np.dot(self.deals_holding,
                       (1.0 - p) * params.fold_loss - p * params.steal)
        return float((fixed + np.maximum(-gtp, 0.0).sum()) / self.total_deals)

    def value(self, p: np.ndarray, gq: np.ndarray) -> float:
        """PU's expected result ``U(p, q)`` per deal, given ``gq = G @ q``."""
        gain = self.push_gain(gq)
        return float(np.dot(self.deals_holding, p * gain - self.params.fold_loss)
                     / self.total_deals)

    def range_percent(self, strategy: np.ndarray) -> float:
        """Share of all starting hands (by combos) played by ``strategy``, in %."""
        return float(100.0 * np.dot(self.combos, strategy) / self.combos.sum())
