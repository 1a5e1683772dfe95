"""Monte Carlo kernel of the Omaha cluster-vs-cluster tables.

Each cell ``(a, b)`` averages ``K`` independent samples: a member of class ``b`` disjoint from
the representative of class ``a`` (uniform among those), then a board of five cards disjoint
from both (uniform); the sample is ``a``'s pot share on that board (:func:`sample_cells`).

Every cell draws from its own random stream, seeded from ``(seed, cell index)`` (splitmix64), so
no two cells share a board: the errors of the cells of a row are independent (a board shared by
a row would shift every hand-vs-range equity of that row by the same amount). It also makes the
result independent of thread scheduling and of where a build was interrupted: a resumed build is
bit-identical to an uninterrupted one.
"""

from __future__ import annotations

from functools import cache

import numpy as np
from numba import njit, prange

from omahanash.evaluate.core import (
    LOW_BIT_OF_CARD,
    board_index,
    board_summary,
    low_set5,
    omaha_flush_lookup,
    omaha_high_value,
    suit_fields,
)

_GOLDEN = np.uint64(0x9E3779B97F4A7C15)
_MIX1 = np.uint64(0xBF58476D1CE4E5B9)
_MIX2 = np.uint64(0x94D049BB133111EB)
_CELL_SALT = np.uint64(0xD1B54A32D192ED03)


@njit(cache=True, inline="always")
def _splitmix_next(state: np.uint64) -> tuple:
    """(next state, 64 random bits): splitmix64."""
    state = state + _GOLDEN
    z = state
    z = (z ^ (z >> np.uint64(30))) * _MIX1
    z = (z ^ (z >> np.uint64(27))) * _MIX2
    return state, z ^ (z >> np.uint64(31))


@njit(cache=True, inline="always")
def _below(bits: np.uint64, bound: int) -> int:
    """A number in ``[0, bound)`` from 64 random bits (multiply-shift; bias < 2**-32)."""
    return int(((bits >> np.uint64(32)) * np.uint64(bound)) >> np.uint64(32))


@njit(cache=True, inline="always")
def _draw_cards(state: np.uint64, used: np.uint64, out: np.ndarray, start: int,
                stop: int) -> tuple:
    """Fill ``out[start:stop]`` with distinct cards outside ``used`` (by rejection);
    returns the new stream state and the enlarged mask. (Inline: it takes an array.)"""
    drawn = start
    while drawn < stop:
        state, bits = _splitmix_next(state)
        card = _below(bits, 52)
        bit = np.uint64(1) << np.uint64(card)
        if used & bit == 0:
            used |= bit
            out[drawn] = card
            drawn += 1
    return state, used


@njit(cache=True, inline="always")
def _pot_share(a0, a1, a2, a3, b0, b1, b2, b3, board, offset, hilo, nf, flush, low) -> float:
    """Pot share of hand ``a`` against hand ``b`` on the five cards ``board[offset:]``."""
    c0 = board[offset]
    c1 = board[offset + 1]
    c2 = board[offset + 2]
    c3 = board[offset + 3]
    c4 = board[offset + 4]
    index, suit, suit_ranks = board_summary(c0, c1, c2, c3, c4)
    high_a = omaha_high_value(a0, a1, a2, a3, index, suit, suit_ranks, nf, flush)
    high_b = omaha_high_value(b0, b1, b2, b3, index, suit, suit_ranks, nf, flush)
    low_a = 0
    low_b = 0
    if hilo:
        board_low = low_set5(c0, c1, c2, c3, c4)
        low_a = low[LOW_BIT_OF_CARD[a0] | LOW_BIT_OF_CARD[a1] | LOW_BIT_OF_CARD[a2]
                    | LOW_BIT_OF_CARD[a3], board_low]
        low_b = low[LOW_BIT_OF_CARD[b0] | LOW_BIT_OF_CARD[b1] | LOW_BIT_OF_CARD[b2]
                    | LOW_BIT_OF_CARD[b3], board_low]
    return _units(high_a, high_b, low_a, low_b, hilo) * 0.25


@njit(cache=True)
def cell_stream(seed: int, cell: int) -> np.uint64:
    """Initial state of the random stream of one cell."""
    state = np.uint64(seed) * _GOLDEN ^ np.uint64(cell) * _CELL_SALT
    state, bits = _splitmix_next(state)
    return bits


@njit(inline="always")
def _below32(bits: np.uint64, bound: int) -> int:
    """A number in ``[0, bound)`` from the low 32 bits of ``bits`` (bias < bound * 2**-32)."""
    return np.int64(((bits & np.uint64(0xFFFFFFFF)) * np.uint64(bound)) >> np.uint64(32))


