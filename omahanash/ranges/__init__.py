"""Ranges of starting hands: one text syntax for Hold'em and Omaha (README "Ranges").

- :func:`parse_range` reads range text (Hold'em notation ``AKs, TT+, KTo-K7o``; the
  ProPokerTools generic syntax ``AA**, AxKx**, JJ!JJJ, AA:$ds``; ``top 15%``; weights
  ``AA@0.5``) into a :class:`Range`: a weight on every concrete hand and, derived, on every
  hand class. Bad text raises :class:`RangeError` naming the token and its column.
- :func:`ranking` and :func:`top_percent`: the documented hand ranking(s).

>>> from omahanash.ranges import parse_range
>>> parse_range("AKs", "holdem").combos, parse_range("AA", "omaha").combos
(4.0, 6961.0)
"""

from __future__ import annotations

from omahanash.cards import Variant
from omahanash.errors import InputError
from omahanash.ranges.combos import all_hands, hand_classes, num_hands
from omahanash.ranges.core import Range, RangeError
from omahanash.ranges.parser import parse_weights
from omahanash.ranges.rankings import RANKINGS, ranking, top_percent

__all__ = [
    "RANKINGS",
    "Range",
    "RangeError",
    "all_hands",
    "hand_classes",
    "num_hands",
    "parse_range",
    "ranking",
    "top_percent",
]


def parse_range(text: str, variant: str) -> Range:
    """The :class:`Range` that ``text`` describes, for ``variant`` (any name ``Variant.parse``
    takes).

    >>> r = parse_range("TT+, AKs", "holdem")
    >>> r.combos, len(r.by_class())
    (34.0, 6)
    """
    if not isinstance(text, str):
        raise InputError(f"range text must be a string, not {type(text).__name__}")
    game = Variant.parse(variant)
    return Range(game, text, parse_weights(text, game))
