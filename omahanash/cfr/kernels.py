"""Numba kernels over a :class:`~omahanash.cfr.compiler.GameTree`'s flat arrays.

Nodes are in pre-order, last action first (a parent before its children; node ``n``'s subtree
is the id range ``n .. n + subtree_size[n] - 1``; a backward loop meets siblings in action
order), so a forward loop computes reach probabilities and a backward loop computes values,
without recursion. Four kernels: :func:`finish_tree` (child lists and
subtree sizes, once per compile), :func:`run_iterations` (every CFR variant),
:func:`best_response_orders` (once per tree) and :func:`best_response_values` (exploitability),
plus :func:`profile_reach` for the tree browser. They release the GIL, so a GUI thread stays
responsive while a worker thread solves.
"""

from __future__ import annotations

import numpy as np
from numba import njit

from omahanash.game import CHANCE, TERMINAL
from omahanash.regret import match_regrets
from omahanash.rng import uniform

#: Traverse every node (vanilla CFR, CFR+).
MODE_FULL = 0
#: Sample one outcome at every chance node, traverse all actions (chance-sampled MCCFR).
MODE_CHANCE_SAMPLING = 1
#: Sample chance and the other players' actions, traverse the updating player's actions
#: (external-sampling MCCFR).
MODE_EXTERNAL_SAMPLING = 2
#: The traversal modes by the names the registry's rows give them (``REGISTRY["cfr"]``'s
#: ``traversal`` option).
TRAVERSALS = {"full": MODE_FULL, "chance-sampling": MODE_CHANCE_SAMPLING,
              "external-sampling": MODE_EXTERNAL_SAMPLING}


@njit(cache=True, nogil=True)
def finish_tree(parent: np.ndarray, action_index: np.ndarray):
    """Renumber a tree given in pre-order (first action first) into pre-order with the last
    action first, and build its subtree sizes and children lists (CSR, in action order).

    Returns ``order`` (old id of each new id), the new ``parent``, ``subtree_size``,
    ``child_start`` and ``children``.
    """
    num_nodes = parent.shape[0]
    start = np.zeros(num_nodes + 1, dtype=np.int64)
    for node in range(1, num_nodes):
        start[parent[node] + 1] += 1
    for node in range(num_nodes):
        start[node + 1] += start[node]
    old_children = np.empty(max(num_nodes - 1, 0), dtype=np.int32)
    for node in range(1, num_nodes):
        old_children[start[parent[node]] + action_index[node]] = node
    order = np.empty(num_nodes, dtype=np.int64)
    new_id = np.empty(num_nodes, dtype=np.int32)
    stack = np.empty(num_nodes, dtype=np.int32)
    top = 0
    count = 0
    if num_nodes > 0:
        stack[0] = 0
        top = 1
    while top > 0:
        top -= 1
        node = stack[top]
        new_id[node] = count
        order[count] = node
        count += 1
        for k in range(start[node], start[node + 1]):  # the last child is popped first
            stack[top] = old_children[k]
            top += 1
    new_parent = np.full(num_nodes, -1, dtype=np.int32)
    for node in range(1, num_nodes):
        new_parent[new_id[node]] = new_id[parent[node]]
    subtree_size = np.ones(num_nodes, dtype=np.int32)
    for node in range(num_nodes - 1, 0, -1):
        subtree_size[new_parent[node]] += subtree_size[node]
    child_start = np.zeros(num_nodes + 1, dtype=np.int64)
    for node in range(num_nodes):
        old = order[node]
        child_start[node + 1] = child_start[node] + (start[old + 1] - start[old])
    children = np.empty(max(num_nodes - 1, 0), dtype=np.int32)
    for node in range(1, num_nodes):
        old = order[node]
        children[child_start[new_parent[node]] + action_index[old]] = node
    return order, new_parent, subtree_size, child_start, children


