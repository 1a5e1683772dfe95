"""Future game simulation (FGS): the stacks after a hand valued by the expected ICM after
``depth`` more hands at this table — a ``valuation(final, start)`` of
:func:`~omahanash.pushfold.solve_pushfold`.

After the hand, busted players leave (placed below the others, the bigger start stack
higher), the survivors keep their seats and the button moves one seat on (in preflop order
the first player becomes the big blind: ``[s1, s2, ..., s_last, s0]``), the blinds and antes
of the next hand are posted (on a :class:`Schedule`: the blinds rise every
``hands_per_level`` hands) and the hand is played; after ``depth`` such hands the stacks are
valued by ICM (Malmuth–Harville) over the places still open.

How a future hand is played (:func:`future_strategy`): by the equilibrium of the push/fold
hand of its state under ICM, with one simplification — at most two players all in (the first
player in pushes or folds; after a push each later player calls or folds and the first call
ends the action: the pot is then heads-up). Hands are dealt independently to the seats
(no card removal) in :data:`FUTURE_BUCKETS` buckets of classes of about equal combos by
equity against a random hand, pots by the class table's equity between buckets; CFR+ with
linear averaging, :data:`FUTURE_ITERATIONS` iterations. Each state's strategy is solved once
and cached by its stacks and blind level, each state's value by its stacks, hand and depth.
A branch of a future hand less likely than ``prune`` (of that hand's outcomes) is valued by
ICM at once instead of being played on. The costs of these simplifications are measured in
``docs/fgs.md``.

At depth 0 the valuation is ICM exactly; with two players left and one paid place it is the
chip share after the future hands: the chip EV.

>>> from omahanash.pushfold.spot import PushFoldSpot
>>> spot = PushFoldSpot("holdem", [1000, 1000, 1000], 50, 100, payouts="50/30/20")
>>> fgs = FGSValuation(spot, depth=1)
>>> start = np.array([1000.0, 1000.0, 1000.0])
>>> values = fgs(np.array([1150.0, 950.0, 900.0]), start)   # the BTN stole the blinds
>>> round(float(values.sum()), 9)
100.0
>>> bool(values[2] < icm_detail(np.array([1150.0, 950.0, 900.0]), np.array([50, 30, 20.])
...                              ).equity[2])   # the short stack posts the next big blind
True
"""

from __future__ import annotations

import math
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from functools import lru_cache
from itertools import permutations

import numpy as np
from numba import njit

from omahanash.cards import Variant
from omahanash.equity.tables import EquityTable, load_table
from omahanash.errors import InputError
from omahanash.hands import class_combos
from omahanash.pushfold.icm import icm_detail
from omahanash.pushfold.kernels import settle, values_of
from omahanash.pushfold.spot import PushFoldSpot
from omahanash.ranges.rankings import equity_vs_random
from omahanash.runs import CancelFlag, check_interrupt

#: Depths ``--fgs-depth`` takes.
MIN_DEPTH, MAX_DEPTH = 0, 6
#: CFR+ iterations of a future hand's solve.
FUTURE_ITERATIONS = 20
#: Buckets of classes a future hand is played on (Hold'em and Omaha alike).
FUTURE_BUCKETS = 40
#: A future branch less likely than this (within its hand) is valued by ICM at once.
DEFAULT_PRUNE = 0.01
#: Pots of 3 or more players in the hand solved are valued at most this deep.
DEFAULT_MULTIWAY_DEPTH = 1
#: Stacks are keys of the caches rounded to this many decimals of a chip.
KEY_DECIMALS = 6


def default_depth(players: int) -> int:
    """The depth recommended by table size (ICMIZER's advice): 5 at 3 players, 3 at 4–7,
    2 at 8–10 (and 5 heads-up)."""
    return 5 if players <= 3 else 3 if players <= 7 else 2


# -- the blind schedule ------------------------------------------------------------------


