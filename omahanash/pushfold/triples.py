"""Three-handed Hold'em without board noise: every class triple with its exact card-removal
weight, and its three-way showdown settled on many boards.

The sampled deals of a table settle a pot of three players on the deal's one board, so at a
node a class reaches on a few per cent of its deals (the big blind facing an all-in and a
call) its value rests on a few dozen boards, and the noise widens the range (3-handed chip
EV at 10 BB: the big blind called 21.5 % against both where the exact answer is 13.1 %).
This source removes both samplings at a 3-handed Hold'em table:

* the hands: every ordered triple of the 169 classes (BTN, SB, BB) with its exact number of
  disjoint concrete deals (:func:`triple_weights`), as :func:`~omahanash.pushfold.deals.
  exact_deals` does;
* the boards: a **triple table** (:func:`triple_table`, built once and kept in the cache
  folder) holds, for each of the 818,805 unordered class triples, how its three hands finish
  on :data:`TRIPLE_SAMPLES` boards (each with fresh concrete hands of the classes): the
  counts of the 13 finishing orders with ties (:data:`PATTERNS`). A pot of three is then
  the average over those boards (side pots by the finishing order), and a two-player pot
  the class table's exact equity.

Each triple's finishing shares carry a sampling error of ~2.2 points at most (√(¼ /
:data:`TRIPLE_SAMPLES`)); a class's value at a node averages thousands of triples, so the
error left is a few hundredths of a point (the tests measure it against an independent
table). NashConv measured on a table of another seed is the solve's fresh figure.

The pass over the triples (:func:`three_pass`) has the layout of :func:`~omahanash.pushfold.
kernels.deal_pass` (counterfactual values, reach and root values), so every reader of a
solver — EVs, lookups, gains — works unchanged.

>>> t = pattern_index(np.array([2, 1, 0]))   # seat 0 best, then 1, then 2
>>> PATTERNS[t].tolist(), len(PATTERNS)
([2, 1, 0], 13)
"""

from __future__ import annotations

import os
import threading
from dataclasses import dataclass
from pathlib import Path

import numpy as np
from numba import njit, prange

from omahanash.equity.tablefile import make_cache_dir, resolve_cache_dir
from omahanash.equity.tables import class_data
from omahanash.equity.triangle import expand_triangle
from omahanash.errors import InputError
from omahanash.evaluate.core import PAIR_OF_CARDS, board_summary
from omahanash.evaluate.lookups import nonflush_table
from omahanash.evaluate.tables import flush_table
from omahanash.hands import class_combos
from omahanash.pushfold.deals import Deals, _triple_counts, draw_board
from omahanash.pushfold.kernels import sum_chunks
from omahanash.rng import below, next_bits, stream
from omahanash.runs import kernel_flag, raise_if_stopped
from omahanash.savefile import FileKind, read, write
from omahanash.stopflag import stop_requested

#: Boards (each with its own concrete hands) a class triple's showdown is settled on.
TRIPLE_SAMPLES = 500
#: The seed of the triple table the solves use; :data:`FRESH_SEED`'s is the independent one
#: their fresh NashConv is measured on.
TRIPLE_SEED = 0
FRESH_SEED = 1
#: Hold'em classes.
CLASSES = 169
TRIPLES = CLASSES * (CLASSES + 1) * (CLASSES + 2) // 6
TRIPLE_TABLE = FileKind("triple-table", 1, "omahanash three-way showdown table",
                        meta_types=(("classes", int), ("samples", int), ("seed", int)),
                        array_dtypes=(("counts", ("<u2",)),))


def _patterns() -> np.ndarray:
    """The 13 finishing orders of three hands with ties: ``r[i]`` = how many of the others
    hold a worse hand."""
    found = set()
    for h in np.ndindex(3, 3, 3):
        found.add(tuple(sum(h[j] < h[i] for j in range(3)) for i in range(3)))
    return np.array(sorted(found), np.int64)


