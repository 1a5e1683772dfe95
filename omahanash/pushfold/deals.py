"""The deals a push/fold table is solved over: every seat's hand class, a weight, and each
hand's showdown strength on a board.

Two sources, one shape (:class:`Deals`):

* **exact** (Hold'em, 2 and 3 players): every tuple of classes with its exact number of
  disjoint concrete deals (card removal among all the players, folded ones too), so the only
  sampling left is the one board per class triple that settles a three-way all-in;
* **sampled** (any game and table size): ``count`` seeded deals of concrete hands, one per
  seat, all disjoint, and a board from the cards left, each of weight ``1 / count``. The
  cards of every player, folded or not, are out of the deck. Omaha subset tables (tests)
  deal only hands of the table's classes.

Two-player pots are settled by the class table's equity (no board noise); pots of three or
more players by the deal's board.

A class subset may hold no ``players`` pairwise disjoint hands (two classes whose hands all
hold two aces cannot deal three of them), or hold some only after lucky draws: seat by seat
rejection sampling would then draw forever. :func:`check_dealable` decides first, exactly,
whether such hands exist (:func:`~omahanash.pushfold.disjoint.disjoint_hands_exist`) and
the sampler deals again from the first seat when a seat has no hand left; a deal that still
finds none in :data:`MAX_DRAWS` draws a seat stops and :func:`sampled_deals` says so.

>>> deals = exact_deals("holdem", 2)
>>> deals.rows, round(float(deals.weights.sum()), 12)
(28561, 1.0)
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

import numpy as np
from numba import njit, prange

from omahanash.cards import Variant
from omahanash.equity.tables import class_data, load_table
from omahanash.equity.triangle import expand_triangle
from omahanash.errors import InputError
from omahanash.evaluate import evaluate_holdem, evaluate_omaha_hi, evaluate_omaha_lo
from omahanash.hands import class_combos
from omahanash.pushfold.disjoint import disjoint_hands_exist
from omahanash.rng import below, next_bits, stream

if TYPE_CHECKING:
    from omahanash.equity.tables import ClassData

#: Sampled deals by default, by table size (more players: more terminals per deal).
DEFAULT_DEALS = {2: 400_000, 3: 100_000, 4: 300_000, 5: 300_000, 6: 250_000, 7: 200_000,
                 8: 200_000, 9: 200_000, 10: 200_000}
#: At least this many for Omaha on a full table of 16,432 classes: the Hold'em count leaves a
#: few deals per class and seat, and a strategy then fits its own deals (3-handed Omaha Hi,
#: 100,000 deals: NashConv 0.11 % of the pool on them, 0.39 % on 2,000,000 others; 400,000:
#: 0.08 % / 0.22 %).
OMAHA_DEALS = 1_000_000
MAX_DEALS = 50_000_000
#: Draws a seat may take, counted over its deal (``players * MAX_DRAWS`` a deal, fresh starts
#: included) before the deal gives up: far above any table that deals (a full 10-handed
#: Omaha table's last seat needs ~150 on average).
MAX_DRAWS = 1_000_000
#: Failed draws in a row after which a seat looks whether any hand is left for it (a dead end
#: starts the deal again from the first seat; looking draws nothing, so deals that never
#: meet a dead end are drawn exactly as before).
DEAD_END_CHECK = 1024


def default_deal_count(variant: Variant | str, players: int, subset: bool = False) -> int:
    """How many deals a table is solved on by default: :data:`DEFAULT_DEALS` by table size,
    at least :data:`OMAHA_DEALS` for Omaha on its full table (``subset``: a table of a few
    classes, as the tests use, keeps the Hold'em count).

    >>> default_deal_count("holdem", 3), default_deal_count("omaha-hi", 3)
    (100000, 1000000)
    >>> default_deal_count("omaha-hilo", 6, subset=True)
    250000
    """
    count = DEFAULT_DEALS[players]
    if Variant.parse(variant) is not Variant.HOLDEM and not subset:
        count = max(count, OMAHA_DEALS)
    return count


@dataclass(frozen=True)
class Deals:
    """``classes[row, seat]`` (positions in the equity table), ``weights[row]`` (summing to
    1), ``hi[row, seat]`` / ``lo[row, seat]`` (showdown values on the row's board; ``lo`` 0
    everywhere but Hi/Lo)."""

    classes: np.ndarray
    weights: np.ndarray
    hi: np.ndarray
    lo: np.ndarray
    exact: bool
    seed: int
    count: int  # sampled deals, or the class tuples of an exact source
    #: Pots of three settled on many boards per class triple (a
    #: :class:`~omahanash.pushfold.triples.TripleTable`; then the rows are every ordered
    #: triple, ``classes``/``hi``/``lo`` empty), or None: on the row's board.
    settle: Any = None

    @property
    def rows(self) -> int:
        return int(self.weights.size)

    def take(self, rows: np.ndarray) -> Deals:
        """The sampled deals ``rows`` (indices), their weights summing to 1 again."""
        if self.settle is not None or self.exact:
            raise InputError("only sampled deals can be taken apart")
        weights = np.ascontiguousarray(self.weights[rows])
        return Deals(np.ascontiguousarray(self.classes[rows]), weights / weights.sum(),
                     np.ascontiguousarray(self.hi[rows]), np.ascontiguousarray(self.lo[rows]),
                     False, self.seed, int(weights.size))

    def halves(self, seed: int) -> tuple[tuple[float, Deals], tuple[float, Deals]]:
        """The deals in two halves by a coin per deal of ``seed`` (a coin that does not look at
        the deal, so each half is a sample of its own), each with its share of the weight."""
        coin = np.random.default_rng(seed).random(self.rows) < 0.5
        out = []
        for rows in (np.flatnonzero(coin), np.flatnonzero(~coin)):
            out.append((float(self.weights[rows].sum()), self.take(rows)))
        return out[0], out[1]

    def describe(self) -> str:
        if self.settle is not None:
            return (f"every class triple with its exact card-removal weight "
                    f"({self.rows:,}), three-way pots on {self.settle.samples} boards each "
                    f"(seed {self.seed})")
        if self.exact:
            return f"every class tuple with its exact card-removal weight ({self.rows:,})"
        return f"{self.count:,} sampled deals (seed {self.seed})"


@njit(cache=True)
def draw_board(state: np.uint64, used: np.uint64, board: np.ndarray) -> np.uint64:
    """Five cards not in the mask ``used`` into ``board``, drawn from ``state``; the state
    after."""
    for j in range(5):
        while True:
            state, bits = next_bits(state)
            card = below(bits, 52)
            bit = np.uint64(1) << np.uint64(card)
            if bit & used == 0:
                break
        used |= bit
        board[j] = card
    return state


@njit(cache=True)
def _any_free(member_masks: np.ndarray, used: np.uint64) -> bool:
    """Whether some member is disjoint from the mask ``used``."""
    for m in range(member_masks.size):
        if member_masks[m] & used == 0:
            return True
    return False


@njit(cache=True, parallel=True)
def _sample_kernel(member_cards: np.ndarray, member_masks: np.ndarray,
                   member_class: np.ndarray, players: int, count: int, seed: int,
                   hands: np.ndarray, boards: np.ndarray, classes: np.ndarray,
                   stuck: np.ndarray) -> None:
    """Deal ``d``: seat by seat a uniform member disjoint from the seats before (by
    rejection), from stream (``seed``, ``d``). A seat with no member left (a dead end) deals
    again from the first seat; a deal past ``players * MAX_DRAWS`` draws sets ``stuck[0]``
    and the deals not begun yet are skipped."""
    members = member_masks.size
    width = member_cards.shape[1]
    budget = players * MAX_DRAWS
    for d in prange(count):
        if stuck[0]:
            continue
        state = stream(seed, d)
        used = np.uint64(0)
        seat = 0
        draws = 0
        misses = 0
        while seat < players:
            state, bits = next_bits(state)
            m = below(bits, members)
            draws += 1
            if member_masks[m] & used == 0:
                used |= member_masks[m]
                classes[d, seat] = member_class[m]
                for j in range(width):
                    hands[d, seat, j] = member_cards[m, j]
                seat += 1
                misses = 0
                continue
            if draws >= budget:
                stuck[0] = True
                break
            misses += 1
            if misses == DEAD_END_CHECK and not _any_free(member_masks, used):
                used = np.uint64(0)  # no hand left for this seat: deal again
                seat = 0
                misses = 0
        if seat == players:
            draw_board(state, used, boards[d])


def _classes(n: int) -> str:
    return f"{n} class" if n == 1 else f"{n} classes"


def _describe(class_ids: np.ndarray) -> str:
    shown = ", ".join(str(int(c)) for c in class_ids[:8])
    return shown + (f", ... ({class_ids.size} in all)" if class_ids.size > 8 else "")


def check_dealable(data: ClassData, players: int, width: int) -> None:
    """InputError unless the classes of ``data`` (a
    :class:`~omahanash.equity.tables.ClassData`) can deal ``players`` disjoint hands of
    ``width`` cards and a board (:func:`~omahanash.pushfold.disjoint.disjoint_hands_exist`;
    an undecided search lets the sampler's own bound answer)."""
    ids = data.class_ids
    if players * width + 5 > 52:
        raise InputError(f"players: {players} hands of {width} cards and a board need "
                         f"{players * width + 5} cards, a deck has 52")
    if disjoint_hands_exist(data.member_masks, players) is False:
        raise InputError(f"--classes (class_ids): the {_classes(ids.size)} cannot deal "
                         f"{players} disjoint hands: no {players} of their "
                         f"{data.member_masks.size} hands are pairwise disjoint (classes "
                         f"{_describe(ids)}); add classes")


def _strengths(variant: Variant, hands: np.ndarray, boards: np.ndarray
               ) -> tuple[np.ndarray, np.ndarray]:
    """High and low values of ``hands (D, n, k)`` on ``boards (D, 5)``, as ``(D, n)``."""
    count, players, width = hands.shape
    flat = hands.reshape(count * players, width)
    boards_rep = np.repeat(boards, players, axis=0)
    if variant is Variant.HOLDEM:
        hi = evaluate_holdem(flat, boards_rep)
    else:
        hi = evaluate_omaha_hi(flat, boards_rep)
    lo = (evaluate_omaha_lo(flat, boards_rep) if variant is Variant.OMAHA_HILO
          else np.zeros(flat.shape[0], np.uint8))
    return (hi.astype(np.int32).reshape(count, players),
            lo.astype(np.int32).reshape(count, players))


def sampled_deals(variant: Variant | str, players: int, count: int, seed: int = 0,
                  class_ids: np.ndarray | None = None) -> Deals:
    """``count`` seeded deals: ``players`` disjoint concrete hands (of the classes in
    ``class_ids``, all of them for None) and a board.

    >>> deals = sampled_deals("omaha", 3, 1000, seed=1)
    >>> deals.classes.shape, bool(deals.hi.min() > 0)
    ((1000, 3), True)
    """
    variant = Variant.parse(variant)
    if isinstance(count, bool) or not isinstance(count, int) or not 1 <= count <= MAX_DEALS:
        raise InputError(f"deals must be a whole number 1..{MAX_DEALS:,}, got {count!r}")
    if isinstance(players, bool) or not isinstance(players, (int, np.integer)) \
            or int(players) not in DEFAULT_DEALS:
        raise InputError(f"players must be a whole number 2..10, got {players!r}")
    game = "holdem" if variant is Variant.HOLDEM else "omaha"
    data = class_data(game, None if class_ids is None else np.asarray(class_ids, np.int64))
    member_class = np.repeat(np.arange(data.class_ids.size, dtype=np.int32),
                             np.diff(data.member_offsets))
    width = data.member_cards.shape[1]
    check_dealable(data, players, width)
    hands = np.empty((count, players, width), np.int8)
    boards = np.empty((count, 5), np.int8)
    classes = np.empty((count, players), np.int32)
    stuck = np.zeros(1, np.bool_)
    _sample_kernel(data.member_cards, data.member_masks, member_class, players, count,
                   seed, hands, boards, classes, stuck)
    if stuck[0]:
        raise InputError(f"--classes (class_ids): the {_classes(data.class_ids.size)} deal "
                         f"{players} disjoint hands too rarely to sample: a deal drew "
                         f"{MAX_DRAWS:,} hands a seat without finishing (classes "
                         f"{_describe(data.class_ids)}); add classes")
    hi, lo = _strengths(variant, hands, boards)
    # rows in class order: neighbouring trees look alike (the walk runs ~25 % faster)
    order = _class_order(classes, data.class_ids.size)
    weights = np.full(count, 1.0 / count)
    return Deals(np.ascontiguousarray(classes[order]), weights,
                 np.ascontiguousarray(hi[order]), np.ascontiguousarray(lo[order]), False, seed,
                 count)


def _class_order(classes: np.ndarray, n: int) -> np.ndarray:
    """The rows of ``classes`` sorted by the first seat's class, then the second's, ... (the
    order of ``np.lexsort(classes.T[::-1])``, ties in row order): one stable sort of a single
    key where the classes fit one (a quarter of the time of the lexsort on 250,000 Omaha
    deals), the lexsort where they do not.

    >>> rows = np.array([[2, 1], [0, 3], [2, 0], [0, 3]], np.int32)
    >>> _class_order(rows, 4).tolist(), np.lexsort(rows.T[::-1]).tolist()
    ([1, 3, 2, 0], [1, 3, 2, 0])
    """
    players = classes.shape[1]
    if players * math.log2(max(n, 2)) >= 62:
        return np.lexsort(classes.T[::-1])
    key = np.zeros(classes.shape[0], np.int64)
    for seat in range(players):
        key = key * n + classes[:, seat]
    return np.argsort(key, kind="stable")


@njit(cache=True, parallel=True)
def _triple_counts(member_masks: np.ndarray, member_class: np.ndarray,
                   first_member: np.ndarray, classes_n: int) -> np.ndarray:
    """``counts[a, b, c]``: concrete (b, c) hand pairs disjoint from each other and from
    class ``a``'s first member."""
    members = member_masks.size
    counts = np.zeros((classes_n, classes_n, classes_n), np.int64)
    for a in prange(classes_n):
        rep = member_masks[first_member[a]]
        for mb in range(members):
            if member_masks[mb] & rep:
                continue
            used = rep | member_masks[mb]
            b = member_class[mb]
            for mc in range(members):
                if member_masks[mc] & used == 0:
                    counts[a, b, member_class[mc]] += 1
    return counts


@njit(cache=True, parallel=True)
def _realize(cells: np.ndarray, member_cards: np.ndarray, member_masks: np.ndarray,
             member_offsets: np.ndarray, seed: int, hands: np.ndarray,
             boards: np.ndarray) -> None:
    """One concrete deal per class triple: class ``a``'s first member, random disjoint
    members of ``b`` and ``c``, a random board of the cards left."""
    width = member_cards.shape[1]
    for row in prange(cells.shape[0]):
        state = stream(seed, row)
        first = member_offsets[cells[row, 0]]
        b_lo = member_offsets[cells[row, 1]]
        b_size = member_offsets[cells[row, 1] + 1] - b_lo
        c_lo = member_offsets[cells[row, 2]]
        c_size = member_offsets[cells[row, 2] + 1] - c_lo
        # draw (b, c) together: a b-member disjoint from a's may leave no c-member free
        while True:
            state, bits = next_bits(state)
            mb = b_lo + below(bits, b_size)
            state, bits = next_bits(state)
            mc = c_lo + below(bits, c_size)
            if (member_masks[first] & member_masks[mb] == 0
                    and (member_masks[first] | member_masks[mb]) & member_masks[mc] == 0):
                break
        used = member_masks[first] | member_masks[mb] | member_masks[mc]
        for j in range(width):
            hands[row, 0, j] = member_cards[first, j]
            hands[row, 1, j] = member_cards[mb, j]
            hands[row, 2, j] = member_cards[mc, j]
        draw_board(state, used, boards[row])


def exact_deals(variant: Variant | str, players: int, seed: int = 0) -> Deals:
    """Every Hold'em class tuple of a 2- or 3-handed table with its exact card-removal
    weight (3-handed: 28,561 × 169 tuples, one sampled board each for three-way pots)."""
    variant = Variant.parse(variant)
    if variant is not Variant.HOLDEM or players not in (2, 3):
        raise InputError("exact deals are for Hold'em with 2 or 3 players")
    data = class_data("holdem")
    classes_n = int(data.class_ids.size)
    member_class = np.repeat(np.arange(classes_n, dtype=np.int32),
                             np.diff(data.member_offsets))
    combos = class_combos("holdem").astype(np.float64)
    if players == 2:
        pairs = expand_triangle(load_table("holdem").pairs_triangle().astype(np.float64),
                                classes_n, "same")
        a, b = np.nonzero(pairs)
        weights = pairs[a, b]
        cells = np.stack([a, b], axis=1).astype(np.int32)
        zeros = np.zeros(cells.shape, np.int32)
        return Deals(cells, weights / weights.sum(), zeros, zeros.copy(), True, seed,
                     int(weights.size))
    counts = _triple_counts(data.member_masks, member_class,
                            data.member_offsets[:-1].copy(), classes_n)
    a, b, c = np.nonzero(counts)
    weights = counts[a, b, c] * combos[a]
    cells = np.stack([a, b, c], axis=1).astype(np.int32)
    hands = np.empty((cells.shape[0], 3, 2), np.int8)
    boards = np.empty((cells.shape[0], 5), np.int8)
    _realize(cells, data.member_cards, data.member_masks, data.member_offsets, seed, hands,
             boards)
    hi, lo = _strengths(variant, hands, boards)
    return Deals(cells, weights / weights.sum(), hi, lo, True, seed, int(weights.size))
