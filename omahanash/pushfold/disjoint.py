"""Whether ``k`` pairwise disjoint hands are among a set of hands (card masks): the check a
sampled deal needs before it draws hands seat by seat (:mod:`omahanash.pushfold.deals`).

Exact, in three steps, cheapest first:

* a greedy pick (every hand that fits, in order): a full table answers True at once;
* bounds that hold for any packing: a rank or suit group every hand meets ``t`` times holds
  at most ``cards // t`` of them; every hand holds a card of a greedy hitting set, at most one
  hand a card. Two classes whose hands all hold two aces answer False at once;
* a search: up to :data:`CLIQUE_LIMIT` hands, a k-clique search in the graph of disjoint
  pairs (colour classes of pairwise clashing hands bound it, as in Tomita's MCQ); beyond, a
  card-by-card search (a card's hands, or none of them) with the bounds above, which answers
  None (undecided) past ``nodes`` nodes.

>>> hands = [0b0011, 0b0110, 0b1100, 0b1001]  # a cycle of four 2-card hands
>>> disjoint_hands_exist(hands, 2), disjoint_hands_exist(hands, 3)
(True, False)
"""

from __future__ import annotations

from collections.abc import Sequence

import numpy as np

#: Hands up to which the decision is a clique search on the disjoint-pairs graph.
CLIQUE_LIMIT = 4096
#: Nodes the card-by-card search (more hands) may visit before it answers None.
SEARCH_NODES = 20_000

_CARD_BITS = np.left_shift(np.uint64(1), np.arange(52, dtype=np.uint64))
_RANK_BITS = [sum(1 << (4 * r + s) for s in range(4)) for r in range(13)]
_SUIT_BITS = [sum(1 << (4 * r + s) for r in range(13)) for s in range(4)]
_DECK = (1 << 52) - 1


def _greedy_count(masks: np.ndarray, need: int) -> int:
    """Disjoint masks found by taking each one that fits, in order (at most ``need``)."""
    used = 0
    found = 0
    for mask in masks.tolist():
        if mask & used == 0:
            used |= mask
            found += 1
            if found == need:
                break
    return found


def upper_bound(masks: np.ndarray, free: int, need: int) -> int:
    """At most how many pairwise disjoint masks ``masks`` holds, with the cards ``free``
    left (valid bounds, cheap; the hitting set stops once it reaches ``need``).

    >>> upper_bound(np.array([0b0011, 0b0101, 0b1001], np.uint64), 0b1111, 3)  # all hold card 0
    1
    """
    if not masks.size:
        return 0
    held = (masks[:, None] & _CARD_BITS[None, :]) != 0  # (hands, 52): card = 4 * rank + suit
    by_group = held.reshape(-1, 13, 4)
    free_held = ((np.uint64(free) & _CARD_BITS) != 0).reshape(13, 4)
    best = int(masks.size)
    for least, cards in ((by_group.sum(axis=2).min(axis=0), free_held.sum(axis=1)),
                         (by_group.sum(axis=1).min(axis=0), free_held.sum(axis=0))):
        hit = least > 0
        if hit.any():
            best = min(best, int((cards[hit] // least[hit]).min()))
    alive = np.ones(masks.size, np.bool_)
    hits = 0
    while alive.any() and hits < min(best, need):
        card = int(held[alive].sum(axis=0).argmax())
        alive &= ~held[:, card]
        hits += 1
    if not alive.any():
        best = min(best, hits)
    return best


def _clique(masks: np.ndarray, need: int) -> bool:
    """A clique of ``need`` in the graph of disjoint pairs of ``masks`` (bitset rows)."""
    n = int(masks.size)
    apart = (masks[:, None] & masks[None, :]) == 0
    packed = np.packbits(apart, axis=1, bitorder="little")
    adj = [int.from_bytes(row.tobytes(), "little") for row in packed]

    def colour(p: int) -> tuple[list[int], list[int]]:
        """Vertices of ``p`` by greedy colour (each colour: pairwise clashing hands)."""
        order: list[int] = []
        colours: list[int] = []
        c = 0
        while p:
            c += 1
            q = p
            while q:
                v = (q & -q).bit_length() - 1
                q &= ~adj[v] & ~(1 << v)
                p &= ~(1 << v)
                order.append(v)
                colours.append(c)
        return order, colours

    def expand(p: int, k: int) -> bool:
        if k == 0:
            return True
        order, colours = colour(p)
        for i in range(len(order) - 1, -1, -1):
            if colours[i] < k:
                return False
            v = order[i]
            if expand(p & adj[v], k - 1):
                return True
            p &= ~(1 << v)
        return False

    return expand((1 << n) - 1, need)


class _Undecided(Exception):
    pass


def _card_search(masks: np.ndarray, need: int, nodes: int) -> bool:
    failed: set[tuple[int, int]] = set()
    visited = 0

    def search(cands: np.ndarray, blocked: int, need: int) -> bool:
        nonlocal visited
        if need == 0:
            return True
        cands = cands[(cands & np.uint64(blocked)) == 0]
        if cands.size < need or (blocked, need) in failed:
            return False
        if _greedy_count(cands, need) == need:
            return True
        visited += 1
        if visited > nodes:
            raise _Undecided
        if upper_bound(cands, ~blocked & _DECK, need) < need:
            failed.add((blocked, need))
            return False
        degree = ((cands[:, None] & _CARD_BITS[None, :]) != 0).sum(axis=0)
        degree[degree == 0] = cands.size + 1
        card = int(_CARD_BITS[int(degree.argmin())])
        for mask in cands[(cands & np.uint64(card)) != 0].tolist():
            if search(cands, blocked | mask, need - 1):
                return True
        if search(cands, blocked | card, need):
            return True
        failed.add((blocked, need))
        return False

    return search(masks, 0, need)


def disjoint_hands_exist(member_masks: Sequence[int] | np.ndarray, players: int,
                         nodes: int = SEARCH_NODES) -> bool | None:
    """Whether ``players`` pairwise disjoint masks are among ``member_masks`` (card masks,
    bit ``c`` for card ``c``): True or False; None only for more than :data:`CLIQUE_LIMIT`
    hands the bounds do not settle, after ``nodes`` search nodes.

    >>> from omahanash.equity.tables import class_data
    >>> from omahanash.hands import parse_class
    >>> ids = np.array(sorted(parse_class(h, "omaha") for h in ("As Ad Ks Kd", "Ah Ac Qs Qd")))
    >>> masks = class_data("omaha", ids).member_masks  # every hand holds two aces
    >>> disjoint_hands_exist(masks, 2), disjoint_hands_exist(masks, 3)
    (True, False)
    """
    masks = np.asarray(member_masks, dtype=np.uint64)
    if players <= 0:
        return True
    if _greedy_count(masks, players) == players:
        return True
    masks = np.unique(masks)
    if masks.size < players or upper_bound(masks, _DECK, players) < players:
        return False
    if masks.size <= CLIQUE_LIMIT:
        return _clique(masks, players)
    try:
        return _card_search(masks, players, nodes)
    except _Undecided:
        return None
