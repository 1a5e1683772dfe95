"""Buckets of hand classes: the abstraction the tree engine learns Omaha strategies in.

16,432 Omaha classes on a million sampled deals leave about 60 deals per class and seat: a
strategy per class learns the noise of its few deals (the solve's NashConv on its own deals
is then far below the one on fresh deals). The engine learns one strategy per *bucket* of
classes alike in **shape** and **strength** instead — shape: how the hand is suited (double
suited, single suited, rainbow, three or four of a suit) and whether it holds a pair;
strength: its equity against a random hand (the shipped ranking of ``top x%``) — and
measures every figure at the class level: each class plays its bucket's strategy, and the
best response (hence NashConv) is per class, exact. Pots are always settled by the deals'
classes and boards.

A bucket holds classes of one shape with neighbouring strengths, about the same number of
combos each (:func:`class_buckets`). Buckets are an option (``buckets=`` of the solver), not
the default (:func:`default_buckets`: 0, per class): measured on the heads-up pot-limit
Omaha Hi tree at 15 bb, 1,500 buckets on 300,000 deals stall at a class-level NashConv of
0.103 bb (0.123 on fresh deals) — the abstraction's cost, more than the 0.037 bb (0.090
fresh) of 30 iterations per class on 1,000,000 deals.

>>> import numpy as np
>>> from omahanash.equity.tables import load_table
>>> holdem = load_table("holdem")
>>> default_buckets(holdem)
0
>>> of = class_buckets("omaha-hi", np.arange(16432), 800)
>>> int(of.max()) + 1 <= 800, of.shape
(True, (16432,))
"""

from __future__ import annotations

import numpy as np

from omahanash.cards import Variant
from omahanash.errors import InputError
from omahanash.hands import class_cards, class_combos
from omahanash.ranges.rankings import equity_vs_random

#: Buckets of a full Omaha table.
OMAHA_BUCKETS = 1500


def default_buckets(table) -> int:
    """0: every table is solved per class by default (see the module's measurement)."""
    return 0


def _shape(cards: str) -> int:
    """0 double suited, 1 single suited, 2 rainbow, 3 three or four of a suit; +4 paired."""
    hand = cards.split()
    suits = sorted((sum(1 for c in hand if c[1] == s) for s in "shdc"), reverse=True)
    if suits[0] >= 3:
        kind = 3
    elif suits[:2] == [2, 2]:
        kind = 0
    elif suits[0] == 2:
        kind = 1
    else:
        kind = 2
    ranks = [c[0] for c in hand]
    return kind + (4 if len(set(ranks)) < len(ranks) else 0)


def class_buckets(variant: Variant | str, class_ids: np.ndarray, count: int) -> np.ndarray:
    """``bucket[position]`` for the classes ``class_ids`` (positions of a table) of an Omaha
    ``variant``, ``count`` buckets at most: each shape gets buckets in proportion to its
    combos, each bucket an equal share of its shape's combos by strength."""
    variant = Variant.parse(variant)
    if variant is Variant.HOLDEM:
        raise InputError("Hold'em is solved per class: no buckets")
    if isinstance(count, bool) or not isinstance(count, int) or count < 8:
        raise InputError.naming("buckets", f"buckets must be a whole number >= 8, got "
                                           f"{count!r}")
    ids = np.asarray(class_ids, np.int64)
    strength = equity_vs_random(variant)[ids]
    combos = class_combos("omaha")[ids].astype(np.float64)
    shapes = np.array([_shape(class_cards("omaha", int(c))) for c in ids])
    out = np.empty(ids.size, np.int64)
    total = combos.sum()
    first = 0
    for shape in range(8):
        members = np.flatnonzero(shapes == shape)
        if members.size == 0:
            continue
        share = combos[members].sum() / total
        k = max(1, min(members.size, int(round(share * count))))
        order = members[np.argsort(-strength[members], kind="stable")]
        cum = np.cumsum(combos[order])
        bins = np.minimum((cum - combos[order] / 2) / cum[-1] * k, k - 1).astype(np.int64)
        out[order] = first + bins
        first += k
    # renumber densely (a bin may be empty)
    _, dense = np.unique(out, return_inverse=True)
    return dense.astype(np.int64)


def buckets_for(table, buckets: int | None) -> tuple[np.ndarray, int]:
    """``(bucket_of, count)`` for a table: the identity for ``buckets`` 0 (or None on a
    table :func:`default_buckets` solves per class)."""
    count = default_buckets(table) if buckets is None else buckets
    n = int(table.n)
    if count == 0 or count >= n:
        return np.arange(n, dtype=np.int64), n
    of = class_buckets(table.game, np.asarray(table.class_ids), count)
    return of, int(of.max()) + 1
