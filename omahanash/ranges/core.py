"""The :class:`Range` type: a weight in [0, 1] on every concrete hand of a variant.

Every range is stored at card level, as one weight per concrete hand (``hand_weights``), so
that suit-specific input (``AsKs``, ``sshh``, ``AxKx``) keeps its combos; the per-class view
(``weights``) is derived from it. Concrete hands are numbered by the *colex index* of their
ascending card codes (cards ``0..51`` as in :mod:`omahanash.cards`):

- Hold'em, cards ``a < b``: ``a + C(b, 2)`` — 1,326 hands;
- Omaha, cards ``a < b < c < d``: ``a + C(b, 2) + C(c, 3) + C(d, 4)`` — 270,725 hands, the
  index of :func:`omahanash.hands.omaha.class_id_table`.

:func:`all_hands` gives the hands in that order (int8 ``(n, k)``, built once per process).

>>> hands = all_hands("holdem")
>>> hands.shape, hands[:2].tolist(), hands[-1].tolist()
((1326, 2), [[0, 1], [0, 2]], [50, 51])
"""

from __future__ import annotations

import functools
from dataclasses import dataclass, field
from itertools import combinations
from math import comb

import numpy as np

from omahanash.cards import Variant, format_cards
from omahanash.errors import InputError


class RangeError(InputError):
    """Bad range text: ``token`` is the offending piece, ``position`` its 1-based column.

    >>> from omahanash.ranges import parse_range
    >>> try:
    ...     parse_range("AA, KX+", "holdem")
    ... except RangeError as error:
    ...     print(error, "|", error.token, error.position)
    bad range 'AA, KX+' at column 5 'KX+': '+' needs explicit ranks | KX+ 5
    """

    def __init__(self, message: str, token: str, position: int) -> None:
        super().__init__(message)
        self.token = token
        self.position = position


def colex_indices(sorted_hands: np.ndarray) -> np.ndarray:
    """Colex indices (int64) of hands whose rows hold ascending card codes.

    >>> colex_indices(np.array([[0, 1], [50, 51]])).tolist()
    [0, 1325]
    """
    array = np.asarray(sorted_hands, dtype=np.int64)
    return sum((comb_column(array[:, i], i + 1) for i in range(array.shape[1])),
               start=np.zeros(array.shape[0], dtype=np.int64))


def comb_column(values: np.ndarray, k: int) -> np.ndarray:
    """``C(values, k)`` elementwise for small non-negative ints (k = 1..4)."""
    out = np.ones_like(values)
    for j in range(k):
        out = out * (values - j)
    return out // np.int64(np.prod(range(1, k + 1)))


@functools.cache
def all_hands(variant: str) -> np.ndarray:
    """Read-only int8 ``(n, k)``: every concrete hand of ``variant``, rows ascending card codes,
    in colex order (row ``i`` has colex index ``i``).

    >>> all_hands("omaha").shape, all_hands("omaha")[0].tolist()
    ((270725, 4), [0, 1, 2, 3])
    """
    k = Variant.parse(variant).hole_cards
    lex = np.array(list(combinations(range(52), k)), dtype=np.int8)
    hands = np.empty_like(lex)
    hands[colex_indices(lex)] = lex
    hands.flags.writeable = False
    return hands


@functools.cache
def hand_classes(variant: str) -> np.ndarray:
    """Read-only int32: the class id of each hand of :func:`all_hands`.

    >>> int(hand_classes("holdem")[colex_indices(np.array([[47, 51]]))[0]])  # Ks As: AKs
    1
    """
    from omahanash.hands import class_ids

    classes = np.asarray(class_ids(Variant.parse(variant), all_hands(variant)), dtype=np.int32)
    classes.flags.writeable = False
    return classes


@functools.cache
def class_sizes(variant: str) -> np.ndarray:
    """Read-only float64: concrete hands per class (6 / 4 / 12 for Hold'em)."""
    from omahanash.hands import class_combos

    sizes = class_combos(Variant.parse(variant)).astype(np.float64)
    sizes.flags.writeable = False
    return sizes


