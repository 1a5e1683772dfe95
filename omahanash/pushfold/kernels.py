"""numba kernels of the push/fold table game: settling a hand, and one pass over the deals.

A *deal* (one row of the deal arrays) is a class per seat, a weight, and the showdown strength
of every seat's hand on one board (high value, and the 8-or-better low for Hi/Lo). One pass
walks every deal's game tree under the current strategies — each player acts once, in order,
so the tree is the set of earlier all-ins — and accumulates, for every decision node and hand
class, the counterfactual value of folding and of playing (the deal's weight times the chance
that the earlier players acted so, times the value for the acting player) and the weight of
reaching it. Branches that two zero-probability actions lead to are skipped: nobody's value
depends on them.

Terminal values: one player left takes the pot (a table per set of players left); two players
left share it by the class table's equity (``s`` × the value if the first wins + (1 − ``s``) ×
if the second wins); three or more settle by the deal's hands, pot by pot (side pots by
contribution, Hi/Lo halves per pot). A value is the change of the stack (chips), the prize
equity after the hand by ICM, or a caller's ``valuation``; with bounties, plus the bounties
won and the share of those in play (:mod:`~omahanash.pushfold.bounty`: who busts whom is
decided where the pots are). All of these but the biggest pots
are made once per spot (:func:`terminal_values`): a pot of 3 players (4 in high games)
depends only on who beats whom, so its *outcome table* holds the value of every order of the
hands (:func:`outcome_key`) and a deal only looks its order up.
"""

from __future__ import annotations

from collections.abc import Callable

import numpy as np
from numba import njit, prange

from omahanash.equity.triangle import triangle_index
from omahanash.errors import InputError
from omahanash.pushfold.bounty import add_bounty_values, no_bounty, settle_with_bounties
from omahanash.pushfold.icm import icm_into
from omahanash.stopflag import stop_requested


@njit(cache=True, inline="always")
def popcount(x: int) -> int:
    count = 0
    while x:
        x &= x - 1
        count += 1
    return count


@njit(cache=True)
def settle(live: int, hi: np.ndarray, lo: np.ndarray, hilo: bool, stacks: np.ndarray,
           antes: np.ndarray, blinds: np.ndarray, out: np.ndarray, contrib: np.ndarray) -> None:
    """Stacks after the hand into ``out``: the players of the bit set ``live`` are all in, the
    others folded after posting. ``hi``/``lo`` rank the live players' hands (higher wins;
    ``lo`` 0 = no qualifying low).

    Every chip is split into pots by contribution, antes like any other: a player's
    contribution is the ante, plus the whole rest of the stack when all in or the blind when
    folded. A pot between two contribution levels is contested by the live players who put
    in at least the upper level (a player all in for less than the antes wins only what the
    others matched); money in a pot no live player reaches goes back to whoever put it in
    (an uncalled all-in). A folded player's ante is dead money for the pots it reaches.
    """
    n = stacks.size
    for i in range(n):
        if live >> i & 1:
            contrib[i] = stacks[i]
        else:
            contrib[i] = antes[i] + blinds[i]
    settle_pots(live, hi, lo, hilo, stacks, contrib, out)


@njit(cache=True)
def settle_pots(live: int, hi: np.ndarray, lo: np.ndarray, hilo: bool, stacks: np.ndarray,
                contrib: np.ndarray, out: np.ndarray) -> None:
    """Stacks after the hand into ``out``: every player put ``contrib`` in (antes, blinds,
    bets); the players of the bit set ``live`` contest the pots they reached. Pots by
    contribution: the pot between two levels goes to the best of the live players who put in
    at least the upper level; a pot no live player reaches goes back to whoever put it in.
    (The push/fold table's :func:`settle` and the betting trees' terminals.)"""
    n = stacks.size
    for i in range(n):
        out[i] = stacks[i] - contrib[i]
    level = 0.0
    while True:
        nxt = np.inf
        for i in range(n):
            if contrib[i] > level and contrib[i] < nxt:
                nxt = contrib[i]
        if nxt == np.inf:
            break
        amount = 0.0
        eligible = 0
        for i in range(n):
            if contrib[i] > level:
                amount += min(contrib[i], nxt) - level
                if live >> i & 1 and contrib[i] >= nxt:
                    eligible |= 1 << i
        if eligible == 0:
            for i in range(n):
                if contrib[i] > level:
                    out[i] += min(contrib[i], nxt) - level
        else:
            _award(eligible, amount, hi, lo, hilo, live, out)
        level = nxt


