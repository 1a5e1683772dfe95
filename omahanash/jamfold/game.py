"""The heads-up jam-fold game (docs/jamfold.md) on a cluster-vs-cluster equity table.

Player 1, the **pusher** (PU in the thesis, small blind), pushes or folds; player 2, the
**caller** (CA, big blind), calls or folds. Money is counted for the pusher in chips relative to
the stack before the hand, ``E = min(S1, S2)``: fold ``-(SB + A)``; push and the caller folds
``+(BB + A)``; push and call ``eq * 2E - E``. The caller gets the negative. A deal is a
uniformly random pair of disjoint concrete hands, so class ``i`` meets class ``j`` with weight
``pairs[i, j]`` (``W[i] = sum_j pairs[i, j]`` deals hold ``i``).

With ``p`` the push and ``q`` the call probabilities per class, the pusher's expected result is

    U(p, q) = 1/T * sum_i [ -(SB + A) W[i] + p[i] * ((SB + BB + 2A) W[i] + (G q)[i]) ],
    G[i, j] = pairs[i, j] * (eq[i, j] * 2E - E - (BB + A)),       T = sum_i W[i],

With dead money ``D`` in the pot (the antes of players who folded before the blinds: a bigger
table folded round to the blinds), the pot holds ``SB + BB + 2A + D``: push and fold wins
``+(BB + A + D)``, push and call ``eq * (2E + D) - E``, and ``steal`` is ``BB + A + D``. The
caller then gets ``D`` minus the pusher's result (a constant-sum game with the zero-sum game's
equilibria); the solvers and PostEV Player2 count the caller's result minus ``D``.

So everything the solvers need is ``G @ q`` (the pusher's push values) and ``G.T @ p`` (the
caller's call values: calling with ``j`` changes the caller's result by ``-(G.T @ p)[j]``), which
:func:`~omahanash.jamfold.kernels.triangle_products` streams from the stored triangles.

>>> params = JamFoldParams(variant="holdem", sb=5, bb=10, ante=0, stacks=100)
>>> params.effective_stack, params.fold_loss, params.steal
(100.0, 5.0, 10.0)
"""

from __future__ import annotations

import numbers
import weakref
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

import numba
import numpy as np

from omahanash.cards import Variant
from omahanash.errors import InputError
from omahanash.hands import class_combos
from omahanash.jamfold.kernels import (
    chunk_rows,
    split_pairs,
    triangle_products,
    triangle_products_serial,
)
from omahanash.runs import kernel_flag, raise_if_stopped
from omahanash.solving.checks import MAX_CHIPS as MAX_CHIPS  # (its public home was here)
from omahanash.solving.checks import check_chips

# Tables with fewer cells than this run the single-threaded kernel (thread start-up would cost
# more than the pass: Hold'em has 14,365 cells).
PARALLEL_MIN_CELLS = 1 << 20

# table -> (counts, row_weight): computed once per loaded table (a sweep builds several games
# on one table); for full Omaha the byte counts take 135 MB.
_SPLIT_PAIRS: weakref.WeakKeyDictionary = weakref.WeakKeyDictionary()


def dot(a: np.ndarray, b: np.ndarray) -> float:
    """``a · b`` without BLAS. OpenBLAS's worker threads spin for a while after a BLAS call
    and take the cores from the numba kernels' next pass over the table: one ``np.dot`` in
    each iteration's report made an Omaha CFR+ iteration 0.113 s instead of 0.056 s.

    >>> dot(np.array([1.0, 2.0]), np.array([3.0, 4.0]))
    11.0
    """
    return float(np.multiply(a, b).sum())


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


# table -> W (deals holding each class, read-only): one pass, the same for every game on the
# table; exploit reports build a game per call and must cost one pass, not two.
_DEALS_HOLDING: weakref.WeakKeyDictionary = weakref.WeakKeyDictionary()


def _weakrefable(table) -> bool:
    try:
        weakref.ref(table)
    except TypeError:
        return False
    return True


