"""Generators of the small evaluator lookup tables (numpy only, a few milliseconds, no numba).

Value scales (higher is always better):

* **High**: ``1..7462``, one value per equivalence class of five-card hands, ordered as poker
  orders them; ``0`` never occurs for a real hand. :data:`CATEGORY_NAMES` and
  :func:`category_of` name the category (bands of :data:`CATEGORY_SIZES` classes).
* **Low** (8 or better, ace-to-five): ``1..56`` for the 56 qualifying lows, ``56`` = the wheel
  ``5-4-3-2-A`` (best), ``1`` = ``8-7-6-5-4`` (worst); ``0`` = no qualifying low.

Tables (each built once per process, cached by :func:`functools.cache`):

* :func:`rank5_table` – ``uint16[6188]``: value of a non-flush hand from its rank multiset.
  A sorted multiset ``r0 <= .. <= r4`` is indexed by the combinatorial number system on
  ``c_i = r_i + i`` (strictly increasing in ``0..16``): ``sum(C(c_i, i + 1))``.
  Five of a kind (impossible) holds 0.
* :func:`flush_table` – ``uint16[8192]``: for a 13-bit rank mask of one suit, the best flush or
  straight flush made of five of its ranks; 0 when it has fewer than five.
* :func:`low_table` – ``uint8[256, 256]``: Omaha low value from (hole low-rank set, board
  low-rank set), exactly two ranks from the hole and three from the board. Low-rank bit of
  ace = 0, of deuce..eight = 1..7.
* :func:`board_ranks_table` – ``int8[6188, 5]``: the sorted ranks behind each multiset index.

Why one file of ~540 lines: it has one job, the lookup tables, each a short generator plus
its accessor, and the shipped-file store at the end needs the list of all of them. Split by
table, a reader would chase one idea (the value scales above) through many files.
"""

from __future__ import annotations

import zipfile
from functools import cache
from itertools import combinations, combinations_with_replacement
from pathlib import Path
from typing import Any

import numpy as np

NUM_RANKS = 13
NUM_MULTISETS5 = 6188  # C(17, 5): multisets of five ranks
NUM_PAIRS = 91  # C(14, 2): multisets of two ranks
HIGH_CLASSES = 7462
LOW_CLASSES = 56

# Categories from worst to best, with their number of classes (7,462 in all).
CATEGORY_NAMES = (
    "high card",
    "pair",
    "two pair",
    "three of a kind",
    "straight",
    "flush",
    "full house",
    "four of a kind",
    "straight flush",
)
CATEGORY_SIZES = (1277, 2860, 858, 858, 10, 1277, 156, 156, 10)
# CATEGORY_FIRST[k] = the lowest value of category k.
CATEGORY_FIRST = tuple(int(x) + 1 for x in np.cumsum((0,) + CATEGORY_SIZES[:-1]))

HIGH_CARD, PAIR, TWO_PAIR, TRIPS, STRAIGHT, FLUSH, FULL_HOUSE, QUADS, STRAIGHT_FLUSH = range(9)

# Rank masks of the ten straights, wheel (A-2-3-4-5) first; the top card is index + 3.
STRAIGHT_MASKS = (0b1_0000_0000_1111,) + tuple(0b11111 << low for low in range(9))


def category_of(value: int) -> str:
    """Category name of a high value ``1..7462``.

    >>> category_of(7462), category_of(1)
    ('straight flush', 'high card')
    """
    if not 1 <= value <= HIGH_CLASSES:
        raise ValueError(f"high value {value} is out of range 1..{HIGH_CLASSES}")
    k = int(np.searchsorted(CATEGORY_FIRST, value, side="right")) - 1
    return CATEGORY_NAMES[k]


def multiset_index(ranks: tuple[int, ...] | list[int]) -> int:
    """Combinatorial-number-system index of a multiset of ranks (any order, any size).

    >>> multiset_index((0, 0, 0, 0, 1)), multiset_index((12, 12, 12, 12, 12))
    (1, 6187)
    """
    total = 0
    for i, r in enumerate(sorted(ranks)):
        total += _binom(r + i, i + 1)
    return total


def pair_index(r1: int, r2: int) -> int:
    """Index ``0..90`` of a multiset of two ranks (same as :func:`multiset_index`)."""
    lo, hi = min(r1, r2), max(r1, r2)
    return lo + hi * (hi + 1) // 2