@dataclass(frozen=True)
class Level:
    """Blinds and antes of one level (chips)."""

    sb: float
    bb: float
    ante: float = 0.0
    bb_ante: float = 0.0

    def __post_init__(self) -> None:
        for name in ("sb", "bb", "ante", "bb_ante"):
            value = getattr(self, name)
            if isinstance(value, bool) or not isinstance(value, (int, float)) \
                    or not math.isfinite(value) or value < 0:
                raise InputError(f"a level's {name} must be chips >= 0, got {value!r}")
            object.__setattr__(self, name, float(value))
        if not 0 < self.sb <= self.bb:
            raise InputError(f"a level needs 0 < SB <= BB, got {self.sb:g}/{self.bb:g}")

    @classmethod
    def parse(cls, text: str, ante: float = 0.0) -> Level:
        """``"SB/BB"`` or ``"SB/BB/ANTE"``.

        >>> Level.parse("100/200/25")
        Level(sb=100.0, bb=200.0, ante=25.0, bb_ante=0.0)
        """
        parts = str(text).strip().split("/")
        try:
            numbers = [float(part) for part in parts]
        except ValueError:
            numbers = []
        if len(numbers) not in (2, 3) or not all(math.isfinite(x) for x in numbers):
            raise InputError(f"a level is SB/BB or SB/BB/ANTE, got {text!r}")
        return cls(numbers[0], numbers[1], numbers[2] if len(numbers) == 3 else ante)