@njit(cache=True)
def _award(eligible: int, amount: float, hi: np.ndarray, lo: np.ndarray, hilo: bool,
           live: int, out: np.ndarray) -> None:
    if amount == 0.0 or eligible == 0:
        return
    n = out.size
    best_lo = 0
    if hilo:
        for i in range(n):
            if eligible >> i & 1 and lo[i] > best_lo:
                best_lo = lo[i]
    high_share = amount if best_lo == 0 else amount / 2.0
    best_hi = -1
    for i in range(n):
        if eligible >> i & 1 and hi[i] > best_hi:
            best_hi = hi[i]
    winners = 0
    for i in range(n):
        if eligible >> i & 1 and hi[i] == best_hi:
            winners += 1
    for i in range(n):
        if eligible >> i & 1 and hi[i] == best_hi:
            out[i] += high_share / winners
    if best_lo > 0:
        winners = 0
        for i in range(n):
            if eligible >> i & 1 and lo[i] == best_lo:
                winners += 1
        for i in range(n):
            if eligible >> i & 1 and lo[i] == best_lo:
                out[i] += (amount - high_share) / winners


@njit(cache=True)
def value_of(final: np.ndarray, stacks: np.ndarray, payouts: np.ndarray, icm: bool,
             out: np.ndarray, work: np.ndarray) -> None:
    """Chips: the change of each stack; ICM: each player's prize equity after the hand
    (busted players placed by the stacks they started the hand with; ``work`` holds
    ``2 * 2**n`` floats)."""
    if icm:
        icm_into(final, payouts, stacks, out, work)
    else:
        for i in range(final.size):
            out[i] = final[i] - stacks[i]


@njit(cache=True)
def fixed_finals(stacks: np.ndarray, antes: np.ndarray, blinds: np.ndarray) -> tuple:
    """Stacks after the hand at the terminals that need no hands: ``single[live]`` for one
    player left, and for two ``first[live]`` / ``second[live]`` (the lower / the higher seat
    wins every pot they contest)."""
    n = stacks.size
    size = 1 << n
    single = np.zeros((size, n))
    first = np.zeros((size, n))
    second = np.zeros((size, n))
    hi = np.zeros(n, np.int32)
    lo = np.zeros(n, np.int32)
    contrib = np.empty(n)
    for live in range(1, size):
        count = popcount(live)
        if count == 1:
            settle(live, hi, lo, False, stacks, antes, blinds, single[live], contrib)
        elif count == 2:
            a, b = two_seats(live)
            hi[:] = 0
            hi[a] = 1
            settle(live, hi, lo, False, stacks, antes, blinds, first[live], contrib)
            hi[a] = 0
            hi[b] = 1
            settle(live, hi, lo, False, stacks, antes, blinds, second[live], contrib)
            hi[b] = 0
    return single, first, second


#: Keys of an outcome table: high ranks in base 4 (4 players at most: 256), times 64 low
#: ranks for Hi/Lo (3 players at most).
HIGH_KEYS = 256
HILO_KEYS = 64 * 64


@njit(cache=True, inline="always")
def outcome_key(live: int, hi: np.ndarray, lo: np.ndarray, hilo: bool) -> int:
    """The showdown's outcome among the live players (in seat order ``i``): the high rank
    ``r_i`` = how many live players have a worse high hand, and for Hi/Lo the low rank
    ``q_i`` = 0 without a qualifying low, else 1 + how many live lows are worse;
    ``Σ r_i 4^i + 64 Σ q_i 4^i``. Equal keys settle every pot alike."""
    n = hi.size
    key = 0
    low = 0
    digit = 1
    for a in range(n):
        if live >> a & 1:
            r = 0
            q = 0
            for b in range(n):
                if live >> b & 1:
                    if hi[b] < hi[a]:
                        r += 1
                    if hilo and lo[a] > 0 and 0 < lo[b] < lo[a]:
                        q += 1
            key += r * digit
            if hilo and lo[a] > 0:
                low += (q + 1) * digit
            digit *= 4
    return key + 64 * low