@njit(cache=True, nogil=True)
def run_iterations(
    parent, parent_player, edge_slot, action_index, edge_prob, player, infoset, terminal,
    subtree_size, child_start, children, padded_returns, infoset_player, infoset_offset,
    regrets, strategy_sum, current, stamp,
    mode, regret_plus, linear_averaging, first_iteration, count, rng,
    visited, reach_own, reach_others, reach_chance, weight, value, chosen,
):
    """Run ``count`` iterations (numbered from ``first_iteration``) of a CFR variant in place.

    Alternating updates: each iteration updates player 0, then 1, ...; before each player's
    pass the current strategy is regret matching on the cumulative regrets (OpenSpiel's
    ``CFRSolver``/``CFRPlusSolver`` order, with the same arithmetic order, so that figures agree
    to the last digits). ``regret_plus`` clips regrets at zero after each pass (CFR+);
    ``linear_averaging`` weights iteration t's strategy by t. ``mode`` selects full traversal or
    chance / external sampling (``rng``: a one-element uint64 generator state).

    Per node, besides the tree: ``parent_player`` (who acts at the parent) and ``edge_slot``
    (the parent's (information set, action) slot, or the number of slots for chance edges);
    ``padded_returns`` is ``returns`` plus a row of zeros that ``terminal == -1`` selects.
    ``current`` has one entry more than the slots (the 1.0 that chance edges read); ``stamp``
    (one per information set, initially -1) marks whose current strategy this pass has
    computed, so that a sampled pass only does the information sets it visits. The work
    arrays (``visited`` ... ``chosen``) have one entry per node.
    """
    num_nodes = parent.shape[0]
    num_players = padded_returns.shape[1]
    num_slots = infoset_offset[infoset_offset.shape[0] - 1]
    full = mode == MODE_FULL
    external = mode == MODE_EXTERNAL_SAMPLING
    current[num_slots] = 1.0
    for iteration in range(first_iteration, first_iteration + count):
        average_weight = float(iteration) if linear_averaging else 1.0
        for updating in range(num_players):
            this_pass = iteration * num_players + updating
            # Forward, in pre-order: the nodes this pass visits, their reach (own, the other
            # players', chance's) and the weight of the edge from their parent. A subtree
            # left out (not sampled, or reached by nobody) gets weight and value 0 at its root.
            visited_count = 0
            node = 0
            while node < num_nodes:
                own = 1.0
                others = 1.0
                luck = 1.0
                edge = 1.0
                if node > 0:
                    up = parent[node]
                    if not full and chosen[up] >= 0 and chosen[up] != action_index[node]:
                        weight[node] = 0.0
                        value[node] = 0.0
                        node += subtree_size[node]
                        continue
                    # An edge weighs the acting player's current strategy (chance: its
                    # probability); a sampled edge weighs 1.
                    acting = parent_player[node]
                    edge = current[edge_slot[node]]
                    if full:
                        edge *= edge_prob[node]
                    elif external and acting != updating:
                        edge = 1.0
                    own = reach_own[up] * (edge if acting == updating else 1.0)
                    luck = reach_chance[up] * (edge if acting == CHANCE else 1.0)
                    is_other = acting != updating and acting != CHANCE
                    others = reach_others[up] * (edge if is_other else 1.0)
                    if own == 0.0 and others == 0.0:
                        weight[node] = 0.0
                        value[node] = 0.0
                        node += subtree_size[node]
                        continue
                reach_own[node] = own
                reach_others[node] = others
                reach_chance[node] = luck
                weight[node] = edge
                value[node] = padded_returns[terminal[node], updating]
                info = infoset[node]
                if info >= 0 and stamp[info] != this_pass:
                    stamp[info] = this_pass
                    match_regrets(regrets, infoset_offset[info], infoset_offset[info + 1],
                                  current)
                if not full:
                    chosen[node] = -1
                    acting = player[node]
                    if acting == CHANCE:
                        draw = uniform(rng)
                        lo = child_start[node]
                        hi = child_start[node + 1]
                        pick = hi - lo - 1
                        for k in range(lo, hi - 1):
                            draw -= edge_prob[children[k]]
                            if draw < 0.0:
                                pick = k - lo
                                break
                        chosen[node] = pick
                    elif external and acting >= 0 and acting != updating:
                        draw = uniform(rng)
                        lo = infoset_offset[infoset[node]]
                        hi = infoset_offset[infoset[node] + 1]
                        pick = hi - lo - 1
                        for k in range(lo, hi - 1):
                            draw -= current[k]
                            if draw < 0.0:
                                pick = k - lo
                                break
                        chosen[node] = pick
                visited[visited_count] = node
                visited_count += 1
                node += 1
            # Backward: children come before their parent, first action first, so each value
            # is complete when its node is reached; it is then added to the parent's. The
            # regret update stays inline rather than regret.add_regrets: the node's value was
            # summed child by child above, and recomputing it as strategy · values would change
            # the rounding and break the agreement with OpenSpiel's figures.
            for k in range(visited_count - 1, -1, -1):
                node = visited[k]
                acting = player[node]
                if acting == updating:
                    lo = infoset_offset[infoset[node]]
                    first = child_start[node]
                    total = value[node]
                    counterfactual = reach_others[node] * reach_chance[node]
                    for a in range(child_start[node + 1] - first):
                        regrets[lo + a] += counterfactual * (value[children[first + a]] - total)
                    if not external:
                        own = average_weight * reach_own[node]
                        for a in range(child_start[node + 1] - first):
                            strategy_sum[lo + a] += own * current[lo + a]
                elif external and acting == (updating + 1) % num_players:
                    # OpenSpiel's "simple" averaging: the sampling supplies the reach.
                    for a in range(infoset_offset[infoset[node]],
                                   infoset_offset[infoset[node] + 1]):
                        strategy_sum[a] += current[a]
                if node > 0:
                    value[parent[node]] += weight[node] * value[node]
            if regret_plus:
                for info in range(infoset_player.shape[0]):
                    if infoset_player[info] == updating:
                        for a in range(infoset_offset[info], infoset_offset[info + 1]):
                            if regrets[a] < 0.0:
                                regrets[a] = 0.0


