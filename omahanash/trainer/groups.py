"""Hand groups and stack bands: how the trainer aggregates answers into weak spots.

Every hand class belongs to exactly one **hand group**, written in the range language
(:func:`omahanash.ranges.parse_range`, README "Ranges") so that each group is checkable: a
class falls in the first group of the list whose range holds it.

- Hold'em: pairs by rank (``TT+``, ``22-99``), then suited and offsuit hands by their high
  card (A, K, Q, J, T and lower).
- Omaha (Hi and Hi/Lo): aces (``AA``), other pairs (``RR``), rundowns (``$R``), then the
  unpaired hands by suits: double-suited (``$ds``), single-suited (``$ss``), rainbow (``$r``)
  and the rest (three or four cards of one suit).

A **stack band** groups effective stacks by 5 big blinds: 1-5 bb, 6-10 bb, 11-15 bb, …

>>> group_of("holdem", "AKs"), group_of("holdem", "7c 7d"), group_of("omaha", "As Ad Ks Kd")
('suited A', 'pairs 22-99', 'aces')
>>> group_of("omaha-hilo", "Js Ts 9d 8d"), stack_band(12), stack_band(5)
('rundowns', '11-15 bb', '1-5 bb')
"""

from __future__ import annotations

import functools
import math

import numpy as np

from omahanash.cards import Variant
from omahanash.errors import InputError
from omahanash.hands import parse_class
from omahanash.ranges import parse_range

__all__ = ["BAND_WIDTH_BB", "group_index", "group_names", "group_of", "hand_groups",
           "stack_band", "stack_band_range"]

# The Hold'em hands below a jack, suited or offsuit: T2 up to T9, 92 up to 98, ... 32.
_LOW = ("T2{s}+, 92{s}+, 82{s}+, 72{s}+, 62{s}+, 52{s}+, 42{s}+, 32{s}")

HOLDEM_GROUPS: tuple[tuple[str, str], ...] = (
    ("pairs TT+", "TT+"),
    ("pairs 22-99", "22-99"),
    *((f"suited {rank}", f"{rank}2s+") for rank in "AKQJ"),
    ("suited T and lower", _LOW.format(s="s")),
    *((f"offsuit {rank}", f"{rank}2o+") for rank in "AKQJ"),
    ("offsuit T and lower", _LOW.format(s="o")),
)

OMAHA_GROUPS: tuple[tuple[str, str], ...] = (
    ("aces", "AA"),
    ("pairs", "RR"),
    ("rundowns", "$R"),
    ("double-suited", "$ds"),
    ("single-suited", "$ss"),
    ("rainbow", "$r"),
    ("three or four of a suit", "*"),
)

#: Width of a stack band in big blinds.
BAND_WIDTH_BB = 5


def hand_groups(variant: str) -> tuple[tuple[str, str], ...]:
    """``(name, range text)`` of every hand group of ``variant``, in the order they are tried.

    >>> [name for name, _ in hand_groups("omaha")][:3]
    ['aces', 'pairs', 'rundowns']
    """
    return HOLDEM_GROUPS if Variant.parse(variant) is Variant.HOLDEM else OMAHA_GROUPS


def group_names(variant: str) -> tuple[str, ...]:
    """The group names of ``variant`` (the index :func:`group_index` returns points here).

    >>> group_names("holdem")[0], len(group_names("holdem")), len(group_names("omaha-hi"))
    ('pairs TT+', 12, 7)
    """
    return tuple(name for name, _ in hand_groups(variant))


@functools.cache
def _group_index(variant: Variant) -> np.ndarray:
    groups = hand_groups(variant)
    index = np.full(len(parse_range("*", variant).weights), -1, dtype=np.int16)
    for number, (_, text) in enumerate(groups):
        # A class's hands all share the features these patterns test, so its weight is 0 or 1.
        members = (parse_range(text, variant).weights > 0) & (index < 0)
        index[members] = number
    if (index < 0).any():  # the last group of each list covers every hand: a broken list
        raise AssertionError(f"{variant}: hand groups leave classes out")
    index.flags.writeable = False
    return index


def group_index(variant: str) -> np.ndarray:
    """Group number of every class id of ``variant`` (int16, read-only; into
    :func:`group_names`). Computed once per variant (about half a second for Omaha).

    >>> from omahanash.hands import parse_class
    >>> int(group_index("holdem")[parse_class("AKo", "holdem")])
    7
    """
    return _group_index(Variant.parse(variant))


def group_of(variant: str, hand: int | str) -> str:
    """The group name of one class (an id, cards or a Hold'em name).

    >>> group_of("holdem", "72o"), group_of("omaha", "Ah Kh Qd Jd")
    ('offsuit T and lower', 'rundowns')
    """
    return group_names(variant)[int(group_index(variant)[parse_class(hand, variant)])]


def stack_band(stack_bb: float) -> str:
    """The band of an effective stack in big blinds: ``"1-5 bb"``, ``"6-10 bb"``, …
    (a band holds stacks above its lower neighbour's top up to its own top).

    >>> stack_band(1.5), stack_band(10), stack_band(10.5)
    ('1-5 bb', '6-10 bb', '11-15 bb')
    """
    low, high = stack_band_range(stack_bb)
    return f"{low:g}-{high:g} bb"


def stack_band_range(stack_bb: float) -> tuple[float, float]:
    """``(lowest whole stack, highest stack)`` of the band holding ``stack_bb``.

    >>> stack_band_range(7), stack_band_range(15)
    ((6, 10), (11, 15))
    """
    if isinstance(stack_bb, bool) or not isinstance(stack_bb, (int, float)) \
            or not math.isfinite(stack_bb) or stack_bb <= 0:
        raise InputError(f"stack_bb must be a positive number, got {stack_bb!r}")
    top = max(1, math.ceil(stack_bb / BAND_WIDTH_BB)) * BAND_WIDTH_BB
    return top - BAND_WIDTH_BB + 1, top