@njit(cache=True, inline="always")
def _ranks_of_key(live: int, key: int, hilo: bool, hi: np.ndarray, lo: np.ndarray) -> bool:
    """Showdown values of the live players that give ``key`` (False if none does)."""
    high = key % 64 if hilo else key
    low = key // 64 if hilo else 0
    hi[:] = 0
    lo[:] = 0
    for a in range(hi.size):
        if live >> a & 1:
            hi[a] = high % 4 + 1
            high //= 4
            lo[a] = low % 4
            low //= 4
    return high == 0 and low == 0 and outcome_key(live, hi, lo, hilo) == key


@njit(cache=True)
def outcome_index(n: int, hilo: bool, most: int) -> tuple:
    """``(index, width)``: ``index[k − 3, key]``, the row of an :func:`outcome_key` of ``k``
    live players (3 to ``most``) in an outcome table (−1 for keys no showdown gives), and the
    most rows any ``k`` has."""
    keys = HILO_KEYS if hilo else HIGH_KEYS
    hi = np.zeros(n, np.int32)
    lo = np.zeros(n, np.int32)
    index = np.full((2, keys), -1, np.int64)
    width = 0
    for k in range(3, min(most, n) + 1):
        rows = 0
        for key in range(keys):
            if _ranks_of_key((1 << k) - 1, key, hilo, hi, lo):
                index[k - 3, key] = rows
                rows += 1
        width = max(width, rows)
    return index, width


@njit(cache=True, inline="always")
def two_seats(live: int) -> tuple:
    """The lower and the higher seat of a bit set of two."""
    a = 0
    while not live >> a & 1:
        a += 1
    b = a + 1
    while not live >> b & 1:
        b += 1
    return a, b


@njit(cache=True)
def outcome_finals(stacks: np.ndarray, antes: np.ndarray, blinds: np.ndarray, hilo: bool,
                   most: int) -> tuple:
    """The outcome tables of the pots of 3 to ``most`` live players (``most`` is 3 for
    Hi/Lo, at most 4): ``slot[live]`` (−1 where not tabled), ``index[k − 3, key]`` (the row
    of an :func:`outcome_key` of ``k`` live players; −1 for keys no showdown gives) and the
    stacks after the hand ``finals[slot, row]``."""
    n = stacks.size
    size = 1 << n
    keys = HILO_KEYS if hilo else HIGH_KEYS
    hi = np.zeros(n, np.int32)
    lo = np.zeros(n, np.int32)
    index, width = outcome_index(n, hilo, most)
    slot = np.full(size, -1, np.int64)
    count = 0
    for live in range(size):
        c = popcount(live)
        if 3 <= c <= most:
            slot[live] = count
            count += 1
    finals = np.zeros((count, width, n))
    contrib = np.empty(n)
    for live in range(size):
        s = slot[live]
        if s < 0:
            continue
        k = popcount(live)
        for key in range(keys):
            row = index[k - 3, key]
            if row >= 0:
                _ranks_of_key(live, key, hilo, hi, lo)
                settle(live, hi, lo, hilo, stacks, antes, blinds, finals[s, row], contrib)
    return slot, index, finals


@njit(cache=True)
def bounty_tables(stacks: np.ndarray, antes: np.ndarray, blinds: np.ndarray, hilo: bool,
                  most: int, spec: np.ndarray) -> tuple:
    """The bounty values (:func:`~omahanash.pushfold.bounty.add_bounty_values`) of every
    terminal :func:`fixed_finals` and :func:`outcome_finals` table, in their shapes:
    ``(single, first, second, multi)``, to add to the values of the stacks."""
    n = stacks.size
    size = 1 << n
    single = np.zeros((size, n))
    first = np.zeros((size, n))
    second = np.zeros((size, n))
    hi = np.zeros(n, np.int32)
    lo = np.zeros(n, np.int32)
    contrib = np.empty(n)
    final = np.empty(n)
    work = np.empty(3 * n)
    for live in range(1, size):
        count = popcount(live)
        hi[:] = 0
        lo[:] = 0
        if count == 1:
            settle(live, hi, lo, False, stacks, antes, blinds, final, contrib)
            add_bounty_values(live, hi, lo, False, stacks, contrib, final, spec, single[live],
                              work)
        elif count == 2:
            a, b = two_seats(live)
            hi[a] = 1
            settle(live, hi, lo, False, stacks, antes, blinds, final, contrib)
            add_bounty_values(live, hi, lo, False, stacks, contrib, final, spec, first[live],
                              work)
            hi[a] = 0
            hi[b] = 1
            settle(live, hi, lo, False, stacks, antes, blinds, final, contrib)
            add_bounty_values(live, hi, lo, False, stacks, contrib, final, spec, second[live],
                              work)
    keys = HILO_KEYS if hilo else HIGH_KEYS
    index, width = outcome_index(n, hilo, most)
    count = 0
    for live in range(size):
        if 3 <= popcount(live) <= most:
            count += 1
    multi = np.zeros((count, width, n))
    s = 0
    for live in range(size):
        k = popcount(live)
        if not 3 <= k <= most:
            continue
        for key in range(keys):
            row = index[k - 3, key]
            if row >= 0:
                _ranks_of_key(live, key, hilo, hi, lo)
                settle(live, hi, lo, hilo, stacks, antes, blinds, final, contrib)
                add_bounty_values(live, hi, lo, hilo, stacks, contrib, final, spec,
                                  multi[s, row], work)
        s += 1
    return single, first, second, multi


