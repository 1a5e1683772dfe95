"""Chips or big blinds: how the Jam-fold tab shows amounts (issue 19 item 2).

The library works in chips. The tab's unit switch (``unitsCombo``) shows and reads the
blinds, the ante and the stacks either in chips or in big blinds; the BB field itself always
holds the chips of one big blind (it *is* the unit: 1 bb), so switching converts every other
field by it and the chips a big-blind amount stands for are always known. EVs follow the switch
and carry the other unit in their tooltip.

>>> to_chips(2.5, BIG_BLINDS, 10.0), from_chips(25.0, BIG_BLINDS, 10.0)
(25.0, 2.5)
>>> amount_text(-5.0, CHIPS, 10.0), amount_tooltip(-5.0, CHIPS, 10.0)
('-5.0000', '-0.5000 bb')
>>> amount_text(-5.0, BIG_BLINDS, 10.0), amount_tooltip(-5.0, BIG_BLINDS, 10.0)
('-0.5000 bb', '-5.0000 chips')
"""

from __future__ import annotations

CHIPS = "chips"
BIG_BLINDS = "big blinds"
#: The items of the unit switch, in order.
UNITS = (CHIPS, BIG_BLINDS)


def to_chips(value: float, unit: str, chips_per_bb: float) -> float:
    """An amount typed in ``unit`` as chips.

    >>> to_chips(0.5, BIG_BLINDS, 10.0), to_chips(7.0, CHIPS, 10.0)
    (5.0, 7.0)
    """
    return value * chips_per_bb if unit == BIG_BLINDS else value


def from_chips(chips: float, unit: str, chips_per_bb: float) -> float:
    """An amount of chips in ``unit``.

    >>> from_chips(150.0, BIG_BLINDS, 10.0), from_chips(150.0, CHIPS, 10.0)
    (15.0, 150.0)
    """
    return chips / chips_per_bb if unit == BIG_BLINDS else chips


def field_text(value: float) -> str:
    """An amount as a field shows it: short, yet converting back and forth keeps it (ten
    significant digits).

    >>> field_text(100.0), field_text(0.5), field_text(10 / 3)
    ('100', '0.5', '3.333333333')
    """
    return f"{value:.10g}"


def amount_text(chips: float, unit: str, chips_per_bb: float) -> str:
    """An EV or other result in ``unit``: bare chips (as the thesis prints them) or ``bb``.

    >>> amount_text(12.5, BIG_BLINDS, 10.0)
    '1.2500 bb'
    """
    if unit == BIG_BLINDS:
        return f"{chips / chips_per_bb:.4f} bb"
    return f"{chips:.4f}"


def amount_tooltip(chips: float, unit: str, chips_per_bb: float) -> str:
    """The same amount in the other unit, for the hover text.

    >>> amount_tooltip(12.5, CHIPS, 10.0)
    '1.2500 bb'
    """
    if unit == BIG_BLINDS:
        return f"{chips:.4f} chips"
    return f"{chips / chips_per_bb:.4f} bb"