@njit(inline="always")
def _units(high_a, high_b, low_a, low_b, hilo):
    """Quarter pots won by ``a`` (0..4), branch-free: unpredictable branches, not
    arithmetic, are what a sample costs."""
    d_high = np.int64(high_a > high_b) - np.int64(high_a < high_b)
    if hilo:
        split = np.int64((low_a | low_b) != 0)
        d_low = np.int64(low_a > low_b) - np.int64(low_a < low_b)
        return (2 - split) * (1 + d_high) + split * (1 + d_low)
    return 2 + 2 * d_high


# -- the exact rank part --------------------------------------------------------------------


@njit(cache=True, parallel=True, nogil=True)
def quad_profiles_kernel(nf: np.ndarray, quad_pairs: np.ndarray) -> np.ndarray:
    """``uint16[1820, 6188]``: best non-flush Omaha value of each four-rank multiset (its six
    rank pairs ``quad_pairs[q]``) on each board rank multiset."""
    out = np.empty((quad_pairs.shape[0], nf.shape[0]), np.uint16)
    for q in prange(quad_pairs.shape[0]):
        p0, p1, p2 = quad_pairs[q, 0], quad_pairs[q, 1], quad_pairs[q, 2]
        p3, p4, p5 = quad_pairs[q, 3], quad_pairs[q, 4], quad_pairs[q, 5]
        for x in range(nf.shape[0]):
            out[q, x] = max(nf[x, p0], nf[x, p1], nf[x, p2], nf[x, p3], nf[x, p4], nf[x, p5])
    return out


