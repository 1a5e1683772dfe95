"""numba kernels of the betting-tree engine: settling a terminal by contribution, and one pass
over the deals under every player's strategy.

A tree is flat arrays in preorder (a parent before its children): ``actor[node]`` (−1 at a
terminal), ``first[node]`` / ``count[node]`` (its children ``children[first : first +
count]``, one per action), ``slot[node]`` (its row of the strategy arrays) and
``term[node]`` (its row of the terminal tables). A pass walks every deal twice over the
nodes: forward, each node's reach by every player (``pi[node, j]``, the product of ``j``'s
probabilities on the way); backward, every node's value for every player under the strategies
(``u``) and the *local* value (``loc``: the same, but cut at the player's own next decision —
what an exact best response is built from: :func:`best_response`). A node is walked only when
at most one player's reach of it is zero (otherwise nobody's counterfactual value depends on
it).

Terminal values: one player left takes what is in
(:func:`~omahanash.pushfold.kernels.settle_pots` returns an uncalled part); two players
left share the pots they contest by the class table's equity (``s`` × the value if the
lower seat wins + (1 − ``s``) × if the higher seat wins); three or more by the deal's
hands, from an outcome table made once per spot (every order of the hands, as the push/fold
engine's :func:`~omahanash.pushfold.kernels.outcome_key`) or, for pots too large to
tabulate, settled deal by deal. Antes are chips of the pot by contribution like any other
(a player all in for less than the antes wins only what they matched).
"""

from __future__ import annotations

import numpy as np
from numba import njit, prange

from omahanash.pushfold.kernels import (
    HIGH_KEYS,
    HILO_KEYS,
    _ranks_of_key,
    outcome_index,
    outcome_key,
    popcount,
    table_equity,
    two_seats,
    value_of,
)
from omahanash.pushfold.kernels import settle_pots as settle_contrib
from omahanash.stopflag import stop_requested


@njit(cache=True)
def terminal_tables(live: np.ndarray, contrib: np.ndarray, stacks: np.ndarray,
                    payouts: np.ndarray, icm: bool, hilo: bool, most: int) -> tuple:
    """Every terminal's values made once per spot: ``single[t]`` (one player left),
    ``first[t]`` / ``second[t]`` (two left: the lower / the higher seat wins every pot they
    contest), and for 3 to ``most`` players left ``slot[t]`` with ``index[k − 3, key]`` and
    ``multi[slot, row]`` (the value of every outcome of the hands); chips (the change of the
    stack) or ICM prize equity."""
    terms, n = contrib.shape
    single = np.zeros((terms, n))
    first = np.zeros((terms, n))
    second = np.zeros((terms, n))
    hi = np.zeros(n, np.int32)
    lo = np.zeros(n, np.int32)
    final = np.empty(n)
    work = np.empty(2 << n)
    keys = HILO_KEYS if hilo else HIGH_KEYS
    index, width = outcome_index(n, hilo, most)
    slot = np.full(terms, -1, np.int64)
    count = 0
    for t in range(terms):
        c = popcount(live[t])
        if 3 <= c <= most:
            slot[t] = count
            count += 1
    multi = np.zeros((max(count, 1), max(width, 1), n))
    for t in range(terms):
        m = live[t]
        c = popcount(m)
        hi[:] = 0
        lo[:] = 0
        if c == 1:
            settle_contrib(m, hi, lo, False, stacks, contrib[t], final)
            value_of(final, stacks, payouts, icm, single[t], work)
        elif c == 2:
            a, b = two_seats(m)
            hi[a] = 1
            settle_contrib(m, hi, lo, False, stacks, contrib[t], final)
            value_of(final, stacks, payouts, icm, first[t], work)
            hi[a] = 0
            hi[b] = 1
            settle_contrib(m, hi, lo, False, stacks, contrib[t], final)
            value_of(final, stacks, payouts, icm, second[t], work)
        elif slot[t] >= 0:
            for key in range(keys):
                row = index[c - 3, key]
                if row >= 0:
                    _ranks_of_key(m, key, hilo, hi, lo)
                    settle_contrib(m, hi, lo, hilo, stacks, contrib[t], final)
                    value_of(final, stacks, payouts, icm, multi[slot[t], row], work)
    return single, first, second, slot, index, multi


