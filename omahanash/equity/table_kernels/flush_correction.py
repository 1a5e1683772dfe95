"""Monte Carlo flush correction of the Omaha table cells (the sampled part of a cell).

A cell ``(a, b)`` is the exact suit-blind share (:mod:`.suit_blind`) plus the mean of what
flushes change: over a member ``m`` of class ``b`` disjoint from ``a``'s representative and a
board, the pot share with flushes minus the pot share with suits ignored. The sampler draws
only boards on which a flush is possible and weights them by that probability
(:func:`sample_cells_kernel`), so a cell where nobody can make a flush costs nothing and is
exact.

Every cell draws from its own random stream, ``omahanash.rng.stream(seed, cell index)``, so no
two cells share a board: the errors of the cells of a row are independent (a board shared by a
row would shift every hand-vs-range equity of that row by the same amount). It also makes the
result independent of thread scheduling and of where a build was interrupted: a resumed build
is bit-identical to an uninterrupted one.

>>> from omahanash.equity.tables import class_data
>>> data = class_data("omaha", np.array([4527, 12025]))
>>> mean, spread = sample_cells(data, np.array([0, 1]), np.array([1, 0]), 0, 256, 1, False)
>>> round(float(mean[0] + mean[1]), 1), bool((spread > 0).all())
(1.0, True)
"""

from __future__ import annotations

import numpy as np
from numba import njit, prange

from omahanash.equity.table_kernels.suit_blind import (
    class_quads,
    quarter_pots,
    rank_equity_of_pairs,
)
from omahanash.evaluate import nonflush_table
from omahanash.evaluate.core import (
    LOW_BIT_OF_CARD,
    board_index,
    low_set5,
    omaha_flush_lookup,
    suit_fields,
)
from omahanash.evaluate.tables import low_table, omaha_flush_tables
from omahanash.rng import next_bits, stream


@njit(inline="always")
def _below32(bits: np.uint64, bound: int) -> np.int64:
    """A number in ``[0, bound)`` from the low 32 bits of ``bits`` (bias < bound * 2**-32):
    with :func:`omahanash.rng.below` on the high half, one 64-bit word gives two draws."""
    return np.int64(((bits & np.uint64(0xFFFFFFFF)) * np.uint64(bound)) >> np.uint64(32))


@njit(inline="always")
def _draw_into(decks, which, length, taken, board, first, count, state, spare, have):
    """Partial Fisher-Yates: ``count`` cards of ``decks[which, :length]`` into ``board[first:]``,
    each uniform among the cards not yet drawn and not in the mask ``taken`` (those are drawn
    again). Returns the random state ``(state, spare, have)``: one 64-bit word gives two
    32-bit draws. (Inline: it takes arrays.)"""
    one = np.uint64(1)
    for i in range(count):
        while True:
            if have:
                word = spare
                have = False
            else:
                state, word = next_bits(state)
                spare = word >> np.uint64(32)
                have = True
            r = i + _below32(word, length - i)
            c = decks[which, r]
            if (taken >> np.uint64(c)) & one == 0:
                break
        decks[which, r] = decks[which, i]
        decks[which, i] = c
        board[first + i] = c
    return state, spare, have