def num_hands(variant: str) -> int:
    """1,326 for Hold'em, 270,725 for Omaha.

    >>> num_hands("holdem"), num_hands("omaha-hilo")
    (1326, 270725)
    """
    return comb(52, Variant.parse(variant).hole_cards)


@dataclass(frozen=True, eq=False)
class Range:
    """A range: a weight in [0, 1] on each concrete hand of ``variant``.

    ``hand_weights`` is float64 over :func:`all_hands` (colex order, read-only); ``weights`` is
    per class (the class's average hand weight, i.e. the fraction of its combos in the range
    times their weight); ``combos`` the weighted number of concrete hands; ``percent`` that
    share of all hands.

    >>> from omahanash.ranges import parse_range
    >>> r = parse_range("AA, AKs@0.5", "holdem")
    >>> r.combos, round(r.percent, 4), r.by_class()
    (8.0, 0.6033, [(0, 'As Ah', 1.0), (1, 'As Ks', 0.5)])
    """

    variant: Variant
    text: str
    hand_weights: np.ndarray = field(repr=False)

    def __post_init__(self) -> None:
        weights = np.array(self.hand_weights, dtype=np.float64)
        if weights.shape != (num_hands(self.variant),):
            raise InputError(f"hand_weights must have length {num_hands(self.variant)}, "
                             f"got shape {weights.shape}")
        if not np.all((weights >= 0) & (weights <= 1)):
            raise InputError("hand_weights must lie in [0, 1]")
        weights.flags.writeable = False
        object.__setattr__(self, "variant", Variant.parse(self.variant))
        object.__setattr__(self, "hand_weights", weights)

    @functools.cached_property
    def weights(self) -> np.ndarray:
        """Per-class weight (float64, length ``num_classes``), read-only."""
        total = np.bincount(hand_classes(self.variant), weights=self.hand_weights,
                            minlength=len(class_sizes(self.variant)))
        weights = np.clip(total / class_sizes(self.variant), 0.0, 1.0)
        weights.flags.writeable = False
        return weights

    @property
    def combos(self) -> float:
        """Weighted number of concrete hands in the range."""
        return float(round(self.hand_weights.sum(), 9))

    @property
    def percent(self) -> float:
        """``combos`` as a percentage of all concrete hands."""
        return self.combos / num_hands(self.variant) * 100.0

    @property
    def class_ids(self) -> np.ndarray:
        """Ids of the classes with a positive weight, ascending."""
        return np.flatnonzero(self.weights > 0)

    def by_class(self) -> list[tuple[int, str, float]]:
        """``(class id, canonical cards, weight)`` for every class with weight > 0."""
        from omahanash.hands import canonical_hands

        canonical = canonical_hands(self.variant)
        return [(int(c), format_cards(canonical[c]), float(self.weights[c]))
                for c in self.class_ids]

    def hands(self) -> np.ndarray:
        """The concrete hands with a positive weight (int8 ``(n, k)``, colex order).

        >>> from omahanash.ranges import parse_range
        >>> parse_range("AhKh", "holdem").hands().tolist()
        [[46, 50]]
        """
        return all_hands(self.variant)[self.hand_weights > 0]

    def without(self, cards: str | list[int] | tuple[int, ...]) -> Range:
        """The range after card removal: hands holding any of ``cards`` get weight 0.

        >>> from omahanash.ranges import parse_range
        >>> parse_range("AA", "holdem").without("As").combos
        3.0
        """
        from omahanash.cards import parse_cards

        dead = np.zeros(52, dtype=bool)
        dead[list(parse_cards(cards, what="dead cards"))] = True
        blocked = dead[all_hands(self.variant)].any(axis=1)
        return Range(self.variant, self.text, np.where(blocked, 0.0, self.hand_weights))

    def to_text(self) -> str:
        """Range text that parses back to the same weights (:func:`.holdem.format_range`).

        >>> from omahanash.ranges import parse_range
        >>> parse_range("TT+, AKs, A5s-A2s", "holdem").to_text()
        'TT+, AKs, A5s-A2s'
        """
        from omahanash.ranges.holdem import format_range

        return format_range(self)
