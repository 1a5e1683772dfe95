"""Heads-up equity of ranges: Monte Carlo with a standard error, exact when the enumeration is
small.

The ranges are those of :mod:`omahanash.equity.ranges` (``"AA; AKs; 7h 2d"``, class ids, ...);
hands that touch the board or the dead cards are dropped. A deal is a uniformly random
*disjoint* pair (hand of range 1, hand of range 2) and a uniformly random completion of the
board.

>>> r = range_equity("As Ah", "Ks Kd; Qs Qd", game="holdem", trials=20_000, seed=1)
>>> r.exact, abs(r.equity[0] - 0.82) < 0.02
(False, True)
"""

from __future__ import annotations

import time
from collections.abc import Sequence
from math import comb, sqrt

import numpy as np
from numba import njit, prange

from omahanash.cards import (
    NUM_CARDS,
    check_disjoint,
    format_cards,
    hole_cards,
    normalize_game,
    parse_cards,
    remaining_deck,
)
from omahanash.equity.exact import add_showdown, enumerate_deal
from omahanash.equity.ranges import RangeSpec, is_class_item, parse_range
from omahanash.equity.result import (
    GAME_CODES,
    NUM_ACC,
    SQUARES1,
    TIE,
    WIN1,
    WIN2,
    EquityResult,
    check_trials,
    hand_features,
    result_from_counts,
)
from omahanash.errors import Cancelled, InputError
from omahanash.evaluate import hand_pair_indices, nonflush_profiles, nonflush_table
from omahanash.evaluate.core import board_summary, low_set5
from omahanash.evaluate.tables import flush_table, low_table
from omahanash.rng import next_bits, unit_float
from omahanash.runs import CancelFlag, ProgressCallback, iterate

# is_class_item and parse_range are re-exported: the app and older callers import them here.
__all__ = ["DEFAULT_TRIALS", "RangeSpec", "is_class_item", "parse_range",
           "range_equity", "sample_deals"]

DEFAULT_TRIALS = 200_000
# The exact path costs one kernel call per pair of hands (~20 µs each): cap the pairs.
MAX_EXACT_PAIRS = 2_000


def _masks(hands: np.ndarray) -> np.ndarray:
    return np.bitwise_or.reduce(np.int64(1) << hands.astype(np.int64), axis=1)