def _stack_pair(stacks: object) -> tuple[tuple[float, str], tuple[float, str]]:
    """One number (equal stacks) or two (pusher, caller): each stack as a float with the
    argument that held it (for messages)."""
    if isinstance(stacks, numbers.Real) and not isinstance(stacks, bool):
        return ((check_chips("stack S1", stacks, "stacks"), "stacks"),
                (check_chips("stack S2", stacks, "stacks"), "stacks"))
    pair = list(stacks) if isinstance(stacks, (Sequence, np.ndarray)) \
        and not isinstance(stacks, str) else None
    if pair is None or len(pair) != 2:
        raise InputError("stacks takes two numbers (pusher, caller) or one for equal stacks, "
                         f"got stacks={stacks!r}")
    return ((check_chips("stack S1", pair[0], "stacks[0]"), "stacks[0]"),
            (check_chips("stack S2", pair[1], "stacks[1]"), "stacks[1]"))


@dataclass(frozen=True, init=False)
class JamFoldParams:
    """Validated inputs of one jam-fold game, in chips.

    ``variant`` is a :class:`~omahanash.cards.Variant` or its name (any alias); ``stacks`` the
    stacks before the blinds, one number when they are equal or a pair (pusher, caller). Every
    amount is a finite real number of at most :data:`MAX_CHIPS` (10¹² chips: beyond that the
    sums over deals lose the precision the solvers need); the blinds are positive with
    ``bb >= sb``, the ante is ``>= 0`` and each stack is above its blind plus the ante.
    ``dead_money`` (``>= 0``, default 0) is extra money in the pot that neither player put in:
    the antes of the players who folded before the blinds at a bigger table.

    >>> params = JamFoldParams(variant="holdem", sb=5, bb=10, stacks=100)
    >>> params.variant, params.stacks, params.effective_stack
    (<Variant.HOLDEM: 'holdem'>, (100.0, 100.0), 100.0)
    >>> JamFoldParams("omaha", stacks=(300, 120)).effective_stack
    120.0

    Anything else raises :class:`InputError` naming the bad value:

    >>> JamFoldParams(sb=5, bb=4)
    Traceback (most recent call last):
    ...
    omahanash.errors.InputError: BB must be at least SB (5), got bb=4
    >>> JamFoldParams(stacks=1e308)
    Traceback (most recent call last):
    ...
    omahanash.errors.InputError: stack S1 must be at most 1e+12 chips, got stacks=1e+308
    """

    variant: Variant
    sb: float
    bb: float
    ante: float
    stacks: tuple[float, float]
    dead_money: float

    def __init__(self, variant: Variant | str = Variant.HOLDEM, sb: float = 5.0,
                 bb: float = 10.0, ante: float = 0.0,
                 stacks: float | Sequence[float] = 100.0, dead_money: float = 0.0) -> None:
        checked_variant = Variant.parse(variant)
        checked_ante = check_chips("ante", ante, "ante")
        checked_sb = check_chips("SB", sb, "sb")
        checked_bb = check_chips("BB", bb, "bb")
        (pusher_stack, pusher_argument), (caller_stack, caller_argument) = _stack_pair(stacks)
        checked_dead = check_chips("dead money", dead_money, "dead_money")
        if checked_ante < 0:
            raise InputError.naming("ante", f"ante must be >= 0, got ante={ante}")
        if checked_dead < 0:
            raise InputError.naming("dead_money",
                                    f"dead money must be >= 0, got dead_money={dead_money}")
        if checked_sb <= 0:
            raise InputError.naming("sb", f"SB must be > 0, got sb={sb}")
        if checked_bb < checked_sb:
            raise InputError.naming("bb", f"BB must be at least SB ({checked_sb:g}), got bb={bb}")
        if pusher_stack <= checked_sb + checked_ante:
            raise InputError.naming(
                pusher_argument, f"stack S1 must exceed SB + ante "
                f"({checked_sb + checked_ante:g}), got {pusher_argument}={pusher_stack:g}")
        if caller_stack <= checked_bb + checked_ante:
            raise InputError.naming(
                caller_argument, f"stack S2 must exceed BB + ante "
                f"({checked_bb + checked_ante:g}), got {caller_argument}={caller_stack:g}")
        object.__setattr__(self, "variant", checked_variant)
        object.__setattr__(self, "sb", checked_sb)
        object.__setattr__(self, "bb", checked_bb)
        object.__setattr__(self, "ante", checked_ante)
        object.__setattr__(self, "stacks", (pusher_stack, caller_stack))
        object.__setattr__(self, "dead_money", checked_dead)

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> JamFoldParams:
        """The parameters :meth:`as_dict` wrote (as saved in solution files).

        >>> params = JamFoldParams("omaha-hilo", ante=1, stacks=(50, 80), dead_money=4)
        >>> JamFoldParams.from_dict(params.as_dict()) == params
        True
        """
        try:
            return cls(data["game"], sb=data["sb"], bb=data["bb"], ante=data["ante"],
                       stacks=data["stacks"], dead_money=data.get("dead_money", 0.0))
        except (KeyError, TypeError):
            raise InputError(f"incomplete jam-fold parameters: {dict(data)!r}") from None

    @property
    def effective_stack(self) -> float:
        """``E = min(S1, S2)``: what each side puts at risk in an all-in."""
        return min(self.stacks)

    @property
    def fold_loss(self) -> float:
        """What the pusher loses by folding: ``SB + A``."""
        return self.sb + self.ante

    @property
    def steal(self) -> float:
        """What the pusher wins when the caller folds: ``BB + A + D`` (the caller loses
        ``BB + A`` of it by folding, the dead money ``D`` was nobody's)."""
        return self.bb + self.ante + self.dead_money

    def as_dict(self) -> dict:
        """The parameters under the thesis's names, as the CLI's JSON, exports and save files
        carry them (``game`` is the variant's name; ``dead_money`` only when there is some)."""
        data = {"game": str(self.variant), "ante": self.ante, "sb": self.sb, "bb": self.bb,
                "stacks": list(self.stacks)}
        if self.dead_money:
            data["dead_money"] = self.dead_money
        return data