#: ``PATTERNS[p] = (r0, r1, r2)``: seat ``i`` beats ``r_i`` of the other two.
PATTERNS = _patterns()
#: ``PATTERN_OF[r0 + 4 r1 + 16 r2]`` = its row of :data:`PATTERNS` (−1: no finish gives it).
PATTERN_OF = np.full(64, -1, np.int64)
PATTERN_OF[PATTERNS[:, 0] + 4 * PATTERNS[:, 1] + 16 * PATTERNS[:, 2]] = np.arange(
    len(PATTERNS))


def pattern_index(hi: np.ndarray) -> int:
    """The row of :data:`PATTERNS` of three showdown values (higher wins).

    >>> PATTERNS[pattern_index(np.array([5, 5, 1]))].tolist()   # a split, then the third
    [1, 1, 0]
    """
    r = [int(sum(hi[j] < hi[i] for j in range(3))) for i in range(3)]
    return int(PATTERN_OF[r[0] + 4 * r[1] + 16 * r[2]])


@njit(cache=True, inline="always")
def triple_index(x: int, y: int, z: int) -> int:
    """Index of the unordered triple ``x <= y <= z`` among :data:`TRIPLES`."""
    return z * (z + 1) * (z + 2) // 6 + y * (y + 1) // 2 + x


@njit(cache=True, parallel=True, nogil=True)
def _count_finishes(member_cards: np.ndarray, member_masks: np.ndarray,
                    member_offsets: np.ndarray, sorted_classes: np.ndarray,
                    possible: np.ndarray, samples: int, seed: int, nf: np.ndarray,
                    flush: np.ndarray, pattern_of: np.ndarray, counts: np.ndarray,
                    cancel: np.ndarray) -> None:
    """``counts[t, p]``: of ``samples`` deals of triple ``t`` (its classes
    ``sorted_classes[t]``; concrete disjoint hands of them, then a board of the cards left;
    stream (``seed``, ``t``)), how many finish in pattern ``p``. Triples that cannot be dealt
    (``possible[t]`` False) are left at 0."""
    for t in prange(sorted_classes.shape[0]):
        if not possible[t] or stop_requested(cancel):
            continue
        board = np.empty(5, np.int8)
        hi = np.zeros(3, np.int64)
        picked = np.zeros(3, np.int64)
        cls = sorted_classes[t]
        state = stream(seed, t)
        for _ in range(samples):
            while True:  # three disjoint members (possible[t]: some exist)
                used = np.uint64(0)
                ok = True
                for s in range(3):
                    lo = member_offsets[cls[s]]
                    size = member_offsets[cls[s] + 1] - lo
                    state, bits = next_bits(state)
                    m = lo + below(bits, size)
                    if member_masks[m] & used:
                        ok = False
                        break
                    used |= member_masks[m]
                    picked[s] = m
                if ok:
                    break
            state = draw_board(state, used, board)
            index, suit, mask = board_summary(board[0], board[1], board[2], board[3],
                                              board[4])
            for s in range(3):
                h0 = member_cards[picked[s], 0]
                h1 = member_cards[picked[s], 1]
                best = nf[index, PAIR_OF_CARDS[np.uint64(h0), np.uint64(h1)]]
                if suit >= 0:
                    fm = mask
                    if h0 & 3 == suit:
                        fm |= 1 << (h0 >> 2)
                    if h1 & 3 == suit:
                        fm |= 1 << (h1 >> 2)
                    v = flush[fm]
                    if v > best:
                        best = v
                hi[s] = best
            key = 0
            digit = 1
            for a in range(3):
                r = 0
                for b in range(3):
                    if hi[b] < hi[a]:
                        r += 1
                key += r * digit
                digit *= 4
            counts[t, pattern_of[key]] += 1


@dataclass(frozen=True)
class TripleTable:
    """``counts[t, p]``: how the unordered class triple ``t`` (:func:`triple_index`) finished
    in pattern ``p`` (:data:`PATTERNS`) on ``samples`` boards; ``seed`` made them."""

    counts: np.ndarray
    samples: int
    seed: int