@njit(cache=True, nogil=True)
def profile_reach(player, parent, action_index, edge_prob, infoset, infoset_offset, policy,
                  excluded, out):
    """Reach probability of every node under ``policy`` and chance, leaving out the actions of
    player ``excluded`` (-1: nobody), written to ``out``."""
    out[0] = 1.0
    for node in range(1, player.shape[0]):
        up = parent[node]
        acting = player[up]
        if acting == CHANCE:
            out[node] = out[up] * edge_prob[node]
        elif acting == excluded:
            out[node] = out[up]
        else:
            out[node] = out[up] * policy[infoset_offset[infoset[up]] + action_index[node]]


@njit(cache=True, nogil=True)
def best_response_orders(player, parent, num_players):
    """For each player i, the nodes sorted by (number of i's decisions above, descending; id,
    descending), and where each such level starts.

    Processing a player's levels in this order, all nodes of one of i's information sets are
    ready together (perfect recall puts them on one level) and every child is done before its
    parent, which is what an exact best response needs.
    Returns ``orders`` (players x nodes), ``level_starts`` (players x levels + 1, padded with
    the node count) and ``num_levels`` per player.
    """
    num_nodes = player.shape[0]
    depth = np.zeros(num_nodes, dtype=np.int32)
    deepest = np.zeros(num_players, dtype=np.int32)
    for i in range(num_players):
        for node in range(1, num_nodes):
            up = parent[node]
            depth[node] = depth[up] + (1 if player[up] == i else 0)
            if depth[node] > deepest[i]:
                deepest[i] = depth[node]
    orders = np.empty((num_players, num_nodes), dtype=np.int32)
    level_starts = np.full((num_players, deepest.max() + 2), num_nodes, dtype=np.int64)
    num_levels = deepest + 1
    for i in range(num_players):
        counts = np.zeros(deepest[i] + 2, dtype=np.int64)
        for node in range(1, num_nodes):
            up = parent[node]
            depth[node] = depth[up] + (1 if player[up] == i else 0)
        for node in range(num_nodes):
            counts[deepest[i] - depth[node] + 1] += 1
        for level in range(deepest[i] + 1):
            counts[level + 1] += counts[level]
        for level in range(deepest[i] + 2):
            level_starts[i, level] = counts[level]
        for node in range(num_nodes - 1, -1, -1):
            level = deepest[i] - depth[node]
            orders[i, counts[level]] = node
            counts[level] += 1
    return orders, level_starts, num_levels


@njit(cache=True, nogil=True)
def best_response_values(
    player, parent, action_index, edge_prob, infoset, terminal, child_start, children, returns,
    infoset_offset, policy, orders, level_starts, num_levels,
):
    """Exact best-response value of every player against ``policy`` and the value of
    ``policy`` itself: returns ``(best_response, on_policy)``, one entry per player."""
    num_nodes = player.shape[0]
    num_players = returns.shape[1]
    num_infosets = infoset_offset.shape[0] - 1
    reach = np.empty(num_nodes, dtype=np.float64)
    on_policy = np.zeros(num_players, dtype=np.float64)
    # np.int64(-1), not -1: a literal would be another compiled signature of profile_reach
    # (the loop below passes an int64 player).
    profile_reach(player, parent, action_index, edge_prob, infoset, infoset_offset, policy,
                  np.int64(-1), reach)
    for node in range(num_nodes):
        if terminal[node] >= 0:
            for i in range(num_players):
                on_policy[i] += reach[node] * returns[terminal[node], i]
    best_response = np.zeros(num_players, dtype=np.float64)
    # weighted[n]: the responder's value at n times the others' and chance's reach of n.
    weighted = np.empty(num_nodes, dtype=np.float64)
    action_values = np.empty(infoset_offset[num_infosets], dtype=np.float64)
    best = np.empty(num_infosets, dtype=np.int32)
    for i in range(num_players):
        profile_reach(player, parent, action_index, edge_prob, infoset, infoset_offset, policy,
                      i, reach)
        action_values[:] = 0.0
        best[:] = -1
        for level in range(num_levels[i]):
            lo = level_starts[i, level]
            hi = level_starts[i, level + 1]
            for k in range(lo, hi):
                node = orders[i, k]
                if player[node] == i:
                    offset = infoset_offset[infoset[node]]
                    first = child_start[node]
                    for a in range(child_start[node + 1] - first):
                        action_values[offset + a] += weighted[children[first + a]]
            for k in range(lo, hi):
                node = orders[i, k]
                if player[node] == i and best[infoset[node]] < 0:
                    offset = infoset_offset[infoset[node]]
                    choice = 0
                    for a in range(1, infoset_offset[infoset[node] + 1] - offset):
                        if action_values[offset + a] > action_values[offset + choice]:
                            choice = a
                    best[infoset[node]] = choice
            for k in range(lo, hi):
                node = orders[i, k]
                acting = player[node]
                if acting == TERMINAL:
                    weighted[node] = reach[node] * returns[terminal[node], i]
                elif acting == i:
                    weighted[node] = weighted[children[child_start[node] + best[infoset[node]]]]
                else:
                    total = 0.0
                    for c in range(child_start[node], child_start[node + 1]):
                        total += weighted[children[c]]
                    weighted[node] = total
        best_response[i] = weighted[0]
    return best_response, on_policy