def _binom(n: int, k: int) -> int:
    if k < 0 or n < k:
        return 0
    out = 1
    for i in range(k):
        out = out * (n - i) // (i + 1)
    return out


def multiset_ranks(size: int) -> np.ndarray:
    """``int8[C(12 + size, size), size]``: every sorted multiset of ``size`` ranks, row = index."""
    rows = np.array(list(combinations_with_replacement(range(NUM_RANKS), size)), dtype=np.int64)
    table = np.empty_like(rows, dtype=np.int8)
    table[multiset_indices(rows)] = rows
    return table


def multiset_indices(sorted_ranks: np.ndarray) -> np.ndarray:
    """Vectorized :func:`multiset_index` of rows of sorted ranks (any integer dtype)."""
    ranks = np.asarray(sorted_ranks, dtype=np.int64)
    total = np.zeros(ranks.shape[:-1], dtype=np.int64)
    for i in range(ranks.shape[-1]):
        # C(c, i + 1) for c = r + i, as a running product (exact in integers).
        c = ranks[..., i] + i
        term = np.ones_like(c)
        for j in range(i + 1):
            term = term * (c - j) // (j + 1)
        total += np.where(c >= i + 1, term, 0)
    return total


def generate_board_ranks() -> np.ndarray:
    """``int8[6188, 5]``: the sorted rank multiset for each five-rank index."""
    return multiset_ranks(5)


def generate_pair_ranks() -> np.ndarray:
    """``int8[91, 2]``: the two ranks (low, high) of each pair index."""
    return multiset_ranks(2)


def _popcount(x: np.ndarray) -> np.ndarray:
    return np.unpackbits(x.astype(">u2").view(np.uint8).reshape(-1, 2), axis=1).sum(axis=1)


def _scores() -> tuple[np.ndarray, np.ndarray]:
    """Sortable integer scores: (one per rank multiset, one per 5-bit flush mask).

    score = category << 20 | tie-break, where the tie-break compares like poker:
    distinct ranks by their 13-bit mask (a higher top card dominates), groups by rank.
    """
    ranks = generate_board_ranks().astype(np.int64)
    counts = (ranks[:, :, None] == np.arange(NUM_RANKS)).sum(axis=1)
    present = counts > 0
    mask = (present * (1 << np.arange(NUM_RANKS))).sum(axis=1)
    distinct = present.sum(axis=1)
    top_count = counts.max(axis=1)
    # Highest rank having each multiplicity (-1 when none); argmax on the reversed axis.
    def highest_with(count: int, below: np.ndarray | None = None) -> np.ndarray:
        hit = counts == count
        if below is not None:
            hit &= np.arange(NUM_RANKS) < below[:, None]
        rev = hit[:, ::-1]
        return np.where(rev.any(axis=1), NUM_RANKS - 1 - rev.argmax(axis=1), -1)

    pair_hi = highest_with(2)
    pair_lo = highest_with(2, below=pair_hi)
    trips = highest_with(3)
    quads = highest_with(4)
    single_mask = ((counts == 1) * (1 << np.arange(NUM_RANKS))).sum(axis=1)
    straight_top = np.full(NUM_MULTISETS5, -1)
    for i, smask in enumerate(STRAIGHT_MASKS):
        straight_top = np.where((distinct == 5) & (mask == smask), i + 3, straight_top)

    score = np.full(NUM_MULTISETS5, -1, dtype=np.int64)  # -1: five of a kind
    cases = [
        ((distinct == 5) & (straight_top < 0), HIGH_CARD, mask),
        (distinct == 5, STRAIGHT, straight_top),  # straights remain after the line above
        (distinct == 4, PAIR, (pair_hi << 13) | single_mask),
        ((distinct == 3) & (top_count == 2), TWO_PAIR, (pair_hi << 8) | (pair_lo << 4)
         | np.log2(np.maximum(single_mask, 1)).astype(np.int64)),
        ((distinct == 3) & (top_count == 3), TRIPS, (trips << 13) | single_mask),
        ((distinct == 2) & (top_count == 3), FULL_HOUSE, (trips << 4) | pair_hi),
        ((distinct == 2) & (top_count == 4), QUADS, (quads << 4)
         | np.log2(np.maximum(single_mask, 1)).astype(np.int64)),
    ]
    for condition, category, tiebreak in cases:
        pick = condition & (score < 0)
        score[pick] = (category << 20) | tiebreak[pick]

    masks = np.arange(1 << NUM_RANKS, dtype=np.int64)
    five = masks[_popcount(masks) == 5]
    flush_score = (FLUSH << 20) | five
    for i, smask in enumerate(STRAIGHT_MASKS):
        flush_score[five == smask] = (STRAIGHT_FLUSH << 20) | (i + 3)
    return score, np.stack([five, flush_score])