def build_triple_table(samples: int = TRIPLE_SAMPLES, seed: int = TRIPLE_SEED
                       ) -> TripleTable:
    """Count every unordered Hold'em class triple's finishes on ``samples`` boards (a
    minute or so of CPU at the default; :func:`triple_table` keeps it on disk).

    >>> table = build_triple_table(samples=2)
    >>> int(table.counts.sum(axis=1).max()), table.counts.shape
    (2, (818805, 13))
    """
    if isinstance(samples, bool) or not isinstance(samples, int) or not 1 <= samples <= 65535:
        raise InputError(f"samples must be a whole number 1..65535, got {samples!r}")
    data = class_data("holdem")
    weights = triple_weights()
    x, y, z = _sorted_triples()
    possible = weights[x, y, z] > 0
    counts = np.zeros((TRIPLES, len(PATTERNS)), np.uint16)
    stop = kernel_flag()  # a Stop of an enclosing cancel_scope: Cancelled, nothing kept
    _count_finishes(data.member_cards, data.member_masks, data.member_offsets,
                    np.ascontiguousarray(np.stack([x, y, z], axis=1)), possible, samples,
                    seed, nonflush_table("holdem"), flush_table(), PATTERN_OF, counts, stop)
    raise_if_stopped(stop)
    return TripleTable(counts, samples, seed)


def _sorted_triples() -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """The classes ``x <= y <= z`` of every triple index, in index order."""
    z, y, x = np.array([(z, y, x) for z in range(CLASSES) for y in range(z + 1)
                        for x in range(y + 1)], np.int64).T
    return x, y, z


_TABLES: dict[tuple[str, int, int], TripleTable] = {}
_WEIGHTS: list[np.ndarray] = []
_LOCK = threading.RLock()  # triple_table builds with triple_weights inside


def triple_path(seed: int, samples: int, cache_dir: str | os.PathLike | None = None) -> Path:
    """Where the triple table of ``seed`` and ``samples`` is kept in the cache folder."""
    return resolve_cache_dir(cache_dir) / f"holdem-triples-{samples}-{seed}.table"


def triple_table(seed: int = TRIPLE_SEED, samples: int = TRIPLE_SAMPLES,
                 cache_dir: str | os.PathLike | None = None) -> TripleTable:
    """The triple table of ``seed``: from memory, from the cache folder, or built and kept
    there (a damaged or foreign file is built again)."""
    path = triple_path(seed, samples, cache_dir)
    key = (str(path), seed, samples)
    with _LOCK:
        if key in _TABLES:
            return _TABLES[key]
        table = None
        if path.is_file():
            try:
                saved = read(path, TRIPLE_TABLE)
                counts = saved.arrays["counts"]
                if (saved.meta["classes"], saved.meta["samples"], saved.meta["seed"]) == (
                        CLASSES, samples, seed) and counts.shape == (TRIPLES, len(PATTERNS)):
                    table = TripleTable(np.ascontiguousarray(counts), samples, seed)
            except (InputError, OSError, KeyError):
                table = None
        if table is None:
            table = build_triple_table(samples, seed)
            try:
                make_cache_dir(cache_dir)
                write(path, TRIPLE_TABLE, {"classes": CLASSES, "samples": samples,
                                           "seed": seed}, {"counts": table.counts})
            except (OSError, InputError):  # a cache that cannot be written costs time later
                pass
        _TABLES[key] = table
        return table


def triple_weights() -> np.ndarray:
    """``w[a, b, c]``: the share of 3-handed deals whose BTN, SB and BB hold classes ``a``,
    ``b``, ``c`` (exact card removal; summing to 1).

    >>> w = triple_weights()
    >>> w.shape, round(float(w.sum()), 12), float(w[0, 0, 0])   # AA three times: none
    ((169, 169, 169), 1.0, 0.0)
    """
    with _LOCK:
        if not _WEIGHTS:
            data = class_data("holdem")
            member_class = np.repeat(np.arange(CLASSES, dtype=np.int32),
                                     np.diff(data.member_offsets))
            counts = _triple_counts(data.member_masks, member_class,
                                    data.member_offsets[:-1].copy(), CLASSES)
            w = counts * class_combos("holdem").astype(np.float64)[:, None, None]
            w /= w.sum()
            w.setflags(write=False)
            _WEIGHTS.append(w)
        return _WEIGHTS[0]


