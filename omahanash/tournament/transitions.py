"""What one hand of a match does: the small blind folds, pushes and is not called, or a
showdown in which the small blind gets 0, ¼, ½, ¾ or the whole pot.

With ``p`` the small blind's push and ``q`` the big blind's call probability per class, and
the table's ``pairs`` (disjoint deals of two classes; ``W = pairs @ 1``, ``T = sum W``):

* P(SB folds) = ``W·(1 − p) / T``; P(push, fold) = ``(W·p − p·pairs·q) / T``;
* P(showdown) = ``p·pairs·q / T``, and the SB's mean pot share in it is exact from the equity
  table (``sum pairs·p·q·eq``, two passes of the jam-fold kernel);
* how that share splits into 0, ¼, ½, ¾, 1 the table does not store (only means). It is
  estimated by Monte Carlo: :data:`DEFAULT_SAMPLES` showdowns drawn as the jam-fold model
  deals them (a class of each range by combos × weight, a uniform member of each, redrawn
  until disjoint: exactly the ``pairs·p·q`` weighting; then a uniform board), settled with the
  numba evaluators. Only the split fractions (¼, ½, ¾) come from the sample; the scoops are
  then fixed so that the mean share is the table's, so the chip drift of every hand is exact
  and a fair game stays exactly fair. The standard error of each fraction is at most
  ``0.5/sqrt(samples)`` (0.0022 at 50,000). When both ranges are the same the distribution is
  mirrored (P(¼) = P(¾)), which the estimate is made to respect exactly.

Why Monte Carlo per pair of ranges and not a per-cell table of share probabilities: a full
Omaha table has 135 million cells, so a per-cell table is another multi-gigabyte build; one
estimate per pair of strategies (one per grid stack) costs well under a second.

>>> from omahanash.equity.tables import load_table
>>> table = load_table("holdem")
>>> every = np.ones(169)
>>> outcome = hand_outcomes(table, every, every, samples=20_000, seed=1)
>>> outcome.sb_folds, outcome.bb_folds, round(float(outcome.shares[2]), 2)  # ties: ~4 %
(0.0, 0.0, 0.04)
>>> bool(outcome.shares[0] == outcome.shares[4])
True
"""

from __future__ import annotations

import hashlib
import threading
from dataclasses import dataclass
from functools import cache

import numpy as np
from numba import njit, prange

from omahanash.cards import Variant
from omahanash.equity.result import hand_features
from omahanash.equity.tables import class_data
from omahanash.errors import InputError
from omahanash.evaluate import hand_pair_indices, nonflush_table
from omahanash.evaluate.core import board_summary, hand_high, low_set5, showdown_units
from omahanash.evaluate.tables import flush_table, low_table
from omahanash.jamfold.game import JamFoldGame, JamFoldParams, dot
from omahanash.rng import below, next_bits, stream, unit_float

DEFAULT_SAMPLES = 50_000
CHUNKS = 32  # streams of the share sampler: results depend on the seed, not on threads
# Outcome columns of every per-hand probability vector.
SB_FOLDS, BB_FOLDS, SHOWDOWN = 0, 1, 2
OUTCOMES = 7  # SB folds, BB folds, then the SB's share in quarters 0..4
GAME_CODES = {Variant.HOLDEM: 0, Variant.OMAHA_HI: 1, Variant.OMAHA_HILO: 2}


@dataclass(frozen=True)
class HandOutcomes:
    """Probabilities of one hand's outcomes: ``sb_folds``, ``bb_folds`` and ``shares[u]`` =
    P(showdown and the small blind gets ``u`` quarters of the pot); ``share_stderr`` the
    largest standard error of the sampled split fractions (0 when nothing was sampled)."""

    sb_folds: float
    bb_folds: float
    shares: np.ndarray
    share_stderr: float

    @property
    def probabilities(self) -> np.ndarray:
        """The seven outcome probabilities (float64, summing to 1)."""
        return np.concatenate(([self.sb_folds, self.bb_folds], self.shares))

    @property
    def sb_mean_share(self) -> float:
        """The small blind's mean pot share at a showdown (nan without showdowns)."""
        total = float(self.shares.sum())
        return float(self.shares @ np.arange(5) / 4 / total) if total > 0 else float("nan")