@njit(cache=True, parallel=True, nogil=True)
def sample_cells_kernel(
    rows: np.ndarray,
    cols: np.ndarray,
    cell_start: int,
    representatives: np.ndarray,
    class_pairs: np.ndarray,
    member_masks: np.ndarray,
    member_fields: np.ndarray,
    member_suits: np.ndarray,
    member_lows: np.ndarray,
    member_offsets: np.ndarray,
    samples: int,
    seed: int,
    hilo: bool,
    nf: np.ndarray,
    board_row_of_mask: np.ndarray,
    pair_of_mask: np.ndarray,
    flush_best: np.ndarray,
    low: np.ndarray,
) -> tuple:
    """Mean and per-sample standard deviation of the flush correction for cells
    ``(rows[k], cols[k])``: the pot share with flushes minus the pot share with suits
    ignored, averaged over a member ``m`` of ``b`` (uniform among those disjoint from the
    representative of ``a``) and a board of the 44 cards left (uniform). See
    :func:`sample_cells`; a cell with no disjoint member gets ``nan``.

    The correction is 0 unless the board has three or more cards of a suit of which a hand
    holds two ("a flush suit"; a board has at most one suit with three cards). So a sample
    draws ``m``, then a board *conditioned* on that event, and weighs its correction by the
    event's exact probability ``P(m)`` (hypergeometric): the suit ``s`` with probability
    ``P_s / P(m)``, the number ``j`` of board cards of ``s`` (3, 4 or 5) with probability
    ``C(n_s, j) C(44 - n_s, 5 - j) / (C(44, 5) P_s)`` (``n_s`` cards of ``s`` left), then
    ``j`` cards of ``s`` and ``5 - j`` of the other suits by partial Fisher-Yates shuffles of
    per-cell decks that skip ``m``'s cards. The weighted sample ``P(m) * correction`` has the
    same mean as the plain one and several times less variance; a cell in which nobody can
    ever make a flush costs no sample at all.
    """
    count = rows.size
    mean = np.zeros(count, np.float64)
    spread = np.zeros(count, np.float64)
    boards, flush_p = _flush_odds()
    chunk = 64
    for piece in prange((count + chunk - 1) // chunk):
        _sample_run(piece * chunk, min(count, (piece + 1) * chunk), rows, cols, cell_start,
                    representatives, class_pairs, member_masks, member_fields, member_suits,
                    member_lows, member_offsets, samples, seed, hilo, nf, board_row_of_mask,
                    pair_of_mask, flush_best, low, boards, flush_p, mean, spread)
    return mean, spread


@njit(cache=True)
def _flush_odds() -> tuple:
    """``(boards, flush_p)``: ``boards[n, j] = C(n, j) * C(44 - n, 5 - j)``, the boards with
    exactly ``j`` cards of a suit that has ``n`` cards left among the 44, and ``flush_p[n]``,
    the probability of three or more."""
    boards = np.zeros((14, 6), np.float64)
    flush_p = np.zeros(14, np.float64)
    for n in range(14):
        for j in range(6):
            boards[n, j] = _comb(n, j) * _comb(44 - n, 5 - j)
        flush_p[n] = (boards[n, 3] + boards[n, 4] + boards[n, 5]) / _comb(44, 5)
    return boards, flush_p


@njit(cache=True, nogil=True)
def _sample_run(first, last, rows, cols, cell_start, representatives, class_pairs,
                member_masks, member_fields, member_suits, member_lows, member_offsets,
                samples, seed, hilo, nf, board_row_of_mask, pair_of_mask, flush_best, low,
                boards, flush_p, mean, spread):
    """Cells ``first..last-1`` of :func:`sample_cells_kernel` (one run of its parallel loop),
    written into ``mean`` and ``spread``. A plain (serial) kernel of its own: the parallel
    kernel around it stays small, which keeps its compilation short."""
    one = np.uint64(1)
    # Scratch space of this run of cells. The decks are rebuilt when the row changes and
    # otherwise stay shuffled from cell to cell (a Fisher-Yates draw is uniform from any
    # order), so a cell's samples depend on the cells before it in its run of 64: still
    # reproducible, as a build always runs the same cells together.
    chosen = np.empty(24, np.int64)
    suit_weight = np.zeros(4, np.float64)
    suit_deck = np.empty((4, 13), np.int64)
    suit_len = np.zeros(4, np.int64)
    other_deck = np.empty((4, 39), np.int64)
    other_len = np.zeros(4, np.int64)
    in_a = np.zeros(4, np.int64)
    board = np.empty(5, np.int64)
    last_a = -1
    decks_for = -1
    a_suited = False
    for k in range(first, last):
        a = rows[k]
        b = cols[k]
        if a != last_a:
            last_a = a
            a0 = np.int64(representatives[a, 0])
            a1 = np.int64(representatives[a, 1])
            a2 = np.int64(representatives[a, 2])
            a3 = np.int64(representatives[a, 3])
            mask_a = (one << np.uint64(a0)) | (one << np.uint64(a1)) \
                | (one << np.uint64(a2)) | (one << np.uint64(a3))
            fields_a = suit_fields(a0, a1, a2, a3)
            low_a = LOW_BIT_OF_CARD[a0] | LOW_BIT_OF_CARD[a1] | LOW_BIT_OF_CARD[a2] \
                | LOW_BIT_OF_CARD[a3]
            for s in range(4):
                in_a[s] = _popcount13((fields_a >> (s << 4)) & 0x1FFF)
            a_suited = in_a.max() >= 2
        # Members of b disjoint from the representative.
        n_ok = 0
        for j in range(member_offsets[b], member_offsets[b + 1]):
            if member_masks[j] & mask_a == 0:
                chosen[n_ok] = j
                n_ok += 1
        if n_ok == 0:
            mean[k] = np.nan
            continue
        # Members of a class share its suit pattern: if neither the representative nor
        # (any member of) b holds two cards of a suit, nobody can ever make a flush and
        # the correction is exactly 0; otherwise every member has P(m) > 0.
        if not a_suited and _max_nibble(member_suits[chosen[0]]) < 2:
            continue
        if decks_for != a:
            # Per suit: its cards outside the representative, and the other suits' cards.
            decks_for = a
            for s in range(4):
                suit_len[s] = 0
                other_len[s] = 0
            for c in range(52):
                if mask_a & (one << np.uint64(c)) != 0:
                    continue
                for s in range(4):
                    if c & 3 == s:
                        suit_deck[s, suit_len[s]] = c
                        suit_len[s] += 1
                    else:
                        other_deck[s, other_len[s]] = c
                        other_len[s] += 1
        pa0, pa1, pa2 = class_pairs[a, 0], class_pairs[a, 1], class_pairs[a, 2]
        pa3, pa4, pa5 = class_pairs[a, 3], class_pairs[a, 4], class_pairs[a, 5]
        pb0, pb1, pb2 = class_pairs[b, 0], class_pairs[b, 1], class_pairs[b, 2]
        pb3, pb4, pb5 = class_pairs[b, 3], class_pairs[b, 4], class_pairs[b, 5]
        state = stream(seed, cell_start + k)
        spare = np.uint64(0)
        have = False
        total = 0.0
        total_sq = 0.0
        for _ in range(samples):
            state, bits = next_bits(state)
            j = chosen[_below32(bits, n_ok)]
            mask_m = member_masks[j]
            suits_m = member_suits[j]
            p_m = 0.0
            for s in range(4):
                in_m = (suits_m >> (s << 2)) & 0xF
                p = flush_p[13 - in_a[s] - in_m] if (in_a[s] >= 2 or in_m >= 2) else 0.0
                suit_weight[s] = p
                p_m += p
            if p_m == 0.0:
                continue  # cannot happen (see above); such a sample's correction is 0
            # the suit, by its share of P(m)
            target = (bits >> np.uint64(32)) * (p_m / 4294967296.0)
            suit = 3
            acc = 0.0
            for s in range(4):
                acc += suit_weight[s]
                if target < acc:
                    suit = s
                    break
            while suit_weight[suit] == 0.0:  # rounding at the very top: last suit used
                suit -= 1
            left = 13 - in_a[suit] - ((suits_m >> (suit << 2)) & 0xF)
            if have:
                word = spare
                have = False
            else:
                state, word = next_bits(state)
                spare = word >> np.uint64(32)
                have = True
            w3 = boards[left, 3]
            w4 = boards[left, 4]
            u = (word & np.uint64(0xFFFFFFFF)) * ((w3 + w4 + boards[left, 5]) / 4294967296.0)
            of_suit = 3 if u < w3 else (4 if u < w3 + w4 else 5)
            state, spare, have = _draw_into(suit_deck, suit, suit_len[suit], mask_m, board,
                                            0, of_suit, state, spare, have)
            state, spare, have = _draw_into(other_deck, suit, other_len[suit], mask_m,
                                            board, of_suit, 5 - of_suit, state, spare, have)
            c0 = board[0]
            c1 = board[1]
            c2 = board[2]
            c3 = board[3]
            c4 = board[4]
            shift = suit << 4
            hole_a = (fields_a >> shift) & 0x1FFF
            hole_b = (member_fields[j] >> shift) & 0x1FFF
            index = board_index(c0, c1, c2, c3, c4)
            rank_a = np.int64(max(nf[index, pa0], nf[index, pa1], nf[index, pa2],
                                  nf[index, pa3], nf[index, pa4], nf[index, pa5]))
            rank_b = np.int64(max(nf[index, pb0], nf[index, pb1], nf[index, pb2],
                                  nf[index, pb3], nf[index, pb4], nf[index, pb5]))
            board_fields = suit_fields(c0, c1, c2, c3) \
                | (1 << (((c4 & 3) << 4) + (c4 >> 2)))
            row = board_row_of_mask[(board_fields >> shift) & 0x1FFF]
            high_a = max(rank_a, omaha_flush_lookup(hole_a, row, pair_of_mask, flush_best))
            high_b = max(rank_b, omaha_flush_lookup(hole_b, row, pair_of_mask, flush_best))
            low_a_value = np.int64(0)
            low_b_value = np.int64(0)
            if hilo:
                board_low = low_set5(c0, c1, c2, c3, c4)
                low_a_value = np.int64(low[low_a, board_low])
                low_b_value = np.int64(low[member_lows[j], board_low])
            z = (quarter_pots(high_a, high_b, low_a_value, low_b_value, hilo)
                 - quarter_pots(rank_a, rank_b, low_a_value, low_b_value, hilo)) * 0.25 * p_m
            total += z
            total_sq += z * z
        m = total / samples
        mean[k] = m
        variance = total_sq / samples - m * m
        if samples > 1:
            variance *= samples / (samples - 1.0)
        spread[k] = np.sqrt(max(variance, 0.0))


@njit(inline="always")
def _popcount13(x):
    """Number of set bits of a 13-bit mask."""
    x = x - ((x >> 1) & 0x5555)
    x = (x & 0x3333) + ((x >> 2) & 0x3333)
    x = (x + (x >> 4)) & 0x0F0F
    return (x + (x >> 8)) & 0x1F


@njit(inline="always")
def _max_nibble(x):
    """Largest of the four 4-bit fields of ``x``."""
    return max(x & 0xF, (x >> 4) & 0xF, (x >> 8) & 0xF, (x >> 12) & 0xF)


@njit(inline="always")
def _comb(n, k):
    """C(n, k) as a float (small arguments)."""
    if k < 0 or k > n:
        return 0.0
    out = 1.0
    for i in range(k):
        out = out * (n - i) / (i + 1)
    return out


def sample_cells(data, rows: np.ndarray, cols: np.ndarray, cell_start: int, samples: int,
                 seed: int, hilo: bool, ranks: np.ndarray | None = None,
                 ) -> tuple[np.ndarray, np.ndarray]:
    """Estimate cells ``(rows[k], cols[k])`` (positions in ``data``, a
    :class:`~omahanash.equity.tables.ClassData`): ``(mean, spread)``.

    ``mean[k]`` estimates the pot share of the representative of ``rows[k]`` against a
    random disjoint member of ``cols[k]`` on a random board as the exact suit-blind share
    (:func:`~.suit_blind.rank_equity`, ``ranks``; computed for these cells when None) plus
    the Monte Carlo mean of the flush correction over ``samples`` boards; ``spread[k]`` is
    the per-sample standard deviation of that correction, so the cell's standard error is
    ``spread / sqrt(samples)``. Cell ``k`` has the global index ``cell_start + k``, which
    seeds its own random stream. A cell with no disjoint member gets 0.5 and spread 0 (it has
    no pairs and is never used).
    """
    rows = np.asarray(rows, np.int32)
    cols = np.asarray(cols, np.int32)
    quads = class_quads(data.representatives)
    if ranks is None:
        ranks = rank_equity_of_pairs(quads[rows], quads[cols], hilo)
    board_row, pair_of_mask, best = omaha_flush_tables()
    correction, spread = sample_cells_kernel(
        rows, cols, int(cell_start), data.representatives, data.class_pairs,
        data.member_masks, data.member_fields, data.member_suits, data.member_lows,
        data.member_offsets,
        int(samples), int(seed), bool(hilo), nonflush_table("omaha"), board_row, pair_of_mask,
        best, low_table())
    mean = ranks[quads[rows], quads[cols]] + correction  # nan: no disjoint member
    unused = ~np.isfinite(mean)
    mean[unused] = 0.5
    spread[unused] = 0.0
    return mean, spread
