"""The words and places of the range views, without Qt: the Hold'em grid's cells and names,
the class table's columns, the hover text of a class, EVs in the chosen unit and a played range
as range text that parses back. The Qt models that show them are :mod:`ui.kit.range_view`.

>>> grid_cell("As Ks"), grid_name(1, 0)
((0, 1), 'AKo')
"""

from __future__ import annotations

import functools
from collections.abc import Sequence

import numpy as np

from ui.kit.units import CHIPS, amount_text, amount_tooltip

RANKS = "AKQJT98765432"
CLASS_COLUMNS = (("id", "Id"), ("cards", "Cards"), ("combos", "Combos"),
                 ("push_pct", "Push %"), ("call_pct", "Call %"), ("push_ev", "Push EV"),
                 ("pu_fold_ev", "PU fold EV"), ("call_ev", "Call EV"),
                 ("ca_fold_ev", "CA fold EV"))
#: The columns of :data:`CLASS_COLUMNS` holding EVs in chips (shown in the chosen unit).
EV_COLUMNS = frozenset(range(5, 9))
LOCKED_HEADER = "Locked %"
#: The header of the strength rank column (1 = the strongest class: the order of ``top N%``).
RANK_HEADER = "Strength"
HOLDEM_CLASSES = 169


def grid_cell(cards: str) -> tuple[int, int]:
    """Row and column of a Hold'em class in the 13×13 grid: ``'As Ks'`` -> (0, 1) (suited,
    above the diagonal), ``'Ks As'``/``'As Kh'`` -> (1, 0) (offsuit, below)."""
    first, second = cards.split()
    a, b = RANKS.index(first[0].upper()), RANKS.index(second[0].upper())
    high, low = min(a, b), max(a, b)
    if a == b:
        return a, a
    suited = first[1].lower() == second[1].lower()
    return (high, low) if suited else (low, high)


def grid_name(row: int, column: int) -> str:
    """``(0, 1)`` -> ``'AKs'``, ``(1, 0)`` -> ``'AKo'``, ``(0, 0)`` -> ``'AA'``."""
    if row == column:
        return RANKS[row] * 2
    high, low = min(row, column), max(row, column)
    return RANKS[high] + RANKS[low] + ("s" if row < column else "o")


@functools.cache
def holdem_cells() -> tuple[tuple[int, int], ...]:
    """The grid cell of each Hold'em class id (0..168)."""
    from omahanash.hands import class_cards

    return tuple(grid_cell(class_cards("holdem", i)) for i in range(HOLDEM_CLASSES))


class Units:
    """The unit EVs are shown in (:mod:`ui.kit.units`) and the chips of one big blind."""

    def __init__(self) -> None:
        self.unit = CHIPS
        self.chips_per_bb = 1.0

    def text(self, chips: float) -> str:
        return amount_text(chips, self.unit, self.chips_per_bb)

    def tooltip(self, chips: float) -> str:
        return amount_tooltip(chips, self.unit, self.chips_per_bb)


def hand_tooltip(name: str, row: dict, units: Units) -> str:
    """The hover text of a class: both players' frequencies and EVs (the thesis's names).

    >>> row = {"combos": 6, "push_pct": 100.0, "push_ev": 12.5, "pu_fold_ev": -5.0,
    ...        "call_pct": 100.0, "call_ev": 7.25, "ca_fold_ev": -10.0}
    >>> print(hand_tooltip("AA", row, Units()).splitlines()[1])
    Push (PU): 100.0% · AllIn_EV 12.5000 · Fold_EV -5.0000
    """
    return (f"{name} ({row['combos']} combos)\n"
            f"Push (PU): {row['push_pct']:.1f}% · AllIn_EV {units.text(row['push_ev'])}"
            f" · Fold_EV {units.text(row['pu_fold_ev'])}\n"
            f"Call (CA): {row['call_pct']:.1f}% · AllIn_EV {units.text(row['call_ev'])}"
            f" · Fold_EV {units.text(row['ca_fold_ev'])}")