@njit(cache=True, inline="always")
def _terminal_value(t: int, live: int, row: int, classes: np.ndarray, hi: np.ndarray,
                    lo: np.ndarray, hilo: bool, storage: np.ndarray, scale: float, size: int,
                    single: np.ndarray, first: np.ndarray, second: np.ndarray,
                    slot: np.ndarray, index: np.ndarray, multi: np.ndarray,
                    contrib: np.ndarray, stacks: np.ndarray, payouts: np.ndarray, icm: bool,
                    out: np.ndarray, final: np.ndarray, work: np.ndarray,
                    pair_equity: np.ndarray) -> None:
    n = stacks.size
    count = popcount(live)
    if count == 1:
        for i in range(n):
            out[i] = single[t, i]
    elif count == 2:
        a, b = two_seats(live)
        s = pair_equity[a, b]
        if s < 0.0:  # the deal's first pot of these two: one look into the table
            s = table_equity(classes[row, a], classes[row, b], storage, scale, size)
            pair_equity[a, b] = s
        for i in range(n):
            out[i] = s * first[t, i] + (1.0 - s) * second[t, i]
    elif slot[t] >= 0:
        r = index[count - 3, outcome_key(live, hi[row], lo[row], hilo)]
        for i in range(n):
            out[i] = multi[slot[t], r, i]
    else:
        settle_contrib(live, hi[row], lo[row], hilo, stacks, contrib[t], final)
        value_of(final, stacks, payouts, icm, out, work)


@njit(cache=True, nogil=True)
def walk_tree(start: int, stop: int, classes: np.ndarray, weights: np.ndarray,
              hi: np.ndarray, lo: np.ndarray, hilo: bool, sigma: np.ndarray,
              actor: np.ndarray, first_child: np.ndarray, child_count: np.ndarray,
              children: np.ndarray, slot_of: np.ndarray, term_of: np.ndarray,
              term_live: np.ndarray, storage: np.ndarray, scale: float, size: int,
              tables: tuple, term_contrib: np.ndarray, stacks: np.ndarray,
              payouts: np.ndarray, icm: bool, local: bool, bucket_of: np.ndarray,
              cfv: np.ndarray, lcfv: np.ndarray, cfreach: np.ndarray, node_reach: np.ndarray,
              root: np.ndarray, rootloc: np.ndarray, cancel: np.ndarray) -> None:
    """Walk deals ``start..stop-1`` under ``sigma[slot, class, action]``, adding to
    ``cfv[slot, class, action]`` (the counterfactual value of each action for the acting
    player), ``cfreach[slot, class]`` (the others' reach), ``node_reach[slot]`` (everyone's),
    ``root`` (every player's value) and, with ``local``, ``lcfv`` / ``rootloc`` (the local
    values a best response is built from). Returns before the next deal once ``cancel[0]`` is
    set."""
    single, first, second, slot, index, multi = tables
    n = stacks.size
    nodes = actor.size
    pi = np.ones((nodes, n))
    zeros = np.zeros(nodes, np.int64)
    alive = np.zeros(nodes, np.bool_)
    u = np.zeros((nodes, n))
    loc = np.zeros((nodes, n))
    final = np.empty(n)
    work = np.empty(2 << n)
    out = np.empty(n)
    pair_equity = np.empty((n, n))
    for row in range(start, stop):
        if stop_requested(cancel):
            return
        w = weights[row]
        pair_equity[...] = -1.0
        alive[0] = True
        zeros[0] = 0
        for j in range(n):
            pi[0, j] = 1.0
        for node in range(nodes):
            if not alive[node]:
                continue
            p = actor[node]
            if p < 0:
                continue
            s = slot_of[node]
            c = bucket_of[classes[row, p]]
            f = first_child[node]
            for a in range(child_count[node]):
                ch = children[f + a]
                q = sigma[s, c, a]
                z = zeros[node]
                if q == 0.0 and pi[node, p] != 0.0:
                    z += 1
                zeros[ch] = z
                alive[ch] = z <= 1
                if z <= 1:
                    for j in range(n):
                        pi[ch, j] = pi[node, j]
                    pi[ch, p] = pi[node, p] * q
        for node in range(nodes - 1, -1, -1):
            if not alive[node]:
                continue
            alive[node] = False  # reset for the next deal (children are below)
            p = actor[node]
            if p < 0:
                t = term_of[node]
                _terminal_value(t, term_live[t], row, classes, hi, lo, hilo, storage, scale,
                                size, single, first, second, slot, index, multi,
                                term_contrib, stacks, payouts, icm, out, final, work,
                                pair_equity)
                for j in range(n):
                    u[node, j] = out[j]
                    loc[node, j] = out[j]
                continue
            s = slot_of[node]
            c = bucket_of[classes[row, p]]
            f = first_child[node]
            for j in range(n):
                u[node, j] = 0.0
                loc[node, j] = 0.0
            others = 1.0
            for j in range(n):
                if j != p:
                    others *= pi[node, j]
            everyone = others * pi[node, p]
            for a in range(child_count[node]):
                ch = children[f + a]
                q = sigma[s, c, a]
                if q != 0.0:
                    for j in range(n):
                        u[node, j] += q * u[ch, j]
                        if j != p:
                            loc[node, j] += q * loc[ch, j]
                if others != 0.0:
                    cfv[s, c, a] += w * others * u[ch, p]
                    if local:
                        lcfv[s, c, a] += w * others * loc[ch, p]
            if others != 0.0:
                cfreach[s, c] += w * others
                node_reach[s] += w * everyone
        for j in range(n):
            root[j] += w * u[0, j]
            rootloc[j] += w * loc[0, j]


