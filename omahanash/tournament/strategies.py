"""How a player plays each hand of a match: Nash, a locked range, or the top P % of hands.

``nash`` plays the jam-fold equilibrium at the current effective stack and blinds (solved on
the grid of :mod:`omahanash.tournament.nash_grid`); ``best`` plays, at every hand, the
best response (in chips, hand by hand: the jam-fold best response of
:mod:`omahanash.jamfold.exploit`) to the opponent's strategy at that stack and those blinds —
what a player who has read the opponent exactly would do; a range (``"AA,KK,AKs"``, ``"AA**"``, …,
:func:`omahanash.ranges.parse_range`) or ``P%`` (the top P % of hands in the equity ranking of
:func:`omahanash.ranges.top_percent`; ``100%`` plays everything) pushes and calls with the
same hands at every stack.

>>> parse_strategy("nash", "holdem").is_nash
True
>>> locked = parse_strategy("25%", "holdem")
>>> locked.name, round(float(locked.class_weights.max()), 1)
('25%', 1.0)
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np

from omahanash.cards import Variant
from omahanash.errors import InputError
from omahanash.hands import num_classes
from omahanash.ranges import parse_range, top_percent

NASH = "nash"
BEST = "best"


@dataclass(frozen=True, eq=False)
class Strategy:
    """``name`` as given; ``class_weights`` (float64 per global class id, read-only) the
    push = call probability of a fixed strategy, None for Nash and for the best response."""

    name: str
    class_weights: np.ndarray | None = None

    @property
    def is_nash(self) -> bool:
        return self.name == NASH

    @property
    def is_best_response(self) -> bool:
        return self.name == BEST

    def at_positions(self, class_ids: np.ndarray) -> np.ndarray:
        """A fixed strategy's weights at a table's class positions (``table.class_ids``)."""
        if self.class_weights is None:
            raise InputError("the Nash strategy depends on the stack: use a NashGrid")
        return np.ascontiguousarray(self.class_weights[np.asarray(class_ids, np.int64)])


def parse_strategy(text: str, variant: Variant | str) -> Strategy:
    """``nash``, ``best``, ``P%`` or range text for ``variant`` (:class:`InputError` when
    bad).

    >>> float(parse_strategy("100%", "omaha").class_weights.min())
    1.0
    >>> float(parse_strategy("QQ+, AKs", "holdem").class_weights.sum())
    4.0
    >>> parse_strategy("nash@5", "holdem")
    Traceback (most recent call last):
    ...
    omahanash.errors.InputError: 'nash@5': a tournament's nash already plays ...
    """
    if not isinstance(text, str) or not text.strip():
        raise InputError(f"a strategy is nash, best, P% or range text, got {text!r}")
    name = text.strip()
    if name.lower() in (NASH, BEST):
        return Strategy(name.lower())
    head = name.partition("@")[0].strip().lower()
    if "@" in name and head in (NASH, BEST):  # not cards: exploit's nash@STACK
        raise InputError(f"{name!r}: a tournament's {head} already plays the equilibrium of "
                         "every stack and level; nash@STACK (one stack's equilibrium) is for "
                         "exploit and review")

    game = Variant.parse(variant)
    if name.endswith("%") and name[:-1].strip().replace(".", "", 1).isdigit():
        percent = float(name[:-1])
        if percent in (0.0, 100.0):  # nothing or everything: no ranking needed
            weights = np.full(num_classes(game), percent / 100.0)
        else:
            try:
                weights = top_percent(percent, game).weights
            except FileNotFoundError as error:  # the ranking resource is not shipped here
                raise InputError(f"{name}: no hand ranking for {game} ({error})") from None
    else:
        weights = parse_range(name, game).weights
    weights = np.array(weights, dtype=np.float64)
    weights.setflags(write=False)
    return Strategy(name, weights)