@njit(cache=True)
def values_of(finals: np.ndarray, stacks: np.ndarray, payouts: np.ndarray,
              icm: bool) -> np.ndarray:
    """:func:`value_of` of every row of ``finals`` (``rows × n``)."""
    n = stacks.size
    out = np.zeros(finals.shape)
    work = np.empty(2 << n)
    for r in range(finals.shape[0]):
        value_of(finals[r], stacks, payouts, icm, out[r], work)
    return out


#: Pots of 3 players (every game) and 4 (high only) are valued from outcome tables made once
#: per spot at tables of at most this many players (all of them); bigger pots, deal by deal.
TABLED_PLAYERS = 10


def most_tabled(players: int, hilo: bool, valued: bool = False) -> int:
    """The largest pot (in live players) valued from an outcome table: every pot of a
    table with a ``valuation`` must be (so at most 3 players for Hi/Lo, 4 for high)."""
    most = min(players, 3 if hilo else 4)
    return most if valued or players <= TABLED_PLAYERS else 2


def terminal_values(stacks: np.ndarray, antes: np.ndarray, blinds: np.ndarray,
                    payouts: np.ndarray, icm: bool, hilo: bool,
                    valuation: Callable[[np.ndarray, np.ndarray], np.ndarray] | None = None,
                    bounty: np.ndarray | None = None) -> tuple:
    """The ``values`` of a pass: ``(single, first, second, slot, index, multi, bounty)``, each
    terminal's value for every seat — chips (the change of the stack), ICM prize equity, or
    ``valuation(final, stacks)`` (called once per distinct outcome, never per deal) — plus,
    with a ``bounty`` spec (:meth:`~omahanash.pushfold.bounty.Bounties.spec`), the bounties
    won and in play (:func:`~omahanash.pushfold.bounty.add_bounty_values`); the spec is the
    last entry (empty without bounties), for the pots settled deal by deal. A valuation needs
    every pot tabled, unless it says ``big_pots_by_icm`` (FGS): the pots of more players
    (settled deal by deal) are then valued by ICM."""
    n = stacks.size
    spec = no_bounty() if bounty is None else np.ascontiguousarray(bounty, np.float64)
    most = most_tabled(n, hilo, valuation is not None)
    if valuation is not None and most < n and not getattr(valuation, "big_pots_by_icm",
                                                          False):
        raise InputError(f"a valuation needs every pot tabled: at most "
                         f"{3 if hilo else 4} players, got {n}")
    single, first, second = fixed_finals(stacks, antes, blinds)
    slot, index, finals = outcome_finals(stacks, antes, blinds, hilo, most)
    if valuation is None:
        tables = (values_of(single, stacks, payouts, icm), values_of(first, stacks, payouts, icm),
                  values_of(second, stacks, payouts, icm), slot, index,
                  values_of(finals.reshape(-1, n), stacks, payouts, icm).reshape(finals.shape))
        return _with_bounty(tables, stacks, antes, blinds, hilo, most, spec)
    counts = np.array([bin(live).count("1") for live in range(1 << n)])

    def value(final: np.ndarray) -> np.ndarray:
        out = np.asarray(valuation(final.copy(), stacks.copy()), np.float64)
        if out.shape != (n,) or not np.isfinite(out).all():
            raise InputError(f"valuation must return {n} finite values, got {out!r}")
        return out

    valued = [np.zeros_like(single), np.zeros_like(first), np.zeros_like(second)]
    for live in range(1 << n):
        if counts[live] == 1:
            valued[0][live] = value(single[live])
        elif counts[live] == 2:
            valued[1][live] = value(first[live])
            valued[2][live] = value(second[live])
    multi = np.zeros_like(finals)
    for live in range(1 << n):
        if slot[live] >= 0:
            for row in range(int((index[counts[live] - 3] >= 0).sum())):
                multi[slot[live], row] = value(finals[slot[live], row])
    return _with_bounty((valued[0], valued[1], valued[2], slot, index, multi), stacks, antes,
                        blinds, hilo, most, spec)


