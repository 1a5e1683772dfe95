"""Chips or big blinds, and percents: how the Jam-fold tab shows amounts and frequencies.

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


def _pure(p: float) -> tuple[bool, bool]:
    """Whether ``p`` (0..1) shows as never / always played: it rounds to 0.00 % / 100.00 %,
    the lookup's precision. One rule for the lookup and every range view."""
    return round(100 * p, 2) == 0, round(100 * p, 2) == 100


def played_text(p: float) -> str:
    """How often a hand is played, as the lookup shows it: two decimals at most.

    >>> [played_text(p) for p in (0.0, 1e-9, 0.425, 0.9994, 0.99999, 1.0)]
    ['0%', '0%', '42.5%', '99.94%', '100%', '100%']
    """
    never, always = _pure(p)
    if never or always:
        return "100%" if always else "0%"
    return f"{100 * p:.2f}".rstrip("0").rstrip(".") + "%"


def percent_text(p: float) -> str:
    """A frequency as a range cell prints it: whole percents; a hand the lookup shows as
    mixed never reads as a pure one here (``<1%`` / ``>99%``), and one it shows as pure
    (:func:`played_text`: 0 % or 100 %) reads the same here.

    >>> [percent_text(p) for p in (0.0, 0.00004, 0.004, 0.874, 0.996, 0.99999, 1.0)]
    ['0%', '0%', '<1%', '87%', '>99%', '100%', '100%']
    """
    never, always = _pure(p)
    if never or always:
        return "100%" if always else "0%"
    if p < 0.01:
        return "<1%"
    if p > 0.99:
        return ">99%"
    return f"{100 * p:.0f}%"
