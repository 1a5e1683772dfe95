"""Ranges of hands: the text syntax and its concrete hands (numpy only, no numba).

A *range* is a list of items, each a concrete hand (``"7h 2d"``, ``"As Ks 7d 7c"``) or a hand
class (a Hold'em name like ``"AKs"`` / ``"AA"``, or a class id like ``"4527"``); in text the
items are separated by ``;`` (``"AA; AKs; 7h 2d"``). A range stands for the set of its concrete
hands (duplicates count once), each equally likely.

>>> parse_range("AA; 7h 2d", "holdem").shape
(7, 2)
>>> is_range("AKs"), is_range("As Kd"), is_range("As Kd; Qs Qd")
(True, False, True)
"""

from __future__ import annotations

import re
from collections.abc import Sequence

import numpy as np

from omahanash.cards import hole_cards, normalize_game, parse_cards
from omahanash.errors import InputError
from omahanash.hands import class_members, parse_class

RangeSpec = str | Sequence[str] | Sequence[Sequence[int]] | np.ndarray

_CLASS_NAME = re.compile(r"[2-9TJQKA]{2}[SO]?")


def is_class_item(item: str) -> bool:
    """True for a hand-class item: a class id (digits) or a Hold'em name (``AKs``, ``T9o``,
    ``QQ``). Anything else is read as cards, so that a typo gets the card error that names
    the bad token.

    >>> is_class_item("4527"), is_class_item("t9o"), is_class_item("Th 9c")
    (True, True, False)
    """
    text = item.strip()
    return text.isdigit() or _CLASS_NAME.fullmatch(text.upper()) is not None


def is_range(spec: object) -> bool:
    """True unless ``spec`` is one concrete hand: text without ``;`` that is not a class item,
    or a sequence of card codes. Lists of items and arrays of hands are ranges."""
    if isinstance(spec, str):
        return ";" in spec or is_class_item(spec)
    if isinstance(spec, np.ndarray):
        return spec.ndim != 1
    if isinstance(spec, Sequence):
        return not all(isinstance(card, (int, np.integer)) for card in spec)
    return True


def class_hands(item: str, variant: str) -> np.ndarray:
    """Concrete hands (``int8[n, k]``) of a hand-class item (name or id)."""
    class_id = parse_class(item, variant)
    return np.asarray(class_members(variant, class_id), dtype=np.int8).reshape(
        -1, hole_cards(variant))


def parse_range(spec: RangeSpec, variant: str) -> np.ndarray:
    """The distinct concrete hands of a range, sorted, as ``int8[n, k]``.

    ``spec`` is text with ``;`` between items, a list of item strings, or an array of hands.
    An item is a class when :func:`is_class_item` says so, else a concrete hand.
    """
    variant = normalize_game(variant)
    k = hole_cards(variant)
    if isinstance(spec, str) or all(isinstance(item, str) for item in spec):
        texts = spec.split(";") if isinstance(spec, str) else [str(item) for item in spec]
        items = [item.strip() for item in texts if item.strip()]
        if not items:
            raise InputError("the range is empty")
        blocks = []
        for item in items:
            if is_class_item(item):
                blocks.append(class_hands(item, variant))
            else:
                blocks.append(np.array([parse_cards(item, k, what="hand")], dtype=np.int8))
    else:  # hands as rows of card codes
        rows = [parse_cards([int(card) for card in hand], k, what="hand")
                for hand in spec]
        blocks = [np.array(rows, dtype=np.int8).reshape(-1, k)]
    hands = np.sort(np.concatenate(blocks), axis=1)
    return np.unique(hands, axis=0)