@dataclass(frozen=True)
class _Members:
    """Concrete hands of a table's classes, flattened for the sampler."""

    offsets: np.ndarray
    masks: np.ndarray
    pairs: np.ndarray
    holes: np.ndarray
    lows: np.ndarray


@cache
def _members(variant: Variant, class_ids: bytes) -> _Members:
    data = class_data(str(variant), np.frombuffer(class_ids, dtype=np.int64))
    holes, lows = hand_features(data.member_cards)
    return _Members(data.member_offsets, data.member_masks.astype(np.int64),
                    np.ascontiguousarray(hand_pair_indices(data.member_cards), np.int64),
                    holes, lows)


@njit(cache=True, inline="always")
def _draw(state, cumulative, offsets):
    """A member of a class drawn by ``cumulative`` weight, uniform within the class."""
    state, bits = next_bits(state)
    target = unit_float(bits) * cumulative[-1]
    klass = np.searchsorted(cumulative, target, side="right")
    state, bits = next_bits(state)
    first = offsets[klass]
    return state, first + below(bits, offsets[klass + 1] - first)


@njit(cache=True, nogil=True)
def _share_chunk(chunk, game, cumulative1, cumulative2, offsets, masks, pairs, holes, lows,
                 nonflush, flush, low, samples, seed, chunks, counts, failed):
    """Chunk ``chunk`` of :func:`sample_shares` into ``counts[chunk]``, ``failed[chunk]``. A
    kernel of its own called once per chunk, not the parallel loop's body: the parallel pass
    then compiles one call instead of the whole showdown (cold compile several times
    cheaper)."""
    omaha = game != 0
    state = stream(seed, chunk)
    board = np.empty(5, dtype=np.int64)
    for _ in range(samples * chunk // chunks, samples * (chunk + 1) // chunks):
        tries = 0
        a = 0
        b = 0
        while True:
            state, a = _draw(state, cumulative1, offsets)
            state, b = _draw(state, cumulative2, offsets)
            if masks[a] & masks[b] == 0:
                break
            tries += 1
            if tries > 10_000:
                failed[chunk] = True
                break
        if failed[chunk]:
            break
        used = masks[a] | masks[b]
        for u in range(5):
            while True:
                state, bits = next_bits(state)
                card = np.int64(below(bits, 52))
                if (used >> card) & 1 == 0:
                    break
            used |= np.int64(1) << card
            board[u] = card
        index, suit, board_mask = board_summary(board[0], board[1], board[2], board[3],
                                                board[4])
        high1 = 0
        high2 = 0
        for c in range(pairs.shape[1]):
            high1 = max(high1, nonflush[index, pairs[a, c]])
            high2 = max(high2, nonflush[index, pairs[b, c]])
        if suit >= 0:
            high1 = hand_high(high1, holes[a, suit], suit, board_mask, flush, omaha)
            high2 = hand_high(high2, holes[b, suit], suit, board_mask, flush, omaha)
        low1 = 0
        low2 = 0
        if game == 2:
            board_low = low_set5(board[0], board[1], board[2], board[3], board[4])
            low1 = low[lows[a], board_low]
            low2 = low[lows[b], board_low]
        h1, l1, _, _ = showdown_units(high1, high2, low1, low2, game == 2)
        counts[chunk, h1 + l1] += 1


@njit(cache=True, parallel=True)
def sample_shares(game, cumulative1, cumulative2, offsets, masks, pairs, holes, lows,
                  nonflush, flush, low, samples, seed, chunks):
    """``(int64[chunks, 5] counts of the first hand's share in quarters, bool[chunks]
    failed)`` per chunk over ``samples`` showdowns: a hand of each weighted class list
    (redrawn until disjoint) and a uniform board. Chunk ``c`` draws from stream (``seed``,
    ``c``). ``failed[c]`` when 10,000 draws in a row overlapped. The caller sums the chunks
    (no reduction in the kernel: its parallel pass stays small to compile)."""
    counts = np.zeros((chunks, 5), dtype=np.int64)
    failed = np.zeros(chunks, dtype=np.bool_)
    for chunk in prange(chunks):
        # np.int64: the loop index is uint64 in the generated gufunc but int64 in typing; a
        # bare index would compile _share_chunk twice.
        _share_chunk(np.int64(chunk), game, cumulative1, cumulative2, offsets, masks, pairs,
                     holes, lows, nonflush, flush, low, samples, seed, chunks, counts, failed)
    return counts, failed


def _weights(name: str, values: object, n: int) -> np.ndarray:
    array = np.ascontiguousarray(values, dtype=np.float64)
    if array.shape != (n,) or not np.all((array >= 0) & (array <= 1)):
        raise InputError(f"{name} must be {n} probabilities in [0, 1] (one per table class)")
    return array


def split_fractions(table, push: np.ndarray, call: np.ndarray,
                    samples: int = DEFAULT_SAMPLES, seed: int = 0) -> tuple[np.ndarray, float]:
    """Monte Carlo fractions of the showdowns of ``push`` against ``call`` in which the
    pusher gets 0..4 quarters of the pot, and the largest standard error among them."""
    variant = Variant.parse(table.game)
    ids = np.ascontiguousarray(table.class_ids, dtype=np.int64)
    members = _members(variant, ids.tobytes())
    sizes = np.diff(members.offsets).astype(np.float64)
    cumulative1 = np.cumsum(sizes * push)
    cumulative2 = np.cumsum(sizes * call)
    counts, failed = sample_shares(
        GAME_CODES[variant], cumulative1, cumulative2, members.offsets, members.masks,
        members.pairs, members.holes, members.lows,
        nonflush_table("holdem" if variant == Variant.HOLDEM else "omaha"), flush_table(),
        low_table(), int(samples), int(seed), CHUNKS)
    if failed.any():
        raise InputError("the two ranges have (almost) no disjoint pair of hands")
    fractions = counts.sum(axis=0) / float(samples)
    if np.array_equal(push, call):  # one range against itself: the shares are mirrored
        fractions = (fractions + fractions[::-1]) / 2.0
    stderr = float(np.sqrt(fractions * (1.0 - fractions) / samples).max())
    return fractions, stderr


_CACHE: dict[tuple, HandOutcomes] = {}
_LOCK = threading.Lock()


def hand_outcomes(table, push: np.ndarray, call: np.ndarray,
                  samples: int = DEFAULT_SAMPLES, seed: int = 0) -> HandOutcomes:
    """The outcome probabilities of one hand (module docstring) when the small blind pushes
    with ``push`` and the big blind calls with ``call`` (per class position of ``table``).
    Kept in memory per (table, strategies, samples, seed)."""
    n = int(table.n)
    push = _weights("push", push, n)
    call = _weights("call", call, n)
    if isinstance(samples, bool) or not isinstance(samples, int) or samples < 2:
        raise InputError(f"samples must be a whole number >= 2, got {samples!r}")
    key = (id(table), hashlib.blake2b(push.tobytes() + call.tobytes()).hexdigest(), samples,
           seed)
    with _LOCK:
        if key in _CACHE:
            return _CACHE[key]
    stack, steal = 100.0, 2.0
    game = JamFoldGame(table, JamFoldParams(table.game, sb=1.0, bb=steal, stacks=stack))
    deals = game.total_deals
    pushed = dot(game.deals_holding, push)
    showdowns = dot(push, game.pairs_product(call))
    # p·(G q) = 2E·(sum pairs p q eq) − (E + BB)·(p·pairs·q): the share summed over showdowns
    share_sum = (dot(push, game.push_products(call)) + (stack + steal) * showdowns) \
        / (2.0 * stack)
    sb_folds = max(0.0, 1.0 - pushed / deals)
    bb_folds = max(0.0, (pushed - showdowns) / deals)
    shares = np.zeros(5)
    stderr = 0.0
    if showdowns > 0:
        fractions, stderr = split_fractions(table, push, call, samples, seed)
        mean = min(max(share_sum / showdowns, 0.0), 1.0)
        split = fractions[1:4]
        scoops = 1.0 - split.sum()
        # scoops x: x·1 + split·(¼, ½, ¾) = mean; the rest of the scoops are lost
        won = min(max(mean - float(split @ np.array([0.25, 0.5, 0.75])), 0.0), scoops)
        if np.array_equal(push, call):
            won = scoops / 2.0  # mean ½ exactly: keep the mirror exact in floating point
        shares = np.concatenate(([scoops - won], split, [won])) * (showdowns / deals)
    outcome = HandOutcomes(sb_folds, bb_folds, shares, stderr)
    with _LOCK:
        return _CACHE.setdefault(key, outcome)