@dataclass(frozen=True)
class PlayerValues:
    """Per-class EVs of one player (chips) against a fixed opponent strategy.

    The pusher's: over all deals holding the class. The caller's: given that the pusher pushed
    (the caller's decision point); where the pusher never pushes against a class, calling is
    reported as worth folding.
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
    >>> game = JamFoldGame(load_table("holdem"), JamFoldParams(variant="holdem"))
    >>> gq, gtp = game.products(np.ones(169), np.ones(169))
    """

    def __init__(self, table, params: JamFoldParams) -> None:
        if Variant.parse(table.game) != params.variant:
            raise InputError(f"the table is for {table.game}, the parameters for "
                             f"{params.variant}")
        self.table = table
        self.params = params
        self.n = int(table.n)
        self.class_ids = np.asarray(table.class_ids, dtype=np.int64)
        self.combos = class_combos(params.variant)[self.class_ids].astype(np.float64)
        self._stored, scale = table.equity_storage()
        cells = self._stored.size
        if cells != self.n * (self.n + 1) // 2 or table.pairs_triangle().size != cells:
            raise InputError(f"table triangles do not match its {self.n} classes")
        self._counts, self._row_weight = _split_pairs(table, self.combos)
        self._parallel = cells >= PARALLEL_MIN_CELLS
        self._bounds = chunk_rows(self.n, numba.get_num_threads())
        e, dead = params.effective_stack, params.dead_money
        self._alpha = (2.0 * e + dead) / scale  # the showdown pot
        self._row_offset = -e - params.steal
        self._col_offset = e + dead - params.steal
        self.deals_holding = self._deals_holding()  # W[i]
        self.total_deals = float(self.deals_holding.sum())  # T
        if self.total_deals <= 0:
            raise InputError("the table has no disjoint pairs of hands")

    def _deals_holding(self) -> np.ndarray:
        """``W = pairs @ 1``, from the per-table cache when the table was seen before."""
        cacheable = _weakrefable(self.table)
        cached = _DEALS_HOLDING.get(self.table) if cacheable else None
        if cached is not None:
            return cached
        deals = self.pairs_product(np.ones(self.n))
        deals.setflags(write=False)
        if cacheable:
            _DEALS_HOLDING[self.table] = deals
        return deals

    # -- products ----------------------------------------------------------------------------

    def products(self, p: np.ndarray, q: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
        """``(G @ q, G.T @ p)`` in one pass over the table."""
        return self._pass(self._alpha, self._row_offset, self._col_offset,
                          np.ascontiguousarray(p, dtype=np.float64),
                          np.ascontiguousarray(q, dtype=np.float64))

    def _pass(self, alpha: float, row_offset: float, col_offset: float, p: np.ndarray,
              q: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
        if self._parallel:  # an Omaha pass (~0.5 s loaded): a Stop ends it at once
            stop = kernel_flag()
            products = triangle_products(self._stored, self._counts, self._row_weight,
                                         self._bounds, alpha, row_offset, col_offset, p, q,
                                         stop)
            raise_if_stopped(stop)
            return products
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
        """Per class, the pusher's push EV minus fold EV, given ``gq = G @ q``."""
        params = self.params
        per_deal = np.divide(gq, self.deals_holding, out=np.zeros(self.n),
                             where=self.deals_holding > 0)
        return params.fold_loss + params.steal + per_deal

    def call_gain(self, gtp: np.ndarray) -> np.ndarray:
        """Per class, the caller's call minus fold result summed over deals, per deal holding
        the class (what regret matching uses; its sign decides the best response)."""
        return -np.divide(gtp, self.deals_holding, out=np.zeros(self.n),
                          where=self.deals_holding > 0)

    def pusher_values(self, gq: np.ndarray) -> PlayerValues:
        """The pusher's per-class push and fold EVs against the call strategy behind
        ``gq = G @ q``."""
        fold = np.full(self.n, -self.params.fold_loss)
        return PlayerValues(fold + self.push_gain(gq), fold)

    def caller_values(self, p: np.ndarray, gtp: np.ndarray) -> PlayerValues:
        """The caller's per-class call and fold EVs facing a push of the push strategy ``p``."""
        facing = self.pairs_product(p)
        fold = np.full(self.n, -(self.params.bb + self.params.ante))
        gain = -np.divide(gtp, facing, out=np.zeros(self.n), where=facing > 0)
        return PlayerValues(fold + gain, fold)

    def post_ev_pusher(self, gq: np.ndarray) -> float:
        """PostEV Player1: the pusher best-responding to the call strategy behind ``gq``, per
        deal."""
        best = np.maximum(self.push_gain(gq), 0.0) - self.params.fold_loss
        return dot(self.deals_holding, best) / self.total_deals

    def post_ev_caller(self, p: np.ndarray, gtp: np.ndarray) -> float:
        """PostEV Player2: the caller best-responding to the push strategy ``p``
        (``gtp = G.T @ p``)."""
        params = self.params
        fixed = dot(self.deals_holding, (1.0 - p) * params.fold_loss - p * params.steal)
        return float((fixed + np.maximum(-gtp, 0.0).sum()) / self.total_deals)

    def value(self, p: np.ndarray, gq: np.ndarray) -> float:
        """The pusher's expected result ``U(p, q)`` per deal, given ``gq = G @ q``."""
        gain = self.push_gain(gq)
        return float(dot(self.deals_holding, p * gain - self.params.fold_loss)
                     / self.total_deals)

    def range_percent(self, strategy: np.ndarray) -> float:
        """Share of all starting hands (by combos) played by ``strategy``, in %."""
        return float(100.0 * dot(self.combos, strategy) / self.combos.sum())