@njit(cache=True, nogil=True)
def _sample_chunk(chunk, game, hands1, hands2, pairs1, pairs2, masks1, masks2, holes1, holes2,
                  lows1, lows2, known, used_mask, nonflush, flush, low, trials, seed,
                  weighted, weights1, weights2, states, done, acc, failed, budget):
    """Chunk ``chunk`` of :func:`_sample_chunks`. A kernel of its own, called once per
    chunk, not the body of the parallel loop: the parallel pass then compiles one call
    instead of the whole deal (cold compile several times cheaper)."""
    n1 = hands1.shape[0]
    n2 = hands2.shape[0]
    n_known = known.shape[0]
    n_chunks = states.shape[0]
    first = trials * chunk // n_chunks + done[chunk]
    stop = min(trials * (chunk + 1) // n_chunks, first + budget)
    if first >= stop or failed[chunk]:
        return
    row = np.zeros(NUM_ACC, dtype=np.int64)  # private: no false sharing
    board = np.empty(5, dtype=np.int64)
    for u in range(n_known):
        board[u] = known[u]
    nonflush2 = np.empty((1, 2), dtype=np.int64)  # this deal's two non-flush values
    suit_masks = np.empty((2, 4), dtype=np.int64)
    low_sets = np.empty(2, dtype=np.int64)
    # This kernel's own seeding (not rng.stream): it keeps seeded results as they were.
    state = states[chunk]
    if done[chunk] == 0:
        state = np.uint64(seed) * np.uint64(0x100000001B3) + np.uint64(chunk)
    for _ in range(first, stop):
        tries = 0
        while True:
            state, r = next_bits(state)
            i = np.int64((r >> np.uint64(11)) % np.uint64(n1))
            state, r = next_bits(state)
            j = np.int64((r >> np.uint64(11)) % np.uint64(n2))
            if masks1[i] & masks2[j] == 0:
                if not weighted:
                    break
                state, r = next_bits(state)
                if unit_float(r) < weights1[i] * weights2[j]:
                    break
            tries += 1
            if tries > 100_000:
                failed[chunk] = True
                break
        if failed[chunk]:
            break
        used = used_mask | masks1[i] | masks2[j]
        for u in range(n_known, 5):
            while True:
                state, r = next_bits(state)
                card = np.int64((r >> np.uint64(11)) % np.uint64(52))
                if (used >> card) & 1 == 0:
                    break
            used |= np.int64(1) << card
            board[u] = card
        index, suit, board_mask = board_summary(board[0], board[1], board[2], board[3],
                                                board[4])
        best1 = 0
        for c in range(pairs1.shape[1]):
            best1 = max(best1, nonflush[index, pairs1[i, c]])
        best2 = 0
        for c in range(pairs2.shape[1]):
            best2 = max(best2, nonflush[index, pairs2[j, c]])
        nonflush2[0, 0] = best1
        nonflush2[0, 1] = best2
        for s in range(4):
            suit_masks[0, s] = holes1[i, s]
            suit_masks[1, s] = holes2[j, s]
        low_sets[0] = lows1[i]
        low_sets[1] = lows2[j]
        board_low = low_set5(board[0], board[1], board[2], board[3], board[4])
        add_showdown(row, game, 0, suit, board_mask, board_low, nonflush2, suit_masks,
                     low_sets, flush, low)
    states[chunk] = state
    done[chunk] += stop - first
    for k in range(NUM_ACC):
        acc[chunk, k] += row[k]


@njit(cache=True, parallel=True)
def _sample_chunks(game, hands1, hands2, pairs1, pairs2, masks1, masks2, holes1, holes2,
                   lows1, lows2, known, used_mask, nonflush, flush, low, trials, seed,
                   weighted, weights1, weights2, states, done, acc, failed, budget):
    """Advance every chunk of a Monte Carlo run by at most ``budget`` deals, in place.

    Chunk ``c`` of ``n_chunks = len(states)`` owns the deals ``trials * c // n_chunks`` up to
    ``trials * (c + 1) // n_chunks`` and draws them from its own SplitMix64 stream
    (:mod:`omahanash.rng`) seeded by (``seed``, ``c``); ``states[c]`` is the stream's state,
    ``done[c]`` the deals it has made, ``acc[c]`` (``int64[15]``) its outcome counts,
    ``failed[c]`` set when it found no disjoint pair in 100,000 draws. A run cut into calls
    therefore gives exactly the counts of one call: the result depends on the seed and
    ``n_chunks`` only, never on the budget or the number of threads.

    Each deal draws a hand of each range until the two are disjoint, then the missing board
    cards uniformly from the cards not used. With ``weighted``, a disjoint pair ``(i, j)`` is
    kept with probability ``weights1[i] * weights2[j]`` (rejection sampling: hands drawn in
    proportion to their weights); unweighted runs draw no extra numbers, so their seeded
    results are what they always were. ``pairsN[i]`` are hand ``i``'s columns of the
    91-pair ``nonflush`` table (one for Hold'em, six for Omaha), ``holesN`` / ``lowsN`` its
    suit masks and low set (see :func:`~omahanash.equity.exact.add_showdown`).
    """
    n_chunks = states.shape[0]
    for chunk in prange(n_chunks):
        # np.int64: the parallel loop's index is uint64 in the generated gufunc but int64 in
        # typing; a bare index would compile _sample_chunk for both.
        _sample_chunk(np.int64(chunk), game, hands1, hands2, pairs1, pairs2, masks1, masks2, holes1,
                      holes2, lows1, lows2, known, used_mask, nonflush, flush, low, trials,
                      seed, weighted, weights1, weights2, states, done, acc, failed, budget)


#: Aimed duration of one kernel call of a Monte Carlo run (seconds): the cancel flag and
#: progress are seen between calls, so Stop and Ctrl-C act within about this long.
CALL_SECONDS = 0.1


def sample_deals(game: int, hands1: np.ndarray, hands2: np.ndarray, pairs1: np.ndarray,
                 pairs2: np.ndarray, masks1: np.ndarray, masks2: np.ndarray,
                 holes1: np.ndarray, holes2: np.ndarray, lows1: np.ndarray, lows2: np.ndarray,
                 known: np.ndarray, used_mask: np.int64, nonflush: np.ndarray,
                 flush: np.ndarray, low: np.ndarray, trials: int, seed: int, n_chunks: int,
                 weighted: bool, weights1: np.ndarray, weights2: np.ndarray,
                 progress: ProgressCallback | None = None,
                 cancel: CancelFlag | None = None) -> tuple[np.ndarray, bool]:
    """``(int64[15] outcome counts, rejected)`` over ``trials`` random deals (see
    :func:`_sample_chunks` for the arguments and the streams: ``n_chunks`` streams).

    The kernel runs in calls of about :data:`CALL_SECONDS` through
    :func:`omahanash.runs.iterate`, reporting ``progress(deals done, trials)``; when
    ``cancel`` is set it stops at the next call and returns the counts of the deals made so
    far (their number is ``counts[WIN1] + counts[WIN2] + counts[TIE]``). ``rejected`` is True
    when a chunk found no disjoint pair in 100,000 draws.
    """
    states = np.zeros(n_chunks, dtype=np.uint64)
    done = np.zeros(n_chunks, dtype=np.int64)
    acc = np.zeros((n_chunks, NUM_ACC), dtype=np.int64)
    failed = np.zeros(n_chunks, dtype=np.bool_)
    budget = 256  # deals per chunk in the first call; then sized from the measured rate

    def step(deals_done: int) -> int:
        nonlocal budget
        tick = time.perf_counter()
        _sample_chunks(game, hands1, hands2, pairs1, pairs2, masks1, masks2, holes1, holes2,
                       lows1, lows2, known, used_mask, nonflush, flush, low, trials, seed,
                       weighted, weights1, weights2, states, done, acc, failed, budget)
        elapsed = time.perf_counter() - tick
        budget = max(1, int(min(budget * CALL_SECONDS / max(elapsed, 1e-6), 4 * budget)))
        if failed.any():
            return trials - deals_done
        return int(done.sum()) - deals_done

    iterate(step, trials, progress, cancel, interval=0.0)
    return acc.sum(axis=0), bool(failed.any())


def range_equity(
    range1: RangeSpec,
    range2: RangeSpec,
    board: str | Sequence[int] = "",
    dead: str | Sequence[int] = "",
    game: str = "omaha-hi",
    trials: int = DEFAULT_TRIALS,
    seed: int = 0,
    weights1: np.ndarray | None = None,
    weights2: np.ndarray | None = None,
    exact_budget: int | None = None,
    *,
    progress: ProgressCallback | None = None,
    cancel: CancelFlag | None = None,
) -> EquityResult:
    """Equity of range 1 against range 2 (either may be a single hand).

    Exact (``exact=True``, ``stderr=0``) when enumerating every disjoint pair of hands on
    every board takes no more showdowns than ``exact_budget`` (default: ``trials``) and every
    hand weighs the same; otherwise ``trials`` Monte Carlo deals (``boards`` = trials) with
    ``stderr`` = the standard error of ``equity[0]``. ``trials`` is a whole number >= 2
    (:func:`~omahanash.equity.result.check_trials`). ``weightsN`` (one weight in [0, 1] per
    hand of an array ``rangeN``) makes a hand count in proportion to its weight.

    ``progress(done, total)`` is called as the deals (or the exact pairs) are settled, and
    ``cancel`` (a :class:`~omahanash.runs.CancelFlag`) is checked about every
    :data:`CALL_SECONDS`: a cancelled Monte Carlo run returns the result of the deals made so
    far (``boards`` says how many; the caller sees ``cancel.cancelled``), a cancelled exact
    enumeration (or a run cancelled before two deals) raises
    :class:`~omahanash.errors.Cancelled`.

    >>> import numpy as np
    >>> aces = np.array([[48, 49], [50, 51]], dtype=np.int8)     # Ac Ad and Ah As
    >>> r = range_equity(aces, "Kh Ks", game="holdem", trials=100_000, seed=1,
    ...                  weights1=np.array([1.0, 0.0]))         # only Ac Ad counts
    >>> r.exact, round(r.equity[0], 2)
    (False, 0.81)
    """
    game = normalize_game(game)
    trials = check_trials(trials)
    known = parse_cards(board, (0, 3, 4, 5), what="board")
    gone = parse_cards(dead, what="dead cards")
    check_disjoint({"board": known, "dead cards": gone})
    hands1, weights1 = _playable(*_weighted_side(range1, weights1, game), known, gone,
                                 "range 1")
    hands2, weights2 = _playable(*_weighted_side(range2, weights2, game), known, gone,
                                 "range 2")
    weighted = bool((weights1 < 1).any() or (weights2 < 1).any())
    masks1, masks2 = _masks(hands1), _masks(hands2)
    disjoint = _disjoint_pairs(masks1, masks2)
    if disjoint is not None and len(disjoint[0]) == 0:
        raise InputError("no hand of range 1 is disjoint from a hand of range 2")
    need = 5 - len(known)
    boards_each = comb(NUM_CARDS - len(known) - len(gone) - 2 * hole_cards(game), need)
    budget = trials if exact_budget is None else exact_budget
    if (not weighted and disjoint is not None and len(disjoint[0]) <= MAX_EXACT_PAIRS
            and len(disjoint[0]) * boards_each <= budget):
        return _enumerate_pairs(game, hands1, hands2, disjoint, known, gone, boards_each,
                                progress, cancel)

    omaha = game != "holdem"
    holes1, lows1 = hand_features(hands1)
    holes2, lows2 = hand_features(hands2)
    used = _masks(np.array([known + gone], dtype=np.int64))[0] if known or gone else 0
    n_chunks = 64
    acc, failed = sample_deals(
        GAME_CODES[game], hands1, hands2, hand_pair_indices(hands1), hand_pair_indices(hands2),
        masks1, masks2, holes1, holes2, lows1, lows2, np.array(known, dtype=np.int8),
        np.int64(used), nonflush_table("omaha" if omaha else "holdem"), flush_table(),
        low_table(), int(trials), int(seed) & (2**63 - 1), n_chunks, weighted, weights1,
        weights2, progress, cancel)
    if failed:
        raise InputError("the ranges have (almost) no disjoint pair of hands")
    trials = int(acc[WIN1] + acc[WIN2] + acc[TIE])  # fewer than asked when cancelled
    if trials < 2:
        raise Cancelled("cancelled before two deals were made")
    # Per-trial pot share of player 1 is units / 4; its variance gives the standard error.
    mean_units = (acc[0] + acc[1]) / trials
    variance = max(acc[SQUARES1] / trials - mean_units**2, 0.0) / 16.0
    stderr = sqrt(variance / trials)
    return result_from_counts(game, acc, trials, exact=False, stderr=stderr,
                              matchups=len(disjoint[0]) if disjoint is not None else 0)


def _weighted_side(spec: RangeSpec, weights: np.ndarray | None,
                   game: str) -> tuple[np.ndarray, np.ndarray]:
    """The distinct hands of ``spec`` (sorted, as :func:`parse_range` gives them) and the
    weight of each: 1, or the given weight of the same hand in the array ``spec``."""
    hands = parse_range(spec, game)
    if weights is None:
        return hands, np.ones(len(hands))
    given = np.asarray(spec)
    weights = np.asarray(weights, dtype=np.float64)
    if given.ndim != 2 or weights.shape != (len(given),):
        raise InputError("weights need an array of hands with one weight per hand")
    if not np.all((weights >= 0) & (weights <= 1)):
        raise InputError("weights must be numbers from 0 to 1")
    order = np.argsort(_masks(given))
    position = order[np.searchsorted(_masks(given)[order], _masks(hands))]
    keep = weights[position] > 0
    if not keep.any():
        raise InputError("every hand of the range has weight 0")
    return np.ascontiguousarray(hands[keep]), np.ascontiguousarray(weights[position][keep])


def _playable(hands: np.ndarray, weights: np.ndarray, known: Sequence[int],
              gone: Sequence[int], what: str) -> tuple[np.ndarray, np.ndarray]:
    blocked = _masks(np.array([list(known) + list(gone)], dtype=np.int64))[0] \
        if known or gone else 0
    keep = (_masks(hands) & blocked) == 0
    if not keep.any():
        shown = format_cards(list(known) + list(gone))
        raise InputError(f"every hand of {what} uses a card of the board or dead cards "
                         f"({shown})")
    return np.ascontiguousarray(hands[keep]), np.ascontiguousarray(weights[keep])


def _disjoint_pairs(masks1: np.ndarray, masks2: np.ndarray,
                    limit: int = 4_000_000) -> tuple[np.ndarray, np.ndarray] | None:
    """Index arrays of the disjoint (hand 1, hand 2) pairs; None when there are too many
    pairs to list (big ranges always have disjoint pairs)."""
    if len(masks1) * len(masks2) > limit:
        return None
    first, second = np.nonzero((masks1[:, None] & masks2[None, :]) == 0)
    return first, second


def _enumerate_pairs(game: str, hands1: np.ndarray, hands2: np.ndarray,
                     pairs: tuple[np.ndarray, np.ndarray], known: Sequence[int],
                     gone: Sequence[int], boards_each: int,
                     progress: ProgressCallback | None = None,
                     cancel: CancelFlag | None = None) -> EquityResult:
    """Exact: every disjoint pair, every board; each pair weighs the same. ``cancel`` is
    seen between pairs (a pair takes at most a few hundredths of a second) and raises
    :class:`~omahanash.errors.Cancelled`: a part of the pairs is no exact answer."""
    # Profiles of all hands at once (one numpy pass), then two columns per pair.
    profiles = nonflush_profiles(np.concatenate([hands1, hands2]),
                                 "holdem" if game == "holdem" else "omaha")
    total = np.zeros(NUM_ACC, dtype=np.int64)
    known_array = np.array(known, dtype=np.int8)
    blocked = set(known) | set(gone)
    n = len(pairs[0])

    def settle_pair(done: int) -> None:
        i, j = pairs[0][done], pairs[1][done]
        deal = np.array([hands1[i], hands2[j]], dtype=np.int8)
        deck = np.array(remaining_deck(blocked, deal.ravel()), dtype=np.int8)
        columns = profiles[:, [i, len(hands1) + j]]
        total[:] += enumerate_deal(game, deal, known_array, deck, np.ascontiguousarray(columns))

    run = iterate(settle_pair, n, progress, cancel)
    if run.cancelled:
        raise Cancelled(f"cancelled after {run.done:,} of {n:,} pairs of hands")
    return result_from_counts(game, total, n * boards_each, exact=True, matchups=n)
