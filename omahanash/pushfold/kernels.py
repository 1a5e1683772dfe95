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
contribution, Hi/Lo halves per pot). A value is the change of the stack (chips) or the prize
equity after the hand by ICM.
"""

from __future__ import annotations

import numpy as np
from numba import njit, prange

from omahanash.equity.triangle import triangle_index
from omahanash.pushfold.icm import icm_into


@njit(cache=True, inline="always")
def popcount(x: int) -> int:
    count = 0
    while x:
        x &= x - 1
        count += 1
    return count


@njit(cache=True, inline="always")
def settle(live: int, hi: np.ndarray, lo: np.ndarray, hilo: bool, stacks: np.ndarray,
           antes: np.ndarray, blinds: np.ndarray, out: np.ndarray, contrib: np.ndarray) -> None:
    """Stacks after the hand into ``out``: the players of the bit set ``live`` are all in, the
    others folded after posting. ``hi``/``lo`` rank the live players' hands (higher wins;
    ``lo`` 0 = no qualifying low).

    Antes are dead money: one pot that every live player may win. The rest is split into
    pots by contribution: a pot between two contribution levels is contested by the live
    players who put in at least the upper level; money in a pot no live player reaches goes
    back to whoever put it in (an uncalled all-in).
    """
    n = stacks.size
    dead = 0.0
    for i in range(n):
        dead += antes[i]
        if live >> i & 1:
            contrib[i] = stacks[i] - antes[i]
        else:
            contrib[i] = blinds[i]
        out[i] = stacks[i] - antes[i] - contrib[i]
    _award(live, dead, hi, lo, hilo, live, out)
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


@njit(cache=True, inline="always")
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


@njit(cache=True, inline="always")
def value_of(final: np.ndarray, stacks: np.ndarray, payouts: np.ndarray, icm: bool,
             out: np.ndarray, work: np.ndarray) -> None:
    """Chips: the change of each stack; ICM: each player's prize equity after the hand
    (busted players placed by the stacks they started the hand with; ``work`` holds
    ``2**n`` floats)."""
    if icm:
        icm_into(final, payouts, stacks, out, work)
    else:
        for i in range(final.size):
            out[i] = final[i] - stacks[i]


@njit(cache=True)
def fixed_values(stacks: np.ndarray, antes: np.ndarray, blinds: np.ndarray,
                 payouts: np.ndarray, icm: bool) -> tuple:
    """Values of the terminals that need no hands: ``single[live]`` for one player left, and
    for two ``first[live]`` / ``second[live]`` (the lower / the higher seat wins every pot
    they contest)."""
    n = stacks.size
    size = 1 << n
    single = np.zeros((size, n))
    first = np.zeros((size, n))
    second = np.zeros((size, n))
    hi = np.zeros(n, np.int32)
    lo = np.zeros(n, np.int32)
    final = np.empty(n)
    contrib = np.empty(n)
    work = np.empty(size)
    for live in range(1, size):
        count = popcount(live)
        if count == 1:
            settle(live, hi, lo, False, stacks, antes, blinds, final, contrib)
            value_of(final, stacks, payouts, icm, single[live], work)
        elif count == 2:
            a = 0
            while not live >> a & 1:
                a += 1
            b = a + 1
            while not live >> b & 1:
                b += 1
            hi[:] = 0
            hi[a] = 1
            settle(live, hi, lo, False, stacks, antes, blinds, final, contrib)
            value_of(final, stacks, payouts, icm, first[live], work)
            hi[a] = 0
            hi[b] = 1
            settle(live, hi, lo, False, stacks, antes, blinds, final, contrib)
            value_of(final, stacks, payouts, icm, second[live], work)
            hi[b] = 0
    return single, first, second


@njit(cache=True, inline="always")
def table_equity(a: int, b: int, storage: np.ndarray, scale: float, size: int) -> float:
    """Equity of class position ``a`` against ``b`` from a stored upper triangle."""
    if a <= b:
        return storage[triangle_index(a, b, size)] / scale
    return 1.0 - storage[triangle_index(b, a, size)] / scale


@njit(cache=True, inline="always")
def _terminal(live: int, row: int, classes: np.ndarray, hi: np.ndarray, lo: np.ndarray,
              hilo: bool, storage: np.ndarray, scale: float, size: int,
              single: np.ndarray, first: np.ndarray, second: np.ndarray,
              stacks: np.ndarray, antes: np.ndarray, blinds: np.ndarray,
              payouts: np.ndarray, icm: bool, final: np.ndarray, out: np.ndarray,
              work: np.ndarray) -> None:
    n = stacks.size
    count = popcount(live)
    if count == 1:
        for i in range(n):
            out[i] = single[live, i]
    elif count == 2 and size > 0:
        a = 0
        while not live >> a & 1:
            a += 1
        b = a + 1
        while not live >> b & 1:
            b += 1
        s = table_equity(classes[row, a], classes[row, b], storage, scale, size)
        for i in range(n):
            out[i] = s * first[live, i] + (1.0 - s) * second[live, i]
    else:
        settle(live, hi[row], lo[row], hilo, stacks, antes, blinds, final, work[-n:])
        value_of(final, stacks, payouts, icm, out, work)


@njit(cache=True)
def walk_deals(start: int, stop: int, classes: np.ndarray, weights: np.ndarray,
               hi: np.ndarray, lo: np.ndarray, hilo: bool, sigma: np.ndarray,
               storage: np.ndarray, scale: float, size: int,
               single: np.ndarray, first: np.ndarray, second: np.ndarray,
               stacks: np.ndarray, antes: np.ndarray, blinds: np.ndarray,
               payouts: np.ndarray, icm: bool,
               cfv: np.ndarray, reach: np.ndarray, root: np.ndarray) -> None:
    """Walk the trees of deals ``start..stop-1`` under ``sigma[node, class]`` (the chance to
    play: push or call), adding to ``cfv[node, class, action]`` (0 fold, 1 play),
    ``reach[node, class]`` and ``root`` (every player's value)."""
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
    work = np.empty((1 << n) + n)  # ICM's workspace, then settle's contributions
    for row in range(start, stop):
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
                    _terminal(live, row, classes, hi, lo, hilo, storage, scale, size, single,
                              first, second, stacks, antes, blinds, payouts, icm, final, ret,
                              work)
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


@njit(cache=True)
def walk_paths(start: int, stop: int, classes: np.ndarray, weights: np.ndarray,
               hi: np.ndarray, lo: np.ndarray, hilo: bool, sigma: np.ndarray,
               storage: np.ndarray, scale: float, size: int,
               single: np.ndarray, first: np.ndarray, second: np.ndarray,
               stacks: np.ndarray, antes: np.ndarray, blinds: np.ndarray,
               payouts: np.ndarray, icm: bool,
               cfv: np.ndarray, reach: np.ndarray, root: np.ndarray) -> None:
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
    work = np.empty((1 << n) + n)
    for row in range(start, stop):
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
            _terminal(live, row, classes, hi, lo, hilo, storage, scale, size, single, first,
                      second, stacks, antes, blinds, payouts, icm, final, u, work)
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


@njit(cache=True, parallel=True)
def deal_pass(classes: np.ndarray, weights: np.ndarray, hi: np.ndarray, lo: np.ndarray,
              hilo: bool, sigma: np.ndarray, storage: np.ndarray, scale: float, size: int,
              single: np.ndarray, first: np.ndarray, second: np.ndarray,
              stacks: np.ndarray, antes: np.ndarray, blinds: np.ndarray,
              payouts: np.ndarray, icm: bool, chunks: int) -> tuple:
    """One pass over every deal (``chunks`` pieces in parallel, summed in a fixed order so
    that the result does not depend on the number of threads)."""
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
                       size, single, first, second, stacks, antes, blinds, payouts, icm,
                       cfv[c], reach[c], root[c])
        else:
            walk_deals(start, stop, classes, weights, hi, lo, hilo, sigma, storage, scale,
                       size, single, first, second, stacks, antes, blinds, payouts, icm,
                       cfv[c], reach[c], root[c])
    total_cfv = cfv[0].copy()
    total_reach = reach[0].copy()
    total_root = root[0].copy()
    for c in range(1, chunks):
        total_cfv += cfv[c]
        total_reach += reach[c]
        total_root += root[c]
    return total_cfv, total_reach, total_root