@dataclass(frozen=True)
class Schedule:
    """The blinds by hand: ``levels[0]`` for the hand solved (hand 0) and the
    ``hands_per_level - 1`` after it, then the next level, and so on (the last level lasts).
    One level: constant blinds.

    >>> s = Schedule.parse("50/100,75/150,100/200", 2)
    >>> [s.at(h).bb for h in range(6)]
    [100.0, 100.0, 150.0, 150.0, 200.0, 200.0]
    """

    levels: tuple[Level, ...]
    hands_per_level: int = 0

    def __post_init__(self) -> None:
        if not self.levels:
            raise InputError("a blind schedule needs at least one level")
        object.__setattr__(self, "levels", tuple(self.levels))
        if len(self.levels) > 1 and (isinstance(self.hands_per_level, bool) or not isinstance(
                self.hands_per_level, int) or self.hands_per_level < 1):
            raise InputError(f"hands per level must be a whole number >= 1 with several "
                             f"levels, got {self.hands_per_level!r}")

    @classmethod
    def constant(cls, spot: PushFoldSpot) -> Schedule:
        return cls((Level(spot.sb, spot.bb, spot.ante, spot.bb_ante),))

    @classmethod
    def parse(cls, text: str, hands_per_level: int, ante: float = 0.0,
              bb_ante: float = 0.0) -> Schedule:
        """Levels as text ``"50/100,75/150,100/200"`` (each may carry its ante)."""
        items = [item for item in str(text).replace(" ", "").split(",") if item]
        if not items:
            raise InputError(f"levels are SB/BB pairs separated by commas, got {text!r}")
        levels = []
        for item in items:
            level = Level.parse(item, ante)
            levels.append(Level(level.sb, level.bb, level.ante, bb_ante))
        return cls(tuple(levels), hands_per_level)

    def index(self, hand: int) -> int:
        if len(self.levels) == 1:
            return 0
        return min(hand // self.hands_per_level, len(self.levels) - 1)

    def at(self, hand: int) -> Level:
        return self.levels[self.index(hand)]


# -- a future hand --------------------------------------------------------------------------


def posts(stacks: np.ndarray, level: Level) -> tuple[np.ndarray, np.ndarray]:
    """``(antes, blinds)`` of a hand in preflop order (as :meth:`PushFoldSpot.posts`)."""
    m = stacks.size
    antes = np.full(m, level.ante)
    antes[m - 1] += level.bb_ante
    antes = np.minimum(antes, stacks)
    blinds = np.zeros(m)
    blinds[m - 2] += level.sb
    blinds[m - 1] += level.bb
    return antes, np.minimum(blinds, stacks - antes)


def pair_index(i: int, j: int, m: int) -> int:
    """The index of the pair ``i < j`` among ``m`` seats (row-major)."""
    return i * m - i * (i + 1) // 2 + (j - i - 1)


def outcome_rows(m: int) -> int:
    """Rows of a future hand's outcomes: folded to the big blind, each seat's steal, and
    for every pair (first in, caller) the first and the second winning."""
    return 1 + (m - 1) + m * (m - 1)


@njit(cache=True)
def future_finals(stacks: np.ndarray, antes: np.ndarray, blinds: np.ndarray) -> np.ndarray:
    """The stacks after each outcome of a future hand (rows as :func:`outcome_rows`: row 0
    folded to the big blind, ``1 + i`` seat ``i`` pushed and nobody called, ``m + 2p`` /
    ``m + 2p + 1`` the pair ``p = (i, j)`` all in, ``i`` / ``j`` winning)."""
    m = stacks.size
    out = np.zeros((1 + (m - 1) + m * (m - 1), m))
    hi = np.zeros(m, np.int32)
    lo = np.zeros(m, np.int32)
    contrib = np.empty(m)
    settle(1 << (m - 1), hi, lo, False, stacks, antes, blinds, out[0], contrib)
    for i in range(m - 1):
        settle(1 << i, hi, lo, False, stacks, antes, blinds, out[1 + i], contrib)
    p = 0
    for i in range(m):
        for j in range(i + 1, m):
            live = (1 << i) | (1 << j)
            hi[:] = 0
            hi[i] = 1
            settle(live, hi, lo, False, stacks, antes, blinds, out[m + 2 * p], contrib)
            hi[i] = 0
            hi[j] = 1
            settle(live, hi, lo, False, stacks, antes, blinds, out[m + 2 * p + 1], contrib)
            hi[j] = 0
            p += 1
    return out


@njit(cache=True)
def _weighted_product(a: np.ndarray, w: np.ndarray, b: np.ndarray) -> np.ndarray:
    """``(a * w) @ b``, the inner loop along the rows of ``b`` (it vectorises)."""
    out = np.zeros((a.shape[0], b.shape[1]))
    for i in range(a.shape[0]):
        for h in range(a.shape[1]):
            x = a[i, h] * w[h]
            if x != 0.0:
                for c in range(b.shape[1]):
                    out[i, c] += x * b[h, c]
    return out


@njit(cache=True)
def _evaluate(p: np.ndarray, q: np.ndarray, w: np.ndarray, eq_t: np.ndarray,
              u: np.ndarray, v_push: np.ndarray, v_pfold: np.ndarray, v_call: np.ndarray,
              v_cfold: np.ndarray, weight_p: np.ndarray, weight_c: np.ndarray,
              chance: np.ndarray, pi: np.ndarray) -> None:
    """Every decision's values under push chances ``p[i, c]`` and call chances
    ``q[pair, c]``: ``v_push[i, c]``, ``v_pfold[i]`` (the first-in seat ``i``'s values of
    pushing class ``c`` and of folding), ``v_call[pair, c]``, ``v_cfold[pair]`` (the caller's,
    per unit of the pusher's range), their counterfactual weights ``weight_p[i]``,
    ``weight_c[pair]``, and the outcome chances ``chance[row]`` with the first-in seat's
    share ``pi[pair]`` of the pots it is called in. ``u[row, x]``: seat ``x``'s value of each
    outcome (rows as :func:`future_finals`)."""
    m = u.shape[1]
    k = w.size
    pushed = np.zeros(m)  # P_i
    called = np.zeros(q.shape[0])  # Q_ij
    for i in range(m - 1):
        s = 0.0
        for c in range(k):
            s += w[c] * p[i, c]
        pushed[i] = s
    for pr in range(q.shape[0]):
        s = 0.0
        for c in range(k):
            s += w[c] * q[pr, c]
        called[pr] = s
    # vs[pr, c]: class c's pot share against the calls of pair pr, times their chance;
    # ers[i, c]: against the pushes of seat i (``eq_t`` is ``eq`` transposed)
    vs = _weighted_product(q, w, eq_t)
    ers = _weighted_product(p, w, eq_t)
    # the continuation values C_k (players before k folded), built from the big blind back
    cont = np.zeros((m, m))
    for x in range(m):
        cont[m - 1, x] = u[0, x]
    chance[:] = 0.0
    for i in range(m - 2, -1, -1):
        # pusher i's subtree: the callers in order, the pusher's share against each
        sub = np.zeros(m)
        none = 1.0  # nobody called yet
        for j in range(i + 1, m):
            pr = i * m - i * (i + 1) // 2 + (j - i - 1)
            share = 0.5
            if pushed[i] > 0.0 and called[pr] > 0.0:
                num = 0.0
                for c in range(k):
                    num += w[c] * p[i, c] * vs[pr, c]
                share = num / (pushed[i] * called[pr])
            pi[pr] = share
            win, lose = m + 2 * pr, m + 2 * pr + 1
            for x in range(m):
                sub[x] += none * called[pr] * (share * u[win, x] + (1.0 - share) * u[lose, x])
            none *= 1.0 - called[pr]
        for x in range(m):
            sub[x] += none * u[1 + i, x]
        for x in range(m):
            cont[i, x] = pushed[i] * sub[x] + (1.0 - pushed[i]) * cont[i + 1, x]
    # reach of each first-in seat and the outcome chances
    folded = 1.0
    for i in range(m - 1):
        weight_p[i] = folded
        v_pfold[i] = cont[i + 1, i]
        none = 1.0
        for j in range(i + 1, m):
            pr = i * m - i * (i + 1) // 2 + (j - i - 1)
            weight_c[pr] = folded * none
            chance[m + 2 * pr] = folded * pushed[i] * none * called[pr] * pi[pr]
            chance[m + 2 * pr + 1] = folded * pushed[i] * none * called[pr] * (1.0 - pi[pr])
            none *= 1.0 - called[pr]
        chance[1 + i] = folded * pushed[i] * none
        folded *= 1.0 - pushed[i]
    chance[0] = folded
    # the first-in seat's push by class, the callers' call and fold
    for i in range(m - 1):
        for c in range(k):
            v_push[i, c] = 0.0
        none = 1.0
        for j in range(i + 1, m):
            pr = i * m - i * (i + 1) // 2 + (j - i - 1)
            win, lose = m + 2 * pr, m + 2 * pr + 1
            for c in range(k):
                t = vs[pr, c]
                v_push[i, c] += none * (t * u[win, i] + (called[pr] - t) * u[lose, i])
            none *= 1.0 - called[pr]
        for c in range(k):
            v_push[i, c] += none * u[1 + i, i]
        # the callers of pusher i: equity against its range
        er = ers[i]
        for j in range(i + 1, m):
            pr = i * m - i * (i + 1) // 2 + (j - i - 1)
            win, lose = m + 2 * pr, m + 2 * pr + 1
            for c in range(k):
                v_call[pr, c] = er[c] * u[lose, j] + (pushed[i] - er[c]) * u[win, j]
            # j folds: the later callers' pots, or i's steal
            fold = 0.0
            none = 1.0
            for l in range(j + 1, m):
                pl = i * m - i * (i + 1) // 2 + (l - i - 1)
                fold += none * called[pl] * (pi[pl] * u[m + 2 * pl, j]
                                             + (1.0 - pi[pl]) * u[m + 2 * pl + 1, j])
                none *= 1.0 - called[pl]
            fold += none * u[1 + i, j]
            v_cfold[pr] = pushed[i] * fold


@njit(cache=True)
def solve_future(w: np.ndarray, eq: np.ndarray, u: np.ndarray, iterations: int,
                 forced: np.ndarray) -> tuple:
    """CFR+ (regret matching+, linear averaging) on the one-caller push/fold hand whose
    outcome values are ``u`` (rows as :func:`future_finals`, seats in preflop order), hands
    dealt by the class weights ``w`` with equities ``eq[c, h]``: the average ``(p, q)``.
    Seats ``forced`` (all in by their posts) never push or call: they are in every pot
    already (:func:`future_outcomes`)."""
    m = u.shape[1]
    k = w.size
    pairs = m * (m - 1) // 2
    p = np.full((m, k), 0.5)
    q = np.full((pairs, k), 0.5)
    p[m - 1, :] = 0.0
    for i in range(m):
        if forced[i]:
            p[i, :] = 0.0
            for a in range(i):
                q[a * m - a * (a + 1) // 2 + (i - a - 1), :] = 0.0
    rp = np.zeros((m, k, 2))
    rq = np.zeros((pairs, k, 2))
    ap = np.zeros((m, k))
    aq = np.zeros((pairs, k))
    total = 0.0
    v_push = np.zeros((m, k))
    v_pfold = np.zeros(m)
    v_call = np.zeros((pairs, k))
    v_cfold = np.zeros(pairs)
    weight_p = np.zeros(m)
    weight_c = np.zeros(pairs)
    chance = np.zeros(u.shape[0])
    pi = np.zeros(pairs)
    eq_t = np.ascontiguousarray(eq.T)
    for t in range(1, iterations + 1):
        _evaluate(p, q, w, eq_t, u, v_push, v_pfold, v_call, v_cfold, weight_p, weight_c,
                  chance, pi)
        for i in range(m - 1):
            for c in range(k):
                d = weight_p[i] * (v_push[i, c] - v_pfold[i])
                rp[i, c, 0] = max(rp[i, c, 0] + (1.0 - p[i, c]) * d, 0.0)
                rp[i, c, 1] = max(rp[i, c, 1] - p[i, c] * d, 0.0)
        for pr in range(pairs):
            for c in range(k):
                d = weight_c[pr] * (v_call[pr, c] - v_cfold[pr])
                rq[pr, c, 0] = max(rq[pr, c, 0] + (1.0 - q[pr, c]) * d, 0.0)
                rq[pr, c, 1] = max(rq[pr, c, 1] - q[pr, c] * d, 0.0)
        for i in range(m - 1):
            if forced[i]:
                continue
            for c in range(k):
                s = rp[i, c, 0] + rp[i, c, 1]
                p[i, c] = rp[i, c, 0] / s if s > 0.0 else 0.5
        for i in range(m - 1):
            for j in range(i + 1, m):
                if forced[j]:
                    continue
                pr = i * m - i * (i + 1) // 2 + (j - i - 1)
                for c in range(k):
                    s = rq[pr, c, 0] + rq[pr, c, 1]
                    q[pr, c] = rq[pr, c, 0] / s if s > 0.0 else 0.5
        ap += t * p
        aq += t * q
        total += t
    return ap / total, aq / total


@njit(cache=True)
def future_chances(p: np.ndarray, q: np.ndarray, w: np.ndarray, eq: np.ndarray,
                   u: np.ndarray) -> tuple:
    """``(chance, gains)``: each outcome's chance under ``(p, q)`` (the first-in seat's share
    of a called pot split into its two rows) and each seat's gain from a best reply (the
    future hand's exploitability, in the units of ``u``)."""
    m = u.shape[1]
    k = w.size
    pairs = q.shape[0]
    v_push = np.zeros((m, k))
    v_pfold = np.zeros(m)
    v_call = np.zeros((pairs, k))
    v_cfold = np.zeros(pairs)
    weight_p = np.zeros(m)
    weight_c = np.zeros(pairs)
    chance = np.zeros(u.shape[0])
    pi = np.zeros(pairs)
    _evaluate(p, q, w, np.ascontiguousarray(eq.T), u, v_push, v_pfold, v_call, v_cfold,
              weight_p, weight_c, chance, pi)
    gains = np.zeros(m)
    for i in range(m - 1):
        for c in range(k):
            a, b = v_push[i, c], v_pfold[i]
            gains[i] += weight_p[i] * w[c] * (max(a, b) - (p[i, c] * a + (1 - p[i, c]) * b))
    for i in range(m - 1):
        for j in range(i + 1, m):
            pr = i * m - i * (i + 1) // 2 + (j - i - 1)
            for c in range(k):
                a, b = v_call[pr, c], v_cfold[pr]
                gains[j] += weight_c[pr] * w[c] * (max(a, b)
                                                   - (q[pr, c] * a + (1 - q[pr, c]) * b))
    return chance, gains


def future_outcomes(stacks: np.ndarray, antes: np.ndarray, blinds: np.ndarray,
                    forced: np.ndarray) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """The outcomes of a future hand with seats all in by their posts (``forced``): such a
    seat is in every pot it reaches, whatever the others do, its hand ranked among the
    showdown's at random (every order of the live seats that keeps the row's winner above
    its loser alike). ``(rows, weight, finals)``: each outcome's row of
    :func:`future_finals`, its chance within that row, and the stacks after it."""
    m = stacks.size
    extra = [int(i) for i in np.flatnonzero(forced)]
    voluntary: list[tuple[list[int], int, int]] = [([m - 1], m - 1, -1)]
    voluntary += [([i], i, -1) for i in range(m - 1)]
    for i in range(m):
        for j in range(i + 1, m):
            voluntary += [([i, j], i, j), ([i, j], j, i)]
    rows, weight, finals = [], [], []
    hi = np.zeros(m, np.int32)
    lo = np.zeros(m, np.int32)
    contrib = np.empty(m)
    for row, (seats, winner, loser) in enumerate(voluntary):
        live = sorted(set(seats) | set(extra))
        orders = [order for order in permutations(live)
                  if loser < 0 or order.index(winner) < order.index(loser)]
        for order in orders:
            hi[:] = 0
            for rank, seat in enumerate(order):
                hi[seat] = len(order) - rank
            mask = sum(1 << seat for seat in live)
            out = np.zeros(m)
            settle(mask, hi, lo, False, stacks, antes, blinds, out, contrib)
            rows.append(row)
            weight.append(1.0 / len(orders))
            finals.append(out)
    return np.array(rows, np.int64), np.array(weight), np.array(finals)


@dataclass(frozen=True)
class FutureClasses:
    """How future hands are dealt: ``weights[k]`` (summing to 1) and ``equity[a, b]`` of
    bucket ``a`` against ``b``; ``bucket[c]`` of every class of the table."""

    weights: np.ndarray
    equity: np.ndarray
    bucket: np.ndarray


@njit(cache=True)
def _bucket_equity(storage: np.ndarray, scale: float, n: int, bucket: np.ndarray,
                   combos: np.ndarray, k: int) -> np.ndarray:
    """Combo-weighted equity of every bucket pair from a class table's upper triangle."""
    num = np.zeros((k, k))
    den = np.zeros((k, k))
    index = 0
    for a in range(n):
        for b in range(a, n):
            e = storage[index] / scale
            index += 1
            wt = combos[a] * combos[b]
            ba, bb = bucket[a], bucket[b]
            num[ba, bb] += wt * e
            den[ba, bb] += wt
            if b != a:
                num[bb, ba] += wt * (1.0 - e)
                den[bb, ba] += wt
    out = np.full((k, k), 0.5)
    for a in range(k):
        for b in range(k):
            if den[a, b] > 0:
                out[a, b] = num[a, b] / den[a, b]
    return out


def future_classes(table: EquityTable, buckets: int | None = None) -> FutureClasses:
    """The classes a future hand is dealt on: ``buckets`` (default :data:`FUTURE_BUCKETS`; at
    least the table's classes: every class its own) of about equal combos by equity against
    a random hand. Made once per table."""
    return _future_classes(table, buckets)


@lru_cache(maxsize=4)
def _future_classes(table: EquityTable, buckets: int | None) -> FutureClasses:
    game = table.game
    combos = class_combos(game)[table.class_ids].astype(np.float64)
    n = table.n
    k = min(n, FUTURE_BUCKETS if buckets is None else int(buckets))
    if k < 2:
        raise InputError(f"future hands need at least 2 buckets, got {k}")
    if k == n:
        bucket = np.arange(n)
    else:
        strength = np.asarray(equity_vs_random(Variant.parse(game)))[table.class_ids]
        order = np.argsort(-strength, kind="stable")
        share = np.cumsum(combos[order]) / combos.sum()
        bucket = np.empty(n, np.int64)
        bucket[order] = np.minimum((share * k - 1e-9).astype(np.int64), k - 1)
    bucket = bucket.astype(np.int64)
    storage, scale = table.equity_storage()
    equity = _bucket_equity(np.asarray(storage), float(scale), n, bucket, combos, k)
    counts = np.bincount(bucket, weights=combos, minlength=k).astype(np.float64)
    weights = counts / counts.sum()
    return FutureClasses(weights, equity, bucket)


#: A fixed way to play future hands: ``policy(stacks, level) -> (p, q)``, the push chance
#: ``p[seat, bucket]`` of each first-in seat and the call chance ``q[pair, bucket]`` of each
#: caller of each first-in seat (pairs as :func:`pair_index`).
Policy = Callable[[np.ndarray, Level], tuple[np.ndarray, np.ndarray]]


def future_strategy(stacks: Sequence[float] | np.ndarray, level: Level, payouts: np.ndarray,
                    classes: FutureClasses, iterations: int = FUTURE_ITERATIONS,
                    policy: Policy | None = None,
                    ) -> tuple[np.ndarray, np.ndarray, np.ndarray, np.ndarray]:
    """A future hand at ``stacks`` (preflop order) and ``level``, played by its one-caller
    equilibrium under ICM (or by ``policy``): ``(finals, icm_values, chance, gains)`` — each
    outcome's stacks after the hand, ICM values and chance, and each seat's best-reply gain.
    With seats all in by their posts the outcomes are :func:`future_outcomes`' (those seats
    in every pot), else :func:`future_finals`' rows."""
    chips = np.asarray(stacks, np.float64)
    antes, blinds = posts(chips, level)
    pay = np.asarray(payouts, np.float64)
    finals = future_finals(chips, antes, blinds)
    forced = chips - antes - blinds <= 0.0
    rows = np.arange(finals.shape[0])
    weight = np.ones(finals.shape[0])
    if forced.any():
        rows, weight, finals = future_outcomes(chips, antes, blinds, forced)
    sub = values_of(finals, chips, pay, True)
    values = np.zeros((outcome_rows(chips.size), chips.size))
    np.add.at(values, rows, weight[:, None] * sub)
    if policy is None:
        p, q = solve_future(classes.weights, classes.equity, values, iterations, forced)
    else:
        m, k = chips.size, classes.weights.size
        p, q = (np.asarray(x, np.float64) for x in policy(chips, level))
        if p.shape != (m, k) or q.shape != (m * (m - 1) // 2, k):
            raise InputError(f"a policy gives p of shape {(m, k)} and q of shape "
                             f"{(m * (m - 1) // 2, k)}, got {p.shape} and {q.shape}")
    chance, gains = future_chances(p, q, classes.weights, classes.equity, values)
    return finals, sub, chance[rows] * weight, gains


# -- the valuation ------------------------------------------------------------------------


class FGSValuation:
    """FGS at ``depth`` (0–6; 0 is ICM) for the spot's table: ``valuation(final, start)`` of
    :func:`~omahanash.pushfold.solve_pushfold` (module doc). ``schedule``: the blinds by hand
    (hand 0 is the spot's; default the spot's blinds for ever); ``prune``: future branches less
    likely than this within their hand are valued by ICM; ``table``: the equity table future
    hands are dealt on (default the spot's variant's); ``iterations``, ``buckets``: of each
    future hand's solve; ``policy``: a fixed way to play future hands instead
    (:data:`Policy`). ``states``/``solves`` count the distinct states valued and future
    hands solved; ``cancel`` (a Stop) and ``on_progress(states, solves)`` may be set.

    Pots of 3 or more players in the hand solved are valued at most ``multiway_depth``
    deep (None: as deep as the others); pots of more players than a valuation's outcome
    tables hold (5 or more; 4 or more in Hi/Lo) by ICM (:attr:`big_pots_by_icm`)."""

    #: Pots the engine does not table (5+ players, 4+ in Hi/Lo) are valued by ICM.
    big_pots_by_icm = True

    def __init__(self, spot: PushFoldSpot, depth: int, schedule: Schedule | None = None, *,
                 prune: float = DEFAULT_PRUNE, table: EquityTable | None = None,
                 iterations: int = FUTURE_ITERATIONS, buckets: int | None = None,
                 policy: Policy | None = None,
                 multiway_depth: int | None = DEFAULT_MULTIWAY_DEPTH) -> None:
        if not isinstance(spot, PushFoldSpot):
            raise InputError(f"spot must be a PushFoldSpot, got {spot!r}")
        if isinstance(depth, bool) or not isinstance(depth, int) \
                or not MIN_DEPTH <= depth <= MAX_DEPTH:
            raise InputError(f"FGS depth must be a whole number {MIN_DEPTH}..{MAX_DEPTH}, "
                             f"got {depth!r}")
        pay = spot.payout_amounts
        if pay is None:
            raise InputError("FGS values prizes: give the spot its payouts")
        if isinstance(prune, bool) or not isinstance(prune, (int, float)) \
                or not 0 <= prune < 1:
            raise InputError(f"prune must be a chance 0 <= p < 1, got {prune!r}")
        if isinstance(iterations, bool) or not isinstance(iterations, int) or iterations < 1:
            raise InputError(f"iterations must be a whole number >= 1, got {iterations!r}")
        self.spot = spot
        self.depth = depth
        self.schedule = Schedule.constant(spot) if schedule is None else schedule
        self.prune = float(prune)
        self.iterations = iterations
        self.payouts = pay
        self._table = table
        self._buckets = buckets
        self._policy = policy
        if multiway_depth is not None and (isinstance(multiway_depth, bool) or not isinstance(
                multiway_depth, int) or multiway_depth < 0):
            raise InputError(f"multiway_depth must be a whole number >= 0 or None, got "
                             f"{multiway_depth!r}")
        self.multiway_depth = depth if multiway_depth is None else min(depth, multiway_depth)
        antes, blinds = spot.posts()
        self._folded = spot.stack_array() - antes - blinds
        self._classes: FutureClasses | None = None
        self._strategies: dict[tuple, tuple] = {}
        self._values: dict[tuple, np.ndarray] = {}
        self.states = 0
        self.solves = 0
        #: A Stop: checked at every new state (:class:`~omahanash.errors.Cancelled`).
        self.cancel: CancelFlag | None = None
        #: ``on_progress(states, solves)`` after every new state.
        self.on_progress: Callable[[int, int], None] | None = None

    @property
    def classes(self) -> FutureClasses:
        if self._classes is None:
            table = self._table if self._table is not None else load_table(self.spot.variant)
            self._classes = future_classes(table, self._buckets)
        return self._classes

    def __call__(self, final: np.ndarray, start: np.ndarray) -> np.ndarray:
        """Every seat's value (preflop order of the hand) of the stacks ``final`` after the
        hand solved, which started at ``start``."""
        final = np.asarray(final, np.float64)
        start = np.asarray(start, np.float64)
        icm_now = icm_detail(final, self.payouts, tiebreak=start).equity
        if self.depth == 0:
            return icm_now
        depth = self.depth
        if depth > self.multiway_depth and start.shape == self._folded.shape \
                and np.array_equal(start, self.spot.stack_array()):
            in_pot = int((np.abs(final - self._folded) > 1e-9 * max(1.0, start.max())).sum())
            if in_pot >= 3:  # a pot of three or more: rare, valued less deep
                depth = self.multiway_depth
        return self.after_hand(final, icm_now, hand=1, depth=depth)

    def after_hand(self, final: np.ndarray, icm_now: np.ndarray, hand: int,
                   depth: int) -> np.ndarray:
        """Values of the stacks ``final`` after a hand (its seats' preflop order), the next
        hand being ``hand``, ``depth`` hands to play: busted seats keep their place's prize
        (``icm_now``: ICM of ``final``), the survivors the value of the next state."""
        alive = np.flatnonzero(final > 0)
        out = icm_now.copy()
        if depth == 0 or alive.size <= 1:
            return out
        order = np.concatenate([alive[1:], alive[:1]])  # the button moves one seat on
        out[order] = self.state_value(final[order], hand, depth)
        return out

    def state_value(self, stacks: np.ndarray, hand: int, depth: int) -> np.ndarray:
        """Each seat's value (preflop order) at the start of hand ``hand`` with ``stacks``
        and ``depth`` hands to play before ICM."""
        chips = np.asarray(stacks, np.float64)
        m = chips.size
        payouts = self.payouts[:m]
        if depth == 0 or m <= 1:
            return icm_detail(chips, payouts).equity
        level = self.schedule.index(hand)
        key = (tuple(np.round(chips, KEY_DECIMALS)), level if depth == 1 else hand, depth)
        cached = self._values.get(key)
        if cached is not None:
            return cached
        check_interrupt(self.cancel)
        finals, values, chance = self._strategy(chips, level, payouts)
        self.states += 1
        if self.on_progress is not None:
            self.on_progress(self.states, self.solves)
        out = np.zeros(m)
        for row in range(finals.shape[0]):
            c = chance[row]
            if c <= 0.0:
                continue
            if depth == 1 or c < self.prune:
                out += c * values[row]
            else:
                out += c * self.after_hand(finals[row], values[row], hand + 1, depth - 1)
        self._values[key] = out
        return out

    def _strategy(self, chips: np.ndarray, level: int, payouts: np.ndarray) -> tuple:
        key = (tuple(np.round(chips, KEY_DECIMALS)), level)
        found = self._strategies.get(key)
        if found is None:
            finals, values, chance, _ = future_strategy(chips, self.schedule.levels[level],
                                                        payouts, self.classes,
                                                        self.iterations, self._policy)
            found = (finals, values, chance)
            self._strategies[key] = found
            self.solves += 1
        return found