def _values() -> tuple[np.ndarray, np.ndarray]:
    nonflush, (five_masks, flush_score) = _scores()
    classes = np.unique(np.concatenate([nonflush[nonflush >= 0], flush_score]))
    if classes.size != HIGH_CLASSES:  # a generator bug, caught by the tests
        raise AssertionError(f"{classes.size} high classes, expected {HIGH_CLASSES}")
    rank5 = np.zeros(NUM_MULTISETS5, dtype=np.uint16)
    valid = nonflush >= 0
    rank5[valid] = np.searchsorted(classes, nonflush[valid]) + 1
    flush5 = np.zeros(1 << NUM_RANKS, dtype=np.uint16)
    flush5[five_masks] = np.searchsorted(classes, flush_score) + 1
    return rank5, flush5


def generate_rank5() -> np.ndarray:
    """``uint16[6188]``: high value of a non-flush five-card hand by rank-multiset index."""
    return _values()[0]


def generate_flush() -> np.ndarray:
    """``uint16[8192]``: best flush / straight flush among the ranks of a one-suit mask.

    For masks of six or more ranks (Hold'em: up to seven cards of a suit) the best five are a
    straight flush when one fits, else the five highest ranks; fewer than five ranks give 0.
    """
    flush5 = _values()[1]
    masks = np.arange(1 << NUM_RANKS, dtype=np.int64)
    table = flush5.copy()
    # Five highest ranks: clear lowest set bits until five remain.
    top5 = masks.copy()
    for _ in range(NUM_RANKS - 5):
        many = _popcount(top5) > 5
        top5[many] &= top5[many] - 1
    big = _popcount(masks) > 5
    table[big] = flush5[top5[big]]
    # A straight flush inside the mask beats any plain flush; later (higher) straights win.
    for smask in STRAIGHT_MASKS:
        has = big & ((masks & smask) == smask)
        table[has] = flush5[smask]
    return table



NUM_SUITED_PAIRS = 78  # C(13, 2): two distinct ranks of one suit
NUM_FLUSH_BOARDS = 2288  # C(13, 3) + C(13, 4) + C(13, 5): one-suit board masks that allow a flush


@cache
def omaha_flush_tables() -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """Table lookup of the Omaha flush (two suited hole ranks, three board ranks of the suit).

    Returns ``(board_row, pair_of_mask, best)``:

    * ``board_row`` – ``int16[8192]``: row of a one-suit board rank mask with 3 to 5 ranks
      (``0..2287``), ``-1`` otherwise;
    * ``pair_of_mask`` – ``int8[8192]``: index ``q*(q-1)/2 + p`` (``0..77``) of a hole mask
      holding exactly two ranks ``p < q``, ``-1`` otherwise;
    * ``best`` – ``uint16[2288, 78]``: the best flush or straight flush made of the pair and
      three ranks of the board mask (0 when the pair shares a rank with the board: impossible
      in one suit).

    Replaces the nested loops of :func:`omahanash.evaluate.core.omaha_flush_value` where
    every nanosecond counts (the table builder). Built in numpy in a few milliseconds.

    >>> board_row, pair_of_mask, best = omaha_flush_tables()
    >>> from omahanash.evaluate.tables import category_of
    >>> hole = (1 << 12) | (1 << 11)  # A K suited
    >>> board = (1 << 10) | (1 << 9) | (1 << 8)  # Q J T of the suit
    >>> category_of(int(best[board_row[board], pair_of_mask[hole]]))
    'straight flush'
    """
    flush5 = flush_table()
    masks = np.arange(1 << NUM_RANKS, dtype=np.int64)
    counts = _popcount(masks)
    boards = masks[(counts >= 3) & (counts <= 5)]
    board_row = np.full(1 << NUM_RANKS, -1, dtype=np.int16)
    board_row[boards] = np.arange(boards.size)
    pairs = np.array([(1 << p) | (1 << q) for q in range(NUM_RANKS) for p in range(q)])
    pair_of_mask = np.full(1 << NUM_RANKS, -1, dtype=np.int8)
    pair_of_mask[pairs] = np.arange(pairs.size)
    triples = masks[counts == 3]
    # value[t, p]: flush of triple t with pair p (0 when they share a rank).
    value = np.where((triples[:, None] & pairs[None, :]) == 0,
                     flush5[triples[:, None] | pairs[None, :]], 0).astype(np.uint16)
    best = np.zeros((boards.size, pairs.size), dtype=np.uint16)
    for t, triple in enumerate(triples):
        holds = (boards & triple) == triple
        best[holds] = np.maximum(best[holds], value[t])
    for array in (board_row, pair_of_mask, best):
        array.setflags(write=False)
    return board_row, pair_of_mask, best

