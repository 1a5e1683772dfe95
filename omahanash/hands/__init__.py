"""Starting-hand classes of a poker game, behind one facade (docs/cards-and-hands.md).

- Omaha Hi and Omaha Hi/Lo share the 16,432 suit-isomorphism classes, numbered exactly as in
  the thesis (:mod:`omahanash.hands.omaha` documents the order and the canonical forms).
- Hold'em has the 169 classes of the 13×13 grid, ids row-major with aces first
  (:mod:`omahanash.hands.holdem`).

Every function takes the variant (a :class:`~omahanash.cards.Variant` or any name
:func:`~omahanash.cards.normalize_game` accepts).
Bad input raises :class:`~omahanash.errors.InputError` (:class:`~omahanash.cards.CardError` for
cards) naming the offending token. Importing this package is cheap: the game modules (numba)
load on first use.

>>> parse_class("2s 4s 3c 9c", "omaha"), class_cards("omaha", 12025), class_name("holdem", 13)
(4527, '6h Qd 6c Ac', 'AKo')
"""

from __future__ import annotations

import importlib
import re
from collections.abc import Sequence
from types import ModuleType

import numpy as np

from omahanash.cards import normalize_game
from omahanash.errors import InputError

__all__ = [
    "canonical_hands",
    "class_cards",
    "class_combos",
    "class_description",
    "class_group",
    "class_ids",
    "class_members",
    "class_name",
    "class_of",
    "num_classes",
    "parse_class",
]

_INTEGER = re.compile(r"[+-]?[0-9]+")  # ASCII digits only: "１２" is not a class id


def _module(variant: str) -> ModuleType:
    name = "holdem" if normalize_game(variant) == "holdem" else "omaha"
    return importlib.import_module(f"omahanash.hands.{name}")


def num_classes(variant: str) -> int:
    """Number of hand classes: 169 for Hold'em, 16,432 for Omaha (Hi and Hi/Lo).

    >>> num_classes("omaha-hilo"), num_classes("holdem")
    (16432, 169)
    """
    return 169 if normalize_game(variant) == "holdem" else 16432


def parse_class(value: int | str, variant: str) -> int:
    """Class id from an id (int or digits), concrete cards, or a Hold'em name (``AKs``).

    In Hold'em a pair of equal digits is the pocket pair a player means (``"99"`` is nines,
    class 70), not class id 99; pass the int ``99`` for the id.

    >>> parse_class("4527", "omaha"), parse_class("6h,Qd,6c,Ac", "omaha-hi")
    (4527, 12025)
    >>> parse_class("AKs", "holdem"), parse_class("Ah Kh", "holdem"), parse_class(13, "holdem")
    (1, 1, 13)
    >>> parse_class("99", "holdem"), parse_class(99, "holdem")
    (70, 99)
    """
    module = _module(variant)
    if isinstance(value, str):
        text = value.strip()
        if not text:
            raise InputError("empty hand: expected a class id or cards")
        holdem = normalize_game(variant) == "holdem"
        if holdem and len(text) == 2 and text[0] == text[1] and module.looks_like_name(text):
            return module.class_of_name(text)
        if _INTEGER.fullmatch(text):
            return module.check_class_id(int(text))
        if holdem and module.looks_like_name(text):
            return module.class_of_name(text)
        return module.class_of(text)
    return module.check_class_id(value)


def class_members(variant: str, class_id: int) -> np.ndarray:
    """Concrete hands of a class: int8 ``(n, k)``, rows ascending card codes, rows ascending.

    >>> class_members("holdem", 0).shape, class_members("omaha", 4527).shape
    ((6, 2), (12, 4))
    """
    return _module(variant).class_members(class_id)


def class_combos(variant: str) -> np.ndarray:
    """Number of concrete hands per class (int32; sums to 1,326 or 270,725).

    >>> int(class_combos("omaha").sum()), int(class_combos("holdem").sum())
    (270725, 1326)
    """
    return _module(variant).class_combos()


def class_cards(variant: str, class_id: int) -> str:
    """Canonical display form of a class (a concrete hand).

    >>> class_cards("omaha", 4527), class_cards("holdem", 1)
    ('2s 4s 3c 9c', 'As Ks')
    """
    return _module(variant).class_cards(class_id)


def class_group(variant: str, class_id: int) -> str:
    """Omaha suit pattern ``aaaa``/``aaab``/``aabb``/``aabc``/``abcd``; Hold'em
    ``pair``/``suited``/``offsuit``.

    >>> class_group("omaha", 12025), class_group("holdem", 0)
    ('aabc', 'pair')
    """
    return _module(variant).class_group(class_id)


def class_name(variant: str, class_id: int) -> str:
    """Short name: Hold'em ``AKs``; Omaha the canonical cards (as :func:`class_cards`).

    >>> class_name("holdem", 1), class_name("omaha", 4527)
    ('AKs', '2s 4s 3c 9c')
    """
    return _module(variant).class_name(class_id)


def class_description(variant: str, class_id: int) -> str:
    """A class as players say it: Hold'em its grid name (``AKo``), Omaha its ranks from the
    highest and its suit pattern.

    >>> class_description("holdem", 13), class_description("omaha", 7403)
    ('AKo', 'Q-J-T-9 double-suited')
    """
    module = _module(variant)
    if hasattr(module, "class_description"):
        return str(module.class_description(class_id))
    return str(module.class_name(class_id))


def class_of(variant: str, cards: str | Sequence[int] | Sequence[str]) -> int:
    """Class of one concrete hand (any card order, any notation the card parser accepts).

    >>> class_of("omaha", "Ac 6c Qd 6h"), class_of("holdem", [51, 47])
    (12025, 1)
    """
    return _module(variant).class_of(cards)


def class_ids(variant: str, hands: np.ndarray) -> np.ndarray:
    """Class ids (int32) of an ``(n, k)`` integer array of card codes (numba, vectorized).

    >>> class_ids("omaha", np.array([[3, 11, 4, 28]])).tolist()
    [4527]
    """
    return _module(variant).class_ids(hands)


def canonical_hands(variant: str) -> np.ndarray:
    """Read-only int8 ``(num_classes, k)``: one member per class, the canonical display form.

    >>> canonical_hands("holdem")[0].tolist()  # As Ah
    [51, 50]
    """
    return _module(variant).canonical_hands()