@njit(cache=True, parallel=True, nogil=True)
def rank_equity_kernel(quad_ranks: np.ndarray, quad_low: np.ndarray, prof: np.ndarray,
                       board_low: np.ndarray, low: np.ndarray, hilo: bool,
                       first: np.ndarray, second: np.ndarray) -> np.ndarray:
    """Exact pot share of rank quad ``first[k]`` against ``second[k]`` with suits ignored (no
    flushes), over every board of the 44 cards left: ``nan`` when the two quads need more
    than four cards of a rank.

    The boards are enumerated as rank multisets ``r0 <= .. <= r4`` in five nested loops that
    carry the multiset index and the number of boards with those ranks,
    ``prod C(available_r, count_r)``, built factor by factor (``C(a, c+1) = C(a, c) (a-c)/(c+1)``).
    """
    ratio = np.zeros((5, 6))
    for a in range(5):
        for c in range(5):
            ratio[a, c] = max(a - c, 0) / (c + 1)
    # multiset index terms C(r + i, i + 1) for i = 1..4
    t1 = np.array([r * (r + 1) // 2 for r in range(13)])
    t2 = np.array([r * (r + 1) * (r + 2) // 6 for r in range(13)])
    t3 = np.array([r * (r + 1) * (r + 2) * (r + 3) // 24 for r in range(13)])
    t4 = np.array([r * (r + 1) * (r + 2) * (r + 3) * (r + 4) // 120 for r in range(13)])
    out = np.empty(first.size, np.float64)
    for k in prange(first.size):
        qa = first[k]
        qb = second[k]
        avail = np.full(13, 4, np.int64)
        for i in range(4):
            avail[quad_ranks[qa, i]] -= 1
            avail[quad_ranks[qb, i]] -= 1
        if avail.min() < 0:
            out[k] = np.nan
            continue
        fav = avail.astype(np.float64)
        la = quad_low[qa]
        lb = quad_low[qb]
        pa = prof[qa]
        pb = prof[qb]
        total = 0.0
        boards = 0.0
        for r0 in range(13):
            w0 = fav[r0]
            if w0 == 0.0:
                continue
            for r1 in range(r0, 13):
                c1 = 1 if r1 == r0 else 0
                w1 = w0 * ratio[avail[r1], c1]
                if w1 == 0.0:
                    continue
                x1 = r0 + t1[r1]
                for r2 in range(r1, 13):
                    c2 = c1 + 1 if r2 == r1 else 0
                    w2 = w1 * ratio[avail[r2], c2]
                    if w2 == 0.0:
                        continue
                    x2 = x1 + t2[r2]
                    for r3 in range(r2, 13):
                        c3 = c2 + 1 if r3 == r2 else 0
                        w3 = w2 * ratio[avail[r3], c3]
                        if w3 == 0.0:
                            continue
                        x3 = x2 + t3[r3]
                        # r4 == r3 (one more of that rank), then every higher rank once.
                        w = ratio[avail[r3], c3 + 1]
                        x = x3 + t4[r3]
                        acc = w * _units(pa[x], pb[x], low[la, board_low[x]],
                                         low[lb, board_low[x]], hilo)
                        weight = w
                        for r4 in range(r3 + 1, 13):
                            x = x3 + t4[r4]
                            acc += fav[r4] * _units(pa[x], pb[x], low[la, board_low[x]],
                                                    low[lb, board_low[x]], hilo)
                            weight += fav[r4]
                        total += w3 * acc
                        boards += w3 * weight
        out[k] = total / (4.0 * boards)
    return out


# -- the Monte Carlo flush correction -------------------------------------------------------


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
                state, word = _splitmix_next(state)
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
    one = np.uint64(1)
    # boards[n, j] = C(n, j) * C(44 - n, 5 - j): boards with exactly j cards of a suit
    # that has n cards left among the 44; flush_p[n]: probability of three or more.
    boards = np.zeros((14, 6), np.float64)
    flush_p = np.zeros(14, np.float64)
    for n in range(14):
        for j in range(6):
            boards[n, j] = _comb(n, j) * _comb(44 - n, 5 - j)
        flush_p[n] = (boards[n, 3] + boards[n, 4] + boards[n, 5]) / _comb(44, 5)
    chunk = 64
    for piece in prange((count + chunk - 1) // chunk):
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
        for k in range(piece * chunk, min(count, (piece + 1) * chunk)):
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
            state = cell_stream(seed, cell_start + k)
            spare = np.uint64(0)
            have = False
            total = 0.0
            total_sq = 0.0
            for _ in range(samples):
                state, bits = _splitmix_next(state)
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
                    state, word = _splitmix_next(state)
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
                low_a_value = 0
                low_b_value = 0
                if hilo:
                    board_low = low_set5(c0, c1, c2, c3, c4)
                    low_a_value = np.int64(low[low_a, board_low])
                    low_b_value = np.int64(low[member_lows[j], board_low])
                z = (_units(high_a, high_b, low_a_value, low_b_value, hilo)
                     - _units(rank_a, rank_b, low_a_value, low_b_value, hilo)) * 0.25 * p_m
                total += z
                total_sq += z * z
            m = total / samples
            mean[k] = m
            variance = total_sq / samples - m * m
            if samples > 1:
                variance *= samples / (samples - 1.0)
            spread[k] = np.sqrt(max(variance, 0.0))
    return mean, spread


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


# -- the Python side ------------------------------------------------------------------------


@cache
def quad_data() -> tuple[np.ndarray, np.ndarray, np.ndarray, np.ndarray]:
    """``(quad_ranks int64[1820, 4], quad_low int64[1820], board_low int64[6188],
    profiles uint16[1820, 6188])`` for the rank-equity kernel (numpy + one fast kernel)."""
    from omahanash.evaluate import nonflush_table
    from omahanash.evaluate.tables import lookup_table, multiset_ranks, pair_index

    quad_ranks = multiset_ranks(4).astype(np.int64)
    board_ranks = multiset_ranks(5).astype(np.int64)
    low_bit = lookup_table("low_bit_of_card")
    quad_low = np.bitwise_or.reduce(low_bit[quad_ranks * 4], axis=1).astype(np.int64)
    board_low = np.bitwise_or.reduce(low_bit[board_ranks * 4], axis=1).astype(np.int64)
    pairs = np.array([[pair_index(int(r[i]), int(r[j])) for i in range(4) for j in range(i + 1, 4)]
                      for r in quad_ranks], dtype=np.int64)
    profiles = quad_profiles_kernel(nonflush_table("omaha"), pairs)
    return quad_ranks, quad_low, board_low, profiles


def class_quads(representatives: np.ndarray) -> np.ndarray:
    """``int64[n]``: the four-rank multiset index of each class (its representative's ranks)."""
    from omahanash.evaluate.tables import multiset_indices

    return multiset_indices(np.sort(np.asarray(representatives, np.int64) >> 2, axis=1))


def rank_equity(quads: np.ndarray, hilo: bool, progress=None, cancel=None,
                chunks: int = 1) -> np.ndarray:
    """``float64[1820, 1820]``: exact suit-blind pot share of quad ``qa`` against ``qb`` for
    every pair of the given quads (``nan`` elsewhere and for impossible pairs); the two
    orders are complementary. ``chunks`` > 1 computes in pieces, calling ``progress(done,
    chunks)`` and checking ``cancel`` between them."""
    present = np.unique(np.asarray(quads, np.int64))
    first, second = np.triu_indices(present.size)
    return rank_equity_of_pairs(present[first], present[second], hilo, progress, cancel,
                                chunks)


def rank_equity_of_pairs(first: np.ndarray, second: np.ndarray, hilo: bool, progress=None,
                         cancel=None, chunks: int = 1) -> np.ndarray:
    """Like :func:`rank_equity`, but only for the quad pairs ``(first[k], second[k])`` (and
    their mirror images): what a few cells need, without all pairs of their quads."""
    from omahanash.evaluate.tables import low_table

    quad_ranks, quad_low, board_low, profiles = quad_data()
    q = quad_ranks.shape[0]
    keys = np.unique(np.minimum(first, second).astype(np.int64) * q
                     + np.maximum(first, second).astype(np.int64))
    lo, hi = keys // q, keys % q
    values = np.empty(keys.size)
    bounds = np.linspace(0, keys.size, max(1, chunks) + 1).astype(np.int64)
    for piece in range(bounds.size - 1):
        if cancel is not None:
            cancel.raise_if_cancelled()
        start, stop = bounds[piece], bounds[piece + 1]
        values[start:stop] = rank_equity_kernel(quad_ranks, quad_low, profiles, board_low,
                                                low_table(), bool(hilo), lo[start:stop],
                                                hi[start:stop])
        if progress is not None:
            progress(piece + 1, bounds.size - 1)
    out = np.full((q, q), np.nan)
    out[hi, lo] = 1.0 - values
    out[lo, hi] = values  # second: the diagonal keeps its own value (0.5)
    return out


def sample_cells(data, rows: np.ndarray, cols: np.ndarray, cell_start: int, samples: int,
                 seed: int, hilo: bool, ranks: np.ndarray | None = None,
                 ) -> tuple[np.ndarray, np.ndarray]:
    """Estimate cells ``(rows[k], cols[k])`` (positions in ``data``, a
    :class:`~omahanash.equity.tables.ClassData`): ``(mean, spread)``.

    ``mean[k]`` estimates the pot share of the representative of ``rows[k]`` against a
    random disjoint member of ``cols[k]`` on a random board as the exact suit-blind share
    (:func:`rank_equity`, ``ranks``; computed for these cells when None) plus the Monte Carlo
    mean of the flush correction over ``samples`` boards; ``spread[k]`` is the per-sample
    standard deviation of that correction, so the cell's standard error is
    ``spread / sqrt(samples)``. Cell ``k`` has the global index ``cell_start + k``, which
    seeds its own random stream. A cell with no disjoint member gets 0.5 and spread 0 (it has
    no pairs and is never used).
    """
    from omahanash.evaluate import nonflush_table
    from omahanash.evaluate.tables import low_table, omaha_flush_tables

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


@njit(cache=True, parallel=True)
def sample_vs_random_hand(
    hand: np.ndarray,
    trials_per_stream: int,
    streams: int,
    seed: int,
    hilo: bool,
    nf: np.ndarray,
    flush: np.ndarray,
    low: np.ndarray,
) -> tuple:
    """Pot share of ``hand`` (4 cards) against a uniformly random disjoint hand on a random
    board: ``streams`` independent streams of ``trials_per_stream`` deals each.

    This is the independent reference the tables are checked against: it never looks at a
    class or a table. Returns the sum and the sum of squares of the shares per stream.
    """
    sums = np.zeros(streams, np.float64)
    squares = np.zeros(streams, np.float64)
    a0, a1, a2, a3 = hand[0], hand[1], hand[2], hand[3]
    mask_a = (np.uint64(1) << np.uint64(a0)) | (np.uint64(1) << np.uint64(a1)) \
        | (np.uint64(1) << np.uint64(a2)) | (np.uint64(1) << np.uint64(a3))
    for s in prange(streams):
        state = cell_stream(seed, s)
        cards = np.empty(9, np.int64)  # 4 opponent cards, then 5 board cards
        total = 0.0
        total_sq = 0.0
        for _ in range(trials_per_stream):
            state, _ = _draw_cards(state, mask_a, cards, 0, 9)
            share = _pot_share(a0, a1, a2, a3, cards[0], cards[1], cards[2], cards[3], cards,
                               4, hilo, nf, flush, low)
            total += share
            total_sq += share * share
        sums[s] = total
        squares[s] = total_sq
    return sums, squares
