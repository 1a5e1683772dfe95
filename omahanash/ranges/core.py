"""The :class:`Range` type: a weight in [0, 1] on every concrete hand of a variant.

Every range is stored at card level, as one weight per concrete hand (``hand_weights``, in
the colex order of :mod:`omahanash.ranges.combos`), so that suit-specific input (``AsKs``,
``sshh``, ``AxKx``) keeps its combos; the per-class view (``weights``) is derived from it.
Bad range text raises :class:`RangeError`. A range is read from text by
:mod:`omahanash.ranges.parser` and written back by :mod:`omahanash.ranges.notation`.

>>> from omahanash.ranges import parse_range
>>> parse_range("AKs", "holdem").hands().shape
(4, 2)
"""

from __future__ import annotations

import functools
from dataclasses import dataclass, field

import numpy as np

from omahanash.cards import Variant, format_cards, parse_cards
from omahanash.errors import InputError
from omahanash.hands import canonical_hands
from omahanash.ranges.combos import all_hands, class_sizes, hand_classes, num_hands
from omahanash.ranges.notation import format_range


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
        try:
            weights = np.array(self.hand_weights, dtype=np.float64)
        except (TypeError, ValueError):  # text, objects: not a bare ValueError
            raise InputError(f"hand_weights must be {num_hands(self.variant)} numbers in "
                             f"[0, 1], got {self.hand_weights!r:.60}") from None
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
        dead = np.zeros(52, dtype=bool)
        dead[list(parse_cards(cards, what="dead cards"))] = True
        blocked = dead[all_hands(self.variant)].any(axis=1)
        return Range(self.variant, self.text, np.where(blocked, 0.0, self.hand_weights))

    def to_text(self) -> str:
        """Range text that parses back to the same weights (:func:`.notation.format_range`).

        >>> from omahanash.ranges import parse_range
        >>> parse_range("TT+, AKs, A5s-A2s", "holdem").to_text()
        'TT+, AKs, A5s-A2s'
        """
        return format_range(self)
