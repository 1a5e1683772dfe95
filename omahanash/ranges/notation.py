"""The range language's words (README "Ranges"): what the parser reads beside card patterns,
and :func:`format_range`, which writes a range back as text.

- Hold'em notation: ``AKs`` / ``AKo`` (:data:`SUITED_OFFSUIT`, read by
  :mod:`omahanash.ranges.parser`);
- the ``$`` macros of the ProPokerTools generic syntax, each defined as the text it stands
  for (every one is a test). *Hand macros* are whole hands (combine them with ``:``, e.g.
  ``AA:$ds``); *rank macros* are one card's rank set and go where a rank goes (``$B$B**``,
  ``$Bs``);
- :func:`format_range`: grid names with ``+`` and spans, exact combos for partial classes.

The grammar itself is :mod:`omahanash.ranges.parser`'s; this module is below the
:class:`~omahanash.ranges.core.Range` type (whose ``to_text`` is :func:`format_range`) and
knows a range only by its variant and hand weights.

>>> from omahanash.ranges import parse_range
>>> format_range(parse_range("22-77, A2s+, KTo-K7o, AhKd@0.5", "holdem"))
'77-22, A2s+, KTo-K7o, AhKd@0.5'
>>> HAND_MACROS["$ds"], RANK_MACROS["$B"]
('xxyy', '[A-T]')
"""

from __future__ import annotations

import re
from collections.abc import Callable
from typing import Protocol

import numpy as np

from omahanash.cards import RANKS, Variant, format_cards
from omahanash.ranges.combos import all_hands, hand_classes


class WeightedHands(Protocol):
    """What :func:`format_range` reads of a range (a :class:`~omahanash.ranges.core.Range`)."""

    @property
    def variant(self) -> Variant: ...

    @property
    def hand_weights(self) -> np.ndarray: ...


HAND_MACROS = {
    "$ds": "xxyy",  # double-suited: two suits, two cards each
    "$ss": "xxyz",  # single-suited: exactly one suited pair (Omaha)
    "$r": "wxyz",  # rainbow: four suits (Omaha)
    "$np": "*!RR",  # no pair
    "$R": "AKQJ-5432",  # rundown: four consecutive ranks, aces high
    "$s": "xx",  # suited: two cards of one suit
    "$o": "xy",  # offsuit: two cards of different suits
}

RANK_MACROS = {
    "$B": "[A-T]",  # broadway
    "$F": "[K-J]",  # face cards
    "$L": "[A,2-8]",  # low cards (8-or-better)
    "$N": "[K-9]",  # non-low cards other than the ace
    "$W": "[A,2-5]",  # wheel cards
}

# Two ranks and s/o, not followed by anything that would continue a card pattern.
SUITED_OFFSUIT = re.compile(r"([2-9TJQKAtjqka])([2-9TJQKAtjqka])([so])(?![A-Za-z0-9*\[$])")


def _weight_suffix(weight: float) -> str:
    return "" if weight == 1.0 else f"@{weight:.10g}"


def format_range(r: WeightedHands) -> str:
    """Text for range ``r`` that parses back to the same hand weights.

    Hold'em: whole classes of one weight by grid name (runs of pairs ``TT+`` / ``77-22``, of
    one high card ``A2s+`` / ``KTo-K7o``), other hands as exact combos; weights as ``@w``.
    Omaha: exact hands (long for big ranges). An empty range is ``AA!AA``.

    >>> from omahanash.ranges import parse_range
    >>> format_range(parse_range("AA@0.25, AsKs", "holdem"))
    'AA@0.25, AsKs'
    """
    hands, classes = all_hands(r.variant), hand_classes(r.variant)
    uniform: dict[int, float] = {}
    if not r.variant.is_omaha:
        for c in range(169):
            values = np.unique(r.hand_weights[classes == c])
            if len(values) == 1 and values[0] > 0:
                uniform[c] = float(values[0])
    items: list[str] = []
    for weight in sorted(set(uniform.values()), reverse=True):
        ids = {c for c, w in uniform.items() if w == weight}
        items.extend(name + _weight_suffix(weight) for name in _names(ids))
    loose = (r.hand_weights > 0) & ~np.isin(classes, list(uniform))
    for index in np.flatnonzero(loose):
        cards = "".join(format_cards(hands[index][::-1]).split())
        items.append(cards + _weight_suffix(float(r.hand_weights[index])))
    return ", ".join(items) if items else "AA!AA"


def _names(ids: set[int]) -> list[str]:
    """Grid names for a set of class ids, runs written with ``+`` or ``-``."""
    names: list[str] = []
    pairs = [12 - c // 14 for c in sorted(ids) if c % 14 == 0]  # ranks, high first
    names.extend(_runs(pairs, lambda r: RANKS[r] * 2, top=12))
    for suffix, suited in (("s", True), ("o", False)):
        for high in range(12, 0, -1):
            lows = [low for low in range(high - 1, -1, -1)
                    if _grid_id(high, low, suited) in ids]
            prefix = RANKS[high]

            def name(rank: int, prefix: str = prefix, suffix: str = suffix) -> str:
                return prefix + RANKS[rank] + suffix

            names.extend(_runs(lows, name, top=high - 1))
    return names


def _grid_id(high: int, low: int, suited: bool) -> int:
    return (12 - high) * 13 + (12 - low) if suited else (12 - low) * 13 + (12 - high)


def _runs(ranks: list[int], name: Callable[[int], str], top: int) -> list[str]:
    """Names for descending ``ranks`` (consecutive runs joined): ``X+`` when a run reaches
    ``top``, ``X-Y`` for other runs of two or more, else single names."""
    out: list[str] = []
    i = 0
    while i < len(ranks):
        j = i
        while j + 1 < len(ranks) and ranks[j + 1] == ranks[j] - 1:
            j += 1
        if j == i:
            out.append(name(ranks[i]))
        elif ranks[i] == top:
            out.append(name(ranks[j]) + "+")
        else:
            out.append(f"{name(ranks[i])}-{name(ranks[j])}")
        i = j + 1
    return out