def _with_bounty(tables: tuple, stacks: np.ndarray, antes: np.ndarray, blinds: np.ndarray,
                 hilo: bool, most: int, spec: np.ndarray) -> tuple:
    """The terminal tables with the bounty values added (:func:`bounty_tables`), and the
    spec as their last entry."""
    single, first, second, slot, index, multi = tables
    if spec.size:
        extra = bounty_tables(stacks, antes, blinds, hilo, most, spec)
        single, first, second = single + extra[0], first + extra[1], second + extra[2]
        multi = multi + extra[3]
    return single, first, second, slot, index, multi, spec


@njit(cache=True, inline="always")
def table_equity(a: int, b: int, storage: np.ndarray, scale: float, size: int) -> float:
    """Equity of class position ``a`` against ``b`` from a stored upper triangle."""
    if a <= b:
        return storage[triangle_index(a, b, size)] / scale
    return 1.0 - storage[triangle_index(b, a, size)] / scale


@njit(cache=True, inline="always")
def _terminal(live: int, row: int, classes: np.ndarray, hi: np.ndarray, lo: np.ndarray,
              hilo: bool, storage: np.ndarray, scale: float, size: int, values: tuple,
              stacks: np.ndarray, antes: np.ndarray, blinds: np.ndarray,
              payouts: np.ndarray, icm: bool, final: np.ndarray, out: np.ndarray,
              work: np.ndarray) -> None:
    single, first, second, slot, index, multi, bounty = values
    n = stacks.size
    count = popcount(live)
    if count == 1:
        for i in range(n):
            out[i] = single[live, i]
    elif count == 2 and size > 0:
        a, b = two_seats(live)
        s = table_equity(classes[row, a], classes[row, b], storage, scale, size)
        for i in range(n):
            out[i] = s * first[live, i] + (1.0 - s) * second[live, i]
    elif slot[live] >= 0:
        r = index[count - 3, outcome_key(live, hi[row], lo[row], hilo)]
        for i in range(n):
            out[i] = multi[slot[live], r, i]
    else:
        if bounty.size == 0:
            settle(live, hi[row], lo[row], hilo, stacks, antes, blinds, final, work[-n:])
            value_of(final, stacks, payouts, icm, out, work)
        else:  # the pots and the bounties won in one walk (work: ICM's, the bounties', the
            contrib = work[-n:]  # contributions)
            for i in range(n):
                contrib[i] = stacks[i] if live >> i & 1 else antes[i] + blinds[i]
            bonus = work[-5 * n:-4 * n]
            for i in range(n):
                bonus[i] = 0.0
            settle_with_bounties(live, hi[row], lo[row], hilo, stacks, contrib, final, bounty,
                                 bonus, work[-4 * n:-n])
            value_of(final, stacks, payouts, icm, out, work)
            for i in range(n):
                out[i] += bonus[i]