@njit(cache=True, parallel=True)
def _settle_triples(counts: np.ndarray, samples: int, patterns: np.ndarray,
                    multi: np.ndarray, row_of_key: np.ndarray) -> np.ndarray:
    """``v[a, b, c, i]``: seat ``i``'s value of the three-way all-in of classes ``a`` (BTN),
    ``b`` (SB), ``c`` (BB), averaged over the triple's boards; ``multi[row, i]`` is the
    value of each finish (its row ``row_of_key[r0 + 4 r1 + 16 r2]``)."""
    n = CLASSES
    kinds = patterns.shape[0]
    # by = value of pattern p for each seat when the sorted positions are seats order:
    # indexed by order[0] * 3 + order[1] (the seats of the smallest and the middle class)
    by = np.zeros((9, kinds, 3))
    for first in range(3):
        for second in range(3):
            if first == second:
                continue
            seats = (first, second, 3 - first - second)
            for p in range(kinds):
                key = 0
                for pos in range(3):
                    key += patterns[p, pos] * (1 << (2 * seats[pos]))
                for i in range(3):
                    by[first * 3 + second, p, i] = multi[row_of_key[key], i] / samples
    out = np.zeros((n, n, n, 3))
    for a in prange(n):
        cls = np.empty(3, np.int64)
        order = np.empty(3, np.int64)  # order[s]: the seat of the s-th smallest class
        for b in range(n):
            for c in range(n):
                cls[0], cls[1], cls[2] = a, b, c
                order[0], order[1], order[2] = 0, 1, 2
                for i in range(1, 3):  # insertion sort of three seats by class (stable)
                    j = i
                    while j > 0 and cls[order[j - 1]] > cls[order[j]]:
                        order[j - 1], order[j] = order[j], order[j - 1]
                        j -= 1
                t = triple_index(cls[order[0]], cls[order[1]], cls[order[2]])
                table = by[order[0] * 3 + order[1]]
                v0 = 0.0
                v1 = 0.0
                v2 = 0.0
                for p in range(kinds):
                    k = counts[t, p]
                    if k != 0:
                        v0 += k * table[p, 0]
                        v1 += k * table[p, 1]
                        v2 += k * table[p, 2]
                out[a, b, c, 0] = v0
                out[a, b, c, 1] = v1
                out[a, b, c, 2] = v2
    return out


def settled_values(table: TripleTable, multi: np.ndarray, row_of_key: np.ndarray
                   ) -> np.ndarray:
    """Every ordered triple's three-way pot value for each seat from ``table``: ``multi``
    is a spot's outcome table of the pot of all three (``rows × 3``, :func:`~omahanash.
    pushfold.kernels.terminal_values`), ``row_of_key`` its rows by :func:`~omahanash.
    pushfold.kernels.outcome_key`."""
    return _settle_triples(table.counts, table.samples, PATTERNS, np.ascontiguousarray(multi),
                           np.ascontiguousarray(row_of_key))


