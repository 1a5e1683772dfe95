"""A heads-up match: total chips, starting stacks and a blind schedule, counted in chip units.

A :class:`Level` is SB / BB / ante; a :class:`Structure` the levels in order, each lasting
``hands_per_level`` hands (the last one for ever; one level is a fixed structure). The Markov
chain and the simulator count chips in the largest unit that divides every amount (the total,
the stacks, every blind and ante: "small-blind units" when the small blind divides the rest),
so every state is a whole number of units.

>>> structure = Structure.parse(3000, levels="10/20,15/30,25/50", hands_per_level=10)
>>> structure.unit, structure.units, [level.sb for level in structure.levels]
(5, 600, [10, 15, 25])
>>> Structure.fixed(8000, sb=300, bb=600).units
80
"""

from __future__ import annotations

import math
import numbers
from collections.abc import Sequence
from dataclasses import dataclass

from omahanash.errors import InputError

#: Largest number of chip units the exact chain and the simulator accept (the chain solves a
#: dense system of 2 · units states).
MAX_UNITS = 2000
#: Largest ``hands_per_level`` (README "Heads-up tournaments"): the chain steps through every
#: hand of every level but the last, and no heads-up match lasts this long at one level.
MAX_HANDS_PER_LEVEL = 100_000


def _whole_chips(name: str, value: object, minimum: int = 0) -> int:
    """``value`` as a whole number of chips >= ``minimum`` (a float like 20.0 is fine)."""
    if isinstance(value, bool) or not isinstance(value, numbers.Real) \
            or not math.isfinite(float(value)) or not float(value).is_integer():
        raise InputError(f"{name} must be a whole number of chips, got {value!r}")
    if float(value) < minimum:
        raise InputError(f"{name} must be at least {minimum}, got {value!r}")
    return int(float(value))


@dataclass(frozen=True)
class Level:
    """Blinds and ante of one level, in chips (whole numbers, ``0 < sb <= bb``, ante >= 0).

    >>> Level(10, 20).ante, Level.parse("25/50").bb
    (0, 50)
    """

    sb: int
    bb: int
    ante: int = 0

    def __post_init__(self) -> None:
        sb = _whole_chips("SB", self.sb, 1)
        bb = _whole_chips("BB", self.bb, 1)
        ante = _whole_chips("ante", self.ante, 0)
        if bb < sb:
            raise InputError(f"BB must be at least SB ({sb}), got bb={bb}")
        object.__setattr__(self, "sb", sb)
        object.__setattr__(self, "bb", bb)
        object.__setattr__(self, "ante", ante)

    @classmethod
    def parse(cls, text: str, ante: int = 0) -> Level:
        """``"SB/BB"`` or ``"SB/BB/ANTE"``; ``ante`` applies when the text has none.

        >>> Level.parse("100/200/25")
        Level(sb=100, bb=200, ante=25)
        """
        parts = text.strip().split("/")
        try:
            numbers_ = [float(part) for part in parts]
        except ValueError:
            numbers_ = []
        if len(numbers_) not in (2, 3):
            raise InputError(f"a level is SB/BB or SB/BB/ANTE, got {text!r}")
        return cls(numbers_[0], numbers_[1], numbers_[2] if len(numbers_) == 3 else ante)  # type: ignore[arg-type]


@dataclass(frozen=True)
class Structure:
    """Total chips in play and the blind schedule (see the module docstring).

    >>> s = Structure.fixed(400, sb=1, bb=2)
    >>> s.level_at(0), s.level_index(1000), s.units
    (Level(sb=1, bb=2, ante=0), 0, 400)
    """

    chips: int
    levels: tuple[Level, ...]
    hands_per_level: int = 0

    def __post_init__(self) -> None:
        chips = _whole_chips("chips", self.chips, 2)
        if not self.levels:
            raise InputError("a structure needs at least one level")
        if len(self.levels) > 1:
            if isinstance(self.hands_per_level, bool) \
                    or not isinstance(self.hands_per_level, numbers.Integral) \
                    or not 1 <= self.hands_per_level <= MAX_HANDS_PER_LEVEL:
                raise InputError("hands_per_level must be a whole number 1.."
                                 f"{MAX_HANDS_PER_LEVEL:,} with several levels, got "
                                 f"{self.hands_per_level!r}")
        object.__setattr__(self, "chips", chips)
        object.__setattr__(self, "levels", tuple(self.levels))
        object.__setattr__(self, "hands_per_level", int(self.hands_per_level))
        if self.units > MAX_UNITS:
            raise InputError(f"{chips} chips are {self.units} units of {self.unit} chips (the "
                             f"largest amount dividing the chips, blinds and antes); at most "
                             f"{MAX_UNITS} units are supported: use rounder amounts")

    @classmethod
    def fixed(cls, chips: int, sb: int, bb: int, ante: int = 0) -> Structure:
        """One level for the whole match."""
        return cls(chips, (Level(sb, bb, ante),))

    @classmethod
    def parse(cls, chips: int, levels: str, hands_per_level: int, ante: int = 0) -> Structure:
        """Levels as text ``"10/20,15/30,25/50"`` (each may carry its ante: ``"10/20/5"``)."""
        items = [item for item in str(levels).replace(" ", "").split(",") if item]
        if not items:
            raise InputError(f"levels takes SB/BB pairs separated by commas, got {levels!r}")
        return cls(chips, tuple(Level.parse(item, ante) for item in items), hands_per_level)

    @property
    def unit(self) -> int:
        """Chips per unit: the greatest common divisor of the total, blinds and antes."""
        amounts = [self.chips] + [a for level in self.levels
                                  for a in (level.sb, level.bb, level.ante)]
        return math.gcd(*amounts)

    @property
    def units(self) -> int:
        """Total chips in units: the chain's states are 0..units chips of player 1."""
        return self.chips // self.unit

    def level_index(self, hand: int) -> int:
        """Index of the level of hand number ``hand`` (0-based)."""
        if len(self.levels) == 1:
            return 0
        return min(hand // self.hands_per_level, len(self.levels) - 1)

    def level_at(self, hand: int) -> Level:
        """The level of hand number ``hand`` (0-based)."""
        return self.levels[self.level_index(hand)]

    def start_units(self, stacks: Sequence[float]) -> int:
        """Player 1's starting stack in units; the two stacks must add up to the chips and
        be multiples of the unit (:class:`InputError` otherwise).

        >>> Structure.fixed(3000, 10, 20).start_units([1000, 2000])
        100
        """
        if isinstance(stacks, str) or len(stacks) != 2:
            raise InputError(f"stacks takes two numbers (player 1, player 2), got {stacks!r}")
        first = _whole_chips("stacks[0]", stacks[0], 1)
        second = _whole_chips("stacks[1]", stacks[1], 1)
        if first + second != self.chips:
            raise InputError(f"the stacks must add up to the chips ({self.chips}), got "
                             f"{first} + {second}")
        if first % self.unit:
            raise InputError(f"the stacks must be multiples of {self.unit} chips (the unit "
                             f"of this structure), got {first} and {second}")
        return first // self.unit
