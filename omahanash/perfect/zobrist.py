"""Zobrist hashing and the transposition table it keys.

A position is a set of *features* — "piece p stands on square s", "side to move is O", … Zobrist
hashing draws one random 64-bit key per feature once, and hashes a position as the xor of the
keys of its features. A move changes a few features, so the child's hash is the parent's hash
xor the keys of the features that appeared or disappeared: O(1) per move instead of rehashing
the whole board (xor is its own inverse, so removing a feature is the same toggle as adding it).

Different positions can share a hash. :class:`TranspositionTable` therefore stores the full
position key next to each entry and treats a slot holding another key as a miss (counted in
``collisions``), so a collision can cost a re-search but never a wrong answer.

>>> table = ZobristTable(num_features=4, seed=1)
>>> h = table.hash_of([0, 2])
>>> table.toggle(table.toggle(h, 2), 3) == table.hash_of([0, 3])
True
"""

from __future__ import annotations

import random
from collections.abc import Hashable, Iterable
from dataclasses import dataclass
from typing import Literal

Bound = Literal["exact", "lower", "upper"]
EXACT: Bound = "exact"
LOWER: Bound = "lower"
UPPER: Bound = "upper"


class ZobristTable:
    """One random 64-bit key per feature, drawn from a seeded generator (reproducible hashes).

    >>> ZobristTable(3, seed=7).hash_of([]) == 0
    True
    """

    def __init__(self, num_features: int, seed: int = 0x2B992DDFA23249D6) -> None:
        if num_features < 1:
            raise ValueError(f"a Zobrist table needs at least one feature, got {num_features}")
        rng = random.Random(seed)
        self.keys: tuple[int, ...] = tuple(rng.getrandbits(64) for _ in range(num_features))

    def __len__(self) -> int:
        return len(self.keys)

    def hash_of(self, features: Iterable[int]) -> int:
        """The hash of a position with these features, computed from scratch."""
        h = 0
        for feature in features:
            h ^= self.keys[feature]
        return h

    def toggle(self, h: int, feature: int) -> int:
        """The hash after ``feature`` appears or disappears (the incremental update)."""
        return h ^ self.keys[feature]


@dataclass
class TableEntry:
    """What a search learned about one position.

    ``value`` is exact, a lower bound or an upper bound (``bound``) of the value for player 0,
    found by a search ``depth`` plies deep (``math.inf`` for a search to the end of the game);
    ``best_action`` is the move that search found best (tried first next time).
    """

    key: Hashable
    value: float
    depth: float
    bound: Bound
    best_action: int | None


class TranspositionTable:
    """A fixed number of slots (``2 ** size_bits``) indexed by the low bits of a Zobrist hash.

    Each slot holds one :class:`TableEntry` together with its full key; a newer entry replaces
    an older one in the same slot (always-replace: simple, and recent positions are the ones a
    depth-first search meets again).

    >>> tt = TranspositionTable(size_bits=1)
    >>> tt.store(0b10, "a", 1.0, 3, EXACT, None)
    >>> tt.probe(0b10, "a").value, tt.probe(0b00, "b"), tt.collisions
    (1.0, None, 1)
    """

    def __init__(self, size_bits: int = 20) -> None:
        if not 0 <= size_bits <= 32:
            raise ValueError(f"size_bits must be in 0..32, got {size_bits}")
        self.mask = (1 << size_bits) - 1
        self.slots: dict[int, TableEntry] = {}  # sparse: only slots ever written
        self.hits = 0
        self.misses = 0
        self.collisions = 0

    def __len__(self) -> int:
        return len(self.slots)

    def probe(self, zobrist: int, key: Hashable) -> TableEntry | None:
        """The entry for ``key`` if its slot holds it; ``None`` on a miss or a collision."""
        entry = self.slots.get(zobrist & self.mask)
        if entry is None:
            self.misses += 1
            return None
        if entry.key != key:
            self.collisions += 1
            return None
        self.hits += 1
        return entry

    def store(
        self,
        zobrist: int,
        key: Hashable,
        value: float,
        depth: float,
        bound: Bound,
        best_action: int | None,
    ) -> None:
        """Record a search result for ``key`` (replacing whatever its slot held)."""
        self.slots[zobrist & self.mask] = TableEntry(key, value, depth, bound, best_action)