@njit(cache=True, parallel=True, nogil=True)
def three_pass(w: np.ndarray, v3: np.ndarray, eq: np.ndarray, single: np.ndarray,
               first: np.ndarray, second: np.ndarray, sigma: np.ndarray,
               chunks: int, cancel: np.ndarray) -> tuple:
    """One pass over every class triple of a 3-handed table under ``sigma[node, class]``:
    ``(cfv[node, class, action], reach[node, class], root[seat])`` as :func:`~omahanash.
    pushfold.kernels.deal_pass` makes them. ``w`` the triples' weights, ``v3`` their
    three-way values (:func:`settled_values`), ``eq[x, y]`` class ``x``'s equity against
    ``y``, ``single``/``first``/``second`` the spot's terminal values of one and two players
    left. Nodes: 0 BTN, 1 SB, 2 SB vs BTN, 4 BB vs BTN, 5 BB vs SB, 6 BB vs BTN+SB.
    ``cancel`` (one byte, :func:`~omahanash.runs.kernel_flag`) is polled before every pair of
    the button's and the small blind's classes: set, the pass stops part way (its caller
    throws it away)."""
    n = w.shape[0]
    nodes = sigma.shape[0]
    cfv = np.zeros((chunks, nodes, n, 2))
    reach = np.zeros((chunks, nodes, n))
    root = np.zeros((chunks, 3))
    # terminal values by seat: one player left (constants), two left (second + e * diff,
    # ``e`` the lower seat's equity: live sets 3 BTN+SB, 5 BTN+BB, 6 SB+BB)
    ff0, ff1, ff2 = single[4, 0], single[4, 1], single[4, 2]  # BTN and SB fold
    fp0, fp1, fp2 = single[2, 0], single[2, 1], single[2, 2]  # SB pushes, BB folds
    pf0, pf1, pf2 = single[1, 0], single[1, 1], single[1, 2]  # BTN pushes, both fold
    s60, s61, s62 = second[6, 0], second[6, 1], second[6, 2]
    d60, d61, d62 = first[6, 0] - s60, first[6, 1] - s61, first[6, 2] - s62
    s50, s51, s52 = second[5, 0], second[5, 1], second[5, 2]
    d50, d51, d52 = first[5, 0] - s50, first[5, 1] - s51, first[5, 2] - s52
    s30, s31, s32 = second[3, 0], second[3, 1], second[3, 2]
    d30, d31, d32 = first[3, 0] - s30, first[3, 1] - s31, first[3, 2] - s32
    for ch in prange(chunks):
        cv = cfv[ch]
        rc = reach[ch]
        rt = root[ch]
        for a in range(n * ch // chunks, n * (ch + 1) // chunks):
            p0 = sigma[0, a]
            btn_fold = 0.0
            btn_push = 0.0
            btn_reach = 0.0
            r0 = 0.0
            r1 = 0.0
            r2 = 0.0
            for b in range(n):
                if stop_requested(cancel):
                    break
                p1 = sigma[1, b]
                p2 = sigma[2, b]
                e_ab = eq[a, b]
                pcf0 = s30 + e_ab * d30
                pcf1 = s31 + e_ab * d31
                pcf2 = s32 + e_ab * d32
                sb1_fold = 0.0
                sb1_play = 0.0
                sb1_reach = 0.0
                sb2_fold = 0.0
                sb2_play = 0.0
                sb2_reach = 0.0
                x5 = (1.0 - p0) * p1
                x4 = p0 * (1.0 - p2)
                x6 = p0 * p2
                for c in range(n):
                    wt = w[a, b, c]
                    if wt == 0.0:
                        continue
                    q4 = sigma[4, c]
                    q5 = sigma[5, c]
                    q6 = sigma[6, c]
                    e_bc = eq[b, c]
                    e_ac = eq[a, c]
                    pcc0 = v3[a, b, c, 0]
                    pcc1 = v3[a, b, c, 1]
                    pcc2 = v3[a, b, c, 2]
                    fpc0 = s60 + e_bc * d60
                    fpc1 = s61 + e_bc * d61
                    fpc2 = s62 + e_bc * d62
                    pfc0 = s50 + e_ac * d50
                    pfc1 = s51 + e_ac * d51
                    pfc2 = s52 + e_ac * d52
                    # the big blind's nodes: 5 vs SB, 4 vs BTN, 6 vs both
                    x = wt * x5
                    cv[5, c, 0] += x * fp2
                    cv[5, c, 1] += x * fpc2
                    rc[5, c] += x
                    x = wt * x4
                    cv[4, c, 0] += x * pf2
                    cv[4, c, 1] += x * pfc2
                    rc[4, c] += x
                    x = wt * x6
                    cv[6, c, 0] += x * pcf2
                    cv[6, c, 1] += x * pcc2
                    rc[6, c] += x
                    # the small blind's: after a fold (node 1), facing the button (node 2)
                    sbp0 = fp0 + q5 * (fpc0 - fp0)
                    sbp1 = fp1 + q5 * (fpc1 - fp1)
                    sbp2 = fp2 + q5 * (fpc2 - fp2)
                    sbf0 = pf0 + q4 * (pfc0 - pf0)
                    sbf1 = pf1 + q4 * (pfc1 - pf1)
                    sbf2 = pf2 + q4 * (pfc2 - pf2)
                    sbc0 = pcf0 + q6 * (pcc0 - pcf0)
                    sbc1 = pcf1 + q6 * (pcc1 - pcf1)
                    sbc2 = pcf2 + q6 * (pcc2 - pcf2)
                    sb1_fold += wt * ff1
                    sb1_play += wt * sbp1
                    sb1_reach += wt
                    sb2_fold += wt * sbf1
                    sb2_play += wt * sbc1
                    # the button's, and the root
                    f0 = ff0 + p1 * (sbp0 - ff0)
                    f1 = ff1 + p1 * (sbp1 - ff1)
                    f2 = ff2 + p1 * (sbp2 - ff2)
                    u0 = sbf0 + p2 * (sbc0 - sbf0)
                    u1 = sbf1 + p2 * (sbc1 - sbf1)
                    u2 = sbf2 + p2 * (sbc2 - sbf2)
                    btn_fold += wt * f0
                    btn_push += wt * u0
                    r0 += wt * (f0 + p0 * (u0 - f0))
                    r1 += wt * (f1 + p0 * (u1 - f1))
                    r2 += wt * (f2 + p0 * (u2 - f2))
                sb2_reach = sb1_reach
                cv[1, b, 0] += (1.0 - p0) * sb1_fold
                cv[1, b, 1] += (1.0 - p0) * sb1_play
                rc[1, b] += (1.0 - p0) * sb1_reach
                cv[2, b, 0] += p0 * sb2_fold
                cv[2, b, 1] += p0 * sb2_play
                rc[2, b] += p0 * sb2_reach
                btn_reach += sb1_reach
            cv[0, a, 0] += btn_fold
            cv[0, a, 1] += btn_push
            rc[0, a] += btn_reach
            rt[0] += r0
            rt[1] += r1
            rt[2] += r2
    return sum_chunks(cfv, reach, root)


def triple_deals(seed: int = 0, cache_dir: str | os.PathLike | None = None,
                 table_seed: int = TRIPLE_SEED) -> Deals:
    """The deals of a 3-handed Hold'em table without board noise: every ordered class triple
    with its exact weight (:func:`triple_weights`, one row each in ``a * 169² + b * 169 +
    c`` order), three-way pots settled on the triple table of ``table_seed``
    (:func:`triple_table`: :data:`TRIPLE_SEED` for a solve, whatever its ``seed``, which
    only names the deals; :data:`FRESH_SEED` for its fresh NashConv)."""
    weights = triple_weights().reshape(-1)
    empty = np.zeros((0, 3), np.int32)
    return Deals(empty, weights, empty, empty, True, seed, int(weights.size),
                 settle=triple_table(table_seed, TRIPLE_SAMPLES, cache_dir))


class TriplePass:
    """What :func:`three_pass` needs of a spot, made once per triple table and model: the
    three-way values of every triple (:func:`settled_values`) and the class table's equities
    as a square."""

    def __init__(self, table, storage: np.ndarray, scale: float) -> None:
        if int(table.n) != CLASSES:
            raise InputError("the triple source needs the full Hold'em table")
        self.eq = expand_triangle(np.asarray(storage, np.float64) / scale, CLASSES, "complement")
        self._v3: dict[tuple[int, int, bool], np.ndarray] = {}

    def values(self, settle: TripleTable, values: tuple, model: bool) -> np.ndarray:
        """The three-way values of ``settle`` under the terminal ``values`` of ``model``."""
        key = (settle.seed, settle.samples, model)
        if key not in self._v3:
            slot, index, multi = values[3], values[4], values[5]
            self._v3[key] = settled_values(settle, multi[slot[7]], index[0, :64])
        return self._v3[key]

    def run(self, deals: Deals, values: tuple, model: bool, sigma: np.ndarray,
            chunks: int, cancel: np.ndarray | None = None) -> tuple:
        """:func:`three_pass` over ``deals`` (a :func:`triple_deals` source); ``cancel`` the
        kernel flag it polls (the caller checks it after)."""
        single, first, second = values[0], values[1], values[2]
        w = deals.weights.reshape(CLASSES, CLASSES, CLASSES)
        flag = np.zeros(1, np.uint8) if cancel is None else cancel
        settled = self.values(deals.settle, values, model)
        raise_if_stopped(flag)  # stopped while the values were made: no pass
        return three_pass(w, settled, self.eq, single, first, second,
                          np.ascontiguousarray(sigma), chunks, flag)