@njit(cache=True, nogil=True)
def walk_deals(start: int, stop: int, classes: np.ndarray, weights: np.ndarray,
               hi: np.ndarray, lo: np.ndarray, hilo: bool, sigma: np.ndarray,
               storage: np.ndarray, scale: float, size: int, values: tuple,
               stacks: np.ndarray, antes: np.ndarray, blinds: np.ndarray,
               payouts: np.ndarray, icm: bool,
               cfv: np.ndarray, reach: np.ndarray, root: np.ndarray,
               cancel: np.ndarray) -> None:
    """Walk the trees of deals ``start..stop-1`` under ``sigma[node, class]`` (the chance to
    play: push or call), adding to ``cfv[node, class, action]`` (0 fold, 1 play),
    ``reach[node, class]`` and ``root`` (every player's value). Returns before the next deal
    once ``cancel[0]`` is set (another thread's Stop: the sums are then partial)."""
    n = stacks.size
    mask = np.zeros(n + 1, np.int64)
    pref = np.ones(n + 1)
    zeros = np.zeros(n + 1, np.int64)
    act = np.zeros(n + 1, np.int64)
    prob = np.zeros(n + 1)
    val = np.zeros((n + 1, n))
    child = np.zeros((n + 1, 2))
    ret = np.zeros(n)
    final = np.empty(n)
    work = np.empty((2 << n) + 5 * n)  # ICM's, the bounties', settle's contributions
    for row in range(start, stop):
        if stop_requested(cancel):
            return
        w = weights[row]
        k = 0
        mask[0] = 0
        pref[0] = 1.0
        zeros[0] = 0
        entering = True
        while True:
            if entering:
                if k == n or (k == n - 1 and mask[k] == 0):
                    live = mask[k] if k == n else (1 << (n - 1))
                    _terminal(live, row, classes, hi, lo, hilo, storage, scale, size, values,
                              stacks, antes, blinds, payouts, icm, final, ret, work)
                    k -= 1
                    entering = False
                    continue
                node = (1 << k) - 1 + mask[k]
                prob[k] = sigma[node, classes[row, k]]
                act[k] = 0
                for i in range(n):
                    val[k, i] = 0.0
            else:
                # a child of depth k returned ``ret`` for action act[k]
                a = act[k]
                q = prob[k] if a == 1 else 1.0 - prob[k]
                child[k, a] = ret[k]
                if q != 0.0:
                    for i in range(n):
                        val[k, i] += q * ret[i]
                act[k] = a + 1
            # descend into the next action of depth k, skipping branches nobody needs
            descended = False
            while act[k] < 2:
                a = act[k]
                q = prob[k] if a == 1 else 1.0 - prob[k]
                z = zeros[k] + (1 if q == 0.0 else 0)
                if z >= 2:
                    child[k, a] = 0.0
                    act[k] = a + 1
                    continue
                mask[k + 1] = mask[k] | (a << k)
                pref[k + 1] = pref[k] * (q if q != 0.0 else 1.0)
                zeros[k + 1] = z
                k += 1
                entering = True
                descended = True
                break
            if descended:
                continue
            # both actions done: the node's value and the acting player's counterfactuals
            if zeros[k] == 0:
                node = (1 << k) - 1 + mask[k]
                c = classes[row, k]
                weight = w * pref[k]
                cfv[node, c, 0] += weight * child[k, 0]
                cfv[node, c, 1] += weight * child[k, 1]
                reach[node, c] += weight
            for i in range(n):
                ret[i] = val[k, i]
            if k == 0:
                for i in range(n):
                    root[i] += w * ret[i]
                break
            k -= 1
            entering = False