def class_pattern(cards: str) -> str:
    """Range text for exactly one Omaha class: its canonical cards with each suit written as
    a suit variable (``w x y z`` in order of appearance), so every suit-isomorphic hand matches.

    >>> class_pattern("Ks As Kc Ac")
    'KwAwKxAx'
    """
    variables: dict[str, str] = {}
    return "".join(card[0] + variables.setdefault(card[1], "wxyz"[len(variables)])
                   for card in cards.split())


def played_range_text(variant: str, rows: Sequence[dict], key: str,
                      threshold: float = 50.0) -> str:
    """The classes of ``rows`` (:meth:`JamFoldSolution.class_rows`) played at least
    ``threshold`` % (``key``: push_pct or call_pct) as range text that parses back to them:
    Hold'em in grid notation (``TT+, AKs``, :meth:`omahanash.ranges.Range.to_text`), Omaha one
    suit pattern per class.

    >>> rows = [{"id": 0, "cards": "As Ah", "push_pct": 100.0},
    ...         {"id": 14, "cards": "Ks Kh", "push_pct": 60.0},
    ...         {"id": 1, "cards": "As Ks", "push_pct": 10.0}]
    >>> played_range_text("holdem", rows, "push_pct")
    'KK+'
    """
    from omahanash.cards import Variant
    from omahanash.ranges import Range, hand_classes

    game = Variant.parse(variant)
    played = [r for r in rows if r[key] >= threshold]
    if game.is_omaha and played:
        return ", ".join(class_pattern(r["cards"]) for r in played)
    ids = [r["id"] for r in played]
    weights = np.isin(hand_classes(game), ids).astype(np.float64)
    return Range(game, "", weights).to_text()


def strength_ranks(variant: str) -> np.ndarray:
    """Each class id's place in the order ``top N%`` takes classes (1 = the strongest;
    :func:`omahanash.ranges.ranking`), the order the class tables list them in.

    >>> ranks = strength_ranks("holdem")
    >>> int(ranks[0]), int(ranks[14])  # AA, KK
    (1, 2)
    """
    from omahanash.ranges import ranking

    order = ranking(variant)
    ranks = np.empty(order.size, dtype=np.int64)
    ranks[order] = np.arange(1, order.size + 1)
    return ranks


def weight_text(weight: float) -> str:
    """A weight of the range language: ``""`` at 1, else ``"@0.37"`` (two decimals).

    >>> weight_text(1.0), weight_text(0.3749), weight_text(0.999)
    ('', '@0.37', '')
    """
    rounded = round(weight, 2)
    return "" if rounded >= 1.0 else f"@{rounded:g}"


def weighted_range_text(variant: str, rows: Sequence[dict], key: str) -> str:
    """The frequencies of ``rows`` (``key``: the percentage column, 0..100) as range text
    with weights, rounded to two decimals: a class always played plain, a mixed one with
    ``@weight``, one never played (below 0.5 %) left out. It parses back (a lock of the
    Table tab) to the same frequencies within 0.005.

    >>> rows = [{"id": 0, "cards": "As Ah", "play_pct": 100.0},
    ...         {"id": 14, "cards": "Ks Kh", "play_pct": 37.2},
    ...         {"id": 1, "cards": "As Ks", "play_pct": 0.1}]
    >>> weighted_range_text("holdem", rows, "play_pct")
    'AA, KK@0.37'
    >>> weighted_range_text("omaha-hi", [{"id": 7513, "cards": "As Ks Ad Kd",
    ...                                   "play_pct": 50.0}], "play_pct")
    'AwKwAxKx@0.5'
    """
    from omahanash.cards import Variant
    from omahanash.ranges import Range, hand_classes

    game = Variant.parse(variant)
    kept = [(r, round(r[key] / 100.0, 2)) for r in rows if round(r[key] / 100.0, 2) > 0]
    if game.is_omaha:
        return ", ".join(class_pattern(r["cards"]) + weight_text(w) for r, w in kept)
    classes = hand_classes(game)
    weights = np.zeros(classes.size, dtype=np.float64)
    by_id = {int(r["id"]): w for r, w in kept}
    for i, class_id in enumerate(classes.tolist()):
        weights[i] = by_id.get(int(class_id), 0.0)
    return Range(game, "", weights).to_text()
