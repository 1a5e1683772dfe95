"""The batch evaluators: arrays of card codes in, one numba kernel pass
(:mod:`omahanash.evaluate.kernels`), values out (scales in :mod:`omahanash.evaluate.tables`).

>>> import numpy as np
>>> from omahanash.cards import parse_cards
>>> from omahanash.evaluate.tables import category_of
>>> category_of(int(evaluate_5(np.array([parse_cards("As Ks Qs Js Ts")]))[0]))
'straight flush'
"""

from __future__ import annotations

import numpy as np

from omahanash.errors import InputError
from omahanash.evaluate.kernels import (
    INVALID_HIGH,
    INVALID_LOW,
    evaluate_5_kernel,
    evaluate_holdem_kernel,
    evaluate_omaha_hi_kernel,
    evaluate_omaha_lo_kernel,
)
from omahanash.evaluate.lookups import checked_cards, nonflush_table
from omahanash.evaluate.tables import flush_table, low_table, omaha_flush_tables, rank5_table

__all__ = ["evaluate_5", "evaluate_holdem", "evaluate_omaha_hi", "evaluate_omaha_lo"]


def _deals(hands: np.ndarray, boards: np.ndarray | None, widths: tuple[int, int]
           ) -> tuple[np.ndarray, np.ndarray]:
    """``int8`` hands and boards (``boards`` None: five-card hands alone) of the right shapes
    and the same number of rows; the kernels check each row's codes (:func:`_checked`)."""
    what = "hands" if boards is not None else "cards"
    hands = checked_cards(hands, widths[0], what)
    boards = np.zeros((hands.shape[0], 0), np.int8) if boards is None else \
        checked_cards(boards, widths[1], "boards")
    if hands.shape[0] != boards.shape[0]:
        raise InputError(f"hands and boards must have as many rows, got {hands.shape[0]} "
                         f"hands and {boards.shape[0]} boards")
    return hands, boards


def _checked(values: np.ndarray, invalid: np.integer, what: str) -> np.ndarray:
    """``values`` from a kernel, or :class:`InputError` when it marked rows ``invalid`` (a code
    outside 0..51 or the same card twice in a row: checked inside the kernels, where the
    cards are already loaded, so a check costs next to nothing)."""
    bad = int(np.count_nonzero(values == invalid))
    if bad:
        raise InputError(f"{bad} of {values.shape[0]} rows of {what} hold a card code outside "
                         "0..51 or the same card twice")
    return values


# The kernels' ``check`` is always passed as a bool (``True`` here, ``False`` by callers with
# their own arrays): one compiled signature per kernel instead of two (an omitted argument is
# a type of its own to numba).


def evaluate_5(cards: np.ndarray) -> np.ndarray:
    """``uint16[n]`` high values (1..7462) of ``(n, 5)`` five-card hands."""
    values = evaluate_5_kernel(_deals(cards, None, (5, 0))[0], rank5_table(), flush_table(),
                               True)
    return _checked(values, INVALID_HIGH, "cards")


def evaluate_holdem(hands: np.ndarray, boards: np.ndarray) -> np.ndarray:
    """``uint16[n]``: best five of the seven cards, hands ``(n, 2)``, boards ``(n, 5)``."""
    values = evaluate_holdem_kernel(*_deals(hands, boards, (2, 5)), nonflush_table("holdem"),
                                    flush_table(), True)
    return _checked(values, INVALID_HIGH, "hands with boards")


def evaluate_omaha_hi(hands: np.ndarray, boards: np.ndarray) -> np.ndarray:
    """``uint16[n]``: Omaha high, exactly two of the four hole cards (``(n, 4)``) and exactly
    three of the five board cards (``(n, 5)``)."""
    board_row, pair_of_mask, best = omaha_flush_tables()
    values = evaluate_omaha_hi_kernel(*_deals(hands, boards, (4, 5)), nonflush_table("omaha"),
                                      board_row, pair_of_mask, best, True)
    return _checked(values, INVALID_HIGH, "hands with boards")


def evaluate_omaha_lo(hands: np.ndarray, boards: np.ndarray) -> np.ndarray:
    """``uint8[n]``: Omaha 8-or-better low (1..56, higher is better, 56 = wheel), 0 = none."""
    values = evaluate_omaha_lo_kernel(*_deals(hands, boards, (4, 5)), low_table(), True)
    return _checked(values, INVALID_LOW, "hands with boards")
