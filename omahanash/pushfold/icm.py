"""The Independent Chip Model (Malmuth–Harville): prize equity from chip stacks.

A player finishes 1st with probability equal to their share of the chips; given who finished
above them, they finish next with their share of the chips that remain, and so on. The prize
equity of a player is the sum over places of P(place) × payout.

:func:`icm` is exact by a dynamic programme over the set of players already placed (the top
``k`` finishers), ``O(n · Σ_{k<m} C(n, k))`` for ``m`` paid places — ``O(n·2ⁿ)`` at worst, not
the ``n!`` of enumerating finishing orders. For up to :data:`EXACT_PLAYERS` (20) players it is
exact; beyond that it samples finishing orders (Harville's order is the order of independent
exponential clocks with rates equal to the stacks), seeded, and reports the standard error of
each equity (:func:`icm_detail`).

Players with no chips (busted in the hand just played) take the places below every player with
chips; among them, whoever started the hand with more chips finishes higher (``tiebreak``),
and equal tiebreaks share the places' payouts equally.

>>> [round(float(x), 4) for x in icm([5000, 3000, 2000], [50, 30, 20])]
[38.3929, 32.75, 28.8571]
>>> icm([1, 3], [1]).tolist()         # one paid place: the chip share
[0.25, 0.75]
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass

import numpy as np
from numba import njit

from omahanash.errors import InputError
from omahanash.pushfold.payouts import check_payouts, number_list, parse_payouts
from omahanash.rng import next_bits, stream, unit_float

#: Largest number of placed-player sets the exact programme walks (about 2**21: every field
#: of up to 20 players, whatever the payouts). Beyond it, finishing orders are sampled.
EXACT_LIMIT = 1 << 21
#: Most players with chips the exact programme takes (its workspace is ``2 * 2**n`` floats).
EXACT_PLAYERS = 20
#: Finishing orders sampled when the field is too big for the exact programme.
DEFAULT_SAMPLES = 200_000
#: Most players :func:`icm` takes.
MAX_PLAYERS = 10_000
#: Most work of a sampled ICM, in sampled orders × players with chips (~10 s at 2e8 on one
#: core): a bigger field is refused before any work, with the largest it takes.
SAMPLED_WORK = 200_000_000


@njit(cache=True)
def _popcount(x: np.int64) -> int:
    count = 0
    while x:
        x &= x - 1
        count += 1
    return count


@njit(cache=True)
def icm_kernel(stacks: np.ndarray, payouts: np.ndarray, tiebreak: np.ndarray,
               out: np.ndarray) -> None:
    """Exact Malmuth–Harville prize equity of every player into ``out`` (``n <= 30``).

    ``payouts`` has one entry per place, already cut to at most ``n`` places. Players with
    stack 0 take the places below the others, ordered by ``tiebreak`` (higher finishes higher,
    equal ones share).
    """
    prob = np.empty(2 << stacks.size)
    icm_into(stacks, payouts, tiebreak, out, prob)


@njit(cache=True)
def _next_set(t: np.int64) -> np.int64:
    """The next larger number with as many bits set (Gosper's hack)."""
    low = t & -t
    ripple = t + low
    return (((ripple ^ t) >> 2) // low) | ripple


@njit(cache=True, inline="always")
def _chips_left(t: np.int64, stacks: np.ndarray, total: float, inside: float) -> float:
    """The chips of the players outside the set ``t``: ``total - inside``, or where that
    difference is small beside the total (a tiny stack left among big ones: ``1e-14`` beside
    ``2``, whose difference keeps few digits) the sum of those stacks itself, so that the
    equities still sum to the pool."""
    left = total - inside
    if left < total * 1e-3:
        left = 0.0
        for a in range(stacks.size):
            if not t >> a & 1 and stacks[a] > 0.0:
                left += stacks[a]
    return left


@njit(cache=True)
def _push_set(t: np.int64, size: int, paid: int, stacks: np.ndarray, payouts: np.ndarray,
              total: float, prob: np.ndarray, chips: np.ndarray, out: np.ndarray) -> None:
    """The set ``t`` of the first ``size`` finishers: the next place's prize to everyone
    outside it, and its probability on to the sets one larger."""
    p = prob[t]
    if p > 0.0:
        left = _chips_left(t, stacks, total, chips[t])
        if left > 0.0:
            q = p / left
            pay = payouts[size]
            grow = size + 1 < paid
            here = chips[t]
            for a in range(stacks.size):
                if not t >> a & 1 and stacks[a] > 0.0:
                    share = q * stacks[a]
                    out[a] += pay * share
                    if grow:
                        bigger = t | (np.int64(1) << a)
                        prob[bigger] += share
                        chips[bigger] = here + stacks[a]


@njit(cache=True)
def _numeric_order(stacks: np.ndarray, payouts: np.ndarray, paid: int, total: float,
                   prob: np.ndarray, chips: np.ndarray, out: np.ndarray) -> None:
    """The programme over every set in numeric order (every subset of ``T`` comes first),
    pulling: ``prob`` holds ``q[T]`` = P(the first finishers are ``T``) / the chips outside
    ``T``, so ``P(T) = Σ_{a∈T} q[T−a] s_a`` reads memory in streams; a player's equity is
    ``s_a (Σ_T w_T − Σ_{T∋a} w_T)`` with ``w_T`` = the next place's prize × ``q[T]``."""
    n = stacks.size
    limit = np.int64(1) << n
    everyone = 0.0
    inside = np.zeros(n)
    dead = np.int64(0)
    for i in range(n):
        if not stacks[i] > 0.0:
            dead |= np.int64(1) << i
    for t in range(limit):
        size = _popcount(np.int64(t))
        if size >= paid:
            continue
        if t & dead:
            prob[t] = 0.0
            continue
        if t == 0:
            p = 1.0
            chips[0] = 0.0
        else:
            low = t & -t
            b = 0
            while low >> b != 1:
                b += 1
            chips[t] = chips[t ^ low] + stacks[b]
            p = 0.0
            for a in range(n):
                if t >> a & 1:
                    p += prob[t ^ (np.int64(1) << a)] * stacks[a]
        left = _chips_left(np.int64(t), stacks, total, chips[t])
        q = p / left if left > 0.0 else 0.0
        prob[t] = q
        w = payouts[size] * q
        everyone += w
        for a in range(n):
            if t >> a & 1:
                inside[a] += w
    for a in range(n):
        if stacks[a] > 0.0:
            out[a] = stacks[a] * (everyone - inside[a])


@njit(cache=True)
def icm_into(stacks: np.ndarray, payouts: np.ndarray, tiebreak: np.ndarray,
             out: np.ndarray, prob: np.ndarray) -> None:
    """:func:`icm_kernel` with a caller's workspace ``prob`` (at least ``2 * 2**n`` floats),
    allocating nothing: the hot loop of the table solver.

    The programme walks the sets of players placed above the paid places (sizes below the
    number of paid places), ``prob[T]`` = P(the first ``|T|`` finishers are exactly ``T``),
    with the chips of ``T`` in the second half of the workspace. Each set pushes its
    probability on to the sets one player larger and its share of the place's prize to the
    players outside it: ``O(n)`` a set. When those sets are a small part of all ``2**n``
    they are visited size by size (Gosper's hack); otherwise in numeric order
    (:func:`_numeric_order`).
    """
    n = stacks.size
    k = 0
    total = 0.0
    for i in range(n):
        out[i] = 0.0
        if stacks[i] > 0.0:
            k += 1
            total += stacks[i]
    places = payouts.size
    paid = min(places, k)
    if paid > 0:
        limit = np.int64(1) << n
        chips = prob[limit:]
        needed = 0.0
        binomial = 1.0
        for size in range(paid):
            needed += binomial
            binomial = binomial * (k - size) / (size + 1)
        if needed * 8 < limit:
            prob[0] = 1.0
            chips[0] = 0.0
            for size in range(paid):
                # zero the next size's sets before this size pushes into them
                if size + 1 < paid:
                    t = np.int64((1 << (size + 1)) - 1)
                    while t < limit:
                        prob[t] = 0.0
                        t = _next_set(t)
                t = np.int64((1 << size) - 1)
                while t < limit:
                    _push_set(t, size, paid, stacks, payouts, total, prob, chips, out)
                    if size == 0:
                        break
                    t = _next_set(t)
        else:
            _numeric_order(stacks, payouts, paid, total, prob, chips, out)
    # players without chips share the places below, by tiebreak
    if k < n and k < places:
        rest_n = n - k
        done = 0
        place = k
        previous = np.inf
        while done < rest_n:
            best = -np.inf
            for i in range(n):
                if not stacks[i] > 0.0 and previous > tiebreak[i] > best:
                    best = tiebreak[i]
            tied = 0
            for i in range(n):
                if not stacks[i] > 0.0 and tiebreak[i] == best:
                    tied += 1
            if tied == 0:
                break
            share = 0.0
            for p in range(place, place + tied):
                if p < places:
                    share += payouts[p]
            share /= tied
            for i in range(n):
                if not stacks[i] > 0.0 and tiebreak[i] == best:
                    out[i] = share
            place += tied
            done += tied
            previous = best


@njit(cache=True)
def _icm_sampled(stacks: np.ndarray, payouts: np.ndarray, samples: int, seed: int,
                 out: np.ndarray, out_sq: np.ndarray) -> None:
    """Harville orders sampled as the order of exponential clocks with rates ``stacks``."""
    n = stacks.size
    places = payouts.size
    state = stream(seed, 0)
    clocks = np.empty(n)
    for i in range(n):
        out[i] = 0.0
        out_sq[i] = 0.0
    for _ in range(samples):
        for i in range(n):
            state, bits = next_bits(state)
            u = unit_float(bits)
            clocks[i] = -math.log(1.0 - u) / stacks[i] if stacks[i] > 0.0 else np.inf
        order = np.argsort(clocks)
        for p in range(min(places, n)):
            i = order[p]
            out[i] += payouts[p]
            out_sq[i] += payouts[p] * payouts[p]
    for i in range(n):
        out[i] /= samples
        out_sq[i] = math.sqrt(max(out_sq[i] / samples - out[i] * out[i], 0.0) / samples)


def _exact_sets(players: int, places: int) -> int:
    """Number of placed-player sets the exact programme walks."""
    return sum(math.comb(players, k) for k in range(min(places, players)))


def check_stacks(stacks: object, name: str = "stacks", *, least: int = 1,
                 most: int = MAX_PLAYERS) -> np.ndarray:
    """``stacks`` as a float64 array: a list of ``least..most`` finite numbers >= 0, not all 0.

    >>> check_stacks([100, 50]).tolist()
    [100.0, 50.0]
    >>> check_stacks([100, -5])
    Traceback (most recent call last):
    ...
    omahanash.errors.InputError: stacks[1] must be a finite number >= 0, got -5
    """
    out = number_list(name, stacks, least=least, most=most, what="chip counts")
    if not out.sum() > 0:
        raise InputError(f"{name} must hold some chips, got {stacks!r}")
    return out


@dataclass(frozen=True)
class ICMResult:
    """Prize equity of each player, and how it was computed.

    ``stderr`` is 0 everywhere when ``exact``; else the standard error of each sampled equity.
    """

    equity: np.ndarray
    exact: bool
    stderr: np.ndarray
    samples: int


def icm_detail(stacks: Sequence[float] | np.ndarray, payouts: Sequence[float] | np.ndarray,
               *, tiebreak: Sequence[float] | np.ndarray | None = None,
               samples: int = DEFAULT_SAMPLES, seed: int = 0) -> ICMResult:
    """:func:`icm` with the method: exact, or sampled (with standard errors) past the limit.

    >>> result = icm_detail([30, 20, 10, 10, 10, 10, 10] * 4, [50, 30, 20] * 8)
    >>> result.exact, result.samples > 0, round(float(result.equity.sum()), 6)
    (False, True, 800.0)
    >>> icm_detail([5, 5], [1]).exact
    True
    """
    chips = check_stacks(stacks)
    pay = check_payouts(payouts)
    if pay.size > chips.size:
        raise InputError(f"payouts have {pay.size} places for {chips.size} players")
    breaks = chips.copy() if tiebreak is None else check_stacks(tiebreak, "tiebreak",
                                                               least=chips.size,
                                                               most=chips.size)
    alive = int((chips > 0).sum())
    out = np.zeros(chips.size)
    if is_exact(chips, pay):
        icm_kernel(chips, pay, breaks, out)
        return ICMResult(out, True, np.zeros(chips.size), 0)
    if isinstance(samples, bool) or not isinstance(samples, int) or not 1 <= samples <= 10**9:
        raise InputError(f"samples must be a whole number 1..10**9, got {samples!r}")
    if samples * alive > SAMPLED_WORK:
        raise InputError(f"stacks: sampled ICM of {alive:,} players at {samples:,} orders is "
                         f"too much work (at most {SAMPLED_WORK // samples:,} players with "
                         "chips at that many orders)")
    err = np.zeros(chips.size)
    live = chips > 0
    equity, spread = np.zeros(alive), np.zeros(alive)
    _icm_sampled(chips[live], pay[:alive], samples, int(seed), equity, spread)
    out[live], err[live] = equity, spread
    _empty_stacks_below(chips, pay, breaks, out)
    return ICMResult(out, False, err, samples)


def is_exact(stacks: np.ndarray, payouts: np.ndarray) -> bool:
    """Whether :func:`icm_detail` computes this field exactly (else by sampled orders)."""
    alive = int((stacks > 0).sum())
    return stacks.size <= EXACT_PLAYERS and _exact_sets(alive, payouts.size) <= EXACT_LIMIT


def _empty_stacks_below(chips: np.ndarray, pay: np.ndarray, tiebreak: np.ndarray,
                        out: np.ndarray) -> None:
    """Players without chips take the places below the others, higher ``tiebreak`` first,
    equal ones sharing (as the exact programme places them)."""
    place = int((chips > 0).sum())
    dead = np.flatnonzero(chips <= 0)
    for level in sorted({float(tiebreak[i]) for i in dead}, reverse=True):
        tied = [int(i) for i in dead if float(tiebreak[i]) == level]
        share = float(pay[place:place + len(tied)].sum()) / len(tied)
        out[tied] = share
        place += len(tied)


def icm(stacks: Sequence[float] | np.ndarray, payouts: Sequence[float] | np.ndarray | str,
        ) -> np.ndarray:
    """Prize equity of each player by Malmuth–Harville ICM, in the units of ``payouts``.

    ``payouts`` is a list (one amount per paid place, best first) or text (``"50/30/20"``,
    ``"1"`` winner takes all, a preset such as ``"9max"``; see
    :func:`~omahanash.pushfold.payouts.parse_payouts`).

    >>> [round(float(x), 6) for x in icm([5000, 3000, 2000], "50/30/20")]
    [38.392857, 32.75, 28.857143]
    """
    pay = parse_payouts(payouts, players=None) if isinstance(payouts, str) else payouts
    if pay is None:
        raise InputError("payouts 'chips' have no prize equity: give paid places")
    return icm_detail(stacks, pay).equity


def bubble_factors(stacks: Sequence[float] | np.ndarray,
                   payouts: Sequence[float] | np.ndarray | str) -> np.ndarray:
    """Bubble factor of every player ``i`` (row) against every ``j`` (column).

    The prize equity ``i`` loses when losing an all-in of the smaller of the two stacks against
    ``j``, divided by what ``i`` gains when winning it (the other stacks unchanged). NaN on the
    diagonal and where ``i`` has no chips. 1 in chip EV; above 1 wherever prizes are at stake.

    >>> bf = bubble_factors([5000, 3000, 2000], "50/30/20")
    >>> round(float(bf[0, 1]), 4), bool((bf[~np.eye(3, dtype=bool)] > 1).all())
    (1.169, True)
    """
    chips = check_stacks(stacks)
    pay = parse_payouts(payouts, players=None) if isinstance(payouts, str) else payouts
    if pay is None:
        return np.where(np.eye(chips.size, dtype=bool), np.nan, 1.0)
    pay = check_payouts(pay)
    if not is_exact(chips, pay):  # n² sampled fields: minutes, each ratio of two noises
        raise InputError(f"bubble factors need exact ICM: at most {EXACT_PLAYERS} players, "
                         f"got {chips.size}")
    base = icm_detail(chips, pay).equity
    n = chips.size
    out = np.full((n, n), np.nan)
    for i in range(n):
        for j in range(n):
            if i == j or chips[i] <= 0 or chips[j] <= 0:
                continue
            stake = min(chips[i], chips[j])
            won, lost = chips.copy(), chips.copy()
            won[i] += stake
            won[j] -= stake
            lost[i] -= stake
            lost[j] += stake
            gain = icm_detail(won, pay, tiebreak=chips).equity[i] - base[i]
            loss = base[i] - icm_detail(lost, pay, tiebreak=chips).equity[i]
            out[i, j] = loss / gain if gain > 0 else np.inf
    return out