@njit(cache=True, nogil=True)
def walk_paths(start: int, stop: int, classes: np.ndarray, weights: np.ndarray,
               hi: np.ndarray, lo: np.ndarray, hilo: bool, sigma: np.ndarray,
               storage: np.ndarray, scale: float, size: int, values: tuple,
               stacks: np.ndarray, antes: np.ndarray, blinds: np.ndarray,
               payouts: np.ndarray, icm: bool,
               cfv: np.ndarray, reach: np.ndarray, root: np.ndarray,
               cancel: np.ndarray) -> None:
    """:func:`walk_deals` for small tables: every deal's ``2**n`` action paths in turn, with
    the products of the probabilities before and after each player (no branching on the
    tree's shape: a 3-handed deal costs a fraction of the walk)."""
    n = stacks.size
    paths = 1 << n
    before_bb = (1 << (n - 1)) - 1
    probs = np.empty(n)
    nodes = np.empty(n, np.int64)
    pre = np.empty(n + 1)
    suf = np.empty(n + 1)
    u = np.empty(n)
    final = np.empty(n)
    work = np.empty((2 << n) + 5 * n)
    for row in range(start, stop):
        if stop_requested(cancel):
            return
        w = weights[row]
        for path in range(paths):
            pushed = path & before_bb
            if pushed == 0 and path >> (n - 1) & 1:
                continue  # nobody went all in before the big blind: no decision there
            mask = 0
            for k in range(n):
                a = path >> k & 1
                if k == n - 1 and mask == 0:
                    probs[k] = 1.0
                    nodes[k] = -1
                else:
                    node = (1 << k) - 1 + mask
                    chance = sigma[node, classes[row, k]]
                    probs[k] = chance if a == 1 else 1.0 - chance
                    nodes[k] = node
                mask |= a << k
            pre[0] = 1.0
            for k in range(n):
                pre[k + 1] = pre[k] * probs[k]
            suf[n] = 1.0
            for k in range(n - 1, -1, -1):
                suf[k] = suf[k + 1] * probs[k]
            needed = pre[n] != 0.0
            for k in range(n):
                if nodes[k] >= 0 and pre[k] * suf[k + 1] != 0.0:
                    needed = True
                if nodes[k] >= 0 and path >> k == 0:
                    reach[nodes[k], classes[row, k]] += w * pre[k]
            if not needed:
                continue
            live = path if pushed != 0 else (1 << (n - 1))
            _terminal(live, row, classes, hi, lo, hilo, storage, scale, size, values, stacks,
                      antes, blinds, payouts, icm, final, u, work)
            for k in range(n):
                if nodes[k] >= 0:
                    x = pre[k] * suf[k + 1]
                    if x != 0.0:
                        cfv[nodes[k], classes[row, k], path >> k & 1] += w * x * u[k]
            if pre[n] != 0.0:
                for i in range(n):
                    root[i] += w * pre[n] * u[i]


#: Tables up to this size walk every action path (:func:`walk_paths`); bigger ones walk the
#: tree with pruning (:func:`walk_deals`).
PATH_WALK_MAX = 4


@njit(cache=True, parallel=True, nogil=True)
def deal_pass(classes: np.ndarray, weights: np.ndarray, hi: np.ndarray, lo: np.ndarray,
              hilo: bool, sigma: np.ndarray, storage: np.ndarray, scale: float, size: int,
              values: tuple, stacks: np.ndarray, antes: np.ndarray, blinds: np.ndarray,
              payouts: np.ndarray, icm: bool, chunks: int, cancel: np.ndarray) -> tuple:
    """One pass over every deal (``chunks`` pieces in parallel, summed in a fixed order so
    that the result does not depend on the number of threads). It releases the GIL (a Stop
    click, another job's thread run meanwhile) and looks at ``cancel[0]`` before every deal:
    once another thread sets it (:func:`omahanash.runs.kernel_flag`), every piece returns at
    its next deal and the sums are partial: the caller throws them away
    (:func:`omahanash.runs.raise_if_stopped`). Unset, the result is the same bits as
    without the check."""
    rows = weights.size
    nodes, classes_n = sigma.shape
    n = stacks.size
    cfv = np.zeros((chunks, nodes, classes_n, 2))
    reach = np.zeros((chunks, nodes, classes_n))
    root = np.zeros((chunks, n))
    for c in prange(chunks):
        start = rows * c // chunks
        stop = rows * (c + 1) // chunks
        if n <= PATH_WALK_MAX:
            walk_paths(start, stop, classes, weights, hi, lo, hilo, sigma, storage, scale,
                       size, values, stacks, antes, blinds, payouts, icm,
                       cfv[c], reach[c], root[c], cancel)
        else:
            walk_deals(start, stop, classes, weights, hi, lo, hilo, sigma, storage, scale,
                       size, values, stacks, antes, blinds, payouts, icm,
                       cfv[c], reach[c], root[c], cancel)
    if stop_requested(cancel):  # partial sums, thrown away: not summed (at 6+ Omaha seats
        return cfv[0].copy(), reach[0].copy(), root[0].copy()  # the sum is a long tail)
    return sum_chunks(cfv, reach, root)


@njit(cache=True, nogil=True)
def sum_chunks(cfv: np.ndarray, reach: np.ndarray, root: np.ndarray) -> tuple:
    """A pass's pieces summed in their order (so that the result does not depend on the
    number of threads): ``(cfv, reach, root)`` of the whole pass."""
    total_cfv = cfv[0].copy()
    total_reach = reach[0].copy()
    total_root = root[0].copy()
    for c in range(1, cfv.shape[0]):
        total_cfv += cfv[c]
        total_reach += reach[c]
        total_root += root[c]
    return total_cfv, total_reach, total_root
