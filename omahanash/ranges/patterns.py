"""Hand patterns (ProPokerTools generic syntax) and their vectorized matching.

A *pattern* is up to ``k`` card specs (``k`` = 2 Hold'em, 4 Omaha); a hand matches when its
cards can be assigned one-to-one to the specs (the hand's other cards are wildcards: ``AA`` =
at least two aces) so that

- each spec's rank is in its rank set and its suit in its suit set;
- cards of one *rank variable* (``R``, ``O``, ``N``, …) share a rank, different rank variables
  have different ranks, and no rank variable takes a rank written literally in the pattern
  (``AARR`` = aces and another pair); likewise for *suit variables* ``w x y z`` and suits.

Matching runs over every concrete hand at once (numpy over :func:`~.core.all_hands`): one pass
per distinct assignment of specs to card columns (assignments that only swap identical specs
are tried once: ``xxyy`` needs 6 of the 24).

>>> int(match(Pattern.of([CardSpec(ranks=1 << 12), CardSpec(ranks=1 << 12)]), "omaha").sum())
6961
"""

from __future__ import annotations

import functools
from dataclasses import dataclass
from itertools import permutations

import numpy as np

from omahanash.cards import Variant
from omahanash.ranges.combos import all_hands
from omahanash.runs import check_interrupt

ALL_RANKS = (1 << 13) - 1
ALL_SUITS = (1 << 4) - 1


@dataclass(frozen=True, order=True)
class CardSpec:
    """One card of a pattern: allowed ranks and suits (bit masks: bit ``r`` = rank index
    ``r``, 2 = 0 … A = 12; bit ``s`` = suit c d h s = 0..3), and optional variable names."""

    ranks: int = ALL_RANKS
    suits: int = ALL_SUITS
    rank_var: str = ""
    suit_var: str = ""

    def literal_rank(self) -> int | None:
        """The rank when the spec names exactly one rank and no variable."""
        if self.rank_var or self.ranks.bit_count() != 1:
            return None
        return self.ranks.bit_length() - 1


@dataclass(frozen=True)
class Pattern:
    """A hand pattern: card specs with variables resolved against literal ranks and suits."""

    specs: tuple[CardSpec, ...]

    @classmethod
    def of(cls, specs: list[CardSpec]) -> Pattern:
        """The pattern of ``specs``: variables lose the ranks/suits written literally.

        >>> [spec.ranks for spec in Pattern.of([CardSpec(1 << 12), CardSpec(rank_var="R")]).specs]
        [4095, 4096]
        """
        literal_ranks = literal_suits = 0
        for spec in specs:
            if not spec.rank_var and spec.ranks.bit_count() == 1:
                literal_ranks |= spec.ranks
            if not spec.suit_var and spec.suits.bit_count() == 1:
                literal_suits |= spec.suits
        resolved = []
        for spec in specs:
            ranks = spec.ranks & ~literal_ranks if spec.rank_var else spec.ranks
            suits = spec.suits & ~literal_suits if spec.suit_var else spec.suits
            resolved.append(CardSpec(ranks, suits, spec.rank_var, spec.suit_var))
        return cls(tuple(sorted(resolved)))


@functools.cache
def _features(variant: Variant) -> tuple[np.ndarray, np.ndarray]:
    """Ranks and suits (int8 ``(n, k)``, columns split into contiguous arrays) of every hand."""
    hands = all_hands(variant)
    ranks = np.ascontiguousarray((hands >> 2).T)
    suits = np.ascontiguousarray((hands & 3).T)
    return ranks, suits


@functools.cache
def _assignments(specs: tuple[CardSpec, ...], k: int) -> tuple[tuple[int, ...], ...]:
    """Card columns for the specs, one per class of assignments equal up to swapping
    identical specs (``specs`` is sorted, so identical specs are adjacent)."""
    keep = []
    for columns in permutations(range(k), len(specs)):
        if all(specs[i] != specs[i + 1] or columns[i] < columns[i + 1]
               for i in range(len(specs) - 1)):
            keep.append(columns)
    return tuple(keep)


def _allowed(mask: int, values: np.ndarray, size: int) -> np.ndarray:
    """Whether each value's bit is set in ``mask`` (a lookup table applied to the array)."""
    table = np.array([(mask >> v) & 1 for v in range(size)], dtype=bool)
    return table[values]


def _variable_groups(specs: tuple[CardSpec, ...], attribute: str) -> list[list[int]]:
    names = sorted({getattr(spec, attribute) for spec in specs} - {""})
    return [[i for i, spec in enumerate(specs) if getattr(spec, attribute) == name]
            for name in names]


def match(pattern: Pattern, variant: str) -> np.ndarray:
    """Boolean over :func:`~.core.all_hands`: which concrete hands match ``pattern``.

    ``pattern`` must have at most as many specs as the variant has hole cards.

    >>> int(match(Pattern.of([CardSpec(suit_var="x")] * 2 + [CardSpec(suit_var="y")] * 2),
    ...           "omaha").sum())  # xxyy: double-suited
    36504
    """
    variant = Variant.parse(variant)
    ranks, suits = _features(variant)
    specs = pattern.specs
    n = ranks.shape[1]
    # Per spec and column, the static test (rank set and suit set), None when it always holds.
    static: list[list[np.ndarray | None]] = []
    for spec in specs:
        row: list[np.ndarray | None] = []
        for column in range(ranks.shape[0]):
            test = None
            if spec.ranks != ALL_RANKS:
                test = _allowed(spec.ranks, ranks[column], 13)
            if spec.suits != ALL_SUITS:
                suit_test = _allowed(spec.suits, suits[column], 4)
                test = suit_test if test is None else test & suit_test
            row.append(test)
        static.append(row)
    rank_groups = _variable_groups(specs, "rank_var")
    suit_groups = _variable_groups(specs, "suit_var")
    found = np.zeros(n, dtype=bool)

    for columns in _assignments(specs, ranks.shape[0]):
        check_interrupt()  # Ctrl-C under cancel_on_interrupt: up to 24 passes over 270,725 hands
        ok = np.ones(n, dtype=bool)
        for i, column in enumerate(columns):
            test = static[i][column]
            if test is not None:
                ok &= test
        for values, groups in ((ranks, rank_groups), (suits, suit_groups)):
            for group in groups:
                first = values[columns[group[0]]]
                for i in group[1:]:
                    ok &= values[columns[i]] == first
            for a in range(len(groups)):
                for b in range(a + 1, len(groups)):
                    ok &= values[columns[groups[a][0]]] != values[columns[groups[b][0]]]
        found |= ok
    return found