# Low-rank bit of each rank 2..A (-1: not a low rank); ace plays low as bit 0.
LOW_BIT = (1, 2, 3, 4, 5, 6, 7, -1, -1, -1, -1, -1, 0)


@cache
def low_value_of_mask() -> np.ndarray:
    """``uint8[256]``: low value 1..56 of a five-bit low-rank mask, 0 for other masks.

    With the eight as the most significant bit, a smaller mask is a better low, so the value
    is the position in decreasing mask order.
    """
    masks = np.arange(256)
    five = masks[_popcount(masks) == 5]
    table = np.zeros(256, dtype=np.uint8)
    table[five[::-1]] = np.arange(1, LOW_CLASSES + 1)
    return table


def generate_low() -> np.ndarray:
    """``uint8[256, 256]``: best Omaha low from (hole low-rank set, board low-rank set).

    Given the two hole ranks ``x``, the best completion is the three lowest board ranks not in
    ``x`` (disjoint masks add, so the smallest sum is the best low); try all 28 pairs ``x``.
    """
    masks = np.arange(256, dtype=np.int64)
    lowest3 = np.full(256, 1 << 30, dtype=np.int64)  # "no three ranks" sorts last
    pops = _popcount(masks)
    for m in masks[pops >= 3]:
        bits = [b for b in range(8) if m >> b & 1][:3]
        lowest3[m] = sum(1 << b for b in bits)
    best = np.full((256, 256), 1 << 30, dtype=np.int64)
    for a, b in combinations(range(8), 2):
        x = (1 << a) | (1 << b)
        hole_has = (masks & x) == x
        candidate = x + lowest3[masks & ~x]
        best[hole_has, :] = np.minimum(best[hole_has, :], candidate[None, :])
    return np.where(best < 256, low_value_of_mask()[np.minimum(best, 255)], 0).astype(np.uint8)


def _rank5_values(ranks: np.ndarray) -> np.ndarray:
    """Non-flush value of rows of five ranks (any order); 0 for five of a kind."""
    return rank5_table()[multiset_indices(np.sort(ranks, axis=-1))]


def generate_triple_pair() -> np.ndarray:
    """``uint16[455, 91]``: non-flush value of a board rank triple with a hole rank pair."""
    triples = multiset_ranks(3).astype(np.int64)
    pairs = pair_ranks_table().astype(np.int64)
    five = np.concatenate([np.repeat(triples[:, None, :], NUM_PAIRS, axis=1),
                           np.broadcast_to(pairs, (len(triples), NUM_PAIRS, 2))], axis=2)
    return _rank5_values(five).astype(np.uint16)


def generate_quad_pair() -> np.ndarray:
    """``uint16[1820, 91]``: best non-flush value of four board ranks with one rank of a hole
    pair (the Hold'em hands that use one hole card)."""
    quads = multiset_ranks(4).astype(np.int64)
    singles = np.arange(NUM_RANKS)
    five = np.concatenate([np.repeat(quads[:, None, :], NUM_RANKS, axis=1),
                           np.broadcast_to(singles[None, :, None], (len(quads), NUM_RANKS, 1))],
                          axis=2)
    by_single = _rank5_values(five)
    pairs = pair_ranks_table().astype(np.int64)
    return np.maximum(by_single[:, pairs[:, 0]], by_single[:, pairs[:, 1]]).astype(np.uint16)


def _board_subsets(size: int) -> np.ndarray:
    """``int16[6188, C(5, size)]``: multiset index of each ``size``-subset of a board's ranks."""
    boards = board_ranks_table().astype(np.int64)
    positions = list(combinations(range(5), size))
    subsets = boards[:, positions]  # (6188, C(5, size), size), still sorted
    return multiset_indices(subsets).astype(np.int16)