@njit(cache=True, parallel=True, nogil=True)
def tree_pass(classes: np.ndarray, weights: np.ndarray, hi: np.ndarray, lo: np.ndarray,
              hilo: bool, sigma: np.ndarray, actor: np.ndarray, first_child: np.ndarray,
              child_count: np.ndarray, children: np.ndarray, slot_of: np.ndarray,
              term_of: np.ndarray, term_live: np.ndarray, storage: np.ndarray, scale: float,
              size: int, tables: tuple, term_contrib: np.ndarray, stacks: np.ndarray,
              payouts: np.ndarray, icm: bool, local: bool, bucket_of: np.ndarray,
              chunks: int, cancel: np.ndarray) -> tuple:
    """One pass over every deal (``chunks`` pieces in parallel, summed in their order, so the
    result does not depend on the number of threads): ``(cfv, lcfv, cfreach, node_reach,
    root, rootloc)``. Releases the GIL and looks at ``cancel[0]`` before every deal (the sums
    are then partial: the caller throws them away)."""
    rows = weights.size
    slots, classes_n, actions = sigma.shape
    n = stacks.size
    width = slots if local else 1
    cfv = np.zeros((chunks, slots, classes_n, actions))
    lcfv = np.zeros((chunks, width, classes_n if local else 1, actions))
    cfreach = np.zeros((chunks, slots, classes_n))
    node_reach = np.zeros((chunks, slots))
    root = np.zeros((chunks, n))
    rootloc = np.zeros((chunks, n))
    for c in prange(chunks):
        start = rows * c // chunks
        stop = rows * (c + 1) // chunks
        walk_tree(start, stop, classes, weights, hi, lo, hilo, sigma, actor, first_child,
                  child_count, children, slot_of, term_of, term_live, storage, scale, size,
                  tables, term_contrib, stacks, payouts, icm, local, bucket_of, cfv[c],
                  lcfv[c],
                  cfreach[c], node_reach[c], root[c], rootloc[c], cancel)
    t_cfv = cfv[0].copy()
    t_lcfv = lcfv[0].copy()
    t_cfreach = cfreach[0].copy()
    t_reach = node_reach[0].copy()
    t_root = root[0].copy()
    t_rootloc = rootloc[0].copy()
    for c in range(1, chunks):
        t_cfv += cfv[c]
        t_lcfv += lcfv[c]
        t_cfreach += cfreach[c]
        t_reach += node_reach[c]
        t_root += root[c]
        t_rootloc += rootloc[c]
    return t_cfv, t_lcfv, t_cfreach, t_reach, t_root, t_rootloc