def generate_pair_of_cards() -> np.ndarray:
    """``uint16[52, 52]``: rank-pair index (0..90) of two card codes."""
    ranks = np.arange(52) >> 2
    lo = np.minimum(ranks[:, None], ranks[None, :])
    hi = np.maximum(ranks[:, None], ranks[None, :])
    return multiset_indices(np.stack([lo, hi], axis=-1)).astype(np.uint16)


def generate_quad_of_pairs() -> np.ndarray:
    """``uint16[91, 91]``: four-rank multiset index (0..1819) of two rank pairs."""
    pairs = generate_pair_ranks().astype(np.int64)
    four = np.concatenate([np.repeat(pairs[:, None, :], NUM_PAIRS, axis=1),
                           np.broadcast_to(pairs, (NUM_PAIRS, NUM_PAIRS, 2))], axis=2)
    return multiset_indices(np.sort(four, axis=-1)).astype(np.uint16)


def generate_five_of_quad() -> np.ndarray:
    """``uint16[1820, 52]``: five-rank multiset index of four ranks plus one card code's rank.

    Board index = ``five_of_quad[quad_of_pairs[pair_of_cards[c0, c1], pair_of_cards[c2, c3]],
    c4]``: three lookups, no sorting (a sorting network costs more on random cards).
    Unsigned, like the other two index tables: numba adds a negative-index fix-up to every
    lookup with a signed index, and skips it for unsigned ones.
    """
    quads = multiset_ranks(4).astype(np.int64)
    ranks = np.arange(52) >> 2
    five = np.concatenate([np.repeat(quads[:, None, :], 52, axis=1),
                           np.broadcast_to(ranks[None, :, None], (len(quads), 52, 1))], axis=2)
    return multiset_indices(np.sort(five, axis=-1)).astype(np.uint16)


def generate_low_bit_of_card() -> np.ndarray:
    """``int64[52]``: ``1 << low bit`` of each card (ace = bit 0, 2..8 = bits 1..7), else 0."""
    bits = np.array(LOW_BIT)[np.arange(52) >> 2]
    return np.where(bits >= 0, 1 << np.maximum(bits, 0), 0).astype(np.int64)


def generate_board_triples() -> np.ndarray:
    """``int16[6188, 10]``: triple index (0..454) of each three of a board's five ranks."""
    return _board_subsets(3)


def generate_board_quads() -> np.ndarray:
    """``int16[6188, 5]``: quad index (0..1819) of each four of a board's five ranks."""
    return _board_subsets(4)


def nonflush_columns(pair_sets: np.ndarray, game: str) -> np.ndarray:
    """``uint16[6188, m]``: column ``j`` = best non-flush value, on each board rank multiset,
    over the hole rank pairs ``pair_sets[j]`` (pair indices, shape ``(m, p)``).

    Omaha (``game="omaha"``): a hole pair with three board ranks. Hold'em (``"holdem"``): the
    best five of the seven ranks (both, one or none of the pair's ranks). One pair per column
    over all 91 pairs gives the full table of the batch evaluators; the six pairs of one Omaha
    hand give that hand's profile (one lookup per board in an enumeration).
    """
    pair_sets = np.asarray(pair_sets, dtype=np.int64)
    triples = board_triples_table()
    # Best over the column's pairs first (on 455 triples), then over the board's 10 triples.
    by_triple = triple_pair_table()[:, pair_sets].max(axis=2)  # (455, m)
    out = by_triple[triples].max(axis=1)
    if game == "holdem":
        by_quad = quad_pair_table()[:, pair_sets].max(axis=2)  # (1820, m)
        out = np.maximum(out, by_quad[board_quads_table()].max(axis=1))
        out = np.maximum(out, rank5_table()[:, None])
    elif game != "omaha":
        raise ValueError(f"nonflush_columns: game must be 'holdem' or 'omaha', not {game!r}")
    return np.ascontiguousarray(out, dtype=np.uint16)


# ---------------------------------------------------------------------------------------------
# Shipped tables: generated by the functions above, stored beside this module (tables.npz,
# ~0.3 MB) because loading takes milliseconds while generating takes ~0.1 s, and start-up time
# of the command line matters. A test checks that the generators reproduce the file;
# write_tables() rewrites it. A missing, foreign or damaged file is ignored: the tables are
# then generated in this process.

TABLES_FILE = Path(__file__).with_name("tables.npz")
TABLES_FORMAT = 1

# name -> (generator, dtype, shape)
_TABLES = {
    "board_ranks": (generate_board_ranks, np.int8, (NUM_MULTISETS5, 5)),
    "pair_ranks": (generate_pair_ranks, np.int8, (NUM_PAIRS, 2)),
    "rank5": (generate_rank5, np.uint16, (NUM_MULTISETS5,)),
    "flush": (generate_flush, np.uint16, (1 << NUM_RANKS,)),
    "low": (generate_low, np.uint8, (256, 256)),
    "triple_pair": (generate_triple_pair, np.uint16, (455, NUM_PAIRS)),
    "quad_pair": (generate_quad_pair, np.uint16, (1820, NUM_PAIRS)),
    "board_triples": (generate_board_triples, np.int16, (NUM_MULTISETS5, 10)),
    "board_quads": (generate_board_quads, np.int16, (NUM_MULTISETS5, 5)),
    "pair_of_cards": (generate_pair_of_cards, np.uint16, (52, 52)),
    "quad_of_pairs": (generate_quad_of_pairs, np.uint16, (NUM_PAIRS, NUM_PAIRS)),
    "five_of_quad": (generate_five_of_quad, np.uint16, (1820, 52)),
    "low_bit_of_card": (generate_low_bit_of_card, np.int64, (52,)),
}


@cache
def _shipped() -> np.lib.npyio.NpzFile | None:
    """The shipped file, opened once; members are read (decompressed) on first use only."""
    try:
        data = np.load(TABLES_FILE)
        if int(data["format"]) != TABLES_FORMAT:
            return None
        return data
    except (OSError, KeyError, ValueError, EOFError, zipfile.BadZipFile):
        return None


@cache
def lookup_table(name: str) -> np.ndarray:
    """A read-only lookup table by name (shipped file when valid, else generated)."""
    generator, dtype, shape = _TABLES[name]
    data = _shipped()
    table = None
    if data is not None and name in data.files:
        try:
            table = data[name]
        except (OSError, ValueError, EOFError, zipfile.BadZipFile):
            table = None
    if table is None or table.dtype != dtype or table.shape != shape:
        table = np.ascontiguousarray(generator(), dtype=dtype)
    table.setflags(write=False)
    return table


def generate_all() -> dict[str, np.ndarray]:
    """Every shipped table, generated now (with its declared dtype)."""
    return {name: np.ascontiguousarray(gen(), dtype=dtype)
            for name, (gen, dtype, _) in _TABLES.items()}


def write_tables(path: Path = TABLES_FILE) -> None:
    """Regenerate the shipped table file (atomically: temp file + rename)."""
    tmp = path.with_name(path.name + ".tmp.npz")
    arrays: dict[str, Any] = {"format": np.int64(TABLES_FORMAT), **generate_all()}
    np.savez_compressed(tmp, **arrays)
    tmp.replace(path)


def board_ranks_table() -> np.ndarray:
    """``int8[6188, 5]``: sorted ranks of each five-rank multiset index."""
    return lookup_table("board_ranks")


def pair_ranks_table() -> np.ndarray:
    """``int8[91, 2]``: ranks (low, high) of each pair index."""
    return lookup_table("pair_ranks")


def rank5_table() -> np.ndarray:
    """``uint16[6188]``: non-flush high value by rank-multiset index."""
    return lookup_table("rank5")


def flush_table() -> np.ndarray:
    """``uint16[8192]``: best flush / straight flush of a one-suit rank mask (0: < 5 ranks)."""
    return lookup_table("flush")


def low_table() -> np.ndarray:
    """``uint8[256, 256]``: Omaha low value by (hole low-rank set, board low-rank set)."""
    return lookup_table("low")


def triple_pair_table() -> np.ndarray:
    """``uint16[455, 91]``: non-flush value of a board rank triple with a hole rank pair."""
    return lookup_table("triple_pair")


def quad_pair_table() -> np.ndarray:
    """``uint16[1820, 91]``: best non-flush value of four board ranks with one rank of a pair."""
    return lookup_table("quad_pair")


def board_triples_table() -> np.ndarray:
    """``int16[6188, 10]``: triple indices of each board rank multiset."""
    return lookup_table("board_triples")


def board_quads_table() -> np.ndarray:
    """``int16[6188, 5]``: quad indices of each board rank multiset."""
    return lookup_table("board_quads")

